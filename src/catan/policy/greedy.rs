//! The `greedy` policy: one selfish seat in the base game, Robert and Solitaire.
//!
//! The `greedy` policy: one selfish seat in the base game, Robert and Solitaire (its Raiders play
//! is in its child module `raiders`, src/catan/policy/greedy/raiders/).

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

mod raiders;

use super::cards::{
    affords, bank_step, bonus_pick, discard_for, monopoly_by_hands, nothing_to_do, simple_need,
};
use super::memo::{free_road, kinds, year_of_plenty_toward, BuildKind, Memo};
use super::spots::{
    best_flip, is_robert, knights_move_robber, leader_besides, own_value, robber_harm,
    robber_on_own, setup_road, setup_settlement, team_value,
};
use crate::catan::*;
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use serde::{Deserialize, Serialize};

/// Most bank trades greedy makes in one turn (a guard; each trade already lowers a deficit).
const MAX_BANK_TRADES: u8 = 8;

/// The greedy policy's knobs (a config's `[greedy]` table; every field optional).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GreedyKnobs {
    /// Varied openings: 0 takes the best set-up corner (every game on a board opens alike);
    /// above 0 a corner is drawn by softmax over the corner scores with this temperature, in
    /// score points (about the pips of one more number). Default 0.
    pub setup_temperature: f32,
}

impl Default for GreedyKnobs {
    fn default() -> Self {
        GreedyKnobs {
            setup_temperature: 0.0,
        }
    }
}

/// A selfish scripted player: production-driven set-up, then city > settlement > road toward the
/// best spot > development card, completed with bank and harbor trades from surplus. In Robert it
/// plays its own seat: soldiers only to flip back its own production.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPolicy {
    /// The knobs this policy plays by.
    pub knobs: GreedyKnobs,
    turn: u32,
    trades: u8,
    memo: Memo,
    /// The Raiders of Catan play (`raiders/`).
    raiders: raiders::RaidersPlay,
}

impl GreedyPolicy {
    /// A greedy player with the given knobs.
    pub fn new(knobs: GreedyKnobs) -> GreedyPolicy {
        GreedyPolicy {
            knobs,
            ..Default::default()
        }
    }

    fn reset_turn(&mut self, g: &Game) {
        if g.s.turn != self.turn {
            self.turn = g.s.turn;
            self.trades = 0;
        }
    }

    /// Base: playing a knight now moves the robber off own production or wins largest army.
    fn knight_wanted(g: &Game, p: PlayerId) -> bool {
        let me = g.s.player(p);
        let k = me.knights_played + 1;
        let la = g.s.largest_army;
        let wins_army =
            la != p.0 && k >= 3 && (la == NO_PLAYER || k > g.s.players[la as usize].knights_played);
        if wins_army {
            return true;
        }
        robber_on_own(g, me)
    }

    fn main(&mut self, g: &Game) -> Action {
        let p = PlayerId(g.s.current);
        let me = g.s.player(p);
        if nothing_to_do(g, me) {
            return Action::EndTurn;
        }
        let ks = kinds(g, p);
        let can = |c: DevCard| !g.s.dev_played && me.dev[c.idx()] > 0;
        // Development cards first (at most one per turn).
        if knights_move_robber(g) && can(DevCard::Knight) && Self::knight_wanted(g, p) {
            return Action::PlayKnight;
        }
        if can(DevCard::RoadBuilding)
            && ks[2].is_some()
            && self.memo.resolve(g, p, BuildKind::Road).is_some()
        {
            return Action::PlayRoadBuilding;
        }
        if can(DevCard::Monopoly) {
            if let Some(a) = self.monopoly(g, p) {
                return a;
            }
        }
        if can(DevCard::YearOfPlenty) {
            if let Some(a) = year_of_plenty_toward(g, p, &ks) {
                return a;
            }
        }
        for &k in ks.iter().flatten() {
            let c = k.cost();
            if affords(&me.hand, &c) {
                match self.memo.resolve(g, p, k) {
                    Some(t) => return t.action(),
                    None => continue,
                }
            }
            if self.trades < MAX_BANK_TRADES {
                if let Some(a) = bank_step(g, p, &c) {
                    if self.memo.resolve(g, p, k).is_some() {
                        self.trades += 1;
                        return a;
                    }
                }
            }
        }
        Action::EndTurn
    }

    fn monopoly(&self, g: &Game, p: PlayerId) -> Option<Action> {
        if is_robert(g) {
            // Flip back the terrain with the most face-down pips of own production.
            let mut per = [0u32; 5];
            for h in g.s.face_down.iter() {
                if let Some(r) = g.layout.terrain[h].resource() {
                    per[r.idx()] += own_value(g, h, p);
                }
            }
            let r = (0..5).max_by_key(|&r| per[r])?;
            (per[r] > 0).then(|| Action::PlayMonopoly(Resource::from_idx(r)))
        } else {
            monopoly_by_hands(g, p)
        }
    }

    fn move_robber(g: &Game) -> Action {
        let me = g.s.current;
        let n = g.s.n_players as usize;
        let leader = leader_besides(g, me);
        let mut best = None;
        let mut best_v = i64::MIN;
        for h in g.topo.land_hexes.iter() {
            if h == g.s.robber.idx() {
                continue;
            }
            let v = robber_harm(g, h, me, leader);
            if v > best_v {
                best_v = v;
                best = Some(h);
            }
        }
        let h = best.expect("a land hex for the robber");
        let mut victim = NO_PLAYER;
        let mut vk = (0u8, 0u32);
        for q in 0..n as u8 {
            let ps = &g.s.players[q as usize];
            if q != me
                && ps.hand_size() > 0
                && !ps.buildings.intersect(g.topo.hex_corner_set[h]).is_empty()
            {
                let k = (ps.vp, ps.hand_size());
                if victim == NO_PLAYER || k > vk {
                    victim = q;
                    vk = k;
                }
            }
        }
        Action::MoveRobber {
            hex: HexId(h as u8),
            victim,
        }
    }
}

impl Policy<Game<'_>> for GreedyPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let temperature = self.knobs.setup_temperature;
        if g.is_raiders() {
            return self.raiders.choose(g, legal, temperature, rng);
        }
        self.reset_turn(g);
        let p = PlayerId(g.s.current);
        match g.s.phase {
            Phase::SetupSettlement => setup_settlement(g, |_| 0.0, temperature, rng),
            Phase::SetupRoad => setup_road(g),
            Phase::PreRoll => {
                let can_knight = !g.s.dev_played && g.s.cur().dev[DevCard::Knight.idx()] > 0;
                if is_robert(g) {
                    let flip_own = can_knight
                        && robert::flip_up_candidates(g)
                            .iter()
                            .any(|h| own_value(g, h, p) > 0);
                    if flip_own {
                        Action::PlayKnight
                    } else {
                        g.roll_action()
                    }
                } else if can_knight && knights_move_robber(g) && Self::knight_wanted(g, p) {
                    Action::PlayKnight
                } else {
                    Action::Roll
                }
            }
            Phase::Discard => {
                let q = g.actor();
                discard_for(g, q, &simple_need(g, q))
            }
            Phase::MoveRobber => Self::move_robber(g),
            Phase::FlipUp => best_flip(g, legal, |h| {
                own_value(g, h, p) as i64 * 1000 + team_value(g, h) as i64
            }),
            Phase::RoadBuilding => free_road(g, p, &mut self.memo),
            Phase::Main => self.main(g),
            // Solitaire: a knight always cancels a seven (it also counts toward largest army).
            Phase::SevenChoice => Action::CancelSeven,
            Phase::LoseDev => {
                g.legal_actions(legal);
                let order = [
                    DevCard::Monopoly,
                    DevCard::RoadBuilding,
                    DevCard::YearOfPlenty,
                    DevCard::Knight,
                ];
                order
                    .into_iter()
                    .map(Action::LoseDev)
                    .find(|a| legal.contains(a))
                    .unwrap_or(legal[0])
            }
            Phase::Bonus => bonus_pick(g, p),
            _ => {
                g.legal_actions(legal);
                legal[0]
            }
        }
    }
}

#[cfg(test)]
mod tests;
