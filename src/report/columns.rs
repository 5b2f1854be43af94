//! Wide tables in column groups.
//!
//! Wide tables in column groups: a report holds the groups its rows have, never a column that is
//! empty for the whole file.
//!
//! A row is a list of [`Group`]s (common columns, one group per variant or option present); the
//! table's header is the union of the groups of all its rows, ordered by each group's rank, and
//! a row leaves the cells of groups it does not have empty (`null` in the JSON mirror).

use crate::report::package::Kind;
use crate::report::r5;
use anyhow::{Context, Result};
use serde::Serialize;
use serde_json::Value;

/// One group of a row's cells: its rank in the table's column order, column names and values.
#[derive(Clone, Debug)]
pub struct Group {
    pub rank: u16,
    names: Vec<String>,
    /// The cells as CSV writes them.
    cells: Vec<String>,
    /// The same cells typed, for the JSON mirror.
    values: Vec<Value>,
    /// Each column's kind by its field's Rust type (for a column every row leaves empty).
    declared: Vec<Option<Kind>>,
}

impl Group {
    /// The fields of `v` (a struct) in declaration order, as one group ranked `rank`.
    ///
    /// # Errors
    /// `v` does not serialise to one CSV record and one JSON object.
    pub fn of<T: Serialize>(rank: u16, v: &T) -> Result<Group> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.serialize(v).context("writing a column group")?;
        let bytes = w.into_inner().context("flushing a column group")?;
        let mut r = csv::Reader::from_reader(&bytes[..]);
        let names: Vec<String> = r.headers()?.iter().map(String::from).collect();
        let record = r
            .records()
            .next()
            .context("a column group without a record")??;
        let cells: Vec<String> = record.iter().map(String::from).collect();
        let object = match serde_json::to_value(v)? {
            Value::Object(m) => m,
            other => anyhow::bail!("a column group must be a struct, not {other}"),
        };
        let values = names
            .iter()
            .map(|n| object.get(n).cloned().unwrap_or(Value::Null))
            .collect();
        let types = crate::report::package::declared(v);
        let declared = names
            .iter()
            .map(|n| types.iter().find(|(f, _)| f == n).map(|(_, k)| *k))
            .collect();
        Ok(Group {
            rank,
            names,
            cells,
            values,
            declared,
        })
    }
}

impl Group {
    /// The same group with each column name mapped through `f` (e.g. `seat_win_rate` to
    /// `seat3_win_rate`).
    pub fn renamed(mut self, f: impl Fn(&str) -> String) -> Group {
        for n in &mut self.names {
            *n = f(n);
        }
        self
    }
}

/// A table whose rows are lists of groups.
#[derive(Default)]
pub struct GroupedTable {
    rows: Vec<Vec<Group>>,
}

impl GroupedTable {
    pub fn push(&mut self, row: Vec<Group>) {
        self.rows.push(row);
    }

    /// The ranks present in any row, each with its column names (from the first row that has it).
    fn layout(&self) -> Vec<(u16, &[String])> {
        let mut groups: Vec<(u16, &[String])> = Vec::new();
        for g in self.rows.iter().flatten() {
            if !groups.iter().any(|(r, _)| *r == g.rank) {
                groups.push((g.rank, &g.names));
            }
        }
        groups.sort_by_key(|(r, _)| *r);
        groups
    }

    /// The table as CSV.
    ///
    /// # Errors
    /// Writing a record fails.
    pub fn csv(&self) -> Result<Vec<u8>> {
        let layout = self.layout();
        let mut w = csv::Writer::from_writer(Vec::new());
        if self.rows.is_empty() {
            return Ok(Vec::new());
        }
        w.write_record(layout.iter().flat_map(|(_, names)| names.iter()))?;
        for row in &self.rows {
            let mut record: Vec<&str> = Vec::new();
            for (rank, names) in &layout {
                match row.iter().find(|g| g.rank == *rank) {
                    Some(g) => record.extend(g.cells.iter().map(String::as_str)),
                    None => record.extend(names.iter().map(|_| "")),
                }
            }
            w.write_record(&record)?;
        }
        w.into_inner().context("flushing a grouped table")
    }

    /// Adds the types of every cell written to `kinds` (for `datapackage.json`).
    pub fn kinds(&self, kinds: &mut crate::report::package::Kinds) {
        for row in &self.rows {
            for g in row {
                kinds.add(g.names.iter().map(String::as_str).zip(&g.values));
                kinds.declare(
                    g.names
                        .iter()
                        .zip(&g.declared)
                        .filter_map(|(n, k)| Some((n.as_str(), (*k)?))),
                );
            }
        }
    }

    /// The table as JSON objects, one compact line per row, keys in the CSV's column order.
    ///
    /// # Errors
    /// A value does not serialise.
    pub fn json_rows(&self) -> Result<Vec<String>> {
        let layout = self.layout();
        let mut out = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            let mut fields: Vec<String> = Vec::new();
            for (rank, names) in &layout {
                let g = row.iter().find(|g| g.rank == *rank);
                for (k, name) in names.iter().enumerate() {
                    let v = g.map_or(&Value::Null, |g| &g.values[k]);
                    fields.push(format!(
                        "{}:{}",
                        serde_json::to_string(name)?,
                        serde_json::to_string(v)?
                    ));
                }
            }
            out.push(format!("{{{}}}", fields.join(",")));
        }
        Ok(out)
    }
}

/// The headline columns of a summary worth showing: present, not empty in every row, and for
/// the `varying_only` ones, not the same in every row.
pub fn shown_headline(csv_bytes: &[u8], headline: &[&str], varying_only: &[&str]) -> Vec<String> {
    let mut r = csv::ReaderBuilder::new().from_reader(csv_bytes);
    let Ok(headers) = r.headers().cloned() else {
        return Vec::new();
    };
    let records: Vec<csv::StringRecord> = r.records().filter_map(|x| x.ok()).collect();
    headline
        .iter()
        .filter_map(|&h| {
            let c = headers.iter().position(|x| x == h)?;
            let cell = |rec: &csv::StringRecord| rec.get(c).unwrap_or("").to_string();
            let any = records.iter().any(|rec| !cell(rec).is_empty());
            let varies = records
                .iter()
                .any(|rec| records.first().map(cell) != Some(cell(rec)));
            (any && (varies || !varying_only.contains(&h))).then(|| h.to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct A {
        row: usize,
        name: &'static str,
    }
    #[derive(Serialize)]
    struct B {
        x: Option<f64>,
        flag: bool,
    }
    #[derive(Serialize)]
    struct C {
        y: u8,
    }

    #[test]
    fn header_is_the_union_of_the_groups_in_rank_order() {
        let mut t = GroupedTable::default();
        let a = |row| Group::of(0, &A { row, name: "n" }).unwrap();
        t.push(vec![
            a(0),
            Group::of(
                5,
                &B {
                    x: Some(0.5),
                    flag: true,
                },
            )
            .unwrap(),
        ]);
        t.push(vec![Group::of(2, &C { y: 3 }).unwrap(), a(1)]);
        let csv = String::from_utf8(t.csv().unwrap()).unwrap();
        assert_eq!(csv, "row,name,y,x,flag\n0,n,,0.5,true\n1,n,3,,\n");
        let json = t.json_rows().unwrap();
        assert_eq!(
            json,
            vec![
                r#"{"row":0,"name":"n","y":null,"x":0.5,"flag":true}"#,
                r#"{"row":1,"name":"n","y":3,"x":null,"flag":null}"#
            ]
        );
    }

    #[test]
    fn a_group_absent_from_every_row_has_no_columns() {
        let mut t = GroupedTable::default();
        t.push(vec![Group::of(0, &C { y: 1 }).unwrap()]);
        assert_eq!(String::from_utf8(t.csv().unwrap()).unwrap(), "y\n1\n");
    }
}

/// Rows whose seats play a lineup (`grid.seats`): how the lead seat did against its fair share.
#[derive(Serialize)]
pub struct LeadSeat {
    /// The lead's seat, 1-based.
    lead_seat: usize,
    /// Games the lead won (a shared win included).
    lead_wins: u64,
    lead_win_rate: f64,
    lead_win_rate_lo95: f64,
    lead_win_rate_hi95: f64,
    /// 1 / players: what a seat wins when every seat plays alike and no seat is favoured.
    fair_share: f64,
    /// Lead win rate minus the fair share, with the interval shifted alike.
    skill_edge: f64,
    skill_edge_lo95: f64,
    skill_edge_hi95: f64,
}

impl LeadSeat {
    /// The lead at seat `lead` (0-based) of `players` won `wins` games, at `rate` with the 95%
    /// interval `(lo, hi)` (the game says how a shared win counts).
    pub fn new(lead: usize, wins: u64, rate: f64, (lo, hi): (f64, f64), players: usize) -> Self {
        let fair = 1.0 / players as f64;
        LeadSeat {
            lead_seat: lead + 1,
            lead_wins: wins,
            lead_win_rate: r5(rate),
            lead_win_rate_lo95: r5(lo),
            lead_win_rate_hi95: r5(hi),
            fair_share: r5(fair),
            skill_edge: r5(rate - fair),
            skill_edge_lo95: r5(lo - fair),
            skill_edge_hi95: r5(hi - fair),
        }
    }
}
