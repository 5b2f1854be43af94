//! `[ceiling]`: how far `robsim ceiling` doubles a search player's budget, and when it stops.

use super::{Locate, Sweep};
use crate::catan::lab::ceiling::{budget, budget_limit, CeilingParams};
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

/// The `[ceiling]` table; every key optional.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct CeilingFile {
    /// The highest budget played (a row's own budget up to 10000 for rollout-N, 100000 for
    /// halving-N).
    pub max_budget: i64,
    /// A doubling converges when it gains less than this many points...
    pub gain_points: f64,
    /// ... and the upper end of its 95% paired interval is under this many.
    pub upper_points: f64,
}

impl Default for CeilingFile {
    fn default() -> Self {
        CeilingFile {
            max_budget: 1024,
            gain_points: 1.0,
            upper_points: 2.0,
        }
    }
}

/// Checks a config for `robsim ceiling`: co-operative rows (Robert or Solitaire) each played by
/// a search player, whose budget is where its curve starts, and the `[ceiling]` keys.
///
/// # Errors
/// A competitive or Carcassonne row, a row whose policy does not search, a key out of range.
pub fn ceiling(sweep: &Sweep, origin: &str, text: Option<&str>) -> Result<CeilingParams> {
    let at = Locate { origin, text };
    let ctx = |key: &str| at.key(key);
    let c = sweep.file.ceiling.clone().unwrap_or_default();
    if !sweep.carcassonne.is_empty() || sweep.rows.is_empty() {
        bail!(
            "{}: robsim ceiling plays co-operative Catan rows; allowed: robert or solitaire",
            ctx("grid.variant")
        );
    }
    let mut lowest = u32::MAX;
    let mut limit = u32::MAX;
    for r in &sweep.rows {
        if !r.rules.variant.cooperative() {
            bail!(
                "{}: {:?} is not co-operative; allowed: robert or solitaire (a team's win rate has one ceiling)",
                ctx("grid.variant"),
                r.rules.variant.name()
            );
        }
        let Some(b) = budget(&r.policy) else {
            bail!(
                "{}: {:?} does not search; allowed: rollout-N or halving-N (with a base, e.g. rollout-16:learned), N the first budget",
                ctx("grid.policy"),
                r.policy.label()
            );
        };
        lowest = lowest.min(b);
        limit = limit.min(budget_limit(&r.policy));
    }
    if !(lowest as i64..=limit as i64).contains(&c.max_budget) {
        bail!(
            "{}: {} is out of range; allowed: {lowest} (the rows' first budget) to {limit}",
            ctx("ceiling.max_budget"),
            c.max_budget
        );
    }
    for (key, v) in [
        ("ceiling.gain_points", c.gain_points),
        ("ceiling.upper_points", c.upper_points),
    ] {
        if !(v > 0.0 && v <= 100.0) {
            bail!(
                "{}: {v} is out of range; allowed: more than 0, at most 100",
                ctx(key)
            );
        }
    }
    if c.upper_points < c.gain_points {
        bail!(
            "{}: {} is below gain_points ({}); allowed: at least gain_points",
            ctx("ceiling.upper_points"),
            c.upper_points,
            c.gain_points
        );
    }
    Ok(CeilingParams {
        games: sweep.games,
        max_budget: c.max_budget as u32,
        gain: c.gain_points / 100.0,
        upper: c.upper_points / 100.0,
    })
}
