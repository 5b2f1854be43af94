//! `robsim trace` and `robsim replay`: one game as JSON Lines (docs/trace-format.md), Catan or Carcassonne, or as its replay page.

use crate::cli::GameArgs;
use crate::Failure;
use anyhow::Context;
use robsim::config::Sweep;
use std::path::PathBuf;

/// Writes game `index` of the configuration as JSON Lines (or with `html`, its replay page) to
/// `out` (atomically) or stdout.
pub(crate) fn trace(
    game: &GameArgs,
    index: u64,
    out: Option<PathBuf>,
    html: bool,
) -> Result<(), Failure> {
    if html {
        let mut buf = Vec::new();
        write_jsonl(game, index, Sink::Buffer(&mut buf))?;
        let text = String::from_utf8(buf).map_err(|e| Failure::Run(e.into()))?;
        let page = robsim::report::replay::page(&text, "robsim trace").map_err(Failure::Run)?;
        return emit(out, page.as_bytes());
    }
    match &out {
        Some(_) => {
            let mut buf = Vec::new();
            write_jsonl(game, index, Sink::Buffer(&mut buf))?;
            emit(out, &buf)
        }
        None => write_jsonl(game, index, Sink::Stdout),
    }
}

/// Where a trace's lines go.
enum Sink<'a> {
    Buffer(&'a mut Vec<u8>),
    Stdout,
}

/// Writes `bytes` to `out` atomically, or to stdout.
fn emit(out: Option<PathBuf>, bytes: &[u8]) -> Result<(), Failure> {
    match out {
        Some(path) => robsim::report::write_atomic(&path, bytes).map_err(Failure::Run),
        None => {
            use std::io::Write;
            let mut o = std::io::stdout().lock();
            o.write_all(bytes)
                .and_then(|()| o.flush())
                .map_err(|e| Failure::Run(e.into()))
        }
    }
}

/// `robsim replay`: the replay page of a trace file.
pub(crate) fn replay(trace: &std::path::Path, out: Option<PathBuf>) -> Result<(), Failure> {
    let text = std::fs::read_to_string(trace)
        .with_context(|| format!("cannot read trace {}", trace.display()))
        .map_err(Failure::Input)?;
    let page = robsim::report::replay::page(&text, &trace.display().to_string())
        .map_err(Failure::Input)?;
    let out = out.unwrap_or_else(|| trace.with_extension("html"));
    emit(Some(out.clone()), page.as_bytes())?;
    println!("replay: {}", out.display());
    Ok(())
}

/// Plays game `index` of the configuration and writes its JSON Lines to `sink`.
fn write_jsonl(game: &GameArgs, index: u64, sink: Sink) -> Result<(), Failure> {
    use robsim::catan::sim::{layout_for, GameRngs};
    use robsim::catan::trace::{write_trace, TraceHeader};
    use robsim::catan::Topology;
    let sweep = Sweep::from_file(game.sweep_file(1), "command line").map_err(Failure::Input)?;
    let mut w: Box<dyn std::io::Write + '_> = match sink {
        Sink::Buffer(b) => Box::new(b),
        Sink::Stdout => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    if let Some(&row) = sweep.carcassonne.first() {
        let tiles = robsim::carcassonne::experiment::resolve_tiles(&game.tiles)
            .with_context(|| format!("--tiles {:?}", game.tiles))
            .map_err(Failure::Input)?;
        return robsim::carcassonne::trace::write_trace(
            &mut w,
            tiles,
            &game.tiles,
            row,
            game.seed,
            index,
        )
        .and_then(|()| w.flush().map_err(anyhow::Error::from))
        .map_err(Failure::Run);
    }
    let row = sweep.rows[0];
    let map = robsim::catan::mapfile::map_for(&game.map, &row.rules);
    let maps = robsim::games::catan_maps(&sweep).map_err(Failure::Input)?;
    let topo: &Topology = maps.get(&map);
    let layout = layout_for(topo, row.board, game.seed, index);
    let header = TraceHeader::new(&row.policy.label(), row.board, &map, game.seed, index);
    let mut rngs = GameRngs::new(game.seed, index);
    write_trace(
        &mut w,
        topo,
        layout,
        row.rules,
        &mut row.policy.player(),
        &header,
        &mut rngs,
    )
    .and_then(|_| w.flush().map_err(anyhow::Error::from))
    .map_err(Failure::Run)
}
