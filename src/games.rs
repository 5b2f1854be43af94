//! The one place that knows every game.
//!
//! The one place that knows every game: which game plays a validated sweep (rows bound to maps or
//! tiles, run, merge, checks).
//!
//! A new game adds its rows here and nowhere else outside its own folder; the runner, the report
//! folder, comparisons, shards and the CLI stay generic (`report::Tables`).

pub mod replay;

use crate::carcassonne::experiment::CarcassonneRow;
use crate::catan::experiment::CatanRow;
use crate::catan::lab::rows::Maps;
use crate::config::Sweep;
use crate::report::shard::{self, Shards};
use crate::report::sweep::{merge_rows, run_game_with, Budget, Extras, RunOptions};
use crate::{carcassonne, catan};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// Checks what a sweep needs beyond its config before anything is written: Catan maps load and
/// seat their players, Carcassonne tile files parse.
///
/// # Errors
/// A map or tile file cannot be read, is invalid, or does not fit the rows.
pub fn check(sweep: &Sweep) -> Result<()> {
    catan_maps(sweep)?;
    carcassonne_rows(sweep)?;
    Ok(())
}

/// The maps of a sweep's Catan rows, loaded and checked (see [`catan::lab::rows::Maps::load`]).
///
/// # Errors
/// A map cannot be read or built, or does not fit a row.
pub fn catan_maps(sweep: &Sweep) -> Result<Maps> {
    Maps::load(&sweep.file.map, &sweep.rows)
}

/// A sweep's Catan rows bound to their maps (`maps` from [`catan_maps`]).
pub fn catan_rows<'t>(sweep: &Sweep, maps: &'t Maps, precision: Option<f64>) -> Vec<CatanRow<'t>> {
    catan::lab::rows::rows(
        &sweep.rows,
        &sweep.file.map,
        sweep.file.seed,
        sweep.file.search_games.map(|n| n as u64),
        maps,
        precision,
    )
}

/// A sweep's Carcassonne rows bound to their tile set.
///
/// # Errors
/// The tile file cannot be read or is invalid.
pub fn carcassonne_rows(sweep: &Sweep) -> Result<Vec<CarcassonneRow>> {
    carcassonne::rows::rows(&sweep.carcassonne, &sweep.file.tiles, sweep.file.seed)
}

/// Runs a sweep and writes its report folder; returns the folder and the summary CSV.
///
/// # Errors
/// The map or tiles cannot be loaded, the folder cannot be written, or the thread pool cannot
/// start.
pub fn run_sweep(sweep: &Sweep, opts: &RunOptions) -> Result<(PathBuf, Vec<u8>)> {
    run_sweep_with(sweep, opts, Extras::default())
}

/// [`run_sweep`] with `games.csv` or a resumed run ([`Extras`]).
///
/// # Errors
/// As [`run_sweep`]; a resumed state does not fit the rows.
pub fn run_sweep_with(
    sweep: &Sweep,
    opts: &RunOptions,
    extras: Extras,
) -> Result<(PathBuf, Vec<u8>)> {
    if !sweep.carcassonne.is_empty() {
        let rows = carcassonne_rows(sweep)?;
        return run_game_with(&rows, sweep.info(), opts, extras);
    }
    let maps = catan_maps(sweep)?;
    let precision = match opts.budget {
        Budget::Precision { target, .. } => Some(target),
        Budget::Games(_) => None,
    };
    let rows = catan_rows(sweep, &maps, precision);
    run_game_with(&rows, sweep.info(), opts, extras)
}

/// Loads the shard folders of one run and the sweep they ran (the first folder's config),
/// checked to be slices that together cover the run exactly once.
///
/// # Errors
/// A folder cannot be read, the folders are not of one run, the recorded config no longer
/// validates, or the slices do not fit it.
pub fn load_shards(dirs: &[PathBuf]) -> Result<(Shards, Sweep)> {
    let folders = shard::load_folders(dirs)?;
    let sweep = Sweep::recorded(&folders[0])?;
    let shards = shard::check_slices(folders, &games_caps(&sweep)?)?;
    Ok((shards, sweep))
}

/// Each row's cap on its games, in the sweep's row order (`search_games` for a search row).
fn games_caps(sweep: &Sweep) -> Result<Vec<Option<u64>>> {
    use crate::report::Tables;
    if !sweep.carcassonne.is_empty() {
        return Ok(carcassonne_rows(sweep)?
            .iter()
            .map(Tables::games_cap)
            .collect());
    }
    let maps = catan_maps(sweep)?;
    Ok(catan_rows(sweep, &maps, None)
        .iter()
        .map(Tables::games_cap)
        .collect())
}

/// Writes the merge of checked shard folders of `sweep` to `out`: the tables, comparisons,
/// figures, state and config of the one-shot run, and a manifest naming the shards; or, with
/// `kept` (`robsim upgrade` of one folder), that folder's tables written again by today's code
/// under its own manifest's command, clock and builds.
///
/// # Errors
/// The map cannot be loaded, a state does not fit, or the folder cannot be written.
pub fn write_merged(
    shards: &Shards,
    sweep: &Sweep,
    out: &Path,
    command: &[String],
    kept: Option<&crate::report::Manifest>,
) -> Result<(PathBuf, Vec<u8>)> {
    if !sweep.carcassonne.is_empty() {
        let rows = carcassonne_rows(sweep)?;
        return merge_rows(&rows, sweep.info(), shards, out, command, kept);
    }
    let maps = catan_maps(sweep)?;
    let rows = catan_rows(sweep, &maps, None);
    merge_rows(&rows, sweep.info(), shards, out, command, kept)
}

/// `robsim design`: the search and its held-out confirmation over a design's cells (Catan or
/// Carcassonne rows, each setting's knobs set on them), playing only what `store` lacks (run
/// `only_run` alone for a shard); returns what it found and each cell's label.
///
/// # Errors
/// The map or tiles cannot be loaded.
pub fn design(
    d: &crate::config::design::Design,
    store: &mut crate::report::design::Store,
    pb: &indicatif::ProgressBar,
    only_run: Option<usize>,
) -> Result<(crate::report::design::Found, Vec<String>)> {
    use crate::report::row_labels;
    let params = crate::engine::design::Params {
        only_run,
        ..d.params.clone()
    };
    if !d.base.carcassonne.is_empty() {
        let base = carcassonne_rows(&d.base)?;
        let labels = row_labels(&base.iter().collect::<Vec<_>>(), &[]);
        let (tiles, name) = (base[0].tiles, base[0].tiles_name.clone());
        let bind = |x: &[u8], seed: u64| -> Vec<CarcassonneRow> {
            d.carcassonne_specs(x)
                .into_iter()
                .map(|spec| CarcassonneRow {
                    tiles,
                    tiles_name: name.clone(),
                    spec,
                    seed,
                })
                .collect()
        };
        return Ok((solve(d, &params, &bind, store, pb), labels));
    }
    let maps = catan_maps(&d.base)?;
    let map = d.base.file.map.clone();
    let bind = |x: &[u8], seed: u64| -> Vec<CatanRow> {
        catan::lab::rows::rows(&d.catan_specs(x), &map, seed, None, &maps, None)
    };
    let base = bind(&d.space.base(), d.params.seed);
    let labels = row_labels(&base.iter().collect::<Vec<_>>(), &[]);
    Ok((solve(d, &params, &bind, store, pb), labels))
}

/// The design's problem over one game's rows (`bind`: every cell's row under a setting), played.
fn solve<E: crate::report::Tables>(
    d: &crate::config::design::Design,
    params: &crate::engine::design::Params,
    bind: &dyn Fn(&[u8], u64) -> Vec<E>,
    store: &mut crate::report::design::Store,
    pb: &indicatif::ProgressBar,
) -> crate::report::design::Found {
    let p = crate::report::design::Problem {
        targets: &d.targets,
        space: &d.space,
        params,
        top: d.top,
        games: d.games,
        held_out: d.held_out,
        bind,
        scoped: &d
            .dims
            .iter()
            .map(|dim| dim.only.is_some())
            .collect::<Vec<_>>(),
    };
    crate::report::design::run(&p, store, pb)
}

/// `robsim soak`: games `0..games` of every game, checked after every step, on the current rayon
/// pool (stops early after Ctrl-C). Every fifth game index is a Carcassonne game
/// (`carcassonne::soak`), the others Catan's (`catan::lab::soak`, every variant); each is seeded by
/// `(seed, index)`, so a report is the same on any number of threads.
pub fn soak(seed: u64, games: u64) -> crate::engine::soak::SoakReport {
    use crate::engine::runner::stop_requested;
    use crate::engine::soak::SoakReport;
    use rayon::prelude::*;
    let maps = catan::lab::soak::SoakMaps::shipped();
    let tiles = carcassonne::experiment::base_tiles();
    const CHUNK: u64 = 256;
    (0..games.div_ceil(CHUNK))
        .into_par_iter()
        .map_init(
            || {
                (
                    Box::new(catan::ActionList::new()),
                    Box::new(carcassonne::policy::CarcActions::new()),
                    carcassonne::Game::new(tiles, carcassonne::Rules::base(2)),
                )
            },
            |(buf, carc_buf, carc), c| {
                let mut rep = SoakReport::default();
                if stop_requested() {
                    return rep;
                }
                for i in c * CHUNK..((c + 1) * CHUNK).min(games) {
                    if i % 5 == 4 {
                        carcassonne::soak::soak_game(carc, seed, i, i / 5, carc_buf, &mut rep);
                    } else {
                        catan::lab::soak::soak_game(&maps, seed, i, buf, &mut rep);
                    }
                }
                rep
            },
        )
        .reduce(SoakReport::default, SoakReport::merge)
}
