//! What the search player searches: its knobs and a decision's candidate actions.
//!
//! What the search player searches: its knobs (`[rollout]`) and the candidate actions it compares
//! at a decision, which the learned player scores too.

use super::spots::{corner_score, leader_besides, production, robber_harm, team_value};
use crate::catan::*;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

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

    /// The base of a name (as in `[rollout] base` and `rollout-N:BASE`).
    pub fn parse(s: &str) -> Option<BaseName> {
        Some(match s {
            "auto" => BaseName::Auto,
            "team" => BaseName::Team,
            "greedy" => BaseName::Greedy,
            "solitaire" => BaseName::Solitaire,
            "learned" => BaseName::Learned,
            _ => return None,
        })
    }

    /// The name of a base, as `parse` reads it.
    pub fn name(self) -> &'static str {
        match self {
            BaseName::Auto => "auto",
            BaseName::Team => "team",
            BaseName::Greedy => "greedy",
            BaseName::Solitaire => "solitaire",
            BaseName::Learned => "learned",
        }
    }
}

/// How a searched decision spends its budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SearchMode {
    /// `rollouts` futures per candidate; at half the budget a candidate not ahead of the base
    /// policy's choice is dropped (`rollout-N`).
    #[default]
    Race,
    /// `simulations` futures per decision in all, spent by sequential halving (Karnin et al.
    /// 2013; Danihelka et al. 2022): every candidate gets an equal share of a round, the better
    /// half of the challengers goes on, until one challenger is left against the base policy's
    /// choice (`halving-N`).
    Halving,
}

impl SearchMode {
    /// Every accepted name, for error messages.
    pub const NAMES: &'static [&'static str] = &["race", "halving"];

    fn is_race(&self) -> bool {
        *self == SearchMode::Race
    }
}

fn is_default_simulations(n: &u32) -> bool {
    *n == DEFAULT_SIMULATIONS
}

/// `[rollout] simulations` when not given.
pub const DEFAULT_SIMULATIONS: u32 = 64;

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
    /// How the budget is spent: `race` (`rollouts` per candidate) or `halving` (`simulations`
    /// per decision). Default race.
    #[serde(skip_serializing_if = "SearchMode::is_race")]
    pub search: SearchMode,
    /// Futures per decision in all under `search = "halving"` (2..=100000). Default 64.
    #[serde(skip_serializing_if = "is_default_simulations")]
    pub simulations: u32,
    /// Competitive variants: search with every hand open (the opponents' development cards as
    /// they are) instead of dealing what the seat cannot see afresh. Default false; the name
    /// suffix `+open` (`rollout-16+open`) sets it for one row.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub open_hands: bool,
    /// Robert: futures stop after this many player-turns and the built-in value model
    /// (`configs/models/robert-value.toml`) scores where they stopped (0: every future plays
    /// to the end; 1..=100000). Default 0; the name suffix `@H` (`rollout-16:learned@40`)
    /// sets it for one row.
    #[serde(skip_serializing_if = "is_zero")]
    pub horizon: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Most player-turns a truncated future plays (`[rollout] horizon`, `@H`).
pub const MAX_HORIZON: u32 = 100_000;

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
            search: SearchMode::Race,
            simulations: DEFAULT_SIMULATIONS,
            open_hands: false,
            horizon: 0,
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
        if !(2..=100_000).contains(&self.simulations) {
            return Err(format!(
                "rollout.simulations = {}: allowed 2 to 100000",
                self.simulations
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
        if self.horizon > MAX_HORIZON {
            return Err(format!(
                "rollout.horizon = {}: allowed 0 (to the end) to {MAX_HORIZON}",
                self.horizon
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

impl RolloutKnobs {
    /// These knobs searching the set-up settlements only, over every candidate the generator
    /// offers (`/setup`, `rollout-32:learned/setup`): the few decisions where the search over
    /// the learned player finds most of what it adds, at a small share of its cost (4 players
    /// Moderate: reports/research/robert-search-cost).
    pub fn setup_only(self) -> RolloutKnobs {
        RolloutKnobs {
            max_candidates: MAX_CANDIDATES as u8,
            search_setup: true,
            search_soldier: false,
            search_flip: false,
            search_build: false,
            ..self
        }
    }

    /// Whether these are [`RolloutKnobs::setup_only`]'s knobs (the label then ends in `/setup`).
    pub fn is_setup_only(&self) -> bool {
        *self == self.setup_only()
    }

    /// The budget as a report shows it: `rollout-16` (futures per candidate, racing) or
    /// `halving-64` (futures per decision, sequential halving).
    pub fn budget_label(&self) -> String {
        match self.search {
            SearchMode::Race => format!("rollout-{}", self.rollouts),
            SearchMode::Halving => format!("halving-{}", self.simulations),
        }
    }

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
                let prod = production(g, p, false);
                g.legal_actions(legal);
                for &a in legal.iter() {
                    if let Action::BuildSettlement(c) = a {
                        let v = corner_score(g, c.idx(), &prod, true);
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
            // Competitive: where the robber goes and whom it robs (base), which raider a soldier
            // takes and whom a seven robs (Raiders).
            Phase::MoveRobber if k.search_soldier => {
                g.legal_actions(legal);
                for &a in legal.iter() {
                    if let Action::MoveRobber { hex, victim } = a {
                        offer(a, robber_rank(g, hex, victim));
                    }
                }
            }
            Phase::RemoveRaider | Phase::ChooseVictim if k.search_soldier => {
                g.legal_actions(legal);
                for &a in legal.iter() {
                    offer(a, 0);
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
                        offer(a, team_value(g, h.idx()) as i64);
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
                    return main_candidates(&g.main_menu(), a0, max);
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

/// How much a robber move hurts the others (most first): greedy's harm of the hex
/// ([`robber_harm`]), then the victim's VP as the tie-break.
fn robber_rank(g: &Game, hex: HexId, victim: u8) -> i64 {
    let me = g.s.current;
    let harm = robber_harm(g, hex.idx(), me, leader_besides(g, me));
    let victim_vp = g.s.players.get(victim as usize).map_or(0, |p| p.vp as i64);
    harm * 16 + victim_vp
}

/// The main phase's candidates from its menu (or [`Game::main_builds`]): `a0`, then cities, settlements, a development
/// card and the end of the turn (unless `a0` ends it), each kind in the menu's order, `max` in
/// all. The order `candidates` gives the main phase's legal list ranked stably by kind, without
/// listing the roads and trades it skips (the learned player's most frequent decision).
pub(crate) fn main_candidates(
    m: &MainMenu,
    a0: Action,
    max: usize,
) -> ArrayVec<Action, MAX_CANDIDATES> {
    let mut out = ArrayVec::new();
    out.push(a0);
    let cities = m
        .cities
        .iter()
        .map(|c| Action::BuildCity(CornerId(c as u8)));
    let settlements = m
        .settlements
        .iter()
        .map(|c| Action::BuildSettlement(CornerId(c as u8)));
    let dev = m.buy_dev().then_some(Action::BuyDev);
    let end = (a0 != Action::EndTurn).then_some(Action::EndTurn);
    for a in cities.chain(settlements).chain(dev).chain(end) {
        if out.len() >= max.min(MAX_CANDIDATES) {
            break;
        }
        if a != a0 {
            out.push(a);
        }
    }
    out
}
