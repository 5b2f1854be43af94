//! Raiders set-up: the home island, the first settlement on the coast with a ship, the volcano-start and set-up-raiders options.

use super::*;

// ---------------------------------------------------------------------------------------------
// Set-up

#[test]
fn setup_on_the_home_island_first_settlement_on_the_coast_with_a_ship() {
    let b = mini();
    let t = b.0;
    let mut g = game(b, 3, RaidersRules::default());
    assert_eq!(g.s.phase, Phase::SetupSettlement);
    // First round: the 18 coast corners of the home island, nothing inland or on the isle.
    assert_eq!(
        settlements_offered(&g),
        corners(t.home_corners.intersect(t.coast_corners).iter())
    );
    assert_eq!(settlements_offered(&g).len(), 18);
    refused(&mut g, Action::BuildSettlement(b.corner(0, 0, 2))); // inland
    refused(&mut g, Action::BuildSettlement(m::v1())); // the isle
    step(&mut g, Action::BuildSettlement(m::south()));
    assert_eq!(g.s.phase, Phase::SetupRoad);
    // A ship on one of its sea edges (all three here), no road.
    assert_eq!(ships_offered(&g), edges([m::s1(), m::h5e2(), m::h5e3()]));
    assert!(roads_offered(&g).is_empty());
    refused(&mut g, Action::BuildRoad(m::h5e3()));
    let log = step(&mut g, Action::BuildShip(m::s1()));
    assert!(log.0.contains(&Event::Build {
        player: PlayerId(0),
        piece: Piece::Ship,
        at: m::s1().0,
        free: true
    }));
    assert_eq!(g.s.players[0].ships, eset(&[m::s1()]));
    assert_eq!(g.s.players[0].ships_left, SHIPS_PER_PLAYER - 1);
    assert_eq!(g.s.players[0].roads_left, ROADS_PER_PLAYER);
    assert_eq!(
        g.s.players[0].hand, [0; 5],
        "the first settlement pays nothing"
    );
    assert_eq!(g.s.raiders.pool, 18, "set-up places no raiders by default");
    assert_eq!(g.s.current, 1);

    // Seats 1 and 2 on the coast: the top of M8 (degree 2) and the left of P10.
    step(&mut g, Action::BuildSettlement(b.corner(0, -1, 0)));
    assert_eq!(ships_offered(&g).len(), 2);
    let e = ships_offered(&g)[0];
    step(&mut g, Action::BuildShip(e));
    step(&mut g, Action::BuildSettlement(b.corner(-1, 0, 4)));
    let e = ships_offered(&g)[0];
    step(&mut g, Action::BuildShip(e));

    // Second round (seat 2 first): inland corners are open, and a road follows.
    assert_eq!(g.s.current, 2);
    let offered = settlements_offered(&g);
    assert!(offered.contains(&b.corner(0, 0, 1)), "an inland corner");
    assert!(!offered.contains(&m::v1()), "still not the isle");
    let c = b.corner(0, 0, 1); // D, F6, P4
    step(&mut g, Action::BuildSettlement(c));
    assert_eq!(g.s.players[2].hand, [0, 1, 1, 0, 0], "lumber and wool");
    assert!(ships_offered(&g).is_empty());
    assert_eq!(
        roads_offered(&g),
        edges(t.corner_edge_set[c.idx()].iter().map(|e| EdgeId(e as u8)))
    );
    let e = roads_offered(&g)[0];
    step(&mut g, Action::BuildRoad(e));
    step(&mut g, Action::BuildSettlement(b.corner(0, 0, 4))); // D, P10, Fi9
    assert_eq!(g.s.players[1].hand, [0, 0, 1, 1, 0]);
    let e = roads_offered(&g)[0];
    step(&mut g, Action::BuildRoad(e));
    // Seat 0's second settlement on the coast (H5, F6): still a road, not a ship.
    let c = b.corner(0, 1, 1);
    step(&mut g, Action::BuildSettlement(c));
    assert_eq!(g.s.players[0].hand, [1, 1, 0, 0, 0]);
    let coast_edge = b.edge(0, 1, 1); // (2, 2)-(2, 4), H5 and the outside
    assert!(t.sea_edges.contains(coast_edge.idx()));
    assert!(ships_offered(&g).is_empty());
    assert!(roads_offered(&g).contains(&coast_edge));
    refused(&mut g, Action::BuildShip(coast_edge));
    step(&mut g, Action::BuildRoad(coast_edge));
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!((g.s.turn, g.s.current), (1, 0));
    for p in 0..3 {
        assert_eq!(g.s.players[p].vp, 2);
        assert_eq!(g.s.players[p].ships.len(), 1);
        assert_eq!(g.s.players[p].roads.len(), 1);
    }
}

#[test]
fn volcano_start_option_decides_setup_corners_touching_a_volcano() {
    let b = storm_board();
    let t = b.0;
    let v = t.volcano_corners;
    let inland = b.corner(2, -1, 3);
    for allow in [false, true] {
        let mut g = game(b, 4, opts(false, allow));
        let offered: CornerSet = settlements_offered(&g).iter().map(|c| c.idx()).collect();
        assert!(!offered.is_empty());
        if allow {
            // Every volcano corner on the coast.
            assert_eq!(offered.intersect(v), v.minus(cset(&[inland])));
            assert_eq!(offered.intersect(v).len(), 5);
            // And in the second round the inland one too.
            g.s.setup_step = 4;
            assert!(raiders::setup_corners(&g).contains(inland.idx()));
        } else {
            assert!(offered.intersect(v).is_empty(), "volcano corners offered");
            refused(&mut g, Action::BuildSettlement(b.corner(2, -1, 0)));
            g.s.setup_step = 4;
            assert!(raiders::setup_corners(&g).intersect(v).is_empty());
            assert!(!raiders::setup_corners(&g).is_empty());
        }
    }
}

#[test]
fn setup_raiders_option_makes_setup_settlements_place_raiders() {
    let b = mini();
    for setup_raiders in [false, true] {
        let mut g = game(b, 4, opts(setup_raiders, false));
        let log = step(&mut g, Action::BuildSettlement(m::south()));
        if setup_raiders {
            assert_eq!(g.s.phase, Phase::PlaceRaider);
            assert_eq!(g.s.raiders.to_place, 2);
            assert_eq!(legal(&g), vec![Action::PlaceRaider(m::d())]);
            refused(&mut g, Action::PlaceRaider(m::f6()));
            step(&mut g, Action::PlaceRaider(m::d()));
            let log = step(&mut g, Action::PlaceRaider(m::d()));
            assert_eq!(
                log.0,
                vec![Event::RaiderPlaced {
                    player: PlayerId(0),
                    desert: m::d()
                }]
            );
            assert_eq!(g.s.phase, Phase::SetupRoad, "back to the ship");
            assert_eq!(g.s.raiders.pool, 16);
            assert_eq!(g.s.raiders.on_desert[0], 2);
        } else {
            assert_eq!(g.s.phase, Phase::SetupRoad);
            assert_eq!(g.s.raiders.pool, 18);
            assert_eq!(g.s.raiders.on_desert[0], 0);
            assert!(!log
                .0
                .iter()
                .any(|e| matches!(e, Event::RaiderPlaced { .. })));
        }
        assert_eq!(ships_offered(&g).len(), 3);
    }
}

#[test]
fn setup_raiders_with_three_players_empties_the_pool_during_setup() {
    // 6 set-up settlements x 3 raiders = the whole pool of 18.
    let mut g = game(mini(), 3, opts(true, false));
    let mut log = Log::default();
    while g.s.phase != Phase::PreRoll {
        let a = *legal(&g).first().expect("a legal set-up action");
        g.try_apply(a, &mut log).unwrap();
        g.check_invariants().unwrap();
    }
    let placed = log
        .0
        .iter()
        .filter(|e| matches!(e, Event::RaiderPlaced { .. }))
        .count();
    assert_eq!(placed, 18);
    assert!(log.0.contains(&Event::StormBegins { turn: 0 }));
    assert_eq!(g.s.raiders.pool, 0);
    assert_eq!(g.s.raiders.on_desert[0], 18);
    assert!(raiders::storm(&g.s));
    assert_eq!(g.s.turn, 1);
}
