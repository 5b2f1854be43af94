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

use crate::catan::experiment::{CatanRow, RowSpec};
use crate::catan::sim::{layout_for, play, GameRngs};
use crate::catan::*;
use crate::engine::runner::{Experiment, CHUNK};
use crate::engine::seeds::nested_master;

pub mod analysis;
mod features;
pub mod figures;
pub mod tables;

pub use features::{robert_path, BoardFeatures};

pub use crate::report::luck::LuckAcc;

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

impl<'t> LuckRung<'t> {
    /// The rung as a sweep's row of the same rules and player: its settings and settings key.
    pub fn row(&self) -> CatanRow<'t> {
        CatanRow {
            topo: self.topo,
            map: self.topo.name.clone(),
            spec: self.spec,
            seed: self.seed,
            precision: None,
            games_cap: None,
            anchored: Default::default(),
        }
    }

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
        acc.count(self.boards, self.games_per_board, i, win);
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
