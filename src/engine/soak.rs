//! The soak for any game: its checker and the mergeable report of what it found.
//!
//! The soak for any game: the checker that plays one game under arbitrary actions and invariant
//! checks, and the mergeable report of what it found.

use crate::engine::play::{play, GameState, Observer, Policy, Sink};
use crate::engine::seeds::Rng;
use std::collections::BTreeMap;

/// What a soak found.
#[derive(Clone, Debug, Default)]
pub struct SoakReport {
    pub games: u64,
    /// Games by family, under the name each game's soak gives it ([`SoakReport::game_of`]).
    pub families: BTreeMap<&'static str, u64>,
    /// Steps (decisions and chance outcomes) played, each followed by the invariant checks.
    pub steps: u64,
    /// Arbitrary actions that `try_apply` refused (the state was checked unchanged each time).
    pub refused: u64,
    pub violations: u64,
    /// The first few violations, with the game index.
    pub first_violations: Vec<String>,
}

impl SoakReport {
    /// Both reports' counts; the first ten violations in order.
    pub fn merge(mut self, o: SoakReport) -> SoakReport {
        self.games += o.games;
        for (family, n) in o.families {
            *self.families.entry(family).or_default() += n;
        }
        self.steps += o.steps;
        self.refused += o.refused;
        self.violations += o.violations;
        self.first_violations.extend(o.first_violations);
        self.first_violations.sort();
        self.first_violations.truncate(10);
        self
    }

    /// Counts a game of `family` (a game's name for its games, e.g. its module's).
    pub fn game_of(&mut self, family: &'static str) {
        self.games += 1;
        *self.families.entry(family).or_default() += 1;
    }

    /// The games of `family` played.
    pub fn games_of(&self, family: &str) -> u64 {
        self.families.get(family).copied().unwrap_or(0)
    }

    /// Counts a violation and keeps its message among the first ten.
    pub fn violation(&mut self, msg: String) {
        self.violations += 1;
        if self.first_violations.len() < 10 {
            self.first_violations.push(msg);
        }
    }
}

/// Far beyond any real game; a bound so a livelock shows as a violation, not a hang.
pub const MAX_STEPS: u64 = 400_000;

/// What the soak needs of a game beyond the engine's loop.
pub trait Soaked: GameState {
    /// What a refused action must leave as it was.
    type Snapshot: PartialEq;
    /// What the invariant check may remember between the steps of one game.
    type Memo: Default;
    fn snapshot(&self) -> Self::Snapshot;
    /// Every invariant; the first violation.
    ///
    /// # Errors
    /// A description of what does not add up.
    fn check(&self, memo: &mut Self::Memo) -> Result<(), String>;
    /// An arbitrary action (any kind, any values, mostly illegal) to throw at `try_apply` now, or
    /// `None` to throw none at this step.
    fn arbitrary_action(&self, rng: &mut Rng) -> Option<Self::Action>;
}

/// Plays one game under the soak's checker: before each step an arbitrary action goes to
/// `try_apply` (refused without a change, or legal and played in place of the step); after every
/// step the game's `check`. `who` is (label, game index): the first violation, as
/// `"{label}game {i} step {n}: ..."`, halts the game. Returns the steps played and whether the
/// game was halted.
pub fn soak_play<G: Soaked, P: Policy<G>>(
    g: &mut G,
    policy: &mut P,
    streams: &mut G::Streams,
    buf: &mut G::Actions,
    (wild, who): (Rng, (&'static str, u64)),
    rep: &mut SoakReport,
) -> (u64, bool) {
    let (label, i) = who;
    let mut checker = Checker::<G> {
        wild,
        rep,
        label,
        i,
        steps: 0,
        halted: false,
        memo: G::Memo::default(),
    };
    play(g, policy, streams, buf, &mut checker);
    (checker.steps, checker.halted)
}

/// The soak as an observer of the engine's loop.
struct Checker<'a, G: Soaked> {
    wild: Rng,
    rep: &'a mut SoakReport,
    label: &'static str,
    i: u64,
    steps: u64,
    halted: bool,
    memo: G::Memo,
}

impl<G: Soaked> Checker<'_, G> {
    fn violation(&mut self, what: std::fmt::Arguments) {
        let (label, i, steps) = (self.label, self.i, self.steps);
        self.rep
            .violation(format!("{label}game {i} step {steps}: {what}"));
        self.halted = true;
    }
}

impl<G: Soaked> Sink<G::Event> for Checker<'_, G> {}

impl<G: Soaked> Observer<G> for Checker<'_, G> {
    const CHECKED: bool = true;

    fn pre_step(&mut self, g: &mut G) -> bool {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            self.violation(format_args!("no end after {MAX_STEPS} steps"));
            return true;
        }
        let Some(a) = g.arbitrary_action(&mut self.wild) else {
            return false;
        };
        let before = g.snapshot();
        match g.try_apply(a, &mut ()) {
            Err(_) => {
                self.rep.refused += 1;
                if g.snapshot() != before {
                    self.violation(format_args!("refused {a:?} but changed the state"));
                    return true;
                }
                false
            }
            Ok(()) => {
                if let Err(e) = g.check(&mut self.memo) {
                    self.violation(format_args!("after {a:?}: {e}"));
                }
                true
            }
        }
    }

    fn post_step(&mut self, g: &G) {
        if let Err(e) = g.check(&mut self.memo) {
            self.violation(format_args!("{e}"));
        }
    }

    fn illegal(&mut self, _g: &G, a: G::Action, e: G::Illegal) {
        self.violation(format_args!(
            "the policy chose an illegal action {a:?}: {e:?}"
        ));
    }

    fn halted(&self) -> bool {
        self.halted
    }
}
