//! Game traces: every line checked against the rules from the parsed trace alone, and the trace's game equal to the run's.

#[path = "../support/mod.rs"]
mod support;

mod catan;
mod raiders;
