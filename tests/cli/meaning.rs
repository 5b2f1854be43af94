//! Reports that mean what they say and hints everywhere (issue 49): Carcassonne's effects and short lines, one change per step, the two paired methods named, timers marked, hints for every table and policy name, the `weighted` player.

use crate::support::cli::{csv_rows, read, robsim, run_ok, tmp};
use std::path::{Path, PathBuf};

/// Writes `body` as `name` in `d` and returns its path.
fn config(d: &Path, name: &str, body: &str) -> PathBuf {
    std::fs::create_dir_all(d).unwrap();
    let p = d.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

/// Runs robsim expecting exit code 2 and returns its standard error.
fn refused(args: &[&str]) -> String {
    let out = robsim().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "robsim {args:?}: {err}");
    err
}

#[test]
fn carcassonne_shows_what_varies_names_each_step_and_leads_with_score_and_wins() {
    let d = tmp("meaning-carc");
    let out = d.join("r");
    let cfg = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/configs/carcassonne-robbers.toml"
    );
    let text = run_ok(&["sweep", cfg, "-g", "100", "-o", out.to_str().unwrap(), "-q"]);
    for l in text.lines() {
        assert!(
            l.chars().count() <= 120,
            "{} characters: {l}\n{text}",
            l.chars().count()
        );
    }
    // Robber options that never vary are said once, not columns; no step names empty values.
    assert!(
        text.contains("where set: robber_placement next-in-stock,"),
        "{text}"
    );
    let head = text
        .lines()
        .find(|l| l.trim_start().starts_with("row"))
        .unwrap();
    assert!(!head.contains("robber_placement"), "{head}");
    assert!(
        !text.contains(" , ") && !text.contains("placement ,"),
        "{text}"
    );
    // Score and win effects first, then the steps (game length).
    let effects = text
        .find("What The Robbers change")
        .unwrap_or_else(|| panic!("{text}"));
    let steps = text.find("Each step").unwrap_or_else(|| panic!("{text}"));
    assert!(effects < steps, "{text}");
    assert!(
        text.contains("score change") && text.contains("mid-game leader"),
        "{text}"
    );
    let page = read(&out, "report.html");
    assert!(
        page.contains("id=\"robbers\""),
        "report.html shows the paired and race tables"
    );
    assert!(page.contains("score_diff_mean") && page.contains("winner_margin_diff"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_step_changes_one_setting_and_each_modifier_is_compared_with_none() {
    let d = tmp("meaning-steps");
    // Raiders' raiders per build follow the players (2 at 3-4, 3 at 5-6): 4 -> 5 players moves
    // both, so it is no step.
    let raiders = config(
        &d,
        "raiders.toml",
        "name = \"r\"\nseed = 3\ngames = 6\n[grid]\nvariant = \"raiders\"\npolicy = \"greedy\"\nplayers = [4, 5]\n[rules]\nturn_cap = 400\n",
    );
    let text = run_ok(&[
        "sweep",
        raiders.to_str().unwrap(),
        "-o",
        d.join("r").to_str().unwrap(),
        "-q",
    ]);
    assert!(!text.contains("players 4 → 5"), "{text}");
    assert!(text.contains("not a step: players also moves"), "{text}");
    assert!(text.contains("raiders_per_build 2 → 3"), "{text}");
    let solitaire = config(
        &d,
        "solitaire.toml",
        "name = \"s\"\nseed = 3\ngames = 30\n[grid]\nvariant = \"solitaire\"\nplayers = 1\nmodifiers = [\"none\", \"volcano\", \"gold\"]\n",
    );
    let text = run_ok(&[
        "sweep",
        solitaire.to_str().unwrap(),
        "-o",
        d.join("s").to_str().unwrap(),
        "-q",
    ]);
    assert!(text.contains("modifiers none → volcano"), "{text}");
    assert!(text.contains("modifiers none → gold"), "{text}");
    assert!(!text.contains("modifiers volcano → gold"), "{text}");
    // The win-rate interval and p are named as the two methods they are.
    assert!(text.contains("Newcombe 95% interval, McNemar p"), "{text}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_length_ended_by_the_idle_turn_timer_is_marked() {
    let d = tmp("meaning-timer");
    std::fs::create_dir_all(&d).unwrap();
    // The team without its award chase and endgame plan (their defaults before 2026-11-27):
    // at 11 VP many of its games run into the idle-turn timer.
    let cfg = d.join("timer.toml");
    std::fs::write(
        &cfg,
        "name = \"timer\"\nseed = 7\ngames = 200\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = \"easy\"\npolicy = \"team\"\nvp_to_win = 11\n[team]\nchase_awards = false\nendgame_plan = false\n",
    )
    .unwrap();
    let text = run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-o",
        d.join("r").to_str().unwrap(),
        "-q",
    ]);
    assert!(text.contains(" †"), "{text}");
    assert!(text.contains("concede_after_idle_turns"), "{text}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn unknown_keys_get_their_table_or_a_near_key_and_policies_a_near_name() {
    let d = tmp("meaning-hints");
    let base = "name = \"x\"\nseed = 1\ngames = 4\n";
    for (body, want) in [
        (
            format!("{base}[grid]\nvariant = \"robert\"\n[rules]\nvp_to_win = 11\n"),
            "unknown key `vp_to_win` in [rules]; it belongs in [grid]",
        ),
        (
            format!("{base}dificulty = \"hard\"\n[grid]\nvariant = \"robert\"\n"),
            "did you mean `difficulty` in [grid]?",
        ),
        (
            format!("{base}[grid]\nvariant = \"robert\"\n[team]\nsoldier_min_pip = 3\n"),
            "did you mean `soldier_min_pips`?",
        ),
        (
            format!("{base}[grid]\nvariant = \"robert\"\nturn_cap = 50\n"),
            "it belongs in [rules]",
        ),
        (
            format!("{base}[grid]\nvariant = \"robert\"\npolicy = \"learnd\"\n"),
            "did you mean \"learned\"?",
        ),
    ] {
        let p = config(&d, "c.toml", &body);
        let err = refused(&[
            "sweep",
            p.to_str().unwrap(),
            "-o",
            d.join("never").to_str().unwrap(),
        ]);
        assert!(err.contains(want), "{body}\n{err}");
        assert!(!d.join("never").exists());
    }
    let err = refused(&["run", "-v", "robert", "-P", "learnd", "-g", "1"]);
    assert!(err.contains("did you mean \"learned\"?"), "{err}");
    let err = refused(&["run", "-v", "carcassonne", "-P", "gredy", "-g", "1"]);
    assert!(err.contains("did you mean \"greedy\"?"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn calibrate_lists_only_the_knobs_it_accepts() {
    let d = tmp("meaning-calibrate");
    let cal = "name = \"lad\"\nseed = 11\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = 4\npolicy = \"team\"\n[calibrate]\nknob = \"KNOB\"\nvalues = [0, 1]\ntargets = [0.5]\n";
    for knob in ["robert_target", "strat_cards"] {
        let p = config(&d, "c.toml", &cal.replace("KNOB", knob));
        let err = refused(&[
            "calibrate",
            p.to_str().unwrap(),
            "-o",
            d.join("never").to_str().unwrap(),
        ]);
        let allowed = err
            .split("allowed:")
            .nth(1)
            .unwrap_or_else(|| panic!("{err}"));
        assert!(!allowed.contains("robert_target"), "{err}");
        assert!(allowed.contains("start_cards"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// The lead seat's win rates of a weighted-against-random lineup, rotated.
fn weighted_lineup(d: &Path, threads: &str) -> String {
    let cfg = config(
        d,
        "w.toml",
        "name = \"w\"\nseed = 17\ngames = 100\n[grid]\nvariant = \"base\"\nplayers = 4\nseats = \"weighted,random,random,random\"\n[rules]\nturn_cap = 3000\n",
    );
    let out = d.join(format!("t{threads}"));
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-j",
        threads,
        "-o",
        out.to_str().unwrap(),
        "-q",
    ]);
    read(&out, "summary.csv")
}

#[test]
fn weighted_plays_every_catan_variant_beats_random_and_is_the_same_on_any_threads() {
    let d = tmp("meaning-weighted");
    let one = weighted_lineup(&d, "1");
    assert_eq!(
        one,
        weighted_lineup(&d, "2"),
        "the same games on 1 and 2 threads"
    );
    // A fair share is a quarter: the weighted player, which builds, wins clearly more from
    // every seat (4 x 100 games: a quarter's 95% range is about 0.21 to 0.29 per seat).
    let rows = csv_rows(&one);
    assert_eq!(rows.len(), 4, "a row per lead seat");
    let rates: Vec<f64> = rows
        .iter()
        .map(|r| r["lead_win_rate"].parse().unwrap())
        .collect();
    let mean = rates.iter().sum::<f64>() / rates.len() as f64;
    assert!(mean > 0.35, "weighted wins {rates:?} from seats 1-4");
    assert!(rates.iter().all(|&x| x > 0.25), "weighted wins {rates:?}");
    for (variant, players) in [
        ("base", "4"),
        ("robert", "4"),
        ("solitaire", "1"),
        ("raiders", "4"),
    ] {
        let out = d.join(variant);
        run_ok(&[
            "run",
            "-v",
            variant,
            "-p",
            players,
            "-P",
            "weighted",
            "-g",
            "4",
            "-o",
            out.to_str().unwrap(),
            "-q",
        ]);
        let rows = csv_rows(&read(&out, "summary.csv"));
        assert_eq!(rows[0]["player"], "weighted", "{variant}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
