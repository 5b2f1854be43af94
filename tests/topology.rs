//! Topology counts for the shipped base map.

use robsim::catan::*;
use robsim::mapfile::base_map;

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
