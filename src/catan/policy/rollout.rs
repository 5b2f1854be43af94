//! The `rollout` search player (Bertsekas' rollout).
//!
//! The `rollout` search player: at a decision that matters it plays each candidate action out over
//! sampled futures with a base policy and takes the best (Bertsekas' rollout).
//! With `[rollout] horizon` (`rollout-16:learned@40`) a future stops after that many
//! player-turns and the learned value model (`value`) scores where it stopped.
//!
//! One mind plays every seat with open hands, which is what a co-operative team could do at
//! best and the upper bound a designer wants. Chance inside a rollout (dice, deck order, steals,
//! Robert's ties, the base policy's own tie-breaks) is drawn from streams seeded afresh for each
//! decision, never from the game's own streams; candidate `k` of rollout `j` uses the same
//! streams as every other candidate of rollout `j` (common random numbers), so the comparison
//! between candidates is not drowned by the luck of the dice. Without a horizon a rollout runs to
//! the end of the game: no evaluation function is involved. The budget is spent one of two ways (`[rollout]
//! search`): racing (`rollout-N`: N futures per candidate, candidates behind the base choice
//! dropped halfway) or sequential halving (`halving-N`: N futures per decision, the better half
//! of the challengers kept after each round). The game state is `Copy`, so a rollout allocates
//! nothing.

pub use super::candidates::{BaseName, RolloutKnobs, SearchMode, MAX_CANDIDATES};
use super::leaf::Leaf;
use super::learned::{LearnedModel, LearnedPolicy};
use super::seen::resample_hidden;
use super::team::TeamKnobs;
use super::value::ValueModel;
use crate::catan::sim::GameRngs;
use crate::catan::*;
use crate::engine::play::{Observer, Policy, Sink};
use crate::engine::search::{race, Paired};
use crate::engine::seeds::Rng;
use arrayvec::ArrayVec;
use rand::{Rng as _, SeedableRng};

/// The base policy, resolved for the variant at the first decision (a leaf over the learned
/// player). Not boxed: it is copied into every rollout, which must not allocate.
type Base = Leaf<LearnedPolicy>;

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

/// What a future played to a horizon is worth: the value model's score where it stopped, or its
/// [`value`] if the game ended first (a truncated search's futures, and a label's under
/// `[learn] horizon_value = "model"`).
pub(crate) fn cut_value(future: &Game, seat: PlayerId, progress_weight: f64) -> f64 {
    if future.is_over() {
        value(future, seat, progress_weight)
    } else {
        ValueModel::builtin().value(future)
    }
}

/// Stops a future once its player-turn reaches a horizon (a truncated rollout, or a label's).
pub(crate) struct Horizon {
    until: u32,
    reached: bool,
}

impl Horizon {
    /// `horizon` player-turns from `g` (0: the future plays to the end).
    pub(crate) fn new(g: &Game, horizon: u32) -> Horizon {
        let until = if horizon == 0 {
            u32::MAX
        } else {
            g.s.turn.saturating_add(horizon)
        };
        Horizon {
            until,
            reached: false,
        }
    }
}

impl Sink<Event> for Horizon {}

impl<'t> Observer<Game<'t>> for Horizon {
    #[inline(always)]
    fn post_step(&mut self, g: &Game<'t>) {
        self.reached = g.s.turn >= self.until;
    }
    #[inline(always)]
    fn halted(&self) -> bool {
        self.reached
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
    /// This decision deals the unseen cards afresh (a competitive seat without open hands).
    hidden: bool,
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
            hidden: false,
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

impl RolloutPolicy {
    /// Plays candidate `c` from `g` along future `j` of this decision's streams and returns what
    /// it is worth to `seat`.
    #[allow(clippy::too_many_arguments)]
    fn simulate(
        &mut self,
        g: &Game,
        c: Action,
        base: &Base,
        seed: u64,
        j: u64,
        seat: PlayerId,
    ) -> f64 {
        let mut future = g.clone();
        if self.hidden {
            // Future j deals the unseen cards afresh (the same deal for every candidate).
            let deal = crate::engine::seeds::mix64(seed ^ crate::engine::seeds::mix64(j));
            resample_hidden(&mut future, seat, &mut Rng::seed_from_u64(deal));
        }
        let mut streams = GameRngs::new(seed, j);
        if cfg!(debug_assertions) {
            future
                .try_apply(c, &mut ())
                .expect("a rollout candidate is legal");
        } else {
            future.apply(c, &mut ());
        }
        self.rollouts += 1;
        if self.knobs.horizon == 0 {
            base.play_out(&mut future, &mut streams, &mut self.buf);
        } else {
            // A truncated future: the value model scores where it stopped.
            let mut h = Horizon::new(g, self.knobs.horizon);
            base.play_out_with(&mut future, &mut streams, &mut self.buf, &mut h);
            return cut_value(&future, seat, self.knobs.progress_weight);
        }
        value(&future, seat, self.knobs.progress_weight)
    }

    /// Racing (`search = "race"`): `rollouts` futures per candidate, candidates not ahead of a0
    /// at half the budget dropped ([`race`]). Returns the index of the action taken.
    fn race(&mut self, g: &Game, cands: &[Action], base: &Base, seed: u64) -> usize {
        let seat = g.actor();
        race(
            cands.len(),
            u32::from(self.knobs.rollouts),
            self.knobs.min_z,
            |k, j| self.simulate(g, cands[k], base, seed, j, seat),
        )
    }

    /// Sequential halving (`search = "halving"`): `simulations` futures per decision in all.
    /// Rounds run until one challenger is left (1 + ceil(log2 challengers) rounds); each round
    /// spends an equal share of what is left, split evenly over a0 and the challengers still
    /// in, on the next futures (common to all of them); after a round the better half of the
    /// challengers by paired mean goes on, and the search stops early when none is ahead of a0.
    /// The last challenger replaces a0 only when it clears the same paired test as racing's.
    fn halve(&mut self, g: &Game, cands: &[Action], base: &Base, seed: u64) -> usize {
        let seat = g.actor();
        let mut stats = [Paired::default(); MAX_CANDIDATES];
        // The challengers still in, best first after each round.
        let mut alive: ArrayVec<usize, MAX_CANDIDATES> = (1..cands.len()).collect();
        let rounds = 1 + (alive.len() as u32).next_power_of_two().trailing_zeros();
        let mut left = self.knobs.simulations as u64;
        let mut next = 0u64;
        for r in 0..rounds {
            let share = left / u64::from(rounds - r);
            let per = (share / (alive.len() as u64 + 1)).max(1);
            for j in next..next + per {
                let v0 = self.simulate(g, cands[0], base, seed, j, seat);
                stats[0].add(v0, v0);
                for &k in alive.iter() {
                    let v = self.simulate(g, cands[k], base, seed, j, seat);
                    stats[k].add(v, v0);
                }
            }
            next += per;
            left = left.saturating_sub(per * (alive.len() as u64 + 1));
            // Stable: equal means keep the candidate generator's order.
            alive.sort_by(|&a, &b| stats[b].dsum.total_cmp(&stats[a].dsum));
            if stats[alive[0]].dsum <= 0.0 {
                return 0;
            }
            if alive.len() == 1 {
                break;
            }
            alive.truncate(alive.len().div_ceil(2));
        }
        let k = alive[0];
        if stats[k].clears(self.knobs.min_z) {
            k
        } else {
            0
        }
    }
}

impl Policy<Game<'_>> for RolloutPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        // A competitive seat searches what it could know at the table (see `seen`); a
        // co-operative team, or a search given open hands, the game as it is.
        self.hidden = !g.rules.variant.team_outcome() && !self.knobs.open_hands;
        if self.hidden {
            let mut view = g.clone();
            resample_hidden(&mut view, g.actor(), &mut Rng::seed_from_u64(rng.random()));
            return self.decide(&view, legal, rng);
        }
        self.decide(g, legal, rng)
    }
}

impl RolloutPolicy {
    /// The search itself, on `g` as the searcher sees it.
    fn decide(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let (kind, team, learned) = (self.knobs.base, self.team, self.learned);
        let b = self.base.get_or_insert_with(|| {
            Base::base(kind, team, learned.map(LearnedPolicy::new), g.rules.variant)
        });
        // The base policy as it stood before this decision plays every future.
        let base = *b;
        let a0 = b.choose(g, legal, rng);
        let cands = self.knobs.candidates(g, a0, legal);
        if cands.len() < 2 {
            return a0;
        }
        self.searched += 1;
        let seed: u64 = rng.random();
        let best = match self.knobs.search {
            SearchMode::Race => self.race(g, &cands, &base, seed),
            SearchMode::Halving => self.halve(g, &cands, &base, seed),
        };
        cands[best]
    }
}
