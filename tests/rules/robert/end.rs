//! Robert's end: victory when the last player reaches ten, the turn cap, Robert leaving his own hex.

use super::*;

// ---------------------------------------------------------------- end

#[test]
fn victory_when_the_last_player_reaches_ten() {
    let mut g = position(3, RobertRules::default(), &[]);
    two_seats_at_ten(&mut g);
    put_settlement(&mut g, 2, c(11));
    put_settlement(&mut g, 2, c(36));
    give_dev(&mut g, 2, DevCard::VictoryPoint, 1);
    assert_eq!([0, 1, 2].map(|p| g.s.players[p].vp), [10, 10, 9]);
    g.check_invariants().unwrap();
    at_turn(&mut g, 2, Phase::Main);
    give(&mut g, 2, CITY_COST);
    give(&mut g, 2, [4, 0, 0, 0, 0]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Wool,
        },
    );
    assert!(!g.is_over(), "two of three at 10 is not a win");
    let mut log = Log::default();
    g.try_apply(Action::BuildCity(c(36)), &mut log).unwrap();
    assert_eq!(g.s.phase, Phase::Over(Outcome::TeamWin));
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::TeamWin,
        turn: 1
    }));
}

#[test]
fn one_player_at_ten_keeps_playing() {
    let mut g = position(2, RobertRules::default(), &[]);
    for k in [0, 7, 13] {
        put_city(&mut g, 0, c(k));
    }
    put_settlement(&mut g, 0, c(23));
    put_settlement(&mut g, 0, c(29));
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, CITY_COST);
    act(&mut g, Action::BuildCity(c(29)));
    assert_eq!(g.s.players[0].vp, 10);
    assert!(!g.is_over());
    act(&mut g, Action::EndTurn);
    assert_eq!((g.s.current, g.s.phase), (1, Phase::PreRoll));
    act(&mut g, Action::RobertMoves);
    assert!(!g.is_over());
}

#[test]
fn the_turn_cap_ends_the_game_as_cap() {
    let mut g = position(2, RobertRules::default(), &[]);
    g.rules.turn_cap = 3;
    at_turn(&mut g, 0, Phase::Main);
    g.s.turn = 2;
    act(&mut g, Action::EndTurn);
    assert_eq!((g.s.turn, g.s.phase), (3, Phase::PreRoll));
    // Turn 3 is played in full; ending it hits the cap.
    g.s.phase = Phase::Main;
    let mut log = Log::default();
    g.try_apply(Action::EndTurn, &mut log).unwrap();
    assert_eq!(g.s.phase, Phase::Over(Outcome::Cap));
    assert_eq!(
        g.s.turn, 3,
        "a capped game has played exactly turn_cap turns"
    );
    assert!(!log.0.iter().any(|e| matches!(e, Event::TurnStart { .. })));
    assert_eq!(
        log.0.last(),
        Some(&Event::GameOver {
            outcome: Outcome::Cap,
            turn: g.s.turn
        })
    );
}

#[test]
fn robert_moves_off_his_own_hex_unless_it_is_the_last_token() {
    // A monopoly turned Robert's hills 6 (0, -1) face up again; its neighbours are face down.
    let own = hex(0, -1);
    let ring = [hex(0, -2), hex(1, -2), hex(-1, -1), hex(1, -1), hex(-1, 0)];
    let mut g = position(3, RobertRules::default(), &ring);
    g.set_robber(own);
    robert_moves(&mut g);
    // Not the hills again (0 steps): the nearest others, two steps away; the best is the 8.
    assert_flipped(&g, hex(-2, 1));
    assert!(!g.s.face_down.contains(own.idx()));
    // Global: Robert on the mountains 8 (2, 0) face up; the other 8 is the only best.
    let mut g = position(3, rr(RobertTarget::Global, 1), &[]);
    g.set_robber(hex(2, 0));
    robert_moves(&mut g);
    assert_flipped(&g, hex(-2, 1));
    // His own hex holds the last face-up token: he flips it and Robert wins.
    for target in [RobertTarget::Adjacent, RobertTarget::Global] {
        let mut g = position(3, rr(target, 1), &[]);
        g.set_face_down(g.layout.tokened);
        g.s.face_down.remove(own.idx());
        g.set_robber(own);
        robert_moves(&mut g);
        assert_eq!(g.s.robber, own);
        assert_eq!(g.s.phase, Phase::Over(Outcome::TeamLoss));
    }
}
