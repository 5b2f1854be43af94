//! Carcassonne game traces as JSON Lines.
//!
//! Carcassonne game traces as JSON Lines: the engine's loop and a run's streams, with a writer as
//! observer.
//!
//! The format is documented in `docs/trace-format.md` ("Carcassonne traces").

use crate::carcassonne::experiment::CarcSpec;
use crate::carcassonne::policy::CarcActions;
use crate::carcassonne::sim::CarcRngs;
use crate::carcassonne::*;
use crate::engine::play::{play, Observer};
use anyhow::Context;
use serde_json::{json, Value};
use std::io::Write;

/// Version of the Carcassonne trace format.
pub const CARC_TRACE_FORMAT: u32 = 2;

/// The trace as an observer of the engine's loop: a line per decision before it is applied, the
/// step's events after it (the game-over event has its own line at the end) and a snapshot at
/// the end of each turn.
struct Writer<'a> {
    out: &'a mut dyn Write,
    t: &'a TileSet,
    n: u64,
    events: Vec<Event>,
    turn_end: bool,
    /// The first error (writing, or an illegal policy action); it halts the loop.
    error: Option<anyhow::Error>,
}

impl Writer<'_> {
    fn put(&mut self, v: &Value) {
        if self.error.is_none() {
            if let Err(e) = put(self.out, v, &mut self.n) {
                self.error = Some(e);
            }
        }
    }
}

impl Sink<Event> for Writer<'_> {
    fn event(&mut self, e: &Event) {
        self.events.push(*e);
    }
}

impl Observer<Game<'_>> for Writer<'_> {
    const CHECKED: bool = true;

    fn on_action(&mut self, g: &Game, a: Action) {
        let actor = g.actor().unwrap_or(0);
        let line = match a {
            Action::Place { cell, rot } => {
                let (x, y) = offset(cell);
                json!({"type": "action", "player": actor, "action": "place", "x": x, "y": y, "rot": rot})
            }
            Action::Robber(s) if g.rules.robbers_per_player > 1 => {
                json!({"type": "action", "player": actor, "action": "robber", "space": s.map(|v| v % ROBBER_CODE), "robber": s.map(|v| v / ROBBER_CODE)})
            }
            Action::Robber(s) => {
                json!({"type": "action", "player": actor, "action": "robber", "space": s})
            }
            Action::Follower(s) => {
                json!({"type": "action", "player": actor, "action": "follower", "segment": s})
            }
            Action::First(k) => {
                let (points, feature) = g
                    .own_scores(actor)
                    .nth(k as usize)
                    .expect("a legal choice names one of the scores");
                json!({"type": "action", "player": actor, "action": "first", "score": k, "points": points, "feature": feature.name()})
            }
            Action::Rob(k) => {
                let r = g.robber_asked();
                let c = g.rob_candidates(r)[k as usize];
                let (victim, points, _) = g.round_score(c);
                json!({"type": "action", "player": actor, "action": "rob", "robber": r / g.rules.players, "victim": victim, "score_points": points})
            }
        };
        self.put(&line);
        self.turn_end = matches!(a, Action::Follower(_) | Action::First(_) | Action::Rob(_));
    }

    fn post_step(&mut self, g: &Game) {
        let events = std::mem::take(&mut self.events);
        for e in &events {
            if *e != Event::GameOver {
                self.put(&event_json(self.t, e));
            }
        }
        self.events = events;
        self.events.clear();
        if self.turn_end && g.phase == Phase::Draw {
            self.put(&snapshot(g, "turn_end"));
        }
        self.turn_end = false;
    }

    fn illegal(&mut self, g: &Game, _a: Action, e: IllegalAction) {
        self.error = Some(
            anyhow::Error::new(e)
                .context(format!("policy chose an illegal action on turn {}", g.turn)),
        );
    }

    fn halted(&self) -> bool {
        self.error.is_some()
    }
}

fn put(out: &mut dyn Write, v: &Value, n: &mut u64) -> anyhow::Result<()> {
    *n += 1;
    let mut line = serde_json::to_vec(v)?;
    line.push(b'\n');
    out.write_all(&line)
        .with_context(|| format!("writing trace line {n}"))
}

fn space(s: u8) -> Value {
    if s == IN_STOCK {
        Value::Null
    } else {
        json!(s)
    }
}

fn event_json(t: &TileSet, e: &Event) -> Value {
    match *e {
        Event::Drawn { player, kind } => {
            json!({"type": "draw", "player": player, "kind": kind, "tile": t.kind_name(kind)})
        }
        Event::Discarded { player, kind } => {
            json!({"type": "discard", "player": player, "kind": kind, "tile": t.kind_name(kind)})
        }
        Event::Placed {
            player,
            kind,
            cell,
            rot,
            turn,
        } => {
            let (x, y) = offset(cell);
            json!({"type": "placed", "turn": turn, "player": player, "tile": t.kind_name(kind), "x": x, "y": y, "rot": rot})
        }
        Event::RobberPlaced {
            player,
            space,
            moved,
        } => json!({"type": "robber_placed", "player": player, "space": space, "moved": moved}),
        Event::RobberDeclined { player } => json!({"type": "robber_declined", "player": player}),
        Event::Follower {
            player,
            seg,
            feature,
        } => {
            json!({"type": "follower", "player": player, "segment": seg, "feature": feature.name()})
        }
        Event::Score {
            player,
            points,
            feature,
            complete,
        } => {
            json!({"type": "score", "player": player, "points": points, "feature": feature.name(), "complete": complete})
        }
        Event::FollowersReturned { player, n } => {
            json!({"type": "followers_returned", "player": player, "n": n})
        }
        Event::Robbery {
            robber,
            victim,
            points,
            space,
        } => {
            json!({"type": "robbery", "robber": robber, "victim": victim, "points": points, "space": space})
        }
        Event::Rogue {
            robber,
            with,
            from,
            to,
        } => json!({"type": "rogue", "robber": robber, "with": with, "from": from, "to": to}),
        Event::RobberFinal { player, points } => {
            json!({"type": "robber_final", "player": player, "points": points})
        }
        Event::GameOver => json!({"type": "game_over_event"}),
    }
}

fn snapshot(g: &Game, reason: &str) -> Value {
    let n = g.rules.players as usize;
    // Followers on the board as [player, x, y, segment] (format 2), in a fixed order.
    let mut followers: Vec<[i32; 4]> = g
        .followers
        .iter()
        .map(|&(s, p)| {
            let placed = g.placed[s as usize / MAX_SEGS];
            let (x, y) = offset(placed.cell);
            [p as i32, x as i32, y as i32, (s as usize % MAX_SEGS) as i32]
        })
        .collect();
    followers.sort_unstable();
    json!({
        "type": "snapshot",
        "reason": reason,
        "turn": g.turn,
        "scores": &g.score[..n],
        "track": &g.sb.pos[..n],
        "followers_in_stock": &g.stock[..n],
        // One entry per robber: robber `r` is seat `r % players`'s.
        "robbers": (0..n * g.rules.robbers_per_player as usize)
            .map(|r| space(g.sb.robber[r]))
            .collect::<Vec<_>>(),
        "tiles_left": g.remaining(),
        "followers": followers,
    })
}

/// Plays game `index` of `row` (seed `seed`) and writes its trace.
///
/// # Errors
/// Writing fails.
pub fn write_trace(
    out: &mut dyn Write,
    t: &'static TileSet,
    tiles_name: &str,
    row: CarcSpec,
    seed: u64,
    index: u64,
) -> anyhow::Result<()> {
    let r = row.rules;
    let mut n = 0;
    put(
        out,
        &json!({
            "type": "header",
            "format": CARC_TRACE_FORMAT,
            "robsim": env!("CARGO_PKG_VERSION"),
            "variant": "carcassonne",
            "players": r.players,
            "policy": row.policy_label(),
            "robbers": r.robbers,
            "robber_placement": r.placement.name(),
            "robber_final_points": r.final_points,
            "robber_share": r.share.name(),
            "robbers_per_player": r.robbers_per_player,
            "rogue_beside": r.rogue_beside.name(),
            "unplaceable_robber_tile": r.unplaceable_robber_tile.name(),
            "robber_tiles": r.robber_tiles.map_or(t.total(true) - t.total(false), usize::from),
            "tiles": tiles_name,
            "seed": seed,
            "game": index,
        }),
        &mut n,
    )?;
    let kinds: Vec<Value> = t
        .kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let s = &t.shapes[k.shape as usize];
            json!({
                "kind": i,
                "tile": t.kind_name(i as u8),
                "robber": k.robber,
                "edges": s.edges.iter().map(|e| match e { Edge::City => "C", Edge::Road => "R", Edge::Field => "F" }).collect::<String>(),
                "segments": s.segs.iter().map(|g| g.kind.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    put(out, &json!({"type": "tiles", "kinds": kinds}), &mut n)?;
    let mut g = Game::new(t, r);
    put(
        out,
        &json!({"type": "start", "tile": t.kind_name(t.start_shape), "x": 0, "y": 0, "rot": 0}),
        &mut n,
    )?;
    put(out, &snapshot(&g, "start"), &mut n)?;
    let mut rngs = CarcRngs::new(seed, index);
    let mut buf = CarcActions::new();
    let mut w = Writer {
        out,
        t,
        n,
        events: Vec::new(),
        turn_end: false,
        error: None,
    };
    play(&mut g, &mut row.player(), &mut rngs, &mut buf, &mut w);
    if let Some(e) = w.error {
        return Err(e);
    }
    let (out, mut n) = (w.out, w.n);
    let np = r.players as usize;
    let w = g.winners();
    put(
        out,
        &json!({
            "type": "game_over",
            "scores": &g.score[..np],
            "winners": (0..np).filter(|p| w & (1 << p) != 0).collect::<Vec<_>>(),
            "turns": g.turn,
            "discarded": g.discarded,
        }),
        &mut n,
    )?;
    put(out, &snapshot(&g, "game_over"), &mut n)?;
    Ok(())
}

/// The rules a Carcassonne header names, in words, for the replay page: the expansion and its
/// scoring options (`robbers on, robber final points 3, robber share half`).
pub fn rules_in_words(header: &Value) -> Vec<String> {
    let said: Vec<String> = [
        "robbers",
        "robber_placement",
        "robber_final_points",
        "robber_share",
    ]
    .iter()
    .filter_map(|k| {
        header
            .get(*k)
            .filter(|v| !v.is_null())
            .map(|v| format!("{} {}", k.replace('_', " "), crate::report::replay::word(v)))
    })
    .collect();
    if said.is_empty() {
        Vec::new()
    } else {
        vec![said.join(", ")]
    }
}
