//! Tile data: shapes, kinds and the rotation and edge-fit tables built from them.
//!
//! Tile data: shapes, kinds and the rotation and edge-fit tables built once from them (the file
//! format is `carcassonne::tilefile`).

/// Most segments (features) on one tile type.
pub const MAX_SEGS: usize = 10;
/// Most tile kinds (base types plus robber kinds).
pub const MAX_KINDS: usize = 40;
/// Most tiles in one game (start tile included).
pub const MAX_TILES: usize = 96;
/// "No segment" in a slot table.
pub const NO_SEG: u8 = 0xFF;

/// Side order everywhere: North, East, South, West (clockwise).
pub const SIDES: [char; 4] = ['N', 'E', 'S', 'W'];

/// What a side shows. Codes 1..3 so that 0 can mean "no constraint" in a fit key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Edge {
    City = 1,
    Road = 2,
    Field = 3,
}

/// A feature segment's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Feature {
    Road = 0,
    City = 1,
    Field = 2,
    Cloister = 3,
}

impl Feature {
    pub fn name(self) -> &'static str {
        match self {
            Feature::Road => "road",
            Feature::City => "city",
            Feature::Field => "field",
            Feature::Cloister => "cloister",
        }
    }
}

/// One feature segment of a tile type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub kind: Feature,
    pub pennant: bool,
    /// Sides a road or city reaches (its open ends on a lone tile); 0 for fields and cloisters.
    pub sides: u8,
    /// Fields: bit `i` set when the field touches local segment `i` (a city).
    pub cities: u16,
}

/// A tile type (unrotated).
#[derive(Clone, Debug)]
pub struct Shape {
    pub name: String,
    pub count: u8,
    pub edges: [Edge; 4],
    pub segs: Vec<Segment>,
    /// Slot `side * 3 + k` → local segment (`NO_SEG` for a field side's middle). Slots run
    /// clockwise along each side: k = 0 first half, 1 middle (a road), 2 second half.
    pub slots: [u8; 12],
    /// Local index of the cloister segment, if any.
    pub cloister: Option<u8>,
}

/// A tile as it can be drawn: a shape, with or without the robber symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    pub shape: u8,
    pub robber: bool,
    pub count: u8,
}

/// A shape turned `rot` quarter turns clockwise.
#[derive(Clone, Copy, Debug)]
pub struct Oriented {
    pub slots: [u8; 12],
    pub edges: [Edge; 4],
    /// 2 bits per side (N low): the edge codes.
    pub sig: u8,
}

/// Why checked shapes do not make a tile set: more than the fixed-size game state holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TileSetError {
    #[error("{0} tile kinds; at most {MAX_KINDS}")]
    TooManyKinds(usize),
    #[error("{0} tiles in all; at most {MAX_TILES}")]
    TooManyTiles(usize),
}

/// The parsed tile file: shapes, kinds (base kinds first: kind `i < shapes.len()` is shape `i`
/// without the robber symbol; robber kinds follow), and the tables the game loop reads.
#[derive(Clone, Debug)]
pub struct TileSet {
    pub shapes: Vec<Shape>,
    pub kinds: Vec<Kind>,
    pub start_shape: u8,
    pub oriented: Vec<[Oriented; 4]>,
    /// Per shape, per fit key (2 bits per side: 0 free, else the edge code the neighbour needs):
    /// the mask of distinct rotations that fit.
    pub fit: Vec<[u8; 256]>,
    /// Per shape: the mask of distinct rotations (rotations giving the same tile dropped).
    pub distinct: Vec<u8>,
    /// The SHA-256 of the tile file it was read from (`None`: the built-in base set, fixed by
    /// the build): part of a row's settings key, so two files' games never share one.
    pub source_sha256: Option<String>,
}

fn rotate(slots: &[u8; 12], edges: &[Edge; 4], rot: usize) -> Oriented {
    let mut o = Oriented {
        slots: [NO_SEG; 12],
        edges: *edges,
        sig: 0,
    };
    for s in 0..4 {
        let from = (s + 4 - rot) % 4;
        o.edges[s] = edges[from];
        o.slots[s * 3..s * 3 + 3].copy_from_slice(&slots[from * 3..from * 3 + 3]);
        o.sig |= (o.edges[s] as u8) << (2 * s);
    }
    o
}

/// A rotation-independent description of an oriented tile, to spot rotations that give the same
/// tile: segments relabelled in order of first appearance, with their attributes.
fn canonical(shape: &Shape, o: &Oriented) -> Vec<u32> {
    let mut label = [NO_SEG; MAX_SEGS];
    let mut next = 0u8;
    let mut out = Vec::new();
    for &s in &o.slots {
        if s == NO_SEG {
            out.push(u32::MAX);
            continue;
        }
        if label[s as usize] == NO_SEG {
            label[s as usize] = next;
            next += 1;
        }
        let seg = shape.segs[s as usize];
        out.push(((label[s as usize] as u32) << 8) | ((seg.kind as u32) << 1) | seg.pennant as u32);
    }
    // Field-to-city links, by label (sorted: local order is not rotation-independent).
    let mut links = Vec::new();
    for (i, seg) in shape.segs.iter().enumerate() {
        if seg.kind == Feature::Field && label[i] != NO_SEG {
            let mut m = 0u32;
            for (c, &lc) in label.iter().enumerate() {
                if seg.cities & (1 << c) != 0 && lc != NO_SEG {
                    m |= 1 << lc;
                }
            }
            links.push(((label[i] as u32) << 16) | m);
        }
    }
    links.sort_unstable();
    out.extend(links);
    out
}

impl TileSet {
    /// Builds the tables the game reads from checked shapes: base kinds (shape `i` without the
    /// robber symbol) first, then `robber_kinds` as (shape, count).
    ///
    /// # Errors
    /// [`TileSetError`]: more kinds or tiles than the fixed-size game state holds.
    pub fn build(
        shapes: Vec<Shape>,
        start_shape: usize,
        robber_kinds: &[(u8, u8)],
    ) -> Result<TileSet, TileSetError> {
        let mut kinds: Vec<Kind> = shapes
            .iter()
            .enumerate()
            .map(|(i, s)| Kind {
                shape: i as u8,
                robber: false,
                count: s.count,
            })
            .collect();
        for &(shape, count) in robber_kinds {
            kinds.push(Kind {
                shape,
                robber: true,
                count,
            });
        }
        if kinds.len() > MAX_KINDS {
            return Err(TileSetError::TooManyKinds(kinds.len()));
        }
        let total: usize = kinds.iter().map(|k| k.count as usize).sum();
        if total > MAX_TILES {
            return Err(TileSetError::TooManyTiles(total));
        }
        let mut oriented = Vec::new();
        let mut fit = Vec::new();
        let mut distinct = Vec::new();
        for s in &shapes {
            let o: [Oriented; 4] = std::array::from_fn(|r| rotate(&s.slots, &s.edges, r));
            let canon: Vec<Vec<u32>> = o.iter().map(|x| canonical(s, x)).collect();
            let mut d = 0u8;
            for r in 0..4 {
                if !(0..r).any(|q| canon[q] == canon[r]) {
                    d |= 1 << r;
                }
            }
            let mut table = [0u8; 256];
            for (key, slot) in table.iter_mut().enumerate() {
                for (r, or) in o.iter().enumerate() {
                    if d & (1 << r) == 0 {
                        continue;
                    }
                    let ok = (0..4).all(|side| {
                        let need = (key >> (2 * side)) & 3;
                        need == 0 || need == or.edges[side] as usize
                    });
                    if ok {
                        *slot |= 1 << r;
                    }
                }
            }
            oriented.push(o);
            fit.push(table);
            distinct.push(d);
        }
        Ok(TileSet {
            shapes,
            kinds,
            start_shape: start_shape as u8,
            oriented,
            fit,
            distinct,
            source_sha256: None,
        })
    }

    /// Tiles of every kind, robber tiles included.
    /// `n` robber tiles dealt over the robber kinds in turn: one of each kind the file has, then
    /// one of each kind it has two of, and so on, starting again from the first once every
    /// file tile is dealt (the base set's 8: U V W D J K U V; 4: U V W D; 12: the 8 and U V W D).
    /// Counts per kind (0 for the base kinds).
    pub fn robber_counts(&self, n: u8) -> [u8; MAX_KINDS] {
        let mut out = [0u8; MAX_KINDS];
        let most = self
            .kinds
            .iter()
            .filter(|k| k.robber)
            .map(|k| k.count)
            .max()
            .unwrap_or(0);
        let mut left = n;
        while left > 0 && most > 0 {
            for round in 0..most {
                for (i, k) in self.kinds.iter().enumerate() {
                    if k.robber && k.count > round && left > 0 {
                        out[i] += 1;
                        left -= 1;
                    }
                }
            }
        }
        out
    }

    pub fn total(&self, robbers: bool) -> usize {
        self.kinds
            .iter()
            .filter(|k| robbers || !k.robber)
            .map(|k| k.count as usize)
            .sum()
    }

    /// Name of a kind: the shape's letter, with `*` for the robber symbol.
    pub fn kind_name(&self, kind: u8) -> String {
        let k = self.kinds[kind as usize];
        let n = &self.shapes[k.shape as usize].name;
        if k.robber {
            format!("{n}*")
        } else {
            n.clone()
        }
    }
}
