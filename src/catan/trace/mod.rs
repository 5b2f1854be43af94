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

use anyhow::Context;
use events::{event_line, snapshot};
use lines::{action_line, board_line, chance_line, header_line};
use serde::Serialize;
use std::io::Write;

/// Version of the trace format, written into the header. Bump it when a line changes shape.
pub const TRACE_FORMAT: u32 = 2;

/// What the caller knows about the game beyond its rules: names and seeds for the header line.
/// Variant, players and rule options are taken from the [`Rules`] passed to [`write_trace`], so
/// that the header cannot disagree with the game that was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceHeader {
    /// robsim version that wrote the trace (`env!("CARGO_PKG_VERSION")`).
    pub version: String,
    /// Policy name as the CLI knows it (`random`, ...).
    pub policy: String,
    /// Board kind name ([`BoardKind::name`]).
    pub board: String,
    /// Map name or path.
    pub map: String,
    pub seed: u64,
    /// Game index under the master seed.
    pub game: u64,
}

impl TraceHeader {
    /// A header with this crate's version.
    pub fn new(policy: &str, board: BoardKind, map: &str, seed: u64, game: u64) -> TraceHeader {
        TraceHeader {
            version: env!("CARGO_PKG_VERSION").to_string(),
            policy: policy.to_string(),
            board: board.name().to_string(),
            map: map.to_string(),
            seed,
            game,
        }
    }
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

// ---------------------------------------------------------------------------------------------
// Names

pub(super) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Deal => "deal",
        Phase::SetupSettlement => "setup_settlement",
        Phase::SetupRoad => "setup_road",
        Phase::PreRoll => "pre_roll",
        Phase::Dice => "dice",
        Phase::Discard => "discard",
        Phase::MoveRobber => "move_robber",
        Phase::Steal => "steal",
        Phase::Draw => "draw",
        Phase::RobertTie => "robert_tie",
        Phase::FlipUp => "flip_up",
        Phase::Main => "main",
        Phase::RoadBuilding => "road_building",
        Phase::SevenChoice => "seven_choice",
        Phase::LoseDev => "lose_dev",
        Phase::RobberRoll => "robber_roll",
        Phase::RobberTie => "robber_tie",
        Phase::DestroyDie => "destroy_die",
        Phase::MonopolyDie => "monopoly_die",
        Phase::ModifierDie => "modifier_die",
        Phase::Bonus => "bonus",
        Phase::PlaceRaider => "place_raider",
        Phase::RemoveRaider => "remove_raider",
        Phase::ChooseVictim => "choose_victim",
        Phase::SpecialBuild => "special_build",
        Phase::Over(_) => "over",
    }
}

pub(super) fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Winner(_) => "winner",
        Outcome::TeamWin => "team_win",
        Outcome::TeamLoss => "team_loss",
        Outcome::Cap => "cap",
    }
}

/// A `u8` seat slot (`NO_PLAYER` = none) as an optional seat.
pub(super) fn seat_opt(p: u8) -> Option<u8> {
    (p != NO_PLAYER).then_some(p)
}

/// A corner's harbor bit ([`HarborKind::bit`]) as the harbor's name.
pub(super) fn harbor_name(bit: u8) -> Option<&'static str> {
    if bit == 0 {
        None
    } else if bit == HarborKind::Generic.bit() {
        Some(HarborKind::Generic.name())
    } else {
        Resource::ALL
            .into_iter()
            .find(|&r| HarborKind::Special(r).bit() == bit)
            .map(|r| HarborKind::Special(r).name())
    }
}

pub(super) fn present(row: &[u8]) -> Vec<u8> {
    row.iter().copied().filter(|&x| x != NONE).collect()
}

pub(super) fn set_vec<const N: usize>(s: &crate::catan::Bits<N>) -> Vec<usize> {
    s.iter().collect()
}
