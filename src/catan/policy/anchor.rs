//! The win-probability model recalibrated on a pilot of a row's own play (`[shape] recalibrate`).
//!
//! The model reads the position and the rules, but not who plays them nor how a player it never
//! saw fares under rules it was not fitted on, so away from its training its chances can be off
//! by a level (a row's positions all too hopeful, or all too grim) or by a shape (too sure at
//! one end, too unsure in the middle). A row with `[shape] recalibrate = N` first plays N pilot
//! games: its own rules, board and player, from a master seed of their own (`sim::PILOT`), so no
//! pilot game is one of the row's. At every round start the model's log-odds `z` is kept (in
//! bins of [`Z_STEP`]) with the game's outcome, and an isotonic regression of the outcome on `z`
//! (linfa's pool adjacent violators, each bin weighted by its positions) gives the row's chance
//! at every bin: the share of won games' positions among those of like log-odds, pooled until
//! the chance rises with `z` (or falls, where the pilot's better positions are lost more
//! often). Beyond the pilot's log-odds, the chance of its nearest. The row's games are measured
//! with that map ([`Calibration`]), so its calibration columns say how it holds on games the fit
//! never saw. A pilot with no lost game gives a chance of 1 everywhere (and one with no won game
//! 0): the row's decided-when columns then say "never in doubt". A pilot with fewer than
//! [`MIN_OUTCOMES`] won and lost games in all (its games capped) leaves the model as it is.

use crate::catan::policy::value::{bin_of, Calibration, ValueModel};
use crate::catan::{Event, Game};
use crate::engine::play::{Observer, Sink};
use linfa::prelude::{Fit, Predict};
use linfa::Dataset;
use linfa_linear::IsotonicRegression;
use ndarray::{Array1, Array2};
use statrs::statistics::Statistics;

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
    bin_of(z, Z_LO, Z_STEP, Z_BINS)
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

/// The row's chance at every bin of log-odds, fitted to the pilot (see the module's summary);
/// `None` when it has fewer than [`MIN_OUTCOMES`] won and lost games in all.
pub fn fit(p: &Pilot) -> Option<Calibration> {
    if p.games_won + p.games_lost < MIN_OUTCOMES {
        return None;
    }
    let seen: Vec<usize> = (0..Z_BINS).filter(|&k| p.won[k] + p.lost[k] > 0).collect();
    if seen.is_empty() {
        return None;
    }
    // One point a bin (its log-odds, its won share, its positions as weight), in rising order
    // of `sign·z`: `z` itself, or `-z` where the shares fall with `z`. linfa-linear 0.8 picks the
    // direction by the sign of the points' (unweighted) correlation, as here, but a falling fit
    // there reads its breakpoints from the rows in their given order, not its sorted one, and
    // comes out mirrored; so it is only ever asked for a rising one.
    let mut points: Vec<(f64, f64, f32)> = seen
        .iter()
        .map(|&k| {
            let n = p.won[k] + p.lost[k];
            (centre(k), p.won[k] as f64 / n as f64, n as f32)
        })
        .collect();
    // The sign of the correlation (statrs: NaN, so rising, for a single point).
    let (xs, ys): (Vec<f64>, Vec<f64>) = points.iter().map(|q| (q.0, q.1)).unzip();
    let falls = xs.iter().covariance(ys.iter()) < 0.0;
    let sign: f64 = if falls { -1.0 } else { 1.0 };
    if falls {
        points.reverse();
    }
    let x = Array2::from_shape_fn((points.len(), 1), |(i, _)| sign * points[i].0);
    let y: Array1<f64> = points.iter().map(|q| q.1).collect();
    let w: Array1<f32> = points.iter().map(|q| q.2).collect();
    let data = Dataset::new(x, y).with_weights(w);
    let fitted = IsotonicRegression::default().fit(&data).ok()?;
    let grid = Array2::from_shape_fn((Z_BINS, 1), |(k, _)| sign * centre(k));
    let chance: Array1<f64> = fitted.predict(&grid);
    Some(Calibration {
        lo: Z_LO,
        step: Z_STEP,
        chance: chance.iter().map(|c| c.clamp(0.0, 1.0)).collect(),
    })
}

/// `model` read through the row's map: its chance at log-odds `z` is the map's (the row's player
/// count only: a row has one).
pub fn recalibrated(model: &ValueModel, map: Calibration) -> ValueModel {
    ValueModel {
        calibration: Some(map),
        ..model.clone()
    }
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
    fit(&p).map(|map| recalibrated(model, map))
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

    /// A pilot drawn from σ(2z - 1) gives back that chance; a pilot without losses, 1; one whose
    /// better positions lose, a falling map; too few decided games, none.
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
        let c = fit(&p).unwrap();
        assert_eq!(c.chance.len(), Z_BINS);
        for z in [-3.0f64, -1.0, 0.0, 0.5, 1.0, 3.0] {
            let q = 1.0 / (1.0 + (-(2.0 * z - 1.0)).exp());
            // Between the pilot's points the map is linear: within a step of 0.2 in z.
            assert!((c.chance(z) - q).abs() < 0.05, "{z}: {} {q}", c.chance(z));
        }
        assert!(c.chance.windows(2).all(|w| w[0] <= w[1]));
        // Beyond the pilot's log-odds, the chance of its nearest point.
        assert_eq!(c.chance(-11.0), c.chance(-4.1));
        assert_eq!(c.chance(11.0), c.chance(4.1));
        // A shape the logistic link cannot take: won positions only above z = 1, lost below.
        let mut step = Pilot {
            won: vec![0; Z_BINS],
            lost: vec![0; Z_BINS],
            games_won: 50,
            games_lost: 50,
        };
        step.won[bin(1.5)] = 400;
        step.lost[bin(0.5)] = 300;
        step.lost[bin(-2.0)] = 300;
        let s = fit(&step).unwrap();
        assert_eq!(s.chance(-2.0), 0.0);
        assert_eq!(s.chance(0.5), 0.0);
        assert_eq!(s.chance(1.5), 1.0);
        // No lost game: a chance of 1 at every position.
        let none = Pilot {
            lost: vec![0; Z_BINS],
            games_lost: 0,
            ..p.clone()
        };
        assert!(fit(&none).unwrap().chance.iter().all(|&c| c == 1.0));
        // Better positions lost more often: the map falls.
        let turned = Pilot {
            won: p.lost.clone(),
            lost: p.won.clone(),
            ..p.clone()
        };
        let t = fit(&turned).unwrap();
        assert!(t.chance(-3.0) > 0.9 && t.chance(3.0) < 0.1);
        // Too few decided games in all: the model as it is.
        let capped = Pilot {
            games_won: 5,
            games_lost: 4,
            ..p.clone()
        };
        assert_eq!(fit(&capped), None);
        // The recalibrated model keeps its weights and reads its chance from the map.
        let m = ValueModel::winprob();
        let r = recalibrated(m, c.clone());
        assert_eq!(r.weights, m.weights);
        assert_eq!(r.calibration, Some(c));
    }
}
