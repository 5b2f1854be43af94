//! The `random` policy: uniform over the legal actions (player trades excluded).

use super::Policy;
use crate::catan::{Action, ActionList, Game};
use crate::engine::seeds::Rng;

/// Picks uniformly among `Game::legal_actions`. Trades between players are not in that list,
/// so random players never offer them.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPolicy;

impl Policy<Game<'_>> for RandomPolicy {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        g.uniform_action(legal, rng)
    }
}
