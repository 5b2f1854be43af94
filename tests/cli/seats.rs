//! Lineups (`grid.seats`): a policy per seat in competitive rows, rotated, and their bad input.

use crate::support::cli::{csv_rows as rows, read, robsim, run_ok, tmp};

/// A lineup rotated through every seat: one row per lead seat, the lead's win rate and skill
/// edge its seat's; a lineup of one policy plays the very games of `policy` (the same seat wins
/// in every rotation), and a search lead pairs with it seat by seat; any thread count.
#[test]
fn a_rotated_lineup_plays_every_seat_on_the_same_games() {
    let d = tmp("seats");
    let cfg = d.join("seats.toml");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        &cfg,
        "name = \"seats\"\nseed = 5\ngames = 16\n[grid]\nvariant = \"base\"\nplayers = 3\nseats = [\"greedy,greedy,greedy\", \"rollout-2,greedy,greedy\"]\n",
    )
    .unwrap();
    let plain = d.join("plain");
    run_ok(&[
        "run",
        "-v",
        "base",
        "-p",
        "3",
        "-P",
        "greedy",
        "-g",
        "16",
        "-s",
        "5",
        "-q",
        "-o",
        plain.to_str().unwrap(),
    ]);
    let outs = on_one_and_two_threads(&d, &cfg);
    let s = rows(&read(&outs[0], "summary.csv"));
    let p = rows(&read(&plain, "summary.csv"));
    assert_eq!(s.len(), 6, "two lineups x three lead seats");
    for (i, r) in s.iter().enumerate() {
        let lead = i % 3 + 1;
        assert_eq!(r["lead_seat"], lead.to_string());
        let seat_rate = &r[&format!("win_rate_seat{lead}")];
        assert_eq!(&r["lead_win_rate"], seat_rate, "row {i}");
        let edge: f64 = r["skill_edge"].parse().unwrap();
        let rate: f64 = seat_rate.parse().unwrap();
        assert!((edge - (rate - 1.0 / 3.0)).abs() < 1e-4, "row {i}");
        if i < 3 {
            assert_eq!(r["player"], "greedy,greedy,greedy");
            for k in 1..=3 {
                let c = format!("wins_seat{k}");
                assert_eq!(r[&c], p[0][&c], "row {i}: greedy lineup = greedy run");
            }
        } else {
            assert_eq!(r["player"], "rollout-2,greedy,greedy");
        }
    }
    // The search lead against the greedy lineup at the same lead seat: paired win rates.
    paired_at_every_lead_seat(&outs[0], 3);
    let _ = std::fs::remove_dir_all(&d);
}

/// Each bad lineup: exit 2, a message naming the key and what is allowed, nothing written.
#[test]
fn bad_lineups_exit_2_naming_the_key() {
    let d = tmp("seats-bad");
    std::fs::create_dir_all(&d).unwrap();
    let base = "name = \"x\"\nseed = 1\ngames = 4\n[grid]\n";
    let cases: [(&str, &str, &str); 8] = [
        (
            "variant = \"base\"\nplayers = 4\nseats = \"greedy,greedy,greedy\"",
            "grid.seats",
            "one policy per seat (4 names",
        ),
        (
            "variant = \"base\"\nplayers = 3\nseats = \"greedy,smart,greedy\"",
            "grid.seats",
            "allowed:",
        ),
        (
            "variant = \"base\"\nplayers = 3\nseats = \"team,greedy,greedy\"",
            "grid.seats",
            "allowed: random, weighted, greedy, rollout-N",
        ),
        (
            "variant = \"base\"\nplayers = 3\nseats = \"greedy,,greedy\"",
            "grid.seats",
            "one policy name per seat",
        ),
        (
            "variant = \"solitaire\"\nseats = \"solitaire\"",
            "grid.seats",
            "applies to base, raiders, robert",
        ),
        (
            "variant = \"base\"\nplayers = 3\npolicy = \"greedy\"\nseats = \"greedy,greedy,greedy\"",
            "grid.seats",
            "one of the two keys",
        ),
        (
            "variant = \"base\"\nplayers = 3\nrotate = false",
            "grid.rotate",
            "with grid.seats only",
        ),
        (
            "variant = \"robert\"\nplayers = 3\npolicy = \"rollout-2+open\"",
            "grid.policy",
            "base and raiders only",
        ),
    ];
    refused(&d, base, &cases);
}

/// A mixed Robert table (`learned,team,team`): a row per seat the learned player takes, written
/// from seat 1; a lineup of one player in every seat is that player's plain row (the very games
/// of `robsim run`), and every mixed row pairs with both uniform tables and with the other
/// seatings in compare.csv; no lead seat; the model column names the learned seat's model; the
/// games end; any thread count.
#[test]
fn a_mixed_robert_table_pairs_with_the_uniform_tables() {
    let d = tmp("seats-mixed");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("mixed.toml");
    std::fs::write(
        &cfg,
        "name = \"mixed\"\nseed = 9\ngames = 30\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\nseats = [\"team,team,team\", \"learned,learned,learned\", \"learned,team,team\"]\n",
    )
    .unwrap();
    let outs = on_one_and_two_threads(&d, &cfg);
    let s = rows(&read(&outs[0], "summary.csv"));
    let policies: Vec<&str> = s.iter().map(|r| r["player"].as_str()).collect();
    assert_eq!(
        policies,
        [
            "team",
            "learned",
            "learned,team,team",
            "team,learned,team",
            "team,team,learned"
        ]
    );
    for r in &s {
        assert!(
            !r.contains_key("lead_seat"),
            "a co-operative table has no lead"
        );
        assert_eq!(r["games"], "30");
        assert_eq!(r["capouts"], "0");
        let learned = r["player"].contains("learned");
        assert_eq!(r["model"] == "robert-wide.toml", learned, "{r:?}");
    }
    for (k, policy) in ["team", "learned"].iter().enumerate() {
        let plain = d.join(format!("plain-{policy}"));
        run_ok(&[
            "run",
            "-v",
            "robert",
            "-p",
            "3",
            "-d",
            "easy",
            "-P",
            policy,
            "-g",
            "30",
            "-s",
            "9",
            "-q",
            "-o",
            plain.to_str().unwrap(),
        ]);
        let p = rows(&read(&plain, "summary.csv"));
        for c in ["wins", "turns_mean", "turns_median", "stalled"] {
            assert_eq!(s[k][c], p[0][c], "{policy}: {c}");
        }
    }
    let c = rows(&read(&outs[0], "compare.csv"));
    let pair = |a: usize, b: usize| {
        c.iter()
            .find(|r| r["row_a"] == a.to_string() && r["row_b"] == b.to_string())
            .unwrap_or_else(|| panic!("rows {a} and {b} are paired"))
    };
    for a in 0..5 {
        for b in a + 1..5 {
            let r = pair(a, b);
            assert_eq!(r["knob"], "player");
            assert_eq!(r["games"], "30");
            assert!(!r["win_rate_diff"].is_empty());
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// A mixed Robert table's bad seats: exit 2, the key and what is allowed named, nothing
/// written.
#[test]
fn bad_mixed_tables_exit_2_naming_the_key() {
    let d = tmp("seats-mixed-bad");
    std::fs::create_dir_all(&d).unwrap();
    let base = "name = \"x\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"robert\"\n";
    let cases: [(&str, &str, &str); 5] = [
        (
            "players = 4\nseats = \"learned,team,team\"",
            "grid.seats",
            "one policy per seat (4 names",
        ),
        (
            "players = 3\nseats = \"rollout-8,team,team\"",
            "grid.seats",
            "allowed in a seat of a co-operative table: random, weighted, greedy, team, team-tuned, learned",
        ),
        (
            "players = 3\nseats = \"rollout-2+open,team,team\"",
            "grid.seats",
            "base and raiders only",
        ),
        (
            "players = 3\nseats = \"learned,team,smart\"",
            "grid.seats",
            "allowed: random, greedy, team",
        ),
        (
            "players = [3, 4]\nseats = [\"learned,team,team\", \"team,team\"]",
            "grid.seats",
            "player counts [3, 4]",
        ),
    ];
    refused(&d, base, &cases);
}

/// `robsim luck` takes a lineup: each rung plays its lead seat beside the lineup's others, a
/// row per lead seat, and the win counted is the lead's; more than one lineup is refused.
#[test]
fn luck_plays_its_rungs_in_a_lineups_lead_seat() {
    let d = tmp("seats-luck");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("luck.toml");
    let body = |seats: &str| {
        format!("name = \"l\"\nseed = 3\ngames = 4\n[grid]\nvariant = \"base\"\nplayers = 3\nseats = {seats}\n[luck]\nrungs = [\"random\", \"greedy\"]\nboards = 3\ngames_per_board = 4\n")
    };
    std::fs::write(&cfg, body("\"random,random,random\"")).unwrap();
    let out = d.join("out");
    run_ok(&[
        "luck",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let l = rows(&read(&out, "luck.csv"));
    assert_eq!(l.len(), 6, "three lead seats x two rungs");
    for (i, r) in l.iter().enumerate() {
        assert_eq!(r["outcome"], format!("seat{}", i / 2 + 1), "line {i}");
    }
    // Greedy among random players wins far more than its share from every seat.
    for r in l.iter().filter(|r| r["player"] == "greedy") {
        assert!(r["win_rate"].parse::<f64>().unwrap() > 0.5, "{r:?}");
    }
    std::fs::write(
        &cfg,
        body("[\"random,random,random\", \"greedy,random,random\"]"),
    )
    .unwrap();
    let never = d.join("never");
    let o = robsim()
        .args([
            "luck",
            cfg.to_str().unwrap(),
            "-q",
            "-o",
            never.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("grid.seats") && err.contains("one lineup"),
        "{err}"
    );
    assert!(!never.exists());
    // A co-operative table has no lead seat for a rung to take.
    std::fs::write(
        &cfg,
        "name = \"l\"\nseed = 3\ngames = 4\n[grid]\nvariant = \"robert\"\nplayers = 3\nseats = \"team,team,team\"\n[luck]\nrungs = [\"random\", \"team\"]\nboards = 3\ngames_per_board = 4\n",
    )
    .unwrap();
    let o = robsim()
        .args([
            "luck",
            cfg.to_str().unwrap(),
            "-q",
            "-o",
            never.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("grid.seats") && err.contains("no lead"),
        "{err}"
    );
    assert!(!never.exists());
    let _ = std::fs::remove_dir_all(&d);
}

/// Carcassonne lineups: rotated through every seat on the same games, a greedy lineup plays the
/// games of `policy = "greedy"`, the search seat wins well over its fair share from every seat
/// and pairs with the greedy lineup seat by seat; any thread count.
#[test]
fn a_carcassonne_search_seat_beats_its_fair_share_from_every_seat() {
    let d = tmp("carc-seats");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("seats.toml");
    std::fs::write(
        &cfg,
        "name = \"cs\"\nseed = 5\ngames = 12\n[grid]\nvariant = \"carcassonne\"\nplayers = 3\nrobbers = false\nseats = [\"greedy,greedy,greedy\", \"rollout-2,greedy,greedy\"]\n",
    )
    .unwrap();
    let plain = d.join("plain");
    run_ok(&[
        "run",
        "-v",
        "carcassonne",
        "-p",
        "3",
        "-P",
        "greedy",
        "--robbers",
        "false",
        "-g",
        "12",
        "-s",
        "5",
        "-q",
        "-o",
        plain.to_str().unwrap(),
    ]);
    let outs = on_one_and_two_threads(&d, &cfg);
    let s = rows(&read(&outs[0], "summary.csv"));
    let p = rows(&read(&plain, "summary.csv"));
    assert_eq!(s.len(), 6, "two lineups x three lead seats");
    let mut search = 0.0;
    for (i, r) in s.iter().enumerate() {
        assert_eq!(r["lead_seat"], (i % 3 + 1).to_string());
        let rate: f64 = r["lead_win_rate"].parse().unwrap();
        let edge: f64 = r["skill_edge"].parse().unwrap();
        assert!((edge - (rate - 1.0 / 3.0)).abs() < 1e-4, "row {i}");
        if i < 3 {
            assert_eq!(r["player"], "greedy,greedy,greedy");
            for k in 1..=3 {
                let c = format!("win_rate_seat{k}");
                assert_eq!(r[&c], p[0][&c], "row {i}: greedy lineup = greedy run");
            }
        } else {
            assert_eq!(r["player"], "rollout-2,greedy,greedy");
            search += rate / 3.0;
        }
    }
    assert!(search > 1.0 / 3.0 + 0.15, "search seat's share {search}");
    paired_at_every_lead_seat(&outs[0], 3);
    let _ = std::fs::remove_dir_all(&d);
}

/// Carcassonne's bad lineups: exit 2, the key and what is allowed named, nothing written.
#[test]
fn bad_carcassonne_lineups_exit_2_naming_the_key() {
    let d = tmp("carc-seats-bad");
    std::fs::create_dir_all(&d).unwrap();
    let base = "name = \"x\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"carcassonne\"\n";
    let cases: [(&str, &str, &str); 7] = [
        (
            "players = 4\nseats = \"greedy,greedy,greedy\"",
            "grid.seats",
            "one policy per seat (4 names",
        ),
        (
            "players = 3\nseats = \"team,greedy,greedy\"",
            "grid.seats",
            "allowed: random, greedy, rollout-N",
        ),
        (
            "players = 3\nseats = \"rollout-0,greedy,greedy\"",
            "grid.seats",
            "N from 1 to 4096",
        ),
        (
            "players = 3\nseats = \"greedy,,greedy\"",
            "grid.seats",
            "one policy name per seat",
        ),
        (
            "players = 3\npolicy = \"greedy\"\nseats = \"greedy,greedy,greedy\"",
            "grid.seats",
            "one of the two keys",
        ),
        (
            "players = 3\nrotate = false",
            "grid.rotate",
            "with grid.seats only",
        ),
        (
            "players = [2, 3]\nseats = [\"greedy,greedy\", \"greedy,greedy,greedy,greedy\"]",
            "grid.seats",
            "player counts [2, 3]",
        ),
    ];
    refused(&d, base, &cases);
}

/// Each config `base` + a case's body is refused by `robsim sweep`: exit 2, a message naming the
/// case's key and what is allowed, no report written.
fn refused(d: &std::path::Path, base: &str, cases: &[(&str, &str, &str)]) {
    for (k, (body, key, allowed)) in cases.iter().enumerate() {
        let cfg = d.join(format!("c{k}.toml"));
        std::fs::write(&cfg, format!("{base}{body}\n")).unwrap();
        let out = d.join(format!("never{k}"));
        let o = robsim()
            .args([
                "sweep",
                cfg.to_str().unwrap(),
                "-q",
                "-o",
                out.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "case {k}: {err}");
        assert!(err.contains(key), "case {k}: {err} does not name {key}");
        assert!(
            err.contains(allowed),
            "case {k}: {err} does not say {allowed:?}"
        );
        assert!(!out.exists(), "case {k}: a report was written");
    }
    let _ = std::fs::remove_dir_all(d);
}

/// Sweeps `cfg` on 1 and on 2 threads into folders under `d`, checks that the tables are the
/// same, and returns the two folders.
fn on_one_and_two_threads(d: &std::path::Path, cfg: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let out = d.join(format!("t{threads}"));
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "-q",
            "-j",
            threads,
            "-o",
            out.to_str().unwrap(),
        ]);
        outs.push(out);
    }
    for f in ["summary.csv", "compare.csv", "seats.csv"] {
        assert_eq!(read(&outs[0], f), read(&outs[1], f), "{f}: 1 vs 2 threads");
    }
    outs
}

/// `compare.csv` of `out` has a `policy` step (greedy lineup to search lineup) at each of the
/// `seats` lead seats, each with a paired win-rate difference.
fn paired_at_every_lead_seat(out: &std::path::Path, seats: usize) {
    let c = rows(&read(out, "compare.csv"));
    let steps: Vec<_> = c.iter().filter(|r| r["knob"] == "player").collect();
    assert_eq!(steps.len(), seats);
    assert!(steps.iter().all(|r| !r["win_rate_diff"].is_empty()));
}
