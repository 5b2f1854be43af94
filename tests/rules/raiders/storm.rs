//! Raiders placed on build and the storm: counts by players, the deserts they go to, the storm's raids, raided hexes blocking production.

use super::*;

// ---------------------------------------------------------------------------------------------
// Raiders placed on build

#[test]
fn raider_counts_by_player_count() {
    for (players, pool, per) in [(3, 18, 3), (4, 18, 2), (5, 24, 3), (6, 24, 2)] {
        assert_eq!(RaidersRules::seed_pool(players), pool);
        assert_eq!(RaidersRules::seed_per_build(players), per);
        let g = game(mini(), players, RaidersRules::default());
        assert_eq!(g.s.raiders.pool, pool);
        assert_eq!(g.rules.vp_to_win, 13);
        for p in 0..players as usize {
            assert_eq!(g.s.players[p].ships_left, SHIPS_PER_PLAYER);
        }
    }
}

#[test]
fn each_settlement_and_city_places_raiders_on_raider_deserts() {
    let b = mini();
    for (players, per) in [(3u8, 3u8), (4, 2), (5, 3), (6, 2)] {
        let pool = RaidersRules::seed_pool(players);
        let mut g = builder(players);
        give(&mut g, 0, SETTLEMENT_COST);
        let spot = b.corner(0, 0, 0);
        assert_eq!(settlements_offered(&g), vec![spot]);
        step(&mut g, Action::BuildSettlement(spot));
        assert_eq!(g.s.phase, Phase::PlaceRaider, "{players} players");
        assert_eq!(g.s.raiders.to_place, per);
        assert_eq!(legal(&g), vec![Action::PlaceRaider(m::d())]);
        refused(&mut g, Action::PlaceRaider(m::f6()));
        refused(&mut g, Action::EndTurn);
        let mut placed = 0;
        while g.s.phase == Phase::PlaceRaider {
            let log = step(&mut g, Action::PlaceRaider(m::d()));
            assert_eq!(
                log.0[0],
                Event::RaiderPlaced {
                    player: PlayerId(0),
                    desert: m::d()
                }
            );
            placed += 1;
        }
        assert_eq!(placed, per, "{players} players");
        assert_eq!(g.s.phase, Phase::Main);
        assert_eq!(g.s.raiders.pool, pool - per);
        assert_eq!(g.s.raiders.on_desert[0], per);
        // A city too.
        give(&mut g, 0, CITY_COST);
        step(&mut g, Action::BuildCity(spot));
        assert_eq!(g.s.phase, Phase::PlaceRaider);
        assert_eq!(g.s.raiders.to_place, per);
        for _ in 0..per {
            step(&mut g, Action::PlaceRaider(m::d()));
        }
        assert_eq!(g.s.phase, Phase::Main);
        assert_eq!(g.s.raiders.pool, pool - 2 * per);
        assert_eq!(g.s.raiders.on_desert[0], 2 * per);
        assert_eq!(g.s.players[0].vp, 3);
    }
}

#[test]
fn raiders_go_on_any_raider_desert_of_the_builders_choice() {
    let b = storm_board();
    let mut g = position(b, 4, Phase::Main);
    let (d1, d2) = (b.hex(0, 0), b.hex(4, 0));
    // Seat 0 on (1, 0)'s bottom corner with two roads along A to a free corner.
    put_settlement(&mut g, 0, b.corner(1, 0, 3));
    put_road(&mut g, 0, b.edge(1, 0, 2));
    put_road(&mut g, 0, b.edge(1, 0, 1));
    give(&mut g, 0, SETTLEMENT_COST);
    let spot = b.corner(1, 0, 1);
    step(&mut g, Action::BuildSettlement(spot));
    let mut offered = legal(&g);
    offered.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        offered,
        vec![Action::PlaceRaider(d1), Action::PlaceRaider(d2)]
    );
    step(&mut g, Action::PlaceRaider(d2));
    step(&mut g, Action::PlaceRaider(d1));
    assert_eq!(g.s.raiders.on_desert[..2], [1, 1]);
}

#[test]
fn the_last_raider_of_the_pool_starts_the_storm() {
    // 4 players, one raider left: the build owes 2 but places 1.
    let mut g = builder(4);
    set_raiders(&mut g, 1, &[17], &[]);
    give(&mut g, 0, SETTLEMENT_COST);
    let spot = mini().corner(0, 0, 0);
    step(&mut g, Action::BuildSettlement(spot));
    assert_eq!(g.s.raiders.to_place, 1);
    let log = step(&mut g, Action::PlaceRaider(m::d()));
    assert_eq!(
        log.0[..2],
        [
            Event::RaiderPlaced {
                player: PlayerId(0),
                desert: m::d()
            },
            Event::StormBegins { turn: 1 },
        ]
    );
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.raiders.pool, 0);
    assert_eq!(g.s.raiders.storm_turn, 1);
    assert!(raiders::storm(&g.s));
    // Later builds place nothing.
    give(&mut g, 0, CITY_COST);
    let log = step(&mut g, Action::BuildCity(spot));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.raiders.to_place, 0);
    assert!(!log
        .0
        .iter()
        .any(|e| matches!(e, Event::RaiderPlaced { .. } | Event::StormBegins { .. })));

    // 3 players, two left: the build owes 3, places 2, and the storm begins with the second.
    let mut g = builder(3);
    g.s.turn = 7;
    set_raiders(&mut g, 2, &[16], &[]);
    give(&mut g, 0, SETTLEMENT_COST);
    step(&mut g, Action::BuildSettlement(spot));
    assert_eq!(g.s.raiders.to_place, 2);
    let log = step(&mut g, Action::PlaceRaider(m::d()));
    assert_eq!(log.0.len(), 1);
    assert_eq!(g.s.phase, Phase::PlaceRaider);
    let log = step(&mut g, Action::PlaceRaider(m::d()));
    assert!(log.0.contains(&Event::StormBegins { turn: 7 }));
    assert_eq!(g.s.raiders.storm_turn, 7);
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.raiders.on_desert[0], 18);
}

// ---------------------------------------------------------------------------------------------
// The storm (raiders-storm map)

fn storm_game(pool: u8, on_desert: [u8; 2], raided: &[HexId]) -> Game<'static> {
    let mut g = position(storm_board(), 4, Phase::PreRoll);
    set_raiders(&mut g, pool, &on_desert, raided);
    g
}

struct S {
    d1: HexId,
    a: HexId,
    b: HexId,
    c: HexId,
    d2: HexId,
    e: HexId,
}

fn s() -> S {
    let b = storm_board();
    S {
        d1: b.hex(0, 0),
        a: b.hex(1, 0),
        b: b.hex(2, 0),
        c: b.hex(3, 0),
        d2: b.hex(4, 0),
        e: b.hex(5, 0),
    }
}

#[test]
fn the_storm_raids_every_hex_of_the_number_next_to_raiders_at_once() {
    let s = s();
    let mut g = storm_game(0, [9, 9], &[]);
    let log = roll(&mut g, 1, 5);
    // A next to D1 and E next to D2 at once; B borders only A, raided by this same roll.
    assert_eq!(raids(&log), vec![(s.a, s.d1), (s.e, s.d2)]);
    assert_eq!(g.s.raiders.raided, hexset(&[s.a, s.e]));
    assert_eq!(g.s.raiders.arrived, hexset(&[s.a, s.e]));
    assert_eq!(g.s.raiders.on_desert[..2], [8, 8]);
    // Next turn the same number: B now borders a raided hex; A and E hold one raider each.
    step(&mut g, Action::EndTurn);
    assert!(g.s.raiders.arrived.is_empty());
    let log = roll(&mut g, 2, 4);
    assert_eq!(
        raids(&log),
        vec![(s.b, s.d1)],
        "ties go to the first desert"
    );
    assert_eq!(g.s.raiders.raided, hexset(&[s.a, s.b, s.e]));
    assert_eq!(g.s.raiders.on_desert[..2], [7, 8]);
    // An 8: C borders D2 (and B); the raider comes from D2, which holds the most.
    step(&mut g, Action::EndTurn);
    let log = roll(&mut g, 3, 5);
    assert_eq!(raids(&log), vec![(s.c, s.d2)]);
    assert_eq!(g.s.raiders.on_desert[..2], [7, 7]);
    // Never a desert; one raider per hex: another 6 raids nothing.
    step(&mut g, Action::EndTurn);
    let log = roll(&mut g, 3, 3);
    assert!(raids(&log).is_empty());
    assert_eq!(g.s.raiders.raided.len(), 4);
    assert!(g
        .s
        .raiders
        .raided
        .intersect(g.topo.raider_deserts)
        .is_empty());
    assert_eq!(raiders::desert_stock(&g.s) + 4, 18);
}

#[test]
fn the_raider_comes_from_the_desert_holding_the_most() {
    let s = s();
    let mut g = storm_game(0, [3, 15], &[]);
    let log = roll(&mut g, 1, 5);
    assert_eq!(raids(&log), vec![(s.a, s.d2), (s.e, s.d2)]);
    assert_eq!(g.s.raiders.on_desert[..2], [3, 13]);
    let mut g = storm_game(0, [10, 8], &[]);
    let log = roll(&mut g, 1, 5);
    assert_eq!(raids(&log), vec![(s.a, s.d1), (s.e, s.d1)]);
    assert_eq!(g.s.raiders.on_desert[..2], [8, 8]);
}

#[test]
fn no_storm_while_the_pool_is_not_empty() {
    let mut g = storm_game(2, [8, 8], &[]);
    assert!(!raiders::storm(&g.s));
    let log = roll(&mut g, 1, 5);
    assert!(raids(&log).is_empty());
    assert!(g.s.raiders.raided.is_empty());
    assert_eq!(g.s.raiders.on_desert[..2], [8, 8]);
}

#[test]
fn the_storm_spreads_from_an_emptied_starting_desert() {
    // D1 has no raider left, but A still borders a starting desert: A is raided, with a raider
    // from D2, as is E next to D2.
    let s = s();
    let mut g = storm_game(0, [0, 9], &[]);
    let log = roll(&mut g, 1, 5);
    assert_eq!(raids(&log), vec![(s.a, s.d2), (s.e, s.d2)]);
    assert_eq!(g.s.raiders.on_desert[..2], [0, 7]);
    // And on from A: B borders the raided A.
    step(&mut g, Action::EndTurn);
    let log = roll(&mut g, 2, 4);
    assert_eq!(raids(&log), vec![(s.b, s.d2)]);
    assert_eq!(g.s.raiders.on_desert[..2], [0, 6]);
}

#[test]
fn a_raid_needs_raiders_left_on_the_deserts() {
    let s = s();
    let mut g = storm_game(0, [1, 0], &[]);
    let log = roll(&mut g, 1, 5);
    assert_eq!(raids(&log), vec![(s.a, s.d1)], "E waits: no raider left");
    assert_eq!(g.s.raiders.on_desert[..2], [0, 0]);
    step(&mut g, Action::EndTurn);
    let log = roll(&mut g, 2, 4);
    assert!(raids(&log).is_empty());
    assert_eq!(g.s.raiders.raided, hexset(&[s.a]));
}

// ---------------------------------------------------------------------------------------------
// Blocked production

#[test]
fn a_raided_hex_produces_the_turn_its_raider_arrives_then_not() {
    let b = mini();
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, b.corner(0, 0, 2)); // D, F6, H5
    storm_on_mini(&mut g, &[]);
    let log = roll(&mut g, 1, 5);
    assert_eq!(raids(&log), vec![(m::f6(), m::d())]);
    assert_eq!(
        g.s.players[0].hand,
        [0, 1, 0, 0, 0],
        "the arrival turn produces"
    );
    assert_eq!(g.s.raiders.arrived, hexset(&[m::f6()]));
    assert!(g.s.raiders.taken.is_empty(), "H5 is free");
    step(&mut g, Action::EndTurn);
    assert!(g.s.raiders.arrived.is_empty(), "cleared at the next turn");
    let log = roll(&mut g, 2, 4);
    assert!(raids(&log).is_empty());
    assert_eq!(g.s.players[0].hand, [0, 1, 0, 0, 0], "blocked");
    assert!(!log.0.iter().any(|e| matches!(e, Event::Produce { .. })));
    // The free hex still produces.
    step(&mut g, Action::EndTurn);
    g.s.raiders.on_desert[0] = 0; // no further raids
    g.s.players[3].raiders_kept += 17;
    g.check_invariants().unwrap();
    roll(&mut g, 2, 3);
    assert_eq!(g.s.players[0].hand, [1, 1, 0, 0, 0]);
}
