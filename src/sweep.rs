//! Runs a validated sweep: builds each row's experiment, plays it on the runner, writes the report.

use crate::carcassonne_run::{resolve_tiles, CarcassonneRow};
use crate::catan::Topology;
use crate::catan_run::CatanRow;
use crate::config::Sweep;
use crate::mapfile::resolve_map;
use crate::report::{git_commit, machine, Manifest, ReportDir, Tables};
use crate::runner::{run, with_threads};
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How a sweep is run (not what it computes: results never depend on these).
pub struct RunOptions {
    pub threads: usize,
    pub out: PathBuf,
    pub quiet: bool,
    /// The exact command line, recorded in the report.
    pub command: Vec<String>,
    /// The config text recorded as `config.toml`.
    pub config_text: String,
}

/// A progress bar over `total` games: hidden with `--quiet` or when stdout is not a terminal.
pub fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stdout().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {human_pos}/{human_len} games ({rate} games/s, eta {eta})",
        )
        .expect("valid progress template")
        .with_key("rate", |st: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{:.0}", st.per_sec());
        }),
    );
    pb
}

/// Plays every row of `rows` and appends their tables to `out`. Generic over the game.
pub fn run_rows<E: Tables>(
    rows: &[E],
    games: u64,
    pb: &ProgressBar,
    out: &mut ReportDir,
) -> Result<()> {
    run_rows_from(rows, 0, games, pb, out)
}

/// As [`run_rows`], numbering the rows from `first` (a sweep's second game follows its first).
pub fn run_rows_from<E: Tables>(
    rows: &[E],
    first: usize,
    games: u64,
    pb: &ProgressBar,
    out: &mut ReportDir,
) -> Result<()> {
    for (i, e) in rows.iter().enumerate() {
        let acc = run(e, 0..games, pb);
        e.write_tables(first + i, &acc, out)?;
    }
    Ok(())
}

/// Runs a Catan sweep and writes its report folder; returns the folder and the summary CSV.
///
/// # Errors
/// The map cannot be loaded, the folder cannot be written, or the thread pool cannot start.
pub fn run_sweep(sweep: &Sweep, opts: &RunOptions) -> Result<(PathBuf, Vec<u8>)> {
    let spec =
        resolve_map(&sweep.file.map).with_context(|| format!("map = {:?}", sweep.file.map))?;
    let topo = Topology::build(&spec)?;
    let carc = carcassonne_rows(sweep)?;
    let mut out = ReportDir::create(&opts.out)?;
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let rows: Vec<CatanRow> = sweep
        .rows
        .iter()
        .map(|&spec| CatanRow {
            topo: &topo,
            map: sweep.file.map.clone(),
            spec,
            seed: sweep.file.seed,
        })
        .collect();
    let n_rows = rows.len() + carc.len();
    let pb = progress_bar(sweep.games * n_rows as u64, opts.quiet);
    with_threads(opts.threads, || -> Result<()> {
        run_rows(&rows, sweep.games, &pb, &mut out)?;
        run_rows_from(&carc, rows.len(), sweep.games, &pb, &mut out)
    })??;
    pb.finish_and_clear();
    let threads = if opts.threads == 0 {
        rayon::current_num_threads()
    } else {
        opts.threads
    };
    let manifest = Manifest {
        robsim_version: env!("CARGO_PKG_VERSION"),
        git_commit: git_commit(),
        command: opts.command.clone(),
        config: "config.toml".into(),
        seed: sweep.file.seed,
        games_per_row: sweep.games,
        rows: n_rows,
        threads,
        started_utc: humantime::format_rfc3339_seconds(started).to_string(),
        elapsed_seconds: (t0.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        host_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        machine: machine(),
    };
    out.text("manifest.json", serde_json::to_vec_pretty(&manifest)?);
    out.text("config.toml", opts.config_text.clone());
    out.text("command.txt", format!("{}\n", shell_words(&opts.command)));
    // The terminal shows the Catan summary, or Carcassonne's in a Carcassonne-only sweep.
    let summary = out
        .table_bytes("summary.csv")
        .or_else(|| out.table_bytes("carcassonne_summary.csv"))
        .unwrap_or_default();
    let dir = out.path().to_path_buf();
    out.finish()?;
    Ok((dir, summary))
}

/// The sweep's Carcassonne rows bound to their tile set.
///
/// # Errors
/// The tile file cannot be read or is invalid.
pub fn carcassonne_rows(sweep: &Sweep) -> Result<Vec<CarcassonneRow>> {
    if sweep.carcassonne.is_empty() {
        return Ok(Vec::new());
    }
    let tiles = resolve_tiles(&sweep.file.tiles)
        .with_context(|| format!("tiles = {:?}", sweep.file.tiles))?;
    Ok(sweep
        .carcassonne
        .iter()
        .map(|&spec| CarcassonneRow {
            tiles,
            tiles_name: sweep.file.tiles.clone(),
            spec,
            seed: sweep.file.seed,
        })
        .collect())
}

/// The command line as a shell would accept it back.
pub fn shell_words(args: &[String]) -> String {
    args.iter()
        .map(|a| {
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,".contains(c))
            {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The default report folder for a sweep name.
pub fn default_out(name: &str) -> PathBuf {
    Path::new("reports").join(name)
}
