//! The Robbers in play: who places a robber, moving a placed one, robbers stealing in play, final points and the robber knobs.

use super::*;

// ---------------------------------------------------------------------------------------------
// The Robbers in play

fn robber_game(players: u8, placement: RobberPlacement, final_points: u8) -> Game<'static> {
    let t = custom("D", &[("D", 1), ("U", 2), ("E", 1)], &[("U", 2)]);
    Game::new(
        t,
        Rules {
            players,
            robbers: true,
            placement,
            final_points,
            share: RobberShare::Half,
            robbers_per_player: 1,
            ..Rules::robbers(players)
        },
    )
}

#[test]
fn next_in_stock_lets_one_other_player_place() {
    let mut g = robber_game(3, RobberPlacement::NextInStock, 3);
    let mut log = Log::default();
    let k = kind(g.t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(1, 0),
            rot: 1,
        },
        &mut log,
    );
    assert_eq!(g.phase, Phase::Robber);
    assert_eq!(g.actor(), Some(0));
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None), Action::Robber(Some(0))]
    );
    g.apply(Action::Robber(Some(0)), &mut log);
    assert_eq!(
        g.actor(),
        Some(1),
        "the next player whose robber is in stock"
    );
    g.apply(Action::Robber(None), &mut log);
    assert_eq!(g.phase, Phase::Follower, "only one other player");
}

#[test]
fn each_other_lets_every_player_place_in_turn_order() {
    let mut g = robber_game(3, RobberPlacement::EachOther, 3);
    let mut log = Log::default();
    turn(&mut g, "U", false, (1, 0, 1), &[], None, &mut log); // seat 0, plain tile
                                                              // Seat 1 draws a robber tile: seat 1, then 2, then 0 may place.
    let k = kind(g.t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(-1, 0),
            rot: 1,
        },
        &mut log,
    );
    let mut actors = Vec::new();
    while g.phase == Phase::Robber {
        actors.push(g.actor().unwrap());
        g.apply(Action::Robber(Some(0)), &mut log);
    }
    assert_eq!(actors, vec![1, 2, 0]);
}

#[test]
fn active_player_moves_a_placed_robber_and_robbers_steal_in_play() {
    let mut g = robber_game(2, RobberPlacement::NextInStock, 3);
    let mut log = Log::default();
    // Seat 0: robber tile east; seat 0 puts the robber beside seat 1's figure (space 0),
    // seat 1 declines. Follower on the road (seg 0 of U).
    turn(
        &mut g,
        "U",
        true,
        (1, 0, 1),
        &[Some(0), None],
        Some(0),
        &mut log,
    );
    // Seat 1: E closes the city with a follower: 4 points; seat 0's robber takes 2.
    turn(&mut g, "E", false, (0, -1, 2), &[], Some(0), &mut log);
    assert_eq!(g.score[1], 4, "the robbed player keeps every point");
    assert_eq!(g.score[0], 2, "half of 4");
    assert_eq!(log.robberies(), vec![(0, 1, 2)]);
    assert_eq!(g.sb.robber[0], IN_STOCK);
    // Seat 0: the second robber tile; seat 0 places again beside seat 1 (space 4), seat 1
    // places beside seat 0 (space 2).
    turn(
        &mut g,
        "U",
        true,
        (-1, 0, 1),
        &[Some(4), Some(2)],
        None,
        &mut log,
    );
    assert_eq!(g.sb.robber[0], 4);
    assert_eq!(g.sb.robber[1], 2);
    // Seat 1: plain U; no robber phase.
    turn(&mut g, "U", false, (2, 0, 1), &[], None, &mut log);
    // Seat 0: last U; the game ends: robbers left get 3 each (2013 rule).
    turn(&mut g, "U", false, (-2, 0, 1), &[], None, &mut log);
    assert!(g.is_over());
    let finals: Vec<_> = log
        .0
        .iter()
        .filter(|e| matches!(e, Event::RobberFinal { .. }))
        .collect();
    assert_eq!(finals.len(), 2);
    assert!(log.0.contains(&Event::RobberFinal {
        player: 0,
        points: 3
    }));
}

#[test]
fn active_player_may_move_own_robber() {
    let t = custom("D", &[("D", 1), ("U", 2)], &[("U", 2)]);
    let mut g = Game::new(
        t,
        Rules {
            players: 2,
            ..Rules::robbers(2)
        },
    );
    let mut log = Log::default();
    turn(
        &mut g,
        "U",
        true,
        (1, 0, 1),
        &[Some(0), None],
        None,
        &mut log,
    ); // seat 0 places
    turn(&mut g, "U", false, (2, 0, 1), &[], None, &mut log); // seat 1
                                                              // Seat 0 again with a robber tile: its robber is on the board: it may move it (not to its
                                                              // own space) or leave it. Seat 1's robber is in stock: seat 1 may place after.
    let k = kind(t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(-1, 0),
            rot: 1,
        },
        &mut log,
    );
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None)],
        "space 0 is where it stands"
    );
    g.apply(Action::Robber(None), &mut log);
    assert_eq!(g.actor(), Some(1));
}

#[test]
fn final_robber_points_three_or_zero() {
    for (fp, want) in [(3u8, 3u16), (0, 0)] {
        let t = custom("D", &[("D", 1), ("U", 0)], &[("U", 1)]);
        let mut g = Game::new(
            t,
            Rules {
                players: 2,
                robbers: true,
                placement: RobberPlacement::NextInStock,
                final_points: fp,
                share: RobberShare::Half,
                robbers_per_player: 1,
                ..Rules::robbers(2)
            },
        );
        let mut log = Log::default();
        turn(
            &mut g,
            "U",
            true,
            (1, 0, 1),
            &[Some(0), None],
            None,
            &mut log,
        );
        assert!(g.is_over());
        assert_eq!(g.score[0], want, "final_points {fp}");
        assert!(log.0.contains(&Event::RobberFinal {
            player: 0,
            points: want
        }));
        assert_eq!(g.sb.robber[0], IN_STOCK);
    }
}

#[test]
fn half_rounds_up() {
    assert_eq!(half_up(1), 1);
    assert_eq!(half_up(5), 3);
    assert_eq!(half_up(8), 4);
}

#[test]
fn robber_share_knob_sets_what_a_robber_takes() {
    // BLUE's robber beside GREEN's figure, which scores 10.
    for (share, taken) in [
        (RobberShare::Half, 5),
        (RobberShare::Third, 4),
        (RobberShare::Quarter, 3),
        (RobberShare::All, 10),
    ] {
        let mut sb = Scoreboard::new(4);
        sb.share = share;
        sb.pos[GREEN as usize] = 10;
        sb.robber[BLUE as usize] = 10;
        let m = [mv(GREEN, 10)];
        let ev = resolve_round(&mut sb, &m, &mut largest(&m));
        assert_eq!(robbed(&ev), vec![(BLUE, GREEN, taken)], "{}", share.name());
        assert_eq!(
            sb.pos[GREEN as usize], 20,
            "the robbed figure keeps all its points"
        );
        assert_eq!(sb.pos[BLUE as usize], taken as u8, "{}", share.name());
    }
    // The game sets its scoreboard's share from the rules.
    let g = Game::new(
        base(),
        Rules {
            share: RobberShare::Third,
            ..Rules::robbers(3)
        },
    );
    assert_eq!(g.sb.share, RobberShare::Third);
}

#[test]
fn robbers_per_player_knob_gives_each_player_two_robbers() {
    let mut g = robber_game(2, RobberPlacement::NextInStock, 3);
    g.rules.robbers_per_player = 2;
    g.reset(g.rules);
    let mut log = Log::default();
    // Seat 0: a robber tile; its first robber goes beside seat 1's figure (space 0).
    turn(
        &mut g,
        "U",
        true,
        (1, 0, 1),
        &[Some(0), None],
        None,
        &mut log,
    );
    assert_eq!(g.sb.robber[0], 0);
    turn(&mut g, "U", false, (-1, 0, 1), &[], None, &mut log);
    // Seat 0 draws the second robber tile: with a robber still in stock it places that one
    // (robber 2, seat 0's second, coded with ROBBER_CODE) and does not move the first.
    let k = kind(g.t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(2, 0),
            rot: 1,
        },
        &mut log,
    );
    assert_eq!((g.phase, g.actor()), (Phase::Robber, Some(0)));
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None), Action::Robber(Some(ROBBER_CODE))],
        "only the robber in stock is placed"
    );
    assert!(g.robber_on(0, 0) && g.stock_robber(0) == Some(1));
    assert_eq!(g.robber_to(0, 0), Action::Robber(Some(ROBBER_CODE)));
    // Both on the board: either may move, to any space but its own.
    g.sb.robber[2] = 0;
    g.sb.pos[1] = 5;
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[
            Action::Robber(None),
            Action::Robber(Some(5)),
            Action::Robber(Some(5 + ROBBER_CODE))
        ]
    );
    assert!(
        !g.is_legal(Action::Robber(Some(2 * ROBBER_CODE + 5))),
        "no third robber"
    );
    g.apply(Action::Robber(Some(5 + ROBBER_CODE)), &mut log);
    assert_eq!((g.sb.robber[0], g.sb.robber[2]), (0, 5));
    assert_eq!(g.sb.owner_of(2), 0);
    // Two robbers of one player on the space of a scoring figure both take their share.
    let mut sb = Scoreboard::new(2);
    sb.n_robbers = 4;
    sb.pos[1] = 5;
    sb.robber[0] = 5;
    sb.robber[2] = 5;
    let m = [mv(1, 10)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(robbed(&ev), vec![(0, 1, 5), (2, 1, 5)]);
    assert_eq!(sb.pos[0], 10, "seat 0's figure moves by both shares");
}

// ---------------------------------------------------------------------------------------------
// A robber tile that fits nowhere (`unplaceable_robber_tile`)

/// Two players; start B (all fields), a robber C (all city: fits nowhere) and an E in the pile.
fn unplaceable_robber_game(u: UnplaceableRobberTile) -> (Game<'static>, Log) {
    let t = custom("B", &[("B", 1), ("C", 0), ("E", 1)], &[("C", 1)]);
    let mut g = Game::new(
        t,
        Rules {
            unplaceable_robber_tile: u,
            ..Rules::robbers(2)
        },
    );
    let mut log = Log::default();
    let c = kind(t, "C", true);
    g.apply_draw(c, &mut log);
    assert_eq!(g.discarded, 1);
    assert!(log.0.contains(&Event::Discarded { player: 0, kind: c }));
    (g, log)
}

#[test]
fn an_unplaceable_robber_tile_loses_its_robber_step_by_default() {
    assert_eq!(
        Rules::robbers(2).unplaceable_robber_tile,
        UnplaceableRobberTile::Lost
    );
    let (mut g, mut log) = unplaceable_robber_game(UnplaceableRobberTile::Lost);
    assert_eq!(
        g.phase,
        Phase::Draw,
        "no robber step: the same player draws"
    );
    assert_eq!(g.current, 0);
    turn(&mut g, "E", false, (0, 1, 2), &[], None, &mut log);
    assert!(g.is_over());
    assert!(!log
        .0
        .iter()
        .any(|e| matches!(e, Event::RobberPlaced { .. } | Event::RobberFinal { .. })));
    g.check().unwrap();
}

#[test]
fn unplaceable_robber_tile_robber_step_keeps_the_step_then_draws_again() {
    let (mut g, mut log) = unplaceable_robber_game(UnplaceableRobberTile::RobberStep);
    assert_eq!(g.phase, Phase::Robber);
    assert_eq!(g.actor(), Some(0), "the player who drew it");
    g.apply(Action::Robber(Some(0)), &mut log); // beside seat 1's figure on 0
    assert_eq!(
        g.actor(),
        Some(1),
        "the next player whose robber is in stock"
    );
    g.apply(Action::Robber(None), &mut log);
    assert_eq!(
        g.phase,
        Phase::Draw,
        "no tile, no follower: the same player draws"
    );
    assert_eq!(g.current, 0);
    assert_eq!(g.sb.robber[0], 0);
    turn(&mut g, "E", false, (0, 1, 2), &[], None, &mut log);
    assert!(g.is_over());
    assert!(log.0.contains(&Event::RobberFinal {
        player: 0,
        points: 3
    }));
    g.check().unwrap();
    // The last tile of the pile: its robber step, then the game ends.
    let t = custom("B", &[("B", 1), ("C", 0)], &[("C", 1)]);
    let mut g = Game::new(
        t,
        Rules {
            unplaceable_robber_tile: UnplaceableRobberTile::RobberStep,
            ..Rules::robbers(2)
        },
    );
    let mut log = Log::default();
    g.apply_draw(kind(t, "C", true), &mut log);
    assert_eq!(g.phase, Phase::Robber);
    g.apply(Action::Robber(Some(0)), &mut log);
    g.apply(Action::Robber(None), &mut log);
    assert!(g.is_over());
    assert_eq!(g.score[0], 3, "the robber's final points");
}
