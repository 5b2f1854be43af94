//! Base development cards and the seven: when cards are playable, each card, discarding half.

use super::*;

// ---------------------------------------------------------------- development cards

fn buy(g: &mut Game, card: DevCard) {
    give(g, g.s.current, DEV_COST);
    act(g, Action::BuyDev);
    assert_eq!(g.s.phase, Phase::Draw);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted(g.s.deck)));
    g.apply_chance(ChanceOutcome::Card(card), &mut ());
    g.check_invariants().unwrap();
    assert_eq!(g.s.phase, Phase::Main);
}

#[test]
fn a_card_is_not_playable_the_turn_it_was_bought() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_settlement(&mut g, 1, c(38));
    at_turn(&mut g, 0, Phase::Main);
    buy(&mut g, DevCard::Knight);
    buy(&mut g, DevCard::YearOfPlenty);
    assert_eq!(g.s.players[0].dev_new, [1, 0, 0, 1, 0]);
    assert_eq!(g.s.deck, [13, 5, 2, 1, 2]);
    assert_eq!(g.s.bank[W], 19);
    refused(&mut g, Action::PlayKnight);
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    act(&mut g, Action::EndTurn);
    assert_eq!(g.s.players[0].dev, [1, 0, 0, 1, 0]);
    assert_eq!(g.s.players[0].dev_new, [0; 5]);
    assert_eq!((g.s.current, g.s.turn, g.s.phase), (1, 2, Phase::PreRoll));
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    act(&mut g, Action::EndTurn);
    // Seat 0's next turn: the knight is playable before the roll.
    assert_eq!(legal(&g), vec![Action::Roll, Action::PlayKnight]);
}

#[test]
fn a_knight_before_the_roll_then_one_card_per_turn() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_settlement(&mut g, 1, c(38));
    give(&mut g, 1, [1, 0, 0, 0, 0]);
    at_turn(&mut g, 0, Phase::PreRoll);
    give_dev(&mut g, 0, DevCard::Knight, 2);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    act(&mut g, Action::PlayKnight);
    // Robber: every land hex but the desert; the forest 8 (hex (-2, 1)) holds seat 1's 38.
    let moves: Vec<Action> = legal(&g);
    assert_eq!(moves.len(), 18);
    let robbed = hex(-2, 1);
    assert!(moves.contains(&Action::MoveRobber {
        hex: robbed,
        victim: 1
    }));
    assert!(!moves.contains(&Action::MoveRobber {
        hex: robbed,
        victim: NO_PLAYER
    }));
    assert!(!moves
        .iter()
        .any(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex == g.s.robber)));
    act(
        &mut g,
        Action::MoveRobber {
            hex: robbed,
            victim: 1,
        },
    );
    assert_eq!(g.s.phase, Phase::Steal);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([1, 0, 0, 0, 0])));
    g.apply_chance(ChanceOutcome::Resource(Resource::Brick), &mut ());
    assert_eq!(g.s.players[0].hand[B], 1);
    assert_eq!(g.s.players[1].hand[B], 0);
    // Back before the roll: only the roll (one card per turn).
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!(legal(&g), vec![Action::Roll]);
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    let l = legal(&g);
    assert!(!l.contains(&Action::PlayKnight));
    assert!(!l.iter().any(|a| matches!(a, Action::PlayMonopoly(_))));
    refused(&mut g, Action::PlayMonopoly(Resource::Brick));
}

#[test]
fn a_victory_point_card_counts_at_once() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    at_turn(&mut g, 0, Phase::Main);
    buy(&mut g, DevCard::VictoryPoint);
    assert_eq!(g.s.players[0].vp, 2);
    assert_eq!(g.s.players[0].dev_new[DevCard::VictoryPoint.idx()], 1);
}

#[test]
fn monopoly_takes_every_card_of_the_resource() {
    let mut g = base_game(4);
    at_turn(&mut g, 1, Phase::Main);
    give(&mut g, 0, [0, 0, 0, 3, 1]);
    give(&mut g, 1, [0, 0, 0, 1, 0]);
    give(&mut g, 2, [2, 0, 0, 0, 0]);
    give(&mut g, 3, [0, 0, 0, 4, 0]);
    give_dev(&mut g, 1, DevCard::Monopoly, 1);
    let mut log = Log::default();
    g.try_apply(Action::PlayMonopoly(Resource::Grain), &mut log)
        .unwrap();
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 8, 0]);
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 0, 1]);
    assert_eq!(g.s.players[2].hand, [2, 0, 0, 0, 0]);
    assert_eq!(g.s.players[3].hand, [0; 5]);
    assert!(log.0.contains(&Event::Monopoly {
        player: PlayerId(1),
        resource: Resource::Grain,
        taken: 7
    }));
    assert_eq!(g.s.played, [0, 0, 0, 0, 1]);
    assert!(g.s.dev_played);
}

#[test]
fn year_of_plenty_takes_two_from_the_bank() {
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    // 15 pairs (with repetition) while the bank has plenty.
    let n = legal(&g)
        .iter()
        .filter(|a| matches!(a, Action::PlayYearOfPlenty(..)))
        .count();
    assert_eq!(n, 15);
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 0, 2]);
    assert_eq!(g.s.bank[O], 17);
    // A pair the bank cannot give is not offered.
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    give(&mut g, 1, [0, 0, 0, 0, 18]);
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Brick, Resource::Ore),
    );
    assert_eq!(g.s.players[0].hand, [1, 0, 0, 0, 1]);
}

#[test]
fn road_building_gives_two_free_roads() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_road(&mut g, 0, edge_between(c(19), c(18)));
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::RoadBuilding, 1);
    act(&mut g, Action::PlayRoadBuilding);
    assert_eq!((g.s.phase, g.s.free_roads), (Phase::RoadBuilding, 2));
    refused(&mut g, Action::BuildRoad(edge_between(c(31), c(32))));
    act(&mut g, Action::BuildRoad(edge_between(c(18), c(21))));
    assert_eq!(g.s.phase, Phase::RoadBuilding);
    act(&mut g, Action::BuildRoad(edge_between(c(21), c(31))));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[0].hand, [0; 5]);
    assert_eq!(g.s.bank, [19; 5]);
    assert_eq!(g.s.players[0].roads_left, 12);
    assert_eq!(g.s.players[0].road_length, 3);
}

// ---------------------------------------------------------------- seven

#[test]
fn seven_discards_half_from_eight_cards_one_at_a_time() {
    let mut g = base_game(4);
    let x = hex(0, -1); // hills 6, corners 2, 9, 18, 19, 14, 3
    put_settlement(&mut g, 0, c(2));
    put_settlement(&mut g, 2, c(18)); // the thief's own
    put_settlement(&mut g, 3, c(14)); // no cards: cannot be robbed
    put_settlement(&mut g, 1, c(38));
    at_turn(&mut g, 2, Phase::PreRoll);
    give(&mut g, 0, [2, 2, 2, 2, 1]); // 9 -> discards 4
    give(&mut g, 1, [0, 0, 4, 4, 0]); // 8 -> discards 4
    give(&mut g, 2, [1, 1, 1, 1, 3]); // 7 -> none
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(3, 4), &mut ());
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards, [4, 4, 0, 0, 0, 0]);
    assert_eq!(g.actor(), PlayerId(0));
    // Seat 0 discards only what it has; seat 1 must wait.
    refused(&mut g, Action::EndTurn);
    for r in [
        Resource::Ore,
        Resource::Ore,
        Resource::Brick,
        Resource::Brick,
    ] {
        if g.s.players[0].hand[r.idx()] == 0 {
            refused(&mut g, Action::Discard(r));
            continue;
        }
        act(&mut g, Action::Discard(r));
    }
    assert_eq!(g.s.players[0].hand, [0, 2, 2, 2, 0]);
    assert_eq!(g.s.discards[0], 1);
    assert_eq!(g.actor(), PlayerId(0));
    act(&mut g, Action::Discard(Resource::Lumber));
    assert_eq!(g.actor(), PlayerId(1));
    assert_eq!(
        legal(&g),
        vec![
            Action::Discard(Resource::Wool),
            Action::Discard(Resource::Grain)
        ]
    );
    for _ in 0..4 {
        act(&mut g, Action::Discard(Resource::Wool));
    }
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 4, 0]);
    assert_eq!(g.s.players[2].hand, [1, 1, 1, 1, 3]);
    assert_eq!(g.s.phase, Phase::MoveRobber);
    assert_eq!(g.actor(), PlayerId(2));
    // The robber must move; on hex x only seat 0 can be robbed.
    let on_x: Vec<Action> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex == x))
        .collect();
    assert_eq!(on_x, vec![Action::MoveRobber { hex: x, victim: 0 }]);
    refused(&mut g, Action::MoveRobber { hex: x, victim: 3 });
    refused(
        &mut g,
        Action::MoveRobber {
            hex: x,
            victim: NO_PLAYER,
        },
    );
    let here = g.s.robber;
    refused(
        &mut g,
        Action::MoveRobber {
            hex: here,
            victim: NO_PLAYER,
        },
    );
    act(&mut g, Action::MoveRobber { hex: x, victim: 0 });
    assert_eq!(g.s.robber, x);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([0, 1, 2, 2, 0])));
    g.apply_chance(ChanceOutcome::Resource(Resource::Grain), &mut ());
    assert_eq!(g.s.players[0].hand, [0, 1, 2, 1, 0]);
    assert_eq!(g.s.players[2].hand, [1, 1, 1, 2, 3]);
    assert_eq!(g.s.phase, Phase::Main);
    // A hex nobody can be robbed on.
    g.s.phase = Phase::MoveRobber;
    assert!(legal(&g).contains(&Action::MoveRobber {
        hex: hex(2, 0),
        victim: NO_PLAYER
    }));
}

#[test]
fn seven_with_seven_cards_discards_nothing() {
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::PreRoll);
    give(&mut g, 0, [7, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 7, 0, 0, 0]);
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(6, 1), &mut ());
    assert_eq!(g.s.phase, Phase::MoveRobber);
    assert_eq!(g.s.discards, [0; 6]);
    assert_eq!(g.s.players[0].hand_size() + g.s.players[1].hand_size(), 14);
}
