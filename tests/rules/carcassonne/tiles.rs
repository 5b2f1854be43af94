//! Carcassonne tile data: the shipped counts, tile file errors, distinct rotations, edge matching.

use super::*;

// ---------------------------------------------------------------------------------------------
// Tile data

/// Another robber tile count is dealt over the robber kinds in turn: one of each kind, then one
/// of each kind the file has two of, then round again; the file's own count gives its own tiles.
#[test]
fn robber_tiles_are_dealt_over_the_robber_kinds_in_turn() {
    let t = base();
    let robber: Vec<usize> = (0..t.kinds.len()).filter(|&i| t.kinds[i].robber).collect();
    let names = |c: [u8; MAX_KINDS]| {
        robber
            .iter()
            .map(|&i| format!("{}{}", t.shapes[t.kinds[i].shape as usize].name, c[i]))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let own = t.robber_counts(8);
    for &i in &robber {
        assert_eq!(own[i], t.kinds[i].count, "8: the file's own counts");
    }
    assert_eq!(names(t.robber_counts(4)), "U1 V1 W1 D1 J0 K0");
    assert_eq!(names(t.robber_counts(6)), "U1 V1 W1 D1 J1 K1");
    assert_eq!(names(t.robber_counts(12)), "U3 V3 W2 D2 J1 K1");
    assert_eq!(t.robber_counts(24).iter().sum::<u8>(), 24);
    // A game deals them: 72 base tiles and 12 robber tiles.
    let g = Game::new(
        t,
        Rules {
            robber_tiles: Some(12),
            ..Rules::robbers(3)
        },
    );
    assert_eq!(g.total_tiles(), 84);
    assert_eq!(g.pile.robber, 12);
    g.check().unwrap();
}

#[test]
fn tile_counts() {
    let t = base();
    assert_eq!(t.shapes.len(), 24, "24 base tile types");
    assert_eq!(t.total(false), 72, "72 base tiles, the start tile included");
    assert_eq!(t.total(true), 80, "plus 8 robber tiles");
    let base_kinds = t.kinds.iter().filter(|k| !k.robber);
    let pennants: u32 = base_kinds
        .clone()
        .map(|k| {
            let s = &t.shapes[k.shape as usize];
            k.count as u32 * s.segs.iter().filter(|g| g.pennant).count() as u32
        })
        .sum();
    assert_eq!(pennants, 10, "10 pennants");
    let cloisters: u32 = base_kinds
        .clone()
        .filter(|k| t.shapes[k.shape as usize].cloister.is_some())
        .map(|k| k.count as u32)
        .sum();
    assert_eq!(cloisters, 6, "6 cloisters");
    let start = &t.shapes[t.start_shape as usize];
    assert_eq!(start.name, "D");
    assert_eq!(
        start.count, 4,
        "the start tile is one of the 4 city-cap-with-straight-road tiles"
    );
    assert_eq!(
        start.edges,
        [Edge::City, Edge::Road, Edge::Field, Edge::Road]
    );
    let robber: u32 = t
        .kinds
        .iter()
        .filter(|k| k.robber)
        .map(|k| k.count as u32)
        .sum();
    assert_eq!(robber, 8);
    // Usual counts by type.
    let want = [
        2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1,
    ];
    let got: Vec<u8> = t.shapes.iter().map(|s| s.count).collect();
    assert_eq!(got, want);
}

#[test]
fn tile_file_errors_name_the_tile() {
    let bad = BASE_TILES.replace("edges = \"CRFR\"", "edges = \"CRFF\"");
    let e = format!("{:#}", TileSet::parse(&bad).unwrap_err());
    assert!(e.contains("tile \"D\""), "{e}");
}

#[test]
fn distinct_rotations() {
    let t = base();
    let n = |name: &str| {
        let k = kind(t, name, false);
        t.distinct[t.kinds[k as usize].shape as usize].count_ones()
    };
    for (name, want) in [
        ("B", 1),
        ("C", 1),
        ("X", 1),
        ("U", 2),
        ("F", 2),
        ("H", 2),
        ("D", 4),
        ("V", 4),
    ] {
        assert_eq!(n(name), want, "{name}");
    }
}

#[test]
fn edge_matching_and_rotations() {
    let t = base();
    let g = Game::new(t, Rules::base(2));
    let e = kind(t, "E", false); // city cap on N, fields elsewhere
                                 // North of the start tile (its city side): only the rotation with the city to the south.
    assert!(g.fits(e, at(0, -1), 2));
    for r in [0, 1, 3] {
        assert!(!g.fits(e, at(0, -1), r), "rot {r}");
    }
    // South of the start tile (field side): any rotation with a field on the north.
    assert!(!g.fits(e, at(0, 1), 0) && g.fits(e, at(0, 1), 1) && g.fits(e, at(0, 1), 2));
    // East (road side): E has no road.
    for r in 0..4 {
        assert!(!g.fits(e, at(1, 0), r));
    }
    let u = kind(t, "U", false); // straight road N-S
    assert!(g.fits(u, at(1, 0), 1) && !g.fits(u, at(1, 0), 0));
    let mut p = Placements::new();
    g.placements_of(u, &mut p);
    // West and east: rot 1 only (rot 3 is the same tile); south: rot 1 (fields N and S).
    assert_eq!(p.len(), 3, "{p:?}");
}
