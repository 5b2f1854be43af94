//! robsim: Monte Carlo simulation and balance analysis for board-game robber variants.

pub mod catan;
pub mod mapfile;
pub mod policy;
pub mod seeds;
pub mod sim;
pub mod trace;
