//! The column registry: every table's columns, types, units and meanings, in one file.
//!
//! `docs/reference/columns.toml` (compiled in) lists each table a command writes (by file name;
//! `*_race.csv` for a family of a game's own tables; `writer` where two commands write tables of
//! one name) with one entry per column: its Table Schema type, its unit where it has one, and
//! what it means *in that table*. A report's Data Package takes every field's type, unit and
//! description from it (no lookup of a name across tables), its foreign keys from the table's
//! `refers`, and `docs/reference/columns.md`'s column tables are generated from it
//! ([`render`]). A column the registry lacks is a bug the reference tests catch.

use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::sync::OnceLock;

/// The registry's text, as the build compiled it in.
pub const SOURCE: &str = include_str!("../../docs/reference/columns.toml");

/// The path of the registry in the repository (for messages and the generated page).
pub const PATH: &str = "docs/reference/columns.toml";

/// Every table robsim writes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registry {
    #[serde(rename = "table")]
    pub tables: Vec<Table>,
}

/// One table: its file name (or `*_ending.csv` family), the command writing it where two share
/// a name, what one line is, the tables it joins, and its columns in the order written.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub file: String,
    #[serde(default)]
    pub writer: Option<String>,
    pub about: String,
    #[serde(default)]
    pub refers: Vec<Refers>,
    #[serde(rename = "column")]
    pub columns: Vec<Column>,
}

/// A foreign key: `columns` of this table are `to` of table `table` (declared when the folder
/// holds that table).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refers {
    pub columns: Vec<String>,
    pub table: String,
    pub to: Vec<String>,
}

/// One column: its name (`<k>` a seat number, `<row>` and `<rung>` a row and a player's rung
/// in a family of columns), Table Schema type, unit and meaning.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub unit: Option<String>,
    pub about: String,
}

/// The Table Schema types a column may declare.
pub const TYPES: [&str; 4] = ["integer", "number", "boolean", "string"];

/// The registry, parsed once.
///
/// # Panics
/// The compiled-in registry does not parse or breaks its rules ([`parse`]): a build that
/// cannot describe its own tables (the reference tests catch it first).
pub fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(|| parse(SOURCE).unwrap_or_else(|e| panic!("{PATH}: {e:#}")))
}

/// `text` as a registry: every type one of [`TYPES`], no empty meaning, no column twice in a
/// table, and a meaning that points to the docs ("see ...") says something of its own first.
///
/// # Errors
/// The first rule broken, naming the table and column.
pub fn parse(text: &str) -> Result<Registry> {
    let r: Registry = toml::from_str(text).context("not a column registry")?;
    for t in &r.tables {
        let at = |c: &str| format!("table {} column {c}", t.file);
        if t.about.trim().is_empty() {
            bail!("table {}: no `about`", t.file);
        }
        for (i, c) in t.columns.iter().enumerate() {
            if !TYPES.contains(&c.kind.as_str()) {
                bail!(
                    "{}: type {:?}; allowed: {}",
                    at(&c.name),
                    c.kind,
                    TYPES.join(", ")
                );
            }
            let about = c.about.trim();
            if about.is_empty() || about.to_lowercase().starts_with("see ") {
                bail!(
                    "{}: {:?} is no meaning (a pointer to the docs needs a sentence of its own before it)",
                    at(&c.name),
                    c.about
                );
            }
            if t.columns[..i].iter().any(|o| o.name == c.name) {
                bail!("{}: listed twice", at(&c.name));
            }
        }
        for f in &t.refers {
            if f.columns.len() != f.to.len() || f.columns.is_empty() {
                bail!(
                    "table {}: refers to {} with unpaired columns",
                    t.file,
                    f.table
                );
            }
        }
    }
    Ok(r)
}

/// Whether file name `file` is the registry's `pattern` (`*_race.csv`: any name ending so).
fn file_is(pattern: &str, file: &str) -> bool {
    match pattern.strip_prefix('*') {
        Some(end) => file.ends_with(end),
        None => pattern == file,
    }
}

/// Whether column `name` is the registry's `pattern`: the same text, where `<k>` (or `<row>`)
/// stands for a run of digits and `<rung>` for a player's rung name (any text without `_` that
/// the pattern's next part follows).
pub fn column_is(pattern: &str, name: &str) -> bool {
    fn go(p: &str, n: &str) -> bool {
        if let Some(rest) = p.strip_prefix("<k>").or_else(|| p.strip_prefix("<row>")) {
            let d = n.bytes().take_while(u8::is_ascii_digit).count();
            return d > 0 && go(rest, &n[d..]);
        }
        if let Some(rest) = p.strip_prefix("<rung>") {
            // A rung name may hold `-` (team-tuned) but no `_`.
            let most = n.find('_').unwrap_or(n.len());
            return (1..=most).any(|i| go(rest, &n[i..]));
        }
        match (p.chars().next(), n.chars().next()) {
            (None, None) => true,
            (Some(a), Some(b)) if a == b => go(&p[a.len_utf8()..], &n[b.len_utf8()..]),
            _ => false,
        }
    }
    go(pattern, name)
}

impl Table {
    /// The entry of column `name` (exact, else the first pattern it matches).
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns
            .iter()
            .find(|c| c.name == name)
            .or_else(|| self.columns.iter().find(|c| column_is(&c.name, name)))
    }
}

impl Registry {
    /// The entry of the table `file` whose header is `header`: of the entries of that name,
    /// the first that lists every column (where two commands write tables of one name), else
    /// the one listing most.
    pub fn table(&self, file: &str, header: &[String]) -> Option<&Table> {
        let listed = |t: &Table| header.iter().filter(|h| t.column(h).is_some()).count();
        // The first of those listing most (`max_by_key` keeps the last of equals).
        self.tables
            .iter()
            .filter(|t| file_is(&t.file, file))
            .rev()
            .max_by_key(|t| listed(t))
    }

    /// The columns of `header` the registry does not describe in table `file`.
    pub fn unlisted(&self, file: &str, header: &[String]) -> Vec<String> {
        let t = self.table(file, header);
        header
            .iter()
            .filter(|h| t.and_then(|t| t.column(h)).is_none())
            .cloned()
            .collect()
    }
}

/// The heading of a table's generated block: its file name and, where two commands write a
/// table of that name, the writer.
pub fn title(t: &Table) -> String {
    match &t.writer {
        Some(w) => format!("{} ({w})", t.file),
        None => t.file.clone(),
    }
}

/// The Markdown block `docs/reference/columns.md` holds for table `t`: what a line is, then
/// one line per column (name, type, unit, meaning), then its key and the tables it joins.
pub fn render(t: &Table, key: Option<&[&str]>) -> String {
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut out = format!(
        "{}\n\n| column | type | unit | meaning |\n|---|---|---|---|\n",
        t.about
    );
    for c in &t.columns {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            c.name,
            c.kind,
            c.unit.as_deref().unwrap_or(""),
            cell(&c.about)
        ));
    }
    if let Some(k) = key {
        let k: Vec<String> = k.iter().map(|c| format!("`{c}`")).collect();
        out.push_str(&format!(
            "\nPrimary key: {}.",
            if k.is_empty() {
                "none".to_string()
            } else {
                k.join(", ")
            }
        ));
    }
    for f in &t.refers {
        let cs: Vec<String> = f.columns.iter().map(|c| format!("`{c}`")).collect();
        let ts: Vec<String> = f.to.iter().map(|c| format!("`{c}`")).collect();
        out.push_str(&format!(
            "\nJoins `{}`: {} to its {}.",
            f.table,
            cs.join(", "),
            ts.join(", ")
        ));
    }
    out.push('\n');
    out
}

/// The marker lines around table `t`'s generated block in `docs/reference/columns.md`.
pub fn markers(t: &Table) -> (String, String) {
    (
        format!("<!-- columns: {} -->", title(t)),
        "<!-- /columns -->".to_string(),
    )
}

/// `page` with every table's generated block written from the registry (the text between its
/// markers replaced; `key(t)` gives its primary key), and the tables whose markers it lacks.
pub fn regenerate(
    page: &str,
    r: &Registry,
    key: impl Fn(&Table) -> Option<Vec<&'static str>>,
) -> (String, Vec<String>) {
    let mut out = page.to_string();
    let mut missing = Vec::new();
    for t in &r.tables {
        let (open, close) = markers(t);
        let Some(a) = out.find(&open) else {
            missing.push(title(t));
            continue;
        };
        let from = a + open.len();
        let Some(b) = out[from..].find(&close) else {
            missing.push(title(t));
            continue;
        };
        let k = key(t);
        let block = format!("\n{}", render(t, k.as_deref()));
        out.replace_range(from..from + b, &block);
    }
    (out, missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_stand_for_seats_rows_and_rungs() {
        assert!(column_is("win_rate_seat<k>", "win_rate_seat3"));
        assert!(column_is("win_rate_seat<k>", "win_rate_seat12"));
        assert!(!column_is("win_rate_seat<k>", "win_rate_seat"));
        assert!(!column_is("win_rate_seat<k>", "win_rate_seat3_lo95"));
        assert!(column_is("r<row>_<rung>_lo95", "r2_team-tuned_lo95"));
        assert!(column_is("r<row>_<rung>_win_rate", "r10_learned_win_rate"));
        assert!(!column_is("r<row>_<rung>_win_rate", "r_learned_win_rate"));
        assert!(!column_is("r<row>_<rung>_lo95", "r2_team_hi95"));
    }

    #[test]
    fn the_registry_parses_and_refuses_empty_meanings() {
        assert!(!registry().tables.is_empty());
        let bad = "[[table]]\nfile = \"a.csv\"\nabout = \"x\"\n[[table.column]]\nname = \"c\"\ntype = \"integer\"\nabout = \"see docs/x.md\"\n";
        let e = parse(bad).unwrap_err().to_string();
        assert!(e.contains("table a.csv column c"), "{e}");
        let bad = bad.replace("see docs/x.md", "n").replace("integer", "int");
        let e = parse(&bad).unwrap_err().to_string();
        assert!(e.contains("allowed: integer, number"), "{e}");
    }

    #[test]
    fn a_table_of_two_writers_is_the_one_listing_its_columns() {
        let text = "[[table]]\nfile = \"fit.csv\"\nwriter = \"a\"\nabout = \"x\"\n[[table.column]]\nname = \"round\"\ntype = \"integer\"\nabout = \"r\"\n\n[[table]]\nfile = \"fit.csv\"\nwriter = \"b\"\nabout = \"y\"\n[[table.column]]\nname = \"players\"\ntype = \"integer\"\nabout = \"p\"\n";
        let r = parse(text).unwrap();
        let h = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            r.table("fit.csv", &h(&["players"]))
                .unwrap()
                .writer
                .as_deref(),
            Some("b")
        );
        assert_eq!(
            r.table("fit.csv", &h(&["round"]))
                .unwrap()
                .writer
                .as_deref(),
            Some("a")
        );
        assert_eq!(
            r.unlisted("fit.csv", &h(&["round", "zz"])),
            vec!["zz".to_string()]
        );
    }
}
