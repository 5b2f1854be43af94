//! Variant hooks: every point where a variant departs from the base rules' flow.
//!
//! Variant hooks: every point where a variant departs from the base rules' flow, each dispatched on
//! the variant here and only here.
//!
//! The base rules (`rules`, `apply`, `modifiers`, `invariants`) call these hooks by name; what a
//! variant does at each is in its own module (`robert`, `solitaire`, `raiders`), which builds on
//! `game` and `awards` and never calls back up. Actions and chance phases only one variant has
//! (Robert's flips, Solitaire's dice, Raiders' ships and raiders) go from `rules` and `apply`
//! straight to that variant's module; a new game's set-up (`Game::new`) and the turn's
//! resumption (`Game::resume_turn`) are in `game`, where the variant modules reach them. A
//! fourth variant adds its arms here.

use super::bits::{CornerSet, EdgeSet};
use super::game::{ActionList, Game};
use super::ids::*;
use super::raiders;
use super::robert;
use super::solitaire;
use super::state::*;
use super::variant::Variant;
use super::Sink;

impl Game<'_> {
    /// The action that goes on to the dice before the roll: letting Robert move in Robert
    /// (except on the turns he rests, see `robert_skip`), rolling otherwise.
    #[inline]
    pub fn roll_action(&self) -> Action {
        match self.rules.variant {
            Variant::Robert(_) if robert::moves_this_turn(self) => Action::RobertMoves,
            _ => Action::Roll,
        }
    }

    /// A knight may be played now: base and Robert always (with one in hand), Raiders when a
    /// raider stands on a land hex, Solitaire only under `knight_play = "move-robber"` (by
    /// default its knights only cancel sevens).
    pub fn knight_playable(&self) -> bool {
        self.can_play(DevCard::Knight)
            && match self.rules.variant {
                Variant::Base | Variant::Robert(_) => true,
                Variant::Solitaire(_) => solitaire::knights_move_robber(self),
                Variant::Raiders(_) => !raiders::removal_targets(self).is_empty(),
            }
    }

    /// A knight may be played in the main phase: as [`Game::knight_playable`], never in Robert
    /// (its soldiers come before the roll only).
    #[inline]
    pub(super) fn main_knight_playable(&self) -> bool {
        !matches!(self.rules.variant, Variant::Robert(_)) && self.knight_playable()
    }

    /// Whether a development card can be bought (the deck, or for Robert its reshuffle, has one).
    pub fn deck_available(&self) -> bool {
        self.deck_has_cards()
            || (self.rules.variant.cooperative() && robert::reshuffle_size(self) > 0)
    }

    /// After a knight is played and counted toward largest army: the robber moves (the base
    /// game; Solitaire under `knight_play = "move-robber"`), Robert's soldier, or Raiders' soldier
    /// takes a raider off.
    #[inline]
    pub(super) fn after_knight<S: Sink<Event>>(&mut self, sink: &mut S) {
        match self.rules.variant {
            Variant::Base => self.s.phase = Phase::MoveRobber,
            Variant::Robert(_) => robert::soldier(self, sink),
            Variant::Raiders(_) => self.s.phase = Phase::RemoveRaider,
            // Offered only under `knight_play = "move-robber"`.
            Variant::Solitaire(_) => self.s.phase = Phase::MoveRobber,
        }
    }

    /// Where the robber may go: every other land hex with each victim there (the base game), or
    /// Solitaire's knight targets (nobody to rob).
    #[inline]
    pub(super) fn robber_actions(&self, out: &mut ActionList) {
        if matches!(self.rules.variant, Variant::Solitaire(_)) {
            for h in solitaire::knight_targets(self).iter() {
                out.push(Action::MoveRobber {
                    hex: HexId(h as u8),
                    victim: NO_PLAYER,
                });
            }
        } else {
            let s = &self.s;
            let victims = self.robber_victims();
            let seats = self.seats_by_hex();
            for h in self.topo.land_hexes.iter() {
                if h == s.robber.idx() {
                    continue;
                }
                let mut on = seats[h] & victims;
                if on == 0 {
                    out.push(Action::MoveRobber {
                        hex: HexId(h as u8),
                        victim: NO_PLAYER,
                    });
                }
                while on != 0 {
                    let q = on.trailing_zeros() as u8;
                    on &= on - 1;
                    out.push(Action::MoveRobber {
                        hex: HexId(h as u8),
                        victim: q,
                    });
                }
            }
        }
    }

    /// The robber moves to `hex` robbing `victim`: the base game's steal, or Solitaire's knight
    /// move (nobody robbed; leaving a tile rolls the destruction die).
    #[inline]
    pub(super) fn move_robber<S: Sink<Event>>(
        &mut self,
        p: PlayerId,
        hex: HexId,
        victim: u8,
        sink: &mut S,
    ) {
        if matches!(self.rules.variant, Variant::Solitaire(_)) {
            solitaire::knight_moves_robber(self, hex, sink);
            return;
        }
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

    /// A seven was rolled: hands over the limit discard half (the base game, Robert, Raiders),
    /// or Solitaire's own procedure starts.
    #[inline]
    pub(super) fn seven<S: Sink<Event>>(&mut self, sink: &mut S) {
        if matches!(self.rules.variant, Variant::Solitaire(_)) {
            // Knight cancel first, then the procedure in the seed's order.
            solitaire::seven(self, sink);
        } else {
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
        }
    }

    /// After a seven's discards (or none owed): the base game's robber move, Robert's flips,
    /// Solitaire's lost card and second roll, Raiders' choice of a player to rob.
    pub(super) fn after_discards<S: Sink<Event>>(&mut self, sink: &mut S) {
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

    /// Seat `p` plays a monopoly on `r`: it takes every card of `r` from the others (the base
    /// game, Raiders, Robert under `monopoly = "take"`), Robert's flips face-down tokens up, or
    /// Solitaire's takes half a die from the bank.
    #[inline]
    pub(super) fn monopoly<S: Sink<Event>>(&mut self, p: PlayerId, r: Resource, sink: &mut S) {
        match self.rules.variant {
            Variant::Robert(_) if !robert::monopoly_takes(self) => {
                robert::monopoly(self, p, r, sink)
            }
            Variant::Base | Variant::Raiders(_) | Variant::Robert(_) => {
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
            Variant::Solitaire(_) => solitaire::monopoly(self, r),
        }
    }

    /// Whether the set-up settlement just placed pays a resource per producing hex: the second
    /// one (Solitaire: both).
    #[inline]
    pub(super) fn setup_settlement_pays(&self) -> bool {
        self.s.setup_step >= self.s.n_players || matches!(self.rules.variant, Variant::Solitaire(_))
    }

    /// After a set-up settlement (before its resources): Raiders' jungle discoveries for the
    /// second one.
    #[inline]
    pub(super) fn after_setup_settlement<S: Sink<Event>>(
        &mut self,
        p: PlayerId,
        c: CornerId,
        sink: &mut S,
    ) {
        if self.is_raiders() && self.s.setup_step >= self.s.n_players {
            raiders::setup_discoveries(self, p, c, sink);
        }
    }

    /// After a settlement (`settler`: its builder, whose trade routes may change; the other
    /// seats' were measured when it was placed) or city (`None`) is built, or placed in set-up:
    /// Raiders' takeovers and freed buildings.
    #[inline]
    pub(super) fn after_build<S: Sink<Event>>(
        &mut self,
        settler: Option<PlayerId>,
        setup: bool,
        sink: &mut S,
    ) {
        if self.is_raiders() {
            let moved = settler.map_or(0, |p| 1 << p.0);
            raiders::after_build(self, moved, setup, sink);
        }
    }

    /// Pays for a development card: the base price, or Raiders' price (discoveries may stand in).
    #[inline]
    pub(super) fn pay_for_dev<S: Sink<Event>>(&mut self, p: PlayerId, sink: &mut S) {
        if self.is_raiders() {
            raiders::pay_dev(self, p, sink);
        } else {
            self.pay(p, &DEV_COST);
        }
    }

    /// Whether seat `p` can pay for a development card.
    #[inline]
    pub(super) fn afford_dev(&self, p: PlayerId) -> bool {
        if self.is_raiders() {
            raiders::afford_dev(self, p)
        } else {
            self.afford(&DEV_COST)
        }
    }

    /// Pieces a road-building card can place for the current player: roads, and Raiders' ships.
    #[inline]
    pub(super) fn road_building_pieces(&self) -> u8 {
        let me = self.s.cur();
        if self.is_raiders() {
            me.roads_left + me.ships_left
        } else {
            me.roads_left
        }
    }

    /// Hands the turn on after `EndTurn`: to the next player, or (Raiders with 5-6 players) to
    /// the others' special building phase first.
    #[inline]
    pub(super) fn pass_turn<S: Sink<Event>>(&mut self, sink: &mut S) {
        if self.is_raiders() && self.s.n_players >= 5 {
            self.s.raiders.turn_owner = self.s.current;
            self.s.current = (self.s.current + 1) % self.s.n_players;
            self.s.phase = Phase::SpecialBuild;
        } else {
            self.s.current = (self.s.current + 1) % self.s.n_players;
            self.start_turn(sink);
        }
    }

    /// Before the production of roll `n`: Raiders' storm.
    #[inline]
    pub(super) fn before_production<S: Sink<Event>>(&mut self, n: u8, sink: &mut S) {
        if self.is_raiders() {
            raiders::storm_roll(self, n, sink);
        }
    }

    /// After the production of roll `n`: Raiders' raiders and volcano.
    #[inline]
    pub(super) fn after_production<S: Sink<Event>>(&mut self, n: u8, sink: &mut S) {
        if self.is_raiders() {
            raiders::after_production(self, n, sink);
        }
    }

    /// After a road is placed by seat `p`: the longest road, or Raiders' trade routes and
    /// out-of-play roads.
    #[inline]
    pub(super) fn after_road<S: Sink<Event>>(&mut self, p: PlayerId, e: EdgeId, sink: &mut S) {
        if self.is_raiders() {
            // A road between two raider-covered hexes is out of play from the start.
            raiders::refresh_routes(self, 1 << p.0, sink);
            return;
        }
        // A new road only lengthens trails through it: the other parts of the network keep
        // their lengths, so only the part containing the new road is measured.
        let len = self.base_road_length_with(p, e.idx());
        self.s.players[p.idx()].road_length = len;
        self.update_longest_road(sink);
    }

    /// After pieces were removed (an eruption): Raiders recomputes routes, takeovers and VP.
    #[inline]
    pub(crate) fn after_removal<S: Sink<Event>>(&mut self, sink: &mut S) {
        if self.is_raiders() {
            raiders::refresh(self, sink);
        }
    }

    /// VP a building loses per level when struck: 1, or 0 in Raiders (which recomputes VP).
    #[inline]
    pub(crate) fn strike_vp_step(&self) -> u8 {
        u8::from(!self.is_raiders())
    }

    /// A volcano hex's die: Raiders' eruption on the corner the die picks (no volcano tile
    /// does anything in the other variants).
    #[inline]
    pub(crate) fn volcano_die<S: Sink<Event>>(&mut self, h: HexId, die: u8, sink: &mut S) {
        if self.is_raiders() {
            raiders::volcano_die(self, h, die, sink);
        }
    }

    /// Free edges where seat `p` may build a road.
    #[inline]
    pub fn road_spots(&self, p: PlayerId) -> EdgeSet {
        if self.is_raiders() {
            raiders::road_spots(self, p)
        } else {
            self.base_road_spots(p)
        }
    }

    /// Edges where seat `p` may build a ship (none outside Raiders, or without ships left).
    #[inline]
    pub(super) fn ship_spots(&self, p: PlayerId) -> EdgeSet {
        if self.is_raiders() && self.s.player(p).ships_left > 0 {
            raiders::ship_spots(self, p)
        } else {
            EdgeSet::EMPTY
        }
    }

    /// Corners open to a set-up settlement.
    #[inline]
    pub(super) fn setup_corners(&self) -> CornerSet {
        if self.is_raiders() {
            raiders::setup_corners(self)
        } else {
            self.topo.land_corners.minus(self.s.blocked)
        }
    }

    /// The set-up road (or ship) actions after the last settlement.
    #[inline]
    pub(super) fn setup_edge_actions(&self, out: &mut ActionList) {
        if self.is_raiders() {
            raiders::setup_edge_actions(self, out);
        } else {
            let spots = self.topo.corner_edge_set[self.s.last_settlement.idx()]
                .intersect(self.topo.land_edges)
                .minus(self.s.roads);
            for e in spots.iter() {
                out.push(Action::BuildRoad(EdgeId(e as u8)));
            }
        }
    }

    /// A variant's own main-phase actions (Raiders: ships, moving ships, soldiers on raiders).
    #[inline]
    pub(super) fn variant_main_actions(&self, out: &mut ActionList) {
        if self.is_raiders() {
            raiders::main_actions(self, out);
        }
    }

    /// Seat `p`'s longest road (Raiders: its longest trade route).
    #[inline]
    pub fn road_length(&self, p: PlayerId) -> u8 {
        if self.is_raiders() {
            raiders::route_length(self, p)
        } else {
            self.base_road_length(p)
        }
    }

    /// [`Game::road_length`] by exhaustive search, for the invariant checks.
    #[doc(hidden)]
    pub fn road_length_brute(&self, p: PlayerId) -> u8 {
        if self.is_raiders() {
            raiders::route_length_brute(self, p)
        } else {
            self.base_road_length_brute(p)
        }
    }

    /// The variant's own invariants on pieces and networks.
    pub(super) fn network_invariants(&self) -> Result<(), String> {
        if self.is_raiders() {
            raiders::check(self)
        } else {
            self.base_network_invariants()
        }
    }
}
