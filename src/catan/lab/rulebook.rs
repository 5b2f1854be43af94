//! A Catan row's cell of the rulebook page: win rate, rounds, and who stands for which table.
//!
//! Robert rows give the team's win by difficulty, Solitaire rows the player's win by modifiers,
//! the competitive games (base, Raiders) seat 1's win (a lineup's lead seat's) over every game,
//! so that a playtester can read whether the first player is favoured; every cell also gives
//! the median game length in rounds.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::knobs::{difficulty_label, difficulty_name};
use crate::catan::policy::PolicySpec;
use crate::catan::{Rules, Variant};
use crate::engine::stats::{Hist, Rounds};
use crate::report::rulebook::{Cell, Role};

/// The median game length in rounds (nearest rank, as summary.csv's `turns_median`): since
/// [`rounds`] never decreases as the turns grow, it is the rounds of the median player-turns.
pub fn rounds_median(turns: &Hist, players: u8) -> Option<u32> {
    Rounds::of(turns, players).rounds_median
}

/// Which player stands for which kind of table (the page's one line).
pub const NOTE: &str = "Which player stands for which table is a range, never a measured human figure: the scripted team plays like a casual table that follows simple rules, the learned player like a practised table, and the best play found (a search player) is an upper bound that no table is known to reach.";

/// What kind of table the player `p` stands for, as a range (`coop`: a co-operative game).
fn stands_for(p: &PolicySpec, coop: bool) -> &'static str {
    match p {
        PolicySpec::Random => "random legal moves: a floor, below any table",
        PolicySpec::Weighted => "random moves weighted toward building: a floor",
        PolicySpec::Greedy(_) if coop => {
            "each player for themselves: a table that ignores the team"
        }
        PolicySpec::Greedy(_) => "a simple selfish script: a casual table",
        PolicySpec::Team(_) => "the scripted team: a casual table that follows simple rules",
        PolicySpec::TeamTuned(_) => {
            "the scripted team with tuned knobs: a casual table that follows simple rules well"
        }
        PolicySpec::Solitaire(_) => "the scripted player: a casual player who follows simple rules",
        PolicySpec::Learned { .. } => "the learned player: a practised table",
        PolicySpec::Rollout { .. } => "best play found: an upper bound, not a table of people",
    }
}

/// The setting a row's level is, its value as summary.csv and table.csv write it (`level`),
/// its words in a table and the rows' order: Robert's difficulty, Solitaire's modifiers; no
/// level (empty) in base Catan and Raiders.
pub fn level(rules: &Rules) -> (&'static str, String, String, u32) {
    match rules.variant {
        Variant::Robert(r) => {
            let c = r.start_cards;
            let cards = format!("{c} card{}", if c == 1 { "" } else { "s" });
            let words = match difficulty_name(c) {
                Some(name) => format!("{name} ({cards})"),
                None => cards,
            };
            ("difficulty", difficulty_label(c), words, u32::from(c))
        }
        Variant::Solitaire(_) => {
            let m = rules.modifiers.name().to_string();
            ("modifiers", m.clone(), m, u32::from(rules.modifiers.0))
        }
        _ => ("", String::new(), "every game".to_string(), 0),
    }
}

/// The row's cell.
pub fn cell(row: &CatanRow, acc: &CatanAcc) -> Option<Cell> {
    let spec = &row.spec;
    let rules = spec.rules;
    let players = rules.players;
    let coop = rules.variant.team_outcome();
    let (level_key, level, level_words, level_order) = level(&rules);
    let (measure, wins) = match (coop, spec.lead()) {
        (true, _) if matches!(rules.variant, Variant::Robert(_)) => ("team win", acc.team_wins),
        (true, _) => ("win", acc.team_wins),
        (false, Some(lead)) => ("lead seat win", acc.seat_wins[lead]),
        (false, None) => ("seat 1 win", acc.seat_wins[0]),
    };
    let stands_for = match spec.lineup {
        Some(_) if coop => "a mixed table: each seat plays the player listed for it".to_string(),
        Some(_) => format!(
            "{} in the lead seat among the others listed",
            stands_for(&spec.policy, coop)
        ),
        None => stands_for(&spec.policy, coop).to_string(),
    };
    Some(Cell {
        player: spec.policy_label(),
        model: spec.model.map(|m| m.file.to_string()).unwrap_or_default(),
        stands_for,
        level_key,
        level,
        level_words,
        level_order,
        players,
        measure,
        wins,
        games: acc.games,
        rounds_median: rounds_median(&acc.turns, players),
        // A co-operative game's won and lost games apart; a competitive one's pooled.
        rounds_won: coop.then(|| p50_p90(&acc.shape.rounds_win)),
        rounds_lost: coop.then(|| p50_p90(&acc.shape.rounds_loss)),
        rules: crate::catan::knobs::rules_used(&rules),
        role: match (&spec.policy, spec.lineup) {
            (_, Some(_)) => Role::Other,
            (PolicySpec::Team(_) | PolicySpec::Solitaire(_), None) => Role::Script,
            (PolicySpec::Learned { .. }, None) => Role::Practised,
            _ => Role::Other,
        },
        outside: spec
            .model
            .filter(|m| m.outside != 0)
            .map(|m| m.outside_text(&rules))
            .unwrap_or_default(),
        // The reason in short (the cell shows the win rate): summary.csv's
        // certain_round_why has it in full.
        decided: coop.then(|| match acc.shape.certain_round_why() {
            (Some(r), _) => format!("from round {r}"),
            (None, why) => why.split(':').next().unwrap_or("").to_string(),
        }),
    })
}

/// A histogram's median and 90th percentile (nearest rank).
fn p50_p90(h: &Hist) -> (Option<u32>, Option<u32>) {
    (h.quantile(0.5), h.quantile(0.9))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::stats::rounds;

    /// A round is every player's turn, the last one counted while under way; the median's
    /// rounds are the median of the games' rounds.
    #[test]
    fn rounds_count_the_round_under_way() {
        assert_eq!(rounds(8, 4), 2);
        assert_eq!(rounds(9, 4), 3);
        assert_eq!(rounds(7, 1), 7);
        let mut h = Hist::default();
        for t in [5, 9, 12, 13, 40] {
            h.add(t);
        }
        let mut by_game: Vec<u32> = [5, 9, 12, 13, 40].map(|t| rounds(t, 4)).to_vec();
        by_game.sort_unstable();
        assert_eq!(rounds_median(&h, 4), Some(by_game[2]));
        assert_eq!(rounds_median(&Hist::default(), 4), None);
    }
}
