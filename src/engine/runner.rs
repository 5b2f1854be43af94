//! The parallel runner: plays any experiment's games on rayon, folding mergeable accumulators.

use crate::engine::stats::Accumulator;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set (by the Ctrl-C handler) to stop the runner: chunks not yet started are skipped, so the
/// accumulator holds exactly the games of the chunks that finished.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Whether a stop was requested.
pub fn stop_requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// One configuration row that can be played game by game. Game `i` must depend only on the row
/// and `i` (seeds are derived from the game index), so results do not depend on threads.
pub trait Experiment: Sync {
    /// What one row accumulates.
    type Acc: Accumulator;
    /// Per-thread scratch space reused across games (action buffers and the like).
    type Scratch: Default + Send;
    /// Plays game `index` and folds its result into `acc`.
    fn play(&self, index: u64, acc: &mut Self::Acc, scratch: &mut Self::Scratch);
    /// Games per work item: large enough that merging accumulators is negligible, small enough
    /// for the progress bar to move and for the threads to share the work evenly. A slow
    /// player (a search) wants fewer. The result does not depend on it.
    fn chunk(&self) -> u64 {
        CHUNK
    }
}

/// Games per work item of a scripted player (see [`Experiment::chunk`]).
pub const CHUNK: u64 = 512;

/// Plays the games `games` of `e` on the current rayon pool and returns the merged accumulator.
pub fn run<E: Experiment>(e: &E, games: Range<u64>, progress: &ProgressBar) -> E::Acc {
    run_counted(e, games, progress).0
}

/// As [`run`], and also returns how many games were played: fewer than asked only when
/// [`STOP`] was set (Ctrl-C), in which case whole chunks were skipped.
pub fn run_counted<E: Experiment>(
    e: &E,
    games: Range<u64>,
    progress: &ProgressBar,
) -> (E::Acc, u64) {
    let start = games.start;
    let chunk = e.chunk().max(1);
    let n_chunks = (games.end - games.start).div_ceil(chunk);
    (0..n_chunks)
        .into_par_iter()
        .map_init(E::Scratch::default, |scratch, c| {
            let mut acc = E::Acc::default();
            if stop_requested() {
                return (acc, 0);
            }
            let lo = start + c * chunk;
            let hi = (lo + chunk).min(games.end);
            for i in lo..hi {
                e.play(i, &mut acc, scratch);
            }
            progress.inc(hi - lo);
            (acc, hi - lo)
        })
        .reduce(
            || (E::Acc::default(), 0),
            |(mut a, n), (b, m)| {
                a.merge(b);
                (a, n + m)
            },
        )
}

/// Runs `f` on a rayon pool of `threads` threads (0 = one per core).
///
/// # Errors
/// The pool cannot be built.
pub fn with_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> anyhow::Result<R> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    Ok(pool.install(f))
}

/// Plays games `games` of several rows together: each work item plays one chunk of game indices
/// for every row, then `post` turns that chunk's fresh accumulators into extra mergeable data
/// (for example paired statistics between rows) and may strip their per-game records, so memory
/// stays bounded by the chunk whatever the number of games. Returns the merged accumulators (in
/// the order of `rows`), the merged extra data and the games played per row (fewer than asked
/// only after Ctrl-C, [`STOP`]).
pub fn run_joint<E, X, F>(
    rows: &[&E],
    games: Range<u64>,
    progress: &ProgressBar,
    post: F,
) -> (Vec<E::Acc>, X, u64)
where
    E: Experiment,
    X: Accumulator,
    F: Fn(&mut [E::Acc]) -> X + Sync,
{
    let start = games.start;
    let chunk = rows.iter().map(|e| e.chunk()).min().unwrap_or(CHUNK).max(1);
    let n_chunks = (games.end - games.start).div_ceil(chunk);
    let fresh = || -> Vec<E::Acc> { rows.iter().map(|_| E::Acc::default()).collect() };
    (0..n_chunks)
        .into_par_iter()
        .map_init(E::Scratch::default, |scratch, c| {
            // After Ctrl-C, chunks not started are skipped (every row skips the same games).
            if stop_requested() {
                return (fresh(), X::default(), 0);
            }
            let lo = start + c * chunk;
            let hi = (lo + chunk).min(games.end);
            let mut accs = fresh();
            for (e, acc) in rows.iter().zip(accs.iter_mut()) {
                for i in lo..hi {
                    e.play(i, acc, scratch);
                }
            }
            progress.inc((hi - lo) * rows.len() as u64);
            let x = post(&mut accs);
            (accs, x, hi - lo)
        })
        .reduce(
            || (fresh(), X::default(), 0),
            |(mut a, mut x, n), (b, y, m)| {
                for (p, q) in a.iter_mut().zip(b) {
                    p.merge(q);
                }
                x.merge(y);
                (a, x, n + m)
            },
        )
}
