//! Game traces as JSON Lines: one game played by the engine's loop with a writer as its observer
//! (same random streams as a run, so the same seed gives the same game): a header, the board,
//! every decision, chance outcome and kernel event, and state snapshots.
//!
//! The format is documented in `docs/trace-format.md`; every field name below is part of it.

use crate::catan::policy::Policy;
use crate::catan::sim::GameRngs;
use crate::catan::*;
use crate::engine::play::{play, Observer};

mod events;
mod lines;
mod names;
mod words;

use anyhow::Context;
use events::{event_line, snapshot};
use lines::{action_line, board_line, chance_line, header_line};
pub use lines::{TraceHeader, TRACE_FORMAT};
use serde::Serialize;
use std::io::Write;
pub use words::rules_in_words;

/// The Catan board drawing (`board.js`, defines `RobsimBoard`): the replay page's, and other
/// pages' that draw boards from [`board_json`].
pub const BOARD_SCRIPT: &str = include_str!("board.js");

/// The board line of a trace (docs/trace-format.md) of layout `l` on map `t`, as JSON: what the
/// board drawing ([`BOARD_SCRIPT`]) reads, so other pages draw boards the same way.
pub fn board_json(t: &Topology, l: &Layout) -> serde_json::Value {
    serde_json::to_value(board_line(t, l)).expect("a board line is plain data")
}

/// Writes serialisable lines through one reused buffer (one `write_all` per line).
pub(super) struct Lines<'w, W: Write> {
    out: &'w mut W,
    buf: Vec<u8>,
    n: u64,
}

impl<W: Write> Lines<'_, W> {
    fn put<T: Serialize>(&mut self, v: &T) -> anyhow::Result<()> {
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, v)?;
        self.buf.push(b'\n');
        self.n += 1;
        self.out
            .write_all(&self.buf)
            .with_context(|| format!("writing trace line {}", self.n))
    }
}

/// The trace as an observer of the engine's loop: decision and chance lines before each step,
/// the step's events (buffered, written against the state after it) and snapshots after it.
pub(super) struct Writer<'w, W: Write> {
    lines: Lines<'w, W>,
    events: Vec<Event>,
    /// The first error (writing, or an illegal policy action); it halts the loop.
    error: Option<anyhow::Error>,
}

impl<W: Write> Writer<'_, W> {
    fn put<T: Serialize>(&mut self, v: &T) {
        if self.error.is_none() {
            if let Err(e) = self.lines.put(v) {
                self.error = Some(e);
            }
        }
    }
}

impl<W: Write> Sink<Event> for Writer<'_, W> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.events.push(*e);
    }
}

impl<W: Write> Observer<Game<'_>> for Writer<'_, W> {
    const CHECKED: bool = true;

    fn on_chance(&mut self, g: &Game, o: ChanceOutcome) {
        let dist = g.chance().expect("a chance outcome only in a chance phase");
        self.put(&chance_line(g, dist, o));
    }

    fn on_action(&mut self, g: &Game, a: Action) {
        self.put(&action_line(g.actor(), g.s.phase, &a));
    }

    fn post_step(&mut self, g: &Game) {
        let mut turn_started = false;
        let events = std::mem::take(&mut self.events);
        for e in &events {
            turn_started |= matches!(e, Event::TurnStart { .. });
            self.put(&event_line(g, e));
        }
        self.events = events;
        self.events.clear();
        if g.is_over() {
            self.put(&snapshot(g, "game_over"));
        } else if turn_started {
            self.put(&snapshot(g, "turn_start"));
        }
    }

    fn illegal(&mut self, g: &Game, _a: Action, e: IllegalAction) {
        self.error = Some(anyhow::Error::new(e).context(format!(
            "policy chose an illegal action on turn {}",
            g.s.turn
        )));
    }

    fn halted(&self) -> bool {
        self.error.is_some()
    }
}

/// Plays one game with `policy` in every seat and writes its trace to `out` as JSON Lines.
///
/// The game is played by the engine's loop ([`crate::engine::play::play`]) with the trace as
/// its observer, so a trace shows the game a normal run with the same seed plays. Actions go
/// through [`Game::try_apply`]: a policy that returns an illegal action is an error here, not a
/// corrupted state.
///
/// # Errors
/// Writer errors (with the line number), serialisation errors, and illegal policy actions.
pub fn write_trace<'t, W: Write, P: Policy<Game<'t>>>(
    out: &mut W,
    topo: &'t Topology,
    layout: Layout,
    rules: Rules,
    policy: &mut P,
    header: &TraceHeader,
    rngs: &mut GameRngs,
) -> anyhow::Result<Outcome> {
    let mut w = Writer {
        lines: Lines {
            out,
            buf: Vec::with_capacity(4096),
            n: 0,
        },
        events: Vec::new(),
        error: None,
    };
    let mut g = Game::new(topo, layout, rules);
    w.lines.put(&header_line(header, &rules))?;
    w.lines.put(&board_line(topo, &layout))?;
    w.lines.put(&snapshot(&g, "start"))?;
    let mut list = ActionList::new();
    play(&mut g, policy, rngs, &mut list, &mut w);
    if let Some(e) = w.error {
        return Err(e);
    }
    w.lines.out.flush().context("flushing the trace")?;
    Ok(g.s
        .outcome()
        .expect("the loop ends only when the game is over or halted"))
}
