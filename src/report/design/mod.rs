//! `robsim design`'s games: each setting's cells on common batches, then held-out confirmation.
//!
//! Generic over the game (`Tables`): a setting's rows come from the caller's `bind`, each row is
//! known by its settings (two settings that leave a cell alone share its games), and every batch
//! of every row played is kept in a [`Store`] (`design-state.json`), so that a search stopped by
//! Ctrl-C goes on from it (`--resume`: the search is replayed from the store and plays only what
//! it lacks), and shards of independent runs merge by pooling their stores. The search itself is
//! `engine::design`; the files are written by [`write`].

mod batch;
pub mod effects;
mod figure;
pub mod measure;
pub mod shape;
mod shape_table;
pub mod write;

pub use measure::Measure;

use crate::engine::design::{
    rank, score, search, Evaluator, Moments, Outcome, Params, Record, Score, Setting, Side, Space,
    Term,
};
use crate::engine::runner::{run_each, stop_requested};
use crate::engine::stats::{certain_round, GameEnd, Hist, PairedBinary};
use crate::report::Tables;
use indicatif::ProgressBar;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::ops::Range;

/// A dimension of the space as the report shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct DimInfo {
    /// `vp_to_win`, or `vp_to_win (only { players = 3 })`.
    pub name: String,
    pub key: String,
    /// Its cells' selector as a config writes it, if it has one.
    pub only: Option<String>,
    /// Option labels: `-` (left as the grid has it), then each value.
    pub options: Vec<String>,
    /// Each value of options 1.. as TOML (`3`, `"take"`), for a config fragment.
    pub values: Vec<String>,
    /// Each value of options 1.. as a rule in words, scoped by the selector (`at easy: a seven
    /// makes players with more than 9 cards discard half`).
    pub words: Vec<String>,
}

/// What a target aims at in its cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Aim {
    /// The row's win rate (its log's win bit: the table's, or a lineup's lead seat's).
    Rate(f64),
    /// The row's win rate minus row `reference`'s at the grid's rules, game by game on the
    /// same games, against `offset`.
    Like { reference: usize, offset: f64 },
    /// Every seat's share of the wins against 1/seats.
    Fair { seats: usize },
    /// The lead seat's win rate minus a fair share (1/seats) against `edge`.
    Edge { edge: f64, seats: usize },
    /// The mean game length (the log's turns) against this, the distance taken as a share of it.
    Turns(f64),
    /// A measure of the game's shape kept within bounds (`at_most`, `at_least`; either may be
    /// open): the rounds of a won or lost game at a quantile, or a share of the games.
    /// `players` turns player-turns into rounds.
    Bound {
        measure: Measure,
        at_most: Option<f64>,
        at_least: Option<f64>,
        players: u8,
    },
}

/// One target: a cell (a row of the grid), its aim, tolerance and weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    pub row: usize,
    pub aim: Aim,
    /// A distance (in the term's units: rate points as a share, or a share of the turns) counted
    /// as met.
    pub tolerance: f64,
    pub weight: f64,
    /// The `[[design.target]]` entry it came from.
    pub entry: usize,
}

impl Target {
    /// Its measures (one per term): the names `design.csv` and `best.csv` give them.
    pub fn measures(&self) -> Vec<String> {
        match self.aim {
            Aim::Rate(_) => vec!["win_rate".into()],
            Aim::Like { reference, .. } => vec![format!("win_rate_like_row{reference}")],
            Aim::Fair { seats } => (1..=seats).map(|s| format!("seat{s}_share")).collect(),
            Aim::Edge { .. } => vec!["lead_edge".into()],
            Aim::Turns(_) => vec!["turns_mean".into()],
            Aim::Bound {
                measure,
                at_most,
                at_least,
                ..
            } => [(at_most, "at_most"), (at_least, "at_least")]
                .iter()
                .filter(|(b, _)| b.is_some())
                .map(|(_, side)| format!("{}_{side}", measure.name()))
                .collect(),
        }
    }

    /// Each term's bound and side, in [`Target::measures`]' order (a bound target's; empty for
    /// an aim).
    pub fn bounds(&self) -> Vec<(f64, Side)> {
        match self.aim {
            Aim::Bound {
                at_most, at_least, ..
            } => at_most
                .map(|b| (b, Side::AtMost))
                .into_iter()
                .chain(at_least.map(|b| (b, Side::AtLeast)))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// One row's games of one batch: what every aim reads.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RowBatch {
    pub games: u64,
    pub wins: u64,
    /// Game `first + j` won: bit `j`.
    pub bits: Vec<u64>,
    pub len_sum: u64,
    pub len_sq: u64,
    /// Each seat's (Σ share, Σ share²) (`Tables::seat_shares`).
    pub seats: Vec<(f64, f64)>,
    /// The lengths (the log's turns) of the won and of the lost games (a cap-out is neither),
    /// as (length, games), ascending; the games stuck (stalled or conceded) and capped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub won_lens: Vec<(u32, u32)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lost_lens: Vec<(u32, u32)>,
    #[serde(default)]
    pub stuck: u64,
    #[serde(default)]
    pub capped: u64,
    /// Wins the game counts as close (`Tables::close_wins`).
    #[serde(default)]
    pub close_wins: u64,
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
    /// The batch of `row` that `acc` holds (games `games`); `None` when some are missing
    /// (Ctrl-C skipped them).
    fn of<E: Tables>(row: &E, mut acc: E::Acc, games: Range<u64>) -> Option<RowBatch> {
        let n = games.end - games.start;
        if E::games(&acc) != n {
            return None;
        }
        let log = E::take_game_log(&mut acc);
        let mut b = RowBatch {
            games: n,
            bits: vec![0; n.div_ceil(64) as usize],
            seats: row.seat_shares(&acc),
            close_wins: row.close_wins(&acc),
            ..RowBatch::default()
        };
        for (j, i) in games.enumerate() {
            let (won, len) = log.get(i);
            if won {
                b.bits[j / 64] |= 1 << (j % 64);
                b.wins += 1;
            }
            b.len_sum += len as u64;
            b.len_sq += len as u64 * len as u64;
            let end = log.end(i);
            match end {
                Some(GameEnd::Capped) => b.capped += 1,
                Some(GameEnd::Stalled | GameEnd::Conceded) => b.stuck += 1,
                _ => {}
            }
            if end != Some(GameEnd::Capped) {
                add_lens(
                    if won {
                        &mut b.won_lens
                    } else {
                        &mut b.lost_lens
                    },
                    &[(len, 1)],
                );
            }
        }
        Some(b)
    }

    /// Adds another batch's counts (not its bits: a pooled batch pairs no games).
    pub fn add(&mut self, o: &RowBatch) {
        self.games += o.games;
        self.wins += o.wins;
        self.len_sum += o.len_sum;
        self.len_sq += o.len_sq;
        if self.seats.len() < o.seats.len() {
            self.seats.resize(o.seats.len(), (0.0, 0.0));
        }
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.0 += b.0;
            a.1 += b.1;
        }
        add_lens(&mut self.won_lens, &o.won_lens);
        add_lens(&mut self.lost_lens, &o.lost_lens);
        self.stuck += o.stuck;
        self.capped += o.capped;
        self.close_wins += o.close_wins;
    }

    /// The round from which 90% of the games still running end as they will (a row never in
    /// doubt: 1; never certain: the round after its last game), at a table of `players`;
    /// `None` with no game won or lost.
    pub fn certain_round(&self, players: u8) -> Option<u32> {
        let (mut win, mut loss) = (Hist::default(), Hist::default());
        for (won, h) in [(true, &mut win), (false, &mut loss)] {
            for (r, n) in self.rounds(won, players) {
                h.add_n(r, u64::from(n));
            }
        }
        let last = win.max().max(loss.max())?;
        Some(certain_round(&win, &loss, 0.9).unwrap_or(last + 1))
    }

    /// The win rate.
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }
}

/// Game by game, this batch's wins (A) against `other`'s (B) on the same games.
pub fn paired(a: &RowBatch, b: &RowBatch) -> PairedBinary {
    let mut p = PairedBinary::default();
    for (x, y) in a.bits.iter().zip(&b.bits) {
        p.both += (x & y).count_ones() as u64;
        p.only_a += (x & !y).count_ones() as u64;
        p.only_b += (!x & y).count_ones() as u64;
    }
    p.neither = a.games.min(b.games) - p.both - p.only_a - p.only_b;
    p
}

/// Each target's terms from its cell's batch (`cell(row)`) and its reference's (`reference(row)`).
pub fn terms(targets: &[Target], cell: &dyn Fn(usize) -> RowBatch) -> Vec<Term> {
    let mut out = Vec::new();
    for t in targets {
        let c = cell(t.row);
        let n = c.games as f64;
        let w = c.wins as f64;
        let term = |m: Moments, target: f64| Term {
            m,
            target,
            weight: t.weight,
            side: Side::Both,
        };
        match t.aim {
            Aim::Rate(r) => out.push(term(Moments::new(n, w, w), r)),
            Aim::Like { reference, offset } => {
                let p = paired(&c, &cell(reference));
                let (a, b) = (p.only_a as f64, p.only_b as f64);
                out.push(term(Moments::new(p.n() as f64, a - b, a + b), offset));
            }
            Aim::Fair { seats } => {
                for s in 0..seats {
                    let (sum, sq) = c.seats.get(s).copied().unwrap_or((0.0, 0.0));
                    out.push(term(Moments::new(n, sum, sq), 1.0 / seats as f64));
                }
            }
            Aim::Edge { edge, seats } => {
                out.push(term(Moments::new(n, w, w), 1.0 / seats as f64 + edge))
            }
            Aim::Turns(tt) => out.push(term(
                Moments::new(n, c.len_sum as f64 / tt, c.len_sq as f64 / (tt * tt)),
                1.0,
            )),
            Aim::Bound {
                measure, players, ..
            } => {
                // A quantile q within a bound is the share beyond it within 1 - q (at_most)
                // or under q (at_least); a share is its own mean.
                for (bound, side) in t.bounds() {
                    if measure == Measure::CertainRound {
                        // One value per batch: its distance as a share of the bound.
                        let v = c
                            .certain_round(players)
                            .map_or(1.0, |r| f64::from(r) / bound);
                        out.push(Term {
                            m: Moments::new(1.0, v, v * v),
                            target: 1.0,
                            weight: t.weight,
                            side,
                        });
                        continue;
                    }
                    let (games, beyond) = c.beyond(measure, bound, side, players);
                    let (k, target) = match measure {
                        Measure::Rounds { p90, .. } => {
                            let q = if p90 { 0.9 } else { 0.5 };
                            match side {
                                Side::AtLeast => (games - beyond, 1.0 - q),
                                _ => (beyond, 1.0 - q),
                            }
                        }
                        _ => (beyond, bound),
                    };
                    let k = k as f64;
                    out.push(Term {
                        m: Moments::new(games as f64, k, k),
                        target,
                        weight: t.weight,
                        side,
                    });
                }
            }
        }
    }
    out
}

/// Every batch of every row played: `(held out, row, batch)` → the batch. Rows are known by
/// their settings (their values joined), so a cell a setting leaves alone shares its games.
#[derive(Default)]
pub struct Store {
    keys: Vec<String>,
    ids: HashMap<String, u32>,
    map: HashMap<(bool, u32, u64), RowBatch>,
    /// Each row's settings key ([`crate::report::settings_key`]), as the rows were bound this
    /// sitting (not written: it follows from the row).
    settings_keys: HashMap<u32, String>,
}

/// `design-state.json`: the store as written (entries sorted, so the file is the same for the
/// same games whatever the order they were played in).
#[derive(Serialize, Deserialize)]
pub struct StoreFile {
    pub version: u32,
    /// The games a batch holds (`[design] batch`) and the held-out games per cell.
    pub batch: u64,
    pub games: u64,
    pub keys: Vec<String>,
    /// (held out, key index, batch, the batch's counts).
    pub entries: Vec<(bool, u32, u64, RowBatch)>,
}

/// The version of `design-state.json` (2: each batch keeps the lengths of its won and lost
/// games and its stuck and capped games, for bounds on a game's shape).
pub const STORE_VERSION: u32 = 2;

impl Store {
    /// The id of row `key`.
    pub fn id(&mut self, key: &str) -> u32 {
        if let Some(&i) = self.ids.get(key) {
            return i;
        }
        let i = self.keys.len() as u32;
        self.keys.push(key.to_string());
        self.ids.insert(key.to_string(), i);
        i
    }

    /// Row `id`'s settings key, once a setting that has the row was bound.
    pub fn settings_key(&self, id: u32) -> Option<&str> {
        self.settings_keys.get(&id).map(String::as_str)
    }

    /// Row `id`'s batch, if played.
    pub fn get(&self, held: bool, id: u32, batch: u64) -> Option<&RowBatch> {
        self.map.get(&(held, id, batch))
    }

    /// Leaves out the batches of rows that no setting bound this sitting: rows an older build
    /// keyed otherwise, or settings the config no longer has, which a resumed or merged state can
    /// hold and the search never reads. Returns the games left out. Only after a search that
    /// finished, when every row it reads has been bound.
    pub fn drop_unbound(&mut self) -> u64 {
        let before = self.games();
        let bound = &self.settings_keys;
        self.map.retain(|k, _| bound.contains_key(&k.1));
        before - self.games()
    }

    /// Games held in all.
    pub fn games(&self) -> u64 {
        self.map.values().map(|b| b.games).sum()
    }

    /// The store as written.
    pub fn file(&self, batch: u64, games: u64) -> StoreFile {
        let mut used: Vec<u32> = self.map.keys().map(|k| k.1).collect();
        used.sort_unstable();
        used.dedup();
        let mut order: Vec<(&str, u32)> = used
            .iter()
            .map(|&i| (self.keys[i as usize].as_str(), i))
            .collect();
        order.sort();
        let new: HashMap<u32, u32> = order
            .iter()
            .enumerate()
            .map(|(j, &(_, i))| (i, j as u32))
            .collect();
        let mut entries: Vec<(bool, u32, u64, RowBatch)> = self
            .map
            .iter()
            .map(|(&(h, i, b), v)| (h, new[&i], b, v.clone()))
            .collect();
        entries.sort_by_key(|e| (e.0, e.1, e.2));
        StoreFile {
            version: STORE_VERSION,
            batch,
            games,
            keys: order.iter().map(|(k, _)| k.to_string()).collect(),
            entries,
        }
    }

    /// Adds a written store's batches (a resumed run's, or a shard's).
    ///
    /// # Errors
    /// A store of another version, batch size or held-out count.
    pub fn absorb(&mut self, f: StoreFile, batch: u64, games: u64) -> anyhow::Result<()> {
        if f.version != STORE_VERSION || f.batch != batch || f.games != games {
            anyhow::bail!(
                "design-state.json: version {}, batch {}, held-out games {}; this design: version {STORE_VERSION}, batch {batch}, games {games}",
                f.version,
                f.batch,
                f.games
            );
        }
        for (h, k, b, v) in f.entries {
            let key = f
                .keys
                .get(k as usize)
                .ok_or_else(|| {
                    anyhow::anyhow!("design-state.json: entry names key {k} of {}", f.keys.len())
                })?
                .clone();
            let id = self.id(&key);
            self.map.entry((h, id, b)).or_insert(v);
        }
        Ok(())
    }
}

/// What the design plays: its space and targets, and the rows of a setting from a master seed.
pub struct Problem<'a, E> {
    pub targets: &'a [Target],
    pub space: &'a Space,
    pub params: &'a Params,
    /// Settings confirmed on held-out games.
    pub top: usize,
    /// Held-out games per cell.
    pub games: u64,
    /// Their master seed.
    pub held_out: u64,
    /// Every cell's row under a setting, from a master seed.
    pub bind: &'a dyn Fn(&[u8], u64) -> Vec<E>,
    /// Per dimension: whether it applies to some cells only (a level's detail, `only`).
    pub scoped: &'a [bool],
}

/// The settings to confirm: the best `top` of `ranking`, but a setting that differs from one
/// already taken only in scoped dimensions (a level's detail) waits behind every setting that
/// differs in more, so that the alternatives differ in the rules where such settings exist.
pub fn pick_confirmed(ranking: &[Setting], scoped: &[bool], top: usize) -> Vec<Setting> {
    let mut taken: Vec<Setting> = Vec::new();
    let mut waiting: Vec<Setting> = Vec::new();
    for x in ranking {
        if taken.len() >= top {
            break;
        }
        let detail = taken.iter().any(|t| {
            t.iter()
                .zip(x)
                .enumerate()
                .all(|(d, (a, b))| a == b || scoped.get(d).copied().unwrap_or(false))
        });
        if detail {
            waiting.push(x.clone());
        } else {
            taken.push(x.clone());
        }
    }
    let more = top.saturating_sub(taken.len());
    taken.extend(waiting.into_iter().take(more));
    taken
}

/// What a design found, for the files.
pub struct Found {
    pub outcome: Outcome,
    /// The store id of each cell's row, per setting evaluated or confirmed.
    pub ids: HashMap<Setting, Vec<u32>>,
    /// The settings confirmed: the search's best `top`, then the grid's rules unless among them.
    pub confirmed: Vec<Setting>,
    /// The grid's rules were added to the confirmed settings as the reference (not a finalist).
    pub base_appended: bool,
    /// The held-out games were all played.
    pub held_out_done: bool,
    /// Games the search and the held-out confirmation played in this sitting.
    pub search_played: u64,
    pub held_out_played: u64,
}

/// A row's key: its settings' values joined.
fn key_of<E: Tables>(row: &E) -> String {
    row.settings()
        .iter()
        .map(|(_, v)| v.as_str())
        .collect::<Vec<_>>()
        .join("|")
}

/// The rows one evaluation needs: every target's cell and every reference row.
fn needed(targets: &[Target]) -> (Vec<usize>, Vec<usize>) {
    let mut cells: Vec<usize> = targets.iter().map(|t| t.row).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut refs: Vec<usize> = targets
        .iter()
        .filter_map(|t| match t.aim {
            Aim::Like { reference, .. } => Some(reference),
            _ => None,
        })
        .collect();
    refs.sort_unstable();
    refs.dedup();
    (cells, refs)
}

/// The search's evaluator: rows bound and played on demand, batches kept in the store.
struct Eval<'s, 'a, E> {
    p: &'s Problem<'a, E>,
    store: &'s mut Store,
    ids: &'s mut HashMap<Setting, Vec<u32>>,
    pb: &'s ProgressBar,
    /// Games played: by the search, and held out.
    played: [u64; 2],
    cells: Vec<usize>,
    refs: Vec<usize>,
}

impl<E: Tables> Eval<'_, '_, E> {
    /// The ids of every cell's row under `x` (bound with the search's seed), remembered.
    fn ids_of(&mut self, x: &Setting) -> Vec<u32> {
        if let Some(v) = self.ids.get(x) {
            return v.clone();
        }
        let rows = (self.p.bind)(x, self.p.params.seed);
        let v: Vec<u32> = rows
            .iter()
            .map(|r| {
                let id = self.store.id(&key_of(r));
                self.store
                    .settings_keys
                    .entry(id)
                    .or_insert_with(|| crate::report::settings_key(r));
                id
            })
            .collect();
        self.ids.insert(x.clone(), v.clone());
        v
    }

    /// The ids a setting's evaluation reads: its target cells and the grid's reference rows.
    fn reads(&mut self, x: &Setting) -> Vec<u32> {
        let own = self.ids_of(x);
        let base = self.ids_of(&self.p.space.base());
        let mut v: Vec<u32> = self.cells.iter().map(|&c| own[c]).collect();
        v.extend(self.refs.iter().map(|&r| base[r]));
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Plays, for each of `want` (setting, row, batch or held-out), the games the store lacks;
    /// false when Ctrl-C stopped them (the whole batches are kept).
    fn play(&mut self, want: &[(Setting, usize, bool, u64)]) -> bool {
        // Group by (held out, batch): one game range per call of the runner.
        let mut groups: Vec<BatchGroup> = Vec::new();
        let mut seen: Vec<(bool, u32, u64)> = Vec::new();
        for (x, row, held, b) in want {
            // A row's key is its settings, whatever the seed: held-out games are its own batch.
            let id = self.ids_of(x)[*row];
            if self.store.get(*held, id, *b).is_some() || seen.contains(&(*held, id, *b)) {
                continue;
            }
            seen.push((*held, id, *b));
            match groups.iter_mut().find(|g| g.0 == (*held, *b)) {
                Some(g) => g.1.push((x.clone(), *row)),
                None => groups.push(((*held, *b), vec![(x.clone(), *row)])),
            }
        }
        for ((held, b), rows) in groups {
            if stop_requested() {
                return false;
            }
            let seed = if held {
                self.p.held_out
            } else {
                self.p.params.seed
            };
            let bound: Vec<E> = rows
                .iter()
                .map(|(x, row)| {
                    let mut all = (self.p.bind)(x, seed);
                    all.swap_remove(*row)
                })
                .collect();
            let refs: Vec<&E> = bound.iter().collect();
            let range = self.batch_games(held, b);
            let accs = run_each(&refs, range.clone(), self.pb);
            let mut whole = true;
            for (e, acc) in bound.iter().zip(accs) {
                match RowBatch::of(e, acc, range.clone()) {
                    Some(rb) => {
                        self.played[usize::from(held)] += rb.games;
                        let id = self.store.id(&key_of(e));
                        self.store.map.insert((held, id, b), rb);
                    }
                    None => whole = false,
                }
            }
            if !whole || stop_requested() {
                return false;
            }
        }
        true
    }

    /// The search's games of batch `b`.
    fn batch_games(&self, held: bool, b: u64) -> Range<u64> {
        if held {
            0..self.p.games
        } else {
            let g = self.p.params.batch;
            b * g..(b + 1) * g
        }
    }
}

impl<E: Tables> Evaluator for Eval<'_, '_, E> {
    fn units(&mut self, x: &Setting, k: u32) -> Vec<u64> {
        self.reads(x)
            .into_iter()
            .map(|id| (id as u64) << 32 | k as u64)
            .collect()
    }

    fn eval(&mut self, jobs: &[(Setting, u32)]) -> Option<Vec<Vec<Term>>> {
        let base = self.p.space.base();
        let mut want = Vec::new();
        for (x, k) in jobs {
            for &c in &self.cells {
                want.push((x.clone(), c, false, *k as u64));
            }
            for &r in &self.refs {
                want.push((base.clone(), r, false, *k as u64));
            }
        }
        if !self.play(&want) {
            return None;
        }
        let base_ids = self.ids_of(&base);
        let mut out = Vec::with_capacity(jobs.len());
        for (x, k) in jobs {
            let own = self.ids_of(x);
            let store = &*self.store;
            let get = |id: u32| store.get(false, id, *k as u64).cloned().unwrap_or_default();
            out.push(terms_with_refs(
                self.p.targets,
                &|row| get(own[row]),
                &|row| get(base_ids[row]),
            ));
        }
        Some(out)
    }
}

/// [`terms`] with references read from `reference` (the grid's rows) and cells from `cell`.
pub fn terms_with_refs(
    targets: &[Target],
    cell: &dyn Fn(usize) -> RowBatch,
    reference: &dyn Fn(usize) -> RowBatch,
) -> Vec<Term> {
    let mut out = Vec::new();
    for t in targets {
        match t.aim {
            Aim::Like { reference: r, .. } => {
                let (c, rb) = (cell(t.row), reference(r));
                out.extend(terms(std::slice::from_ref(t), &|row| {
                    if row == t.row {
                        c.clone()
                    } else {
                        rb.clone()
                    }
                }));
            }
            _ => out.extend(terms(std::slice::from_ref(t), cell)),
        }
    }
    out
}

/// Runs the design: the search on the store (playing what it lacks), then the held-out
/// confirmation of its best `top` settings and the grid's rules (not for a shard, `only_run`).
/// Deterministic for the config, whatever the thread count and however it was interrupted and
/// resumed.
pub fn run<E: Tables>(p: &Problem<E>, store: &mut Store, pb: &ProgressBar) -> Found {
    let (cells, refs) = needed(p.targets);
    let mut ids = HashMap::new();
    let mut ev = Eval {
        p,
        store,
        ids: &mut ids,
        pb,
        played: [0, 0],
        cells,
        refs,
    };
    let outcome = search(p.space, p.params, &mut ev);
    let mut confirmed = Vec::new();
    let mut held_out_done = false;
    let mut base_appended = false;
    if !outcome.stopped && p.params.only_run.is_none() {
        let ranked: Vec<Setting> = outcome
            .ranking
            .iter()
            .map(|&i| outcome.records[i].x.clone())
            .collect();
        confirmed = pick_confirmed(&ranked, p.scoped, p.top);
        let base = p.space.base();
        base_appended = !confirmed.contains(&base);
        if base_appended {
            confirmed.push(base.clone());
        }
        let mut want = Vec::new();
        for x in &confirmed {
            for &c in &ev.cells {
                want.push((x.clone(), c, true, 0));
            }
            for &r in &ev.refs {
                want.push((base.clone(), r, true, 0));
            }
        }
        held_out_done = ev.play(&want);
        for x in &confirmed {
            ev.ids_of(x);
        }
    }
    let [search_played, held_out_played] = ev.played;
    Found {
        outcome,
        ids,
        confirmed,
        base_appended,
        held_out_done,
        search_played,
        held_out_played,
    }
}

/// A confirmed setting's held-out evidence.
pub struct Confirmed {
    pub x: Setting,
    pub terms: Vec<Term>,
    pub score: Score,
    /// Each term's cell batch and reference batch (held out).
    pub cells: Vec<RowBatch>,
    pub refs: Vec<Option<RowBatch>>,
    /// Each term's cell under the grid's rules (held out), for the change.
    pub base: Vec<RowBatch>,
}

/// The confirmed settings' held-out evidence, ranked ([`rank`]): the best first.
pub fn confirmed(
    found: &Found,
    store: &Store,
    targets: &[Target],
    base: &Setting,
) -> Vec<Confirmed> {
    let Some(base_ids) = found.ids.get(base) else {
        return Vec::new();
    };
    let get = |id: u32| store.get(true, id, 0).cloned().unwrap_or_default();
    let mut out: Vec<Confirmed> = Vec::new();
    for x in &found.confirmed {
        let Some(own) = found.ids.get(x) else {
            continue;
        };
        let t = terms_with_refs(targets, &|row| get(own[row]), &|row| get(base_ids[row]));
        let mut cells = Vec::new();
        let mut refs = Vec::new();
        let mut base_cells = Vec::new();
        for tg in targets {
            for _ in tg.measures() {
                cells.push(get(own[tg.row]));
                refs.push(match tg.aim {
                    Aim::Like { reference, .. } => Some(get(base_ids[reference])),
                    _ => None,
                });
                base_cells.push(get(base_ids[tg.row]));
            }
        }
        out.push(Confirmed {
            x: x.clone(),
            score: score(&t),
            terms: t,
            cells,
            refs,
            base: base_cells,
        });
    }
    // Ranked like the search's finalists: the grid's rules compete only if the search kept it.
    let records: Vec<Record> = out
        .iter()
        .map(|c| Record {
            x: c.x.clone(),
            batches: 1,
            terms: c.terms.clone(),
            score: c.score,
            run: None,
            raced: true,
            dropped: false,
        })
        .collect();
    let finalists: Vec<usize> = (0..out.len())
        .filter(|&i| !(found.base_appended && out[i].x == *base))
        .collect();
    let mut order = rank(&records, &finalists);
    order.extend((0..out.len()).filter(|i| !finalists.contains(i)));
    let mut slots: Vec<Option<Confirmed>> = out.into_iter().map(Some).collect();
    order.into_iter().filter_map(|i| slots[i].take()).collect()
}

/// Row `id`'s search batches `0..batches` pooled (counts only).
pub fn pooled(store: &Store, id: u32, batches: u32) -> RowBatch {
    let mut p = RowBatch::default();
    for b in 0..batches as u64 {
        if let Some(rb) = store.get(false, id, b) {
            p.add(rb);
        }
    }
    p
}

/// Wanted games grouped by (held out, batch): the settings and rows to play on that range.
type BatchGroup = ((bool, u64), Vec<(Setting, usize)>);

#[cfg(test)]
mod tests;
