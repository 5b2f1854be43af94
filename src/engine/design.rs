//! Design search over discrete settings: unbiased distance scores, the N-tuple bandit, racing.
//!
//! A *setting* picks one option per dimension (option 0: the dimension left as the base rows
//! have it); at most `max_changed` dimensions may be off option 0. Evaluating a setting on
//! *batch* `k` plays games `k·G .. (k+1)·G` of every row it needs (the same games for every
//! setting: common random numbers), and gives one [`Term`] per target measure: the moments of a
//! per-game value `y` (a win bit, a seat's share, a win bit minus the reference row's on the same
//! game, a game's length over its target) and the target for its mean.
//!
//! **Score.** L = Σ w·[(ȳ − t)² − v̂], where v̂ = s²/n is the unbiased estimate of the variance of
//! ȳ: E[(ȳ − t)²] = (μ − t)² + Var(ȳ), so L is an unbiased estimate of the weighted squared
//! distance of the true means from their targets (it may be negative when every mean is near
//! its target). Its standard error comes from Var((ȳ − t)²) ≈ 4(μ − t)²·v + 2v² (ȳ near normal).
//!
//! **Search** ([`search`]). NTBEA as in TAG's parameter search (Lucas, Liu and Perez-Liebana
//! 2018): each step evaluates one setting on its next batch and adds the batch's fitness (−L) to
//! the statistics of every single option (1-tuples), every pair of options (2-tuples) and the
//! whole setting (the N-tuple); the next setting is the best of `neighbours` mutants of the one
//! just evaluated under the model's upper confidence bound: the mean of the tuple means seen plus
//! `k` × the spread of the fitness seen × the mean over tuples of √(ln(1 + N)/(ε + n)). Unlike
//! TAG's, every evaluation is a batch of games scored against the targets, on the same games for
//! every setting, and the step prefers mutants the run has not evaluated yet (a batch already
//! averages many games; playing a setting again is the race's job), taking one it has only when
//! every mutant drawn was (a small space). Several independent runs (`runs`, each its own mutation stream and share of the
//! budget; Goodman and Lucas 2020) pool what they found. Then a race: the best `race` settings by
//! their own evaluations each play a further batch a round, and a setting whose lower 95% bound
//! on L lies above the best one's upper bound stops playing, until the budget is spent or every
//! setting left has played `max_batches`. The exhaustive search plays every setting within the cap
//! on as many whole batches as the budget allows instead.
//!
//! A *bound* (`at_most`, `at_least` on a measure of a game's shape) adds w·max(0, ȳ − t)² (or
//! its mirror) instead: nothing while the mean is within it, so it constrains without pulling.
//!
//! **Ranking** ([`rank`]): the lowest L first; among the settings whose L is within the 95%
//! interval of the difference from the best's, the one that changes fewest dimensions.

use crate::engine::seeds::{mix64, Rng};
use rand::{Rng as _, SeedableRng};
use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};
use std::collections::{HashMap, HashSet};

/// One option index per dimension (0: left as the base rows have it).
pub type Setting = Vec<u8>;

/// Sums of a per-game value `y`: games, Σy and Σy². Pooled by addition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Moments {
    pub n: f64,
    pub sum: f64,
    pub sq: f64,
}

impl Moments {
    /// The moments of `n` values summing to `sum` with squares summing to `sq`.
    pub fn new(n: f64, sum: f64, sq: f64) -> Moments {
        Moments { n, sum, sq }
    }

    pub fn add(&mut self, o: &Moments) {
        self.n += o.n;
        self.sum += o.sum;
        self.sq += o.sq;
    }

    /// The mean ȳ (0 with no games).
    pub fn mean(&self) -> f64 {
        if self.n > 0.0 {
            self.sum / self.n
        } else {
            0.0
        }
    }

    /// The unbiased estimate of Var(ȳ): the sample variance (n − 1) over n; 0 below 2 games.
    pub fn var_mean(&self) -> f64 {
        if self.n < 2.0 {
            return 0.0;
        }
        let ss = (self.sq - self.sum * self.sum / self.n).max(0.0);
        ss / (self.n - 1.0) / self.n
    }
}

/// Which way a term's mean may stray from its target: both ways (an aim), or only beyond a
/// bound (`at_most`: a mean above it counts, one below is met; `at_least` the other way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    #[default]
    Both,
    AtMost,
    AtLeast,
}

impl Side {
    /// The part of a distance `d` (mean − target) that counts.
    pub fn part(self, d: f64) -> f64 {
        match self {
            Side::Both => d,
            Side::AtMost => d.max(0.0),
            Side::AtLeast => d.min(0.0),
        }
    }
}

/// One target measure of a setting: its moments, the target of its mean and its weight.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Term {
    pub m: Moments,
    pub target: f64,
    pub weight: f64,
    /// A bound counts only the side beyond it (default: an aim, both sides).
    #[serde(default)]
    pub side: Side,
}

/// A setting's score L and its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Score {
    pub value: f64,
    pub se: f64,
}

/// The unbiased weighted squared distance of the terms' means from their targets, with its
/// standard error (see the module's "Score").
pub fn score(terms: &[Term]) -> Score {
    let mut value = 0.0;
    let mut var = 0.0;
    for t in terms {
        let v = t.m.var_mean();
        if t.side == Side::Both {
            let d = t.m.mean() - t.target;
            value += t.weight * (d * d - v);
            var += t.weight * t.weight * (4.0 * d * d * v + 2.0 * v * v);
        } else {
            // A bound: the squared distance beyond it (0 within it), not corrected for the
            // sampling variance, which would score a met bound below zero.
            let d = t.side.part(t.m.mean() - t.target);
            value += t.weight * d * d;
            var += t.weight * t.weight * 4.0 * d * d * v;
        }
    }
    Score {
        value,
        se: var.sqrt(),
    }
}

/// Terms pooled over batches: each term's moments added.
pub fn pool(into: &mut Vec<Term>, batch: &[Term]) {
    if into.is_empty() {
        into.extend_from_slice(batch);
        return;
    }
    for (a, b) in into.iter_mut().zip(batch) {
        a.m.add(&b.m);
    }
}

/// z of a two-sided 95% interval (statrs' normal quantile).
pub fn z95() -> f64 {
    Normal::standard().inverse_cdf(0.975)
}

/// The settings a search may play: option counts per dimension and the cap on changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// Options per dimension, option 0 included (at least 2 each).
    pub sizes: Vec<usize>,
    pub max_changed: usize,
}

/// Most settings an exhaustive search enumerates.
pub const MAX_EXHAUSTIVE: u128 = 100_000;

impl Space {
    /// Dimensions off option 0.
    pub fn changed(x: &[u8]) -> usize {
        x.iter().filter(|&&o| o != 0).count()
    }

    /// The setting that changes nothing.
    pub fn base(&self) -> Setting {
        vec![0; self.sizes.len()]
    }

    /// How many settings change at most `max_changed` dimensions.
    pub fn count(&self) -> u128 {
        // ways[c]: settings of the dimensions so far with c changed.
        let mut ways = vec![0u128; self.max_changed + 1];
        ways[0] = 1;
        for &s in &self.sizes {
            let mut next = ways.clone();
            for c in 1..=self.max_changed {
                next[c] = next[c].saturating_add(ways[c - 1].saturating_mul(s as u128 - 1));
            }
            ways = next;
        }
        ways.iter().fold(0u128, |a, &b| a.saturating_add(b))
    }

    /// Every setting within the cap, in lexicographic order of the options.
    pub fn all(&self) -> Vec<Setting> {
        let mut out = Vec::new();
        let mut x = self.base();
        loop {
            if Self::changed(&x) <= self.max_changed {
                out.push(x.clone());
            }
            // The next setting in lexicographic order (the last dimension fastest).
            let mut d = x.len();
            loop {
                if d == 0 {
                    return out;
                }
                d -= 1;
                if (x[d] as usize) + 1 < self.sizes[d] {
                    x[d] += 1;
                    break;
                }
                x[d] = 0;
            }
        }
    }

    /// A mutant of `x`: each dimension moved to another of its options with probability 1/D (one
    /// dimension at least); dimensions changed beyond the cap are put back to option 0, the
    /// ones just moved last.
    pub fn mutate(&self, x: &[u8], rng: &mut Rng) -> Setting {
        let d = self.sizes.len();
        let mut y = x.to_vec();
        let mut moved = Vec::new();
        for (i, &s) in self.sizes.iter().enumerate() {
            if rng.random_range(0..d) == 0 {
                y[i] = other(y[i], s, rng);
                moved.push(i);
            }
        }
        if moved.is_empty() {
            let i = rng.random_range(0..d);
            y[i] = other(y[i], self.sizes[i], rng);
            moved.push(i);
        }
        while Self::changed(&y) > self.max_changed {
            let unmoved: Vec<usize> = (0..d)
                .filter(|i| y[*i] != 0 && !moved.contains(i))
                .collect();
            let pick = if unmoved.is_empty() {
                let on: Vec<usize> = (0..d).filter(|&i| y[i] != 0).collect();
                on[rng.random_range(0..on.len())]
            } else {
                unmoved[rng.random_range(0..unmoved.len())]
            };
            y[pick] = 0;
        }
        y
    }
}

/// Another option than `o` among `s`, uniformly.
fn other(o: u8, s: usize, rng: &mut Rng) -> u8 {
    let r = rng.random_range(0..s - 1) as u8;
    if r >= o {
        r + 1
    } else {
        r
    }
}

/// A running mean.
#[derive(Clone, Copy, Debug, Default)]
struct Stat {
    n: u64,
    sum: f64,
}

/// The N-tuple model of one run: fitness statistics of every option, every pair of options of
/// two dimensions, and every whole setting seen.
pub struct Model {
    sizes: Vec<usize>,
    ones: Vec<Vec<Stat>>,
    /// Pairs (d1 < d2): `twos[pair index][o1 * sizes[d2] + o2]`.
    twos: Vec<Vec<Stat>>,
    full: HashMap<Setting, Stat>,
    n: u64,
    /// Every fitness added, for its spread.
    seen: Vec<f64>,
}

/// ε of the exploration term √(ln(1 + N)/(ε + n)): keeps an unseen tuple's bonus finite.
const EPSILON: f64 = 0.5;

impl Model {
    pub fn new(sizes: &[usize]) -> Model {
        let d = sizes.len();
        let mut twos = Vec::new();
        for a in 0..d {
            for b in a + 1..d {
                twos.push(vec![Stat::default(); sizes[a] * sizes[b]]);
            }
        }
        Model {
            sizes: sizes.to_vec(),
            ones: sizes.iter().map(|&s| vec![Stat::default(); s]).collect(),
            twos,
            full: HashMap::new(),
            n: 0,
            seen: Vec::new(),
        }
    }

    /// The statistics of every tuple of `x`, mutable or not, in a fixed order.
    fn tuples<'m>(&'m self, x: &[u8]) -> Vec<Option<&'m Stat>> {
        let d = self.sizes.len();
        let mut out: Vec<Option<&Stat>> = Vec::with_capacity(d + d * d / 2 + 1);
        for (i, &o) in x.iter().enumerate() {
            out.push(Some(&self.ones[i][o as usize]));
        }
        let mut p = 0;
        for a in 0..d {
            for b in a + 1..d {
                out.push(Some(
                    &self.twos[p][x[a] as usize * self.sizes[b] + x[b] as usize],
                ));
                p += 1;
            }
        }
        out.push(self.full.get(x));
        out
    }

    /// Adds one evaluation's fitness (higher is better) of `x`.
    pub fn add(&mut self, x: &[u8], fitness: f64) {
        let d = self.sizes.len();
        let bump = |s: &mut Stat| {
            s.n += 1;
            s.sum += fitness;
        };
        for (i, &o) in x.iter().enumerate() {
            bump(&mut self.ones[i][o as usize]);
        }
        let mut p = 0;
        for a in 0..d {
            for b in a + 1..d {
                bump(&mut self.twos[p][x[a] as usize * self.sizes[b] + x[b] as usize]);
                p += 1;
            }
        }
        bump(self.full.entry(x.to_vec()).or_default());
        self.n += 1;
        self.seen.push(fitness);
    }

    /// The spread of the fitness seen (standard deviation; a small positive floor).
    pub fn spread(&self) -> f64 {
        let n = self.seen.len() as f64;
        if n < 2.0 {
            return 1e-6;
        }
        let mean = self.seen.iter().sum::<f64>() / n;
        let var = self.seen.iter().map(|f| (f - mean).powi(2)).sum::<f64>() / (n - 1.0);
        var.sqrt().max(1e-6)
    }

    /// The model's estimate of `x`: the mean of the means of its tuples seen (`None` when none
    /// is) and the exploration term, the mean over all its tuples of √(ln(1 + N)/(ε + n)).
    pub fn value(&self, x: &[u8]) -> (Option<f64>, f64) {
        let tuples = self.tuples(x);
        let ln = ((1 + self.n) as f64).ln();
        let mut means = Vec::new();
        let mut explore = 0.0;
        for t in &tuples {
            let n = t.map_or(0, |s| s.n);
            if let Some(s) = t.filter(|s| s.n > 0) {
                means.push(s.sum / s.n as f64);
            }
            explore += (ln / (EPSILON + n as f64)).sqrt();
        }
        let mean = (!means.is_empty()).then(|| means.iter().sum::<f64>() / means.len() as f64);
        (mean, explore / tuples.len() as f64)
    }
}

/// What a search needs of the games: the units (row-batches) an evaluation needs, and the
/// evaluations themselves.
pub trait Evaluator {
    /// The units evaluating `x` on batch `k` needs, as ids; each costs a batch of games the first
    /// time a run needs it.
    fn units(&mut self, x: &Setting, k: u32) -> Vec<u64>;
    /// Each job's terms (setting `x` on batch `k`), playing what is not known yet; `None` when
    /// Ctrl-C stopped the games (what was whole is kept).
    fn eval(&mut self, jobs: &[(Setting, u32)]) -> Option<Vec<Vec<Term>>>;
}

/// How a search spends its budget.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// Every setting within the cap instead of NTBEA.
    pub exhaustive: bool,
    /// Independent NTBEA runs (each its own mutation stream; an exhaustive search splits its
    /// settings among them).
    pub runs: usize,
    /// Play run `i` only, and no race (a shard of a cluster run).
    pub only_run: Option<usize>,
    /// The share of the budget the runs spend exploring; the race spends the rest.
    pub explore_share: f64,
    /// Mutants scored by the model per step.
    pub neighbours: usize,
    /// The exploration constant, in units of the spread of the fitness seen.
    pub k: f64,
    /// Settings raced at most.
    pub race: usize,
    /// Batches one setting plays at most.
    pub max_batches: u32,
    /// Games in all: the units counted × `batch`.
    pub budget: u64,
    /// Games per unit.
    pub batch: u64,
    /// The master seed of the mutation streams.
    pub seed: u64,
}

/// Everything known of one setting.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub x: Setting,
    /// Batches `0..batches` evaluated.
    pub batches: u32,
    /// The terms pooled over those batches.
    pub terms: Vec<Term>,
    pub score: Score,
    /// The run that evaluated it first (`None`: the race or an exhaustive sweep did).
    pub run: Option<usize>,
    /// Raced: among the finalists.
    pub raced: bool,
    /// Stopped by the race (out of reach of the best).
    pub dropped: bool,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Every setting evaluated, in the order first evaluated.
    pub records: Vec<Record>,
    /// The finalists (the raced settings, or every setting of an exhaustive search) ranked
    /// ([`rank`]), as indices into `records`.
    pub ranking: Vec<usize>,
    /// Ctrl-C stopped it.
    pub stopped: bool,
    /// Games of the budget spent by the runs (each counting the units it needed) and the race.
    pub spent: u64,
    /// Whole batches the exhaustive search played (0 for NTBEA).
    pub exhaustive_batches: u32,
}

/// The mutation stream of run `r` under `seed` (its own, whatever the other runs do).
fn run_rng(seed: u64, r: usize) -> Rng {
    // The salt keeps the stream apart from every game stream drawn from the same master seed.
    const SALT: u64 = 0x6465_7369_676E; // "design"
    Rng::seed_from_u64(mix64(mix64(seed ^ SALT) ^ r as u64))
}

/// The search's books: every record, and the units each run and the race have counted.
struct Books {
    records: Vec<Record>,
    index: HashMap<Setting, usize>,
    /// Units counted by all runs together (the race counts against these).
    counted: HashSet<u64>,
    spent: u64,
}

impl Books {
    /// Adds job `(x, k)`'s terms to x's record when `k` is its next batch.
    fn record(&mut self, x: &Setting, k: u32, terms: &[Term], run: Option<usize>) {
        let i = match self.index.get(x) {
            Some(&i) => i,
            None => {
                self.records.push(Record {
                    x: x.clone(),
                    batches: 0,
                    terms: Vec::new(),
                    score: Score::default(),
                    run,
                    raced: false,
                    dropped: false,
                });
                self.index.insert(x.clone(), self.records.len() - 1);
                self.records.len() - 1
            }
        };
        let r = &mut self.records[i];
        if k == r.batches {
            pool(&mut r.terms, terms);
            r.batches += 1;
            r.score = score(&r.terms);
        }
    }
}

/// Runs the search. Deterministic for its parameters and the evaluations (never the thread
/// count); run `i` alone (`only_run`) explores exactly as it does among the others.
pub fn search(space: &Space, p: &Params, ev: &mut dyn Evaluator) -> Outcome {
    let mut books = Books {
        records: Vec::new(),
        index: HashMap::new(),
        counted: HashSet::new(),
        spent: 0,
    };
    let runs: Vec<usize> = match p.only_run {
        Some(r) => vec![r],
        None => (0..p.runs).collect(),
    };
    if p.exhaustive {
        let (stopped, batches) = exhaustive(space, p, &runs, ev, &mut books);
        let all: Vec<usize> = (0..books.records.len()).collect();
        let ranking = rank(&books.records, &all);
        return Outcome {
            records: books.records,
            ranking,
            stopped,
            spent: books.spent,
            exhaustive_batches: batches,
        };
    }
    let share = (p.budget as f64 * p.explore_share / p.runs as f64) as u64;
    let mut stopped = false;
    for &r in &runs {
        if explore(space, p, r, share, ev, &mut books) {
            stopped = true;
            break;
        }
    }
    let mut ranking = Vec::new();
    if p.only_run.is_none() && !stopped {
        let (s, finalists) = race(p, ev, &mut books);
        stopped = s;
        ranking = rank(&books.records, &finalists);
    }
    Outcome {
        records: books.records,
        ranking,
        stopped,
        spent: books.spent,
        exhaustive_batches: 0,
    }
}

/// Every setting of the runs' share on as many whole batches as the budget allows (at most
/// `max_batches`); returns whether Ctrl-C stopped it and the batches played.
fn exhaustive(
    space: &Space,
    p: &Params,
    runs: &[usize],
    ev: &mut dyn Evaluator,
    books: &mut Books,
) -> (bool, u32) {
    let all = space.all();
    let mut units = HashSet::new();
    for x in &all {
        units.extend(ev.units(x, 0));
    }
    let per_batch = units.len() as u64 * p.batch;
    let batches = (p.budget / per_batch.max(1)).clamp(1, p.max_batches as u64) as u32;
    let mine: Vec<Setting> = all
        .into_iter()
        .enumerate()
        .filter(|(j, _)| runs.contains(&(j % p.runs)))
        .map(|(_, x)| x)
        .collect();
    // A few settings per call: the progress moves and Ctrl-C keeps what is whole.
    const PER_CALL: usize = 16;
    for k in 0..batches {
        for part in mine.chunks(PER_CALL) {
            let jobs: Vec<(Setting, u32)> = part.iter().map(|x| (x.clone(), k)).collect();
            for (x, _) in &jobs {
                for u in ev.units(x, k) {
                    if books.counted.insert(u) {
                        books.spent += p.batch;
                    }
                }
            }
            let Some(terms) = ev.eval(&jobs) else {
                return (true, batches);
            };
            for ((x, k), t) in jobs.iter().zip(&terms) {
                books.record(x, *k, t, None);
            }
        }
    }
    (false, batches)
}

/// One NTBEA run: explores from the base setting until its share of the budget is spent;
/// returns whether Ctrl-C stopped it.
fn explore(
    space: &Space,
    p: &Params,
    run: usize,
    share: u64,
    ev: &mut dyn Evaluator,
    books: &mut Books,
) -> bool {
    let mut rng = run_rng(p.seed, run);
    let mut model = Model::new(&space.sizes);
    let mut mine: HashSet<u64> = HashSet::new();
    let mut own: HashMap<Setting, u32> = HashMap::new();
    let mut spent = 0u64;
    let mut x = space.base();
    loop {
        let k = own.get(&x).copied().unwrap_or(0);
        let units = ev.units(&x, k);
        let cost = units.iter().filter(|u| !mine.contains(u)).count() as u64 * p.batch;
        if spent + cost > share {
            return false;
        }
        let Some(terms) = ev.eval(&[(x.clone(), k)]) else {
            return true;
        };
        for u in units {
            if mine.insert(u) {
                spent += p.batch;
            }
            if books.counted.insert(u) {
                books.spent += p.batch;
            }
        }
        *own.entry(x.clone()).or_default() += 1;
        model.add(&x, -score(&terms[0]).value);
        books.record(&x, k, &terms[0], Some(run));
        // The next setting: the best mutant under the model's upper confidence bound, among
        // those the run has not evaluated; when every mutant drawn has been (a small space), among
        // those not at their batch cap.
        let bonus = p.k * model.spread();
        let mut best: [Option<(f64, Setting)>; 2] = [None, None];
        let mut tried = HashSet::new();
        for _ in 0..p.neighbours * 4 {
            if tried.len() >= p.neighbours {
                break;
            }
            let y = space.mutate(&x, &mut rng);
            let seen = own.get(&y).copied().unwrap_or(0);
            if !tried.insert(y.clone()) || seen >= p.max_batches {
                continue;
            }
            let (mean, explore) = model.value(&y);
            let v = mean.unwrap_or(0.0) + bonus * explore;
            let tier = &mut best[usize::from(seen > 0)];
            if tier.as_ref().is_none_or(|(b, _)| v > *b) {
                *tier = Some((v, y));
            }
        }
        let [fresh, again] = best;
        match fresh.or(again) {
            Some((_, y)) => x = y,
            None => return false,
        }
    }
}

/// The race: the best `race` settings by their own evaluations play a batch a round until the
/// budget is spent or none may play more; returns whether Ctrl-C stopped it and the finalists.
fn race(p: &Params, ev: &mut dyn Evaluator, books: &mut Books) -> (bool, Vec<usize>) {
    let mut order: Vec<usize> = (0..books.records.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (&books.records[a], &books.records[b]);
        ra.score
            .value
            .total_cmp(&rb.score.value)
            .then(Space::changed(&ra.x).cmp(&Space::changed(&rb.x)))
            .then(a.cmp(&b))
    });
    order.truncate(p.race.max(1));
    for &i in &order {
        books.records[i].raced = true;
    }
    let z = z95();
    loop {
        let mut alive: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| !books.records[i].dropped)
            .collect();
        if alive.len() <= 1 {
            return (false, order);
        }
        alive.sort_by(|&a, &b| {
            books.records[a]
                .score
                .value
                .total_cmp(&books.records[b].score.value)
                .then(a.cmp(&b))
        });
        // Best first, as many as the budget affords.
        let mut jobs = Vec::new();
        let mut fresh: HashSet<u64> = HashSet::new();
        for &i in &alive {
            let r = &books.records[i];
            if r.batches >= p.max_batches {
                continue;
            }
            let units = ev.units(&r.x, r.batches);
            let new: Vec<u64> = units
                .into_iter()
                .filter(|u| !books.counted.contains(u) && !fresh.contains(u))
                .collect();
            if books.spent + (fresh.len() + new.len()) as u64 * p.batch > p.budget {
                continue;
            }
            fresh.extend(new);
            jobs.push((r.x.clone(), r.batches));
        }
        if jobs.is_empty() {
            return (false, order);
        }
        let Some(terms) = ev.eval(&jobs) else {
            return (true, order);
        };
        for u in fresh {
            books.counted.insert(u);
            books.spent += p.batch;
        }
        for ((x, k), t) in jobs.iter().zip(&terms) {
            books.record(x, *k, t, None);
        }
        let best = alive
            .iter()
            .map(|&i| books.records[i].score)
            .min_by(|a, b| a.value.total_cmp(&b.value))
            .expect("at least two alive");
        for &i in &alive {
            let s = books.records[i].score;
            if s.value - z * s.se > best.value + z * best.se {
                books.records[i].dropped = true;
            }
        }
    }
}

/// `candidates` (indices into `records`) best first: repeatedly, among the settings left whose
/// score is within the 95% interval of its difference from the lowest one's, the one that
/// changes fewest dimensions (then the lower score); dropped settings after the others.
pub fn rank(records: &[Record], candidates: &[usize]) -> Vec<usize> {
    let z = z95();
    let mut left: Vec<usize> = candidates.to_vec();
    let mut out = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let pool: Vec<usize> = match left.iter().any(|&i| !records[i].dropped) {
            true => left
                .iter()
                .copied()
                .filter(|&i| !records[i].dropped)
                .collect(),
            false => left.clone(),
        };
        let key = |i: usize| (records[i].score.value, Space::changed(&records[i].x), i);
        let b = pool
            .iter()
            .copied()
            .min_by(|&a, &c| {
                let (x, y) = (key(a), key(c));
                x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2))
            })
            .expect("not empty");
        let sb = records[b].score;
        let pick = pool
            .iter()
            .copied()
            .filter(|&i| {
                let s = records[i].score;
                s.value - sb.value <= z * (s.se * s.se + sb.se * sb.se).sqrt()
            })
            .min_by(|&a, &c| {
                let (x, y) = (key(a), key(c));
                x.1.cmp(&y.1).then(x.0.total_cmp(&y.0)).then(x.2.cmp(&y.2))
            })
            .expect("the best is near itself");
        out.push(pick);
        left.retain(|&i| i != pick);
    }
    out
}

#[cfg(test)]
#[path = "design_tests.rs"]
mod tests;
