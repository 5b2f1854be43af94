//! `robsim learn`: expert iteration.
//!
//! The apprentice (a `learned` model) plays training games; at every scored decision a rollout
//! expert over the apprentice labels each candidate with its mean value on common futures; a fit
//! per decision type (`fit`: ridge regression, and with `hidden` a network on what it leaves)
//! gives the next apprentice, kept only when it beats the previous one on held-out paired games.
//!
//! Method: expert iteration (Anthony, Tian & Barber, "Thinking Fast and Slow with Deep
//! Learning and Tree Search", NeurIPS 2017) with rollout labels as in Lagoudakis & Parr,
//! "Reinforcement Learning as Classification" (ICML 2003). Round k: apprentice pi_{k-1}
//! (pi_0: the scripted base, a model of zero weights, or the model `[learn] start` names)
//! plays `train_games` games per row on the round's training seed. At each decision it scores
//! with at least two candidates (a share of them per decision type), every candidate is played
//! out `rollouts` times (a set-up settlement `setup_rollouts` times) to the end of the game
//! with pi_{k-1} in every seat, candidate `c` of future `j` on the same streams as every other
//! candidate of future `j` (common random numbers); those streams are seeded from the
//! training seed, the game index and the decision's index in the game, never from the game's
//! own streams, so a label depends only on what the table knows. The labels of all this run's
//! rounds so far are fitted per decision type: ridge regression (smartcore) of a candidate's
//! value minus its decision's mean value on its features minus the decision's mean features, a
//! linear ranker whose argmax is pi_k. pi_k plays `test_games` held-out games per row (a seed no
//! training game uses), paired game by game with pi_{k-1}; it is kept when it wins more of
//! them over all rows, else the iteration stops. Labels are folded by row, game and decision
//! index, so the model does not depend on the thread count.

use crate::catan::experiment::{CatanAcc, CatanRow};
pub use crate::catan::learning::cache::LabelCache;
pub use crate::catan::learning::fit::{fit, FitStats, Fitted, Label, NetShape};
pub use crate::catan::learning::params::{FitFrom, HorizonValue, UpdateRule, COLLAPSE_POINTS};
use crate::catan::policy::features::{DecisionKind, KINDS};
use crate::catan::policy::learned::{LearnedBase, LearnedModel, LearnedPolicy, Scored};
use crate::catan::policy::rollout::{cut_value, value, Horizon, MAX_CANDIDATES};
use crate::catan::policy::{Policy, PolicySpec};
use crate::catan::sim::{layout_for, play, GameRngs};
use crate::catan::*;
use crate::engine::runner::{run_each, Experiment};
use crate::engine::seeds::{mix64, Rng};
use crate::engine::stats::Accumulator;
use crate::report::compare::{compare_row, CompareRow, Pair, PairStats};
use crate::report::Phase;
use anyhow::{bail, Result};
use arrayvec::ArrayVec;
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::time::Instant;

/// What the iteration plays and fits (a config's `[learn]` table, checked).
#[derive(Clone, Debug, PartialEq)]
pub struct LearnParams {
    pub rounds: u32,
    pub train_games: u64,
    pub test_games: u64,
    pub rollouts: u32,
    /// Futures per candidate at a set-up settlement's label (`[learn] setup_rollouts`; 0: as
    /// `rollouts`): only a few decisions a game, and the most decisive ones.
    pub setup_rollouts: u32,
    pub candidates: u8,
    /// Share of the scorable decisions labelled, per decision type (`DecisionKind::idx`).
    pub share: [f64; 4],
    /// Ridge penalty per labelled candidate on standardised features.
    pub ridge: f64,
    /// Value of a lost future per share of the missing VP gained (`[rollout] progress_weight`).
    pub progress_weight: f64,
    /// Player-turns a future is played at most (0: to the end).
    pub horizon: u32,
    /// What a future still running at the horizon is worth.
    pub horizon_value: HorizonValue,
    /// Decisions of each type labelled per game at most (0: no limit), drawn uniformly.
    pub max_labels: u32,
    /// Each type's network on top of its linear score (`[learn] hidden`, `epochs`); `None`:
    /// the linear score alone.
    pub net: Option<NetShape>,
    /// The features the model reads (`[learn] feature_version`, 1..=`FEATURE_VERSION`).
    pub feature_version: u32,
    /// Round 0's apprentice (`[learn] start`); `None`: the scripted base (a model of zero
    /// weights). Only this run's labels are fitted either way.
    pub start: Option<LearnedModel>,
    /// What a round's fit starts from (`[learn] fit`).
    pub fit_from: FitFrom,
    /// When a type's fit, and a round, is taken (`[learn] update`).
    pub update: UpdateRule,
}

/// The training seed of round `round` (apart from the config's games and the held-out ones).
pub fn train_seed(seed: u64, round: u32) -> u64 {
    mix64(seed ^ 0x6c65_6172_6e74_7261 ^ mix64(round as u64))
}

/// The seed of the held-out games.
pub fn test_seed(seed: u64) -> u64 {
    mix64(seed ^ 0x6c65_6172_6e74_6573)
}

/// The seed of the validation games that choose which decision types a round updates (apart
/// from the held-out games that decide whether the round is kept).
pub fn validation_seed(seed: u64) -> u64 {
    mix64(seed ^ 0x6c65_6172_6e76_616c)
}

/// The label seed of game `game` under training seed `train`: decision `d` of the game derives
/// its futures' streams from it (see [`Labeller`]).
pub fn label_seed(train: u64, game: u64) -> u64 {
    mix64(mix64(train ^ 0x6c61_6265_6c73_6565) ^ game)
}

/// Mean value of each of `cands` over `rollouts` futures of `g`, each played with `player`
/// (as it stood before the decision) in every seat, to the end or for `horizon` player-turns
/// (0: no limit; a future still running then is worth what `horizon_value` says): future `j` of
/// every candidate plays on the streams `GameRngs::new(seed, j)` (common random numbers).
#[allow(clippy::too_many_arguments)]
pub fn rollout_values(
    g: &Game,
    player: &LearnedPolicy,
    cands: &[Action],
    seed: u64,
    rollouts: u32,
    horizon: u32,
    horizon_value: HorizonValue,
    progress_weight: f64,
    buf: &mut ActionList,
) -> ArrayVec<f64, MAX_CANDIDATES> {
    let seat = g.actor();
    let mut sum: ArrayVec<f64, MAX_CANDIDATES> = cands.iter().map(|_| 0.0).collect();
    for j in 0..rollouts as u64 {
        for (k, &c) in cands.iter().enumerate() {
            let mut future = g.clone();
            let mut p = *player;
            let mut streams = GameRngs::new(seed, j);
            future.apply(c, &mut ());
            let mut h = Horizon::new(g, horizon);
            crate::engine::play::play(&mut future, &mut p, &mut streams, buf, &mut h);
            sum[k] += match horizon_value {
                HorizonValue::Model => cut_value(&future, seat, progress_weight),
                HorizonValue::Progress => value(&future, seat, progress_weight),
            };
        }
    }
    for s in sum.iter_mut() {
        *s /= rollouts.max(1) as f64;
    }
    sum
}

/// A uniform number in [0, 1) from a seed (which decisions are labelled).
fn unit(x: u64) -> f64 {
    (mix64(x) >> 11) as f64 / (1u64 << 53) as f64
}

/// A scored decision kept for labelling: the state, the apprentice as it stood before it, and
/// what the apprentice scored.
#[derive(Clone, Debug)]
pub struct Pending<'t> {
    pub g: Game<'t>,
    pub player: LearnedPolicy,
    pub decision: u64,
    pub scored: Scored,
}

/// The apprentice at the table, keeping its scored decisions: at each one with at least two
/// candidates (a share of them per type, drawn from the decision's seed) it keeps the state;
/// it plays the apprentice's own choice, so the game is the apprentice's game. After the game,
/// [`Labeller::finish`] labels up to `max_labels` of the kept decisions drawn uniformly (so
/// a long game's late decisions are as likely as its early ones): every candidate gets its
/// [`rollout_values`] on streams seeded from the game's label seed and the decision's index.
#[derive(Clone, Debug)]
pub struct Labeller<'t> {
    apprentice: LearnedPolicy,
    seed: u64,
    row: u32,
    game: u64,
    decisions: u64,
    rollouts: u32,
    /// Futures per candidate at a set-up settlement's label (`setup_rollouts`, 0 resolved).
    setup_rollouts: u32,
    horizon: u32,
    horizon_value: HorizonValue,
    max_labels: u32,
    share: [f64; 4],
    progress_weight: f64,
    /// The decisions kept so far.
    pub pending: Vec<Pending<'t>>,
}

impl<'t> Labeller<'t> {
    /// The labeller of game `game` of config row `row` played on training seed `train`.
    pub fn new(
        model: LearnedModel,
        p: &LearnParams,
        train: u64,
        row: u32,
        game: u64,
    ) -> Labeller<'t> {
        Labeller {
            apprentice: LearnedPolicy::new(model),
            seed: label_seed(train, game),
            row,
            game,
            decisions: 0,
            rollouts: p.rollouts,
            setup_rollouts: match p.setup_rollouts {
                0 => p.rollouts,
                n => n,
            },
            horizon: p.horizon,
            horizon_value: p.horizon_value,
            max_labels: p.max_labels,
            share: p.share,
            progress_weight: p.progress_weight,
            pending: Vec::new(),
        }
    }

    /// The seed of decision `d` of this game.
    fn decision_seed(&self, d: u64) -> u64 {
        mix64(self.seed ^ mix64(d))
    }

    /// Labels one kept decision.
    pub fn label(&self, p: &Pending, buf: &mut ActionList) -> Label {
        self.label_with(p, None, buf)
    }

    /// Labels one kept decision with `known` values (a resumed run's, [`LabelCache`]) instead
    /// of its rollouts where given.
    fn label_with(&self, p: &Pending, known: Option<&[f64]>, buf: &mut ActionList) -> Label {
        let sc = &p.scored;
        let values = match known.filter(|v| v.len() == sc.cands.len()) {
            Some(v) => v.to_vec(),
            None => {
                let rollouts = match sc.kind {
                    DecisionKind::Setup => self.setup_rollouts,
                    _ => self.rollouts,
                };
                rollout_values(
                    &p.g,
                    &p.player,
                    &sc.cands,
                    mix64(self.decision_seed(p.decision)),
                    rollouts,
                    self.horizon,
                    self.horizon_value,
                    self.progress_weight,
                    buf,
                )
                .to_vec()
            }
        };
        Label {
            kind: sc.kind.idx() as u8,
            row: self.row,
            game: self.game,
            decision: p.decision,
            chosen: sc.chosen as u8,
            features: sc.features.to_vec(),
            values,
        }
    }

    /// Labels up to `max_labels` kept decisions of each type (0: all), drawn uniformly from
    /// the game's seed, in decision order.
    pub fn finish(self) -> Vec<Label> {
        self.finish_with(&|_| None)
    }

    /// As [`Labeller::finish`], taking a decision's values from `known` (by its index in the
    /// game) where it has them: the same labels, without their rollouts.
    pub fn finish_with<'c>(self, known: &(dyn Fn(u64) -> Option<&'c [f64]> + Sync)) -> Vec<Label> {
        let keep = self.kept();
        // Each label is independent (its futures are seeded from its decision): labelled in
        // parallel, so that a long game's labels spread over the threads instead of keeping
        // one busy after the others have finished; collected in decision order.
        keep.par_iter()
            .map_init(
                || Box::new(ActionList::new()),
                |buf, p| self.label_with(p, known(p.decision), buf),
            )
            .collect()
    }

    /// The game's labels when `known` holds every one of them (another shard's game), else
    /// `None`: nothing is played out.
    pub fn known_only<'c>(self, known: &dyn Fn(u64) -> Option<&'c [f64]>) -> Option<Vec<Label>> {
        let mut buf = ActionList::new();
        self.kept()
            .into_iter()
            .map(|p| {
                let v = known(p.decision).filter(|v| v.len() == p.scored.cands.len())?;
                Some(self.label_with(p, Some(v), &mut buf))
            })
            .collect()
    }

    /// The kept decisions that are labelled: up to `max_labels` of each type (0: all), drawn
    /// uniformly from the game's seed, in decision order.
    fn kept(&self) -> Vec<&Pending<'t>> {
        let mut keep: Vec<&Pending> = Vec::new();
        for kind in KINDS {
            let mut mine: Vec<&Pending> = self
                .pending
                .iter()
                .filter(|p| p.scored.kind == kind)
                .collect();
            if self.max_labels > 0 && mine.len() > self.max_labels as usize {
                let prio = |p: &Pending| mix64(self.decision_seed(p.decision) ^ 0x7069_636b);
                mine.sort_by_key(|p| prio(p));
                mine.truncate(self.max_labels as usize);
            }
            keep.extend(mine);
        }
        keep.sort_by_key(|p| p.decision);
        keep
    }
}

impl<'t> Policy<Game<'t>> for Labeller<'t> {
    fn choose(&mut self, g: &Game<'t>, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let before = self.apprentice;
        let (a, scored) = self.apprentice.decide(g, legal, rng);
        let Some(sc) = scored else {
            return a;
        };
        let d = self.decisions;
        self.decisions += 1;
        if unit(self.decision_seed(d)) < self.share[sc.kind.idx()] {
            self.pending.push(Pending {
                g: g.clone(),
                player: before,
                decision: d,
                scored: sc,
            });
        }
        a
    }
}

/// The labels and results of a row's training games.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct LabelAcc {
    pub games: u64,
    pub wins: u64,
    pub labels: Vec<Label>,
    /// Games of another shard whose labels the cache lacks (not labelled here).
    #[serde(default)]
    pub missing: u64,
    /// Decisions labelled by their rollouts here (not found in the cache).
    #[serde(default)]
    pub fresh: u64,
}

impl Accumulator for LabelAcc {
    fn merge(&mut self, o: Self) {
        self.games += o.games;
        self.wins += o.wins;
        self.missing += o.missing;
        self.fresh += o.fresh;
        self.labels.extend(o.labels);
    }
}

/// One row's training games with the apprentice `model` labelling (round `round`; the values
/// `cache` holds are not labelled again).
struct LabelRow<'a, 't> {
    row: &'a CatanRow<'t>,
    index: u32,
    model: LearnedModel,
    params: &'a LearnParams,
    seed: u64,
    round: u32,
    cache: &'a LabelCache,
    /// The games this run labels (`None`: all); the others' labels come from `cache` or not
    /// at all.
    only: Option<Range<u64>>,
}

impl Experiment for LabelRow<'_, '_> {
    type Acc = LabelAcc;
    type Scratch = Option<Box<ActionList>>;

    fn play(&self, i: u64, acc: &mut LabelAcc, scratch: &mut Self::Scratch) {
        let buf = scratch.get_or_insert_with(|| Box::new(ActionList::new()));
        let r = self.row;
        let layout = layout_for(r.topo, r.spec.board, self.seed, i);
        let mut g = Game::new(r.topo, layout, r.spec.rules);
        let mut rngs = GameRngs::new(self.seed, i);
        let mut lab = Labeller::new(self.model, self.params, self.seed, self.index, i);
        let outcome = play(&mut g, &mut lab, &mut rngs, buf, &mut ());
        acc.games += 1;
        acc.wins += (outcome == Outcome::TeamWin) as u64;
        let (cache, round, row) = (self.cache, self.round, self.index);
        let known = |d| cache.get(round, row, i, d);
        match &self.only {
            Some(mine) if !mine.contains(&i) => match lab.known_only(&known) {
                Some(l) => acc.labels.extend(l),
                None => acc.missing += 1,
            },
            _ => {
                let labels = lab.finish_with(&known);
                acc.fresh += labels
                    .iter()
                    .filter(|l| known(l.decision).is_none())
                    .count() as u64;
                acc.labels.extend(labels);
            }
        }
    }

    /// A labelled game costs hundreds of scripted ones.
    fn chunk(&self) -> u64 {
        1
    }
}

/// One round of the iteration.
#[derive(Clone, Debug)]
pub struct Round {
    pub round: u32,
    /// The round's model beat the previous one on the held-out games and was kept.
    pub kept: bool,
    /// Training games (all rows) and the apprentice's wins in them.
    pub train_games: u64,
    pub train_wins: u64,
    /// Decisions and candidates labelled this round.
    pub decisions: u64,
    pub labels: u64,
    /// One per decision type, fitted on every round's labels so far.
    pub fits: Vec<FitStats>,
    /// Per row (row index into the config's rows): the round's model (B) against the
    /// previous one (A) on the held-out games; then the pooled comparison (`row_a` = rows).
    pub held_out: Vec<CompareRow>,
    pub pooled: CompareRow,
    pub model: LearnedModel,
}

/// What [`learn`] found.
#[derive(Clone, Debug)]
pub struct Learned {
    /// The last kept round's model (the base policy's own choices if none was kept).
    pub model: LearnedModel,
    pub rounds: Vec<Round>,
    /// The final model (B) against the scripted base (A) on the held-out games, per row, then
    /// pooled.
    pub versus_base: Vec<CompareRow>,
    /// Wall seconds of each step, in order (never part of a result).
    pub phases: Vec<Phase>,
    /// A shard's run (`only`) stopped after labelling its slice of a round (nothing else is
    /// filled in).
    pub waiting: Option<Waiting>,
}

/// Where a shard's run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The round whose slice it labelled.
    pub round: u32,
    /// That round's games (all rows) of other slices whose labels were not found.
    pub missing: u64,
}

/// Paired comparison of `b` against `a` per row, then pooled over the rows.
fn paired(a: &[CatanAcc], b: &[CatanAcc], va: &str, vb: &str) -> (Vec<CompareRow>, CompareRow) {
    let pair = |i: usize| Pair {
        a: i,
        b: i,
        knob: "model",
        value_a: va.to_string(),
        value_b: vb.to_string(),
    };
    let mut all = PairStats::default();
    let rows = a
        .iter()
        .zip(b)
        .enumerate()
        .map(|(i, (x, y))| {
            let mut st = PairStats::default();
            st.add_logs(&x.log, &y.log);
            all.add_logs(&x.log, &y.log);
            compare_row(&pair(i), &st, true)
        })
        .collect();
    (rows, compare_row(&pair(a.len()), &all, true))
}

/// Games [`learn`] labels at most (for a progress bar: the held-out games are fast).
pub fn planned_games(rows: usize, p: &LearnParams) -> u64 {
    rows as u64 * p.train_games * p.rounds as u64
}

/// What [`learn`] stopped with when Ctrl-C (or SIGTERM) asked it to: the labels paid for so
/// far are saved, and `robsim learn --resume` goes on from them.
pub const INTERRUPTED: &str = "interrupted: the labels so far are saved for --resume";

/// Runs the expert iteration on `rows` (all of one variant, played by `base`'s policy) from
/// the scripted base, or from `p.start`. Deterministic for a seed, whatever the thread count.
/// Decisions whose values `cache` holds (a resumed run's) are not played out again; every
/// round's new labels go into it and `save` is called with it after each round's labelled
/// games (and before stopping on Ctrl-C), so a resumed run writes the same model.
///
/// # Errors
/// No rows, a fit fails, `save` fails, or the run was interrupted ([`INTERRUPTED`]).
/// With `only` (a shard's slice of each round's game indices) the run labels only those
/// games; at the first round whose other games' labels `cache` lacks it saves and returns
/// with `waiting` set (every shard stops there; a run holding all their labels goes on).
#[allow(clippy::too_many_arguments)]
pub fn learn(
    rows: &[CatanRow],
    base: LearnedBase,
    p: &LearnParams,
    pb: &ProgressBar,
    cache: &mut LabelCache,
    save: &dyn Fn(&LabelCache) -> Result<()>,
    only: Option<Range<u64>>,
) -> Result<Learned> {
    if rows.is_empty() {
        bail!("grid: no row to learn from");
    }
    let seed = rows[0].seed;
    let (test, validation) = (test_seed(seed), validation_seed(seed));
    let quiet = ProgressBar::hidden();
    // Every model's games on every row as one pool of work (no row waits for another's last
    // games): per model, its rows' accumulators.
    let play_models = |ms: &[LearnedModel], s: u64| -> Vec<Vec<CatanAcc>> {
        let played: Vec<CatanRow> = ms
            .iter()
            .flat_map(|&model| {
                rows.iter()
                    .map(move |r| r.with_policy(PolicySpec::Learned { model, name: None }, s))
            })
            .collect();
        let refs: Vec<&CatanRow> = played.iter().collect();
        let mut accs = run_each(&refs, 0..p.test_games, &quiet).into_iter();
        ms.iter()
            .map(|_| accs.by_ref().take(rows.len()).collect())
            .collect()
    };
    let play_rows = |m: LearnedModel, s: u64| -> Vec<CatanAcc> {
        play_models(&[m], s).pop().unwrap_or_default()
    };
    let held_out = |m: LearnedModel| play_rows(m, test);
    let mut phases = Vec::new();
    let mut t0: Instant;
    let mut current = p.start.unwrap_or_else(|| {
        let mut m = LearnedModel::base_only(base, p.candidates);
        m.feature_version = p.feature_version;
        m
    });
    // The start's held-out and validation games, played once round 1's labels are all in
    // (a shard waiting for the others' labels needs none of them).
    let mut before: Option<(Vec<CatanAcc>, Vec<CatanAcc>, Vec<CatanAcc>)> = None;
    let mut labels: Vec<Label> = Vec::new();
    let mut rounds = Vec::new();
    for round in 1..=p.rounds {
        let ts = train_seed(seed, round);
        let (mut games, mut wins, mut decisions, mut n_labels) = (0, 0, 0, 0);
        let label_rows: Vec<LabelRow> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| LabelRow {
                row: r,
                index: i as u32,
                model: current,
                params: p,
                seed: ts,
                round,
                cache,
                only: only.clone(),
            })
            .collect();
        let refs: Vec<&LabelRow> = label_rows.iter().collect();
        t0 = Instant::now();
        let accs = run_each(&refs, 0..p.train_games, pb);
        drop(label_rows);
        let new_labels = labels.len();
        let missing: u64 = accs.iter().map(|a| a.missing).sum();
        let fresh: u64 = accs.iter().map(|a| a.fresh).sum();
        for mut acc in accs {
            // Threads finish games in any order: fold by game and decision index.
            acc.labels.sort_by_key(|l| (l.game, l.decision));
            games += acc.games;
            wins += acc.wins;
            decisions += acc.labels.len() as u64;
            n_labels += acc
                .labels
                .iter()
                .map(|l| l.values.len() as u64)
                .sum::<u64>();
            labels.append(&mut acc.labels);
        }
        for l in &labels[new_labels..] {
            cache.insert(round, l.row, l.game, l.decision, &l.values);
        }
        save(cache)?;
        if crate::engine::runner::stop_requested() {
            bail!(INTERRUPTED);
        }
        phases.push(Phase::since(format!("round {round}: labelled games"), t0));
        // A shard labels: the first round with a label of its own or one missing is its last
        // (a round every label of which was found is fitted, to go on to the next).
        if only.is_some() && (missing > 0 || fresh > 0) {
            return Ok(Learned {
                model: current,
                rounds,
                versus_base: Vec::new(),
                phases,
                waiting: Some(Waiting { round, missing }),
            });
        }
        let (base_test, mut current_test, mut current_validation) = match before.take() {
            Some(b) => b,
            None => {
                t0 = Instant::now();
                let b = held_out(current);
                let v = play_rows(current, validation);
                phases.push(Phase::since(
                    "base held-out and validation games".into(),
                    t0,
                ));
                (b.clone(), b, v)
            }
        };
        t0 = Instant::now();
        // Each decision type's new weights alone against the current model on the validation
        // games: a type is updated only when that gains (one-step labels can favour a
        // deviation that costs once it is made at every such decision).
        // The types' fits are independent, and so are their validation games: both run in
        // parallel (the fits on the pool, every changed type's games as one pool of work).
        let fitted: Vec<(Fitted, FitStats)> = KINDS
            .par_iter()
            .map(|&kind| {
                let prior = match (p.fit_from, p.start) {
                    (FitFrom::OnStart, Some(m)) => {
                        Some((m.weights[kind.idx()], m.nets[kind.idx()]))
                    }
                    _ => None,
                };
                fit(
                    &labels,
                    kind,
                    p.ridge,
                    p.net,
                    p.feature_version,
                    prior.as_ref(),
                )
            })
            .collect::<Result<_>>()?;
        phases.push(Phase::since(format!("round {round}: fits"), t0));
        t0 = Instant::now();
        let now = |k: usize| (current.weights[k], current.nets[k]);
        let changed: Vec<usize> = (0..KINDS.len())
            .filter(|&k| fitted[k].0 != now(KINDS[k].idx()))
            .collect();
        let trials: Vec<LearnedModel> = changed
            .iter()
            .map(|&k| {
                let mut one = current;
                (one.weights[KINDS[k].idx()], one.nets[KINDS[k].idx()]) = fitted[k].0;
                one
            })
            .collect();
        let mut validated = play_models(&trials, validation).into_iter();
        let mut next = current;
        let mut fits = Vec::new();
        for (kind, (w, mut st)) in KINDS.into_iter().zip(fitted) {
            st.round = round;
            if w != now(kind.idx()) {
                let games = validated.next().expect("one trial per changed type");
                let (per_row, v) = paired(&current_validation, &games, "", "");
                st.validation_games = v.games;
                st.validation_diff = v.win_rate_diff;
                st.validation_lo95 = v.win_rate_diff_lo95;
                st.validation_hi95 = v.win_rate_diff_hi95;
                let (taken, collapsed) = p.update.takes(&per_row, &v);
                st.validation_collapsed_row = collapsed.map(|i| i as u64);
                st.validation_collapsed_diff = collapsed.and_then(|i| per_row[i].win_rate_diff);
                st.updated = taken;
                if st.updated {
                    (next.weights[kind.idx()], next.nets[kind.idx()]) = w;
                }
            }
            fits.push(st);
        }
        phases.push(Phase::since(format!("round {round}: validation games"), t0));
        t0 = Instant::now();
        let next_test = held_out(next);
        phases.push(Phase::since(format!("round {round}: held-out games"), t0));
        let (va, vb) = (format!("round-{}", round - 1), format!("round-{round}"));
        let (per_row, pooled) = paired(&current_test, &next_test, &va, &vb);
        let (kept, _) = p.update.takes(&per_row, &pooled);
        rounds.push(Round {
            round,
            kept,
            train_games: games,
            train_wins: wins,
            decisions,
            labels: n_labels,
            fits,
            held_out: per_row,
            pooled,
            model: next,
        });
        if !kept {
            before = Some((base_test, current_test, current_validation));
            break;
        }
        current = next;
        current_test = next_test;
        t0 = Instant::now();
        current_validation = play_rows(current, validation);
        phases.push(Phase::since(
            format!("round {round}: next validation games"),
            t0,
        ));
        before = Some((base_test, current_test, current_validation));
    }
    let (base_test, current_test) = match before {
        Some((b, c, _)) => (b, c),
        // No round (a rebased start written as it is): its held-out games only.
        None => {
            t0 = Instant::now();
            let b = held_out(current);
            phases.push(Phase::since("base held-out games".into(), t0));
            (b.clone(), b)
        }
    };
    let first = if p.start.is_some() { "start" } else { "base" };
    let (mut versus_base, pooled) = paired(&base_test, &current_test, first, "final");
    versus_base.push(pooled);
    Ok(Learned {
        model: current,
        rounds,
        versus_base,
        phases,
        waiting: None,
    })
}
