//! Paired comparisons of rows that differ in one setting, on common random numbers (`compare.csv`).

use crate::engine::stats::{Accumulator, GameLog, PairedBinary, PairedDiffs};
use crate::report::r5;
use serde::{Deserialize, Serialize};

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
    /// The knob the two rows differ in (`chosen` for a chosen pair).
    pub knob: &'static str,
    /// Row A's setting of the knob as `knob=value` (a chosen pair: every knob the rows differ
    /// in, joined by `; `): always text, whatever the knob's values look like.
    pub setting_a: String,
    pub setting_b: String,
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

/// The columns of a pair's wins, empty where either row has no win rate (a competitive game
/// without a lead seat): a table of such pairs only leaves them out.
pub const WIN_COLUMNS: &[&str] = &[
    "win_rate_a",
    "win_rate_b",
    "win_rate_diff",
    "win_rate_diff_lo95",
    "win_rate_diff_hi95",
    "wins_only_a",
    "wins_only_b",
    "mcnemar_test",
    "mcnemar_p",
];

/// A p-value rounded to 4 significant digits (tiny p-values keep their exponent).
pub fn p4(p: f64) -> f64 {
    if p == 0.0 || !p.is_finite() {
        return p;
    }
    format!("{p:.3e}").parse().unwrap_or(p)
}

/// The one setting in which `a` and `b` differ, if exactly one does. A setting that
/// `qualifiers` names as qualifying another, (`player_knobs`, `player`), counts as no
/// difference of its own where the setting it qualifies differs in more than order: two
/// players that each play their own knobs differ in the player, but a lineup in another seat
/// order (`learned,team` and `team,learned`, the same players) with other knobs differs in two
/// settings, and is no step of either.
fn single_difference<'s>(
    a: &'s [(&'static str, String)],
    b: &'s [(&'static str, String)],
    qualifiers: &[(&str, &str)],
) -> Option<(&'static str, &'s str, &'s str)> {
    if a.len() != b.len() || a.iter().zip(b).any(|(x, y)| x.0 != y.0) {
        return None;
    }
    // The same players in another order are not other players (`a,b` and `b,a`).
    fn sorted(v: &str) -> Vec<&str> {
        let mut p: Vec<&str> = v.split(',').collect();
        p.sort_unstable();
        p
    }
    let differs = |name: &str| {
        a.iter()
            .zip(b)
            .any(|(x, y)| x.0 == name && sorted(&x.1) != sorted(&y.1))
    };
    let mut diff = a
        .iter()
        .zip(b)
        .filter(|(x, y)| x.1 != y.1 && !qualifiers.iter().any(|(q, of)| *q == x.0 && differs(of)));
    let (x, y) = diff.next()?;
    diff.next()
        .is_none()
        .then_some((x.0, x.1.as_str(), y.1.as_str()))
}

/// Two rows that differ in exactly one setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub a: usize,
    pub b: usize,
    /// The knob the rows differ in, or [`CHOSEN`].
    pub knob: &'static str,
    pub value_a: String,
    pub value_b: String,
}

impl Pair {
    /// Row A's side as `compare.csv` writes it: `knob=value`, or a chosen pair's list as it is.
    pub fn setting_a(&self) -> String {
        self.setting(&self.value_a)
    }

    /// Row B's side, as [`Pair::setting_a`].
    pub fn setting_b(&self) -> String {
        self.setting(&self.value_b)
    }

    fn setting(&self, value: &str) -> String {
        if self.knob == CHOSEN {
            value.to_string()
        } else {
            format!("{}={value}", self.knob)
        }
    }
}

/// The value in a side's `knob=value` cell (the cell itself where it is not one).
pub fn value_of<'a>(setting: &'a str, knob: &str) -> &'a str {
    setting
        .strip_prefix(knob)
        .and_then(|v| v.strip_prefix('='))
        .unwrap_or(setting)
}

/// Every pair of rows (by index, `a < b`) that differ in exactly one setting (`qualifiers`:
/// as in the game's [`crate::report::Tables::qualifiers`]).
pub fn pairs(settings: &[Vec<(&'static str, String)>], qualifiers: &[(&str, &str)]) -> Vec<Pair> {
    let mut out = Vec::new();
    for (a, sa) in settings.iter().enumerate() {
        for (b, sb) in settings.iter().enumerate().skip(a + 1) {
            if let Some((knob, va, vb)) = single_difference(sa, sb, qualifiers) {
                out.push(Pair {
                    a,
                    b,
                    knob,
                    value_a: va.to_string(),
                    value_b: vb.to_string(),
                });
            }
        }
    }
    out
}

/// The knob column of a chosen pair (`[[compare]]`): two rows that may differ in several
/// settings, each side's value listing them (`players=3; vp_to_win=9`).
pub const CHOSEN: &str = "chosen";

/// Every pair of [`pairs`], then each chosen pair `(a, b)` that is not among them (in the
/// order given): its setting is [`CHOSEN`] and each side's value lists the settings the two rows
/// differ in, as `key=value` joined by `; `.
pub fn all_pairs(
    settings: &[Vec<(&'static str, String)>],
    qualifiers: &[(&str, &str)],
    chosen: &[(usize, usize)],
) -> Vec<Pair> {
    let mut out = pairs(settings, qualifiers);
    for &(a, b) in chosen {
        if out
            .iter()
            .any(|p| (p.a, p.b) == (a, b) || (p.a, p.b) == (b, a))
        {
            continue;
        }
        let side = |r: usize, o: usize| {
            settings[r]
                .iter()
                .zip(&settings[o])
                .filter(|(x, y)| x.1 != y.1)
                .map(|(x, _)| format!("{}={}", x.0, x.1))
                .collect::<Vec<_>>()
                .join("; ")
        };
        out.push(Pair {
            a,
            b,
            knob: CHOSEN,
            value_a: side(a, b),
            value_b: side(b, a),
        });
    }
    out
}

/// Paired statistics of one pair over the games both rows played: exact integer counts, so
/// they merge in any order. `wins.only_a` counts games won in B only, so that `diff()` is B − A.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairStats {
    pub wins: PairedBinary,
    pub lens: PairedDiffs,
    pub sum_a: u64,
    pub sum_b: u64,
}

impl PairStats {
    /// Adds game `i` of A against game `i` of B for every game both logs hold. An index that
    /// one side did not play (length 0: a gap that a stopped run leaves where work items were
    /// skipped; every played game lasts at least one turn) is not a pair.
    pub fn add_logs(&mut self, a: &GameLog, b: &GameLog) {
        let (ra, rb) = (a.range(), b.range());
        let lo = ra.start.max(rb.start);
        let hi = ra.end.min(rb.end).max(lo);
        for i in lo..hi {
            let (wa, la) = a.get(i);
            let (wb, lb) = b.get(i);
            if la == 0 || lb == 0 {
                continue;
            }
            match (wa, wb) {
                (true, true) => self.wins.both += 1,
                (false, true) => self.wins.only_a += 1,
                (true, false) => self.wins.only_b += 1,
                (false, false) => self.wins.neither += 1,
            }
            self.lens.add(lb as i64 - la as i64);
            self.sum_a += la as u64;
            self.sum_b += lb as u64;
        }
    }

    fn merge(&mut self, o: &PairStats) {
        self.wins.both += o.wins.both;
        self.wins.only_a += o.wins.only_a;
        self.wins.only_b += o.wins.only_b;
        self.wins.neither += o.wins.neither;
        self.lens.n += o.lens.n;
        self.lens.sum += o.lens.sum;
        self.lens.sum_sq += o.lens.sum_sq;
        self.sum_a += o.sum_a;
        self.sum_b += o.sum_b;
    }
}

/// The statistics of every pair of a sweep (in the order of [`pairs`]), mergeable.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairSet(pub Vec<PairStats>);

impl Accumulator for PairSet {
    fn merge(&mut self, o: Self) {
        if self.0.is_empty() {
            *self = o;
            return;
        }
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            a.merge(b);
        }
    }
}

/// Compares every pair of rows that differ in exactly one setting, from their full logs.
pub fn compare(sides: &[Side], qualifiers: &[(&str, &str)]) -> Vec<CompareRow> {
    let settings: Vec<_> = sides.iter().map(|s| s.settings.clone()).collect();
    pairs(&settings, qualifiers)
        .iter()
        .map(|p| {
            let mut st = PairStats::default();
            st.add_logs(sides[p.a].log, sides[p.b].log);
            compare_row(p, &st, sides[p.a].has_win_rate && sides[p.b].has_win_rate)
        })
        .collect()
}

/// One line of `compare.csv` from a pair's statistics; `coop` says both rows have a win rate.
pub fn compare_row(pair: &Pair, st: &PairStats, coop: bool) -> CompareRow {
    let wins = &st.wins;
    let n = st.lens.n;
    let nf = n.max(1) as f64;
    let coop = coop && n > 0;
    let (test, p) = wins.mcnemar();
    let (dlo, dhi) = wins.newcombe_interval(LEVEL);
    let t = st.lens.t_test(LEVEL);
    let rate = |k: u64| coop.then(|| r5(k as f64 / nf));
    CompareRow {
        row_a: pair.a,
        row_b: pair.b,
        knob: pair.knob,
        setting_a: pair.setting_a(),
        setting_b: pair.setting_b(),
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
        turns_mean_a: crate::report::r3(st.sum_a as f64 / nf),
        turns_mean_b: crate::report::r3(st.sum_b as f64 / nf),
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

    /// A stopped run's log has gaps (skipped work items, length 0): only games both sides
    /// played pair; a gap is not a loss of the side that skipped it.
    #[test]
    fn a_gap_in_a_stopped_runs_log_is_not_a_pair() {
        let a = log(&[(true, 10), (true, 20), (false, 30), (true, 40), (true, 50)]);
        let mut b = GameLog::default();
        for (i, w) in [(0, true), (1, false), (4, true)] {
            b.record(i, w, 7);
        }
        let mut st = PairStats::default();
        st.add_logs(&a, &b);
        // Games 0 and 4 won on both sides, game 1 won by A only (`only_b`: see `PairStats`).
        let w = &st.wins;
        assert_eq!((w.both, w.only_a, w.only_b, w.neither), (2, 0, 1, 0));
        assert_eq!((st.sum_a, st.sum_b), (80, 21));
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
        let c = compare(&sides, &[]);
        // 0–1 differ in difficulty, 1–2 in players; 0–2 differ in both and are not compared.
        assert_eq!(c.len(), 2);
        // Difficulty qualifying players: 0–2 differ in players alone.
        let q = compare(&sides, &[("difficulty", "players")]);
        let settings: Vec<_> = q.iter().map(|c| (c.row_a, c.row_b, c.knob)).collect();
        assert_eq!(
            settings,
            [(0, 1, "difficulty"), (0, 2, "players"), (1, 2, "players")]
        );
        assert_eq!((c[0].row_a, c[0].row_b, c[0].knob), (0, 1, "difficulty"));
        assert_eq!(
            (c[0].setting_a.as_str(), c[0].setting_b.as_str()),
            ("difficulty=hard", "difficulty=easy")
        );
        assert_eq!((c[1].row_a, c[1].row_b, c[1].knob), (1, 2, "players"));
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
    fn chosen_pairs_list_every_setting_they_differ_in() {
        let settings = vec![
            s(&[("players", "3"), ("skip", "3")]),
            s(&[("players", "4"), ("skip", "0")]),
            s(&[("players", "4"), ("skip", "3")]),
        ];
        let p = all_pairs(&settings, &[], &[(0, 1), (2, 0)]);
        // 0-2 and 1-2 differ in one setting; (2, 0) is 0-2 again; (0, 1) is chosen.
        assert_eq!(p.len(), 3);
        let c = p.iter().find(|p| p.knob == CHOSEN).unwrap();
        assert_eq!((c.a, c.b), (0, 1));
        assert_eq!(c.value_a, "players=3; skip=3");
        assert_eq!(c.value_b, "players=4; skip=0");
        assert_eq!(c.setting_b(), "players=4; skip=0");
    }

    #[test]
    fn p_values_keep_four_digits() {
        assert_eq!(p4(0.0123456), 0.01235);
        assert_eq!(p4(3.14159e-12), 3.142e-12);
        assert_eq!(p4(0.0), 0.0);
    }
}
