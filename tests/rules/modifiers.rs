//! The three rule modifiers (RULINGS §3, docs/rules.md "Modifiers") on the base game and on
//! Robert: volcano eruptions (on 1 only, removals and city downgrade, ore still produced), gold
//! (VP on 6 only, for the current player, counting toward victory), tech advancement (a
//! resource of choice on doubles only).

use crate::support::*;
use robsim::catan::*;

fn with(rules: Rules, m: Modifiers) -> Game<'static> {
    let mut g = game(rules.with_modifiers(m));
    at_turn(&mut g, 0, Phase::Dice);
    g
}

fn base(m: Modifiers) -> Game<'static> {
    with(Rules::base(2), m)
}

fn robert(m: Modifiers) -> Game<'static> {
    with(Rules::robert(2, RobertRules::default()), m)
}

fn roll(g: &mut Game, d1: u8, d2: u8) -> Log {
    let mut log = Log::default();
    g.apply_chance(ChanceOutcome::Dice(d1, d2), &mut log);
    g.check_invariants().expect("invariants");
    log
}

fn die(g: &mut Game, d: u8) -> Log {
    assert_eq!(g.s.phase, Phase::ModifierDie);
    assert_eq!(g.chance(), Some(ChanceDist::Die));
    let mut log = Log::default();
    g.apply_chance(ChanceOutcome::Die(d), &mut log);
    g.check_invariants().expect("invariants");
    log
}

/// Mountains 8 at (2, 0): seat 0's settlement on corner 3 with roads on edges 2 and 3 and one
/// road off the hex; seat 1's city on corner 0.
fn volcano_board(g: &mut Game) -> EdgeId {
    put_settlement(g, 0, corner(2, 0, 3));
    put_roads(g, 0, &[edge(2, 0, 2), edge(2, 0, 3)]);
    let outside = g.topo.corner_edges[corner(2, 0, 3).idx()]
        .iter()
        .map(|&e| EdgeId(e))
        .find(|&e| e.0 != NONE && e != edge(2, 0, 2) && e != edge(2, 0, 3))
        .unwrap();
    put_road(g, 0, outside);
    put_city(g, 1, corner(2, 0, 0));
    outside
}

fn check_eruption(mut g: Game) {
    let outside = volcano_board(&mut g);
    roll(&mut g, 2, 6);
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 1);
    assert_eq!(g.s.players[1].hand[Resource::Ore.idx()], 2);
    let log = die(&mut g, 1);
    assert_eq!(g.s.phase, Phase::Main);
    // Ore is still produced; the pieces are gone or reduced.
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 1);
    assert_eq!(g.s.players[1].hand[Resource::Ore.idx()], 2);
    let p0 = g.s.players[0];
    assert!(p0.buildings.is_empty());
    assert_eq!(p0.roads.iter().collect::<Vec<_>>(), vec![outside.idx()]);
    assert_eq!(
        (p0.settlements_left, p0.roads_left, p0.vp),
        (5, 14, 0),
        "stock and VP"
    );
    let p1 = g.s.players[1];
    assert!(p1.cities.is_empty());
    assert!(p1.buildings.contains(corner(2, 0, 0).idx()));
    assert_eq!((p1.settlements_left, p1.cities_left, p1.vp), (4, 4, 1));
    assert_eq!(
        g.s.corner_owner[corner(2, 0, 0).idx()],
        2,
        "a settlement of seat 1"
    );
    assert_eq!(g.s.blocked, g.topo.corner_block[corner(2, 0, 0).idx()]);
    assert_eq!(
        log.0[0],
        Event::Eruption { hex: hex(2, 0) },
        "the eruption comes first"
    );
    let removed: Vec<(u8, Piece)> = log
        .0
        .iter()
        .filter_map(|e| match *e {
            Event::Removed { player, piece, .. } => Some((player.0, piece)),
            _ => None,
        })
        .collect();
    assert_eq!(
        removed,
        vec![
            (0, Piece::Road),
            (0, Piece::Road),
            (0, Piece::Settlement),
            (1, Piece::City)
        ]
    );
    // The freed corner is buildable again for a road-connected player.
    assert!(!g.s.blocked.contains(corner(2, 0, 3).idx()));
}

#[test]
fn volcano_erupts_on_1_base() {
    check_eruption(base(Modifiers::VOLCANO));
}

#[test]
fn volcano_erupts_on_1_robert() {
    check_eruption(robert(Modifiers::VOLCANO));
}

#[test]
fn volcano_sleeps_on_2_to_6() {
    for d in 2..=6 {
        let mut g = base(Modifiers::VOLCANO);
        volcano_board(&mut g);
        let before = g.s.players;
        roll(&mut g, 2, 6);
        let log = die(&mut g, d);
        assert!(log.0.is_empty(), "die {d}: {:?}", log.0);
        assert_eq!(g.s.phase, Phase::Main);
        assert_eq!(g.s.players[0].buildings, before[0].buildings);
        assert_eq!(g.s.players[1].cities, before[1].cities);
    }
}

#[test]
fn volcano_needs_a_producing_mountain() {
    // No modifier: no die.
    let mut g = base(Modifiers::NONE);
    volcano_board(&mut g);
    roll(&mut g, 2, 6);
    assert_eq!(g.s.phase, Phase::Main);
    // The robber blocks the mountain (base): no production, no die.
    let mut g = base(Modifiers::VOLCANO);
    volcano_board(&mut g);
    g.set_robber(hex(2, 0));
    roll(&mut g, 2, 6);
    assert_eq!(g.s.phase, Phase::Main);
    // No building on the rolled mountain (the 3 at (-1, 1)): no die.
    let mut g = base(Modifiers::VOLCANO);
    volcano_board(&mut g);
    roll(&mut g, 1, 2);
    assert_eq!(g.s.phase, Phase::Main);
    // A face-down mountain (Robert) does not produce.
    let mut g = robert(Modifiers::VOLCANO);
    volcano_board(&mut g);
    g.set_face_down(hexes(&[hex(2, 0)]));
    roll(&mut g, 2, 6);
    assert_eq!(g.s.phase, Phase::Main);
    // Hills never erupt.
    let mut g = base(Modifiers::VOLCANO);
    put_settlement(&mut g, 0, corner(0, -1, 0));
    roll(&mut g, 1, 5);
    assert_eq!(g.s.phase, Phase::Main);
}

/// Hills 6 at (0, -1) with seat 1's settlement; seat 0 (the roller) has nothing there.
fn gold(mut g: Game, d: u8) -> (Game, Log) {
    put_settlement(&mut g, 1, corner(0, -1, 0));
    roll(&mut g, 1, 5);
    let log = die(&mut g, d);
    (g, log)
}

#[test]
fn gold_gives_the_current_player_a_vp_on_6_only() {
    for make in [base as fn(Modifiers) -> Game<'static>, robert] {
        let (g, log) = gold(make(Modifiers::GOLD), 6);
        assert_eq!(g.s.players[0].vp, 1);
        assert_eq!(g.s.players[0].gold_vp, 1);
        assert_eq!(g.s.players[1].vp, 1, "only the roller");
        assert_eq!(
            log.0,
            vec![Event::Gold {
                player: PlayerId(0),
                hex: hex(0, -1)
            }]
        );
        for d in 1..=5 {
            let (g, log) = gold(make(Modifiers::GOLD), d);
            assert_eq!(g.s.players[0].vp, 0, "die {d}");
            assert!(log.0.is_empty());
        }
    }
}

#[test]
fn gold_vp_count_toward_victory() {
    let mut g = base(Modifiers::GOLD);
    g.s.players[0].gold_vp = 9;
    g.s.players[0].vp = 9;
    let (g, _) = gold(g, 6);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
}

#[test]
fn one_die_per_producing_hex_in_hex_order() {
    // 10: mountains (0, -2) and hills (2, -1), both with a building.
    let mut g = base(Modifiers::VOLCANO.union(Modifiers::GOLD));
    put_settlement(&mut g, 0, corner(0, -2, 3));
    put_settlement(&mut g, 1, corner(2, -1, 3));
    roll(&mut g, 4, 6);
    let first = hex(0, -2).idx().min(hex(2, -1).idx());
    assert_eq!(g.s.pending_dice.len(), 2);
    assert_eq!(modifiers::next_die_hex(&g.s).idx(), first);
    die(&mut g, 6);
    assert_eq!(g.s.phase, Phase::ModifierDie, "a second die");
    die(&mut g, 1);
    assert_eq!(g.s.phase, Phase::Main);
}

#[test]
fn tech_advancement_gives_a_resource_on_doubles_only() {
    for make in [base as fn(Modifiers) -> Game<'static>, robert] {
        let mut g = make(Modifiers::TECH_ADVANCEMENT);
        roll(&mut g, 4, 4);
        assert_eq!(g.s.phase, Phase::Bonus);
        let mut log = Log::default();
        g.try_apply(Action::TakeBonus(Resource::Brick), &mut log)
            .unwrap();
        assert_eq!(g.s.players[0].hand[Resource::Brick.idx()], 1);
        assert_eq!(g.s.phase, Phase::Main);
        assert_eq!(
            log.0,
            vec![Event::Bonus {
                player: PlayerId(0),
                resource: Resource::Brick,
                cause: BonusCause::TechAdvancement
            }]
        );
        let mut g = make(Modifiers::TECH_ADVANCEMENT);
        roll(&mut g, 3, 5);
        assert_eq!(g.s.phase, Phase::Main);
        // Without the modifier, doubles are an ordinary roll (base and Robert).
        let mut g = make(Modifiers::NONE);
        roll(&mut g, 4, 4);
        assert_eq!(g.s.phase, Phase::Main);
    }
}

#[test]
fn tech_advancement_offers_only_what_the_bank_has() {
    let mut g = base(Modifiers::TECH_ADVANCEMENT);
    g.s.players[1].hand[Resource::Ore.idx()] = 19;
    g.s.bank[Resource::Ore.idx()] = 0;
    roll(&mut g, 1, 1);
    assert!(!legal(&g).contains(&Action::TakeBonus(Resource::Ore)));
    assert_eq!(legal(&g).len(), 4);
}

#[test]
fn modifier_names_parse() {
    assert_eq!(
        Modifiers::parse("volcano+gold+tech_advancement").unwrap(),
        Modifiers(7)
    );
    assert_eq!(Modifiers(5).name(), "volcano+tech_advancement");
    assert!(Modifiers::parse("volcanoes").is_err());
}
