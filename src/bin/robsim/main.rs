//! The `robsim` command line: flags and config files become a validated sweep.
//!
//! The `robsim` command line: flags and config files become a validated sweep, then it runs. One
//! file per command.

mod bench;
mod calibrate;
mod ceiling;
mod cli;
mod design;
mod examples;
mod jobs;
mod learn;
mod luck;
mod soak;
mod sweep;
mod trace;
mod tune;
mod upgrade;
mod value;

use anyhow::Context;
use clap::Parser;
use cli::{Cli, Cmd, Common};
use robsim::config::{Sweep, COMMAND_LINE};
use robsim::report::shard::Folder;
use robsim::report::sweep::Format;
use std::path::PathBuf;
use std::process::ExitCode;
use sweep::{execute, print_summary};

/// `robsim --version`: the version and the build (commit) it was made from, as manifests
/// record them, so that two builds of one version whose tables differ can be told apart.
pub(crate) fn build_version() -> &'static str {
    static V: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    V.get_or_init(|| {
        format!(
            "{} (commit {}, schema {})",
            env!("CARGO_PKG_VERSION"),
            robsim::report::git_commit().unwrap_or("unknown"),
            robsim::report::upgrade::SCHEMA
        )
    })
}

/// Errors in what the user gave us (exit 2) versus failures while running (exit 1), and runs
/// cut short by Ctrl-C after writing their partial report (exit 130).
pub(crate) enum Failure {
    Input(anyhow::Error),
    Run(anyhow::Error),
    Interrupted,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let cli = Cli::parse();
    let result = real_main(cli, args);
    // Files a config named that were read from their built-in copies (paths).
    for note in robsim::paths::take_notes() {
        eprintln!("robsim: note: {note}");
    }
    match result {
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
pub(crate) fn install_interrupt_handler() {
    use std::sync::atomic::Ordering;
    let _ = ctrlc::set_handler(|| {
        if robsim::engine::runner::STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

pub(crate) fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

pub(crate) fn real_main(cli: Cli, args: Vec<String>) -> Result<(), Failure> {
    match cli.cmd {
        Cmd::Run {
            game,
            games,
            common,
        } => {
            game.check().map_err(Failure::Input)?;
            let file = game.sweep_file(games.unwrap_or(1));
            let mut text = toml::to_string(&file)
                .context("serialising the run's config")
                .map_err(Failure::Run)?;
            let sweep = Sweep::from_file(file, COMMAND_LINE).map_err(Failure::Input)?;
            // What the row played of a model file or built-in table, for a person reading
            // config.toml (manifest.json's `models` says the same).
            for m in &sweep.models {
                text.push_str(&format!(
                    "# {} played {}, sha256 {}\n",
                    m.policies.join(", "),
                    m.source,
                    m.sha256
                ));
            }
            execute(&sweep, common, args, text)
        }
        Cmd::Trace {
            config,
            row,
            game_index,
            game,
            out,
            html,
            force,
        } => trace::trace(
            &trace::Pick {
                game: &game,
                config,
                row,
                index: game_index,
            },
            out,
            html,
            force,
        ),
        Cmd::Replay { trace, out, force } => trace::replay(&trace, out, force),
        Cmd::Rerun {
            dir,
            threads,
            out,
            force,
            quiet,
        } => {
            robsim::report::package::check_folder(&dir).map_err(Failure::Input)?;
            let folder = Folder::load(&dir, false).map_err(Failure::Input)?;
            robsim::report::upgrade::check_current(&dir, &folder.manifest)
                .map_err(Failure::Input)?;
            let recorded = folder.manifest.robsim_version.as_str();
            if recorded != env!("CARGO_PKG_VERSION") {
                eprintln!(
                    "robsim: warning: {} was written by robsim {recorded}, this is {}",
                    dir.display(),
                    env!("CARGO_PKG_VERSION")
                );
            }
            let out = out.unwrap_or_else(|| {
                let mut s = dir.as_os_str().to_owned();
                s.push("-rerun");
                PathBuf::from(s)
            });
            let output = cli::Output {
                threads,
                out: Some(out),
                force,
                quiet,
            };
            if let Some(c) = folder.manifest.calibration {
                return calibrate::rerun(&folder, c.games, output, args);
            }
            if folder.manifest.design.is_some() {
                return design::rerun(&folder, output, args);
            }
            let mut sweep = Sweep::recorded(&folder).map_err(Failure::Input)?;
            let shard = folder.shard();
            sweep.games = folder.manifest.games_per_row;
            let precision = folder.manifest.precision;
            let common = Common {
                output,
                shard,
                precision: precision.map(|p| p.target_halfwidth95),
                max_games: precision.map(|p| p.max_games),
                format: Format::Csv,
                games_csv: folder.dir.join("games.csv").is_file(),
                resume: false,
            };
            execute(&sweep, common, args, folder.config_text)
        }
        Cmd::Merge { dirs, out, force } => {
            for d in &dirs {
                robsim::report::package::check_folder(d).map_err(Failure::Input)?;
                let m = Folder::load(d, false).map_err(Failure::Input)?.manifest;
                robsim::report::upgrade::check_current(d, &m).map_err(Failure::Input)?;
            }
            if ceiling::is_ceiling(&dirs) {
                return ceiling::merge(&dirs, &out, force, args);
            }
            if design::is_design(&dirs) {
                return design::merge(&dirs, &out, force, args);
            }
            let (shards, sweep) = robsim::games::load_shards(&dirs).map_err(Failure::Input)?;
            robsim::games::check(&sweep).map_err(Failure::Input)?;
            robsim::report::claim(&out, force).map_err(Failure::Input)?;
            robsim::report::ReportDir::create(&out).map_err(Failure::Input)?;
            let (dir, summary) = robsim::games::write_merged(&shards, &sweep, &out, &args, None)
                .map_err(Failure::Run)?;
            print_summary(&summary, &dir).map_err(Failure::Run)?;
            println!("report: {}", dir.display());
            Ok(())
        }
        Cmd::Upgrade { dirs, check, force } => upgrade::upgrade(&dirs, check, force, &args),
        Cmd::Soak {
            games,
            seed,
            threads,
        } => soak::soak(games, seed, threads),
        Cmd::Tune {
            config,
            train_games,
            test_games,
            rounds,
            output,
        } => tune::tune(
            &config,
            tune::Budget {
                train_games,
                test_games,
                rounds,
            },
            output,
            args,
        ),
        Cmd::LearnValue { config, output } => value::learn_value(&config, output, args),
        Cmd::Learn {
            config,
            rounds,
            train_games,
            test_games,
            resume,
            shard,
            output,
        } => learn::learn(
            &config,
            learn::Overrides {
                rounds,
                train_games,
                test_games,
                resume,
                shard,
            },
            output,
            args,
        ),
        Cmd::Bench {
            games,
            repeats,
            threads,
            only,
            csv,
            jobs,
        } => {
            if jobs {
                bench::bench_jobs(repeats as usize, threads, only, csv)
            } else {
                bench::bench(games, repeats as usize, threads, only, csv)
            }
        }
        Cmd::Sweep {
            config,
            games,
            common,
        } => sweep_config(&config, games, common, args, false),
        Cmd::Ablate {
            config,
            games,
            common,
        } => sweep_config(&config, games, common, args, true),
        Cmd::Calibrate {
            config,
            games,
            output,
        } => calibrate::calibrate(&config, games, output, args),
        Cmd::Design {
            config,
            output,
            resume,
            shard,
        } => design::design(&config, output, design::Flags { resume, shard }, args),
        Cmd::Luck {
            config,
            boards,
            games_per_board,
            output,
        } => luck::luck(&config, (boards, games_per_board), output, args),
        Cmd::Ceiling {
            config,
            output,
            resume,
            shard,
            max_budget,
        } => ceiling::ceiling(
            &config,
            output,
            ceiling::Flags {
                resume,
                shard,
                max_budget,
            },
            args,
        ),
    }
}

/// `sweep` and `ablate`: runs a config file (`ablate` requires its `[ablate]` table).
fn sweep_config(
    config: &std::path::Path,
    games: Option<u64>,
    common: cli::Common,
    args: Vec<String>,
    ablate: bool,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {}", config.display()))
        .map_err(Failure::Input)?;
    robsim::paths::set_config_file(config);
    let mut sweep = Sweep::parse(&text, &config.display().to_string()).map_err(Failure::Input)?;
    if ablate && sweep.file.ablate.is_none() {
        return Err(Failure::Input(anyhow::anyhow!(
            "{}: no [ablate] table; allowed: a config with `[ablate]` and `knobs = [...]` (rule knobs: {}), e.g. configs/robert-ablation.toml in the robsim repository",
            config.display(),
            robsim::config::knobs::keys()
        )));
    }
    // The config as run: its hash identifies the run for `merge` and `rerun`.
    if let Some(g) = games {
        sweep.games = g;
    }
    execute(&sweep, common, args, text)
}
