//! One Carcassonne game: its rules, phases, actions, events and `Game` value.
//!
//! One Carcassonne game: its rules, phases, actions and events, the `Game` value and what it tells
//! about itself (the play itself: `play`; the board: `board`; scoring: `scoring`; The Robbers'
//! decisions: `robbers`).

use super::features::{Features, MAX_PLAYERS};
use super::grid::GRID;
use super::scoreboard::{RobberShare, RogueBeside, Scoreboard, IN_STOCK, MAX_ROBBERS, TRACK};
use super::tiles::{Feature, TileSet, MAX_KINDS, MAX_SEGS, MAX_TILES};
use arrayvec::ArrayVec;

/// Actions of one decision (placements can run to a few hundred).
pub type CarcActions = ArrayVec<Action, 1024>;

/// Followers per player.
pub const FOLLOWERS: u8 = 7;
/// A grid cell without a tile.
pub(super) const EMPTY: u8 = 0xFF;
/// Most frontier (empty, adjacent) cells: each tile adds at most 3.
pub(super) const MAX_FRONTIER: usize = 3 * MAX_TILES + 4;

/// Who else may place a robber when a robber tile is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RobberPlacement {
    /// 2012 text: "the next player whose robber is still in stock".
    #[default]
    NextInStock,
    /// Big Box 4 (ZMG): "in turn order, each other player".
    EachOther,
}

impl RobberPlacement {
    pub const NAMES: &'static [&'static str] = &["next-in-stock", "each-other"];
    pub fn parse(s: &str) -> Option<RobberPlacement> {
        match s {
            "next-in-stock" => Some(RobberPlacement::NextInStock),
            "each-other" => Some(RobberPlacement::EachOther),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            RobberPlacement::NextInStock => "next-in-stock",
            RobberPlacement::EachOther => "each-other",
        }
    }
}

/// What becomes of a robber tile that fits nowhere (the seed: "When a player draws a tile with a
/// robber symbol, he or she plays it according to normal rules", and by the normal rules a tile
/// that fits nowhere is discarded and another drawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UnplaceableRobberTile {
    /// Discarded like any other tile: its robber step is lost (robsim's reading so far).
    #[default]
    Lost,
    /// Discarded, but its robber step is still played (drawing the symbol calls it), then the
    /// same player draws again.
    RobberStep,
}

impl UnplaceableRobberTile {
    pub const NAMES: &'static [&'static str] = &["lost", "robber-step"];
    pub fn parse(s: &str) -> Option<UnplaceableRobberTile> {
        match s {
            "lost" => Some(UnplaceableRobberTile::Lost),
            "robber-step" => Some(UnplaceableRobberTile::RobberStep),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            UnplaceableRobberTile::Lost => "lost",
            UnplaceableRobberTile::RobberStep => "robber-step",
        }
    }
}

/// The rule options of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub players: u8,
    /// The Robbers expansion (its 8 tiles in the pile, robbers on the scoreboard).
    pub robbers: bool,
    pub placement: RobberPlacement,
    /// Points per robber still on the board at the end: 3 (2013 rule) or 0 (2012).
    pub final_points: u8,
    /// The share of a score a robber takes (the seed: half, rounded up).
    pub share: RobberShare,
    /// Robbers each player has (the seed: 1; 2 at most).
    pub robbers_per_player: u8,
    /// Where a robber must stand to move with a figure scoring rogue points.
    pub rogue_beside: RogueBeside,
    /// What becomes of a robber tile that fits nowhere.
    pub unplaceable_robber_tile: UnplaceableRobberTile,
    /// Robber tiles in the pile (`None`: the tile file's own, 8 in the base set); another count
    /// is dealt over the robber kinds in turn ([`super::tiles::TileSet::robber_counts`]).
    pub robber_tiles: Option<u8>,
}

impl Rules {
    pub fn base(players: u8) -> Rules {
        Rules {
            players,
            robbers: false,
            placement: RobberPlacement::NextInStock,
            final_points: 3,
            share: RobberShare::Half,
            robbers_per_player: 1,
            rogue_beside: RogueBeside::AfterMoves,
            unplaceable_robber_tile: UnplaceableRobberTile::Lost,
            robber_tiles: None,
        }
    }
    pub fn robbers(players: u8) -> Rules {
        Rules {
            robbers: true,
            ..Rules::base(players)
        }
    }
}

/// Whose decision or which chance step comes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Chance: the next tile from the pile (the game ends when it is empty).
    Draw,
    /// The current player places the drawn tile.
    Place,
    /// A player may place (or move) their robber; the actor is [`Game::actor`].
    Robber,
    /// The current player may put a follower on the placed tile.
    Follower,
    /// A player orders their own scores of the round (the seed's footnote 8): which goes first,
    /// the one a robber beside their figure sees. Asked only when a robber of another player
    /// is there and the scores differ; the actor is [`Game::actor`].
    Order,
    /// A robber's owner chooses which of several players' scores on the robber's space it takes
    /// (footnotes 8-11); asked only with two or more to choose from.
    Rob,
    Over,
}

/// `Action::Robber(Some(space + j * ROBBER_CODE))` puts the actor's `j`-th robber on `space`
/// (with one robber each, `j` is 0 and the value is the space).
pub const ROBBER_CODE: u8 = 64;

/// A decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Put the drawn tile on `cell`, turned `rot` quarter turns clockwise.
    Place { cell: u16, rot: u8 },
    /// Put (or move) the actor's robber beside the figures on `space`; `None` declines. With two
    /// robbers each, the value is `space + j * ROBBER_CODE` for the actor's `j`-th robber.
    Robber(Option<u8>),
    /// Put a follower on the placed tile's segment (local index); `None` places none.
    Follower(Option<u8>),
    /// In [`Phase::Order`]: the actor's `k`-th score of the round ([`Game::own_scores`]) goes
    /// first.
    First(u8),
    /// In [`Phase::Rob`]: the robber takes the `k`-th of its candidate scores
    /// ([`Game::rob_candidates`]).
    Rob(u8),
}

/// Something that happened, for statistics and traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Drawn {
        player: u8,
        kind: u8,
    },
    /// The drawn tile fits nowhere: out of the game.
    Discarded {
        player: u8,
        kind: u8,
    },
    Placed {
        player: u8,
        kind: u8,
        cell: u16,
        rot: u8,
        turn: u32,
    },
    RobberPlaced {
        player: u8,
        space: u8,
        /// It was on the board already (the active player moving it).
        moved: bool,
    },
    RobberDeclined {
        player: u8,
    },
    Follower {
        player: u8,
        seg: u8,
        feature: Feature,
    },
    /// Points for a feature's majority (`complete` false in the final scoring).
    Score {
        player: u8,
        points: u16,
        feature: Feature,
        complete: bool,
    },
    FollowersReturned {
        player: u8,
        n: u8,
    },
    /// `robber`'s owner took `points` from `victim`'s score on `space`; the robber went home.
    Robbery {
        robber: u8,
        victim: u8,
        points: u16,
        space: u8,
    },
    /// A robber moved with a figure scoring robbery points (no points for it).
    Rogue {
        robber: u8,
        with: u8,
        from: u8,
        to: u8,
    },
    /// A robber still on the board at the end: its owner scores `points` (3 or 0).
    RobberFinal {
        player: u8,
        points: u16,
    },
    GameOver,
}

/// Receives events: the engine's sink over Carcassonne's [`Event`]s (`()` ignores them).
pub use crate::engine::play::Sink;

/// An action that the current phase does not allow; the state was left untouched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal action {action:?} in phase {phase:?}")]
pub struct IllegalAction {
    pub action: Action,
    pub phase: Phase,
}

/// A placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub kind: u8,
    pub shape: u8,
    pub rot: u8,
    pub cell: u16,
}

/// The pile the next tile comes from: counts by kind (base kinds first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pile {
    pub counts: [u8; MAX_KINDS],
    pub base: u16,
    pub robber: u16,
}

/// One game. Everything is fixed-size; [`Game::reset`] reuses the allocation for the next game
/// and clears only the cells it touched.
#[derive(Clone)]
pub struct Game<'t> {
    pub t: &'t TileSet,
    pub rules: Rules,
    pub phase: Phase,
    /// Seat whose turn it is.
    pub current: u8,
    /// Tiles placed by players (the start tile not counted).
    pub turn: u32,
    /// Tiles in the game, the start tile included (the pile it began with, plus one).
    pub(super) total: u16,
    pub pile: Pile,
    pub discarded: u16,
    /// The tile drawn and (after `Place`) where it went.
    pub drawn: u8,
    pub placed: ArrayVec<Placed, MAX_TILES>,
    pub score: [u16; MAX_PLAYERS],
    pub stock: [u8; MAX_PLAYERS],
    /// Followers on the board: (global segment, player).
    pub followers: ArrayVec<(u16, u8), { MAX_PLAYERS * FOLLOWERS as usize }>,
    pub sb: Scoreboard,
    pub(super) robber_queue: ArrayVec<u8, MAX_PLAYERS>,
    pub(super) robber_next: u8,
    /// The robber step under way is a discarded robber tile's (`UnplaceableRobberTile::
    /// RobberStep`): after it the same player draws again.
    pub(super) robber_discard: bool,
    /// The scoring round being decided: (player, points, feature), in seat order, each
    /// player's own scores in the order they will move (smallest first until reordered).
    pub(super) round_scores: ArrayVec<(u8, u16, Feature), 48>,
    /// The seat asked next in [`Phase::Order`], the robber asked next in [`Phase::Rob`].
    pub(super) round_next: u8,
    /// Each robber's chosen candidate (an index into [`Game::rob_candidates`]).
    pub(super) rob_choice: [u8; MAX_ROBBERS],
    /// Per cell: index into `placed`, or `EMPTY`.
    pub(super) grid: Box<[u8; GRID * GRID]>,
    /// Per cell: fit key (2 bits per side) of an empty cell next to tiles; 0 elsewhere.
    pub(super) key: Box<[u8; GRID * GRID]>,
    pub(super) frontier: ArrayVec<u16, MAX_FRONTIER>,
    /// The features of the placed tiles' segments.
    pub(super) features: Features,
    /// Cloisters completed by the last placement.
    pub(super) done_cloisters: ArrayVec<u16, 9>,
}

/// What [`Game::snapshot`] compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    phase: Phase,
    current: u8,
    turn: u32,
    pile: Pile,
    discarded: u16,
    drawn: u8,
    placed: usize,
    score: [u16; MAX_PLAYERS],
    stock: [u8; MAX_PLAYERS],
    followers: usize,
    sb: Scoreboard,
    robber_next: u8,
    robber_discard: bool,
    round_scores: usize,
    round_next: u8,
    rob_choice: [u8; MAX_ROBBERS],
}

impl<'t> Game<'t> {
    /// Who decides now (`None` in chance phases and at the end).
    pub fn actor(&self) -> Option<u8> {
        match self.phase {
            Phase::Place | Phase::Follower => Some(self.current),
            Phase::Robber => Some(self.robber_queue[self.robber_next as usize]),
            Phase::Order => Some(self.round_next),
            Phase::Rob => Some(self.sb.owner_of(self.round_next)),
            Phase::Draw | Phase::Over => None,
        }
    }

    /// The pile to draw from, in the draw phase.
    pub fn chance(&self) -> Option<&Pile> {
        (self.phase == Phase::Draw).then_some(&self.pile)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Root of the feature holding segment `s`.
    #[inline]
    pub fn root(&self, s: u16) -> u16 {
        self.features.root(s)
    }

    /// Global segment id of local segment `local` of placed tile `i`.
    #[inline]
    pub fn seg_id(i: usize, local: u8) -> u16 {
        (i * MAX_SEGS + local as usize) as u16
    }

    /// Feature of a global segment.
    pub fn feature(&self, s: u16) -> Feature {
        self.features.kind(s)
    }

    /// Followers per player on the feature holding segment `s`.
    pub fn meeples_on(&self, s: u16) -> [u8; MAX_PLAYERS] {
        *self.features.meeples(self.root(s))
    }

    /// Open sides of the road or city holding `s` (cloister: neighbouring tiles).
    pub fn open_of(&self, s: u16) -> u8 {
        self.features.open(self.root(s))
    }

    /// Distinct tiles of the road or city holding `s`.
    pub fn tiles_of(&self, s: u16) -> u32 {
        self.features.tiles(self.root(s))
    }

    pub fn pennants_of(&self, s: u16) -> u8 {
        self.features.pennants(self.root(s))
    }

    /// Tiles in the game, the start tile included.
    pub fn total_tiles(&self) -> usize {
        self.total as usize
    }

    /// Tiles still in the pile.
    pub fn remaining(&self) -> u16 {
        self.pile.base + self.pile.robber
    }

    /// The state a refused action must leave as it was (everything but the board's tables,
    /// which only a placement changes and `placed` counts).
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            phase: self.phase,
            current: self.current,
            turn: self.turn,
            pile: self.pile,
            discarded: self.discarded,
            drawn: self.drawn,
            placed: self.placed.len(),
            score: self.score,
            stock: self.stock,
            followers: self.followers.len(),
            sb: self.sb,
            robber_next: self.robber_next,
            robber_discard: self.robber_discard,
            round_scores: self.round_scores.len(),
            round_next: self.round_next,
            rob_choice: self.rob_choice,
        }
    }

    /// Checks internal consistency (tests): followers conserved, frontier keys, open counts.
    pub fn check(&self) -> Result<(), String> {
        for p in 0..self.rules.players as usize {
            let on = self.followers.iter().filter(|f| f.1 == p as u8).count();
            if on + self.stock[p] as usize != FOLLOWERS as usize {
                return Err(format!(
                    "player {p}: {on} on board + {} in stock",
                    self.stock[p]
                ));
            }
        }
        let mut per_root = std::collections::BTreeMap::new();
        for &(s, p) in &self.followers {
            *per_root.entry((self.root(s), p)).or_insert(0u8) += 1;
        }
        for (&(r, p), &n) in &per_root {
            if self.features.meeples(r)[p as usize] != n {
                return Err(format!(
                    "root {r}: player {p} has {n} followers, counted {}",
                    self.features.meeples(r)[p as usize]
                ));
            }
        }
        for &c in &self.frontier {
            if self.grid[c as usize] != EMPTY || self.key[c as usize] == 0 {
                return Err(format!("frontier cell {c} is not an empty cell with a key"));
            }
        }
        for p in 0..self.rules.players as usize {
            let f = self.sb.main_figure[p] as usize;
            if self.sb.pos[f] as u16 != self.score[p] % TRACK as u16 {
                return Err(format!(
                    "player {p}: score {} but the figure on space {}",
                    self.score[p], self.sb.pos[f]
                ));
            }
        }
        for r in self.sb.n_robbers as usize..MAX_ROBBERS {
            if self.sb.robber[r] != IN_STOCK {
                return Err(format!("robber {r} is not in play but on the board"));
            }
        }
        let in_hand = (self.phase == Phase::Place) as usize;
        if self.placed.len() + self.discarded as usize + self.remaining() as usize + in_hand
            != self.total as usize
        {
            return Err("tiles placed + discarded + remaining != total".into());
        }
        Ok(())
    }
}
