//! The replay page: one game's trace as one self-contained HTML page.
//!
//! The replay page: one game's trace (docs/trace-format.md) as one self-contained HTML page (inline
//! trace, script and style; no network), with the board drawn at any step.

use crate::report::html::esc;
use anyhow::{bail, Context, Result};
use serde_json::Value;

/// Everything game-specific about the replay page, given by the layer that knows the games
/// (`games::replay`): this module reads the trace and lays out the page around it.
pub struct Viewer {
    /// The page's script: it reads the inlined trace (`<script id="trace">`) and draws each
    /// snapshot of any game the traces hold.
    pub script: &'static str,
    /// What a step is and how the drawing reads (HTML), below the board.
    pub note: &'static str,
    /// Whether a trace of this variant (its header's `variant`) must have a `board` line.
    pub needs_board: fn(&str) -> bool,
    /// The rules a trace's header names, in words (the page's meta line joins them with ` · `).
    pub rules_in_words: fn(&Value) -> Vec<String>,
    /// Why the game ended, in words, from the trace's lines (its `game_over` line, the final
    /// snapshot and the header); `None` for a trace without its `game_over` line.
    pub ending: fn(&[Value]) -> Option<String>,
}

/// The marker in the head of every replay page: what `robsim trace -o` and `robsim replay -o`
/// recognise as a file robsim wrote (and so may replace).
pub const GENERATOR: &str = "<meta name=\"generator\" content=\"robsim replay\">";

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
.warn{background:#fff3cd;border:1px solid #e0b000;padding:6px 10px}
";

/// The replay page of `trace` (JSON Lines, one game; `origin` names it in errors and the title),
/// drawn and said in words by `viewer`.
///
/// # Errors
/// A line is not a JSON object with a `type`, or the trace has no header, no snapshot, or no
/// board where its variant needs one.
pub fn page(trace: &str, origin: &str, viewer: &Viewer) -> Result<String> {
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
    if (viewer.needs_board)(&variant) && !lines.iter().any(|l| l["type"] == "board") {
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
    let rules = (viewer.rules_in_words)(header);
    // A trace cut short (`head -n 300`) still parses: say so on the page, and what it lacks.
    let ending = (viewer.ending)(&lines);
    let end_note = match &ending {
        Some(why) => format!("<p class=\"meta\" id=\"ending\" hidden>{}</p>\n", esc(why)),
        None => format!(
            "<p class=\"warn\" id=\"incomplete\">Incomplete trace: it ends after {} lines without the game's end (no <code>game_over</code> line; cut short?). The last step is the last board it holds, not the end of the game.</p>\n",
            trace.lines().filter(|l| !l.trim().is_empty()).count()
        ),
    };
    // `</` cannot appear inside a script element; `<\/` is the same JSON string.
    let data = serde_json::to_string(&lines)?.replace("</", "<\\/");
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
{GENERATOR}\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
<h1>{title}</h1>\n<p class=\"meta\">{meta}</p>\n{end_note}\
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
<p class=\"meta\">{note}</p>\n\
<script type=\"application/json\" id=\"trace\">{data}</script>\n<script>{script}</script>\n</body>\n</html>\n",
        note = viewer.note,
        script = viewer.script,
        title = esc(&title),
        meta = esc(&format!("{origin} · robsim {} · {}", header["robsim"].as_str().unwrap_or("?"), rules.join(" · "))),
    ))
}

/// A header value as words: strings bare, booleans on/off, numbers as written.
pub fn word(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(true) => "on".into(),
        Value::Bool(false) => "off".into(),
        other => other.to_string(),
    }
}

/// A table of options as words (`soldier flips 2, monopoly flip-up`), leaving out `skip` keys
/// and the keys whose value is the `defaults`' one.
pub fn options(v: &Value, skip: &[&str], defaults: &[(&str, Value)]) -> Vec<String> {
    let Some(map) = v.as_object() else {
        return Vec::new();
    };
    map.iter()
        .filter(|(k, _)| !skip.contains(&k.as_str()))
        .filter(|(k, x)| !defaults.iter().any(|(d, dv)| d == k && dv == *x))
        .map(|(k, x)| format!("{} {}", k.replace('_', " "), word(x)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A viewer of two made-up games: `hexes` traces need a board line, `tiles` traces do not.
    const VIEWER: Viewer = Viewer {
        script: "draw();",
        note: "A step is a turn.",
        needs_board: |v| v != "tiles",
        rules_in_words: |h| options(&h["rules"], &["seed"], &[("target", serde_json::json!(1))]),
        ending: |lines| {
            lines
                .iter()
                .find(|l| l["type"] == "game_over")
                .map(|l| format!("{} wins", l["winner"]))
        },
    };

    /// A trace with its `game_over` line says why the game ended on the page (shown at the
    /// last step); one without is marked incomplete.
    #[test]
    fn the_end_is_said_and_a_cut_trace_is_marked() {
        let t = "{\"type\":\"header\",\"variant\":\"tiles\"}\n{\"type\":\"snapshot\"}\n";
        let cut = page(t, "x", &VIEWER).unwrap();
        assert!(
            cut.contains("id=\"incomplete\"") && cut.contains("after 2 lines"),
            "{cut}"
        );
        assert!(!cut.contains("id=\"ending\""));
        let whole =
            format!("{t}{{\"type\":\"game_over\",\"winner\":2}}\n{{\"type\":\"snapshot\"}}\n");
        let p = page(&whole, "x", &VIEWER).unwrap();
        assert!(
            p.contains("<p class=\"meta\" id=\"ending\" hidden>2 wins</p>"),
            "{p}"
        );
        assert!(!p.contains("id=\"incomplete\""));
        assert!(p.contains(GENERATOR));
    }

    #[test]
    fn options_in_words_leave_out_defaults_and_skipped_keys() {
        let h: Value =
            serde_json::from_str(r#"{"rules":{"target":1,"hand_limit":9,"seed":3,"fast":true}}"#)
                .unwrap();
        assert_eq!((VIEWER.rules_in_words)(&h), ["fast on", "hand limit 9"]);
    }

    #[test]
    fn refuses_what_is_not_a_trace() {
        for (text, want) in [
            ("not json\n", "x.jsonl:1: not a JSON line"),
            ("{\"a\":1}\n", "x.jsonl:1: a trace line needs a \"type\""),
            ("{\"type\":\"board\"}\n", "no header line"),
            (
                "{\"type\":\"header\",\"variant\":\"hexes\"}\n",
                "no board line",
            ),
            (
                "{\"type\":\"header\",\"variant\":\"tiles\"}\n",
                "no snapshot line",
            ),
        ] {
            let e = format!("{:#}", page(text, "x.jsonl", &VIEWER).unwrap_err());
            assert!(e.contains(want), "{e}");
        }
    }

    #[test]
    fn inlines_the_trace_safely() {
        let t = "{\"type\":\"header\",\"variant\":\"tiles\",\"robsim\":\"</script>\",\"rules\":{\"fast\":false}}\n{\"type\":\"snapshot\"}\n";
        let p = page(t, "x", &VIEWER).unwrap();
        assert!(!p.contains("\"</script>\""));
        assert!(p.contains("<\\/script>"));
        assert!(
            !p.contains("http://") || !p.contains("src=\"http"),
            "no network"
        );
        // The viewer's script, note and rules in words are the page's.
        assert!(p.contains("<script>draw();</script>"));
        assert!(p.contains("<p class=\"meta\">A step is a turn.</p>"));
        assert!(p.contains("robsim &lt;/script&gt; · fast off</p>"), "{p}");
    }
}
