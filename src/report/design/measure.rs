//! The measures of a game's shape a design may bound, by name.

/// A measure of a cell's games that a design may bound (`[[design.target]] measure`), named as
/// summary.csv names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The rounds of a won (`won`) or lost game: the median, or the 90th percentile.
    Rounds { won: bool, p90: bool },
    /// Games the team was stuck in (stalled or conceded), of all games.
    StuckShare,
    /// Games that reached the turn cap undecided, of all games.
    CappedShare,
    /// The round from which 90% of the games still running end as they will (summary.csv's
    /// `certain_round`; a row never in doubt counts round 1, one never certain the round after
    /// its last): its distance taken as a share of the bound.
    CertainRound,
    /// The wins the game counts as close (`Tables::close_wins`), of the wins.
    CloseWinShare,
}

impl Measure {
    /// Every measure's name, for an error.
    pub const NAMES: [&'static str; 8] = [
        "rounds_win_median",
        "rounds_win_p90",
        "rounds_loss_median",
        "rounds_loss_p90",
        "stuck_share",
        "capped_share",
        "certain_round",
        "close_win_share",
    ];

    pub fn parse(name: &str) -> Option<Measure> {
        Some(match name {
            "rounds_win_median" => Measure::Rounds {
                won: true,
                p90: false,
            },
            "rounds_win_p90" => Measure::Rounds {
                won: true,
                p90: true,
            },
            "rounds_loss_median" => Measure::Rounds {
                won: false,
                p90: false,
            },
            "rounds_loss_p90" => Measure::Rounds {
                won: false,
                p90: true,
            },
            "stuck_share" => Measure::StuckShare,
            "capped_share" => Measure::CappedShare,
            "certain_round" => Measure::CertainRound,
            "close_win_share" => Measure::CloseWinShare,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Measure::Rounds {
                won: true,
                p90: false,
            } => "rounds_win_median",
            Measure::Rounds {
                won: true,
                p90: true,
            } => "rounds_win_p90",
            Measure::Rounds {
                won: false,
                p90: false,
            } => "rounds_loss_median",
            Measure::Rounds {
                won: false,
                p90: true,
            } => "rounds_loss_p90",
            Measure::StuckShare => "stuck_share",
            Measure::CappedShare => "capped_share",
            Measure::CertainRound => "certain_round",
            Measure::CloseWinShare => "close_win_share",
        }
    }

    /// The measure in words (`the rounds of a won game, 90th percentile`).
    pub fn words(self) -> &'static str {
        match self {
            Measure::Rounds {
                won: true,
                p90: false,
            } => "the rounds of a won game (median)",
            Measure::Rounds {
                won: true,
                p90: true,
            } => "the rounds of a won game (90th percentile)",
            Measure::Rounds {
                won: false,
                p90: false,
            } => "the rounds of a lost game (median)",
            Measure::Rounds {
                won: false,
                p90: true,
            } => "the rounds of a lost game (90th percentile)",
            Measure::StuckShare => "the share of games the team was stuck in (stalled or conceded)",
            Measure::CappedShare => "the share of games that reached the turn cap",
            Measure::CertainRound => {
                "the round from which nine in ten games still running end as they will"
            }
            Measure::CloseWinShare => "the share of wins that came close (the game says how)",
        }
    }

    /// Whether it is a share of the games (else rounds).
    pub fn is_share(self) -> bool {
        !matches!(self, Measure::Rounds { .. } | Measure::CertainRound)
    }
}
