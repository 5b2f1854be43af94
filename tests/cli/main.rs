//! End-to-end runs of the `robsim` binary: golden reports, determinism across thread counts, bad input, shards, interruption and atomic writes.

#[path = "../support/mod.rs"]
mod support;

mod ablate;
mod calibrate;
mod carcassonne;
mod catan;
mod learn;
mod reliability;
mod replay;
