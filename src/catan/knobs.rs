//! A Catan row's settings by name.
//!
//! A Catan row's settings by name: the Robert difficulties and the value of each rule knob (the
//! grid keys of `config::knobs`).

use crate::catan::Rules;
use crate::tomltext::{knob_int as int, knob_text as text, plural};
use toml::Value;

/// Difficulty names of the Robert variant and their starting development cards.
pub const DIFFICULTIES: [(&str, u8); 4] =
    [("impossible", 0), ("hard", 1), ("moderate", 2), ("easy", 3)];

/// The difficulty name for a number of starting cards, if the count is one of the four levels.
pub fn difficulty_name(cards: u8) -> Option<&'static str> {
    DIFFICULTIES.iter().find(|d| d.1 == cards).map(|d| d.0)
}

/// A row's difficulty as reports show it: the level's name, or `start_cards N` beyond the four
/// levels.
pub fn difficulty_label(cards: u8) -> String {
    difficulty_name(cards).map_or_else(|| format!("start_cards {cards}"), str::to_string)
}

/// Every Catan rule knob [`value`] knows, in the rule-knob table's order (`config::knobs`).
pub const KEYS: [&str; 23] = [
    "start_cards",
    "robert_target",
    "city_weight",
    "awards",
    "setup_raiders",
    "volcano_start",
    "vp_to_win",
    "hand_limit",
    "soldier_flips",
    "seven_flips",
    "robert_skip",
    "monopoly",
    "keep_back",
    "reshuffled_knights",
    "destroy_faces",
    "tiles_to_lose",
    "lost_card",
    "knight_play",
    "second_roll_doubles",
    "raider_pool",
    "raiders_per_build",
    "jungle_shelters",
    "taken_discoveries",
];

/// The value of knob `key` a Catan row plays with, or `None` where it does not apply.
pub fn value(key: &str, r: &Rules) -> Option<Value> {
    let int = |x: u32| Some(Value::Integer(x as i64));
    let robert = r.variant.robert();
    let solitaire = r.variant.solitaire();
    let raiders = r.variant.raiders();
    match key {
        "vp_to_win" => int(r.vp_to_win as u32),
        "hand_limit" => int(r.hand_limit as u32),
        "start_cards" => robert.and_then(|o| int(o.start_cards as u32)),
        "robert_target" => robert.map(|o| Value::String(o.target.name().into())),
        "city_weight" => robert.and_then(|o| int(o.city_weight as u32)),
        "soldier_flips" => robert.and_then(|o| int(o.soldier_flips as u32)),
        "seven_flips" => robert.and_then(|o| int(o.seven_flips as u32)),
        "robert_skip" => robert.and_then(|o| int(o.robert_skip as u32)),
        "monopoly" => robert.map(|o| Value::String(o.monopoly.name().into())),
        "keep_back" => robert.and_then(|o| int(o.keep_back as u32)),
        "reshuffled_knights" => robert.map(|o| Value::String(o.reshuffled_knights.name().into())),
        "lost_card" => solitaire.map(|o| Value::String(o.lost_card.name().into())),
        "knight_play" => solitaire.map(|o| Value::String(o.knight_play.name().into())),
        "second_roll_doubles" => {
            solitaire.map(|o| Value::String(o.second_roll_doubles.name().into()))
        }
        "jungle_shelters" => raiders.map(|o| Value::Boolean(o.jungle_shelters)),
        "taken_discoveries" => raiders.map(|o| Value::String(o.taken_discoveries.name().into())),
        "awards" => solitaire.map(|o| Value::Boolean(o.awards)),
        "destroy_faces" => solitaire.and_then(|o| int(o.destroy_faces as u32)),
        "tiles_to_lose" => solitaire.and_then(|o| int(o.tiles_to_lose as u32)),
        "setup_raiders" => raiders.map(|o| Value::Boolean(o.setup_raiders)),
        "volcano_start" => raiders.map(|o| Value::Boolean(o.volcano_start)),
        "raider_pool" => raiders.and_then(|o| int(o.pool(r.players) as u32)),
        "raiders_per_build" => raiders.and_then(|o| int(o.per_build(r.players) as u32)),
        _ => None,
    }
}

/// The printed game of a row's variant at its player count and level (Robert's starting cards
/// and Solitaire's modifiers kept): every other knob at the seed's value.
pub fn printed(r: &Rules) -> Rules {
    use crate::catan::{RobertRules, Variant};
    let p = match r.variant {
        Variant::Robert(o) => Rules::robert(
            r.players,
            RobertRules {
                start_cards: o.start_cards,
                ..RobertRules::default()
            },
        ),
        Variant::Solitaire(_) => Rules::solitaire(Default::default()).with_modifiers(r.modifiers),
        Variant::Raiders(_) => Rules::raiders(r.players, Default::default()),
        _ => Rules::base(r.players),
    };
    Rules {
        turn_cap: r.turn_cap,
        ..p
    }
}

/// Every rule knob of a row but its level (`start_cards`), in the knob table's order: (key,
/// value as summary.csv writes it, rule words, whether it differs from the printed game); and
/// the Solitaire optional rules where another variant plays them.
pub fn rules_used(r: &Rules) -> Vec<crate::report::rulebook::Rule> {
    use crate::report::rulebook::Rule;
    let printed = printed(r);
    let mut out: Vec<Rule> = KEYS
        .iter()
        .filter(|&&k| k != "start_cards")
        .filter_map(|&key| {
            let v = value(key, r)?;
            Some(Rule {
                key,
                value: match &v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                },
                words: words(key, &v).unwrap_or_default(),
                off: value(key, &printed).as_ref() != Some(&v),
            })
        })
        .collect();
    if r.variant.solitaire().is_none() && !r.modifiers.is_empty() {
        out.push(Rule {
            key: "modifiers",
            value: r.modifiers.name().to_string(),
            words: format!(
                "with Solitaire Catan's optional rules: {}",
                r.modifiers.name().replace('+', ", ").replace('_', " ")
            ),
            off: true,
        });
    }
    out
}

/// Knob `key` at `v` as a rule in the seed texts' words (`Robert rests on every 3rd
/// player-turn`), kept beside [`value`]: what the design terminal, best.csv, a fragment's
/// comments and the rulebook page print. `None` for a key that is no Catan knob.
pub fn words(key: &str, v: &Value) -> Option<String> {
    Some(match key {
        "start_cards" => {
            let n = int(v);
            format!("each player starts with {n} development card{}", plural(n))
        }
        "robert_target" => match text(v) {
            "global" => "Robert looks for his target over the whole board".into(),
            _ => "Robert looks for his target among the hexes next to him".into(),
        },
        "city_weight" => format!("Robert counts a city as {} buildings", int(v)),
        "awards" => {
            if v.as_bool() == Some(false) {
                "longest road and largest army score no points".into()
            } else {
                "longest road and largest army score 2 points each".into()
            }
        }
        "setup_raiders" => {
            if v.as_bool() == Some(true) {
                "set-up settlements place raiders too".into()
            } else {
                "set-up settlements place no raiders".into()
            }
        }
        "volcano_start" => {
            if v.as_bool() == Some(true) {
                "the volcano erupts from the first turn".into()
            } else {
                "the volcano sleeps until the seed wakes it".into()
            }
        }
        "vp_to_win" => {
            format!(
                "the game is won at {} victory points (in Robert, every player needs them)",
                int(v)
            )
        }
        "hand_limit" => match int(v) {
            0 => "a seven makes every player holding cards discard half".into(),
            n => format!("a seven makes players with more than {n} cards discard half"),
        },
        "soldier_flips" => match int(v) {
            0 => "a soldier flips no token face up".into(),
            n => format!(
                "a soldier flips up to {n} face-down token{} face up",
                plural(n)
            ),
        },
        "seven_flips" => match int(v) {
            0 => "a seven flips no token face up".into(),
            n => format!(
                "a seven flips up to {n} face-down token{} face up",
                plural(n)
            ),
        },
        "robert_skip" => match int(v) {
            0 => "Robert moves on every player-turn".into(),
            1 => "Robert never moves".into(),
            n => format!("Robert rests on every {} player-turn", ordinal(n)),
        },
        "monopoly" => match text(v) {
            "take" => {
                "a monopoly takes the named resource from the other players (the base game's)"
                    .into()
            }
            _ => "a monopoly turns face-down tokens face up (the seed's)".into(),
        },
        "keep_back" => {
            let n = int(v);
            format!(
                "a reshuffle keeps back {n} knight{} of the largest army",
                plural(n)
            )
        }
        "reshuffled_knights" => match text(v) {
            "count" => "knights shuffled back still count toward the largest army".into(),
            _ => "knights shuffled back leave their army".into(),
        },
        "destroy_faces" => match int(v) {
            0 => "no die roll destroys a tile".into(),
            n => format!("a die of 1-{n} destroys a tile"),
        },
        "tiles_to_lose" => {
            let n = int(v);
            format!("the game is lost when {n} tile{} are destroyed", plural(n))
        }
        "lost_card" => match text(v) {
            "not-vp" => "a seven never takes a victory point card".into(),
            _ => "a seven may take any card collected but not used, a victory point card included"
                .into(),
        },
        "knight_play" => match text(v) {
            "move-robber" => {
                "a knight cancels a seven or moves the robber as in the base game".into()
            }
            _ => "a knight only cancels a seven".into(),
        },
        "second_roll_doubles" => match text(v) {
            "tech" => "doubles on a seven's second roll give the technology pick".into(),
            "both" => {
                "doubles on a seven's second roll give the doubles pick and the technology pick"
                    .into()
            }
            _ => "doubles on a seven's second roll give nothing".into(),
        },
        "raider_pool" => format!("the raiders' pool holds {}", int(v)),
        "raiders_per_build" => format!("each build places {} raider{}", int(v), plural(int(v))),
        "jungle_shelters" => {
            if v.as_bool() == Some(true) {
                "a jungle counts as a neighbour a building can draw from against a takeover".into()
            } else {
                "a jungle does not save a building from a takeover".into()
            }
        }
        "taken_discoveries" => match text(v) {
            "lost" => "a building the raiders took collects no discoveries".into(),
            _ => "a building the raiders took still collects discoveries from a jungle not raided"
                .into(),
        },
        _ => return None,
    })
}

/// `3rd`, `11th`, `22nd`.
pub fn ordinal(n: i64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
