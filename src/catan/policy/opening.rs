//! Varied openings: a set-up choice drawn by softmax over a policy's spot scores.
//!
//! Varied openings: a set-up choice drawn by softmax over a policy's own spot scores, so that games
//! of a deterministic policy do not all open alike.

use crate::catan::MAX_CORNERS;
use crate::engine::seeds::Rng;
use arrayvec::ArrayVec;
use rand::Rng as _;

/// The option to take among `(option, score)` pairs: the best score (the first of equals) when
/// `temperature` is 0, else one drawn with probability proportional to
/// `exp((score - best) / temperature)`, so options within about `temperature` score points of
/// the best are comparably likely. Draws from `rng` only when `temperature` > 0, so a policy
/// at temperature 0 plays exactly as before. At most [`MAX_CORNERS`] options are considered.
pub(crate) fn pick<T: Copy>(
    options: impl Iterator<Item = (T, f32)>,
    temperature: f32,
    rng: &mut Rng,
) -> Option<T> {
    if temperature <= 0.0 {
        let mut best: Option<(T, f32)> = None;
        for (o, v) in options {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((o, v));
            }
        }
        return best.map(|b| b.0);
    }
    let mut all: ArrayVec<(T, f32), MAX_CORNERS> = ArrayVec::new();
    for ov in options.take(MAX_CORNERS) {
        all.push(ov);
    }
    let top = all.iter().map(|x| x.1).fold(f32::MIN, f32::max);
    let total: f64 = all
        .iter()
        .map(|x| (((x.1 - top) / temperature) as f64).exp())
        .sum();
    let mut u = rng.random::<f64>() * total;
    for &(o, v) in &all {
        u -= (((v - top) / temperature) as f64).exp();
        if u <= 0.0 {
            return Some(o);
        }
    }
    all.last().map(|x| x.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_temperature_takes_the_best_and_draws_nothing() {
        let mut a = crate::engine::seeds::rng(1, 2, crate::engine::seeds::Stream::POLICY);
        let b = a.clone();
        let opts = [(0u8, 1.0f32), (1, 3.0), (2, 3.0), (3, 2.0)];
        assert_eq!(pick(opts.iter().copied(), 0.0, &mut a), Some(1));
        assert_eq!(a, b, "no number drawn at temperature 0");
        assert_eq!(pick(std::iter::empty::<(u8, f32)>(), 1.0, &mut a), None);
    }

    #[test]
    fn temperature_spreads_the_choice_by_score() {
        let mut r = crate::engine::seeds::rng(1, 3, crate::engine::seeds::Stream::POLICY);
        let opts = [(0usize, 0.0f32), (1, 1.0), (2, 5.0)];
        let mut seen = [0u32; 3];
        for _ in 0..20_000 {
            seen[pick(opts.iter().copied(), 1.0, &mut r).unwrap()] += 1;
        }
        // exp(-5) : exp(-4) : 1 of 20,000 is about 133 : 362 : 19,505.
        assert!(
            seen[2] > 19_000 && seen[1] > 250 && seen[0] > 60,
            "{seen:?}"
        );
        assert!(seen[1] > 2 * seen[0], "{seen:?}");
    }
}
