//! The leaf player: every player that decides without searching, in one `Copy` enum.
//!
//! A leaf is a player that decides without searching: random, weighted, greedy, team, solitaire, or the
//! learned player (`L`, `LearnedPolicy`; a learned player's own base is a `Leaf<NoModel>`, whose
//! learned variant cannot be built). It is `Copy` and dispatched statically, one match per
//! decision; a rollout copies only the variant it plays and calls that player directly, so a
//! rollout allocates nothing.

use super::candidates::BaseName;
use super::greedy::GreedyPolicy;
use super::random::RandomPolicy;
use super::solitaire::SolitairePolicy;
use super::team::{TeamKnobs, TeamPolicy};
use super::weighted::WeightedPolicy;
use crate::catan::sim::GameRngs;
use crate::catan::{Action, ActionList, Game, Variant};
use crate::engine::play::{play, Observer, Policy};
use crate::engine::seeds::Rng;

/// What a leaf's learned variant holds: the learned player, or [`NoModel`].
pub trait Learner: Copy + for<'g> Policy<Game<'g>> {
    /// Whether its base policy conceded a stalled game.
    fn stalled(&self) -> bool;
    /// Whether its base policy's last choice chased an award.
    fn chased(&self) -> bool;
}

/// No learned player: the learned variant of a learned player's own base, never built.
#[derive(Clone, Copy, Debug)]
pub enum NoModel {}

impl Policy<Game<'_>> for NoModel {
    fn choose(&mut self, _: &Game, _: &mut ActionList, _: &mut Rng) -> Action {
        match *self {}
    }
}

impl Learner for NoModel {
    fn stalled(&self) -> bool {
        match *self {}
    }
    fn chased(&self) -> bool {
        match *self {}
    }
}

/// A player that decides without searching (see the module doc). Not boxed: greedy carries the
/// Raiders spot values kept across plans (a few KB) and stays inline, since boxing it would
/// allocate per game.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Leaf<L> {
    Random(RandomPolicy),
    Weighted(WeightedPolicy),
    Greedy(GreedyPolicy),
    Team(TeamPolicy),
    Solitaire(SolitairePolicy),
    Learned(L),
}

impl<L: Learner> Leaf<L> {
    /// A search player's base policy `name` for `variant` (`auto`: team in Robert, solitaire
    /// in Solitaire, greedy elsewhere); `team` are a team base's knobs, `learned` a learned
    /// base's player.
    pub fn base(name: BaseName, team: TeamKnobs, learned: Option<L>, variant: Variant) -> Self {
        match (name, variant) {
            (BaseName::Learned, _) => Leaf::Learned(
                learned.expect("a rollout over learned has its model (checked with the config)"),
            ),
            (BaseName::Team, _) | (BaseName::Auto, Variant::Robert(_)) => {
                Leaf::Team(TeamPolicy::new(team))
            }
            (BaseName::Solitaire, _) | (BaseName::Auto, Variant::Solitaire(_)) => {
                Leaf::Solitaire(SolitairePolicy::default())
            }
            _ => Leaf::Greedy(GreedyPolicy::default()),
        }
    }

    /// Plays `g` to the end with a copy of this player. The copy is of the variant only (a whole
    /// leaf is as large as greedy's Raiders state, a few KB, copied per rollout), and the loop
    /// calls that player directly instead of matching per decision.
    #[inline]
    pub fn play_out(&self, g: &mut Game, streams: &mut GameRngs, buf: &mut ActionList) {
        match self {
            Leaf::Random(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Leaf::Weighted(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Leaf::Greedy(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Leaf::Team(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Leaf::Solitaire(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Leaf::Learned(p) => play(g, &mut { *p }, streams, buf, &mut ()),
        }
    }

    /// As [`Leaf::play_out`], watched by `obs` (which may stop the game early).
    pub fn play_out_with<'t, O: Observer<Game<'t>>>(
        &self,
        g: &mut Game<'t>,
        streams: &mut GameRngs,
        buf: &mut ActionList,
        obs: &mut O,
    ) {
        match self {
            Leaf::Random(p) => play(g, &mut { *p }, streams, buf, obs),
            Leaf::Weighted(p) => play(g, &mut { *p }, streams, buf, obs),
            Leaf::Greedy(p) => play(g, &mut { *p }, streams, buf, obs),
            Leaf::Team(p) => play(g, &mut { *p }, streams, buf, obs),
            Leaf::Solitaire(p) => play(g, &mut { *p }, streams, buf, obs),
            Leaf::Learned(p) => play(g, &mut { *p }, streams, buf, obs),
        }
    }

    /// Whether the player conceded a stalled game (only `team` does, also as a learned
    /// player's base; see `TeamKnobs::concede_after_idle_turns`).
    pub fn stalled(&self) -> bool {
        match self {
            Leaf::Team(p) => p.stalled(),
            Leaf::Learned(p) => p.stalled(),
            _ => false,
        }
    }

    /// Whether the player's last choice chased an award (`TeamKnobs::chase_awards`; only
    /// `team` does, also as a learned player's base).
    pub fn chased(&self) -> bool {
        match self {
            Leaf::Team(p) => p.chased(),
            Leaf::Learned(p) => p.chased(),
            _ => false,
        }
    }
}

impl<L: Learner> Policy<Game<'_>> for Leaf<L> {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        match self {
            Leaf::Random(p) => p.choose(g, legal, rng),
            Leaf::Weighted(p) => p.choose(g, legal, rng),
            Leaf::Greedy(p) => p.choose(g, legal, rng),
            Leaf::Team(p) => p.choose(g, legal, rng),
            Leaf::Solitaire(p) => p.choose(g, legal, rng),
            Leaf::Learned(p) => p.choose(g, legal, rng),
        }
    }
}
