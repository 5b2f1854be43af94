//! The 50-space scoreboard with counting figures and robbers.
//!
//! The 50-space scoreboard with counting figures and robbers, and the robbers' share of a scoring
//! round.
//!
//! A scoring round is every score that happens at once (all features one tile completes). It is
//! resolved as the seed and its footnotes say:
//! 1. Each figure moves for its scores in the order given (a player orders their own scores,
//!    footnote 8). A robber only sees a figure's **first** move of the round, from the space the
//!    figure started on ("if a robber stood on the space where that follower started").
//! 2. Each robber on the board whose space held, at the round's start, a figure of another player
//!    that moved in this round takes half (rounded up; the `robber_share` knob) of one such first
//!    move — the robber's owner
//!    chooses which (several figures, footnotes 8–11); several robbers may take the same move.
//!    The robbed player keeps all their points; the robber returns to its owner's stock.
//! 3. Robbery gains move the robbers' owners' (main) figures, after every normal move of the
//!    round. A robber still on the board next to such a figure (another player's) scores nothing
//!    and moves with it ("honor among thieves", footnote 10): rogue points. "Next to" is judged
//!    on the figure's space after the round's normal moves (`RogueBeside::AfterMoves`, the
//!    default) or on its space when the round began (`RogueBeside::RoundStart`). One pass: a
//!    robber that moved with a rogue figure does not follow a second one in the same round;
//!    with several rogue figures on its space it follows the first by seat (its owner is not
//!    asked: docs/rules.md, "Rogue points").

use arrayvec::ArrayVec;

/// Spaces on the track: a figure stands on `score % TRACK`.
pub const TRACK: u8 = 50;
/// Most counting figures (5 players with the Messages' second figure would be 10).
pub const MAX_FIGURES: usize = 12;
/// Robbers on one scoreboard at most: 6 colours, 2 robbers each (the `robbers_per_player` knob).
pub const MAX_ROBBERS: usize = 12;
/// A robber in its owner's stock.
pub const IN_STOCK: u8 = 0xFF;

/// Counting figures and robbers on the track.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoreboard {
    pub n_figures: u8,
    /// Owner (player) of each figure.
    pub owner: [u8; MAX_FIGURES],
    /// Space of each figure (0..TRACK).
    pub pos: [u8; MAX_FIGURES],
    /// Space of each robber, or `IN_STOCK`. Robber `r` belongs to player `r % players` (with
    /// one robber each, robber `p` is player `p`'s).
    pub robber: [u8; MAX_ROBBERS],
    /// The figure that moves for a player's robbery gains (by player).
    pub main_figure: [u8; MAX_ROBBERS],
    /// Players (robber `r` belongs to `r % players`).
    pub players: u8,
    /// Robbers in play: `players` times the robbers each player has (the rest stay in stock).
    pub n_robbers: u8,
    /// The share of a score a robber takes.
    pub share: RobberShare,
    /// Where a robber must stand to move with a figure that scores rogue points.
    pub rogue: RogueBeside,
}

/// Where a robber must stand to move with a figure scoring rogue points (the seed: "If the
/// robber is next to a counting follower that scores points gained by robbing another player").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RogueBeside {
    /// Beside the figure once the round's normal moves are made, just before its robbery gain
    /// moves it (robsim's reading so far): a figure whose normal score brought it to the
    /// robber's space takes the robber along.
    #[default]
    AfterMoves,
    /// Beside the figure when the scoring round began, as robberies are judged: a figure that
    /// reached the robber's space by a normal score of the same round leaves it behind.
    RoundStart,
}

impl RogueBeside {
    pub const NAMES: &'static [&'static str] = &["after-moves", "round-start"];
    pub fn name(self) -> &'static str {
        match self {
            RogueBeside::AfterMoves => "after-moves",
            RogueBeside::RoundStart => "round-start",
        }
    }
    pub fn parse(s: &str) -> Option<RogueBeside> {
        match s {
            "after-moves" => Some(RogueBeside::AfterMoves),
            "round-start" => Some(RogueBeside::RoundStart),
            _ => None,
        }
    }
}

/// The share of a score a robber takes (the seed: half, rounded up).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RobberShare {
    /// Half, rounded up (the seed).
    Half,
    /// A third, rounded up.
    Third,
    /// A quarter, rounded up.
    Quarter,
    /// The whole score (the robbed player still keeps theirs).
    All,
}

impl RobberShare {
    pub const NAMES: &'static [&'static str] = &["half", "third", "quarter", "all"];
    pub fn name(self) -> &'static str {
        match self {
            RobberShare::Half => "half",
            RobberShare::Third => "third",
            RobberShare::Quarter => "quarter",
            RobberShare::All => "all",
        }
    }
    pub fn parse(s: &str) -> Option<RobberShare> {
        match s {
            "half" => Some(RobberShare::Half),
            "third" => Some(RobberShare::Third),
            "quarter" => Some(RobberShare::Quarter),
            "all" => Some(RobberShare::All),
            _ => None,
        }
    }
    /// The points a robber takes from a score of `points`.
    #[inline]
    pub fn of(self, points: u16) -> u16 {
        match self {
            RobberShare::Half => half_up(points),
            RobberShare::Third => points.div_ceil(3),
            RobberShare::Quarter => points.div_ceil(4),
            RobberShare::All => points,
        }
    }
}

impl Scoreboard {
    /// One figure per player (the base game), all on space 0, robbers in stock.
    pub fn new(players: u8) -> Scoreboard {
        let mut sb = Scoreboard {
            n_figures: players,
            owner: [0; MAX_FIGURES],
            pos: [0; MAX_FIGURES],
            robber: [IN_STOCK; MAX_ROBBERS],
            main_figure: [0; MAX_ROBBERS],
            players,
            n_robbers: players,
            share: RobberShare::Half,
            rogue: RogueBeside::AfterMoves,
        };
        for p in 0..players as usize {
            sb.owner[p] = p as u8;
            sb.main_figure[p] = p as u8;
        }
        sb
    }

    /// The player robber `r` belongs to.
    #[inline]
    pub fn owner_of(&self, r: u8) -> u8 {
        r % self.players.max(1)
    }

    /// Adds a figure (e.g. the Messages' woman follower) for `owner` at `pos`; returns its index.
    pub fn add_figure(&mut self, owner: u8, pos: u8) -> u8 {
        let f = self.n_figures;
        self.owner[f as usize] = owner;
        self.pos[f as usize] = pos % TRACK;
        self.n_figures += 1;
        f
    }

    /// Spaces where `player` may put a robber: those holding another player's figure, ascending.
    pub fn robber_spaces(&self, player: u8) -> ArrayVec<u8, MAX_FIGURES> {
        let mut v = ArrayVec::new();
        for f in 0..self.n_figures as usize {
            if self.owner[f] != player && !v.contains(&self.pos[f]) {
                v.push(self.pos[f]);
            }
        }
        v.sort_unstable();
        v
    }
}

/// One move of a figure in a scoring round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub figure: u8,
    pub points: u16,
}

/// What the robbers did in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEvent {
    /// Robber `robber`'s owner (`Scoreboard::owner_of`) took `points` (its share of move `mv`)
    /// from `figure` on `space`.
    Robbery {
        robber: u8,
        figure: u8,
        mv: u8,
        points: u16,
        space: u8,
    },
    /// `robber` moved with `figure`, which scored robbery points, from `from` to `to`.
    Rogue {
        robber: u8,
        figure: u8,
        from: u8,
        to: u8,
    },
}

/// Half, rounded up.
#[inline]
pub fn half_up(points: u16) -> u16 {
    points.div_ceil(2)
}

/// Each figure's first move of a round with points (an index into `moves`), or `u8::MAX`.
fn first_moves(moves: &[Move]) -> [u8; MAX_FIGURES] {
    let mut first = [u8::MAX; MAX_FIGURES];
    for (i, m) in moves.iter().enumerate() {
        let f = m.figure as usize;
        if first[f] == u8::MAX && m.points > 0 {
            first[f] = i as u8;
        }
    }
    first
}

/// The moves robber `r` may rob in a round of `moves` that has not been resolved yet (the
/// figures at their round-start spaces): the first move of each other player's figure on the
/// robber's space, ascending. Empty for a robber in stock.
pub fn robbery_candidates(sb: &Scoreboard, moves: &[Move], r: u8) -> ArrayVec<u8, MAX_FIGURES> {
    let mut cands = ArrayVec::new();
    let space = sb.robber[r as usize];
    if space == IN_STOCK {
        return cands;
    }
    let first = first_moves(moves);
    for (f, &mv) in first.iter().enumerate().take(sb.n_figures as usize) {
        if mv != u8::MAX && sb.pos[f] == space && sb.owner[f] != sb.owner_of(r) {
            cands.push(mv);
        }
    }
    cands.sort_unstable();
    cands
}

/// Resolves a scoring round on `sb`: moves the figures, lets the robbers take their share and
/// move with rogue figures. `choose(robber, candidates)` picks among the indices into `moves` a
/// robber may rob (called only when there are two or more; [`robbery_candidates`] lists them
/// beforehand). Returns what happened; points are the caller's to add (each move's points to
/// its figure's owner, each robbery's to the robber).
pub fn resolve_round(
    sb: &mut Scoreboard,
    moves: &[Move],
    choose: &mut impl FnMut(u8, &[u8]) -> usize,
) -> ArrayVec<RoundEvent, 16> {
    let mut out = ArrayVec::new();
    // Robberies are decided on the round-start spaces, before any figure moves.
    let mut robbed: ArrayVec<(u8, u8, u8), MAX_ROBBERS> = ArrayVec::new();
    for r in 0..sb.n_robbers {
        let cands = robbery_candidates(sb, moves, r);
        if !cands.is_empty() {
            let k = if cands.len() == 1 {
                0
            } else {
                choose(r, &cands).min(cands.len() - 1)
            };
            robbed.push((r, cands[k], sb.robber[r as usize]));
        }
    }
    let start = sb.pos;
    for m in moves {
        let f = m.figure as usize;
        sb.pos[f] = ((sb.pos[f] as u16 + m.points) % TRACK as u16) as u8;
    }
    // Robberies: each robber on the board, by seat.
    let mut gains: ArrayVec<(u8, u16), MAX_ROBBERS> = ArrayVec::new();
    for &(r, mv, space) in &robbed {
        let points = sb.share.of(moves[mv as usize].points);
        out.push(RoundEvent::Robbery {
            robber: r,
            figure: moves[mv as usize].figure,
            mv,
            points,
            space,
        });
        sb.robber[r as usize] = IN_STOCK;
        gains.push((r, points));
    }
    // Rogue points: robbery gains move figures; robbers beside them go along for nothing.
    let mut rogue: ArrayVec<(u8, u8, u8), MAX_ROBBERS> = ArrayVec::new();
    for &(r, points) in &gains {
        let f = sb.main_figure[sb.owner_of(r) as usize];
        let from = sb.pos[f as usize];
        let to = ((from as u16 + points) % TRACK as u16) as u8;
        sb.pos[f as usize] = to;
        rogue.push((f, from, to));
    }
    for r in 0..sb.n_robbers {
        let space = sb.robber[r as usize];
        if space == IN_STOCK {
            continue;
        }
        let beside = |f: u8, from: u8| match sb.rogue {
            RogueBeside::AfterMoves => from == space,
            RogueBeside::RoundStart => from == space && start[f as usize] == space,
        };
        if let Some(&(f, from, to)) = rogue
            .iter()
            .find(|&&(f, from, _)| beside(f, from) && sb.owner[f as usize] != sb.owner_of(r))
        {
            sb.robber[r as usize] = to;
            out.push(RoundEvent::Rogue {
                robber: r,
                figure: f,
                from,
                to,
            });
        }
    }
    out
}
