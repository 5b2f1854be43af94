//! `datapackage.json`: a Frictionless Data Package with a Table Schema for each CSV of a report.
//!
//! Each column's type, unit and meaning come from the column registry ([`registry`],
//! `docs/reference/columns.toml`) entry of its table; the values the row structs serialise must
//! be of that type (a Rust integer is `integer`, a float `number`, a `bool` `boolean`, text
//! `string`; an `Option` left empty is the missing value `""`, and a column empty on every line
//! has its field's Rust type, [`declared`]), else the package is refused as a bug. Primary keys
//! are fixed per table ([`TABLE_KEYS`]); foreign keys are the joins the registry lists, among
//! the tables the folder holds.

use crate::report::registry;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// A column's Table Schema type, as the values written in it say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Integer,
    Number,
    Boolean,
    String,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Integer => "integer",
            Kind::Number => "number",
            Kind::Boolean => "boolean",
            Kind::String => "string",
        }
    }

    /// The kind of one serialised value (`None` for a missing one).
    pub fn of(v: &Value) -> Option<Kind> {
        match v {
            Value::Null => None,
            Value::Bool(_) => Some(Kind::Boolean),
            Value::Number(n) if n.is_f64() => Some(Kind::Number),
            Value::Number(_) => Some(Kind::Integer),
            Value::String(_) => Some(Kind::String),
            Value::Array(_) | Value::Object(_) => Some(Kind::String),
        }
    }

    /// The kind of a field of Rust type `name` (as [`std::any::type_name`] spells it), an
    /// `Option`'s by its inner type: `None` for a type that is not a number, flag or text.
    pub fn of_type(name: &str) -> Option<Kind> {
        let inner = name
            .strip_prefix("core::option::Option<")
            .and_then(|s| s.strip_suffix('>'))
            .unwrap_or(name)
            .trim_start_matches('&');
        match inner {
            "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64"
            | "i128" | "isize" => Some(Kind::Integer),
            "f32" | "f64" => Some(Kind::Number),
            "bool" => Some(Kind::Boolean),
            "str" | "alloc::string::String" => Some(Kind::String),
            _ => None,
        }
    }

    /// The kind a registry type names.
    pub fn named(name: &str) -> Option<Kind> {
        [Kind::Integer, Kind::Number, Kind::Boolean, Kind::String]
            .into_iter()
            .find(|k| k.name() == name)
    }

    /// Whether a column of this kind can hold values of kind `w` (text anything, a number an
    /// integer).
    pub fn holds(self, w: Kind) -> bool {
        self == w || self == Kind::String || (self == Kind::Number && w == Kind::Integer)
    }

    /// Two kinds seen in one column: integers and floats make a number column.
    fn join(self, o: Kind) -> Kind {
        match (self, o) {
            (a, b) if a == b => a,
            (Kind::Integer, Kind::Number) | (Kind::Number, Kind::Integer) => Kind::Number,
            _ => Kind::String,
        }
    }
}

/// The column kinds of one table, gathered as its rows are written.
#[derive(Clone, Debug, Default)]
pub struct Kinds {
    names: Vec<String>,
    /// The kind of the values written, by column (`None`: every cell empty so far).
    kinds: Vec<Option<Kind>>,
    /// The kind of the field's Rust type, for a column no line fills ([`declared`]).
    declared: Vec<Option<Kind>>,
}

impl Kinds {
    fn index(&mut self, name: &str) -> usize {
        match self.names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.names.push(name.to_string());
                self.kinds.push(None);
                self.declared.push(None);
                self.names.len() - 1
            }
        }
    }

    /// Adds one row's values, by column name.
    pub fn add<'a>(&mut self, cells: impl IntoIterator<Item = (&'a str, &'a Value)>) {
        for (name, v) in cells {
            let i = self.index(name);
            self.kinds[i] = match (self.kinds[i], Kind::of(v)) {
                (Some(a), Some(b)) => Some(a.join(b)),
                (a, b) => a.or(b),
            };
        }
    }

    /// Adds the kinds of the columns' Rust types (from [`declared`]): the type of a column
    /// that every line leaves empty.
    pub fn declare<'a>(&mut self, cells: impl IntoIterator<Item = (&'a str, Kind)>) {
        for (name, k) in cells {
            let i = self.index(name);
            self.declared[i] = Some(k);
        }
    }

    /// Adds one serialised row (a JSON object).
    pub fn add_object(&mut self, row: &Value) {
        if let Value::Object(m) = row {
            self.add(m.iter().map(|(k, v)| (k.as_str(), v)));
        }
    }

    fn kind(&self, name: &str) -> Option<Kind> {
        let i = self.names.iter().position(|n| n == name)?;
        self.kinds[i].or(self.declared[i])
    }
}

/// The kind of each field of the struct `v` by its Rust type, whatever its value (an
/// `Option<u32>` left `None` is still an integer column), in field order: what types a column
/// that no line fills. Fields of other types (enums, nested structs) and values that are not a
/// struct give nothing.
pub fn declared<T: serde::Serialize + ?Sized>(v: &T) -> Vec<(String, Kind)> {
    let mut out = Vec::new();
    let _ = v.serialize(FieldTypes(&mut out));
    out
}

/// A serializer that records a struct's field names and Rust types and nothing else.
struct FieldTypes<'a>(&'a mut Vec<(String, Kind)>);

/// Why [`FieldTypes`] stopped: the value is not a struct.
#[derive(Debug)]
struct NotAStruct;

impl std::fmt::Display for NotAStruct {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a struct")
    }
}

impl std::error::Error for NotAStruct {}

impl serde::ser::Error for NotAStruct {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        NotAStruct
    }
}

impl serde::ser::SerializeStruct for FieldTypes<'_> {
    type Ok = ();
    type Error = NotAStruct;
    fn serialize_field<T: serde::Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        _: &T,
    ) -> Result<(), NotAStruct> {
        if let Some(k) = Kind::of_type(std::any::type_name::<T>()) {
            self.0.push((key.to_string(), k));
        }
        Ok(())
    }
    fn end(self) -> Result<(), NotAStruct> {
        Ok(())
    }
}

/// Every serializer entry point but `serialize_struct` refuses: only a struct's fields are typed.
macro_rules! refuse {
    ($($f:ident($($t:ty),*)),* $(,)?) => {
        $(fn $f(self, $(_: $t),*) -> Result<(), NotAStruct> { Err(NotAStruct) })*
    };
}

impl<'a> serde::Serializer for FieldTypes<'a> {
    type Ok = ();
    type Error = NotAStruct;
    type SerializeSeq = serde::ser::Impossible<(), NotAStruct>;
    type SerializeTuple = serde::ser::Impossible<(), NotAStruct>;
    type SerializeTupleStruct = serde::ser::Impossible<(), NotAStruct>;
    type SerializeTupleVariant = serde::ser::Impossible<(), NotAStruct>;
    type SerializeMap = serde::ser::Impossible<(), NotAStruct>;
    type SerializeStruct = FieldTypes<'a>;
    type SerializeStructVariant = serde::ser::Impossible<(), NotAStruct>;
    refuse!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    );
    fn serialize_some<T: serde::Serialize + ?Sized>(self, _: &T) -> Result<(), NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_newtype_struct<T: serde::Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), NotAStruct> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: serde::Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, NotAStruct> {
        Err(NotAStruct)
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, NotAStruct> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, NotAStruct> {
        Err(NotAStruct)
    }
}

/// Each table's primary key, by its file name (`*_race.csv`: a game's own tables by the ending
/// of their names): the first of its candidates whose columns the
/// table has (a table of one name written by two commands: luck's `seats.csv` has a `player`,
/// a sweep's has not; learn's and learn-value's `fit.csv`). Declared whatever the lines hold;
/// a key that repeats or is empty on a line is a bug ([`package`] refuses it). Two tables have
/// none: `tune.csv` (its start line has no knob value) and `effects.csv` (a knob alone leaves
/// `knob_b` empty).
pub const TABLE_KEYS: &[(&str, &[&[&str]])] = &[
    ("summary.csv", &[&["row"]]),
    ("table.csv", &[&["row"]]),
    ("ablation.csv", &[&["row"]]),
    // A game's own tables, by the ending their names share (report/ names no game).
    ("*_race.csv", &[&["row"]]),
    ("games.csv", &[&["row", "game"]]),
    ("compare.csv", &[&["row_a", "row_b"]]),
    (
        "held_out.csv",
        &[&["round", "row", "model_a", "model_b"], &["row_a", "row_b"]],
    ),
    ("seats.csv", &[&["row", "player", "seat"], &["row", "seat"]]),
    ("*_paired.csv", &[&["row", "seat"]]),
    ("*_curve.csv", &[&["row", "turn"]]),
    ("*_by_hex.csv", &[&["row", "hex"]]),
    ("decided.csv", &[&["row", "round"]]),
    ("reliability.csv", &[&["row", "chance_lo"]]),
    ("luck.csv", &[&["row", "player"]]),
    ("features.csv", &[&["row", "player", "feature"]]),
    ("pairs.csv", &[&["row", "player_a", "player_b"]]),
    ("boards.csv", &[&["map", "board", "board_index"]]),
    ("ceiling.csv", &[&["row", "budget"]]),
    ("ladder.csv", &[&["group", "target"]]),
    ("evaluations.csv", &[&["group", "value"]]),
    ("design.csv", &[&["candidate", "cell", "measure"]]),
    ("best.csv", &[&["rank", "cell", "measure"]]),
    ("rounds.csv", &[&["round"]]),
    ("fit.csv", &[&["round", "kind"], &["players"]]),
    ("effects.csv", &[]),
    ("tune.csv", &[]),
];

/// Whether the table name `file` is the [`TABLE_KEYS`] entry `entry` (`*_race.csv`: any name
/// ending so).
pub fn table_is(entry: &str, file: &str) -> bool {
    match entry.strip_prefix('*') {
        Some(end) => file.ends_with(end),
        None => entry == file,
    }
}

/// The primary key [`TABLE_KEYS`] gives the table `file` of columns `header` (`None`: a table
/// without one, or one it does not list).
pub fn table_key(file: &str, header: &[String]) -> Option<Vec<String>> {
    let (_, cands) = TABLE_KEYS.iter().find(|(t, _)| table_is(t, file))?;
    cands
        .iter()
        .find(|c| c.iter().all(|k| header.iter().any(|h| h == k)))
        .map(|c| c.iter().map(|s| s.to_string()).collect())
}

/// The lines of `records` whose `key` is empty or repeats, described (`None`: none).
fn key_fault(header: &[String], records: &[csv::StringRecord], key: &[String]) -> Option<String> {
    let idx: Vec<usize> = key
        .iter()
        .filter_map(|c| header.iter().position(|h| h == c))
        .collect();
    let mut seen = std::collections::BTreeSet::new();
    for (i, r) in records.iter().enumerate() {
        let k: Vec<&str> = idx.iter().map(|&j| r.get(j).unwrap_or("")).collect();
        if k.iter().any(|v| v.is_empty()) {
            return Some(format!("line {} leaves its key {key:?} empty", i + 2));
        }
        if !seen.insert(k.join("\u{1f}")) {
            return Some(format!("line {} repeats its key {key:?} ({k:?})", i + 2));
        }
    }
    None
}

/// The Data Package of the CSV `tables` (name and bytes) of a folder, with the column kinds
/// gathered as they were written (`kinds`, by table).
///
/// # Errors
/// A table does not parse back as CSV.
pub fn package(
    name: &str,
    tables: &[(String, &[u8])],
    kinds: &BTreeMap<String, Kinds>,
) -> anyhow::Result<Value> {
    let reg = registry::registry();
    let mut resources = Vec::new();
    for (file, bytes) in tables {
        if bytes.is_empty() {
            continue;
        }
        let mut r = csv::Reader::from_reader(*bytes);
        let header: Vec<String> = r.headers()?.iter().map(String::from).collect();
        let records: Vec<csv::StringRecord> = r.records().collect::<Result<_, _>>()?;
        let k = kinds.get(file.as_str());
        let entry = reg.table(file, &header);
        let fields: Vec<Value> = header
            .iter()
            .map(|h| {
                // The registry's type; what was written must be of it (a column empty on
                // every line is typed by its field's Rust type). Without an entry (a bug the
                // reference tests catch): the written kind, `any` where nothing says.
                let written = k.and_then(|k| k.kind(h));
                let col = entry.and_then(|t| t.column(h));
                let kind = match col {
                    Some(c) => {
                        let declared = Kind::named(&c.kind);
                        if let (Some(d), Some(w)) = (declared, written) {
                            if !d.holds(w) {
                                anyhow::bail!(
                                    "{file}: column {h} holds {} values where {} declares {} (a robsim bug)",
                                    w.name(),
                                    registry::PATH,
                                    d.name()
                                );
                            }
                        }
                        declared
                    }
                    None => written,
                };
                Ok(field(h, kind, col))
            })
            .collect::<anyhow::Result<_>>()?;
        let mut schema = Map::new();
        schema.insert("fields".into(), Value::Array(fields));
        schema.insert("missingValues".into(), json!([""]));
        if let Some(pk) = table_key(file, &header) {
            if let Some(why) = key_fault(&header, &records, &pk) {
                anyhow::bail!("{file}: {why}: not a primary key (a robsim bug)");
            }
            schema.insert("primaryKey".into(), json!(pk));
        }
        let names: Vec<&str> = tables.iter().map(|(n, _)| n.as_str()).collect();
        let fks = foreign_keys(entry, &header, &names);
        if !fks.is_empty() {
            schema.insert("foreignKeys".into(), Value::Array(fks));
        }
        let stem = file.trim_end_matches(".csv");
        resources.push(json!({
            "name": stem.replace('_', "-"),
            "path": file,
            "profile": "tabular-data-resource",
            "format": "csv",
            "mediatype": "text/csv",
            "encoding": "utf-8",
            "schema": Value::Object(schema),
        }));
    }
    Ok(json!({
        "profile": "tabular-data-package",
        "name": package_name(name),
        "resources": resources,
    }))
}

/// A Table Schema field: `name`, its type (`any` where nothing says), and, from its registry
/// entry, its unit and meaning.
pub fn field(name: &str, kind: Option<Kind>, col: Option<&registry::Column>) -> Value {
    let mut f = Map::new();
    f.insert("name".into(), json!(name));
    f.insert("type".into(), json!(kind.map_or("any", Kind::name)));
    if kind == Some(Kind::Boolean) {
        f.insert("trueValues".into(), json!(["true"]));
        f.insert("falseValues".into(), json!(["false"]));
    }
    if let Some(c) = col {
        f.insert("description".into(), json!(c.about));
        if let Some(u) = &c.unit {
            f.insert("unit".into(), json!(u));
        }
    }
    Value::Object(f)
}

/// The foreign keys the registry gives table `entry` of columns `header`: each `refers` whose
/// columns the table has and whose table the folder holds (`tables`, by file name).
pub fn foreign_keys(
    entry: Option<&registry::Table>,
    header: &[String],
    tables: &[&str],
) -> Vec<Value> {
    let Some(t) = entry else {
        return Vec::new();
    };
    t.refers
        .iter()
        .filter(|f| f.columns.iter().all(|c| header.contains(c)))
        .filter(|f| tables.contains(&f.table.as_str()))
        .map(|f| {
            json!({
                "fields": f.columns,
                "reference": {
                    "resource": f.table.trim_end_matches(".csv").replace('_', "-"),
                    "fields": f.to,
                }
            })
        })
        .collect()
}

/// Checks that each table of the report folder `dir` that its `datapackage.json` describes has
/// the columns the schema names, in order (a folder without the file, or a table left out of a
/// copy of the folder, passes): what `merge` and `rerun` ask of a folder before they read it.
///
/// # Errors
/// The package does not parse, or a table's header differs from its schema: the error names the
/// folder, the table and the first column that differs.
pub fn check_folder(dir: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::{bail, Context};
    let path = dir.join("datapackage.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(());
    };
    let p: Value = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a Data Package (JSON)", path.display()))?;
    let resources = p["resources"].as_array().map_or(&[][..], Vec::as_slice);
    for r in resources {
        let Some(table) = r["path"].as_str() else {
            bail!("{}: a resource without a path", path.display());
        };
        let Ok(bytes) = std::fs::read(dir.join(table)) else {
            continue;
        };
        let schema: Vec<&str> = r["schema"]["fields"]
            .as_array()
            .map_or(&[][..], Vec::as_slice)
            .iter()
            .filter_map(|f| f["name"].as_str())
            .collect();
        let mut rd = csv::Reader::from_reader(&bytes[..]);
        let header: Vec<String> = rd
            .headers()
            .with_context(|| format!("{}: not CSV", dir.join(table).display()))?
            .iter()
            .map(String::from)
            .collect();
        let at = header
            .iter()
            .map(String::as_str)
            .zip(&schema)
            .position(|(h, s)| h != *s)
            .unwrap_or(header.len().min(schema.len()));
        let said = match (header.get(at), schema.get(at)) {
            (Some(h), Some(s)) => format!("has column `{h}` where the schema names `{s}`"),
            (Some(h), None) => format!("has column `{h}`, which the schema does not name"),
            (None, Some(s)) => format!("lacks column `{s}`, which the schema names"),
            (None, None) => continue,
        };
        bail!(
            "{}: table {table} {said} (column {} of datapackage.json's schema): the folder's tables and schema disagree; write it again with the command in its command.txt",
            dir.display(),
            at + 1
        );
    }
    Ok(())
}

/// A Data Package name: lower-case letters, digits, `-`, `_` and `.` only.
fn package_name(name: &str) -> String {
    let s: String = name
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '-'
            }
        })
        .collect();
    if s.is_empty() {
        "report".into()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_follow_the_values_and_keys_the_lines() {
        let mut k = Kinds::default();
        k.add_object(&json!({"row": 0, "rate": 0.5, "won": true, "label": "a", "n": null}));
        k.add_object(&json!({"row": 1, "rate": 1, "won": false, "label": "b", "n": 3}));
        let csv = b"row,rate,won,label,n\n0,0.5,true,a,\n1,1,false,b,3\n";
        let kinds = BTreeMap::from([("summary.csv".to_string(), k)]);
        let p = package("My Run", &[("summary.csv".into(), &csv[..])], &kinds).unwrap();
        assert_eq!(p["name"], "my-run");
        let fields = &p["resources"][0]["schema"]["fields"];
        let types: Vec<&str> = (0..5)
            .map(|i| fields[i]["type"].as_str().unwrap())
            .collect();
        assert_eq!(types, ["integer", "number", "boolean", "string", "integer"]);
        assert_eq!(p["resources"][0]["schema"]["primaryKey"], json!(["row"]));
    }

    #[test]
    fn a_column_no_line_fills_is_typed_by_its_rust_type() {
        #[derive(serde::Serialize)]
        struct Row<'a> {
            row: usize,
            certain_round: Option<u32>,
            share: Option<f64>,
            sure: Option<bool>,
            note: Option<&'a str>,
            label: String,
            other: Option<Vec<u8>>,
        }
        let r = Row {
            row: 0,
            certain_round: None,
            share: None,
            sure: None,
            note: None,
            label: String::new(),
            other: None,
        };
        let d = declared(&r);
        let names: Vec<(&str, &str)> = d.iter().map(|(n, k)| (n.as_str(), k.name())).collect();
        assert_eq!(
            names,
            [
                ("row", "integer"),
                ("certain_round", "integer"),
                ("share", "number"),
                ("sure", "boolean"),
                ("note", "string"),
                ("label", "string"),
            ]
        );
        // Not a struct: nothing declared.
        assert!(declared(&3u32).is_empty());
        assert!(declared(&Some(3u32)).is_empty());
        // In a package: the empty column takes the declared kind, a filled one its values'.
        let mut k = Kinds::default();
        k.declare(d.iter().map(|(n, k)| (n.as_str(), *k)));
        k.add_object(&serde_json::to_value(&r).unwrap());
        k.add_object(&json!({"row": 1, "certain_round": null, "share": 2.5, "other": null}));
        let csv = b"row,certain_round,share,other\n0,,,\n1,,2.5,\n";
        let kinds = BTreeMap::from([("summary.csv".to_string(), k)]);
        let p = package("r", &[("summary.csv".into(), &csv[..])], &kinds).unwrap();
        let fields = &p["resources"][0]["schema"]["fields"];
        let types: Vec<&str> = (0..4)
            .map(|i| fields[i]["type"].as_str().unwrap())
            .collect();
        assert_eq!(types, ["integer", "integer", "number", "any"]);
    }
}
