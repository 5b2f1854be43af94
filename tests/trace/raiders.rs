//! Re-checks The Raiders of Catan from its JSON Lines traces alone: the checker keeps its own
//! books of the raiders (pool, deserts, raided hexes), taken buildings and ships from the events,
//! and holds every snapshot to them; it also checks the storm's spread rule from the board lines.

use robsim::catan::mapfile::{map_for, resolve_map};
use robsim::catan::policy::{GreedyPolicy, RandomPolicy};
use robsim::catan::sim::{self, GameRngs};
use robsim::catan::trace::{write_trace, TraceHeader};
use robsim::catan::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

fn gen(players: u8, seed: u64, game: u64, greedy: bool) -> (Vec<u8>, Outcome) {
    let rules = Rules {
        turn_cap: 800,
        ..Rules::raiders(players, RaidersRules::default())
    };
    let map = map_for("base", &rules);
    let topo = Topology::build(&resolve_map(&map).unwrap()).unwrap();
    let layout = sim::layout_for(&topo, BoardKind::Fixed, seed, game);
    let name = if greedy { "greedy" } else { "random" };
    let header = TraceHeader::new(name, BoardKind::Fixed, &map, seed, game);
    let mut rngs = GameRngs::new(seed, game);
    let mut out = Vec::new();
    let o = if greedy {
        let mut p = GreedyPolicy::default();
        write_trace(&mut out, &topo, layout, rules, &mut p, &header, &mut rngs)
    } else {
        write_trace(
            &mut out,
            &topo,
            layout,
            rules,
            &mut RandomPolicy,
            &header,
            &mut rngs,
        )
    }
    .unwrap();
    (out, o)
}

fn ids(v: &Value) -> BTreeSet<i64> {
    v.as_array()
        .expect("an id list")
        .iter()
        .map(|x| x.as_i64().expect("an id"))
        .collect()
}

/// What the checker keeps from the events.
#[derive(Default)]
struct Books {
    pool: i64,
    deserts: BTreeMap<i64, i64>,
    raided: BTreeSet<i64>,
    taken: BTreeSet<i64>,
    ships: BTreeMap<i64, BTreeSet<i64>>,
    storm: bool,
    last_roll: i64,
    raids: u32,
    removed: u32,
}

/// Checks one trace; returns the books at the end.
fn check(trace: &[u8]) -> Result<Books, String> {
    let lines: Vec<Value> = trace
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let header = &lines[0];
    let opts = &header["raiders"];
    let mut b = Books {
        pool: opts["pool"].as_i64().ok_or("header: raiders.pool")?,
        ..Books::default()
    };
    let board = lines
        .iter()
        .find(|l| l["type"] == "board")
        .ok_or("no board line")?;
    let hexes = board["hexes"].as_array().ok_or("board.hexes")?;
    let token = |h: i64| hexes[h as usize]["token"].as_i64().unwrap_or(0);
    let neighbours = |h: i64| -> BTreeSet<i64> {
        hexes[h as usize]["neighbours"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|x| x.as_i64())
            .collect()
    };
    let mut raider_deserts: BTreeSet<i64> = BTreeSet::new();
    for l in &lines {
        let t = l["type"].as_str().unwrap_or("");
        let int = |k: &str| l[k].as_i64().unwrap_or(-1);
        match t {
            "snapshot" => {
                let r = &l["raiders"];
                if r["pool"].as_i64() != Some(b.pool) {
                    return Err(format!(
                        "turn {}: pool {} but the books say {}",
                        l["turn"], r["pool"], b.pool
                    ));
                }
                for pair in r["on_desert"].as_array().ok_or("on_desert")? {
                    let (h, k) = (pair[0].as_i64().unwrap(), pair[1].as_i64().unwrap());
                    raider_deserts.insert(h);
                    if b.deserts.get(&h).copied().unwrap_or(0) != k {
                        return Err(format!("turn {}: desert {h} holds {k}", l["turn"]));
                    }
                }
                if ids(&r["raided"]) != b.raided {
                    return Err(format!("turn {}: raided hexes differ", l["turn"]));
                }
                if ids(&r["taken"]) != b.taken {
                    return Err(format!("turn {}: taken buildings differ", l["turn"]));
                }
                for (k, seat) in l["seats"].as_array().ok_or("seats")?.iter().enumerate() {
                    let want = b.ships.get(&(k as i64)).cloned().unwrap_or_default();
                    if ids(&seat["ships"]) != want {
                        return Err(format!("turn {}: seat {k}'s ships differ", l["turn"]));
                    }
                }
                if (r["storm_turn"] != Value::Null) != b.storm {
                    return Err(format!("turn {}: storm flag differs", l["turn"]));
                }
            }
            "roll" => b.last_roll = int("total"),
            "raider_placed" => {
                if b.storm || b.pool == 0 {
                    return Err("a raider placed from an empty pool".into());
                }
                b.pool -= 1;
                *b.deserts.entry(int("desert")).or_default() += 1;
            }
            "storm_begins" => {
                if b.pool != 0 {
                    return Err(format!(
                        "the storm began with {} raiders in the pool",
                        b.pool
                    ));
                }
                b.storm = true;
            }
            "raid" => {
                let (h, d) = (int("hex"), int("desert"));
                if !b.storm {
                    return Err(format!("hex {h} raided before the storm"));
                }
                if token(h) != b.last_roll {
                    return Err(format!(
                        "hex {h} (token {}) raided on a roll of {}",
                        token(h),
                        b.last_roll
                    ));
                }
                // Next to a raider desert or a raided hex (the books already hold this roll's
                // earlier raids, so this is weaker than the rule; tests/rules_raiders.rs has the
                // exact case).
                let sources: BTreeSet<i64> = raider_deserts.union(&b.raided).copied().collect();
                if neighbours(h).is_disjoint(&sources) {
                    return Err(format!("hex {h} raided next to no raider"));
                }
                if !b.raided.insert(h) {
                    return Err(format!("hex {h} raided twice"));
                }
                let k = b.deserts.entry(d).or_default();
                if *k == 0 {
                    return Err(format!("a raider from empty desert {d}"));
                }
                *k -= 1;
                b.raids += 1;
            }
            "raider_removed" => {
                let h = int("hex");
                b.removed += 1;
                if let Some(k) = b.deserts.get_mut(&h) {
                    *k -= 1;
                } else if !b.raided.remove(&h) {
                    return Err(format!(
                        "a soldier took a raider off hex {h}, which had none"
                    ));
                }
            }
            "taken" => {
                let c = int("corner");
                let now = l["taken"].as_bool().ok_or("taken.taken")?;
                let changed = if now {
                    b.taken.insert(c)
                } else {
                    b.taken.remove(&c)
                };
                if !changed {
                    return Err(format!("corner {c}: taken = {now} twice"));
                }
            }
            "removed" if l["piece"] == "settlement" => {
                b.taken.remove(&int("corner"));
            }
            "build"
                if l["piece"] == "ship"
                    && !b.ships.entry(int("seat")).or_default().insert(int("edge")) =>
            {
                return Err("a ship built twice on one edge".into());
            }
            "ship_moved" => {
                let s = b.ships.entry(int("seat")).or_default();
                if !s.remove(&int("from")) || !s.insert(int("to")) {
                    return Err("a ship moved from an edge it was not on".into());
                }
            }
            _ => {}
        }
    }
    Ok(b)
}

#[test]
fn raiders_traces_recheck_from_the_lines_alone() {
    let (mut raids, mut removed, mut storms) = (0, 0, 0);
    for players in 3..=6u8 {
        for game in 0..4u64 {
            for greedy in [true, false] {
                let (trace, _) = gen(players, 31, game, greedy);
                let b = check(&trace)
                    .unwrap_or_else(|e| panic!("{players}p game {game} greedy={greedy}: {e}"));
                raids += b.raids;
                removed += b.removed;
                storms += b.storm as u32;
            }
        }
    }
    assert!(
        raids > 100 && removed > 20 && storms > 20,
        "{raids} {removed} {storms}"
    );
}

#[test]
fn a_tampered_raiders_trace_is_caught() {
    let (trace, _) = gen(4, 31, 1, true);
    let text = String::from_utf8(trace).unwrap();
    assert!(check(text.as_bytes()).is_ok());
    // Drop the first raid: the next snapshot's raided hexes no longer match the books.
    let first = text
        .lines()
        .position(|l| l.contains("\"type\":\"raid\""))
        .expect("a raid in the game");
    let tampered: String = text
        .lines()
        .enumerate()
        .filter(|(i, _)| *i != first)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    assert!(check(tampered.as_bytes()).is_err());
    // A raider placed twice from the pool.
    let placed = text
        .lines()
        .find(|l| l.contains("\"type\":\"raider_placed\""))
        .unwrap();
    let doubled = text.replacen(placed, &format!("{placed}\n{placed}"), 1);
    assert!(check(doubled.as_bytes()).is_err());
}
