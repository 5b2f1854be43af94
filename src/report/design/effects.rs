//! `effects.csv`: each knob value's effect on each target measure, and the strongest knob pairs.
//!
//! Main effects, `alone`: where the search evaluated the setting that moves one knob value and
//! nothing else, its effect is that setting's value minus the grid's rules' on the same games
//! (paired game by game for a win rate, Newcombe's interval). `fit` otherwise: for each measure, a least-squares fit (`report::ols`) of the value every
//! evaluated setting achieved (its own games pooled, one observation per setting) on an
//! indicator per knob value (option 0, the grid's value, is the baseline): the coefficient is
//! the value's effect in the measure's units with the others held fixed, with its 95% interval.
//! Pairs: the same fit of the settings' score L; a pair of knob values whose settings' residuals
//! average away from 0 works together (negative: closer to the targets than their own effects
//! add up to) or against each other; the strongest by size are listed.

use super::DimInfo;
use crate::engine::design::Setting;
use crate::report::ols;
use serde::Serialize;
use statrs::distribution::{ContinuousCDF, StudentsT};

/// One line of `effects.csv`.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct EffectLine {
    /// `knob` (one value's effect on one measure) or `pair` (two values' joint effect on the
    /// score beyond their own).
    pub kind: &'static str,
    /// `alone` (the setting that moves this value alone against the grid's rules, on the same
    /// games) or `fit` (least squares over every setting evaluated).
    pub method: &'static str,
    pub knob: String,
    pub value: String,
    pub knob_b: String,
    pub value_b: String,
    /// The cell (empty for a pair: the score sums every cell).
    pub cell: Option<usize>,
    pub cell_label: String,
    pub measure: String,
    pub effect: f64,
    pub effect_lo95: f64,
    pub effect_hi95: f64,
    /// Settings evaluated with the value (both values, for a pair).
    pub settings: usize,
}

/// Most pairs listed.
const PAIRS: usize = 10;

/// The indicators of every knob value (option ≥ 1) over the settings, with their names.
fn indicators(dims: &[DimInfo], xs: &[Setting]) -> (Vec<(usize, usize)>, Vec<Vec<f64>>) {
    let mut which = Vec::new();
    let mut cols = Vec::new();
    for (d, dim) in dims.iter().enumerate() {
        for o in 1..dim.options.len() {
            which.push((d, o));
            cols.push(
                xs.iter()
                    .map(|x| f64::from(u8::from(x[d] as usize == o)))
                    .collect(),
            );
        }
    }
    (which, cols)
}

/// Each measure's main effects. `ys[m][i]`: measure `m`'s value at setting `xs[i]`;
/// `measures[m]`: its cell, cell label and name.
pub fn main_effects(
    dims: &[DimInfo],
    xs: &[Setting],
    ys: &[Vec<f64>],
    measures: &[(usize, String, String)],
) -> Vec<EffectLine> {
    let (which, cols) = indicators(dims, xs);
    let names: Vec<String> = which
        .iter()
        .map(|&(d, o)| format!("{}={}", dims[d].name, dims[d].options[o]))
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    for (m, (cell, label, measure)) in measures.iter().enumerate() {
        let Some(fit) = ols::fit(&names, &cols, &ys[m]) else {
            continue;
        };
        for (c, &(d, o)) in fit.coefs.iter().zip(&which) {
            let (Some(e), Some(lo), Some(hi)) = (c.coef, c.lo95, c.hi95) else {
                continue;
            };
            out.push(EffectLine {
                kind: "knob",
                method: "fit",
                knob: dims[d].name.clone(),
                value: dims[d].options[o].clone(),
                knob_b: String::new(),
                value_b: String::new(),
                cell: Some(*cell),
                cell_label: label.clone(),
                measure: measure.clone(),
                effect: crate::report::r5(e),
                effect_lo95: crate::report::r5(lo),
                effect_hi95: crate::report::r5(hi),
                settings: xs.iter().filter(|x| x[d] as usize == o).count(),
            });
        }
    }
    out
}

/// The strongest pairs of knob values on the score (`scores[i]` at `xs[i]`): the mean residual
/// of the additive fit over the settings holding both, with its 95% interval (Student's t).
pub fn pairs(dims: &[DimInfo], xs: &[Setting], scores: &[f64]) -> Vec<EffectLine> {
    let (which, cols) = indicators(dims, xs);
    let names: Vec<String> = (0..which.len()).map(|i| format!("v{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let Some(fit) = ols::fit(&names, &cols, scores) else {
        return Vec::new();
    };
    let resid: Vec<f64> = (0..xs.len())
        .map(|i| {
            let pred = fit.intercept
                + fit
                    .coefs
                    .iter()
                    .zip(&cols)
                    .map(|(c, col)| c.coef.unwrap_or(0.0) * col[i])
                    .sum::<f64>();
            scores[i] - pred
        })
        .collect();
    let mut found: Vec<EffectLine> = Vec::new();
    for (a, &(d1, o1)) in which.iter().enumerate() {
        for &(d2, o2) in &which[a + 1..] {
            if d1 == d2 {
                continue;
            }
            let r: Vec<f64> = (0..xs.len())
                .filter(|&i| xs[i][d1] as usize == o1 && xs[i][d2] as usize == o2)
                .map(|i| resid[i])
                .collect();
            if r.len() < 2 {
                continue;
            }
            let (mean, sd) = ols::mean_sd(&r);
            let n = r.len() as f64;
            let q = StudentsT::new(0.0, 1.0, n - 1.0)
                .map(|t| t.inverse_cdf(0.975))
                .unwrap_or(f64::NAN);
            let half = q * sd / n.sqrt();
            found.push(EffectLine {
                kind: "pair",
                method: "fit",
                knob: dims[d1].name.clone(),
                value: dims[d1].options[o1].clone(),
                knob_b: dims[d2].name.clone(),
                value_b: dims[d2].options[o2].clone(),
                cell: None,
                cell_label: String::new(),
                measure: "score".into(),
                effect: crate::report::compare::p4(mean),
                effect_lo95: crate::report::compare::p4(mean - half),
                effect_hi95: crate::report::compare::p4(mean + half),
                settings: r.len(),
            });
        }
    }
    found.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()));
    found.truncate(PAIRS);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dim(name: &str, n: usize) -> DimInfo {
        DimInfo {
            name: name.into(),
            key: name.into(),
            only: None,
            options: (0..n).map(|o| o.to_string()).collect(),
            values: (1..n).map(|o| o.to_string()).collect(),
        }
    }

    #[test]
    fn main_effects_recover_an_additive_measure() {
        let dims = [dim("a", 3), dim("b", 2)];
        let mut xs = Vec::new();
        let mut y = Vec::new();
        for a in 0..3u8 {
            for b in 0..2u8 {
                xs.push(vec![a, b]);
                // a's option 1 adds 0.1, option 2 adds 0.25; b's option 1 takes 0.05; a little
                // noise that does not line up with either.
                let noise = [0.001, -0.002, 0.0015, 0.0, -0.001, 0.0005][xs.len() - 1];
                y.push(0.3 + [0.0, 0.1, 0.25][a as usize] - 0.05 * b as f64 + noise);
            }
        }
        let m = vec![(0, "cell".to_string(), "win_rate".to_string())];
        let e = main_effects(&dims, &xs, &[y], &m);
        assert_eq!(e.len(), 3);
        let find = |k: &str, v: &str| e.iter().find(|l| l.knob == k && l.value == v).unwrap();
        assert!((find("a", "2").effect - 0.25).abs() < 0.005);
        assert!((find("b", "1").effect + 0.05).abs() < 0.005);
        assert!(find("a", "1").effect_lo95 < 0.1 && find("a", "1").effect_hi95 > 0.1);
        assert_eq!(find("a", "1").settings, 2);
    }

    #[test]
    fn a_pair_that_works_together_stands_out() {
        let dims = [dim("a", 2), dim("b", 2), dim("c", 2)];
        let mut xs = Vec::new();
        let mut s = Vec::new();
        for a in 0..2u8 {
            for b in 0..2u8 {
                for c in 0..2u8 {
                    for rep in 0..2 {
                        xs.push(vec![a, b, c]);
                        let joint = if a == 1 && b == 1 { -0.02 } else { 0.0 };
                        s.push(0.05 - 0.01 * a as f64 + joint + 0.0001 * rep as f64);
                    }
                }
            }
        }
        let p = pairs(&dims, &xs, &s);
        assert_eq!((p[0].knob.as_str(), p[0].knob_b.as_str()), ("a", "b"));
        assert!(p[0].effect < 0.0);
    }
}
