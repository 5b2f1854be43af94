//! `robsim upgrade`: an older folder brought to today's schema equals a fresh run's tables, keeps what played it, one it cannot express fails with nothing written; `--version` names the build.

use crate::support::cli::{read, robsim, tmp};
use std::path::Path;

/// `dir` as an older robsim (schema 0) wrote it: settings keys without their letter, no schema in
/// the manifest.
fn make_old(dir: &Path) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".csv") || name.ends_with(".html") || name.ends_with(".md") {
            let text = std::fs::read_to_string(&p).unwrap();
            // A key is `k` and 12 hex digits: drop the letter.
            let mut out = String::new();
            let b: Vec<char> = text.chars().collect();
            let mut i = 0;
            while i < b.len() {
                let starts = b[i] == 'k'
                    && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
                    && i + 13 <= b.len()
                    && b[i + 1..i + 13].iter().all(|c| c.is_ascii_hexdigit())
                    && b.get(i + 13).is_none_or(|c| !c.is_ascii_alphanumeric());
                if !starts {
                    out.push(b[i]);
                }
                i += 1;
            }
            std::fs::write(&p, out).unwrap();
        }
    }
    let m = dir.join("manifest.json");
    let mut j: serde_json::Value = serde_json::from_str(&read(dir, "manifest.json")).unwrap();
    j.as_object_mut().unwrap().remove("schema");
    std::fs::write(m, serde_json::to_string_pretty(&j).unwrap()).unwrap();
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&read(dir, "manifest.json")).unwrap()
}

fn tables(dir: &Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".csv"))
        .map(|n| (n.clone(), read(dir, &n)))
        .collect();
    v.sort();
    v
}

fn upgrade(args: &[&Path], extra: &[&str]) -> std::process::Output {
    robsim()
        .arg("upgrade")
        .args(extra)
        .args(args)
        .output()
        .unwrap()
}

/// A sweep's folder (saved statistics) and a luck report's (migrated), made old, come back
/// cell for cell as today's code writes them, under the command and clock that played them.
#[test]
fn an_old_folder_upgraded_equals_a_fresh_one_and_keeps_what_played_it() {
    let d = tmp("upgrade");
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/robert-small.toml");
    let sweep = d.join("sweep");
    let luck_cfg = d.join("luck.toml");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        &luck_cfg,
        "name = \"lk\"\nseed = 5\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\n[luck]\nrungs = [\"random\", \"team\"]\nboards = 20\ngames_per_board = 4\n",
    )
    .unwrap();
    let luck = d.join("luck");
    for (args, out) in [
        (vec!["sweep", cfg.to_str().unwrap(), "-g", "40"], &sweep),
        (vec!["luck", luck_cfg.to_str().unwrap()], &luck),
    ] {
        let o = robsim()
            .args(&args)
            .args(["-q", "-j", "2", "-o"])
            .arg(out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    for dir in [&sweep, &luck] {
        let fresh = tables(dir);
        let package = read(dir, "datapackage.json");
        let before = manifest(dir);
        let command = read(dir, "command.txt");
        make_old(dir);
        assert_ne!(tables(dir), fresh, "{}: made old", dir.display());
        let check = upgrade(&[dir], &["--check"]);
        assert_eq!(check.status.code(), Some(1), "--check of an old folder");
        assert_eq!(tables(dir), tables(dir), "--check writes nothing");
        let o = upgrade(&[dir], &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(tables(dir), fresh, "{}: upgraded", dir.display());
        assert_eq!(read(dir, "datapackage.json"), package, "{}", dir.display());
        let after = manifest(dir);
        for key in [
            "command",
            "started_utc",
            "elapsed_seconds",
            "threads",
            "run_id",
        ] {
            assert_eq!(after[key], before[key], "{}: {key} kept", dir.display());
        }
        assert_eq!(after["schema"], robsim::report::upgrade::SCHEMA);
        assert_eq!(after["upgraded_by"]["from_schema"], 0);
        assert!(after["played_by"].as_array().is_some_and(|v| !v.is_empty()));
        assert_eq!(read(dir, "command.txt"), command);
        // At today's schema there is nothing to do, and --check says so with exit 0.
        assert!(upgrade(&[dir], &["--check"]).status.success());
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Saved statistics that today's code cannot read are not an upgrade: the folder is named,
/// the exit is non-zero and no file changes; bad folders are refused before any is written.
#[test]
fn an_upgrade_it_cannot_express_fails_and_writes_nothing() {
    let d = tmp("upgrade-bad");
    let cfg = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/robert-small.toml");
    let dir = d.join("sweep");
    let o = robsim()
        .args(["sweep", cfg.to_str().unwrap(), "-g", "20", "-q", "-o"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(o.status.success());
    make_old(&dir);
    // A statistic today's rows need is missing from the saved state.
    let state = read(&dir, "state.json");
    let mut j: serde_json::Value = serde_json::from_str(&state).unwrap();
    j["rows"][0]["acc"] = serde_json::json!({"wins": 1});
    std::fs::write(dir.join("state.json"), j.to_string()).unwrap();
    let before = tables(&dir);
    let o = upgrade(&[&dir], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&dir.display().to_string()) && err.contains("command.txt"),
        "{err}"
    );
    assert_eq!(tables(&dir), before, "nothing written");
    assert_eq!(manifest(&dir)["schema"], serde_json::Value::Null);

    // Not a report folder, or one a later robsim wrote: exit 2, the file named, nothing done.
    let empty = d.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let o = upgrade(&[&dir, &empty], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("manifest.json"));
    let mut m = manifest(&dir);
    m["schema"] = serde_json::json!(robsim::report::upgrade::SCHEMA + 1);
    std::fs::write(dir.join("manifest.json"), m.to_string()).unwrap();
    let o = upgrade(&[&dir], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("upgrade robsim"));
    assert_eq!(tables(&dir), before);
    let _ = std::fs::remove_dir_all(&d);
}

/// `robsim --version` names the build and the schema its tables follow, as manifests do.
#[test]
fn the_version_names_the_build_and_the_schema() {
    let o = robsim().arg("--version").output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{text}");
    let schema = format!("schema {}", robsim::report::upgrade::SCHEMA);
    assert!(
        text.contains("(commit ") && text.contains(&schema),
        "{text}"
    );
    if let Some(c) = robsim::report::git_commit() {
        assert!(text.contains(c), "{text}");
    }
}
