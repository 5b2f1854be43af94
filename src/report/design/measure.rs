//! The measures of a game's shape a design may bound, and what a batch of games says of them.

use super::RowBatch;
use crate::engine::design::Side;

/// A measure of a cell's games that a design may bound (`[[design.target]] measure`), named as
/// summary.csv names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The rounds of a won (`won`) or lost game: the median, or the 90th percentile.
    Rounds { won: bool, p90: bool },
    /// Games the team was stuck in (stalled or conceded), of all games.
    StuckShare,
    /// Games that reached the turn cap undecided, of all games.
    CappedShare,
    /// The round from which 90% of the games still running end as they will (summary.csv's
    /// `certain_round`; a row never in doubt counts round 1, one never certain the round after
    /// its last): its distance taken as a share of the bound.
    CertainRound,
    /// The wins the game counts as close (`Tables::close_wins`), of the wins.
    CloseWinShare,
}

impl Measure {
    /// Every measure's name, for an error.
    pub const NAMES: [&'static str; 8] = [
        "rounds_win_median",
        "rounds_win_p90",
        "rounds_loss_median",
        "rounds_loss_p90",
        "stuck_share",
        "capped_share",
        "certain_round",
        "close_win_share",
    ];

    pub fn parse(name: &str) -> Option<Measure> {
        Some(match name {
            "rounds_win_median" => Measure::Rounds {
                won: true,
                p90: false,
            },
            "rounds_win_p90" => Measure::Rounds {
                won: true,
                p90: true,
            },
            "rounds_loss_median" => Measure::Rounds {
                won: false,
                p90: false,
            },
            "rounds_loss_p90" => Measure::Rounds {
                won: false,
                p90: true,
            },
            "stuck_share" => Measure::StuckShare,
            "capped_share" => Measure::CappedShare,
            "certain_round" => Measure::CertainRound,
            "close_win_share" => Measure::CloseWinShare,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Measure::Rounds {
                won: true,
                p90: false,
            } => "rounds_win_median",
            Measure::Rounds {
                won: true,
                p90: true,
            } => "rounds_win_p90",
            Measure::Rounds {
                won: false,
                p90: false,
            } => "rounds_loss_median",
            Measure::Rounds {
                won: false,
                p90: true,
            } => "rounds_loss_p90",
            Measure::StuckShare => "stuck_share",
            Measure::CappedShare => "capped_share",
            Measure::CertainRound => "certain_round",
            Measure::CloseWinShare => "close_win_share",
        }
    }

    /// The measure in words (`the rounds of a won game, 90th percentile`).
    pub fn words(self) -> &'static str {
        match self {
            Measure::Rounds {
                won: true,
                p90: false,
            } => "the rounds of a won game (median)",
            Measure::Rounds {
                won: true,
                p90: true,
            } => "the rounds of a won game (90th percentile)",
            Measure::Rounds {
                won: false,
                p90: false,
            } => "the rounds of a lost game (median)",
            Measure::Rounds {
                won: false,
                p90: true,
            } => "the rounds of a lost game (90th percentile)",
            Measure::StuckShare => "the share of games the team was stuck in (stalled or conceded)",
            Measure::CappedShare => "the share of games that reached the turn cap",
            Measure::CertainRound => {
                "the round from which nine in ten games still running end as they will"
            }
            Measure::CloseWinShare => "the share of wins that came close (the game says how)",
        }
    }

    /// Whether it is a share of the games (else rounds).
    pub fn is_share(self) -> bool {
        !matches!(self, Measure::Rounds { .. } | Measure::CertainRound)
    }
}

/// Adds `(length, games)` counts to a sorted list of them.
pub(super) fn add_lens(into: &mut Vec<(u32, u32)>, from: &[(u32, u32)]) {
    for &(len, n) in from {
        match into.binary_search_by_key(&len, |e| e.0) {
            Ok(i) => into[i].1 += n,
            Err(i) => into.insert(i, (len, n)),
        }
    }
}

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
