//! Keys that join runs: games.csv's settings key, game index and end reason, across a sweep and an ablation.

use crate::support::cli::{read, run_ok, tmp};
use std::collections::HashMap;

type Row = HashMap<String, String>;

fn rows(text: &str) -> Vec<Row> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    r.records()
        .map(|x| {
            let x = x.unwrap();
            h.iter()
                .zip(x.iter())
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        })
        .collect()
}

/// The same settings in two configs (a sweep's grid and an ablation's base and moved rows, at
/// other row positions) give the same settings key, and their games join on (key, seed, game)
/// with every game the same; other settings give other keys.
#[test]
fn a_sweep_and_an_ablation_join_on_the_settings_key_and_game_index() {
    let d = tmp("keys-join");
    std::fs::create_dir_all(&d).unwrap();
    let sweep = d.join("s.toml");
    std::fs::write(
        &sweep,
        "name = \"s\"\nseed = 31\ngames = 60\n# a comment the ablation lacks\n[grid]\nvariant = \"robert\"\nplayers = [4, 3]\ndifficulty = [\"easy\", \"hard\", \"moderate\"]\npolicy = \"team\"\n",
    )
    .unwrap();
    let ablate = d.join("a.toml");
    std::fs::write(
        &ablate,
        "name = \"a\"\nseed = 31\ngames = 60\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"moderate\"\npolicy = \"team\"\n[ablate]\nknobs = [\"start_cards\", \"soldier_flips\"]\n",
    )
    .unwrap();
    let (s, a) = (d.join("s"), d.join("a"));
    run_ok(&[
        "sweep",
        sweep.to_str().unwrap(),
        "--games-csv",
        "-q",
        "-o",
        s.to_str().unwrap(),
    ]);
    run_ok(&[
        "ablate",
        ablate.to_str().unwrap(),
        "--games-csv",
        "-q",
        "-o",
        a.to_str().unwrap(),
    ]);
    let (gs, ga) = (rows(&read(&s, "games.csv")), rows(&read(&a, "games.csv")));
    let key_of_row = |g: &[Row]| -> HashMap<String, String> {
        g.iter()
            .map(|r| (r["row"].clone(), r["settings_key"].clone()))
            .collect()
    };
    let (ks, ka) = (key_of_row(&gs), key_of_row(&ga));
    // summary.csv carries each row's key too.
    for (dir, keys) in [(&s, &ks), (&a, &ka)] {
        for r in rows(&read(dir, "summary.csv")) {
            assert_eq!(keys[&r["row"]], r["settings_key"], "{}", dir.display());
        }
    }
    // Six sweep rows, six keys; the ablation's rows have keys of their own too.
    let distinct = |k: &HashMap<String, String>| {
        let mut v: Vec<&String> = k.values().collect();
        v.sort();
        v.dedup();
        v.len()
    };
    assert_eq!((ks.len(), distinct(&ks)), (6, 6));
    assert_eq!(distinct(&ka), ka.len());
    let by_game = |g: &[Row]| -> HashMap<(String, String, String), (String, String, String)> {
        g.iter()
            .map(|r| {
                (
                    (
                        r["settings_key"].clone(),
                        r["seed"].clone(),
                        r["game"].clone(),
                    ),
                    (r["won"].clone(), r["end"].clone(), r["turns"].clone()),
                )
            })
            .collect()
    };
    let (bs, ba) = (by_game(&gs), by_game(&ga));
    // The ablation's base (3p Moderate) and its start_cards moves to 1 and 3 (Hard and Easy)
    // are sweep rows: each of their games joins, and matches.
    let shared: Vec<&String> = ka
        .values()
        .filter(|k| ks.values().any(|x| x == *k))
        .collect();
    assert_eq!(shared.len(), 3, "sweep keys {ks:?}, ablation keys {ka:?}");
    let mut joined = 0;
    for (k, v) in &ba {
        if let Some(w) = bs.get(k) {
            assert_eq!(v, w, "game {k:?}");
            joined += 1;
        }
    }
    assert_eq!(joined, 3 * 60);
    // ablation.csv names each move as compare.csv names the same pair (start_cards moves
    // difficulty), so the two join on (base row, row, knob) line for line, settings as text.
    let compare = rows(&read(&a, "compare.csv"));
    let ablation = rows(&read(&a, "ablation.csv"));
    assert_eq!(ablation.len(), 4);
    for l in &ablation {
        let c = compare
            .iter()
            .find(|c| c["row_a"] == "0" && c["row_b"] == l["row"] && c["knob"] == l["knob"])
            .unwrap_or_else(|| panic!("ablation line {l:?} has no compare.csv line"));
        assert_eq!(
            (&c["setting_a"], &c["setting_b"]),
            (&l["setting_base"], &l["setting"])
        );
        assert!(
            l["setting"].starts_with(&format!("{}=", l["knob"])),
            "{l:?}"
        );
    }
    assert!(ablation.iter().any(|l| l["setting"] == "difficulty=hard"));
    let _ = std::fs::remove_dir_all(&d);
}

/// `robsim merge` and `robsim rerun` of `folder` into `out`, each asserted to exit 2 and write
/// nothing: each command's name and its stderr.
fn refusals(folder: &std::path::Path, out: &std::path::Path) -> Vec<(&'static str, String)> {
    [("merge", &["-o"][..]), ("rerun", &["-q", "-o"][..])]
        .into_iter()
        .map(|(cmd, flags)| {
            let o = crate::support::cli::robsim()
                .arg(cmd)
                .arg(folder)
                .args(flags)
                .arg(out)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&o.stderr).into_owned();
            assert_eq!(o.status.code(), Some(2), "{cmd}: {err}");
            assert!(!out.exists(), "{cmd} wrote {}", out.display());
            (cmd, err)
        })
        .collect()
}

/// A report folder whose tables and datapackage.json disagree (a column renamed or dropped by
/// hand), or that an older build wrote, is refused by `merge` and `rerun`: exit 2, the table and
/// column (or the build and what changed) named, nothing written.
#[test]
fn merge_and_rerun_refuse_a_folder_whose_tables_and_schema_disagree() {
    let d = tmp("keys-schema");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("c.toml");
    std::fs::write(
        &cfg,
        "name = \"c\"\nseed = 3\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\npolicy = \"team\"\ndifficulty = \"easy\"\n",
    )
    .unwrap();
    let run = d.join("run");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        run.to_str().unwrap(),
    ]);
    // A clean folder merges; a copy without one of its tables (left out of a copy) still does.
    let fine = d.join("fine");
    run_ok(&["merge", run.to_str().unwrap(), "-o", fine.to_str().unwrap()]);
    std::fs::remove_file(fine.join("flips_by_hex.csv")).unwrap();
    run_ok(&[
        "merge",
        fine.to_str().unwrap(),
        "-o",
        d.join("fine2").to_str().unwrap(),
    ]);
    for (edit, said) in [
        (
            ("turns_mean", "mean_turns"),
            "table summary.csv has column `mean_turns` where the schema names `turns_mean`",
        ),
        ((",mcnemar_p", ""), "compare.csv"),
    ] {
        let bad = d.join("bad");
        let _ = std::fs::remove_dir_all(&bad);
        run_ok(&["merge", run.to_str().unwrap(), "-o", bad.to_str().unwrap()]);
        let table = if said.starts_with("table summary") {
            "summary.csv"
        } else {
            "compare.csv"
        };
        let text = read(&bad, table);
        let (head, body) = text.split_once('\n').unwrap();
        std::fs::write(
            bad.join(table),
            format!("{}\n{body}", head.replacen(edit.0, edit.1, 1)),
        )
        .unwrap();
        for (args, err) in refusals(&bad, &d.join("out")) {
            assert!(err.contains(said) && err.contains(table), "{args}: {err}");
        }
    }
    // A folder an older build wrote (its manifest's schema before this build's): refused,
    // naming that build, what changed since and `robsim upgrade`.
    let old = d.join("old");
    run_ok(&["merge", run.to_str().unwrap(), "-o", old.to_str().unwrap()]);
    let m = read(&old, "manifest.json");
    let schema = format!("\"schema\": {}", robsim::report::upgrade::SCHEMA);
    assert!(m.contains(&schema), "{m}");
    std::fs::write(
        old.join("manifest.json"),
        m.replace(&schema, "\"schema\": 3"),
    )
    .unwrap();
    for (args, err) in refusals(&old, &d.join("out-old")) {
        for said in [
            "written by robsim",
            "under schema 3",
            "schema 4: every line",
            "robsim upgrade",
        ] {
            assert!(err.contains(said), "{args}: {said}: {err}");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// games.csv's `end` says how each game ended, and agrees with `won` and with summary.csv's
/// counts of stalled, conceded and capped games; competitive games name the winning seat.
#[test]
fn every_game_ends_for_a_reason_that_adds_up_to_the_summary() {
    let d = tmp("keys-end");
    std::fs::create_dir_all(&d).unwrap();
    for (name, grid) in [
        (
            "robert",
            "variant = \"robert\"\nplayers = 3\ndifficulty = \"hard\"\npolicy = \"team\"\n",
        ),
        (
            "base",
            "variant = \"base\"\nplayers = 3\npolicy = \"greedy\"\n",
        ),
    ] {
        let cfg = d.join(format!("{name}.toml"));
        std::fs::write(
            &cfg,
            format!("name = \"e\"\nseed = 5\ngames = 150\n[grid]\n{grid}"),
        )
        .unwrap();
        let out = d.join(name);
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "--games-csv",
            "-q",
            "-o",
            out.to_str().unwrap(),
        ]);
        ends_add_up(&out);
    }
    let _ = std::fs::remove_dir_all(&d);
}

fn ends_add_up(out: &std::path::Path) {
    let games = rows(&read(out, "games.csv"));
    let summary = rows(&read(out, "summary.csv"));
    assert!(read(out, "games.csv")
        .starts_with("run,settings_key,row,seed,game,won,end,winners,turns\n"));
    for s in &summary {
        let mine: Vec<&Row> = games.iter().filter(|g| g["row"] == s["row"]).collect();
        let count = |e: &str| mine.iter().filter(|g| g["end"] == e).count().to_string();
        if s["variant"] == "robert" {
            for g in &mine {
                assert_eq!(g["won"] == "true", g["end"] == "won", "{g:?}");
                assert!(
                    ["won", "lost", "stalled", "conceded", "capped"].contains(&g["end"].as_str()),
                    "{g:?}"
                );
            }
            assert_eq!(count("won"), s["wins"]);
            assert_eq!(count("stalled"), s["stalled"]);
            assert_eq!(count("conceded"), s["conceded"]);
            assert_eq!(count("capped"), s["capouts"]);
            let losses: u64 = ["lost", "stalled", "conceded"]
                .iter()
                .map(|e| count(e).parse::<u64>().unwrap())
                .sum();
            assert_eq!(losses.to_string(), s["losses"]);
        } else {
            let mut seats = 0;
            for k in 1..=3 {
                let c = count(&format!("seat{k}"));
                assert_eq!(c, s[&format!("wins_seat{k}")], "seat {k}");
                seats += c.parse::<u64>().unwrap();
            }
            assert_eq!(seats.to_string(), s["wins"]);
            assert_eq!(count("capped"), s["capouts"]);
        }
    }
}

fn manifest(dir: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&read(dir, "manifest.json")).unwrap()
}

/// The run id is the config's meaning, not its text: a comment or another key order keeps it,
/// another seed or game count changes it; a run's shards and their merge share it (and the
/// merge keeps their games.csv); a luck folder has a manifest with its seed and run id too.
#[test]
fn the_run_id_follows_the_configs_meaning_and_joins_shards() {
    let d = tmp("keys-run");
    std::fs::create_dir_all(&d).unwrap();
    let body = "[grid]\nvariant = \"robert\"\nplayers = 3\npolicy = \"team\"\n";
    let texts = [
        format!("name = \"r\"\nseed = 3\ngames = 20\n{body}"),
        format!("# the same run\ngames = 20\nseed = 3\nname = \"r\"\n\n{body}"),
        format!("name = \"r\"\nseed = 4\ngames = 20\n{body}"),
    ];
    let mut ids = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let cfg = d.join(format!("{i}.toml"));
        std::fs::write(&cfg, t).unwrap();
        let out = d.join(format!("o{i}"));
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "-q",
            "-o",
            out.to_str().unwrap(),
        ]);
        ids.push(manifest(&out)["run_id"].as_str().unwrap().to_string());
    }
    assert_eq!(ids[0].len(), 12);
    assert_eq!(
        ids[0], ids[1],
        "a comment and key order do not change the run"
    );
    assert_ne!(ids[0], ids[2], "another seed is another run");
    let cfg = d.join("0.toml");
    let g = d.join("g");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-g",
        "30",
        "-o",
        g.to_str().unwrap(),
    ]);
    assert_ne!(
        manifest(&g)["run_id"],
        ids[0],
        "another game count is another run"
    );
    let mut shards = Vec::new();
    for i in 0..2 {
        let s = d.join(format!("s{i}"));
        let shard = format!("{i}/2");
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "-q",
            "--shard",
            &shard,
            "--games-csv",
            "-o",
            s.to_str().unwrap(),
        ]);
        assert_eq!(manifest(&s)["run_id"].as_str().unwrap(), ids[0]);
        shards.push(s);
    }
    let m = d.join("m");
    run_ok(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "-o",
        m.to_str().unwrap(),
    ]);
    assert_eq!(manifest(&m)["run_id"].as_str().unwrap(), ids[0]);
    // The merge keeps the shards' games.csv: the one-shot run's, line for line.
    let whole = d.join("whole");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "--games-csv",
        "-o",
        whole.to_str().unwrap(),
    ]);
    assert_eq!(read(&m, "games.csv"), read(&whole, "games.csv"));
    assert!(read(&m, "datapackage.json").contains("games.csv"));
    let luck = d.join("luck.toml");
    std::fs::write(
        &luck,
        "name = \"l\"\nseed = 9\ngames = 20\n[grid]\nvariant = \"robert\"\nplayers = 3\n[luck]\nrungs = [\"random\", \"team\"]\nboards = 4\ngames_per_board = 2\n",
    )
    .unwrap();
    let l = d.join("l");
    run_ok(&[
        "luck",
        luck.to_str().unwrap(),
        "-q",
        "-o",
        l.to_str().unwrap(),
    ]);
    let lm = manifest(&l);
    assert_eq!(lm["seed"], 9);
    assert_eq!(lm["run_id"].as_str().unwrap().len(), 12);
    assert_eq!(lm["command"][1], "luck");
    // The luck run's rungs carry the settings key a sweep of the same rules and player has.
    let keys = |dir: &std::path::Path, table: &str| -> Vec<(String, String)> {
        let mut k: Vec<(String, String)> = rows(&read(dir, table))
            .into_iter()
            .filter(|r| r["player"] == "team")
            .map(|r| (r["difficulty"].clone(), r["settings_key"].clone()))
            .collect();
        k.sort();
        k
    };
    let luck_keys = keys(&l, "luck.csv");
    assert_eq!(luck_keys.len(), 4, "{luck_keys:?}");
    assert_eq!(luck_keys, keys(&d.join("o0"), "summary.csv"));
    // pairs.csv names both sides' keys, as luck.csv has them for the same row and player.
    let by_rung: HashMap<(String, String), String> = rows(&read(&l, "luck.csv"))
        .into_iter()
        .map(|r| {
            (
                (r["row"].clone(), r["player"].clone()),
                r["settings_key"].clone(),
            )
        })
        .collect();
    let pairs = rows(&read(&l, "pairs.csv"));
    assert_eq!(pairs.len(), 4);
    for p in &pairs {
        for side in ["a", "b"] {
            let rung = (p["row"].clone(), p[&format!("player_{side}")].clone());
            assert_eq!(by_rung[&rung], p[&format!("settings_key_{side}")], "{p:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// The settings keys of a sweep's rows, by (difficulty or `-`, players, player, vp_to_win).
fn sweep_keys(d: &std::path::Path, name: &str, grid: &str) -> HashMap<String, String> {
    let cfg = d.join(format!("{name}.toml"));
    std::fs::write(
        &cfg,
        format!("name = \"{name}\"\nseed = 5\ngames = 2\n[grid]\nvariant = \"robert\"\n{grid}"),
    )
    .unwrap();
    let out = d.join(name);
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    rows(&read(&out, "summary.csv"))
        .into_iter()
        .map(|r| {
            let id = format!(
                "{} {} {} {}",
                r["difficulty"], r["players"], r["player"], r["vp_to_win"]
            );
            (id, r["settings_key"].clone())
        })
        .collect()
}

/// Every table of one row and player carries the settings key a sweep of the same rules and
/// player writes: ceiling.csv at each budget, ladder.csv and evaluations.csv at each value,
/// design.csv and best.csv at each cell under each candidate's knobs.
#[test]
fn ceiling_calibrate_and_design_lines_carry_the_sweeps_settings_key() {
    let d = tmp("keys-tools");
    std::fs::create_dir_all(&d).unwrap();
    let write = |name: &str, text: &str| {
        let p = d.join(format!("{name}.toml"));
        std::fs::write(&p, text).unwrap();
        p
    };
    // The ceiling climbs rollout-1 to rollout-2 over team.
    let keys = sweep_keys(
        &d,
        "ceiling-sweep",
        "players = 3\ndifficulty = [\"impossible\", \"easy\"]\npolicy = [\"rollout-1:team\", \"rollout-2:team\"]\n",
    );
    let cfg = write(
        "c",
        "name = \"c\"\nseed = 11\ngames = 4\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = [\"impossible\", \"easy\"]\npolicy = \"rollout-1:team\"\n[ceiling]\nmax_budget = 2\ngain_points = 0.001\nupper_points = 0.001\n",
    );
    let c = d.join("c");
    run_ok(&[
        "ceiling",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        c.to_str().unwrap(),
    ]);
    let lines = rows(&read(&c, "ceiling.csv"));
    assert_eq!(lines.len(), 4);
    for l in &lines {
        let difficulty = l["row"].split(' ').next_back().unwrap();
        let id = format!("{difficulty} 3 {} 10", l["player"]);
        assert_eq!(keys.get(&id), Some(&l["settings_key"]), "{l:?} / {keys:?}");
    }
    // The ladder over vp_to_win: its chosen value's row and every value evaluated.
    let keys = sweep_keys(
        &d,
        "ladder-sweep",
        "players = 3\ndifficulty = \"easy\"\npolicy = \"team\"\nvp_to_win = [8, 10, 12]\n",
    );
    let cfg = write(
        "l",
        "name = \"l\"\nseed = 11\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = \"team\"\n[calibrate]\nknob = \"vp_to_win\"\nvalues = [8, 10, 12]\ntargets = [0.5]\nbatch = 100\nmax_games = 100\n",
    );
    let l = d.join("l");
    run_ok(&[
        "calibrate",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        l.to_str().unwrap(),
    ]);
    let ladder = rows(&read(&l, "ladder.csv"));
    assert_eq!(ladder.len(), 1);
    let id = format!("easy 3 team {}", ladder[0]["chosen"]);
    assert_eq!(keys.get(&id), Some(&ladder[0]["settings_key"]), "{keys:?}");
    let evals = rows(&read(&l, "evaluations.csv"));
    assert!(!evals.is_empty());
    for e in &evals {
        let id = format!("easy 3 team {}", e["value"]);
        assert_eq!(keys.get(&id), Some(&e["settings_key"]), "{e:?}");
    }
    // A design moving vp_to_win on the 3-player cell: each candidate's cell is the sweep's row.
    let keys = sweep_keys(
        &d,
        "design-sweep",
        "players = 3\ndifficulty = \"easy\"\npolicy = \"team\"\nvp_to_win = [10, 11]\n",
    );
    let cfg = write(
        "g",
        "name = \"g\"\nseed = 11\ngames = 20\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = \"team\"\n[design]\nsearch = \"exhaustive\"\nbudget = 40\nbatch = 20\n[[design.knob]]\nkey = \"vp_to_win\"\nvalues = [11]\n[[design.target]]\nrate = 0.5\n",
    );
    let g = d.join("g");
    run_ok(&[
        "design",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        g.to_str().unwrap(),
    ]);
    for table in ["design.csv", "best.csv"] {
        let lines = rows(&read(&g, table));
        assert!(!lines.is_empty(), "{table}");
        for x in &lines {
            let vp = if x["knobs"].contains("vp_to_win=11") {
                11
            } else {
                10
            };
            let id = format!("easy 3 team {vp}");
            assert_eq!(keys.get(&id), Some(&x["settings_key"]), "{table}: {x:?}");
        }
    }
}

/// Three runs of one config whose map file (one name) holds other number tokens in the second:
/// another settings key there, each manifest naming the file with its content's hash; the same
/// content again gives the same key (issue 91: keys cover what a row reads, not a file's name).
#[test]
fn a_map_files_content_is_part_of_the_key() {
    let d = tmp("keys-map-content");
    std::fs::create_dir_all(&d).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = std::fs::read_to_string(root.join("configs/maps/base.toml")).unwrap();
    let swapped = base
        .replacen(
            "terrain = \"mountains\", token = 10",
            "terrain = \"mountains\", token = X",
            1,
        )
        .replacen(
            "terrain = \"pasture\", token = 2",
            "terrain = \"pasture\", token = 10",
            1,
        )
        .replacen("token = X", "token = 2", 1);
    assert_ne!(swapped, base);
    let mut keys = Vec::new();
    // One file name, its content changed between runs.
    let island = d.join("island.toml");
    for (k, text) in [&base, &swapped, &base].into_iter().enumerate() {
        let run = d.join(format!("run{k}"));
        std::fs::create_dir_all(&run).unwrap();
        std::fs::write(&island, text).unwrap();
        let cfg = d.join("c.toml");
        std::fs::write(
            &cfg,
            format!(
                "name = \"island\"\nseed = 2\ngames = 20\nmap = \"{}\"\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\nboard = \"fixed\"\n",
                island.display()
            ),
        )
        .unwrap();
        let out = run.join("out");
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "-q",
            "-o",
            out.to_str().unwrap(),
        ]);
        let s = rows(&read(&out, "summary.csv"));
        let m: serde_json::Value = serde_json::from_str(&read(&out, "manifest.json")).unwrap();
        assert_eq!(m["inputs"][0]["kind"], "map");
        assert_eq!(m["inputs"][0]["sha256"].as_str().unwrap().len(), 64, "{m}");
        keys.push((
            s[0]["settings_key"].clone(),
            m["run_id"].as_str().unwrap().to_string(),
            m["inputs"][0]["sha256"].clone(),
        ));
    }
    assert_ne!(keys[0].0, keys[1].0, "other tokens, another settings key");
    assert_ne!(keys[0].2, keys[1].2);
    assert_eq!(
        keys[0].0, keys[2].0,
        "the same file's content, the same key"
    );
    assert_eq!(keys[0].2, keys[2].2);
    let _ = std::fs::remove_dir_all(&d);
}
