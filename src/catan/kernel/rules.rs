//! A game's legal actions.
//!
//! A game's legal actions (the game itself: `game`; applying actions: `apply`; scoring: `awards`;
//! checks: `invariants`).

use super::bits::{CornerSet, EdgeSet};
use super::game::{ActionList, Game};
use super::ids::*;
use super::raiders;
use super::robert;
use super::solitaire;
use super::state::*;
use super::variant::Variant;

/// The main phase's legal actions as sets and counts (see [`Game::main_menu`]): builds, then
/// the "tail" of single actions in a fixed order: buy a card, knight, road building, year of
/// plenty pairs, monopolies, bank trades, end of turn.
#[derive(Clone, Copy, Debug)]
pub struct MainMenu {
    pub roads: EdgeSet,
    pub settlements: CornerSet,
    pub cities: CornerSet,
    /// `BUY_DEV`, `KNIGHT`, `ROAD_BUILDING` bits.
    singles: u8,
    /// Year of plenty: a bit per resource pair (a <= b), in row order.
    plenty: u16,
    monopoly: bool,
    /// Bank trades: per resource given, a bit per resource that can be got.
    trades: [u8; 5],
}

impl MainMenu {
    const BUY_DEV: u8 = 1;
    const KNIGHT: u8 = 2;
    const ROAD_BUILDING: u8 = 4;

    /// How many actions the menu holds (Raiders' own excepted).
    #[inline]
    pub fn len(&self) -> usize {
        (self.roads.len() + self.settlements.len() + self.cities.len()) as usize + self.tail_len()
    }

    /// Never empty: ending the turn is always on the menu.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The `k`-th action of the menu (`k < len()`), in the order of [`Game::legal_actions`].
    #[inline]
    pub fn get(&self, mut k: usize) -> Action {
        let (r, c, t) = (
            self.roads.len() as usize,
            self.settlements.len() as usize,
            self.cities.len() as usize,
        );
        if k < r {
            return Action::BuildRoad(EdgeId(self.roads.nth(k as u32) as u8));
        }
        k -= r;
        if k < c {
            return Action::BuildSettlement(CornerId(self.settlements.nth(k as u32) as u8));
        }
        k -= c;
        if k < t {
            return Action::BuildCity(CornerId(self.cities.nth(k as u32) as u8));
        }
        self.tail(k - t)
    }

    /// Whether buying a development card is on the menu.
    #[inline]
    pub fn buy_dev(&self) -> bool {
        self.singles & Self::BUY_DEV != 0
    }

    /// Actions after the builds.
    #[inline]
    pub fn tail_len(&self) -> usize {
        let trades: u32 = self.trades.iter().map(|t| t.count_ones()).sum();
        (self.singles.count_ones() + self.plenty.count_ones() + trades) as usize
            + 5 * self.monopoly as usize
            + 1
    }

    /// The `k`-th action after the builds (`k < tail_len()`).
    #[inline]
    pub fn tail(&self, mut k: usize) -> Action {
        for (bit, a) in [
            (Self::BUY_DEV, Action::BuyDev),
            (Self::KNIGHT, Action::PlayKnight),
            (Self::ROAD_BUILDING, Action::PlayRoadBuilding),
        ] {
            if self.singles & bit != 0 {
                if k == 0 {
                    return a;
                }
                k -= 1;
            }
        }
        let n = self.plenty.count_ones() as usize;
        if k < n {
            let mut bits = self.plenty;
            for _ in 0..k {
                bits &= bits - 1;
            }
            let mut i = bits.trailing_zeros() as usize;
            for a in 0..5 {
                if i < 5 - a {
                    return Action::PlayYearOfPlenty(
                        Resource::from_idx(a),
                        Resource::from_idx(a + i),
                    );
                }
                i -= 5 - a;
            }
            unreachable!("year of plenty pair index");
        }
        k -= n;
        if self.monopoly {
            if k < 5 {
                return Action::PlayMonopoly(Resource::from_idx(k));
            }
            k -= 5;
        }
        for (give, &gets) in self.trades.iter().enumerate() {
            let n = gets.count_ones() as usize;
            if k < n {
                let mut bits = gets;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Action::BankTrade {
                    give: Resource::from_idx(give),
                    get: Resource::from_idx(bits.trailing_zeros() as usize),
                };
            }
            k -= n;
        }
        debug_assert_eq!(k, 0, "past the end of the main phase's actions");
        Action::EndTurn
    }
}

/// An action that the current phase does not allow; the state was left untouched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action:?} in phase {phase:?} for seat {actor}")]
pub struct IllegalAction {
    pub action: Action,
    pub phase: Phase,
    pub actor: u8,
}

impl Game<'_> {
    /// Fills `out` with every legal action of the actor, except `Trade` (unbounded; use
    /// [`Game::trade_ok`]). Empty in chance phases and once the game is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let s = &self.s;
        let p = PlayerId(s.current);
        let me = s.cur();
        match s.phase {
            Phase::SetupSettlement => {
                for c in self.setup_corners().iter() {
                    out.push(Action::BuildSettlement(CornerId(c as u8)));
                }
            }
            Phase::SetupRoad => self.setup_edge_actions(out),
            Phase::PreRoll => {
                out.push(self.roll_action());
                if self.knight_playable() {
                    out.push(Action::PlayKnight);
                }
            }
            Phase::PlaceRaider => {
                for h in self.topo.raider_deserts.iter() {
                    out.push(Action::PlaceRaider(HexId(h as u8)));
                }
            }
            Phase::RemoveRaider => {
                for h in raiders::removal_targets(self).iter() {
                    out.push(Action::RemoveRaider(HexId(h as u8)));
                }
            }
            Phase::ChooseVictim => {
                for q in 0..s.n_players {
                    if q != s.current && s.players[q as usize].hand_size() > 0 {
                        out.push(Action::StealFrom(PlayerId(q)));
                    }
                }
            }
            Phase::SpecialBuild => raiders::special_build_actions(self, out),
            Phase::SevenChoice => {
                out.push(Action::CancelSeven);
                out.push(Action::AcceptSeven);
            }
            Phase::LoseDev => {
                for c in DevCard::ALL {
                    if solitaire::losable(self)[c.idx()] > 0 {
                        out.push(Action::LoseDev(c));
                    }
                }
            }
            Phase::Bonus => {
                for r in Resource::ALL {
                    if s.bank[r.idx()] > 0 {
                        out.push(Action::TakeBonus(r));
                    }
                }
            }
            Phase::Discard => {
                let q = self.actor();
                for r in Resource::ALL {
                    if s.player(q).hand[r.idx()] > 0 {
                        out.push(Action::Discard(r));
                    }
                }
            }
            Phase::MoveRobber => self.robber_actions(out),
            Phase::FlipUp => {
                for h in robert::flip_up_candidates(self).iter() {
                    out.push(Action::FlipUp(HexId(h as u8)));
                }
            }
            Phase::RoadBuilding => {
                if me.roads_left > 0 {
                    for e in self.road_spots(p).iter() {
                        out.push(Action::BuildRoad(EdgeId(e as u8)));
                    }
                }
                for e in self.ship_spots(p).iter() {
                    out.push(Action::BuildShip(EdgeId(e as u8)));
                }
            }
            Phase::Main => self.main_actions(out),
            // Chance phases and the end: the runner or nobody decides.
            phase => debug_assert!(phase.is_chance() || matches!(phase, Phase::Over(_))),
        }
    }

    /// The `k`-th of the actor's legal actions, `k = draw(count)`, where a phase's actions are
    /// a set counted without listing them: set-up settlements (and set-up roads outside
    /// Raiders), the robber's moves (outside Solitaire), free roads (outside Raiders) and
    /// flips. The same action as [`Game::legal_actions`] then indexing `k`; `None` in the other
    /// phases (list them).
    pub fn counted_action(&self, draw: impl FnOnce(usize) -> usize) -> Option<Action> {
        let s = &self.s;
        match s.phase {
            Phase::SetupSettlement => {
                let spots = self.setup_corners();
                let k = draw(spots.len() as usize);
                Some(Action::BuildSettlement(CornerId(spots.nth(k as u32) as u8)))
            }
            Phase::SetupRoad if !self.is_raiders() => {
                let spots = self.topo.corner_edge_set[s.last_settlement.idx()]
                    .intersect(self.topo.land_edges)
                    .minus(s.roads);
                let k = draw(spots.len() as usize);
                Some(Action::BuildRoad(EdgeId(spots.nth(k as u32) as u8)))
            }
            Phase::RoadBuilding if !self.is_raiders() => {
                let p = PlayerId(s.current);
                let spots = if s.cur().roads_left > 0 {
                    self.road_spots(p)
                } else {
                    EdgeSet::EMPTY
                };
                let k = draw(spots.len() as usize);
                Some(Action::BuildRoad(EdgeId(spots.nth(k as u32) as u8)))
            }
            Phase::FlipUp => {
                let hexes = robert::flip_up_candidates(self);
                let k = draw(hexes.len() as usize);
                Some(Action::FlipUp(HexId(hexes.nth(k as u32) as u8)))
            }
            Phase::MoveRobber if !matches!(self.rules.variant, Variant::Solitaire(_)) => {
                // As `robber_actions`: every other land hex, once per victim there (once with
                // nobody when none).
                let victims = self.robber_victims();
                let seats = self.seats_by_hex();
                let mut land = self.topo.land_hexes;
                land.remove(s.robber.idx());
                let count: usize = land
                    .iter()
                    .map(|h| ((seats[h] & victims).count_ones() as usize).max(1))
                    .sum();
                let mut k = draw(count);
                for h in land.iter() {
                    let on = seats[h] & victims;
                    let n = (on.count_ones() as usize).max(1);
                    if k < n {
                        let victim = if on == 0 {
                            NO_PLAYER
                        } else {
                            let mut bits = on;
                            for _ in 0..k {
                                bits &= bits - 1;
                            }
                            bits.trailing_zeros() as u8
                        };
                        return Some(Action::MoveRobber {
                            hex: HexId(h as u8),
                            victim,
                        });
                    }
                    k -= n;
                }
                unreachable!("robber move index past the count")
            }
            _ => None,
        }
    }

    /// Seats the current player may rob (another seat holding a card), a bit per seat.
    #[inline]
    pub(super) fn robber_victims(&self) -> u8 {
        let s = &self.s;
        let mut v = 0u8;
        for q in 0..s.n_players {
            if q != s.current && s.players[q as usize].hand.iter().any(|&x| x > 0) {
                v |= 1 << q;
            }
        }
        v
    }

    /// For every hex, the seats with a building on one of its corners (a bit per seat). Built
    /// from the few buildings on the board rather than from every corner of every hex.
    #[inline]
    pub(super) fn seats_by_hex(&self) -> [u8; MAX_HEXES] {
        let mut on = [0u8; MAX_HEXES];
        for c in self.s.occupied.iter() {
            let bit = 1 << ((self.s.corner_owner[c] & 0x0f) - 1);
            for &h in &self.topo.corner_hexes[c] {
                if h != super::topology::NONE {
                    on[h as usize] |= bit;
                }
            }
        }
        on
    }

    /// Free pieces a road building card can still place: roads, and ships in Raiders.
    pub(super) fn road_building_spots(&self, p: PlayerId) -> bool {
        let me = self.s.player(p);
        (me.roads_left > 0 && !self.road_spots(p).is_empty()) || !self.ship_spots(p).is_empty()
    }

    pub(super) fn main_actions(&self, out: &mut ActionList) {
        let m = self.main_menu();
        for e in m.roads.iter() {
            out.push(Action::BuildRoad(EdgeId(e as u8)));
        }
        for c in m.settlements.iter() {
            out.push(Action::BuildSettlement(CornerId(c as u8)));
        }
        for c in m.cities.iter() {
            out.push(Action::BuildCity(CornerId(c as u8)));
        }
        self.variant_main_actions(out);
        for k in 0..m.tail_len() {
            out.push(m.tail(k));
        }
    }

    /// The part of [`Game::main_menu`] that builds a settlement, a city or buys a development
    /// card (and ends the turn): the rest of the menu (roads, cards to play, trades) is empty.
    #[inline]
    pub fn main_builds(&self) -> MainMenu {
        let s = &self.s;
        let p = PlayerId(s.current);
        let me = s.cur();
        let mut m = MainMenu {
            roads: EdgeSet::EMPTY,
            settlements: CornerSet::EMPTY,
            cities: CornerSet::EMPTY,
            singles: 0,
            plenty: 0,
            monopoly: false,
            trades: [0; 5],
        };
        if me.settlements_left > 0 && self.afford(&SETTLEMENT_COST) {
            m.settlements = self.settlement_spots(p);
        }
        if me.cities_left > 0 && self.afford(&CITY_COST) {
            // Raiders: a taken building cannot be upgraded.
            m.cities = me.buildings.minus(me.cities).minus(s.raiders.taken);
        }
        if self.afford_dev(p) && self.deck_available() {
            m.singles |= MainMenu::BUY_DEV;
        }
        m
    }

    /// The main phase's legal actions in the order of [`Game::legal_actions`], as sets and
    /// counts rather than a list (Raiders' own actions, which come after the cities, excepted).
    #[inline]
    pub fn main_menu(&self) -> MainMenu {
        let s = &self.s;
        let p = PlayerId(s.current);
        let me = s.cur();
        let mut m = self.main_builds();
        if me.roads_left > 0 && self.afford(&ROAD_COST) {
            m.roads = self.road_spots(p);
        }
        if self.main_knight_playable() {
            m.singles |= MainMenu::KNIGHT;
        }
        if self.can_play(DevCard::RoadBuilding) && self.road_building_spots(p) {
            m.singles |= MainMenu::ROAD_BUILDING;
        }
        if self.can_play(DevCard::YearOfPlenty) {
            let mut bit = 0;
            for a in 0..5 {
                for b in a..5 {
                    let ok = if a == b {
                        s.bank[a] >= 2
                    } else {
                        s.bank[a] >= 1 && s.bank[b] >= 1
                    };
                    m.plenty |= (ok as u16) << bit;
                    bit += 1;
                }
            }
        }
        m.monopoly = self.can_play(DevCard::Monopoly);
        let mut banked = 0u8;
        for r in 0..5 {
            banked |= ((s.bank[r] > 0) as u8) << r;
        }
        for give in Resource::ALL {
            if me.hand[give.idx()] >= me.rate(give) {
                m.trades[give.idx()] = banked & !(1 << give.idx());
            }
        }
        m
    }

    /// Whether the current player may trade `give` for `get` with seat `with` now: main phase,
    /// another seat, both sides at least one card (no gifts), no resource on both sides, and both
    /// hands hold what they give.
    pub fn trade_ok(&self, with: PlayerId, give: &Hand, get: &Hand) -> bool {
        let s = &self.s;
        s.phase == Phase::Main
            && with.0 != s.current
            && with.0 < s.n_players
            && give.iter().any(|&x| x > 0)
            && get.iter().any(|&x| x > 0)
            && (0..5).all(|i| give[i] == 0 || get[i] == 0)
            && (0..5).all(|i| s.cur().hand[i] >= give[i] && s.player(with).hand[i] >= get[i])
    }
}
