//! Carcassonne's part of `robsim soak`: games with and without The Robbers under every robber option, checked after every step and thrown arbitrary actions that must be refused without a change.

use crate::carcassonne::policy::{CarcActions, CarcPolicySpec};
use crate::carcassonne::sim::CarcRngs;
use crate::carcassonne::*;
use crate::engine::play::{play, Observer};
use crate::engine::seeds::Rng;
use crate::engine::soak::{SoakReport, MAX_STEPS};
use rand::{Rng as _, SeedableRng};

/// The rules and policy of Carcassonne soak game `j` (its index among the Carcassonne games):
/// 2 to 5 players; three games in four with The Robbers, cycling through both placement rules,
/// every share, one or two robbers each and 3 or 0 final points; `greedy` in every eighth game
/// (its robber and order choices), `random` otherwise.
pub fn soak_rules(j: u64) -> (Rules, CarcPolicySpec) {
    let players = 2 + (j % 4) as u8;
    let robbers = !(j / 4).is_multiple_of(4);
    let placement =
        [RobberPlacement::NextInStock, RobberPlacement::EachOther][((j / 16) % 2) as usize];
    let share = [
        RobberShare::Half,
        RobberShare::Third,
        RobberShare::Quarter,
        RobberShare::All,
    ][((j / 32) % 4) as usize];
    let rules = Rules {
        players,
        robbers,
        placement,
        share,
        robbers_per_player: 1 + ((j / 128) % 2) as u8,
        final_points: [3, 0][((j / 256) % 2) as usize],
    };
    let policy = if j % 8 == 7 {
        CarcPolicySpec::Greedy
    } else {
        CarcPolicySpec::Random
    };
    (rules, policy)
}

/// Any decision at all, legal or not, with values inside the game's ranges (and a few beyond).
pub fn arbitrary_action(g: &Game, r: &mut Rng) -> Action {
    match r.random_range(0..5u32) {
        0 => {
            // Near the tiles placed, most of the time.
            let cell = match g
                .frontier()
                .get(r.random_range(0..g.frontier().len().max(1)))
            {
                Some(&c) if r.random_bool(0.8) => c,
                _ => r.random_range(0..(GRID * GRID) as u16),
            };
            Action::Place {
                cell,
                rot: r.random_range(0..5),
            }
        }
        1 => Action::Robber(
            r.random_bool(0.9)
                .then(|| r.random_range(0..2 * ROBBER_CODE)),
        ),
        2 => Action::Follower(r.random_bool(0.9).then(|| r.random_range(0..12))),
        3 => Action::First(r.random_range(0..8)),
        _ => Action::Rob(r.random_range(0..8)),
    }
}

/// The soak as an observer of the engine's loop: before each step an arbitrary action goes to
/// [`Game::try_apply`] (refused without a change, or legal and played in place of the step);
/// after every step [`Game::check`]. The first violation halts the game.
struct Checker<'a> {
    wild: Rng,
    rep: &'a mut SoakReport,
    i: u64,
    steps: u64,
    halted: bool,
}

impl Checker<'_> {
    fn violation(&mut self, msg: String) {
        self.rep.violation(msg);
        self.halted = true;
    }
}

impl Sink<Event> for Checker<'_> {}

impl Observer<Game<'_>> for Checker<'_> {
    const CHECKED: bool = true;

    fn pre_step(&mut self, g: &mut Game) -> bool {
        self.steps += 1;
        let (i, steps) = (self.i, self.steps);
        if steps > MAX_STEPS {
            self.violation(format!(
                "carcassonne game {i}: no end after {MAX_STEPS} steps"
            ));
            return true;
        }
        if g.actor().is_none() {
            return false;
        }
        let a = arbitrary_action(g, &mut self.wild);
        let before = g.snapshot();
        match g.try_apply(a, &mut ()) {
            Err(_) => {
                self.rep.refused += 1;
                if g.snapshot() != before {
                    self.violation(format!(
                        "carcassonne game {i} step {steps}: refused {a:?} but changed the state"
                    ));
                    return true;
                }
                false
            }
            Ok(()) => {
                if let Err(e) = g.check() {
                    self.violation(format!(
                        "carcassonne game {i} step {steps}: after {a:?}: {e}"
                    ));
                }
                true
            }
        }
    }

    fn post_step(&mut self, g: &Game) {
        if let Err(e) = g.check() {
            let (i, steps) = (self.i, self.steps);
            self.violation(format!("carcassonne game {i} step {steps}: {e}"));
        }
    }

    fn illegal(&mut self, _g: &Game, a: Action, e: IllegalAction) {
        let (i, steps) = (self.i, self.steps);
        self.violation(format!(
            "carcassonne game {i} step {steps}: the policy chose {a:?}: {e}"
        ));
    }

    fn halted(&self) -> bool {
        self.halted
    }
}

/// Plays Carcassonne soak game `j` (seeded by `(seed, i)`, `i` the soak's game index) in the
/// reused game `g`, and checks it step by step; at the end, every tile is accounted for and no
/// robber is left on the board.
pub fn soak_game(
    g: &mut Game,
    seed: u64,
    i: u64,
    j: u64,
    buf: &mut CarcActions,
    rep: &mut SoakReport,
) {
    let (rules, policy) = soak_rules(j);
    g.reset(rules);
    rep.games += 1;
    rep.carcassonne_games += 1;
    let mut rngs = CarcRngs::new(seed, i);
    let mut checker = Checker {
        wild: Rng::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xCA4C),
        rep,
        i,
        steps: 0,
        halted: false,
    };
    play(g, &mut policy.player(), &mut rngs, buf, &mut checker);
    let (steps, halted) = (checker.steps, checker.halted);
    rep.steps += steps;
    if !halted && !g.is_over() {
        rep.violation(format!("carcassonne game {i}: stopped before the end"));
    }
    if g.is_over() && g.sb.robber.iter().any(|&s| s != IN_STOCK) {
        rep.violation(format!(
            "carcassonne game {i}: a robber left on the board at the end"
        ));
    }
}
