//! Carcassonne's policy names and the player each becomes: random, greedy, the search, lineups.

use crate::carcassonne::policy::{CarcGreedy, CarcRandom};
use crate::carcassonne::search::{CarcRollout, MAX_ROLLOUTS};
use crate::carcassonne::{Action, CarcActions, Game, MAX_PLAYERS};
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;

/// A Carcassonne policy named in a config or on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CarcPolicySpec {
    Random,
    Greedy,
    /// The search player: `rollout-N`, N futures per candidate.
    Rollout(u32),
}

impl CarcPolicySpec {
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "greedy",
        "rollout-N (a search over greedy, N futures per candidate, N from 1 to 4096)",
    ];
    pub fn parse(s: &str) -> Option<CarcPolicySpec> {
        match s {
            "random" => Some(CarcPolicySpec::Random),
            "greedy" => Some(CarcPolicySpec::Greedy),
            _ => {
                let n: u32 = s.strip_prefix("rollout-")?.parse().ok()?;
                (1..=MAX_ROLLOUTS)
                    .contains(&n)
                    .then_some(CarcPolicySpec::Rollout(n))
            }
        }
    }
    pub fn name(self) -> String {
        match self {
            CarcPolicySpec::Random => "random".into(),
            CarcPolicySpec::Greedy => "greedy".into(),
            CarcPolicySpec::Rollout(n) => format!("rollout-{n}"),
        }
    }

    /// A fresh player for one game: the one place a policy name becomes a policy.
    pub fn player(self) -> CarcPlayer {
        match self {
            CarcPolicySpec::Random => CarcPlayer::Random(CarcRandom),
            CarcPolicySpec::Greedy => CarcPlayer::Greedy(CarcGreedy::default()),
            CarcPolicySpec::Rollout(n) => CarcPlayer::Rollout(Box::new(CarcRollout::new(n))),
        }
    }
}

/// Any named Carcassonne policy, dispatched per decision; `Seats` gives each seat its own
/// (a lineup: each decision goes to the deciding seat's player).
pub enum CarcPlayer {
    Random(CarcRandom),
    Greedy(CarcGreedy),
    Rollout(Box<CarcRollout>),
    Seats(Box<[Option<CarcPlayer>; MAX_PLAYERS]>),
}

impl Policy<Game<'static>> for CarcPlayer {
    #[inline]
    fn choose(&mut self, g: &Game<'static>, buf: &mut CarcActions, rng: &mut Rng) -> Action {
        match self {
            CarcPlayer::Random(p) => p.choose(g, buf, rng),
            CarcPlayer::Greedy(p) => p.choose(g, buf, rng),
            CarcPlayer::Rollout(p) => p.choose(g, buf, rng),
            CarcPlayer::Seats(s) => s[g.actor().unwrap_or(0) as usize]
                .as_mut()
                .expect("a lineup seats a player in every seat of the game")
                .choose(g, buf, rng),
        }
    }
}
