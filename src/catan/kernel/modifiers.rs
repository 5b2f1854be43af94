//! The optional rules of the Solitaire seed as modifiers any Catan variant can switch on
//! (RULINGS §3): `volcano`, `gold`, `tech_advancement`. Hooks: [`after_production`] at a
//! non-seven roll, [`apply_die`] for each modifier die, and the bonus picks of [`bonus_after_roll`].

use super::bits::HexSet;
use super::game::{blocked_by, producing_hexes, strike, Game};
use super::ids::*;
use super::state::*;
use super::variant::{Modifiers, Variant};

/// After a non-seven roll's production: queue one modifier die per producing mountain
/// (volcano) and hills (gold) hex with a building on it. Returns true if any die is pending.
pub fn after_production(g: &mut Game, n: u8) -> bool {
    let m = g.rules.modifiers;
    if !m.has(Modifiers::VOLCANO) && !m.has(Modifiers::GOLD) {
        return false;
    }
    let mut pending = HexSet::EMPTY;
    for h in producing_hexes(g, n).iter() {
        let t = g.layout.terrain[h];
        let wanted = (t == Terrain::Mountains && m.has(Modifiers::VOLCANO))
            || (t == Terrain::Hills && m.has(Modifiers::GOLD));
        if wanted && !g.topo.hex_corner_set[h].intersect(g.s.occupied).is_empty() {
            pending.insert(h);
        }
    }
    // Union: the Raiders volcano may have queued its dice already.
    g.s.pending_dice = g.s.pending_dice.union(pending);
    !g.s.pending_dice.is_empty()
}

/// The hex whose modifier die is rolled next (the lowest pending one).
#[inline]
pub fn next_die_hex(s: &State) -> HexId {
    HexId(s.pending_dice.nth(0) as u8)
}

/// Resolves the pending modifier die `die` (1..=6) for the next pending hex.
pub fn apply_die<S: Sink<Event>>(g: &mut Game, die: u8, sink: &mut S) {
    let h = next_die_hex(&g.s);
    g.s.pending_dice.remove(h.idx());
    match g.layout.terrain[h.idx()] {
        Terrain::Mountains if die == 1 => erupt(g, h, sink),
        // Raiders volcano: every roll of its number erupts; the die picks the corner.
        Terrain::Volcano => g.volcano_die(h, die, sink),
        Terrain::Hills if die == 6 => {
            let p = g.s.current as usize;
            g.s.players[p].gold_vp += 1;
            g.s.players[p].vp += 1;
            sink.event(&Event::Gold {
                player: PlayerId(p as u8),
                hex: h,
            });
        }
        _ => {}
    }
}

/// A volcano erupts on mountain hex `h`: roads on its edges and settlements on its corners go
/// back to their owners' stock, cities there become settlements (a city whose owner has no
/// settlement in stock after the removals is removed entirely). VP, harbors, networks, road
/// lengths, longest road and the distance-rule `blocked` set are recomputed.
pub fn erupt<S: Sink<Event>>(g: &mut Game, h: HexId, sink: &mut S) {
    sink.event(&Event::Eruption { hex: h });
    let topo = g.topo;
    // Raiders: a taken building counts no VP, so VP are recomputed at the end instead.
    let vp_step = g.strike_vp_step();
    let s = &mut g.s;
    for &e in &topo.hex_edges[h.idx()] {
        let o = s.edge_owner[e.idx()];
        // Ships (Raiders) are at sea: the eruption takes roads only.
        if o == 0 || o & SHIP_FLAG != 0 {
            continue;
        }
        let p = (o - 1) as usize;
        s.edge_owner[e.idx()] = 0;
        s.roads.remove(e.idx());
        s.players[p].roads.remove(e.idx());
        s.players[p].roads_left += 1;
        sink.event(&Event::Removed {
            player: PlayerId(p as u8),
            piece: Piece::Road,
            at: e.0,
        });
    }
    // Settlements first, so their pieces are back in stock for the cities that become settlements.
    for city in [false, true] {
        for &c in &topo.hex_corners[h.idx()] {
            let o = s.corner_owner[c.idx()];
            if o != 0 && (o & CITY_FLAG != 0) == city {
                strike(s, c, vp_step, sink);
            }
        }
    }
    // Recompute what depends on the pieces.
    s.blocked = blocked_by(topo, s.occupied);
    for p in 0..s.n_players as usize {
        let me = &mut s.players[p];
        let mut net = me.buildings;
        let mut harbors = 0;
        for c in me.buildings.iter() {
            harbors |= g.layout.harbor[c];
        }
        for e in me.roads.iter() {
            for c in topo.edge_corners[e] {
                net.insert(c.idx());
            }
        }
        me.net = net;
        me.harbors = harbors;
    }
    for p in 0..g.s.n_players {
        g.s.players[p as usize].road_length = g.road_length(PlayerId(p));
    }
    g.update_longest_road(sink);
    g.after_removal(sink);
}

/// Resource picks owed after a roll of `d1`, `d2`: [`BONUS_DOUBLES`] (Solitaire) and
/// [`BONUS_TECH`] (`tech_advancement`), both on doubles.
pub fn bonus_after_roll(g: &Game, d1: u8, d2: u8) -> u8 {
    if d1 != d2 {
        return 0;
    }
    let mut b = 0;
    if matches!(g.rules.variant, Variant::Solitaire(_)) {
        b |= BONUS_DOUBLES;
    }
    if g.rules.modifiers.has(Modifiers::TECH_ADVANCEMENT) {
        b |= BONUS_TECH;
    }
    b
}

/// The cause of the next pending bonus pick.
#[inline]
pub fn bonus_cause(s: &State) -> BonusCause {
    if s.bonus & BONUS_DOUBLES != 0 {
        BonusCause::Doubles
    } else {
        BonusCause::TechAdvancement
    }
}

/// The current player takes `r` from the bank as the next pending bonus.
pub fn take_bonus<S: Sink<Event>>(g: &mut Game, r: Resource, sink: &mut S) {
    let cause = bonus_cause(&g.s);
    g.s.bonus &= if cause == BonusCause::Doubles {
        !BONUS_DOUBLES
    } else {
        !BONUS_TECH
    };
    let p = g.s.current as usize;
    g.s.bank[r.idx()] -= 1;
    g.s.players[p].hand[r.idx()] += 1;
    sink.event(&Event::Bonus {
        player: PlayerId(p as u8),
        resource: r,
        cause,
    });
}
