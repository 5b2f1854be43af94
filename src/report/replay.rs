//! The replay page: one game's trace as one self-contained HTML page.
//!
//! The replay page: one game's trace (docs/trace-format.md) as one self-contained HTML page (inline
//! trace, script and style; no network), with the board drawn at any step.

use crate::report::html::esc;
use anyhow::{bail, Context, Result};
use serde_json::Value;

/// The board drawing shared with the luck report (`board.js`), then the replay page's own script.
const SCRIPT: &str = concat!(include_str!("board.js"), include_str!("replay.js"));

/// The Catan board drawing alone (defines `RobsimBoard`), for other pages that draw boards.
pub const BOARD_SCRIPT: &str = include_str!("board.js");

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0 auto;max-width:1400px;padding:12px 20px;color:#222}
h1{font-size:1.4em;margin:4px 0}.meta{color:#555;font-size:0.9em}
#controls{display:flex;gap:8px;align-items:center;margin:8px 0;flex-wrap:wrap}
#controls input[type=range]{flex:1;min-width:240px}
#label{font-weight:600;min-width:260px}
#main{display:flex;gap:16px;flex-wrap:wrap}
#board{width:640px;max-width:100%;height:auto;background:#eef6fb;border:1px solid #ccc}
#side{flex:1;min-width:360px}
table{border-collapse:collapse;font-size:0.85em;margin:6px 0}
th,td{border:1px solid #ddd;padding:3px 6px;text-align:left}
th{background:#f2f2f2}
#events{font-size:0.85em;max-height:420px;overflow-y:auto;padding-left:40px}
#events li.decision{color:#0b5394}
";

/// The replay page of `trace` (JSON Lines, one game; `origin` names it in errors and the title).
///
/// # Errors
/// A line is not a JSON object with a `type`, or the trace has no header or no snapshot.
pub fn page(trace: &str, origin: &str) -> Result<String> {
    let mut lines: Vec<Value> = Vec::new();
    for (i, line) in trace.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line)
            .with_context(|| format!("{origin}:{}: not a JSON line", i + 1))?;
        if v.get("type").and_then(Value::as_str).is_none() {
            bail!("{origin}:{}: a trace line needs a \"type\"", i + 1);
        }
        lines.push(v);
    }
    let Some(header) = lines.iter().find(|l| l["type"] == "header") else {
        bail!("{origin}: no header line; is this a trace written by `robsim trace`?");
    };
    let variant = header["variant"].as_str().unwrap_or("?").to_string();
    if variant != "carcassonne" && !lines.iter().any(|l| l["type"] == "board") {
        bail!("{origin}: no board line; is this a trace written by `robsim trace`?");
    }
    if !lines.iter().any(|l| l["type"] == "snapshot") {
        bail!("{origin}: no snapshot line; is this a trace written by `robsim trace`?");
    }
    let title = format!(
        "{variant}, {} players, {} policy: seed {}, game {}",
        header["players"],
        header["policy"].as_str().unwrap_or("?"),
        header["seed"],
        header["game"]
    );
    let rules = rules_in_words(header);
    // `</` cannot appear inside a script element; `<\/` is the same JSON string.
    let data = serde_json::to_string(&lines)?.replace("</", "<\\/");
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
<h1>{title}</h1>\n<p class=\"meta\">{meta}</p>\n\
<div id=\"controls\"><button id=\"first\" title=\"first step\">|&lt;</button>\
<button id=\"prev\" title=\"previous step (left arrow)\">&lt; prev</button>\
<button id=\"play\" title=\"play / pause\">play</button>\
<button id=\"next\" title=\"next step (right arrow)\">next &gt;</button>\
<button id=\"last\" title=\"last step\">&gt;|</button>\
<input type=\"range\" id=\"step\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"step\">\
<span id=\"label\"></span></div>\n\
<div id=\"main\"><svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-label=\"the board\"></svg>\n\
<div id=\"side\"><h2>Players</h2><div id=\"seats\"></div>\
<h2>What led to this board</h2><ol id=\"events\"></ol></div></div>\n\
<p class=\"meta\">A step is a turn (Carcassonne: a placed tile): the board after it and, beside it, what happened in it. The address ends in <code>#step=N</code> (or give <code>#turn=N</code>), so a step can be linked. Face-down number tokens are drawn turned over (brown, crossed, no number). Seats count from 1 (seat 1 = first to play); the trace's JSON keeps its 0-based <code>seat</code> fields.</p>\n\
<script type=\"application/json\" id=\"trace\">{data}</script>\n<script>{SCRIPT}</script>\n</body>\n</html>\n",
        title = esc(&title),
        meta = esc(&format!("{origin} · robsim {} · {}", header["robsim"].as_str().unwrap_or("?"), rules.join(" · "))),
    ))
}

/// Robert's difficulty levels by starting cards (the names `catan::knobs::DIFFICULTIES` gives;
/// the report layer reads only the trace, so they are spelled here, checked in tests/cli).
pub const DIFFICULTY_WORDS: [(&str, u64); 4] =
    [("Impossible", 0), ("Hard", 1), ("Moderate", 2), ("Easy", 3)];

/// A header value as words: strings bare, booleans on/off, numbers as written.
fn word(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(true) => "on".into(),
        Value::Bool(false) => "off".into(),
        other => other.to_string(),
    }
}

/// A table of options as words (`soldier flips 2, monopoly flip-up`), leaving out `skip` keys
/// and the keys whose value is the `defaults`' one.
fn options(v: &Value, skip: &[&str], defaults: &[(&str, Value)]) -> Vec<String> {
    let Some(map) = v.as_object() else {
        return Vec::new();
    };
    map.iter()
        .filter(|(k, _)| !skip.contains(&k.as_str()))
        .filter(|(k, x)| !defaults.iter().any(|(d, dv)| d == k && dv == *x))
        .map(|(k, x)| format!("{} {}", k.replace('_', " "), word(x)))
        .collect()
}

/// The rules a trace's header names, in words: "Robert: Moderate, 2 cards", then the options
/// away from the defaults; Solitaire's and Raiders' options; the modifiers; Carcassonne's
/// robbers.
pub fn rules_in_words(header: &Value) -> Vec<String> {
    use serde_json::json;
    let mut out = Vec::new();
    if let Some(r) = header.get("robert").filter(|v| !v.is_null()) {
        let cards = r["start_cards"].as_u64().unwrap_or(0);
        let level = DIFFICULTY_WORDS
            .iter()
            .find(|d| d.1 == cards)
            .map_or("Custom", |d| d.0);
        let mut s = format!(
            "Robert: {level}, {cards} card{}",
            if cards == 1 { "" } else { "s" }
        );
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
    let carc: Vec<String> = [
        "robbers",
        "robber_placement",
        "robber_final_points",
        "robber_share",
    ]
    .iter()
    .filter_map(|k| {
        header
            .get(*k)
            .filter(|v| !v.is_null())
            .map(|v| format!("{} {}", k.replace('_', " "), word(v)))
    })
    .collect();
    if !carc.is_empty() {
        out.push(carc.join(", "));
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

    #[test]
    fn refuses_what_is_not_a_trace() {
        for (text, want) in [
            ("not json\n", "x.jsonl:1: not a JSON line"),
            ("{\"a\":1}\n", "x.jsonl:1: a trace line needs a \"type\""),
            ("{\"type\":\"board\"}\n", "no header line"),
            (
                "{\"type\":\"header\",\"variant\":\"robert\"}\n",
                "no board line",
            ),
        ] {
            let e = format!("{:#}", page(text, "x.jsonl").unwrap_err());
            assert!(e.contains(want), "{e}");
        }
    }

    #[test]
    fn inlines_the_trace_safely() {
        let t = "{\"type\":\"header\",\"variant\":\"carcassonne\",\"robsim\":\"</script>\"}\n{\"type\":\"snapshot\"}\n";
        let p = page(t, "x").unwrap();
        assert!(!p.contains("\"</script>\""));
        assert!(p.contains("<\\/script>"));
        assert!(
            !p.contains("http://") || !p.contains("src=\"http"),
            "no network"
        );
    }
}
