//! Every policy name alone, from any folder: learned and team-tuned built in, rollout-N:learned with and without --model, default names that hold every setting, a report of other settings kept unless --force, named models side by side.

use crate::support::cli::{read, robsim, tmp, without_run};
use std::path::Path;
use std::process::Output;

/// The shipped Robert model, as the checkout holds it.
const ROBERT: &str = include_str!("../../configs/models/robert-wide.toml");

/// Runs robsim in `dir` (outside the checkout: the tests' scratch folder).
fn run_in(dir: &Path, args: &[&str]) -> Output {
    std::fs::create_dir_all(dir).unwrap();
    robsim().current_dir(dir).args(args).output().unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> Output {
    let r = run_in(dir, args);
    assert!(
        r.status.success(),
        "robsim {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&r.stderr)
    );
    r
}

fn refused(dir: &Path, args: &[&str], want: &[&str]) -> String {
    let r = run_in(dir, args);
    let err = String::from_utf8_lossy(&r.stderr).to_string();
    assert_eq!(r.status.code(), Some(2), "{args:?}: {err}");
    for w in want {
        assert!(err.contains(w), "{w:?} not in: {err}");
    }
    err
}

#[test]
fn learned_and_team_tuned_trace_alone_outside_the_checkout() {
    let d = tmp("names-trace");
    let trace = |variant: &str, policy: &str| {
        let file = format!("{variant}-{policy}.jsonl");
        let mut args = vec!["trace", "-v", variant, "--policy", policy, "-o", &file];
        if variant == "robert" {
            args.extend(["-p", "3", "-d", "easy"]);
        }
        ok(&d, &args);
        let text = std::fs::read_to_string(d.join(&file)).unwrap();
        assert!(
            text.lines()
                .next()
                .unwrap()
                .contains(&format!("\"policy\":\"{policy}\"")),
            "{policy}"
        );
        text
    };
    let tuned = trace("robert", "team-tuned");
    let learned = trace("robert", "learned");
    trace("solitaire", "learned");
    // Each plays its own knobs or model: not the default team's game.
    let team = trace("robert", "team");
    let moves = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_ne!(moves(&tuned), moves(&team), "team-tuned plays other knobs");
    assert_ne!(moves(&learned), moves(&team), "learned plays its model");
}

#[test]
fn rollout_over_learned_runs_with_and_without_model_and_records_it() {
    let d = tmp("names-rollout");
    let args = [
        "run",
        "-v",
        "robert",
        "-p",
        "3",
        "-d",
        "hard",
        "-P",
        "rollout-2:learned",
        "-g",
        "1",
        "-q",
    ];
    ok(&d, &args);
    // The default folder: no ':' in it.
    let built_in = d.join("out/run-robert-3p-rollout-2-learned-hard-seed1");
    let manifest = read(&built_in, "manifest.json");
    let sha = robsim::report::sha256_hex(ROBERT.as_bytes());
    for w in [
        "built-in configs/models/robert-wide.toml",
        &sha,
        "rollout-2:learned",
    ] {
        assert!(manifest.contains(w), "{w} not in manifest.json");
    }
    let config = read(&built_in, "config.toml");
    assert!(
        config.contains(&format!(
            "# rollout-2:learned played built-in configs/models/robert-wide.toml, sha256 {sha}"
        )),
        "{config}"
    );
    // The same model from a file: the same games, the file recorded.
    std::fs::write(d.join("mine.toml"), ROBERT).unwrap();
    let file = d.join("from-file");
    let mut with_model = args.to_vec();
    with_model.extend(["--model", "mine.toml", "-o", "from-file"]);
    ok(&d, &with_model);
    // The same games; the summary names the file each played (same SHA-256 prefix).
    let from_file = read(&file, "summary.csv");
    assert!(
        from_file.contains(&format!(",mine.toml,{},", &sha[..12])),
        "{from_file}"
    );
    assert_eq!(
        without_run(&from_file).replace(",mine.toml,", ",robert-wide.toml,"),
        without_run(&read(&built_in, "summary.csv"))
    );
    let manifest = read(&file, "manifest.json");
    assert!(manifest.contains("\"source\": \"mine.toml\"") && manifest.contains(&sha));
    // --model on a policy that plays no model.
    refused(
        &d,
        &[
            "run",
            "-v",
            "robert",
            "-P",
            "rollout-2:team",
            "--model",
            "mine.toml",
            "-g",
            "1",
        ],
        &["--model", "learned and rollout-N:learned"],
    );
}

#[test]
fn base_has_no_learned_player_and_the_hint_names_no_checkout_path() {
    let d = tmp("names-base");
    for policy in ["learned", "rollout-2:learned"] {
        let err = refused(
            &d,
            &["run", "-v", "base", "-P", policy, "-g", "1", "-q"],
            &["only robert and solitaire have learned players"],
        );
        assert!(!err.contains("configs/models"), "{err}");
    }
    // A Robert model for the base game says the same.
    std::fs::write(d.join("r.toml"), ROBERT).unwrap();
    let err = refused(
        &d,
        &[
            "run", "-v", "base", "-P", "learned", "--model", "r.toml", "-g", "1",
        ],
        &[
            "learned.model",
            "only robert and solitaire have learned players",
        ],
    );
    assert!(!err.contains("robsim learn on a base config"), "{err}");
    assert!(!d.join("out").exists(), "nothing written");
}

#[test]
fn different_settings_never_share_a_default_folder_nor_replace_a_report() {
    let d = tmp("names-folders");
    let run = |level: &str, extra: &[&str]| {
        let mut a = vec![
            "run", "-v", "robert", "-p", "4", "-d", level, "-g", "20", "-s", "42", "-q",
        ];
        a.extend(extra);
        let r = ok(&d, &a);
        let out = String::from_utf8_lossy(&r.stdout).to_string();
        let dir = out
            .lines()
            .last()
            .unwrap()
            .trim_start_matches("report: ")
            .to_string();
        d.join(dir)
    };
    let moderate = run("moderate", &["--games-csv"]);
    let easy = run("easy", &[]);
    assert_ne!(moderate, easy);
    assert!(
        moderate.join("games.csv").is_file(),
        "the first report is kept whole"
    );
    // A rule knob moved: another folder again.
    let knob = run("easy", &["--vp-to-win", "8"]);
    assert!(knob != easy && knob != moderate);
    // Naming the other report's folder is refused, naming --force; nothing moves.
    let before = read(&moderate, "summary.csv");
    let m = moderate.to_str().unwrap();
    refused(
        &d,
        &[
            "run", "-v", "robert", "-d", "easy", "-g", "20", "-s", "42", "-q", "-o", m,
        ],
        &["grid.difficulty", "--force"],
    );
    assert_eq!(read(&moderate, "summary.csv"), before);
    assert!(moderate.join("games.csv").is_file());
    // The same settings at another game count replace it; --force replaces any.
    let r = ok(
        &d,
        &[
            "run", "-v", "robert", "-p", "4", "-d", "moderate", "-g", "30", "-s", "42", "-q",
        ],
    );
    assert!(String::from_utf8_lossy(&r.stdout).contains(m.rsplit('/').next().unwrap()));
    ok(
        &d,
        &[
            "run", "-v", "robert", "-d", "easy", "-g", "5", "-s", "42", "-q", "-o", m, "--force",
        ],
    );
}

#[test]
fn a_table_no_row_plays_is_a_note() {
    let d = tmp("names-notes");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("r.toml"), ROBERT).unwrap();
    std::fs::write(
        d.join("c.toml"),
        "name = \"n\"\nseed = 1\ngames = 2\n[grid]\nvariant = \"robert\"\ndifficulty = \"easy\"\npolicy = \"team\"\n[team_tuned]\nhelp_margin = 1\n[learned]\nmodel = \"r.toml\"\n[models]\nmine = \"r.toml\"\n",
    )
    .unwrap();
    let r = ok(&d, &["sweep", "c.toml", "-q"]);
    let err = String::from_utf8_lossy(&r.stderr);
    for w in [
        "note: [team_tuned] is given but no row plays team-tuned",
        "note: [learned] is given but no row plays learned",
        "note: [models] mine is given but no row plays learned:mine",
    ] {
        assert!(err.contains(w), "{w:?} not in: {err}");
    }
}

#[test]
fn two_named_models_pair_in_one_sweep() {
    let d = tmp("names-models");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("shipped.toml"), ROBERT).unwrap();
    // A second model: the shipped one with its build weights halved.
    let mut half = String::new();
    let mut build = false;
    for line in ROBERT.lines() {
        if line.starts_with('[') {
            build = line == "[weights.build]";
        }
        match line.split_once(" = ") {
            Some((k, v)) if build && v.parse::<f64>().is_ok() => {
                half.push_str(&format!("{k} = {}\n", v.parse::<f64>().unwrap() * 0.5));
            }
            _ => {
                half.push_str(line);
                half.push('\n');
            }
        }
    }
    assert_ne!(half, ROBERT);
    std::fs::write(d.join("half.toml"), half).unwrap();
    std::fs::write(
        d.join("pair.toml"),
        "name = \"pair\"\nseed = 5\ngames = 200\nsearch_games = 1\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = [\"learned\", \"learned:shipped\", \"learned:half\", \"rollout-2:learned:half\"]\n[models]\nshipped = \"shipped.toml\"\nhalf = \"half.toml\"\n",
    )
    .unwrap();
    ok(&d, &["sweep", "pair.toml", "-q"]);
    let out = d.join("out/pair");
    let summary = read(&out, "summary.csv");
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |n: &str| h.iter().position(|x| x == n).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let policies: Vec<&str> = rows.iter().map(|x| &x[col("player")]).collect();
    assert_eq!(
        policies,
        [
            "learned",
            "learned:shipped",
            "learned:half",
            "rollout-2:learned:half"
        ]
    );
    // The named copy of the shipped model plays the built-in one's games.
    for c in ["wins", "turns_mean"] {
        assert_eq!(rows[0][col(c)], rows[1][col(c)], "{c}");
    }
    // The two models are paired over the same games in compare.csv.
    let compare = read(&out, "compare.csv");
    assert!(
        compare
            .lines()
            .any(|l| l.contains(",1,2,player,player=learned:shipped,player=learned:half,200,")),
        "{compare}"
    );
    let manifest = read(&out, "manifest.json");
    for w in [
        "shipped.toml",
        "half.toml",
        "built-in configs/models/robert-wide.toml",
    ] {
        assert!(manifest.contains(w), "{w} not in manifest.json");
    }
    // An unknown name is refused with the known ones.
    let text =
        read(&d, "pair.toml").replace("learned:half\", \"rollout", "learned:other\", \"rollout");
    std::fs::write(d.join("bad.toml"), text).unwrap();
    refused(
        &d,
        &["sweep", "bad.toml", "-q", "-o", "never"],
        &[
            "grid.policy",
            "unknown model \"other\"",
            "allowed: half, shipped",
        ],
    );
    assert!(!d.join("never").exists());
}

#[test]
fn luck_never_replaces_a_report_of_another_config() {
    let d = tmp("names-luck-folder");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        d.join("s.toml"),
        "name = \"s\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"robert\"\ndifficulty = \"easy\"\npolicy = \"team\"\n",
    )
    .unwrap();
    std::fs::write(
        d.join("l.toml"),
        "name = \"l\"\nseed = 1\ngames = 1\n[grid]\nvariant = \"robert\"\ndifficulty = \"easy\"\n[luck]\nrungs = [\"team\", \"team-tuned\", \"learned\"]\nboards = 2\ngames_per_board = 2\n",
    )
    .unwrap();
    ok(&d, &["sweep", "s.toml", "-q", "-o", "rep"]);
    let before = read(&d.join("rep"), "summary.csv");
    refused(
        &d,
        &["luck", "l.toml", "-q", "-o", "rep"],
        &["another config", "--force"],
    );
    assert_eq!(read(&d.join("rep"), "summary.csv"), before);
    // Its own folder again, and every rung by its name alone.
    ok(&d, &["luck", "l.toml", "-q", "-o", "lk"]);
    ok(&d, &["luck", "l.toml", "-q", "-o", "lk"]);
    assert!(read(&d.join("lk"), "luck.csv").contains("team-tuned"));
}
