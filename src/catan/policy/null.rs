//! The `null` policy, the speed floor: roll and end the turn; only forced choices are made.

use crate::catan::{Action, ActionList, Game, Phase};
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;

/// Rolls, then ends the turn; in set-up, discards and robber moves it takes the first legal
/// action. Games with it run only dice and production, so they measure the engine's floor (they
/// end at the turn cap). Used by `robsim bench` and the benchmarks; not offered in configs.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullPolicy;

impl Policy<Game<'_>> for NullPolicy {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, _rng: &mut Rng) -> Action {
        match g.s.phase {
            Phase::PreRoll => Action::Roll,
            Phase::Main => Action::EndTurn,
            _ => {
                g.legal_actions(legal);
                legal[0]
            }
        }
    }
}
