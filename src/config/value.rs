//! The `[value]` table: what `robsim learn-value` plays and fits.

use super::{Locate, Sweep};
use crate::catan::learning::valuefit::ValueParams;
use crate::catan::Variant;
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

/// The `[value]` table (every key optional).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct ValueTable {
    /// Games per row whose positions are fitted (1..=10000000). Default 2000.
    pub train_games: i64,
    /// Games per row held out to measure the fit, on another seed (1..=10000000). Default 1000.
    pub test_games: i64,
    /// A position is kept every this many player-turns (1..=1000). Default 10.
    pub every: i64,
    /// Ridge penalty per position (0..=100). Default 0.0001.
    pub ridge: f64,
}

impl Default for ValueTable {
    fn default() -> Self {
        ValueTable {
            train_games: 2000,
            test_games: 1000,
            every: 10,
            ridge: 1e-4,
        }
    }
}

/// Checks a config's `[value]` table and rows for `robsim learn-value`.
///
/// # Errors
/// No `[value]` table, a key out of range, rows of another variant than Robert, or no row of
/// 2, 3 or 4 players.
pub fn valuing(sweep: &Sweep, origin: &str, text: Option<&str>) -> Result<ValueParams> {
    let at = Locate { origin, text };
    let Some(v) = &sweep.file.value else {
        bail!(
            "{origin}: no [value] table; allowed: a config with `[value]` (train_games, test_games, every, ridge), e.g. configs/training/robert-value.toml in the robsim repository"
        );
    };
    let int = |key: &str, x: i64, lo: i64, hi: i64| -> Result<u64> {
        if !(lo..=hi).contains(&x) {
            bail!(
                "{}: {x} is out of range; allowed: {lo} to {hi}",
                at.key(&format!("value.{key}"))
            );
        }
        Ok(x as u64)
    };
    let train_games = int("train_games", v.train_games, 1, 10_000_000)?;
    let test_games = int("test_games", v.test_games, 1, 10_000_000)?;
    let every = int("every", v.every, 1, 1000)?;
    if !(0.0..=100.0).contains(&v.ridge) {
        bail!(
            "{}: {} is out of range; allowed: 0 to 100",
            at.key("value.ridge"),
            v.ridge
        );
    }
    if !sweep.carcassonne.is_empty()
        || sweep.rows.is_empty()
        || sweep
            .rows
            .iter()
            .any(|r| !matches!(r.rules.variant, Variant::Robert(_)))
    {
        bail!(
            "{}: the value model scores Robert positions; allowed: robert",
            at.key("grid.variant")
        );
    }
    if let Some(r) = sweep
        .rows
        .iter()
        .find(|r| r.lineup.is_some() || r.policy.searches())
    {
        bail!(
            "{}: policy {:?}: positions come from a player without search, the same in every seat; allowed: team, team-tuned or learned",
            at.key("grid.policy"),
            r.policy.label()
        );
    }
    for n in 2..=4 {
        if !sweep.rows.iter().any(|r| r.rules.players == n) {
            bail!(
                "{}: no row of {n} players; allowed: rows of each of 2, 3 and 4 players (the model has weights for each)",
                at.key("grid.players")
            );
        }
    }
    Ok(ValueParams {
        train_games,
        test_games,
        every: every as u32,
        ridge: v.ridge,
        progress_weight: sweep.file.rollout.progress_weight,
    })
}
