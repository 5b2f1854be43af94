//! The Robbers' decisions in play (the seed's examples): a placed robber moved, a player ordering their scores, a robber choosing what it takes.

use super::*;

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
