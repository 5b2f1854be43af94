//! Longest road, largest army and victory points recomputed from the board.

use super::bits::EdgeSet;
use super::game::Game;
use super::ids::*;
use super::state::*;
use super::topology::NONE;

impl Game<'_> {
    /// Length of seat `p`'s longest trail of roads (each road once), not passing through a
    /// corner occupied by another player's building.
    pub(super) fn base_road_length(&self, p: PlayerId) -> u8 {
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

    /// Seat `p`'s longest trail just after it laid road `e`: its length before, or the longest
    /// trail of the part of its network (split at other players' buildings) that holds `e`,
    /// whichever is longer. Equal to [`Game::base_road_length`] at a fraction of the work.
    pub(super) fn base_road_length_with(&self, p: PlayerId, e: usize) -> u8 {
        let me = self.s.player(p);
        let foreign = self.s.occupied.minus(me.buildings);
        // Usually the new road is a leaf: its far corner touches no other road of the seat. A
        // trail through it then ends there, and is one more than the longest way on from its
        // near corner (one sweep), or just 1 when another player's building stands there.
        let [a, b] = self.topo.edge_corners[e];
        let degree = |c: CornerId| self.topo.corner_edge_set[c.idx()].intersect(me.roads).len();
        let near = if degree(b) == 1 {
            Some(a.idx())
        } else if degree(a) == 1 {
            Some(b.idx())
        } else {
            None
        };
        if let Some(x) = near {
            if foreign.contains(x) {
                return me.road_length.max(1);
            }
            let mut rest = me.roads;
            rest.remove(e);
            if let Some((d, _, _, _)) = self.sweep(x, None, rest, foreign) {
                return me.road_length.max(1 + d);
            }
        }
        match self.tree_diameter(e, me.roads, foreign) {
            Some((len, _)) => me.road_length.max(len),
            // A cycle: search only the roads connected to the new one.
            None => {
                let part = self.component(a.idx(), me.roads);
                me.road_length
                    .max(self.road_length_search(part, me.net, foreign))
            }
        }
    }

    /// The diameter of the tree of roads containing edge `e0` (corners held by other players
    /// split the network) and that tree's edges; `None` if the component has a cycle.
    pub(super) fn tree_diameter(
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
    pub(super) fn sweep(
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
    pub(super) fn road_length_search(
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
    pub(super) fn component(&self, c: usize, roads: EdgeSet) -> EdgeSet {
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
    pub(super) fn base_road_length_brute(&self, p: PlayerId) -> u8 {
        let me = self.s.player(p);
        let foreign = self.s.occupied.minus(me.buildings);
        me.net
            .iter()
            .map(|c| self.trail(c, me.roads, foreign, EdgeSet::EMPTY))
            .max()
            .unwrap_or(0)
    }

    pub(super) fn trail(
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
    pub(crate) fn update_longest_road<S: Sink<Event>>(&mut self, sink: &mut S) {
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
    pub(crate) fn update_largest_army<S: Sink<Event>>(&mut self, p: PlayerId, sink: &mut S) {
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
}
