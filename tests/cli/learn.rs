//! `robsim learn` and the `learned` player: the same model on 1 and 2 threads, its report folder, learned and rollout-over-learned sweep rows, and every bad model file or table refused with the file and key named, exit 2, nothing written.

use crate::support::cli::{read, robsim, run_ok, tmp};
use robsim::catan::policy::{LearnedBase, LearnedModel, SolitaireKnobs, TeamKnobs};
use robsim::config::modelfile::{load, to_text, Provenance};
use std::path::Path;

pub(crate) const CFG: &str = "name = \"tiny-learn\"\nseed = 7\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = [\"hard\", \"moderate\"]\npolicy = \"team\"\n[learn]\nrounds = 2\ntrain_games = 6\ntest_games = 60\nrollouts = 2\ncandidates = 3\nmax_labels = 4\n";

/// A model that always keeps the base policy's choice: weight 1 on `is_base` (feature 0 of
/// every decision type), every other weight 0 (a model of zero weights is refused).
fn base_only(base: LearnedBase) -> String {
    let mut m = LearnedModel::base_only(base, 4);
    for w in &mut m.weights {
        w[0] = 1.0;
    }
    to_text(&m, &Provenance::default()).unwrap()
}

#[test]
fn learn_writes_the_same_model_on_one_and_two_threads() {
    let d = tmp("learn");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("tiny.toml");
    std::fs::write(&cfg, CFG).unwrap();
    let mut models = Vec::new();
    for threads in ["1", "2"] {
        let out = d.join(format!("t{threads}"));
        let stdout = run_ok(&[
            "learn",
            cfg.to_str().unwrap(),
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
            "-q",
        ]);
        assert!(stdout.contains("final model minus base"), "{stdout}");
        for f in [
            "rounds.csv",
            "fit.csv",
            "held_out.csv",
            "config.toml",
            "command.txt",
            "manifest.json",
            "round-1.toml",
        ] {
            assert!(out.join(f).is_file(), "{f} missing");
        }
        assert!(read(&out, "fit.csv").contains("setup"));
        assert!(read(&out, "held_out.csv").contains("final"));
        // Each step's seconds, in order: the base's games, then each round's steps.
        let manifest: serde_json::Value =
            serde_json::from_str(&read(&out, "manifest.json")).unwrap();
        let phases = manifest["phases"].as_array().expect("phases");
        let names: Vec<&str> = phases.iter().map(|p| p["name"].as_str().unwrap()).collect();
        // Round 1's labels first (a shard waiting for the others' plays no other game).
        assert_eq!(names[0], "round 1: labelled games");
        assert_eq!(names[1], "base held-out and validation games");
        for step in [
            "labelled games",
            "fits",
            "validation games",
            "held-out games",
        ] {
            assert!(
                names.contains(&format!("round 1: {step}").as_str()),
                "{names:?}"
            );
        }
        assert!(phases.iter().all(|p| p["seconds"].as_f64().unwrap() >= 0.0));
        let (m, how) = load(&out.join("model.toml")).unwrap();
        assert_eq!(m.candidates, 3);
        assert_eq!(how.seed, 7);
        assert!(!how.records.is_empty() && how.records.len() <= 2);
        assert!(how.command.starts_with("robsim learn "));
        models.push(read(&out, "model.toml"));
    }
    assert_eq!(models[0], models[1], "the same model on 1 and 2 threads");
}

/// `[learn] start`: expert iteration goes on from a model file. Round 0's apprentice is that
/// model, so the held-out games it is paired against in round 1 are the very games the run
/// that made it ended on (same seed: the same test seed, the same model); its file records the
/// start model's name and SHA-256, and the terminal says what the final model is compared to.
#[test]
fn learn_starts_from_a_model_file() {
    let d = tmp("learn-start");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("tiny.toml");
    std::fs::write(&cfg, CFG).unwrap();
    let cold = d.join("cold");
    run_ok(&[
        "learn",
        cfg.to_str().unwrap(),
        "-o",
        cold.to_str().unwrap(),
        "-q",
    ]);
    let start = cold.join("model.toml");
    let warm_cfg = d.join("warm.toml");
    std::fs::write(
        &warm_cfg,
        CFG.replace("rounds = 2", "rounds = 1")
            + &format!("start = {:?}\n", start.to_str().unwrap()),
    )
    .unwrap();
    let warm = d.join("warm");
    let stdout = run_ok(&[
        "learn",
        warm_cfg.to_str().unwrap(),
        "-o",
        warm.to_str().unwrap(),
        "-q",
    ]);
    assert!(stdout.contains("final model minus start model"), "{stdout}");
    assert!(!stdout.contains("minus base"), "{stdout}");
    // Per row and pooled: (row, win rate) of the cold run's final model and of the warm run's
    // round 0.
    let held = |dir: &Path, round: &str, col: &str| -> Vec<(String, String)> {
        let text = read(dir, "held_out.csv");
        let mut r = csv::Reader::from_reader(text.as_bytes());
        let h = r.headers().unwrap().clone();
        let at = |n: &str| h.iter().position(|x| x == n).unwrap();
        r.records()
            .map(|x| x.unwrap())
            .filter(|x| &x[at("round")] == round)
            .map(|x| (x[at("row")].to_string(), x[at(col)].to_string()))
            .collect()
    };
    let cold_final = held(&cold, "final", "win_rate_b");
    let warm_first = held(&warm, "1", "win_rate_a");
    assert_eq!(cold_final.len(), 3, "two rows and the pool: {cold_final:?}");
    assert_eq!(cold_final, warm_first);
    let models = held(&warm, "final", "model_a");
    assert!(models.iter().all(|(_, m)| m == "start"), "{models:?}");
    let sha = robsim::report::sha256_hex(&std::fs::read(&start).unwrap());
    let (_, how) = load(&warm.join("round-1.toml")).unwrap();
    assert_eq!(how.start.as_deref(), start.to_str());
    assert_eq!(how.start_sha256, Some(sha));
    let (_, cold_how) = load(&start).unwrap();
    assert_eq!((cold_how.start, cold_how.start_sha256), (None, None));
}

/// Rows that differ only in a rule knob read apart: each held-out line names the knob's
/// value (here Robert's rhythm), in the terminal and in held_out.csv.
#[test]
fn learn_labels_rows_that_differ_in_a_knob() {
    let d = tmp("learn-knob-rows");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("rhythm.toml");
    let text = CFG
        .replace(
            "difficulty = [\"hard\", \"moderate\"]",
            "difficulty = \"hard\"\nrobert_skip = [0, 2]",
        )
        .replace("rounds = 2", "rounds = 1");
    std::fs::write(&cfg, text).unwrap();
    let out = d.join("out");
    let stdout = run_ok(&[
        "learn",
        cfg.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-q",
    ]);
    let csv = read(&out, "held_out.csv");
    for skip in ["robert_skip 0", "robert_skip 2"] {
        let label = format!("robert 3p hard, {skip}");
        assert!(stdout.contains(&label), "{label} in {stdout}");
        assert!(csv.contains(&label), "{label} in {csv}");
    }
}

#[test]
fn learned_and_rollout_over_learned_play_sweep_rows() {
    let d = tmp("learned-rows");
    std::fs::create_dir_all(&d).unwrap();
    let model = d.join("base.toml");
    std::fs::write(&model, base_only(LearnedBase::Team(TeamKnobs::default()))).unwrap();
    let cfg = d.join("rows.toml");
    std::fs::write(
        &cfg,
        format!(
            "name = \"rows\"\nseed = 3\ngames = 40\nsearch_games = 2\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"hard\"\npolicy = [\"team\", \"learned\", \"rollout-2\", \"rollout-2:team\"]\n[rollout]\nbase = \"learned\"\n[learned]\nmodel = {:?}\n",
            model.to_str().unwrap()
        ),
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    let summary = read(&out, "summary.csv");
    let mut r = csv::Reader::from_reader(summary.as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |n: &str| h.iter().position(|x| x == n).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let policies: Vec<&str> = rows.iter().map(|x| &x[col("player")]).collect();
    // A row's base shows in its label; `rollout-2:team` overrides `[rollout] base`.
    assert_eq!(
        policies,
        ["team", "learned", "rollout-2:learned", "rollout-2:team"]
    );
    // A model that keeps every choice of its base: the same games as team, and the search over
    // it the same games as the search over team.
    for c in ["wins", "turns_mean", "turns_median"] {
        assert_eq!(rows[0][col(c)], rows[1][col(c)], "{c}");
        assert_eq!(rows[2][col(c)], rows[3][col(c)], "{c}");
    }
    assert_eq!(&rows[2][col("games")], "2");
    // An unknown base is refused with the key and the allowed names, nothing written.
    let bad = d.join("bad.toml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(&cfg)
            .unwrap()
            .replace("rollout-2:team", "rollout-2:nobody"),
    )
    .unwrap();
    let never = d.join("never");
    let r = robsim()
        .args([
            "sweep",
            bad.to_str().unwrap(),
            "--out",
            never.to_str().unwrap(),
            "-q",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{err}");
    for w in ["grid.policy", "rollout-2:nobody", "rollout-N:BASE"] {
        assert!(err.contains(w), "{w:?} not in: {err}");
    }
    assert!(!never.exists());
}

/// Runs `robsim run` with the learned player of `model`; asserts exit 2, every `want` in the
/// error and no report folder.
fn refused_run(d: &Path, model: &Path, variant: &str, want: &[&str]) {
    let out = d.join("never");
    let r = robsim()
        .args([
            "run",
            "--variant",
            variant,
            "--policy",
            "learned",
            "--model",
            model.to_str().unwrap(),
            "--games",
            "5",
            "--out",
            out.to_str().unwrap(),
            "-q",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{want:?}: {err}");
    for w in want {
        assert!(err.contains(w), "{w:?} not in: {err}");
    }
    assert!(!out.exists(), "{want:?}: nothing is written");
}

#[test]
fn bad_model_files_name_the_file_and_key() {
    let d = tmp("learned-bad");
    std::fs::create_dir_all(&d).unwrap();
    let good = base_only(LearnedBase::Team(TeamKnobs::default()));
    let p = d.join("m.toml");
    let path = p.to_str().unwrap().to_string();
    let cases: Vec<(String, Vec<&str>)> = vec![
        ("this is [not toml".into(), vec![&path, "m.toml:1"]),
        (
            good.replace("format_version = 1", "format_version = 4"),
            vec![&path, ":3: format_version", "allowed: 1 to 3"],
        ),
        (
            good.replace("feature_version = 1", "feature_version = 99"),
            vec![&path, "feature_version", "train it again"],
        ),
        (
            good.replace("candidates = 4", "candidates = 9"),
            vec![&path, "candidates", "allowed: 2 to 8"],
        ),
        (
            good.replace("variant = \"robert\"", "variant = \"raiders\""),
            vec![&path, "variant", "allowed: robert, solitaire"],
        ),
        (
            good.replace("base = \"team\"", "base = \"greedy\""),
            vec![&path, "base", "allowed: team for robert"],
        ),
        (
            good.replacen("\nseed = 0\n", "\nseed = 0\ncolour = 1\n", 1),
            vec![&path, "colour"],
        ),
        (
            good.replace("[weights.flip]\n", "[weights.flip]\nbogus = 1.0\n"),
            vec![
                &path,
                "weights.flip.bogus: unknown feature",
                "allowed: is_base",
            ],
        ),
        (
            good.replace("[weights.build]\nis_base = 1.0\n", "[weights.build]\n"),
            vec![&path, "weights.build.is_base: missing"],
        ),
        (
            good.replace(
                "[weights.soldier]",
                "[weights.trade]\nis_base = 0.0\n[weights.soldier]",
            ),
            vec![&path, "weights.trade: unknown decision type"],
        ),
        (
            good.replace("spread_bonus = 1.5", "spread_bonus = 1.5\nnope = 2"),
            vec![&path, "nope"],
        ),
    ];
    for (text, want) in &cases {
        std::fs::write(&p, text).unwrap();
        let mut want = want.clone();
        want.push("learned.model");
        refused_run(&d, &p, "robert", &want);
    }
    refused_run(
        &d,
        &d.join("missing.toml"),
        "robert",
        &["learned.model", "cannot read model file", "missing.toml"],
    );
    // A model for another variant.
    let solo = d.join("solo.toml");
    std::fs::write(
        &solo,
        base_only(LearnedBase::Solitaire(SolitaireKnobs::default())),
    )
    .unwrap();
    refused_run(
        &d,
        &solo,
        "robert",
        &[
            "learned.model",
            "solo.toml is a model for variant \"solitaire\"",
        ],
    );
}

#[test]
fn bad_learned_and_learn_tables_name_the_key() {
    let d = tmp("learn-bad");
    std::fs::create_dir_all(&d).unwrap();
    let model = d.join("m.toml");
    std::fs::write(&model, base_only(LearnedBase::Team(TeamKnobs::default()))).unwrap();
    let m = model.to_str().unwrap();
    let learned = format!("[learned]\nmodel = {m:?}\n");
    let zero = d.join("zero.toml");
    std::fs::write(
        &zero,
        to_text(
            &LearnedModel::base_only(LearnedBase::Team(TeamKnobs::default()), 4),
            &Provenance::default(),
        )
        .unwrap(),
    )
    .unwrap();
    let zero = zero.to_str().unwrap();
    // A model of a newer feature version than the config asks for.
    let v2 = d.join("v2.toml");
    let mut newer = LearnedModel::base_only(LearnedBase::Team(TeamKnobs::default()), 4);
    newer.feature_version = 2;
    newer.weights[0][1] = 0.5;
    std::fs::write(&v2, to_text(&newer, &Provenance::default()).unwrap()).unwrap();
    let v2 = v2.to_str().unwrap();
    let solitaire = d.join("sol.toml");
    std::fs::write(
        &solitaire,
        base_only(LearnedBase::Solitaire(SolitaireKnobs::default())),
    )
    .unwrap();
    let solitaire = solitaire.to_str().unwrap();
    let knobs = d.join("knobs.toml");
    std::fs::write(
        &knobs,
        base_only(LearnedBase::Team(TeamKnobs {
            soldier_min_pips: 9,
            ..TeamKnobs::default()
        })),
    )
    .unwrap();
    let knobs = knobs.to_str().unwrap();
    let sweep = |extra: &str, policy: &str| {
        format!("name = \"x\"\nseed = 1\ngames = 5\n[grid]\nvariant = \"robert\"\npolicy = {policy:?}\n{extra}")
    };
    let learn = |k: &str| format!("{CFG}{k}\n");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "sweep",
            sweep("", "learned").replace("\"robert\"", "\"base\""),
            "grid.policy: policy \"learned\": variant \"base\" has no learned player (only robert and solitaire have learned players)",
        ),
        (
            "sweep",
            sweep(&format!("[learned]\nmodel = {zero:?}\n"), "learned"),
            "zero.toml: every weight is 0.0",
        ),
        (
            "sweep",
            sweep("[learned]\nmodel = \"m.toml\"\nextra = 1\n", "learned"),
            "unknown field `extra`",
        ),
        (
            "sweep",
            sweep("[rollout]\nbase = \"learned\"\n", "rollout-2").replace("\"robert\"", "\"base\""),
            "rollout.base: base \"learned\": variant \"base\" has no learned player (only robert and solitaire have learned players)",
        ),
        (
            "sweep",
            sweep(&learned, "learned").replace("\"robert\"", "\"base\""),
            "learned.model: ",
        ),
        (
            "sweep",
            sweep(&learned, "learned").replace("\"robert\"", "\"base\""),
            "only robert and solitaire have learned players",
        ),
        ("learn", sweep(&learned, "team"), "no [learn] table"),
        (
            "learn",
            learn("").replace("rounds = 2", "rounds = 0"),
            "learn.rounds: 0 is out of range",
        ),
        (
            "learn",
            learn("").replace("candidates = 3", "candidates = 9"),
            "learn.candidates: 9 is out of range",
        ),
        (
            "learn",
            learn("build_share = 2.0"),
            "learn.build_share: 2 is out of range",
        ),
        (
            "learn",
            learn("ridge = -1.0"),
            "learn.ridge: -1 is out of range",
        ),
        (
            "learn",
            learn("feature_version = 6"),
            "learn.feature_version: 6 is out of range; allowed: 1 to 5",
        ),
        ("learn", learn("colour = 1"), "unknown field `colour`"),
        (
            "learn",
            learn("fit = \"again\""),
            "learn.fit: \"again\" is not a way to fit; allowed: anew, on-start",
        ),
        (
            "learn",
            learn("update = \"strict\""),
            "learn.update: \"strict\" is not an update rule; allowed: gain, sure",
        ),
        (
            "learn",
            learn("fit = \"on-start\""),
            "learn.fit: \"on-start\" goes on from the start model, and there is none; allowed: \"anew\", or learn.start = a model file",
        ),
        (
            "learn",
            learn("horizon = 20\nhorizon_value = \"value\""),
            "learn.horizon_value: \"value\" is not a horizon value; allowed: progress, model",
        ),
        (
            "learn",
            learn("horizon_value = \"model\""),
            "learn.horizon_value: \"model\" scores futures cut at the horizon, and learn.horizon = 0 cuts none; allowed: \"progress\", or learn.horizon of 1 to 1000000",
        ),
        (
            "learn",
            learn("horizon = 20\nhorizon_value = \"model\"\n[rollout]\nprogress_weight = 0.5"),
            "learn.horizon_value: rollout.progress_weight = 0.5 but the value model scores futures as if it were 0.2",
        ),
        (
            "learn",
            learn("horizon = 20\nhorizon_value = \"model\"")
                .replace("\"robert\"", "\"solitaire\"")
                .replace("players = 3", "players = 1")
                .replace("difficulty = [\"hard\", \"moderate\"]\n", "")
                .replace("policy = \"team\"", "policy = \"solitaire\""),
            "learn.horizon_value: the value model scores Robert positions only; allowed: \"progress\" in variant \"solitaire\"",
        ),
        (
            "sweep",
            sweep(&format!("{learned}[[learned.rules]]\nwhen = {{ colour = 1 }}\nmodel = {m:?}\n"), "learned"),
            "learned.rules[0].when.colour: \"colour\" is not a rule knob of robert (the model's variant); allowed: start_cards, robert_target, city_weight",
        ),
        (
            "sweep",
            sweep(&format!("{learned}[[learned.rules]]\nwhen = {{ robert_skip = [2, 21] }}\nmodel = {m:?}\n"), "learned"),
            "learned.rules[0].when.robert_skip: 21 is not a value of robert_skip; allowed: whole numbers 0..=20",
        ),
        (
            "sweep",
            sweep(&format!("{learned}[[learned.rules]]\nwhen = {{ monopoly = \"steal\" }}\nmodel = {m:?}\n"), "learned"),
            "learned.rules[0].when.monopoly: \"steal\" is not a value of monopoly; allowed: flip-up, take",
        ),
        (
            "sweep",
            sweep(&format!("{learned}[[learned.rules]]\nwhen = {{}}\nmodel = {m:?}\n"), "learned"),
            "learned.rules[0].when: the table is empty",
        ),
        (
            "sweep",
            sweep(&format!("{learned}[[learned.rules]]\nwhen = {{ robert_skip = 2 }}\nmodel = \"nowhere.toml\"\n"), "learned"),
            "learned.rules[0].model: ",
        ),
        (
            "sweep",
            sweep(&format!("{learned}[[learned.rules]]\nwhen = {{ robert_skip = 2 }}\n"), "learned"),
            "missing field `model`",
        ),
        (
            "learn",
            learn(&format!("start = {solitaire:?}")),
            "learn.start: ",
        ),
        (
            "learn",
            learn(&format!("start = {solitaire:?}")),
            "sol.toml is a \"solitaire\" model and the rows are \"robert\"; allowed: a model of \"robert\"",
        ),
        (
            "learn",
            learn(&format!("start = {knobs:?}")).replace("candidates = 3", "candidates = 4"),
            "knobs.toml was learned over team with other knobs than this config's [team] table; allowed: a model whose base knobs (its [team] table) are the config's",
        ),
        (
            "learn",
            learn("rebase = true"),
            "learn.rebase: true rebases the start model, and there is none; allowed: false, or learn.start",
        ),
        (
            "learn",
            learn("").replace("rounds = 2", "rounds = 0"),
            "learn.rounds: 0 is out of range; allowed: 1 to 20",
        ),
        (
            "learn",
            learn(&format!("start = {m:?}")),
            "learn.start: ",
        ),
        (
            "learn",
            learn(&format!("start = {m:?}")),
            "m.toml scores 4 candidates per decision and learn.candidates is 3; allowed: learn.candidates = 4, a model of 3, or learn.rebase = true to score 3 with its weights",
        ),
        (
            "learn",
            learn(&format!("start = {v2:?}")).replace("candidates = 3", "candidates = 4"),
            "v2.toml reads feature_version 2 and learn.feature_version is 1; allowed: learn.feature_version = 2 or more, or a model of version 1 or less",
        ),
        (
            "learn",
            learn(&format!("start = {zero:?}")).replace("candidates = 3", "candidates = 4"),
            "learn.start: ",
        ),
        (
            "learn",
            learn("start = \"nowhere.toml\""),
            "learn.start: ",
        ),
        (
            "learn",
            learn("start = \"nowhere.toml\""),
            "nowhere.toml",
        ),
        (
            "learn",
            learn("").replace("policy = \"team\"", "policy = \"greedy\""),
            "grid.policy: policy \"greedy\"",
        ),
        (
            "learn",
            learn("")
                .replace("\"robert\"", "\"raiders\"")
                .replace("difficulty = [\"hard\", \"moderate\"]\n", ""),
            "grid.policy",
        ),
    ];
    for (cmd, text, want) in cases {
        let cfg = d.join("c.toml");
        std::fs::write(&cfg, &text).unwrap();
        let out = d.join("never");
        let r = robsim()
            .args([
                cmd,
                cfg.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "-q",
            ])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.status.code(), Some(2), "{want}: {err}");
        assert!(err.contains(want), "{want:?} not in: {err}");
        assert!(err.contains("c.toml"), "the config is named: {err}");
        assert!(!out.exists(), "{want}: nothing is written");
    }
}

/// `[[learned.rules]]`: a row whose rules match plays the rule model (`learned` and a search
/// over it), every other row the `[learned]` model, `learned:NAME` its own; the manifest records
/// the rule model with its rules; without `[learned]`, every row plays the built-in model but
/// where a soldier flips 3 or 4 tokens with 3 and 4 players, the built-in soldier model, at 3
/// players Impossible but for `robert_skip` 3 and a seven flipping 3 or 4, the built-in resting
/// model, and at the printed rules from Hard up the model before (`robsim calibrate` and `robsim ablate` rows too).
#[test]
fn learned_plays_the_rule_model_its_rules_match() {
    use robsim::catan::policy::PolicySpec;
    use robsim::config::learn::{builtin_model, builtin_rule_models};
    use robsim::config::Sweep;
    let d = tmp("learned-rules");
    std::fs::create_dir_all(&d).unwrap();
    let main = d.join("main.toml");
    std::fs::write(&main, base_only(LearnedBase::Team(TeamKnobs::default()))).unwrap();
    // A second model: weight 2 on `is_base` (the same play, another model).
    let mut r = LearnedModel::base_only(LearnedBase::Team(TeamKnobs::default()), 4);
    for w in &mut r.weights {
        w[0] = 2.0;
    }
    let rested = d.join("rested.toml");
    std::fs::write(&rested, to_text(&r, &Provenance::default()).unwrap()).unwrap();
    let (main_m, rest_m) = (load(&main).unwrap().0, load(&rested).unwrap().0);
    assert_ne!(main_m, rest_m);
    let grid = "name = \"x\"\nseed = 1\ngames = 5\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"hard\"\nrobert_skip = [0, 2, 4]\npolicy = [\"learned\", \"rollout-2:learned\", \"learned:mine\", \"team\"]\n";
    let tables = format!(
        "[learned]\nmodel = {:?}\n[[learned.rules]]\nwhen = {{ robert_skip = [2, 3], colour = 3 }}\nmodel = {:?}\n[models]\nmine = {:?}\n",
        main.to_str().unwrap(),
        rested.to_str().unwrap(),
        main.to_str().unwrap()
    );
    let s = Sweep::parse(&format!("{grid}{tables}"), "t.toml").unwrap_err();
    // `colour` is not a rule knob: refused with the knob list.
    assert!(
        format!("{s:#}").contains("learned.rules[0].when.colour: \"colour\" is not a rule knob"),
        "{s:#}"
    );
    let tables = tables.replace(", colour = 3", ", start_cards = [1]");
    // `players` is a `when` key beside the rule knobs; out of range, refused.
    let e = Sweep::parse(
        &format!(
            "{grid}{}",
            tables.replace("start_cards = [1]", "players = 7")
        ),
        "t.toml",
    )
    .unwrap_err();
    assert!(
        format!("{e:#}")
            .contains("learned.rules[0].when.players: 7 is not a value of players; allowed: whole numbers 1..=6"),
        "{e:#}"
    );
    let s = Sweep::parse(&format!("{grid}{tables}"), "t.toml").unwrap();
    let model_of = |p: &PolicySpec| *p.model().unwrap().0;
    let mut seen = 0;
    for row in &s.rows {
        let skip = row.rules.variant.robert().unwrap().robert_skip;
        match row.policy {
            PolicySpec::Team(_) => continue,
            p if p.label() == "learned:mine" => assert_eq!(model_of(&p), main_m),
            p => {
                let want = if skip == 2 { rest_m } else { main_m };
                assert_eq!(model_of(&p), want, "{} at robert_skip {skip}", p.label());
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 6);
    let rec: Vec<_> = s.models.iter().filter(|m| m.when.is_some()).collect();
    assert_eq!(rec.len(), 1, "{:?}", s.models);
    assert_eq!(rec[0].source, rested.to_str().unwrap());
    assert_eq!(
        rec[0].when.as_deref(),
        Some("robert_skip in [2, 3] and start_cards in [1]")
    );
    assert_eq!(rec[0].policies, ["learned", "rollout-2:learned"]);
    assert!(s.notes.is_empty(), "{:?}", s.notes);
    // A rule that matches no row is noted.
    let none = Sweep::parse(
        &format!("{grid}{}", tables.replace("[2, 3]", "[5]")),
        "t.toml",
    )
    .unwrap();
    assert!(
        none.notes
            .iter()
            .any(|n| n.contains("[[learned.rules]] entry 1") && n.contains("matches no row")),
        "{:?}",
        none.notes
    );
    // Without [learned]: the built-in model (the one that reads the rules) on every row off the
    // printed rules, but at 3 players Impossible, where the resting model plays unless Robert
    // rests on every third turn; at the printed rules from Hard up, the model before it ...
    let robert = builtin_model("robert").unwrap().model;
    let soldier = builtin_rule_models()[0].loaded.model;
    let resting = builtin_rule_models()[1].loaded.model;
    let before = builtin_rule_models()[2].loaded.model;
    assert!(robert != soldier && robert != resting && robert != before);
    for (players, levels) in [
        (2, "[\"impossible\", \"hard\"]"),
        (3, "[\"impossible\", \"hard\"]"),
        (4, "\"impossible\""),
    ] {
        let plain = Sweep::parse(
            &grid
                .replace(", \"learned:mine\"", "")
                .replace("players = 3", &format!("players = {players}"))
                .replace("robert_skip = [0, 2, 4]", "robert_skip = [0, 2, 3, 4]")
                .replace("difficulty = \"hard\"", &format!("difficulty = {levels}")),
            "t.toml",
        )
        .unwrap();
        let (mut n, mut rested, mut printed) = (0, 0, 0);
        for row in plain.rows.iter().filter(|r| r.policy.model().is_some()) {
            let o = row.rules.variant.robert().unwrap();
            let want = if players == 3 && o.start_cards == 0 && o.robert_skip != 3 {
                rested += 1;
                resting
            } else if o.robert_skip == 0 && o.start_cards > 0 {
                printed += 1;
                before
            } else {
                robert
            };
            assert_eq!(model_of(&row.policy), want, "{players} players, {o:?}");
            n += 1;
        }
        assert!(n >= 8, "{players} players: {n} learned rows");
        let rec: Vec<_> = plain.models.iter().filter(|m| m.when.is_some()).collect();
        let sources: Vec<&str> = rec.iter().map(|m| &m.source[24..]).collect();
        // 3 players: robert_skip 0, 2 and 4 at Impossible, Hard at the printed rules (learned and
        // its search each); 2: Hard at the printed rules; 4 players Impossible: the new model.
        let want: (u32, u32, &[&str]) = match players {
            3 => (6, 2, &["robert-resting.toml", "robert-wide.toml"]),
            2 => (0, 2, &["robert-wide.toml"]),
            _ => (0, 0, &[]),
        };
        assert_eq!((rested, printed, &sources[..]), want, "{:?}", plain.models);
        assert!(rec
            .iter()
            .all(|m| m.source.starts_with("built-in configs/models/")));
        if players == 3 {
            assert_eq!(
                rec[0].when.as_deref(),
                Some("players in [3] and start_cards in [0] and robert_skip in [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12] and seven_flips in 0..=2")
            );
        }
        if let Some(last) = rec.last().filter(|_| printed > 0) {
            let when = last.when.as_deref().unwrap();
            assert!(when.starts_with("players in 2..=4 and start_cards in 1..=3 and robert_target"));
        }
    }
    // ... but the soldier model where a soldier flips 3 or 4 tokens, with 3 and 4 players; with
    // 2, the built-in model. The manifest records the rule model and its rules.
    for players in [2, 3, 4] {
        let flips = Sweep::parse(
            &grid
                .replace(", \"learned:mine\"", "")
                .replace("players = 3", &format!("players = {players}"))
                .replace("robert_skip = [0, 2, 4]", "soldier_flips = [1, 2, 3, 4]"),
            "t.toml",
        )
        .unwrap();
        let mut got = Vec::new();
        for row in flips.rows.iter().filter(|r| r.policy.model().is_some()) {
            let f = row.rules.variant.robert().unwrap().soldier_flips;
            let want = [robert, robert, before, soldier, soldier][f as usize];
            let want = if players == 2 && f >= 3 { robert } else { want };
            assert_eq!(model_of(&row.policy), want, "{players} players, {f} flips");
            got.push(f);
        }
        assert_eq!(got, [1, 2, 3, 4, 1, 2, 3, 4], "{players} players");
        let rec: Vec<&str> = flips
            .models
            .iter()
            .filter_map(|m| m.when.as_deref())
            .collect();
        let soldier_when = "soldier_flips in [3, 4] and players in [3, 4]";
        assert_eq!(rec.len(), if players == 2 { 1 } else { 2 }, "{rec:?}");
        assert_eq!(rec.contains(&soldier_when), players > 2, "{rec:?}");
        assert!(rec
            .iter()
            .any(|w| w.starts_with("players in 2..=4 and start_cards in 1..=3")));
    }
    // calibrate along robert_skip and ablate: the printed rules' row plays the model before,
    // the others the one model; along soldier_flips, the values 3 and 4 play the soldier model.
    // Each value's model and whether the manifest records a rule model.
    let calibrated = |knob: &str, values: &str| {
        let cfg = format!("name = \"c\"\nseed = 1\ngames = 5\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"hard\"\npolicy = \"learned\"\n[calibrate]\nknob = \"{knob}\"\nvalues = {values}\ntargets = [0.5]\n");
        let sweep = Sweep::parse(&cfg, "c.toml").unwrap();
        let cal = robsim::config::calibrate::calibration(&sweep.file, "c.toml", None).unwrap();
        let models: Vec<LearnedModel> = cal.groups[0]
            .rows
            .iter()
            .map(|r| model_of(&r.policy))
            .collect();
        (models, cal.models.iter().any(|m| m.when.is_some()))
    };
    assert_eq!(
        calibrated("robert_skip", "[0, 2]"),
        (vec![before, robert], true)
    );
    assert_eq!(
        calibrated("soldier_flips", "[2, 4]"),
        (vec![before, soldier], true)
    );
    let abl = Sweep::parse(
        "name = \"a\"\nseed = 1\ngames = 5\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = \"moderate\"\n[ablate]\nplayers = [\"learned\"]\nknobs = [\"robert_skip\", \"soldier_flips\"]\n[ablate.values]\nrobert_skip = [2]\nsoldier_flips = [4]\n",
        "a.toml",
    )
    .unwrap();
    let got: Vec<(u8, u8, LearnedModel)> = abl
        .rows
        .iter()
        .map(|r| {
            let o = r.rules.variant.robert().unwrap();
            (o.robert_skip, o.soldier_flips, model_of(&r.policy))
        })
        .collect();
    assert_eq!(got, [(0, 2, before), (2, 2, robert), (0, 4, soldier)]);
}

/// `[learn] rebase` puts a start model's weights over the config's own knobs and candidates (a
/// start over other knobs is refused without it), and `rounds = 0` writes that model as it is.
#[test]
fn a_rebased_start_is_its_weights_over_the_configs_knobs() {
    let d = tmp("learn-rebase");
    std::fs::create_dir_all(&d).unwrap();
    let start = d.join("knobs.toml");
    let mut m = LearnedModel::base_only(
        LearnedBase::Team(TeamKnobs {
            soldier_min_pips: 9,
            ..TeamKnobs::default()
        }),
        5,
    );
    for (k, w) in m.weights.iter_mut().enumerate() {
        w[0] = 1.0;
        w[1] = 0.25 - 0.1 * k as f32;
    }
    std::fs::write(&start, to_text(&m, &Provenance::default()).unwrap()).unwrap();
    let cfg = d.join("rebase.toml");
    let knobs = TeamKnobs {
        help_margin: 1,
        ..TeamKnobs::default()
    };
    std::fs::write(
        &cfg,
        CFG.replace("rounds = 2", "rounds = 0")
            .replace("[learn]\n", "[team]\nhelp_margin = 1\n[learn]\n")
            + &format!("start = {:?}\nrebase = true\n", start.to_str().unwrap()),
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "learn",
        cfg.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "-q",
    ]);
    let (got, how) = load(&out.join("model.toml")).unwrap();
    assert_eq!(got.weights, m.weights, "the start's weights, unchanged");
    assert_eq!(got.nets, m.nets);
    assert_eq!(
        got.base,
        LearnedBase::Team(knobs),
        "over the config's knobs"
    );
    assert_eq!(
        got.candidates, 3,
        "the config's candidates, not the start's 5"
    );
    assert_eq!(how.rounds, 0);
    assert!(how.records.is_empty());
    assert_eq!(how.start.as_deref(), start.to_str());
}
