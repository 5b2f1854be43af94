//! Carcassonne with The Robbers: kernel, tile file, policies, experiment and trace.

pub mod experiment;
pub mod kernel;
pub mod policy;
pub mod rows;
pub mod sim;
pub mod soak;
pub mod tilefile;
pub mod trace;

pub use kernel::*;
pub use tilefile::BASE_TILES;
