//! Catan and its variants (base, Robert the Robber, Solitaire, The Raiders).
//!
//! Catan and its variants (base, Robert the Robber, Solitaire, The Raiders): the game (kernel,
//! maps, policies and the learning that fits their models, traces, the experiment binding and the
//! shape of a game) on this floor, and the designer's tools that run experiments on it in [`lab`].

pub mod experiment;
pub mod kernel;
pub mod knobs;
pub mod lab;
pub mod learning;
pub mod mapfile;
pub mod policy;
pub mod shape;
pub mod sim;
pub mod trace;

pub use kernel::*;
