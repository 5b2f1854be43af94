//! Measures the scripted policies: speed, game length, seat wins (base) and Robert win rates.
//! `cargo run --release --example policies [games] [robert|base|all]`
use robsim::catan::*;
use robsim::policy::{GreedyPolicy, Policy, RandomPolicy, TeamKnobs, TeamPolicy};
use robsim::sim::*;

struct Tally {
    turns: u64,
    wins: [u64; MAX_PLAYERS],
    team_win: u64,
    loss: u64,
    caps: u64,
    secs: f64,
}

fn run<P: Policy + Clone>(topo: &Topology, rules: Rules, n: u64, pol: &P) -> Tally {
    let mut buf = ActionList::new();
    let mut t = Tally {
        turns: 0,
        wins: [0; MAX_PLAYERS],
        team_win: 0,
        loss: 0,
        caps: 0,
        secs: 0.0,
    };
    let t0 = std::time::Instant::now();
    for i in 0..n {
        let layout = layout_for(topo, BoardKind::Random { red_apart: true }, 1, i);
        let mut g = Game::new(topo, layout, rules);
        let mut r = GameRngs::new(1, i);
        let mut p = pol.clone();
        match play(&mut g, &mut p, &mut r, &mut buf, &mut ()) {
            Outcome::Winner(s) => t.wins[s.idx()] += 1,
            Outcome::TeamWin => t.team_win += 1,
            Outcome::TeamLoss => t.loss += 1,
            Outcome::Cap => t.caps += 1,
        }
        t.turns += g.s.turn as u64;
    }
    t.secs = t0.elapsed().as_secs_f64();
    t
}

fn knobs_from_env() -> TeamKnobs {
    match std::env::var("TEAM_KNOBS") {
        Ok(s) => toml::from_str(&s).expect("TEAM_KNOBS is a TOML table body"),
        Err(_) => TeamKnobs::default(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).map_or(2000, |s| s.parse().unwrap());
    let what = args.get(2).map_or("all", |s| s.as_str());
    let topo = Topology::build(&robsim::mapfile::base_map()).unwrap();
    let team = TeamPolicy::new(knobs_from_env());
    if what == "greedy-base" || what == "team-robert" {
        let t = if what == "greedy-base" {
            run(&topo, Rules::base(4), n, &GreedyPolicy::default())
        } else {
            let rr = RobertRules {
                start_cards: 3,
                ..Default::default()
            };
            run(&topo, Rules::robert(4, rr), n, &team)
        };
        println!(
            "{what}: {:.1} player-turns/game, {:.2}M player-turns/s",
            t.turns as f64 / n as f64,
            t.turns as f64 / t.secs / 1e6
        );
    }
    if what == "all" || what == "base" {
        for (name, t) in [
            (
                "greedy",
                run(&topo, Rules::base(4), n, &GreedyPolicy::default()),
            ),
            ("team", run(&topo, Rules::base(4), n, &team)),
            ("random", run(&topo, Rules::base(4), n, &RandomPolicy)),
        ] {
            println!(
                "base 4p {name:7}: {:.1} player-turns/game, caps {:.2}%, wins by seat {:?}, {:.2}M player-turns/s",
                t.turns as f64 / n as f64,
                100.0 * t.caps as f64 / n as f64,
                &t.wins[..4],
                t.turns as f64 / t.secs / 1e6
            );
        }
    }
    if what == "all" || what == "robert" || what == "team" {
        println!("robert (random board, adjacent target): win rate % [turns/game] per start cards 0/1/2/3 (Impossible/Hard/Moderate/Easy)");
        for players in [3u8, 4] {
            let pols: &[(&str, u8)] = if what == "team" {
                &[("team", 0)]
            } else {
                &[("team", 0), ("greedy", 1), ("random", 2)]
            };
            for &(name, which) in pols {
                let mut line = format!("{players}p {name:7}:");
                let (mut turns, mut secs) = (0u64, 0.0);
                for cards in 0..4u8 {
                    let rules = Rules::robert(
                        players,
                        RobertRules {
                            start_cards: cards,
                            ..Default::default()
                        },
                    );
                    let t = match which {
                        0 => run(&topo, rules, n, &team),
                        1 => run(&topo, rules, n, &GreedyPolicy::default()),
                        _ => run(&topo, rules, n, &RandomPolicy),
                    };
                    turns += t.turns;
                    secs += t.secs;
                    line += &format!(
                        "  {:5.1}% [{:5.1}]{}",
                        100.0 * t.team_win as f64 / n as f64,
                        t.turns as f64 / n as f64,
                        if t.caps > 0 {
                            format!(" caps {}", t.caps)
                        } else {
                            String::new()
                        }
                    );
                }
                println!("{line}   {:.2}M player-turns/s", turns as f64 / secs / 1e6);
            }
        }
    }
}
