//! Carcassonne's rule knobs by name: a row's value of each, and each in the rule texts' words.

use crate::carcassonne::Rules;
use crate::tomltext::{knob_int as int, knob_text as text, plural};
use toml::Value;

/// Every Carcassonne rule knob [`value`] knows, in the rule-knob table's order
/// (`config::knobs`).
pub const KEYS: [&str; 8] = [
    "robbers",
    "robber_placement",
    "robber_final_points",
    "robbers_per_player",
    "robber_share",
    "rogue_beside",
    "robber_tiles",
    "unplaceable_robber_tile",
];

/// The value of knob `key` a Carcassonne row plays with, or `None` where it does not apply.
pub fn value(key: &str, r: &Rules) -> Option<Value> {
    match key {
        "robbers" => Some(Value::Boolean(r.robbers)),
        "robber_placement" if r.robbers => Some(Value::String(r.placement.name().into())),
        "robber_final_points" if r.robbers => Some(Value::Integer(r.final_points as i64)),
        "robber_share" if r.robbers => Some(Value::String(r.share.name().into())),
        "robbers_per_player" if r.robbers => Some(Value::Integer(r.robbers_per_player as i64)),
        "rogue_beside" if r.robbers => Some(Value::String(r.rogue_beside.name().into())),
        "robber_tiles" if r.robbers => Some(Value::Integer(r.robber_tiles.map_or(8, |n| n as i64))),
        "unplaceable_robber_tile" if r.robbers => {
            Some(Value::String(r.unplaceable_robber_tile.name().into()))
        }
        _ => None,
    }
}

/// Knob `key` at `v` as a rule in words (`a robber takes half of a score, rounded up`), kept
/// beside [`value`]; `None` for a key that is no Carcassonne knob.
pub fn words(key: &str, v: &Value) -> Option<String> {
    Some(match key {
        "robbers" => {
            if v.as_bool() == Some(false) {
                "played without the robbers".into()
            } else {
                "played with the robbers".into()
            }
        },
        "robber_placement" => match text(v) {
            "each-other" => "every other player may place a robber in turn".into(),
            _ => "the next player in stock places a robber".into(),
        },
        "robber_final_points" => {
            format!(
                "a robber scores {} point{} at the end",
                int(v),
                plural(int(v))
            )
        },
        "robbers_per_player" => format!("each player has {} robber{}", int(v), plural(int(v))),
        "robber_share" => {
            format!(
                "a robber takes {} of a score, rounded up",
                match text(v) {
                    "all" => "all",
                    "third" => "a third",
                    "quarter" => "a quarter",
                    _ => "half",
                }
            )
        },
        "rogue_beside" => {
            match text(v) { "round-start" => "a robber moves with a scoring figure it stood beside when the round began".into(), _ => "a robber moves with a scoring figure it stands beside once the round's normal moves are made".into() }
        },
        "robber_tiles" => format!("{} robber tiles in the game", int(v)),
        "unplaceable_robber_tile" => match text(v) {
            "robber-step" => "a robber tile that fits nowhere still has its robber step".into(),
            _ => "a robber tile that fits nowhere is discarded, robber step and all".into(),
        },
        _ => return None,
    })
}
