//! Game-independent machinery: seeds and streams, the parallel runner, mergeable statistics.

pub mod design;
pub mod lineup;
pub mod play;
pub mod runner;
pub mod search;
pub mod seeds;
pub mod soak;
pub mod stats;
