//! Honesty of the search: a searched decision (the rollout player's, the learn labeller's) depends only on what the table knows, never on the game's own future chance.
//!
//! Each game is played once as usual, keeping a snapshot (state, player, the player's own
//! random stream) before every searched decision. The game is then resumed from each snapshot
//! with the past unchanged but every chance stream of the future (dice, deck draws, steals,
//! Robert's ties, Solitaire's and the modifiers' dice) seeded afresh: the decision, and the
//! labeller's values of every candidate, must come out the same.

use robsim::catan::learning::learn::{FitFrom, HorizonValue, Labeller, LearnParams, UpdateRule};
use robsim::catan::policy::{
    Effort, LearnedBase, LearnedModel, RolloutKnobs, RolloutPolicy, SearchMode, TeamKnobs,
};
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::{play, Observer, Policy, Sink};
use robsim::engine::seeds::Rng;

use crate::support::topo;

/// A player state, its random stream and the state of the game before one searched decision,
/// and what came of it.
struct Snap<P> {
    g: Game<'static>,
    player: P,
    rng: Rng,
    action: Action,
    /// The player right after the decision.
    after: P,
}

/// Plays `inner`, keeping a snapshot before each decision where `searched` grows (at most
/// `max` of them).
struct Snapshots<P, F> {
    inner: P,
    searched: F,
    max: usize,
    snaps: Vec<Snap<P>>,
}

impl<P: Policy<Game<'static>> + Clone, F: Fn(&P) -> u64> Policy<Game<'static>> for Snapshots<P, F> {
    fn choose(&mut self, g: &Game<'static>, legal: &mut ActionList, rng: &mut Rng) -> Action {
        let (before, player, r) = (g.clone(), self.inner.clone(), rng.clone());
        let n = (self.searched)(&self.inner);
        let action = self.inner.choose(g, legal, rng);
        if (self.searched)(&self.inner) > n && self.snaps.len() < self.max {
            self.snaps.push(Snap {
                g: before,
                player,
                rng: r,
                action,
                after: self.inner.clone(),
            });
        }
        action
    }
}

/// Stops the game loop after the first action.
#[derive(Default)]
struct FirstAction(Option<Action>);

impl Sink<Event> for FirstAction {}

impl Observer<Game<'static>> for FirstAction {
    fn on_action(&mut self, _g: &Game<'static>, a: Action) {
        self.0 = Some(a);
    }
    fn halted(&self) -> bool {
        self.0.is_some()
    }
}

/// The game's future chance streams, seeded afresh (`other`), with the player's own stream
/// as it was at the snapshot.
fn other_future(other: u64, game: u64, rng: &Rng) -> GameRngs {
    let mut s = GameRngs::new(other, game);
    s.policy = rng.clone();
    s
}

/// Plays `games` games of `rules` with `player(i)`, snapshots up to `max` searched decisions
/// per game, resumes each with other chance streams and checks `same` on the resumed player.
/// Returns the decisions checked.
fn check<P, F>(
    rules: Rules,
    games: u64,
    max: usize,
    player: impl Fn(u64) -> P,
    searched: F,
    same: impl Fn(&Snap<P>, &P),
) -> usize
where
    P: Policy<Game<'static>> + Clone,
    F: Fn(&P) -> u64 + Copy,
{
    let t = topo();
    let board = BoardKind::Random { red_apart: true };
    let mut buf = ActionList::new();
    let mut checked = 0;
    for i in 0..games {
        let mut g = Game::new(t, layout_for(t, board, 17, i), rules);
        let mut rec = Snapshots {
            inner: player(i),
            searched,
            max,
            snaps: Vec::new(),
        };
        play(
            &mut g,
            &mut rec,
            &mut GameRngs::new(17, i),
            &mut buf,
            &mut (),
        );
        assert!(!rec.snaps.is_empty(), "game {i}: no searched decision");
        for s in &rec.snaps {
            let mut g = s.g.clone();
            let mut p = s.player.clone();
            let mut first = FirstAction::default();
            let mut streams = other_future(9_999, i, &s.rng);
            play(&mut g, &mut p, &mut streams, &mut buf, &mut first);
            assert_eq!(
                first.0,
                Some(s.action),
                "game {i}: another future, another decision"
            );
            same(s, &p);
            checked += 1;
        }
    }
    checked
}

fn robert(players: u8, cards: u8) -> Rules {
    Rules::robert(
        players,
        RobertRules {
            start_cards: cards,
            ..Default::default()
        },
    )
}

#[test]
fn rollout_decisions_ignore_the_games_future_chance() {
    search_ignores_the_games_future_chance(RolloutKnobs {
        rollouts: 2,
        ..Default::default()
    });
}

#[test]
fn halving_decisions_ignore_the_games_future_chance() {
    search_ignores_the_games_future_chance(RolloutKnobs {
        search: SearchMode::Halving,
        simulations: 8,
        ..Default::default()
    });
}

fn search_ignores_the_games_future_chance(knobs: RolloutKnobs) {
    let mut n = 0;
    for (rules, games) in [
        (robert(3, 2), 4),
        (robert(4, 1), 2),
        (Rules::solitaire(SolitaireRules::default()), 3),
        // A competitive seat, whose search also deals the others' hidden cards afresh.
        (Rules::base(4), 2),
    ] {
        n += check(
            rules,
            games,
            40,
            |_| RolloutPolicy::new(knobs, TeamKnobs::default()),
            |p: &RolloutPolicy| p.effort().0,
            |_, _| {},
        );
    }
    assert!(n >= 200, "only {n} searched decisions checked");
}

#[test]
fn labels_ignore_the_games_future_chance() {
    let params = LearnParams {
        rounds: 1,
        train_games: 1,
        test_games: 1,
        rollouts: 2,
        setup_rollouts: 3,
        candidates: 4,
        share: [1.0; 4],
        ridge: 0.01,
        progress_weight: 0.2,
        horizon: 50,
        horizon_value: HorizonValue::Progress,
        max_labels: 0,
        net: None,
        feature_version: 1,
        start: None,
        fit_from: FitFrom::Anew,
        update: UpdateRule::Gain,
    };
    let model = LearnedModel::base_only(LearnedBase::Team(TeamKnobs::default()), 4);
    let labelled = |p: &Labeller| p.pending.len() as u64;
    let n = check(
        robert(3, 2),
        3,
        40,
        |i| Labeller::new(model, &params, 5, 0, i),
        labelled,
        |s, p| {
            // The resumed labeller kept the same decision and values every candidate exactly
            // as the game's own did.
            assert_eq!(p.pending.len(), s.player.pending.len() + 1);
            let (mine, theirs) = (p.pending.last().unwrap(), s.after.pending.last().unwrap());
            let mut buf = ActionList::new();
            let label = p.label(mine, &mut buf);
            assert_eq!(label, s.after.label(theirs, &mut buf));
            assert_eq!(label.values.len(), mine.scored.cands.len());
        },
    );
    assert!(n >= 100, "only {n} labelled decisions checked");
}

/// A competitive search seat knows what a player at the table knows (`policy::seen`): at every
/// searched decision of base games, trading one of another seat's unplayed development cards
/// for an unseen card of another kind (one in the deck) changes nothing it decides.
#[test]
fn competitive_search_ignores_the_others_hidden_cards() {
    let knobs = RolloutKnobs {
        rollouts: 2,
        ..Default::default()
    };
    let t = topo();
    let board = BoardKind::Random { red_apart: true };
    let mut buf = ActionList::new();
    let (mut checked, mut swapped) = (0, 0);
    for i in 0..6 {
        let mut g = Game::new(t, layout_for(t, board, 23, i), Rules::base(4));
        let mut rec = Snapshots {
            inner: RolloutPolicy::new(knobs, TeamKnobs::default()),
            searched: |p: &RolloutPolicy| p.effort().0,
            max: 60,
            snaps: Vec::new(),
        };
        play(
            &mut g,
            &mut rec,
            &mut GameRngs::new(23, i),
            &mut buf,
            &mut (),
        );
        for s in &rec.snaps {
            let me = s.g.actor().idx();
            let mut other = s.g.clone();
            // The first other seat holding a card, and a kind the deck holds that it does not.
            let swap = (0..4).filter(|&q| q != me).find_map(|q| {
                let p = &other.s.players[q];
                let k = (0..5).find(|&k| p.dev[k] > 0)?;
                let k2 = (0..5).find(|&k2| k2 != k && other.s.deck[k2] > 0)?;
                Some((q, k, k2))
            });
            if let Some((q, k, k2)) = swap {
                let vp = DevCard::VictoryPoint.idx();
                let p = &mut other.s.players[q];
                p.dev[k] -= 1;
                p.dev[k2] += 1;
                p.vp = p.vp + (k2 == vp) as u8 - (k == vp) as u8;
                other.s.deck[k2] -= 1;
                other.s.deck[k] += 1;
                swapped += 1;
            }
            let (mut p, mut rng) = (s.player.clone(), s.rng.clone());
            other.legal_actions(&mut buf);
            assert_eq!(
                p.choose(&other, &mut buf, &mut rng),
                s.action,
                "game {i}: another seat's hidden cards changed a decision"
            );
            checked += 1;
        }
    }
    assert!(checked >= 200, "only {checked} searched decisions checked");
    assert!(
        swapped >= 20,
        "only {swapped} decisions with hidden cards to swap"
    );
}
