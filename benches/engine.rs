//! Criterion benchmarks of whole games per variant and policy; each checks a checksum of its results.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use robsim::catan::policy::{
    GreedyPolicy, LearnedPolicy, Policy, RandomPolicy, SolitairePolicy, TeamKnobs, TeamPolicy,
};
use robsim::catan::sim::{layout_for, play, GameRngs};
use robsim::catan::*;
use std::hint::black_box;

/// Games per measured iteration: enough that one iteration is several milliseconds.
const GAMES: u64 = 200;
const SEED: u64 = 2026;

/// Plays `GAMES` games from `seed`; returns (player-turns, checksum of outcomes and turns).
fn batch<P: for<'t> Policy<Game<'t>> + Clone>(
    topo: &Topology,
    rules: Rules,
    board: BoardKind,
    policy: &P,
    seed: u64,
) -> (u64, u64) {
    let mut buf = Box::new(ActionList::new());
    let (mut turns, mut sum) = (0u64, 0u64);
    for i in 0..GAMES {
        let layout = layout_for(topo, board, seed, i);
        let mut g = Game::new(topo, layout, rules);
        let mut rngs = GameRngs::new(seed, i);
        let o = play(&mut g, &mut policy.clone(), &mut rngs, &mut buf, &mut ());
        let code = match o {
            Outcome::Winner(p) => 1 + p.0 as u64,
            Outcome::TeamWin => 10,
            Outcome::TeamLoss => 20,
            Outcome::Cap => 30,
        };
        turns += g.s.turn as u64;
        sum = sum
            .wrapping_mul(31)
            .wrapping_add(code * 100_000 + g.s.turn as u64);
    }
    (turns, sum)
}

fn bench_one<P: for<'t> Policy<Game<'t>> + Clone>(
    c: &mut Criterion,
    name: &str,
    rules: Rules,
    board: BoardKind,
    policy: P,
    expected: (u64, u64),
) {
    bench_seeded(c, name, rules, board, policy, SEED, expected)
}

/// A workload: its checksum checked, then timed. Criterion's time is per `GAMES` games (the
/// cost measure of docs/speed.md is the time per game, compared between players on the same
/// games) and its throughput player-turns/s; the player-turns a game are printed beside it.
fn bench_seeded<P: for<'t> Policy<Game<'t>> + Clone>(
    c: &mut Criterion,
    name: &str,
    rules: Rules,
    board: BoardKind,
    policy: P,
    seed: u64,
    expected: (u64, u64),
) {
    let map = robsim::catan::mapfile::map_for("base", &rules);
    let topo = Topology::build(&robsim::catan::mapfile::resolve_map(&map).unwrap()).unwrap();
    let got = batch(&topo, rules, board, &policy, seed);
    if std::env::var_os("ROBSIM_BLESS").is_some() {
        eprintln!("{name}: {got:?}");
        return;
    }
    assert_eq!(
        got, expected,
        "{name}: results changed (player-turns, checksum); update the expected value only for an intended rules or policy change"
    );
    eprintln!(
        "{name}: {:.1} player-turns a game ({} in {GAMES} games; time per game = time / {GAMES})",
        got.0 as f64 / GAMES as f64,
        got.0
    );
    let mut g = c.benchmark_group("games");
    g.throughput(Throughput::Elements(got.0)); // elements = player-turns
    g.bench_function(BenchmarkId::new(name, GAMES), |b| {
        b.iter(|| {
            assert_eq!(
                black_box(batch(&topo, rules, board, &policy, seed)),
                expected
            )
        })
    });
    g.finish();
}

fn engine(c: &mut Criterion) {
    let random = BoardKind::Random { red_apart: true };
    bench_one(
        c,
        "base_4p_random",
        Rules::base(4),
        random,
        RandomPolicy,
        (66315, 16196101530811033691),
    );
    bench_one(
        c,
        "base_4p_greedy",
        Rules::base(4),
        random,
        GreedyPolicy::default(),
        (15943, 4510961778999228127),
    );
    let team = TeamPolicy::new(TeamKnobs::default());
    for (name, cards, expected) in [
        ("robert_4p_team_impossible", 0, (6086, 337628158402554700)),
        ("robert_4p_team_hard", 1, (9584, 3913174432175526902)),
        ("robert_4p_team_moderate", 2, (15642, 11548058154647546572)),
        ("robert_4p_team_easy", 3, (28970, 1427007946784748530)),
    ] {
        let rules = Rules::robert(
            4,
            RobertRules {
                start_cards: cards,
                ..Default::default()
            },
        );
        bench_one(c, name, rules, BoardKind::Fixed, team, expected);
    }
    // The learned player of the Robert model shipped until 2026-11-29 (a network per decision
    // type; the checksum pins its scores' bits: any machine, any build), beside team at
    // Moderate, and the linear model it replaced.
    let rules = Rules::robert(
        4,
        RobertRules {
            start_cards: 2,
            ..Default::default()
        },
    );
    for (name, text, file, expected) in [
        (
            "robert_4p_learned_moderate",
            include_str!("../configs/models/robert.toml"),
            "configs/models/robert.toml",
            (35994, 7361256809203834336),
        ),
        (
            "robert_4p_learned_linear_moderate",
            include_str!("../configs/models/robert-linear.toml"),
            "configs/models/robert-linear.toml",
            (30695, 12265832158806729953),
        ),
    ] {
        let (model, _) = robsim::config::modelfile::parse(text, file).expect("the model reads");
        bench_one(
            c,
            name,
            rules,
            BoardKind::Fixed,
            LearnedPolicy::new(model),
            expected,
        );
    }
    // The learned player's cost against the team script's as `robsim bench` prices it: the same
    // games (seed 1, a shuffled board per game: the first 200 of `robsim bench`'s
    // robert_4p_{team,learned}_moderate) and the same model (the built-in one since 2026-12-02,
    // the model that reads the rules), compared per game.
    let (model, _) = robsim::config::modelfile::parse(
        include_str!("../configs/models/robert-weighted.toml"),
        "configs/models/robert-weighted.toml",
    )
    .expect("the model reads");
    let random = BoardKind::Random { red_apart: true };
    bench_seeded(
        c,
        "robert_4p_team_moderate_shuffled",
        rules,
        random,
        team,
        1,
        (28825, 17682300975874407323),
    );
    bench_seeded(
        c,
        "robert_4p_learned_moderate_shuffled",
        rules,
        random,
        LearnedPolicy::new(model),
        1,
        (35430, 1335510479367240820),
    );
}

fn solitaire(c: &mut Criterion) {
    let random = BoardKind::Random { red_apart: true };
    let rules = Rules::solitaire(SolitaireRules::default());
    bench_one(
        c,
        "solitaire_1p",
        rules,
        random,
        SolitairePolicy::default(),
        (9694, 13121508199524722284),
    );
}

/// The Raiders of Catan on its reconstructed maps, greedy in every seat.
fn raiders(c: &mut Criterion) {
    for (name, players, expected) in [
        ("raiders_4p_greedy", 4, (25653, 11226647921851760825)),
        ("raiders_6p_greedy", 6, (25044, 664911478606180304)),
    ] {
        let rules = Rules::raiders(players, RaidersRules::default());
        bench_one(
            c,
            name,
            rules,
            BoardKind::Fixed,
            GreedyPolicy::default(),
            expected,
        );
    }
}

criterion_group!(benches, engine, solitaire, raiders);
criterion_main!(benches);
