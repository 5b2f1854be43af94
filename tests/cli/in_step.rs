//! Every committed report in step with the code: its tables carry the columns its command writes.
//!
//! Each folder under `reports/` is written again on a few games (or, where it kept the games'
//! statistics in `state.json`, its tables are written again from them by `robsim merge`, which
//! plays nothing), and every committed CSV must have the header the command writes today (and,
//! written from saved statistics, the very cells) and its manifest today's schema; a table the
//! command writes today that the folder lacks is an error too. `robsim upgrade` brings a folder
//! in step where the change is one of names, keys or columns computed from what it holds (a test
//! below upgrades a stale copy and checks it passes). Reports that can only be
//! brought in step by playing them again (hours on two cores) are listed in [`AWAITING_RERUN`]
//! with what they lack, and must still be out of step: a rerun takes them off the list.

use crate::support::cli::{files_under, read, robsim, tmp, without_run};
use std::path::{Path, PathBuf};

/// Reports that lack columns only new games can fill (the model a row played, the shape of its
/// games) or that keep no saved games to write their tables again from, hours on two cores, to
/// be played again by their commands in shards; each is checked to be still stale. None now:
/// the last, robert-ceiling-search, was played again by 2026-12-01.
const AWAITING_RERUN: &[&str] = &[];

fn csv_header(path: &Path) -> Vec<String> {
    let mut r = csv::Reader::from_path(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    r.headers().unwrap().iter().map(String::from).collect()
}

fn csvs(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".csv"))
        .collect();
    v.sort();
    v
}

/// The files a report folder's `.gitignore` leaves out of the repository on purpose (for size).
fn left_out(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join(".gitignore"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// What differs between the committed tables in `old` and those written today in `new`.
fn differences(old: &Path, new: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let ignored = left_out(old);
    for f in csvs(old) {
        if !new.join(&f).exists() {
            out.push(format!("{f}: no longer written"));
            continue;
        }
        let (a, b) = (csv_header(&old.join(&f)), csv_header(&new.join(&f)));
        if a != b {
            let missing: Vec<&String> = b.iter().filter(|c| !a.contains(c)).collect();
            let gone: Vec<&String> = a.iter().filter(|c| !b.contains(c)).collect();
            out.push(format!(
                "{f}: lacks {missing:?}, has {gone:?} no longer written{}",
                if missing.is_empty() && gone.is_empty() {
                    " (column order differs)"
                } else {
                    ""
                }
            ));
        }
    }
    for f in csvs(new) {
        if !old.join(&f).exists() && !ignored.contains(&f) {
            out.push(format!("{f}: written today, not committed"));
        }
    }
    // The Data Package: present where written today, with today's types and keys.
    let types = |dir: &Path| -> Option<Vec<String>> {
        let text = std::fs::read_to_string(dir.join("datapackage.json")).ok()?;
        let p: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut v = Vec::new();
        for r in p["resources"].as_array().unwrap() {
            for f in r["schema"]["fields"].as_array().unwrap() {
                v.push(format!("{} {} {}", r["path"], f["name"], f["type"]));
            }
            v.push(format!("{} key {}", r["path"], r["schema"]["primaryKey"]));
        }
        Some(v)
    };
    // Every column written today has a meaning in the column registry.
    if let Ok(text) = std::fs::read_to_string(new.join("datapackage.json")) {
        let p: serde_json::Value = serde_json::from_str(&text).unwrap();
        for r in p["resources"].as_array().unwrap() {
            for f in r["schema"]["fields"].as_array().unwrap() {
                if f.get("description").is_none() {
                    out.push(format!(
                        "{}: column {} has no entry in the column registry (docs/reference/columns.toml)",
                        r["path"], f["name"]
                    ));
                }
            }
        }
    }
    match (types(old), types(new)) {
        (None, Some(_)) => out.push("datapackage.json: written today, not committed".into()),
        (Some(a), Some(b)) if a != b => {
            // A column empty on every line of the few games played today is `any`; a table the
            // folder's .gitignore leaves out is not in its committed package.
            let kept = |x: &&String| !ignored.iter().any(|f| x.starts_with(&format!("\"{f}\" ")));
            let typed = |x: &&String| !x.ends_with("\"any\"") && kept(x);
            let known: Vec<&String> = a.iter().filter(typed).collect();
            let differ: Vec<&String> = b
                .iter()
                .filter(typed)
                .filter(|x| !known.contains(x))
                .collect();
            if !differ.is_empty() {
                out.push(format!(
                    "datapackage.json: today's types or keys differ: {differ:?}"
                ));
            }
        }
        _ => {}
    }
    out
}

/// `config` as a TOML table with `edits` applied (dotted keys into tables), written to `to`.
fn patched(config: &Path, edits: &[(&str, toml::Value)], to: &Path) -> PathBuf {
    let text = std::fs::read_to_string(config).unwrap();
    let mut t: toml::Table = toml::from_str(&text).unwrap();
    for (key, value) in edits {
        let mut parts: Vec<&str> = key.split('.').collect();
        let last = parts.pop().unwrap();
        let mut at = Some(&mut t);
        for p in parts {
            at = at.and_then(|a| a.get_mut(p)).and_then(|v| v.as_table_mut());
        }
        // Only keys the config sets are lowered (a missing table or key: left as it is).
        if let Some(at) = at.filter(|a| a.contains_key(last)) {
            at.insert(last.to_string(), value.clone());
        }
    }
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::write(to, toml::to_string(&t).unwrap()).unwrap();
    to.to_path_buf()
}

/// The first search budget of a ceiling config's player (`rollout-16:learned` gives 16).
fn first_budget(config: &Path) -> String {
    let t: toml::Table = toml::from_str(&std::fs::read_to_string(config).unwrap()).unwrap();
    let policy = t["grid"]["policy"].to_string();
    let digits: String = policy
        .split_once('-')
        .map(|(_, rest)| rest.chars().take_while(char::is_ascii_digit).collect())
        .unwrap_or_default();
    assert!(
        !digits.is_empty(),
        "{}: no budget in {policy}",
        config.display()
    );
    digits
}

/// Writes `dir`'s tables again today into `to`, playing as few games as its command allows;
/// true where they were written from its saved statistics (every number the same).
fn write_again(dir: &Path, to: &Path) -> bool {
    let scratch = to.with_extension("toml");
    let config = dir.join("config.toml");
    let mut cmd = robsim();
    // Flags every command but merge takes, after the subcommand's own arguments.
    let mut quiet = true;
    let command = std::fs::read_to_string(dir.join("command.txt"))
        .unwrap_or_else(|e| panic!("{}: command.txt: {e}", dir.display()));
    let mut sub = command.split_whitespace().nth(1).unwrap_or("").to_string();
    // A merge of `robsim ceiling --shard` folders is a climb: written again as one.
    if sub == "merge" && dir.join("ceiling.csv").exists() {
        sub = "ceiling".into();
    }
    // A folder written again from its saved games whose state.json the repository leaves
    // out (robert-knob-space): played again as the sweep or ablation it was.
    if sub == "merge" && !dir.join("state.json").exists() {
        sub = if dir.join("ablation.csv").exists() {
            "ablate".into()
        } else {
            "sweep".into()
        };
    }
    let from_state = dir.join("state.json").exists() && sub != "ceiling";
    if from_state {
        cmd.arg("merge").arg(dir);
        quiet = false;
    } else {
        match sub.as_str() {
            "luck" => {
                // Enough boards for the board-feature fit where the folder has one.
                let boards = if dir.join("features.csv").exists() {
                    "30"
                } else {
                    "3"
                };
                cmd.arg("luck").arg(&config);
                cmd.args(["--boards", boards, "-g", "2"]);
            }
            // A sweep whose saved games are left out of the repository (its .gitignore).
            // Its per-row pilot games (`[shape] recalibrate`) lowered to the fewest allowed.
            "sweep" | "ablate" => {
                let small = patched(&config, &[("shape.recalibrate", 50.into())], &scratch);
                cmd.arg(&sub).arg(small).args(["-g", "4"]);
            }
            "tune" => {
                cmd.arg("tune").arg(&config);
                cmd.args(["--train-games", "20", "--test-games", "20", "--rounds", "1"]);
            }
            "calibrate" => {
                cmd.arg("calibrate").arg(&config).args(["-g", "8"]);
            }
            "ceiling" => {
                let small = patched(&config, &[("games", 2.into())], &scratch);
                // A climb of several budgets writes each doubling's gain (and keys its lines by
                // row and budget): play two budgets where the committed table has them.
                let mut budget = first_budget(&config);
                if csv_header(&dir.join("ceiling.csv"))
                    .iter()
                    .any(|c| c == "gain")
                {
                    budget = (budget.parse::<u32>().unwrap() * 2).to_string();
                }
                cmd.arg("ceiling")
                    .arg(small)
                    .args(["--max-budget", &budget]);
            }
            "design" => {
                let edits = [
                    ("games", 20.into()),
                    ("design.budget", 2000.into()),
                    ("design.batch", 20.into()),
                    ("design.max_batches", 2.into()),
                    ("design.race", 2.into()),
                    // An exhaustive space may hold more settings than this budget plays once.
                    ("design.search", "ntbea".into()),
                ];
                cmd.arg("design").arg(patched(&config, &edits, &scratch));
            }
            "learn-value" => {
                let edits = [
                    ("value.train_games", 30.into()),
                    ("value.test_games", 20.into()),
                ];
                cmd.arg("learn-value")
                    .arg(patched(&config, &edits, &scratch));
            }
            other => panic!("{}: no way to write `{other}` again", dir.display()),
        }
    }
    if quiet {
        cmd.args(["-q", "-j", "2"]);
    }
    let out = cmd.arg("-o").arg(to).output().unwrap();
    assert!(
        out.status.success(),
        "{}: writing it again failed: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    from_state
}

/// The committed tables that differ, cell for cell, from those today's code writes from the
/// same saved statistics (a key's form, a rounding, a renamed value: `robsim upgrade` brings
/// them in step).
/// The `run` column is left out of the comparison (a fresh merge by this build stamps its own
/// run id) and checked instead to hold the folder's manifest's run id on every line.
fn values_differ(old: &Path, new: &Path) -> Vec<String> {
    let manifest: serde_json::Value =
        serde_json::from_str(&read(old, "manifest.json")).unwrap_or_default();
    let run = manifest["run_id"].as_str().unwrap_or("").to_string();
    let text = |dir: &Path, f: &str| std::fs::read_to_string(dir.join(f)).ok();
    let mut bad: Vec<String> = csvs(old)
        .into_iter()
        .filter(|f| {
            text(old, f).is_some_and(|t| {
                !t.starts_with("run,")
                    || t.lines()
                        .skip(1)
                        .any(|l| !l.starts_with(&format!("{run},")))
            })
        })
        .map(|f| format!("{f}: its run column is not the manifest's run_id {run:?} on every line"))
        .collect();
    bad.extend(
        csvs(old)
            .into_iter()
            .filter(|f| new.join(f).exists())
            .filter(|f| {
                text(old, f).map(|t| without_run(&t)) != text(new, f).map(|t| without_run(&t))
            })
            .map(|f| format!("{f}: values differ from what today's code writes from state.json")),
    );
    bad
}

#[test]
fn every_committed_report_has_the_columns_its_command_writes_today() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let scratch = tmp("in-step");
    // Every report folder, at the top and under reports/research/: one run each.
    let mut names: Vec<String> = files_under(&root, &|p| {
        p.file_name().is_some_and(|n| n == "manifest.json")
    })
    .iter()
    .map(|m| {
        m.parent()
            .unwrap()
            .strip_prefix(&root)
            .unwrap()
            .display()
            .to_string()
    })
    .collect();
    names.sort();
    let mut stale = Vec::new();
    let mut still_listed = Vec::new();
    for name in &names {
        let dir = root.join(name);
        let to = scratch.join(name.replace('/', "-"));
        let t0 = std::time::Instant::now();
        let from_state = write_again(&dir, &to);
        eprintln!("{name}: {:.1} s", t0.elapsed().as_secs_f64());
        let mut found = differences(&dir, &to);
        if from_state && found.is_empty() {
            found = values_differ(&dir, &to);
        }
        // Every folder follows today's schema (robsim upgrade --check says which do not).
        let m: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap())
                .unwrap();
        let schema = m["schema"].as_u64().unwrap_or(0);
        if schema != u64::from(robsim::report::upgrade::SCHEMA) {
            found.push(format!(
                "manifest.json: schema {schema}, today's is {}",
                robsim::report::upgrade::SCHEMA
            ));
        }
        let diffs: Vec<String> = found.into_iter().map(|d| format!("{name}: {d}")).collect();
        let awaiting = AWAITING_RERUN.contains(&name.as_str());
        match (awaiting, diffs.is_empty()) {
            (false, false) => stale.extend(diffs),
            (true, true) => still_listed.push(name.clone()),
            _ => {}
        }
    }
    for listed in AWAITING_RERUN {
        assert!(
            names.iter().any(|n| n == listed),
            "AWAITING_RERUN names {listed}, which is not under reports/"
        );
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        still_listed.is_empty(),
        "in step now, take them off AWAITING_RERUN: {still_listed:?}"
    );
    assert!(
        stale.is_empty(),
        "committed reports out of step with today's code (`robsim upgrade DIR` where the change is one of names, keys or columns computed from what the folder holds; else play them again by their command.txt):\n{}",
        stale.join("\n")
    );
}

/// What `robsim rerun` of a committed report would play is what it played: every model its
/// manifest records is a file of the repository with that SHA-256, and one it records as
/// built in is one today's binary builds in (the models a config without a `[learned]` table
/// plays). Reports awaiting a rerun are left out: they are stale by definition.
#[test]
fn every_committed_report_played_models_the_repository_holds() {
    use robsim::config::learn::{BUILTIN_MODELS, BUILTIN_RULE_MODELS};
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let built_in: Vec<&str> = BUILTIN_MODELS
        .iter()
        .map(|b| b.1)
        .chain(BUILTIN_RULE_MODELS.iter().map(|r| r.1 .0))
        .collect();
    let found = files_under(&root.join("reports"), &|p| {
        p.file_name().is_some_and(|n| n == "manifest.json")
    });
    let mut checked = 0;
    let mut bad = Vec::new();
    for m in &found {
        let rel = m.strip_prefix(root).unwrap().display().to_string();
        if AWAITING_RERUN
            .iter()
            .any(|a| rel.starts_with(&format!("reports/{a}/")))
        {
            continue;
        }
        let j: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(m).unwrap()).unwrap();
        for r in j["models"].as_array().into_iter().flatten() {
            let (source, sha) = (r["source"].as_str().unwrap(), r["sha256"].as_str().unwrap());
            let path = source.strip_prefix("built-in ").unwrap_or(source);
            checked += 1;
            match std::fs::read(root.join(path)) {
                Err(_) => bad.push(format!("{rel}: {source}: no such file")),
                Ok(b) if robsim::report::sha256_hex(&b) != sha => bad.push(format!(
                    "{rel}: {source}: the file's sha256 is not the {sha} it played"
                )),
                Ok(_) => {}
            }
            if source.starts_with("built-in ") && !built_in.contains(&path) {
                bad.push(format!(
                    "{rel}: {source}: not built in today (built in: {built_in:?})"
                ));
            }
        }
    }
    assert!(checked > 30, "only {checked} model records found");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
