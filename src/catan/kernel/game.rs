//! The game value (`Game`) and the primitives every rule module builds on.
//!
//! The game value (`Game`: its board, rules and state) and the primitives every rule module builds
//! on: the seat to act, paying, the turn's resumption and end, production's hexes, striking a
//! building.
//!
//! The base rules (`rules`, `apply`, `hooks`, `modifiers`) and the variant modules (`robert`,
//! `solitaire`, `raiders`) all build on this module; it imports none of them.

use super::bits::{CornerSet, EdgeSet, HexSet};
use super::ids::*;
use super::layout::Layout;
use super::state::*;
use super::topology::Topology;
use super::variant::{Rules, Variant};
use arrayvec::ArrayVec;

/// Capacity of an action list. The worst phase is `Main`: one road per edge (<= 256), one
/// settlement and one city per corner (<= 2 * 192), 20 bank trades, 15 year-of-plenty pairs,
/// 5 monopolies and 5 others: 685. Robber moves are at most 128 hexes * 6 victims = 768.
pub const MAX_ACTIONS: usize = 1024;
/// A caller-owned buffer of legal actions.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

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
        if let Variant::Raiders(r) = rules.variant {
            s.raiders.pool = r.pool(rules.players);
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
    pub(super) fn can_play(&self, card: DevCard) -> bool {
        !self.s.dev_played && self.s.cur().dev[card.idx()] > 0
    }

    #[inline(always)]
    pub(super) fn afford(&self, cost: &Hand) -> bool {
        let h = &self.s.cur().hand;
        (0..5).all(|i| h[i] >= cost[i])
    }

    /// Free edges where seat `p` may build a road: touching its network at a corner not held by
    /// another player's building.
    pub(super) fn base_road_spots(&self, p: PlayerId) -> EdgeSet {
        let me = self.s.player(p);
        let foreign = self.s.occupied.minus(me.buildings);
        let mut e = EdgeSet::EMPTY;
        for c in me.net.minus(foreign).iter() {
            e = e.union(self.topo.corner_edge_set[c]);
        }
        e.intersect(self.topo.land_edges).minus(self.s.roads)
    }

    /// Corners where seat `p` may build a settlement in the main phase (ignoring cost and stock).
    pub fn settlement_spots(&self, p: PlayerId) -> CornerSet {
        self.s
            .player(p)
            .net
            .intersect(self.topo.land_corners)
            .minus(self.s.blocked)
    }

    /// Whether the deck holds a card (Robert may also buy from an empty deck it can reshuffle:
    /// [`Game::deck_available`]).
    #[inline]
    pub fn deck_has_cards(&self) -> bool {
        self.s.deck.iter().any(|&c| c > 0)
    }

    /// The Raiders of Catan is being played.
    #[inline(always)]
    pub fn is_raiders(&self) -> bool {
        matches!(self.rules.variant, Variant::Raiders(_))
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

    /// The game ends with `outcome`.
    pub(crate) fn finish<S: Sink<Event>>(&mut self, outcome: Outcome, sink: &mut S) {
        self.s.phase = Phase::Over(outcome);
        sink.event(&Event::GameOver {
            outcome,
            turn: self.s.turn,
        });
    }

    /// Seat `p` pays `cost` to the bank.
    pub(super) fn pay(&mut self, p: PlayerId, cost: &Hand) {
        let hand = &mut self.s.players[p.idx()].hand;
        for ((h, b), c) in hand.iter_mut().zip(self.s.bank.iter_mut()).zip(cost) {
            *h -= c;
            *b += c;
        }
    }
}

/// Whether hex `h`, whose number was rolled, produces: it has a resource, it is not blocked
/// (the robber in the base game and Solitaire, a face-down token in Robert, a destroyed tile in
/// Solitaire) and a settlement or city stands on one of its corners (RULINGS §3, docs/rules.md).
pub fn producing_hexes(g: &Game, n: u8) -> HexSet {
    // Raiders: a raided hex is blocked, except on the turn its raider arrived.
    let mut hexes = g.layout.by_number[n as usize]
        .minus(g.s.face_down)
        .minus(g.s.destroyed)
        .minus(g.s.raiders.raided.minus(g.s.raiders.arrived));
    if g.rules.variant.robber_blocks() {
        hexes.remove(g.s.robber.idx());
    }
    hexes
}

/// Strikes the building on corner `c`: a settlement goes back to its owner's stock, a city
/// becomes a settlement, or goes entirely when its owner has no settlement piece left (then a
/// `City` and a `Settlement` removal are reported). The owner loses `vp_step` VP per level;
/// the caller recomputes the distance rule's `blocked` set.
pub(crate) fn strike<S: Sink<Event>>(s: &mut State, c: CornerId, vp_step: u8, sink: &mut S) {
    let o = s.corner_owner[c.idx()];
    let Some(p) = s.owner_at(c) else {
        return;
    };
    let me = &mut s.players[p.idx()];
    let mut removed = |piece| {
        sink.event(&Event::Removed {
            player: p,
            piece,
            at: c.0,
        })
    };
    if o & CITY_FLAG != 0 {
        me.cities.remove(c.idx());
        me.cities_left += 1;
        me.vp -= vp_step;
        removed(Piece::City);
        if me.settlements_left > 0 {
            me.settlements_left -= 1;
            s.corner_owner[c.idx()] = o & !CITY_FLAG;
            return;
        }
    } else {
        me.settlements_left += 1;
    }
    me.buildings.remove(c.idx());
    me.vp -= vp_step;
    s.corner_owner[c.idx()] = 0;
    s.occupied.remove(c.idx());
    removed(Piece::Settlement);
}

/// The corners the distance rule closes: the occupied ones and their neighbours.
pub(crate) fn blocked_by(topo: &Topology, occupied: CornerSet) -> CornerSet {
    let mut blocked = CornerSet::EMPTY;
    for c in occupied.iter() {
        blocked = blocked.union(topo.corner_block[c]);
    }
    blocked
}
