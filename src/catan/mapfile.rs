//! The TOML map file format: parsing, validation and writing a board back.
//!
//! The TOML map file format: parsing and validation into a [`MapSpec`], and writing a board (a map
//! with one game's layout) back as a map file.

use crate::catan::{
    HarborKind, HarborSpec, HexSpec, Layout, MapError, MapSpec, Resource, Rules, Terrain, Topology,
    Variant,
};
use crate::tomltext::{describe, line_of};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    name: String,
    #[serde(default)]
    description: Option<String>,
    hexes: Spanned<Vec<Spanned<HexEntry>>>,
    #[serde(default)]
    harbors: Vec<Spanned<HarborEntry>>,
    #[serde(default)]
    robber: Option<Spanned<[i8; 2]>>,
    /// The area (island) where set-up settlements go (The Raiders of Catan: the home island).
    #[serde(default)]
    home: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HexEntry {
    q: i8,
    r: i8,
    terrain: String,
    #[serde(default)]
    token: Option<u8>,
    /// The land area (island) this hex belongs to.
    #[serde(default)]
    area: Option<String>,
    /// A raider (starting) desert.
    #[serde(default)]
    raiders: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HarborEntry {
    q: i8,
    r: i8,
    side: u8,
    kind: String,
}

const TERRAINS: &str = "hills, forest, pasture, fields, mountains, desert, sea, volcano, jungle";
const HARBORS: &str = "3:1, brick, lumber, wool, grain, ore";

/// Parses map text; `origin` names the file in errors.
///
/// # Errors
/// TOML syntax, unknown keys, unknown terrain or harbor kinds, and every [`crate::catan::MapError`].
pub fn parse_map(text: &str, origin: &str) -> Result<MapSpec> {
    let f: MapFile = toml::from_str(text)
        .map_err(|e| anyhow::anyhow!("map file {}", describe(origin, text, &e)))?;
    let _ = f.description;
    let at =
        |span: std::ops::Range<usize>| format!("map file {origin}:{}", line_of(text, span.start));
    if f.hexes.get_ref().is_empty() {
        bail!(
            "{}: hexes: the list is empty; give at least one land hex",
            at(f.hexes.span())
        );
    }
    let mut hexes = Vec::with_capacity(f.hexes.get_ref().len());
    let mut areas: Vec<String> = Vec::new();
    for (i, sh) in f.hexes.get_ref().iter().enumerate() {
        let h = sh.get_ref();
        let Some(terrain) = Terrain::parse(&h.terrain) else {
            bail!(
                "{}: hexes[{i}] (q = {}, r = {}): unknown terrain {:?}; allowed: {TERRAINS}",
                at(sh.span()),
                h.q,
                h.r,
                h.terrain
            );
        };
        let area = match &h.area {
            None => 0,
            Some(_) if !terrain.is_land() => bail!(
                "{}: hexes[{i}] (q = {}, r = {}): a sea hex takes no area; give area only to land hexes",
                at(sh.span()),
                h.q,
                h.r
            ),
            Some(a) => match areas.iter().position(|x| x == a) {
                Some(k) => k as u8 + 1,
                None => {
                    areas.push(a.clone());
                    areas.len() as u8
                }
            },
        };
        hexes.push(HexSpec {
            q: h.q,
            r: h.r,
            terrain,
            token: h.token,
            area,
            raiders: h.raiders,
        });
    }
    let home = match &f.home {
        None => 0,
        Some(sh) => match areas.iter().position(|x| x == sh.get_ref()) {
            Some(k) => k as u8 + 1,
            None => bail!(
                "{}: home: no hex names area {:?}; allowed: {}",
                at(sh.span()),
                sh.get_ref(),
                if areas.is_empty() {
                    "(no hex has an area; add area = \"...\" to the land hexes)".to_string()
                } else {
                    areas.join(", ")
                }
            ),
        },
    };
    let mut harbors = Vec::with_capacity(f.harbors.len());
    for (i, sh) in f.harbors.iter().enumerate() {
        let h = sh.get_ref();
        let Some(kind) = HarborKind::parse(&h.kind) else {
            bail!(
                "{}: harbors[{i}]: unknown kind {:?}; allowed: {HARBORS}",
                at(sh.span()),
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
        name: f.name.clone(),
        hexes,
        harbors,
        robber: f.robber.as_ref().map(|r| (r.get_ref()[0], r.get_ref()[1])),
        areas,
        home,
    };
    if let Err(e) = Topology::build(&spec) {
        let span = error_span(&f, &e).unwrap_or_else(|| f.hexes.span());
        bail!("{}: {e}", at(span));
    }
    Ok(spec)
}

/// Where in the file a topology error lies: the hex entry (for a duplicate, its second listing),
/// the harbor entry, the robber key, or else the hex list.
fn error_span(f: &MapFile, e: &MapError) -> Option<std::ops::Range<usize>> {
    let hex = |q: i8, r: i8, last: bool| {
        let mut it = f
            .hexes
            .get_ref()
            .iter()
            .filter(|h| h.get_ref().q == q && h.get_ref().r == r);
        if last { it.next_back() } else { it.next() }.map(|h| h.span())
    };
    let harbor = |q: i8, r: i8| {
        f.harbors
            .iter()
            .find(|h| h.get_ref().q == q && h.get_ref().r == r)
            .map(|h| h.span())
    };
    match *e {
        MapError::DuplicateHex(q, r) => hex(q, r, true),
        MapError::BadToken(q, r, ..)
        | MapError::RaidersNotDesert(q, r, _)
        | MapError::RaidersNotHome(q, r)
        | MapError::MissingToken(q, r, _)
        | MapError::UnexpectedToken(q, r, _) => hex(q, r, false),
        MapError::HarborHexMissing(q, r)
        | MapError::HarborSide(q, r, _)
        | MapError::HarborNotCoast(q, r, _)
        | MapError::HarborOverlap(q, r, _) => harbor(q, r),
        MapError::RobberNotLand(..) => f.robber.as_ref().map(|r| r.span()),
        _ => None,
    }
}

/// `spec` with one game's layout on it (terrain, tokens, harbor kinds and robber start): a map
/// whose fixed board is that layout, so a shuffled board can be written out and replayed
/// (`map = "file.toml"` with `board = "fixed"`). `t` is `spec`'s topology.
pub fn with_layout(spec: &MapSpec, t: &Topology, l: &Layout) -> MapSpec {
    let hexes = spec
        .hexes
        .iter()
        .enumerate()
        .map(|(h, x)| HexSpec {
            terrain: l.terrain[h],
            token: (l.token[h] != 0).then_some(l.token[h]),
            ..*x
        })
        .collect();
    let kinds = std::iter::once(HarborKind::Generic).chain(Resource::ALL.map(HarborKind::Special));
    let harbors = spec
        .harbors
        .iter()
        .zip(&t.harbors)
        .map(|(hb, (corners, _))| HarborSpec {
            kind: kinds
                .clone()
                .find(|k| k.bit() == l.harbor[corners[0].idx()])
                .unwrap_or(hb.kind),
            ..*hb
        })
        .collect();
    let first_desert = (0..t.n_hexes).find(|&h| l.terrain[h] == Terrain::Desert);
    let robber =
        (Some(l.robber_start.idx()) != first_desert).then(|| t.hex_coord[l.robber_start.idx()]);
    MapSpec {
        name: spec.name.clone(),
        hexes,
        harbors,
        robber,
        areas: spec.areas.clone(),
        home: spec.home,
    }
}

/// `spec` as map file text (what [`parse_map`] reads back to the same spec), under `name`,
/// with `comment` (one or more lines) as its header.
pub fn map_text(spec: &MapSpec, name: &str, comment: &str) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    for line in comment.lines() {
        let _ = writeln!(o, "# {line}");
    }
    let _ = writeln!(o, "name = {}", toml::Value::from(name));
    if spec.home != 0 {
        let home = &spec.areas[spec.home as usize - 1];
        let _ = writeln!(o, "home = {}", toml::Value::from(home.as_str()));
    }
    if let Some((q, r)) = spec.robber {
        let _ = writeln!(o, "robber = [{q}, {r}]");
    }
    o.push_str("hexes = [\n");
    for h in &spec.hexes {
        let _ = write!(
            o,
            "  {{ q = {}, r = {}, terrain = \"{}\"",
            h.q,
            h.r,
            h.terrain.name()
        );
        if let Some(t) = h.token {
            let _ = write!(o, ", token = {t}");
        }
        if h.area != 0 {
            let area = spec.areas[h.area as usize - 1].as_str();
            let _ = write!(o, ", area = {}", toml::Value::from(area));
        }
        if h.raiders {
            o.push_str(", raiders = true");
        }
        o.push_str(" },\n");
    }
    o.push_str("]\nharbors = [\n");
    for hb in &spec.harbors {
        let _ = writeln!(
            o,
            "  {{ q = {}, r = {}, side = {}, kind = \"{}\" }},",
            hb.q,
            hb.r,
            hb.side,
            hb.kind.name()
        );
    }
    o.push_str("]\n");
    o
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
pub const BASE_MAP: &str = include_str!("../../configs/maps/base.toml");

/// The base map's spec.
pub fn base_map() -> MapSpec {
    parse_map(BASE_MAP, "configs/maps/base.toml").expect("the shipped base map is valid")
}

/// The Raiders of Catan maps shipped in `configs/maps/` (reconstructions; see the files).
pub const RAIDERS_3_4_MAP: &str = include_str!("../../configs/maps/raiders-3-4.toml");
pub const RAIDERS_5_6_MAP: &str = include_str!("../../configs/maps/raiders-5-6.toml");

/// The names of the built-in maps.
pub const BUILT_IN: &[&str] = &["base", "raiders-3-4", "raiders-5-6"];

/// Resolves a map name or path: `base`, `raiders-3-4` and `raiders-5-6` are the shipped maps,
/// anything else a file path, found as `paths` says (beside the config, else in the
/// working directory, else a shipped map's built-in copy).
///
/// # Errors
/// As [`load_map`].
pub fn resolve_map(name_or_path: &str) -> Result<MapSpec> {
    match name_or_path {
        "base" => Ok(base_map()),
        "raiders-3-4" => parse_map(RAIDERS_3_4_MAP, "configs/maps/raiders-3-4.toml"),
        "raiders-5-6" => parse_map(RAIDERS_5_6_MAP, "configs/maps/raiders-5-6.toml"),
        _ => {
            let shipped = [
                ("configs/maps/base.toml", BASE_MAP),
                ("configs/maps/raiders-3-4.toml", RAIDERS_3_4_MAP),
                ("configs/maps/raiders-5-6.toml", RAIDERS_5_6_MAP),
            ];
            let (text, origin) = crate::paths::read(name_or_path, "map file", &shipped)?;
            parse_map(&text, &origin)
        }
    }
}

/// The SHA-256 of map `name_or_path`'s file, or `None` for a built-in map name (`base`,
/// `raiders-3-4`, `raiders-5-6`: fixed by the build).
///
/// # Errors
/// The file cannot be read.
pub fn file_sha256(name_or_path: &str) -> Result<Option<String>> {
    if matches!(name_or_path, "base" | "raiders-3-4" | "raiders-5-6") {
        return Ok(None);
    }
    let shipped = [
        ("configs/maps/base.toml", BASE_MAP),
        ("configs/maps/raiders-3-4.toml", RAIDERS_3_4_MAP),
        ("configs/maps/raiders-5-6.toml", RAIDERS_5_6_MAP),
    ];
    let (text, _) = crate::paths::read(name_or_path, "map file", &shipped)?;
    Ok(Some(crate::report::sha256_hex(text.as_bytes())))
}

/// The map a row is played on: the config's `map`, except that Raiders rows with the default
/// `base` play the scenario's own board for their player count (`raiders-3-4`, `raiders-5-6`).
pub fn map_for(map: &str, rules: &Rules) -> String {
    match rules.variant {
        Variant::Raiders(_) if map == "base" => if rules.players >= 5 {
            "raiders-5-6"
        } else {
            "raiders-3-4"
        }
        .to_string(),
        _ => map.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catan::sim::layout_for;
    use crate::catan::BoardKind;

    /// A shuffled board written as a map file reads back as a map whose fixed board is the same
    /// layout: terrain, tokens, harbors and the robber's start.
    #[test]
    fn a_shuffled_board_written_as_a_map_is_its_fixed_board() {
        for map in ["base", "raiders-3-4"] {
            let spec = resolve_map(map).unwrap();
            let t = Topology::build(&spec).unwrap();
            for game in 0..20 {
                let kind = if map == "base" {
                    BoardKind::Random {
                        red_apart: game % 2 == 0,
                    }
                } else {
                    BoardKind::Fixed
                };
                let l = layout_for(&t, kind, 9, game);
                let text = map_text(&with_layout(&spec, &t, &l), "b", "board\nline two");
                let back = parse_map(&text, "written").unwrap();
                let t2 = Topology::build(&back).unwrap();
                let f = Layout::fixed(&t2);
                assert_eq!(f.terrain, l.terrain, "{map} {game}");
                assert_eq!(f.token, l.token, "{map} {game}");
                assert_eq!(f.harbor, l.harbor, "{map} {game}");
                assert_eq!(f.robber_start, l.robber_start, "{map} {game}");
                assert_eq!(t2.raider_deserts, t.raider_deserts);
                assert!(text.starts_with("# board\n# line two\nname = \"b\"\n"));
            }
        }
    }
}
