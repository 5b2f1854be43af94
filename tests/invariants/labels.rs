//! The learn labeller's `setup_rollouts` (sharper labels at the set-up settlements, every other label as it was) and `horizon_value`.

use robsim::catan::learning::learn::{
    FitFrom, HorizonValue, Label, Labeller, LearnParams, UpdateRule,
};
use robsim::catan::policy::features::DecisionKind;
use robsim::catan::policy::{LearnedBase, LearnedModel, TeamKnobs};
use robsim::catan::sim::{layout_for, GameRngs};
use robsim::catan::*;
use robsim::engine::play::play;

use crate::support::topo;

/// Every label of 3 games of Robert (3 players, Hard) under `setup_rollouts`, futures cut
/// after 40 player-turns and valued by the VP gained, in game and decision order.
fn labels(setup_rollouts: u32) -> Vec<Label> {
    labels_with(setup_rollouts, 40, HorizonValue::Progress)
}

/// As [`labels`], futures cut after `horizon` player-turns and valued as `horizon_value` says.
fn labels_with(setup_rollouts: u32, horizon: u32, horizon_value: HorizonValue) -> Vec<Label> {
    let params = LearnParams {
        rounds: 1,
        train_games: 1,
        test_games: 1,
        rollouts: 2,
        setup_rollouts,
        candidates: 4,
        share: [1.0; 4],
        ridge: 0.01,
        progress_weight: 0.2,
        horizon,
        horizon_value,
        max_labels: 3,
        net: None,
        feature_version: 1,
        start: None,
        fit_from: FitFrom::Anew,
        update: UpdateRule::Gain,
    };
    let model = LearnedModel::base_only(LearnedBase::Team(TeamKnobs::default()), 4);
    let t = topo();
    let rules = Rules::robert(
        3,
        RobertRules {
            start_cards: 1,
            ..Default::default()
        },
    );
    let mut buf = ActionList::new();
    let mut out = Vec::new();
    for i in 0..3 {
        let layout = layout_for(t, BoardKind::Random { red_apart: true }, 31, i);
        let mut g = Game::new(t, layout, rules);
        let mut lab = Labeller::new(model, &params, 5, 0, i);
        play(
            &mut g,
            &mut lab,
            &mut GameRngs::new(31, i),
            &mut buf,
            &mut (),
        );
        out.extend(lab.finish());
    }
    out
}

#[test]
fn setup_rollouts_sharpen_only_the_set_up_labels() {
    let (plain, same, sharp) = (labels(0), labels(2), labels(7));
    // Naming the same count as `rollouts` is the plain labeller.
    assert_eq!(plain, same);
    // The same decisions and candidates are labelled (the games are the apprentice's own).
    assert_eq!(plain.len(), sharp.len());
    let setup = DecisionKind::Setup.idx() as u8;
    let mut setups = 0;
    let mut moved = 0;
    for (a, b) in plain.iter().zip(&sharp) {
        assert_eq!(
            (a.kind, a.game, a.decision, &a.features),
            (b.kind, b.game, b.decision, &b.features)
        );
        if a.kind == setup {
            setups += 1;
            moved += (a.values != b.values) as usize;
        } else {
            assert_eq!(a.values, b.values, "a label other than a set-up one moved");
        }
    }
    assert!(setups >= 6, "only {setups} set-up labels");
    assert!(moved > 0, "no set-up label took the extra futures");
    assert!(plain.iter().any(|l| l.kind != setup), "no other label");
}

/// `horizon_value = "model"`: a future still running at the horizon is worth the value model's
/// score, one that ended before it its result, as under `"progress"`.
#[test]
fn the_value_model_scores_only_the_futures_cut_at_the_horizon() {
    let progress = labels_with(0, 40, HorizonValue::Progress);
    let model = labels_with(0, 40, HorizonValue::Model);
    assert_eq!(progress.len(), model.len());
    let mut moved = 0;
    for (a, b) in progress.iter().zip(&model) {
        // The same decisions are labelled: the games are the apprentice's own.
        assert_eq!(
            (a.kind, a.game, a.decision, &a.features),
            (b.kind, b.game, b.decision, &b.features)
        );
        assert!(b.values.iter().all(|v| (0.0..=1.0).contains(v)), "{b:?}");
        moved += (a.values != b.values) as usize;
    }
    // A label moves unless each of its futures ended within 40 player-turns (a late decision):
    // 11 of the 24 here.
    assert!(
        moved * 4 > model.len(),
        "{moved} of {} labels moved",
        model.len()
    );
    // A horizon no future reaches: every future ends, and the two agree to the bit.
    assert_eq!(
        labels_with(0, 100_000, HorizonValue::Progress),
        labels_with(0, 100_000, HorizonValue::Model)
    );
}
