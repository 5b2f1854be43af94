//! Base victory and refusals: ten VP on the own turn, illegal actions refused without a change.

use super::*;

// ---------------------------------------------------------------- victory and refusals

#[test]
fn victory_at_ten_on_the_own_turn() {
    let mut g = base_game(2);
    for k in [c(0), c(7), c(13)] {
        put_city(&mut g, 0, k);
    }
    put_settlement(&mut g, 0, c(23));
    put_settlement(&mut g, 0, c(29));
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    assert_eq!(g.s.players[0].vp, 9);
    put_settlement(&mut g, 1, c(47));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, CITY_COST);
    give(&mut g, 0, [4, 0, 0, 0, 0]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Lumber,
        },
    );
    assert!(!g.is_over());
    let mut log = Log::default();
    g.try_apply(Action::BuildCity(c(23)), &mut log).unwrap();
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
    assert_eq!(g.s.players[0].vp, 10);
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::Winner(PlayerId(0)),
        turn: 1
    }));
    assert!(legal(&g).is_empty());
    refused(&mut g, Action::EndTurn);
}

#[test]
fn ten_points_off_turn_win_only_when_that_turn_starts() {
    let mut g = base_game(2);
    for k in [c(0), c(7), c(13), c(23)] {
        put_city(&mut g, 1, k);
    }
    put_settlement(&mut g, 1, c(29));
    put_settlement(&mut g, 1, c(41));
    assert_eq!(g.s.players[1].vp, 10);
    put_settlement(&mut g, 0, c(47));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, [4, 0, 0, 0, 0]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Lumber,
        },
    );
    assert!(!g.is_over());
    act(&mut g, Action::EndTurn);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(1))));
}

#[test]
fn buying_the_tenth_point_wins_at_once() {
    let mut g = base_game(2);
    for k in [c(0), c(7), c(13), c(23)] {
        put_city(&mut g, 0, k);
    }
    put_settlement(&mut g, 0, c(29));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, DEV_COST);
    act(&mut g, Action::BuyDev);
    g.apply_chance(ChanceOutcome::Card(DevCard::VictoryPoint), &mut ());
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
}

#[test]
fn try_apply_refuses_illegal_actions_and_changes_nothing() {
    let mut g = base_game(3);
    // Set-up: wrong kinds of action.
    refused(&mut g, Action::Roll);
    refused(&mut g, Action::BuildRoad(EdgeId(0)));
    refused(&mut g, Action::BuildCity(c(0)));
    act(&mut g, Action::BuildSettlement(c(19)));
    refused(&mut g, Action::BuildSettlement(c(38)));
    refused(&mut g, Action::EndTurn);
    // Turn 1 of seat 0.
    let mut g = base_game(3);
    put_settlement(&mut g, 0, c(19));
    put_road(&mut g, 0, edge_between(c(19), c(18)));
    put_settlement(&mut g, 1, c(38));
    give(&mut g, 1, [1, 1, 1, 1, 1]);
    at_turn(&mut g, 0, Phase::PreRoll);
    refused(&mut g, Action::EndTurn);
    refused(&mut g, Action::BuyDev);
    refused(&mut g, Action::PlayKnight);
    refused(&mut g, Action::RobertMoves);
    refused(&mut g, Action::Discard(Resource::Brick));
    act(&mut g, Action::Roll);
    refused(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(1, 1), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    refused(&mut g, Action::Roll);
    refused(&mut g, Action::BuildRoad(edge_between(c(18), c(21)))); // no resources
    refused(&mut g, Action::BuildSettlement(c(21)));
    refused(&mut g, Action::BuildCity(c(19)));
    refused(&mut g, Action::BuyDev);
    refused(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Ore,
        },
    );
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    refused(
        &mut g,
        Action::MoveRobber {
            hex: hex(0, -1),
            victim: NO_PLAYER,
        },
    );
    refused(&mut g, Action::FlipUp(hex(0, -1)));
    // Player trades: no gifts, both sides must hold what they give.
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    let none = [0; 5];
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [1, 0, 0, 0, 0],
            get: none,
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: none,
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [3, 0, 0, 0, 0],
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [1, 0, 0, 0, 0],
            get: [0, 2, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(0),
            give: [1, 0, 0, 0, 0],
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(2),
            give: [1, 0, 0, 0, 0],
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [1, 0, 0, 0, 0],
            get: [1, 1, 0, 0, 0],
        },
    );
    act(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [2, 0, 0, 0, 0],
            get: [0, 1, 1, 0, 0],
        },
    );
    assert_eq!(g.s.players[0].hand, [0, 1, 1, 0, 0]);
    assert_eq!(g.s.players[1].hand, [3, 0, 0, 1, 1]);
    // Still legal after all those refusals.
    act(&mut g, Action::EndTurn);
    assert_eq!(g.s.current, 1);
}

#[test]
fn year_of_plenty_pair_in_either_order() {
    // The legal list names each pair once (a <= b); the reversed pair is the same move.
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Grain),
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 1, 1]);
    assert_eq!(g.s.played[DevCard::YearOfPlenty.idx()], 1);
}
