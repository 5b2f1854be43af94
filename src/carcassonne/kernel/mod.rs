//! Carcassonne with The Robbers: the rules kernel (pure: no I/O, no random generator).
//!
//! Top-down: `play` (set-up, legal actions, applying them) uses `robbers` (The Robbers'
//! decisions), `scoring` and `board` (tile placement), which add to the `Game` of `game`; that
//! sits on `features` (the feature graph), `grid` (the cells), `tiles` and `scoreboard`.

mod board;
mod features;
mod game;
mod grid;
mod play;
mod robbers;
mod scoreboard;
mod scoring;
pub(crate) mod tiles;

pub use board::{Placements, Preview, SegPreview};
pub use features::MAX_PLAYERS;
pub use game::*;
pub use grid::{cell, neighbour, offset, xy, GRID, START_CELL};
pub use scoreboard::{
    half_up, resolve_round, Move, RobberShare, RogueBeside, RoundEvent, Scoreboard, IN_STOCK, TRACK,
};
pub use tiles::{Edge, Feature, Kind, TileSet, TileSetError, MAX_KINDS, MAX_SEGS, MAX_TILES};
