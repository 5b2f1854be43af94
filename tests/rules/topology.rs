//! Topology counts for the shipped base map.

use robsim::catan::mapfile::base_map;
use robsim::catan::*;

#[test]
fn base_map_counts() {
    let t = Topology::build(&base_map()).unwrap();
    assert_eq!(t.land_hexes.len(), 19);
    assert_eq!(t.n_corners, 54);
    assert_eq!(t.n_edges, 72);
    let mut by_degree = [0; 4];
    for c in 0..t.n_corners {
        by_degree[t.corner_degree(CornerId(c as u8))] += 1;
    }
    // 18 coastal corners of degree 2 plus 36 of degree 3 on the standard island.
    assert_eq!(by_degree, [0, 0, 18, 36]);
    assert_eq!(t.harbors.len(), 9);
    let hexes_per_corner: Vec<usize> = (0..t.n_corners)
        .map(|c| t.corner_hexes[c].iter().filter(|&&h| h != 255).count())
        .collect();
    assert_eq!(hexes_per_corner.iter().filter(|&&n| n == 1).count(), 18);
    assert_eq!(hexes_per_corner.iter().filter(|&&n| n == 3).count(), 24);
    let l = Layout::fixed(&t);
    assert_eq!(l.tokened.len(), 18);
    assert_eq!(t.hex_spec[l.robber_start.idx()].terrain, Terrain::Desert);
    // The centre hex has six neighbours; a corner hex three.
    assert_eq!(t.hex_neighbor_set[l.robber_start.idx()].len(), 6);
}

/// The map format expresses sea and several islands: a 3-hex island and a 1-hex island with sea
/// between them. Corners and edges come from every listed hex; only land corners take buildings.
#[test]
fn two_islands_with_sea() {
    let text = r#"
name = "two-islands"
hexes = [
  { q = 0, r = 0, terrain = "desert" },
  { q = 1, r = 0, terrain = "forest", token = 6 },
  { q = 0, r = 1, terrain = "hills", token = 8 },
  { q = 2, r = 0, terrain = "sea" },
  { q = 1, r = 1, terrain = "sea" },
  { q = 3, r = 0, terrain = "mountains", token = 5 },
]
harbors = [ { q = 3, r = 0, side = 1, kind = "ore" } ]
"#;
    let spec = robsim::catan::mapfile::parse_map(text, "inline").unwrap();
    let t = Topology::build(&spec).unwrap();
    assert_eq!(t.n_hexes, 6);
    assert_eq!(t.land_hexes.len(), 4);
    // The sea hex (2, 0) lies between the islands: they share no corner.
    let a: CornerSet = t.hex_corner_set[1];
    let b: CornerSet = t.hex_corner_set[5];
    assert!(a.intersect(b).is_empty());
    // Every corner of a sea hex that touches no land hex is not a building spot.
    let sea_only = (0..t.n_corners)
        .filter(|&c| !t.land_corners.contains(c))
        .count();
    assert!(sea_only > 0);
    assert_eq!(t.harbors.len(), 1);
}

#[test]
fn map_errors_name_the_problem() {
    let bad = [
        (
            r#"name = "x"
hexes = [ { q = 0, r = 0, terrain = "desert" }, { q = 0, r = 0, terrain = "desert" } ]"#,
            "listed twice",
        ),
        (
            r#"name = "x"
hexes = [ { q = 0, r = 0, terrain = "forest" } ]"#,
            "must have a number token",
        ),
        (
            r#"name = "x"
hexes = [ { q = 0, r = 0, terrain = "forest", token = 7 } ]"#,
            "token 7",
        ),
        (
            r#"name = "x"
hexes = [ { q = 0, r = 0, terrain = "lava", token = 6 } ]"#,
            "unknown terrain",
        ),
        (
            r#"name = "x"
hexes = [ { q = 0, r = 0, terrain = "desert" } ]
harbors = [ { q = 5, r = 5, side = 0, kind = "3:1" } ]"#,
            "no such land hex",
        ),
        (
            r#"name = "x"
hexes = [ { q = 0, r = 0, terrain = "desert" } ]
size = 3"#,
            "unknown field",
        ),
    ];
    for (text, needle) in bad {
        let e = format!(
            "{:#}",
            robsim::catan::mapfile::parse_map(text, "inline").unwrap_err()
        );
        assert!(e.contains(needle), "{needle:?} not in {e}");
    }
}
