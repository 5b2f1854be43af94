//! `games.csv`: a line per game (how each game ended), and a merge's lines from its shards.

use crate::report::shard::Shards;
use anyhow::{Context, Result};

/// One line of `games.csv`.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct GameLine {
    /// The row's settings key ([`crate::report::settings_key`]): joins runs.
    pub settings_key: String,
    pub row: usize,
    pub seed: u64,
    pub game: u64,
    /// The row's headline outcome: the team won (co-op and solo rows), or the lineup's lead
    /// seat did; empty for competitive rows without one (`end` names the winner).
    pub won: Option<bool>,
    /// How the game ended: `won`, `lost`, `stalled`, `conceded`, `capped`, `seatN`, `tied`.
    pub end: String,
    /// A competitive game's winning seats, 1-based, `+`-joined (`2`, `1+3` for a tie); empty
    /// for a co-operative game.
    #[serde(default)]
    pub winners: String,
    pub turns: u32,
}

/// The shards' `games.csv` lines in the one-shot run's order (row, then game), when every
/// shard wrote one; `None` when none did; when only some did, `None` and a note on stderr (a
/// merge keeps what all its folders hold).
///
/// # Errors
/// A `games.csv` that does not read as one.
pub fn shard_games(shards: &Shards) -> Result<Option<Vec<GameLine>>> {
    let mut lines = Vec::new();
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for f in &shards.folders {
        let path = f.dir.join("games.csv");
        let Ok(bytes) = std::fs::read(&path) else {
            without.push(f.dir.display().to_string());
            continue;
        };
        with.push(f.dir.display().to_string());
        for l in csv::Reader::from_reader(&bytes[..]).deserialize() {
            let l: GameLine = l.with_context(|| format!("{}: not a games.csv", path.display()))?;
            lines.push(l);
        }
    }
    if with.is_empty() {
        return Ok(None);
    }
    if !without.is_empty() {
        eprintln!(
            "robsim: no games.csv merged: {} hold one and {} do not (write every shard with --games-csv to keep it)",
            with.join(", "),
            without.join(", ")
        );
        return Ok(None);
    }
    lines.sort_by_key(|l| (l.row, l.game));
    Ok(Some(lines))
}
