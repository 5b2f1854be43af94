//! The feature graph: a union-find over the placed tiles' segments.
//!
//! The feature graph: a union-find over the placed tiles' segments whose roots hold each road,
//! city, cloister and field's record (open sides, tiles, pennants, followers).

use super::tiles::{Feature, Segment, MAX_SEGS, MAX_TILES};

/// Seats at most.
pub const MAX_PLAYERS: usize = 5;
/// Segments of a full board, by global id = placed index * MAX_SEGS + local index.
const NSEG: usize = MAX_TILES * MAX_SEGS;

/// Every feature on the board. Each placed segment starts as a feature of its own and is joined
/// to the features it touches; a root's record sums its segments'. Fixed-size: a segment is
/// (re)initialised when its tile is placed, so a new game in the same allocation clears nothing.
#[derive(Clone)]
pub(super) struct Features {
    parent: Box<[u16; NSEG]>,
    /// Roots of roads and cities: open sides; cloisters: neighbouring tiles (0..=8).
    open: Box<[u8; NSEG]>,
    /// Roots: the tiles (a bit per placed index).
    tiles: Box<[u128; NSEG]>,
    pennants: Box<[u8; NSEG]>,
    kind: Box<[Feature; NSEG]>,
    /// Roots: followers per player on the feature.
    meeples: Box<[[u8; MAX_PLAYERS]; NSEG]>,
}

impl Features {
    pub(super) fn new() -> Features {
        Features {
            parent: Box::new([0; NSEG]),
            open: Box::new([0; NSEG]),
            tiles: Box::new([0; NSEG]),
            pennants: Box::new([0; NSEG]),
            kind: Box::new([Feature::Field; NSEG]),
            meeples: Box::new([[0; MAX_PLAYERS]; NSEG]),
        }
    }

    /// Becomes `src` on its first `segs` segments (those of the placed tiles; the rest are set
    /// afresh as tiles are placed), copying nothing else.
    pub(super) fn copy_prefix(&mut self, src: &Features, segs: usize) {
        self.parent[..segs].copy_from_slice(&src.parent[..segs]);
        self.open[..segs].copy_from_slice(&src.open[..segs]);
        self.tiles[..segs].copy_from_slice(&src.tiles[..segs]);
        self.pennants[..segs].copy_from_slice(&src.pennants[..segs]);
        self.kind[..segs].copy_from_slice(&src.kind[..segs]);
        self.meeples[..segs].copy_from_slice(&src.meeples[..segs]);
    }

    /// Segment `g` of placed tile `tile` becomes a feature of its own.
    #[inline]
    pub(super) fn add(&mut self, g: u16, seg: &Segment, tile: usize) {
        let g = g as usize;
        self.parent[g] = g as u16;
        self.open[g] = seg.sides;
        self.tiles[g] = 1u128 << tile;
        self.pennants[g] = seg.pennant as u8;
        self.kind[g] = seg.kind;
        self.meeples[g] = [0; MAX_PLAYERS];
    }

    /// Union-find root (read-only, no compression).
    #[inline]
    pub(super) fn root(&self, mut s: u16) -> u16 {
        while self.parent[s as usize] != s {
            s = self.parent[s as usize];
        }
        s
    }

    /// Union-find root, halving the path on the way.
    #[inline]
    pub(super) fn find(&mut self, mut s: u16) -> u16 {
        while self.parent[s as usize] != s {
            let p = self.parent[s as usize];
            self.parent[s as usize] = self.parent[p as usize];
            s = p;
        }
        s
    }

    /// Joins two segments' features (sums open ends, tiles, pennants, followers).
    pub(super) fn union(&mut self, a: u16, b: u16) {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra == rb {
            return;
        }
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let (k, g) = (keep as usize, gone as usize);
        self.parent[g] = keep;
        self.open[k] += self.open[g];
        self.tiles[k] |= self.tiles[g];
        self.pennants[k] += self.pennants[g];
        for p in 0..MAX_PLAYERS {
            self.meeples[k][p] += self.meeples[g][p];
        }
    }

    /// Feature of a segment (any segment of it, or its root).
    #[inline]
    pub(super) fn kind(&self, s: u16) -> Feature {
        self.kind[s as usize]
    }

    /// Root `r`'s open sides (a road or city) or neighbouring tiles (a cloister).
    #[inline]
    pub(super) fn open(&self, r: u16) -> u8 {
        self.open[r as usize]
    }

    /// Root `r`'s distinct tiles.
    #[inline]
    pub(super) fn tiles(&self, r: u16) -> u32 {
        self.tiles[r as usize].count_ones()
    }

    /// Root `r`'s pennants.
    #[inline]
    pub(super) fn pennants(&self, r: u16) -> u8 {
        self.pennants[r as usize]
    }

    /// Root `r`'s followers per player.
    #[inline]
    pub(super) fn meeples(&self, r: u16) -> &[u8; MAX_PLAYERS] {
        &self.meeples[r as usize]
    }

    /// A road or city side of root `r` meets a tile: one open end less on each side of it.
    #[inline]
    pub(super) fn close_sides(&mut self, r: u16) {
        self.open[r as usize] -= 2;
    }

    /// One tile more around cloister segment `g`; returns how many there are now.
    #[inline]
    pub(super) fn add_neighbour(&mut self, g: u16) -> u8 {
        self.open[g as usize] += 1;
        self.open[g as usize]
    }

    /// Cloister segment `g` has `n` tiles around it.
    #[inline]
    pub(super) fn set_neighbours(&mut self, g: u16, n: u8) {
        self.open[g as usize] = n;
    }

    /// Player `p` puts a follower on root `r`.
    #[inline]
    pub(super) fn add_follower(&mut self, r: u16, p: u8) {
        self.meeples[r as usize][p as usize] += 1;
    }

    /// `n` of player `p`'s followers leave root `r`.
    #[inline]
    pub(super) fn remove_followers(&mut self, r: u16, p: u8, n: u8) {
        self.meeples[r as usize][p as usize] -= n;
    }
}
