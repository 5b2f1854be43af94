//! Carcassonne with The Robbers: the rules kernel (pure: no I/O, no random generator).

mod game;
mod scoreboard;
pub(crate) mod tiles;

pub use game::*;
pub use scoreboard::{
    half_up, resolve_round, Move, RobberShare, RoundEvent, Scoreboard, IN_STOCK, TRACK,
};
pub use tiles::{Edge, Feature, Kind, TileSet, TileSetError, MAX_KINDS, MAX_SEGS, MAX_TILES};
