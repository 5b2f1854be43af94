//! Board topology derived once from a map's hex coordinates: the read-only tables the rules index.

use super::bits::{CornerSet, EdgeSet, HexSet};
use super::ids::*;
use std::collections::HashMap;

/// Marks an empty slot in the fixed-size adjacency rows below.
pub const NONE: u8 = u8::MAX;

/// Axial directions (pointy-top hexes), clockwise from east.
pub const AXIAL_DIRS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// A hex as listed in a map: axial coordinates, terrain and token (face value 2..12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexSpec {
    pub q: i8,
    pub r: i8,
    pub terrain: Terrain,
    pub token: Option<u8>,
    /// Land area (island) index into [`MapSpec::areas`] plus one; 0 for none (and for sea).
    pub area: u8,
    /// A raider (starting) desert of The Raiders of Catan.
    pub raiders: bool,
}

/// A harbor: the coast edge on `side` (0..6, clockwise from the top-right edge) of land hex `(q, r)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HarborSpec {
    pub q: i8,
    pub r: i8,
    pub side: u8,
    pub kind: HarborKind,
}

/// A validated map description, independent of any file format.
#[derive(Clone, Debug, PartialEq)]
pub struct MapSpec {
    pub name: String,
    pub hexes: Vec<HexSpec>,
    pub harbors: Vec<HarborSpec>,
    /// Where the robber starts; `None` means the first desert.
    pub robber: Option<(i8, i8)>,
    /// Names of the land areas (islands) that hexes name; `HexSpec::area` indexes it plus one.
    pub areas: Vec<String>,
    /// The area where set-up settlements go (an index into `areas` plus one); 0: anywhere.
    pub home: u8,
}

/// Why a map cannot be turned into a topology.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum MapError {
    #[error("hex ({0}, {1}) is listed twice")]
    DuplicateHex(i8, i8),
    #[error("the map has {0} hexes; at most {MAX_HEXES} are supported")]
    TooManyHexes(usize),
    #[error("the map derives {0} corners; at most {MAX_CORNERS} are supported")]
    TooManyCorners(usize),
    #[error("the map derives {0} edges; at most {MAX_EDGES} are supported")]
    TooManyEdges(usize),
    #[error("harbor on hex ({0}, {1}): no such land hex in the map")]
    HarborHexMissing(i8, i8),
    #[error("harbor on hex ({0}, {1}) side {2}: side must be 0..=5")]
    HarborSide(i8, i8, u8),
    #[error("harbor on hex ({0}, {1}) side {2} is not on the coast (the neighbour there is land)")]
    HarborNotCoast(i8, i8, u8),
    #[error("two harbors share a corner (hex ({0}, {1}) side {2})")]
    HarborOverlap(i8, i8, u8),
    #[error("hex ({0}, {1}) ({2}): token {3} is not a number 2..=12 other than 7")]
    BadToken(i8, i8, &'static str, u8),
    #[error("hex ({0}, {1}) ({2}) must have a number token")]
    MissingToken(i8, i8, &'static str),
    #[error("hex ({0}, {1}) ({2}) cannot carry a number token")]
    UnexpectedToken(i8, i8, &'static str),
    #[error("robber start ({0}, {1}) is not a land hex of the map")]
    RobberNotLand(i8, i8),
    #[error("the map has no desert and names no robber start")]
    NoRobberStart,
    #[error("the map has no land hex")]
    NoLand,
    #[error(
        "hex ({0}, {1}) ({2}) is marked raiders = true; only desert hexes can be raider deserts"
    )]
    RaidersNotDesert(i8, i8, &'static str),
    #[error("hex ({0}, {1}) is a raider desert outside the home area; raider deserts must be on the home island")]
    RaidersNotHome(i8, i8),
    #[error("the map marks {0} raider deserts; at most {MAX_RAIDER_DESERTS} are supported")]
    TooManyRaiderDeserts(usize),
}

/// Read-only adjacency tables for one map shape.
#[derive(Clone, Debug)]
pub struct Topology {
    pub name: String,
    pub n_hexes: usize,
    pub n_corners: usize,
    pub n_edges: usize,
    pub hex_coord: Vec<(i8, i8)>,
    /// The map's own terrain and token per hex (the fixed layout).
    pub hex_spec: Vec<HexSpec>,
    /// Corners of each hex, clockwise from the top; all six always exist.
    pub hex_corners: Vec<[CornerId; 6]>,
    /// Edges of each hex: edge `k` joins corners `k` and `k + 1`.
    pub hex_edges: Vec<[EdgeId; 6]>,
    /// Neighbouring hexes listed in the map, by axial direction (`NONE` where there is none).
    pub hex_neighbors: Vec<[u8; 6]>,
    pub hex_neighbor_set: Vec<HexSet>,
    /// The six corners of each hex as a set (for "a building on this hex" tests).
    pub hex_corner_set: Vec<CornerSet>,
    /// Hex steps between two hexes (axial distance), `n_hexes * n_hexes`.
    pub hex_dist: Vec<u8>,
    /// Hexes touching each corner (`NONE`-padded).
    pub corner_hexes: Vec<[u8; 3]>,
    pub corner_neighbors: Vec<[u8; 3]>,
    pub corner_edges: Vec<[u8; 3]>,
    /// Each corner with its neighbours: what a building there blocks under the distance rule.
    pub corner_block: Vec<CornerSet>,
    pub corner_edge_set: Vec<EdgeSet>,
    pub edge_corners: Vec<[CornerId; 2]>,
    pub edge_hexes: Vec<[u8; 2]>,
    /// Corners touching at least one land hex: where buildings may stand.
    pub land_corners: CornerSet,
    /// Edges touching at least one land hex: where roads may stand.
    pub land_edges: EdgeSet,
    pub land_hexes: HexSet,
    /// Harbor slots: the two corners of the coast edge and the map's kind.
    pub harbors: Vec<([CornerId; 2], HarborKind)>,
    /// The robber's (and Robert's) start hex.
    pub robber_start: HexId,
    /// Area index (plus one, 0 none) of each hex, into `area_names`.
    pub hex_area: Vec<u8>,
    pub area_names: Vec<String>,
    /// Corners touching a land hex of the home area (every land corner when the map names none).
    pub home_corners: CornerSet,
    /// Edges with sea on at least one side (a sea hex or the outside of the map): ship spots.
    pub sea_edges: EdgeSet,
    /// Land corners at the end of a sea edge: the coast.
    pub coast_corners: CornerSet,
    /// Corners touching a volcano hex.
    pub volcano_corners: CornerSet,
    /// Raider (starting) deserts, as a set and in map order; `desert_ordinal` maps a hex to its
    /// place in that order (`NONE` for other hexes).
    pub raider_deserts: HexSet,
    pub raider_desert_list: Vec<HexId>,
    pub desert_ordinal: Vec<u8>,
    /// The SHA-256 of the map file it was built from (`None`: a built-in map, fixed by the
    /// build): part of a row's settings key, so two files' games never share one.
    pub source_sha256: Option<String>,
}

fn corner_point(q: i8, r: i8, k: usize) -> (i32, i32) {
    // Pointy-top hex centre in units of (sqrt(3)/2, 1/2): x = 2q + r, y = 3r.
    // Corner k clockwise from the top.
    const OFF: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];
    let (x, y) = (2 * q as i32 + r as i32, 3 * r as i32);
    (x + OFF[k].0, y + OFF[k].1)
}

/// Side `k` of a hex (edge between corners k and k+1) faces this axial direction index.
const SIDE_DIR: [usize; 6] = [5, 0, 1, 2, 3, 4];

impl Topology {
    /// Derives every table from a map.
    ///
    /// # Errors
    /// A [`MapError`] naming the first hex, harbor or limit that is wrong.
    pub fn build(spec: &MapSpec) -> Result<Topology, MapError> {
        let n = spec.hexes.len();
        if n > MAX_HEXES {
            return Err(MapError::TooManyHexes(n));
        }
        let mut by_coord: HashMap<(i8, i8), usize> = HashMap::new();
        for (i, h) in spec.hexes.iter().enumerate() {
            if by_coord.insert((h.q, h.r), i).is_some() {
                return Err(MapError::DuplicateHex(h.q, h.r));
            }
            let name = h.terrain.name();
            match (h.terrain.takes_token(), h.token) {
                (true, None) => return Err(MapError::MissingToken(h.q, h.r, name)),
                (false, Some(_)) => return Err(MapError::UnexpectedToken(h.q, h.r, name)),
                (true, Some(t)) if pips(t) == 0 => {
                    return Err(MapError::BadToken(h.q, h.r, name, t))
                }
                _ => {}
            }
            if h.raiders && h.terrain != Terrain::Desert {
                return Err(MapError::RaidersNotDesert(h.q, h.r, name));
            }
            if h.raiders && spec.home != 0 && h.area != spec.home {
                return Err(MapError::RaidersNotHome(h.q, h.r));
            }
        }
        let raider_desert_list: Vec<HexId> = (0..n)
            .filter(|&i| spec.hexes[i].raiders)
            .map(|i| HexId(i as u8))
            .collect();
        if raider_desert_list.len() > MAX_RAIDER_DESERTS {
            return Err(MapError::TooManyRaiderDeserts(raider_desert_list.len()));
        }
        if !spec.hexes.iter().any(|h| h.terrain.is_land()) {
            return Err(MapError::NoLand);
        }
        let mut corner_ids: HashMap<(i32, i32), u8> = HashMap::new();
        let mut corner_hexes: Vec<[u8; 3]> = Vec::new();
        let mut hex_corners = Vec::with_capacity(n);
        for (i, h) in spec.hexes.iter().enumerate() {
            let mut cs = [CornerId(0); 6];
            for (k, c) in cs.iter_mut().enumerate() {
                let p = corner_point(h.q, h.r, k);
                let next = corner_ids.len();
                let id = *corner_ids.entry(p).or_insert(next.min(255) as u8);
                if id as usize == corner_hexes.len() {
                    corner_hexes.push([NONE; 3]);
                }
                let row = &mut corner_hexes[id as usize];
                let slot = row
                    .iter()
                    .position(|&x| x == NONE)
                    .expect("a corner has 3 hexes");
                row[slot] = i as u8;
                *c = CornerId(id);
            }
            hex_corners.push(cs);
        }
        let n_corners = corner_ids.len();
        if n_corners > MAX_CORNERS {
            return Err(MapError::TooManyCorners(n_corners));
        }
        let mut edge_ids: HashMap<(u8, u8), u8> = HashMap::new();
        let mut edge_corners = Vec::new();
        let mut edge_hexes: Vec<[u8; 2]> = Vec::new();
        let mut hex_edges = Vec::with_capacity(n);
        for (i, cs) in hex_corners.iter().enumerate() {
            let mut es = [EdgeId(0); 6];
            for k in 0..6 {
                let (a, b) = (cs[k].0, cs[(k + 1) % 6].0);
                let key = (a.min(b), a.max(b));
                let next = edge_ids.len();
                let id = *edge_ids.entry(key).or_insert(next.min(255) as u8);
                if id as usize == edge_corners.len() {
                    edge_corners.push([CornerId(key.0), CornerId(key.1)]);
                    edge_hexes.push([NONE; 2]);
                }
                let row = &mut edge_hexes[id as usize];
                if row[0] == NONE {
                    row[0] = i as u8;
                } else {
                    row[1] = i as u8;
                }
                es[k] = EdgeId(id);
            }
            hex_edges.push(es);
        }
        let n_edges = edge_ids.len();
        if n_edges > MAX_EDGES {
            return Err(MapError::TooManyEdges(n_edges));
        }
        let mut corner_neighbors = vec![[NONE; 3]; n_corners];
        let mut corner_edges = vec![[NONE; 3]; n_corners];
        for (e, [a, b]) in edge_corners.iter().enumerate() {
            for (x, y) in [(a, b), (b, a)] {
                let row = &mut corner_neighbors[x.idx()];
                let slot = row.iter().position(|&v| v == NONE).expect("degree <= 3");
                row[slot] = y.0;
                let row = &mut corner_edges[x.idx()];
                row[slot] = e as u8;
            }
        }
        let corner_block = (0..n_corners)
            .map(|c| {
                let mut s = CornerSet::EMPTY;
                s.insert(c);
                corner_neighbors[c]
                    .iter()
                    .filter(|&&x| x != NONE)
                    .for_each(|&x| s.insert(x as usize));
                s
            })
            .collect();
        let corner_edge_set = corner_edges
            .iter()
            .map(|row| {
                row.iter()
                    .filter(|&&x| x != NONE)
                    .map(|&x| x as usize)
                    .collect()
            })
            .collect();
        let is_land = |h: u8| h != NONE && spec.hexes[h as usize].terrain.is_land();
        let land_corners: CornerSet = (0..n_corners)
            .filter(|&c| corner_hexes[c].iter().any(|&h| is_land(h)))
            .collect();
        let land_edges = (0..n_edges)
            .filter(|&e| edge_hexes[e].iter().any(|&h| is_land(h)))
            .collect();
        let land_hexes = (0..n).filter(|&h| is_land(h as u8)).collect();
        let mut hex_neighbors = vec![[NONE; 6]; n];
        let mut hex_neighbor_set = vec![HexSet::EMPTY; n];
        for (i, h) in spec.hexes.iter().enumerate() {
            for (d, (dq, dr)) in AXIAL_DIRS.iter().enumerate() {
                if let Some(&j) = by_coord.get(&(h.q + dq, h.r + dr)) {
                    hex_neighbors[i][d] = j as u8;
                    hex_neighbor_set[i].insert(j);
                }
            }
        }
        let mut hex_dist = vec![0u8; n * n];
        for (i, a) in spec.hexes.iter().enumerate() {
            for (j, b) in spec.hexes.iter().enumerate() {
                let (dq, dr) = (a.q as i32 - b.q as i32, a.r as i32 - b.r as i32);
                hex_dist[i * n + j] = ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u8;
            }
        }
        let mut harbors = Vec::new();
        let mut harbor_corners = CornerSet::EMPTY;
        for hb in &spec.harbors {
            let &i = by_coord
                .get(&(hb.q, hb.r))
                .filter(|&&i| spec.hexes[i].terrain.is_land())
                .ok_or(MapError::HarborHexMissing(hb.q, hb.r))?;
            if hb.side > 5 {
                return Err(MapError::HarborSide(hb.q, hb.r, hb.side));
            }
            let (dq, dr) = AXIAL_DIRS[SIDE_DIR[hb.side as usize]];
            if let Some(&j) = by_coord.get(&(hb.q + dq, hb.r + dr)) {
                if spec.hexes[j].terrain.is_land() {
                    return Err(MapError::HarborNotCoast(hb.q, hb.r, hb.side));
                }
            }
            let k = hb.side as usize;
            let cs = [hex_corners[i][k], hex_corners[i][(k + 1) % 6]];
            for c in cs {
                if harbor_corners.contains(c.idx()) {
                    return Err(MapError::HarborOverlap(hb.q, hb.r, hb.side));
                }
                harbor_corners.insert(c.idx());
            }
            harbors.push((cs, hb.kind));
        }
        let robber_start = match spec.robber {
            Some((q, r)) => by_coord
                .get(&(q, r))
                .filter(|&&i| spec.hexes[i].terrain.is_land())
                .copied()
                .ok_or(MapError::RobberNotLand(q, r))?,
            None => spec
                .hexes
                .iter()
                .position(|h| h.terrain == Terrain::Desert)
                .ok_or(MapError::NoRobberStart)?,
        };
        let is_sea = |h: u8| h == NONE || !spec.hexes[h as usize].terrain.is_land();
        let sea_edges: EdgeSet = (0..n_edges)
            .filter(|&e| edge_hexes[e].iter().any(|&h| is_sea(h)))
            .collect();
        let mut coast_corners = CornerSet::EMPTY;
        for e in sea_edges.iter() {
            for c in edge_corners[e] {
                if land_corners.contains(c.idx()) {
                    coast_corners.insert(c.idx());
                }
            }
        }
        let touches = |c: usize, f: &dyn Fn(&HexSpec) -> bool| {
            corner_hexes[c]
                .iter()
                .any(|&h| h != NONE && f(&spec.hexes[h as usize]))
        };
        let home_corners = (0..n_corners)
            .filter(|&c| {
                touches(c, &|h| {
                    h.terrain.is_land() && (spec.home == 0 || h.area == spec.home)
                })
            })
            .collect();
        let volcano_corners = (0..n_corners)
            .filter(|&c| touches(c, &|h| h.terrain == Terrain::Volcano))
            .collect();
        let mut desert_ordinal = vec![NONE; n];
        for (k, h) in raider_desert_list.iter().enumerate() {
            desert_ordinal[h.idx()] = k as u8;
        }
        Ok(Topology {
            hex_area: spec.hexes.iter().map(|h| h.area).collect(),
            area_names: spec.areas.clone(),
            home_corners,
            sea_edges,
            coast_corners,
            volcano_corners,
            raider_deserts: raider_desert_list.iter().map(|h| h.idx()).collect(),
            raider_desert_list,
            desert_ordinal,
            name: spec.name.clone(),
            n_hexes: n,
            n_corners,
            n_edges,
            hex_corner_set: hex_corners
                .iter()
                .map(|cs| cs.iter().map(|c| c.idx()).collect())
                .collect(),
            hex_coord: spec.hexes.iter().map(|h| (h.q, h.r)).collect(),
            hex_spec: spec.hexes.clone(),
            hex_corners,
            hex_edges,
            hex_neighbors,
            hex_neighbor_set,
            hex_dist,
            corner_hexes,
            corner_neighbors,
            corner_edges,
            corner_block,
            corner_edge_set,
            edge_corners,
            edge_hexes,
            land_corners,
            land_edges,
            land_hexes,
            harbors,
            robber_start: HexId(robber_start as u8),
            source_sha256: None,
        })
    }

    /// The name of the area (island) hex `h` belongs to, if the map names one.
    pub fn area_name(&self, h: usize) -> Option<&str> {
        let a = self.hex_area[h];
        (a != 0).then(|| self.area_names[a as usize - 1].as_str())
    }

    /// Hex steps between two hexes.
    #[inline(always)]
    pub fn dist(&self, a: HexId, b: HexId) -> u8 {
        self.hex_dist[a.idx() * self.n_hexes + b.idx()]
    }

    /// Degree of a corner (number of edges meeting there).
    pub fn corner_degree(&self, c: CornerId) -> usize {
        self.corner_edges[c.idx()]
            .iter()
            .filter(|&&e| e != NONE)
            .count()
    }
}
