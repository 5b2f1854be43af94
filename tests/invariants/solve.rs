//! The search player on constructed positions whose best action is known: it finds the win its base policy misses.

use crate::support::*;
use robsim::catan::policy::{RolloutKnobs, RolloutPolicy, SearchMode, TeamKnobs, TeamPolicy};
use robsim::catan::*;
use robsim::engine::play::Policy;
use robsim::engine::seeds::{rng, Stream};

fn c(i: u8) -> CornerId {
    CornerId(i)
}

/// Robert, 3 players, the last turn before the cap: seats 0 and 1 at 10 VP, seat 2 (to play,
/// main phase) at 9 with one settlement (corner 11) and ore 3, grain 2, wool 1: a city on 11
/// wins now; a development card (the team script's first pick: `dev_card_priority` 0) leaves too
/// little for the city, and the game then ends at the cap unless the card is a victory point.
fn one_build_wins() -> Game<'static> {
    let mut g = robert_game(
        3,
        RobertRules {
            start_cards: 0,
            ..RobertRules::default()
        },
    );
    two_seats_at_ten(&mut g);
    put_settlement(&mut g, 2, c(11));
    give_dev(&mut g, 2, DevCard::VictoryPoint, 2);
    assert_eq!([0, 1, 2].map(|p| g.s.players[p].vp), [10, 10, 9]);
    at_turn(&mut g, 2, Phase::Main);
    g.rules.turn_cap = g.s.turn;
    give(&mut g, 2, [0, 0, 1, 2, 3]);
    g.check_invariants().unwrap();
    g
}

fn search_choice(knobs: RolloutKnobs, g: &Game) -> Action {
    let mut p = RolloutPolicy::new(knobs, TeamKnobs::default());
    let mut buf = ActionList::new();
    p.choose(g, &mut buf, &mut rng(5, 0, Stream::POLICY))
}

#[test]
fn the_position_is_what_it_says() {
    let g = one_build_wins();
    let mut won = g.clone();
    act(&mut won, Action::BuildCity(c(11)));
    assert_eq!(won.s.phase, Phase::Over(Outcome::TeamWin));
    // The base policy alone misses it: it buys a card first, then cannot build the city.
    let mut team = TeamPolicy::new(TeamKnobs::default());
    let mut buf = ActionList::new();
    let a0 = team.choose(&g, &mut buf, &mut rng(5, 0, Stream::POLICY));
    assert_eq!(a0, Action::BuyDev);
    let mut after = g.clone();
    act(&mut after, Action::BuyDev);
    assert!(!legal(&after).contains(&Action::BuildCity(c(11))));
    let mut ended = g.clone();
    act(&mut ended, Action::EndTurn);
    assert_eq!(ended.s.phase, Phase::Over(Outcome::Cap));
}

#[test]
fn racing_finds_the_winning_build_at_a_small_budget() {
    let g = one_build_wins();
    for rollouts in [4, 8] {
        let knobs = RolloutKnobs {
            rollouts,
            ..Default::default()
        };
        assert_eq!(
            search_choice(knobs, &g),
            Action::BuildCity(c(11)),
            "rollout-{rollouts}"
        );
    }
}

#[test]
fn sequential_halving_finds_the_winning_build_at_a_small_budget() {
    let g = one_build_wins();
    for simulations in [8, 16] {
        let knobs = RolloutKnobs {
            search: SearchMode::Halving,
            simulations,
            ..Default::default()
        };
        assert_eq!(
            search_choice(knobs, &g),
            Action::BuildCity(c(11)),
            "halving-{simulations}"
        );
    }
}
