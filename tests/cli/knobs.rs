//! Player knobs on the row and as `[grid]` axes: summary.csv's `player_knobs` names exactly the knobs a row moves, an axis value plays the games its flag plays, rows of one player pair on the knob, and a bad axis exits 2.

use crate::support::cli::{csv_rows as rows, read, robsim, run_ok, tmp};

/// `team.setup_temperature = [0, 3]` beside `policy = ["team", "learned"]`: the team rows at 0
/// (its default: no knob moved) and at 3, the learned row once (it reads no [team]); the row
/// at 3 names its knob and plays the games of `robsim run --setup-temperature 3`, which names
/// it too (summary.csv and the terminal); compare.csv pairs the team rows on `player_knobs` and
/// each with the learned row on `policy`.
#[test]
fn a_player_knob_axis_multiplies_the_rows_that_read_it() {
    let d = tmp("knob-axis");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("k.toml");
    std::fs::write(
        &cfg,
        "name = \"k\"\nseed = 11\ngames = 40\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = [\"team\", \"learned\"]\nteam.setup_temperature = [0, 3]\n",
    )
    .unwrap();
    let out = d.join("out");
    let o = out.to_str().unwrap();
    let stdout = run_ok(&["sweep", cfg.to_str().unwrap(), "--games-csv", "-q", "-o", o]);
    // Each player with its own knobs is one step of the player in the terminal.
    assert!(stdout.contains("player team → learned"), "{stdout}");
    assert!(!stdout.contains("not a step"), "{stdout}");
    let s = rows(&read(&out, "summary.csv"));
    let cells: Vec<(&str, &str)> = s
        .iter()
        .map(|r| (r["player"].as_str(), r["player_knobs"].as_str()))
        .collect();
    assert_eq!(
        cells,
        [
            ("team", ""),
            ("team", "team.setup_temperature 3"),
            ("learned", "")
        ]
    );
    // The knob plays: the two team rows' games differ.
    let games = rows(&read(&out, "games.csv"));
    let of = |row: &str| -> Vec<String> {
        games
            .iter()
            .filter(|g| g["row"] == row)
            .map(|g| format!("{}{}", g["won"], g["turns"]))
            .collect()
    };
    assert_ne!(of("0"), of("1"));
    let plain = d.join("plain");
    let stdout = run_ok(&[
        "run",
        "-v",
        "robert",
        "-p",
        "3",
        "-d",
        "easy",
        "-P",
        "team",
        "--setup-temperature",
        "3",
        "-g",
        "40",
        "-s",
        "11",
        "--games-csv",
        "-q",
        "-o",
        plain.to_str().unwrap(),
    ]);
    assert!(
        stdout.contains("player_knobs team.setup_temperature 3"),
        "{stdout}"
    );
    let p = rows(&read(&plain, "summary.csv"));
    assert_eq!(p[0]["player_knobs"], "team.setup_temperature 3");
    let run_games: Vec<String> = rows(&read(&plain, "games.csv"))
        .iter()
        .map(|g| format!("{}{}", g["won"], g["turns"]))
        .collect();
    assert_eq!(run_games, of("1"), "the axis value plays the flag's games");
    let c = rows(&read(&out, "compare.csv"));
    let pairs: Vec<(&str, &str, &str, &str, &str)> = c
        .iter()
        .map(|r| {
            (
                r["row_a"].as_str(),
                r["row_b"].as_str(),
                r["knob"].as_str(),
                r["setting_a"].as_str(),
                r["setting_b"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [
            (
                "0",
                "1",
                "player_knobs",
                "player_knobs=",
                "player_knobs=team.setup_temperature 3"
            ),
            ("0", "2", "player", "player=team", "player=learned"),
            ("1", "2", "player", "player=team", "player=learned"),
        ]
    );
    // The page for the rulebook keeps the knob rows apart.
    let md = read(&out, "table.md");
    assert!(md.contains("## team, team.setup_temperature 3"), "{md}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Seats and a player-knob axis in one grid: a lineup in another seat order with other knobs
/// is no step of either (compare.csv does not pair those rows), every step line names what its
/// two rows differ in, and no two step lines of the terminal read the same.
#[test]
fn comparisons_say_what_differs() {
    let d = tmp("knob-seats");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("k.toml");
    std::fs::write(
        &cfg,
        "name = \"k\"\nseed = 12\ngames = 30\n[grid]\nvariant = \"robert\"\nplayers = 2\ndifficulty = \"easy\"\nseats = [\"learned,team\", \"team,learned\", \"team,team\"]\nrotate = false\nteam.setup_temperature = [0, 3]\n",
    )
    .unwrap();
    let out = d.join("out");
    let stdout = run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let s = rows(&read(&out, "summary.csv"));
    let c = rows(&read(&out, "compare.csv"));
    assert!(!c.is_empty());
    for r in &c {
        let (a, b) = (
            &s[r["row_a"].parse::<usize>().unwrap()],
            &s[r["row_b"].parse::<usize>().unwrap()],
        );
        let differ: Vec<&str> = ["player", "player_knobs"]
            .into_iter()
            .filter(|k| a[*k] != b[*k])
            .collect();
        let sorted = |p: &str| {
            let mut v: Vec<&str> = p.split(',').collect();
            v.sort_unstable();
            v.join(",")
        };
        let same_players = sorted(&a["player"]) == sorted(&b["player"]);
        if differ.len() == 2 {
            assert!(!same_players, "seat order and knobs at once paired: {r:?}");
            assert_eq!(r["knob"], "player", "{r:?}");
        } else {
            assert_eq!(differ, [r["knob"].as_str()], "{r:?}");
        }
    }
    // Each step line once; the seat-order step exists, with the knob it is taken at.
    let lines: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Each step"))
        .skip(1)
        .take_while(|l| l.starts_with("  player"))
        .collect();
    assert!(!lines.is_empty(), "{stdout}");
    let labels: Vec<String> = lines
        .iter()
        .map(|l| {
            l.split("  ")
                .filter(|x| !x.is_empty())
                .take(2)
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect();
    for (i, l) in labels.iter().enumerate() {
        assert!(
            !labels[..i].contains(l),
            "two step lines read {l:?}:\n{stdout}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|l| l.contains("player learned,team → team,learned")),
        "{stdout}"
    );
    assert!(
        !stdout.contains("learned,team → team,learned (team.setup"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Each bad player-knob axis: exit 2, the key and what is allowed named, nothing written.
#[test]
fn bad_player_knob_axes_exit_2_naming_the_key() {
    let d = tmp("knob-axis-bad");
    std::fs::create_dir_all(&d).unwrap();
    let base = "name = \"x\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\n";
    let cases: [(&str, &str, &str); 7] = [
        (
            "team.bogus = [1, 2]",
            "grid.team.bogus",
            "allowed: soldier_min_pips, soldier_reserve",
        ),
        (
            "team.setup_temperature = [0, 200]",
            "grid.team.setup_temperature",
            "allowed: 0 to 100",
        ),
        (
            "team.soldier_min_pips = [\"many\"]",
            "grid.team.soldier_min_pips",
            "is not a value of this knob",
        ),
        (
            "team.setup_temperature = []",
            "grid.team.setup_temperature",
            "give at least one value",
        ),
        (
            "greedy.setup_temperature = [0, 1]",
            "grid.greedy.setup_temperature",
            "no row's player reads [greedy]",
        ),
        (
            "policy = \"rollout-2\"\nrollout.min_z = [1, 20]",
            "grid.rollout.min_z",
            "allowed 0 to 10",
        ),
        ("bogus.x = 1", "bogus", "expected one of"),
    ];
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
    let _ = std::fs::remove_dir_all(&d);
}

/// A lineup's knobs read from its lead seat round the table, as its policy column does: the same
/// lineup at another lead seat names the same knobs in the same order (so its rows differ in
/// `lead_seat` alone, and compare.csv pairs them).
#[test]
fn a_lineup_names_its_knobs_alike_from_every_lead_seat() {
    let d = tmp("knobs-lineup");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("l.toml");
    std::fs::write(
        &cfg,
        "name = \"l\"\nseed = 3\ngames = 6\n[grid]\nvariant = \"base\"\nplayers = 4\nseats = [\"rollout-2,greedy,greedy,greedy\"]\n[rollout]\nmax_candidates = 6\n[greedy]\nsetup_temperature = 2.0\n",
    )
    .unwrap();
    let out = d.join("o");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let s = rows(&read(&out, "summary.csv"));
    let knobs: Vec<&str> = s.iter().map(|r| r["player_knobs"].as_str()).collect();
    assert_eq!(knobs.len(), 4, "{knobs:?}");
    assert!(knobs.iter().all(|k| *k == knobs[0]), "{knobs:?}");
    assert!(knobs[0].starts_with("rollout."), "{knobs:?}");
    // Every two lead seats pair on lead_seat alone.
    let c = rows(&read(&out, "compare.csv"));
    let lead_steps = c.iter().filter(|r| r["knob"] == "lead_seat").count();
    assert_eq!(lead_steps, 6, "{c:?}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Named rule sets (a designer's "A" and "B", each a named `[[rows]]` entry) are played at
/// every level and compared by name, one line per level naming the knobs that tell them
/// apart; each has its own table on the rulebook page; a bad name exits 2.
#[test]
fn named_rule_sets_compare_by_name() {
    let d = tmp("named-sets");
    std::fs::create_dir_all(&d).unwrap();
    let body = "name = \"ab\"\nseed = 3\ngames = 60\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = [\"hard\", \"easy\"]\npolicy = \"team\"\n[[rows]]\nname = \"A\"\nsoldier_flips = 4\n[[rows]]\nname = \"B\"\nrobert_skip = 3\n";
    let cfg = d.join("ab.toml");
    std::fs::write(&cfg, body).unwrap();
    let out = d.join("out");
    let stdout = run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let s = rows(&read(&out, "summary.csv"));
    let sets: Vec<&str> = s.iter().map(|r| r["rule_set"].as_str()).collect();
    assert_eq!(sets, ["A", "A", "B", "B"]);
    let c = rows(&read(&out, "compare.csv"));
    let by_name: Vec<(&str, &str)> = c
        .iter()
        .filter(|r| r["knob"] == "rule_set")
        .map(|r| (r["row_a"].as_str(), r["row_b"].as_str()))
        .collect();
    assert_eq!(
        by_name,
        [("0", "2"), ("1", "3")],
        "A against B at each level"
    );
    for level in ["hard", "easy"] {
        let line = format!(
            "rule_set A (soldier_flips 4, robert_skip 0) → B (soldier_flips 2, robert_skip 3)  difficulty {level}"
        );
        assert!(stdout.contains(&line), "{line:?} in\n{stdout}");
    }
    let md = read(&out, "table.md");
    assert!(
        md.contains("## team, rules A, a soldier flips up to 4 face-down tokens face up"),
        "{md}"
    );
    assert!(
        md.contains("## team, rules B, Robert rests on every 3rd player-turn"),
        "{md}"
    );
    // A name that is no name.
    std::fs::write(&cfg, body.replace("name = \"A\"", "name = 3")).unwrap();
    let o = crate::support::cli::robsim()
        .args([
            "sweep",
            cfg.to_str().unwrap(),
            "-o",
            d.join("bad").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("rows[0].name: 3 is not a rule set's name; allowed: a text of 1 to 32"),
        "{e}"
    );
    assert!(!d.join("bad").exists());
    let _ = std::fs::remove_dir_all(&d);
}
