//! `robsim ceiling`: the search player's budget doubled until doubling stops paying.
//!
//! Per row of a co-operative config whose policy is a search player (`rollout-N[:BASE]`,
//! `halving-N[:BASE]`): the row is played at budget N, 2N, 4N, ... on the same games (game `i`
//! has the same board, dice and deck at every budget), each budget paired with the one before
//! it. The curve has converged when a doubling gains less than `gain` and the upper end of its
//! 95% paired interval (Newcombe, `report::compare`) is under `upper`; it stops there, or at
//! `max_budget`, unconverged. The converged budget's win rate is the best play found for the
//! row, with what it cost.
//!
//! A climb is kept exactly (`CeilingState`, the folder's `state.json`: each budget's mergeable
//! accumulator and the game indices it holds), so it can be played in pieces: stopped and
//! resumed ([`play`] plays only what the state lacks), or split into shards of the game indices
//! that each play every budget up to a cap, merged ([`merge_states`]) and cut where the one-shot
//! climb would have stopped ([`settle`]). Either way the result equals the climb played at once.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::policy::{PolicySpec, SearchMode};
use crate::catan::ActionList;
use crate::engine::runner::{chunk_for, stop_requested, Experiment};
use crate::engine::stats::{wilson, Accumulator};
use crate::report::compare::{compare_row, CompareRow, Pair, PairStats};
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};
use std::ops::Range;
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
    /// The settings key of the row played at this budget: a sweep's row of the same rules and
    /// player has the same one.
    pub settings_key: String,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub lo95: f64,
    pub hi95: f64,
    /// Against the budget before (`None` at the first).
    pub step: Option<CompareRow>,
    /// Wall-clock seconds the budget's games took, the same times their threads (summed over
    /// the sittings and shards that played it), and the most threads any of them used.
    pub seconds: f64,
    pub core_seconds: f64,
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

/// Whether a doubling's paired comparison says the curve has converged: it gained less than
/// `gain` and the upper end of its 95% interval is under `upper`.
pub fn converged(step: &CompareRow, p: &CeilingParams) -> bool {
    step.win_rate_diff.is_some_and(|d| d < p.gain)
        && step.win_rate_diff_hi95.is_some_and(|h| h < p.upper)
}

/// One budget of one row as played so far (`state.json`): the exact accumulator (with its
/// per-game log, for the pairing with the next budget) and the game indices it holds, as sorted
/// disjoint `[start, end)` ranges. Accumulators merge exactly in any order, so a budget played
/// in pieces (sittings, shards) equals one played at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BudgetState {
    pub budget: u32,
    pub games: u64,
    pub played: Vec<(u64, u64)>,
    pub acc: CatanAcc,
}

/// A row's budgets played so far, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RowState {
    /// The row's index in the config.
    pub row: usize,
    pub budgets: Vec<BudgetState>,
}

/// A ceiling folder's `state.json`: every budget of every row played so far, exactly.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CeilingState {
    pub rows: Vec<RowState>,
}

impl CeilingState {
    /// The budget `b` of row `row`, if any of it was played.
    pub fn budget(&self, row: usize, b: u32) -> Option<&BudgetState> {
        self.rows
            .iter()
            .find(|r| r.row == row)
            .and_then(|r| r.budgets.iter().find(|x| x.budget == b))
    }

    fn budget_mut(&mut self, row: usize, b: u32) -> &mut BudgetState {
        let ri = match self.rows.iter().position(|r| r.row == row) {
            Some(i) => i,
            None => {
                self.rows.push(RowState {
                    row,
                    budgets: Vec::new(),
                });
                self.rows.sort_by_key(|r| r.row);
                self.rows.iter().position(|r| r.row == row).unwrap_or(0)
            }
        };
        let r = &mut self.rows[ri];
        let bi = match r.budgets.iter().position(|x| x.budget == b) {
            Some(i) => i,
            None => {
                r.budgets.push(BudgetState {
                    budget: b,
                    games: 0,
                    played: Vec::new(),
                    acc: CatanAcc::default(),
                });
                r.budgets.sort_by_key(|x| x.budget);
                r.budgets.iter().position(|x| x.budget == b).unwrap_or(0)
            }
        };
        &mut r.budgets[bi]
    }

    /// Checks a state read back against the rows it claims to be of: each row a config row
    /// that searches, each budget on its doubling list (up to `max_budget`), each range inside
    /// `games`, the game counts the ranges' sizes.
    ///
    /// # Errors
    /// The first entry that does not fit, as `rows[i].budgets[j].KEY: ...`.
    pub fn check(
        &self,
        rows: &[CatanRow],
        max_budget: u32,
        games: &Range<u64>,
    ) -> std::result::Result<(), String> {
        for (i, r) in self.rows.iter().enumerate() {
            let Some(start) = rows.get(r.row).and_then(|x| budget(&x.spec.policy)) else {
                return Err(format!(
                    "rows[{i}].row: {} is not a searching row of the config ({} rows)",
                    r.row,
                    rows.len()
                ));
            };
            let list = budgets(start, max_budget);
            for (j, b) in r.budgets.iter().enumerate() {
                if !list.contains(&b.budget) {
                    return Err(format!(
                        "rows[{i}].budgets[{j}].budget: {} is out of range; allowed: {:?} (row {}'s doublings up to ceiling.max_budget)",
                        b.budget, list, r.row
                    ));
                }
                let mut n = 0;
                for &(a, z) in &b.played {
                    if a >= z || a < games.start || z > games.end {
                        return Err(format!(
                            "rows[{i}].budgets[{j}].played: {a}..{z} is out of range; allowed: within games {}..{}",
                            games.start, games.end
                        ));
                    }
                    n += z - a;
                }
                if n != b.games || b.acc.games != n {
                    return Err(format!(
                        "rows[{i}].budgets[{j}].games: {} does not match the {n} games its ranges hold",
                        b.games
                    ));
                }
            }
        }
        Ok(())
    }
}

/// What one sitting of a climb plays: its slice of game indices (`0..games`, or a shard's),
/// the highest budget it plays, and whether it stops a row at the stop rule (a shard does not:
/// the rule is decided on all the games, by `robsim merge`).
#[derive(Clone, Debug)]
pub struct Plan {
    pub games: Range<u64>,
    pub max_budget: u32,
    pub stop_rule: bool,
}

/// The wall seconds one sitting spent on one budget, and its threads.
#[derive(Clone, Copy, Debug)]
pub struct Spent {
    pub row: usize,
    pub budget: u32,
    pub seconds: f64,
    pub threads: usize,
}

/// The games of `want` not yet in `played` (both sorted, disjoint).
fn missing(want: &Range<u64>, played: &[(u64, u64)]) -> Vec<Range<u64>> {
    let mut out = Vec::new();
    let mut at = want.start;
    for &(a, z) in played {
        if a > at {
            out.push(at..a.min(want.end));
        }
        at = at.max(z);
    }
    if at < want.end {
        out.push(at..want.end);
    }
    out.retain(|r| !r.is_empty());
    out
}

/// Sorted ranges joined where they touch.
fn join(mut r: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    r.retain(|x| x.0 < x.1);
    r.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::new();
    for x in r {
        match out.last_mut() {
            Some(l) if l.1 >= x.0 => l.1 = l.1.max(x.1),
            _ => out.push(x),
        }
    }
    out
}

/// Plays the games `todo` of `row` in parallel chunks; returns their accumulator and the
/// indices played (after a stop request, only the chunks that finished).
fn play_ranges(
    row: &CatanRow,
    todo: &[Range<u64>],
    pb: &ProgressBar,
) -> (CatanAcc, Vec<(u64, u64)>) {
    use rayon::prelude::*;
    let len: u64 = todo.iter().map(|r| r.end - r.start).sum();
    let chunk = chunk_for(row.chunk(), len);
    let items: Vec<Range<u64>> = todo
        .iter()
        .flat_map(|r| {
            (r.start..r.end)
                .step_by(chunk as usize)
                .map(move |lo| lo..(lo + chunk).min(r.end))
        })
        .collect();
    let done: Vec<(CatanAcc, (u64, u64))> = items
        .into_par_iter()
        .map_init(Box::<ActionList>::default, |buf, r| {
            if stop_requested() {
                return None;
            }
            let mut acc = CatanAcc::default();
            for i in r.clone() {
                row.play(i, &mut acc, buf);
            }
            pb.inc((r.end - r.start) * row.cost());
            Some((acc, (r.start, r.end)))
        })
        .flatten()
        .collect();
    let mut acc = CatanAcc::default();
    let mut ranges = Vec::new();
    for (a, r) in done {
        acc.merge(a);
        ranges.push(r);
    }
    (acc, join(ranges))
}

/// The paired comparison of budget `b` against the budget before it (`prev`) on row `row`.
fn step_of(row: usize, b: u32, prev: &CatanAcc, acc: &CatanAcc) -> CompareRow {
    let mut st = PairStats::default();
    st.add_logs(&prev.log, &acc.log);
    let pair = Pair {
        a: row,
        b: row,
        knob: "budget",
        value_a: (b / 2).to_string(),
        value_b: b.to_string(),
    };
    compare_row(&pair, &st, true)
}

/// Whether a budget holds every game of `games`.
fn whole(b: &BudgetState, games: &Range<u64>) -> bool {
    b.played == [(games.start, games.end)] || (games.is_empty() && b.played.is_empty())
}

/// Plays what `state` lacks of `plan`: per row (one after another), each budget of its doubling
/// list up to `plan.max_budget` on the games of `plan.games` it does not hold yet (each
/// budget's games in parallel), stopping a row at the stop rule when `plan.stop_rule`. Finished
/// budgets are not replayed and a budget's finished games are kept, so a climb stopped and
/// resumed equals one played at once. Stops early, `state` holding every chunk of games that
/// finished, when a stop is requested. `done(row, budget)` hears of each budget as it ends.
/// Returns the seconds this sitting spent per budget.
pub fn play(
    rows: &[CatanRow],
    p: &CeilingParams,
    plan: &Plan,
    state: &mut CeilingState,
    pb: &ProgressBar,
    done: &dyn Fn(usize, u32, &CeilingState),
) -> Vec<Spent> {
    let mut spent = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let Some(start) = budget(&row.spec.policy) else {
            continue;
        };
        let mut prev: Option<CatanAcc> = None;
        for b in budgets(start, plan.max_budget.min(p.max_budget)) {
            if stop_requested() {
                return spent;
            }
            let held = state
                .budget(i, b)
                .map(|x| x.played.clone())
                .unwrap_or_default();
            let todo = missing(&plan.games, &held);
            // A game's weight on the bar: its budget.
            let cost = b as u64;
            pb.inc(
                (plan.games.end
                    - plan.games.start
                    - todo.iter().map(|r| r.end - r.start).sum::<u64>())
                    * cost,
            );
            if !todo.is_empty() {
                let played = row.with_policy(with_budget(&row.spec.policy, b), row.seed);
                let t0 = Instant::now();
                let (acc, ranges) = play_ranges(&played, &todo, &ProgressBar::hidden());
                let seconds = t0.elapsed().as_secs_f64();
                pb.inc(ranges.iter().map(|r| r.1 - r.0).sum::<u64>() * cost);
                let entry = state.budget_mut(i, b);
                entry.acc.merge(acc);
                let mut all = std::mem::take(&mut entry.played);
                all.extend(ranges);
                entry.played = join(all);
                entry.games = entry.played.iter().map(|r| r.1 - r.0).sum();
                spent.push(Spent {
                    row: i,
                    budget: b,
                    seconds,
                    threads: rayon::current_num_threads(),
                });
                done(i, b, state);
            }
            let Some(entry) = state.budget(i, b) else {
                return spent;
            };
            if !whole(entry, &plan.games) {
                return spent;
            }
            let converged = plan.stop_rule
                && prev
                    .as_ref()
                    .is_some_and(|a| converged(&step_of(i, b, a, &entry.acc), p));
            prev = Some(entry.acc.clone());
            if converged {
                break;
            }
        }
    }
    spent
}

/// Work a climb could take at most on `games` games per budget, weighted by budget (for a
/// progress bar).
pub fn planned_work(rows: &[CatanRow], max_budget: u32, games: u64) -> u64 {
    rows.iter()
        .filter_map(|r| budget(&r.spec.policy))
        .map(|b| {
            budgets(b, max_budget)
                .iter()
                .map(|&x| x as u64)
                .sum::<u64>()
                * games
        })
        .sum()
}

/// The curves a state holds, on the games `games`: per row its budgets in order, each with its
/// win rate and its paired step from the budget before (only between budgets holding every
/// game). With `stop_rule`, a curve ends at its first converged budget (the budgets a shard
/// played beyond it are left out, as the one-shot run never played them). A budget holding
/// only part of the games is the curve's last. `clock` gives each budget's seconds,
/// core-seconds and threads.
pub fn curves(
    state: &CeilingState,
    rows: &[CatanRow],
    p: &CeilingParams,
    games: &Range<u64>,
    stop_rule: bool,
    clock: &dyn Fn(usize, u32) -> (f64, f64, usize),
) -> Vec<Curve> {
    let mut out = Vec::new();
    for r in &state.rows {
        let Some(row) = rows.get(r.row) else {
            continue;
        };
        let mut curve = Curve {
            row: r.row,
            steps: Vec::new(),
            converged: false,
        };
        let mut prev: Option<&BudgetState> = None;
        for b in &r.budgets {
            let acc = &b.acc;
            let is_whole = whole(b, games);
            let step = prev
                .filter(|a| a.budget * 2 == b.budget)
                .map(|a| step_of(r.row, b.budget, &a.acc, acc));
            let conv = is_whole && step.as_ref().is_some_and(|c| converged(c, p));
            let (lo95, hi95) = wilson(acc.team_wins, acc.games);
            let (seconds, core_seconds, threads) = clock(r.row, b.budget);
            // The row at this budget, keeping the model it names (`with_policy` clears it).
            let mut played = row.with_policy(with_budget(&row.spec.policy, b.budget), row.seed);
            played.spec.model = row.spec.model;
            curve.steps.push(Step {
                budget: b.budget,
                policy: played.spec.policy.label(),
                settings_key: crate::report::settings_key(&played),
                games: acc.games,
                wins: acc.team_wins,
                win_rate: acc.team_wins as f64 / acc.games.max(1) as f64,
                lo95,
                hi95,
                step,
                seconds,
                core_seconds,
                threads,
                converged: conv,
            });
            if !is_whole {
                break;
            }
            prev = Some(b);
            if conv && stop_rule {
                curve.converged = true;
                break;
            }
        }
        out.push(curve);
    }
    out
}

/// `state` cut as the one-shot climb of `games` would have played it: each row's budgets
/// from the first, while each holds every game, up to and including the first that converges.
/// (Shards play every budget; their merge keeps what the climb would have.)
pub fn settle(state: &CeilingState, p: &CeilingParams, games: &Range<u64>) -> CeilingState {
    let mut out = CeilingState::default();
    for r in &state.rows {
        let mut kept: Vec<BudgetState> = Vec::new();
        for b in &r.budgets {
            if let Some(a) = kept.last() {
                if a.budget * 2 != b.budget {
                    break;
                }
            }
            let is_whole = whole(b, games);
            let conv = kept.last().is_some_and(|a| {
                is_whole && converged(&step_of(r.row, b.budget, &a.acc, &b.acc), p)
            });
            kept.push(b.clone());
            if !is_whole || conv {
                break;
            }
        }
        out.rows.push(RowState {
            row: r.row,
            budgets: kept,
        });
    }
    out
}

/// Whether row `row`'s climb is over in `state` on `games`: a budget converged, or every budget
/// up to `max_budget` holds every game.
pub fn finished(
    state: &CeilingState,
    row: &CatanRow,
    idx: usize,
    p: &CeilingParams,
    games: &Range<u64>,
) -> bool {
    let Some(start) = budget(&row.spec.policy) else {
        return true;
    };
    let list = budgets(start, p.max_budget);
    let mut prev: Option<&BudgetState> = None;
    for b in list {
        let Some(x) = state.budget(idx, b) else {
            return false;
        };
        if !whole(x, games) {
            return false;
        }
        if prev.is_some_and(|a| converged(&step_of(idx, b, &a.acc, &x.acc), p)) {
            return true;
        }
        prev = Some(x);
    }
    true
}

/// Merges shard states (each of its own slice) into the state of all their games: budget by
/// budget, the accumulators and ranges of every shard that played it.
pub fn merge_states(states: Vec<CeilingState>) -> CeilingState {
    let mut out = CeilingState::default();
    for st in states {
        for r in st.rows {
            for b in r.budgets {
                let e = out.budget_mut(r.row, b.budget);
                e.acc.merge(b.acc);
                let mut all = std::mem::take(&mut e.played);
                all.extend(b.played);
                e.played = join(all);
                e.games = e.played.iter().map(|x| x.1 - x.0).sum();
            }
        }
    }
    out
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
                    knob: "budget",
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
