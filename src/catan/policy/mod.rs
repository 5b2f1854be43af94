//! Scripted players: the policy trait and the policies a run can name.

mod candidates;
mod cards;
pub mod features;
pub mod greedy;
pub mod learned;
mod memo;
pub mod null;
pub mod opening;
pub mod raiders;
pub mod random;
pub mod rollout;
pub mod solitaire;
mod spots;
pub mod team;
#[cfg(test)]
mod testkit;

use crate::catan::{Action, ActionList, Game};
use crate::engine::seeds::Rng;
use candidates::BaseName;

/// A scripted player: the engine's policy over a Catan [`Game`]. Its action must be legal (or a
/// `Trade` that `Game::trade_ok` accepts); `legal` is scratch space for `Game::legal_actions`.
pub use crate::engine::play::Policy;

pub use greedy::{GreedyKnobs, GreedyPolicy};
pub use learned::{LearnedBase, LearnedModel, LearnedPolicy};
pub use null::NullPolicy;
pub use random::RandomPolicy;
pub use rollout::{RolloutKnobs, RolloutPolicy};

pub use solitaire::{SolitaireKnobs, SolitairePolicy};
pub use team::{TeamKnobs, TeamPolicy};

/// The knob tables of a config (`[greedy]`, `[team]`, `[solitaire]`, `[rollout]`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Knobs {
    pub greedy: GreedyKnobs,
    pub team: TeamKnobs,
    pub solitaire: SolitaireKnobs,
    pub rollout: RolloutKnobs,
    /// `[team_tuned]`: a second set of team knobs (e.g. `robsim tune`'s), played as
    /// `team-tuned`.
    pub team_tuned: Option<TeamKnobs>,
    /// `[learned]`: the model loaded from its `model` file, played as `learned` (and by a
    /// rollout player with `base = "learned"`).
    pub learned: Option<LearnedModel>,
}

/// A policy named in a config or on the command line, with its knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PolicySpec {
    Random,
    Greedy(GreedyKnobs),
    Team(TeamKnobs),
    /// The team policy with the `[team_tuned]` knobs, beside `team` in one sweep.
    TeamTuned(TeamKnobs),
    Solitaire(SolitaireKnobs),
    /// The search player; `team` are the knobs of a `team` base policy, `learned` the model
    /// of a `learned` one.
    Rollout {
        knobs: RolloutKnobs,
        team: TeamKnobs,
        learned: Option<LearnedModel>,
    },
    /// The learned player of a `robsim learn` model.
    Learned(LearnedModel),
}

impl PolicySpec {
    /// Every accepted name, for error messages.
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "greedy",
        "team",
        "solitaire",
        "rollout",
        "learned",
    ];

    /// Parses a policy name with the knobs of the config's tables; `rollout-N` is `rollout`
    /// with a budget of N rollouts, and `rollout-N:BASE` (or `rollout:BASE`) the search player
    /// over base policy BASE (`team`, `greedy`, `solitaire`, `learned`), whatever `[rollout]
    /// base` says, so that one sweep can pair rows that differ only in the base.
    pub fn parse(s: &str, k: &Knobs) -> Option<PolicySpec> {
        if let Some(rest) = s.strip_prefix("rollout") {
            let (budget, base) = match rest.split_once(':') {
                Some((n, b)) => (n, Some(BaseName::parse(b)?)),
                None => (rest, None),
            };
            let rollouts = match budget {
                "" => k.rollout.rollouts,
                n => n.strip_prefix('-')?.parse().ok().filter(|&n| n > 0)?,
            };
            return Some(PolicySpec::Rollout {
                knobs: RolloutKnobs {
                    rollouts,
                    base: base.unwrap_or(k.rollout.base),
                    ..k.rollout
                },
                team: k.team,
                learned: k.learned,
            });
        }
        match s {
            "team-tuned" => k.team_tuned.map(PolicySpec::TeamTuned),
            "random" => Some(PolicySpec::Random),
            "greedy" => Some(PolicySpec::Greedy(k.greedy)),
            "team" => Some(PolicySpec::Team(k.team)),
            "solitaire" => Some(PolicySpec::Solitaire(k.solitaire)),
            "learned" => k.learned.map(PolicySpec::Learned),
            _ => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            PolicySpec::Random => "random",
            PolicySpec::Greedy(_) => "greedy",
            PolicySpec::Team(_) => "team",
            PolicySpec::TeamTuned(_) => "team-tuned",
            PolicySpec::Solitaire(_) => "solitaire",
            PolicySpec::Rollout { .. } => "rollout",
            PolicySpec::Learned(_) => "learned",
        }
    }

    /// Whether this is a search player (slow; `search_games` caps its rows).
    pub fn searches(&self) -> bool {
        matches!(self, PolicySpec::Rollout { .. })
    }

    /// The estimated cost of one game in games of the team script, for the progress bar only:
    /// the learned player about 2 (docs/speed.md: 1.6-1.9x per player-turn); a search player
    /// about 250 per rollout per candidate (rollout-8 over team: 2,000, as `robsim bench` plays
    /// 2 of its games a second against 4,000 of the script's), twice that over learned.
    pub fn cost(&self) -> u64 {
        match self {
            PolicySpec::Rollout { knobs, learned, .. } => {
                250 * knobs.rollouts.max(1) as u64 * if learned.is_some() { 2 } else { 1 }
            }
            PolicySpec::Learned(_) => 2,
            _ => 1,
        }
    }

    /// The name a report shows: the name, and a search player's budget (`rollout-16`), so
    /// that rows of two budgets differ in one setting.
    pub fn label(&self) -> String {
        match self {
            PolicySpec::Rollout { knobs, .. } => match knobs.base {
                BaseName::Auto => format!("rollout-{}", knobs.rollouts),
                base => format!("rollout-{}:{}", knobs.rollouts, base.name()),
            },
            _ => self.name().to_string(),
        }
    }
}

impl PolicySpec {
    /// A fresh player for one game: the one place a policy name becomes a policy.
    pub fn player(self) -> Player {
        match self {
            PolicySpec::Random => Player::Random(RandomPolicy),
            PolicySpec::Greedy(k) => Player::Greedy(GreedyPolicy::new(k)),
            PolicySpec::Team(k) | PolicySpec::TeamTuned(k) => Player::Team(TeamPolicy::new(k)),
            PolicySpec::Solitaire(k) => Player::Solitaire(SolitairePolicy { knobs: k }),
            PolicySpec::Rollout {
                knobs,
                team,
                learned,
            } => Player::Rollout(Box::new(
                RolloutPolicy::new(knobs, team).with_learned(learned),
            )),
            PolicySpec::Learned(m) => Player::Learned(LearnedPolicy::new(m)),
        }
    }
}

/// Search effort of a player, for `robsim bench`: decisions searched and rollouts played so
/// far (0 for scripted players).
pub trait Effort {
    /// A search player (slow: runners give it small work items).
    const SEARCH: bool = false;
    fn effort(&self) -> (u64, u64) {
        (0, 0)
    }
}

impl Effort for NullPolicy {}
impl Effort for RandomPolicy {}
impl Effort for GreedyPolicy {}
impl Effort for TeamPolicy {}
impl Effort for SolitairePolicy {}
impl Effort for LearnedPolicy {}
impl Effort for RolloutPolicy {
    const SEARCH: bool = true;
    fn effort(&self) -> (u64, u64) {
        (self.searched, self.rollouts)
    }
}

/// Any named policy, dispatched per decision (one predictable branch). The search player is
/// boxed: its scratch action list is large, and it is allocated once per game. Greedy (with the
/// Raiders spot values it keeps across plans, a few KB) and the learned player (its weights
/// inline) stay inline so that a scripted-speed game allocates nothing.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Player {
    Random(RandomPolicy),
    Greedy(GreedyPolicy),
    Team(TeamPolicy),
    Solitaire(SolitairePolicy),
    Rollout(Box<RolloutPolicy>),
    Learned(LearnedPolicy),
}

impl Player {
    /// Whether the player conceded a stalled game (only `team` does, also as a learned
    /// player's base; see `TeamKnobs::concede_after_idle_turns`).
    pub fn stalled(&self) -> bool {
        match self {
            Player::Team(p) => p.stalled(),
            Player::Learned(p) => p.stalled(),
            _ => false,
        }
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
            Player::Rollout(p) => p.choose(g, legal, rng),
            Player::Learned(p) => p.choose(g, legal, rng),
        }
    }
}
