//! The replay page of every game's trace: the script that draws both games, their words.

use crate::report::replay::Viewer;
use crate::{carcassonne, catan};
use anyhow::Result;
use serde_json::Value;

/// What the replay page shows of Catan and Carcassonne traces.
pub const VIEWER: Viewer = Viewer {
    // The Catan board drawing, then the page's script (Catan and Carcassonne snapshots).
    script: concat!(
        include_str!("../catan/trace/board.js"),
        include_str!("replay.js")
    ),
    note: "A step is a turn (Carcassonne: a placed tile): the board after it and, beside it, what happened in it. Steps count from 0 (the board before anything happens) to the game's end, and step N is the one the label calls step N and the address ends in <code>#step=N</code> (or give <code>#turn=N</code>), so a step can be linked; the last step says why the game ended. Face-down number tokens are drawn turned over (brown, crossed, no number). Seats count from 1 (seat 1 = first to play); the trace's JSON keeps its 0-based <code>seat</code> fields.",
    // Carcassonne's board is its tiles, drawn from the snapshots; every Catan trace has a board.
    needs_board: |variant| variant != "carcassonne",
    rules_in_words,
    ending,
};

/// Whether `trace` holds its game's end (a `game_over` line): a trace cut short does not.
pub fn complete(trace: &str) -> bool {
    trace
        .lines()
        .any(|l| serde_json::from_str::<Value>(l).is_ok_and(|v| v["type"] == "game_over"))
}

/// Why the game ended, in words: the `game_over` line's outcome with what made it so, from the
/// final snapshot and the header (`game over on turn 28: team loss, all 18 number tokens face
/// down`); `None` without a `game_over` line.
fn ending(lines: &[Value]) -> Option<String> {
    let over = lines.iter().find(|l| l["type"] == "game_over")?;
    let header = lines.iter().find(|l| l["type"] == "header")?;
    let last = lines.iter().rev().find(|l| l["type"] == "snapshot")?;
    let len = |v: &Value| v.as_array().map_or(0, Vec::len);
    let seats = |v: &Value| -> Vec<u64> {
        v.as_array()
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default()
    };
    if header["variant"] == "carcassonne" {
        let scores = seats(&over["scores"]);
        let winners = seats(&over["winners"]);
        let best = winners
            .first()
            .and_then(|&w| scores.get(w as usize))
            .copied()
            .unwrap_or(0);
        let who = match winners.as_slice() {
            [w] => format!("seat {} wins with {best} points", w + 1),
            ws => format!(
                "seats {} tie with {best} points",
                ws.iter()
                    .map(|w| (w + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        };
        return Some(format!(
            "game over after {} tiles placed, the draw pile empty: {who}",
            over["turns"]
        ));
    }
    let target = &header["vp_to_win"];
    let why = match over["outcome"].as_str().unwrap_or("?") {
        "team_loss" if header["variant"] == "solitaire" => {
            format!("team loss, {} tiles destroyed", len(&last["destroyed"]))
        }
        "team_loss" => format!(
            "team loss, all {} number tokens face down",
            len(&last["face_down"])
        ),
        "team_win" => format!("team win, every player has {target} VP or more"),
        "winner" => {
            let w = over["winner"].as_u64().unwrap_or(0) as usize;
            format!(
                "seat {} wins with {} VP (target {target})",
                w + 1,
                last["seats"][w]["vp"]
            )
        }
        "cap" => format!(
            "stopped at the turn cap ({} turns) with nobody at the target",
            header["turn_cap"]
        ),
        other => other.replace('_', " "),
    };
    Some(format!("game over on turn {}: {why}", over["turn"]))
}

/// The rules a trace's header names, in words: Catan's (Robert, Solitaire, Raiders, modifiers),
/// then Carcassonne's robbers (a header holds one game's keys).
fn rules_in_words(header: &Value) -> Vec<String> {
    let mut out = catan::trace::rules_in_words(header);
    out.extend(carcassonne::trace::rules_in_words(header));
    out
}

/// The replay page of `trace` (JSON Lines, one game of either game; `origin` names it in errors
/// and the title).
///
/// # Errors
/// As [`crate::report::replay::page`].
pub fn page(trace: &str, origin: &str) -> Result<String> {
    crate::report::replay::page(trace, origin, &VIEWER)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Carcassonne trace has no board line (its tiles are in the snapshots); a Catan one must.
    #[test]
    fn only_catan_traces_need_a_board_line() {
        let carc = "{\"type\":\"header\",\"variant\":\"carcassonne\",\"robbers\":true}\n{\"type\":\"snapshot\"}\n";
        let p = page(carc, "x").unwrap();
        assert!(p.contains("robbers on"), "{p}");
        assert!(p.contains(VIEWER.note) && p.contains(VIEWER.script));
        let catan = "{\"type\":\"header\",\"variant\":\"robert\"}\n{\"type\":\"snapshot\"}\n";
        let e = format!("{:#}", page(catan, "x").unwrap_err());
        assert!(e.contains("no board line"), "{e}");
    }
}
