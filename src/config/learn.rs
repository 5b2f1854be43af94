//! The models a config plays, and `[learn]`.
//!
//! The models a config plays (`[learned]`, `[models]`, the built-in ones) and `[learn]` (robsim
//! learn's table).

pub use super::builtin::{BuiltinRule, BuiltinWhen, BUILTIN_MODELS, BUILTIN_RULE_MODELS};
use super::builtin::{PLAYERS, ROBERT_WEIGHTS};
#[cfg(test)]
use super::builtin::{RESTING, SOLDIER, WIDE};
use super::{Locate, RowSpec, Sweep, SweepFile};
use crate::catan::experiment::ModelTag;
use crate::catan::learning::learn::{FitFrom, HorizonValue, LearnParams, NetShape, UpdateRule};
use crate::catan::policy::features::{DEFAULT_FEATURE_VERSION, FEATURE_VERSION, KINDS};
use crate::catan::policy::learned::MAX_HIDDEN;
use crate::catan::policy::rollout::MAX_CANDIDATES;
use crate::catan::policy::{LearnedBase, LearnedModel, ModelName, PolicySpec};
use crate::catan::Variant;
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

/// The `[learned]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LearnedFile {
    /// The model file (written by `robsim learn`), found as `crate::paths` says (beside the
    /// config, else in the working directory, else a shipped model's built-in copy); without
    /// the table, `learned` plays its variant's built-in model.
    pub model: String,
    /// Models for rows whose rules differ from the seed's (`[[learned.rules]]`): a row plays the
    /// first whose `when` its rules match, else `model`. Without the `[learned]` table, the
    /// built-in ones ([`BUILTIN_RULE_MODELS`]), else the built-in model.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleModelFile>,
}

/// A `[[learned.rules]]` entry: the model `learned` plays on the rows whose rule knobs have one
/// of the listed values (`when = { robert_skip = [2, 3, 4] }`; every key must match).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RuleModelFile {
    /// Rule knob (a `[grid]` key of docs/rules.md's table) or `players` -> a value or a list of
    /// values.
    pub when: std::collections::BTreeMap<String, toml::Value>,
    /// The model file, found as `model` is.
    pub model: String,
}

/// The built-in rule models (see [`BUILTIN_RULE_MODELS`]), parsed.
pub fn builtin_rule_models() -> Vec<RuleModel> {
    BUILTIN_RULE_MODELS
        .iter()
        .map(|(when, (path, text))| RuleModel {
            when: when.knobs(),
            loaded: Loaded::builtin(path, text),
        })
        .collect()
}

/// The published team-tuned knobs (`configs/models/team-tuned.toml`), built into the binary:
/// `team-tuned` plays them when a config has no `[team_tuned]` table.
pub use crate::catan::policy::moved::{builtin_team_tuned, BUILTIN_TEAM_TUNED};

/// The built-in model of `variant` (Robert and Solitaire have one), parsed.
pub fn builtin_model(variant: &str) -> Option<Loaded> {
    let &(_, path, text) = BUILTIN_MODELS.iter().find(|b| b.0 == variant)?;
    Some(Loaded::builtin(path, text))
}

/// The model `learned` plays in `variant` under `file`: its `[learned]` model file (found as
/// `crate::paths` says), else the variant's built-in model; `None` where neither is there.
pub fn learned_for(file: &SweepFile, variant: &str) -> Option<Loaded> {
    match &file.learned {
        Some(l) => Loaded::file(&l.model, "learned.model", &|k: &str| k.to_string()).ok(),
        None => builtin_model(variant),
    }
}

/// A model a config plays: the model, where it came from (a path, or `built-in PATH`) and
/// the SHA-256 of its file (what a report's manifest records).
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    pub model: LearnedModel,
    pub source: String,
    pub sha256: String,
    /// The rows the model was trained on, where its file says (`[trained]`).
    pub trained: Option<super::modelfile::Trained>,
}

impl Loaded {
    /// A shipped model's built-in copy (`path` in the repository, `text` its file).
    fn builtin(path: &str, text: &str) -> Loaded {
        let (model, how) = super::modelfile::parse(text, path).expect("a built-in model parses");
        Loaded {
            model,
            source: format!("built-in {path}"),
            sha256: crate::report::sha256_hex(text.as_bytes()),
            trained: how.trained,
        }
    }

    /// The model file a config names as `path` (found as [`crate::paths`] says: beside the
    /// config, in the working directory, or the built-in copy of a shipped model).
    fn file(path: &str, key: &str, ctx: &dyn Fn(&str) -> String) -> Result<Loaded> {
        let (text, source) = crate::paths::read(path, "model file", &shipped_models())
            .map_err(|e| anyhow::anyhow!("{}: {e:#}", ctx(key)))?;
        let (model, how) = super::modelfile::parse(&text, &source)
            .map_err(|e| anyhow::anyhow!("{}: {e:#}", ctx(key)))?;
        if model.defers() {
            bail!(
                "{}: {path}: every weight is 0.0, so this model always defers to its base ({}) and would play exactly that policy under the name learned (robsim learn writes one when it keeps no round); allowed: a model with a nonzero weight, or no model file to play the built-in one",
                ctx(key),
                model.base.name()
            );
        }
        Ok(Loaded {
            model,
            source: if source.starts_with("built-in ") {
                source
            } else {
                path.to_string()
            },
            sha256: crate::report::sha256_hex(text.as_bytes()),
            trained: how.trained,
        })
    }
}

impl Loaded {
    /// The tag a row with `rules` names this model by (summary.csv's `model` columns): its file
    /// name, SHA-256 prefix and the settings outside its training rows.
    pub fn tag(&self, rules: &crate::catan::Rules) -> ModelTag {
        let outside = self
            .trained
            .as_ref()
            .map_or_else(Vec::new, |t| t.outside(rules));
        let source = self.source.trim_start_matches("built-in ");
        ModelTag::new(source, &self.sha256, &outside)
    }
}

/// The shipped models as [`crate::paths::find`] takes them: (repository path, text).
fn shipped_models() -> Vec<(&'static str, &'static str)> {
    BUILTIN_MODELS
        .iter()
        .map(|&(_, p, t)| (p, t))
        .chain(BUILTIN_RULE_MODELS.iter().map(|b| b.1))
        .chain([ROBERT_WEIGHTS])
        .collect()
}

/// A model `learned` plays on the rows whose rules match `when` (`[[learned.rules]]`, or a
/// built-in one).
#[derive(Clone, Debug, PartialEq)]
pub struct RuleModel {
    /// (knob, the values it matches), every one to match.
    pub when: Vec<(&'static str, Vec<toml::Value>)>,
    pub loaded: Loaded,
}

impl RuleModel {
    /// Whether a row with `rules` plays this model: its variant's, and every knob of `when` at
    /// one of its values.
    pub fn matches(&self, rules: &crate::catan::Rules) -> bool {
        rules.variant.name() == self.loaded.model.base.variant()
            && self
                .when
                .iter()
                .all(|(k, vals)| when_value(k, rules).is_some_and(|v| vals.contains(&v)))
    }

    /// `when` as a manifest and a person read it: `robert_skip in [2, 4]`.
    pub fn describe(&self) -> String {
        self.when
            .iter()
            .map(|(k, vals)| match contiguous(vals) {
                Some((lo, hi)) if vals.len() > 2 => format!("{k} in {lo}..={hi}"),
                _ => {
                    let shown: Vec<String> = vals.iter().map(|v| v.to_string()).collect();
                    format!("{k} in [{}]", shown.join(", "))
                }
            })
            .collect::<Vec<_>>()
            .join(" and ")
    }
}

/// The value of a `when` key in a row: its player count (`players`), or a rule knob's.
fn when_value(key: &str, rules: &crate::catan::Rules) -> Option<toml::Value> {
    match key {
        PLAYERS => Some(toml::Value::Integer(rules.players as i64)),
        k => crate::catan::knobs::value(k, rules),
    }
}

/// The first and last of whole numbers that follow each other (1, 2, 3), else `None`.
fn contiguous(vals: &[toml::Value]) -> Option<(i64, i64)> {
    let ints: Vec<i64> = vals.iter().map(|v| v.as_integer()).collect::<Option<_>>()?;
    let ok = ints.windows(2).all(|w| w[1] == w[0] + 1);
    (ok && !ints.is_empty()).then(|| (ints[0], ints[ints.len() - 1]))
}

/// `[[learned.rules]]` loaded and checked: each knob a rule knob of the model's variant, each
/// value one it takes.
fn rule_models(file: &LearnedFile, ctx: &dyn Fn(&str) -> String) -> Result<Vec<RuleModel>> {
    let mut out = Vec::new();
    for (i, r) in file.rules.iter().enumerate() {
        let key = format!("learned.rules[{i}]");
        let loaded = Loaded::file(&r.model, &format!("{key}.model"), ctx)?;
        let variant = loaded.model.base.variant();
        if r.when.is_empty() {
            bail!(
                "{}: the table is empty, so the model would play every row; allowed: one or more rule knobs ({}), or the model as learned.model",
                ctx(&format!("{key}.when")),
                super::knobs::keys()
            );
        }
        let mut when = Vec::new();
        // `players` beside the variant's rule knobs.
        let players = super::knobs::RuleKnob {
            key: PLAYERS,
            applies: variant,
            allowed: super::knobs::Allowed::Int(1, crate::catan::MAX_PLAYERS as i64),
            seed: "",
        };
        let of_variant =
            |kn: &&super::knobs::RuleKnob| kn.applies == variant || kn.applies == "catan";
        for (k, v) in &r.when {
            let wkey = format!("{key}.when.{k}");
            let knob = if k == PLAYERS {
                &players
            } else {
                super::knobs::knob(k).filter(of_variant).ok_or_else(|| {
                    anyhow::anyhow!(
                        "{}: {k:?} is not a rule knob of {variant} (the model's variant); allowed: {}, players",
                        ctx(&wkey),
                        super::knobs::RULE_KNOBS
                            .iter()
                            .filter(of_variant)
                            .map(|kn| kn.key)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                })?
            };
            let vals = match v {
                toml::Value::Array(a) => a.clone(),
                x => vec![x.clone()],
            };
            if vals.is_empty() {
                bail!(
                    "{}: the list is empty; allowed: one or more of {}",
                    ctx(&wkey),
                    knob.allowed.describe()
                );
            }
            if let Some(bad) = vals.iter().find(|x| !knob.allowed.admits(x)) {
                bail!(
                    "{}: {bad} is not a value of {k}; allowed: {}",
                    ctx(&wkey),
                    knob.allowed.describe()
                );
            }
            when.push((knob.key, vals));
        }
        out.push(RuleModel { when, loaded });
    }
    Ok(out)
}

/// The models a config names: `[learned]`'s file and `[models]`' named files, loaded and
/// checked once.
#[derive(Clone, Debug, Default)]
pub struct Models {
    /// `[learned]`'s model; `None` without the table (each variant's built-in one plays).
    pub learned: Option<Loaded>,
    /// `[models]`, in the table's (name) order.
    pub named: Vec<(ModelName, Loaded)>,
    /// The named models as the policy parser takes them.
    pub table: Vec<(ModelName, LearnedModel)>,
    /// The models `learned` plays where a row's rules match (`[[learned.rules]]`, or without a
    /// `[learned]` table the built-in ones), first match first.
    pub rules: Vec<RuleModel>,
}

impl Models {
    /// The model `learned` plays in `variant`: the `[learned]` file's, or the built-in one.
    pub fn for_variant(&self, variant: &str) -> Option<Loaded> {
        self.learned.clone().or_else(|| builtin_model(variant))
    }

    /// `policy` as a row with `rules` plays it: where it plays the unnamed `learned` model (or a
    /// search over it), the first rule model the rules match, else the variant's `learned`
    /// model; with the rule model it plays, if any.
    pub fn for_rules(
        &self,
        policy: PolicySpec,
        rules: &crate::catan::Rules,
    ) -> (PolicySpec, Option<&RuleModel>) {
        if !matches!(policy.model(), Some((_, None))) {
            return (policy, None);
        }
        match self.rules.iter().find(|r| r.matches(rules)) {
            Some(r) => (policy.with_learned(r.loaded.model), Some(r)),
            None => match self.for_variant(rules.variant.name()) {
                Some(l) => (policy.with_learned(l.model), None),
                None => (policy, None),
            },
        }
    }
}

impl Models {
    /// The tag of the model `policy` plays on a row with `rules` (`ruled`: the rule model the
    /// row matched, if any); `None` for a policy without a model.
    pub fn tag_for(
        &self,
        policy: &PolicySpec,
        ruled: Option<&RuleModel>,
        rules: &crate::catan::Rules,
    ) -> Option<ModelTag> {
        let (_, name) = policy.model()?;
        let tag = match (ruled, name) {
            (Some(r), _) => r.loaded.tag(rules),
            (None, Some(n)) => self.named.iter().find(|(m, _)| *m == n)?.1.tag(rules),
            (None, None) => self.for_variant(rules.variant.name())?.tag(rules),
        };
        Some(tag)
    }
}

/// The models a config's `[learned]` and `[models]` tables name, loaded and checked.
///
/// # Errors
/// A model name that is not a short plain name; a model file missing, unreadable, corrupt, of
/// another format or feature version, or all zero (the message names the config key and the
/// model file's line and key).
pub(super) fn load_models(file: &SweepFile, ctx: &dyn Fn(&str) -> String) -> Result<Models> {
    let (learned, rules) = match &file.learned {
        Some(l) => (
            Some(Loaded::file(&l.model, "learned.model", ctx)?),
            rule_models(l, ctx)?,
        ),
        None => (None, builtin_rule_models()),
    };
    let mut named = Vec::new();
    for (name, path) in &file.models {
        let key = format!("models.{name}");
        let ok = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        let short = ModelName::from(name).ok().filter(|_| ok).ok_or_else(|| {
            anyhow::anyhow!(
                "{}: {name:?} is not a model name; allowed: 1 to 24 letters, digits, '_' and '-' (played as learned:{name})",
                ctx("models")
            )
        })?;
        named.push((short, Loaded::file(path, &key, ctx)?));
    }
    let table = named.iter().map(|(n, l)| (*n, l.model)).collect();
    Ok(Models {
        learned,
        named,
        table,
        rules,
    })
}

/// Checks a row's policy against the model it plays: `learned` (or a rollout over it) needs a
/// model of the row's variant.
///
/// # Errors
/// No model, or a model for another variant.
pub(super) fn check_policy(
    file: &SweepFile,
    policy: &PolicySpec,
    variant: &str,
    ctx: &dyn Fn(&str) -> String,
) -> Result<()> {
    let has_learned = BUILTIN_MODELS.iter().any(|b| b.0 == variant);
    if let PolicySpec::Rollout { knobs, learned, .. } = policy {
        if knobs.base == crate::catan::policy::rollout::BaseName::Learned && learned.is_none() {
            bail!(
                "{}: base \"learned\": variant {variant:?} has no learned player (only robert and solitaire have learned players); allowed: another base (team, greedy, solitaire), or a model file for this variant",
                ctx("rollout.base")
            );
        }
    }
    if let Some((m, name)) = policy.model() {
        if m.base.variant() != variant {
            let (key, path) = match name {
                Some(n) => (
                    format!("models.{n}"),
                    file.models.get(n.as_str()).cloned().unwrap_or_default(),
                ),
                None => (
                    "learned.model".to_string(),
                    file.learned
                        .as_ref()
                        .map_or(String::new(), |l| l.model.clone()),
                ),
            };
            let allowed = if has_learned {
                format!(
                    "a model for {variant:?} (robsim learn on a {variant} config), or no model file to play the built-in {variant} model"
                )
            } else {
                format!(
                    "another policy: variant {variant:?} has no learned player (only robert and solitaire have learned players)"
                )
            };
            bail!(
                "{}: {path} is a model for variant {:?}; allowed: {allowed}",
                ctx(&key),
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
    /// Rounds of expert iteration at most (1..=20; 0 with `rebase`); it stops at the first round
    /// whose model does not beat the previous one on the held-out games.
    pub rounds: i64,
    /// Games per row and round that the apprentice plays and the labeller labels (1..).
    pub train_games: i64,
    /// Held-out games per row for each round's test (1..).
    pub test_games: i64,
    /// Sampled futures per candidate for one label (1..=1000).
    pub rollouts: i64,
    /// Sampled futures per candidate at a set-up settlement's label (0: `rollouts`; else
    /// 1..=1000): a few decisions a game, each decisive, so a sharper label there is cheap.
    pub setup_rollouts: i64,
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
    /// Player-turns a labelling future is played at most (0: to the end of the game).
    pub horizon: i64,
    /// What a future still running at the horizon is worth: `"progress"` (the VP gained, as a
    /// lost game is) or `"model"` (the built-in value model's score, as a search's `@H` future;
    /// Robert only, with a horizon).
    pub horizon_value: String,
    /// Decisions labelled per training game at most (0: no limit): a long game's many late
    /// decisions would otherwise take most of the budget.
    pub max_labels: i64,
    /// Hidden units of each decision type's network on top of its linear score (0..=16; 0:
    /// the linear score alone).
    pub hidden: i64,
    /// Passes over the labels that train a network (1..=1000; only with `hidden` > 0).
    pub epochs: i64,
    /// The feature definitions the model reads (1..=`FEATURE_VERSION`; 1, the shipped models'
    /// version, by default; 2 adds the set-up settlement's room to grow).
    pub feature_version: i64,
    /// A model file to start from: round 0's apprentice (and the held-out games' first
    /// opponent) instead of the scripted base, so that expert iteration goes on from a model
    /// already learned (found as `[learned] model` is). `None`: start from the script.
    pub start: Option<String>,
    /// With `start`: play the start model's weights over this config's base knobs (its
    /// `[team]` or `[solitaire]` table) and `candidates` instead of refusing a start model
    /// learned over other knobs or width. The rebased start is a model of its own, so
    /// `rounds = 0` writes it as it is.
    pub rebase: bool,
    /// What a round's fit starts from: `"anew"` (no weights: the labels alone) or
    /// `"on-start"` (the start model's scorers, the labels fitting what they leave; needs
    /// `start`, and its units plus `hidden` at most 32).
    pub fit: String,
    /// When a decision type's fit replaces its scorer and a round is kept: `"gain"` (pooled
    /// over the rows, more of the split games won than lost) or `"sure"` (the pooled interval
    /// above zero and no row collapsing; see `UpdateRule::Sure`).
    pub update: String,
}

impl Default for LearnFile {
    fn default() -> Self {
        LearnFile {
            rounds: 3,
            train_games: 100,
            test_games: 2_000,
            rollouts: 8,
            setup_rollouts: 0,
            candidates: 6,
            setup_share: 1.0,
            soldier_share: 1.0,
            flip_share: 1.0,
            build_share: 1.0,
            ridge: 0.01,
            horizon: 0,
            horizon_value: "progress".into(),
            max_labels: 0,
            hidden: 0,
            epochs: 20,
            feature_version: DEFAULT_FEATURE_VERSION as i64,
            start: None,
            rebase: false,
            fit: "anew".into(),
            update: "gain".into(),
        }
    }
}

/// What `robsim learn` needs from a config: the parameters, the rows (every one played by
/// the variant's scripted base policy) and that base.
#[derive(Clone, Debug)]
pub struct Learning {
    pub params: LearnParams,
    /// The model `[learn] start` names, as loaded (its source and SHA-256 go into the model);
    /// over the config's base knobs where `rebase` is set.
    pub start: Option<Loaded>,
    /// `[learn] rebase`: the start model over the config's knobs is written even when no round
    /// is kept (it is not the start model's file).
    pub rebase: bool,
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
            "{origin}: no [learn] table; allowed: a config with `[learn]` (rounds, train_games, test_games, rollouts, ...), e.g. configs/training/robert-learn.toml in the robsim repository"
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
    if l.rebase && l.start.is_none() {
        bail!(
            "{}: true rebases the start model, and there is none; allowed: false, or learn.start = a model file whose weights go over this config's knobs",
            ctx("learn.rebase")
        );
    }
    // A rebased start is a new model by itself: no round is needed to write it.
    let rounds = int("rounds", l.rounds, if l.rebase { 0 } else { 1 }, 20)?;
    let train_games = int("train_games", l.train_games, 1, 10_000_000)?;
    let test_games = int("test_games", l.test_games, 1, 100_000_000)?;
    let rollouts = int("rollouts", l.rollouts, 1, 1_000)?;
    let setup_rollouts = int("setup_rollouts", l.setup_rollouts, 0, 1_000)?;
    let candidates = int("candidates", l.candidates, 2, MAX_CANDIDATES as i64)?;
    let horizon = int("horizon", l.horizon, 0, 1_000_000)?;
    let max_labels = int("max_labels", l.max_labels, 0, 1_000_000)?;
    let hidden = int("hidden", l.hidden, 0, MAX_HIDDEN as i64)?;
    let epochs = int("epochs", l.epochs, 1, 1_000)?;
    let feature_version = int(
        "feature_version",
        l.feature_version,
        1,
        FEATURE_VERSION as i64,
    )?;
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
    let Some(horizon_value) = HorizonValue::parse(&l.horizon_value) else {
        bail!(
            "{}: {:?} is not a horizon value; allowed: {}",
            ctx("learn.horizon_value"),
            l.horizon_value,
            HorizonValue::NAMES.join(", ")
        );
    };
    if horizon_value == HorizonValue::Model {
        if variant != "robert" {
            bail!(
                "{}: the value model scores Robert positions only; allowed: \"progress\" in variant {variant:?}",
                ctx("learn.horizon_value")
            );
        }
        if horizon == 0 {
            bail!(
                "{}: \"model\" scores futures cut at the horizon, and learn.horizon = 0 cuts none; allowed: \"progress\", or learn.horizon of 1 to 1000000",
                ctx("learn.horizon_value")
            );
        }
        let m = crate::catan::policy::value::ValueModel::builtin();
        if let Some(why) = m.weight_mismatch(sweep.file.rollout.progress_weight) {
            bail!(
                "{}: {why}; allowed: \"model\" with rollout.progress_weight = {}",
                ctx("learn.horizon_value"),
                m.progress_weight
            );
        }
    }
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
    let Some(fit_from) = FitFrom::parse(&l.fit) else {
        bail!(
            "{}: {:?} is not a way to fit; allowed: {}",
            ctx("learn.fit"),
            l.fit,
            FitFrom::NAMES.join(", ")
        );
    };
    let Some(update) = UpdateRule::parse(&l.update) else {
        bail!(
            "{}: {:?} is not an update rule; allowed: {}",
            ctx("learn.update"),
            l.update,
            UpdateRule::NAMES.join(", ")
        );
    };
    let start = match &l.start {
        None => None,
        Some(path) => Some(start_model(
            path,
            base,
            candidates,
            feature_version,
            l.rebase,
            &ctx,
        )?),
    };
    if fit_from == FitFrom::OnStart {
        let Some(s) = &start else {
            bail!(
                "{}: \"on-start\" goes on from the start model, and there is none; allowed: \"anew\", or learn.start = a model file",
                ctx("learn.fit")
            );
        };
        let most = s.model.nets.iter().map(|n| n.hidden).max().unwrap_or(0) as u64;
        if most + hidden > MAX_HIDDEN as u64 {
            bail!(
                "{}: {hidden} units beside the start model's {most} are more than {MAX_HIDDEN}; allowed: 0 to {}",
                ctx("learn.hidden"),
                MAX_HIDDEN as u64 - most
            );
        }
    }
    Ok(Learning {
        params: LearnParams {
            rounds: rounds as u32,
            train_games,
            test_games,
            rollouts: rollouts as u32,
            setup_rollouts: setup_rollouts as u32,
            feature_version: feature_version as u32,
            candidates: candidates as u8,
            share,
            ridge: l.ridge,
            progress_weight: sweep.file.rollout.progress_weight,
            horizon: horizon as u32,
            horizon_value,
            max_labels: max_labels as u32,
            net: (hidden > 0).then_some(NetShape {
                hidden: hidden as u8,
                epochs: epochs as u32,
            }),
            start: start.as_ref().map(|s| s.model),
            fit_from,
            update,
        },
        start,
        rebase: l.rebase,
        base,
        rows: sweep.rows.clone(),
    })
}

/// The model `[learn] start` names, checked against what the config learns: the same
/// variant and base policy (knobs included: the model defers to its base wherever it does not
/// score; with `rebase`, its weights are put over the config's knobs instead), the same
/// candidates per decision and the same feature definitions.
fn start_model(
    path: &str,
    base: LearnedBase,
    candidates: u64,
    feature_version: u64,
    rebase: bool,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Loaded> {
    let mut s = Loaded::file(path, "learn.start", ctx)?;
    if rebase && s.model.base.variant() == base.variant() {
        s.model.base = base;
        // `candidates` was checked against 2..=MAX_CANDIDATES with the other keys.
        s.model.candidates = candidates as u8;
    }
    let m = &s.model;
    let key = ctx("learn.start");
    if m.base.variant() != base.variant() {
        bail!(
            "{key}: {path} is a {:?} model and the rows are {:?}; allowed: a model of {:?}",
            m.base.variant(),
            base.variant(),
            base.variant()
        );
    }
    if m.base != base {
        bail!(
            "{key}: {path} was learned over {} with other knobs than this config's [{}] table; allowed: a model whose base knobs (its [{}] table) are the config's, or learn.rebase = true to play its weights over this config's knobs",
            m.base.name(),
            base.name(),
            base.name()
        );
    }
    if u64::from(m.candidates) != candidates {
        bail!(
            "{key}: {path} scores {} candidates per decision and learn.candidates is {candidates}; allowed: learn.candidates = {}, a model of {candidates}, or learn.rebase = true to score {candidates} with its weights",
            m.candidates,
            m.candidates
        );
    }
    if u64::from(m.feature_version) > feature_version {
        bail!(
            "{key}: {path} reads feature_version {} and learn.feature_version is {feature_version}; allowed: learn.feature_version = {} or more, or a model of version {feature_version} or less",
            m.feature_version,
            m.feature_version
        );
    }
    // A version only appends features (features::DecisionKind::features_at), so an older
    // start model reads a newer version's vectors with weight 0 on the new features and plays
    // exactly as it did: the new version's fits can then use them.
    s.model.feature_version = feature_version as u32;
    Ok(s)
}

#[cfg(test)]
#[path = "learn_tests.rs"]
mod tests;
