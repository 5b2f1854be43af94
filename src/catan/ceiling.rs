//! `robsim ceiling`: the search player's budget doubled until doubling stops paying.
//!
//! Per row of a co-operative config whose policy is a search player (`rollout-N[:BASE]`,
//! `halving-N[:BASE]`): the row is played at budget N, 2N, 4N, ... on the same games (game `i`
//! has the same board, dice and deck at every budget), each budget paired with the one before
//! it. The curve has converged when a doubling gains less than `gain` and the upper end of its
//! 95% paired interval (Newcombe, `report::compare`) is under `upper`; it stops there, or at
//! `max_budget`, unconverged. The converged budget's win rate is the best play found for the
//! row, with what it cost.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::policy::{PolicySpec, SearchMode};
use crate::engine::runner::{run_each, stop_requested};
use crate::engine::stats::wilson;
use crate::report::compare::{compare_row, CompareRow, Pair, PairStats};
use indicatif::ProgressBar;
use std::time::Instant;

/// What a ceiling run plays (`[ceiling]` and the config's `games`, checked).
#[derive(Clone, Debug, PartialEq)]
pub struct CeilingParams {
    /// Paired games per budget.
    pub games: u64,
    /// The highest budget played.
    pub max_budget: u32,
    /// A doubling converges when it gains less than this (a share: 0.01 is a point)...
    pub gain: f64,
    /// ... and the upper end of its 95% paired interval is under this.
    pub upper: f64,
}

/// One budget of one row's curve.
#[derive(Clone, Debug)]
pub struct Step {
    pub budget: u32,
    /// The policy as reports name it (`rollout-32:learned`).
    pub policy: String,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub lo95: f64,
    pub hi95: f64,
    /// Against the budget before (`None` at the first).
    pub step: Option<CompareRow>,
    /// Wall-clock seconds the budget's games took, and the threads that played them.
    pub seconds: f64,
    pub threads: usize,
    /// This doubling gained less than `gain`, its interval's upper end under `upper`.
    pub converged: bool,
}

/// One row's curve: its budgets in order; `converged` when the last one converged.
#[derive(Clone, Debug)]
pub struct Curve {
    /// The row's index in the config.
    pub row: usize,
    pub steps: Vec<Step>,
    pub converged: bool,
}

/// A search policy's budget: futures per candidate (`rollout-N`) or per decision
/// (`halving-N`); `None` for a policy that does not search.
pub fn budget(spec: &PolicySpec) -> Option<u32> {
    match spec {
        PolicySpec::Rollout { knobs, .. } => Some(match knobs.search {
            SearchMode::Race => knobs.rollouts as u32,
            SearchMode::Halving => knobs.simulations,
        }),
        _ => None,
    }
}

/// The largest budget a search policy accepts (`rollout-N` 10000, `halving-N` 100000).
pub fn budget_limit(spec: &PolicySpec) -> u32 {
    match spec {
        PolicySpec::Rollout { knobs, .. } if knobs.search == SearchMode::Halving => 100_000,
        _ => 10_000,
    }
}

/// `spec` with budget `b` (a search policy; others unchanged).
pub fn with_budget(spec: &PolicySpec, b: u32) -> PolicySpec {
    let mut s = *spec;
    if let PolicySpec::Rollout { knobs, .. } = &mut s {
        match knobs.search {
            SearchMode::Race => knobs.rollouts = b.min(u16::MAX as u32) as u16,
            SearchMode::Halving => knobs.simulations = b,
        }
    }
    s
}

/// The budgets a row plays at most: its own, doubled while within `max_budget`.
pub fn budgets(start: u32, max_budget: u32) -> Vec<u32> {
    let mut out = vec![start];
    while let Some(&b) = out.last() {
        match b.checked_mul(2) {
            Some(n) if n <= max_budget => out.push(n),
            _ => break,
        }
    }
    out
}

/// Work a row's curve could take at most, in games weighted by budget (for a progress bar).
pub fn planned_work(rows: &[CatanRow], p: &CeilingParams) -> u64 {
    rows.iter()
        .filter_map(|r| budget(&r.spec.policy))
        .map(|b| {
            budgets(b, p.max_budget)
                .iter()
                .map(|&x| x as u64)
                .sum::<u64>()
                * p.games
        })
        .sum()
}

/// Whether a doubling's paired comparison says the curve has converged: it gained less than
/// `gain` and the upper end of its 95% interval is under `upper`.
pub fn converged(step: &CompareRow, p: &CeilingParams) -> bool {
    step.win_rate_diff.is_some_and(|d| d < p.gain)
        && step.win_rate_diff_hi95.is_some_and(|h| h < p.upper)
}

/// Plays every row's curve (rows one after another; each budget's games in parallel). Stops
/// early, with the curves so far, when a stop is requested. `done(row, step)` hears of each
/// budget as it ends (a long climb shows its steps as they land).
pub fn ceiling(
    rows: &[CatanRow],
    p: &CeilingParams,
    pb: &ProgressBar,
    done: &dyn Fn(usize, &Step),
) -> Vec<Curve> {
    let quiet = ProgressBar::hidden();
    let mut curves = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let Some(start) = budget(&row.spec.policy) else {
            continue;
        };
        let mut curve = Curve {
            row: i,
            steps: Vec::new(),
            converged: false,
        };
        let mut prev: Option<CatanAcc> = None;
        for b in budgets(start, p.max_budget) {
            if stop_requested() {
                break;
            }
            let spec = with_budget(&row.spec.policy, b);
            let played = row.with_policy(spec, row.seed);
            let t0 = Instant::now();
            let acc = run_each(&[&played], 0..p.games, &quiet)
                .pop()
                .unwrap_or_default();
            let seconds = t0.elapsed().as_secs_f64();
            pb.inc(b as u64 * p.games);
            let (lo95, hi95) = wilson(acc.team_wins, acc.games);
            let step = prev.as_ref().map(|a| {
                let mut st = PairStats::default();
                st.add_logs(&a.log, &acc.log);
                let pair = Pair {
                    a: i,
                    b: i,
                    setting: "budget",
                    value_a: (b / 2).to_string(),
                    value_b: b.to_string(),
                };
                compare_row(&pair, &st, true)
            });
            let converged = step.as_ref().is_some_and(|c| converged(c, p));
            curve.steps.push(Step {
                budget: b,
                policy: spec.label(),
                games: acc.games,
                wins: acc.team_wins,
                win_rate: acc.team_wins as f64 / acc.games.max(1) as f64,
                lo95,
                hi95,
                step,
                seconds,
                threads: rayon::current_num_threads(),
                converged,
            });
            if let Some(last) = curve.steps.last() {
                done(i, last);
            }
            prev = Some(acc);
            if converged {
                curve.converged = true;
                break;
            }
        }
        curves.push(curve);
    }
    curves
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stop rule: the estimate under `gain` and the interval's upper end under `upper`,
    /// both needed (a small gain measured on too few games does not stop the climb).
    #[test]
    fn a_doubling_converges_only_when_its_interval_is_tight() {
        let p = CeilingParams {
            games: 100,
            max_budget: 64,
            gain: 0.01,
            upper: 0.02,
        };
        let step = |d: f64, hi: f64| {
            let mut c = compare_row(
                &Pair {
                    a: 0,
                    b: 0,
                    setting: "budget",
                    value_a: "1".into(),
                    value_b: "2".into(),
                },
                &PairStats::default(),
                true,
            );
            c.win_rate_diff = Some(d);
            c.win_rate_diff_hi95 = Some(hi);
            c
        };
        assert!(converged(&step(0.004, 0.015), &p));
        assert!(!converged(&step(0.004, 0.03), &p), "interval too wide");
        assert!(!converged(&step(0.012, 0.019), &p), "gain too large");
        assert!(
            converged(&step(-0.01, 0.0), &p),
            "a loss from doubling converges"
        );
    }

    #[test]
    fn budgets_double_up_to_the_cap() {
        assert_eq!(budgets(16, 128), vec![16, 32, 64, 128]);
        assert_eq!(budgets(16, 100), vec![16, 32, 64]);
        assert_eq!(budgets(16, 16), vec![16]);
        assert_eq!(budgets(3, 20), vec![3, 6, 12]);
    }
}
