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
//!
//! One submodule per topic; this module holds the positions and helpers they share.

mod map;
mod setup;
mod ships;
mod storm;
mod takeover;
mod turns;
mod volcano;

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

/// Seat 0 with a settlement on (1, 1) (corner 2 of D) and two roads to (0, -2), a free spot.
fn builder(players: u8) -> Game<'static> {
    let b = mini();
    let mut g = position(b, players, Phase::Main);
    put_settlement(&mut g, 0, b.corner(0, 0, 2));
    put_road(&mut g, 0, b.edge(0, 0, 1));
    put_road(&mut g, 0, b.edge(0, 0, 0));
    g
}
