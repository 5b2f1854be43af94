//! `robsim design` and `[[compare]]`: the search against the exhaustive one, determinism, resume, shards, competitive aims and bad input.

use crate::support::cli::{read, robsim, run_ok, tmp};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn small() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/design-small.toml"),
    )
    .unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The rows of a CSV as (column -> cell) maps.
fn rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            h.iter()
                .zip(rec.iter())
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        })
        .collect()
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&read(dir, "manifest.json")).unwrap()
}

/// Writes `text` as `dir/name` and plays it with `args`; returns the report folder.
fn design(dir: &Path, name: &str, text: &str, args: &[&str]) -> PathBuf {
    let cfg = dir.join(format!("{name}.toml"));
    std::fs::write(&cfg, text).unwrap();
    let out = dir.join(name);
    let mut a = vec!["design", s(&cfg), "-q", "-o", s(&out)];
    a.extend_from_slice(args);
    run_ok(&a);
    out
}

/// The rank-1 setting of best.csv.
fn best(dir: &Path) -> String {
    rows(&read(dir, "best.csv"))
        .into_iter()
        .find(|r| r["rank"] == "1")
        .expect("a rank 1")["knobs"]
        .clone()
}

/// The committed small space: NTBEA on at most a quarter of the exhaustive search's games finds
/// its best (or a setting within the best's interval), and every file is the same on 1 and 2
/// threads.
#[test]
fn the_search_finds_the_exhaustive_best_on_a_quarter_of_its_games() {
    let d = tmp("design-small");
    std::fs::create_dir_all(&d).unwrap();
    let text = small();
    let exhaustive = text
        .replace("budget = 3000", "budget = 12000")
        .replace("batch = 150", "batch = 150\nsearch = \"exhaustive\"");
    assert_ne!(
        exhaustive, text,
        "the test config changed: update the replacements"
    );
    let ex = design(&d, "exhaustive", &exhaustive, &["-j", "2"]);
    let one = design(&d, "ntbea1", &text, &["-j", "1"]);
    let two = design(&d, "ntbea2", &text, &["-j", "2"]);
    for f in [
        "design.csv",
        "best.csv",
        "effects.csv",
        "fragment.toml",
        "design-state.json",
    ] {
        assert_eq!(read(&one, f), read(&two, f), "{f} on 1 and 2 threads");
    }
    let spent = |dir: &Path| manifest(dir)["design"]["search_games"].as_u64().unwrap();
    assert!(
        spent(&two) * 4 <= spent(&ex),
        "NTBEA played {} games, the exhaustive search {}",
        spent(&two),
        spent(&ex)
    );
    // Every setting of the space, each on the same number of games.
    let all = rows(&read(&ex, "design.csv"));
    assert_eq!(all.len(), 9, "3 x 3 settings, one term each");
    assert!(all.iter().all(|r| r["games"] == all[0]["games"]));
    let found = best(&two);
    let score = |k: &str| -> (f64, f64) {
        let r = all.iter().find(|r| r["knobs"] == k).expect("in the space");
        (r["score"].parse().unwrap(), r["score_se"].parse().unwrap())
    };
    let top = all.iter().find(|r| r["finalist"] == "1").unwrap()["knobs"].clone();
    let (b, bse) = score(&top);
    let (f, fse) = score(&found);
    assert!(
        found == best(&ex) || f - b <= 1.96 * (bse * bse + fse * fse).sqrt(),
        "the search's best {found} ({f} ± {fse}) against the exhaustive best {top} ({b} ± {bse})"
    );
    // The report's parts: the figure, the fragment that plays the best, the effects of each knob
    // value alone.
    assert!(read(&two, "report.html").contains("id=\"fig-targets\""));
    let fragment = read(&two, "fragment.toml");
    assert!(fragment.contains("[[rows]]\nplayers = 3\n"), "{fragment}");
    assert!(fragment.contains("[[compare]]"), "{fragment}");
    let effects = rows(&read(&ex, "effects.csv"));
    assert_eq!(
        effects.iter().filter(|e| e["method"] == "alone").count(),
        4,
        "each of the 4 values alone"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Ctrl-C leaves a folder that `--resume` completes into the uninterrupted run's report.
#[test]
fn an_interrupted_design_resumes_to_the_same_report() {
    let d = tmp("design-resume");
    std::fs::create_dir_all(&d).unwrap();
    let text = small()
        .replace("budget = 3000", "budget = 30000")
        .replace("batch = 150", "batch = 1000")
        .replace("max_batches = 8", "max_batches = 6");
    let whole = design(&d, "whole", &text, &["-j", "2"]);
    let cfg = d.join("whole.toml");
    let cut = d.join("cut");
    let mut child = robsim()
        .args(["design", s(&cfg), "-q", "-j", "2", "-o", s(&cut)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    let st = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let t0 = Instant::now();
    let st = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(t0.elapsed() < Duration::from_secs(60), "did not stop");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(
        st.code(),
        Some(130),
        "stopped by Ctrl-C, not finished first"
    );
    assert_eq!(manifest(&cut)["partial"], true);
    assert!(cut.join("design-state.json").is_file());
    let o = robsim()
        .args([
            "design",
            s(&cfg),
            "-q",
            "-j",
            "1",
            "--resume",
            "-o",
            s(&cut),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(manifest(&cut)["partial"], false);
    for f in [
        "design.csv",
        "best.csv",
        "design-state.json",
        "fragment.toml",
    ] {
        assert_eq!(
            read(&whole, f),
            read(&cut, f),
            "{f}: resumed against uninterrupted"
        );
    }
    // A state holding rows this build never reads (an older build's row keys): resuming the
    // finished folder plays nothing it needs and leaves those rows out of the state.
    let state = read(&cut, "design-state.json");
    let mut v: serde_json::Value = serde_json::from_str(&state).unwrap();
    let n = v["keys"].as_array().unwrap().len();
    v["keys"]
        .as_array_mut()
        .unwrap()
        .push("an|older|build's|row|key".into());
    let mut stale = v["entries"][0].clone();
    stale[1] = n.into();
    v["entries"].as_array_mut().unwrap().push(stale);
    std::fs::write(cut.join("design-state.json"), v.to_string()).unwrap();
    let o = robsim()
        .args([
            "design",
            s(&cfg),
            "-q",
            "-j",
            "1",
            "--resume",
            "-o",
            s(&cut),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("never reads"), "{err}");
    assert_eq!(
        read(&whole, "design-state.json"),
        read(&cut, "design-state.json"),
        "the stale rows left out"
    );
    assert!(read(&cut, "provenance.txt").contains(" 0 games played here"));
    // --resume of a folder of another config is refused.
    let other = d.join("other.toml");
    std::fs::write(&other, text.replace("seed = 31", "seed = 32")).unwrap();
    let o = robsim()
        .args(["design", s(&other), "-q", "--resume", "-o", s(&cut)])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--resume"));
    let _ = std::fs::remove_dir_all(&d);
}

/// Each shard explores one run; `robsim merge` of the shards writes the one-shot design's files.
#[test]
fn shards_merge_into_the_runs_design() {
    let d = tmp("design-shards");
    std::fs::create_dir_all(&d).unwrap();
    let text = small()
        .replace("budget = 3000", "budget = 4200\nruns = 2")
        .replace("max_batches = 8", "max_batches = 4");
    let one = design(&d, "one", &text, &["-j", "2"]);
    let cfg = d.join("one.toml");
    let mut parts = Vec::new();
    for i in 0..2 {
        let out = d.join(format!("part{i}"));
        run_ok(&[
            "design",
            s(&cfg),
            "-q",
            "--shard",
            &format!("{i}/2"),
            "-o",
            s(&out),
        ]);
        assert_eq!(manifest(&out)["design"]["run"], i);
        parts.push(out);
    }
    let merged = d.join("merged");
    run_ok(&["merge", s(&parts[1]), s(&parts[0]), "--out", s(&merged)]);
    for f in [
        "design.csv",
        "best.csv",
        "fragment.toml",
        "design-state.json",
    ] {
        assert_eq!(
            read(&one, f),
            read(&merged, f),
            "{f}: merged against one-shot"
        );
    }
    // A run missing, or a shard count that is not the config's runs, is refused.
    let o = robsim()
        .args(["merge", s(&parts[0]), "--out", s(&d.join("x"))])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("run 1 of 2 is missing"));
    let o = robsim()
        .args(["design", s(&cfg), "--shard", "0/3", "-o", s(&d.join("y"))])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("allowed: N = 2"));
    let _ = std::fs::remove_dir_all(&d);
}

/// A competitive game through the same layer: Carcassonne's seats aimed at a fair share and its
/// length at a number of turns, with The Robbers' tile count as the knob.
#[test]
fn a_competitive_design_aims_at_fair_seats_and_a_length() {
    let d = tmp("design-carcassonne");
    std::fs::create_dir_all(&d).unwrap();
    let text = "name = \"carc\"\nseed = 3\ngames = 60\n[grid]\nvariant = \"carcassonne\"\nplayers = 3\n[design]\nsearch = \"exhaustive\"\nbudget = 240\nbatch = 40\n[design.space]\nrobber_tiles = [7, 10]\n[[design.target]]\nfair = true\n[[design.target]]\nturns = 60\ntolerance = 0.5\n";
    let out = design(&d, "carc", text, &["-j", "2"]);
    let b = rows(&read(&out, "best.csv"));
    let measures: Vec<&str> = b
        .iter()
        .filter(|r| r["rank"] == "1")
        .map(|r| r["measure"].as_str())
        .collect();
    assert_eq!(
        measures,
        ["seat1_share", "seat2_share", "seat3_share", "turns_mean"]
    );
    for r in b.iter().filter(|r| r["measure"].starts_with("seat")) {
        let target: f64 = r["target"].parse().unwrap();
        assert!((target - 1.0 / 3.0).abs() < 1e-4, "{r:?}");
        let a: f64 = r["achieved"].parse().unwrap();
        assert!((0.0..=1.0).contains(&a));
    }
    let turns: f64 = b.iter().find(|r| r["measure"] == "turns_mean").unwrap()["achieved"]
        .parse()
        .unwrap();
    assert!(turns > 10.0, "{turns}");
    // A competitive cell has no rounds of a won game to bound, only its capped share.
    let bad = text.replace(
        "turns = 60\ntolerance = 0.5",
        "measure = \"rounds_win_p90\"\nat_most = 40",
    );
    std::fs::write(d.join("bad.toml"), bad).unwrap();
    let o = robsim()
        .args(["design", s(&d.join("bad.toml")), "-o", s(&d.join("bad"))])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains(
            "design.target[1].measure: row 0 has no rounds_win_p90; allowed there: capped_share"
        ),
        "{e}"
    );
    assert!(!d.join("bad").exists());
    // Exhaustive: the grid's tile count and the two listed.
    assert_eq!(rows(&read(&out, "design.csv")).len(), 3 * 4);
    let _ = std::fs::remove_dir_all(&d);
}

/// Bad `[design]` tables exit 2 naming the key and the allowed values, and write nothing.
#[test]
fn bad_design_tables_name_the_key_and_write_nothing() {
    let d = tmp("design-bad");
    std::fs::create_dir_all(&d).unwrap();
    let text = small();
    for (from, to, want) in [
        (
            "cell = { players = 3 }",
            "cell = { players = 5 }",
            "design.target[0].cell: { players = 5 } matches no row; allowed: players 3, 4",
        ),
        (
            "like = { players = 4 }",
            "like = { players = 2 }",
            "design.target[0].like: no row equals row 0",
        ),
        (
            "values = [3, 6]",
            "values = [3, 21]",
            "design.knob[0]: 21 is out of range for robert_skip; allowed: whole numbers 0..=20",
        ),
        (
            "key = \"robert_skip\"",
            "key = \"robert_skips\"",
            "unknown knob \"robert_skips\"; did you mean \"robert_skip\"?",
        ),
        (
            "budget = 3000",
            "budget = 3000\nmax_changed = -1",
            "design.max_changed: -1 is out of range; allowed: 0..=2",
        ),
        (
            "like = { players = 4 }",
            "fair = true",
            "design.target[0].fair: row 0 (players 3) has no such measure; allowed there: rate, like, turns, measure (a bound)",
        ),
        (
            "like = { players = 4 }",
            "measure = \"rounds_win_p95\"\nat_most = 70",
            "design.target[0].measure: \"rounds_win_p95\" is no measure a design can bound; allowed: rounds_win_median, rounds_win_p90, rounds_loss_median, rounds_loss_p90, stuck_share, capped_share",
        ),
        (
            "like = { players = 4 }",
            "measure = \"rounds_win_p90\"\nat_most = 40\nat_least = 60",
            "design.target[0].at_most: 40 is below at_least 60; allowed: at_most at or above at_least",
        ),
        (
            "like = { players = 4 }",
            "measure = \"stuck_share\"",
            "design.target[0]: measure \"stuck_share\" without a bound; allowed: at_most and/or at_least",
        ),
        (
            "like = { players = 4 }",
            "like = { players = 4 }\nat_most = 70",
            "design.target[0].at_most: a bound needs the measure it bounds; allowed: measure = one of rounds_win_median",
        ),
        (
            "like = { players = 4 }",
            "measure = \"stuck_share\"\nat_most = 1.5",
            "design.target[0].at_most: 1.5 is out of range for stuck_share; allowed: 0 to 1",
        ),
        (
            "budget = 3000",
            "budget = 3000\nguard_rounds = 0.5",
            "design.guard_rounds: 0.5 is out of range; allowed: 1 to 100",
        ),
        (
            "budget = 3000",
            "budget = 3000\nsearch = \"greedy\"",
            "design.search: \"greedy\" is not a search; allowed: ntbea, exhaustive",
        ),
        (
            "budget = 3000",
            "budget = 100",
            "design.budget: 100 games cannot play one evaluation",
        ),
        (
            "like = { players = 4 }",
            "like = { players = 4 }\nrate = 0.4",
            "allowed: exactly one of rate, like, fair, edge, turns",
        ),
        (
            "values = [3, 6]",
            "values = [0]",
            "every value of robert_skip listed is the grid's own",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let cfg = d.join("bad.toml");
        std::fs::write(&cfg, text.replace(from, to)).unwrap();
        let out = d.join("out");
        let o = robsim()
            .args(["design", s(&cfg), "-o", s(&out)])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{to}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(want), "{to}: {e}");
        assert!(!out.exists(), "{to}: wrote {}", out.display());
    }
    // An empty space: no [design.space] keys and no [[design.knob]] entries.
    let empty: String = text.split("[[design.knob]]").next().unwrap().to_string()
        + "[[design.target]]\ncell = { players = 3 }\nrate = 0.4\n";
    let cfg = d.join("empty.toml");
    std::fs::write(&cfg, empty).unwrap();
    let o = robsim().args(["design", s(&cfg)]).output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the space is empty; allowed: rule knobs"));
    let _ = std::fs::remove_dir_all(&d);
}

const CHOSEN: &str = "name = \"chosen\"\nseed = 4\ngames = 300\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\ndifficulty = [\"hard\", \"easy\"]\npolicy = \"team\"\n[[rows]]\nplayers = 3\nrobert_skip = 3\n[[rows]]\nplayers = 4\n[[compare]]\na = { players = 3, robert_skip = 3 }\nb = { players = 4 }\n";

/// `[[compare]]` pairs rows that differ in several settings, game by game, and names what
/// matches no row or several.
#[test]
fn compare_entries_pair_chosen_rows_on_the_same_games() {
    let d = tmp("chosen");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("chosen.toml");
    std::fs::write(&cfg, CHOSEN).unwrap();
    let out = d.join("out");
    let text = run_ok(&["sweep", s(&cfg), "-q", "-j", "2", "-o", s(&out)]);
    assert!(text.contains("[[compare]] pairs"), "{text}");
    let summary = rows(&read(&out, "summary.csv"));
    let chosen: Vec<_> = rows(&read(&out, "compare.csv"))
        .into_iter()
        .filter(|r| r["knob"] == "chosen")
        .collect();
    assert_eq!(chosen.len(), 2, "one pair per difficulty");
    for c in &chosen {
        assert_eq!(c["games"], "300");
        assert!(c["setting_a"].contains("players=3") && c["setting_a"].contains("robert_skip=3"));
        assert!(c["setting_b"].contains("players=4") && c["setting_b"].contains("robert_skip=0"));
        let rate = |row: &str| -> f64 {
            summary.iter().find(|r| r["row"] == row).unwrap()["win_rate"]
                .parse()
                .unwrap()
        };
        let (a, b): (f64, f64) = (
            c["win_rate_a"].parse().unwrap(),
            c["win_rate_b"].parse().unwrap(),
        );
        assert!((a - rate(&c["row_a"])).abs() < 1e-9 && (b - rate(&c["row_b"])).abs() < 1e-9);
        let diff: f64 = c["win_rate_diff"].parse().unwrap();
        assert!((diff - (b - a)).abs() < 1e-4, "{c:?}");
    }
    for (from, to, want) in [
        (
            "b = { players = 4 }",
            "b = { players = 5 }",
            "compare[0].b: no row equals row",
        ),
        (
            "a = { players = 3, robert_skip = 3 }",
            "a = { players = 3, robert_skip = 4 }",
            "compare[0].a: { players = 3, robert_skip = 4 } matches no row; allowed: players 3, 4; robert_skip 3, 0",
        ),
        (
            "a = { players = 3, robert_skip = 3 }",
            "a = { players = 3, robert_skip = 3, difficulty = \"easy\" }",
            "compare[0].b: several rows equal row",
        ),
        (
            "b = { players = 4 }",
            "b = { player = 4 }",
            "compare[0].b.player: not a row setting; did you mean \"players\"?",
        ),
    ] {
        std::fs::write(&cfg, CHOSEN.replace(from, to)).unwrap();
        let o = robsim()
            .args(["sweep", s(&cfg), "-q", "-o", s(&d.join("bad"))])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{to}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(want), "{to}: {e}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
