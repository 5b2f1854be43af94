//! The luck report's figures and its boards section.
//!
//! The luck report's figures (per-board win rates, board share, feature effects) and the section of
//! report.html that draws the hardest and easiest boards with the replay page's drawing.

use super::analysis::{PlayedRung, RowStats};
use super::tables::{board_text, map_name};
use crate::catan::mapfile::resolve_map;
use crate::catan::trace::board_json;
use crate::engine::stats::wilson;
use crate::report::html::{esc, Section};
use crate::report::luck::BoardCounts;
use crate::report::{plot, Figure};
use anyhow::{Context, Result};
use statrs::distribution::{Binomial, Discrete};

/// The boards drawn per row: the hardest and the easiest this many of the reference rung.
const SHOWN: usize = 2;

/// Quantiles at which each rung's sorted board rates are drawn (101 points, 0% to 100%).
fn quantile_points(rates: &mut [f64]) -> Vec<(f64, f64)> {
    rates.sort_by(f64::total_cmp);
    let n = rates.len();
    (0..=100)
        .map(|i| {
            let q = i as f64 / 100.0;
            let h = (n.max(1) - 1) as f64 * q;
            let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
            let v = if n == 0 {
                0.0
            } else {
                rates[lo] + (h - lo as f64) * (rates[hi] - rates[lo])
            };
            (q, v)
        })
        .collect()
}

/// The figures: per-board win rates by rung (one panel per row), the board share by row and
/// rung, and the feature effects of the row whose boards differ most.
///
/// # Errors
/// Drawing fails.
pub fn figures(rows: &[Vec<PlayedRung>], stats: &[RowStats]) -> Result<Vec<Figure>> {
    let mut figs = Vec::new();
    let panels: Vec<plot::LinePanel> = rows
        .iter()
        .zip(stats)
        .map(|(row, st)| {
            let mut lines: Vec<plot::Line> = row
                .iter()
                .zip(&st.rungs)
                .map(|(pr, rs)| plot::Line {
                    name: pr.name.clone(),
                    points: quantile_points(
                        &mut rs.counts.iter().map(BoardCounts::rate).collect::<Vec<_>>(),
                    ),
                    dashed: false,
                })
                .collect();
            let rs = &st.rungs[st.reference];
            let m = row[st.reference].rung.games_per_board;
            let nb = rs.counts.len().max(1) as f64;
            if let Ok(bin) = Binomial::new(rs.spread.win_rate, m) {
                // The binomial quantile function from its cumulative sums (statrs' own search
                // can fail at the tails).
                let mut cdf = Vec::with_capacity(m as usize + 1);
                let mut acc = 0.0;
                for k in 0..=m {
                    acc += bin.pmf(k);
                    cdf.push(acc);
                }
                let quantile = |q: f64| cdf.iter().position(|&c| c >= q).unwrap_or(m as usize);
                lines.push(plot::Line {
                    name: "dice alone (same rate on every board)".into(),
                    points: (0..=100)
                        .map(|i| {
                            let q = (i as f64 / 100.0).clamp(0.5 / nb, 1.0 - 0.5 / nb);
                            (i as f64 / 100.0, quantile(q) as f64 / m as f64)
                        })
                        .collect(),
                    dashed: true,
                });
            }
            plot::LinePanel {
                title: st.label.clone(),
                lines,
            }
        })
        .collect();
    let outcome = if stats.iter().all(|s| s.team) {
        "win rate"
    } else {
        "win rate (co-op: team; else seat 1)"
    };
    figs.push(Figure {
        name: "board_win_rates".into(),
        title: "Per-board win rates, boards sorted from hardest to easiest".into(),
        caption: "Each line is one rung: its boards' win rates sorted, against the share of boards at or below. A flat line means every board plays alike; a steep one, that the board decides. The dashed line is what the dice alone would give the reference rung (the strongest that played every board) if all its boards had its overall win rate: the gap between the two is the board's doing.".into(),
        svg: plot::line_panels(&panels, "boards (sorted)", outcome, 4, (330, 280))?,
    });
    let rungs: Vec<&str> = rows
        .first()
        .map(|r| r.iter().map(|p| p.name.as_str()).collect())
        .unwrap_or_default();
    let series: Vec<plot::RateSeries> = rungs
        .iter()
        .enumerate()
        .map(|(k, name)| plot::RateSeries {
            name: name.to_string(),
            points: stats
                .iter()
                .enumerate()
                .filter_map(|(r, st)| {
                    let s = &st.rungs.get(k)?.spread;
                    let share = s.share?.clamp(0.0, 1.0);
                    let lo = s.share_lo95.unwrap_or(share).clamp(0.0, 1.0);
                    let hi = s.share_hi95.unwrap_or(share).clamp(0.0, 1.0);
                    Some((r, share, lo, hi))
                })
                .collect(),
        })
        .collect();
    let labels: Vec<String> = stats.iter().map(|s| s.label.clone()).collect();
    figs.push(Figure {
        name: "board_share".into(),
        title: "Board share of variance by row and rung".into(),
        caption: "The variance of the boards' true win rates (binomial noise removed, one-way ANOVA) over the variance of one game's outcome, p (1 − p), with its 95% jackknife interval over boards; 0: the board does not matter, 1: the board decides every game. Rows whose rung never (or always) wins have no share.".into(),
        svg: plot::rate_chart_wrapped(&labels, "board share of variance", &series, (900, 440))?,
    });
    if let Some((st, rs, name)) = stats
        .iter()
        .zip(rows)
        .filter_map(|(st, row)| {
            let rs = &st.rungs[st.reference];
            Some((
                st,
                rs,
                &row[st.reference].name,
                rs.fit.as_ref()?,
                rs.spread.board_sd?,
            ))
        })
        .max_by(|a, b| a.4.total_cmp(&b.4))
        .map(|(st, rs, name, ..)| (st, rs, name))
    {
        let fit = rs.fit.as_ref().expect("chosen for its fit");
        let mut bars: Vec<plot::Bar> = fit
            .coefs
            .iter()
            .filter_map(|c| {
                let (v, lo, hi) = c.per_sd()?;
                Some(plot::Bar {
                    label: c.name.clone(),
                    value: v * 100.0,
                    lo: lo * 100.0,
                    hi: hi * 100.0,
                })
            })
            .collect();
        bars.sort_by(|a, b| b.value.abs().total_cmp(&a.value.abs()));
        figs.push(Figure {
            name: "board_features".into(),
            title: format!("What makes a board easy or hard: {}, {name}", st.label),
            caption: format!(
                "Least-squares fit of the per-board win rate on the board's features ({} boards, R² {:.2}): the change in win rate, in points, for one standard deviation of each feature with the others held fixed, with 95% intervals. The row shown is the one whose boards differ most; features.csv has every row and rung.",
                fit.n, fit.r2
            ),
            svg: plot::tornado(&bars, "win-rate points per standard deviation of the feature")?,
        });
    }
    Ok(figs)
}

/// Draws each board of the section (`svg.luck-board` elements) with the replay page's drawing.
const DRAW_BOARDS: &str = r#"
(function () {
  const boards = JSON.parse(document.getElementById("luck-boards").textContent);
  document.querySelectorAll("svg.luck-board").forEach((svg) => {
    const b = boards[parseInt(svg.getAttribute("data-index"), 10)];
    const geo = RobsimBoard.geometry(b.board);
    RobsimBoard.drawCatan(svg, b.board, geo, { seats: [], robber: b.board.robber_start }, b.variant);
    svg.setAttribute("data-hexes", String(svg.querySelectorAll(".hex").length));
    svg.setAttribute("data-tokens", String(svg.querySelectorAll(".token").length));
    svg.setAttribute("data-harbors", String(svg.querySelectorAll(".harbor").length));
  });
})();
"#;

/// The section of `report.html` that draws each row's hardest and easiest boards (of its
/// reference rung) as the replay page draws boards, with their map files.
///
/// # Errors
/// A map cannot be read again.
pub fn boards_section(rows: &[Vec<PlayedRung>], stats: &[RowStats], name: &str) -> Result<Section> {
    let mut html = String::from("<p>For each row, the boards its reference rung (the strongest that played every board) found hardest and easiest, drawn as the replay page draws boards, with each rung's win rate on them (95% Wilson interval over that board's games). Each board's map file is below it: save it and play the board with <code>map = \"FILE\"</code> and <code>board = \"fixed\"</code>.</p>\n");
    let mut data: Vec<serde_json::Value> = Vec::new();
    for (r, (row, st)) in rows.iter().zip(stats).enumerate() {
        let rs = &st.rungs[st.reference];
        if rs.spread.wins == 0 || rs.spread.wins == rs.spread.games {
            continue;
        }
        let pr = &row[st.reference];
        let spec = resolve_map(map_name(rows, r))
            .with_context(|| format!("map = {:?}", pr.rung.topo.name))?;
        let mut order: Vec<usize> = (0..rs.counts.len()).collect();
        order.sort_by(|&a, &b| {
            rs.counts[a]
                .rate()
                .total_cmp(&rs.counts[b].rate())
                .then(a.cmp(&b))
        });
        let mut shown: Vec<(&str, usize)> = Vec::new();
        for &b in order.iter().take(SHOWN) {
            shown.push(("hardest", b));
        }
        for &b in order.iter().rev().take(SHOWN) {
            if !shown.iter().any(|s| s.1 == b) {
                shown.push(("easiest", b));
            }
        }
        html.push_str(&format!(
            "<h3>{} <span class=\"meta\">(reference rung {})</span></h3>\n<div class=\"boards\" style=\"display:flex;flex-wrap:wrap;gap:12px\">\n",
            esc(&st.label),
            esc(&pr.name)
        ));
        for (kind, b) in shown {
            let layout = pr.rung.layout(b as u64);
            data.push(serde_json::json!({
                "variant": pr.rung.spec.rules.variant.name(),
                "board": board_json(pr.rung.topo, &layout),
            }));
            let rates: Vec<String> = row
                .iter()
                .zip(&st.rungs)
                .filter_map(|(p, s)| {
                    let c = s.counts.get(b)?;
                    let (lo, hi) = wilson(c.wins, c.games);
                    Some(format!(
                        "{} {:.0}% ({:.0}–{:.0})",
                        p.name,
                        c.rate() * 100.0,
                        lo * 100.0,
                        hi * 100.0
                    ))
                })
                .collect();
            html.push_str(&format!(
                "<figure style=\"margin:0;width:300px\"><svg class=\"luck-board\" data-row=\"{r}\" data-board=\"{b}\" data-index=\"{}\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"board {b}\" style=\"width:300px;height:auto;background:#eef6fb\"></svg>\n<figcaption><b>{kind}: board {b}</b><br>{}<details><summary>map file</summary><pre>{}</pre></details></figcaption></figure>\n",
                data.len() - 1,
                esc(&rates.join(" · ")),
                esc(&board_text(&spec, &pr.rung, b as u64, name))
            ));
        }
        html.push_str("</div>\n");
    }
    // `</` cannot appear inside a script element; `<\/` is the same JSON string.
    let json = serde_json::to_string(&data)?.replace("</", "<\\/");
    html.push_str(&format!(
        "<script type=\"application/json\" id=\"luck-boards\">{json}</script>\n<script>{}{DRAW_BOARDS}</script>\n",
        crate::catan::trace::BOARD_SCRIPT
    ));
    Ok(Section {
        id: "boards".into(),
        title: "The hardest and easiest boards".into(),
        html,
    })
}
