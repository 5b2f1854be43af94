//! Base set-up and roads: the snake order, the distance rule, roads touching the own network.

use super::*;

// ---------------------------------------------------------------- set-up

fn setup_seats(n: u8) -> Vec<u8> {
    let mut g = base_game(n);
    let mut seats = Vec::new();
    while matches!(g.s.phase, Phase::SetupSettlement | Phase::SetupRoad) {
        let a = legal(&g)[0];
        if g.s.phase == Phase::SetupSettlement {
            seats.push(g.s.current);
        }
        act(&mut g, a);
    }
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!((g.s.current, g.s.turn), (0, 1));
    for p in 0..n as usize {
        assert_eq!(g.s.players[p].buildings.len(), 2);
        assert_eq!(g.s.players[p].roads.len(), 2);
        assert_eq!(g.s.players[p].vp, 2);
    }
    seats
}

#[test]
fn setup_follows_the_snake_order() {
    assert_eq!(setup_seats(4), vec![0, 1, 2, 3, 3, 2, 1, 0]);
    assert_eq!(setup_seats(3), vec![0, 1, 2, 2, 1, 0]);
    assert_eq!(setup_seats(2), vec![0, 1, 1, 0]);
}

#[test]
fn setup_distance_rule() {
    let mut g = base_game(3);
    assert_eq!(legal(&g).len(), 54);
    act(&mut g, Action::BuildSettlement(c(19)));
    let road = road_actions(&g)[0];
    act(&mut g, Action::BuildRoad(road));
    // Seat 1: neither corner 19 nor its neighbours 18, 14, 29.
    let offered: Vec<CornerId> = legal(&g)
        .into_iter()
        .map(|a| match a {
            Action::BuildSettlement(c) => c,
            a => panic!("unexpected {a:?}"),
        })
        .collect();
    assert_eq!(offered.len(), 50);
    for bad in [19, 18, 14, 29] {
        assert!(!offered.contains(&c(bad)), "corner {bad} offered");
        refused(&mut g, Action::BuildSettlement(c(bad)));
    }
    // Two steps away is fine.
    assert!(offered.contains(&c(9)) && offered.contains(&c(30)));
}

#[test]
fn setup_road_touches_the_new_settlement() {
    let mut g = base_game(2);
    act(&mut g, Action::BuildSettlement(c(19)));
    assert_eq!(g.s.phase, Phase::SetupRoad);
    let want = {
        let mut v = vec![
            edge_between(c(19), c(18)),
            edge_between(c(19), c(14)),
            edge_between(c(19), c(29)),
        ];
        v.sort();
        v
    };
    assert_eq!(road_actions(&g), want);
    refused(&mut g, Action::BuildRoad(edge_between(c(18), c(21))));
    act(&mut g, Action::BuildRoad(want[0]));
    // Seat 1's road must touch seat 1's settlement, not seat 0's.
    act(&mut g, Action::BuildSettlement(c(38)));
    let want1 = {
        let mut v = vec![
            edge_between(c(38), c(30)),
            edge_between(c(38), c(39)),
            edge_between(c(38), c(42)),
        ];
        v.sort();
        v
    };
    assert_eq!(road_actions(&g), want1);
    refused(&mut g, Action::BuildRoad(want[1]));
}

#[test]
fn only_the_second_settlement_pays() {
    let mut g = base_game(2);
    // Seat 0 first: corner 24 (hills, forest, mountains) pays nothing.
    act(&mut g, Action::BuildSettlement(c(24)));
    assert_eq!(g.s.players[0].hand, [0; 5]);
    act(&mut g, Action::BuildRoad(edge_between(c(24), c(23))));
    act(&mut g, Action::BuildSettlement(c(38)));
    assert_eq!(g.s.players[1].hand, [0; 5]);
    act(&mut g, Action::BuildRoad(edge_between(c(38), c(39))));
    // Seat 1 second: corner 41 (mountains, fields, fields): 1 ore, 2 grain.
    assert_eq!(g.s.current, 1);
    act(&mut g, Action::BuildSettlement(c(41)));
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 2, 1]);
    act(&mut g, Action::BuildRoad(edge_between(c(41), c(44))));
    // Seat 0 second: corner 29 (forest, desert, mountains): the desert pays nothing.
    assert_eq!(g.s.current, 0);
    act(&mut g, Action::BuildSettlement(c(29)));
    assert_eq!(g.s.players[0].hand, [0, 1, 0, 0, 1]);
    assert_eq!(g.s.bank, [19, 18, 19, 17, 17]);
}

// ---------------------------------------------------------------- roads

#[test]
fn a_road_must_touch_the_own_network() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_road(&mut g, 0, edge_between(c(19), c(18)));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, ROAD_COST);
    // Corners 19 and 18 each have two more edges.
    let mut want = path(&[c(14), c(19), c(29)]);
    want.extend(path(&[c(9), c(18), c(21)]));
    want.sort();
    assert_eq!(road_actions(&g), want);
    refused(&mut g, Action::BuildRoad(edge_between(c(21), c(31))));
    act(&mut g, Action::BuildRoad(edge_between(c(18), c(21))));
    assert_eq!(g.s.players[0].hand, [0; 5]);
    assert_eq!(g.s.players[0].roads_left, 13);
    assert_eq!(g.s.players[0].road_length, 2);
}

#[test]
fn a_road_cannot_continue_through_an_opponents_settlement() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_road(&mut g, 0, edge_between(c(19), c(18)));
    put_road(&mut g, 0, edge_between(c(18), c(21)));
    put_settlement(&mut g, 1, c(21));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, ROAD_COST);
    let roads = road_actions(&g);
    for e in path(&[c(20), c(21), c(31)]) {
        assert!(
            !roads.contains(&e),
            "road past the opponent's settlement offered"
        );
        refused(&mut g, Action::BuildRoad(e));
    }
    // The own corners still extend.
    assert!(roads.contains(&edge_between(c(18), c(9))));
    // Seat 1's settlement was placed after the roads: seat 0's trail is cut at 21 but still 2.
    assert_eq!(g.road_length(PlayerId(0)), 2);
}
