//! The one game loop: the traits a game implements and [`play`].
//!
//! The one game loop: the traits a game implements (state, chance, streams, policy, observer) and
//! [`play`].
//!
//! Runs, traces, the soak, benches and tests all play through [`play`]; what they do besides
//! playing (counting, writing lines, checking invariants) is an [`Observer`].

use crate::engine::seeds::Rng;
use rand::Rng as _;
use std::fmt::Debug;

/// Receives a game's events as the rules produce them (statistics and traces are sinks).
pub trait Sink<E> {
    #[inline(always)]
    fn event(&mut self, _e: &E) {}
}

impl<E> Sink<E> for () {}

/// The random streams of one game, derived from the master seed and the game index.
pub trait Streams {
    fn new(master: u64, game: u64) -> Self;
    /// The policy's own stream (never the dice's).
    fn policy(&mut self) -> &mut Rng;
}

/// A game the loop can play: a small state that knows whose move it is, samples its own chance
/// phases from its streams and applies actions, reporting events to a [`Sink`].
pub trait GameState {
    type Action: Copy + Debug;
    /// The outcome of one chance phase (dice, a card, a tile...).
    type Chance: Copy + Debug;
    type Event;
    type Streams: Streams;
    /// The scratch buffer a policy fills with legal actions.
    type Actions;
    type Illegal: Debug;

    fn is_over(&self) -> bool;
    /// When a chance phase is pending, draws its outcome from the stream that owns it.
    fn sample_chance(&self, streams: &mut Self::Streams) -> Option<Self::Chance>;
    fn apply_chance<S: Sink<Self::Event>>(&mut self, c: Self::Chance, sink: &mut S);
    fn apply<S: Sink<Self::Event>>(&mut self, a: Self::Action, sink: &mut S);
    /// As [`GameState::apply`], refusing an illegal action without changing the state.
    fn try_apply<S: Sink<Self::Event>>(
        &mut self,
        a: Self::Action,
        sink: &mut S,
    ) -> Result<(), Self::Illegal>;
}

/// A scripted player. It sees the game read-only and draws only from its own stream. `legal` is
/// a caller-owned scratch buffer.
pub trait Policy<G: GameState> {
    /// The actor's next action; it must be legal.
    fn choose(&mut self, g: &G, legal: &mut G::Actions, rng: &mut Rng) -> G::Action;
}

/// Watches the loop: every hook is a no-op by default, so a plain run pays nothing for them.
pub trait Observer<G: GameState>: Sink<G::Event> {
    /// Play policy actions through [`GameState::try_apply`] and stop at the first illegal one
    /// (reported to [`Observer::illegal`]) instead of trusting the policy.
    const CHECKED: bool = false;
    /// Before each step. Returns true when the observer played the step itself (the soak's
    /// arbitrary actions); the loop then skips its own step.
    #[inline(always)]
    fn pre_step(&mut self, _g: &mut G) -> bool {
        false
    }
    /// A chance outcome, before it is applied.
    #[inline(always)]
    fn on_chance(&mut self, _g: &G, _c: G::Chance) {}
    /// A policy's action, before it is applied.
    #[inline(always)]
    fn on_action(&mut self, _g: &G, _a: G::Action) {}
    /// After each step (the events of the step have been sent).
    #[inline(always)]
    fn post_step(&mut self, _g: &G) {}
    /// A checked action was refused; the loop stops.
    #[inline(always)]
    fn illegal(&mut self, _g: &G, _a: G::Action, _e: G::Illegal) {}
    /// Stop the loop (an I/O error in a trace, a violation in the soak).
    #[inline(always)]
    fn halted(&self) -> bool {
        false
    }
}

impl<G: GameState> Observer<G> for () {}

/// An observer that only forwards events to a sink.
pub struct Events<'a, S>(pub &'a mut S);

impl<E, S: Sink<E>> Sink<E> for Events<'_, S> {
    #[inline(always)]
    fn event(&mut self, e: &E) {
        self.0.event(e)
    }
}

impl<G: GameState, S: Sink<G::Event>> Observer<G> for Events<'_, S> {}

/// An observer for tests and checks: forwards events, plays every action through
/// [`GameState::try_apply`] and panics on an illegal one or on a game that does not end.
pub struct Strict<'a, S> {
    sink: &'a mut S,
    steps: u64,
}

impl<'a, S> Strict<'a, S> {
    /// Steps after which a game is taken to be stuck in a loop.
    pub const MAX_STEPS: u64 = 10_000_000;
    pub fn new(sink: &'a mut S) -> Strict<'a, S> {
        Strict { sink, steps: 0 }
    }
}

impl<E, S: Sink<E>> Sink<E> for Strict<'_, S> {
    #[inline(always)]
    fn event(&mut self, e: &E) {
        self.sink.event(e)
    }
}

impl<G: GameState, S: Sink<G::Event>> Observer<G> for Strict<'_, S> {
    const CHECKED: bool = true;
    fn pre_step(&mut self, _g: &mut G) -> bool {
        self.steps += 1;
        assert!(
            self.steps <= Self::MAX_STEPS,
            "no end after {} steps",
            Self::MAX_STEPS
        );
        false
    }
    fn illegal(&mut self, _g: &G, a: G::Action, e: G::Illegal) {
        panic!("the policy chose an illegal action {a:?}: {e:?}");
    }
}

/// Plays `g` to its end (or until `obs` halts) with `policy` in every seat.
pub fn play<G: GameState, P: Policy<G>, O: Observer<G>>(
    g: &mut G,
    policy: &mut P,
    streams: &mut G::Streams,
    buf: &mut G::Actions,
    obs: &mut O,
) {
    while !g.is_over() {
        if obs.pre_step(g) {
            if obs.halted() {
                return;
            }
            continue;
        }
        if let Some(c) = g.sample_chance(streams) {
            obs.on_chance(g, c);
            g.apply_chance(c, obs);
        } else {
            let a = policy.choose(g, buf, streams.policy());
            obs.on_action(g, a);
            if O::CHECKED {
                if let Err(e) = g.try_apply(a, obs) {
                    obs.illegal(g, a, e);
                    return;
                }
            } else {
                g.apply(a, obs);
            }
        }
        obs.post_step(g);
        if obs.halted() {
            return;
        }
    }
}

/// Index drawn with probability proportional to `counts` (which sum to `total` > 0).
#[inline]
pub fn weighted(counts: &[u8], total: u32, r: &mut Rng) -> usize {
    debug_assert!(total > 0, "drawing from an empty pile");
    let mut k = r.random_range(0..total);
    for (i, &c) in counts.iter().enumerate() {
        if k < c as u32 {
            return i;
        }
        k -= c as u32;
    }
    unreachable!("weighted draw past the total")
}
