//! Plays one game's rows on the runner and writes the report folder.
//!
//! Plays one game's rows on the runner and writes the report folder (generic over the game:
//! `Tables`).

use crate::engine::runner::{run_joint, stop_requested, with_threads, Experiment};
use crate::engine::stats::{Accumulator, GameEnd, GameLog};
use crate::report::ablation::AblationStep;
use crate::report::compare::{all_pairs, compare_row, PairSet, PairStats};
use crate::report::games_csv::{shard_games, GameLine};
use crate::report::html;
use crate::report::shard::{RowState, Shard, Shards, StateFile};
use crate::report::{
    git_commit, machine, sha256_hex, Manifest, PrecisionManifest, ReportDir, ShardInfo, Tables,
};
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
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Csv,
    /// Also `summary.json`: the CSV's rows as objects with exactly its fields.
    Json,
}

/// What a report records of the sweep it plays (the config layer above builds it).
#[derive(Clone, Copy, Debug)]
pub struct SweepInfo<'a> {
    /// The sweep's name: the report page's title.
    pub name: &'a str,
    pub description: &'a str,
    /// Master seed.
    pub seed: u64,
    /// With an `[ablate]` table: the moved rows (the base row is row 0).
    pub ablation: &'a [AblationStep],
    /// Pairs of rows (a, b) to compare besides those that differ in one setting (a config's
    /// `[[compare]]`).
    pub chosen: &'a [(usize, usize)],
    /// The models the rows played (the manifest's `models`).
    pub models: &'a [crate::report::ModelRecord],
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

/// A progress bar over `total` games, drawn on stderr: hidden with `--quiet` or when stderr is
/// not a terminal (stdout may be redirected to a file and the bar still shows).
pub fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
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

/// A progress bar over `total` units of work (`Experiment::cost` per game: a search player's
/// game weighs as much as its rollouts), for rows whose games cost unlike amounts: it shows the
/// share of the work done and an ETA that holds for every row, not a game count.
pub fn work_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {percent}% of the work (search games weighted by their rollouts), eta {eta}",
        )
        .expect("valid progress template"),
    );
    pb
}

/// What one chunk of games adds besides the rows' accumulators: the paired statistics, the
/// chunk's game range (so an interrupted run knows which games it holds) and, with `games.csv`,
/// each row's per-game log.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct ChunkData {
    pairs: PairSet,
    ranges: Vec<(u64, u64)>,
    logs: Vec<(usize, GameLog)>,
}

impl Accumulator for ChunkData {
    fn merge(&mut self, o: Self) {
        self.pairs.merge(o.pairs);
        self.ranges.extend(o.ranges);
        self.logs.extend(o.logs);
    }
}

/// Plays every row of `rows` under `budget`, all rows together chunk by chunk, and returns each
/// row's accumulator with the paired statistics of every pair of rows that differ in one setting
/// (see [`pairs`]). A row's games are always `0..n`, so it equals a plain run of `n` games; under
/// a precision target each row stops after the first batch that meets it, and a pair is compared
/// over the games both rows played. Per-game logs never outlive their chunk (unless
/// `keep_logs`, for `games.csv`), so memory does not grow with the number of games. Generic over
/// the game.
pub fn run_rows<E: Tables>(
    rows: &[E],
    chosen: &[(usize, usize)],
    budget: Budget,
    games: std::ops::Range<u64>,
    pb: &ProgressBar,
    keep_logs: bool,
) -> Played<E::Acc> {
    let settings: Vec<_> = rows.iter().map(|e| e.settings()).collect();
    let pairs = all_pairs(&settings, E::qualifiers(), chosen);
    let mut accs: Vec<E::Acc> = rows.iter().map(|_| E::Acc::default()).collect();
    let mut stats = PairSet(vec![PairStats::default(); pairs.len()]);
    let mut active = vec![true; rows.len()];
    let mut played = vec![0u64; rows.len()];
    let mut ranges = Vec::new();
    let mut logs: Vec<GameLog> = rows.iter().map(|_| GameLog::default()).collect();
    let mut partial = false;
    let (mut done, total, batch) = match budget {
        Budget::Games(_) => (games.start, games.end, (games.end - games.start).max(1)),
        Budget::Precision { max_games, .. } => (0, max_games, PRECISION_BATCH),
    };
    // A capped row stops at its cap: batches end at every cap, so a row's games stay `0..n`.
    let caps: Vec<u64> = rows
        .iter()
        .map(|e| e.games_cap().unwrap_or(u64::MAX))
        .collect();
    for (i, &c) in caps.iter().enumerate() {
        if c <= done {
            active[i] = false;
        }
    }
    while done < total && active.iter().any(|&a| a) {
        if stop_requested() {
            partial = true;
            break;
        }
        let next_cap = (0..rows.len())
            .filter(|&i| active[i])
            .map(|i| caps[i])
            .min()
            .unwrap_or(u64::MAX);
        let hi = (done + batch).min(total).min(next_cap);
        let act: Vec<usize> = (0..rows.len()).filter(|&i| active[i]).collect();
        let mut pos = vec![usize::MAX; rows.len()];
        for (k, &i) in act.iter().enumerate() {
            pos[i] = k;
        }
        let refs: Vec<&E> = act.iter().map(|&i| &rows[i]).collect();
        let (chunk_accs, chunk, n) = run_joint(&refs, done..hi, pb, |accs: &mut [E::Acc]| {
            let logs: Vec<GameLog> = accs.iter_mut().map(E::take_game_log).collect();
            let mut ps = PairSet(vec![PairStats::default(); pairs.len()]);
            for (k, p) in pairs.iter().enumerate() {
                if pos[p.a] != usize::MAX && pos[p.b] != usize::MAX {
                    ps.0[k].add_logs(&logs[pos[p.a]], &logs[pos[p.b]]);
                }
            }
            let r = logs.first().map_or(0..0, GameLog::range);
            ChunkData {
                pairs: ps,
                ranges: vec![(r.start, r.end)],
                logs: if keep_logs {
                    act.iter().copied().zip(logs).collect()
                } else {
                    Vec::new()
                },
            }
        });
        for (&i, acc) in act.iter().zip(chunk_accs) {
            accs[i].merge(acc);
            played[i] += n;
        }
        stats.merge(chunk.pairs);
        ranges.extend(chunk.ranges.into_iter().map(|(a, b)| a..b));
        for (i, log) in chunk.logs {
            logs[i].merge(log);
        }
        if n < hi - done {
            partial = true;
            break;
        }
        done = hi;
        for &i in &act {
            if caps[i] <= done {
                active[i] = false;
            }
        }
        if let Budget::Precision { target, max_games } = budget {
            for &i in &act {
                if rows[i].half_width95(&accs[i]) <= target {
                    active[i] = false;
                }
            }
            // The bar grows batch by batch (its total is not known in advance).
            let still: u64 = (0..rows.len())
                .filter(|&i| active[i])
                .map(|i| rows[i].cost())
                .sum();
            pb.inc_length(PRECISION_BATCH.min(max_games - done) * still);
        }
    }
    Played {
        accs,
        stats,
        games: played,
        partial,
        ranges: merge_ranges(ranges),
        logs: if keep_logs { logs } else { Vec::new() },
    }
}

/// Ranges sorted and joined where they touch.
fn merge_ranges(mut r: Vec<std::ops::Range<u64>>) -> Vec<std::ops::Range<u64>> {
    r.retain(|x| !x.is_empty());
    r.sort_by_key(|x| x.start);
    let mut out: Vec<std::ops::Range<u64>> = Vec::new();
    for x in r {
        match out.last_mut() {
            Some(l) if l.end >= x.start => l.end = l.end.max(x.end),
            _ => out.push(x),
        }
    }
    out
}

/// What [`run_rows`] played: each row's accumulator and game count, the paired statistics, and
/// whether Ctrl-C cut it short (then every row holds the same whole chunks of games).
pub struct Played<A> {
    pub accs: Vec<A>,
    pub stats: PairSet,
    pub games: Vec<u64>,
    pub partial: bool,
    /// The game indices played, as sorted disjoint ranges (recorded in a partial run's
    /// `state.json`, so `--resume` plays only the others).
    pub ranges: Vec<std::ops::Range<u64>>,
    /// Each row's per-game log (only when `games.csv` is written; else empty).
    pub logs: Vec<GameLog>,
}

impl<A: Accumulator> Played<A> {
    /// The exact state (`state.json`).
    ///
    /// # Errors
    /// An accumulator cannot be serialised.
    pub fn state(&self) -> Result<StateFile> {
        Ok(StateFile {
            rows: self
                .accs
                .iter()
                .zip(&self.games)
                .map(|(a, &games)| {
                    Ok(RowState {
                        games,
                        acc: serde_json::to_value(a).context("serialising a row's state")?,
                    })
                })
                .collect::<Result<_>>()?,
            pairs: serde_json::to_value(&self.stats).context("serialising the paired state")?,
            played: if self.partial {
                self.ranges.iter().map(|r| (r.start, r.end)).collect()
            } else {
                Vec::new()
            },
        })
    }

    /// Adds what another part of the same run played (a resumed run's games to the
    /// interrupted run's): accumulators, counts, pairs and ranges; the result is partial only
    /// if `o` is.
    pub fn absorb(&mut self, o: Played<A>) {
        for (a, b) in self.accs.iter_mut().zip(o.accs) {
            a.merge(b);
        }
        for (a, b) in self.games.iter_mut().zip(o.games) {
            *a += b;
        }
        self.stats.merge(o.stats);
        let mut r = std::mem::take(&mut self.ranges);
        r.extend(o.ranges);
        self.ranges = merge_ranges(r);
        self.partial = o.partial;
    }
}

/// Merges the states of several shards: row by row, the accumulator a one-shot run would have
/// (accumulators are exact and merge in any order), and the paired statistics likewise.
/// Generic over the game.
///
/// # Errors
/// A state does not deserialise into the experiment's accumulator.
pub fn merge_states<E: Experiment>(rows: &[E], states: &[StateFile]) -> Result<Played<E::Acc>> {
    let mut accs = Vec::with_capacity(rows.len());
    let mut games = Vec::with_capacity(rows.len());
    for i in 0..rows.len() {
        let mut acc = E::Acc::default();
        let mut n = 0;
        for st in states {
            let r = &st.rows[i];
            let a: E::Acc = serde_json::from_value(r.acc.clone())
                .with_context(|| format!("state of row {i} does not fit this experiment"))?;
            acc.merge(a);
            n += r.games;
        }
        accs.push(acc);
        games.push(n);
    }
    let mut stats = PairSet::default();
    for st in states {
        let p: PairSet = serde_json::from_value(st.pairs.clone())
            .context("the paired statistics in state.json are malformed")?;
        stats.merge(p);
    }
    let ranges = states
        .iter()
        .flat_map(|st| st.played.iter().map(|&(a, b)| a..b))
        .collect();
    Ok(Played {
        accs,
        stats,
        games,
        partial: false,
        ranges: merge_ranges(ranges),
        logs: Vec::new(),
    })
}

/// Writes every row's tables, `compare.csv` and the figures to `out` (with an ablation,
/// `ablation.csv` and its chart too); returns the figures. Generic over the game.
///
/// # Errors
/// A row cannot be serialised or a figure drawn.
pub fn write_results<E: Tables>(
    rows: &[E],
    chosen: &[(usize, usize)],
    accs: &[E::Acc],
    stats: &PairSet,
    partial: bool,
    ablation: &[AblationStep],
    out: &mut ReportDir,
) -> Result<Vec<crate::report::Figure>> {
    out.set_row_partial(partial);
    for (i, (e, acc)) in rows.iter().zip(accs).enumerate() {
        e.write_tables(i, acc, out)?;
    }
    out.set_row_partial(false);
    let settings: Vec<_> = rows.iter().map(|e| e.settings()).collect();
    let mut compared = Vec::new();
    // Competitive rows without a lead seat have no win rate to pair.
    out.optional_columns("compare.csv", crate::report::compare::WIN_COLUMNS);
    for (p, st) in all_pairs(&settings, E::qualifiers(), chosen)
        .iter()
        .zip(&stats.0)
    {
        let coop = rows[p.a].has_win_rate() && rows[p.b].has_win_rate();
        let c = compare_row(p, st, coop);
        out.row("compare.csv", &c)?;
        compared.push(c);
    }
    let mut figures = Vec::new();
    if !ablation.is_empty() {
        let lines = crate::report::ablation::rows(ablation, &compared);
        for l in &lines {
            out.row("ablation.csv", l)?;
        }
        figures.extend(crate::report::ablation::figures(&lines)?);
    }
    figures.extend(E::figures(rows, accs)?);
    for f in &figures {
        out.text(&format!("{}.svg", f.name), f.svg.clone());
    }
    Ok(figures)
}

/// What a sweep may do beyond [`RunOptions`]: write `games.csv`, or continue an interrupted run.
#[derive(Default)]
pub struct Extras {
    /// Also write `games.csv` (every game's row, index, seed, outcome and length).
    pub games_csv: bool,
    /// The `state.json` of the interrupted run in `--out` to continue (`--resume`): only the
    /// games it lacks are played.
    pub resume: Option<StateFile>,
}

/// Plays one game's rows and writes the report folder. Generic over the game.
pub fn run_game<E: Tables>(
    rows: &[E],
    sweep: SweepInfo,
    opts: &RunOptions,
) -> Result<(PathBuf, Vec<u8>)> {
    run_game_with(rows, sweep, opts, Extras::default())
}

/// [`run_game`] with [`Extras`].
///
/// # Errors
/// The folder cannot be written, a resumed state does not fit the rows, or the pool cannot
/// start.
pub fn run_game_with<E: Tables>(
    rows: &[E],
    sweep: SweepInfo,
    opts: &RunOptions,
    extras: Extras,
) -> Result<(PathBuf, Vec<u8>)> {
    let mut out = ReportDir::create(&opts.out)?;
    if opts.format == Format::Json {
        out.mirror_json("summary.csv");
    }
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let games = match (opts.budget, opts.shard) {
        (Budget::Games(n), Some(sh)) => sh.range(n),
        (Budget::Games(n), None) => 0..n,
        (Budget::Precision { .. }, _) => 0..0,
    };
    // A resumed run plays only the ranges the interrupted one lacks.
    let (earlier, todo) = match &extras.resume {
        Some(state) => {
            let earlier = merge_states(rows, std::slice::from_ref(state))?;
            let mut todo = Vec::new();
            let mut next = games.start;
            for r in &earlier.ranges {
                if r.start > next {
                    todo.push(next..r.start);
                }
                next = next.max(r.end);
            }
            if next < games.end {
                todo.push(next..games.end);
            }
            (Some(earlier), todo)
        }
        None => (None, vec![games.clone()]),
    };
    let planned: u64 = match opts.budget {
        Budget::Games(_) => todo
            .iter()
            .map(|r| {
                rows.iter()
                    .map(|e| super::shard::games_below(r, e.games_cap()) * e.cost())
                    .sum::<u64>()
            })
            .sum(),
        Budget::Precision { max_games, .. } => {
            let first = PRECISION_BATCH.min(max_games);
            rows.iter()
                .map(|e| first.min(e.games_cap().unwrap_or(u64::MAX)) * e.cost())
                .sum()
        }
    };
    let weighted = rows.iter().any(|e| e.cost() > 1);
    let pb = if weighted {
        work_bar(planned, opts.quiet)
    } else {
        progress_bar(planned, opts.quiet)
    };
    let played = with_threads(opts.threads, || {
        let mut played = earlier;
        for r in todo {
            let p = run_rows(rows, sweep.chosen, opts.budget, r, &pb, extras.games_csv);
            let stop = p.partial;
            match &mut played {
                Some(all) => all.absorb(p),
                None => played = Some(p),
            }
            if stop {
                break;
            }
        }
        played.unwrap_or_else(|| run_rows(rows, sweep.chosen, opts.budget, 0..0, &pb, false))
    })?;
    pb.finish_and_clear();
    let threads = if opts.threads == 0 {
        rayon::current_num_threads()
    } else {
        opts.threads
    };
    write_report(
        out,
        &Written {
            sweep,
            rows,
            played: &played,
            opts,
            threads,
            started,
            t0,
            merged_from: Vec::new(),
            played_by: Vec::new(),
            kept: None,
            game_lines: Vec::new(),
        },
    )
}

/// Everything a report folder is written from, whether its games were played here or merged.
pub struct Written<'a, E: Tables> {
    pub sweep: SweepInfo<'a>,
    pub rows: &'a [E],
    pub played: &'a Played<E::Acc>,
    pub opts: &'a RunOptions,
    pub threads: usize,
    pub started: std::time::SystemTime,
    pub t0: Instant,
    pub merged_from: Vec<String>,
    /// The commits that played the merged folders' games (empty when played here).
    pub played_by: Vec<String>,
    /// The manifest of the run whose tables are being written again (`robsim upgrade`): its
    /// command, clock and builds are kept ([`crate::report::upgrade::keep_provenance`]).
    pub kept: Option<&'a Manifest>,
    /// `games.csv` lines read from merged shards (their games' logs are not in `played`).
    pub game_lines: Vec<GameLine>,
}

/// Writes a report folder: tables, comparisons, figures, report.html, manifest, state, config and
/// command. Returns the folder and the summary CSV.
///
/// # Errors
/// A table, figure or file cannot be written.
pub fn write_report<E: Tables>(mut out: ReportDir, w: &Written<E>) -> Result<(PathBuf, Vec<u8>)> {
    let (sweep, rows, opts, threads) = (w.sweep, w.rows, w.opts, w.threads);
    let accs = &w.played.accs;
    if opts.format == Format::Json {
        out.mirror_json("summary.csv");
    }
    let figures = write_results(
        rows,
        sweep.chosen,
        accs,
        &w.played.stats,
        w.played.partial,
        sweep.ablation,
        &mut out,
    )?;
    let games_per_row = match opts.budget {
        Budget::Games(n) => n,
        Budget::Precision { max_games, .. } => max_games,
    };
    for (i, log) in w.played.logs.iter().enumerate() {
        let won = rows[i].has_win_rate();
        let key = crate::report::settings_key(&rows[i]);
        let played = |g: &u64| w.played.ranges.iter().any(|r| r.contains(g));
        for game in log.range().filter(played) {
            let (win, turns) = log.get(game);
            out.row(
                "games.csv",
                &GameLine {
                    settings_key: key.clone(),
                    row: i,
                    seed: sweep.seed,
                    game,
                    won: won.then_some(win),
                    end: log.end(game).map(GameEnd::name).unwrap_or_default(),
                    winners: log.end(game).map(GameEnd::winners).unwrap_or_default(),
                    turns,
                },
            )?;
        }
    }
    for l in &w.game_lines {
        out.row("games.csv", l)?;
    }
    let state = w.played.state()?;
    let started_utc = humantime::format_rfc3339_seconds(w.started).to_string();
    // The page for the rulebook: table.csv, table.md and report.html's printable section.
    let mut print = String::new();
    if let Some(book) = crate::report::rulebook::build(rows, accs) {
        // A game without levels, the shipped model or one setting: no level key, model or
        // settings to name.
        out.optional_columns("table.csv", &["level_key", "model", "settings"]);
        for l in &book.lines {
            out.row("table.csv", l)?;
        }
        let line = format!(
            "Seed {}; {}{}.",
            sweep.seed,
            book.games_words(),
            if w.played.partial {
                " (PARTIAL: interrupted)"
            } else {
                ""
            }
        );
        out.text(
            "table.md",
            book.markdown(sweep.name, sweep.description, &line),
        );
        let date = started_utc.get(..10).unwrap_or("");
        print = book.html(
            sweep.name,
            sweep.description,
            &format!("{line} Written {date}."),
        );
    }
    let manifest = Manifest {
        robsim_version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: git_commit().map(str::to_string),
        run_id: String::new(),
        command: opts.command.clone(),
        config: "config.toml".into(),
        config_sha256: sha256_hex(opts.config_text.as_bytes()),
        seed: sweep.seed,
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
        threads,
        shard: opts.shard.map(|sh| {
            let r = sh.range(games_per_row);
            ShardInfo {
                index: sh.index,
                count: sh.count,
                first_game: r.start,
                end_game: r.end,
            }
        }),
        partial: w.played.partial,
        games_played: w.played.games.clone(),
        merged_from: w.merged_from.clone(),
        played_by: w.played_by.clone(),
        calibration: None,
        ceiling: None,
        design: None,
        models: sweep.models.to_vec(),
        inputs: {
            let mut v: Vec<crate::report::InputFile> = rows.iter().flat_map(E::inputs).collect();
            v.sort();
            v.dedup();
            v
        },
        started_utc,
        elapsed_seconds: (w.t0.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        phases: Vec::new(),
        host_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
        machine: machine(),
        schema: crate::report::upgrade::SCHEMA,
        upgraded_by: None,
    };
    let manifest = match w.kept {
        Some(old) => {
            crate::report::upgrade::keep_provenance(manifest, old, "written again from state.json")
        }
        None => manifest,
    };
    let command = shell_words(&manifest.command);
    let summary = out.table_bytes("summary.csv").unwrap_or_default();
    let compare_csv = out.table_bytes("compare.csv").unwrap_or_default();
    let seats = out.table_bytes("seats.csv").unwrap_or_default();
    let ablation = out.table_bytes("ablation.csv").unwrap_or_default();
    let games: u64 = accs.iter().map(E::games).sum();
    let mut provenance = format!(
        "robsim {} (commit {}), seed {}, {} rows, {} games in all, {} threads, {:.1} s, started {}{}",
        manifest.robsim_version,
        match manifest.played_by.as_slice() {
            [] => manifest.git_commit.as_deref().unwrap_or("unknown").to_string(),
            builds => builds.join(", "),
        },
        sweep.seed,
        rows.len(),
        games,
        threads,
        manifest.elapsed_seconds,
        manifest.started_utc,
        if manifest.partial {
            " (PARTIAL: interrupted)"
        } else {
            ""
        }
    );
    if let Some(u) = &manifest.upgraded_by {
        provenance.push_str(&format!(
            "; tables brought to schema {} by robsim upgrade (commit {}) on {}",
            manifest.schema,
            u.build,
            u.utc.get(..10).unwrap_or("")
        ));
    }
    let headline = crate::report::columns::shown_headline(
        &summary,
        E::headline_columns(),
        E::varying_columns(),
    );
    let headline: Vec<&str> = headline.iter().map(String::as_str).collect();
    // The game's own tables on the page (Tables::page_sections), before the paired steps.
    let sections = E::page_sections(&mut |name: &str| out.table_bytes(name).unwrap_or_default());
    let page = html::render_with(
        &html::Page {
            title: sweep.name,
            description: sweep.description,
            summary_csv: &summary,
            headline: &headline,
            summary_file: "summary.csv",
            summary_intro: html::SWEEP_SUMMARY,
            compare_csv: &compare_csv,
            pairs: Some(html::SWEEP_PAIRS),
            extra_tables: vec![
                (
                    "ablation.csv (each knob moved, against the base row)",
                    &ablation,
                ),
                ("seats.csv (per seat)", &seats),
            ],
            figures: &figures,
            print: &print,
            config: &opts.config_text,
            command: &command,
            provenance: &provenance,
        },
        &sections,
    );
    out.text("report.html", page);
    out.text("manifest.json", serde_json::to_vec_pretty(&manifest)?);
    out.text("state.json", serde_json::to_vec(&state)?);
    out.text("config.toml", opts.config_text.clone());
    out.text("command.txt", format!("{command}\n"));
    let dir = out.path().to_path_buf();
    out.finish()?;
    Ok((dir, summary))
}

/// Merges the shards' states of one game's rows and writes the report. Generic over the game.
pub fn merge_rows<E: Tables>(
    rows: &[E],
    sweep: SweepInfo,
    shards: &Shards,
    out: &Path,
    command: &[String],
    kept: Option<&Manifest>,
) -> Result<(PathBuf, Vec<u8>)> {
    let dir = ReportDir::create(out)?;
    let started = std::time::SystemTime::now();
    let t0 = Instant::now();
    let states: Vec<StateFile> = shards
        .folders
        .iter()
        .map(|f| f.state.clone().expect("loaded with state"))
        .collect();
    let played = merge_states(rows, &states)?;
    let opts = RunOptions {
        threads: 1,
        out: out.to_path_buf(),
        quiet: true,
        command: command.to_vec(),
        config_text: shards.folders[0].config_text.clone(),
        budget: Budget::Games(shards.games),
        format: Format::Csv,
        shard: None,
    };
    write_report(
        dir,
        &Written {
            sweep,
            rows,
            played: &played,
            opts: &opts,
            threads: 1,
            started,
            t0,
            merged_from: shards
                .folders
                .iter()
                .map(|f| f.dir.display().to_string())
                .collect(),
            played_by: played_by(shards.folders.iter().map(|f| &f.manifest)),
            kept,
            // `robsim upgrade` migrates a folder's own games.csv itself.
            game_lines: match kept {
                None => shard_games(shards)?.unwrap_or_default(),
                Some(_) => Vec::new(),
            },
        },
    )
}

/// The commits that played the games of folders being merged: each folder's own `played_by`
/// where it was itself merged, else its `git_commit`; sorted, each once.
pub fn played_by<'a>(manifests: impl Iterator<Item = &'a Manifest>) -> Vec<String> {
    let mut v: Vec<String> = manifests
        .flat_map(|m| {
            if m.played_by.is_empty() {
                m.git_commit.iter().cloned().collect()
            } else {
                m.played_by.clone()
            }
        })
        .collect();
    v.sort();
    v.dedup();
    v
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

/// The default report folder for a sweep name: `out/<name>`, beside (never over) the committed
/// sample reports in `reports/`.
pub fn default_out(name: &str) -> PathBuf {
    Path::new("out").join(name)
}
