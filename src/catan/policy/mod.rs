//! Scripted players: the policy trait and the policies a run can name.

pub mod greedy;
pub mod null;
pub mod raiders;
pub mod random;
pub mod solitaire;
pub mod team;

use crate::catan::{Action, ActionList, Game};
use crate::engine::seeds::Rng;

/// A scripted player. It sees the game read-only and draws only from its own stream, never the
/// dice's. `legal` is a caller-owned scratch buffer (fill it with `Game::legal_actions`).
pub trait Policy {
    /// The actor's next action; it must be legal (or a `Trade` that `Game::trade_ok` accepts).
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action;
}

pub use greedy::GreedyPolicy;
pub use null::NullPolicy;
pub use random::RandomPolicy;

pub use solitaire::SolitairePolicy;
pub use team::{TeamKnobs, TeamPolicy};

/// A policy named in a config or on the command line, with its knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PolicySpec {
    Random,
    Greedy,
    Team(TeamKnobs),
    Solitaire,
}

impl PolicySpec {
    /// Every accepted name, for error messages.
    pub const NAMES: &'static [&'static str] = &["random", "greedy", "team", "solitaire"];

    /// Parses a policy name; `team` takes the given knobs.
    pub fn parse(s: &str, team: TeamKnobs) -> Option<PolicySpec> {
        match s {
            "random" => Some(PolicySpec::Random),
            "greedy" => Some(PolicySpec::Greedy),
            "team" => Some(PolicySpec::Team(team)),
            "solitaire" => Some(PolicySpec::Solitaire),
            _ => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            PolicySpec::Random => "random",
            PolicySpec::Greedy => "greedy",
            PolicySpec::Team(_) => "team",
            PolicySpec::Solitaire => "solitaire",
        }
    }
}
