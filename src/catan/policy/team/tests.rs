//! Team policy tests: conceding, soldier timing, help trades, whole games and knobs.

use super::stuck::{
    largest_army_open, longest_road_open, provably_lost, road_reach, team_stuck, ROAD_LOOKAHEAD,
};
use super::*;
use crate::catan::policy::testkit::{after_setup, run_checked};

fn robert_rules(cards: u8) -> Rules {
    Rules::robert(
        4,
        RobertRules {
            start_cards: cards,
            ..Default::default()
        },
    )
}

/// A Robert game after set-up, with seat 0 to move before the roll and one soldier in hand.
fn preroll_with_soldier(topo: &Topology) -> Game<'_> {
    let mut g = Game::new(topo, Layout::fixed(topo), robert_rules(0));
    after_setup(&mut g);
    assert_eq!(g.s.phase, Phase::PreRoll);
    g.s.deck[DevCard::Knight.idx()] -= 1;
    g.s.players[0].dev[DevCard::Knight.idx()] = 1;
    g
}

/// Seat 0 can build no more VP (no city or settlement piece left) and no VP card is left to
/// draw: whether the team is stuck then turns on longest road and largest army alone.
#[test]
fn stuck_counts_largest_army_and_longest_road() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let base = {
        let mut g = Game::new(&topo, Layout::fixed(&topo), robert_rules(0));
        after_setup(&mut g);
        g.s.deck[DevCard::VictoryPoint.idx()] = 0;
        let p = &mut g.s.players[0];
        p.cities_left = 0;
        p.settlements_left = 0;
        p.vp = 7;
        g
    };
    let stuck = |g: &Game| team_stuck(g, &mut Memo::default(), 0);
    assert!(
        !stuck(&base),
        "7 + longest road 2 + largest army 2 can reach 10"
    );
    assert!(longest_road_open(&base, PlayerId(0)));
    assert!(largest_army_open(&base, PlayerId(0)));
    // No road piece left: largest army alone (9) falls short.
    let mut g = base.clone();
    g.s.players[0].roads_left = 0;
    assert!(!longest_road_open(&g, PlayerId(0)));
    assert!(stuck(&g));
    // One VP more and largest army closes the gap.
    g.s.players[0].vp = 8;
    assert!(!stuck(&g));
    // ...unless no knight is left to draw or reshuffle and none is in hand.
    let k = DevCard::Knight.idx();
    g.s.deck[k] = 0;
    g.s.played[k] = 0;
    assert!(stuck(&g));
    // Two knights in hand and one played: the third makes largest army.
    g.s.players[0].dev[k] = 2;
    g.s.players[0].knights_played = 1;
    assert!(!stuck(&g));
    // Another seat holds it with 4 knights: 3 do not beat it.
    g.s.players[1].knights_played = 4;
    g.s.largest_army = 1;
    assert!(stuck(&g));
    // A VP card still in the deck, or gold in play, is always a way to win.
    let mut h = g.clone();
    h.s.deck[DevCard::VictoryPoint.idx()] = 1;
    assert!(!stuck(&h));
    let mut h = g.clone();
    h.rules = h.rules.with_modifiers(Modifiers::GOLD);
    assert!(!stuck(&h));
}

/// After `concede_after_idle_turns` player-turns without a team VP gain the team concedes
/// (soldiers are no longer played) and says the game stalled; 0 never concedes.
#[test]
fn concedes_a_stalled_game() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 3, crate::engine::seeds::Stream::POLICY);
    for (limit, concedes) in [(50u32, true), (0, false)] {
        let mut pol = TeamPolicy::new(TeamKnobs {
            concede_after_idle_turns: limit,
            soldier_panic_face_up: 99,
            ..Default::default()
        });
        let mut g = preroll_with_soldier(&topo);
        let start = g.s.turn;
        assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
        g.s.turn = start + 49;
        assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
        assert!(!pol.stalled());
        g.s.turn = start + 50;
        let want = if concedes {
            Action::RobertMoves
        } else {
            Action::PlayKnight
        };
        assert_eq!(pol.choose(&g, &mut buf, &mut rng), want);
        assert_eq!(pol.stalled(), concedes);
    }
}

#[test]
fn soldier_only_for_a_valuable_token() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut pol = TeamPolicy::default();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 3, crate::engine::seeds::Stream::POLICY);
    // Nothing face down: Robert moves.
    let g = preroll_with_soldier(&topo);
    assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
    // The two most valuable built-on tokens face down: soldier, flipping the best back first.
    let mut g = preroll_with_soldier(&topo);
    let mut hexes: Vec<usize> = topo.land_hexes.iter().collect();
    hexes.sort_by_key(|&h| std::cmp::Reverse(team_value(&g, h)));
    let (h, h2) = (hexes[0], hexes[1]);
    let value = team_value(&g, h) + team_value(&g, h2);
    assert!(value >= pol.knobs.soldier_min_pips as u32, "value {value}");
    g.s.face_down.insert(h);
    g.s.face_down.insert(h2);
    assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
    g.try_apply(Action::PlayKnight, &mut ()).unwrap();
    assert_eq!(g.s.phase, Phase::FlipUp);
    let a = pol.choose(&g, &mut buf, &mut rng);
    assert!(
        a == Action::FlipUp(HexId(h as u8)) || a == Action::FlipUp(HexId(h2 as u8)),
        "{a:?}"
    );
    // A single low-value token face down (below the threshold): Robert moves.
    let mut g = preroll_with_soldier(&topo);
    let low = *hexes
        .iter()
        .rev()
        .find(|&&x| {
            let v = team_value(&g, x);
            v > 0 && v < pol.knobs.soldier_min_pips as u32
        })
        .unwrap();
    g.s.face_down.insert(low);
    assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
    // The valuable pair again, but a threshold above its value: Robert moves.
    let mut strict = TeamPolicy::new(TeamKnobs {
        soldier_min_pips: 1000,
        ..TeamKnobs::default()
    });
    let mut g = preroll_with_soldier(&topo);
    g.s.face_down.insert(h);
    g.s.face_down.insert(h2);
    assert_eq!(strict.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
}

#[test]
fn help_trade_is_legal() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut g = Game::new(&topo, Layout::fixed(&topo), robert_rules(0));
    after_setup(&mut g);
    g.apply(Action::RobertMoves, &mut ());
    while g.s.phase != Phase::Main {
        let o = match g.chance().unwrap() {
            ChanceDist::Dice => ChanceOutcome::Dice(1, 2),
            ChanceDist::Uniform(s) => ChanceOutcome::Hex(HexId(s.nth(0) as u8)),
            ChanceDist::Weighted(_) | ChanceDist::Die => unreachable!(),
        };
        g.apply_chance(o, &mut ());
    }
    // Seat 0 is far ahead and rich; seat 1 is the laggard with one spare card.
    let set = |g: &mut Game, q: usize, hand: Hand| {
        for r in 0..5 {
            g.s.bank[r] += g.s.players[q].hand[r];
            g.s.bank[r] -= hand[r];
        }
        g.s.players[q].hand = hand;
    };
    for q in 0..4 {
        set(&mut g, q, [0; 5]);
    }
    set(&mut g, 0, [3, 3, 3, 3, 0]);
    set(&mut g, 1, [0, 0, 2, 0, 1]);
    g.s.players[0].vp = 10;
    g.s.players[2].vp = 5;
    g.s.players[3].vp = 5;
    let mut pol = TeamPolicy::default();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 4, crate::engine::seeds::Stream::POLICY);
    let a = pol.choose(&g, &mut buf, &mut rng);
    match a {
        Action::Trade { with, give, get } => {
            assert_eq!(with, PlayerId(1));
            assert_eq!(laggard(&g), PlayerId(1));
            assert_eq!(give.iter().sum::<u8>(), 2);
            assert_eq!(get.iter().sum::<u8>(), 1);
            assert!(g.trade_ok(with, &give, &get));
        }
        other => panic!("expected a help trade, got {other:?}"),
    }
    g.try_apply(a, &mut ()).unwrap();
}

#[test]
fn robert_games_end_without_panic() {
    for cards in [0, 3] {
        let (outs, _) = run_checked(robert_rules(cards), 200, TeamPolicy::default);
        assert!(outs.iter().all(|o| *o != Outcome::Cap));
    }
}

#[test]
fn base_games_end_without_panic() {
    let (outs, _) = run_checked(Rules::base(4), 200, TeamPolicy::default);
    assert!(outs.iter().filter(|o| **o == Outcome::Cap).count() <= 2);
}

#[test]
fn knobs_from_toml() {
    let k: TeamKnobs = toml::from_str("soldier_min_pips = 9\nhelp_laggard = false").unwrap();
    assert_eq!(k.soldier_min_pips, 9);
    assert!(!k.help_laggard);
    assert_eq!(k.monopoly_min_pips, TeamKnobs::default().monopoly_min_pips);
    assert!(toml::from_str::<TeamKnobs>("nope = 1").is_err());
}

/// A Robert game after set-up where seat 0 (8 VP) can build no more VP (no city or settlement
/// piece left) and no VP card is left to draw: only the awards can bring it to the target.
fn boxed_in(topo: &Topology, phase: Phase) -> Game<'_> {
    let mut g = preroll_with_soldier(topo);
    g.s.deck[DevCard::VictoryPoint.idx()] = 0;
    let p = &mut g.s.players[0];
    p.cities_left = 0;
    p.settlements_left = 0;
    p.vp = 8;
    g.start_at(PlayerId(0), phase);
    g
}

/// `chase_awards`: the boxed-in seat plays a soldier toward largest army though no token is
/// face down, and builds the road that lengthens its trail; without the knob it does neither.
#[test]
fn a_boxed_in_seat_chases_the_awards() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 3, crate::engine::seeds::Stream::POLICY);
    let chase = TeamKnobs {
        chase_awards: true,
        endgame_plan: false,
        ..Default::default()
    };
    let g = boxed_in(&topo, Phase::PreRoll);
    assert!(largest_army_open(&g, PlayerId(0)) && longest_road_open(&g, PlayerId(0)));
    let mut off = TeamPolicy::new(TeamKnobs {
        chase_awards: false,
        ..chase
    });
    assert_eq!(off.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
    let mut on = TeamPolicy::new(chase);
    assert_eq!(on.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
    assert!(on.chased());

    let mut g = boxed_in(&topo, Phase::Main);
    g.give(PlayerId(0), ROAD_COST);
    let before = g.s.players[0].road_length;
    let mut off = TeamPolicy::new(TeamKnobs {
        chase_awards: false,
        ..chase
    });
    let a = off.choose(&g, &mut buf, &mut rng);
    assert!(!matches!(a, Action::BuildRoad(_)), "{a:?}");
    let mut on = TeamPolicy::new(chase);
    let a = on.choose(&g, &mut buf, &mut rng);
    let Action::BuildRoad(_) = a else {
        panic!("{a:?}")
    };
    g.try_apply(a, &mut ()).unwrap();
    assert_eq!(g.s.players[0].road_length, before + 1);

    // Largest army held by a seat at exactly the target that could not build the 2 VP back:
    // no soldier is played to take it.
    let mut g = boxed_in(&topo, Phase::PreRoll);
    g.s.largest_army = 1;
    g.s.players[1].knights_played = 3;
    g.s.players[1].vp = 10;
    g.s.players[1].cities_left = 0;
    g.s.players[1].settlements_left = 0;
    let mut on = TeamPolicy::new(chase);
    assert_eq!(on.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
}

/// `endgame_plan`: the boxed-in chaser keeps its soldiers until they beat the holder's army, a
/// player at the target buys no development card while the army is chased, and the team
/// concedes when the chaser's longest road cannot beat the holder's within 4 roads.
#[test]
fn the_endgame_plan_holds_the_deck_and_concedes_a_road_out_of_reach() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 4, crate::engine::seeds::Stream::POLICY);
    let chase = TeamKnobs {
        chase_awards: true,
        endgame_plan: false,
        ..Default::default()
    };
    let plan = TeamKnobs {
        endgame_plan: true,
        ..chase
    };
    // One soldier in hand, three needed: the chase plays it, the plan keeps it.
    let g = boxed_in(&topo, Phase::PreRoll);
    assert_eq!(
        TeamPolicy::new(chase).choose(&g, &mut buf, &mut rng),
        Action::PlayKnight
    );
    let mut on = TeamPolicy::new(plan);
    assert_eq!(on.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
    assert!(on.chased(), "the learned player keeps the plan's choice");
    // Three in hand: it plays them.
    let mut g3 = g.clone();
    g3.s.deck[DevCard::Knight.idx()] -= 2;
    g3.s.players[0].dev[DevCard::Knight.idx()] = 3;
    assert_eq!(
        TeamPolicy::new(plan).choose(&g3, &mut buf, &mut rng),
        Action::PlayKnight
    );

    // Seat 1 at the target, with a development card's price, while seat 0 chases the army.
    let mut g = boxed_in(&topo, Phase::Main);
    g.s.players[1].vp = 10;
    g.s.players[1].hand = [0; 5];
    g.give(PlayerId(1), DEV_COST);
    g.start_at(PlayerId(1), Phase::Main);
    assert_eq!(
        TeamPolicy::new(chase).choose(&g, &mut buf, &mut rng),
        Action::BuyDev
    );
    let mut on = TeamPolicy::new(plan);
    let a = on.choose(&g, &mut buf, &mut rng);
    assert_ne!(a, Action::BuyDev);
    assert!(on.chased());

    // Seat 0 can take no army (no knight left anywhere) and needs longest road, held at 9.
    let mut g = boxed_in(&topo, Phase::Main);
    let k = DevCard::Knight.idx();
    g.s.deck[k] = 0;
    g.s.players[0].dev[k] = 0;
    g.s.longest_road = 1;
    g.s.players[1].road_length = 9;
    let p0 = PlayerId(0);
    let now = g.s.players[0].road_length;
    assert!(road_reach(&g, p0, 1) > now && road_reach(&g, p0, 4) < 10);
    let mut memo = Memo::default();
    assert!(
        !team_stuck(&g, &mut memo, 0),
        "a road piece and a place: a chance"
    );
    let mut memo = Memo::default();
    assert!(
        team_stuck(&g, &mut memo, ROAD_LOOKAHEAD),
        "4 roads cannot beat 9"
    );
    g.s.players[1].road_length = now + 1;
    let mut memo = Memo::default();
    assert!(
        !team_stuck(&g, &mut memo, ROAD_LOOKAHEAD),
        "4 roads reach the 5 it takes"
    );
}

/// A deadlock over the awards: each boxed-in player alone could reach the target with largest
/// army, but it can go to one of them only (or its holder cannot give it up), so the team has
/// provably lost; a way for either to build a VP breaks the deadlock.
#[test]
fn two_players_short_of_one_award_are_a_deadlock() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let stuck = |g: &Game| team_stuck(g, &mut Memo::default(), ROAD_LOOKAHEAD);
    // Seats 0 and 1 at 9 VP (target 10), no building piece and no road piece left: only
    // largest army (open to both) can lift either.
    let mut g = boxed_in(&topo, Phase::Main);
    for q in 0..2 {
        let p = &mut g.s.players[q];
        p.vp = 9;
        p.cities_left = 0;
        p.settlements_left = 0;
        p.roads_left = 0;
    }
    assert!(largest_army_open(&g, PlayerId(0)) && largest_army_open(&g, PlayerId(1)));
    assert!(stuck(&g), "one army for two players");
    assert!(provably_lost(&g));
    // Seat 1 can still upgrade a settlement: no deadlock.
    let mut h = g.clone();
    h.s.players[1].cities_left = 1;
    assert!(!stuck(&h));
    // Seat 1 at the target: seat 0 takes the army alone.
    let mut h = g.clone();
    h.s.players[1].vp = 10;
    assert!(!stuck(&h));
    // Seat 1 holds the army at exactly the target (8 VP without it) and cannot build: the army
    // lifts one of them only.
    let mut h = g.clone();
    h.s.players[1].vp = 10;
    h.s.players[1].knights_played = 3;
    h.s.largest_army = 1;
    assert!(stuck(&h), "the holder cannot give the army up");
    // At 11 (9 without it) still not; at 12 (10 without it) it can.
    h.s.players[1].vp = 11;
    assert!(stuck(&h));
    h.s.players[1].vp = 12;
    assert!(!stuck(&h));
}

/// `endgame_plan`: the holder of the largest army a boxed-in player needs, at the target and
/// unable to build the 2 VP back, settles to make a margin (it would not otherwise: players at
/// the target leave the corners); with the margin made, or without the plan, it does not.
#[test]
fn an_awards_holder_makes_a_margin() {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let chase = TeamKnobs {
        chase_awards: true,
        endgame_plan: false,
        ..Default::default()
    };
    let plan = TeamKnobs {
        endgame_plan: true,
        ..chase
    };
    let mut g = boxed_in(&topo, Phase::Main);
    g.s.largest_army = 1;
    g.s.players[1].knights_played = 3;
    g.s.players[1].vp = 10;
    g.s.players[1].cities_left = 0;
    let p1 = PlayerId(1);
    let mut on = TeamPolicy::new(plan);
    assert!(
        on.memo.spot_road(&g, p1) != (None, None),
        "seat 1 can settle"
    );
    // 8 without the army, and one corner to settle: 9 < 10.
    assert!(!on.takes_freely(&g, 1));
    assert!(on.builds_margin(&g, p1));
    let lag = on.laggard(&g);
    assert!(
        on.ordered_kinds(&g, p1, lag, true)
            .contains(&Some(BuildKind::Road))
            || on
                .ordered_kinds(&g, p1, lag, true)
                .contains(&Some(BuildKind::Settlement))
    );
    assert!(!on
        .ordered_kinds(&g, p1, lag, false)
        .contains(&Some(BuildKind::Settlement)));
    assert!(!TeamPolicy::new(chase).builds_margin(&g, p1));
    // At 11 the army can go (10 without it, or 9 and the corner): no margin to make.
    g.s.players[1].vp = 11;
    let mut on = TeamPolicy::new(plan);
    assert!(on.takes_freely(&g, 1));
    assert!(!on.builds_margin(&g, p1));
}
