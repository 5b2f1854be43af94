//! The luck report's tables every game writes alike: luck.csv lines, seats.csv and pairs.csv.
//!
//! Whatever a game's "board" is (a layout, an order of tiles), a rung of a row has per-board
//! counts, a spread, paired comparisons with the other rungs and, in competitive rows,
//! a win count per seat: these are written here in one column set, so that a luck report of any
//! game loads with the same code.

use crate::engine::stats::{wilson, PairedBinary};
use crate::report::compare::{p4, LEVEL};
use crate::report::luck::{paired, skill_spread, SkillSpread, Spread, WinBits};
use crate::report::{r3, r5, ReportDir};
use anyhow::Result;
use serde::Serialize;

/// One line of `luck.csv`: a row played by one rung.
#[derive(Serialize)]
struct LuckLine<'a> {
    row: usize,
    /// The rung's settings as a sweep's row of the same rules and player hashes them.
    settings_key: &'a str,
    row_label: &'a str,
    variant: &'static str,
    players: u8,
    difficulty: &'a str,
    board: &'static str,
    map: &'a str,
    /// The player of this rung, as summary.csv's `player`.
    #[serde(rename = "player")]
    rung: &'a str,
    /// What counts as a win: `team` (co-op) or `seat1` (competitive: the first player's; with a
    /// lineup, its lead seat's, `seatK`).
    outcome: &'a str,
    boards: usize,
    games_per_board: u64,
    games: u64,
    wins: u64,
    capouts: u64,
    win_rate: f64,
    win_rate_lo95: f64,
    win_rate_hi95: f64,
    design_effect: f64,
    span: f64,
    trimmed_span: f64,
    boards_under_5pct: f64,
    boards_over_95pct: f64,
    board_sd: Option<f64>,
    board_share: Option<f64>,
    board_share_lo95: Option<f64>,
    board_share_hi95: Option<f64>,
    board_share_split: Option<f64>,
    skill_vs: Option<&'a str>,
    skill_games: Option<u64>,
    skill_decided_share: Option<f64>,
    skill_reversed_share: Option<f64>,
    skill_mcnemar_p: Option<f64>,
    skill_spread_vs: Option<&'a str>,
    skill_spread_logit: Option<f64>,
    skill_spread_lo95: Option<f64>,
    skill_spread_hi95: Option<f64>,
    skill_spread_censored: Option<bool>,
}

/// One line of `pairs.csv`: two rungs of a row on the games both played.
#[derive(Serialize)]
struct PairLine<'a> {
    row: usize,
    row_label: &'a str,
    #[serde(rename = "player_a")]
    rung_a: &'a str,
    #[serde(rename = "player_b")]
    rung_b: &'a str,
    /// Each side's settings key, as luck.csv's.
    settings_key_a: &'a str,
    settings_key_b: &'a str,
    boards: u64,
    games: u64,
    win_rate_a: f64,
    win_rate_b: f64,
    win_rate_diff: f64,
    win_rate_diff_lo95: f64,
    win_rate_diff_hi95: f64,
    /// Games B won and A lost (decided by B's skill), and the reverse, over the games.
    skill_decided_share: f64,
    skill_reversed_share: f64,
    mcnemar_test: &'static str,
    mcnemar_p: f64,
    skill_spread_logit: Option<f64>,
    skill_spread_lo95: Option<f64>,
    skill_spread_hi95: Option<f64>,
    skill_spread_censored: Option<bool>,
}

/// One line of `seats.csv`: a seat of a competitive row under one rung.
#[derive(Serialize)]
struct SeatLine<'a> {
    row: usize,
    /// The rung's settings key, as luck.csv's.
    settings_key: &'a str,
    row_label: &'a str,
    #[serde(rename = "player")]
    rung: &'a str,
    seat: usize,
    games: u64,
    wins: u64,
    win_rate: f64,
    win_rate_lo95: f64,
    win_rate_hi95: f64,
    /// 1 / players: a seat's share if seats were equal.
    fair_share: f64,
    advantage: f64,
    advantage_lo95: f64,
    advantage_hi95: f64,
}

fn opt5(x: Option<f64>) -> Option<f64> {
    x.map(r5)
}

/// What names one rung of one row in `luck.csv`.
pub struct RungTag<'a> {
    pub row: usize,
    /// [`crate::report::settings_key`] of the rung's row: a sweep of the same rules and player
    /// has the same key.
    pub settings_key: &'a str,
    pub row_label: &'a str,
    pub variant: &'static str,
    pub players: u8,
    /// Empty where the game has none.
    pub difficulty: &'a str,
    /// The kind of board (`random`, `fixed`, `tile-order`...) and its map (or tile set), as
    /// the game names them.
    pub board: &'static str,
    pub map: &'a str,
    pub rung: &'a str,
    /// `team`, `seat1` or a lineup's `seatK`.
    pub outcome: &'a str,
    pub games_per_board: u64,
    pub capouts: u64,
}

/// A rung's skill columns: the rung before it with their paired table, and the first rung with
/// the skill spread over it (both absent for the first rung and for rows without pairs).
#[derive(Clone, Copy, Default)]
pub struct Skill<'a> {
    pub vs_prev: Option<(&'a str, &'a PairedBinary)>,
    pub vs_first: Option<(&'a str, SkillSpread)>,
}

/// Appends one line to `luck.csv`.
///
/// # Errors
/// The line cannot be serialised.
pub fn luck_line(out: &mut ReportDir, tag: &RungTag, s: &Spread, skill: Skill) -> Result<()> {
    let vs = skill.vs_prev;
    let first = skill.vs_first;
    // A game without difficulty levels, a config of one player: these mean nothing there.
    out.optional_columns(
        "luck.csv",
        &[
            "difficulty",
            "skill_vs",
            "skill_games",
            "skill_decided_share",
            "skill_reversed_share",
            "skill_mcnemar_p",
            "skill_spread_vs",
            "skill_spread_logit",
            "skill_spread_lo95",
            "skill_spread_hi95",
            "skill_spread_censored",
        ],
    );
    out.row(
        "luck.csv",
        &LuckLine {
            row: tag.row,
            settings_key: tag.settings_key,
            row_label: tag.row_label,
            variant: tag.variant,
            players: tag.players,
            difficulty: tag.difficulty,
            board: tag.board,
            map: tag.map,
            rung: tag.rung,
            outcome: tag.outcome,
            boards: s.boards,
            games_per_board: tag.games_per_board,
            games: s.games,
            wins: s.wins,
            capouts: tag.capouts,
            win_rate: r5(s.win_rate),
            win_rate_lo95: r5(s.lo95),
            win_rate_hi95: r5(s.hi95),
            design_effect: r3(s.design_effect),
            span: r5(s.span),
            trimmed_span: r5(s.trimmed_span),
            boards_under_5pct: r5(s.under5),
            boards_over_95pct: r5(s.over95),
            board_sd: opt5(s.board_sd),
            board_share: opt5(s.share),
            board_share_lo95: opt5(s.share_lo95),
            board_share_hi95: opt5(s.share_hi95),
            board_share_split: opt5(s.share_split),
            skill_vs: vs.map(|v| v.0),
            skill_games: vs.map(|v| v.1.n()),
            skill_decided_share: vs.map(|(_, t)| r5(t.only_b as f64 / t.n().max(1) as f64)),
            skill_reversed_share: vs.map(|(_, t)| r5(t.only_a as f64 / t.n().max(1) as f64)),
            skill_mcnemar_p: vs.map(|(_, t)| p4(t.mcnemar().1)),
            skill_spread_vs: first.map(|f| f.0),
            skill_spread_logit: first.map(|(_, x)| r3(x.logit_diff)),
            skill_spread_lo95: first.map(|(_, x)| r3(x.lo95)),
            skill_spread_hi95: first.map(|(_, x)| r3(x.hi95)),
            skill_spread_censored: first.map(|(_, x)| x.censored),
        },
    )
}

/// Appends a competitive rung's seats to `seats.csv`: `seat_wins[k]` of `games` won by seat
/// `k + 1` (a game shared by tied winners counts for each of them).
///
/// # Errors
/// A line cannot be serialised.
pub fn seat_lines(out: &mut ReportDir, tag: &RungTag, games: u64, seat_wins: &[u64]) -> Result<()> {
    let n = tag.players as usize;
    let fair = 1.0 / n as f64;
    for (seat, &wins) in seat_wins.iter().enumerate().take(n) {
        let (lo, hi) = wilson(wins, games);
        let rate = wins as f64 / games.max(1) as f64;
        out.row(
            "seats.csv",
            &SeatLine {
                row: tag.row,
                settings_key: tag.settings_key,
                row_label: tag.row_label,
                rung: tag.rung,
                seat: seat + 1,
                games,
                wins,
                win_rate: r5(rate),
                win_rate_lo95: r5(lo),
                win_rate_hi95: r5(hi),
                fair_share: r5(fair),
                advantage: r5(rate - fair),
                advantage_lo95: r5(lo - fair),
                advantage_hi95: r5(hi - fair),
            },
        )?;
    }
    Ok(())
}

/// Appends every two rungs of one row (`rungs`: name, settings key and win bits, weakest
/// first) to `pairs.csv`, over the games both played.
///
/// # Errors
/// A line cannot be serialised.
pub fn pair_lines(
    out: &mut ReportDir,
    row: usize,
    row_label: &str,
    rungs: &[(&str, &str, WinBits)],
) -> Result<()> {
    for (a, (name_a, key_a, wa)) in rungs.iter().enumerate() {
        for (name_b, key_b, wb) in &rungs[a + 1..] {
            // B first, so `only_a` counts B's wins alone and the difference is B − A.
            let t = paired(wb, wa);
            let n = t.n().max(1) as f64;
            let (lo, hi) = t.newcombe_interval(LEVEL);
            let (test, p) = t.mcnemar();
            let sp = skill_spread(wa, wb);
            out.row(
                "pairs.csv",
                &PairLine {
                    row,
                    row_label,
                    rung_a: name_a,
                    rung_b: name_b,
                    settings_key_a: key_a,
                    settings_key_b: key_b,
                    boards: wa.boards.min(wb.boards),
                    games: t.n(),
                    win_rate_a: r5((t.both + t.only_b) as f64 / n),
                    win_rate_b: r5((t.both + t.only_a) as f64 / n),
                    win_rate_diff: r5(t.diff()),
                    win_rate_diff_lo95: r5(lo),
                    win_rate_diff_hi95: r5(hi),
                    skill_decided_share: r5(t.only_a as f64 / n),
                    skill_reversed_share: r5(t.only_b as f64 / n),
                    mcnemar_test: test.name(),
                    mcnemar_p: p4(p),
                    skill_spread_logit: sp.map(|x| r3(x.logit_diff)),
                    skill_spread_lo95: sp.map(|x| r3(x.lo95)),
                    skill_spread_hi95: sp.map(|x| r3(x.hi95)),
                    skill_spread_censored: sp.map(|x| x.censored),
                },
            )?;
        }
    }
    Ok(())
}

/// Short row labels from each row's settings (`Tables::settings` of its first rung): the
/// players (and difficulty) always, then the settings that vary between rows, leaving out the
/// policy (the rungs are the policies) and the settings only some rows have (a variant's own
/// options, which the variant's name implies), e.g. "3 players, moderate" or "4 players,
/// vp_to_win 13, fixed board".
pub fn row_labels(settings: &[Vec<(&'static str, String)>]) -> Vec<String> {
    let n = settings.first().map_or(0, Vec::len);
    let shown: Vec<usize> = (0..n)
        .filter(|&k| {
            let key = settings[0][k].0;
            key != "player"
                && settings.iter().all(|s| s[k].1 != "-")
                && (["players", "difficulty"].contains(&key)
                    || settings.iter().any(|s| s[k].1 != settings[0][k].1))
        })
        .collect();
    labels_of(settings, &shown)
}

/// Labels from each row's settings, showing the settings `shown` (indices), each as the
/// luck and calibrate tables say it: `3 players`, `moderate`, `fixed board`, `vp_to_win 13`.
pub fn labels_of(settings: &[Vec<(&'static str, String)>], shown: &[usize]) -> Vec<String> {
    settings
        .iter()
        .map(|s| {
            let parts: Vec<String> = shown
                .iter()
                .map(|&k| match s[k].0 {
                    "variant" | "difficulty" => s[k].1.clone(),
                    "players" => format!("{} players", s[k].1),
                    "board" => format!("{} board", s[k].1),
                    key => format!("{key} {}", s[k].1),
                })
                .collect();
            parts.join(", ")
        })
        .collect()
}
