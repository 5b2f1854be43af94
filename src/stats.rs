//! Mergeable accumulators (identity + merge, exact integer counts) and report-time statistics.

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

/// A statistic folded per thread and merged: `Default` is the identity and `merge` must be
/// associative and commutative, so results do not depend on how rayon splits the work.
/// Serialisable, so that a report folder keeps its exact state (`state.json`) and shards of a
/// run merge into exactly the one-shot result (`robsim merge`).
pub trait Accumulator: Default + Send + Serialize + DeserializeOwned {
    fn merge(&mut self, other: Self);
}

/// Counts of small non-negative integers (player-turns, token counts): exact, mergeable, and
/// enough for means and quantiles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hist {
    counts: Vec<u64>,
    n: u64,
    sum: u64,
}

impl Hist {
    #[inline]
    pub fn add(&mut self, v: u32) {
        self.add_n(v, 1);
    }
    #[inline]
    pub fn add_n(&mut self, v: u32, times: u64) {
        let v = v as usize;
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
        }
        self.counts[v] += times;
        self.n += times;
        self.sum += v as u64 * times;
    }
    pub fn count(&self) -> u64 {
        self.n
    }
    pub fn sum(&self) -> u64 {
        self.sum
    }
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / self.n as f64)
    }
    /// Nearest-rank quantile: the smallest value with at least `p` of the observations at or below it.
    pub fn quantile(&self, p: f64) -> Option<u32> {
        if self.n == 0 {
            return None;
        }
        let rank = ((p * self.n as f64).ceil() as u64).clamp(1, self.n);
        let mut seen = 0;
        for (v, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return Some(v as u32);
            }
        }
        None
    }
    pub fn max(&self) -> Option<u32> {
        self.counts.iter().rposition(|&c| c > 0).map(|v| v as u32)
    }
}

impl Accumulator for Hist {
    fn merge(&mut self, o: Self) {
        if o.counts.len() > self.counts.len() {
            self.counts.resize(o.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(o.counts) {
            *a += b;
        }
        self.n += o.n;
        self.sum += o.sum;
    }
}

/// A histogram per step (e.g. face-down tokens at each turn), growing as needed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Curve {
    pub steps: Vec<Hist>,
}

impl Curve {
    #[inline]
    pub fn add(&mut self, step: u32, v: u32) {
        let s = step as usize;
        if s >= self.steps.len() {
            self.steps.resize(s + 1, Hist::default());
        }
        self.steps[s].add(v);
    }
}

impl Accumulator for Curve {
    fn merge(&mut self, o: Self) {
        if o.steps.len() > self.steps.len() {
            self.steps.resize(o.steps.len(), Hist::default());
        }
        for (a, b) in self.steps.iter_mut().zip(o.steps) {
            a.merge(b);
        }
    }
}

/// Element-wise merge of fixed arrays of counts.
pub fn merge_counts<const N: usize>(a: &mut [u64; N], b: &[u64; N]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials (`(0, 1)` when `n == 0`).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    wilson_level(k, n, 0.95)
}

/// The Wilson score interval at confidence `level`; z comes from statrs' normal quantile.
pub fn wilson_level(k: u64, n: u64, level: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = Normal::standard().inverse_cdf(1.0 - (1.0 - level) / 2.0);
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let d = 1.0 + z2 / n;
    (
        ((centre - half) / d).max(0.0),
        ((centre + half) / d).min(1.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 8 of 10: Wilson 95% interval (0.4902, 0.9433) (Newcombe 1998, Table I method 3).
        let (lo, hi) = wilson(8, 10);
        assert!(
            (lo - 0.4902).abs() < 5e-4 && (hi - 0.9433).abs() < 5e-4,
            "{lo} {hi}"
        );
        // 0 of 10: (0, 0.2775).
        let (lo, hi) = wilson(0, 10);
        assert!(lo.abs() < 1e-12 && (hi - 0.2775).abs() < 5e-4, "{lo} {hi}");
        // 15 of 148: (0.0624, 0.1605) (Newcombe 1998, Table I).
        let (lo, hi) = wilson(15, 148);
        assert!(
            (lo - 0.0624).abs() < 5e-4 && (hi - 0.1605).abs() < 5e-4,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn hist_quantiles_and_merge() {
        let mut a = Hist::default();
        for v in [5, 1, 3] {
            a.add(v);
        }
        let mut b = Hist::default();
        for v in [2, 4, 10] {
            b.add(v);
        }
        a.merge(b);
        assert_eq!(a.count(), 6);
        assert_eq!(a.mean(), Some(25.0 / 6.0));
        assert_eq!(a.quantile(0.5), Some(3));
        assert_eq!(a.quantile(0.1), Some(1));
        assert_eq!(a.quantile(0.9), Some(10));
        assert_eq!(a.max(), Some(10));
        assert_eq!(Hist::default().quantile(0.5), None);
    }

    #[test]
    fn merge_is_order_free() {
        let parts: Vec<Hist> = (0..4)
            .map(|i| {
                let mut h = Hist::default();
                h.add(i * 3);
                h.add(7);
                h
            })
            .collect();
        let mut ab = Hist::default();
        for p in parts.iter().cloned() {
            ab.merge(p);
        }
        let mut ba = Hist::default();
        for p in parts.into_iter().rev() {
            ba.merge(p);
        }
        assert_eq!(ab, ba);
    }
}
