//! TOML as a person reads it, for sweep and map files.
//!
//! TOML as a person reads it, for sweep and map files: error locations (one-line messages
//! `file:line: key: what; allowed: ...`) and values as a file writes them.
//!
//! Syntax and type errors come from the `toml` crate with a byte span; semantic errors found
//! after parsing (a value out of range) re-locate their dotted key in the text.

/// The 1-based line holding byte offset `at` of `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The key assigned on a line (`players = [3, 4]` → `players`), if any.
fn assigned_key(line: &str) -> Option<String> {
    let l = line.trim_start();
    if l.starts_with('#') || l.starts_with('[') || l.starts_with('{') {
        return None;
    }
    let eq = l.find('=')?;
    let key = l[..eq].trim();
    let ok = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.\"' ".contains(c));
    ok.then(|| {
        key.split('.')
            .map(|p| p.trim().trim_matches('"').trim_matches('\''))
            .collect::<Vec<_>>()
            .join(".")
    })
}

/// The table a header line opens (`[grid]` → `grid`, `[[hexes]]` → `hexes`).
fn header(line: &str) -> Option<String> {
    let l = line.trim();
    let l = l.split('#').next().unwrap_or("").trim();
    if !l.starts_with('[') {
        return None;
    }
    Some(
        l.trim_start_matches('[')
            .trim_end_matches(']')
            .trim()
            .to_string(),
    )
}

/// The line where dotted key `key` (e.g. `grid.players`) is assigned, or where its table starts.
pub fn key_line(text: &str, key: &str) -> Option<usize> {
    let mut table = String::new();
    let mut table_line = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(h) = header(line) {
            table = h;
            if table == key {
                table_line = Some(i + 1);
            }
            continue;
        }
        if let Some(k) = assigned_key(line) {
            let full = if table.is_empty() {
                k
            } else {
                format!("{table}.{k}")
            };
            if full == key {
                return Some(i + 1);
            }
        }
    }
    table_line
}

/// The dotted key assigned on line `line` (1-based), with its table prefix.
pub fn key_at_line(text: &str, line: usize) -> Option<String> {
    let mut table = String::new();
    for (i, l) in text.lines().enumerate() {
        if let Some(h) = header(l) {
            table = h;
        }
        if i + 1 == line {
            return assigned_key(l).map(|k| {
                if table.is_empty() {
                    k
                } else {
                    format!("{table}.{k}")
                }
            });
        }
    }
    None
}

/// A one-line message for a `toml` parse or type error: `origin:line: key: message`.
pub fn describe(origin: &str, text: &str, e: &toml::de::Error) -> String {
    let msg = e.message().trim().replace('\n', " ");
    // Untagged "one value or a list" axes give serde's generic message; say what is expected.
    let msg = if msg.contains("untagged enum OneOrMany") {
        "wrong type: expected one value or a list of values (whole numbers for players, \
         start_cards and city_weight; true/false for awards; strings for the others)"
            .to_string()
    } else {
        suggest(&msg)
    };
    match e.span() {
        Some(span) => {
            let line = line_of(text, span.start);
            match key_at_line(text, line) {
                Some(k) if !msg.contains(&format!("`{k}`")) => {
                    format!("{origin}:{line}: {k}: {msg}")
                }
                _ => format!("{origin}:{line}: {msg}"),
            }
        }
        None => format!("{origin}: {msg}"),
    }
}

/// serde's unknown-field message (`unknown field `dificulty`, expected one of `variant`, ...`)
/// with the nearest expected key first: `did you mean `difficulty`?`. Other messages unchanged.
fn suggest(msg: &str) -> String {
    let quoted = |s: &str| -> Vec<String> {
        s.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let Some(rest) = msg.strip_prefix("unknown field ") else {
        return msg.to_string();
    };
    let (given, expected) = match rest.split_once(", expected") {
        Some((g, e)) => (quoted(g), quoted(e)),
        None => return msg.to_string(),
    };
    let Some(given) = given.first() else {
        return msg.to_string();
    };
    let nearest = expected
        .iter()
        .map(|k| (strsim::damerau_levenshtein(given, k), k))
        .min_by_key(|(d, _)| *d)
        // A key close enough to be a typo: a third of its letters wrong at most.
        .filter(|(d, k)| *d <= (k.len() / 3).max(2));
    match nearest {
        Some((_, k)) => format!("unknown key `{given}`; did you mean `{k}`? ({msg})"),
        None => msg.to_string(),
    }
}

/// A value as a sweep file writes it, strings unquoted (`3`, `take`, `true`), for reports and
/// messages.
pub fn show(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_keys_in_tables() {
        let t = "name = \"x\"\n# c\n[grid]\nplayers = [3, 4]\n\n[rules]\nturn_cap = 5\n";
        assert_eq!(key_line(t, "name"), Some(1));
        assert_eq!(key_line(t, "grid.players"), Some(4));
        assert_eq!(key_line(t, "rules.turn_cap"), Some(7));
        assert_eq!(key_line(t, "grid"), Some(3));
        assert_eq!(key_line(t, "grid.variant"), None);
        assert_eq!(key_at_line(t, 4).as_deref(), Some("grid.players"));
        assert_eq!(key_line("grid.players = 9\n", "grid.players"), Some(1));
    }

    #[test]
    fn an_unknown_key_suggests_the_nearest_expected_one() {
        let m = "unknown field `dificulty`, expected one of `variant`, `players`, `difficulty`";
        assert!(
            suggest(m).starts_with("unknown key `dificulty`; did you mean `difficulty`?"),
            "{}",
            suggest(m)
        );
        let far = "unknown field `zzzzzz`, expected one of `variant`, `players`";
        assert_eq!(suggest(far), far);
        assert_eq!(suggest("invalid type"), "invalid type");
    }
}
