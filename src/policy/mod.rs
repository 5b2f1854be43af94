//! Scripted players: the policy trait and the policies a run can name.

pub mod greedy;
pub mod random;
pub mod team;

use crate::catan::{Action, ActionList, Game};
use crate::seeds::Rng;

/// A scripted player. It sees the game read-only and draws only from its own stream, never the
/// dice's. `legal` is a caller-owned scratch buffer (fill it with `Game::legal_actions`).
pub trait Policy {
    /// The actor's next action; it must be legal (or a `Trade` that `Game::trade_ok` accepts).
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action;
}

pub use greedy::GreedyPolicy;
pub use random::RandomPolicy;
pub use team::{TeamKnobs, TeamPolicy};
