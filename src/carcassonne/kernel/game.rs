//! The Carcassonne game: board, incremental features (union-find), followers, scoring and The Robbers.

use super::scoreboard::{
    resolve_round, robbery_candidates, Move, RobberShare, RoundEvent, Scoreboard, IN_STOCK,
    MAX_FIGURES, MAX_ROBBERS, TRACK,
};
use super::tiles::{Edge, Feature, TileSet, MAX_KINDS, MAX_SEGS, MAX_TILES, NO_SEG};
use arrayvec::ArrayVec;

/// Board side: a torus of 128 × 128 cells. At most 96 tiles fit in a box narrower than 128, so
/// no two tiles share a cell and neighbours stay neighbours.
pub const GRID: usize = 128;
const GMASK: u16 = (GRID - 1) as u16;
/// Cell of the start tile.
pub const START_CELL: u16 = (64 * GRID + 64) as u16;
pub const MAX_PLAYERS: usize = 5;
/// Followers per player.
pub const FOLLOWERS: u8 = 7;
const NSEG: usize = MAX_TILES * MAX_SEGS;
const EMPTY: u8 = 0xFF;
/// Most frontier (empty, adjacent) cells: each tile adds at most 3.
const MAX_FRONTIER: usize = 3 * MAX_TILES + 4;

/// A cell from (x, y) on the torus.
#[inline]
pub fn cell(x: u16, y: u16) -> u16 {
    ((y & GMASK) << 7) | (x & GMASK)
}

/// (x, y) of a cell.
#[inline]
pub fn xy(c: u16) -> (u16, u16) {
    (c & GMASK, c >> 7)
}

/// The neighbour of `c` across side `s` (N, E, S, W).
#[inline]
pub fn neighbour(c: u16, s: usize) -> u16 {
    let (x, y) = xy(c);
    match s {
        0 => cell(x, y.wrapping_sub(1)),
        1 => cell(x + 1, y),
        2 => cell(x, y + 1),
        _ => cell(x.wrapping_sub(1), y),
    }
}

/// Signed offset of a cell from the start tile (x grows east, y grows south).
pub fn offset(c: u16) -> (i16, i16) {
    let (x, y) = xy(c);
    let (sx, sy) = xy(START_CELL);
    let d = |a: u16, b: u16| ((a.wrapping_sub(b) & GMASK) as i16 + 64) % 128 - 64;
    (d(x, sx), d(y, sy))
}

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

/// A legal placement list (cell, rotation).
pub type Placements = ArrayVec<(u16, u8), 1024>;

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
    robber_queue: ArrayVec<u8, MAX_PLAYERS>,
    robber_next: u8,
    /// The scoring round being decided: (player, points, feature), in seat order, each
    /// player's own scores in the order they will move (smallest first until reordered).
    round_scores: ArrayVec<(u8, u16, Feature), 48>,
    /// The seat asked next in [`Phase::Order`], the robber asked next in [`Phase::Rob`].
    round_next: u8,
    /// Each robber's chosen candidate (an index into [`Game::rob_candidates`]).
    rob_choice: [u8; MAX_ROBBERS],
    /// Per cell: index into `placed`, or `EMPTY`.
    grid: Box<[u8; GRID * GRID]>,
    /// Per cell: fit key (2 bits per side) of an empty cell next to tiles; 0 elsewhere.
    key: Box<[u8; GRID * GRID]>,
    frontier: ArrayVec<u16, MAX_FRONTIER>,
    // Segments, by global id = placed index * MAX_SEGS + local index.
    parent: Box<[u16; NSEG]>,
    /// Roots of roads and cities: open sides; cloisters: neighbouring tiles (0..=8).
    open: Box<[u8; NSEG]>,
    tiles: Box<[u128; NSEG]>,
    pennants: Box<[u8; NSEG]>,
    kind: Box<[Feature; NSEG]>,
    /// Roots: followers per player on the feature.
    meeples: Box<[[u8; MAX_PLAYERS]; NSEG]>,
    /// Cloisters completed by the last placement.
    done_cloisters: ArrayVec<u16, 9>,
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
    round_scores: usize,
    round_next: u8,
    rob_choice: [u8; MAX_ROBBERS],
}

/// Statistics of a feature after a hypothetical placement (see [`Game::preview`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SegPreview {
    /// The features (roots) it joins.
    pub roots: ArrayVec<u16, 8>,
    pub open: u8,
    pub tiles: u8,
    pub pennants: u8,
    pub meeples: [u8; MAX_PLAYERS],
    /// Distinct completed cities a field touches (fields only; after the placement).
    pub cities_done: u8,
    /// Distinct cities a field touches.
    pub cities: u8,
}

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
            round_scores: ArrayVec::new(),
            round_next: 0,
            rob_choice: [0; MAX_ROBBERS],
            grid: Box::new([EMPTY; GRID * GRID]),
            key: Box::new([0; GRID * GRID]),
            frontier: ArrayVec::new(),
            parent: Box::new([0; NSEG]),
            open: Box::new([0; NSEG]),
            tiles: Box::new([0; NSEG]),
            pennants: Box::new([0; NSEG]),
            kind: Box::new([Feature::Field; NSEG]),
            meeples: Box::new([[0; MAX_PLAYERS]; NSEG]),
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
        self.sb.n_robbers = self.rules.players * self.rules.robbers_per_player;
        debug_assert!((1..=2).contains(&self.rules.robbers_per_player));
        self.robber_queue.clear();
        self.round_scores.clear();
        self.round_next = 0;
        let mut pile = Pile {
            counts: [0; MAX_KINDS],
            base: 0,
            robber: 0,
        };
        for (i, k) in t.kinds.iter().enumerate() {
            if k.robber && !self.rules.robbers {
                continue;
            }
            let mut n = k.count;
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
        let start_kind = t.start_shape; // base kind i is shape i
        self.put_tile(start_kind, START_CELL, 0);
    }

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

    /// The tile at a cell.
    pub fn tile_at(&self, c: u16) -> Option<&Placed> {
        let i = self.grid[c as usize];
        (i != EMPTY).then(|| &self.placed[i as usize])
    }

    /// Union-find root (read-only, no compression).
    #[inline]
    pub fn root(&self, mut s: u16) -> u16 {
        while self.parent[s as usize] != s {
            s = self.parent[s as usize];
        }
        s
    }

    #[inline]
    fn find(&mut self, mut s: u16) -> u16 {
        while self.parent[s as usize] != s {
            let p = self.parent[s as usize];
            self.parent[s as usize] = self.parent[p as usize];
            s = p;
        }
        s
    }

    /// Global segment id of local segment `local` of placed tile `i`.
    #[inline]
    pub fn seg_id(i: usize, local: u8) -> u16 {
        (i * MAX_SEGS + local as usize) as u16
    }

    /// Feature of a global segment.
    pub fn feature(&self, s: u16) -> Feature {
        self.kind[s as usize]
    }

    /// Followers per player on the feature holding segment `s`.
    pub fn meeples_on(&self, s: u16) -> [u8; MAX_PLAYERS] {
        self.meeples[self.root(s) as usize]
    }

    /// Open sides of the road or city holding `s` (cloister: neighbouring tiles).
    pub fn open_of(&self, s: u16) -> u8 {
        self.open[self.root(s) as usize]
    }

    /// Distinct tiles of the road or city holding `s`.
    pub fn tiles_of(&self, s: u16) -> u32 {
        self.tiles[self.root(s) as usize].count_ones()
    }

    pub fn pennants_of(&self, s: u16) -> u8 {
        self.pennants[self.root(s) as usize]
    }

    /// Frontier cells (empty cells next to a tile).
    pub fn frontier(&self) -> &[u16] {
        &self.frontier
    }

    /// Fills `out` with the legal placements of kind `kind` (distinct rotations only).
    pub fn placements_of(&self, kind: u8, out: &mut Placements) {
        out.clear();
        let fit = &self.t.fit[self.t.kinds[kind as usize].shape as usize];
        for &c in &self.frontier {
            let mut m = fit[self.key[c as usize] as usize];
            while m != 0 {
                let r = m.trailing_zeros() as u8;
                out.push((c, r));
                m &= m - 1;
            }
        }
    }

    fn placeable(&self, kind: u8) -> bool {
        let fit = &self.t.fit[self.t.kinds[kind as usize].shape as usize];
        self.frontier
            .iter()
            .any(|&c| fit[self.key[c as usize] as usize] != 0)
    }

    /// Whether `kind` fits at `cell` turned `rot`.
    pub fn fits(&self, kind: u8, c: u16, rot: u8) -> bool {
        let shape = self.t.kinds[kind as usize].shape as usize;
        self.grid[c as usize] == EMPTY
            && self.key[c as usize] != 0
            && rot < 4
            && self.t.fit[shape][self.key[c as usize] as usize] & (1 << rot) != 0
    }

    /// Puts a tile on the board: segments, unions, frontier, cloister counts.
    fn put_tile(&mut self, kind: u8, c: u16, rot: u8) {
        let t = self.t;
        let shape_i = t.kinds[kind as usize].shape as usize;
        let shape = &t.shapes[shape_i];
        let o = &t.oriented[shape_i][rot as usize];
        let idx = self.placed.len();
        self.placed.push(Placed {
            kind,
            shape: shape_i as u8,
            rot,
            cell: c,
        });
        self.grid[c as usize] = idx as u8;
        if self.key[c as usize] != 0 {
            self.key[c as usize] = 0;
            if let Some(p) = self.frontier.iter().position(|&f| f == c) {
                self.frontier.swap_remove(p);
            }
        }
        for (l, seg) in shape.segs.iter().enumerate() {
            let g = Self::seg_id(idx, l as u8) as usize;
            self.parent[g] = g as u16;
            self.open[g] = seg.sides;
            self.tiles[g] = 1u128 << idx;
            self.pennants[g] = seg.pennant as u8;
            self.kind[g] = seg.kind;
            self.meeples[g] = [0; MAX_PLAYERS];
        }
        for s in 0..4 {
            let n = neighbour(c, s);
            let ni = self.grid[n as usize];
            if ni == EMPTY {
                // A frontier cell: record what its opposite side must show.
                if self.key[n as usize] == 0 {
                    self.frontier.push(n);
                }
                let opp = (s + 2) % 4;
                self.key[n as usize] |= (o.edges[s] as u8) << (2 * opp);
                continue;
            }
            let np = self.placed[ni as usize];
            let no = &t.oriented[np.shape as usize][np.rot as usize];
            let opp = (s + 2) % 4;
            for k in 0..3 {
                let a = o.slots[s * 3 + k];
                let b = no.slots[opp * 3 + (2 - k)];
                if a == NO_SEG || b == NO_SEG {
                    continue;
                }
                self.union(Self::seg_id(idx, a), Self::seg_id(ni as usize, b));
            }
            // A road or city side closes one open end on each tile.
            if o.edges[s] != Edge::Field {
                let r = self.find(Self::seg_id(idx, o.slots[s * 3 + 1]));
                self.open[r as usize] -= 2;
            }
        }
        // Cloisters around (and on) the new tile.
        self.done_cloisters.clear();
        let (x, y) = xy(c);
        let mut around = 0u8;
        for dy in [GMASK, 0, 1] {
            for dx in [GMASK, 0, 1] {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let n = cell(x.wrapping_add(dx), y.wrapping_add(dy));
                let ni = self.grid[n as usize];
                if ni == EMPTY {
                    continue;
                }
                around += 1;
                let np = self.placed[ni as usize];
                if let Some(cl) = t.shapes[np.shape as usize].cloister {
                    let g = Self::seg_id(ni as usize, cl);
                    self.open[g as usize] += 1;
                    if self.open[g as usize] == 8 {
                        self.done_cloisters.push(g);
                    }
                }
            }
        }
        if let Some(cl) = shape.cloister {
            let g = Self::seg_id(idx, cl);
            self.open[g as usize] = around;
            if around == 8 {
                self.done_cloisters.push(g);
            }
        }
    }

    /// Joins two segments' features (sums open ends, tiles, pennants, followers).
    fn union(&mut self, a: u16, b: u16) {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra == rb {
            return;
        }
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let (k, g) = (keep as usize, gone as usize);
        self.parent[g] = keep;
        self.open[k] += self.open[g];
        self.tiles[k] |= self.tiles[g];
        self.pennants[k] += self.pennants[g];
        for p in 0..MAX_PLAYERS {
            self.meeples[k][p] += self.meeples[g][p];
        }
    }

    /// The distinct rotations of a kind that differ as tiles.
    pub fn distinct_rotations(&self, kind: u8) -> u8 {
        self.t.distinct[self.t.kinds[kind as usize].shape as usize]
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

    /// How many placements [`Game::legal`] lists in the place phase: the fitting distinct
    /// rotations of every frontier cell.
    #[inline]
    pub fn placement_count(&self) -> usize {
        self.frontier
            .iter()
            .map(|&c| self.fits_at(c).count_ones() as usize)
            .sum()
    }

    /// The distinct rotations of the drawn tile that fit frontier cell `cell`, a bit each.
    #[inline(always)]
    fn fits_at(&self, cell: u16) -> u8 {
        self.t.fit[self.t.kinds[self.drawn as usize].shape as usize]
            [self.key[cell as usize] as usize]
    }

    /// The `k`-th placement of [`Game::legal`]'s list (`k < placement_count()`), found without
    /// listing the others.
    #[inline]
    pub fn nth_placement(&self, k: usize) -> Action {
        let mut k = k as u32;
        for &cell in &self.frontier {
            let mut m = self.fits_at(cell);
            let c = m.count_ones();
            if k < c {
                for _ in 0..k {
                    m &= m - 1;
                }
                return Action::Place {
                    cell,
                    rot: m.trailing_zeros() as u8,
                };
            }
            k -= c;
        }
        panic!("placement index past the end of the list")
    }

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
            if self.meeples[r as usize].iter().all(|&m| m == 0) {
                v.push(l);
            }
        }
        v
    }

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
            if self.pile.base + self.pile.robber == 0 {
                self.finish(sink);
            }
        }
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
                    self.phase = Phase::Follower;
                }
            }
            Action::Follower(choice) => {
                if let Some(l) = choice {
                    let idx = self.placed.len() - 1;
                    let g = Self::seg_id(idx, l);
                    let p = self.current;
                    let r = self.find(g);
                    self.meeples[r as usize][p as usize] += 1;
                    self.stock[p as usize] -= 1;
                    self.followers.push((g, p));
                    sink.event(&Event::Follower {
                        player: p,
                        seg: l,
                        feature: self.kind[g as usize],
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
            round_scores: self.round_scores.len(),
            round_next: self.round_next,
            rob_choice: self.rob_choice,
        }
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
    fn advance_round(&mut self, sink: &mut impl Sink<Event>) {
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

    /// Points of a feature (root `r`): complete or at the end.
    fn points(&self, r: u16, complete: bool) -> u16 {
        let r = r as usize;
        match self.kind[r] {
            Feature::Road => self.tiles[r].count_ones() as u16,
            Feature::City => {
                let per = if complete { 2 } else { 1 };
                per * (self.tiles[r].count_ones() as u16 + self.pennants[r] as u16)
            }
            Feature::Cloister => 1 + self.open[r] as u16,
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
            if self.find(s) == r {
                back[p as usize] += 1;
                self.followers.swap_remove(i);
            } else {
                i += 1;
            }
        }
        for (p, &n) in back.iter().enumerate() {
            if n > 0 {
                self.stock[p] += n;
                self.meeples[r as usize][p] -= n;
                sink.event(&Event::FollowersReturned { player: p as u8, n });
            }
        }
    }

    /// Scores the features the last tile completed: one scoring round.
    fn score_placement(&mut self, sink: &mut impl Sink<Event>) {
        let idx = self.placed.len() - 1;
        let shape = &self.t.shapes[self.placed[idx].shape as usize];
        let mut done: ArrayVec<u16, 16> = ArrayVec::new();
        for (l, seg) in shape.segs.iter().enumerate() {
            if matches!(seg.kind, Feature::Road | Feature::City) {
                let r = self.find(Self::seg_id(idx, l as u8));
                if self.open[r as usize] == 0 && !done.contains(&r) {
                    done.push(r);
                }
            }
        }
        done.extend(self.done_cloisters.iter().copied());
        // (player, points, feature)
        let mut scores: ArrayVec<(u8, u16, Feature), 48> = ArrayVec::new();
        for &r in &done {
            let m = self.meeples[r as usize];
            let winners = Self::majority(&m);
            if winners == 0 {
                continue;
            }
            let pts = self.points(r, true);
            for p in 0..MAX_PLAYERS as u8 {
                if winners & (1 << p) != 0 {
                    scores.push((p, pts, self.kind[r as usize]));
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

    /// Applies one scoring round through the scoreboard (robbers take their share).
    fn round(&mut self, scores: &[(u8, u16, Feature)], sink: &mut impl Sink<Event>) {
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
    fn finish(&mut self, sink: &mut impl Sink<Event>) {
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
            let r = self.find(s);
            if self.kind[r as usize] != Feature::Field && !roots.contains(&r) {
                roots.push(r);
            }
        }
        for &r in &roots {
            let winners = Self::majority(&self.meeples[r as usize]);
            let pts = self.points(r, false);
            self.final_score(winners, pts, self.kind[r as usize], sink);
        }
        // Farms: 3 per completed city each field touches.
        let mut pairs: ArrayVec<u32, 2048> = ArrayVec::new();
        for i in 0..self.placed.len() {
            let shape = &self.t.shapes[self.placed[i].shape as usize];
            for (l, seg) in shape.segs.iter().enumerate() {
                if seg.kind != Feature::Field || seg.cities == 0 {
                    continue;
                }
                let fr = self.find(Self::seg_id(i, l as u8));
                if self.meeples[fr as usize].iter().all(|&m| m == 0) {
                    continue;
                }
                let mut cm = seg.cities;
                while cm != 0 {
                    let c = cm.trailing_zeros() as u8;
                    cm &= cm - 1;
                    let cr = self.find(Self::seg_id(i, c));
                    if self.open[cr as usize] == 0 {
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
            let winners = Self::majority(&self.meeples[fr as usize]);
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

    /// Tiles still in the pile.
    pub fn remaining(&self) -> u16 {
        self.pile.base + self.pile.robber
    }

    /// What each local segment of `kind` at (`c`, `rot`) would join, without placing it.
    /// A feature reached through two local segments is counted for each (an estimate).
    pub fn preview(&self, kind: u8, c: u16, rot: u8) -> ArrayVec<SegPreview, MAX_SEGS> {
        let t = self.t;
        let shape_i = t.kinds[kind as usize].shape as usize;
        let shape = &t.shapes[shape_i];
        let o = &t.oriented[shape_i][rot as usize];
        let mut out: ArrayVec<SegPreview, MAX_SEGS> = ArrayVec::new();
        let mut extra = [0u16; MAX_SEGS];
        let mut conn = [0u16; MAX_SEGS];
        for seg in &shape.segs {
            out.push(SegPreview {
                open: seg.sides,
                tiles: 1,
                pennants: seg.pennant as u8,
                ..Default::default()
            });
        }
        for s in 0..4 {
            let ni = self.grid[neighbour(c, s) as usize];
            if ni == EMPTY {
                continue;
            }
            let np = self.placed[ni as usize];
            let no = &t.oriented[np.shape as usize][np.rot as usize];
            let opp = (s + 2) % 4;
            for k in 0..3 {
                let a = o.slots[s * 3 + k];
                let b = no.slots[opp * 3 + (2 - k)];
                if a == NO_SEG || b == NO_SEG {
                    continue;
                }
                let a = a as usize;
                let road_or_city = shape.segs[a].kind != Feature::Field;
                if k == 1 && road_or_city {
                    conn[a] += 1;
                }
                let r = self.root(Self::seg_id(ni as usize, b));
                let p = &mut out[a];
                if p.roots.contains(&r) {
                    continue;
                }
                p.roots.push(r);
                if road_or_city {
                    extra[a] += self.open[r as usize] as u16;
                    p.tiles = p
                        .tiles
                        .saturating_add(self.tiles[r as usize].count_ones() as u8);
                    p.pennants += self.pennants[r as usize];
                }
                for q in 0..MAX_PLAYERS {
                    p.meeples[q] += self.meeples[r as usize][q];
                }
            }
        }
        for (l, seg) in shape.segs.iter().enumerate() {
            if matches!(seg.kind, Feature::Road | Feature::City) {
                out[l].open = (seg.sides as u16 + extra[l]).saturating_sub(2 * conn[l]) as u8;
            }
        }
        for (l, seg) in shape.segs.iter().enumerate() {
            match seg.kind {
                Feature::Field => {
                    let mut m = seg.cities;
                    while m != 0 {
                        let ci = m.trailing_zeros() as usize;
                        m &= m - 1;
                        out[l].cities += 1;
                        if out[ci].open == 0 {
                            out[l].cities_done += 1;
                        }
                    }
                }
                Feature::Cloister => {
                    out[l].open = self.cloisters_neighbours(c);
                }
                _ => {}
            }
        }
        out
    }

    /// Tiles on the 8 cells around `c`.
    pub fn cloisters_neighbours(&self, c: u16) -> u8 {
        let (x, y) = xy(c);
        let mut around = 0;
        for dy in [GMASK, 0, 1] {
            for dx in [GMASK, 0, 1] {
                if (dx, dy) != (0, 0)
                    && self.grid[cell(x.wrapping_add(dx), y.wrapping_add(dy)) as usize] != EMPTY
                {
                    around += 1;
                }
            }
        }
        around
    }

    /// Cloisters around `c` (not on it): (global segment, neighbouring tiles now).
    pub fn cloisters_around(&self, c: u16) -> ArrayVec<(u16, u8), 8> {
        let mut v = ArrayVec::new();
        let (x, y) = xy(c);
        for dy in [GMASK, 0, 1] {
            for dx in [GMASK, 0, 1] {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let n = cell(x.wrapping_add(dx), y.wrapping_add(dy));
                let ni = self.grid[n as usize];
                if ni == EMPTY {
                    continue;
                }
                let np = self.placed[ni as usize];
                if let Some(cl) = self.t.shapes[np.shape as usize].cloister {
                    let g = Self::seg_id(ni as usize, cl);
                    v.push((g, self.open[g as usize]));
                }
            }
        }
        v
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
            if self.meeples[r as usize][p as usize] != n {
                return Err(format!(
                    "root {r}: player {p} has {n} followers, counted {}",
                    self.meeples[r as usize][p as usize]
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
            != self.t.total(self.rules.robbers)
        {
            return Err("tiles placed + discarded + remaining != total".into());
        }
        Ok(())
    }
}
