//! Rule knobs: every number and choice of the seed rules as a grid key.
//!
//! Rule knobs: every number and choice of the seed rules as a grid key, with its allowed values,
//! the games it applies to and its value in a row.
//!
//! The grid keys are parsed and checked where rows are expanded (`catan.rs`, `carcassonne.rs`);
//! this table is what `ablate` and `calibrate` read to move a knob one step and to list its other
//! values. The value a Catan row plays with is the game's to read (`catan::knobs::value`, which
//! its report tables list too); a Carcassonne row's is read here.

use crate::carcassonne::Rules as CarcRules;
use crate::catan::knobs::value as catan_value;
use crate::catan::{
    KnightPlay, LostCard, ReshuffledKnights, RobertMonopoly, RobertTarget, Rules,
    SecondRollDoubles, TakenDiscoveries, Variant,
};
use crate::tomltext::show;
use toml::Value;

/// The values a knob takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Allowed {
    /// Whole numbers from `.0` to `.1`, both included.
    Int(i64, i64),
    /// One of these names.
    Names(&'static [&'static str]),
    Bool,
}

impl Allowed {
    /// The values as a sentence for an error message.
    pub fn describe(&self) -> String {
        match self {
            Allowed::Int(lo, hi) => format!("whole numbers {lo}..={hi}"),
            Allowed::Names(n) => n.join(", "),
            Allowed::Bool => "true, false".into(),
        }
    }
    /// Whether `v` is one of the values.
    pub fn admits(&self, v: &Value) -> bool {
        match (self, v) {
            (Allowed::Int(lo, hi), Value::Integer(x)) => (lo..=hi).contains(&x),
            (Allowed::Names(n), Value::String(s)) => n.contains(&s.as_str()),
            (Allowed::Bool, Value::Boolean(_)) => true,
            _ => false,
        }
    }
}

/// One rule knob: a `[grid]` key.
#[derive(Clone, Copy, Debug)]
pub struct RuleKnob {
    pub key: &'static str,
    /// The games it applies to: `robert`, `solitaire`, `raiders`, `catan` (every Catan variant)
    /// or `carcassonne`.
    pub applies: &'static str,
    pub allowed: Allowed,
    /// The seed's value, as the rule book states it.
    pub seed: &'static str,
}

/// Every rule knob, in the grid's nesting order within its game.
pub const RULE_KNOBS: &[RuleKnob] = &[
    RuleKnob {
        key: "start_cards",
        applies: "robert",
        allowed: Allowed::Int(0, 8),
        seed: "0 (Impossible), 1 (Hard), 2 (Moderate), 3 (Easy)",
    },
    RuleKnob {
        key: "robert_target",
        applies: "robert",
        allowed: Allowed::Names(RobertTarget::NAMES),
        seed: "adjacent",
    },
    RuleKnob {
        key: "city_weight",
        applies: "robert",
        allowed: Allowed::Int(1, 2),
        seed: "1",
    },
    RuleKnob {
        key: "awards",
        applies: "solitaire",
        allowed: Allowed::Bool,
        seed: "true",
    },
    RuleKnob {
        key: "setup_raiders",
        applies: "raiders",
        allowed: Allowed::Bool,
        seed: "false",
    },
    RuleKnob {
        key: "volcano_start",
        applies: "raiders",
        allowed: Allowed::Bool,
        seed: "false",
    },
    RuleKnob {
        key: "vp_to_win",
        applies: "catan",
        allowed: Allowed::Int(3, 30),
        seed: "10 (Raiders 13)",
    },
    RuleKnob {
        key: "hand_limit",
        applies: "catan",
        allowed: Allowed::Int(0, 99),
        seed: "7: a seven halves hands of 8 or more (Solitaire 5)",
    },
    RuleKnob {
        key: "soldier_flips",
        applies: "robert",
        allowed: Allowed::Int(0, 6),
        seed: "2",
    },
    RuleKnob {
        key: "seven_flips",
        applies: "robert",
        allowed: Allowed::Int(0, 6),
        seed: "1",
    },
    RuleKnob {
        key: "robert_skip",
        applies: "robert",
        allowed: Allowed::Int(0, 20),
        seed: "0: Robert moves every turn",
    },
    RuleKnob {
        key: "monopoly",
        applies: "robert",
        allowed: Allowed::Names(RobertMonopoly::NAMES),
        seed: "flip-up",
    },
    RuleKnob {
        key: "keep_back",
        applies: "robert",
        allowed: Allowed::Int(0, 14),
        seed: "3",
    },
    RuleKnob {
        key: "reshuffled_knights",
        applies: "robert",
        allowed: Allowed::Names(ReshuffledKnights::NAMES),
        seed: "leave: knights shuffled back leave their armies",
    },
    RuleKnob {
        key: "destroy_faces",
        applies: "solitaire",
        allowed: Allowed::Int(0, 6),
        seed: "4: a die of 1-4 destroys",
    },
    RuleKnob {
        key: "tiles_to_lose",
        applies: "solitaire",
        allowed: Allowed::Int(1, 18),
        seed: "5",
    },
    RuleKnob {
        key: "lost_card",
        applies: "solitaire",
        allowed: Allowed::Names(LostCard::NAMES),
        seed: "any: a victory point card may be lost",
    },
    RuleKnob {
        key: "knight_play",
        applies: "solitaire",
        allowed: Allowed::Names(KnightPlay::NAMES),
        seed: "cancel-only (the seed names no other use)",
    },
    RuleKnob {
        key: "second_roll_doubles",
        applies: "solitaire",
        allowed: Allowed::Names(SecondRollDoubles::NAMES),
        seed: "nothing: the doubles pick belongs to the turn's roll",
    },
    RuleKnob {
        key: "raider_pool",
        applies: "raiders",
        allowed: Allowed::Int(0, 60),
        seed: "18 for 3-4 players, 24 for 5-6",
    },
    RuleKnob {
        key: "raiders_per_build",
        applies: "raiders",
        allowed: Allowed::Int(0, 6),
        seed: "2 with 4 or 6 players, 3 with 3 or 5",
    },
    RuleKnob {
        key: "jungle_shelters",
        applies: "raiders",
        allowed: Allowed::Bool,
        seed: "false: a jungle yields no resources",
    },
    RuleKnob {
        key: "taken_discoveries",
        applies: "raiders",
        allowed: Allowed::Names(TakenDiscoveries::NAMES),
        seed: "collect: the seed takes only the VP and the harbor",
    },
    RuleKnob {
        key: "robbers",
        applies: "carcassonne",
        allowed: Allowed::Bool,
        seed: "true",
    },
    RuleKnob {
        key: "robber_placement",
        applies: "carcassonne",
        allowed: Allowed::Names(crate::carcassonne::RobberPlacement::NAMES),
        seed: "next-in-stock",
    },
    RuleKnob {
        key: "robber_final_points",
        applies: "carcassonne",
        allowed: Allowed::Int(0, 3),
        seed: "3 (2013 rule; 0 is the 2012 rule)",
    },
    RuleKnob {
        key: "robbers_per_player",
        applies: "carcassonne",
        allowed: Allowed::Int(1, 2),
        seed: "1",
    },
    RuleKnob {
        key: "robber_share",
        applies: "carcassonne",
        allowed: Allowed::Names(crate::carcassonne::RobberShare::NAMES),
        seed: "half (rounded up)",
    },
    RuleKnob {
        key: "rogue_beside",
        applies: "carcassonne",
        allowed: Allowed::Names(crate::carcassonne::RogueBeside::NAMES),
        seed: "after-moves: beside the figure once the round's normal moves are made",
    },
    RuleKnob {
        key: "robber_tiles",
        applies: "carcassonne",
        allowed: Allowed::Int(1, 24),
        seed: "8 (the tile file's robber tiles)",
    },
    RuleKnob {
        key: "unplaceable_robber_tile",
        applies: "carcassonne",
        allowed: Allowed::Names(crate::carcassonne::UnplaceableRobberTile::NAMES),
        seed: "lost: discarded by the normal rules, robber step and all",
    },
];

/// Knob `key` at `v` in rule words (the game's: `catan::knobs::words`,
/// `carcassonne::knobs::words`), or `{key} {v}` for a key that is no knob.
pub fn words(key: &str, v: &Value) -> String {
    crate::catan::knobs::words(key, v)
        .or_else(|| crate::carcassonne::knobs::words(key, v))
        .unwrap_or_else(|| format!("{} {}", key.replace('_', " "), show(v)))
}

/// Whole-number knobs whose win rate is known not to be monotone in their value, with why:
/// `robsim calibrate` scans every value of these instead of bisecting.
const TURNING: [(&str, &str); 1] = [(
    "robert_skip",
    "0 is Robert moving every turn and 1 never moving; from 2 up he rests less often the larger it is",
)];

/// Why knob `key`'s win rate is known not to be monotone, if it is.
pub fn turns(key: &str) -> Option<&'static str> {
    TURNING.iter().find(|t| t.0 == key).map(|t| t.1)
}

/// The knob of a grid key.
pub fn knob(key: &str) -> Option<&'static RuleKnob> {
    RULE_KNOBS.iter().find(|k| k.key == key)
}

/// The keys of every knob, for an error message.
pub fn keys() -> String {
    RULE_KNOBS
        .iter()
        .map(|k| k.key)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The value of knob `key` a Carcassonne row plays with, or `None` where it does not apply
/// (the game's: `carcassonne::knobs::value`).
pub fn carcassonne_value(key: &str, r: &CarcRules) -> Option<Value> {
    crate::carcassonne::knobs::value(key, r)
}

/// Sets knob `key` of a Catan row to `v` (the grid's rule knobs and `calibrate` both set them
/// here).
///
/// # Errors
/// `key` is not a knob of this row's variant, `v` is not one of its values, or (for
/// `start_cards`) the players' cards would not fit in the 25-card deck.
pub fn set_catan(key: &str, r: &mut Rules, v: &Value) -> Result<(), String> {
    let k = knob(key).ok_or_else(|| format!("unknown knob {key:?}"))?;
    if !k.allowed.admits(v) {
        return Err(format!(
            "{} is not a value of {key}; allowed: {}",
            show(v),
            k.allowed.describe()
        ));
    }
    if catan_value(key, r).is_none() {
        return Err(format!(
            "{key} does not apply to a {} row",
            r.variant.name()
        ));
    }
    if let Some(name) = v.as_str() {
        fn admitted<T>(x: Option<T>) -> T {
            x.expect("admitted: one of the knob's names")
        }
        match (&mut r.variant, key) {
            (Variant::Robert(o), "monopoly") => o.monopoly = admitted(RobertMonopoly::parse(name)),
            (Variant::Robert(o), "reshuffled_knights") => {
                o.reshuffled_knights = admitted(ReshuffledKnights::parse(name))
            }
            (Variant::Solitaire(o), "lost_card") => o.lost_card = admitted(LostCard::parse(name)),
            (Variant::Solitaire(o), "knight_play") => {
                o.knight_play = admitted(KnightPlay::parse(name))
            }
            (Variant::Solitaire(o), "second_roll_doubles") => {
                o.second_roll_doubles = admitted(SecondRollDoubles::parse(name))
            }
            (Variant::Raiders(o), "taken_discoveries") => {
                o.taken_discoveries = admitted(TakenDiscoveries::parse(name))
            }
            _ => return Err(format!("{key} is not set from the grid's rule knobs")),
        }
        return Ok(());
    }
    if let (Variant::Raiders(o), "jungle_shelters", Some(b)) = (&mut r.variant, key, v.as_bool()) {
        o.jungle_shelters = b;
        return Ok(());
    }
    let Some(v) = v.as_integer() else {
        return Err(format!("{key} is not set from the grid's rule knobs"));
    };
    let x = v as u8;
    let players = r.players;
    match (&mut r.variant, key) {
        (_, "vp_to_win") => r.vp_to_win = x,
        (_, "hand_limit") => r.hand_limit = x,
        (Variant::Robert(o), "start_cards") => {
            if v * players as i64 > 25 {
                return Err(format!(
                    "{v} cards for each of {players} players is more than the 25-card deck"
                ));
            }
            o.start_cards = x
        }
        (Variant::Robert(o), "city_weight") => o.city_weight = x,
        (Variant::Robert(o), "soldier_flips") => o.soldier_flips = x,
        (Variant::Robert(o), "seven_flips") => o.seven_flips = x,
        (Variant::Robert(o), "robert_skip") => o.robert_skip = x,
        (Variant::Robert(o), "keep_back") => o.keep_back = x,
        (Variant::Solitaire(o), "destroy_faces") => o.destroy_faces = x,
        (Variant::Solitaire(o), "tiles_to_lose") => o.tiles_to_lose = x,
        (Variant::Raiders(o), "raider_pool") => o.raider_pool = Some(x),
        (Variant::Raiders(o), "raiders_per_build") => o.raiders_per_build = Some(x),
        _ => return Err(format!("{key} is not a Catan knob")),
    }
    Ok(())
}

/// Sets knob `key` of a Carcassonne row to `v` (`robsim design` moves a row's knobs here;
/// `robbers = false` puts every robber option back to the seed's, as the grid does).
///
/// # Errors
/// `key` is not a Carcassonne knob, `v` is not one of its values, or the row plays without The
/// Robbers and `key` is one of its options.
pub fn set_carcassonne(key: &str, r: &mut CarcRules, v: &Value) -> Result<(), String> {
    use crate::carcassonne::{RobberPlacement, RobberShare, RogueBeside, UnplaceableRobberTile};
    let k = knob(key).ok_or_else(|| format!("unknown knob {key:?}"))?;
    if !k.allowed.admits(v) {
        return Err(format!(
            "{} is not a value of {key}; allowed: {}",
            show(v),
            k.allowed.describe()
        ));
    }
    if k.applies != "carcassonne" {
        return Err(format!("{key} does not apply to a carcassonne row"));
    }
    if key == "robbers" {
        let on = v.as_bool().expect("admitted: a bool");
        *r = if on {
            CarcRules {
                robbers: true,
                ..*r
            }
        } else {
            CarcRules::base(r.players)
        };
        return Ok(());
    }
    if !r.robbers {
        return Err(format!(
            "{key} does not apply to a row without The Robbers (robbers = false)"
        ));
    }
    fn admitted<T>(x: Option<T>) -> T {
        x.expect("admitted: one of the knob's names")
    }
    let name = v.as_str().unwrap_or("");
    let int = v.as_integer().unwrap_or(0) as u8;
    match key {
        "robber_placement" => r.placement = admitted(RobberPlacement::parse(name)),
        "robber_final_points" => r.final_points = int,
        "robber_share" => r.share = admitted(RobberShare::parse(name)),
        "robbers_per_player" => r.robbers_per_player = int,
        "rogue_beside" => r.rogue_beside = admitted(RogueBeside::parse(name)),
        "robber_tiles" => r.robber_tiles = Some(int),
        "unplaceable_robber_tile" => {
            r.unplaceable_robber_tile = admitted(UnplaceableRobberTile::parse(name))
        }
        _ => return Err(format!("{key} is not a Carcassonne knob")),
    }
    Ok(())
}

/// The Catan variants (every game but Carcassonne).
const CATAN_VARIANTS: &[&str] = &["base", "robert", "solitaire", "raiders"];

/// The variants a `[grid]` key applies to; `None`: every variant (`variant`, `players`,
/// `policy`). A key set for a variant outside this list is an input error unless
/// `grid.spans_variants` names it.
pub fn grid_key_variants(key: &str) -> Option<&'static [&'static str]> {
    let applies = match key {
        "variant" | "players" | "policy" | "spans_variants" => return None,
        "board" | "modifiers" | "map" => "catan",
        "difficulty" => "robert",
        "tiles" => "carcassonne",
        "seats" | "rotate" => "seated",
        _ => knob(key)?.applies,
    };
    Some(match applies {
        "catan" => CATAN_VARIANTS,
        "robert" => &["robert"],
        "solitaire" => &["solitaire"],
        "raiders" => &["raiders"],
        // Lineups: the competitive games, and Robert's co-operative table.
        "seated" => &["base", "raiders", "robert", "carcassonne"],
        _ => &["carcassonne"],
    })
}

/// Whether a Catan variant is one a knob's `applies` names.
pub fn applies_to(k: &RuleKnob, v: &Variant) -> bool {
    k.applies == "catan" || k.applies == v.name()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Sweep;

    fn cfg(variant: &str, line: &str) -> String {
        format!("name = \"k\"\nseed = 1\ngames = 10\n[grid]\nvariant = \"{variant}\"\n{line}\n")
    }

    /// (variant, key, a good value, a bad value) for every rule knob.
    const CASES: &[(&str, &str, &str, &str)] = &[
        ("robert", "start_cards", "2", "9"),
        ("robert", "robert_target", "\"global\"", "\"far\""),
        ("robert", "city_weight", "2", "3"),
        ("solitaire", "awards", "false", "\"no\""),
        ("raiders", "setup_raiders", "true", "1"),
        ("raiders", "volcano_start", "true", "1"),
        ("base", "vp_to_win", "8", "2"),
        ("solitaire", "hand_limit", "9", "100"),
        ("robert", "soldier_flips", "3", "7"),
        ("robert", "seven_flips", "0", "-1"),
        ("robert", "robert_skip", "4", "21"),
        ("robert", "monopoly", "\"take\"", "\"steal\""),
        ("robert", "keep_back", "0", "15"),
        ("robert", "reshuffled_knights", "\"count\"", "\"keep\""),
        ("solitaire", "lost_card", "\"not-vp\"", "\"vp\""),
        ("solitaire", "knight_play", "\"move-robber\"", "\"play\""),
        (
            "solitaire",
            "second_roll_doubles",
            "\"both\"",
            "\"doubles\"",
        ),
        ("raiders", "jungle_shelters", "true", "\"yes\""),
        ("raiders", "taken_discoveries", "\"lost\"", "\"none\""),
        ("solitaire", "destroy_faces", "6", "7"),
        ("solitaire", "tiles_to_lose", "3", "0"),
        ("raiders", "raider_pool", "30", "61"),
        ("raiders", "raiders_per_build", "1", "7"),
        ("carcassonne", "robbers", "false", "2"),
        (
            "carcassonne",
            "robber_placement",
            "\"each-other\"",
            "\"all\"",
        ),
        ("carcassonne", "robber_final_points", "0", "6"),
        ("carcassonne", "robber_share", "\"third\"", "\"most\""),
        ("carcassonne", "robbers_per_player", "2", "3"),
        ("carcassonne", "robber_tiles", "12", "25"),
        (
            "carcassonne",
            "rogue_beside",
            "\"round-start\"",
            "\"before\"",
        ),
        (
            "carcassonne",
            "unplaceable_robber_tile",
            "\"robber-step\"",
            "\"kept\"",
        ),
    ];

    #[test]
    fn every_knob_has_a_case() {
        for k in RULE_KNOBS {
            assert!(CASES.iter().any(|c| c.1 == k.key), "{}", k.key);
        }
    }

    #[test]
    fn each_knob_reaches_the_row_and_bad_values_name_key_and_line() {
        for &(variant, key, good, bad) in CASES {
            let s = Sweep::parse(&cfg(variant, &format!("{key} = {good}")), "k.toml")
                .unwrap_or_else(|e| panic!("{key} = {good}: {e:#}"));
            let want: Value =
                toml::from_str::<toml::Table>(&format!("x = {good}")).unwrap()["x"].clone();
            let got = match s.rows.first() {
                Some(r) => catan_value(key, &r.rules),
                None => carcassonne_value(key, &s.carcassonne[0].rules),
            };
            assert_eq!(got, Some(want), "{key} = {good} reaches the row");
            let e = format!(
                "{:#}",
                Sweep::parse(&cfg(variant, &format!("{key} = {bad}")), "k.toml").unwrap_err()
            );
            assert!(e.contains(&format!("k.toml:6: grid.{key}")), "{key}: {e}");
            let k = knob(key).unwrap();
            if !matches!(k.allowed, Allowed::Bool) {
                assert!(
                    e.contains("allowed") || e.contains("expected"),
                    "{key}: {e}"
                );
            }
        }
    }

    #[test]
    fn knob_lists_multiply_rows_of_their_variant_only() {
        // Said to span variants, a knob list multiplies the rows of its own variant only.
        let spans = "spans_variants = [\"soldier_flips\", \"destroy_faces\"]";
        let s = Sweep::parse(
            &cfg(
                "robert",
                &format!(
                    "difficulty = \"easy\"\nsoldier_flips = [1, 2, 3]\ndestroy_faces = [2, 4]\nvp_to_win = [8, 10]\n{spans}"
                ),
            ),
            "k.toml",
        )
        .unwrap();
        assert_eq!(
            s.rows.len(),
            6,
            "3 soldier flips x 2 VP; destroy faces is Solitaire's"
        );
        let s = Sweep::parse(
            &cfg(
                "solitaire",
                &format!("soldier_flips = [1, 2, 3]\ndestroy_faces = [2, 4]\n{spans}"),
            ),
            "k.toml",
        )
        .unwrap();
        assert_eq!(s.rows.len(), 2);
        // Without spans_variants, a knob for another variant is an error naming it.
        let e = Sweep::parse(&cfg("solitaire", "soldier_flips = [1, 2, 3]"), "k.toml")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(
                "k.toml:6: grid.soldier_flips: does not apply to variant \"solitaire\"; it applies to robert"
            ),
            "{e}"
        );
    }

    #[test]
    fn absent_knobs_keep_the_seed_values() {
        let s = Sweep::parse(&cfg("raiders", "players = [3, 5]"), "k.toml").unwrap();
        let got: Vec<_> = s
            .rows
            .iter()
            .map(|r| {
                (
                    catan_value("raider_pool", &r.rules),
                    catan_value("raiders_per_build", &r.rules),
                    catan_value("vp_to_win", &r.rules),
                )
            })
            .collect();
        let i = |x| Some(Value::Integer(x));
        assert_eq!(got, vec![(i(18), i(3), i(13)), (i(24), i(3), i(13))]);
        let s = Sweep::parse(&cfg("solitaire", ""), "k.toml").unwrap();
        assert_eq!(s.rows[0].rules, Rules::solitaire(Default::default()));
    }
}
