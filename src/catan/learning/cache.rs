//! The labels a `robsim learn` run has paid for, kept so that a resumed run skips their rollouts.
//!
//! A label's values (each candidate's mean over its futures) are the whole cost of expert
//! iteration: the features come back for free by replaying the apprentice's game, which is
//! seeded by the round, the row and the game. So a run keeps, per labelled decision, only its
//! key (round, row, game, decision index) and its values, and writes them as it goes
//! (`resume-labels.txt` in the run's folder): `robsim learn --resume` reads them back and plays
//! every round again, labelling only the decisions the file lacks. Values are written in Rust's
//! shortest round-trip form, so a value read back is the same `f64`, bit for bit, and a resumed
//! run writes the same model as a run never stopped.

use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;

/// (round, row, game, decision index).
type Key = (u32, u32, u64, u64);

/// The values of the labelled decisions of a run, by key.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LabelCache {
    values: BTreeMap<Key, Vec<f64>>,
}

/// The header of the file.
const HEADER: &str = "round,row,game,decision,values";

impl LabelCache {
    /// The values of decision `decision` of game `game` of row `row` in round `round`.
    pub fn get(&self, round: u32, row: u32, game: u64, decision: u64) -> Option<&[f64]> {
        self.values
            .get(&(round, row, game, decision))
            .map(Vec::as_slice)
    }

    /// Keeps a decision's values (a key already kept keeps its first values).
    pub fn insert(&mut self, round: u32, row: u32, game: u64, decision: u64, values: &[f64]) {
        self.values
            .entry((round, row, game, decision))
            .or_insert_with(|| values.to_vec());
    }

    /// Adds `other`'s decisions (a key already kept keeps its first values).
    pub fn extend(&mut self, other: &LabelCache) {
        for (k, v) in &other.values {
            self.values.entry(*k).or_insert_with(|| v.clone());
        }
    }

    /// The decisions `other` does not hold.
    pub fn without(&self, other: &LabelCache) -> LabelCache {
        LabelCache {
            values: self
                .values
                .iter()
                .filter(|(k, _)| !other.values.contains_key(k))
                .map(|(k, v)| (*k, v.clone()))
                .collect(),
        }
    }

    /// The labels of rounds up to `last` (the others dropped).
    pub fn up_to_round(&self, last: u32) -> LabelCache {
        LabelCache {
            values: self
                .values
                .iter()
                .filter(|(k, _)| k.0 <= last)
                .map(|(k, v)| (*k, v.clone()))
                .collect(),
        }
    }

    /// Decisions kept.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The file's text: the header, then a line per decision in key order, its values joined
    /// by `;` in their shortest round-trip form.
    pub fn to_text(&self) -> String {
        let mut s = String::with_capacity(64 * self.values.len() + 64);
        s.push_str(HEADER);
        s.push('\n');
        for ((round, row, game, decision), v) in &self.values {
            s.push_str(&format!("{round},{row},{game},{decision},"));
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    s.push(';');
                }
                s.push_str(&format!("{x:?}"));
            }
            s.push('\n');
        }
        s
    }

    /// Reads a file [`LabelCache::to_text`] wrote (`origin` names it in errors).
    ///
    /// # Errors
    /// Another header, or a line that does not parse, naming the line.
    pub fn parse(text: &str, origin: &str) -> Result<LabelCache> {
        let mut lines = text.lines();
        if lines.next() != Some(HEADER) {
            bail!("{origin}: not a label cache (its first line is not {HEADER:?})");
        }
        let mut c = LabelCache::default();
        for (i, line) in lines.enumerate() {
            let at = || format!("{origin}:{}", i + 2);
            let f: Vec<&str> = line.split(',').collect();
            if f.len() != 5 {
                bail!("{}: {} fields; allowed 5 ({HEADER})", at(), f.len());
            }
            let key: Key = (
                f[0].parse().with_context(at)?,
                f[1].parse().with_context(at)?,
                f[2].parse().with_context(at)?,
                f[3].parse().with_context(at)?,
            );
            let values: Vec<f64> = f[4]
                .split(';')
                .map(str::parse::<f64>)
                .collect::<Result<_, _>>()
                .with_context(at)?;
            c.values.insert(key, values);
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_bit_for_bit() {
        let mut c = LabelCache::default();
        let v = [0.1 + 0.2, 1.0 / 3.0, 0.0, 1.0, 7.0e-17, 0.6875];
        c.insert(2, 5, 41, 7, &v);
        c.insert(1, 0, 3, 0, &[0.5, 0.25]);
        let back = LabelCache::parse(&c.to_text(), "c.csv").unwrap();
        assert_eq!(back, c);
        let got = back.get(2, 5, 41, 7).unwrap();
        assert!(got.iter().zip(&v).all(|(a, b)| a.to_bits() == b.to_bits()));
        assert!(back.get(2, 5, 41, 8).is_none());
        let e = LabelCache::parse("round,row\n", "c.csv").unwrap_err();
        assert!(format!("{e:#}").contains("not a label cache"));
        let e = LabelCache::parse(&format!("{HEADER}\n1,2,3,x,0.5\n"), "c.csv").unwrap_err();
        assert!(format!("{e:#}").contains("c.csv:2"), "{e:#}");
    }
}
