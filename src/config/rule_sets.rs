//! `[rule_sets]`: rule sets drawn at random from a knob space, played as `[[rows]]` entries.
//!
//! A designer moves several knobs at once; a model that is to hold off the defaults is measured
//! (and trained) on many such rule sets, not on each knob alone. `[rule_sets]` draws `count` of
//! them from the config's seed (or its own): each a player count and a level from the lists,
//! and between `moved[0]` and `moved[1]` knobs of `[rule_sets.knobs]`, each set to one of its
//! listed values other than the seed's rule. Each draw becomes a `[[rows]]` entry (after the
//! config's own entries), so the grid's other axes (the policy, say) multiply it and
//! `compare.csv` pairs its rows as any others. The same config gives the same draws on every
//! machine: the draw reads only the seed and the tables, in key order.

use super::{Locate, SweepFile};
use crate::catan::knobs::{value as knob_value, DIFFICULTIES};
use crate::catan::{RobertRules, Rules};
use crate::config::knobs::RULE_KNOBS;
use crate::engine::seeds::mix64;
use anyhow::{bail, Result};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toml::Value;

/// Most rule sets one table draws.
pub const MAX_SETS: u32 = 5000;

/// The `[rule_sets]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RuleSetsFile {
    /// Rule sets drawn (1..=5000).
    pub count: u32,
    /// Knobs each set moves off the seed's rules: at least `moved[0]`, at most `moved[1]`.
    pub moved: [u32; 2],
    /// The player counts drawn from (uniformly).
    pub players: Vec<i64>,
    /// The levels drawn from (uniformly): `impossible`, `hard`, `moderate`, `easy`.
    pub difficulty: Vec<String>,
    /// Each knob a set may move, and the values it takes: a list, or a range `"lo..=hi"` of
    /// whole numbers. The seed's value is never drawn (a knob drawn is moved).
    pub knobs: BTreeMap<String, Value>,
    /// The draw's seed (default: the config's `seed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

/// The values a knob entry lists (`[1, 2]`, `"2..=6"`).
fn values(key: &str, v: &Value, ctx: &dyn Fn(&str) -> String) -> Result<Vec<Value>> {
    match v {
        Value::Array(a) if !a.is_empty() => Ok(a.clone()),
        Value::String(s) => {
            let (lo, hi) = s
                .split_once("..=")
                .and_then(|(a, b)| {
                    Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
                })
                .filter(|(a, b)| a <= b)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "{}: {s:?} is not a range; allowed: a list of values or \"lo..=hi\"",
                        ctx(&format!("rule_sets.knobs.{key}"))
                    )
                })?;
            Ok((lo..=hi).map(Value::Integer).collect())
        }
        _ => bail!(
            "{}: allowed: a non-empty list of values or a range \"lo..=hi\"",
            ctx(&format!("rule_sets.knobs.{key}"))
        ),
    }
}

/// Each knob `r` may move and every value it lists (a range spelled out), by key: the space its
/// draws come from (a knob whose entry does not parse, which [`draw`] refuses, is left out).
pub fn space(r: &RuleSetsFile) -> BTreeMap<String, Vec<Value>> {
    let ctx = |k: &str| k.to_string();
    r.knobs
        .iter()
        .filter_map(|(k, v)| Some((k.clone(), values(k, v, &ctx).ok()?)))
        .collect()
}

/// The `[[rows]]` entries `r` draws (`seed`: the config's), each checked against its knob's
/// allowed values.
///
/// # Errors
/// A count, bound, player count, level or knob out of range, naming `rule_sets.KEY` and what is
/// allowed.
pub(super) fn draw(r: &RuleSetsFile, seed: u64, at: &Locate) -> Result<Vec<toml::Table>> {
    let ctx = |key: &str| at.key(key);
    if r.count < 1 || r.count > MAX_SETS {
        bail!(
            "{}: {} must be 1..={MAX_SETS}",
            ctx("rule_sets.count"),
            r.count
        );
    }
    let robert: Vec<&str> = RULE_KNOBS
        .iter()
        .filter(|k| matches!(k.applies, "robert" | "catan") && k.key != "start_cards")
        .map(|k| k.key)
        .collect();
    let mut space: Vec<(String, Vec<Value>)> = Vec::new();
    let seed_rules = Rules::robert(3, RobertRules::default());
    for (key, v) in &r.knobs {
        let Some(knob) = RULE_KNOBS
            .iter()
            .find(|k| k.key == key && robert.contains(&k.key))
        else {
            bail!(
                "{}: {key:?} is not a Robert rule knob; allowed: {}",
                ctx(&format!("rule_sets.knobs.{key}")),
                robert.join(", ")
            );
        };
        let listed = values(key, v, &ctx)?;
        if let Some(bad) = listed.iter().find(|x| !knob.allowed.admits(x)) {
            bail!(
                "{}: {bad} is not allowed; allowed: {}",
                ctx(&format!("rule_sets.knobs.{key}")),
                knob.allowed.describe()
            );
        }
        let rule = knob_value(key, &seed_rules);
        let moved: Vec<Value> = listed
            .into_iter()
            .filter(|x| Some(x) != rule.as_ref())
            .collect();
        if moved.is_empty() {
            bail!(
                "{}: lists only the seed's value; allowed: values other than it",
                ctx(&format!("rule_sets.knobs.{key}"))
            );
        }
        space.push((key.clone(), moved));
    }
    let [lo, hi] = r.moved;
    if lo > hi || hi as usize > space.len() {
        bail!(
            "{}: [{lo}, {hi}] must be [least, most] with least <= most <= {} (the knobs listed)",
            ctx("rule_sets.moved"),
            space.len()
        );
    }
    if r.players.is_empty() || r.players.iter().any(|&p| !(2..=4).contains(&p)) {
        bail!(
            "{}: {:?}; allowed: a non-empty list of 2, 3, 4",
            ctx("rule_sets.players"),
            r.players
        );
    }
    let levels: Vec<&str> = DIFFICULTIES.iter().map(|d| d.0).collect();
    if r.difficulty.is_empty() || r.difficulty.iter().any(|d| !levels.contains(&d.as_str())) {
        bail!(
            "{}: {:?}; allowed: a non-empty list of {}",
            ctx("rule_sets.difficulty"),
            r.difficulty,
            levels.join(", ")
        );
    }
    let mut rng = Pcg64Mcg::seed_from_u64(mix64(r.seed.unwrap_or(seed) ^ 0x7275_6c65_7365_7473));
    let mut out: Vec<toml::Table> = Vec::with_capacity(r.count as usize);
    // Every set once: a draw equal to an earlier one is drawn again (a small space runs dry).
    let mut tries = 0u64;
    while out.len() < r.count as usize {
        tries += 1;
        if tries > 100 * u64::from(r.count) {
            bail!(
                "{}: only {} different rule sets found in {} draws; allowed: a count the knobs, players and levels listed can give",
                ctx("rule_sets.count"),
                out.len(),
                tries - 1
            );
        }
        let mut t = toml::Table::new();
        t.insert(
            "players".into(),
            Value::Integer(r.players[rng.random_range(0..r.players.len())]),
        );
        let level = &r.difficulty[rng.random_range(0..r.difficulty.len())];
        t.insert("difficulty".into(), Value::String(level.clone()));
        let n = rng.random_range(lo..=hi) as usize;
        // A partial shuffle: the first n of the knobs, in a random order, each moved.
        let mut order: Vec<usize> = (0..space.len()).collect();
        for i in 0..n {
            let j = rng.random_range(i..order.len());
            order.swap(i, j);
        }
        let mut chosen: Vec<usize> = order[..n].to_vec();
        chosen.sort_unstable();
        for k in chosen {
            let (key, vals) = &space[k];
            t.insert(key.clone(), vals[rng.random_range(0..vals.len())].clone());
        }
        if !out.contains(&t) {
            out.push(t);
        }
    }
    Ok(out)
}

/// `file` with its `[rule_sets]` drawn and appended to its `[[rows]]` (unchanged without one).
///
/// # Errors
/// As [`draw`].
pub(super) fn expand(file: &SweepFile, at: &Locate) -> Result<Option<SweepFile>> {
    let Some(r) = &file.rule_sets else {
        return Ok(None);
    };
    let mut f = file.clone();
    f.rows.extend(draw(r, file.seed, at)?);
    Ok(Some(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> RuleSetsFile {
        toml::from_str(text).unwrap()
    }

    const SPACE: &str = "count = 300\nmoved = [2, 4]\nplayers = [2, 3, 4]\ndifficulty = [\"hard\", \"easy\"]\n[knobs]\nrobert_skip = \"1..=12\"\nsoldier_flips = [0, 1, 2, 3, 4]\nhand_limit = \"5..=12\"\nmonopoly = [\"take\"]\nvp_to_win = [8, 9, 11]\n";

    #[test]
    fn draws_are_the_seeds_and_move_knobs_off_the_rules() {
        let at = Locate {
            origin: "t.toml",
            text: None,
        };
        let r = table(SPACE);
        let a = draw(&r, 7, &at).unwrap();
        assert_eq!(
            a,
            draw(&r, 7, &at).unwrap(),
            "the same seed, the same draws"
        );
        assert_ne!(a, draw(&r, 8, &at).unwrap());
        assert_eq!(a.len(), 300);
        assert!(
            a.iter().enumerate().all(|(i, t)| !a[..i].contains(t)),
            "every set once"
        );
        let mut players = std::collections::BTreeSet::new();
        for t in &a {
            let moved = t.len() - 2;
            assert!((2..=4).contains(&moved), "{t:?}");
            assert_ne!(
                t.get("soldier_flips"),
                Some(&Value::Integer(2)),
                "the seed's value"
            );
            assert_ne!(t.get("hand_limit"), Some(&Value::Integer(7)));
            assert_ne!(t.get("robert_skip"), Some(&Value::Integer(0)));
            players.insert(t["players"].as_integer().unwrap());
        }
        assert_eq!(players.len(), 3, "every player count drawn");
    }

    #[test]
    fn bad_tables_name_the_key_and_what_is_allowed() {
        let at = Locate {
            origin: "t.toml",
            text: None,
        };
        let err = |text: &str| draw(&table(text), 1, &at).unwrap_err().to_string();
        let base = "count = 3\nmoved = [1, 1]\nplayers = [3]\ndifficulty = [\"hard\"]\n";
        let e = err(&format!("{base}[knobs]\nwizards = [1]\n"));
        assert!(
            e.contains("rule_sets.knobs.wizards") && e.contains("robert_skip"),
            "{e}"
        );
        let e = err(&format!("{base}[knobs]\nsoldier_flips = [9]\n"));
        assert!(e.contains("0..=6"), "{e}");
        let e = err(&format!("{base}[knobs]\nsoldier_flips = [2]\n"));
        assert!(e.contains("only the seed's value"), "{e}");
        let e = err("count = 3\nmoved = [1, 2]\nplayers = [3]\ndifficulty = [\"hard\"]\n[knobs]\nsoldier_flips = [3]\n");
        assert!(e.contains("rule_sets.moved"), "{e}");
        let e = err("count = 3\nmoved = [1, 1]\nplayers = [5]\ndifficulty = [\"hard\"]\n[knobs]\nsoldier_flips = [3]\n");
        assert!(e.contains("rule_sets.players"), "{e}");
        let e = err("count = 9\nmoved = [1, 1]\nplayers = [3]\ndifficulty = [\"hard\"]\n[knobs]\nsoldier_flips = [3, 4]\n");
        assert!(e.contains("only 2 different rule sets"), "{e}");
        let e = err("count = 0\nmoved = [1, 1]\nplayers = [3]\ndifficulty = [\"hard\"]\n[knobs]\nsoldier_flips = [3]\n");
        assert!(e.contains("rule_sets.count"), "{e}");
    }
}
