//! The shape of a co-operative game: wins and losses apart, and when a game is decided.
//!
//! What a win rate hides. Lengths (player-turns and rounds: a round is every player taking one
//! turn) and Robert's face-down tokens are kept for wins and for losses apart, since the two are
//! different populations. When a game is decided is read two ways:
//! - from the games alone (no model): the chance that a game still running at the start of
//!   round R is won, and the loss hazard of round R (its losses over the games running at its
//!   start), both from the rounds at which the row's games were won and lost;
//! - per game, from the win-probability model (`configs/models/robert-winprob.toml`, scored at
//!   the start of every round of a Robert game): the round from which the model stayed on the
//!   side of the game's outcome (above 0.9 for a win, below 0.1 for a loss), the rounds played
//!   after it (dead rounds), and comeback wins (the model gave the team under 0.25 at some
//!   round start). The model's calibration on the row's own games (its reliability in ten bins,
//!   Brier score, expected calibration error) is kept beside it, and reports use the per-game
//!   measures only where that error is at most [`MAX_ECE`].
//!
//! A close win is one in which Robert came within [`CLOSE_TOKENS`] tokens of his goal (every
//! token face down). Everything here is an integer count, so merging in any order gives the same
//! result.

use crate::catan::policy::value::ValueModel;
use crate::catan::*;
use crate::engine::stats::{accumulator, Hist};
use serde::{Deserialize, Serialize};

/// Bins of the reliability table (predicted chance 0-0.1, 0.1-0.2, ...).
pub const BINS: usize = 10;

/// A predicted chance is kept in units of 1/`SCALE` (integer sums merge exactly).
const SCALE: f64 = 10_000.0;

/// The most expected calibration error at which the per-game measures of the model are used.
pub const MAX_ECE: f64 = 0.03;

/// A win is close when Robert had all but this many tokens face down at some point.
pub const CLOSE_TOKENS: u32 = 3;

/// The model is sure of a win above this chance and of a loss below `1 - SURE`.
pub const SURE: f64 = 0.9;

/// A win is a comeback when the model gave the team under this chance at some round start.
pub const COMEBACK: f64 = 0.25;

accumulator! {
    /// A co-operative row's games, wins and losses apart (see the module's text).
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct ShapeAcc {
        /// Rounds to the end of every game (pooled), and player-turns and rounds of wins and
        /// of losses apart.
        #[serde(default)]
        pub rounds: Hist,
        #[serde(default)]
        pub turns_win: Hist,
        #[serde(default)]
        pub turns_loss: Hist,
        #[serde(default)]
        pub rounds_win: Hist,
        #[serde(default)]
        pub rounds_loss: Hist,
        /// Robert: tokens face down at the end and at most, in wins and in losses.
        #[serde(default)]
        pub face_down_end_win: Hist,
        #[serde(default)]
        pub face_down_end_loss: Hist,
        #[serde(default)]
        pub face_down_max_win: Hist,
        #[serde(default)]
        pub face_down_max_loss: Hist,
        /// Robert: wins in which he came within `CLOSE_TOKENS` of his goal.
        #[serde(default)]
        pub close_wins: u64,
        /// The win-probability model at round starts, per bin of its chance: positions, the sum
        /// of the chances (in 1/`SCALE`), and positions of games won.
        #[serde(default)]
        pub value_positions: [u64; BINS],
        #[serde(default)]
        pub value_chance: [u64; BINS],
        #[serde(default)]
        pub value_won: [u64; BINS],
        /// The sum of the squared errors (chance - outcome)², in 1/`SCALE`².
        #[serde(default)]
        pub value_sq_error: u64,
        /// Games the model scored; the round from which it stayed on the outcome's side (a game
        /// it never was before the end counts its last round + 1), the rounds at or after it,
        /// and the rounds of those games.
        #[serde(default)]
        pub value_games: u64,
        #[serde(default)]
        pub decided_round: Hist,
        #[serde(default)]
        pub dead_rounds: u64,
        #[serde(default)]
        pub scored_rounds: u64,
        /// Wins in which the model gave the team under `COMEBACK` at some round start.
        #[serde(default)]
        pub comeback_wins: u64,
    }
}

/// One game's round starts as the model saw them (kept by the recorder, added to the row at the
/// game's end).
#[derive(Clone, Copy, Debug)]
pub struct RoundWatch {
    players: u32,
    /// The player-turn last seen.
    turn: u32,
    /// Round starts scored, per bin: positions and summed chances; the sums of the chances and
    /// their squares.
    positions: [u32; BINS],
    chance: [u64; BINS],
    sum: u64,
    sum_sq: u64,
    rounds: u32,
    min_chance: f64,
    /// The side the model was sure of at the last round start (1 win, -1 loss, 0 unsure) and
    /// the round since which it has been.
    side: i8,
    since: u32,
}

impl RoundWatch {
    pub fn new(players: u8) -> RoundWatch {
        RoundWatch {
            players: players.max(1) as u32,
            turn: 0,
            positions: [0; BINS],
            chance: [0; BINS],
            sum: 0,
            sum_sq: 0,
            rounds: 0,
            min_chance: 1.0,
            side: 0,
            since: 0,
        }
    }

    /// After a step: at the start of a round (player-turns 1, n + 1, 2n + 1, ...) the model
    /// scores the position.
    #[inline]
    pub fn after_step(&mut self, g: &Game, model: &ValueModel) {
        let t = g.s.turn;
        if t == self.turn || t == 0 || g.is_over() {
            return;
        }
        self.turn = t;
        if !(t - 1).is_multiple_of(self.players) {
            return;
        }
        let round = (t - 1) / self.players + 1;
        let p = model.value(g);
        let units = (p * SCALE).round() as u64;
        let bin = ((p * BINS as f64) as usize).min(BINS - 1);
        self.positions[bin] += 1;
        self.chance[bin] += units;
        self.sum += units;
        self.sum_sq += units * units;
        self.rounds += 1;
        self.min_chance = self.min_chance.min(p);
        let side = if p > SURE {
            1
        } else if p < 1.0 - SURE {
            -1
        } else {
            0
        };
        if side != self.side {
            self.side = side;
            self.since = round;
        }
    }

    /// The game's end: its scored rounds into `acc`.
    pub fn finish(&self, won: bool, last_round: u32, acc: &mut ShapeAcc) {
        if self.rounds == 0 {
            return;
        }
        let y = if won { SCALE as u64 } else { 0 };
        for b in 0..BINS {
            let n = self.positions[b] as u64;
            acc.value_positions[b] += n;
            acc.value_chance[b] += self.chance[b];
            if won {
                acc.value_won[b] += n;
            }
        }
        // Σ (p - y)² = Σ p² - 2 y Σ p + n y², in units of 1/SCALE².
        let n = self.rounds as u64;
        acc.value_sq_error += (self.sum_sq + n * y * y) - 2 * y * self.sum;
        let outcome_side = if won { 1 } else { -1 };
        let decided = if self.side == outcome_side {
            self.since
        } else {
            last_round + 1
        };
        acc.value_games += 1;
        acc.decided_round.add(decided);
        acc.scored_rounds += n;
        acc.dead_rounds += (last_round + 1).saturating_sub(decided).min(self.rounds) as u64;
        if won && self.min_chance < COMEBACK {
            acc.comeback_wins += 1;
        }
    }
}

/// Rounds of a game of `turns` player-turns with `players` players (a round begun counts).
pub use crate::engine::stats::rounds;

impl ShapeAcc {
    /// Records one finished co-operative game (`won`: the team won; a cap-out is neither and
    /// is left out of the split); `tokens`: Robert's face-down tokens at the end and at most,
    /// and the tokens on the board.
    pub fn record(
        &mut self,
        turns: u32,
        players: u8,
        won: Option<bool>,
        tokens: Option<(u32, u32, u32)>,
    ) {
        let r = rounds(turns, players);
        self.rounds.add(r);
        let Some(won) = won else {
            return;
        };
        let (t, rr) = if won {
            (&mut self.turns_win, &mut self.rounds_win)
        } else {
            (&mut self.turns_loss, &mut self.rounds_loss)
        };
        t.add(turns);
        rr.add(r);
        if let Some((end, max, all)) = tokens {
            let (e, m) = if won {
                (&mut self.face_down_end_win, &mut self.face_down_max_win)
            } else {
                (&mut self.face_down_end_loss, &mut self.face_down_max_loss)
            };
            e.add(end);
            m.add(max);
            if won && max + CLOSE_TOKENS >= all {
                self.close_wins += 1;
            }
        }
    }

    /// The model's expected calibration error over the bins (positions-weighted |mean chance -
    /// win share|), its Brier score, and the positions scored; `None` when it scored none.
    pub fn calibration(&self) -> Option<(f64, f64, u64)> {
        let n: u64 = self.value_positions.iter().sum();
        if n == 0 {
            return None;
        }
        let mut ece = 0.0;
        for b in 0..BINS {
            let k = self.value_positions[b];
            if k == 0 {
                continue;
            }
            let mean = self.value_chance[b] as f64 / SCALE / k as f64;
            let won = self.value_won[b] as f64 / k as f64;
            ece += k as f64 / n as f64 * (mean - won).abs();
        }
        let brier = self.value_sq_error as f64 / (SCALE * SCALE) / n as f64;
        Some((ece, brier, n))
    }

    /// Per bin: positions, mean chance, share of them in won games.
    pub fn reliability(&self) -> Vec<(usize, u64, f64, f64)> {
        (0..BINS)
            .filter(|&b| self.value_positions[b] > 0)
            .map(|b| {
                let k = self.value_positions[b];
                (
                    b,
                    k,
                    self.value_chance[b] as f64 / SCALE / k as f64,
                    self.value_won[b] as f64 / k as f64,
                )
            })
            .collect()
    }

    /// The decided curve from the games alone, round by round while any game runs.
    pub fn decided_curve(&self) -> Vec<DecidedRound> {
        let last = self
            .rounds_win
            .quantile(1.0)
            .max(self.rounds_loss.quantile(1.0))
            .unwrap_or(0);
        let wins_at = |r: u32| self.rounds_win.count_at(r);
        let losses_at = |r: u32| self.rounds_loss.count_at(r);
        let mut wins_left = self.rounds_win.count();
        let mut losses_left = self.rounds_loss.count();
        let mut out = Vec::new();
        for r in 1..=last {
            let running = wins_left + losses_left;
            if running == 0 {
                break;
            }
            let (w, l) = (wins_at(r), losses_at(r));
            out.push(DecidedRound {
                round: r,
                running,
                won_later: wins_left,
                lost_now: l,
                won_now: w,
            });
            wins_left -= w;
            losses_left -= l;
        }
        out
    }

    /// Whether the row's outcome is never in doubt: at every round start, from the first, at
    /// least [`SURE`] of the games still running end the same way (the curve is sure from
    /// round 1), so no round decides it. The reason, in words (`never in doubt: 0.0% of the won
    /// and lost games won, ...`), or `None`.
    pub fn never_in_doubt(&self) -> Option<String> {
        self.doubt(self.certain_round())
    }

    /// [`ShapeAcc::never_in_doubt`] given the row's certain round `r`.
    fn doubt(&self, r: Option<u32>) -> Option<String> {
        let (w, l) = (self.rounds_win.count(), self.rounds_loss.count());
        if w + l == 0 || r != Some(1) {
            return None;
        }
        Some(format!(
            "never in doubt: {:.1}% of the won and lost games won, and at every round start at least 90% of the games still running end the same way",
            100.0 * w as f64 / (w + l) as f64
        ))
    }

    /// [`ShapeAcc::certain_round`] for a row whose outcome is in doubt, with the reason where
    /// there is none: never in doubt, no game won or lost, or never 90% certain.
    pub fn certain_round_why(&self) -> (Option<u32>, String) {
        let r = self.certain_round();
        if let Some(why) = self.doubt(r) {
            return (None, why);
        }
        if self.rounds_win.count() + self.rounds_loss.count() == 0 {
            return (None, "no game won or lost (every game capped)".into());
        }
        match r {
            Some(r) => (Some(r), String::new()),
            None => (
                None,
                "never 90% certain while 1% of the won and lost games (and 10) still ran".into(),
            ),
        }
    }

    /// The model's per-game measures (decided round median, dead-round share, comeback-win
    /// share) where they mean what they say, each with the reason where empty: never in doubt,
    /// no model scored the games, its calibration error above [`MAX_ECE`], no wins.
    pub fn decided_why(&self) -> [(Option<f64>, String); 3] {
        let wins = self.rounds_win.count();
        let blank = |why: &str| {
            [
                (None, why.to_string()),
                (None, why.to_string()),
                (None, why.to_string()),
            ]
        };
        if let Some(why) = self.never_in_doubt() {
            return blank(&why);
        }
        let Some((ece, _, _)) = self.calibration() else {
            return blank("no win-probability model scored the games");
        };
        if ece > MAX_ECE {
            return blank(&format!(
                "the win-probability model's calibration error {ece:.3} is above {MAX_ECE}"
            ));
        }
        let decided = match self.decided_round.quantile(0.5) {
            Some(r) => (Some(f64::from(r)), String::new()),
            None => (None, "no game scored".into()),
        };
        let dead = if self.scored_rounds > 0 {
            (
                Some(self.dead_rounds as f64 / self.scored_rounds as f64),
                String::new(),
            )
        } else {
            (None, "no round scored".into())
        };
        let comeback = if wins > 0 {
            (Some(self.comeback_wins as f64 / wins as f64), String::new())
        } else {
            (None, "no game won".into())
        };
        [decided, dead, comeback]
    }

    /// The first round from which the outcome of a game still running is 90% certain (the
    /// share won of the games running at every later round start is at least 0.9 or at most
    /// 0.1), looking only at rounds where at least 1% of the decided games (and 10) still run.
    /// A row never in doubt has it at round 1: reports use [`ShapeAcc::certain_round_why`].
    pub fn certain_round(&self) -> Option<u32> {
        crate::engine::stats::certain_round(&self.rounds_win, &self.rounds_loss, SURE)
    }
}

/// One round of the decided curve: the games running at its start, how many of them the team
/// went on to win, and the games lost and won in the round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecidedRound {
    pub round: u32,
    pub running: u64,
    pub won_later: u64,
    pub lost_now: u64,
    pub won_now: u64,
}

impl DecidedRound {
    /// The share of the games running at the round's start that the team went on to win.
    pub fn won_share(&self) -> f64 {
        self.won_later as f64 / self.running as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of `games` games of 4 players, `wins` of them won: wins end at rounds 20-39,
    /// losses at rounds 10-29 (a loss is quicker), spread evenly.
    fn row(games: u32, wins: u32) -> ShapeAcc {
        let mut a = ShapeAcc::default();
        for g in 0..games {
            let won = g < wins;
            let round = if won { 20 + g % 20 } else { 10 + g % 20 };
            a.record(round * 4, 4, Some(won), None);
        }
        a
    }

    /// A row the team almost never wins (0.01%) or almost always wins (99%) is never in doubt:
    /// no certain round, no model measure, and the reason says so; a 50% row is decided at a
    /// round past the first and has no reason.
    #[test]
    fn lopsided_rows_are_never_in_doubt() {
        for (wins, share) in [(1, "0.0%"), (9_900, "99.0%")] {
            let a = row(10_000, wins);
            assert_eq!(
                a.certain_round(),
                Some(1),
                "read alone, it is decided at once"
            );
            let (r, why) = a.certain_round_why();
            assert_eq!(r, None);
            assert!(
                why.starts_with("never in doubt") && why.contains(share),
                "{why}"
            );
            for (v, w) in a.decided_why() {
                assert_eq!((v, w.as_str()), (None, why.as_str()));
            }
        }
        let even = row(10_000, 5_000);
        let (r, why) = even.certain_round_why();
        assert!(r.is_some_and(|r| r > 1) && why.is_empty(), "{r:?} {why}");
        assert_eq!(even.never_in_doubt(), None);
        // No model scored the games; a model too far off to use.
        assert_eq!(
            even.decided_why()[0].1,
            "no win-probability model scored the games"
        );
        let mut off = even.clone();
        off.value_positions[5] = 100;
        off.value_chance[5] = 100 * 5_500;
        let [d, _, c] = off.decided_why();
        assert_eq!(d.0, None);
        assert!(d.1.contains("calibration error 0.550"), "{}", d.1);
        assert_eq!(c.1, d.1);
        // Every game capped: nothing won or lost.
        let mut capped = ShapeAcc::default();
        capped.record(400, 4, None, None);
        assert_eq!(
            capped.certain_round_why().1,
            "no game won or lost (every game capped)"
        );
    }
}
