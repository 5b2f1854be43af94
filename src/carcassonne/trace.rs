//! Carcassonne game traces as JSON Lines: the same loop and streams as a run, written line by line.
//!
//! The format is documented in `docs/trace-format.md` ("Carcassonne traces").

use crate::carcassonne::experiment::{sample_draw, CarcPolicySpec, CarcRngs, CarcSpec};
use crate::carcassonne::policy::{CarcActions, CarcGreedy, CarcPolicy, CarcRandom};
use crate::carcassonne::*;
use anyhow::Context;
use serde_json::{json, Value};
use std::io::Write;

/// Version of the Carcassonne trace format.
pub const CARC_TRACE_FORMAT: u32 = 1;

#[derive(Default)]
struct Buffer(Vec<Event>);

impl Sink for Buffer {
    fn event(&mut self, e: &Event) {
        self.0.push(*e);
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
    json!({
        "type": "snapshot",
        "reason": reason,
        "turn": g.turn,
        "scores": &g.score[..n],
        "track": &g.sb.pos[..n],
        "followers_in_stock": &g.stock[..n],
        "robbers": (0..n).map(|p| space(g.sb.robber[p])).collect::<Vec<_>>(),
        "tiles_left": g.remaining(),
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
    match row.policy {
        CarcPolicySpec::Random => trace_with(out, t, tiles_name, row, seed, index, &mut CarcRandom),
        CarcPolicySpec::Greedy => trace_with(
            out,
            t,
            tiles_name,
            row,
            seed,
            index,
            &mut CarcGreedy::default(),
        ),
    }
}

fn trace_with<P: CarcPolicy>(
    out: &mut dyn Write,
    t: &'static TileSet,
    tiles_name: &str,
    row: CarcSpec,
    seed: u64,
    index: u64,
    policy: &mut P,
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
            "policy": row.policy.name(),
            "robbers": r.robbers,
            "robber_placement": r.placement.name(),
            "robber_final_points": r.final_points,
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
    let mut ev = Buffer::default();
    while !g.is_over() {
        ev.0.clear();
        let turn_end;
        if let Some(pile) = g.chance() {
            let k = sample_draw(t, pile, &mut rngs);
            g.apply_draw(k, &mut ev);
            turn_end = false;
        } else {
            let a = policy.choose(&g, &mut buf, &mut rngs.policy);
            let actor = g.actor().unwrap_or(0);
            let line = match a {
                Action::Place { cell, rot } => {
                    let (x, y) = offset(cell);
                    json!({"type": "action", "player": actor, "action": "place", "x": x, "y": y, "rot": rot})
                }
                Action::Robber(s) => {
                    json!({"type": "action", "player": actor, "action": "robber", "space": s})
                }
                Action::Follower(s) => {
                    json!({"type": "action", "player": actor, "action": "follower", "segment": s})
                }
            };
            put(out, &line, &mut n)?;
            turn_end = matches!(a, Action::Follower(_));
            g.apply(a, &mut ev);
        }
        for e in &ev.0 {
            if *e != Event::GameOver {
                put(out, &event_json(t, e), &mut n)?;
            }
        }
        if turn_end && !g.is_over() {
            put(out, &snapshot(&g, "turn_end"), &mut n)?;
        }
    }
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
