//! Raiders map files: the mini and storm maps parsed and checked by geometry, located map errors, the shipped scenario maps.

use super::*;

// ---------------------------------------------------------------------------------------------
// Map format and topology

fn mini_text() -> String {
    std::fs::read_to_string(data("raiders-mini.toml")).expect("mini map text")
}

/// The error of parsing `text` (named `x.toml`), with its whole chain.
fn map_error(text: &str) -> String {
    format!(
        "{:#}",
        parse_map(text, "x.toml").expect_err("the map must be refused")
    )
}

/// The 1-based line of `text` holding `needle`.
fn line_with(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?}"))
        + 1
}

fn replaced(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the mini map no longer has {from:?}");
    text.replacen(from, to, 1)
}

#[test]
fn mini_map_parses_areas_home_raiders_volcano_and_jungle() {
    let spec = load_map(Path::new(&data("raiders-mini.toml"))).unwrap();
    assert_eq!(spec.areas, vec!["home".to_string(), "isle".to_string()]);
    assert_eq!(spec.home, 1, "home names the first area");
    let find = |q, r| spec.hexes.iter().find(|h| (h.q, h.r) == (q, r)).unwrap();
    assert!(find(0, 0).raiders);
    assert_eq!(find(0, 0).terrain, Terrain::Desert);
    assert_eq!(spec.hexes.iter().filter(|h| h.raiders).count(), 1);
    assert_eq!(find(-1, 3).terrain, Terrain::Volcano);
    assert_eq!(find(-1, 3).token, Some(3));
    assert_eq!(find(0, 3).terrain, Terrain::Jungle);
    assert_eq!(find(0, 3).token, Some(11));
    for h in &spec.hexes {
        let want = match (h.terrain, h.r) {
            (Terrain::Sea, _) => 0,
            (_, 3) => 2,
            _ => 1,
        };
        assert_eq!(h.area, want, "area of ({}, {})", h.q, h.r);
    }
    // The volcano produces grain; the jungle nothing but takes a token.
    assert_eq!(Terrain::Volcano.resource(), Some(Resource::Grain));
    assert_eq!(Terrain::Jungle.resource(), None);
    assert!(Terrain::Jungle.takes_token());
}

#[test]
fn map_errors_name_the_key_and_what_is_allowed() {
    let text = mini_text();
    let forest = r#"{ q = 1, r = 0, terrain = "forest", token = 6, area = "home" }"#;

    let bad = replaced(
        &text,
        forest,
        r#"{ q = 1, r = 0, terrain = "forest", token = 6, area = "home", raiders = true }"#,
    );
    let e = map_error(&bad);
    assert!(
        e.contains(&format!(
            "x.toml:{}:",
            line_with(&bad, r#""forest", token = 6, area = "home", raiders"#)
        )) && e.contains("hex (1, 0) (forest) is marked raiders = true")
            && e.contains("only desert hexes can be raider deserts"),
        "{e}"
    );

    let bad = replaced(&text, r#"home = "home""#, r#"home = "isle""#);
    let e = map_error(&bad);
    assert!(
        e.contains("hex (0, 0) is a raider desert outside the home area")
            && e.contains(&format!("x.toml:{}:", line_with(&bad, "raiders = true"))),
        "{e}"
    );

    let bad = replaced(&text, r#"home = "home""#, r#"home = "mainland""#);
    let e = map_error(&bad);
    assert!(
        e.contains(&format!("x.toml:{}:", line_with(&bad, "home = ")))
            && e.contains(r#"home: no hex names area "mainland"; allowed: home, isle"#),
        "{e}"
    );

    let bad = replaced(
        &text,
        r#"{ q = 2, r = 1, terrain = "sea" }"#,
        r#"{ q = 2, r = 1, terrain = "sea", area = "home" }"#,
    );
    let e = map_error(&bad);
    assert!(
        e.contains("hexes[15] (q = 2, r = 1): a sea hex takes no area"),
        "{e}"
    );

    let bad = replaced(
        &text,
        r#"{ q = 0, r = 3, terrain = "jungle", token = 11, area = "isle" }"#,
        r#"{ q = 0, r = 3, terrain = "jungle", area = "isle" }"#,
    );
    let e = map_error(&bad);
    assert!(
        e.contains("hex (0, 3) (jungle) must have a number token")
            && e.contains(&format!(
                "x.toml:{}:",
                line_with(&bad, r#"terrain = "jungle""#)
            )),
        "{e}"
    );

    // A token on a desert and a home without any area are refused too.
    let bad = replaced(
        &text,
        r#"terrain = "desert", area"#,
        r#"terrain = "desert", token = 4, area"#,
    );
    assert!(map_error(&bad).contains("(desert) cannot carry a number token"));
    let no_areas: String = text
        .replace(r#", area = "home""#, "")
        .replace(r#", area = "isle""#, "");
    let e = map_error(&no_areas);
    assert!(e.contains("no hex has an area"), "{e}");
}

#[test]
fn mini_topology_by_geometry() {
    let b = mini();
    let t = b.0;
    // Home: a 7-hex flower (24 corners, 30 edges, 12 of them inside). Sea row r = 2 (5 hexes:
    // 22 corners, 26 edges) plus (2, 1) (3 corners and 4 edges of its own); the isle row hangs
    // below the sea row (7 corners and 10 edges of its own). Home and sea share 5 corners, 4 edges.
    assert_eq!(t.n_hexes, 16);
    assert_eq!(t.land_hexes.len(), 10);
    assert_eq!(t.n_corners, 24 + 22 + 7 + 3 - 5);
    assert_eq!(t.n_edges, 30 + 26 + 10 + 4 - 4);
    assert_eq!(t.land_corners.len(), 24 + 14);
    assert_eq!(t.land_edges.len(), 30 + 16);
    // Sea edges: every edge but the 12 inside the home island and the 2 inside the isle
    // (the outside of the map counts as sea).
    assert_eq!(t.sea_edges.len(), 66 - 12 - 2);
    for e in t.land_edges.minus(t.sea_edges).iter() {
        let [a, c] = t.edge_hexes[e];
        assert!(a != NONE && c != NONE, "a land-only edge has two hexes");
        assert!(t.land_hexes.contains(a as usize) && t.land_hexes.contains(c as usize));
    }
    // Coast: the 18 outer corners of the home island and all 14 corners of the isle.
    assert_eq!(t.coast_corners.len(), 18 + 14);
    let inner: Vec<CornerId> = corners(t.hex_corner_set[m::d().idx()].iter());
    for c in &inner {
        assert!(!t.coast_corners.contains(c.idx()), "{c:?} is inland");
    }
    assert!(t.coast_corners.contains(m::south().idx()));
    assert!(t.coast_corners.contains(m::v0().idx()));
    // Home corners: the 24 of the flower; none of the isle.
    assert_eq!(t.home_corners.len(), 24);
    for h in [m::volcano(), m::jungle(), b.hex(1, 3)] {
        assert!(t.hex_corner_set[h.idx()]
            .intersect(t.home_corners)
            .is_empty());
    }
    let flower = [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
    let flower_corners = flower.iter().fold(CornerSet::EMPTY, |s, &(q, r)| {
        s.union(t.hex_corner_set[b.hex(q, r).idx()])
    });
    assert_eq!(t.home_corners, flower_corners);
    // The named corners sit where the module doc says.
    assert_eq!(b.pt(1, 5), m::south());
    assert_eq!(b.pt(1, 7), m::v0());
    assert_eq!(b.pt(2, 8), m::v1());
    assert_eq!(b.pt(2, 8), b.corner(0, 3, 5));
    assert_eq!(b.pt(0, 4), m::h5c4());
    assert_eq!(b.pt(0, 4), b.corner(-1, 1, 2));
    assert_eq!(b.pt(1, 1), b.corner(1, 0, 4));
    assert_eq!(t.edge_corners[m::h5e3().idx()], {
        let mut v = [m::south(), m::h5c4()];
        v.sort();
        v
    });
    assert_eq!(t.raider_desert_list, vec![m::d()]);
    assert_eq!(t.raider_deserts, hexset(&[m::d()]));
    assert_eq!(t.desert_ordinal[m::d().idx()], 0);
    assert_eq!(t.desert_ordinal[m::f6().idx()], NONE);
    assert_eq!(t.volcano_corners, t.hex_corner_set[m::volcano().idx()]);
    assert_eq!(t.volcano_corners.len(), 6);
    // The sea edge from the south coast to the volcano is a ship edge, not a road edge.
    assert!(t.sea_edges.contains(m::s1().idx()));
    assert!(!t.land_edges.contains(m::s1().idx()));
    // Coast edges take either.
    assert!(t.sea_edges.contains(m::s2().idx()) && t.land_edges.contains(m::s2().idx()));
}

#[test]
fn storm_map_topology() {
    let b = storm_board();
    let t = b.0;
    assert_eq!(t.n_hexes, 7);
    // A row of 6 hexes (two zigzags of 13 corners, 6 * 6 - 5 edges) plus the volcano above A
    // and B (sharing 3 corners and 2 edges with them).
    assert_eq!(t.n_corners, 2 * (2 * 6 + 1) + 6 - 3);
    assert_eq!(t.n_edges, 6 * 6 - 5 + 6 - 2);
    assert_eq!(
        t.raider_desert_list,
        vec![b.hex(0, 0), b.hex(4, 0)],
        "two raider deserts in map order"
    );
    assert_eq!(t.home_corners, t.land_corners, "everything is home");
    assert_eq!(t.volcano_corners, t.hex_corner_set[b.hex(2, -1).idx()]);
    // Only the corner where V, A and B meet is inland.
    assert_eq!(
        t.volcano_corners.minus(t.coast_corners),
        cset(&[b.corner(2, -1, 3)])
    );
}

/// Checks one shipped scenario map against the seed's description, not exact numbers (the
/// shipped charts are reconstructions and may be redrawn).
fn check_scenario_map(name: &str, min_raider_deserts: usize) {
    let spec = resolve_map(name).unwrap_or_else(|e| panic!("{name}: {e:#}"));
    let t = Topology::build(&spec).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(t.n_hexes <= MAX_HEXES && t.n_corners <= MAX_CORNERS && t.n_edges <= MAX_EDGES);
    assert!(t.raider_desert_list.len() <= MAX_RAIDER_DESERTS);
    assert_ne!(spec.home, 0, "{name}: names a home island");
    let home = spec.home;
    assert!(
        spec.areas.len() >= 2,
        "{name}: a home island and neighbouring islands"
    );
    let mut by_terrain = std::collections::BTreeMap::<&str, (u32, u32)>::new();
    for (i, h) in spec.hexes.iter().enumerate() {
        let at = format!("{name}: hex ({}, {})", h.q, h.r);
        if h.terrain.is_land() {
            assert_ne!(h.area, 0, "{at}: a land hex without an island");
            let e = by_terrain.entry(h.terrain.name()).or_default();
            if h.area == home {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
        match (h.terrain.takes_token(), h.token) {
            (true, Some(n)) => assert!(pips(n) > 0, "{at}: token {n}"),
            (true, None) => panic!("{at}: no token"),
            (false, Some(n)) => panic!("{at}: token {n} on {}", h.terrain.name()),
            (false, None) => {}
        }
        if h.raiders {
            assert_eq!(h.terrain, Terrain::Desert, "{at}");
            assert_eq!(h.area, home, "{at}: a raider desert off the home island");
        }
        // Islands are separated from the home island by sea.
        if h.terrain.is_land() && h.area != home {
            for j in t.hex_neighbor_set[i].iter() {
                assert!(
                    !(spec.hexes[j].terrain.is_land() && spec.hexes[j].area == home),
                    "{at} (area {:?}) touches the home island",
                    spec.areas[h.area as usize - 1]
                );
            }
        }
    }
    eprintln!("{name}: land hexes by terrain (home, islands): {by_terrain:?}");
    assert!(
        t.raider_desert_list.len() >= min_raider_deserts,
        "{name}: {} raider deserts, want at least {min_raider_deserts}",
        t.raider_desert_list.len()
    );
    let islands = |terrain: &str| by_terrain.get(terrain).map_or(0, |e| e.1);
    assert!(islands("volcano") >= 1, "{name}: a volcano on the islands");
    assert!(islands("jungle") >= 1, "{name}: a jungle on the islands");
    for r in Resource::ALL {
        let terrain = Terrain::of_resource(r).name();
        assert!(
            by_terrain.get(terrain).map_or(0, |e| e.0) >= 1,
            "{name}: no {terrain} on the home island"
        );
    }
    // Set-up is possible: coast corners on the home island with a sea edge.
    assert!(!t.home_corners.intersect(t.coast_corners).is_empty());
}

/// `"5 forest, 1 volcano"` as (count, name) pairs.
fn counted(list: &str) -> Vec<(u32, String)> {
    list.split(',')
        .map(|item| {
            let (n, what) = item.trim().split_once(' ').expect("count name");
            (n.parse().expect("a count"), what.trim().to_string())
        })
        .collect()
}

/// The number after `prefix` up to the next non-digit.
fn number_after(line: &str, prefix: &str) -> Option<u32> {
    let rest = line.split_once(prefix)?.1.trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// Checks the counts a shipped map's header comment states (`# Counts:` and `This map: ...`)
/// against the map itself. Returns how many statements were checked.
fn check_header_counts(name: &str, text: &str) -> usize {
    let spec = parse_map(text, name).unwrap();
    let t = Topology::build(&spec).unwrap();
    let header: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with('#') || l.trim().is_empty())
        .filter_map(|l| l.strip_prefix('#'))
        .map(str::trim)
        .collect();
    let land: Vec<&HexSpec> = spec.hexes.iter().filter(|h| h.terrain.is_land()).collect();
    let terrain_count = |hs: &[&HexSpec], terrain: &str| {
        hs.iter().filter(|h| h.terrain.name() == terrain).count() as u32
    };
    // `This map: ...` anywhere; the rest only in the block under `Counts:`.
    let block: Vec<&str> = header
        .iter()
        .skip_while(|l| **l != "Counts:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .copied()
        .collect();
    let sizes = header.iter().copied().filter(|l| l.contains("This map:"));
    let mut checked = 0;
    for line in sizes.chain(block) {
        if let Some((_, rest)) = line.split_once("This map:") {
            let n = |what: &str| {
                rest.split(',')
                    .find(|p| p.trim().trim_end_matches('.').ends_with(what))
                    .and_then(|p| p.trim().split(' ').next()?.parse::<usize>().ok())
                    .unwrap_or_else(|| panic!("{name}: {what} in {line:?}"))
            };
            assert_eq!(n("hexes"), t.n_hexes, "{name}: {line}");
            assert_eq!(n("corners"), t.n_corners, "{name}: {line}");
            assert_eq!(n("edges"), t.n_edges, "{name}: {line}");
            checked += 1;
        } else if let Some(rest) = line.strip_prefix("land hexes ") {
            let (total, list) = rest.split_once(':').unwrap();
            assert_eq!(
                total.parse::<usize>().unwrap(),
                land.len(),
                "{name}: {line}"
            );
            let listed = counted(list);
            for (n, terrain) in &listed {
                assert_eq!(*n, terrain_count(&land, terrain), "{name}: {line}");
            }
            assert_eq!(
                listed.iter().map(|(n, _)| n).sum::<u32>() as usize,
                land.len(),
                "{name}: every terrain listed"
            );
            checked += 1;
        } else if line.starts_with("deserts ") {
            let n = number_after(line, "deserts").unwrap();
            assert_eq!(n, terrain_count(&land, "desert"), "{name}: {line}");
            if line.contains("all raider deserts") {
                assert_eq!(n as usize, t.raider_desert_list.len(), "{name}: {line}");
            }
            checked += 1;
        } else if let Some(rest) = line.strip_prefix("number tokens ") {
            let (total, list) = rest.split_once(':').unwrap();
            let mut want = [0u32; 13];
            for item in list.split(',') {
                let item = item.trim();
                let (v, k) = match item.split_once(" x") {
                    Some((v, k)) => (v, k.parse::<u32>().unwrap()),
                    None => (item, 1),
                };
                want[v.parse::<usize>().unwrap()] += k;
            }
            let mut got = [0u32; 13];
            for h in &spec.hexes {
                if let Some(v) = h.token {
                    got[v as usize] += 1;
                }
            }
            assert_eq!(got, want, "{name}: {line}");
            assert_eq!(total.parse::<u32>().unwrap(), got.iter().sum::<u32>());
            checked += 1;
        } else if line.starts_with("harbors ") {
            assert_eq!(
                number_after(line, "harbors").unwrap() as usize,
                spec.harbors.len(),
                "{name}: {line}"
            );
            checked += 1;
        } else if line.starts_with("sea hexes ") {
            assert_eq!(
                number_after(line, "sea hexes").unwrap() as usize,
                spec.hexes.len() - land.len(),
                "{name}: {line}"
            );
            checked += 1;
        } else if let Some((area, rest)) = line.split_once(':') {
            // `home:   18 land hexes (3 desert, 3 fields, ...)`
            let k = spec
                .areas
                .iter()
                .position(|a| a == area.trim())
                .unwrap_or_else(|| panic!("{name}: no area {area:?} in the map: {line}"));
            let (n, list) = rest
                .split_once(" land hexes (")
                .unwrap_or_else(|| panic!("{name}: a statement this check cannot read: {line}"));
            let hs: Vec<&HexSpec> = land
                .iter()
                .copied()
                .filter(|h| h.area as usize == k + 1)
                .collect();
            assert_eq!(
                n.trim().parse::<usize>().unwrap(),
                hs.len(),
                "{name}: {line}"
            );
            let listed = counted(list.trim_end_matches(')'));
            for (n, terrain) in &listed {
                assert_eq!(*n, terrain_count(&hs, terrain), "{name}: {line}");
            }
            assert_eq!(
                listed.iter().map(|(n, _)| n).sum::<u32>() as usize,
                hs.len(),
                "{name}: {line}"
            );
            checked += 1;
        } else {
            panic!("{name}: a statement this check cannot read: {line}");
        }
    }
    checked
}

#[test]
fn shipped_raiders_3_4_map_follows_the_scenario() {
    check_scenario_map("raiders-3-4", 2);
    let n = check_header_counts("raiders-3-4", robsim::catan::mapfile::RAIDERS_3_4_MAP);
    // This map: sizes, land hexes, deserts, tokens, harbors, sea hexes and 4 areas.
    assert_eq!(n, 10, "raiders-3-4: header statements checked");
}

#[test]
fn shipped_raiders_5_6_map_follows_the_scenario() {
    check_scenario_map("raiders-5-6", 3);
    let n = check_header_counts("raiders-5-6", robsim::catan::mapfile::RAIDERS_5_6_MAP);
    // This map: sizes, land hexes, deserts, tokens, harbors, sea hexes and 5 areas.
    assert_eq!(n, 11, "raiders-5-6: header statements checked");
}
