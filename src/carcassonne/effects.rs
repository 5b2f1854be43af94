//! What The Robbers change game by game, for the terminal and report.html.
//!
//! Each game of a Carcassonne row with The Robbers is replayed without them (the same base-tile
//! order): `carcassonne_paired.csv` holds each seat's score and wins with and without,
//! `carcassonne_race.csv` the race. A designer reads these first; the paired steps of
//! `compare.csv` only compare game length.

use crate::report::html::{csv_table, Section};
use crate::report::terminal::{aligned, cell, num, pct, rows, Row};

/// Carcassonne: what The Robbers change game by game, from `carcassonne_paired.csv` and
/// `carcassonne_race.csv` (each game of a row with the expansion replayed without it, the same
/// base-tile order): each seat's score and win rate, then the race. Empty without them.
pub fn terminal(summary_csv: &[u8], paired_csv: &[u8], race_csv: &[u8]) -> String {
    let p = rows(paired_csv);
    if p.is_empty() {
        return String::new();
    }
    let s = rows(summary_csv);
    let players = |row: &str| {
        s.iter()
            .find(|r| cell(r, "row") == row)
            .map_or(String::new(), |r| cell(r, "players").to_string())
    };
    let diff = |r: &Row, c: &str| {
        format!(
            "{:+.1} ({:+.1} to {:+.1})",
            num(r, &format!("{c}_diff"))
                .or(num(r, &format!("{c}_diff_mean")))
                .unwrap_or(0.0),
            num(r, &format!("{c}_diff_lo95")).unwrap_or(0.0),
            num(r, &format!("{c}_diff_hi95")).unwrap_or(0.0)
        )
    };
    let mut out = String::from(
        "\nWhat The Robbers change, each game replayed without them (with − without, 95% interval):\n",
    );
    let mut lines = vec![[
        "row",
        "players",
        "seat",
        "score with",
        "score change",
        "win rate with / without",
        "won with only / without only",
    ]
    .map(String::from)
    .to_vec()];
    for r in &p {
        lines.push(vec![
            cell(r, "row").to_string(),
            players(cell(r, "row")),
            cell(r, "seat").to_string(),
            cell(r, "score_mean_with").to_string(),
            diff(r, "score"),
            format!(
                "{} / {}",
                num(r, "win_rate_with").map_or("-".into(), pct),
                num(r, "win_rate_without").map_or("-".into(), pct)
            ),
            format!(
                "{} / {}",
                cell(r, "won_with_only"),
                cell(r, "won_without_only")
            ),
        ]);
    }
    out.push_str(&aligned(&lines, 3));
    let race = rows(race_csv);
    if !race.is_empty() {
        out.push_str("The race (points; the mid-game leader: the sole leader halfway through):\n");
        let mut lines = vec![[
            "row",
            "players",
            "winner's margin change",
            "first-to-last gap change",
            "mid-game leader wins with / without",
        ]
        .map(String::from)
        .to_vec()];
        for r in &race {
            lines.push(vec![
                cell(r, "row").to_string(),
                players(cell(r, "row")),
                diff(r, "winner_margin"),
                diff(r, "gap_first_last"),
                format!(
                    "{} / {}",
                    num(r, "mid_leader_win_rate_with").map_or("-".into(), pct),
                    num(r, "mid_leader_win_rate_without").map_or("-".into(), pct)
                ),
            ]);
        }
        out.push_str(&aligned(&lines, 2));
    }
    out
}

/// Carcassonne's page sections: what The Robbers change game by game (each seat's score and win
/// rate, and the race), ahead of the paired comparisons of game length. None without them.
pub fn sections(paired: &[u8], race: &[u8]) -> Vec<Section> {
    if paired.is_empty() {
        return Vec::new();
    }
    let mut body = String::from(
        "<p>Each game of a row with The Robbers is replayed without them (the same base-tile \
         order), so these are paired, game by game: <code>score_diff_mean</code> is a seat's \
         score with minus without, with its 95% interval; <code>won_with_only</code> and \
         <code>won_without_only</code> count the games the seat won in one of the two only.</p>\n",
    );
    body.push_str(&csv_table(paired, &[], &[]));
    if !race.is_empty() {
        body.push_str(
            "<p>The race: the winner's margin and the first-to-last gap with and without (paired \
             differences, 95% intervals), and how often the sole leader halfway through wins.</p>\n",
        );
        body.push_str(&csv_table(race, &[], &[]));
    }
    vec![Section {
        id: "robbers".into(),
        title:
            "What The Robbers change: score and wins (carcassonne_paired.csv, carcassonne_race.csv)"
                .into(),
        html: body,
    }]
}
