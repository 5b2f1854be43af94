//! The lines of a Carcassonne sweep's tables: summary.csv's column groups, seats.csv, paired.

use serde::Serialize;

/// `summary.csv` of a Carcassonne sweep, common to every row (see [`crate::report::columns`]).
#[derive(Serialize)]
pub struct CarcCommon<'a> {
    pub row: usize,
    /// The row's settings, hashed ([`crate::report::settings_key`]): the same in any run.
    pub settings_key: String,
    pub variant: &'static str,
    pub players: u8,
    /// The player (the grid's `policy`), as Catan's summary names it.
    pub player: String,
    /// The row's level, as table.csv's `level`: `with The Robbers` or `without The Robbers`.
    pub level: &'static str,
    /// The tile set (every game's summary calls the board's source `map`).
    pub map: &'a str,
    pub robbers: bool,
    pub seed: u64,
    pub games: u64,
    /// Games some seat won: every game (a tie is a win of every tied seat), as a competitive
    /// Catan row counts them.
    pub wins: u64,
    /// Games stopped at a turn cap: none (a game ends when the tiles run out).
    pub capouts: u64,
    /// True when Ctrl-C cut this row short (`games` says how many it has).
    pub partial: bool,
    pub tied_games_share: f64,
    pub points_per_game: f64,
    pub road_points_per_game: f64,
    pub city_points_per_game: f64,
    pub farm_points_per_game: f64,
    pub cloister_points_per_game: f64,
    pub turns_mean: Option<f64>,
    pub turns_median: Option<u32>,
    pub turns_p10: Option<u32>,
    pub turns_p90: Option<u32>,
    pub discards_per_game: f64,
}

/// One seat's `summary.csv` columns (`win_rate_seat` is renamed `win_rate_seat1`...).
#[derive(Serialize)]
pub struct CarcSeat {
    pub win_rate_seat: f64,
    pub win_rate_lo95_seat: f64,
    pub win_rate_hi95_seat: f64,
    pub score_mean_seat: Option<f64>,
}

/// Rows with The Robbers.
#[derive(Serialize)]
pub struct CarcRobbers {
    pub robber_placement: &'static str,
    pub robber_final_points: u8,
    pub robber_share: &'static str,
    pub robbers_per_player: u8,
    pub rogue_beside: &'static str,
    pub unplaceable_robber_tile: &'static str,
    pub robber_tiles: usize,
    pub robber_point_share: f64,
    pub robbery_points_per_game: f64,
    pub robbery_points_per_game_lo95: f64,
    pub robbery_points_per_game_hi95: f64,
    pub robberies_per_game: f64,
    pub rogue_per_game: f64,
    pub robber_placements_per_game: f64,
    pub robber_moves_per_game: f64,
    pub robber_declines_per_game: f64,
    pub robber_final_points_per_game: f64,
}

/// `seats.csv` of a Carcassonne sweep: per configuration and seat.
#[derive(Serialize)]
pub struct CarcSeatRow {
    pub row: usize,
    pub seat: usize,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_lo95: f64,
    pub win_rate_hi95: f64,
    pub sole_wins: u64,
    pub score_mean: Option<f64>,
    pub score_median: Option<u32>,
    pub score_p10: Option<u32>,
    pub score_p90: Option<u32>,
    pub robbed_from_per_game: Option<f64>,
    pub robbery_points_per_game: Option<f64>,
}

/// `carcassonne_paired.csv`: robbers rows against the same games without the expansion.
#[derive(Serialize)]
pub struct CarcPairedRow {
    pub row: usize,
    pub seat: usize,
    pub games: u64,
    pub score_mean_with: f64,
    pub score_mean_without: f64,
    pub score_diff_mean: f64,
    pub score_diff_lo95: f64,
    pub score_diff_hi95: f64,
    pub win_rate_with: f64,
    pub win_rate_without: f64,
    pub won_with_only: u64,
    pub won_without_only: u64,
}
