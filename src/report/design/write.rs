//! `robsim design`'s tables, figure and page: design.csv, best.csv, effects.csv, report.html.

use super::effects::{main_effects, pairs, EffectLine};
pub use super::shape::Guard;
use super::shape::{measure_ci, CellShape};
use super::{paired, pooled, Aim, Confirmed, DimInfo, Found, Measure, RowBatch, Store, Target};
use crate::engine::design::Side;
use crate::engine::design::{z95, Params, Setting, Space};
use crate::engine::stats::{wilson, wilson_rate};
use crate::report::compare::p4;
use crate::report::html::{self, esc, Section};
use crate::report::{r5, Figure, ReportDir};
use anyhow::Result;
use serde::Serialize;

/// A setting's knobs as a person reads them (`vp_to_win (only { players = 3 })=9;
/// soldier_flips=3`), or `(the grid's rules)`.
pub fn knobs_text(dims: &[DimInfo], x: &[u8]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .zip(x)
        .filter(|(_, &o)| o != 0)
        .map(|(d, &o)| format!("{}={}", d.name, d.options[o as usize]))
        .collect();
    if parts.is_empty() {
        "(the grid's rules)".into()
    } else {
        parts.join("; ")
    }
}

/// A setting's rules in words (`the game is won at 6 victory points; at easy: a seven makes
/// players with more than 9 cards discard half`), or `the grid's rules`.
pub fn rules_text(dims: &[DimInfo], x: &[u8]) -> String {
    let parts: Vec<&str> = dims
        .iter()
        .zip(x)
        .filter(|(_, &o)| o != 0)
        .filter_map(|(d, &o)| d.words.get(o as usize - 1).map(String::as_str))
        .collect();
    if parts.is_empty() {
        "the grid's rules".into()
    } else {
        parts.join("; ")
    }
}

/// A score in words: the weighted mean squared distance of the terms from their targets, as
/// the typical distance per target in points (√(score / Σ weights)).
pub fn score_words(score: f64, se: f64, weights: f64) -> String {
    let points = 100.0 * (score.max(0.0) / weights.max(1e-12)).sqrt();
    format!(
        "score {} ± {} (the weighted sum of squared distances from the targets: about {points:.1} points from its target per target)",
        p4(score),
        p4(se)
    )
}

/// One term's target and achieved value in its measure's units, with 95% intervals where the
/// games allow them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Shown {
    pub target: f64,
    pub target_ci: Option<(f64, f64)>,
    pub achieved: f64,
    pub achieved_ci: (f64, f64),
    pub distance: f64,
    pub distance_ci: Option<(f64, f64)>,
    /// The distance in the term's own units (a share of the target for turns), and its interval.
    pub term: f64,
    pub term_ci: Option<(f64, f64)>,
    /// The tolerance in the measure's units.
    pub tolerance: f64,
}

/// The mean of a per-game value with its normal 95% interval, from n, Σ and Σ².
fn normal(n: f64, sum: f64, sq: f64) -> (f64, (f64, f64)) {
    let m = crate::engine::design::Moments::new(n, sum, sq);
    let h = z95() * m.var_mean().sqrt();
    (m.mean(), (m.mean() - h, m.mean() + h))
}

/// Term `seat` of target `t` (the seat of a fairness target, else 0) over `cell`'s games, with
/// the reference row's (a `like` target's).
pub fn shown(t: &Target, seat: usize, cell: &RowBatch, reference: Option<&RowBatch>) -> Shown {
    let n = cell.games as f64;
    let rate = cell.rate();
    let wil = wilson(cell.wins, cell.games);
    let shift = |ci: (f64, f64), by: f64| (ci.0 - by, ci.1 - by);
    let tol = t.tolerance;
    match t.aim {
        Aim::Rate(r) => Shown {
            target: r,
            target_ci: None,
            achieved: rate,
            achieved_ci: wil,
            distance: rate - r,
            distance_ci: Some(shift(wil, r)),
            term: rate - r,
            term_ci: Some(shift(wil, r)),
            tolerance: tol,
        },
        Aim::Like { offset, .. } => {
            let rf = reference.cloned().unwrap_or_default();
            let q = rf.rate();
            let ci = if cell.bits.is_empty() || rf.bits.is_empty() {
                None
            } else {
                let (lo, hi) = paired(cell, &rf).newcombe_interval(0.95);
                Some((lo - offset, hi - offset))
            };
            let d = rate - q - offset;
            Shown {
                target: q + offset,
                target_ci: Some(shift(wilson(rf.wins, rf.games), -offset)),
                achieved: rate,
                achieved_ci: wil,
                distance: d,
                distance_ci: ci,
                term: d,
                term_ci: ci,
                tolerance: tol,
            }
        }
        Aim::Fair { seats } => {
            let (sum, sq) = cell.seats.get(seat).copied().unwrap_or((0.0, 0.0));
            let target = 1.0 / seats as f64;
            let (share, ci) = if (sum - sq).abs() < 1e-9 {
                (sum / n.max(1.0), wilson_rate(sum / n.max(1.0), n, 0.95))
            } else {
                normal(n, sum, sq)
            };
            Shown {
                target,
                target_ci: None,
                achieved: share,
                achieved_ci: ci,
                distance: share - target,
                distance_ci: Some(shift(ci, target)),
                term: share - target,
                term_ci: Some(shift(ci, target)),
                tolerance: tol,
            }
        }
        Aim::Edge { edge, seats } => {
            let fair = 1.0 / seats as f64;
            let ci = shift(wil, fair);
            Shown {
                target: edge,
                target_ci: None,
                achieved: rate - fair,
                achieved_ci: ci,
                distance: rate - fair - edge,
                distance_ci: Some(shift(ci, edge)),
                term: rate - fair - edge,
                term_ci: Some(shift(ci, edge)),
                tolerance: tol,
            }
        }
        Aim::Bound {
            measure, players, ..
        } => {
            let (bound, side) = t.bounds()[seat];
            let achieved = cell.measure(measure, players).unwrap_or(0.0);
            let ci = measure_ci(cell, measure, players);
            let within = side.part(achieved - bound) == 0.0;
            // The score's term: the share of games beyond the bound past what the bound
            // allows (`engine::design`), 0 within it.
            let (games, beyond) = cell.beyond(measure, bound, side, players);
            let share = |k: u64| k as f64 / games.max(1) as f64;
            let part = match measure {
                Measure::CertainRound => achieved / bound - 1.0,
                Measure::Rounds { p90, .. } => {
                    let q = if p90 { 0.9 } else { 0.5 };
                    match side {
                        Side::AtLeast => share(games - beyond) - (1.0 - q),
                        _ => share(beyond) - (1.0 - q),
                    }
                }
                _ => share(beyond) - bound,
            };
            let term = if within {
                0.0
            } else {
                side.part(part).abs().max(1e-9) * if side == Side::AtLeast { -1.0 } else { 1.0 }
            };
            Shown {
                target: bound,
                target_ci: None,
                achieved,
                achieved_ci: ci,
                distance: side.part(achieved - bound),
                distance_ci: Some((side.part(ci.0 - bound), side.part(ci.1 - bound))),
                term,
                term_ci: None,
                tolerance: tol,
            }
        }
        Aim::Turns(tt) => {
            let (m, ci) = normal(n, cell.len_sum as f64, cell.len_sq as f64);
            Shown {
                target: tt,
                target_ci: None,
                achieved: m,
                achieved_ci: ci,
                distance: m - tt,
                distance_ci: Some(shift(ci, tt)),
                term: (m - tt) / tt,
                term_ci: Some(((ci.0 - tt) / tt, (ci.1 - tt) / tt)),
                tolerance: tol * tt,
            }
        }
    }
}

/// Each term of the targets, in order: (target index, seat).
pub fn term_list(targets: &[Target]) -> Vec<(usize, usize)> {
    targets
        .iter()
        .enumerate()
        .flat_map(|(i, t)| (0..t.measures().len()).map(move |s| (i, s)))
        .collect()
}

/// One line of `design.csv`: a setting evaluated, one of its terms.
#[derive(Serialize)]
struct DesignLine<'a> {
    /// The setting's number, in the order first evaluated (`setting` in ablation.csv and
    /// compare.csv is a `knob=value` text).
    #[serde(rename = "candidate")]
    setting: usize,
    knobs: &'a str,
    changed: usize,
    /// `run N` (found exploring by NTBEA run N), `race` or `sweep` (the exhaustive search).
    found_by: String,
    batches: u32,
    /// Games per cell: batches × the batch.
    games: u64,
    score: f64,
    score_se: f64,
    /// Its place among the finalists (raced settings, or every setting of a sweep).
    finalist: Option<usize>,
    /// The race stopped it (its score out of reach of the best's).
    dropped: bool,
    cell: usize,
    /// The settings key of the cell's row under this setting's knobs.
    settings_key: &'a str,
    cell_label: &'a str,
    measure: &'a str,
    target: f64,
    achieved: f64,
    distance: f64,
    met: bool,
}

/// One line of `best.csv`: a confirmed setting on held-out games, one of its terms.
#[derive(Serialize)]
struct BestLine<'a> {
    /// 1 = the confirmed best; 0 = the grid's rules, shown for reference.
    rank: usize,
    knobs: &'a str,
    /// The setting's rules in words ([`rules_text`]).
    rules: &'a str,
    changed: usize,
    score: f64,
    score_se: f64,
    cell: usize,
    /// The settings key of the cell's row under this setting's knobs.
    settings_key: &'a str,
    cell_label: &'a str,
    measure: &'a str,
    target: f64,
    target_lo95: Option<f64>,
    target_hi95: Option<f64>,
    achieved: f64,
    achieved_lo95: f64,
    achieved_hi95: f64,
    distance: f64,
    distance_lo95: Option<f64>,
    distance_hi95: Option<f64>,
    abs_distance: f64,
    tolerance: f64,
    met: bool,
    surely_met: bool,
    change: f64,
    change_lo95: f64,
    change_hi95: f64,
    games: u64,
    reach_lo: Option<f64>,
    reach_hi: Option<f64>,
    why: String,
    /// The cell's games under this setting, side by side with its other lines (co-operative
    /// cells; empty otherwise): win rate, rounds of won and lost games, the stuck share.
    cell_win_rate: f64,
    cell_rounds_win_median: Option<f64>,
    cell_rounds_win_p90: Option<f64>,
    cell_rounds_loss_median: Option<f64>,
    cell_rounds_loss_p90: Option<f64>,
    cell_stuck_share: Option<f64>,
    /// The guard rail: where won games' p90 rounds or the stuck share moved past its bound from
    /// the grid's rules, in words; empty where neither did.
    guard: String,
}

/// What the design's files are written from.
pub struct Report<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub dims: &'a [DimInfo],
    pub targets: &'a [Target],
    /// Each cell's label.
    pub labels: &'a [String],
    pub params: &'a Params,
    pub max_changed: usize,
    pub found: &'a Found,
    pub store: &'a Store,
    /// The confirmed settings, ranked on held-out games.
    pub confirmed: &'a [Confirmed],
    /// Each cell's player count where it is a co-operative row (its games have a shape: won
    /// and lost rounds, stuck games), else `None`.
    pub shape: &'a [Option<u8>],
    pub guard: Guard,
    /// The config fragment that plays the confirmed best.
    pub fragment: &'a str,
    pub config: &'a str,
    pub command: &'a str,
    pub provenance: &'a str,
}

/// Rounds a value of a measure: rates and shares to 5 decimals, turns to 3.
fn round(t: &Target, v: f64) -> f64 {
    match t.aim {
        Aim::Turns(_) => crate::report::r3(v),
        Aim::Bound { measure, .. } if !measure.is_share() => v.round(),
        _ => r5(v),
    }
}

impl Report<'_> {
    /// The settings key of cell `row` under setting `x` (empty if `x` was never bound).
    fn key(&self, x: &Setting, row: usize) -> &str {
        self.found
            .ids
            .get(x)
            .and_then(|ids| ids.get(row))
            .and_then(|&id| self.store.settings_key(id))
            .unwrap_or("")
    }

    /// Each evaluated setting's shown value of every term (its batches pooled).
    fn pooled_shown(&self) -> Vec<Vec<Shown>> {
        let base = self.found.ids.get(&vec![0; self.dims.len()]);
        self.found
            .outcome
            .records
            .iter()
            .map(|r| {
                let own = &self.found.ids[&r.x];
                term_list(self.targets)
                    .iter()
                    .map(|&(i, s)| {
                        let t = &self.targets[i];
                        let cell = pooled(self.store, own[t.row], r.batches);
                        let reference = match (t.aim, base) {
                            (Aim::Like { reference, .. }, Some(b)) => {
                                Some(pooled(self.store, b[reference], r.batches))
                            }
                            _ => None,
                        };
                        shown(t, s, &cell, reference.as_ref())
                    })
                    .collect()
            })
            .collect()
    }

    /// Writes design.csv, best.csv, effects.csv, the figure and report.html; returns the
    /// terminal's lines.
    ///
    /// # Errors
    /// A table or the figure cannot be written.
    pub fn write(&self, out: &mut ReportDir) -> Result<String> {
        let terms = term_list(self.targets);
        let measures: Vec<String> = self.targets.iter().flat_map(|t| t.measures()).collect();
        let records = &self.found.outcome.records;
        let all = self.pooled_shown();
        let texts: Vec<String> = records
            .iter()
            .map(|r| knobs_text(self.dims, &r.x))
            .collect();
        for (k, r) in records.iter().enumerate() {
            let finalist = self
                .found
                .outcome
                .ranking
                .iter()
                .position(|&i| i == k)
                .map(|p| p + 1);
            for (j, &(i, _)) in terms.iter().enumerate() {
                let t = &self.targets[i];
                let s = all[k][j];
                out.row(
                    "design.csv",
                    &DesignLine {
                        setting: k,
                        knobs: &texts[k],
                        changed: Space::changed(&r.x),
                        found_by: match (r.run, self.params.exhaustive) {
                            (Some(run), _) => format!("run {run}"),
                            (None, true) => "sweep".into(),
                            (None, false) => "race".into(),
                        },
                        batches: r.batches,
                        games: r.batches as u64 * self.params.batch,
                        score: p4(r.score.value),
                        score_se: p4(r.score.se),
                        finalist,
                        dropped: r.dropped,
                        cell: t.row,
                        settings_key: self.key(&r.x, t.row),
                        cell_label: &self.labels[t.row],
                        measure: &measures[j],
                        target: round(t, s.target),
                        achieved: round(t, s.achieved),
                        distance: round(t, s.distance),
                        met: s.term.abs() <= t.tolerance,
                    },
                )?;
            }
        }
        // The reach of each term: the lowest and highest any setting evaluated gave.
        let reach: Vec<Option<(f64, f64)>> = (0..terms.len())
            .map(|j| {
                let v: Vec<f64> = all.iter().map(|s| s[j].achieved).collect();
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                (!v.is_empty()).then_some((lo, hi))
            })
            .collect();
        let base: Setting = vec![0; self.dims.len()];
        let mut best_rows: Vec<(usize, Vec<Shown>)> = Vec::new();
        for (rank, c) in self.confirmed.iter().enumerate() {
            let rank = if self.found.base_appended && c.x == base {
                0
            } else {
                rank + 1
            };
            let text = knobs_text(self.dims, &c.x);
            let rules = rules_text(self.dims, &c.x);
            let mut shown_terms = Vec::new();
            for (j, &(i, s)) in terms.iter().enumerate() {
                let t = &self.targets[i];
                let sh = shown(t, s, &c.cells[j], c.refs[j].as_ref());
                let sb = shown(t, s, &c.base[j], c.refs[j].as_ref());
                let (change, lo, hi) = match t.aim {
                    Aim::Rate(_) | Aim::Like { .. } | Aim::Edge { .. } => {
                        let p = paired(&c.cells[j], &c.base[j]);
                        let (lo, hi) = p.newcombe_interval(0.95);
                        (p.diff(), lo, hi)
                    }
                    _ => {
                        let h = z95()
                            * (((sh.achieved_ci.1 - sh.achieved_ci.0) / (2.0 * z95())).powi(2)
                                + ((sb.achieved_ci.1 - sb.achieved_ci.0) / (2.0 * z95())).powi(2))
                            .sqrt();
                        let d = sh.achieved - sb.achieved;
                        (d, d - h, d + h)
                    }
                };
                let met = sh.term.abs() <= t.tolerance;
                let surely = sh
                    .term_ci
                    .is_some_and(|(lo, hi)| lo >= -t.tolerance && hi <= t.tolerance);
                let why = match (met, reach[j]) {
                    (true, _) => String::new(),
                    (false, Some((lo, hi))) => {
                        let (a, b) = (fmt(t, lo), fmt(t, hi));
                        if sh.target < lo - sh.tolerance || sh.target > hi + sh.tolerance {
                            format!(
                                "out of the space's reach: the {} settings evaluated give {a} to {b} here",
                                records.len()
                            )
                        } else {
                            format!(
                                "the settings evaluated give {a} to {b} here, but none evaluated came within the tolerance here and at the other cells at once (the values' steps, the other targets or max_changed {})",
                                self.max_changed
                            )
                        }
                    }
                    (false, None) => "no setting evaluated".into(),
                };
                let players = self.shape.get(t.row).copied().flatten();
                let cs = players.map(|p| CellShape::of(&c.cells[j], p));
                let guard = match (cs, players) {
                    (Some(cs), Some(p)) if rank != 0 => {
                        self.guard.check(&cs, &CellShape::of(&c.base[j], p))
                    }
                    _ => String::new(),
                };
                // Targets given as exact values have no interval.
                out.optional_columns("best.csv", &["target_lo95", "target_hi95"]);
                out.row(
                    "best.csv",
                    &BestLine {
                        rank,
                        knobs: &text,
                        rules: &rules,
                        changed: Space::changed(&c.x),
                        score: p4(c.score.value),
                        score_se: p4(c.score.se),
                        cell: t.row,
                        settings_key: self.key(&c.x, t.row),
                        cell_label: &self.labels[t.row],
                        measure: &measures[j],
                        target: round(t, sh.target),
                        target_lo95: sh.target_ci.map(|c| round(t, c.0)),
                        target_hi95: sh.target_ci.map(|c| round(t, c.1)),
                        achieved: round(t, sh.achieved),
                        achieved_lo95: round(t, sh.achieved_ci.0),
                        achieved_hi95: round(t, sh.achieved_ci.1),
                        distance: round(t, sh.distance),
                        distance_lo95: sh.distance_ci.map(|c| round(t, c.0)),
                        distance_hi95: sh.distance_ci.map(|c| round(t, c.1)),
                        abs_distance: round(t, sh.distance.abs()),
                        tolerance: round(t, sh.tolerance),
                        met,
                        surely_met: surely,
                        change: round(t, change),
                        change_lo95: round(t, lo),
                        change_hi95: round(t, hi),
                        games: c.cells[j].games,
                        reach_lo: reach[j].map(|r| round(t, r.0)),
                        reach_hi: reach[j].map(|r| round(t, r.1)),
                        why,
                        cell_win_rate: r5(c.cells[j].rate()),
                        cell_rounds_win_median: cs.and_then(|s| s.win_median),
                        cell_rounds_win_p90: cs.and_then(|s| s.win_p90),
                        cell_rounds_loss_median: cs.and_then(|s| s.loss_median),
                        cell_rounds_loss_p90: cs.and_then(|s| s.loss_p90),
                        cell_stuck_share: cs.and_then(|s| s.stuck),
                        guard,
                    },
                )?;
                shown_terms.push(sh);
            }
            best_rows.push((rank, shown_terms));
        }
        // Effects: each term's value at every setting evaluated, and the scores.
        let xs: Vec<Setting> = records.iter().map(|r| r.x.clone()).collect();
        let ys: Vec<Vec<f64>> = (0..terms.len())
            .map(|j| all.iter().map(|s| s[j].achieved).collect())
            .collect();
        let names: Vec<(usize, String, String)> = terms
            .iter()
            .enumerate()
            .map(|(j, &(i, _))| {
                let t = &self.targets[i];
                (t.row, self.labels[t.row].clone(), measures[j].clone())
            })
            .collect();
        let alone = self.alone(&terms, &names);
        let mut effects: Vec<EffectLine> = alone.clone();
        effects.extend(
            main_effects(self.dims, &xs, &ys, &names)
                .into_iter()
                .filter(|e| {
                    !alone.iter().any(|a| {
                        (
                            a.knob.as_str(),
                            a.setting.as_str(),
                            a.cell,
                            a.measure.as_str(),
                        ) == (
                            e.knob.as_str(),
                            e.setting.as_str(),
                            e.cell,
                            e.measure.as_str(),
                        )
                    })
                }),
        );
        let scores: Vec<f64> = records.iter().map(|r| r.score.value).collect();
        let ses: Vec<f64> = records.iter().map(|r| r.score.se).collect();
        effects.extend(pairs(self.dims, &xs, &scores, &ses));
        for e in &effects {
            out.row("effects.csv", e)?;
        }
        let figure = self.figure(&terms, &measures, &best_rows)?;
        if let Some(f) = &figure {
            out.text(&format!("{}.svg", f.name), f.svg.clone());
        }
        out.text("fragment.toml", self.fragment.to_string());
        let best = out.table_bytes("best.csv").unwrap_or_default();
        let eff = out.table_bytes("effects.csv").unwrap_or_default();
        let figures: Vec<Figure> = figure.into_iter().collect();
        let story = self.story();
        let sections = vec![
            Section {
                id: "fragment".into(),
                title: "The best setting, to paste into a sweep config".into(),
                html: format!(
                    "<p>fragment.toml: the confirmed best setting as [grid] keys and [[rows]] entries; paste it into a sweep config (the same [grid]) to play it, with [[compare]] to pair its rows.</p>\n<pre>{}</pre>",
                    esc(self.fragment)
                ),
            },
            Section {
                id: "search".into(),
                title: "How the search went".into(),
                html: format!("<p>{}</p>", esc(&story)),
            },
        ];
        let page = html::render_with(
            &html::Page {
                title: &format!("{} (design search)", self.name),
                description: self.description,
                summary_csv: &best,
                headline: BEST_HEADLINE,
                summary_file: "best.csv",
                summary_intro: BEST_INTRO,
                compare_csv: &[],
                pairs: None,
                print: "",
                extra_tables: vec![(
                    "effects.csv (each knob value's effect, the strongest pairs)",
                    &eff,
                )],
                figures: &figures,
                config: self.config,
                command: self.command,
                provenance: self.provenance,
            },
            &sections,
        );
        out.text("report.html", page);
        Ok(self.terminal(&terms, &measures, &best_rows, &story))
    }

    /// The effect of each knob value whose one-change setting the search evaluated: that
    /// setting against the grid's rules over the batches both played (paired for win rates).
    fn alone(
        &self,
        terms: &[(usize, usize)],
        names: &[(usize, String, String)],
    ) -> Vec<EffectLine> {
        let records = &self.found.outcome.records;
        let base: Setting = vec![0; self.dims.len()];
        let Some(b) = records.iter().find(|r| r.x == base) else {
            return Vec::new();
        };
        let bid = &self.found.ids[&base];
        let mut out = Vec::new();
        for (d, dim) in self.dims.iter().enumerate() {
            for o in 1..dim.options.len() {
                let mut x = base.clone();
                x[d] = o as u8;
                let Some(r) = records.iter().find(|r| r.x == x) else {
                    continue;
                };
                let own = &self.found.ids[&x];
                let n = r.batches.min(b.batches);
                for (j, &(i, seat)) in terms.iter().enumerate() {
                    let t = &self.targets[i];
                    let (e, lo, hi) = match t.aim {
                        Aim::Rate(_) | Aim::Like { .. } | Aim::Edge { .. } => {
                            let mut p = crate::engine::stats::PairedBinary::default();
                            for k in 0..n as u64 {
                                if let (Some(a), Some(c)) = (
                                    self.store.get(false, own[t.row], k),
                                    self.store.get(false, bid[t.row], k),
                                ) {
                                    let q = paired(a, c);
                                    p.both += q.both;
                                    p.only_a += q.only_a;
                                    p.only_b += q.only_b;
                                    p.neither += q.neither;
                                }
                            }
                            let (lo, hi) = p.newcombe_interval(0.95);
                            (p.diff(), lo, hi)
                        }
                        _ => {
                            let sa = shown(t, seat, &pooled(self.store, own[t.row], n), None);
                            let sb = shown(t, seat, &pooled(self.store, bid[t.row], n), None);
                            let half = |s: &Shown| (s.achieved_ci.1 - s.achieved_ci.0) / 2.0;
                            let h = (half(&sa).powi(2) + half(&sb).powi(2)).sqrt();
                            let e = sa.achieved - sb.achieved;
                            (e, e - h, e + h)
                        }
                    };
                    out.push(EffectLine {
                        kind: "knob",
                        method: "alone",
                        knob: dim.name.clone(),
                        setting: format!("{}={}", dim.name, dim.options[o]),
                        knob_b: String::new(),
                        setting_b: String::new(),
                        cell: Some(names[j].0),
                        cell_label: names[j].1.clone(),
                        measure: names[j].2.clone(),
                        effect: round(t, e),
                        effect_lo95: round(t, lo),
                        effect_hi95: round(t, hi),
                        settings: 1,
                    });
                }
            }
        }
        out
    }

    /// The search in words: settings evaluated, games, the race.
    fn story(&self) -> String {
        let o = &self.found.outcome;
        let raced = o.records.iter().filter(|r| r.raced).count();
        let dropped = o.records.iter().filter(|r| r.dropped).count();
        let how = if self.params.exhaustive {
            format!(
                "An exhaustive search played every one of the {} settings within max_changed {} on {} batch(es) of {} games per cell.",
                o.records.len(),
                self.max_changed,
                o.exhaustive_batches,
                self.params.batch
            )
        } else {
            format!(
                "NTBEA ({} run(s), {} mutants a step) evaluated {} settings on batches of {} games per cell, then raced the best {raced}: {dropped} stopped out of reach of the best.",
                self.params.runs,
                self.params.neighbours,
                o.records.len(),
                self.params.batch
            )
        };
        format!(
            "{how} The search counted {} of its budget of {} games; every setting played the same games (common random numbers). The confirmed settings and the grid's rules were then played on held-out games from another seed.",
            o.spent, self.params.budget
        )
    }

    /// The terminal's summary: the confirmed best, its cells, and where the files are.
    fn terminal(
        &self,
        terms: &[(usize, usize)],
        measures: &[String],
        best: &[(usize, Vec<Shown>)],
        story: &str,
    ) -> String {
        use crate::report::terminal::aligned;
        let mut o = String::new();
        o.push_str(story);
        o.push('\n');
        let Some((_, first)) = best.iter().find(|b| b.0 == 1) else {
            o.push_str(
                "No setting was confirmed (the search was stopped before its held-out games).\n",
            );
            return o;
        };
        let c = self
            .confirmed
            .iter()
            .find(|c| !(self.found.base_appended && c.x == vec![0; self.dims.len()]))
            .expect("a rank 1");
        let weights: f64 = self
            .targets
            .iter()
            .map(|t| t.weight * t.measures().len() as f64)
            .sum();
        o.push_str(&format!(
            "\nbest setting (held-out games): {}\n  {}\n  ({}; {})\n",
            rules_text(self.dims, &c.x),
            knobs_text(self.dims, &c.x),
            score_words(c.score.value, c.score.se, weights),
            "bounds count only beyond them"
        ));
        let mut lines = vec![vec![
            "cell".to_string(),
            "measure".into(),
            "target".into(),
            "achieved (95%)".into(),
            "distance".into(),
            "met".into(),
        ]];
        for (j, &(i, _)) in terms.iter().enumerate() {
            let t = &self.targets[i];
            let s = &first[j];
            lines.push(vec![
                self.labels[t.row].clone(),
                measures[j].clone(),
                fmt(t, s.target),
                format!(
                    "{} ({} to {})",
                    fmt(t, s.achieved),
                    fmt(t, s.achieved_ci.0),
                    fmt(t, s.achieved_ci.1)
                ),
                fmt_d(t, s.distance),
                if s.term.abs() <= t.tolerance {
                    "yes"
                } else {
                    "no"
                }
                .into(),
            ]);
        }
        o.push_str(&aligned(&lines, 1));
        o.push_str(&self.shape_table());
        o
    }
}

/// A value in its measure's units: a percentage, or turns.
fn fmt(t: &Target, v: f64) -> String {
    match t.aim {
        Aim::Turns(_) => format!("{v:.1}"),
        Aim::Bound { measure, .. } if !measure.is_share() => format!("{v:.0} rounds"),
        _ => format!("{:.1}%", v * 100.0),
    }
}

/// A distance: points, or turns.
fn fmt_d(t: &Target, v: f64) -> String {
    match t.aim {
        Aim::Turns(_) => format!("{v:+.1}"),
        Aim::Bound { measure, .. } if !measure.is_share() => format!("{v:+.0} rounds"),
        _ => format!("{:+.1} points", v * 100.0),
    }
}

/// The columns of best.csv the page's main table shows.
const BEST_HEADLINE: &[&str] = &[
    "rank",
    "rules",
    "cell_label",
    "measure",
    "target",
    "achieved",
    "achieved_lo95",
    "achieved_hi95",
    "distance",
    "met",
    "change",
    "why",
    "guard",
];

/// The best table's paragraph on the design page.
const BEST_INTRO: &str = "<p>The settings the search found best (<code>rank</code> 1 is the confirmed best; 0 is the grid's rules, for reference), each played again on held-out games from another seed, every cell's target against what it achieved with its 95% interval. <code>distance</code> is achieved minus target (for a relative target, paired game by game with the reference row); <code>met</code>: within the target's tolerance; <code>change</code>: against the grid's rules on the same held-out games. Where a target is missed, <code>why</code> says whether any setting the search evaluated reached it there (<code>reach_lo</code> to <code>reach_hi</code>). Beside each line, the cell's win rate, the rounds of its won and lost games (median, p90) and its stuck share under that setting (<code>cell_*</code>); <code>guard</code> flags a setting whose won games' p90 rounds or stuck share moved past the guard rail from the grid's rules. design.csv has every setting evaluated; effects.csv each knob value's effect.</p>";
