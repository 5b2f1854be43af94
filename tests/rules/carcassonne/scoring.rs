//! Carcassonne scoring: completed and incomplete features, followers returned, majorities, discards, cloisters and farms.

use super::*;

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
