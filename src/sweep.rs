//! Runs a validated sweep: builds each row's experiment, plays it on the runner, writes the report.

use crate::catan::Topology;
use crate::catan_run::CatanRow;
use crate::compare::{compare, Side};
use crate::config::Sweep;
use crate::html;
use crate::mapfile::resolve_map;
use crate::report::{
    git_commit, machine, sha256_hex, Manifest, PrecisionManifest, ReportDir, ShardInfo, Tables,
};
use crate::runner::{run_counted, stop_requested, with_threads};
use crate::shard::{RowState, Shard, StateFile};
use crate::stats::Accumulator;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How many games each row plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Exactly this many (games `0..n`).
    Games(u64),
    /// Batches of [`PRECISION_BATCH`] games until the row's 95% half-width is at most `target`,
    /// or `max_games` are played. Games are always `0..n` for the `n` reached, so a row equals a
    /// plain run of the same count, and the stopping point depends on the results only (never
    /// on threads).
    Precision { target: f64, max_games: u64 },
}

/// Games per precision batch: the half-width is checked after each. 2,000 keeps the overshoot
/// past the needed count small next to the 10,000s a ±0.5-point target needs, and each batch
/// long enough to keep both cores busy.
pub const PRECISION_BATCH: u64 = 2_000;

/// Default `--max-games` of a precision run.
pub const DEFAULT_MAX_GAMES: u64 = 1_000_000;

/// Output formats of the summary besides the CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Csv,
    /// Also `summary.json`: the CSV's rows as objects with exactly its fields.
    Json,
}

/// How a sweep is run (not what it computes: results never depend on these).
pub struct RunOptions {
    pub threads: usize,
    pub out: PathBuf,
    pub quiet: bool,
    /// The exact command line, recorded in the report.
    pub command: Vec<String>,
    /// The config text recorded as `config.toml`.
    pub config_text: String,
    pub budget: Budget,
    pub format: Format,
    /// Play only this slice of the game indices (`--shard i/n`; with `Budget::Games` only).
    pub shard: Option<Shard>,
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

/// One row as played: its accumulator, its game count, and whether Ctrl-C cut it short.
pub struct RowRun<A> {
    pub acc: A,
    pub games: u64,
    pub partial: bool,
}

/// Plays one row under `budget` (game indices `games` for a fixed count). Generic over the game.
/// After Ctrl-C ([`crate::runner::STOP`]) it returns what whole chunks finished, marked partial.
pub fn run_row<E: Tables>(
    e: &E,
    budget: Budget,
    games: std::ops::Range<u64>,
    pb: &ProgressBar,
) -> RowRun<E::Acc> {
    match budget {
        Budget::Games(_) => {
            let want = games.end - games.start;
            let (acc, n) = run_counted(e, games, pb);
            RowRun {
                acc,
                games: n,
                partial: n < want,
            }
        }
        Budget::Precision { target, max_games } => {
            let mut acc = E::Acc::default();
            let mut done = 0;
            let mut partial = false;
            while done < max_games {
                let hi = (done + PRECISION_BATCH).min(max_games);
                let (a, n) = run_counted(e, done..hi, pb);
                acc.merge(a);
                if n < hi - done {
                    done += n;
                    partial = true;
                    break;
                }
                done = hi;
                if e.half_width95(&acc) <= target {
                    break;
                }
                // The bar's length grows batch by batch (its total is not known in advance).
                pb.inc_length(PRECISION_BATCH.min(max_games - done));
            }
            RowRun {
                acc,
                games: done,
                partial,
            }
        }
    }
}

/// Plays every row of `rows` (game indices `games` for a fixed count). Generic over the game.
/// After Ctrl-C the row under way is kept with the games it finished and later rows are left out.
pub fn run_rows<E: Tables>(
    rows: &[E],
    budget: Budget,
    games: std::ops::Range<u64>,
    pb: &ProgressBar,
) -> Vec<RowRun<E::Acc>> {
    let mut out = Vec::new();
    for e in rows {
        if stop_requested() {
            break;
        }
        let r = run_row(e, budget, games.clone(), pb);
        let partial = r.partial;
        out.push(r);
        if partial {
            break;
        }
    }
    out
}

/// The exact state of the rows played (`state.json`).
///
/// # Errors
/// An accumulator cannot be serialised.
pub fn state_of<A: Accumulator>(runs: &[RowRun<A>]) -> Result<StateFile> {
    Ok(StateFile {
        rows: runs
            .iter()
            .map(|r| {
                Ok(RowState {
                    games: r.games,
                    acc: serde_json::to_value(&r.acc).context("serialising a row's state")?,
                })
            })
            .collect::<Result<_>>()?,
    })
}

/// Writes every row's tables, `compare.csv` and the figures to `out`; returns the figures.
/// Generic over the game.
///
/// # Errors
/// A row cannot be serialised or a figure drawn.
pub fn write_results<E: Tables>(
    rows: &[E],
    accs: &[E::Acc],
    partial: &[bool],
    out: &mut ReportDir,
) -> Result<Vec<crate::report::Figure>> {
    let rows = &rows[..accs.len()];
    for (i, (e, acc)) in rows.iter().zip(accs).enumerate() {
        out.set_row_partial(partial.get(i).copied().unwrap_or(false));
        e.write_tables(i, acc, out)?;
    }
    out.set_row_partial(false);
    let sides: Vec<Side> = rows
        .iter()
        .zip(accs)
        .enumerate()
        .map(|(i, (e, acc))| Side {
            row: i,
            settings: e.settings(),
            log: E::game_log(acc),
            has_win_rate: e.has_win_rate(),
        })
        .collect();
    for c in compare(&sides) {
        out.row("compare.csv", &c)?;
    }
    let figures = E::figures(rows, accs)?;
    for f in &figures {
        out.text(&format!("{}.svg", f.name), f.svg.clone());
    }
    Ok(figures)
}

/// The Catan experiments of a validated sweep's rows, on `topo`.
pub fn catan_rows<'t>(
    sweep: &Sweep,
    topo: &'t Topology,
    precision: Option<f64>,
) -> Vec<CatanRow<'t>> {
    sweep
        .rows
        .iter()
        .map(|&spec| CatanRow {
            topo,
            map: sweep.file.map.clone(),
            spec,
            seed: sweep.file.seed,
            precision,
        })
        .collect()
}

/// Runs a Catan sweep and writes its report folder; returns the folder and the summary CSV.
///
/// # Errors
/// The map cannot be loaded, the folder cannot be written, or the thread pool cannot start.
pub fn run_sweep(sweep: &Sweep, opts: &RunOptions) -> Result<(PathBuf, Vec<u8>)> {
    let spec =
        resolve_map(&sweep.file.map).with_context(|| format!("map = {:?}", sweep.file.map))?;
    let topo = Topology::build(&spec)?;
    let out = ReportDir::create(&opts.out)?;
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let precision = match opts.budget {
        Budget::Precision { target, .. } => Some(target),
        Budget::Games(_) => None,
    };
    let rows = catan_rows(sweep, &topo, precision);
    let games = match (opts.budget, opts.shard) {
        (Budget::Games(n), Some(s)) => s.range(n),
        (Budget::Games(n), None) => 0..n,
        (Budget::Precision { .. }, _) => 0..0,
    };
    let first = match opts.budget {
        Budget::Games(_) => games.end - games.start,
        Budget::Precision { max_games, .. } => PRECISION_BATCH.min(max_games),
    };
    let pb = progress_bar(first * rows.len() as u64, opts.quiet);
    let runs = with_threads(opts.threads, || run_rows(&rows, opts.budget, games, &pb))?;
    pb.finish_and_clear();
    let threads = if opts.threads == 0 {
        rayon::current_num_threads()
    } else {
        opts.threads
    };
    let state = state_of(&runs)?;
    let partial: Vec<bool> = runs.iter().map(|r| r.partial).collect();
    let accs: Vec<_> = runs.into_iter().map(|r| r.acc).collect();
    write_report(
        out,
        &Written {
            sweep,
            rows: &rows,
            accs: &accs,
            partial: &partial,
            state: &state,
            opts,
            threads,
            started,
            t0,
            merged_from: Vec::new(),
        },
    )
}

/// Everything a report folder is written from, whether its games were played here or merged.
pub struct Written<'a, 't> {
    pub sweep: &'a Sweep,
    pub rows: &'a [CatanRow<'t>],
    pub accs: &'a [crate::catan_run::CatanAcc],
    pub partial: &'a [bool],
    pub state: &'a StateFile,
    pub opts: &'a RunOptions,
    pub threads: usize,
    pub started: std::time::SystemTime,
    pub t0: Instant,
    pub merged_from: Vec<String>,
}

/// Writes a report folder: tables, comparisons, figures, report.html, manifest, state, config and
/// command. Returns the folder and the summary CSV.
///
/// # Errors
/// A table, figure or file cannot be written.
pub fn write_report(mut out: ReportDir, w: &Written) -> Result<(PathBuf, Vec<u8>)> {
    let (sweep, rows, accs, opts) = (w.sweep, w.rows, w.accs, w.opts);
    if opts.format == Format::Json {
        out.mirror_json("summary.csv");
    }
    let figures = write_results(rows, accs, w.partial, &mut out)?;
    let games_per_row = match opts.budget {
        Budget::Games(n) => n,
        Budget::Precision { max_games, .. } => max_games,
    };
    let played: Vec<u64> = w.state.rows.iter().map(|r| r.games).collect();
    let manifest = Manifest {
        robsim_version: env!("CARGO_PKG_VERSION"),
        git_commit: git_commit(),
        command: opts.command.clone(),
        config: "config.toml".into(),
        config_sha256: sha256_hex(opts.config_text.as_bytes()),
        seed: sweep.file.seed,
        games_per_row,
        rows: rows.len(),
        precision: match opts.budget {
            Budget::Precision { target, max_games } => Some(PrecisionManifest {
                target_halfwidth95: target,
                batch_games: PRECISION_BATCH,
                max_games,
            }),
            Budget::Games(_) => None,
        },
        threads: w.threads,
        shard: opts.shard.map(|s| {
            let r = s.range(games_per_row);
            ShardInfo {
                index: s.index,
                count: s.count,
                first_game: r.start,
                end_game: r.end,
            }
        }),
        partial: accs.len() < rows.len() || w.partial.iter().any(|&p| p),
        games_played: played,
        merged_from: w.merged_from.clone(),
        started_utc: humantime::format_rfc3339_seconds(w.started).to_string(),
        elapsed_seconds: (w.t0.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        host_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        machine: machine(),
    };
    let command = shell_words(&opts.command);
    let summary = out.table_bytes("summary.csv").unwrap_or_default();
    let compare_csv = out.table_bytes("compare.csv").unwrap_or_default();
    let seats = out.table_bytes("seats.csv").unwrap_or_default();
    let games: u64 = accs.iter().map(|a| a.games).sum();
    let provenance = format!(
        "robsim {} (commit {}), seed {}, {} rows, {} games in all, {} threads, {:.1} s, started {}{}",
        manifest.robsim_version,
        manifest.git_commit.unwrap_or("unknown"),
        sweep.file.seed,
        rows.len(),
        games,
        w.threads,
        manifest.elapsed_seconds,
        manifest.started_utc,
        if manifest.partial {
            " (PARTIAL: interrupted)"
        } else {
            ""
        }
    );
    let page = html::render(&html::Page {
        title: &sweep.file.name,
        description: &sweep.file.description,
        summary_csv: &summary,
        headline: CatanRow::headline_columns(),
        compare_csv: &compare_csv,
        extra_tables: vec![("seats.csv (per seat)", &seats)],
        figures: &figures,
        config: &opts.config_text,
        command: &command,
        provenance: &provenance,
    });
    out.text("report.html", page);
    out.text("manifest.json", serde_json::to_vec_pretty(&manifest)?);
    out.text("state.json", serde_json::to_vec(w.state)?);
    out.text("config.toml", opts.config_text.clone());
    out.text("command.txt", format!("{command}\n"));
    let dir = out.path().to_path_buf();
    out.finish()?;
    Ok((dir, summary))
}

/// Writes the merge of checked shard folders to `out`: the tables, comparisons, figures, state
/// and config of the one-shot run, and a manifest naming the shards.
///
/// # Errors
/// The map cannot be loaded, a state does not fit, or the folder cannot be written.
pub fn write_merged(
    shards: &crate::shard::Shards,
    out: &Path,
    command: &[String],
) -> Result<(PathBuf, Vec<u8>)> {
    let sweep = &shards.sweep;
    let spec =
        resolve_map(&sweep.file.map).with_context(|| format!("map = {:?}", sweep.file.map))?;
    let topo = Topology::build(&spec)?;
    let dir = ReportDir::create(out)?;
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let rows = catan_rows(sweep, &topo, None);
    let states: Vec<StateFile> = shards
        .folders
        .iter()
        .map(|f| f.state.clone().expect("loaded with state"))
        .collect();
    let runs = crate::shard::merge_states(&rows, &states)?;
    let state = state_of(&runs)?;
    let partial = vec![false; runs.len()];
    let accs: Vec<_> = runs.into_iter().map(|r| r.acc).collect();
    let opts = RunOptions {
        threads: 1,
        out: out.to_path_buf(),
        quiet: true,
        command: command.to_vec(),
        config_text: shards.folders[0].config_text.clone(),
        budget: Budget::Games(sweep.games),
        format: Format::Csv,
        shard: None,
    };
    write_report(
        dir,
        &Written {
            sweep,
            rows: &rows,
            accs: &accs,
            partial: &partial,
            state: &state,
            opts: &opts,
            threads: 1,
            started,
            t0,
            merged_from: shards
                .folders
                .iter()
                .map(|f| f.dir.display().to_string())
                .collect(),
        },
    )
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
