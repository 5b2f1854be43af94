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
