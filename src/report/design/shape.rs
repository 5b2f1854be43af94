//! The shape of a design's cells beside its targets: won and lost rounds and stuck games per
//! confirmed setting, the guard rail, and a bound's interval.

use super::batch::quantile;
use super::measure::Measure;
use super::RowBatch;
use crate::engine::design::z95;
use crate::engine::stats::wilson;
use crate::report::r5;

/// A measure's 95% interval over `cell`'s games: Wilson for a share; for a quantile q of n
/// games, the values at the ranks n·q ∓ 1.96·√(n·q·(1 − q)) (distribution-free).
pub(super) fn measure_ci(cell: &RowBatch, measure: Measure, players: u8) -> (f64, f64) {
    match measure {
        Measure::Rounds { won, p90 } => {
            let r = cell.rounds(won, players);
            let n: u64 = r.iter().map(|e| u64::from(e.1)).sum();
            if n == 0 {
                return (0.0, 0.0);
            }
            let q = if p90 { 0.9 } else { 0.5 };
            let h = z95() * (n as f64 * q * (1.0 - q)).sqrt();
            let at = |rank: f64| {
                let p = (rank / n as f64).clamp(1.0 / n as f64, 1.0);
                quantile(&r, p).map_or(0.0, f64::from)
            };
            (at(n as f64 * q - h), at(n as f64 * q + h))
        }
        Measure::StuckShare => wilson(cell.stuck, cell.games),
        Measure::CappedShare => wilson(cell.capped, cell.games),
        Measure::CloseWinShare => wilson(cell.close_wins, cell.wins),
        // One value per batch: no interval.
        Measure::CertainRound => {
            let v = cell.certain_round(players).map_or(0.0, f64::from);
            (v, v)
        }
    }
}

/// The shape of a co-operative cell's games: won and lost games' rounds (median, p90) and the
/// stuck share.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CellShape {
    pub win_median: Option<f64>,
    pub win_p90: Option<f64>,
    pub loss_median: Option<f64>,
    pub loss_p90: Option<f64>,
    pub stuck: Option<f64>,
}

impl CellShape {
    /// Of `b`'s games at a table of `players`.
    pub fn of(b: &RowBatch, players: u8) -> CellShape {
        let m = |name: &str| b.measure(Measure::parse(name).expect("a measure"), players);
        CellShape {
            win_median: m("rounds_win_median"),
            win_p90: m("rounds_win_p90"),
            loss_median: m("rounds_loss_median"),
            loss_p90: m("rounds_loss_p90"),
            stuck: m("stuck_share").map(r5),
        }
    }

    /// `won 45 (p90 70), lost 20 (p90 31) rounds, stuck 0.3%`.
    pub fn text(&self) -> String {
        let r = |m: Option<f64>, p: Option<f64>| match (m, p) {
            (Some(m), Some(p)) => format!("{m:.0} (p90 {p:.0})"),
            _ => "-".into(),
        };
        format!(
            "won {}, lost {} rounds, stuck {}",
            r(self.win_median, self.win_p90),
            r(self.loss_median, self.loss_p90),
            self.stuck
                .map_or("-".into(), |s| format!("{:.1}%", 100.0 * s))
        )
    }
}

/// The guard rail on a game's shape (`[design] guard_rounds`, `guard_stuck`): a setting whose
/// won games' 90th-percentile rounds grow past `rounds` times the grid's rules', or whose stuck
/// share grows by more than `stuck`, is flagged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Guard {
    pub rounds: f64,
    pub stuck: f64,
}

impl Guard {
    /// Where `s` moved past the rail from `base`, in words (empty: nowhere).
    pub fn check(&self, s: &CellShape, base: &CellShape) -> String {
        let mut out = Vec::new();
        if let (Some(a), Some(b)) = (s.win_p90, base.win_p90) {
            if a > self.rounds * b {
                out.push(format!(
                    "won games' p90 {a:.0} rounds against {b:.0} at the grid's rules (more than {}x)",
                    self.rounds
                ));
            }
        }
        if let (Some(a), Some(b)) = (s.stuck, base.stuck) {
            if a > b + self.stuck {
                out.push(format!(
                    "stuck in {:.1}% of games against {:.1}% at the grid's rules (more than +{:.1} points)",
                    100.0 * a,
                    100.0 * b,
                    100.0 * self.stuck
                ));
            }
        }
        out.join("; ")
    }
}
