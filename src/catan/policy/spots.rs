//! Board evaluation the scripted players share: pips, production, corner scores, the best city, spot and road toward one, set-up placement and Robert's flips (no allocation: fixed-size arrays and bitsets).

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
