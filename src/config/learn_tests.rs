//! Tests of the `[learn]` table: the built-in models and knobs are the shipped files.

use super::*;
use crate::catan::policy::TeamKnobs;

#[test]
fn the_built_in_models_and_knobs_are_the_shipped_files() {
    for (variant, path, text) in BUILTIN_MODELS {
        let file = std::fs::read_to_string(path).unwrap();
        assert_eq!(text, file, "{path} built in as it is");
        let l = builtin_model(variant).unwrap();
        assert_eq!(l.model.base.variant(), variant);
        assert_eq!(l.sha256, crate::report::sha256_hex(file.as_bytes()));
    }
    assert!(builtin_model("base").is_none() && builtin_model("raiders").is_none());
    let (path, text) = ROBERT_WEIGHTS;
    assert_eq!(
        text,
        std::fs::read_to_string(path).unwrap(),
        "{path} built in"
    );
    let l = Loaded::file(path, "learned.model", &|k: &str| k.to_string()).unwrap();
    assert_eq!(l.sha256, crate::report::sha256_hex(text.as_bytes()));
    for (path, text) in [ROBERT_WEIGHTS, RESTING, SOLDIER] {
        assert_eq!(text, std::fs::read_to_string(path).unwrap(), "{path}");
    }
    // A rule model is its variant's and another model than the built-in one; the soldier
    // model plays the built-in model's knobs and candidates (only its weights differ), the
    // resting model its own (6 candidates over the default script's knobs).
    for rm in builtin_rule_models() {
        let main = builtin_model(rm.loaded.model.base.variant()).unwrap().model;
        assert_ne!(rm.loaded.model, main);
        let same =
            (rm.loaded.model.base == main.base) && (rm.loaded.model.candidates == main.candidates);
        assert_eq!(
            same,
            rm.loaded.source.ends_with(SOLDIER.0),
            "{}",
            rm.loaded.source
        );
    }
    // The published knobs: the skill ladder's [team_tuned] table.
    #[derive(Deserialize)]
    struct Skill {
        team_tuned: TeamKnobs,
    }
    let skill: Skill = toml::from_str::<toml::Table>(
        &std::fs::read_to_string("configs/robert-skill.toml").unwrap(),
    )
    .unwrap()
    .try_into()
    .unwrap();
    assert_eq!(builtin_team_tuned(), skill.team_tuned);
    assert_ne!(builtin_team_tuned(), TeamKnobs::default());
}
