//! Game-independent search machinery: paired statistics of candidates and the racing loop.

/// Least standard deviation assumed for a paired difference of rollout values. With a few
/// rollouts the sample's own can be 0 (every rollout gained the same small progress), and a
/// candidate would then replace the base choice on no evidence of winning more.
pub const SD_FLOOR: f64 = 0.1;

/// Most candidates a search compares at one decision.
pub const MAX_RACERS: usize = 16;

/// One candidate's futures: the sum of its values, and the sum and sum of squares of its
/// difference with a0's value on the same future.
#[derive(Clone, Copy, Debug, Default)]
pub struct Paired {
    pub n: u32,
    pub sum: f64,
    pub dsum: f64,
    pub dsq: f64,
}

impl Paired {
    pub fn add(&mut self, v: f64, v0: f64) {
        self.n += 1;
        self.sum += v;
        self.dsum += v - v0;
        self.dsq += (v - v0) * (v - v0);
    }

    /// Whether the mean paired difference is positive and at least `min_z` standard errors.
    pub fn clears(&self, min_z: f64) -> bool {
        let n = self.n.max(1) as f64;
        let mean = self.dsum / n;
        let var = if self.n > 1 {
            (self.dsq - self.dsum * mean) / (n - 1.0)
        } else {
            0.0
        };
        let se = (var.max(SD_FLOOR * SD_FLOOR) / n).sqrt();
        mean > 0.0 && mean >= min_z * se
    }
}

/// Racing over `cands` candidates (candidate 0 is the base policy's choice, a0): `futures`
/// futures per candidate, `value(k, j)` playing candidate `k` along future `j` (the same future
/// for every candidate: common random numbers). At half the budget a candidate not ahead of a0
/// is dropped, and when none is left the race stops. Returns the best mean among the survivors
/// that clear a0 by `min_z` paired standard errors, else 0.
pub fn race(
    cands: usize,
    futures: u32,
    min_z: f64,
    mut value: impl FnMut(usize, u64) -> f64,
) -> usize {
    debug_assert!(cands <= MAX_RACERS);
    let n = futures as usize;
    let mut stats = [Paired::default(); MAX_RACERS];
    let mut alive = [true; MAX_RACERS];
    let mut played = 0usize;
    for j in 0..n as u64 {
        if n >= 4 && played == n / 2 {
            for k in 1..cands {
                alive[k] &= stats[k].dsum > 0.0;
            }
            if !alive[1..cands].iter().any(|&a| a) {
                break;
            }
        }
        let mut v0 = 0.0;
        for (k, &on) in alive[..cands].iter().enumerate() {
            if !on {
                continue;
            }
            let v = value(k, j);
            if k == 0 {
                v0 = v;
            }
            stats[k].add(v, v0);
        }
        played += 1;
    }
    let mut best = 0;
    for k in 1..cands {
        if alive[k] && stats[k].clears(min_z) && stats[k].sum > stats[best].sum {
            best = k;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The candidate that is clearly better wins; one only as good as a0 does not replace it;
    /// a candidate behind a0 at half the budget plays no more futures.
    #[test]
    fn racing_takes_a_clear_winner_and_drops_the_behind() {
        let mut calls = [0u32; 3];
        let best = race(3, 20, 2.0, |k, j| {
            calls[k] += 1;
            let noise = (j % 3) as f64 * 0.1;
            match k {
                0 => 0.2 + noise,
                1 => 0.1 + noise,
                _ => 0.6 + noise,
            }
        });
        assert_eq!(best, 2);
        assert_eq!(calls, [20, 10, 20]);
        let tie = race(2, 20, 2.0, |_, j| (j % 2) as f64);
        assert_eq!(tie, 0);
    }
}
