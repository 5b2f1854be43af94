//! The luck report's Catan games: rungs played on many boards.
//!
//! The luck report's Catan games: one rung (a policy) of one row playing M games on each of N
//! boards, board fixed and dice varied (`LuckRung`); the boards' features (`features`), the
//! report's statistics (`analysis`), tables (`tables`), figures and drawn boards (`figures`).
//!
//! Board `b`'s layout is the board of game `b` of a sweep with the same seed (the board stream
//! of `(seed, b)`); its game `j` draws its dice, deck, steals, Robert and policy streams from
//! `(nested_master(seed, b), j)`. Every rung of a row therefore plays game `j` of board `b` on
//! the same board with the same dice and deck streams, so rungs pair game by game.

use crate::catan::experiment::RowSpec;
use crate::catan::sim::{layout_for, play, GameRngs};
use crate::catan::*;
use crate::engine::runner::{Experiment, CHUNK};
use crate::engine::seeds::nested_master;
use crate::engine::stats::accumulator;
use serde::{Deserialize, Serialize};

pub mod analysis;
mod features;
pub mod figures;
pub mod tables;

pub use features::{robert_path, BoardFeatures};

accumulator! {
    /// One rung of one row. Per board: games, wins (co-op: the team's; competitive: the first
    /// seat's) and wins among the first half of its games (`j < games_per_board / 2`, the
    /// split-half check); wins per seat; cap-outs; a win bit per game (bit `b * M + j`) for the
    /// paired comparisons between rungs. Integer counts only, and each bit is set by one game, so
    /// the summing merge is an OR and any thread count gives the same accumulator.
    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    pub struct LuckAcc {
        pub games: Vec<u64>,
        pub wins: Vec<u64>,
        pub half_wins: Vec<u64>,
        pub seat_wins: [u64; MAX_PLAYERS],
        pub caps: u64,
        pub bits: Vec<u64>,
    }
}

/// One rung of one row bound to its map: `boards` boards × `games_per_board` games, game index
/// `b * games_per_board + j` being game `j` of board `b`.
pub struct LuckRung<'t> {
    pub topo: &'t Topology,
    /// The map as the config names it (`base`, a shipped map or a file path).
    pub map: String,
    /// The row with this rung's policy.
    pub spec: RowSpec,
    pub seed: u64,
    pub boards: u64,
    pub games_per_board: u64,
}

impl LuckRung<'_> {
    /// Games this rung plays.
    pub fn games(&self) -> u64 {
        self.boards * self.games_per_board
    }

    /// The layout of board `b`.
    pub fn layout(&self, b: u64) -> Layout {
        layout_for(self.topo, self.spec.board, self.seed, b)
    }
}

/// Whether the row's outcome is a team's (Robert, Solitaire) rather than a seat's.
pub fn team_outcome(spec: &RowSpec) -> bool {
    spec.rules.variant.team_outcome()
}

impl Experiment for LuckRung<'_> {
    type Acc = LuckAcc;
    type Scratch = Box<ActionList>;

    fn cost(&self) -> u64 {
        self.spec.cost()
    }

    fn play(&self, i: u64, acc: &mut LuckAcc, buf: &mut Box<ActionList>) {
        let (b, j) = (i / self.games_per_board, i % self.games_per_board);
        if acc.games.is_empty() {
            let n = self.boards as usize;
            acc.games = vec![0; n];
            acc.wins = vec![0; n];
            acc.half_wins = vec![0; n];
            acc.bits = vec![0; self.games().div_ceil(64) as usize];
        }
        let mut g = Game::new(self.topo, self.layout(b), self.spec.rules);
        let mut rngs = GameRngs::new(nested_master(self.seed, b), j);
        let mut player = self.spec.player();
        let outcome = play(&mut g, &mut player, &mut rngs, buf, &mut ());
        let win = match outcome {
            Outcome::TeamWin => true,
            Outcome::Winner(p) => {
                acc.seat_wins[p.idx()] += 1;
                p.idx() == self.spec.lead().unwrap_or(0)
            }
            Outcome::TeamLoss => false,
            Outcome::Cap => {
                acc.caps += 1;
                false
            }
        };
        let bu = b as usize;
        acc.games[bu] += 1;
        if win {
            acc.wins[bu] += 1;
            if j < self.games_per_board / 2 {
                acc.half_wins[bu] += 1;
            }
            acc.bits[(i / 64) as usize] |= 1 << (i % 64);
        }
    }

    /// A search player takes about a second a game: small work items keep both threads busy.
    fn chunk(&self) -> u64 {
        if self.spec.searches() {
            2
        } else {
            CHUNK
        }
    }
}
