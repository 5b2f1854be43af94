//! Fitting the value model: positions of played games, each labelled by how its game ended.
//!
//! `robsim learn-value` plays each row of its config (a Robert row and its policy) on training
//! games and held-out games; every `every` player-turns it keeps the position's features
//! ([`value_features`]); when the game ends every kept position is labelled with the value a
//! full rollout returns for that end ([`rollout::value`]). Per player count, a ridge
//! regression (smartcore) of the label on the features is the model; its held-out R² says how
//! much of the ending it foresees. Positions are summed in the order of their row, game and
//! turn, so the model is the same bytes on any thread count.

use crate::catan::experiment::CatanRow;
use crate::catan::policy::rollout::value;
use crate::catan::policy::value::{features_at, score, value_features, ValueModel, NV};
use crate::catan::sim::{layout_for, GameRngs};
use crate::catan::*;
use crate::engine::play::{Observer, Sink};
use crate::engine::runner::{run, Experiment};
use crate::engine::stats::Accumulator;
use anyhow::{bail, Result};
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};
use smartcore::linalg::basic::arrays::Array;
use smartcore::linalg::basic::matrix::DenseMatrix;
use smartcore::linear::logistic_regression::{
    LogisticRegression, LogisticRegressionParameters, LogisticRegressionSolverName,
};
use smartcore::linear::ridge_regression::{
    RidgeRegression, RidgeRegressionParameters, RidgeRegressionSolverName,
};

/// What `robsim learn-value` fits with (`[value]`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueParams {
    /// Training and held-out games per row.
    pub train_games: u64,
    pub test_games: u64,
    /// A position is kept every this many player-turns.
    pub every: u32,
    /// Ridge penalty per position.
    pub ridge: f64,
    /// `[rollout] progress_weight` of the labels.
    pub progress_weight: f64,
    /// The features fitted (`[value] feature_version`).
    pub version: u32,
}

/// One kept position: where it came from, its features and (once the game ended) its label.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    pub row: u32,
    pub game: u64,
    pub turn: u32,
    pub x: Vec<f64>,
    pub y: f64,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Samples(Vec<Sample>);

impl Accumulator for Samples {
    fn merge(&mut self, o: Self) {
        self.0.extend(o.0);
    }
}

/// Keeps the features of every `every`-th player-turn's first position.
struct Keep {
    every: u32,
    last: u32,
    kept: Vec<(u32, [f64; NV])>,
}

impl Sink<Event> for Keep {}

impl<'t> Observer<Game<'t>> for Keep {
    #[inline]
    fn post_step(&mut self, g: &Game<'t>) {
        let t = g.s.turn;
        if t != self.last && t.is_multiple_of(self.every) && !g.is_over() {
            self.last = t;
            self.kept.push((t, value_features(g)));
        }
    }
}

struct Positions<'a, 't> {
    row: &'a CatanRow<'t>,
    index: u32,
    seed: u64,
    every: u32,
    progress_weight: f64,
}

impl Experiment for Positions<'_, '_> {
    type Acc = Samples;
    type Scratch = Option<Box<ActionList>>;

    fn play(&self, i: u64, acc: &mut Samples, scratch: &mut Self::Scratch) {
        let buf = scratch.get_or_insert_with(|| Box::new(ActionList::new()));
        let r = self.row;
        let layout = layout_for(r.topo, r.spec.board, self.seed, i);
        let mut g = Game::new(r.topo, layout, r.spec.rules);
        let mut rngs = GameRngs::new(self.seed, i);
        let mut player = r.spec.policy.player();
        let mut keep = Keep {
            every: self.every,
            last: u32::MAX,
            kept: Vec::new(),
        };
        crate::engine::play::play(&mut g, &mut player, &mut rngs, buf, &mut keep);
        let y = value(&g, PlayerId(0), self.progress_weight);
        for (turn, x) in keep.kept {
            acc.0.push(Sample {
                row: self.index,
                game: i,
                turn,
                x: x.to_vec(),
                y,
            });
        }
    }
}

/// The positions of `games` games of every row, in row, game and turn order.
pub fn positions(
    rows: &[CatanRow],
    p: &ValueParams,
    seed: u64,
    games: u64,
    pb: &ProgressBar,
) -> Vec<Sample> {
    let mut all = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let e = Positions {
            row,
            index: index as u32,
            seed,
            every: p.every,
            progress_weight: p.progress_weight,
        };
        let mut s = run(&e, 0..games, pb).0;
        s.sort_by_key(|s| (s.game, s.turn));
        all.extend(s);
    }
    all
}

/// One player count's fit.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueFit {
    pub players: u8,
    pub train_positions: u64,
    pub test_positions: u64,
    pub weights: [f64; NV],
    /// Held-out R² and mean squared error, and the mean squared error of the training mean
    /// alone (what the features add).
    pub r2: f64,
    pub mse: f64,
    pub mse_mean: f64,
}

/// Fits the model of each player count the rows play (2, 3 and 4 must all be there).
///
/// # Errors
/// A player count with fewer than 100 training or held-out positions, or a failed solve.
pub fn fit(
    rows: &[CatanRow],
    train: &[Sample],
    test: &[Sample],
    p: &ValueParams,
) -> Result<(ValueModel, Vec<ValueFit>)> {
    let players = |s: &Sample| rows[s.row as usize].spec.rules.players;
    // Values of 0 or 1 only (progress_weight 0): the chance of a win, by logistic regression.
    let logistic = p.progress_weight == 0.0;
    let mut fits = Vec::new();
    let mut weights = [[0.0; NV]; 3];
    for n in 2..=4u8 {
        let tr: Vec<&Sample> = train.iter().filter(|s| players(s) == n).collect();
        let te: Vec<&Sample> = test.iter().filter(|s| players(s) == n).collect();
        if tr.len() < 100 || te.len() < 100 {
            bail!(
                "{n} players: {} training and {} held-out positions; allowed: rows of 2, 3 and 4 players with at least 100 of each (more games, or a smaller every)",
                tr.len(),
                te.len()
            );
        }
        // Unnormalised, smartcore fits no intercept: the bias is a column of ones (its
        // penalty, ridge per position against a column sum of one per position, is negligible).
        let nf = features_at(p.version).len();
        let x: Vec<Vec<f64>> = tr.iter().map(|s| s.x[..nf].to_vec()).collect();
        let y: Vec<f64> = tr.iter().map(|s| s.y).collect();
        let x = DenseMatrix::from_2d_vec(&x)
            .map_err(|e| anyhow::anyhow!("{n} players: features as a matrix: {e}"))?;
        let mut w = [0.0; NV];
        if logistic {
            // Won 1, lost 0: a logistic regression (L2 penalty `ridge` per position), whose
            // score is the log-odds of a win.
            let labels: Vec<i32> = y.iter().map(|&v| (v > 0.5) as i32).collect();
            let params = LogisticRegressionParameters::default()
                .with_alpha(p.ridge * labels.len() as f64)
                .with_solver(LogisticRegressionSolverName::LBFGS);
            let m = LogisticRegression::fit(&x, &labels, params).map_err(|e| {
                anyhow::anyhow!("{n} players: fitting the win-probability weights: {e}")
            })?;
            let coef = m.coefficients();
            for (j, wj) in w[..nf].iter_mut().enumerate() {
                *wj = *coef.get((0, j));
            }
            w[0] += *m.intercept().get((0, 0));
        } else {
            let params = RidgeRegressionParameters::default()
                .with_alpha(p.ridge * y.len() as f64)
                .with_normalize(false)
                .with_solver(RidgeRegressionSolverName::Cholesky);
            let m = RidgeRegression::fit(&x, &y, params)
                .map_err(|e| anyhow::anyhow!("{n} players: fitting the value weights: {e}"))?;
            let coef = m.coefficients();
            for (j, wj) in w[..nf].iter_mut().enumerate() {
                *wj = *coef.get((j, 0));
            }
            w[0] += *m.intercept();
        }
        if w.iter().any(|v| !v.is_finite()) {
            bail!("{n} players: the value weights are not finite (ridge too small?)");
        }
        let mean = y.iter().sum::<f64>() / y.len() as f64;
        let shape = ValueModel {
            progress_weight: p.progress_weight,
            logistic,
            weights: [w; 3],
            version: p.version,
            calibration: None,
        };
        let model_of = |s: &Sample| shape.of_score(score(&w, &s.x));
        let (mut se, mut se_mean) = (0.0, 0.0);
        for s in &te {
            se += (model_of(s) - s.y).powi(2);
            se_mean += (mean - s.y).powi(2);
        }
        let k = te.len() as f64;
        let (mse, mse_mean) = (se / k, se_mean / k);
        weights[n as usize - 2] = w;
        fits.push(ValueFit {
            players: n,
            train_positions: tr.len() as u64,
            test_positions: te.len() as u64,
            weights: w,
            r2: if mse_mean > 0.0 {
                1.0 - mse / mse_mean
            } else {
                0.0
            },
            mse,
            mse_mean,
        });
    }
    Ok((
        ValueModel {
            progress_weight: p.progress_weight,
            logistic,
            weights,
            version: p.version,
            calibration: None,
        },
        fits,
    ))
}
