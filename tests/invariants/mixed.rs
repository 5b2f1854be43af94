//! Robert tables of mixed players (`grid.seats`, a learned seat among team seats and the other way round): every action legal, every state conserved, every game ends, and a game played twice is the same game.

use crate::support::{Step, Stepwise};
use robsim::catan::mapfile::{map_for, resolve_map};
use robsim::catan::policy::Player;
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::play;

/// Two mixed tables at 4 players, written from seat 1, at Moderate and Easy.
const CONFIG: &str = "name = \"mixed\"\nseed = 17\ngames = 12\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = [\"moderate\", \"easy\"]\nseats = [\"learned,team,team,team\", \"team,learned,learned,learned\"]\nrotate = false\n";

/// Plays game `i` of a row checking the invariants after every step; returns the final state.
fn play_checked(
    topo: &Topology,
    rules: Rules,
    board: BoardKind,
    mut player: Player,
    i: u64,
) -> State {
    let mut g = Game::new(topo, layout_for(topo, board, 17, i), rules);
    let mut rngs = GameRngs::new(17, i);
    let mut buf = ActionList::new();
    let mut check = Stepwise::new((), |g: &Game, step: &Step, _: &mut ()| {
        if let Err(e) = g.check_invariants() {
            panic!("step {}: {e}", step.n);
        }
    });
    play(&mut g, &mut player, &mut rngs, &mut buf, &mut check);
    assert!(g.is_over(), "game {i} ends");
    g.s
}

#[test]
fn mixed_tables_play_legal_games_that_end_alike_twice() {
    let sweep = robsim::config::Sweep::parse(CONFIG, "mixed").unwrap();
    assert_eq!(sweep.rows.len(), 4);
    let mut outcomes = Vec::new();
    for spec in &sweep.rows {
        let l = spec.lineup.expect("a mixed table has a lineup");
        assert_eq!(l.lead, 0, "a co-operative table is written from seat 1");
        assert!(
            matches!(spec.player(), Player::Seats(_)),
            "one player per seat"
        );
        let topo = Topology::build(&resolve_map(&map_for("base", &spec.rules)).unwrap()).unwrap();
        for i in 0..sweep.games {
            let s = play_checked(&topo, spec.rules, spec.board, spec.player(), i);
            assert_ne!(
                s.outcome(),
                Some(Outcome::Cap),
                "game {i} of {}",
                spec.policy_label()
            );
            let again = play_checked(&topo, spec.rules, spec.board, spec.player(), i);
            assert_eq!(s, again, "game {i} of {} played twice", spec.policy_label());
            outcomes.push(s.outcome().expect("over"));
        }
    }
    // Both outcomes happen: the tables play real games.
    assert!(outcomes.contains(&Outcome::TeamWin));
    assert!(outcomes.contains(&Outcome::TeamLoss));
}
