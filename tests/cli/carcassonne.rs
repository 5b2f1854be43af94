//! End-to-end runs of `robsim` with Carcassonne: reports, thread-count determinism, traces, bad input.

use crate::support::cli::{read, robsim, run_ok, tmp};
use std::path::Path;

const TABLES: [&str; 3] = ["summary.csv", "seats.csv", "carcassonne_paired.csv"];

#[test]
fn run_is_identical_for_any_thread_count() {
    let mut dirs = Vec::new();
    for threads in ["1", "2", "8"] {
        let d = tmp(&format!("threads-{threads}"));
        run_ok(&[
            "run",
            "--variant",
            "carcassonne",
            "--players",
            "3",
            "--policy",
            "random",
            "--games",
            "1500",
            "--seed",
            "9",
            "--threads",
            threads,
            "--quiet",
            "--out",
            d.to_str().unwrap(),
        ]);
        dirs.push(d);
    }
    for f in TABLES {
        let a = read(&dirs[0], f);
        assert!(a.lines().count() > 1, "{f} has rows");
        assert_eq!(a, read(&dirs[1], f), "{f}: 1 vs 2 threads");
        assert_eq!(a, read(&dirs[2], f), "{f}: 1 vs 8 threads");
    }
}

#[test]
fn sweep_writes_carcassonne_tables_and_pairs_rows() {
    let d = tmp("sweep");
    let cfg = d.with_extension("toml");
    std::fs::write(
        &cfg,
        r#"name = "carc-test"
seed = 3
games = 300
[grid]
variant = "carcassonne"
policy = ["random", "greedy"]
players = [2, 5]
robbers = [false, true]
robber_placement = ["next-in-stock", "each-other"]
robber_final_points = [3, 0]
"#,
    )
    .unwrap();
    let stdout = run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "--quiet",
        "--out",
        d.to_str().unwrap(),
    ]);
    assert!(stdout.contains("robber_point_share"), "{stdout}");
    let summary = read(&d, "summary.csv");
    // Per policy and player count: 1 row without robbers + 2 placements × 2 final rules.
    assert_eq!(summary.lines().count(), 1 + 2 * 2 * 5, "{summary}");
    assert!(summary.starts_with("run,row,settings_key,variant,players,player,level,map,robbers,"));
    assert!(d.join("report.html").exists() && d.join("compare.csv").exists());
    let seats = read(&d, "seats.csv");
    assert_eq!(seats.lines().count(), 1 + 2 * 5 * (2 + 5));
    // Rows without robbers equal the twins of rows with them (same games, same tile order).
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|x| x == name).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let paired = read(&d, "carcassonne_paired.csv");
    let mut p = csv::Reader::from_reader(paired.as_bytes());
    let ph = p.headers().unwrap().clone();
    let pcol = |name: &str| ph.iter().position(|x| x == name).unwrap();
    for rec in p.records().map(|x| x.unwrap()) {
        let row: usize = rec[pcol("row")].parse().unwrap();
        let seat: usize = rec[pcol("seat")].parse().unwrap();
        let me = &rows[row];
        let twin = rows
            .iter()
            .find(|o| {
                o[col("robbers")] == *"false"
                    && o[col("players")] == me[col("players")]
                    && o[col("player")] == me[col("player")]
            })
            .unwrap();
        assert_eq!(
            rec[pcol("score_mean_without")].parse::<f64>().unwrap(),
            twin[col(&format!("score_mean_seat{seat}"))]
                .parse::<f64>()
                .unwrap(),
            "row {row} seat {seat}"
        );
    }
}

#[test]
fn trace_is_json_lines_and_repeats() {
    let a = run_ok(&[
        "trace",
        "--variant",
        "carcassonne",
        "--players",
        "4",
        "--seed",
        "5",
        "--game-index",
        "2",
    ]);
    let b = run_ok(&[
        "trace",
        "--variant",
        "carcassonne",
        "--players",
        "4",
        "--seed",
        "5",
        "--game-index",
        "2",
    ]);
    assert_eq!(a, b);
    let lines: Vec<serde_json::Value> = a
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["type"], "header");
    assert_eq!(lines[0]["variant"], "carcassonne");
    let last = &lines[lines.len() - 2];
    assert_eq!(last["type"], "game_over");
    // The scores add up from the score, robbery and final robber lines.
    let mut sums = [0i64; 4];
    for l in &lines {
        match l["type"].as_str().unwrap() {
            "score" | "robber_final" => {
                sums[l["player"].as_u64().unwrap() as usize] += l["points"].as_i64().unwrap()
            }
            "robbery" => {
                sums[l["robber"].as_u64().unwrap() as usize] += l["points"].as_i64().unwrap()
            }
            _ => {}
        }
    }
    let scores: Vec<i64> = last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect();
    assert_eq!(scores, sums);
    let placed = lines.iter().filter(|l| l["type"] == "placed").count();
    let discards = lines.iter().filter(|l| l["type"] == "discard").count();
    assert_eq!(
        placed + discards,
        79,
        "80 tiles with the robbers, the start tile not drawn"
    );
}

#[test]
fn bad_carcassonne_input_exits_2() {
    let cases: [(&str, &str); 9] = [
        ("variant = [\"carcassonne\", \"base\"]", "grid.variant"),
        ("robber_tiles = 0", "grid.robber_tiles"),
        ("robber_tiles = 25", "grid.robber_tiles"),
        ("policy = \"team\"", "grid.policy"),
        ("players = 6", "grid.players"),
        ("robber_final_points = 6", "grid.robber_final_points"),
        ("robber_share = \"most\"", "grid.robber_share"),
        ("robber_placement = \"everyone\"", "grid.robber_placement"),
        ("robbers = []", "grid.robbers"),
    ];
    for (line, key) in cases {
        let d = tmp("carc-bad");
        let cfg = d.with_extension("toml");
        std::fs::write(
            &cfg,
            format!(
                "name = \"bad\"\nseed = 1\ngames = 10\n[grid]\n{}{line}\n",
                if line.starts_with("variant") {
                    ""
                } else {
                    "variant = \"carcassonne\"\n"
                }
            ),
        )
        .unwrap();
        let out = robsim()
            .args([
                "sweep",
                cfg.to_str().unwrap(),
                "--quiet",
                "--out",
                d.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{line}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(key), "{line}: {err}");
        assert!(!d.join("summary.csv").exists());
    }
    let out = robsim()
        .args([
            "run",
            "--variant",
            "carcassonne",
            "--games",
            "5",
            "--tiles",
            "/nonexistent.toml",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn shards_merge_into_the_one_shot_run() {
    let args = |out: &Path, shard: Option<&str>| {
        let mut v: Vec<String> = [
            "run",
            "--variant",
            "carcassonne",
            "--players",
            "2",
            "--policy",
            "random",
            "--games",
            "600",
            "--seed",
            "4",
            "--quiet",
            "--out",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.push(out.to_str().unwrap().into());
        if let Some(s) = shard {
            v.extend(["--shard".into(), s.into()]);
        }
        v
    };
    let whole = tmp("whole");
    let a = tmp("shard-a");
    let b = tmp("shard-b");
    let merged = tmp("merged");
    for (dir, shard) in [(&whole, None), (&a, Some("0/2")), (&b, Some("1/2"))] {
        let v = args(dir, shard);
        run_ok(&v.iter().map(String::as_str).collect::<Vec<_>>());
    }
    run_ok(&[
        "merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    for f in TABLES {
        assert_eq!(read(&whole, f), read(&merged, f), "{f}");
    }
}

/// Every win column of a Carcassonne summary is rebuilt from games.csv's `winners`: a seat's
/// win rate counts a tie as a win for every tied seat, the lead seat's share counts a k-way tie
/// 1/k (issue 91: games.csv names who won, ties included).
#[test]
fn win_columns_rebuild_from_the_winners_in_games_csv() {
    let d = tmp("carc-winners");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("w.toml");
    std::fs::write(
        &cfg,
        "name = \"w\"\nseed = 7\ngames = 120\n[grid]\nvariant = \"carcassonne\"\nplayers = 3\nrobbers = true\nseats = \"greedy,random,greedy\"\nrotate = false\n",
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "--games-csv",
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let games = crate::support::cli::csv_rows(&read(&out, "games.csv"));
    let s = crate::support::cli::csv_rows(&read(&out, "summary.csv"));
    let n = games.len() as f64;
    assert_eq!(n, 120.0);
    let winners: Vec<Vec<usize>> = games
        .iter()
        .map(|g| {
            g["winners"]
                .split('+')
                .map(|w| w.parse().unwrap())
                .collect()
        })
        .collect();
    assert!(
        winners.iter().all(|w| !w.is_empty()),
        "every game names its winners"
    );
    for (g, w) in games.iter().zip(&winners) {
        assert_eq!(g["end"] == "tied", w.len() > 1, "{g:?}");
    }
    for k in 1..=3usize {
        let rate = winners.iter().filter(|w| w.contains(&k)).count() as f64 / n;
        let got: f64 = s[0][&format!("win_rate_seat{k}")].parse().unwrap();
        assert!((got - rate).abs() < 1e-5, "seat {k}: {got} against {rate}");
    }
    let lead: f64 = winners
        .iter()
        .filter(|w| w.contains(&1))
        .map(|w| 1.0 / w.len() as f64)
        .sum::<f64>()
        / n;
    let got: f64 = s[0]["lead_win_rate"].parse().unwrap();
    assert!((got - lead).abs() < 1e-5, "lead: {got} against {lead}");
    let _ = std::fs::remove_dir_all(&d);
}
