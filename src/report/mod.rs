//! Report folders: named CSV tables buffered in memory and written atomically, plus the manifest.

pub mod ablation;
pub mod cells;
pub mod columns;
pub mod compare;
pub mod design;
pub mod games_csv;
pub mod html;
pub mod luck;
pub mod luck_tables;
pub mod ols;
pub mod package;
pub mod plot;
mod records;
pub mod registry;
pub mod replay;
pub mod rulebook;
pub mod shard;
pub mod sweep;
pub mod terminal;
pub mod upgrade;

pub use records::{InputFile, ModelRecord};

use crate::engine::runner::Experiment;
use crate::engine::stats::GameLog;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// An experiment that knows how to turn its accumulator into report rows, comparisons and
/// figures. Everything game-specific about a report lives behind this trait.
pub trait Tables: Experiment + Sized {
    /// Appends row `row`'s lines to the tables of `out` (e.g. `summary.csv`).
    ///
    /// # Errors
    /// Serialising a row fails.
    fn write_tables(&self, row: usize, acc: &Self::Acc, out: &mut ReportDir) -> Result<()>;

    /// The row's settings as (name, value), in the same order and with the same names for every
    /// row of a sweep (a setting that does not apply has a placeholder value such as `-`). Two
    /// rows that differ in exactly one value are compared in `compare.csv`.
    fn settings(&self) -> Vec<(&'static str, String)>;

    /// What else fixes the row's games beside [`Tables::settings`] (the map, the model file's
    /// hash): part of its [`settings_key`]. Default: nothing.
    fn identity(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Settings that qualify another, as (setting, the setting it qualifies): where both
    /// differ between two rows they count as one difference, in the qualified setting (a
    /// player's knobs qualify the player), so those rows are still compared. Default: none.
    fn qualifiers() -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// Takes the per-game log (win bit and length of game `i`) out of an accumulator. The sweep
    /// turns each chunk's logs into paired statistics and drops them, so memory stays flat.
    fn take_game_log(acc: &mut Self::Acc) -> GameLog;

    /// Whether the log's win bit is this row's headline win rate (a co-op team win); when not,
    /// comparisons report game length only.
    fn has_win_rate(&self) -> bool;

    /// The 95% half-width of the row's headline rate: what `--precision` drives down.
    fn half_width95(&self, acc: &Self::Acc) -> f64;

    /// Most games this row plays (game indices `0..cap`), whatever the budget; `None`: no cap.
    fn games_cap(&self) -> Option<u64> {
        None
    }

    /// Figures drawn from all rows of a sweep (SVG, see `plot`).
    ///
    /// # Errors
    /// Drawing fails.
    fn figures(rows: &[Self], accs: &[Self::Acc]) -> Result<Vec<Figure>>;

    /// The key columns of `summary.csv` shown first (terminal table, report.html).
    fn headline_columns() -> &'static [&'static str];

    /// Headline columns shown only when their value differs between rows (rule knobs left at
    /// one value are noise in the key table; `summary.csv` has them all).
    fn varying_columns() -> &'static [&'static str] {
        &[]
    }

    /// The wins in an accumulator that the game counts as close (a robber within a few tokens
    /// of his goal): what a design's `close_win_share` bound reads. Default: none.
    fn close_wins(&self, _acc: &Self::Acc) -> u64 {
        0
    }

    /// Settings left out of [`settings_key`] where a row has none (`-`): settings added after
    /// keys were published, so rows without them keep their keys. Default: none.
    fn keyless_when_absent() -> &'static [&'static str] {
        &[]
    }

    /// Games an accumulator holds.
    fn games(acc: &Self::Acc) -> u64;

    /// Each seat's share of the wins over the accumulator's games, as (sum of the per-game
    /// share, sum of its square) per seat: a game's share is 1 for its sole winner, split evenly
    /// among tied winners, 0 for the others. What a design's fairness target measures
    /// (`robsim design`). Empty where the row's seats do not win apart (a co-operative table).
    fn seat_shares(&self, _acc: &Self::Acc) -> Vec<(f64, f64)> {
        Vec::new()
    }

    /// A row label's words for setting `key` at `value` ([`row_labels`]), where the game words it
    /// its own way (`city weight 2`); `None`: `{n} players` for `players`, `{key} {value}` for a
    /// [`Tables::varying_columns`] knob, the value alone otherwise.
    fn label(_key: &str, _value: &str) -> Option<String> {
        None
    }

    /// Whether a `summary.csv` row read back (`row`) plays a policy that can concede a stalled
    /// game: the terminal summary then shows its `stalled` column even when no game stalled.
    fn can_stall(_row: &terminal::Row) -> bool {
        false
    }

    /// The files the row reads beyond its config, with the SHA-256 of their content (a map or
    /// tile file; none for a built-in one): the manifest's `inputs`. Default: none.
    fn inputs(&self) -> Vec<InputFile> {
        Vec::new()
    }

    /// The row's cell of the rulebook table (`table.csv`, `table.md`, report.html's printable
    /// page; [`rulebook`]), or `None` for a row that has none. Default: none.
    fn rulebook(&self, _acc: &Self::Acc) -> Option<rulebook::Cell> {
        None
    }

    /// The one line of the rulebook page on which player stands for which kind of table: a
    /// range, never a measured human figure. Default: none.
    fn rulebook_note() -> &'static str {
        ""
    }

    /// What the game's own tables say ahead of the paired steps in the terminal, read back from
    /// the report (`table(name)`: a table's bytes, empty when it has none). Default: nothing.
    fn terminal_lead(_table: &mut dyn FnMut(&str) -> Vec<u8>) -> String {
        String::new()
    }

    /// report.html sections for the game's own tables, ahead of the paired comparisons
    /// (`table` as for [`Tables::terminal_lead`]). Default: none.
    fn page_sections(_table: &mut dyn FnMut(&str) -> Vec<u8>) -> Vec<html::Section> {
        Vec::new()
    }
}

/// One SVG figure of a report: written as `<name>.svg` and shown inline in `report.html`.
#[derive(Clone, Debug)]
pub struct Figure {
    /// File stem (letters, digits, `_`, `-`).
    pub name: String,
    pub title: String,
    /// What the figure shows and how to read it (one or two sentences).
    pub caption: String,
    pub svg: String,
}

/// Short labels for rows: the settings that vary across `rows` and are not in `skip` ("all
/// rows" when none vary), each in its game's words ([`Tables::label`]; an empty word leaves
/// the setting out of that row's label), e.g. "3 players, greedy".
pub fn row_labels<T: Tables>(rows: &[&T], skip: &[&str]) -> Vec<String> {
    let settings: Vec<Vec<(&'static str, String)>> = rows.iter().map(|r| r.settings()).collect();
    let varies = |k: usize| {
        settings
            .iter()
            .any(|s| s[k].1 != settings[0][k].1 && !skip.contains(&s[k].0))
    };
    let keys: Vec<usize> = (0..settings.first().map_or(0, |s| s.len()))
        .filter(|&k| varies(k))
        .collect();
    settings
        .iter()
        .map(|s| {
            let parts: Vec<String> = keys
                .iter()
                .map(|&k| {
                    let (key, value) = (s[k].0, &s[k].1);
                    T::label(key, value).unwrap_or_else(|| match key {
                        "players" => format!("{value} players"),
                        key if T::varying_columns().contains(&key) => format!("{key} {value}"),
                        _ => value.clone(),
                    })
                })
                .filter(|part| !part.is_empty())
                .collect();
            if parts.is_empty() {
                "all rows".to_string()
            } else {
                parts.join(", ")
            }
        })
        .collect()
}

/// Rounds to 3 decimals (means).
pub fn r3(x: f64) -> f64 {
    (x * 1e3).round() / 1e3
}

/// Rounds to 5 decimals (rates and interval bounds).
pub fn r5(x: f64) -> f64 {
    (x * 1e5).round() / 1e5
}

/// A report folder being assembled. Nothing is written until [`ReportDir::finish`], which writes
/// each file to a temporary name and renames it, so no final name ever holds a partial file.
pub struct ReportDir {
    dir: PathBuf,
    tables: BTreeMap<&'static str, csv::Writer<Vec<u8>>>,
    /// Tables whose rows are column groups (`summary.csv`): only the groups present get columns.
    grouped: BTreeMap<&'static str, columns::GroupedTable>,
    /// Tables also written as JSON (`summary.csv` → `summary.json`): one object per row, the
    /// CSV's fields in the same order.
    json: BTreeMap<&'static str, Vec<String>>,
    texts: BTreeMap<String, Vec<u8>>,
    /// Whether the row being written was cut short (Ctrl-C): its tables say `partial`.
    row_partial: bool,
    /// Each table's column types, from the values written (for `datapackage.json`).
    kinds: BTreeMap<String, package::Kinds>,
    /// Per plain table, the columns left out where every row leaves them empty.
    optional: BTreeMap<&'static str, Vec<&'static str>>,
}

impl ReportDir {
    /// Prepares `dir`, creating it, and checks that it is writable before any game runs.
    ///
    /// # Errors
    /// The folder cannot be created or written.
    pub fn create(dir: &Path) -> Result<ReportDir> {
        std::fs::create_dir_all(dir).with_context(|| {
            format!("--out / report folder {}: cannot create it", dir.display())
        })?;
        let probe = dir.join(format!(".robsim-write-test-{}", std::process::id()));
        std::fs::write(&probe, b"")
            .with_context(|| format!("--out / report folder {}: not writable", dir.display()))?;
        let _ = std::fs::remove_file(&probe);
        Ok(ReportDir {
            dir: dir.to_path_buf(),
            tables: BTreeMap::new(),
            grouped: BTreeMap::new(),
            json: BTreeMap::new(),
            texts: BTreeMap::new(),
            row_partial: false,
            kinds: BTreeMap::new(),
            optional: BTreeMap::new(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Marks the rows written next as cut short (or not).
    pub fn set_row_partial(&mut self, partial: bool) {
        self.row_partial = partial;
    }

    /// Whether the row being written was cut short by Ctrl-C (for a `partial` column).
    pub fn row_partial(&self) -> bool {
        self.row_partial
    }

    /// Also writes `table` (a `.csv` name) as JSON beside it: an array of objects with exactly the
    /// CSV's fields, in order (empty cells are `null`).
    pub fn mirror_json(&mut self, table: &'static str) {
        self.json.entry(table).or_default();
    }

    /// Appends one row to a CSV table (the header comes from the first row's field names).
    ///
    /// # Errors
    /// Serialising fails.
    pub fn row<T: Serialize>(&mut self, table: &'static str, row: &T) -> Result<()> {
        let value =
            serde_json::to_value(row).with_context(|| format!("writing a row of {table}"))?;
        let kinds = self.kinds.entry(table.to_string()).or_insert_with(|| {
            // The first row's field types type a column that no row fills.
            let mut k = package::Kinds::default();
            let types = package::declared(row);
            k.declare(types.iter().map(|(n, k)| (n.as_str(), *k)));
            k
        });
        kinds.add_object(&value);
        if let Some(rows) = self.json.get_mut(table) {
            // serde_json's own text keeps the struct's field order (its `Value` sorts keys).
            rows.push(
                serde_json::to_string(row).with_context(|| format!("writing a row of {table}"))?,
            );
        }
        self.tables
            .entry(table)
            .or_insert_with(|| csv::Writer::from_writer(Vec::new()))
            .serialize(row)
            .with_context(|| format!("writing a row of {table}"))
    }

    /// Leaves `columns` out of `table` where every row leaves them empty: columns that mean
    /// something for some games or configs only (a competitive game's compare.csv has no win
    /// rates), so that no written column is empty in every row. A column left empty by chance
    /// (no loss among a handful of games) is not listed here and stays.
    pub fn optional_columns(&mut self, table: &'static str, columns: &[&'static str]) {
        let list = self.optional.entry(table).or_default();
        for c in columns {
            if !list.contains(c) {
                list.push(c);
            }
        }
    }

    /// Appends one row of column groups to a grouped table (see [`columns`]).
    pub fn grouped_row(&mut self, table: &'static str, row: Vec<columns::Group>) {
        self.grouped.entry(table).or_default().push(row);
    }

    /// Adds a whole text file.
    pub fn text(&mut self, name: &str, contents: impl Into<Vec<u8>>) {
        self.texts.insert(name.to_string(), contents.into());
    }

    /// Adds `manifest.json`: the manifest as pretty JSON ending in a newline.
    ///
    /// # Errors
    /// The manifest cannot be written as JSON.
    pub fn manifest(&mut self, m: &Manifest) -> Result<()> {
        let json = serde_json::to_string_pretty(m).context("writing manifest.json")?;
        self.text("manifest.json", json + "\n");
        Ok(())
    }

    /// The CSV text of a table so far.
    pub fn table_bytes(&mut self, table: &str) -> Option<Vec<u8>> {
        if let Some(t) = self.grouped.get(table) {
            return t.csv().ok();
        }
        let w = self.tables.get_mut(table)?;
        w.flush().ok()?;
        Some(w.get_ref().clone())
    }

    /// Writes every file atomically; returns the paths written.
    ///
    /// # Errors
    /// A file cannot be written or renamed.
    pub fn finish(self) -> Result<Vec<PathBuf>> {
        let mut texts = self.texts;
        // The run id, stamped on manifest.json and on every line of every table (`run`).
        let mut run = String::new();
        if let (Some(m), Some(config)) = (texts.get("manifest.json"), texts.get("config.toml")) {
            let mut m: Manifest =
                serde_json::from_slice(m).context("stamping the run id on manifest.json")?;
            // A folder written again (`robsim upgrade`) keeps the run id it was played under.
            if m.run_id.is_empty() {
                m.run_id = run_id(&String::from_utf8_lossy(config), &m);
            }
            run.clone_from(&m.run_id);
            let json = serde_json::to_string_pretty(&m).context("writing manifest.json")?;
            texts.insert("manifest.json".into(), (json + "\n").into_bytes());
        }
        let mut files: Vec<(String, Vec<u8>)> = Vec::new();
        for (name, w) in self.tables {
            let bytes = w.into_inner().context("flushing a CSV table")?;
            let bytes = match self.optional.get(name) {
                Some(cols) => cells::drop_empty(&bytes, cols)
                    .with_context(|| format!("leaving empty columns out of {name}"))?,
                None => bytes,
            };
            files.push((name.to_string(), bytes));
        }
        let mut json = self.json;
        let mut kinds = self.kinds;
        for (name, t) in &self.grouped {
            files.push((name.to_string(), t.csv()?));
            t.kinds(kinds.entry(name.to_string()).or_default());
            if let Some(rows) = json.get_mut(name) {
                *rows = t.json_rows()?;
            }
        }
        if !run.is_empty() {
            for (name, bytes) in &mut files {
                *bytes = cells::with_run(bytes, &run)
                    .with_context(|| format!("stamping the run id on {name}"))?;
                kinds
                    .entry(name.clone())
                    .or_default()
                    .declare([("run", package::Kind::String)]);
            }
        }
        for (name, rows) in json {
            let mut text = String::from("[");
            for (i, r) in rows.iter().enumerate() {
                text.push_str(if i == 0 { "\n  " } else { ",\n  " });
                match r.strip_prefix('{').filter(|_| !run.is_empty()) {
                    Some("}") => text.push_str(&format!("{{\"run\":{run:?}}}")),
                    Some(rest) => text.push_str(&format!("{{\"run\":{run:?},{rest}")),
                    None => text.push_str(r),
                }
            }
            text.push_str("\n]\n");
            files.push((name.replace(".csv", ".json"), text.into_bytes()));
        }
        files.extend(texts);
        // A table the folder's `.gitignore` leaves out of a repository (for size) is not in
        // its Data Package, so that a committed package lists only committed files.
        let ignored: Vec<String> = std::fs::read_to_string(self.dir.join(".gitignore"))
            .unwrap_or_default()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(String::from)
            .collect();
        let csvs: Vec<(String, &[u8])> = files
            .iter()
            .filter(|(n, _)| n.ends_with(".csv") && !ignored.contains(n))
            .map(|(n, b)| (n.clone(), b.as_slice()))
            .collect();
        if !csvs.is_empty() {
            // The config's name (the same in a run's shards, merge and rerun), else the folder's.
            let name = files
                .iter()
                .find(|(n, _)| n == "config.toml")
                .and_then(|(_, b)| toml::from_str::<toml::Table>(&String::from_utf8_lossy(b)).ok())
                .and_then(|t| t.get("name").and_then(|v| v.as_str()).map(String::from))
                .or_else(|| {
                    self.dir
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                })
                .unwrap_or_else(|| "report".into());
            let p = package::package(&name, &csvs, &kinds)?;
            let text = serde_json::to_string_pretty(&p).context("writing datapackage.json")?;
            files.push(("datapackage.json".into(), (text + "\n").into_bytes()));
        }
        let mut written = Vec::new();
        for (name, bytes) in &files {
            let path = self.dir.join(name);
            write_atomic(&path, bytes)?;
            written.push(path);
        }
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        settle(&self.dir, &names)?;
        Ok(written)
    }
}

/// The file in every report folder that lists the files robsim wrote there, so that a later
/// run into the same folder removes the ones it does not write again (no stale table stays).
pub const FILES: &str = ".robsim-files";

/// Names of files an older robsim (before [`FILES`]) wrote into its report folders: what a
/// rewrite of such a folder removes.
fn legacy_file(name: &str) -> bool {
    [".csv", ".svg", ".json", ".html"]
        .iter()
        .any(|e| name.ends_with(e))
        || ["command.txt", "config.toml", "provenance.txt", "tuned.toml"].contains(&name)
}

/// Whether robsim wrote `dir`: it lists its files in [`FILES`], or (an older robsim) holds a
/// manifest, command or tuned table.
pub fn written_by_robsim(dir: &Path) -> bool {
    [FILES, "manifest.json", "command.txt", "tuned.toml"]
        .iter()
        .any(|f| dir.join(f).is_file())
}

/// Checks, before any game runs, that a report may be written into `dir`: it is missing, empty,
/// or written by robsim (whose earlier files the new report replaces), or `force` is given.
///
/// # Errors
/// `dir` holds files robsim did not write and `force` is false (naming `--force`), or `dir` is
/// not a folder.
pub fn claim(dir: &Path, force: bool) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        anyhow::bail!(
            "--out {}: exists and is not a folder; allowed: a new or empty folder, or a report folder robsim wrote",
            dir.display()
        );
    }
    let Ok(mut entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    if force || entries.next().is_none() || written_by_robsim(dir) {
        return Ok(());
    }
    anyhow::bail!(
        "--out {}: the folder holds files robsim did not write; allowed: a new or empty folder, a report folder robsim wrote (its earlier files are replaced), or --force to write beside those files",
        dir.display()
    )
}

/// As [`claim`], for a report made from `config_text` verbatim (`calibrate`, `luck`, `learn`):
/// a folder robsim wrote from another config (its `config.toml` differs, or it has none) is
/// refused too unless `force`, so that no report is replaced without a word.
///
/// # Errors
/// As [`claim`]; or `dir` holds a report robsim wrote from another config, naming `--force`.
pub fn claim_for(dir: &Path, force: bool, config_text: &str) -> Result<()> {
    claim(dir, force)?;
    if force || !dir.is_dir() || !written_by_robsim(dir) {
        return Ok(());
    }
    if std::fs::read_to_string(dir.join("config.toml"))
        .ok()
        .as_deref()
        != Some(config_text)
    {
        anyhow::bail!(
            "--out {}: holds a report robsim wrote from another config or command, which this run would replace; allowed: another --out, or --force to replace it",
            dir.display()
        );
    }
    Ok(())
}

/// As [`claim_for`], and a folder holding a longer run of the same config (more games per row in
/// its `manifest.json` than `games`) is refused too unless `force`: a quick try of a config must
/// not replace its last long run without a word.
///
/// # Errors
/// As [`claim_for`]; or `dir` holds a run of more games per row, naming `games` and `--force`.
pub fn claim_games(dir: &Path, force: bool, config_text: &str, games: u64) -> Result<()> {
    claim_for(dir, force, config_text)?;
    if force || !dir.is_dir() {
        return Ok(());
    }
    let recorded = std::fs::read_to_string(dir.join("manifest.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|m| m["games_per_row"].as_u64());
    if let Some(was) = recorded.filter(|&was| was > games) {
        anyhow::bail!(
            "--out {}: holds a report robsim wrote with other settings (games: {was} per row there, {games} here), which this run would replace; allowed: another --out, or --force to replace it",
            dir.display()
        );
    }
    Ok(())
}

/// After a report's files (`written`, names in `dir`) are written: removes the files an earlier
/// report in `dir` wrote that this one did not (as listed in [`FILES`], or for an older robsim's
/// folder, its kinds of files), then records `written` in [`FILES`].
///
/// # Errors
/// A stale file cannot be removed or the list cannot be written.
pub fn settle(dir: &Path, written: &[&str]) -> Result<()> {
    let listed = std::fs::read_to_string(dir.join(FILES)).ok();
    let earlier: Vec<String> = match &listed {
        Some(text) => text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(str::to_string)
            .collect(),
        None if written_by_robsim(dir) => std::fs::read_dir(dir)
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .filter(|e| e.path().is_file())
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| legacy_file(n))
                    .collect()
            })
            .unwrap_or_default(),
        None => Vec::new(),
    };
    for name in earlier {
        // Only plain names: a list is never a way to reach outside the folder.
        if name.contains(['/', '\\']) || name == ".." || written.contains(&name.as_str()) {
            continue;
        }
        let path = dir.join(&name);
        if path.is_file() {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove the stale {}", path.display()))?;
        }
    }
    let mut text = format!(
        "# Files robsim {} wrote in this folder; a later report here removes those it does not write again.\n",
        env!("CARGO_PKG_VERSION")
    );
    let mut names: Vec<&str> = written.to_vec();
    names.sort_unstable();
    for n in names {
        text.push_str(n);
        text.push('\n');
    }
    write_atomic(&dir.join(FILES), text.as_bytes())
}

/// Writes `bytes` to a temporary file beside `path`, syncs it, then renames it over `path`.
///
/// # Errors
/// Any I/O failure, naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let tmp = path.with_extension(format!("tmp-{}", std::process::id()));
    let mut f =
        std::fs::File::create(&tmp).with_context(|| format!("cannot write {}", tmp.display()))?;
    f.write_all(bytes)
        .and_then(|_| f.sync_all())
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot rename into {}", path.display()))
}

/// A row's settings key: the letter `k` (so that no reader takes a key for a number) and the
/// first 12 hex digits of the SHA-256 of its settings and identity (`name=value` lines), the
/// same for the same game, rules and player in any run, sweep or ablation, whatever the row's
/// position or the config's text (the seed is not part of it: a game is
/// `(settings_key, seed, game)`).
pub fn settings_key<E: Tables>(row: &E) -> String {
    let mut text = String::new();
    for (name, value) in row.settings().into_iter().chain(row.identity()) {
        // A setting added later keeps the keys of rows without it.
        if value == "-" && E::keyless_when_absent().contains(&name) {
            continue;
        }
        text.push_str(name);
        text.push('=');
        text.push_str(&value);
        text.push('\n');
    }
    format!(
        "{}{}",
        upgrade::KEY_PREFIX,
        &sha256_hex(text.as_bytes())[..12]
    )
}

/// A report's run id: the first 12 hex digits of the SHA-256 of the config's meaning (its TOML
/// parsed and written back, so comments, spacing and key order do not count), the seed, the
/// games per row and the build that played the games (its commit, else version; a merge: the builds that played its shards). Stamped on `manifest.json` when a folder
/// is written; the same config meaning, games and build give the same id in any folder.
pub fn run_id(config_text: &str, m: &Manifest) -> String {
    let meaning = toml::from_str::<toml::Table>(config_text)
        .ok()
        .and_then(|t| toml::to_string(&t).ok())
        .unwrap_or_else(|| config_text.to_string());
    // The build that played the games: a merge of one build's shards is their run.
    let build = if m.played_by.is_empty() {
        m.git_commit
            .clone()
            .unwrap_or_else(|| format!("v{}", m.robsim_version))
    } else {
        m.played_by.join("+")
    };
    let mut text = format!(
        "{meaning}\nseed={}\ngames_per_row={}\nbuild={build}\n",
        m.seed, m.games_per_row
    );
    // The content of every map and tile file read (none: the run id as before 2026-12-02).
    for f in &m.inputs {
        text.push_str(&format!("{}={}\n", f.file, f.sha256));
    }
    sha256_hex(text.as_bytes())[..12].to_string()
}

/// `manifest.json`: what produced a report folder. Written by `report::sweep` and read back by
/// `rerun` and `merge` through this one struct (fields added later default when absent).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub robsim_version: String,
    pub git_commit: Option<String>,
    /// The run: [`run_id`] of the config's meaning, seed, games per row and build. A run's
    /// shards, their merge and a rerun by the same build share it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub run_id: String,
    pub command: Vec<String>,
    pub config: String,
    /// SHA-256 of `config.toml` as written (hex): shards merge only with the same hash.
    pub config_sha256: String,
    pub seed: u64,
    pub games_per_row: u64,
    pub rows: usize,
    /// `--precision`: the target 95% half-width, batch size and cap (absent for fixed counts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<PrecisionManifest>,
    pub threads: usize,
    /// The slice of game indices this folder played (`--shard`), or none for the whole run.
    #[serde(default)]
    pub shard: Option<ShardInfo>,
    /// True when Ctrl-C cut the run short: `games_played` says how many games each row has.
    #[serde(default)]
    pub partial: bool,
    /// Games played per row written (equal to the slice's size unless `partial`).
    #[serde(default)]
    pub games_played: Vec<u64>,
    /// The shard folders this report was merged from (`robsim merge`), if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// The builds (commits) that played a merged report's games, where it was merged from
    /// folders: a report whose tables a later robsim wrote again from its saved games
    /// (`robsim merge DIR -o DIR`) names the commit that played them here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played_by: Vec<String>,
    /// A calibration's folder (`robsim calibrate`): `rerun` calibrates again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibration: Option<CalibrationInfo>,
    /// A ceiling's folder (`robsim ceiling`): the budgets it played up to and what each cost;
    /// `merge` and `--resume` read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceiling: Option<CeilingInfo>,
    /// A design's folder (`robsim design`): its runs and games; `rerun`, `--resume` and
    /// `merge` read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<DesignInfo>,
    /// The learned models and built-in knobs the rows played (absent when none did): which
    /// file, and its SHA-256.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub models: Vec<ModelRecord>,
    /// The map and tile files the rows read, each with the SHA-256 of its content (absent
    /// where only built-in ones were, which the build fixes): part of the run id, as a row's
    /// file is part of its settings key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputFile>,
    pub started_utc: String,
    pub elapsed_seconds: f64,
    /// Wall seconds of each step of the run, in order, where the command times its steps
    /// (`robsim learn`: per round its labelled games, fits, validation and held-out games): where
    /// the time went, and what more threads cannot shorten.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<Phase>,
    pub host_cpus: usize,
    /// Operating system, architecture and CPU model of the machine that ran it.
    pub machine: String,
    /// The schema its tables follow ([`upgrade::SCHEMA`] when written; 0 before 2026-12-02).
    #[serde(default)]
    pub schema: u32,
    /// The build that last brought its tables to a later schema (`robsim upgrade`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgraded_by: Option<upgrade::Upgraded>,
}

impl Manifest {
    /// The manifest of a command's folder (learn, calibrate, ceiling): this robsim, the commit,
    /// the command line, the config as written (`config.toml`) and its hash, the seed, threads,
    /// clock and machine; the games, rows and what else the command records are the caller's to
    /// set (empty here).
    pub fn of_command(
        args: Vec<String>,
        config_text: &str,
        seed: u64,
        threads: usize,
        started: std::time::SystemTime,
        elapsed_seconds: f64,
    ) -> Manifest {
        Manifest {
            robsim_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: git_commit().map(str::to_string),
            run_id: String::new(),
            command: args,
            config: "config.toml".into(),
            config_sha256: sha256_hex(config_text.as_bytes()),
            seed,
            games_per_row: 0,
            rows: 0,
            precision: None,
            threads,
            shard: None,
            partial: false,
            games_played: Vec::new(),
            merged_from: Vec::new(),
            played_by: Vec::new(),
            calibration: None,
            ceiling: None,
            design: None,
            models: Vec::new(),
            inputs: Vec::new(),
            started_utc: humantime::format_rfc3339_seconds(started).to_string(),
            elapsed_seconds: (elapsed_seconds * 1000.0).round() / 1000.0,
            phases: Vec::new(),
            host_cpus: std::thread::available_parallelism().map_or(1, |n| n.get()),
            machine: machine(),
            schema: upgrade::SCHEMA,
            upgraded_by: None,
        }
    }
}

/// One timed step of a run (manifest `phases`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Phase {
    pub name: String,
    /// Wall-clock seconds, to the millisecond.
    pub seconds: f64,
}

impl Phase {
    /// The step `name` that began at `t0`, ending now.
    pub fn since(name: String, t0: std::time::Instant) -> Phase {
        Phase {
            name,
            seconds: (t0.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        }
    }
}

/// What a design's folder records beyond its config and state (`design-state.json`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DesignInfo {
    /// The config's independent runs.
    pub runs: usize,
    /// The one run this folder explored (`--shard I/N`: no race, no confirmation), if a shard.
    pub run: Option<usize>,
    /// Games the search played in this sitting, the held-out games played in it, and the games
    /// held in the state in all (a resumed or merged folder holds games played before).
    pub search_games: u64,
    pub held_out_games: u64,
    pub games_in_state: u64,
}

/// What `rerun` needs of a calibration beyond its config.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalibrationInfo {
    /// `--games`: the most games any value played, if given.
    pub games: Option<u64>,
}

/// What a ceiling's folder records beyond its state: the highest budget this run played to
/// (`--max-budget`, else `ceiling.max_budget`), and each budget's clock, summed over the
/// sittings and shards that played it (run-time fields, like `elapsed_seconds`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CeilingInfo {
    pub max_budget: u32,
    pub clock: Vec<BudgetClock>,
}

/// One budget's clock in a ceiling: wall seconds, and wall seconds times threads (an upper bound
/// on the CPU time), summed over the sittings and shards that played it; the most threads any
/// of them used.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct BudgetClock {
    pub row: usize,
    pub budget: u32,
    pub seconds: f64,
    pub core_seconds: f64,
    pub threads: usize,
}

/// One shard's place in the run: slice `index` of `count` (0-based), game indices
/// `first_game..end_game`.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardInfo {
    pub index: u64,
    pub count: u64,
    pub first_game: u64,
    pub end_game: u64,
}

/// SHA-256 of `bytes`, in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// How a precision run was stopped (see `sweep::Budget`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrecisionManifest {
    pub target_halfwidth95: f64,
    pub batch_games: u64,
    pub max_games: u64,
}

/// A one-line description of this machine: OS, architecture, CPU model (Linux) and cores.
pub fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!(
        "{} {}, {model}, {cores} cores",
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}

/// The commit robsim was built from, when the build could ask git.
pub fn git_commit() -> Option<&'static str> {
    option_env!("ROBSIM_GIT_COMMIT").filter(|s| !s.is_empty())
}
