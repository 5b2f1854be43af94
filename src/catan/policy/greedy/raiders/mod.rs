//! The `greedy` policy's play of The Raiders of Catan.
//!
//! The `greedy` policy's play of The Raiders of Catan: its turn (builds, trades, cards, the special
//! building phase) over a per-seat plan; the plan, set-up, threat view and play against the raiders
//! are in the child modules.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

mod plan;
mod setup;
mod soldiers;
mod view;

use crate::catan::kernel::raiders;
use crate::catan::policy::cards::{
    affords, bank_step, bonus_pick, discard_for, monopoly_by_hands, simple_need, year_of_plenty_for,
};
use crate::catan::policy::spots::{setup_road, unraided_production};
use crate::catan::*;
use crate::engine::seeds::Rng;
use plan::{move_ship, plan_key, Plan, Step};
use setup::{setup_settlement, setup_ship};
use soldiers::{knight_ready, place_raider, removal, victim};
use view::SeatValues;

/// Most bank trades in one turn (as greedy's base play).
const MAX_BANK_TRADES: u8 = 8;
/// A soldier is played when taking a raider off is worth at least this much.
const KNIGHT_MIN: f32 = 5.0;

/// A build greedy may make, with its place.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Build {
    City(CornerId),
    Settle(CornerId),
    Road(EdgeId),
    Ship(EdgeId),
    Dev,
}

impl Build {
    fn action(self) -> Action {
        match self {
            Build::City(c) => Action::BuildCity(c),
            Build::Settle(c) => Action::BuildSettlement(c),
            Build::Road(e) => Action::BuildRoad(e),
            Build::Ship(e) => Action::BuildShip(e),
            Build::Dev => Action::BuyDev,
        }
    }

    /// What the hand must hold (a development card: discoveries stand in for what it lacks).
    fn cost(self, me: &PlayerState) -> Hand {
        match self {
            Build::City(_) => CITY_COST,
            Build::Settle(_) => SETTLEMENT_COST,
            Build::Road(_) => ROAD_COST,
            Build::Ship(_) => SHIP_COST,
            Build::Dev => {
                let mut c = DEV_COST;
                let mut left = me.discoveries;
                for i in 0..5 {
                    while left > 0 && c[i] > me.hand[i] {
                        c[i] -= 1;
                        left -= 1;
                    }
                }
                c
            }
        }
    }

    fn from_step(s: Step) -> Option<Build> {
        match s {
            Step::None => None,
            Step::Settle(c) => Some(Build::Settle(c)),
            Step::Road(e) => Some(Build::Road(e)),
            Step::Ship(e) => Some(Build::Ship(e)),
        }
    }
}

/// Greedy's Raiders state: the per-turn trade count and a per-seat plan memo (fixed size, `Copy`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RaidersPlay {
    turn: u32,
    trades: u8,
    keys: [u64; MAX_PLAYERS],
    plans: [Plan; MAX_PLAYERS],
    /// Per seat: its view and spot values, which outlive many plans.
    values: [SeatValues; MAX_PLAYERS],
}

impl RaidersPlay {
    fn plan(&mut self, g: &Game, p: PlayerId) -> Plan {
        let k = plan_key(g, p);
        let i = p.idx();
        if self.keys[i] != k {
            self.keys[i] = k;
            self.values[i].update(g, p);
            self.plans[i] = Plan::compute(g, p, &mut self.values[i]);
        }
        self.plans[i]
    }

    /// Greedy's decision in a Raiders game.
    pub(crate) fn choose(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        temperature: f32,
        rng: &mut Rng,
    ) -> Action {
        if g.s.turn != self.turn {
            self.turn = g.s.turn;
            self.trades = 0;
        }
        let p = PlayerId(g.s.current);
        match g.s.phase {
            Phase::SetupSettlement => setup_settlement(g, temperature, rng),
            Phase::SetupRoad => {
                if g.s.setup_step < g.s.n_players {
                    setup_ship(g).unwrap_or_else(|| first_legal(g, legal))
                } else {
                    setup_road(g)
                }
            }
            Phase::PreRoll => {
                if knight_ready(g) && removal(g, p).is_some_and(|(_, x)| x >= KNIGHT_MIN) {
                    Action::PlayKnight
                } else {
                    Action::Roll
                }
            }
            Phase::Main => self.main(g, p),
            Phase::RemoveRaider => match removal(g, p) {
                Some((h, _)) => Action::RemoveRaider(h),
                None => first_legal(g, legal),
            },
            Phase::PlaceRaider => place_raider(g, p),
            Phase::ChooseVictim => victim(g),
            Phase::SpecialBuild => self.special_build(g, p),
            Phase::RoadBuilding => self.free_piece(g, p, legal),
            Phase::Discard => {
                let q = g.actor();
                let ps = g.s.player(q);
                let mut need = simple_need(g, q);
                // Still to reach an island before the storm: keep a ship's cards too.
                if ps.buildings.minus(g.topo.home_corners).is_empty() && !raiders::storm(&g.s) {
                    for i in 0..5 {
                        need[i] = need[i].max(SHIP_COST[i]);
                    }
                }
                discard_for(g, q, &need)
            }
            Phase::Bonus => bonus_pick(g, p),
            _ => first_legal(g, legal),
        }
    }

    /// The builds open to `p` in priority order: city, the expansion step (settlement, road or
    /// ship), development card.
    fn builds(&mut self, g: &Game, p: PlayerId) -> ([Option<Build>; 3], Plan) {
        let plan = self.plan(g, p);
        let city = plan.city.map(Build::City);
        let step = Build::from_step(plan.step);
        let dev = g.deck_available().then_some(Build::Dev);
        ([city, step, dev], plan)
    }

    fn main(&mut self, g: &Game, p: PlayerId) -> Action {
        let me = g.s.player(p);
        let can = |c: DevCard| !g.s.dev_played && me.dev[c.idx()] > 0;
        let cards_to_play = can(DevCard::Knight)
            || can(DevCard::RoadBuilding)
            || can(DevCard::YearOfPlenty)
            || can(DevCard::Monopoly);
        if me.hand_size() < 2 && !cards_to_play && !raiders::afford_dev(g, p) {
            return Action::EndTurn;
        }
        if knight_ready(g) && removal(g, p).is_some_and(|(_, x)| x >= KNIGHT_MIN) {
            return Action::PlayKnight;
        }
        let (order, plan) = self.builds(g, p);
        let sv = &mut self.values[p.idx()];
        sv.update(g, p);
        if let Some(a) = move_ship(g, p, &plan, sv) {
            return a;
        }
        if can(DevCard::RoadBuilding) && matches!(plan.step, Step::Road(_) | Step::Ship(_)) {
            return Action::PlayRoadBuilding;
        }
        if can(DevCard::Monopoly) {
            if let Some(a) = monopoly_by_hands(g, p) {
                return a;
            }
        }
        if can(DevCard::YearOfPlenty) {
            if let Some(b) = order.iter().flatten().next() {
                let c = b.cost(me);
                if !affords(&me.hand, &c) {
                    let prod = unraided_production(g, p);
                    if let Some(a) = year_of_plenty_for(g, &me.hand, &c, &prod) {
                        return a;
                    }
                }
            }
        }
        for &b in order.iter().flatten() {
            let c = b.cost(me);
            if affords(&me.hand, &c) {
                return b.action();
            }
            if self.trades < MAX_BANK_TRADES {
                if let Some(a) = bank_step(g, p, &c) {
                    self.trades += 1;
                    return a;
                }
            }
        }
        Action::EndTurn
    }

    /// Special building phase (5-6 players; no trades there): a city or settlement if
    /// affordable, by the same plan as on its own turn, or the next ship while shipping is
    /// urgent; else pass.
    fn special_build(&mut self, g: &Game, p: PlayerId) -> Action {
        let me = g.s.player(p);
        if me.hand_size() < 2 {
            return Action::EndTurn;
        }
        let plan = self.plan(g, p);
        if let Some(c) = plan.city {
            if affords(&me.hand, &CITY_COST) {
                return Action::BuildCity(c);
            }
        }
        match plan.step {
            Step::Settle(c) if affords(&me.hand, &SETTLEMENT_COST) => {
                return Action::BuildSettlement(c)
            }
            Step::Ship(e) if plan.urgent && affords(&me.hand, &SHIP_COST) => {
                return Action::BuildShip(e)
            }
            _ => {}
        }
        Action::EndTurn
    }

    /// A free road or ship (road building card): the plan's step, else the better of its road
    /// and ship, else any legal piece.
    fn free_piece(&mut self, g: &Game, p: PlayerId, legal: &mut ActionList) -> Action {
        let plan = self.plan(g, p);
        let me = g.s.player(p);
        let road_ok = |e: EdgeId| me.roads_left > 0 && g.road_spots(p).contains(e.idx());
        let ship_ok = |e: EdgeId| me.ships_left > 0 && raiders::ship_spots(g, p).contains(e.idx());
        match plan.step {
            Step::Road(e) if road_ok(e) => return Action::BuildRoad(e),
            Step::Ship(e) if ship_ok(e) => return Action::BuildShip(e),
            _ => {}
        }
        if let Some(e) = plan.ship.filter(|&e| ship_ok(e)) {
            return Action::BuildShip(e);
        }
        if let Some(e) = plan.road.filter(|&e| road_ok(e)) {
            return Action::BuildRoad(e);
        }
        first_legal(g, legal)
    }
}

fn first_legal(g: &Game, legal: &mut ActionList) -> Action {
    g.legal_actions(legal);
    legal[0]
}

#[cfg(test)]
mod tests;
