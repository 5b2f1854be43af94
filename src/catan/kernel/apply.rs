//! Applying actions and chance outcomes: the turn's phase machine, production, building, cards.

use super::bits::{EdgeSet, HexSet};
use super::game::{self, ActionList, Game};
use super::ids::*;
use super::modifiers;
use super::raiders;
use super::robert;
use super::rules::IllegalAction;
use super::solitaire;
use super::state::*;
use super::topology::NONE;

impl Game<'_> {
    /// Checked form of [`Game::apply`]: refuses an illegal action and leaves the state untouched.
    ///
    /// # Errors
    /// [`IllegalAction`] when the action is not legal for the actor in this phase.
    pub fn try_apply<S: Sink<Event>>(
        &mut self,
        a: Action,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
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
    pub fn apply<S: Sink<Event>>(&mut self, a: Action, sink: &mut S) {
        let p = PlayerId(self.s.current);
        match (self.s.phase, a) {
            (Phase::SetupSettlement, Action::BuildSettlement(c)) => {
                self.place_settlement(p, c, true, sink);
                self.s.last_settlement = c;
                self.after_setup_settlement(p, c, sink);
                if self.setup_settlement_pays() {
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
                self.after_build(Some(p), true, sink);
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
                self.after_knight(sink);
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
                self.move_robber(p, hex, victim, sink)
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
                self.after_build(Some(p), false, sink);
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuildCity(c)) => {
                self.pay(p, &CITY_COST);
                self.upgrade_to_city(p, c);
                sink.event(&Event::Build {
                    player: p,
                    piece: Piece::City,
                    at: c.0,
                    free: false,
                });
                self.after_build(None, false, sink);
            }
            (Phase::Main | Phase::SpecialBuild, Action::BuyDev) => {
                self.pay_for_dev(p, sink);
                if self.s.deck.iter().all(|&c| c == 0) {
                    robert::reshuffle(self, sink);
                }
                self.s.phase = Phase::Draw;
            }
            (Phase::Main, Action::PlayRoadBuilding) => {
                self.play_card(p, DevCard::RoadBuilding, sink);
                self.s.free_roads = 2.min(self.road_building_pieces());
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
                self.monopoly(p, r, sink);
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
                self.pass_turn(sink);
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
    pub fn apply_chance<S: Sink<Event>>(&mut self, o: ChanceOutcome, sink: &mut S) {
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

    pub(super) fn roll<S: Sink<Event>>(&mut self, d1: u8, d2: u8, sink: &mut S) {
        let p = PlayerId(self.s.current);
        sink.event(&Event::Roll { player: p, d1, d2 });
        self.s.rolled = true;
        let n = d1 + d2;
        self.s.last_roll = n;
        if n == 7 {
            self.seven(sink);
        } else {
            self.before_production(n, sink);
            self.produce(n, sink);
            self.after_production(n, sink);
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
    pub(super) fn next_bonus(&mut self) {
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
    pub(super) fn produce<S: Sink<Event>>(&mut self, n: u8, sink: &mut S) {
        let hexes = game::producing_hexes(self, n);
        // One pass over the producing hexes' corners: what each seat is owed of each resource,
        // the total owed, and which seats are owed it (a bit per seat).
        let mut want = [[0u8; MAX_PLAYERS]; 5];
        let mut total = [0u8; 5];
        let mut owed = [0u8; 5];
        let mut any = 0u8;
        for h in hexes.iter() {
            let Some(r) = self.layout.terrain[h].resource() else {
                continue;
            };
            let ri = r.idx();
            for c in self.topo.hex_corners[h] {
                let o = self.s.corner_owner[c.idx()];
                if o != 0 {
                    let q = ((o & 0x0f) - 1) as usize;
                    let amount = 1 + (o >> 4);
                    want[ri][q] += amount;
                    total[ri] += amount;
                    owed[ri] |= 1 << q;
                    any |= 1 << ri;
                }
            }
        }
        // Resources in order, then seats in order (the order of the events).
        while any != 0 {
            let ri = any.trailing_zeros() as usize;
            any &= any - 1;
            let r = Resource::from_idx(ri);
            if total[ri] > self.s.bank[ri] && owed[ri].count_ones() > 1 {
                sink.event(&Event::Shortage {
                    resource: r,
                    wanted: total[ri],
                });
                continue;
            }
            let mut seats = owed[ri];
            while seats != 0 {
                let q = seats.trailing_zeros() as usize;
                seats &= seats - 1;
                let amount = want[ri][q].min(self.s.bank[ri]);
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

    pub(super) fn start_turn<S: Sink<Event>>(&mut self, sink: &mut S) {
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

    pub(super) fn check_end<S: Sink<Event>>(&mut self, sink: &mut S) {
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

    pub(super) fn play_card<S: Sink<Event>>(&mut self, p: PlayerId, card: DevCard, sink: &mut S) {
        self.s.players[p.idx()].dev[card.idx()] -= 1;
        self.s.played[card.idx()] += 1;
        self.s.dev_played = true;
        sink.event(&Event::DevPlayed { player: p, card });
    }

    /// Set-up: the next seat in snake order places, or the first turn starts.
    pub(super) fn next_setup<S: Sink<Event>>(&mut self, sink: &mut S) {
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

    pub(super) fn place_settlement<S: Sink<Event>>(
        &mut self,
        p: PlayerId,
        c: CornerId,
        free: bool,
        sink: &mut S,
    ) {
        self.occupy_corner(p, c);
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

    pub(super) fn place_road<S: Sink<Event>>(
        &mut self,
        p: PlayerId,
        e: EdgeId,
        free: bool,
        sink: &mut S,
    ) {
        self.lay_road(p, e);
        sink.event(&Event::Build {
            player: p,
            piece: Piece::Road,
            at: e.0,
            free,
        });
        self.after_road(p, e, sink);
    }
}
