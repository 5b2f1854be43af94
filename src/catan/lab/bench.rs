//! `robsim bench`: games/s and player-turns/s of standard workloads.
//!
//! `robsim bench`: games/s and player-turns/s of standard workloads (Catan variants and
//! Carcassonne) with 1 thread and all threads.

use crate::catan::mapfile::base_map;
use crate::catan::policy::{
    Effort, GreedyPolicy, LearnedModel, LearnedPolicy, NullPolicy, Policy, RandomPolicy,
    RolloutKnobs, RolloutPolicy, SolitairePolicy, TeamKnobs, TeamPolicy,
};
use crate::catan::sim::{layout_for, play, GameRngs};
use crate::catan::*;
use crate::engine::runner::{run, with_threads, Experiment};
use crate::engine::stats::Accumulator;
use anyhow::Result;
use indicatif::ProgressBar;
use std::time::Instant;

/// Games, player-turns and an order-free checksum of one workload's results.
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    pub games: u64,
    pub turns: u64,
    pub checksum: u64,
    /// Decisions searched and rollouts played (search players only).
    pub decisions: u64,
    pub rollouts: u64,
}

impl Accumulator for Tally {
    fn merge(&mut self, o: Self) {
        self.games += o.games;
        self.turns += o.turns;
        self.checksum = self.checksum.wrapping_add(o.checksum);
        self.decisions += o.decisions;
        self.rollouts += o.rollouts;
    }
}

/// One benchmark workload: a rule set, a board and a policy, played from seed 1.
pub struct Workload<P> {
    pub name: &'static str,
    pub topo: Topology,
    pub rules: Rules,
    pub board: BoardKind,
    pub policy: P,
}

impl<P: for<'t> Policy<Game<'t>> + Effort + Clone + Sync> Experiment for Workload<P> {
    type Acc = Tally;
    type Scratch = Box<ActionList>;
    fn play(&self, i: u64, acc: &mut Tally, buf: &mut Box<ActionList>) {
        let layout = layout_for(&self.topo, self.board, 1, i);
        let mut g = Game::new(&self.topo, layout, self.rules);
        let mut rngs = GameRngs::new(1, i);
        let mut player = self.policy.clone();
        let o = play(&mut g, &mut player, &mut rngs, buf, &mut ());
        let (decisions, rollouts) = player.effort();
        acc.decisions += decisions;
        acc.rollouts += rollouts;
        acc.games += 1;
        acc.turns += g.s.turn as u64;
        let code = match o {
            Outcome::Winner(p) => 1 + p.0 as u64,
            Outcome::TeamWin => 10,
            Outcome::TeamLoss => 20,
            Outcome::Cap => 30,
        };
        acc.checksum = acc.checksum.wrapping_add(crate::engine::seeds::mix64(
            i ^ (code << 40) ^ ((g.s.turn as u64) << 48),
        ));
    }

    fn chunk(&self) -> u64 {
        if P::SEARCH {
            2
        } else {
            crate::engine::runner::CHUNK
        }
    }
}

/// A Carcassonne workload: 2-5 players, base game or The Robbers, random or greedy, from seed 1.
/// Its player-turns are the tiles placed.
pub struct CarcWorkload {
    pub name: &'static str,
    pub rules: crate::carcassonne::Rules,
    pub policy: crate::carcassonne::players::CarcPolicySpec,
}

impl Experiment for CarcWorkload {
    type Acc = Tally;
    type Scratch = crate::carcassonne::experiment::CarcScratch;
    fn play(&self, i: u64, acc: &mut Tally, s: &mut crate::carcassonne::experiment::CarcScratch) {
        let tiles = crate::carcassonne::experiment::base_tiles();
        let g = s.play(tiles, self.rules, self.policy.player(), 1, i, &mut ());
        acc.games += 1;
        acc.turns += g.placed.len() as u64;
        let mut h = i;
        for p in 0..self.rules.players as usize {
            h = h.wrapping_mul(31).wrapping_add(g.score[p] as u64);
        }
        acc.checksum = acc.checksum.wrapping_add(crate::engine::seeds::mix64(h));
    }
}

/// A workload's name in the table.
pub trait Named {
    fn name(&self) -> &'static str;
}

impl<P> Named for Workload<P> {
    fn name(&self) -> &'static str {
        self.name
    }
}

impl Named for CarcWorkload {
    fn name(&self) -> &'static str {
        self.name
    }
}

/// One measured line of the bench table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BenchLine {
    pub workload: &'static str,
    pub threads: usize,
    pub games: u64,
    pub player_turns_per_game: f64,
    pub seconds_median: f64,
    pub games_per_s: f64,
    pub player_turns_per_s: f64,
    /// The cost measure (docs/speed.md): core-microseconds per game (seconds x threads / games)
    /// and core-nanoseconds per player-turn. Players compare per game on the same games
    /// ([`ratios`]): a player whose games run longer (a stalling team's idle turns) pays per
    /// game, not per player-turn.
    pub core_us_per_game: f64,
    pub core_ns_per_player_turn: f64,
    /// All-threads rate divided by the 1-thread rate measured in the same run.
    pub scaling: Option<f64>,
    /// Search players: decisions searched and rollouts played per second.
    pub decisions_per_s: Option<f64>,
    pub rollouts_per_s: Option<f64>,
}

fn measure<W: Experiment<Acc = Tally> + Named>(
    w: &W,
    games: u64,
    repeats: usize,
    threads: usize,
) -> Result<(Tally, f64)> {
    // Warm-up (thread pool, caches, page faults), not timed.
    with_threads(threads, || {
        run(w, 0..games.min(2_000), &ProgressBar::hidden())
    })?;
    let mut secs = Vec::with_capacity(repeats);
    let mut tally = Tally::default();
    for _ in 0..repeats {
        let t0 = Instant::now();
        let t = with_threads(threads, || run(w, 0..games, &ProgressBar::hidden()))?;
        secs.push(t0.elapsed().as_secs_f64());
        if tally.games > 0 {
            anyhow::ensure!(t == tally, "{}: results differ between repeats", w.name());
        }
        tally = t;
    }
    secs.sort_by(f64::total_cmp);
    Ok((tally, secs[secs.len() / 2]))
}

fn lines_for<W: Experiment<Acc = Tally> + Named>(
    w: W,
    games: u64,
    repeats: usize,
    all: usize,
    out: &mut Vec<BenchLine>,
) -> Result<()> {
    let (t1, s1) = measure(&w, games, repeats, 1)?;
    let (tn, sn) = measure(&w, games, repeats, all)?;
    anyhow::ensure!(
        t1 == tn,
        "{}: results differ between 1 and {all} threads",
        w.name()
    );
    for (threads, secs, scaling) in [(1, s1, None), (all, sn, Some(s1 / sn))] {
        out.push(BenchLine {
            workload: w.name(),
            threads,
            games,
            player_turns_per_game: (t1.turns as f64 / games as f64 * 10.0).round() / 10.0,
            seconds_median: (secs * 1e4).round() / 1e4,
            games_per_s: (games as f64 / secs).round(),
            player_turns_per_s: (t1.turns as f64 / secs).round(),
            core_us_per_game: (secs * threads as f64 / games as f64 * 1e7).round() / 10.0,
            core_ns_per_player_turn: (secs * threads as f64 / t1.turns.max(1) as f64 * 1e10)
                .round()
                / 10.0,
            scaling: scaling.map(|x| (x * 100.0).round() / 100.0),
            decisions_per_s: (t1.decisions > 0).then(|| (t1.decisions as f64 / secs).round()),
            rollouts_per_s: (t1.rollouts > 0).then(|| (t1.rollouts as f64 / secs).round()),
        });
    }
    Ok(())
}

/// Workloads that play the same games (rules, board, seeds) with different players, each with
/// the workload it is priced against.
pub const SAME_GAMES: &[(&str, &str)] =
    &[("robert_4p_learned_moderate", "robert_4p_team_moderate")];

/// A player's cost against another's on the same games, from the 1-thread lines.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CostRatio {
    pub workload: &'static str,
    pub against: &'static str,
    /// Core-seconds per game over the other's: the measure.
    pub per_game: f64,
    /// Core-seconds per player-turn over the other's (the games' lengths differ).
    pub per_player_turn: f64,
    pub player_turns_per_game: f64,
    pub against_player_turns_per_game: f64,
}

/// The [`SAME_GAMES`] pairs both measured in `lines`, priced from their 1-thread lines.
pub fn ratios(lines: &[BenchLine]) -> Vec<CostRatio> {
    let one = |w: &str| lines.iter().find(|l| l.workload == w && l.threads == 1);
    SAME_GAMES
        .iter()
        .filter_map(|&(w, a)| {
            let (x, y) = (one(w)?, one(a)?);
            (x.games == y.games).then(|| CostRatio {
                workload: x.workload,
                against: y.workload,
                per_game: (x.core_us_per_game / y.core_us_per_game * 100.0).round() / 100.0,
                per_player_turn: (x.core_ns_per_player_turn / y.core_ns_per_player_turn * 100.0)
                    .round()
                    / 100.0,
                player_turns_per_game: x.player_turns_per_game,
                against_player_turns_per_game: y.player_turns_per_game,
            })
        })
        .collect()
}

/// Runs every workload (`games` each, `repeats` times, median) with 1 thread and `all` threads.
///
/// # Errors
/// A thread pool cannot start, or a workload's results differ between repeats or thread counts.
pub fn run_bench(
    games: u64,
    repeats: usize,
    all: usize,
    only: Option<&str>,
    learned: Option<LearnedModel>,
) -> Result<Vec<BenchLine>> {
    let topo = || Topology::build(&base_map()).expect("the shipped base map is valid");
    let random = BoardKind::Random { red_apart: true };
    let want = |name: &str| only.is_none_or(|o| name.contains(o));
    let mut out = Vec::new();
    if want("floor_base_4p_null") {
        // Dice and production only; the 1000-turn cap makes every game the same length.
        let rules = Rules {
            turn_cap: 1000,
            // Null players never spend: no hand limit, or sevens would be all discards.
            hand_limit: u8::MAX,
            ..Rules::base(4)
        };
        lines_for(
            Workload {
                name: "floor_base_4p_null",
                topo: topo(),
                rules,
                board: random,
                policy: NullPolicy,
            },
            games,
            repeats,
            all,
            &mut out,
        )?;
    }
    if want("base_4p_random") {
        lines_for(
            Workload {
                name: "base_4p_random",
                topo: topo(),
                rules: Rules::base(4),
                board: random,
                policy: RandomPolicy,
            },
            games,
            repeats,
            all,
            &mut out,
        )?;
    }
    if want("base_4p_greedy") {
        lines_for(
            Workload {
                name: "base_4p_greedy",
                topo: topo(),
                rules: Rules::base(4),
                board: random,
                policy: GreedyPolicy::default(),
            },
            games,
            repeats,
            all,
            &mut out,
        )?;
    }
    for (name, cards) in [
        ("robert_4p_team_impossible", 0),
        ("robert_4p_team_hard", 1),
        ("robert_4p_team_moderate", 2),
        ("robert_4p_team_easy", 3),
    ] {
        if want(name) {
            let rules = Rules::robert(
                4,
                RobertRules {
                    start_cards: cards,
                    ..Default::default()
                },
            );
            lines_for(
                Workload {
                    name,
                    topo: topo(),
                    rules,
                    board: random,
                    policy: TeamPolicy::new(TeamKnobs::default()),
                },
                games,
                repeats,
                all,
                &mut out,
            )?;
        }
    }
    // The learned player (the shipped Robert model) beside team at the same difficulty: its
    // cost per player-turn against team's.
    if let Some(m) = learned.filter(|_| want("robert_4p_learned_moderate")) {
        let rules = Rules::robert(
            4,
            RobertRules {
                start_cards: 2,
                ..Default::default()
            },
        );
        lines_for(
            Workload {
                name: "robert_4p_learned_moderate",
                topo: topo(),
                rules,
                board: random,
                policy: LearnedPolicy::new(m),
            },
            games,
            repeats,
            all,
            &mut out,
        )?;
    }
    for (name, players) in [("raiders_4p_greedy", 4u8), ("raiders_6p_greedy", 6)] {
        if want(name) {
            let rules = Rules::raiders(players, Default::default());
            let map = crate::catan::mapfile::map_for("base", &rules);
            lines_for(
                Workload {
                    name,
                    topo: Topology::build(&crate::catan::mapfile::resolve_map(&map)?)?,
                    rules,
                    board: BoardKind::Fixed,
                    policy: GreedyPolicy::default(),
                },
                games,
                repeats,
                all,
                &mut out,
            )?;
        }
    }
    // The search player: a game costs about as much as a few thousand scripted games, so it
    // plays 1/500 of the games (at least 4).
    for (name, rules, budget) in [
        (
            "robert_4p_rollout8_moderate",
            Rules::robert(
                4,
                RobertRules {
                    start_cards: 2,
                    ..Default::default()
                },
            ),
            8u16,
        ),
        (
            "solitaire_1p_rollout8",
            Rules::solitaire(SolitaireRules::default()),
            8,
        ),
    ] {
        if want(name) {
            let knobs = RolloutKnobs {
                rollouts: budget,
                ..Default::default()
            };
            lines_for(
                Workload {
                    name,
                    topo: topo(),
                    rules,
                    board: random,
                    policy: RolloutPolicy::new(knobs, TeamKnobs::default()),
                },
                (games / 500).max(4),
                repeats,
                all,
                &mut out,
            )?;
        }
    }
    {
        use crate::carcassonne::players::CarcPolicySpec;
        use crate::carcassonne::Rules as CarcRules;
        for (name, rules, policy) in [
            (
                "carcassonne_2p_random",
                CarcRules::base(2),
                CarcPolicySpec::Random,
            ),
            (
                "robbers_2p_random",
                CarcRules::robbers(2),
                CarcPolicySpec::Random,
            ),
            (
                "robbers_4p_greedy",
                CarcRules::robbers(4),
                CarcPolicySpec::Greedy,
            ),
        ] {
            if want(name) {
                lines_for(
                    CarcWorkload {
                        name,
                        rules,
                        policy,
                    },
                    games,
                    repeats,
                    all,
                    &mut out,
                )?;
            }
        }
    }
    if want("solitaire_1p") {
        let rules = Rules::solitaire(SolitaireRules::default());
        lines_for(
            Workload {
                name: "solitaire_1p",
                topo: topo(),
                rules,
                board: random,
                policy: SolitairePolicy::default(),
            },
            games,
            repeats,
            all,
            &mut out,
        )?;
    }
    Ok(out)
}
