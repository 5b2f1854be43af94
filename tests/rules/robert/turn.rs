//! Robert's turn: Robert or a soldier before the roll, the seven, the changed monopoly, production of face-up tokens only.

use super::*;

// ---------------------------------------------------------------- soldier

#[test]
fn before_the_roll_robert_or_a_soldier() {
    let mut g = position(3, RobertRules::default(), &[]);
    assert_eq!(legal(&g), vec![Action::RobertMoves]);
    refused(&mut g, Action::Roll);
    refused(&mut g, Action::PlayKnight);
    g.s.players[0].dev_new[DevCard::Knight.idx()] = 1;
    g.s.deck[DevCard::Knight.idx()] -= 1;
    assert_eq!(
        legal(&g),
        vec![Action::RobertMoves],
        "a knight bought this turn"
    );
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert_eq!(legal(&g), vec![Action::RobertMoves, Action::PlayKnight]);
}

#[test]
fn a_soldier_sends_robert_home_and_flips_up_two_next_to_buildings() {
    let mut g = soldier_position();
    let mut log = Log::default();
    g.try_apply(Action::PlayKnight, &mut log).unwrap();
    assert_eq!(g.s.robber, hex(0, 0));
    assert!(log.0.contains(&Event::RobertMove {
        from: hex(0, -1),
        to: hex(0, 0)
    }));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 2));
    assert_eq!(
        legal(&g),
        vec![Action::FlipUp(hex(0, -1)), Action::FlipUp(hex(1, -1))]
    );
    refused(&mut g, Action::FlipUp(hex(2, 0))); // no building next to it
    refused(&mut g, Action::FlipUp(hex(0, 1))); // already face up
    refused(&mut g, Action::Roll);
    act(&mut g, Action::FlipUp(hex(1, -1)));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    assert_eq!(legal(&g), vec![Action::FlipUp(hex(0, -1))]);
    let mut log = Log::default();
    g.try_apply(Action::FlipUp(hex(0, -1)), &mut log).unwrap();
    assert_eq!(
        log.0,
        vec![Event::Flip {
            hex: hex(0, -1),
            down: false,
            cause: FlipCause::Soldier
        }]
    );
    assert_eq!(g.s.face_down, hexes(&[hex(2, 0)]));
    assert_eq!(g.s.phase, Phase::Dice);
    assert_eq!(g.s.players[0].knights_played, 1);
    // After the roll: no card at all this turn (neither the year of plenty nor a soldier).
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    let l = legal(&g);
    assert!(!l
        .iter()
        .any(|a| matches!(a, Action::PlayYearOfPlenty(..) | Action::PlayKnight)));
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    refused(&mut g, Action::PlayKnight);
}

#[test]
fn a_soldier_flips_only_as_many_as_are_next_to_buildings() {
    let mut g = soldier_position();
    g.set_face_down(hexes(&[hex(0, -1), hex(2, 0)]));
    act(&mut g, Action::PlayKnight);
    assert_eq!(legal(&g), vec![Action::FlipUp(hex(0, -1))]);
    act(&mut g, Action::FlipUp(hex(0, -1)));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::Dice, 0));
    // None to flip: straight to the roll.
    let mut g = soldier_position();
    g.set_face_down(hexes(&[hex(2, 0)]));
    act(&mut g, Action::PlayKnight);
    assert_eq!((g.s.phase, g.s.robber), (Phase::Dice, hex(0, 0)));
    assert_eq!(g.s.face_down, hexes(&[hex(2, 0)]));
}

#[test]
fn no_soldier_after_the_roll_but_other_cards_after_roberts_move() {
    let mut g = soldier_position();
    robert_moves(&mut g);
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    assert!(!legal(&g).contains(&Action::PlayKnight));
    refused(&mut g, Action::PlayKnight);
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Grain, Resource::Ore),
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 1, 1]);
}

// ---------------------------------------------------------------- seven, monopoly

fn seven_position(hand1: u8) -> Game<'static> {
    seven_position_with(hand1, Rules::robert(4, RobertRules::default()))
}

#[test]
fn seven_discards_from_eight_sends_robert_home_and_flips_one() {
    let mut g = seven_position(8);
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards, [0, 4, 0, 0, 0, 0]);
    assert_eq!(g.actor(), PlayerId(1));
    for _ in 0..4 {
        act(&mut g, Action::Discard(Resource::Brick));
    }
    assert_eq!(g.s.players[1].hand, [4, 0, 0, 0, 0]);
    assert_eq!(g.s.players[2].hand, [0, 7, 0, 0, 0]);
    assert_eq!(g.s.robber, hex(0, 0));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    assert_eq!(
        legal(&g),
        vec![Action::FlipUp(hex(0, -1)), Action::FlipUp(hex(1, -1))]
    );
    let mut log = Log::default();
    g.try_apply(Action::FlipUp(hex(1, -1)), &mut log).unwrap();
    assert_eq!(
        log.0,
        vec![Event::Flip {
            hex: hex(1, -1),
            down: false,
            cause: FlipCause::Seven
        }]
    );
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1)]));
}

#[test]
fn seven_with_seven_cards_discards_nothing() {
    let mut g = seven_position(7);
    assert_eq!(g.s.discards, [0; 6]);
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    assert_eq!(g.s.robber, hex(0, 0));
    act(&mut g, Action::FlipUp(hex(0, -1)));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[1].hand, [7, 0, 0, 0, 0]);
}

#[test]
fn monopoly_flips_up_that_terrain_and_takes_nothing() {
    // Face down: forest 9 (2, -2) with no building near, forest 11 (-1, 0), hills 6 (0, -1).
    let down = [hex(2, -2), hex(-1, 0), hex(0, -1)];
    let mut g = position(3, RobertRules::default(), &down);
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 1, [0, 3, 0, 0, 0]);
    give(&mut g, 2, [1, 1, 0, 0, 0]);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    let before = g.s.players;
    let mut log = Log::default();
    g.try_apply(Action::PlayMonopoly(Resource::Lumber), &mut log)
        .unwrap();
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1)]));
    for (now, was) in g.s.players.iter().zip(&before) {
        assert_eq!(now.hand, was.hand);
    }
    let flips: Vec<&Event> = log
        .0
        .iter()
        .filter(|e| matches!(e, Event::Flip { .. }))
        .collect();
    assert_eq!(
        flips,
        vec![
            &Event::Flip {
                hex: hex(2, -2),
                down: false,
                cause: FlipCause::Monopoly
            },
            &Event::Flip {
                hex: hex(-1, 0),
                down: false,
                cause: FlipCause::Monopoly
            },
        ]
    );
    assert_eq!(g.s.played[DevCard::Monopoly.idx()], 1);
    assert_eq!(g.s.phase, Phase::Main);
}

// ---------------------------------------------------------------- production

/// Rolls `d1 + d2` in the dice phase; returns seat 0's hand after production.
fn roll_for(g: &mut Game, d1: u8, d2: u8) -> Hand {
    g.s.phase = Phase::Dice;
    g.apply_chance(ChanceOutcome::Dice(d1, d2), &mut ());
    g.check_invariants().unwrap();
    g.s.players[0].hand
}

#[test]
fn face_down_tokens_never_produce_and_face_up_ones_do() {
    // Hills 6 (0, -1) face down with Robert on it; pasture 4 (1, -1) face up; seat 0 on the
    // corner they share.
    let mut g = position(2, RobertRules::default(), &[hex(0, -1)]);
    g.s.robber = hex(0, -1);
    let shared = g.topo.hex_corners[hex(0, -1).idx()]
        .iter()
        .copied()
        .find(|c| g.topo.hex_corners[hex(1, -1).idx()].contains(c))
        .unwrap();
    put_settlement(&mut g, 0, shared);
    let sixes = g.topo.corner_hexes[shared.idx()]
        .iter()
        .filter(|&&h| h != NONE && g.layout.token[h as usize] == 6)
        .count();
    assert_eq!(sixes, 1, "the hills are the corner's only 6");
    let brick = Resource::Brick.idx();
    let wool = Resource::Wool.idx();
    assert_eq!(
        roll_for(&mut g, 2, 4)[brick],
        0,
        "a face-down 6 pays nothing"
    );
    assert_eq!(roll_for(&mut g, 1, 3)[wool], 1, "a face-up 4 pays");
    // A monopoly on brick turns the hills up while Robert still stands on them: they produce.
    g.s.phase = Phase::Main;
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    g.try_apply(Action::PlayMonopoly(Resource::Brick), &mut ())
        .unwrap();
    assert!(!g.s.face_down.contains(hex(0, -1).idx()));
    assert_eq!(g.s.robber, hex(0, -1));
    assert_eq!(
        roll_for(&mut g, 2, 4)[brick],
        1,
        "face up again: Robert does not block"
    );
    // Robert moves on, turning a token down: that hex stops paying.
    g.set_face_down(hexes(&[hex(1, -1)]));
    assert_eq!(
        roll_for(&mut g, 1, 3)[wool],
        1,
        "the face-down pasture pays nothing more"
    );
}
