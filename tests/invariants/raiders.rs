//! Random-play invariants for The Raiders of Catan: games on the shipped maps (3-6 players) and
//! on a small test map, every option combination, checked after every step (resources, cards,
//! pieces and raiders conserved; VP, trade routes, networks, cancelled roads and taken buildings
//! recomputed from scratch), with an independent production oracle: a raided hex produces only
//! on the turn its raider arrived, a taken building never, volcanoes pay grain, jungles pay
//! discoveries and nothing else.

use crate::support::{Step, Stepwise};
use robsim::catan::mapfile::resolve_map;
use robsim::catan::policy::{GreedyPolicy, Policy, RandomPolicy};
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::play;

fn topo(name: &str) -> Topology {
    Topology::build(&resolve_map(name).expect("map")).expect("topology")
}

#[derive(Default, Debug)]
struct Tally {
    games: u32,
    wins: u32,
    caps: u32,
    storms: u32,
    raids: u32,
    taken: u32,
    freed: u32,
    soldiers: u32,
    cancelled: u32,
    eruptions: u32,
    discoveries: u32,
    ships_moved: u32,
    special_builds: u32,
}

struct Count<'a>(&'a mut Tally);

impl Sink<Event> for Count<'_> {
    fn event(&mut self, e: &Event) {
        let t = &mut *self.0;
        match e {
            Event::StormBegins { .. } => t.storms += 1,
            Event::Raid { .. } => t.raids += 1,
            Event::Taken { taken: true, .. } => t.taken += 1,
            Event::Taken { taken: false, .. } => t.freed += 1,
            Event::RaiderRemoved { .. } => t.soldiers += 1,
            Event::RoadCancelled {
                cancelled: true, ..
            } => t.cancelled += 1,
            Event::VolcanoDie { .. } => t.eruptions += 1,
            Event::Discoveries { .. } => t.discoveries += 1,
            Event::ShipMoved { .. } => t.ships_moved += 1,
            _ => {}
        }
    }
}

/// Resources and discoveries each seat should get for roll `n`, from the state before the roll
/// and the hexes the storm raids with it (`arrived`): 1 per settlement and 2 per city on every
/// numbered hex not raided before this roll; a resource the bank cannot pay in full goes to
/// nobody when two or more seats are owed it, to the only one owed it otherwise.
fn oracle(g: &Game, n: u8) -> ([[u8; 5]; MAX_PLAYERS], [u16; MAX_PLAYERS]) {
    let mut want = [[0u32; 5]; MAX_PLAYERS];
    let mut found = [0u16; MAX_PLAYERS];
    for h in 0..g.topo.n_hexes {
        if g.layout.token[h] != n || g.s.raiders.raided.contains(h) {
            continue;
        }
        for c in g.topo.hex_corners[h] {
            let o = g.s.corner_owner[c.idx()];
            if o == 0 {
                continue;
            }
            assert!(!g.s.raiders.taken.contains(c.idx()) || !g.layout.tokened.contains(h));
            let p = ((o & 0x0f) - 1) as usize;
            let k = if o & CITY_FLAG != 0 { 2 } else { 1 };
            match g.layout.terrain[h] {
                Terrain::Jungle => found[p] += k as u16,
                Terrain::Volcano => want[p][Resource::Grain.idx()] += k,
                t => {
                    if let Some(r) = t.resource() {
                        want[p][r.idx()] += k
                    }
                }
            }
        }
    }
    let mut got = [[0u8; 5]; MAX_PLAYERS];
    for r in 0..5 {
        let total: u32 = want.iter().map(|w| w[r]).sum();
        let owed = want.iter().filter(|w| w[r] > 0).count();
        if total > g.s.bank[r] as u32 && owed > 1 {
            continue;
        }
        for p in 0..MAX_PLAYERS {
            got[p][r] = want[p][r].min(g.s.bank[r] as u32) as u8;
        }
    }
    (got, found)
}

fn play_checked<P: for<'t> Policy<Game<'t>>>(
    topo: &Topology,
    rules: Rules,
    i: u64,
    policy: &mut P,
    t: &mut Tally,
) {
    let layout = layout_for(topo, BoardKind::Fixed, 8, i);
    let mut g = Game::new(topo, layout, rules);
    let mut rngs = GameRngs::new(8, i);
    let mut buf = ActionList::new();
    let n = rules.players as usize;
    let mut obs = Stepwise::new(Count(t), |g: &Game, st: &Step, count: &mut Count| {
        let before = st.before;
        if let (Phase::Dice, Some(ChanceOutcome::Dice(a, b))) = (before.phase, st.chance) {
            let roll = a + b;
            if roll != 7 {
                // The oracle sees the hexes raided before the roll only.
                let (want, found) = oracle(
                    &Game {
                        s: before,
                        ..g.clone()
                    },
                    roll,
                );
                for p in 0..n {
                    // Volcano dice may still be pending; they change buildings, not hands.
                    let got: Vec<u8> = (0..5)
                        .map(|r| g.s.players[p].hand[r] - before.players[p].hand[r])
                        .collect();
                    assert_eq!(
                        got,
                        want[p].to_vec(),
                        "game {i}: seat {p} production of {roll}"
                    );
                    assert_eq!(
                        g.s.players[p].discoveries - before.players[p].discoveries,
                        found[p],
                        "game {i}: seat {p} discoveries on {roll}"
                    );
                }
                // Raids only by the storm, on hexes numbered `roll`, each next to a
                // raider desert or a hex raided before.
                let new = g.s.raiders.raided.minus(before.raiders.raided);
                assert_eq!(new, g.s.raiders.arrived, "game {i}");
                for h in new.iter() {
                    assert_eq!(before.raiders.pool, 0, "game {i}: a raid before the storm");
                    assert_eq!(g.layout.token[h], roll, "game {i}: raid on another number");
                    let sources = topo.raider_deserts.union(before.raiders.raided);
                    assert!(
                        !topo.hex_neighbor_set[h].intersect(sources).is_empty(),
                        "game {i}: raid on a hex next to no raider"
                    );
                }
            }
        }
        if before.phase == Phase::SpecialBuild && st.action.is_some_and(|a| a != Action::EndTurn) {
            count.0.special_builds += 1;
        }
        if let Err(e) = g.check_invariants() {
            panic!("game {i} turn {}: {e}", g.s.turn);
        }
        if g.s.phase == Phase::PreRoll {
            assert!(g.s.raiders.arrived.is_empty());
        }
    });
    play(&mut g, policy, &mut rngs, &mut buf, &mut obs);
    match g.s.outcome().expect("the game ended") {
        Outcome::Winner(p) => {
            t.wins += 1;
            assert!(g.s.players[p.idx()].vp >= 13, "game {i}: won below 13 VP");
            assert_eq!(p.0, g.s.current, "game {i}: won outside its turn");
        }
        Outcome::Cap => t.caps += 1,
        o => panic!("game {i}: {o:?} in a competitive game"),
    }
    t.games += 1;
}

#[test]
fn random_raiders_games_keep_every_invariant() {
    let mut t = Tally::default();
    let maps = [topo("raiders-3-4"), topo("raiders-5-6")];
    for players in 3..=6u8 {
        let topo = &maps[(players >= 5) as usize];
        for (k, (setup_raiders, volcano_start)) in
            [(false, false), (true, false), (false, true), (true, true)]
                .into_iter()
                .enumerate()
        {
            let rules = Rules::raiders(
                players,
                RaidersRules {
                    setup_raiders,
                    volcano_start,
                    ..RaidersRules::default()
                },
            );
            let rules = Rules {
                turn_cap: 1_500,
                ..rules
            };
            for i in 0..6u64 {
                let i = i + 100 * k as u64 + 1000 * players as u64;
                play_checked(topo, rules, i, &mut RandomPolicy, &mut t);
                play_checked(topo, rules, i, &mut GreedyPolicy::default(), &mut t);
            }
        }
    }
    eprintln!("{t:?}");
    assert_eq!(t.games, 4 * 4 * 6 * 2);
    // The checks saw every kind of event.
    assert!(
        t.storms > 50
            && t.raids > 100
            && t.taken > 10
            && t.freed > 5
            && t.soldiers > 20
            && t.cancelled > 10
            && t.eruptions > 20
            && t.discoveries > 50
            && t.ships_moved > 20
            && t.special_builds > 10,
        "{t:?}"
    );
}
