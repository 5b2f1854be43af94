//! The win-probability model recalibrated on a pilot of a row's own play (`[shape] recalibrate`).
//!
//! The model reads the position and the rules, but not who plays them nor how a player it never
//! saw fares under rules it was not fitted on, so away from its training its chances can be off
//! by a level (a row's positions all too hopeful, or all too grim). A row with `[shape]
//! recalibrate = N` first plays N pilot games: its own rules, board and player, from a master
//! seed of their own (`sim::PILOT`), so no pilot game is one of the row's. At every round start the
//! model's log-odds `z` is kept (in bins of [`Z_STEP`]) with the game's outcome, and a logistic
//! regression of the outcome on `z` (smartcore) gives `a` and `b` of the recalibrated chance
//! `σ(a·z + b)` (Platt scaling): a model of the same features, its weights for the row's player
//! count `a·w` and its bias `a·w₀ + b`. The row's games are measured with it, so its calibration
//! columns say how it holds on games the fit never saw. A pilot with fewer than [`MIN_OUTCOMES`]
//! won or fewer than [`MIN_OUTCOMES`] lost games (a row its team almost always wins, or almost
//! always loses), or whose slope is not positive, cannot say how the model's log-odds rank the
//! row's positions: the row's chance is then the pilot's own rate, the same at every position
//! (`a = 0`, `b` the log-odds of the share of its positions in won games, half a position added
//! to each side so that a pilot with no loss still gives a finite chance). A pilot with fewer
//! than [`MIN_OUTCOMES`] won and lost games in all (its games capped) leaves the model as it is.

use crate::catan::policy::value::ValueModel;
use crate::catan::{Event, Game};
use crate::engine::play::{Observer, Sink};
use smartcore::linalg::basic::arrays::Array;
use smartcore::linalg::basic::matrix::DenseMatrix;
use smartcore::linear::logistic_regression::{
    LogisticRegression, LogisticRegressionParameters, LogisticRegressionSolverName,
};

/// Bins of the pilot's log-odds: `Z_LO + k·Z_STEP` for `k` in `0..Z_BINS` (beyond, the end bins).
pub const Z_BINS: usize = 480;
pub const Z_LO: f64 = -12.0;
pub const Z_STEP: f64 = 0.05;

/// The fewest won and the fewest lost pilot games with which the model is recalibrated.
pub const MIN_OUTCOMES: u64 = 10;

/// The pilot's log-odds at round starts, per bin: positions in won games and in lost games.
#[derive(Clone, Debug, PartialEq)]
pub struct Pilot {
    pub won: Vec<u64>,
    pub lost: Vec<u64>,
    pub games_won: u64,
    pub games_lost: u64,
}

/// The bin of log-odds `z`.
fn bin(z: f64) -> usize {
    let k = ((z - Z_LO) / Z_STEP).floor();
    k.clamp(0.0, (Z_BINS - 1) as f64) as usize
}

/// The middle of bin `k`.
fn centre(k: usize) -> f64 {
    Z_LO + (k as f64 + 0.5) * Z_STEP
}

/// One pilot game's round starts, binned (no allocation in the game loop).
pub struct Watch<'m> {
    model: &'m ValueModel,
    players: u32,
    turn: u32,
    bins: [u32; Z_BINS],
}

impl Sink<Event> for Watch<'_> {}

impl<'t> Observer<Game<'t>> for Watch<'_> {
    #[inline]
    fn post_step(&mut self, g: &Game<'t>) {
        // The round starts the shape's watch scores (player-turns 1, n + 1, 2n + 1, ...).
        let t = g.s.turn;
        if t == self.turn || t == 0 || g.is_over() {
            return;
        }
        self.turn = t;
        if (t - 1).is_multiple_of(self.players) {
            self.bins[bin(self.model.log_odds(g))] += 1;
        }
    }
}

/// Plays `games` pilot games (`play(i, watch)` plays game `i` with the observer and says whether
/// the team won, `None` for a game neither won nor lost) and keeps `model`'s log-odds at their
/// round starts.
pub fn pilot(
    model: &ValueModel,
    players: u8,
    games: u32,
    mut play: impl FnMut(u64, &mut Watch) -> Option<bool>,
) -> Pilot {
    let mut out = Pilot {
        won: vec![0; Z_BINS],
        lost: vec![0; Z_BINS],
        games_won: 0,
        games_lost: 0,
    };
    for i in 0..games as u64 {
        let mut w = Watch {
            model,
            players: players.max(1) as u32,
            turn: 0,
            bins: [0; Z_BINS],
        };
        let into = match play(i, &mut w) {
            Some(true) => {
                out.games_won += 1;
                &mut out.won
            }
            Some(false) => {
                out.games_lost += 1;
                &mut out.lost
            }
            None => continue,
        };
        for (t, &n) in into.iter_mut().zip(&w.bins) {
            *t += n as u64;
        }
    }
    out
}

/// `a` and `b` of `σ(a·z + b)` fitted to the pilot (a logistic regression without penalty); the
/// pilot's own rate (`a = 0`) when it has too few won or too few lost games or the slope is not
/// positive; `None` when it has too few won and lost games in all.
pub fn fit(p: &Pilot) -> Option<(f64, f64)> {
    if p.games_won + p.games_lost < MIN_OUTCOMES {
        return None;
    }
    if p.games_won < MIN_OUTCOMES || p.games_lost < MIN_OUTCOMES {
        return Some(rate(p));
    }
    Some(slope(p).unwrap_or_else(|| rate(p)))
}

/// The pilot's own rate as `(0, b)`: `b` the log-odds of the share of its positions in won
/// games, half a position added to the won and to the lost.
fn rate(p: &Pilot) -> (f64, f64) {
    let won = p.won.iter().sum::<u64>() as f64 + 0.5;
    let lost = p.lost.iter().sum::<u64>() as f64 + 0.5;
    (0.0, (won / lost).ln())
}

/// The logistic regression's `(a, b)`, or `None` where it fails or its slope is not positive.
fn slope(p: &Pilot) -> Option<(f64, f64)> {
    let mut x = Vec::new();
    let mut y = Vec::new();
    for k in 0..Z_BINS {
        for (n, label) in [(p.won[k], 1), (p.lost[k], 0)] {
            for _ in 0..n {
                x.push(vec![centre(k)]);
                y.push(label);
            }
        }
    }
    let x = DenseMatrix::from_2d_vec(&x).ok()?;
    let params = LogisticRegressionParameters::default()
        .with_alpha(0.0)
        .with_solver(LogisticRegressionSolverName::LBFGS);
    let m = LogisticRegression::fit(&x, &y, params).ok()?;
    let (a, b) = (*m.coefficients().get((0, 0)), *m.intercept().get((0, 0)));
    (a > 0.0 && a.is_finite() && b.is_finite()).then_some((a, b))
}

/// `model` recalibrated for `players` players: `σ(a·z + b)` of its log-odds `z`.
pub fn recalibrated(model: &ValueModel, players: u8, (a, b): (f64, f64)) -> ValueModel {
    let mut m = model.clone();
    let w = &mut m.weights[(players as usize).clamp(2, 4) - 2];
    for wi in w.iter_mut() {
        *wi *= a;
    }
    // The first feature is the bias (always 1).
    w[0] += b;
    m
}

/// `model` recalibrated on `games` pilot games of `players` players (see [`pilot`]), or `None`
/// where the pilot allows no fit (the model as it is).
pub fn recalibrate(
    model: &ValueModel,
    players: u8,
    games: u32,
    play: impl FnMut(u64, &mut Watch) -> Option<bool>,
) -> Option<ValueModel> {
    if games == 0 || !model.logistic {
        return None;
    }
    let p = pilot(model, players, games, play);
    fit(&p).map(|ab| recalibrated(model, players, ab))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_cover_the_log_odds_and_clamp_beyond() {
        assert_eq!(bin(-100.0), 0);
        assert_eq!(bin(100.0), Z_BINS - 1);
        assert_eq!(bin(0.0), 240);
        assert!((centre(bin(0.01)) - 0.025).abs() < 1e-12);
    }

    /// A pilot drawn from σ(2z - 1) gives back a ≈ 2, b ≈ -1; too few losses give the pilot's rate.
    #[test]
    fn the_fit_recovers_a_known_recalibration() {
        let mut p = Pilot {
            won: vec![0; Z_BINS],
            lost: vec![0; Z_BINS],
            games_won: 100,
            games_lost: 100,
        };
        for k in (0..Z_BINS).step_by(4) {
            let z = centre(k);
            if !(-4.0..=4.0).contains(&z) {
                continue;
            }
            let q = 1.0 / (1.0 + (-(2.0 * z - 1.0)).exp());
            p.won[k] = (q * 1000.0).round() as u64;
            p.lost[k] = ((1.0 - q) * 1000.0).round() as u64;
        }
        let (a, b) = fit(&p).unwrap();
        assert!((a - 2.0).abs() < 0.02 && (b + 1.0).abs() < 0.02, "{a} {b}");
        // Too few lost games: the pilot's own rate, the same at every position.
        let won: u64 = p.won.iter().sum();
        let lost: u64 = p.lost.iter().sum();
        let own = ((won as f64 + 0.5) / (lost as f64 + 0.5)).ln();
        let few = Pilot {
            games_lost: 9,
            ..p.clone()
        };
        assert_eq!(fit(&few), Some((0.0, own)));
        // None lost at all: still a finite chance, near 1.
        let none = Pilot {
            lost: vec![0; Z_BINS],
            games_lost: 0,
            ..p.clone()
        };
        let (a0, b0) = fit(&none).unwrap();
        assert!(a0 == 0.0 && b0 > 5.0 && b0.is_finite(), "{b0}");
        // A pilot whose better positions are lost more often: no slope, its own rate.
        let turned = Pilot {
            won: p.lost.clone(),
            lost: p.won.clone(),
            ..p.clone()
        };
        assert_eq!(fit(&turned).map(|ab| ab.0), Some(0.0));
        // Too few decided games in all: the model as it is.
        let capped = Pilot {
            games_won: 5,
            games_lost: 4,
            ..p.clone()
        };
        assert_eq!(fit(&capped), None);
        // The recalibrated model's bias and weights of that player count, no other.
        let m = ValueModel::winprob();
        let r = recalibrated(m, 3, (a, b));
        assert_eq!(r.weights[0], m.weights[0]);
        assert_eq!(r.weights[2], m.weights[2]);
        assert!((r.weights[1][0] - (a * m.weights[1][0] + b)).abs() < 1e-12);
        assert!((r.weights[1][3] - a * m.weights[1][3]).abs() < 1e-12);
    }
}
