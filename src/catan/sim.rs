//! Plays one game: asks policies for decisions and samples chance phases from the game's streams.

use crate::catan::policy::Policy;
use crate::catan::*;
use crate::engine::seeds::{rng, Rng, Stream};
use rand::Rng as _;

/// The random streams of one game (see [`Stream`]).
pub struct GameRngs {
    pub dice: Rng,
    pub deck: Rng,
    pub steal: Rng,
    pub robert: Rng,
    pub policy: Rng,
    pub solitaire: Rng,
    pub modifier: Rng,
}

impl GameRngs {
    pub fn new(master: u64, game: u64) -> GameRngs {
        GameRngs {
            dice: rng(master, game, Stream::Dice),
            deck: rng(master, game, Stream::Deck),
            steal: rng(master, game, Stream::Steal),
            robert: rng(master, game, Stream::Robert),
            policy: rng(master, game, Stream::Policy),
            solitaire: rng(master, game, Stream::Solitaire),
            modifier: rng(master, game, Stream::Modifier),
        }
    }
}

/// The layout of game `game`: the map's own, or shuffled from the board stream.
pub fn layout_for(topo: &Topology, board: BoardKind, master: u64, game: u64) -> Layout {
    match board {
        BoardKind::Fixed => Layout::fixed(topo),
        BoardKind::Random { red_apart } => {
            let mut r = rng(master, game, Stream::Board);
            Layout::random(topo, red_apart, &mut |n| r.random_range(0..n))
        }
    }
}

fn weighted(w: [u8; 5], r: &mut Rng) -> usize {
    let total: u32 = w.iter().map(|&x| x as u32).sum();
    debug_assert!(total > 0, "drawing from an empty pile");
    let mut k = r.random_range(0..total);
    for (i, &x) in w.iter().enumerate() {
        if k < x as u32 {
            return i;
        }
        k -= x as u32;
    }
    unreachable!("weighted draw past the total")
}

/// Samples the outcome of the pending chance phase from the stream that owns it.
#[inline]
pub fn sample_chance(g: &Game, dist: ChanceDist, rngs: &mut GameRngs) -> ChanceOutcome {
    match dist {
        ChanceDist::Dice => {
            let r = if g.s.phase == Phase::RobberRoll {
                &mut rngs.solitaire
            } else {
                &mut rngs.dice
            };
            ChanceOutcome::Dice(r.random_range(1..=6u8), r.random_range(1..=6u8))
        }
        ChanceDist::Die => {
            let r = if g.s.phase == Phase::ModifierDie {
                &mut rngs.modifier
            } else {
                &mut rngs.solitaire
            };
            ChanceOutcome::Die(r.random_range(1..=6u8))
        }
        ChanceDist::Weighted(w) => match g.s.phase {
            Phase::Steal => {
                ChanceOutcome::Resource(Resource::from_idx(weighted(w, &mut rngs.steal)))
            }
            _ => ChanceOutcome::Card(DevCard::ALL[weighted(w, &mut rngs.deck)]),
        },
        ChanceDist::Uniform(set) => {
            let k = rngs.robert.random_range(0..set.len());
            ChanceOutcome::Hex(HexId(set.nth(k) as u8))
        }
    }
}

/// Plays `g` to its end with `policy` in every seat; returns the outcome.
pub fn play<P: Policy, S: Sink>(
    g: &mut Game,
    policy: &mut P,
    rngs: &mut GameRngs,
    buf: &mut ActionList,
    sink: &mut S,
) -> Outcome {
    loop {
        if let Some(o) = g.s.outcome() {
            return o;
        }
        if let Some(dist) = g.chance() {
            let o = sample_chance(g, dist, rngs);
            g.apply_chance(o, sink);
        } else {
            let a = policy.choose(g, buf, &mut rngs.policy);
            g.apply(a, sink);
        }
    }
}
