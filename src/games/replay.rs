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
    note: "A step is a turn (Carcassonne: a placed tile): the board after it and, beside it, what happened in it. The address ends in <code>#step=N</code> (or give <code>#turn=N</code>), so a step can be linked. Face-down number tokens are drawn turned over (brown, crossed, no number). Seats count from 1 (seat 1 = first to play); the trace's JSON keeps its 0-based <code>seat</code> fields.",
    // Carcassonne's board is its tiles, drawn from the snapshots; every Catan trace has a board.
    needs_board: |variant| variant != "carcassonne",
    rules_in_words,
};

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
