//! The luck report's Carcassonne games: rungs played on many deals (tile orders).
//!
//! Carcassonne has no dice: its luck is the order the tiles come out of the bag. Deal `b` is the
//! tile order of game `b` of a sweep with the same seed (its tile streams, `(seed, b)`), so
//! every game on it draws the same base tiles in the same order and puts the robber tiles in the
//! same places; game `j` on deal `b` draws the players' own randomness (random's choices,
//! greedy's tie-breaks, a search's sampled futures) from `(nested_master(seed, b), j)`. The
//! games of one deal differ only in what the players choose, and game `j` of deal `b` is the
//! same deal with the same player streams in every rung: rungs pair game by game, and a row with
//! The Robbers pairs with the same row without them (the base tiles come in the same order).

use crate::carcassonne::experiment::{CarcScratch, CarcSpec, CarcassonneRow};
use crate::carcassonne::players::CarcPolicySpec;
use crate::carcassonne::sim::{CarcRngs, ROBBER_TILES, TILES};
use crate::carcassonne::TileSet;
use crate::engine::runner::{Experiment, CHUNK};
use crate::engine::seeds::{nested_master, rng, Stream};
use crate::engine::stats::PairedBinary;
use crate::report::luck::{paired, skill_spread, spread, LuckAcc, SkillSpread, Spread, WinBits};
use crate::report::luck_tables::{luck_line, pair_lines, row_labels, seat_lines, RungTag, Skill};
use crate::report::{ReportDir, Tables};
use anyhow::Result;

/// One rung of one row: `boards` deals × `games_per_board` games, game index
/// `b * games_per_board + j` being game `j` of deal `b`.
pub struct CarcLuckRung {
    pub tiles: &'static TileSet,
    /// `base` or the tile file's path, for the report.
    pub tiles_name: String,
    /// The row with this rung's policy (in its lead seat, with a lineup).
    pub spec: CarcSpec,
    pub seed: u64,
    pub boards: u64,
    pub games_per_board: u64,
}

impl CarcLuckRung {
    /// Games this rung plays.
    pub fn games(&self) -> u64 {
        self.boards * self.games_per_board
    }

    /// The streams of game `j` on deal `b`: the deal's tiles, the game's own policy stream.
    pub fn rngs(&self, b: u64, j: u64) -> CarcRngs {
        CarcRngs {
            tiles: rng(self.seed, b, TILES),
            robber_tiles: rng(self.seed, b, ROBBER_TILES),
            policy: rng(nested_master(self.seed, b), j, Stream::POLICY),
        }
    }

    /// Whether a seat searches (a game costs its futures: small work items).
    fn searches(&self) -> bool {
        (0..self.spec.rules.players as usize)
            .any(|s| matches!(self.spec.seat_policy(s), CarcPolicySpec::Rollout(_)))
    }

    /// The row as a sweep's row, for its settings and label.
    fn row(&self) -> CarcassonneRow {
        CarcassonneRow {
            tiles: self.tiles,
            tiles_name: self.tiles_name.clone(),
            spec: self.spec,
            seed: self.seed,
        }
    }
}

impl Experiment for CarcLuckRung {
    type Acc = LuckAcc;
    type Scratch = CarcScratch;

    fn play(&self, i: u64, acc: &mut LuckAcc, scratch: &mut CarcScratch) {
        let (b, j) = (i / self.games_per_board, i % self.games_per_board);
        let mut rngs = self.rngs(b, j);
        let rules = self.spec.rules;
        let g = scratch.play_on(self.tiles, rules, self.spec.player(), &mut rngs, &mut ());
        // Every tied leader wins (as in the sweep's seat columns).
        let w = g.winners();
        for (p, wins) in acc.seat_wins[..rules.players as usize]
            .iter_mut()
            .enumerate()
        {
            *wins += u64::from(w >> p & 1);
        }
        let lead = self.spec.lead().unwrap_or(0);
        acc.count(self.boards, self.games_per_board, i, w >> lead & 1 == 1);
    }

    fn chunk(&self) -> u64 {
        if self.searches() {
            4
        } else {
            CHUNK
        }
    }
}

/// One rung of a row, played: its name as listed, the rung and its accumulator.
pub struct CarcPlayed {
    pub name: String,
    pub rung: CarcLuckRung,
    pub acc: LuckAcc,
}

/// What the report says of one rung.
pub struct CarcRungStats {
    pub spread: Spread,
    /// Against the rung listed before it (a lineup's lead seat): the games only one won.
    pub vs_prev: Option<PairedBinary>,
    /// The skill spread over the first rung on the log-odds scale (a lineup's lead seat).
    pub vs_first: Option<SkillSpread>,
}

/// What the report says of one row.
pub struct CarcRowStats {
    pub label: String,
    /// Whether the rungs pair: they play a lineup's lead seat among the same opponents (with
    /// every seat played by the rung, seat 1's result compares different tables).
    pub pairs: bool,
    pub rungs: Vec<CarcRungStats>,
}

/// The statistics of every row (`rows[r]`: row `r`'s rungs in listed order).
pub fn analyse(rows: &[Vec<CarcPlayed>]) -> Vec<CarcRowStats> {
    let settings: Vec<Vec<(&'static str, String)>> =
        rows.iter().map(|r| r[0].rung.row().settings()).collect();
    rows.iter()
        .zip(row_labels(&settings))
        .map(|(row, label)| {
            let pairs = row[0].rung.spec.lead().is_some();
            fn bits(r: &CarcPlayed) -> WinBits<'_> {
                r.acc.win_bits(r.rung.boards, r.rung.games_per_board)
            }
            let rungs = row
                .iter()
                .enumerate()
                .map(|(k, r)| CarcRungStats {
                    spread: spread(&r.acc.board_counts(r.rung.boards, r.rung.games_per_board)),
                    vs_prev: (pairs && k > 0).then(|| paired(&bits(&row[k - 1]), &bits(r))),
                    vs_first: (pairs && k > 0)
                        .then(|| skill_spread(&bits(&row[0]), &bits(r)))
                        .flatten(),
                })
                .collect();
            CarcRowStats {
                label,
                pairs,
                rungs,
            }
        })
        .collect()
}

/// The outcome a row's rungs follow: its lineup's lead seat (`seatK`), else seat 1.
pub fn outcome(spec: &CarcSpec) -> String {
    format!("seat{}", spec.lead().unwrap_or(0) + 1)
}

/// Appends luck.csv, seats.csv and pairs.csv of the played rows to `out`.
///
/// # Errors
/// A line cannot be serialised.
pub fn write_tables(
    rows: &[Vec<CarcPlayed>],
    stats: &[CarcRowStats],
    out: &mut ReportDir,
) -> Result<()> {
    for (r, (row, st)) in rows.iter().zip(stats).enumerate() {
        let keys: Vec<String> = row
            .iter()
            .map(|pr| crate::report::settings_key(&pr.rung.row()))
            .collect();
        for (k, (pr, rs)) in row.iter().zip(&st.rungs).enumerate() {
            let outcome = outcome(&pr.rung.spec);
            let tag = RungTag {
                row: r,
                settings_key: &keys[k],
                row_label: &st.label,
                variant: "carcassonne",
                players: pr.rung.spec.rules.players,
                difficulty: "",
                board: "tile-order",
                map: &pr.rung.tiles_name,
                rung: &pr.name,
                outcome: &outcome,
                games_per_board: pr.rung.games_per_board,
                capouts: pr.acc.caps,
            };
            let skill = Skill {
                vs_prev: rs.vs_prev.as_ref().map(|t| (row[k - 1].name.as_str(), t)),
                vs_first: rs.vs_first.map(|x| (row[0].name.as_str(), x)),
            };
            luck_line(out, &tag, &rs.spread, skill)?;
            let games = pr.acc.games.iter().sum::<u64>();
            seat_lines(out, &tag, games, &pr.acc.seat_wins)?;
        }
        if st.pairs {
            let rungs: Vec<_> = row
                .iter()
                .zip(&keys)
                .map(|(pr, key)| {
                    let bits = pr.acc.win_bits(pr.rung.boards, pr.rung.games_per_board);
                    (pr.name.as_str(), key.as_str(), bits)
                })
                .collect();
            pair_lines(out, r, &st.label, &rungs)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::carcassonne::experiment::resolve_tiles;
    use crate::carcassonne::Rules;

    fn rung(policy: CarcPolicySpec, rules: Rules) -> CarcLuckRung {
        CarcLuckRung {
            tiles: resolve_tiles("base").unwrap(),
            tiles_name: "base".into(),
            spec: CarcSpec::new(rules, policy),
            seed: 11,
            boards: 3,
            games_per_board: 3,
        }
    }

    /// The tiles of game `j` on tile order `b`, in the order they were placed.
    fn placed(r: &CarcLuckRung, b: u64, j: u64) -> (Vec<u8>, u8) {
        let mut scratch = CarcScratch::default();
        let g = scratch.play_on(
            r.tiles,
            r.spec.rules,
            r.spec.player(),
            &mut r.rngs(b, j),
            &mut (),
        );
        (g.placed.iter().map(|p| p.kind).collect(), g.winners())
    }

    /// Every game on a tile order places the same tiles in the same order whatever the players
    /// do (random players, who place them elsewhere), and another order differs.
    #[test]
    fn a_tile_order_fixes_the_tiles_whatever_the_play() {
        for rules in [Rules::base(3), Rules::robbers(3)] {
            let r = rung(CarcPolicySpec::Random, rules);
            let (a, _) = placed(&r, 1, 0);
            let (b, _) = placed(&r, 1, 1);
            let (c, _) = placed(&r, 2, 0);
            assert_eq!(a, b, "the same tiles in the same order");
            assert_ne!(a[..20], c[..20], "two tile orders");
        }
    }
}
