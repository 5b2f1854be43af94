//! `robsim trace`: one game as JSON Lines (docs/trace-format.md), Catan or Carcassonne.

use crate::cli::GameArgs;
use crate::Failure;
use anyhow::Context;
use robsim::config::Sweep;
use std::path::PathBuf;

/// Writes game `index` of the configuration as JSON Lines to `out` (atomically) or stdout.
pub(crate) fn trace(game: &GameArgs, index: u64, out: Option<PathBuf>) -> Result<(), Failure> {
    use robsim::catan::sim::{layout_for, GameRngs};
    use robsim::catan::trace::{write_trace, TraceHeader};
    use robsim::catan::Topology;
    let sweep = Sweep::from_file(game.sweep_file(1), "command line").map_err(Failure::Input)?;
    if let Some(&row) = sweep.carcassonne.first() {
        return carcassonne_trace(game, row, index, out);
    }
    let row = sweep.rows[0];
    let map = robsim::catan::mapfile::map_for(&game.map, &row.rules);
    let maps = robsim::catan::rows::Maps::load(&sweep).map_err(Failure::Input)?;
    let topo: &Topology = maps.get(&map);
    let layout = layout_for(topo, row.board, game.seed, index);
    let header = TraceHeader::new(&row.policy.label(), row.board, &map, game.seed, index);
    let mut rngs = GameRngs::new(game.seed, index);
    let mut buf: Vec<u8> = Vec::new();
    let mut w: Box<dyn std::io::Write> = match &out {
        Some(_) => Box::new(&mut buf),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let result = write_trace(
        &mut w,
        topo,
        layout,
        row.rules,
        &mut row.policy.player(),
        &header,
        &mut rngs,
    );
    let flushed = w.flush().map_err(anyhow::Error::from);
    drop(w);
    result.and(flushed).map_err(Failure::Run)?;
    if let Some(path) = out {
        robsim::report::write_atomic(&path, &buf).map_err(Failure::Run)?;
    }
    Ok(())
}

/// `trace --variant carcassonne`: one Carcassonne game as JSON Lines (docs/trace-format.md).
pub(crate) fn carcassonne_trace(
    game: &GameArgs,
    row: robsim::carcassonne::experiment::CarcSpec,
    index: u64,
    out: Option<PathBuf>,
) -> Result<(), Failure> {
    let tiles = robsim::carcassonne::experiment::resolve_tiles(&game.tiles)
        .with_context(|| format!("--tiles {:?}", game.tiles))
        .map_err(Failure::Input)?;
    let mut buf: Vec<u8> = Vec::new();
    {
        let mut w: Box<dyn std::io::Write> = match &out {
            Some(_) => Box::new(&mut buf),
            None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
        };
        robsim::carcassonne::trace::write_trace(&mut w, tiles, &game.tiles, row, game.seed, index)
            .and_then(|()| w.flush().map_err(anyhow::Error::from))
            .map_err(Failure::Run)?;
    }
    if let Some(path) = out {
        robsim::report::write_atomic(&path, &buf).map_err(Failure::Run)?;
    }
    Ok(())
}
