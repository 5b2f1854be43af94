//! The win-probability model recalibrated on a pilot of a row's own play (`[shape] recalibrate`).
//!
//! The model reads the position and the rules, but not who plays them nor how a player it never
//! saw fares under rules it was not fitted on, so away from its training its chances can be off
//! by a level (a row's positions all too hopeful, or all too grim) or by a shape (too sure at
//! one end, too unsure in the middle). A row with `[shape] recalibrate = N` first plays N pilot
//! games: its own rules, board and player, from a master seed of their own (`sim::PILOT`), so no
//! pilot game is one of the row's. At every round start the model's log-odds `z` is kept (in
//! bins of [`Z_STEP`]) with the game's outcome, and an isotonic regression of the outcome on `z`
//! (pool adjacent violators, each bin weighted by its positions) gives the row's chance
//! at every bin: the share of won games' positions among those of like log-odds, pooled until
//! the chance rises with `z` (or falls, where that fits the pilot strictly better). Between
//! the pilot's bins, the straight line between their chances; beyond its log-odds, the chance of
//! its nearest. The row's games are measured
//! with that map ([`Calibration`]), so its calibration columns say how it holds on games the fit
//! never saw. A pilot with no lost game gives a chance of 1 everywhere (and one with no won game
//! 0): the row's decided-when columns then say "never in doubt". A pilot with fewer than
//! [`MIN_OUTCOMES`] won and lost games in all (its games capped) leaves the model as it is.

use crate::catan::policy::value::{bin_of, Calibration, ValueModel};
use crate::catan::{Event, Game};
use crate::engine::play::{Observer, Sink};

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
#[cfg(test)]
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
    // One point a bin seen (its won share, its positions as weight), in rising order of z.
    let points: Vec<(usize, f64, f64)> = (0..Z_BINS)
        .filter(|&k| p.won[k] + p.lost[k] > 0)
        .map(|k| {
            let n = (p.won[k] + p.lost[k]) as f64;
            (k, p.won[k] as f64 / n, n)
        })
        .collect();
    if points.is_empty() {
        return None;
    }
    // The rising fit, and the falling one (the rising fit of the points in reverse); the
    // falling one is kept only where it fits strictly better.
    let rising = pool_adjacent_violators(&points);
    let reversed: Vec<_> = points.iter().rev().copied().collect();
    let mut falling = pool_adjacent_violators(&reversed);
    falling.reverse();
    let sse = |fitted: &[f64]| -> f64 {
        points
            .iter()
            .zip(fitted)
            .map(|(q, f)| q.2 * (q.1 - f) * (q.1 - f))
            .sum()
    };
    let fitted = if sse(&falling) < sse(&rising) {
        falling
    } else {
        rising
    };
    // Every bin: the fitted chance of a bin seen; between two seen bins, the straight line
    // between their chances; beyond the pilot's ends, the chance of the nearest seen bin.
    let chance = (0..Z_BINS)
        .map(|k| {
            let after = points.partition_point(|q| q.0 < k);
            if after == points.len() {
                return fitted[points.len() - 1];
            }
            if points[after].0 == k || after == 0 {
                return fitted[after];
            }
            let (k0, k1) = (points[after - 1].0 as f64, points[after].0 as f64);
            let t = (k as f64 - k0) / (k1 - k0);
            fitted[after - 1] + t * (fitted[after] - fitted[after - 1])
        })
        .map(|c: f64| c.clamp(0.0, 1.0))
        .collect();
    Some(Calibration {
        lo: Z_LO,
        step: Z_STEP,
        chance,
    })
}

/// The weighted least-squares fit of `(_, y, weight)` points (in order) that never falls: pool
/// adjacent violators (Barlow et al. 1972), each block the weighted mean of its points, a new
/// point merged back into the blocks before it while their means fall. The fitted value of
/// every point.
///
/// Written here because the crate that has it, linfa-linear 0.8.1, merges a violating block
/// back into every block before it (its backward pass compares with the block already merged,
/// not the next one: for 0.1, 0.5, 0.6, 0.2, 0.9 it fits 0.35 to the first four, not 0.1 then
/// 0.433), which pooled the pilots' maps into a few flat steps; the test below holds the fit
/// to such a case.
fn pool_adjacent_violators(points: &[(usize, f64, f64)]) -> Vec<f64> {
    // Blocks: (weighted sum of y, weight, points).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::with_capacity(points.len());
    for &(_, y, w) in points {
        let mut b = (y * w, w, 1);
        while let Some(&last) = blocks.last() {
            // last's mean > b's mean, without dividing (weights are positive).
            if last.0 * b.1 > b.0 * last.1 {
                blocks.pop();
                b = (last.0 + b.0, last.1 + b.1, last.2 + b.2);
            } else {
                break;
            }
        }
        blocks.push(b);
    }
    blocks
        .iter()
        .flat_map(|&(s, w, n)| std::iter::repeat_n(s / w, n))
        .collect()
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

    /// A violating point is pooled with the blocks before it only while their means fall.
    #[test]
    fn pooling_stops_at_the_first_block_that_does_not_fall() {
        let pts = |ys: &[(f64, f64)]| -> Vec<(usize, f64, f64)> {
            ys.iter()
                .enumerate()
                .map(|(k, &(y, w))| (k, y, w))
                .collect()
        };
        let got = pool_adjacent_violators(&pts(&[
            (0.1, 1.0),
            (0.5, 1.0),
            (0.6, 1.0),
            (0.2, 1.0),
            (0.9, 1.0),
        ]));
        let want = [0.1, 1.3 / 3.0, 1.3 / 3.0, 1.3 / 3.0, 0.9];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{got:?}");
        }
        // Weighted: the heavy point pulls the pooled block to it.
        let got = pool_adjacent_violators(&pts(&[(0.8, 3.0), (0.4, 1.0), (1.0, 1.0)]));
        for (g, w) in got.iter().zip([0.7, 0.7, 1.0]) {
            assert!((g - w).abs() < 1e-12, "{got:?}");
        }
        // Already rising: unchanged.
        let up = pts(&[(0.0, 2.0), (0.3, 1.0), (0.3, 5.0), (0.9, 1.0)]);
        let got = pool_adjacent_violators(&up);
        assert_eq!(got, vec![0.0, 0.3, 0.3, 0.9]);
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
