//! `robsim tune`: coordinate search over the team policy's knobs.
//!
//! `robsim tune`: coordinate search over the team policy's knobs on training games with common
//! random numbers, then a paired test of the tuned knobs against the starting ones on held-out
//! games. The knobs searched are those of the player the config's rows play: the `team` script,
//! or a `learned` model's base script (its weights kept: every decision the model does not
//! score is its base's, so the best knobs under the model need not be the script's own).
//!
//! Method: coordinate ascent (cyclic coordinate search; Wright, "Coordinate descent algorithms",
//! Math. Programming 151, 2015) over a grid of values per knob. Every candidate plays the same
//! training games (game `i` of every candidate has the same board, dice, deck and Robert: common
//! random numbers, Glasserman & Yao, "Some guidelines and guarantees for common random numbers",
//! Management Science 38, 1992), so a candidate is compared with the incumbent game by game and
//! the noise of the comparison is the noise of the games the two play differently. A value is
//! kept when it wins more training games, summed over the tuned rows, than the incumbent. The
//! search overfits its training games a little by construction; the held-out games (another
//! seed, never seen by the search) give the honest estimate: a paired Newcombe interval and a
//! McNemar test per row, as `compare.csv` has them.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::policy::learned::{LearnedBase, LearnedModel};
use crate::catan::policy::{ModelName, PolicySpec, TeamKnobs};
use crate::engine::runner::run;
use crate::engine::seeds::mix64;
use crate::report::compare::{compare_row, CompareRow, Pair, PairStats};
use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;

/// One knob and the values the search tries for it.
pub struct KnobRange {
    pub name: &'static str,
    pub values: Vec<toml::Value>,
}

/// The team knobs the search walks and their grids (the defaults are on every grid).
pub fn team_ranges() -> Vec<KnobRange> {
    use toml::Value::{Boolean as B, Float as F, Integer as I};
    let ints = |v: &[i64]| v.iter().map(|&x| I(x)).collect();
    let floats = |v: &[f64]| v.iter().map(|&x| F(x)).collect();
    let bools = || vec![B(true), B(false)];
    vec![
        KnobRange {
            name: "soldier_min_pips",
            values: ints(&[4, 6, 8, 10, 12, 14, 16, 20]),
        },
        KnobRange {
            name: "soldier_reserve",
            values: ints(&[0, 1, 2]),
        },
        KnobRange {
            name: "soldier_panic_face_up",
            values: ints(&[4, 8, 10, 12, 14, 16]),
        },
        KnobRange {
            name: "monopoly_min_pips",
            values: ints(&[2, 5, 8, 12]),
        },
        KnobRange {
            name: "dev_card_priority",
            values: ints(&[0, 1, 2, 3]),
        },
        KnobRange {
            name: "dev_cards_at_ten",
            values: bools(),
        },
        KnobRange {
            name: "leave_spots_at_ten",
            values: bools(),
        },
        KnobRange {
            name: "laggard_builds_vp",
            values: bools(),
        },
        KnobRange {
            name: "help_laggard",
            values: bools(),
        },
        KnobRange {
            name: "help_margin",
            values: ints(&[1, 2, 3, 4]),
        },
        KnobRange {
            name: "team_trades",
            values: bools(),
        },
        KnobRange {
            name: "max_trades_per_turn",
            values: ints(&[2, 4, 6, 8, 12]),
        },
        KnobRange {
            name: "laggard_flip_bonus_pct",
            values: ints(&[0, 15, 30, 60]),
        },
        KnobRange {
            name: "avoid_robert_next",
            values: bools(),
        },
        KnobRange {
            name: "spread_bonus",
            values: floats(&[0.0, 0.75, 1.5, 3.0]),
        },
        KnobRange {
            name: "same_number_penalty",
            values: floats(&[0.0, 0.5, 1.0, 2.0]),
        },
    ]
}

/// `knobs` with `name` set to `value` (through the knobs' own TOML form, so the names and
/// types are the config's).
///
/// # Errors
/// `name` is not a team knob or `value` has the wrong type.
pub fn with_knob(knobs: &TeamKnobs, name: &str, value: &toml::Value) -> Result<TeamKnobs> {
    let mut t = toml::Value::try_from(knobs).context("team knobs as TOML")?;
    let table = t.as_table_mut().context("team knobs are a table")?;
    if !table.contains_key(name) {
        bail!("{name:?} is not a team knob");
    }
    table.insert(name.to_string(), value.clone());
    t.try_into()
        .with_context(|| format!("team.{name} = {value}"))
}

/// The seed of the training games (apart from the config's own games and the held-out ones).
pub fn train_seed(seed: u64) -> u64 {
    mix64(seed ^ 0x7475_6e65_7472_6169)
}

/// The seed of the held-out games.
pub fn test_seed(seed: u64) -> u64 {
    mix64(seed ^ 0x7475_6e65_7465_7374)
}

/// One candidate the search played.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Trial {
    pub round: u32,
    pub knob: &'static str,
    pub value: String,
    pub games_per_row: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// Wins minus the incumbent's on the same games.
    pub wins_diff: i64,
    pub accepted: bool,
}

/// The player whose knobs the search varies (`Copy`, as the [`PolicySpec`] it makes; a search
/// holds one, so the model's size is no cost).
#[derive(Clone, Copy, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Tunable {
    /// The `team` script.
    Team,
    /// A `learned` model over the team script: its weights kept, its base knobs varied.
    Learned {
        model: LearnedModel,
        name: Option<ModelName>,
    },
}

impl Tunable {
    /// The tunable player `p` is, if it is one.
    pub fn of(p: &PolicySpec) -> Option<Tunable> {
        match *p {
            PolicySpec::Team(_) => Some(Tunable::Team),
            PolicySpec::Learned { model, name } if matches!(model.base, LearnedBase::Team(_)) => {
                Some(Tunable::Learned { model, name })
            }
            _ => None,
        }
    }

    /// The policy name (`team` or `learned`).
    pub fn name(&self) -> &'static str {
        match self {
            Tunable::Team => "team",
            Tunable::Learned { .. } => "learned",
        }
    }

    /// This player with `knobs`.
    fn with_knobs(&self, knobs: TeamKnobs) -> PolicySpec {
        match *self {
            Tunable::Team => PolicySpec::Team(knobs),
            Tunable::Learned { model, name } => PolicySpec::Learned {
                model: LearnedModel {
                    base: LearnedBase::Team(knobs),
                    ..model
                },
                name,
            },
        }
    }

    /// The knobs the search starts from: `team`'s are the config's `[team]` table, a model's
    /// its base knobs.
    fn start(&self, team: TeamKnobs) -> TeamKnobs {
        match self {
            Tunable::Learned { model, .. } => match model.base {
                LearnedBase::Team(k) => k,
                // `of` takes only models over team.
                LearnedBase::Solitaire(_) => team,
            },
            Tunable::Team => team,
        }
    }
}

/// The rows `tune` searches (index and row) and the one player they all play.
///
/// # Errors
/// No row plays `team` or a `learned` model over it, or the rows play more than one such player
/// (both, or two models), naming `grid.policy`.
pub fn tuned_rows<'a, 't>(
    rows: &'a [CatanRow<'t>],
) -> Result<(Tunable, Vec<(usize, &'a CatanRow<'t>)>)> {
    let tuned: Vec<(usize, &CatanRow, Tunable)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Tunable::of(&r.spec.policy).map(|t| (i, r, t)))
        .collect();
    let Some(&(_, _, player)) = tuned.first() else {
        bail!("grid.policy: no row plays \"team\" or \"learned\"; allowed: a config whose rows play team, or one learned model over team (the players tune searches)");
    };
    // A player knob axis (`team.KNOB` in [grid]) would be searched over: one set of knobs.
    let team: Vec<(usize, TeamKnobs)> = tuned
        .iter()
        .filter_map(|(i, r, _)| match r.spec.policy {
            PolicySpec::Team(k) => Some((*i, k)),
            _ => None,
        })
        .collect();
    if let Some((i, _)) = team.iter().find(|(_, k)| *k != team[0].1) {
        bail!(
            "grid.team: rows {} and {i} play the team script with different knobs (a [grid] axis of team knobs); allowed: one set of team knobs ([team]), which tune searches from",
            team[0].0
        );
    }
    if let Some((i, _, other)) = tuned.iter().find(|t| t.2 != player) {
        let first = tuned[0].0;
        if other.name() == player.name() {
            bail!(
                "grid.policy: rows {first} and {i} play different learned models (a [[learned.rules]] entry, or robsim's built-in resting model at Impossible with 3 players and where Robert rests, picks another on some rows); allowed: rows that all play one model (leave those rows out, or name the model: learned:NAME)"
            );
        }
        bail!(
            "grid.policy: row {i} plays {} and row {first} plays {}; allowed: rows that all play team, or all one learned model (tune searches one player's knobs)",
            other.name(),
            player.name()
        );
    }
    Ok((player, tuned.into_iter().map(|(i, r, _)| (i, r)).collect()))
}

/// What [`tune`] found.
pub struct Tuned {
    /// The player whose knobs were searched.
    pub player: Tunable,
    pub start: TeamKnobs,
    pub tuned: TeamKnobs,
    pub trials: Vec<Trial>,
    /// Per tuned row (index into the config's rows): tuned (B) against start (A) on held-out
    /// games.
    pub held_out: Vec<CompareRow>,
}

/// The full accumulator (with its per-game log) of `row` played by `p` on games `0..games` of
/// `seed`.
fn acc(row: &CatanRow, p: PolicySpec, seed: u64, games: u64, pb: &ProgressBar) -> CatanAcc {
    run(&row.with_policy(p, seed), 0..games, pb)
}

/// Team wins of each row played by `p` on games `0..games` of `seed`.
fn wins(rows: &[&CatanRow], p: PolicySpec, seed: u64, games: u64, pb: &ProgressBar) -> u64 {
    rows.iter()
        .map(|r| acc(r, p, seed, games, pb).team_wins)
        .sum()
}

/// Games the search plays at most (for a progress bar).
pub fn planned_games(rows: usize, train: u64, test: u64, rounds: u32) -> u64 {
    let candidates: u64 = team_ranges().iter().map(|k| k.values.len() as u64).sum();
    rows as u64 * (train * (1 + rounds as u64 * candidates) + 2 * test)
}

/// Tunes the team knobs of the player of `rows` ([`tuned_rows`]) from its own: `team`'s
/// `team` (the config's table), a model's base knobs. `rounds` passes of coordinate search on
/// `train` games per row (seed [`train_seed`]), stopping early when a pass changes nothing, then
/// the tuned knobs against the start on `test` held-out games per row (seed [`test_seed`]).
/// Deterministic for a seed, whatever the thread count.
///
/// # Errors
/// As [`tuned_rows`].
pub fn tune(
    rows: &[CatanRow],
    team: TeamKnobs,
    train: u64,
    test: u64,
    rounds: u32,
    pb: &ProgressBar,
) -> Result<Tuned> {
    let (player, tuned) = tuned_rows(rows)?;
    let start = player.start(team);
    let play = |k: TeamKnobs| player.with_knobs(k);
    let refs: Vec<&CatanRow> = tuned.iter().map(|t| t.1).collect();
    let seed = rows[0].seed;
    let (train_s, test_s) = (train_seed(seed), test_seed(seed));
    let mut best = start;
    let mut best_wins = wins(&refs, play(best), train_s, train, pb);
    let n_rows = refs.len() as u64;
    let rate = |w: u64| crate::report::r5(w as f64 / (train * n_rows).max(1) as f64);
    let mut trials = vec![Trial {
        round: 0,
        knob: "start",
        value: String::new(),
        games_per_row: train,
        wins: best_wins,
        win_rate: rate(best_wins),
        wins_diff: 0,
        accepted: true,
    }];
    for round in 1..=rounds {
        let mut changed = false;
        for k in team_ranges() {
            let current = toml::Value::try_from(best)?
                .get(k.name)
                .cloned()
                .context("knob in table")?;
            for v in &k.values {
                if *v == current {
                    continue;
                }
                let cand = with_knob(&best, k.name, v)?;
                let w = wins(&refs, play(cand), train_s, train, pb);
                let accepted = w > best_wins;
                trials.push(Trial {
                    round,
                    knob: k.name,
                    value: v.to_string(),
                    games_per_row: train,
                    wins: w,
                    win_rate: rate(w),
                    wins_diff: w as i64 - best_wins as i64,
                    accepted,
                });
                if accepted {
                    best = cand;
                    best_wins = w;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let held_out = tuned
        .iter()
        .map(|&(i, r)| {
            let a = acc(r, play(start), test_s, test, pb);
            let b = acc(r, play(best), test_s, test, pb);
            let mut st = PairStats::default();
            st.add_logs(&a.log, &b.log);
            let pair = Pair {
                a: i,
                b: i,
                knob: "team",
                value_a: "start".into(),
                value_b: "tuned".into(),
            };
            compare_row(&pair, &st, true)
        })
        .collect();
    Ok(Tuned {
        player,
        start,
        tuned: best,
        trials,
        held_out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_names_a_knob_and_holds_its_default() {
        let d = TeamKnobs::default();
        let table = toml::Value::try_from(d).unwrap();
        for k in team_ranges() {
            let def = table.get(k.name).unwrap_or_else(|| panic!("{}", k.name));
            assert!(
                k.values.contains(def),
                "{}: default {def} not on its grid",
                k.name
            );
            for v in &k.values {
                with_knob(&d, k.name, v).unwrap();
            }
        }
        assert!(with_knob(&d, "colour", &toml::Value::Integer(1)).is_err());
    }
}
