//! `[grid]` axes of the players' knobs (`team.setup_temperature = [0, 3]`), as knob tables.
//!
//! A player knob is a key of one of the players' knob tables (`[greedy]`, `[team]`,
//! `[team_tuned]`, `[solitaire]`, `[rollout]`, docs/reference/players.md). Inside `[grid]` it is
//! written with its table's name (`team.setup_temperature`, or a `[grid.team]` table), so it
//! cannot clash with a rule knob, and takes a value or a list like every axis. Each combination
//! of the axes' values is a copy of the config's knob tables with those knobs set; the rows nest
//! policy × these combinations × the other axes, and a row whose player reads none of an axis's
//! table is not multiplied by it (its copies are the same row).

use super::{GridFile, SweepFile};
use crate::catan::policy::moved::{builtin_team_tuned, readers, TABLES};
use crate::catan::policy::{GreedyKnobs, RolloutKnobs, SolitaireKnobs, TeamKnobs};
use crate::tomltext::keys_of;
use anyhow::{bail, Result};
use serde::{de::DeserializeOwned, Serialize};

/// One player-knob axis: its table (one of [`TABLES`]), knob and values.
#[derive(Clone, Debug)]
pub(super) struct Axis {
    pub table: &'static str,
    pub key: String,
    values: Vec<toml::Value>,
}

impl Axis {
    /// The axis's key as a config names it (`grid.team.setup_temperature`).
    pub fn at(&self) -> String {
        format!("grid.{}.{}", self.table, self.key)
    }
}

/// The grid's table of knobs for `table` (`grid.team`), if it has one.
fn grid_table<'g>(g: &'g GridFile, table: &str) -> Option<&'g toml::Table> {
    match table {
        "greedy" => g.greedy.as_ref(),
        "team" => g.team.as_ref(),
        "team_tuned" => g.team_tuned.as_ref(),
        "solitaire" => g.solitaire.as_ref(),
        _ => g.rollout.as_ref(),
    }
}

/// The knob names of `table`: its type's keys.
fn knob_names(table: &str) -> Vec<String> {
    match table {
        "greedy" => keys_of::<GreedyKnobs>(),
        "team" | "team_tuned" => keys_of::<TeamKnobs>(),
        "solitaire" => keys_of::<SolitaireKnobs>(),
        _ => keys_of::<RolloutKnobs>(),
    }
}

/// The player-knob axes of the grid, in [`TABLES`] order and each table's keys in name order.
///
/// # Errors
/// A key that is not a knob of its table (naming the table's knobs), or an empty list.
pub(super) fn axes(g: &GridFile, ctx: &dyn Fn(&str) -> String) -> Result<Vec<Axis>> {
    let mut out = Vec::new();
    for table in TABLES {
        let Some(t) = grid_table(g, table) else {
            continue;
        };
        let known = knob_names(table);
        let mut keys: Vec<&String> = t.keys().collect();
        keys.sort();
        for key in keys {
            let at = format!("grid.{table}.{key}");
            if !known.contains(key) {
                bail!(
                    "{}: {key:?} is not a knob of [{table}]; allowed: {} (docs/reference/players.md)",
                    ctx(&at),
                    known.join(", ")
                );
            }
            let values = match &t[key] {
                toml::Value::Array(a) => a.clone(),
                v => vec![v.clone()],
            };
            if values.is_empty() {
                bail!("{}: the list is empty; give at least one value", ctx(&at));
            }
            out.push(Axis {
                table,
                key: key.clone(),
                values,
            });
        }
    }
    Ok(out)
}

/// `knobs` with `key` set to `v`.
fn set_in<T: Serialize + DeserializeOwned>(
    knobs: &T,
    key: &str,
    v: &toml::Value,
) -> std::result::Result<T, String> {
    let mut t = toml::Table::try_from(knobs).map_err(|e| e.to_string())?;
    t.insert(key.to_string(), v.clone());
    t.try_into()
        .map_err(|e: toml::de::Error| e.message().trim().to_string())
}

/// `file` with knob `key` of `table` set to `v` (`team_tuned` from the built-in tuned knobs
/// where the file has no `[team_tuned]` table, as `team-tuned` plays them).
fn set(file: &mut SweepFile, table: &str, key: &str, v: &toml::Value) -> Result<(), String> {
    match table {
        "greedy" => file.greedy = set_in(&file.greedy, key, v)?,
        "team" => file.team = set_in(&file.team, key, v)?,
        "team_tuned" => {
            let base = file.team_tuned.unwrap_or_else(builtin_team_tuned);
            file.team_tuned = Some(set_in(&base, key, v)?);
        }
        "solitaire" => file.solitaire = set_in(&file.solitaire, key, v)?,
        _ => file.rollout = set_in(&file.rollout, key, v)?,
    }
    Ok(())
}

/// The config's knob tables checked: each set-up temperature 0..=100 and the search knobs in
/// their ranges; `at(table, key)` names a knob's key in an error.
///
/// # Errors
/// The first knob out of range.
pub(super) fn check_tables(file: &SweepFile, at: &dyn Fn(&str, &str) -> String) -> Result<()> {
    file.rollout
        .check()
        .map_err(|e| anyhow::anyhow!("{}: {e}", at("rollout", "")))?;
    let tuned = file.team_tuned.map(|k| k.setup_temperature);
    for (table, t) in [
        ("greedy", Some(file.greedy.setup_temperature)),
        ("team", Some(file.team.setup_temperature)),
        ("team_tuned", tuned),
        ("solitaire", Some(file.solitaire.setup_temperature)),
    ] {
        if let Some(t) = t.filter(|t| !(0.0..=100.0).contains(t)) {
            bail!(
                "{}: {t} is out of range; allowed: 0 to 100",
                at(table, "setup_temperature")
            );
        }
    }
    Ok(())
}

/// The config's knob tables for each combination of the axes' values, nested in axis order
/// (`[file]` itself without an axis), each checked.
///
/// # Errors
/// A value its knob does not take (naming the key and what it takes), or out of range.
pub(super) fn files(
    file: &SweepFile,
    axes: &[Axis],
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<SweepFile>> {
    let mut out = vec![file.clone()];
    for a in axes {
        let mut next = Vec::with_capacity(out.len() * a.values.len());
        for f in &out {
            for v in &a.values {
                let mut f = f.clone();
                set(&mut f, a.table, &a.key, v).map_err(|e| {
                    anyhow::anyhow!(
                        "{}: {} is not a value of this knob ({e}); allowed: a value of the knob's type, as in [{}] (docs/reference/players.md)",
                        ctx(&a.at()),
                        crate::tomltext::show(v),
                        a.table
                    )
                })?;
                check_tables(&f, &|table, key| {
                    if table == a.table && (key == a.key || key.is_empty()) {
                        ctx(&a.at())
                    } else {
                        ctx(&format!("{table}.{key}"))
                    }
                })?;
                next.push(f);
            }
        }
        out = next;
    }
    Ok(out)
}

/// Checks that some row's player reads each axis's table (`reads(table)`), so that no axis is
/// ignored by every row.
///
/// # Errors
/// An axis no row's player reads, naming the players that read its table.
pub(super) fn check_read(
    axes: &[Axis],
    reads: &dyn Fn(&str) -> bool,
    ctx: &dyn Fn(&str) -> String,
) -> Result<()> {
    for a in axes {
        if !reads(a.table) {
            bail!(
                "{}: no row's player reads [{}], so the axis would change nothing; allowed: with a policy that reads it: {}",
                ctx(&a.at()),
                a.table,
                readers(a.table)
            );
        }
    }
    Ok(())
}
