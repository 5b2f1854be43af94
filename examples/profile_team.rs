//! Plays Robert 4p Easy games with the team policy, for profiling (`perf record`, callgrind).
use robsim::catan::*;
use robsim::mapfile::base_map;
use robsim::policy::{TeamKnobs, TeamPolicy};
use robsim::sim::{layout_for, play, GameRngs};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let topo = Topology::build(&base_map()).unwrap();
    let rules = Rules::robert(
        4,
        RobertRules {
            start_cards: 3,
            ..Default::default()
        },
    );
    let mut buf = Box::new(ActionList::new());
    let mut turns = 0u64;
    let t0 = std::time::Instant::now();
    for i in 0..games {
        let layout = layout_for(&topo, BoardKind::Random { red_apart: true }, 1, i);
        let mut g = Game::new(&topo, layout, rules);
        let mut rngs = GameRngs::new(1, i);
        play(
            &mut g,
            &mut TeamPolicy::new(TeamKnobs::default()),
            &mut rngs,
            &mut buf,
            &mut (),
        );
        turns += g.s.turn as u64;
    }
    let s = t0.elapsed().as_secs_f64();
    println!(
        "{games} games, {turns} player-turns, {:.2}M player-turns/s",
        turns as f64 / s / 1e6
    );
}
