use robsim::catan::*;
use robsim::policy::RandomPolicy;
use robsim::sim::*;
fn main() {
    let topo = Topology::build(&robsim::mapfile::base_map()).unwrap();
    let mut buf = ActionList::new();
    let t0 = std::time::Instant::now();
    let mut turns = 0u64;
    let mut caps = 0;
    let n = 2000;
    for i in 0..n {
        let layout = layout_for(&topo, BoardKind::Random { red_apart: true }, 1, i);
        let mut g = Game::new(&topo, layout, Rules::base(4));
        let mut r = GameRngs::new(1, i);
        let o = play(&mut g, &mut RandomPolicy, &mut r, &mut buf, &mut ());
        if o == Outcome::Cap {
            caps += 1;
        }
        turns += g.s.turn as u64;
        if let Err(e) = g.check_invariants() {
            panic!("game {i}: {e}");
        }
    }
    let el = t0.elapsed().as_secs_f64();
    println!(
        "{n} games, {:.1} turns/game, caps {caps}, {:.0} games/s, {:.2}M turns/s",
        turns as f64 / n as f64,
        n as f64 / el,
        turns as f64 / el / 1e6
    );
    let rr = RobertRules {
        start_cards: 2,
        ..Default::default()
    };
    let mut outs = std::collections::HashMap::new();
    let mut turns = 0u64;
    let t0 = std::time::Instant::now();
    for i in 0..n {
        let layout = layout_for(&topo, BoardKind::Fixed, 1, i);
        let mut g = Game::new(&topo, layout, Rules::robert(4, rr));
        let mut r = GameRngs::new(1, i);
        let o = play(&mut g, &mut RandomPolicy, &mut r, &mut buf, &mut ());
        *outs.entry(format!("{o:?}")).or_insert(0) += 1;
        turns += g.s.turn as u64;
        if let Err(e) = g.check_invariants() {
            panic!("robert game {i}: {e}");
        }
    }
    let el = t0.elapsed().as_secs_f64();
    println!(
        "robert random: {outs:?} {:.1} turns/game {:.2}M turns/s",
        turns as f64 / n as f64,
        turns as f64 / el / 1e6
    );
}
