//! The `random` policy: uniform over the legal actions (player trades excluded).

use crate::catan::{Action, ActionList, Game, Phase, Resource, Variant};
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use rand::Rng as _;

/// Picks uniformly among `Game::legal_actions`. Trades between players are not in that list,
/// so random players never offer them.
///
/// Where a phase's actions can be counted without listing them (the main phase outside Raiders,
/// before the roll, discards, and `Game::counted_action`'s phases: set-up, the robber, free
/// roads, flips), it draws the index from the count and finds that action: the same draw and
/// the same action as listing them first, at a fraction of the work.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl Policy<Game<'_>> for RandomPolicy {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let raiders = matches!(g.rules.variant, Variant::Raiders(_));
        match g.s.phase {
            Phase::Main if !raiders => {
                let m = g.main_menu();
                m.get(rng.random_range(0..m.len()))
            }
            Phase::PreRoll if !raiders => {
                // `legal_actions` order: roll (Robert: let him move), then the knight.
                let n = 1 + g.knight_playable() as usize;
                match rng.random_range(0..n) {
                    0 => g.roll_action(),
                    _ => Action::PlayKnight,
                }
            }
            Phase::Discard => {
                let hand = g.s.player(g.actor()).hand;
                let n = hand.iter().filter(|&&x| x > 0).count();
                let k = rng.random_range(0..n);
                let r = (0..5).filter(|&r| hand[r] > 0).nth(k).expect("k < n");
                Action::Discard(Resource::from_idx(r))
            }
            _ => {
                // Set-up, the robber, free roads and flips: counted, then the drawn one found.
                if let Some(a) = g.counted_action(|n| rng.random_range(0..n)) {
                    return a;
                }
                g.legal_actions(legal);
                debug_assert!(!legal.is_empty(), "no legal action in {:?}", g.s.phase);
                legal[rng.random_range(0..legal.len())]
            }
        }
    }
}
