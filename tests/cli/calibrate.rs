//! `robsim calibrate`: the chosen values bracket their targets, the same whatever the thread count; bad tables are refused with the key named.

use crate::support::cli::{read, robsim, run_ok, tmp};

const CFG: &str = "name = \"lad\"\nseed = 11\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\npolicy = \"team\"\n[calibrate]\nknob = \"start_cards\"\nvalues = [0, 1, 2, 3, 4, 5]\ntargets = [0.25, 0.6]\nbatch = 200\nmax_games = 600\n";

#[test]
fn chosen_values_bracket_their_targets_whatever_the_threads() {
    let d = tmp("calibrate");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("lad.toml");
    std::fs::write(&cfg, CFG).unwrap();
    let mut ladders = Vec::new();
    for threads in ["1", "2"] {
        let out = d.join(format!("t{threads}"));
        run_ok(&[
            "calibrate",
            cfg.to_str().unwrap(),
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
            "-q",
        ]);
        ladders.push(read(&out, "ladder.csv"));
        assert!(read(&out, "ladder.svg").contains("<svg"));
        assert!(read(&out, "report.html").contains("id=\"fig-ladder\""));
    }
    assert_eq!(ladders[0], ladders[1], "the same ladder on 1 and 2 threads");
    let mut r = csv::Reader::from_reader(ladders[0].as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|x| x == name).unwrap();
    let mut n = 0;
    for rec in r.records() {
        let rec = rec.unwrap();
        let f = |name: &str| rec[col(name)].parse::<f64>().ok();
        let t = f("target").unwrap();
        let chosen = f("chosen").unwrap();
        assert_eq!(&rec[col("bracketed")], "true", "{rec:?}");
        let (below, above) = (f("win_rate_below").unwrap(), f("win_rate_above").unwrap());
        assert!(below < t && t <= above, "{below} < {t} <= {above}: {rec:?}");
        assert!(f("value_below").unwrap() < f("value_above").unwrap());
        assert!(
            chosen == f("value_below").unwrap() || chosen == f("value_above").unwrap(),
            "{rec:?}"
        );
        // The chosen one is the nearer.
        let w = f("win_rate").unwrap();
        assert!((w - t).abs() <= (below - t).abs().min((above - t).abs()) + 1e-9);
        n += 1;
    }
    assert_eq!(n, 4, "2 groups x 2 targets");
}

/// `robert_skip` turns (0 is every turn, 1 never): the group is scanned, every value played on
/// the same games, and the chosen value is the one whose rate is nearest the target.
#[test]
fn a_knob_that_turns_is_scanned_and_the_nearest_value_chosen() {
    let d = tmp("calibrate-turns");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("skip.toml");
    std::fs::write(
        &cfg,
        "name = \"skip\"\nseed = 11\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = \"team\"\n[calibrate]\nknob = \"robert_skip\"\nvalues = [0, 1, 2, 3, 4, 6, 8]\ntargets = [0.5]\nbatch = 100\nmax_games = 200\n",
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "calibrate",
        cfg.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-q",
    ]);
    let ladder = crate::support::cli::csv_rows(&read(&out, "ladder.csv"));
    assert_eq!(ladder.len(), 1);
    let l = &ladder[0];
    assert_eq!(l["direction"], "turns", "{l:?}");
    let evals = crate::support::cli::csv_rows(&read(&out, "evaluations.csv"));
    let values: Vec<&str> = evals.iter().map(|e| e["value"].as_str()).collect();
    assert_eq!(
        values,
        ["0", "1", "2", "3", "4", "6", "8"],
        "every value scanned"
    );
    assert!(
        evals.iter().all(|e| e["games"] == evals[0]["games"]),
        "on the same games"
    );
    let gap = |e: &std::collections::HashMap<String, String>| {
        (e["win_rate"].parse::<f64>().unwrap() - 0.5).abs()
    };
    let nearest = evals
        .iter()
        .min_by(|a, b| gap(a).total_cmp(&gap(b)))
        .unwrap();
    assert_eq!(l["chosen"], nearest["value"], "{evals:?}");
    // Resting every other turn (2) wins more than moving every turn (0) and than resting every
    // 8th (8): the rate rises, then falls, as the value grows.
    let rate = |v: &str| {
        evals.iter().find(|e| e["value"] == v).unwrap()["win_rate"]
            .parse::<f64>()
            .unwrap()
    };
    assert!(rate("0") < rate("2") && rate("2") > rate("8"), "{evals:?}");
}

#[test]
fn bad_calibrate_tables_name_the_key() {
    let d = tmp("calibrate-bad");
    std::fs::create_dir_all(&d).unwrap();
    for (from, to, want) in [
        (
            "knob = \"start_cards\"",
            "knob = \"monopoly\"",
            "calibrate.knob: monopoly is not an ordered whole-number knob",
        ),
        (
            "knob = \"start_cards\"",
            "knob = \"destroy_faces\"",
            "destroy_faces does not apply to a robert row",
        ),
        (
            "targets = [0.25, 0.6]",
            "targets = [1.5]",
            "calibrate.targets: 1.5 is out of range",
        ),
        (
            "values = [0, 1, 2, 3, 4, 5]",
            "values = [0, 7]",
            "calibrate.values: start_cards = 7 with 4 players",
        ),
        (
            "values = [0, 1, 2, 3, 4, 5]",
            "values = [3, 1]",
            "ascending",
        ),
        (
            "policy = \"team\"",
            "policy = \"team\"\ndifficulty = \"easy\"",
            "grid.difficulty is set; calibrate chooses it",
        ),
        (
            "variant = \"robert\"",
            "variant = \"base\"",
            "calibrate needs a team win rate",
        ),
    ] {
        let cfg = d.join("bad.toml");
        std::fs::write(&cfg, CFG.replace(from, to)).unwrap();
        let out = robsim()
            .args(["calibrate", cfg.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{to}");
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(e.contains(want), "{to}: {e}");
    }
    let cfg = d.join("none.toml");
    std::fs::write(&cfg, CFG.split("[calibrate]").next().unwrap()).unwrap();
    let out = robsim()
        .args(["calibrate", cfg.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no [calibrate] table"));
}
