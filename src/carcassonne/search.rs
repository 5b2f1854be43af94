//! Carcassonne's `rollout-N` search player: greedy's best candidates raced over sampled futures.
//!
//! At each decision with a choice (the tile's placement, the follower, the robber, which score
//! goes first, which score a robber takes) the player lists greedy's choice (a0) and the next
//! best by greedy's own score, plays each out `N` times to the end with greedy in every seat,
//! and takes the candidate with the best mean value for its seat once it clears a0 by two
//! paired standard errors (the racing of [`crate::engine::search::race`], as Catan's search).
//!
//! Honest by construction: the only hidden information in Carcassonne is the order of the tile
//! pile, and the player sees the game's state (the pile as counts per kind, which anyone at the
//! table can count) and its own policy stream, never the game's tile streams. Future `j` of a
//! decision draws its tiles from streams seeded from the decision's seed and `j`, the same for
//! every candidate (common random numbers) and never the game's own. A placement candidate is
//! played with the follower greedy would put on it; the follower is searched on its own once
//! the tile lies.

use crate::carcassonne::policy::{CarcActions, CarcGreedy, Placing};
use crate::carcassonne::sim::CarcRngs;
use crate::carcassonne::{Action, Game, Phase, ROBBER_CODE};
use crate::engine::play::{play, Policy};
use crate::engine::search::{race, MAX_RACERS};
use crate::engine::seeds::Rng;
use arrayvec::ArrayVec;
use rand::Rng as _;

/// Candidates at one decision: greedy's choice and the next best by its score.
pub const CANDIDATES: usize = 6;
/// Paired standard errors by which a candidate must beat greedy's choice to replace it.
const MIN_Z: f64 = 2.0;
/// What a future is worth beside winning: this much for a lead of `MARGIN_SCALE` points over
/// the best other seat (less for less, negative when behind), so that futures that are all
/// won or all lost still rank the candidates.
const MARGIN_WEIGHT: f64 = 0.25;
const MARGIN_SCALE: f64 = 30.0;
/// Most futures per candidate a name may ask for.
pub const MAX_ROLLOUTS: u32 = 4096;

/// What a finished future is worth to `seat`: its share of the win (1 alone, 1/k in a k-way
/// tie, 0 otherwise) plus a small term for its margin over the best other seat.
pub fn value(g: &Game, seat: u8) -> f64 {
    let n = g.rules.players as usize;
    let w = g.winners();
    let credit = if w & (1 << seat) != 0 {
        1.0 / w.count_ones() as f64
    } else {
        0.0
    };
    let mine = g.score[seat as usize] as f64;
    let other = (0..n)
        .filter(|&p| p != seat as usize)
        .map(|p| g.score[p])
        .max()
        .unwrap_or(0) as f64;
    credit + MARGIN_WEIGHT * ((mine - other) / MARGIN_SCALE).clamp(-1.0, 1.0)
}

/// A candidate: the action and, for a placement, the follower greedy would put on it.
#[derive(Clone, Copy, Debug)]
struct Cand {
    action: Action,
    plan: Option<u8>,
}

/// The search player (see the module doc).
pub struct CarcRollout {
    /// Futures per candidate.
    rollouts: u32,
    /// Greedy, deciding a0 (and carrying its follower plan from the placement to the follower).
    greedy: CarcGreedy,
    /// The game each future is played in (allocated at the first decision, then reused).
    future: Option<Box<Game<'static>>>,
    buf: Box<CarcActions>,
    /// Decisions searched and futures played so far.
    pub searched: u64,
    pub rollouts_played: u64,
}

impl CarcRollout {
    pub fn new(rollouts: u32) -> CarcRollout {
        CarcRollout {
            rollouts,
            greedy: CarcGreedy::default(),
            future: None,
            buf: Box::default(),
            searched: 0,
            rollouts_played: 0,
        }
    }

    /// The candidates of this decision, a0 first; `legal` is scratch.
    fn candidates(
        &mut self,
        g: &Game,
        a0: Action,
        legal: &mut CarcActions,
    ) -> ArrayVec<Cand, CANDIDATES> {
        let mut cands = ArrayVec::new();
        let plan0 = self.greedy.planned();
        cands.push(Cand {
            action: a0,
            plan: plan0,
        });
        // Every other legal action with greedy's score for it, best first.
        let mut scored: ArrayVec<(f64, Cand), MAX_RANKED> = ArrayVec::new();
        g.legal(legal);
        let me = g.actor().unwrap_or(0);
        // Greedy's per-decision terms, worked out once (used by placements only).
        let at = Placing::new(g);
        for &a in legal.iter() {
            if a == a0 {
                continue;
            }
            let (score, plan) = match (g.phase, a) {
                (Phase::Place, Action::Place { cell, rot }) => {
                    self.greedy.evaluate_in(g, &at, cell, rot)
                }
                (Phase::Robber, Action::Robber(Some(v))) => {
                    (CarcGreedy::robber_value(g, me, v % ROBBER_CODE), None)
                }
                (Phase::Rob, Action::Rob(k)) => {
                    let c = g.rob_candidates(g.robber_asked())[k as usize];
                    (g.round_score(c).1 as f64, None)
                }
                // Declining the robber, following or not, an order: no score; all are tried.
                _ => (0.0, None),
            };
            if scored.is_full() {
                // Keep the best: replace the worst when this one beats it.
                let worst = (0..scored.len())
                    .min_by(|&x, &y| scored[x].0.total_cmp(&scored[y].0))
                    .unwrap_or(0);
                if score > scored[worst].0 {
                    scored[worst] = (score, Cand { action: a, plan });
                }
            } else {
                scored.push((score, Cand { action: a, plan }));
            }
        }
        // Stable: equal scores keep the legal order.
        scored.sort_by(|x, y| y.0.total_cmp(&x.0));
        for &(_, c) in scored.iter().take(CANDIDATES - 1) {
            cands.push(c);
        }
        cands
    }

    /// Plays candidate `c` from `g` along future `j` of this decision's streams (greedy in every
    /// seat) and returns what it is worth to `seat`.
    fn simulate(&mut self, g: &Game<'static>, c: Cand, seed: u64, j: u64, seat: u8) -> f64 {
        let future = self.future.get_or_insert_with(|| Box::new(g.clone()));
        future.copy_from(g);
        let mut rngs = CarcRngs::new(seed, j);
        future.apply(c.action, &mut ());
        let mut greedy = CarcGreedy::with_plan(c.plan);
        play(
            &mut **future,
            &mut greedy,
            &mut rngs,
            &mut self.buf,
            &mut (),
        );
        self.rollouts_played += 1;
        value(future, seat)
    }
}

/// Candidates ranked before the best are kept (a placement can have a few hundred).
const MAX_RANKED: usize = MAX_RACERS;

impl Policy<Game<'static>> for CarcRollout {
    fn choose(&mut self, g: &Game<'static>, legal: &mut CarcActions, rng: &mut Rng) -> Action {
        let a0 = self.greedy.choose(g, legal, rng);
        let cands = self.candidates(g, a0, legal);
        if cands.len() < 2 {
            return a0;
        }
        self.searched += 1;
        let seed: u64 = rng.random();
        let seat = g.actor().unwrap_or(0);
        let best = race(cands.len(), self.rollouts, MIN_Z, |k, j| {
            self.simulate(g, cands[k], seed, j, seat)
        });
        if g.phase == Phase::Place {
            // The follower greedy would put on the placement taken; searched next decision.
            self.greedy.set_plan(cands[best].plan);
        }
        cands[best].action
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::carcassonne::experiment::base_tiles;
    use crate::carcassonne::Rules;
    use crate::engine::play::Strict;
    use rand::SeedableRng;

    /// Plays `g` with greedy until `turns` tiles lie (or the end).
    fn play_until(g: &mut Game<'static>, rngs: &mut CarcRngs, turns: u32) {
        let mut greedy = CarcGreedy::default();
        let mut buf = CarcActions::new();
        while !g.is_over() && g.turn < turns {
            if let Some(kind) = crate::engine::play::GameState::sample_chance(&*g, rngs) {
                g.apply_draw(kind, &mut ());
            } else {
                let a = greedy.choose(g, &mut buf, &mut rngs.policy);
                g.apply(a, &mut ());
            }
        }
    }

    /// A game copied into an allocation that held another game plays on exactly as the
    /// original: same board, scores and followers at the end, and consistent throughout.
    #[test]
    fn a_copied_game_plays_on_as_the_original() {
        let t = base_tiles();
        let rules = Rules::robbers(4);
        let mut a = Game::new(t, rules);
        play_until(&mut a, &mut CarcRngs::new(1, 0), 30);
        // Another game, further on, in the allocation the copy goes into.
        let mut b = Game::new(t, rules);
        play_until(&mut b, &mut CarcRngs::new(2, 0), 50);
        b.copy_from(&a);
        b.check().unwrap();
        assert_eq!(a.snapshot(), b.snapshot());
        let (mut ra, mut rb) = (CarcRngs::new(3, 0), CarcRngs::new(3, 0));
        let mut buf = CarcActions::new();
        play(
            &mut a,
            &mut CarcGreedy::default(),
            &mut ra,
            &mut buf,
            &mut Strict::new(&mut ()),
        );
        play(
            &mut b,
            &mut CarcGreedy::default(),
            &mut rb,
            &mut buf,
            &mut Strict::new(&mut ()),
        );
        b.check().unwrap();
        assert_eq!(a.snapshot(), b.snapshot());
        assert_eq!(a.placed.as_slice(), b.placed.as_slice());
        assert_eq!(a.score, b.score);
    }

    /// The search takes greedy's choice where nothing beats it clearly, never an illegal one,
    /// and the same choices from the same policy stream (it sees no other).
    #[test]
    fn the_search_chooses_legally_and_reproducibly() {
        let t = base_tiles();
        let mut g = Game::new(t, Rules::robbers(3));
        play_until(&mut g, &mut CarcRngs::new(4, 0), 20);
        let mut rngs = CarcRngs::new(5, 0);
        let mut buf = CarcActions::new();
        let mut searched = 0;
        for _ in 0..40 {
            if g.is_over() {
                break;
            }
            if let Some(kind) = crate::engine::play::GameState::sample_chance(&g, &mut rngs) {
                g.apply_draw(kind, &mut ());
                continue;
            }
            let seed = rngs.policy.random::<u64>();
            let mut one = CarcRollout::new(4);
            let a = one.choose(&g, &mut buf, &mut Rng::seed_from_u64(seed));
            let again = CarcRollout::new(4).choose(&g, &mut buf, &mut Rng::seed_from_u64(seed));
            assert_eq!(a, again, "same stream, same choice");
            assert!(g.is_legal(a), "{a:?} in {:?}", g.phase);
            searched += one.searched;
            g.apply(a, &mut ());
        }
        assert!(searched > 5, "the search decided {searched} times");
    }

    /// A future's value: the win shared in a tie, and the margin term within its bounds.
    #[test]
    fn value_shares_a_tie_and_bounds_the_margin() {
        let mut g = Game::new(base_tiles(), Rules::base(3));
        g.score[..3].copy_from_slice(&[50, 50, 10]);
        assert_eq!(value(&g, 0), 0.5);
        assert_eq!(value(&g, 2), -MARGIN_WEIGHT);
        g.score[0] = 60;
        assert_eq!(value(&g, 0), 1.0 + MARGIN_WEIGHT * 10.0 / MARGIN_SCALE);
    }
}
