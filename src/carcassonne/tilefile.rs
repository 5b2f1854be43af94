//! The tile file (`configs/tiles/carcassonne-tiles.toml`) parsed and checked.
//!
//! The tile file (`configs/tiles/carcassonne-tiles.toml`): TOML parsed and checked into the kernel's
//! `TileSet`.

use crate::carcassonne::kernel::tiles::{
    Edge, Feature, Segment, Shape, TileSet, MAX_SEGS, NO_SEG, SIDES,
};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FieldFile {
    at: Vec<String>,
    #[serde(default)]
    cities: Vec<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileFile {
    name: String,
    count: u32,
    edges: String,
    #[serde(default)]
    cities: Vec<String>,
    #[serde(default)]
    pennant: bool,
    #[serde(default)]
    roads: Vec<String>,
    #[serde(default)]
    cloister: bool,
    #[serde(default)]
    fields: Vec<FieldFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RobberFile {
    shape: String,
    count: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TilesFile {
    start: String,
    tile: Vec<TileFile>,
    #[serde(default)]
    robber_tile: Vec<RobberFile>,
}

/// The shipped tile file (`configs/tiles/carcassonne-tiles.toml`), built in.
pub const BASE_TILES: &str = include_str!("../../configs/tiles/carcassonne-tiles.toml");

fn side_of(c: char) -> Option<usize> {
    SIDES.iter().position(|&s| s == c)
}

/// Half-side name → slot (`Nw` is the North side's first clockwise half, slot 0).
fn half_slot(h: &str) -> Option<usize> {
    const HALVES: [&str; 8] = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
    let i = HALVES.iter().position(|&x| x == h)?;
    Some((i / 2) * 3 + if i % 2 == 0 { 0 } else { 2 })
}

impl TileSet {
    /// The shipped tiles.
    pub fn base() -> TileSet {
        TileSet::parse(BASE_TILES).expect("the built-in tile file is valid")
    }

    /// Parses and checks a tile file.
    ///
    /// # Errors
    /// TOML syntax or unknown keys, and any inconsistency (named by tile), e.g. a city side
    /// covered by no city, a half-side on a city side, a field touching a missing city.
    pub fn parse(text: &str) -> Result<TileSet> {
        let file: TilesFile = toml::from_str(text).context("tile file")?;
        let mut shapes = Vec::new();
        for t in &file.tile {
            shapes.push(parse_shape(t).with_context(|| format!("tile {:?}", t.name))?);
        }
        let start_shape = shapes
            .iter()
            .position(|s| s.name == file.start)
            .with_context(|| format!("start = {:?}: no tile of that name", file.start))?;
        if shapes[start_shape].count == 0 {
            bail!(
                "start = {:?}: its count must include the start tile",
                file.start
            );
        }
        let mut robber_kinds = Vec::new();
        for r in &file.robber_tile {
            let shape = shapes
                .iter()
                .position(|s| s.name == r.shape)
                .with_context(|| {
                    format!("robber_tile shape {:?}: no tile of that name", r.shape)
                })?;
            robber_kinds.push((
                shape as u8,
                u8::try_from(r.count).context("robber_tile count")?,
            ));
        }
        Ok(TileSet::build(shapes, start_shape, &robber_kinds)?)
    }
}

fn parse_shape(t: &TileFile) -> Result<Shape> {
    let edges: Vec<Edge> = t
        .edges
        .chars()
        .map(|c| match c {
            'C' => Ok(Edge::City),
            'R' => Ok(Edge::Road),
            'F' => Ok(Edge::Field),
            _ => bail!("edges {:?}: {c:?} is not C, R or F", t.edges),
        })
        .collect::<Result<_>>()?;
    let edges: [Edge; 4] = edges
        .try_into()
        .map_err(|_| anyhow::anyhow!("edges {:?}: give 4 sides (N E S W)", t.edges))?;
    let count = u8::try_from(t.count).context("count")?;
    let mut segs = Vec::new();
    let mut slots = [NO_SEG; 12];
    let claim = |slots: &mut [u8; 12], slot: usize, seg: usize, what: &str| -> Result<()> {
        if slots[slot] != NO_SEG {
            bail!("{what}: side {} is covered twice", SIDES[slot / 3]);
        }
        slots[slot] = seg as u8;
        Ok(())
    };
    for (i, c) in t.cities.iter().enumerate() {
        let seg = segs.len();
        let mut n = 0;
        for ch in c.chars() {
            let s = side_of(ch).with_context(|| format!("cities {c:?}: {ch:?} is not a side"))?;
            if edges[s] != Edge::City {
                bail!("cities {c:?}: side {ch} is not a city side");
            }
            for k in 0..3 {
                claim(&mut slots, s * 3 + k, seg, "cities")?;
            }
            n += 1;
        }
        segs.push(Segment {
            kind: Feature::City,
            pennant: t.pennant && i == 0,
            sides: n,
            cities: 0,
        });
    }
    if t.pennant && t.cities.is_empty() {
        bail!("pennant = true needs a city");
    }
    for r in &t.roads {
        let seg = segs.len();
        let mut n = 0;
        for ch in r.chars() {
            let s = side_of(ch).with_context(|| format!("roads {r:?}: {ch:?} is not a side"))?;
            if edges[s] != Edge::Road {
                bail!("roads {r:?}: side {ch} is not a road side");
            }
            claim(&mut slots, s * 3 + 1, seg, "roads")?;
            n += 1;
        }
        segs.push(Segment {
            kind: Feature::Road,
            pennant: false,
            sides: n,
            cities: 0,
        });
    }
    for f in &t.fields {
        let seg = segs.len();
        let mut cities = 0u16;
        for &c in &f.cities {
            if c >= t.cities.len() {
                bail!(
                    "fields: city {c} does not exist (the tile has {})",
                    t.cities.len()
                );
            }
            cities |= 1 << c;
        }
        for a in &f.at {
            if a.len() == 1 {
                let ch = a.chars().next().unwrap_or(' ');
                let s = side_of(ch).with_context(|| format!("fields: {a:?} is not a side"))?;
                if edges[s] != Edge::Field {
                    bail!("fields: side {a} is not a field side (name its halves)");
                }
                claim(&mut slots, s * 3, seg, "fields")?;
                claim(&mut slots, s * 3 + 2, seg, "fields")?;
            } else {
                let slot = half_slot(a).with_context(|| {
                    format!("fields: {a:?} is not a side or half-side (Nw Ne En Es Se Sw Ws Wn)")
                })?;
                if edges[slot / 3] != Edge::Road {
                    bail!("fields: half-side {a} lies on a side without a road");
                }
                claim(&mut slots, slot, seg, "fields")?;
            }
        }
        segs.push(Segment {
            kind: Feature::Field,
            pennant: false,
            sides: 0,
            cities,
        });
    }
    let cloister = t.cloister.then(|| {
        segs.push(Segment {
            kind: Feature::Cloister,
            pennant: false,
            sides: 0,
            cities: 0,
        });
        (segs.len() - 1) as u8
    });
    if segs.len() > MAX_SEGS {
        bail!("{} segments; at most {MAX_SEGS}", segs.len());
    }
    for s in 0..4 {
        let need: &[usize] = match edges[s] {
            Edge::City => &[0, 1, 2],
            Edge::Road => &[0, 1, 2],
            Edge::Field => &[0, 2],
        };
        for &k in need {
            if slots[s * 3 + k] == NO_SEG {
                bail!(
                    "side {} is not fully covered (a {:?} side needs {})",
                    SIDES[s],
                    edges[s],
                    match edges[s] {
                        Edge::City => "a city",
                        Edge::Road => "a road and both halves in fields",
                        Edge::Field => "a field",
                    }
                );
            }
        }
    }
    Ok(Shape {
        name: t.name.clone(),
        count,
        edges,
        segs,
        slots,
        cloister,
    })
}

/// The built-in tile set, parsed once.
pub fn base_tiles() -> &'static TileSet {
    static T: OnceLock<TileSet> = OnceLock::new();
    T.get_or_init(TileSet::base)
}

/// `base` (the built-in `configs/tiles/carcassonne-tiles.toml`) or a tile file (found as
/// `paths` says), parsed once and kept for the life of the process.
///
/// # Errors
/// The file cannot be read or is not a valid tile file.
pub fn resolve_tiles(name: &str) -> Result<&'static TileSet> {
    if name == "base" {
        return Ok(base_tiles());
    }
    let shipped = [("configs/tiles/carcassonne-tiles.toml", super::BASE_TILES)];
    let (text, _) = crate::paths::read(name, "tile file", &shipped)?;
    let mut t = TileSet::parse(&text).with_context(|| format!("tile file {name}"))?;
    t.source_sha256 = Some(crate::report::sha256_hex(text.as_bytes()));
    Ok(Box::leak(Box::new(t)))
}
