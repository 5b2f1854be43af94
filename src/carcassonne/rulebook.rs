//! A Carcassonne row's cell of the rulebook page: seat 1's win with and without The Robbers.
//!
//! Carcassonne has no team win; a playtester's questions are whether the first player (or the
//! stronger one of a lineup) is favoured, and how long a game lasts, so a cell gives seat 1's
//! win rate (ties count as a win for every tied leader, as in `seats.csv`) and the median game
//! length in rounds (a tile per player a round).

use crate::carcassonne::players::CarcPolicySpec;
use crate::engine::stats::{Hist, Rounds};
use crate::report::rulebook::{Cell, Role, Rule};

/// Which player stands for which kind of table (the page's one line).
pub const NOTE: &str = "Which player stands for which table is a range, never a measured human figure: greedy plays like a casual table that scores what it sees, a search seat (rollout-N) like a stronger player, and random is a floor.";

/// What kind of table the player `p` stands for, as a range.
fn stands_for(p: CarcPolicySpec) -> &'static str {
    match p {
        CarcPolicySpec::Random => "random placements: a floor, below any table",
        CarcPolicySpec::Greedy => "a simple scoring script: a casual table",
        CarcPolicySpec::Rollout(_) => "a search over greedy: a stronger player",
    }
}

/// What a row tells its cell (the experiment's row and accumulator, as plain data).
pub struct Row<'a> {
    /// The policy column and the (lead's) policy.
    pub label: String,
    pub policy: CarcPolicySpec,
    /// A lineup's lead seat (0-based).
    pub lead: Option<usize>,
    pub players: u8,
    pub robbers: bool,
    /// Games each seat won (ties included), the games, and the tiles placed per game.
    pub wins: &'a [u64],
    pub games: u64,
    pub turns: &'a Hist,
    /// Every rule knob of the row but `robbers` (the page's level).
    pub rules: Vec<Rule>,
}

/// Every rule knob of a game with `rules` but `robbers`, in the knob table's order, each
/// marked where it differs from the printed game (the 2013 rules).
pub fn rules_used(rules: &crate::carcassonne::Rules) -> Vec<Rule> {
    let printed = crate::carcassonne::Rules {
        robbers: rules.robbers,
        ..crate::carcassonne::Rules::base(rules.players)
    };
    use crate::carcassonne::knobs::{value, words, KEYS};
    KEYS.iter()
        .filter(|&&k| k != "robbers")
        .filter_map(|&key| {
            let v = value(key, rules)?;
            Some(Rule {
                key,
                value: match &v {
                    toml::Value::String(s) => s.clone(),
                    other => other.to_string(),
                },
                words: words(key, &v).unwrap_or_default(),
                off: value(key, &printed).as_ref() != Some(&v),
            })
        })
        .collect()
}

/// The row's cell.
pub fn cell(r: Row) -> Option<Cell> {
    let (measure, wins, stands_for) = match r.lead {
        Some(lead) => (
            "lead seat win",
            r.wins[lead],
            format!(
                "{} in the lead seat among the others listed",
                stands_for(r.policy)
            ),
        ),
        None => ("seat 1 win", r.wins[0], stands_for(r.policy).to_string()),
    };
    let level_words = level(r.robbers);
    Some(Cell {
        player: r.label,
        model: String::new(),
        stands_for,
        level_key: "robbers",
        // Words, not summary.csv's flag: table.csv's `level` is text in every game.
        level: level_words.into(),
        level_words: level_words.into(),
        level_order: u32::from(r.robbers),
        players: r.players,
        measure,
        wins,
        games: r.games,
        // Rounds never decrease as the tiles grow: the median game's rounds are the rounds
        // of the median tiles placed.
        rounds_median: Rounds::of(r.turns, r.players).rounds_median,
        rounds_won: None,
        rounds_lost: None,
        rules: r.rules,
        role: match (r.policy, r.lead) {
            (CarcPolicySpec::Greedy, None) => Role::Script,
            _ => Role::Other,
        },
        outside: String::new(),
        decided: None,
    })
}

/// A row's level, as table.csv's and summary.csv's `level` write it: words, not summary.csv's
/// `robbers` flag, so that `level` is text in every game.
pub fn level(robbers: bool) -> &'static str {
    if robbers {
        "with The Robbers"
    } else {
        "without The Robbers"
    }
}
