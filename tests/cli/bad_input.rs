//! Bad input on the command line or in a config: exit code 2, a message naming the flag or key,
//! and no report folder.

use crate::support::cli::{robsim, tmp};

/// Each bad input: exit code 2, a message naming the flag or key, and no report folder.
#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let d = tmp("bad");
    let out = d.join("never");
    let counter = std::cell::Cell::new(0);
    let cfg = |body: &str| {
        std::fs::create_dir_all(&d).unwrap();
        counter.set(counter.get() + 1);
        let p = d.join(format!("c{}.toml", counter.get()));
        std::fs::write(&p, body).unwrap();
        p.to_str().unwrap().to_string()
    };
    let base = "name = \"x\"\nseed = 1\ngames = 10\n";
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["run".into(), "--games".into(), "0".into()], "--games"),
        (vec!["run".into(), "--games".into(), "-5".into()], "--games"),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--players".into(),
                "9".into(),
            ],
            "--players",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--players".into(),
                "0".into(),
            ],
            "--players",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--variant".into(),
                "chess".into(),
            ],
            "--variant",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--policy".into(),
                "smart".into(),
            ],
            "--policy",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--board".into(),
                "round".into(),
            ],
            "--board",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--difficulty".into(),
                "trivial".into(),
            ],
            "--difficulty",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--map".into(),
                "/nonexistent/map.toml".into(),
            ],
            "map",
        ),
        (
            vec!["sweep".into(), "/nonexistent/config.toml".into()],
            "config file",
        ),
        (
            vec!["sweep".into(), cfg(&format!("{base}colour = 1\n"))],
            "colour",
        ),
        (
            vec!["sweep".into(), cfg("name = \"x\"\nseed = 1\n")],
            "games",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nplayers = [9]\n")),
            ],
            "grid.players",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nplayers = []\n")),
            ],
            "grid.players",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\ndifficulty = \"nightmare\"\n")),
            ],
            "grid.difficulty",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nstart_cards = [-1]\n")),
            ],
            "grid.start_cards",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nvariant = \"pirates\"\n")),
            ],
            "grid.variant",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\npolicy = \"smart\"\n")),
            ],
            "grid.policy",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\npolicy = \"rollout-0\"\n")),
            ],
            "grid.policy",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[rollout]\nmax_candidates = 1\n")),
            ],
            "rollout.max_candidates",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[team]\nsetup_temperature = -1\n")),
            ],
            "team.setup_temperature",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--setup-temperature".into(),
                "-2".into(),
            ],
            "--setup-temperature",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[rollout]\nbase = \"smart\"\n")),
            ],
            "base",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nvariant = \"raiders\"\npolicy = \"rollout\"\n[rollout]\nbase = \"team\"\n")),
            ],
            "grid.policy",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nrobert_target = \"anywhere\"\n")),
            ],
            "grid.robert_target",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\ncity_weight = 3\n")),
            ],
            "grid.city_weight",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[grid]\nplayers = \"four\"\n")),
            ],
            "players",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}[rules]\nturn_cap = 0\n")),
            ],
            "rules.turn_cap",
        ),
        (
            vec!["sweep".into(), cfg("name = \"x\"\nseed = 1\ngames = -3\n")],
            "games",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!("{base}map = \"/nonexistent.toml\"\n")),
            ],
            "map",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!(
                    "{base}[grid]\nvariant = \"solitaire\"\nplayers = 4\n"
                )),
            ],
            "grid.players",
        ),
        (
            vec![
                "sweep".into(),
                cfg(&format!(
                    "{base}[grid]\nmodifiers = [\"none\", \"volcano+lava\"]\n"
                )),
            ],
            "grid.modifiers",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--variant".into(),
                "solitaire".into(),
                "--players".into(),
                "3".into(),
            ],
            "grid.players",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--modifiers".into(),
                "gold+gold".into(),
            ],
            "grid.modifiers",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--variant".into(),
                "raiders".into(),
                "--players".into(),
                "6".into(),
                "--map".into(),
                concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/raiders-mini.toml").into(),
            ],
            "too small for 6 players",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--variant".into(),
                "raiders".into(),
                "--map".into(),
                concat!(env!("CARGO_MANIFEST_DIR"), "/configs/maps/base.toml").into(),
            ],
            "needs raider deserts",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--variant".into(),
                "raiders".into(),
                "--board".into(),
                "random".into(),
            ],
            "grid.board",
        ),
        (
            vec![
                "run".into(),
                "--games".into(),
                "5".into(),
                "--variant".into(),
                "raiders".into(),
                "--players".into(),
                "2".into(),
            ],
            "grid.players",
        ),
    ];
    for (args, needle) in &cases {
        let mut full = args.clone();
        full.extend([
            "--out".into(),
            out.to_str().unwrap().into(),
            "--quiet".into(),
        ]);
        let o = robsim().args(&full).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{args:?}: exit {:?}, stderr {err}",
            o.status.code()
        );
        assert!(
            err.contains(needle),
            "{args:?}: message does not name {needle:?}: {err}"
        );
        assert!(!out.exists(), "{args:?} wrote {}", out.display());
    }
    let _ = std::fs::remove_dir_all(&d);
}
