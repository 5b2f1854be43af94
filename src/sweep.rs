//! Runs a validated sweep: builds each row's experiment, plays it on the runner, writes the report.

use crate::catan::Topology;
use crate::catan_run::CatanRow;
use crate::config::Sweep;
use crate::mapfile::resolve_map;
use crate::report::{git_commit, machine, sha256_hex, Manifest, ReportDir, ShardInfo, Tables};
use crate::runner::{run_counted, stop_requested, with_threads};
use crate::shard::{RowState, Shard, StateFile};
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
    /// Play only this slice of the game indices (`--shard i/n`).
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

/// Plays game indices `games` of every row of `rows`, appends their tables to `out` and returns
/// each row's exact state (for `state.json`). Generic over the game. After Ctrl-C
/// ([`crate::runner::STOP`]) the row under way is written with the games it finished, marked
/// partial, and later rows are left out.
///
/// # Errors
/// A row's tables or state cannot be serialised.
pub fn run_rows<E: Tables>(
    rows: &[E],
    games: std::ops::Range<u64>,
    pb: &ProgressBar,
    out: &mut ReportDir,
) -> Result<StateFile> {
    let mut state = StateFile::default();
    for (i, e) in rows.iter().enumerate() {
        if stop_requested() {
            break;
        }
        let (acc, n) = run_counted(e, games.clone(), pb);
        let partial = n < games.end - games.start;
        out.set_row_partial(partial);
        e.write_tables(i, &acc, out)?;
        state.rows.push(RowState {
            games: n,
            acc: serde_json::to_value(&acc).context("serialising a row's state")?,
        });
        if partial {
            break;
        }
    }
    out.set_row_partial(false);
    Ok(state)
}

/// The Catan experiments of a validated sweep's rows, on `topo`.
pub fn catan_rows<'t>(sweep: &Sweep, topo: &'t Topology) -> Vec<CatanRow<'t>> {
    sweep
        .rows
        .iter()
        .map(|&spec| CatanRow {
            topo,
            map: sweep.file.map.clone(),
            spec,
            seed: sweep.file.seed,
        })
        .collect()
}

/// The manifest of a report folder (what to fill in besides the run's own figures).
pub struct ManifestFacts<'a> {
    pub sweep: &'a Sweep,
    pub command: &'a [String],
    pub config_text: &'a str,
    pub threads: usize,
    pub shard: Option<Shard>,
    pub state: &'a StateFile,
    pub started: std::time::SystemTime,
    pub elapsed_seconds: f64,
    pub merged_from: Vec<String>,
}

impl ManifestFacts<'_> {
    pub fn manifest(&self) -> Manifest {
        let games = self.sweep.games;
        let played: Vec<u64> = self.state.rows.iter().map(|r| r.games).collect();
        let slice = self.shard.map_or(games, |s| {
            let r = s.range(games);
            r.end - r.start
        });
        Manifest {
            robsim_version: env!("CARGO_PKG_VERSION"),
            git_commit: git_commit(),
            command: self.command.to_vec(),
            config: "config.toml".into(),
            config_sha256: sha256_hex(self.config_text.as_bytes()),
            seed: self.sweep.file.seed,
            games_per_row: games,
            rows: self.sweep.rows.len(),
            threads: self.threads,
            shard: self.shard.map(|s| {
                let r = s.range(games);
                ShardInfo {
                    index: s.index,
                    count: s.count,
                    first_game: r.start,
                    end_game: r.end,
                }
            }),
            partial: played.len() < self.sweep.rows.len() || played.iter().any(|&n| n < slice),
            games_played: played,
            merged_from: self.merged_from.clone(),
            started_utc: humantime::format_rfc3339_seconds(self.started).to_string(),
            elapsed_seconds: (self.elapsed_seconds * 1000.0).round() / 1000.0,
            host_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            machine: machine(),
        }
    }
}

/// Adds the manifest, state, config and command files to a report folder and writes it.
/// Returns the folder and the summary CSV.
///
/// # Errors
/// A file cannot be serialised or written.
pub fn finish_report(
    mut out: ReportDir,
    facts: &ManifestFacts,
) -> Result<(PathBuf, Vec<u8>, Manifest)> {
    let manifest = facts.manifest();
    out.text("manifest.json", serde_json::to_vec_pretty(&manifest)?);
    out.text("state.json", serde_json::to_vec(facts.state)?);
    out.text("config.toml", facts.config_text.to_string());
    out.text("command.txt", format!("{}\n", shell_words(facts.command)));
    let summary = out.table_bytes("summary.csv").unwrap_or_default();
    let dir = out.path().to_path_buf();
    out.finish()?;
    Ok((dir, summary, manifest))
}

/// Runs a Catan sweep and writes its report folder; returns the folder and the summary CSV.
///
/// # Errors
/// The map cannot be loaded, the folder cannot be written, or the thread pool cannot start.
pub fn run_sweep(sweep: &Sweep, opts: &RunOptions) -> Result<(PathBuf, Vec<u8>)> {
    let spec =
        resolve_map(&sweep.file.map).with_context(|| format!("map = {:?}", sweep.file.map))?;
    let topo = Topology::build(&spec)?;
    let mut out = ReportDir::create(&opts.out)?;
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let rows = catan_rows(sweep, &topo);
    let games = opts.shard.map_or(0..sweep.games, |s| s.range(sweep.games));
    let pb = progress_bar((games.end - games.start) * rows.len() as u64, opts.quiet);
    let state = with_threads(opts.threads, || run_rows(&rows, games, &pb, &mut out))??;
    pb.finish_and_clear();
    let threads = if opts.threads == 0 {
        rayon::current_num_threads()
    } else {
        opts.threads
    };
    let facts = ManifestFacts {
        sweep,
        command: &opts.command,
        config_text: &opts.config_text,
        threads,
        shard: opts.shard,
        state: &state,
        started,
        elapsed_seconds: t0.elapsed().as_secs_f64(),
        merged_from: Vec::new(),
    };
    let (dir, summary, _) = finish_report(out, &facts)?;
    Ok((dir, summary))
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

/// Writes the merge of checked shard folders to `out`: the tables, state and config of the
/// one-shot run, and a manifest naming the shards.
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
    let mut dir = ReportDir::create(out)?;
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let rows = catan_rows(sweep, &topo);
    let states: Vec<StateFile> = shards
        .folders
        .iter()
        .map(|f| f.state.clone().expect("loaded with state"))
        .collect();
    let state = crate::shard::merge_rows(&rows, &states, &mut dir)?;
    let facts = ManifestFacts {
        sweep,
        command,
        config_text: &shards.folders[0].config_text,
        threads: 1,
        shard: None,
        state: &state,
        started,
        elapsed_seconds: t0.elapsed().as_secs_f64(),
        merged_from: shards
            .folders
            .iter()
            .map(|f| f.dir.display().to_string())
            .collect(),
    };
    let (dir, summary, _) = finish_report(dir, &facts)?;
    Ok((dir, summary))
}
