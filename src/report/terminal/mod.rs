//! The terminal summary of a report for people.
//!
//! The terminal summary of a report for people: percentages with intervals, the settings that vary
//! first, each step of each axis as a paired comparison, an ablation's knobs ranked; the full
//! tables stay in the CSVs.

mod ablation;
mod text;
use ablation::ablation;
use text::{align, Table};
pub use text::{aligned, cell, num, p_value, pct, pct_ci, points_ci, rows, Row};

use std::collections::BTreeMap;

/// What a report folder holds, as its `.robsim-files` list says this run wrote it: the tables
/// and other files by name, the figures counted (`summary.csv, seats.csv, report.html, 3
/// figures (.svg), manifest.json`). Empty when the folder has no list.
pub fn files_written(dir: &std::path::Path) -> String {
    let Ok(text) = std::fs::read_to_string(dir.join(crate::report::FILES)) else {
        return String::new();
    };
    let names: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    let rank = |n: &str| {
        if n == "summary.csv" {
            0
        } else if n.ends_with(".csv") || (n.ends_with(".json") && !is_meta(n)) {
            1
        } else if n.ends_with(".html") {
            2
        } else if n.ends_with(".svg") {
            3
        } else {
            4
        }
    };
    let mut named: Vec<&str> = names.iter().copied().filter(|n| rank(n) != 3).collect();
    named.sort_by_key(|n| rank(n));
    let figures = names.iter().filter(|n| rank(n) == 3).count();
    let mut parts: Vec<String> = Vec::new();
    for n in named {
        if rank(n) == 4 && figures > 0 && !parts.iter().any(|p| p.contains("figure")) {
            parts.push(figures_part(figures));
        }
        parts.push(n.to_string());
    }
    if figures > 0 && !parts.iter().any(|p| p.contains("figure")) {
        parts.push(figures_part(figures));
    }
    parts.join(", ")
}

/// `{label} DIR (files...)` for the end of a command's output: [`files_written`] wrapped to
/// stay under 100 characters a line (continuation lines indented by four spaces).
pub fn files_line(label: &str, dir: &std::path::Path) -> String {
    let list = files_written(dir);
    let mut out = format!("{label} {} (", dir.display());
    let mut len = out.chars().count();
    let parts: Vec<&str> = list.split(", ").filter(|p| !p.is_empty()).collect();
    for (k, p) in parts.iter().enumerate() {
        let piece = if k + 1 < parts.len() {
            format!("{p},")
        } else {
            format!("{p})")
        };
        if k > 0 {
            if len + 1 + piece.chars().count() > 96 {
                out.push_str("\n   ");
                len = 3;
            }
            out.push(' ');
            len += 1;
        }
        out.push_str(&piece);
        len += piece.chars().count();
    }
    if parts.is_empty() {
        out.push(')');
    }
    out
}

fn is_meta(n: &str) -> bool {
    ["manifest.json", "state.json"].contains(&n)
}

fn figures_part(n: usize) -> String {
    format!("{n} figure{} (.svg)", if n == 1 { "" } else { "s" })
}

/// Most paired steps printed; the rest are in `compare.csv`.
const MAX_STEPS: usize = 40;

/// The summary of a sweep's report for the terminal. `settings` are the summary columns that
/// describe a row (a game's setting columns, in order); those that vary between rows come
/// first, the others are said once above the table.
///
/// `extra` are further headline columns shown after the game length where any row has them
/// (`robber_point_share`, `storm_turn_median`); a column named `*_share` is shown as a
/// percentage. The `stalled` column is shown where a game stalled or where `can_stall` says a
/// row's policy can concede a stalled game (`Tables::can_stall`). A game length that a timer
/// ended (stalled games, cap-outs: a tenth of a row's games or more) is marked `†` with a note.
/// `lead` (a game's own effects, `Tables::terminal_lead`) comes after the table and before
/// the steps. `qualifiers` are the game's (`Tables::qualifiers`): a step in a setting may move a
/// setting that qualifies it too (two players, each with its own knobs).
#[allow(clippy::too_many_arguments)]
pub fn summary(
    summary_csv: &[u8],
    compare_csv: &[u8],
    ablation_csv: &[u8],
    settings: &[&str],
    qualifiers: &[(&str, &str)],
    extra: &[&str],
    can_stall: fn(&Row) -> bool,
    lead: &str,
) -> String {
    let t = Table::read(summary_csv);
    if t.rows.is_empty() {
        return String::new();
    }
    // A setting varies when its rows give it two values or more; a row that leaves it empty (an
    // option of an expansion the row does not play) does not make it vary, but a qualifier's
    // empty cell is a value (the setting it qualifies at its defaults).
    let varies = |c: &str| {
        let q = qualifiers.iter().any(|(q, _)| *q == c);
        let mut given = t
            .rows
            .iter()
            .map(|r| cell(r, c))
            .filter(|v| q || !v.is_empty());
        let first = given.next();
        given.any(|v| Some(v) != first)
    };
    let first_value = |c: &str| {
        t.rows
            .iter()
            .map(|r| cell(r, c))
            .find(|v| !v.is_empty())
            .unwrap_or("")
    };
    let partly = |c: &str| t.rows.iter().any(|r| cell(r, c).is_empty());
    let present: Vec<&str> = settings
        .iter()
        .copied()
        .filter(|c| t.has(c) && t.rows.iter().any(|r| !cell(r, c).is_empty()))
        .collect();
    let varying: Vec<&str> = present.iter().copied().filter(|c| varies(c)).collect();
    let fixed: Vec<String> = present
        .iter()
        .filter(|c| !varies(c) && !partly(c))
        .map(|c| format!("{c} {}", first_value(c)))
        .chain(
            // Settings only some rows have (an expansion's options), constant where set.
            present
                .iter()
                .filter(|c| !varies(c) && partly(c))
                .enumerate()
                .map(|(i, c)| {
                    let lead = if i == 0 { "where set: " } else { "" };
                    format!("{lead}{c} {}", first_value(c))
                }),
        )
        .collect();
    let mut out = String::new();
    let games = if varies("games") {
        "games per row vary".to_string()
    } else {
        format!("{} games per row", cell(&t.rows[0], "games"))
    };
    let mut said = format!(
        "{} row{}, {games}; every row:",
        t.rows.len(),
        if t.rows.len() == 1 { "" } else { "s" },
    );
    // The settings every row shares, wrapped to stay readable in a terminal.
    let mut line_len = said.chars().count();
    for (k, f) in fixed.iter().enumerate() {
        let part = if k + 1 < fixed.len() {
            format!("{f},")
        } else {
            f.clone()
        };
        if line_len + 1 + part.chars().count() > 96 {
            said.push_str("\n   ");
            line_len = 3;
        }
        said.push(' ');
        said.push_str(&part);
        line_len += 1 + part.chars().count();
    }
    if fixed.is_empty() {
        said.push_str(" -");
    }
    out.push_str(&said);
    out.push('\n');
    // Who played: each model file a policy played (summary.csv `model`, `model_sha256`).
    let mut who: Vec<String> = Vec::new();
    for r in &t.rows {
        if cell(r, "model").is_empty() {
            continue;
        }
        let w = format!(
            "{} plays {} (sha256 {})",
            cell(r, "player"),
            cell(r, "model"),
            cell(r, "model_sha256")
        );
        if !who.contains(&w) {
            who.push(w);
        }
    }
    if !who.is_empty() {
        out.push_str(&format!("who played: {}\n", who.join("; ")));
    }
    let extra: Vec<&str> = extra
        .iter()
        .copied()
        .filter(|c| t.rows.iter().any(|r| !cell(r, c).is_empty()))
        .collect();
    // The median with its 10-90% range where lengths vary; the mean where every row's range is
    // a turn wide at most (a game of a fixed tile count), which it says better.
    let median = t.has("turns_median")
        && t.rows.iter().any(|r| {
            matches!(
                (num(r, "turns_p10"), num(r, "turns_p90")),
                (Some(lo), Some(hi)) if hi - lo > 1.0
            )
        });
    let seat_cols: Vec<String> = t
        .columns
        .iter()
        .filter(|c| {
            (c.starts_with("seat") && c.ends_with("_win_rate")) || c.starts_with("win_rate_seat")
        })
        .filter(|c| t.rows.iter().any(|r| !cell(r, c).is_empty()))
        .cloned()
        .collect();
    let team = t.has("win_rate") && t.rows.iter().any(|r| !cell(r, "win_rate").is_empty());
    let capouts = t
        .rows
        .iter()
        .any(|r| num(r, "capouts").unwrap_or(0.0) > 0.0);
    // Stalled losses: shown wherever a row's policy can concede a stalled game (or did).
    let stalled = t.has("stalled")
        && t.rows.iter().any(|r| {
            !cell(r, "stalled").is_empty()
                && (num(r, "stalled").unwrap_or(0.0) > 0.0 || can_stall(r))
        });
    // An ablation's rows each move one knob from row 0: one column says which, instead of a
    // column per knob.
    let ablation_rows = !Table::read(ablation_csv).rows.is_empty();
    // Each player's moved rows against that player's base row (the first row it plays).
    let moved = |r: &BTreeMap<String, String>| -> String {
        let base = t
            .rows
            .iter()
            .find(|b| cell(b, "player") == cell(r, "player"))
            .unwrap_or(&t.rows[0]);
        let m: Vec<String> = varying
            .iter()
            .filter(|c| cell(r, c) != cell(base, c))
            .map(|c| format!("{c} {}", cell(r, c)))
            .collect();
        if m.is_empty() {
            "base row".into()
        } else {
            m.join(", ")
        }
    };
    // An ablation under several players names the player on every row.
    let ablation_player = ablation_rows && varies("player");
    let shown = if ablation_rows {
        1 + usize::from(ablation_player)
    } else {
        varying.len()
    };
    let mut head: Vec<String> = vec!["row".into()];
    if ablation_rows {
        if ablation_player {
            head.push("player".into());
        }
        head.push("moved".into());
    } else {
        head.extend(varying.iter().map(|c| c.to_string()));
    }
    if varies("games") {
        head.push("games".into());
    }
    if team {
        head.push("win rate (95%)".into());
    }
    // Each seat's win rate: one column per seat for one or two seats; from three on, one
    // column of percentages in seat order (`54.0 47.0 ...`), so that five seats fit a terminal.
    let seat_no = |c: &String| -> String { c.chars().filter(char::is_ascii_digit).collect() };
    let seats_together = seat_cols.len() > 2;
    if seats_together {
        head.push(format!(
            "wins %, seats {}–{}",
            seat_no(&seat_cols[0]),
            seat_no(&seat_cols[seat_cols.len() - 1])
        ));
    } else {
        for c in &seat_cols {
            head.push(format!("seat {} wins", seat_no(c)));
        }
    }
    // Wins and losses apart, in rounds (co-operative rows; the pooled turns stay beside).
    let split = t.rows.iter().any(|r| {
        !cell(r, "rounds_win_median").is_empty() || !cell(r, "rounds_loss_median").is_empty()
    });
    head.push(
        if median {
            "turns median (p10–p90)"
        } else {
            "turns mean"
        }
        .into(),
    );
    if split {
        head.push("rounds won / lost".into());
    }
    head.extend(extra.iter().map(|c| c.to_string()));
    // Losses ended with the team provably unable to win (where a game counts them), beside the
    // stalled ones.
    let conceded = stalled && t.rows.iter().any(|r| !cell(r, "conceded").is_empty());
    if stalled {
        head.push(
            if conceded {
                "stalled, conceded (of losses)"
            } else {
                "stalled (of losses)"
            }
            .into(),
        );
    }
    if capouts {
        head.push("capouts".into());
    }
    let mut lines = vec![head];
    let mut timer_rows: Vec<String> = Vec::new();
    for r in &t.rows {
        let mut l: Vec<String> = vec![cell(r, "row").to_string()];
        if ablation_rows {
            if ablation_player {
                l.push(cell(r, "player").to_string());
            }
            l.push(moved(r));
        } else {
            l.extend(varying.iter().map(|c| cell(r, c).to_string()));
        }
        if varies("games") {
            l.push(cell(r, "games").to_string());
        }
        if team {
            l.push(
                match (
                    num(r, "win_rate"),
                    num(r, "win_rate_lo95"),
                    num(r, "win_rate_hi95"),
                ) {
                    (Some(x), Some(lo), Some(hi)) => format!(
                        "{}{}",
                        pct_ci(x, lo, hi),
                        if cell(r, "model_outside").is_empty() {
                            ""
                        } else {
                            " ‡"
                        }
                    ),
                    _ => "-".into(),
                },
            );
        }
        if seats_together {
            let cells: Vec<String> = seat_cols
                .iter()
                .map(|c| match num(r, c) {
                    Some(x) if x >= 0.9995 => " 100".to_string(),
                    Some(x) => format!("{:>4.1}", x * 100.0),
                    None => "   -".to_string(),
                })
                .collect();
            l.push(cells.join(" "));
        } else {
            for c in &seat_cols {
                l.push(num(r, c).map_or("-".into(), pct));
            }
        }
        let timed_out = ended_by_timer(r);
        if timed_out {
            timer_rows.push(cell(r, "row").to_string());
        }
        l.push(format!(
            "{}{}",
            if median {
                format!(
                    "{} ({}–{})",
                    cell(r, "turns_median"),
                    cell(r, "turns_p10"),
                    cell(r, "turns_p90")
                )
            } else {
                cell(r, "turns_mean").to_string()
            },
            if timed_out { " †" } else { "" }
        ));
        if split {
            let or_dash = |c: &str| match cell(r, c) {
                "" => "-".to_string(),
                v => v.to_string(),
            };
            l.push(format!(
                "{} / {}",
                or_dash("rounds_win_median"),
                or_dash("rounds_loss_median")
            ));
        }
        for c in &extra {
            l.push(match num(r, c) {
                Some(x) if c.ends_with("_share") => pct(x),
                _ => cell(r, c).to_string(),
            });
        }
        if stalled {
            l.push(if cell(r, "stalled").is_empty() {
                "-".into()
            } else {
                match cell(r, "conceded") {
                    c if conceded && !c.is_empty() => {
                        format!("{}, {c} of {}", cell(r, "stalled"), cell(r, "losses"))
                    }
                    _ => format!("{} of {}", cell(r, "stalled"), cell(r, "losses")),
                }
            });
        }
        if capouts {
            l.push(cell(r, "capouts").to_string());
        }
        lines.push(l);
    }
    out.push_str(&align(&lines, 1 + shown));
    if !timer_rows.is_empty() {
        out.push_str(&format!(
            "  † row{} {}: a tenth of the games or more ended by a timer, not in play: a stalled game the team\n    \
             conceded after [team] concede_after_idle_turns player-turns without VP, or the turn cap\n",
            if timer_rows.len() == 1 { "" } else { "s" },
            timer_rows.join(", ")
        ));
    }
    if split {
        out.push_str(
            "  turns: every game, pooled; rounds won / lost: the median rounds of the games won and lost\n",
        );
    }
    let outside: Vec<&Row> = t
        .rows
        .iter()
        .filter(|r| !cell(r, "model_outside").is_empty())
        .collect();
    if !outside.is_empty() {
        let mut by: Vec<(String, Vec<&str>)> = Vec::new();
        for r in &outside {
            let what = cell(r, "model_outside").to_string();
            match by.iter_mut().find(|(w, _)| *w == what) {
                Some((_, rows)) => rows.push(cell(r, "row")),
                None => by.push((what, vec![cell(r, "row")])),
            }
        }
        let said: Vec<String> = by
            .iter()
            .map(|(w, rows)| format!("{w} (row{} {})", plural(rows.len()), rows.join(", ")))
            .collect();
        out.push_str(&format!(
            "  ‡ outside the rows the model was trained on (summary.csv model_outside): {}\n",
            said.join("; ")
        ));
    }
    out.push_str(&decided_note(&t.rows));
    out.push_str(lead);
    if !ablation_rows {
        out.push_str(&steps(&t, &Table::read(compare_csv), &varying, qualifiers));
    }
    out.push_str(&ablation(&Table::read(ablation_csv)));
    out
}

/// When the co-operative rows are decided (summary.csv `certain_round`), and why a shape
/// measure is empty (`*_why`): each value or reason once, with its rows. Empty where the rows
/// have no such columns.
fn decided_note(rows: &[Row]) -> String {
    let group = |of: &dyn Fn(&Row) -> Option<String>| {
        let mut by: Vec<(String, Vec<&str>)> = Vec::new();
        for r in rows {
            let Some(what) = of(r) else { continue };
            match by.iter_mut().find(|(w, _)| *w == what) {
                Some((_, rs)) => rs.push(cell(r, "row")),
                None => by.push((what, vec![cell(r, "row")])),
            }
        }
        by.iter()
            .map(|(w, rs)| format!("{w} (row{} {})", plural(rs.len()), row_ranges(rs)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    // A reason in short, so that rows group: the figures are in summary.csv's `_why` cells.
    let short = |why: &str| -> String {
        if why.starts_with("never in doubt") {
            "never in doubt (90% sure from round 1)".into()
        } else if why.contains("calibration error") {
            "the win-probability model's calibration error is above 0.03".into()
        } else {
            why.to_string()
        }
    };
    let mut out = String::new();
    let certain = group(&|r: &Row| {
        let (v, why) = (cell(r, "certain_round"), cell(r, "certain_round_why"));
        if !v.is_empty() {
            Some(format!("round {v}"))
        } else {
            (!why.is_empty()).then(|| short(why))
        }
    });
    if !certain.is_empty() {
        out.push_str(&wrap(&format!("decided (certain_round): {certain}")));
    }
    let model = group(&|r: &Row| {
        let why = cell(r, "decided_round_median_why");
        (!why.is_empty()).then(|| short(why))
    });
    if !model.is_empty() {
        out.push_str(&wrap(&format!(
            "decided by the model (decided_round_median, dead_round_share, comeback_win_share) empty: {model}; summary.csv's _why columns say more"
        )));
    }
    out
}

/// Row numbers with runs of three or more as ranges: `0-3, 5, 7, 8`.
fn row_ranges(rows: &[&str]) -> String {
    let nums: Vec<Option<u64>> = rows.iter().map(|r| r.parse().ok()).collect();
    let mut out: Vec<String> = Vec::new();
    let mut k = 0;
    while k < rows.len() {
        let mut j = k;
        while j + 1 < rows.len()
            && matches!((nums[j], nums[j + 1]), (Some(a), Some(b)) if b == a + 1)
        {
            j += 1;
        }
        if j >= k + 2 {
            out.push(format!("{}-{}", rows[k], rows[j]));
        } else {
            out.extend(rows[k..=j].iter().map(|r| r.to_string()));
        }
        k = j + 1;
    }
    out.join(", ")
}

/// `text` as lines of at most 100 characters, the first indented by 2, the rest by 4.
fn wrap(text: &str) -> String {
    let mut out = String::from("  ");
    let mut len = 2;
    for word in text.split(' ') {
        let w = word.chars().count();
        if len > 4 && len + 1 + w > 100 {
            out.push_str("\n    ");
            len = 4;
        } else if len > 2 && !(len == 4 && out.ends_with("    ")) {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += w;
    }
    out.push('\n');
    out
}

/// `s` after a count other than one.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Whether a tenth or more of a row's games ended by a timer rather than in play: stalled
/// games conceded after the idle-turn limit, and cap-outs (so p90 of its length is the timer).
fn ended_by_timer(r: &Row) -> bool {
    let games = num(r, "games").unwrap_or(0.0);
    let timed = num(r, "stalled").unwrap_or(0.0) + num(r, "capouts").unwrap_or(0.0);
    games > 0.0 && timed >= 0.1 * games
}

/// The rule modifiers of a `modifiers` value (`none` -> none; `volcano+gold` -> both).
fn modifier_set(v: &str) -> Vec<&str> {
    let mut m: Vec<&str> = v
        .split('+')
        .filter(|m| *m != "none" && !m.is_empty())
        .collect();
    m.sort_unstable();
    m
}

/// Whether `b` is `a` with one modifier more.
fn adds_one_modifier(a: &str, b: &str) -> bool {
    let (a, b) = (modifier_set(a), modifier_set(b));
    b.len() == a.len() + 1 && a.iter().all(|m| b.contains(m))
}

/// The McNemar test of a compare.csv line as people read it.
fn mcnemar_name(c: &Row) -> &'static str {
    match cell(c, "mcnemar_test") {
        "exact" => "McNemar's exact test",
        "chi2_cc" => "McNemar's chi-square test",
        _ => "McNemar's test",
    }
}

/// Each step of each varying setting, paired on the same games: the win-rate difference with
/// its Newcombe interval and McNemar p (else the game length's). A step is a pair of rows with
/// neighbouring values in row order (`modifiers`: one rule modifier added, so that each is
/// compared with none) that differ in no other varying setting; where the interval and p
/// disagree about 0.05, a note names the two methods.
/// A compare.csv side's value of `knob` (its cell is `knob=value`).
fn value<'a>(c: &'a BTreeMap<String, String>, column: &str, knob: &str) -> &'a str {
    crate::report::compare::value_of(cell(c, column), knob)
}

fn steps<'a>(
    summary: &'a Table,
    compare: &'a Table,
    varying: &[&str],
    quals: &[(&str, &str)],
) -> String {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut more = 0;
    let mut mixed: Vec<(&str, Vec<String>)> = Vec::new();
    let mut disagreements: Vec<&'static str> = Vec::new();
    for &setting in varying {
        let mut order: Vec<&str> = Vec::new();
        for r in &summary.rows {
            let v = cell(r, setting);
            if !order.contains(&v) {
                order.push(v);
            }
        }
        let pos = |v: &str| order.iter().position(|x| *x == v);
        for c in compare.rows.iter().filter(|c| cell(c, "knob") == setting) {
            let (va, vb) = (
                value(c, "setting_a", setting),
                value(c, "setting_b", setting),
            );
            let (Some(a), Some(b)) = (pos(va), pos(vb)) else {
                continue;
            };
            let neighbours = if setting == "modifiers" {
                adds_one_modifier(va, vb) || adds_one_modifier(vb, va)
            } else {
                a.abs_diff(b) == 1
            };
            if !neighbours {
                continue;
            }
            // A pair that the summary shows moving another setting too (a default that follows
            // the player count) is two changes, not a step.
            let (ra, rb) = (
                cell(c, "row_a")
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| summary.rows.get(i)),
                cell(c, "row_b")
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| summary.rows.get(i)),
            );
            if let (Some(ra), Some(rb)) = (ra, rb) {
                let also: Vec<String> = varying
                    .iter()
                    .filter(|s| **s != setting && cell(ra, s) != cell(rb, s))
                    .filter(|s| !quals.contains(&(**s, setting)))
                    .filter(|s| !cell(ra, s).is_empty() && !cell(rb, s).is_empty())
                    .map(|s| format!("{s} {} → {}", cell(ra, s), cell(rb, s)))
                    .collect();
                if !also.is_empty() {
                    if !mixed.iter().any(|(s, a)| *s == setting && *a == also) {
                        mixed.push((setting, also));
                    }
                    continue;
                }
            }
            if lines.len() >= MAX_STEPS {
                more += 1;
                continue;
            }
            let row_a = cell(c, "row_a").parse::<usize>().ok();
            // The settings both rows share, a qualifier of the step's setting among them where
            // it is the same in both; one that differs is named on each side of the step.
            let row_b = cell(c, "row_b").parse::<usize>().ok();
            let (sa, sb) = (
                row_a.and_then(|i| summary.rows.get(i)),
                row_b.and_then(|i| summary.rows.get(i)),
            );
            let qual_differs =
                |q: &str| matches!((sa, sb), (Some(x), Some(y)) if cell(x, q) != cell(y, q));
            let context: Vec<String> = sa
                .map(|r| {
                    varying
                        .iter()
                        .filter(|s| **s != setting)
                        .filter(|s| !(quals.contains(&(**s, setting)) && qual_differs(s)))
                        .filter(|s| !cell(r, s).is_empty())
                        .map(|s| format!("{s} {}", cell(r, s)))
                        .collect()
                })
                .unwrap_or_default();
            let side = |r: Option<&Row>| {
                let quals: Vec<String> = quals
                    .iter()
                    .filter(|(q, of)| *of == setting && qual_differs(q))
                    .filter_map(|(q, _)| r.map(|r| (q, cell(r, q))))
                    .map(|(q, v)| match (q.ends_with("knobs"), v.is_empty()) {
                        (true, true) => "defaults".to_string(),
                        (true, false) => v.to_string(),
                        (false, _) => format!("{q} {v}"),
                    })
                    .collect::<Vec<_>>();
                if quals.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", quals.join(", "))
                }
            };
            let effect = match (
                num(c, "win_rate_diff"),
                num(c, "win_rate_diff_lo95"),
                num(c, "win_rate_diff_hi95"),
            ) {
                (Some(d), Some(lo), Some(hi)) => {
                    let pv = num(c, "mcnemar_p");
                    let p = pv.map_or(String::new(), p_value);
                    // The interval excludes 0 but p > 0.05, or the other way round.
                    let disagree = pv.is_some_and(|p| (lo > 0.0 || hi < 0.0) != (p < 0.05));
                    let mark = if disagree {
                        disagreements.push(mcnemar_name(c));
                        " ‡"
                    } else {
                        ""
                    };
                    format!("{}  {p}{mark}, {}", points_ci(d, lo, hi), paired_games(c))
                }
                _ => format!(
                    "{:+.1} turns ({:+.1} to {:+.1}), {}",
                    num(c, "turns_diff_mean").unwrap_or(0.0),
                    num(c, "turns_diff_lo95").unwrap_or(0.0),
                    num(c, "turns_diff_hi95").unwrap_or(0.0),
                    paired_games(c)
                ),
            };
            // A qualifier's empty value: the setting it qualifies at its defaults.
            let v = |v: &'a str| Some(v).filter(|v| !v.is_empty()).unwrap_or("-");
            lines.push(vec![
                format!("{setting} {}{} → {}{}", v(va), side(sa), v(vb), side(sb)),
                context.join(", "),
                effect,
            ]);
        }
    }
    let mut out = String::new();
    if !lines.is_empty() {
        let win = compare
            .rows
            .iter()
            .any(|c| !cell(c, "win_rate_diff").is_empty());
        out.push_str(if win {
            "\nEach step, paired on the same games (B − A; win rate: Newcombe 95% interval, McNemar p):\n"
        } else {
            "\nEach step, paired on the same games (B − A, paired-t 95% interval):\n"
        });
        out.push_str(&align(&lines, 2));
    }
    if more > 0 {
        out.push_str(&format!("  ... {more} more steps in compare.csv\n"));
    }
    if !disagreements.is_empty() {
        disagreements.sort_unstable();
        disagreements.dedup();
        out.push_str(&format!(
            "  ‡ the interval is Newcombe's (paired proportions), p is {} on the games one row won only:\n    \
             two methods, which near 0.05 can disagree (one excluding 0, the other not)\n",
            disagreements.join(" / ")
        ));
    }
    for (setting, also) in &mixed {
        out.push_str(&format!(
            "  not a step: {setting} also moves {} between those rows (compare.csv has the pairs)\n",
            also.join(", ")
        ));
    }
    out
}

/// How many paired games a step rests on (compare.csv's `games`): a search row's step may rest
/// on a few games only.
fn paired_games(c: &BTreeMap<String, String>) -> String {
    match cell(c, "games") {
        "1" => "1 paired game".into(),
        n => format!("{n} paired games"),
    }
}

#[cfg(test)]
mod tests;
