//! Property-based fuzzing (proptest): the config and map parsers never panic on any input and
//! either refuse it with a located message or accept something usable; random action sequences
//! against the rules keep every invariant, and refused actions leave the state untouched.
//!
//! CI runs a bounded budget (the case counts below); `PROPTEST_CASES=N` raises it locally.

use proptest::prelude::*;
use rand::SeedableRng;
use robsim::catan::lab::soak::{arbitrary_action, soak_game, soak_rules, SoakMaps, SoakReport};
use robsim::catan::mapfile::parse_map;
use robsim::catan::*;
use robsim::config::Sweep;

fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A TOML value for a config key: mostly plausible, sometimes of the wrong type or range.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        (-3i64..12).prop_map(|v| v.to_string()),
        prop::sample::select(vec![
            "\"robert\"",
            "\"base\"",
            "\"solitaire\"",
            "\"chess\"",
            "\"team\"",
            "\"greedy\"",
            "\"random\"",
            "\"solitaire\"",
            "\"fixed\"",
            "\"easy\"",
            "\"hard\"",
            "\"adjacent\"",
            "\"global\"",
            "\"volcano+gold\"",
            "\"none\"",
            "\"lava\"",
            "true",
            "false",
            "[]",
            "1.5",
            "\"\"",
        ])
        .prop_map(str::to_string),
        prop::collection::vec(-1i64..6, 0..4).prop_map(|v| format!("{v:?}")),
    ]
}

fn key() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "variant",
        "players",
        "policy",
        "board",
        "difficulty",
        "start_cards",
        "robert_target",
        "city_weight",
        "awards",
        "modifiers",
        "colour",
    ])
}

fn config_text() -> impl Strategy<Value = String> {
    (
        -2i64..50,
        prop::collection::vec((key(), value()), 0..6),
        -1i64..10,
    )
        .prop_map(|(games, grid, cap)| {
            let mut t = format!("name = \"fuzz\"\nseed = 3\ngames = {games}\n[grid]\n");
            for (k, v) in grid {
                t.push_str(&format!("{k} = {v}\n"));
            }
            t.push_str(&format!("[rules]\nturn_cap = {cap}\n"));
            t
        })
}

fn hex_line() -> impl Strategy<Value = String> {
    (
        -3i8..4,
        -3i8..4,
        prop::sample::select(vec![
            "hills",
            "forest",
            "pasture",
            "fields",
            "mountains",
            "desert",
            "sea",
            "lava",
        ]),
        prop::option::of(0u8..14),
    )
        .prop_map(|(q, r, t, tok)| match tok {
            Some(k) => format!("  {{ q = {q}, r = {r}, terrain = \"{t}\", token = {k} }},\n"),
            None => format!("  {{ q = {q}, r = {r}, terrain = \"{t}\" }},\n"),
        })
}

fn map_text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(hex_line(), 0..24),
        prop::collection::vec((-3i8..4, -3i8..4, 0u8..7, 0usize..3), 0..4),
        prop::option::of((-3i8..4, -3i8..4)),
    )
        .prop_map(|(hexes, harbors, robber)| {
            let mut t = String::from("name = \"fuzz\"\nhexes = [\n");
            for h in hexes {
                t.push_str(&h);
            }
            t.push_str("]\n");
            for (q, r, side, k) in harbors {
                let kind = ["3:1", "ore", "gold"][k];
                t.push_str(&format!(
                    "[[harbors]]\nq = {q}\nr = {r}\nside = {side}\nkind = \"{kind}\"\n"
                ));
            }
            if let Some((q, r)) = robber {
                t = t.replacen("hexes = [", &format!("robber = [{q}, {r}]\nhexes = ["), 1);
            }
            t
        })
}

/// A refusal names the file with a line (`fuzz.toml:N:`) or, for a missing key, the file.
fn located(msg: &str, origin: &str) -> bool {
    msg.lines().count() == 1 && msg.contains(origin)
}

proptest! {
    #![proptest_config(cases(1024))]

    #[test]
    fn config_parser_never_panics_on_any_text(text in ".{0,200}") {
        let _ = Sweep::parse(&text, "fuzz.toml");
    }

    #[test]
    fn config_parser_accepts_or_locates(text in config_text()) {
        match Sweep::parse(&text, "fuzz.toml") {
            Ok(s) => {
                prop_assert!(!s.rows.is_empty());
                prop_assert!(s.games >= 1);
            }
            Err(e) => {
                let msg = format!("{e:#}");
                prop_assert!(located(&msg, "fuzz.toml"), "{}", msg);
            }
        }
    }

    #[test]
    fn map_parser_never_panics_on_any_text(text in ".{0,200}") {
        let _ = parse_map(&text, "fuzz.map");
    }

    #[test]
    fn map_parser_accepts_playable_maps_or_locates(text in map_text()) {
        match parse_map(&text, "fuzz.map") {
            Ok(spec) => {
                // Anything accepted builds and plays a few steps with the invariants holding.
                let t = Topology::build(&spec).expect("accepted maps build");
                let mut g = Game::new(&t, Layout::fixed(&t), Rules::base(2));
                let mut buf = ActionList::new();
                for _ in 0..20 {
                    if g.chance().is_some() || g.s.outcome().is_some() {
                        break;
                    }
                    buf.clear();
                    g.legal_actions(&mut buf);
                    let Some(&a) = buf.first() else { break };
                    g.apply(a, &mut ());
                    prop_assert!(g.check_invariants().is_ok());
                }
            }
            Err(e) => {
                let msg = format!("{e:#}");
                prop_assert!(located(&msg, "fuzz.map:"), "{}", msg);
            }
        }
    }
}

/// The shipped maps, built once per test binary.
fn maps() -> &'static SoakMaps {
    static M: std::sync::OnceLock<SoakMaps> = std::sync::OnceLock::new();
    M.get_or_init(SoakMaps::shipped)
}

proptest! {
    #![proptest_config(cases(400))]

    /// Whole random games (every variant, option and modifier across the cases) with
    /// arbitrary actions thrown in before every step: no panic, no invariant broken, every
    /// refusal leaves the state as it was.
    #[test]
    fn random_action_sequences_keep_the_invariants(seed in any::<u64>(), game in 0u64..100_000) {
        let mut buf = ActionList::new();
        let mut rep = SoakReport::default();
        soak_game(maps(), seed, game, &mut buf, &mut rep);
        prop_assert_eq!(rep.violations, 0, "{:?}", rep.first_violations);
        prop_assert!(rep.refused > 0);
    }

    /// Carcassonne the same way: whole games under every robber option (random and greedy),
    /// arbitrary decisions before every step, `Game::check` after every step.
    #[test]
    fn carcassonne_soak_games_keep_the_invariants(seed in any::<u64>(), j in 0u64..100_000) {
        let tiles = robsim::carcassonne::experiment::base_tiles();
        let mut g = robsim::carcassonne::Game::new(tiles, robsim::carcassonne::Rules::base(2));
        let mut buf = robsim::carcassonne::policy::CarcActions::new();
        let mut rep = SoakReport::default();
        robsim::carcassonne::soak::soak_game(&mut g, seed, j * 5 + 4, j, &mut buf, &mut rep);
        prop_assert_eq!(rep.violations, 0, "{:?}", rep.first_violations);
        prop_assert_eq!(rep.games_of(robsim::carcassonne::soak::FAMILY), 1);
        prop_assert!(rep.refused > 0);
        prop_assert!(g.is_over());
    }

    /// From random positions reached mid-game, a burst of arbitrary actions: refused ones change
    /// nothing, accepted ones keep the invariants.
    #[test]
    fn arbitrary_actions_from_random_positions(seed in any::<u64>(), game in 0u64..10_000, steps in 0usize..400) {
        let (rules, board) = soak_rules(game);
        let t = maps().topo_for(&rules);
        let mut g = Game::new(t, robsim::catan::sim::layout_for(t, board, seed, game), rules);
        let mut rngs = robsim::catan::sim::GameRngs::new(seed, game);
        let mut buf = ActionList::new();
        if steps > 0 {
            // The engine's loop, stopped after `steps` steps (or at the end).
            let mut obs = crate::support::Stepwise::new((), |_: &Game, _: &crate::support::Step, _: &mut ()| {}).limit(steps as u64);
            robsim::engine::play::play(&mut g, &mut robsim::catan::policy::RandomPolicy, &mut rngs, &mut buf, &mut obs);
        }
        let mut wild = robsim::engine::seeds::Rng::seed_from_u64(seed);
        for _ in 0..200 {
            let a = arbitrary_action(t, &mut wild);
            let before = g.s;
            match g.try_apply(a, &mut ()) {
                Ok(()) => prop_assert!(g.check_invariants().is_ok(), "after {:?}", a),
                Err(_) => prop_assert_eq!(g.s, before, "refused {:?} changed the state", a),
            }
        }
    }
}

/// The whole soak (Catan and Carcassonne games) reports the same on 1 and 2 threads (300 games:
/// two chunks of the runner), plays every fifth game as Carcassonne, and finds nothing.
#[test]
fn soak_is_the_same_on_any_number_of_threads() {
    let run = |threads| {
        robsim::engine::runner::with_threads(threads, || robsim::games::soak(11, 300)).unwrap()
    };
    let (a, b) = (run(1), run(2));
    assert_eq!(
        (a.games, a.games_of("Catan"), a.games_of("Carcassonne")),
        (300, 240, 60)
    );
    assert_eq!(a.families.len(), 2, "{:?}", a.families);
    assert_eq!((a.steps, a.refused), (b.steps, b.refused));
    assert_eq!(a.violations, 0, "{:?}", a.first_violations);
    assert_eq!(b.violations, 0);
}

/// The soak's checker catches a broken invariant at the first step and halts the game: a VP
/// from nowhere (Catan), a point not on the scoreboard (Carcassonne).
#[test]
fn the_soak_checker_reports_a_broken_invariant() {
    use robsim::engine::seeds::Rng;
    use robsim::engine::soak::soak_play;
    let rules = Rules::robert(3, RobertRules::default());
    let t = maps().topo_for(&rules);
    let layout = robsim::catan::sim::layout_for(t, BoardKind::Fixed, 1, 0);
    let mut g = Game::new(t, layout, rules);
    g.s.players[2].vp += 1;
    let mut rep = SoakReport::default();
    let (steps, halted) = soak_play(
        &mut g,
        &mut robsim::catan::policy::RandomPolicy,
        &mut robsim::catan::sim::GameRngs::new(1, 0),
        &mut ActionList::new(),
        (Rng::seed_from_u64(1), ("", 0)),
        &mut rep,
    );
    assert!(halted);
    assert_eq!((steps, rep.violations), (1, 1));
    assert!(
        rep.first_violations[0].starts_with("game 0 step 1:")
            && rep.first_violations[0].contains("seat 2: running VP 1"),
        "{:?}",
        rep.first_violations
    );

    let tiles = robsim::carcassonne::experiment::base_tiles();
    let mut g = robsim::carcassonne::Game::new(tiles, robsim::carcassonne::Rules::robbers(3));
    g.score[1] += 1;
    let mut rep = SoakReport::default();
    let (_, halted) = soak_play(
        &mut g,
        &mut robsim::carcassonne::players::CarcPolicySpec::Random.player(),
        &mut robsim::carcassonne::sim::CarcRngs::new(1, 4),
        &mut robsim::carcassonne::policy::CarcActions::new(),
        (Rng::seed_from_u64(1), ("carcassonne ", 4)),
        &mut rep,
    );
    assert!(halted);
    assert_eq!(rep.violations, 1);
    assert!(
        rep.first_violations[0].starts_with("carcassonne game 4 step 1:")
            && rep.first_violations[0].contains("player 1: score 1"),
        "{:?}",
        rep.first_violations
    );
}
