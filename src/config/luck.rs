//! `[luck]`: the rungs `robsim luck` plays, and its boards and games per board.
//!
//! `[luck]`: the rungs (policies, weakest first) `robsim luck` plays on every row of the grid, and
//! the boards and games per board of each.

use super::{OneOrMany, Sweep, SweepFile};
use crate::carcassonne::experiment::CarcSpec;
use crate::catan::experiment::RowSpec;
use anyhow::{anyhow, bail, Result};
use serde::{Deserialize, Serialize};

/// The `[luck]` table.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LuckFile {
    /// Policy names from the weakest to the strongest (`random`, `team`, `team-tuned`,
    /// `rollout-8`, ...): the skill ladder every row is played by.
    pub rungs: Vec<String>,
    /// Boards per row: one count for every rung, or one per rung (a costly rung plays the first
    /// boards only).
    pub boards: OneOrMany<i64>,
    /// Games per board (dice and deck varied, board fixed; Carcassonne: games per tile order,
    /// the players' own choices varied): one count, or one per rung.
    pub games_per_board: OneOrMany<i64>,
}

/// One rung: its name as listed, and how much it plays on each row.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    pub name: String,
    pub boards: u64,
    pub games_per_board: u64,
}

/// A validated luck run: the rungs, and per row of the grid the row with each rung's policy.
#[derive(Clone, Debug)]
pub struct Luck {
    pub rungs: Vec<Rung>,
    /// `rows[r][k]`: row `r` played by rung `k`.
    pub rows: Vec<Vec<RowSpec>>,
    /// `carcassonne[r][k]`: Carcassonne row `r` played by rung `k` (a config has Catan rows or
    /// Carcassonne rows, not both).
    pub carcassonne: Vec<Vec<CarcSpec>>,
    /// The grid's sweep with every rung's rows (to load maps and name rows).
    pub sweep: Sweep,
}

/// Largest board or game count a rung may ask for (a row's bits and counts stay in memory).
const MAX_COUNT: i64 = 1_000_000;

/// Checks `file`'s `[luck]` table and expands the grid once per rung.
///
/// # Errors
/// No `[luck]` table; `grid.policy` set; an unknown, repeated or inapplicable rung; a board or
/// game count out of range or a list of the wrong length; any error of the grid.
pub fn luck(file: &SweepFile, origin: &str, text: Option<&str>) -> Result<Luck> {
    let at = super::Locate { origin, text };
    let ctx = |key: &str| at.key(key);
    let Some(l) = &file.luck else {
        bail!(
            "{origin}: no [luck] table; allowed: a config with `[luck]`, `rungs = [\"random\", \"team\"]`, `boards = 1000` and `games_per_board = 100`, e.g. configs/robert-luck.toml in the robsim repository"
        );
    };
    if file.grid.policy.is_some() {
        bail!(
            "{}: grid.policy is set; luck plays luck.rungs on every row, so leave policy out of [grid]",
            ctx("grid.policy")
        );
    }
    if l.rungs.is_empty() {
        bail!(
            "{}: the list is empty; give the policies from the weakest to the strongest, e.g. [\"random\", \"team\"]",
            ctx("luck.rungs")
        );
    }
    for (k, name) in l.rungs.iter().enumerate() {
        if l.rungs[..k].contains(name) {
            bail!("{}: {name:?} is listed twice", ctx("luck.rungs"));
        }
        // The name alone; its models and knobs are the grid's checks below, per variant.
        crate::catan::policy::check_name(name)
            .map_err(|e| anyhow!("{}: {e}", ctx("luck.rungs")))?;
    }
    let per_rung = |v: &OneOrMany<i64>, key: &str, least: i64| -> Result<Vec<u64>> {
        let list = v.to_vec();
        let n = l.rungs.len();
        if list.len() != 1 && list.len() != n {
            bail!(
                "{}: {} values for {n} rungs; allowed: one count for every rung, or one per rung",
                ctx(key),
                list.len()
            );
        }
        if let Some(x) = list.iter().find(|x| !(least..=MAX_COUNT).contains(*x)) {
            bail!(
                "{}: {x} is out of range; allowed: {least}..={MAX_COUNT}",
                ctx(key)
            );
        }
        Ok((0..n).map(|k| list[k.min(list.len() - 1)] as u64).collect())
    };
    // Two boards at least for a variance between boards, two games for the noise within one.
    let boards = per_rung(&l.boards, "luck.boards", 2)?;
    let games = per_rung(&l.games_per_board, "luck.games_per_board", 2)?;
    let mut grid = file.clone();
    grid.luck = None;
    match &file.grid.seats {
        // A lineup: each rung plays its lead seat, the lineup's other seats stay.
        Some(_)
            if file
                .grid
                .variant
                .as_ref()
                .is_none_or(|v| v.to_vec().iter().any(|v| v == "robert")) =>
        {
            bail!(
                "{}: luck plays its rungs in the lead seat of a competitive lineup, and a co-operative table has no lead; allowed: grid.seats with variant base, raiders or carcassonne, or the rungs alone for robert",
                ctx("grid.seats")
            );
        }
        Some(seats) => {
            let all = seats.to_vec();
            let [lineup] = &all[..] else {
                bail!(
                    "{}: luck plays its rungs in the lead seat of one lineup; allowed: one lineup (\"LEAD,OTHER,...\"; its first policy is replaced by each rung)",
                    ctx("grid.seats")
                );
            };
            let rest = lineup.split_once(',').map_or("", |(_, r)| r);
            let with = |rung: &String| {
                if rest.is_empty() {
                    rung.clone()
                } else {
                    format!("{rung},{rest}")
                }
            };
            grid.grid.seats = Some(OneOrMany::Many(l.rungs.iter().map(with).collect()));
        }
        None => grid.grid.policy = Some(OneOrMany::Many(l.rungs.clone())),
    }
    // The grid's own checks name grid.policy, which the file does not have: name the rungs.
    let sweep = Sweep::from_file_in(grid, origin, text).map_err(|e| {
        anyhow!(
            "{}",
            format!("{e:#}").replace(&format!("{origin}: grid.policy"), &ctx("luck.rungs"))
        )
    })?;
    // Rows nest variant × policy × the rest, so each variant lists its rows rung by rung in the
    // same order: a row of the luck report is one setting of the rest, with one spec per rung.
    let mut rows: Vec<Vec<RowSpec>> = Vec::new();
    for spec in &sweep.rows {
        match rows.iter_mut().find(|r| {
            r[0].rules == spec.rules && r[0].board == spec.board && r[0].lead() == spec.lead()
        }) {
            Some(r) => r.push(*spec),
            None => rows.push(vec![*spec]),
        }
    }
    let mut carcassonne: Vec<Vec<CarcSpec>> = Vec::new();
    for spec in &sweep.carcassonne {
        match carcassonne
            .iter_mut()
            .find(|r| r[0].rules == spec.rules && r[0].lead() == spec.lead())
        {
            Some(r) => r.push(*spec),
            None => carcassonne.push(vec![*spec]),
        }
    }
    debug_assert!(rows.iter().all(|r| r.len() == l.rungs.len()));
    debug_assert!(carcassonne.iter().all(|r| r.len() == l.rungs.len()));
    let rungs = l
        .rungs
        .iter()
        .zip(boards.iter().zip(&games))
        .map(|(name, (&b, &m))| Rung {
            name: name.clone(),
            boards: b,
            games_per_board: m,
        })
        .collect();
    Ok(Luck {
        rungs,
        rows,
        carcassonne,
        sweep,
    })
}
