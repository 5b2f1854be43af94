//! Catan report figures.
//!
//! Catan report figures: win rates, face-down curves, flips by hex, Solitaire destruction and
//! Raiders seats, curves and raids by hex.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::knobs::difficulty_name;
use crate::catan::*;
use crate::engine::stats::{wilson, Curve};
use crate::report::plot::{
    band_panels, hex_panels, rate_chart, rate_panels, BandPanel, HexPanel, RatePanel, RateSeries,
};
use crate::report::{row_labels, Figure, Tables};
use anyhow::Result;

/// A row's settings as (name, value).
pub(super) type Settings = Vec<(&'static str, String)>;

/// Solitaire figures: tiles destroyed by the end of the game, and the win rate per row.
pub(super) fn solitaire_figures(
    rows: &[CatanRow],
    accs: &[CatanAcc],
    figs: &mut Vec<Figure>,
) -> Result<()> {
    let solo: Vec<usize> = (0..rows.len())
        .filter(|&i| matches!(rows[i].spec.rules.variant, Variant::Solitaire(_)))
        .collect();
    if solo.is_empty() {
        return Ok(());
    }
    let refs: Vec<&CatanRow> = solo.iter().map(|&i| &rows[i]).collect();
    let labels = row_labels(&refs, &[]);
    let most = solo
        .iter()
        .filter_map(|&i| accs[i].solitaire.destroyed_end.max())
        .max()
        .unwrap_or(0) as usize;
    let cats: Vec<String> = (0..=most).map(|k| k.to_string()).collect();
    let series: Vec<RateSeries> = solo
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let h = &accs[i].solitaire.destroyed_end;
            let n = h.count();
            RateSeries {
                name: format!("row {i}: {label}"),
                points: (0..=most)
                    .map(|k| {
                        let c = h.count_of(k as u32);
                        let (lo, hi) = wilson(c, n);
                        (k, c as f64 / n.max(1) as f64, lo, hi)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "solitaire_destroyed".into(),
        title: "Solitaire: tiles destroyed by the end".into(),
        caption: "Share of games ending with each number of destroyed tiles, per configuration, with 95% Wilson intervals.".into(),
        svg: rate_chart(&cats, "share of games", &series, (820, 440))?,
    });
    let wins = vec![RateSeries {
        name: "win rate".into(),
        points: solo
            .iter()
            .enumerate()
            .map(|(x, &i)| {
                let a = &accs[i];
                let (lo, hi) = wilson(a.team_wins, a.games);
                (x, a.team_wins as f64 / a.games.max(1) as f64, lo, hi)
            })
            .collect(),
    }];
    // Row numbers on the axis (the labels are long); the summary table names each row.
    let cats: Vec<String> = solo.iter().map(|i| format!("row {i}")).collect();
    figs.push(Figure {
        name: "solitaire_win_rate".into(),
        title: "Solitaire: win rate by configuration".into(),
        caption: "Win rate per Solitaire configuration (rows as in the summary table) with 95% Wilson intervals.".into(),
        svg: rate_chart(&cats, "win rate", &wins, (820, 440))?,
    });
    if let Some(f) = skill_figure(rows, accs, &solo, "modifiers", "solitaire_skill")? {
        figs.push(f);
    }
    Ok(())
}

/// The Catan figures: win rate by difficulty, face-down tokens over turns, flips per hex.
/// One band panel per row of `idx`: the curve's median and 10–90% band per player-turn, over
/// the turns at least 5% of the row's games reach (beyond that the quantiles describe a few long
/// games).
pub(super) fn curve_panels(
    idx: &[usize],
    labels: &[String],
    accs: &[CatanAcc],
    curve: impl Fn(&CatanAcc) -> &Curve,
) -> Vec<BandPanel> {
    idx.iter()
        .zip(labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let min_running = (a.games / 20).max(1);
            BandPanel {
                title: format!("row {i}: {label}"),
                points: curve(a)
                    .steps
                    .iter()
                    .enumerate()
                    .filter(|(_, h)| h.count() >= min_running)
                    .map(|(t, h)| {
                        (
                            t as f64,
                            h.quantile(0.1).unwrap_or(0) as f64,
                            h.quantile(0.5).unwrap_or(0) as f64,
                            h.quantile(0.9).unwrap_or(0) as f64,
                        )
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Raiders rows: seat win rates with intervals, and hexes raided over the game.
pub(super) fn raiders_figures(
    rows: &[CatanRow],
    accs: &[CatanAcc],
    figs: &mut Vec<Figure>,
) -> Result<()> {
    let idx: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].spec.rules.variant.raiders().is_some())
        .collect();
    if idx.is_empty() {
        return Ok(());
    }
    let refs: Vec<&CatanRow> = idx.iter().map(|&i| &rows[i]).collect();
    let labels = row_labels(&refs, &[]);
    let seats = idx
        .iter()
        .map(|&i| rows[i].spec.rules.players as usize)
        .max()
        .unwrap_or(0);
    let cats: Vec<String> = (1..=seats).map(|k| format!("seat {k}")).collect();
    let series: Vec<RateSeries> = idx
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            RateSeries {
                name: format!("row {i}: {label}"),
                points: (0..rows[i].spec.rules.players as usize)
                    .map(|k| {
                        let (lo, hi) = wilson(a.seat_wins[k], a.games);
                        (k, a.seat_wins[k] as f64 / a.games.max(1) as f64, lo, hi)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "raiders_seat_win_rate".into(),
        title: "Win rate by seat".into(),
        caption: "Share of games each seat won (seat 1 moves first), one line per row; bars are 95% Wilson intervals. Cap-outs count as games nobody won.".into(),
        svg: rate_chart(&cats, "seat win rate", &series, (820, 440))?,
    });
    let panels = curve_panels(&idx, &labels, accs, |a| &a.raiders.raided_curve);
    let maps: Vec<HexPanel> = idx
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let t = rows[i].topo;
            let n = a.games.max(1) as f64;
            HexPanel {
                title: format!("row {i}: {label}"),
                hexes: t
                    .land_hexes
                    .iter()
                    .map(|h| {
                        let spec = t.hex_spec[h];
                        let v = a.raiders.hex_raided.get(h).copied().unwrap_or(0) as f64 / n;
                        let label = if t.raider_deserts.contains(h) {
                            "D".to_string()
                        } else {
                            match spec.token {
                                Some(k) => format!("{k}: {v:.2}"),
                                None => format!("{v:.2}"),
                            }
                        };
                        (spec.q, spec.r, v, label)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "raids_by_hex".into(),
        title: "Where the raiders strike".into(),
        caption: "Share of games in which each land hex was raided at least once (label: token, then the share; D: a raider desert); darker is raided more often.".into(),
        svg: hex_panels(&maps, "share of games raided", 2, (420, 360))?,
    });
    figs.push(Figure {
        name: "raiders_curve".into(),
        title: "Hexes raided over the game".into(),
        caption: "Hexes holding a raider at the start of each player-turn: median (line) and 10–90% band over the games still running, shown while at least 5% of the row's games are still running.".into(),
        svg: band_panels(&panels, "player-turn", "hexes raided", 4, (330, 250))?,
    });
    Ok(())
}

/// The rows `idx` grouped by their settings other than `skip`, groups and rows in first-seen
/// order.
fn group_rows(rows: &[CatanRow], idx: &[usize], skip: &[&str]) -> Vec<(Settings, Vec<usize>)> {
    let mut groups: Vec<(Settings, Vec<usize>)> = Vec::new();
    for &i in idx {
        let mut k = rows[i].settings();
        k.retain(|kv| !skip.contains(&kv.0));
        match groups.iter_mut().find(|g| g.0 == k) {
            Some(g) => g.1.push(i),
            None => groups.push((k, vec![i])),
        }
    }
    groups
}

/// The skill ladder (`skill.svg`; `solitaire_skill.svg` for Solitaire rows), when the team-outcome rows `coop` play more than one
/// policy: one panel per player count (and other setting), one line per policy over the values
/// of the setting `level` (Robert: difficulty; Solitaire: modifiers).
fn skill_figure(
    rows: &[CatanRow],
    accs: &[CatanAcc],
    coop: &[usize],
    level: &str,
    name: &str,
) -> Result<Option<Figure>> {
    let mut policies: Vec<String> = Vec::new();
    let mut cats: Vec<String> = Vec::new();
    let level_of = |i: usize| {
        rows[i]
            .settings()
            .into_iter()
            .find(|kv| kv.0 == level)
            .map_or_else(String::new, |kv| kv.1)
    };
    for &i in coop {
        let l = rows[i].spec.policy_label();
        if !policies.contains(&l) {
            policies.push(l);
        }
        let c = level_of(i);
        if !cats.contains(&c) {
            cats.push(c);
        }
    }
    if policies.len() < 2 {
        return Ok(None);
    }
    let groups = group_rows(rows, coop, &[level, "player"]);
    let firsts: Vec<&CatanRow> = groups.iter().map(|g| &rows[g.1[0]]).collect();
    let titles = row_labels(&firsts, &[level, "player"]);
    let panels: Vec<RatePanel> = groups
        .iter()
        .zip(titles)
        .map(|(g, title)| RatePanel {
            title,
            // Every policy in every panel, in the same order, so a policy keeps its colour.
            series: policies
                .iter()
                .map(|pol| RateSeries {
                    name: pol.clone(),
                    points: g
                        .1
                        .iter()
                        .filter(|&&i| rows[i].spec.policy_label() == *pol)
                        .map(|&i| {
                            let a = &accs[i];
                            let (lo, hi) = wilson(a.team_wins, a.games);
                            let x = cats.iter().position(|c| *c == level_of(i)).unwrap_or(0);
                            (x, a.team_wins as f64 / a.games.max(1) as f64, lo, hi)
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect();
    Ok(Some(Figure {
        name: name.into(),
        title: "Skill ladder".into(),
        caption: format!("Win rate per {level}, one line per policy (in the config's order), one panel per player count and other setting; bars are 95% Wilson intervals. The gap between lines is what play skill is worth there."),
        svg: rate_panels(&cats, "win rate", &panels, 2, (560, 420))?,
    }))
}

pub(super) fn figures(rows: &[CatanRow], accs: &[CatanAcc]) -> Result<Vec<Figure>> {
    let mut figs = Vec::new();
    let coop: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].tokens_flip()).collect();
    let robert_cards = |i: usize| match rows[i].spec.rules.variant {
        Variant::Robert(r) => r.start_cards,
        _ => 0,
    };
    solitaire_figures(rows, accs, &mut figs)?;
    raiders_figures(rows, accs, &mut figs)?;
    if !coop.is_empty() {
        let mut cards: Vec<u8> = coop.iter().map(|&i| robert_cards(i)).collect();
        cards.sort_unstable();
        cards.dedup();
        let cats: Vec<String> = cards
            .iter()
            .map(|&c| match difficulty_name(c) {
                None => format!("{c} cards"),
                Some(d) => format!("{d} ({c})"),
            })
            .collect();
        // Series: rows equal in every setting but the difficulty.
        let groups = group_rows(rows, &coop, &["difficulty"]);
        let firsts: Vec<&CatanRow> = groups.iter().map(|g| &rows[g.1[0]]).collect();
        let names = row_labels(&firsts, &["difficulty"]);
        let series: Vec<RateSeries> = groups
            .iter()
            .zip(names)
            .map(|(g, name)| RateSeries {
                name,
                points: g
                    .1
                    .iter()
                    .map(|&i| {
                        let a = &accs[i];
                        let (lo, hi) = wilson(a.team_wins, a.games);
                        let x = cards
                            .iter()
                            .position(|&c| c == robert_cards(i))
                            .unwrap_or(0);
                        (x, a.team_wins as f64 / a.games.max(1) as f64, lo, hi)
                    })
                    .collect(),
            })
            .collect();
        figs.push(Figure {
            name: "win_rate".into(),
            title: "Win rate by difficulty".into(),
            caption: "Win rate per difficulty (starting development cards per player), one line per player count and other setting; bars are 95% Wilson intervals.".into(),
            svg: rate_chart(&cats, "win rate", &series, (820, 440))?,
        });
        if let Some(f) = skill_figure(rows, accs, &coop, "difficulty", "skill")? {
            figs.push(f);
        }
    }
    let robert: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].tokens_flip()).collect();
    if robert.is_empty() {
        return Ok(figs);
    }
    let refs: Vec<&CatanRow> = robert.iter().map(|&i| &rows[i]).collect();
    let labels = row_labels(&refs, &[]);
    let cols = 4;
    let panels = curve_panels(&robert, &labels, accs, |a| &a.robert.curve);
    figs.push(Figure {
        name: "face_down_curve".into(),
        title: "Face-down tokens over the game".into(),
        caption: "Tokens face down at the start of each player-turn: median (line) and 10–90% band over the games still running, shown while at least 5% of the row's games are still running.".into(),
        svg: band_panels(&panels, "player-turn", "tokens face down", cols, (330, 250))?,
    });
    let decided: Vec<BandPanel> = robert
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let min_running = (a.games / 20).max(1);
            BandPanel {
                title: format!("row {i}: {label}"),
                points: a
                    .shape
                    .decided_curve()
                    .into_iter()
                    .filter(|c| c.running >= min_running)
                    .map(|c| {
                        let (lo, hi) = wilson(c.won_later, c.running);
                        (
                            c.round as f64,
                            lo * 100.0,
                            c.won_share() * 100.0,
                            hi * 100.0,
                        )
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "decided".into(),
        title: "When a game is decided".into(),
        caption: "The share of the games still running at the start of each round that the team went on to win (line) with its 95% Wilson interval (band), shown while at least 5% of the row's games are still running; decided.csv has every round and the loss hazard. Where the line leaves 10–90%, the rounds after decide little.".into(),
        svg: band_panels(&decided, "round", "% of running games won", cols, (330, 250))?,
    });
    let fixed = refs.iter().all(|r| r.spec.board == BoardKind::Fixed);
    let topo = rows[robert[0]].topo;
    let hex_panels_data: Vec<HexPanel> = robert
        .iter()
        .zip(&labels)
        .map(|(&i, label)| {
            let a = &accs[i];
            let n = a.games.max(1) as f64;
            HexPanel {
                title: format!("row {i}: {label}"),
                hexes: topo
                    .land_hexes
                    .iter()
                    .map(|h| {
                        let spec = topo.hex_spec[h];
                        let v = a.robert.hex_down.get(h).copied().unwrap_or(0) as f64 / n;
                        let label = match (fixed, spec.token) {
                            (true, Some(t)) => format!("{t}: {v:.2}"),
                            _ => format!("{v:.2}"),
                        };
                        (spec.q, spec.r, v, label)
                    })
                    .collect(),
            }
        })
        .collect();
    figs.push(Figure {
        name: "flips_by_hex".into(),
        title: "Where Robert flips".into(),
        caption: if fixed {
            "Flips face down by Robert per game on each hex of the fixed board (label: token, then flips per game); darker is flipped more often.".into()
        } else {
            "Flips face down by Robert per game on each board position; terrain and tokens are shuffled every game, so this shows positions (coast versus centre), not numbers. Darker is flipped more often.".into()
        },
        svg: hex_panels(&hex_panels_data, "flips per game", cols, (330, 290))?,
    });
    Ok(figs)
}
