//! Report folders brought to today's schema without playing their games again (`robsim upgrade`).
//!
//! A folder records the schema its tables follow (`manifest.json`'s `schema`; 0 before
//! 2026-12-02). Two ways bring it to [`SCHEMA`], chosen per folder by the command:
//!
//! - **Written again from its saved statistics.** A sweep's or ablation's folder keeps every
//!   row's exact accumulator (`state.json`), so today's code writes all its tables from them (the
//!   path `robsim merge` takes): renamed, retyped and added columns, keys, descriptions and the
//!   Data Package all come out as a fresh run would write them, with the same numbers.
//! - **Migrated.** Every other folder (luck, tune, calibrate, design, learn-value, ceiling) has its
//!   tables changed step by step by [`MIGRATIONS`]: each step a change that can be computed from
//!   what the folder holds (a column renamed, a key's form). Its Data Package follows, with
//!   today's descriptions.
//!
//! Either way the folder keeps the command, clock and build that played its games
//! ([`keep_provenance`]) and records the build that upgraded it (`upgraded_by`). A change that
//! neither way can express (a statistic the saved state lacks) is not an upgrade: the in-step
//! test (tests/cli/in_step.rs) names the folder and it is played again by its `command.txt`.

use crate::report::{git_commit, package, registry, write_atomic, Manifest};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The schema today's code writes. Raise it with every change to what a folder's tables hold
/// (a column renamed, added or retyped, a key's form), and add the [`Migration`] that takes a
/// folder of the schema before to it where one can.
pub const SCHEMA: u32 = 8;

/// One change a migration makes to a folder's tables.
#[derive(Clone, Copy, Debug)]
pub enum Step {
    /// Column `from` is called `to` in every table that has it (`table`: that table alone).
    Rename {
        table: Option<&'static str>,
        from: &'static str,
        to: &'static str,
    },
    /// Every non-empty value of these columns that does not yet start with `prefix` gets it, and
    /// every other text file of the folder (report.html, table.md) names the new value.
    PrefixKeys {
        columns: &'static [&'static str],
        prefix: &'static str,
    },
    /// Every table gets the column `run` first: the folder's run id on every line.
    RunColumn,
    /// Table `table` gets column `to` right after column `after`, holding on every line the
    /// value of column `from` (empty where the table has no `from`); a table without `after`
    /// or already holding `to` is left as it is.
    Copy {
        table: &'static str,
        from: &'static str,
        to: &'static str,
        after: &'static str,
    },
}

/// The changes from schema `to - 1` to `to`.
#[derive(Debug)]
pub struct Migration {
    pub to: u32,
    pub date: &'static str,
    /// What changed, in a sentence (printed by `robsim upgrade`).
    pub what: &'static str,
    pub steps: &'static [Step],
}

/// Every schema change since 0, in order.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        to: 1,
        date: "2026-12-02",
        what: "settings keys start with the letter k, so that no reader takes one for a number",
        steps: &[Step::PrefixKeys {
            columns: &["settings_key", "settings_key_a", "settings_key_b"],
            prefix: KEY_PREFIX,
        }],
    },
    Migration {
        to: 2,
        date: "2026-12-02",
        // Only an ablation's folder has ablation.csv, and it keeps its state.json: it is
        // written again from it. A migrated folder has nothing to change.
        what: "ablation.csv names each line's base row (base_row)",
        steps: &[],
    },
    Migration {
        to: 3,
        date: "2026-12-02",
        // summary.csv and table.csv are a sweep's, written again from its state.json; the two
        // sweeps whose state is kept out of git for size were played again. A migrated folder
        // has neither table.
        what: "why a shape cell is empty (certain_round_why and the decided measures' _why), \
               no certain round for a row never in doubt, and table.csv's rounds of won and \
               lost games and level notes",
        steps: &[],
    },
    Migration {
        to: 4,
        date: "2026-12-02",
        what: "every line of every table names its run (run: the manifest's run id), so that \
               tables stacked across folders keep each line's run",
        steps: &[Step::RunColumn],
    },
    Migration {
        to: 5,
        date: "2026-12-02",
        // Only datapackage.json changes: a migrated folder's package is written again.
        what: "each table's primary key is fixed by the table (package::TABLE_KEYS), declared \
               whatever its lines hold",
        steps: &[],
    },
    Migration {
        to: 6,
        date: "2026-12-02",
        // A migrated folder's package is written again; the summaries and rulebook tables
        // that change are a sweep's, written again from its state.json.
        what: "each column's type, unit and meaning come from the column registry \
               (docs/reference/columns.toml), per table, and foreign keys from the tables each \
               table joins there; every game's summary.csv shares the same names for the same \
               ideas (the tile set is `map`; wins, capouts, partial, turns and rounds in every \
               game); table.csv's level is empty where the game has none",
        steps: &[],
    },
    Migration {
        to: 7,
        date: "2026-12-02",
        // A sweep's summary is written again from its state.json; one whose state git does
        // not keep gets its level from its difficulty column, which is what today's code
        // writes there (those folders' rows all have one).
        what: "every game's summary.csv names each row's level (level, after player: the \
               value table.csv's level has), so that summaries of every game stack on it",
        steps: &[Step::Copy {
            table: "summary.csv",
            from: "difficulty",
            to: "level",
            after: "player",
        }],
    },
    Migration {
        to: 8,
        date: "2026-12-02",
        // A sweep's summary is written again from its state.json; the folders migrated
        // instead hold rows of a game with levels only, which keep theirs.
        what: "a summary's level is written only for games with levels: a summary of games \
               without levels alone no longer holds an empty column",
        steps: &[],
    },
];
/// The letter every settings key starts with (schema 1 on).
pub const KEY_PREFIX: &str = "k";

/// The build that upgraded a folder last, and how.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Upgraded {
    /// The commit (else `v` and the version) of the robsim that upgraded it.
    pub build: String,
    pub utc: String,
    pub from_schema: u32,
    /// `written again from state.json` or `migrated`.
    pub how: String,
}

/// This build, as manifests name it.
pub fn this_build() -> String {
    git_commit().map_or_else(|| format!("v{}", env!("CARGO_PKG_VERSION")), str::to_string)
}

/// `written`, the manifest of a folder's tables as today's code wrote them again, with what the
/// original run recorded (`old`): its command, clock, threads, machine and run id, and the
/// builds that played its games; stamped as upgraded from `old.schema` by this build (`how`).
pub fn keep_provenance(written: Manifest, old: &Manifest, how: &str) -> Manifest {
    let played_by = if old.played_by.is_empty() {
        old.git_commit.iter().cloned().collect()
    } else {
        old.played_by.clone()
    };
    Manifest {
        command: old.command.clone(),
        run_id: old.run_id.clone(),
        threads: old.threads,
        started_utc: old.started_utc.clone(),
        elapsed_seconds: old.elapsed_seconds,
        phases: old.phases.clone(),
        host_cpus: old.host_cpus,
        machine: old.machine.clone(),
        merged_from: old.merged_from.clone(),
        played_by,
        schema: SCHEMA,
        upgraded_by: Some(Upgraded {
            build: this_build(),
            utc: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            from_schema: old.schema,
            how: how.to_string(),
        }),
        ..written
    }
}

/// The steps from schema `from` to [`SCHEMA`], in order.
///
/// # Errors
/// `from` is newer than this build's schema (a folder a later robsim wrote).
pub fn steps_from(from: u32) -> Result<Vec<&'static Step>> {
    if from > SCHEMA {
        bail!("its tables follow schema {from}, newer than this robsim's {SCHEMA}: upgrade robsim");
    }
    Ok(MIGRATIONS
        .iter()
        .filter(|m| m.to > from)
        .flat_map(|m| m.steps.iter())
        .collect())
}

/// One CSV table (`name`, its bytes) with `steps` applied; the key values it changed (old, new)
/// are added to `renamed`.
///
/// # Errors
/// The table does not parse as CSV.
pub fn migrate_csv(
    name: &str,
    bytes: &[u8],
    steps: &[&Step],
    renamed: &mut BTreeMap<String, String>,
    run: &str,
) -> Result<Vec<u8>> {
    let mut r = csv::Reader::from_reader(bytes);
    let mut head: Vec<String> = r
        .headers()
        .with_context(|| format!("{name}: not a CSV table"))?
        .iter()
        .map(String::from)
        .collect();
    let mut rows: Vec<Vec<String>> = r
        .records()
        .map(|rec| rec.map(|r| r.iter().map(String::from).collect()))
        .collect::<std::result::Result<_, _>>()
        .with_context(|| format!("{name}: not a CSV table"))?;
    for step in steps {
        match **step {
            Step::Rename { table, from, to } => {
                if table.is_some_and(|t| t != name) {
                    continue;
                }
                for h in head.iter_mut().filter(|h| *h == from) {
                    *h = to.to_string();
                }
            }
            Step::PrefixKeys { columns, prefix } => {
                for (i, _) in head
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| columns.contains(&h.as_str()))
                {
                    for row in &mut rows {
                        let v = &mut row[i];
                        if !v.is_empty() && !v.starts_with(prefix) {
                            let new = format!("{prefix}{v}");
                            renamed.insert(v.clone(), new.clone());
                            *v = new;
                        }
                    }
                }
            }
            Step::Copy {
                table,
                from,
                to,
                after,
            } => {
                if table != name || head.iter().any(|h| h == to) {
                    continue;
                }
                let Some(at) = head.iter().position(|h| h == after) else {
                    continue;
                };
                let src = head.iter().position(|h| h == from);
                head.insert(at + 1, to.to_string());
                for row in &mut rows {
                    let v = src.map(|i| row[i].clone()).unwrap_or_default();
                    row.insert(at + 1, v);
                }
            }
            Step::RunColumn => {
                if head.first().map(String::as_str) != Some("run") {
                    head.insert(0, "run".into());
                    for row in &mut rows {
                        row.insert(0, run.to_string());
                    }
                }
            }
        }
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&head)?;
    for row in &rows {
        w.write_record(row)?;
    }
    w.into_inner().context("flushing a CSV table")
}

/// `text` with every whole-word occurrence of a renamed key replaced (a key is a run of letters
/// and digits, so a longer word that holds one is left alone).
pub fn replace_keys(text: &str, renamed: &BTreeMap<String, String>) -> String {
    if renamed.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match renamed.get(word.as_str()) {
            Some(new) => out.push_str(new),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The folder's `datapackage.json` after `steps`: fields renamed, today's descriptions where
/// today's code has one for the field (kept otherwise).
fn migrate_package(text: &str, steps: &[&Step]) -> Result<String> {
    let mut p: serde_json::Value = serde_json::from_str(text).context("datapackage.json")?;
    let reg = registry::registry();
    let tables: Vec<String> = p["resources"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["path"].as_str().map(str::to_string))
        .collect();
    let names: Vec<&str> = tables.iter().map(String::as_str).collect();
    for r in p["resources"].as_array_mut().into_iter().flatten() {
        let table = r["path"].as_str().unwrap_or("").to_string();
        let rename = |name: &str| -> String {
            let mut n = name.to_string();
            for s in steps {
                if let Step::Rename { table: t, from, to } = **s {
                    if n == from && t.is_none_or(|t| t == table) {
                        n = to.to_string();
                    }
                }
            }
            n
        };
        let schema = &mut r["schema"];
        for s in steps {
            if let Step::Copy {
                table: t,
                to,
                after,
                ..
            } = **s
            {
                let Some(fields) = schema["fields"].as_array_mut() else {
                    continue;
                };
                let has = |n: &str| fields.iter().any(|f| f["name"].as_str() == Some(n));
                if t != table || has(to) {
                    continue;
                }
                if let Some(at) = fields
                    .iter()
                    .position(|f| f["name"].as_str() == Some(after))
                {
                    fields.insert(at + 1, serde_json::json!({"name": to, "type": "string"}));
                }
            }
        }
        let first = schema["fields"][0]["name"].as_str() == Some("run");
        if steps.iter().any(|s| matches!(s, Step::RunColumn)) && !first {
            if let Some(fields) = schema["fields"].as_array_mut() {
                fields.insert(0, serde_json::json!({"name": "run", "type": "string"}));
            }
        }
        let header: Vec<String> = schema["fields"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|f| rename(f["name"].as_str().unwrap_or("")))
            .collect();
        // Each field's type, unit and meaning from today's registry (the type the older
        // build wrote where the registry has no entry).
        let entry = reg.table(&table, &header);
        for f in schema["fields"].as_array_mut().into_iter().flatten() {
            let name = rename(f["name"].as_str().unwrap_or(""));
            let col = entry.and_then(|t| t.column(&name));
            let kind = col
                .and_then(|c| package::Kind::named(&c.kind))
                .or_else(|| f["type"].as_str().and_then(package::Kind::named));
            *f = package::field(&name, kind, col);
        }
        // The table's fixed key (`package::TABLE_KEYS`), whatever an older build guessed.
        match (package::table_key(&table, &header), schema.as_object_mut()) {
            (Some(pk), Some(o)) => {
                o.insert("primaryKey".into(), serde_json::json!(pk));
            }
            (None, Some(o)) => {
                o.remove("primaryKey");
            }
            _ => {}
        }
        // The registry's joins, among the tables the package lists.
        let fks = package::foreign_keys(entry, &header, &names);
        if let Some(o) = schema.as_object_mut() {
            if fks.is_empty() {
                o.remove("foreignKeys");
            } else {
                o.insert("foreignKeys".into(), serde_json::Value::Array(fks));
            }
        }
    }
    Ok(serde_json::to_string_pretty(&p)? + "\n")
}

/// Refuses a folder whose tables follow another schema than this build's, for a command that
/// reads them back as its own (`merge`, `rerun`): the error names the build that wrote it and
/// each change between the two schemas, and what to run instead.
///
/// # Errors
/// The folder's schema is older or newer than [`SCHEMA`].
pub fn check_current(dir: &Path, m: &Manifest) -> Result<()> {
    if m.schema == SCHEMA {
        return Ok(());
    }
    let build = match &m.git_commit {
        Some(c) => format!("robsim {} (commit {c})", m.robsim_version),
        None => format!("robsim {}", m.robsim_version),
    };
    if m.schema > SCHEMA {
        bail!(
            "{}: written by {build} under schema {}, newer than this robsim's {SCHEMA}; allowed: a robsim of schema {} or later",
            dir.display(),
            m.schema,
            m.schema
        );
    }
    let what: Vec<String> = MIGRATIONS
        .iter()
        .filter(|g| g.to > m.schema)
        .map(|g| format!("schema {}: {}", g.to, g.what))
        .collect();
    bail!(
        "{}: written by {build} under schema {}, and this robsim writes schema {SCHEMA} ({}); allowed: `robsim upgrade {}` first, or play it again by its command.txt",
        dir.display(),
        m.schema,
        what.join("; "),
        dir.display()
    )
}

/// The run id of the folder `dir`: its manifest's, else computed from its config as a folder
/// written now would stamp it.
pub fn folder_run(dir: &Path, m: &Manifest) -> String {
    if !m.run_id.is_empty() {
        return m.run_id.clone();
    }
    let config = std::fs::read_to_string(dir.join(&m.config)).unwrap_or_default();
    crate::report::run_id(&config, m)
}

/// What an upgrade did to one folder.
#[derive(Debug, Default)]
pub struct Outcome {
    pub tables: usize,
    pub keys: usize,
}

/// Migrates the folder `dir` (manifest `old`) to [`SCHEMA`] in place: its CSV tables by the
/// steps since `old.schema`, its text files' keys, its Data Package, and its manifest (kept
/// provenance, `upgraded_by`). Every file is written to a temporary name and renamed.
///
/// # Errors
/// A table does not parse, or a file cannot be written.
pub fn migrate_folder(dir: &Path, old: &Manifest) -> Result<Outcome> {
    let steps = steps_from(old.schema)?;
    let mut renamed = BTreeMap::new();
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let run = folder_run(dir, old);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .with_context(|| format!("{}: cannot read it", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    let mut out = Outcome::default();
    for n in names.iter().filter(|n| n.ends_with(".csv")) {
        let bytes = std::fs::read(dir.join(n))?;
        let new = migrate_csv(n, &bytes, &steps, &mut renamed, &run)?;
        out.tables += 1;
        if new != bytes {
            files.push((n.clone(), new));
        }
    }
    out.keys = renamed.len();
    for n in names
        .iter()
        .filter(|n| n.ends_with(".html") || n.ends_with(".md"))
    {
        let text = std::fs::read_to_string(dir.join(n))?;
        let new = replace_keys(&text, &renamed);
        if new != text {
            files.push((n.clone(), new.into_bytes()));
        }
    }
    if let Ok(text) = std::fs::read_to_string(dir.join("datapackage.json")) {
        files.push((
            "datapackage.json".into(),
            migrate_package(&text, &steps)?.into(),
        ));
    }
    // Written by this build (`git_commit`), played by the builds the folder names.
    let written = Manifest {
        robsim_version: env!("CARGO_PKG_VERSION").to_string(),
        git_commit: git_commit().map(str::to_string),
        ..old.clone()
    };
    let mut manifest = keep_provenance(written, old, "migrated");
    if manifest.run_id.is_empty() {
        manifest.run_id = run;
    }
    files.push((
        "manifest.json".into(),
        (serde_json::to_string_pretty(&manifest)? + "\n").into_bytes(),
    ));
    for (n, bytes) in &files {
        write_atomic(&dir.join(n), bytes)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The run column goes first, once, with the folder's run id on every line; its package
    /// field too.
    #[test]
    fn every_table_gets_its_run_once() {
        let steps = [&Step::RunColumn];
        let mut renamed = BTreeMap::new();
        let csv = b"row,games\n0,10\n1,20\n";
        let once = migrate_csv("summary.csv", csv, &steps, &mut renamed, "abc").unwrap();
        assert_eq!(once, b"run,row,games\nabc,0,10\nabc,1,20\n");
        let twice = migrate_csv("summary.csv", &once, &steps, &mut renamed, "xyz").unwrap();
        assert_eq!(twice, once);
        let pkg = r#"{"resources": [{"path": "summary.csv", "schema": {"fields": [{"name": "row", "type": "integer"}]}}]}"#;
        let out = migrate_package(pkg, &steps).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let fields = &v["resources"][0]["schema"]["fields"];
        assert_eq!(fields[0]["name"], "run");
        assert_eq!(fields[0]["type"], "string");
        assert_eq!(fields[1]["name"], "row");
        let again = migrate_package(&out, &steps).unwrap();
        assert_eq!(again, out);
    }

    #[test]
    fn a_copied_column_lands_after_its_place_once_and_in_its_table_only() {
        let steps = [&Step::Copy {
            table: "summary.csv",
            from: "difficulty",
            to: "level",
            after: "player",
        }];
        let mut renamed = BTreeMap::new();
        let csv = b"row,player,games,difficulty\n0,team,10,hard\n1,team,20,\n";
        let once = migrate_csv("summary.csv", csv, &steps, &mut renamed, "r").unwrap();
        assert_eq!(
            once,
            b"row,player,level,games,difficulty\n0,team,hard,10,hard\n1,team,,20,\n"
        );
        let twice = migrate_csv("summary.csv", &once, &steps, &mut renamed, "r").unwrap();
        assert_eq!(twice, once);
        // Another table, or one without the column it goes after: as it was.
        assert_eq!(
            migrate_csv("table.csv", csv, &steps, &mut renamed, "r").unwrap(),
            csv
        );
        let other = b"row,games\n0,1\n";
        assert_eq!(
            migrate_csv("summary.csv", other, &steps, &mut renamed, "r").unwrap(),
            other
        );
        // Its package lists it in the same place, once.
        let pkg = r#"{"resources": [{"path": "summary.csv", "schema": {"fields": [{"name": "row", "type": "integer"}, {"name": "player", "type": "string"}, {"name": "games", "type": "integer"}]}}]}"#;
        let out = migrate_package(pkg, &steps).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let names: Vec<&str> = v["resources"][0]["schema"]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["row", "player", "level", "games"]);
        assert_eq!(migrate_package(&out, &steps).unwrap(), out);
    }

    #[test]
    fn a_key_gets_its_letter_once_and_a_rename_follows_the_table() {
        let steps = [
            &Step::PrefixKeys {
                columns: &["settings_key"],
                prefix: "k",
            },
            &Step::Rename {
                table: Some("luck.csv"),
                from: "games",
                to: "games_played",
            },
        ];
        let mut renamed = BTreeMap::new();
        let csv = b"settings_key,games\n024808282e79,10\nk0123456789ab,3\n,4\n";
        let out = migrate_csv("luck.csv", csv, &steps, &mut renamed, "r1").unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "settings_key,games_played\nk024808282e79,10\nk0123456789ab,3\n,4\n"
        );
        assert_eq!(renamed.len(), 1);
        let other = migrate_csv("pairs.csv", b"games\n1\n", &steps, &mut renamed, "r1").unwrap();
        assert_eq!(other, b"games\n1\n");
        let text = "<td>024808282e79</td> x024808282e79 024808282e79.";
        assert_eq!(
            replace_keys(text, &renamed),
            "<td>k024808282e79</td> x024808282e79 k024808282e79."
        );
    }

    #[test]
    fn a_package_gets_its_fixed_key_and_its_renames_and_no_empty_keys() {
        let text = r#"{"resources": [
            {"path": "luck.csv", "schema": {"fields": [{"name": "row", "type": "integer"},
             {"name": "player", "type": "string"}, {"name": "games", "type": "integer"}],
             "primaryKey": ["row"]}},
            {"path": "pairs.csv", "schema": {"fields": [{"name": "games", "type": "integer"}]}}
        ]}"#;
        let steps = [&Step::Rename {
            table: Some("luck.csv"),
            from: "games",
            to: "games_played",
        }];
        let p: serde_json::Value =
            serde_json::from_str(&migrate_package(text, &steps).unwrap()).unwrap();
        let (luck, pairs) = (&p["resources"][0]["schema"], &p["resources"][1]["schema"]);
        assert_eq!(luck["fields"][2]["name"], "games_played");
        // The table's fixed key, not the one an older build guessed from its lines.
        assert_eq!(luck["primaryKey"], serde_json::json!(["row", "player"]));
        assert_eq!(pairs["fields"][0]["name"], "games");
        let keys: Vec<&String> = pairs.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["fields"], "no primaryKey or foreignKeys added");
    }

    #[test]
    fn the_migrations_reach_todays_schema_in_order() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.to as usize, i + 1, "{m:?}");
        }
        assert_eq!(MIGRATIONS.last().map_or(0, |m| m.to), SCHEMA);
        assert!(steps_from(SCHEMA + 1).is_err());
        assert!(steps_from(SCHEMA).unwrap().is_empty());
    }
}
