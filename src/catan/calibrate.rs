//! `robsim calibrate`: for each group of rows, the values of an ordered rule knob whose team win rates bracket each target, found by bisection with sequential sampling.
//!
//! Method. The win rate is taken to be monotone in the knob (its direction is read from the two
//! end values). For each target `t`, a bisection over the ordered values finds the first value
//! whose win rate is at least `t`. Each comparison "is p(v) ≥ t?" is decided sequentially: the
//! value plays batches of games until its 95% Wilson interval lies wholly above or below `t`, or
//! it has played `max_games` (then the point estimate decides, and the line says `decided =
//! false`). Games are spent only where a decision is close, and a value's games are kept for
//! every later target. Every value plays the same games `0..n` of the config's seed (common
//! random numbers), so neighbouring values differ only by the knob. The two values around the
//! crossing bracket the target; they play at least `final_games` each, and the chosen one is the
//! nearer of the two.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::engine::runner::run;
use crate::engine::stats::wilson;
use indicatif::ProgressBar;
use serde::Serialize;

/// Games and wins of one (group, value).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub games: u64,
    pub wins: u64,
}

impl Tally {
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games)
    }
}

/// The bracket of one target in one group.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub group: usize,
    pub target: f64,
    /// Index (into the values) of the last value below the target, if any.
    pub below: Option<usize>,
    /// Index of the first value at or above it, if any.
    pub above: Option<usize>,
    /// The nearer of the two.
    pub chosen: usize,
    /// Both bracket decisions were made by the interval (not by reaching `max_games`).
    pub decided: bool,
}

/// Everything a calibration found.
pub struct Ladder {
    /// `tally[g][v]`.
    pub tally: Vec<Vec<Tally>>,
    /// Per group: the win rate rises with the knob.
    pub increasing: Vec<bool>,
    pub rungs: Vec<Rung>,
}

/// The search over `rows[g][v]` (group `g` with the `v`-th of its values, ascending).
pub struct Search<'a, 't> {
    pub rows: &'a [Vec<CatanRow<'t>>],
    pub targets: &'a [f64],
    pub batch: u64,
    pub max_games: u64,
    /// Games every bracketing value plays at the end at least.
    pub final_games: u64,
}

impl Search<'_, '_> {
    /// Plays `tally` of (g, v) up to `games`.
    fn play(&self, tally: &mut Tally, g: usize, v: usize, games: u64, pb: &ProgressBar) {
        if games <= tally.games {
            return;
        }
        pb.inc_length(games - tally.games);
        let acc: CatanAcc = run(&self.rows[g][v], tally.games..games, pb);
        tally.games = games;
        tally.wins += acc.team_wins;
    }

    /// Whether value `v`'s win rate is at least `t` in group `g`, and whether the interval
    /// decided it.
    fn at_least(
        &self,
        tally: &mut Tally,
        g: usize,
        v: usize,
        t: f64,
        pb: &ProgressBar,
    ) -> (bool, bool) {
        loop {
            if tally.games > 0 {
                let (lo, hi) = tally.interval();
                if lo >= t {
                    return (true, true);
                }
                if hi < t {
                    return (false, true);
                }
                if tally.games >= self.max_games {
                    return (tally.rate() >= t, false);
                }
            }
            let next = (tally.games + self.batch).min(self.max_games);
            self.play(tally, g, v, next, pb);
        }
    }

    /// Runs the calibration. Deterministic for a seed, whatever the thread count.
    pub fn run(&self, pb: &ProgressBar) -> Ladder {
        let ng = self.rows.len();
        let mut tally: Vec<Vec<Tally>> = self
            .rows
            .iter()
            .map(|r| vec![Tally::default(); r.len()])
            .collect();
        let mut increasing = Vec::with_capacity(ng);
        let mut rungs = Vec::new();
        for (g, tg) in tally.iter_mut().enumerate() {
            let nv = self.rows[g].len();
            self.play(&mut tg[0], g, 0, self.batch, pb);
            self.play(&mut tg[nv - 1], g, nv - 1, self.batch, pb);
            let up = tg[nv - 1].rate() >= tg[0].rate();
            increasing.push(up);
            // Positions in rising order of win rate.
            let idx = |k: usize| if up { k } else { nv - 1 - k };
            for &t in self.targets {
                let (mut lo, mut hi) = (0usize, nv);
                let mut decided = true;
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    let v = idx(mid);
                    if self.at_least(&mut tg[v], g, v, t, pb).0 {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                // lo is the first position at or above t; its neighbours were both probed.
                for k in [lo.checked_sub(1), (lo < nv).then_some(lo)]
                    .into_iter()
                    .flatten()
                {
                    let v = idx(k);
                    let (_, sure) = self.at_least(&mut tg[v], g, v, t, pb);
                    decided &= sure;
                }
                let below = lo.checked_sub(1).map(idx);
                let above = (lo < nv).then(|| idx(lo));
                for v in [below, above].into_iter().flatten() {
                    let n = self.final_games.max(tg[v].games);
                    self.play(&mut tg[v], g, v, n, pb);
                }
                let dist = |v: usize| (tg[v].rate() - t).abs();
                let chosen = match (below, above) {
                    (Some(b), Some(a)) => {
                        if dist(b) < dist(a) {
                            b
                        } else {
                            a
                        }
                    }
                    (Some(b), None) => b,
                    (None, Some(a)) => a,
                    (None, None) => unreachable!("at least two values"),
                };
                rungs.push(Rung {
                    group: g,
                    target: t,
                    below,
                    above,
                    chosen,
                    decided,
                });
            }
        }
        Ladder {
            tally,
            increasing,
            rungs,
        }
    }
}
