//! Fitting a learned model's network: what the linear score leaves, learned by Adam in fixed order.
//!
//! A decision type's network (`learned::Net`, one layer of rectified hidden units) is fitted to
//! the residuals of the type's linear score: per labelled decision, each candidate's value
//! minus the decision's mean value, minus the same for the linear score. The loss is the mean
//! squared error of the network's within-decision centred output against those residuals (a
//! ranker: a constant shift of every candidate's score changes no choice), with a small L2
//! penalty on the weights. Optimiser: Adam (Kingma & Ba 2015) on mini-batches of decisions in
//! an order drawn from `seed`; the output weights start at 0, so training starts from the linear
//! model. Everything is `f64` summed in one fixed order on one thread: the same labels and seed
//! give the same bits on every machine (no linear-algebra kernel that picks its SIMD path at
//! run time, which is why this is not candle or burn: their CPU sums differ between machines,
//! and the shipped model must be reproduced byte for byte by its command).

use crate::catan::policy::features::{Features, MAX_FEATURES};
use crate::catan::policy::learned::{score, Net, MAX_HIDDEN};
use crate::engine::seeds::mix64;
use rand::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// How a network is trained (`[learn] hidden`, `epochs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetParams {
    /// Hidden units (1..=`MAX_HIDDEN`).
    pub hidden: u8,
    /// Passes over the labels.
    pub epochs: u32,
    /// Seeds the initial weights and the order of the mini-batches.
    pub seed: u64,
}

/// Decisions per mini-batch.
const BATCH: usize = 64;
/// Adam's step size and moment decays.
const LR: f64 = 0.002;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPS: f64 = 1e-8;
/// L2 penalty on the weights (not the biases).
const L2: f64 = 1e-5;

/// The trainable numbers in one flat vector: `w1` (hidden x nf), `b1` (hidden), `w2` (hidden).
struct Shape {
    h: usize,
    nf: usize,
}

impl Shape {
    fn len(&self) -> usize {
        self.h * self.nf + 2 * self.h
    }
    fn w1(&self, j: usize, i: usize) -> usize {
        j * self.nf + i
    }
    fn b1(&self, j: usize) -> usize {
        self.h * self.nf + j
    }
    fn w2(&self, j: usize) -> usize {
        self.h * self.nf + self.h + j
    }
}

/// One decision's training rows: its candidates' features (the first `nf`) and residuals.
struct Decision {
    x: Vec<Vec<f64>>,
    r: Vec<f64>,
}

/// Fits a network of `p.hidden` units to what the linear weights `w` leave of the decisions'
/// values (each decision its candidates' features and values; those with fewer than two
/// candidates are skipped), on the first `nf` features.
pub fn fit_net(
    decisions: &[(&[Features], &[f64])],
    w: &[f32; MAX_FEATURES],
    nf: usize,
    p: &NetParams,
) -> Net {
    let h = (p.hidden as usize).min(MAX_HIDDEN);
    let shape = Shape { h, nf };
    let data: Vec<Decision> = decisions
        .iter()
        .filter(|(_, values)| values.len() >= 2)
        .map(|&(features, values)| {
            let n = values.len() as f64;
            let lin: Vec<f64> = features
                .iter()
                .map(|f| score(w, &Net::NONE, f) as f64)
                .collect();
            let (vbar, lbar) = (values.iter().sum::<f64>() / n, lin.iter().sum::<f64>() / n);
            Decision {
                x: features
                    .iter()
                    .map(|f| f[..nf].iter().map(|&v| v as f64).collect())
                    .collect(),
                r: values
                    .iter()
                    .zip(&lin)
                    .map(|(v, s)| (v - vbar) - (s - lbar))
                    .collect(),
            }
        })
        .collect();
    let mut rng = Pcg64Mcg::seed_from_u64(mix64(p.seed));
    let mut theta = vec![0f64; shape.len()];
    let scale = 1.0 / (nf.max(1) as f64).sqrt();
    for j in 0..h {
        for i in 0..nf {
            theta[shape.w1(j, i)] = (rng.random::<f64>() * 2.0 - 1.0) * scale;
        }
        theta[shape.b1(j)] = 0.1 * rng.random::<f64>();
    }
    let (mut m, mut v) = (vec![0f64; theta.len()], vec![0f64; theta.len()]);
    let mut grad = vec![0f64; theta.len()];
    let mut order: Vec<usize> = (0..data.len()).collect();
    // Per candidate of the decision at hand: its output and its units' inputs (n x h).
    let (mut out, mut acts) = (Vec::new(), Vec::new());
    let mut step = 0i32;
    for _ in 0..p.epochs {
        // Fisher-Yates from the seeded stream.
        for i in (1..order.len()).rev() {
            let k = rng.random_range(0..=i);
            order.swap(i, k);
        }
        for batch in order.chunks(BATCH) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let mut rows = 0usize;
            for &d in batch {
                let dec = &data[d];
                let n = dec.x.len();
                out.clear();
                acts.clear();
                for x in &dec.x {
                    let mut o = 0.0;
                    for j in 0..h {
                        let mut s = theta[shape.b1(j)];
                        for (i, xi) in x.iter().enumerate() {
                            s += theta[shape.w1(j, i)] * xi;
                        }
                        acts.push(s);
                        if s > 0.0 {
                            o += theta[shape.w2(j)] * s;
                        }
                    }
                    out.push(o);
                }
                let obar = out.iter().sum::<f64>() / n as f64;
                for c in 0..n {
                    // d(loss)/d(output): the centred error (its mean's own term sums to 0).
                    let e = 2.0 * ((out[c] - obar) - dec.r[c]);
                    for j in 0..h {
                        let s = acts[c * h + j];
                        if s <= 0.0 {
                            continue;
                        }
                        grad[shape.w2(j)] += e * s;
                        let back = e * theta[shape.w2(j)];
                        grad[shape.b1(j)] += back;
                        for (i, xi) in dec.x[c].iter().enumerate() {
                            grad[shape.w1(j, i)] += back * xi;
                        }
                    }
                }
                rows += n;
            }
            step += 1;
            let (c1, c2) = (1.0 - BETA1.powi(step), 1.0 - BETA2.powi(step));
            for k in 0..theta.len() {
                let is_bias = k >= shape.h * shape.nf && k < shape.h * shape.nf + shape.h;
                let mut g = grad[k] / rows.max(1) as f64;
                if !is_bias {
                    g += L2 * theta[k];
                }
                m[k] = BETA1 * m[k] + (1.0 - BETA1) * g;
                v[k] = BETA2 * v[k] + (1.0 - BETA2) * g * g;
                theta[k] -= LR * (m[k] / c1) / ((v[k] / c2).sqrt() + EPS);
            }
        }
    }
    let mut net = Net::NONE;
    net.hidden = h as u8;
    for j in 0..h {
        for i in 0..nf {
            net.set_w1(j, i, theta[shape.w1(j, i)] as f32);
        }
        net.b1[j] = theta[shape.b1(j)] as f32;
        net.w2[j] = theta[shape.w2(j)] as f32;
    }
    net
}

#[cfg(test)]
mod tests {
    use crate::catan::policy::features::MAX_FEATURES;
    use crate::catan::policy::learned::{score, Net};
    use crate::engine::seeds::mix64;

    /// A network's scores are the same bits on every machine: a network of 16 units (the
    /// shipped models' size) with weights of every sign and magnitude, scored on 500 feature
    /// vectors, gives a pinned checksum of the scores' bits. A change of summation order, a
    /// fused multiply-add or a SIMD path chosen by the CPU would move it. The first 32 features
    /// carry values (the width before version 5 grew the vectors to 48): the slots after them
    /// add zeros, so the pin has not moved since.
    #[test]
    fn network_scores_are_pinned_to_the_bit() {
        const H: usize = 16;
        let x = |k: u64| (mix64(k) >> 11) as f64 / (1u64 << 53) as f64;
        let mut net = Net::NONE;
        net.hidden = H as u8;
        let mut w = [0f32; MAX_FEATURES];
        for (i, wi) in w.iter_mut().enumerate().take(32) {
            *wi = (x(1_000 + i as u64) * 2.0 - 1.0) as f32;
            for j in 0..H {
                net.set_w1(j, i, ((x((j * 64 + i) as u64) * 2.0 - 1.0) * 0.7) as f32);
            }
        }
        for j in 0..H {
            net.b1[j] = (x(5_000 + j as u64) - 0.5) as f32;
            net.w2[j] = ((x(6_000 + j as u64) * 2.0 - 1.0) * 0.3) as f32;
        }
        let mut sum = 0u64;
        for c in 0..500u64 {
            let mut f = [0f32; MAX_FEATURES];
            for (i, v) in f.iter_mut().enumerate().take(32) {
                *v = (x(10_000 + c * 64 + i as u64) * 1.5) as f32;
            }
            let s = score(&w, &net, &f);
            sum = sum
                .wrapping_mul(0x100_0000_01b3)
                .wrapping_add(s.to_bits() as u64);
        }
        assert_eq!(sum, 8961084713239635763);
    }
}
