//! A design's answer as config text (`fragment.toml`) and its rules in words.

use super::design::{Design, Dim};
use super::knobs;
use super::select;
use crate::report::design::Aim;
use toml::Value;

impl Design {
    /// A config fragment that plays setting `x` (`fragment.toml`): the knobs on every cell as
    /// `[grid]` keys, the knobs on some cells as `[[rows]]` entries (their selector's keys and
    /// values, then the knobs), an entry for the cells no other entry names where the selectors
    /// share one key, and a `[[compare]]` entry per relative target.
    pub fn fragment(&self, x: &[u8], header: &str) -> String {
        let mut o = String::new();
        for line in header.lines() {
            o.push_str(&format!("# {line}\n"));
        }
        let changed: Vec<(&Dim, &Value)> = self
            .dims
            .iter()
            .zip(x)
            .filter(|(_, &v)| v != 0)
            .map(|(d, &v)| (d, &d.values[v as usize - 1]))
            .collect();
        if changed.is_empty() {
            o.push_str("# the grid's rules: nothing to change\n");
            return o;
        }
        let everywhere: Vec<&(&Dim, &Value)> =
            changed.iter().filter(|(d, _)| d.only.is_none()).collect();
        let refs: Vec<usize> = self
            .targets
            .iter()
            .filter_map(|t| match t.aim {
                Aim::Like { reference, .. } => Some(reference),
                _ => None,
            })
            .collect();
        if changed
            .iter()
            .any(|(d, _)| d.cells.iter().any(|c| refs.contains(c)))
        {
            o.push_str("# note: the design measured its relative targets against the grid's rules; the knobs below\n# move the reference rows too, so [[compare]] pairs them under these knobs\n");
        }
        o.push_str("# The rules it changes, in words:\n");
        for (d, v) in &changed {
            o.push_str(&format!("#   {}\n", d.words(v)));
        }
        if !everywhere.is_empty() {
            o.push_str("[grid]\n");
            for (d, v) in everywhere {
                o.push_str(&format!("{} = {v}\n", d.key));
            }
        }
        // The scoped knobs, grouped by their selector.
        let mut groups: Vec<ScopedGroup> = Vec::new();
        for (d, v) in changed.iter().filter(|(d, _)| d.only.is_some()) {
            let sel = d.only.as_ref().expect("scoped");
            match groups.iter_mut().find(|g| g.0 == sel) {
                Some(g) => g.1.push((d.key, v)),
                None => groups.push((sel, vec![(d.key, v)], &d.cells)),
            }
        }
        if !groups.is_empty() {
            o.push_str("# [[rows]]: each entry plays its cells over the grid's other axes, in the grid's\n# order of its cells (so the levels keep their order)\n");
        }
        // Each entry, and the other cells' entry, in the order of the first cell it plays.
        let mut entries: Vec<(usize, String)> = groups
            .iter()
            .map(|(sel, knobs, cells)| {
                let mut e = "[[rows]]\n".to_string();
                for (k, v) in sel.iter() {
                    e.push_str(&format!("{k} = {v}\n"));
                }
                for (k, v) in knobs {
                    e.push_str(&format!("{k} = {v}\n"));
                }
                (cells.iter().copied().min().unwrap_or(0), e)
            })
            .collect();
        if !groups.is_empty() {
            let covered: Vec<usize> = groups.iter().flat_map(|g| g.2.iter().copied()).collect();
            let keys: Vec<&String> = groups.iter().flat_map(|g| g.0.keys()).collect();
            let one = keys
                .first()
                .filter(|k| keys.iter().all(|j| j == *k) && k.as_str() != "row");
            let rest: Vec<usize> = (0..self.values.len())
                .filter(|c| !covered.contains(c))
                .collect();
            match one {
                _ if rest.is_empty() => {}
                Some(k) => {
                    let mut vals: Vec<Value> = Vec::new();
                    for &c in &rest {
                        if let Some(v) = self.values[c].get(k) {
                            if !vals.contains(v) {
                                vals.push(v.clone());
                            }
                        }
                    }
                    entries.push((
                        rest[0],
                        format!(
                            "[[rows]]   # the other cells, as the grid has them\n{k} = {}\n",
                            Value::Array(vals)
                        ),
                    ));
                }
                None => entries.push((
                    usize::MAX,
                    "# add a [[rows]] entry for the cells the entries above do not name\n".into(),
                )),
            }
        }
        entries.sort_by_key(|e| e.0);
        for (_, e) in entries {
            o.push_str(&e);
        }
        for t in self.file.target.iter().filter(|t| t.like.is_some()) {
            let mut a = t.cell.clone();
            for (d, v) in &changed {
                let on: Vec<usize> = select::select(&t.cell, &self.values);
                if d.only.is_some() && on.iter().all(|c| d.cells.contains(c)) {
                    a.insert(d.key.to_string(), (*v).clone());
                }
            }
            o.push_str(&format!(
                "[[compare]]\na = {}\nb = {}\n",
                select::show_table(&a),
                select::show_table(t.like.as_ref().expect("like"))
            ));
        }
        o
    }
}

/// A selector in words: `at easy`, `with 3 players`, `at hard with 3 players`.
pub fn scope_words(t: &toml::Table) -> String {
    t.iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                Value::Array(a) => a
                    .iter()
                    .map(|x| x.as_str().map_or_else(|| x.to_string(), str::to_string))
                    .collect::<Vec<_>>()
                    .join(" or "),
                other => other.to_string(),
            };
            match k.as_str() {
                "difficulty" => format!("at {v}"),
                "players" => format!("with {v} players"),
                "policy" | "player" => format!("for {v}"),
                other => format!("where {other} is {v}"),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl Dim {
    /// The knob at `v` in rule words, scoped by its selector (`at easy: a seven makes players
    /// with more than 9 cards discard half`).
    pub fn words(&self, v: &Value) -> String {
        let w = knobs::words(self.key, v);
        match &self.only {
            Some(t) => format!("{}: {w}", scope_words(t)),
            None => w,
        }
    }
}

/// Scoped knobs grouped by their selector: the selector, its knobs and values, its cells.
type ScopedGroup<'a> = (&'a toml::Table, Vec<(&'a str, &'a Value)>, &'a [usize]);
