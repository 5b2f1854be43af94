//! The models built into the binary: Robert's and Solitaire's, and where Robert's rule models play.

/// The one `when` key that is not a rule knob: the row's player count (a model plays the
/// player counts it was trained on best).
pub(crate) const PLAYERS: &str = "players";

/// Robert's trained weights (`robsim learn configs/training/robert-learn.toml`), the built-in model until
/// 2026-11-29 and the start of the one now: (the file in the repository, its text). Built in so
/// that a config naming it plays it from any folder, as the reports before then do.
pub(crate) const ROBERT_WEIGHTS: (&str, &str) = (
    "configs/models/robert.toml",
    include_str!("../../configs/models/robert.toml"),
);

/// Robert's resting model (trained across his rhythms, configs/training/robert-learn-resting.toml):
/// (the file in the repository, its text); a rule model ([`BUILTIN_RULE_MODELS`]).
pub(crate) const RESTING: (&str, &str) = (
    "configs/models/robert-resting.toml",
    include_str!("../../configs/models/robert-resting.toml"),
);

/// Robert's soldier model (`robsim learn configs/training/robert-learn-soldier.toml`): the built-in
/// model with its soldier decision trained again over every `soldier_flips` value: (the file in
/// the repository, its text).
pub(crate) const SOLDIER: (&str, &str) = (
    "configs/models/robert-soldier.toml",
    include_str!("../../configs/models/robert-soldier.toml"),
);

/// Robert's model before the one that reads the rules (`robsim learn
/// configs/training/robert-learn-wide.toml`, the built-in model 2026-11-29 to 2026-12-02): a rule
/// model at the printed rules ([`BUILTIN_RULE_MODELS`]): (the file in the repository, its text).
pub(crate) const WIDE: (&str, &str) = (
    "configs/models/robert-wide.toml",
    include_str!("../../configs/models/robert-wide.toml"),
);

/// Where a built-in rule model plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BuiltinWhen {
    /// Rows whose every listed knob (or `players`) has one of its values.
    Knobs(&'static [(&'static str, &'static [i64])]),
    /// Rows at the printed rules (every Robert rule knob but the starting cards at the rule
    /// book's value) with one of these player counts and, second, starting cards; third, one
    /// knob that instead has one of the values listed with it.
    Printed(
        &'static [i64],
        &'static [i64],
        Option<(&'static str, &'static [i64])>,
    ),
}

/// A built-in rule model: where it plays, and (the file in the repository, its text).
pub type BuiltinRule = (BuiltinWhen, (&'static str, &'static str));

/// The shipped rule models, built into the binary: (where it plays, (the file in the repository,
/// its text)), first match first. Without a `[learned]` table, `learned` plays one on the rows
/// that match, the built-in model (the one that reads the rules) everywhere else. Each stays
/// because it was measured stronger there on a seed none was trained or chosen on
/// (reports/research/robert-switch; docs/reference/players.md has the figures): the soldier model
/// at 3-4 players with a soldier flipping 3-4, the resting model at 3 players Impossible (but
/// where Robert rests every 3rd turn or a seven flips 3-4), the model before ([`WIDE`]) at the
/// printed rules from Hard up, and at 4 players Easy with the one knob moved being Robert resting
/// or a seven flipping 2-4 tokens (reports/research/robert-switch-wide); the soldier model again
/// at 4 players where Robert never moves (`robert_skip` 1) and a soldier flips 0 or 1 token
/// (reports/research/robert-switch-soldier); and the soldier model at 2 players from Hard up where
/// a city counts 2, a soldier flips 0-2 tokens and Robert moves every turn or rests every 4th to
/// 12th (reports/research/robert-switch-city, robert-switch-city-skip).
pub const BUILTIN_RULE_MODELS: [BuiltinRule; 7] = [
    (
        BuiltinWhen::Knobs(&[("soldier_flips", &[3, 4]), ("players", &[3, 4])]),
        SOLDIER,
    ),
    (
        BuiltinWhen::Knobs(&[
            ("players", &[3]),
            ("start_cards", &[0]),
            ("robert_skip", &[0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
            ("seven_flips", &[0, 1, 2]),
        ]),
        RESTING,
    ),
    (BuiltinWhen::Printed(&[2, 3, 4], &[1, 2, 3], None), WIDE),
    (
        BuiltinWhen::Knobs(&[
            ("players", &[4]),
            ("robert_skip", &[1]),
            ("soldier_flips", &[0, 1]),
        ]),
        SOLDIER,
    ),
    (
        BuiltinWhen::Printed(
            &[4],
            &[3],
            Some(("robert_skip", &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])),
        ),
        WIDE,
    ),
    (
        BuiltinWhen::Printed(&[4], &[3], Some(("seven_flips", &[2, 3, 4]))),
        WIDE,
    ),
    (
        BuiltinWhen::Knobs(&[
            ("players", &[2]),
            ("city_weight", &[2]),
            ("start_cards", &[1, 2, 3]),
            ("soldier_flips", &[0, 1, 2]),
            ("robert_skip", &[0, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        ]),
        SOLDIER,
    ),
];

/// Whole numbers as `when` values.
fn ints(values: &[i64]) -> Vec<toml::Value> {
    values.iter().map(|&v| toml::Value::Integer(v)).collect()
}

impl BuiltinWhen {
    /// As `[[learned.rules]]`' `when`: (knob, the values it matches), every one to match.
    pub(crate) fn knobs(&self) -> Vec<(&'static str, Vec<toml::Value>)> {
        match *self {
            BuiltinWhen::Knobs(when) => when.iter().map(|&(k, v)| (k, ints(v))).collect(),
            BuiltinWhen::Printed(players, cards, moved) => {
                let printed = crate::catan::Rules::robert(4, Default::default());
                let at = |k: &str| crate::catan::knobs::value(k, &printed).expect("Robert's knob");
                let knobs = super::knobs::RULE_KNOBS.iter().filter(|k| {
                    (k.applies == "robert" || k.applies == "catan") && k.key != "start_cards"
                });
                [(PLAYERS, ints(players)), ("start_cards", ints(cards))]
                    .into_iter()
                    .chain(knobs.map(|k| match moved {
                        Some((m, values)) if m == k.key => (k.key, ints(values)),
                        _ => (k.key, vec![at(k.key)]),
                    }))
                    .collect()
            }
        }
    }
}

/// The shipped models, built into the binary: (variant, the file in the repository, its text).
/// `learned` plays its variant's when a config names no model file. Robert's reads the rules
/// (`robsim learn configs/training/robert-learn-weighted.toml`, going on from [`WIDE`]).
pub const BUILTIN_MODELS: [(&str, &str, &str); 2] = [
    (
        "robert",
        "configs/models/robert-weighted.toml",
        include_str!("../../configs/models/robert-weighted.toml"),
    ),
    (
        "solitaire",
        "configs/models/solitaire.toml",
        include_str!("../../configs/models/solitaire.toml"),
    ),
];
