//! Criterion benchmark of whole Carcassonne games (2 players, base game, random policy) with a
//! checksum of the results; the target is at least 20,000 games per second on one core.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use robsim::carcassonne::experiment::base_tiles;
use robsim::carcassonne::policy::{CarcActions, CarcGreedy, CarcRandom, Policy};
use robsim::carcassonne::sim::CarcRngs;
use robsim::carcassonne::{Game, Rules};
use robsim::engine::play::play;
use std::hint::black_box;

const GAMES: u64 = 1000;
const SEED: u64 = 2026;

/// Plays `n` games in one reused allocation; returns (total points, checksum of scores).
fn batch<P: for<'t> Policy<Game<'t>> + Clone>(
    n: u64,
    rules: Rules,
    policy: &P,
    g: &mut Game,
    buf: &mut CarcActions,
) -> (u64, u64) {
    let (mut points, mut sum) = (0u64, 0u64);
    for i in 0..n {
        g.reset(rules);
        let mut rngs = CarcRngs::new(SEED, i);
        play(g, &mut policy.clone(), &mut rngs, buf, &mut ());
        for p in 0..rules.players as usize {
            points += g.score[p] as u64;
            sum = sum.wrapping_mul(31).wrapping_add(g.score[p] as u64);
        }
    }
    (points, sum)
}

fn bench_one<P: for<'t> Policy<Game<'t>> + Clone>(
    c: &mut Criterion,
    name: &str,
    rules: Rules,
    policy: P,
    games: u64,
    expected: (u64, u64),
) {
    let mut g = Game::new(base_tiles(), rules);
    let mut buf = CarcActions::new();
    let got = batch(games, rules, &policy, &mut g, &mut buf);
    if std::env::var_os("ROBSIM_BLESS").is_some() {
        eprintln!("{name}: {got:?}");
        return;
    }
    assert_eq!(
        got, expected,
        "{name}: results changed (points, checksum); update only for an intended rules or policy change"
    );
    let mut grp = c.benchmark_group("carcassonne");
    grp.throughput(Throughput::Elements(games)); // elements = games
    grp.bench_function(BenchmarkId::new(name, games), |b| {
        b.iter(|| {
            assert_eq!(
                black_box(batch(games, rules, &policy, &mut g, &mut buf)),
                expected
            )
        })
    });
    grp.finish();
}

fn carcassonne(c: &mut Criterion) {
    bench_one(
        c,
        "base_2p_random",
        Rules::base(2),
        CarcRandom,
        GAMES,
        (38718, 7425929051177204948),
    );
    bench_one(
        c,
        "robbers_2p_random",
        Rules::robbers(2),
        CarcRandom,
        GAMES,
        (47212, 3568144984823800364),
    );
    bench_one(
        c,
        "robbers_4p_greedy",
        Rules::robbers(4),
        CarcGreedy::default(),
        100,
        (25792, 3504555734600044050),
    );
}

criterion_group!(benches, carcassonne);
criterion_main!(benches);
