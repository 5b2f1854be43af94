//! Mergeable accumulators (identity + merge, exact integer counts) and report-time statistics.

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use statrs::distribution::{Binomial, ChiSquared, ContinuousCDF, DiscreteCDF, Normal, StudentsT};

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

/// Game lengths in rounds, as every game's `summary.csv` writes them: a round is every player
/// taking one turn, the round under way when the game ends counting; nearest-rank quantiles
/// over every game (since the rounds never fall as the player-turns grow, each is the rounds of
/// that quantile of the player-turns).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Rounds {
    pub rounds_median: Option<u32>,
    pub rounds_p10: Option<u32>,
    pub rounds_p90: Option<u32>,
}

impl Rounds {
    /// The rounds of games whose player-turns are `turns`, at a table of `players`.
    pub fn of(turns: &Hist, players: u8) -> Rounds {
        let q = |p: f64| turns.quantile(p).map(|t| rounds(t, players));
        Rounds {
            rounds_median: q(0.5),
            rounds_p10: q(0.1),
            rounds_p90: q(0.9),
        }
    }
}

/// Rounds of a game of `turns` player-turns at a table of `players`.
#[inline]
pub fn rounds(turns: u32, players: u8) -> u32 {
    turns.div_ceil(u32::from(players.max(1)))
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
    /// Observations equal to `v`.
    pub fn count_at(&self, v: u32) -> u64 {
        self.counts.get(v as usize).copied().unwrap_or(0)
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
    /// Observations equal to `v`.
    pub fn count_of(&self, v: u32) -> u64 {
        self.counts.get(v as usize).copied().unwrap_or(0)
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

/// Counts merge by addition.
macro_rules! summed {
    ($($t:ty),*) => {$(
        impl Accumulator for $t {
            #[inline]
            fn merge(&mut self, o: Self) {
                *self += o;
            }
        }
    )*};
}
summed!(u64, i64);

/// Arrays merge element by element (per seat, per cause...).
impl<T: Accumulator, const N: usize> Accumulator for [T; N]
where
    [T; N]: Default + Serialize + DeserializeOwned,
{
    fn merge(&mut self, o: Self) {
        for (a, b) in self.iter_mut().zip(o) {
            a.merge(b);
        }
    }
}

/// Per-hex counts: element-wise sums, the shorter side padded with zeros.
impl Accumulator for Vec<u64> {
    fn merge(&mut self, o: Self) {
        if o.len() > self.len() {
            self.resize(o.len(), 0);
        }
        for (a, b) in self.iter_mut().zip(o) {
            *a += b;
        }
    }
}

/// Something recorded only by some rows: absent is the identity.
impl<T: Accumulator> Accumulator for Option<T> {
    fn merge(&mut self, o: Self) {
        match (self.as_mut(), o) {
            (Some(a), Some(b)) => a.merge(b),
            (None, b) => *self = b,
            (Some(_), None) => {}
        }
    }
}

impl<T: Accumulator> Accumulator for Box<T> {
    fn merge(&mut self, o: Self) {
        (**self).merge(*o);
    }
}

/// Declares a struct of accumulators and its [`Accumulator`] impl, merging every field, so that
/// a field added later cannot be forgotten in the merge.
macro_rules! accumulator {
    ($(#[$m:meta])* $vis:vis struct $name:ident {
        $($(#[$fm:meta])* $fvis:vis $field:ident : $ty:ty),* $(,)?
    }) => {
        $(#[$m])*
        $vis struct $name {
            $($(#[$fm])* $fvis $field: $ty,)*
        }
        impl $crate::engine::stats::Accumulator for $name {
            fn merge(&mut self, o: Self) {
                $($crate::engine::stats::Accumulator::merge(&mut self.$field, o.$field);)*
            }
        }
    };
}
pub(crate) use accumulator;

/// The 95% Wilson score interval of `k` successes in `n` trials (`(0, 1)` when `n == 0`).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    wilson_level(k, n, 0.95)
}

/// The Wilson score interval at confidence `level`; z comes from statrs' normal quantile.
pub fn wilson_level(k: u64, n: u64, level: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    wilson_rate(k as f64 / n as f64, n as f64, level)
}

/// The Wilson score interval of a rate `p` observed over an effective sample size `n` (which
/// need not be whole: clustered data divide the games by their design effect).
pub fn wilson_rate(p: f64, n: f64, level: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = Normal::standard().inverse_cdf(1.0 - (1.0 - level) / 2.0);
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let d = 1.0 + z2 / n;
    (
        ((centre - half) / d).max(0.0),
        ((centre + half) / d).min(1.0),
    )
}

/// Per-game records of one row, indexed by game index: a win bit and the game's length. Merged by
/// placing every game at its own index, so any split of the games (any thread count) gives the
/// same log. Bounded: 4 bytes and 1 bit per game. Paired comparisons read game `i` of two rows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLog {
    /// Game index of `lens[0]`.
    start: u64,
    lens: Vec<u32>,
    /// Win bits of games `64 * start_word ..`, `start_word = start / 64`.
    wins: Vec<u64>,
    /// How each game of `lens` ended ([`GameEnd::code`]); empty where the game records none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    ends: Vec<u8>,
}

/// How one game ended, as `games.csv`'s `end` column says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The team (co-operative or solo game) reached its goal.
    Won,
    /// The team lost the race in play.
    Lost,
    /// The team's player conceded after its score stood still (a loss).
    Stalled,
    /// The team conceded a game it could provably no longer win (a loss).
    Conceded,
    /// The game reached the turn cap undecided.
    Capped,
    /// One seat (0-based) won a competitive game.
    Seat(u8),
    /// Several seats shared the win: a mask of the tied seats (bit k: seat k, 0-based; 0 for a
    /// log written before 2026-12-02, which did not keep who).
    Tied(u8),
}

impl GameEnd {
    /// One byte per game in a [`GameLog`]: 0 is "not recorded".
    pub fn code(self) -> u8 {
        match self {
            GameEnd::Won => 1,
            GameEnd::Lost => 2,
            GameEnd::Stalled => 3,
            GameEnd::Conceded => 4,
            GameEnd::Capped => 5,
            GameEnd::Tied(0) => 6,
            GameEnd::Seat(s) => 16 + s,
            GameEnd::Tied(mask) => 64 + (mask & 63),
        }
    }

    pub fn from_code(c: u8) -> Option<GameEnd> {
        Some(match c {
            1 => GameEnd::Won,
            2 => GameEnd::Lost,
            3 => GameEnd::Stalled,
            4 => GameEnd::Conceded,
            5 => GameEnd::Capped,
            6 => GameEnd::Tied(0),
            16..=63 => GameEnd::Seat(c - 16),
            64.. => GameEnd::Tied(c - 64),
            _ => return None,
        })
    }

    /// `won`, `lost`, `stalled`, `conceded`, `capped`, `tied`, or `seatN` (1-based).
    pub fn name(self) -> String {
        match self {
            GameEnd::Won => "won".into(),
            GameEnd::Lost => "lost".into(),
            GameEnd::Stalled => "stalled".into(),
            GameEnd::Conceded => "conceded".into(),
            GameEnd::Capped => "capped".into(),
            GameEnd::Tied(_) => "tied".into(),
            GameEnd::Seat(s) => format!("seat{}", s + 1),
        }
    }

    /// The winning seats of a competitive game, 1-based, joined by `+` (`2`, `1+3`); empty for
    /// a co-operative game's end or a tie whose seats were not kept.
    pub fn winners(self) -> String {
        match self {
            GameEnd::Seat(s) => (s + 1).to_string(),
            GameEnd::Tied(mask) => (0..6)
                .filter(|k| mask >> k & 1 == 1)
                .map(|k| (k + 1).to_string())
                .collect::<Vec<_>>()
                .join("+"),
            _ => String::new(),
        }
    }
}

impl GameLog {
    /// Records game `i` (each index once).
    #[inline]
    pub fn record(&mut self, i: u64, win: bool, len: u32) {
        if self.lens.is_empty() {
            self.start = i;
        }
        if i < self.start {
            self.grow_front(i);
        }
        let k = (i - self.start) as usize;
        if k >= self.lens.len() {
            self.lens.resize(k + 1, 0);
        }
        self.lens[k] = len;
        if !self.ends.is_empty() {
            self.ends.resize(self.lens.len(), 0);
        }
        let w = (i / 64 - self.start / 64) as usize;
        if w >= self.wins.len() {
            self.wins.resize(w + 1, 0);
        }
        if win {
            self.wins[w] |= 1 << (i % 64);
        }
    }

    fn grow_front(&mut self, new_start: u64) {
        let pad = (self.start - new_start) as usize;
        let wpad = (self.start / 64 - new_start / 64) as usize;
        self.lens.splice(0..0, std::iter::repeat_n(0, pad));
        if !self.ends.is_empty() {
            self.ends.splice(0..0, std::iter::repeat_n(0, pad));
        }
        self.wins.splice(0..0, std::iter::repeat_n(0, wpad));
        self.start = new_start;
    }

    /// Games `start .. end` covered.
    pub fn range(&self) -> std::ops::Range<u64> {
        self.start..self.start + self.lens.len() as u64
    }

    /// Records how game `i` ended (after [`GameLog::record`] of the same game).
    #[inline]
    pub fn record_end(&mut self, i: u64, end: GameEnd) {
        let k = (i - self.start) as usize;
        if self.ends.len() < self.lens.len() {
            self.ends.resize(self.lens.len(), 0);
        }
        self.ends[k] = end.code();
    }

    /// How game `i` ended, where the game recorded it.
    pub fn end(&self, i: u64) -> Option<GameEnd> {
        let k = (i - self.start) as usize;
        self.ends.get(k).copied().and_then(GameEnd::from_code)
    }

    /// Whether game `i` was won and its length.
    #[inline]
    pub fn get(&self, i: u64) -> (bool, u32) {
        let k = (i - self.start) as usize;
        let w = (i / 64 - self.start / 64) as usize;
        (self.wins[w] >> (i % 64) & 1 == 1, self.lens[k])
    }
}

impl Accumulator for GameLog {
    fn merge(&mut self, o: Self) {
        if o.lens.is_empty() {
            return;
        }
        if self.lens.is_empty() {
            *self = o;
            return;
        }
        if o.start < self.start {
            self.grow_front(o.start);
        }
        let off = (o.start - self.start) as usize;
        if off + o.lens.len() > self.lens.len() {
            self.lens.resize(off + o.lens.len(), 0);
        }
        for (a, b) in self.lens[off..].iter_mut().zip(&o.lens) {
            *a += b;
        }
        if !o.ends.is_empty() {
            self.ends.resize(self.lens.len(), 0);
            for (a, b) in self.ends[off..].iter_mut().zip(&o.ends) {
                *a += b;
            }
        }
        let woff = (o.start / 64 - self.start / 64) as usize;
        if woff + o.wins.len() > self.wins.len() {
            self.wins.resize(woff + o.wins.len(), 0);
        }
        for (a, b) in self.wins[woff..].iter_mut().zip(&o.wins) {
            *a |= b;
        }
    }
}

/// A paired 2×2 table of one binary outcome (win) in two rows over the same games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedBinary {
    /// Games won in both rows, only in A, only in B, in neither.
    pub both: u64,
    pub only_a: u64,
    pub only_b: u64,
    pub neither: u64,
}

/// Which McNemar test produced a p-value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum McNemar {
    /// Exact conditional test: the discordant pairs split as Binomial(b + c, 1/2), two-sided.
    Exact,
    /// Chi-square with 1 df and Edwards' continuity correction, (|b − c| − 1)² / (b + c).
    ChiSquareCc,
}

impl McNemar {
    pub fn name(self) -> &'static str {
        match self {
            McNemar::Exact => "exact",
            McNemar::ChiSquareCc => "chi2_cc",
        }
    }
}

/// Below this many discordant pairs the exact binomial test is used (the usual rule of thumb
/// for the chi-square approximation, e.g. b + c ≥ 25).
pub const MCNEMAR_EXACT_BELOW: u64 = 25;

impl PairedBinary {
    pub fn n(&self) -> u64 {
        self.both + self.only_a + self.only_b + self.neither
    }

    /// Rate in A minus rate in B.
    pub fn diff(&self) -> f64 {
        let n = self.n().max(1) as f64;
        (self.only_a as f64 - self.only_b as f64) / n
    }

    /// McNemar's test of equal rates: the method used and the two-sided p-value.
    pub fn mcnemar(&self) -> (McNemar, f64) {
        let (b, c) = (self.only_a, self.only_b);
        let m = b + c;
        if m < MCNEMAR_EXACT_BELOW {
            if m == 0 {
                return (McNemar::Exact, 1.0);
            }
            let bin = Binomial::new(0.5, m).expect("valid binomial");
            let p = 2.0 * bin.cdf(b.min(c));
            (McNemar::Exact, p.min(1.0))
        } else {
            let d = (b as f64 - c as f64).abs() - 1.0;
            let x = d.max(0.0).powi(2) / m as f64;
            let chi = ChiSquared::new(1.0).expect("valid chi-square");
            (McNemar::ChiSquareCc, chi.sf(x))
        }
    }

    /// Newcombe's hybrid score interval for the difference of paired proportions at `level`
    /// (Newcombe 1998, Statistics in Medicine 17:2635–2650, method 10): Wilson intervals of both
    /// margins combined with the continuity-corrected phi correlation.
    pub fn newcombe_interval(&self, level: f64) -> (f64, f64) {
        let n = self.n();
        if n == 0 {
            return (-1.0, 1.0);
        }
        let (a, b, c, d) = (
            self.both as f64,
            self.only_a as f64,
            self.only_b as f64,
            self.neither as f64,
        );
        let nf = n as f64;
        let (k1, k2) = (self.both + self.only_a, self.both + self.only_b);
        let (p1, p2) = (k1 as f64 / nf, k2 as f64 / nf);
        let (l1, u1) = wilson_level(k1, n, level);
        let (l2, u2) = wilson_level(k2, n, level);
        let denom = ((a + b) * (c + d) * (a + c) * (b + d)).sqrt();
        let cross = a * d - b * c;
        let phi = if denom == 0.0 {
            0.0
        } else if cross > nf / 2.0 {
            (cross - nf / 2.0) / denom
        } else if cross < 0.0 {
            cross / denom
        } else {
            0.0
        };
        let theta = p1 - p2;
        let lo = theta
            - ((p1 - l1).powi(2) - 2.0 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2).powi(2))
                .max(0.0)
                .sqrt();
        let hi = theta
            + ((p2 - l2).powi(2) - 2.0 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1).powi(2))
                .max(0.0)
                .sqrt();
        (lo.max(-1.0), hi.min(1.0))
    }
}

impl Accumulator for PairedBinary {
    fn merge(&mut self, o: Self) {
        self.both += o.both;
        self.only_a += o.only_a;
        self.only_b += o.only_b;
        self.neither += o.neither;
    }
}

/// Sums of per-game differences of an integer measure (game length) between two rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedDiffs {
    pub n: u64,
    pub sum: i64,
    pub sum_sq: u128,
}

/// A paired t test: mean difference, its interval, the statistic, degrees of freedom and the
/// two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TTest {
    pub mean: f64,
    pub lo: f64,
    pub hi: f64,
    pub t: f64,
    pub df: f64,
    pub p: f64,
}

impl Accumulator for PairedDiffs {
    fn merge(&mut self, o: Self) {
        self.n += o.n;
        self.sum += o.sum;
        self.sum_sq += o.sum_sq;
    }
}

impl PairedDiffs {
    #[inline]
    pub fn add(&mut self, d: i64) {
        self.n += 1;
        self.sum += d;
        self.sum_sq += (d as i128 * d as i128) as u128;
    }

    /// The paired t test at confidence `level` (Student's t with n − 1 df, via statrs);
    /// `None` with fewer than 2 pairs.
    pub fn t_test(&self, level: f64) -> Option<TTest> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        // Exact integer sums: sum of squared deviations = Σd² − (Σd)²/n.
        let ss = self.sum_sq as f64 - (self.sum as f64) * (self.sum as f64) / n;
        let sd = (ss.max(0.0) / (n - 1.0)).sqrt();
        let se = sd / n.sqrt();
        let df = n - 1.0;
        if se == 0.0 {
            let p = if mean == 0.0 { 1.0 } else { 0.0 };
            let t = if mean == 0.0 {
                0.0
            } else {
                mean.signum() * f64::INFINITY
            };
            return Some(TTest {
                mean,
                lo: mean,
                hi: mean,
                t,
                df,
                p,
            });
        }
        let dist = StudentsT::new(0.0, 1.0, df).expect("valid t distribution");
        let q = dist.inverse_cdf(1.0 - (1.0 - level) / 2.0);
        let t = mean / se;
        Some(TTest {
            mean,
            lo: mean - q * se,
            hi: mean + q * se,
            t,
            df,
            p: (2.0 * dist.sf(t.abs())).min(1.0),
        })
    }
}

/// The first round from which the outcome of a game still running is `sure` certain (the
/// share won of the games running at every later round start is at least `sure` or at most
/// `1 - sure`), from the rounds at which games were won (`win`) and lost (`loss`), looking only
/// at rounds where at least 1% of those games (and 10) still run; `None` where there is none.
pub fn certain_round(win: &Hist, loss: &Hist, sure: f64) -> Option<u32> {
    let decided = win.count() + loss.count();
    let floor = (decided / 100).max(10);
    let last = win.quantile(1.0).max(loss.quantile(1.0)).unwrap_or(0);
    let (mut wins_left, mut losses_left) = (win.count(), loss.count());
    let is_sure = |p: f64| p >= sure || p <= 1.0 - sure;
    let mut from = None;
    for r in 1..=last {
        let running = wins_left + losses_left;
        if running == 0 || running < floor {
            break;
        }
        match (is_sure(wins_left as f64 / running as f64), from) {
            (true, None) => from = Some(r),
            (false, _) => from = None,
            _ => {}
        }
        wins_left -= win.count_at(r);
        losses_left -= loss.count_at(r);
    }
    from
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

    #[test]
    fn newcombe_paired_interval_matches_fagerland() {
        // Fagerland, Lydersen & Laake (2017), Statistical Analysis of Contingency Tables, ch. 8
        // (Cavo et al. 2012 data, table [[59, 6], [16, 80]]): Newcombe square-and-add interval
        // for the paired difference, estimate -0.0621, 95% CI (-0.1186, -0.0046).
        let t = PairedBinary {
            both: 59,
            only_a: 6,
            only_b: 16,
            neither: 80,
        };
        assert!((t.diff() + 0.0621).abs() < 5e-5, "{}", t.diff());
        let (lo, hi) = t.newcombe_interval(0.95);
        assert!(
            (lo + 0.1186).abs() < 5e-5 && (hi + 0.0046).abs() < 5e-5,
            "{lo} {hi}"
        );
        assert_eq!(PairedBinary::default().newcombe_interval(0.95), (-1.0, 1.0));
    }

    #[test]
    fn mcnemar_exact_and_chi_square() {
        // 6 vs 16 discordant: exact two-sided p = 2 · P(Bin(22, 1/2) ≤ 6) = 0.0524788 (by hand:
        // 2 · Σ_{k≤6} C(22, k) / 2^22 = 220112 / 4194304).
        let t = PairedBinary {
            both: 59,
            only_a: 6,
            only_b: 16,
            neither: 80,
        };
        let (m, p) = t.mcnemar();
        assert_eq!(m, McNemar::Exact);
        assert!((p - 220_112.0 / 4_194_304.0).abs() < 1e-9, "{p}");
        // 1 vs 5: 2 · (1 + 6) / 64.
        let (_, p) = PairedBinary {
            only_a: 1,
            only_b: 5,
            ..Default::default()
        }
        .mcnemar();
        assert!((p - 14.0 / 64.0).abs() < 1e-12, "{p}");
        // Agresti (2013) presidential approval, 150 vs 86 discordant: corrected statistic
        // (64 − 1)² / 236 = 16.818, p = erfc(√(x/2)) = 4.115e-5.
        let (m, p) = PairedBinary {
            both: 794,
            only_a: 150,
            only_b: 86,
            neither: 570,
        }
        .mcnemar();
        assert_eq!(m, McNemar::ChiSquareCc);
        assert!((p - 4.11456e-5).abs() < 1e-9, "{p}");
        assert_eq!(PairedBinary::default().mcnemar().1, 1.0);
    }

    #[test]
    fn paired_t_matches_student_sleep_data() {
        // R: t.test(extra ~ group, data = sleep, paired = TRUE): t = -4.0621, df = 9,
        // p = 0.002833, 95% CI (-2.4598858, -0.7001142), mean difference -1.58.
        // Differences in tenths of an hour keep the sums integer.
        let g1 = [7, -16, -2, -12, -1, 34, 37, 8, 0, 20];
        let g2 = [19, 8, 11, 1, -1, 44, 55, 16, 46, 34];
        let mut d = PairedDiffs::default();
        for (a, b) in g1.iter().zip(&g2) {
            d.add(a - b);
        }
        let t = d.t_test(0.95).unwrap();
        assert!((t.mean / 10.0 + 1.58).abs() < 1e-9);
        assert!((t.t + 4.0621).abs() < 1e-4, "{}", t.t);
        assert_eq!(t.df, 9.0);
        assert!((t.p - 0.002833).abs() < 1e-6, "{}", t.p);
        assert!((t.lo / 10.0 + 2.4598858).abs() < 1e-6, "{}", t.lo);
        assert!((t.hi / 10.0 + 0.7001142).abs() < 1e-6, "{}", t.hi);
        assert!(PairedDiffs::default().t_test(0.95).is_none());
    }

    #[test]
    fn game_log_merges_in_any_split() {
        let game = |i: u64| (i.is_multiple_of(3) || i % 7 == 1, (i * 13 % 50) as u32 + 1);
        let end = |i: u64| match i % 5 {
            0 => GameEnd::Won,
            1 => GameEnd::Stalled,
            2 => GameEnd::Seat((i % 4) as u8),
            3 => GameEnd::Capped,
            _ => GameEnd::Tied((i % 63) as u8 | 3),
        };
        // Every end survives its code, a tie's seats included.
        for i in 0..200 {
            assert_eq!(GameEnd::from_code(end(i).code()), Some(end(i)));
        }
        assert_eq!(GameEnd::Tied(0b101).winners(), "1+3");
        assert_eq!(GameEnd::Seat(1).winners(), "2");
        assert_eq!(
            GameEnd::from_code(6),
            Some(GameEnd::Tied(0)),
            "a log before the seats were kept"
        );
        let mut whole = GameLog::default();
        for i in 0..1000 {
            let (w, l) = game(i);
            whole.record(i, w, l);
            whole.record_end(i, end(i));
        }
        for split in [1u64, 64, 100, 333, 512] {
            let mut parts: Vec<GameLog> = Vec::new();
            let mut lo = 0;
            while lo < 1000 {
                let hi = (lo + split).min(1000);
                let mut g = GameLog::default();
                for i in lo..hi {
                    let (w, l) = game(i);
                    g.record(i, w, l);
                    g.record_end(i, end(i));
                }
                parts.push(g);
                lo = hi;
            }
            // Merge in reverse and in a shuffled order.
            let mut rev = GameLog::default();
            for p in parts.iter().rev().cloned() {
                rev.merge(p);
            }
            assert_eq!(rev, whole, "split {split}, reversed");
            let mut odd = GameLog::default();
            let mut evn = GameLog::default();
            for (k, p) in parts.into_iter().enumerate() {
                if k % 2 == 0 {
                    evn.merge(p)
                } else {
                    odd.merge(p)
                }
            }
            odd.merge(evn);
            assert_eq!(odd, whole, "split {split}, interleaved");
        }
        assert_eq!(whole.range(), 0..1000);
        assert_eq!(whole.get(21), (true, 21 * 13 % 50 + 1));
        assert_eq!(whole.get(2), (false, 27));
        for i in [0, 1, 2, 3, 4, 997] {
            assert_eq!(whole.end(i), Some(end(i)), "game {i}");
            assert_eq!(GameEnd::from_code(end(i).code()), Some(end(i)));
        }
        assert_eq!(whole.end(2).map(GameEnd::name).as_deref(), Some("seat3"));
        // A log without ends says none.
        let mut bare = GameLog::default();
        bare.record(5, true, 9);
        assert_eq!(bare.end(5), None);
    }
}
