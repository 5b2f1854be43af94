//! `[design]`: the rule knobs `robsim design` may change, on which cells, and the targets.
//!
//! The grid's rows (or `[[rows]]`) are the design's *cells*, at the grid's rules. The space is
//! a list of dimensions, each a rule knob with the values it may take (`[design.space]`: on
//! every cell; `[[design.knob]]`: on the cells its `only` selector names, such as `{ players =
//! 3 }`); option 0 of a dimension leaves each cell's knob as the grid has it. The targets name
//! cells by selectors ([`super::select`]) and say what to aim at there: a win rate, the win
//! rate of another row at the grid's rules (`like`), every seat's fair share, the lead seat's
//! edge over a fair share, or a mean game length. Every error names its key and the allowed
//! values, and nothing is written.

use super::knobs::{self, set_carcassonne, set_catan};
use super::select::{self, partner, select_some, RowValues};
use super::{Locate, Sweep, SweepFile};
use crate::carcassonne::experiment::CarcSpec;
use crate::catan::experiment::RowSpec;
use crate::engine::design::{Params, Space, MAX_EXHAUSTIVE};
use crate::report::design::{Aim, DimInfo, Measure, Target};
use crate::report::ModelRecord;
use crate::tomltext::show;
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};
use toml::Value;

/// The `[design]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DesignFile {
    /// Knobs searched on every cell: each key a rule knob, each value a list of values (or a
    /// range of whole numbers, `"2..=6"`).
    #[serde(default, skip_serializing_if = "toml::Table::is_empty")]
    pub space: toml::Table,
    /// Knobs searched on some cells only (`only`), or on every cell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knob: Vec<KnobFile>,
    /// What to aim at, cell by cell.
    #[serde(default)]
    pub target: Vec<TargetFile>,
    /// The guard rail on a game's shape: a confirmed setting whose won games' 90th-percentile
    /// rounds grow past this times the grid's rules' in a cell is flagged (default 1.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard_rounds: Option<f64>,
    /// ... or whose stuck share (stalled or conceded games) grows by more than this (default
    /// 0.005: half a point).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard_stuck: Option<f64>,
    /// Knobs a setting may change at most (default: every knob of the space).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_changed: Option<i64>,
    /// Games the search plays in all (each cell's batch counts once per run that needs it);
    /// the held-out confirmation (`games` per cell) comes on top.
    pub budget: i64,
    /// Games per cell of one evaluation (default 500).
    #[serde(default = "default_batch")]
    pub batch: i64,
    /// Settings confirmed on held-out games (default 3).
    #[serde(default = "default_top")]
    pub top: i64,
    /// `ntbea` (the default) or `exhaustive` (every setting within the cap).
    #[serde(default = "default_search")]
    pub search: String,
    /// Independent NTBEA runs (default 1); `--shard I/N` plays run I of N.
    #[serde(default = "one")]
    pub runs: i64,
    /// The share of the budget the runs spend exploring before the race (default 0.5).
    #[serde(default = "half")]
    pub explore: f64,
    /// Settings raced (default 8).
    #[serde(default = "default_race")]
    pub race: i64,
    /// Batches a setting plays at most (default 16).
    #[serde(default = "default_max_batches")]
    pub max_batches: i64,
    /// Mutants the model scores per step (default 50, TAG's).
    #[serde(default = "default_neighbours")]
    pub neighbours: i64,
    /// The exploration constant k of the upper confidence bound, in units of the spread of the
    /// scores seen (default 1).
    #[serde(default = "one_f")]
    pub ucb: f64,
}

fn default_batch() -> i64 {
    500
}
fn default_top() -> i64 {
    3
}
fn default_search() -> String {
    "ntbea".into()
}
fn one() -> i64 {
    1
}
fn half() -> f64 {
    0.5
}
fn one_f() -> f64 {
    1.0
}
fn default_race() -> i64 {
    8
}
fn default_max_batches() -> i64 {
    16
}
fn default_neighbours() -> i64 {
    50
}

/// A `[[design.knob]]` entry.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KnobFile {
    /// A rule knob (docs/rules.md).
    pub key: String,
    /// Its values: a list, one value, or a range of whole numbers (`"2..=6"`).
    pub values: Value,
    /// The cells it applies to (a selector); default every cell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<toml::Table>,
}

/// A `[[design.target]]` entry: the cells (a selector) and one aim.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TargetFile {
    /// The cells (default: every cell).
    #[serde(default)]
    pub cell: toml::Table,
    /// A win rate in [0, 1].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<f64>,
    /// The win rate of the row equal to the cell but for these settings, at the grid's rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub like: Option<toml::Table>,
    /// With `like`: the cell's rate minus the other row's should be this (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<f64>,
    /// Every seat's share of the wins at 1/players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair: Option<bool>,
    /// The lead seat's win rate minus 1/players (a lineup's skill edge).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<f64>,
    /// The mean game length, in the report's turns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<f64>,
    /// A measure of the game's shape to keep within bounds (`rounds_win_p90`, `stuck_share`,
    /// ...: `Measure::NAMES`), with `at_most` and/or `at_least`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_most: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_least: Option<f64>,
    /// Distance counted as met (default 0.03: 3 points; for `turns` a share of the target, 0.05;
    /// for a bound 0: met within it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<f64>,
    /// The term's weight in the score (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
}

/// One dimension of the space: a knob, its values and the cells it applies to.
#[derive(Clone, Debug, PartialEq)]
pub struct Dim {
    pub key: &'static str,
    /// Option `i + 1`'s value (option 0 leaves the grid's).
    pub values: Vec<Value>,
    /// The cells (rows of the grid) it applies to.
    pub cells: Vec<usize>,
    /// Its `only` selector, if any.
    pub only: Option<toml::Table>,
}

/// A validated design.
pub struct Design {
    /// The grid's rows, at the grid's rules: the cells.
    pub base: Sweep,
    pub values: Vec<RowValues>,
    pub dims: Vec<Dim>,
    pub targets: Vec<Target>,
    pub space: Space,
    pub params: Params,
    /// Settings confirmed on held-out games.
    pub top: usize,
    /// Held-out games per cell (the config's `games`).
    pub games: u64,
    /// The master seed of the held-out games.
    pub held_out: u64,
    /// The models the cells may play (the manifest's `models`).
    pub models: Vec<ModelRecord>,
    /// The `[design]` table as written.
    pub file: DesignFile,
    loaded: super::learn::Models,
    pub guard: crate::report::design::write::Guard,
}

/// The salt of the held-out games' master seed: `mix64(seed ^ HELD_OUT)`, a stream of games
/// the search never plays ("held-out" in ASCII).
pub const HELD_OUT: u64 = 0x6865_6C64_2D6F_7574;

/// A knob's values as written: a list, one value, or `"a..=b"`.
fn values_of(v: &Value) -> Vec<Value> {
    if let Value::String(s) = v {
        if let Some((a, b)) = s.split_once("..=") {
            if let (Ok(a), Ok(b)) = (a.trim().parse::<i64>(), b.trim().parse::<i64>()) {
                return (a..=b).map(Value::Integer).collect();
            }
        }
    }
    match v {
        Value::Array(a) => a.clone(),
        v => vec![v.clone()],
    }
}

/// Checks a config's `[design]` table against its grid.
///
/// # Errors
/// No `[design]` table; an empty space, an unknown knob or a value outside its range; a cap
/// below zero or above the knobs; a target cell no row matches, a relative target naming no row,
/// an aim a cell cannot have; a budget too small for one evaluation; `[[compare]]` beside it.
pub fn design(file: &SweepFile, origin: &str, text: Option<&str>) -> Result<Design> {
    let at = Locate { origin, text };
    let ctx = |key: &str| at.key(key);
    let Some(d) = &file.design else {
        bail!(
            "{origin}: no [design] table; allowed: a config with `[design]`, knobs in `[design.space]` or `[[design.knob]]` and `[[design.target]]` entries, e.g. configs/robert-design-3p.toml in the robsim repository"
        );
    };
    let plain = SweepFile {
        design: None,
        ..file.clone()
    };
    let base = Sweep::from_file_in(plain, origin, text)?;
    let values = select::sweep_values(&base);
    let carc = !base.carcassonne.is_empty();
    let entry = |table: &str, i: usize| match super::rowsets::header_line(
        text,
        &format!("[[design.{table}]]"),
        i,
    ) {
        Some(line) => format!("{origin}:{line}: design.{table}[{i}]"),
        None => format!("{origin}: design.{table}[{i}]"),
    };
    // The space: [design.space] keys, then [[design.knob]] entries.
    let mut wanted: Vec<(String, &str, &Value, Option<&toml::Table>)> = Vec::new();
    for (k, v) in &d.space {
        wanted.push((ctx(&format!("design.space.{k}")), k.as_str(), v, None));
    }
    for (i, kf) in d.knob.iter().enumerate() {
        wanted.push((
            entry("knob", i),
            kf.key.as_str(),
            &kf.values,
            kf.only.as_ref(),
        ));
    }
    if wanted.is_empty() {
        bail!(
            "{}: the space is empty; allowed: rule knobs with their values in [design.space] (every cell) or [[design.knob]] entries (key, values, only), from: {}",
            ctx("design"),
            knobs::keys()
        );
    }
    let mut dims: Vec<Dim> = Vec::new();
    let mut played = base.models.clone();
    let loaded = super::learn::load_models(file, &ctx)?;
    for (place, key, v, only) in wanted {
        let Some(k) = knobs::knob(key) else {
            let hint = match crate::tomltext::nearest(key, knobs::RULE_KNOBS.iter().map(|k| k.key))
            {
                Some(n) => format!("; did you mean {n:?}?"),
                None => String::new(),
            };
            bail!(
                "{place}: unknown knob {key:?}{hint}; allowed: {}",
                knobs::keys()
            );
        };
        let cells = match only {
            Some(sel) => {
                select::check(sel, &format!("{place}.only"))?;
                select_some(sel, &values, &format!("{place}.only"))?
            }
            None => (0..values.len()).collect(),
        };
        let listed = values_of(v);
        if listed.is_empty() {
            bail!(
                "{place}: the list of values is empty; allowed: {}",
                k.allowed.describe()
            );
        }
        let mut kept = Vec::new();
        for val in &listed {
            if !k.allowed.admits(val) {
                bail!(
                    "{place}: {} is out of range for {key}; allowed: {}",
                    show(val),
                    k.allowed.describe()
                );
            }
            let mut same_everywhere = true;
            for &c in &cells {
                let have = values[c].get(key);
                if have != Some(val) {
                    same_everywhere = false;
                }
                let set = if carc {
                    let mut r = base.carcassonne[c].rules;
                    set_carcassonne(key, &mut r, val)
                } else {
                    let mut r = base.rows[c].rules;
                    set_catan(key, &mut r, val).inspect(|()| {
                        let (policy, ruled) = loaded.for_rules(base.rows[c].policy, &r);
                        if let Some(m) = ruled {
                            super::catan::record_rule(&mut played, m, &policy, r.variant.name());
                        }
                    })
                };
                if let Err(e) = set {
                    bail!(
                        "{place}: {key} = {} on {}: {e}; allowed: values every cell it applies to can play ({})",
                        show(val),
                        select::describe(c, &values),
                        k.allowed.describe()
                    );
                }
            }
            if !same_everywhere && !kept.contains(val) {
                kept.push(val.clone());
            }
        }
        if kept.is_empty() {
            bail!(
                "{place}: every value of {key} listed is the grid's own on its cells; allowed: other values ({})",
                k.allowed.describe()
            );
        }
        if let Some(o) = dims
            .iter()
            .find(|o| o.key == k.key && o.cells.iter().any(|c| cells.contains(c)))
        {
            bail!(
                "{place}: {key} is searched on {} already (another entry of the space); allowed: each knob once per cell (split the cells with `only`)",
                select::describe(*o.cells.iter().find(|c| cells.contains(c)).expect("shared"), &values)
            );
        }
        dims.push(Dim {
            key: k.key,
            values: kept,
            cells,
            only: only.cloned(),
        });
    }
    if dims.len() > 64 {
        bail!(
            "{}: {} knobs; allowed: at most 64",
            ctx("design.space"),
            dims.len()
        );
    }
    if let Some(v) = dims.iter().find(|d| d.values.len() > 200) {
        bail!(
            "{}: {} has {} values; allowed: at most 200 per knob",
            ctx("design.space"),
            v.key,
            v.values.len()
        );
    }
    let n = dims.len() as i64;
    let guard = crate::report::design::write::Guard {
        rounds: d.guard_rounds.unwrap_or(1.5),
        stuck: d.guard_stuck.unwrap_or(0.005),
    };
    if !(guard.rounds >= 1.0 && guard.rounds <= 100.0) {
        bail!(
            "{}: {} is out of range; allowed: 1 to 100 (times the grid's rules' won-game p90 rounds)",
            ctx("design.guard_rounds"),
            guard.rounds
        );
    }
    if !(0.0..=1.0).contains(&guard.stuck) {
        bail!(
            "{}: {} is out of range; allowed: 0 to 1 (a share of the games)",
            ctx("design.guard_stuck"),
            guard.stuck
        );
    }
    let max_changed = d.max_changed.unwrap_or(n);
    if !(0..=n).contains(&max_changed) {
        bail!(
            "{}: {max_changed} is out of range; allowed: 0..={n} (the knobs in the space)",
            ctx("design.max_changed")
        );
    }
    let targets = targets(d, &base, &values, &entry)?;
    let checks: [(&str, i64, i64, i64); 7] = [
        ("design.batch", d.batch, 1, 1_000_000),
        ("design.top", d.top, 1, 20),
        ("design.runs", d.runs, 1, 64),
        ("design.race", d.race, 1, 1000),
        ("design.max_batches", d.max_batches, 1, 1000),
        ("design.neighbours", d.neighbours, 1, 10_000),
        ("games", file.games, 1, 100_000_000),
    ];
    for (key, v, lo, hi) in checks {
        if !(lo..=hi).contains(&v) {
            bail!("{}: {v} is out of range; allowed: {lo}..={hi}", ctx(key));
        }
    }
    if !(d.explore > 0.0 && d.explore <= 1.0) {
        bail!(
            "{}: {} is out of range; allowed: a share above 0, at most 1",
            ctx("design.explore"),
            d.explore
        );
    }
    if !(d.ucb >= 0.0 && d.ucb <= 100.0) {
        bail!(
            "{}: {} is out of range; allowed: 0 to 100",
            ctx("design.ucb"),
            d.ucb
        );
    }
    let exhaustive = match d.search.as_str() {
        "ntbea" => false,
        "exhaustive" => true,
        other => bail!(
            "{}: {other:?} is not a search; allowed: ntbea, exhaustive",
            ctx("design.search")
        ),
    };
    let space = Space {
        sizes: dims.iter().map(|d| d.values.len() + 1).collect(),
        max_changed: max_changed as usize,
    };
    // One evaluation plays a batch of every target cell and of every reference row.
    let mut needed: Vec<usize> = targets.iter().map(|t| t.row).collect();
    needed.extend(targets.iter().filter_map(|t| match t.aim {
        Aim::Like { reference, .. } => Some(reference),
        _ => None,
    }));
    needed.sort_unstable();
    needed.dedup();
    let one = needed.len() as i64 * d.batch;
    if exhaustive {
        let count = space.count();
        if count > MAX_EXHAUSTIVE {
            bail!(
                "{}: the space holds {count} settings within design.max_changed; allowed: at most {MAX_EXHAUSTIVE} for an exhaustive search (use search = \"ntbea\", fewer values or a lower max_changed)",
                ctx("design.search")
            );
        }
        let least = count.min(i64::MAX as u128) as i64 * one;
        if d.budget < least {
            bail!(
                "{}: {} games cannot play every setting once ({count} settings × {} rows × {} games a batch = {least}); allowed: at least {least}",
                ctx("design.budget"),
                d.budget,
                needed.len(),
                d.batch
            );
        }
    } else {
        let least = (one as f64 * d.runs as f64 / d.explore).ceil() as i64;
        if d.budget < least {
            bail!(
                "{}: {} games cannot play one evaluation in each run ({} rows × {} games a batch, {} runs, explore {}); allowed: at least {least}",
                ctx("design.budget"),
                d.budget,
                needed.len(),
                d.batch,
                d.runs,
                d.explore
            );
        }
    }
    let params = Params {
        exhaustive,
        runs: d.runs as usize,
        only_run: None,
        explore_share: d.explore,
        neighbours: d.neighbours as usize,
        k: d.ucb,
        race: d.race as usize,
        max_batches: d.max_batches as u32,
        budget: d.budget as u64,
        batch: d.batch as u64,
        seed: file.seed,
    };
    Ok(Design {
        guard,
        games: file.games as u64,
        held_out: crate::engine::seeds::mix64(file.seed ^ HELD_OUT),
        values,
        dims,
        targets,
        space,
        params,
        top: d.top as usize,
        models: played,
        file: d.clone(),
        loaded,
        base,
    })
}

/// Whether row `i` has a win rate of its own: a co-operative or solo table's, or a lineup's
/// lead seat's; and its seats (0 for a co-operative table).
fn row_kind(base: &Sweep, i: usize) -> (bool, usize, bool) {
    match base.carcassonne.get(i) {
        Some(c) => (
            c.lineup.is_some(),
            c.rules.players as usize,
            c.lineup.is_some(),
        ),
        None => {
            let r = &base.rows[i];
            let coop = r.rules.variant.team_outcome();
            let seats = if coop { 0 } else { r.rules.players as usize };
            (coop || r.lineup.is_some(), seats, r.lineup.is_some())
        }
    }
}

/// The player count of row `i`.
fn players_of(base: &Sweep, i: usize) -> u8 {
    match base.carcassonne.get(i) {
        Some(c) => c.rules.players,
        None => base.rows[i].rules.players,
    }
}

/// The aims a row can have, for an error.
fn allowed_aims(base: &Sweep, i: usize) -> &'static str {
    match row_kind(base, i) {
        (true, 0, false) => "rate, like, turns, measure (a bound)",
        (true, 0, _) => "rate, like, turns, measure = capped_share",
        (true, _, true) => "rate, like, edge, fair, turns, measure = capped_share",
        _ => "fair, turns, measure = capped_share",
    }
}

/// The targets of the `[[design.target]]` entries, each on every cell its selector names.
fn targets(
    d: &DesignFile,
    base: &Sweep,
    values: &[RowValues],
    entry: &dyn Fn(&str, usize) -> String,
) -> Result<Vec<Target>> {
    if d.target.is_empty() {
        bail!(
            "{}: no [[design.target]] entry; allowed: entries with `cell` (a selector) and one of rate, like, fair, edge, turns, measure (with at_most / at_least)",
            entry("target", 0)
        );
    }
    let mut out = Vec::new();
    for (i, t) in d.target.iter().enumerate() {
        let place = entry("target", i);
        select::check(&t.cell, &format!("{place}.cell"))?;
        let cells = select_some(&t.cell, values, &format!("{place}.cell"))?;
        let given: Vec<&str> = [
            ("rate", t.rate.is_some()),
            ("like", t.like.is_some()),
            ("fair", t.fair.is_some()),
            ("edge", t.edge.is_some()),
            ("turns", t.turns.is_some()),
            ("measure", t.measure.is_some()),
        ]
        .iter()
        .filter(|g| g.1)
        .map(|g| g.0)
        .collect();
        if given.len() != 1 {
            bail!(
                "{place}: {} aims given ({}); allowed: exactly one of rate, like, fair, edge, turns, or a bound (measure with at_most and/or at_least)",
                given.len(),
                given.join(", ")
            );
        }
        let bound = match &t.measure {
            Some(name) => {
                let Some(m) = Measure::parse(name) else {
                    bail!(
                        "{place}.measure: {name:?} is no measure a design can bound; allowed: {}",
                        Measure::NAMES.join(", ")
                    );
                };
                if t.at_most.is_none() && t.at_least.is_none() {
                    bail!("{place}: measure {name:?} without a bound; allowed: at_most and/or at_least beside it");
                }
                let range = if m.is_share() {
                    (0.0, 1.0)
                } else {
                    (1.0, 100_000.0)
                };
                for (k, v) in [("at_most", t.at_most), ("at_least", t.at_least)] {
                    if let Some(v) = v {
                        if !(range.0..=range.1).contains(&v) {
                            bail!(
                                "{place}.{k}: {v} is out of range for {name}; allowed: {} to {}",
                                range.0,
                                range.1
                            );
                        }
                    }
                }
                if let (Some(hi), Some(lo)) = (t.at_most, t.at_least) {
                    if hi < lo {
                        bail!("{place}.at_most: {hi} is below at_least {lo}; allowed: at_most at or above at_least");
                    }
                }
                Some(m)
            }
            None => {
                for (k, v) in [("at_most", t.at_most), ("at_least", t.at_least)] {
                    if v.is_some() {
                        bail!(
                            "{place}.{k}: a bound needs the measure it bounds; allowed: measure = one of {}",
                            Measure::NAMES.join(", ")
                        );
                    }
                }
                None
            }
        };
        if t.offset.is_some() && t.like.is_none() {
            bail!("{place}.offset: only with like; allowed: like = {{ ... }} beside it");
        }
        if t.fair == Some(false) {
            bail!("{place}.fair: false aims at nothing; allowed: fair = true");
        }
        let turns = t.turns.is_some();
        let tolerance = t.tolerance.unwrap_or(if bound.is_some() {
            0.0
        } else if turns {
            0.05
        } else {
            0.03
        });
        if !(0.0..1.0).contains(&tolerance) {
            bail!("{place}.tolerance: {tolerance} is out of range; allowed: 0 to below 1");
        }
        let weight = t.weight.unwrap_or(1.0);
        if !(weight > 0.0 && weight <= 1000.0) {
            bail!("{place}.weight: {weight} is out of range; allowed: above 0, at most 1000");
        }
        let in_unit = |k: &str, x: f64, lo: f64| -> Result<()> {
            if !(lo..=1.0).contains(&x) {
                bail!("{place}.{k}: {x} is out of range; allowed: {lo} to 1");
            }
            Ok(())
        };
        for &c in &cells {
            let (win, seats, lineup) = row_kind(base, c);
            let refuse = |k: &str| -> Result<()> {
                bail!(
                    "{place}.{k}: {} has no such measure; allowed there: {}",
                    select::describe(c, values),
                    allowed_aims(base, c)
                )
            };
            let aim = if let Some(r) = t.rate {
                in_unit("rate", r, 0.0)?;
                if !win {
                    refuse("rate")?;
                }
                Aim::Rate(r)
            } else if let Some(like) = &t.like {
                select::check(like, &format!("{place}.like"))?;
                if !win {
                    refuse("like")?;
                }
                let named: Vec<&str> = t
                    .cell
                    .keys()
                    .chain(like.keys())
                    .map(String::as_str)
                    .collect();
                let reference = partner(c, like, &named, values, &format!("{place}.like"))?;
                if !row_kind(base, reference).0 {
                    bail!(
                        "{place}.like: {} has no win rate to aim at; allowed: a row with one ({})",
                        select::describe(reference, values),
                        allowed_aims(base, reference)
                    );
                }
                let offset = t.offset.unwrap_or(0.0);
                in_unit("offset", offset, -1.0)?;
                Aim::Like { reference, offset }
            } else if t.fair.is_some() {
                if seats == 0 {
                    refuse("fair")?;
                }
                Aim::Fair { seats }
            } else if let Some(e) = t.edge {
                in_unit("edge", e, -1.0)?;
                if !lineup {
                    refuse("edge")?;
                }
                Aim::Edge { edge: e, seats }
            } else if let Some(measure) = bound {
                // Rounds of won and lost games, and the stuck share, are a team's (a
                // co-operative row's); the capped share is every row's.
                let coop = win && seats == 0 && !lineup;
                let robert = base
                    .rows
                    .get(c)
                    .is_some_and(|r| r.rules.variant.robert().is_some())
                    && base.carcassonne.get(c).is_none();
                if measure == Measure::CloseWinShare && !robert {
                    bail!(
                        "{place}.measure: {} has no close_win_share (a Robert measure); allowed there: {}",
                        select::describe(c, values),
                        if coop { "rounds_win_median, rounds_win_p90, rounds_loss_median, rounds_loss_p90, stuck_share, capped_share, certain_round" } else { "capped_share" }
                    );
                }
                if !coop && measure != Measure::CappedShare {
                    bail!(
                        "{place}.measure: {} has no {}; allowed there: capped_share",
                        select::describe(c, values),
                        measure.name()
                    );
                }
                Aim::Bound {
                    measure,
                    at_most: t.at_most,
                    at_least: t.at_least,
                    players: players_of(base, c),
                }
            } else {
                let n = t.turns.expect("one aim");
                if !(n > 0.0 && n <= 1_000_000.0) {
                    bail!("{place}.turns: {n} is out of range; allowed: above 0, at most 1000000");
                }
                Aim::Turns(n)
            };
            out.push(Target {
                row: c,
                aim,
                tolerance,
                weight,
                entry: i,
            });
        }
    }
    Ok(out)
}

impl Design {
    /// Each cell's player count where it is a co-operative row without a lineup (its games
    /// have a shape: won and lost rounds, stuck games), else `None`.
    pub fn shapes(&self) -> Vec<Option<u8>> {
        (0..self.values.len())
            .map(|c| {
                let (win, seats, lineup) = row_kind(&self.base, c);
                (win && seats == 0 && !lineup).then(|| players_of(&self.base, c))
            })
            .collect()
    }

    /// The cells' Catan rows under setting `x` (empty for Carcassonne).
    pub fn catan_specs(&self, x: &[u8]) -> Vec<RowSpec> {
        let mut rows = self.base.rows.clone();
        for (i, row) in rows.iter_mut().enumerate() {
            let mut moved = false;
            for (d, &o) in self.dims.iter().zip(x) {
                if o != 0 && d.cells.contains(&i) {
                    set_catan(d.key, &mut row.rules, &d.values[o as usize - 1])
                        .expect("checked on every cell");
                    moved = true;
                }
            }
            if moved {
                let (policy, ruled) = self.loaded.for_rules(row.policy, &row.rules);
                row.model = self.loaded.tag_for(&policy, ruled, &row.rules);
                row.policy = policy;
            }
        }
        rows
    }

    /// The cells' Carcassonne rows under setting `x` (empty for Catan).
    pub fn carcassonne_specs(&self, x: &[u8]) -> Vec<CarcSpec> {
        let mut rows = self.base.carcassonne.clone();
        for (i, row) in rows.iter_mut().enumerate() {
            for (d, &o) in self.dims.iter().zip(x) {
                if o != 0 && d.cells.contains(&i) {
                    set_carcassonne(d.key, &mut row.rules, &d.values[o as usize - 1])
                        .expect("checked on every cell");
                }
            }
        }
        rows
    }

    /// The dimensions as a report shows them.
    pub fn dim_infos(&self) -> Vec<DimInfo> {
        self.dims
            .iter()
            .map(|d| {
                let only = d.only.as_ref().map(select::show_table);
                DimInfo {
                    name: match &only {
                        Some(o) => format!("{} (only {o})", d.key),
                        None => d.key.to_string(),
                    },
                    key: d.key.to_string(),
                    only,
                    options: std::iter::once("-".to_string())
                        .chain(d.values.iter().map(show))
                        .collect(),
                    values: d.values.iter().map(|v| v.to_string()).collect(),
                    words: d.values.iter().map(|v| d.words(v)).collect(),
                }
            })
            .collect()
    }
}
