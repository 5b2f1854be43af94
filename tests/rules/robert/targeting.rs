//! Robert's targeting: pips, buildings and numbers, ties broken at random, the nearest tokens, the global reading, defeat at the last token.

use super::*;

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
