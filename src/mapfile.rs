//! The TOML map file format: parsing and validation into a [`MapSpec`].

use crate::catan::{HarborKind, HarborSpec, HexSpec, MapSpec, Terrain, Topology};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    name: String,
    #[serde(default)]
    description: Option<String>,
    hexes: Vec<HexEntry>,
    #[serde(default)]
    harbors: Vec<HarborEntry>,
    #[serde(default)]
    robber: Option<[i8; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HexEntry {
    q: i8,
    r: i8,
    terrain: String,
    #[serde(default)]
    token: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HarborEntry {
    q: i8,
    r: i8,
    side: u8,
    kind: String,
}

const TERRAINS: &str = "hills, forest, pasture, fields, mountains, desert, sea";
const HARBORS: &str = "3:1, brick, lumber, wool, grain, ore";

/// Parses map text; `origin` names the file in errors.
///
/// # Errors
/// TOML syntax, unknown keys, unknown terrain or harbor kinds, and every [`crate::catan::MapError`].
pub fn parse_map(text: &str, origin: &str) -> Result<MapSpec> {
    let f: MapFile = toml::from_str(text).with_context(|| format!("map file {origin}"))?;
    let _ = f.description;
    let mut hexes = Vec::with_capacity(f.hexes.len());
    for (i, h) in f.hexes.iter().enumerate() {
        let Some(terrain) = Terrain::parse(&h.terrain) else {
            bail!(
                "map file {origin}: hexes[{i}] (q = {}, r = {}): unknown terrain {:?}; allowed: {TERRAINS}",
                h.q,
                h.r,
                h.terrain
            );
        };
        hexes.push(HexSpec {
            q: h.q,
            r: h.r,
            terrain,
            token: h.token,
        });
    }
    let mut harbors = Vec::with_capacity(f.harbors.len());
    for (i, h) in f.harbors.iter().enumerate() {
        let Some(kind) = HarborKind::parse(&h.kind) else {
            bail!(
                "map file {origin}: harbors[{i}]: unknown kind {:?}; allowed: {HARBORS}",
                h.kind
            );
        };
        harbors.push(HarborSpec {
            q: h.q,
            r: h.r,
            side: h.side,
            kind,
        });
    }
    let spec = MapSpec {
        name: f.name,
        hexes,
        harbors,
        robber: f.robber.map(|[q, r]| (q, r)),
    };
    Topology::build(&spec).with_context(|| format!("map file {origin}"))?;
    Ok(spec)
}

/// Reads and parses a map file.
///
/// # Errors
/// The file cannot be read, or [`parse_map`] fails.
pub fn load_map(path: &Path) -> Result<MapSpec> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read map file {}", path.display()))?;
    parse_map(&text, &path.display().to_string())
}

/// The base map shipped in `configs/maps/base.toml`, compiled in so that it works from anywhere.
pub const BASE_MAP: &str = include_str!("../configs/maps/base.toml");

/// The base map's spec.
pub fn base_map() -> MapSpec {
    parse_map(BASE_MAP, "configs/maps/base.toml").expect("the shipped base map is valid")
}

/// Resolves a map name or path: `base` is the shipped map, anything else a file path.
///
/// # Errors
/// As [`load_map`].
pub fn resolve_map(name_or_path: &str) -> Result<MapSpec> {
    if name_or_path == "base" {
        Ok(base_map())
    } else {
        load_map(Path::new(name_or_path))
    }
}
