//! `robsim calibrate`: the rule knob values that bracket target win rates.
//!
//! `robsim calibrate`: for each group of rows, the values of an ordered rule knob whose win
//! rates bracket each target, found by bisection with sequential sampling, or by a scan of every
//! value where the win rate turns.
//!
//! Method. The win rate is first taken to be monotone in the knob (its direction is read from
//! the two end values). For each target `t`, a bisection over the ordered values finds the first
//! value whose win rate is at least `t`. Each comparison "is p(v) ≥ t?" is decided sequentially:
//! the value plays batches of games until its 95% Wilson interval lies wholly above or below
//! `t`, or it has played `max_games` (then the point estimate decides, and the line says
//! `decided = false`). Games are spent only where a decision is close, and a value's games are
//! kept for every later target. Every value plays the same games `0..n` of the config's seed
//! (common random numbers), so neighbouring values differ only by the knob. The two values
//! around the crossing bracket the target; they play at least `final_games` each, and the chosen
//! one is the nearer of the two.
//!
//! The direction is then checked against every value played: two values whose intervals are
//! ordered against it (the lower in the assumed rising order wholly above the higher) contradict
//! it. Then, and from the start for a knob known to turn (`Search::turns`, such as `robert_skip`,
//! whose 0 is "every turn" and 1 "never"), the group is scanned instead: every value plays
//! `max(batch, final_games)` games on the same seeds, each target takes the value whose win
//! rate is nearest, and `decided` says whether that value's interval leaves no other value
//! possibly nearer. A bisection's brackets are never reported over evaluations that contradict
//! its direction.

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

/// How a group's win rate moves along the knob, as the search found it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// It rises with the knob (a bisection over the values).
    Rising,
    /// It falls with the knob (a bisection).
    Falling,
    /// It turns (known to, or the evaluations contradicted a direction): every value scanned.
    Turns,
}

impl Direction {
    /// The name in `ladder.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Rising => "rising",
            Direction::Falling => "falling",
            Direction::Turns => "turns",
        }
    }
}

/// Everything a calibration found.
pub struct Ladder {
    /// `tally[g][v]`.
    pub tally: Vec<Vec<Tally>>,
    /// Per group: how the win rate moves along the knob.
    pub direction: Vec<Direction>,
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
    /// The knob is known to turn (not monotone): every group scans every value.
    pub turns: bool,
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
        let mut direction = Vec::with_capacity(ng);
        let mut rungs = Vec::new();
        let partial = 'search: {
            for (g, tg) in tally.iter_mut().enumerate() {
                let nv = self.rows[g].len();
                let mut found = Vec::new();
                let mut dir = Direction::Turns;
                if !self.turns {
                    if !self.play(&mut tg[0], g, 0, self.batch, games)
                        || !self.play(&mut tg[nv - 1], g, nv - 1, self.batch, games)
                    {
                        break 'search true;
                    }
                    let up = tg[nv - 1].rate() >= tg[0].rate();
                    // Positions in rising order of win rate.
                    let idx = |k: usize| if up { k } else { nv - 1 - k };
                    for &t in self.targets {
                        let Some(rung) = self.rung(tg, g, t, idx, games) else {
                            break 'search true;
                        };
                        found.push(rung);
                    }
                    if !contradicts(tg, idx) {
                        dir = if up {
                            Direction::Rising
                        } else {
                            Direction::Falling
                        };
                    }
                }
                if dir == Direction::Turns {
                    found.clear();
                    let n = self.batch.max(self.final_games);
                    for (v, t) in tg.iter_mut().enumerate() {
                        if !self.play(t, g, v, n.max(t.games), games) {
                            break 'search true;
                        }
                    }
                    found = self.targets.iter().map(|&t| nearest(tg, g, t)).collect();
                }
                direction.push(dir);
                for rung in found {
                    decided(&rung);
                    rungs.push(rung);
                }
            }
            false
        };
        direction.resize(ng, Direction::Turns);
        Ladder {
            tally,
            direction,
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

/// Whether the values played contradict the direction `idx` assumes (positions in rising order
/// of win rate): a lower position whose 95% interval lies wholly above a higher one's.
fn contradicts(tg: &[Tally], idx: impl Fn(usize) -> usize) -> bool {
    let played: Vec<(f64, f64)> = (0..tg.len())
        .map(&idx)
        .filter(|&v| tg[v].games > 0)
        .map(|v| tg[v].interval())
        .collect();
    played
        .iter()
        .enumerate()
        .any(|(i, a)| played[i + 1..].iter().any(|b| a.0 > b.1))
}

/// The rung of target `t` in a scanned group: the value whose win rate is nearest `t`, with the
/// nearest below and at-or-above it as its bracket; decided when no other value's interval
/// comes nearer `t` than the chosen value's interval reaches.
fn nearest(tg: &[Tally], g: usize, t: f64) -> Rung {
    let dist = |v: usize| (tg[v].rate() - t).abs();
    let vals = 0..tg.len();
    let pick = |side: &dyn Fn(usize) -> bool| {
        vals.clone()
            .filter(|&v| side(v))
            .min_by(|&a, &b| dist(a).total_cmp(&dist(b)))
    };
    let below = pick(&|v| tg[v].rate() < t);
    let above = pick(&|v| tg[v].rate() >= t);
    let chosen = pick(&|_| true).expect("at least two values");
    let (lo, hi) = tg[chosen].interval();
    let reach = (lo - t).abs().max((hi - t).abs());
    let closest = |v: usize| {
        let (lo, hi) = tg[v].interval();
        if (lo..=hi).contains(&t) {
            0.0
        } else {
            (lo - t).abs().min((hi - t).abs())
        }
    };
    let decided = vals.filter(|&v| v != chosen).all(|v| closest(v) > reach);
    Rung {
        group: g,
        target: t,
        below,
        above,
        chosen,
        decided,
    }
}
