//! Nothing trusted blindly, nothing lost: a model file cut short is refused, a config's paths are read beside it, a quick re-run does not replace a long one, trace and replay files never replace a user's file, and a replay page says how (and whether) its game ended.

use crate::support::cli::{read, robsim, run_ok, tmp};
use std::path::{Path, PathBuf};
use std::process::Output;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The repository's copy of a shipped file.
fn shipped(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// The shipped model cut before each of its tables (every line that starts with `[`) is refused
/// naming the file and what is missing, exit 2, no report; the whole file plays.
#[test]
fn a_model_cut_at_any_table_is_refused() {
    let d = tmp("trust-cut");
    std::fs::create_dir_all(&d).unwrap();
    let text = std::fs::read_to_string(shipped("configs/models/robert.toml")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let cuts: Vec<usize> = (1..lines.len())
        .filter(|&k| lines[k].starts_with('['))
        .collect();
    assert!(cuts.len() >= 13, "the shipped model's tables: {cuts:?}");
    let play = |model: &Path, out: &Path| {
        robsim()
            .args(["run", "-v", "robert", "-p", "3", "-d", "moderate"])
            .args(["-P", "learned", "--model", s(model), "-g", "1", "-q"])
            .args(["-o", s(out)])
            .output()
            .unwrap()
    };
    for k in cuts {
        let cut = d.join(format!("cut-{}.toml", k + 1));
        std::fs::write(&cut, lines[..k].join("\n") + "\n").unwrap();
        let out = d.join(format!("out-{}", k + 1));
        let r = play(&cut, &out);
        let e = stderr(&r);
        assert_eq!(r.status.code(), Some(2), "cut before line {}: {e}", k + 1);
        assert!(
            e.contains(s(&cut)) && e.contains("missing"),
            "cut before line {} ({}): {e}",
            k + 1,
            lines[k]
        );
        assert!(!out.exists(), "cut before line {}: nothing written", k + 1);
    }
    // The cut before the last network names that table.
    let last = lines.iter().rposition(|l| l.starts_with("[net.")).unwrap();
    let e = stderr(&play(
        &d.join(format!("cut-{}.toml", last + 1)),
        &d.join("x"),
    ));
    assert!(e.contains(lines[last].trim_matches(['[', ']'])), "{e}");
    let whole = d.join("whole.toml");
    std::fs::write(&whole, &text).unwrap();
    let r = play(&whole, &d.join("whole"));
    assert!(r.status.success(), "{}", stderr(&r));
    let _ = std::fs::remove_dir_all(&d);
}

/// A config's model file is read beside the config, from any folder; a shipped config's
/// `configs/models/robert.toml` plays the built-in copy (the same sha256) where the file is not
/// there; a path found nowhere is refused naming where robsim looked.
#[test]
fn a_configs_paths_are_read_beside_it_then_from_the_built_in_copy() {
    let d = tmp("trust-paths");
    let sub = d.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    let model = std::fs::read(shipped("configs/models/robert.toml")).unwrap();
    std::fs::write(sub.join("mine.toml"), &model).unwrap();
    let cfg = |name: &str, path: &str| {
        let p = sub.join(name);
        std::fs::write(
            &p,
            format!("name = \"p\"\nseed = 3\ngames = 2\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"moderate\"\npolicy = \"learned\"\n[learned]\nmodel = \"{path}\"\n"),
        )
        .unwrap();
        p
    };
    let sweep = |c: &Path, out: &str| {
        robsim()
            .current_dir(&d)
            .args(["sweep", s(c), "-q", "-o", out])
            .output()
            .unwrap()
    };
    // Beside the config (run from its parent folder).
    let r = sweep(&cfg("beside.toml", "mine.toml"), "beside");
    assert!(r.status.success(), "{}", stderr(&r));
    let manifest = read(&d.join("beside"), "manifest.json");
    assert!(manifest.contains("mine.toml"), "{manifest}");
    // A shipped config's path, not there: the built-in copy, with a note.
    let r = sweep(
        &cfg("shipped.toml", "configs/models/robert.toml"),
        "shipped",
    );
    let e = stderr(&r);
    assert!(r.status.success(), "{e}");
    assert!(
        e.contains("configs/models/robert.toml is not beside the config") && e.contains("built-in"),
        "{e}"
    );
    let manifest = read(&d.join("shipped"), "manifest.json");
    let sha = robsim::report::sha256_hex(&model);
    assert!(
        manifest.contains("built-in configs/models/robert.toml") && manifest.contains(&sha),
        "{manifest}"
    );
    // Nowhere: refused, naming the key, the path and where it looked.
    let r = sweep(&cfg("none.toml", "models/nowhere.toml"), "none");
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains("learned.model") && e.contains("models/nowhere.toml") && e.contains("looked"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Calibrate's note on rows outside the model's training rows comes from the model's own
/// `[trained]` rows when the built-in model plays (no `[learned]` table), as when a file does;
/// a quicker calibration does not replace it.
#[test]
fn calibrate_notes_rows_outside_the_built_in_models_training() {
    let d = tmp("trust-cal");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("c.toml");
    std::fs::write(
        &cfg,
        "name = \"c\"\nseed = 5\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = 2\npolicy = \"learned\"\n[calibrate]\nknob = \"start_cards\"\nvalues = [0, 4]\ntargets = [0.5]\nbatch = 100\nmax_games = 200\n",
    )
    .unwrap();
    let out = run_ok(&["calibrate", s(&cfg), "-q", "-o", s(&d.join("out"))]);
    assert!(
        out.contains("outside the learned model's training rows")
            && out.contains("built-in configs/models/robert-weighted.toml")
            && out.contains("start_cards 0–3"),
        "{out}"
    );
    // A quicker calibration into the same folder is refused naming games and --force.
    let r = robsim()
        .args([
            "calibrate",
            s(&cfg),
            "-q",
            "-g",
            "100",
            "-o",
            s(&d.join("out")),
        ])
        .output()
        .unwrap();
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains("games: 200 per row there, 100 here") && e.contains("--force"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A quick re-run into a folder holding a longer run is refused naming `games` and `--force`
/// (the long run stays); as many games or more, or --force, replace it.
#[test]
fn a_quick_rerun_does_not_replace_a_long_one() {
    let d = tmp("trust-games");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("g.toml");
    std::fs::write(
        &cfg,
        "name = \"g\"\nseed = 2\ngames = 40\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"moderate\"\n",
    )
    .unwrap();
    let out = d.join("out");
    let sweep = |extra: &[&str]| {
        robsim()
            .args(["sweep", s(&cfg), "-q", "-o", s(&out)])
            .args(extra)
            .output()
            .unwrap()
    };
    assert!(sweep(&[]).status.success());
    let before = read(&out, "summary.csv");
    let r = sweep(&["-g", "10"]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains("games: 40 per row there, 10 here") && e.contains("--force"),
        "{e}"
    );
    assert_eq!(read(&out, "summary.csv"), before, "the long run stays");
    let r = sweep(&["--precision", "0.2"]);
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("precision"), "{}", stderr(&r));
    assert!(sweep(&["-g", "40"]).status.success(), "the same run again");
    assert!(sweep(&["-g", "50"]).status.success(), "a longer run");
    assert!(sweep(&["-g", "10", "--force"]).status.success());
    let _ = std::fs::remove_dir_all(&d);
}

/// `trace -o` and `replay -o` check the destination before the game is played: a missing folder
/// is refused (exit 2) naming the path given; a user's own file is never replaced without
/// --force; a trace or replay page robsim wrote is.
#[test]
fn trace_and_replay_outputs_never_replace_a_users_file() {
    let d = tmp("trust-out");
    std::fs::create_dir_all(&d).unwrap();
    let game = ["-v", "robert", "-p", "3", "--seed", "4"];
    let trace = |out: &Path, extra: &[&str]| {
        robsim()
            .arg("trace")
            .args(game)
            .args(["-o", s(out)])
            .args(extra)
            .output()
            .unwrap()
    };
    let missing = d.join("traces").join("g.jsonl");
    let r = trace(&missing, &[]);
    let e = stderr(&r);
    assert_eq!(r.status.code(), Some(2), "{e}");
    assert!(
        e.contains(s(&missing)) && e.contains("does not exist") && !e.contains("tmp-"),
        "{e}"
    );
    let notes = d.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let r = trace(&notes, &[]);
    assert_eq!(r.status.code(), Some(2));
    assert!(stderr(&r).contains("--force"), "{}", stderr(&r));
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    // A trace robsim wrote is replaced; so is a replay page.
    let t = d.join("g.jsonl");
    assert!(trace(&t, &[]).status.success());
    assert!(
        trace(&t, &[]).status.success(),
        "{}",
        stderr(&trace(&t, &[]))
    );
    let page = d.join("g.html");
    run_ok(&["replay", s(&t), "-o", s(&page)]);
    run_ok(&["replay", s(&t), "-o", s(&page)]);
    assert!(trace(&page, &["--html"]).status.success());
    // A user's file is refused by replay too, and replaced with --force.
    let r = robsim()
        .args(["replay", s(&t), "-o", s(&notes)])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2));
    assert!(
        stderr(&r).contains("robsim did not write it"),
        "{}",
        stderr(&r)
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    let r = robsim()
        .args(["replay", s(&t), "-o", s(&d.join("no").join("x.html"))])
        .output()
        .unwrap();
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    run_ok(&["replay", s(&t), "-o", s(&notes), "--force"]);
    assert!(std::fs::read_to_string(&notes).unwrap().contains("<svg"));
    let _ = std::fs::remove_dir_all(&d);
}

/// The replay page says why its game ended (the last step's label shows it) and marks a trace
/// cut short as incomplete; its step numbers are the link's.
#[test]
fn a_replay_page_says_how_its_game_ended_or_that_it_did_not() {
    let d = tmp("trust-end");
    std::fs::create_dir_all(&d).unwrap();
    let t = d.join("g.jsonl");
    run_ok(&[
        "trace",
        "-v",
        "robert",
        "-p",
        "3",
        "-d",
        "moderate",
        "--seed",
        "5",
        "-o",
        s(&t),
    ]);
    let text = std::fs::read_to_string(&t).unwrap();
    let over: serde_json::Value = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["type"] == "game_over")
        .unwrap();
    let page = d.join("g.html");
    run_ok(&["replay", s(&t), "-o", s(&page)]);
    let html = std::fs::read_to_string(&page).unwrap();
    let outcome = over["outcome"].as_str().unwrap().replace('_', " ");
    let want = format!(
        "id=\"ending\" hidden>game over on turn {}: {outcome}",
        over["turn"]
    );
    assert!(html.contains(&want), "{want}");
    if over["outcome"] == "team_loss" {
        assert!(html.contains("number tokens face down"));
    }
    assert!(!html.contains("id=\"incomplete\""));
    assert!(html.contains("Steps count from 0"));
    // Cut short: the page is written, marked incomplete, with a warning.
    let cut = d.join("cut.jsonl");
    let n = text.lines().count() / 2;
    std::fs::write(
        &cut,
        text.lines().take(n).collect::<Vec<_>>().join("\n") + "\n",
    )
    .unwrap();
    let r = robsim()
        .args(["replay", s(&cut), "-o", s(&d.join("cut.html"))])
        .output()
        .unwrap();
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("ends before its game_over line"),
        "{}",
        stderr(&r)
    );
    let html = read(&d, "cut.html");
    assert!(html.contains("id=\"incomplete\"") && html.contains(&format!("after {n} lines")));
    assert!(!html.contains("id=\"ending\""));
    // In a browser: #step=K shows "step K of N", the last step says why the game ended.
    if let Some(chrome) = crate::support::cli::chromium() {
        let steps = text
            .lines()
            .filter(|l| l.contains("\"type\":\"snapshot\""))
            .count();
        for k in [1, steps - 1] {
            let url = format!("file://{}#step={k}", page.display());
            let dom = crate::support::cli::dump_dom(&chrome, &url, &d);
            let label = dom
                .split("<span id=\"label\">")
                .nth(1)
                .and_then(|x| x.split("</span>").next())
                .unwrap_or("");
            assert!(
                label.contains(&format!("(step {k} of {})", steps - 1)),
                "{label}"
            );
            if k == steps - 1 {
                assert!(
                    label.contains(&format!("game over on turn {}", over["turn"])),
                    "{label}"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
