//! `effects.csv`: each knob value's effect on each target measure, and the strongest knob pairs.
//!
//! Main effects, `alone`: where the search evaluated the setting that moves one knob value and
//! nothing else, its effect is that setting's value minus the grid's rules' on the same games
//! (paired game by game for a win rate, Newcombe's interval). `fit` otherwise: for each measure, a least-squares fit (`report::ols`) of the value every
//! evaluated setting achieved (its own games pooled, one observation per setting) on an
//! indicator per knob value (option 0, the grid's value, is the baseline): the coefficient is
//! the value's effect in the measure's units with the others held fixed, with its 95% interval
//! (values held by fewer than two settings, or only ever together with another, are left out).
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
    /// The value as `knob=value` (best.csv's `knobs` spelling): text whatever the knob.
    pub setting: String,
    pub knob_b: String,
    pub setting_b: String,
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

/// The least-squares fit of `y` on the columns `cols` that can be fitted: each held by at least
/// two settings and not by all, no two alike; while the fit is still singular (values that
/// only ever appear together), the rarest column left is dropped. Returns the fit and, per
/// column, its coefficient's index in the fit (`None`: left out).
fn fit_what_can_be(cols: &[Vec<f64>], y: &[f64]) -> Option<(ols::Fit, Vec<Option<usize>>)> {
    let n = y.len() as f64;
    let count = |c: &Vec<f64>| c.iter().sum::<f64>();
    let mut keep: Vec<usize> = Vec::new();
    for (j, c) in cols.iter().enumerate() {
        let k = count(c);
        if k >= 2.0 && k <= n - 2.0 && !keep.iter().any(|&i| cols[i] == *c) {
            keep.push(j);
        }
    }
    while !keep.is_empty() {
        let names: Vec<String> = keep.iter().map(|j| format!("v{j}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let x: Vec<Vec<f64>> = keep.iter().map(|&j| cols[j].clone()).collect();
        if let Some(fit) = ols::fit(&names, &x, y) {
            let mut at = vec![None; cols.len()];
            for (i, &j) in keep.iter().enumerate() {
                at[j] = Some(i);
            }
            return Some((fit, at));
        }
        let rarest = (0..keep.len())
            .min_by(|&a, &b| count(&cols[keep[a]]).total_cmp(&count(&cols[keep[b]])))
            .expect("not empty");
        keep.remove(rarest);
    }
    None
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
    let mut out = Vec::new();
    for (m, (cell, label, measure)) in measures.iter().enumerate() {
        let Some((fit, at)) = fit_what_can_be(&cols, &ys[m]) else {
            continue;
        };
        for (j, &(d, o)) in which.iter().enumerate() {
            let Some(c) = at[j].map(|i| &fit.coefs[i]) else {
                continue;
            };
            let (Some(e), Some(lo), Some(hi)) = (c.coef, c.lo95, c.hi95) else {
                continue;
            };
            out.push(EffectLine {
                kind: "knob",
                method: "fit",
                knob: dims[d].name.clone(),
                setting: format!("{}={}", dims[d].name, dims[d].options[o]),
                knob_b: String::new(),
                setting_b: String::new(),
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

/// The strongest pairs of knob values on the score (`scores[i]` at `xs[i]`, its standard error
/// `ses[i]`): the mean residual of the additive fit over the settings holding both, with its 95%
/// interval (Student's t over two settings or more; one setting's own score interval, where a
/// cap of two changes makes a pair one setting).
pub fn pairs(dims: &[DimInfo], xs: &[Setting], scores: &[f64], ses: &[f64]) -> Vec<EffectLine> {
    let (which, cols) = indicators(dims, xs);
    let Some((fit, at)) = fit_what_can_be(&cols, scores) else {
        return Vec::new();
    };
    let resid: Vec<f64> = (0..xs.len())
        .map(|i| {
            let pred = fit.intercept
                + (0..cols.len())
                    .filter_map(|j| at[j].map(|k| fit.coefs[k].coef.unwrap_or(0.0) * cols[j][i]))
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
            let held: Vec<usize> = (0..xs.len())
                .filter(|&i| xs[i][d1] as usize == o1 && xs[i][d2] as usize == o2)
                .collect();
            let r: Vec<f64> = held.iter().map(|&i| resid[i]).collect();
            let (mean, half) = match r.len() {
                0 => continue,
                1 => (r[0], crate::engine::design::z95() * ses[held[0]]),
                n => {
                    let (mean, sd) = ols::mean_sd(&r);
                    let q = StudentsT::new(0.0, 1.0, n as f64 - 1.0)
                        .map(|t| t.inverse_cdf(0.975))
                        .unwrap_or(f64::NAN);
                    (mean, q * sd / (n as f64).sqrt())
                }
            };
            found.push(EffectLine {
                kind: "pair",
                method: "fit",
                knob: dims[d1].name.clone(),
                setting: format!("{}={}", dims[d1].name, dims[d1].options[o1]),
                knob_b: dims[d2].name.clone(),
                setting_b: format!("{}={}", dims[d2].name, dims[d2].options[o2]),
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
            words: (1..n).map(|o| format!("{name} {o}")).collect(),
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
        let find = |k: &str, v: &str| {
            e.iter()
                .find(|l| l.knob == k && l.setting == format!("{k}={v}"))
                .unwrap()
        };
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
        let p = pairs(&dims, &xs, &s, &vec![0.001; s.len()]);
        assert_eq!((p[0].knob.as_str(), p[0].knob_b.as_str()), ("a", "b"));
        assert!(p[0].effect < 0.0);
    }
}
