//! One game's board: terrain, number tokens and harbors placed on a topology.
//!
//! One game's board: terrain, number tokens and harbor kinds placed on a topology, fixed or
//! shuffled.

use super::bits::HexSet;
use super::ids::*;
use super::topology::{Topology, NONE};

/// How the board of each game is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The map file's own terrain, tokens and harbors, identical in every game.
    Fixed,
    /// Terrain of the land hexes, tokens and harbor kinds shuffled per game.
    /// `red_apart`: 6 and 8 tokens are never on adjacent hexes.
    Random { red_apart: bool },
}

impl BoardKind {
    /// Name used in configs and reports.
    pub fn name(self) -> &'static str {
        match self {
            BoardKind::Fixed => "fixed",
            BoardKind::Random { red_apart: true } => "random",
            BoardKind::Random { red_apart: false } => "random-red-adjacent",
        }
    }
    /// Every accepted name, for error messages.
    pub const NAMES: &'static [&'static str] = &["fixed", "random", "random-red-adjacent"];
    pub fn parse(s: &str) -> Option<BoardKind> {
        match s {
            "fixed" => Some(BoardKind::Fixed),
            "random" => Some(BoardKind::Random { red_apart: true }),
            "random-red-adjacent" => Some(BoardKind::Random { red_apart: false }),
            _ => None,
        }
    }
}

/// A resource hex next to a corner: the hex, its resource's index and its token's pips
/// (`pips == 0`: no such hex; the real ones come first, in `Topology::corner_hexes` order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Yield {
    pub hex: u8,
    pub res: u8,
    pub pips: u8,
}

/// Terrain, tokens and harbors of one game. Read-only while the game runs.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub terrain: [Terrain; MAX_HEXES],
    /// Face value of the token on each hex, 0 for none.
    pub token: [u8; MAX_HEXES],
    /// Harbor at each corner: 0 none, else a [`HarborKind::bit`].
    pub harbor: [u8; MAX_CORNERS],
    /// Producing hexes carrying each face value.
    pub by_number: [HexSet; 13],
    /// Hexes carrying a number token.
    pub tokened: HexSet,
    /// The hexes around each corner with a resource and a token, for the scores the policies
    /// read many times a turn.
    pub corner_yield: [[Yield; 3]; MAX_CORNERS],
    /// Where the robber (Robert) starts and returns: the map's start on a fixed board, the
    /// first desert on a shuffled one.
    pub robber_start: HexId,
}

impl Layout {
    /// The map's own layout.
    pub fn fixed(t: &Topology) -> Layout {
        let mut l = Self::map_terrain(t);
        let mut kinds = [HarborKind::Generic; MAX_CORNERS];
        for (i, hb) in t.harbors.iter().enumerate() {
            kinds[i] = hb.1;
        }
        l.finish(t, &kinds[..t.harbors.len()]);
        l.robber_start = t.robber_start;
        l
    }

    /// A shuffled layout, built without heap allocation. `below(n)` must return a uniform integer
    /// in `0..n`; it is the board's random stream. Land terrains (deserts included) are permuted
    /// over the land hexes, tokens over the producing hexes, harbor kinds over the harbor slots.
    pub fn random(t: &Topology, red_apart: bool, below: &mut impl FnMut(u32) -> u32) -> Layout {
        let mut l = Self::map_terrain(t);
        let mut land = [0u8; MAX_HEXES];
        let mut pool = [Terrain::Sea; MAX_HEXES];
        let mut n_land = 0;
        for h in t.land_hexes.iter() {
            land[n_land] = h as u8;
            pool[n_land] = l.terrain[h];
            n_land += 1;
        }
        shuffle(&mut pool[..n_land], below);
        let mut tokens = [0u8; MAX_HEXES];
        let mut n_tok = 0;
        for h in 0..t.n_hexes {
            if l.token[h] != 0 {
                tokens[n_tok] = l.token[h];
                n_tok += 1;
            }
            l.token[h] = 0;
        }
        let mut producing = [0u8; MAX_HEXES];
        let mut n_prod = 0;
        for i in 0..n_land {
            let h = land[i] as usize;
            l.terrain[h] = pool[i];
            if pool[i].resource().is_some() {
                producing[n_prod] = h as u8;
                n_prod += 1;
            }
        }
        debug_assert_eq!(n_prod, n_tok, "producing hexes and tokens differ");
        // Rejection sampling: on the base map about one shuffle in five keeps 6s and 8s apart;
        // the bound only matters for a map where it is impossible (then the last try stands).
        for _attempt in 0..10_000 {
            shuffle(&mut tokens[..n_tok], below);
            for i in 0..n_prod {
                l.token[producing[i] as usize] = tokens[i];
            }
            if !red_apart || !reds_adjacent(t, &l.token) {
                break;
            }
        }
        let mut kinds = [HarborKind::Generic; MAX_CORNERS];
        for (i, hb) in t.harbors.iter().enumerate() {
            kinds[i] = hb.1;
        }
        shuffle(&mut kinds[..t.harbors.len()], below);
        l.finish(t, &kinds[..t.harbors.len()]);
        l.robber_start = (0..t.n_hexes)
            .find(|&h| l.terrain[h] == Terrain::Desert)
            .map_or(t.robber_start, |h| HexId(h as u8));
        l
    }

    /// The map's terrain and tokens, before the derived tables.
    fn map_terrain(t: &Topology) -> Layout {
        let mut l = Self::empty();
        for (h, spec) in t.hex_spec.iter().enumerate() {
            l.terrain[h] = spec.terrain;
            l.token[h] = spec.token.unwrap_or(0);
        }
        l
    }

    fn empty() -> Layout {
        Layout {
            terrain: [Terrain::Sea; MAX_HEXES],
            token: [0; MAX_HEXES],
            harbor: [0; MAX_CORNERS],
            by_number: [HexSet::EMPTY; 13],
            tokened: HexSet::EMPTY,
            corner_yield: [[Yield::default(); 3]; MAX_CORNERS],
            robber_start: HexId(0),
        }
    }

    /// Fills the derived tables from terrain, tokens and the harbor kinds per slot.
    fn finish(&mut self, t: &Topology, kinds: &[HarborKind]) {
        self.by_number = [HexSet::EMPTY; 13];
        self.tokened = HexSet::EMPTY;
        self.harbor = [0; MAX_CORNERS];
        for h in 0..t.n_hexes {
            if self.token[h] != 0 {
                self.by_number[self.token[h] as usize].insert(h);
                self.tokened.insert(h);
            }
        }
        for ((cs, _), kind) in t.harbors.iter().zip(kinds) {
            for c in cs {
                self.harbor[c.idx()] = kind.bit();
            }
        }
        self.corner_yield = [[Yield::default(); 3]; MAX_CORNERS];
        for (c, hexes) in t.corner_hexes.iter().enumerate() {
            let mut k = 0;
            for &h in hexes {
                if h == NONE {
                    continue;
                }
                let pips = pips(self.token[h as usize]);
                if let (Some(r), true) = (self.terrain[h as usize].resource(), pips > 0) {
                    self.corner_yield[c][k] = Yield {
                        hex: h,
                        res: r.idx() as u8,
                        pips,
                    };
                    k += 1;
                }
            }
        }
    }

    /// Pips of the token on a hex (0 without one).
    #[inline(always)]
    pub fn pips(&self, h: HexId) -> u8 {
        pips(self.token[h.idx()])
    }
}

fn reds_adjacent(t: &Topology, tokens: &[u8]) -> bool {
    let red = |n: u8| n == 6 || n == 8;
    (0..t.n_hexes).any(|h| red(tokens[h]) && t.hex_neighbor_set[h].iter().any(|j| red(tokens[j])))
}

fn shuffle<T>(v: &mut [T], below: &mut impl FnMut(u32) -> u32) {
    for i in (1..v.len()).rev() {
        let j = below(i as u32 + 1) as usize;
        v.swap(i, j);
    }
}
