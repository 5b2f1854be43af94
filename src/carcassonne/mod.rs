//! Carcassonne with The Robbers: kernel, tile file, policies, experiment and trace.

pub mod effects;
pub mod experiment;
pub mod kernel;
pub mod knobs;
pub mod luck;
pub mod players;
pub mod policy;
pub mod race;
pub mod rows;
pub mod rulebook;
pub mod search;
pub mod sim;
pub mod soak;
pub mod summary;
pub mod tilefile;
pub mod trace;

pub use kernel::*;
pub use tilefile::BASE_TILES;
