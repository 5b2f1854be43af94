//! The command line's flags and subcommands (clap derive).
//!
//! The command line's flags and subcommands (clap derive), and how game flags become a one-row
//! sweep file.

use crate::examples::*;
use clap::{Parser, Subcommand};
use robsim::carcassonne::RobberPlacement;
use robsim::catan::policy::{GreedyKnobs, RolloutKnobs, SolitaireKnobs, TeamKnobs};

/// A set-up temperature: a finite number from 0 to 100.
fn temperature(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(t) if (0.0..=100.0).contains(&t) => Ok(t),
        _ => Err(format!("{s:?}: allowed a number from 0 to 100")),
    }
}
use robsim::catan::knobs::DIFFICULTIES;
use robsim::catan::{BoardKind, RobertTarget, Variant};
use robsim::config::{
    default_policy, GridFile, OneOrMany, RulesFile, SweepFile, CARCASSONNE as CARCASSONNE_VARIANT,
    DEFAULT_TURN_CAP,
};
use robsim::report::shard::Shard;
use robsim::report::sweep::{Budget, Format, DEFAULT_MAX_GAMES};
use std::path::PathBuf;

/// A clap value parser accepting exactly the names of an enum's own name table, so the CLI's
/// allowed values and the config's come from one place.
fn names(values: impl IntoIterator<Item = &'static str>) -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(values)
}

#[derive(Parser)]
#[command(
    name = "robsim",
    version = crate::build_version(),
    about = "Monte Carlo balance analysis for board-game robber variants"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) cmd: Cmd,
}

/// Where a report goes and how it is run (results never depend on these).
#[derive(clap::Args, Clone)]
pub(crate) struct Output {
    /// Worker threads (0: one per core)
    ///
    /// Results are identical for any count.
    #[arg(value_name = "T", short = 'j', long, help_heading = OUTPUT, allow_negative_numbers = true, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Report folder [default: out/<name>]
    ///
    /// A non-empty folder robsim did not write is refused (see --force); a folder it wrote
    /// loses its earlier files that the new report does not write again.
    #[arg(value_name = "DIR", short, long, help_heading = OUTPUT)]
    pub(crate) out: Option<PathBuf>,
    /// Write into a folder holding files robsim did not write
    ///
    /// Its files stay; files of the names robsim writes are replaced.
    #[arg(long, help_heading = OUTPUT)]
    pub(crate) force: bool,
    /// No progress bar
    ///
    /// The bar is drawn on stderr whenever stderr is a terminal.
    #[arg(long, short, help_heading = OUTPUT)]
    pub(crate) quiet: bool,
}

#[derive(clap::Args)]
pub(crate) struct Common {
    #[command(flatten)]
    pub(crate) output: Output,
    /// Play slice I of N of the games
    ///
    /// Only slice I of N (0-based) of the game indices; `robsim merge` combines the slices.
    #[arg(long, help_heading = OUTPUT, value_name = "I/N", value_parser = Shard::parse)]
    pub(crate) shard: Option<Shard>,
    /// Play until the 95% half-width is at most H
    ///
    /// Play each row in batches of 2,000 games until the 95% half-width of its win rate is at
    /// most this (e.g. 0.005 for ±0.5 points), up to --max-games. Replaces the games count.
    #[arg(value_name = "H", long, help_heading = OUTPUT, value_parser = parse_precision)]
    pub(crate) precision: Option<f64>,
    /// With --precision: most games per row.
    #[arg(value_name = "N", long, help_heading = OUTPUT, requires = "precision", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_games: Option<u64>,
    /// Also summary.json with json
    ///
    /// csv: summary.csv; json: summary.json beside summary.csv.
    #[arg(long, help_heading = OUTPUT, value_enum, default_value_t = Format::Csv)]
    pub(crate) format: Format,
    /// Also write games.csv (each game's outcome)
    ///
    /// Every game's row, index, seed, outcome and length, to pick one for
    /// `robsim trace --config FILE --row N --game-index K`.
    #[arg(long, help_heading = OUTPUT)]
    pub(crate) games_csv: bool,
    /// Continue the interrupted run in --out
    ///
    /// Play only the games the partial report lacks and write the report the uninterrupted run
    /// would have written.
    #[arg(long, help_heading = OUTPUT, conflicts_with_all = ["precision", "force", "games_csv"])]
    pub(crate) resume: bool,
}

pub(crate) fn parse_precision(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number; give a half-width such as 0.005"))?;
    if x > 0.0 && x < 0.5 {
        Ok(x)
    } else {
        Err(format!(
            "{x} is out of range; allowed: a half-width above 0 and below 0.5"
        ))
    }
}

impl Common {
    pub(crate) fn budget(&self, games: u64) -> Budget {
        match self.precision {
            Some(target) => Budget::Precision {
                target,
                max_games: self.max_games.unwrap_or(DEFAULT_MAX_GAMES),
            },
            None => Budget::Games(games),
        }
    }
}

/// Help sections, in the order `--help` lists them.
pub(crate) const GAME: &str = "Game (every variant)";
pub(crate) const CATAN: &str = "Catan rules (base, robert, solitaire, raiders)";
pub(crate) const ROBERT: &str = "Robert the Robber (--variant robert)";
pub(crate) const SOLITAIRE: &str = "Solitaire (--variant solitaire)";
pub(crate) const RAIDERS: &str = "Raiders of Catan (--variant raiders)";
pub(crate) const CARCASSONNE: &str = "Carcassonne (--variant carcassonne)";
pub(crate) const OUTPUT: &str = "Output and running";

/// The flags that choose one game configuration (shared by `run` and `trace`). A flag of one
/// variant given with another is an input error (checked where the config is validated), so
/// the variant-specific flags have no clap default: their defaults are the config's.
#[derive(clap::Args)]
pub(crate) struct GameArgs {
    /// Game: base, robert, solitaire, raiders, carcassonne
    #[arg(value_name = "NAME", hide_possible_values = true, short, long, help_heading = GAME, value_parser = names(Variant::NAMES.iter().copied().chain([CARCASSONNE_VARIANT])), default_value = "base")]
    pub(crate) variant: String,
    /// Players [default: 4; solitaire 1]
    ///
    /// 2..4; solitaire: 1; raiders: 3..6; carcassonne: 2..5.
    #[arg(value_name = "N", short, long, help_heading = GAME, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub(crate) players: Option<u8>,
    /// Policy in every seat [default: the variant's own]
    ///
    /// random, weighted (Catanatron's weighted random player), greedy, team, team-tuned (the
    /// published tuned knobs, built in), solitaire,
    /// rollout, rollout-N (N rollouts per candidate), rollout-N:BASE (over base team, greedy,
    /// solitaire or learned), halving-N and halving-N:BASE (N rollouts per decision, sequential
    /// halving), a search name ending in @H (robert: futures cut after H player-turns and scored
    /// by the value model, rollout-16:learned@25), a search name ending in /setup (the set-up
    /// settlements searched only, over up to 8 candidates: rollout-32:learned/setup), learned
    /// (robert and solitaire: the built-in
    /// model, or --model); carcassonne:
    /// random, greedy, rollout-N (a search over greedy, N futures per candidate). Default: team
    /// for robert, solitaire for solitaire, greedy otherwise.
    #[arg(value_name = "NAME", short = 'P', long, help_heading = GAME)]
    pub(crate) policy: Option<String>,
    /// Master seed.
    #[arg(value_name = "S", short, long, help_heading = GAME, allow_negative_numbers = true, default_value_t = 1)]
    pub(crate) seed: u64,
    /// With --policy rollout: futures per candidate [default: 16]
    ///
    /// Sampled futures per candidate action at a searched decision.
    #[arg(value_name = "N", long, help_heading = GAME, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub(crate) rollouts: Option<u16>,
    /// With --policy learned or rollout-N:learned: the model file [default: built in]
    ///
    /// Written by `robsim learn` (model.toml in its folder); without it, learned plays the
    /// variant's built-in model (robert and solitaire have one).
    #[arg(value_name = "FILE", long, help_heading = GAME)]
    pub(crate) model: Option<String>,
    /// Varied openings: set-up softmax temperature [default: 0]
    ///
    /// Softmax temperature of the set-up choices of greedy, team and solitaire (0: always the
    /// best corner).
    #[arg(value_name = "T", long, help_heading = GAME, allow_negative_numbers = true, value_parser = temperature)]
    pub(crate) setup_temperature: Option<f32>,
    /// Player-turns before a game stops as a cap-out
    #[arg(value_name = "N", long, help_heading = GAME, allow_negative_numbers = true, default_value_t = DEFAULT_TURN_CAP, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(crate) turn_cap: u32,
    /// fixed, random, random-red-adjacent [default: random; raiders fixed]
    ///
    /// The map's fixed layout, or shuffled per game (6 and 8 apart unless
    /// random-red-adjacent).
    #[arg(value_name = "KIND", hide_possible_values = true, long, help_heading = CATAN, value_parser = names(BoardKind::NAMES.iter().copied()))]
    pub(crate) board: Option<String>,
    /// Map: base or a map file [default: base]
    ///
    /// raiders: `base` means raiders-3-4 or raiders-5-6 by the number of players.
    #[arg(value_name = "FILE", long, help_heading = CATAN)]
    pub(crate) map: Option<String>,
    /// Modifiers: none, or volcano+gold+tech_advancement [default: none]
    ///
    /// none, or any of volcano, gold, tech_advancement joined by '+'.
    #[arg(value_name = "LIST", long, help_heading = CATAN)]
    pub(crate) modifiers: Option<String>,
    /// VP to win [default: 10; raiders 13].
    #[arg(value_name = "N", long, help_heading = CATAN, allow_negative_numbers = true)]
    pub(crate) vp_to_win: Option<i64>,
    /// Hand limit on a seven [default: 7; solitaire 5]
    ///
    /// A seven halves hands of more than this many cards.
    #[arg(value_name = "N", long, help_heading = CATAN, allow_negative_numbers = true)]
    pub(crate) hand_limit: Option<i64>,
    /// impossible, hard, moderate, easy [default: every level, one row each]
    #[arg(value_name = "LEVEL", hide_possible_values = true, short, long, help_heading = ROBERT, allow_hyphen_values = true, value_parser = names(DIFFICULTIES.iter().map(|d| d.0)), conflicts_with = "start_cards")]
    pub(crate) difficulty: Option<String>,
    /// Starting cards per player instead of a difficulty
    ///
    /// Development cards dealt per player, any count 0..8 (the difficulty levels are 0..3).
    #[arg(value_name = "N", long, help_heading = ROBERT, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..=8))]
    pub(crate) start_cards: Option<u8>,
    /// Robert's target: adjacent or global [default: adjacent]
    #[arg(value_name = "READING", hide_possible_values = true, long, help_heading = ROBERT, value_parser = names(RobertTarget::NAMES.iter().copied()))]
    pub(crate) robert_target: Option<String>,
    /// City weight in Robert's count [default: 1]
    ///
    /// Weight of a city when Robert counts buildings on a hex (1 or 2).
    #[arg(value_name = "W", long, help_heading = ROBERT, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(crate) city_weight: Option<u8>,
    /// Tokens a soldier flips up [default: 2]
    #[arg(value_name = "N", long, help_heading = ROBERT, allow_negative_numbers = true)]
    pub(crate) soldier_flips: Option<i64>,
    /// Tokens a seven flips up [default: 1]
    #[arg(value_name = "N", long, help_heading = ROBERT, allow_negative_numbers = true)]
    pub(crate) seven_flips: Option<i64>,
    /// Robert rests on player-turns that are multiples of K [default: 0, never rests]
    ///
    /// 0: he moves every turn (the seed); 1: he never moves; K of 2 or more: he rests on
    /// player-turns K, 2K, 3K, ... (one turn in K). Turns pass seat by seat, so where K is a
    /// multiple of the player count (3 players and K = 3 or 6) every rest falls on the same
    /// seat's turn (the last seat's); otherwise the rests move round the table.
    #[arg(value_name = "K", long, help_heading = ROBERT, allow_negative_numbers = true)]
    pub(crate) robert_skip: Option<i64>,
    /// Monopoly: flip-up or take [default: flip-up]
    #[arg(value_name = "NAME", long, help_heading = ROBERT)]
    pub(crate) monopoly: Option<String>,
    /// Army knights kept out of a reshuffle [default: 3]
    #[arg(value_name = "N", long, help_heading = ROBERT, allow_negative_numbers = true)]
    pub(crate) keep_back: Option<i64>,
    /// Reshuffled knights: leave or count [default: leave]
    ///
    /// Knights shuffled back leave their armies (leave) or still count (count).
    #[arg(value_name = "NAME", long, help_heading = ROBERT)]
    pub(crate) reshuffled_knights: Option<String>,
    /// Longest road and largest army: true/false [default: true]
    #[arg(value_name = "BOOL", hide_possible_values = true, long, help_heading = SOLITAIRE, action = clap::ArgAction::Set)]
    pub(crate) awards: Option<bool>,
    /// Destruction-die faces 1..N destroy [default: 4]
    #[arg(value_name = "N", long, help_heading = SOLITAIRE, allow_negative_numbers = true)]
    pub(crate) destroy_faces: Option<i64>,
    /// Destroyed tiles that lose [default: 5]
    #[arg(value_name = "N", long, help_heading = SOLITAIRE, allow_negative_numbers = true)]
    pub(crate) tiles_to_lose: Option<i64>,
    /// Card a seven takes: any or not-vp [default: any]
    #[arg(value_name = "NAME", long, help_heading = SOLITAIRE)]
    pub(crate) lost_card: Option<String>,
    /// Knights: cancel-only or move-robber [default: cancel-only]
    ///
    /// Knights only cancel sevens (cancel-only) or also move the robber (move-robber).
    #[arg(value_name = "NAME", long, help_heading = SOLITAIRE)]
    pub(crate) knight_play: Option<String>,
    /// Doubles on the seven's second roll: nothing, tech or both [default: nothing]
    ///
    /// Doubles on the seven's second roll give no pick (nothing), the tech_advancement pick
    /// (tech) or, as after the turn's roll, the doubles pick and the tech pick (both).
    #[arg(value_name = "NAME", long, help_heading = SOLITAIRE)]
    pub(crate) second_roll_doubles: Option<String>,
    /// Set-up settlements place raiders: true/false [default: false]
    #[arg(value_name = "BOOL", hide_possible_values = true, long, help_heading = RAIDERS, action = clap::ArgAction::Set)]
    pub(crate) setup_raiders: Option<bool>,
    /// Start may touch a volcano: true/false [default: false]
    #[arg(value_name = "BOOL", hide_possible_values = true, long, help_heading = RAIDERS, action = clap::ArgAction::Set)]
    pub(crate) volcano_start: Option<bool>,
    /// Raider pool [default: 18; 24 for 5-6 players]
    #[arg(value_name = "N", long, help_heading = RAIDERS, allow_negative_numbers = true)]
    pub(crate) raider_pool: Option<i64>,
    /// Raiders per build [default: 2; 3 for 3 or 5 players]
    ///
    /// Raiders each built settlement or city places.
    #[arg(value_name = "N", long, help_heading = RAIDERS, allow_negative_numbers = true)]
    pub(crate) raiders_per_build: Option<i64>,
    /// Jungles shelter buildings from takeover
    ///
    /// A jungle counts as a producing neighbour when buildings are taken.
    #[arg(long, help_heading = RAIDERS)]
    pub(crate) jungle_shelters: bool,
    /// Taken buildings and jungles: collect or lost [default: collect]
    ///
    /// A building the raiders took still collects discoveries from an unraided jungle (collect)
    /// or collects nothing while taken (lost).
    #[arg(value_name = "NAME", long, help_heading = RAIDERS)]
    pub(crate) taken_discoveries: Option<String>,
    /// The Robbers expansion: true/false [default: true]
    #[arg(value_name = "BOOL", hide_possible_values = true, long, help_heading = CARCASSONNE, action = clap::ArgAction::Set)]
    pub(crate) robbers: Option<bool>,
    /// next-in-stock or each-other [default: next-in-stock]
    ///
    /// Who else may place a robber when a robber tile is drawn.
    #[arg(value_name = "NAME", hide_possible_values = true, long, help_heading = CARCASSONNE, value_parser = names(RobberPlacement::NAMES.iter().copied()))]
    pub(crate) robber_placement: Option<String>,
    /// Final points per robber [default: 3]
    ///
    /// Points per robber still on the board at the end (3: the 2013 rule; 0: 2012).
    #[arg(value_name = "N", long, help_heading = CARCASSONNE, allow_negative_numbers = true)]
    pub(crate) robber_final_points: Option<i64>,
    /// Robbers per player: 1 or 2 [default: 1]
    #[arg(value_name = "N", long, help_heading = CARCASSONNE, allow_negative_numbers = true)]
    pub(crate) robbers_per_player: Option<i64>,
    /// Robber tiles in the pile: 1..24 [default: the tile file's, 8]
    ///
    /// Dealt over the robber kinds in turn (4: one each of U, V, W and D; 12: the 8 and those 4).
    #[arg(value_name = "N", long, help_heading = CARCASSONNE, allow_negative_numbers = true)]
    pub(crate) robber_tiles: Option<i64>,
    /// Robber's share: half, third, quarter, all [default: half]
    ///
    /// The share of a score a robber takes, each rounded up.
    #[arg(value_name = "NAME", long, help_heading = CARCASSONNE)]
    pub(crate) robber_share: Option<String>,
    /// Rogue points: after-moves or round-start [default: after-moves]
    ///
    /// A robber moves with a figure scoring rogue points when beside it after the round's
    /// normal moves (after-moves) or when the round began (round-start).
    #[arg(value_name = "NAME", long, help_heading = CARCASSONNE)]
    pub(crate) rogue_beside: Option<String>,
    /// Robber tile that fits nowhere: lost or robber-step [default: lost]
    ///
    /// Discarded with its robber step (lost) or its robber step still played (robber-step).
    #[arg(value_name = "NAME", long, help_heading = CARCASSONNE)]
    pub(crate) unplaceable_robber_tile: Option<String>,
    /// Tile file [default: base]
    ///
    /// `base` is the built-in configs/tiles/carcassonne-tiles.toml.
    #[arg(value_name = "FILE", long, help_heading = CARCASSONNE)]
    pub(crate) tiles: Option<String>,
}

impl GameArgs {
    fn policy(&self) -> String {
        self.policy
            .clone()
            .unwrap_or_else(|| default_policy(&self.variant).to_string())
    }

    fn is_carcassonne(&self) -> bool {
        self.variant == CARCASSONNE_VARIANT
    }

    fn players(&self) -> u8 {
        self.players
            .unwrap_or(if self.variant == "solitaire" { 1 } else { 4 })
    }

    /// Flags the config cannot check, since they fill the policy tables rather than the grid:
    /// `--rollouts` without a rollout policy, `--setup-temperature` without a policy that has a
    /// set-up choice.
    ///
    /// # Errors
    /// The flag and the policies it applies to.
    pub(crate) fn check(&self) -> anyhow::Result<()> {
        let policy = self.policy();
        if self.rollouts.is_some() && policy != "rollout" {
            anyhow::bail!(
                "command line: --rollouts: does not apply to --policy {policy}; it applies to rollout (rollout-N sets N itself)"
            );
        }
        if self.model.is_some() && robsim::catan::policy::plays_model(&policy) != Some(None) {
            anyhow::bail!(
                "command line: --model: does not apply to --policy {policy}; it applies to the policies that play a model: learned and rollout-N:learned (without --model they play the variant's built-in model)"
            );
        }
        let has_setup = ["greedy", "team", "team-tuned", "solitaire"].contains(&policy.as_str())
            && !self.is_carcassonne();
        if self.setup_temperature.is_some() && !has_setup {
            anyhow::bail!(
                "command line: --setup-temperature: does not apply to --policy {policy} with --variant {}; it applies to greedy, team and solitaire in the Catan variants",
                self.variant
            );
        }
        Ok(())
    }

    /// The one-row sweep file these flags describe, named (the default report folder) by the
    /// variant, players, policy, difficulty, modifiers and seed, and by a short hash of every
    /// other setting when any differs from the variant's defaults, so that two runs of different
    /// settings never share a default folder.
    pub(crate) fn sweep_file(&self, games: u64) -> SweepFile {
        let mut file = self.plain_file(games);
        // The same variant and policy with no other flag: what clap gives a bare command.
        let mut bare = vec!["robsim", "run", "-g", "1", "-v", &self.variant];
        let policy = self.policy();
        bare.extend(["-P", &policy]);
        if let Ok(Cli {
            cmd: Cmd::Run { game, .. },
        }) = Cli::try_parse_from(&bare)
        {
            let rest = |f: &SweepFile| {
                let mut f = f.clone();
                f.name.clear();
                f.seed = 0;
                f.games = 1;
                let g = &mut f.grid;
                (
                    g.players,
                    g.difficulty,
                    g.start_cards,
                    g.modifiers,
                    g.robbers,
                ) = (None, None, None, None, None);
                toml::to_string(&f).unwrap_or_default()
            };
            let mine = rest(&file);
            if mine != rest(&game.plain_file(1)) {
                let hash = robsim::report::sha256_hex(mine.as_bytes());
                file.name = format!("{}-x{}", file.name, &hash[..8]);
            }
        }
        file
    }

    /// The one-row sweep file these flags describe, its name without the hash of the further
    /// settings.
    fn plain_file(&self, games: u64) -> SweepFile {
        let one = |x: &Option<String>| x.clone().map(OneOrMany::One);
        let temperature = self.setup_temperature.unwrap_or(0.0);
        let modifiers = self.modifiers.as_deref().unwrap_or("none");
        let level = match (&self.difficulty, self.start_cards) {
            (Some(d), _) => format!("-{d}"),
            (None, Some(c)) => format!("-{c}cards"),
            (None, None) => String::new(),
        };
        let policy = self.policy();
        // Tuned knobs with a set-up temperature: the built-in ones, at that temperature.
        let team_tuned =
            (policy == "team-tuned" && self.setup_temperature.is_some()).then(|| TeamKnobs {
                setup_temperature: temperature,
                ..robsim::config::learn::builtin_team_tuned()
            });
        SweepFile {
            name: format!(
                "run-{}-{}p-{}{}{level}-seed{}",
                self.variant,
                self.players(),
                folder_name(&policy),
                if self.is_carcassonne() {
                    if self.robbers.unwrap_or(true) {
                        "-robbers"
                    } else {
                        ""
                    }
                    .to_string()
                } else if modifiers.trim() == "none" {
                    String::new()
                } else {
                    // `+` is not allowed in folder names.
                    let m: String = modifiers
                        .chars()
                        .map(|c| {
                            if c.is_ascii_alphanumeric() || c == '_' {
                                c
                            } else {
                                '-'
                            }
                        })
                        .collect();
                    format!("-{m}")
                },
                self.seed
            ),
            description: "written by robsim run".into(),
            seed: self.seed,
            games: games as i64,
            search_games: None,
            map: self.map.clone().unwrap_or_else(|| "base".into()),
            tiles: self.tiles.clone().unwrap_or_else(|| "base".into()),
            rows: Vec::new(),
            rule_sets: None,
            shape: None,
            grid: GridFile {
                variant: Some(OneOrMany::One(self.variant.clone())),
                players: Some(OneOrMany::One(self.players() as i64)),
                policy: Some(OneOrMany::One(self.policy())),
                seats: None,
                rotate: None,
                board: one(&self.board),
                difficulty: one(&self.difficulty),
                start_cards: self.start_cards.map(|c| OneOrMany::One(c as i64)),
                robert_target: one(&self.robert_target),
                city_weight: self.city_weight.map(|w| OneOrMany::One(w as i64)),
                awards: self.awards.map(OneOrMany::One),
                modifiers: one(&self.modifiers),
                setup_raiders: self.setup_raiders.map(OneOrMany::One),
                volcano_start: self.volcano_start.map(OneOrMany::One),
                robbers: self.robbers.map(OneOrMany::One),
                robber_placement: one(&self.robber_placement),
                robber_final_points: self.robber_final_points.map(OneOrMany::One),
                vp_to_win: self.vp_to_win.map(OneOrMany::One),
                hand_limit: self.hand_limit.map(OneOrMany::One),
                soldier_flips: self.soldier_flips.map(OneOrMany::One),
                seven_flips: self.seven_flips.map(OneOrMany::One),
                robert_skip: self.robert_skip.map(OneOrMany::One),
                monopoly: one(&self.monopoly),
                keep_back: self.keep_back.map(OneOrMany::One),
                reshuffled_knights: one(&self.reshuffled_knights),
                lost_card: one(&self.lost_card),
                knight_play: one(&self.knight_play),
                second_roll_doubles: one(&self.second_roll_doubles),
                jungle_shelters: self.jungle_shelters.then_some(OneOrMany::One(true)),
                taken_discoveries: one(&self.taken_discoveries),
                destroy_faces: self.destroy_faces.map(OneOrMany::One),
                tiles_to_lose: self.tiles_to_lose.map(OneOrMany::One),
                raider_pool: self.raider_pool.map(OneOrMany::One),
                raiders_per_build: self.raiders_per_build.map(OneOrMany::One),
                robber_share: one(&self.robber_share),
                rogue_beside: one(&self.rogue_beside),
                unplaceable_robber_tile: one(&self.unplaceable_robber_tile),
                robbers_per_player: self.robbers_per_player.map(OneOrMany::One),
                robber_tiles: self.robber_tiles.map(OneOrMany::One),
                spans_variants: Vec::new(),
                ..GridFile::default()
            },
            rules: RulesFile {
                turn_cap: self.turn_cap as i64,
            },
            greedy: GreedyKnobs {
                setup_temperature: temperature,
            },
            team: TeamKnobs {
                setup_temperature: temperature,
                ..Default::default()
            },
            solitaire: SolitaireKnobs {
                setup_temperature: temperature,
            },
            team_tuned,
            models: Default::default(),
            learned: self
                .model
                .clone()
                .map(|model| robsim::config::learn::LearnedFile {
                    model,
                    rules: Vec::new(),
                }),
            learn: None,
            ablate: None,
            calibrate: None,
            luck: None,
            ceiling: None,
            value: None,
            compare: Vec::new(),
            design: None,
            rollout: RolloutKnobs {
                rollouts: self.rollouts.unwrap_or(RolloutKnobs::default().rollouts),
                ..Default::default()
            },
        }
    }
}

/// `name` as a folder or file name: every character but letters, digits, '-', '_' and '.'
/// (a policy's ':') replaced by '-'.
pub(crate) fn folder_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect()
}

#[derive(Subcommand)]
pub(crate) enum Cmd {
    /// Play one configuration and write its report folder.
    #[command(after_help = RUN_EXAMPLES)]
    Run {
        /// Games to play (not needed with --precision).
        #[arg(value_name = "N", short, long, help_heading = GAME, value_parser = clap::value_parser!(u64).range(1..), required_unless_present = "precision", allow_hyphen_values = true)]
        games: Option<u64>,
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        common: Common,
    },
    /// Run a sweep config (a grid of configurations) and write its report folder.
    #[command(after_help = SWEEP_EXAMPLES)]
    Sweep {
        /// The sweep config (TOML), e.g. configs/robert-difficulty.toml.
        config: PathBuf,
        /// Override the config's games per row.
        #[arg(short, long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        #[command(flatten)]
        common: Common,
    },
    /// Ablation: play a config's one base row and each rule knob its `[ablate]` table lists moved
    /// one step either way (or to listed values), all on the same games; writes ablation.csv
    /// and a tornado chart besides the sweep's report.
    Ablate {
        /// The config with an `[ablate]` table, e.g. configs/robert-ablation.toml.
        config: PathBuf,
        /// Override the config's games per row.
        #[arg(short, long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        #[command(flatten)]
        common: Common,
    },
    /// Calibration: for each row of a config's grid (e.g. each player count), the values of the
    /// `[calibrate]` knob whose team win rates bracket each target; writes ladder.csv,
    /// evaluations.csv, ladder.svg, report.html and manifest.json.
    Calibrate {
        /// The config with a `[calibrate]` table, e.g. configs/robert-ladder.toml.
        config: PathBuf,
        /// Most games any value plays (overrides `max_games`; `batch` and `final_games` are
        /// capped at it): a quick trial of a long calibration.
        #[arg(short, long, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        #[command(flatten)]
        output: Output,
    },
    /// Design search: the rule settings (the `[design]` knobs and values, at most `max_changed`
    /// changed) whose win rates, seat shares or game lengths come nearest the config's targets,
    /// searched by NTBEA on common random numbers and confirmed on held-out games; writes
    /// design.csv, best.csv, effects.csv, targets.svg, fragment.toml and report.html.
    #[command(after_help = DESIGN_EXAMPLES)]
    Design {
        /// The config with a `[design]` table, e.g. configs/robert-design-3p.toml.
        config: PathBuf,
        #[command(flatten)]
        output: Output,
        /// Continue the design in --out
        ///
        /// Replays the search from the folder's design-state.json (every whole batch the
        /// stopped run played) and plays only the rest: the folder ends as the uninterrupted run
        /// would have written it.
        #[arg(long, help_heading = OUTPUT, conflicts_with = "force")]
        resume: bool,
        /// Explore run I of N (N = design.runs)
        ///
        /// Only NTBEA run I's exploration, no race or confirmation: `robsim merge` of the N
        /// folders pools them, races and confirms, as `robsim design` does with design.runs = N.
        #[arg(long, help_heading = OUTPUT, value_name = "I/N", value_parser = Shard::parse)]
        shard: Option<Shard>,
    },
    /// Luck and skill: each row of a config's grid played by every `[luck]` rung on N boards ×
    /// M games per board (board fixed, dice varied; Carcassonne: a board is a tile order);
    /// writes luck.csv, boards.csv, pairs.csv, features.csv, seats.csv, figures and report.html.
    #[command(after_help = LUCK_EXAMPLES)]
    Luck {
        /// The config with a `[luck]` table, e.g. configs/robert-luck.toml.
        config: PathBuf,
        /// Override `[luck] boards`: boards per row for every rung (2..1,000,000).
        #[arg(value_name = "N", long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
        boards: Option<u64>,
        /// Override `[luck] games_per_board`: games per board for every rung (2..1,000,000).
        #[arg(value_name = "M", short, long = "games-per-board", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
        games_per_board: Option<u64>,
        #[command(flatten)]
        output: Output,
    },
    /// The ceiling: each row's search player (rollout-N or halving-N, over its base) played at
    /// N, 2N, 4N, ... futures on the same games until a doubling gains less than
    /// `[ceiling] gain_points` with its 95% paired interval under `upper_points`, or until
    /// `max_budget`; writes ceiling.csv (each budget's win rate, its gain over the one before and
    /// its cost per game).
    Ceiling {
        /// The config, e.g. configs/research/robert-ceiling-search.toml: co-operative rows, each played
        /// by a search player whose budget is where its curve starts; `games` per budget.
        config: PathBuf,
        #[command(flatten)]
        output: Output,
        /// Continue the climb in --out
        ///
        /// Keeps every budget and game the folder's climb finished (stopped by Ctrl-C, SIGTERM
        /// or a time limit, or capped by --max-budget) and plays only the rest: the folder ends
        /// as the climb played at once would have written it.
        #[arg(long, help_heading = OUTPUT, conflicts_with = "force")]
        resume: bool,
        /// Play slice I of N of each budget's games
        ///
        /// Every budget up to --max-budget (the stop rule needs all the games: `robsim merge` of
        /// the N folders applies it and writes the one-shot climb's report).
        #[arg(long, help_heading = OUTPUT, value_name = "I/N", value_parser = Shard::parse)]
        shard: Option<Shard>,
        /// Play budgets up to B only [default: ceiling.max_budget]
        ///
        /// A climb in stages: --resume with a larger B goes on from there.
        #[arg(value_name = "B", long, help_heading = OUTPUT, allow_negative_numbers = true)]
        max_budget: Option<i64>,
    },
    /// Re-run a report folder from its manifest and config (same seed, games and shard).
    Rerun {
        /// The report folder to reproduce (a sweep's, run's, ablation's or calibration's).
        dir: PathBuf,
        /// Worker threads (0 = one per core). Results are identical for any count.
        #[arg(short = 'j', long, default_value_t = 0)]
        threads: usize,
        /// Report folder (default: DIR-rerun).
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Write into a non-empty folder that robsim did not write.
        #[arg(long)]
        force: bool,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Merge the shard folders of one run into the one-shot run's report.
    Merge {
        /// Shard folders (written with --shard i/n), in any order.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Report folder for the merged run.
        #[arg(short, long)]
        out: PathBuf,
        /// Write into a non-empty folder that robsim did not write.
        #[arg(long)]
        force: bool,
    },
    /// Bring report folders to today's schema without playing their games again.
    ///
    /// A sweep's or ablation's folder is written again from its saved statistics (state.json);
    /// any other folder's tables are migrated (columns renamed, keys' form). Each keeps the
    /// command, clock and build that played it and records the build that upgraded it.
    #[command(after_help = UPGRADE_EXAMPLES)]
    Upgrade {
        /// Report folders (robsim wrote them), in any order.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Say which folders are behind today's schema and how each would be upgraded; write
        /// nothing (exit 1 when one is behind).
        #[arg(long)]
        check: bool,
        /// Upgrade a folder at today's schema too: a sweep's written again from its saved
        /// statistics, another's Data Package written again from the column registry (after a
        /// change to descriptions, joins or figures alone).
        #[arg(long)]
        force: bool,
    },
    /// Tune the team policy's knobs for a config's team rows, or the base knobs of the learned
    /// model its learned rows play (coordinate search with common random numbers), then test
    /// them against the starting knobs on held-out games.
    Tune {
        /// The sweep config whose team rows (from its `[team]` table) or learned rows (from the
        /// model's base knobs, its weights kept) are tuned.
        config: PathBuf,
        /// Training games per row and candidate.
        #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        train_games: u64,
        /// Held-out games per row for the final paired test.
        #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        test_games: u64,
        /// Passes of coordinate search at most (it stops early when a pass changes nothing).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=20))]
        rounds: u32,
        /// Where it goes [default: out/<name>-tune]; --force as for every report folder.
        #[command(flatten)]
        output: Output,
    },
    /// Expert iteration: learn a fast `learned` player from the rollout search player over a
    /// config's rows (its `[learn]` table); writes model.toml and every round's figures.
    Learn {
        /// The config with a `[learn]` table, e.g. configs/training/robert-learn.toml.
        config: PathBuf,
        /// Override `[learn] rounds` (1..20).
        #[arg(value_name = "N", long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=20))]
        rounds: Option<u32>,
        /// Override `[learn] train_games`: training games per row and round (1..10,000,000).
        #[arg(value_name = "N", long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
        train_games: Option<u64>,
        /// Override `[learn] test_games`: held-out games per row (1..100,000,000).
        #[arg(value_name = "N", long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
        test_games: Option<u64>,
        /// Go on from the labels an earlier run of the same config into this folder paid for
        /// (its resume-labels.txt): their rollouts are not played again, and the model is the
        /// same bytes as a run never stopped.
        #[arg(long)]
        resume: bool,
        /// Label slice I of N of each round's training games
        ///
        /// Every shard writes the labels of its slice into the run's folder (--out, shared by
        /// the shards) as resume-labels-shard-I-of-N.txt, reads the other shards' files found
        /// there, and stops at the first round some slice of which is not labelled yet; the run
        /// without --shard (--resume) then fits on all of them and writes the model, the same
        /// bytes as a run never sharded.
        #[arg(long, value_name = "I/N", value_parser = Shard::parse, conflicts_with = "force")]
        shard: Option<Shard>,
        /// Where it goes [default: out/<name>]; --force as for every report folder. The model
        /// is identical for any thread count.
        #[command(flatten)]
        output: Output,
    },
    /// Fit the value model that scores truncated search futures (`rollout-16:learned@40`) from
    /// the positions of a config's Robert rows (its `[value]` table); writes value.toml and
    /// fit.csv.
    LearnValue {
        /// The config with a `[value]` table, e.g. configs/training/robert-value.toml.
        config: PathBuf,
        /// Where it goes [default: out/<name>]; --force as for every report folder. The model
        /// is identical for any thread count.
        #[command(flatten)]
        output: Output,
    },
    /// Play random games of every variant with every invariant checked after every step.
    Soak {
        /// Games to play.
        #[arg(short, long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Master seed.
        #[arg(short, long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (0 = one per core).
        #[arg(short = 'j', long, default_value_t = 0)]
        threads: usize,
    },
    /// Measure games/s and player-turns/s of standard workloads with 1 thread and all threads.
    Bench {
        /// Games per workload and measurement.
        #[arg(short, long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Measurements per workload and thread count; the median is reported.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=99))]
        repeats: u64,
        /// Threads for the parallel measurement (0 = one per core).
        #[arg(short = 'j', long, default_value_t = 0)]
        threads: usize,
        /// Only workloads whose name contains this text.
        #[arg(long)]
        only: Option<String>,
        /// Also write the table as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// Time whole commands instead of workloads: the main sweep, `robsim luck` and `robsim
        /// learn` on small versions of configs/robert-{difficulty,luck,learn}.toml (read from
        /// the current folder), each at 1 thread and all threads, failing if their reports
        /// differ.
        #[arg(long, conflicts_with = "games")]
        jobs: bool,
    },
    /// Write one game as JSON Lines (format: docs/trace-format.md): game K of the run the flags
    /// describe, or of row N of a config.
    #[command(after_help = TRACE_EXAMPLES)]
    Trace {
        /// A sweep config whose row --row to trace, instead of the game flags.
        #[arg(short, long, help_heading = GAME, conflicts_with = "GameArgs")]
        config: Option<PathBuf>,
        /// Row of the configuration (summary.csv's `row`) [default: 0, with a note when there
        /// are more].
        #[arg(short, long, help_heading = GAME)]
        row: Option<usize>,
        /// Game index: the trace is game K of that row (games.csv's `game`).
        #[arg(short = 'i', long, help_heading = GAME, value_name = "K", default_value_t = 0)]
        game_index: u64,
        #[command(flatten)]
        game: GameArgs,
        /// Output file [default: standard output].
        ///
        /// Its folder must exist (checked before the game is played); a file there that robsim
        /// did not write (not a trace or replay page) is refused, see --force.
        #[arg(short, long, help_heading = OUTPUT)]
        out: Option<PathBuf>,
        /// Write the game's replay page (one self-contained HTML file) instead of the JSON Lines.
        #[arg(long, help_heading = OUTPUT)]
        html: bool,
        /// Replace --out even where it is a file robsim did not write.
        #[arg(long, help_heading = OUTPUT)]
        force: bool,
    },
    /// The replay page of a trace: one self-contained HTML file (no network, works from
    /// file://) with the board at every turn, a turn slider and each turn's events.
    Replay {
        /// A trace written by `robsim trace` (JSON Lines).
        trace: PathBuf,
        /// The HTML file to write (default: the trace's name with .html).
        ///
        /// Its folder must exist; a file there that robsim did not write (not a trace or replay
        /// page) is refused, see --force.
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Replace the HTML file even where it is a file robsim did not write.
        #[arg(long)]
        force: bool,
    },
}
