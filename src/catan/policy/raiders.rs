//! The `greedy` policy's play of The Raiders of Catan: set-up, shipping lines to the islands, raiders, soldiers, victims and the special building phase.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use super::cards::{affords, bank_step, discard_choice, simple_need, year_of_plenty_for};
use super::spots::{corner_score, production, setup_road};
use crate::catan::kernel::raiders;
use crate::catan::NONE;
use crate::catan::*;
use crate::engine::seeds::Rng;

/// Most bank trades in one turn (as greedy's base play).
const MAX_BANK_TRADES: u8 = 8;
/// Corner-score points one more road or ship on the way to a spot costs.
const STEP: f32 = 2.0;
/// How much better a spot further away must be before greedy builds toward it rather than
/// settling the open spot it has now (0: the better plan wins).
const SETTLE_MARGIN: f32 = 0.0;
/// Value of a jungle pip relative to a resource pip: discoveries pay for development cards and,
/// not being cards in hand, are never discarded on a seven nor stolen.
const JUNGLE: f32 = 1.5;
/// A soldier is played when taking a raider off is worth at least this much.
const KNIGHT_MIN: f32 = 5.0;
/// Extra value of an island spot before the first island building: `ISLAND_BASE` at the start,
/// `ISLAND_BASE + ISLAND_RAMP` once the pool is empty.
const ISLAND_BASE: f32 = 4.0;
const ISLAND_RAMP: f32 = 6.0;
/// Set-up: share of the best shipping line's value (island spot less its ships) a coastal
/// corner adds, for the first settlement (which takes the ship) and the second.
const SETUP_REACH_FIRST: f32 = 0.4;
const SETUP_REACH_SECOND: f32 = 0.15;

// ---------------------------------------------------------------------------------------------
// What the raiders threaten.
// ---------------------------------------------------------------------------------------------

/// The raiders' threat as seat `p` sees it: how likely each hex is to stop producing, and how
/// much an island spot is worth beyond its production.
struct View {
    storm: bool,
    /// Raiders standing on the deserts, ready to raid.
    stock: u32,
    /// Chance-like weight (0..=1) that a hex stops producing: 1 when raided.
    threat: [f32; MAX_HEXES],
    /// Hexes next to a raider desert or a raided hex: the storm's next targets.
    near: HexSet,
    /// Corners out of the storm's reach (land not on the home island).
    island: CornerSet,
    /// Extra value of an island spot for `p`.
    island_bonus: f32,
}

impl View {
    fn new(g: &Game, p: PlayerId) -> View {
        let r = &g.s.raiders;
        let storm = raiders::storm(&g.s);
        let start = g
            .rules
            .variant
            .raiders()
            .unwrap_or_default()
            .pool(g.s.n_players)
            .max(1) as f32;
        // 0 at the start, 1 once the pool is empty.
        let urgency = if storm {
            1.0
        } else {
            1.0 - r.pool as f32 / start
        };
        let stock = raiders::desert_stock(&g.s);
        let deserts = !g.topo.raider_desert_list.is_empty();
        let home_area = g
            .topo
            .raider_desert_list
            .first()
            .map_or(0, |h| g.topo.hex_area[h.idx()]);
        let sources = g.topo.raider_deserts.union(r.raided);
        let island = g.topo.land_corners.minus(g.topo.home_corners);
        let mut threat = [0.0f32; MAX_HEXES];
        let mut near = HexSet::EMPTY;
        // How many raids the deserts can still feed, as a share of a real threat.
        let fed = (stock as f32 / 6.0).min(1.0);
        for h in g.layout.tokened.iter() {
            if r.raided.contains(h) {
                threat[h] = 1.0;
                continue;
            }
            if !deserts || g.topo.hex_area[h] != home_area {
                continue;
            }
            let adjacent = !g.topo.hex_neighbor_set[h].intersect(sources).is_empty();
            if adjacent {
                near.insert(h);
            }
            threat[h] = match (storm, adjacent) {
                (true, true) => 0.75 * fed,
                (true, false) => 0.35 * fed,
                (false, true) => 0.15 + 0.45 * urgency,
                (false, false) => 0.05 + 0.25 * urgency,
            };
        }
        let me = g.s.player(p);
        let settled = !me.buildings.intersect(island).is_empty();
        let island_bonus = if island.is_empty() || !deserts {
            0.0
        } else if settled {
            1.0
        } else if storm {
            3.0
        } else {
            ISLAND_BASE + ISLAND_RAMP * urgency
        };
        View {
            storm,
            stock,
            threat,
            near,
            island,
            island_bonus,
        }
    }

    /// A building on `c` would be taken at once (every numbered hex raided) or soon (every one
    /// raided or next in the storm's way while the deserts still feed it).
    fn doomed(&self, g: &Game, c: usize) -> bool {
        let mut numbered = 0;
        let mut raided = 0;
        let mut exposed = 0;
        for &h in &g.topo.corner_hexes[c] {
            if h == NONE || !g.layout.tokened.contains(h as usize) {
                continue;
            }
            let h = h as usize;
            numbered += 1;
            if g.s.raiders.raided.contains(h) {
                raided += 1;
                exposed += 1;
            } else if self.near.contains(h) {
                exposed += 1;
            }
        }
        numbered > 0
            && (raided == numbered || (self.storm && self.stock >= 2 && exposed == numbered))
    }
}

/// Seat `p`'s expected production per resource in pips from hexes not raided (cities twice).
fn live_production(g: &Game, p: PlayerId) -> [u32; 5] {
    let me = g.s.player(p);
    let mut out = [0u32; 5];
    for c in me.buildings.minus(g.s.raiders.taken).iter() {
        let w = if me.cities.contains(c) { 2 } else { 1 };
        for &h in &g.topo.corner_hexes[c] {
            if h == NONE || g.s.raiders.raided.contains(h as usize) {
                continue;
            }
            if let Some(r) = g.layout.terrain[h as usize].resource() {
                out[r.idx()] += w * pips(g.layout.token[h as usize]) as u32;
            }
        }
    }
    out
}

/// Value of corner `c` as a settlement site: greedy's corner score, less the production the
/// raiders are likely to take, plus jungle discoveries, less the volcano's risk, plus the
/// island bonus. `None` where a settlement would be taken (soon).
fn spot_value(g: &Game, v: &View, c: usize, prod: &[u32; 5], setup: bool) -> Option<f32> {
    if v.doomed(g, c) {
        return None;
    }
    let mut s = corner_score(g, c, prod, setup);
    for &h in &g.topo.corner_hexes[c] {
        if h == NONE {
            continue;
        }
        let h = h as usize;
        let pp = pips(g.layout.token[h]) as f32;
        match g.layout.terrain[h] {
            Terrain::Jungle => s += JUNGLE * pp * (1.0 - v.threat[h]),
            Terrain::Volcano => s -= 1.0 + 0.5 * pp,
            _ => {}
        }
        if g.layout.terrain[h].resource().is_some() {
            s -= pp * v.threat[h];
        }
    }
    if v.island.contains(c) {
        s += v.island_bonus;
    }
    Some(s)
}

/// Value of upgrading `c`: its production not threatened (counted twice, as greedy does) plus
/// its raw production; `None` if the upgrade cannot or should not be made.
fn city_value(g: &Game, v: &View, c: usize) -> Option<f32> {
    if g.s.raiders.taken.contains(c) || v.doomed(g, c) {
        return None;
    }
    let mut s = 1.0f32;
    for &h in &g.topo.corner_hexes[c] {
        if h == NONE {
            continue;
        }
        let h = h as usize;
        let pp = pips(g.layout.token[h]) as f32;
        let live = pp * (1.0 - v.threat[h]);
        match g.layout.terrain[h] {
            Terrain::Jungle => s += JUNGLE * live,
            Terrain::Volcano => s += live - 1.0,
            t if t.resource().is_some() => s += 2.0 * live + pp,
            _ => {}
        }
    }
    if v.island.contains(c) {
        s += 1.0;
    }
    Some(s)
}

/// Breadth-first search from `roots` over the free edges `edges`, never through a `foreign`
/// corner: the first edge toward the corner maximising `value[c] - STEP * steps` (corners
/// with a finite value only, `roots` excluded), within `max_depth` steps.
fn search(
    g: &Game,
    roots: CornerSet,
    edges: EdgeSet,
    foreign: CornerSet,
    value: &[f32; MAX_CORNERS],
    max_depth: u8,
) -> Option<(EdgeId, f32)> {
    let mut dist = [u8::MAX; MAX_CORNERS];
    let mut first = [NONE; MAX_CORNERS];
    let mut queue = [0u8; MAX_CORNERS];
    let (mut head, mut tail) = (0usize, 0usize);
    for c in roots.iter() {
        dist[c] = 0;
        queue[tail] = c as u8;
        tail += 1;
    }
    let mut best = None;
    let mut best_v = f32::MIN;
    while head < tail {
        let c = queue[head] as usize;
        head += 1;
        let d = dist[c];
        if d >= max_depth {
            break;
        }
        for &e in &g.topo.corner_edges[c] {
            if e == NONE || !edges.contains(e as usize) {
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
            if value[o] > f32::MIN {
                let v = value[o] - STEP * (d + 1) as f32;
                if v > best_v {
                    best_v = v;
                    best = Some(EdgeId(first[o]));
                }
            }
            queue[tail] = o as u8;
            tail += 1;
        }
    }
    best.map(|e| (e, best_v))
}

/// Roots of `p`'s shipping lines: its buildings and the corners of its ships not held by
/// another player's building (where `raiders::ship_spots` anchors).
fn ship_roots(g: &Game, p: PlayerId, ships: EdgeSet) -> CornerSet {
    let me = g.s.player(p);
    let foreign = g.s.occupied.minus(me.buildings);
    me.buildings
        .union(raiders::corners_of(g, ships).minus(foreign))
}

/// Free land edges where a road would not be cancelled at once (between two covered hexes).
fn open_land_edges(g: &Game) -> EdgeSet {
    let cov = raiders::covered(g);
    let mut out = g.topo.land_edges.minus(g.s.roads);
    for e in out.iter() {
        let [a, b] = g.topo.edge_hexes[e];
        if a != NONE && b != NONE && cov.contains(a as usize) && cov.contains(b as usize) {
            out.remove(e);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The plan: what a seat builds next, memoised on the board.
// ---------------------------------------------------------------------------------------------

/// How the seat expands next.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Step {
    #[default]
    None,
    Settle(CornerId),
    Road(EdgeId),
    Ship(EdgeId),
}

/// One seat's evaluation of the board.
#[derive(Clone, Copy, Debug, Default)]
struct Plan {
    city: Option<CornerId>,
    step: Step,
    /// The best road and ship toward a spot (whatever the chosen step), for free pieces.
    road: Option<EdgeId>,
    ship: Option<EdgeId>,
    ship_v: f32,
    /// Shipping to the islands is urgent: before the storm and no island building yet.
    urgent: bool,
}

impl Plan {
    fn compute(g: &Game, p: PlayerId) -> Plan {
        let v = View::new(g, p);
        let me = g.s.player(p);
        let mut plan = Plan::default();
        let mut best_c = f32::MIN;
        if me.cities_left > 0 {
            for c in me.buildings.minus(me.cities).iter() {
                if let Some(x) = city_value(g, &v, c) {
                    if x > best_c {
                        best_c = x;
                        plan.city = Some(CornerId(c as u8));
                    }
                }
            }
        }
        if me.settlements_left == 0 {
            return plan;
        }
        let prod = live_production(g, p);
        let mut value = [f32::MIN; MAX_CORNERS];
        for c in g.topo.land_corners.minus(g.s.blocked).iter() {
            if let Some(x) = spot_value(g, &v, c, &prod, false) {
                value[c] = x;
            }
        }
        let mut spot = None;
        let mut spot_v = f32::MIN;
        for c in g.settlement_spots(p).iter() {
            if value[c] > spot_v {
                spot_v = value[c];
                spot = Some(CornerId(c as u8));
            }
        }
        let foreign = g.s.occupied.minus(me.buildings);
        let mut road_v = f32::MIN;
        if me.roads_left > 0 {
            let roots = me
                .buildings
                .union(raiders::corners_of(g, raiders::active_roads(g, p)).minus(foreign));
            if let Some((e, x)) =
                search(g, roots, open_land_edges(g), foreign, &value, me.roads_left)
            {
                plan.road = Some(e);
                road_v = x;
            }
        }
        let mut ship_v = f32::MIN;
        if me.ships_left > 0 {
            let roots = ship_roots(g, p, me.ships);
            let edges = g.topo.sea_edges.minus(g.s.roads);
            if let Some((e, x)) = search(g, roots, edges, foreign, &value, me.ships_left) {
                plan.ship = Some(e);
                ship_v = x;
            }
        }
        plan.ship_v = ship_v;
        plan.urgent = !v.storm && v.island_bonus > 1.0 && plan.ship.is_some();
        let reach = road_v.max(ship_v);
        plan.step = match spot {
            Some(c) if spot_v + SETTLE_MARGIN >= reach => Step::Settle(c),
            _ if reach > f32::MIN => {
                if ship_v >= road_v {
                    Step::Ship(plan.ship.expect("a ship step"))
                } else {
                    Step::Road(plan.road.expect("a road step"))
                }
            }
            Some(c) => Step::Settle(c),
            None => Step::None,
        };
        plan
    }
}

/// A build greedy may make, with its place.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Build {
    City(CornerId),
    Settle(CornerId),
    Road(EdgeId),
    Ship(EdgeId),
    Dev,
}

impl Build {
    fn action(self) -> Action {
        match self {
            Build::City(c) => Action::BuildCity(c),
            Build::Settle(c) => Action::BuildSettlement(c),
            Build::Road(e) => Action::BuildRoad(e),
            Build::Ship(e) => Action::BuildShip(e),
            Build::Dev => Action::BuyDev,
        }
    }

    /// What the hand must hold (a development card: discoveries stand in for what it lacks).
    fn cost(self, me: &PlayerState) -> Hand {
        match self {
            Build::City(_) => CITY_COST,
            Build::Settle(_) => SETTLEMENT_COST,
            Build::Road(_) => ROAD_COST,
            Build::Ship(_) => SHIP_COST,
            Build::Dev => {
                let mut c = DEV_COST;
                let mut left = me.discoveries;
                for i in 0..5 {
                    while left > 0 && c[i] > me.hand[i] {
                        c[i] -= 1;
                        left -= 1;
                    }
                }
                c
            }
        }
    }

    fn from_step(s: Step) -> Option<Build> {
        match s {
            Step::None => None,
            Step::Settle(c) => Some(Build::Settle(c)),
            Step::Road(e) => Some(Build::Road(e)),
            Step::Ship(e) => Some(Build::Ship(e)),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The policy's Raiders part.
// ---------------------------------------------------------------------------------------------

/// Greedy's Raiders state: the per-turn trade count and a per-seat plan memo (fixed size, `Copy`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RaidersPlay {
    turn: u32,
    trades: u8,
    keys: [u64; MAX_PLAYERS],
    plans: [Plan; MAX_PLAYERS],
}

/// A fingerprint of everything a plan reads: pieces, raiders, the seat's stock.
fn plan_key(g: &Game, p: PlayerId) -> u64 {
    let s = &g.s;
    let me = s.player(p);
    let mut k = 0x9e37_79b9_7f4a_7c15u64;
    let mut mix = |x: u64| k = (k ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(23);
    s.occupied.0.iter().for_each(|&w| mix(w));
    s.roads.0.iter().for_each(|&w| mix(w));
    s.raiders.raided.0.iter().for_each(|&w| mix(w));
    me.cities.0.iter().for_each(|&w| mix(w));
    mix(u64::from_le_bytes([
        s.raiders.pool,
        raiders::desert_stock(s).min(255) as u8,
        me.settlements_left,
        me.cities_left,
        me.roads_left,
        me.ships_left,
        p.0,
        1,
    ]));
    k | 1
}

impl RaidersPlay {
    fn plan(&mut self, g: &Game, p: PlayerId) -> Plan {
        let k = plan_key(g, p);
        let i = p.idx();
        if self.keys[i] != k {
            self.keys[i] = k;
            self.plans[i] = Plan::compute(g, p);
        }
        self.plans[i]
    }

    /// Greedy's decision in a Raiders game.
    pub(crate) fn choose(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        temperature: f32,
        rng: &mut Rng,
    ) -> Action {
        if g.s.turn != self.turn {
            self.turn = g.s.turn;
            self.trades = 0;
        }
        let p = PlayerId(g.s.current);
        match g.s.phase {
            Phase::SetupSettlement => setup_settlement(g, temperature, rng),
            Phase::SetupRoad => {
                if g.s.setup_step < g.s.n_players {
                    setup_ship(g, legal)
                } else {
                    setup_road(g)
                }
            }
            Phase::PreRoll => {
                if knight_ready(g) && removal(g, p).is_some_and(|(_, x)| x >= KNIGHT_MIN) {
                    Action::PlayKnight
                } else {
                    Action::Roll
                }
            }
            Phase::Main => self.main(g, p),
            Phase::RemoveRaider => match removal(g, p) {
                Some((h, _)) => Action::RemoveRaider(h),
                None => first_legal(g, legal),
            },
            Phase::PlaceRaider => place_raider(g, p),
            Phase::ChooseVictim => victim(g),
            Phase::SpecialBuild => self.special_build(g, p),
            Phase::RoadBuilding => self.free_piece(g, p, legal),
            Phase::Discard => {
                let q = g.actor();
                let ps = g.s.player(q);
                let prod = production(g, q, false);
                let tie = prod.map(|x| u32::MAX - x);
                let mut need = simple_need(g, q);
                // Still to reach an island before the storm: keep a ship's cards too.
                if ps.buildings.minus(g.topo.home_corners).is_empty() && !raiders::storm(&g.s) {
                    for i in 0..5 {
                        need[i] = need[i].max(SHIP_COST[i]);
                    }
                }
                Action::Discard(discard_choice(&ps.hand, &need, &tie))
            }
            Phase::Bonus => {
                let me = g.s.player(p);
                let need = simple_need(g, p);
                let r = (0..5)
                    .filter(|&r| g.s.bank[r] > 0)
                    .max_by_key(|&r| (need[r] as i32 - me.hand[r] as i32, need[r]))
                    .unwrap_or(0);
                Action::TakeBonus(Resource::from_idx(r))
            }
            _ => first_legal(g, legal),
        }
    }

    /// The builds open to `p` in priority order: city, the expansion step (settlement, road or
    /// ship), development card.
    fn builds(&mut self, g: &Game, p: PlayerId) -> ([Option<Build>; 3], Plan) {
        let plan = self.plan(g, p);
        let city = plan.city.map(Build::City);
        let step = Build::from_step(plan.step);
        let dev = g.deck_available().then_some(Build::Dev);
        ([city, step, dev], plan)
    }

    fn main(&mut self, g: &Game, p: PlayerId) -> Action {
        let me = g.s.player(p);
        let can = |c: DevCard| !g.s.dev_played && me.dev[c.idx()] > 0;
        let cards_to_play = can(DevCard::Knight)
            || can(DevCard::RoadBuilding)
            || can(DevCard::YearOfPlenty)
            || can(DevCard::Monopoly);
        if me.hand_size() < 2 && !cards_to_play && !raiders::afford_dev(g, p) {
            return Action::EndTurn;
        }
        if knight_ready(g) && removal(g, p).is_some_and(|(_, x)| x >= KNIGHT_MIN) {
            return Action::PlayKnight;
        }
        let (order, plan) = self.builds(g, p);
        if let Some(a) = move_ship(g, p, &plan) {
            return a;
        }
        if can(DevCard::RoadBuilding) && matches!(plan.step, Step::Road(_) | Step::Ship(_)) {
            return Action::PlayRoadBuilding;
        }
        if can(DevCard::Monopoly) {
            let mut held = [0u32; 5];
            for q in 0..g.s.n_players as usize {
                if q != p.idx() {
                    for r in 0..5 {
                        held[r] += g.s.players[q].hand[r] as u32;
                    }
                }
            }
            if let Some(r) = (0..5).max_by_key(|&r| held[r]) {
                if held[r] >= 3 {
                    return Action::PlayMonopoly(Resource::from_idx(r));
                }
            }
        }
        if can(DevCard::YearOfPlenty) {
            if let Some(b) = order.iter().flatten().next() {
                let c = b.cost(me);
                if !affords(&me.hand, &c) {
                    let prod = live_production(g, p);
                    if let Some(a) = year_of_plenty_for(g, &me.hand, &c, &prod) {
                        return a;
                    }
                }
            }
        }
        for &b in order.iter().flatten() {
            let c = b.cost(me);
            if affords(&me.hand, &c) {
                return b.action();
            }
            if self.trades < MAX_BANK_TRADES {
                if let Some(a) = bank_step(g, p, &c) {
                    self.trades += 1;
                    return a;
                }
            }
        }
        Action::EndTurn
    }

    /// Special building phase (5-6 players; no trades there): a city or settlement if
    /// affordable, by the same plan as on its own turn, or the next ship while shipping is
    /// urgent; else pass.
    fn special_build(&mut self, g: &Game, p: PlayerId) -> Action {
        let me = g.s.player(p);
        if me.hand_size() < 2 {
            return Action::EndTurn;
        }
        let plan = self.plan(g, p);
        if let Some(c) = plan.city {
            if affords(&me.hand, &CITY_COST) {
                return Action::BuildCity(c);
            }
        }
        match plan.step {
            Step::Settle(c) if affords(&me.hand, &SETTLEMENT_COST) => {
                return Action::BuildSettlement(c)
            }
            Step::Ship(e) if plan.urgent && affords(&me.hand, &SHIP_COST) => {
                return Action::BuildShip(e)
            }
            _ => {}
        }
        Action::EndTurn
    }

    /// A free road or ship (road building card): the plan's step, else the better of its road
    /// and ship, else any legal piece.
    fn free_piece(&mut self, g: &Game, p: PlayerId, legal: &mut ActionList) -> Action {
        let plan = self.plan(g, p);
        let me = g.s.player(p);
        let road_ok = |e: EdgeId| me.roads_left > 0 && g.road_spots(p).contains(e.idx());
        let ship_ok = |e: EdgeId| me.ships_left > 0 && raiders::ship_spots(g, p).contains(e.idx());
        match plan.step {
            Step::Road(e) if road_ok(e) => return Action::BuildRoad(e),
            Step::Ship(e) if ship_ok(e) => return Action::BuildShip(e),
            _ => {}
        }
        if let Some(e) = plan.ship.filter(|&e| ship_ok(e)) {
            return Action::BuildShip(e);
        }
        if let Some(e) = plan.road.filter(|&e| road_ok(e)) {
            return Action::BuildRoad(e);
        }
        first_legal(g, legal)
    }
}

fn first_legal(g: &Game, legal: &mut ActionList) -> Action {
    g.legal_actions(legal);
    legal[0]
}

// ---------------------------------------------------------------------------------------------
// Set-up.
// ---------------------------------------------------------------------------------------------

/// Values of the island spots for a seat producing `prod` (others `f32::MIN`).
fn island_values(g: &Game, v: &View, prod: &[u32; 5]) -> [f32; MAX_CORNERS] {
    let mut value = [f32::MIN; MAX_CORNERS];
    for c in v.island.minus(g.s.blocked).iter() {
        if let Some(x) = spot_value(g, v, c, prod, false) {
            value[c] = x;
        }
    }
    value
}

/// Set-up settlement: greedy's corner score with the raiders' threat; the first (coastal) one
/// also values the shipping line it opens toward the islands. At `temperature` > 0 the corner
/// is drawn by softmax over those values (see [`super::opening::pick`]).
fn setup_settlement(g: &Game, temperature: f32, rng: &mut Rng) -> Action {
    let p = PlayerId(g.s.current);
    let prod = production(g, p, false);
    let v = View::new(g, p);
    let first = g.s.setup_step < g.s.n_players;
    let islands = island_values(g, &v, &prod);
    let sea = g.topo.sea_edges.minus(g.s.roads);
    let scored = raiders::setup_corners(g).iter().filter_map(|c| {
        let mut x = spot_value(g, &v, c, &prod, true)?;
        if g.topo.coast_corners.contains(c) && !v.island.is_empty() {
            let mut roots = CornerSet::EMPTY;
            roots.insert(c);
            let reach = search(g, roots, sea, g.s.occupied, &islands, SHIPS_PER_PLAYER)
                .map_or(0.0, |(_, r)| r.max(0.0));
            x += if first {
                SETUP_REACH_FIRST
            } else {
                SETUP_REACH_SECOND
            } * reach;
        }
        Some((c, x))
    });
    match super::opening::pick(scored, temperature, rng) {
        Some(c) => Action::BuildSettlement(CornerId(c as u8)),
        // Every legal corner is doomed (only when set-up raiders began the storm): the first.
        None => Action::BuildSettlement(CornerId(raiders::setup_corners(g).nth(0) as u8)),
    }
}

/// Set-up ship from the first settlement: the sea edge that starts the best line to an island.
fn setup_ship(g: &Game, legal: &mut ActionList) -> Action {
    let p = PlayerId(g.s.current);
    let from = g.s.last_settlement.idx();
    let mut prod = production(g, p, false);
    for &h in &g.topo.corner_hexes[from] {
        if h != NONE {
            if let Some(r) = g.layout.terrain[h as usize].resource() {
                prod[r.idx()] += 1;
            }
        }
    }
    let v = View::new(g, p);
    let islands = island_values(g, &v, &prod);
    let spots = g.topo.corner_edge_set[from]
        .intersect(g.topo.sea_edges)
        .minus(g.s.roads);
    let mut best = None;
    let mut best_v = f32::MIN;
    for e in spots.iter() {
        let [a, b] = g.topo.edge_corners[e];
        let o = if a.idx() == from { b.idx() } else { a.idx() };
        let mut roots = CornerSet::EMPTY;
        roots.insert(o);
        let mut sea = g.topo.sea_edges.minus(g.s.roads);
        sea.remove(e);
        let x = if islands[o] > f32::MIN {
            islands[o]
        } else {
            search(g, roots, sea, g.s.occupied, &islands, SHIPS_PER_PLAYER)
                .map_or(f32::MIN / 2.0, |(_, r)| r + STEP)
        };
        if x > best_v || best.is_none() {
            best_v = x;
            best = Some(e);
        }
    }
    match best {
        Some(e) => Action::BuildShip(EdgeId(e as u8)),
        None => first_legal(g, legal),
    }
}

// ---------------------------------------------------------------------------------------------
// Raiders, soldiers, ships, victims.
// ---------------------------------------------------------------------------------------------

/// Whether the current player may play a soldier now (one in hand, none played this turn, a
/// raider to take).
fn knight_ready(g: &Game) -> bool {
    !g.s.dev_played
        && g.s.cur().dev[DevCard::Knight.idx()] > 0
        && !raiders::removal_targets(g).is_empty()
}

/// Hex steps from `h` to the nearest hex touching one of the corners of `cs` (255 if none).
fn dist_to(g: &Game, h: usize, cs: CornerSet) -> u8 {
    let mut d = u8::MAX;
    for c in cs.iter() {
        for &x in &g.topo.corner_hexes[c] {
            if x != NONE {
                d = d.min(g.topo.dist(HexId(h as u8), HexId(x)));
            }
        }
    }
    d
}

/// The raider a soldier of `p` should take and what it is worth: a raided hex next to its
/// buildings (production back, a taken building freed, one about to be taken saved), else late
/// in the storm a raider from the desert nearest its buildings.
fn removal(g: &Game, p: PlayerId) -> Option<(HexId, f32)> {
    let targets = raiders::removal_targets(g);
    if targets.is_empty() {
        return None;
    }
    let r = &g.s.raiders;
    let me = g.s.player(p);
    let stock = raiders::desert_stock(&g.s);
    let mut best = None;
    let mut best_v = f32::MIN;
    for h in targets.intersect(r.raided).iter() {
        let pp = pips(g.layout.token[h]) as f32;
        let per = if g.layout.terrain[h] == Terrain::Jungle {
            JUNGLE * pp
        } else {
            pp
        };
        let mut x = 0.0f32;
        for c in g.topo.hex_corners[h] {
            let c = c.idx();
            let o = g.s.corner_owner[c];
            if o == 0 {
                continue;
            }
            let w = if o & CITY_FLAG != 0 { 2.0 } else { 1.0 };
            if (o & 0x0f) - 1 != p.0 {
                x -= 0.3 * w * per;
                continue;
            }
            x += w * per;
            if r.taken.contains(c) {
                x += 10.0 * w;
                continue;
            }
            // About to be taken: its only free numbered hex is next in the storm's way.
            let mut free = 0;
            let mut exposed = 0;
            for &k in &g.topo.corner_hexes[c] {
                if k == NONE || !g.layout.tokened.contains(k as usize) {
                    continue;
                }
                let k = k as usize;
                if !r.raided.contains(k) {
                    free += 1;
                    let src = g.topo.raider_deserts.union(r.raided);
                    if !g.topo.hex_neighbor_set[k].intersect(src).is_empty() {
                        exposed += 1;
                    }
                }
            }
            if free == 1 && exposed == 1 && stock > 0 {
                x += 4.0 * w;
            }
        }
        // The storm may take it back.
        if stock > 0 {
            x *= 0.7;
        }
        if x > best_v {
            best_v = x;
            best = Some(HexId(h as u8));
        }
    }
    // Late in the storm: take a raider from the desert nearest own buildings.
    let deserts = targets.intersect(g.topo.raider_deserts);
    let home = me.buildings.intersect(g.topo.home_corners).minus(r.taken);
    if raiders::storm(&g.s) && !deserts.is_empty() && !home.is_empty() {
        let knights = me.dev[DevCard::Knight.idx()] as f32;
        let x = 2.0 + knights + if stock <= 3 { 3.0 } else { 0.0 };
        if x > best_v {
            let mut pick = None;
            let mut key = (u8::MAX, u8::MAX);
            for h in deserts.iter() {
                let k = g.topo.desert_ordinal[h] as usize;
                let kk = (dist_to(g, h, home), r.on_desert[k]);
                if pick.is_none() || kk < key {
                    key = kk;
                    pick = Some(HexId(h as u8));
                }
            }
            if pick.is_some() {
                best_v = x;
                best = pick;
            }
        }
    }
    if best.is_none() {
        // Nothing worth it (only when forced to choose): the first target.
        return Some((HexId(targets.nth(0) as u8), f32::MIN));
    }
    best.map(|h| (h, best_v))
}

/// The raider desert farthest from own buildings; ties toward other players' buildings. (The
/// storm spreads from every raider desert, holding raiders or not; where they stand decides
/// which roads are cancelled and which desert empties first.)
fn place_raider(g: &Game, p: PlayerId) -> Action {
    let me = g.s.player(p);
    let others = g.s.occupied.minus(me.buildings);
    let mut best = None;
    let mut key = (0u8, 0i16);
    for h in g.topo.raider_deserts.iter() {
        let k = (dist_to(g, h, me.buildings), -(dist_to(g, h, others) as i16));
        if best.is_none() || k > key {
            key = k;
            best = Some(h);
        }
    }
    Action::PlaceRaider(HexId(best.expect("a raider desert") as u8))
}

/// Seven: take a card from the leader (most VP, then most cards) among players holding cards.
fn victim(g: &Game) -> Action {
    let me = g.s.current;
    let mut best = NO_PLAYER;
    let mut key = (0u8, 0u32);
    for q in 0..g.s.n_players {
        let ps = &g.s.players[q as usize];
        if q == me || ps.hand_size() == 0 {
            continue;
        }
        let k = (ps.vp, ps.hand_size());
        if best == NO_PLAYER || k > key {
            best = q;
            key = k;
        }
    }
    Action::StealFrom(PlayerId(best))
}

/// Moving a ship: only an open end ship that the best shipping line does not use, onto that
/// line's next edge, when this makes the line clearly shorter; never a ship that gives access
/// to an open settlement spot.
fn move_ship(g: &Game, p: PlayerId, plan: &Plan) -> Option<Action> {
    let Step::Ship(e) = plan.step else {
        return None;
    };
    if g.s.raiders.ship_moved || g.s.raiders.turn_owner != NO_PLAYER {
        return None;
    }
    let movable = raiders::movable_ships(g, p);
    if movable.is_empty() {
        return None;
    }
    let me = g.s.player(p);
    let spots = g.settlement_spots(p);
    let v = View::new(g, p);
    let prod = live_production(g, p);
    let mut value = [f32::MIN; MAX_CORNERS];
    let mut valued = false;
    let foreign = g.s.occupied.minus(me.buildings);
    for from in movable.iter() {
        let [a, b] = g.topo.edge_corners[from];
        if spots.contains(a.idx()) || spots.contains(b.idx()) {
            continue;
        }
        if !raiders::move_targets(g, p, from).contains(e.idx()) {
            continue;
        }
        if !valued {
            valued = true;
            for c in g.topo.land_corners.minus(g.s.blocked).iter() {
                if let Some(x) = spot_value(g, &v, c, &prod, false) {
                    value[c] = x;
                }
            }
        }
        let mut ships = me.ships;
        ships.remove(from);
        ships.insert(e.idx());
        let mut roads = g.s.roads;
        roads.remove(from);
        roads.insert(e.idx());
        let roots = ship_roots(g, p, ships);
        let edges = g.topo.sea_edges.minus(roads);
        let after =
            search(g, roots, edges, foreign, &value, me.ships_left).map_or(f32::MIN, |(_, x)| x);
        if after >= plan.ship_v + 1.5 {
            return Some(Action::MoveShip {
                from: EdgeId(from as u8),
                to: e,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catan::policy::{GreedyPolicy, Policy, RandomPolicy};
    use crate::catan::sim::GameRngs;
    use crate::engine::play::{play, Strict};
    use crate::engine::seeds::Rng;

    fn topo() -> Topology {
        Topology::build(&crate::catan::mapfile::resolve_map("raiders-3-4").unwrap()).unwrap()
    }

    /// Records when the storm began and where settlements were built before it.
    struct Watch {
        island: CornerSet,
        storm: bool,
        early: [bool; MAX_PLAYERS],
    }

    impl Sink<Event> for Watch {
        fn event(&mut self, e: &Event) {
            match *e {
                Event::StormBegins { .. } => self.storm = true,
                Event::Build {
                    player,
                    piece: Piece::Settlement,
                    at,
                    ..
                } if !self.storm && self.island.contains(at as usize) => {
                    self.early[player.idx()] = true
                }
                _ => {}
            }
        }
    }

    /// Greedy in one seat, random players in the others.
    struct Mixed {
        seat: u8,
        greedy: GreedyPolicy,
    }

    impl Policy<Game<'_>> for Mixed {
        fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
            if g.actor().0 == self.seat {
                self.greedy.choose(g, legal, rng)
            } else {
                RandomPolicy.choose(g, legal, rng)
            }
        }
    }

    /// Plays game `i` with 4 seats on the map, every action checked with `try_apply`.
    fn one<'t, P: Policy<Game<'t>>>(
        topo: &'t Topology,
        i: u64,
        pol: &mut P,
    ) -> (Outcome, u32, Watch) {
        let rules = Rules::raiders(4, RaidersRules::default());
        let mut g = Game::new(topo, Layout::fixed(topo), rules);
        let mut rngs = GameRngs::new(11, i);
        let mut buf = ActionList::new();
        let mut w = Watch {
            island: topo.land_corners.minus(topo.home_corners),
            storm: false,
            early: [false; MAX_PLAYERS],
        };
        play(&mut g, pol, &mut rngs, &mut buf, &mut Strict::new(&mut w));
        let o = g.s.outcome().unwrap();
        g.check_invariants().unwrap();
        (o, g.s.turn, w)
    }

    #[test]
    fn greedy_finishes_raiders_games() {
        let topo = topo();
        let n = 100;
        let (mut wins, mut early, mut turns) = (0, 0, Vec::new());
        for i in 0..n {
            let (o, t, w) = one(&topo, i, &mut GreedyPolicy::default());
            wins += matches!(o, Outcome::Winner(_)) as u32;
            early += w.early[..4].iter().filter(|&&x| x).count();
            turns.push(t);
        }
        turns.sort_unstable();
        eprintln!(
            "greedy x4 on raiders-3-4: {wins}/{n} won, median {} player-turns, island settlement before the storm {:.0}% of seats",
            turns[turns.len() / 2],
            100.0 * early as f64 / (4 * n) as f64
        );
        assert!(wins * 100 > 95 * n as u32, "only {wins}/{n} games won");
    }

    #[test]
    fn greedy_beats_random_players() {
        let topo = topo();
        let n = 100;
        let mut won = 0;
        for i in 0..n {
            let seat = (i % 4) as u8;
            let mut pol = Mixed {
                seat,
                greedy: GreedyPolicy::default(),
            };
            let (o, _, _) = one(&topo, 1000 + i, &mut pol);
            won += (o == Outcome::Winner(PlayerId(seat))) as u32;
        }
        eprintln!("greedy against 3 random players: won {won}/{n}");
        assert!(won * 100 >= 90 * n as u32, "greedy won only {won}/{n}");
    }
}
