//! Carcassonne rows bound to their tile set.

use crate::carcassonne::experiment::{resolve_tiles, CarcSpec, CarcassonneRow};
use anyhow::{Context, Result};

/// A sweep's Carcassonne rows bound to their tile set (`tiles`: `base` or a tile file) under
/// master `seed`.
///
/// # Errors
/// The tile file cannot be read or is invalid.
pub fn rows(specs: &[CarcSpec], tiles: &str, seed: u64) -> Result<Vec<CarcassonneRow>> {
    if specs.is_empty() {
        return Ok(Vec::new());
    }
    let set = resolve_tiles(tiles).with_context(|| format!("tiles = {tiles:?}"))?;
    Ok(specs
        .iter()
        .map(|&spec| CarcassonneRow {
            tiles: set,
            tiles_name: tiles.to_string(),
            spec,
            seed,
        })
        .collect())
}
