//! Robert the Robber co-op rule scenarios: targeting and tie-breaks, soldier, seven, monopoly, reshuffle, deal, end.

use crate::support::*;
use robsim::catan::kernel::robert::target_candidates;
use robsim::catan::*;

fn c(i: u8) -> CornerId {
    CornerId(i)
}

fn rr(target: RobertTarget, city_weight: u8) -> RobertRules {
    RobertRules {
        target,
        city_weight,
        start_cards: 0,
        ..RobertRules::default()
    }
}

/// A Robert game on the fixed board at turn 1 of seat 0 before the roll; Robert in the desert
/// and the listed hexes face down.
fn position(players: u8, r: RobertRules, down: &[HexId]) -> Game<'static> {
    let mut g = robert_game(players, r);
    at_turn(&mut g, 0, Phase::PreRoll);
    g.set_face_down(hexes(down));
    assert_eq!(g.s.robber, hex(0, 0));
    g
}

/// Lets Robert move; returns the events.
fn robert_moves(g: &mut Game) -> Log {
    let mut log = Log::default();
    g.try_apply(Action::RobertMoves, &mut log).unwrap();
    g.check_invariants().unwrap();
    log
}

/// Robert moved to `h` and flipped it.
fn assert_flipped(g: &Game, h: HexId) {
    assert_eq!(g.s.robber, h);
    assert!(g.s.face_down.contains(h.idx()));
    assert_eq!(g.s.phase, Phase::Dice);
}

/// Robert must break a tie at random among exactly `tied`.
fn assert_tie(g: &Game, tied: &[HexId]) {
    assert_eq!(g.s.phase, Phase::RobertTie);
    assert_eq!(g.chance(), Some(ChanceDist::Uniform(hexes(tied))));
}

// Around the desert (0, 0): hills 6 (0, -1) 5 pips; pasture 4 (1, -1) and fields 4 (0, 1), 3 pips;
// forest 3 (1, 0), mountains 3 (-1, 1) and forest 11 (-1, 0), 2 pips.

#[test]
fn robert_takes_the_most_pips_among_adjacent_tokens() {
    let mut g = position(3, RobertRules::default(), &[]);
    let log = robert_moves(&mut g);
    assert_flipped(&g, hex(0, -1));
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1)]));
    assert_eq!(
        log.0,
        vec![
            Event::RobertMove {
                from: hex(0, 0),
                to: hex(0, -1)
            },
            Event::Flip {
                hex: hex(0, -1),
                down: true,
                cause: FlipCause::Robert
            },
        ]
    );
}

#[test]
fn equal_pips_go_to_the_most_buildings() {
    let mut g = position(3, RobertRules::default(), &[hex(0, -1)]);
    put_settlement(&mut g, 1, c(43)); // on the fields 4 (0, 1), not on the pasture 4
    robert_moves(&mut g);
    assert_flipped(&g, hex(0, 1));
}

#[test]
fn equal_pips_and_buildings_then_equal_numbers_tie_at_random() {
    let mut g = position(3, RobertRules::default(), &[hex(0, -1)]);
    robert_moves(&mut g);
    assert_tie(&g, &[hex(1, -1), hex(0, 1)]);
    let mut log = Log::default();
    g.apply_chance(ChanceOutcome::Hex(hex(1, -1)), &mut log);
    assert_flipped(&g, hex(1, -1));
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(1, -1)]));
    assert!(log.0.contains(&Event::Flip {
        hex: hex(1, -1),
        down: true,
        cause: FlipCause::Robert
    }));
}

/// A city on the pasture 4 (corner 8) and settlements on the fields 4 (corners 43, 41).
fn city_vs_settlements(city_weight: u8, settlements: &[u8]) -> Game<'static> {
    let mut g = position(3, rr(RobertTarget::Adjacent, city_weight), &[hex(0, -1)]);
    put_city(&mut g, 0, c(8));
    for &k in settlements {
        put_settlement(&mut g, 1, c(k));
    }
    robert_moves(&mut g);
    g
}

#[test]
fn city_weight_one_counts_a_city_as_one_building() {
    let g = city_vs_settlements(1, &[43]);
    assert_tie(&g, &[hex(1, -1), hex(0, 1)]);
    let g = city_vs_settlements(1, &[43, 41]);
    assert_flipped(&g, hex(0, 1));
}

#[test]
fn city_weight_two_counts_a_city_as_two_buildings() {
    let g = city_vs_settlements(2, &[43]);
    assert_flipped(&g, hex(1, -1));
    let g = city_vs_settlements(2, &[43, 41]);
    assert_tie(&g, &[hex(1, -1), hex(0, 1)]);
}

#[test]
fn equal_pips_and_buildings_go_to_the_higher_number() {
    let down = [hex(0, -1), hex(1, -1), hex(0, 1)];
    let mut g = position(3, RobertRules::default(), &down);
    robert_moves(&mut g);
    assert_flipped(&g, hex(-1, 0)); // 11 over the two 3s
                                    // Buildings rank before the number.
    let mut g = position(3, RobertRules::default(), &down);
    put_settlement(&mut g, 2, c(24)); // on the forest 3 (1, 0)
    robert_moves(&mut g);
    assert_flipped(&g, hex(1, 0));
    // Equal numbers: random between the two 3s.
    let mut g = position(
        3,
        RobertRules::default(),
        &[down[0], down[1], down[2], hex(-1, 0)],
    );
    robert_moves(&mut g);
    assert_tie(&g, &[hex(1, 0), hex(-1, 1)]);
    g.apply_chance(ChanceOutcome::Hex(hex(-1, 1)), &mut ());
    assert_flipped(&g, hex(-1, 1));
}

/// The six hexes around the desert.
fn ring1() -> Vec<HexId> {
    vec![
        hex(0, -1),
        hex(1, -1),
        hex(0, 1),
        hex(1, 0),
        hex(-1, 1),
        hex(-1, 0),
    ]
}

#[test]
fn all_adjacent_face_down_goes_to_the_nearest_best() {
    // Two steps away the 5-pip tokens are the 8s (2, 0), (-2, 1) and the 6 (-1, 2): the 8s tie.
    let mut g = position(3, RobertRules::default(), &ring1());
    robert_moves(&mut g);
    assert_tie(&g, &[hex(2, 0), hex(-2, 1)]);
    let mut g = position(3, RobertRules::default(), &ring1());
    put_settlement(&mut g, 0, c(26)); // on the forest 8 (-2, 1)
    robert_moves(&mut g);
    assert_flipped(&g, hex(-2, 1));
    // Two buildings on the 6 beat the number 8.
    let mut g = position(3, RobertRules::default(), &ring1());
    put_settlement(&mut g, 0, c(47));
    put_settlement(&mut g, 1, c(50));
    robert_moves(&mut g);
    assert_flipped(&g, hex(-1, 2));
}

#[test]
fn nearest_means_fewest_hex_steps_before_pips() {
    // Robert on the mountains (0, -2), its neighbours face down: at two steps the best are the
    // two 9s (2, -2) and (-2, 0); the 8s and 6s further away do not count.
    let top = hex(0, -2);
    let mut g = position(
        3,
        RobertRules::default(),
        &[top, hex(1, -2), hex(-1, -1), hex(0, -1)],
    );
    g.set_robber(top);
    robert_moves(&mut g);
    assert_tie(&g, &[hex(2, -2), hex(-2, 0)]);
    g.apply_chance(ChanceOutcome::Hex(hex(2, -2)), &mut ());
    assert_flipped(&g, hex(2, -2));
    let mut g = position(
        3,
        RobertRules::default(),
        &[top, hex(1, -2), hex(-1, -1), hex(0, -1)],
    );
    g.set_robber(top);
    put_settlement(&mut g, 0, c(27)); // on the fields 9 (-2, 0)
    robert_moves(&mut g);
    assert_flipped(&g, hex(-2, 0));
}

#[test]
fn global_reading_takes_the_best_token_anywhere() {
    let global = rr(RobertTarget::Global, 1);
    let mut g = position(3, global, &[]);
    robert_moves(&mut g);
    assert_tie(&g, &[hex(2, 0), hex(-2, 1)]);
    let mut g = position(3, global, &[]);
    put_settlement(&mut g, 0, c(50)); // on the fields 6 (-1, 2)
    robert_moves(&mut g);
    assert_flipped(&g, hex(-1, 2));
    // The adjacent reading on the same board: the hills 6 next to the desert.
    let mut g = position(3, RobertRules::default(), &[]);
    put_settlement(&mut g, 0, c(50));
    robert_moves(&mut g);
    assert_flipped(&g, hex(0, -1));
}

#[test]
fn robert_never_targets_the_desert_or_a_tokenless_hex() {
    for target in [RobertTarget::Adjacent, RobertTarget::Global] {
        let t = topo();
        let mut g = position(3, rr(target, 1), &[]);
        let last = hex(0, 2);
        g.set_face_down(g.layout.tokened);
        g.s.face_down.remove(last.idx());
        g.set_robber(hex(-1, 0)); // next to the desert
        assert_eq!(target_candidates(&g), hexes(&[last]));
        // All face down but the desert's neighbours: never the desert itself.
        g.set_face_down(g.layout.tokened.minus(t.hex_neighbor_set[hex(0, 0).idx()]));
        g.set_robber(hex(0, -2));
        let cands = target_candidates(&g);
        assert!(!cands.contains(hex(0, 0).idx()));
        assert!(cands.minus(g.layout.tokened).is_empty());
        assert!(!cands.is_empty());
    }
}

#[test]
fn defeat_exactly_when_the_last_token_flips() {
    let mut g = position(3, RobertRules::default(), &[]);
    g.set_face_down(g.layout.tokened);
    g.s.face_down.remove(hex(-1, 2).idx()); // 6
    g.s.face_down.remove(hex(0, 2).idx()); // 11
    robert_moves(&mut g);
    assert_flipped(&g, hex(-1, 2));
    assert!(!g.is_over());
    at_turn(&mut g, 1, Phase::PreRoll);
    let log = robert_moves(&mut g);
    assert_eq!(g.s.robber, hex(0, 2));
    assert_eq!(g.s.face_down, g.layout.tokened);
    assert_eq!(g.s.phase, Phase::Over(Outcome::TeamLoss));
    assert_eq!(
        log.0.last(),
        Some(&Event::GameOver {
            outcome: Outcome::TeamLoss,
            turn: 1
        })
    );
}

// ---------------------------------------------------------------- soldier

#[test]
fn before_the_roll_robert_or_a_soldier() {
    let mut g = position(3, RobertRules::default(), &[]);
    assert_eq!(legal(&g), vec![Action::RobertMoves]);
    refused(&mut g, Action::Roll);
    refused(&mut g, Action::PlayKnight);
    g.s.players[0].dev_new[DevCard::Knight.idx()] = 1;
    g.s.deck[DevCard::Knight.idx()] -= 1;
    assert_eq!(
        legal(&g),
        vec![Action::RobertMoves],
        "a knight bought this turn"
    );
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert_eq!(legal(&g), vec![Action::RobertMoves, Action::PlayKnight]);
}

/// Robert on the hills 6 (0, -1); face down: it, the pasture 4 (1, -1) and the mountains 8 (2, 0).
/// Settlements on corner 2 (touches the hills) and 13 (touches the pasture); none on the 8.
fn soldier_position() -> Game<'static> {
    let mut g = position(
        3,
        RobertRules::default(),
        &[hex(0, -1), hex(1, -1), hex(2, 0)],
    );
    g.set_robber(hex(0, -1));
    put_settlement(&mut g, 0, c(2));
    put_settlement(&mut g, 1, c(13));
    give_dev(&mut g, 0, DevCard::Knight, 2);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    g
}

#[test]
fn a_soldier_sends_robert_home_and_flips_up_two_next_to_buildings() {
    let mut g = soldier_position();
    let mut log = Log::default();
    g.try_apply(Action::PlayKnight, &mut log).unwrap();
    assert_eq!(g.s.robber, hex(0, 0));
    assert!(log.0.contains(&Event::RobertMove {
        from: hex(0, -1),
        to: hex(0, 0)
    }));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 2));
    assert_eq!(
        legal(&g),
        vec![Action::FlipUp(hex(0, -1)), Action::FlipUp(hex(1, -1))]
    );
    refused(&mut g, Action::FlipUp(hex(2, 0))); // no building next to it
    refused(&mut g, Action::FlipUp(hex(0, 1))); // already face up
    refused(&mut g, Action::Roll);
    act(&mut g, Action::FlipUp(hex(1, -1)));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    assert_eq!(legal(&g), vec![Action::FlipUp(hex(0, -1))]);
    let mut log = Log::default();
    g.try_apply(Action::FlipUp(hex(0, -1)), &mut log).unwrap();
    assert_eq!(
        log.0,
        vec![Event::Flip {
            hex: hex(0, -1),
            down: false,
            cause: FlipCause::Soldier
        }]
    );
    assert_eq!(g.s.face_down, hexes(&[hex(2, 0)]));
    assert_eq!(g.s.phase, Phase::Dice);
    assert_eq!(g.s.players[0].knights_played, 1);
    // After the roll: no card at all this turn (neither the year of plenty nor a soldier).
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    let l = legal(&g);
    assert!(!l
        .iter()
        .any(|a| matches!(a, Action::PlayYearOfPlenty(..) | Action::PlayKnight)));
    refused(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Ore, Resource::Ore),
    );
    refused(&mut g, Action::PlayKnight);
}

#[test]
fn a_soldier_flips_only_as_many_as_are_next_to_buildings() {
    let mut g = soldier_position();
    g.set_face_down(hexes(&[hex(0, -1), hex(2, 0)]));
    act(&mut g, Action::PlayKnight);
    assert_eq!(legal(&g), vec![Action::FlipUp(hex(0, -1))]);
    act(&mut g, Action::FlipUp(hex(0, -1)));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::Dice, 0));
    // None to flip: straight to the roll.
    let mut g = soldier_position();
    g.set_face_down(hexes(&[hex(2, 0)]));
    act(&mut g, Action::PlayKnight);
    assert_eq!((g.s.phase, g.s.robber), (Phase::Dice, hex(0, 0)));
    assert_eq!(g.s.face_down, hexes(&[hex(2, 0)]));
}

#[test]
fn no_soldier_after_the_roll_but_other_cards_after_roberts_move() {
    let mut g = soldier_position();
    robert_moves(&mut g);
    g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
    assert_eq!(g.s.phase, Phase::Main);
    assert!(!legal(&g).contains(&Action::PlayKnight));
    refused(&mut g, Action::PlayKnight);
    act(
        &mut g,
        Action::PlayYearOfPlenty(Resource::Grain, Resource::Ore),
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 1, 1]);
}

// ---------------------------------------------------------------- seven, monopoly

fn seven_position(hand1: u8) -> Game<'static> {
    seven_position_with(hand1, Rules::robert(4, RobertRules::default()))
}

/// [`seven_position`] with other rules (a knob set).
fn seven_position_with(hand1: u8, rules: Rules) -> Game<'static> {
    let mut g = position(4, RobertRules::default(), &[hex(0, -1), hex(1, -1)]);
    g.rules = rules;
    g.set_robber(hex(0, -1));
    put_settlement(&mut g, 0, c(2));
    put_settlement(&mut g, 1, c(13));
    give(&mut g, 1, [hand1, 0, 0, 0, 0]);
    give(&mut g, 2, [0, 7, 0, 0, 0]);
    g.s.phase = Phase::Dice;
    g.apply_chance(ChanceOutcome::Dice(3, 4), &mut ());
    g.check_invariants().unwrap();
    g
}

#[test]
fn seven_discards_from_eight_sends_robert_home_and_flips_one() {
    let mut g = seven_position(8);
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards, [0, 4, 0, 0, 0, 0]);
    assert_eq!(g.actor(), PlayerId(1));
    for _ in 0..4 {
        act(&mut g, Action::Discard(Resource::Brick));
    }
    assert_eq!(g.s.players[1].hand, [4, 0, 0, 0, 0]);
    assert_eq!(g.s.players[2].hand, [0, 7, 0, 0, 0]);
    assert_eq!(g.s.robber, hex(0, 0));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    assert_eq!(
        legal(&g),
        vec![Action::FlipUp(hex(0, -1)), Action::FlipUp(hex(1, -1))]
    );
    let mut log = Log::default();
    g.try_apply(Action::FlipUp(hex(1, -1)), &mut log).unwrap();
    assert_eq!(
        log.0,
        vec![Event::Flip {
            hex: hex(1, -1),
            down: false,
            cause: FlipCause::Seven
        }]
    );
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1)]));
}

#[test]
fn seven_with_seven_cards_discards_nothing() {
    let mut g = seven_position(7);
    assert_eq!(g.s.discards, [0; 6]);
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    assert_eq!(g.s.robber, hex(0, 0));
    act(&mut g, Action::FlipUp(hex(0, -1)));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[1].hand, [7, 0, 0, 0, 0]);
}

#[test]
fn monopoly_flips_up_that_terrain_and_takes_nothing() {
    // Face down: forest 9 (2, -2) with no building near, forest 11 (-1, 0), hills 6 (0, -1).
    let down = [hex(2, -2), hex(-1, 0), hex(0, -1)];
    let mut g = position(3, RobertRules::default(), &down);
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 1, [0, 3, 0, 0, 0]);
    give(&mut g, 2, [1, 1, 0, 0, 0]);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    let before = g.s.players;
    let mut log = Log::default();
    g.try_apply(Action::PlayMonopoly(Resource::Lumber), &mut log)
        .unwrap();
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1)]));
    for (now, was) in g.s.players.iter().zip(&before) {
        assert_eq!(now.hand, was.hand);
    }
    let flips: Vec<&Event> = log
        .0
        .iter()
        .filter(|e| matches!(e, Event::Flip { .. }))
        .collect();
    assert_eq!(
        flips,
        vec![
            &Event::Flip {
                hex: hex(2, -2),
                down: false,
                cause: FlipCause::Monopoly
            },
            &Event::Flip {
                hex: hex(-1, 0),
                down: false,
                cause: FlipCause::Monopoly
            },
        ]
    );
    assert_eq!(g.s.played[DevCard::Monopoly.idx()], 1);
    assert_eq!(g.s.phase, Phase::Main);
}

// ---------------------------------------------------------------- production

/// Rolls `d1 + d2` in the dice phase; returns seat 0's hand after production.
fn roll_for(g: &mut Game, d1: u8, d2: u8) -> Hand {
    g.s.phase = Phase::Dice;
    g.apply_chance(ChanceOutcome::Dice(d1, d2), &mut ());
    g.check_invariants().unwrap();
    g.s.players[0].hand
}

#[test]
fn face_down_tokens_never_produce_and_face_up_ones_do() {
    // Hills 6 (0, -1) face down with Robert on it; pasture 4 (1, -1) face up; seat 0 on the
    // corner they share.
    let mut g = position(2, RobertRules::default(), &[hex(0, -1)]);
    g.s.robber = hex(0, -1);
    let shared = g.topo.hex_corners[hex(0, -1).idx()]
        .iter()
        .copied()
        .find(|c| g.topo.hex_corners[hex(1, -1).idx()].contains(c))
        .unwrap();
    put_settlement(&mut g, 0, shared);
    let sixes = g.topo.corner_hexes[shared.idx()]
        .iter()
        .filter(|&&h| h != NONE && g.layout.token[h as usize] == 6)
        .count();
    assert_eq!(sixes, 1, "the hills are the corner's only 6");
    let brick = Resource::Brick.idx();
    let wool = Resource::Wool.idx();
    assert_eq!(
        roll_for(&mut g, 2, 4)[brick],
        0,
        "a face-down 6 pays nothing"
    );
    assert_eq!(roll_for(&mut g, 1, 3)[wool], 1, "a face-up 4 pays");
    // A monopoly on brick turns the hills up while Robert still stands on them: they produce.
    g.s.phase = Phase::Main;
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    g.try_apply(Action::PlayMonopoly(Resource::Brick), &mut ())
        .unwrap();
    assert!(!g.s.face_down.contains(hex(0, -1).idx()));
    assert_eq!(g.s.robber, hex(0, -1));
    assert_eq!(
        roll_for(&mut g, 2, 4)[brick],
        1,
        "face up again: Robert does not block"
    );
    // Robert moves on, turning a token down: that hex stops paying.
    g.set_face_down(hexes(&[hex(1, -1)]));
    assert_eq!(
        roll_for(&mut g, 1, 3)[wool],
        1,
        "the face-down pasture pays nothing more"
    );
}

// ---------------------------------------------------------------- reshuffle

/// Deck empty; `played` on the table; the rest (VP cards included) in seat 1's hand. With a
/// holder, the knights on the table are seat 2's army (largest, up to 5) and seat 3's (the rest,
/// up to 3).
fn empty_deck(played: [u8; 5], holder: bool) -> Game<'static> {
    let mut g = position(4, RobertRules::default(), &[]);
    at_turn(&mut g, 0, Phase::Main);
    for (i, card) in DevCard::ALL.into_iter().enumerate() {
        give_dev(&mut g, 1, card, DevCard::DECK[i] - played[i]);
    }
    assert_eq!(g.s.deck, played);
    g.s.deck = [0; 5];
    g.s.played = played;
    if holder {
        let army = played[DevCard::Knight.idx()].min(5);
        g.s.players[2].knights_played = army as u16;
        g.s.players[3].knights_played = (played[DevCard::Knight.idx()] - army).min(3) as u16;
        g.s.largest_army = 2;
        g.s.players[2].vp += 2;
    }
    g.check_invariants().unwrap();
    give(&mut g, 0, DEV_COST);
    g
}

#[test]
fn reshuffle_keeps_three_knights_of_the_largest_army() {
    let mut g = empty_deck([8, 0, 2, 2, 2], true);
    let mut log = Log::default();
    g.try_apply(Action::BuyDev, &mut log).unwrap();
    assert!(log.0.contains(&Event::Reshuffle { cards: 11 }));
    assert_eq!(g.s.deck, [5, 0, 2, 2, 2]);
    assert_eq!(g.s.played, [3, 0, 0, 0, 0]);
    assert_eq!(g.s.phase, Phase::Draw);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([5, 0, 2, 2, 2])));
    g.apply_chance(ChanceOutcome::Card(DevCard::Monopoly), &mut ());
    assert_eq!(g.s.deck, [5, 0, 2, 2, 1]);
    assert_eq!(g.s.players[0].dev_new, [0, 0, 0, 0, 1]);
    g.check_invariants().unwrap();
}

#[test]
fn knights_shuffled_back_leave_their_armies() {
    // Seat 2 holds largest army with 5 knights, seat 3 has played 3.
    let mut g = empty_deck([8, 0, 2, 2, 2], true);
    let vp = g.s.players.map(|p| p.vp);
    g.try_apply(Action::BuyDev, &mut ()).unwrap();
    g.apply_chance(ChanceOutcome::Card(DevCard::Monopoly), &mut ());
    g.check_invariants().unwrap();
    let armies: Vec<u16> = g.s.players[..4].iter().map(|p| p.knights_played).collect();
    assert_eq!(
        armies,
        vec![0, 0, 3, 0],
        "the holder keeps the 3 left on the table"
    );
    assert_eq!(g.s.largest_army, 2, "the holder keeps the card");
    assert_eq!(g.s.players.map(|p| p.vp), vp);
    // Seat 3 now needs 4 new knights, not 1, to take the card: 3 are not enough.
    g.s.players[3].knights_played = 3;
    g.s.played[DevCard::Knight.idx()] += 3;
    g.s.deck[DevCard::Knight.idx()] -= 3;
    g.s.current = 3;
    give_dev(&mut g, 3, DevCard::Knight, 1);
    g.s.dev_played = false;
    g.s.rolled = false;
    g.s.phase = Phase::PreRoll;
    g.try_apply(Action::PlayKnight, &mut ()).unwrap();
    assert_eq!(g.s.players[3].knights_played, 4);
    assert_eq!(g.s.largest_army, 3, "4 knights beat the holder's 3");
    g.check_invariants().unwrap();
}

#[test]
fn reshuffled_knights_count_keeps_every_army() {
    let mut g = empty_deck([8, 0, 2, 2, 2], true);
    set_robert(&mut g, |o| o.reshuffled_knights = ReshuffledKnights::Count);
    g.try_apply(Action::BuyDev, &mut ()).unwrap();
    g.check_invariants().unwrap();
    let armies: Vec<u16> = g.s.players[..4].iter().map(|p| p.knights_played).collect();
    assert_eq!(
        armies,
        vec![0, 0, 5, 3],
        "armies count the knights shuffled back"
    );
    assert_eq!(g.s.played, [3, 0, 0, 0, 0]);
}

#[test]
fn reshuffle_without_a_largest_army_returns_every_played_card() {
    let mut g = empty_deck([8, 0, 2, 2, 2], false);
    let mut log = Log::default();
    g.try_apply(Action::BuyDev, &mut log).unwrap();
    assert!(log.0.contains(&Event::Reshuffle { cards: 14 }));
    assert_eq!(g.s.deck, [8, 0, 2, 2, 2]);
    assert_eq!(g.s.played, [0; 5]);
    // The five VP cards stay where they are.
    assert_eq!(g.s.players[1].dev[DevCard::VictoryPoint.idx()], 5);
}

#[test]
fn no_card_when_deck_and_pile_are_empty() {
    for (played, holder) in [([3, 0, 0, 0, 0], true), ([0; 5], false)] {
        let mut g = empty_deck(played, holder);
        assert!(!g.deck_available());
        assert!(!legal(&g).contains(&Action::BuyDev));
        refused(&mut g, Action::BuyDev);
    }
    // One card beyond the kept three is enough.
    let g = empty_deck([3, 0, 1, 0, 0], true);
    assert!(legal(&g).contains(&Action::BuyDev));
}

#[test]
fn base_rules_never_reshuffle() {
    let mut g = base_game(4);
    at_turn(&mut g, 0, Phase::Main);
    for (i, card) in DevCard::ALL.into_iter().enumerate() {
        give_dev(&mut g, 1, card, DevCard::DECK[i] - [8, 0, 2, 2, 2][i]);
    }
    g.s.deck = [0; 5];
    g.s.played = [8, 0, 2, 2, 2];
    g.check_invariants().unwrap();
    give(&mut g, 0, DEV_COST);
    assert!(!g.deck_available());
    refused(&mut g, Action::BuyDev);
}

// ---------------------------------------------------------------- start cards

#[test]
fn starting_cards_are_dealt_per_seat_and_playable_on_turn_one() {
    for k in 0..=3u8 {
        let mut g = robert_game(
            3,
            RobertRules {
                start_cards: k,
                ..RobertRules::default()
            },
        );
        let hands = [
            [DevCard::VictoryPoint, DevCard::Knight, DevCard::Monopoly],
            [DevCard::Knight; 3],
            [
                DevCard::YearOfPlenty,
                DevCard::RoadBuilding,
                DevCard::VictoryPoint,
            ],
        ];
        if k == 0 {
            assert_eq!(g.s.phase, Phase::SetupSettlement);
        } else {
            assert_eq!(g.s.phase, Phase::Deal);
        }
        let mut log = Log::default();
        for hand in &hands {
            for &card in &hand[..k as usize] {
                assert_eq!(g.s.phase, Phase::Deal);
                assert_eq!(g.chance(), Some(ChanceDist::Weighted(g.s.deck)));
                g.apply_chance(ChanceOutcome::Card(card), &mut log);
            }
        }
        assert_eq!(g.s.phase, Phase::SetupSettlement, "k = {k}");
        let dealt: Vec<u8> = log
            .0
            .iter()
            .filter_map(|e| match e {
                Event::DevDealt { player, .. } => Some(player.0),
                _ => None,
            })
            .collect();
        let want: Vec<u8> = (0..3).flat_map(|p| vec![p; k as usize]).collect();
        assert_eq!(dealt, want);
        for (p, hand) in hands.iter().enumerate() {
            let mut counts = [0u8; 5];
            for card in &hand[..k as usize] {
                counts[card.idx()] += 1;
            }
            assert_eq!(g.s.players[p].dev, counts, "seat {p}, k = {k}");
            assert_eq!(g.s.players[p].dev_new, [0; 5]);
        }
        g.check_invariants().unwrap();
        while matches!(g.s.phase, Phase::SetupSettlement | Phase::SetupRoad) {
            let a = legal(&g)[0];
            act(&mut g, a);
        }
        assert_eq!((g.s.phase, g.s.current, g.s.turn), (Phase::PreRoll, 0, 1));
        assert_eq!(g.s.players[0].vp, 2 + u8::from(k >= 1));
        assert_eq!(g.s.players[2].vp, 2 + u8::from(k >= 3));
        let knight = legal(&g).contains(&Action::PlayKnight);
        assert_eq!(knight, k >= 2, "k = {k}");
    }
}

// ---------------------------------------------------------------- end

#[test]
fn victory_when_the_last_player_reaches_ten() {
    let mut g = position(3, RobertRules::default(), &[]);
    for k in [0, 7, 13, 23] {
        put_city(&mut g, 0, c(k));
    }
    put_settlement(&mut g, 0, c(29));
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    for k in [47, 50, 38, 34] {
        put_city(&mut g, 1, c(k));
    }
    put_settlement(&mut g, 1, c(26));
    give_dev(&mut g, 1, DevCard::VictoryPoint, 1);
    for k in [16, 9, 45] {
        put_city(&mut g, 2, c(k));
    }
    put_settlement(&mut g, 2, c(11));
    put_settlement(&mut g, 2, c(36));
    give_dev(&mut g, 2, DevCard::VictoryPoint, 1);
    assert_eq!([0, 1, 2].map(|p| g.s.players[p].vp), [10, 10, 9]);
    g.check_invariants().unwrap();
    at_turn(&mut g, 2, Phase::Main);
    give(&mut g, 2, CITY_COST);
    give(&mut g, 2, [4, 0, 0, 0, 0]);
    act(
        &mut g,
        Action::BankTrade {
            give: Resource::Brick,
            get: Resource::Wool,
        },
    );
    assert!(!g.is_over(), "two of three at 10 is not a win");
    let mut log = Log::default();
    g.try_apply(Action::BuildCity(c(36)), &mut log).unwrap();
    assert_eq!(g.s.phase, Phase::Over(Outcome::TeamWin));
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::TeamWin,
        turn: 1
    }));
}

#[test]
fn one_player_at_ten_keeps_playing() {
    let mut g = position(2, RobertRules::default(), &[]);
    for k in [0, 7, 13] {
        put_city(&mut g, 0, c(k));
    }
    put_settlement(&mut g, 0, c(23));
    put_settlement(&mut g, 0, c(29));
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 0, CITY_COST);
    act(&mut g, Action::BuildCity(c(29)));
    assert_eq!(g.s.players[0].vp, 10);
    assert!(!g.is_over());
    act(&mut g, Action::EndTurn);
    assert_eq!((g.s.current, g.s.phase), (1, Phase::PreRoll));
    act(&mut g, Action::RobertMoves);
    assert!(!g.is_over());
}

#[test]
fn the_turn_cap_ends_the_game_as_cap() {
    let mut g = position(2, RobertRules::default(), &[]);
    g.rules.turn_cap = 3;
    at_turn(&mut g, 0, Phase::Main);
    g.s.turn = 2;
    act(&mut g, Action::EndTurn);
    assert_eq!((g.s.turn, g.s.phase), (3, Phase::PreRoll));
    // Turn 3 is played in full; ending it hits the cap.
    g.s.phase = Phase::Main;
    let mut log = Log::default();
    g.try_apply(Action::EndTurn, &mut log).unwrap();
    assert_eq!(g.s.phase, Phase::Over(Outcome::Cap));
    assert_eq!(
        g.s.turn, 3,
        "a capped game has played exactly turn_cap turns"
    );
    assert!(!log.0.iter().any(|e| matches!(e, Event::TurnStart { .. })));
    assert_eq!(
        log.0.last(),
        Some(&Event::GameOver {
            outcome: Outcome::Cap,
            turn: g.s.turn
        })
    );
}

#[test]
fn robert_moves_off_his_own_hex_unless_it_is_the_last_token() {
    // A monopoly turned Robert's hills 6 (0, -1) face up again; its neighbours are face down.
    let own = hex(0, -1);
    let ring = [hex(0, -2), hex(1, -2), hex(-1, -1), hex(1, -1), hex(-1, 0)];
    let mut g = position(3, RobertRules::default(), &ring);
    g.set_robber(own);
    robert_moves(&mut g);
    // Not the hills again (0 steps): the nearest others, two steps away; the best is the 8.
    assert_flipped(&g, hex(-2, 1));
    assert!(!g.s.face_down.contains(own.idx()));
    // Global: Robert on the mountains 8 (2, 0) face up; the other 8 is the only best.
    let mut g = position(3, rr(RobertTarget::Global, 1), &[]);
    g.set_robber(hex(2, 0));
    robert_moves(&mut g);
    assert_flipped(&g, hex(-2, 1));
    // His own hex holds the last face-up token: he flips it and Robert wins.
    for target in [RobertTarget::Adjacent, RobertTarget::Global] {
        let mut g = position(3, rr(target, 1), &[]);
        g.set_face_down(g.layout.tokened);
        g.s.face_down.remove(own.idx());
        g.set_robber(own);
        robert_moves(&mut g);
        assert_eq!(g.s.robber, own);
        assert_eq!(g.s.phase, Phase::Over(Outcome::TeamLoss));
    }
}

// ---------------------------------------------------------------- rule knobs

/// `g`'s Robert rules with `f` applied (a knob set on a constructed position).
fn set_robert(g: &mut Game, f: impl Fn(&mut RobertRules)) {
    if let Variant::Robert(o) = &mut g.rules.variant {
        f(o);
    } else {
        panic!("not a Robert game");
    }
}

#[test]
fn soldier_flips_knob_sets_how_many_a_soldier_flips_up() {
    // One flip: the second candidate stays face down.
    let mut g = soldier_position();
    set_robert(&mut g, |o| o.soldier_flips = 1);
    act(&mut g, Action::PlayKnight);
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 1));
    act(&mut g, Action::FlipUp(hex(1, -1)));
    assert_eq!(g.s.phase, Phase::Dice);
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(2, 0)]));
    // None: Robert goes home and the player rolls.
    let mut g = soldier_position();
    set_robert(&mut g, |o| o.soldier_flips = 0);
    act(&mut g, Action::PlayKnight);
    assert_eq!((g.s.phase, g.s.robber), (Phase::Dice, hex(0, 0)));
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(1, -1), hex(2, 0)]));
}

#[test]
fn seven_flips_knob_sets_how_many_a_seven_flips_up() {
    let rules = |n| {
        Rules::robert(
            4,
            RobertRules {
                seven_flips: n,
                ..RobertRules::default()
            },
        )
    };
    let mut g = seven_position_with(7, rules(2));
    assert_eq!((g.s.phase, g.s.flips_left), (Phase::FlipUp, 2));
    act(&mut g, Action::FlipUp(hex(0, -1)));
    act(&mut g, Action::FlipUp(hex(1, -1)));
    assert_eq!(g.s.phase, Phase::Main);
    assert!(g.s.face_down.is_empty());
    let g = seven_position_with(7, rules(0));
    assert_eq!((g.s.phase, g.s.robber), (Phase::Main, hex(0, 0)));
    assert_eq!(g.s.face_down, hexes(&[hex(0, -1), hex(1, -1)]));
}

#[test]
fn hand_limit_knob_sets_who_discards_on_a_seven() {
    let rules = |limit| Rules {
        hand_limit: limit,
        ..Rules::robert(4, RobertRules::default())
    };
    // A limit of 9: eight cards are kept.
    let g = seven_position_with(8, rules(9));
    assert_eq!(g.s.discards, [0; 6]);
    // A limit of 5: seven cards lose three (seat 1), and seat 2's seven lose three too.
    let g = seven_position_with(7, rules(5));
    assert_eq!(g.s.discards, [0, 3, 3, 0, 0, 0]);
}

#[test]
fn robert_skip_knob_rests_robert_on_every_kth_turn() {
    let mut g = position(
        3,
        RobertRules {
            robert_skip: 3,
            ..RobertRules::default()
        },
        &[],
    );
    assert_eq!(g.s.turn, 1);
    assert_eq!(legal(&g), vec![Action::RobertMoves]);
    g.s.turn = 3;
    assert_eq!(legal(&g), vec![Action::Roll], "he rests on turn 3");
    refused(&mut g, Action::RobertMoves);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert_eq!(legal(&g), vec![Action::Roll, Action::PlayKnight]);
    act(&mut g, Action::Roll);
    assert_eq!(g.s.phase, Phase::Dice);
    assert!(
        g.s.face_down.is_empty(),
        "nothing flipped on a resting turn"
    );
    g.s.turn = 4;
    g.s.phase = Phase::PreRoll;
    assert_eq!(legal(&g)[0], Action::RobertMoves);
    // 1: Robert never moves.
    set_robert(&mut g, |o| o.robert_skip = 1);
    assert_eq!(legal(&g)[0], Action::Roll);
}

#[test]
fn monopoly_take_knob_takes_cards_and_flips_nothing() {
    let down = [hex(2, -2), hex(-1, 0), hex(0, -1)];
    let mut g = position(
        3,
        RobertRules {
            monopoly: RobertMonopoly::Take,
            ..RobertRules::default()
        },
        &down,
    );
    at_turn(&mut g, 0, Phase::Main);
    give(&mut g, 1, [0, 3, 0, 0, 0]);
    give(&mut g, 2, [1, 1, 0, 0, 0]);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    let mut log = Log::default();
    g.try_apply(Action::PlayMonopoly(Resource::Lumber), &mut log)
        .unwrap();
    g.check_invariants().unwrap();
    assert_eq!(g.s.face_down, hexes(&down), "no token flips");
    assert_eq!(g.s.players[0].hand[Resource::Lumber.idx()], 4);
    assert_eq!(g.s.players[1].hand, [0, 0, 0, 0, 0]);
    assert_eq!(g.s.players[2].hand, [1, 0, 0, 0, 0]);
    assert!(log.0.contains(&Event::Monopoly {
        player: PlayerId(0),
        resource: Resource::Lumber,
        taken: 4
    }));
}

#[test]
fn keep_back_knob_sets_the_knights_kept_out_of_a_reshuffle() {
    // At most the holder's own army (5 of the 8 knights on the table).
    for (keep, kept) in [(1u8, 1u8), (0, 0), (14, 5)] {
        let mut g = empty_deck([8, 0, 2, 2, 2], true);
        set_robert(&mut g, |o| o.keep_back = keep);
        let mut log = Log::default();
        g.try_apply(Action::BuyDev, &mut log).unwrap();
        assert!(
            log.0.contains(&Event::Reshuffle { cards: 14 - kept }),
            "keep back {keep}"
        );
        assert_eq!(g.s.played, [kept, 0, 0, 0, 0]);
    }
}

#[test]
fn vp_to_win_knob_sets_the_team_target() {
    for (target, over) in [(3u8, true), (4, false)] {
        let mut g = position(2, RobertRules::default(), &[]);
        g.rules.vp_to_win = target;
        for (p, k) in [(0, 0), (0, 7), (1, 47), (1, 50)] {
            put_settlement(&mut g, p, c(k));
        }
        put_city(&mut g, 1, c(38));
        at_turn(&mut g, 0, Phase::Main);
        give(&mut g, 0, CITY_COST);
        act(&mut g, Action::BuildCity(c(7)));
        assert_eq!([g.s.players[0].vp, g.s.players[1].vp], [3, 4]);
        assert_eq!(g.s.phase == Phase::Over(Outcome::TeamWin), over, "{target}");
    }
}
