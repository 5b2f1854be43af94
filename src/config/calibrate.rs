//! `[calibrate]`: what `robsim calibrate` chooses and for which rows.
//!
//! `[calibrate]`: the knob `robsim calibrate` chooses, the values it may take, the target win
//! rates, and the grid's rows as the groups it chooses for.

use super::knobs::{self, Allowed};
use super::{Sweep, SweepFile};
use crate::catan::experiment::RowSpec;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// The `[calibrate]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CalibrateFile {
    /// An ordered whole-number rule knob (`start_cards`, `vp_to_win`, `soldier_flips`...).
    pub knob: String,
    /// The values it may take, ascending; default: every value of the knob that every group
    /// can play.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<i64>,
    /// Team win rates to reach, each in (0, 1).
    pub targets: Vec<f64>,
    /// Games added to a value each time its interval still holds a target (default 2,000).
    #[serde(default = "default_batch")]
    pub batch: i64,
    /// Games a value plays at most (default 50,000): past it, the decision is the point estimate.
    #[serde(default = "default_max_games")]
    pub max_games: i64,
    /// Games each bracketing value plays at the end at least, so that the reported win rates
    /// are this precise whatever the search needed (default: `batch`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_games: Option<i64>,
}

fn default_batch() -> i64 {
    2_000
}

fn default_max_games() -> i64 {
    50_000
}

/// One group of a calibration: a row of the grid, and the values of the knob it can play.
#[derive(Clone, Debug)]
pub struct Group {
    /// The grid's row (the knob at its seed value).
    pub base: RowSpec,
    /// The values, ascending, and the row with each.
    pub values: Vec<i64>,
    pub rows: Vec<RowSpec>,
}

/// A validated calibration: the grid's rows are the groups.
#[derive(Clone, Debug)]
pub struct Calibration {
    pub knob: &'static str,
    pub groups: Vec<Group>,
    pub targets: Vec<f64>,
    pub batch: u64,
    pub max_games: u64,
    pub final_games: u64,
    /// The models the rows play (the grid's, and the rule models its values bring in): the
    /// manifest's `models`.
    pub models: Vec<crate::report::ModelRecord>,
    /// Why the knob's win rate is known not to be monotone (every value is scanned), if it is.
    pub turns: Option<&'static str>,
}

/// Checks `file`'s `[calibrate]` table and expands the grid once per value.
///
/// # Errors
/// No `[calibrate]` table; the knob is unknown, not a whole-number knob, or set in the grid;
/// a value or target out of range; a row without a team win rate.
pub fn calibration(file: &SweepFile, origin: &str, text: Option<&str>) -> Result<Calibration> {
    let at = super::Locate { origin, text };
    let ctx = |key: &str| at.key(key);
    let Some(c) = &file.calibrate else {
        bail!(
            "{origin}: no [calibrate] table; allowed: a config with `[calibrate]`, `knob = \"start_cards\"` and `targets = [0.2, 0.4, 0.6, 0.8]`, e.g. configs/robert-ladder.toml in the robsim repository"
        );
    };
    // Only whole-number knobs have an order to search along: those are what it accepts.
    let ordered: Vec<&str> = knobs::RULE_KNOBS
        .iter()
        .filter(|k| matches!(k.allowed, Allowed::Int(..)))
        .map(|k| k.key)
        .collect();
    let known = knobs::knob(&c.knob);
    let int = known.and_then(|k| match k.allowed {
        Allowed::Int(lo, hi) => Some((k, lo, hi)),
        _ => None,
    });
    let Some((k, lo, hi)) = int else {
        let what = match known {
            Some(k) => format!("{} is not an ordered whole-number knob", k.key),
            None => format!("unknown knob {:?}", c.knob),
        };
        let hint = match crate::tomltext::nearest(&c.knob, ordered.iter().copied()) {
            Some(n) if known.is_none() => format!("; did you mean {n:?}?"),
            _ => String::new(),
        };
        bail!(
            "{}: {what}{hint}; allowed: {}",
            ctx("calibrate.knob"),
            ordered.join(", ")
        );
    };
    let grid = toml::Table::try_from(&file.grid).context("serialising the grid")?;
    let set_in_grid =
        grid.contains_key(k.key) || (k.key == "start_cards" && grid.contains_key("difficulty"));
    if set_in_grid {
        bail!(
            "{}: grid.{} is set; calibrate chooses it, so leave it out of [grid]",
            ctx("calibrate.knob"),
            if k.key == "start_cards" && grid.contains_key("difficulty") {
                "difficulty"
            } else {
                k.key
            }
        );
    }
    if c.targets.is_empty() {
        bail!(
            "{}: the list is empty; give at least one target win rate",
            ctx("calibrate.targets")
        );
    }
    if let Some(t) = c.targets.iter().find(|t| !(**t > 0.0 && **t < 1.0)) {
        bail!(
            "{}: {t} is out of range; allowed: win rates strictly between 0 and 1",
            ctx("calibrate.targets")
        );
    }
    if !(100..=1_000_000).contains(&c.batch) {
        bail!(
            "{}: {} is out of range; allowed: 100..=1000000",
            ctx("calibrate.batch"),
            c.batch
        );
    }
    if c.max_games < c.batch || c.max_games > 100_000_000 {
        bail!(
            "{}: {} is out of range; allowed: calibrate.batch ({}) to 100000000",
            ctx("calibrate.max_games"),
            c.max_games,
            c.batch
        );
    }
    if let Some(f) = c.final_games {
        if !(1..=100_000_000).contains(&f) {
            bail!(
                "{}: {f} is out of range; allowed: 1..=100000000",
                ctx("calibrate.final_games")
            );
        }
    }
    let listed = !c.values.is_empty();
    if listed {
        if let Some(v) = c.values.iter().find(|v| !(lo..=hi).contains(*v)) {
            bail!(
                "{}: {v} is out of range for {}; allowed: {lo}..={hi}",
                ctx("calibrate.values"),
                k.key
            );
        }
        if c.values.windows(2).any(|w| w[0] >= w[1]) {
            bail!(
                "{}: the values must be ascending and distinct",
                ctx("calibrate.values")
            );
        }
    }
    let candidates: Vec<i64> = if listed {
        c.values.clone()
    } else {
        (lo..=hi).collect()
    };
    // With its [calibrate] table, a grid whose knob is start_cards starts from 0 cards (not
    // every difficulty level; see `config::catan::start_cards`).
    let plain = file.clone();
    let base = Sweep::from_file_in(plain, origin, text)?;
    if !base.carcassonne.is_empty() {
        bail!(
            "{}: calibrate needs a team win rate; allowed: variant robert or solitaire",
            ctx("grid.variant")
        );
    }
    // `learned` plays the rule model its rules match (`[[learned.rules]]`) at each value.
    let models = super::learn::load_models(file, &ctx)?;
    let mut played = base.models.clone();
    let mut groups = Vec::new();
    for row in &base.rows {
        if !row.rules.variant.team_outcome() {
            bail!(
                "{}: calibrate needs a team win rate, and a {} row has none; allowed: variant robert or solitaire",
                ctx("grid.variant"),
                row.rules.variant.name()
            );
        }
        if crate::catan::knobs::value(k.key, &row.rules).is_none() {
            bail!(
                "{}: {} does not apply to a {} row (it is a {} knob)",
                ctx("calibrate.knob"),
                k.key,
                row.rules.variant.name(),
                k.applies
            );
        }
        let mut g = Group {
            base: *row,
            values: Vec::new(),
            rows: Vec::new(),
        };
        for &v in &candidates {
            let mut rules = row.rules;
            match knobs::set_catan(k.key, &mut rules, &toml::Value::Integer(v)) {
                Ok(()) => {
                    g.values.push(v);
                    let (policy, ruled) = models.for_rules(row.policy, &rules);
                    if let Some(r) = ruled {
                        let variant = rules.variant.name();
                        super::catan::record_rule(&mut played, r, &policy, variant);
                    }
                    g.rows.push(RowSpec {
                        rules,
                        policy,
                        model: models.tag_for(&policy, ruled, &rules),
                        ..*row
                    });
                }
                // Values a group cannot play (more starting cards than the deck holds) are left
                // out of its ladder unless listed.
                Err(e) if listed => bail!(
                    "{}: {} = {v} with {} players: {e}",
                    ctx("calibrate.values"),
                    k.key,
                    row.rules.players
                ),
                Err(_) => {}
            }
        }
        if g.values.len() < 2 {
            bail!(
                "{}: {} has fewer than 2 values a {}-player row can play; allowed: list at least 2 in calibrate.values",
                ctx("calibrate.knob"),
                k.key,
                row.rules.players
            );
        }
        groups.push(g);
    }
    Ok(Calibration {
        knob: k.key,
        groups,
        targets: c.targets.clone(),
        batch: c.batch as u64,
        max_games: c.max_games as u64,
        final_games: c.final_games.unwrap_or(c.batch) as u64,
        models: played,
        turns: knobs::turns(k.key),
    })
}
