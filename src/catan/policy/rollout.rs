//! The `rollout` search player: at a decision that matters it plays each candidate action out over sampled futures with a base policy and takes the best (Bertsekas' rollout).
//!
//! One mind plays every seat with open hands, which is what a co-operative team could do at
//! best and the upper bound a designer wants. Chance inside a rollout (dice, deck order, steals,
//! Robert's ties, the base policy's own tie-breaks) is drawn from streams seeded afresh for each
//! decision, never from the game's own streams; candidate `k` of rollout `j` uses the same
//! streams as every other candidate of rollout `j` (common random numbers), so the comparison
//! between candidates is not drowned by the luck of the dice. A rollout runs to the end of the
//! game: no evaluation function is involved. The game state is `Copy`, so a rollout allocates
//! nothing.

use super::learned::{LearnedModel, LearnedPolicy};
use super::{GreedyPolicy, Policy, SolitairePolicy, TeamKnobs, TeamPolicy};
use crate::catan::sim::GameRngs;
use crate::catan::*;
use crate::engine::seeds::Rng;
use arrayvec::ArrayVec;
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// Least standard deviation assumed for a paired difference of rollout values. With a few
/// rollouts the sample's own can be 0 (every rollout gained the same small progress), and a
/// candidate would then replace the base choice on no evidence of winning more.
const SD_FLOOR: f64 = 0.1;

/// Most candidates one decision compares.
pub const MAX_CANDIDATES: usize = 8;

/// The scripted policy that plays the futures (and every decision the search does not cover).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BaseName {
    /// `team` in Robert, `solitaire` in Solitaire, `greedy` in the base game and Raiders.
    Auto,
    Team,
    Greedy,
    Solitaire,
    /// The `learned` player of the config's `[learned]` model.
    Learned,
}

impl BaseName {
    /// Every accepted name, for error messages.
    pub const NAMES: &'static [&'static str] = &["auto", "team", "greedy", "solitaire", "learned"];
}

/// The rollout player's knobs (a config's `[rollout]` table; every field optional).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RolloutKnobs {
    /// Sampled futures per candidate action at a searched decision (1..=10000). Default 16.
    pub rollouts: u16,
    /// Most candidate actions compared at one decision, the base policy's own choice always
    /// among them (2..=8). Default 4.
    pub max_candidates: u8,
    /// The policy that plays the futures. Default `auto`.
    pub base: BaseName,
    /// Search set-up settlements. Default true.
    pub search_setup: bool,
    /// Search soldier timing (Robert: a soldier or Robert's move; Solitaire: cancel a seven).
    /// Default true.
    pub search_soldier: bool,
    /// Search which face-down token a flip-up turns back. Default true.
    pub search_flip: bool,
    /// Search what to build (cities, settlements, a development card, or nothing yet).
    /// Default true.
    pub search_build: bool,
    /// A candidate replaces the base policy's choice only when its mean value over the paired
    /// rollouts beats it by at least this many standard errors of the paired difference. With
    /// few rollouts the noise would otherwise pick a worse action about as often as a better
    /// one. Default 2.0 (4-player Moderate, 8 rollouts, 400 paired games: 1.0 won 50.8% against
    /// the base policy's 49.5%, 2.0 won 62.5%).
    pub min_z: f64,
    /// Value of a lost game per share of the missing VP gained (a win is worth 1). Default 0.2.
    pub progress_weight: f64,
}

impl Default for RolloutKnobs {
    fn default() -> Self {
        RolloutKnobs {
            rollouts: 16,
            max_candidates: 4,
            base: BaseName::Auto,
            search_setup: true,
            search_soldier: true,
            search_flip: true,
            search_build: true,
            min_z: 2.0,
            progress_weight: 0.2,
        }
    }
}

impl RolloutKnobs {
    /// # Errors
    /// A knob outside its range, named with the allowed values.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=10_000).contains(&self.rollouts) {
            return Err(format!(
                "rollout.rollouts = {}: allowed 1 to 10000",
                self.rollouts
            ));
        }
        if !(0.0..=10.0).contains(&self.min_z) {
            return Err(format!("rollout.min_z = {}: allowed 0 to 10", self.min_z));
        }
        if !(0.0..=1.0).contains(&self.progress_weight) {
            return Err(format!(
                "rollout.progress_weight = {}: allowed 0 to 1",
                self.progress_weight
            ));
        }
        if !(2..=MAX_CANDIDATES as u8).contains(&self.max_candidates) {
            return Err(format!(
                "rollout.max_candidates = {}: allowed 2 to {MAX_CANDIDATES}",
                self.max_candidates
            ));
        }
        Ok(())
    }
}

/// The base policy, resolved for the variant at the first decision. Not boxed: it is copied
/// into every rollout, which must not allocate.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::large_enum_variant)]
enum Base {
    Team(TeamPolicy),
    Greedy(GreedyPolicy),
    Solitaire(SolitairePolicy),
    Learned(LearnedPolicy),
}

impl Base {
    fn new(
        name: BaseName,
        team: TeamKnobs,
        learned: Option<LearnedModel>,
        variant: Variant,
    ) -> Base {
        match (name, variant) {
            (BaseName::Learned, _) => Base::Learned(LearnedPolicy::new(
                learned.expect("a rollout over learned has its model (checked with the config)"),
            )),
            (BaseName::Team, _) | (BaseName::Auto, Variant::Robert(_)) => {
                Base::Team(TeamPolicy::new(team))
            }
            (BaseName::Solitaire, _) | (BaseName::Auto, Variant::Solitaire(_)) => {
                Base::Solitaire(SolitairePolicy::default())
            }
            _ => Base::Greedy(GreedyPolicy::default()),
        }
    }
}

impl Policy<Game<'_>> for Base {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        match self {
            Base::Team(p) => p.choose(g, legal, rng),
            Base::Greedy(p) => p.choose(g, legal, rng),
            Base::Solitaire(p) => p.choose(g, legal, rng),
            Base::Learned(p) => p.choose(g, legal, rng),
        }
    }
}

/// What a finished rollout is worth to the seat that decided: 1 for a win; for anything else
/// `progress_weight` times the share of the VP still needed that was gained (co-operative: the
/// team's VP toward the target, summed over players; competitive: the seat's own), so that a
/// decision in a row the team almost never wins still sees a signal.
pub(crate) fn value(g: &Game, seat: PlayerId, progress_weight: f64) -> f64 {
    let target = g.rules.vp_to_win as f64;
    let players = &g.s.players[..g.s.n_players as usize];
    match g.s.outcome() {
        Some(Outcome::TeamWin) => 1.0,
        Some(Outcome::Winner(p)) if p == seat => 1.0,
        _ if g.rules.variant.team_outcome() => {
            let got: f64 = players.iter().map(|p| (p.vp as f64).min(target)).sum();
            progress_weight * got / (target * players.len() as f64)
        }
        _ => progress_weight * (g.s.player(seat).vp as f64).min(target) / target,
    }
}

/// The search player (see the module doc). Every seat runs the same instance.
#[derive(Clone, Debug)]
pub struct RolloutPolicy {
    knobs: RolloutKnobs,
    team: TeamKnobs,
    /// The model of a `learned` base policy.
    learned: Option<LearnedModel>,
    base: Option<Base>,
    /// Scratch for legal actions inside rollouts.
    buf: ActionList,
    /// Decisions searched and rollouts played so far (for `robsim bench`).
    pub searched: u64,
    pub rollouts: u64,
}

impl RolloutPolicy {
    /// A rollout player; `team` are the knobs of a `team` base policy.
    pub fn new(knobs: RolloutKnobs, team: TeamKnobs) -> RolloutPolicy {
        RolloutPolicy {
            knobs,
            team,
            learned: None,
            base: None,
            buf: ActionList::new(),
            searched: 0,
            rollouts: 0,
        }
    }

    /// A rollout player whose base policy (with `base = "learned"`) is `model`'s learned player.
    pub fn with_learned(mut self, model: Option<LearnedModel>) -> RolloutPolicy {
        self.learned = model;
        self
    }
}

impl RolloutKnobs {
    /// The actions worth comparing here, the base policy's choice `a0` first; one or none
    /// means the decision is left to the base policy. (The learned player scores the same ones.)
    pub(crate) fn candidates(
        &self,
        g: &Game,
        a0: Action,
        legal: &mut ActionList,
    ) -> ArrayVec<Action, MAX_CANDIDATES> {
        let k = *self;
        let mut out = ArrayVec::new();
        out.push(a0);
        let max = k.max_candidates as usize;
        // Alternatives ranked by `rank` (higher first), skipping `a0`.
        let mut ranked: ArrayVec<(i64, Action), MAX_CORNERS> = ArrayVec::new();
        let mut offer = |a: Action, r: i64| {
            if a != a0 && !ranked.is_full() {
                ranked.push((r, a));
            }
        };
        match g.s.phase {
            Phase::SetupSettlement if k.search_setup => {
                let p = PlayerId(g.s.current);
                let prod = super::greedy::production(g, p, false);
                g.legal_actions(legal);
                for &a in legal.iter() {
                    if let Action::BuildSettlement(c) = a {
                        let v = super::greedy::corner_score(g, c.idx(), &prod, true);
                        offer(a, (v * 1000.0) as i64);
                    }
                }
            }
            Phase::PreRoll if k.search_soldier => {
                g.legal_actions(legal);
                for &a in legal.iter() {
                    // Robert: a soldier or Robert's move (a roll on his resting turns).
                    let robert_roll = a == Action::Roll && g.rules.variant.cooperative();
                    if matches!(a, Action::PlayKnight | Action::RobertMoves) || robert_roll {
                        offer(a, 0);
                    }
                }
            }
            Phase::SevenChoice if k.search_soldier => {
                g.legal_actions(legal);
                for &a in legal.iter() {
                    offer(a, 0);
                }
            }
            Phase::FlipUp if k.search_flip => {
                g.legal_actions(legal);
                for &a in legal.iter() {
                    if let Action::FlipUp(h) = a {
                        offer(a, super::greedy::team_value(g, h.idx()) as i64);
                    }
                }
            }
            Phase::Main if k.search_build => {
                let builds = matches!(
                    a0,
                    Action::BuildCity(_)
                        | Action::BuildSettlement(_)
                        | Action::BuildRoad(_)
                        | Action::BuyDev
                        | Action::EndTurn
                );
                if builds {
                    g.legal_actions(legal);
                    for &a in legal.iter() {
                        match a {
                            Action::BuildCity(_) => offer(a, 3),
                            Action::BuildSettlement(_) => offer(a, 2),
                            Action::BuyDev => offer(a, 1),
                            Action::EndTurn if a0 != Action::EndTurn => offer(a, 0),
                            _ => {}
                        }
                    }
                }
            }
            _ => {}
        }
        // Stable: equal ranks keep the legal order, so the candidates are deterministic.
        ranked.sort_by_key(|&(r, _)| std::cmp::Reverse(r));
        for &(_, a) in ranked.iter().take(max - 1) {
            out.push(a);
        }
        out
    }
}

impl Policy<Game<'_>> for RolloutPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let (kind, team, learned) = (self.knobs.base, self.team, self.learned);
        let b = self
            .base
            .get_or_insert_with(|| Base::new(kind, team, learned, g.rules.variant));
        // The base policy as it stood before this decision plays every future.
        let base = *b;
        let a0 = b.choose(g, legal, rng);
        let cands = self.knobs.candidates(g, a0, legal);
        if cands.len() < 2 {
            return a0;
        }
        self.searched += 1;
        let seat = g.actor();
        let seed: u64 = rng.random();
        let n = self.knobs.rollouts as usize;
        // Per candidate: sum of values, and sum and sum of squares of the difference with a0.
        let mut sum = [0f64; MAX_CANDIDATES];
        let mut dsum = [0f64; MAX_CANDIDATES];
        let mut dsq = [0f64; MAX_CANDIDATES];
        // Racing: at half the budget, a candidate not ahead of a0 is dropped (it would need
        // the second half alone to clear the bar); when none is left the search stops.
        let mut alive = [true; MAX_CANDIDATES];
        let mut played = 0usize;
        for j in 0..n as u64 {
            if n >= 4 && played == n / 2 {
                for k in 1..cands.len() {
                    alive[k] &= dsum[k] > 0.0;
                }
                if !alive[1..cands.len()].iter().any(|&a| a) {
                    break;
                }
            }
            let mut v0 = 0.0;
            for (k, &c) in cands.iter().enumerate() {
                if !alive[k] {
                    continue;
                }
                let mut future = g.clone();
                let mut player = base;
                let mut streams = GameRngs::new(seed, j);
                if cfg!(debug_assertions) {
                    future
                        .try_apply(c, &mut ())
                        .expect("a rollout candidate is legal");
                } else {
                    future.apply(c, &mut ());
                }
                crate::engine::play::play(
                    &mut future,
                    &mut player,
                    &mut streams,
                    &mut self.buf,
                    &mut (),
                );
                self.rollouts += 1;
                let v = value(&future, seat, self.knobs.progress_weight);
                if k == 0 {
                    v0 = v;
                }
                sum[k] += v;
                dsum[k] += v - v0;
                dsq[k] += (v - v0) * (v - v0);
            }
            played += 1;
        }
        // The best mean among the surviving candidates that beat a0 clearly enough; else a0.
        let n = played;
        let mut best = 0;
        for k in 1..cands.len() {
            if !alive[k] {
                continue;
            }
            let mean = dsum[k] / n as f64;
            let var = if n > 1 {
                (dsq[k] - dsum[k] * mean) / (n - 1) as f64
            } else {
                0.0
            };
            let se = (var.max(SD_FLOOR * SD_FLOOR) / n as f64).sqrt();
            if mean > 0.0 && mean >= self.knobs.min_z * se && sum[k] > sum[best] {
                best = k;
            }
        }
        cands[best]
    }
}
