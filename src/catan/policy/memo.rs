//! What greedy and team build next (build kinds and their targets) and the per-seat memo of their spot and road searches.

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
pub(crate) enum Kind {
    City,
    Settlement,
    Road,
    Dev,
}

impl Kind {
    pub(crate) fn cost(self) -> Hand {
        match self {
            Kind::City => CITY_COST,
            Kind::Settlement => SETTLEMENT_COST,
            Kind::Road => ROAD_COST,
            Kind::Dev => DEV_COST,
        }
    }
}

/// The kinds of build open to seat `p`, in greedy priority order: city, settlement, road (only
/// when no spot is open; it may still find no spot to lead to), development card.
pub(crate) fn kinds(g: &Game, p: PlayerId) -> [Option<Kind>; 4] {
    let me = g.s.player(p);
    let city =
        (me.cities_left > 0 && !me.buildings.minus(me.cities).is_empty()).then_some(Kind::City);
    let open = me.settlements_left > 0 && !g.settlement_spots(p).is_empty();
    let settle = open.then_some(Kind::Settlement);
    let road = (!open && me.settlements_left > 0 && me.roads_left > 0).then_some(Kind::Road);
    let dev = g.deck_available().then_some(Kind::Dev);
    [city, settle, road, dev]
}

/// Year of plenty toward the first of `kinds` when the hand cannot pay for it yet (see
/// [`year_of_plenty_for`]; topped up with the seat's scarcest live production).
pub(crate) fn year_of_plenty_toward(
    g: &Game,
    p: PlayerId,
    kinds: &[Option<Kind>; 4],
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
    pub(crate) fn resolve(&mut self, g: &Game, p: PlayerId, kind: Kind) -> Option<Target> {
        match kind {
            Kind::City => best_city(g, p).map(Target::City),
            Kind::Settlement => self.spot_road(g, p).0.map(Target::Settlement),
            Kind::Road => self.spot_road(g, p).1.map(Target::Road),
            Kind::Dev => Some(Target::Dev),
        }
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
