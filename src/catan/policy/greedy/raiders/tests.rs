//! Greedy's Raiders games: finished, and won against random players.

use super::*;
use crate::catan::policy::greedy::GreedyPolicy;
use crate::catan::policy::random::RandomPolicy;
use crate::catan::sim::GameRngs;
use crate::engine::play::{play, Policy, Strict};
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
fn one<'t, P: Policy<Game<'t>>>(topo: &'t Topology, i: u64, pol: &mut P) -> (Outcome, u32, Watch) {
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

/// Greedy in every seat, checking at each decision that the shortcuts of the plan and set-up
/// give exactly what the plain searches and counts give: the doomed corners of every seat's view,
/// the bounded search against the full one, and the one-pass reach of every coastal corner
/// against a search from each.
struct Shortcuts {
    greedy: GreedyPolicy,
    checked: u32,
}

impl Shortcuts {
    fn check(g: &Game) -> u32 {
        use super::plan::{reach_values, search_values};
        use super::view::{spot_values, View};
        use crate::catan::policy::spots::search;
        let mut n = 0;
        for q in 0..g.s.n_players {
            let p = PlayerId(q);
            let v = View::new(g, p);
            for c in 0..g.topo.corner_edges.len() {
                assert_eq!(v.doomed(g, c), v.doomed_by_count(g, c), "corner {c}");
            }
            let me = g.s.player(p);
            let prod = unraided_production(g, p);
            let value = spot_values(g, &v, g.topo.land_corners.minus(g.s.blocked), &prod);
            let foreign = g.s.occupied.minus(me.buildings);
            let roots = me
                .buildings
                .union(raiders::corners_of(g, me.ships).minus(foreign));
            let edges = g.topo.sea_edges.minus(g.s.roads);
            let finite = |c: usize| (value[c] > f32::MIN).then_some(value[c]);
            for depth in [1, 4, 15] {
                let full = search(g, roots, edges, foreign, depth, u8::MAX, finite);
                let fast = search_values(g, roots, edges, foreign, &value, depth);
                assert_eq!(
                    full.map(|(e, x)| (e, x.to_bits())),
                    fast.map(|(e, x)| (e, x.to_bits()))
                );
                n += 1;
            }
            let islands = spot_values(g, &v, v.island.minus(g.s.blocked), &prod);
            let coast = g.topo.coast_corners.minus(g.s.occupied);
            let reaches = reach_values(g, coast, edges, g.s.occupied, &islands, 15);
            for c in coast.iter() {
                if islands[c] > f32::MIN {
                    assert_eq!(reaches[c], None);
                    continue;
                }
                let one: CornerSet = [c].into_iter().collect();
                let alone = search_values(g, one, edges, g.s.occupied, &islands, 15);
                assert_eq!(
                    reaches[c].map(f32::to_bits),
                    alone.map(|(_, x)| x.to_bits())
                );
                n += 1;
            }
        }
        n
    }
}

impl Policy<Game<'_>> for Shortcuts {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        if self.checked < 200_000 {
            self.checked += Self::check(g);
        }
        self.greedy.choose(g, legal, rng)
    }
}

#[test]
fn plan_shortcuts_match_the_plain_searches() {
    let topo = topo();
    let mut checked = 0;
    for i in 0..6 {
        let mut pol = Shortcuts {
            greedy: GreedyPolicy::default(),
            checked: 0,
        };
        one(&topo, 3000 + i, &mut pol);
        checked += pol.checked;
    }
    assert!(checked > 10_000, "only {checked} comparisons");
}
