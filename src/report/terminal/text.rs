//! The terminal's text primitives: percentages, intervals, CSV tables read back, aligned columns.

use std::collections::BTreeMap;

/// A rate as a percentage with one decimal (`71.0%`).
pub fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// A rate with its 95% interval (`71.0% (70.1–71.9)`).
pub fn pct_ci(x: f64, lo: f64, hi: f64) -> String {
    format!("{} ({:.1}–{:.1})", pct(x), lo * 100.0, hi * 100.0)
}

/// A difference of rates in percentage points with its interval (`+30.7 points (+29.5 to +31.9)`).
pub fn points_ci(d: f64, lo: f64, hi: f64) -> String {
    format!(
        "{:+.1} points ({:+.1} to {:+.1})",
        d * 100.0,
        lo * 100.0,
        hi * 100.0
    )
}

/// A p value as people read it (`p < 0.001`, `p = 0.032`).
pub fn p_value(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".into()
    } else {
        format!("p = {p:.3}")
    }
}

/// A row of a CSV table read back: column -> cell.
pub type Row = BTreeMap<String, String>;

/// A CSV table read as rows of (column -> cell).
pub(super) struct Table {
    pub(super) rows: Vec<Row>,
    pub(super) columns: Vec<String>,
}

impl Table {
    pub(super) fn read(bytes: &[u8]) -> Table {
        let mut r = csv::Reader::from_reader(bytes);
        let columns: Vec<String> = r
            .headers()
            .map(|h| h.iter().map(String::from).collect())
            .unwrap_or_default();
        let rows = r
            .records()
            .filter_map(|rec| rec.ok())
            .map(|rec| {
                columns
                    .iter()
                    .cloned()
                    .zip(rec.iter().map(String::from))
                    .collect()
            })
            .collect();
        Table { rows, columns }
    }

    pub(super) fn has(&self, c: &str) -> bool {
        self.columns.iter().any(|x| x == c)
    }
}

/// The rows of a CSV table (column -> cell), for a game's own terminal lines.
pub fn rows(bytes: &[u8]) -> Vec<Row> {
    Table::read(bytes).rows
}

/// A row's cell, empty where the column is missing.
pub fn cell<'a>(r: &'a BTreeMap<String, String>, c: &str) -> &'a str {
    r.get(c).map_or("", String::as_str)
}

/// A row's cell as a number, if it is one.
pub fn num(r: &BTreeMap<String, String>, c: &str) -> Option<f64> {
    cell(r, c).parse().ok()
}

/// Aligned columns: the first `left` are left-aligned, the others right-aligned; each line
/// indented by two spaces.
pub fn aligned(lines: &[Vec<String>], left: usize) -> String {
    align(lines, left)
}

pub(super) fn align(lines: &[Vec<String>], left: usize) -> String {
    let n = lines.iter().map(Vec::len).max().unwrap_or(0);
    let width: Vec<usize> = (0..n)
        .map(|c| {
            lines
                .iter()
                .filter_map(|l| l.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for l in lines {
        let cells: Vec<String> = l
            .iter()
            .enumerate()
            .map(|(c, s)| {
                let pad = " ".repeat(width[c] - s.chars().count());
                if c < left {
                    format!("{s}{pad}")
                } else {
                    format!("{pad}{s}")
                }
            })
            .collect();
        out.push_str("  ");
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
