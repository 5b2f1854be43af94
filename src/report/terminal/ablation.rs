//! The terminal's ablation section: each player's moved knobs ranked by their effect.

use super::text::{align, cell, num, p_value, pct, points_ci, Table};
use std::collections::BTreeMap;

/// An ablation's moved knobs, largest effect first: one ranking per player.
pub(super) fn ablation(a: &Table) -> String {
    let mut players: Vec<&str> = Vec::new();
    for r in &a.rows {
        let p = cell(r, "player");
        if !players.contains(&p) {
            players.push(p);
        }
    }
    let mut out = String::new();
    for p in &players {
        let mine: Vec<&BTreeMap<String, String>> =
            a.rows.iter().filter(|r| cell(r, "player") == *p).collect();
        out.push_str(&ranking(&mine, (players.len() > 1).then_some(*p)));
    }
    out
}

/// One player's ranking of the moved knobs (`player` named when the ablation has several).
fn ranking(a: &[&BTreeMap<String, String>], player: Option<&str>) -> String {
    if a.is_empty() {
        return String::new();
    }
    let team = a.iter().any(|r| num(r, "win_rate_diff").is_some());
    let effect = |r: &BTreeMap<String, String>| {
        if team {
            num(r, "win_rate_diff").unwrap_or(0.0).abs()
        } else {
            num(r, "turns_diff_mean").unwrap_or(0.0).abs()
        }
    };
    let mut rows: Vec<&BTreeMap<String, String>> = a.to_vec();
    rows.sort_by(|x, y| effect(y).total_cmp(&effect(x)));
    let base = rows
        .first()
        .and_then(|r| num(r, "win_rate_base"))
        .map_or(String::new(), |b| format!(" (base row {})", pct(b)));
    let under = player.map_or(String::new(), |p| format!(" under {p}"));
    let mut out = format!(
        "\nAblation{under}, the knobs ranked by their effect on the {}{base}:\n",
        if team { "win rate" } else { "game length" }
    );
    let mut lines = vec![vec![
        "knob".to_string(),
        "move".to_string(),
        if team { "win rate" } else { "turns" }.to_string(),
        "change (95%)".to_string(),
        if team { "McNemar" } else { "" }.to_string(),
        "paired games".to_string(),
    ]];
    for r in rows {
        let change = if team {
            points_ci(
                num(r, "win_rate_diff").unwrap_or(0.0),
                num(r, "win_rate_diff_lo95").unwrap_or(0.0),
                num(r, "win_rate_diff_hi95").unwrap_or(0.0),
            )
        } else {
            format!(
                "{:+.1} turns ({:+.1} to {:+.1})",
                num(r, "turns_diff_mean").unwrap_or(0.0),
                num(r, "turns_diff_lo95").unwrap_or(0.0),
                num(r, "turns_diff_hi95").unwrap_or(0.0)
            )
        };
        lines.push(vec![
            cell(r, "knob").to_string(),
            {
                let v = |c: &str| crate::report::compare::value_of(cell(r, c), cell(r, "knob"));
                format!("{} → {}", v("setting_base"), v("setting"))
            },
            if team {
                num(r, "win_rate").map_or("-".into(), pct)
            } else {
                cell(r, "turns_mean").to_string()
            },
            change,
            if team {
                num(r, "mcnemar_p").map_or(String::new(), p_value)
            } else {
                String::new()
            },
            cell(r, "games").to_string(),
        ]);
    }
    out.push_str(&align(&lines, 2));
    out
}
