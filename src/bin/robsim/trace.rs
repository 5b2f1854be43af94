//! `robsim trace` and `robsim replay`: one game as JSON Lines or a replay page.
//!
//! `robsim trace` and `robsim replay`: one game as JSON Lines (docs/trace-format.md), Catan or
//! Carcassonne, or as its replay page.

use crate::cli::GameArgs;
use crate::Failure;
use anyhow::Context;
use robsim::config::{Sweep, COMMAND_LINE};
use std::path::PathBuf;

/// Which game a trace plays: the flags' configuration, or row `row` of a config file.
pub(crate) struct Pick<'a> {
    pub game: &'a GameArgs,
    pub config: Option<PathBuf>,
    pub row: Option<usize>,
    pub index: u64,
}

impl Pick<'_> {
    /// The sweep the trace's game belongs to, and the row picked.
    fn sweep(&self) -> Result<(Sweep, usize), Failure> {
        let sweep = match &self.config {
            Some(path) => Sweep::load(path).map_err(Failure::Input)?,
            None => {
                self.game.check().map_err(Failure::Input)?;
                Sweep::from_file(self.game.sweep_file(1), COMMAND_LINE).map_err(Failure::Input)?
            }
        };
        let n = sweep.n_rows();
        let row = match self.row {
            Some(r) if r >= n => {
                return Err(Failure::Input(anyhow::anyhow!(
                    "--row {r}: the configuration has {n} row(s); allowed: 0..={}",
                    n - 1
                )))
            }
            Some(r) => r,
            None => {
                if n > 1 {
                    eprintln!(
                        "robsim: note: the configuration has {n} rows; tracing row 0 ({}); --row N picks another",
                        row_label(&sweep, 0)
                    );
                }
                0
            }
        };
        Ok((sweep, row))
    }
}

/// A row's settings in words (`robert, 4 players, team, moderate`).
fn row_label(sweep: &Sweep, row: usize) -> String {
    match sweep.rows.get(row) {
        Some(r) => {
            let mut parts = vec![
                r.rules.variant.name().to_string(),
                format!("{} players", r.rules.players),
                r.policy.label(),
            ];
            if let Some(o) = r.rules.variant.robert() {
                parts.push(robsim::catan::knobs::difficulty_label(o.start_cards));
            }
            parts.join(", ")
        }
        None => {
            let c = &sweep.carcassonne[row - sweep.rows.len()];
            format!(
                "carcassonne, {} players, {}, robbers {}",
                c.rules.players,
                c.policy.name(),
                c.rules.robbers
            )
        }
    }
}

/// Writes the picked game as JSON Lines (or with `html`, its replay page) to `out`
/// (atomically, then says what it wrote) or stdout.
pub(crate) fn trace(
    pick: &Pick,
    out: Option<PathBuf>,
    html: bool,
    force: bool,
) -> Result<(), Failure> {
    if let Some(path) = &out {
        claim_file(path, force).map_err(Failure::Input)?;
    }
    let (sweep, row) = pick.sweep()?;
    let what = format!(
        "game {} of row {row} ({}), seed {}",
        pick.index,
        row_label(&sweep, row),
        sweep.file.seed
    );
    if html {
        let mut buf = Vec::new();
        write_jsonl(&sweep, row, pick.index, Sink::Buffer(&mut buf))?;
        let text = String::from_utf8(buf).map_err(|e| Failure::Run(e.into()))?;
        let page = robsim::games::replay::page(&text, "robsim trace").map_err(Failure::Run)?;
        return emit(out, page.as_bytes(), &format!("replay: {{}}: {what}"));
    }
    match &out {
        Some(_) => {
            let mut buf = Vec::new();
            write_jsonl(&sweep, row, pick.index, Sink::Buffer(&mut buf))?;
            emit(out, &buf, &format!("trace: {{}}: {what}"))
        }
        None => write_jsonl(&sweep, row, pick.index, Sink::Stdout),
    }
}

/// Where a trace's lines go.
enum Sink<'a> {
    Buffer(&'a mut Vec<u8>),
    Stdout,
}

/// Writes `bytes` to `out` atomically and prints `said` with `{}` replaced by the path, or
/// writes them to stdout.
fn emit(out: Option<PathBuf>, bytes: &[u8], said: &str) -> Result<(), Failure> {
    match out {
        Some(path) => {
            robsim::report::write_atomic(&path, bytes)
                .with_context(|| format!("--out {}: cannot write it", path.display()))
                .map_err(Failure::Run)?;
            println!("{}", said.replace("{}", &path.display().to_string()));
            Ok(())
        }
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
pub(crate) fn replay(
    trace: &std::path::Path,
    out: Option<PathBuf>,
    force: bool,
) -> Result<(), Failure> {
    let out = out.unwrap_or_else(|| trace.with_extension("html"));
    if out == trace {
        return Err(Failure::Input(anyhow::anyhow!(
            "--out {}: is the trace itself; allowed: another file (default: the trace's name with .html)",
            out.display()
        )));
    }
    claim_file(&out, force).map_err(Failure::Input)?;
    let text = std::fs::read_to_string(trace)
        .with_context(|| format!("cannot read trace {}", trace.display()))
        .map_err(Failure::Input)?;
    let origin = trace.display().to_string();
    let page = robsim::games::replay::page(&text, &origin).map_err(Failure::Input)?;
    if !robsim::games::replay::complete(&text) {
        eprintln!(
            "robsim: warning: {origin} ends before its game_over line (cut short?): the page marks it incomplete"
        );
    }
    emit(Some(out), page.as_bytes(), "replay: {}")
}

/// Checks, before a game is played or a trace read, that `path` (as the user gave it) may be
/// written: its folder exists, and it is new, or a trace or replay page robsim wrote, or `force`.
///
/// # Errors
/// The folder is missing or `path` is a folder; `path` is a file robsim did not write and
/// `force` is false (naming `--force`).
fn claim_file(path: &std::path::Path, force: bool) -> anyhow::Result<()> {
    let shown = path.display();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            anyhow::bail!(
                "--out {shown}: the folder {} does not exist; allowed: a file in an existing folder (create it first)",
                dir.display()
            );
        }
    }
    if path.is_dir() {
        anyhow::bail!("--out {shown}: is a folder; allowed: a file name");
    }
    if !path.exists() || force || written_by_robsim(path) {
        return Ok(());
    }
    anyhow::bail!(
        "--out {shown}: exists and robsim did not write it (not a trace or replay page), so it would be lost; allowed: a new file, a trace or replay page robsim wrote, or --force to replace it"
    )
}

/// Whether `path` is a file robsim wrote: a trace (its first line a JSON `header` with a
/// `robsim` version) or a replay page (its generator marker, or an older page's inlined trace).
fn written_by_robsim(path: &std::path::Path) -> bool {
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    let head = String::from_utf8_lossy(&bytes);
    let first = head.lines().next().unwrap_or("");
    let trace = serde_json::from_str::<serde_json::Value>(first)
        .is_ok_and(|v| v["type"] == "header" && v["robsim"].is_string());
    let page = head.starts_with("<!DOCTYPE html>")
        && (head.contains(robsim::report::replay::GENERATOR)
            || head.contains("<script type=\"application/json\" id=\"trace\">"));
    trace || page
}

/// Plays game `index` of row `row` of `sweep` and writes its JSON Lines to `sink`.
fn write_jsonl(sweep: &Sweep, row: usize, index: u64, sink: Sink) -> Result<(), Failure> {
    use robsim::catan::sim::{layout_for, GameRngs};
    use robsim::catan::trace::{write_trace, TraceHeader};
    use robsim::catan::Topology;
    let seed = sweep.file.seed;
    let mut w: Box<dyn std::io::Write + '_> = match sink {
        Sink::Buffer(b) => Box::new(b),
        Sink::Stdout => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    if row >= sweep.rows.len() {
        let spec = sweep.carcassonne[row - sweep.rows.len()];
        let name = &sweep.file.tiles;
        let tiles = robsim::carcassonne::experiment::resolve_tiles(name)
            .with_context(|| format!("tiles {name:?}"))
            .map_err(Failure::Input)?;
        return robsim::carcassonne::trace::write_trace(&mut w, tiles, name, spec, seed, index)
            .and_then(|()| w.flush().map_err(anyhow::Error::from))
            .map_err(Failure::Run);
    }
    let spec = sweep.rows[row];
    let map = robsim::catan::mapfile::map_for(&sweep.file.map, &spec.rules);
    let maps = robsim::games::catan_maps(sweep).map_err(Failure::Input)?;
    let topo: &Topology = maps.get(&map);
    let layout = layout_for(topo, spec.board, seed, index);
    let header = TraceHeader::new(&spec.policy_label(), spec.board, &map, seed, index);
    let mut rngs = GameRngs::new(seed, index);
    write_trace(
        &mut w,
        topo,
        layout,
        spec.rules,
        &mut spec.player(),
        &header,
        &mut rngs,
    )
    .and_then(|_| w.flush().map_err(anyhow::Error::from))
    .map_err(Failure::Run)
}
