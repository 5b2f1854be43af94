//! What greedy and team build next, and the per-seat memo of their searches.
//!
//! What greedy and team build next (build kinds and their targets) and the per-seat memo of their
//! spot and road searches.

use super::cards::{affords, year_of_plenty_for};
use super::spots::{best_city, best_spot, production, road_toward};
use crate::catan::*;

/// The road to lay during road building: toward the best spot, else any legal one.
pub(crate) fn free_road(g: &Game, p: PlayerId, memo: &mut Memo) -> Action {
    if let (_, Some(e)) = memo.spot_road(g, p) {
        return Action::BuildRoad(e);
    }
    let e = g
        .road_spots(p)
        .iter()
        .next()
        .expect("road building with a free edge");
    Action::BuildRoad(EdgeId(e as u8))
}

/// What a greedy seat builds next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Target {
    City(CornerId),
    Settlement(CornerId),
    Road(EdgeId),
    Dev,
}

impl Target {
    pub(crate) fn action(self) -> Action {
        match self {
            Target::City(c) => Action::BuildCity(c),
            Target::Settlement(c) => Action::BuildSettlement(c),
            Target::Road(e) => Action::BuildRoad(e),
            Target::Dev => Action::BuyDev,
        }
    }
}

/// A kind of build before its place is chosen: cheap to list, resolved to a [`Target`] only when
/// the player can pay for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BuildKind {
    City,
    Settlement,
    Road,
    Dev,
}

impl BuildKind {
    pub(crate) fn cost(self) -> Hand {
        match self {
            BuildKind::City => CITY_COST,
            BuildKind::Settlement => SETTLEMENT_COST,
            BuildKind::Road => ROAD_COST,
            BuildKind::Dev => DEV_COST,
        }
    }
}

/// The kinds of build open to seat `p`, in greedy priority order: city, settlement, road (only
/// when no spot is open; it may still find no spot to lead to), development card.
pub(crate) fn kinds(g: &Game, p: PlayerId) -> [Option<BuildKind>; 4] {
    let me = g.s.player(p);
    let city = (me.cities_left > 0 && !me.buildings.minus(me.cities).is_empty())
        .then_some(BuildKind::City);
    let open = me.settlements_left > 0 && !g.settlement_spots(p).is_empty();
    let settle = open.then_some(BuildKind::Settlement);
    let road = (!open && me.settlements_left > 0 && me.roads_left > 0).then_some(BuildKind::Road);
    let dev = g.deck_available().then_some(BuildKind::Dev);
    [city, settle, road, dev]
}

/// Year of plenty toward the first of `kinds` when the hand cannot pay for it yet (see
/// [`year_of_plenty_for`]; topped up with the seat's scarcest live production).
pub(crate) fn year_of_plenty_toward(
    g: &Game,
    p: PlayerId,
    kinds: &[Option<BuildKind>; 4],
) -> Option<Action> {
    let me = g.s.player(p);
    let c = kinds.iter().flatten().next()?.cost();
    if affords(&me.hand, &c) {
        return None;
    }
    let prod = production(g, p, true);
    year_of_plenty_for(g, &me.hand, &c, &prod)
}

/// A fingerprint of everything the memo and the stuck test read: buildings, roads, cities,
/// face-down tokens, the robber, the deck and the played pile.
pub(crate) fn board_key(g: &Game) -> u64 {
    let s = &g.s;
    let mut k = Fingerprint(0xcbf2_9ce4_8422_2325);
    k.set(&s.occupied);
    k.set(&s.roads);
    k.set(&s.face_down);
    let mut small = s.robber.0 as u64;
    for p in &s.players[..s.n_players as usize] {
        small = small * 8 + p.cities_left as u64;
    }
    k.mix(small);
    let d = s.deck;
    k.mix(u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], 0, 0, 0]));
    let d = s.played;
    k.mix(u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], 0, 0, 0]));
    k.0
}

/// A running hash of what a memo reads (bitsets and small counts), for its keys.
pub(crate) struct Fingerprint(pub(crate) u64);

impl Fingerprint {
    #[inline(always)]
    pub(crate) fn mix(&mut self, x: u64) {
        self.0 = (self.0 ^ x)
            .wrapping_mul(0x0000_0100_0000_01b3)
            .rotate_left(23);
    }

    #[inline(always)]
    pub(crate) fn set<const W: usize>(&mut self, b: &Bits<W>) {
        b.0.iter().for_each(|&w| self.mix(w));
    }
}

/// Per-seat memo of the expensive evaluations (settlement spot and road search), so that the
/// many decisions of a turn, and the turns in which the seat's surroundings do not change, do
/// not redo them. A seat's entry is kept while the buildings on the board and the seat's own
/// roads are unchanged, and while its answer is still legal (spot still open, road edge still
/// free); other seats' roads and flipped tokens only shift the scores a little. Fixed size,
/// `Copy`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memo {
    keys: [u64; MAX_PLAYERS],
    /// What each seat's key was hashed from (the buildings on the board, the seat's roads):
    /// the same inputs give the same key without hashing them again.
    hashed: [(CornerSet, EdgeSet); MAX_PLAYERS],
    spot: [Option<CornerId>; MAX_PLAYERS],
    road: [Option<EdgeId>; MAX_PLAYERS],
    stuck_key: u64,
    /// Cached answer of the team's stuck test: 0 unknown, 1 no, 2 yes.
    stuck: u8,
    /// The team's road searches for a boxed-in seat ([`RoadSearch`]), per seat and search:
    /// the [`road_key`] and the question's argument they were asked on, and the answer.
    roads: [[(u64, u8, u16); 2]; MAX_PLAYERS],
}

/// The two road searches of the team's endgame, memoised per seat by [`Memo::road_search`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoadSearch {
    /// The longest road the seat can have after at most N more roads.
    Reach = 0,
    /// The road that lengthens the seat's longest trail, looking N roads ahead.
    Chase = 1,
}

/// A fingerprint of everything a seat's road searches read: every building and road on the
/// board, the seat's own buildings and roads (which fix who owns the rest, since pieces never
/// move) and the road pieces it has left. Never 0.
pub(crate) fn road_key(g: &Game, p: PlayerId) -> u64 {
    let me = g.s.player(p);
    let mut k = Fingerprint(0x2545_f491_4f6c_dd1d);
    k.set(&g.s.occupied);
    k.set(&g.s.roads);
    k.set(&me.buildings);
    k.set(&me.roads);
    k.mix(me.roads_left as u64);
    k.0 | 1
}

impl Memo {
    /// The best open settlement spot of seat `p` and, when there is none, the first road toward
    /// the best reachable one.
    pub(crate) fn spot_road(
        &mut self,
        g: &Game,
        p: PlayerId,
    ) -> (Option<CornerId>, Option<EdgeId>) {
        let i = p.idx();
        let inputs = (g.s.occupied, g.s.player(p).roads);
        let k = if self.keys[i] != 0 && inputs == self.hashed[i] {
            self.keys[i]
        } else {
            // Never 0, so that a fresh memo always computes.
            let mut k = Fingerprint(0x9e37_79b9_7f4a_7c15);
            k.set(&inputs.0);
            k.set(&inputs.1);
            self.hashed[i] = inputs;
            k.0 | 1
        };
        let stale = match (self.spot[i], self.road[i]) {
            (Some(c), _) => !g.settlement_spots(p).contains(c.idx()),
            (None, Some(e)) => g.s.roads.contains(e.idx()),
            (None, None) => false,
        };
        if k != self.keys[i] || stale {
            self.keys[i] = k;
            let prod = production(g, p, true);
            let spot = best_spot(g, p, &prod);
            self.spot[i] = spot;
            self.road[i] = if spot.is_none() {
                road_toward(g, p, &prod)
            } else {
                None
            };
        }
        (self.spot[i], self.road[i])
    }

    /// Where seat `p` would build a `kind` now, if anywhere.
    pub(crate) fn resolve(&mut self, g: &Game, p: PlayerId, kind: BuildKind) -> Option<Target> {
        match kind {
            BuildKind::City => best_city(g, p).map(Target::City),
            BuildKind::Settlement => self.spot_road(g, p).0.map(Target::Settlement),
            BuildKind::Road => self.spot_road(g, p).1.map(Target::Road),
            BuildKind::Dev => Some(Target::Dev),
        }
    }

    /// `search()`'s answer for seat `p`, memoised on the seat's [`road_key`] and `arg`:
    /// the team's road searches clone the state for every road they try, and a boxed-in seat
    /// asks the same question at every decision (and, for the stuck test, every time Robert
    /// moves) while its roads and the buildings around them stay the same.
    pub(crate) fn road_search(
        &mut self,
        g: &Game,
        p: PlayerId,
        which: RoadSearch,
        arg: u8,
        search: impl FnOnce() -> u16,
    ) -> u16 {
        let k = road_key(g, p);
        let slot = &mut self.roads[p.idx()][which as usize];
        if slot.0 != k || slot.1 != arg {
            *slot = (k, arg, search());
        }
        slot.2
    }

    /// `test()` memoised on the whole board, deck and played pile ([`board_key`]).
    pub(crate) fn stuck(&mut self, g: &Game, test: impl FnOnce(&mut Memo) -> bool) -> bool {
        let k = board_key(g);
        if k != self.stuck_key || self.stuck == 0 {
            self.stuck_key = k;
            self.stuck = 1 + test(self) as u8;
        }
        self.stuck == 2
    }
}

#[cfg(test)]
mod tests {
    //! The memo on spots.rs's constructed boards: seat 0's settlement on X, the top of the hills
    //! 6 at (0, -1), whose best road leads by edge 5 to corner 4 of the hills (see
    //! `spots::tests`).
    use super::*;
    use crate::catan::policy::spots::tests::{corner, edge, topo, with_x, P0};

    #[test]
    fn spot_road_recomputes_when_the_buildings_or_own_roads_change_and_not_otherwise() {
        let t = topo();
        let mut g = with_x(&t);
        let mut memo = Memo::default();
        assert_eq!(memo.spot_road(&g, P0), (None, Some(edge(&t, 0, -1, 5))));
        // Seat 1's road from corner 5 to corner 4 cuts that way; a fresh search goes by edge 0
        // (to the corner above the pasture 4), but another seat's road is not in the key and
        // edge 5 is still free: the memo keeps its answer.
        g.put_road(PlayerId(1), edge(&t, 0, -1, 4));
        assert_eq!(
            Memo::default().spot_road(&g, P0),
            (None, Some(edge(&t, 0, -1, 0)))
        );
        assert_eq!(memo.spot_road(&g, P0), (None, Some(edge(&t, 0, -1, 5))));
        // A building anywhere is in the key: the memo searches again.
        g.put_settlement(PlayerId(2), corner(&t, 2, 0, 3));
        assert_eq!(memo.spot_road(&g, P0), (None, Some(edge(&t, 0, -1, 0))));
        // Seat 0's own roads are too: two roads round the hills open corner 2 of it (8 pips).
        g.put_road(P0, edge(&t, 0, -1, 0));
        g.put_road(P0, edge(&t, 0, -1, 1));
        assert_eq!(memo.spot_road(&g, P0), (Some(corner(&t, 0, -1, 2)), None));
        assert_eq!(
            memo.resolve(&g, P0, BuildKind::Settlement),
            Some(Target::Settlement(corner(&t, 0, -1, 2)))
        );
        assert_eq!(memo.resolve(&g, P0, BuildKind::Road), None);
        assert_eq!(
            memo.resolve(&g, P0, BuildKind::City),
            Some(Target::City(corner(&t, 0, -1, 0)))
        );
        assert_eq!(memo.resolve(&g, P0, BuildKind::Dev), Some(Target::Dev));
    }

    #[test]
    fn spot_road_recomputes_when_its_answer_is_taken() {
        let t = topo();
        let g = with_x(&t);
        let mut memo = Memo::default();
        assert_eq!(memo.spot_road(&g, P0).1, Some(edge(&t, 0, -1, 5)));
        // Seat 1 takes edge 5 itself: the answer is no longer legal, so it is searched again
        // (edge 0 now; corner 4 is out of reach).
        let mut g2 = g.clone();
        g2.put_road(PlayerId(1), edge(&t, 0, -1, 5));
        assert_eq!(memo.spot_road(&g2, P0).1, Some(edge(&t, 0, -1, 0)));
        // Back on the first board the key matches again, but the stored answer (edge 0) is
        // still legal there, so it is kept; a fresh memo would say edge 5.
        assert_eq!(memo.spot_road(&g, P0).1, Some(edge(&t, 0, -1, 0)));
        assert_eq!(
            Memo::default().spot_road(&g, P0).1,
            Some(edge(&t, 0, -1, 5))
        );
    }

    #[test]
    fn board_key_reads_the_deck_the_played_pile_and_the_robber_not_hands() {
        let t = topo();
        let g = with_x(&t);
        let k = board_key(&g);
        assert_eq!(board_key(&g.clone()), k);
        let mut h = g.clone();
        h.s.players[0].hand = ROAD_COST;
        assert_eq!(board_key(&h), k, "hands are not read");
        let mut h = g.clone();
        h.s.deck[DevCard::Knight.idx()] -= 1;
        let k_deck = board_key(&h);
        assert_ne!(k_deck, k, "the deck is read");
        h.s.played[DevCard::Knight.idx()] += 1;
        assert_ne!(board_key(&h), k_deck, "the played pile is read");
        let mut h = g.clone();
        h.set_robber(HexId(0));
        assert_ne!(board_key(&h), k, "the robber is read");
    }

    #[test]
    fn stuck_runs_its_test_once_per_board() {
        let t = topo();
        let mut g = with_x(&t);
        let mut memo = Memo::default();
        let mut runs = 0;
        for _ in 0..3 {
            assert!(memo.stuck(&g, |_| {
                runs += 1;
                true
            }));
        }
        assert_eq!(runs, 1);
        g.s.deck[DevCard::Knight.idx()] -= 1;
        assert!(!memo.stuck(&g, |_| {
            runs += 1;
            false
        }));
        assert_eq!(runs, 2);
    }

    #[test]
    fn kinds_list_city_settlement_road_dev_in_order() {
        let t = topo();
        let mut g = with_x(&t);
        // Nothing open to settle: road, not settlement; the settlement can become a city.
        assert_eq!(
            kinds(&g, P0),
            [
                Some(BuildKind::City),
                None,
                Some(BuildKind::Road),
                Some(BuildKind::Dev)
            ]
        );
        g.put_road(P0, edge(&t, 0, -1, 0));
        g.put_road(P0, edge(&t, 0, -1, 1));
        assert_eq!(
            kinds(&g, P0),
            [
                Some(BuildKind::City),
                Some(BuildKind::Settlement),
                None,
                Some(BuildKind::Dev)
            ]
        );
        assert_eq!(BuildKind::City.cost(), CITY_COST);
    }
}
