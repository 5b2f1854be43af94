//! The designer's tools over the Catan game: what runs experiments on it and reports them.
//!
//! Everything here plays the game through `catan::experiment` and the generic runner; nothing in
//! the game (kernel, players, traces, learning, the experiment binding) imports it.
//! - [`summary`], [`tables`], `figures`, [`rulebook`]: a sweep's tables, figures and printable page.
//! - [`rows`]: a config's rows as the games' own types.
//! - [`calibrate`], [`tune`], [`ceiling`], [`luck`], [`bench`], [`soak`]: the commands' engines.

pub mod bench;
pub mod calibrate;
pub mod ceiling;
mod figures;
pub mod luck;
pub mod rows;
pub mod rulebook;
pub mod soak;
pub mod summary;
mod tables;
pub mod tune;
