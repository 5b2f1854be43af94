//! Catan as an experiment for the generic runner: per-game recording.
//!
//! Catan as an experiment for the generic runner: per-game recording into the row accumulator (its
//! tables are in `tables`, its figures in `figures`).

use crate::catan::policy::value::ValueModel;
use crate::catan::policy::{Player, PolicySpec};
use crate::catan::sim::{layout_for, GameRngs};
use crate::catan::*;
use crate::engine::runner::Experiment;
use crate::engine::stats::{accumulator, Curve, GameEnd, GameLog, Hist};
use serde::{Deserialize, Serialize};

accumulator! {
    /// Everything one Catan configuration row accumulates: what every variant records, then one
    /// group per variant or modifier (flattened, so `state.json` keeps one flat object). Integer
    /// counts only, so merging in any order gives the same result.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct CatanAcc {
        pub games: u64,
        pub team_wins: u64,
        pub team_losses: u64,
        pub caps: u64,
        /// Co-op losses the team conceded because its VP total had stalled (a policy's call,
        /// see `TeamKnobs::concede_after_idle_turns`); counted in `team_losses` too.
        pub stalls: u64,
        /// Co-op (Robert) losses, apart from `stalls`, that ended with the team provably unable
        /// to win ([`crate::catan::policy::provably_lost`]): the team concedes such a game
        /// (`TeamKnobs::concede_when_stuck`) and Robert flips the rest; counted in
        /// `team_losses` too.
        #[serde(default)]
        pub concessions: u64,
        pub seat_wins: [u64; MAX_PLAYERS],
        /// Player-turns at the end of each game.
        pub turns: Hist,
        pub vp_end: [Hist; MAX_PLAYERS],
        /// Per game: team win (co-op) and player-turns, for paired comparisons between rows.
        pub log: GameLog,
        /// Co-op wins by the seat that reached the VP target last (the seat whose turn it was).
        pub last_to_ten: [u64; MAX_PLAYERS],
        /// Co-op losses in which the seat had the fewest VP (every tied seat counts).
        pub slowest_in_loss: [u64; MAX_PLAYERS],
        /// Co-op losses: VP the team's slowest player still lacked (target − fewest VP).
        pub loss_short: Hist,
        #[serde(flatten)]
        pub robert: RobertAcc,
        #[serde(flatten)]
        pub solitaire: SolitaireAcc,
        #[serde(flatten)]
        pub modifiers: ModifierAcc,
        #[serde(flatten)]
        pub raiders: RaidersAcc,
        /// Co-operative rows: wins and losses apart, and when a game is decided.
        #[serde(flatten)]
        pub shape: crate::catan::shape::ShapeAcc,
    }
}

accumulator! {
    /// Robert the Robber: the number tokens turned face down and up.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct RobertAcc {
        /// Tokens face down at the end, and the most at once, per game.
        pub face_down_end: Hist,
        pub face_down_max: Hist,
        /// Flips face down (index by `FlipCause`; only Robert flips down) and face up by cause.
        pub flips_down: [u64; 4],
        pub flips_up: [u64; 4],
        /// Per hex: flips down, flips up, games ending face down.
        pub hex_down: Vec<u64>,
        pub hex_up: Vec<u64>,
        pub hex_down_end: Vec<u64>,
        /// Face-down tokens at the start of each player-turn, over the games still running.
        pub curve: Curve,
    }
}

accumulator! {
    /// Solitaire Catan: destroyed tiles and cancelled sevens.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct SolitaireAcc {
        /// Tiles destroyed at the end of each game.
        pub destroyed_end: Hist,
        /// Sum and count of the player-turn of the k-th destruction (k = 1..5).
        pub destruction_turn_sum: [u64; 5],
        pub destruction_turn_n: [u64; 5],
        /// Sevens cancelled with a knight.
        pub sevens_cancelled: u64,
    }
}

accumulator! {
    /// Modifier effects: eruptions (the volcano modifier and Raiders' volcano), gold VP,
    /// tech-advancement resources.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct ModifierAcc {
        pub eruptions: u64,
        pub gold_vp: u64,
        pub tech_resources: u64,
    }
}

accumulator! {
    /// The Raiders of Catan: the storm, raids, takeovers and the home island's ships.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct RaidersAcc {
        /// The player-turn the storm began, in the games where it did.
        #[serde(default)]
        pub storm_turn: Hist,
        /// Hexes raided and buildings taken at the end of each game.
        #[serde(default)]
        pub raided_end: Hist,
        #[serde(default)]
        pub taken_end: Hist,
        /// Hexes raided and buildings taken at the start of each player-turn.
        #[serde(default)]
        pub raided_curve: Curve,
        #[serde(default)]
        pub taken_curve: Curve,
        /// Raids by the storm, soldiers used on raiders (on a raided hex / on a desert),
        /// takeovers and buildings freed, discoveries collected, ships moved.
        #[serde(default)]
        pub raids: u64,
        #[serde(default)]
        pub soldiers_on_hexes: u64,
        #[serde(default)]
        pub soldiers_on_deserts: u64,
        #[serde(default)]
        pub takeovers: u64,
        #[serde(default)]
        pub freed: u64,
        #[serde(default)]
        pub discoveries: u64,
        #[serde(default)]
        pub ships_moved: u64,
        /// Per hex: games in which it was raided at least once, the sum of the player-turn of
        /// its first raid, and games ending with it raided.
        #[serde(default)]
        pub hex_raided: Vec<u64>,
        #[serde(default)]
        pub hex_first_raid_sum: Vec<u64>,
        #[serde(default)]
        pub hex_raided_end: Vec<u64>,
    }
}

/// The sink that records one game into a row accumulator.
struct Recorder<'a> {
    acc: &'a mut CatanAcc,
    tokens: bool,
    face_down: u32,
    max_down: u32,
    turn: u32,
    destroyed: usize,
    /// Raiders: the raider deserts (a soldier's raider from one is not a raided hex).
    deserts: HexSet,
    raiders: bool,
    raided: HexSet,
    /// Hexes raided at least once in this game.
    ever: HexSet,
    taken: CornerSet,
    storm: bool,
    /// Robert: the win-probability model at each round start.
    watch: Option<(crate::catan::shape::RoundWatch, &'a ValueModel)>,
}

impl<'t> crate::engine::play::Observer<Game<'t>> for Recorder<'_> {
    #[inline(always)]
    fn post_step(&mut self, g: &Game<'t>) {
        if let Some((w, m)) = &mut self.watch {
            w.after_step(g, m);
        }
    }
}

impl Sink<Event> for Recorder<'_> {
    #[inline]
    fn event(&mut self, e: &Event) {
        match *e {
            Event::Flip { hex, down, cause } => {
                let c = cause as usize;
                if down {
                    self.acc.robert.flips_down[c] += 1;
                    self.acc.robert.hex_down[hex.idx()] += 1;
                    self.face_down += 1;
                    self.max_down = self.max_down.max(self.face_down);
                } else {
                    self.acc.robert.flips_up[c] += 1;
                    self.acc.robert.hex_up[hex.idx()] += 1;
                    self.face_down -= 1;
                }
            }
            Event::TurnStart { turn, .. } => {
                self.turn = turn;
                if self.tokens {
                    self.acc.robert.curve.add(turn, self.face_down)
                }
                if self.raiders {
                    self.acc.raiders.raided_curve.add(turn, self.raided.len());
                    self.acc.raiders.taken_curve.add(turn, self.taken.len());
                }
            }
            Event::StormBegins { turn } => {
                self.storm = true;
                self.acc.raiders.storm_turn.add(turn);
            }
            Event::Raid { hex, .. } => {
                self.acc.raiders.raids += 1;
                self.raided.insert(hex.idx());
                if !self.ever.contains(hex.idx()) {
                    self.ever.insert(hex.idx());
                    self.acc.raiders.hex_raided[hex.idx()] += 1;
                    self.acc.raiders.hex_first_raid_sum[hex.idx()] += self.turn as u64;
                }
            }
            Event::RaiderRemoved { hex, .. } => {
                if self.deserts.contains(hex.idx()) {
                    self.acc.raiders.soldiers_on_deserts += 1;
                } else {
                    self.acc.raiders.soldiers_on_hexes += 1;
                    self.raided.remove(hex.idx());
                }
            }
            Event::Taken { at, taken, .. } => {
                if taken {
                    self.acc.raiders.takeovers += 1;
                    self.taken.insert(at as usize);
                } else {
                    self.acc.raiders.freed += 1;
                    self.taken.remove(at as usize);
                }
            }
            // A taken settlement destroyed by a volcano is no longer taken.
            Event::Removed {
                piece: Piece::Settlement,
                at,
                ..
            } => {
                self.taken.remove(at as usize);
            }
            Event::Discoveries { amount, .. } => self.acc.raiders.discoveries += amount as u64,
            Event::ShipMoved { .. } => self.acc.raiders.ships_moved += 1,
            Event::Destruction {
                destroyed: true, ..
            } => {
                if self.destroyed < 5 {
                    self.acc.solitaire.destruction_turn_sum[self.destroyed] += self.turn as u64;
                    self.acc.solitaire.destruction_turn_n[self.destroyed] += 1;
                }
                self.destroyed += 1;
            }
            Event::SevenCancelled { .. } => self.acc.solitaire.sevens_cancelled += 1,
            Event::Eruption { .. } => self.acc.modifiers.eruptions += 1,
            Event::Gold { .. } => self.acc.modifiers.gold_vp += 1,
            Event::Bonus {
                cause: BonusCause::TechAdvancement,
                ..
            } => self.acc.modifiers.tech_resources += 1,
            _ => {}
        }
    }
}

/// One Catan configuration row of a sweep, validated and typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowSpec {
    pub rules: Rules,
    /// What every seat plays; with a lineup, what its lead seat plays.
    pub policy: PolicySpec,
    pub board: BoardKind,
    /// Seats that play different policies (`grid.seats`): a competitive row's from its lead
    /// seat, a co-operative table's from seat 1 (`lead` 0, `policy` seat 1's).
    pub lineup: Option<Lineup>,
    /// The model file the row's learned player (or a search over it) plays: who played, as
    /// summary.csv says; `None` for scripted players.
    pub model: Option<ModelTag>,
    /// The win-probability model its games' shape is measured with (`[shape] winprob`);
    /// `None`: the built-in one.
    pub winprob: Option<&'static ValueModel>,
    /// Pilot games on which the win-probability model is recalibrated for this row before its
    /// games are measured (`[shape] recalibrate`; 0: the model as it is).
    pub recalibrate: u32,
    /// The name of the rule set the row plays (a named `[[rows]]` entry: a designer's "A" and
    /// "B"), summary.csv's `rule_set`; `None` for a row of no named set.
    pub rule_set: Option<arrayvec::ArrayString<32>>,
}

/// A model file as a report names it: its file name, the start of its SHA-256, and the row's
/// settings outside the rows it was trained on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelTag {
    /// The file's name (`robert-wide.toml`), cut at 64 bytes.
    pub file: arrayvec::ArrayString<64>,
    /// The first 12 hex digits of the file's SHA-256.
    pub sha: arrayvec::ArrayString<12>,
    /// Bit `i` set: the row's `OUTSIDE_KEYS[i]` is outside the model's training rows.
    pub outside: u32,
}

/// The settings a row can be outside a model's training rows in: its player count, then every
/// Catan rule knob.
pub const OUTSIDE_KEYS: [&str; 1 + crate::catan::knobs::KEYS.len()] = {
    let mut out = ["players"; 1 + crate::catan::knobs::KEYS.len()];
    let mut i = 0;
    while i < crate::catan::knobs::KEYS.len() {
        out[i + 1] = crate::catan::knobs::KEYS[i];
        i += 1;
    }
    out
};

impl ModelTag {
    /// The tag of a file named `source` (a path, or `built-in PATH`) with SHA-256 `sha256`
    /// (hex), outside its training rows in `outside` (keys of [`OUTSIDE_KEYS`]).
    pub fn new(source: &str, sha256: &str, outside: &[&str]) -> ModelTag {
        let name = source.rsplit(['/', '\\']).next().unwrap_or(source);
        let mut file = arrayvec::ArrayString::new();
        for c in name.chars() {
            if file.try_push(c).is_err() {
                break;
            }
        }
        let mut sha = arrayvec::ArrayString::new();
        for c in sha256.chars().take(12) {
            sha.push(c);
        }
        let outside = OUTSIDE_KEYS
            .iter()
            .enumerate()
            .filter(|(_, k)| outside.contains(k))
            .fold(0, |m, (i, _)| m | 1 << i);
        ModelTag { file, sha, outside }
    }

    /// The row's settings outside the training rows, as `players 2; robert_skip 3` (empty
    /// when none is).
    pub fn outside_text(&self, rules: &Rules) -> String {
        OUTSIDE_KEYS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.outside >> i & 1 == 1)
            .map(|(_, &k)| {
                let v = match k {
                    "players" => rules.players.to_string(),
                    k => crate::catan::knobs::value(k, rules)
                        .map_or_else(|| "-".into(), |v| crate::tomltext::show(&v)),
                };
                format!("{k} {v}")
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A row's seats, each with its own policy (see [`crate::engine::lineup::Lineup`]).
pub type Lineup = crate::engine::lineup::Lineup<PolicySpec, { MAX_PLAYERS - 1 }>;

impl RowSpec {
    /// The policy of seat `seat` (0-based).
    pub fn seat_policy(&self, seat: usize) -> PolicySpec {
        match self.lineup {
            None => self.policy,
            Some(l) => l.seat(self.policy, self.rules.players as usize, seat),
        }
    }

    /// The policies of seats 0.. in order.
    pub fn seat_policies(&self) -> impl Iterator<Item = PolicySpec> + '_ {
        (0..self.rules.players as usize).map(|s| self.seat_policy(s))
    }

    /// A fresh player for one game: one player for every seat, or one per seat of a lineup.
    pub fn player(&self) -> Player {
        match self.lineup {
            None => self.policy.player(),
            Some(_) => Player::Seats(Box::new(std::array::from_fn(|s| {
                (s < self.rules.players as usize).then(|| self.seat_policy(s).player())
            }))),
        }
    }

    /// The policy column: the policy's label, or the lineup's labels from the lead on (a
    /// co-operative table's from seat 1), comma-separated ("rollout-8,greedy,greedy,greedy").
    pub fn policy_label(&self) -> String {
        match self.lineup {
            None => self.policy.label(),
            Some(l) => std::iter::once(self.policy.label())
                .chain(
                    l.rest[..self.rules.players as usize - 1]
                        .iter()
                        .map(|p| p.label()),
                )
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// Whether some seat is a search player (slow; `search_games` caps its rows).
    pub fn searches(&self) -> bool {
        self.seat_policies().any(|p| p.searches())
    }

    /// The estimated cost of one game in games of the team script (the progress bar's; the
    /// seats' mean for a lineup).
    pub fn cost(&self) -> u64 {
        let n = self.rules.players as u64;
        match self.lineup {
            None => self.policy.cost(),
            Some(_) => self
                .seat_policies()
                .map(|p| p.cost())
                .sum::<u64>()
                .div_ceil(n),
        }
    }

    /// The lead seat of a competitive lineup (0-based). A co-operative table's seats win or
    /// lose together: its lineup has no lead (the policy column lists it from seat 1).
    pub fn lead(&self) -> Option<usize> {
        let coop = self.rules.variant.team_outcome();
        self.lineup.filter(|_| !coop).map(|l| l.lead as usize)
    }

    /// The player knobs the row's seats play away from their names' defaults, each once
    /// (summary.csv's `player_knobs`: `team.setup_temperature 3`; empty when none is).
    pub fn player_knobs(&self) -> String {
        let mut all: Vec<(String, String)> = Vec::new();
        // From the lead seat round the table, as the policy column lists the lineup: a lineup
        // moved to another lead seat names the same knobs in the same order.
        let n = self.rules.players as usize;
        let lead = self.lead().unwrap_or(0);
        for p in (0..n).map(|k| self.seat_policy((lead + k) % n)) {
            for k in crate::catan::policy::moved::moved(&p, &self.rules.variant) {
                if !all.contains(&k) {
                    all.push(k);
                }
            }
        }
        crate::catan::policy::moved::text(&all)
    }
}

/// One Catan configuration row bound to its map and master seed.
pub struct CatanRow<'t> {
    pub topo: &'t Topology,
    pub map: String,
    pub spec: RowSpec,
    pub seed: u64,
    /// `--precision` target, recorded in the summary.
    pub precision: Option<f64>,
    /// Most games this row plays (`search_games` for a search player).
    pub games_cap: Option<u64>,
    /// The win-probability model recalibrated on the row's pilot (`[shape] recalibrate`), made
    /// by the first game that needs it ([`crate::catan::policy::anchor`]); `None` inside: the model as
    /// it is.
    pub anchored: std::sync::OnceLock<Option<ValueModel>>,
}

impl<'t> CatanRow<'t> {
    /// This row played by `policy` from `seed` (no precision target, no games cap): how tune
    /// and learn play their candidates on a config's rows.
    pub(crate) fn with_policy(&self, policy: PolicySpec, seed: u64) -> CatanRow<'t> {
        CatanRow {
            topo: self.topo,
            map: self.map.clone(),
            spec: RowSpec {
                policy,
                model: None,
                ..self.spec
            },
            seed,
            precision: None,
            games_cap: None,
            anchored: Default::default(),
        }
    }

    /// The win-probability model this row's games are measured with: `[shape] winprob` (else
    /// the built-in one), recalibrated on the row's pilot where `[shape] recalibrate` asks.
    pub fn winprob(&self) -> &ValueModel {
        let model = self.spec.winprob.unwrap_or_else(ValueModel::winprob);
        if self.spec.recalibrate == 0 {
            return model;
        }
        self.anchored
            .get_or_init(|| {
                let players = self.spec.rules.players;
                let n = self.spec.recalibrate;
                let mut buf: Box<ActionList> = Box::default();
                crate::catan::policy::anchor::recalibrate(model, players, n, |i, w| {
                    self.pilot(i, w, &mut buf)
                })
            })
            .as_ref()
            .unwrap_or(model)
    }

    /// Pilot game `i` of `[shape] recalibrate` (its own master seed, `sim::PILOT`: none is one of
    /// the row's games), watched by `w`: whether the team won (`None`: neither).
    fn pilot(
        &self,
        i: u64,
        w: &mut crate::catan::policy::anchor::Watch,
        buf: &mut ActionList,
    ) -> Option<bool> {
        let master = crate::engine::seeds::stream_seed(self.seed, 0, crate::catan::sim::PILOT);
        let (g, _) = self.run_game(master, i, buf, w);
        match g.s.outcome() {
            Some(Outcome::TeamWin) => Some(true),
            Some(Outcome::TeamLoss) => Some(false),
            _ => None,
        }
    }

    /// Game `i` of master seed `master` (the row's, or its pilot's) on its own board and dice,
    /// played by the row's player and watched by `obs`: the finished game and its player.
    fn run_game<O: crate::engine::play::Observer<Game<'t>>>(
        &self,
        master: u64,
        i: u64,
        buf: &mut ActionList,
        obs: &mut O,
    ) -> (Game<'t>, Player) {
        let layout = layout_for(self.topo, self.spec.board, master, i);
        let mut g = Game::new(self.topo, layout, self.spec.rules);
        let mut rngs = GameRngs::new(master, i);
        let mut player = self.spec.player();
        crate::engine::play::play(&mut g, &mut player, &mut rngs, buf, obs);
        (g, player)
    }

    pub(crate) fn tokens_flip(&self) -> bool {
        matches!(self.spec.rules.variant, Variant::Robert(_))
    }

    fn play_with(&self, i: u64, acc: &mut CatanAcc, buf: &mut ActionList) {
        if acc.robert.hex_down.is_empty() {
            acc.robert.hex_down = vec![0; self.topo.n_hexes];
            acc.robert.hex_up = vec![0; self.topo.n_hexes];
            acc.robert.hex_down_end = vec![0; self.topo.n_hexes];
        }
        if self.spec.rules.variant.raiders().is_some() && acc.raiders.hex_raided.is_empty() {
            acc.raiders.hex_raided = vec![0; self.topo.n_hexes];
            acc.raiders.hex_first_raid_sum = vec![0; self.topo.n_hexes];
            acc.raiders.hex_raided_end = vec![0; self.topo.n_hexes];
        }
        let mut rec = Recorder {
            acc,
            tokens: self.tokens_flip(),
            face_down: 0,
            max_down: 0,
            turn: 0,
            destroyed: 0,
            deserts: self.topo.raider_deserts,
            raiders: self.spec.rules.variant.raiders().is_some(),
            raided: HexSet::EMPTY,
            ever: HexSet::EMPTY,
            taken: CornerSet::EMPTY,
            storm: false,
            watch: (self.tokens_flip() && (2..=4).contains(&self.spec.rules.players)).then(|| {
                (
                    crate::catan::shape::RoundWatch::new(self.spec.rules.players),
                    self.winprob(),
                )
            }),
        };
        let (g, player) = self.run_game(self.seed, i, buf, &mut rec);
        let outcome =
            g.s.outcome()
                .expect("the loop ends only when the game is over");
        let (raided, taken, storm) = (rec.raided, rec.taken, rec.storm);
        let (fd, max) = (rec.face_down, rec.max_down);
        let watch = rec.watch.map(|w| w.0);
        acc.games += 1;
        let end = match outcome {
            Outcome::Winner(p) => {
                acc.seat_wins[p.idx()] += 1;
                GameEnd::Seat(p.idx() as u8)
            }
            Outcome::TeamWin => {
                acc.team_wins += 1;
                GameEnd::Won
            }
            Outcome::TeamLoss => {
                acc.team_losses += 1;
                if player.stalled() {
                    acc.stalls += 1;
                    GameEnd::Stalled
                } else if matches!(g.rules.variant, Variant::Robert(_))
                    && crate::catan::policy::provably_lost(&g)
                {
                    acc.concessions += 1;
                    GameEnd::Conceded
                } else {
                    GameEnd::Lost
                }
            }
            Outcome::Cap => {
                acc.caps += 1;
                GameEnd::Capped
            }
        };
        acc.turns.add(g.s.turn);
        if self.spec.rules.variant.team_outcome() {
            let won = match outcome {
                Outcome::TeamWin => Some(true),
                Outcome::TeamLoss => Some(false),
                _ => None,
            };
            let tokens = self
                .tokens_flip()
                .then(|| (fd, max, g.layout.tokened.len()));
            acc.shape.record(g.s.turn, g.s.n_players, won, tokens);
            if let (Some(w), Some(won)) = (watch, won) {
                w.finish(
                    won,
                    crate::catan::shape::rounds(g.s.turn, g.s.n_players),
                    &mut acc.shape,
                );
            }
        }
        // The paired win of a game: the team's, or a lineup's lead seat's.
        let won = match (outcome, self.spec.lead()) {
            (Outcome::Winner(p), Some(lead)) => p.idx() == lead,
            (o, _) => o == Outcome::TeamWin,
        };
        acc.log.record(i, won, g.s.turn);
        acc.log.record_end(i, end);
        let n_players = g.s.n_players as usize;
        for p in 0..n_players {
            acc.vp_end[p].add(g.s.players[p].vp as u32);
        }
        match outcome {
            // Only the player whose turn it is gains VP, so the last to reach the target is
            // the seat whose action ended the game.
            Outcome::TeamWin => acc.last_to_ten[g.s.current as usize] += 1,
            Outcome::TeamLoss => {
                let players = &g.s.players[..n_players];
                let least = players.iter().map(|p| p.vp).min().unwrap_or(0);
                for (k, p) in players.iter().enumerate() {
                    if p.vp == least {
                        acc.slowest_in_loss[k] += 1;
                    }
                }
                acc.loss_short
                    .add(self.spec.rules.vp_to_win.saturating_sub(least) as u32);
            }
            _ => {}
        }
        if matches!(self.spec.rules.variant, Variant::Solitaire(_)) {
            acc.solitaire.destroyed_end.add(g.s.destroyed.len());
        }
        if self.spec.rules.variant.raiders().is_some() {
            debug_assert_eq!(raided, g.s.raiders.raided);
            debug_assert_eq!(taken, g.s.raiders.taken);
            debug_assert_eq!(storm, g.s.raiders.pool == 0);
            acc.raiders.raided_end.add(raided.len());
            acc.raiders.taken_end.add(taken.len());
            for h in raided.iter() {
                acc.raiders.hex_raided_end[h] += 1;
            }
        }
        if self.tokens_flip() {
            debug_assert_eq!(fd, g.s.face_down.len());
            acc.robert.face_down_end.add(fd);
            acc.robert.face_down_max.add(max);
            for h in g.s.face_down.iter() {
                acc.robert.hex_down_end[h] += 1;
            }
        }
    }
}

impl Experiment for CatanRow<'_> {
    type Acc = CatanAcc;
    type Scratch = Box<ActionList>;

    fn play(&self, index: u64, acc: &mut CatanAcc, buf: &mut Box<ActionList>) {
        self.play_with(index, acc, buf)
    }

    /// A search player takes about a second a game: small work items keep both threads busy.
    fn chunk(&self) -> u64 {
        if self.spec.searches() {
            2
        } else {
            crate::engine::runner::CHUNK
        }
    }

    fn cost(&self) -> u64 {
        self.spec.cost()
    }
}
