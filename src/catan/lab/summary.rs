//! Catan's `summary.csv` row as column groups.
//!
//! Catan's `summary.csv` row as column groups: the common columns, then one group per outcome kind,
//! seat, variant and modifier present.
//!
//! A report's `summary.csv` has the groups of the rows it holds (see [`crate::report::columns`]):
//! a Robert sweep has no Raiders columns, a base-game sweep no win-rate interval of a team. The
//! ranks below fix the column order; docs/reference/columns.md lists each group.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::knobs::difficulty_label;
use crate::catan::*;
use crate::engine::stats::wilson;
use crate::report::columns::{Group, LeadSeat};
use crate::report::{r3, r5};
use anyhow::Result;
use serde::Serialize;

/// Column-group ranks: the order of the groups in `summary.csv`.
mod rank {
    pub const WHO: u16 = 0;
    pub const LEVEL: u16 = 1;
    pub const COMMON: u16 = 2;
    pub const MODEL: u16 = 3;
    pub const MODEL_OUTSIDE: u16 = 4;
    pub const PLAYER_KNOBS: u16 = 5;
    pub const RULE_SET: u16 = 6;
    pub const TEAM: u16 = 10;
    pub const CONCEDED: u16 = 11;
    pub const TEAM_RATE: u16 = 12;
    pub const PRECISION: u16 = 13;
    pub const ROUNDS: u16 = 14;
    pub const SHAPE: u16 = 15;
    pub const LINEUP: u16 = 16;
    /// Seat `k` (0-based) of a competitive row is `SEAT + k`.
    pub const SEAT: u16 = 20;
    pub const ROBERT: u16 = 30;
    pub const ROBERT_SHAPE: u16 = 31;
    pub const DECIDED: u16 = 32;
    pub const SOLITAIRE: u16 = 40;
    pub const VOLCANO: u16 = 50;
    pub const GOLD: u16 = 51;
    pub const TECH: u16 = 52;
    pub const RAIDERS: u16 = 60;
}

/// Every row: which row, game and player.
#[derive(Serialize)]
struct Who {
    row: usize,
    /// The row's settings, hashed ([`crate::report::settings_key`]): the same in any run.
    settings_key: String,
    variant: &'static str,
    players: u8,
    /// The player in every seat (the grid's `policy`), or a lineup's from the lead seat on.
    player: String,
}

/// Rows of a game with levels: the row's, as table.csv's `level` (Robert's difficulty,
/// Solitaire's modifiers); not written for base Catan and Raiders, which have none.
#[derive(Serialize)]
struct Level {
    level: String,
}

/// Every row: its settings, games and lengths.
#[derive(Serialize)]
struct Common<'a> {
    board: &'static str,
    map: &'a str,
    modifiers: &'static str,
    vp_to_win: u8,
    /// A seven halves hands of more than this many cards.
    hand_limit: u8,
    turn_cap: u32,
    seed: u64,
    games: u64,
    /// Games won by the side the row names: the team (co-operative variants), else any seat
    /// (every game not capped out).
    wins: u64,
    capouts: u64,
    turns_mean: Option<f64>,
    turns_median: Option<u32>,
    turns_p10: Option<u32>,
    turns_p90: Option<u32>,
    /// True when Ctrl-C cut this row short (`games` says how many it has).
    partial: bool,
}

/// Rows whose player plays a model file (`learned`, or a search over it): who played.
#[derive(Serialize)]
struct Model<'a> {
    /// The model file's name.
    model: &'a str,
    /// The first 12 hex digits of its SHA-256 (the manifest's `models` has all of it).
    model_sha256: &'a str,
}

/// Rows outside the rows their model was trained on.
#[derive(Serialize)]
struct ModelOutside {
    /// The settings outside, as `players 2; robert_skip 3`.
    model_outside: String,
}

/// Rows of a named rule set.
#[derive(Serialize)]
struct RuleSet<'a> {
    /// The named rule set the row plays (a named `[[rows]]` entry).
    rule_set: &'a str,
}

/// Rows whose players play a knob away from their names' defaults.
#[derive(Serialize)]
struct PlayerKnobs {
    /// The moved knobs, as `team.setup_temperature 3; team.soldier_min_pips 10`.
    player_knobs: String,
}

/// Rows with a team outcome (Robert, Solitaire).
#[derive(Serialize)]
struct Team {
    losses: u64,
    /// Losses the team conceded after its VP total stood still (part of `losses`).
    stalled: u64,
}

/// Robert's rows: the losses conceded when the team could no longer win.
#[derive(Serialize)]
struct Conceded {
    /// The other losses that ended with the team provably unable to win (part of `losses`).
    conceded: u64,
}

/// Rows with a team outcome: the win rate and how far the losses fell short.
#[derive(Serialize)]
struct TeamRate {
    win_rate: f64,
    win_rate_lo95: f64,
    win_rate_hi95: f64,
    win_rate_halfwidth95: f64,
    loss_slowest_vp_short_mean: Option<f64>,
    loss_slowest_vp_short_median: Option<u32>,
}

/// Co-operative rows: game lengths of wins and of losses apart in player-turns and rounds (every
/// game's are the common `turns_*` and, for every row, `rounds_*`), and the round from which a
/// running game's outcome is 90% certain (`catan::shape`).
#[derive(Serialize)]
struct Shape {
    turns_win_median: Option<u32>,
    turns_win_p10: Option<u32>,
    turns_win_p90: Option<u32>,
    rounds_win_median: Option<u32>,
    rounds_win_p10: Option<u32>,
    rounds_win_p90: Option<u32>,
    turns_loss_median: Option<u32>,
    turns_loss_p10: Option<u32>,
    turns_loss_p90: Option<u32>,
    rounds_loss_median: Option<u32>,
    rounds_loss_p10: Option<u32>,
    rounds_loss_p90: Option<u32>,
    /// The first round from which the share won of the games still running stays at or above
    /// 0.9 or at or below 0.1 (empty: never in doubt, or never while 1% of the games still
    /// run), and why it is empty.
    certain_round: Option<u32>,
    certain_round_why: String,
}

/// Robert rows: tokens face down in wins and in losses apart, and close wins.
#[derive(Serialize)]
struct RobertShape {
    face_down_end_win_mean: Option<f64>,
    face_down_end_loss_mean: Option<f64>,
    face_down_max_win_mean: Option<f64>,
    face_down_max_loss_mean: Option<f64>,
    /// Wins in which Robert had all but 3 tokens face down at some point, of the wins.
    close_win_share: Option<f64>,
}

/// Robert rows: the win-probability model's calibration on the row's games, and its per-game
/// measures where that calibration error is at most `shape::MAX_ECE` (else empty).
#[derive(Serialize)]
struct Decided {
    value_ece: f64,
    value_brier: f64,
    value_positions: u64,
    decided_round_median: Option<u32>,
    dead_round_share: Option<f64>,
    comeback_win_share: Option<f64>,
    /// Why each is empty (`shape::ShapeAcc::decided_why`); empty where it has a value.
    decided_round_median_why: String,
    dead_round_share_why: String,
    comeback_win_share_why: String,
}

/// Rows run with `--precision`.
#[derive(Serialize)]
struct Precision {
    precision_target: f64,
}

/// One seat of a competitive row (base, Raiders); `seat` is renamed `seat1`, `seat2`...
#[derive(Serialize)]
struct Seat {
    wins_seat: u64,
    win_rate_seat: f64,
    win_rate_lo95_seat: f64,
    win_rate_hi95_seat: f64,
}

/// Robert the Robber rows.
#[derive(Serialize)]
struct Robert {
    /// The level's name, or `start_cards N` beyond the four levels.
    difficulty: String,
    start_cards: u8,
    robert_target: &'static str,
    city_weight: u8,
    soldier_flips: u8,
    seven_flips: u8,
    robert_skip: u8,
    monopoly: &'static str,
    keep_back: u8,
    reshuffled_knights: &'static str,
    face_down_end_mean: Option<f64>,
    face_down_max_mean: Option<f64>,
    flips_robert_per_game: f64,
    flipbacks_soldier_per_game: f64,
    flipbacks_seven_per_game: f64,
    flipbacks_monopoly_per_game: f64,
}

/// Solitaire rows.
#[derive(Serialize)]
struct Solitaire {
    awards: bool,
    destroy_faces: u8,
    tiles_to_lose: u8,
    lost_card: &'static str,
    knight_play: &'static str,
    second_roll_doubles: &'static str,
    tiles_destroyed_end_mean: Option<f64>,
    destruction_turn_1_mean: Option<f64>,
    destruction_turn_2_mean: Option<f64>,
    destruction_turn_3_mean: Option<f64>,
    destruction_turn_4_mean: Option<f64>,
    destruction_turn_5_mean: Option<f64>,
    sevens_cancelled_per_game: f64,
}

#[derive(Serialize)]
struct Volcano {
    eruptions_per_game: f64,
}

#[derive(Serialize)]
struct Gold {
    gold_vp_per_game: f64,
}

#[derive(Serialize)]
struct Tech {
    tech_resources_per_game: f64,
}

/// The Raiders of Catan rows.
#[derive(Serialize)]
struct Raiders {
    setup_raiders: bool,
    volcano_start: bool,
    raider_pool: u8,
    raiders_per_build: u8,
    jungle_shelters: bool,
    taken_discoveries: &'static str,
    storm_share: f64,
    storm_turn_mean: Option<f64>,
    storm_turn_median: Option<u32>,
    storm_turn_p10: Option<u32>,
    storm_turn_p90: Option<u32>,
    raids_per_game: f64,
    hexes_raided_end_mean: Option<f64>,
    buildings_taken_end_mean: Option<f64>,
    takeovers_per_game: f64,
    buildings_freed_per_game: f64,
    soldiers_on_raided_hexes_per_game: f64,
    soldiers_on_deserts_per_game: f64,
    discoveries_per_game: f64,
    ships_moved_per_game: f64,
    volcano_eruptions_per_game: f64,
}

/// Row `index`'s `summary.csv` cells, group by group.
///
/// # Errors
/// A group does not serialise.
pub fn groups(e: &CatanRow, index: usize, acc: &CatanAcc, partial: bool) -> Result<Vec<Group>> {
    let rules = e.spec.rules;
    let n = acc.games.max(1) as f64;
    let per_game = |x: u64| r5(x as f64 / n);
    let coop = rules.variant.team_outcome();
    let mut out = vec![Group::of(
        rank::WHO,
        &Who {
            row: index,
            settings_key: crate::report::settings_key(e),
            variant: rules.variant.name(),
            players: rules.players,
            player: e.spec.policy_label(),
        },
    )?];
    let (_, level, _, _) = crate::catan::lab::rulebook::level(&rules);
    if !level.is_empty() {
        out.push(Group::of(rank::LEVEL, &Level { level })?);
    }
    out.push(Group::of(
        rank::COMMON,
        &Common {
            board: e.spec.board.name(),
            map: &e.map,
            modifiers: rules.modifiers.name(),
            vp_to_win: rules.vp_to_win,
            hand_limit: rules.hand_limit,
            turn_cap: rules.turn_cap,
            seed: e.seed,
            games: acc.games,
            wins: if coop {
                acc.team_wins
            } else {
                acc.seat_wins.iter().sum()
            },
            capouts: acc.caps,
            turns_mean: acc.turns.mean().map(r3),
            turns_median: acc.turns.quantile(0.5),
            turns_p10: acc.turns.quantile(0.1),
            turns_p90: acc.turns.quantile(0.9),
            partial,
        },
    )?);
    if let Some(m) = &e.spec.model {
        out.push(Group::of(
            rank::MODEL,
            &Model {
                model: &m.file,
                model_sha256: &m.sha,
            },
        )?);
        if m.outside != 0 {
            out.push(Group::of(
                rank::MODEL_OUTSIDE,
                &ModelOutside {
                    model_outside: m.outside_text(&rules),
                },
            )?);
        }
    }
    if let Some(name) = &e.spec.rule_set {
        out.push(Group::of(
            rank::RULE_SET,
            &RuleSet {
                rule_set: name.as_str(),
            },
        )?);
    }
    let knobs = e.spec.player_knobs();
    if !knobs.is_empty() {
        out.push(Group::of(
            rank::PLAYER_KNOBS,
            &PlayerKnobs {
                player_knobs: knobs,
            },
        )?);
    }
    if coop {
        let (lo, hi) = wilson(acc.team_wins, acc.games);
        out.push(Group::of(
            rank::TEAM,
            &Team {
                losses: acc.team_losses,
                stalled: acc.stalls,
            },
        )?);
        if matches!(rules.variant, Variant::Robert(_)) {
            out.push(Group::of(
                rank::CONCEDED,
                &Conceded {
                    conceded: acc.concessions,
                },
            )?);
        }
        out.push(Group::of(
            rank::TEAM_RATE,
            &TeamRate {
                win_rate: r5(acc.team_wins as f64 / n),
                win_rate_lo95: r5(lo),
                win_rate_hi95: r5(hi),
                win_rate_halfwidth95: r5((hi - lo) / 2.0),
                loss_slowest_vp_short_mean: acc.loss_short.mean().map(r3),
                loss_slowest_vp_short_median: acc.loss_short.quantile(0.5),
            },
        )?);
    } else {
        for (k, &w) in acc.seat_wins[..rules.players as usize].iter().enumerate() {
            let (lo, hi) = wilson(w, acc.games);
            let seat = Group::of(
                rank::SEAT + k as u16,
                &Seat {
                    wins_seat: w,
                    win_rate_seat: r5(w as f64 / n),
                    win_rate_lo95_seat: r5(lo),
                    win_rate_hi95_seat: r5(hi),
                },
            )?;
            // `<measure>_seat<N>`, as Carcassonne's summary names its seats.
            out.push(seat.renamed(|name| format!("{name}{}", k + 1)));
        }
    }
    if let Some(lead) = e.spec.lead() {
        let w = acc.seat_wins[lead];
        let lead = LeadSeat::new(
            lead,
            w,
            w as f64 / n,
            wilson(w, acc.games),
            rules.players as usize,
        );
        out.push(Group::of(rank::LINEUP, &lead)?);
    }
    // Every game's length in rounds (every game's summary names it so).
    out.push(Group::of(
        rank::ROUNDS,
        &crate::engine::stats::Rounds::of(&acc.turns, rules.players),
    )?);
    if coop {
        let s = &acc.shape;
        let (certain_round, certain_round_why) = s.certain_round_why();
        let q = |h: &crate::engine::stats::Hist, p: f64| h.quantile(p);
        out.push(Group::of(
            rank::SHAPE,
            &Shape {
                turns_win_median: q(&s.turns_win, 0.5),
                turns_win_p10: q(&s.turns_win, 0.1),
                turns_win_p90: q(&s.turns_win, 0.9),
                rounds_win_median: q(&s.rounds_win, 0.5),
                rounds_win_p10: q(&s.rounds_win, 0.1),
                rounds_win_p90: q(&s.rounds_win, 0.9),
                turns_loss_median: q(&s.turns_loss, 0.5),
                turns_loss_p10: q(&s.turns_loss, 0.1),
                turns_loss_p90: q(&s.turns_loss, 0.9),
                rounds_loss_median: q(&s.rounds_loss, 0.5),
                rounds_loss_p10: q(&s.rounds_loss, 0.1),
                rounds_loss_p90: q(&s.rounds_loss, 0.9),
                certain_round,
                certain_round_why,
            },
        )?);
    }
    if let Some(target) = e.precision {
        out.push(Group::of(
            rank::PRECISION,
            &Precision {
                precision_target: target,
            },
        )?);
    }
    if let Some(r) = rules.variant.robert() {
        let a = &acc.robert;
        out.push(Group::of(
            rank::ROBERT,
            &Robert {
                difficulty: difficulty_label(r.start_cards),
                start_cards: r.start_cards,
                robert_target: r.target.name(),
                city_weight: r.city_weight,
                soldier_flips: r.soldier_flips,
                seven_flips: r.seven_flips,
                robert_skip: r.robert_skip,
                monopoly: r.monopoly.name(),
                keep_back: r.keep_back,
                reshuffled_knights: r.reshuffled_knights.name(),
                face_down_end_mean: a.face_down_end.mean().map(r3),
                face_down_max_mean: a.face_down_max.mean().map(r3),
                flips_robert_per_game: r3(a.flips_down[FlipCause::Robert as usize] as f64 / n),
                flipbacks_soldier_per_game: r3(a.flips_up[FlipCause::Soldier as usize] as f64 / n),
                flipbacks_seven_per_game: r3(a.flips_up[FlipCause::Seven as usize] as f64 / n),
                flipbacks_monopoly_per_game: r3(
                    a.flips_up[FlipCause::Monopoly as usize] as f64 / n,
                ),
            },
        )?);
        let s = &acc.shape;
        let wins = s.turns_win.count();
        out.push(Group::of(
            rank::ROBERT_SHAPE,
            &RobertShape {
                face_down_end_win_mean: s.face_down_end_win.mean().map(r3),
                face_down_end_loss_mean: s.face_down_end_loss.mean().map(r3),
                face_down_max_win_mean: s.face_down_max_win.mean().map(r3),
                face_down_max_loss_mean: s.face_down_max_loss.mean().map(r3),
                close_win_share: (wins > 0).then(|| r5(s.close_wins as f64 / wins as f64)),
            },
        )?);
        if let Some((ece, brier, positions)) = s.calibration() {
            let [decided, dead, comeback] = s.decided_why();
            out.push(Group::of(
                rank::DECIDED,
                &Decided {
                    value_ece: r5(ece),
                    value_brier: r5(brier),
                    value_positions: positions,
                    decided_round_median: decided.0.map(|r| r as u32),
                    dead_round_share: dead.0.map(r5),
                    comeback_win_share: comeback.0.map(r5),
                    decided_round_median_why: decided.1,
                    dead_round_share_why: dead.1,
                    comeback_win_share_why: comeback.1,
                },
            )?);
        }
    }
    if let Some(s) = rules.variant.solitaire() {
        let a = &acc.solitaire;
        let turn = |k: usize| {
            let c = a.destruction_turn_n[k];
            (c > 0).then(|| r3(a.destruction_turn_sum[k] as f64 / c as f64))
        };
        out.push(Group::of(
            rank::SOLITAIRE,
            &Solitaire {
                awards: s.awards,
                destroy_faces: s.destroy_faces,
                tiles_to_lose: s.tiles_to_lose,
                lost_card: s.lost_card.name(),
                knight_play: s.knight_play.name(),
                second_roll_doubles: s.second_roll_doubles.name(),
                tiles_destroyed_end_mean: a.destroyed_end.mean().map(r3),
                destruction_turn_1_mean: turn(0),
                destruction_turn_2_mean: turn(1),
                destruction_turn_3_mean: turn(2),
                destruction_turn_4_mean: turn(3),
                destruction_turn_5_mean: turn(4),
                sevens_cancelled_per_game: per_game(a.sevens_cancelled),
            },
        )?);
    }
    let m = rules.modifiers;
    let mods = &acc.modifiers;
    if m.has(Modifiers::VOLCANO) {
        out.push(Group::of(
            rank::VOLCANO,
            &Volcano {
                eruptions_per_game: per_game(mods.eruptions),
            },
        )?);
    }
    if m.has(Modifiers::GOLD) {
        out.push(Group::of(
            rank::GOLD,
            &Gold {
                gold_vp_per_game: per_game(mods.gold_vp),
            },
        )?);
    }
    if m.has(Modifiers::TECH_ADVANCEMENT) {
        out.push(Group::of(
            rank::TECH,
            &Tech {
                tech_resources_per_game: per_game(mods.tech_resources),
            },
        )?);
    }
    if let Some(r) = rules.variant.raiders() {
        let a = &acc.raiders;
        out.push(Group::of(
            rank::RAIDERS,
            &Raiders {
                setup_raiders: r.setup_raiders,
                volcano_start: r.volcano_start,
                raider_pool: r.pool(rules.players),
                raiders_per_build: r.per_build(rules.players),
                jungle_shelters: r.jungle_shelters,
                taken_discoveries: r.taken_discoveries.name(),
                storm_share: r5(a.storm_turn.count() as f64 / n),
                storm_turn_mean: a.storm_turn.mean().map(r3),
                storm_turn_median: a.storm_turn.quantile(0.5),
                storm_turn_p10: a.storm_turn.quantile(0.1),
                storm_turn_p90: a.storm_turn.quantile(0.9),
                raids_per_game: per_game(a.raids),
                hexes_raided_end_mean: a.raided_end.mean().map(r3),
                buildings_taken_end_mean: a.taken_end.mean().map(r3),
                takeovers_per_game: per_game(a.takeovers),
                buildings_freed_per_game: per_game(a.freed),
                soldiers_on_raided_hexes_per_game: per_game(a.soldiers_on_hexes),
                soldiers_on_deserts_per_game: per_game(a.soldiers_on_deserts),
                discoveries_per_game: per_game(a.discoveries),
                ships_moved_per_game: per_game(a.ships_moved),
                volcano_eruptions_per_game: per_game(mods.eruptions),
            },
        )?);
    }
    Ok(out)
}
