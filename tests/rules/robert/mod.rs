//! Robert the Robber co-op rule scenarios: targeting and tie-breaks, soldier, seven, monopoly, reshuffle, deal, end.
//!
//! One submodule per topic; this module holds the positions and helpers they share.

mod deck;
mod end;
mod knobs;
mod targeting;
mod turn;

use crate::support::*;
use robsim::catan::kernel::robert::target_candidates;
use robsim::catan::*;

fn c(i: u8) -> CornerId {
    CornerId(i)
}

fn rr(target: RobertTarget, city_weight: u8) -> RobertRules {
    RobertRules {
        target,
        city_weight,
        start_cards: 0,
        ..RobertRules::default()
    }
}

/// A Robert game on the fixed board at turn 1 of seat 0 before the roll; Robert in the desert
/// and the listed hexes face down.
fn position(players: u8, r: RobertRules, down: &[HexId]) -> Game<'static> {
    let mut g = robert_game(players, r);
    at_turn(&mut g, 0, Phase::PreRoll);
    g.set_face_down(hexes(down));
    assert_eq!(g.s.robber, hex(0, 0));
    g
}

/// Lets Robert move; returns the events.
fn robert_moves(g: &mut Game) -> Log {
    let mut log = Log::default();
    g.try_apply(Action::RobertMoves, &mut log).unwrap();
    g.check_invariants().unwrap();
    log
}

/// Robert moved to `h` and flipped it.
fn assert_flipped(g: &Game, h: HexId) {
    assert_eq!(g.s.robber, h);
    assert!(g.s.face_down.contains(h.idx()));
    assert_eq!(g.s.phase, Phase::Dice);
}

/// Robert must break a tie at random among exactly `tied`.
fn assert_tie(g: &Game, tied: &[HexId]) {
    assert_eq!(g.s.phase, Phase::RobertTie);
    assert_eq!(g.chance(), Some(ChanceDist::Uniform(hexes(tied))));
}

/// Robert on the hills 6 (0, -1); face down: it, the pasture 4 (1, -1) and the mountains 8 (2, 0).
/// Settlements on corner 2 (touches the hills) and 13 (touches the pasture); none on the 8.
fn soldier_position() -> Game<'static> {
    let mut g = position(
        3,
        RobertRules::default(),
        &[hex(0, -1), hex(1, -1), hex(2, 0)],
    );
    g.set_robber(hex(0, -1));
    put_settlement(&mut g, 0, c(2));
    put_settlement(&mut g, 1, c(13));
    give_dev(&mut g, 0, DevCard::Knight, 2);
    give_dev(&mut g, 0, DevCard::YearOfPlenty, 1);
    g
}

/// [`seven_position`] with other rules (a knob set).
fn seven_position_with(hand1: u8, rules: Rules) -> Game<'static> {
    let mut g = position(4, RobertRules::default(), &[hex(0, -1), hex(1, -1)]);
    g.rules = rules;
    g.set_robber(hex(0, -1));
    put_settlement(&mut g, 0, c(2));
    put_settlement(&mut g, 1, c(13));
    give(&mut g, 1, [hand1, 0, 0, 0, 0]);
    give(&mut g, 2, [0, 7, 0, 0, 0]);
    g.s.phase = Phase::Dice;
    g.apply_chance(ChanceOutcome::Dice(3, 4), &mut ());
    g.check_invariants().unwrap();
    g
}

/// `g`'s Robert rules with `f` applied (a knob set on a constructed position).
fn set_robert(g: &mut Game, f: impl Fn(&mut RobertRules)) {
    if let Variant::Robert(o) = &mut g.rules.variant {
        f(o);
    } else {
        panic!("not a Robert game");
    }
}

/// Deck empty; `played` on the table; the rest (VP cards included) in seat 1's hand. With a
/// holder, the knights on the table are seat 2's army (largest, up to 5) and seat 3's (the rest,
/// up to 3).
fn empty_deck(played: [u8; 5], holder: bool) -> Game<'static> {
    let mut g = position(4, RobertRules::default(), &[]);
    at_turn(&mut g, 0, Phase::Main);
    for (i, card) in DevCard::ALL.into_iter().enumerate() {
        give_dev(&mut g, 1, card, DevCard::DECK[i] - played[i]);
    }
    assert_eq!(g.s.deck, played);
    g.s.deck = [0; 5];
    g.s.played = played;
    if holder {
        let army = played[DevCard::Knight.idx()].min(5);
        g.s.players[2].knights_played = army as u16;
        g.s.players[3].knights_played = (played[DevCard::Knight.idx()] - army).min(3) as u16;
        g.s.largest_army = 2;
        g.s.players[2].vp += 2;
    }
    g.check_invariants().unwrap();
    give(&mut g, 0, DEV_COST);
    g
}
