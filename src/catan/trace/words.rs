//! The rules a Catan trace's header names, in words, for the replay page's meta line.

use crate::catan::knobs::difficulty_name;
use crate::report::replay::options;
use serde_json::{json, Value};

/// A difficulty level's name as the page writes it (`Moderate`), if the count is a level.
fn level_word(cards: u64) -> Option<String> {
    let name = difficulty_name(u8::try_from(cards).ok()?)?;
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect())
}

/// The rules a Catan header names, in words: "Robert: Moderate, 2 cards", then Robert's options
/// away from their defaults; Solitaire's and Raiders' options; the modifiers.
pub fn rules_in_words(header: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(r) = header.get("robert").filter(|v| !v.is_null()) {
        let cards = r["start_cards"].as_u64().unwrap_or(0);
        let plural = if cards == 1 { "" } else { "s" };
        let mut s = match level_word(cards) {
            Some(level) => format!("Robert: {level}, {cards} card{plural}"),
            None => format!("Robert: start_cards {cards} ({cards} card{plural}, no named level)"),
        };
        let rest = options(
            r,
            &["start_cards"],
            &[
                ("target", json!("adjacent")),
                ("city_weight", json!(1)),
                ("soldier_flips", json!(2)),
                ("seven_flips", json!(1)),
                ("robert_skip", json!(0)),
                ("monopoly", json!("flip-up")),
                ("keep_back", json!(3)),
                ("reshuffled_knights", json!("leave")),
            ],
        );
        if !rest.is_empty() {
            s.push_str("; ");
            s.push_str(&rest.join(", "));
        }
        out.push(s);
    }
    for (key, name) in [("solitaire", "Solitaire"), ("raiders", "Raiders")] {
        if let Some(v) = header.get(key).filter(|v| !v.is_null()) {
            let o = options(v, &[], &[]);
            out.push(format!("{name}: {}", o.join(", ")));
        }
    }
    match header.get("modifiers").and_then(Value::as_str) {
        Some("none") | None => {}
        Some(m) => out.push(format!("modifiers: {}", m.replace('+', ", "))),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_in_words() {
        let h: Value = serde_json::from_str(
            r#"{"robert":{"target":"adjacent","city_weight":1,"start_cards":2,"soldier_flips":3,"seven_flips":1,"robert_skip":0,"monopoly":"flip-up","keep_back":3,"reshuffled_knights":"leave"},"solitaire":null,"modifiers":"volcano+gold"}"#,
        )
        .unwrap();
        assert_eq!(
            rules_in_words(&h),
            [
                "Robert: Moderate, 2 cards; soldier flips 3",
                "modifiers: volcano, gold"
            ]
        );
    }

    /// The levels by their starting cards; none beyond them (the line says `start_cards N`).
    #[test]
    fn difficulty_words() {
        let words: Vec<Option<String>> = [0, 1, 2, 3, 4, 300].map(level_word).into();
        let named = ["Impossible", "Hard", "Moderate", "Easy"].map(|w| Some(w.to_string()));
        assert_eq!(words[..4], named);
        assert_eq!(words[4..], [None, None]);
        let line = rules_in_words(&json!({"robert": {"start_cards": 4}}));
        assert!(
            line[0].starts_with("Robert: start_cards 4 (4 cards"),
            "{line:?}"
        );
    }
}
