//! Paired comparisons of rows that differ in one setting, on common random numbers (`compare.csv`).

use crate::report::r5;
use crate::stats::{GameLog, PairedBinary, PairedDiffs};
use serde::Serialize;

/// Confidence level of every interval in `compare.csv`.
pub const LEVEL: f64 = 0.95;

/// One row's side of a comparison.
pub struct Side<'a> {
    pub row: usize,
    pub settings: Vec<(&'static str, String)>,
    pub log: &'a GameLog,
    pub has_win_rate: bool,
}

/// `compare.csv`: one line per pair of rows equal in every setting but one. Differences are
/// row B minus row A (A is the earlier row), over the games both rows played (game `i` of A
/// against game `i` of B).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct CompareRow {
    pub row_a: usize,
    pub row_b: usize,
    pub setting: &'static str,
    pub value_a: String,
    pub value_b: String,
    pub games: u64,
    pub win_rate_a: Option<f64>,
    pub win_rate_b: Option<f64>,
    pub win_rate_diff: Option<f64>,
    pub win_rate_diff_lo95: Option<f64>,
    pub win_rate_diff_hi95: Option<f64>,
    pub wins_only_a: Option<u64>,
    pub wins_only_b: Option<u64>,
    pub mcnemar_test: Option<&'static str>,
    pub mcnemar_p: Option<f64>,
    pub turns_mean_a: f64,
    pub turns_mean_b: f64,
    pub turns_diff_mean: Option<f64>,
    pub turns_diff_lo95: Option<f64>,
    pub turns_diff_hi95: Option<f64>,
    pub turns_t_p: Option<f64>,
}

/// A p-value rounded to 4 significant digits (tiny p-values keep their exponent).
pub fn p4(p: f64) -> f64 {
    if p == 0.0 || !p.is_finite() {
        return p;
    }
    format!("{p:.3e}").parse().unwrap_or(p)
}

/// The one setting in which `a` and `b` differ, if exactly one does.
fn single_difference<'s>(
    a: &'s [(&'static str, String)],
    b: &'s [(&'static str, String)],
) -> Option<(&'static str, &'s str, &'s str)> {
    if a.len() != b.len() || a.iter().zip(b).any(|(x, y)| x.0 != y.0) {
        return None;
    }
    let mut diff = a.iter().zip(b).filter(|(x, y)| x.1 != y.1);
    let (x, y) = diff.next()?;
    diff.next()
        .is_none()
        .then_some((x.0, x.1.as_str(), y.1.as_str()))
}

/// Compares every pair of rows that differ in exactly one setting.
pub fn compare(sides: &[Side]) -> Vec<CompareRow> {
    let mut out = Vec::new();
    for (i, a) in sides.iter().enumerate() {
        for b in &sides[i + 1..] {
            if let Some((setting, va, vb)) = single_difference(&a.settings, &b.settings) {
                out.push(compare_pair(a, b, setting, va, vb));
            }
        }
    }
    out
}

fn compare_pair(a: &Side, b: &Side, setting: &'static str, va: &str, vb: &str) -> CompareRow {
    let (ra, rb) = (a.log.range(), b.log.range());
    let lo = ra.start.max(rb.start);
    let hi = ra.end.min(rb.end).max(lo);
    // `only_a` of the table is "won in B only", so that diff() is B − A.
    let mut wins = PairedBinary::default();
    let mut lens = PairedDiffs::default();
    let (mut sum_a, mut sum_b) = (0u64, 0u64);
    for i in lo..hi {
        let (wa, la) = a.log.get(i);
        let (wb, lb) = b.log.get(i);
        match (wa, wb) {
            (true, true) => wins.both += 1,
            (false, true) => wins.only_a += 1,
            (true, false) => wins.only_b += 1,
            (false, false) => wins.neither += 1,
        }
        lens.add(lb as i64 - la as i64);
        sum_a += la as u64;
        sum_b += lb as u64;
    }
    let n = hi - lo;
    let nf = n.max(1) as f64;
    let coop = a.has_win_rate && b.has_win_rate && n > 0;
    let (test, p) = wins.mcnemar();
    let (dlo, dhi) = wins.newcombe_interval(LEVEL);
    let t = lens.t_test(LEVEL);
    let rate = |k: u64| coop.then(|| r5(k as f64 / nf));
    CompareRow {
        row_a: a.row,
        row_b: b.row,
        setting,
        value_a: va.to_string(),
        value_b: vb.to_string(),
        games: n,
        win_rate_a: rate(wins.both + wins.only_b),
        win_rate_b: rate(wins.both + wins.only_a),
        win_rate_diff: coop.then(|| r5(wins.diff())),
        win_rate_diff_lo95: coop.then(|| r5(dlo)),
        win_rate_diff_hi95: coop.then(|| r5(dhi)),
        wins_only_a: coop.then_some(wins.only_b),
        wins_only_b: coop.then_some(wins.only_a),
        mcnemar_test: coop.then(|| test.name()),
        mcnemar_p: coop.then(|| p4(p)),
        turns_mean_a: crate::report::r3(sum_a as f64 / nf),
        turns_mean_b: crate::report::r3(sum_b as f64 / nf),
        turns_diff_mean: t.map(|t| crate::report::r3(t.mean)),
        turns_diff_lo95: t.map(|t| crate::report::r3(t.lo)),
        turns_diff_hi95: t.map(|t| crate::report::r3(t.hi)),
        turns_t_p: t.map(|t| p4(t.p)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(games: &[(bool, u32)]) -> GameLog {
        let mut g = GameLog::default();
        for (i, &(w, l)) in games.iter().enumerate() {
            g.record(i as u64, w, l);
        }
        g
    }

    fn s(kv: &[(&'static str, &str)]) -> Vec<(&'static str, String)> {
        kv.iter().map(|&(k, v)| (k, v.to_string())).collect()
    }

    #[test]
    fn pairs_rows_differing_in_one_setting() {
        let a = log(&[(true, 10), (false, 20), (true, 30), (false, 40)]);
        let b = log(&[(true, 12), (true, 20), (false, 35), (true, 41), (true, 9)]);
        let sides = [
            Side {
                row: 0,
                settings: s(&[("players", "3"), ("difficulty", "hard")]),
                log: &a,
                has_win_rate: true,
            },
            Side {
                row: 1,
                settings: s(&[("players", "3"), ("difficulty", "easy")]),
                log: &b,
                has_win_rate: true,
            },
            Side {
                row: 2,
                settings: s(&[("players", "4"), ("difficulty", "easy")]),
                log: &a,
                has_win_rate: true,
            },
        ];
        let c = compare(&sides);
        // 0–1 differ in difficulty, 1–2 in players; 0–2 differ in both and are not compared.
        assert_eq!(c.len(), 2);
        assert_eq!((c[0].row_a, c[0].row_b, c[0].setting), (0, 1, "difficulty"));
        assert_eq!((c[1].row_a, c[1].row_b, c[1].setting), (1, 2, "players"));
        let x = &c[0];
        // Only the 4 games both rows played are paired.
        assert_eq!(x.games, 4);
        assert_eq!((x.win_rate_a, x.win_rate_b), (Some(0.5), Some(0.75)));
        assert_eq!(x.win_rate_diff, Some(0.25));
        assert_eq!((x.wins_only_a, x.wins_only_b), (Some(1), Some(2)));
        assert_eq!(x.mcnemar_test, Some("exact"));
        assert_eq!(x.mcnemar_p, Some(1.0));
        // Differences B − A: 2, 0, 5, 1 → mean 2.
        assert_eq!(x.turns_diff_mean, Some(2.0));
        assert_eq!((x.turns_mean_a, x.turns_mean_b), (25.0, 27.0));
    }

    #[test]
    fn p_values_keep_four_digits() {
        assert_eq!(p4(0.0123456), 0.01235);
        assert_eq!(p4(3.14159e-12), 3.142e-12);
        assert_eq!(p4(0.0), 0.0);
    }
}
