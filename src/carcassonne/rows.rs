//! A sweep's Carcassonne rows bound to their tile set.

use crate::carcassonne::experiment::{resolve_tiles, CarcassonneRow};
use crate::config::Sweep;
use anyhow::{Context, Result};

/// The sweep's Carcassonne rows bound to their tile set.
///
/// # Errors
/// The tile file cannot be read or is invalid.
pub fn rows(sweep: &Sweep) -> Result<Vec<CarcassonneRow>> {
    if sweep.carcassonne.is_empty() {
        return Ok(Vec::new());
    }
    let tiles = resolve_tiles(&sweep.file.tiles)
        .with_context(|| format!("tiles = {:?}", sweep.file.tiles))?;
    Ok(sweep
        .carcassonne
        .iter()
        .map(|&spec| CarcassonneRow {
            tiles,
            tiles_name: sweep.file.tiles.clone(),
            spec,
            seed: sweep.file.seed,
        })
        .collect())
}
