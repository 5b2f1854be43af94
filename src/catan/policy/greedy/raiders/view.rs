//! The raiders' threat as one seat sees it.
//!
//! The raiders' threat as one seat sees it, and the values of settlement spots and city upgrades
//! under it.

use crate::catan::kernel::raiders;
use crate::catan::policy::memo::Fingerprint;
use crate::catan::policy::spots::{corner_score, unraided_production};
use crate::catan::NONE;
use crate::catan::*;

/// Value of a jungle pip relative to a resource pip: discoveries pay for development cards and,
/// not being cards in hand, are never discarded on a seven nor stolen.
pub(super) const JUNGLE: f32 = 1.5;
/// Extra value of an island spot before the first island building: `ISLAND_BASE` at the start,
/// `ISLAND_BASE + ISLAND_RAMP` once the pool is empty.
const ISLAND_BASE: f32 = 4.0;
const ISLAND_RAMP: f32 = 6.0;

/// The raiders' threat as seat `p` sees it: how likely each hex is to stop producing, and how
/// much an island spot is worth beyond its production.
#[derive(Clone, Copy, Debug)]
pub(super) struct View {
    pub(super) storm: bool,
    /// Raiders standing on the deserts, ready to raid (read by the counted `doomed` the tests
    /// hold the set to).
    #[cfg_attr(not(test), allow(dead_code))]
    stock: u32,
    /// Chance-like weight (0..=1) that a hex stops producing: 1 when raided.
    threat: [f32; MAX_HEXES],
    /// Hexes next to a raider desert or a raided hex: the storm's next targets.
    #[cfg_attr(not(test), allow(dead_code))]
    near: HexSet,
    /// Corners out of the storm's reach (land not on the home island).
    pub(super) island: CornerSet,
    /// Extra value of an island spot for `p`.
    pub(super) island_bonus: f32,
    /// The corners [`View::doomed`] names, worked out once.
    doomed: CornerSet,
}

impl View {
    pub(super) fn new(g: &Game, p: PlayerId) -> View {
        let r = &g.s.raiders;
        let storm = raiders::storm(&g.s);
        let start = g
            .rules
            .variant
            .raiders()
            .unwrap_or_default()
            .pool(g.s.n_players)
            .max(1) as f32;
        // 0 at the start, 1 once the pool is empty.
        let urgency = if storm {
            1.0
        } else {
            1.0 - r.pool as f32 / start
        };
        let stock = raiders::desert_stock(&g.s);
        let deserts = !g.topo.raider_desert_list.is_empty();
        let home_area = g
            .topo
            .raider_desert_list
            .first()
            .map_or(0, |h| g.topo.hex_area[h.idx()]);
        let sources = g.topo.raider_deserts.union(r.raided);
        let island = g.topo.land_corners.minus(g.topo.home_corners);
        let mut threat = [0.0f32; MAX_HEXES];
        let mut near = HexSet::EMPTY;
        // How many raids the deserts can still feed, as a share of a real threat.
        let fed = (stock as f32 / 6.0).min(1.0);
        for h in g.layout.tokened.iter() {
            if r.raided.contains(h) {
                threat[h] = 1.0;
                continue;
            }
            if !deserts || g.topo.hex_area[h] != home_area {
                continue;
            }
            let adjacent = !g.topo.hex_neighbor_set[h].intersect(sources).is_empty();
            if adjacent {
                near.insert(h);
            }
            threat[h] = match (storm, adjacent) {
                (true, true) => 0.75 * fed,
                (true, false) => 0.35 * fed,
                (false, true) => 0.15 + 0.45 * urgency,
                (false, false) => 0.05 + 0.25 * urgency,
            };
        }
        let me = g.s.player(p);
        let settled = !me.buildings.intersect(island).is_empty();
        let island_bonus = if island.is_empty() || !deserts {
            0.0
        } else if settled {
            1.0
        } else if storm {
            3.0
        } else {
            ISLAND_BASE + ISLAND_RAMP * urgency
        };
        // Doomed corners: next to a numbered hex, and every numbered hex next to them raided
        // (or, in a fed storm, raided or near): the corners of numbered hexes, less those of
        // the numbered hexes that are safe.
        let numbered = g.layout.tokened;
        let corners_of = |hexes: HexSet| {
            let mut out = CornerSet::EMPTY;
            for h in hexes.iter() {
                out = out.union(g.topo.hex_corner_set[h]);
            }
            out
        };
        let around = corners_of(numbered);
        let mut doomed = around.minus(corners_of(numbered.minus(r.raided)));
        if storm && stock >= 2 {
            doomed = doomed.union(around.minus(corners_of(numbered.minus(r.raided).minus(near))));
        }
        View {
            storm,
            stock,
            threat,
            near,
            island,
            island_bonus,
            doomed,
        }
    }

    /// A building on `c` would be taken at once (every numbered hex raided) or soon (every one
    /// raided or next in the storm's way while the deserts still feed it).
    #[inline]
    pub(super) fn doomed(&self, _g: &Game, c: usize) -> bool {
        self.doomed.contains(c)
    }

    /// [`View::doomed`] counted hex by hex (the definition the set is tested against).
    #[cfg(test)]
    pub(super) fn doomed_by_count(&self, g: &Game, c: usize) -> bool {
        let mut numbered = 0;
        let mut raided = 0;
        let mut exposed = 0;
        for &h in &g.topo.corner_hexes[c] {
            if h == NONE || !g.layout.tokened.contains(h as usize) {
                continue;
            }
            let h = h as usize;
            numbered += 1;
            if g.s.raiders.raided.contains(h) {
                raided += 1;
                exposed += 1;
            } else if self.near.contains(h) {
                exposed += 1;
            }
        }
        numbered > 0
            && (raided == numbered || (self.storm && self.stock >= 2 && exposed == numbered))
    }
}

/// Value of corner `c` as a settlement site: greedy's corner score, less the production the
/// raiders are likely to take, plus jungle discoveries, less the volcano's risk, plus the
/// island bonus. `None` where a settlement would be taken (soon).
pub(super) fn spot_value(
    g: &Game,
    v: &View,
    c: usize,
    prod: &[u32; 5],
    setup: bool,
) -> Option<f32> {
    if v.doomed(g, c) {
        return None;
    }
    let mut s = corner_score(g, c, prod, setup);
    for &h in &g.topo.corner_hexes[c] {
        if h == NONE {
            continue;
        }
        let h = h as usize;
        let pp = pips(g.layout.token[h]) as f32;
        match g.layout.terrain[h] {
            Terrain::Jungle => s += JUNGLE * pp * (1.0 - v.threat[h]),
            Terrain::Volcano => s -= 1.0 + 0.5 * pp,
            _ => {}
        }
        if g.layout.terrain[h].resource().is_some() {
            s -= pp * v.threat[h];
        }
    }
    if v.island.contains(c) {
        s += v.island_bonus;
    }
    Some(s)
}

/// Values of the settlement spots among `corners` for a seat producing `prod` (`f32::MIN` for
/// the other corners and where a settlement would be taken).
pub(super) fn spot_values(
    g: &Game,
    v: &View,
    corners: CornerSet,
    prod: &[u32; 5],
) -> [f32; MAX_CORNERS] {
    let mut value = [f32::MIN; MAX_CORNERS];
    for c in corners.iter() {
        if let Some(x) = spot_value(g, v, c, prod, false) {
            value[c] = x;
        }
    }
    value
}

/// Value of upgrading `c`: its production not threatened (counted twice, as greedy does) plus
/// its raw production; `None` if the upgrade cannot or should not be made.
pub(super) fn city_value(g: &Game, v: &View, c: usize) -> Option<f32> {
    if g.s.raiders.taken.contains(c) || v.doomed(g, c) {
        return None;
    }
    let mut s = 1.0f32;
    for &h in &g.topo.corner_hexes[c] {
        if h == NONE {
            continue;
        }
        let h = h as usize;
        let pp = pips(g.layout.token[h]) as f32;
        let live = pp * (1.0 - v.threat[h]);
        match g.layout.terrain[h] {
            Terrain::Jungle => s += JUNGLE * live,
            Terrain::Volcano => s += live - 1.0,
            t if t.resource().is_some() => s += 2.0 * live + pp,
            _ => {}
        }
    }
    if v.island.contains(c) {
        s += 1.0;
    }
    Some(s)
}

/// One seat's [`View`] and the values of every open land corner as its settlement spot, kept
/// while what they read stays the same: the buildings, the cities and those taken, the raiders
/// and face-down tokens. Roads and ships, which change most often, do not enter, so plans
/// recomputed after a road or ship reuse them. Fixed size, `Copy`.
#[derive(Clone, Copy, Debug)]
pub(super) struct SeatValues {
    /// Fingerprint of what `view` and `value` read (0: nothing kept yet).
    key: u64,
    pub(super) view: View,
    /// [`spot_values`] of the land corners not blocked, for the seat's unraided production;
    /// valid when `valued`.
    value: [f32; MAX_CORNERS],
    /// The largest of `value` (`f32::MIN` when none).
    bound: f32,
    valued: bool,
}

impl Default for SeatValues {
    fn default() -> Self {
        SeatValues {
            key: 0,
            view: View {
                storm: false,
                stock: 0,
                threat: [0.0; MAX_HEXES],
                near: HexSet::EMPTY,
                island: CornerSet::EMPTY,
                island_bonus: 0.0,
                doomed: CornerSet::EMPTY,
            },
            value: [f32::MIN; MAX_CORNERS],
            bound: f32::MIN,
            valued: false,
        }
    }
}

impl SeatValues {
    /// Brings the view of seat `p` up to date with `g` (the values follow on demand).
    pub(super) fn update(&mut self, g: &Game, p: PlayerId) {
        let s = &g.s;
        let me = s.player(p);
        let mut k = Fingerprint(0x2545_f491_4f6c_dd1d);
        k.set(&s.occupied);
        k.set(&me.buildings);
        k.set(&me.cities);
        k.set(&s.raiders.taken);
        k.set(&s.raiders.raided);
        k.set(&s.face_down);
        k.mix(s.raiders.pool as u64 | (raiders::desert_stock(s) as u64) << 8 | (p.0 as u64) << 40);
        let k = k.0 | 1;
        if k != self.key {
            self.key = k;
            self.view = View::new(g, p);
            self.valued = false;
        }
    }

    /// The spot values of seat `p` (as [`spot_values`] over the land corners not blocked) and
    /// their largest; [`SeatValues::update`] must have seen `g`.
    pub(super) fn values(&mut self, g: &Game, p: PlayerId) -> (&[f32; MAX_CORNERS], f32) {
        if !self.valued {
            self.valued = true;
            let prod = unraided_production(g, p);
            let corners = g.topo.land_corners.minus(g.s.blocked);
            self.value = spot_values(g, &self.view, corners, &prod);
            self.bound = self
                .value
                .iter()
                .fold(f32::MIN, |m, &x| if x > m { x } else { m });
        }
        (&self.value, self.bound)
    }
}
