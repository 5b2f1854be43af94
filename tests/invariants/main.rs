//! Invariants over many random games (conservation, piece and token counts, an independent production oracle), fuzzing, and common random numbers.

#[path = "../support/mod.rs"]
mod support;

mod carcassonne;
mod catan;
mod crn;
mod fuzz;
mod honesty;
mod labels;
mod mixed;
mod raiders;
mod search;
mod solitaire;
mod solve;
