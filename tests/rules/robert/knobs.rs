//! Robert's rule knobs: flips, hand limit, Robert resting, the monopoly reading, knights kept back, the team target.

use super::*;

// ---------------------------------------------------------------- rule knobs

#[test]
fn soldier_flips_knob_sets_how_many_a_soldier_flips_up() {
    // One flip: the second candidate stays face down.
    let mut g = soldier_position();
    set_robert(&mut g, |o| o.soldier_flips = 1);
    act(&mut g, Action::PlayKnight);
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    act(&mut g, Action::FlipUp(hex(1, -1)));
    assert_eq!(g.s.phase, Phase::Dice);
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(2, 0)]));
    // None: Robert goes home and the player rolls.
    let mut g = soldier_position();
    set_robert(&mut g, |o| o.soldier_flips = 0);
    act(&mut g, Action::PlayKnight);
    assert_eq!((g.s.phase, g.s.robber), (Phase::Dice, hex(0, 0)));
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(1, -1), hex(2, 0)]));
}

#[test]
fn seven_flips_knob_sets_how_many_a_seven_flips_up() {
    let rules = |n| {
        Rules::robert(
            4,
            RobertRules {
                seven_flips: n,
                ..RobertRules::default()
            },
        )
    };
    let mut g = seven_position_with(7, rules(2));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 2));
    act(&mut g, Action::FlipUp(hex(0, -1)));
    act(&mut g, Action::FlipUp(hex(1, -1)));
    assert_eq!(g.s.phase, Phase::Main);
    assert!(g.s.face_down.is_empty());
    let g = seven_position_with(7, rules(0));
    assert_eq!((g.s.phase, g.s.robber), (Phase::Main, hex(0, 0)));
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(1, -1)]));
}

#[test]
fn hand_limit_knob_sets_who_discards_on_a_seven() {
    let rules = |limit| Rules {
        hand_limit: limit,
        ..Rules::robert(4, RobertRules::default())
    };
    // A limit of 9: eight cards are kept.
    let g = seven_position_with(8, rules(9));
    assert_eq!(g.s.discards, [0; 6]);
    // A limit of 5: seven cards lose three (seat 1), and seat 2's seven lose three too.
    let g = seven_position_with(7, rules(5));
    assert_eq!(g.s.discards, [0, 3, 3, 0, 0, 0]);
}

#[test]
fn robert_skip_knob_rests_robert_on_every_kth_turn() {
    let mut g = position(
        3,
        RobertRules {
            robert_skip: 3,
            ..RobertRules::default()
        },
        &[],
    );
    assert_eq!(g.s.turn, 1);
    assert_eq!(legal(&g), vec![Action::RobertMoves]);
    g.s.turn = 3;
    assert_eq!(legal(&g), vec![Action::Roll], "he rests on turn 3");
    refused(&mut g, Action::RobertMoves);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert_eq!(legal(&g), vec![Action::Roll, Action::PlayKnight]);
    act(&mut g, Action::Roll);
    assert_eq!(g.s.phase, Phase::Dice);
    assert!(
        g.s.face_down.is_empty(),
        "nothing flipped on a resting turn"
    );
    g.s.turn = 4;
    g.s.phase = Phase::PreRoll;
    assert_eq!(legal(&g)[0], Action::RobertMoves);
    // 1: Robert never moves.
    set_robert(&mut g, |o| o.robert_skip = 1);
    assert_eq!(legal(&g)[0], Action::Roll);
}

#[test]
fn monopoly_take_knob_takes_cards_and_flips_nothing() {
    let down = [hex(2, -2), hex(-1, 0), hex(0, -1)];
    let mut g = position(
        3,
        RobertRules {
            monopoly: RobertMonopoly::Take,
            ..RobertRules::default()
        },
        &down,
    );
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 1, [0, 3, 0, 0, 0]);
    give(&mut g, 2, [1, 1, 0, 0, 0]);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    let mut log = Log::default();
    g.try_apply(Action::PlayMonopoly(Resource::Lumber), &mut log)
        .unwrap();
    g.check_invariants().unwrap();
    assert_eq!(g.s.face_down, hexes(&down), "no token flips");
    assert_eq!(g.s.players[0].hand[Resource::Lumber.idx()], 4);
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 0, 0]);
    assert_eq!(g.s.players[2].hand, [1, 0, 0, 0, 0]);
    assert!(log.0.contains(&Event::Monopoly {
        player: PlayerId(0),
        resource: Resource::Lumber,
        taken: 4
    }));
}

#[test]
fn keep_back_knob_sets_the_knights_kept_out_of_a_reshuffle() {
    // At most the holder's own army (5 of the 8 knights on the table).
    for (keep, kept) in [(1u8, 1u8), (0, 0), (14, 5)] {
        let mut g = empty_deck([8, 0, 2, 2, 2], true);
        set_robert(&mut g, |o| o.keep_back = keep);
        let mut log = Log::default();
        g.try_apply(Action::BuyDev, &mut log).unwrap();
        assert!(
            log.0.contains(&Event::Reshuffle { cards: 14 - kept }),
            "keep back {keep}"
        );
        assert_eq!(g.s.played, [kept, 0, 0, 0, 0]);
    }
}

#[test]
fn vp_to_win_knob_sets_the_team_target() {
    for (target, over) in [(3u8, true), (4, false)] {
        let mut g = position(2, RobertRules::default(), &[]);
        g.rules.vp_to_win = target;
        for (p, k) in [(0, 0), (0, 7), (1, 47), (1, 50)] {
            put_settlement(&mut g, p, c(k));
        }
        put_city(&mut g, 1, c(38));
        at_turn(&mut g, 0, Phase::Main);
        give(&mut g, 0, CITY_COST);
        act(&mut g, Action::BuildCity(c(7)));
        assert_eq!([g.s.players[0].vp, g.s.players[1].vp], [3, 4]);
        assert_eq!(g.s.phase == Phase::Over(Outcome::TeamWin), over, "{target}");
    }
}
