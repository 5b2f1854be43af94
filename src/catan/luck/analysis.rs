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
    /// Against the rung listed before it (co-op rows): which games only one of them won.
    pub vs_prev: Option<PairedBinary>,
    /// The skill spread over the first rung on the log-odds scale (co-op rows).
    pub vs_first: Option<SkillSpread>,
    pub fit: Option<ols::Fit>,
}

/// What the report says of one row: its label, each rung, and the reference rung (the
/// strongest of those that played the most boards), whose boards are drawn.
pub struct RowStats {
    pub label: String,
    pub team: bool,
    pub rungs: Vec<RungStats>,
    pub reference: usize,
    /// The features of every board any rung played (board `b` at index `b`).
    pub features: Vec<BoardFeatures>,
}

/// A played rung's win bits.
pub(super) fn bits<'a>(r: &'a PlayedRung) -> WinBits<'a> {
    WinBits {
        bits: &r.acc.bits,
        boards: r.rung.boards,
        games_per_board: r.rung.games_per_board,
    }
}

/// A played row as the sweep's row (its first rung's policy), for its settings and label.
pub(super) fn catan_row<'t>(r: &[PlayedRung<'t>]) -> CatanRow<'t> {
    CatanRow {
        topo: r[0].rung.topo,
        map: String::new(),
        spec: r[0].rung.spec,
        seed: r[0].rung.seed,
        precision: None,
        games_cap: None,
    }
}

/// Short row labels: the players and (Robert) the difficulty always, then the other settings
/// that vary between rows, leaving out the policy (the rungs are the policies) and the settings
/// only some rows have (a variant's own options, which the variant's name implies), e.g.
/// "3 players, moderate" or "raiders, 4 players, vp_to_win 13, fixed board".
fn labels(rows: &[Vec<PlayedRung>]) -> Vec<String> {
    let settings: Vec<Vec<(&'static str, String)>> =
        rows.iter().map(|r| catan_row(r).settings()).collect();
    let n = settings.first().map_or(0, Vec::len);
    let shown: Vec<usize> = (0..n)
        .filter(|&k| {
            let key = settings[0][k].0;
            key != "policy"
                && settings.iter().all(|s| s[k].1 != "-")
                && (["players", "difficulty"].contains(&key)
                    || settings.iter().any(|s| s[k].1 != settings[0][k].1))
        })
        .collect();
    settings
        .iter()
        .map(|s| {
            let parts: Vec<String> = shown
                .iter()
                .map(|&k| match s[k].0 {
                    "variant" | "difficulty" => s[k].1.clone(),
                    "players" => format!("{} players", s[k].1),
                    "board" => format!("{} board", s[k].1),
                    key => format!("{key} {}", s[k].1),
                })
                .collect();
            parts.join(", ")
        })
        .collect()
}

/// The statistics of every row (`rows[r]`: row `r`'s rungs in listed order).
pub fn analyse(rows: &[Vec<PlayedRung>]) -> Vec<RowStats> {
    let labels = labels(rows);
    rows.iter()
        .zip(labels)
        .map(|(row, label)| {
            let team = super::team_outcome(&row[0].rung.spec);
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
                    let half = r.rung.games_per_board / 2;
                    let counts: Vec<BoardCounts> = (0..r.rung.boards as usize)
                        .map(|b| BoardCounts {
                            games: r.acc.games.get(b).copied().unwrap_or(0),
                            wins: r.acc.wins.get(b).copied().unwrap_or(0),
                            half_games: half,
                            half_wins: r.acc.half_wins.get(b).copied().unwrap_or(0),
                        })
                        .collect();
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
                        vs_prev: (team && k > 0).then(|| paired(&bits(&row[k - 1]), &bits(r))),
                        vs_first: (team && k > 0)
                            .then(|| skill_spread(&bits(&row[0]), &bits(r)))
                            .flatten(),
                        fit,
                    }
                })
                .collect();
            RowStats {
                label,
                team,
                rungs,
                reference,
                features,
            }
        })
        .collect()
}
