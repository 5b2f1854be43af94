//! The `robsim` command line: flags and config files become a validated sweep, then it runs.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use robsim::carcassonne::RobberPlacement;
use robsim::catan::policy::PolicySpec;
use robsim::catan::policy::TeamKnobs;
use robsim::catan::{BoardKind, RobertTarget, Variant};
use robsim::config::{
    GridFile, OneOrMany, RulesFile, Sweep, SweepFile, CARCASSONNE, DEFAULT_TURN_CAP, DIFFICULTIES,
};
use robsim::games::{run_sweep, write_merged};
use robsim::report::shard::{load_shards, Folder, Shard};
use robsim::report::sweep::{default_out, Budget, Format, RunOptions, DEFAULT_MAX_GAMES};
use std::path::PathBuf;

/// A clap value parser accepting exactly the names of an enum's own name table, so the CLI's
/// allowed values and the config's come from one place.
fn names(values: impl IntoIterator<Item = &'static str>) -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(values)
}
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "robsim",
    version,
    about = "Monte Carlo balance analysis for board-game robber variants"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Args)]
struct Common {
    /// Worker threads (0 = one per core). Results are identical for any count.
    #[arg(long, allow_negative_numbers = true, default_value_t = 0)]
    threads: usize,
    /// Report folder (default: reports/<name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Play only slice I of N (0-based) of the game indices; `robsim merge` combines the slices.
    #[arg(long, value_name = "I/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
    /// Play each row in batches of 2,000 games until the 95% half-width of its win rate is at
    /// most this (e.g. 0.005 for ±0.5 points), up to --max-games. Replaces the games count.
    #[arg(long, value_parser = parse_precision)]
    precision: Option<f64>,
    /// With --precision: most games per row.
    #[arg(long, requires = "precision", value_parser = clap::value_parser!(u64).range(1..))]
    max_games: Option<u64>,
    /// Summary format: csv (summary.csv) or json (summary.json beside summary.csv).
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
}

fn parse_precision(s: &str) -> Result<f64, String> {
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
    fn budget(&self, games: u64) -> Budget {
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
struct GameArgs {
    /// Game to play.
    #[arg(long, value_parser = names(Variant::NAMES.iter().copied().chain([CARCASSONNE])), default_value = "base")]
    variant: String,
    /// Number of players (2..4; solitaire: 1; raiders: 3..6; carcassonne: 2..5). Default: 4, or 1
    /// for solitaire.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(1..=6))]
    players: Option<u8>,
    /// Raiders: set-up settlements place raiders too.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    setup_raiders: bool,
    /// Raiders: a starting settlement may touch a volcano.
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set)]
    volcano_start: bool,
    /// Carcassonne: play with The Robbers expansion.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    robbers: bool,
    /// Carcassonne: who else may place a robber when a robber tile is drawn.
    #[arg(long, value_parser = names(RobberPlacement::NAMES.iter().copied()), default_value = "next-in-stock")]
    robber_placement: String,
    /// Carcassonne: points per robber still on the board at the end (3: 2013 rule, 0: 2012).
    #[arg(long, value_parser = ["3", "0"], default_value = "3")]
    robber_final_points: String,
    /// Carcassonne: tile file (`base` is the built-in configs/carcassonne-tiles.toml).
    #[arg(long, default_value = "base")]
    tiles: String,
    /// Scripted policy in every seat (default: greedy for base, team for robert, solitaire for
    /// solitaire).
    #[arg(long, value_parser = names(PolicySpec::NAMES.iter().copied()))]
    policy: Option<String>,
    /// Rule modifiers: none, or volcano, gold, tech_advancement joined by '+'.
    #[arg(long, default_value = "none")]
    modifiers: String,
    /// Solitaire: award longest road and largest army.
    #[arg(long, default_value_t = true, action = clap::ArgAction::Set)]
    awards: bool,
    /// Master seed.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    seed: u64,
    /// Board: the map's fixed layout, or shuffled per game (6 and 8 apart unless
    /// random-red-adjacent). Default: random; fixed for raiders.
    #[arg(long, value_parser = names(BoardKind::NAMES.iter().copied()))]
    board: Option<String>,
    /// Map: `base` or a map file path (raiders: `base` means raiders-3-4 or raiders-5-6 by the
    /// number of players).
    #[arg(long, default_value = "base")]
    map: String,
    /// Robert difficulty.
    #[arg(long, allow_hyphen_values = true, value_parser = names(DIFFICULTIES.iter().map(|d| d.0)), conflicts_with = "start_cards")]
    difficulty: Option<String>,
    /// Robert: starting development cards per player (any count; the difficulty levels are 0..=3).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u8).range(0..=8))]
    start_cards: Option<u8>,
    /// Robert's targeting reading.
    #[arg(long, value_parser = names(RobertTarget::NAMES.iter().copied()), default_value = "adjacent")]
    robert_target: String,
    /// Robert: weight of a city when he counts buildings on a hex.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    city_weight: u8,
    /// Player-turns after which a game stops as a cap-out.
    #[arg(long, allow_negative_numbers = true, default_value_t = DEFAULT_TURN_CAP, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    turn_cap: u32,
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
    fn sweep_file(&self, games: u64) -> SweepFile {
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
                robber_final_points: self.is_carcassonne().then(|| {
                    OneOrMany::One(if self.robber_final_points == "0" {
                        0
                    } else {
                        3
                    })
                }),
            },
            rules: RulesFile {
                turn_cap: self.turn_cap as i64,
            },
            team: TeamKnobs::default(),
        }
    }
}

#[derive(Subcommand)]
enum Cmd {
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
    },
}

/// Errors in what the user gave us (exit 2) versus failures while running (exit 1), and runs
/// cut short by Ctrl-C after writing their partial report (exit 130).
enum Failure {
    Input(anyhow::Error),
    Run(anyhow::Error),
    Interrupted,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let cli = Cli::parse();
    match real_main(cli, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Input(e)) => {
            eprintln!("robsim: error: {e:#}");
            ExitCode::from(2)
        }
        Err(Failure::Run(e)) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("robsim: error: {e:#}");
            ExitCode::from(1)
        }
        Err(Failure::Interrupted) => {
            eprintln!(
                "robsim: interrupted: the report holds the games finished so far (partial = true)"
            );
            ExitCode::from(130)
        }
    }
}

/// Ctrl-C (SIGINT) asks the runner to stop after the chunks under way; a second one exits at
/// once (files are written atomically, so nothing half-written is left under a final name).
fn install_interrupt_handler() {
    use std::sync::atomic::Ordering;
    let _ = ctrlc::set_handler(|| {
        if robsim::engine::runner::STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn real_main(cli: Cli, args: Vec<String>) -> Result<(), Failure> {
    match cli.cmd {
        Cmd::Run {
            game,
            games,
            common,
        } => {
            let file = game.sweep_file(games.unwrap_or(1));
            let text = toml::to_string(&file)
                .context("serialising the run's config")
                .map_err(Failure::Run)?;
            let sweep = Sweep::from_file(file, "command line").map_err(Failure::Input)?;
            execute(&sweep, common, args, text)
        }
        Cmd::Trace {
            game,
            game_index,
            out,
        } => trace(&game, game_index, out),
        Cmd::Rerun {
            dir,
            threads,
            out,
            quiet,
        } => {
            let folder = Folder::load(&dir, false).map_err(Failure::Input)?;
            let mut sweep = folder.sweep().map_err(Failure::Input)?;
            let recorded = folder.manifest.robsim_version.as_str();
            if recorded != env!("CARGO_PKG_VERSION") {
                eprintln!(
                    "robsim: warning: {} was written by robsim {recorded}, this is {}",
                    dir.display(),
                    env!("CARGO_PKG_VERSION")
                );
            }
            let shard = folder.shard();
            sweep.games = folder.manifest.games_per_row;
            let out = out.unwrap_or_else(|| {
                let mut s = dir.as_os_str().to_owned();
                s.push("-rerun");
                PathBuf::from(s)
            });
            let precision = folder.manifest.precision;
            let common = Common {
                threads,
                out: Some(out),
                quiet,
                shard,
                precision: precision.map(|p| p.target_halfwidth95),
                max_games: precision.map(|p| p.max_games),
                format: Format::Csv,
            };
            execute(&sweep, common, args, folder.config_text)
        }
        Cmd::Merge { dirs, out } => {
            let shards = load_shards(&dirs).map_err(Failure::Input)?;
            robsim::games::check(&shards.sweep).map_err(Failure::Input)?;
            robsim::report::ReportDir::create(&out).map_err(Failure::Input)?;
            let (dir, summary) = write_merged(&shards, &out, &args).map_err(Failure::Run)?;
            print_summary(&summary).map_err(Failure::Run)?;
            println!("report: {}", dir.display());
            Ok(())
        }
        Cmd::Soak {
            games,
            seed,
            threads,
        } => soak(games, seed, threads),
        Cmd::Bench {
            games,
            repeats,
            threads,
            only,
            csv,
        } => bench(games, repeats as usize, threads, only, csv),
        Cmd::Sweep {
            config,
            games,
            common,
        } => {
            let text = std::fs::read_to_string(&config)
                .with_context(|| format!("cannot read config file {}", config.display()))
                .map_err(Failure::Input)?;
            let mut sweep =
                Sweep::parse(&text, &config.display().to_string()).map_err(Failure::Input)?;
            // The config as run: its hash identifies the run for `merge` and `rerun`.
            if let Some(g) = games {
                sweep.games = g;
            }
            execute(&sweep, common, args, text)
        }
    }
}

fn execute(
    sweep: &Sweep,
    common: Common,
    args: Vec<String>,
    config_text: String,
) -> Result<(), Failure> {
    if let (Some(s), Some(_)) = (common.shard, common.precision) {
        return Err(Failure::Input(anyhow::anyhow!(
            "--shard {s} with --precision: a precision run's game count depends on its results, so it cannot be split; allowed: --shard with a fixed --games only"
        )));
    }
    if let Some(s) = common.shard {
        if s.count > sweep.games {
            return Err(Failure::Input(anyhow::anyhow!(
                "--shard {s}: {} slices of {} games per row leave some empty; allowed: N at most the games per row",
                s.count,
                sweep.games
            )));
        }
    }
    let out = common.out.clone().unwrap_or_else(|| match common.shard {
        Some(s) => default_out(&format!(
            "{}-shard-{}-of-{}",
            sweep.file.name, s.index, s.count
        )),
        None => default_out(&sweep.file.name),
    });
    robsim::games::check(sweep).map_err(Failure::Input)?;
    robsim::report::ReportDir::create(&out).map_err(Failure::Input)?;
    let opts = RunOptions {
        threads: common.threads,
        out,
        quiet: common.quiet,
        command: args,
        config_text,
        shard: common.shard,
        budget: common.budget(sweep.games),
        format: common.format,
    };
    install_interrupt_handler();
    let (dir, summary) = run_sweep(sweep, &opts).map_err(Failure::Run)?;
    print_summary(&summary).map_err(Failure::Run)?;
    println!("report: {}", dir.display());
    if robsim::engine::runner::stop_requested() {
        return Err(Failure::Interrupted);
    }
    Ok(())
}

/// `robsim soak`: random games of every variant, invariants after every step.
fn soak(games: u64, seed: u64, threads: usize) -> Result<(), Failure> {
    install_interrupt_handler();
    let t0 = std::time::Instant::now();
    let r =
        robsim::engine::runner::with_threads(threads, || robsim::catan::soak::soak(seed, games))
            .map_err(Failure::Run)?;
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "soak: {} games ({} steps, {} illegal actions refused) in {secs:.1} s ({:.0} games/s): {} invariant violations",
        r.games,
        r.steps,
        r.refused,
        r.games as f64 / secs.max(1e-9),
        r.violations
    );
    for m in &r.first_violations {
        println!("  {m}");
    }
    if robsim::engine::runner::stop_requested() {
        return Err(Failure::Interrupted);
    }
    if r.violations > 0 {
        return Err(Failure::Run(anyhow::anyhow!(
            "{} invariant violations",
            r.violations
        )));
    }
    Ok(())
}

/// Prints the key columns of summary.csv as an aligned table.
fn print_summary(csv_bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut r = csv::Reader::from_reader(csv_bytes);
    let headers = r.headers()?.clone();
    use robsim::report::Tables;
    // A report holds one game: Catan's headline columns, else Carcassonne's.
    let want = if headers.iter().any(|h| h == "robbers") {
        robsim::carcassonne::experiment::CarcassonneRow::headline_columns()
    } else {
        robsim::catan::experiment::CatanRow::headline_columns()
    };
    let idx: Vec<usize> = want
        .iter()
        .filter_map(|w| headers.iter().position(|h| h == *w))
        .collect();
    let mut rows: Vec<Vec<String>> = vec![idx.iter().map(|&i| headers[i].to_string()).collect()];
    for rec in r.records() {
        let rec = rec?;
        rows.push(idx.iter().map(|&i| rec[i].to_string()).collect());
    }
    // Drop columns that are empty in every row (e.g. seat wins in a co-op sweep).
    let keep: Vec<usize> = (0..idx.len())
        .filter(|&c| rows[1..].iter().any(|r| !r[c].is_empty()))
        .collect();
    let widths: Vec<usize> = keep
        .iter()
        .map(|&c| rows.iter().map(|r| r[c].len()).max().unwrap_or(0))
        .collect();
    let mut out = std::io::stdout().lock();
    for r in &rows {
        let line: Vec<String> = keep
            .iter()
            .zip(&widths)
            .map(|(&c, &w)| format!("{:>w$}", r[c]))
            .collect();
        writeln!(out, "{}", line.join("  "))?;
    }
    Ok(())
}

/// Writes game `index` of the configuration as JSON Lines to `out` (atomically) or stdout.
fn trace(game: &GameArgs, index: u64, out: Option<PathBuf>) -> Result<(), Failure> {
    use robsim::catan::sim::{layout_for, GameRngs};
    use robsim::catan::trace::{write_trace, TraceHeader};
    use robsim::catan::Topology;
    let sweep = Sweep::from_file(game.sweep_file(1), "command line").map_err(Failure::Input)?;
    if let Some(&row) = sweep.carcassonne.first() {
        return carcassonne_trace(game, row, index, out);
    }
    let row = sweep.rows[0];
    let map = robsim::catan::mapfile::map_for(&game.map, &row.rules);
    let maps = robsim::catan::rows::Maps::load(&sweep).map_err(Failure::Input)?;
    let topo: &Topology = maps.get(&map);
    let layout = layout_for(topo, row.board, game.seed, index);
    let header = TraceHeader::new(row.policy.name(), row.board, &map, game.seed, index);
    let mut rngs = GameRngs::new(game.seed, index);
    let mut buf: Vec<u8> = Vec::new();
    let mut w: Box<dyn std::io::Write> = match &out {
        Some(_) => Box::new(&mut buf),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let result = write_trace(
        &mut w,
        topo,
        layout,
        row.rules,
        &mut row.policy.player(),
        &header,
        &mut rngs,
    );
    let flushed = w.flush().map_err(anyhow::Error::from);
    drop(w);
    result.and(flushed).map_err(Failure::Run)?;
    if let Some(path) = out {
        robsim::report::write_atomic(&path, &buf).map_err(Failure::Run)?;
    }
    Ok(())
}

/// `trace --variant carcassonne`: one Carcassonne game as JSON Lines (docs/trace-format.md).
fn carcassonne_trace(
    game: &GameArgs,
    row: robsim::carcassonne::experiment::CarcSpec,
    index: u64,
    out: Option<PathBuf>,
) -> Result<(), Failure> {
    let tiles = robsim::carcassonne::experiment::resolve_tiles(&game.tiles)
        .with_context(|| format!("--tiles {:?}", game.tiles))
        .map_err(Failure::Input)?;
    let mut buf: Vec<u8> = Vec::new();
    {
        let mut w: Box<dyn std::io::Write> = match &out {
            Some(_) => Box::new(&mut buf),
            None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
        };
        robsim::carcassonne::trace::write_trace(&mut w, tiles, &game.tiles, row, game.seed, index)
            .and_then(|()| w.flush().map_err(anyhow::Error::from))
            .map_err(Failure::Run)?;
    }
    if let Some(path) = out {
        robsim::report::write_atomic(&path, &buf).map_err(Failure::Run)?;
    }
    Ok(())
}

/// Runs `robsim bench` and prints its table.
fn bench(
    games: u64,
    repeats: usize,
    threads: usize,
    only: Option<String>,
    csv: Option<PathBuf>,
) -> Result<(), Failure> {
    use std::io::Write;
    let all = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    let lines = robsim::catan::bench::run_bench(games, repeats, all, only.as_deref())
        .map_err(Failure::Run)?;
    let mut out = std::io::stdout().lock();
    let w = |o: &mut std::io::StdoutLock, s: String| {
        o.write_all(s.as_bytes())
            .map_err(|e| Failure::Run(e.into()))
    };
    w(
        &mut out,
        format!(
            "{:<26} {:>7} {:>8} {:>13} {:>10} {:>11} {:>15} {:>8}\n",
            "workload",
            "threads",
            "games",
            "turns/game",
            "seconds",
            "games/s",
            "player-turns/s",
            "scaling"
        ),
    )?;
    for l in &lines {
        w(
            &mut out,
            format!(
                "{:<26} {:>7} {:>8} {:>13.1} {:>10.3} {:>11.0} {:>15.0} {:>8}\n",
                l.workload,
                l.threads,
                l.games,
                l.player_turns_per_game,
                l.seconds_median,
                l.games_per_s,
                l.player_turns_per_s,
                l.scaling.map_or(String::new(), |s| format!("{s:.2}x"))
            ),
        )?;
    }
    w(
        &mut out,
        format!("machine: {}\n", robsim::report::machine()),
    )?;
    if let Some(path) = csv {
        let mut wtr = csv::Writer::from_writer(Vec::new());
        for l in &lines {
            wtr.serialize(l).map_err(|e| Failure::Run(e.into()))?;
        }
        let bytes = wtr
            .into_inner()
            .map_err(|e| Failure::Run(anyhow::anyhow!("{e}")))?;
        robsim::report::write_atomic(&path, &bytes).map_err(Failure::Run)?;
    }
    Ok(())
}
