//! No heap allocation inside a game after the first: a counting global allocator watches the game loop.

use robsim::catan::policy::{
    GreedyPolicy, LearnedBase, LearnedModel, LearnedPolicy, Policy, RandomPolicy, RolloutKnobs,
    RolloutPolicy, SolitaireKnobs, SolitairePolicy, TeamKnobs, TeamPolicy,
};
use robsim::catan::sim::{layout_for, play, GameRngs};
use robsim::catan::*;
use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::cell::Cell;

struct Counting;

// Counted per thread: the test harness's own thread allocates while a test runs (CI once saw 4
// allocations from it inside the first window), and only the thread playing the games matters.
thread_local! {
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: during thread teardown the slot may be gone; those allocations are not ours.
    let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
}

fn allocs() -> u64 {
    ALLOCS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: AllocLayout) -> *mut u8 {
        count();
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: AllocLayout) {
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: AllocLayout, n: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_in_games<P: for<'t> Policy<Game<'t>> + Clone>(
    rules: Rules,
    board: BoardKind,
    policy: P,
) -> u64 {
    allocations_in_n_games(rules, board, policy, 200)
}

fn allocations_in_n_games<P: for<'t> Policy<Game<'t>> + Clone>(
    rules: Rules,
    board: BoardKind,
    policy: P,
    games: u64,
) -> u64 {
    let start = allocs();
    let map = robsim::catan::mapfile::map_for("base", &rules);
    let topo = Topology::build(&robsim::catan::mapfile::resolve_map(&map).unwrap()).unwrap();
    let mut buf = Box::new(ActionList::new());
    assert!(
        allocs() > start,
        "the counter sees this thread's allocations (the map, the buffer)"
    );
    let mut one = |i: u64| {
        let layout = layout_for(&topo, board, 3, i);
        let mut g = Game::new(&topo, layout, rules);
        let mut rngs = GameRngs::new(3, i);
        let mut p = policy.clone();
        play(&mut g, &mut p, &mut rngs, &mut buf, &mut ());
    };
    one(0); // warm-up
    let before = allocs();
    for i in 1..games {
        one(i);
    }
    allocs() - before
}

// One test function, so the warm-ups and windows read as one story.
#[test]
fn games_do_not_allocate_after_warm_up() {
    let random = BoardKind::Random { red_apart: true };
    let robert = |c| {
        Rules::robert(
            4,
            RobertRules {
                start_cards: c,
                ..Default::default()
            },
        )
    };
    assert_eq!(
        allocations_in_games(Rules::base(4), random, RandomPolicy),
        0,
        "base random"
    );
    assert_eq!(
        allocations_in_games(Rules::base(4), random, GreedyPolicy::default()),
        0,
        "base greedy"
    );
    for c in 0..=3 {
        let team = TeamPolicy::new(TeamKnobs::default());
        assert_eq!(
            allocations_in_games(robert(c), BoardKind::Fixed, team),
            0,
            "robert team {c}"
        );
        assert_eq!(
            allocations_in_games(robert(c), random, RandomPolicy),
            0,
            "robert random {c}"
        );
    }
    let all = Modifiers(7);
    let solo = Rules::solitaire(SolitaireRules::default()).with_modifiers(all);
    assert_eq!(
        allocations_in_games(solo, random, SolitairePolicy::default()),
        0,
        "solitaire with every modifier"
    );
    assert_eq!(
        allocations_in_games(solo, random, GreedyPolicy::default()),
        0,
        "solitaire greedy"
    );
    assert_eq!(
        allocations_in_games(robert(1).with_modifiers(all), random, RandomPolicy),
        0,
        "robert with every modifier"
    );
    // The learned player, with weights that leave the base policy's choice now and then, and
    // a network on every decision type.
    let learned = |base| {
        let mut m = LearnedModel::base_only(base, 8);
        for (k, w) in m.weights.iter_mut().enumerate() {
            w[1] = 0.3 - 0.1 * k as f32;
            w[2] = 0.05;
        }
        for (k, n) in m.nets.iter_mut().enumerate() {
            n.hidden = 16;
            for j in 0..16 {
                n.set_w1(j, 1 + (j + k) % 3, 0.2 - 0.03 * j as f32);
                n.b1[j] = 0.01;
                n.w2[j] = if j % 2 == 0 { 0.1 } else { -0.07 };
            }
        }
        LearnedPolicy::new(m)
    };
    for c in 0..=3 {
        assert_eq!(
            allocations_in_games(
                robert(c),
                random,
                learned(LearnedBase::Team(TeamKnobs::default()))
            ),
            0,
            "robert learned {c}"
        );
    }
    assert_eq!(
        allocations_in_games(
            solo,
            random,
            learned(LearnedBase::Solitaire(SolitaireKnobs::default()))
        ),
        0,
        "solitaire learned"
    );
    // The search player: thousands of rollouts a game, none allocating.
    let search = RolloutPolicy::new(
        RolloutKnobs {
            rollouts: 4,
            ..Default::default()
        },
        TeamKnobs::default(),
    );
    assert_eq!(
        allocations_in_n_games(robert(2), random, search.clone(), 12),
        0,
        "robert rollout"
    );
    assert_eq!(
        allocations_in_n_games(
            Rules::solitaire(SolitaireRules::default()),
            random,
            search,
            12
        ),
        0,
        "solitaire rollout"
    );
    // ... also over the learned player.
    let over_learned = RolloutPolicy::new(
        RolloutKnobs {
            rollouts: 2,
            base: robsim::catan::policy::rollout::BaseName::Learned,
            ..Default::default()
        },
        TeamKnobs::default(),
    )
    .with_learned(Some(LearnedModel::base_only(
        LearnedBase::Team(TeamKnobs::default()),
        6,
    )));
    assert_eq!(
        allocations_in_n_games(robert(2), random, over_learned, 6),
        0,
        "robert rollout over learned"
    );
    for players in [4, 6] {
        let raiders = Rules::raiders(players, RaidersRules::default());
        assert_eq!(
            allocations_in_games(raiders, BoardKind::Fixed, GreedyPolicy::default()),
            0,
            "raiders greedy {players}p"
        );
        let capped = Rules {
            turn_cap: 1_000,
            ..raiders
        };
        assert_eq!(
            allocations_in_games(capped, BoardKind::Fixed, RandomPolicy),
            0,
            "raiders random {players}p"
        );
    }
    // Carcassonne: one game allocation reused (`reset`), every policy, with and without The
    // Robbers, 2 to 5 players.
    for (rules, name) in [
        (robsim::carcassonne::Rules::base(2), "carcassonne base 2p"),
        (
            robsim::carcassonne::Rules::robbers(2),
            "carcassonne robbers 2p",
        ),
        (
            robsim::carcassonne::Rules::robbers(5),
            "carcassonne robbers 5p",
        ),
    ] {
        for policy in [
            robsim::carcassonne::players::CarcPolicySpec::Random,
            robsim::carcassonne::players::CarcPolicySpec::Greedy,
        ] {
            assert_eq!(
                carcassonne_allocations(rules, policy),
                0,
                "{name} {policy:?}"
            );
        }
    }
}

fn carcassonne_allocations(
    rules: robsim::carcassonne::Rules,
    policy: robsim::carcassonne::players::CarcPolicySpec,
) -> u64 {
    use robsim::carcassonne::sim::CarcRngs;
    let tiles = robsim::carcassonne::experiment::base_tiles();
    let mut g = robsim::carcassonne::Game::new(tiles, rules);
    let mut buf = Box::new(robsim::carcassonne::policy::CarcActions::new());
    let mut one = |i: u64| {
        g.reset(rules);
        let mut rngs = CarcRngs::new(3, i);
        robsim::engine::play::play(&mut g, &mut policy.player(), &mut rngs, &mut buf, &mut ());
    };
    one(0); // warm-up
    let before = allocs();
    for i in 1..100 {
        one(i);
    }
    allocs() - before
}
