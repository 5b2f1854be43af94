//! Greedy's Raiders plan: what it builds next and when to move a ship.
//!
//! Greedy's Raiders plan: the city, settlement, road or ship it builds next, found by searching
//! shipping lines and road paths toward the best spots, and when to move a ship.

use super::view::{city_value, SeatValues};
use crate::catan::kernel::raiders;
use crate::catan::policy::memo::Fingerprint;
use crate::catan::policy::spots::{search_bounded, STEP};
use crate::catan::NONE;
use crate::catan::*;

/// How much better a spot further away must be before greedy builds toward it rather than
/// settling the open spot it has now (0: the better plan wins).
const SETTLE_MARGIN: f32 = 0.0;

/// [`search`] toward the corners with a value in `value` (above `f32::MIN`), with no cut for
/// near spots.
pub(super) fn search_values(
    g: &Game,
    roots: CornerSet,
    edges: EdgeSet,
    foreign: CornerSet,
    value: &[f32; MAX_CORNERS],
    max_depth: u8,
) -> Option<(EdgeId, f32)> {
    let bound = value
        .iter()
        .fold(f32::MIN, |m, &x| if x > m { x } else { m });
    search_values_within(g, roots, edges, foreign, value, bound, max_depth)
}

/// [`search_values`] when the largest of `value` is known: `bound`.
fn search_values_within(
    g: &Game,
    roots: CornerSet,
    edges: EdgeSet,
    foreign: CornerSet,
    value: &[f32; MAX_CORNERS],
    bound: f32,
    max_depth: u8,
) -> Option<(EdgeId, f32)> {
    let finite = |c: usize| (value[c] > f32::MIN).then_some(value[c]);
    search_bounded(g, roots, edges, foreign, max_depth, u8::MAX, bound, finite)
}

/// For each corner of `roots` on its own (neither foreign nor valued itself), what
/// [`search_values`] from that corner alone returns as its value: the best `value[o] - STEP *
/// steps` over the corners `o` within `max_depth` steps. One pass for all the roots: after `d`
/// rounds `up[y]` is the best value within `d` steps of `y` (never through a foreign corner), so
/// a root's best within `d` steps is the best `up` of its neighbours after `d - 1` rounds, and
/// its answer is the best of those less `STEP * d`. Rounding is monotone, so the maximum over
/// distances of `best within d - STEP * d` equals the maximum over corners of `value - STEP *
/// distance` bit for bit. Roots that are foreign or valued get `None` (search them alone).
pub(super) fn reach_values(
    g: &Game,
    roots: CornerSet,
    edges: EdgeSet,
    foreign: CornerSet,
    value: &[f32; MAX_CORNERS],
    max_depth: u8,
) -> [Option<f32>; MAX_CORNERS] {
    let n = g.topo.corner_edges.len();
    // Each corner's neighbours over the free edges (`NONE` padded).
    let mut nb = [[NONE; 3]; MAX_CORNERS];
    for (c, es) in g.topo.corner_edges.iter().enumerate() {
        for (k, &e) in es.iter().enumerate() {
            if e != NONE && edges.contains(e as usize) {
                let [a, b] = g.topo.edge_corners[e as usize];
                nb[c][k] = if a.idx() == c { b.0 } else { a.0 };
            }
        }
    }
    let mut up = [f32::MIN; MAX_CORNERS];
    let mut changed = CornerSet::EMPTY;
    for c in 0..n {
        if !foreign.contains(c) && value[c] > f32::MIN {
            up[c] = value[c];
            changed.insert(c);
        }
    }
    let mut out = [None; MAX_CORNERS];
    let roots: CornerSet = roots
        .iter()
        .filter(|&c| !foreign.contains(c) && value[c] == f32::MIN)
        .collect();
    let mut best = [f32::MIN; MAX_CORNERS];
    for d in 1..=max_depth {
        // Only corners next to one whose value rose last round can rise now; a root none of
        // whose neighbours rose would find the same best, one step further away.
        let mut next_to = CornerSet::EMPTY;
        for c in changed.iter() {
            for &z in &nb[c] {
                if z != NONE {
                    next_to.insert(z as usize);
                }
            }
        }
        for x in next_to.intersect(roots).iter() {
            let mut w = f32::MIN;
            for &y in &nb[x] {
                if y != NONE && up[y as usize] > w {
                    w = up[y as usize];
                }
            }
            if w > f32::MIN {
                let v = w - STEP * d as f32;
                if out[x].is_none() || v > best[x] {
                    best[x] = v;
                    out[x] = Some(v);
                }
            }
        }
        if d == max_depth {
            break;
        }
        let mut next = up;
        changed = CornerSet::EMPTY;
        for y in next_to.minus(foreign).iter() {
            for &z in &nb[y] {
                if z != NONE && up[z as usize] > next[y] {
                    next[y] = up[z as usize];
                    changed.insert(y);
                }
            }
        }
        if changed.is_empty() {
            break; // every later round finds the same values, further away
        }
        up = next;
    }
    out
}

/// Roots of `p`'s shipping lines: its buildings and the corners of its ships not held by
/// another player's building (where `raiders::ship_spots` anchors).
fn ship_roots(g: &Game, p: PlayerId, ships: EdgeSet) -> CornerSet {
    let me = g.s.player(p);
    let foreign = g.s.occupied.minus(me.buildings);
    me.buildings
        .union(raiders::corners_of(g, ships).minus(foreign))
}

/// Free land edges where a road would not be cancelled at once (between two covered hexes).
fn open_land_edges(g: &Game) -> EdgeSet {
    let cov = raiders::covered(g);
    let mut out = g.topo.land_edges.minus(g.s.roads);
    for e in out.iter() {
        let [a, b] = g.topo.edge_hexes[e];
        if a != NONE && b != NONE && cov.contains(a as usize) && cov.contains(b as usize) {
            out.remove(e);
        }
    }
    out
}

/// How the seat expands next.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) enum Step {
    #[default]
    None,
    Settle(CornerId),
    Road(EdgeId),
    Ship(EdgeId),
}

/// One seat's evaluation of the board.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Plan {
    pub(super) city: Option<CornerId>,
    pub(super) step: Step,
    /// The best road and ship toward a spot (whatever the chosen step), for free pieces.
    pub(super) road: Option<EdgeId>,
    pub(super) ship: Option<EdgeId>,
    ship_v: f32,
    /// Shipping to the islands is urgent: before the storm and no island building yet.
    pub(super) urgent: bool,
}

impl Plan {
    /// The plan of seat `p`; `sv` must have seen `g` ([`SeatValues::update`]).
    pub(super) fn compute(g: &Game, p: PlayerId, sv: &mut SeatValues) -> Plan {
        let v = &sv.view;
        let me = g.s.player(p);
        let mut plan = Plan::default();
        let mut best_c = f32::MIN;
        if me.cities_left > 0 {
            for c in me.buildings.minus(me.cities).iter() {
                if let Some(x) = city_value(g, v, c) {
                    if x > best_c {
                        best_c = x;
                        plan.city = Some(CornerId(c as u8));
                    }
                }
            }
        }
        if me.settlements_left == 0 {
            return plan;
        }
        let (storm, island_bonus) = (v.storm, v.island_bonus);
        let (value, bound) = sv.values(g, p);
        let mut spot = None;
        let mut spot_v = f32::MIN;
        for c in g.settlement_spots(p).iter() {
            if value[c] > spot_v {
                spot_v = value[c];
                spot = Some(CornerId(c as u8));
            }
        }
        let foreign = g.s.occupied.minus(me.buildings);
        let mut road_v = f32::MIN;
        if me.roads_left > 0 {
            let roots = me
                .buildings
                .union(raiders::corners_of(g, raiders::active_roads(g, p)).minus(foreign));
            let edges = open_land_edges(g);
            if let Some((e, x)) =
                search_values_within(g, roots, edges, foreign, value, bound, me.roads_left)
            {
                plan.road = Some(e);
                road_v = x;
            }
        }
        let mut ship_v = f32::MIN;
        if me.ships_left > 0 {
            let roots = ship_roots(g, p, me.ships);
            let edges = g.topo.sea_edges.minus(g.s.roads);
            if let Some((e, x)) =
                search_values_within(g, roots, edges, foreign, value, bound, me.ships_left)
            {
                plan.ship = Some(e);
                ship_v = x;
            }
        }
        plan.ship_v = ship_v;
        plan.urgent = !storm && island_bonus > 1.0 && plan.ship.is_some();
        let reach = road_v.max(ship_v);
        plan.step = match spot {
            Some(c) if spot_v + SETTLE_MARGIN >= reach => Step::Settle(c),
            _ if reach > f32::MIN => {
                if ship_v >= road_v {
                    Step::Ship(plan.ship.expect("a ship step"))
                } else {
                    Step::Road(plan.road.expect("a road step"))
                }
            }
            Some(c) => Step::Settle(c),
            None => Step::None,
        };
        plan
    }
}

/// A fingerprint of everything a plan reads: pieces, raiders, the seat's stock.
pub(super) fn plan_key(g: &Game, p: PlayerId) -> u64 {
    let s = &g.s;
    let me = s.player(p);
    let mut k = Fingerprint(0x9e37_79b9_7f4a_7c15);
    k.set(&s.occupied);
    k.set(&s.roads);
    k.set(&s.raiders.raided);
    k.set(&me.cities);
    k.mix(u64::from_le_bytes([
        s.raiders.pool,
        raiders::desert_stock(s).min(255) as u8,
        me.settlements_left,
        me.cities_left,
        me.roads_left,
        me.ships_left,
        p.0,
        1,
    ]));
    k.0 | 1
}

/// Moving a ship: only an open end ship that the best shipping line does not use, onto that
/// line's next edge, when this makes the line clearly shorter; never a ship that gives access
/// to an open settlement spot.
pub(super) fn move_ship(g: &Game, p: PlayerId, plan: &Plan, sv: &mut SeatValues) -> Option<Action> {
    let Step::Ship(e) = plan.step else {
        return None;
    };
    if g.s.raiders.ship_moved || g.s.raiders.turn_owner != NO_PLAYER {
        return None;
    }
    let movable = raiders::movable_ships(g, p);
    if movable.is_empty() {
        return None;
    }
    let me = g.s.player(p);
    let spots = g.settlement_spots(p);
    let foreign = g.s.occupied.minus(me.buildings);
    for from in movable.iter() {
        let [a, b] = g.topo.edge_corners[from];
        if spots.contains(a.idx()) || spots.contains(b.idx()) {
            continue;
        }
        if !raiders::move_targets(g, p, from).contains(e.idx()) {
            continue;
        }
        let (value, bound) = sv.values(g, p);
        let mut ships = me.ships;
        ships.remove(from);
        ships.insert(e.idx());
        let mut roads = g.s.roads;
        roads.remove(from);
        roads.insert(e.idx());
        let roots = ship_roots(g, p, ships);
        let edges = g.topo.sea_edges.minus(roads);
        let after = search_values_within(g, roots, edges, foreign, value, bound, me.ships_left)
            .map_or(f32::MIN, |(_, x)| x);
        if after >= plan.ship_v + 1.5 {
            return Some(Action::MoveShip {
                from: EdgeId(from as u8),
                to: e,
            });
        }
    }
    None
}
