//! Fitting a learned model to labels: ridge per decision type, a network on its residue, a margin.
//!
//! The labels `robsim learn` collects (`Label`: one decision's candidates, their features and
//! their values over common futures) are fitted per decision type: ridge regression (smartcore)
//! of a candidate's value minus its decision's mean value on its features minus the decision's
//! mean features, a linear ranker; optionally a network (`netfit`) on what that leaves; then a
//! margin for leaving the base policy's choice, chosen by cross-validation over games.

use crate::catan::learning::netfit::{fit_net, NetParams};
use crate::catan::policy::features::{DecisionKind, Features, MAX_FEATURES};
use crate::catan::policy::learned::{score, Net};
use crate::catan::policy::rollout::MAX_CANDIDATES;
use crate::engine::seeds::mix64;
use anyhow::{bail, Result};
use arrayvec::ArrayVec;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use smartcore::linalg::basic::arrays::Array;
use smartcore::linalg::basic::matrix::DenseMatrix;
use smartcore::linear::ridge_regression::{
    RidgeRegression, RidgeRegressionParameters, RidgeRegressionSolverName,
};

/// One labelled decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Label {
    /// The decision type (`DecisionKind::idx`).
    pub kind: u8,
    /// Row of the config, game index and the decision's index among the game's scored ones.
    pub row: u32,
    pub game: u64,
    pub decision: u64,
    /// The candidate the apprentice took (0 is the base policy's choice).
    pub chosen: u8,
    #[serde(with = "feature_rows")]
    pub features: Vec<Features>,
    /// Mean value of each candidate over the futures.
    pub values: Vec<f64>,
}

/// `Vec<Features>` as lists of numbers (serde's arrays stop at 32 elements).
mod feature_rows {
    use super::{Features, MAX_FEATURES};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(rows: &[Features], s: S) -> Result<S::Ok, S::Error> {
        let slices: Vec<&[f32]> = rows.iter().map(|f| &f[..]).collect();
        slices.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Features>, D::Error> {
        let rows = Vec::<Vec<f32>>::deserialize(d)?;
        rows.into_iter()
            .map(|r| {
                let mut f = [0f32; MAX_FEATURES];
                if r.len() > MAX_FEATURES {
                    return Err(serde::de::Error::custom(format!(
                        "{} features, at most {MAX_FEATURES}",
                        r.len()
                    )));
                }
                f[..r.len()].copy_from_slice(&r);
                Ok(f)
            })
            .collect()
    }
}

/// A network's size and training length (`[learn] hidden`, `epochs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NetShape {
    pub hidden: u8,
    pub epochs: u32,
}

/// How well one decision type's fit ranks its labelled candidates (mean over its decisions;
/// regret is the best candidate's value minus the value of the one taken; gain is the value of
/// the one taken minus the base policy's choice's).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct FitStats {
    pub round: u32,
    pub kind: &'static str,
    pub decisions: u64,
    pub labels: u64,
    /// Features that varied within some decision (the others cannot rank and get weight 0).
    pub features_used: u64,
    /// Hidden units of the type's network (0: the linear score alone).
    pub hidden: u8,
    /// Share of the within-decision variance of the values the fit explains.
    pub r2: f64,
    /// Cross-validated (by game): the least predicted advantage over the base policy's choice
    /// for which the model leaves it, the share of decisions where it then does, and the mean
    /// gain per decision; a type whose gain is not positive keeps the base policy's choices.
    pub margin: f64,
    pub cv_deviates: f64,
    pub cv_gain: f64,
    /// On the training labels: regret of the base policy's choice, of the apprentice's and of
    /// the fitted model's (with its margin), and its share of best-valued picks.
    pub regret_base: f64,
    pub regret_apprentice: f64,
    pub regret_model: f64,
    pub picks_best: f64,
    /// Validation games (all rows together): the previous model with only this type's weights
    /// replaced, minus the previous model, pooled over the rows; the type is updated when it
    /// gains (`[learn] update`).
    pub validation_games: u64,
    pub validation_diff: Option<f64>,
    pub validation_lo95: Option<f64>,
    pub validation_hi95: Option<f64>,
    /// Under `update = "sure"`: the validation row (its index) that lost worst while
    /// collapsing (a loss of `COLLAPSE_POINTS` or more, its interval wholly below zero), and
    /// that loss; empty when none did.
    pub validation_collapsed_row: Option<u64>,
    pub validation_collapsed_diff: Option<f64>,
    pub updated: bool,
}

/// Folds of the cross-validation that chooses the margin (by game, so a game's decisions stay
/// together).
const FOLDS: u64 = 4;

/// The candidate `w` and `net` score best (the first of equals), and its score minus the base
/// choice's.
fn pick(l: &Label, w: &[f32; MAX_FEATURES], net: &Net) -> (usize, f64) {
    let scores: ArrayVec<f32, MAX_CANDIDATES> =
        l.features.iter().map(|f| score(w, net, f)).collect();
    let mut best = 0;
    for (k, &s) in scores.iter().enumerate() {
        if s > scores[best] {
            best = k;
        }
    }
    (best, (scores[best] - scores[0]) as f64)
}

/// Ridge regression of within-decision centred values on within-decision centred features
/// (the first `nf`; columns that never vary within a decision of `labels` get weight 0).
fn ridge(
    labels: &[(&[Features], &[f64])],
    nf: usize,
    penalty: f64,
    kind: DecisionKind,
) -> Result<[f32; MAX_FEATURES]> {
    let mut all: Vec<Vec<f64>> = Vec::new();
    let mut ys: Vec<f64> = Vec::new();
    for &(features, values) in labels {
        let n = values.len() as f64;
        let vbar = values.iter().sum::<f64>() / n;
        let mut fbar = vec![0f64; nf];
        for f in features {
            for (m, x) in fbar.iter_mut().zip(f) {
                *m += *x as f64 / n;
            }
        }
        for (f, v) in features.iter().zip(values) {
            all.push((0..nf).map(|j| f[j] as f64 - fbar[j]).collect());
            ys.push(v - vbar);
        }
    }
    let used: Vec<usize> = (0..nf)
        .filter(|&j| all.iter().any(|x| x[j].abs() > 1e-6))
        .collect();
    let rows: Vec<Vec<f64>> = all
        .iter()
        .map(|x| used.iter().map(|&j| x[j]).collect())
        .collect();
    let mut weights = [0f32; MAX_FEATURES];
    // Too few labels to fit every varying feature: no model (the base policy's choices).
    if rows.len() <= used.len() {
        return Ok(weights);
    }
    let x = DenseMatrix::from_2d_vec(&rows)
        .map_err(|e| anyhow::anyhow!("{} features as a matrix: {e}", kind.name()))?;
    let alpha = penalty * ys.len() as f64;
    let solve = |solver| {
        let p = RidgeRegressionParameters::default()
            .with_alpha(alpha)
            .with_normalize(true)
            .with_solver(solver);
        RidgeRegression::fit(&x, &ys, p)
    };
    let m = match solve(RidgeRegressionSolverName::Cholesky) {
        Ok(m) => m,
        Err(_) => match solve(RidgeRegressionSolverName::SVD) {
            Ok(m) => m,
            Err(e) => bail!("fitting the {} weights: {e}", kind.name()),
        },
    };
    let coef = m.coefficients();
    for (k, &j) in used.iter().enumerate() {
        let w = *coef.get((k, 0));
        weights[j] = if w.is_finite() { w as f32 } else { 0.0 };
    }
    Ok(weights)
}

/// The margin that maximises the summed gain of `(predicted advantage, realised gain)` pairs
/// when the model leaves the base choice only above it, with that gain and the number of
/// deviations; `None` when no margin gains anything.
fn best_margin(mut pairs: Vec<(f64, f64)>) -> Option<(f64, f64, usize)> {
    pairs.retain(|p| p.0 > 0.0);
    pairs.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (mut sum, mut best, mut cut) = (0.0, 0.0, None);
    for (i, p) in pairs.iter().enumerate() {
        sum += p.1;
        if sum > best {
            best = sum;
            cut = Some(i);
        }
    }
    let i = cut?;
    let below = pairs.get(i + 1).map_or(0.0, |p| p.0);
    Some(((pairs[i].0 + below) / 2.0, best, i + 1))
}

/// One decision type's fitted scorer: linear weights and a network (`Net::NONE` without one).
pub type Fitted = ([f32; MAX_FEATURES], Net);

/// Fits one decision type's weights on `labels` (those of other types are skipped): ridge
/// regression of within-decision centred values on within-decision centred features, with
/// `net` a network on what that leaves (`netfit`), then a margin on the base choice chosen by
/// cross-validation over games (added to the `is_base` weight). A type whose cross-validated
/// gain is not positive gets weights 0 and no network: the base policy's choices.
///
/// Only the type's features at `version` are read (`DecisionKind::features_at`); the weights
/// past them stay 0.
///
/// With a `prior` (the start model's scorer of the type, `[learn] fit = "on-start"`) the fit
/// goes on from it instead of replacing it: the ridge and the network fit what the prior's
/// scores leave of the values, the scorer is the prior's weights plus the fitted ones and the
/// prior's units beside the fitted network's (`Net::stacked`), the margin is chosen for that
/// sum, and a type whose cross-validated gain is not positive keeps the prior.
///
/// # Errors
/// The regression fails (a singular system: only with `ridge` = 0), or the prior's units and
/// the network's are more than `MAX_HIDDEN` together.
pub fn fit(
    labels: &[Label],
    kind: DecisionKind,
    penalty: f64,
    net: Option<NetShape>,
    version: u32,
    prior: Option<&Fitted>,
) -> Result<(Fitted, FitStats)> {
    let nf = kind.features_at(version).len();
    let mine: Vec<&Label> = labels
        .iter()
        .filter(|l| l.kind as usize == kind.idx() && l.values.len() >= 2)
        .collect();
    // Columns that never vary within a decision carry no ranking information.
    let used: Vec<usize> = (0..nf)
        .filter(|&j| {
            mine.iter().any(|l| {
                let x0 = l.features[0][j];
                l.features.iter().any(|f| (f[j] - x0).abs() > 1e-9)
            })
        })
        .collect();
    let mut stats = FitStats {
        kind: kind.name(),
        decisions: mine.len() as u64,
        labels: mine.iter().map(|l| l.values.len() as u64).sum(),
        features_used: used.len() as u64,
        ..FitStats::default()
    };
    let zero = [0f32; MAX_FEATURES];
    let fallback = prior.copied().unwrap_or((zero, Net::NONE));
    if used.is_empty() || mine.len() < 2 {
        return Ok((fallback, stats));
    }
    // What is fitted: the values, or what the prior's scores leave of them.
    let targets: Vec<Vec<f64>> = match prior {
        None => Vec::new(),
        Some((pw, pn)) => mine
            .iter()
            .map(|l| {
                l.features
                    .iter()
                    .zip(&l.values)
                    .map(|(f, v)| v - score(pw, pn, f) as f64)
                    .collect()
            })
            .collect(),
    };
    let target = |i: usize| -> &[f64] {
        match prior {
            None => &mine[i].values,
            Some(_) => &targets[i],
        }
    };
    // The linear fit, then the network on its residuals (seeded by type and fold), on top of
    // the prior.
    let scorer = |train: &[usize], f: u64| -> Result<Fitted> {
        let data: Vec<(&[Features], &[f64])> = train
            .iter()
            .map(|&i| (&mine[i].features[..], target(i)))
            .collect();
        let w = ridge(&data, nf, penalty, kind)?;
        let n = match net {
            Some(s) => fit_net(
                &data,
                &w,
                nf,
                &NetParams {
                    hidden: s.hidden,
                    epochs: s.epochs,
                    seed: mix64(((kind.idx() as u64) << 8) ^ f),
                },
            ),
            None => Net::NONE,
        };
        match prior {
            None => Ok((w, n)),
            Some((pw, pn)) => {
                let mut sum = *pw;
                for (a, b) in sum.iter_mut().zip(&w) {
                    *a += b;
                }
                let Some(stacked) = Net::stacked(pn, &n) else {
                    bail!(
                        "the {} start network's {} units and the fitted {} are more than {}",
                        kind.name(),
                        pn.hidden,
                        n.hidden,
                        crate::catan::policy::learned::MAX_HIDDEN
                    );
                };
                Ok((sum, stacked))
            }
        }
    };
    let fold = |l: &Label| mix64(((l.row as u64) << 40) ^ l.game) % FOLDS;
    // The folds' fits and the final one are independent: fitted in parallel (a network's
    // training is most of `learn`'s time between its pools of games), joined in fold order.
    // Per fold: its held-out (predicted advantage, realised gain) pairs; the last: the fit on
    // every label.
    type FoldFit = (Vec<(f64, f64)>, Option<Fitted>);
    let fits: Vec<FoldFit> = (0..=FOLDS)
        .into_par_iter()
        .map(|f| -> Result<_> {
            if f == FOLDS {
                let all: Vec<usize> = (0..mine.len()).collect();
                return Ok((Vec::new(), Some(scorer(&all, FOLDS)?)));
            }
            let (test, train): (Vec<usize>, Vec<usize>) =
                (0..mine.len()).partition(|&i| fold(mine[i]) == f);
            if train.len() < 2 {
                return Ok((Vec::new(), None));
            }
            let (w, n) = scorer(&train, f)?;
            let pairs = test
                .iter()
                .map(|&i| {
                    let l = mine[i];
                    let (k, adv) = pick(l, &w, &n);
                    (adv, l.values[k] - l.values[0])
                })
                .collect();
            Ok((pairs, None))
        })
        .collect::<Result<_>>()?;
    let mut pairs = Vec::new();
    let mut all = None;
    for (p, f) in fits {
        pairs.extend(p);
        all = all.or(f);
    }
    let (mut weights, mut network) = all.expect("the fit on every label");
    stats.hidden = network.hidden;
    let d = mine.len() as f64;
    match best_margin(pairs) {
        Some((margin, gain, n)) => {
            weights[0] += margin as f32;
            stats.margin = margin;
            stats.cv_gain = gain / d;
            stats.cv_deviates = n as f64 / d;
        }
        None => {
            (weights, network) = fallback;
            stats.hidden = network.hidden;
        }
    }
    // Fit quality on the training labels.
    let (mut sse, mut sst) = (0f64, 0f64);
    let (mut rb, mut ra, mut rm, mut best_n) = (0f64, 0f64, 0f64, 0u64);
    for l in &mine {
        let n = l.values.len() as f64;
        let vbar = l.values.iter().sum::<f64>() / n;
        let scores: ArrayVec<f64, MAX_CANDIDATES> = l
            .features
            .iter()
            .map(|f| score(&weights, &network, f) as f64)
            .collect();
        let sbar = scores.iter().sum::<f64>() / n;
        for (s, v) in scores.iter().zip(&l.values) {
            let (y, p) = (v - vbar, s - sbar);
            sse += (y - p) * (y - p);
            sst += y * y;
        }
        let top = l.values.iter().cloned().fold(f64::MIN, f64::max);
        let (k, _) = pick(l, &weights, &network);
        rb += top - l.values[0];
        ra += top - l.values[l.chosen as usize];
        rm += top - l.values[k];
        best_n += (l.values[k] >= top) as u64;
    }
    stats.r2 = if sst > 0.0 { 1.0 - sse / sst } else { 0.0 };
    stats.regret_base = rb / d;
    stats.regret_apprentice = ra / d;
    stats.regret_model = rm / d;
    stats.picks_best = best_n as f64 / d;
    Ok(((weights, network), stats))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(kind: DecisionKind, game: u64, feats: &[&[f32]], values: &[f64]) -> Label {
        Label {
            kind: kind.idx() as u8,
            row: 0,
            game,
            decision: 0,
            chosen: 0,
            features: feats
                .iter()
                .map(|f| {
                    let mut x = [0f32; MAX_FEATURES];
                    x[..f.len()].copy_from_slice(f);
                    x
                })
                .collect(),
            values: values.to_vec(),
        }
    }

    /// Decisions where the candidate with the larger second feature is clearly better and
    /// the base policy's choice (first) is not: the fit learns to prefer the feature over
    /// deferring, and its argmax picks the better candidate every time.
    #[test]
    fn a_clearly_better_candidate_is_learned() {
        let mut labels = Vec::new();
        for i in 0..40 {
            let good = 0.2 + (i % 5) as f32 * 0.1;
            let bad = good - 0.15;
            let noise = ((i * 7919) % 13) as f64 * 0.002;
            // Base choice first (is_base = 1), with the lower feature and value.
            labels.push(label(
                DecisionKind::Build,
                i,
                &[&[1.0, bad], &[0.0, good], &[0.0, bad - 0.1]],
                &[0.3 + noise, 0.6 - noise, 0.2],
            ));
        }
        let ((w, _), st) = fit(&labels, DecisionKind::Build, 0.001, None, 1, None).unwrap();
        assert!(w[1] > 0.0, "weights {:?}", &w[..3]);
        assert_eq!(st.decisions, 40);
        assert_eq!(st.picks_best, 1.0);
        // Cross-validated, leaving the base choice gains about 0.3 a decision, every time.
        assert_eq!(st.cv_deviates, 1.0);
        assert!(st.cv_gain > 0.25, "gain {}", st.cv_gain);
        assert!(st.regret_model < 1e-12 && st.regret_base > 0.25);
        assert!(st.r2 > 0.8, "r2 {}", st.r2);
        // Columns that never vary (all the others) keep weight 0.
        assert_eq!(st.features_used, 2);
        assert!(w[2..].iter().all(|&x| x == 0.0));
    }

    /// Without labels, or when every candidate is worth the same, the weights stay 0 and the
    /// model defers to the base policy.
    #[test]
    fn no_signal_no_weights() {
        let ((w, _), st) = fit(&[], DecisionKind::Setup, 0.01, None, 1, None).unwrap();
        assert!(w.iter().all(|&x| x == 0.0));
        assert_eq!(st.decisions, 0);
        let flat: Vec<Label> = (0..10)
            .map(|i| {
                label(
                    DecisionKind::Flip,
                    i,
                    &[&[1.0, i as f32], &[0.0, 0.5]],
                    &[0.4, 0.4],
                )
            })
            .collect();
        let ((w, _), _) = fit(&flat, DecisionKind::Flip, 0.01, None, 1, None).unwrap();
        assert!(w.iter().all(|x| x.abs() < 1e-6), "{:?}", &w[..2]);
    }

    /// Where leaving the base choice sometimes gains and sometimes loses, the margin keeps
    /// only the confident deviations; where it never gains, the type keeps the base choice.
    #[test]
    fn the_margin_keeps_only_gainful_deviations() {
        assert_eq!(best_margin(vec![(0.5, -0.1), (0.2, -0.3)]), None);
        let (m, gain, n) =
            best_margin(vec![(0.1, -0.2), (0.9, 0.3), (0.5, 0.1), (0.0, 1.0)]).unwrap();
        assert_eq!(n, 2);
        assert!((gain - 0.4).abs() < 1e-12);
        assert!(m > 0.1 && m < 0.5, "margin {m}");
    }

    /// Decisions where a candidate's feature 1 is worth having when the position's feature 2
    /// is on and worth avoiding when it is off (feature 2 the same for every candidate of a
    /// decision, as the row's player count is): no linear ranker can tell, a network can.
    fn interaction(n: u64) -> Vec<Label> {
        (0..n)
            .map(|i| {
                let ctx = (i % 2) as f32;
                let a = 0.2 + (i % 7) as f32 * 0.1;
                let b = a - 0.15;
                let f = |is_base: f32, x: f32| {
                    let mut v = [0f32; MAX_FEATURES];
                    v[0] = is_base;
                    v[1] = x;
                    v[2] = ctx;
                    v
                };
                let sign = if ctx > 0.0 { 1.0 } else { -1.0 };
                Label {
                    kind: DecisionKind::Build.idx() as u8,
                    row: 0,
                    game: i,
                    decision: 0,
                    chosen: 0,
                    // The base choice is the worse one half of the time either way.
                    features: vec![f(1.0, b), f(0.0, a)],
                    values: vec![0.5 - sign * 0.1, 0.5 + sign * 0.1],
                }
            })
            .collect()
    }

    #[test]
    fn a_network_learns_what_no_linear_score_can() {
        let labels = interaction(400);
        let ((_, _), linear) = fit(&labels, DecisionKind::Build, 0.001, None, 1, None).unwrap();
        let shape = NetShape {
            hidden: 8,
            epochs: 150,
        };
        let ((_, net), with) =
            fit(&labels, DecisionKind::Build, 0.001, Some(shape), 1, None).unwrap();
        assert_eq!(net.hidden, 8);
        // The linear ranker is right about half the time at best; the network nearly always.
        assert!(linear.picks_best < 0.6, "linear {}", linear.picks_best);
        assert!(with.picks_best > 0.95, "network {}", with.picks_best);
        // Leaving the base choice gains 0.2 in the half of the decisions where it is worse.
        assert!(
            with.cv_gain > 0.095,
            "cross-validated gain {}",
            with.cv_gain
        );
        // Same labels, same network: training is deterministic.
        let ((_, again), _) =
            fit(&labels, DecisionKind::Build, 0.001, Some(shape), 1, None).unwrap();
        assert_eq!(net, again);
    }

    /// The network a fit from no prior gives `labels` (Build decisions).
    fn network(labels: &[Label], shape: NetShape) -> Net {
        fit(labels, DecisionKind::Build, 0.001, Some(shape), 1, None)
            .unwrap()
            .0
             .1
    }

    /// Fitting on the start model (`fit = "on-start"`): where the labels say nothing new the
    /// prior's scorer comes back as it was; where the prior ranks wrongly the fit corrects it
    /// on top (its weights plus the fitted ones, its units beside the fitted ones).
    #[test]
    fn a_fit_on_the_start_keeps_it_and_corrects_it() {
        let shape = NetShape {
            hidden: 4,
            epochs: 30,
        };
        // A prior of a weight on feature 2 and two units; no label varies feature 2.
        let mut pw = [0f32; MAX_FEATURES];
        pw[2] = 0.5;
        let pn = network(&interaction(200), shape);
        assert_eq!(pn.hidden, 4);
        let prior = (pw, pn);
        let flat: Vec<Label> = (0..40)
            .map(|i| {
                label(
                    DecisionKind::Flip,
                    i,
                    &[&[1.0, 0.2], &[0.0, 0.4]],
                    &[0.4, 0.4],
                )
            })
            .collect();
        let (kept, _) = fit(
            &flat,
            DecisionKind::Flip,
            0.01,
            Some(shape),
            1,
            Some(&prior),
        )
        .unwrap();
        assert_eq!(kept, prior, "no gain: the prior stands");
        // A prior that prefers the worse candidate (negative weight on the good feature): the
        // fit on top of it picks the better one, and its scorer is the prior's plus its own.
        let mut wrong = [0f32; MAX_FEATURES];
        wrong[1] = -2.0;
        let mut labels = Vec::new();
        for i in 0..60 {
            let good = 0.2 + (i % 5) as f32 * 0.1;
            labels.push(label(
                DecisionKind::Build,
                i,
                &[&[1.0, good - 0.15], &[0.0, good]],
                &[0.3, 0.6],
            ));
        }
        let prior = (wrong, Net::NONE);
        let ((w, n), st) = fit(
            &labels,
            DecisionKind::Build,
            0.001,
            Some(shape),
            1,
            Some(&prior),
        )
        .unwrap();
        assert_eq!(st.picks_best, 1.0, "{st:?}");
        assert!(
            w[1] > -2.0,
            "the fitted weight is added to the prior's: {}",
            w[1]
        );
        assert_eq!(n.hidden, 4, "no prior units, the fitted network's");
    }

    /// Two networks stacked: one network whose output is the sum of theirs; too many units
    /// together is no network.
    #[test]
    fn stacked_networks_add_their_outputs() {
        let shape = NetShape {
            hidden: 8,
            epochs: 20,
        };
        let a = network(&interaction(100), shape);
        let mut labels = interaction(100);
        for l in &mut labels {
            l.values.reverse();
        }
        let b = network(&labels, shape);
        let ab = Net::stacked(&a, &b).unwrap();
        assert_eq!(ab.hidden, 16);
        for l in interaction(20) {
            for f in &l.features {
                let (x, y) = (ab.output(f), a.output(f) + b.output(f));
                assert!((x - y).abs() < 1e-5, "{x} vs {y}");
            }
        }
        let mut big = a;
        big.hidden = 30;
        assert!(Net::stacked(&big, &b).is_none());
    }
}
