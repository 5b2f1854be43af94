//! Robert's deck: the reshuffle and the knights it keeps back, start cards dealt before set-up.

use super::*;

// ---------------------------------------------------------------- reshuffle

#[test]
fn reshuffle_keeps_three_knights_of_the_largest_army() {
    let mut g = empty_deck([8, 0, 2, 2, 2], true);
    let mut log = Log::default();
    g.try_apply(Action::BuyDev, &mut log).unwrap();
    assert!(log.0.contains(&Event::Reshuffle { cards: 11 }));
    assert_eq!(g.s.deck, [5, 0, 2, 2, 2]);
    assert_eq!(g.s.played, [3, 0, 0, 0, 0]);
    assert_eq!(g.s.phase, Phase::Draw);
    assert_eq!(g.chance(), Some(ChanceDist::Weighted([5, 0, 2, 2, 2])));
    g.apply_chance(ChanceOutcome::Card(DevCard::Monopoly), &mut ());
    assert_eq!(g.s.deck, [5, 0, 2, 2, 1]);
    assert_eq!(g.s.players[0].dev_new, [0, 0, 0, 0, 1]);
    g.check_invariants().unwrap();
}

#[test]
fn knights_shuffled_back_leave_their_armies() {
    // Seat 2 holds largest army with 5 knights, seat 3 has played 3.
    let mut g = empty_deck([8, 0, 2, 2, 2], true);
    let vp = g.s.players.map(|p| p.vp);
    g.try_apply(Action::BuyDev, &mut ()).unwrap();
    g.apply_chance(ChanceOutcome::Card(DevCard::Monopoly), &mut ());
    g.check_invariants().unwrap();
    let armies: Vec<u16> = g.s.players[..4].iter().map(|p| p.knights_played).collect();
    assert_eq!(
        armies,
        vec![0, 0, 3, 0],
        "the holder keeps the 3 left on the table"
    );
    assert_eq!(g.s.largest_army, 2, "the holder keeps the card");
    assert_eq!(g.s.players.map(|p| p.vp), vp);
    // Seat 3 now needs 4 new knights, not 1, to take the card: 3 are not enough.
    g.s.players[3].knights_played = 3;
    g.s.played[DevCard::Knight.idx()] += 3;
    g.s.deck[DevCard::Knight.idx()] -= 3;
    g.s.current = 3;
    give_dev(&mut g, 3, DevCard::Knight, 1);
    g.s.dev_played = false;
    g.s.rolled = false;
    g.s.phase = Phase::PreRoll;
    g.try_apply(Action::PlayKnight, &mut ()).unwrap();
    assert_eq!(g.s.players[3].knights_played, 4);
    assert_eq!(g.s.largest_army, 3, "4 knights beat the holder's 3");
    g.check_invariants().unwrap();
}

#[test]
fn reshuffled_knights_count_keeps_every_army() {
    let mut g = empty_deck([8, 0, 2, 2, 2], true);
    set_robert(&mut g, |o| o.reshuffled_knights = ReshuffledKnights::Count);
    g.try_apply(Action::BuyDev, &mut ()).unwrap();
    g.check_invariants().unwrap();
    let armies: Vec<u16> = g.s.players[..4].iter().map(|p| p.knights_played).collect();
    assert_eq!(
        armies,
        vec![0, 0, 5, 3],
        "armies count the knights shuffled back"
    );
    assert_eq!(g.s.played, [3, 0, 0, 0, 0]);
}

#[test]
fn reshuffle_without_a_largest_army_returns_every_played_card() {
    let mut g = empty_deck([8, 0, 2, 2, 2], false);
    let mut log = Log::default();
    g.try_apply(Action::BuyDev, &mut log).unwrap();
    assert!(log.0.contains(&Event::Reshuffle { cards: 14 }));
    assert_eq!(g.s.deck, [8, 0, 2, 2, 2]);
    assert_eq!(g.s.played, [0; 5]);
    // The five VP cards stay where they are.
    assert_eq!(g.s.players[1].dev[DevCard::VictoryPoint.idx()], 5);
}

#[test]
fn no_card_when_deck_and_pile_are_empty() {
    for (played, holder) in [([3, 0, 0, 0, 0], true), ([0; 5], false)] {
        let mut g = empty_deck(played, holder);
        assert!(!g.deck_available());
        assert!(!legal(&g).contains(&Action::BuyDev));
        refused(&mut g, Action::BuyDev);
    }
    // One card beyond the kept three is enough.
    let g = empty_deck([3, 0, 1, 0, 0], true);
    assert!(legal(&g).contains(&Action::BuyDev));
}

#[test]
fn base_rules_never_reshuffle() {
    let mut g = base_game(4);
    at_turn(&mut g, 0, Phase::Main);
    for (i, card) in DevCard::ALL.into_iter().enumerate() {
        give_dev(&mut g, 1, card, DevCard::DECK[i] - [8, 0, 2, 2, 2][i]);
    }
    g.s.deck = [0; 5];
    g.s.played = [8, 0, 2, 2, 2];
    g.check_invariants().unwrap();
    give(&mut g, 0, DEV_COST);
    assert!(!g.deck_available());
    refused(&mut g, Action::BuyDev);
}

// ---------------------------------------------------------------- start cards

#[test]
fn starting_cards_are_dealt_per_seat_and_playable_on_turn_one() {
    for k in 0..=3u8 {
        let mut g = robert_game(
            3,
            RobertRules {
                start_cards: k,
                ..RobertRules::default()
            },
        );
        let hands = [
            [DevCard::VictoryPoint, DevCard::Knight, DevCard::Monopoly],
            [DevCard::Knight; 3],
            [
                DevCard::YearOfPlenty,
                DevCard::RoadBuilding,
                DevCard::VictoryPoint,
            ],
        ];
        if k == 0 {
            assert_eq!(g.s.phase, Phase::SetupSettlement);
        } else {
            assert_eq!(g.s.phase, Phase::Deal);
        }
        let mut log = Log::default();
        for hand in &hands {
            for &card in &hand[..k as usize] {
                assert_eq!(g.s.phase, Phase::Deal);
                assert_eq!(g.chance(), Some(ChanceDist::Weighted(g.s.deck)));
                g.apply_chance(ChanceOutcome::Card(card), &mut log);
            }
        }
        assert_eq!(g.s.phase, Phase::SetupSettlement, "k = {k}");
        let dealt: Vec<u8> = log
            .0
            .iter()
            .filter_map(|e| match e {
                Event::DevDealt { player, .. } => Some(player.0),
                _ => None,
            })
            .collect();
        let want: Vec<u8> = (0..3).flat_map(|p| vec![p; k as usize]).collect();
        assert_eq!(dealt, want);
        for (p, hand) in hands.iter().enumerate() {
            let mut counts = [0u8; 5];
            for card in &hand[..k as usize] {
                counts[card.idx()] += 1;
            }
            assert_eq!(g.s.players[p].dev, counts, "seat {p}, k = {k}");
            assert_eq!(g.s.players[p].dev_new, [0; 5]);
        }
        g.check_invariants().unwrap();
        while matches!(g.s.phase, Phase::SetupSettlement | Phase::SetupRoad) {
            let a = legal(&g)[0];
            act(&mut g, a);
        }
        assert_eq!((g.s.phase, g.s.current, g.s.turn), (Phase::PreRoll, 0, 1));
        assert_eq!(g.s.players[0].vp, 2 + u8::from(k >= 1));
        assert_eq!(g.s.players[2].vp, 2 + u8::from(k >= 3));
        let knight = legal(&g).contains(&Action::PlayKnight);
        assert_eq!(knight, k >= 2, "k = {k}");
    }
}
