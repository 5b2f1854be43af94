//! The luck report's tables.
//!
//! The luck report's tables: luck.csv, pairs.csv, seats.csv, features.csv and boards.csv (each
//! board's layout as a map file).

use super::analysis::{bits, catan_row, PlayedRung, RowStats, RungStats};
use super::{BoardFeatures, LuckRung};
use crate::catan::mapfile::{map_text, resolve_map, with_layout};
use crate::engine::stats::wilson;
use crate::report::columns::Group;
use crate::report::compare::p4;
use crate::report::luck::{BoardCounts, WinBits};
use crate::report::luck_tables::{luck_line, pair_lines, seat_lines, RungTag, Skill};
use crate::report::{ols, r3, r5, ReportDir, Tables};
use anyhow::{Context, Result};
use serde::Serialize;

/// One line of `features.csv`: a board feature's effect on a rung's per-board win rate.
#[derive(Serialize)]
struct FeatureLine<'a> {
    row: usize,
    /// The rung's settings key, as luck.csv's.
    settings_key: &'a str,
    row_label: &'a str,
    #[serde(rename = "player")]
    rung: &'a str,
    boards: usize,
    r2: f64,
    adj_r2: f64,
    /// The share of the boards' true win-rate variance the features account for: R² × the
    /// observed variance of per-board rates / the noise-corrected variance.
    board_variance_explained: Option<f64>,
    feature: &'a str,
    mean: f64,
    sd: f64,
    coef: Option<f64>,
    coef_lo95: Option<f64>,
    coef_hi95: Option<f64>,
    per_sd: Option<f64>,
    per_sd_lo95: Option<f64>,
    per_sd_hi95: Option<f64>,
    p: Option<f64>,
}

/// `boards.csv`'s key columns.
#[derive(Serialize)]
struct BoardKey<'a> {
    map: &'a str,
    /// The board kind, as summary.csv's and luck.csv's `board`.
    board: &'static str,
    /// The board's number among the row's boards (`board_index` in every table).
    board_index: u64,
}

/// `boards.csv`: one rung's rate on one board of one row (columns renamed `r<row>_<rung>_...`).
#[derive(Serialize)]
struct BoardRate {
    win_rate: f64,
    lo95: f64,
    hi95: f64,
}

/// `boards.csv`'s last column: the board as a map file.
#[derive(Serialize)]
struct BoardMap {
    layout: String,
}

fn opt5(x: Option<f64>) -> Option<f64> {
    x.map(r5)
}

/// Appends the report's tables to `out`. `name` and `seed` go into each map file's header.
///
/// # Errors
/// A map cannot be read again, or a row cannot be serialised.
pub fn write_tables(
    rows: &[Vec<PlayedRung>],
    stats: &[RowStats],
    name: &str,
    out: &mut ReportDir,
) -> Result<()> {
    for (r, (row, st)) in rows.iter().zip(stats).enumerate() {
        let settings = catan_row(row).settings();
        let setting = |k: &str| {
            settings
                .iter()
                .find(|s| s.0 == k)
                .map_or(String::new(), |s| s.1.clone())
        };
        let difficulty = setting("difficulty");
        let rules = row[0].rung.spec.rules;
        let keys: Vec<String> = row
            .iter()
            .map(|pr| crate::report::settings_key(&pr.rung.row()))
            .collect();
        for (k, (pr, rs)) in row.iter().zip(&st.rungs).enumerate() {
            let outcome = if st.team {
                "team".to_string()
            } else {
                format!("seat{}", pr.rung.spec.lead().unwrap_or(0) + 1)
            };
            let tag = RungTag {
                row: r,
                settings_key: &keys[k],
                row_label: &st.label,
                variant: rules.variant.name(),
                players: rules.players,
                difficulty: &difficulty,
                board: pr.rung.spec.board.name(),
                map: &pr.rung.topo.name,
                rung: &pr.name,
                outcome: &outcome,
                games_per_board: pr.rung.games_per_board,
                capouts: pr.acc.caps,
            };
            let skill = Skill {
                vs_prev: rs.vs_prev.as_ref().map(|t| (row[k - 1].name.as_str(), t)),
                vs_first: rs.vs_first.map(|x| (row[0].name.as_str(), x)),
            };
            luck_line(out, &tag, &rs.spread, skill)?;
            if !st.team {
                let games = pr.acc.games.iter().sum::<u64>();
                seat_lines(out, &tag, games, &pr.acc.seat_wins)?;
            }
            if let Some(fit) = &rs.fit {
                write_fit(r, &keys[k], st, pr, rs, fit, out)?;
            }
        }
        if st.pairs {
            let rungs: Vec<(&str, &str, WinBits)> = row
                .iter()
                .zip(&keys)
                .map(|(pr, key)| (pr.name.as_str(), key.as_str(), bits(pr)))
                .collect();
            pair_lines(out, r, &st.label, &rungs)?;
        }
    }
    write_boards(rows, stats, name, out)
}

fn write_fit(
    r: usize,
    key: &str,
    st: &RowStats,
    pr: &PlayedRung,
    rs: &RungStats,
    fit: &ols::Fit,
    out: &mut ReportDir,
) -> Result<()> {
    let s = &rs.spread;
    let explained = match (s.board_sd, observed_variance(&rs.counts)) {
        (Some(sd), Some(v)) if sd > 0.0 => Some(r3(fit.r2 * v / (sd * sd))),
        _ => None,
    };
    for c in &fit.coefs {
        let per_sd = c.per_sd();
        out.row(
            "features.csv",
            &FeatureLine {
                row: r,
                settings_key: key,
                row_label: &st.label,
                rung: &pr.name,
                boards: fit.n,
                r2: r5(fit.r2),
                adj_r2: r5(fit.adj_r2),
                board_variance_explained: explained,
                feature: &c.name,
                mean: r3(c.mean),
                sd: r3(c.sd),
                coef: opt5(c.coef),
                coef_lo95: opt5(c.lo95),
                coef_hi95: opt5(c.hi95),
                per_sd: opt5(per_sd.map(|x| x.0)),
                per_sd_lo95: opt5(per_sd.map(|x| x.1)),
                per_sd_hi95: opt5(per_sd.map(|x| x.2)),
                p: c.p.map(p4),
            },
        )?;
    }
    Ok(())
}

/// The sample variance of the per-board win rates (noise included).
fn observed_variance(counts: &[BoardCounts]) -> Option<f64> {
    let rates: Vec<f64> = counts.iter().map(BoardCounts::rate).collect();
    (rates.len() > 1).then(|| ols::mean_sd(&rates).1.powi(2))
}

/// The boards of the rows on one map and board kind: the rows' indices.
fn board_groups(rows: &[Vec<PlayedRung>]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let key = |x: &[PlayedRung]| (x[0].rung.topo.name.clone(), x[0].rung.spec.board);
        match groups.iter_mut().find(|g| key(&rows[g[0]]) == key(row)) {
            Some(g) => g.push(r),
            None => groups.push(vec![r]),
        }
    }
    groups
}

/// The map file text of board `b` of a row (`spec` its map's spec).
pub(super) fn board_text(
    spec: &crate::catan::MapSpec,
    rung: &LuckRung,
    b: u64,
    name: &str,
) -> String {
    let l = rung.layout(b);
    let map = &rung.topo.name;
    map_text(
        &with_layout(spec, rung.topo, &l),
        &format!("{map}-board-{b}"),
        &format!(
            "Board {b} of the luck report {name} (seed {}, {} board of map {map}).\nPlay it as laid out: map = \"<this file>\" and board = \"fixed\" (or --map FILE --board fixed).",
            rung.seed,
            rung.spec.board.name()
        ),
    )
}

fn write_boards(
    rows: &[Vec<PlayedRung>],
    stats: &[RowStats],
    name: &str,
    out: &mut ReportDir,
) -> Result<()> {
    let rungs_per_row = rows.iter().map(Vec::len).max().unwrap_or(0);
    for group in board_groups(rows) {
        let first = &rows[group[0]][0].rung;
        let spec = resolve_map(map_name(rows, group[0]))
            .with_context(|| format!("map = {:?}", first.topo.name))?;
        let most = group
            .iter()
            .flat_map(|&r| rows[r].iter().map(|p| p.rung.boards))
            .max()
            .unwrap_or(0);
        for b in 0..most {
            let mut line = vec![
                Group::of(
                    0,
                    &BoardKey {
                        map: &first.topo.name,
                        board: first.spec.board.name(),
                        board_index: b,
                    },
                )?,
                Group::of(1, &BoardFeatures::of(first.topo, &first.layout(b)))?,
            ];
            for &r in &group {
                for (k, (pr, rs)) in rows[r].iter().zip(&stats[r].rungs).enumerate() {
                    let Some(c) = rs.counts.get(b as usize) else {
                        continue;
                    };
                    let (lo, hi) = wilson(c.wins, c.games);
                    let rank = 2 + (r * rungs_per_row + k) as u16;
                    let prefix = format!("r{r}_{}_", pr.name);
                    line.push(
                        Group::of(
                            rank,
                            &BoardRate {
                                win_rate: r5(c.rate()),
                                lo95: r5(lo),
                                hi95: r5(hi),
                            },
                        )?
                        .renamed(|n| format!("{prefix}{n}")),
                    );
                }
            }
            line.push(Group::of(
                u16::MAX,
                &BoardMap {
                    layout: board_text(&spec, first, b, name),
                },
            )?);
            out.grouped_row("boards.csv", line);
        }
    }
    Ok(())
}

/// The map row `r` is played on, as the config names it (`base`, a shipped name or a path).
pub(super) fn map_name<'a>(rows: &'a [Vec<PlayedRung>], r: usize) -> &'a str {
    &rows[r][0].rung.map
}
