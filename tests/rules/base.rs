//! Base-game rule scenarios on constructed positions of the base map's fixed layout.

use crate::support::*;
use robsim::catan::*;

const B: usize = 0; // brick
const W: usize = 2; // wool
const O: usize = 4; // ore

fn c(i: u8) -> CornerId {
    CornerId(i)
}

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

// ---------------------------------------------------------------- development cards

fn buy(g: &mut Game, card: DevCard) {
    give(g, g.s.current, DEV_COST);
    act(g, Action::BuyDev);
    assert_eq!(g.s.phase, Phase::Draw);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted(g.s.deck)));
    g.apply_chance(ChanceOutcome::Card(card), &mut ());
    g.check_invariants().unwrap();
    assert_eq!(g.s.phase, Phase::Main);
}

#[test]
fn a_card_is_not_playable_the_turn_it_was_bought() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_settlement(&mut g, 1, c(38));
    at_turn(&mut g, 0, Phase::Main);
    buy(&mut g, DevCard::Knight);
    buy(&mut g, DevCard::YearOfPlenty);
    assert_eq!(g.s.players[0].dev_new, [1, 0, 0, 1, 0]);
    assert_eq!(g.s.deck, [13, 5, 2, 1, 2]);
    assert_eq!(g.s.bank[W], 19);
    refused(&mut g, Action::PlayKnight);
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    act(&mut g, Action::EndTurn);
    assert_eq!(g.s.players[0].dev, [1, 0, 0, 1, 0]);
    assert_eq!(g.s.players[0].dev_new, [0; 5]);
    assert_eq!((g.s.current, g.s.turn, g.s.phase), (1, 2, Phase::PreRoll));
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    act(&mut g, Action::EndTurn);
    // Seat 0's next turn: the knight is playable before the roll.
    assert_eq!(legal(&g), vec![Action::Roll, Action::PlayKnight]);
}

#[test]
fn a_knight_before_the_roll_then_one_card_per_turn() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_settlement(&mut g, 1, c(38));
    give(&mut g, 1, [1, 0, 0, 0, 0]);
    at_turn(&mut g, 0, Phase::PreRoll);
    give_dev(&mut g, 0, DevCard::Knight, 2);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    act(&mut g, Action::PlayKnight);
    // Robber: every land hex but the desert; the forest 8 (hex (-2, 1)) holds seat 1's 38.
    let moves: Vec<Action> = legal(&g);
    assert_eq!(moves.len(), 18);
    let robbed = hex(-2, 1);
    assert!(moves.contains(&Action::MoveRobber {
        hex: robbed,
        victim: 1
    }));
    assert!(!moves.contains(&Action::MoveRobber {
        hex: robbed,
        victim: NO_PLAYER
    }));
    assert!(!moves
        .iter()
        .any(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex == g.s.robber)));
    act(
        &mut g,
        Action::MoveRobber {
            hex: robbed,
            victim: 1,
        },
    );
    assert_eq!(g.s.phase, Phase::Steal);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([1, 0, 0, 0, 0])));
    g.apply_chance(ChanceOutcome::Resource(Resource::Brick), &mut ());
    assert_eq!(g.s.players[0].hand[B], 1);
    assert_eq!(g.s.players[1].hand[B], 0);
    // Back before the roll: only the roll (one card per turn).
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!(legal(&g), vec![Action::Roll]);
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    let l = legal(&g);
    assert!(!l.contains(&Action::PlayKnight));
    assert!(!l.iter().any(|a| matches!(a, Action::PlayMonopoly(_))));
    refused(&mut g, Action::PlayMonopoly(Resource::Brick));
}

#[test]
fn a_victory_point_card_counts_at_once() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    at_turn(&mut g, 0, Phase::Main);
    buy(&mut g, DevCard::VictoryPoint);
    assert_eq!(g.s.players[0].vp, 2);
    assert_eq!(g.s.players[0].dev_new[DevCard::VictoryPoint.idx()], 1);
}

#[test]
fn monopoly_takes_every_card_of_the_resource() {
    let mut g = base_game(4);
    at_turn(&mut g, 1, Phase::Main);
    give(&mut g, 0, [0, 0, 0, 3, 1]);
    give(&mut g, 1, [0, 0, 0, 1, 0]);
    give(&mut g, 2, [2, 0, 0, 0, 0]);
    give(&mut g, 3, [0, 0, 0, 4, 0]);
    give_dev(&mut g, 1, DevCard::Monopoly, 1);
    let mut log = Log::default();
    g.try_apply(Action::PlayMonopoly(Resource::Grain), &mut log)
        .unwrap();
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 8, 0]);
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 0, 1]);
    assert_eq!(g.s.players[2].hand, [2, 0, 0, 0, 0]);
    assert_eq!(g.s.players[3].hand, [0; 5]);
    assert!(log.0.contains(&Event::Monopoly {
        player: PlayerId(1),
        resource: Resource::Grain,
        taken: 7
    }));
    assert_eq!(g.s.played, [0, 0, 0, 0, 1]);
    assert!(g.s.dev_played);
}

#[test]
fn year_of_plenty_takes_two_from_the_bank() {
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    // 15 pairs (with repetition) while the bank has plenty.
    let n = legal(&g)
        .iter()
        .filter(|a| matches!(a, Action::PlayYearOfPlenty(..)))
        .count();
    assert_eq!(n, 15);
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 0, 2]);
    assert_eq!(g.s.bank[O], 17);
    // A pair the bank cannot give is not offered.
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    give(&mut g, 1, [0, 0, 0, 0, 18]);
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Brick, Resource::Ore),
    );
    assert_eq!(g.s.players[0].hand, [1, 0, 0, 0, 1]);
}

#[test]
fn road_building_gives_two_free_roads() {
    let mut g = base_game(2);
    put_settlement(&mut g, 0, c(19));
    put_road(&mut g, 0, edge_between(c(19), c(18)));
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::RoadBuilding, 1);
    act(&mut g, Action::PlayRoadBuilding);
    assert_eq!((g.s.phase, g.s.free_roads), (Phase::RoadBuilding, 2));
    refused(&mut g, Action::BuildRoad(edge_between(c(31), c(32))));
    act(&mut g, Action::BuildRoad(edge_between(c(18), c(21))));
    assert_eq!(g.s.phase, Phase::RoadBuilding);
    act(&mut g, Action::BuildRoad(edge_between(c(21), c(31))));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[0].hand, [0; 5]);
    assert_eq!(g.s.bank, [19; 5]);
    assert_eq!(g.s.players[0].roads_left, 12);
    assert_eq!(g.s.players[0].road_length, 3);
}

// ---------------------------------------------------------------- seven

#[test]
fn seven_discards_half_from_eight_cards_one_at_a_time() {
    let mut g = base_game(4);
    let x = hex(0, -1); // hills 6, corners 2, 9, 18, 19, 14, 3
    put_settlement(&mut g, 0, c(2));
    put_settlement(&mut g, 2, c(18)); // the thief's own
    put_settlement(&mut g, 3, c(14)); // no cards: cannot be robbed
    put_settlement(&mut g, 1, c(38));
    at_turn(&mut g, 2, Phase::PreRoll);
    give(&mut g, 0, [2, 2, 2, 2, 1]); // 9 -> discards 4
    give(&mut g, 1, [0, 0, 4, 4, 0]); // 8 -> discards 4
    give(&mut g, 2, [1, 1, 1, 1, 3]); // 7 -> none
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(3, 4), &mut ());
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards, [4, 4, 0, 0, 0, 0]);
    assert_eq!(g.actor(), PlayerId(0));
    // Seat 0 discards only what it has; seat 1 must wait.
    refused(&mut g, Action::EndTurn);
    for r in [
        Resource::Ore,
        Resource::Ore,
        Resource::Brick,
        Resource::Brick,
    ] {
        if g.s.players[0].hand[r.idx()] == 0 {
            refused(&mut g, Action::Discard(r));
            continue;
        }
        act(&mut g, Action::Discard(r));
    }
    assert_eq!(g.s.players[0].hand, [0, 2, 2, 2, 0]);
    assert_eq!(g.s.discards[0], 1);
    assert_eq!(g.actor(), PlayerId(0));
    act(&mut g, Action::Discard(Resource::Lumber));
    assert_eq!(g.actor(), PlayerId(1));
    assert_eq!(
        legal(&g),
        vec![
            Action::Discard(Resource::Wool),
            Action::Discard(Resource::Grain)
        ]
    );
    for _ in 0..4 {
        act(&mut g, Action::Discard(Resource::Wool));
    }
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 4, 0]);
    assert_eq!(g.s.players[2].hand, [1, 1, 1, 1, 3]);
    assert_eq!(g.s.phase, Phase::MoveRobber);
    assert_eq!(g.actor(), PlayerId(2));
    // The robber must move; on hex x only seat 0 can be robbed.
    let on_x: Vec<Action> = legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::MoveRobber { hex, .. } if *hex == x))
        .collect();
    assert_eq!(on_x, vec![Action::MoveRobber { hex: x, victim: 0 }]);
    refused(&mut g, Action::MoveRobber { hex: x, victim: 3 });
    refused(
        &mut g,
        Action::MoveRobber {
            hex: x,
            victim: NO_PLAYER,
        },
    );
    let here = g.s.robber;
    refused(
        &mut g,
        Action::MoveRobber {
            hex: here,
            victim: NO_PLAYER,
        },
    );
    act(&mut g, Action::MoveRobber { hex: x, victim: 0 });
    assert_eq!(g.s.robber, x);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([0, 1, 2, 2, 0])));
    g.apply_chance(ChanceOutcome::Resource(Resource::Grain), &mut ());
    assert_eq!(g.s.players[0].hand, [0, 1, 2, 1, 0]);
    assert_eq!(g.s.players[2].hand, [1, 1, 1, 2, 3]);
    assert_eq!(g.s.phase, Phase::Main);
    // A hex nobody can be robbed on.
    g.s.phase = Phase::MoveRobber;
    assert!(legal(&g).contains(&Action::MoveRobber {
        hex: hex(2, 0),
        victim: NO_PLAYER
    }));
}

#[test]
fn seven_with_seven_cards_discards_nothing() {
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::PreRoll);
    give(&mut g, 0, [7, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 7, 0, 0, 0]);
    act(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(6, 1), &mut ());
    assert_eq!(g.s.phase, Phase::MoveRobber);
    assert_eq!(g.s.discards, [0; 6]);
    assert_eq!(g.s.players[0].hand_size() + g.s.players[1].hand_size(), 14);
}

// ---------------------------------------------------------------- victory and refusals

#[test]
fn victory_at_ten_on_the_own_turn() {
    let mut g = base_game(2);
    for k in [c(0), c(7), c(13)] {
        put_city(&mut g, 0, k);
    }
    put_settlement(&mut g, 0, c(23));
    put_settlement(&mut g, 0, c(29));
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    assert_eq!(g.s.players[0].vp, 9);
    put_settlement(&mut g, 1, c(47));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, CITY_COST);
    give(&mut g, 0, [4, 0, 0, 0, 0]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Lumber,
        },
    );
    assert!(!g.is_over());
    let mut log = Log::default();
    g.try_apply(Action::BuildCity(c(23)), &mut log).unwrap();
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
    assert_eq!(g.s.players[0].vp, 10);
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::Winner(PlayerId(0)),
        turn: 1
    }));
    assert!(legal(&g).is_empty());
    refused(&mut g, Action::EndTurn);
}

#[test]
fn ten_points_off_turn_win_only_when_that_turn_starts() {
    let mut g = base_game(2);
    for k in [c(0), c(7), c(13), c(23)] {
        put_city(&mut g, 1, k);
    }
    put_settlement(&mut g, 1, c(29));
    put_settlement(&mut g, 1, c(41));
    assert_eq!(g.s.players[1].vp, 10);
    put_settlement(&mut g, 0, c(47));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, [4, 0, 0, 0, 0]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Lumber,
        },
    );
    assert!(!g.is_over());
    act(&mut g, Action::EndTurn);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(1))));
}

#[test]
fn buying_the_tenth_point_wins_at_once() {
    let mut g = base_game(2);
    for k in [c(0), c(7), c(13), c(23)] {
        put_city(&mut g, 0, k);
    }
    put_settlement(&mut g, 0, c(29));
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, DEV_COST);
    act(&mut g, Action::BuyDev);
    g.apply_chance(ChanceOutcome::Card(DevCard::VictoryPoint), &mut ());
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
}

#[test]
fn try_apply_refuses_illegal_actions_and_changes_nothing() {
    let mut g = base_game(3);
    // Set-up: wrong kinds of action.
    refused(&mut g, Action::Roll);
    refused(&mut g, Action::BuildRoad(EdgeId(0)));
    refused(&mut g, Action::BuildCity(c(0)));
    act(&mut g, Action::BuildSettlement(c(19)));
    refused(&mut g, Action::BuildSettlement(c(38)));
    refused(&mut g, Action::EndTurn);
    // Turn 1 of seat 0.
    let mut g = base_game(3);
    put_settlement(&mut g, 0, c(19));
    put_road(&mut g, 0, edge_between(c(19), c(18)));
    put_settlement(&mut g, 1, c(38));
    give(&mut g, 1, [1, 1, 1, 1, 1]);
    at_turn(&mut g, 0, Phase::PreRoll);
    refused(&mut g, Action::EndTurn);
    refused(&mut g, Action::BuyDev);
    refused(&mut g, Action::PlayKnight);
    refused(&mut g, Action::RobertMoves);
    refused(&mut g, Action::Discard(Resource::Brick));
    act(&mut g, Action::Roll);
    refused(&mut g, Action::Roll);
    g.apply_chance(ChanceOutcome::Dice(1, 1), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    refused(&mut g, Action::Roll);
    refused(&mut g, Action::BuildRoad(edge_between(c(18), c(21)))); // no resources
    refused(&mut g, Action::BuildSettlement(c(21)));
    refused(&mut g, Action::BuildCity(c(19)));
    refused(&mut g, Action::BuyDev);
    refused(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Ore,
        },
    );
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    refused(
        &mut g,
        Action::MoveRobber {
            hex: hex(0, -1),
            victim: NO_PLAYER,
        },
    );
    refused(&mut g, Action::FlipUp(hex(0, -1)));
    // Player trades: no gifts, both sides must hold what they give.
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    let none = [0; 5];
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [1, 0, 0, 0, 0],
            get: none,
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: none,
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [3, 0, 0, 0, 0],
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [1, 0, 0, 0, 0],
            get: [0, 2, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(0),
            give: [1, 0, 0, 0, 0],
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(2),
            give: [1, 0, 0, 0, 0],
            get: [0, 1, 0, 0, 0],
        },
    );
    refused(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [1, 0, 0, 0, 0],
            get: [1, 1, 0, 0, 0],
        },
    );
    act(
        &mut g,
        Action::Trade {
            with: PlayerId(1),
            give: [2, 0, 0, 0, 0],
            get: [0, 1, 1, 0, 0],
        },
    );
    assert_eq!(g.s.players[0].hand, [0, 1, 1, 0, 0]);
    assert_eq!(g.s.players[1].hand, [3, 0, 0, 1, 1]);
    // Still legal after all those refusals.
    act(&mut g, Action::EndTurn);
    assert_eq!(g.s.current, 1);
}

#[test]
fn year_of_plenty_pair_in_either_order() {
    // The legal list names each pair once (a <= b); the reversed pair is the same move.
    let mut g = base_game(2);
    at_turn(&mut g, 0, Phase::Main);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Grain),
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 1, 1]);
    assert_eq!(g.s.played[DevCard::YearOfPlenty.idx()], 1);
}
