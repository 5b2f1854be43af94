//! Learning: the commands that fit the models the `learned` player and the truncated search play.
//!
//! Learning the models the players in `catan::policy` play: each submodule is one step.
//! - [`cache`]: the labels a run paid for, kept so that `robsim learn --resume` skips them.
//! - [`learn`]: `robsim learn`, expert iteration (apprentice games, rollout labels, rounds kept on
//!   held-out games), writing a learned model.
//! - [`fit`]: one round's fit of those labels: a ridge per decision type, a network on its residue,
//!   a cross-validated margin.
//! - [`params`]: what a fit starts from, how a cut future is valued, when a fit is taken.
//! - [`netfit`]: the network's fit, Adam in fixed-order `f64` (bit-reproducible on any machine).
//! - [`valuefit`]: `robsim learn-value`, the value model that scores truncated search futures.

pub mod cache;
pub mod fit;
pub mod learn;
pub mod netfit;
pub mod params;
pub mod valuefit;
