//! The `solitaire` policy: one player against the robber's destruction (Solitaire Catan), also
//! playable in any seat of the other variants (it falls back to uniform choice in phases it has
//! no opinion on, such as moving the base game's robber).
//!
//! What it does: places its set-up settlements on the richest, most varied corners; keeps a
//! knight for a seven only when the seven would cost little (robber in the desert, at most
//! 5 cards, another card to lose), else cancels; builds cities, then settlements, then
//! development cards, roads only toward a settlement spot (or toward longest road); trades with
//! the bank at its best rate only when the trade brings the chosen build closer; discards and
//! loses what its build needs least.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use crate::catan::*;
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use rand::Rng as _;

/// The solitaire policy's knobs (a config's `[solitaire]` table; every field optional).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SolitaireKnobs {
    /// Varied openings: 0 takes the best set-up corner; above 0 a corner is drawn by softmax
    /// over the corner values with this temperature, in value points. Default 0.
    pub setup_temperature: f32,
}

impl Default for SolitaireKnobs {
    fn default() -> Self {
        SolitaireKnobs {
            setup_temperature: 0.0,
        }
    }
}

/// The solitaire policy (no state but its knobs).
#[derive(Clone, Copy, Debug, Default)]
pub struct SolitairePolicy {
    /// The knobs this policy plays by.
    pub knobs: SolitaireKnobs,
}

/// Pips a hex gives its neighbours now: 0 for no token, a destroyed or face-down tile; half
/// under a blocking robber.
fn hex_value(g: &Game, h: usize) -> f64 {
    if g.layout.terrain[h].resource().is_none()
        || g.s.destroyed.contains(h)
        || g.s.face_down.contains(h)
    {
        return 0.0;
    }
    let p = pips(g.layout.token[h]) as f64;
    if g.rules.variant.robber_blocks() && g.s.robber.idx() == h {
        p * 0.5
    } else {
        p
    }
}

/// Seat `p`'s production in pips per resource (cities twice).
fn production(g: &Game, p: PlayerId) -> [f64; 5] {
    let me = g.s.player(p);
    let mut out = [0.0; 5];
    for c in me.buildings.iter() {
        let w = if me.cities.contains(c) { 2.0 } else { 1.0 };
        for &h in &g.topo.corner_hexes[c] {
            if h == NONE {
                continue;
            }
            if let Some(r) = g.layout.terrain[h as usize].resource() {
                out[r.idx()] += w * hex_value(g, h as usize);
            }
        }
    }
    out
}

/// Value of a settlement on corner `c` for seat `p`: pips, more for resources it lacks, and a
/// little for a harbor.
fn corner_value(g: &Game, _p: PlayerId, c: usize, prod: &[f64; 5]) -> f64 {
    let mut v = 0.0;
    let mut seen = [false; 5];
    for &h in &g.topo.corner_hexes[c] {
        if h == NONE {
            continue;
        }
        if let Some(r) = g.layout.terrain[h as usize].resource() {
            let pv = hex_value(g, h as usize);
            let scarce = if prod[r.idx()] < 1.0 && !seen[r.idx()] {
                1.5
            } else {
                1.0
            };
            // Ore and grain build cities; brick and lumber roads and settlements.
            let weight = match r {
                Resource::Ore | Resource::Grain => 1.15,
                _ => 1.0,
            };
            v += pv * scarce * weight;
            seen[r.idx()] = true;
        }
    }
    if g.layout.harbor[c] != 0 {
        v += 1.0;
    }
    v
}

/// Production of the buildings on corner `c` (for choosing a city).
fn corner_pips(g: &Game, c: usize) -> f64 {
    g.topo.corner_hexes[c]
        .iter()
        .filter(|&&h| h != NONE)
        .map(|&h| hex_value(g, h as usize))
        .sum()
}

/// The best free settlement spot reachable from edge `e` (its far corner or one step beyond).
fn road_value(g: &Game, p: PlayerId, e: usize, prod: &[f64; 5]) -> f64 {
    let me = g.s.player(p);
    let mut best: f64 = 0.0;
    for c in g.topo.edge_corners[e] {
        let c = c.idx();
        if me.net.contains(c) {
            continue;
        }
        if g.topo.land_corners.contains(c) && !g.s.blocked.contains(c) {
            best = best.max(corner_value(g, p, c, prod));
        }
        for &n in &g.topo.corner_neighbors[c] {
            if n == NONE {
                continue;
            }
            let n = n as usize;
            if g.topo.land_corners.contains(n) && !g.s.blocked.contains(n) && !me.net.contains(n) {
                best = best.max(0.6 * corner_value(g, p, n, prod));
            }
        }
    }
    best
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Goal {
    City,
    Settlement,
    Road,
    Dev,
    Nothing,
}

fn cost(goal: Goal) -> Hand {
    match goal {
        Goal::City => CITY_COST,
        Goal::Settlement => SETTLEMENT_COST,
        Goal::Road => ROAD_COST,
        Goal::Dev => DEV_COST,
        Goal::Nothing => [0; 5],
    }
}

fn missing(hand: &Hand, c: &Hand) -> u32 {
    (0..5).map(|i| c[i].saturating_sub(hand[i]) as u32).sum()
}

struct View {
    p: PlayerId,
    prod: [f64; 5],
    best_spot: Option<(usize, f64)>,
    best_road: Option<(usize, f64)>,
}

fn view(g: &Game) -> View {
    let p = PlayerId(g.s.current);
    let prod = production(g, p);
    let me = g.s.player(p);
    let best_spot = if me.settlements_left > 0 {
        g.settlement_spots(p)
            .iter()
            .map(|c| (c, corner_value(g, p, c, &prod)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    } else {
        None
    };
    let best_road = if me.roads_left > 0 {
        g.road_spots(p)
            .iter()
            .map(|e| (e, road_value(g, p, e, &prod)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    } else {
        None
    };
    View {
        p,
        prod,
        best_spot,
        best_road,
    }
}

/// What to save for: the build with the best value per missing card.
fn goal(g: &Game, v: &View) -> Goal {
    let me = g.s.player(v.p);
    let hand = &me.hand;
    let mut cands: [(Goal, f64); 4] = [(Goal::Nothing, 0.0); 4];
    let has_settlement = me.buildings.len() > me.cities.len();
    if me.cities_left > 0 && has_settlement {
        cands[0] = (Goal::City, 3.2);
    }
    if let Some((_, val)) = v.best_spot {
        cands[1] = (Goal::Settlement, 2.6 + val / 10.0);
    }
    let road_useful = v.best_road.is_some_and(|(_, val)| val > 0.0)
        && v.best_spot.is_none()
        && me.settlements_left > 0;
    let road_for_award = g.rules.variant.awards()
        && v.best_road.is_some()
        && g.s.longest_road != v.p.0
        && me.road_length >= 2;
    if road_useful {
        cands[2] = (Goal::Road, 2.0);
    } else if road_for_award {
        cands[2] = (Goal::Road, 0.8);
    }
    if g.deck_available() {
        let knights = me.dev[DevCard::Knight.idx()] + me.dev_new[DevCard::Knight.idx()];
        cands[3] = (Goal::Dev, if knights == 0 { 2.0 } else { 1.4 });
    }
    let mut best = (Goal::Nothing, 0.0);
    for (goal, val) in cands {
        if goal == Goal::Nothing {
            continue;
        }
        let score = val / (1.0 + missing(hand, &cost(goal)) as f64);
        if score > best.1 {
            best = (goal, score);
        }
    }
    best.0
}

/// The resource the current goal needs most (else the one produced least).
fn most_needed(g: &Game, v: &View, bank_ok: impl Fn(usize) -> bool) -> Resource {
    let hand = g.s.player(v.p).hand;
    let c = cost(goal(g, v));
    let mut best = None;
    let mut best_key = (i32::MIN, f64::MIN);
    for i in 0..5 {
        if !bank_ok(i) {
            continue;
        }
        let need = c[i] as i32 - hand[i] as i32;
        let key = (need.min(1), -v.prod[i]);
        if key.0 > best_key.0 || (key.0 == best_key.0 && key.1 > best_key.1) {
            best_key = key;
            best = Some(i);
        }
    }
    Resource::from_idx(best.unwrap_or(0))
}

/// Whether to spend a knight cancelling this seven.
fn cancel_seven(g: &Game) -> bool {
    let me = g.s.cur();
    let others: u8 = solitaire::losable(g)
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != DevCard::Knight.idx())
        .map(|(_, &n)| n)
        .sum();
    // Declining would cost a knight anyway, or cards, or risk a tile.
    others == 0
        || me.hand_size() > g.rules.hand_limit as u32
        || solitaire::destructible(g, g.s.robber)
        || g.s.destroyed.len() >= 3
}

/// Under `knight_play = "move-robber"`: play a knight only when the largest army it wins (2 VP)
/// wins the game at once. Otherwise knights wait to cancel sevens: measured on 10,000 paired games,
/// playing one whenever it took largest army (from the desert, or from one of the player's tiles
/// with a second knight kept) lost 0.8-1.3 points against never playing one, since a knight spent
/// early is missing at the next seven and would have counted toward the army then anyway.
fn knight_pays(g: &Game) -> bool {
    let me = g.s.cur();
    g.rules.variant.largest_army()
        && g.s.largest_army != g.s.current
        && me.knights_played + 1 >= 3
        && me.vp + 2 >= g.rules.vp_to_win
}

/// Where a knight sends the robber: the tile that hurts the player least, then the fewest pips
/// (the tile he will later leave, with the destruction die, matters least).
fn knight_target(g: &Game) -> Action {
    let best = solitaire::knight_targets(g)
        .iter()
        .min_by_key(|&h| (solitaire::hurt(g, h), pips(g.layout.token[h]), h))
        .expect("a knight has somewhere to send the robber");
    Action::MoveRobber {
        hex: HexId(best as u8),
        victim: NO_PLAYER,
    }
}

impl SolitairePolicy {
    fn main(&self, g: &Game, legal: &ActionList, rng: &mut Rng) -> Action {
        let v = view(g);
        let me = g.s.player(v.p);
        let has = |a: &Action| legal.contains(a);
        // Cards first: they never hurt.
        if !g.s.dev_played {
            if has(&Action::PlayKnight) && knight_pays(g) {
                return Action::PlayKnight;
            }
            if me.dev[DevCard::YearOfPlenty.idx()] > 0 {
                // Two of the resource the goal needs most.
                let a = most_needed(g, &v, |i| g.s.bank[i] > 1);
                let act = Action::PlayYearOfPlenty(a, a);
                if has(&act) {
                    return act;
                }
            }
            if me.dev[DevCard::Monopoly.idx()] > 0 {
                let r = most_needed(g, &v, |i| g.s.bank[i] > 0);
                let act = Action::PlayMonopoly(r);
                if has(&act) {
                    return act;
                }
            }
            if me.dev[DevCard::RoadBuilding.idx()] > 0
                && v.best_road.is_some_and(|(_, val)| val > 0.0)
                && has(&Action::PlayRoadBuilding)
            {
                return Action::PlayRoadBuilding;
            }
        }
        // Builds that are payable now, best first.
        if let Some(c) = me
            .buildings
            .minus(me.cities)
            .iter()
            .filter(|&c| has(&Action::BuildCity(CornerId(c as u8))))
            .max_by(|&a, &b| corner_pips(g, a).total_cmp(&corner_pips(g, b)))
        {
            return Action::BuildCity(CornerId(c as u8));
        }
        if let Some((c, _)) = v.best_spot {
            let a = Action::BuildSettlement(CornerId(c as u8));
            if has(&a) {
                return a;
            }
        }
        let goal = goal(g, &v);
        match goal {
            Goal::Road => {
                if let Some((e, _)) = v.best_road {
                    let a = Action::BuildRoad(EdgeId(e as u8));
                    if has(&a) {
                        return a;
                    }
                }
            }
            Goal::Dev if has(&Action::BuyDev) => return Action::BuyDev,
            _ => {}
        }
        // Bank trade toward the goal: give the largest surplus, get a missing resource.
        let need = cost(goal);
        if goal != Goal::Nothing && missing(&me.hand, &need) > 0 {
            let get = (0..5)
                .filter(|&i| need[i] > me.hand[i] && g.s.bank[i] > 0)
                .max_by_key(|&i| need[i] - me.hand[i]);
            let give = (0..5)
                .filter(|&i| me.hand[i] >= need[i] + me.rate(Resource::from_idx(i)))
                .max_by_key(|&i| me.hand[i] - need[i]);
            if let (Some(get), Some(give)) = (get, give) {
                let a = Action::BankTrade {
                    give: Resource::from_idx(give),
                    get: Resource::from_idx(get),
                };
                if has(&a) {
                    return a;
                }
            }
        }
        // A big hand invites halving on a seven: spend it.
        if me.hand_size() > g.rules.hand_limit as u32 {
            if has(&Action::BuyDev) {
                return Action::BuyDev;
            }
            if let Some((e, val)) = v.best_road {
                let a = Action::BuildRoad(EdgeId(e as u8));
                if val > 0.0 && has(&a) {
                    return a;
                }
            }
        }
        let _ = rng;
        Action::EndTurn
    }
}

impl Policy<Game<'_>> for SolitairePolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        g.legal_actions(legal);
        debug_assert!(!legal.is_empty(), "no legal action in {:?}", g.s.phase);
        let p = g.actor();
        match g.s.phase {
            Phase::SetupSettlement => {
                let prod = production(g, p);
                let spots = legal.iter().filter_map(|a| match a {
                    Action::BuildSettlement(c) => Some(*c),
                    _ => None,
                });
                let best = if self.knobs.setup_temperature > 0.0 {
                    let scored = spots.map(|c| (c, corner_value(g, p, c.idx(), &prod) as f32));
                    super::opening::pick(scored, self.knobs.setup_temperature, rng)
                } else {
                    spots.max_by(|a, b| {
                        corner_value(g, p, a.idx(), &prod).total_cmp(&corner_value(
                            g,
                            p,
                            b.idx(),
                            &prod,
                        ))
                    })
                };
                if let Some(c) = best {
                    return Action::BuildSettlement(c);
                }
            }
            Phase::SetupRoad | Phase::RoadBuilding => {
                let prod = production(g, p);
                let best = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::BuildRoad(e) => Some(*e),
                        _ => None,
                    })
                    .max_by(|a, b| {
                        road_value(g, p, a.idx(), &prod).total_cmp(&road_value(
                            g,
                            p,
                            b.idx(),
                            &prod,
                        ))
                    });
                if let Some(e) = best {
                    return Action::BuildRoad(e);
                }
            }
            Phase::SevenChoice => {
                return if cancel_seven(g) {
                    Action::CancelSeven
                } else {
                    Action::AcceptSeven
                };
            }
            Phase::LoseDev => {
                for c in [
                    DevCard::Monopoly,
                    DevCard::RoadBuilding,
                    DevCard::YearOfPlenty,
                    DevCard::Knight,
                    // Only when nothing else is left: it takes a point with it.
                    DevCard::VictoryPoint,
                ] {
                    if legal.contains(&Action::LoseDev(c)) {
                        return Action::LoseDev(c);
                    }
                }
            }
            Phase::Discard => {
                let v = view(g);
                let me = g.s.player(p);
                let need = cost(goal(g, &v));
                let r = (0..5)
                    .filter(|&i| me.hand[i] > 0)
                    .max_by_key(|&i| (me.hand[i] as i32 - need[i] as i32, me.hand[i]));
                if let Some(r) = r {
                    return Action::Discard(Resource::from_idx(r));
                }
            }
            Phase::Bonus => {
                let v = view(g);
                let r = most_needed(g, &v, |i| g.s.bank[i] > 0);
                return Action::TakeBonus(r);
            }
            Phase::MoveRobber => return knight_target(g),
            Phase::PreRoll if legal.contains(&Action::Roll) => return Action::Roll,
            Phase::Main if p.0 == g.s.current => return self.main(g, legal, rng),
            _ => {}
        }
        legal[rng.random_range(0..legal.len())]
    }
}
