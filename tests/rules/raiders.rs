//! The Raiders of Catan rule scenarios on constructed positions (seed `raiders-of-catan.txt`,
//! RULINGS §4): the map format and topology, home-island set-up, ships and trade routes, volcano
//! and jungle, raiders placed on build, the storm, blocked production, cancelled roads, taken and
//! freed buildings, the seven, 13 VP and the special building phase.
//!
//! Most scenarios use `tests/data/raiders-mini.toml`. Its corners, as points `(x, y)` with
//! `x = 2q + r` and `y = 3r` at a hex centre (corner `k` clockwise from the top, offsets
//! (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1)):
//!
//! ```text
//!   home:  D desert (0,0) raiders   F6 forest (1,0)   H5 hills (0,1)     Fi9 fields (-1,1)
//!          P10 pasture (-1,0)       M8 mountains (0,-1)                  P4 pasture (1,-1)
//!   sea:   (-2,2) (-1,2) (0,2) (1,2) (2,2) (2,1)
//!   isle:  V3 volcano (-1,3)  J11 jungle (0,3)  F9 forest (1,3)
//!   harbors: 3:1 on P4 corners 0-1 (top right), grain on Fi9 corners 4-5 (left)
//! ```
//!
//! Corner 3 of H5, (1, 5), is on the south coast; one sea edge down from it reaches corner 0 of
//! the volcano, (1, 7), the isle's nearest corner.
//!
//! `tests/data/raiders-storm.toml` is a row of the home island for the storm: D1 (0,0) and
//! D2 (4,0) raider deserts, A fields 6 (1,0) next to D1, B hills 6 (2,0) next to A, no desert,
//! C pasture 8 (3,0) next to D2, E mountains 6 (5,0) next to D2, V volcano 10 (2,-1) on home.

use crate::support::{at_turn, give, give_dev, legal, refused, Log};
use robsim::catan::kernel::raiders;
use robsim::catan::mapfile::{load_map, parse_map, resolve_map};
use robsim::catan::NONE;
use robsim::catan::*;
use std::path::Path;
use std::sync::OnceLock;

// ---------------------------------------------------------------------------------------------
// Boards and coordinates

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn build(name: &str) -> Topology {
    let spec = load_map(Path::new(&data(name))).unwrap_or_else(|e| panic!("{name}: {e:#}"));
    Topology::build(&spec).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A test map's topology with coordinate helpers.
#[derive(Clone, Copy)]
struct Board(&'static Topology);

fn mini() -> Board {
    static T: OnceLock<Topology> = OnceLock::new();
    Board(T.get_or_init(|| build("raiders-mini.toml")))
}

fn storm_board() -> Board {
    static T: OnceLock<Topology> = OnceLock::new();
    Board(T.get_or_init(|| build("raiders-storm.toml")))
}

impl Board {
    fn hex(self, q: i8, r: i8) -> HexId {
        let i = self
            .0
            .hex_coord
            .iter()
            .position(|&c| c == (q, r))
            .unwrap_or_else(|| panic!("no hex ({q}, {r})"));
        HexId(i as u8)
    }
    /// Corner `k` (0 top, clockwise) of hex `(q, r)`.
    fn corner(self, q: i8, r: i8, k: usize) -> CornerId {
        self.0.hex_corners[self.hex(q, r).idx()][k]
    }
    /// Edge `k` of hex `(q, r)`: joins its corners `k` and `k + 1`.
    fn edge(self, q: i8, r: i8, k: usize) -> EdgeId {
        self.0.hex_edges[self.hex(q, r).idx()][k]
    }
    /// The corner at point `(x, y)` (see the module doc), found from the geometry.
    fn pt(self, x: i32, y: i32) -> CornerId {
        const OFF: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];
        for (h, &(q, r)) in self.0.hex_coord.iter().enumerate() {
            for (k, (dx, dy)) in OFF.iter().enumerate() {
                if (2 * q as i32 + r as i32 + dx, 3 * r as i32 + dy) == (x, y) {
                    return self.0.hex_corners[h][k];
                }
            }
        }
        panic!("no corner at ({x}, {y})")
    }
    /// The edge joining two neighbouring corners.
    fn between(self, a: CornerId, b: CornerId) -> EdgeId {
        let t = self.0;
        (0..t.n_edges)
            .find(|&e| {
                let [x, y] = t.edge_corners[e];
                (x, y) == (a, b) || (x, y) == (b, a)
            })
            .map(|e| EdgeId(e as u8))
            .unwrap_or_else(|| panic!("corners {a:?} and {b:?} are not neighbours"))
    }
}

/// Named places of the mini map.
mod m {
    use super::*;
    pub fn d() -> HexId {
        mini().hex(0, 0)
    }
    pub fn f6() -> HexId {
        mini().hex(1, 0)
    }
    pub fn h5() -> HexId {
        mini().hex(0, 1)
    }
    pub fn p4() -> HexId {
        mini().hex(1, -1)
    }
    pub fn volcano() -> HexId {
        mini().hex(-1, 3)
    }
    pub fn jungle() -> HexId {
        mini().hex(0, 3)
    }
    /// (1, 5): corner 3 of H5, on the south coast; all three of its edges have sea.
    pub fn south() -> CornerId {
        mini().corner(0, 1, 3)
    }
    /// (1, 7): the volcano's top corner.
    pub fn v0() -> CornerId {
        mini().corner(-1, 3, 0)
    }
    /// (2, 8): between the volcano and the jungle.
    pub fn v1() -> CornerId {
        mini().corner(-1, 3, 1)
    }
    /// (0, 4): corner 4 of H5 = corner 2 of Fi9.
    pub fn h5c4() -> CornerId {
        mini().corner(0, 1, 4)
    }
    /// The sea edge from `south` to `v0`.
    pub fn s1() -> EdgeId {
        mini().between(south(), v0())
    }
    /// The volcano's coast edge `v0`-`v1`.
    pub fn s2() -> EdgeId {
        mini().edge(-1, 3, 0)
    }
    /// The volcano's coast edge (0, 8)-`v0`.
    pub fn ve5() -> EdgeId {
        mini().edge(-1, 3, 5)
    }
    /// H5's coast edges at `south`: (2, 4)-(1, 5) and (1, 5)-(0, 4).
    pub fn h5e2() -> EdgeId {
        mini().edge(0, 1, 2)
    }
    pub fn h5e3() -> EdgeId {
        mini().edge(0, 1, 3)
    }
}

// ---------------------------------------------------------------------------------------------
// Games and constructed positions

fn opts(setup_raiders: bool, volcano_start: bool) -> RaidersRules {
    RaidersRules {
        setup_raiders,
        volcano_start,
        ..RaidersRules::default()
    }
}

fn game(b: Board, players: u8, o: RaidersRules) -> Game<'static> {
    Game::new(b.0, Layout::fixed(b.0), Rules::raiders(players, o))
}

/// A game on `b` at turn 1 of seat 0 in `phase`.
fn position(b: Board, players: u8, phase: Phase) -> Game<'static> {
    let mut g = game(b, players, RaidersRules::default());
    at_turn(&mut g, 0, phase);
    g
}

fn fresh(g: &mut Game) {
    raiders::refresh(g, &mut ());
    g.check_invariants().expect("invariants after set-up");
}

/// A settlement of seat `p` on `c` (no cost, no distance check), derived fields refreshed.
fn put_settlement(g: &mut Game, p: u8, c: CornerId) {
    let s = &mut g.s;
    assert_eq!(s.corner_owner[c.idx()], 0, "corner {c:?} taken");
    s.corner_owner[c.idx()] = p + 1;
    s.occupied.insert(c.idx());
    s.blocked = s.blocked.union(g.topo.corner_block[c.idx()]);
    let me = &mut s.players[p as usize];
    me.buildings.insert(c.idx());
    me.settlements_left -= 1;
    fresh(g);
}

/// A city of seat `p` on `c` (the settlement first if the corner is empty).
fn put_city(g: &mut Game, p: u8, c: CornerId) {
    if g.s.corner_owner[c.idx()] == 0 {
        put_settlement(g, p, c);
    }
    assert_eq!(g.s.corner_owner[c.idx()], p + 1);
    g.s.corner_owner[c.idx()] |= CITY_FLAG;
    let me = &mut g.s.players[p as usize];
    me.cities.insert(c.idx());
    me.cities_left -= 1;
    me.settlements_left += 1;
    fresh(g);
}

fn put_road(g: &mut Game, p: u8, e: EdgeId) {
    let s = &mut g.s;
    assert_eq!(s.edge_owner[e.idx()], 0, "edge {e:?} taken");
    s.edge_owner[e.idx()] = p + 1;
    s.roads.insert(e.idx());
    let me = &mut s.players[p as usize];
    me.roads.insert(e.idx());
    me.roads_left -= 1;
    fresh(g);
}

fn put_ship(g: &mut Game, p: u8, e: EdgeId) {
    let s = &mut g.s;
    assert_eq!(s.edge_owner[e.idx()], 0, "edge {e:?} taken");
    s.edge_owner[e.idx()] = (p + 1) | SHIP_FLAG;
    s.roads.insert(e.idx());
    let me = &mut s.players[p as usize];
    me.ships.insert(e.idx());
    me.ships_left -= 1;
    fresh(g);
}

/// Sets the raiders: `pool` not placed, `on_desert` per raider desert (map order), `raided`
/// hexes; the rest of the starting raiders are kept by the last seat (as if taken by soldiers).
fn set_raiders(g: &mut Game, pool: u8, on_desert: &[u8], raided: &[HexId]) {
    let start = g.rules.variant.raiders().unwrap().pool(g.s.n_players);
    let placed: u8 = on_desert.iter().sum::<u8>() + raided.len() as u8 + pool;
    assert!(placed <= start, "more raiders than {start}");
    let r = &mut g.s.raiders;
    r.pool = pool;
    r.on_desert = [0; MAX_RAIDER_DESERTS];
    r.on_desert[..on_desert.len()].copy_from_slice(on_desert);
    r.raided = raided.iter().map(|h| h.idx()).collect();
    r.arrived = HexSet::EMPTY;
    let last = g.s.n_players as usize - 1;
    g.s.players[last].raiders_kept = start - placed;
    fresh(g);
}

/// The storm is on: the pool empty, every raider on the mini map's desert but those `raided`.
fn storm_on_mini(g: &mut Game, raided: &[HexId]) {
    let on = g.rules.variant.raiders().unwrap().pool(g.s.n_players) - raided.len() as u8;
    set_raiders(g, 0, &[on], raided);
}

fn step(g: &mut Game, a: Action) -> Log {
    let mut log = Log::default();
    g.try_apply(a, &mut log)
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", legal(g)));
    g.check_invariants().expect("invariants");
    log
}

fn chance(g: &mut Game, o: ChanceOutcome) -> Log {
    let mut log = Log::default();
    g.apply_chance(o, &mut log);
    g.check_invariants().expect("invariants");
    log
}

/// From `PreRoll`: roll `d1 + d2`; returns the roll's events.
fn roll(g: &mut Game, d1: u8, d2: u8) -> Log {
    assert_eq!(g.s.phase, Phase::PreRoll);
    step(g, Action::Roll);
    chance(g, ChanceOutcome::Dice(d1, d2))
}

fn edges(v: impl IntoIterator<Item = EdgeId>) -> Vec<EdgeId> {
    let mut v: Vec<EdgeId> = v.into_iter().collect();
    v.sort();
    v
}

fn ships_offered(g: &Game) -> Vec<EdgeId> {
    edges(legal(g).into_iter().filter_map(|a| match a {
        Action::BuildShip(e) => Some(e),
        _ => None,
    }))
}

fn roads_offered(g: &Game) -> Vec<EdgeId> {
    edges(legal(g).into_iter().filter_map(|a| match a {
        Action::BuildRoad(e) => Some(e),
        _ => None,
    }))
}

fn settlements_offered(g: &Game) -> Vec<CornerId> {
    let mut v: Vec<CornerId> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::BuildSettlement(c) => Some(c),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn moves_offered(g: &Game) -> Vec<(EdgeId, EdgeId)> {
    let mut v: Vec<(EdgeId, EdgeId)> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::MoveShip { from, to } => Some((from, to)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

fn corners(v: impl IntoIterator<Item = usize>) -> Vec<CornerId> {
    let mut v: Vec<CornerId> = v.into_iter().map(|c| CornerId(c as u8)).collect();
    v.sort();
    v
}

fn raids(log: &Log) -> Vec<(HexId, HexId)> {
    log.0
        .iter()
        .filter_map(|e| match *e {
            Event::Raid { hex, desert } => Some((hex, desert)),
            _ => None,
        })
        .collect()
}

fn hexset(hs: &[HexId]) -> HexSet {
    hs.iter().map(|h| h.idx()).collect()
}

fn eset(es: &[EdgeId]) -> EdgeSet {
    es.iter().map(|e| e.idx()).collect()
}

fn cset(cs: &[CornerId]) -> CornerSet {
    cs.iter().map(|c| c.idx()).collect()
}

const WOOL: usize = 2;
const GRAIN: usize = 3;

// ---------------------------------------------------------------------------------------------
// Map format and topology

fn mini_text() -> String {
    std::fs::read_to_string(data("raiders-mini.toml")).expect("mini map text")
}

/// The error of parsing `text` (named `x.toml`), with its whole chain.
fn map_error(text: &str) -> String {
    format!(
        "{:#}",
        parse_map(text, "x.toml").expect_err("the map must be refused")
    )
}

/// The 1-based line of `text` holding `needle`.
fn line_with(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?}"))
        + 1
}

fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the mini map no longer has {from:?}");
    text.replacen(from, to, 1)
}

#[test]
fn mini_map_parses_areas_home_raiders_volcano_and_jungle() {
    let spec = load_map(Path::new(&data("raiders-mini.toml"))).unwrap();
    assert_eq!(spec.areas, vec!["home".to_string(), "isle".to_string()]);
    assert_eq!(spec.home, 1, "home names the first area");
    let find = |q, r| spec.hexes.iter().find(|h| (h.q, h.r) == (q, r)).unwrap();
    assert!(find(0, 0).raiders);
    assert_eq!(find(0, 0).terrain, Terrain::Desert);
    assert_eq!(spec.hexes.iter().filter(|h| h.raiders).count(), 1);
    assert_eq!(find(-1, 3).terrain, Terrain::Volcano);
    assert_eq!(find(-1, 3).token, Some(3));
    assert_eq!(find(0, 3).terrain, Terrain::Jungle);
    assert_eq!(find(0, 3).token, Some(11));
    for h in &spec.hexes {
        let want = match (h.terrain, h.r) {
            (Terrain::Sea, _) => 0,
            (_, 3) => 2,
            _ => 1,
        };
        assert_eq!(h.area, want, "area of ({}, {})", h.q, h.r);
    }
    // The volcano produces grain; the jungle nothing but takes a token.
    assert_eq!(Terrain::Volcano.resource(), Some(Resource::Grain));
    assert_eq!(Terrain::Jungle.resource(), None);
    assert!(Terrain::Jungle.takes_token());
}

#[test]
fn map_errors_name_the_key_and_what_is_allowed() {
    let text = mini_text();
    let forest = r#"{ q = 1, r = 0, terrain = "forest", token = 6, area = "home" }"#;

    let bad = replaced(
        &text,
        forest,
        r#"{ q = 1, r = 0, terrain = "forest", token = 6, area = "home", raiders = true }"#,
    );
    let e = map_error(&bad);
    assert!(
        e.contains(&format!(
            "x.toml:{}:",
            line_with(&bad, r#""forest", token = 6, area = "home", raiders"#)
        )) && e.contains("hex (1, 0) (forest) is marked raiders = true")
            && e.contains("only desert hexes can be raider deserts"),
        "{e}"
    );

    let bad = replaced(&text, r#"home = "home""#, r#"home = "isle""#);
    let e = map_error(&bad);
    assert!(
        e.contains("hex (0, 0) is a raider desert outside the home area")
            && e.contains(&format!("x.toml:{}:", line_with(&bad, "raiders = true"))),
        "{e}"
    );

    let bad = replaced(&text, r#"home = "home""#, r#"home = "mainland""#);
    let e = map_error(&bad);
    assert!(
        e.contains(&format!("x.toml:{}:", line_with(&bad, "home = ")))
            && e.contains(r#"home: no hex names area "mainland"; allowed: home, isle"#),
        "{e}"
    );

    let bad = replaced(
        &text,
        r#"{ q = 2, r = 1, terrain = "sea" }"#,
        r#"{ q = 2, r = 1, terrain = "sea", area = "home" }"#,
    );
    let e = map_error(&bad);
    assert!(
        e.contains("hexes[15] (q = 2, r = 1): a sea hex takes no area"),
        "{e}"
    );

    let bad = replaced(
        &text,
        r#"{ q = 0, r = 3, terrain = "jungle", token = 11, area = "isle" }"#,
        r#"{ q = 0, r = 3, terrain = "jungle", area = "isle" }"#,
    );
    let e = map_error(&bad);
    assert!(
        e.contains("hex (0, 3) (jungle) must have a number token")
            && e.contains(&format!(
                "x.toml:{}:",
                line_with(&bad, r#"terrain = "jungle""#)
            )),
        "{e}"
    );

    // A token on a desert and a home without any area are refused too.
    let bad = replaced(
        &text,
        r#"terrain = "desert", area"#,
        r#"terrain = "desert", token = 4, area"#,
    );
    assert!(map_error(&bad).contains("(desert) cannot carry a number token"));
    let no_areas: String = text
        .replace(r#", area = "home""#, "")
        .replace(r#", area = "isle""#, "");
    let e = map_error(&no_areas);
    assert!(e.contains("no hex has an area"), "{e}");
}

#[test]
fn mini_topology_by_geometry() {
    let b = mini();
    let t = b.0;
    // Home: a 7-hex flower (24 corners, 30 edges, 12 of them inside). Sea row r = 2 (5 hexes:
    // 22 corners, 26 edges) plus (2, 1) (3 corners and 4 edges of its own); the isle row hangs
    // below the sea row (7 corners and 10 edges of its own). Home and sea share 5 corners, 4 edges.
    assert_eq!(t.n_hexes, 16);
    assert_eq!(t.land_hexes.len(), 10);
    assert_eq!(t.n_corners, 24 + 22 + 7 + 3 - 5);
    assert_eq!(t.n_edges, 30 + 26 + 10 + 4 - 4);
    assert_eq!(t.land_corners.len(), 24 + 14);
    assert_eq!(t.land_edges.len(), 30 + 16);
    // Sea edges: every edge but the 12 inside the home island and the 2 inside the isle
    // (the outside of the map counts as sea).
    assert_eq!(t.sea_edges.len(), 66 - 12 - 2);
    for e in t.land_edges.minus(t.sea_edges).iter() {
        let [a, c] = t.edge_hexes[e];
        assert!(a != NONE && c != NONE, "a land-only edge has two hexes");
        assert!(t.land_hexes.contains(a as usize) && t.land_hexes.contains(c as usize));
    }
    // Coast: the 18 outer corners of the home island and all 14 corners of the isle.
    assert_eq!(t.coast_corners.len(), 18 + 14);
    let inner: Vec<CornerId> = corners(t.hex_corner_set[m::d().idx()].iter());
    for c in &inner {
        assert!(!t.coast_corners.contains(c.idx()), "{c:?} is inland");
    }
    assert!(t.coast_corners.contains(m::south().idx()));
    assert!(t.coast_corners.contains(m::v0().idx()));
    // Home corners: the 24 of the flower; none of the isle.
    assert_eq!(t.home_corners.len(), 24);
    for h in [m::volcano(), m::jungle(), b.hex(1, 3)] {
        assert!(t.hex_corner_set[h.idx()]
            .intersect(t.home_corners)
            .is_empty());
    }
    let flower = [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
    let flower_corners = flower.iter().fold(CornerSet::EMPTY, |s, &(q, r)| {
        s.union(t.hex_corner_set[b.hex(q, r).idx()])
    });
    assert_eq!(t.home_corners, flower_corners);
    // The named corners sit where the module doc says.
    assert_eq!(b.pt(1, 5), m::south());
    assert_eq!(b.pt(1, 7), m::v0());
    assert_eq!(b.pt(2, 8), m::v1());
    assert_eq!(b.pt(2, 8), b.corner(0, 3, 5));
    assert_eq!(b.pt(0, 4), m::h5c4());
    assert_eq!(b.pt(0, 4), b.corner(-1, 1, 2));
    assert_eq!(b.pt(1, 1), b.corner(1, 0, 4));
    assert_eq!(t.edge_corners[m::h5e3().idx()], {
        let mut v = [m::south(), m::h5c4()];
        v.sort();
        v
    });
    assert_eq!(t.raider_desert_list, vec![m::d()]);
    assert_eq!(t.raider_deserts, hexset(&[m::d()]));
    assert_eq!(t.desert_ordinal[m::d().idx()], 0);
    assert_eq!(t.desert_ordinal[m::f6().idx()], NONE);
    assert_eq!(t.volcano_corners, t.hex_corner_set[m::volcano().idx()]);
    assert_eq!(t.volcano_corners.len(), 6);
    // The sea edge from the south coast to the volcano is a ship edge, not a road edge.
    assert!(t.sea_edges.contains(m::s1().idx()));
    assert!(!t.land_edges.contains(m::s1().idx()));
    // Coast edges take either.
    assert!(t.sea_edges.contains(m::s2().idx()) && t.land_edges.contains(m::s2().idx()));
}

#[test]
fn storm_map_topology() {
    let b = storm_board();
    let t = b.0;
    assert_eq!(t.n_hexes, 7);
    // A row of 6 hexes (two zigzags of 13 corners, 6 * 6 - 5 edges) plus the volcano above A
    // and B (sharing 3 corners and 2 edges with them).
    assert_eq!(t.n_corners, 2 * (2 * 6 + 1) + 6 - 3);
    assert_eq!(t.n_edges, 6 * 6 - 5 + 6 - 2);
    assert_eq!(
        t.raider_desert_list,
        vec![b.hex(0, 0), b.hex(4, 0)],
        "two raider deserts in map order"
    );
    assert_eq!(t.home_corners, t.land_corners, "everything is home");
    assert_eq!(t.volcano_corners, t.hex_corner_set[b.hex(2, -1).idx()]);
    // Only the corner where V, A and B meet is inland.
    assert_eq!(
        t.volcano_corners.minus(t.coast_corners),
        cset(&[b.corner(2, -1, 3)])
    );
}

/// Checks one shipped scenario map against the seed's description, not exact numbers (the
/// shipped charts are reconstructions and may be redrawn).
fn check_scenario_map(name: &str, min_raider_deserts: usize) {
    let spec = resolve_map(name).unwrap_or_else(|e| panic!("{name}: {e:#}"));
    let t = Topology::build(&spec).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(t.n_hexes <= MAX_HEXES && t.n_corners <= MAX_CORNERS && t.n_edges <= MAX_EDGES);
    assert!(t.raider_desert_list.len() <= MAX_RAIDER_DESERTS);
    assert_ne!(spec.home, 0, "{name}: names a home island");
    let home = spec.home;
    assert!(
        spec.areas.len() >= 2,
        "{name}: a home island and neighbouring islands"
    );
    let mut by_terrain = std::collections::BTreeMap::<&str, (u32, u32)>::new();
    for (i, h) in spec.hexes.iter().enumerate() {
        let at = format!("{name}: hex ({}, {})", h.q, h.r);
        if h.terrain.is_land() {
            assert_ne!(h.area, 0, "{at}: a land hex without an island");
            let e = by_terrain.entry(h.terrain.name()).or_default();
            if h.area == home {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
        match (h.terrain.takes_token(), h.token) {
            (true, Some(n)) => assert!(pips(n) > 0, "{at}: token {n}"),
            (true, None) => panic!("{at}: no token"),
            (false, Some(n)) => panic!("{at}: token {n} on {}", h.terrain.name()),
            (false, None) => {}
        }
        if h.raiders {
            assert_eq!(h.terrain, Terrain::Desert, "{at}");
            assert_eq!(h.area, home, "{at}: a raider desert off the home island");
        }
        // Islands are separated from the home island by sea.
        if h.terrain.is_land() && h.area != home {
            for j in t.hex_neighbor_set[i].iter() {
                assert!(
                    !(spec.hexes[j].terrain.is_land() && spec.hexes[j].area == home),
                    "{at} (area {:?}) touches the home island",
                    spec.areas[h.area as usize - 1]
                );
            }
        }
    }
    eprintln!("{name}: land hexes by terrain (home, islands): {by_terrain:?}");
    assert!(
        t.raider_desert_list.len() >= min_raider_deserts,
        "{name}: {} raider deserts, want at least {min_raider_deserts}",
        t.raider_desert_list.len()
    );
    let islands = |terrain: &str| by_terrain.get(terrain).map_or(0, |e| e.1);
    assert!(islands("volcano") >= 1, "{name}: a volcano on the islands");
    assert!(islands("jungle") >= 1, "{name}: a jungle on the islands");
    for r in Resource::ALL {
        let terrain = Terrain::of_resource(r).name();
        assert!(
            by_terrain.get(terrain).map_or(0, |e| e.0) >= 1,
            "{name}: no {terrain} on the home island"
        );
    }
    // Set-up is possible: coast corners on the home island with a sea edge.
    assert!(!t.home_corners.intersect(t.coast_corners).is_empty());
}

/// `"5 forest, 1 volcano"` as (count, name) pairs.
fn counted(list: &str) -> Vec<(u32, String)> {
    list.split(',')
        .map(|item| {
            let (n, what) = item.trim().split_once(' ').expect("count name");
            (n.parse().expect("a count"), what.trim().to_string())
        })
        .collect()
}

/// The number after `prefix` up to the next non-digit.
fn number_after(line: &str, prefix: &str) -> Option<u32> {
    let rest = line.split_once(prefix)?.1.trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// Checks the counts a shipped map's header comment states (`# Counts:` and `This map: ...`)
/// against the map itself. Returns how many statements were checked.
fn check_header_counts(name: &str, text: &str) -> usize {
    let spec = parse_map(text, name).unwrap();
    let t = Topology::build(&spec).unwrap();
    let header: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
        .filter_map(|l| l.strip_prefix('#'))
        .map(str::trim)
        .collect();
    let land: Vec<&HexSpec> = spec.hexes.iter().filter(|h| h.terrain.is_land()).collect();
    let terrain_count = |hs: &[&HexSpec], terrain: &str| {
        hs.iter().filter(|h| h.terrain.name() == terrain).count() as u32
    };
    // `This map: ...` anywhere; the rest only in the block under `Counts:`.
    let block: Vec<&str> = header
        .iter()
        .skip_while(|l| **l != "Counts:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .copied()
        .collect();
    let sizes = header.iter().copied().filter(|l| l.contains("This map:"));
    let mut checked = 0;
    for line in sizes.chain(block) {
        if let Some((_, rest)) = line.split_once("This map:") {
            let n = |what: &str| {
                rest.split(',')
                    .find(|p| p.trim().trim_end_matches('.').ends_with(what))
                    .and_then(|p| p.trim().split(' ').next()?.parse::<usize>().ok())
                    .unwrap_or_else(|| panic!("{name}: {what} in {line:?}"))
            };
            assert_eq!(n("hexes"), t.n_hexes, "{name}: {line}");
            assert_eq!(n("corners"), t.n_corners, "{name}: {line}");
            assert_eq!(n("edges"), t.n_edges, "{name}: {line}");
            checked += 1;
        } else if let Some(rest) = line.strip_prefix("land hexes ") {
            let (total, list) = rest.split_once(':').unwrap();
            assert_eq!(
                total.parse::<usize>().unwrap(),
                land.len(),
                "{name}: {line}"
            );
            let listed = counted(list);
            for (n, terrain) in &listed {
                assert_eq!(*n, terrain_count(&land, terrain), "{name}: {line}");
            }
            assert_eq!(
                listed.iter().map(|(n, _)| n).sum::<u32>() as usize,
                land.len(),
                "{name}: every terrain listed"
            );
            checked += 1;
        } else if line.starts_with("deserts ") {
            let n = number_after(line, "deserts").unwrap();
            assert_eq!(n, terrain_count(&land, "desert"), "{name}: {line}");
            if line.contains("all raider deserts") {
                assert_eq!(n as usize, t.raider_desert_list.len(), "{name}: {line}");
            }
            checked += 1;
        } else if let Some(rest) = line.strip_prefix("number tokens ") {
            let (total, list) = rest.split_once(':').unwrap();
            let mut want = [0u32; 13];
            for item in list.split(',') {
                let item = item.trim();
                let (v, k) = match item.split_once(" x") {
                    Some((v, k)) => (v, k.parse::<u32>().unwrap()),
                    None => (item, 1),
                };
                want[v.parse::<usize>().unwrap()] += k;
            }
            let mut got = [0u32; 13];
            for h in &spec.hexes {
                if let Some(v) = h.token {
                    got[v as usize] += 1;
                }
            }
            assert_eq!(got, want, "{name}: {line}");
            assert_eq!(total.parse::<u32>().unwrap(), got.iter().sum::<u32>());
            checked += 1;
        } else if line.starts_with("harbors ") {
            assert_eq!(
                number_after(line, "harbors").unwrap() as usize,
                spec.harbors.len(),
                "{name}: {line}"
            );
            checked += 1;
        } else if line.starts_with("sea hexes ") {
            assert_eq!(
                number_after(line, "sea hexes").unwrap() as usize,
                spec.hexes.len() - land.len(),
                "{name}: {line}"
            );
            checked += 1;
        } else if let Some((area, rest)) = line.split_once(':') {
            // `home:   18 land hexes (3 desert, 3 fields, ...)`
            let k = spec
                .areas
                .iter()
                .position(|a| a == area.trim())
                .unwrap_or_else(|| panic!("{name}: no area {area:?} in the map: {line}"));
            let (n, list) = rest
                .split_once(" land hexes (")
                .unwrap_or_else(|| panic!("{name}: a statement this check cannot read: {line}"));
            let hs: Vec<&HexSpec> = land
                .iter()
                .copied()
                .filter(|h| h.area as usize == k + 1)
                .collect();
            assert_eq!(
                n.trim().parse::<usize>().unwrap(),
                hs.len(),
                "{name}: {line}"
            );
            let listed = counted(list.trim_end_matches(')'));
            for (n, terrain) in &listed {
                assert_eq!(*n, terrain_count(&hs, terrain), "{name}: {line}");
            }
            assert_eq!(
                listed.iter().map(|(n, _)| n).sum::<u32>() as usize,
                hs.len(),
                "{name}: {line}"
            );
            checked += 1;
        } else {
            panic!("{name}: a statement this check cannot read: {line}");
        }
    }
    checked
}

#[test]
fn shipped_raiders_3_4_map_follows_the_scenario() {
    check_scenario_map("raiders-3-4", 2);
    let n = check_header_counts("raiders-3-4", robsim::catan::mapfile::RAIDERS_3_4_MAP);
    // This map: sizes, land hexes, deserts, tokens, harbors, sea hexes and 4 areas.
    assert_eq!(n, 10, "raiders-3-4: header statements checked");
}

#[test]
fn shipped_raiders_5_6_map_follows_the_scenario() {
    check_scenario_map("raiders-5-6", 3);
    let n = check_header_counts("raiders-5-6", robsim::catan::mapfile::RAIDERS_5_6_MAP);
    // This map: sizes, land hexes, deserts, tokens, harbors, sea hexes and 5 areas.
    assert_eq!(n, 11, "raiders-5-6: header statements checked");
}

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

// ---------------------------------------------------------------------------------------------
// Raiders placed on build

/// Seat 0 with a settlement on (1, 1) (corner 2 of D) and two roads to (0, -2), a free spot.
fn builder(players: u8) -> Game<'static> {
    let b = mini();
    let mut g = position(b, players, Phase::Main);
    put_settlement(&mut g, 0, b.corner(0, 0, 2));
    put_road(&mut g, 0, b.edge(0, 0, 1));
    put_road(&mut g, 0, b.edge(0, 0, 0));
    g
}

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

// ---------------------------------------------------------------------------------------------
// The seven

#[test]
fn a_seven_halves_big_hands_then_the_roller_takes_a_card_without_a_robber() {
    let mut g = position(mini(), 4, Phase::PreRoll);
    give(&mut g, 1, [2, 2, 2, 2, 1]); // 9 cards
    give(&mut g, 2, [2, 2, 2, 1, 0]); // 7 cards
    g.s.players[2].discoveries = 30; // not cards
    let robber = g.s.robber;
    roll(&mut g, 3, 4);
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards[..4], [0, 4, 0, 0]);
    assert_eq!(g.actor(), PlayerId(1));
    while g.s.phase == Phase::Discard {
        let a = legal(&g)[0];
        step(&mut g, a);
    }
    assert_eq!(g.s.players[1].hand_size(), 5);
    assert_eq!(g.s.players[2].hand_size(), 7);
    assert_eq!(g.s.players[2].discoveries, 30);
    assert_eq!(g.s.phase, Phase::ChooseVictim);
    assert_eq!(
        legal(&g),
        vec![
            Action::StealFrom(PlayerId(1)),
            Action::StealFrom(PlayerId(2))
        ]
    );
    step(&mut g, Action::StealFrom(PlayerId(2)));
    assert_eq!(g.s.phase, Phase::Steal);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([2, 2, 2, 1, 0])));
    let log = chance(&mut g, ChanceOutcome::Resource(Resource::Grain));
    assert_eq!(
        log.0,
        vec![Event::Steal {
            thief: PlayerId(0),
            victim: PlayerId(2),
            resource: Resource::Grain
        }]
    );
    assert_eq!(g.s.players[0].hand, [0, 0, 0, 1, 0]);
    assert_eq!(g.s.players[2].hand, [2, 2, 2, 0, 0]);
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.robber, robber, "no robber");
    // Nobody else holding a card: straight on.
    let mut g = position(mini(), 4, Phase::PreRoll);
    let log = roll(&mut g, 3, 4);
    assert_eq!(g.s.phase, Phase::Main);
    assert!(!log.0.iter().any(|e| matches!(e, Event::Robber { .. })));
}

// ---------------------------------------------------------------------------------------------
// Winning, and the special building phase

/// Seat `p` at 12 VP: four cities and four VP cards, and a road from (0, 4) to the free
/// south coast corner.
fn twelve_vp(g: &mut Game, p: u8) {
    let b = mini();
    for c in [
        b.corner(0, -1, 0),
        b.corner(1, -1, 0),
        b.corner(-1, 0, 4),
        b.corner(1, 0, 2),
    ] {
        put_city(g, p, c);
    }
    give_dev(g, p, DevCard::VictoryPoint, 4);
    put_road(g, p, m::h5e3());
    fresh(g);
    assert_eq!(g.s.players[p as usize].vp, 12);
}

#[test]
fn thirteen_vp_win_on_the_players_own_turn() {
    let mut g = position(mini(), 4, Phase::Main);
    twelve_vp(&mut g, 0);
    assert!(!g.is_over(), "12 is not enough");
    give(&mut g, 0, SETTLEMENT_COST);
    let log = step(&mut g, Action::BuildSettlement(m::south()));
    assert_eq!(g.s.players[0].vp, 13);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(0))));
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::Winner(PlayerId(0)),
        turn: 1
    }));
}

#[test]
fn thirteen_vp_outside_the_own_turn_wins_when_it_starts() {
    let mut g = position(mini(), 4, Phase::Main);
    twelve_vp(&mut g, 1);
    give_dev(&mut g, 1, DevCard::VictoryPoint, 1);
    fresh(&mut g);
    assert_eq!(g.s.players[1].vp, 13);
    // Seat 0 plays on.
    put_settlement(&mut g, 0, mini().corner(0, 0, 2));
    give(&mut g, 0, ROAD_COST);
    step(&mut g, Action::BuildRoad(mini().edge(0, 0, 1)));
    assert!(!g.is_over());
    step(&mut g, Action::EndTurn);
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(1))));
    assert_eq!(g.s.turn, 2);
}

#[test]
fn four_players_have_no_special_building_phase() {
    let mut g = position(mini(), 4, Phase::Main);
    step(&mut g, Action::EndTurn);
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!(g.s.current, 1);
}

#[test]
fn five_or_six_players_build_in_turn_after_each_turn() {
    let b = mini();
    for players in [5u8, 6] {
        let mut g = position(b, players, Phase::Main);
        put_settlement(&mut g, 1, m::south());
        put_ship(&mut g, 1, m::s1());
        set_raiders(&mut g, 20, &[4], &[]);
        give(&mut g, 1, [1, 1, 6, 1, 1]);
        give(&mut g, 2, [1, 0, 0, 0, 0]);
        give_dev(&mut g, 1, DevCard::Knight, 1);
        give_dev(&mut g, 1, DevCard::Monopoly, 1);
        step(&mut g, Action::EndTurn);
        assert_eq!(g.s.phase, Phase::SpecialBuild);
        assert_eq!(g.s.current, 1);
        assert_eq!(g.s.raiders.turn_owner, 0);
        assert_eq!(g.s.turn, 1, "still seat 0's turn");
        // Building and buying only: no trades, cards or ship moves.
        let offered = legal(&g);
        assert!(offered.contains(&Action::BuildRoad(m::h5e2())));
        assert!(offered.contains(&Action::BuildShip(m::s2())));
        assert!(offered.contains(&Action::BuyDev));
        assert!(offered.contains(&Action::EndTurn));
        assert!(offered.iter().all(|a| matches!(
            a,
            Action::BuildRoad(_) | Action::BuildShip(_) | Action::BuyDev | Action::EndTurn
        )));
        refused(&mut g, Action::PlayKnight);
        refused(
            &mut g,
            Action::BankTrade {
                give: Resource::Wool,
                get: Resource::Ore,
            },
        );
        refused(
            &mut g,
            Action::Trade {
                with: PlayerId(2),
                give: [0, 0, 1, 0, 0],
                get: [1, 0, 0, 0, 0],
            },
        );
        refused(
            &mut g,
            Action::MoveShip {
                from: m::s1(),
                to: m::h5e2(),
            },
        );
        step(&mut g, Action::BuildShip(m::s2()));
        assert_eq!(g.s.phase, Phase::SpecialBuild);
        assert_eq!(g.s.players[1].hand, [1, 0, 5, 1, 1]);
        step(&mut g, Action::BuyDev);
        chance(&mut g, ChanceOutcome::Card(DevCard::YearOfPlenty));
        assert_eq!(g.s.phase, Phase::SpecialBuild);
        assert_eq!(g.s.current, 1);
        // Then each other seat in order; seat 0 (whose turn it was) does not.
        for q in 2..players {
            step(&mut g, Action::EndTurn);
            assert_eq!((g.s.phase, g.s.current), (Phase::SpecialBuild, q));
        }
        let log = step(&mut g, Action::EndTurn);
        assert_eq!(g.s.phase, Phase::PreRoll);
        assert_eq!(g.s.current, 1);
        assert_eq!(g.s.turn, 2);
        assert_eq!(g.s.raiders.turn_owner, NO_PLAYER);
        assert_eq!(
            log.0,
            vec![Event::TurnStart {
                turn: 2,
                player: PlayerId(1)
            }]
        );
        // The card bought in the special building phase is playable in the own turn.
        assert_eq!(g.s.players[1].dev[DevCard::YearOfPlenty.idx()], 1);
    }
}

#[test]
fn thirteen_vp_in_the_special_building_phase_wins_at_the_own_turn() {
    let mut g = position(mini(), 5, Phase::Main);
    twelve_vp(&mut g, 2);
    give(&mut g, 2, SETTLEMENT_COST);
    step(&mut g, Action::EndTurn);
    step(&mut g, Action::EndTurn); // seat 1 passes
    assert_eq!(g.s.current, 2);
    step(&mut g, Action::BuildSettlement(m::south()));
    assert_eq!(g.s.players[2].vp, 13);
    assert_eq!(g.s.phase, Phase::PlaceRaider);
    for _ in 0..3 {
        step(&mut g, Action::PlaceRaider(m::d()));
    }
    assert_eq!(g.s.phase, Phase::SpecialBuild, "no win in another's turn");
    for _ in 0..3 {
        step(&mut g, Action::EndTurn); // seats 2, 3, 4
    }
    assert_eq!((g.s.phase, g.s.current), (Phase::PreRoll, 1));
    roll(&mut g, 6, 6);
    step(&mut g, Action::EndTurn);
    for _ in 0..4 {
        assert!(!g.is_over());
        step(&mut g, Action::EndTurn); // seats 2, 3, 4, 0
    }
    assert_eq!(g.s.phase, Phase::Over(Outcome::Winner(PlayerId(2))));
    assert_eq!((g.s.turn, g.s.current), (3, 2));
}

#[test]
fn raider_pool_and_per_build_knobs_set_the_counts() {
    let b = mini();
    for (pool, per) in [(5u8, 1u8), (40, 4)] {
        let o = RaidersRules {
            raider_pool: Some(pool),
            raiders_per_build: Some(per),
            ..RaidersRules::default()
        };
        let g = game(b, 4, o);
        assert_eq!(g.s.raiders.pool, pool);
        let mut g = builder(4);
        g.rules.variant = Variant::Raiders(o);
        let spot = b.corner(0, 0, 0);
        set_raiders(&mut g, pool, &[], &[]);
        give(&mut g, 0, SETTLEMENT_COST);
        step(&mut g, Action::BuildSettlement(spot));
        assert_eq!(g.s.phase, Phase::PlaceRaider);
        assert_eq!(g.s.raiders.to_place, per, "pool {pool}, per build {per}");
    }
    // The pool caps what a build places.
    let o = RaidersRules {
        raider_pool: Some(1),
        raiders_per_build: Some(3),
        ..RaidersRules::default()
    };
    let mut g = builder(4);
    g.rules.variant = Variant::Raiders(o);
    set_raiders(&mut g, 1, &[], &[]);
    give(&mut g, 0, SETTLEMENT_COST);
    step(&mut g, Action::BuildSettlement(b.corner(0, 0, 0)));
    assert_eq!(g.s.raiders.to_place, 1);
}
