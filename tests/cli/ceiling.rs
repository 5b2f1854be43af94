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
        assert_eq!(rows[2]["player"], "rollout-4:team");
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

/// What a ceiling folder holds that one climb must reproduce whatever its pieces: ceiling.csv
/// but for its clock columns, state.json and config.toml byte for byte, and the manifest but for
/// its run-time fields (the command, clock, threads and where the pieces came from).
fn climb_bytes(dir: &std::path::Path) -> Vec<(String, String)> {
    let table = read(dir, "ceiling.csv");
    let mut lines = table.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let clock: Vec<usize> = ["seconds", "threads", "core_seconds_per_game"]
        .iter()
        .map(|c| head.iter().position(|h| h == c).expect(c))
        .collect();
    let strip = |l: &str| -> String {
        l.split(',')
            .enumerate()
            .filter(|(i, _)| !clock.contains(i))
            .map(|(_, x)| x)
            .collect::<Vec<_>>()
            .join(",")
    };
    let csv: Vec<String> = table.lines().map(strip).collect();
    let mut m: serde_json::Value = serde_json::from_str(&read(dir, "manifest.json")).unwrap();
    let o = m.as_object_mut().unwrap();
    for k in [
        "command",
        "started_utc",
        "elapsed_seconds",
        "threads",
        "merged_from",
        "shard",
        "host_cpus",
        "machine",
        "git_commit",
    ] {
        o.remove(k);
    }
    o["ceiling"].as_object_mut().unwrap().remove("clock");
    vec![
        ("ceiling.csv".into(), csv.join("\n")),
        ("state.json".into(), read(dir, "state.json")),
        ("config.toml".into(), read(dir, "config.toml")),
        (
            "manifest.json".into(),
            serde_json::to_string_pretty(&m).unwrap(),
        ),
    ]
}

fn ceiling_args(cfg: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = [
        "ceiling",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.extend(extra.iter().map(|s| s.to_string()));
    v
}

fn ceiling_ok(cfg: &std::path::Path, out: &std::path::Path, extra: &[&str]) -> String {
    let a = ceiling_args(cfg, out, extra);
    run_ok(&a.iter().map(String::as_str).collect::<Vec<_>>())
}

/// A climb played in pieces equals the climb played at once, file by file: in stages
/// (`--max-budget`, then `--resume`), stopped by a signal mid-budget and resumed, and as two
/// shards merged (the merge applying the stop rule the shards could not).
#[test]
fn a_climb_in_pieces_equals_one_climb() {
    use std::io::{BufRead, BufReader};
    let d = tmp("ceiling-pieces");
    std::fs::create_dir_all(&d).unwrap();
    // 12 games a budget (the determinism, not the estimate, is under test: kept cheap).
    let small = |rule: &str| config("rollout-1:team", rule).replace("games = 24", "games = 12");
    let never = d.join("never.toml");
    std::fs::write(
        &never,
        small("max_budget = 4\ngain_points = 0.001\nupper_points = 0.001\n"),
    )
    .unwrap();
    let whole = d.join("whole");
    ceiling_ok(&never, &whole, &["-j", "2"]);
    let want = climb_bytes(&whole);
    let m: serde_json::Value = serde_json::from_str(&read(&whole, "manifest.json")).unwrap();
    assert_eq!(m["partial"], false);

    // In stages: budgets up to 2 (the climb not finished: partial), then the rest.
    let staged = d.join("staged");
    let stdout = ceiling_ok(&never, &staged, &["-j", "1", "--max-budget", "2"]);
    assert!(stdout.contains("climb not finished"), "{stdout}");
    let m: serde_json::Value = serde_json::from_str(&read(&staged, "manifest.json")).unwrap();
    assert_eq!(m["partial"], true);
    assert_eq!(csv_rows(&read(&staged, "ceiling.csv")).len(), 4);
    ceiling_ok(&never, &staged, &["-j", "2", "--resume"]);
    assert_eq!(climb_bytes(&staged), want, "staged then resumed");
    // Nothing left: refused, the folder untouched.
    let o = robsim()
        .args(ceiling_args(&never, &staged, &["--resume"]))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nothing to resume"));
    assert_eq!(climb_bytes(&staged), want);

    // Stopped by SIGINT once the first budget is in, then resumed (if the signal came after the
    // last game, there is nothing to resume, and the folder is the whole climb).
    let stopped = d.join("stopped");
    let mut child = robsim()
        .args(["ceiling", never.to_str().unwrap(), "-j", "2", "-o"])
        .arg(&stopped)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    lines
        .by_ref()
        .map(|l| l.unwrap())
        .find(|l| l.contains("rollout-1:team"))
        .expect("the first budget's line");
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let _: Vec<String> = lines.map(|l| l.unwrap()).collect();
    let st = child.wait().unwrap();
    if st.code() == Some(130) {
        let m: serde_json::Value = serde_json::from_str(&read(&stopped, "manifest.json")).unwrap();
        assert_eq!(m["partial"], true);
        ceiling_ok(&never, &stopped, &["-j", "1", "--resume"]);
    } else {
        assert!(st.success());
    }
    assert_eq!(climb_bytes(&stopped), want, "stopped then resumed");

    // Two shards merged; with a rule that stops at the first doubling, the merge cuts the
    // budgets the shards played beyond it.
    let always = d.join("always.toml");
    std::fs::write(
        &always,
        small("max_budget = 4\ngain_points = 100\nupper_points = 100\n"),
    )
    .unwrap();
    let whole_always = d.join("whole-always");
    ceiling_ok(&always, &whole_always, &[]);
    for (cfg, one) in [(&never, &whole), (&always, &whole_always)] {
        let name = one.file_name().unwrap().to_str().unwrap();
        let (a, b) = (d.join(format!("{name}-0")), d.join(format!("{name}-1")));
        ceiling_ok(cfg, &a, &["--shard", "0/2", "-j", "1"]);
        ceiling_ok(cfg, &b, &["--shard", "1/2", "-j", "2"]);
        let shard_rows = csv_rows(&read(&a, "ceiling.csv"));
        assert_eq!(shard_rows.len(), 6, "a shard plays every budget");
        assert!(shard_rows.iter().all(|r| r["games"] == "6"));
        let merged = d.join(format!("{name}-merged"));
        run_ok(&[
            "merge",
            b.to_str().unwrap(),
            a.to_str().unwrap(),
            "-o",
            merged.to_str().unwrap(),
        ]);
        assert_eq!(
            climb_bytes(&merged),
            climb_bytes(one),
            "{name}: merged shards"
        );
    }
    let budgets: Vec<String> = csv_rows(&read(&whole_always, "ceiling.csv"))
        .iter()
        .map(|r| r["budget"].clone())
        .collect();
    assert_eq!(budgets, ["1", "2", "1", "2"]);
    let _ = std::fs::remove_dir_all(&d);
}

/// A resume of another config, shard or robsim, a merge of another climb's shard, and a budget
/// cap out of range: refused naming the file and key (or flag), exit 2, nothing overwritten.
#[test]
fn pieces_of_another_climb_are_refused() {
    let d = tmp("ceiling-pieces-bad");
    std::fs::create_dir_all(&d).unwrap();
    let text = config(
        "rollout-1:team",
        "max_budget = 2\ngain_points = 0.001\nupper_points = 0.001\n",
    )
    .replace("games = 24", "games = 6");
    let cfg = d.join("c.toml");
    std::fs::write(&cfg, &text).unwrap();
    let part = d.join("part");
    ceiling_ok(&cfg, &part, &["--max-budget", "1"]);
    let s0 = d.join("s0");
    ceiling_ok(&cfg, &s0, &["--shard", "0/2"]);
    let other = d.join("other.toml");
    std::fs::write(&other, text.replace("seed = 11", "seed = 12")).unwrap();
    let s1_other = d.join("s1-other");
    ceiling_ok(&other, &s1_other, &["--shard", "1/2"]);
    let more = d.join("more.toml");
    std::fs::write(&more, text.replace("games = 6", "games = 8")).unwrap();
    // Another robsim: the manifest's version edited.
    let old = d.join("old");
    std::fs::create_dir_all(&old).unwrap();
    for f in std::fs::read_dir(&part).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, old.join(f.file_name().unwrap())).unwrap();
    }
    let mv = read(&old, "manifest.json").replace(
        &format!("\"robsim_version\": \"{}\"", env!("CARGO_PKG_VERSION")),
        "\"robsim_version\": \"0.0.1\"",
    );
    std::fs::write(old.join("manifest.json"), mv).unwrap();
    let snapshot = |dir: &std::path::Path| -> Vec<String> {
        ["ceiling.csv", "state.json", "manifest.json"]
            .iter()
            .map(|f| read(dir, f))
            .collect()
    };
    let (before_part, before_old) = (snapshot(&part), snapshot(&old));
    let cases: Vec<(Vec<String>, Vec<&str>)> = vec![
        (
            ceiling_args(&more, &part, &["--resume"]),
            vec!["config.toml", "games differ"],
        ),
        (
            ceiling_args(&cfg, &part, &["--resume", "--shard", "1/2"]),
            vec!["manifest.json", "shard is none"],
        ),
        (
            ceiling_args(&cfg, &old, &["--resume"]),
            vec!["manifest.json", "robsim_version"],
        ),
        (
            ceiling_args(&cfg, &part, &["--resume", "--max-budget", "4"]),
            vec!["--max-budget", "allowed: 1 (the rows' first budget) to 2"],
        ),
        (
            ceiling_args(&cfg, &d.join("fresh"), &["--max-budget", "0"]),
            vec!["--max-budget", "out of range"],
        ),
        (
            vec![
                "merge".into(),
                s0.to_str().unwrap().into(),
                s1_other.to_str().unwrap().into(),
                "-o".into(),
                d.join("merged").to_str().unwrap().into(),
            ],
            vec!["manifest.json", "config_sha256", "another climb"],
        ),
        (
            vec![
                "merge".into(),
                s0.to_str().unwrap().into(),
                "-o".into(),
                d.join("merged").to_str().unwrap().into(),
            ],
            vec!["shard 1/2 is in no folder"],
        ),
    ];
    for (args, want) in cases {
        let o = robsim().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        for w in want {
            assert!(err.contains(w), "{args:?}: {w:?} not in {err}");
        }
    }
    assert_eq!(snapshot(&part), before_part, "nothing overwritten");
    assert_eq!(snapshot(&old), before_old, "nothing overwritten");
    assert!(!d.join("merged").exists() && !d.join("fresh").exists());
    let _ = std::fs::remove_dir_all(&d);
}
