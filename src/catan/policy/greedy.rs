//! The `greedy` policy (one selfish seat, base game, Robert and Solitaire; Raiders in `raiders.rs`) and the board-evaluation helpers the `team` policy shares.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use super::Policy;
use crate::catan::NONE;
use crate::catan::*;
use crate::engine::seeds::Rng;
use serde::{Deserialize, Serialize};

/// Most bank trades greedy makes in one turn (a guard; each trade already lowers a deficit).
const MAX_BANK_TRADES: u8 = 8;

// ---------------------------------------------------------------------------------------------
// Shared helpers (no allocation; everything is fixed-size arrays and bitsets).
// ---------------------------------------------------------------------------------------------

/// A knight moves the robber (base game); Robert's soldiers and Solitaire's cancels differ.
#[inline(always)]
pub(crate) fn knights_move_robber(g: &Game) -> bool {
    g.rules.variant == Variant::Base
}

#[inline(always)]
pub(crate) fn is_robert(g: &Game) -> bool {
    g.rules.variant.cooperative()
}

/// Pips of a producing hex's token, face up or not (0 for desert, sea, no token).
#[inline(always)]
pub(crate) fn raw_pips(g: &Game, h: usize) -> u32 {
    // A destroyed tile (Solitaire) never produces again.
    if g.layout.terrain[h].resource().is_none() || g.s.destroyed.contains(h) {
        0
    } else {
        pips(g.layout.token[h]) as u32
    }
}

/// Pips a hex produces right now: 0 when face down (Robert) or under the robber (base).
#[inline(always)]
pub(crate) fn live_pips(g: &Game, h: usize) -> u32 {
    if g.s.face_down.contains(h) || (!is_robert(g) && g.s.robber.idx() == h) {
        0
    } else {
        raw_pips(g, h)
    }
}

/// Building weight on a corner for seat `p`: 0 none/another seat's, 1 settlement, 2 city.
#[inline(always)]
pub(crate) fn weight_of(o: u8) -> u32 {
    if o == 0 {
        0
    } else if o & CITY_FLAG != 0 {
        2
    } else {
        1
    }
}

/// Seat `p`'s expected production per resource in pips (cities count twice); `live` skips
/// face-down tokens and the robber's hex.
pub(crate) fn production(g: &Game, p: PlayerId, live: bool) -> [u32; 5] {
    let me = g.s.player(p);
    let mut out = [0u32; 5];
    for c in me.buildings.iter() {
        let w = if me.cities.contains(c) { 2 } else { 1 };
        for &h in &g.topo.corner_hexes[c] {
            if h == NONE {
                continue;
            }
            let h = h as usize;
            if let Some(r) = g.layout.terrain[h].resource() {
                let pp = if live {
                    live_pips(g, h)
                } else {
                    raw_pips(g, h)
                };
                out[r.idx()] += w * pp;
            }
        }
    }
    out
}

/// Cards missing from `hand` to pay `cost`.
#[inline(always)]
pub(crate) fn deficit(hand: &Hand, cost: &Hand) -> u32 {
    (0..5).map(|i| cost[i].saturating_sub(hand[i]) as u32).sum()
}

#[inline(always)]
pub(crate) fn affords(hand: &Hand, cost: &Hand) -> bool {
    (0..5).all(|i| hand[i] >= cost[i])
}

/// Value of a corner as a settlement site for a player producing `prod`: pips, a bonus per
/// resource the player does not produce yet (more for brick and lumber during set-up), and the
/// harbor there.
pub(crate) fn corner_score(g: &Game, c: usize, prod: &[u32; 5], setup: bool) -> f32 {
    let mut s = 0.0f32;
    let mut seen = 0u8;
    let mut corner_prod = [0u32; 5];
    for &h in &g.topo.corner_hexes[c] {
        if h == NONE {
            continue;
        }
        let h = h as usize;
        let pp = pips(g.layout.token[h]) as u32;
        if pp == 0 {
            continue;
        }
        let Some(r) = g.layout.terrain[h].resource() else {
            continue;
        };
        let ri = r.idx();
        corner_prod[ri] += pp;
        // A face-down token (Robert) may come back, but counts less for now.
        s += if g.s.face_down.contains(h) {
            0.6 * pp as f32
        } else {
            pp as f32
        };
        if prod[ri] == 0 && seen & (1 << ri) == 0 {
            seen |= 1 << ri;
            s += 2.5;
            if setup && matches!(r, Resource::Brick | Resource::Lumber) {
                s += 1.5;
            }
        }
    }
    let hb = g.layout.harbor[c];
    if hb == HarborKind::Generic.bit() {
        s += 1.0;
    } else if hb != 0 {
        let ri = (hb.trailing_zeros() as usize).min(4);
        s += 0.35 * (prod[ri] + corner_prod[ri]) as f32;
    }
    s
}

/// The player's settlement to upgrade next: the one producing the most pips.
pub(crate) fn best_city(g: &Game, p: PlayerId) -> Option<CornerId> {
    let me = g.s.player(p);
    if me.cities_left == 0 {
        return None;
    }
    let mut best = None;
    let mut best_v = 0u32;
    for c in me.buildings.minus(me.cities).iter() {
        let mut v = 1;
        for &h in &g.topo.corner_hexes[c] {
            if h != NONE {
                v += 2 * live_pips(g, h as usize) + raw_pips(g, h as usize);
            }
        }
        if best.is_none() || v > best_v {
            best = Some(CornerId(c as u8));
            best_v = v;
        }
    }
    best
}

/// The best corner where the player may settle now (connected, distance rule), if any.
pub(crate) fn best_spot(g: &Game, p: PlayerId, prod: &[u32; 5]) -> Option<CornerId> {
    if g.s.player(p).settlements_left == 0 {
        return None;
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    for c in g.settlement_spots(p).iter() {
        let v = corner_score(g, c, prod, false);
        if v > best_v {
            best = Some(CornerId(c as u8));
            best_v = v;
        }
    }
    best
}

/// First road of the best path (as many roads as the player has left) to a corner where the
/// player could settle; each road on the way costs 2 points of corner score.
pub(crate) fn road_toward(g: &Game, p: PlayerId, prod: &[u32; 5]) -> Option<EdgeId> {
    let me = g.s.player(p);
    if me.roads_left == 0 || me.settlements_left == 0 {
        return None;
    }
    road_search(g, p, prod, me.roads_left)
}

/// Breadth-first search over free edges from the player's network: the best spot within 4
/// roads, or failing that the best one anywhere within `max_depth` roads.
fn road_search(g: &Game, p: PlayerId, prod: &[u32; 5], max_depth: u8) -> Option<EdgeId> {
    const NEAR: u8 = 4;
    let me = g.s.player(p);
    let foreign = g.s.occupied.minus(me.buildings);
    let mut dist = [u8::MAX; MAX_CORNERS];
    let mut first = [NONE; MAX_CORNERS];
    let mut queue = [0u8; MAX_CORNERS];
    let (mut head, mut tail) = (0usize, 0usize);
    for c in me.net.minus(foreign).iter() {
        dist[c] = 0;
        queue[tail] = c as u8;
        tail += 1;
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    let mut best_near = false;
    while head < tail {
        let c = queue[head] as usize;
        head += 1;
        let d = dist[c];
        if d >= max_depth || (best_near && d >= NEAR) {
            break; // FIFO order: every later corner is at least as far
        }
        for &e in &g.topo.corner_edges[c] {
            if e == NONE
                || g.s.roads.contains(e as usize)
                || !g.topo.land_edges.contains(e as usize)
            {
                continue;
            }
            let [a, b] = g.topo.edge_corners[e as usize];
            let o = if a.idx() == c { b.idx() } else { a.idx() };
            if dist[o] != u8::MAX {
                continue;
            }
            dist[o] = d + 1;
            first[o] = if d == 0 { e } else { first[c] };
            if foreign.contains(o) {
                continue;
            }
            if g.topo.land_corners.contains(o) && !g.s.blocked.contains(o) {
                let v = corner_score(g, o, prod, false) - 2.0 * (d + 1) as f32;
                if v > best_v {
                    best_v = v;
                    best = Some(EdgeId(first[o]));
                    best_near = d < NEAR;
                }
            }
            queue[tail] = o as u8;
            tail += 1;
        }
    }
    best
}

/// One bank or harbor trade towards `cost`, only if the whole deficit can be covered by trading
/// the surplus (cards beyond `cost`) at the player's best rates.
pub(crate) fn bank_step(g: &Game, p: PlayerId, cost: &Hand) -> Option<Action> {
    let me = g.s.player(p);
    let h = me.hand;
    let (mut need, mut avail) = (0u32, 0u32);
    let (mut get, mut get_d) = (0usize, 0u8);
    for r in 0..5 {
        if h[r] < cost[r] {
            let d = cost[r] - h[r];
            need += d as u32;
            if g.s.bank[r] < d {
                return None;
            }
            if d > get_d {
                get_d = d;
                get = r;
            }
        } else {
            avail += ((h[r] - cost[r]) / me.rate(Resource::from_idx(r))) as u32;
        }
    }
    if need == 0 || avail < need {
        return None;
    }
    // Give the resource whose surplus is largest after paying its rate.
    let mut give = None;
    let mut give_v = i32::MIN;
    for r in 0..5 {
        let rate = me.rate(Resource::from_idx(r));
        if h[r] >= cost[r] + rate {
            let v = (h[r] - cost[r]) as i32 - rate as i32;
            if v > give_v {
                give_v = v;
                give = Some(r);
            }
        }
    }
    give.map(|r| Action::BankTrade {
        give: Resource::from_idx(r),
        get: Resource::from_idx(get),
    })
}

/// The resource to discard: the one held furthest beyond what `need` asks, ties broken towards
/// the larger holding (then `tie` order, larger first).
pub(crate) fn discard_choice(hand: &Hand, need: &Hand, tie: &[u32; 5]) -> Resource {
    let mut best = 0;
    let mut best_k = (i32::MIN, 0u8, 0u32);
    for r in 0..5 {
        if hand[r] == 0 {
            continue;
        }
        let k = (hand[r] as i32 - need[r] as i32, hand[r], tie[r]);
        if k > best_k {
            best_k = k;
            best = r;
        }
    }
    Resource::from_idx(best)
}

/// Year of plenty towards `cost`: the two most missing resources the bank can give (topped up
/// with the player's scarcest production). `None` if nothing is missing.
pub(crate) fn year_of_plenty_for(
    g: &Game,
    hand: &Hand,
    cost: &Hand,
    prod: &[u32; 5],
) -> Option<Action> {
    let mut h = *hand;
    let mut bank = g.s.bank;
    let mut picks = [0usize; 2];
    let mut missing_any = false;
    for pick in picks.iter_mut() {
        let mut best = None;
        let mut best_k = (0u8, 0i64);
        for r in 0..5 {
            if bank[r] == 0 {
                continue;
            }
            let miss = cost[r].saturating_sub(h[r]);
            let k = (miss, -(prod[r] as i64) * 8 - h[r] as i64);
            if best.is_none() || k > best_k {
                best = Some(r);
                best_k = k;
            }
        }
        let r = best?;
        if best_k.0 > 0 {
            missing_any = true;
        }
        *pick = r;
        h[r] += 1;
        bank[r] -= 1;
    }
    if !missing_any {
        return None;
    }
    let (a, b) = (picks[0].min(picks[1]), picks[0].max(picks[1]));
    Some(Action::PlayYearOfPlenty(
        Resource::from_idx(a),
        Resource::from_idx(b),
    ))
}

/// Robert variant: value of flipping up hex `h` for seat `p` (its pips times its buildings there).
#[inline]
pub(crate) fn own_value(g: &Game, h: usize, p: PlayerId) -> u32 {
    let mut w = 0;
    for c in g.topo.hex_corners[h] {
        let o = g.s.corner_owner[c.idx()];
        if o != 0 && (o & 0x0f) - 1 == p.0 {
            w += weight_of(o);
        }
    }
    w * raw_pips(g, h)
}

/// Robert variant: value of hex `h`'s token for the whole team (pips times buildings, city 2).
#[inline]
pub(crate) fn team_value(g: &Game, h: usize) -> u32 {
    let mut w = 0;
    for c in g.topo.hex_corners[h] {
        w += weight_of(g.s.corner_owner[c.idx()]);
    }
    w * raw_pips(g, h)
}

/// Set-up settlement: the free corner with the best `corner_score` plus `extra(corner)`, or
/// one drawn by softmax over those scores at `temperature` > 0 (see [`super::opening::pick`]).
pub(crate) fn setup_settlement(
    g: &Game,
    extra: impl Fn(usize) -> f32,
    temperature: f32,
    rng: &mut Rng,
) -> Action {
    let p = PlayerId(g.s.current);
    let prod = production(g, p, false);
    let spots = g.topo.land_corners.minus(g.s.blocked);
    let scored = spots
        .iter()
        .map(|c| (c, corner_score(g, c, &prod, true) + extra(c)));
    let best = super::opening::pick(scored, temperature, rng);
    Action::BuildSettlement(CornerId(best.expect("a free corner for set-up") as u8))
}

/// The greedy policy's knobs (a config's `[greedy]` table; every field optional).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GreedyKnobs {
    /// Varied openings: 0 takes the best set-up corner (every game on a board opens alike);
    /// above 0 a corner is drawn by softmax over the corner scores with this temperature, in
    /// score points (about the pips of one more number). Default 0.
    pub setup_temperature: f32,
}

impl Default for GreedyKnobs {
    fn default() -> Self {
        GreedyKnobs {
            setup_temperature: 0.0,
        }
    }
}

/// Set-up road: the edge from the new settlement towards the best corner two steps away.
pub(crate) fn setup_road(g: &Game) -> Action {
    let p = PlayerId(g.s.current);
    let mut prod = production(g, p, false);
    // The settlement just placed counts as produced.
    for &h in &g.topo.corner_hexes[g.s.last_settlement.idx()] {
        if h != NONE {
            if let Some(r) = g.layout.terrain[h as usize].resource() {
                prod[r.idx()] += 1;
            }
        }
    }
    let from = g.s.last_settlement.idx();
    let spots = g.topo.corner_edge_set[from]
        .intersect(g.topo.land_edges)
        .minus(g.s.roads);
    let mut best = None;
    let mut best_v = f32::MIN;
    for e in spots.iter() {
        let [a, b] = g.topo.edge_corners[e];
        let d = if a.idx() == from { b.idx() } else { a.idx() };
        let mut v = -100.0f32;
        for &n in &g.topo.corner_neighbors[d] {
            if n == NONE || n as usize == from {
                continue;
            }
            let n = n as usize;
            if g.topo.land_corners.contains(n) && !g.s.blocked.contains(n) {
                v = v.max(corner_score(g, n, &prod, true));
            }
        }
        if v > best_v || best.is_none() {
            best_v = v;
            best = Some(e);
        }
    }
    Action::BuildRoad(EdgeId(best.expect("an edge at the new settlement") as u8))
}

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

/// What a seat saves for when it has to discard: a city if it can upgrade, else a settlement.
pub(crate) fn simple_need(g: &Game, q: PlayerId) -> Hand {
    let me = g.s.player(q);
    if me.cities_left > 0 && !me.buildings.minus(me.cities).is_empty() {
        let mut n = CITY_COST;
        if me.settlements_left > 0 {
            for i in 0..5 {
                n[i] = n[i].max(SETTLEMENT_COST[i]);
            }
        }
        n
    } else {
        SETTLEMENT_COST
    }
}

/// Robert variant: the face-down token a seat flips up, maximising `score`.
pub(crate) fn best_flip(g: &Game, legal: &mut ActionList, score: impl Fn(usize) -> i64) -> Action {
    let mut best = None;
    let mut best_v = i64::MIN;
    for h in robert::flip_up_candidates(g).iter() {
        let v = score(h);
        if v > best_v {
            best_v = v;
            best = Some(h);
        }
    }
    match best {
        Some(h) => Action::FlipUp(HexId(h as u8)),
        None => {
            g.legal_actions(legal);
            legal[0]
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The greedy policy.
// ---------------------------------------------------------------------------------------------

/// A selfish scripted player: production-driven set-up, then city > settlement > road toward the
/// best spot > development card, completed with bank and harbor trades from surplus. In Robert it
/// plays its own seat: soldiers only to flip back its own production.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPolicy {
    /// The knobs this policy plays by.
    pub knobs: GreedyKnobs,
    turn: u32,
    trades: u8,
    memo: Memo,
    /// The Raiders of Catan play (`raiders.rs`).
    raiders: super::raiders::RaidersPlay,
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

/// A fingerprint of everything the memo and the stuck test read: buildings, roads, cities,
/// face-down tokens, the robber, the deck and the played pile.
pub(crate) fn board_key(g: &Game) -> u64 {
    let s = &g.s;
    let mut k = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |x: u64| k = (k ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23);
    s.occupied.0.iter().for_each(|&w| mix(w));
    s.roads.0.iter().for_each(|&w| mix(w));
    s.face_down.0.iter().for_each(|&w| mix(w));
    let mut small = s.robber.0 as u64;
    for p in &s.players[..s.n_players as usize] {
        small = small * 8 + p.cities_left as u64;
    }
    mix(small);
    let d = s.deck;
    mix(u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], 0, 0, 0]));
    let d = s.played;
    mix(u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], 0, 0, 0]));
    k
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
        // Never 0, so that a fresh memo always computes.
        let mut k = 0x9e37_79b9_7f4a_7c15u64;
        let mut mix = |x: u64| k = (k ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23);
        g.s.occupied.0.iter().for_each(|&w| mix(w));
        g.s.player(p).roads.0.iter().for_each(|&w| mix(w));
        let k = k | 1;
        let i = p.idx();
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

impl GreedyPolicy {
    /// A greedy player with the given knobs.
    pub fn new(knobs: GreedyKnobs) -> GreedyPolicy {
        GreedyPolicy {
            knobs,
            ..Default::default()
        }
    }

    fn reset_turn(&mut self, g: &Game) {
        if g.s.turn != self.turn {
            self.turn = g.s.turn;
            self.trades = 0;
        }
    }

    /// Base: playing a knight now moves the robber off own production or wins largest army.
    fn knight_wanted(g: &Game, p: PlayerId) -> bool {
        let me = g.s.player(p);
        let k = me.knights_played + 1;
        let la = g.s.largest_army;
        let wins_army =
            la != p.0 && k >= 3 && (la == NO_PLAYER || k > g.s.players[la as usize].knights_played);
        if wins_army {
            return true;
        }
        let h = g.s.robber.idx();
        raw_pips(g, h) > 0 && !g.topo.hex_corner_set[h].intersect(me.buildings).is_empty()
    }

    fn main(&mut self, g: &Game) -> Action {
        let p = PlayerId(g.s.current);
        let me = g.s.player(p);
        // Fast path: with fewer than 2 cards nothing can be built or traded, and without a
        // playable road building, year of plenty or monopoly there is nothing else to do.
        let cards_to_play = !g.s.dev_played && me.dev[2..].iter().any(|&x| x > 0);
        if me.hand_size() < 2 && !cards_to_play && (is_robert(g) || me.dev[0] == 0) {
            return Action::EndTurn;
        }
        let ks = kinds(g, p);
        let can = |c: DevCard| !g.s.dev_played && me.dev[c.idx()] > 0;
        // Development cards first (at most one per turn).
        if knights_move_robber(g) && can(DevCard::Knight) && Self::knight_wanted(g, p) {
            return Action::PlayKnight;
        }
        if can(DevCard::RoadBuilding)
            && ks[2].is_some()
            && self.memo.resolve(g, p, Kind::Road).is_some()
        {
            return Action::PlayRoadBuilding;
        }
        if can(DevCard::Monopoly) {
            if let Some(a) = self.monopoly(g, p) {
                return a;
            }
        }
        if can(DevCard::YearOfPlenty) {
            if let Some(k) = ks.iter().flatten().next() {
                let c = k.cost();
                if !affords(&me.hand, &c) {
                    let prod = production(g, p, true);
                    if let Some(a) = year_of_plenty_for(g, &me.hand, &c, &prod) {
                        return a;
                    }
                }
            }
        }
        for &k in ks.iter().flatten() {
            let c = k.cost();
            if affords(&me.hand, &c) {
                match self.memo.resolve(g, p, k) {
                    Some(t) => return t.action(),
                    None => continue,
                }
            }
            if self.trades < MAX_BANK_TRADES {
                if let Some(a) = bank_step(g, p, &c) {
                    if self.memo.resolve(g, p, k).is_some() {
                        self.trades += 1;
                        return a;
                    }
                }
            }
        }
        Action::EndTurn
    }

    fn monopoly(&self, g: &Game, p: PlayerId) -> Option<Action> {
        if is_robert(g) {
            // Flip back the terrain with the most face-down pips of own production.
            let mut per = [0u32; 5];
            for h in g.s.face_down.iter() {
                if let Some(r) = g.layout.terrain[h].resource() {
                    per[r.idx()] += own_value(g, h, p);
                }
            }
            let r = (0..5).max_by_key(|&r| per[r])?;
            (per[r] > 0).then(|| Action::PlayMonopoly(Resource::from_idx(r)))
        } else {
            let mut held = [0u32; 5];
            for q in 0..g.s.n_players as usize {
                if q != p.idx() {
                    for r in 0..5 {
                        held[r] += g.s.players[q].hand[r] as u32;
                    }
                }
            }
            let r = (0..5).max_by_key(|&r| held[r])?;
            (held[r] >= 3).then(|| Action::PlayMonopoly(Resource::from_idx(r)))
        }
    }

    fn move_robber(g: &Game) -> Action {
        let me = g.s.current;
        let n = g.s.n_players as usize;
        let leader = (0..n as u8)
            .filter(|&q| q != me)
            .max_by_key(|&q| g.s.players[q as usize].vp)
            .unwrap_or(me);
        let mut best = None;
        let mut best_v = i64::MIN;
        for h in g.topo.land_hexes.iter() {
            if h == g.s.robber.idx() {
                continue;
            }
            let pp = raw_pips(g, h) as i64;
            let mut v = 0i64;
            for c in g.topo.hex_corners[h] {
                let o = g.s.corner_owner[c.idx()];
                if o == 0 {
                    continue;
                }
                let q = (o & 0x0f) - 1;
                let w = weight_of(o) as i64;
                if q == me {
                    v -= 1000 + 4 * w * pp;
                } else {
                    v += w * pp * if q == leader { 3 } else { 1 };
                }
            }
            if v > best_v {
                best_v = v;
                best = Some(h);
            }
        }
        let h = best.expect("a land hex for the robber");
        let mut victim = NO_PLAYER;
        let mut vk = (0u8, 0u32);
        for q in 0..n as u8 {
            let ps = &g.s.players[q as usize];
            if q != me
                && ps.hand_size() > 0
                && !ps.buildings.intersect(g.topo.hex_corner_set[h]).is_empty()
            {
                let k = (ps.vp, ps.hand_size());
                if victim == NO_PLAYER || k > vk {
                    victim = q;
                    vk = k;
                }
            }
        }
        Action::MoveRobber {
            hex: HexId(h as u8),
            victim,
        }
    }
}

impl Policy<Game<'_>> for GreedyPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let temperature = self.knobs.setup_temperature;
        if g.is_raiders() {
            return self.raiders.choose(g, legal, temperature, rng);
        }
        self.reset_turn(g);
        let p = PlayerId(g.s.current);
        match g.s.phase {
            Phase::SetupSettlement => setup_settlement(g, |_| 0.0, temperature, rng),
            Phase::SetupRoad => setup_road(g),
            Phase::PreRoll => {
                let can_knight = !g.s.dev_played && g.s.cur().dev[DevCard::Knight.idx()] > 0;
                if is_robert(g) {
                    let flip_own = can_knight
                        && robert::flip_up_candidates(g)
                            .iter()
                            .any(|h| own_value(g, h, p) > 0);
                    if flip_own {
                        Action::PlayKnight
                    } else {
                        g.roll_action()
                    }
                } else if can_knight && knights_move_robber(g) && Self::knight_wanted(g, p) {
                    Action::PlayKnight
                } else {
                    Action::Roll
                }
            }
            Phase::Discard => {
                let q = g.actor();
                let ps = g.s.player(q);
                let prod = production(g, q, false);
                let tie = prod.map(|x| u32::MAX - x);
                Action::Discard(discard_choice(&ps.hand, &simple_need(g, q), &tie))
            }
            Phase::MoveRobber => Self::move_robber(g),
            Phase::FlipUp => best_flip(g, legal, |h| {
                own_value(g, h, p) as i64 * 1000 + team_value(g, h) as i64
            }),
            Phase::RoadBuilding => free_road(g, p, &mut self.memo),
            Phase::Main => self.main(g),
            // Solitaire: a knight always cancels a seven (it also counts toward largest army).
            Phase::SevenChoice => Action::CancelSeven,
            Phase::LoseDev => {
                g.legal_actions(legal);
                let order = [
                    DevCard::Monopoly,
                    DevCard::RoadBuilding,
                    DevCard::YearOfPlenty,
                    DevCard::Knight,
                ];
                order
                    .into_iter()
                    .map(Action::LoseDev)
                    .find(|a| legal.contains(a))
                    .unwrap_or(legal[0])
            }
            Phase::Bonus => {
                // The resource the next build lacks most (else the one it needs most).
                let me = g.s.player(p);
                let need = simple_need(g, p);
                let r = (0..5)
                    .filter(|&r| g.s.bank[r] > 0)
                    .max_by_key(|&r| (need[r] as i32 - me.hand[r] as i32, need[r]))
                    .unwrap_or(0);
                Action::TakeBonus(Resource::from_idx(r))
            }
            _ => {
                g.legal_actions(legal);
                legal[0]
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catan::sim::*;
    use crate::engine::play::{play, Strict};

    /// Plays `n` seeded games with `make()` in every seat, checking each action's legality and
    /// the invariants at the end. Returns (outcomes, total player-turns).
    pub(crate) fn run_checked<P: for<'t> Policy<Game<'t>>>(
        rules: Rules,
        n: u64,
        make: impl Fn() -> P,
    ) -> (Vec<Outcome>, u64) {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut buf = ActionList::new();
        let mut outs = Vec::new();
        let mut turns = 0;
        for i in 0..n {
            let layout = layout_for(&topo, BoardKind::Random { red_apart: true }, 7, i);
            let mut g = Game::new(&topo, layout, rules);
            let mut rngs = GameRngs::new(7, i);
            let mut pol = make();
            play(
                &mut g,
                &mut pol,
                &mut rngs,
                &mut buf,
                &mut Strict::new(&mut ()),
            );
            g.check_invariants()
                .unwrap_or_else(|e| panic!("game {i}: {e}"));
            turns += g.s.turn as u64;
            outs.push(g.s.outcome().unwrap());
        }
        (outs, turns)
    }

    pub(crate) fn base_game(topo: &Topology) -> Game<'_> {
        Game::new(topo, Layout::fixed(topo), Rules::base(4))
    }

    /// Plays set-up with greedy in every seat so a test can start from a main-phase position.
    pub(crate) fn after_setup(g: &mut Game) {
        let mut pol = GreedyPolicy::default();
        let mut buf = ActionList::new();
        let mut rng = crate::engine::seeds::rng(1, 1, crate::engine::seeds::Stream::Policy);
        while matches!(
            g.s.phase,
            Phase::SetupSettlement | Phase::SetupRoad | Phase::Deal
        ) {
            if let Some(d) = g.chance() {
                let o = match d {
                    ChanceDist::Weighted(w) => {
                        ChanceOutcome::Card(DevCard::ALL[w.iter().position(|&x| x > 0).unwrap()])
                    }
                    _ => unreachable!(),
                };
                g.apply_chance(o, &mut ());
            } else {
                let a = pol.choose(g, &mut buf, &mut rng);
                g.try_apply(a, &mut ()).unwrap();
            }
        }
    }

    #[test]
    fn prefers_a_city_when_affordable() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut g = base_game(&topo);
        after_setup(&mut g);
        g.apply(Action::Roll, &mut ());
        g.apply_chance(ChanceOutcome::Dice(1, 2), &mut ());
        assert_eq!(g.s.phase, Phase::Main);
        // Give seat 0 a city and a settlement's worth, taken from the bank.
        let p = g.s.current as usize;
        let hand = [1, 1, 1, 3, 3];
        for r in 0..5 {
            g.s.bank[r] += g.s.players[p].hand[r];
            g.s.bank[r] -= hand[r];
        }
        g.s.players[p].hand = hand;
        let mut pol = GreedyPolicy::default();
        let mut buf = ActionList::new();
        let mut rng = crate::engine::seeds::rng(1, 2, crate::engine::seeds::Stream::Policy);
        let a = pol.choose(&g, &mut buf, &mut rng);
        assert!(matches!(a, Action::BuildCity(_)), "chose {a:?}");
        g.try_apply(a, &mut ()).unwrap();
    }

    #[test]
    fn base_games_end_without_panic() {
        let (outs, turns) = run_checked(Rules::base(4), 200, GreedyPolicy::default);
        let caps = outs.iter().filter(|o| **o == Outcome::Cap).count();
        assert!(caps <= 2, "{caps} cap-outs");
        assert!(turns / 200 < 600, "{} turns per game", turns / 200);
    }

    #[test]
    fn robert_games_end_without_panic() {
        let rr = RobertRules {
            start_cards: 2,
            ..Default::default()
        };
        let (outs, _) = run_checked(Rules::robert(4, rr), 200, GreedyPolicy::default);
        assert!(outs.iter().all(|o| *o != Outcome::Cap));
    }
}
