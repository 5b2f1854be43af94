//! Solitaire Catan rule scenarios (RULINGS §2, docs/rules.md "Solitaire"): set-up, doubles,
//! each step of the seven procedure, the monopoly die, defeat at 5 destroyed tiles, victory at
//! 10 VP, and the longest road / largest army option.

use crate::support::*;
use robsim::catan::kernel::solitaire::robber_candidates;
use robsim::catan::*;

fn solo(awards: bool) -> Game<'static> {
    game(Rules::solitaire(SolitaireRules {
        awards,
        ..SolitaireRules::default()
    }))
}

/// Turn 1 of the single player, in `phase`, on the fixed board (robber in the desert (0, 0)).
fn at(phase: Phase) -> Game<'static> {
    let mut g = solo(true);
    at_turn(&mut g, 0, phase);
    g
}

fn chance(g: &mut Game, o: ChanceOutcome) -> Log {
    let mut log = Log::default();
    g.apply_chance(o, &mut log);
    g.check_invariants().expect("invariants");
    log
}

fn step(g: &mut Game, a: Action) -> Log {
    let mut log = Log::default();
    g.try_apply(a, &mut log)
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", legal(g)));
    g.check_invariants().expect("invariants");
    log
}

/// Rolls a seven (3 + 4) in the dice phase.
fn seven(g: &mut Game) -> Log {
    g.s.phase = Phase::Dice;
    chance(g, ChanceOutcome::Dice(3, 4))
}

fn hand_total(g: &Game) -> u32 {
    g.s.players[0].hand_size()
}

#[test]
fn setup_places_two_settlements_and_pays_both() {
    let mut g = solo(true);
    assert_eq!(g.s.phase, Phase::SetupSettlement);
    // Corner 0 of the mountains 8 (2, 0), then corner 3 of the hills 5 (-2, 2).
    let a = corner(2, 0, 0);
    step(&mut g, Action::BuildSettlement(a));
    let e = road_actions(&g)[0];
    step(&mut g, Action::BuildRoad(e));
    assert_eq!(g.s.phase, Phase::SetupSettlement, "a second placement");
    let b = corner(-2, 2, 3);
    step(&mut g, Action::BuildSettlement(b));
    let e = road_actions(&g)[0];
    step(&mut g, Action::BuildRoad(e));
    assert_eq!(g.s.phase, Phase::PreRoll);
    assert_eq!(g.s.turn, 1);
    let mut want = [0u8; 5];
    for c in [a, b] {
        for &h in &g.topo.corner_hexes[c.idx()] {
            if h != NONE {
                if let Some(r) = g.layout.terrain[h as usize].resource() {
                    want[r.idx()] += 1;
                }
            }
        }
    }
    assert!(want.iter().sum::<u8>() >= 2);
    assert_eq!(g.s.players[0].hand, want, "resources from both settlements");
    assert_eq!(g.s.players[0].vp, 2);
    assert_eq!(legal(&g), vec![Action::Roll], "no knight before the roll");
}

#[test]
fn doubles_give_one_resource_of_choice() {
    let mut g = at(Phase::Dice);
    chance(&mut g, ChanceOutcome::Dice(2, 2));
    assert_eq!(g.s.phase, Phase::Bonus);
    assert_eq!(legal(&g).len(), 5);
    let log = step(&mut g, Action::TakeBonus(Resource::Ore));
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 1);
    assert_eq!(g.s.phase, Phase::Main);
    assert!(log.0.contains(&Event::Bonus {
        player: PlayerId(0),
        resource: Resource::Ore,
        cause: BonusCause::Doubles
    }));
    // Not on other rolls.
    let mut g = at(Phase::Dice);
    chance(&mut g, ChanceOutcome::Dice(1, 3));
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(hand_total(&g), 0);
}

#[test]
fn doubles_and_tech_advancement_stack_in_solitaire() {
    let mut g = game(
        Rules::solitaire(SolitaireRules::default()).with_modifiers(Modifiers::TECH_ADVANCEMENT),
    );
    at_turn(&mut g, 0, Phase::Dice);
    chance(&mut g, ChanceOutcome::Dice(5, 5));
    let a = step(&mut g, Action::TakeBonus(Resource::Grain));
    assert_eq!(g.s.phase, Phase::Bonus, "a second pick");
    let b = step(&mut g, Action::TakeBonus(Resource::Wool));
    assert_eq!(g.s.phase, Phase::Main);
    assert!(matches!(
        a.0[0],
        Event::Bonus {
            cause: BonusCause::Doubles,
            ..
        }
    ));
    assert!(matches!(
        b.0[0],
        Event::Bonus {
            cause: BonusCause::TechAdvancement,
            ..
        }
    ));
    assert_eq!(hand_total(&g), 2);
}

// ---------------------------------------------------------------------------------------------
// The seven

#[test]
fn a_knight_in_hand_may_cancel_the_whole_seven() {
    let mut g = at(Phase::Dice);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    give(&mut g, 0, [3, 3, 2, 0, 0]);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::SevenChoice);
    assert_eq!(legal(&g), vec![Action::CancelSeven, Action::AcceptSeven]);
    let before = g.s;
    let log = step(&mut g, Action::CancelSeven);
    assert_eq!(g.s.phase, Phase::Main);
    assert_eq!(g.s.players[0].hand, before.players[0].hand, "no discards");
    assert_eq!(g.s.robber, before.robber, "the robber does not move");
    assert_eq!(g.s.players[0].dev[DevCard::Knight.idx()], 0);
    assert_eq!(g.s.players[0].knights_played, 1);
    assert_eq!(g.s.played[DevCard::Knight.idx()], 1);
    assert!(!g.s.dev_played, "a discarded knight is not the turn's card");
    assert_eq!(
        log.0,
        vec![Event::SevenCancelled {
            player: PlayerId(0)
        }]
    );
}

#[test]
fn accepting_the_seven_runs_the_procedure() {
    let mut g = at(Phase::Dice);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    seven(&mut g);
    step(&mut g, Action::AcceptSeven);
    // 0 cards: no discard; the knight is the only card to lose.
    assert_eq!(g.s.phase, Phase::LoseDev);
    assert_eq!(legal(&g), vec![Action::LoseDev(DevCard::Knight)]);
}

#[test]
fn no_knight_no_choice() {
    let mut g = at(Phase::Dice);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::RobberRoll);
}

#[test]
fn more_than_five_cards_lose_half_rounded_down() {
    let mut g = at(Phase::Dice);
    give(&mut g, 0, [2, 2, 2, 1, 0]); // 7 cards
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards[0], 3);
    while g.s.phase == Phase::Discard {
        let a = legal(&g)[0];
        step(&mut g, a);
    }
    assert_eq!(hand_total(&g), 4);
    assert_eq!(g.s.phase, Phase::RobberRoll);
}

#[test]
fn five_cards_are_kept() {
    let mut g = at(Phase::Dice);
    give(&mut g, 0, [1, 1, 1, 1, 1]);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::RobberRoll);
    assert_eq!(hand_total(&g), 5);
    let mut g = at(Phase::Dice);
    give(&mut g, 0, [2, 1, 1, 1, 1]);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::Discard);
    assert_eq!(g.s.discards[0], 3);
}

#[test]
fn one_unplayed_development_card_of_choice_is_lost() {
    let mut g = at(Phase::Dice);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::LoseDev);
    assert_eq!(
        legal(&g),
        vec![
            Action::LoseDev(DevCard::VictoryPoint),
            Action::LoseDev(DevCard::YearOfPlenty),
            Action::LoseDev(DevCard::Monopoly)
        ],
        "any card collected and not used, a victory point card included"
    );
    let log = step(&mut g, Action::LoseDev(DevCard::Monopoly));
    assert_eq!(g.s.players[0].dev[DevCard::Monopoly.idx()], 0);
    assert_eq!(g.s.players[0].dev[DevCard::YearOfPlenty.idx()], 1);
    assert_eq!(g.s.players[0].vp, 1);
    assert_eq!(g.s.phase, Phase::RobberRoll);
    assert_eq!(
        log.0,
        vec![Event::DevLost {
            player: PlayerId(0),
            card: DevCard::Monopoly
        }]
    );
    // Only a VP card: it is lost, and its point with it.
    let mut g = at(Phase::Dice);
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    assert_eq!(g.s.players[0].vp, 1);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::LoseDev);
    assert_eq!(legal(&g), vec![Action::LoseDev(DevCard::VictoryPoint)]);
    let log = step(&mut g, Action::LoseDev(DevCard::VictoryPoint));
    assert_eq!(g.s.players[0].vp_cards(), 0);
    assert_eq!(g.s.players[0].vp, 0, "the point goes with the card");
    assert_eq!(g.s.played[DevCard::VictoryPoint.idx()], 1);
    assert_eq!(
        log.0,
        vec![Event::DevLost {
            player: PlayerId(0),
            card: DevCard::VictoryPoint
        }]
    );
    // A card bought this turn is collected and not used too.
    let mut g = at(Phase::Dice);
    g.s.players[0].dev_new[DevCard::RoadBuilding.idx()] = 1;
    g.s.deck[DevCard::RoadBuilding.idx()] -= 1;
    seven(&mut g);
    assert_eq!(legal(&g), vec![Action::LoseDev(DevCard::RoadBuilding)]);
}

#[test]
fn lost_card_not_vp_keeps_victory_point_cards() {
    let mut g = at(Phase::Dice);
    set_solitaire(&mut g, |o| o.lost_card = LostCard::NotVp);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    seven(&mut g);
    assert_eq!(legal(&g), vec![Action::LoseDev(DevCard::Monopoly)]);
    refused(&mut g, Action::LoseDev(DevCard::VictoryPoint));
    // Only a VP card: nothing to lose.
    let mut g = at(Phase::Dice);
    set_solitaire(&mut g, |o| o.lost_card = LostCard::NotVp);
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    seven(&mut g);
    assert_eq!(g.s.phase, Phase::RobberRoll);
    assert_eq!(g.s.players[0].vp, 1);
}

#[test]
fn knights_only_cancel_sevens_by_default() {
    let mut g = at(Phase::Main);
    give_dev(&mut g, 0, DevCard::Knight, 1);
    assert!(!legal(&g).contains(&Action::PlayKnight));
    refused(&mut g, Action::PlayKnight);
    g.s.phase = Phase::PreRoll;
    assert!(!legal(&g).contains(&Action::PlayKnight));
}

#[test]
fn knight_play_move_robber_moves_him_and_rolls_the_destruction_die() {
    // From the desert: no destruction die; any undestroyed land tile but his own.
    let mut g = at(Phase::Main);
    set_solitaire(&mut g, |o| o.knight_play = KnightPlay::MoveRobber);
    give_dev(&mut g, 0, DevCard::Knight, 2);
    g.s.destroyed.insert(hex(1, 0).idx());
    step(&mut g, Action::PlayKnight);
    assert_eq!(g.s.phase, Phase::MoveRobber);
    assert_eq!(g.s.players[0].knights_played, 1);
    let targets: Vec<HexId> = legal(&g)
        .iter()
        .map(|a| match *a {
            Action::MoveRobber { hex, victim } => {
                assert_eq!(victim, NO_PLAYER, "nobody to rob");
                hex
            }
            a => panic!("{a:?} after a knight"),
        })
        .collect();
    assert_eq!(
        targets.len(),
        17,
        "18 land tiles, less his own and the destroyed one"
    );
    assert!(!targets.contains(&hex(1, 0)) && !targets.contains(&g.s.robber));
    step(
        &mut g,
        Action::MoveRobber {
            hex: hex(2, 0),
            victim: NO_PLAYER,
        },
    );
    assert_eq!(g.s.robber, hex(2, 0));
    assert_eq!(g.s.phase, Phase::Main, "leaving the desert rolls no die");
    // A card a turn: the second knight waits.
    assert!(!legal(&g).contains(&Action::PlayKnight));
    // Next turn, before the roll: leaving a producing tile rolls the die; 1-4 destroys it.
    g.s.dev_played = false;
    g.s.rolled = false;
    g.s.phase = Phase::PreRoll;
    step(&mut g, Action::PlayKnight);
    step(
        &mut g,
        Action::MoveRobber {
            hex: hex(0, 0),
            victim: NO_PLAYER,
        },
    );
    assert_eq!(g.s.phase, Phase::DestroyDie);
    chance(&mut g, ChanceOutcome::Die(3));
    assert!(g.s.destroyed.contains(hex(2, 0).idx()));
    assert_eq!(g.s.phase, Phase::PreRoll, "back to the roll");
    assert_eq!(g.s.players[0].knights_played, 2);
}

#[test]
fn solitaire_with_volcano_and_gold() {
    // 10: mountains (0, -2) and hills (2, -1), a settlement of the player on each.
    let mut g = game(
        Rules::solitaire(SolitaireRules::default())
            .with_modifiers(Modifiers::VOLCANO.union(Modifiers::GOLD)),
    );
    at_turn(&mut g, 0, Phase::Dice);
    put_settlement(&mut g, 0, corner(0, -2, 3));
    put_settlement(&mut g, 0, corner(2, -1, 3));
    assert_eq!(g.s.players[0].vp, 2);
    chance(&mut g, ChanceOutcome::Dice(4, 6));
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 1);
    assert_eq!(g.s.players[0].hand[Resource::Brick.idx()], 1);
    assert_eq!(g.s.pending_dice.len(), 2, "a die per producing hex");
    let mountains_first = hex(0, -2).idx() < hex(2, -1).idx();
    let (volcano_die, gold_die) = if mountains_first { (1, 6) } else { (6, 1) };
    for d in [volcano_die, gold_die] {
        assert_eq!(g.s.phase, Phase::ModifierDie);
        chance(&mut g, ChanceOutcome::Die(d));
    }
    assert_eq!(g.s.phase, Phase::Main);
    // The eruption took the settlement on the mountains; gold gave the player a VP.
    assert!(!g.s.players[0].buildings.contains(corner(0, -2, 3).idx()));
    assert!(g.s.players[0].buildings.contains(corner(2, -1, 3).idx()));
    assert_eq!(g.s.players[0].gold_vp, 1);
    assert_eq!(g.s.players[0].vp, 2, "one settlement and one gold VP");
    assert_eq!(
        g.s.players[0].hand[Resource::Ore.idx()],
        1,
        "ore still produced"
    );
    // A destroyed mountain produces nothing, so no volcano die.
    let mut g = game(
        Rules::solitaire(SolitaireRules::default())
            .with_modifiers(Modifiers::VOLCANO.union(Modifiers::GOLD)),
    );
    at_turn(&mut g, 0, Phase::Dice);
    put_settlement(&mut g, 0, corner(0, -2, 3));
    put_settlement(&mut g, 0, corner(2, -1, 3));
    g.s.destroyed.insert(hex(0, -2).idx());
    chance(&mut g, ChanceOutcome::Dice(4, 6));
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 0);
    assert_eq!(g.s.pending_dice.len(), 1, "the hills only");
}

/// The seven's second roll.
fn second_roll(g: &mut Game, d1: u8, d2: u8) -> Log {
    assert_eq!(g.s.phase, Phase::RobberRoll);
    assert_eq!(g.chance(), Some(ChanceDist::Dice));
    chance(g, ChanceOutcome::Dice(d1, d2))
}

#[test]
fn the_second_roll_sends_the_robber_where_it_hurts_most() {
    // 8s: mountains (2, 0) and forest (-2, 1). A settlement on each, a city on the forest.
    let mut g = at(Phase::Dice);
    put_settlement(&mut g, 0, corner(2, 0, 3));
    put_city(&mut g, 0, corner(-2, 1, 0));
    seven(&mut g);
    let log = second_roll(&mut g, 4, 4);
    assert_eq!(g.s.robber, hex(-2, 1), "the city's tile hurts more");
    assert_eq!(
        g.s.phase,
        Phase::Main,
        "left the desert: no destruction die"
    );
    assert_eq!(
        log.0,
        vec![Event::SoloRobber {
            from: hex(0, 0),
            to: hex(-2, 1),
            roll: 8
        }]
    );
}

#[test]
fn equally_hurtful_tiles_tie_at_random() {
    let mut g = at(Phase::Dice);
    put_settlement(&mut g, 0, corner(2, 0, 3));
    put_settlement(&mut g, 0, corner(-2, 1, 0));
    seven(&mut g);
    second_roll(&mut g, 5, 3);
    assert_eq!(g.s.phase, Phase::RobberTie);
    assert_eq!(
        g.chance(),
        Some(ChanceDist::Uniform(hexes(&[hex(2, 0), hex(-2, 1)])))
    );
    chance(&mut g, ChanceOutcome::Hex(hex(2, 0)));
    assert_eq!(g.s.robber, hex(2, 0));
    assert_eq!(g.s.phase, Phase::Main);
    // No buildings at all: every tile with the number ties.
    let g = at(Phase::Main);
    assert_eq!(robber_candidates(&g, 9), hexes(&[hex(2, -2), hex(-2, 0)]));
}

#[test]
fn a_seven_or_a_number_without_tile_sends_him_to_the_desert() {
    // Second roll 7: from the hills 6 to the desert, the hills at risk.
    let mut g = at(Phase::Dice);
    g.set_robber(hex(0, -1));
    seven(&mut g);
    let log = second_roll(&mut g, 6, 1);
    assert_eq!(g.s.robber, hex(0, 0));
    assert_eq!(g.s.phase, Phase::DestroyDie);
    assert!(log.0.contains(&Event::SoloRobber {
        from: hex(0, -1),
        to: hex(0, 0),
        roll: 7
    }));
    // The only 2 is destroyed: to the desert (he stays there; nothing to destroy).
    let mut g = at(Phase::Dice);
    g.set_destroyed(hexes(&[hex(1, -2)]));
    seven(&mut g);
    second_roll(&mut g, 1, 1);
    assert_eq!(g.s.robber, hex(0, 0));
    assert_eq!(g.s.phase, Phase::Main);
}

/// The robber on `from`, a seven, a second roll of 10 (to (0, -2) or (2, -1)), then `die`.
fn leave(from: HexId, die: u8) -> (Game<'static>, Log) {
    let mut g = at(Phase::Dice);
    g.set_robber(from);
    put_settlement(&mut g, 0, corner(0, -2, 3));
    seven(&mut g);
    second_roll(&mut g, 5, 5);
    assert_eq!(g.s.robber, hex(0, -2));
    assert_eq!(g.s.phase, Phase::DestroyDie);
    assert_eq!(g.chance(), Some(ChanceDist::Die));
    let log = chance(&mut g, ChanceOutcome::Die(die));
    (g, log)
}

#[test]
fn leaving_a_tile_a_die_of_1_to_4_destroys_it() {
    for die in 1..=4 {
        let (g, log) = leave(hex(1, 1), die);
        assert_eq!(g.s.destroyed, hexes(&[hex(1, 1)]), "die {die}");
        assert_eq!(g.s.phase, Phase::Main);
        assert_eq!(
            log.0,
            vec![Event::Destruction {
                hex: hex(1, 1),
                die,
                destroyed: true
            }]
        );
    }
}

#[test]
fn leaving_a_tile_a_die_of_5_or_6_spares_it() {
    for die in 5..=6 {
        let (g, log) = leave(hex(1, 1), die);
        assert!(g.s.destroyed.is_empty(), "die {die}");
        assert_eq!(g.s.robber, hex(0, -2), "the robber still moves");
        assert!(log.0.contains(&Event::Destruction {
            hex: hex(1, 1),
            die,
            destroyed: false
        }));
    }
}

#[test]
fn the_desert_is_never_destroyed() {
    let mut g = at(Phase::Dice);
    assert_eq!(g.s.robber, hex(0, 0));
    put_settlement(&mut g, 0, corner(0, -2, 3));
    seven(&mut g);
    second_roll(&mut g, 4, 6);
    assert_eq!(g.s.robber, hex(0, -2));
    assert_eq!(g.s.phase, Phase::Main, "no die for leaving the desert");
    assert!(g.s.destroyed.is_empty());
    assert!(!solitaire::destructible(&g, hex(0, 0)));
    // A destroyed desert is refused by the invariants (and sea hexes carry no token either).
    g.set_destroyed(hexes(&[hex(0, 0)]));
    assert!(g.check_invariants().is_err());
}

#[test]
fn the_robber_never_enters_a_destroyed_tile() {
    let mut g = at(Phase::Dice);
    put_city(&mut g, 0, corner(2, 0, 3));
    g.set_destroyed(hexes(&[hex(2, 0)]));
    seven(&mut g);
    second_roll(&mut g, 2, 6);
    assert_eq!(
        g.s.robber,
        hex(-2, 1),
        "the other 8, although the city's hurts more"
    );
    let mut g = at(Phase::Dice);
    g.set_destroyed(hexes(&[hex(2, 0), hex(-2, 1)]));
    seven(&mut g);
    second_roll(&mut g, 2, 6);
    assert_eq!(g.s.robber, hex(0, 0), "no undestroyed 8: the desert");
}

#[test]
fn destroyed_tiles_never_produce() {
    let mut g = at(Phase::Dice);
    put_settlement(&mut g, 0, corner(2, 0, 3)); // mountains 8, forest 3 / pasture 5 nearby
    g.set_destroyed(hexes(&[hex(2, 0)]));
    chance(&mut g, ChanceOutcome::Dice(2, 6));
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 0);
    g.set_destroyed(HexSet::EMPTY);
    g.s.phase = Phase::Dice;
    chance(&mut g, ChanceOutcome::Dice(2, 6));
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 1);
}

#[test]
fn the_robber_blocks_production() {
    let mut g = at(Phase::Dice);
    put_settlement(&mut g, 0, corner(2, 0, 3));
    g.set_robber(hex(2, 0));
    chance(&mut g, ChanceOutcome::Dice(2, 6));
    assert_eq!(hand_total(&g), 0);
}

#[test]
fn the_fifth_destroyed_tile_loses() {
    let mut g = at(Phase::Dice);
    g.set_destroyed(hexes(&[hex(0, -1), hex(1, -1), hex(2, -1), hex(-1, -1)]));
    g.set_robber(hex(1, 1));
    put_settlement(&mut g, 0, corner(0, -2, 3));
    seven(&mut g);
    second_roll(&mut g, 5, 5);
    let log = chance(&mut g, ChanceOutcome::Die(3));
    assert_eq!(g.s.phase, Phase::Over(Outcome::TeamLoss));
    assert_eq!(g.s.destroyed.len(), 5);
    assert!(log.0.contains(&Event::GameOver {
        outcome: Outcome::TeamLoss,
        turn: 1
    }));
    // Four are not enough.
    let mut g = at(Phase::Dice);
    g.set_destroyed(hexes(&[hex(0, -1), hex(1, -1), hex(2, -1)]));
    g.set_robber(hex(1, 1));
    seven(&mut g);
    second_roll(&mut g, 5, 5);
    chance(&mut g, ChanceOutcome::Die(3));
    assert_eq!(g.s.phase, Phase::Main);
}

#[test]
fn ten_vp_wins() {
    let mut g = at(Phase::Main);
    put_city(&mut g, 0, corner(2, 0, 3));
    put_city(&mut g, 0, corner(-2, 1, 0));
    put_city(&mut g, 0, corner(0, -2, 3));
    put_settlement(&mut g, 0, corner(-2, 2, 3));
    put_settlement(&mut g, 0, corner(1, 1, 3));
    assert_eq!(g.s.players[0].vp, 8);
    give_dev(&mut g, 0, DevCard::VictoryPoint, 1);
    give(&mut g, 0, CITY_COST);
    step(&mut g, Action::BuildCity(corner(-2, 2, 3)));
    assert_eq!(g.s.players[0].vp, 10);
    assert_eq!(g.s.phase, Phase::Over(Outcome::TeamWin));
}

#[test]
fn the_monopoly_rolls_one_die_and_takes_half() {
    for (die, got) in [(1, 0), (2, 1), (3, 1), (5, 2), (6, 3)] {
        let mut g = at(Phase::Main);
        give_dev(&mut g, 0, DevCard::Monopoly, 1);
        step(&mut g, Action::PlayMonopoly(Resource::Ore));
        assert_eq!(g.s.phase, Phase::MonopolyDie);
        assert_eq!(g.chance(), Some(ChanceDist::Die));
        let log = chance(&mut g, ChanceOutcome::Die(die));
        assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], got, "die {die}");
        assert_eq!(g.s.phase, Phase::Main);
        assert!(log.0.contains(&Event::Monopoly {
            player: PlayerId(0),
            resource: Resource::Ore,
            taken: got
        }));
    }
    // The bank is short: what it has.
    let mut g = at(Phase::Main);
    give_dev(&mut g, 0, DevCard::Monopoly, 1);
    g.s.bank[Resource::Ore.idx()] = 1;
    g.s.players[0].hand[Resource::Ore.idx()] = 18;
    step(&mut g, Action::PlayMonopoly(Resource::Ore));
    chance(&mut g, ChanceOutcome::Die(6));
    assert_eq!(g.s.players[0].hand[Resource::Ore.idx()], 19);
}

fn five_roads(g: &mut Game) {
    let cs = zigzag_top(-1, -1, 3); // 7 corners, 6 edges
    put_settlement(g, 0, cs[0]);
    let es = path(&cs);
    put_roads(g, 0, &es[..4]);
    give(g, 0, ROAD_COST);
}

#[test]
fn longest_road_and_largest_army_by_default() {
    let mut g = at(Phase::Main);
    five_roads(&mut g);
    let e = path(&zigzag_top(-1, -1, 3))[4];
    step(&mut g, Action::BuildRoad(e));
    assert_eq!(g.s.longest_road, 0);
    assert_eq!(g.s.players[0].vp, 3);
    let mut g = at(Phase::Dice);
    give_dev(&mut g, 0, DevCard::Knight, 3);
    for _ in 0..3 {
        seven(&mut g);
        step(&mut g, Action::CancelSeven);
    }
    assert_eq!(g.s.largest_army, 0);
    assert_eq!(g.s.players[0].vp, 2);
}

#[test]
fn longest_road_and_largest_army_can_be_switched_off() {
    let mut g = solo(false);
    at_turn(&mut g, 0, Phase::Main);
    five_roads(&mut g);
    let e = path(&zigzag_top(-1, -1, 3))[4];
    step(&mut g, Action::BuildRoad(e));
    assert_eq!(g.s.players[0].road_length, 5);
    assert_eq!(g.s.longest_road, NO_PLAYER);
    assert_eq!(g.s.players[0].vp, 1);
    let mut g = solo(false);
    at_turn(&mut g, 0, Phase::Dice);
    give_dev(&mut g, 0, DevCard::Knight, 3);
    for _ in 0..3 {
        seven(&mut g);
        step(&mut g, Action::CancelSeven);
    }
    assert_eq!(g.s.players[0].knights_played, 3);
    assert_eq!(g.s.largest_army, NO_PLAYER);
    assert_eq!(g.s.players[0].vp, 0);
}

// ---------------------------------------------------------------- rule knobs

/// The Solitaire rules of `g` with `f` applied (a knob set on a constructed position).
fn set_solitaire(g: &mut Game, f: impl Fn(&mut SolitaireRules)) {
    if let Variant::Solitaire(o) = &mut g.rules.variant {
        f(o);
    } else {
        panic!("not a Solitaire game");
    }
}

#[test]
fn destroy_faces_knob_sets_which_dice_destroy() {
    // 2: only a 1 or a 2 destroys.
    for (faces, die, destroyed) in [(2, 2, true), (2, 3, false), (6, 6, true), (0, 1, false)] {
        let mut g = at(Phase::Dice);
        set_solitaire(&mut g, |o| o.destroy_faces = faces);
        g.set_robber(hex(1, 1));
        put_settlement(&mut g, 0, corner(0, -2, 3));
        seven(&mut g);
        second_roll(&mut g, 5, 5);
        let log = chance(&mut g, ChanceOutcome::Die(die));
        assert_eq!(
            g.s.destroyed.contains(hex(1, 1).idx()),
            destroyed,
            "faces {faces}, die {die}"
        );
        assert!(log.0.contains(&Event::Destruction {
            hex: hex(1, 1),
            die,
            destroyed
        }));
    }
}

#[test]
fn tiles_to_lose_knob_sets_the_losing_count() {
    // With 3 to lose, the third destroyed tile loses; with 7, the fifth does not.
    for (to_lose, already, over) in [(3u8, 2usize, true), (3, 1, false), (7, 4, false)] {
        let mut g = at(Phase::Dice);
        set_solitaire(&mut g, |o| o.tiles_to_lose = to_lose);
        let pool = [hex(0, -1), hex(1, -1), hex(2, -1), hex(-1, -1)];
        g.set_destroyed(hexes(&pool[..already]));
        g.set_robber(hex(1, 1));
        put_settlement(&mut g, 0, corner(0, -2, 3));
        seven(&mut g);
        second_roll(&mut g, 5, 5);
        chance(&mut g, ChanceOutcome::Die(3));
        assert_eq!(g.s.destroyed.len() as usize, already + 1);
        assert_eq!(
            g.s.phase == Phase::Over(Outcome::TeamLoss),
            over,
            "{to_lose} to lose, {} destroyed",
            already + 1
        );
    }
}

#[test]
fn hand_limit_knob_sets_who_loses_half_on_a_seven() {
    for (limit, cards, lost) in [(5u8, 6u8, 3u32), (7, 6, 0), (3, 4, 2)] {
        let mut g = at(Phase::Dice);
        g.rules.hand_limit = limit;
        give(&mut g, 0, [cards, 0, 0, 0, 0]);
        seven(&mut g);
        let discards = g.s.discards[0] as u32;
        assert_eq!(discards, lost, "hand limit {limit}, {cards} cards");
    }
}

// ---------------------------------------------------------------------------------------------
// Doubles on the seven's second roll (`second_roll_doubles`)

/// Solitaire with `tech_advancement` and `second_roll_doubles = d`, a settlement on the 8s
/// forest (-2, 1), a seven, then a second roll of 4 + 4: the robber leaves the desert for the
/// forest (no destruction die).
fn doubles_on_the_second_roll(d: SecondRollDoubles) -> (Game<'static>, Log) {
    let mut g = game(
        Rules::solitaire(SolitaireRules {
            second_roll_doubles: d,
            ..SolitaireRules::default()
        })
        .with_modifiers(Modifiers::TECH_ADVANCEMENT),
    );
    at_turn(&mut g, 0, Phase::Dice);
    put_settlement(&mut g, 0, corner(-2, 1, 0));
    seven(&mut g);
    let log = second_roll(&mut g, 4, 4);
    assert_eq!(g.s.robber, hex(-2, 1));
    (g, log)
}

#[test]
fn doubles_on_the_seven_s_second_roll_give_no_pick_by_default() {
    assert_eq!(
        SolitaireRules::default().second_roll_doubles,
        SecondRollDoubles::Nothing
    );
    let (g, _) = doubles_on_the_second_roll(SecondRollDoubles::Nothing);
    assert_eq!(
        g.s.phase,
        Phase::Main,
        "the second roll only moves the robber"
    );
    assert_eq!(g.s.bonus, 0);
    assert_eq!(hand_total(&g), 0);
}

#[test]
fn second_roll_doubles_both_gives_the_doubles_and_the_tech_pick() {
    let (mut g, _) = doubles_on_the_second_roll(SecondRollDoubles::Both);
    assert_eq!(g.s.phase, Phase::Bonus);
    let a = step(&mut g, Action::TakeBonus(Resource::Ore));
    assert_eq!(g.s.phase, Phase::Bonus, "a second pick");
    let b = step(&mut g, Action::TakeBonus(Resource::Grain));
    assert_eq!(g.s.phase, Phase::Main);
    assert!(matches!(
        a.0[..],
        [Event::Bonus {
            cause: BonusCause::Doubles,
            ..
        }]
    ));
    assert!(matches!(
        b.0[..],
        [Event::Bonus {
            cause: BonusCause::TechAdvancement,
            ..
        }]
    ));
    assert_eq!(hand_total(&g), 2);
}

#[test]
fn second_roll_doubles_tech_gives_the_tech_pick_only() {
    let (mut g, _) = doubles_on_the_second_roll(SecondRollDoubles::Tech);
    assert_eq!(g.s.phase, Phase::Bonus);
    let a = step(&mut g, Action::TakeBonus(Resource::Brick));
    assert_eq!(g.s.phase, Phase::Main, "one pick");
    assert!(matches!(
        a.0[..],
        [Event::Bonus {
            cause: BonusCause::TechAdvancement,
            ..
        }]
    ));
    // Without the modifier there is nothing to take.
    let mut g = game(Rules::solitaire(SolitaireRules {
        second_roll_doubles: SecondRollDoubles::Tech,
        ..SolitaireRules::default()
    }));
    at_turn(&mut g, 0, Phase::Dice);
    put_settlement(&mut g, 0, corner(-2, 1, 0));
    seven(&mut g);
    second_roll(&mut g, 4, 4);
    assert_eq!(g.s.phase, Phase::Main);
}

#[test]
fn second_roll_picks_come_after_the_destruction_die() {
    // The robber on the 11s hills (1, 1), a second roll of 5 + 5 sends him to (0, -2).
    let mut g = game(Rules::solitaire(SolitaireRules {
        second_roll_doubles: SecondRollDoubles::Both,
        ..SolitaireRules::default()
    }));
    at_turn(&mut g, 0, Phase::Dice);
    g.set_robber(hex(1, 1));
    put_settlement(&mut g, 0, corner(0, -2, 3));
    seven(&mut g);
    second_roll(&mut g, 5, 5);
    assert_eq!(g.s.phase, Phase::DestroyDie, "the die first");
    chance(&mut g, ChanceOutcome::Die(6));
    assert_eq!(g.s.phase, Phase::Bonus, "then the doubles pick");
    step(&mut g, Action::TakeBonus(Resource::Wool));
    assert_eq!(g.s.phase, Phase::Main);
    // A fifth destroyed tile ends the game before any pick.
    let mut g = game(Rules::solitaire(SolitaireRules {
        second_roll_doubles: SecondRollDoubles::Both,
        tiles_to_lose: 1,
        ..SolitaireRules::default()
    }));
    at_turn(&mut g, 0, Phase::Dice);
    g.set_robber(hex(1, 1));
    put_settlement(&mut g, 0, corner(0, -2, 3));
    seven(&mut g);
    second_roll(&mut g, 5, 5);
    chance(&mut g, ChanceOutcome::Die(1));
    assert_eq!(g.s.phase, Phase::Over(Outcome::TeamLoss));
}
