//! `[learned]` (the model file a `learned` player plays) and `[learn]` (what `robsim learn` plays and fits): the tables, their checks, and the model loaded once per config.

use super::{Locate, RowSpec, Sweep, SweepFile};
use crate::catan::learn::LearnParams;
use crate::catan::policy::features::KINDS;
use crate::catan::policy::rollout::MAX_CANDIDATES;
use crate::catan::policy::{LearnedBase, LearnedModel, PolicySpec};
use crate::catan::Variant;
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `[learned]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LearnedFile {
    /// The model file (written by `robsim learn`), relative to the working directory like
    /// `map`, e.g. `configs/models/robert.toml`.
    pub model: String,
}

/// The model a config's `[learned]` table names, loaded and checked; `None` without the table.
///
/// # Errors
/// The model file is missing, unreadable, corrupt, of another format or feature version (the
/// message names the config key and the model file's line and key).
pub(super) fn load_learned(
    file: &SweepFile,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Option<LearnedModel>> {
    let Some(l) = &file.learned else {
        return Ok(None);
    };
    let (model, _) = super::modelfile::load(Path::new(&l.model))
        .map_err(|e| anyhow::anyhow!("{}: {e:#}", ctx("learned.model")))?;
    Ok(Some(model))
}

/// Checks a row's policy against the loaded model: `learned` (or a rollout over it) needs a
/// `[learned]` table whose model plays the row's variant.
///
/// # Errors
/// No model, or a model for another variant.
pub(super) fn check_policy(
    file: &SweepFile,
    policy: &PolicySpec,
    variant: &str,
    ctx: &dyn Fn(&str) -> String,
) -> Result<()> {
    let model = match policy {
        PolicySpec::Learned(m) => Some(m),
        PolicySpec::Rollout { knobs, learned, .. }
            if knobs.base == crate::catan::policy::rollout::BaseName::Learned =>
        {
            let Some(m) = learned else {
                bail!(
                    "{}: base \"learned\" needs a [learned] table; allowed: add `[learned]` with `model = \"configs/models/robert.toml\"`, or another base",
                    ctx("rollout.base")
                );
            };
            Some(m)
        }
        _ => None,
    };
    if let Some(m) = model {
        if m.base.variant() != variant {
            let path = file.learned.as_ref().map_or("", |l| l.model.as_str());
            bail!(
                "{}: {path} is a model for variant {:?}; allowed: a model for {variant:?} (robsim learn on a {variant} config)",
                ctx("learned.model"),
                m.base.variant()
            );
        }
    }
    Ok(())
}

/// The `[learn]` table (`robsim learn`); every key optional.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LearnFile {
    /// Rounds of expert iteration at most (1..=20); it stops at the first round whose model
    /// does not beat the previous one on the held-out games.
    pub rounds: i64,
    /// Games per row and round that the apprentice plays and the labeller labels (1..).
    pub train_games: i64,
    /// Held-out games per row for each round's test (1..).
    pub test_games: i64,
    /// Sampled futures per candidate for one label (1..=1000).
    pub rollouts: i64,
    /// Candidates per decision at most, the base policy's choice among them (2..=8).
    pub candidates: i64,
    /// Share of the scorable decisions labelled, per decision type (each 0..=1): the main
    /// phase's build decisions are many and alike, set-up ones few and decisive.
    pub setup_share: f64,
    pub soldier_share: f64,
    pub flip_share: f64,
    pub build_share: f64,
    /// Ridge penalty per labelled candidate, on standardised features (0..=100).
    pub ridge: f64,
    /// Player-turns a labelling future is played at most (0: to the end of the game); a
    /// future still running is valued by the VP gained, as a lost game is.
    pub horizon: i64,
    /// Decisions labelled per training game at most (0: no limit): a long game's many late
    /// decisions would otherwise take most of the budget.
    pub max_labels: i64,
}

impl Default for LearnFile {
    fn default() -> Self {
        LearnFile {
            rounds: 3,
            train_games: 100,
            test_games: 2_000,
            rollouts: 8,
            candidates: 6,
            setup_share: 1.0,
            soldier_share: 1.0,
            flip_share: 1.0,
            build_share: 1.0,
            ridge: 0.01,
            horizon: 0,
            max_labels: 0,
        }
    }
}

/// What `robsim learn` needs from a config: the parameters, the rows (every one played by
/// the variant's scripted base policy) and that base.
#[derive(Clone, Debug)]
pub struct Learning {
    pub params: LearnParams,
    pub base: LearnedBase,
    pub rows: Vec<RowSpec>,
}

/// Checks a config's `[learn]` table and rows for `robsim learn`.
///
/// # Errors
/// No `[learn]` table, a key out of range, Carcassonne or Raiders rows, rows of two
/// variants, or a row not played by the variant's scripted base (team for Robert, solitaire
/// for Solitaire).
pub fn learning(sweep: &Sweep, origin: &str, text: Option<&str>) -> Result<Learning> {
    let at = Locate { origin, text };
    let ctx = |key: &str| at.key(key);
    let Some(l) = &sweep.file.learn else {
        bail!(
            "{origin}: no [learn] table; allowed: a config with `[learn]` (rounds, train_games, test_games, rollouts, ...), e.g. configs/robert-learn.toml"
        );
    };
    let int = |key: &str, v: i64, lo: i64, hi: i64| -> Result<u64> {
        if !(lo..=hi).contains(&v) {
            bail!(
                "{}: {v} is out of range; allowed: {lo} to {hi}",
                ctx(&format!("learn.{key}"))
            );
        }
        Ok(v as u64)
    };
    let rounds = int("rounds", l.rounds, 1, 20)?;
    let train_games = int("train_games", l.train_games, 1, 10_000_000)?;
    let test_games = int("test_games", l.test_games, 1, 100_000_000)?;
    let rollouts = int("rollouts", l.rollouts, 1, 1_000)?;
    let candidates = int("candidates", l.candidates, 2, MAX_CANDIDATES as i64)?;
    let horizon = int("horizon", l.horizon, 0, 1_000_000)?;
    let max_labels = int("max_labels", l.max_labels, 0, 1_000_000)?;
    let mut share = [0f64; 4];
    for (k, (key, v)) in [
        ("setup_share", l.setup_share),
        ("soldier_share", l.soldier_share),
        ("flip_share", l.flip_share),
        ("build_share", l.build_share),
    ]
    .into_iter()
    .enumerate()
    {
        if !(0.0..=1.0).contains(&v) {
            bail!(
                "{}: {v} is out of range; allowed: 0 to 1",
                ctx(&format!("learn.{key}"))
            );
        }
        share[KINDS[k].idx()] = v;
    }
    if !(0.0..=100.0).contains(&l.ridge) {
        bail!(
            "{}: {} is out of range; allowed: 0 to 100",
            ctx("learn.ridge"),
            l.ridge
        );
    }
    if !sweep.carcassonne.is_empty() || sweep.rows.is_empty() {
        bail!(
            "{}: robsim learn plays Catan rows; allowed: robert or solitaire",
            ctx("grid.variant")
        );
    }
    let variant = sweep.rows[0].rules.variant.name();
    let base = match sweep.rows[0].rules.variant {
        Variant::Robert(_) => LearnedBase::Team(sweep.file.team),
        Variant::Solitaire(_) => LearnedBase::Solitaire(sweep.file.solitaire),
        _ => bail!(
            "{}: {variant:?} has no learned player; allowed: robert or solitaire",
            ctx("grid.variant")
        ),
    };
    for r in &sweep.rows {
        if r.rules.variant.name() != variant {
            bail!(
                "{}: one model learns one variant; allowed: rows of {variant:?} only",
                ctx("grid.variant")
            );
        }
        if r.policy.name() != base.name() {
            bail!(
                "{}: policy {:?}: robsim learn starts from the scripted base; allowed: {:?} (its knobs from [{}])",
                ctx("grid.policy"),
                r.policy.label(),
                base.name(),
                base.name()
            );
        }
    }
    Ok(Learning {
        params: LearnParams {
            rounds: rounds as u32,
            train_games,
            test_games,
            rollouts: rollouts as u32,
            candidates: candidates as u8,
            share,
            ridge: l.ridge,
            progress_weight: sweep.file.rollout.progress_weight,
            horizon: horizon as u32,
            max_labels: max_labels as u32,
        },
        base,
        rows: sweep.rows.clone(),
    })
}
