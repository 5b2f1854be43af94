//! `[[rows]]` and `[[compare]]`: chosen rule sets, and chosen pairs of rows to compare.
//!
//! A grid is one product of its axes; a designer comparing "4 players by the book" with "3
//! players, Robert resting every third turn" wants two rule sets, not the product of their
//! differences. Each `[[rows]]` entry replaces the grid's axes it names (a value or a list) and
//! keeps the others, so `players = 3, robert_skip = 3` under a grid of two policies and three
//! difficulties is six rows. The sweep's rows are every entry's, in entry order; a row that an
//! earlier entry already gave is not played twice.
//!
//! `compare.csv` pairs every two rows that differ in one setting. A designer's question often
//! pairs rows that differ in two ("3 players with Robert resting every third turn" against "4
//! players by the book"): each `[[compare]]` entry names its two sides by selectors
//! (`config::select`), and every row side `a` selects is paired with its partner among the rows
//! side `b` selects, the row equal to it in every setting neither side names. The pairs are
//! played on the same game indices as every other pair (common random numbers).

use super::select::{self, partner, select_some};
use super::{expand_grid, GridFile, Locate, Sweep, SweepFile, COMMAND_LINE};
use crate::carcassonne::experiment::CarcSpec;
use crate::catan::experiment::RowSpec;
use crate::report::ModelRecord;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// One `[[compare]]` entry: two selectors.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CompareFile {
    /// The rows of one side (`{ players = 3, robert_skip = 3 }`): settings, each a value or a
    /// list (config::select's keys).
    pub a: toml::Table,
    /// The other side's selector: each row `a` selects pairs with the one row `b` selects that
    /// equals it in every setting neither names.
    pub b: toml::Table,
}

/// The tables whose own expansion of the grid `[[rows]]` cannot join (each plays its grid's
/// rows in its own way): (table, the command it belongs to).
const ALONE: [(&str, &str); 3] = [
    ("ablate", "robsim ablate"),
    ("calibrate", "robsim calibrate"),
    ("luck", "robsim luck"),
];

/// Refuses `[[rows]]` beside a table that expands the grid itself, and `[[compare]]` beside a
/// command that pairs its rows its own way.
///
/// # Errors
/// `[[rows]]` with `[ablate]`, `[calibrate]` or `[luck]`; `[[compare]]` with those or
/// `[design]`.
pub(super) fn check_alone(file: &SweepFile, ctx: &dyn Fn(&str) -> String) -> Result<()> {
    if !file.compare.is_empty() {
        let own = [
            (file.ablate.is_some(), "ablate", "robsim ablate"),
            (file.calibrate.is_some(), "calibrate", "robsim calibrate"),
            (file.luck.is_some(), "luck", "robsim luck"),
            (file.design.is_some(), "design", "robsim design"),
        ];
        if let Some((_, table, cmd)) = own.iter().find(|o| o.0) {
            bail!(
                "{}: [[compare]] cannot be used with [{table}] ({cmd} pairs its rows its own way); allowed: [[compare]] in a sweep or run config",
                ctx("compare")
            );
        }
    }
    if file.rows.is_empty() {
        return Ok(());
    }
    let present = [
        file.ablate.is_some(),
        file.calibrate.is_some(),
        file.luck.is_some(),
    ];
    if let Some(((table, cmd), _)) = ALONE.iter().zip(present).find(|(_, p)| *p) {
        bail!(
            "{}: [[rows]] cannot be used with [{table}] ({cmd} expands the grid itself); allowed: [[rows]] in a sweep, run, ceiling, learn or tune config, or [{table}] over one [grid]",
            ctx("rows")
        );
    }
    Ok(())
}

/// The grid of entry `entry`: the grid with each of the entry's keys replacing its axis
/// (`start_cards` and `difficulty` replace each other, being the same axis).
fn merged(grid: &GridFile, entry: &toml::Table) -> std::result::Result<GridFile, String> {
    let mut t = toml::Table::try_from(grid).map_err(|e| e.to_string())?;
    for (k, v) in entry {
        match k.as_str() {
            "start_cards" => {
                t.remove("difficulty");
            }
            "difficulty" => {
                t.remove("start_cards");
            }
            _ => {}
        }
        t.insert(k.clone(), v.clone());
    }
    t.try_into()
        .map_err(|e: toml::de::Error| e.message().to_string())
}

/// The line of the `i`-th `[[rows]]` header in `text` (1-based), if the text has one.
fn entry_line(text: Option<&str>, i: usize) -> Option<usize> {
    header_line(text, "[[rows]]", i)
}

/// The line of the `i`-th `header` (`[[compare]]`) in `text` (1-based), if the text has one.
pub(super) fn header_line(text: Option<&str>, header: &str, i: usize) -> Option<usize> {
    text?
        .lines()
        .enumerate()
        .filter(|(_, l)| l.split('#').next().unwrap_or("").trim() == header)
        .nth(i)
        .map(|(n, _)| n + 1)
}

/// The pairs of rows each `[[compare]]` entry names, in entry order (a pair given before, or
/// one that `compare.csv` pairs anyway, is left out there).
///
/// # Errors
/// A selector names a key that is not a row setting, side `a` selects no row, or a row it
/// selects has no partner, or several, among the rows side `b` selects.
pub(super) fn compare(file: &SweepFile, at: &Locate, sweep: &Sweep) -> Result<Vec<(usize, usize)>> {
    let rows = select::sweep_values(sweep);
    let mut out = Vec::new();
    for (i, c) in file.compare.iter().enumerate() {
        let place = match (
            at.origin == COMMAND_LINE,
            header_line(at.text, "[[compare]]", i),
        ) {
            (false, Some(line)) => format!("{}:{line}: compare[{i}]", at.origin),
            _ => format!("{}: compare[{i}]", at.origin),
        };
        select::check(&c.a, &format!("{place}.a"))?;
        select::check(&c.b, &format!("{place}.b"))?;
        let named: Vec<&str> = c.a.keys().chain(c.b.keys()).map(String::as_str).collect();
        for r in select_some(&c.a, &rows, &format!("{place}.a"))? {
            let p = partner(r, &c.b, &named, &rows, &format!("{place}.b"))?;
            if !out.contains(&(r, p)) {
                out.push((r, p));
            }
        }
    }
    Ok(out)
}

/// Every entry's rows, in entry order (a row given before is skipped), their notes (each once)
/// and the models they play (added to `models`).
///
/// # Errors
/// An entry names a key that is not a grid key, or a value its key does not take (the message
/// names `rows[i].KEY`, its line and the allowed values).
pub(super) fn expand(
    file: &SweepFile,
    at: &Locate,
    models: &mut Vec<ModelRecord>,
) -> Result<(Vec<RowSpec>, Vec<CarcSpec>, Vec<String>)> {
    let mut rows: Vec<RowSpec> = Vec::new();
    let mut carcassonne: Vec<CarcSpec> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    for (i, named) in file.rows.iter().enumerate() {
        let where_ = |key: &str| match (at.origin == COMMAND_LINE, entry_line(at.text, i)) {
            (false, Some(line)) => format!("{}:{line}: rows[{i}].{key}", at.origin),
            _ => format!("{}: rows[{i}].{key}", at.origin),
        };
        // `name`: the rule set the entry's rows play (a designer's "A" and "B"), a setting of
        // its own in summary.csv (`rule_set`) and compare.csv.
        let name = match named.get("name") {
            None => None,
            Some(toml::Value::String(s))
                if !s.is_empty()
                    && s.len() <= 32
                    && s.chars().all(|c| c.is_alphanumeric() || "-_ ".contains(c)) =>
            {
                arrayvec::ArrayString::<32>::from(s).ok()
            }
            Some(v) => bail!(
                "{}: {} is not a rule set's name; allowed: a text of 1 to 32 letters, digits, spaces, - and _ (\"A\", \"resting\")",
                where_("name"),
                crate::tomltext::show(v)
            ),
        };
        let mut entry = named.clone();
        entry.remove("name");
        let entry = &entry;
        let grid = merged(&file.grid, entry).map_err(|e| {
            let known = crate::tomltext::keys_of::<GridFile>();
            match entry.keys().find(|k| !known.contains(k)) {
                Some(k) => anyhow::anyhow!(
                    "{}: {k:?} is not a grid key; allowed: {}",
                    where_(k),
                    known.join(", ")
                ),
                None => anyhow::anyhow!("{}: {e}", where_("")),
            }
        })?;
        let sub = SweepFile {
            grid,
            rows: Vec::new(),
            ..file.clone()
        };
        let ctx = |key: &str| match key.strip_prefix("grid.") {
            Some(k) if entry.contains_key(k.split('.').next().unwrap_or(k)) => where_(k),
            _ => at.key(key),
        };
        let (r, c, n) = expand_grid(&sub, &ctx, at.origin == COMMAND_LINE, models)
            .with_context(|| format!("[[rows]] entry {i}"))?;
        if name.is_some() && !c.is_empty() {
            bail!(
                "{}: a named rule set is for Catan rows; allowed: name on a Robert, Solitaire, base or Raiders entry (Carcassonne rows compare by their knobs)",
                where_("name")
            );
        }
        for mut row in r {
            row.rule_set = name;
            if !rows.contains(&row) {
                rows.push(row);
            }
        }
        for row in c {
            if !carcassonne.contains(&row) {
                carcassonne.push(row);
            }
        }
        for note in n {
            if !notes.contains(&note) {
                notes.push(note);
            }
        }
    }
    Ok((rows, carcassonne, notes))
}
