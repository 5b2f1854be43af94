//! Game-independent machinery: seeds and streams, the parallel runner, mergeable statistics.

pub mod play;
pub mod runner;
pub mod seeds;
pub mod soak;
pub mod stats;
