//! Issue 7: bad input named by file, line and key; partial reports on Ctrl-C; nothing
//! half-written after SIGKILL; reruns from the manifest; shards merged into the one-shot run.

use crate::support::cli::{read, robsim, run_ok, tmp};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TABLES: [&str; 8] = [
    "summary.csv",
    "compare.csv",
    "seats.csv",
    "flips_by_hex.csv",
    "flip_curve.csv",
    "table.csv",
    "table.md",
    "state.json",
];

fn small_config() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/robert-small.toml")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Bad configs, maps and flags: exit 2, one message naming the file and line (or the flag) and
/// the key with what is allowed, nothing written.
#[test]
fn bad_input_names_file_line_and_key() {
    let d = tmp("bad-located");
    std::fs::create_dir_all(&d).unwrap();
    let out = d.join("never");
    let n = std::cell::Cell::new(0);
    let file = |ext: &str, body: &str| {
        n.set(n.get() + 1);
        let p = d.join(format!("f{}.{ext}", n.get()));
        std::fs::write(&p, body).unwrap();
        p.to_str().unwrap().to_string()
    };
    let base = "name = \"x\"\nseed = 1\ngames = 10\n";
    let hexes = |extra: &str| {
        format!(
            "name = \"m\"\nhexes = [\n  {{ q = 0, r = 0, terrain = \"hills\", token = 6 }},\n  {{ q = 1, r = 0, terrain = \"desert\" }},\n{extra}]\n"
        )
    };
    let map_cfg = |map: &str| format!("{base}map = \"{map}\"\n");
    let sweep = |c: String| vec!["sweep".to_string(), c];
    let run = |extra: &[&str]| {
        let mut v: Vec<String> = ["run", "--games", "5"]
            .iter()
            .map(|x| x.to_string())
            .collect();
        v.extend(extra.iter().map(|x| x.to_string()));
        v
    };
    // (arguments, substrings the one-line message must contain)
    let cases: Vec<(Vec<String>, Vec<String>)> = vec![
        (
            sweep(file("toml", &format!("{base}[grid]\nplayers = [9]\n"))),
            vec![":5: grid.players".into(), "allowed: 2, 3 or 4".into()],
        ),
        (
            sweep(file("toml", &format!("{base}[grid]\nplayers = 0\n"))),
            vec![":5: grid.players".into(), "allowed".into()],
        ),
        (
            sweep(file("toml", "name = \"x\"\nseed = 1\ngames = -3\n")),
            vec![":3: games".into(), "at least 1".into()],
        ),
        (
            sweep(file(
                "toml",
                &format!("{base}\n[grid]\nvariant = \"chess\"\n"),
            )),
            vec![
                ":6: grid.variant".into(),
                "allowed: base, robert, solitaire".into(),
            ],
        ),
        (
            sweep(file(
                "toml",
                &format!("{base}[grid]\npolicy = [\"team\", \"smart\"]\n"),
            )),
            vec![":5: grid.policy".into(), "allowed:".into()],
        ),
        (
            sweep(file(
                "toml",
                &format!("{base}[grid]\nmodifiers = \"lava\"\n"),
            )),
            vec![":5: grid.modifiers".into(), "volcano".into()],
        ),
        (
            sweep(file("toml", &format!("{base}[grid]\nstart_cards = -1\n"))),
            vec![":5: grid.start_cards".into(), "0..=8".into()],
        ),
        (
            sweep(file(
                "toml",
                &format!("{base}[grid]\ndifficulty = \"-1\"\n"),
            )),
            vec![
                ":5: grid.difficulty".into(),
                "impossible, hard, moderate, easy".into(),
            ],
        ),
        (
            sweep(file("toml", &format!("{base}[grid]\nplayers = []\n"))),
            vec![":5: grid.players".into(), "empty".into()],
        ),
        (
            sweep(file("toml", &format!("{base}[grid]\ncolour = 1\n"))),
            vec![":5:".into(), "colour".into(), "variant".into()],
        ),
        (
            sweep(file("toml", &format!("{base}[grid]\nplayers = \"four\"\n"))),
            vec![":5: grid.players".into(), "whole numbers".into()],
        ),
        (
            sweep(file("toml", &format!("{base}[rules]\nturn_cap = 0\n"))),
            vec![":5: rules.turn_cap".into()],
        ),
        (
            sweep(file("toml", "name = \"x\"\nseed = \"one\"\ngames = 10\n")),
            vec![":2: seed".into()],
        ),
        (
            sweep(file("toml", "name = \"x\"\nseed = 1\ngames = 10\n[grid\n")),
            vec![":4:".into()],
        ),
        // Maps: duplicate coordinates, tokens that do not match the hexes, an empty list.
        (
            sweep(file(
                "toml",
                &map_cfg(&file(
                    "map",
                    &hexes("  { q = 0, r = 0, terrain = \"forest\", token = 5 },\n"),
                )),
            )),
            vec![":5: hex (0, 0) is listed twice".into()],
        ),
        (
            sweep(file(
                "toml",
                &map_cfg(&file(
                    "map",
                    &hexes("  { q = 2, r = 0, terrain = \"forest\", token = 7 },\n"),
                )),
            )),
            vec![":5: hex (2, 0)".into(), "2..=12 other than 7".into()],
        ),
        (
            sweep(file(
                "toml",
                &map_cfg(&file(
                    "map",
                    &hexes("  { q = 2, r = 0, terrain = \"forest\" },\n"),
                )),
            )),
            vec![":5: hex (2, 0)".into(), "must have a number token".into()],
        ),
        (
            sweep(file(
                "toml",
                &map_cfg(&file(
                    "map",
                    &hexes("  { q = 2, r = 0, terrain = \"desert\", token = 4 },\n"),
                )),
            )),
            vec![":5: hex (2, 0)".into(), "cannot carry".into()],
        ),
        (
            sweep(file(
                "toml",
                &map_cfg(&file("map", "name = \"m\"\nhexes = []\n")),
            )),
            vec![":2: hexes".into(), "empty".into()],
        ),
        (
            sweep(file(
                "toml",
                &map_cfg(&file(
                    "map",
                    &hexes("  { q = 2, r = 0, terrain = \"lava\", token = 4 },\n"),
                )),
            )),
            vec![":5: hexes[2]".into(), "allowed: hills".into()],
        ),
        (
            sweep(file(
                "toml",
                &map_cfg(&file(
                    "map",
                    &hexes("  { q = 2, r = 0, terrain = \"forest\", token = 4, colour = 1 },\n"),
                )),
            )),
            vec![":5:".into(), "colour".into()],
        ),
        // Flags.
        (
            run(&["--players", "9"]),
            vec!["--players".into(), "1..=6".into()],
        ),
        (run(&["--players", "0"]), vec!["--players".into()]),
        (
            vec!["run".into(), "--games".into(), "-1".into()],
            vec!["--games".into()],
        ),
        (
            run(&["--variant", "chess"]),
            vec!["--variant".into(), "base".into()],
        ),
        (
            run(&["--policy", "smart"]),
            vec!["--policy".into(), "greedy".into()],
        ),
        (
            run(&["--modifiers", "lava"]),
            vec!["--modifiers".into(), "volcano".into()],
        ),
        (
            run(&["--difficulty", "-1"]),
            vec!["--difficulty".into(), "hard".into()],
        ),
        (
            run(&["--variant", "solitaire", "--players", "3"]),
            vec!["--players".into(), "allowed: 1".into()],
        ),
        (
            run(&["--shard", "3/3"]),
            vec!["--shard".into(), "I/N".into()],
        ),
        (
            run(&["--shard", "1-3"]),
            vec!["--shard".into(), "I/N".into()],
        ),
        (
            run(&["--shard", "0/6"]),
            vec!["--shard".into(), "at most the games".into()],
        ),
        (
            vec![
                "rerun".into(),
                d.join("no-such-report").to_str().unwrap().into(),
            ],
            vec!["manifest.json".into()],
        ),
    ];
    assert!(cases.len() >= 20);
    for (args, needles) in &cases {
        let mut full = args.clone();
        if args[0] != "rerun" {
            full.extend(["--out".into(), s(&out).into(), "--quiet".into()]);
        }
        let o = robsim().args(&full).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: stderr {err}");
        for needle in needles {
            assert!(
                err.contains(needle.as_str()),
                "{args:?}: no {needle:?} in: {err}"
            );
        }
        if args[0] == "sweep" {
            assert!(
                err.contains(&args[1]) || err.contains(".map"),
                "{args:?}: no file name in: {err}"
            );
            assert_eq!(
                err.trim().lines().count(),
                1,
                "{args:?}: not one line: {err}"
            );
        }
        assert!(!out.exists(), "{args:?} wrote {}", out.display());
    }
    // An unwritable output folder (under a regular file).
    let blocker = d.join("file");
    std::fs::write(&blocker, "x").unwrap();
    let o = robsim()
        .args([
            "run",
            "--games",
            "5",
            "--quiet",
            "--out",
            s(&blocker.join("sub")),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--out"));
    let _ = std::fs::remove_dir_all(&d);
}

/// A report re-run from its manifest reproduces every CSV and the state byte for byte, with
/// 1, 2 and 8 threads (a shard, and a sweep whose games were overridden on the command line).
#[test]
fn rerun_from_manifest_reproduces_byte_for_byte() {
    let d = tmp("rerun");
    let orig = d.join("orig");
    run_ok(&[
        "sweep",
        s(&small_config()),
        "--games",
        "700",
        "--shard",
        "1/2",
        "--quiet",
        "--out",
        s(&orig),
    ]);
    let m: serde_json::Value = serde_json::from_str(&read(&orig, "manifest.json")).unwrap();
    assert_eq!(m["games_per_row"], 700);
    assert_eq!(m["shard"]["first_game"], 350);
    assert_eq!(m["partial"], false);
    assert_eq!(m["config_sha256"].as_str().unwrap().len(), 64);
    for t in ["1", "2", "8"] {
        let re = d.join(format!("re{t}"));
        run_ok(&[
            "rerun",
            s(&orig),
            "--threads",
            t,
            "--quiet",
            "--out",
            s(&re),
        ]);
        for f in TABLES {
            assert_eq!(read(&orig, f), read(&re, f), "{f} with {t} threads");
        }
        let mr: serde_json::Value = serde_json::from_str(&read(&re, "manifest.json")).unwrap();
        assert_eq!(mr["threads"], t.parse::<u64>().unwrap());
        assert_eq!(mr["shard"], m["shard"]);
        assert_eq!(mr["config_sha256"], m["config_sha256"]);
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Three shards merged equal the one-shot run byte for byte; mismatched, overlapping,
/// incomplete or edited shards are refused with exit 2.
#[test]
fn three_shards_merge_into_the_one_shot_run() {
    let d = tmp("merge");
    let cfg = small_config();
    let one = d.join("one");
    run_ok(&[
        "sweep",
        s(&cfg),
        "--games",
        "500",
        "--quiet",
        "--out",
        s(&one),
    ]);
    let shard = |i: u32, extra: &[&str]| {
        let p = d.join(format!("s{i}{}", extra.join("")));
        let mut a = vec!["sweep", s(&cfg), "--games", "500", "--quiet", "--threads"];
        a.push(if i == 1 { "1" } else { "2" });
        let sh = format!("{i}/3");
        a.extend(["--shard", &sh, "--out", s(&p)]);
        a.extend(extra);
        run_ok(&a);
        p
    };
    let (s0, s1, s2) = (shard(0, &[]), shard(1, &[]), shard(2, &[]));
    let merged = d.join("merged");
    run_ok(&["merge", s(&s2), s(&s0), s(&s1), "--out", s(&merged)]);
    for f in TABLES {
        assert_eq!(read(&one, f), read(&merged, f), "{f}: merged vs one-shot");
    }
    let m: serde_json::Value = serde_json::from_str(&read(&merged, "manifest.json")).unwrap();
    assert_eq!(m["merged_from"].as_array().unwrap().len(), 3);
    assert_eq!(m["shard"], serde_json::Value::Null);
    assert_eq!(read(&merged, "config.toml"), read(&one, "config.toml"));

    // A shard of another seed (same config text otherwise): refused.
    let other = d.join("other.toml");
    std::fs::write(
        &other,
        read(&s1, "config.toml").replace("seed = 7", "seed = 8"),
    )
    .unwrap();
    let s1b = d.join("s1-other-seed");
    run_ok(&[
        "sweep",
        s(&other),
        "--games",
        "500",
        "--shard",
        "1/3",
        "--quiet",
        "--out",
        s(&s1b),
    ]);
    // A shard with a different robsim version in its manifest.
    let s1v = d.join("s1-version");
    std::fs::create_dir_all(&s1v).unwrap();
    for f in std::fs::read_dir(&s1).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, s1v.join(f.file_name().unwrap())).unwrap();
    }
    let mv = read(&s1v, "manifest.json").replace(
        &format!("\"robsim_version\": \"{}\"", env!("CARGO_PKG_VERSION")),
        "\"robsim_version\": \"0.0.1\"",
    );
    std::fs::write(s1v.join("manifest.json"), mv).unwrap();
    let bad: Vec<(Vec<&Path>, &str)> = vec![
        (vec![&s0, &s1b, &s2], "config_sha256"),
        (vec![&s0, &s1v, &s2], "robsim_version"),
        (vec![&s0, &s2], "in no shard"),
        (vec![&s0, &s1, &s1, &s2], "overlaps"),
        (vec![&s0, &one], "overlaps"),
    ];
    for (dirs, needle) in bad {
        let out = d.join("bad-merge");
        let mut a: Vec<&str> = vec!["merge"];
        a.extend(dirs.iter().map(|p| s(p)));
        a.extend(["--out", s(&out)]);
        let o = robsim().args(&a).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{a:?}: {err}");
        assert!(err.contains(needle), "{a:?}: no {needle:?} in {err}");
        assert!(!out.exists());
    }
    // An edited config no longer matches its manifest's hash.
    std::fs::write(s0.join("config.toml"), read(&s0, "config.toml") + "\n").unwrap();
    let o = robsim()
        .args(["merge", s(&s0), s(&s1), s(&s2), "--out", s(&d.join("x"))])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&d);
}

/// Slices of several sizes that tile the games merge into the one-shot run, rows capped by
/// `search_games` included: such a row plays only the indices below its cap, part of one slice
/// and none of the slices above it.
#[test]
fn slices_of_several_sizes_merge_rows_capped_by_search_games() {
    let d = tmp("merge-capped");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("capped.toml");
    std::fs::write(
        &cfg,
        "name = \"capped\"\nseed = 11\ngames = 8\nsearch_games = 3\n\n[grid]\nvariant = \"robert\"\ndifficulty = \"impossible\"\nplayers = 3\npolicy = [\"team\", \"rollout-2\"]\n",
    )
    .unwrap();
    let sweep = |out: &Path, shard: Option<&str>| {
        let mut a = vec!["sweep", s(&cfg), "--quiet", "--out", s(out)];
        if let Some(sh) = shard {
            a.extend(["--shard", sh]);
        }
        run_ok(&a);
    };
    let one = d.join("one");
    sweep(&one, None);
    // 0/2 holds games 0..4 (the search row stops at 3 inside it), 2/4 and 3/4 the rest.
    let parts: Vec<PathBuf> = ["0/2", "2/4", "3/4"]
        .iter()
        .map(|sh| {
            let p = d.join(sh.replace('/', "-"));
            sweep(&p, Some(sh));
            p
        })
        .collect();
    let merged = d.join("merged");
    run_ok(&[
        "merge",
        s(&parts[2]),
        s(&parts[0]),
        s(&parts[1]),
        "--out",
        s(&merged),
    ]);
    for f in TABLES {
        assert_eq!(read(&one, f), read(&merged, f), "{f}: merged vs one-shot");
    }
    // Without the slice that holds the cap, games 0..4 are in no shard.
    let o = robsim()
        .args([
            "merge",
            s(&parts[1]),
            s(&parts[2]),
            "--out",
            s(&d.join("x")),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("in no shard"));
    let _ = std::fs::remove_dir_all(&d);
}

/// Waits for `child` at most `limit`.
fn wait_for(child: &mut std::process::Child, limit: Duration) -> std::process::ExitStatus {
    let t0 = Instant::now();
    loop {
        if let Some(st) = child.try_wait().unwrap() {
            return st;
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            panic!("robsim did not stop within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(pid: u32, sig: &str) {
    let st = Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(st.success());
}

/// Ctrl-C: the workers stop, the report of the games finished so far is written with
/// `partial = true` in the manifest and the summary, and the exit code is 130.
#[test]
fn sigint_writes_a_partial_report_and_exits_130() {
    let d = tmp("sigint");
    let mut child = robsim()
        .args([
            "run",
            "--variant",
            "robert",
            "--games",
            "5000000",
            "--threads",
            "2",
            "--quiet",
            "--out",
        ])
        .arg(&d)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    signal(child.id(), "-INT");
    let st = wait_for(&mut child, Duration::from_secs(60));
    assert_eq!(st.code(), Some(130), "exit status {st:?}");
    let m: serde_json::Value = serde_json::from_str(&read(&d, "manifest.json")).unwrap();
    assert_eq!(m["partial"], true);
    let played = m["games_played"][0].as_u64().unwrap();
    assert!(played > 0 && played < 5_000_000, "{played} games");
    let summary = read(&d, "summary.csv");
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let rec = r.records().next().unwrap().unwrap();
    let col = |n: &str| &rec[h.iter().position(|x| x == n).unwrap()];
    assert_eq!(col("partial"), "true");
    assert_eq!(col("games"), played.to_string());
    // A partial report is not a shard to merge.
    let o = robsim()
        .args(["merge", s(&d), "--out", s(&d.join("m"))])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("partial"));
    let _ = std::fs::remove_dir_all(&d);
}

/// SIGKILL at any moment never leaves a truncated file under a final name: every table present
/// equals the complete run's.
#[test]
fn sigkill_never_leaves_a_truncated_file() {
    let d = tmp("sigkill");
    let reference = d.join("ref");
    let args = |out: &Path| {
        vec![
            "sweep".to_string(),
            s(&small_config()).to_string(),
            "--games".into(),
            "300".into(),
            "--threads".into(),
            "1".into(),
            "--quiet".into(),
            "--out".into(),
            s(out).to_string(),
        ]
    };
    let t0 = Instant::now();
    run_ok(
        &args(&reference)
            .iter()
            .map(|x| x.as_str())
            .collect::<Vec<_>>(),
    );
    let full = t0.elapsed();
    let mut complete = 0;
    for k in 0..12u32 {
        let out = d.join(format!("k{k}"));
        let mut child = robsim()
            .args(args(&out))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Spread the kills over the whole run, writing included.
        std::thread::sleep(full.mul_f64(k as f64 / 10.0));
        let _ = child.kill();
        let _ = child.wait();
        if !out.exists() {
            continue;
        }
        for f in TABLES {
            if out.join(f).exists() {
                assert_eq!(read(&out, f), read(&reference, f), "{f} after SIGKILL {k}");
            }
        }
        if out.join("manifest.json").exists() {
            let _: serde_json::Value = serde_json::from_str(&read(&out, "manifest.json")).unwrap();
            complete += 1;
        }
    }
    assert!(complete < 12, "no kill landed before the end");
    let _ = std::fs::remove_dir_all(&d);
}
