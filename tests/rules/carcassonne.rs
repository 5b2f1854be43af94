//! Carcassonne rules: tile data, edge matching, feature scoring, followers, discards, and The
//! Robbers (the seed's Examples 1–4 on the scoreboard and through the game's own decisions, rogue
//! points, several robbers, placement options, final points, a placed robber moved) and farms.

use robsim::carcassonne::*;

// ---------------------------------------------------------------------------------------------
// Helpers

/// A tile set made of the shipped tiles' shapes with other counts (tiny piles end games fast).
fn custom(start: &str, counts: &[(&str, u32)], robber: &[(&str, u32)]) -> &'static TileSet {
    let mut text = format!("start = \"{start}\"\n");
    for block in BASE_TILES.split("\n[[tile]]\n").skip(1) {
        let block = block.split("\n[[robber_tile]]").next().unwrap();
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .map(|l| l.trim_end_matches('"').to_string())
            .unwrap();
        if let Some(&(_, n)) = counts.iter().find(|c| c.0 == name) {
            text.push_str("[[tile]]\n");
            for l in block.lines() {
                if l.starts_with("count") {
                    text.push_str(&format!("count = {n}\n"));
                } else if !l.starts_with('#') {
                    text.push_str(l);
                    text.push('\n');
                }
            }
        }
    }
    for (shape, n) in robber {
        text.push_str(&format!(
            "[[robber_tile]]\nshape = \"{shape}\"\ncount = {n}\n"
        ));
    }
    Box::leak(Box::new(TileSet::parse(&text).unwrap()))
}

fn base() -> &'static TileSet {
    Box::leak(Box::new(TileSet::base()))
}

fn at(x: i16, y: i16) -> u16 {
    cell((64 + x) as u16, (64 + y) as u16)
}

fn kind(t: &TileSet, name: &str, robber: bool) -> u8 {
    t.kinds
        .iter()
        .position(|k| t.shapes[k.shape as usize].name == name && k.robber == robber)
        .unwrap() as u8
}

#[derive(Default)]
struct Log(Vec<Event>);
impl Sink<Event> for Log {
    fn event(&mut self, e: &Event) {
        self.0.push(*e);
    }
}

impl Log {
    fn robberies(&self) -> Vec<(u8, u8, u16)> {
        self.0
            .iter()
            .filter_map(|e| match *e {
                Event::Robbery {
                    robber,
                    victim,
                    points,
                    ..
                } => Some((robber, victim, points)),
                _ => None,
            })
            .collect()
    }
}

/// One whole turn: draw `name`, place it, answer the robber phase with `robbers` (in order; a
/// missing answer declines), then the follower.
#[allow(clippy::too_many_arguments)]
fn turn(
    g: &mut Game,
    name: &str,
    robber_tile: bool,
    (x, y, rot): (i16, i16, u8),
    robbers: &[Option<u8>],
    follower: Option<u8>,
    log: &mut Log,
) {
    let k = kind(g.t, name, robber_tile);
    assert_eq!(g.phase, Phase::Draw);
    g.apply_draw(k, log);
    assert_eq!(g.phase, Phase::Place, "{name} should be placeable");
    let a = Action::Place {
        cell: at(x, y),
        rot,
    };
    assert!(g.is_legal(a), "{name} at ({x},{y}) rot {rot} should fit");
    g.apply(a, log);
    let mut i = 0;
    while g.phase == Phase::Robber {
        let a = Action::Robber(robbers.get(i).copied().flatten());
        assert!(g.is_legal(a), "{a:?}");
        g.apply(a, log);
        i += 1;
    }
    let a = Action::Follower(follower);
    assert!(g.is_legal(a), "follower {follower:?} on {name}");
    g.apply(a, log);
}

// ---------------------------------------------------------------------------------------------
// Tile data

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

// ---------------------------------------------------------------------------------------------
// Base scoring

#[test]
fn city_completes_scores_and_returns_follower() {
    let t = base();
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    // E turned 2: city to the south, closing the start tile's cap. Follower on the city (seg 0).
    turn(&mut g, "E", false, (0, -1, 2), &[], Some(0), &mut log);
    assert_eq!(g.score[0], 4, "2 tiles × 2");
    assert_eq!(g.stock[0], FOLLOWERS, "the follower came back");
    assert!(log
        .0
        .contains(&Event::FollowersReturned { player: 0, n: 1 }));
}

#[test]
fn pennant_city_and_cloister_and_road() {
    let t = base();
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    // Seat 0: A (cloister, road) east of the start, road to the west; follower on the road.
    turn(&mut g, "A", false, (1, 0, 1), &[], Some(0), &mut log);
    // Seat 1: M (pennant city N+W) north of the start? it needs a city south: turn 2 gives S+E.
    turn(&mut g, "M", false, (0, -1, 2), &[], Some(0), &mut log);
    assert_eq!(g.score[1], 0, "the city stays open to the east");
    // Seat 0: A west of the start, road to the east: the road (A, D, A) completes: 3 points.
    turn(&mut g, "A", false, (-1, 0, 3), &[], None, &mut log);
    assert_eq!(g.score[0], 3);
    // Seat 1: E west, closing M's east side? M turned 2 has its city on S and E: close E with
    // an E tile at (1,-1) turned 3 (city to the west). City: D, M, E = 3 tiles + 1 pennant = 8.
    turn(&mut g, "E", false, (1, -1, 3), &[], None, &mut log);
    assert_eq!(g.score[1], 8);
}

#[test]
fn majority_tie_scores_both_in_full() {
    let t = base();
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    turn(&mut g, "A", false, (1, 0, 1), &[], Some(0), &mut log); // seat 0 on the road east
    turn(&mut g, "B", false, (0, 1, 0), &[], None, &mut log); // seat 1: a cloister south
    turn(&mut g, "E", false, (0, -1, 2), &[], None, &mut log); // seat 0: closes the city
    turn(&mut g, "U", false, (-1, 1, 0), &[], Some(0), &mut log); // seat 1: own road N-S
                                                                  // Seat 0: V joins the two roads (occupied: no follower may go on it).
    let v = kind(t, "V", false);
    g.apply_draw(v, &mut log);
    g.apply(
        Action::Place {
            cell: at(-1, 0),
            rot: 3,
        },
        &mut log,
    );
    let spots = g.follower_spots();
    assert!(
        !spots.contains(&0),
        "the joined road is occupied: {spots:?}"
    );
    g.apply(Action::Follower(None), &mut log);
    // Seat 1 closes it with A at the south end: A, D, V, U, A = 5 tiles, both score 5.
    let before = g.score;
    turn(&mut g, "A", false, (-1, 2, 2), &[], None, &mut log);
    assert_eq!(g.score[0] - before[0], 5);
    assert_eq!(g.score[1] - before[1], 5);
    assert_eq!(g.stock, [FOLLOWERS, FOLLOWERS, 0, 0, 0]);
}

#[test]
fn final_scoring_incomplete_features_and_farms() {
    // Start D, then one E and one B: the game ends after 2 placements.
    let t = custom("D", &[("D", 1), ("E", 1), ("B", 1)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    // Seat 0: E north closes the city; follower on E's field (seg 1), which touches it.
    turn(&mut g, "E", false, (0, -1, 2), &[], Some(1), &mut log);
    assert_eq!(g.score, [0; 5], "nobody on the city");
    // Seat 1: cloister south of the start, follower on it (seg 1): itself + 1 neighbour (D).
    turn(&mut g, "B", false, (0, 1, 0), &[], Some(1), &mut log);
    assert!(g.is_over());
    assert_eq!(g.score[0], 3, "farmer: 1 completed city");
    assert_eq!(g.score[1], 2, "cloister: itself + 1 neighbour");
}

#[test]
fn incomplete_city_scores_one_per_tile_and_pennant() {
    let t = custom("D", &[("D", 1), ("M", 1)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    turn(&mut g, "M", false, (0, -1, 2), &[], Some(0), &mut log);
    assert!(g.is_over());
    assert_eq!(g.score[0], 3, "2 tiles + 1 pennant");
    let e = log
        .0
        .iter()
        .find(|e| matches!(e, Event::Score { .. }))
        .unwrap();
    assert_eq!(
        *e,
        Event::Score {
            player: 0,
            points: 3,
            feature: Feature::City,
            complete: false
        }
    );
}

#[test]
fn unplaceable_tile_is_discarded_and_another_drawn() {
    // Start B (all fields); C (all city) fits nowhere.
    let t = custom("B", &[("B", 1), ("C", 1), ("E", 1)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    let c = kind(t, "C", false);
    g.apply_draw(c, &mut log);
    assert_eq!(g.phase, Phase::Draw, "still the same player's draw");
    assert_eq!(g.current, 0);
    assert_eq!(g.discarded, 1);
    assert!(log.0.contains(&Event::Discarded { player: 0, kind: c }));
    turn(&mut g, "E", false, (0, 1, 2), &[], None, &mut log);
    assert!(g.is_over());
    g.check().unwrap();
}

// ---------------------------------------------------------------------------------------------
// The Robbers: scoreboard rounds (the seed's examples; BLUE 0, RED 1, GREEN 2, YELLOW 3)

const BLUE: u8 = 0;
const RED: u8 = 1;
const GREEN: u8 = 2;
const YELLOW: u8 = 3;

fn mv(figure: u8, points: u16) -> Move {
    Move { figure, points }
}

/// Robberies of a round as (robber, figure, points).
fn robbed(ev: &[RoundEvent]) -> Vec<(u8, u8, u16)> {
    ev.iter()
        .filter_map(|e| match *e {
            RoundEvent::Robbery {
                robber,
                figure,
                points,
                ..
            } => Some((robber, figure, points)),
            _ => None,
        })
        .collect()
}

/// The robber's owner takes the largest share (what `greedy` chooses in `Phase::Rob`).
fn largest(moves: &[Move]) -> impl FnMut(u8, &[u8]) -> usize + '_ {
    move |_, c: &[u8]| {
        (0..c.len())
            .max_by_key(|&i| (moves[c[i] as usize].points, std::cmp::Reverse(i)))
            .unwrap()
    }
}

#[test]
fn example_1_one_figure_first_score_only() {
    // BLUE's robber beside RED's woman (space 10); RED's normal follower elsewhere (20).
    let setup = || {
        let mut sb = Scoreboard::new(4);
        sb.pos[RED as usize] = 20;
        let woman = sb.add_figure(RED, 10);
        sb.robber[BLUE as usize] = 10;
        (sb, woman)
    };
    let normal = RED;
    let cases = [
        (vec![(true, 3), (false, 6)], Some(2)), // woman road, normal city: 2
        (vec![(false, 3), (true, 6)], Some(3)), // normal road, woman city: 3
        (vec![(true, 3), (true, 6)], Some(2)),  // woman both: the first (road): 2
        (vec![(false, 3), (false, 6)], None),   // normal both: nothing
    ];
    for (moves, want) in cases {
        let (mut sb, woman) = setup();
        let m: Vec<Move> = moves
            .iter()
            .map(|&(w, p)| mv(if w { woman } else { normal }, p))
            .collect();
        let ev = resolve_round(&mut sb, &m, &mut largest(&m));
        match want {
            Some(p) => {
                assert_eq!(robbed(&ev), vec![(BLUE, woman, p)], "{moves:?}");
                assert_eq!(sb.robber[BLUE as usize], IN_STOCK, "the robber goes home");
                assert_eq!(sb.pos[BLUE as usize], p as u8, "BLUE's figure moves");
            }
            None => {
                assert!(ev.is_empty(), "{moves:?}");
                assert_eq!(sb.robber[BLUE as usize], 10, "the robber stays");
            }
        }
    }
}

#[test]
fn example_2_robber_chooses_among_players() {
    // BLUE's robber beside GREEN's normal and RED's woman (10); their others at 20 and 30.
    let setup = || {
        let mut sb = Scoreboard::new(4);
        sb.pos[GREEN as usize] = 10;
        sb.pos[RED as usize] = 20;
        let red_w = sb.add_figure(RED, 10);
        let green_w = sb.add_figure(GREEN, 30);
        sb.robber[BLUE as usize] = 10;
        (sb, red_w, green_w)
    };
    // 1: both score with the figures beside the robber: he takes RED's woman's 6 → 3.
    let (mut sb, red_w, _) = setup();
    let m = [mv(GREEN, 3), mv(red_w, 6)];
    let mut asked = Vec::new();
    let ev = resolve_round(&mut sb, &m, &mut |r, c: &[u8]| {
        asked.push((r, c.to_vec()));
        1
    });
    assert_eq!(asked, vec![(BLUE, vec![0, 1])], "BLUE chooses between both");
    assert_eq!(robbed(&ev), vec![(BLUE, red_w, 3)]);
    // 2: GREEN normal and RED normal: only GREEN's 3 → 2.
    let (mut sb, _, _) = setup();
    let m = [mv(GREEN, 3), mv(RED, 6)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 2)]
    );
    // 3: both with figures elsewhere: nothing.
    let (mut sb, _, green_w) = setup();
    let m = [mv(green_w, 3), mv(RED, 6)];
    assert!(resolve_round(&mut sb, &m, &mut largest(&m)).is_empty());
}

/// Examples 3 and 4: GREEN's normal and woman and RED's normal beside the robber(s) at 10,
/// RED's woman at 30.
fn setup_34(robbers: &[u8]) -> (Scoreboard, u8, u8) {
    let mut sb = Scoreboard::new(4);
    sb.pos[GREEN as usize] = 10;
    sb.pos[RED as usize] = 10;
    let green_w = sb.add_figure(GREEN, 10);
    let red_w = sb.add_figure(RED, 30);
    for &r in robbers {
        sb.robber[r as usize] = 10;
    }
    (sb, green_w, red_w)
}

#[test]
fn example_3_first_moves_only_robber_chooses() {
    // 1: GREEN road 3 (woman), RED road 2 (normal), then their cities with the same figures:
    // only the first moves are on offer (3 and 2); the robber takes 2 from GREEN's woman.
    let (mut sb, gw, _) = setup_34(&[BLUE]);
    let m = [mv(gw, 3), mv(RED, 2), mv(gw, 6), mv(RED, 8)];
    let mut offered = Vec::new();
    let ev = resolve_round(&mut sb, &m, &mut |_, c: &[u8]| {
        offered = c.to_vec();
        let mut f = largest(&m);
        f(BLUE, c)
    });
    assert_eq!(offered, vec![0, 1], "the cities are not on offer");
    assert_eq!(robbed(&ev), vec![(BLUE, gw, 2)]);
    // Had GREEN scored the city with the normal follower, it would have been on offer too.
    let (mut sb, gw, _) = setup_34(&[BLUE]);
    let m = [mv(gw, 3), mv(RED, 2), mv(GREEN, 6), mv(RED, 8)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 3)]
    );
    // 2: RED's woman road 2 (elsewhere), GREEN's woman road 3, RED's normal city 8: 4 from RED.
    let (mut sb, gw, rw) = setup_34(&[BLUE]);
    let m = [mv(rw, 2), mv(gw, 3), mv(RED, 8)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, RED, 4)]
    );
    // 3: RED's woman road 2 and city 8 (elsewhere), GREEN's normal city 6: 3 from GREEN.
    let (mut sb, _, rw) = setup_34(&[BLUE]);
    let m = [mv(rw, 2), mv(rw, 8), mv(GREEN, 6)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 3)]
    );
}

#[test]
fn example_4_several_robbers_each_take_half() {
    // 1: BLUE robs GREEN's woman (2), YELLOW chooses RED's normal (1).
    let (mut sb, gw, _) = setup_34(&[BLUE, YELLOW]);
    let m = [mv(gw, 3), mv(RED, 2), mv(gw, 6), mv(RED, 8)];
    let ev = resolve_round(&mut sb, &m, &mut |r, _c: &[u8]| {
        if r == BLUE {
            0
        } else {
            1
        }
    });
    assert_eq!(robbed(&ev), vec![(BLUE, gw, 2), (YELLOW, RED, 1)]);
    // 2: both take half of RED's normal's city: 4 each.
    let (mut sb, gw, rw) = setup_34(&[BLUE, YELLOW]);
    let m = [mv(rw, 2), mv(gw, 3), mv(RED, 8)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, RED, 4), (YELLOW, RED, 4)]
    );
    // 3: both can only take half of GREEN's normal's city: 3 each.
    let (mut sb, _, rw) = setup_34(&[BLUE, YELLOW]);
    let m = [mv(rw, 2), mv(rw, 8), mv(GREEN, 6)];
    assert_eq!(
        robbed(&resolve_round(&mut sb, &m, &mut largest(&m))),
        vec![(BLUE, GREEN, 3), (YELLOW, GREEN, 3)]
    );
    assert_eq!(sb.robber[BLUE as usize], IN_STOCK);
    assert_eq!(sb.robber[YELLOW as usize], IN_STOCK);
}

#[test]
fn rogue_points_move_the_robber_for_nothing() {
    // A (0) robs B (1) at 10; C's (2) robber stands beside A's figure at 5: it moves with A.
    let mut sb = Scoreboard::new(3);
    sb.pos = [5, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    sb.robber[0] = 10;
    sb.robber[2] = 5;
    let m = [mv(1, 5)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(robbed(&ev), vec![(0, 1, 3)], "half of 5, rounded up");
    assert!(ev.contains(&RoundEvent::Rogue {
        robber: 2,
        figure: 0,
        from: 5,
        to: 8
    }));
    assert_eq!(sb.robber[2], 8);
    assert_eq!(sb.pos[0], 8);
    // Footnote 10: beside two figures, one scoring rogue points and the other nothing: it moves.
    let mut sb = Scoreboard::new(4);
    sb.pos = [5, 10, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0];
    sb.robber[0] = 10;
    sb.robber[2] = 5; // beside A (0) and D (3)
    let m = [mv(1, 4)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(sb.robber[2], 7, "{ev:?}");
}

#[test]
fn never_robbing_oneself() {
    // A's robber at 10 beside A's own figure and B's figure.
    let mut sb = Scoreboard::new(2);
    sb.pos[0] = 10;
    sb.pos[1] = 10;
    sb.robber[0] = 10;
    let m = [mv(0, 6)];
    assert!(
        resolve_round(&mut sb, &m, &mut largest(&m)).is_empty(),
        "own score not robbed"
    );
    assert_eq!(sb.robber[0], 10);
    // A robber may only go where another player's figure stands.
    let mut sb = Scoreboard::new(2);
    sb.pos[0] = 4;
    sb.pos[1] = 9;
    assert_eq!(sb.robber_spaces(0).as_slice(), &[9]);
    assert_eq!(sb.robber_spaces(1).as_slice(), &[4]);
}

#[test]
fn fifty_space_track_wraps() {
    let mut sb = Scoreboard::new(2);
    sb.pos[1] = 48;
    sb.robber[0] = 48;
    let m = [mv(1, 5)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(sb.pos[1], 3, "48 + 5 on a 50-space track");
    assert_eq!(robbed(&ev), vec![(0, 1, 3)]);
}

// ---------------------------------------------------------------------------------------------
// The Robbers in play

fn robber_game(players: u8, placement: RobberPlacement, final_points: u8) -> Game<'static> {
    let t = custom("D", &[("D", 1), ("U", 2), ("E", 1)], &[("U", 2)]);
    Game::new(
        t,
        Rules {
            players,
            robbers: true,
            placement,
            final_points,
            share: RobberShare::Half,
            robbers_per_player: 1,
        },
    )
}

#[test]
fn next_in_stock_lets_one_other_player_place() {
    let mut g = robber_game(3, RobberPlacement::NextInStock, 3);
    let mut log = Log::default();
    let k = kind(g.t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(1, 0),
            rot: 1,
        },
        &mut log,
    );
    assert_eq!(g.phase, Phase::Robber);
    assert_eq!(g.actor(), Some(0));
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None), Action::Robber(Some(0))]
    );
    g.apply(Action::Robber(Some(0)), &mut log);
    assert_eq!(
        g.actor(),
        Some(1),
        "the next player whose robber is in stock"
    );
    g.apply(Action::Robber(None), &mut log);
    assert_eq!(g.phase, Phase::Follower, "only one other player");
}

#[test]
fn each_other_lets_every_player_place_in_turn_order() {
    let mut g = robber_game(3, RobberPlacement::EachOther, 3);
    let mut log = Log::default();
    turn(&mut g, "U", false, (1, 0, 1), &[], None, &mut log); // seat 0, plain tile
                                                              // Seat 1 draws a robber tile: seat 1, then 2, then 0 may place.
    let k = kind(g.t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(-1, 0),
            rot: 1,
        },
        &mut log,
    );
    let mut actors = Vec::new();
    while g.phase == Phase::Robber {
        actors.push(g.actor().unwrap());
        g.apply(Action::Robber(Some(0)), &mut log);
    }
    assert_eq!(actors, vec![1, 2, 0]);
}

#[test]
fn active_player_moves_a_placed_robber_and_robbers_steal_in_play() {
    let mut g = robber_game(2, RobberPlacement::NextInStock, 3);
    let mut log = Log::default();
    // Seat 0: robber tile east; seat 0 puts the robber beside seat 1's figure (space 0),
    // seat 1 declines. Follower on the road (seg 0 of U).
    turn(
        &mut g,
        "U",
        true,
        (1, 0, 1),
        &[Some(0), None],
        Some(0),
        &mut log,
    );
    // Seat 1: E closes the city with a follower: 4 points; seat 0's robber takes 2.
    turn(&mut g, "E", false, (0, -1, 2), &[], Some(0), &mut log);
    assert_eq!(g.score[1], 4, "the robbed player keeps every point");
    assert_eq!(g.score[0], 2, "half of 4");
    assert_eq!(log.robberies(), vec![(0, 1, 2)]);
    assert_eq!(g.sb.robber[0], IN_STOCK);
    // Seat 0: the second robber tile; seat 0 places again beside seat 1 (space 4), seat 1
    // places beside seat 0 (space 2).
    turn(
        &mut g,
        "U",
        true,
        (-1, 0, 1),
        &[Some(4), Some(2)],
        None,
        &mut log,
    );
    assert_eq!(g.sb.robber[0], 4);
    assert_eq!(g.sb.robber[1], 2);
    // Seat 1: plain U; no robber phase.
    turn(&mut g, "U", false, (2, 0, 1), &[], None, &mut log);
    // Seat 0: last U; the game ends: robbers left get 3 each (2013 rule).
    turn(&mut g, "U", false, (-2, 0, 1), &[], None, &mut log);
    assert!(g.is_over());
    let finals: Vec<_> = log
        .0
        .iter()
        .filter(|e| matches!(e, Event::RobberFinal { .. }))
        .collect();
    assert_eq!(finals.len(), 2);
    assert!(log.0.contains(&Event::RobberFinal {
        player: 0,
        points: 3
    }));
}

#[test]
fn active_player_may_move_own_robber() {
    let t = custom("D", &[("D", 1), ("U", 2)], &[("U", 2)]);
    let mut g = Game::new(
        t,
        Rules {
            players: 2,
            ..Rules::robbers(2)
        },
    );
    let mut log = Log::default();
    turn(
        &mut g,
        "U",
        true,
        (1, 0, 1),
        &[Some(0), None],
        None,
        &mut log,
    ); // seat 0 places
    turn(&mut g, "U", false, (2, 0, 1), &[], None, &mut log); // seat 1
                                                              // Seat 0 again with a robber tile: its robber is on the board: it may move it (not to its
                                                              // own space) or leave it. Seat 1's robber is in stock: seat 1 may place after.
    let k = kind(t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(-1, 0),
            rot: 1,
        },
        &mut log,
    );
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None)],
        "space 0 is where it stands"
    );
    g.apply(Action::Robber(None), &mut log);
    assert_eq!(g.actor(), Some(1));
}

#[test]
fn final_robber_points_three_or_zero() {
    for (fp, want) in [(3u8, 3u16), (0, 0)] {
        let t = custom("D", &[("D", 1), ("U", 0)], &[("U", 1)]);
        let mut g = Game::new(
            t,
            Rules {
                players: 2,
                robbers: true,
                placement: RobberPlacement::NextInStock,
                final_points: fp,
                share: RobberShare::Half,
                robbers_per_player: 1,
            },
        );
        let mut log = Log::default();
        turn(
            &mut g,
            "U",
            true,
            (1, 0, 1),
            &[Some(0), None],
            None,
            &mut log,
        );
        assert!(g.is_over());
        assert_eq!(g.score[0], want, "final_points {fp}");
        assert!(log.0.contains(&Event::RobberFinal {
            player: 0,
            points: want
        }));
        assert_eq!(g.sb.robber[0], IN_STOCK);
    }
}

#[test]
fn half_rounds_up() {
    assert_eq!(half_up(1), 1);
    assert_eq!(half_up(5), 3);
    assert_eq!(half_up(8), 4);
}

#[test]
fn robber_share_knob_sets_what_a_robber_takes() {
    // BLUE's robber beside GREEN's figure, which scores 10.
    for (share, taken) in [
        (RobberShare::Half, 5),
        (RobberShare::Third, 4),
        (RobberShare::Quarter, 3),
        (RobberShare::All, 10),
    ] {
        let mut sb = Scoreboard::new(4);
        sb.share = share;
        sb.pos[GREEN as usize] = 10;
        sb.robber[BLUE as usize] = 10;
        let m = [mv(GREEN, 10)];
        let ev = resolve_round(&mut sb, &m, &mut largest(&m));
        assert_eq!(robbed(&ev), vec![(BLUE, GREEN, taken)], "{}", share.name());
        assert_eq!(
            sb.pos[GREEN as usize], 20,
            "the robbed figure keeps all its points"
        );
        assert_eq!(sb.pos[BLUE as usize], taken as u8, "{}", share.name());
    }
    // The game sets its scoreboard's share from the rules.
    let g = Game::new(
        base(),
        Rules {
            share: RobberShare::Third,
            ..Rules::robbers(3)
        },
    );
    assert_eq!(g.sb.share, RobberShare::Third);
}

#[test]
fn robbers_per_player_knob_gives_each_player_two_robbers() {
    let mut g = robber_game(2, RobberPlacement::NextInStock, 3);
    g.rules.robbers_per_player = 2;
    g.reset(g.rules);
    let mut log = Log::default();
    // Seat 0: a robber tile; its first robber goes beside seat 1's figure (space 0).
    turn(
        &mut g,
        "U",
        true,
        (1, 0, 1),
        &[Some(0), None],
        None,
        &mut log,
    );
    assert_eq!(g.sb.robber[0], 0);
    turn(&mut g, "U", false, (-1, 0, 1), &[], None, &mut log);
    // Seat 0 draws the second robber tile: with a robber still in stock it places that one
    // (robber 2, seat 0's second, coded with ROBBER_CODE) and does not move the first.
    let k = kind(g.t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(2, 0),
            rot: 1,
        },
        &mut log,
    );
    assert_eq!((g.phase, g.actor()), (Phase::Robber, Some(0)));
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None), Action::Robber(Some(ROBBER_CODE))],
        "only the robber in stock is placed"
    );
    assert!(g.robber_on(0, 0) && g.stock_robber(0) == Some(1));
    assert_eq!(g.robber_to(0, 0), Action::Robber(Some(ROBBER_CODE)));
    // Both on the board: either may move, to any space but its own.
    g.sb.robber[2] = 0;
    g.sb.pos[1] = 5;
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[
            Action::Robber(None),
            Action::Robber(Some(5)),
            Action::Robber(Some(5 + ROBBER_CODE))
        ]
    );
    assert!(
        !g.is_legal(Action::Robber(Some(2 * ROBBER_CODE + 5))),
        "no third robber"
    );
    g.apply(Action::Robber(Some(5 + ROBBER_CODE)), &mut log);
    assert_eq!((g.sb.robber[0], g.sb.robber[2]), (0, 5));
    assert_eq!(g.sb.owner_of(2), 0);
    // Two robbers of one player on the space of a scoring figure both take their share.
    let mut sb = Scoreboard::new(2);
    sb.n_robbers = 4;
    sb.pos[1] = 5;
    sb.robber[0] = 5;
    sb.robber[2] = 5;
    let m = [mv(1, 10)];
    let ev = resolve_round(&mut sb, &m, &mut largest(&m));
    assert_eq!(robbed(&ev), vec![(0, 1, 5), (2, 1, 5)]);
    assert_eq!(sb.pos[0], 10, "seat 0's figure moves by both shares");
}

// ---------------------------------------------------------------------------------------------
// Scoring gaps: cloisters and farms

/// Every `Score` event as (player, points, feature, complete).
fn scores(log: &Log) -> Vec<(u8, u16, Feature, bool)> {
    log.0
        .iter()
        .filter_map(|e| match *e {
            Event::Score {
                player,
                points,
                feature,
                complete,
            } => Some((player, points, feature, complete)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_completed_cloister_scores_nine() {
    // Only cloisters (B): seat 0 claims the one at (1, 0); the other 8 places around it fill.
    let t = custom("B", &[("B", 9)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    turn(&mut g, "B", false, (1, 0, 0), &[], Some(1), &mut log);
    let around = [(0, -1), (1, -1), (2, -1), (2, 0), (0, 1), (1, 1), (2, 1)];
    for (i, &(x, y)) in around.iter().enumerate() {
        assert_eq!(
            g.stock[0],
            FOLLOWERS - 1,
            "still on the cloister before tile {i}"
        );
        turn(&mut g, "B", false, (x, y, 0), &[], None, &mut log);
    }
    assert_eq!(
        scores(&log),
        vec![(0, 9, Feature::Cloister, true)],
        "itself and its 8 neighbours"
    );
    assert_eq!(g.score[0], 9);
    assert_eq!(g.stock[0], FOLLOWERS, "the monk came home");
    assert!(g.is_over());
}

/// Start H (cities East and West, one field North and South touching both) with B and E tiles:
/// seat 0 farms H's field from a B to the north; `close` E tiles close the cities (east first).
fn farm_game(close: usize) -> (Game<'static>, Log) {
    let t = custom("H", &[("H", 1), ("B", 1), ("E", close as u32)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    turn(&mut g, "B", false, (0, -1, 0), &[], Some(0), &mut log);
    let closers = [(1, 0, 3), (-1, 0, 1)];
    for &(x, y, rot) in &closers[..close] {
        turn(&mut g, "E", false, (x, y, rot), &[], None, &mut log);
    }
    (g, log)
}

#[test]
fn a_farm_touching_two_completed_cities_scores_six() {
    let (g, log) = farm_game(2);
    assert!(g.is_over());
    assert_eq!(scores(&log), vec![(0, 6, Feature::Field, false)]);
    assert_eq!(g.score[..2], [6, 0]);
}

#[test]
fn an_incomplete_city_scores_nothing_for_farms() {
    // Only the east city closes: 3 for it, nothing for the open west one.
    let (g, log) = farm_game(1);
    assert!(g.is_over());
    assert_eq!(scores(&log), vec![(0, 3, Feature::Field, false)]);
    // No city closed at all: the farm scores nothing.
    let (g, log) = farm_game(0);
    assert!(g.is_over());
    assert!(scores(&log).is_empty(), "{:?}", scores(&log));
    assert_eq!(g.score[0], 0);
}

#[test]
fn a_city_reached_through_two_tiles_of_one_field_counts_once() {
    // Start D (city cap North, road East-West). E closes the city from the north; V and B join
    // D's north field and E's field into one, which touches the city on D and on E.
    let t = custom("D", &[("D", 1), ("E", 1), ("V", 1), ("B", 1)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    turn(&mut g, "E", false, (0, -1, 2), &[], None, &mut log);
    turn(&mut g, "V", false, (1, 0, 0), &[], None, &mut log);
    turn(&mut g, "B", false, (1, -1, 0), &[], Some(0), &mut log);
    assert!(g.is_over());
    assert_eq!(
        scores(&log),
        vec![(0, 3, Feature::Field, false)],
        "one completed city, not two"
    );
}

#[test]
fn tied_farmers_both_score_in_full() {
    // Seat 0 farms H's field from the north (B); seat 1 farms the field of the E that closes
    // the east city; a second B joins the two fields; the last E closes the west city.
    let t = custom("H", &[("H", 1), ("B", 2), ("E", 2)], &[]);
    let mut g = Game::new(t, Rules::base(2));
    let mut log = Log::default();
    turn(&mut g, "B", false, (0, -1, 0), &[], Some(0), &mut log);
    turn(&mut g, "E", false, (1, 0, 3), &[], Some(1), &mut log);
    turn(&mut g, "B", false, (1, -1, 0), &[], None, &mut log);
    turn(&mut g, "E", false, (-1, 0, 1), &[], None, &mut log);
    assert!(g.is_over());
    assert_eq!(
        scores(&log),
        vec![(0, 6, Feature::Field, false), (1, 6, Feature::Field, false)],
        "one farmer each: both score both cities"
    );
}

// ---------------------------------------------------------------------------------------------
// The Robbers in play: a placed robber moved, and the players' choices (the seed's examples)

#[test]
fn the_active_player_moves_a_placed_robber() {
    let t = custom("D", &[("D", 1), ("E", 1), ("U", 1)], &[("U", 2)]);
    let mut g = Game::new(t, Rules::robbers(3));
    let mut log = Log::default();
    turn(&mut g, "U", false, (1, 0, 1), &[], None, &mut log); // seat 0
    turn(&mut g, "E", false, (0, -1, 2), &[], Some(0), &mut log); // seat 1: city, 4
    assert_eq!(g.sb.pos[..3], [0, 4, 0]);
    // Seat 2's robber tile: seat 2 declines, seat 0 puts its robber beside seat 1 (space 4).
    turn(
        &mut g,
        "U",
        true,
        (-1, 0, 1),
        &[None, Some(4)],
        None,
        &mut log,
    );
    assert_eq!(g.sb.robber[0], 4);
    // Seat 0's robber tile: its robber is on the board; it moves it beside seat 2 (space 0).
    let k = kind(t, "U", true);
    g.apply_draw(k, &mut log);
    g.apply(
        Action::Place {
            cell: at(2, 0),
            rot: 1,
        },
        &mut log,
    );
    assert_eq!(g.actor(), Some(0));
    let mut legal = arrayvec::ArrayVec::new();
    g.legal(&mut legal);
    assert_eq!(
        legal.as_slice(),
        &[Action::Robber(None), Action::Robber(Some(0))]
    );
    log.0.clear();
    g.try_apply(Action::Robber(Some(0)), &mut log).unwrap();
    assert_eq!(
        log.0,
        vec![Event::RobberPlaced {
            player: 0,
            space: 0,
            moved: true
        }]
    );
    assert_eq!(g.sb.robber[0], 0);
    g.check().unwrap();
}

/// The layout of the examples (start U, road North-South): `B` (a robber tile for the first
/// player) at (1, 0); a city cap E at (1, 1) facing West; roads ending in A at (0, -1) and
/// A at (-1, 1) (after a plain B at (-1, 0)); the last tile, L at (0, 1), closes the city (2
/// tiles, 4 points), the North-South road (A, U, L: 3 points) and the road from (-1, 1) (2).
fn examples_tiles() -> &'static TileSet {
    custom(
        "U",
        &[("U", 1), ("E", 1), ("A", 2), ("B", 3), ("L", 1)],
        &[("B", 1)],
    )
}

fn examples_game(players: u8, share: RobberShare, placement: RobberPlacement) -> Game<'static> {
    Game::new(
        examples_tiles(),
        Rules {
            share,
            placement,
            ..Rules::robbers(players)
        },
    )
}

/// Places the last tile (L) and its follower phase; the round's decisions follow.
fn last_tile(g: &mut Game, log: &mut Log) {
    let k = kind(g.t, "L", false);
    g.apply_draw(k, log);
    g.apply(
        Action::Place {
            cell: at(0, 1),
            rot: 1,
        },
        log,
    );
    g.apply(Action::Follower(None), log);
}

fn legal_now(g: &Game) -> Vec<Action> {
    let mut v = arrayvec::ArrayVec::new();
    g.legal(&mut v);
    v.to_vec()
}

#[test]
fn example_1_the_scoring_player_orders_their_scores() {
    // BLUE's robber beside RED's figure; one tile scores RED's road (3) and city (4). RED
    // chooses which moves first; with `all` the robber takes the whole first score.
    for (first, taken) in [(0u8, 3u16), (1, 4)] {
        let mut g = examples_game(2, RobberShare::All, RobberPlacement::NextInStock);
        let mut log = Log::default();
        turn(
            &mut g,
            "B",
            true,
            (1, 0, 0),
            &[Some(0), None],
            None,
            &mut log,
        ); // BLUE
        turn(&mut g, "E", false, (1, 1, 3), &[], Some(0), &mut log); // RED: city
        turn(&mut g, "B", false, (-1, 0, 0), &[], None, &mut log); // BLUE
        turn(&mut g, "A", false, (0, -1, 0), &[], Some(0), &mut log); // RED: road
        last_tile(&mut g, &mut log); // BLUE
        assert_eq!(g.phase, Phase::Order);
        assert_eq!(g.actor(), Some(RED));
        let own: Vec<u16> = g.own_scores(RED).map(|s| s.0).collect();
        assert_eq!(own, vec![3, 4], "road then city until RED chooses");
        assert_eq!(legal_now(&g), vec![Action::First(0), Action::First(1)]);
        log.0.clear();
        g.try_apply(Action::First(first), &mut log).unwrap();
        assert_eq!(log.robberies(), vec![(BLUE, RED, taken)], "first {first}");
        assert_eq!(g.score[RED as usize], 7, "RED keeps every point");
        assert_eq!(g.score[BLUE as usize], taken);
        assert_eq!(g.sb.robber[BLUE as usize], IN_STOCK);
        g.check().unwrap();
    }
}

#[test]
fn example_1_no_order_to_choose_without_a_robber_beside() {
    // The same tiles, BLUE declines its robber: RED's scores just move; nobody is asked.
    let mut g = examples_game(2, RobberShare::All, RobberPlacement::NextInStock);
    let mut log = Log::default();
    turn(&mut g, "B", true, (1, 0, 0), &[None, None], None, &mut log);
    turn(&mut g, "E", false, (1, 1, 3), &[], Some(0), &mut log);
    turn(&mut g, "B", false, (-1, 0, 0), &[], None, &mut log);
    turn(&mut g, "A", false, (0, -1, 0), &[], Some(0), &mut log);
    last_tile(&mut g, &mut log);
    assert_eq!(
        g.phase,
        Phase::Draw,
        "no decision: the round resolved, the next turn"
    );
    assert_eq!(g.score[RED as usize], 7);
    assert!(log.robberies().is_empty());
}

/// Examples 2-4 on the layout with 3 or 4 players: BLUE's robber (and YELLOW's, with
/// `yellow_too`) beside RED's and GREEN's figures; RED claims the city and the North-South
/// road, GREEN the road from (-1, 1). The last tile scores RED 3 + 4 and GREEN 2.
fn examples_234(players: u8, yellow_too: bool) -> (Game<'static>, Log) {
    let placement = if yellow_too {
        RobberPlacement::EachOther
    } else {
        RobberPlacement::NextInStock
    };
    let mut g = examples_game(players, RobberShare::Half, placement);
    let mut log = Log::default();
    // BLUE's robber tile: BLUE places at 0; the others decline but YELLOW (with `yellow_too`).
    let answers: Vec<Option<u8>> = (0..players)
        .map(|p| (p == BLUE || (yellow_too && p == YELLOW)).then_some(0))
        .collect();
    let seat = |g: &Game| g.current;
    let mut play = |g: &mut Game, name: &str, pos: (i16, i16, u8), who: u8, f: Option<u8>| {
        // Seats that are not in the story place plain B tiles in a row to the east.
        while seat(g) != who {
            let x = (2..).find(|&x| g.tile_at(at(x, 0)).is_none()).unwrap();
            turn(g, "B", false, (x, 0, 0), &[], None, &mut log);
        }
        let robbers = if name == "B" && pos == (1, 0, 0) {
            answers.clone()
        } else {
            vec![]
        };
        turn(
            g,
            name,
            name == "B" && pos == (1, 0, 0),
            pos,
            &robbers,
            f,
            &mut log,
        );
    };
    play(&mut g, "B", (1, 0, 0), BLUE, None);
    play(&mut g, "E", (1, 1, 3), RED, Some(0));
    play(&mut g, "B", (-1, 0, 0), GREEN, None);
    play(&mut g, "A", (0, -1, 0), RED, Some(0));
    play(&mut g, "A", (-1, 1, 3), GREEN, Some(0));
    last_tile(&mut g, &mut log);
    (g, log)
}

#[test]
fn example_2_and_3_the_robber_chooses_among_first_moves_only() {
    // RED orders its two scores; BLUE's robber then chooses between RED's first move and
    // GREEN's (RED's second is not on offer).
    for (red_first, blue_takes, victim, points) in [
        (0u8, 0u8, RED, 2u16), // RED's road 3 first; BLUE takes half of it
        (0, 1, GREEN, 1),      // or GREEN's road 2
        (1, 0, RED, 2),        // RED's city 4 first; BLUE takes half of it
    ] {
        let (mut g, mut log) = examples_234(3, false);
        assert_eq!(g.phase, Phase::Order);
        assert_eq!(g.actor(), Some(RED));
        g.try_apply(Action::First(red_first), &mut log).unwrap();
        assert_eq!(g.phase, Phase::Rob);
        assert_eq!(g.actor(), Some(BLUE));
        let offered: Vec<(u8, u16)> = g
            .rob_candidates(g.robber_asked())
            .iter()
            .map(|&c| {
                let (p, pts, _) = g.round_score(c);
                (p, pts)
            })
            .collect();
        let red_first_pts = if red_first == 0 { 3 } else { 4 };
        assert_eq!(offered, vec![(RED, red_first_pts), (GREEN, 2)]);
        assert_eq!(legal_now(&g), vec![Action::Rob(0), Action::Rob(1)]);
        log.0.clear();
        g.try_apply(Action::Rob(blue_takes), &mut log).unwrap();
        assert_eq!(log.robberies(), vec![(BLUE, victim, points)]);
        assert_eq!(g.score[..3], [points, 7, 2], "the robbed keep their points");
        g.check().unwrap();
    }
}

#[test]
fn example_4_several_robbers_each_choose_and_take_half() {
    let (mut g, mut log) = examples_234(4, true);
    assert_eq!(g.sb.robber[BLUE as usize], 0);
    assert_eq!(g.sb.robber[YELLOW as usize], 0);
    // RED scores its road first; BLUE then YELLOW choose.
    assert_eq!(g.actor(), Some(RED));
    g.try_apply(Action::First(0), &mut log).unwrap();
    assert_eq!((g.phase, g.actor()), (Phase::Rob, Some(BLUE)));
    g.try_apply(Action::Rob(1), &mut log).unwrap(); // GREEN's road 2: 1
    assert_eq!((g.phase, g.actor()), (Phase::Rob, Some(YELLOW)));
    log.0.clear();
    g.try_apply(Action::Rob(0), &mut log).unwrap(); // RED's road 3: 2
    assert_eq!(log.robberies(), vec![(BLUE, GREEN, 1), (YELLOW, RED, 2)]);
    assert_eq!(g.score[..4], [1, 7, 2, 2]);
    assert_eq!(g.sb.robber[BLUE as usize], IN_STOCK);
    assert_eq!(g.sb.robber[YELLOW as usize], IN_STOCK);
    g.check().unwrap();
}
