//! Carcassonne as an engine game: its random streams, tile draws and the [`GameState`] binding.

use crate::carcassonne::{Action, CarcActions, Event, Game, IllegalAction, Pile, Sink, TileSet};
use crate::engine::play::{weighted, GameState, Streams};
use crate::engine::seeds::{rng, Rng, Stream};
use rand::Rng as _;

/// The order of the base tiles (the same with and without The Robbers).
pub const TILES: Stream = Stream::game(9);
/// Where the robber tiles fall among the base tiles.
pub const ROBBER_TILES: Stream = Stream::game(10);

/// The random streams of one Carcassonne game. Base tiles come from `tiles` and the robber
/// tiles' places from `robber_tiles`, so game `i` draws its base tiles in the same order with
/// and without The Robbers (the draws of base tiles consume only `tiles`).
pub struct CarcRngs {
    pub tiles: Rng,
    pub robber_tiles: Rng,
    pub policy: Rng,
}

impl CarcRngs {
    pub fn new(master: u64, game: u64) -> CarcRngs {
        CarcRngs {
            tiles: rng(master, game, TILES),
            robber_tiles: rng(master, game, ROBBER_TILES),
            policy: rng(master, game, Stream::POLICY),
        }
    }
}

/// Samples the next tile (uniform over the pile): first whether it is a robber tile (probability
/// robber / all, from `robber_tiles`; not drawn at all without robber tiles), then which kind.
pub fn sample_draw(t: &TileSet, pile: &Pile, rngs: &mut CarcRngs) -> u8 {
    let nb = t.shapes.len();
    let all = pile.base + pile.robber;
    if pile.robber > 0 && rngs.robber_tiles.random_range(0..all) < pile.robber {
        (nb + weighted(
            &pile.counts[nb..],
            pile.robber as u32,
            &mut rngs.robber_tiles,
        )) as u8
    } else {
        weighted(&pile.counts[..nb], pile.base as u32, &mut rngs.tiles) as u8
    }
}

impl Streams for CarcRngs {
    fn new(master: u64, game: u64) -> CarcRngs {
        CarcRngs::new(master, game)
    }
    #[inline(always)]
    fn policy(&mut self) -> &mut Rng {
        &mut self.policy
    }
}

impl<'t> GameState for Game<'t> {
    type Action = Action;
    /// The kind of the tile drawn.
    type Chance = u8;
    type Event = Event;
    type Streams = CarcRngs;
    type Actions = CarcActions;
    type Illegal = IllegalAction;

    #[inline(always)]
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
    #[inline(always)]
    fn sample_chance(&self, rngs: &mut CarcRngs) -> Option<u8> {
        self.chance().map(|pile| sample_draw(self.t, pile, rngs))
    }
    #[inline(always)]
    fn apply_chance<S: Sink<Event>>(&mut self, kind: u8, sink: &mut S) {
        self.apply_draw(kind, sink)
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
