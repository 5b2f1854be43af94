//! Base awards: longest road (trails, loops, cuts, ties) and largest army.

use super::*;

// ---------------------------------------------------------------- longest road

#[test]
fn road_length_is_a_trail_not_a_sum() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(28));
    // A line of 4 (28-16-15-14-19) and a branch of 2 at corner 15 (15-25-30): 6 roads, trail 4.
    put_roads(&mut g, 0, &path(&[c(28), c(16), c(15), c(14), c(19)]));
    put_roads(&mut g, 0, &path(&[c(15), c(25), c(30)]));
    assert_eq!(g.s.players[0].roads.len(), 6);
    assert_eq!(g.road_length(PlayerId(0)), 4);
}

#[test]
fn road_length_counts_a_loop() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(18));
    // The desert's six edges: a loop of 6.
    put_roads(
        &mut g,
        0,
        &path(&[c(18), c(21), c(31), c(32), c(29), c(19), c(18)]),
    );
    assert_eq!(g.road_length(PlayerId(0)), 6);
    // A tail of 2 at corner 19 (19-14-15): 8.
    put_roads(&mut g, 0, &path(&[c(19), c(14), c(15)]));
    assert_eq!(g.road_length(PlayerId(0)), 8);
    // Another tail at 21 (21-20): four odd corners, so no trail uses all 9 roads; still 8.
    put_road(&mut g, 0, edge_between(c(21), c(20)));
    assert_eq!(g.road_length(PlayerId(0)), 8);
    // The owner's own settlement in the loop does not cut it.
    put_settlement(&mut g, 0, c(31));
    assert_eq!(g.road_length(PlayerId(0)), 8);
    // An opponent's settlement at 29 does: no trail passes 29 any more; the longest is
    // 15-14-19-18-21-31-32-29 (7), ending at the opponent's corner.
    put_settlement(&mut g, 1, c(29));
    assert_eq!(g.road_length(PlayerId(0)), 7);
}

#[test]
fn a_ring_beside_a_path_is_found() {
    // The search starts at corners of road degree other than 2; a ring has none, so it must
    // still be found when another component provides start corners.
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(18));
    put_roads(
        &mut g,
        0,
        &path(&[c(18), c(21), c(31), c(32), c(29), c(19), c(18)]),
    );
    put_settlement(&mut g, 0, c(39));
    put_roads(&mut g, 0, &path(&[c(39), c(38), c(42)]));
    assert_eq!(g.road_length(PlayerId(0)), 6);
    assert_eq!(g.road_length_brute(PlayerId(0)), 6);
}

/// Seat 0: settlement at 28 and `n0` roads along the row-0 zigzag 28-16-15-14-19-18-21;
/// seat 1: settlement at 39 and `n1` roads along 39-38-42-41-44-43-46;
/// seat 3: settlement at 11 and `n3` roads along 11-10-7-6-1-0;
/// seat 2: settlement at 4 and roads 4-3-14, ready to cut seat 0 at corner 14.
fn road_race(n0: usize, n1: usize, n3: usize) -> Game<'static> {
    let mut g = base_game(4);
    let z0 = [28, 16, 15, 14, 19, 18, 21].map(c);
    let z1 = [39, 38, 42, 41, 44, 43, 46].map(c);
    let z3 = [11, 10, 7, 6, 1, 0].map(c);
    put_settlement(&mut g, 0, z0[0]);
    put_roads(&mut g, 0, &path(&z0[..=n0]));
    put_settlement(&mut g, 1, z1[0]);
    put_roads(&mut g, 1, &path(&z1[..=n1]));
    put_settlement(&mut g, 3, z3[0]);
    put_roads(&mut g, 3, &path(&z3[..=n3]));
    put_settlement(&mut g, 2, c(4));
    put_roads(&mut g, 2, &path(&[c(4), c(3), c(14)]));
    g.check_invariants().unwrap();
    g
}

#[test]
fn longest_road_first_to_five_and_ties() {
    let mut g = road_race(4, 4, 3);
    assert_eq!(g.s.longest_road, NO_PLAYER);
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, ROAD_COST);
    let mut log = Log::default();
    g.try_apply(Action::BuildRoad(edge_between(c(19), c(18))), &mut log)
        .unwrap();
    assert_eq!(g.s.players[0].road_length, 5);
    assert_eq!(g.s.longest_road, 0);
    assert_eq!(g.s.players[0].vp, 3);
    assert!(log.0.contains(&Event::LongestRoad {
        holder: 0,
        length: 5
    }));
    g.check_invariants().unwrap();
    // Seat 1 ties at 5: the card stays.
    at_turn(&mut g, 1, Phase::Main);
    give(&mut g, 1, ROAD_COST);
    act(&mut g, Action::BuildRoad(edge_between(c(44), c(43))));
    assert_eq!(g.s.players[1].road_length, 5);
    assert_eq!(g.s.longest_road, 0);
    assert_eq!((g.s.players[0].vp, g.s.players[1].vp), (3, 1));
    // Strictly longer takes it.
    give(&mut g, 1, ROAD_COST);
    act(&mut g, Action::BuildRoad(edge_between(c(43), c(46))));
    assert_eq!(g.s.longest_road, 1);
    assert_eq!((g.s.players[0].vp, g.s.players[1].vp), (1, 3));
}

/// Seat 0 takes the card with a sixth road, then seat 2 cuts it at corner 14 (3 + 3 left).
fn cut_after(n1: usize, n3: usize) -> Game<'static> {
    let mut g = road_race(5, n1, n3);
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, ROAD_COST);
    act(&mut g, Action::BuildRoad(edge_between(c(18), c(21))));
    assert_eq!(g.s.players[0].road_length, 6);
    assert_eq!(g.s.longest_road, 0);
    assert_eq!(g.s.players[0].vp, 3);
    at_turn(&mut g, 2, Phase::Main);
    give(&mut g, 2, SETTLEMENT_COST);
    act(&mut g, Action::BuildSettlement(c(14)));
    assert_eq!(g.s.players[0].road_length, 3);
    g
}

#[test]
fn a_cut_road_passes_the_card_to_the_one_strictly_longest() {
    let g = cut_after(5, 4);
    assert_eq!(g.s.longest_road, 1);
    assert_eq!(g.s.players[0].vp, 1);
    assert_eq!(g.s.players[1].vp, 3);
}

#[test]
fn a_cut_road_sets_the_card_aside_on_a_tie() {
    let g = cut_after(5, 5);
    assert_eq!(g.s.longest_road, NO_PLAYER);
    assert_eq!([0, 1, 2, 3].map(|p| g.s.players[p].vp), [1, 1, 2, 1]);
}

#[test]
fn a_cut_road_sets_the_card_aside_when_all_are_short() {
    let g = cut_after(4, 4);
    assert_eq!(g.s.longest_road, NO_PLAYER);
    assert_eq!(g.s.players[0].vp, 1);
}

// ---------------------------------------------------------------- largest army

fn knight_now(g: &mut Game, p: u8) {
    at_turn(g, p, Phase::PreRoll);
    give_dev(g, p, DevCard::Knight, 1);
    act(g, Action::PlayKnight);
    assert_eq!(g.s.phase, Phase::MoveRobber);
}

#[test]
fn largest_army_first_to_three_then_strictly_more() {
    let mut g = base_game(3);
    for p in 0..3 {
        put_settlement(&mut g, p, [c(19), c(38), c(24)][p as usize]);
    }
    knight_now(&mut g, 0);
    knight_now(&mut g, 0);
    assert_eq!(g.s.largest_army, NO_PLAYER);
    knight_now(&mut g, 1);
    knight_now(&mut g, 1);
    knight_now(&mut g, 0);
    assert_eq!(g.s.largest_army, 0);
    assert_eq!(g.s.players[0].vp, 3);
    knight_now(&mut g, 1);
    assert_eq!(g.s.players[1].knights_played, 3);
    assert_eq!(g.s.largest_army, 0, "a tie does not take the card");
    knight_now(&mut g, 1);
    assert_eq!(g.s.largest_army, 1);
    assert_eq!((g.s.players[0].vp, g.s.players[1].vp), (1, 3));
    assert_eq!(g.s.played[DevCard::Knight.idx()], 7);
}
