//! Re-checks the rules from JSON Lines traces alone: the checker (`check`) reads only the parsed
//! lines (board, events, snapshots), never robsim's state, and keeps its own books (`books`).

mod books;
mod check;
mod json;

use check::check;
use robsim::catan::mapfile::base_map;
use robsim::catan::policy::{Policy, RandomPolicy, SolitairePolicy};
use robsim::catan::sim::{self, GameRngs};
use robsim::catan::trace::{write_trace, TraceHeader};
use robsim::catan::*;
use serde_json::Value;

/// `variant` is a name, optionally followed by `/` and a modifier combination
/// (`solitaire/volcano+gold`).
fn rules_for(variant: &str, players: u8) -> Rules {
    let (name, mods) = variant.split_once('/').unwrap_or((variant, "none"));
    let m = Modifiers::parse(mods).unwrap();
    match name {
        "base" => Rules::base(players),
        "solitaire" => Rules::solitaire(SolitaireRules::default()),
        // Knights also move the robber; random play uses them.
        "solitaire-knights" => Rules::solitaire(SolitaireRules {
            knight_play: KnightPlay::MoveRobber,
            ..SolitaireRules::default()
        }),
        "robert" => Rules::robert(
            players,
            RobertRules {
                start_cards: 2,
                ..RobertRules::default()
            },
        ),
        _ => panic!("unknown variant {variant}"),
    }
    .with_modifiers(m)
}

/// Random play, except that Solitaire games use the solitaire policy (random play rarely wins
/// or builds enough for the volcano and gold to show); in `solitaire-knights` it buys a card
/// whenever it can and plays every knight, so that knights move the robber (to a random tile).
struct TestPolicy(bool, bool);

impl TestPolicy {
    fn for_variant(variant: &str) -> TestPolicy {
        TestPolicy(
            variant.starts_with("solitaire"),
            variant.starts_with("solitaire-knights"),
        )
    }
}

impl Policy<Game<'_>> for TestPolicy {
    fn choose(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        rng: &mut robsim::engine::seeds::Rng,
    ) -> Action {
        if self.1 {
            g.legal_actions(legal);
            for a in [Action::PlayKnight, Action::BuyDev] {
                if legal.contains(&a) {
                    return a;
                }
            }
            if g.s.phase == Phase::MoveRobber {
                return RandomPolicy.choose(g, legal, rng);
            }
        }
        if self.0 {
            SolitairePolicy::default().choose(g, legal, rng)
        } else {
            RandomPolicy.choose(g, legal, rng)
        }
    }
}

fn gen(variant: &str, players: u8, seed: u64, game: u64) -> (Vec<u8>, Outcome) {
    let topo = Topology::build(&base_map()).unwrap();
    let board = BoardKind::Random { red_apart: true };
    let layout = sim::layout_for(&topo, board, seed, game);
    let header = TraceHeader::new("random", board, "base", seed, game);
    let mut rngs = GameRngs::new(seed, game);
    let mut out = Vec::new();
    let o = write_trace(
        &mut out,
        &topo,
        layout,
        rules_for(variant, players),
        &mut TestPolicy::for_variant(variant),
        &header,
        &mut rngs,
    )
    .unwrap();
    (out, o)
}

/// The same game through `sim::play`: outcome and final turn.
fn play(variant: &str, players: u8, seed: u64, game: u64) -> (Outcome, u32) {
    let topo = Topology::build(&base_map()).unwrap();
    let layout = sim::layout_for(&topo, BoardKind::Random { red_apart: true }, seed, game);
    let mut g = Game::new(&topo, layout, rules_for(variant, players));
    let mut rngs = GameRngs::new(seed, game);
    let o = sim::play(
        &mut g,
        &mut TestPolicy::for_variant(variant),
        &mut rngs,
        &mut ActionList::new(),
        &mut (),
    );
    (o, g.s.turn)
}

// ---------------------------------------------------------------------------------------------

const CASES: &[(&str, u8, u64)] = &[
    ("base", 4, 1),
    ("base", 4, 2),
    ("base", 4, 3),
    ("robert", 3, 1),
    ("robert", 3, 2),
    ("robert", 3, 3),
    ("robert", 3, 4),
    ("solitaire", 1, 1),
    ("solitaire", 1, 2),
    ("solitaire/volcano+gold+tech_advancement", 1, 3),
    ("solitaire/volcano+gold+tech_advancement", 1, 4),
    ("solitaire-knights", 1, 5),
    ("solitaire-knights", 1, 6),
    ("base/volcano+gold+tech_advancement", 4, 5),
    ("robert/volcano+gold+tech_advancement", 3, 6),
];

#[test]
fn traces_recheck_from_the_lines_alone() {
    let mut ties = 0;
    let mut solo = (0, 0, 0);
    let mut knights = 0;
    let mut mods = (0, 0);
    for &(variant, players, seed) in CASES {
        let (t, outcome) = gen(variant, players, seed, 0);
        let sum = check(&t).unwrap_or_else(|e| panic!("{variant} seed {seed}: {e}"));
        eprintln!(
            "{variant} {players}p seed {seed}: {} bytes, {sum:?}",
            t.len()
        );
        assert!(
            sum.snapshots >= 2 && sum.produce > 0,
            "{variant} seed {seed}: {sum:?}"
        );
        let (o, turn) = play(variant, players, seed, 0);
        assert_eq!(
            o, outcome,
            "{variant} seed {seed}: trace and sim::play disagree"
        );
        assert_eq!(turn as i64, sum.turns, "{variant} seed {seed}");
        match o {
            Outcome::Winner(p) => assert_eq!(sum.winner, Some(p.0 as i64)),
            Outcome::TeamLoss => assert_eq!(sum.outcome, "team_loss"),
            Outcome::TeamWin => assert_eq!(sum.outcome, "team_win"),
            Outcome::Cap => assert_eq!(sum.outcome, "cap"),
        }
        if variant == "robert" {
            assert!(sum.flips > 0, "robert seed {seed}: no flips");
        }
        if variant.starts_with("solitaire") {
            knights += sum.knight_moves;
            solo.0 += sum.destructions;
            solo.1 += sum.cancels;
            solo.2 += sum.bonus;
        }
        if variant.contains("volcano") {
            mods.0 += sum.eruptions;
            mods.1 += sum.gold;
        }
        ties += sum.ties;
    }
    // The new checks ran.
    assert!(
        solo.0 > 0 && solo.1 > 0 && solo.2 > 0,
        "solitaire: {solo:?}"
    );
    assert!(mods.0 > 0 && mods.1 > 0, "modifiers: {mods:?}");
    assert!(
        knights > 0,
        "no Solitaire knight moved the robber: that check never ran"
    );
    assert!(
        ties > 0,
        "no Robert tie in the cases: the tie check never ran"
    );
}

#[test]
fn same_seed_same_bytes() {
    for &(variant, players, seed) in &CASES[..4] {
        let (a, _) = gen(variant, players, seed, 5);
        let (b, _) = gen(variant, players, seed, 5);
        assert!(a == b, "{variant} seed {seed}: traces differ");
        let (c, _) = gen(variant, players, seed + 100, 5);
        assert!(a != c, "{variant}: different seeds gave the same trace");
    }
}

/// Removes the first line for which `pick` holds.
fn without(t: &[u8], pick: impl Fn(&Value) -> bool) -> Vec<u8> {
    let s = std::str::from_utf8(t).unwrap();
    let mut out = String::new();
    let mut done = false;
    for l in s.lines() {
        if !done && pick(&serde_json::from_str(l).unwrap()) {
            done = true;
            continue;
        }
        out.push_str(l);
        out.push('\n');
    }
    assert!(done, "nothing to remove");
    out.into_bytes()
}

fn is(t: &str) -> impl Fn(&Value) -> bool + '_ {
    move |v| v["type"] == t
}

#[test]
fn the_checker_catches_tampering() {
    let (base, _) = gen("base", 4, 1, 0);
    check(&base).unwrap();
    for (what, bad) in [
        ("a produce line", without(&base, is("produce"))),
        (
            "a build line",
            without(&base, |v| v["type"] == "build" && v["free"] == false),
        ),
        ("the board", without(&base, is("board"))),
        ("a steal", without(&base, is("steal"))),
        ("a discard", without(&base, is("discard"))),
        ("the game over", without(&base, is("game_over"))),
    ] {
        assert!(check(&bad).is_err(), "removing {what} went unnoticed");
    }
    let s = String::from_utf8(base.clone()).unwrap();
    let bank_bumped = s.replacen("\"bank\":[", "\"bank\":[1", 2);
    assert!(
        check(bank_bumped.as_bytes()).is_err(),
        "a changed bank went unnoticed"
    );
    let odd_dice = s.replacen("\"total\":", "\"total\":1", 1);
    assert!(
        check(odd_dice.as_bytes()).is_err(),
        "bad dice went unnoticed"
    );
    assert!(check(b"{\"type\":\"nonsense\"}\n").is_err());

    let (rob, _) = gen("robert", 3, 1, 0);
    check(&rob).unwrap();
    let bad = without(&rob, |v| v["type"] == "flip" && v["face"] == "down");
    assert!(check(&bad).is_err(), "a lost flip went unnoticed");

    // Solitaire and the modifiers: every new event is load-bearing.
    let (solo, _) = gen("solitaire/volcano+gold+tech_advancement", 1, 3, 0);
    check(&solo).unwrap();
    for (what, bad) in [
        (
            "a destruction",
            without(&solo, |v| {
                v["type"] == "destruction" && v["destroyed"] == true
            }),
        ),
        ("a bonus", without(&solo, is("bonus"))),
        ("a robber move", without(&solo, is("solo_robber"))),
        ("a knight cancel", without(&solo, is("seven_cancelled"))),
    ] {
        assert!(check(&bad).is_err(), "removing {what} went unnoticed");
    }
    let (modded, _) = gen("base/volcano+gold+tech_advancement", 4, 5, 0);
    check(&modded).unwrap();
    for (what, bad) in [
        ("an eruption's removal", without(&modded, is("removed"))),
        ("an eruption", without(&modded, is("eruption"))),
        ("a gold find", without(&modded, is("gold"))),
        ("a tech advancement", without(&modded, is("bonus"))),
    ] {
        assert!(check(&bad).is_err(), "removing {what} went unnoticed");
    }
}

#[test]
fn a_capped_game_ends_with_its_own_outcome() {
    let topo = Topology::build(&base_map()).unwrap();
    let layout = Layout::fixed(&topo);
    let rules = Rules {
        turn_cap: 30,
        ..Rules::base(4)
    };
    let header = TraceHeader::new("random", BoardKind::Fixed, "base", 9, 0);
    let mut out = Vec::new();
    let o = write_trace(
        &mut out,
        &topo,
        layout,
        rules,
        &mut RandomPolicy,
        &header,
        &mut GameRngs::new(9, 0),
    )
    .unwrap();
    assert_eq!(o, Outcome::Cap);
    let sum = check(&out).unwrap();
    assert_eq!((sum.outcome.as_str(), sum.turns), ("cap", 30));
}
