//! The Raiders of Catan's rules.
//!
//! The Raiders of Catan: ships and trade routes, home-island set-up, volcano and jungle, the desert
//! raiders and their storm.
//!
//! Hooks called from the base rules (`hooks.rs`; `rules.rs` and `apply.rs` for Raiders' own
//! phases and actions) when the variant is [`Variant::Raiders`]. The readings of the seed's
//! open points are in `docs/rules.md` ("The Raiders of Catan").

use super::bits::{CornerSet, EdgeSet, HexSet};
use super::game::{self, ActionList, Game};
use super::ids::*;
use super::state::*;
use super::topology::NONE;
use super::variant::{RaidersRules, TakenDiscoveries, Variant};

/// The variant's options (only called in a Raiders game).
#[inline]
fn opts(g: &Game) -> RaidersRules {
    g.rules.variant.raiders().unwrap_or_default()
}

/// Corners touched by `edges`.
pub fn corners_of(g: &Game, edges: EdgeSet) -> CornerSet {
    let mut c = CornerSet::EMPTY;
    for e in edges.iter() {
        for k in g.topo.edge_corners[e] {
            c.insert(k.idx());
        }
    }
    c
}

/// Edges touching any of `corners`.
fn edges_at(g: &Game, corners: CornerSet) -> EdgeSet {
    let mut e = EdgeSet::EMPTY;
    for c in corners.iter() {
        e = e.union(g.topo.corner_edge_set[c]);
    }
    e
}

/// Hexes covered by raiders: the raided hexes and the raider deserts holding at least one.
pub fn covered(g: &Game) -> HexSet {
    let mut c = g.s.raiders.raided;
    for (k, h) in g.topo.raider_desert_list.iter().enumerate() {
        if g.s.raiders.on_desert[k] > 0 {
            c.insert(h.idx());
        }
    }
    c
}

/// Raiders standing on the raider deserts together.
pub fn desert_stock(s: &State) -> u32 {
    s.raiders.on_desert.iter().map(|&x| x as u32).sum()
}

/// The storm is on once every raider of the pool has been placed.
#[inline]
pub fn storm(s: &State) -> bool {
    s.raiders.pool == 0
}

/// The player's roads still in play (not between two raider-covered hexes).
#[inline]
pub fn active_roads(g: &Game, p: PlayerId) -> EdgeSet {
    g.s.player(p).roads.minus(g.s.raiders.cancelled)
}

/// Free land edges where `p` may build a road: at the player's buildings, or at the end of one
/// of its roads in play where no other player's building stands. Roads never continue a ship
/// route except at the player's own settlement or city.
pub fn road_spots(g: &Game, p: PlayerId) -> EdgeSet {
    let me = g.s.player(p);
    let foreign = g.s.occupied.minus(me.buildings);
    let anchors = me
        .buildings
        .union(corners_of(g, active_roads(g, p)).minus(foreign));
    edges_at(g, anchors)
        .intersect(g.topo.land_edges)
        .minus(g.s.roads)
}

/// Free edges with sea on a side where `p` may build a ship: at the player's buildings, or at
/// the end of one of its ships where no other player's building stands.
pub fn ship_spots(g: &Game, p: PlayerId) -> EdgeSet {
    ship_spots_with(g, p, g.s.player(p).ships)
}

fn ship_spots_with(g: &Game, p: PlayerId, ships: EdgeSet) -> EdgeSet {
    let me = g.s.player(p);
    let foreign = g.s.occupied.minus(me.buildings);
    let anchors = me.buildings.union(corners_of(g, ships).minus(foreign));
    edges_at(g, anchors)
        .intersect(g.topo.sea_edges)
        .minus(g.s.roads)
}

/// The player's network for settlement spots: buildings, roads in play and ships.
pub fn net_of(g: &Game, p: PlayerId) -> CornerSet {
    let me = g.s.player(p);
    me.buildings
        .union(corners_of(g, active_roads(g, p)))
        .union(corners_of(g, me.ships))
}

/// Ships at the open end of a route: one of its corners holds neither the player's building nor
/// another of its ships. Ships built this turn are left out (they may not move).
pub fn movable_ships(g: &Game, p: PlayerId) -> EdgeSet {
    let me = g.s.player(p);
    let mut out = EdgeSet::EMPTY;
    for e in me.ships.minus(g.s.raiders.new_ships).iter() {
        let open = g.topo.edge_corners[e].iter().any(|c| {
            !me.buildings.contains(c.idx())
                && g.topo.corner_edge_set[c.idx()].intersect(me.ships).len() == 1
        });
        if open {
            out.insert(e);
        }
    }
    out
}

/// Where the ship on `from` may move: a ship spot of the route without it, not `from` itself.
pub fn move_targets(g: &Game, p: PlayerId, from: usize) -> EdgeSet {
    let mut ships = g.s.player(p).ships;
    ships.remove(from);
    let mut spots = ship_spots_with(g, p, ships);
    spots.remove(from);
    spots
}

/// Hexes a soldier can take a raider from: raided hexes and raider deserts holding raiders.
pub fn removal_targets(g: &Game) -> HexSet {
    covered(g)
}

/// Set-up corners: on the home island, free under the distance rule; the first settlement on
/// the coast with a free sea edge for its ship; not touching a volcano unless the option allows.
pub fn setup_corners(g: &Game) -> CornerSet {
    let s = &g.s;
    let mut spots = g
        .topo
        .land_corners
        .intersect(g.topo.home_corners)
        .minus(s.blocked);
    if !opts(g).volcano_start {
        spots = spots.minus(g.topo.volcano_corners);
    }
    if s.setup_step < s.n_players {
        let mut coast = CornerSet::EMPTY;
        for c in spots.intersect(g.topo.coast_corners).iter() {
            if !g.topo.corner_edge_set[c]
                .intersect(g.topo.sea_edges)
                .minus(s.roads)
                .is_empty()
            {
                coast.insert(c);
            }
        }
        spots = coast;
    }
    spots
}

/// Set-up: the first settlement takes a ship on one of its sea edges, the second a road.
pub fn setup_edge_actions(g: &Game, out: &mut ActionList) {
    let c = g.s.last_settlement.idx();
    let at = g.topo.corner_edge_set[c].minus(g.s.roads);
    if g.s.setup_step < g.s.n_players {
        for e in at.intersect(g.topo.sea_edges).iter() {
            out.push(Action::BuildShip(EdgeId(e as u8)));
        }
    } else {
        for e in at.intersect(g.topo.land_edges).iter() {
            out.push(Action::BuildRoad(EdgeId(e as u8)));
        }
    }
}

/// The second set-up settlement on `c`: one discovery per adjacent jungle (resources from the
/// other hexes are paid by the base rules).
pub fn setup_discoveries<S: Sink<Event>>(g: &mut Game, p: PlayerId, c: CornerId, sink: &mut S) {
    for &h in &g.topo.corner_hexes[c.idx()] {
        if h != NONE && g.layout.terrain[h as usize] == Terrain::Jungle {
            g.s.players[p.idx()].discoveries += 1;
            sink.event(&Event::Discoveries {
                player: p,
                amount: 1,
            });
        }
    }
}

/// Whether `p` can pay for a development card, discoveries standing in for missing resources.
pub fn afford_dev(g: &Game, p: PlayerId) -> bool {
    let me = g.s.player(p);
    let missing: u8 = (0..5).map(|i| DEV_COST[i].saturating_sub(me.hand[i])).sum();
    missing as u16 <= me.discoveries
}

/// Pays for a development card: discoveries first (they have no other use), for the resources
/// the hand lacks and then replacing ore, then grain, then wool; resources for the rest.
pub fn pay_dev<S: Sink<Event>>(g: &mut Game, p: PlayerId, sink: &mut S) {
    let mut cost = DEV_COST;
    let me = &mut g.s.players[p.idx()];
    let mut spent = 0;
    // First for what the hand lacks, then to keep ore, grain and wool, in that order.
    for lacking in [true, false] {
        for r in [Resource::Ore, Resource::Grain, Resource::Wool] {
            let i = r.idx();
            if me.discoveries > 0 && cost[i] > 0 && (!lacking || me.hand[i] < cost[i]) {
                me.discoveries -= 1;
                cost[i] -= 1;
                spent += 1;
            }
        }
    }
    for (i, &c) in cost.iter().enumerate() {
        me.hand[i] -= c;
        g.s.bank[i] += c;
    }
    if spent > 0 {
        sink.event(&Event::DiscoveriesSpent {
            player: p,
            amount: spent,
        });
    }
}

/// Main-phase actions that only Raiders has: ships, moving a ship. (Knights, road building and
/// development cards are listed by the base rules with the Raiders conditions.)
pub fn main_actions(g: &Game, out: &mut ActionList) {
    let p = PlayerId(g.s.current);
    let me = g.s.cur();
    if me.ships_left > 0 && me.hand[1] >= 1 && me.hand[2] >= 1 {
        for e in ship_spots(g, p).iter() {
            out.push(Action::BuildShip(EdgeId(e as u8)));
        }
    }
    if !g.s.raiders.ship_moved && g.s.raiders.turn_owner == NO_PLAYER {
        for from in movable_ships(g, p).iter() {
            for to in move_targets(g, p, from).iter() {
                out.push(Action::MoveShip {
                    from: EdgeId(from as u8),
                    to: EdgeId(to as u8),
                });
            }
        }
    }
}

/// The special building phase (5-6 players): build or buy a development card, or pass.
pub fn special_build_actions(g: &Game, out: &mut ActionList) {
    let p = PlayerId(g.s.current);
    let me = g.s.cur();
    let h = &me.hand;
    let afford = |c: &Hand| (0..5).all(|i| h[i] >= c[i]);
    if me.roads_left > 0 && afford(&ROAD_COST) {
        for e in road_spots(g, p).iter() {
            out.push(Action::BuildRoad(EdgeId(e as u8)));
        }
    }
    if me.ships_left > 0 && afford(&SHIP_COST) {
        for e in ship_spots(g, p).iter() {
            out.push(Action::BuildShip(EdgeId(e as u8)));
        }
    }
    if me.settlements_left > 0 && afford(&SETTLEMENT_COST) {
        for c in g.settlement_spots(p).iter() {
            out.push(Action::BuildSettlement(CornerId(c as u8)));
        }
    }
    if me.cities_left > 0 && afford(&CITY_COST) {
        for c in me
            .buildings
            .minus(me.cities)
            .minus(g.s.raiders.taken)
            .iter()
        {
            out.push(Action::BuildCity(CornerId(c as u8)));
        }
    }
    // Only Robert buys from an empty deck (its reshuffle).
    if afford_dev(g, p) && g.deck_has_cards() {
        out.push(Action::BuyDev);
    }
    out.push(Action::EndTurn);
}

/// Places a ship on `e` for `p` (paid for by the caller).
pub fn place_ship<S: Sink<Event>>(g: &mut Game, p: PlayerId, e: EdgeId, free: bool, sink: &mut S) {
    let s = &mut g.s;
    s.edge_owner[e.idx()] = (p.0 + 1) | SHIP_FLAG;
    s.roads.insert(e.idx());
    s.raiders.new_ships.insert(e.idx());
    let me = &mut s.players[p.idx()];
    me.ships.insert(e.idx());
    me.ships_left -= 1;
    for c in g.topo.edge_corners[e.idx()] {
        me.net.insert(c.idx());
    }
    sink.event(&Event::Build {
        player: p,
        piece: Piece::Ship,
        at: e.0,
        free,
    });
    let len = route_length(g, p);
    g.s.players[p.idx()].road_length = len;
    g.update_longest_road(sink);
}

/// Moves the open end ship on `from` to `to`.
pub fn move_ship<S: Sink<Event>>(
    g: &mut Game,
    p: PlayerId,
    from: EdgeId,
    to: EdgeId,
    sink: &mut S,
) {
    let s = &mut g.s;
    s.edge_owner[from.idx()] = 0;
    s.roads.remove(from.idx());
    s.edge_owner[to.idx()] = (p.0 + 1) | SHIP_FLAG;
    s.roads.insert(to.idx());
    s.raiders.ship_moved = true;
    let me = &mut s.players[p.idx()];
    me.ships.remove(from.idx());
    me.ships.insert(to.idx());
    sink.event(&Event::ShipMoved {
        player: p,
        from,
        to,
    });
    refresh_routes(g, 1 << p.0, sink);
}

/// After a settlement or city is built (`setup`: a set-up settlement): the builder owes raiders
/// from the pool (the seed: 2 with 4 or 6 players, 3 with 3 or 5), placed one by one on raider deserts.
/// Returns true if the game now waits for placements (`Phase::PlaceRaider`). `moved`: the
/// seats whose routes the build may have changed, as in [`refresh_routes`].
pub fn after_build<S: Sink<Event>>(g: &mut Game, moved: u8, setup: bool, sink: &mut S) -> bool {
    refresh_routes(g, moved, sink);
    if setup && !opts(g).setup_raiders {
        return false;
    }
    let owed = opts(g).per_build(g.s.n_players).min(g.s.raiders.pool);
    if owed == 0 || g.topo.raider_desert_list.is_empty() {
        return false;
    }
    g.s.raiders.to_place = owed;
    g.s.raiders.resume = Some(g.s.phase);
    g.s.phase = Phase::PlaceRaider;
    true
}

/// The builder puts one raider from the pool on raider desert `h`.
pub fn place_raider<S: Sink<Event>>(g: &mut Game, h: HexId, sink: &mut S) {
    let k = g.topo.desert_ordinal[h.idx()] as usize;
    let r = &mut g.s.raiders;
    r.pool -= 1;
    r.on_desert[k] += 1;
    r.to_place -= 1;
    sink.event(&Event::RaiderPlaced {
        player: PlayerId(g.s.current),
        desert: h,
    });
    if g.s.raiders.pool == 0 {
        g.s.raiders.storm_turn = g.s.turn;
        sink.event(&Event::StormBegins { turn: g.s.turn });
    }
    if g.s.raiders.on_desert[k] == 1 {
        refresh_routes(g, 0, sink);
    }
    if g.s.raiders.to_place == 0 || g.s.raiders.pool == 0 {
        g.s.raiders.to_place = 0;
        g.s.phase = g.s.raiders.resume.take().unwrap_or(Phase::Main);
    }
}

/// The storm, at a production roll of `n` once the pool is empty: every land hex numbered `n`
/// that borders a raider desert or a hex raided before this roll, and holds no raider, is
/// raided by a raider taken from the desert holding the most (the lowest in map order among
/// equals), in map order while the deserts hold raiders.
pub fn storm_roll<S: Sink<Event>>(g: &mut Game, n: u8, sink: &mut S) {
    if !storm(&g.s) {
        return;
    }
    let sources = g.topo.raider_deserts.union(g.s.raiders.raided);
    let targets = g.layout.by_number[n as usize]
        .intersect(g.topo.land_hexes)
        .minus(g.s.raiders.raided)
        .minus(g.topo.raider_deserts);
    for h in targets.iter() {
        if g.topo.hex_neighbor_set[h].intersect(sources).is_empty() {
            continue;
        }
        let Some(k) = (0..g.topo.raider_desert_list.len())
            .filter(|&k| g.s.raiders.on_desert[k] > 0)
            .max_by_key(|&k| (g.s.raiders.on_desert[k], std::cmp::Reverse(k)))
        else {
            break;
        };
        g.s.raiders.on_desert[k] -= 1;
        g.s.raiders.raided.insert(h);
        g.s.raiders.arrived.insert(h);
        sink.event(&Event::Raid {
            hex: HexId(h as u8),
            desert: g.topo.raider_desert_list[k],
        });
    }
    // Taken buildings and cancelled roads wait until after production: the raided hexes
    // produce this turn (see `after_production`).
}

/// After a production roll's payout: jungle discoveries, then what the storm's raids changed
/// (taken buildings, cancelled roads), then the volcano dice queued in `State::pending_dice`.
pub fn after_production<S: Sink<Event>>(g: &mut Game, n: u8, sink: &mut S) {
    let hexes = game::producing_hexes(g, n);
    let mut found = [0u8; MAX_PLAYERS];
    // Buildings taken before this roll (this roll's raids are settled below) collect only
    // under `taken_discoveries = "collect"`.
    let idle = match opts(g).taken_discoveries {
        TakenDiscoveries::Collect => CornerSet::EMPTY,
        TakenDiscoveries::Lost => g.s.raiders.taken,
    };
    for h in hexes.iter() {
        if g.layout.terrain[h] != Terrain::Jungle {
            continue;
        }
        for c in g.topo.hex_corners[h] {
            if idle.contains(c.idx()) {
                continue;
            }
            if let Some(q) = g.s.owner_at(c) {
                found[q.idx()] += 1 + (g.s.corner_owner[c.idx()] >> 4);
            }
        }
    }
    for (q, &amount) in found.iter().enumerate().take(g.s.n_players as usize) {
        if amount > 0 {
            g.s.players[q].discoveries = g.s.players[q].discoveries.saturating_add(amount as u16);
            sink.event(&Event::Discoveries {
                player: PlayerId(q as u8),
                amount,
            });
        }
    }
    if !g.s.raiders.arrived.is_empty() {
        refresh_routes(g, 0, sink);
    }
    let mut pending = HexSet::EMPTY;
    for h in g.layout.by_number[n as usize].iter() {
        if g.layout.terrain[h] == Terrain::Volcano
            && !g.topo.hex_corner_set[h].intersect(g.s.occupied).is_empty()
        {
            pending.insert(h);
        }
    }
    g.s.pending_dice = g.s.pending_dice.union(pending);
}

/// The volcano on `h` erupts: the die picks corner `die` (1 = the top corner, clockwise); a
/// settlement there is destroyed, a city becomes a settlement (destroyed if its owner has no
/// settlement piece left).
pub fn volcano_die<S: Sink<Event>>(g: &mut Game, h: HexId, die: u8, sink: &mut S) {
    sink.event(&Event::Eruption { hex: h });
    sink.event(&Event::VolcanoDie { hex: h, die });
    let c = g.topo.hex_corners[h.idx()][(die - 1) as usize % 6];
    if g.s.occupied.contains(c.idx()) {
        // VP are recomputed by `refresh` (a taken building has none to lose).
        game::strike(&mut g.s, c, 0, sink);
        if !g.s.occupied.contains(c.idx()) {
            g.s.raiders.taken.remove(c.idx());
            g.s.blocked = game::blocked_by(g.topo, g.s.occupied);
        }
        refresh(g, sink);
    }
}

/// A soldier takes the raider off `h` (a raided hex, or one from a raider desert); the player
/// keeps it. Roads and buildings it held come back into play.
pub fn remove_raider<S: Sink<Event>>(g: &mut Game, h: HexId, sink: &mut S) {
    let p = g.s.current as usize;
    let k = g.topo.desert_ordinal[h.idx()];
    if k != NONE {
        g.s.raiders.on_desert[k as usize] -= 1;
    } else {
        g.s.raiders.raided.remove(h.idx());
        g.s.raiders.arrived.remove(h.idx());
    }
    g.s.players[p].raiders_kept += 1;
    sink.event(&Event::RaiderRemoved {
        player: PlayerId(p as u8),
        hex: h,
    });
    refresh_routes(g, 0, sink);
}

/// Roads between two raider-covered hexes, from the board as it stands.
pub fn cancelled_roads(g: &Game) -> EdgeSet {
    let cov = covered(g);
    let mut out = EdgeSet::EMPTY;
    for q in 0..g.s.n_players as usize {
        for e in g.s.players[q].roads.iter() {
            let [a, b] = g.topo.edge_hexes[e];
            if a != NONE && b != NONE && cov.contains(a as usize) && cov.contains(b as usize) {
                out.insert(e);
            }
        }
    }
    out
}

/// Whether hex `h` counts as a producing neighbour in the takeover check: a numbered hex that
/// yields resources (a jungle's discoveries count only under `jungle_shelters`).
fn producing(g: &Game, h: usize) -> bool {
    g.layout.tokened.contains(h)
        && (g.layout.terrain[h].resource().is_some()
            || g.rules.variant.raiders().is_some_and(|r| r.jungle_shelters))
}

/// Buildings taken by the raiders: every producing hex around them raided (and at least one).
pub fn taken_buildings(g: &Game) -> CornerSet {
    let raided = g.s.raiders.raided;
    let mut out = CornerSet::EMPTY;
    for c in g.s.occupied.iter() {
        let mut numbered = 0;
        let mut free = false;
        for &h in &g.topo.corner_hexes[c] {
            if h != NONE && producing(g, h as usize) {
                numbered += 1;
                free |= !raided.contains(h as usize);
            }
        }
        if numbered > 0 && !free {
            out.insert(c);
        }
    }
    out
}

/// Recomputes everything the raiders and the pieces decide: cancelled roads, taken buildings,
/// networks, usable harbors, trade routes, the longest-route card and VP.
pub fn refresh<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    refresh_routes(g, u8::MAX, sink);
}

/// [`refresh`] when only the seats in the mask `moved` (a bit per seat) changed their roads,
/// ships or buildings since the last refresh, and no building came or went (else every seat
/// is in `moved`): the networks and trade routes of the other seats are kept unless the
/// raiders cancelled or restored one of their roads. A seat's network and route read only its
/// roads in play, ships and buildings and the other seats' buildings, so the kept ones are
/// what a full refresh would find (`check_invariants` compares every route with a search).
pub fn refresh_routes<S: Sink<Event>>(g: &mut Game, moved: u8, sink: &mut S) {
    let cancelled = cancelled_roads(g);
    let old = g.s.raiders.cancelled;
    for e in cancelled.sym_diff(old).iter() {
        let o = g.s.edge_owner[e];
        sink.event(&Event::RoadCancelled {
            player: PlayerId((o & 0x0f).wrapping_sub(1)),
            at: e as u8,
            cancelled: cancelled.contains(e),
        });
    }
    let flipped = cancelled.sym_diff(g.s.raiders.cancelled);
    g.s.raiders.cancelled = cancelled;
    let taken = taken_buildings(g);
    let old = g.s.raiders.taken;
    for c in taken.sym_diff(old).iter() {
        let o = g.s.corner_owner[c];
        sink.event(&Event::Taken {
            player: PlayerId((o & 0x0f).wrapping_sub(1)),
            at: c as u8,
            taken: taken.contains(c),
        });
    }
    g.s.raiders.taken = taken;
    for q in 0..g.s.n_players {
        let p = PlayerId(q);
        let mut harbors = 0;
        for c in g.s.player(p).buildings.minus(taken).iter() {
            harbors |= g.layout.harbor[c];
        }
        g.s.players[q as usize].harbors = harbors;
        let changed = moved >> q & 1 == 1 || !g.s.player(p).roads.intersect(flipped).is_empty();
        if changed {
            let net = net_of(g, p);
            let len = route_length(g, p);
            let me = &mut g.s.players[q as usize];
            me.net = net;
            me.road_length = len;
        }
    }
    g.update_longest_road(sink);
    for q in 0..g.s.n_players {
        g.s.players[q as usize].vp = g.vp_from_scratch(PlayerId(q));
    }
}

/// The longest trade route of `p`: a trail of roads in play and ships, each piece once, never
/// through another player's building, switching between roads and ships only at the player's
/// own settlement or city.
///
/// A longest trail can always be taken to start where it cannot be extended backwards, so the
/// search starts only at corners other than those with exactly two of the player's pieces that
/// a trail may pass between (same kind, or the player's own building there) and no other
/// player's building; a closed ring of such corners gets one start of its own.
pub fn route_length(g: &Game, p: PlayerId) -> u8 {
    route_search(g, p, false)
}

/// [`route_length`] by a search from every corner: the reference `check` holds it to.
pub fn route_length_brute(g: &Game, p: PlayerId) -> u8 {
    route_search(g, p, true)
}

fn route_search(g: &Game, p: PlayerId, every_corner: bool) -> u8 {
    let me = g.s.player(p);
    let all = active_roads(g, p).union(me.ships);
    if all.is_empty() {
        return 0;
    }
    let foreign = g.s.occupied.minus(me.buildings);
    let from = |c: usize| {
        trail(
            g,
            c,
            all,
            me.ships,
            me.buildings,
            foreign,
            EdgeSet::EMPTY,
            2,
        )
    };
    let mut best = 0;
    let mut reached = EdgeSet::EMPTY;
    for c in corners_of(g, all).iter() {
        let at = g.topo.corner_edge_set[c].intersect(all);
        let passing = at.len() == 2
            && !foreign.contains(c)
            && (me.ships.contains(at.nth(0)) == me.ships.contains(at.nth(1))
                || me.buildings.contains(c));
        if passing && !every_corner {
            continue;
        }
        best = best.max(from(c));
        if !reached.contains(at.nth(0)) {
            reached = reached.union(component(g, c, all));
        }
    }
    // Rings of pieces with no start corner yet: search from any of their corners.
    let mut left = all.minus(reached);
    while !left.is_empty() {
        let c = g.topo.edge_corners[left.nth(0)][0].idx();
        best = best.max(from(c));
        left = left.minus(component(g, c, all));
    }
    best
}

/// Pieces of `all` connected to corner `c` through any corner.
fn component(g: &Game, c: usize, all: EdgeSet) -> EdgeSet {
    let mut seen = EdgeSet::EMPTY;
    let mut frontier = g.topo.corner_edge_set[c].intersect(all);
    while !frontier.is_empty() {
        seen = seen.union(frontier);
        frontier = edges_at(g, corners_of(g, frontier))
            .intersect(all)
            .minus(seen);
    }
    seen
}

/// Longest trail from corner `c` over `all` not using `used`; `last` is 0 after a road, 1
/// after a ship, 2 at the start.
#[allow(clippy::too_many_arguments)]
fn trail(
    g: &Game,
    c: usize,
    all: EdgeSet,
    ships: EdgeSet,
    own: CornerSet,
    foreign: CornerSet,
    used: EdgeSet,
    last: u8,
) -> u8 {
    let mut best = 0;
    for &e in &g.topo.corner_edges[c] {
        if e == NONE || !all.contains(e as usize) || used.contains(e as usize) {
            continue;
        }
        let kind = ships.contains(e as usize) as u8;
        if last != 2 && last != kind && !own.contains(c) {
            continue;
        }
        let [a, b] = g.topo.edge_corners[e as usize];
        let other = if a.idx() == c { b.idx() } else { a.idx() };
        let mut u = used;
        u.insert(e as usize);
        let more = if foreign.contains(other) {
            0
        } else {
            trail(g, other, all, ships, own, foreign, u, kind)
        };
        best = best.max(1 + more);
    }
    best
}

/// Raiders' own invariants: piece and raider counts, derived sets, where pieces stand.
pub fn check(g: &Game) -> Result<(), String> {
    let s = &g.s;
    let n = s.n_players as usize;
    let start = opts(g).pool(s.n_players) as u32;
    let kept: u32 = s.players[..n].iter().map(|p| p.raiders_kept as u32).sum();
    let total = s.raiders.pool as u32 + desert_stock(s) + s.raiders.raided.len() + kept;
    if total != start {
        return Err(format!(
            "raiders: pool + deserts + raided + kept = {total}, not {start}"
        ));
    }
    if !s.raiders.raided.minus(g.topo.land_hexes).is_empty()
        || !s.raiders.raided.intersect(g.topo.raider_deserts).is_empty()
    {
        return Err("a raider on a sea hex or counted as raiding a desert".into());
    }
    if !s.raiders.arrived.minus(s.raiders.raided).is_empty() {
        return Err("a hex arrived this turn is not raided".into());
    }
    if cancelled_roads(g) != s.raiders.cancelled {
        return Err("the cancelled-road set is stale".into());
    }
    if taken_buildings(g) != s.raiders.taken {
        return Err("the taken-building set is stale".into());
    }
    let mut pieces = EdgeSet::EMPTY;
    for (q, p) in s.players[..n].iter().enumerate() {
        if p.ships.len() as u8 + p.ships_left != SHIPS_PER_PLAYER {
            return Err(format!("seat {q}: ship count does not add up"));
        }
        if !p.ships.minus(g.topo.sea_edges).is_empty() {
            return Err(format!("seat {q}: a ship on an edge without sea"));
        }
        if !p.roads.intersect(p.ships).is_empty()
            || !pieces.intersect(p.roads.union(p.ships)).is_empty()
        {
            return Err(format!("seat {q}: two pieces on one edge"));
        }
        pieces = pieces.union(p.roads).union(p.ships);
        if net_of(g, PlayerId(q as u8)) != p.net {
            return Err(format!("seat {q}: stale network"));
        }
        // The route length is held to `route_length_brute` by `Game::check_invariants` (its
        // `road_length_brute` hook), remembered there between steps.
    }
    if pieces != s.roads {
        return Err("the board's edge pieces differ from the players' roads and ships".into());
    }
    if s.largest_army != NO_PLAYER {
        return Err("largest army awarded in Raiders".into());
    }
    if matches!(g.rules.variant, Variant::Raiders(_)) && s.face_down != HexSet::EMPTY {
        return Err("face-down tokens in Raiders".into());
    }
    Ok(())
}
