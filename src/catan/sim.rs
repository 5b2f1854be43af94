//! Catan as an engine game: its random streams, chance sampling and the [`GameState`] binding.

use crate::catan::kernel::*;
use crate::engine::play::{weighted, Events, GameState, Policy, Streams};
use crate::engine::seeds::{rng, Rng, Stream};
use rand::Rng as _;

/// Ties between hexes: where Robert moves, and where Solitaire's robber goes, among those tied.
pub const ROBERT: Stream = Stream::game(5);
/// Solitaire's own dice: the seven's second roll, the destruction die, the monopoly die.
pub const SOLITAIRE: Stream = Stream::game(7);
/// The master seed of a row's pilot games (`[shape] recalibrate`, [`crate::catan::policy::anchor`]).
pub const PILOT: Stream = Stream::game(12);

/// The random streams of one game (see [`Stream`]; [`ROBERT`] and [`SOLITAIRE`] are Catan's own).
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
            dice: rng(master, game, Stream::DICE),
            deck: rng(master, game, Stream::DECK),
            steal: rng(master, game, Stream::STEAL),
            robert: rng(master, game, ROBERT),
            policy: rng(master, game, Stream::POLICY),
            solitaire: rng(master, game, SOLITAIRE),
            modifier: rng(master, game, Stream::MODIFIER),
        }
    }
}

/// The layout of game `game`: the map's own, or shuffled from the board stream.
pub fn layout_for(topo: &Topology, board: BoardKind, master: u64, game: u64) -> Layout {
    match board {
        BoardKind::Fixed => Layout::fixed(topo),
        BoardKind::Random { red_apart } => {
            let mut r = rng(master, game, Stream::BOARD);
            Layout::random(topo, red_apart, &mut |n| r.random_range(0..n))
        }
    }
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
        ChanceDist::Weighted(w) => {
            let total = w.iter().map(|&x| x as u32).sum();
            match g.s.phase {
                Phase::Steal => ChanceOutcome::Resource(Resource::from_idx(weighted(
                    &w,
                    total,
                    &mut rngs.steal,
                ))),
                _ => ChanceOutcome::Card(DevCard::ALL[weighted(&w, total, &mut rngs.deck)]),
            }
        }
        ChanceDist::Uniform(set) => {
            let k = rngs.robert.random_range(0..set.len());
            ChanceOutcome::Hex(HexId(set.nth(k) as u8))
        }
    }
}

impl Streams for GameRngs {
    fn new(master: u64, game: u64) -> GameRngs {
        GameRngs::new(master, game)
    }
    #[inline(always)]
    fn policy(&mut self) -> &mut Rng {
        &mut self.policy
    }
}

impl<'t> GameState for Game<'t> {
    type Action = Action;
    type Chance = ChanceOutcome;
    type Event = Event;
    type Streams = GameRngs;
    type Actions = ActionList;
    type Illegal = IllegalAction;

    #[inline(always)]
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    #[inline(always)]
    fn sample_chance(&self, rngs: &mut GameRngs) -> Option<ChanceOutcome> {
        self.chance().map(|d| sample_chance(self, d, rngs))
    }
    #[inline(always)]
    fn apply_chance<S: Sink<Event>>(&mut self, c: ChanceOutcome, sink: &mut S) {
        Game::apply_chance(self, c, sink)
    }
    #[inline(always)]
    fn apply<S: Sink<Event>>(&mut self, a: Action, sink: &mut S) {
        Game::apply(self, a, sink)
    }
    #[inline(always)]
    fn try_apply<S: Sink<Event>>(&mut self, a: Action, sink: &mut S) -> Result<(), IllegalAction> {
        Game::try_apply(self, a, sink)
    }
}

/// Plays `g` to its end with `policy` in every seat through the engine's loop; returns the outcome.
pub fn play<'t, P: Policy<Game<'t>>, S: Sink<Event>>(
    g: &mut Game<'t>,
    policy: &mut P,
    rngs: &mut GameRngs,
    buf: &mut ActionList,
    sink: &mut S,
) -> Outcome {
    crate::engine::play::play(g, policy, rngs, buf, &mut Events(sink));
    g.s.outcome()
        .expect("the loop ends only when the game is over")
}
