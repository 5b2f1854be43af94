//! Beyond one machine: shards (`--shard i/n`), each folder's exact state (`state.json`), and
//! report folders read back and checked for `robsim merge` (shards → exactly the one-shot result,
//! merged by `sweep::merge_rows`) and `robsim rerun` (from a manifest).

use crate::report::{sha256_hex, Manifest};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Slice `index` of `count` (0-based) of a run's game indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// Parses `i/n` with `0 <= i < n`.
    ///
    /// # Errors
    /// Anything else, with the expected form.
    pub fn parse(s: &str) -> Result<Shard, String> {
        let err = || format!("{s:?} is not a shard; expected I/N with 0 <= I < N, e.g. 0/3");
        let (i, n) = s.split_once('/').ok_or_else(err)?;
        let index: u64 = i.trim().parse().map_err(|_| err())?;
        let count: u64 = n.trim().parse().map_err(|_| err())?;
        if count == 0 || index >= count {
            return Err(err());
        }
        Ok(Shard { index, count })
    }

    /// The game indices of this slice of `games`: `[i*N/n, (i+1)*N/n)`, contiguous, disjoint,
    /// and together exactly `0..games`.
    pub fn range(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (k as u128 * games as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `state.json`: every written row's exact accumulator (serde form of the experiment's
/// `Accumulator`) and its game count.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct StateFile {
    pub rows: Vec<RowState>,
    /// The paired statistics between rows (`compare::PairSet`), mergeable like the rows.
    #[serde(default)]
    pub pairs: serde_json::Value,
    /// A partial (interrupted) run's game indices played, as `[start, end)` ranges: what
    /// `--resume` leaves out. Empty when the run is whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<(u64, u64)>,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RowState {
    pub games: u64,
    pub acc: serde_json::Value,
}

fn read(dir: &Path, file: &str) -> Result<String> {
    let p = dir.join(file);
    std::fs::read_to_string(&p).with_context(|| format!("{}: cannot read it", p.display()))
}

/// A report folder's manifest, config and state, read back.
pub struct Folder {
    pub dir: PathBuf,
    pub manifest: Manifest,
    pub config_text: String,
    pub state: Option<StateFile>,
}

impl Folder {
    /// Reads `manifest.json` and `config.toml` (and `state.json` when `with_state`), checking
    /// that the config still has the hash the manifest recorded.
    ///
    /// # Errors
    /// A file is missing or malformed, or the config was edited.
    pub fn load(dir: &Path, with_state: bool) -> Result<Folder> {
        let m = read(dir, "manifest.json")?;
        let manifest: Manifest = serde_json::from_str(&m)
            .with_context(|| format!("{}: not a manifest", dir.join("manifest.json").display()))?;
        let config_text = read(dir, "config.toml")?;
        let want = &manifest.config_sha256;
        let got = sha256_hex(config_text.as_bytes());
        if *want != got {
            bail!(
                "{}: config_sha256 is {want:?} in the manifest but the config hashes to {got:?} (edited, or written by an older robsim)",
                dir.join("config.toml").display()
            );
        }
        let state = if with_state {
            let s = read(dir, "state.json")?;
            Some(
                serde_json::from_str(&s)
                    .with_context(|| format!("{}: malformed", dir.join("state.json").display()))?,
            )
        } else {
            None
        };
        Ok(Folder {
            dir: dir.to_path_buf(),
            manifest,
            config_text,
            state,
        })
    }

    /// The shard this folder played, if any.
    pub fn shard(&self) -> Option<Shard> {
        self.manifest.shard.map(|s| Shard {
            index: s.index,
            count: s.count,
        })
    }
}

/// Shard folders checked to be slices of one run that together cover it exactly once.
pub struct Shards {
    pub folders: Vec<Folder>,
    /// Games per row of the run.
    pub games: u64,
}

/// Loads shard folders and checks that they are of one run: same robsim version, config hash,
/// seed and games per row. [`check_slices`] checks what they played once the run's sweep is
/// known (the layers above read it from the first folder's config).
///
/// # Errors
/// The first mismatch, naming the folders and the manifest field.
pub fn load_folders(dirs: &[PathBuf]) -> Result<Vec<Folder>> {
    if dirs.is_empty() {
        bail!("merge: give at least one shard folder");
    }
    let folders: Vec<Folder> = dirs
        .iter()
        .map(|d| Folder::load(d, true))
        .collect::<Result<_>>()?;
    let first = &folders[0];
    for f in &folders[1..] {
        let (a, b) = (&first.manifest, &f.manifest);
        for (key, x, y) in [
            (
                "robsim_version",
                format!("{:?}", a.robsim_version),
                format!("{:?}", b.robsim_version),
            ),
            (
                "config_sha256",
                format!("{:?}", a.config_sha256),
                format!("{:?}", b.config_sha256),
            ),
            ("seed", a.seed.to_string(), b.seed.to_string()),
            (
                "games_per_row",
                a.games_per_row.to_string(),
                b.games_per_row.to_string(),
            ),
        ] {
            if x != y {
                bail!(
                    "merge: {} and {} differ in {key} ({x} vs {y}); only shards of one run merge",
                    first.dir.display(),
                    f.dir.display(),
                );
            }
        }
    }
    Ok(folders)
}

/// How many of the game indices `range` a row capped at `cap` plays (`None`: no cap): those
/// below the cap.
pub fn games_below(range: &Range<u64>, cap: Option<u64>) -> u64 {
    range
        .end
        .min(cap.unwrap_or(u64::MAX))
        .saturating_sub(range.start)
}

/// Checks the folders of one run (from [`load_folders`]) of a sweep whose rows cap their games
/// at `caps` (one per row; `Some(n)`: the row plays game indices `0..n` only, as a search row
/// under `search_games` does): none a precision run or partial, each state holding every row
/// with the games of its slice below the row's cap, the slices disjoint and together every game
/// index.
///
/// # Errors
/// The first folder that does not fit, naming it.
pub fn check_slices(folders: Vec<Folder>, caps: &[Option<u64>]) -> Result<Shards> {
    let games = folders[0].manifest.games_per_row;
    let rows = caps.len();
    let mut slices: Vec<(Range<u64>, &Path)> = Vec::new();
    for f in &folders {
        if f.manifest.precision.is_some() {
            bail!(
                "merge: {} is a --precision run, whose game count depends on its results; only fixed-count runs shard and merge",
                f.dir.display()
            );
        }
        if f.manifest.partial {
            bail!(
                "merge: {} is a partial (interrupted) report; re-run that shard",
                f.dir.display()
            );
        }
        let range = f.shard().map_or(0..games, |s| s.range(games));
        let st = f.state.as_ref().expect("loaded with state");
        // A row capped by `search_games` plays only the slice's game indices below its cap.
        if st.rows.len() != rows
            || st
                .rows
                .iter()
                .zip(caps)
                .any(|(r, &c)| r.games != games_below(&range, c))
        {
            bail!(
                "merge: {}: state.json does not hold {} rows of {} games each (fewer for a row capped by search_games)",
                f.dir.display(),
                rows,
                range.end - range.start
            );
        }
        slices.push((range, &f.dir));
    }
    slices.sort_by_key(|s| (s.0.start, s.0.end));
    let mut next = 0;
    for (r, d) in &slices {
        if r.is_empty() {
            continue;
        }
        if r.start < next {
            bail!(
                "merge: {} overlaps another shard (games {}..{}); shards must be disjoint",
                d.display(),
                r.start,
                r.end
            );
        }
        if r.start > next {
            bail!(
                "merge: games {next}..{} are in no shard given; shards must cover every game",
                r.start
            );
        }
        next = r.end;
    }
    if next != games {
        bail!("merge: games {next}..{games} are in no shard given; shards must cover every game");
    }
    Ok(Shards { folders, games })
}
