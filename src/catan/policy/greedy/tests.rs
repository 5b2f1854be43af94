//! Greedy policy tests: its build choice and whole games of each variant it plays.

use super::*;
use crate::catan::policy::testkit::{after_setup, base_game, run_checked};

#[test]
fn prefers_a_city_when_affordable() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut g = base_game(&topo);
    after_setup(&mut g);
    g.apply(Action::Roll, &mut ());
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    // Give seat 0 a city and a settlement's worth, taken from the bank.
    let p = g.s.current as usize;
    let hand = [1, 1, 1, 3, 3];
    for r in 0..5 {
        g.s.bank[r] += g.s.players[p].hand[r];
        g.s.bank[r] -= hand[r];
    }
    g.s.players[p].hand = hand;
    let mut pol = GreedyPolicy::default();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 2, crate::engine::seeds::Stream::POLICY);
    let a = pol.choose(&g, &mut buf, &mut rng);
    assert!(matches!(a, Action::BuildCity(_)), "chose {a:?}");
    g.try_apply(a, &mut ()).unwrap();
}

#[test]
fn base_games_end_without_panic() {
    let (outs, turns) = run_checked(Rules::base(4), 200, GreedyPolicy::default);
    let caps = outs.iter().filter(|o| **o == Outcome::Cap).count();
    assert!(caps <= 2, "{caps} cap-outs");
    assert!(turns / 200 < 600, "{} turns per game", turns / 200);
}

#[test]
fn robert_games_end_without_panic() {
    let rr = RobertRules {
        start_cards: 2,
        ..Default::default()
    };
    let (outs, _) = run_checked(Rules::robert(4, rr), 200, GreedyPolicy::default);
    assert!(outs.iter().all(|o| *o != Outcome::Cap));
}
