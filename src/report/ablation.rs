//! `ablation.csv` and its tornado chart.
//!
//! `ablation.csv` and its tornado chart: each moved row of an `[ablate]` sweep against the base
//! row, from the paired comparisons.

use crate::report::compare::{value_of, CompareRow};
use crate::report::{plot, Figure};
use anyhow::Result;
use serde::Serialize;

/// One moved row of an ablation (the config layer expands an `[ablate]` table into them).
#[derive(Clone, Debug, PartialEq)]
pub struct AblationStep {
    /// The player whose rows these are (`[ablate] players`, else the grid's policy).
    pub player: String,
    /// The index of that player's base row in the sweep (0 for the first player).
    pub base_row: usize,
    /// The row's index in the sweep.
    pub row: usize,
    pub knob: &'static str,
    pub base: String,
    pub value: String,
}

/// One line of `ablation.csv`: a knob moved to one value under one player, paired with that
/// player's base row over the games both played. Differences are the moved row minus the base
/// row.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct AblationRow {
    pub player: String,
    /// The knob as compare.csv names it for the same pair (`difficulty` for `start_cards`).
    pub knob: &'static str,
    /// The base row's and the moved row's `knob=value`, as compare.csv's `setting_a`/`setting_b`.
    pub setting_base: String,
    pub setting: String,
    /// The player's base row (`summary.csv`'s `row`) this line's row is compared with.
    pub base_row: usize,
    pub row: usize,
    pub games: u64,
    pub win_rate_base: Option<f64>,
    pub win_rate: Option<f64>,
    pub win_rate_diff: Option<f64>,
    pub win_rate_diff_lo95: Option<f64>,
    pub win_rate_diff_hi95: Option<f64>,
    pub mcnemar_p: Option<f64>,
    pub turns_mean_base: f64,
    pub turns_mean: f64,
    pub turns_diff_mean: Option<f64>,
    pub turns_diff_lo95: Option<f64>,
    pub turns_diff_hi95: Option<f64>,
}

/// The ablation lines, in the order of the steps; a step whose comparison with the base row is
/// missing (it differs in more than one setting) is left out.
pub fn rows(steps: &[AblationStep], compare: &[CompareRow]) -> Vec<AblationRow> {
    steps
        .iter()
        .filter_map(|s| {
            let c = compare
                .iter()
                .find(|c| c.row_a == s.base_row && c.row_b == s.row)?;
            Some(AblationRow {
                player: s.player.clone(),
                knob: c.knob,
                setting_base: c.setting_a.clone(),
                setting: c.setting_b.clone(),
                base_row: s.base_row,
                row: s.row,
                games: c.games,
                win_rate_base: c.win_rate_a,
                win_rate: c.win_rate_b,
                win_rate_diff: c.win_rate_diff,
                win_rate_diff_lo95: c.win_rate_diff_lo95,
                win_rate_diff_hi95: c.win_rate_diff_hi95,
                mcnemar_p: c.mcnemar_p,
                turns_mean_base: c.turns_mean_a,
                turns_mean: c.turns_mean_b,
                turns_diff_mean: c.turns_diff_mean,
                turns_diff_lo95: c.turns_diff_lo95,
                turns_diff_hi95: c.turns_diff_hi95,
            })
        })
        .collect()
}

/// The tornado charts of the ablation, one per player: one bar per moved value, the largest
/// effect on top, with its paired 95% interval. Win-rate change where the rows have a team win
/// rate, else the change in game length. One player's chart is `ablation`; with several, each
/// is `ablation-<player>` (`:` and `@` in a player's name become `_`).
///
/// # Errors
/// Drawing fails.
pub fn figures(rows: &[AblationRow]) -> Result<Vec<Figure>> {
    let mut players: Vec<&str> = Vec::new();
    for r in rows {
        if !players.contains(&r.player.as_str()) {
            players.push(&r.player);
        }
    }
    let mut out = Vec::new();
    for p in &players {
        let mine: Vec<AblationRow> = rows.iter().filter(|r| r.player == *p).cloned().collect();
        let name = if players.len() == 1 {
            "ablation".to_string()
        } else {
            let safe: String = p
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            format!("ablation-{safe}")
        };
        out.extend(figure(&mine, &name)?);
    }
    Ok(out)
}

/// One player's tornado chart (see [`figures`]).
fn figure(rows: &[AblationRow], name: &str) -> Result<Option<Figure>> {
    if rows.is_empty() {
        return Ok(None);
    }
    let by_rate = rows.iter().all(|r| r.win_rate_diff.is_some());
    let mut bars: Vec<plot::Bar> = rows
        .iter()
        .filter_map(|r| {
            let (d, lo, hi) = if by_rate {
                (
                    r.win_rate_diff? * 100.0,
                    r.win_rate_diff_lo95? * 100.0,
                    r.win_rate_diff_hi95? * 100.0,
                )
            } else {
                (r.turns_diff_mean?, r.turns_diff_lo95?, r.turns_diff_hi95?)
            };
            Some(plot::Bar {
                label: format!(
                    "{} {} → {}",
                    r.knob,
                    value_of(&r.setting_base, r.knob),
                    value_of(&r.setting, r.knob)
                ),
                value: d,
                lo,
                hi,
            })
        })
        .collect();
    bars.sort_by(|a, b| b.value.abs().total_cmp(&a.value.abs()));
    let (x_label, what) = if by_rate {
        ("win-rate change (points)", "win rate")
    } else {
        ("change in player-turns per game", "game length")
    };
    let player = &rows[0].player;
    let base = rows[0].win_rate_base.map_or(String::new(), |w| {
        format!(" The base row wins {:.1}%.", w * 100.0)
    });
    Ok(Some(Figure {
        name: name.into(),
        title: format!("Ablation under {player}: what each rule knob does to the {what}"),
        caption: format!(
            "Each bar is one knob moved from the base row's value, {player} in every seat, paired \
             with the base row on the same games (common random numbers); the whisker is the \
             paired 95% interval (Newcombe for win rates, t for lengths). Largest effect on \
             top.{base}"
        ),
        svg: plot::tornado(&bars, x_label)?,
    }))
}
