//! Catan rows bound to their maps: the maps loaded and checked once, one `CatanRow` per row.

use crate::catan::experiment::{CatanRow, RowSpec};
use crate::catan::mapfile::{map_for, resolve_map};
use crate::catan::Topology;
use anyhow::{Context, Result};

/// The boards a Catan sweep's rows are played on, one topology per map name.
pub struct Maps(Vec<(String, Topology)>);

impl Maps {
    /// Loads every map the rows name (`map` is the sweep's; see [`map_for`]) and checks that
    /// Raiders rows have raider deserts.
    ///
    /// # Errors
    /// A map cannot be read or built, or a Raiders row's map has no raider desert.
    pub fn load(map: &str, rows: &[RowSpec]) -> Result<Maps> {
        let mut maps: Vec<(String, Topology)> = Vec::new();
        for row in rows {
            let name = map_for(map, &row.rules);
            if !maps.iter().any(|(n, _)| *n == name) {
                let spec = resolve_map(&name).with_context(|| format!("map = {name:?}"))?;
                let mut topo = Topology::build(&spec).with_context(|| format!("map = {name:?}"))?;
                topo.source_sha256 = crate::catan::mapfile::file_sha256(&name)?;
                maps.push((name.clone(), topo));
            }
            let topo = maps.iter().find(|(n, _)| *n == name).map(|(_, t)| t);
            if row.rules.variant.raiders().is_some()
                && topo.is_some_and(|t| t.raider_deserts.is_empty())
            {
                anyhow::bail!(
                    "map = {name:?}: variant \"raiders\" needs raider deserts (desert hexes with raiders = true) on a home island (home = \"...\"); allowed: base (the shipped raiders-3-4 / raiders-5-6 by player count), raiders-3-4, raiders-5-6, or a map file like them"
                );
            }
            if let (Some(t), true) = (topo, row.rules.variant.raiders().is_some()) {
                let (room, coast) = home_room(t);
                let np = row.rules.players as usize;
                if room < 2 * np || coast < np {
                    anyhow::bail!(
                        "map = {name:?}: its home island is too small for {np} players: when they place badly only {room} set-up settlements fit under the distance rule ({coast} on the coast), and {np} players need {} ({np} on the coast)",
                        2 * np
                    );
                }
            }
        }
        Ok(Maps(maps))
    }

    /// The topology of map `name` (one of those loaded).
    pub fn get(&self, name: &str) -> &Topology {
        &self
            .0
            .iter()
            .find(|(n, _)| n == name)
            .expect("every row's map is loaded")
            .1
    }
}

/// How many set-up settlements the home island holds under the distance rule even when players
/// place badly, and how many coastal ones: each count packs the spots worst first (always the spot
/// that closes the most others), so players can always place that many.
fn home_room(t: &Topology) -> (usize, usize) {
    let worst_packing = |spots: crate::catan::CornerSet| {
        let mut free = spots;
        let mut n = 0;
        while !free.is_empty() {
            let c = free
                .iter()
                .max_by_key(|&c| t.corner_block[c].intersect(free).len())
                .expect("free is not empty");
            free = free.minus(t.corner_block[c]);
            n += 1;
        }
        n
    };
    let spots = t.land_corners.intersect(t.home_corners);
    (
        worst_packing(spots),
        worst_packing(spots.intersect(t.coast_corners)),
    )
}

/// The Catan experiments of a validated sweep's rows, each on its map (`map` is the sweep's,
/// see [`map_for`]) under master `seed`; a search player's rows play at most `search_games`.
pub fn rows<'t>(
    specs: &[RowSpec],
    map: &str,
    seed: u64,
    search_games: Option<u64>,
    maps: &'t Maps,
    precision: Option<f64>,
) -> Vec<CatanRow<'t>> {
    specs
        .iter()
        .map(|&spec| CatanRow {
            topo: maps.get(&map_for(map, &spec.rules)),
            map: map_for(map, &spec.rules),
            spec,
            seed,
            precision,
            games_cap: search_games.filter(|_| spec.searches()),
            anchored: Default::default(),
        })
        .collect()
}
