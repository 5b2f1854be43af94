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
    /// The estimated work of one game in scripted games (1 for a scripted player; a search
    /// player's game weighs as many as its rollouts): what the progress bar counts, so that its
    /// rate and ETA hold for rows of any player. Never changes a result.
    fn cost(&self) -> u64 {
        1
    }
}

/// Games per work item of a scripted player (see [`Experiment::chunk`]).
pub const CHUNK: u64 = 512;

/// Work items per thread the runner aims for at least: with fewer, the threads that finish
/// their share early wait for the others (20 items of 512 games on 16 threads run in two waves,
/// the second with 4 busy threads; issue 36). The last items decide how long the others wait:
/// at 8 per thread the main sweep's 2-thread run lost about 6% to its final item, at 32 the wait
/// is a quarter of that.
pub const ITEMS_PER_THREAD: u64 = 32;

/// The games per work item for `len` games of a row that asks for `chunk`: `chunk`, or fewer
/// so that every thread of the current pool gets [`ITEMS_PER_THREAD`] items. Results do not
/// depend on it (accumulators merge exactly), so it may follow the thread count.
pub fn chunk_for(chunk: u64, len: u64) -> u64 {
    let items = rayon::current_num_threads() as u64 * ITEMS_PER_THREAD;
    chunk.min(len.div_ceil(items)).max(1)
}

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
    let chunk = chunk_for(e.chunk(), games.end - games.start);
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
            progress.inc((hi - lo) * e.cost());
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

/// Plays games `games` of every row of `rows` as one pool of work items (a chunk of one row
/// each), so no row waits for another's stragglers, and returns each row's accumulator (in the
/// order of `rows`). Equal to running the rows one after another.
pub fn run_each<E: Experiment>(
    rows: &[&E],
    games: Range<u64>,
    progress: &ProgressBar,
) -> Vec<E::Acc> {
    let len = games.end - games.start;
    let asked = rows.iter().map(|e| e.chunk()).min().unwrap_or(CHUNK);
    let chunk = chunk_for(asked, len * rows.len() as u64).min(len.max(1));
    let n_chunks = len.div_ceil(chunk);
    let items: Vec<(usize, E::Acc)> = (0..n_chunks * rows.len() as u64)
        .into_par_iter()
        .map_init(E::Scratch::default, |scratch, k| {
            let (r, c) = ((k / n_chunks) as usize, k % n_chunks);
            let mut acc = E::Acc::default();
            if stop_requested() {
                return (r, acc);
            }
            let lo = games.start + c * chunk;
            let hi = (lo + chunk).min(games.end);
            for i in lo..hi {
                rows[r].play(i, &mut acc, scratch);
            }
            progress.inc((hi - lo) * rows[r].cost());
            (r, acc)
        })
        .collect();
    let mut out: Vec<E::Acc> = rows.iter().map(|_| E::Acc::default()).collect();
    for (r, acc) in items {
        out[r].merge(acc);
    }
    out
}

/// Runs `f` on a rayon pool of `threads` threads (0 = one per core).
///
/// # Errors
/// The pool cannot be built.
pub fn with_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> anyhow::Result<R> {
    // The main thread's 8 MiB rather than a spawned thread's 2 MiB: a learned model (four
    // networks over 48 features) is Copy and lives on the stack, several at once in a search.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(8 << 20)
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
    let asked = rows.iter().map(|e| e.chunk()).min().unwrap_or(CHUNK);
    let chunk = chunk_for(asked, games.end - games.start);
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
            progress.inc((hi - lo) * rows.iter().map(|e| e.cost()).sum::<u64>());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts its games; each weighs `cost`.
    struct Counted {
        cost: u64,
    }

    impl Experiment for Counted {
        type Acc = Vec<u64>;
        type Scratch = ();
        fn play(&self, _: u64, acc: &mut Vec<u64>, _: &mut ()) {
            if acc.is_empty() {
                acc.push(0);
            }
            acc[0] += 1;
        }
        fn chunk(&self) -> u64 {
            3
        }
        fn cost(&self) -> u64 {
            self.cost
        }
    }

    #[test]
    fn the_progress_counts_work_not_games() {
        let (slow, fast) = (Counted { cost: 500 }, Counted { cost: 1 });
        let pb = ProgressBar::hidden();
        let (acc, n) = run_counted(&slow, 0..10, &pb);
        assert_eq!((acc, n), (vec![10], 10));
        assert_eq!(pb.position(), 10 * 500);
        let pb = ProgressBar::hidden();
        let (accs, _, n) = run_joint(&[&slow, &fast], 0..7, &pb, |_| Vec::<u64>::new());
        assert_eq!(accs, [vec![7], vec![7]]);
        assert_eq!((n, pb.position()), (7, 7 * 501));
        let pb = ProgressBar::hidden();
        let accs = run_each(&[&slow, &fast], 0..5, &pb);
        assert_eq!(accs, [vec![5], vec![5]]);
        assert_eq!(pb.position(), 5 * 501);
    }

    /// The games played, in the order merged.
    #[derive(Default, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Seen(Vec<u64>);

    impl Accumulator for Seen {
        fn merge(&mut self, o: Self) {
            self.0.extend(o.0);
        }
    }

    /// Remembers which games it played.
    struct Listed;

    impl Experiment for Listed {
        type Acc = Seen;
        type Scratch = ();
        fn play(&self, i: u64, acc: &mut Seen, _: &mut ()) {
            acc.0.push(i);
        }
    }

    #[test]
    fn work_items_shrink_with_threads_and_merge_in_game_order() {
        // On 4 threads, 100 games of a row asking for 512 per item become items of 1 game.
        let items = with_threads(4, || chunk_for(CHUNK, 100)).unwrap();
        assert_eq!(items, 100u64.div_ceil(4 * ITEMS_PER_THREAD));
        assert_eq!(
            with_threads(1, || chunk_for(CHUNK, 100_000)).unwrap(),
            CHUNK
        );
        assert_eq!(with_threads(4, || chunk_for(CHUNK, 0)).unwrap(), 1);
        for t in [1, 3, 8] {
            let pb = ProgressBar::hidden();
            let acc = with_threads(t, || run(&Listed, 10..110, &pb)).unwrap();
            assert_eq!(acc, Seen((10..110).collect()), "{t} threads");
            let accs = with_threads(t, || run_each(&[&Listed, &Listed], 3..40, &pb)).unwrap();
            assert_eq!(accs, [Seen((3..40).collect()), Seen((3..40).collect())]);
        }
    }
}
