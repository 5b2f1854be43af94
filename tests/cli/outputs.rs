//! Outputs that say what they hold (issue 37): paired steps with their game counts, stalled losses in the terminal, exactly the files written, pages written for their command, one seat numbering, overrides for luck and learn.

use crate::support::cli::{read, robsim, run_ok, tmp};
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
        .find(|l| l.contains("policy team → rollout-2"))
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
    assert!(head.contains("stalled (of losses)"), "{stdout}");
    let summary = read(&d.join("r"), "summary.csv");
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let rec = r.records().next().unwrap().unwrap();
    let at = |c: &str| rec[h.iter().position(|x| x == c).unwrap()].to_string();
    let row = stdout.lines().find(|l| l.starts_with("  0 ")).unwrap();
    assert!(
        row.ends_with(&format!("{} of {}", at("stalled"), at("losses"))),
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
    let line = stdout
        .lines()
        .find(|l| l.starts_with("full tables: "))
        .unwrap_or_else(|| panic!("{stdout}"));
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
