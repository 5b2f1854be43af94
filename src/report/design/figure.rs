//! `targets.svg`: target against achieved per cell for the best setting and the grid's rules.

use super::write::{Report, Shown};
use super::Aim;
use crate::report::plot::{rate_chart_wrapped, RateSeries};
use crate::report::Figure;
use anyhow::Result;

impl Report<'_> {
    /// Target against achieved per cell (rates and shares): the target, the best setting and
    /// the grid's rules on held-out games.
    pub(super) fn figure(
        &self,
        terms: &[(usize, usize)],
        measures: &[String],
        best: &[(usize, Vec<Shown>)],
    ) -> Result<Option<Figure>> {
        let on_rate: Vec<usize> = (0..terms.len())
            .filter(|&j| {
                !matches!(
                    self.targets[terms[j].0].aim,
                    Aim::Turns(_) | Aim::Bound { .. }
                )
            })
            .collect();
        let (Some(first), Some(grid)) = (
            best.iter().find(|b| b.0 == 1),
            best.iter()
                .find(|b| b.0 == 0)
                .or(best.iter().find(|b| b.0 == 1)),
        ) else {
            return Ok(None);
        };
        if on_rate.is_empty() {
            return Ok(None);
        }
        let lift = |j: usize| match self.targets[terms[j].0].aim {
            Aim::Edge { seats, .. } => 1.0 / seats as f64,
            _ => 0.0,
        };
        let categories: Vec<String> = on_rate
            .iter()
            .map(|&j| {
                let t = &self.targets[terms[j].0];
                match t.aim {
                    Aim::Rate(_) | Aim::Like { .. } => self.labels[t.row].clone(),
                    _ => format!("{}, {}", self.labels[t.row], measures[j]),
                }
            })
            .collect();
        let series =
            |name: &str, f: &dyn Fn(usize, &Shown) -> (f64, f64, f64), rows: &[Shown]| RateSeries {
                name: name.into(),
                points: on_rate
                    .iter()
                    .enumerate()
                    .map(|(k, &j)| {
                        let (v, lo, hi) = f(j, &rows[j]);
                        (k, v + lift(j), lo + lift(j), hi + lift(j))
                    })
                    .collect(),
            };
        let target = |_: usize, s: &Shown| {
            let (lo, hi) = s.target_ci.unwrap_or((s.target, s.target));
            (s.target, lo, hi)
        };
        let achieved = |_: usize, s: &Shown| (s.achieved, s.achieved_ci.0, s.achieved_ci.1);
        let mut all = vec![
            series("target", &target, &first.1),
            series("best setting (held-out games)", &achieved, &first.1),
        ];
        if grid.0 == 0 {
            all.push(series(
                "the grid's rules (held-out games)",
                &achieved,
                &grid.1,
            ));
        }
        let width = (160 + 110 * categories.len() as u32).clamp(640, 1600);
        let svg = rate_chart_wrapped(&categories, "win rate or share", &all, (width, 440))?;
        Ok(Some(Figure {
            name: "targets".into(),
            title: "Target against achieved, per cell".into(),
            caption: "Each target (with the reference row's 95% interval for a relative target), the confirmed best setting and the grid's rules on held-out games, each with its 95% interval; a lead seat's edge is drawn as its win rate.".into(),
            svg,
        }))
    }
}
