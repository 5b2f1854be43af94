//! The one place that knows every game: which game plays a validated sweep (run, merge, checks).
//!
//! A new game adds its rows here and nowhere else outside its own folder; the runner, the report
//! folder, comparisons, shards and the CLI stay generic (`report::Tables`).

use crate::config::Sweep;
use crate::report::shard::Shards;
use crate::report::sweep::{merge_rows, run_game, Budget, RunOptions};
use crate::{carcassonne, catan};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// Checks what a sweep needs beyond its config before anything is written: Catan maps load and
/// seat their players, Carcassonne tile files parse.
///
/// # Errors
/// A map or tile file cannot be read, is invalid, or does not fit the rows.
pub fn check(sweep: &Sweep) -> Result<()> {
    catan::rows::Maps::load(sweep)?;
    carcassonne::rows::rows(sweep)?;
    Ok(())
}

/// Runs a sweep and writes its report folder; returns the folder and the summary CSV.
///
/// # Errors
/// The map or tiles cannot be loaded, the folder cannot be written, or the thread pool cannot
/// start.
pub fn run_sweep(sweep: &Sweep, opts: &RunOptions) -> Result<(PathBuf, Vec<u8>)> {
    if !sweep.carcassonne.is_empty() {
        let rows = carcassonne::rows::rows(sweep)?;
        return run_game(&rows, sweep, opts);
    }
    let maps = catan::rows::Maps::load(sweep)?;
    let precision = match opts.budget {
        Budget::Precision { target, .. } => Some(target),
        Budget::Games(_) => None,
    };
    let rows = catan::rows::rows(sweep, &maps, precision);
    run_game(&rows, sweep, opts)
}

/// Writes the merge of checked shard folders to `out`: the tables, comparisons, figures, state
/// and config of the one-shot run, and a manifest naming the shards.
///
/// # Errors
/// The map cannot be loaded, a state does not fit, or the folder cannot be written.
pub fn write_merged(shards: &Shards, out: &Path, command: &[String]) -> Result<(PathBuf, Vec<u8>)> {
    let sweep = &shards.sweep;
    if !sweep.carcassonne.is_empty() {
        let rows = carcassonne::rows::rows(sweep)?;
        return merge_rows(&rows, shards, out, command);
    }
    let maps = catan::rows::Maps::load(sweep)?;
    let rows = catan::rows::rows(sweep, &maps, None);
    merge_rows(&rows, shards, out, command)
}
