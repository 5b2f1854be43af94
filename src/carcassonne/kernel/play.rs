//! Playing a game: set-up, each phase's legal actions, applying a decision or a draw.
//!
//! Playing a game: a new game and its set-up, the legal actions of each phase, applying a decision
//! or a tile drawn.

use super::features::{Features, MAX_PLAYERS};
use super::game::{
    Action, Event, Game, IllegalAction, Phase, Pile, RobberPlacement, Rules, Sink,
    UnplaceableRobberTile, EMPTY, FOLLOWERS, ROBBER_CODE,
};
use super::grid::{GRID, START_CELL};
use super::scoreboard::{Scoreboard, IN_STOCK, MAX_ROBBERS};
use super::tiles::{TileSet, MAX_KINDS, MAX_SEGS};
use arrayvec::ArrayVec;

impl<'t> Game<'t> {
    /// A new game: the start tile on the board, the pile full.
    pub fn new(t: &'t TileSet, rules: Rules) -> Game<'t> {
        assert!(
            (2..=MAX_PLAYERS as u8).contains(&rules.players),
            "2..=5 players"
        );
        let mut g = Game {
            t,
            rules,
            phase: Phase::Draw,
            current: 0,
            turn: 0,
            total: 0,
            pile: Pile {
                counts: [0; MAX_KINDS],
                base: 0,
                robber: 0,
            },
            discarded: 0,
            drawn: 0,
            placed: ArrayVec::new(),
            score: [0; MAX_PLAYERS],
            stock: [0; MAX_PLAYERS],
            followers: ArrayVec::new(),
            sb: Scoreboard::new(rules.players),
            robber_queue: ArrayVec::new(),
            robber_next: 0,
            robber_discard: false,
            round_scores: ArrayVec::new(),
            round_next: 0,
            rob_choice: [0; MAX_ROBBERS],
            grid: Box::new([EMPTY; GRID * GRID]),
            key: Box::new([0; GRID * GRID]),
            frontier: ArrayVec::new(),
            features: Features::new(),
            done_cloisters: ArrayVec::new(),
        };
        g.setup();
        g
    }

    /// Starts a new game in this allocation (same tiles), with `rules`.
    pub fn reset(&mut self, rules: Rules) {
        for p in &self.placed {
            self.grid[p.cell as usize] = EMPTY;
        }
        for &c in &self.frontier {
            self.key[c as usize] = 0;
        }
        self.rules = rules;
        self.setup();
    }

    /// Becomes a copy of `src` (same tiles) in this allocation: what a search does before each
    /// future instead of cloning, which would allocate. Only the cells either game touched are
    /// written.
    pub fn copy_from(&mut self, src: &Game<'t>) {
        for p in &self.placed {
            self.grid[p.cell as usize] = EMPTY;
        }
        for &c in &self.frontier {
            self.key[c as usize] = 0;
        }
        for p in &src.placed {
            self.grid[p.cell as usize] = src.grid[p.cell as usize];
        }
        for &c in &src.frontier {
            self.key[c as usize] = src.key[c as usize];
        }
        self.features
            .copy_prefix(&src.features, src.placed.len() * MAX_SEGS);
        self.t = src.t;
        self.rules = src.rules;
        self.phase = src.phase;
        self.current = src.current;
        self.turn = src.turn;
        self.total = src.total;
        self.pile = src.pile;
        self.discarded = src.discarded;
        self.drawn = src.drawn;
        self.placed.clone_from(&src.placed);
        self.score = src.score;
        self.stock = src.stock;
        self.followers.clone_from(&src.followers);
        self.sb = src.sb;
        self.robber_queue.clone_from(&src.robber_queue);
        self.robber_next = src.robber_next;
        self.robber_discard = src.robber_discard;
        self.round_scores.clone_from(&src.round_scores);
        self.round_next = src.round_next;
        self.rob_choice = src.rob_choice;
        self.frontier.clone_from(&src.frontier);
        self.done_cloisters.clone_from(&src.done_cloisters);
    }

    fn setup(&mut self) {
        let t = self.t;
        self.phase = Phase::Draw;
        self.current = 0;
        self.turn = 0;
        self.discarded = 0;
        self.placed.clear();
        self.frontier.clear();
        self.followers.clear();
        self.score = [0; MAX_PLAYERS];
        self.stock = [0; MAX_PLAYERS];
        for p in 0..self.rules.players as usize {
            self.stock[p] = FOLLOWERS;
        }
        self.sb = Scoreboard::new(self.rules.players);
        self.sb.share = self.rules.share;
        self.sb.rogue = self.rules.rogue_beside;
        self.sb.n_robbers = self.rules.players * self.rules.robbers_per_player;
        debug_assert!((1..=2).contains(&self.rules.robbers_per_player));
        self.robber_queue.clear();
        self.robber_discard = false;
        self.round_scores.clear();
        self.round_next = 0;
        let mut pile = Pile {
            counts: [0; MAX_KINDS],
            base: 0,
            robber: 0,
        };
        let robber_counts = self.rules.robber_tiles.map(|n| t.robber_counts(n));
        for (i, k) in t.kinds.iter().enumerate() {
            if k.robber && !self.rules.robbers {
                continue;
            }
            let mut n = match robber_counts {
                Some(c) if k.robber => c[i],
                _ => k.count,
            };
            if !k.robber && k.shape == t.start_shape {
                n -= 1;
            }
            pile.counts[i] = n;
            if k.robber {
                pile.robber += n as u16;
            } else {
                pile.base += n as u16;
            }
        }
        self.pile = pile;
        self.total = pile.base + pile.robber + 1;
        let start_kind = t.start_shape; // base kind i is shape i
        self.put_tile(start_kind, START_CELL, 0);
    }

    /// Legal actions of the current decision phase.
    pub fn legal(&self, out: &mut ArrayVec<Action, 1024>) {
        out.clear();
        match self.phase {
            Phase::Place => {
                for &cell in &self.frontier {
                    let mut m = self.fits_at(cell);
                    while m != 0 {
                        out.push(Action::Place {
                            cell,
                            rot: m.trailing_zeros() as u8,
                        });
                        m &= m - 1;
                    }
                }
            }
            Phase::Robber => {
                let pl = self.robber_queue[self.robber_next as usize];
                out.push(Action::Robber(None));
                let spaces = self.sb.robber_spaces(pl);
                for j in self.movable_robbers(pl) {
                    let here = self.sb.robber[self.robber_id(pl, j) as usize];
                    for &s in &spaces {
                        if s != here {
                            out.push(Action::Robber(Some(s + j * ROBBER_CODE)));
                        }
                    }
                }
            }
            Phase::Follower => {
                out.push(Action::Follower(None));
                for l in self.follower_spots() {
                    out.push(Action::Follower(Some(l)));
                }
            }
            Phase::Order => {
                for k in self.first_choices(self.round_next) {
                    out.push(Action::First(k));
                }
            }
            Phase::Rob => {
                for k in 0..self.rob_candidates(self.round_next).len() {
                    out.push(Action::Rob(k as u8));
                }
            }
            Phase::Draw | Phase::Over => {}
        }
    }

    /// Whether `a` is legal now.
    pub fn is_legal(&self, a: Action) -> bool {
        match (self.phase, a) {
            (Phase::Place, Action::Place { cell, rot }) => {
                self.fits(self.drawn, cell, rot)
                    && self.distinct_rotations(self.drawn) & (1 << rot) != 0
            }
            (Phase::Robber, Action::Robber(None)) => true,
            (Phase::Robber, Action::Robber(Some(v))) => {
                let pl = self.robber_queue[self.robber_next as usize];
                let (space, j) = (v % ROBBER_CODE, v / ROBBER_CODE);
                self.movable_robbers(pl).any(|k| k == j)
                    && space != self.sb.robber[self.robber_id(pl, j) as usize]
                    && self.sb.robber_spaces(pl).contains(&space)
            }
            (Phase::Follower, Action::Follower(None)) => true,
            (Phase::Follower, Action::Follower(Some(l))) => self.follower_spots().contains(&l),
            (Phase::Order, Action::First(k)) => self.first_choices(self.round_next).contains(&k),
            (Phase::Rob, Action::Rob(k)) => {
                (k as usize) < self.rob_candidates(self.round_next).len()
            }
            _ => false,
        }
    }

    /// As [`Game::apply`], refusing an illegal action without changing the state.
    ///
    /// # Errors
    /// The action is not legal now.
    pub fn try_apply(
        &mut self,
        a: Action,
        sink: &mut impl Sink<Event>,
    ) -> Result<(), IllegalAction> {
        if !self.is_legal(a) {
            return Err(IllegalAction {
                action: a,
                phase: self.phase,
            });
        }
        self.apply(a, sink);
        Ok(())
    }

    /// Applies a chance outcome: the tile kind drawn.
    pub fn apply_draw(&mut self, kind: u8, sink: &mut impl Sink<Event>) {
        debug_assert_eq!(self.phase, Phase::Draw);
        debug_assert!(self.pile.counts[kind as usize] > 0, "kind not in the pile");
        self.pile.counts[kind as usize] -= 1;
        if self.t.kinds[kind as usize].robber {
            self.pile.robber -= 1;
        } else {
            self.pile.base -= 1;
        }
        let player = self.current;
        sink.event(&Event::Drawn { player, kind });
        if self.placeable(kind) {
            self.drawn = kind;
            self.phase = Phase::Place;
        } else {
            self.discarded += 1;
            sink.event(&Event::Discarded { player, kind });
            if self.rules.robbers
                && self.t.kinds[kind as usize].robber
                && self.rules.unplaceable_robber_tile == UnplaceableRobberTile::RobberStep
            {
                // The robber step of a tile that fits nowhere; then the same player draws.
                self.robber_discard = true;
                self.queue_robbers();
            } else if self.pile.base + self.pile.robber == 0 {
                self.finish(sink);
            }
        }
    }

    /// The robber step of a robber tile: the current player, then the next player whose robber
    /// is in stock (or every other one, `RobberPlacement::EachOther`).
    fn queue_robbers(&mut self) {
        self.robber_queue.clear();
        self.robber_next = 0;
        let n = self.rules.players;
        let cur = self.current;
        self.robber_queue.push(cur);
        for k in 1..n {
            let p = (cur + k) % n;
            if self.stock_robber(p).is_some() {
                self.robber_queue.push(p);
                if self.rules.placement == RobberPlacement::NextInStock {
                    break;
                }
            }
        }
        self.phase = Phase::Robber;
    }

    /// Applies a decision (it must be legal; see [`Game::is_legal`]).
    pub fn apply(&mut self, a: Action, sink: &mut impl Sink<Event>) {
        debug_assert!(self.is_legal(a), "illegal {a:?} in {:?}", self.phase);
        match a {
            Action::Place { cell, rot } => {
                self.put_tile(self.drawn, cell, rot);
                self.turn += 1;
                sink.event(&Event::Placed {
                    player: self.current,
                    kind: self.drawn,
                    cell,
                    rot,
                    turn: self.turn,
                });
                self.robber_queue.clear();
                self.robber_next = 0;
                if self.rules.robbers && self.t.kinds[self.drawn as usize].robber {
                    self.queue_robbers();
                } else {
                    self.phase = Phase::Follower;
                }
            }
            Action::Robber(choice) => {
                let pl = self.robber_queue[self.robber_next as usize];
                match choice {
                    Some(v) => {
                        let (space, j) = (v % ROBBER_CODE, v / ROBBER_CODE);
                        let r = self.robber_id(pl, j) as usize;
                        let moved = self.sb.robber[r] != IN_STOCK;
                        self.sb.robber[r] = space;
                        sink.event(&Event::RobberPlaced {
                            player: pl,
                            space,
                            moved,
                        });
                    }
                    None => sink.event(&Event::RobberDeclined { player: pl }),
                }
                self.robber_next += 1;
                if self.robber_next as usize == self.robber_queue.len() {
                    if !self.robber_discard {
                        self.phase = Phase::Follower;
                    } else if self.pile.base + self.pile.robber == 0 {
                        self.robber_discard = false;
                        self.finish(sink);
                    } else {
                        self.robber_discard = false;
                        self.phase = Phase::Draw;
                    }
                }
            }
            Action::Follower(choice) => {
                if let Some(l) = choice {
                    let idx = self.placed.len() - 1;
                    let g = Self::seg_id(idx, l);
                    let p = self.current;
                    let r = self.features.find(g);
                    self.features.add_follower(r, p);
                    self.stock[p as usize] -= 1;
                    self.followers.push((g, p));
                    sink.event(&Event::Follower {
                        player: p,
                        seg: l,
                        feature: self.features.kind(g),
                    });
                }
                self.score_placement(sink);
                self.advance_round(sink);
            }
            Action::First(k) => {
                let p = self.round_next;
                let start = self.round_scores.iter().position(|s| s.0 == p).unwrap_or(0);
                // The chosen score moves to the front of the player's block.
                self.round_scores[start..=start + k as usize].rotate_right(1);
                self.round_next += 1;
                self.advance_round(sink);
            }
            Action::Rob(k) => {
                self.rob_choice[self.round_next as usize] = k;
                self.round_next += 1;
                self.advance_round(sink);
            }
        }
    }
}
