//! Scripted players: the policy trait and the policies a run can name.

pub mod greedy;
pub mod null;
pub mod raiders;
pub mod random;
pub mod solitaire;
pub mod team;

use crate::catan::{Action, ActionList, Game};
use crate::engine::seeds::Rng;

/// A scripted player: the engine's policy over a Catan [`Game`]. Its action must be legal (or a
/// `Trade` that `Game::trade_ok` accepts); `legal` is scratch space for `Game::legal_actions`.
pub use crate::engine::play::Policy;

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

impl PolicySpec {
    /// A fresh player for one game: the one place a policy name becomes a policy.
    pub fn player(self) -> Player {
        match self {
            PolicySpec::Random => Player::Random(RandomPolicy),
            PolicySpec::Greedy => Player::Greedy(GreedyPolicy::default()),
            PolicySpec::Team(k) => Player::Team(TeamPolicy::new(k)),
            PolicySpec::Solitaire => Player::Solitaire(SolitairePolicy),
        }
    }
}

/// Any named policy, dispatched per decision (one predictable branch).
#[derive(Clone, Copy, Debug)]
pub enum Player {
    Random(RandomPolicy),
    Greedy(GreedyPolicy),
    Team(TeamPolicy),
    Solitaire(SolitairePolicy),
}

impl Player {
    /// Whether the player conceded a stalled game (only `team` does; see
    /// `TeamKnobs::concede_after_idle_turns`).
    pub fn stalled(&self) -> bool {
        matches!(self, Player::Team(p) if p.stalled())
    }
}

impl Policy<Game<'_>> for Player {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        match self {
            Player::Random(p) => p.choose(g, legal, rng),
            Player::Greedy(p) => p.choose(g, legal, rng),
            Player::Team(p) => p.choose(g, legal, rng),
            Player::Solitaire(p) => p.choose(g, legal, rng),
        }
    }
}
