//! The Robbers' decisions: putting robbers down and the scoring round's questions.
//!
//! The Robbers' decisions: which robbers a player may put down and where, and the scoring round's
//! questions (a player's order of their own scores, which score a robber takes) before it is
//! resolved.

use super::game::{Action, Event, Game, Phase, Sink, ROBBER_CODE};
use super::scoreboard::{robbery_candidates, Move, IN_STOCK, MAX_FIGURES, MAX_ROBBERS};
use super::tiles::Feature;
use arrayvec::ArrayVec;

impl Game<'_> {
    /// The scoreboard id of player `p`'s `j`-th robber.
    #[inline]
    pub fn robber_id(&self, p: u8, j: u8) -> u8 {
        p + j * self.rules.players
    }

    /// Which of player `p`'s robbers (by `j`) is in stock first, if any.
    pub fn stock_robber(&self, p: u8) -> Option<u8> {
        (0..self.rules.robbers_per_player)
            .find(|&j| self.sb.robber[self.robber_id(p, j) as usize] == IN_STOCK)
    }

    /// The robbers (by `j`) player `p` may put down now: the first in stock ("place his or her
    /// robber"); with none in stock, each of them on the board ("he may move his robber").
    pub fn movable_robbers(&self, p: u8) -> impl Iterator<Item = u8> {
        let (first, end) = match self.stock_robber(p) {
            Some(j) => (j, j + 1),
            None => (0, self.rules.robbers_per_player),
        };
        first..end
    }

    /// Whether one of player `p`'s robbers stands on `space`.
    pub fn robber_on(&self, p: u8, space: u8) -> bool {
        (0..self.rules.robbers_per_player)
            .any(|j| self.sb.robber[self.robber_id(p, j) as usize] == space)
    }

    /// The action that puts one of the actor's robbers on `space`: the one in stock, else the
    /// first on the board that is not there already.
    pub fn robber_to(&self, p: u8, space: u8) -> Action {
        let j = self
            .movable_robbers(p)
            .find(|&j| self.sb.robber[self.robber_id(p, j) as usize] != space)
            .unwrap_or(0);
        Action::Robber(Some(space + j * ROBBER_CODE))
    }

    /// Player `p`'s scores of the round being decided (in the order they will move).
    pub fn own_scores(&self, p: u8) -> impl Iterator<Item = (u16, Feature)> + '_ {
        self.round_scores
            .iter()
            .filter(move |s| s.0 == p)
            .map(|s| (s.1, s.2))
    }

    /// The choices player `p` has for which score goes first: one index into
    /// [`Game::own_scores`] per distinct number of points, and none unless a robber of another
    /// player stands beside `p`'s figure (only then does the order matter).
    pub fn first_choices(&self, p: u8) -> ArrayVec<u8, 48> {
        let mut out = ArrayVec::new();
        let space = self.sb.pos[self.sb.main_figure[p as usize] as usize];
        let watched = (0..self.sb.n_robbers)
            .any(|r| self.sb.robber[r as usize] == space && self.sb.owner_of(r) != p);
        if !watched {
            return out;
        }
        let mut seen: ArrayVec<u16, 48> = ArrayVec::new();
        for (k, (pts, _)) in self.own_scores(p).enumerate() {
            if !seen.contains(&pts) {
                seen.push(pts);
                out.push(k as u8);
            }
        }
        if out.len() < 2 {
            out.clear();
        }
        out
    }

    /// The moves of the round being decided, as the scoreboard sees them.
    fn round_moves(&self) -> ArrayVec<Move, 48> {
        self.round_scores
            .iter()
            .map(|&(p, points, _)| Move { figure: p, points })
            .collect()
    }

    /// What robber `r` may take in the round being decided: indices into the round's scores
    /// (see [`Game::round_score`]), one per other player's figure on its space.
    pub fn rob_candidates(&self, r: u8) -> ArrayVec<u8, MAX_FIGURES> {
        robbery_candidates(&self.sb, &self.round_moves(), r)
    }

    /// Score `i` of the round being decided: (player, points, feature).
    pub fn round_score(&self, i: u8) -> (u8, u16, Feature) {
        self.round_scores[i as usize]
    }

    /// The robber asked in [`Phase::Rob`] (a scoreboard robber id).
    pub fn robber_asked(&self) -> u8 {
        self.round_next
    }

    /// Moves the scoring round on to its next decision, or resolves it and ends the turn.
    pub(super) fn advance_round(&mut self, sink: &mut impl Sink<Event>) {
        if !self.round_scores.is_empty() {
            if self.phase != Phase::Rob {
                while self.round_next < self.rules.players {
                    if !self.first_choices(self.round_next).is_empty() {
                        self.phase = Phase::Order;
                        return;
                    }
                    self.round_next += 1;
                }
                self.round_next = 0;
                self.rob_choice = [0; MAX_ROBBERS];
            }
            while self.round_next < self.sb.n_robbers {
                // A robber in stock has nothing to choose (checked before listing the moves).
                if self.sb.robber[self.round_next as usize] != IN_STOCK
                    && self.rob_candidates(self.round_next).len() > 1
                {
                    self.phase = Phase::Rob;
                    return;
                }
                self.round_next += 1;
            }
            let scores = std::mem::take(&mut self.round_scores);
            self.round(&scores, sink);
        }
        self.current = (self.current + 1) % self.rules.players;
        self.phase = Phase::Draw;
        if self.pile.base + self.pile.robber == 0 {
            self.finish(sink);
        }
    }
}
