//! Random-play invariants for Solitaire and the modifiers: thousands of games with every
//! modifier combination and each policy, checked after every step (conservation, VP from
//! scratch, road lengths, the distance rule's blocked set), with an independent production
//! oracle: destroyed tiles (and the robber's tile) never produce, at most 5 tiles are ever
//! destroyed, the desert never, and destroyed tiles stay destroyed.

use crate::support::{topo, Step, Stepwise};
use robsim::catan::policy::{GreedyPolicy, Policy, RandomPolicy, SolitairePolicy};
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::play;

#[derive(Default, Debug)]
struct Tally {
    games: u32,
    wins: u32,
    losses: u32,
    caps: u32,
    destructions: u32,
    eruptions: u32,
    gold: u32,
    bonus: u32,
    cancels: u32,
}

struct Count<'a>(&'a mut Tally);

impl Sink<Event> for Count<'_> {
    fn event(&mut self, e: &Event) {
        match e {
            Event::Destruction {
                destroyed: true, ..
            } => self.0.destructions += 1,
            Event::Eruption { .. } => self.0.eruptions += 1,
            Event::Gold { .. } => self.0.gold += 1,
            Event::Bonus { .. } => self.0.bonus += 1,
            Event::SevenCancelled { .. } => self.0.cancels += 1,
            _ => {}
        }
    }
}

/// What the single player should receive for roll `n`: 1 per settlement and 2 per city on every
/// hex with that number that is neither destroyed nor under the robber, capped by the bank.
fn oracle(g: &Game, n: u8) -> Hand {
    let mut want = [0u32; 5];
    for h in 0..g.topo.n_hexes {
        if g.layout.token[h] != n || g.s.destroyed.contains(h) || g.s.robber.idx() == h {
            continue;
        }
        let Some(r) = g.layout.terrain[h].resource() else {
            continue;
        };
        for c in g.topo.hex_corners[h] {
            let o = g.s.corner_owner[c.idx()];
            if o != 0 {
                want[r.idx()] += if o & CITY_FLAG != 0 { 2 } else { 1 };
            }
        }
    }
    let mut got = [0u8; 5];
    for i in 0..5 {
        got[i] = want[i].min(g.s.bank[i] as u32) as u8;
    }
    got
}

fn play_checked<P: for<'t> Policy<Game<'t>>>(
    rules: Rules,
    board: BoardKind,
    seed: u64,
    i: u64,
    policy: &mut P,
    t: &mut Tally,
) {
    let layout = layout_for(topo(), board, seed, i);
    let mut g = Game::new(topo(), layout, rules);
    let mut rngs = GameRngs::new(seed, i);
    let mut buf = ActionList::new();
    let desert = layout.robber_start;
    let mut obs = Stepwise::new(Count(t), |g: &Game, st: &Step, _count: &mut Count| {
        let before = st.before;
        if let (Phase::Dice, Some(ChanceOutcome::Dice(a, b))) = (before.phase, st.chance) {
            let n = a + b;
            if n != 7 {
                let want = oracle(
                    &Game {
                        s: before,
                        ..g.clone()
                    },
                    n,
                );
                let got: Vec<u8> = (0..5)
                    .map(|r| g.s.players[0].hand[r] - before.players[0].hand[r])
                    .collect();
                assert_eq!(got, want.to_vec(), "game {i}: production of {n}");
            }
        }
        if let Err(e) = g.check_invariants() {
            panic!("game {i} step {}: {e}", st.n);
        }
        assert!(g.s.destroyed.len() <= 5);
        assert!(!g.s.destroyed.contains(desert.idx()));
        assert_eq!(
            g.s.destroyed.intersect(before.destroyed),
            before.destroyed,
            "game {i}: a destroyed tile came back"
        );
        assert!(!g.s.destroyed.contains(g.s.robber.idx()));
    });
    play(&mut g, policy, &mut rngs, &mut buf, &mut obs);
    match g.s.outcome().expect("the game ended") {
        Outcome::TeamWin => {
            t.wins += 1;
            assert!(
                g.s.players[0].vp >= 10,
                "game {i}: won with {} VP",
                g.s.players[0].vp
            );
            assert!(g.s.destroyed.len() < 5);
        }
        Outcome::TeamLoss => {
            t.losses += 1;
            assert_eq!(g.s.destroyed.len(), 5, "game {i}: lost without 5 destroyed");
        }
        Outcome::Cap => t.caps += 1,
        Outcome::Winner(_) => panic!("game {i}: a competitive outcome in Solitaire"),
    }
    t.games += 1;
}

#[test]
fn random_solitaire_games_keep_every_invariant() {
    let mut t = Tally::default();
    for m in Modifiers::ALL_COMBINATIONS {
        for awards in [true, false] {
            let rules = Rules::solitaire(SolitaireRules {
                awards,
                ..SolitaireRules::default()
            })
            .with_modifiers(m);
            for i in 0..60u64 {
                let board = if i % 2 == 0 {
                    BoardKind::Fixed
                } else {
                    BoardKind::Random { red_apart: true }
                };
                play_checked(rules, board, 77 + m.0 as u64, i, &mut RandomPolicy, &mut t);
                play_checked(
                    rules,
                    board,
                    78 + m.0 as u64,
                    i,
                    &mut SolitairePolicy::default(),
                    &mut t,
                );
                play_checked(
                    rules,
                    board,
                    79 + m.0 as u64,
                    i,
                    &mut GreedyPolicy::default(),
                    &mut t,
                );
            }
        }
    }
    eprintln!("{t:?}");
    assert_eq!(t.games, 8 * 2 * 60 * 3);
    // The checks saw every kind of event, and both endings.
    assert!(t.wins > 100 && t.losses > 100, "{t:?}");
    assert!(
        t.destructions > 1000 && t.eruptions > 50 && t.gold > 50 && t.bonus > 500 && t.cancels > 50,
        "{t:?}"
    );
    assert_eq!(t.caps, 0, "{t:?}");
}

/// Modifiers with the base game and Robert keep the invariants too.
#[test]
fn modifiers_in_base_and_robert_keep_every_invariant() {
    let m = Modifiers(7);
    for rules in [
        Rules::base(3).with_modifiers(m),
        Rules::robert(3, RobertRules::default()).with_modifiers(m),
    ] {
        for i in 0..150u64 {
            let layout = layout_for(topo(), BoardKind::Random { red_apart: true }, 5, i);
            let mut g = Game::new(topo(), layout, rules);
            let mut rngs = GameRngs::new(5, i);
            let mut buf = ActionList::new();
            let mut pol = GreedyPolicy::default();
            let mut obs = Stepwise::new((), |g: &Game, _: &Step, _: &mut ()| {
                g.check_invariants()
                    .unwrap_or_else(|e| panic!("game {i}: {e}"));
            });
            play(&mut g, &mut pol, &mut rngs, &mut buf, &mut obs);
        }
    }
}
