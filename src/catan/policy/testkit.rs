//! Test helpers the policy tests share: checked seeded games and a position after set-up.

use super::greedy::GreedyPolicy;
use crate::catan::sim::*;
use crate::catan::*;
use crate::engine::play::{play, Policy, Strict};

/// Plays `n` seeded games with `make()` in every seat, checking each action's legality and
/// the invariants at the end. Returns (outcomes, total player-turns).
pub(crate) fn run_checked<P: for<'t> Policy<Game<'t>>>(
    rules: Rules,
    n: u64,
    make: impl Fn() -> P,
) -> (Vec<Outcome>, u64) {
    let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
    let mut buf = ActionList::new();
    let mut outs = Vec::new();
    let mut turns = 0;
    for i in 0..n {
        let layout = layout_for(&topo, BoardKind::Random { red_apart: true }, 7, i);
        let mut g = Game::new(&topo, layout, rules);
        let mut rngs = GameRngs::new(7, i);
        let mut pol = make();
        play(
            &mut g,
            &mut pol,
            &mut rngs,
            &mut buf,
            &mut Strict::new(&mut ()),
        );
        g.check_invariants()
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
        turns += g.s.turn as u64;
        outs.push(g.s.outcome().unwrap());
    }
    (outs, turns)
}

pub(crate) fn base_game(topo: &Topology) -> Game<'_> {
    Game::new(topo, Layout::fixed(topo), Rules::base(4))
}

/// Plays set-up with greedy in every seat so a test can start from a main-phase position.
pub(crate) fn after_setup(g: &mut Game) {
    let mut pol = GreedyPolicy::default();
    let mut buf = ActionList::new();
    let mut rng = crate::engine::seeds::rng(1, 1, crate::engine::seeds::Stream::POLICY);
    while matches!(
        g.s.phase,
        Phase::SetupSettlement | Phase::SetupRoad | Phase::Deal
    ) {
        if let Some(d) = g.chance() {
            let o = match d {
                ChanceDist::Weighted(w) => {
                    ChanceOutcome::Card(DevCard::ALL[w.iter().position(|&x| x > 0).unwrap()])
                }
                _ => unreachable!(),
            };
            g.apply_chance(o, &mut ());
        } else {
            let a = pol.choose(g, &mut buf, &mut rng);
            g.try_apply(a, &mut ()).unwrap();
        }
    }
}
