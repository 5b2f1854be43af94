//! The grid's Carcassonne rows.
//!
//! The grid's Carcassonne rows: policy (or lineup × lead seat) × players × robbers × robber_placement × robber_final_points
//! × robber_share × robbers_per_player × rogue_beside × unplaceable_robber_tile × robber_tiles.

use super::{axis, names, GridFile};
use crate::carcassonne::experiment::{CarcLineup, CarcSpec};
use crate::carcassonne::players::CarcPolicySpec;
use crate::carcassonne::{
    RobberPlacement, RobberShare, RogueBeside, Rules as CarcRules, UnplaceableRobberTile,
};
use anyhow::{bail, Context, Result};

/// Most robber tiles a row may deal (the pile's room: 96 tiles in all, 72 of them base tiles).
const MAX_ROBBER_TILES: i64 = 24;
use itertools::iproduct;

/// Expands the grid's Carcassonne rows (the robber options do not multiply rows without the
/// expansion: duplicates are dropped).
///
/// # Errors
/// The first key whose value is unknown or out of range, located by `ctx`.
pub(super) fn rows(g: &GridFile, ctx: &dyn Fn(&str) -> String) -> Result<Vec<CarcSpec>> {
    let parse = |pol: &str, key: &str| {
        CarcPolicySpec::parse(pol).with_context(|| {
            let (head, tail) = pol.split_at(pol.find('-').unwrap_or(pol.len()));
            let hint = match crate::tomltext::nearest(head, ["random", "greedy", "rollout"]) {
                Some(k) if k != head => format!("; did you mean {:?}?", format!("{k}{tail}")),
                _ => String::new(),
            };
            format!(
                "{}: policy {pol:?} does not play variant \"carcassonne\"{hint}; allowed: {}",
                ctx(key),
                names(CarcPolicySpec::NAMES)
            )
        })
    };
    if g.seats.is_some() && g.policy.is_some() {
        bail!(
            "{}: a row's seats play either one policy (grid.policy) or a lineup (grid.seats); allowed: one of the two keys",
            ctx("grid.seats")
        );
    }
    if g.rotate.is_some() && g.seats.is_none() {
        bail!(
            "{}: rotates a lineup, and the grid has none; allowed: with grid.seats only",
            ctx("grid.rotate")
        );
    }
    // Each entry: the policy (a lineup's lead) and the lineup's other seats.
    let entries: Vec<(CarcPolicySpec, Option<Vec<CarcPolicySpec>>)> = match &g.seats {
        Some(_) => axis(&g.seats, vec![], "grid.seats", ctx)?
            .iter()
            .map(|text| {
                let mut specs = Vec::new();
                for pol in text.split(',').map(str::trim) {
                    if pol.is_empty() {
                        bail!(
                            "{}: lineup {text:?} has an empty seat; allowed: one policy name per seat, comma-separated (\"rollout-16,greedy,greedy,greedy\")",
                            ctx("grid.seats")
                        );
                    }
                    specs.push(parse(pol, "grid.seats")?);
                }
                let lead = specs.remove(0);
                Ok((lead, Some(specs)))
            })
            .collect::<Result<_>>()?,
        None => g
            .policy
            .as_ref()
            .map_or(vec!["greedy".to_string()], |v| v.to_vec())
            .iter()
            .map(|pol| Ok((parse(pol, "grid.policy")?, None)))
            .collect::<Result<_>>()?,
    };
    let players = g.players.as_ref().map_or(vec![4], |v| v.to_vec());
    if let Some(np) = players.iter().find(|np| !(2..=5).contains(*np)) {
        bail!(
            "{}: {np} is out of range for variant \"carcassonne\"; allowed: 2..=5",
            ctx("grid.players")
        );
    }
    let robbers = axis(&g.robbers, vec![true], "grid.robbers", ctx)?;
    let placements = axis(
        &g.robber_placement,
        vec!["next-in-stock".to_string()],
        "grid.robber_placement",
        ctx,
    )?
    .iter()
    .map(|pl| {
        RobberPlacement::parse(pl).with_context(|| {
            format!(
                "{}: unknown option {pl:?}; allowed: {}",
                ctx("grid.robber_placement"),
                names(RobberPlacement::NAMES)
            )
        })
    })
    .collect::<Result<Vec<_>>>()?;
    let finals = axis(
        &g.robber_final_points,
        vec![3],
        "grid.robber_final_points",
        ctx,
    )?;
    if let Some(fp) = finals.iter().find(|&&fp| !(0..=5).contains(&fp)) {
        bail!(
            "{}: {fp} is out of range; allowed: 0..=5 (3 is the 2013 rule, 0 the 2012 rule)",
            ctx("grid.robber_final_points")
        );
    }
    let shares = axis(
        &g.robber_share,
        vec!["half".to_string()],
        "grid.robber_share",
        ctx,
    )?
    .iter()
    .map(|s| {
        RobberShare::parse(s).with_context(|| {
            format!(
                "{}: unknown share {s:?}; allowed: {} (each rounded up)",
                ctx("grid.robber_share"),
                names(RobberShare::NAMES)
            )
        })
    })
    .collect::<Result<Vec<_>>>()?;
    let per = axis(
        &g.robbers_per_player,
        vec![1],
        "grid.robbers_per_player",
        ctx,
    )?;
    if let Some(k) = per.iter().find(|&&k| !(1..=2).contains(&k)) {
        bail!(
            "{}: {k} is out of range; allowed: 1 (the seed) or 2",
            ctx("grid.robbers_per_player")
        );
    }
    // Robber tiles: the tile file's own unless given.
    let robber_tiles: Vec<Option<u8>> = match &g.robber_tiles {
        None => vec![None],
        Some(_) => {
            let v = axis(&g.robber_tiles, vec![], "grid.robber_tiles", ctx)?;
            if let Some(n) = v.iter().find(|&&n| !(1..=MAX_ROBBER_TILES).contains(&n)) {
                bail!(
                    "{}: {n} is out of range; allowed: 1..={MAX_ROBBER_TILES} (the base set has 8; no robber tiles is robbers = false)",
                    ctx("grid.robber_tiles")
                );
            }
            v.iter().map(|&n| Some(n as u8)).collect()
        }
    };
    let rogues = named(
        &g.rogue_beside,
        "after-moves",
        "grid.rogue_beside",
        RogueBeside::NAMES,
        RogueBeside::parse,
        ctx,
    )?;
    let unplaceables = named(
        &g.unplaceable_robber_tile,
        "lost",
        "grid.unplaceable_robber_tile",
        UnplaceableRobberTile::NAMES,
        UnplaceableRobberTile::parse,
        ctx,
    )?;
    if let (Some(_), true) = (&g.seats, players.len() > 1) {
        for (_, rest) in &entries {
            let n = rest.as_ref().map_or(0, |r| r.len() + 1) as i64;
            if !players.contains(&n) {
                bail!(
                    "{}: a lineup names {n} policies and grid.players has no {n}; allowed: one policy per seat for one of the player counts {players:?}",
                    ctx("grid.seats")
                );
            }
        }
        for &np in &players {
            if !entries
                .iter()
                .any(|(_, r)| r.as_ref().is_some_and(|r| r.len() + 1 == np as usize))
            {
                bail!(
                    "{}: no lineup names {np} policies for grid.players {np}; allowed: at least one lineup for each player count",
                    ctx("grid.seats")
                );
            }
        }
    }
    let mut rows = Vec::new();
    for ((policy, rest), &np, &rob, &placement, &fp, &share, &k, &rogue, &unplaceable, &rt) in iproduct!(
        &entries,
        &players,
        &robbers,
        &placements,
        &finals,
        &shares,
        &per,
        &rogues,
        &unplaceables,
        &robber_tiles
    ) {
        let rules = if rob {
            CarcRules {
                players: np as u8,
                robbers: true,
                placement,
                final_points: fp as u8,
                share,
                robbers_per_player: k as u8,
                rogue_beside: rogue,
                unplaceable_robber_tile: unplaceable,
                robber_tiles: rt,
            }
        } else {
            CarcRules::base(np as u8)
        };
        let leads: Vec<Option<CarcLineup>> = match rest {
            None => vec![None],
            // With several player counts, each lineup plays the count of its length (checked
            // below: every lineup and every count is used).
            Some(rest) if players.len() > 1 && rest.len() + 1 != np as usize => vec![],
            Some(rest) => {
                if rest.len() + 1 != np as usize {
                    bail!(
                        "{}: a lineup names {} policies for {np} players; allowed: one policy per seat ({np} names, comma-separated)",
                        ctx("grid.seats"),
                        rest.len() + 1
                    );
                }
                let rotate = g.rotate.unwrap_or(true);
                CarcLineup::leads(rest, CarcPolicySpec::Greedy, np as usize, rotate)
                    .into_iter()
                    .map(Some)
                    .collect()
            }
        };
        for lineup in leads {
            let row = CarcSpec {
                rules,
                policy: *policy,
                lineup,
            };
            if !rows.contains(&row) {
                rows.push(row);
            }
        }
    }
    Ok(rows)
}

/// A named option's axis: each value one of `allowed` (an error naming `key` and them).
fn named<T>(
    v: &Option<super::OneOrMany<String>>,
    default: &str,
    key: &str,
    allowed: &[&str],
    parse: fn(&str) -> Option<T>,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<T>> {
    axis(v, vec![default.to_string()], key, ctx)?
        .iter()
        .map(|s| {
            parse(s).with_context(|| {
                format!(
                    "{}: unknown reading {s:?}; allowed: {}",
                    ctx(key),
                    names(allowed)
                )
            })
        })
        .collect()
}
