//! Ordinary least squares with classical standard errors.
//!
//! Ordinary least squares with classical standard errors: coefficients, 95% intervals (Student's t)
//! and p-values, for the luck report's board-feature fit.

use nalgebra::{DMatrix, DVector};
use statrs::distribution::{ContinuousCDF, StudentsT};

/// One predictor's line of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Coef {
    pub name: String,
    /// The predictor's mean and standard deviation over the observations.
    pub mean: f64,
    pub sd: f64,
    /// Change in the response per unit of the predictor, the others held fixed, with its 95%
    /// interval and two-sided p-value; `None` when the predictor does not vary (left out).
    pub coef: Option<f64>,
    pub lo95: Option<f64>,
    pub hi95: Option<f64>,
    pub p: Option<f64>,
}

impl Coef {
    /// The effect of one standard deviation of the predictor (coefficient × sd), with its interval.
    pub fn per_sd(&self) -> Option<(f64, f64, f64)> {
        Some((
            self.coef? * self.sd,
            self.lo95? * self.sd,
            self.hi95? * self.sd,
        ))
    }
}

/// A least-squares fit of `y` on an intercept and predictors.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Observations and the predictors fitted (those that vary).
    pub n: usize,
    pub k: usize,
    pub intercept: f64,
    pub r2: f64,
    pub adj_r2: f64,
    /// Residual standard deviation (degrees of freedom n − k − 1).
    pub sigma: f64,
    pub coefs: Vec<Coef>,
}

/// Fits `y` on an intercept and the columns `x[j]` (named `names[j]`, each as long as `y`);
/// predictors that do not vary are left out (their `coef` is `None`). Standard errors are the
/// classical ones, s² (X'X)⁻¹; intervals use Student's t with n − k − 1 degrees of freedom.
/// Returns `None` when there are fewer than k + 2 observations or the predictors are collinear.
pub fn fit(names: &[&str], x: &[Vec<f64>], y: &[f64]) -> Option<Fit> {
    let n = y.len();
    let moments: Vec<(f64, f64)> = x.iter().map(|c| mean_sd(c)).collect();
    let used: Vec<usize> = (0..x.len()).filter(|&j| moments[j].1 > 1e-12).collect();
    let k = used.len();
    if n < k + 2 {
        return None;
    }
    // Centred predictors keep X'X well conditioned; the intercept is restored below.
    let xm = DMatrix::from_fn(n, k + 1, |i, c| {
        if c == 0 {
            1.0
        } else {
            let j = used[c - 1];
            x[j][i] - moments[j].0
        }
    });
    // Collinear predictors (one a combination of others) leave no unique fit: the smallest
    // singular value of the standardised predictors is then zero up to rounding.
    let scaled = DMatrix::from_fn(n, k + 1, |i, c| {
        if c == 0 {
            1.0
        } else {
            xm[(i, c)] / moments[used[c - 1]].1
        }
    });
    let sv = scaled.singular_values();
    if sv.min() <= 1e-9 * sv.max() {
        return None;
    }
    let yv = DVector::from_column_slice(y);
    let xtx = xm.transpose() * &xm;
    let inv = xtx.cholesky()?.inverse();
    let beta = &inv * (xm.transpose() * &yv);
    let resid = &yv - &xm * &beta;
    let rss = resid.dot(&resid);
    let ybar = y.iter().sum::<f64>() / n as f64;
    let tss: f64 = y.iter().map(|v| (v - ybar).powi(2)).sum();
    let df = (n - k - 1) as f64;
    let s2 = rss / df;
    let t = StudentsT::new(0.0, 1.0, df).ok()?;
    let q = t.inverse_cdf(0.975);
    let mut coefs: Vec<Coef> = names
        .iter()
        .zip(&moments)
        .map(|(name, &(mean, sd))| Coef {
            name: name.to_string(),
            mean,
            sd,
            coef: None,
            lo95: None,
            hi95: None,
            p: None,
        })
        .collect();
    let mut intercept = beta[0];
    for (c, &j) in used.iter().enumerate() {
        let b = beta[c + 1];
        let se = (s2 * inv[(c + 1, c + 1)]).sqrt();
        intercept -= b * moments[j].0;
        let p = if se > 0.0 {
            2.0 * t.sf((b / se).abs())
        } else {
            0.0
        };
        coefs[j].coef = Some(b);
        coefs[j].lo95 = Some(b - q * se);
        coefs[j].hi95 = Some(b + q * se);
        coefs[j].p = Some(p);
    }
    let r2 = if tss > 0.0 { 1.0 - rss / tss } else { 0.0 };
    Some(Fit {
        n,
        k,
        intercept,
        r2,
        adj_r2: 1.0 - (1.0 - r2) * (n as f64 - 1.0) / df,
        sigma: s2.sqrt(),
        coefs,
    })
}

/// Mean and sample standard deviation (n − 1).
pub fn mean_sd(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    if v.is_empty() {
        return (0.0, 0.0);
    }
    let m = v.iter().sum::<f64>() / n;
    let var = if v.len() > 1 {
        v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    (m, var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R's `summary(lm(dist ~ speed, data = cars))`: intercept −17.5791, speed 3.9324 (standard
    /// error 0.4155, t 9.464, p 1.49e-12), R² 0.6511, residual standard error 15.38 on 48 df.
    #[test]
    fn matches_r_on_the_cars_data() {
        let speed = [
            4, 4, 7, 7, 8, 9, 10, 10, 10, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14, 14,
            15, 15, 15, 16, 16, 17, 17, 17, 18, 18, 18, 18, 19, 19, 19, 20, 20, 20, 20, 20, 22, 23,
            24, 24, 24, 24, 25,
        ];
        let dist = [
            2, 10, 4, 22, 16, 10, 18, 26, 34, 17, 28, 14, 20, 24, 28, 26, 34, 34, 46, 26, 36, 60,
            80, 20, 26, 54, 32, 40, 32, 40, 50, 42, 56, 76, 84, 36, 46, 68, 32, 48, 52, 56, 64, 66,
            54, 70, 92, 93, 120, 85,
        ];
        let x = vec![speed.iter().map(|&v| v as f64).collect::<Vec<f64>>()];
        let y: Vec<f64> = dist.iter().map(|&v| v as f64).collect();
        let f = fit(&["speed"], &x, &y).unwrap();
        let c = &f.coefs[0];
        assert!((f.intercept + 17.5791).abs() < 1e-4, "{}", f.intercept);
        assert!((c.coef.unwrap() - 3.9324).abs() < 1e-4);
        let se = (c.hi95.unwrap() - c.coef.unwrap()) / 2.010_635;
        assert!((se - 0.4155).abs() < 1e-4, "{se}");
        assert!((c.p.unwrap() / 1.49e-12 - 1.0).abs() < 0.01, "{:?}", c.p);
        assert!((f.r2 - 0.6511).abs() < 1e-4);
        assert!((f.sigma - 15.38).abs() < 0.01);
    }

    #[test]
    fn constant_predictors_are_left_out_and_collinear_ones_refused() {
        let a: Vec<f64> = (0..20).map(|i| i as f64).collect();
        let b: Vec<f64> = (0..20).map(|i| ((i * 7) % 5) as f64).collect();
        let y: Vec<f64> = a.iter().zip(&b).map(|(a, b)| 1.0 + 2.0 * a - b).collect();
        let f = fit(&["a", "one", "b"], &[a.clone(), vec![3.0; 20], b], &y).unwrap();
        assert_eq!(f.k, 2);
        assert!(f.coefs[1].coef.is_none());
        assert!((f.coefs[0].coef.unwrap() - 2.0).abs() < 1e-9);
        assert!((f.coefs[2].coef.unwrap() + 1.0).abs() < 1e-9);
        assert!((f.intercept - 1.0).abs() < 1e-9);
        let twice: Vec<f64> = a.iter().map(|v| 2.0 * v).collect();
        assert!(fit(&["a", "2a"], &[a, twice], &y).is_none());
    }
}
