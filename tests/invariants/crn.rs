//! Common random numbers: game `i` of rows that differ in one setting shares its board and dice.

use robsim::catan::policy::{GreedyPolicy, Policy, TeamKnobs, TeamPolicy};
use robsim::catan::sim::{layout_for, play, GameRngs};
use robsim::catan::*;

/// Records the dice of every roll and the cards drawn from the deck.
#[derive(Default)]
struct Luck {
    dice: Vec<(u8, u8)>,
    cards: Vec<DevCard>,
    reshuffled: bool,
}

impl Sink<Event> for Luck {
    fn event(&mut self, e: &Event) {
        match *e {
            Event::Roll { d1, d2, .. } => self.dice.push((d1, d2)),
            Event::DevBought { card, .. } | Event::DevDealt { card, .. } if !self.reshuffled => {
                self.cards.push(card)
            }
            Event::Reshuffle { .. } => self.reshuffled = true,
            _ => {}
        }
    }
}

fn game<P: for<'t> Policy<Game<'t>>>(
    rules: Rules,
    seed: u64,
    i: u64,
    policy: &mut P,
) -> (String, Luck) {
    let topo = crate::support::topo();
    let layout = layout_for(topo, BoardKind::Random { red_apart: true }, seed, i);
    let mut g = Game::new(topo, layout, rules);
    let mut rngs = GameRngs::new(seed, i);
    let mut buf = ActionList::new();
    let mut luck = Luck::default();
    play(&mut g, policy, &mut rngs, &mut buf, &mut luck);
    (format!("{layout:?}"), luck)
}

fn prefix_equal<T: PartialEq + std::fmt::Debug>(a: &[T], b: &[T]) {
    let n = a.len().min(b.len());
    assert_eq!(a[..n], b[..n]);
}

/// Rows differing only in policy (team vs greedy) or only in difficulty see the same board and
/// the same dice, roll for roll, in game `i`, for as long as both games last; the deck deals
/// its cards in the same order until Robert first reshuffles played cards back into it.
#[test]
fn rows_share_board_and_dice_in_game_i() {
    let rules = |cards| {
        Rules::robert(
            4,
            RobertRules {
                start_cards: cards,
                ..RobertRules::default()
            },
        )
    };
    let mut longest_shared = 0;
    for i in 0..40 {
        let (la, a) = game(rules(2), 99, i, &mut TeamPolicy::new(TeamKnobs::default()));
        let (lb, b) = game(rules(2), 99, i, &mut GreedyPolicy::default());
        let (lc, c) = game(rules(0), 99, i, &mut TeamPolicy::new(TeamKnobs::default()));
        assert!(la == lb && la == lc, "game {i}: board differs");
        prefix_equal(&a.dice, &b.dice);
        prefix_equal(&a.dice, &c.dice);
        prefix_equal(&a.cards, &b.cards);
        prefix_equal(&a.cards, &c.cards);
        longest_shared = longest_shared.max(a.dice.len().min(b.dice.len()));
    }
    assert!(longest_shared > 20, "games long enough to mean something");
    // A different game index draws different luck.
    let (l0, g0) = game(rules(2), 99, 0, &mut GreedyPolicy::default());
    let (l1, g1) = game(rules(2), 99, 1, &mut GreedyPolicy::default());
    assert!(l0 != l1 || g0.dice[..10] != g1.dice[..10]);
}
