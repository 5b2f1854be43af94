//! The luck report's statistics per row and rung.
//!
//! The luck report's statistics per row and rung, from the played rungs' counts: spread, board
//! share, paired skill shares against the rung before, skill spread over the first, and the
//! board-feature fit.

use super::{BoardFeatures, LuckAcc, LuckRung};
use crate::catan::experiment::CatanRow;
use crate::engine::stats::PairedBinary;
use crate::report::luck::{
    paired, skill_spread, spread, BoardCounts, SkillSpread, Spread, WinBits,
};
use crate::report::luck_tables::row_labels;
use crate::report::{ols, Tables};

/// One rung of a row, played: its name as listed, the rung and its accumulator.
pub struct PlayedRung<'t> {
    pub name: String,
    pub rung: LuckRung<'t>,
    pub acc: LuckAcc,
}

/// Least boards for the feature fit (12 features need far more boards than coefficients).
const MIN_FIT_BOARDS: usize = 30;

/// What the report says of one rung.
pub struct RungStats {
    pub counts: Vec<BoardCounts>,
    pub spread: Spread,
    /// Against the rung listed before it (co-op rows and a lineup's lead seat): which games
    /// only one of them won.
    pub vs_prev: Option<PairedBinary>,
    /// The skill spread over the first rung on the log-odds scale (as `vs_prev`).
    pub vs_first: Option<SkillSpread>,
    pub fit: Option<ols::Fit>,
}

/// What the report says of one row: its label, each rung, and the reference rung (the
/// strongest of those that played the most boards), whose boards are drawn.
pub struct RowStats {
    pub label: String,
    pub team: bool,
    /// Whether the rungs pair (co-op rows, a lineup's lead seat): `pairs.csv` and the skill
    /// columns.
    pub pairs: bool,
    pub rungs: Vec<RungStats>,
    pub reference: usize,
    /// The features of every board any rung played (board `b` at index `b`).
    pub features: Vec<BoardFeatures>,
}

/// A played rung's win bits.
pub(super) fn bits<'a>(r: &'a PlayedRung) -> WinBits<'a> {
    r.acc.win_bits(r.rung.boards, r.rung.games_per_board)
}

/// A played row as the sweep's row (its first rung's policy), for its settings and label.
pub(super) fn catan_row<'t>(r: &[PlayedRung<'t>]) -> CatanRow<'t> {
    r[0].rung.row()
}

/// Short row labels (see [`row_labels`]).
fn labels(rows: &[Vec<PlayedRung>]) -> Vec<String> {
    let settings: Vec<Vec<(&'static str, String)>> =
        rows.iter().map(|r| catan_row(r).settings()).collect();
    row_labels(&settings)
}

/// The statistics of every row (`rows[r]`: row `r`'s rungs in listed order).
pub fn analyse(rows: &[Vec<PlayedRung>]) -> Vec<RowStats> {
    let labels = labels(rows);
    rows.iter()
        .zip(labels)
        .map(|(row, label)| {
            let team = super::team_outcome(&row[0].rung.spec);
            // Rungs pair where they play the same seats: the team, or a lineup's lead seat
            // among the same opponents.
            let pairs = team || row[0].rung.spec.lead().is_some();
            let most = row.iter().map(|r| r.rung.boards).max().unwrap_or(0);
            let reference = row.iter().rposition(|r| r.rung.boards == most).unwrap_or(0);
            let features: Vec<BoardFeatures> = (0..most)
                .map(|b| {
                    let r = &row[reference].rung;
                    BoardFeatures::of(r.topo, &r.layout(b))
                })
                .collect();
            let rungs = row
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    let counts = r.acc.board_counts(r.rung.boards, r.rung.games_per_board);
                    let s = spread(&counts);
                    let fit = (counts.len() >= MIN_FIT_BOARDS && s.wins > 0 && s.wins < s.games)
                        .then(|| {
                            let x: Vec<Vec<f64>> = (0..BoardFeatures::NAMES.len())
                                .map(|j| {
                                    features[..counts.len()]
                                        .iter()
                                        .map(|f| f.values()[j])
                                        .collect()
                                })
                                .collect();
                            let y: Vec<f64> = counts.iter().map(BoardCounts::rate).collect();
                            ols::fit(&BoardFeatures::NAMES, &x, &y).filter(|f| f.k > 0)
                        })
                        .flatten();
                    RungStats {
                        counts,
                        spread: s,
                        vs_prev: (pairs && k > 0).then(|| paired(&bits(&row[k - 1]), &bits(r))),
                        vs_first: (pairs && k > 0)
                            .then(|| skill_spread(&bits(&row[0]), &bits(r)))
                            .flatten(),
                        fit,
                    }
                })
                .collect();
            RowStats {
                label,
                team,
                pairs,
                rungs,
                reference,
                features,
            }
        })
        .collect()
}
