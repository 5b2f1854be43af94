//! Catan as an experiment for the generic runner: per-game recording, the row accumulator, report tables.

use crate::catan::sim::{layout_for, play, GameRngs};
use crate::catan::*;
use crate::config::{difficulty_name, RowSpec};
use crate::engine::runner::Experiment;
use crate::engine::stats::{accumulator, wilson, Curve, GameLog, Hist};
use crate::report::plot::{band_panels, hex_panels, rate_chart, BandPanel, HexPanel, RateSeries};
use crate::report::{r3, r5, Figure, ReportDir, Tables};
use anyhow::Result;
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

/// One Catan configuration row bound to its map and master seed.
pub struct CatanRow<'t> {
    pub topo: &'t Topology,
    pub map: String,
    pub spec: RowSpec,
    pub seed: u64,
    /// `--precision` target, recorded in the summary.
    pub precision: Option<f64>,
}

impl CatanRow<'_> {
    fn tokens_flip(&self) -> bool {
        matches!(self.spec.rules.variant, Variant::Robert(_))
    }

    fn play_with(&self, i: u64, acc: &mut CatanAcc, buf: &mut ActionList) {
        let layout = layout_for(self.topo, self.spec.board, self.seed, i);
        let mut g = Game::new(self.topo, layout, self.spec.rules);
        let mut rngs = GameRngs::new(self.seed, i);
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
        };
        let outcome = play(
            &mut g,
            &mut self.spec.policy.player(),
            &mut rngs,
            buf,
            &mut rec,
        );
        let (raided, taken, storm) = (rec.raided, rec.taken, rec.storm);
        let (fd, max) = (rec.face_down, rec.max_down);
        acc.games += 1;
        match outcome {
            Outcome::Winner(p) => acc.seat_wins[p.idx()] += 1,
            Outcome::TeamWin => acc.team_wins += 1,
            Outcome::TeamLoss => acc.team_losses += 1,
            Outcome::Cap => acc.caps += 1,
        }
        acc.turns.add(g.s.turn);
        acc.log.record(i, outcome == Outcome::TeamWin, g.s.turn);
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
}

/// `raids_by_hex.csv`: per Raiders configuration and land hex.
#[derive(Serialize)]
pub struct RaidHexRow {
    pub row: usize,
    pub hex: usize,
    pub q: i8,
    pub r: i8,
    pub terrain: &'static str,
    pub token: Option<u8>,
    pub area: Option<String>,
    pub raider_desert: bool,
    pub raided_share: f64,
    pub first_raid_turn_mean: Option<f64>,
    pub raided_at_end_share: f64,
}

/// `raiders_curve.csv`: per Raiders configuration and player-turn.
#[derive(Serialize)]
pub struct RaidersCurveRow {
    pub row: usize,
    pub turn: usize,
    pub games_running: u64,
    pub hexes_raided_mean: f64,
    pub hexes_raided_p10: u32,
    pub hexes_raided_median: u32,
    pub hexes_raided_p90: u32,
    pub buildings_taken_mean: f64,
    pub buildings_taken_p90: u32,
}

/// `seats.csv`: per configuration and seat.
#[derive(Serialize)]
pub struct SeatRow {
    pub row: usize,
    pub seat: usize,
    pub wins: Option<u64>,
    pub win_rate: Option<f64>,
    pub win_rate_lo95: Option<f64>,
    pub win_rate_hi95: Option<f64>,
    pub vp_end_mean: Option<f64>,
    pub vp_end_median: Option<u32>,
    pub vp_end_p10: Option<u32>,
    pub vp_end_p90: Option<u32>,
    pub last_to_ten: Option<u64>,
    pub last_to_ten_share: Option<f64>,
    pub slowest_in_losses: Option<u64>,
    pub slowest_in_losses_share: Option<f64>,
}

/// `flips_by_hex.csv`: per configuration and hex (Robert rows).
#[derive(Serialize)]
pub struct HexRow {
    pub row: usize,
    pub hex: usize,
    pub q: i8,
    pub r: i8,
    pub terrain: &'static str,
    pub token: Option<u8>,
    pub pips: Option<u8>,
    pub flips: u64,
    pub flips_per_game: f64,
    pub flip_backs: u64,
    pub flip_backs_per_game: f64,
    pub face_down_at_end_share: f64,
}

/// `flip_curve.csv`: per configuration and player-turn (Robert rows).
#[derive(Serialize)]
pub struct CurveRow {
    pub row: usize,
    pub turn: usize,
    pub games_running: u64,
    pub face_down_mean: f64,
    pub face_down_p10: u32,
    pub face_down_median: u32,
    pub face_down_p90: u32,
}

impl Tables for CatanRow<'_> {
    fn settings(&self) -> Vec<(&'static str, String)> {
        let rules = self.spec.rules;
        let robert = rules.variant.robert();
        let solo = rules.variant.solitaire();
        let or_dash = |x: Option<String>| x.unwrap_or_else(|| "-".into());
        vec![
            ("variant", rules.variant.name().to_string()),
            ("policy", self.spec.policy.name().to_string()),
            ("players", rules.players.to_string()),
            (
                "difficulty",
                or_dash(robert.map(|r| match difficulty_name(r.start_cards) {
                    "custom" => format!("start_cards={}", r.start_cards),
                    d => d.to_string(),
                })),
            ),
            (
                "robert_target",
                or_dash(robert.map(|r| r.target.name().to_string())),
            ),
            (
                "city_weight",
                or_dash(robert.map(|r| r.city_weight.to_string())),
            ),
            ("awards", or_dash(solo.map(|r| r.awards.to_string()))),
            (
                "setup_raiders",
                or_dash(rules.variant.raiders().map(|r| r.setup_raiders.to_string())),
            ),
            (
                "volcano_start",
                or_dash(rules.variant.raiders().map(|r| r.volcano_start.to_string())),
            ),
            ("modifiers", rules.modifiers.name().to_string()),
            ("board", self.spec.board.name().to_string()),
        ]
    }

    fn take_game_log(acc: &mut CatanAcc) -> GameLog {
        std::mem::take(&mut acc.log)
    }

    fn has_win_rate(&self) -> bool {
        self.spec.rules.variant.team_outcome()
    }

    fn half_width95(&self, acc: &CatanAcc) -> f64 {
        let hw = |k: u64| {
            let (lo, hi) = wilson(k, acc.games);
            (hi - lo) / 2.0
        };
        if self.has_win_rate() {
            hw(acc.team_wins)
        } else {
            // Competitive games: the widest of the seats' win-rate intervals.
            (0..self.spec.rules.players as usize)
                .map(|s| hw(acc.seat_wins[s]))
                .fold(0.0, f64::max)
        }
    }

    fn headline_columns() -> &'static [&'static str] {
        &[
            "row",
            "variant",
            "players",
            "policy",
            "board",
            "difficulty",
            "robert_target",
            "city_weight",
            "modifiers",
            "awards",
            "games",
            "win_rate",
            "win_rate_lo95",
            "win_rate_hi95",
            "wins_seat1",
            "wins_seat2",
            "wins_seat3",
            "wins_seat4",
            "wins_seat5",
            "wins_seat6",
            "capouts",
            "turns_median",
            "turns_p10",
            "turns_p90",
            "loss_slowest_vp_short_mean",
            "storm_turn_median",
            "hexes_raided_end_mean",
            "buildings_taken_end_mean",
        ]
    }

    fn figures(rows: &[Self], accs: &[CatanAcc]) -> Result<Vec<Figure>> {
        figures(rows, accs)
    }

    fn games(acc: &CatanAcc) -> u64 {
        acc.games
    }

    fn write_tables(&self, row: usize, acc: &CatanAcc, out: &mut ReportDir) -> Result<()> {
        let rules = self.spec.rules;
        let n = acc.games.max(1) as f64;
        let coop = rules.variant.team_outcome();
        let raiders = rules.variant.raiders();
        let groups = crate::catan::summary::groups(self, row, acc, out.row_partial())?;
        out.grouped_row("summary.csv", groups);
        for s in 0..rules.players as usize {
            let (lo, hi) = wilson(acc.seat_wins[s], acc.games);
            out.row(
                "seats.csv",
                &SeatRow {
                    row,
                    seat: s + 1,
                    wins: (!coop).then_some(acc.seat_wins[s]),
                    win_rate: (!coop).then(|| r5(acc.seat_wins[s] as f64 / n)),
                    win_rate_lo95: (!coop).then(|| r5(lo)),
                    win_rate_hi95: (!coop).then(|| r5(hi)),
                    vp_end_mean: acc.vp_end[s].mean().map(r3),
                    vp_end_median: acc.vp_end[s].quantile(0.5),
                    vp_end_p10: acc.vp_end[s].quantile(0.1),
                    vp_end_p90: acc.vp_end[s].quantile(0.9),
                    last_to_ten: coop.then_some(acc.last_to_ten[s]),
                    last_to_ten_share: coop
                        .then(|| r5(acc.last_to_ten[s] as f64 / acc.team_wins.max(1) as f64)),
                    slowest_in_losses: coop.then_some(acc.slowest_in_loss[s]),
                    slowest_in_losses_share: coop
                        .then(|| r5(acc.slowest_in_loss[s] as f64 / acc.team_losses.max(1) as f64)),
                },
            )?;
        }
        if raiders.is_some() {
            for h in self.topo.land_hexes.iter() {
                let spec = &self.topo.hex_spec[h];
                let ever = acc.raiders.hex_raided.get(h).copied().unwrap_or(0);
                let sum = acc.raiders.hex_first_raid_sum.get(h).copied().unwrap_or(0);
                let end = acc.raiders.hex_raided_end.get(h).copied().unwrap_or(0);
                out.row(
                    "raids_by_hex.csv",
                    &RaidHexRow {
                        row,
                        hex: h,
                        q: spec.q,
                        r: spec.r,
                        terrain: spec.terrain.name(),
                        token: spec.token,
                        area: self.topo.area_name(h).map(str::to_string),
                        raider_desert: self.topo.raider_deserts.contains(h),
                        raided_share: r5(ever as f64 / n),
                        first_raid_turn_mean: (ever > 0).then(|| r3(sum as f64 / ever as f64)),
                        raided_at_end_share: r5(end as f64 / n),
                    },
                )?;
            }
            for (t, h) in acc.raiders.raided_curve.steps.iter().enumerate() {
                if h.count() == 0 {
                    continue;
                }
                let k = acc.raiders.taken_curve.steps.get(t);
                out.row(
                    "raiders_curve.csv",
                    &RaidersCurveRow {
                        row,
                        turn: t,
                        games_running: h.count(),
                        hexes_raided_mean: h.mean().map_or(0.0, r3),
                        hexes_raided_p10: h.quantile(0.1).unwrap_or(0),
                        hexes_raided_median: h.quantile(0.5).unwrap_or(0),
                        hexes_raided_p90: h.quantile(0.9).unwrap_or(0),
                        buildings_taken_mean: k.and_then(|k| k.mean()).map_or(0.0, r3),
                        buildings_taken_p90: k.and_then(|k| k.quantile(0.9)).unwrap_or(0),
                    },
                )?;
            }
        }
        if rules.variant.robert().is_none() {
            return Ok(());
        }
        let fixed = self.spec.board == BoardKind::Fixed;
        for h in self.topo.land_hexes.iter() {
            let spec = self.topo.hex_spec[h];
            let down = acc.robert.hex_down.get(h).copied().unwrap_or(0);
            let up = acc.robert.hex_up.get(h).copied().unwrap_or(0);
            let end = acc.robert.hex_down_end.get(h).copied().unwrap_or(0);
            out.row(
                "flips_by_hex.csv",
                &HexRow {
                    row,
                    hex: h,
                    q: spec.q,
                    r: spec.r,
                    terrain: if fixed {
                        spec.terrain.name()
                    } else {
                        "shuffled"
                    },
                    token: if fixed { spec.token } else { None },
                    pips: if fixed { spec.token.map(pips) } else { None },
                    flips: down,
                    flips_per_game: r5(down as f64 / n),
                    flip_backs: up,
                    flip_backs_per_game: r5(up as f64 / n),
                    face_down_at_end_share: r5(end as f64 / n),
                },
            )?;
        }
        for (t, h) in acc.robert.curve.steps.iter().enumerate() {
            if h.count() == 0 {
                continue;
            }
            out.row(
                "flip_curve.csv",
                &CurveRow {
                    row,
                    turn: t,
                    games_running: h.count(),
                    face_down_mean: h.mean().map_or(0.0, r3),
                    face_down_p10: h.quantile(0.1).unwrap_or(0),
                    face_down_median: h.quantile(0.5).unwrap_or(0),
                    face_down_p90: h.quantile(0.9).unwrap_or(0),
                },
            )?;
        }
        Ok(())
    }
}

/// A row's settings as (name, value).
type Settings = Vec<(&'static str, String)>;

/// Short labels for rows: the settings that vary across `rows` (all rows when none vary).
fn row_labels(rows: &[&CatanRow], skip: &[&str]) -> Vec<String> {
    let settings: Vec<Settings> = rows.iter().map(|r| r.settings()).collect();
    let varies = |k: usize| {
        settings
            .iter()
            .any(|s| s[k].1 != settings[0][k].1 && !skip.contains(&s[k].0))
    };
    let keys: Vec<usize> = (0..settings.first().map_or(0, |s| s.len()))
        .filter(|&k| varies(k))
        .collect();
    settings
        .iter()
        .map(|s| {
            let parts: Vec<String> = keys
                .iter()
                .map(|&k| match s[k].0 {
                    "players" => format!("{} players", s[k].1),
                    "robert_target" => format!("{} target", s[k].1),
                    "city_weight" => format!("city weight {}", s[k].1),
                    "board" => format!("{} board", s[k].1),
                    _ => s[k].1.clone(),
                })
                .collect();
            if parts.is_empty() {
                "all rows".to_string()
            } else {
                parts.join(", ")
            }
        })
        .collect()
}

/// Solitaire figures: tiles destroyed by the end of the game, and the win rate per row.
fn solitaire_figures(rows: &[CatanRow], accs: &[CatanAcc], figs: &mut Vec<Figure>) -> Result<()> {
    let solo: Vec<usize> = (0..rows.len())
        .filter(|&i| matches!(rows[i].spec.rules.variant, Variant::Solitaire(_)))
        .collect();
    if solo.is_empty() {
        return Ok(());
    }
    let refs: Vec<&CatanRow> = solo.iter().map(|&i| &rows[i]).collect();
    let labels = row_labels(&refs, &[]);
    let most = solo
        .iter()
        .filter_map(|&i| accs[i].solitaire.destroyed_end.max())
        .max()
        .unwrap_or(0) as usize;
    let cats: Vec<String> = (0..=most).map(|k| k.to_string()).collect();
    let series: Vec<RateSeries> = solo
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let h = &accs[i].solitaire.destroyed_end;
            let n = h.count();
            RateSeries {
                name: format!("row {i}: {label}"),
                points: (0..=most)
                    .map(|k| {
                        let c = h.count_of(k as u32);
                        let (lo, hi) = wilson(c, n);
                        (k, c as f64 / n.max(1) as f64, lo, hi)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "solitaire_destroyed".into(),
        title: "Solitaire: tiles destroyed by the end".into(),
        caption: "Share of games ending with each number of destroyed tiles, per configuration, with 95% Wilson intervals.".into(),
        svg: rate_chart(&cats, "share of games", &series, (820, 440))?,
    });
    let wins = vec![RateSeries {
        name: "win rate".into(),
        points: solo
            .iter()
            .enumerate()
            .map(|(x, &i)| {
                let a = &accs[i];
                let (lo, hi) = wilson(a.team_wins, a.games);
                (x, a.team_wins as f64 / a.games.max(1) as f64, lo, hi)
            })
            .collect(),
    }];
    // Row numbers on the axis (the labels are long); the summary table names each row.
    let cats: Vec<String> = solo.iter().map(|i| format!("row {i}")).collect();
    figs.push(Figure {
        name: "solitaire_win_rate".into(),
        title: "Solitaire: win rate by configuration".into(),
        caption: "Win rate per Solitaire configuration (rows as in the summary table) with 95% Wilson intervals.".into(),
        svg: rate_chart(&cats, "win rate", &wins, (820, 440))?,
    });
    Ok(())
}

/// The Catan figures: win rate by difficulty, face-down tokens over turns, flips per hex.
/// One band panel per row of `idx`: the curve's median and 10–90% band per player-turn, over
/// the turns at least 5% of the row's games reach (beyond that the quantiles describe a few long
/// games).
fn curve_panels(
    idx: &[usize],
    labels: &[String],
    accs: &[CatanAcc],
    curve: impl Fn(&CatanAcc) -> &Curve,
) -> Vec<BandPanel> {
    idx.iter()
        .zip(labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let min_running = (a.games / 20).max(1);
            BandPanel {
                title: format!("row {i}: {label}"),
                points: curve(a)
                    .steps
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| h.count() >= min_running)
                    .map(|(t, h)| {
                        (
                            t as f64,
                            h.quantile(0.1).unwrap_or(0) as f64,
                            h.quantile(0.5).unwrap_or(0) as f64,
                            h.quantile(0.9).unwrap_or(0) as f64,
                        )
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Raiders rows: seat win rates with intervals, and hexes raided over the game.
fn raiders_figures(rows: &[CatanRow], accs: &[CatanAcc], figs: &mut Vec<Figure>) -> Result<()> {
    let idx: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].spec.rules.variant.raiders().is_some())
        .collect();
    if idx.is_empty() {
        return Ok(());
    }
    let refs: Vec<&CatanRow> = idx.iter().map(|&i| &rows[i]).collect();
    let labels = row_labels(&refs, &[]);
    let seats = idx
        .iter()
        .map(|&i| rows[i].spec.rules.players as usize)
        .max()
        .unwrap_or(0);
    let cats: Vec<String> = (1..=seats).map(|k| format!("seat {k}")).collect();
    let series: Vec<RateSeries> = idx
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            RateSeries {
                name: format!("row {i}: {label}"),
                points: (0..rows[i].spec.rules.players as usize)
                    .map(|k| {
                        let (lo, hi) = wilson(a.seat_wins[k], a.games);
                        (k, a.seat_wins[k] as f64 / a.games.max(1) as f64, lo, hi)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "raiders_seat_win_rate".into(),
        title: "Win rate by seat".into(),
        caption: "Share of games each seat won (seat 1 moves first), one line per row; bars are 95% Wilson intervals. Cap-outs count as games nobody won.".into(),
        svg: rate_chart(&cats, "seat win rate", &series, (820, 440))?,
    });
    let panels = curve_panels(&idx, &labels, accs, |a| &a.raiders.raided_curve);
    let maps: Vec<HexPanel> = idx
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let t = rows[i].topo;
            let n = a.games.max(1) as f64;
            HexPanel {
                title: format!("row {i}: {label}"),
                hexes: t
                    .land_hexes
                    .iter()
                    .map(|h| {
                        let spec = t.hex_spec[h];
                        let v = a.raiders.hex_raided.get(h).copied().unwrap_or(0) as f64 / n;
                        let label = if t.raider_deserts.contains(h) {
                            "D".to_string()
                        } else {
                            match spec.token {
                                Some(k) => format!("{k}: {v:.2}"),
                                None => format!("{v:.2}"),
                            }
                        };
                        (spec.q, spec.r, v, label)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "raids_by_hex".into(),
        title: "Where the raiders strike".into(),
        caption: "Share of games in which each land hex was raided at least once (label: token, then the share; D: a raider desert); darker is raided more often.".into(),
        svg: hex_panels(&maps, "share of games raided", 2, (420, 360))?,
    });
    figs.push(Figure {
        name: "raiders_curve".into(),
        title: "Hexes raided over the game".into(),
        caption: "Hexes holding a raider at the start of each player-turn: median (line) and 10–90% band over the games still running, shown while at least 5% of the row's games are still running.".into(),
        svg: band_panels(&panels, "player-turn", "hexes raided", 4, (330, 250))?,
    });
    Ok(())
}

fn figures(rows: &[CatanRow], accs: &[CatanAcc]) -> Result<Vec<Figure>> {
    let mut figs = Vec::new();
    let coop: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].tokens_flip()).collect();
    let robert_cards = |i: usize| match rows[i].spec.rules.variant {
        Variant::Robert(r) => r.start_cards,
        _ => 0,
    };
    solitaire_figures(rows, accs, &mut figs)?;
    raiders_figures(rows, accs, &mut figs)?;
    if !coop.is_empty() {
        let mut cards: Vec<u8> = coop.iter().map(|&i| robert_cards(i)).collect();
        cards.sort_unstable();
        cards.dedup();
        let cats: Vec<String> = cards
            .iter()
            .map(|&c| match difficulty_name(c) {
                "custom" => format!("{c} cards"),
                d => format!("{d} ({c})"),
            })
            .collect();
        // Series: rows equal in every setting but the difficulty.
        let key = |i: usize| {
            let mut s = rows[i].settings();
            s.retain(|kv| kv.0 != "difficulty");
            s
        };
        let mut groups: Vec<(Settings, Vec<usize>)> = Vec::new();
        for &i in &coop {
            let k = key(i);
            match groups.iter_mut().find(|g| g.0 == k) {
                Some(g) => g.1.push(i),
                None => groups.push((k, vec![i])),
            }
        }
        let firsts: Vec<&CatanRow> = groups.iter().map(|g| &rows[g.1[0]]).collect();
        let names = row_labels(&firsts, &["difficulty"]);
        let series: Vec<RateSeries> = groups
            .iter()
            .zip(names)
            .map(|(g, name)| RateSeries {
                name,
                points: g
                    .1
                    .iter()
                    .map(|&i| {
                        let a = &accs[i];
                        let (lo, hi) = wilson(a.team_wins, a.games);
                        let x = cards
                            .iter()
                            .position(|&c| c == robert_cards(i))
                            .unwrap_or(0);
                        (x, a.team_wins as f64 / a.games.max(1) as f64, lo, hi)
                    })
                    .collect(),
            })
            .collect();
        figs.push(Figure {
            name: "win_rate".into(),
            title: "Win rate by difficulty".into(),
            caption: "Team win rate per difficulty (starting development cards per player), one line per player count and other setting; bars are 95% Wilson intervals.".into(),
            svg: rate_chart(&cats, "team win rate", &series, (820, 440))?,
        });
    }
    let robert: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].tokens_flip()).collect();
    if robert.is_empty() {
        return Ok(figs);
    }
    let refs: Vec<&CatanRow> = robert.iter().map(|&i| &rows[i]).collect();
    let labels = row_labels(&refs, &[]);
    let cols = 4;
    let panels = curve_panels(&robert, &labels, accs, |a| &a.robert.curve);
    figs.push(Figure {
        name: "face_down_curve".into(),
        title: "Face-down tokens over the game".into(),
        caption: "Tokens face down at the start of each player-turn: median (line) and 10–90% band over the games still running, shown while at least 5% of the row's games are still running.".into(),
        svg: band_panels(&panels, "player-turn", "tokens face down", cols, (330, 250))?,
    });
    let fixed = refs.iter().all(|r| r.spec.board == BoardKind::Fixed);
    let topo = rows[robert[0]].topo;
    let hex_panels_data: Vec<HexPanel> = robert
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let n = a.games.max(1) as f64;
            HexPanel {
                title: format!("row {i}: {label}"),
                hexes: topo
                    .land_hexes
                    .iter()
                    .map(|h| {
                        let spec = topo.hex_spec[h];
                        let v = a.robert.hex_down.get(h).copied().unwrap_or(0) as f64 / n;
                        let label = match (fixed, spec.token) {
                            (true, Some(t)) => format!("{t}: {v:.2}"),
                            _ => format!("{v:.2}"),
                        };
                        (spec.q, spec.r, v, label)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "flips_by_hex".into(),
        title: "Where Robert flips".into(),
        caption: if fixed {
            "Flips face down by Robert per game on each hex of the fixed board (label: token, then flips per game); darker is flipped more often.".into()
        } else {
            "Flips face down by Robert per game on each board position; terrain and tokens are shuffled every game, so this shows positions (coast versus centre), not numbers. Darker is flipped more often.".into()
        },
        svg: hex_panels(&hex_panels_data, "flips per game", cols, (330, 290))?,
    });
    Ok(figs)
}
