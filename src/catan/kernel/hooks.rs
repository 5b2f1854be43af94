//! Variant hooks: every point where a variant departs from the base rules' flow, each dispatched on the variant here and only here.
//!
//! The base rules (rules, apply, awards, modifiers, invariants) call these hooks by name; what
//! a variant does at each is in its own module (`raiders`, and the Robert and Solitaire calls
//! made from the phase machine). A fourth variant adds its arms here.

use super::bits::{CornerSet, EdgeSet};
use super::game::{ActionList, Game};
use super::ids::*;
use super::raiders;
use super::state::*;
use super::Sink;

impl Game<'_> {
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

    /// After a settlement or city is built (or placed in set-up): Raiders' takeovers and
    /// freed buildings.
    #[inline]
    pub(super) fn after_build<S: Sink<Event>>(&mut self, setup: bool, sink: &mut S) {
        if self.is_raiders() {
            raiders::after_build(self, setup, sink);
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
            raiders::refresh(self, sink);
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
