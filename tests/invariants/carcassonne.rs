//! Invariants over many random and greedy Carcassonne games: followers conserved, scores equal
//! the sum of scoring events, tiles placed + discarded + remaining = total, determinism.

use robsim::carcassonne::experiment::base_tiles;
use robsim::carcassonne::policy::{CarcActions, CarcGreedy, CarcRandom, Policy};
use robsim::carcassonne::sim::CarcRngs;
use robsim::carcassonne::*;
use robsim::engine::play::{play, Observer};

/// Sums every scoring event per player.
#[derive(Default)]
struct Sums {
    score: [u32; MAX_PLAYERS],
    robbed: u32,
}

impl Sink<Event> for Sums {
    fn event(&mut self, e: &Event) {
        match *e {
            Event::Score { player, points, .. } => self.score[player as usize] += points as u32,
            Event::Robbery { robber, points, .. } => {
                self.score[robber as usize] += points as u32;
                self.robbed += points as u32;
            }
            Event::RobberFinal { player, points } => self.score[player as usize] += points as u32,
            _ => {}
        }
    }
}

/// Checks the kernel's invariants after every step of the engine's loop; refuses illegal actions.
struct Checked {
    sums: Sums,
    i: u64,
}

impl Sink<Event> for Checked {
    fn event(&mut self, e: &Event) {
        self.sums.event(e)
    }
}

impl Observer<Game<'_>> for Checked {
    const CHECKED: bool = true;
    fn post_step(&mut self, g: &Game) {
        g.check().unwrap_or_else(|e| panic!("game {}: {e}", self.i));
    }
    fn illegal(&mut self, g: &Game, a: Action, _e: IllegalAction) {
        panic!("{a:?} illegal in {:?}", g.phase);
    }
}

/// Plays one game step by step, checking the kernel's invariants after every step.
fn checked_game<P: for<'t> Policy<Game<'t>>>(
    rules: Rules,
    seed: u64,
    i: u64,
    policy: &mut P,
) -> (Game<'static>, Sums) {
    let t = base_tiles();
    let mut g = Game::new(t, rules);
    let mut rngs = CarcRngs::new(seed, i);
    let mut buf = CarcActions::new();
    let mut obs = Checked {
        sums: Sums::default(),
        i,
    };
    play(&mut g, policy, &mut rngs, &mut buf, &mut obs);
    (g, obs.sums)
}

#[test]
fn random_games_keep_invariants() {
    for players in 2..=5u8 {
        for robbers in [false, true] {
            for placement in [RobberPlacement::NextInStock, RobberPlacement::EachOther] {
                let rules = Rules {
                    players,
                    robbers,
                    placement,
                    final_points: if placement == RobberPlacement::EachOther {
                        0
                    } else {
                        3
                    },
                    // The other knobs vary with the placement rule.
                    share: if placement == RobberPlacement::EachOther {
                        RobberShare::Third
                    } else {
                        RobberShare::Half
                    },
                    robbers_per_player: if placement == RobberPlacement::EachOther {
                        2
                    } else {
                        1
                    },
                    rogue_beside: if placement == RobberPlacement::EachOther {
                        RogueBeside::RoundStart
                    } else {
                        RogueBeside::AfterMoves
                    },
                    unplaceable_robber_tile: if placement == RobberPlacement::EachOther {
                        UnplaceableRobberTile::RobberStep
                    } else {
                        UnplaceableRobberTile::Lost
                    },
                    // 16 robber tiles with the Big Box reading, the file's 8 with the other.
                    robber_tiles: (placement == RobberPlacement::EachOther).then_some(16),
                };
                let robber_tiles = match (robbers, rules.robber_tiles) {
                    (false, _) => 0,
                    (true, Some(n)) => n as usize,
                    (true, None) => 8,
                };
                for i in 0..60 {
                    let (g, sums) = checked_game(rules, 7, i, &mut CarcRandom);
                    for p in 0..players as usize {
                        assert_eq!(g.score[p] as u32, sums.score[p], "game {i} seat {p}");
                    }
                    assert_eq!(g.remaining(), 0);
                    assert_eq!(
                        g.placed.len() + g.discarded as usize,
                        base_tiles().total(false) + robber_tiles
                    );
                    assert_eq!(g.total_tiles(), base_tiles().total(false) + robber_tiles);
                    if !robbers {
                        assert_eq!(sums.robbed, 0);
                    }
                }
            }
        }
    }
}

#[test]
fn greedy_games_keep_invariants() {
    for players in [2u8, 4] {
        for robbers in [false, true] {
            let rules = Rules {
                robbers,
                ..Rules::base(players)
            };
            for i in 0..15 {
                let (g, sums) = checked_game(rules, 11, i, &mut CarcGreedy::default());
                for p in 0..players as usize {
                    assert_eq!(g.score[p] as u32, sums.score[p]);
                }
            }
        }
    }
}

#[test]
fn reset_replays_identically() {
    let t = base_tiles();
    let rules = Rules::robbers(3);
    let mut g = Game::new(t, rules);
    let mut buf = CarcActions::new();
    let mut scores = Vec::new();
    for i in 0..20 {
        g.reset(rules);
        let mut rngs = CarcRngs::new(5, i);
        play(&mut g, &mut CarcRandom, &mut rngs, &mut buf, &mut ());
        scores.push(g.score);
    }
    for i in 0..20 {
        let mut fresh = Game::new(t, rules);
        let mut rngs = CarcRngs::new(5, i);
        play(&mut fresh, &mut CarcRandom, &mut rngs, &mut buf, &mut ());
        assert_eq!(fresh.score, scores[i as usize], "game {i}");
    }
}

/// Checks, before every step, that the counted placements (what `random` draws from) are the
/// listed ones in the same order.
struct PlacementCheck {
    checked: u64,
}

impl Sink<Event> for PlacementCheck {}

impl<'t> Observer<Game<'t>> for PlacementCheck {
    fn pre_step(&mut self, g: &mut Game<'t>) -> bool {
        if g.phase == Phase::Place {
            let mut l = CarcActions::new();
            g.legal(&mut l);
            assert_eq!(g.placement_count(), l.len());
            for (k, a) in l.iter().enumerate() {
                assert_eq!(g.nth_placement(k), *a, "placement {k}");
            }
            self.checked += 1;
        }
        false
    }
}

#[test]
fn counted_placements_are_the_listed_ones() {
    let mut obs = PlacementCheck { checked: 0 };
    for (i, rules) in [Rules::base(2), Rules::robbers(3), Rules::robbers(5)]
        .into_iter()
        .enumerate()
    {
        let mut g = Game::new(base_tiles(), rules);
        let mut buf = CarcActions::new();
        for k in 0..10 {
            g.reset(rules);
            let mut rngs = CarcRngs::new(5, (i * 100 + k) as u64);
            play(&mut g, &mut CarcRandom, &mut rngs, &mut buf, &mut obs);
        }
    }
    assert!(
        obs.checked > 1_000,
        "only {} placements checked",
        obs.checked
    );
}
