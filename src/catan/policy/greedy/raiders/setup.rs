//! Greedy's Raiders set-up.
//!
//! Greedy's Raiders set-up: settlements valued with the raiders' threat and the shipping line they
//! open, and the first settlement's ship.

use super::plan::{reach_values, search_values};
use super::view::{spot_value, spot_values, View};
use crate::catan::kernel::raiders;
use crate::catan::policy::opening;
use crate::catan::policy::spots::{production, setup_production, STEP};
use crate::catan::*;
use crate::engine::seeds::Rng;

/// Set-up: share of the best shipping line's value (island spot less its ships) a coastal
/// corner adds, for the first settlement (which takes the ship) and the second.
const SETUP_REACH_FIRST: f32 = 0.4;
const SETUP_REACH_SECOND: f32 = 0.15;

/// Values of the island spots for a seat producing `prod` (others `f32::MIN`).
fn island_values(g: &Game, v: &View, prod: &[u32; 5]) -> [f32; MAX_CORNERS] {
    spot_values(g, v, v.island.minus(g.s.blocked), prod)
}

/// Set-up settlement: greedy's corner score with the raiders' threat; the first (coastal) one
/// also values the shipping line it opens toward the islands. At `temperature` > 0 the corner
/// is drawn by softmax over those values (see [`opening::pick`]).
pub(super) fn setup_settlement(g: &Game, temperature: f32, rng: &mut Rng) -> Action {
    let p = PlayerId(g.s.current);
    let prod = production(g, p, false);
    let v = View::new(g, p);
    let first = g.s.setup_step < g.s.n_players;
    let islands = island_values(g, &v, &prod);
    let sea = g.topo.sea_edges.minus(g.s.roads);
    let corners = raiders::setup_corners(g);
    let coast = if v.island.is_empty() {
        CornerSet::EMPTY
    } else {
        corners.intersect(g.topo.coast_corners)
    };
    // One pass for every coastal corner instead of a search from each.
    let reaches = reach_values(g, coast, sea, g.s.occupied, &islands, SHIPS_PER_PLAYER);
    let scored = corners.iter().filter_map(|c| {
        let mut x = spot_value(g, &v, c, &prod, true)?;
        if coast.contains(c) {
            let reach = match reaches[c] {
                Some(r) => Some(r),
                None if g.s.occupied.contains(c) || islands[c] > f32::MIN => {
                    let mut roots = CornerSet::EMPTY;
                    roots.insert(c);
                    search_values(g, roots, sea, g.s.occupied, &islands, SHIPS_PER_PLAYER)
                        .map(|(_, r)| r)
                }
                None => None,
            }
            .map_or(0.0, |r| r.max(0.0));
            x += if first {
                SETUP_REACH_FIRST
            } else {
                SETUP_REACH_SECOND
            } * reach;
        }
        Some((c, x))
    });
    match opening::pick(scored, temperature, rng) {
        Some(c) => Action::BuildSettlement(CornerId(c as u8)),
        // Every legal corner is doomed (only when set-up raiders began the storm): the first.
        None => Action::BuildSettlement(CornerId(raiders::setup_corners(g).nth(0) as u8)),
    }
}

/// Set-up ship from the first settlement: the sea edge that starts the best line to an island.
pub(super) fn setup_ship(g: &Game) -> Option<Action> {
    let p = PlayerId(g.s.current);
    let from = g.s.last_settlement.idx();
    let prod = setup_production(g, p, from);
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
            search_values(g, roots, sea, g.s.occupied, &islands, SHIPS_PER_PLAYER)
                .map_or(f32::MIN / 2.0, |(_, r)| r + STEP)
        };
        if x > best_v || best.is_none() {
            best_v = x;
            best = Some(e);
        }
    }
    best.map(|e| Action::BuildShip(EdgeId(e as u8)))
}
