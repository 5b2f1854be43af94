//! `robsim ablate`: the moved rows are the rows a plain sweep plays, on the same games as the base row.

use crate::support::cli::{read, robsim, run_ok, tmp, without_run};

const BASE: &str = "seed = 7\ngames = 40\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"hard\"\npolicy = \"team\"\n";

/// summary.csv rows without the `row` column, by row.
fn summary_rows(dir: &std::path::Path) -> Vec<Vec<String>> {
    let text = read(dir, "summary.csv");
    let mut r = csv::Reader::from_reader(text.as_bytes());
    r.records()
        // Without `run` (each config is a run of its own) and `row` (a position).
        .map(|x| x.unwrap().iter().skip(2).map(str::to_string).collect())
        .collect()
}

#[test]
fn ablation_rows_pair_with_the_base_on_the_same_games() {
    let d = tmp("ablate");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("a.toml");
    std::fs::write(
        &cfg,
        format!("name = \"a\"\n{BASE}[ablate]\nknobs = [\"soldier_flips\"]\n[ablate.values]\nsoldier_flips = [3]\n"),
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "ablate",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    let abl = summary_rows(&out);
    assert_eq!(abl.len(), 2);
    // Each row is what a plain sweep of that row plays: the same seed and game indices.
    for (k, extra) in [(0, ""), (1, "soldier_flips = 3\n")] {
        let cfg = d.join(format!("p{k}.toml"));
        std::fs::write(&cfg, format!("name = \"a\"\n{BASE}{extra}")).unwrap();
        let o = d.join(format!("p{k}"));
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "--out",
            o.to_str().unwrap(),
            "-q",
        ]);
        assert_eq!(summary_rows(&o)[0], abl[k], "row {k}");
    }
    // ablation.csv pairs row 1 with row 0 over all 40 games; its chart is in the page.
    let text = read(&out, "ablation.csv");
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    let rec = r.records().next().unwrap().unwrap();
    let get = |name: &str| rec[h.iter().position(|x| x == name).unwrap()].to_string();
    assert_eq!(
        (
            get("knob"),
            get("setting_base"),
            get("setting"),
            get("row"),
            get("games")
        ),
        (
            "soldier_flips".into(),
            "soldier_flips=2".into(),
            "soldier_flips=3".into(),
            "1".into(),
            "40".into()
        )
    );
    let compare = without_run(&read(&out, "compare.csv"));
    assert!(compare
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("0,1,soldier_flips,soldier_flips=2,soldier_flips=3,40,"));
    assert!(read(&out, "ablation.svg").contains("soldier_flips 2 → 3"));
    assert!(read(&out, "report.html").contains("id=\"fig-ablation\""));
}

#[test]
fn ablate_without_an_ablate_table_exits_2() {
    let d = tmp("ablate-none");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("a.toml");
    std::fs::write(&cfg, format!("name = \"a\"\n{BASE}")).unwrap();
    let out = robsim()
        .args(["ablate", cfg.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("no [ablate] table; allowed:"), "{e}");
}

/// `[ablate] players`: each player plays its own base row and every moved row, on the same games;
/// ablation.csv pairs each moved row with its own player's base row, each player has a chart
/// and a ranking.
#[test]
fn an_ablation_under_two_players_pairs_each_with_its_own_base_row() {
    let d = tmp("ablate-players");
    std::fs::create_dir_all(&d).unwrap();
    let base = BASE.replace("policy = \"team\"\n", "");
    let cfg = d.join("a.toml");
    std::fs::write(
        &cfg,
        format!("name = \"a\"\n{base}[ablate]\nplayers = [\"team\", \"random\"]\nknobs = [\"soldier_flips\"]\n[ablate.values]\nsoldier_flips = [3]\n"),
    )
    .unwrap();
    let out = d.join("out");
    let said = run_ok(&[
        "ablate",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let rows = crate::support::cli::csv_rows(&read(&out, "summary.csv"));
    let seen: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r["player"].as_str(), r["soldier_flips"].as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            ("team", "2"),
            ("team", "3"),
            ("random", "2"),
            ("random", "3")
        ]
    );
    // The team's rows are the rows of a one-player ablation, byte for byte.
    let one = d.join("one.toml");
    std::fs::write(
        &one,
        format!("name = \"a\"\n{BASE}[ablate]\nknobs = [\"soldier_flips\"]\n[ablate.values]\nsoldier_flips = [3]\n"),
    )
    .unwrap();
    let o1 = d.join("o1");
    run_ok(&[
        "ablate",
        one.to_str().unwrap(),
        "--out",
        o1.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(summary_rows(&o1), summary_rows(&out)[..2]);
    let abl = crate::support::cli::csv_rows(&read(&out, "ablation.csv"));
    let steps: Vec<(&str, &str, &str)> = abl
        .iter()
        .map(|r| {
            (
                r["player"].as_str(),
                r["row"].as_str(),
                r["setting"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        steps,
        [
            ("team", "1", "soldier_flips=3"),
            ("random", "3", "soldier_flips=3")
        ]
    );
    assert_eq!(
        abl[0]["win_rate_base"], rows[0]["win_rate"],
        "team's step is paired with team's base row"
    );
    assert_eq!(abl[1]["win_rate_base"], rows[2]["win_rate"]);
    assert!(read(&out, "ablation-team.svg").contains("soldier_flips 2 → 3"));
    assert!(read(&out, "ablation-random.svg").contains("soldier_flips 2 → 3"));
    let page = read(&out, "report.html");
    assert!(
        page.contains("Ablation under team:"),
        "the page names each chart's player"
    );
    assert!(page.contains("Ablation under random:"));
    assert!(said.contains("Ablation under team,"), "{said}");
    assert!(said.contains("Ablation under random,"), "{said}");
}

/// A bad player list or knob value is refused naming the key and what is allowed; nothing is
/// written.
#[test]
fn bad_ablation_players_and_values_exit_2_and_write_nothing() {
    let d = tmp("ablate-bad");
    std::fs::create_dir_all(&d).unwrap();
    let base = BASE.replace("policy = \"team\"\n", "");
    for (ablate, want) in [
        (
            "players = [\"team\", \"learnd\"]\nknobs = [\"soldier_flips\"]\n",
            "ablate.players: unknown policy \"learnd\"; did you mean \"learned\"?; allowed: random, greedy, team",
        ),
        (
            "players = [\"rollout-4+open\"]\nknobs = [\"soldier_flips\"]\n",
            "ablate.players: \"rollout-4+open\" plays a competitive game only (a search with every hand open); allowed: team, team-tuned, learned",
        ),
        (
            "players = [\"team\", \"team\"]\nknobs = [\"soldier_flips\"]\n",
            "ablate.players: \"team\" is listed twice",
        ),
        (
            "players = [\"team\"]\nknobs = [\"soldier_flips\"]\n[ablate.values]\nsoldier_flips = [9]\n",
            "ablate.values.soldier_flips: 9 is not a value of soldier_flips; allowed: whole numbers",
        ),
    ] {
        let cfg = d.join("a.toml");
        std::fs::write(&cfg, format!("name = \"a\"\n{base}[ablate]\n{ablate}")).unwrap();
        let out = d.join("out");
        let run = robsim()
            .args(["ablate", cfg.to_str().unwrap(), "--out", out.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{ablate}");
        let e = String::from_utf8_lossy(&run.stderr);
        assert!(e.contains(want), "{ablate}: {e}");
        assert!(!out.exists(), "{ablate}: nothing written");
    }
}
