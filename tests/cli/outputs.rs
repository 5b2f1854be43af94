//! Outputs that say what they hold (issue 37): paired steps with their game counts, stalled losses in the terminal, exactly the files written, pages written for their command, one seat numbering, overrides for luck and learn.

use crate::support::cli::{chromium, dump_dom, read, robsim, run_ok, tmp};
use std::path::Path;
use std::process::Output;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn run(args: &[&str]) -> Output {
    robsim().args(args).output().expect("robsim runs")
}

fn config(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The model shipped for Robert, from the checkout the tests run in.
fn robert_model() -> String {
    format!("{}/configs/models/robert.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_paired_step_over_a_search_row_says_how_many_games_it_rests_on() {
    let d = tmp("step-games");
    let cfg = config(
        &d,
        "c.toml",
        "name = \"steps\"\nseed = 3\ngames = 12\nsearch_games = 3\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = [\"team\", \"rollout-2\"]\n",
    );
    let stdout = run_ok(&["sweep", s(&cfg), "-q", "-o", s(&d.join("r"))]);
    let step = stdout
        .lines()
        .find(|l| l.contains("player team → rollout-2"))
        .unwrap_or_else(|| panic!("no step line: {stdout}"));
    assert!(step.ends_with(", 3 paired games"), "{step}");
    // compare.csv says the same count.
    let compare = read(&d.join("r"), "compare.csv");
    assert!(compare.lines().nth(1).unwrap().contains(",3,"), "{compare}");
}

#[test]
fn the_terminal_shows_the_learned_players_stalled_losses() {
    let d = tmp("stalled");
    let model = robert_model();
    let stdout = run_ok(&[
        "run",
        "-v",
        "robert",
        "-p",
        "4",
        "-d",
        "moderate",
        "-P",
        "learned",
        "--model",
        &model,
        "-g",
        "20",
        "-s",
        "42",
        "-q",
        "-o",
        s(&d.join("r")),
    ]);
    let head = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("row "))
        .unwrap_or_else(|| panic!("no table: {stdout}"));
    assert!(head.contains("stalled, conceded (of losses)"), "{stdout}");
    let summary = read(&d.join("r"), "summary.csv");
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let rec = r.records().next().unwrap().unwrap();
    let at = |c: &str| rec[h.iter().position(|x| x == c).unwrap()].to_string();
    let row = stdout.lines().find(|l| l.starts_with("  0 ")).unwrap();
    assert!(
        row.ends_with(&format!(
            "{}, {} of {}",
            at("stalled"),
            at("conceded"),
            at("losses")
        )),
        "{row}"
    );
}

#[test]
fn a_one_row_run_lists_exactly_the_files_it_wrote() {
    let d = tmp("listed");
    let out = d.join("r");
    let stdout = run_ok(&[
        "run",
        "-v",
        "robert",
        "-p",
        "3",
        "-d",
        "easy",
        "-g",
        "10",
        "-q",
        "-o",
        s(&out),
    ]);
    // The list may wrap onto indented lines; none is over 100 characters.
    let at = stdout
        .find("full tables: ")
        .unwrap_or_else(|| panic!("{stdout}"));
    let line = stdout[at..stdout[at..].find(")\n").unwrap() + at + 1].replace("\n    ", " ");
    assert!(stdout.lines().all(|l| l.chars().count() <= 100), "{stdout}");
    assert!(!out.join("compare.csv").exists());
    assert!(!line.contains("compare.csv"), "{line}");
    let inner = &line[line.find('(').unwrap() + 1..line.len() - 1];
    let mut on_disk: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| !n.starts_with('.') && !n.ends_with(".svg"))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = inner
        .split(", ")
        .filter(|p| !p.contains("(.svg)"))
        .map(String::from)
        .collect();
    listed.sort();
    assert_eq!(listed, on_disk, "{line}");
    let svgs = std::fs::read_dir(&out)
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension() == Some("svg".as_ref()))
        .count();
    assert!(line.contains(&format!("{svgs} figures (.svg)")), "{line}");
}

const TINY_LEARN: &str = "name = \"tiny-learn\"\nseed = 7\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = [\"hard\", \"moderate\"]\npolicy = \"team\"\n[learn]\nrounds = 2\ntrain_games = 6\ntest_games = 60\nrollouts = 2\ncandidates = 3\nmax_labels = 4\n";

#[test]
fn learn_that_keeps_no_round_says_so_and_writes_no_model() {
    let d = tmp("learn-none");
    let cfg = config(&d, "tiny.toml", TINY_LEARN);
    let out = d.join("o");
    // The overrides shrink the config's budget until no round is kept.
    let o = run(&[
        "learn",
        s(&cfg),
        "--rounds",
        "1",
        "--train-games",
        "1",
        "--test-games",
        "20",
        "-q",
        "-o",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let rounds = read(&out, "rounds.csv");
    assert_eq!(
        rounds.lines().count(),
        2,
        "one round (--rounds 1): {rounds}"
    );
    // 1 training game and 20 held-out games per row, 2 rows.
    let line = rounds.lines().nth(1).unwrap();
    assert!(
        line.split_once(',').unwrap().1.starts_with("1,false,2,"),
        "{rounds}"
    );
    assert_eq!(line.split(',').nth(7), Some("40"), "{rounds}");
    assert!(
        !out.join("model.toml").exists(),
        "no model from nothing learned"
    );
    assert!(
        stdout.contains("model: none written: no round was kept"),
        "{stdout}"
    );
    assert!(!stdout.contains("model.toml"), "{stdout}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("kept no round"));
    // With the config's own budget a round is kept: the model is written and records the
    // overrides it was made with and the rows it was trained on.
    let kept = d.join("k");
    run_ok(&["learn", s(&cfg), "--test-games", "60", "-q", "-o", s(&kept)]);
    let model = read(&kept, "model.toml");
    assert!(model.contains("--test-games 60\""), "{model}");
    assert!(
        model.contains("[trained]\nplayers = [3]\nstart_cards = [1, 2]\n"),
        "{model}"
    );
}

const LUCK: &str = "name = \"tiny-luck\"\nseed = 5\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = PLAYERS\ndifficulty = DIFFICULTY\n[luck]\nrungs = [\"random\", \"team\"]\nboards = 400\ngames_per_board = 100\n";

#[test]
fn luck_takes_overrides_labels_its_rows_and_writes_its_own_page() {
    let d = tmp("luck-page");
    let cfg = config(
        &d,
        "one.toml",
        &LUCK
            .replace("PLAYERS", "3")
            .replace("DIFFICULTY", "\"easy\""),
    );
    let out = d.join("one");
    let stdout = run_ok(&[
        "luck",
        s(&cfg),
        "--boards",
        "3",
        "--games-per-board",
        "2",
        "-q",
        "-o",
        s(&out),
    ]);
    let luck = read(&out, "luck.csv");
    let mut r = csv::Reader::from_reader(luck.as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |n: &str| h.iter().position(|x| x == n).unwrap();
    for rec in r.records().map(|x| x.unwrap()) {
        assert_eq!(&rec[col("boards")], "3");
        assert_eq!(&rec[col("games_per_board")], "2");
        assert_eq!(&rec[col("row_label")], "3 players, easy");
    }
    assert!(stdout.contains("\n3 players, easy (team win)"), "{stdout}");
    assert!(stdout.contains("wrote: "), "{stdout}");
    let html = read(&out, "report.html");
    for borrowed in [
        "summary.csv",
        "--precision",
        "game length",
        "paired t",
        "all rows",
    ] {
        assert!(!html.contains(borrowed), "the luck page says {borrowed:?}");
    }
    assert!(html.contains("All columns of luck.csv"));
    assert!(html.contains("Every two rungs of one row"));
    // Out of range: the flag and the allowed values, exit 2, nothing written.
    let never = d.join("never");
    let o = run(&["luck", s(&cfg), "--boards", "1", "-q", "-o", s(&never)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--boards"));
    assert!(!never.exists());
    // Eight rows: the board-share axis labels break onto two lines instead of running into
    // each other.
    let cfg = config(
        &d,
        "eight.toml",
        &LUCK.replace("PLAYERS", "[3, 4]").replace(
            "DIFFICULTY",
            "[\"impossible\", \"hard\", \"moderate\", \"easy\"]",
        ),
    );
    let out = d.join("eight");
    run_ok(&[
        "luck",
        s(&cfg),
        "--boards",
        "2",
        "-g",
        "2",
        "-q",
        "-o",
        s(&out),
    ]);
    let svg = read(&out, "board_share.svg");
    // plotters writes a text element's content on a line of its own.
    let texts: Vec<&str> = svg.lines().map(str::trim).collect();
    assert!(!texts.contains(&"3 players, impossible"), "one long label");
    assert!(
        texts.contains(&"3 players,") && texts.contains(&"impossible"),
        "{svg}"
    );
}

#[test]
fn calibrate_labels_groups_notes_untrained_brackets_and_writes_its_own_page() {
    let d = tmp("calibrate-page");
    let cfg = config(
        &d,
        "ladder.toml",
        &format!(
            "name = \"ladder\"\nseed = 9\ngames = 100\n[grid]\nvariant = \"robert\"\nplayers = [2, 3]\npolicy = \"learned\"\n[calibrate]\nknob = \"start_cards\"\ntargets = [0.5]\nvalues = [3, 4, 5, 6]\nbatch = 100\nmax_games = 100\n[learned]\nmodel = {:?}\n",
            robert_model()
        ),
    );
    let out = d.join("o");
    let stdout = run_ok(&["calibrate", s(&cfg), "-q", "-o", s(&out)]);
    let ladder = read(&out, "ladder.csv");
    assert!(
        ladder.contains(",2 players,") && ladder.contains(",3 players,"),
        "{ladder}"
    );
    assert!(
        !stdout.contains("group all") && !ladder.contains("players="),
        "{stdout}"
    );
    // The model was trained on 3 and 4 players with 0 to 3 cards: one note per group.
    let notes: Vec<&str> = stdout.lines().filter(|l| l.starts_with("note: ")).collect();
    let two = notes
        .iter()
        .find(|l| l.starts_with("note: 2 players: "))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        two.contains("outside the learned model's training rows (3–4 players, start_cards 0–3;")
            && two.contains("its 2 players; the brackets for 50% ("),
        "{two}"
    );
    assert!(notes.len() <= 2, "{stdout}");
    let html = read(&out, "report.html");
    for borrowed in [
        "summary.csv",
        "--precision",
        "Paired comparisons",
        "group all",
    ] {
        assert!(
            !html.contains(borrowed),
            "the calibration page says {borrowed:?}"
        );
    }
    assert!(html.contains("All columns of ladder.csv"));
    assert!(
        html.contains("training rows"),
        "the notes are on the page too"
    );
}

#[test]
fn the_replay_page_counts_seats_from_one_and_says_its_rules_in_words() {
    let d = tmp("replay-words");
    std::fs::create_dir_all(&d).unwrap();
    let page = d.join("g.html");
    run_ok(&[
        "trace",
        "-v",
        "robert",
        "-d",
        "moderate",
        "-p",
        "3",
        "-s",
        "7",
        "-i",
        "1",
        "--html",
        "-o",
        s(&page),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    let meta = html
        .lines()
        .find(|l| l.starts_with("<h1>"))
        .and_then(|_| html.split("<p class=\"meta\">").nth(1))
        .unwrap();
    let meta = &meta[..meta.find("</p>").unwrap()];
    assert!(meta.contains("Robert: Moderate, 2 cards"), "{meta}");
    assert!(
        !meta.contains('{') && !meta.contains("city_weight"),
        "{meta}"
    );
    let Some(chrome) = chromium() else {
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("Chromium is required in CI (apt-get install chromium; .ci/run does it)");
        }
        eprintln!("NOTICE: chromium not found; the replay page's seats were not read");
        return;
    };
    let dom = dump_dom(&chrome, &format!("file://{}#step=5", page.display()), &d);
    // Step 5 follows turn 4, the first seat's (0 in the trace's JSON).
    assert!(dom.contains("after turn 4, seat 1 (red)"), "{dom}");
    assert!(!dom.contains("seat 0"), "a 0-based seat on the page");
    assert!(
        dom.contains(">1 red</td>"),
        "the players' table counts from 1"
    );
}
