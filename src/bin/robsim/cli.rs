//! The command line's flags and subcommands (clap derive), and how game flags become a one-row sweep file.

use clap::{Parser, Subcommand};
use robsim::carcassonne::RobberPlacement;
use robsim::catan::policy::PolicySpec;
use robsim::catan::policy::{GreedyKnobs, RolloutKnobs, SolitaireKnobs, TeamKnobs};

/// A set-up temperature: a finite number from 0 to 100.
fn temperature(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(t) if (0.0..=100.0).contains(&t) => Ok(t),
        _ => Err(format!("{s:?}: allowed a number from 0 to 100")),
    }
}
use robsim::catan::{BoardKind, RobertTarget, Variant};
use robsim::config::{
    GridFile, OneOrMany, RulesFile, SweepFile, CARCASSONNE, DEFAULT_TURN_CAP, DIFFICULTIES,
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
    version,
    about = "Monte Carlo balance analysis for board-game robber variants"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) cmd: Cmd,
}

#[derive(clap::Args)]
pub(crate) struct Common {
    /// Worker threads (0 = one per core). Results are identical for any count.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Report folder (default: reports/<name>).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    pub(crate) quiet: bool,
    /// Play only slice I of N (0-based) of the game indices; `robsim merge` combines the slices.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    pub(crate) shard: Option<Shard>,
    /// Play each row in batches of 2,000 games until the 95% half-width of its win rate is at
    /// most this (e.g. 0.005 for ±0.5 points), up to --max-games. Replaces the games count.
    #[arg(long, value_parser = parse_precision)]
    pub(crate) precision: Option<f64>,
    /// With --precision: most games per row.
    #[arg(long, requires = "precision", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) max_games: Option<u64>,
    /// Summary format: csv (summary.csv) or json (summary.json beside summary.csv).
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    pub(crate) format: Format,
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

/// The flags that choose one game configuration (shared by `run` and `trace`).
#[derive(clap::Args)]
pub(crate) struct GameArgs {
    /// Game to play.
    #[arg(long, value_parser = names(Variant::NAMES.iter().copied().chain([CARCASSONNE])), default_value = "base")]
    pub(crate) variant: String,
    /// Number of players (2..4; solitaire: 1; raiders: 3..6; carcassonne: 2..5). Default: 4, or 1
    /// for solitaire.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub(crate) players: Option<u8>,
    /// Raiders: set-up settlements place raiders too.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    pub(crate) setup_raiders: bool,
    /// Raiders: a starting settlement may touch a volcano.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    pub(crate) volcano_start: bool,
    /// Carcassonne: play with The Robbers expansion.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub(crate) robbers: bool,
    /// Carcassonne: who else may place a robber when a robber tile is drawn.
    #[arg(long, value_parser = names(RobberPlacement::NAMES.iter().copied()), default_value = "next-in-stock")]
    pub(crate) robber_placement: String,
    /// Carcassonne: points per robber still on the board at the end (3: 2013 rule, 0: 2012).
    #[arg(long, allow_negative_numbers = true, default_value_t = 3)]
    pub(crate) robber_final_points: i64,
    /// Carcassonne: tile file (`base` is the built-in configs/carcassonne-tiles.toml).
    #[arg(long, default_value = "base")]
    pub(crate) tiles: String,
    /// Scripted policy in every seat (default: greedy for base, team for robert, solitaire for
    /// solitaire).
    #[arg(long, value_parser = names(PolicySpec::NAMES.iter().copied()))]
    pub(crate) policy: Option<String>,
    /// With --policy rollout: sampled futures per candidate action at a searched decision
    /// (default 16).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u16).range(1..=10_000))]
    pub(crate) rollouts: Option<u16>,
    /// With --policy learned: the model file (written by `robsim learn`), e.g.
    /// configs/models/robert.toml.
    #[arg(long)]
    pub(crate) model: Option<String>,
    /// Varied openings: softmax temperature of the set-up choices of greedy, team and solitaire
    /// (0: always the best corner).
    #[arg(long, allow_negative_numbers = true, default_value_t = 0.0, value_parser = temperature)]
    pub(crate) setup_temperature: f32,
    /// Rule modifiers: none, or volcano, gold, tech_advancement joined by '+'.
    #[arg(long, default_value = "none")]
    pub(crate) modifiers: String,
    /// Solitaire: award longest road and largest army.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    pub(crate) awards: bool,
    /// Master seed.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Board: the map's fixed layout, or shuffled per game (6 and 8 apart unless
    /// random-red-adjacent). Default: random; fixed for raiders.
    #[arg(long, value_parser = names(BoardKind::NAMES.iter().copied()))]
    pub(crate) board: Option<String>,
    /// Map: `base` or a map file path (raiders: `base` means raiders-3-4 or raiders-5-6 by the
    /// number of players).
    #[arg(long, default_value = "base")]
    pub(crate) map: String,
    /// Robert difficulty.
    #[arg(long, allow_hyphen_values = true, value_parser = names(DIFFICULTIES.iter().map(|d| d.0)), conflicts_with = "start_cards")]
    pub(crate) difficulty: Option<String>,
    /// Robert: starting development cards per player (any count; the difficulty levels are 0..=3).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..=8))]
    pub(crate) start_cards: Option<u8>,
    /// Robert's targeting reading.
    #[arg(long, value_parser = names(RobertTarget::NAMES.iter().copied()), default_value = "adjacent")]
    pub(crate) robert_target: String,
    /// Robert: weight of a city when he counts buildings on a hex.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub(crate) city_weight: u8,
    /// VP to win (default 10; raiders 13).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) vp_to_win: Option<i64>,
    /// A seven halves hands of more than this many cards (default 7; solitaire 5).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) hand_limit: Option<i64>,
    /// Robert: face-down tokens a soldier flips up (default 2).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) soldier_flips: Option<i64>,
    /// Robert: face-down tokens a seven flips up (default 1).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) seven_flips: Option<i64>,
    /// Robert: he rests on every k-th player-turn (default 0: he moves every turn; 1: never).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) robert_skip: Option<i64>,
    /// Robert: what a monopoly does: flip-up (default) or take.
    #[arg(long)]
    pub(crate) monopoly: Option<String>,
    /// Robert: knights of the largest army kept out of a reshuffle (default 3).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) keep_back: Option<i64>,
    /// Robert: knights shuffled back leave their armies (leave, default) or still count (count).
    #[arg(long)]
    pub(crate) reshuffled_knights: Option<String>,
    /// Solitaire: destruction-die faces that destroy a tile, 1 to this (default 4).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) destroy_faces: Option<i64>,
    /// Solitaire: destroyed tiles that lose the game (default 5).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) tiles_to_lose: Option<i64>,
    /// Solitaire: the card a seven takes may be a VP card (any, default) or not (not-vp).
    #[arg(long)]
    pub(crate) lost_card: Option<String>,
    /// Solitaire: knights only cancel sevens (cancel-only, default) or also move the robber (move-robber).
    #[arg(long)]
    pub(crate) knight_play: Option<String>,
    /// Raiders: raiders in the pool at the start (default 18; 24 for 5-6 players).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) raider_pool: Option<i64>,
    /// Raiders: raiders each built settlement or city places (default 2 for 4 or 6 players, 3 for 3 or 5).
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) raiders_per_build: Option<i64>,
    /// Raiders: a jungle counts as a producing neighbour when buildings are taken.
    #[arg(long)]
    pub(crate) jungle_shelters: bool,
    /// Carcassonne: robbers each player has: 1 (default, the seed) or 2.
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) robbers_per_player: Option<i64>,
    /// Carcassonne: the share of a score a robber takes: half (default), third, quarter or all, each rounded up.
    #[arg(long)]
    pub(crate) robber_share: Option<String>,
    /// Player-turns after which a game stops as a cap-out.
    #[arg(long, allow_negative_numbers = true, default_value_t = DEFAULT_TURN_CAP, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(crate) turn_cap: u32,
}

impl GameArgs {
    fn policy(&self) -> String {
        self.policy.clone().unwrap_or_else(|| {
            match self.variant.as_str() {
                "robert" => "team",
                "solitaire" => "solitaire",
                _ => "greedy",
            }
            .to_string()
        })
    }

    fn is_carcassonne(&self) -> bool {
        self.variant == "carcassonne"
    }

    fn players(&self) -> u8 {
        self.players
            .unwrap_or(if self.variant == "solitaire" { 1 } else { 4 })
    }

    /// The one-row sweep file these flags describe.
    pub(crate) fn sweep_file(&self, games: u64) -> SweepFile {
        SweepFile {
            name: format!(
                "run-{}-{}p-{}{}-seed{}",
                self.variant,
                self.players(),
                self.policy(),
                if self.is_carcassonne() {
                    if self.robbers { "-robbers" } else { "" }.to_string()
                } else if self.modifiers.trim() == "none" {
                    String::new()
                } else {
                    // `+` is not allowed in folder names.
                    let m: String = self
                        .modifiers
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
            map: self.map.clone(),
            tiles: self.tiles.clone(),
            grid: GridFile {
                variant: Some(OneOrMany::One(self.variant.clone())),
                players: Some(OneOrMany::One(self.players() as i64)),
                policy: Some(OneOrMany::One(self.policy())),
                board: self.board.clone().map(OneOrMany::One),
                difficulty: self.difficulty.clone().map(OneOrMany::One),
                start_cards: self.start_cards.map(|c| OneOrMany::One(c as i64)),
                robert_target: Some(OneOrMany::One(self.robert_target.clone())),
                city_weight: Some(OneOrMany::One(self.city_weight as i64)),
                awards: Some(OneOrMany::One(self.awards)),
                modifiers: Some(OneOrMany::One(self.modifiers.clone())),
                setup_raiders: (self.variant == "raiders")
                    .then_some(OneOrMany::One(self.setup_raiders)),
                volcano_start: (self.variant == "raiders")
                    .then_some(OneOrMany::One(self.volcano_start)),
                robbers: self
                    .is_carcassonne()
                    .then_some(OneOrMany::One(self.robbers)),
                robber_placement: self
                    .is_carcassonne()
                    .then(|| OneOrMany::One(self.robber_placement.clone())),
                robber_final_points: self
                    .is_carcassonne()
                    .then_some(OneOrMany::One(self.robber_final_points)),
                vp_to_win: self.vp_to_win.map(OneOrMany::One),
                hand_limit: self.hand_limit.map(OneOrMany::One),
                soldier_flips: self.soldier_flips.map(OneOrMany::One),
                seven_flips: self.seven_flips.map(OneOrMany::One),
                robert_skip: self.robert_skip.map(OneOrMany::One),
                monopoly: self.monopoly.clone().map(OneOrMany::One),
                keep_back: self.keep_back.map(OneOrMany::One),
                reshuffled_knights: self.reshuffled_knights.clone().map(OneOrMany::One),
                lost_card: self.lost_card.clone().map(OneOrMany::One),
                knight_play: self.knight_play.clone().map(OneOrMany::One),
                jungle_shelters: self.jungle_shelters.then_some(OneOrMany::One(true)),
                destroy_faces: self.destroy_faces.map(OneOrMany::One),
                tiles_to_lose: self.tiles_to_lose.map(OneOrMany::One),
                raider_pool: self.raider_pool.map(OneOrMany::One),
                raiders_per_build: self.raiders_per_build.map(OneOrMany::One),
                robber_share: self.robber_share.clone().map(OneOrMany::One),
                robbers_per_player: self.robbers_per_player.map(OneOrMany::One),
            },
            rules: RulesFile {
                turn_cap: self.turn_cap as i64,
            },
            greedy: GreedyKnobs {
                setup_temperature: self.setup_temperature,
            },
            team: TeamKnobs {
                setup_temperature: self.setup_temperature,
                ..Default::default()
            },
            solitaire: SolitaireKnobs {
                setup_temperature: self.setup_temperature,
            },
            team_tuned: None,
            ablate: None,
            calibrate: None,
            rollout: RolloutKnobs {
                rollouts: self.rollouts.unwrap_or(RolloutKnobs::default().rollouts),
                ..Default::default()
            },
            learned: self
                .model
                .clone()
                .map(|model| robsim::config::learn::LearnedFile { model }),
            learn: None,
        }
    }
}

#[derive(Subcommand)]
pub(crate) enum Cmd {
    /// Play one configuration and write its report folder.
    Run {
        #[command(flatten)]
        game: GameArgs,
        /// Games to play (not needed with --precision).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..), required_unless_present = "precision", allow_hyphen_values = true)]
        games: Option<u64>,
        #[command(flatten)]
        common: Common,
    },
    /// Run a sweep config (a grid of configurations) and write its report folder.
    Sweep {
        /// The sweep config (TOML), e.g. configs/robert-difficulty.toml.
        config: PathBuf,
        /// Override the config's games per row.
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
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
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        #[command(flatten)]
        common: Common,
    },
    /// Calibration: for each row of a config's grid (e.g. each player count), the values of the
    /// `[calibrate]` knob whose team win rates bracket each target; writes ladder.csv,
    /// evaluations.csv, ladder.svg and report.html.
    Calibrate {
        /// The config with a `[calibrate]` table, e.g. configs/robert-ladder.toml.
        config: PathBuf,
        /// Worker threads (0 = one per core). Results are identical for any count.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Output folder (default: reports/<name>).
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Re-run a report folder from its manifest and config (same seed, games and shard).
    Rerun {
        /// The report folder to reproduce.
        dir: PathBuf,
        /// Worker threads (0 = one per core). Results are identical for any count.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Report folder (default: DIR-rerun).
        #[arg(long)]
        out: Option<PathBuf>,
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
        #[arg(long)]
        out: PathBuf,
    },
    /// Tune the team policy's knobs for a config's team rows (coordinate search with common
    /// random numbers), then test them against the starting knobs on held-out games.
    Tune {
        /// The sweep config whose team rows (and `[team]` table, the starting point) are tuned.
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
        /// Worker threads (0 = one per core). Results are identical for any count.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Output folder (default: reports/<name>-tune).
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Expert iteration: learn a fast `learned` player from the rollout search player over the
    /// config's rows (its `[learn]` table); writes model.toml and the rounds' figures.
    Learn {
        /// The config with a `[learn]` table, e.g. configs/robert-learn.toml.
        config: PathBuf,
        /// Worker threads (0 = one per core). The model is identical for any count.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Output folder (default: reports/<name>).
        #[arg(long)]
        out: Option<PathBuf>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Play random games of every variant with every invariant checked after every step.
    Soak {
        /// Games to play.
        #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (0 = one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// Measure games/s and player-turns/s of standard workloads with 1 thread and all threads.
    Bench {
        /// Games per workload and measurement.
        #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// Measurements per workload and thread count; the median is reported.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=99))]
        repeats: u64,
        /// Threads for the parallel measurement (0 = one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Only workloads whose name contains this text.
        #[arg(long)]
        only: Option<String>,
        /// Also write the table as CSV to this file.
        #[arg(long)]
        csv: Option<PathBuf>,
    },
    /// Write one game as JSON Lines (format: docs/trace-format.md).
    Trace {
        #[command(flatten)]
        game: GameArgs,
        /// Game index: the trace is game I of a run with the same seed and flags.
        #[arg(long, default_value_t = 0)]
        game_index: u64,
        /// Output file (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write the game's replay page (one self-contained HTML file) instead of the JSON Lines.
        #[arg(long)]
        html: bool,
    },
    /// The replay page of a trace: one self-contained HTML file (no network, works from
    /// file://) with the board at every turn, a turn slider and each turn's events.
    Replay {
        /// A trace written by `robsim trace` (JSON Lines).
        trace: PathBuf,
        /// The HTML file to write (default: the trace's name with .html).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}
