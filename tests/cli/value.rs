//! `robsim learn-value` and truncated search (`@H`): the same model on 1 and 2 threads, truncated rows that play and pair, and bad input refused naming the key, exit 2, nothing written.

use crate::support::cli::{csv_rows, read, robsim, run_ok, tmp};

fn config(grid: &str, value: &str) -> String {
    format!(
        "name = \"tiny-value\"\nseed = 5\ngames = 1\n[grid]\nvariant = \"robert\"\n{grid}\n[value]\n{value}"
    )
}

/// A small fit writes a model `robsim` reads back, with a line per player count, and the same
/// bytes on 1 and 2 threads.
#[test]
fn learn_value_writes_the_same_model_on_one_and_two_threads() {
    let d = tmp("value");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("v.toml");
    std::fs::write(
        &cfg,
        config(
            "players = [2, 3, 4]\ndifficulty = \"easy\"\npolicy = \"team\"",
            "train_games = 12\ntest_games = 8\nevery = 2\n",
        ),
    )
    .unwrap();
    let mut models = Vec::new();
    for threads in ["1", "2"] {
        let out = d.join(format!("out{threads}"));
        let stdout = run_ok(&[
            "learn-value",
            cfg.to_str().unwrap(),
            "-j",
            threads,
            "-q",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(stdout.contains("held-out R²"), "{stdout}");
        let fit = csv_rows(&read(&out, "fit.csv"));
        let players: Vec<&str> = fit.iter().map(|r| r["players"].as_str()).collect();
        assert_eq!(players, ["2", "3", "4"]);
        for f in ["config.toml", "command.txt", "manifest.json"] {
            assert!(out.join(f).is_file(), "{f}");
        }
        let text = read(&out, "value.toml");
        robsim::catan::policy::value::ValueModel::parse(&text, "value.toml").unwrap();
        models.push(text);
    }
    assert_eq!(models[0], models[1], "the same model on 1 and 2 threads");
    let _ = std::fs::remove_dir_all(&d);
}

/// A truncated search row plays beside the full one on the same games, labelled with its
/// horizon; `[rollout] horizon` sets it for every search row.
#[test]
fn truncated_search_rows_play_and_pair() {
    let d = tmp("value-search");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("s.toml");
    std::fs::write(
        &cfg,
        "name = \"trunc\"\nseed = 9\ngames = 6\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = [\"rollout-2:learned\", \"rollout-2:learned@8\"]\n",
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let s = csv_rows(&read(&out, "summary.csv"));
    let names: Vec<&str> = s.iter().map(|r| r["player"].as_str()).collect();
    assert_eq!(names, ["rollout-2:learned", "rollout-2:learned@8"]);
    let c = csv_rows(&read(&out, "compare.csv"));
    assert!(
        c.iter().any(|r| r["games"] == "6"),
        "the two rows pair on their 6 games: {c:?}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Bad `[value]` tables, rows and horizons: exit 2, the key and the allowed values named,
/// nothing written.
#[test]
fn bad_value_configs_and_horizons_name_the_key() {
    let d = tmp("value-bad");
    std::fs::create_dir_all(&d).unwrap();
    let all = "players = [2, 3, 4]\npolicy = \"team\"";
    let learn_cases = [
        (config(all, "every = 0\n"), "value.every", "1 to 1000"),
        (
            config(all, "train_games = 0\n"),
            "value.train_games",
            "1 to",
        ),
        (config(all, "ridge = -1.0\n"), "value.ridge", "0 to 100"),
        (config(all, "depth = 3\n"), "depth", "every"),
        (
            config("players = [2, 3]\npolicy = \"team\"", ""),
            "grid.players",
            "2, 3 and 4",
        ),
        (
            config("players = [2, 3, 4]\npolicy = \"rollout-2\"", ""),
            "grid.policy",
            "team, team-tuned or learned",
        ),
        (
            config("players = [2, 3, 4]\npolicy = \"greedy\"", "")
                .replace("variant = \"robert\"", "variant = \"base\""),
            "grid.variant",
            "robert",
        ),
        (
            config(all, "").replace("[value]\n", ""),
            "[value]",
            "configs/training/robert-value.toml",
        ),
    ];
    for (k, (body, key, allowed)) in learn_cases.iter().enumerate() {
        let cfg = d.join(format!("l{k}.toml"));
        std::fs::write(&cfg, body).unwrap();
        let out = d.join(format!("never-l{k}"));
        let o = robsim()
            .args(["learn-value", cfg.to_str().unwrap(), "-q", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "case {k}: {err}");
        assert!(
            err.contains(key) && err.contains(allowed),
            "case {k}: {err}"
        );
        assert!(!out.exists(), "case {k}: a report was written");
    }
    let sweep = |grid: &str, extra: &str| {
        format!("name = \"h\"\nseed = 1\ngames = 2\n[grid]\n{grid}\n{extra}")
    };
    let robert = "variant = \"robert\"\nplayers = 3";
    let sweep_cases = [
        (
            sweep(&format!("{robert}\npolicy = \"rollout-2:learned@0\""), ""),
            "grid.policy",
            "1 to 100000",
        ),
        (
            sweep(&format!("{robert}\npolicy = \"rollout-2:learned@x\""), ""),
            "grid.policy",
            "@H",
        ),
        (
            sweep(&format!("{robert}\npolicy = \"learned@40\""), ""),
            "grid.policy",
            "allowed",
        ),
        (
            sweep(
                "variant = \"base\"\nplayers = 3\npolicy = \"rollout-2@40\"",
                "",
            ),
            "grid.policy",
            "variant robert",
        ),
        (
            sweep(
                &format!("{robert}\npolicy = \"rollout-2:learned\""),
                "[rollout]\nhorizon = 100001\n",
            ),
            "rollout.horizon",
            "0 (to the end) to 100000",
        ),
        (
            sweep(
                &format!("{robert}\npolicy = \"rollout-2:learned@40\""),
                "[rollout]\nprogress_weight = 0.5\n",
            ),
            "progress_weight",
            "0.2",
        ),
    ];
    for (k, (body, key, allowed)) in sweep_cases.iter().enumerate() {
        let cfg = d.join(format!("s{k}.toml"));
        std::fs::write(&cfg, body).unwrap();
        let out = d.join(format!("never-s{k}"));
        let o = robsim()
            .args(["sweep", cfg.to_str().unwrap(), "-q", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "case {k}: {err}");
        assert!(
            err.contains(key) && err.contains(allowed),
            "case {k}: {err}"
        );
        assert!(!out.exists(), "case {k}: a report was written");
    }
    let _ = std::fs::remove_dir_all(&d);
}
