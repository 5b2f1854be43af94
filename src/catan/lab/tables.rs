//! Catan report tables.
//!
//! Catan report tables: how a row's accumulator becomes `summary.csv` (via `summary`), `seats.csv`,
//! the per-hex and per-turn tables, and its settings for `compare.csv`.

use crate::catan::experiment::{CatanAcc, CatanRow};
use crate::catan::knobs::{self, difficulty_label};
use crate::catan::*;
use crate::engine::stats::{wilson, GameLog};
use crate::report::{r3, r5, Figure, ReportDir, Tables};
use anyhow::Result;
use serde::Serialize;

/// The rule knobs a row's settings list after the variant options (`settings`, compare.csv),
/// in `config::knobs::RULE_KNOBS` order: `-` where a knob does not apply.
pub const NUMERIC_KNOBS: &[&str] = &[
    "vp_to_win",
    "hand_limit",
    "soldier_flips",
    "seven_flips",
    "robert_skip",
    "monopoly",
    "keep_back",
    "reshuffled_knights",
    "destroy_faces",
    "tiles_to_lose",
    "lost_card",
    "knight_play",
    "second_roll_doubles",
    "raider_pool",
    "raiders_per_build",
    "jungle_shelters",
    "taken_discoveries",
];

/// `raids_by_hex.csv`: per Raiders configuration and land hex.
#[derive(Serialize)]
pub struct RaidHexRow {
    pub row: usize,
    pub hex: usize,
    pub q: i8,
    pub r: i8,
    pub terrain: &'static str,
    pub token: Option<u8>,
    pub area: Option<String>,
    pub raider_desert: bool,
    pub raided_share: f64,
    pub first_raid_turn_mean: Option<f64>,
    pub raided_at_end_share: f64,
}

/// `raiders_curve.csv`: per Raiders configuration and player-turn.
#[derive(Serialize)]
pub struct RaidersCurveRow {
    pub row: usize,
    pub turn: usize,
    pub games_running: u64,
    pub hexes_raided_mean: f64,
    pub hexes_raided_p10: u32,
    pub hexes_raided_median: u32,
    pub hexes_raided_p90: u32,
    pub buildings_taken_mean: f64,
    pub buildings_taken_p90: u32,
}

/// `seats.csv`: per configuration and seat.
#[derive(Serialize)]
pub struct SeatRow {
    pub row: usize,
    pub seat: usize,
    pub wins: Option<u64>,
    pub win_rate: Option<f64>,
    pub win_rate_lo95: Option<f64>,
    pub win_rate_hi95: Option<f64>,
    pub vp_end_mean: Option<f64>,
    pub vp_end_median: Option<u32>,
    pub vp_end_p10: Option<u32>,
    pub vp_end_p90: Option<u32>,
    pub last_to_ten: Option<u64>,
    pub last_to_ten_share: Option<f64>,
    pub slowest_in_losses: Option<u64>,
    pub slowest_in_losses_share: Option<f64>,
}

/// `flips_by_hex.csv`: per configuration and hex (Robert rows).
#[derive(Serialize)]
pub struct HexRow {
    pub row: usize,
    pub hex: usize,
    pub q: i8,
    pub r: i8,
    pub terrain: &'static str,
    pub token: Option<u8>,
    pub pips: Option<u8>,
    pub flips: u64,
    pub flips_per_game: f64,
    pub flip_backs: u64,
    pub flip_backs_per_game: f64,
    pub face_down_at_end_share: f64,
}

/// `flip_curve.csv`: per configuration and player-turn (Robert rows).
#[derive(Serialize)]
pub struct CurveRow {
    pub row: usize,
    pub turn: usize,
    pub games_running: u64,
    pub face_down_mean: f64,
    pub face_down_p10: u32,
    pub face_down_median: u32,
    pub face_down_p90: u32,
}

/// `decided.csv`: per co-operative row and round, while any of its games runs.
#[derive(Serialize)]
pub struct DecidedRow {
    pub row: usize,
    pub round: u32,
    /// Games running at the round's start (won or lost later; cap-outs left out).
    pub games_running: u64,
    /// The share of them the team went on to win, with its 95% Wilson interval.
    pub won_share: f64,
    pub won_share_lo95: f64,
    pub won_share_hi95: f64,
    /// Games lost (won) in this round over the games running at its start.
    pub loss_hazard: f64,
    pub win_hazard: f64,
}

/// `reliability.csv`: per Robert row and bin of the win-probability model's chance at round
/// starts.
#[derive(Serialize)]
pub struct ReliabilityRow {
    pub row: usize,
    pub chance_lo: f64,
    pub chance_hi: f64,
    pub positions: u64,
    pub chance_mean: f64,
    pub won_share: f64,
}

/// [`Tables::qualifiers`] of a Catan row: the player's knobs, and every rule knob of a named rule
/// set.
const QUALIFIERS: [(&str, &str); 1 + crate::catan::knobs::KEYS.len()] = {
    let mut out = [("player_knobs", "player"); 1 + crate::catan::knobs::KEYS.len()];
    let mut i = 0;
    while i < crate::catan::knobs::KEYS.len() {
        out[i + 1] = (crate::catan::knobs::KEYS[i], "rule_set");
        i += 1;
    }
    out
};

impl Tables for CatanRow<'_> {
    fn games_cap(&self) -> Option<u64> {
        self.games_cap
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let rules = self.spec.rules;
        let robert = rules.variant.robert();
        let solo = rules.variant.solitaire();
        let or_dash = |x: Option<String>| x.unwrap_or_else(|| "-".into());
        vec![
            ("variant", rules.variant.name().to_string()),
            // A row of no named set has `-`, which the settings key leaves out
            // (`keyless_when_absent`: keys as before).
            (
                "rule_set",
                or_dash(self.spec.rule_set.map(|n| n.to_string())),
            ),
            ("player", self.spec.policy_label()),
            // Empty at the player's defaults, as summary.csv's cell.
            ("player_knobs", self.spec.player_knobs()),
            ("players", rules.players.to_string()),
            (
                "lead_seat",
                or_dash(self.spec.lead().map(|s| (s + 1).to_string())),
            ),
            (
                "difficulty",
                or_dash(robert.map(|r| difficulty_label(r.start_cards))),
            ),
            (
                "robert_target",
                or_dash(robert.map(|r| r.target.name().to_string())),
            ),
            (
                "city_weight",
                or_dash(robert.map(|r| r.city_weight.to_string())),
            ),
            ("awards", or_dash(solo.map(|r| r.awards.to_string()))),
            (
                "setup_raiders",
                or_dash(rules.variant.raiders().map(|r| r.setup_raiders.to_string())),
            ),
            (
                "volcano_start",
                or_dash(rules.variant.raiders().map(|r| r.volcano_start.to_string())),
            ),
        ]
        .into_iter()
        .chain(NUMERIC_KNOBS.iter().map(|&k| {
            let raiders = rules.variant.raiders();
            // Raider counts left at the seed's follow the player count: rows of 4 and 5
            // players still differ in players only.
            let v = match (k, raiders) {
                ("raider_pool", Some(o)) => o.raider_pool.map(|x| x.to_string()),
                ("raiders_per_build", Some(o)) => o.raiders_per_build.map(|x| x.to_string()),
                _ => knobs::value(k, &rules).map(|v| crate::tomltext::show(&v)),
            };
            (k, v.unwrap_or_else(|| "-".into()))
        }))
        .chain([
            ("modifiers", rules.modifiers.name().to_string()),
            ("board", self.spec.board.name().to_string()),
        ])
        .collect()
    }

    /// The map, the turn cap and the model file the row played (its hash), beside the settings.
    fn identity(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![
            ("map", self.map.clone()),
            ("turn_cap", self.spec.rules.turn_cap.to_string()),
        ];
        // A map file by its content too: two files of one name, or one file edited, never
        // share a key (a built-in map is fixed by the build).
        if let Some(sha) = &self.topo.source_sha256 {
            v.push(("map_sha256", sha.clone()));
        }
        if let Some(m) = &self.spec.model {
            v.push(("model_sha256", m.sha.to_string()));
        }
        // A win-probability model of the config's (`[shape] winprob`) measures other shape
        // columns: another row (the built-in one adds nothing, so keys stay as they were).
        if let Some(w) = self.spec.winprob {
            v.push(("winprob", w.fingerprint()));
        }
        // Recalibrated on a pilot: other chances, another row.
        if self.spec.recalibrate > 0 {
            v.push(("winprob_recalibrate", self.spec.recalibrate.to_string()));
        }
        v
    }

    /// A player's knobs qualify the player: rows of two players pair on `player` whatever
    /// knobs each plays.
    /// A player's knobs qualify the player; every rule knob qualifies a named rule set (two
    /// named sets differ in their name, whatever knobs tell them apart).
    fn qualifiers() -> &'static [(&'static str, &'static str)] {
        &QUALIFIERS
    }

    fn take_game_log(acc: &mut CatanAcc) -> GameLog {
        std::mem::take(&mut acc.log)
    }

    /// The team's win (co-op), or a lineup's lead seat's.
    fn has_win_rate(&self) -> bool {
        self.spec.rules.variant.team_outcome() || self.spec.lineup.is_some()
    }

    fn half_width95(&self, acc: &CatanAcc) -> f64 {
        let hw = |k: u64| {
            let (lo, hi) = wilson(k, acc.games);
            (hi - lo) / 2.0
        };
        if self.spec.rules.variant.team_outcome() {
            hw(acc.team_wins)
        } else if let Some(lead) = self.spec.lead() {
            hw(acc.seat_wins[lead])
        } else {
            // Competitive games: the widest of the seats' win-rate intervals.
            (0..self.spec.rules.players as usize)
                .map(|s| hw(acc.seat_wins[s]))
                .fold(0.0, f64::max)
        }
    }

    fn headline_columns() -> &'static [&'static str] {
        &[
            "row",
            "variant",
            "players",
            "player",
            "rule_set",
            "player_knobs",
            "lead_seat",
            "board",
            "difficulty",
            "robert_target",
            "city_weight",
            "modifiers",
            "awards",
            "games",
            "win_rate",
            "win_rate_lo95",
            "win_rate_hi95",
            "wins_seat1",
            "wins_seat2",
            "wins_seat3",
            "wins_seat4",
            "wins_seat5",
            "wins_seat6",
            "skill_edge",
            "capouts",
            "turns_median",
            "turns_p10",
            "turns_p90",
            "loss_slowest_vp_short_mean",
            "storm_turn_median",
            "hexes_raided_end_mean",
            "buildings_taken_end_mean",
            // Shown only where rows differ in them (`varying_columns`).
            "vp_to_win",
            "hand_limit",
            "soldier_flips",
            "seven_flips",
            "robert_skip",
            "monopoly",
            "keep_back",
            "reshuffled_knights",
            "destroy_faces",
            "tiles_to_lose",
            "lost_card",
            "knight_play",
            "second_roll_doubles",
            "raider_pool",
            "raiders_per_build",
            "jungle_shelters",
            "taken_discoveries",
        ]
    }

    fn varying_columns() -> &'static [&'static str] {
        NUMERIC_KNOBS
    }

    /// The team script on Robert, alone or as the learned player's script, in any seat
    /// (docs/reference/columns.md, column `stalled`).
    fn can_stall(row: &crate::report::terminal::Row) -> bool {
        let cell = |c: &str| row.get(c).map_or("", String::as_str);
        cell("variant") == "robert"
            && cell("player")
                .split(',')
                .any(|p| matches!(p, "team" | "team-tuned" | "learned"))
    }

    /// `adjacent target`, `city weight 2`, `random board`.
    fn label(key: &str, value: &str) -> Option<String> {
        match key {
            "robert_target" => Some(format!("{value} target")),
            "rule_set" => Some(format!("rules {value}")),
            "city_weight" => Some(format!("city weight {value}")),
            "board" => Some(format!("{value} board")),
            // The knobs name themselves (`team.setup_temperature 3`); a player at its name's
            // defaults is named by the policy alone.
            "player_knobs" => Some(value.to_string()),
            _ => None,
        }
    }

    fn figures(rows: &[Self], accs: &[CatanAcc]) -> Result<Vec<Figure>> {
        crate::catan::lab::figures::figures(rows, accs)
    }

    /// A row of no named rule set keeps the key it had before sets could be named.
    fn keyless_when_absent() -> &'static [&'static str] {
        &["rule_set"]
    }

    fn close_wins(&self, acc: &CatanAcc) -> u64 {
        acc.shape.close_wins
    }

    fn inputs(&self) -> Vec<crate::report::InputFile> {
        self.topo
            .source_sha256
            .iter()
            .map(|sha| crate::report::InputFile {
                kind: "map".into(),
                file: self.map.clone(),
                sha256: sha.clone(),
            })
            .collect()
    }

    fn rulebook(&self, acc: &CatanAcc) -> Option<crate::report::rulebook::Cell> {
        crate::catan::lab::rulebook::cell(self, acc)
    }

    fn rulebook_note() -> &'static str {
        crate::catan::lab::rulebook::NOTE
    }

    fn games(acc: &CatanAcc) -> u64 {
        acc.games
    }

    /// A competitive game has one winner (a capped game none): each seat's share is its wins.
    fn seat_shares(&self, acc: &CatanAcc) -> Vec<(f64, f64)> {
        if self.spec.rules.variant.team_outcome() {
            return Vec::new();
        }
        acc.seat_wins[..self.spec.rules.players as usize]
            .iter()
            .map(|&w| (w as f64, w as f64))
            .collect()
    }

    fn write_tables(&self, row: usize, acc: &CatanAcc, out: &mut ReportDir) -> Result<()> {
        let rules = self.spec.rules;
        let n = acc.games.max(1) as f64;
        let coop = rules.variant.team_outcome();
        let raiders = rules.variant.raiders();
        let groups = crate::catan::lab::summary::groups(self, row, acc, out.row_partial())?;
        out.grouped_row("summary.csv", groups);
        // Seat wins mean nothing in a co-op game, the co-op columns nothing in a competitive one.
        out.optional_columns(
            "seats.csv",
            &[
                "wins",
                "win_rate",
                "win_rate_lo95",
                "win_rate_hi95",
                "last_to_ten",
                "last_to_ten_share",
                "slowest_in_losses",
                "slowest_in_losses_share",
            ],
        );
        for s in 0..rules.players as usize {
            let (lo, hi) = wilson(acc.seat_wins[s], acc.games);
            out.row(
                "seats.csv",
                &SeatRow {
                    row,
                    seat: s + 1,
                    wins: (!coop).then_some(acc.seat_wins[s]),
                    win_rate: (!coop).then(|| r5(acc.seat_wins[s] as f64 / n)),
                    win_rate_lo95: (!coop).then(|| r5(lo)),
                    win_rate_hi95: (!coop).then(|| r5(hi)),
                    vp_end_mean: acc.vp_end[s].mean().map(r3),
                    vp_end_median: acc.vp_end[s].quantile(0.5),
                    vp_end_p10: acc.vp_end[s].quantile(0.1),
                    vp_end_p90: acc.vp_end[s].quantile(0.9),
                    last_to_ten: coop.then_some(acc.last_to_ten[s]),
                    last_to_ten_share: coop
                        .then(|| r5(acc.last_to_ten[s] as f64 / acc.team_wins.max(1) as f64)),
                    slowest_in_losses: coop.then_some(acc.slowest_in_loss[s]),
                    slowest_in_losses_share: coop
                        .then(|| r5(acc.slowest_in_loss[s] as f64 / acc.team_losses.max(1) as f64)),
                },
            )?;
        }
        if raiders.is_some() {
            for h in self.topo.land_hexes.iter() {
                let spec = &self.topo.hex_spec[h];
                let ever = acc.raiders.hex_raided.get(h).copied().unwrap_or(0);
                let sum = acc.raiders.hex_first_raid_sum.get(h).copied().unwrap_or(0);
                let end = acc.raiders.hex_raided_end.get(h).copied().unwrap_or(0);
                out.row(
                    "raids_by_hex.csv",
                    &RaidHexRow {
                        row,
                        hex: h,
                        q: spec.q,
                        r: spec.r,
                        terrain: spec.terrain.name(),
                        token: spec.token,
                        area: self.topo.area_name(h).map(str::to_string),
                        raider_desert: self.topo.raider_deserts.contains(h),
                        raided_share: r5(ever as f64 / n),
                        first_raid_turn_mean: (ever > 0).then(|| r3(sum as f64 / ever as f64)),
                        raided_at_end_share: r5(end as f64 / n),
                    },
                )?;
            }
            for (t, h) in acc.raiders.raided_curve.steps.iter().enumerate() {
                if h.count() == 0 {
                    continue;
                }
                let k = acc.raiders.taken_curve.steps.get(t);
                out.row(
                    "raiders_curve.csv",
                    &RaidersCurveRow {
                        row,
                        turn: t,
                        games_running: h.count(),
                        hexes_raided_mean: h.mean().map_or(0.0, r3),
                        hexes_raided_p10: h.quantile(0.1).unwrap_or(0),
                        hexes_raided_median: h.quantile(0.5).unwrap_or(0),
                        hexes_raided_p90: h.quantile(0.9).unwrap_or(0),
                        buildings_taken_mean: k.and_then(|k| k.mean()).map_or(0.0, r3),
                        buildings_taken_p90: k.and_then(|k| k.quantile(0.9)).unwrap_or(0),
                    },
                )?;
            }
        }
        if coop {
            for c in acc.shape.decided_curve() {
                let (lo, hi) = wilson(c.won_later, c.running);
                let n = c.running as f64;
                out.row(
                    "decided.csv",
                    &DecidedRow {
                        row,
                        round: c.round,
                        games_running: c.running,
                        won_share: r5(c.won_share()),
                        won_share_lo95: r5(lo),
                        won_share_hi95: r5(hi),
                        loss_hazard: r5(c.lost_now as f64 / n),
                        win_hazard: r5(c.won_now as f64 / n),
                    },
                )?;
            }
        }
        if rules.variant.robert().is_none() {
            return Ok(());
        }
        for (b, positions, mean, won) in acc.shape.reliability() {
            let w = 1.0 / crate::catan::shape::BINS as f64;
            out.row(
                "reliability.csv",
                &ReliabilityRow {
                    row,
                    chance_lo: r3(b as f64 * w),
                    chance_hi: r3((b + 1) as f64 * w),
                    positions,
                    chance_mean: r5(mean),
                    won_share: r5(won),
                },
            )?;
        }
        let fixed = self.spec.board == BoardKind::Fixed;
        // A random board's hexes have no one token or pips (terrain: `shuffled`).
        out.optional_columns("flips_by_hex.csv", &["token", "pips"]);
        for h in self.topo.land_hexes.iter() {
            let spec = self.topo.hex_spec[h];
            let down = acc.robert.hex_down.get(h).copied().unwrap_or(0);
            let up = acc.robert.hex_up.get(h).copied().unwrap_or(0);
            let end = acc.robert.hex_down_end.get(h).copied().unwrap_or(0);
            out.row(
                "flips_by_hex.csv",
                &HexRow {
                    row,
                    hex: h,
                    q: spec.q,
                    r: spec.r,
                    terrain: if fixed {
                        spec.terrain.name()
                    } else {
                        "shuffled"
                    },
                    token: if fixed { spec.token } else { None },
                    pips: if fixed { spec.token.map(pips) } else { None },
                    flips: down,
                    flips_per_game: r5(down as f64 / n),
                    flip_backs: up,
                    flip_backs_per_game: r5(up as f64 / n),
                    face_down_at_end_share: r5(end as f64 / n),
                },
            )?;
        }
        for (t, h) in acc.robert.curve.steps.iter().enumerate() {
            if h.count() == 0 {
                continue;
            }
            out.row(
                "flip_curve.csv",
                &CurveRow {
                    row,
                    turn: t,
                    games_running: h.count(),
                    face_down_mean: h.mean().map_or(0.0, r3),
                    face_down_p10: h.quantile(0.1).unwrap_or(0),
                    face_down_median: h.quantile(0.5).unwrap_or(0),
                    face_down_p90: h.quantile(0.9).unwrap_or(0),
                },
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row labels in Catan's words: the settings that read as a phrase, the others as the
    /// report layer words them.
    #[test]
    fn labels_in_catans_words() {
        let l = |k, v| CatanRow::label(k, v);
        assert_eq!(l("robert_target", "adjacent").unwrap(), "adjacent target");
        assert_eq!(l("city_weight", "2").unwrap(), "city weight 2");
        assert_eq!(l("board", "random").unwrap(), "random board");
        assert_eq!(l("players", "3"), None);
        assert_eq!(l("soldier_flips", "3"), None);
        // A player's knobs name themselves; at its defaults, nothing.
        let k = "team.setup_temperature 3";
        assert_eq!(l("player_knobs", k).unwrap(), k);
        assert_eq!(l("player_knobs", "").unwrap(), "");
    }

    /// The terminal summary's `stalled` column: the policies that concede, on Robert only.
    #[test]
    fn the_team_script_on_robert_can_stall() {
        let row = |variant: &str, policy: &str| {
            [("variant", variant), ("player", policy)]
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .into()
        };
        for p in ["team", "team-tuned", "learned", "learned,greedy,greedy"] {
            assert!(CatanRow::can_stall(&row("robert", p)), "{p}");
            assert!(!CatanRow::can_stall(&row("base", p)), "{p}");
        }
        assert!(!CatanRow::can_stall(&row("robert", "greedy")));
    }
}
