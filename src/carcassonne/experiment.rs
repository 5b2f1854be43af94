//! Carcassonne as an experiment for the generic runner.
//!
//! Carcassonne as an experiment for the generic runner: one row's games, its accumulator and its
//! tables.

use crate::carcassonne::kernel::*;
use crate::carcassonne::players::{CarcPlayer, CarcPolicySpec};
use crate::carcassonne::policy::CarcActions;
use crate::carcassonne::race::Race;
use crate::carcassonne::race::{MidGame, RaceOf, RaceRow};
use crate::carcassonne::sim::CarcRngs;
use crate::carcassonne::summary::{CarcCommon, CarcRobbers, CarcSeat};
pub use crate::carcassonne::summary::{CarcPairedRow, CarcSeatRow};
use crate::engine::play::{play, Events};
use crate::engine::runner::Experiment;
use crate::engine::stats::{accumulator, wilson, GameEnd, GameLog, Hist};
use crate::report::columns::{Group, LeadSeat};
use crate::report::{r3, r5, Figure, ReportDir, Tables};
use anyhow::Result;
use serde::{Deserialize, Serialize};

pub use super::tilefile::{base_tiles, resolve_tiles};

/// One Carcassonne configuration row, validated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CarcSpec {
    pub rules: Rules,
    /// What every seat plays; with a lineup, what its lead seat plays.
    pub policy: CarcPolicySpec,
    /// Seats that play different policies (`grid.seats`).
    pub lineup: Option<CarcLineup>,
}

/// A Carcassonne row's seats, each with its own policy (see [`crate::engine::lineup::Lineup`]).
pub type CarcLineup = crate::engine::lineup::Lineup<CarcPolicySpec, { MAX_PLAYERS - 1 }>;

impl CarcSpec {
    /// A row with `policy` in every seat.
    pub fn new(rules: Rules, policy: CarcPolicySpec) -> CarcSpec {
        CarcSpec {
            rules,
            policy,
            lineup: None,
        }
    }

    /// The policy of seat `seat` (0-based).
    pub fn seat_policy(&self, seat: usize) -> CarcPolicySpec {
        match self.lineup {
            None => self.policy,
            Some(l) => l.seat(self.policy, self.rules.players as usize, seat),
        }
    }

    /// A fresh player for one game: one for every seat, or one per seat of a lineup.
    pub fn player(&self) -> CarcPlayer {
        match self.lineup {
            None => self.policy.player(),
            Some(_) => CarcPlayer::Seats(Box::new(std::array::from_fn(|s| {
                (s < self.rules.players as usize).then(|| self.seat_policy(s).player())
            }))),
        }
    }

    /// The policy column: the policy's name, or the lineup's names from the lead on,
    /// comma-separated ("rollout-16,greedy,greedy,greedy").
    pub fn policy_label(&self) -> String {
        match self.lineup {
            None => self.policy.name(),
            Some(l) => std::iter::once(self.policy)
                .chain(l.rest[..self.rules.players as usize - 1].iter().copied())
                .map(CarcPolicySpec::name)
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// The lead's seat (0-based) of a lineup row.
    pub fn lead(&self) -> Option<usize> {
        self.lineup.map(|l| l.lead as usize)
    }
}

/// A seat's share of a game's win in sixtieths: 60 alone, 60/k in a k-way tie (k <= 5 divides
/// 60), so shares add up to exactly 60 per game and stay whole numbers.
pub const SHARE_UNIT: u64 = 60;

accumulator! {
    /// Everything one Carcassonne row accumulates: exact integer counts.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct CarcAcc {
        pub games: u64,
        /// Games each seat won, ties included (all tied leaders win).
        pub wins: [u64; MAX_PLAYERS],
        pub sole_wins: [u64; MAX_PLAYERS],
        /// Each seat's share of the wins (ties split evenly) in [`SHARE_UNIT`]s, and the sum of
        /// its square per game (for the interval of a mean share).
        pub win_share: [u64; MAX_PLAYERS],
        pub win_share_sq: [u64; MAX_PLAYERS],
        pub tied_games: u64,
        pub score: [Hist; MAX_PLAYERS],
        /// All points scored, and those taken by robbers.
        pub points: u64,
        pub robbery_points: u64,
        /// Robbery points per game (rows with The Robbers), for its interval and figure.
        pub robbery_game: Hist,
        pub robberies: u64,
        pub rogue: u64,
        pub robber_placed: u64,
        pub robber_moved: u64,
        pub robber_declined: u64,
        pub robbers_final: u64,
        pub robber_final_points: u64,
        /// Points by feature (road, city, field, cloister).
        pub feature_points: [u64; 4],
        /// Points taken from each seat by robbers, and taken by each seat's robber.
        pub robbed_from: [u64; MAX_PLAYERS],
        pub robbed_by: [u64; MAX_PLAYERS],
        pub turns: Hist,
        pub discards: u64,
        /// Robbers rows: the same game index played without The Robbers (same tile order).
        pub twin: Option<Box<Twin>>,
        /// Per game: seat 1 won (ties included) and tiles placed, for `compare.csv`.
        pub log: GameLog,
    }
}

accumulator! {
    /// Paired sums over games: each game with the expansion against its twin without it.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Twin {
        pub wins: [u64; MAX_PLAYERS],
        pub score_sum: [u64; MAX_PLAYERS],
        /// Sums of (score with − score without) and of its square, per seat.
        pub diff_sum: [i64; MAX_PLAYERS],
        pub diff_sq: [u64; MAX_PLAYERS],
        /// Games a seat won with the expansion but not without, and the reverse.
        pub won_with_only: [u64; MAX_PLAYERS],
        pub won_without_only: [u64; MAX_PLAYERS],
        /// The race: winner's margin, first-to-last gap, mid-game leader.
        pub race: Race,
    }
}

/// The sink that folds one game's events into the accumulator (and notes the mid-game leader).
struct Recorder<'a>(&'a mut CarcAcc, MidGame);

impl Sink<Event> for Recorder<'_> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.1.event(e);
        let a = &mut *self.0;
        match *e {
            Event::Score {
                points, feature, ..
            } => {
                a.points += points as u64;
                a.feature_points[feature as usize] += points as u64;
            }
            Event::Robbery {
                robber,
                victim,
                points,
                ..
            } => {
                a.points += points as u64;
                a.robbery_points += points as u64;
                a.robberies += 1;
                a.robbed_from[victim as usize] += points as u64;
                a.robbed_by[robber as usize] += points as u64;
            }
            Event::Rogue { .. } => a.rogue += 1,
            Event::RobberPlaced { moved, .. } => {
                if moved {
                    a.robber_moved += 1
                } else {
                    a.robber_placed += 1
                }
            }
            Event::RobberDeclined { .. } => a.robber_declined += 1,
            Event::RobberFinal { points, .. } => {
                a.points += points as u64;
                a.robbers_final += 1;
                a.robber_final_points += points as u64;
            }
            Event::Discarded { .. } => a.discards += 1,
            _ => {}
        }
    }
}

/// Per-thread scratch: one game allocation reused for every game, and the action buffer.
#[derive(Default)]
pub struct CarcScratch {
    game: Option<Game<'static>>,
    buf: Box<CarcActions>,
}

/// One Carcassonne configuration row bound to its tiles and master seed.
pub struct CarcassonneRow {
    pub tiles: &'static TileSet,
    /// `base` or the tile file's path, for the report.
    pub tiles_name: String,
    pub spec: CarcSpec,
    pub seed: u64,
}

impl CarcScratch {
    /// This thread's game, set up for `rules` (a fresh game, as [`CarcScratch::play`] starts).
    pub fn game(&mut self, tiles: &'static TileSet, rules: Rules) -> &Game<'static> {
        let g = self.game.get_or_insert_with(|| Game::new(tiles, rules));
        g.reset(rules);
        g
    }

    /// Plays game `i` of `rules` under master `seed` with `player` (fresh for the game), in
    /// this thread's reused game (reset first); `sink` sees the events. Returns the finished
    /// game.
    pub fn play<S: Sink<Event>>(
        &mut self,
        tiles: &'static TileSet,
        rules: Rules,
        player: CarcPlayer,
        seed: u64,
        i: u64,
        sink: &mut S,
    ) -> &Game<'static> {
        self.play_on(tiles, rules, player, &mut CarcRngs::new(seed, i), sink)
    }

    /// Plays one game on these streams (the luck report's: a deal's tile streams, a game's own
    /// policy stream) and returns the finished game.
    pub fn play_on<S: Sink<Event>>(
        &mut self,
        tiles: &'static TileSet,
        rules: Rules,
        mut player: CarcPlayer,
        rngs: &mut CarcRngs,
        sink: &mut S,
    ) -> &Game<'static> {
        let g = self.game.get_or_insert_with(|| Game::new(tiles, rules));
        g.reset(rules);
        play(g, &mut player, rngs, &mut self.buf, &mut Events(sink));
        g
    }
}

impl Experiment for CarcassonneRow {
    type Acc = CarcAcc;
    type Scratch = CarcScratch;

    fn play(&self, i: u64, acc: &mut CarcAcc, scratch: &mut CarcScratch) {
        let rules = self.spec.rules;
        let robbed_before = acc.robbery_points;
        let mid = MidGame::new(scratch.game(self.tiles, rules));
        let mut rec = Recorder(acc, mid);
        let g = scratch.play(
            self.tiles,
            rules,
            self.spec.player(),
            self.seed,
            i,
            &mut rec,
        );
        let race = RaceOf::of(g, &rec.1);
        let n = rules.players as usize;
        acc.games += 1;
        let w = g.winners();
        if w.count_ones() > 1 {
            acc.tied_games += 1;
        }
        let share = SHARE_UNIT / u64::from(w.count_ones().max(1));
        for p in 0..n {
            if w & (1 << p) != 0 {
                acc.win_share[p] += share;
                acc.win_share_sq[p] += share * share;
                acc.wins[p] += 1;
                if w.count_ones() == 1 {
                    acc.sole_wins[p] += 1;
                }
            }
            acc.score[p].add(g.score[p] as u32);
        }
        acc.turns.add(g.turn);
        // The lead seat's win for a lineup (seat 1 otherwise), for `compare.csv`.
        let logged = self.spec.lead().unwrap_or(0);
        acc.log.record(i, w & (1 << logged) != 0, g.turn);
        acc.log.record_end(
            i,
            if w.count_ones() == 1 {
                GameEnd::Seat(w.trailing_zeros() as u8)
            } else {
                GameEnd::Tied(w)
            },
        );
        if rules.robbers {
            acc.robbery_game
                .add((acc.robbery_points - robbed_before) as u32);
            let with = g.score;
            // The twin: the same game index without the expansion (same base tile order).
            let base = Rules {
                robbers: false,
                ..rules
            };
            let mut mid = MidGame::new(scratch.game(self.tiles, base));
            let g = scratch.play(self.tiles, base, self.spec.player(), self.seed, i, &mut mid);
            let w0 = g.winners();
            let t = acc.twin.get_or_insert_with(Default::default);
            t.race.add(race, RaceOf::of(g, &mid));
            for (p, &sw) in with.iter().enumerate().take(n) {
                let d = sw as i64 - g.score[p] as i64;
                t.score_sum[p] += g.score[p] as u64;
                t.diff_sum[p] += d;
                t.diff_sq[p] += (d * d) as u64;
                let (a, b) = (w & (1 << p) != 0, w0 & (1 << p) != 0);
                if b {
                    t.wins[p] += 1;
                }
                if a && !b {
                    t.won_with_only[p] += 1;
                }
                if b && !a {
                    t.won_without_only[p] += 1;
                }
            }
        }
    }
}

/// The lead seat of a lineup row: its share of the wins (a k-way tie counting 1/k, so the fair
/// share is exactly 1/players) with a normal 95% interval.
fn lead_seat(acc: &CarcAcc, lead: usize, players: usize) -> LeadSeat {
    let n = acc.games.max(1) as f64;
    let u = SHARE_UNIT as f64;
    let mean = acc.win_share[lead] as f64 / u / n;
    let sq = acc.win_share_sq[lead] as f64 / (u * u) / n;
    let var = if acc.games > 1 {
        ((sq - mean * mean) * n / (n - 1.0)).max(0.0)
    } else {
        0.0
    };
    let half = 1.959964 * (var / n).sqrt();
    LeadSeat::new(
        lead,
        acc.wins[lead],
        mean,
        (mean - half, mean + half),
        players,
    )
}

impl CarcassonneRow {
    /// Robber tiles a game of this row deals (with the expansion; the tile file's own unless
    /// the row says).
    fn robber_tiles(&self) -> usize {
        let r = self.spec.rules;
        r.robber_tiles.map_or(
            self.tiles.total(true) - self.tiles.total(false),
            usize::from,
        )
    }
}

impl Tables for CarcassonneRow {
    fn settings(&self) -> Vec<(&'static str, String)> {
        let r = self.spec.rules;
        // The robber options are listed without the expansion too (at their defaults), so that
        // a row without it pairs with the row with it in compare.csv.
        vec![
            ("variant", "carcassonne".into()),
            ("player", self.spec.policy_label()),
            ("players", r.players.to_string()),
            (
                "lead_seat",
                self.spec
                    .lead()
                    .map_or_else(|| "-".into(), |s| (s + 1).to_string()),
            ),
            ("robbers", r.robbers.to_string()),
            ("robber_placement", r.placement.name().into()),
            ("robber_final_points", r.final_points.to_string()),
            ("robber_share", r.share.name().into()),
            ("robbers_per_player", r.robbers_per_player.to_string()),
            ("rogue_beside", r.rogue_beside.name().into()),
            (
                "unplaceable_robber_tile",
                r.unplaceable_robber_tile.name().into(),
            ),
            ("robber_tiles", self.robber_tiles().to_string()),
        ]
    }

    /// The tile set, beside the settings.
    /// The tile set by name, and a tile file by its content too: two files of one name, or one
    /// file edited, never share a key.
    fn identity(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![("tiles", self.tiles_name.to_string())];
        if let Some(sha) = &self.tiles.source_sha256 {
            v.push(("tiles_sha256", sha.clone()));
        }
        v
    }

    fn take_game_log(acc: &mut CarcAcc) -> GameLog {
        std::mem::take(&mut acc.log)
    }

    /// Competitive: `compare.csv` compares game length only, and a lineup row's lead seat's win
    /// (ties included) with a row of another lineup at the same lead seat;
    /// `carcassonne_paired.csv` has the per-seat paired comparison with and without the
    /// expansion.
    fn has_win_rate(&self) -> bool {
        self.spec.lineup.is_some()
    }

    /// The widest of the seats' win-rate intervals.
    fn half_width95(&self, acc: &CarcAcc) -> f64 {
        (0..self.spec.rules.players as usize)
            .map(|s| {
                let (lo, hi) = wilson(acc.wins[s], acc.games);
                (hi - lo) / 2.0
            })
            .fold(0.0, f64::max)
    }

    fn figures(rows: &[Self], accs: &[CarcAcc]) -> Result<Vec<Figure>> {
        figures(rows, accs)
    }

    fn inputs(&self) -> Vec<crate::report::InputFile> {
        self.tiles
            .source_sha256
            .iter()
            .map(|sha| crate::report::InputFile {
                kind: "tiles".into(),
                file: self.tiles_name.to_string(),
                sha256: sha.clone(),
            })
            .collect()
    }

    fn rulebook(&self, acc: &CarcAcc) -> Option<crate::report::rulebook::Cell> {
        crate::carcassonne::rulebook::cell(crate::carcassonne::rulebook::Row {
            label: self.spec.policy_label(),
            policy: self.spec.policy,
            lead: self.spec.lead(),
            players: self.spec.rules.players,
            robbers: self.spec.rules.robbers,
            wins: &acc.wins,
            games: acc.games,
            turns: &acc.turns,
            rules: crate::carcassonne::rulebook::rules_used(&self.spec.rules),
        })
    }

    fn rulebook_note() -> &'static str {
        crate::carcassonne::rulebook::NOTE
    }

    fn headline_columns() -> &'static [&'static str] {
        &[
            "row",
            "variant",
            "players",
            "player",
            "lead_seat",
            "robbers",
            "robber_placement",
            "robber_final_points",
            "robber_share",
            "robbers_per_player",
            "rogue_beside",
            "unplaceable_robber_tile",
            "games",
            "win_rate_seat1",
            "win_rate_seat2",
            "win_rate_seat3",
            "win_rate_seat4",
            "win_rate_seat5",
            "score_mean_seat1",
            "skill_edge",
            "robber_point_share",
            "robberies_per_game",
            "rogue_per_game",
        ]
    }

    fn varying_columns() -> &'static [&'static str] {
        &[
            "robber_share",
            "robbers_per_player",
            "rogue_beside",
            "unplaceable_robber_tile",
            "robber_tiles",
        ]
    }

    fn games(acc: &CarcAcc) -> u64 {
        acc.games
    }

    /// Ties split the win evenly (`win_share`, in sixtieths).
    fn seat_shares(&self, acc: &CarcAcc) -> Vec<(f64, f64)> {
        let u = SHARE_UNIT as f64;
        (0..self.spec.rules.players as usize)
            .map(|s| {
                (
                    acc.win_share[s] as f64 / u,
                    acc.win_share_sq[s] as f64 / (u * u),
                )
            })
            .collect()
    }

    /// The Robbers' score and win effects, game by game (`carcassonne_paired.csv`, `_race.csv`).
    fn terminal_lead(table: &mut dyn FnMut(&str) -> Vec<u8>) -> String {
        crate::carcassonne::effects::terminal(
            &table("summary.csv"),
            &table("carcassonne_paired.csv"),
            &table("carcassonne_race.csv"),
        )
    }

    fn page_sections(table: &mut dyn FnMut(&str) -> Vec<u8>) -> Vec<crate::report::html::Section> {
        crate::carcassonne::effects::sections(
            &table("carcassonne_paired.csv"),
            &table("carcassonne_race.csv"),
        )
    }

    /// `with The Robbers` / `without The Robbers`; the robber options by name (`robber_share
    /// third`).
    fn label(key: &str, value: &str) -> Option<String> {
        match key {
            "robbers" if value == "true" => Some("with The Robbers".into()),
            "robbers" => Some("without The Robbers".into()),
            key if key.starts_with("robber") => Some(format!("{key} {value}")),
            _ => None,
        }
    }

    fn write_tables(&self, row: usize, acc: &CarcAcc, out: &mut ReportDir) -> Result<()> {
        let rules = self.spec.rules;
        let np = rules.players as usize;
        let n = acc.games.max(1) as f64;
        let rob = rules.robbers;
        let pg = |x: u64| r5(x as f64 / n);
        let rpg = |x: u64| rob.then(|| pg(x));
        let mut groups = vec![Group::of(
            0,
            &CarcCommon {
                row,
                settings_key: crate::report::settings_key(self),
                variant: "carcassonne",
                players: rules.players,
                player: self.spec.policy_label(),
                level: crate::carcassonne::rulebook::level(rob),
                map: &self.tiles_name,
                robbers: rob,
                seed: self.seed,
                games: acc.games,
                wins: acc.games,
                capouts: 0,
                partial: out.row_partial(),
                tied_games_share: pg(acc.tied_games),
                points_per_game: r3(acc.points as f64 / n),
                road_points_per_game: pg(acc.feature_points[Feature::Road as usize]),
                city_points_per_game: pg(acc.feature_points[Feature::City as usize]),
                farm_points_per_game: pg(acc.feature_points[Feature::Field as usize]),
                cloister_points_per_game: pg(acc.feature_points[Feature::Cloister as usize]),
                turns_mean: acc.turns.mean().map(r3),
                turns_median: acc.turns.quantile(0.5),
                turns_p10: acc.turns.quantile(0.1),
                turns_p90: acc.turns.quantile(0.9),
                discards_per_game: pg(acc.discards),
            },
        )?];
        groups.push(Group::of(
            1,
            &crate::engine::stats::Rounds::of(&acc.turns, rules.players),
        )?);
        for p in 0..np {
            let (lo, hi) = wilson(acc.wins[p], acc.games);
            let seat = CarcSeat {
                win_rate_seat: r5(acc.wins[p] as f64 / n),
                win_rate_lo95_seat: r5(lo),
                win_rate_hi95_seat: r5(hi),
                score_mean_seat: acc.score[p].mean().map(r3),
            };
            groups.push(Group::of(10 + p as u16, &seat)?.renamed(|c| format!("{c}{}", p + 1)));
        }
        if let Some(lead) = self.spec.lead() {
            groups.push(Group::of(15, &lead_seat(acc, lead, np))?);
        }
        if rob {
            let robbery_ci = mean_interval(&acc.robbery_game);
            groups.push(Group::of(
                20,
                &CarcRobbers {
                    robber_placement: rules.placement.name(),
                    robber_final_points: rules.final_points,
                    robber_share: rules.share.name(),
                    robbers_per_player: rules.robbers_per_player,
                    rogue_beside: rules.rogue_beside.name(),
                    unplaceable_robber_tile: rules.unplaceable_robber_tile.name(),
                    robber_tiles: self.robber_tiles(),
                    robber_point_share: r5(acc.robbery_points as f64 / acc.points.max(1) as f64),
                    robbery_points_per_game: pg(acc.robbery_points),
                    robbery_points_per_game_lo95: r5(robbery_ci.0),
                    robbery_points_per_game_hi95: r5(robbery_ci.1),
                    robberies_per_game: pg(acc.robberies),
                    rogue_per_game: pg(acc.rogue),
                    robber_placements_per_game: pg(acc.robber_placed),
                    robber_moves_per_game: pg(acc.robber_moved),
                    robber_declines_per_game: pg(acc.robber_declined),
                    robber_final_points_per_game: pg(acc.robber_final_points),
                },
            )?);
        }
        out.grouped_row("summary.csv", groups);
        for p in 0..np {
            let (lo, hi) = wilson(acc.wins[p], acc.games);
            out.row(
                "seats.csv",
                &CarcSeatRow {
                    row,
                    seat: p + 1,
                    wins: acc.wins[p],
                    win_rate: r5(acc.wins[p] as f64 / n),
                    win_rate_lo95: r5(lo),
                    win_rate_hi95: r5(hi),
                    sole_wins: acc.sole_wins[p],
                    score_mean: acc.score[p].mean().map(r3),
                    score_median: acc.score[p].quantile(0.5),
                    score_p10: acc.score[p].quantile(0.1),
                    score_p90: acc.score[p].quantile(0.9),
                    robbed_from_per_game: rpg(acc.robbed_from[p]),
                    robbery_points_per_game: rpg(acc.robbed_by[p]),
                },
            )?;
        }
        if let Some(t) = &acc.twin {
            out.row("carcassonne_race.csv", &RaceRow::of(row, &t.race))?;
            for p in 0..np {
                let mean = t.diff_sum[p] as f64 / n;
                let var = if acc.games > 1 {
                    ((t.diff_sq[p] as f64 - n * mean * mean) / (n - 1.0)).max(0.0)
                } else {
                    0.0
                };
                let half = 1.959964 * (var / n).sqrt();
                out.row(
                    "carcassonne_paired.csv",
                    &CarcPairedRow {
                        row,
                        seat: p + 1,
                        games: acc.games,
                        score_mean_with: acc.score[p].mean().map_or(0.0, r3),
                        score_mean_without: r3(t.score_sum[p] as f64 / n),
                        score_diff_mean: r3(mean),
                        score_diff_lo95: r3(mean - half),
                        score_diff_hi95: r3(mean + half),
                        win_rate_with: r5(acc.wins[p] as f64 / n),
                        win_rate_without: r5(t.wins[p] as f64 / n),
                        won_with_only: t.won_with_only[p],
                        won_without_only: t.won_without_only[p],
                    },
                )?;
            }
        }
        Ok(())
    }
}

/// The 95% normal interval of a per-game mean (the games are many; `(0, 0)` without games).
pub fn mean_interval(h: &Hist) -> (f64, f64) {
    let n = h.count() as f64;
    let Some(mean) = h.mean() else {
        return (0.0, 0.0);
    };
    let (mut ss, mut v) = (0.0, 0u32);
    let top = h.quantile(1.0).unwrap_or(0);
    while v <= top {
        let c = h.count_of(v) as f64;
        ss += c * (v as f64 - mean).powi(2);
        v += 1;
    }
    let var = if n > 1.0 { ss / (n - 1.0) } else { 0.0 };
    let half = 1.959964 * (var / n).sqrt();
    (mean - half, mean + half)
}

/// Carcassonne figures: each row's scores by seat (median and 10-90% range), and robbery points
/// per game by player count (rows with The Robbers, one line per other setting).
fn figures(rows: &[CarcassonneRow], accs: &[CarcAcc]) -> Result<Vec<Figure>> {
    use crate::report::plot::{range_panels, RatePanel, RateSeries};
    let mut figs = Vec::new();
    if rows.is_empty() {
        return Ok(figs);
    }
    let refs: Vec<&CarcassonneRow> = rows.iter().collect();
    let labels = crate::report::row_labels(&refs, &[]);
    let seats = rows
        .iter()
        .map(|r| r.spec.rules.players as usize)
        .max()
        .unwrap_or(2);
    let cats: Vec<String> = (1..=seats).map(|s| format!("seat {s}")).collect();
    let panels: Vec<RatePanel> = rows
        .iter()
        .zip(accs)
        .enumerate()
        .map(|(i, (r, a))| RatePanel {
            title: format!("row {i}: {}", labels[i]),
            series: vec![RateSeries {
                name: "median score (10-90%)".into(),
                points: (0..r.spec.rules.players as usize)
                    .filter_map(|p| {
                        let h = &a.score[p];
                        Some((
                            p,
                            h.quantile(0.5)? as f64,
                            h.quantile(0.1)? as f64,
                            h.quantile(0.9)? as f64,
                        ))
                    })
                    .collect(),
            }],
        })
        .collect();
    figs.push(Figure {
        name: "scores_by_seat".into(),
        title: "Scores by seat".into(),
        caption: "Final score of each seat, one panel per row: the dot is the median, the bar runs from the 10th to the 90th percentile. Seats with the same policy differ by turn order only.".into(),
        svg: range_panels(&cats, "final score", &panels, 4, (330, 280))?,
    });
    // Robbery points per game by player count: one line per setting other than the players.
    let robbed: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].spec.rules.robbers)
        .collect();
    if !robbed.is_empty() {
        let mut players: Vec<u8> = robbed.iter().map(|&i| rows[i].spec.rules.players).collect();
        players.sort_unstable();
        players.dedup();
        let pcats: Vec<String> = players.iter().map(|p| format!("{p} players")).collect();
        let sub: Vec<&CarcassonneRow> = robbed.iter().map(|&i| &rows[i]).collect();
        // One line per setting other than the players ("all rows" when only they vary: then the
        // line is named after the policy).
        let policy = rows[robbed[0]].spec.policy_label();
        let line_of: Vec<String> = crate::report::row_labels(&sub, &["players"])
            .into_iter()
            .map(|l| {
                if l == "all rows" {
                    policy.to_string()
                } else {
                    l
                }
            })
            .collect();
        let mut names: Vec<String> = line_of.clone();
        names.sort();
        names.dedup();
        let series: Vec<RateSeries> = names
            .iter()
            .map(|name| RateSeries {
                name: name.clone(),
                points: robbed
                    .iter()
                    .zip(&line_of)
                    .filter(|(_, l)| *l == name)
                    .map(|(&i, _)| {
                        let a = &accs[i];
                        let x = players
                            .iter()
                            .position(|&p| p == rows[i].spec.rules.players)
                            .unwrap_or(0);
                        let mean = a.robbery_points as f64 / a.games.max(1) as f64;
                        let (lo, hi) = mean_interval(&a.robbery_game);
                        (x, mean, lo, hi)
                    })
                    .collect(),
            })
            .collect();
        figs.push(Figure {
            name: "robbery_points".into(),
            title: "Robbery points by player count".into(),
            caption: "Points the robbers take per game (all players together), by player count, one line per other setting of the rows with The Robbers; bars are 95% intervals of the mean.".into(),
            svg: range_panels(
                &pcats,
                "robbery points per game",
                &[RatePanel {
                    // A single line has no legend: the title names it.
                    title: if names.len() == 1 {
                        format!("The Robbers, {}", names[0])
                    } else {
                        "The Robbers".into()
                    },
                    series,
                }],
                1,
                (560, 380),
            )?,
        });
    }
    Ok(figs)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row labels in Carcassonne's words: the expansion by name, its options with their keys.
    #[test]
    fn labels_in_carcassonnes_words() {
        let l = CarcassonneRow::label;
        assert_eq!(l("robbers", "true").unwrap(), "with The Robbers");
        assert_eq!(l("robbers", "false").unwrap(), "without The Robbers");
        assert_eq!(l("robber_share", "third").unwrap(), "robber_share third");
        assert_eq!(l("players", "3"), None);
        assert_eq!(l("player", "greedy"), None);
    }
}
