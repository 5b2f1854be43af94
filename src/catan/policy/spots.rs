//! Board evaluation the scripted players share.
//!
//! Board evaluation the scripted players share: pips, production, corner scores, the best city,
//! spot and road toward one, set-up placement and Robert's flips (no allocation: fixed-size arrays
//! and bitsets).

use crate::catan::NONE;
use crate::catan::*;
use crate::engine::seeds::Rng;

/// A knight moves the robber (base game); Robert's soldiers and Solitaire's cancels differ.
#[inline(always)]
pub(crate) fn knights_move_robber(g: &Game) -> bool {
    g.rules.variant == Variant::Base
}

#[inline(always)]
pub(crate) fn is_robert(g: &Game) -> bool {
    g.rules.variant.cooperative()
}

/// Pips of a producing hex's token, face up or not (0 for desert, sea, no token).
#[inline(always)]
pub(crate) fn raw_pips(g: &Game, h: usize) -> u32 {
    // A destroyed tile (Solitaire) never produces again.
    if g.layout.terrain[h].resource().is_none() || g.s.destroyed.contains(h) {
        0
    } else {
        pips(g.layout.token[h]) as u32
    }
}

/// Pips a hex produces right now: 0 when face down (Robert) or under the robber (base).
#[inline(always)]
pub(crate) fn live_pips(g: &Game, h: usize) -> u32 {
    if g.s.face_down.contains(h) || (!is_robert(g) && g.s.robber.idx() == h) {
        0
    } else {
        raw_pips(g, h)
    }
}

/// Base game: the robber stands on a producing hex next to one of `me`'s buildings.
#[inline]
pub(crate) fn robber_on_own(g: &Game, me: &PlayerState) -> bool {
    let h = g.s.robber.idx();
    raw_pips(g, h) > 0 && !g.topo.hex_corner_set[h].intersect(me.buildings).is_empty()
}

/// Building weight on a corner for seat `p`: 0 none/another seat's, 1 settlement, 2 city.
#[inline(always)]
pub(crate) fn weight_of(o: u8) -> u32 {
    if o == 0 {
        0
    } else if o & CITY_FLAG != 0 {
        2
    } else {
        1
    }
}

/// The seat other than `me` with the most VP (the first of equals; `me` when alone).
pub(crate) fn leader_besides(g: &Game, me: u8) -> u8 {
    (0..g.s.n_players)
        .filter(|&q| q != me)
        .max_by_key(|&q| g.s.players[q as usize].vp)
        .unwrap_or(me)
}

/// How much the robber on hex `h` hurts the others: per building its pips, twice for a city,
/// three times over for `leader`'s; far below anything for `me`'s own.
pub(crate) fn robber_harm(g: &Game, h: usize, me: u8, leader: u8) -> i64 {
    let pp = raw_pips(g, h) as i64;
    let mut v = 0i64;
    for c in g.topo.hex_corners[h] {
        let o = g.s.corner_owner[c.idx()];
        if o == 0 {
            continue;
        }
        let q = (o & 0x0f) - 1;
        let w = weight_of(o) as i64;
        if q == me {
            v -= 1000 + 4 * w * pp;
        } else {
            v += w * pp * if q == leader { 3 } else { 1 };
        }
    }
    v
}

/// Seat `p`'s expected production per resource in pips (cities count twice); `live` skips
/// face-down tokens and the robber's hex.
pub(crate) fn production(g: &Game, p: PlayerId, live: bool) -> [u32; 5] {
    let me = g.s.player(p);
    if live {
        production_of(g, me, me.buildings, |h| live_pips(g, h))
    } else {
        production_of(g, me, me.buildings, |h| raw_pips(g, h))
    }
}

/// Raiders: seat `p`'s expected production per resource in pips from the buildings the raiders
/// have not taken and the hexes they have not raided (cities count twice).
pub(crate) fn unraided_production(g: &Game, p: PlayerId) -> [u32; 5] {
    let me = g.s.player(p);
    let raided = g.s.raiders.raided;
    let live = me.buildings.minus(g.s.raiders.taken);
    production_of(g, me, live, |h| {
        if raided.contains(h) {
            0
        } else {
            pips(g.layout.token[h]) as u32
        }
    })
}

/// Production per resource of `buildings` (seat `me`'s; cities count twice), each producing hex
/// next to one giving `pips_of(hex)`.
#[inline(always)]
fn production_of(
    g: &Game,
    me: &PlayerState,
    buildings: CornerSet,
    pips_of: impl Fn(usize) -> u32,
) -> [u32; 5] {
    // Hexes without a token produce nothing whatever `pips_of` says, so only the corner's
    // yielding hexes are read.
    let mut out = [0u32; 5];
    for c in buildings.iter() {
        let w = if me.cities.contains(c) { 2 } else { 1 };
        for y in &g.layout.corner_yield[c] {
            if y.pips == 0 {
                break;
            }
            out[y.res as usize] += w * pips_of(y.hex as usize);
        }
    }
    out
}

/// Value of a corner as a settlement site for a player producing `prod`: pips, a bonus per
/// resource the player does not produce yet (more for brick and lumber during set-up), and the
/// harbor there.
pub(crate) fn corner_score(g: &Game, c: usize, prod: &[u32; 5], setup: bool) -> f32 {
    let mut s = 0.0f32;
    let mut seen = 0u8;
    let mut corner_prod = [0u32; 5];
    // The corner's hexes with a resource and a token, in the corner's order.
    for y in &g.layout.corner_yield[c] {
        if y.pips == 0 {
            break;
        }
        let pp = y.pips as u32;
        let ri = y.res as usize;
        corner_prod[ri] += pp;
        // A face-down token (Robert) may come back, but counts less for now.
        s += if g.s.face_down.contains(y.hex as usize) {
            0.6 * pp as f32
        } else {
            pp as f32
        };
        if prod[ri] == 0 && seen & (1 << ri) == 0 {
            seen |= 1 << ri;
            s += 2.5;
            if setup && matches!(Resource::from_idx(ri), Resource::Brick | Resource::Lumber) {
                s += 1.5;
            }
        }
    }
    let hb = g.layout.harbor[c];
    if hb == HarborKind::Generic.bit() {
        s += 1.0;
    } else if hb != 0 {
        let ri = (hb.trailing_zeros() as usize).min(4);
        s += 0.35 * (prod[ri] + corner_prod[ri]) as f32;
    }
    s
}

/// The player's settlement to upgrade next: the one producing the most pips.
pub(crate) fn best_city(g: &Game, p: PlayerId) -> Option<CornerId> {
    let me = g.s.player(p);
    if me.cities_left == 0 {
        return None;
    }
    let mut best = None;
    let mut best_v = 0u32;
    for c in me.buildings.minus(me.cities).iter() {
        let mut v = 1;
        for &h in &g.topo.corner_hexes[c] {
            if h != NONE {
                v += 2 * live_pips(g, h as usize) + raw_pips(g, h as usize);
            }
        }
        if best.is_none() || v > best_v {
            best = Some(CornerId(c as u8));
            best_v = v;
        }
    }
    best
}

/// The best corner where the player may settle now (connected, distance rule), if any.
pub(crate) fn best_spot(g: &Game, p: PlayerId, prod: &[u32; 5]) -> Option<CornerId> {
    if g.s.player(p).settlements_left == 0 {
        return None;
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    for c in g.settlement_spots(p).iter() {
        let v = corner_score(g, c, prod, false);
        if v > best_v {
            best = Some(CornerId(c as u8));
            best_v = v;
        }
    }
    best
}

/// First road of the best path (as many roads as the player has left) to a corner where the
/// player could settle; each road on the way costs 2 points of corner score.
pub(crate) fn road_toward(g: &Game, p: PlayerId, prod: &[u32; 5]) -> Option<EdgeId> {
    let me = g.s.player(p);
    if me.roads_left == 0 || me.settlements_left == 0 {
        return None;
    }
    road_search(g, p, prod, me.roads_left)
}

/// The best spot within 4 roads of the player's network, or failing that the best one anywhere
/// within `max_depth` roads (see [`search`]).
fn road_search(g: &Game, p: PlayerId, prod: &[u32; 5], max_depth: u8) -> Option<EdgeId> {
    const NEAR: u8 = 4;
    let me = g.s.player(p);
    let foreign = g.s.occupied.minus(me.buildings);
    let roots = me.net.minus(foreign);
    let edges = g.topo.land_edges.minus(g.s.roads);
    let value = |c: usize| {
        (g.topo.land_corners.contains(c) && !g.s.blocked.contains(c))
            .then(|| corner_score(g, c, prod, false))
    };
    search(g, roots, edges, foreign, max_depth, NEAR, value).map(|(e, _)| e)
}

/// Corner-score points one more road or ship on the way to a spot costs.
pub(crate) const STEP: f32 = 2.0;

/// Breadth-first search from `roots` over the free edges `edges`, never through a `foreign`
/// corner: the first edge toward the corner maximising `value(c) - STEP * steps` (corners where
/// `value` is `Some`, `roots` excluded) within `max_depth` steps, and that maximum. Once the best
/// so far lies within `near` steps, no corner `near` or more steps away is looked at (`u8::MAX`:
/// no such cut).
pub(crate) fn search(
    g: &Game,
    roots: CornerSet,
    edges: EdgeSet,
    foreign: CornerSet,
    max_depth: u8,
    near: u8,
    value: impl Fn(usize) -> Option<f32>,
) -> Option<(EdgeId, f32)> {
    search_bounded(
        g,
        roots,
        edges,
        foreign,
        max_depth,
        near,
        f32::INFINITY,
        value,
    )
}

/// [`search`] when every `value` is at most `bound`: the search stops as soon as no corner
/// further away could beat the best so far (its value less `STEP` per step would be at most
/// the best), which gives the same edge and value as the full search.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_bounded(
    g: &Game,
    roots: CornerSet,
    edges: EdgeSet,
    foreign: CornerSet,
    max_depth: u8,
    near: u8,
    bound: f32,
    value: impl Fn(usize) -> Option<f32>,
) -> Option<(EdgeId, f32)> {
    let mut dist = [u8::MAX; MAX_CORNERS];
    let mut first = [NONE; MAX_CORNERS];
    let mut queue = [0u8; MAX_CORNERS];
    let (mut head, mut tail) = (0usize, 0usize);
    for c in roots.iter() {
        dist[c] = 0;
        queue[tail] = c as u8;
        tail += 1;
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    let mut best_near = false;
    while head < tail {
        let c = queue[head] as usize;
        head += 1;
        let d = dist[c];
        if d >= max_depth || (best_near && d >= near) {
            break; // FIFO order: every later corner is at least as far
        }
        // Every corner found from here on is at least d + 1 steps away, so worth at most
        // `bound - STEP * (d + 1)` (rounding is monotone): none can beat the best strictly.
        if best.is_some() && best_v >= bound - STEP * (d + 1) as f32 {
            break;
        }
        for &e in &g.topo.corner_edges[c] {
            if e == NONE || !edges.contains(e as usize) {
                continue;
            }
            let [a, b] = g.topo.edge_corners[e as usize];
            let o = if a.idx() == c { b.idx() } else { a.idx() };
            if dist[o] != u8::MAX {
                continue;
            }
            dist[o] = d + 1;
            first[o] = if d == 0 { e } else { first[c] };
            if foreign.contains(o) {
                continue;
            }
            if let Some(x) = value(o) {
                let v = x - STEP * (d + 1) as f32;
                if v > best_v {
                    best_v = v;
                    best = Some(EdgeId(first[o]));
                    best_near = d < near;
                }
            }
            queue[tail] = o as u8;
            tail += 1;
        }
    }
    best.map(|e| (e, best_v))
}

/// Robert variant: value of flipping up hex `h` for seat `p` (its pips times its buildings there).
#[inline]
pub(crate) fn own_value(g: &Game, h: usize, p: PlayerId) -> u32 {
    let mut w = 0;
    for c in g.topo.hex_corners[h] {
        let o = g.s.corner_owner[c.idx()];
        if o != 0 && (o & 0x0f) - 1 == p.0 {
            w += weight_of(o);
        }
    }
    w * raw_pips(g, h)
}

/// Robert variant: the team values of the two best tokens a soldier could flip up now (0 where
/// there is none), best first.
pub(crate) fn best_two_flips(g: &Game) -> (u32, u32) {
    let (mut a, mut b) = (0u32, 0u32);
    for h in crate::catan::robert::flip_up_candidates(g).iter() {
        let v = team_value(g, h);
        if v > a {
            b = a;
            a = v;
        } else if v > b {
            b = v;
        }
    }
    (a, b)
}

/// Robert variant: value of hex `h`'s token for the whole team (pips times buildings, city 2).
#[inline]
pub(crate) fn team_value(g: &Game, h: usize) -> u32 {
    let mut w = 0;
    for c in g.topo.hex_corners[h] {
        w += weight_of(g.s.corner_owner[c.idx()]);
    }
    w * raw_pips(g, h)
}

/// Set-up settlement: the free corner with the best `corner_score` plus `extra(corner)`, or
/// one drawn by softmax over those scores at `temperature` > 0 (see [`super::opening::pick`]).
pub(crate) fn setup_settlement(
    g: &Game,
    extra: impl Fn(usize) -> f32,
    temperature: f32,
    rng: &mut Rng,
) -> Action {
    let p = PlayerId(g.s.current);
    let prod = production(g, p, false);
    let spots = g.topo.land_corners.minus(g.s.blocked);
    let scored = spots
        .iter()
        .map(|c| (c, corner_score(g, c, &prod, true) + extra(c)));
    let best = super::opening::pick(scored, temperature, rng);
    Action::BuildSettlement(CornerId(best.expect("a free corner for set-up") as u8))
}

/// Seat `p`'s production during set-up, the settlement just placed on `from` counting as
/// produced (1 per resource next to it).
pub(crate) fn setup_production(g: &Game, p: PlayerId, from: usize) -> [u32; 5] {
    let mut prod = production(g, p, false);
    for &h in &g.topo.corner_hexes[from] {
        if h != NONE {
            if let Some(r) = g.layout.terrain[h as usize].resource() {
                prod[r.idx()] += 1;
            }
        }
    }
    prod
}

/// Set-up road: the edge from the new settlement towards the best corner two steps away.
pub(crate) fn setup_road(g: &Game) -> Action {
    let p = PlayerId(g.s.current);
    let from = g.s.last_settlement.idx();
    let prod = setup_production(g, p, from);
    let spots = g.topo.corner_edge_set[from]
        .intersect(g.topo.land_edges)
        .minus(g.s.roads);
    let mut best = None;
    let mut best_v = f32::MIN;
    for e in spots.iter() {
        let [a, b] = g.topo.edge_corners[e];
        let d = if a.idx() == from { b.idx() } else { a.idx() };
        let mut v = -100.0f32;
        for &n in &g.topo.corner_neighbors[d] {
            if n == NONE || n as usize == from {
                continue;
            }
            let n = n as usize;
            if g.topo.land_corners.contains(n) && !g.s.blocked.contains(n) {
                v = v.max(corner_score(g, n, &prod, true));
            }
        }
        if v > best_v || best.is_none() {
            best_v = v;
            best = Some(e);
        }
    }
    Action::BuildRoad(EdgeId(best.expect("an edge at the new settlement") as u8))
}

/// Robert variant: the face-down token a seat flips up, maximising `score`.
pub(crate) fn best_flip(g: &Game, legal: &mut ActionList, score: impl Fn(usize) -> i64) -> Action {
    let mut best = None;
    let mut best_v = i64::MIN;
    for h in robert::flip_up_candidates(g).iter() {
        let v = score(h);
        if v > best_v {
            best_v = v;
            best = Some(h);
        }
    }
    match best {
        Some(h) => Action::FlipUp(HexId(h as u8)),
        None => {
            g.legal_actions(legal);
            legal[0]
        }
    }
}

/// The hexes next to any building, and the token numbers next to `p`'s own buildings as a bit
/// per number: what set-up placement spreads over and avoids repeating.
pub(crate) fn settled_hexes(g: &Game, p: PlayerId) -> (HexSet, u16) {
    let me = g.s.player(p);
    let mut touched = HexSet::EMPTY;
    let mut numbers = 0u16;
    for c in g.s.occupied.iter() {
        for &h in &g.topo.corner_hexes[c] {
            if h != NONE {
                touched.insert(h as usize);
                if me.buildings.contains(c) {
                    numbers |= 1 << g.layout.token[h as usize];
                }
            }
        }
    }
    (touched, numbers)
}

#[cfg(test)]
pub(crate) mod tests {
    //! Constructed boards on the base map's fixed layout (configs/maps/base.toml) whose answers
    //! are worked out by hand from the map's terrains and tokens (pips: 6 and 8 five, 5 and 9
    //! four, 4 and 10 three, 3 and 11 two, 2 and 12 one).
    use super::*;

    pub(crate) fn topo() -> Topology {
        Topology::build(&crate::catan::mapfile::base_map()).unwrap()
    }

    /// Corner `k` (0 top, clockwise) of hex `(q, r)`.
    pub(crate) fn corner(t: &Topology, q: i8, r: i8, k: usize) -> CornerId {
        let h = t.hex_coord.iter().position(|&c| c == (q, r)).unwrap();
        t.hex_corners[h][k]
    }

    /// Edge `k` of hex `(q, r)`: joins corners `k` and `k + 1`.
    pub(crate) fn edge(t: &Topology, q: i8, r: i8, k: usize) -> EdgeId {
        let h = t.hex_coord.iter().position(|&c| c == (q, r)).unwrap();
        t.hex_edges[h][k]
    }

    /// A base game in seat 0's main phase with seat 0's settlement on X, the top of the hills 6
    /// at (0, -1) (between the mountains 10 and the pasture 2 above it): brick 5, ore 3, wool 1.
    pub(crate) fn with_x(t: &Topology) -> Game<'_> {
        let mut g = Game::new(t, Layout::fixed(t), Rules::base(4));
        g.start_at(PlayerId(0), Phase::Main);
        g.put_settlement(PlayerId(0), corner(t, 0, -1, 0));
        g
    }

    pub(crate) const P0: PlayerId = PlayerId(0);

    #[test]
    fn production_counts_pips_cities_twice_and_skips_the_robber_when_live() {
        let t = topo();
        let mut g = with_x(&t);
        // Brick, lumber, wool, grain, ore.
        assert_eq!(production(&g, P0, true), [5, 0, 1, 0, 3]);
        g.put_city(P0, corner(&t, 0, -1, 0));
        assert_eq!(production(&g, P0, true), [10, 0, 2, 0, 6]);
        // The robber on the hills: live production loses the brick, raw keeps it.
        let hills = t.hex_coord.iter().position(|&c| c == (0, -1)).unwrap();
        g.set_robber(HexId(hills as u8));
        assert_eq!(production(&g, P0, true), [0, 0, 2, 0, 6]);
        assert_eq!(production(&g, P0, false), [10, 0, 2, 0, 6]);
        assert_eq!(raw_pips(&g, hills), 5);
        assert_eq!(live_pips(&g, hills), 0);
        assert!(robber_on_own(&g, g.s.player(P0)));
    }

    #[test]
    fn best_city_upgrades_the_most_pips() {
        let t = topo();
        let mut g = with_x(&t);
        // Y: the top of the mountains 10 at (0, -2), next to the sea only (3 pips), far from X.
        let (x, y) = (corner(&t, 0, -1, 0), corner(&t, 0, -2, 0));
        g.put_settlement(P0, y);
        assert_eq!(best_city(&g, P0), Some(x));
        g.put_city(P0, x);
        assert_eq!(best_city(&g, P0), Some(y));
        g.s.players[0].cities_left = 0;
        assert_eq!(best_city(&g, P0), None);
    }

    #[test]
    fn best_spot_scores_pips_and_new_resources() {
        let t = topo();
        let mut g = with_x(&t);
        // Roads both ways round the hills from X, two each: to Z1 (corner 2 of (0, -1): hills 6,
        // pasture 4, desert: 8 pips, no new resource) and Z2 (corner 4: hills 6, forest 11,
        // fields 12: 8 pips and lumber and grain new, 8 + 2 * 2.5 = 13).
        for k in [0, 1, 5, 4] {
            g.put_road(P0, edge(&t, 0, -1, k));
        }
        let (z1, z2) = (corner(&t, 0, -1, 2), corner(&t, 0, -1, 4));
        let spots: Vec<usize> = g.settlement_spots(P0).iter().collect();
        let mut want = vec![z1.idx(), z2.idx()];
        want.sort();
        assert_eq!(spots, want);
        let prod = production(&g, P0, true);
        assert_eq!(corner_score(&g, z1.idx(), &prod, false), 8.0);
        assert_eq!(corner_score(&g, z2.idx(), &prod, false), 13.0);
        assert_eq!(best_spot(&g, P0, &prod), Some(z2));
        // Seat 1 settles next to Z2 (corner 5 of the forest at (-1, 0)): Z1 is left.
        g.put_settlement(PlayerId(1), corner(&t, -1, 0, 5));
        assert_eq!(best_spot(&g, P0, &prod), Some(z1));
        g.s.players[0].settlements_left = 0;
        assert_eq!(best_spot(&g, P0, &prod), None);
    }

    #[test]
    fn road_toward_leads_to_the_best_spot_two_roads_away() {
        let t = topo();
        let mut g = with_x(&t);
        let prod = production(&g, P0, true);
        assert!(g.settlement_spots(P0).is_empty());
        // Two roads away: Z2 13 - 4 = 9 (by corner 5 of the hills, edge 5), ahead of the corner
        // above the pasture 4 (8 pips and lumber: 10.5 - 4) and Z1 (8 - 4), both by edge 0.
        assert_eq!(road_toward(&g, P0, &prod), Some(edge(&t, 0, -1, 5)));
        // Seat 1's road from corner 5 to Z2 cuts that way: the pasture corner by edge 0 leads.
        g.put_road(PlayerId(1), edge(&t, 0, -1, 4));
        assert_eq!(road_toward(&g, P0, &prod), Some(edge(&t, 0, -1, 0)));
        g.s.players[0].roads_left = 0;
        assert_eq!(road_toward(&g, P0, &prod), None);
    }

    #[test]
    fn search_finds_the_value_net_of_steps_and_bounded_agrees() {
        let t = topo();
        let g = with_x(&t);
        let prod = production(&g, P0, true);
        let value = |c: usize| {
            (g.topo.land_corners.contains(c) && !g.s.blocked.contains(c))
                .then(|| corner_score(&g, c, &prod, false))
        };
        let roots = g.s.player(P0).net;
        let foreign = CornerSet::default();
        let edges = t.land_edges;
        let full = search(&g, roots, edges, foreign, 15, u8::MAX, value);
        assert_eq!(full, Some((edge(&t, 0, -1, 5), 9.0)));
        // Bounded by the best corner's score, the search gives the same answer from every land
        // corner as a root, at every depth.
        let bound = (0..t.n_corners).filter_map(value).fold(f32::MIN, f32::max);
        assert!(bound >= 13.0);
        for c in t.land_corners.iter() {
            let mut roots = CornerSet::default();
            roots.insert(c);
            for depth in [1, 2, 4, 15] {
                let a = search(&g, roots, edges, foreign, depth, 4, value);
                let b = search_bounded(&g, roots, edges, foreign, depth, 4, bound, value);
                assert_eq!(a, b, "root {c}, depth {depth}");
            }
        }
    }
}
