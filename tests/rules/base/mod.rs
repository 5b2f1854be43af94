//! Base-game rule scenarios on constructed positions of the base map's fixed layout.
//!
//! One submodule per topic; this module holds the positions and helpers they share.

mod awards;
mod cards;
mod end;
mod setup;
mod trade;

use crate::support::*;
use robsim::catan::*;

const B: usize = 0; // brick
const W: usize = 2; // wool
const O: usize = 4; // ore

fn c(i: u8) -> CornerId {
    CornerId(i)
}
