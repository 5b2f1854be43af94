//! Row selectors: a table of settings (`{ players = 3 }`) matched against a sweep's rows.
//!
//! `[[compare]]` pairs rows by selectors, and `robsim design` names its target cells, the rows a
//! relative target is measured against and the cells a knob applies to with them. A selector is
//! a TOML table whose keys are row settings (`row`, `variant`, `players`, `policy`,
//! `difficulty`, `board`, `modifiers`, `lead_seat` and every rule knob) and whose values are a
//! value or a list of values; a row matches when each key's value is one of those listed. The
//! partner of a row under another selector is the one row that the other selector matches and
//! that agrees with it in every setting neither selector names: "the same row, 4 players".

use super::knobs::{carcassonne_value, RULE_KNOBS};
use crate::carcassonne::experiment::CarcSpec;
use crate::catan::experiment::RowSpec;
use crate::tomltext::show;
use anyhow::{bail, Result};
use toml::Value;

/// The settings a selector may name besides the rule knobs, in the order a row lists them.
const SETTINGS: [&str; 8] = [
    "row",
    "variant",
    "players",
    "policy",
    "lead_seat",
    "difficulty",
    "board",
    "modifiers",
];

/// Every key a selector may name: [`SETTINGS`], then every rule knob.
pub fn keys() -> Vec<&'static str> {
    SETTINGS
        .iter()
        .copied()
        .chain(RULE_KNOBS.iter().map(|k| k.key))
        .collect()
}

/// One row's settings by selector key (`None` where a setting does not apply to the row).
#[derive(Clone, Debug, PartialEq)]
pub struct RowValues(Vec<(&'static str, Option<Value>)>);

impl RowValues {
    /// The value of setting `key`, if the row has it.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| *k == key)?.1.as_ref()
    }
}

/// The settings of Catan row `i`.
pub fn catan_values(i: usize, r: &RowSpec) -> RowValues {
    let rules = &r.rules;
    let robert = rules.variant.robert();
    let mut v: Vec<(&'static str, Option<Value>)> = vec![
        ("row", Some(Value::Integer(i as i64))),
        ("variant", Some(Value::String(rules.variant.name().into()))),
        ("players", Some(Value::Integer(rules.players as i64))),
        ("policy", Some(Value::String(r.policy_label()))),
        ("lead_seat", r.lead().map(|s| Value::Integer(s as i64 + 1))),
        (
            "difficulty",
            robert.map(|o| Value::String(crate::catan::knobs::difficulty_label(o.start_cards))),
        ),
        ("board", Some(Value::String(r.board.name().into()))),
        (
            "modifiers",
            Some(Value::String(rules.modifiers.name().into())),
        ),
    ];
    v.extend(
        RULE_KNOBS
            .iter()
            .map(|k| (k.key, crate::catan::knobs::value(k.key, rules))),
    );
    RowValues(v)
}

/// The settings of Carcassonne row `i`.
pub fn carcassonne_values(i: usize, r: &CarcSpec) -> RowValues {
    let mut v: Vec<(&'static str, Option<Value>)> = vec![
        ("row", Some(Value::Integer(i as i64))),
        ("variant", Some(Value::String(super::CARCASSONNE.into()))),
        ("players", Some(Value::Integer(r.rules.players as i64))),
        ("policy", Some(Value::String(r.policy_label()))),
        ("lead_seat", r.lead().map(|s| Value::Integer(s as i64 + 1))),
        ("difficulty", None),
        ("board", None),
        ("modifiers", None),
    ];
    v.extend(
        RULE_KNOBS
            .iter()
            .map(|k| (k.key, carcassonne_value(k.key, &r.rules))),
    );
    RowValues(v)
}

/// The settings of every row of a validated sweep, in row order.
pub fn sweep_values(sweep: &super::Sweep) -> Vec<RowValues> {
    if sweep.carcassonne.is_empty() {
        sweep
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| catan_values(i, r))
            .collect()
    } else {
        sweep
            .carcassonne
            .iter()
            .enumerate()
            .map(|(i, r)| carcassonne_values(i, r))
            .collect()
    }
}

/// Whether two setting values are the same (a whole number and a float of its value are).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Integer(x), Value::Float(y)) | (Value::Float(y), Value::Integer(x)) => {
            *x as f64 == *y
        }
        _ => a == b,
    }
}

/// The values a selector key accepts: a value, or a list of them.
fn listed(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(a) => a.iter().collect(),
        v => vec![v],
    }
}

/// Checks a selector's keys; `at` names it in errors (`compare[0].a`).
///
/// # Errors
/// A key that is not a row setting, naming the allowed keys.
pub fn check(sel: &toml::Table, at: &str) -> Result<()> {
    let known = keys();
    for (k, v) in sel {
        if !known.contains(&k.as_str()) {
            let hint = match crate::tomltext::nearest(k, known.iter().copied()) {
                Some(n) => format!("; did you mean {n:?}?"),
                None => String::new(),
            };
            bail!(
                "{at}.{k}: not a row setting{hint}; allowed: {}",
                known.join(", ")
            );
        }
        if matches!(v, Value::Array(a) if a.is_empty()) {
            bail!("{at}.{k}: the list is empty; give at least one value");
        }
    }
    Ok(())
}

/// Whether `row` has every setting `sel` names at one of its values.
pub fn matches(sel: &toml::Table, row: &RowValues) -> bool {
    sel.iter().all(|(k, v)| match row.get(k) {
        Some(have) => listed(v).into_iter().any(|want| same(want, have)),
        None => false,
    })
}

/// The rows `sel` matches, in row order.
pub fn select(sel: &toml::Table, rows: &[RowValues]) -> Vec<usize> {
    (0..rows.len())
        .filter(|&i| matches(sel, &rows[i]))
        .collect()
}

/// The rows `sel` matches; an error at `at` naming the values the rows have when it matches
/// none.
///
/// # Errors
/// No row matches.
pub fn select_some(sel: &toml::Table, rows: &[RowValues], at: &str) -> Result<Vec<usize>> {
    let got = select(sel, rows);
    if got.is_empty() {
        bail!(
            "{at}: {} matches no row; allowed: {}",
            show_table(sel),
            values_present(sel.keys().map(String::as_str), rows)
        );
    }
    Ok(got)
}

/// A selector as a config writes it inline (`{ players = 3, difficulty = "easy" }`): valid TOML.
pub fn show_table(sel: &toml::Table) -> String {
    let parts: Vec<String> = sel.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!("{{ {} }}", parts.join(", "))
}

/// The values the rows have for `keys`, as `players 3, 4; difficulty easy, hard`.
pub fn values_present<'k>(keys: impl Iterator<Item = &'k str>, rows: &[RowValues]) -> String {
    keys.map(|k| {
        let mut seen: Vec<String> = Vec::new();
        for r in rows {
            let v = r.get(k).map_or_else(|| "-".to_string(), show);
            if !seen.contains(&v) {
                seen.push(v);
            }
        }
        format!("{k} {}", seen.join(", "))
    })
    .collect::<Vec<_>>()
    .join("; ")
}

/// A row in words for an error: its index and the settings that vary across `rows`.
pub fn describe(i: usize, rows: &[RowValues]) -> String {
    let varying: Vec<&'static str> = rows[0]
        .0
        .iter()
        .map(|(k, _)| *k)
        .filter(|k| *k != "row" && rows.iter().any(|r| r.get(k) != rows[0].get(k)))
        .collect();
    let parts: Vec<String> = varying
        .iter()
        .map(|k| {
            format!(
                "{k} {}",
                rows[i].get(k).map_or_else(|| "-".to_string(), show)
            )
        })
        .collect();
    if parts.is_empty() {
        format!("row {i}")
    } else {
        format!("row {i} ({})", parts.join(", "))
    }
}

/// The partner of row `r` under selector `b`: the one row `b` matches, other than `r`, that
/// agrees with `r` in every setting not named in `named` (the keys of both selectors).
///
/// # Errors
/// No such row, or several (naming them).
pub fn partner(
    r: usize,
    b: &toml::Table,
    named: &[&str],
    rows: &[RowValues],
    at: &str,
) -> Result<usize> {
    // `difficulty` and `start_cards` are one setting (the cards dealt): naming one frees both.
    let cards = named.contains(&"difficulty") || named.contains(&"start_cards");
    let free = |k: &str| {
        named.contains(&k) || k == "row" || (cards && (k == "difficulty" || k == "start_cards"))
    };
    let agrees = |s: usize| {
        rows[r]
            .0
            .iter()
            .filter(|(k, _)| !free(k))
            .all(|(k, v)| match (v, rows[s].get(k)) {
                (Some(x), Some(y)) => same(x, y),
                (None, None) => true,
                _ => false,
            })
    };
    let found: Vec<usize> = select(b, rows)
        .into_iter()
        .filter(|&s| s != r && agrees(s))
        .collect();
    match found.as_slice() {
        [s] => Ok(*s),
        [] => bail!(
            "{at}: no row equals {} but for {}; allowed: a selector whose rows each have one partner among the rows ({})",
            describe(r, rows),
            show_table(b),
            values_present(b.keys().map(String::as_str), rows)
        ),
        many => bail!(
            "{at}: several rows equal {} but for {} ({}); name the setting that tells them apart in the selector",
            describe(r, rows),
            show_table(b),
            many.iter()
                .map(|&s| describe(s, rows))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Sweep;

    fn rows() -> Vec<RowValues> {
        let s = Sweep::parse(
            "name = \"s\"\nseed = 1\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\ndifficulty = [\"hard\", \"easy\"]\npolicy = [\"team\", \"learned\"]\n",
            "s.toml",
        )
        .unwrap();
        sweep_values(&s)
    }

    fn t(s: &str) -> toml::Table {
        toml::from_str(s).unwrap()
    }

    #[test]
    fn selectors_match_settings_lists_and_knob_values() {
        let r = rows();
        assert_eq!(r.len(), 8);
        assert_eq!(select(&t("players = 3"), &r).len(), 4);
        assert_eq!(
            select(&t("players = 3\ndifficulty = \"easy\""), &r).len(),
            2
        );
        assert_eq!(select(&t("start_cards = [1, 3]"), &r).len(), 8);
        assert_eq!(select(&t("robert_skip = 0\nrow = 2"), &r), vec![2]);
        assert!(select(&t("players = 5"), &r).is_empty());
        let e = select_some(&t("players = 5"), &r, "x")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("x: { players = 5 } matches no row; allowed: players 3, 4"),
            "{e}"
        );
        let e = check(&t("player = 3"), "compare[0].a")
            .unwrap_err()
            .to_string();
        assert!(e.contains("compare[0].a.player: not a row setting; did you mean \"players\"?"));
    }

    #[test]
    fn a_partner_agrees_in_every_setting_neither_side_names() {
        let r = rows();
        let b = t("players = 4");
        for a in select(&t("players = 3"), &r) {
            let p = partner(a, &b, &["players"], &r, "x").unwrap();
            assert_eq!(r[p].get("players"), Some(&Value::Integer(4)));
            for k in ["difficulty", "policy", "robert_skip"] {
                assert_eq!(r[p].get(k), r[a].get(k), "{k}");
            }
        }
        // With difficulty free, two 4-player rows agree with a 3-player row: ambiguous.
        let e = partner(0, &b, &["players", "difficulty"], &r, "x")
            .unwrap_err()
            .to_string();
        assert!(e.contains("several rows"), "{e}");
        let e = partner(0, &t("players = 4\nrobert_skip = 3"), &["players"], &r, "x")
            .unwrap_err()
            .to_string();
        assert!(e.contains("no row equals row 0"), "{e}");
    }
}
