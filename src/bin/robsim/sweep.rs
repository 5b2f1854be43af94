//! `sweep`, `run`, `rerun` and `merge`: run or merge a sweep into a report folder, then print its summary.

use crate::cli::Common;
use crate::{install_interrupt_handler, Failure};
use anyhow::Result;
use robsim::config::Sweep;
use robsim::games::run_sweep_with;
use robsim::report::columns::shown_headline;
use robsim::report::shard::{Folder, StateFile};
use robsim::report::sweep::{default_out, Extras, RunOptions};

pub(crate) fn execute(
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
    let o = &common.output;
    let out = o.out.clone().unwrap_or_else(|| match common.shard {
        Some(s) => default_out(&format!(
            "{}-shard-{}-of-{}",
            sweep.file.name, s.index, s.count
        )),
        None => default_out(&sweep.file.name),
    });
    robsim::games::check(sweep).map_err(Failure::Input)?;
    let resume = if common.resume {
        Some(resumable(&out, sweep, &common, &config_text).map_err(Failure::Input)?)
    } else {
        robsim::report::claim(&out, o.force).map_err(Failure::Input)?;
        None
    };
    robsim::report::ReportDir::create(&out).map_err(Failure::Input)?;
    for note in &sweep.notes {
        eprintln!("robsim: {note}");
    }
    let opts = RunOptions {
        threads: o.threads,
        out,
        quiet: o.quiet,
        command: args,
        config_text,
        shard: common.shard,
        budget: common.budget(sweep.games),
        format: common.format,
    };
    install_interrupt_handler();
    let extras = Extras {
        games_csv: common.games_csv,
        resume,
    };
    let (dir, summary) = run_sweep_with(sweep, &opts, extras).map_err(Failure::Run)?;
    print_summary(&summary).map_err(Failure::Run)?;
    println!("report: {}", dir.display());
    if robsim::engine::runner::stop_requested() {
        return Err(Failure::Interrupted);
    }
    Ok(())
}

/// The state of the interrupted run in `out` that `--resume` continues: the folder must be a
/// partial report of this very config, seed, games per row and shard.
fn resumable(
    out: &std::path::Path,
    sweep: &Sweep,
    common: &Common,
    config_text: &str,
) -> anyhow::Result<StateFile> {
    let folder = Folder::load(out, true).map_err(|e| {
        anyhow::anyhow!("--resume: {e:#}; allowed: --out naming the folder of an interrupted run")
    })?;
    let m = &folder.manifest;
    if !m.partial {
        anyhow::bail!(
            "--resume: {} holds a whole run (partial = false in manifest.json): nothing to resume",
            out.display()
        );
    }
    let same = m.config_sha256 == robsim::report::sha256_hex(config_text.as_bytes())
        && m.seed == sweep.file.seed
        && m.games_per_row == sweep.games
        && folder.shard() == common.shard
        && m.precision.is_none();
    if !same {
        anyhow::bail!(
            "--resume: {} was written by another run (config, seed, games per row, shard or --precision differ); allowed: the same config and flags as the interrupted run",
            out.display()
        );
    }
    let state = folder.state.expect("loaded with state");
    if state.played.is_empty() {
        anyhow::bail!(
            "--resume: {}: state.json does not say which games were played (written by an older robsim); run it again instead",
            out.display()
        );
    }
    Ok(state)
}

/// Prints the key columns of summary.csv as an aligned table.
pub(crate) fn print_summary(csv_bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut r = csv::Reader::from_reader(csv_bytes);
    let headers = r.headers()?.clone();
    use robsim::report::Tables;
    // A report holds one game: Catan's headline columns, else Carcassonne's.
    let want = if headers.iter().any(|h| h == "robbers") {
        use robsim::carcassonne::experiment::CarcassonneRow as R;
        shown_headline(csv_bytes, R::headline_columns(), R::varying_columns())
    } else {
        use robsim::catan::experiment::CatanRow as R;
        shown_headline(csv_bytes, R::headline_columns(), R::varying_columns())
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
