//! The race with and without The Robbers: the winner's margin, first-to-last gap, mid-game leader.

use crate::carcassonne::{Event, Game, Sink, MAX_PLAYERS};
use crate::engine::stats::{accumulator, wilson, PairedBinary, PairedDiffs};
use crate::report::{r3, r5};
use serde::{Deserialize, Serialize};

/// Watches one game's scores and notes who leads when half its tiles are placed.
#[derive(Clone, Copy, Debug, Default)]
pub struct MidGame {
    scores: [u32; MAX_PLAYERS],
    /// Tiles placed at mid-game: half the game's pile (its robber tiles included), rounded up.
    half: u32,
    /// The seat alone in the lead at mid-game (`None`: tied, or not reached).
    pub leader: Option<u8>,
}

impl MidGame {
    pub fn new(g: &Game) -> MidGame {
        MidGame {
            half: (g.total_tiles() as u32 - 1).div_ceil(2),
            ..MidGame::default()
        }
    }
}

impl Sink<Event> for MidGame {
    #[inline]
    fn event(&mut self, e: &Event) {
        match *e {
            Event::Score { player, points, .. } | Event::RobberFinal { player, points } => {
                self.scores[player as usize] += points as u32
            }
            Event::Robbery { robber, points, .. } => self.scores[robber as usize] += points as u32,
            // Before this placement scores: every earlier placement has.
            Event::Placed { turn, .. } if turn == self.half => {
                let max = self.scores.iter().copied().max().unwrap_or(0);
                let mut leaders = (0..MAX_PLAYERS).filter(|&p| self.scores[p] == max);
                self.leader = match (leaders.next(), leaders.next()) {
                    (Some(p), None) => Some(p as u8),
                    _ => None,
                };
            }
            _ => {}
        }
    }
}

/// One finished game's race: the winner's margin over the second, the gap from first to last,
/// and whether the mid-game leader won (`None` without a sole mid-game leader).
#[derive(Clone, Copy, Debug)]
pub struct RaceOf {
    margin: i64,
    gap: i64,
    leader_won: Option<bool>,
}

impl RaceOf {
    pub fn of(g: &Game, mid: &MidGame) -> RaceOf {
        let n = g.rules.players as usize;
        let mut s: Vec<i64> = g.score[..n].iter().map(|&x| x as i64).collect();
        s.sort_unstable_by(|a, b| b.cmp(a));
        RaceOf {
            margin: s[0] - s[1],
            gap: s[0] - s[n - 1],
            leader_won: mid.leader.map(|p| g.winners() & (1 << p) != 0),
        }
    }
}

accumulator! {
    /// Games with The Robbers (A) against their twins without (B), paired.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct Race {
        /// Winner's margin over the second, with minus without.
        pub margin: PairedDiffs,
        pub margin_with: i64,
        /// First's score minus last's, with minus without.
        pub gap: PairedDiffs,
        pub gap_with: i64,
        /// Games with a sole mid-game leader in both: that leader won (ties included), with (A)
        /// and without (B).
        pub leader_won: PairedBinary,
        /// Games with a sole mid-game leader, and those the leader won, with and without.
        pub led_with: u64,
        pub led_won_with: u64,
        pub led_without: u64,
        pub led_won_without: u64,
    }
}

impl Race {
    pub fn add(&mut self, with: RaceOf, without: RaceOf) {
        self.margin.add(with.margin - without.margin);
        self.margin_with += with.margin;
        self.gap.add(with.gap - without.gap);
        self.gap_with += with.gap;
        if let Some(w) = with.leader_won {
            self.led_with += 1;
            self.led_won_with += w as u64;
        }
        if let Some(w) = without.leader_won {
            self.led_without += 1;
            self.led_won_without += w as u64;
        }
        if let (Some(a), Some(b)) = (with.leader_won, without.leader_won) {
            let t = &mut self.leader_won;
            match (a, b) {
                (true, true) => t.both += 1,
                (true, false) => t.only_a += 1,
                (false, true) => t.only_b += 1,
                (false, false) => t.neither += 1,
            }
        }
    }
}

/// `carcassonne_race.csv`: one line per row with The Robbers.
#[derive(Serialize)]
pub struct RaceRow {
    pub row: usize,
    pub games: u64,
    pub winner_margin_with: f64,
    pub winner_margin_without: f64,
    pub winner_margin_diff: f64,
    pub winner_margin_diff_lo95: f64,
    pub winner_margin_diff_hi95: f64,
    pub gap_first_last_with: f64,
    pub gap_first_last_without: f64,
    pub gap_first_last_diff: f64,
    pub gap_first_last_diff_lo95: f64,
    pub gap_first_last_diff_hi95: f64,
    pub mid_leader_games_with: u64,
    pub mid_leader_win_rate_with: f64,
    pub mid_leader_win_rate_with_lo95: f64,
    pub mid_leader_win_rate_with_hi95: f64,
    pub mid_leader_games_without: u64,
    pub mid_leader_win_rate_without: f64,
    pub mid_leader_win_rate_without_lo95: f64,
    pub mid_leader_win_rate_without_hi95: f64,
    /// Games with a sole mid-game leader in both, and the paired difference there.
    pub mid_leader_paired_games: u64,
    pub mid_leader_win_diff: f64,
    pub mid_leader_win_diff_lo95: f64,
    pub mid_leader_win_diff_hi95: f64,
}

impl RaceRow {
    pub fn of(row: usize, r: &Race) -> RaceRow {
        let n = r.margin.n.max(1) as f64;
        let t = |d: &PairedDiffs| {
            d.t_test(0.95)
                .map_or((0.0, 0.0, 0.0), |t| (r3(t.mean), r3(t.lo), r3(t.hi)))
        };
        let (md, ml, mh) = t(&r.margin);
        let (gd, gl, gh) = t(&r.gap);
        let rate = |k: u64, m: u64| {
            let (lo, hi) = wilson(k, m);
            (r5(k as f64 / m.max(1) as f64), r5(lo), r5(hi))
        };
        let (w, wl, wh) = rate(r.led_won_with, r.led_with);
        let (o, ol, oh) = rate(r.led_won_without, r.led_without);
        let (dl, dh) = r.leader_won.newcombe_interval(0.95);
        RaceRow {
            row,
            games: r.margin.n,
            winner_margin_with: r3(r.margin_with as f64 / n),
            winner_margin_without: r3((r.margin_with - r.margin.sum) as f64 / n),
            winner_margin_diff: md,
            winner_margin_diff_lo95: ml,
            winner_margin_diff_hi95: mh,
            gap_first_last_with: r3(r.gap_with as f64 / n),
            gap_first_last_without: r3((r.gap_with - r.gap.sum) as f64 / n),
            gap_first_last_diff: gd,
            gap_first_last_diff_lo95: gl,
            gap_first_last_diff_hi95: gh,
            mid_leader_games_with: r.led_with,
            mid_leader_win_rate_with: w,
            mid_leader_win_rate_with_lo95: wl,
            mid_leader_win_rate_with_hi95: wh,
            mid_leader_games_without: r.led_without,
            mid_leader_win_rate_without: o,
            mid_leader_win_rate_without_lo95: ol,
            mid_leader_win_rate_without_hi95: oh,
            mid_leader_paired_games: r.leader_won.n(),
            mid_leader_win_diff: r5(r.leader_won.diff()),
            mid_leader_win_diff_lo95: r5(dl),
            mid_leader_win_diff_hi95: r5(dh),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::carcassonne::{Feature, Rules, TileSet};

    /// The leader is noted when half the tiles lie, from every way points come; a tie has none.
    #[test]
    fn the_mid_game_leader_is_whoever_leads_when_half_the_tiles_lie() {
        let t = TileSet::base();
        let g = Game::new(&t, Rules::base(3));
        let mut m = MidGame::new(&g);
        assert_eq!(m.half, 36, "71 tiles to place");
        let score = |player, points| Event::Score {
            player,
            points,
            feature: Feature::Road,
            complete: true,
        };
        let placed = |turn| Event::Placed {
            player: 0,
            kind: 0,
            cell: 0,
            rot: 0,
            turn,
        };
        m.event(&score(1, 4));
        m.event(&Event::Robbery {
            robber: 2,
            victim: 1,
            points: 4,
            space: 0,
        });
        m.event(&placed(35));
        assert_eq!(m.leader, None, "not yet half");
        m.event(&placed(36));
        assert_eq!(m.leader, None, "seats 2 and 3 tie");
        let mut m2 = m;
        m2.event(&Event::RobberFinal {
            player: 2,
            points: 3,
        });
        m2.event(&placed(36));
        assert_eq!(m2.leader, Some(2));
    }

    /// Paired sums: a game whose margin grows by 5 and whose leader wins only with the
    /// expansion.
    #[test]
    fn race_pairs_each_game_with_its_twin() {
        let mut r = Race::default();
        let with = RaceOf {
            margin: 10,
            gap: 30,
            leader_won: Some(true),
        };
        let without = RaceOf {
            margin: 5,
            gap: 20,
            leader_won: Some(false),
        };
        r.add(with, without);
        r.add(with, with);
        let row = RaceRow::of(0, &r);
        assert_eq!(row.winner_margin_with, 10.0);
        assert_eq!(row.winner_margin_without, 7.5);
        assert_eq!(row.winner_margin_diff, 2.5);
        assert_eq!(row.gap_first_last_without, 25.0);
        assert_eq!(row.mid_leader_win_rate_with, 1.0);
        assert_eq!(row.mid_leader_win_rate_without, 0.5);
        assert_eq!((r.leader_won.both, r.leader_won.only_a), (1, 1));
    }
}
