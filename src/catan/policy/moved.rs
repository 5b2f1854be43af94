//! The player knobs a policy plays away from the defaults its name stands for (`player_knobs`).
//!
//! A row's `policy` names a player (`team`, `rollout-16:learned/setup`); the knob tables of a
//! config (`[team]`, `[greedy]`, `[solitaire]`, `[rollout]`, `[team_tuned]`, and the `[grid]`
//! axes of their knobs) can move that player away from what the name alone plays. Those moved
//! knobs are the row's `player_knobs`: summary.csv's column, a setting that `compare.csv` pairs
//! rows on, and the terminal's. A learned player's own knobs are its model's (the `model`
//! column says which).

use super::candidates::BaseName;
use super::rollout::SearchMode;
use super::{GreedyKnobs, PolicySpec, RolloutKnobs, SolitaireKnobs, TeamKnobs};
use crate::catan::Variant;
use serde::Serialize;

/// The published team-tuned knobs (`configs/models/team-tuned.toml`), built into the binary:
/// what `team-tuned` plays without a `[team_tuned]` table, and the defaults its moved knobs are
/// measured from.
pub const BUILTIN_TEAM_TUNED: &str = include_str!("../../../configs/models/team-tuned.toml");

/// The built-in team-tuned knobs, parsed.
pub fn builtin_team_tuned() -> TeamKnobs {
    #[derive(serde::Deserialize)]
    struct File {
        team_tuned: TeamKnobs,
    }
    toml::from_str::<File>(BUILTIN_TEAM_TUNED)
        .expect("the built-in team-tuned knobs parse")
        .team_tuned
}

/// The knob tables a config can hold for the players, in the order a row's knobs are listed.
pub const TABLES: [&str; 5] = ["greedy", "team", "team_tuned", "solitaire", "rollout"];

/// The players that read each knob table, for error messages.
pub fn readers(table: &str) -> &'static str {
    match table {
        "greedy" => "greedy",
        "team" => "team, or a search over team (rollout-N:team; rollout-N in robert)",
        "team_tuned" => "team-tuned",
        "solitaire" => "solitaire",
        _ => "rollout-N, halving-N (any base)",
    }
}

/// Whether `p` (a row's player in `variant`) reads the knob table `table` (one of [`TABLES`]).
pub fn reads(p: &PolicySpec, table: &str, variant: &Variant) -> bool {
    match (p, table) {
        (PolicySpec::Greedy(_), "greedy") => true,
        (PolicySpec::Team(_), "team") => true,
        (PolicySpec::TeamTuned(_), "team_tuned") => true,
        (PolicySpec::Solitaire(_), "solitaire") => true,
        (PolicySpec::Rollout { .. }, "rollout") => true,
        (PolicySpec::Rollout { knobs, .. }, "team") => matches!(
            (knobs.base, variant),
            (BaseName::Team, _) | (BaseName::Auto, Variant::Robert(_))
        ),
        _ => false,
    }
}

/// The knobs of `p` in `variant` that differ from the defaults its name stands for, as
/// (`table.knob`, value) in [`TABLES`] order and each table's keys in name order: `team`
/// against the team script's defaults, `team-tuned` against the published tuned knobs, a search
/// player against the defaults of its label (its budget, base, horizon, `+open` and `/setup`
/// are in the label already) and, where its base is the team script, the team's knobs too.
pub fn moved(p: &PolicySpec, variant: &Variant) -> Vec<(String, String)> {
    let mut out = Vec::new();
    match *p {
        PolicySpec::Greedy(k) => diff("greedy", &k, &GreedyKnobs::default(), &mut out),
        PolicySpec::Team(k) => diff("team", &k, &TeamKnobs::default(), &mut out),
        PolicySpec::TeamTuned(k) => diff("team_tuned", &k, &builtin_team_tuned(), &mut out),
        PolicySpec::Solitaire(k) => diff("solitaire", &k, &SolitaireKnobs::default(), &mut out),
        PolicySpec::Rollout { knobs, team, .. } => {
            if reads(p, "team", variant) {
                diff("team", &team, &TeamKnobs::default(), &mut out);
            }
            diff("rollout", &knobs, &label_defaults(&knobs), &mut out);
        }
        PolicySpec::Random | PolicySpec::Weighted | PolicySpec::Learned { .. } => {}
    }
    out
}

/// The search knobs a label alone plays (`rollout-16:team@40/setup`): the defaults with the
/// label's mode, budget, base, horizon, open hands and set-up focus.
fn label_defaults(k: &RolloutKnobs) -> RolloutKnobs {
    let mut d = RolloutKnobs {
        search: k.search,
        base: k.base,
        open_hands: k.open_hands,
        horizon: k.horizon,
        ..RolloutKnobs::default()
    };
    match k.search {
        SearchMode::Race => d.rollouts = k.rollouts,
        SearchMode::Halving => d.simulations = k.simulations,
    }
    if k.is_setup_only() {
        d = d.setup_only();
    }
    d
}

/// Adds the keys of `knobs` whose value differs from `defaults` to `out` as (`table.key`,
/// value).
fn diff<T: Serialize>(table: &str, knobs: &T, defaults: &T, out: &mut Vec<(String, String)>) {
    let as_table = |k: &T| toml::Table::try_from(k).expect("knob tables serialise");
    let (k, d) = (as_table(knobs), as_table(defaults));
    let mut keys: Vec<&String> = k.keys().chain(d.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        match (k.get(key), d.get(key)) {
            (Some(a), b) if Some(a) != b => out.push((format!("{table}.{key}"), show(a))),
            _ => {}
        }
    }
}

/// A knob's value as a person reads it: a float knob (`f32`) without the binary tail of its
/// widening to `f64` (`0.1`, `3`), any other value as TOML writes it.
fn show(v: &toml::Value) -> String {
    match v {
        toml::Value::Float(x) if (*x as f32) as f64 == *x => format!("{}", *x as f32),
        toml::Value::Float(x) => format!("{x}"),
        v => crate::tomltext::show(v),
    }
}

/// The moved knobs as one cell: `team.setup_temperature 3; team.soldier_min_pips 10` (empty
/// when none is moved).
pub fn text(moved: &[(String, String)]) -> String {
    moved
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catan::policy::Knobs;
    use crate::catan::RobertRules;

    fn robert() -> Variant {
        Variant::Robert(RobertRules::default())
    }

    /// A player at its name's defaults moves nothing; each knob moved away is named with its
    /// table and value, floats as written.
    #[test]
    fn only_the_knobs_away_from_the_names_defaults() {
        let k = Knobs {
            team_tuned: Some(builtin_team_tuned()),
            ..Knobs::default()
        };
        for name in [
            "team",
            "team-tuned",
            "greedy",
            "random",
            "rollout-8:team/setup",
        ] {
            let p = PolicySpec::parse(name, &k).unwrap();
            assert_eq!(moved(&p, &robert()), vec![], "{name}");
        }
        let k = Knobs {
            team: TeamKnobs {
                setup_temperature: 0.1,
                soldier_min_pips: 10,
                ..TeamKnobs::default()
            },
            rollout: RolloutKnobs {
                min_z: 1.5,
                ..RolloutKnobs::default()
            },
            ..k
        };
        let team = PolicySpec::parse("team", &k).unwrap();
        assert_eq!(
            text(&moved(&team, &robert())),
            "team.setup_temperature 0.1; team.soldier_min_pips 10"
        );
        // A search over team reads both tables; over greedy only its own.
        let search = PolicySpec::parse("rollout-4", &k).unwrap();
        assert_eq!(
            text(&moved(&search, &robert())),
            "team.setup_temperature 0.1; team.soldier_min_pips 10; rollout.min_z 1.5"
        );
        let over_greedy = PolicySpec::parse("rollout-4:greedy", &k).unwrap();
        assert_eq!(text(&moved(&over_greedy, &robert())), "rollout.min_z 1.5");
        assert!(!reads(&over_greedy, "team", &robert()));
        assert!(reads(&search, "team", &robert()));
        assert!(!reads(&search, "team", &Variant::Base));
    }
}
