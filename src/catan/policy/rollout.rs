//! The `rollout` search player: at a decision that matters it plays each candidate action out over sampled futures with a base policy and takes the best (Bertsekas' rollout).
//!
//! One mind plays every seat with open hands, which is what a co-operative team could do at
//! best and the upper bound a designer wants. Chance inside a rollout (dice, deck order, steals,
//! Robert's ties, the base policy's own tie-breaks) is drawn from streams seeded afresh for each
//! decision, never from the game's own streams; candidate `k` of rollout `j` uses the same
//! streams as every other candidate of rollout `j` (common random numbers), so the comparison
//! between candidates is not drowned by the luck of the dice. A rollout runs to the end of the
//! game: no evaluation function is involved. The game state is `Copy`, so a rollout allocates
//! nothing.

pub use super::candidates::{BaseName, RolloutKnobs, MAX_CANDIDATES};
use super::greedy::GreedyPolicy;
use super::learned::{LearnedModel, LearnedPolicy};
use super::solitaire::SolitairePolicy;
use super::team::{TeamKnobs, TeamPolicy};
use crate::catan::sim::GameRngs;
use crate::catan::*;
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use rand::Rng as _;

/// Least standard deviation assumed for a paired difference of rollout values. With a few
/// rollouts the sample's own can be 0 (every rollout gained the same small progress), and a
/// candidate would then replace the base choice on no evidence of winning more.
const SD_FLOOR: f64 = 0.1;

/// The base policy, resolved for the variant at the first decision. Not boxed: it is copied
/// into every rollout, which must not allocate. Greedy carries the Raiders spot values kept across
/// plans (a few KB); it stays inline and `Copy`, since boxing it would allocate per game.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::large_enum_variant)]
enum Base {
    Team(TeamPolicy),
    Greedy(GreedyPolicy),
    Solitaire(SolitairePolicy),
    Learned(LearnedPolicy),
}

impl Base {
    fn new(
        name: BaseName,
        team: TeamKnobs,
        learned: Option<LearnedModel>,
        variant: Variant,
    ) -> Base {
        match (name, variant) {
            (BaseName::Learned, _) => Base::Learned(LearnedPolicy::new(
                learned.expect("a rollout over learned has its model (checked with the config)"),
            )),
            (BaseName::Team, _) | (BaseName::Auto, Variant::Robert(_)) => {
                Base::Team(TeamPolicy::new(team))
            }
            (BaseName::Solitaire, _) | (BaseName::Auto, Variant::Solitaire(_)) => {
                Base::Solitaire(SolitairePolicy::default())
            }
            _ => Base::Greedy(GreedyPolicy::default()),
        }
    }
}

impl Base {
    /// Plays `g` to the end with a copy of this base policy. The copy is of the variant only
    /// (a whole `Base` is as large as greedy's Raiders state, a few KB, copied per rollout),
    /// and the loop calls that policy directly instead of matching per decision.
    #[inline]
    fn play_out(&self, g: &mut Game, streams: &mut GameRngs, buf: &mut ActionList) {
        use crate::engine::play::play;
        match self {
            Base::Team(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Base::Greedy(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Base::Solitaire(p) => play(g, &mut { *p }, streams, buf, &mut ()),
            Base::Learned(p) => play(g, &mut { *p }, streams, buf, &mut ()),
        }
    }
}

impl Policy<Game<'_>> for Base {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        match self {
            Base::Team(p) => p.choose(g, legal, rng),
            Base::Greedy(p) => p.choose(g, legal, rng),
            Base::Solitaire(p) => p.choose(g, legal, rng),
            Base::Learned(p) => p.choose(g, legal, rng),
        }
    }
}

/// What a finished rollout is worth to the seat that decided: 1 for a win; for anything else
/// `progress_weight` times the share of the VP still needed that was gained (co-operative: the
/// team's VP toward the target, summed over players; competitive: the seat's own), so that a
/// decision in a row the team almost never wins still sees a signal.
pub(crate) fn value(g: &Game, seat: PlayerId, progress_weight: f64) -> f64 {
    let target = g.rules.vp_to_win as f64;
    let players = &g.s.players[..g.s.n_players as usize];
    match g.s.outcome() {
        Some(Outcome::TeamWin) => 1.0,
        Some(Outcome::Winner(p)) if p == seat => 1.0,
        _ if g.rules.variant.team_outcome() => {
            let got: f64 = players.iter().map(|p| (p.vp as f64).min(target)).sum();
            progress_weight * got / (target * players.len() as f64)
        }
        _ => progress_weight * (g.s.player(seat).vp as f64).min(target) / target,
    }
}

/// The search player (see the module doc). Every seat runs the same instance.
#[derive(Clone, Debug)]
pub struct RolloutPolicy {
    knobs: RolloutKnobs,
    team: TeamKnobs,
    /// The model of a `learned` base policy.
    learned: Option<LearnedModel>,
    base: Option<Base>,
    /// Scratch for legal actions inside rollouts.
    buf: ActionList,
    /// Decisions searched and rollouts played so far (for `robsim bench`).
    pub searched: u64,
    pub rollouts: u64,
}

impl RolloutPolicy {
    /// A rollout player; `team` are the knobs of a `team` base policy.
    pub fn new(knobs: RolloutKnobs, team: TeamKnobs) -> RolloutPolicy {
        RolloutPolicy {
            knobs,
            team,
            learned: None,
            base: None,
            buf: ActionList::new(),
            searched: 0,
            rollouts: 0,
        }
    }

    /// A rollout player whose base policy (with `base = "learned"`) is `model`'s learned player.
    pub fn with_learned(mut self, model: Option<LearnedModel>) -> RolloutPolicy {
        self.learned = model;
        self
    }
}

impl Policy<Game<'_>> for RolloutPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let (kind, team, learned) = (self.knobs.base, self.team, self.learned);
        let b = self
            .base
            .get_or_insert_with(|| Base::new(kind, team, learned, g.rules.variant));
        // The base policy as it stood before this decision plays every future.
        let base = *b;
        let a0 = b.choose(g, legal, rng);
        let cands = self.knobs.candidates(g, a0, legal);
        if cands.len() < 2 {
            return a0;
        }
        self.searched += 1;
        let seat = g.actor();
        let seed: u64 = rng.random();
        let n = self.knobs.rollouts as usize;
        // Per candidate: sum of values, and sum and sum of squares of the difference with a0.
        let mut sum = [0f64; MAX_CANDIDATES];
        let mut dsum = [0f64; MAX_CANDIDATES];
        let mut dsq = [0f64; MAX_CANDIDATES];
        // Racing: at half the budget, a candidate not ahead of a0 is dropped (it would need
        // the second half alone to clear the bar); when none is left the search stops.
        let mut alive = [true; MAX_CANDIDATES];
        let mut played = 0usize;
        for j in 0..n as u64 {
            if n >= 4 && played == n / 2 {
                for k in 1..cands.len() {
                    alive[k] &= dsum[k] > 0.0;
                }
                if !alive[1..cands.len()].iter().any(|&a| a) {
                    break;
                }
            }
            let mut v0 = 0.0;
            for (k, &c) in cands.iter().enumerate() {
                if !alive[k] {
                    continue;
                }
                let mut future = g.clone();
                let mut streams = GameRngs::new(seed, j);
                if cfg!(debug_assertions) {
                    future
                        .try_apply(c, &mut ())
                        .expect("a rollout candidate is legal");
                } else {
                    future.apply(c, &mut ());
                }
                base.play_out(&mut future, &mut streams, &mut self.buf);
                self.rollouts += 1;
                let v = value(&future, seat, self.knobs.progress_weight);
                if k == 0 {
                    v0 = v;
                }
                sum[k] += v;
                dsum[k] += v - v0;
                dsq[k] += (v - v0) * (v - v0);
            }
            played += 1;
        }
        // The best mean among the surviving candidates that beat a0 clearly enough; else a0.
        let n = played;
        let mut best = 0;
        for k in 1..cands.len() {
            if !alive[k] {
                continue;
            }
            let mean = dsum[k] / n as f64;
            let var = if n > 1 {
                (dsq[k] - dsum[k] * mean) / (n - 1) as f64
            } else {
                0.0
            };
            let se = (var.max(SD_FLOOR * SD_FLOOR) / n as f64).sqrt();
            if mean > 0.0 && mean >= self.knobs.min_z * se && sum[k] > sum[best] {
                best = k;
            }
        }
        cands[best]
    }
}
