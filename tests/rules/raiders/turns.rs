//! Raiders turns: the seven without a robber, 13 VP on the own turn, the special building phase of 5-6 players, the count knobs.

use super::*;

// ---------------------------------------------------------------------------------------------
// The seven

#[test]
fn a_seven_halves_big_hands_then_the_roller_takes_a_card_without_a_robber() {
    let mut g = position(mini(), 4, Phase::PreRoll);
    give(&mut g, 1, [2, 2, 2, 2, 1]); // 9 cards
    give(&mut g, 2, [2, 2, 2, 1, 0]); // 7 cards
    g.s.players[2].discoveries = 30; // not cards
    let robber = g.s.robber;
    roll(&mut g, 3, 4);
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards[..4], [0, 4, 0, 0]);
    assert_eq!(g.actor(), PlayerId(1));
    while g.s.phase == Phase::Discard {
        let a = legal(&g)[0];
        step(&mut g, a);
    }
    assert_eq!(g.s.players[1].hand_size(), 5);
    assert_eq!(g.s.players[2].hand_size(), 7);
    assert_eq!(g.s.players[2].discoveries, 30);
    assert_eq!(g.s.phase, Phase::ChooseVictim);
    assert_eq!(
        legal(&g),
        vec![
            Action::StealFrom(PlayerId(1)),
            Action::StealFrom(PlayerId(2))
        ]
    );
    step(&mut g, Action::StealFrom(PlayerId(2)));
    assert_eq!(g.s.phase, Phase::Steal);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([2, 2, 2, 1, 0])));
    let log = chance(&mut g, ChanceOutcome::Resource(Resource::Grain));
    assert_eq!(
        log.0,
        vec![Event::Steal {
            thief: PlayerId(0),
            victim: PlayerId(2),
            resource: Resource::Grain
        }]
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 1, 0]);
    assert_eq!(g.s.players[2].hand, [2, 2, 2, 0, 0]);
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.robber, robber, "no robber");
    // Nobody else holding a card: straight on.
    let mut g = position(mini(), 4, Phase::PreRoll);
    let log = roll(&mut g, 3, 4);
    assert_eq!(g.s.phase, Phase::Main);
    assert!(!log.0.iter().any(|e| matches!(e, Event::Robber { .. })));
}

// ---------------------------------------------------------------------------------------------
// Winning, and the special building phase

/// Seat `p` at 12 VP: four cities and four VP cards, and a road from (0, 4) to the free
/// south coast corner.
fn twelve_vp(g: &mut Game, p: u8) {
    let b = mini();
    for c in [
        b.corner(0, -1, 0),
        b.corner(1, -1, 0),
        b.corner(-1, 0, 4),
        b.corner(1, 0, 2),
    ] {
        put_city(g, p, c);
    }
    give_dev(g, p, DevCard::VictoryPoint, 4);
    put_road(g, p, m::h5e3());
    fresh(g);
    assert_eq!(g.s.players[p as usize].vp, 12);
}

#[test]
fn thirteen_vp_win_on_the_players_own_turn() {
    let mut g = position(mini(), 4, Phase::Main);
    twelve_vp(&mut g, 0);
    assert!(!g.is_over(), "12 is not enough");
    give(&mut g, 0, SETTLEMENT_COST);
    let log = step(&mut g, Action::BuildSettlement(m::south()));
    assert_eq!(g.s.players[0].vp, 13);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::Winner(PlayerId(0)),
        turn: 1
    }));
}

#[test]
fn thirteen_vp_outside_the_own_turn_wins_when_it_starts() {
    let mut g = position(mini(), 4, Phase::Main);
    twelve_vp(&mut g, 1);
    give_dev(&mut g, 1, DevCard::VictoryPoint, 1);
    fresh(&mut g);
    assert_eq!(g.s.players[1].vp, 13);
    // Seat 0 plays on.
    put_settlement(&mut g, 0, mini().corner(0, 0, 2));
    give(&mut g, 0, ROAD_COST);
    step(&mut g, Action::BuildRoad(mini().edge(0, 0, 1)));
    assert!(!g.is_over());
    step(&mut g, Action::EndTurn);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(1))));
    assert_eq!(g.s.turn, 2);
}

#[test]
fn four_players_have_no_special_building_phase() {
    let mut g = position(mini(), 4, Phase::Main);
    step(&mut g, Action::EndTurn);
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!(g.s.current, 1);
}

#[test]
fn five_or_six_players_build_in_turn_after_each_turn() {
    let b = mini();
    for players in [5u8, 6] {
        let mut g = position(b, players, Phase::Main);
        put_settlement(&mut g, 1, m::south());
        put_ship(&mut g, 1, m::s1());
        set_raiders(&mut g, 20, &[4], &[]);
        give(&mut g, 1, [1, 1, 6, 1, 1]);
        give(&mut g, 2, [1, 0, 0, 0, 0]);
        give_dev(&mut g, 1, DevCard::Knight, 1);
        give_dev(&mut g, 1, DevCard::Monopoly, 1);
        step(&mut g, Action::EndTurn);
        assert_eq!(g.s.phase, Phase::SpecialBuild);
        assert_eq!(g.s.current, 1);
        assert_eq!(g.s.raiders.turn_owner, 0);
        assert_eq!(g.s.turn, 1, "still seat 0's turn");
        // Building and buying only: no trades, cards or ship moves.
        let offered = legal(&g);
        assert!(offered.contains(&Action::BuildRoad(m::h5e2())));
        assert!(offered.contains(&Action::BuildShip(m::s2())));
        assert!(offered.contains(&Action::BuyDev));
        assert!(offered.contains(&Action::EndTurn));
        assert!(offered.iter().all(|a| matches!(
            a,
            Action::BuildRoad(_) | Action::BuildShip(_) | Action::BuyDev | Action::EndTurn
        )));
        refused(&mut g, Action::PlayKnight);
        refused(
            &mut g,
            Action::BankTrade {
                give: Resource::Wool,
                get: Resource::Ore,
            },
        );
        refused(
            &mut g,
            Action::Trade {
                with: PlayerId(2),
                give: [0, 0, 1, 0, 0],
                get: [1, 0, 0, 0, 0],
            },
        );
        refused(
            &mut g,
            Action::MoveShip {
                from: m::s1(),
                to: m::h5e2(),
            },
        );
        step(&mut g, Action::BuildShip(m::s2()));
        assert_eq!(g.s.phase, Phase::SpecialBuild);
        assert_eq!(g.s.players[1].hand, [1, 0, 5, 1, 1]);
        step(&mut g, Action::BuyDev);
        chance(&mut g, ChanceOutcome::Card(DevCard::YearOfPlenty));
        assert_eq!(g.s.phase, Phase::SpecialBuild);
        assert_eq!(g.s.current, 1);
        // Then each other seat in order; seat 0 (whose turn it was) does not.
        for q in 2..players {
            step(&mut g, Action::EndTurn);
            assert_eq!((g.s.phase, g.s.current), (Phase::SpecialBuild, q));
        }
        let log = step(&mut g, Action::EndTurn);
        assert_eq!(g.s.phase, Phase::PreRoll);
        assert_eq!(g.s.current, 1);
        assert_eq!(g.s.turn, 2);
        assert_eq!(g.s.raiders.turn_owner, NO_PLAYER);
        assert_eq!(
            log.0,
            vec![Event::TurnStart {
                turn: 2,
                player: PlayerId(1)
            }]
        );
        // The card bought in the special building phase is playable in the own turn.
        assert_eq!(g.s.players[1].dev[DevCard::YearOfPlenty.idx()], 1);
    }
}

#[test]
fn thirteen_vp_in_the_special_building_phase_wins_at_the_own_turn() {
    let mut g = position(mini(), 5, Phase::Main);
    twelve_vp(&mut g, 2);
    give(&mut g, 2, SETTLEMENT_COST);
    step(&mut g, Action::EndTurn);
    step(&mut g, Action::EndTurn); // seat 1 passes
    assert_eq!(g.s.current, 2);
    step(&mut g, Action::BuildSettlement(m::south()));
    assert_eq!(g.s.players[2].vp, 13);
    assert_eq!(g.s.phase, Phase::PlaceRaider);
    for _ in 0..3 {
        step(&mut g, Action::PlaceRaider(m::d()));
    }
    assert_eq!(g.s.phase, Phase::SpecialBuild, "no win in another's turn");
    for _ in 0..3 {
        step(&mut g, Action::EndTurn); // seats 2, 3, 4
    }
    assert_eq!((g.s.phase, g.s.current), (Phase::PreRoll, 1));
    roll(&mut g, 6, 6);
    step(&mut g, Action::EndTurn);
    for _ in 0..4 {
        assert!(!g.is_over());
        step(&mut g, Action::EndTurn); // seats 2, 3, 4, 0
    }
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(2))));
    assert_eq!((g.s.turn, g.s.current), (3, 2));
}

#[test]
fn raider_pool_and_per_build_knobs_set_the_counts() {
    let b = mini();
    for (pool, per) in [(5u8, 1u8), (40, 4)] {
        let o = RaidersRules {
            raider_pool: Some(pool),
            raiders_per_build: Some(per),
            ..RaidersRules::default()
        };
        let g = game(b, 4, o);
        assert_eq!(g.s.raiders.pool, pool);
        let mut g = builder(4);
        g.rules.variant = Variant::Raiders(o);
        let spot = b.corner(0, 0, 0);
        set_raiders(&mut g, pool, &[], &[]);
        give(&mut g, 0, SETTLEMENT_COST);
        step(&mut g, Action::BuildSettlement(spot));
        assert_eq!(g.s.phase, Phase::PlaceRaider);
        assert_eq!(g.s.raiders.to_place, per, "pool {pool}, per build {per}");
    }
    // The pool caps what a build places.
    let o = RaidersRules {
        raider_pool: Some(1),
        raiders_per_build: Some(3),
        ..RaidersRules::default()
    };
    let mut g = builder(4);
    g.rules.variant = Variant::Raiders(o);
    set_raiders(&mut g, 1, &[], &[]);
    give(&mut g, 0, SETTLEMENT_COST);
    step(&mut g, Action::BuildSettlement(b.corner(0, 0, 0)));
    assert_eq!(g.s.raiders.to_place, 1);
}
