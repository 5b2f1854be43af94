//! `robsim calibrate`: the rule knob values that bracket target win rates.
//!
//! `robsim calibrate`: for each group of rows, the values of an ordered rule knob whose team win
//! rates bracket each target, found by bisection with sequential sampling.
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
use crate::engine::runner::{run_counted, stop_requested};
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
    /// Ctrl-C stopped the search: `rungs` are the targets decided before it.
    pub partial: bool,
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
    /// Plays `tally` of (g, v) up to `games`; false (and `tally` unchanged) when Ctrl-C
    /// stopped the runner before the batch was whole.
    fn play(&self, tally: &mut Tally, g: usize, v: usize, games: u64, pb: &ProgressBar) -> bool {
        if games <= tally.games {
            return true;
        }
        let want = games - tally.games;
        let (acc, n): (CatanAcc, u64) = run_counted(&self.rows[g][v], tally.games..games, pb);
        if n < want || stop_requested() {
            return false;
        }
        tally.games = games;
        tally.wins += acc.team_wins;
        true
    }

    /// Whether value `v`'s win rate is at least `t` in group `g`, and whether the interval
    /// decided it; `None` when Ctrl-C stopped the search.
    fn at_least(
        &self,
        tally: &mut Tally,
        g: usize,
        v: usize,
        t: f64,
        pb: &ProgressBar,
    ) -> Option<(bool, bool)> {
        loop {
            if tally.games > 0 {
                let (lo, hi) = tally.interval();
                if lo >= t {
                    return Some((true, true));
                }
                if hi < t {
                    return Some((false, true));
                }
                if tally.games >= self.max_games {
                    return Some((tally.rate() >= t, false));
                }
            }
            let next = (tally.games + self.batch).min(self.max_games);
            if !self.play(tally, g, v, next, pb) {
                return None;
            }
        }
    }

    /// Runs the calibration. Deterministic for a seed, whatever the thread count. `games` counts
    /// the games played; `decided` is called after each target of each group is decided. After
    /// Ctrl-C the ladder holds the targets decided so far (`Ladder::partial`), and the tallies
    /// only whole batches.
    pub fn run(&self, games: &ProgressBar, decided: &dyn Fn(&Rung)) -> Ladder {
        let ng = self.rows.len();
        let mut tally: Vec<Vec<Tally>> = self
            .rows
            .iter()
            .map(|r| vec![Tally::default(); r.len()])
            .collect();
        let mut increasing = Vec::with_capacity(ng);
        let mut rungs = Vec::new();
        let partial = 'search: {
            for (g, tg) in tally.iter_mut().enumerate() {
                let nv = self.rows[g].len();
                if !self.play(&mut tg[0], g, 0, self.batch, games)
                    || !self.play(&mut tg[nv - 1], g, nv - 1, self.batch, games)
                {
                    break 'search true;
                }
                let up = tg[nv - 1].rate() >= tg[0].rate();
                increasing.push(up);
                // Positions in rising order of win rate.
                let idx = |k: usize| if up { k } else { nv - 1 - k };
                for &t in self.targets {
                    let Some(rung) = self.rung(tg, g, t, idx, games) else {
                        break 'search true;
                    };
                    decided(&rung);
                    rungs.push(rung);
                }
            }
            false
        };
        increasing.resize(ng, true);
        Ladder {
            tally,
            increasing,
            rungs,
            partial,
        }
    }

    /// The bracket of target `t` in group `g` (`idx`: positions in rising order of win rate);
    /// `None` after Ctrl-C.
    fn rung(
        &self,
        tg: &mut [Tally],
        g: usize,
        t: f64,
        idx: impl Fn(usize) -> usize,
        pb: &ProgressBar,
    ) -> Option<Rung> {
        let nv = tg.len();
        let (mut lo, mut hi) = (0usize, nv);
        let mut decided = true;
        while lo < hi {
            let mid = (lo + hi) / 2;
            let v = idx(mid);
            if self.at_least(&mut tg[v], g, v, t, pb)?.0 {
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
            let (_, sure) = self.at_least(&mut tg[v], g, v, t, pb)?;
            decided &= sure;
        }
        let below = lo.checked_sub(1).map(&idx);
        let above = (lo < nv).then(|| idx(lo));
        for v in [below, above].into_iter().flatten() {
            let n = self.final_games.max(tg[v].games);
            if !self.play(&mut tg[v], g, v, n, pb) {
                return None;
            }
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
        Some(Rung {
            group: g,
            target: t,
            below,
            above,
            chosen,
            decided,
        })
    }
}
