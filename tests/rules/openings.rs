//! Varied openings: at set-up temperature 0 a scripted policy opens every game on a fixed board alike; above 0 its first corner varies between games.

use robsim::catan::mapfile::{map_for, resolve_map};
use robsim::catan::policy::{
    GreedyKnobs, GreedyPolicy, Policy, SolitaireKnobs, SolitairePolicy, TeamKnobs, TeamPolicy,
};
use robsim::catan::sim::{sample_chance, GameRngs};
use robsim::catan::*;

/// The first set-up corner `policy` picks in `games` games of `rules` on the map's fixed board,
/// counted by distinct corner.
fn first_corners<P: for<'t> Policy<Game<'t>>>(
    rules: Rules,
    games: u64,
    mut policy: impl FnMut() -> P,
) -> usize {
    let topo = Topology::build(&resolve_map(&map_for("base", &rules)).unwrap()).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    let mut buf = ActionList::new();
    for i in 0..games {
        let mut g = Game::new(&topo, Layout::fixed(&topo), rules);
        let mut rngs = GameRngs::new(3, i);
        let mut p = policy();
        while g.s.phase != Phase::SetupSettlement {
            let d = g.chance().expect("only chance before set-up");
            let c = sample_chance(&g, d, &mut rngs);
            g.apply_chance(c, &mut ());
        }
        match p.choose(&g, &mut buf, &mut rngs.policy) {
            Action::BuildSettlement(c) => {
                seen.insert(c.idx());
            }
            a => panic!("set-up answered {a:?}"),
        }
    }
    seen.len()
}

#[test]
fn setup_temperature_varies_the_opening_of_every_scripted_policy() {
    let robert = Rules::robert(4, RobertRules::default());
    let raiders = Rules::raiders(4, Default::default());
    let solo = Rules::solitaire(SolitaireRules::default());
    for t in [0.0f32, 2.0] {
        let greedy = || {
            GreedyPolicy::new(GreedyKnobs {
                setup_temperature: t,
            })
        };
        let team = || {
            TeamPolicy::new(TeamKnobs {
                setup_temperature: t,
                ..Default::default()
            })
        };
        let solitaire = || SolitairePolicy {
            knobs: SolitaireKnobs {
                setup_temperature: t,
            },
        };
        let counts = [
            ("greedy, base", first_corners(Rules::base(4), 30, greedy)),
            ("greedy, raiders", first_corners(raiders, 30, greedy)),
            ("team, robert", first_corners(robert, 30, team)),
            ("solitaire", first_corners(solo, 30, solitaire)),
        ];
        for (what, n) in counts {
            if t == 0.0 {
                assert_eq!(n, 1, "{what}: temperature 0 opens every game alike");
            } else {
                assert!(n >= 3, "{what}: temperature {t} gave {n} distinct openings");
            }
        }
    }
}
