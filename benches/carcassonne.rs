//! Criterion benchmark of whole Carcassonne games (random, greedy, a search seat) with checksums.
//!
//! Each workload pins a checksum of its results, so a change in any player's choices fails it;
//! the random base game's target is at least 20,000 games per second on one core.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use robsim::carcassonne::experiment::{base_tiles, CarcLineup, CarcSpec};
use robsim::carcassonne::players::CarcPolicySpec;
use robsim::carcassonne::policy::{CarcActions, CarcGreedy, CarcRandom, Policy};
use robsim::carcassonne::sim::CarcRngs;
use robsim::carcassonne::{Game, Rules};
use robsim::engine::play::play;
use std::hint::black_box;

const GAMES: u64 = 1000;
const SEED: u64 = 2026;

/// Plays `n` games in one reused allocation, each with a fresh player from `player`; returns
/// (total points, checksum of scores).
fn batch<'t, P: Policy<Game<'t>>>(
    n: u64,
    rules: Rules,
    mut player: impl FnMut() -> P,
    g: &mut Game<'t>,
    buf: &mut CarcActions,
) -> (u64, u64) {
    let (mut points, mut sum) = (0u64, 0u64);
    for i in 0..n {
        g.reset(rules);
        let mut rngs = CarcRngs::new(SEED, i);
        play(g, &mut player(), &mut rngs, buf, &mut ());
        for p in 0..rules.players as usize {
            points += g.score[p] as u64;
            sum = sum.wrapping_mul(31).wrapping_add(g.score[p] as u64);
        }
    }
    (points, sum)
}

/// Whether `got` may be timed: it must equal `expected` (a panic otherwise); with `ROBSIM_BLESS`
/// set it is printed instead and nothing is timed.
fn checked(name: &str, got: (u64, u64), expected: (u64, u64)) -> bool {
    if std::env::var_os("ROBSIM_BLESS").is_some() {
        eprintln!("{name}: {got:?}");
        return false;
    }
    assert_eq!(
        got, expected,
        "{name}: results changed (points, checksum); update only for an intended rules or policy change"
    );
    true
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
    let got = batch(games, rules, || policy.clone(), &mut g, &mut buf);
    if !checked(name, got, expected) {
        return;
    }
    let mut grp = c.benchmark_group("carcassonne");
    grp.throughput(Throughput::Elements(games)); // elements = games
    grp.bench_function(BenchmarkId::new(name, games), |b| {
        b.iter(|| {
            assert_eq!(
                black_box(batch(games, rules, || policy.clone(), &mut g, &mut buf)),
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

/// One `rollout-4` seat among three greedy ones, 4 players with The Robbers: the search player's
/// choices pinned by the checksum, its cost per game measured.
fn carcassonne_search(c: &mut Criterion) {
    let name = "robbers_4p_rollout4_seat";
    let games = 4;
    let expected = (1028, 13437409384940032208);
    let spec = CarcSpec {
        rules: Rules::robbers(4),
        policy: CarcPolicySpec::Rollout(4),
        lineup: Some(CarcLineup {
            rest: [CarcPolicySpec::Greedy; 4],
            lead: 0,
        }),
    };
    let mut g = Game::new(base_tiles(), spec.rules);
    let mut buf = CarcActions::new();
    let got = batch(games, spec.rules, || spec.player(), &mut g, &mut buf);
    if !checked(name, got, expected) {
        return;
    }
    let mut grp = c.benchmark_group("carcassonne");
    grp.sample_size(10);
    grp.throughput(Throughput::Elements(games));
    grp.bench_function(BenchmarkId::new(name, games), |b| {
        b.iter(|| {
            assert_eq!(
                black_box(batch(games, spec.rules, || spec.player(), &mut g, &mut buf)),
                expected
            )
        })
    });
    grp.finish();
}

criterion_group!(benches, carcassonne, carcassonne_search);
criterion_main!(benches);
