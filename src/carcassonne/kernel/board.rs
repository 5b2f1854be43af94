//! Tile placement: where the drawn tile fits and putting it down.
//!
//! Tile placement: where the drawn tile fits, putting a tile down (the frontier's fit keys, the
//! features it joins, the cloisters around it), and a placement previewed without placing.

use super::features::MAX_PLAYERS;
use super::game::{Action, Game, Placed, EMPTY};
use super::grid::{cell, neighbour, xy, GMASK};
use super::tiles::{Edge, Feature, MAX_SEGS, NO_SEG};
use arrayvec::ArrayVec;

/// A legal placement list (cell, rotation).
pub type Placements = ArrayVec<(u16, u8), 1024>;

/// Statistics of a feature after a hypothetical placement (see [`Game::preview`]). Plain
/// `Copy` data in fixed arrays: a placement's preview is filled in place, copying nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SegPreview {
    /// The features (roots) it joins: the first `n_roots`.
    roots: [u16; 8],
    n_roots: u8,
    pub open: u8,
    pub tiles: u8,
    pub pennants: u8,
    pub meeples: [u8; MAX_PLAYERS],
    /// Distinct completed cities a field touches (fields only; after the placement).
    pub cities_done: u8,
    /// Distinct cities a field touches.
    pub cities: u8,
}

impl SegPreview {
    /// The features (roots) it joins, each once.
    #[inline]
    pub fn roots(&self) -> &[u16] {
        &self.roots[..self.n_roots as usize]
    }
}

/// A placement's preview: one entry per local segment of the tile (the rest unused).
pub type Preview = [SegPreview; MAX_SEGS];

impl Game<'_> {
    /// The tile at a cell.
    pub fn tile_at(&self, c: u16) -> Option<&Placed> {
        let i = self.grid[c as usize];
        (i != EMPTY).then(|| &self.placed[i as usize])
    }

    /// Frontier cells (empty cells next to a tile).
    pub fn frontier(&self) -> &[u16] {
        &self.frontier
    }

    /// Fills `out` with the legal placements of kind `kind` (distinct rotations only).
    pub fn placements_of(&self, kind: u8, out: &mut Placements) {
        out.clear();
        let fit = &self.t.fit[self.t.kinds[kind as usize].shape as usize];
        for &c in &self.frontier {
            let mut m = fit[self.key[c as usize] as usize];
            while m != 0 {
                let r = m.trailing_zeros() as u8;
                out.push((c, r));
                m &= m - 1;
            }
        }
    }

    pub(super) fn placeable(&self, kind: u8) -> bool {
        let fit = &self.t.fit[self.t.kinds[kind as usize].shape as usize];
        self.frontier
            .iter()
            .any(|&c| fit[self.key[c as usize] as usize] != 0)
    }

    /// Whether `kind` fits at `cell` turned `rot`.
    pub fn fits(&self, kind: u8, c: u16, rot: u8) -> bool {
        let shape = self.t.kinds[kind as usize].shape as usize;
        self.grid[c as usize] == EMPTY
            && self.key[c as usize] != 0
            && rot < 4
            && self.t.fit[shape][self.key[c as usize] as usize] & (1 << rot) != 0
    }

    /// Puts a tile on the board: segments, unions, frontier, cloister counts.
    pub(super) fn put_tile(&mut self, kind: u8, c: u16, rot: u8) {
        let t = self.t;
        let shape_i = t.kinds[kind as usize].shape as usize;
        let shape = &t.shapes[shape_i];
        let o = &t.oriented[shape_i][rot as usize];
        let idx = self.placed.len();
        self.placed.push(Placed {
            kind,
            shape: shape_i as u8,
            rot,
            cell: c,
        });
        self.grid[c as usize] = idx as u8;
        if self.key[c as usize] != 0 {
            self.key[c as usize] = 0;
            if let Some(p) = self.frontier.iter().position(|&f| f == c) {
                self.frontier.swap_remove(p);
            }
        }
        for (l, seg) in shape.segs.iter().enumerate() {
            self.features.add(Self::seg_id(idx, l as u8), seg, idx);
        }
        for s in 0..4 {
            let n = neighbour(c, s);
            let ni = self.grid[n as usize];
            if ni == EMPTY {
                // A frontier cell: record what its opposite side must show.
                if self.key[n as usize] == 0 {
                    self.frontier.push(n);
                }
                let opp = (s + 2) % 4;
                self.key[n as usize] |= (o.edges[s] as u8) << (2 * opp);
                continue;
            }
            let np = self.placed[ni as usize];
            let no = &t.oriented[np.shape as usize][np.rot as usize];
            let opp = (s + 2) % 4;
            for k in 0..3 {
                let a = o.slots[s * 3 + k];
                let b = no.slots[opp * 3 + (2 - k)];
                if a == NO_SEG || b == NO_SEG {
                    continue;
                }
                self.features
                    .union(Self::seg_id(idx, a), Self::seg_id(ni as usize, b));
            }
            // A road or city side closes one open end on each tile.
            if o.edges[s] != Edge::Field {
                let r = self.features.find(Self::seg_id(idx, o.slots[s * 3 + 1]));
                self.features.close_sides(r);
            }
        }
        // Cloisters around (and on) the new tile.
        self.done_cloisters.clear();
        let (x, y) = xy(c);
        let mut around = 0u8;
        for dy in [GMASK, 0, 1] {
            for dx in [GMASK, 0, 1] {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let n = cell(x.wrapping_add(dx), y.wrapping_add(dy));
                let ni = self.grid[n as usize];
                if ni == EMPTY {
                    continue;
                }
                around += 1;
                let np = self.placed[ni as usize];
                if let Some(cl) = t.shapes[np.shape as usize].cloister {
                    let g = Self::seg_id(ni as usize, cl);
                    if self.features.add_neighbour(g) == 8 {
                        self.done_cloisters.push(g);
                    }
                }
            }
        }
        if let Some(cl) = shape.cloister {
            let g = Self::seg_id(idx, cl);
            self.features.set_neighbours(g, around);
            if around == 8 {
                self.done_cloisters.push(g);
            }
        }
    }

    /// The distinct rotations of a kind that differ as tiles.
    pub fn distinct_rotations(&self, kind: u8) -> u8 {
        self.t.distinct[self.t.kinds[kind as usize].shape as usize]
    }

    /// How many placements [`Game::legal`] lists in the place phase: the fitting distinct
    /// rotations of every frontier cell.
    #[inline]
    pub fn placement_count(&self) -> usize {
        self.frontier
            .iter()
            .map(|&c| self.fits_at(c).count_ones() as usize)
            .sum()
    }

    /// The distinct rotations of the drawn tile that fit frontier cell `cell`, a bit each.
    #[inline(always)]
    pub(super) fn fits_at(&self, cell: u16) -> u8 {
        self.t.fit[self.t.kinds[self.drawn as usize].shape as usize]
            [self.key[cell as usize] as usize]
    }

    /// The `k`-th placement of [`Game::legal`]'s list (`k < placement_count()`), found without
    /// listing the others.
    #[inline]
    pub fn nth_placement(&self, k: usize) -> Action {
        let mut k = k as u32;
        for &cell in &self.frontier {
            let mut m = self.fits_at(cell);
            let c = m.count_ones();
            if k < c {
                for _ in 0..k {
                    m &= m - 1;
                }
                return Action::Place {
                    cell,
                    rot: m.trailing_zeros() as u8,
                };
            }
            k -= c;
        }
        panic!("placement index past the end of the list")
    }

    /// What each local segment of `kind` at (`c`, `rot`) would join, without placing it: fills
    /// the first `segments` entries of `out` (one per local segment) and returns their number.
    /// A feature reached through two local segments is counted for each (an estimate).
    pub fn preview(&self, kind: u8, c: u16, rot: u8, out: &mut Preview) -> usize {
        let t = self.t;
        let shape_i = t.kinds[kind as usize].shape as usize;
        let shape = &t.shapes[shape_i];
        let o = &t.oriented[shape_i][rot as usize];
        let mut extra = [0u16; MAX_SEGS];
        let mut conn = [0u16; MAX_SEGS];
        let n = shape.segs.len();
        for (p, seg) in out.iter_mut().zip(&shape.segs) {
            *p = SegPreview {
                open: seg.sides,
                tiles: 1,
                pennants: seg.pennant as u8,
                ..Default::default()
            };
        }
        for s in 0..4 {
            let ni = self.grid[neighbour(c, s) as usize];
            if ni == EMPTY {
                continue;
            }
            let np = self.placed[ni as usize];
            let no = &t.oriented[np.shape as usize][np.rot as usize];
            let opp = (s + 2) % 4;
            for k in 0..3 {
                let a = o.slots[s * 3 + k];
                let b = no.slots[opp * 3 + (2 - k)];
                if a == NO_SEG || b == NO_SEG {
                    continue;
                }
                let a = a as usize;
                let road_or_city = shape.segs[a].kind != Feature::Field;
                if k == 1 && road_or_city {
                    conn[a] += 1;
                }
                let r = self.root(Self::seg_id(ni as usize, b));
                let p = &mut out[a];
                if p.roots().contains(&r) {
                    continue;
                }
                p.roots[p.n_roots as usize] = r;
                p.n_roots += 1;
                if road_or_city {
                    extra[a] += self.features.open(r) as u16;
                    p.tiles = p.tiles.saturating_add(self.features.tiles(r) as u8);
                    p.pennants += self.features.pennants(r);
                }
                for (mine, theirs) in p.meeples.iter_mut().zip(self.features.meeples(r)) {
                    *mine += theirs;
                }
            }
        }
        for (l, seg) in shape.segs.iter().enumerate() {
            if matches!(seg.kind, Feature::Road | Feature::City) {
                out[l].open = (seg.sides as u16 + extra[l]).saturating_sub(2 * conn[l]) as u8;
            }
        }
        for (l, seg) in shape.segs.iter().enumerate() {
            match seg.kind {
                Feature::Field => {
                    let mut m = seg.cities;
                    while m != 0 {
                        let ci = m.trailing_zeros() as usize;
                        m &= m - 1;
                        out[l].cities += 1;
                        if out[ci].open == 0 {
                            out[l].cities_done += 1;
                        }
                    }
                }
                Feature::Cloister => {
                    out[l].open = self.cloisters_neighbours(c);
                }
                _ => {}
            }
        }
        n
    }

    /// Tiles on the 8 cells around `c`.
    pub fn cloisters_neighbours(&self, c: u16) -> u8 {
        let (x, y) = xy(c);
        let mut around = 0;
        for dy in [GMASK, 0, 1] {
            for dx in [GMASK, 0, 1] {
                if (dx, dy) != (0, 0)
                    && self.grid[cell(x.wrapping_add(dx), y.wrapping_add(dy)) as usize] != EMPTY
                {
                    around += 1;
                }
            }
        }
        around
    }

    /// Cloisters around `c` (not on it): (global segment, neighbouring tiles now).
    pub fn cloisters_around(&self, c: u16) -> ArrayVec<(u16, u8), 8> {
        let mut v = ArrayVec::new();
        let (x, y) = xy(c);
        for dy in [GMASK, 0, 1] {
            for dx in [GMASK, 0, 1] {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let n = cell(x.wrapping_add(dx), y.wrapping_add(dy));
                let ni = self.grid[n as usize];
                if ni == EMPTY {
                    continue;
                }
                let np = self.placed[ni as usize];
                if let Some(cl) = self.t.shapes[np.shape as usize].cloister {
                    let g = Self::seg_id(ni as usize, cl);
                    v.push((g, self.features.open(g)));
                }
            }
        }
        v
    }
}
