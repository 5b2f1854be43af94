//! robsim: Monte Carlo simulation and balance analysis for board-game robber variants.

pub mod bench;
pub mod carcassonne;
pub mod carcassonne_run;
pub mod carcassonne_trace;
pub mod catan;
pub mod catan_run;
pub mod compare;
pub mod config;
pub mod html;
pub mod mapfile;
pub mod plot;
pub mod policy;
pub mod report;
pub mod runner;
pub mod seeds;
pub mod shard;
pub mod sim;
pub mod soak;
pub mod stats;
pub mod sweep;
pub mod tomlerr;
pub mod trace;
