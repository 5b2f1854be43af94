//! Catan and its variants (base, Robert the Robber, Solitaire, The Raiders).
//!
//! Catan and its variants (base, Robert the Robber, Solitaire, The Raiders): kernel, maps,
//! policies and the learning that fits their models, experiment, trace, soak, bench.

pub mod bench;
pub mod calibrate;
pub mod ceiling;
pub mod experiment;
mod figures;
pub mod kernel;
pub mod knobs;
pub mod learning;
pub mod luck;
pub mod mapfile;
pub mod policy;
pub mod rows;
pub mod rulebook;
pub mod shape;
pub mod sim;
pub mod soak;
pub mod summary;
mod tables;
pub mod trace;
pub mod tune;

pub use kernel::*;
