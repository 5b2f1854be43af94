//! End-to-end runs of the `robsim` binary: golden reports, determinism across thread counts, bad input, shards, interruption and atomic writes, and the reference pages against what it knows.

#[path = "../support/mod.rs"]
mod support;

mod ablate;
mod bad_input;
mod calibrate;
mod carcassonne;
mod catan;
mod ceiling;
mod design;
mod golden;
mod in_step;
mod journeys;
mod keys;
mod knobs;
mod learn;
mod links;
mod luck;
mod meaning;
mod names;
mod outputs;
mod readme;
mod reference;
mod reliability;
mod replay;
mod resume;
mod rulebook;
mod seats;
mod shape;
mod shipped;
mod trust;
mod upgrade;
mod value;
