//! The base rules as a phase machine: legal actions, applying them, resolving chance, scoring.

use super::bits::{EdgeSet, HexSet};
use super::ids::*;
use super::layout::Layout;
use super::modifiers;
use super::raiders;
use super::robert;
use super::solitaire;
use super::state::*;
use super::topology::{Topology, NONE};
use super::variant::{Rules, Variant};
use arrayvec::ArrayVec;

/// Capacity of an action list. The worst phase is `Main`: one road per edge (<= 256), one
/// settlement and one city per corner (<= 2 * 192), 20 bank trades, 15 year-of-plenty pairs,
/// 5 monopolies and 5 others: 685. Robber moves are at most 128 hexes * 6 victims = 768.
pub const MAX_ACTIONS: usize = 1024;
/// A caller-owned buffer of legal actions.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// An action that the current phase does not allow; the state was left untouched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action:?} in phase {phase:?} for seat {actor}")]
pub struct IllegalAction {
    pub action: Action,
    pub phase: Phase,
    pub actor: u8,
}

/// One game in progress: the board it is played on, its rules and its state.
#[derive(Clone, Debug)]
pub struct Game<'t> {
    pub topo: &'t Topology,
    pub layout: Layout,
    pub rules: Rules,
    pub s: State,
}

impl<'t> Game<'t> {
    /// A new game before set-up. `rules.players` must be 2..=MAX_PLAYERS (configs validate it).
    pub fn new(topo: &'t Topology, layout: Layout, rules: Rules) -> Game<'t> {
        assert!(
            (1..=MAX_PLAYERS as u8).contains(&rules.players),
            "players out of range"
        );
        let mut p = PlayerState {
            roads_left: ROADS_PER_PLAYER,
            settlements_left: SETTLEMENTS_PER_PLAYER,
            cities_left: CITIES_PER_PLAYER,
            ..PlayerState::default()
        };
        p.hand = [0; 5];
        let mut s = State {
            n_players: rules.players,
            current: 0,
            turn: 0,
            phase: Phase::SetupSettlement,
            players: [p; MAX_PLAYERS],
            bank: [BANK_PER_RESOURCE; 5],
            deck: DevCard::DECK,
            played: [0; 5],
            corner_owner: [0; MAX_CORNERS],
            edge_owner: [0; MAX_EDGES],
            occupied: Default::default(),
            blocked: Default::default(),
            roads: Default::default(),
            robber: layout.robber_start,
            face_down: HexSet::EMPTY,
            longest_road: NO_PLAYER,
            largest_army: NO_PLAYER,
            dev_played: false,
            rolled: false,
            last_roll: 0,
            discards: [0; MAX_PLAYERS],
            victim: NO_PLAYER,
            free_roads: 0,
            flips_left: 0,
            flip_cause: FlipCause::Robert,
            setup_step: 0,
            last_settlement: CornerId(0),
            deal_left: [0; MAX_PLAYERS],
            destroyed: HexSet::EMPTY,
            pending_dice: HexSet::EMPTY,
            bonus: 0,
            leaving: layout.robber_start,
            robber_roll: 0,
            mono_res: Resource::Brick,
            raiders: RaidersState {
                turn_owner: NO_PLAYER,
                ..RaidersState::default()
            },
        };
        if let Variant::Raiders(_) = rules.variant {
            s.raiders.pool = super::variant::RaidersRules::pool(rules.players);
            for q in 0..rules.players as usize {
                s.players[q].ships_left = SHIPS_PER_PLAYER;
            }
        }
        if let Variant::Robert(r) = rules.variant {
            if r.start_cards > 0 {
                for p in 0..rules.players as usize {
                    s.deal_left[p] = r.start_cards;
                }
                s.phase = Phase::Deal;
            }
        }
        Game {
            topo,
            layout,
            rules,
            s,
        }
    }

    /// The seat that decides in the current phase.
    #[inline]
    pub fn actor(&self) -> PlayerId {
        if self.s.phase == Phase::Discard {
            let p = self.s.discards.iter().position(|&d| d > 0).unwrap_or(0);
            PlayerId(p as u8)
        } else {
            PlayerId(self.s.current)
        }
    }

    #[inline(always)]
    pub fn is_over(&self) -> bool {
        matches!(self.s.phase, Phase::Over(_))
    }

    #[inline(always)]
    fn can_play(&self, card: DevCard) -> bool {
        !self.s.dev_played && self.s.cur().dev[card.idx()] > 0
    }

    #[inline(always)]
    fn afford(&self, cost: &Hand) -> bool {
        let h = &self.s.cur().hand;
        (0..5).all(|i| h[i] >= cost[i])
    }

    /// Free edges where seat `p` may build a road: touching its network at a corner not held by
    /// another player's building.
    pub fn road_spots(&self, p: PlayerId) -> EdgeSet {
        if self.is_raiders() {
            return raiders::road_spots(self, p);
        }
        let me = self.s.player(p);
        let foreign = self.s.occupied.minus(me.buildings);
        let mut e = EdgeSet::EMPTY;
        for c in me.net.minus(foreign).iter() {
            e = e.union(self.topo.corner_edge_set[c]);
        }
        e.intersect(self.topo.land_edges).minus(self.s.roads)
    }

    /// Corners where seat `p` may build a settlement in the main phase (ignoring cost and stock).
    pub fn settlement_spots(&self, p: PlayerId) -> super::bits::CornerSet {
        self.s
            .player(p)
            .net
            .intersect(self.topo.land_corners)
            .minus(self.s.blocked)
    }

    /// The Raiders of Catan is being played.
    #[inline(always)]
    pub fn is_raiders(&self) -> bool {
        matches!(self.rules.variant, Variant::Raiders(_))
    }

    /// Whether a development card can be bought (the deck, or for Robert its reshuffle, has one).
    pub fn deck_available(&self) -> bool {
        self.s.deck.iter().any(|&c| c > 0)
            || (self.rules.variant.cooperative() && robert::reshuffle_size(&self.s) > 0)
    }

    /// Fills `out` with every legal action of the actor, except `Trade` (unbounded; use
    /// [`Game::trade_ok`]). Empty in chance phases and once the game is over.
    pub fn legal_actions(&self, out: &mut ActionList) {
        out.clear();
        let s = &self.s;
        let p = PlayerId(s.current);
        let me = s.cur();
        match s.phase {
            Phase::SetupSettlement if self.is_raiders() => {
                for c in raiders::setup_corners(self).iter() {
                    out.push(Action::BuildSettlement(CornerId(c as u8)));
                }
            }
            Phase::SetupSettlement => {
                for c in self.topo.land_corners.minus(s.blocked).iter() {
                    out.push(Action::BuildSettlement(CornerId(c as u8)));
                }
            }
            Phase::SetupRoad if self.is_raiders() => raiders::setup_edge_actions(self, out),
            Phase::SetupRoad => {
                let spots = self.topo.corner_edge_set[s.last_settlement.idx()]
                    .intersect(self.topo.land_edges)
                    .minus(s.roads);
                for e in spots.iter() {
                    out.push(Action::BuildRoad(EdgeId(e as u8)));
                }
            }
            Phase::PreRoll => {
                match self.rules.variant {
                    Variant::Base | Variant::Solitaire(_) | Variant::Raiders(_) => {
                        out.push(Action::Roll)
                    }
                    Variant::Robert(_) => out.push(Action::RobertMoves),
                }
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
                    if solitaire::losable(me)[c.idx()] > 0 {
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
            Phase::MoveRobber => {
                for h in self.topo.land_hexes.iter() {
                    if h == s.robber.idx() {
                        continue;
                    }
                    let before = out.len();
                    for q in 0..s.n_players {
                        if q != s.current
                            && s.players[q as usize].hand_size() > 0
                            && !s.players[q as usize]
                                .buildings
                                .intersect(self.topo.hex_corner_set[h])
                                .is_empty()
                        {
                            out.push(Action::MoveRobber {
                                hex: HexId(h as u8),
                                victim: q,
                            });
                        }
                    }
                    if out.len() == before {
                        out.push(Action::MoveRobber {
                            hex: HexId(h as u8),
                            victim: NO_PLAYER,
                        });
                    }
                }
            }
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
                if self.is_raiders() && me.ships_left > 0 {
                    for e in raiders::ship_spots(self, p).iter() {
                        out.push(Action::BuildShip(EdgeId(e as u8)));
                    }
                }
            }
            Phase::Main => self.main_actions(out),
            // Chance phases and the end: the runner or nobody decides.
            phase => debug_assert!(phase.is_chance() || matches!(phase, Phase::Over(_))),
        }
    }

    /// A knight may be played now: base and Robert always (with one in hand), Raiders when a
    /// raider stands on a land hex, Solitaire never (its knights only cancel sevens).
    fn knight_playable(&self) -> bool {
        self.can_play(DevCard::Knight)
            && match self.rules.variant {
                Variant::Base | Variant::Robert(_) => true,
                Variant::Solitaire(_) => false,
                Variant::Raiders(_) => !raiders::removal_targets(self).is_empty(),
            }
    }

    /// Free pieces a road building card can still place: roads, and ships in Raiders.
    fn road_building_spots(&self, p: PlayerId) -> bool {
        let me = self.s.player(p);
        (me.roads_left > 0 && !self.road_spots(p).is_empty())
            || (self.is_raiders() && me.ships_left > 0 && !raiders::ship_spots(self, p).is_empty())
    }

    fn main_actions(&self, out: &mut ActionList) {
        let s = &self.s;
        let p = PlayerId(s.current);
        let me = s.cur();
        let raiders = self.is_raiders();
        if me.roads_left > 0 && self.afford(&ROAD_COST) {
            for e in self.road_spots(p).iter() {
                out.push(Action::BuildRoad(EdgeId(e as u8)));
            }
        }
        if me.settlements_left > 0 && self.afford(&SETTLEMENT_COST) {
            for c in self.settlement_spots(p).iter() {
                out.push(Action::BuildSettlement(CornerId(c as u8)));
            }
        }
        if me.cities_left > 0 && self.afford(&CITY_COST) {
            // Raiders: a taken building cannot be upgraded.
            for c in me.buildings.minus(me.cities).minus(s.raiders.taken).iter() {
                out.push(Action::BuildCity(CornerId(c as u8)));
            }
        }
        if raiders {
            raiders::main_actions(self, out);
        }
        let dev_ok = if raiders {
            raiders::afford_dev(self, p)
        } else {
            self.afford(&DEV_COST)
        };
        if dev_ok && self.deck_available() {
            out.push(Action::BuyDev);
        }
        if !matches!(self.rules.variant, Variant::Robert(_)) && self.knight_playable() {
            out.push(Action::PlayKnight);
        }
        if self.can_play(DevCard::RoadBuilding) && self.road_building_spots(p) {
            out.push(Action::PlayRoadBuilding);
        }
        if self.can_play(DevCard::YearOfPlenty) {
            for a in 0..5 {
                for b in a..5 {
                    let ok = if a == b {
                        s.bank[a] >= 2
                    } else {
                        s.bank[a] >= 1 && s.bank[b] >= 1
                    };
                    if ok {
                        out.push(Action::PlayYearOfPlenty(
                            Resource::from_idx(a),
                            Resource::from_idx(b),
                        ));
                    }
                }
            }
        }
        if self.can_play(DevCard::Monopoly) {
            for r in Resource::ALL {
                out.push(Action::PlayMonopoly(r));
            }
        }
        for give in Resource::ALL {
            if me.hand[give.idx()] >= me.rate(give) {
                for get in Resource::ALL {
                    if get != give && s.bank[get.idx()] > 0 {
                        out.push(Action::BankTrade { give, get });
                    }
                }
            }
        }
        out.push(Action::EndTurn);
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

    /// Checked form of [`Game::apply`]: refuses an illegal action and leaves the state untouched.
    ///
    /// # Errors
    /// [`IllegalAction`] when the action is not legal for the actor in this phase.
    pub fn try_apply<S: Sink>(&mut self, a: Action, sink: &mut S) -> Result<(), IllegalAction> {
        let ok = match a {
            Action::Trade { with, give, get } => self.trade_ok(with, &give, &get),
            // The legal list names each pair once, lower resource first.
            Action::PlayYearOfPlenty(x, y) if x > y => {
                let mut buf = ActionList::new();
                self.legal_actions(&mut buf);
                buf.contains(&Action::PlayYearOfPlenty(y, x))
            }
            _ => {
                let mut buf = ActionList::new();
                self.legal_actions(&mut buf);
                buf.contains(&a)
            }
        };
        if !ok {
            return Err(IllegalAction {
                action: a,
                phase: self.s.phase,
                actor: self.actor().0,
            });
        }
        self.apply(a, sink);
        Ok(())
    }

    /// Applies a legal action (unchecked: an illegal one may corrupt the state; debug builds
    /// assert the bank and hand invariants afterwards).
    pub fn apply<S: Sink>(&mut self, a: Action, sink: &mut S) {
        let p = PlayerId(self.s.current);
        match (self.s.phase, a) {
            (Phase::SetupSettlement, Action::BuildSettlement(c)) => {
                self.place_settlement(p, c, true, sink);
                self.s.last_settlement = c;
                if self.is_raiders() && self.s.setup_step >= self.s.n_players {
                    raiders::setup_discoveries(self, p, c, sink);
                }
                let solo = matches!(self.rules.variant, Variant::Solitaire(_));
                if self.s.setup_step >= self.s.n_players || solo {
                    // Second settlement (Solitaire: both): one resource per adjacent producing hex.
                    for &h in &self.topo.corner_hexes[c.idx()] {
                        if h == NONE {
                            continue;
                        }
                        if let Some(r) = self.layout.terrain[h as usize].resource() {
                            if self.s.bank[r.idx()] > 0 {
                                self.s.bank[r.idx()] -= 1;
                                self.s.players[p.idx()].hand[r.idx()] += 1;
                                sink.event(&Event::Produce {
                                    player: p,
                                    resource: r,
                                    amount: 1,
                                });
                            }
                        }
                    }
                }
                self.s.phase = Phase::SetupRoad;
                if self.is_raiders() {
                    raiders::after_build(self, true, sink);
                }
            }
            (Phase::SetupRoad, Action::BuildRoad(e)) => {
                self.place_road(p, e, true, sink);
                self.next_setup(sink);
            }
            (Phase::SetupRoad, Action::BuildShip(e)) => {
                raiders::place_ship(self, p, e, true, sink);
                self.next_setup(sink);
            }
            (Phase::PreRoll, Action::Roll) => self.s.phase = Phase::Dice,
            (Phase::PreRoll, Action::RobertMoves) => robert::move_robert(self, sink),
            (Phase::PreRoll | Phase::Main, Action::PlayKnight) => {
                self.play_card(p, DevCard::Knight, sink);
                self.s.players[p.idx()].knights_played += 1;
                self.update_largest_army(p, sink);
                match self.rules.variant {
                    Variant::Base => self.s.phase = Phase::MoveRobber,
                    Variant::Robert(_) => robert::soldier(self, sink),
                    Variant::Raiders(_) => self.s.phase = Phase::RemoveRaider,
                    // Never offered: Solitaire knights only cancel sevens.
                    Variant::Solitaire(_) => self.resume_turn(),
                }
            }
            (Phase::Discard, Action::Discard(r)) => {
                let q = self.actor();
                self.s.players[q.idx()].hand[r.idx()] -= 1;
                self.s.bank[r.idx()] += 1;
                self.s.discards[q.idx()] -= 1;
                sink.event(&Event::Discard {
                    player: q,
                    resource: r,
                });
                if self.s.discards.iter().all(|&d| d == 0) {
                    self.after_discards(sink);
                }
            }
            (Phase::MoveRobber, Action::MoveRobber { hex, victim }) => {
                self.s.robber = hex;
                sink.event(&Event::Robber {
                    player: p,
                    hex,
                    victim,
                });
                if victim != NO_PLAYER {
                    self.s.victim = victim;
                    self.s.phase = Phase::Steal;
                } else {
                    self.resume_turn();
                }
            }
            (Phase::FlipUp, Action::FlipUp(h)) => robert::flip_up(self, h, sink),
            (Phase::PlaceRaider, Action::PlaceRaider(h)) => raiders::place_raider(self, h, sink),
            (Phase::RemoveRaider, Action::RemoveRaider(h)) => {
                raiders::remove_raider(self, h, sink);
                self.resume_turn();
            }
            (Phase::ChooseVictim, Action::StealFrom(q)) => {
                self.s.victim = q.0;
                self.s.phase = Phase::Steal;
            }
            (Phase::RoadBuilding, Action::BuildShip(e)) => {
                raiders::place_ship(self, p, e, true, sink);
                self.s.free_roads -= 1;
                if self.s.free_roads == 0 || !self.road_building_spots(p) {
                    self.s.phase = Phase::Main;
                }
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuildShip(e)) => {
                self.pay(p, &SHIP_COST);
                raiders::place_ship(self, p, e, false, sink);
            }
            (Phase::Main, Action::MoveShip { from, to }) => {
                raiders::move_ship(self, p, from, to, sink)
            }
            (Phase::SpecialBuild, Action::EndTurn) => {
                let me = &mut self.s.players[p.idx()];
                for i in 0..5 {
                    me.dev[i] += me.dev_new[i];
                    me.dev_new[i] = 0;
                }
                let n = self.s.n_players;
                let next = (self.s.current + 1) % n;
                if next == self.s.raiders.turn_owner {
                    self.s.current = (next + 1) % n;
                    self.s.raiders.turn_owner = NO_PLAYER;
                    self.start_turn(sink);
                } else {
                    self.s.current = next;
                }
            }
            (Phase::SevenChoice, Action::CancelSeven) => solitaire::cancel(self, sink),
            (Phase::SevenChoice, Action::AcceptSeven) => solitaire::penalties(self, sink),
            (Phase::LoseDev, Action::LoseDev(c)) => solitaire::lose_dev(self, c, sink),
            (Phase::Bonus, Action::TakeBonus(r)) => {
                modifiers::take_bonus(self, r, sink);
                self.next_bonus();
            }
            (Phase::RoadBuilding, Action::BuildRoad(e)) => {
                self.place_road(p, e, true, sink);
                self.s.free_roads -= 1;
                if self.s.free_roads == 0 || !self.road_building_spots(p) {
                    self.s.phase = Phase::Main;
                }
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuildRoad(e)) => {
                self.pay(p, &ROAD_COST);
                self.place_road(p, e, false, sink);
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuildSettlement(c)) => {
                self.pay(p, &SETTLEMENT_COST);
                self.place_settlement(p, c, false, sink);
                if self.is_raiders() {
                    raiders::after_build(self, false, sink);
                }
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuildCity(c)) => {
                self.pay(p, &CITY_COST);
                let me = &mut self.s.players[p.idx()];
                me.cities.insert(c.idx());
                me.cities_left -= 1;
                me.settlements_left += 1;
                me.vp += 1;
                self.s.corner_owner[c.idx()] |= CITY_FLAG;
                sink.event(&Event::Build {
                    player: p,
                    piece: Piece::City,
                    at: c.0,
                    free: false,
                });
                if self.is_raiders() {
                    raiders::after_build(self, false, sink);
                }
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuyDev) => {
                if self.is_raiders() {
                    raiders::pay_dev(self, p, sink);
                } else {
                    self.pay(p, &DEV_COST);
                }
                if self.s.deck.iter().all(|&c| c == 0) {
                    robert::reshuffle(self, sink);
                }
                self.s.phase = Phase::Draw;
            }
            (Phase::Main, Action::PlayRoadBuilding) => {
                self.play_card(p, DevCard::RoadBuilding, sink);
                let me = self.s.cur();
                let pieces = if self.is_raiders() {
                    me.roads_left + me.ships_left
                } else {
                    me.roads_left
                };
                self.s.free_roads = 2.min(pieces);
                self.s.phase = Phase::RoadBuilding;
            }
            (Phase::Main, Action::PlayYearOfPlenty(a, b)) => {
                self.play_card(p, DevCard::YearOfPlenty, sink);
                for r in [a, b] {
                    self.s.bank[r.idx()] -= 1;
                    self.s.players[p.idx()].hand[r.idx()] += 1;
                }
                sink.event(&Event::YearOfPlenty { player: p, a, b });
            }
            (Phase::Main, Action::PlayMonopoly(r)) => {
                self.play_card(p, DevCard::Monopoly, sink);
                match self.rules.variant {
                    Variant::Base | Variant::Raiders(_) => {
                        let mut taken = 0;
                        for q in 0..self.s.n_players as usize {
                            if q != p.idx() {
                                taken += std::mem::take(&mut self.s.players[q].hand[r.idx()]);
                            }
                        }
                        self.s.players[p.idx()].hand[r.idx()] += taken;
                        sink.event(&Event::Monopoly {
                            player: p,
                            resource: r,
                            taken,
                        });
                    }
                    Variant::Robert(_) => robert::monopoly(self, p, r, sink),
                    Variant::Solitaire(_) => solitaire::monopoly(self, r),
                }
            }
            (Phase::Main, Action::BankTrade { give, get }) => {
                let rate = self.s.cur().rate(give);
                let me = &mut self.s.players[p.idx()];
                me.hand[give.idx()] -= rate;
                me.hand[get.idx()] += 1;
                self.s.bank[give.idx()] += rate;
                self.s.bank[get.idx()] -= 1;
                sink.event(&Event::BankTrade {
                    player: p,
                    give,
                    rate,
                    get,
                });
            }
            (Phase::Main, Action::Trade { with, give, get }) => {
                for i in 0..5 {
                    self.s.players[p.idx()].hand[i] =
                        self.s.players[p.idx()].hand[i] - give[i] + get[i];
                    self.s.players[with.idx()].hand[i] =
                        self.s.players[with.idx()].hand[i] + give[i] - get[i];
                }
                sink.event(&Event::Trade {
                    player: p,
                    with,
                    give,
                    get,
                });
            }
            (Phase::Main, Action::EndTurn) => {
                let me = &mut self.s.players[p.idx()];
                for i in 0..5 {
                    me.dev[i] += me.dev_new[i];
                    me.dev_new[i] = 0;
                }
                if self.is_raiders() && self.s.n_players >= 5 {
                    // 5-6 players: the others may build, in turn order, before the next turn.
                    self.s.raiders.turn_owner = self.s.current;
                    self.s.current = (self.s.current + 1) % self.s.n_players;
                    self.s.phase = Phase::SpecialBuild;
                } else {
                    self.s.current = (self.s.current + 1) % self.s.n_players;
                    self.start_turn(sink);
                }
            }
            (phase, action) => panic!("action {action:?} applied in phase {phase:?}"),
        }
        self.check_end(sink);
        #[cfg(debug_assertions)]
        self.debug_check();
    }

    /// The distribution of the pending chance phase, or `None` if a player decides.
    pub fn chance(&self) -> Option<ChanceDist> {
        match self.s.phase {
            Phase::Dice => Some(ChanceDist::Dice),
            Phase::Steal => Some(ChanceDist::Weighted(
                self.s.players[self.s.victim as usize].hand,
            )),
            Phase::Draw | Phase::Deal => Some(ChanceDist::Weighted(self.s.deck)),
            Phase::RobertTie => Some(ChanceDist::Uniform(robert::target_candidates(self))),
            Phase::RobberRoll => Some(ChanceDist::Dice),
            Phase::RobberTie => Some(ChanceDist::Uniform(solitaire::robber_candidates(
                self,
                self.s.robber_roll,
            ))),
            Phase::DestroyDie | Phase::MonopolyDie | Phase::ModifierDie => Some(ChanceDist::Die),
            _ => None,
        }
    }

    /// Resolves the pending chance phase with an outcome drawn from [`Game::chance`].
    pub fn apply_chance<S: Sink>(&mut self, o: ChanceOutcome, sink: &mut S) {
        match (self.s.phase, o) {
            (Phase::Dice, ChanceOutcome::Dice(d1, d2)) => self.roll(d1, d2, sink),
            (Phase::Steal, ChanceOutcome::Resource(r)) => {
                let (p, v) = (self.s.current as usize, self.s.victim as usize);
                self.s.players[v].hand[r.idx()] -= 1;
                self.s.players[p].hand[r.idx()] += 1;
                sink.event(&Event::Steal {
                    thief: PlayerId(p as u8),
                    victim: PlayerId(v as u8),
                    resource: r,
                });
                self.s.victim = NO_PLAYER;
                self.resume_turn();
            }
            (Phase::Draw, ChanceOutcome::Card(c)) => {
                let p = self.s.current as usize;
                self.s.deck[c.idx()] -= 1;
                self.s.players[p].dev_new[c.idx()] += 1;
                if c == DevCard::VictoryPoint {
                    self.s.players[p].vp += 1;
                }
                sink.event(&Event::DevBought {
                    player: PlayerId(p as u8),
                    card: c,
                });
                self.s.phase = if self.s.raiders.turn_owner == NO_PLAYER {
                    Phase::Main
                } else {
                    Phase::SpecialBuild
                };
            }
            (Phase::Deal, ChanceOutcome::Card(c)) => {
                let p = self
                    .s
                    .deal_left
                    .iter()
                    .position(|&d| d > 0)
                    .expect("dealing");
                self.s.deck[c.idx()] -= 1;
                self.s.deal_left[p] -= 1;
                self.s.players[p].dev[c.idx()] += 1;
                if c == DevCard::VictoryPoint {
                    self.s.players[p].vp += 1;
                }
                sink.event(&Event::DevDealt {
                    player: PlayerId(p as u8),
                    card: c,
                });
                if self.s.deal_left.iter().all(|&d| d == 0) || self.s.deck.iter().all(|&d| d == 0) {
                    self.s.deal_left = [0; MAX_PLAYERS];
                    self.s.phase = Phase::SetupSettlement;
                }
            }
            (Phase::RobertTie, ChanceOutcome::Hex(h)) => robert::flip_down(self, h, sink),
            (Phase::RobberRoll, ChanceOutcome::Dice(d1, d2)) => {
                solitaire::robber_roll(self, d1, d2, sink)
            }
            (Phase::RobberTie, ChanceOutcome::Hex(h)) => solitaire::move_robber(self, h, sink),
            (Phase::DestroyDie, ChanceOutcome::Die(d)) => solitaire::destroy_die(self, d, sink),
            (Phase::MonopolyDie, ChanceOutcome::Die(d)) => solitaire::monopoly_die(self, d, sink),
            (Phase::ModifierDie, ChanceOutcome::Die(d)) => {
                modifiers::apply_die(self, d, sink);
                if self.s.pending_dice.is_empty() {
                    self.next_bonus();
                }
            }
            (phase, o) => panic!("chance outcome {o:?} in phase {phase:?}"),
        }
        self.check_end(sink);
        #[cfg(debug_assertions)]
        self.debug_check();
    }

    fn roll<S: Sink>(&mut self, d1: u8, d2: u8, sink: &mut S) {
        let p = PlayerId(self.s.current);
        sink.event(&Event::Roll { player: p, d1, d2 });
        self.s.rolled = true;
        let n = d1 + d2;
        self.s.last_roll = n;
        if n == 7 && matches!(self.rules.variant, Variant::Solitaire(_)) {
            // Knight cancel first, then the procedure in the seed's order.
            solitaire::seven(self, sink);
        } else if n == 7 {
            let mut any = false;
            for q in 0..self.s.n_players as usize {
                let size = self.s.players[q].hand_size();
                if size > self.rules.hand_limit as u32 {
                    self.s.discards[q] = (size / 2) as u8;
                    any = true;
                }
            }
            if any {
                self.s.phase = Phase::Discard;
            } else {
                self.after_discards(sink);
            }
        } else {
            let raiders = self.is_raiders();
            if raiders {
                raiders::storm_roll(self, n, sink);
            }
            self.produce(n, sink);
            if raiders {
                raiders::after_production(self, n, sink);
            }
            self.s.bonus = modifiers::bonus_after_roll(self, d1, d2);
            if modifiers::after_production(self, n) || !self.s.pending_dice.is_empty() {
                self.s.phase = Phase::ModifierDie;
            } else {
                self.next_bonus();
            }
        }
    }

    /// After a roll's production and modifier dice: the next bonus pick, or the main phase.
    /// A pick the bank cannot pay (every resource gone) is dropped.
    fn next_bonus(&mut self) {
        if self.s.bonus != 0 && self.s.bank.iter().any(|&b| b > 0) {
            self.s.phase = Phase::Bonus;
        } else {
            self.s.bonus = 0;
            self.s.phase = Phase::Main;
        }
    }

    /// Pays every building on the hexes with number `n`, with the bank-shortage rule: when the
    /// bank cannot pay everyone a resource, nobody gets it, unless only one player is owed it,
    /// who then gets what the bank has.
    fn produce<S: Sink>(&mut self, n: u8, sink: &mut S) {
        let hexes = modifiers::producing_hexes(self, n);
        let mut want = [[0u8; 5]; MAX_PLAYERS];
        for h in hexes.iter() {
            let Some(r) = self.layout.terrain[h].resource() else {
                continue;
            };
            for c in self.topo.hex_corners[h] {
                let o = self.s.corner_owner[c.idx()];
                if o != 0 {
                    want[((o & 0x0f) - 1) as usize][r.idx()] += 1 + (o >> 4);
                }
            }
        }
        for r in Resource::ALL {
            let ri = r.idx();
            let mut total = 0u8;
            let mut owed = 0;
            for w in want.iter().take(self.s.n_players as usize) {
                if w[ri] > 0 {
                    total += w[ri];
                    owed += 1;
                }
            }
            if total == 0 {
                continue;
            }
            if total > self.s.bank[ri] && owed > 1 {
                sink.event(&Event::Shortage {
                    resource: r,
                    wanted: total,
                });
                continue;
            }
            for (q, w) in want.iter().enumerate().take(self.s.n_players as usize) {
                let amount = w[ri].min(self.s.bank[ri]);
                if amount > 0 {
                    self.s.bank[ri] -= amount;
                    self.s.players[q].hand[ri] += amount;
                    sink.event(&Event::Produce {
                        player: PlayerId(q as u8),
                        resource: r,
                        amount,
                    });
                }
            }
        }
    }

    fn after_discards<S: Sink>(&mut self, sink: &mut S) {
        match self.rules.variant {
            Variant::Base => self.s.phase = Phase::MoveRobber,
            Variant::Robert(_) => robert::seven(self, sink),
            Variant::Solitaire(_) => solitaire::after_discards(self, sink),
            Variant::Raiders(_) => {
                // No robber: the roller takes a random card from a player of his choice.
                let n = self.s.n_players as usize;
                let cur = self.s.current as usize;
                self.s.phase = if (0..n).any(|q| q != cur && self.s.players[q].hand_size() > 0) {
                    Phase::ChooseVictim
                } else {
                    Phase::Main
                };
            }
        }
    }

    /// Back to the turn after an interruption (robber, flips): before or after the roll.
    pub(crate) fn resume_turn(&mut self) {
        self.s.phase = if self.s.rolled {
            Phase::Main
        } else {
            match self.rules.variant {
                Variant::Base | Variant::Solitaire(_) | Variant::Raiders(_) => Phase::PreRoll,
                // A soldier replaces Robert's move: the player rolls next.
                Variant::Robert(_) => Phase::Dice,
            }
        };
    }

    fn start_turn<S: Sink>(&mut self, sink: &mut S) {
        // A capped game has played exactly `turn_cap` player-turns.
        if self.s.turn >= self.rules.turn_cap {
            self.finish(Outcome::Cap, sink);
            return;
        }
        self.s.turn += 1;
        self.s.dev_played = false;
        self.s.rolled = false;
        self.s.raiders.arrived = HexSet::EMPTY;
        self.s.raiders.new_ships = EdgeSet::EMPTY;
        self.s.raiders.ship_moved = false;
        self.s.phase = Phase::PreRoll;
        sink.event(&Event::TurnStart {
            turn: self.s.turn,
            player: PlayerId(self.s.current),
        });
    }

    pub(crate) fn finish<S: Sink>(&mut self, outcome: Outcome, sink: &mut S) {
        self.s.phase = Phase::Over(outcome);
        sink.event(&Event::GameOver {
            outcome,
            turn: self.s.turn,
        });
    }

    fn check_end<S: Sink>(&mut self, sink: &mut S) {
        // A player wins only on their own turn (not in a special building phase).
        if self.is_over() || self.s.turn == 0 || self.s.raiders.turn_owner != NO_PLAYER {
            return;
        }
        let target = self.rules.vp_to_win;
        if self.rules.variant.team_outcome() {
            if self.s.players[..self.s.n_players as usize]
                .iter()
                .all(|p| p.vp >= target)
            {
                self.finish(Outcome::TeamWin, sink);
            }
        } else if self.s.cur().vp >= target {
            self.finish(Outcome::Winner(PlayerId(self.s.current)), sink);
        }
    }

    fn pay(&mut self, p: PlayerId, cost: &Hand) {
        let hand = &mut self.s.players[p.idx()].hand;
        for ((h, b), c) in hand.iter_mut().zip(self.s.bank.iter_mut()).zip(cost) {
            *h -= c;
            *b += c;
        }
    }

    fn play_card<S: Sink>(&mut self, p: PlayerId, card: DevCard, sink: &mut S) {
        self.s.players[p.idx()].dev[card.idx()] -= 1;
        self.s.played[card.idx()] += 1;
        self.s.dev_played = true;
        sink.event(&Event::DevPlayed { player: p, card });
    }

    /// Set-up: the next seat in snake order places, or the first turn starts.
    fn next_setup<S: Sink>(&mut self, sink: &mut S) {
        self.s.setup_step += 1;
        let n = self.s.n_players;
        let i = self.s.setup_step;
        if i == 2 * n {
            self.s.current = 0;
            self.start_turn(sink);
        } else {
            self.s.current = if i < n { i } else { 2 * n - 1 - i };
            self.s.phase = Phase::SetupSettlement;
        }
    }

    fn place_settlement<S: Sink>(&mut self, p: PlayerId, c: CornerId, free: bool, sink: &mut S) {
        let s = &mut self.s;
        s.corner_owner[c.idx()] = p.0 + 1;
        s.occupied.insert(c.idx());
        s.blocked = s.blocked.union(self.topo.corner_block[c.idx()]);
        let me = &mut s.players[p.idx()];
        me.buildings.insert(c.idx());
        me.net.insert(c.idx());
        me.settlements_left -= 1;
        me.harbors |= self.layout.harbor[c.idx()];
        me.vp += 1;
        sink.event(&Event::Build {
            player: p,
            piece: Piece::Settlement,
            at: c.0,
            free,
        });
        // A settlement can cut other players' roads through this corner.
        let mut cut = false;
        for q in 0..self.s.n_players as usize {
            if q != p.idx() && self.s.players[q].net.contains(c.idx()) {
                self.s.players[q].road_length = self.road_length(PlayerId(q as u8));
                cut = true;
            }
        }
        if cut {
            self.update_longest_road(sink);
        }
    }

    fn place_road<S: Sink>(&mut self, p: PlayerId, e: EdgeId, free: bool, sink: &mut S) {
        let s = &mut self.s;
        s.edge_owner[e.idx()] = p.0 + 1;
        s.roads.insert(e.idx());
        let me = &mut s.players[p.idx()];
        me.roads.insert(e.idx());
        me.roads_left -= 1;
        for c in self.topo.edge_corners[e.idx()] {
            me.net.insert(c.idx());
        }
        sink.event(&Event::Build {
            player: p,
            piece: Piece::Road,
            at: e.0,
            free,
        });
        if self.is_raiders() {
            // A road between two raider-covered hexes is out of play from the start.
            raiders::refresh(self, sink);
            return;
        }
        let len = self.road_length(p);
        self.s.players[p.idx()].road_length = len;
        self.update_longest_road(sink);
    }

    /// Length of seat `p`'s longest trail of roads (each road once), not passing through a
    /// corner occupied by another player's building.
    pub fn road_length(&self, p: PlayerId) -> u8 {
        if self.is_raiders() {
            return raiders::route_length(self, p);
        }
        let me = self.s.player(p);
        if me.roads.is_empty() {
            return 0;
        }
        let foreign = self.s.occupied.minus(me.buildings);
        // Fast path: most road networks are trees (a corner held by another player splits the
        // network there), and a tree's longest trail is its diameter, found by two sweeps.
        let mut left = me.roads;
        let mut best = 0;
        while !left.is_empty() {
            let e0 = left.nth(0);
            match self.tree_diameter(e0, me.roads, foreign) {
                Some((len, component)) => {
                    best = best.max(len);
                    left = left.minus(component);
                }
                None => return self.road_length_search(me.roads, me.net, foreign),
            }
        }
        best
    }

    /// The diameter of the tree of roads containing edge `e0` (corners held by other players
    /// split the network) and that tree's edges; `None` if the component has a cycle.
    fn tree_diameter(
        &self,
        e0: usize,
        roads: EdgeSet,
        foreign: super::bits::CornerSet,
    ) -> Option<(u8, EdgeSet)> {
        let a = self.topo.edge_corners[e0][0].idx();
        let first = foreign.contains(a).then_some(e0);
        let (_, far, via, component) = self.sweep(a, first, roads, foreign)?;
        let first = foreign.contains(far).then_some(via);
        let (len, _, _, _) = self.sweep(far, first, roads, foreign)?;
        Some((len, component))
    }

    /// Depth-first distances from `start` over `roads`, leaving a start held by another player
    /// only along `first`, never passing through such a corner; returns the farthest distance,
    /// its corner and arriving edge, and the edges reached. `None` on meeting a cycle.
    fn sweep(
        &self,
        start: usize,
        first: Option<usize>,
        roads: EdgeSet,
        foreign: super::bits::CornerSet,
    ) -> Option<(u8, usize, usize, EdgeSet)> {
        // A player has at most 15 roads, so at most 16 corners are ever pending.
        let mut stack = [(0u8, 0u8, 0u8); 32];
        let mut sp = 1;
        stack[0] = (start as u8, 0, NONE);
        let mut seen = EdgeSet::EMPTY;
        let mut reached = super::bits::CornerSet::EMPTY;
        reached.insert(start);
        let (mut best, mut far, mut far_via) = (0u8, start, first.unwrap_or(0));
        while sp > 0 {
            sp -= 1;
            let (c, d, via) = stack[sp];
            let c = c as usize;
            if d > best {
                best = d;
                far = c;
                far_via = via as usize;
            }
            if via != NONE && foreign.contains(c) {
                continue;
            }
            for &e in &self.topo.corner_edges[c] {
                if e == NONE || !roads.contains(e as usize) || seen.contains(e as usize) {
                    continue;
                }
                if via == NONE && first.is_some_and(|f| f != e as usize) {
                    continue;
                }
                seen.insert(e as usize);
                let [x, y] = self.topo.edge_corners[e as usize];
                let o = if x.idx() == c { y.idx() } else { x.idx() };
                if !foreign.contains(o) {
                    if reached.contains(o) {
                        return None;
                    }
                    reached.insert(o);
                }
                stack[sp] = (o as u8, d + 1, e);
                sp += 1;
            }
        }
        Some((best, far, far_via, seen))
    }

    /// The general search (networks with a cycle). A longest trail can always be taken to
    /// start at a corner where the player's road degree is not 2 or that another player's
    /// building blocks: from any other start, its unused second road would extend it. So the
    /// search starts only there, plus one corner of each component that has no such corner
    /// (a closed ring of roads).
    fn road_length_search(
        &self,
        roads: EdgeSet,
        net: super::bits::CornerSet,
        foreign: super::bits::CornerSet,
    ) -> u8 {
        let mut best = 0;
        let mut reached = EdgeSet::EMPTY;
        for c in net.iter() {
            let deg = self.topo.corner_edge_set[c].intersect(roads).len();
            if deg == 0 || (deg == 2 && !foreign.contains(c)) {
                continue;
            }
            best = best.max(self.trail(c, roads, foreign, EdgeSet::EMPTY));
            if !reached.contains(self.topo.corner_edge_set[c].intersect(roads).nth(0)) {
                reached = reached.union(self.component(c, roads));
            }
        }
        // Rings of roads with no start corner yet: search from any of their corners.
        let mut left = roads.minus(reached);
        while !left.is_empty() {
            let c = self.topo.edge_corners[left.nth(0)][0].idx();
            best = best.max(self.trail(c, roads, foreign, EdgeSet::EMPTY));
            left = left.minus(self.component(c, roads));
        }
        best
    }

    /// Roads of `roads` connected to corner `c` (through any corner).
    fn component(&self, c: usize, roads: EdgeSet) -> EdgeSet {
        let mut seen = EdgeSet::EMPTY;
        let mut frontier = self.topo.corner_edge_set[c].intersect(roads);
        while !frontier.is_empty() {
            seen = seen.union(frontier);
            let mut next = EdgeSet::EMPTY;
            for e in frontier.iter() {
                for k in self.topo.edge_corners[e] {
                    next = next.union(self.topo.corner_edge_set[k.idx()]);
                }
            }
            frontier = next.intersect(roads).minus(seen);
        }
        seen
    }

    /// The longest trail by brute force (a search from every corner): the reference that
    /// [`Game::check_invariants`] holds [`Game::road_length`] to.
    #[doc(hidden)]
    pub fn road_length_brute(&self, p: PlayerId) -> u8 {
        if self.is_raiders() {
            return raiders::route_length_brute(self, p);
        }
        let me = self.s.player(p);
        let foreign = self.s.occupied.minus(me.buildings);
        me.net
            .iter()
            .map(|c| self.trail(c, me.roads, foreign, EdgeSet::EMPTY))
            .max()
            .unwrap_or(0)
    }

    fn trail(
        &self,
        c: usize,
        roads: EdgeSet,
        foreign: super::bits::CornerSet,
        used: EdgeSet,
    ) -> u8 {
        let mut best = 0;
        for &e in &self.topo.corner_edges[c] {
            if e == NONE || !roads.contains(e as usize) || used.contains(e as usize) {
                continue;
            }
            let [a, b] = self.topo.edge_corners[e as usize];
            let other = if a.idx() == c { b.idx() } else { a.idx() };
            let mut u = used;
            u.insert(e as usize);
            let more = if foreign.contains(other) {
                0
            } else {
                self.trail(other, roads, foreign, u)
            };
            best = best.max(1 + more);
        }
        best
    }

    /// Gives the longest-road card (2 VP) by the standard rules: first to a trail of 5; passes
    /// only to a strictly longer trail; if the holder's trail is cut, the card goes to the one
    /// strictly longest trail of 5+, or is set aside when that is tied or shorter than 5.
    pub(crate) fn update_longest_road<S: Sink>(&mut self, sink: &mut S) {
        if !self.rules.variant.awards() {
            return;
        }
        let n = self.s.n_players as usize;
        let max = self.s.players[..n]
            .iter()
            .map(|p| p.road_length)
            .max()
            .unwrap_or(0);
        let holder = self.s.longest_road;
        let keep = holder != NO_PLAYER && {
            let l = self.s.players[holder as usize].road_length;
            l >= 5 && l == max
        };
        let new = if keep {
            holder
        } else if max < 5 {
            NO_PLAYER
        } else {
            let mut who = self.s.players[..n]
                .iter()
                .enumerate()
                .filter(|(_, p)| p.road_length == max);
            match (who.next(), who.next()) {
                (Some((q, _)), None) => q as u8,
                _ => NO_PLAYER,
            }
        };
        if new != holder {
            if holder != NO_PLAYER {
                self.s.players[holder as usize].vp -= 2;
            }
            if new != NO_PLAYER {
                self.s.players[new as usize].vp += 2;
            }
            self.s.longest_road = new;
            sink.event(&Event::LongestRoad {
                holder: new,
                length: max,
            });
        }
    }

    /// Largest army (2 VP): first to 3 knights played; passes only to strictly more.
    pub(crate) fn update_largest_army<S: Sink>(&mut self, p: PlayerId, sink: &mut S) {
        if !self.rules.variant.largest_army() {
            return;
        }
        let k = self.s.player(p).knights_played;
        let holder = self.s.largest_army;
        if k >= 3
            && holder != p.0
            && (holder == NO_PLAYER || k > self.s.players[holder as usize].knights_played)
        {
            if holder != NO_PLAYER {
                self.s.players[holder as usize].vp -= 2;
            }
            self.s.players[p.idx()].vp += 2;
            self.s.largest_army = p.0;
            sink.event(&Event::LargestArmy {
                holder: p.0,
                knights: k,
            });
        }
    }

    /// VP of seat `p` recomputed from the pieces and cards (the running count must equal it).
    pub fn vp_from_scratch(&self, p: PlayerId) -> u8 {
        let me = self.s.player(p);
        // Raiders: a taken building counts for nothing until it is freed.
        let live = me.buildings.minus(self.s.raiders.taken);
        let cities = me.cities.intersect(live).len() as u8;
        let settlements = live.len() as u8 - cities;
        let mut vp = settlements + 2 * cities + me.vp_cards() + me.gold_vp;
        if self.s.longest_road == p.0 {
            vp += 2;
        }
        if self.s.largest_army == p.0 {
            vp += 2;
        }
        vp
    }

    /// Checks the conservation invariants; returns the first violation.
    ///
    /// # Errors
    /// A description of what does not add up.
    pub fn check_invariants(&self) -> Result<(), String> {
        let s = &self.s;
        let n = s.n_players as usize;
        for r in 0..5 {
            let total: u32 =
                s.bank[r] as u32 + s.players[..n].iter().map(|p| p.hand[r] as u32).sum::<u32>();
            if total != BANK_PER_RESOURCE as u32 {
                return Err(format!("resource {r}: bank + hands = {total}, not 19"));
            }
        }
        let cards: u32 = s.deck.iter().map(|&x| x as u32).sum::<u32>()
            + s.played.iter().map(|&x| x as u32).sum::<u32>()
            + s.players[..n]
                .iter()
                .map(|p| {
                    p.dev.iter().map(|&x| x as u32).sum::<u32>()
                        + p.dev_new.iter().map(|&x| x as u32).sum::<u32>()
                })
                .sum::<u32>();
        if cards != 25 {
            return Err(format!("development cards accounted for: {cards}, not 25"));
        }
        for (q, p) in s.players[..n].iter().enumerate() {
            let cities = p.cities.len() as u8;
            let settlements = p.buildings.len() as u8 - cities;
            if settlements + p.settlements_left != SETTLEMENTS_PER_PLAYER
                || cities + p.cities_left != CITIES_PER_PLAYER
                || p.roads.len() as u8 + p.roads_left != ROADS_PER_PLAYER
            {
                return Err(format!("seat {q}: piece counts do not add up"));
            }
            let vp = self.vp_from_scratch(PlayerId(q as u8));
            if vp != p.vp {
                return Err(format!("seat {q}: running VP {} but recomputed {vp}", p.vp));
            }
            let full = self.road_length_brute(PlayerId(q as u8));
            if p.road_length != full {
                return Err(format!(
                    "seat {q}: road length {} but a full search finds {full}",
                    p.road_length
                ));
            }
        }
        if !s.face_down.minus(self.layout.tokened).is_empty() {
            return Err("a hex without a token is face down".into());
        }
        if !s.destroyed.minus(self.layout.tokened).is_empty() {
            return Err("a hex without a token (desert or sea) is destroyed".into());
        }
        if s.destroyed.len() > solitaire::DESTROYED_TO_LOSE {
            return Err(format!("{} tiles destroyed", s.destroyed.len()));
        }
        if s.destroyed.contains(s.robber.idx()) {
            return Err("the robber stands on a destroyed tile".into());
        }
        if !self.rules.variant.awards()
            && (s.longest_road != NO_PLAYER || s.largest_army != NO_PLAYER)
        {
            return Err("longest road or largest army awarded with awards off".into());
        }
        let mut blocked = super::bits::CornerSet::EMPTY;
        for c in s.occupied.iter() {
            blocked = blocked.union(self.topo.corner_block[c]);
        }
        if blocked != s.blocked {
            return Err("the distance-rule blocked set is stale".into());
        }
        if self.is_raiders() {
            return raiders::check(self);
        }
        for (q, p) in s.players[..n].iter().enumerate() {
            let mut net = p.buildings;
            for e in p.roads.iter() {
                for c in self.topo.edge_corners[e] {
                    net.insert(c.idx());
                }
            }
            if net != p.net {
                return Err(format!("seat {q}: stale road network"));
            }
        }
        Ok(())
    }

    #[cfg(debug_assertions)]
    fn debug_check(&self) {
        let s = &self.s;
        for r in 0..5 {
            let total: u32 = s.bank[r] as u32
                + s.players[..s.n_players as usize]
                    .iter()
                    .map(|p| p.hand[r] as u32)
                    .sum::<u32>();
            debug_assert_eq!(
                total, BANK_PER_RESOURCE as u32,
                "resource {r} not conserved"
            );
        }
    }
}
