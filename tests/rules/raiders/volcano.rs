//! Raiders volcano and jungle: the volcano die and its eruption, jungle discoveries standing in for resources.

use super::*;

// ---------------------------------------------------------------------------------------------
// Volcano and jungle

#[test]
fn volcano_produces_grain_then_its_die_picks_a_corner() {
    let b = mini();
    let v = m::volcano();
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, b.corner(-1, 3, 0));
    put_city(&mut g, 1, b.corner(-1, 3, 3));
    let log = roll(&mut g, 1, 2);
    assert_eq!(
        g.s.players[0].hand,
        [0, 0, 0, 1, 0],
        "a settlement: 1 grain"
    );
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 2, 0], "a city: 2 grain");
    assert!(log.0.contains(&Event::Produce {
        player: PlayerId(1),
        resource: Resource::Grain,
        amount: 2
    }));
    assert_eq!(g.s.phase, Phase::ModifierDie);
    assert_eq!(g.chance(), Some(ChanceDist::Die));
    assert_eq!(g.s.pending_dice, hexset(&[v]));
    // Die 1: the top corner; the settlement goes back to stock.
    let log = chance(&mut g, ChanceOutcome::Die(1));
    assert_eq!(
        log.0[..3],
        [
            Event::Eruption { hex: v },
            Event::VolcanoDie { hex: v, die: 1 },
            Event::Removed {
                player: PlayerId(0),
                piece: Piece::Settlement,
                at: b.corner(-1, 3, 0).0
            },
        ]
    );
    assert_eq!(g.s.phase, Phase::Main);
    let p0 = &g.s.players[0];
    assert!(p0.buildings.is_empty());
    assert_eq!(p0.settlements_left, SETTLEMENTS_PER_PLAYER);
    assert_eq!(p0.vp, 0);
    assert_eq!(g.s.corner_owner[b.corner(-1, 3, 0).idx()], 0);
    assert!(!g.s.occupied.contains(b.corner(-1, 3, 0).idx()));
    // Die 4: the bottom corner; the city becomes a settlement.
    g.s.phase = Phase::Dice;
    roll_dice_only(&mut g, 2, 1);
    assert_eq!(g.s.players[1].hand[GRAIN], 4);
    let log = chance(&mut g, ChanceOutcome::Die(4));
    assert!(log.0.contains(&Event::Removed {
        player: PlayerId(1),
        piece: Piece::City,
        at: b.corner(-1, 3, 3).0
    }));
    let p1 = &g.s.players[1];
    assert_eq!(p1.vp, 1);
    assert!(p1.cities.is_empty() && p1.buildings.contains(b.corner(-1, 3, 3).idx()));
    assert_eq!(
        (p1.settlements_left, p1.cities_left),
        (SETTLEMENTS_PER_PLAYER - 1, CITIES_PER_PLAYER)
    );
    assert_eq!(g.s.corner_owner[b.corner(-1, 3, 3).idx()], 2);
    // Die 2: an empty corner; nothing happens.
    g.s.phase = Phase::Dice;
    roll_dice_only(&mut g, 1, 2);
    let before = g.s;
    let log = chance(&mut g, ChanceOutcome::Die(2));
    assert_eq!(
        log.0,
        vec![
            Event::Eruption { hex: v },
            Event::VolcanoDie { hex: v, die: 2 }
        ]
    );
    assert_eq!(g.s.players, before.players);
    assert_eq!(g.s.corner_owner, before.corner_owner);
}

/// Resolves the dice phase with `d1 + d2`.
fn roll_dice_only(g: &mut Game, d1: u8, d2: u8) -> Log {
    assert_eq!(g.s.phase, Phase::Dice);
    chance(g, ChanceOutcome::Dice(d1, d2))
}

#[test]
fn no_building_on_the_volcano_no_eruption() {
    let b = mini();
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, m::south());
    let log = roll(&mut g, 1, 2);
    assert_eq!(g.s.phase, Phase::Main);
    assert!(!log.0.iter().any(|e| matches!(e, Event::Eruption { .. })));
}

#[test]
fn jungle_gives_discoveries_not_resources() {
    let b = mini();
    let j = m::jungle();
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, b.corner(0, 3, 0));
    put_city(&mut g, 1, b.corner(0, 3, 3));
    let log = roll(&mut g, 5, 6);
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[0].discoveries, 1);
    assert_eq!(g.s.players[1].discoveries, 2);
    assert_eq!(g.s.players[0].hand, [0; 5]);
    assert_eq!(g.s.players[1].hand, [0; 5]);
    assert!(log.0.contains(&Event::Discoveries {
        player: PlayerId(0),
        amount: 1
    }));
    assert!(log.0.contains(&Event::Discoveries {
        player: PlayerId(1),
        amount: 2
    }));
    assert!(!log.0.iter().any(|e| matches!(e, Event::Produce { .. })));
    // A raided jungle finds nothing (after the turn its raider arrived).
    let mut g = position(b, 4, Phase::PreRoll);
    put_settlement(&mut g, 0, b.corner(0, 3, 0));
    storm_on_mini(&mut g, &[j]);
    roll(&mut g, 5, 6);
    assert_eq!(g.s.players[0].discoveries, 0);
}

#[test]
fn discoveries_stand_in_for_missing_resources_on_a_development_card() {
    let b = mini();
    let mut g = position(b, 4, Phase::Main);
    give(&mut g, 0, [0, 0, 1, 0, 0]);
    g.s.players[0].discoveries = 1;
    assert!(
        !raiders::afford_dev(&g, PlayerId(0)),
        "two missing, one discovery"
    );
    refused(&mut g, Action::BuyDev);
    g.s.players[0].discoveries = 2;
    assert!(raiders::afford_dev(&g, PlayerId(0)));
    let log = step(&mut g, Action::BuyDev);
    assert!(log.0.contains(&Event::DiscoveriesSpent {
        player: PlayerId(0),
        amount: 2
    }));
    assert_eq!(g.s.players[0].discoveries, 0);
    assert_eq!(g.s.players[0].hand, [0; 5], "the wool paid");
    assert_eq!(g.s.bank[WOOL], BANK_PER_RESOURCE);
    assert_eq!(g.s.phase, Phase::Draw);
    chance(&mut g, ChanceOutcome::Card(DevCard::Knight));
    assert_eq!(g.s.players[0].dev_new[DevCard::Knight.idx()], 1);
    // With a full price in hand, a discovery is spent first, in place of the ore.
    let mut g = position(b, 4, Phase::Main);
    give(&mut g, 0, DEV_COST);
    g.s.players[0].discoveries = 1;
    let mut log = Log::default();
    raiders::pay_dev(&mut g, PlayerId(0), &mut log);
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 0, 1]);
    assert_eq!(g.s.players[0].discoveries, 0);
    assert_eq!(
        log.0,
        vec![Event::DiscoveriesSpent {
            player: PlayerId(0),
            amount: 1
        }]
    );
}
