//! `robsim ceiling`: each row's budget doubled on the same games until the stop rule holds, the same table on 1 and 2 threads, and bad configs refused naming the key, exit 2, nothing written.

use crate::support::cli::{csv_rows, read, robsim, run_ok, tmp};

fn config(policy: &str, ceiling: &str) -> String {
    format!(
        "name = \"tiny-ceiling\"\nseed = 11\ngames = 24\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = [\"impossible\", \"easy\"]\npolicy = \"{policy}\"\n[ceiling]\n{ceiling}"
    )
}

/// A stop rule nothing meets climbs to `max_budget` on every row; one everything meets stops at
/// the first doubling. The table (but for the clock's columns) is the same on 1 and 2 threads.
#[test]
fn ceiling_doubles_until_the_rule_holds() {
    let d = tmp("ceiling");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("never.toml");
    std::fs::write(
        &cfg,
        config(
            "rollout-1:team",
            "max_budget = 4\ngain_points = 0.001\nupper_points = 0.001\n",
        ),
    )
    .unwrap();
    let mut tables = Vec::new();
    for threads in ["1", "2"] {
        let out = d.join(format!("never{threads}"));
        let stdout = run_ok(&[
            "ceiling",
            cfg.to_str().unwrap(),
            "-j",
            threads,
            "-o",
            out.to_str().unwrap(),
            "-q",
        ]);
        assert!(stdout.contains("not converged"), "{stdout}");
        let rows = csv_rows(&read(&out, "ceiling.csv"));
        let budgets: Vec<&str> = rows.iter().map(|r| r["budget"].as_str()).collect();
        assert_eq!(budgets, ["1", "2", "4", "1", "2", "4"]);
        assert_eq!(rows[2]["policy"], "rollout-4:team");
        assert!(rows
            .iter()
            .all(|r| r["converged"] == "false" && r["games"] == "24"));
        assert_eq!(
            rows[0]["gain"], "",
            "the first budget has nothing to gain over"
        );
        assert_ne!(rows[1]["gain"], "");
        for f in ["config.toml", "command.txt", "manifest.json"] {
            assert!(out.join(f).is_file(), "{f}");
        }
        let clockless: Vec<String> = rows
            .iter()
            .map(|r| {
                let mut keys: Vec<&String> = r.keys().collect();
                keys.sort();
                keys.iter()
                    .filter(|k| {
                        !["seconds", "threads", "core_seconds_per_game"].contains(&k.as_str())
                    })
                    .map(|k| format!("{k}={}", r[*k]))
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        tables.push(clockless);
    }
    assert_eq!(tables[0], tables[1], "the same curves on 1 and 2 threads");

    let cfg = d.join("always.toml");
    std::fs::write(
        &cfg,
        config(
            "rollout-1:team",
            "max_budget = 4\ngain_points = 100\nupper_points = 100\n",
        ),
    )
    .unwrap();
    let out = d.join("always");
    let stdout = run_ok(&[
        "ceiling",
        cfg.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(stdout.contains("converged at rollout-2:team"), "{stdout}");
    let rows = csv_rows(&read(&out, "ceiling.csv"));
    let budgets: Vec<&str> = rows.iter().map(|r| r["budget"].as_str()).collect();
    assert_eq!(budgets, ["1", "2", "1", "2"]);
    assert_eq!(rows[1]["converged"], "true");
}

#[test]
fn bad_ceiling_configs_are_refused_naming_the_key() {
    let d = tmp("ceiling-bad");
    std::fs::create_dir_all(&d).unwrap();
    for (name, text, want) in [
        (
            "team",
            config("team", ""),
            ["grid.policy", "allowed: rollout-N or halving-N"],
        ),
        (
            "max",
            config("rollout-8:team", "max_budget = 4\n"),
            ["ceiling.max_budget", "allowed: 8 (the rows' first budget) to 10000"],
        ),
        (
            "gain",
            config("rollout-2:team", "gain_points = 0\n"),
            ["ceiling.gain_points", "allowed: more than 0"],
        ),
        (
            "upper",
            config("rollout-2:team", "gain_points = 2\nupper_points = 1\n"),
            ["ceiling.upper_points", "allowed: at least gain_points"],
        ),
        (
            "base",
            "name = \"b\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"base\"\nplayers = 4\npolicy = \"rollout-4\"\n".to_string(),
            ["grid.variant", "not co-operative"],
        ),
        (
            "typo",
            config("rollout-2:team", "max_budgte = 8\n"),
            ["max_budgte", "max_budget"],
        ),
    ] {
        let cfg = d.join(format!("{name}.toml"));
        std::fs::write(&cfg, text).unwrap();
        let out = d.join(format!("out-{name}"));
        let o = robsim()
            .args(["ceiling", cfg.to_str().unwrap(), "-o", out.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        for w in want {
            assert!(err.contains(w), "{name}: {w:?} not in {err}");
        }
        assert!(!out.exists(), "{name}: nothing written");
    }
}

/// Ctrl-C in mid-climb (SIGINT, as `timeout` or a scheduler sends SIGTERM): the budgets played
/// are written, the last on the games that finished, the manifest says `partial`, exit 130.
#[test]
fn a_stopped_climb_keeps_the_budgets_played() {
    use std::io::{BufRead, BufReader};
    let d = tmp("ceiling-stop");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("long.toml");
    std::fs::write(
        &cfg,
        config(
            "rollout-1:team",
            "max_budget = 8192\ngain_points = 0.001\nupper_points = 0.001\n",
        ),
    )
    .unwrap();
    let out = d.join("out");
    let mut child = robsim()
        .args(["ceiling", cfg.to_str().unwrap(), "-j", "2", "-o"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("robsim runs");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    // The first budget's line, printed as it ends: the climb is under way (the largest budget
    // would take hours), so the stop lands in mid-climb.
    let first = lines
        .by_ref()
        .map(|l| l.unwrap())
        .find(|l| l.contains("rollout-1:team"))
        .expect("the first budget's line");
    assert!(first.contains("core-s/game"), "{first}");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    assert!(rest.iter().any(|l| l.contains("partial")), "{rest:?}");
    let rows = csv_rows(&read(&out, "ceiling.csv"));
    assert!(!rows.is_empty() && rows.len() < 28, "{} rows", rows.len());
    assert_eq!(
        (rows[0]["budget"].as_str(), rows[0]["games"].as_str()),
        ("1", "24")
    );
    let manifest = read(&out, "manifest.json");
    assert!(manifest.contains("\"partial\": true"), "{manifest}");
}
