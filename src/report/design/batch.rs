//! What a batch of games says of each measure a design may bound.

use super::measure::Measure;
use super::{add_lens, RowBatch};
use crate::engine::design::Side;

impl RowBatch {
    /// The rounds (`players` a round) of the won (`won`) or lost games, as (rounds, games),
    /// ascending.
    pub fn rounds(&self, won: bool, players: u8) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let p = u32::from(players.max(1));
        for &(len, n) in if won { &self.won_lens } else { &self.lost_lens } {
            add_lens(&mut out, &[(len.div_ceil(p), n)]);
        }
        out
    }

    /// A bound's per-game value over this batch, as (games counted, games beyond it): for a
    /// quantile of rounds, the won (lost) games longer than `bound` (`at_most`) or shorter
    /// (`at_least`); for a share, the games stuck or capped.
    pub fn beyond(&self, measure: Measure, bound: f64, side: Side, players: u8) -> (u64, u64) {
        match measure {
            Measure::Rounds { won, .. } => {
                let r = self.rounds(won, players);
                let n: u64 = r.iter().map(|e| u64::from(e.1)).sum();
                let k: u64 = r
                    .iter()
                    .filter(|e| match side {
                        Side::AtLeast => f64::from(e.0) < bound,
                        _ => f64::from(e.0) > bound,
                    })
                    .map(|e| u64::from(e.1))
                    .sum();
                (n, k)
            }
            Measure::StuckShare => (self.games, self.stuck),
            Measure::CappedShare => (self.games, self.capped),
            Measure::CloseWinShare => (self.wins, self.close_wins),
            // Not a share of games: [`terms`] scores it as a distance from the bound.
            Measure::CertainRound => (0, 0),
        }
    }

    /// The measure's value over this batch (rounds at the quantile, nearest rank; a share), or
    /// `None` where no game counts.
    pub fn measure(&self, measure: Measure, players: u8) -> Option<f64> {
        match measure {
            Measure::Rounds { won, p90 } => {
                let r = self.rounds(won, players);
                quantile(&r, if p90 { 0.9 } else { 0.5 }).map(f64::from)
            }
            Measure::StuckShare => (self.games > 0).then(|| self.stuck as f64 / self.games as f64),
            Measure::CappedShare => {
                (self.games > 0).then(|| self.capped as f64 / self.games as f64)
            }
            Measure::CloseWinShare => {
                (self.wins > 0).then(|| self.close_wins as f64 / self.wins as f64)
            }
            Measure::CertainRound => self.certain_round(players).map(f64::from),
        }
    }
}

/// The value at quantile `q` of `(value, count)` pairs, ascending (nearest rank, as summary.csv).
pub fn quantile(counts: &[(u32, u32)], q: f64) -> Option<u32> {
    let n: u64 = counts.iter().map(|e| u64::from(e.1)).sum();
    if n == 0 {
        return None;
    }
    let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
    let mut seen = 0;
    counts.iter().find_map(|&(v, c)| {
        seen += u64::from(c);
        (seen >= rank).then_some(v)
    })
}
