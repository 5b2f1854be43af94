//! Tests of the `[learn]` table: the built-in models and knobs are the shipped files.

use super::*;
use crate::catan::policy::TeamKnobs;

/// The file of the first built-in rule model whose rules match `r` (none: the built-in model).
fn first_rule_model<'a>(rules: &'a [RuleModel], r: &crate::catan::Rules) -> Option<&'a str> {
    let first = rules.iter().find(|m| m.matches(r));
    first.map(|m| m.loaded.source.as_str())
}

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
    for (path, text) in [ROBERT_WEIGHTS, RESTING, SOLDIER, WIDE] {
        assert_eq!(text, std::fs::read_to_string(path).unwrap(), "{path}");
    }
    // A rule model is its variant's and another model than the built-in one; the soldier
    // model and the model before play the built-in model's knobs and candidates (only their
    // weights differ), the resting model its own (6 candidates over the default script's knobs).
    for rm in builtin_rule_models() {
        let main = builtin_model(rm.loaded.model.base.variant()).unwrap().model;
        assert_ne!(rm.loaded.model, main);
        let same =
            (rm.loaded.model.base == main.base) && (rm.loaded.model.candidates == main.candidates);
        assert_eq!(
            same,
            rm.loaded.source.ends_with(SOLDIER.0) || rm.loaded.source.ends_with(WIDE.0),
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

#[test]
fn the_model_before_plays_at_the_printed_rules_only() {
    use crate::catan::{RobertRules, Rules};
    let rules = builtin_rule_models();
    let before = rules
        .iter()
        .find(|r| r.loaded.source.ends_with(WIDE.0))
        .unwrap();
    for players in 2..=4 {
        for start_cards in 0..=3 {
            let o = RobertRules {
                start_cards,
                ..Default::default()
            };
            let plays = before.matches(&Rules::robert(players, o));
            assert_eq!(plays, start_cards > 0, "{players} {o:?}");
        }
    }
    let printed = Rules::robert(
        4,
        RobertRules {
            start_cards: 2,
            ..Default::default()
        },
    );
    assert!(!before.matches(&Rules {
        players: 5,
        ..printed
    }));
    // Any one knob off the printed rules: the model that reads the rules plays.
    use crate::catan::{ReshuffledKnights, RobertMonopoly, RobertTarget};
    let o = printed.variant.robert().unwrap();
    let moved: [(&str, Rules); 10] = [
        (
            "vp_to_win",
            Rules {
                vp_to_win: 9,
                ..printed
            },
        ),
        (
            "hand_limit",
            Rules {
                hand_limit: 8,
                ..printed
            },
        ),
        (
            "robert_target",
            Rules::robert(
                4,
                RobertRules {
                    target: RobertTarget::Global,
                    ..o
                },
            ),
        ),
        (
            "city_weight",
            Rules::robert(
                4,
                RobertRules {
                    city_weight: 2,
                    ..o
                },
            ),
        ),
        (
            "soldier_flips",
            Rules::robert(
                4,
                RobertRules {
                    soldier_flips: 1,
                    ..o
                },
            ),
        ),
        (
            "seven_flips",
            Rules::robert(
                4,
                RobertRules {
                    seven_flips: 0,
                    ..o
                },
            ),
        ),
        (
            "robert_skip",
            Rules::robert(
                4,
                RobertRules {
                    robert_skip: 5,
                    ..o
                },
            ),
        ),
        (
            "monopoly",
            Rules::robert(
                4,
                RobertRules {
                    monopoly: RobertMonopoly::Take,
                    ..o
                },
            ),
        ),
        (
            "keep_back",
            Rules::robert(4, RobertRules { keep_back: 0, ..o }),
        ),
        (
            "reshuffled_knights",
            Rules::robert(
                4,
                RobertRules {
                    reshuffled_knights: ReshuffledKnights::Count,
                    ..o
                },
            ),
        ),
    ];
    for (key, r) in moved {
        assert_ne!(r, printed, "{key}");
        assert!(!before.matches(&r), "{key}");
    }
    assert_eq!(
        before.describe(),
        "players in 2..=4 and start_cards in 1..=3 and robert_target in [\"adjacent\"] and city_weight in [1] and vp_to_win in [10] and hand_limit in [7] and soldier_flips in [2] and seven_flips in [1] and robert_skip in [0] and monopoly in [\"flip-up\"] and keep_back in [3] and reshuffled_knights in [\"leave\"]"
    );
}

/// The model before also plays at 4 players Easy where the one knob moved is Robert resting or
/// a seven flipping 2-4 tokens, and nowhere else off the printed rules.
#[test]
fn the_model_before_plays_at_4_players_easy_with_robert_resting_or_a_seven_flipping_more() {
    use crate::catan::{RobertRules, Rules};
    let rules = builtin_rule_models();
    let plays = |players: u8, o: RobertRules, hand_limit: u8| {
        let r = Rules {
            hand_limit,
            ..Rules::robert(players, o)
        };
        first_rule_model(&rules, &r).is_some_and(|s| s.ends_with(WIDE.0))
    };
    let easy = RobertRules {
        start_cards: 3,
        ..Default::default()
    };
    for skip in 0..=12 {
        let o = RobertRules {
            robert_skip: skip,
            ..easy
        };
        // robert_skip 0 is the printed rules, where the model before plays from Hard up.
        assert!(plays(4, o, 7), "robert_skip {skip}");
        assert_eq!(plays(3, o, 7), skip == 0, "3 players, robert_skip {skip}");
        assert!(!plays(4, o, 9), "robert_skip {skip}, hand_limit 9");
        let moderate = RobertRules {
            start_cards: 2,
            ..o
        };
        assert_eq!(
            plays(4, moderate, 7),
            skip == 0,
            "Moderate, robert_skip {skip}"
        );
    }
    for sevens in 0..=4 {
        let o = RobertRules {
            seven_flips: sevens,
            ..easy
        };
        assert_eq!(plays(4, o, 7), sevens >= 1, "seven_flips {sevens}");
        let rested = RobertRules {
            robert_skip: 3,
            ..o
        };
        assert_eq!(
            plays(4, rested, 7),
            sevens == 1,
            "seven_flips {sevens}, robert_skip 3"
        );
    }
}

/// The soldier model plays at 4 players where Robert never moves and a soldier flips 0 or 1
/// token (any other knob, any level), as where a soldier flips 3 or 4 with 3 and 4 players.
#[test]
fn the_soldier_model_plays_at_4_players_where_robert_never_moves_and_a_soldier_flips_little() {
    use crate::catan::{RobertRules, Rules};
    let rules = builtin_rule_models();
    let model = |players: u8, o: RobertRules| {
        first_rule_model(&rules, &Rules::robert(players, o)).map(String::from)
    };
    for players in 2..=4u8 {
        for start_cards in 0..=3 {
            for soldier_flips in 0..=4 {
                for robert_skip in [0, 1, 2] {
                    let o = RobertRules {
                        start_cards,
                        soldier_flips,
                        robert_skip,
                        keep_back: 11,
                        ..Default::default()
                    };
                    let soldier = model(players, o).is_some_and(|s| s.ends_with(SOLDIER.0));
                    let want = (players >= 3 && soldier_flips >= 3)
                        || (players == 4 && robert_skip == 1 && soldier_flips <= 1);
                    assert_eq!(soldier, want, "{players} players {o:?}");
                }
            }
        }
    }
}

/// The soldier model plays at 2 players from Hard up where a city counts 2, a soldier flips 0-2
/// tokens and Robert moves every turn or rests every 4th to 12th player-turn (any other knob),
/// and nowhere else at 2 players.
#[test]
fn the_soldier_model_plays_at_2_players_where_a_city_counts_2_and_a_soldier_flips_little() {
    use crate::catan::{RobertRules, Rules};
    let rules = builtin_rule_models();
    let soldier = |o: RobertRules| {
        first_rule_model(&rules, &Rules::robert(2, o)).is_some_and(|s| s.ends_with(SOLDIER.0))
    };
    for city_weight in 1..=2 {
        for start_cards in 0..=3 {
            for soldier_flips in 0..=4 {
                for robert_skip in 0..=14 {
                    let o = RobertRules {
                        city_weight,
                        start_cards,
                        soldier_flips,
                        robert_skip,
                        seven_flips: 4,
                        ..Default::default()
                    };
                    let want = city_weight == 2
                        && start_cards >= 1
                        && soldier_flips <= 2
                        && (robert_skip == 0 || (4..=12).contains(&robert_skip));
                    assert_eq!(soldier(o), want, "{o:?}");
                }
            }
        }
    }
}
