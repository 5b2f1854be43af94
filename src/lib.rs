//! robsim: Monte Carlo simulation and balance analysis for board-game robber variants.
//!
//! The crate is laid out by game, then by layer:
//! - [`engine`]: what no game owns (seeds, the parallel runner, mergeable statistics);
//! - [`report`]: report folders, manifest, shards, paired comparisons, figures, report.html;
//! - [`config`]: sweep files validated into typed rows;
//! - [`catan`] and [`carcassonne`]: each game's pure kernel, policies, experiment and trace;
//! - [`tomltext`]: TOML error locations and values as written, shared by sweep and map files.

pub mod carcassonne;
pub mod catan;
pub mod config;
pub mod engine;
pub mod games;
pub mod paths;
pub mod report;
pub mod tomltext;
