//! The model file of a `learned` player, read back with located errors.
//!
//! The model file of a `learned` player (TOML, written by `robsim learn`): its versions, variant,
//! base policy, candidate width, weights per decision type and feature name, and how it was made;
//! read back with located errors.

use crate::catan::policy::features::{DecisionKind, FEATURE_VERSION, KINDS, MAX_FEATURES};
use crate::catan::policy::learned::{Net, MAX_HIDDEN};
use crate::catan::policy::{LearnedBase, LearnedModel, SolitaireKnobs, TeamKnobs};
use crate::tomltext::{describe, key_line};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The version of the file layout below. A model without networks is written as version 1, as
/// before networks existed; 2 holds a network for every decision type (`[net.TYPE]`, all four
/// of one `hidden` size); 3 lists the types that have one (`nets = [...]`), for a model whose
/// types were not all given a network. What the version promises must be there: a file cut
/// short (a table missing) is refused, never played as a smaller model.
pub const FORMAT_VERSION: u32 = 3;

/// A decision type's network as the file holds it (`[net.TYPE]`): hidden units, then per unit
/// its input weights by feature name order, bias and output weight.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NetFile {
    hidden: u8,
    w1: Vec<Vec<f64>>,
    b1: Vec<f64>,
    w2: Vec<f64>,
}

/// One round of the expert iteration that made a model, as the file records it (pooled over
/// the config's rows; `rounds.csv` in the report folder has every row).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRecord {
    pub round: u32,
    /// Whether the round's model beat the previous one on the held-out games (and was kept).
    pub kept: bool,
    /// Decisions labelled and candidates labelled this round.
    pub decisions: u64,
    pub labels: u64,
    /// Held-out games (over all rows) and the win rates of the previous and the new model.
    pub test_games: u64,
    pub win_rate_old: f64,
    pub win_rate_new: f64,
    /// New minus old, with its 95% paired (Newcombe) interval.
    pub diff: f64,
    pub diff_lo95: f64,
    pub diff_hi95: f64,
}

/// The rows a model was trained on (`[trained]`): player counts and, for Robert, starting
/// cards per player (a difficulty is its count); since 2026-11-29 also the value of every other
/// rule knob of its variant in those rows (`robert_skip = [0]`). Files written before
/// 2026-11-25 lack the table; files before 2026-11-29 lack the knobs (not recorded: no row is
/// marked outside them). A row outside these is marked (summary.csv `model_outside`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Trained {
    pub players: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub start_cards: Vec<u8>,
    /// Every other rule knob of the variant -> its values in the training rows (ascending).
    #[serde(flatten)]
    pub knobs: BTreeMap<String, Vec<toml::Value>>,
}

impl Trained {
    /// The settings of a row with `rules` outside these rows: `players` and the knobs whose value
    /// the training rows never had (knobs the file does not record are not checked).
    pub fn outside(&self, rules: &crate::catan::Rules) -> Vec<&'static str> {
        let mut out = Vec::new();
        if !self.players.contains(&rules.players) {
            out.push("players");
        }
        for k in super::knobs::RULE_KNOBS {
            let Some(v) = crate::catan::knobs::value(k.key, rules) else {
                continue;
            };
            let seen = match k.key {
                "start_cards" => (!self.start_cards.is_empty()).then(|| {
                    self.start_cards
                        .iter()
                        .any(|&c| toml::Value::Integer(c as i64) == v)
                }),
                key => self.knobs.get(key).map(|vals| vals.contains(&v)),
            };
            if seen == Some(false) {
                out.push(k.key);
            }
        }
        out
    }

    /// Checks the recorded knobs: each a rule knob of `variant` other than `start_cards`, each
    /// value one it takes.
    ///
    /// # Errors
    /// An unknown knob or a value out of range, naming `trained.KEY` (via `at`) and the
    /// allowed keys or values.
    fn check(&self, variant: &str, at: &dyn Fn(&str) -> String) -> Result<()> {
        let of_variant = |k: &&super::knobs::RuleKnob| {
            (k.applies == variant || k.applies == "catan") && k.key != "start_cards"
        };
        for (key, vals) in &self.knobs {
            let at_key = at(&format!("trained.{key}"));
            let Some(knob) = super::knobs::RULE_KNOBS
                .iter()
                .filter(of_variant)
                .find(|k| k.key == key)
            else {
                let allowed: Vec<&str> = super::knobs::RULE_KNOBS
                    .iter()
                    .filter(of_variant)
                    .map(|k| k.key)
                    .collect();
                bail!(
                    "{at_key}: {key:?} is not a rule knob of {variant}; allowed: players, start_cards, {}",
                    allowed.join(", ")
                );
            };
            if let Some(bad) = vals.iter().find(|v| !knob.allowed.admits(v)) {
                bail!(
                    "{at_key}: {bad} is not a value of {key}; allowed: {}",
                    knob.allowed.describe()
                );
            }
        }
        Ok(())
    }
}

/// Everything a model file holds besides the weights: how it was made.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Provenance {
    /// `robsim learn CONFIG`, the config as named on the command line.
    pub command: String,
    pub config_sha256: String,
    pub seed: u64,
    pub train_seed: u64,
    pub test_seed: u64,
    /// Rounds asked for (`[learn] rounds`) and their records.
    pub rounds: u32,
    pub records: Vec<RoundRecord>,
    /// The rows it was trained on, where the file says.
    pub trained: Option<Trained>,
    /// The model round 0 started from (`[learn] start`, as the config names it) and the
    /// SHA-256 of its file's bytes; `None`: the scripted base.
    pub start: Option<String>,
    pub start_sha256: Option<String>,
}

/// The file as written (weights per decision type, by feature name).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelFile {
    format_version: u32,
    feature_version: u32,
    variant: String,
    base: String,
    candidates: u8,
    command: String,
    config_sha256: String,
    seed: u64,
    train_seed: u64,
    test_seed: u64,
    rounds: u32,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    start_sha256: Option<String>,
    /// Format 3: the decision types with a network, in `KINDS` order.
    #[serde(default)]
    nets: Option<Vec<String>>,
    #[serde(default)]
    team: Option<TeamKnobs>,
    #[serde(default)]
    solitaire: Option<SolitaireKnobs>,
    weights: BTreeMap<String, BTreeMap<String, f64>>,
    #[serde(default)]
    net: BTreeMap<String, NetFile>,
    #[serde(default)]
    round: Vec<RoundRecord>,
    #[serde(default)]
    trained: Option<Trained>,
}

/// A TOML string literal.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The model file's text: `model` and `how`, weights in feature order. The same model and
/// provenance always give the same bytes.
///
/// # Errors
/// The base policy's knobs cannot be written as TOML.
pub fn to_text(model: &LearnedModel, how: &Provenance) -> Result<String> {
    let mut t = String::new();
    t.push_str("# A learned player's model (docs/guide.md, \"Learned player\"): written by robsim learn.\n");
    t.push_str("# Weights: the score of a candidate is the sum of weight x feature (src/catan/policy/features.rs).\n");
    if model.has_net() {
        t.push_str("# Net: plus the sum over hidden units j of w2[j] x max(0, b1[j] + sum of w1[j][i] x feature i).\n");
    }
    let with_net: Vec<&str> = KINDS
        .iter()
        .filter(|k| model.nets[k.idx()].hidden > 0)
        .map(|k| k.name())
        .collect();
    let hidden = model.nets[0].hidden;
    let version = if with_net.is_empty() {
        1
    } else if with_net.len() == KINDS.len() && model.nets.iter().all(|n| n.hidden == hidden) {
        2
    } else {
        FORMAT_VERSION
    };
    t.push_str(&format!("format_version = {version}\n"));
    t.push_str(&format!("feature_version = {}\n", model.feature_version));
    t.push_str(&format!("variant = {}\n", quoted(model.base.variant())));
    t.push_str(&format!("base = {}\n", quoted(model.base.name())));
    t.push_str(&format!("candidates = {}\n", model.candidates));
    t.push_str(&format!("command = {}\n", quoted(&how.command)));
    t.push_str(&format!("config_sha256 = {}\n", quoted(&how.config_sha256)));
    t.push_str(&format!("seed = {}\n", how.seed));
    t.push_str(&format!("train_seed = {}\n", how.train_seed));
    t.push_str(&format!("test_seed = {}\n", how.test_seed));
    t.push_str(&format!("rounds = {}\n", how.rounds));
    if let Some(start) = &how.start {
        t.push_str(&format!("start = {}\n", quoted(start)));
    }
    if let Some(sha) = &how.start_sha256 {
        t.push_str(&format!("start_sha256 = {}\n", quoted(sha)));
    }
    if version == 3 {
        let v: Vec<String> = with_net.iter().map(|n| quoted(n)).collect();
        t.push_str("# The decision types with a network ([net.TYPE] below).\n");
        t.push_str(&format!("nets = [{}]\n", v.join(", ")));
    }
    if let Some(tr) = &how.trained {
        #[derive(Serialize)]
        struct One<'a> {
            trained: &'a Trained,
        }
        t.push_str(if tr.knobs.is_empty() {
            "\n# The rows it was trained on (player counts; Robert: starting cards per player).\n"
        } else {
            "\n# The rows it was trained on (player counts; Robert: starting cards per player; every other\n# rule knob's values): a row outside them is marked in summary.csv (model_outside).\n"
        });
        t.push_str(&toml::to_string(&One { trained: tr }).context("the trained rows as TOML")?);
    }
    for r in &how.records {
        #[derive(Serialize)]
        struct One<'a> {
            round: [&'a RoundRecord; 1],
        }
        t.push('\n');
        t.push_str(&toml::to_string(&One { round: [r] }).context("a round record as TOML")?);
    }
    #[derive(Serialize)]
    struct Knobs<'a> {
        #[serde(skip_serializing_if = "Option::is_none")]
        team: Option<&'a TeamKnobs>,
        #[serde(skip_serializing_if = "Option::is_none")]
        solitaire: Option<&'a SolitaireKnobs>,
    }
    let knobs = match &model.base {
        LearnedBase::Team(k) => Knobs {
            team: Some(k),
            solitaire: None,
        },
        LearnedBase::Solitaire(k) => Knobs {
            team: None,
            solitaire: Some(k),
        },
    };
    t.push_str("\n# The base policy's knobs (it plays every decision the model does not score).\n");
    t.push_str(&toml::to_string(&knobs).context("the base policy's knobs as TOML")?);
    for kind in KINDS {
        t.push_str(&format!("\n[weights.{}]\n", kind.name()));
        let names = kind.features_at(model.feature_version);
        for (name, w) in names.iter().zip(model.weights[kind.idx()]) {
            // `{:?}` keeps a decimal point (1.0, not 1) and round-trips the f32.
            t.push_str(&format!("{name} = {w:?}\n"));
        }
    }
    let list = |xs: &[f32]| {
        let v: Vec<String> = xs.iter().map(|x| format!("{x:?}")).collect();
        format!("[{}]", v.join(", "))
    };
    for kind in KINDS {
        let net = &model.nets[kind.idx()];
        let (h, nf) = (
            net.hidden as usize,
            kind.features_at(model.feature_version).len(),
        );
        if h == 0 {
            continue;
        }
        t.push_str(&format!("\n[net.{}]\n", kind.name()));
        t.push_str(&format!("hidden = {h}\n"));
        t.push_str(&format!("b1 = {}\n", list(&net.b1[..h])));
        t.push_str(&format!("w2 = {}\n", list(&net.w2[..h])));
        t.push_str("w1 = [\n");
        for j in 0..h {
            let row: Vec<f32> = (0..nf).map(|i| net.w1(j, i)).collect();
            t.push_str(&format!("    {},\n", list(&row)));
        }
        t.push_str("]\n");
    }
    Ok(t)
}

/// Reads a model file; errors name the file, the line and the key.
///
/// # Errors
/// The file cannot be read; TOML syntax; an unknown or missing key; another format or
/// feature version; a variant, base, candidate width or weight out of range.
pub fn load(path: &Path) -> Result<(LearnedModel, Provenance)> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read model file {origin}"))?;
    parse(&text, &origin)
}

/// Parses model file text; `origin` names it in errors.
///
/// # Errors
/// As [`load`].
pub fn parse(text: &str, origin: &str) -> Result<(LearnedModel, Provenance)> {
    let f: ModelFile =
        toml::from_str(text).map_err(|e| anyhow::anyhow!(describe(origin, text, &e)))?;
    let at = |key: &str| match key_line(text, key) {
        Some(line) => format!("{origin}:{line}: {key}"),
        None => format!("{origin}: {key}"),
    };
    if !(1..=FORMAT_VERSION).contains(&f.format_version) {
        bail!(
            "{}: {} is not a format this robsim reads; allowed: 1 to {FORMAT_VERSION}",
            at("format_version"),
            f.format_version
        );
    }
    if !(1..=FEATURE_VERSION).contains(&f.feature_version) {
        bail!(
            "{}: {} was trained on other features; allowed: 1 to {FEATURE_VERSION} (train it again with robsim learn)",
            at("feature_version"),
            f.feature_version
        );
    }
    let base = match (f.variant.as_str(), f.base.as_str()) {
        ("robert", "team") => LearnedBase::Team(f.team.with_context(|| {
            format!("{}: a team base needs its [team] knobs", at("base"))
        })?),
        ("solitaire", "solitaire") => {
            LearnedBase::Solitaire(f.solitaire.with_context(|| {
                format!("{}: a solitaire base needs its [solitaire] knobs", at("base"))
            })?)
        }
        ("robert" | "solitaire", b) => bail!(
            "{}: {b:?} does not play variant {:?}; allowed: team for robert, solitaire for solitaire",
            at("base"),
            f.variant
        ),
        (v, _) => bail!(
            "{}: {v:?} has no learned player; allowed: robert, solitaire",
            at("variant")
        ),
    };
    let other = match base {
        LearnedBase::Team(_) => f.solitaire.is_some().then_some("solitaire"),
        LearnedBase::Solitaire(_) => f.team.is_some().then_some("team"),
    };
    if let Some(t) = other {
        bail!(
            "{}: the base is {}; allowed: only its own knobs table",
            at(t),
            base.name()
        );
    }
    if !(2..=crate::catan::policy::rollout::MAX_CANDIDATES as u8).contains(&f.candidates) {
        bail!(
            "{}: {} is out of range; allowed: 2 to {}",
            at("candidates"),
            f.candidates,
            crate::catan::policy::rollout::MAX_CANDIDATES
        );
    }
    let mut weights = [[0f32; MAX_FEATURES]; 4];
    for table in f.weights.keys() {
        if !KINDS.iter().any(|k| k.name() == table) {
            bail!(
                "{}: unknown decision type; allowed: {}",
                at(&format!("weights.{table}")),
                KINDS.map(DecisionKind::name).join(", ")
            );
        }
    }
    for kind in KINDS {
        let key = format!("weights.{}", kind.name());
        let Some(w) = f.weights.get(kind.name()) else {
            bail!("{}: missing; every decision type has its weights", at(&key));
        };
        let names = kind.features_at(f.feature_version);
        if let Some(bad) = w.keys().find(|k| !names.contains(&k.as_str())) {
            bail!(
                "{}: unknown feature; allowed: {}",
                at(&format!("{key}.{bad}")),
                names.join(", ")
            );
        }
        for (i, name) in names.iter().enumerate() {
            let Some(&x) = w.get(*name) else {
                bail!(
                    "{}: missing; every feature has a weight",
                    at(&format!("{key}.{name}"))
                );
            };
            if !x.is_finite() {
                bail!(
                    "{}: {x} is not a finite number",
                    at(&format!("{key}.{name}"))
                );
            }
            weights[kind.idx()][i] = x as f32;
        }
    }
    let mut nets = [Net::NONE; 4];
    for (table, n) in &f.net {
        let key = format!("net.{table}");
        let Some(kind) = KINDS.into_iter().find(|k| k.name() == table) else {
            bail!(
                "{}: unknown decision type; allowed: {}",
                at(&key),
                KINDS.map(DecisionKind::name).join(", ")
            );
        };
        let nf = kind.features_at(f.feature_version).len();
        nets[kind.idx()] = net_of(n, kind, nf, &|k: &str| at(&format!("{key}.{k}")))?;
    }
    promised_nets(&f, &nets, &at)?;
    if let Some(t) = &f.trained {
        t.check(&f.variant, &at)?;
    }
    let model = LearnedModel {
        base,
        candidates: f.candidates,
        weights,
        nets,
        feature_version: f.feature_version,
    };
    let how = Provenance {
        command: f.command,
        config_sha256: f.config_sha256,
        seed: f.seed,
        train_seed: f.train_seed,
        test_seed: f.test_seed,
        rounds: f.rounds,
        records: f.round,
        trained: f.trained,
        start: f.start,
        start_sha256: f.start_sha256,
    };
    Ok((model, how))
}

/// Checks that the file holds the networks its format version promises: none in version 1; one
/// per decision type, all of one `hidden` size, in version 2; exactly those `nets` lists in
/// version 3. A file cut short at a table boundary is still TOML, so only this catches it.
///
/// # Errors
/// A promised `[net.TYPE]` table missing (naming it), one that is not promised, another
/// `hidden` size in version 2, or `nets` missing or wrong in version 3.
fn promised_nets(f: &ModelFile, nets: &[Net; 4], at: &dyn Fn(&str) -> String) -> Result<()> {
    let names = || KINDS.map(DecisionKind::name).join(", ");
    if f.format_version != 3 && f.nets.is_some() {
        bail!(
            "{}: format_version {} has no list of networks; allowed: nets only with format_version = 3",
            at("nets"),
            f.format_version
        );
    }
    let promised: Vec<DecisionKind> = match f.format_version {
        1 => {
            if let Some(t) = f.net.keys().next() {
                bail!(
                    "{}: format_version 1 has no networks; allowed: format_version = 2 or 3 with [net.TYPE] tables",
                    at(&format!("net.{t}"))
                );
            }
            Vec::new()
        }
        2 => KINDS.to_vec(),
        _ => {
            let Some(list) = &f.nets else {
                bail!(
                    "{}: missing; format_version 3 lists the decision types with a network (nets = [...]; allowed: {})",
                    at("nets"),
                    names()
                );
            };
            let mut out = Vec::new();
            for n in list {
                let Some(k) = KINDS.into_iter().find(|k| k.name() == n) else {
                    bail!(
                        "{}: {n:?} is not a decision type; allowed: {}",
                        at("nets"),
                        names()
                    );
                };
                if out.contains(&k) {
                    bail!("{}: {n:?} is listed twice", at("nets"));
                }
                out.push(k);
            }
            if out.is_empty() {
                bail!(
                    "{}: empty; allowed: at least one of {} (a model without networks is format_version = 1)",
                    at("nets"),
                    names()
                );
            }
            out
        }
    };
    if f.format_version == 3 {
        if let Some(k) = KINDS
            .into_iter()
            .find(|k| nets[k.idx()].hidden > 0 && !promised.contains(k))
        {
            bail!(
                "{}: not listed in nets; allowed: a [net.TYPE] table for each type nets lists",
                at(&format!("net.{}", k.name()))
            );
        }
    }
    if let Some(k) = KINDS
        .into_iter()
        .find(|k| promised.contains(k) && nets[k.idx()].hidden == 0)
    {
        bail!(
            "{}: missing; format_version {} promises a network for {} (the file is cut short or was edited); allowed: the whole file as robsim learn wrote it",
            at(&format!("net.{}", k.name())),
            f.format_version,
            if f.format_version == 2 {
                "every decision type"
            } else {
                "each type in nets"
            }
        );
    }
    if f.format_version == 2 {
        let h = nets[0].hidden;
        if let Some(k) = KINDS.into_iter().find(|k| nets[k.idx()].hidden != h) {
            bail!(
                "{}: {} hidden units where [net.{}] has {h}; allowed: one hidden size in format_version 2",
                at(&format!("net.{}.hidden", k.name())),
                nets[k.idx()].hidden,
                KINDS[0].name()
            );
        }
    }
    Ok(())
}

/// A `[net.TYPE]` table checked against its type's `nf` features (at the file's version):
/// `hidden` 1..=MAX_HIDDEN rows of `w1` with a weight per feature, a bias and an output weight
/// per unit, all finite.
fn net_of(n: &NetFile, kind: DecisionKind, nf: usize, at: &dyn Fn(&str) -> String) -> Result<Net> {
    let h = n.hidden as usize;
    if !(1..=MAX_HIDDEN).contains(&h) {
        bail!(
            "{}: {h} is out of range; allowed: 1 to {MAX_HIDDEN}",
            at("hidden")
        );
    }
    for (key, len) in [("b1", n.b1.len()), ("w2", n.w2.len()), ("w1", n.w1.len())] {
        if len != h {
            bail!(
                "{}: {len} entries; allowed: {h} (one per hidden unit)",
                at(key)
            );
        }
    }
    if let Some(j) = n.w1.iter().position(|r| r.len() != nf) {
        bail!(
            "{}: row {} has {} weights; allowed: {nf} (one per {} feature)",
            at("w1"),
            j + 1,
            n.w1[j].len(),
            kind.name()
        );
    }
    let all = n.w1.iter().flatten().chain(&n.b1).chain(&n.w2);
    if let Some(x) = all.into_iter().find(|x| !x.is_finite()) {
        bail!("{}: {x} is not a finite number", at("w1"));
    }
    let mut net = Net::NONE;
    net.hidden = h as u8;
    for j in 0..h {
        for i in 0..nf {
            net.set_w1(j, i, n.w1[j][i] as f32);
        }
        net.b1[j] = n.b1[j] as f32;
        net.w2[j] = n.w2[j] as f32;
    }
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (LearnedModel, Provenance) {
        let mut m = LearnedModel::base_only(LearnedBase::Team(TeamKnobs::default()), 6);
        for (k, row) in m.weights.iter_mut().enumerate() {
            for (i, w) in row
                .iter_mut()
                .enumerate()
                .take(KINDS[k].features_at(1).len())
            {
                *w = (k as f32 + 1.0) * 0.1 - i as f32 * 0.0371;
            }
        }
        let how = Provenance {
            command: "robsim learn configs/x.toml".into(),
            config_sha256: "ab".into(),
            seed: 1,
            train_seed: 2,
            test_seed: 3,
            rounds: 2,
            records: vec![RoundRecord {
                round: 1,
                kept: true,
                decisions: 10,
                labels: 40,
                test_games: 100,
                win_rate_old: 0.25,
                win_rate_new: 0.5,
                diff: 0.25,
                diff_lo95: 0.1,
                diff_hi95: 0.4,
            }],
            trained: Some(Trained {
                players: vec![3, 4],
                start_cards: vec![0, 1, 2, 3],
                knobs: [("robert_skip".to_string(), vec![toml::Value::Integer(0)])].into(),
            }),
            start: Some("configs/models/robert.toml".into()),
            start_sha256: Some("cd".into()),
        };
        (m, how)
    }

    #[test]
    fn a_model_reads_back_exactly() {
        let (m, how) = sample();
        let text = to_text(&m, &how).unwrap();
        assert!(text.contains("format_version = 1\n") && !text.contains("[net."));
        assert!(text.contains("start = \"configs/models/robert.toml\"\nstart_sha256 = \"cd\"\n"));
        let (m2, how2) = parse(&text, "m.toml").unwrap();
        assert_eq!(m, m2);
        assert_eq!(how, how2);
        assert_eq!(to_text(&m2, &how2).unwrap(), text);
    }

    /// A model of the newest feature version writes and reads back its extra features (the
    /// set-up `room`, `room_pips`, network inputs included; version 3's soldier rhythm); a
    /// version-1 file knows none of them and a version-2 file must have them.
    #[test]
    fn each_feature_version_reads_back_its_own_features() {
        let (mut m, how) = sample();
        m.feature_version = 2;
        let k = DecisionKind::Setup.idx();
        m.weights[k][21] = 0.25;
        m.weights[k][22] = -0.5;
        m.nets[k].hidden = 1;
        for i in 0..DecisionKind::Setup.features_at(2).len() {
            m.nets[k].set_w1(0, i, 0.01 * i as f32);
        }
        m.nets[k].w2[0] = 0.5;
        let text = to_text(&m, &how).unwrap();
        assert!(text.contains("feature_version = 2\n") && text.contains("room_pips = -0.5\n"));
        let (m2, how2) = parse(&text, "m.toml").unwrap();
        assert_eq!(m, m2);
        assert_eq!(to_text(&m2, &how2).unwrap(), text);
        let err = |t: &str| format!("{:#}", parse(t, "m.toml").unwrap_err());
        let e = err(&text.replace("feature_version = 2", "feature_version = 1"));
        assert!(
            e.contains("weights.setup.room") && e.contains("unknown feature"),
            "{e}"
        );
        let e = err(&text.replace("room_pips = -0.5\n", ""));
        assert!(
            e.contains("weights.setup.room_pips") && e.contains("missing"),
            "{e}"
        );
        // Version 3 adds the soldier's rhythm; a version-2 file knows none of it.
        let mut m3 = m;
        m3.feature_version = 3;
        m3.weights[DecisionKind::Soldier.idx()][22] = 0.75;
        let text = to_text(&m3, &how).unwrap();
        assert!(text.contains("feature_version = 3\n") && text.contains("act_rest_rate = 0.75\n"));
        assert_eq!(parse(&text, "m.toml").unwrap().0, m3);
        let e = err(&text.replace("feature_version = 3", "feature_version = 2"));
        assert!(
            e.contains("weights.soldier.act_rest") && e.contains("unknown feature"),
            "{e}"
        );
        // A version-1 model: 21 set-up weights, read back as version 1.
        let (v1, how) = sample();
        let text = to_text(&v1, &how).unwrap();
        assert!(text.contains("feature_version = 1\n") && !text.contains("room"));
        assert_eq!(parse(&text, "m.toml").unwrap().0.feature_version, 1);
    }

    fn with_net() -> (LearnedModel, Provenance) {
        let (mut m, how) = sample();
        let k = DecisionKind::Build.idx();
        m.nets[k].hidden = 3;
        for j in 0..3 {
            for i in 0..DecisionKind::Build.features_at(m.feature_version).len() {
                m.nets[k].set_w1(j, i, (j as f32 - 1.0) * 0.013 + i as f32 * 0.0071);
            }
            m.nets[k].b1[j] = 0.1 * j as f32;
            m.nets[k].w2[j] = -0.37 + 0.21 * j as f32;
        }
        (m, how)
    }

    #[test]
    fn a_model_with_a_network_reads_back_exactly() {
        let (m, how) = with_net();
        let text = to_text(&m, &how).unwrap();
        assert!(text.contains("format_version = 3\n") && text.contains("[net.build]"));
        assert!(text.contains("nets = [\"build\"]\n"), "{text}");
        let (m2, how2) = parse(&text, "m.toml").unwrap();
        assert_eq!(m, m2);
        assert_eq!(to_text(&m2, &how2).unwrap(), text);
        // A network for every type, of one size: version 2, as the shipped models are.
        let mut all = m;
        for k in KINDS {
            all.nets[k.idx()] = m.nets[DecisionKind::Build.idx()];
            for j in 0..3 {
                for i in k.features_at(all.feature_version).len()..MAX_FEATURES {
                    all.nets[k.idx()].set_w1(j, i, 0.0);
                }
            }
        }
        let text = to_text(&all, &how).unwrap();
        assert!(text.contains("format_version = 2\n") && !text.contains("nets ="));
        let (m3, _) = parse(&text, "m.toml").unwrap();
        assert_eq!(all, m3);
    }

    /// A file that lacks a table its version promises is refused naming the table: a version-2
    /// file without one type's network, a version-3 file without a listed one or with an
    /// unlisted one, or without its list.
    #[test]
    fn a_promised_network_missing_is_refused() {
        let (m, how) = with_net();
        let text = to_text(&m, &how).unwrap();
        let err = |t: &str| format!("{:#}", parse(t, "m.toml").unwrap_err());
        let cut = &text[..text.find("\n[net.build]").unwrap() + 1];
        let e = err(cut);
        assert!(
            e.contains("m.toml") && e.contains("net.build: missing"),
            "{e}"
        );
        let e = err(&text.replace("nets = [\"build\"]", "nets = [\"build\", \"flip\"]"));
        assert!(e.contains("net.flip: missing"), "{e}");
        let e = err(&text.replace("nets = [\"build\"]", "nets = [\"flip\"]"));
        assert!(e.contains("net.build") && e.contains("not listed"), "{e}");
        let e = err(&text.replace("nets = [\"build\"]\n", ""));
        assert!(e.contains("nets: missing"), "{e}");
        let e = err(&text.replace("format_version = 3", "format_version = 2"));
        assert!(
            e.contains("nets") && e.contains("format_version = 3"),
            "{e}"
        );
        let two = text
            .replace("format_version = 3", "format_version = 2")
            .replace("nets = [\"build\"]\n", "");
        let e = err(&two);
        assert!(
            e.contains("net.setup: missing") && e.contains("every decision type"),
            "{e}"
        );
    }

    /// A network of the wrong shape, or in a version-1 file, is refused naming the key.
    #[test]
    fn a_network_of_the_wrong_shape_is_refused() {
        let (m, how) = with_net();
        let text = to_text(&m, &how).unwrap();
        let err = |t: &str| format!("{:#}", parse(t, "m.toml").unwrap_err());
        let e = err(&text.replace("hidden = 3", "hidden = 4"));
        assert!(
            e.contains("net.build.b1") && e.contains("allowed: 4"),
            "{e}"
        );
        let e = err(&text.replace("hidden = 3", "hidden = 33"));
        assert!(
            e.contains("net.build.hidden") && e.contains("1 to 32"),
            "{e}"
        );
        let e = err(&text
            .replace("format_version = 3", "format_version = 1")
            .replace("nets = [\"build\"]\n", ""));
        assert!(
            e.contains("net.build") && e.contains("format_version = 2 or 3"),
            "{e}"
        );
        let e = err(&text.replace("[net.build]", "[net.trade]"));
        assert!(
            e.contains("net.trade") && e.contains("allowed: setup"),
            "{e}"
        );
        let e = err(&text.replace("format_version = 3", "format_version = 4"));
        assert!(e.contains("format_version") && e.contains("1 to 3"), "{e}");
        let row = text.lines().find(|l| l.starts_with("    [")).unwrap();
        let short = row.replacen("[", "[0.5, ", 1);
        let e = err(&text.replacen(row, &short, 1));
        assert!(
            e.contains("net.build.w1") && e.contains("row 1 has 31"),
            "{e}"
        );
    }
}
