//! Base harbors and production: bank trade rates, the bank shortage rule, cities and the robber.

use super::*;

// ---------------------------------------------------------------- harbors

fn trades(g: &Game) -> Vec<(Resource, Resource)> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::BankTrade { give, get } => Some((give, get)),
            _ => None,
        })
        .collect()
}

fn gives(g: &Game) -> Vec<Resource> {
    let mut v: Vec<Resource> = trades(g).into_iter().map(|t| t.0).collect();
    v.dedup();
    v
}

#[test]
fn bank_trade_four_to_one_without_a_harbor() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(24));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, [4, 3, 0, 0, 0]);
    assert_eq!(g.s.players[0].rate(Resource::Brick), 4);
    assert_eq!(gives(&g), vec![Resource::Brick]);
    assert_eq!(trades(&g).len(), 4);
    refused(
        &mut g,
        Action::BankTrade {
            give: Resource::Lumber,
            get: Resource::Ore,
        },
    );
    refused(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Brick,
        },
    );
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Ore,
        },
    );
    assert_eq!(g.s.players[0].hand, [0, 3, 0, 0, 1]);
    assert_eq!(g.s.bank, [19, 16, 19, 19, 18]);
}

#[test]
fn bank_trade_three_to_one_at_a_generic_harbor() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(0)); // the 3:1 harbor at corners 5-0
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, [4, 3, 2, 0, 0]);
    assert_eq!(gives(&g), vec![Resource::Brick, Resource::Lumber]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Lumber,
            get: Resource::Grain,
        },
    );
    assert_eq!(g.s.players[0].hand, [4, 0, 2, 1, 0]);
    assert_eq!(g.s.bank, [15, 19, 17, 18, 19]);
}

#[test]
fn bank_trade_two_to_one_at_a_special_harbor() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(6)); // the wool harbor at corners 6-7
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, [3, 0, 2, 0, 0]);
    assert_eq!(gives(&g), vec![Resource::Wool]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Wool,
            get: Resource::Ore,
        },
    );
    assert_eq!(g.s.players[0].hand, [3, 0, 0, 0, 1]);
    assert_eq!(g.s.bank[W], 19);
    // With a generic harbor as well: brick at 3, wool still at 2.
    put_settlement(&mut g, 0, c(0));
    give(&mut g, 0, [0, 0, 2, 0, 0]);
    assert_eq!(g.s.players[0].rate(Resource::Brick), 3);
    assert_eq!(g.s.players[0].rate(Resource::Wool), 2);
    assert_eq!(gives(&g), vec![Resource::Brick, Resource::Wool]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Grain,
        },
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 2, 1, 1]);
}

// ---------------------------------------------------------------- production

fn roll(g: &mut Game, d1: u8, d2: u8) -> Log {
    g.s.phase = Phase::Dice;
    let mut log = Log::default();
    g.apply_chance(ChanceOutcome::Dice(d1, d2), &mut log);
    g.check_invariants().unwrap();
    log
}

#[test]
fn bank_shortage_pays_nobody_when_several_are_owed() {
    let mut g = base_game(3);
    // Both on the mountains 8 (hex (2, 0)); the other 8 (forest) has no building.
    put_settlement(&mut g, 0, c(23));
    put_settlement(&mut g, 1, c(37));
    at_turn(&mut g, 0, Phase::PreRoll);
    give(&mut g, 2, [0, 0, 0, 0, 18]);
    let log = roll(&mut g, 4, 4);
    assert_eq!(g.s.players[0].hand[O], 0);
    assert_eq!(g.s.players[1].hand[O], 0);
    assert_eq!(g.s.bank[O], 1);
    assert!(log.0.contains(&Event::Shortage {
        resource: Resource::Ore,
        wanted: 2
    }));
    // With 2 in the bank both are paid.
    g.s.players[2].hand[O] -= 1;
    g.s.bank[O] += 1;
    roll(&mut g, 4, 4);
    assert_eq!(
        (g.s.players[0].hand[O], g.s.players[1].hand[O], g.s.bank[O]),
        (1, 1, 0)
    );
}

#[test]
fn bank_shortage_a_single_owed_player_gets_what_remains() {
    let mut g = base_game(3);
    put_city(&mut g, 0, c(23));
    at_turn(&mut g, 0, Phase::PreRoll);
    give(&mut g, 2, [0, 0, 0, 0, 18]);
    roll(&mut g, 4, 4);
    assert_eq!(g.s.players[0].hand[O], 1);
    assert_eq!(g.s.bank[O], 0);
    // Nothing left: nothing paid, nothing broken.
    roll(&mut g, 4, 4);
    assert_eq!(g.s.players[0].hand[O], 1);
}

#[test]
fn cities_produce_two_and_the_robber_blocks_its_hex() {
    let mut g = base_game(2);
    put_city(&mut g, 0, c(2)); // mountains 10, pasture 2, hills 6
    put_settlement(&mut g, 1, c(47)); // hills 5, fields 6
    at_turn(&mut g, 0, Phase::PreRoll);
    roll(&mut g, 3, 3);
    assert_eq!(g.s.players[0].hand, [2, 0, 0, 0, 0]);
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 1, 0]);
    assert_eq!(g.s.phase, Phase::Main);
    roll(&mut g, 5, 5);
    assert_eq!(g.s.players[0].hand, [2, 0, 0, 0, 2]);
    roll(&mut g, 1, 1);
    assert_eq!(g.s.players[0].hand, [2, 0, 2, 0, 2]);
    // The robber on the hills 6.
    g.set_robber(hex(0, -1));
    roll(&mut g, 2, 4);
    assert_eq!(g.s.players[0].hand, [2, 0, 2, 0, 2]);
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 2, 0]);
}
