//! The optional rules of the Solitaire seed as modifiers any Catan variant can switch on
//! (RULINGS §3): `volcano`, `gold`, `tech_advancement`. Hooks: [`after_production`] at a
//! non-seven roll, [`apply_die`] for each modifier die, and the bonus picks of [`bonus_after_roll`].

use super::bits::{CornerSet, HexSet};
use super::ids::*;
use super::rules::Game;
use super::state::*;
use super::variant::Variant;

/// A set of rule modifiers (a `u8` of flags). `Copy`, compared and hashed by value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modifiers(pub u8);

impl Modifiers {
    pub const NONE: Modifiers = Modifiers(0);
    /// A mountain hex that produces rolls a die; on 1 it erupts.
    pub const VOLCANO: Modifiers = Modifiers(1);
    /// A hills hex that produces rolls a die; on 6 the current player gains 1 VP.
    pub const GOLD: Modifiers = Modifiers(2);
    /// Doubles give the roller 1 resource of their choice.
    pub const TECH_ADVANCEMENT: Modifiers = Modifiers(4);
    /// Every combination.
    pub const ALL_COMBINATIONS: [Modifiers; 8] = [
        Modifiers(0),
        Modifiers(1),
        Modifiers(2),
        Modifiers(3),
        Modifiers(4),
        Modifiers(5),
        Modifiers(6),
        Modifiers(7),
    ];
    /// The single modifiers' names, in canonical order.
    pub const NAMES: &'static [&'static str] = &["volcano", "gold", "tech_advancement"];
    const COMBO_NAMES: [&'static str; 8] = [
        "none",
        "volcano",
        "gold",
        "volcano+gold",
        "tech_advancement",
        "volcano+tech_advancement",
        "gold+tech_advancement",
        "volcano+gold+tech_advancement",
    ];

    #[inline(always)]
    pub fn has(self, m: Modifiers) -> bool {
        self.0 & m.0 == m.0 && m.0 != 0
    }
    #[inline(always)]
    pub fn union(self, m: Modifiers) -> Modifiers {
        Modifiers(self.0 | m.0)
    }
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// `none`, or the names joined by `+` in canonical order (`volcano+gold`).
    pub fn name(self) -> &'static str {
        Self::COMBO_NAMES[(self.0 & 7) as usize]
    }
    /// Parses `none` or names joined by `+` (any order, no repeats); `None` names the problem.
    pub fn parse(s: &str) -> Result<Modifiers, String> {
        let s = s.trim();
        if s == "none" {
            return Ok(Modifiers::NONE);
        }
        let mut m = Modifiers::NONE;
        for part in s.split('+') {
            let bit = match part.trim() {
                "volcano" => Modifiers::VOLCANO,
                "gold" => Modifiers::GOLD,
                "tech_advancement" => Modifiers::TECH_ADVANCEMENT,
                other => return Err(format!("unknown modifier {other:?}")),
            };
            if m.has(bit) {
                return Err(format!("modifier {:?} named twice", part.trim()));
            }
            m = m.union(bit);
        }
        Ok(m)
    }
}

/// Whether hex `h`, whose number was rolled, produces: it has a resource, it is not blocked
/// (the robber in the base game and Solitaire, a face-down token in Robert, a destroyed tile in
/// Solitaire) and a settlement or city stands on one of its corners (RULINGS §3, docs/rules.md).
pub fn producing_hexes(g: &Game, n: u8) -> HexSet {
    // Raiders: a raided hex is blocked, except on the turn its raider arrived.
    let mut hexes = g.layout.by_number[n as usize]
        .minus(g.s.face_down)
        .minus(g.s.destroyed)
        .minus(g.s.raiders.raided.minus(g.s.raiders.arrived));
    if g.rules.variant.robber_blocks() {
        hexes.remove(g.s.robber.idx());
    }
    hexes
}

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

/// Strikes the building on corner `c`: a settlement goes back to its owner's stock, a city
/// becomes a settlement, or goes entirely when its owner has no settlement piece left (then a
/// `City` and a `Settlement` removal are reported). The owner loses `vp_step` VP per level;
/// the caller recomputes the distance rule's `blocked` set.
pub(crate) fn strike<S: Sink<Event>>(s: &mut State, c: CornerId, vp_step: u8, sink: &mut S) {
    let o = s.corner_owner[c.idx()];
    let Some(p) = s.owner_at(c) else {
        return;
    };
    let me = &mut s.players[p.idx()];
    let mut removed = |piece| {
        sink.event(&Event::Removed {
            player: p,
            piece,
            at: c.0,
        })
    };
    if o & CITY_FLAG != 0 {
        me.cities.remove(c.idx());
        me.cities_left += 1;
        me.vp -= vp_step;
        removed(Piece::City);
        if me.settlements_left > 0 {
            me.settlements_left -= 1;
            s.corner_owner[c.idx()] = o & !CITY_FLAG;
            return;
        }
    } else {
        me.settlements_left += 1;
    }
    me.buildings.remove(c.idx());
    me.vp -= vp_step;
    s.corner_owner[c.idx()] = 0;
    s.occupied.remove(c.idx());
    removed(Piece::Settlement);
}

/// The corners the distance rule closes: the occupied ones and their neighbours.
pub(crate) fn blocked_by(topo: &super::topology::Topology, occupied: CornerSet) -> CornerSet {
    let mut blocked = CornerSet::EMPTY;
    for c in occupied.iter() {
        blocked = blocked.union(topo.corner_block[c]);
    }
    blocked
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

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn names_round_trip() {
        for m in Modifiers::ALL_COMBINATIONS {
            assert_eq!(Modifiers::parse(m.name()), Ok(m));
        }
        assert_eq!(
            Modifiers::parse("gold+volcano"),
            Ok(Modifiers::VOLCANO.union(Modifiers::GOLD))
        );
        assert!(Modifiers::parse("lava").is_err());
        assert!(Modifiers::parse("gold+gold").is_err());
        assert!(Modifiers::parse("").is_err());
    }
}
