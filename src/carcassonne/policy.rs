//! Carcassonne players: `random` (uniform over each phase's legal actions) and `greedy`.

use crate::carcassonne::{
    xy, Action, Feature, Game, Phase, SegPreview, FOLLOWERS, GRID, IN_STOCK, MAX_PLAYERS, MAX_SEGS,
    MAX_TILES, ROBBER_CODE,
};
use crate::engine::seeds::Rng;
use arrayvec::ArrayVec;
use rand::Rng as _;

pub use crate::carcassonne::CarcActions;

/// A Carcassonne player: the engine's policy over a Carcassonne [`Game`].
pub use crate::engine::play::Policy;

/// Uniform over the legal actions of the phase: a placement (cell and distinct rotation), then a
/// robber space or declining, then a follower spot or none.
#[derive(Clone, Copy, Debug, Default)]
pub struct CarcRandom;

impl Policy<Game<'_>> for CarcRandom {
    #[inline]
    fn choose(&mut self, g: &Game, buf: &mut CarcActions, rng: &mut Rng) -> Action {
        // Placements are counted and the drawn one found without listing them: the same draw
        // and the same action as listing first.
        if g.phase == Phase::Place {
            return g.nth_placement(rng.random_range(0..g.placement_count()));
        }
        g.legal(buf);
        debug_assert!(!buf.is_empty(), "no legal action in {:?}", g.phase);
        buf[rng.random_range(0..buf.len())]
    }
}

/// One selfish player per seat: each placement is valued by the points it scores now and the
/// expected points of the features it grows or claims, less the value of a follower tied up.
/// A robber goes where it is expected to take the most (`robber_value`), and one already on the
/// board moves when another space is worth a point more; its own scores go smallest first when
/// a robber watches; a robber with a choice takes the largest score.
#[derive(Clone, Debug, Default)]
pub struct CarcGreedy {
    /// The follower spot chosen together with the placement.
    plan: Option<u8>,
}

/// Chance that an open city or road with `open` ends completes, given how much of the pile is
/// left (`late` = remaining / total).
fn p_complete(open: u8, late: f64) -> f64 {
    if open == 0 {
        1.0
    } else {
        0.8f64.powi(open as i32) * (0.3 + 0.7 * late)
    }
}

/// Expected points of a road or city with these statistics.
fn value(kind: Feature, tiles: u32, pennants: u32, open: u8, late: f64) -> f64 {
    let n = (tiles + pennants) as f64;
    match kind {
        Feature::City => {
            let p = p_complete(open, late);
            n * (2.0 * p + (1.0 - p))
        }
        Feature::Road => tiles as f64,
        _ => 0.0,
    }
}

/// What greedy's placement score needs of a decision, whatever the placement: worked out once
/// per decision rather than once per placement.
#[derive(Clone, Debug)]
pub struct Placing {
    me: usize,
    late: f64,
    stock: u8,
    cost: f64,
    /// Cells of the cloisters on the board (a placement away from all of them grows none).
    cloisters: ArrayVec<u16, MAX_TILES>,
}

impl Placing {
    /// The current player's placement of the drawn tile in `g`.
    pub fn new(g: &Game) -> Placing {
        let me = g.current as usize;
        let total = g.total_tiles() as f64;
        let late = g.remaining() as f64 / total;
        let stock = g.stock[me];
        let cost = 1.0 + (FOLLOWERS - stock) as f64 * 0.4 * late + 1.5 * late;
        let cloisters = g
            .placed
            .iter()
            .filter(|p| g.t.shapes[p.shape as usize].cloister.is_some())
            .map(|p| p.cell)
            .collect();
        Placing {
            me,
            late,
            stock,
            cost,
            cloisters,
        }
    }

    /// Whether a cloister stands on one of the 8 cells around `c` (on the torus).
    #[inline]
    fn near_cloister(&self, c: u16) -> bool {
        let (x, y) = xy(c);
        const MASK: u16 = GRID as u16 - 1;
        let near = |a: u16, b: u16| {
            let d = a.wrapping_sub(b) & MASK;
            d <= 1 || d == MASK
        };
        self.cloisters.iter().any(|&k| {
            let (kx, ky) = xy(k);
            near(kx, x) && near(ky, y)
        })
    }
}

impl CarcGreedy {
    /// Greedy that will put its follower on local segment `plan` of the tile it has just placed
    /// (a search playing a placement it chose out).
    pub fn with_plan(plan: Option<u8>) -> CarcGreedy {
        CarcGreedy { plan }
    }

    /// The follower chosen with the last placement (until the follower decision takes it).
    pub fn planned(&self) -> Option<u8> {
        self.plan
    }

    /// Replaces the follower plan (a search that placed the tile elsewhere).
    pub fn set_plan(&mut self, plan: Option<u8>) {
        self.plan = plan;
    }

    fn relative(g: &Game, me: usize, m: &[u8; MAX_PLAYERS], pts: f64) -> f64 {
        let n = g.rules.players as usize;
        let max = *m[..n].iter().max().unwrap_or(&0);
        if max == 0 {
            return 0.0;
        }
        let w = 1.0 / (n - 1) as f64;
        let mut v = 0.0;
        for (p, &c) in m[..n].iter().enumerate() {
            if c == max {
                v += if p == me { pts } else { -w * pts };
            }
        }
        v
    }

    /// Value of placing the drawn tile at (`c`, `rot`) and the best follower spot (or none).
    pub fn evaluate(&self, g: &Game, c: u16, rot: u8) -> (f64, Option<u8>) {
        self.evaluate_in(g, &Placing::new(g), c, rot)
    }

    /// [`CarcGreedy::evaluate`] with the decision's [`Placing`] worked out once for all its
    /// placements (the same value, bit for bit).
    pub fn evaluate_in(&self, g: &Game, at: &Placing, c: u16, rot: u8) -> (f64, Option<u8>) {
        let (me, late, stock, cost) = (at.me, at.late, at.stock, at.cost);
        let kind = g.drawn;
        let shape = &g.t.shapes[g.t.kinds[kind as usize].shape as usize];
        let mut pv = [SegPreview::default(); MAX_SEGS];
        g.preview(kind, c, rot, &mut pv);
        let mut v = 0.0;
        let mut best_f: (f64, Option<u8>) = (0.0, None);
        for (l, seg) in shape.segs.iter().enumerate() {
            let p = &pv[l];
            let free = p.meeples.iter().all(|&x| x == 0);
            match seg.kind {
                Feature::Road | Feature::City => {
                    let after = value(seg.kind, p.tiles as u32, p.pennants as u32, p.open, late);
                    let before: f64 = p
                        .roots()
                        .iter()
                        .map(|&r| {
                            value(
                                seg.kind,
                                g.tiles_of(r),
                                g.pennants_of(r) as u32,
                                g.open_of(r),
                                late,
                            )
                        })
                        .sum();
                    v += Self::relative(g, me, &p.meeples, after - before);
                    if p.open == 0 {
                        // Followers come home.
                        v += p.meeples[me] as f64 * 0.5 * cost;
                    }
                    if free && stock > 0 {
                        let gain = if p.open == 0 {
                            after
                        } else {
                            after - cost - 0.3 * p.open as f64
                        };
                        if gain > best_f.0 {
                            best_f = (gain, Some(l as u8));
                        }
                    }
                }
                Feature::Cloister => {
                    if stock > 0 {
                        let around = p.open as f64;
                        let gain = 1.0 + around + (8.0 - around) * (0.2 + 0.7 * late) - cost;
                        if gain > best_f.0 {
                            best_f = (gain, Some(l as u8));
                        }
                    }
                }
                Feature::Field => {
                    if free && stock > 2 {
                        let cities = p.cities_done as f64 + 0.5 * (p.cities - p.cities_done) as f64;
                        let gain = 3.0 * cities * (1.0 - 0.5 * late) - cost - 3.0 * late;
                        if gain > best_f.0 {
                            best_f = (gain, Some(l as u8));
                        }
                    }
                }
            }
        }
        if at.near_cloister(c) {
            for (s, around) in g.cloisters_around(c) {
                let m = g.meeples_on(s);
                let mut d = 1.0;
                if around + 1 == 8 {
                    d += m[me] as f64 * 0.5 * cost;
                }
                v += Self::relative(g, me, &m, d);
            }
        }
        (v + best_f.0, best_f.1)
    }

    /// The points player `p` is expected to score next: the mean of what the roads, cities and
    /// cloisters they hold would score if completed now (2 if they hold none).
    fn next_score(g: &Game, p: u8) -> f64 {
        let (mut sum, mut n) = (0.0, 0.0);
        for &(s, q) in &g.followers {
            if q != p {
                continue;
            }
            let pts = match g.feature(s) {
                Feature::Road => g.tiles_of(s) as f64,
                Feature::City => 2.0 * (g.tiles_of(s) + g.pennants_of(s) as u32) as f64,
                Feature::Cloister => 9.0,
                Feature::Field => continue,
            };
            sum += pts;
            n += 1.0;
        }
        if n == 0.0 {
            2.0
        } else {
            sum / n
        }
    }

    /// What a robber of `me` beside the figures on `space` is expected to take: its share of
    /// the best victim's next score, and a little more for each further figure (more chances
    /// one of them moves soon).
    pub fn robber_value(g: &Game, me: u8, space: u8) -> f64 {
        let mut best = 0.0f64;
        let mut figures = 0.0;
        for f in 0..g.sb.n_figures as usize {
            let owner = g.sb.owner[f];
            if g.sb.pos[f] != space || owner == me {
                continue;
            }
            let take = g.sb.share.of(Self::next_score(g, owner).round() as u16) as f64;
            best = best.max(take);
            figures += 1.0;
        }
        best + 0.25 * (figures - 1.0f64).max(0.0)
    }

    fn robber(g: &Game, buf: &mut CarcActions) -> Action {
        let me = g.actor().unwrap_or(0);
        g.legal(buf);
        let value = |a: &Action| match *a {
            Action::Robber(Some(v)) => Self::robber_value(g, me, v % ROBBER_CODE),
            _ => 0.0,
        };
        let Some(best) = buf
            .iter()
            .filter(|a| matches!(a, Action::Robber(Some(_))))
            .max_by(|a, b| value(a).total_cmp(&value(b)))
            .copied()
        else {
            return Action::Robber(None);
        };
        let Action::Robber(Some(v)) = best else {
            unreachable!("filtered")
        };
        let robber = g.robber_id(me, v / ROBBER_CODE) as usize;
        if g.sb.robber[robber] == IN_STOCK {
            return best;
        }
        // Moving one already on the board: only for a point more than where it stands.
        let here = Self::robber_value(g, me, g.sb.robber[robber]);
        if value(&best) > here + 1.0 {
            best
        } else {
            Action::Robber(None)
        }
    }
}

impl Policy<Game<'_>> for CarcGreedy {
    fn choose(&mut self, g: &Game, buf: &mut CarcActions, rng: &mut Rng) -> Action {
        match g.phase {
            Phase::Place => {
                g.legal(buf);
                let at = Placing::new(g);
                let mut best = (f64::NEG_INFINITY, buf[0], None);
                for &a in buf.iter() {
                    if let Action::Place { cell, rot } = a {
                        let (v, f) = self.evaluate_in(g, &at, cell, rot);
                        // A sliver of noise breaks ties without favouring the frontier's order.
                        let v = v + rng.random::<f64>() * 1e-6;
                        if v > best.0 {
                            best = (v, a, f);
                        }
                    }
                }
                self.plan = best.2;
                best.1
            }
            Phase::Robber => Self::robber(g, buf),
            // A robber beside my figure sees my first score: the smallest goes first.
            Phase::Order => {
                let p = g.actor().unwrap_or(0);
                let first = g.first_choices(p);
                let pts: ArrayVec<u16, 48> = g.own_scores(p).map(|s| s.0).collect();
                let k = first
                    .iter()
                    .copied()
                    .min_by_key(|&k| pts[k as usize])
                    .unwrap_or(0);
                Action::First(k)
            }
            // The largest score on offer (the earliest on a tie).
            Phase::Rob => {
                let cands = g.rob_candidates(g.robber_asked());
                let mut best = 0;
                for (i, &c) in cands.iter().enumerate() {
                    if g.round_score(c).1 > g.round_score(cands[best]).1 {
                        best = i;
                    }
                }
                Action::Rob(best as u8)
            }
            Phase::Follower => {
                let spots = g.follower_spots();
                match self.plan.take() {
                    Some(l) if spots.contains(&l) => Action::Follower(Some(l)),
                    _ => Action::Follower(None),
                }
            }
            Phase::Draw | Phase::Over => unreachable!("no decision in {:?}", g.phase),
        }
    }
}
