//! A designer's journeys without traps (issue 29): honest defaults, no silently dropped knob, safe report folders, trace from a row to a game, calibrate's interruption and rerun, resume, typo suggestions, help.

use crate::support::cli::{read, robsim, run_ok, tmp};
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn run(args: &[&str]) -> Output {
    robsim().args(args).output().expect("robsim runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `column` of every row of a CSV text.
fn column(csv_text: &str, column: &str) -> Vec<String> {
    let mut r = csv::Reader::from_reader(csv_text.as_bytes());
    let c = r.headers().unwrap().iter().position(|h| h == column);
    let c = c.unwrap_or_else(|| panic!("no column {column}"));
    r.records().map(|x| x.unwrap()[c].to_string()).collect()
}

fn config(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_robert_run_without_difficulty_plays_every_level_and_variants_play_their_own_policy() {
    let d = tmp("defaults");
    run_ok(&[
        "run",
        "-v",
        "robert",
        "-g",
        "20",
        "-q",
        "-o",
        s(&d.join("r")),
    ]);
    let summary = read(&d.join("r"), "summary.csv");
    assert_eq!(
        column(&summary, "difficulty"),
        ["impossible", "hard", "moderate", "easy"]
    );
    // A sweep's solitaire row without a policy plays solitaire, as `run` does.
    let cfg = config(
        &d,
        "sol.toml",
        "name = \"sol\"\nseed = 1\ngames = 20\n[grid]\nvariant = \"solitaire\"\n",
    );
    run_ok(&["sweep", s(&cfg), "-q", "-o", s(&d.join("s"))]);
    assert_eq!(
        column(&read(&d.join("s"), "summary.csv"), "player"),
        ["solitaire"]
    );
    run_ok(&[
        "run",
        "-v",
        "solitaire",
        "-g",
        "20",
        "-q",
        "-o",
        s(&d.join("t")),
    ]);
    assert_eq!(
        column(&read(&d.join("t"), "summary.csv"), "player"),
        ["solitaire"]
    );
    let help = String::from_utf8(run(&["run", "--help"]).stdout).unwrap();
    assert!(
        help.contains("[default: every level, one row each]"),
        "{help}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_knob_for_another_variant_is_an_error_naming_knob_variant_and_where_it_applies() {
    let d = tmp("knobs");
    for (args, want) in [
        (
            vec!["run", "-v", "solitaire", "--soldier-flips", "3", "-g", "5"],
            "--soldier-flips (grid.soldier_flips): does not apply to variant \"solitaire\"; it applies to robert",
        ),
        (
            vec!["run", "-v", "carcassonne", "--difficulty", "hard", "-g", "5"],
            "--difficulty (grid.difficulty): does not apply to variant \"carcassonne\"; it applies to robert",
        ),
        (
            vec!["run", "-v", "base", "--rollouts", "4", "-g", "5"],
            "--rollouts: does not apply to --policy greedy",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
    let text = "name = \"k\"\nseed = 1\ngames = 20\n[grid]\nvariant = [\"robert\", \"solitaire\"]\nsoldier_flips = [1, 3]\n";
    let cfg = config(&d, "k.toml", text);
    let o = run(&["sweep", s(&cfg), "-q", "-o", s(&d.join("k"))]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("k.toml:6: grid.soldier_flips: does not apply to variant \"solitaire\"; it applies to robert"),
        "{e}"
    );
    assert!(e.contains("spans_variants = [\"soldier_flips\"]"), "{e}");
    // Said explicitly, the list spans the variants, and the terminal names the rows that
    // ignore it (4 levels x 2 flips of Robert, then the Solitaire row).
    let cfg = config(
        &d,
        "k2.toml",
        &format!("{text}spans_variants = [\"soldier_flips\"]\n"),
    );
    let o = run(&["sweep", s(&cfg), "-q", "-o", s(&d.join("k2"))]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("note: grid.soldier_flips applies to robert only; rows 8 (solitaire) ignore it"),
        "{e}"
    );
    assert_eq!(column(&read(&d.join("k2"), "summary.csv"), "row").len(), 9);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn report_folders_refuse_foreign_files_and_leave_no_stale_table() {
    let d = tmp("folders");
    let foreign = d.join("mine");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    let o = run(&["run", "-v", "base", "-g", "5", "-q", "-o", s(&foreign)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert!(!foreign.join("summary.csv").exists(), "nothing written");
    run_ok(&[
        "run",
        "-v",
        "base",
        "-g",
        "5",
        "-q",
        "--force",
        "-o",
        s(&foreign),
    ]);
    assert_eq!(
        read(&foreign, "notes.txt"),
        "mine",
        "--force keeps the folder's files"
    );
    // An ablation, then a plain run into the same folder: refused without --force (a report of
    // other settings); with it, the ablation's files go.
    let out = d.join("rep");
    let ablation = concat!(env!("CARGO_MANIFEST_DIR"), "/configs/robert-ablation.toml");
    run_ok(&["ablate", ablation, "-g", "20", "-q", "-o", s(&out)]);
    // Two players (team and learned): a chart each.
    assert!(out.join("ablation.csv").exists() && out.join("ablation-learned.svg").exists());
    let plain = [
        "run",
        "-v",
        "robert",
        "-d",
        "easy",
        "-g",
        "20",
        "-q",
        "-o",
        s(&out),
    ];
    let o = run(&plain);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("other settings") && stderr(&o).contains("--force"),
        "{}",
        stderr(&o)
    );
    assert!(out.join("ablation.csv").exists(), "nothing moved");
    let mut forced = plain.to_vec();
    forced.push("--force");
    run_ok(&forced);
    assert!(
        !out.join("ablation.csv").exists(),
        "stale ablation.csv removed"
    );
    assert!(
        !out.join("ablation-learned.svg").exists(),
        "stale ablation chart removed"
    );
    assert!(out.join("summary.csv").exists());
    // A folder an older robsim wrote (no file list) is rewritten the same way.
    std::fs::remove_file(out.join(".robsim-files")).unwrap();
    std::fs::write(out.join("ablation.csv"), "stale").unwrap();
    std::fs::write(out.join("keep.md"), "mine").unwrap();
    run_ok(&[
        "run",
        "-v",
        "robert",
        "-d",
        "easy",
        "-g",
        "20",
        "-q",
        "-o",
        s(&out),
    ]);
    assert!(!out.join("ablation.csv").exists());
    assert!(out.join("keep.md").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn trace_takes_a_row_of_a_config_and_every_sweep_policy_name() {
    let d = tmp("trace-row");
    let cfg = config(
        &d,
        "t.toml",
        "name = \"t\"\nseed = 5\ngames = 20\n[grid]\nvariant = \"robert\"\ndifficulty = [\"hard\", \"easy\"]\nplayers = 3\npolicy = [\"team\", \"team-tuned\", \"rollout-2\"]\n[team_tuned]\nsoldier_min_pips = 8\n",
    );
    // Row 3 is team-tuned at Easy; game 4 of it.
    let said = run_ok(&[
        "trace",
        "-c",
        s(&cfg),
        "-r",
        "3",
        "-i",
        "4",
        "-o",
        s(&d.join("a.jsonl")),
    ]);
    assert!(said.contains("a.jsonl") && said.contains("row 3"), "{said}");
    let first = read(&d, "a.jsonl");
    assert!(
        first.lines().next().unwrap().contains("\"team-tuned\""),
        "{first:.200}"
    );
    let o = run(&[
        "trace",
        "-c",
        s(&cfg),
        "-r",
        "5",
        "-i",
        "0",
        "-o",
        s(&d.join("b.jsonl")),
    ]);
    assert!(o.status.success(), "rollout-2: {}", stderr(&o));
    // The flags' trace of the same game is the same game.
    run_ok(&[
        "trace",
        "-v",
        "robert",
        "-d",
        "easy",
        "-p",
        "3",
        "-P",
        "team",
        "-s",
        "5",
        "-i",
        "4",
        "-o",
        s(&d.join("c.jsonl")),
    ]);
    // Rows nest policy x difficulty: row 1 is team at Easy.
    let row1 = run_ok(&["trace", "-c", s(&cfg), "-r", "1", "-i", "4"]);
    assert_eq!(row1, read(&d, "c.jsonl"));
    let o = run(&[
        "trace",
        "-v",
        "robert",
        "-P",
        "rollout-3",
        "-d",
        "easy",
        "-o",
        s(&d.join("e.jsonl")),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["trace", "-c", s(&cfg), "-r", "9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--row 9"), "{}", stderr(&o));
    // games.csv lists each game, to find one to trace.
    run_ok(&["sweep", s(&cfg), "-q", "--games-csv", "-o", s(&d.join("g"))]);
    let games = read(&d.join("g"), "games.csv");
    assert!(
        games.starts_with("run,settings_key,row,seed,game,won,end,winners,turns\n"),
        "{games:.100}"
    );
    assert_eq!(games.lines().count(), 1 + 6 * 20);
    let _ = std::fs::remove_dir_all(&d);
}

const LADDER: &str = "name = \"lad\"\nseed = 11\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = [2, 3, 4]\npolicy = \"team\"\n[calibrate]\nknob = \"start_cards\"\ntargets = [0.2, 0.4, 0.6, 0.8]\nbatch = 200\nmax_games = 2000000\n";

#[test]
fn calibrate_takes_games_reruns_from_its_manifest_and_keeps_what_was_decided_on_ctrl_c() {
    let d = tmp("calibrate-journey");
    let cfg = config(&d, "lad.toml", LADDER);
    let a = d.join("a");
    run_ok(&["calibrate", s(&cfg), "-g", "200", "-q", "-o", s(&a)]);
    let m: serde_json::Value = serde_json::from_str(&read(&a, "manifest.json")).unwrap();
    assert_eq!(m["calibration"]["games"], 200);
    assert!(column(&read(&a, "evaluations.csv"), "games")
        .iter()
        .all(|g| g.parse::<u64>().unwrap() <= 200));
    run_ok(&["rerun", s(&a), "-q", "-j", "1"]);
    let b = Path::new(&format!("{}-rerun", a.display())).to_path_buf();
    assert_eq!(read(&a, "ladder.csv"), read(&b, "ladder.csv"));
    // Ctrl-C: exit 130, a message, and the targets decided so far in the folder.
    let c = d.join("c");
    let mut child = robsim()
        .args(["calibrate", s(&cfg), "-q", "-j", "2", "-o", s(&c)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    let st = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let t0 = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "calibrate did not stop"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut e = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut e).unwrap();
    assert_eq!(status.code(), Some(130), "{e}");
    assert!(e.contains("interrupted: the ladder holds the"), "{e}");
    let m: serde_json::Value = serde_json::from_str(&read(&c, "manifest.json")).unwrap();
    assert_eq!(m["partial"], true);
    assert!(c.join("evaluations.csv").exists() && c.join("report.html").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn resume_finishes_an_interrupted_sweep_exactly() {
    let d = tmp("resume");
    // Four rows (every Robert level), short games: whole, then interrupted and resumed.
    let args = |out: &Path, threads: &str| -> Vec<String> {
        [
            "run", "-v", "robert", "-p", "3", "-g", "8000", "-q", "-j", threads, "-o",
        ]
        .iter()
        .map(|a| a.to_string())
        .chain([s(out).to_string()])
        .collect()
    };
    let whole = d.join("whole");
    let o = robsim().args(args(&whole, "2")).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let part = d.join("part");
    let mut child = robsim()
        .args(args(&part, "2"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(600));
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let st = child.wait().unwrap();
    let mut resume = args(&part, "1");
    resume.push("--resume".into());
    let o = robsim().args(&resume).output().unwrap();
    if st.code() == Some(130) {
        let m: serde_json::Value = serde_json::from_str(&read(&part, "manifest.json")).unwrap();
        assert_eq!(m["partial"], false, "resumed to the whole run");
        assert!(o.status.success(), "{}", stderr(&o));
        for f in ["summary.csv", "compare.csv", "seats.csv", "state.json"] {
            assert_eq!(read(&whole, f), read(&part, f), "{f}");
        }
    } else {
        // The run finished before the signal: nothing to resume, said so.
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("nothing to resume"), "{}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_config_key_typo_suggests_the_nearest_key() {
    let d = tmp("typo");
    let cfg = config(
        &d,
        "t.toml",
        "name = \"t\"\nseed = 1\ngames = 5\n[grid]\nvariant = \"robert\"\ndificulty = \"easy\"\n",
    );
    let o = run(&["sweep", s(&cfg), "-o", s(&d.join("o"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "t.toml:6: grid.dificulty: unknown key `dificulty`; did you mean `difficulty`?"
        ),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn help_is_grouped_with_short_flags_and_examples_and_the_summary_speaks_percent() {
    let help = String::from_utf8(run(&["run", "--help"]).stdout).unwrap();
    let at = |s: &str| {
        help.find(s)
            .unwrap_or_else(|| panic!("{s} missing: {help}"))
    };
    assert!(at("Game (every variant):") < at("Robert the Robber (--variant robert):"));
    assert!(at("--policy") < at("--soldier-flips") && at("--seed") < at("--raider-pool"));
    assert!(at("-g, --games") > 0 && at("-d, --difficulty") > 0 && at("-o, --out") > 0);
    assert!(at("Examples:") > at("Output and running:"));
    let d = tmp("summary");
    let out = run_ok(&[
        "run",
        "-v",
        "robert",
        "-p",
        "3",
        "-g",
        "40",
        "-q",
        "-o",
        s(&d),
    ]);
    assert!(out.contains("win rate (95%)") && out.contains('%'), "{out}");
    assert!(out.contains("difficulty impossible → hard"), "{out}");
    assert!(out.lines().all(|l| l.chars().count() <= 120), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}
