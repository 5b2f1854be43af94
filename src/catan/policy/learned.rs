//! The `learned` player: the script, with a model at the searched decisions.
//!
//! The `learned` player: the variant's scripted policy, except at the decisions the search player
//! searches, where a linear model over `features` picks among the same candidates.
//!
//! The model is what `robsim learn` fitted (expert iteration, `catan::learning::learn`): one weight
//! vector per decision type and, in a model with capacity, a small network per type (one layer
//! of rectified hidden units over the same features) whose output is added to the linear
//! score, so it can learn how features interact (a build's worth by game stage, difficulty and
//! player count together). At a searched decision the player lists the rollout player's
//! candidates (the base policy's own choice first; `candidates` per decision at most), scores
//! each, and takes the best; ties go to the base policy's choice, so a model of zero weights
//! plays exactly as its base policy. Everything is fixed-size: the player is `Copy` and
//! allocates nothing. Scores are summed in one fixed order in `f32` without fused
//! multiply-adds, so a model gives the same bits on every x86-64 machine and thread count.

use super::candidates::{main_candidates, RolloutKnobs, MAX_CANDIDATES};
use super::features::{self, DecisionKind, Features, MAX_FEATURES};
use super::leaf::{Leaf, Learner, NoModel};
use super::solitaire::{SolitaireKnobs, SolitairePolicy};
use super::team::{TeamKnobs, TeamPolicy};
use crate::catan::*;
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use arrayvec::ArrayVec;

/// The scripted policy a model was trained over (and plays every other decision).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LearnedBase {
    /// Robert the Robber: `team` with these knobs.
    Team(TeamKnobs),
    /// Solitaire: `solitaire` with these knobs.
    Solitaire(SolitaireKnobs),
}

impl LearnedBase {
    /// The variant this base plays (`robert` or `solitaire`).
    pub fn variant(&self) -> &'static str {
        match self {
            LearnedBase::Team(_) => "robert",
            LearnedBase::Solitaire(_) => "solitaire",
        }
    }

    /// The base policy's name.
    pub fn name(&self) -> &'static str {
        match self {
            LearnedBase::Team(_) => "team",
            LearnedBase::Solitaire(_) => "solitaire",
        }
    }
}

/// Most hidden units of a decision type's network.
pub const MAX_HIDDEN: usize = 32;

/// A decision type's network: `hidden` rectified units over the features, their weighted sum
/// added to the linear score (`hidden` 0: no network). Slots past `hidden` and past the type's
/// feature count are 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Net {
    pub hidden: u8,
    /// Input weights stored by feature (`w1t[i][j]` is hidden unit j's weight on feature i), so
    /// [`Net::output`] runs the units side by side; read and set them with [`Net::w1`] and
    /// [`Net::set_w1`].
    w1t: [[f32; MAX_HIDDEN]; MAX_FEATURES],
    pub b1: [f32; MAX_HIDDEN],
    /// Output weights.
    pub w2: [f32; MAX_HIDDEN],
}

impl Net {
    /// No network: the linear score alone.
    pub const NONE: Net = Net {
        hidden: 0,
        w1t: [[0.0; MAX_HIDDEN]; MAX_FEATURES],
        b1: [0.0; MAX_HIDDEN],
        w2: [0.0; MAX_HIDDEN],
    };

    /// `a`'s units then `b`'s, one network whose output is the sum of theirs (the same bits
    /// up to the order of the sum); `None` when they have more than [`MAX_HIDDEN`] together.
    pub fn stacked(a: &Net, b: &Net) -> Option<Net> {
        let (ha, hb) = (a.hidden as usize, b.hidden as usize);
        if ha + hb > MAX_HIDDEN {
            return None;
        }
        let mut n = *a;
        n.hidden = (ha + hb) as u8;
        for j in 0..hb {
            n.b1[ha + j] = b.b1[j];
            n.w2[ha + j] = b.w2[j];
            for i in 0..MAX_FEATURES {
                n.w1t[i][ha + j] = b.w1t[i][j];
            }
        }
        Some(n)
    }

    /// Hidden unit `j`'s input weight on feature `i`.
    #[inline]
    pub fn w1(&self, j: usize, i: usize) -> f32 {
        self.w1t[i][j]
    }

    /// Sets hidden unit `j`'s input weight on feature `i`.
    #[inline]
    pub fn set_w1(&mut self, j: usize, i: usize, w: f32) {
        self.w1t[i][j] = w;
    }

    /// The network's output for `f` (0 without hidden units). Each unit sums its inputs in
    /// feature order and the units' rectified outputs are summed in unit order, the same bits as
    /// one unit after another; the units run side by side (one lane each), which the compiler
    /// turns into vector instructions without reordering any unit's sum.
    #[inline]
    pub fn output(&self, f: &Features) -> f32 {
        let h = self.hidden as usize;
        if h == 0 {
            return 0.0;
        }
        let mut a = self.b1;
        if h <= MAX_HIDDEN / 2 {
            lanes::<{ MAX_HIDDEN / 2 }>(&mut a, &self.w1t, f);
        } else {
            lanes::<MAX_HIDDEN>(&mut a, &self.w1t, f);
        }
        let mut s = 0f32;
        for (&aj, &w2) in a[..h].iter().zip(&self.w2[..h]) {
            if aj > 0.0 {
                s += w2 * aj;
            }
        }
        s
    }
}

/// Adds every feature's weighted input to the first `L` units' sums, feature by feature (units
/// past `hidden` have weight 0 and are never read).
#[inline(always)]
fn lanes<const L: usize>(
    a: &mut [f32; MAX_HIDDEN],
    w1t: &[[f32; MAX_HIDDEN]; MAX_FEATURES],
    f: &Features,
) {
    let acc: &mut [f32; L] = (&mut a[..L]).try_into().expect("L <= MAX_HIDDEN");
    for (row, &x) in w1t.iter().zip(f) {
        let row: &[f32; L] = row[..L].try_into().expect("L <= MAX_HIDDEN");
        for (s, w) in acc.iter_mut().zip(row) {
            *s += w * x;
        }
    }
}

/// A candidate's score under one decision type's weights and network.
#[inline]
pub fn score(w: &[f32; MAX_FEATURES], net: &Net, f: &Features) -> f32 {
    let linear: f32 = f.iter().zip(w).map(|(x, w)| x * w).sum();
    if net.hidden == 0 {
        linear
    } else {
        linear + net.output(f)
    }
}

/// A fitted model: the base policy, the candidate width and one weight vector per decision
/// type (`features::KINDS` order; slots past a type's feature count are 0), with a network per
/// type in a model with capacity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LearnedModel {
    pub base: LearnedBase,
    /// Most candidates scored at one decision (2..=8), the base policy's choice among them.
    pub candidates: u8,
    pub weights: [[f32; MAX_FEATURES]; 4],
    pub nets: [Net; 4],
    /// The feature version it was trained on (`features::features_at`): the features past
    /// that version's have weight 0 and no network input.
    pub feature_version: u32,
}

impl LearnedModel {
    /// The model that always defers to `base` (expert iteration's round 0).
    pub fn base_only(base: LearnedBase, candidates: u8) -> LearnedModel {
        LearnedModel {
            base,
            candidates,
            weights: [[0.0; MAX_FEATURES]; 4],
            nets: [Net::NONE; 4],
            feature_version: features::DEFAULT_FEATURE_VERSION,
        }
    }

    /// Whether any decision type has a network.
    pub fn has_net(&self) -> bool {
        self.nets.iter().any(|n| n.hidden > 0)
    }

    /// Whether every weight is 0 and no type has a network: the model always defers to its base.
    pub fn defers(&self) -> bool {
        !self.has_net() && self.weights.iter().flatten().all(|&w| w == 0.0)
    }

    /// The rollout player's candidate generator at this model's width, every decision type on.
    pub fn search_knobs(&self) -> RolloutKnobs {
        RolloutKnobs {
            max_candidates: self.candidates,
            ..RolloutKnobs::default()
        }
    }
}

/// One scored decision: its type, candidates (the base policy's choice first), their features
/// and the index chosen.
#[derive(Clone, Debug)]
pub struct Scored {
    pub kind: DecisionKind,
    pub cands: ArrayVec<Action, MAX_CANDIDATES>,
    pub features: ArrayVec<features::Features, MAX_CANDIDATES>,
    pub chosen: usize,
}

/// The learned player (see the module doc). Every seat runs the same instance.
#[derive(Clone, Copy, Debug)]
pub struct LearnedPolicy {
    model: LearnedModel,
    knobs: RolloutKnobs,
    /// The base policy as a player (team or solitaire).
    base: Leaf<NoModel>,
}

impl LearnedPolicy {
    pub fn new(model: LearnedModel) -> LearnedPolicy {
        LearnedPolicy {
            knobs: model.search_knobs(),
            base: match model.base {
                LearnedBase::Team(k) => Leaf::Team(TeamPolicy::new(k)),
                LearnedBase::Solitaire(k) => Leaf::Solitaire(SolitairePolicy { knobs: k }),
            },
            model,
        }
    }

    /// Whether the base policy's last choice chased an award (`TeamKnobs::chase_awards`): a
    /// boxed-in player's only way left to the target, which the model was not trained on.
    fn chased(&self) -> bool {
        self.base.chased()
    }

    /// Whether the base policy conceded a stalled game (see `TeamPolicy::stalled`).
    pub fn stalled(&self) -> bool {
        self.base.stalled()
    }

    /// Chooses as [`Policy::choose`] does; at a scored decision with at least two candidates
    /// also returns what was scored.
    pub fn decide(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        rng: &mut Rng,
    ) -> (Action, Option<Scored>) {
        let mut feats = ArrayVec::new();
        match self.pick(g, legal, rng, &mut feats) {
            Pick::Base(a0) => (a0, None),
            Pick::Scored { kind, cands, best } => (
                cands[best],
                Some(Scored {
                    kind,
                    cands,
                    features: feats,
                    chosen: best,
                }),
            ),
        }
    }

    /// The choice, with the scored candidates' features written to `feats` (play reads only
    /// the action, so the features are never copied out).
    fn pick(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        rng: &mut Rng,
        feats: &mut ArrayVec<features::Features, MAX_CANDIDATES>,
    ) -> Pick {
        let a0 = self.base.choose(g, legal, rng);
        // Once the script has conceded a stalled game, it plays on only to let Robert finish:
        // a soldier from the model would keep that game going to the turn cap.
        if self.stalled() || self.chased() {
            return Pick::Base(a0);
        }
        let Some(kind) = DecisionKind::of(g.s.phase) else {
            return Pick::Base(a0);
        };
        let mut cands = if kind == DecisionKind::Build && self.knobs.search_build {
            // One menu of the builds serves the test and the candidates.
            let m = g.main_builds();
            if !other_builds(&m, a0) {
                return Pick::Base(a0);
            }
            main_candidates(&m, a0, self.knobs.max_candidates as usize)
        } else {
            self.knobs.candidates(g, a0, legal)
        };
        if kind == DecisionKind::Build && a0 != Action::EndTurn {
            // Never end the turn instead of the base policy's build: a one-step label cannot
            // see that waiting at every such decision never builds (the base policy would
            // build next turn in the label's future, not in the learned player's).
            cands.retain(|c| *c != Action::EndTurn);
        }
        if cands.len() < 2 {
            return Pick::Base(a0);
        }
        features::features_into(g, kind, &cands, a0, feats);
        let (w, net) = (
            &self.model.weights[kind.idx()],
            &self.model.nets[kind.idx()],
        );
        let mut best = 0;
        let mut best_v = f32::MIN;
        for (k, f) in feats.iter().enumerate() {
            let v = score(w, net, f);
            if v > best_v {
                best = k;
                best_v = v;
            }
        }
        Pick::Scored { kind, cands, best }
    }
}

/// What `pick` decided: the base policy's action, or a scored decision.
enum Pick {
    Base(Action),
    Scored {
        kind: DecisionKind,
        cands: ArrayVec<Action, MAX_CANDIDATES>,
        best: usize,
    },
}

/// Whether the main phase offers a build other than `a0` that the learned player could take
/// instead (a city, a settlement or a development card; `a0` itself a build or the end of the
/// turn): a cheap test from [`Game::main_builds`] before the candidates are listed, at the
/// learned player's most frequent decision.
fn other_builds(m: &MainMenu, a0: Action) -> bool {
    let own = match a0 {
        Action::BuildCity(_) | Action::BuildSettlement(_) | Action::BuyDev => 1,
        Action::BuildRoad(_) | Action::EndTurn => 0,
        _ => return false,
    };
    m.cities.len() + m.settlements.len() + m.buy_dev() as u32 > own
}

impl Learner for LearnedPolicy {
    fn stalled(&self) -> bool {
        LearnedPolicy::stalled(self)
    }
    fn chased(&self) -> bool {
        LearnedPolicy::chased(self)
    }
}

impl Policy<Game<'_>> for LearnedPolicy {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let mut feats = ArrayVec::new();
        match self.pick(g, legal, rng, &mut feats) {
            Pick::Base(a) => a,
            Pick::Scored { cands, best, .. } => cands[best],
        }
    }
}
