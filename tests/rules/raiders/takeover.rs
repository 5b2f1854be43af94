//! Raiders cancelled roads and taken buildings: roads between covered hexes, buildings surrounded by raiders, soldiers freeing them.

use super::*;

// ---------------------------------------------------------------------------------------------
// Cancelled roads

#[test]
fn a_road_between_two_covered_hexes_is_cancelled_until_a_soldier_frees_one() {
    let b = mini();
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, b.corner(0, 0, 2)); // (1, 1)
    let r1 = b.edge(0, 0, 1); // (1, 1)-(1, -1): D | F6
    let r2 = b.edge(0, 0, 0); // (1, -1)-(0, -2): D | P4
    put_road(&mut g, 0, r1);
    put_road(&mut g, 0, r2);
    storm_on_mini(&mut g, &[]);
    give(&mut g, 0, [2, 2, 1, 1, 0]);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    let spot = b.corner(0, 0, 0);
    let beyond = b.edge(0, 0, 5); // (-1, -1)-(0, -2): from the spot on
    assert_eq!(g.s.players[0].road_length, 2);
    // A 4 raids P4 next to the desert holding raiders: r2 lies between two covered hexes.
    let log = roll(&mut g, 1, 3);
    assert_eq!(raids(&log), vec![(m::p4(), m::d())]);
    assert!(log.0.contains(&Event::RoadCancelled {
        player: PlayerId(0),
        at: r2.0,
        cancelled: true
    }));
    assert_eq!(g.s.raiders.cancelled, eset(&[r2]));
    assert!(
        g.s.players[0].roads.contains(r2.idx()),
        "still on the board"
    );
    assert_eq!(g.s.players[0].road_length, 1, "not in the trade route");
    assert!(
        !settlements_offered(&g).contains(&spot),
        "no settlement from it"
    );
    assert!(!roads_offered(&g).contains(&beyond), "no road from its end");
    refused(&mut g, Action::BuildSettlement(spot));
    // A soldier takes the raider off P4: the road is back.
    step(&mut g, Action::PlayKnight);
    assert_eq!(g.s.phase, Phase::RemoveRaider);
    let mut offered = legal(&g);
    offered.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        offered,
        vec![Action::RemoveRaider(m::d()), Action::RemoveRaider(m::p4())]
    );
    let log = step(&mut g, Action::RemoveRaider(m::p4()));
    assert!(log.0.contains(&Event::RoadCancelled {
        player: PlayerId(0),
        at: r2.0,
        cancelled: false
    }));
    assert!(log.0.contains(&Event::RaiderRemoved {
        player: PlayerId(0),
        hex: m::p4()
    }));
    assert_eq!(g.s.phase, Phase::Main);
    assert!(g.s.raiders.cancelled.is_empty());
    assert_eq!(g.s.players[0].road_length, 2);
    assert_eq!(settlements_offered(&g), vec![spot]);
    assert!(roads_offered(&g).contains(&beyond));
}

#[test]
fn an_empty_raider_desert_no_longer_covers() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, b.corner(0, 0, 2));
    let r1 = b.edge(0, 0, 1); // D | F6
    put_road(&mut g, 0, r1);
    set_raiders(&mut g, 0, &[1], &[m::f6()]);
    assert_eq!(g.s.raiders.cancelled, eset(&[r1]));
    assert_eq!(g.s.players[0].road_length, 0);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    step(&mut g, Action::PlayKnight);
    let log = step(&mut g, Action::RemoveRaider(m::d()));
    assert!(log.0.contains(&Event::RoadCancelled {
        player: PlayerId(0),
        at: r1.0,
        cancelled: false
    }));
    assert_eq!(g.s.raiders.on_desert[0], 0);
    assert!(
        g.s.raiders.raided.contains(m::f6().idx()),
        "F6 keeps its raider"
    );
    assert_eq!(g.s.players[0].road_length, 1);
}

#[test]
fn a_road_is_cancelled_when_built_between_covered_hexes() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    put_settlement(&mut g, 0, b.corner(0, 0, 2));
    storm_on_mini(&mut g, &[m::f6()]);
    give(&mut g, 0, ROAD_COST);
    let r1 = b.edge(0, 0, 1);
    let log = step(&mut g, Action::BuildRoad(r1));
    assert!(log.0.contains(&Event::RoadCancelled {
        player: PlayerId(0),
        at: r1.0,
        cancelled: true
    }));
    assert_eq!(g.s.players[0].road_length, 0);
}

// ---------------------------------------------------------------------------------------------
// Buildings taken and freed

#[test]
fn a_jungle_is_no_producing_neighbour_unless_jungle_shelters() {
    let b = mini();
    // The corner of the jungle J11 (0, 3), the sea (1, 2) and the forest F9 (1, 3).
    let c = b.corner(0, 3, 1);
    let mut want = vec![b.hex(1, 2), b.hex(0, 3), b.hex(1, 3)];
    want.sort();
    assert_eq!(corner_hexes(b, c), want);
    for (shelters, taken) in [(false, true), (true, false)] {
        let mut g = game(
            b,
            4,
            RaidersRules {
                jungle_shelters: shelters,
                ..RaidersRules::default()
            },
        );
        at_turn(&mut g, 0, Phase::PreRoll);
        put_settlement(&mut g, 0, c);
        storm_on_mini(&mut g, &[b.hex(1, 3)]);
        assert_eq!(
            g.s.raiders.taken.contains(c.idx()),
            taken,
            "jungle_shelters = {shelters}"
        );
        assert_eq!(g.s.players[0].vp, if taken { 0 } else { 1 });
    }
}

/// The hexes around corner `c`, sorted.
fn corner_hexes(b: Board, c: CornerId) -> Vec<HexId> {
    let mut v: Vec<HexId> = b.0.corner_hexes[c.idx()]
        .iter()
        .filter(|&&h| h != NONE)
        .map(|&h| HexId(h))
        .collect();
    v.sort();
    v
}

#[test]
fn a_building_surrounded_by_raiders_is_taken_and_a_soldier_frees_it() {
    let b = mini();
    let mut g = position(b, 4, Phase::PreRoll);
    // The 3:1 harbor corner at the top of P4: P4 is its only land hex.
    let c = b.corner(1, -1, 0);
    put_settlement(&mut g, 0, c);
    assert_eq!(g.s.players[0].harbors, HarborKind::Generic.bit());
    assert_eq!(g.s.players[0].rate(Resource::Wool), 3);
    storm_on_mini(&mut g, &[]);
    give(&mut g, 0, CITY_COST);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    let log = roll(&mut g, 1, 3);
    assert_eq!(raids(&log), vec![(m::p4(), m::d())]);
    assert_eq!(
        g.s.players[0].hand[WOOL], 1,
        "produced as the raider arrived"
    );
    assert!(log.0.contains(&Event::Taken {
        player: PlayerId(0),
        at: c.0,
        taken: true
    }));
    // Taken after the payout.
    let produce = log
        .0
        .iter()
        .position(|e| matches!(e, Event::Produce { .. }))
        .unwrap();
    let taken = log
        .0
        .iter()
        .position(|e| matches!(e, Event::Taken { .. }))
        .unwrap();
    assert!(produce < taken);
    let me = &g.s.players[0];
    assert_eq!(g.s.raiders.taken, cset(&[c]));
    assert_eq!(me.vp, 0, "a taken building counts nothing");
    assert_eq!(me.harbors, 0, "its harbor is lost");
    assert_eq!(me.rate(Resource::Wool), 4);
    assert!(
        me.buildings.contains(c.idx()),
        "the piece stays on its side"
    );
    assert!(
        !legal(&g).contains(&Action::BuildCity(c)),
        "no city on a taken building"
    );
    refused(&mut g, Action::BuildCity(c));
    // The soldier.
    step(&mut g, Action::PlayKnight);
    let log = step(&mut g, Action::RemoveRaider(m::p4()));
    assert!(log.0.contains(&Event::Taken {
        player: PlayerId(0),
        at: c.0,
        taken: false
    }));
    let me = &g.s.players[0];
    assert!(g.s.raiders.taken.is_empty());
    assert_eq!(me.vp, 1);
    assert_eq!(me.harbors, HarborKind::Generic.bit());
    assert_eq!(me.raiders_kept, 1);
    assert_eq!(me.knights_played, 1);
    assert!(legal(&g).contains(&Action::BuildCity(c)));
    // The desert still holds raiders: the next 4 takes P4 (and the building) again.
    step(&mut g, Action::EndTurn);
    let log = roll(&mut g, 3, 1);
    assert_eq!(raids(&log), vec![(m::p4(), m::d())]);
    assert!(g.s.raiders.taken.contains(c.idx()));
    assert_eq!(g.s.players[0].vp, 0);
    assert_eq!(g.s.raiders.on_desert[0], 16);
}

#[test]
fn a_freed_hex_stays_free_once_the_deserts_are_empty() {
    let b = mini();
    let mut g = position(b, 4, Phase::PreRoll);
    let c = b.corner(1, -1, 0);
    put_settlement(&mut g, 0, c);
    set_raiders(&mut g, 0, &[0], &[m::p4()]);
    assert!(g.s.raiders.taken.contains(c.idx()));
    give_dev(&mut g, 0, DevCard::Knight, 1);
    step(&mut g, Action::PlayKnight);
    assert_eq!(legal(&g), vec![Action::RemoveRaider(m::p4())]);
    step(&mut g, Action::RemoveRaider(m::p4()));
    assert_eq!(g.s.phase, Phase::PreRoll, "a soldier before the roll");
    let log = roll(&mut g, 1, 3);
    assert!(raids(&log).is_empty());
    assert_eq!(g.s.players[0].hand[WOOL], 1, "P4 produces again");
    assert_eq!(g.s.players[0].vp, 1);
}

#[test]
fn a_soldier_may_take_a_raider_from_a_desert_and_no_largest_army() {
    let b = mini();
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, m::south());
    set_raiders(&mut g, 10, &[8], &[]);
    // Two knights played earlier, on the table.
    g.s.players[0].knights_played = 2;
    g.s.deck[DevCard::Knight.idx()] -= 2;
    g.s.played[DevCard::Knight.idx()] += 2;
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert!(legal(&g).contains(&Action::PlayKnight));
    let log = step(&mut g, Action::PlayKnight);
    assert!(!log.0.iter().any(|e| matches!(e, Event::LargestArmy { .. })));
    assert_eq!(legal(&g), vec![Action::RemoveRaider(m::d())]);
    let log = step(&mut g, Action::RemoveRaider(m::d()));
    assert_eq!(
        log.0[0],
        Event::RaiderRemoved {
            player: PlayerId(0),
            hex: m::d()
        }
    );
    assert_eq!(g.s.raiders.on_desert[0], 7);
    assert_eq!(g.s.raiders.pool, 10);
    assert_eq!(g.s.players[0].raiders_kept, 1);
    assert_eq!(g.s.players[0].knights_played, 3);
    assert_eq!(g.s.largest_army, NO_PLAYER);
    assert_eq!(g.s.players[0].vp, 1);
    assert_eq!(g.s.phase, Phase::PreRoll);
}

#[test]
fn a_knight_needs_a_raider_on_the_land() {
    let mut g = position(mini(), 4, Phase::PreRoll);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert_eq!(legal(&g), vec![Action::Roll]);
    refused(&mut g, Action::PlayKnight);
}

/// A settlement on the corner of the jungle J11 (0, 3), the sea and the forest F9 (1, 3), with
/// `taken_discoveries = t`: F9 raided (the deserts empty, so nothing more is raided), the
/// settlement taken (`jungle_shelters = false`), then an 11: the jungle is not raided.
fn taken_beside_a_jungle(t: TakenDiscoveries) -> (Game<'static>, Log, CornerId) {
    let b = mini();
    let c = b.corner(0, 3, 1);
    let mut g = game(
        b,
        4,
        RaidersRules {
            taken_discoveries: t,
            ..RaidersRules::default()
        },
    );
    at_turn(&mut g, 0, Phase::PreRoll);
    put_settlement(&mut g, 0, c);
    set_raiders(&mut g, 0, &[0], &[b.hex(1, 3)]);
    assert_eq!(g.s.raiders.taken, cset(&[c]), "taken before the roll");
    let log = roll(&mut g, 5, 6);
    assert!(!g.s.raiders.raided.contains(b.hex(0, 3).idx()));
    assert_eq!(g.s.raiders.taken, cset(&[c]), "still taken");
    (g, log, c)
}

#[test]
fn a_taken_building_still_collects_discoveries_by_default() {
    assert_eq!(
        RaidersRules::default().taken_discoveries,
        TakenDiscoveries::Collect
    );
    let (g, log, _) = taken_beside_a_jungle(TakenDiscoveries::Collect);
    assert_eq!(g.s.players[0].discoveries, 1);
    assert!(log.0.contains(&Event::Discoveries {
        player: PlayerId(0),
        amount: 1
    }));
    assert_eq!(g.s.players[0].vp, 0, "and counts no VP");
}

#[test]
fn taken_discoveries_lost_a_taken_building_collects_nothing() {
    let (g, log, _) = taken_beside_a_jungle(TakenDiscoveries::Lost);
    assert_eq!(g.s.players[0].discoveries, 0);
    assert!(!log.0.iter().any(|e| matches!(e, Event::Discoveries { .. })));
}
