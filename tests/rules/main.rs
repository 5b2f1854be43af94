//! Rule scenarios on constructed positions: each rule of each variant pinned (base, Robert, Solitaire, Raiders, modifiers, Carcassonne, map topology).

#[path = "../support/mod.rs"]
mod support;

mod base;
mod carcassonne;
mod modifiers;
mod openings;
mod raiders;
mod robert;
mod solitaire;
mod topology;
