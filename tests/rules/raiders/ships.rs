//! Raiders ships and trade routes: where ships go and move, joining roads and ships at own buildings, the longest trade route.

use super::*;

// ---------------------------------------------------------------------------------------------
// Ships

#[test]
fn ships_only_on_sea_edges_at_own_settlement_or_ship() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    put_ship(&mut g, 0, m::s1());
    // Seat 1 inland: no sea edge at its settlement.
    put_settlement(&mut g, 1, b.corner(0, 0, 2));
    give(&mut g, 0, [1, 2, 1, 0, 0]);
    // Ships: the two coast edges at the settlement, the volcano's two coast edges at the
    // ship's end. Roads: only at the settlement, never from the ship's end.
    assert_eq!(
        ships_offered(&g),
        edges([m::h5e2(), m::h5e3(), m::s2(), m::ve5()])
    );
    assert_eq!(roads_offered(&g), edges([m::h5e2(), m::h5e3()]));
    refused(&mut g, Action::BuildRoad(m::s2()));
    refused(&mut g, Action::BuildRoad(m::s1())); // no land on either side
    refused(&mut g, Action::BuildShip(b.edge(0, 1, 4))); // H5-Fi9, land on both sides
    assert!(raiders::ship_spots(&g, PlayerId(1)).is_empty());
    let log = step(&mut g, Action::BuildShip(m::s2()));
    assert_eq!(
        log.0[0],
        Event::Build {
            player: PlayerId(0),
            piece: Piece::Ship,
            at: m::s2().0,
            free: false
        }
    );
    let me = &g.s.players[0];
    assert_eq!(me.hand, [1, 1, 0, 0, 0], "a ship costs lumber and wool");
    assert_eq!(me.ships_left, SHIPS_PER_PLAYER - 2);
    assert_eq!(g.s.edge_owner[m::s2().idx()], 1 | SHIP_FLAG);
    assert!(me.net.contains(m::v1().idx()));
    assert_eq!(me.road_length, 2, "two ships in a route");
}

#[test]
fn roads_and_ships_join_only_at_own_buildings() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    put_road(&mut g, 0, m::h5e3()); // to (0, 4)
    put_ship(&mut g, 0, m::s1()); // to (1, 7)
    give(&mut g, 0, [2, 2, 1, 0, 0]);
    let fi9e2 = b.edge(-1, 1, 2); // (0, 4)-(-1, 5): coast, at the road's end
    assert!(g.topo.sea_edges.contains(fi9e2.idx()));
    assert!(roads_offered(&g).contains(&fi9e2));
    assert!(
        !ships_offered(&g).contains(&fi9e2),
        "a ship from a road's end"
    );
    refused(&mut g, Action::BuildShip(fi9e2));
    assert!(ships_offered(&g).contains(&m::ve5()));
    assert!(
        !roads_offered(&g).contains(&m::ve5()),
        "a road from a ship's end"
    );
    refused(&mut g, Action::BuildRoad(m::ve5()));
    // At the settlement both go on.
    assert!(ships_offered(&g).contains(&m::h5e2()));
    assert!(roads_offered(&g).contains(&m::h5e2()));
}

#[test]
fn a_settlement_can_be_founded_at_the_end_of_a_ship_route() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    put_ship(&mut g, 0, m::s1());
    give(&mut g, 0, SETTLEMENT_COST);
    assert!(settlements_offered(&g).is_empty(), "(1, 7) is too close");
    put_ship(&mut g, 0, m::s2());
    // (1, 7) is next to the settlement; (2, 8) is two steps away.
    assert_eq!(settlements_offered(&g), vec![m::v1()]);
    step(&mut g, Action::BuildSettlement(m::v1()));
    assert_eq!(g.s.phase, Phase::PlaceRaider);
    step(&mut g, Action::PlaceRaider(m::d()));
    step(&mut g, Action::PlaceRaider(m::d()));
    assert_eq!(g.s.phase, Phase::Main);
    assert!(g.s.players[0].buildings.contains(m::v1().idx()));
    assert_eq!(g.s.players[0].vp, 2);
}

#[test]
fn only_the_open_end_ship_moves_once_per_turn() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    put_ship(&mut g, 0, m::s1());
    put_ship(&mut g, 0, m::s2());
    // s1 lies between the settlement and s2: closed. s2 may go to any ship spot of the route
    // without it, but not back onto its own edge.
    assert_eq!(raiders::movable_ships(&g, PlayerId(0)), eset(&[m::s2()]));
    let want: Vec<(EdgeId, EdgeId)> = edges([m::h5e2(), m::h5e3(), m::ve5()])
        .into_iter()
        .map(|to| (m::s2(), to))
        .collect();
    assert_eq!(moves_offered(&g), want);
    refused(
        &mut g,
        Action::MoveShip {
            from: m::s1(),
            to: m::h5e2(),
        },
    );
    refused(
        &mut g,
        Action::MoveShip {
            from: m::s2(),
            to: m::s2(),
        },
    );
    refused(
        &mut g,
        Action::MoveShip {
            from: m::s2(),
            to: b.edge(0, 3, 5), // the jungle's coast edge at (2, 8): off the route once moved
        },
    );
    let log = step(
        &mut g,
        Action::MoveShip {
            from: m::s2(),
            to: m::ve5(),
        },
    );
    assert_eq!(
        log.0[0],
        Event::ShipMoved {
            player: PlayerId(0),
            from: m::s2(),
            to: m::ve5()
        }
    );
    let me = &g.s.players[0];
    assert_eq!(me.ships, eset(&[m::s1(), m::ve5()]));
    assert_eq!(me.ships_left, SHIPS_PER_PLAYER - 2);
    assert_eq!(me.hand, [0; 5], "moving is free");
    assert_eq!(g.s.edge_owner[m::s2().idx()], 0);
    assert_eq!(g.s.edge_owner[m::ve5().idx()], 1 | SHIP_FLAG);
    assert!(!me.net.contains(m::v1().idx()));
    assert!(g.s.raiders.ship_moved);
    assert!(moves_offered(&g).is_empty(), "once per turn");
}

#[test]
fn a_ship_built_this_turn_does_not_move_until_the_next() {
    let b = mini();
    let mut g = position(b, 3, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    put_ship(&mut g, 0, m::s1());
    assert_eq!(
        moves_offered(&g).len(),
        2,
        "the lone ship may move round the settlement"
    );
    give(&mut g, 0, SHIP_COST);
    step(&mut g, Action::BuildShip(m::s2()));
    assert!(g.s.raiders.new_ships.contains(m::s2().idx()));
    assert!(moves_offered(&g).is_empty());
    // Round the table with rolls of 12 (no hex has it).
    step(&mut g, Action::EndTurn);
    for _ in 0..2 {
        roll(&mut g, 6, 6);
        step(&mut g, Action::EndTurn);
    }
    assert_eq!(g.s.current, 0);
    assert!(g.s.raiders.new_ships.is_empty());
    roll(&mut g, 6, 6);
    assert!(!moves_offered(&g).is_empty());
    assert!(moves_offered(&g).iter().all(|&(from, _)| from == m::s2()));
}

#[test]
fn another_players_settlement_blocks_a_ship_route() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    put_ship(&mut g, 0, m::s1());
    put_ship(&mut g, 0, m::s2());
    put_settlement(&mut g, 1, m::v1());
    give(&mut g, 0, SHIP_COST);
    let je5 = b.edge(0, 3, 5); // (2, 8)-(3, 7)
    assert!(g.topo.sea_edges.contains(je5.idx()));
    assert_eq!(ships_offered(&g), edges([m::h5e2(), m::h5e3(), m::ve5()]));
    refused(&mut g, Action::BuildShip(je5));
    // Seat 1 may set out from there.
    assert!(raiders::ship_spots(&g, PlayerId(1)).contains(je5.idx()));
    assert!(!raiders::ship_spots(&g, PlayerId(1)).contains(m::ve5().idx()));
}

#[test]
fn ships_still_sail_from_a_taken_coastal_settlement() {
    let mut g = position(mini(), 4, Phase::Main);
    put_settlement(&mut g, 0, m::south()); // H5 is its only numbered hex
    put_ship(&mut g, 0, m::s1());
    storm_on_mini(&mut g, &[m::h5()]);
    assert_eq!(g.s.raiders.taken, cset(&[m::south()]));
    assert_eq!(g.s.players[0].vp, 0);
    give(&mut g, 0, SHIP_COST);
    assert_eq!(
        ships_offered(&g),
        edges([m::h5e2(), m::h5e3(), m::s2(), m::ve5()])
    );
    step(&mut g, Action::BuildShip(m::h5e2()));
}

#[test]
fn road_building_may_place_free_ships() {
    let mut g = position(mini(), 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    give_dev(&mut g, 0, DevCard::RoadBuilding, 1);
    step(&mut g, Action::PlayRoadBuilding);
    assert_eq!(g.s.phase, Phase::RoadBuilding);
    assert_eq!(ships_offered(&g), edges([m::s1(), m::h5e2(), m::h5e3()]));
    assert_eq!(roads_offered(&g), edges([m::h5e2(), m::h5e3()]));
    let log = step(&mut g, Action::BuildShip(m::s1()));
    assert_eq!(
        log.0[0],
        Event::Build {
            player: PlayerId(0),
            piece: Piece::Ship,
            at: m::s1().0,
            free: true
        }
    );
    assert_eq!(g.s.phase, Phase::RoadBuilding);
    step(&mut g, Action::BuildShip(m::s2()));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[0].hand, [0; 5]);
    assert_eq!(g.s.players[0].ships_left, SHIPS_PER_PLAYER - 2);
}

// ---------------------------------------------------------------------------------------------
// The longest trade route

/// Three roads west from the south coast corner: (1, 5)-(0, 4)-(-1, 5)-(-2, 4).
fn west_roads(b: Board) -> [EdgeId; 3] {
    [m::h5e3(), b.edge(-1, 1, 2), b.edge(-1, 1, 3)]
}

#[test]
fn roads_and_ships_joined_at_own_settlement_make_one_trade_route() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, m::south());
    for e in west_roads(b) {
        put_road(&mut g, 0, e);
    }
    put_ship(&mut g, 0, m::s1());
    assert_eq!(g.s.players[0].road_length, 4);
    assert_eq!(g.s.longest_road, NO_PLAYER);
    assert_eq!(g.s.players[0].vp, 1);
    give(&mut g, 0, SHIP_COST);
    let log = step(&mut g, Action::BuildShip(m::s2()));
    assert!(log.0.contains(&Event::LongestRoad {
        holder: 0,
        length: 5
    }));
    assert_eq!(g.s.players[0].road_length, 5);
    assert_eq!(g.s.longest_road, 0);
    assert_eq!(g.s.players[0].vp, 3, "1 + 2 for the longest trade route");
}

#[test]
fn roads_and_ships_meeting_at_a_bare_corner_do_not_join() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    let [r1, r2, r3] = west_roads(b);
    put_settlement(&mut g, 0, b.corner(-1, 1, 4)); // (-2, 4), the far end of the roads
    for e in [r3, r2, r1] {
        put_road(&mut g, 0, e);
    }
    put_ship(&mut g, 0, m::s1());
    put_ship(&mut g, 0, m::s2());
    assert_eq!(
        g.s.players[0].road_length, 3,
        "three roads; the ships apart"
    );
    assert_eq!(raiders::route_length(&g, PlayerId(0)), 3);
    assert_eq!(g.s.longest_road, NO_PLAYER);
    assert_eq!(g.s.players[0].vp, 1);
    // A settlement on the meeting corner joins them.
    put_settlement(&mut g, 0, m::south());
    assert_eq!(g.s.players[0].road_length, 5);
    assert_eq!(g.s.longest_road, 0);
    assert_eq!(g.s.players[0].vp, 4);
}
