//! The set-up API for constructed positions.
//!
//! The set-up API for constructed positions (rule tests, examples, analysis): pieces, cards, the
//! robber and the turn put in place as the state keeps them, with no cost, legality check, event or
//! award.
//!
//! Each call keeps the state's derived sets consistent (occupied and blocked corners, road
//! networks, harbors, VP, road lengths), so [`Game::check_invariants`] holds after it. Awards
//! (longest road, largest army) are left as they are: a test that wants one plays the action.

use super::bits::HexSet;
use super::game::Game;
use super::ids::*;
use super::state::*;

impl Game<'_> {
    /// Puts a settlement of seat `p` on the empty corner `c` (no cost, no distance check).
    ///
    /// # Panics
    /// The corner is taken or the seat has no settlement left.
    pub fn put_settlement(&mut self, p: PlayerId, c: CornerId) {
        assert_eq!(self.s.corner_owner[c.idx()], 0, "corner {c:?} taken");
        self.occupy_corner(p, c);
        self.refresh_road_lengths();
    }

    /// A settlement of seat `p` on corner `c` as the state keeps it (owner, occupied and
    /// blocked corners, network, stock, harbors, VP): what building one and putting one share.
    #[inline]
    pub(super) fn occupy_corner(&mut self, p: PlayerId, c: CornerId) {
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
    }

    /// Puts a city of seat `p` on `c`, placing the settlement first if the corner is empty.
    ///
    /// # Panics
    /// Another seat holds the corner.
    pub fn put_city(&mut self, p: PlayerId, c: CornerId) {
        if self.s.corner_owner[c.idx()] == 0 {
            self.put_settlement(p, c);
        }
        assert_eq!(
            self.s.corner_owner[c.idx()],
            p.0 + 1,
            "corner {c:?} not seat {p:?}'s"
        );
        self.upgrade_to_city(p, c);
    }

    /// Seat `p`'s settlement on `c` becomes a city as the state keeps it.
    #[inline]
    pub(super) fn upgrade_to_city(&mut self, p: PlayerId, c: CornerId) {
        let me = &mut self.s.players[p.idx()];
        me.cities.insert(c.idx());
        me.cities_left -= 1;
        me.settlements_left += 1;
        me.vp += 1;
        self.s.corner_owner[c.idx()] |= CITY_FLAG;
    }

    /// Puts a road of seat `p` on the free edge `e` (no cost, no connectivity check).
    ///
    /// # Panics
    /// The edge is taken.
    pub fn put_road(&mut self, p: PlayerId, e: EdgeId) {
        self.put_road_unmeasured(p, e);
        self.refresh_road_lengths();
    }

    /// Puts a road of seat `p` on the free edge `e` like [`Game::put_road`], but leaves every
    /// road length as it was: for a search over several roads that measures
    /// [`Game::road_length`] only where it stops.
    ///
    /// # Panics
    /// The edge is taken.
    pub fn put_road_unmeasured(&mut self, p: PlayerId, e: EdgeId) {
        assert_eq!(self.s.edge_owner[e.idx()], 0, "edge {e:?} taken");
        self.lay_road(p, e);
    }

    /// A road of seat `p` on edge `e` as the state keeps it (owner, network, stock).
    #[inline]
    pub(super) fn lay_road(&mut self, p: PlayerId, e: EdgeId) {
        let s = &mut self.s;
        s.edge_owner[e.idx()] = p.0 + 1;
        s.roads.insert(e.idx());
        let me = &mut s.players[p.idx()];
        me.roads.insert(e.idx());
        me.roads_left -= 1;
        for c in self.topo.edge_corners[e.idx()] {
            me.net.insert(c.idx());
        }
    }

    /// Recomputes every seat's road length (the longest-road card stays where it is).
    pub fn refresh_road_lengths(&mut self) {
        for q in 0..self.s.n_players {
            self.s.players[q as usize].road_length = self.road_length(PlayerId(q));
        }
    }

    /// Moves `hand` from the bank to seat `p`.
    ///
    /// # Panics
    /// The bank lacks a card.
    pub fn give(&mut self, p: PlayerId, hand: Hand) {
        for (i, &n) in hand.iter().enumerate() {
            self.s.bank[i] -= n;
            self.s.players[p.idx()].hand[i] += n;
        }
    }

    /// Moves `n` development cards `card` from the deck into seat `p`'s playable hand (a VP
    /// card counts its VP at once).
    ///
    /// # Panics
    /// The deck lacks them.
    pub fn give_dev(&mut self, p: PlayerId, card: DevCard, n: u8) {
        self.s.deck[card.idx()] -= n;
        let me = &mut self.s.players[p.idx()];
        me.dev[card.idx()] += n;
        if card == DevCard::VictoryPoint {
            me.vp += n;
        }
    }

    /// Skips set-up: turn 1 of seat `p`, in `phase` (rolled already when it is `Main`).
    pub fn start_at(&mut self, p: PlayerId, phase: Phase) {
        self.s.setup_step = 2 * self.s.n_players;
        self.s.turn = 1;
        self.s.current = p.0;
        self.s.phase = phase;
        self.s.rolled = matches!(phase, Phase::Main);
        self.s.dev_played = false;
    }

    /// Moves the robber (Robert, in the co-operative variant) to hex `h`.
    pub fn set_robber(&mut self, h: HexId) {
        self.s.robber = h;
    }

    /// Turns exactly the tokens of `hexes` face down (Robert).
    pub fn set_face_down(&mut self, hexes: HexSet) {
        self.s.face_down = hexes;
    }

    /// Marks exactly `hexes` destroyed (Solitaire).
    pub fn set_destroyed(&mut self, hexes: HexSet) {
        self.s.destroyed = hexes;
    }
}
