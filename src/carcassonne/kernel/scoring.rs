//! Followers and scoring: completed features, scoring rounds and the final score.
//!
//! Followers and scoring: where a follower may go, the features the last tile completed and their
//! points, the scoring round through the scoreboard, the final scoring and the winners.

use super::features::MAX_PLAYERS;
use super::game::{Event, Game, Phase, Sink};
use super::scoreboard::{resolve_round, Move, RoundEvent, IN_STOCK, TRACK};
use super::tiles::{Feature, MAX_SEGS};
use arrayvec::ArrayVec;

impl Game<'_> {
    /// Local segments of the just-placed tile a follower may go on (none without stock).
    pub fn follower_spots(&self) -> ArrayVec<u8, MAX_SEGS> {
        let mut v = ArrayVec::new();
        if self.stock[self.current as usize] == 0 {
            return v;
        }
        let idx = self.placed.len() - 1;
        let n = self.t.shapes[self.placed[idx].shape as usize].segs.len();
        for l in 0..n as u8 {
            let r = self.root(Self::seg_id(idx, l));
            if self.features.meeples(r).iter().all(|&m| m == 0) {
                v.push(l);
            }
        }
        v
    }

    /// Scores the features the last tile completed: one scoring round.
    pub(super) fn score_placement(&mut self, sink: &mut impl Sink<Event>) {
        let idx = self.placed.len() - 1;
        let shape = &self.t.shapes[self.placed[idx].shape as usize];
        let mut done: ArrayVec<u16, 16> = ArrayVec::new();
        for (l, seg) in shape.segs.iter().enumerate() {
            if matches!(seg.kind, Feature::Road | Feature::City) {
                let r = self.features.find(Self::seg_id(idx, l as u8));
                if self.features.open(r) == 0 && !done.contains(&r) {
                    done.push(r);
                }
            }
        }
        done.extend(self.done_cloisters.iter().copied());
        // (player, points, feature)
        let mut scores: ArrayVec<(u8, u16, Feature), 48> = ArrayVec::new();
        for &r in &done {
            let m = *self.features.meeples(r);
            let winners = Self::majority(&m);
            if winners == 0 {
                continue;
            }
            let pts = self.points(r, true);
            for p in 0..MAX_PLAYERS as u8 {
                if winners & (1 << p) != 0 {
                    scores.push((p, pts, self.features.kind(r)));
                }
            }
            self.return_followers(r, sink);
        }
        // Each player orders their own scores (footnote 8): smallest first until they choose
        // otherwise in `Phase::Order`.
        scores.sort_by_key(|&(p, pts, _)| (p, pts));
        self.round_scores = scores;
        self.round_next = 0;
    }

    /// Points of a feature (root `r`): complete or at the end.
    fn points(&self, r: u16, complete: bool) -> u16 {
        let f = &self.features;
        match f.kind(r) {
            Feature::Road => f.tiles(r) as u16,
            Feature::City => {
                let per = if complete { 2 } else { 1 };
                per * (f.tiles(r) as u16 + f.pennants(r) as u16)
            }
            Feature::Cloister => 1 + f.open(r) as u16,
            Feature::Field => 0,
        }
    }

    /// Majority holders of a feature's followers (ties all score).
    fn majority(m: &[u8; MAX_PLAYERS]) -> u8 {
        let max = *m.iter().max().unwrap_or(&0);
        if max == 0 {
            return 0;
        }
        let mut bits = 0;
        for (p, &c) in m.iter().enumerate() {
            if c == max {
                bits |= 1 << p;
            }
        }
        bits
    }

    /// Returns the followers on feature root `r` to their owners.
    fn return_followers(&mut self, r: u16, sink: &mut impl Sink<Event>) {
        let mut back = [0u8; MAX_PLAYERS];
        let mut i = 0;
        while i < self.followers.len() {
            let (s, p) = self.followers[i];
            if self.features.find(s) == r {
                back[p as usize] += 1;
                self.followers.swap_remove(i);
            } else {
                i += 1;
            }
        }
        for (p, &n) in back.iter().enumerate() {
            if n > 0 {
                self.stock[p] += n;
                self.features.remove_followers(r, p as u8, n);
                sink.event(&Event::FollowersReturned { player: p as u8, n });
            }
        }
    }

    /// Applies one scoring round through the scoreboard (robbers take their share).
    pub(super) fn round(&mut self, scores: &[(u8, u16, Feature)], sink: &mut impl Sink<Event>) {
        let mut moves: ArrayVec<Move, 48> = ArrayVec::new();
        for &(p, points, feature) in scores {
            self.score[p as usize] += points;
            moves.push(Move { figure: p, points });
            sink.event(&Event::Score {
                player: p,
                points,
                feature,
                complete: true,
            });
        }
        // Each robber takes what its owner chose in `Phase::Rob` (the only one, without a choice).
        let choice = self.rob_choice;
        let events = resolve_round(&mut self.sb, &moves, &mut |r, _cands: &[u8]| {
            choice[r as usize] as usize
        });
        for e in events {
            match e {
                RoundEvent::Robbery {
                    robber,
                    figure,
                    points,
                    space,
                    ..
                } => {
                    let robber = self.sb.owner_of(robber);
                    self.score[robber as usize] += points;
                    sink.event(&Event::Robbery {
                        robber,
                        victim: self.sb.owner[figure as usize],
                        points,
                        space,
                    });
                }
                RoundEvent::Rogue {
                    robber,
                    figure,
                    from,
                    to,
                } => sink.event(&Event::Rogue {
                    robber: self.sb.owner_of(robber),
                    with: self.sb.owner[figure as usize],
                    from,
                    to,
                }),
            }
        }
        debug_assert!((0..self.rules.players as usize)
            .all(|p| self.sb.pos[p] as u16 == self.score[p] % TRACK as u16));
    }

    /// End of the game: robbers' final points, then incomplete features and farms.
    pub(super) fn finish(&mut self, sink: &mut impl Sink<Event>) {
        let robbers = self.rules.players * self.rules.robbers_per_player;
        for r in 0..robbers as usize {
            if self.sb.robber[r] != IN_STOCK {
                let p = self.sb.owner_of(r as u8) as usize;
                let pts = self.rules.final_points as u16;
                self.score[p] += pts;
                let f = self.sb.main_figure[p] as usize;
                self.sb.pos[f] = ((self.sb.pos[f] as u16 + pts) % TRACK as u16) as u8;
                self.sb.robber[r] = IN_STOCK;
                sink.event(&Event::RobberFinal {
                    player: p as u8,
                    points: pts,
                });
            }
        }
        // Incomplete roads, cities, cloisters with followers.
        let mut roots: ArrayVec<u16, 40> = ArrayVec::new();
        for i in 0..self.followers.len() {
            let s = self.followers[i].0;
            let r = self.features.find(s);
            if self.features.kind(r) != Feature::Field && !roots.contains(&r) {
                roots.push(r);
            }
        }
        for &r in &roots {
            let winners = Self::majority(self.features.meeples(r));
            let pts = self.points(r, false);
            self.final_score(winners, pts, self.features.kind(r), sink);
        }
        // Farms: 3 per completed city each field touches.
        let mut pairs: ArrayVec<u32, 2048> = ArrayVec::new();
        for i in 0..self.placed.len() {
            let shape = &self.t.shapes[self.placed[i].shape as usize];
            for (l, seg) in shape.segs.iter().enumerate() {
                if seg.kind != Feature::Field || seg.cities == 0 {
                    continue;
                }
                let fr = self.features.find(Self::seg_id(i, l as u8));
                if self.features.meeples(fr).iter().all(|&m| m == 0) {
                    continue;
                }
                let mut cm = seg.cities;
                while cm != 0 {
                    let c = cm.trailing_zeros() as u8;
                    cm &= cm - 1;
                    let cr = self.features.find(Self::seg_id(i, c));
                    if self.features.open(cr) == 0 {
                        pairs.push(((fr as u32) << 16) | cr as u32);
                    }
                }
            }
        }
        pairs.sort_unstable();
        let mut k = 0;
        while k < pairs.len() {
            let fr = (pairs[k] >> 16) as u16;
            let mut n = 0u16;
            while k < pairs.len() && (pairs[k] >> 16) as u16 == fr {
                if k == 0 || pairs[k] != pairs[k - 1] {
                    n += 1;
                }
                k += 1;
            }
            let winners = Self::majority(self.features.meeples(fr));
            self.final_score(winners, 3 * n, Feature::Field, sink);
        }
        self.phase = Phase::Over;
        sink.event(&Event::GameOver);
    }

    fn final_score(
        &mut self,
        winners: u8,
        pts: u16,
        feature: Feature,
        sink: &mut impl Sink<Event>,
    ) {
        if pts == 0 {
            return;
        }
        for p in 0..self.rules.players {
            if winners & (1 << p) != 0 {
                self.score[p as usize] += pts;
                let f = self.sb.main_figure[p as usize] as usize;
                self.sb.pos[f] = ((self.sb.pos[f] as u16 + pts) % TRACK as u16) as u8;
                sink.event(&Event::Score {
                    player: p,
                    points: pts,
                    feature,
                    complete: false,
                });
            }
        }
    }

    /// Seats with the top score (ties share the victory), as a bit set.
    pub fn winners(&self) -> u8 {
        let n = self.rules.players as usize;
        let max = self.score[..n].iter().copied().max().unwrap_or(0);
        (0..n)
            .filter(|&p| self.score[p] == max)
            .fold(0, |b, p| b | (1 << p))
    }
}
