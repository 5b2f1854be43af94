//! The Robbers on the scoreboard: the seed's Examples 1-4 as scoring rounds, rogue points, never robbing oneself, the 50-space track.

use super::*;

// ---------------------------------------------------------------------------------------------
// The Robbers: scoreboard rounds (the seed's examples; BLUE 0, RED 1, GREEN 2, YELLOW 3)

#[test]
fn example_1_one_figure_first_score_only() {
    // BLUE's robber beside RED's woman (space 10); RED's normal follower elsewhere (20).
    let setup = || {
        let mut sb = Scoreboard::new(4);
        sb.pos[RED as usize] = 20;
        let woman = sb.add_figure(RED, 10);
        sb.robber[BLUE as usize] = 10;
        (sb, woman)
    };
    let normal = RED;
    let cases = [
        (vec![(true, 3), (false, 6)], Some(2)), // woman road, normal city: 2
        (vec![(false, 3), (true, 6)], Some(3)), // normal road, woman city: 3
        (vec![(true, 3), (true, 6)], Some(2)),  // woman both: the first (road): 2
        (vec![(false, 3), (false, 6)], None),   // normal both: nothing
    ];
    for (moves, want) in cases {
        let (mut sb, woman) = setup();
        let m: Vec<Move> = moves
            .iter()
            .map(|&(w, p)| mv(if w { woman } else { normal }, p))
            .collect();
        let ev = resolve_round(&mut sb, &m, &mut largest(&m));
        match want {
            Some(p) => {
                assert_eq!(robbed(&ev), vec![(BLUE, woman, p)], "{moves:?}");
                assert_eq!(sb.robber[BLUE as usize], IN_STOCK, "the robber goes home");
                assert_eq!(sb.pos[BLUE as usize], p as u8, "BLUE's figure moves");
            }
            None => {
                assert!(ev.is_empty(), "{moves:?}");
                assert_eq!(sb.robber[BLUE as usize], 10, "the robber stays");
            }
        }
    }
}

#[test]
fn example_2_robber_chooses_among_players() {
    // BLUE's robber beside GREEN's normal and RED's woman (10); their others at 20 and 30.
    let setup = || {
        let mut sb = Scoreboard::new(4);
        sb.pos[GREEN as usize] = 10;
        sb.pos[RED as usize] = 20;
        let red_w = sb.add_figure(RED, 10);
        let green_w = sb.add_figure(GREEN, 30);
        sb.robber[BLUE as usize] = 10;
        (sb, red_w, green_w)
    };
    // 1: both score with the figures beside the robber: he takes RED's woman's 6 → 3.
    let (mut sb, red_w, _) = setup();
    let m = [mv(GREEN, 3), mv(red_w, 6)];
    let mut asked = Vec::new();
    let ev = resolve_round(&mut sb, &m, &mut |r, c: &[u8]| {
        asked.push((r, c.to_vec()));
        1
    });
    assert_eq!(asked, vec![(BLUE, vec![0, 1])], "BLUE chooses between both");
    assert_eq!(robbed(&ev), vec![(BLUE, red_w, 3)]);
    // 2: GREEN normal and RED normal: only GREEN's 3 → 2.
    let (mut sb, _, _) = setup();
    let m = [mv(GREEN, 3), mv(RED, 6)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 2)]
    );
    // 3: both with figures elsewhere: nothing.
    let (mut sb, _, green_w) = setup();
    let m = [mv(green_w, 3), mv(RED, 6)];
    assert!(resolve_round(&mut sb, &m, &mut largest(&m)).is_empty());
}

/// Examples 3 and 4: GREEN's normal and woman and RED's normal beside the robber(s) at 10,
/// RED's woman at 30.
fn setup_34(robbers: &[u8]) -> (Scoreboard, u8, u8) {
    let mut sb = Scoreboard::new(4);
    sb.pos[GREEN as usize] = 10;
    sb.pos[RED as usize] = 10;
    let green_w = sb.add_figure(GREEN, 10);
    let red_w = sb.add_figure(RED, 30);
    for &r in robbers {
        sb.robber[r as usize] = 10;
    }
    (sb, green_w, red_w)
}

#[test]
fn example_3_first_moves_only_robber_chooses() {
    // 1: GREEN road 3 (woman), RED road 2 (normal), then their cities with the same figures:
    // only the first moves are on offer (3 and 2); the robber takes 2 from GREEN's woman.
    let (mut sb, gw, _) = setup_34(&[BLUE]);
    let m = [mv(gw, 3), mv(RED, 2), mv(gw, 6), mv(RED, 8)];
    let mut offered = Vec::new();
    let ev = resolve_round(&mut sb, &m, &mut |_, c: &[u8]| {
        offered = c.to_vec();
        let mut f = largest(&m);
        f(BLUE, c)
    });
    assert_eq!(offered, vec![0, 1], "the cities are not on offer");
    assert_eq!(robbed(&ev), vec![(BLUE, gw, 2)]);
    // Had GREEN scored the city with the normal follower, it would have been on offer too.
    let (mut sb, gw, _) = setup_34(&[BLUE]);
    let m = [mv(gw, 3), mv(RED, 2), mv(GREEN, 6), mv(RED, 8)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 3)]
    );
    // 2: RED's woman road 2 (elsewhere), GREEN's woman road 3, RED's normal city 8: 4 from RED.
    let (mut sb, gw, rw) = setup_34(&[BLUE]);
    let m = [mv(rw, 2), mv(gw, 3), mv(RED, 8)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, RED, 4)]
    );
    // 3: RED's woman road 2 and city 8 (elsewhere), GREEN's normal city 6: 3 from GREEN.
    let (mut sb, _, rw) = setup_34(&[BLUE]);
    let m = [mv(rw, 2), mv(rw, 8), mv(GREEN, 6)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 3)]
    );
}

#[test]
fn example_4_several_robbers_each_take_half() {
    // 1: BLUE robs GREEN's woman (2), YELLOW chooses RED's normal (1).
    let (mut sb, gw, _) = setup_34(&[BLUE, YELLOW]);
    let m = [mv(gw, 3), mv(RED, 2), mv(gw, 6), mv(RED, 8)];
    let ev = resolve_round(&mut sb, &m, &mut |r, _c: &[u8]| {
        if r == BLUE {
            0
        } else {
            1
        }
    });
    assert_eq!(robbed(&ev), vec![(BLUE, gw, 2), (YELLOW, RED, 1)]);
    // 2: both take half of RED's normal's city: 4 each.
    let (mut sb, gw, rw) = setup_34(&[BLUE, YELLOW]);
    let m = [mv(rw, 2), mv(gw, 3), mv(RED, 8)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, RED, 4), (YELLOW, RED, 4)]
    );
    // 3: both can only take half of GREEN's normal's city: 3 each.
    let (mut sb, _, rw) = setup_34(&[BLUE, YELLOW]);
    let m = [mv(rw, 2), mv(rw, 8), mv(GREEN, 6)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 3), (YELLOW, GREEN, 3)]
    );
    assert_eq!(sb.robber[BLUE as usize], IN_STOCK);
    assert_eq!(sb.robber[YELLOW as usize], IN_STOCK);
}

#[test]
fn rogue_points_move_the_robber_for_nothing() {
    // A (0) robs B (1) at 10; C's (2) robber stands beside A's figure at 5: it moves with A.
    let mut sb = Scoreboard::new(3);
    sb.pos = [5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    sb.robber[0] = 10;
    sb.robber[2] = 5;
    let m = [mv(1, 5)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(robbed(&ev), vec![(0, 1, 3)], "half of 5, rounded up");
    assert!(ev.contains(&RoundEvent::Rogue {
        robber: 2,
        figure: 0,
        from: 5,
        to: 8
    }));
    assert_eq!(sb.robber[2], 8);
    assert_eq!(sb.pos[0], 8);
    // Footnote 10: beside two figures, one scoring rogue points and the other nothing: it moves.
    let mut sb = Scoreboard::new(4);
    sb.pos = [5, 10, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0];
    sb.robber[0] = 10;
    sb.robber[2] = 5; // beside A (0) and D (3)
    let m = [mv(1, 4)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(sb.robber[2], 7, "{ev:?}");
}

#[test]
fn never_robbing_oneself() {
    // A's robber at 10 beside A's own figure and B's figure.
    let mut sb = Scoreboard::new(2);
    sb.pos[0] = 10;
    sb.pos[1] = 10;
    sb.robber[0] = 10;
    let m = [mv(0, 6)];
    assert!(
        resolve_round(&mut sb, &m, &mut largest(&m)).is_empty(),
        "own score not robbed"
    );
    assert_eq!(sb.robber[0], 10);
    // A robber may only go where another player's figure stands.
    let mut sb = Scoreboard::new(2);
    sb.pos[0] = 4;
    sb.pos[1] = 9;
    assert_eq!(sb.robber_spaces(0).as_slice(), &[9]);
    assert_eq!(sb.robber_spaces(1).as_slice(), &[4]);
}

#[test]
fn fifty_space_track_wraps() {
    let mut sb = Scoreboard::new(2);
    sb.pos[1] = 48;
    sb.robber[0] = 48;
    let m = [mv(1, 5)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(sb.pos[1], 3, "48 + 5 on a 50-space track");
    assert_eq!(robbed(&ev), vec![(0, 1, 3)]);
}

// ---------------------------------------------------------------------------------------------
// Rogue points: when "beside" is judged (`rogue_beside`) and two rogue figures on one space

/// A (0) at 5, B (1) at 10 with A's robber; C's (2) robber at 8. One round: A scores 3 (5 -> 8,
/// onto C's robber), B scores 4 (A's robber takes 2, so A's figure goes on 8 -> 10).
fn rogue_after_a_normal_move(rogue: RogueBeside) -> (Scoreboard, Vec<RoundEvent>) {
    let mut sb = Scoreboard::new(3);
    sb.rogue = rogue;
    sb.pos[0] = 5;
    sb.pos[1] = 10;
    sb.robber[0] = 10;
    sb.robber[2] = 8;
    let m = [mv(0, 3), mv(1, 4)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(robbed(&ev), vec![(0, 1, 2)], "C's robber saw no first move");
    assert_eq!(sb.pos[0], 10, "A: 5 + 3 + 2 robbed");
    (sb, ev.to_vec())
}

#[test]
fn rogue_beside_after_moves_a_robber_reached_by_a_normal_score_follows() {
    assert_eq!(Rules::robbers(3).rogue_beside, RogueBeside::AfterMoves);
    let (sb, ev) = rogue_after_a_normal_move(RogueBeside::AfterMoves);
    assert_eq!(
        sb.robber[2], 10,
        "beside A's figure on 8 when the gain moved it"
    );
    assert!(ev.contains(&RoundEvent::Rogue {
        robber: 2,
        figure: 0,
        from: 8,
        to: 10
    }));
}

#[test]
fn rogue_beside_round_start_a_robber_reached_in_the_round_stays() {
    let (sb, ev) = rogue_after_a_normal_move(RogueBeside::RoundStart);
    assert_eq!(sb.robber[2], 8, "A's figure was on 5 when the round began");
    assert!(!ev.iter().any(|e| matches!(e, RoundEvent::Rogue { .. })));
    // A figure that began the round beside the robber still takes it along.
    let mut sb = Scoreboard::new(3);
    sb.rogue = RogueBeside::RoundStart;
    sb.pos = [5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    sb.robber[0] = 10;
    sb.robber[2] = 5;
    let m = [mv(1, 5)];
    resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(sb.robber[2], 8);
}

#[test]
fn two_rogue_figures_on_its_space_the_robber_follows_the_first_by_seat() {
    // A (0) and B (1) both on 5 with C's (2) robber. A's robber beside D (3) at 10, B's beside
    // C at 20. D scores 4 (A takes 2: 5 -> 7), C scores 8 (B takes 4: 5 -> 9). C's robber
    // follows A's figure, the first by seat; its owner is not asked (docs/rules.md).
    for rogue in [RogueBeside::AfterMoves, RogueBeside::RoundStart] {
        let mut sb = Scoreboard::new(4);
        sb.rogue = rogue;
        sb.pos = [5, 5, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0];
        sb.robber[0] = 10;
        sb.robber[1] = 20;
        sb.robber[2] = 5;
        let m = [mv(2, 8), mv(3, 4)];
        let ev = resolve_round(&mut sb, &m, &mut largest(&m));
        assert_eq!(robbed(&ev), vec![(0, 3, 2), (1, 2, 4)], "{rogue:?}");
        assert_eq!((sb.pos[0], sb.pos[1]), (7, 9));
        assert_eq!(sb.robber[2], 7, "with A, not with B ({rogue:?})");
        assert!(ev.contains(&RoundEvent::Rogue {
            robber: 2,
            figure: 0,
            from: 5,
            to: 7
        }));
    }
}
