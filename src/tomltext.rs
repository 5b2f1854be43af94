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

/// The keys of a file's tables, for hints: each table's name (`grid`; `""` for the top level)
/// and the keys it accepts.
pub type Schema = [(&'static str, Vec<String>)];

/// The keys a `deny_unknown_fields` type accepts, read from serde's own unknown-field message
/// (so that the list cannot drift from the type).
pub fn keys_of<T: serde::de::DeserializeOwned>() -> Vec<String> {
    match toml::from_str::<T>("robsim_no_such_key = 0") {
        Err(e) => match e.message().trim().split_once(", expected") {
            Some((_, expected)) => quoted(expected),
            None => Vec::new(),
        },
        Ok(_) => Vec::new(),
    }
}

/// The words between backquotes of a serde message.
fn quoted(s: &str) -> Vec<String> {
    s.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// A one-line message for a `toml` parse or type error: `origin:line: key: message`.
pub fn describe(origin: &str, text: &str, e: &toml::de::Error) -> String {
    describe_in(origin, text, e, &[])
}

/// As [`describe`]; an unknown key is also looked up in the other tables of `schema`: `it
/// belongs in [grid]` where another table has it, `did you mean `difficulty` in [grid]?` where
/// one has a key close to it.
pub fn describe_in(origin: &str, text: &str, e: &toml::de::Error, schema: &Schema) -> String {
    let msg = e.message().trim().replace('\n', " ");
    let line = e.span().map(|span| line_of(text, span.start));
    let key = line.and_then(|l| key_at_line(text, l));
    // Untagged "one value or a list" axes give serde's generic message; say what is expected.
    let msg = if msg.contains("untagged enum OneOrMany") {
        "wrong type: expected one value or a list of values (whole numbers for players, \
         start_cards and city_weight; true/false for awards; strings for the others)"
            .to_string()
    } else {
        let table = key
            .as_deref()
            .and_then(|k| k.rsplit_once('.'))
            .map_or("", |(t, _)| t);
        hint(&msg, table, schema)
    };
    match (line, key) {
        (Some(line), Some(k)) if !msg.contains(&format!("`{k}`")) => {
            format!("{origin}:{line}: {k}: {msg}")
        }
        (Some(line), _) => format!("{origin}:{line}: {msg}"),
        (None, _) => format!("{origin}: {msg}"),
    }
}

/// The key of `keys` nearest to `given`, if close enough to be a typo: a third of its letters
/// wrong at most.
pub fn nearest<'k>(given: &str, keys: impl IntoIterator<Item = &'k str>) -> Option<&'k str> {
    keys.into_iter()
        .map(|k| (strsim::damerau_levenshtein(given, k), k))
        .min_by_key(|(d, _)| *d)
        .filter(|(d, k)| *d <= (k.len() / 3).max(2))
        .map(|(_, k)| k)
}

/// A table as a message names it: `[grid]`, or `the top level`.
fn table_name(t: &str) -> String {
    if t.is_empty() {
        "the top level".into()
    } else {
        format!("[{t}]")
    }
}

/// serde's unknown-field message (`unknown field `dificulty`, expected one of `variant`, ...`)
/// for a key in `table` with a hint first: the tables of `schema` that have the key (`it belongs
/// in [grid]`), else the nearest expected key (`did you mean `difficulty`?`), else the nearest
/// key of another table. Other messages unchanged.
fn hint(msg: &str, table: &str, schema: &Schema) -> String {
    let Some(rest) = msg.strip_prefix("unknown field ") else {
        return msg.to_string();
    };
    let (given, expected) = match rest.split_once(", expected") {
        Some((g, e)) => (quoted(g), quoted(e)),
        None => (quoted(rest), Vec::new()),
    };
    let Some(given) = given.first() else {
        return msg.to_string();
    };
    let here = table_name(table);
    let others = || schema.iter().filter(|(t, _)| *t != table);
    let homes: Vec<String> = others()
        .filter(|(_, keys)| keys.contains(given))
        .map(|(t, _)| table_name(t))
        .collect();
    if !homes.is_empty() {
        let at = if homes == ["the top level"] {
            "at"
        } else {
            "in"
        };
        return format!(
            "unknown key `{given}` in {here}; it belongs {at} {} ({msg})",
            homes.join(" or ")
        );
    }
    if let Some(k) = nearest(given, expected.iter().map(String::as_str)) {
        return format!("unknown key `{given}`; did you mean `{k}`? ({msg})");
    }
    let elsewhere = others().flat_map(|(t, keys)| keys.iter().map(move |k| (*t, k.as_str())));
    let pairs: Vec<(&str, &str)> = elsewhere.collect();
    match nearest(given, pairs.iter().map(|(_, k)| *k)) {
        Some(k) => {
            let t = pairs.iter().find(|(_, x)| *x == k).map_or("", |(t, _)| *t);
            format!(
                "unknown key `{given}` in {here}; did you mean `{k}` in {}? ({msg})",
                table_name(t)
            )
        }
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

/// A whole-number knob's value (0 for another kind): what a knob's rule words read.
pub fn knob_int(v: &toml::Value) -> i64 {
    v.as_integer().unwrap_or(0)
}

/// A named knob's value (empty for another kind).
pub fn knob_text(v: &toml::Value) -> &str {
    v.as_str().unwrap_or("")
}

/// `s` after a count other than 1.
pub fn plural(n: i64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
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
    fn an_unknown_key_names_the_table_it_belongs_in_or_a_near_key_of_another() {
        let schema = [
            ("", vec!["name".to_string(), "seed".to_string()]),
            (
                "grid",
                vec!["difficulty".to_string(), "vp_to_win".to_string()],
            ),
            ("rules", vec!["turn_cap".to_string()]),
        ];
        let m = "unknown field `vp_to_win`, expected `turn_cap`";
        let h = hint(m, "rules", &schema);
        assert!(
            h.starts_with("unknown key `vp_to_win` in [rules]; it belongs in [grid]"),
            "{h}"
        );
        let m = "unknown field `dificulty`, expected one of `name`, `seed`";
        let h = hint(m, "", &schema);
        assert!(
            h.starts_with(
                "unknown key `dificulty` in the top level; did you mean `difficulty` in [grid]?"
            ),
            "{h}"
        );
        let m = "unknown field `seed`, expected one of `difficulty`, `vp_to_win`";
        let h = hint(m, "grid", &schema);
        assert!(h.contains("it belongs at the top level"), "{h}");
    }

    #[test]
    fn an_unknown_key_suggests_the_nearest_expected_one() {
        let m = "unknown field `dificulty`, expected one of `variant`, `players`, `difficulty`";
        assert!(
            hint(m, "grid", &[]).starts_with("unknown key `dificulty`; did you mean `difficulty`?"),
            "{}",
            hint(m, "grid", &[])
        );
        let far = "unknown field `zzzzzz`, expected one of `variant`, `players`";
        assert_eq!(hint(far, "grid", &[]), far);
        assert_eq!(hint("invalid type", "", &[]), "invalid type");
    }
}
