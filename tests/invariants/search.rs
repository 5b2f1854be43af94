//! The search player: every action it takes, and every candidate it tries inside a rollout, is legal.

use robsim::catan::mapfile::{map_for, resolve_map};
use robsim::catan::policy::{Effort, RolloutKnobs, RolloutPolicy, SearchMode, TeamKnobs};
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::{play, Strict};

/// Plays `games` games of `rules` with a small-budget rollout player through the checked loop
/// (`Strict` panics on an illegal action); returns the decisions it searched.
fn play_checked(rules: Rules, board: BoardKind, games: u64, knobs: RolloutKnobs) -> u64 {
    let topo = Topology::build(&resolve_map(&map_for("base", &rules)).unwrap()).unwrap();
    let mut searched = 0;
    for i in 0..games {
        let mut g = Game::new(&topo, layout_for(&topo, board, 11, i), rules);
        let mut rngs = GameRngs::new(11, i);
        let mut p = RolloutPolicy::new(knobs, TeamKnobs::default());
        let mut buf = ActionList::new();
        play(
            &mut g,
            &mut p,
            &mut rngs,
            &mut buf,
            &mut Strict::new(&mut ()),
        );
        assert!(g.is_over());
        searched += p.effort().0;
    }
    searched
}

#[test]
fn rollout_player_plays_legal_actions_in_every_variant() {
    let random = BoardKind::Random { red_apart: true };
    for (what, rules, board) in [
        (
            "robert 4p moderate",
            Rules::robert(
                4,
                RobertRules {
                    start_cards: 2,
                    ..Default::default()
                },
            ),
            random,
        ),
        (
            "robert 3p easy",
            Rules::robert(
                3,
                RobertRules {
                    start_cards: 3,
                    ..Default::default()
                },
            ),
            random,
        ),
        (
            "solitaire",
            Rules::solitaire(SolitaireRules::default()),
            random,
        ),
        ("base 4p", Rules::base(4), random),
        (
            "raiders 4p",
            Rules::raiders(4, Default::default()),
            BoardKind::Fixed,
        ),
    ] {
        for (search, knobs) in [
            (
                "race",
                RolloutKnobs {
                    rollouts: 2,
                    ..Default::default()
                },
            ),
            (
                "halving",
                RolloutKnobs {
                    search: SearchMode::Halving,
                    simulations: 6,
                    ..Default::default()
                },
            ),
        ] {
            let searched = play_checked(rules, board, 3, knobs);
            assert!(searched > 0, "{what} ({search}): no decision was searched");
        }
    }
}
