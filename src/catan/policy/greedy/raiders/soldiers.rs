//! Greedy's Raiders play against the raiders.
//!
//! Greedy's Raiders play against the raiders: when a soldier takes one off and which, where a new
//! raider goes, and whom a seven robs.

use super::view::JUNGLE;
use crate::catan::kernel::raiders;
use crate::catan::NONE;
use crate::catan::*;

/// Whether the current player may play a soldier now (one in hand, none played this turn, a
/// raider to take).
pub(super) fn knight_ready(g: &Game) -> bool {
    !g.s.dev_played
        && g.s.cur().dev[DevCard::Knight.idx()] > 0
        && !raiders::removal_targets(g).is_empty()
}

/// Hex steps from `h` to the nearest hex touching one of the corners of `cs` (255 if none).
fn dist_to(g: &Game, h: usize, cs: CornerSet) -> u8 {
    let mut d = u8::MAX;
    for c in cs.iter() {
        for &x in &g.topo.corner_hexes[c] {
            if x != NONE {
                d = d.min(g.topo.dist(HexId(h as u8), HexId(x)));
            }
        }
    }
    d
}

/// The raider a soldier of `p` should take and what it is worth: a raided hex next to its
/// buildings (production back, a taken building freed, one about to be taken saved), else late
/// in the storm a raider from the desert nearest its buildings.
pub(super) fn removal(g: &Game, p: PlayerId) -> Option<(HexId, f32)> {
    let targets = raiders::removal_targets(g);
    if targets.is_empty() {
        return None;
    }
    let r = &g.s.raiders;
    let me = g.s.player(p);
    let stock = raiders::desert_stock(&g.s);
    let mut best = None;
    let mut best_v = f32::MIN;
    for h in targets.intersect(r.raided).iter() {
        let pp = pips(g.layout.token[h]) as f32;
        let per = if g.layout.terrain[h] == Terrain::Jungle {
            JUNGLE * pp
        } else {
            pp
        };
        let mut x = 0.0f32;
        for c in g.topo.hex_corners[h] {
            let c = c.idx();
            let o = g.s.corner_owner[c];
            if o == 0 {
                continue;
            }
            let w = if o & CITY_FLAG != 0 { 2.0 } else { 1.0 };
            if (o & 0x0f) - 1 != p.0 {
                x -= 0.3 * w * per;
                continue;
            }
            x += w * per;
            if r.taken.contains(c) {
                x += 10.0 * w;
                continue;
            }
            // About to be taken: its only free numbered hex is next in the storm's way.
            let mut free = 0;
            let mut exposed = 0;
            for &k in &g.topo.corner_hexes[c] {
                if k == NONE || !g.layout.tokened.contains(k as usize) {
                    continue;
                }
                let k = k as usize;
                if !r.raided.contains(k) {
                    free += 1;
                    let src = g.topo.raider_deserts.union(r.raided);
                    if !g.topo.hex_neighbor_set[k].intersect(src).is_empty() {
                        exposed += 1;
                    }
                }
            }
            if free == 1 && exposed == 1 && stock > 0 {
                x += 4.0 * w;
            }
        }
        // The storm may take it back.
        if stock > 0 {
            x *= 0.7;
        }
        if x > best_v {
            best_v = x;
            best = Some(HexId(h as u8));
        }
    }
    // Late in the storm: take a raider from the desert nearest own buildings.
    let deserts = targets.intersect(g.topo.raider_deserts);
    let home = me.buildings.intersect(g.topo.home_corners).minus(r.taken);
    if raiders::storm(&g.s) && !deserts.is_empty() && !home.is_empty() {
        let knights = me.dev[DevCard::Knight.idx()] as f32;
        let x = 2.0 + knights + if stock <= 3 { 3.0 } else { 0.0 };
        if x > best_v {
            let mut pick = None;
            let mut key = (u8::MAX, u8::MAX);
            for h in deserts.iter() {
                let k = g.topo.desert_ordinal[h] as usize;
                let kk = (dist_to(g, h, home), r.on_desert[k]);
                if pick.is_none() || kk < key {
                    key = kk;
                    pick = Some(HexId(h as u8));
                }
            }
            if pick.is_some() {
                best_v = x;
                best = pick;
            }
        }
    }
    if best.is_none() {
        // Nothing worth it (only when forced to choose): the first target.
        return Some((HexId(targets.nth(0) as u8), f32::MIN));
    }
    best.map(|h| (h, best_v))
}

/// The raider desert farthest from own buildings; ties toward other players' buildings. (The
/// storm spreads from every raider desert, holding raiders or not; where they stand decides
/// which roads are cancelled and which desert empties first.)
pub(super) fn place_raider(g: &Game, p: PlayerId) -> Action {
    let me = g.s.player(p);
    let others = g.s.occupied.minus(me.buildings);
    let mut best = None;
    let mut key = (0u8, 0i16);
    for h in g.topo.raider_deserts.iter() {
        let k = (dist_to(g, h, me.buildings), -(dist_to(g, h, others) as i16));
        if best.is_none() || k > key {
            key = k;
            best = Some(h);
        }
    }
    Action::PlaceRaider(HexId(best.expect("a raider desert") as u8))
}

/// Seven: take a card from the leader (most VP, then most cards) among players holding cards.
pub(super) fn victim(g: &Game) -> Action {
    let me = g.s.current;
    let mut best = NO_PLAYER;
    let mut key = (0u8, 0u32);
    for q in 0..g.s.n_players {
        let ps = &g.s.players[q as usize];
        if q == me || ps.hand_size() == 0 {
            continue;
        }
        let k = (ps.vp, ps.hand_size());
        if best == NO_PLAYER || k > key {
            best = q;
            key = k;
        }
    }
    Action::StealFrom(PlayerId(best))
}
