//! The parallel runner: plays any experiment's games on rayon, folding mergeable accumulators.

use crate::stats::Accumulator;
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::ops::Range;

/// One configuration row that can be played game by game. Game `i` must depend only on the row
/// and `i` (seeds are derived from the game index), so results do not depend on threads.
pub trait Experiment: Sync {
    /// What one row accumulates.
    type Acc: Accumulator;
    /// Per-thread scratch space reused across games (action buffers and the like).
    type Scratch: Default + Send;
    /// Plays game `index` and folds its result into `acc`.
    fn play(&self, index: u64, acc: &mut Self::Acc, scratch: &mut Self::Scratch);
}

/// Games per work item: large enough that merging accumulators is negligible, small enough
/// for the progress bar to move and for two threads to share the work evenly.
const CHUNK: u64 = 512;

/// Plays the games `games` of `e` on the current rayon pool and returns the merged accumulator.
pub fn run<E: Experiment>(e: &E, games: Range<u64>, progress: &ProgressBar) -> E::Acc {
    let start = games.start;
    let n_chunks = (games.end - games.start).div_ceil(CHUNK);
    (0..n_chunks)
        .into_par_iter()
        .map_init(E::Scratch::default, |scratch, c| {
            let lo = start + c * CHUNK;
            let hi = (lo + CHUNK).min(games.end);
            let mut acc = E::Acc::default();
            for i in lo..hi {
                e.play(i, &mut acc, scratch);
            }
            progress.inc(hi - lo);
            acc
        })
        .reduce(E::Acc::default, |mut a, b| {
            a.merge(b);
            a
        })
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
/// the order of `rows`) and the merged extra data.
pub fn run_joint<E, X, F>(
    rows: &[&E],
    games: Range<u64>,
    progress: &ProgressBar,
    post: F,
) -> (Vec<E::Acc>, X)
where
    E: Experiment,
    X: Accumulator,
    F: Fn(&mut [E::Acc]) -> X + Sync,
{
    let start = games.start;
    let n_chunks = (games.end - games.start).div_ceil(CHUNK);
    let fresh = || -> Vec<E::Acc> { rows.iter().map(|_| E::Acc::default()).collect() };
    (0..n_chunks)
        .into_par_iter()
        .map_init(E::Scratch::default, |scratch, c| {
            let lo = start + c * CHUNK;
            let hi = (lo + CHUNK).min(games.end);
            let mut accs = fresh();
            for (e, acc) in rows.iter().zip(accs.iter_mut()) {
                for i in lo..hi {
                    e.play(i, acc, scratch);
                }
            }
            progress.inc((hi - lo) * rows.len() as u64);
            let x = post(&mut accs);
            (accs, x)
        })
        .reduce(
            || (fresh(), X::default()),
            |(mut a, mut x), (b, y)| {
                for (p, q) in a.iter_mut().zip(b) {
                    p.merge(q);
                }
                x.merge(y);
                (a, x)
            },
        )
}
