//! The luck report's statistics, computed from per-board counts at report time.
//!
//! The luck report's statistics, computed from per-board counts at report time: the spread of
//! per-board win rates, the board share of variance (one-way ANOVA and split halves), paired skill
//! shares and the skill spread on the log-odds scale.
//!
//! Method (docs/reference/luck.md): a row's boards are a random sample of layouts;
//! each board plays `M` games with the dice and deck varied. The variance of the per-board win
//! rates is the variance of the boards' true rates plus binomial noise; the one-way ANOVA
//! estimator subtracts the noise, and the board share is that true variance over the variance of
//! one game's outcome, p (1 − p) (the intra-class correlation of the outcome within a board).

use crate::engine::stats::{accumulator, wilson_rate, PairedBinary};
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, StudentsT};

/// Seats a luck report counts wins for, at most (every game's largest table).
pub const MAX_SEATS: usize = 6;

accumulator! {
    /// One rung of one row. Per board: games, wins (co-op: the team's; competitive: the first
    /// seat's, or a lineup's lead seat's) and wins among the first half of its games
    /// (`j < games_per_board / 2`, the split-half check); wins per seat; cap-outs; a win bit per
    /// game (bit `b * M + j`) for the paired comparisons between rungs. Integer counts only, and
    /// each bit is set by one game, so the summing merge is an OR and any thread count gives the
    /// same accumulator.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct LuckAcc {
        pub games: Vec<u64>,
        pub wins: Vec<u64>,
        pub half_wins: Vec<u64>,
        pub seat_wins: [u64; MAX_SEATS],
        pub caps: u64,
        pub bits: Vec<u64>,
    }
}

impl LuckAcc {
    /// Counts game `j` of board `b` (game index `i = b * games_per_board + j`) of a rung of
    /// `boards` boards: `win` is the outcome the report follows.
    pub fn count(&mut self, boards: u64, games_per_board: u64, i: u64, win: bool) {
        let (b, j) = (i / games_per_board, i % games_per_board);
        if self.games.is_empty() {
            let n = boards as usize;
            self.games = vec![0; n];
            self.wins = vec![0; n];
            self.half_wins = vec![0; n];
            self.bits = vec![0; (boards * games_per_board).div_ceil(64) as usize];
        }
        let bu = b as usize;
        self.games[bu] += 1;
        if win {
            self.wins[bu] += 1;
            if j < games_per_board / 2 {
                self.half_wins[bu] += 1;
            }
            self.bits[(i / 64) as usize] |= 1 << (i % 64);
        }
    }

    /// The per-board counts of a rung of `boards` boards × `games_per_board` games.
    pub fn board_counts(&self, boards: u64, games_per_board: u64) -> Vec<BoardCounts> {
        (0..boards as usize)
            .map(|b| BoardCounts {
                games: self.games.get(b).copied().unwrap_or(0),
                wins: self.wins.get(b).copied().unwrap_or(0),
                half_games: games_per_board / 2,
                half_wins: self.half_wins.get(b).copied().unwrap_or(0),
            })
            .collect()
    }

    /// The win bits of a rung of `boards` boards × `games_per_board` games.
    pub fn win_bits(&self, boards: u64, games_per_board: u64) -> WinBits<'_> {
        WinBits {
            bits: &self.bits,
            boards,
            games_per_board,
        }
    }
}

/// One board's games in one rung: all of them, and the first half of them (games
/// `0..games / 2`) for the split-half check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardCounts {
    pub games: u64,
    pub wins: u64,
    pub half_games: u64,
    pub half_wins: u64,
}

impl BoardCounts {
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }
}

/// How much a rung's win rate depends on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    pub boards: usize,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate over the effective sample size (games divided by the
    /// design effect of playing them in clusters of one board).
    pub lo95: f64,
    pub hi95: f64,
    pub design_effect: f64,
    /// Highest minus lowest per-board win rate, and the 95th minus the 5th percentile.
    pub span: f64,
    pub trimmed_span: f64,
    /// Share of boards whose win rate is below 5% / above 95%.
    pub under5: f64,
    pub over95: f64,
    /// Standard deviation of the boards' true win rates (noise removed; 0 when the estimate of
    /// their variance is negative).
    pub board_sd: Option<f64>,
    /// Board share of variance (ANOVA), with its 95% jackknife interval over boards.
    pub share: Option<f64>,
    pub share_lo95: Option<f64>,
    pub share_hi95: Option<f64>,
    /// The same from the covariance of the two halves' per-board rates (independent noise).
    pub share_split: Option<f64>,
}

/// Sample-variance pieces of per-board rates, kept as sums so that a board can be left out.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: f64,
    p: f64,
    p2: f64,
    /// Σ p_b (1 − p_b) / (M_b − 1): the boards' binomial noise variances, unbiased.
    noise: f64,
}

impl Sums {
    fn add(&mut self, p: f64, m: u64, sign: f64) {
        self.n += sign;
        self.p += sign * p;
        self.p2 += sign * p * p;
        self.noise += sign * p * (1.0 - p) / (m as f64 - 1.0);
    }
    /// (mean, variance between boards corrected for noise, observed variance).
    fn between(&self) -> (f64, f64, f64) {
        let mean = self.p / self.n;
        let s2 = ((self.p2 - self.p * self.p / self.n) / (self.n - 1.0)).max(0.0);
        (mean, s2 - self.noise / self.n, s2)
    }
    fn share(&self) -> Option<f64> {
        let (mean, var, _) = self.between();
        let total = mean * (1.0 - mean);
        (total > 0.0).then(|| var / total)
    }
}

/// Linear-interpolation quantile (R's type 7) of sorted values.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let h = (sorted.len() - 1) as f64 * q;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// The spread statistics of one rung's boards. Boards with no games are skipped; the board
/// share needs at least 2 boards with at least 2 games each (the noise estimate divides by
/// M − 1) and a win rate strictly between 0 and 1.
pub fn spread(boards: &[BoardCounts]) -> Spread {
    let played: Vec<&BoardCounts> = boards.iter().filter(|b| b.games > 0).collect();
    let games: u64 = played.iter().map(|b| b.games).sum();
    let wins: u64 = played.iter().map(|b| b.wins).sum();
    let p = wins as f64 / games.max(1) as f64;
    let mut rates: Vec<f64> = played.iter().map(|b| b.rate()).collect();
    rates.sort_by(f64::total_cmp);
    let nb = played.len();
    let fb = nb.max(1) as f64;
    let mut s = Spread {
        boards: nb,
        games,
        wins,
        win_rate: p,
        lo95: 0.0,
        hi95: 1.0,
        design_effect: 1.0,
        span: rates.last().copied().unwrap_or(0.0) - rates.first().copied().unwrap_or(0.0),
        trimmed_span: quantile(&rates, 0.95) - quantile(&rates, 0.05),
        under5: rates.iter().filter(|&&r| r < 0.05).count() as f64 / fb,
        over95: rates.iter().filter(|&&r| r > 0.95).count() as f64 / fb,
        board_sd: None,
        share: None,
        share_lo95: None,
        share_hi95: None,
        share_split: None,
    };
    let estimable = nb >= 2 && played.iter().all(|b| b.games >= 2);
    if estimable {
        let mut all = Sums::default();
        for b in &played {
            all.add(b.rate(), b.games, 1.0);
        }
        let (_, var, s2) = all.between();
        s.board_sd = Some(var.max(0.0).sqrt());
        // Variance of the pooled rate with boards as clusters (equal games per board: s² / B)
        // against simple random sampling, p (1 − p) / N.
        if p > 0.0 && p < 1.0 {
            let mean_m = games as f64 / fb;
            s.design_effect = (s2 * mean_m / (p * (1.0 - p))).max(1.0);
        }
        s.share = all.share();
        if let Some(theta) = s.share {
            let loo: Vec<f64> = played
                .iter()
                .filter_map(|b| {
                    let mut x = all;
                    x.add(b.rate(), b.games, -1.0);
                    x.share()
                })
                .collect();
            if loo.len() == nb && nb >= 3 {
                let m = loo.iter().sum::<f64>() / fb;
                let se =
                    ((fb - 1.0) / fb * loo.iter().map(|v| (v - m).powi(2)).sum::<f64>()).sqrt();
                let q = t975(fb - 1.0);
                s.share_lo95 = Some(theta - q * se);
                s.share_hi95 = Some(theta + q * se);
            }
        }
        s.share_split = split_half(&played, p);
    }
    let (lo, hi) = wilson_rate(p, games as f64 / s.design_effect, 0.95);
    s.lo95 = lo;
    s.hi95 = hi;
    s
}

/// The 97.5% quantile of Student's t with `df` degrees of freedom.
fn t975(df: f64) -> f64 {
    StudentsT::new(0.0, 1.0, df.max(1.0))
        .map(|t| t.inverse_cdf(0.975))
        .unwrap_or(1.96)
}

/// Board share from the covariance across boards of the two halves' rates: the halves share the
/// board and nothing else, so their covariance estimates the variance of the true rates.
fn split_half(boards: &[&BoardCounts], p: f64) -> Option<f64> {
    let halves: Vec<(f64, f64)> = boards
        .iter()
        .filter(|b| b.half_games > 0 && b.games > b.half_games)
        .map(|b| {
            let a = b.half_wins as f64 / b.half_games as f64;
            let rest = (b.wins - b.half_wins) as f64 / (b.games - b.half_games) as f64;
            (a, rest)
        })
        .collect();
    if halves.len() < 2 || p <= 0.0 || p >= 1.0 {
        return None;
    }
    let n = halves.len() as f64;
    let (ma, mb) = halves
        .iter()
        .fold((0.0, 0.0), |(x, y), (a, b)| (x + a / n, y + b / n));
    let cov = halves.iter().map(|(a, b)| (a - ma) * (b - mb)).sum::<f64>() / (n - 1.0);
    Some(cov / (p * (1.0 - p)))
}

/// One rung's win bits: game `j` of board `b` is bit `b * games_per_board + j`.
#[derive(Clone, Copy, Debug)]
pub struct WinBits<'a> {
    pub bits: &'a [u64],
    pub boards: u64,
    pub games_per_board: u64,
}

impl WinBits<'_> {
    pub fn won(&self, b: u64, j: u64) -> bool {
        let i = b * self.games_per_board + j;
        self.bits
            .get((i / 64) as usize)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }

    /// The boards and games per board both rungs played.
    fn common(&self, o: &WinBits) -> (u64, u64) {
        (
            self.boards.min(o.boards),
            self.games_per_board.min(o.games_per_board),
        )
    }
}

/// The 2×2 table of rung A against rung B over the games both played (game `j` of board `b` in
/// both): `only_a` counts the games A won and B lost.
pub fn paired(a: &WinBits, b: &WinBits) -> PairedBinary {
    let (nb, m) = a.common(b);
    let mut t = PairedBinary::default();
    for bd in 0..nb {
        for j in 0..m {
            match (a.won(bd, j), b.won(bd, j)) {
                (true, true) => t.both += 1,
                (true, false) => t.only_a += 1,
                (false, true) => t.only_b += 1,
                (false, false) => t.neither += 1,
            }
        }
    }
    t
}

/// The skill spread between two rungs on the log-odds scale (Duersch, Lambrecht & Oechssler
/// 2020: the wider the spread of a skill ladder, the more skill).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkillSpread {
    /// logit(strong) − logit(weak), each from the empirical logit (wins + ½) / (games + 1).
    pub logit_diff: f64,
    pub lo95: f64,
    pub hi95: f64,
    /// A rung never or always won, so its logit is that of half a game: the spread is a bound
    /// (the true rates' spread is at least this wide when the weak rung never won).
    pub censored: bool,
}

/// The skill spread of `strong` over `weak` on the games both played, with a 95% interval from
/// the delta method with boards as clusters (so the board's shared luck and the pairing are in
/// it). `None` without at least 2 common boards.
pub fn skill_spread(weak: &WinBits, strong: &WinBits) -> Option<SkillSpread> {
    let (nb, m) = weak.common(strong);
    if nb < 2 || m == 0 {
        return None;
    }
    let per_board: Vec<(f64, f64)> = (0..nb)
        .map(|b| {
            let count = |w: &WinBits| (0..m).filter(|&j| w.won(b, j)).count() as f64;
            (count(weak), count(strong))
        })
        .collect();
    let n = (nb * m) as f64;
    let (ww, ws) = per_board
        .iter()
        .fold((0.0, 0.0), |(x, y), (a, b)| (x + a, y + b));
    let tilde = |w: f64| (w + 0.5) / (n + 1.0);
    let (pw, ps) = (tilde(ww), tilde(ws));
    let logit = |p: f64| (p / (1.0 - p)).ln();
    let d = logit(ps) - logit(pw);
    // Linearisation: d̂ − d ≈ Σ_b u_b / N with u_b the boards' centred wins weighted by the
    // logit's slope 1 / (p (1 − p)).
    let (hw, hs) = (ww / n, ws / n);
    let mf = m as f64;
    let u: Vec<f64> = per_board
        .iter()
        .map(|(a, b)| (b - mf * hs) / (ps * (1.0 - ps)) - (a - mf * hw) / (pw * (1.0 - pw)))
        .collect();
    let nbf = nb as f64;
    let var = nbf / (nbf - 1.0) * u.iter().map(|x| x * x).sum::<f64>() / (n * n);
    let half = t975(nbf - 1.0) * var.sqrt();
    Some(SkillSpread {
        logit_diff: d,
        lo95: d - half,
        hi95: d + half,
        censored: ww == 0.0 || ws == n || ws == 0.0 || ww == n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::seeds::{rng, Stream};
    use rand::Rng as _;

    /// Boards whose win probabilities are `probs` (cycled), `m` games each, drawn from a seeded
    /// stream.
    fn boards(probs: &[f64], n: usize, m: u64, seed: u64) -> Vec<BoardCounts> {
        let mut r = rng(seed, 0, Stream::DICE);
        (0..n)
            .map(|b| {
                let p = probs[b % probs.len()];
                let wins: Vec<bool> = (0..m).map(|_| r.random_bool(p)).collect();
                BoardCounts {
                    games: m,
                    wins: wins.iter().filter(|&&w| w).count() as u64,
                    half_games: m / 2,
                    half_wins: wins[..(m / 2) as usize].iter().filter(|&&w| w).count() as u64,
                }
            })
            .collect()
    }

    #[test]
    fn a_game_decided_by_the_board_alone_has_a_board_share_near_one() {
        let s = spread(&boards(&[0.0, 1.0, 1.0], 300, 40, 1));
        let share = s.share.unwrap();
        assert!((share - 1.0).abs() < 0.01, "{share}");
        assert!((s.share_split.unwrap() - 1.0).abs() < 0.01);
        assert!(s.share_lo95.unwrap() <= share && share <= s.share_hi95.unwrap());
        assert_eq!(s.span, 1.0);
        assert!((s.under5 - 1.0 / 3.0).abs() < 1e-9 && (s.over95 - 2.0 / 3.0).abs() < 1e-9);
        // 300 boards decide everything: the interval is as wide as 300 independent games'.
        assert!((s.design_effect - 40.0).abs() < 0.5, "{}", s.design_effect);
    }

    #[test]
    fn a_game_decided_by_the_dice_alone_has_a_board_share_near_zero() {
        let s = spread(&boards(&[0.4], 1000, 60, 2));
        let share = s.share.unwrap();
        assert!(share.abs() < 0.01, "{share}");
        assert!(s.share_lo95.unwrap() < 0.0 && 0.0 < s.share_hi95.unwrap());
        assert!(s.share_split.unwrap().abs() < 0.02);
        // The observed spread is the dice's alone: wide, though every board is the same.
        assert!(s.trimmed_span > 0.15, "{}", s.trimmed_span);
        assert!(s.board_sd.unwrap() < 0.03);
    }

    #[test]
    fn a_mixed_game_recovers_the_board_variance() {
        // True rates 0.2 and 0.6: variance 0.04, p = 0.4, share 0.04 / 0.24 = 1/6.
        let s = spread(&boards(&[0.2, 0.6], 2000, 50, 3));
        let share = s.share.unwrap();
        assert!((share - 1.0 / 6.0).abs() < 0.02, "{share}");
        assert!(s.share_lo95.unwrap() < 1.0 / 6.0 && 1.0 / 6.0 < s.share_hi95.unwrap());
        assert!((s.share_split.unwrap() - 1.0 / 6.0).abs() < 0.03);
        assert!((s.board_sd.unwrap() - 0.2).abs() < 0.01);
    }

    #[test]
    fn degenerate_rungs_have_no_share() {
        let none = spread(&boards(&[0.0], 50, 10, 4));
        assert_eq!(none.share, None);
        assert_eq!(none.win_rate, 0.0);
        let one_game = spread(&boards(&[0.5], 50, 1, 4));
        assert_eq!(one_game.share, None);
    }

    fn bits(rows: &[&[bool]]) -> Vec<u64> {
        let mut v = vec![0u64; (rows.len() * rows[0].len()).div_ceil(64)];
        for (b, r) in rows.iter().enumerate() {
            for (j, &w) in r.iter().enumerate() {
                let i = b * r.len() + j;
                if w {
                    v[i / 64] |= 1 << (i % 64);
                }
            }
        }
        v
    }

    #[test]
    fn pairs_and_spreads_use_the_common_games() {
        // Weak: 3 boards x 4 games; strong: 2 boards x 2 games (its first games).
        let weak = bits(&[
            &[false, false, false, true],
            &[false, true, false, false],
            &[true; 4],
        ]);
        let strong = bits(&[&[true, true], &[false, true]]);
        let w = WinBits {
            bits: &weak,
            boards: 3,
            games_per_board: 4,
        };
        let s = WinBits {
            bits: &strong,
            boards: 2,
            games_per_board: 2,
        };
        let t = paired(&w, &s);
        assert_eq!(
            (t.both, t.only_a, t.only_b, t.neither),
            (1, 0, 2, 1),
            "boards 0-1, games 0-1"
        );
        let sp = skill_spread(&w, &s).unwrap();
        // Weak won 1 of 4, strong 3 of 4: logit(3.5/5) − logit(1.5/5).
        let want = (3.5f64 / 1.5).ln() - (1.5f64 / 3.5).ln();
        assert!((sp.logit_diff - want).abs() < 1e-12);
        assert!(sp.lo95 < want && want < sp.hi95 && !sp.censored);
    }
}
