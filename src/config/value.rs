//! The `[value]` table: what `robsim learn-value` plays and fits.

use super::{Locate, Sweep};
use crate::catan::learning::valuefit::ValueParams;
use crate::catan::policy::value::{ValueModel, BUILTIN_WINPROB};
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
    /// The features the model reads (1 or 2; `catan::policy::value::features_at`): 2 adds the
    /// rules. Default 1 (the shipped models').
    pub feature_version: i64,
}

impl Default for ValueTable {
    fn default() -> Self {
        ValueTable {
            train_games: 2000,
            test_games: 1000,
            every: 10,
            ridge: 1e-4,
            feature_version: 1,
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
    let version = int(
        "feature_version",
        v.feature_version,
        1,
        crate::catan::policy::value::VALUE_VERSION as i64,
    )? as u32;
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
        version,
    })
}

/// The `[shape]` table: how a sweep measures the shape of its games.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ShapeFile {
    /// The win-probability model (a `robsim learn-value` file fitted with
    /// `[rollout] progress_weight = 0`) that scores each round's start for "when is a game
    /// decided"; found as a model file is. Default: the built-in one
    /// (`configs/models/robert-winprob.toml`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winprob: Option<String>,
    /// Games of a pilot per row (its own seeds, not the row's) on which the model is
    /// recalibrated for that row before its games are measured (an isotonic map from its log-odds
    /// to the chance, `catan::policy::anchor`); 0 or absent: the model as it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recalibrate: Option<u32>,
}

/// The most pilot games `[shape] recalibrate` takes, and the fewest but 0.
pub const RECALIBRATE: (u32, u32) = (50, 100_000);

/// `[shape] recalibrate`: the pilot games per row (0 without it).
///
/// # Errors
/// A count outside 0 and 50..=100000 (the key named).
pub fn shape_recalibrate(file: &super::SweepFile, ctx: &dyn Fn(&str) -> String) -> Result<u32> {
    let n = file.shape.as_ref().and_then(|s| s.recalibrate).unwrap_or(0);
    let (lo, hi) = RECALIBRATE;
    if n != 0 && !(lo..=hi).contains(&n) {
        bail!(
            "{}: {n} pilot games; allowed: 0 (the model as it is) or {lo}..={hi}",
            ctx("shape.recalibrate")
        );
    }
    Ok(n)
}

/// The win-probability model `[shape] winprob` names, loaded and kept for the process (a
/// row holds it by reference), with its manifest record; `None` without the table.
///
/// # Errors
/// The file cannot be read, is not a value model, or is not a win-probability model.
pub fn shape_winprob(
    file: &super::SweepFile,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Option<(&'static ValueModel, crate::report::ModelRecord)>> {
    let Some(winprob) = file.shape.as_ref().and_then(|s| s.winprob.as_ref()) else {
        return Ok(None);
    };
    let key = ctx("shape.winprob");
    let shipped = [("configs/models/robert-winprob.toml", BUILTIN_WINPROB)];
    let (text, source) = crate::paths::read(winprob, "win-probability model", &shipped)
        .map_err(|e| anyhow::anyhow!("{key}: {e:#}"))?;
    let model = ValueModel::parse(&text, &source).map_err(|e| anyhow::anyhow!("{key}: {e:#}"))?;
    if !model.logistic {
        bail!(
            "{key}: {} is a value model (link linear, progress_weight {}), not a win-probability model; allowed: a robsim learn-value file fitted with [rollout] progress_weight = 0 (link logistic), e.g. configs/models/robert-winprob.toml",
            winprob,
            model.progress_weight
        );
    }
    let record = crate::report::ModelRecord {
        policies: vec!["winprob".to_string()],
        variant: "robert".to_string(),
        source: if source.starts_with("built-in ") {
            source
        } else {
            winprob.clone()
        },
        sha256: crate::report::sha256_hex(text.as_bytes()),
        when: None,
    };
    Ok(Some((Box::leak(Box::new(model)), record)))
}
