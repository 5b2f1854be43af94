//! What the `learned` player sees of a searched decision.
//!
//! What the `learned` player sees of a searched decision: its decision type, and a fixed-size
//! feature vector per candidate action (named, versioned, no allocation).
//!
//! The decision types are those the rollout player searches (`rollout::candidates` lists their
//! candidates): set-up settlements, soldier timing (Robert's soldier or his move; Solitaire's
//! cancelled seven), which face-down token a flip-up turns back, and what to build in the main
//! phase (each city, settlement, a development card, or ending the turn). Every feature is a
//! plain number scaled to about 0..1 so that one ridge penalty suits them all; position
//! figures that are the same for every candidate enter only multiplied by a property of the
//! candidate (a linear ranker compares candidates, so a constant would cancel out).
//! `FEATURE_VERSION` changes whenever a name, its meaning or its order changes. A version only
//! appends features to a decision type's list (`DecisionKind::features_at` gives each
//! version's prefix), so a model of an older version reads its own features and plays exactly
//! as it did; a model file of a version this robsim does not know is refused.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use super::candidates::MAX_CANDIDATES;
pub use super::feature_names::CONTEXT;
use super::feature_names::{
    BUILD, BUILD_V4, FLIP, FLIP_V4, SETUP, SETUP_V1, SETUP_V3, SETUP_V4, SOLDIER, SOLDIER_V2,
    SOLDIER_V4,
};
use super::spots::{
    best_two_flips, corner_score, live_pips, production, raw_pips, settled_hexes, team_value,
    weight_of,
};
use crate::catan::NONE;
use crate::catan::*;
use arrayvec::ArrayVec;

/// The newest version of the feature definitions below (names, meanings, order, scaling).
/// Version 2 added the set-up features `room` and `room_pips`; version 3 the soldier
/// features of Robert's rhythm (`act_rest_rate` and the three after it); version 4 the set-up
/// features of Robert's walk (`walk_pips`, `first_pips`, `walk_first`); version 5 the rules
/// themselves: every decision type reads the player count and every Robert rule knob
/// ([`CONTEXT`], the same for every candidate of a decision, so a network can condition its
/// units on them), and a few of them crossed with a candidate's kind for the linear score
/// (issue 88: a learned player that reads the rules).
pub const FEATURE_VERSION: u32 = 5;

/// The feature version `robsim learn` trains on unless `[learn] feature_version` says
/// otherwise (the shipped models' version).
pub const DEFAULT_FEATURE_VERSION: u32 = 1;

/// Most features of one decision type (the weight arrays are this wide; unused slots are 0).
pub const MAX_FEATURES: usize = 48;

/// [`CONTEXT`]'s values for `g`'s rules, in `f64`: the learned player reads them as `f32`
/// (each a quotient of small whole numbers, so rounding the `f64` quotient gives the `f32`
/// quotient's bits) and the value model (`value::value_features`) reads all but the player
/// count as they are.
pub fn rules_context(g: &Game) -> [f64; 13] {
    let n = g.s.n_players;
    let mut c = [0f64; 13];
    c[0] = (n == 2) as u8 as f64;
    c[1] = (n >= 4) as u8 as f64;
    c[6] = g.rules.hand_limit as f64 / 12.0;
    c[7] = g.rules.vp_to_win as f64 / 12.0;
    if let Some(r) = g.rules.variant.robert() {
        c[2] = r.start_cards as f64 / 6.0;
        c[3] = if r.robert_skip > 0 {
            1.0 / r.robert_skip as f64
        } else {
            0.0
        };
        c[4] = r.soldier_flips as f64 / 4.0;
        c[5] = r.seven_flips as f64 / 4.0;
        c[8] = r.keep_back as f64 / 12.0;
        c[9] = (r.target == RobertTarget::Global) as u8 as f64;
        c[10] = (r.city_weight == 2) as u8 as f64;
        c[11] = (r.monopoly == RobertMonopoly::Take) as u8 as f64;
        c[12] = (r.reshuffled_knights == ReshuffledKnights::Count) as u8 as f64;
    }
    c
}

/// A candidate's features.
pub type Features = [f32; MAX_FEATURES];

/// The decision types a learned model scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecisionKind {
    /// A set-up settlement.
    Setup = 0,
    /// Robert: a soldier before the roll, or Robert's move; Solitaire: cancel a seven or not
    /// (and a knight before the roll under `knight_play = "move-robber"`).
    Soldier = 1,
    /// Which face-down token a flip-up turns back.
    Flip = 2,
    /// The main phase's build: a city, a settlement, a development card, or ending the turn.
    Build = 3,
}

/// Decision types, in model-file order.
pub const KINDS: [DecisionKind; 4] = [
    DecisionKind::Setup,
    DecisionKind::Soldier,
    DecisionKind::Flip,
    DecisionKind::Build,
];

impl DecisionKind {
    /// The decision type of a phase, if it is one the learned player scores.
    #[inline]
    pub fn of(phase: Phase) -> Option<DecisionKind> {
        match phase {
            Phase::SetupSettlement => Some(DecisionKind::Setup),
            Phase::PreRoll | Phase::SevenChoice => Some(DecisionKind::Soldier),
            Phase::FlipUp => Some(DecisionKind::Flip),
            Phase::Main => Some(DecisionKind::Build),
            _ => None,
        }
    }

    #[inline(always)]
    pub fn idx(self) -> usize {
        self as usize
    }

    /// The name in model files and reports.
    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::Setup => "setup",
            DecisionKind::Soldier => "soldier",
            DecisionKind::Flip => "flip",
            DecisionKind::Build => "build",
        }
    }

    /// The names of this type's features at `version` (1..=FEATURE_VERSION), in vector
    /// order: a prefix of [`DecisionKind::features`].
    pub fn features_at(self, version: u32) -> &'static [&'static str] {
        match (self, version) {
            (DecisionKind::Setup, 1) => &SETUP[..SETUP_V1],
            (DecisionKind::Setup, 2 | 3) => &SETUP[..SETUP_V3],
            (DecisionKind::Setup, 4) => &SETUP[..SETUP_V4],
            (DecisionKind::Soldier, 1 | 2) => &SOLDIER[..SOLDIER_V2],
            (DecisionKind::Soldier, 3 | 4) => &SOLDIER[..SOLDIER_V4],
            (DecisionKind::Flip, 1..=4) => &FLIP[..FLIP_V4],
            (DecisionKind::Build, 1..=4) => &BUILD[..BUILD_V4],
            _ => self.features(),
        }
    }

    /// The names of this type's features at the newest version, in vector order.
    pub fn features(self) -> &'static [&'static str] {
        match self {
            DecisionKind::Setup => SETUP,
            DecisionKind::Soldier => SOLDIER,
            DecisionKind::Flip => FLIP,
            DecisionKind::Build => BUILD,
        }
    }
}

/// Position figures shared by every candidate of one decision.
struct Position {
    me: PlayerId,
    four: f32,
    cards: f32,
    vp: f32,
    min_vp: f32,
    at_target: bool,
    laggard: bool,
    face_down: f32,
    face_up: f32,
    turn: f32,
}

impl Position {
    fn new(g: &Game) -> Position {
        let s = &g.s;
        let me = g.actor();
        let target = g.rules.vp_to_win.max(1) as f32;
        let players = &s.players[..s.n_players as usize];
        let min_vp = players.iter().map(|p| p.vp).min().unwrap_or(0);
        let my_vp = s.player(me).vp;
        let up = g.layout.tokened.minus(s.face_down).minus(s.destroyed);
        Position {
            me,
            four: (s.n_players >= 4) as u8 as f32,
            cards: g.rules.variant.robert().map_or(0, |r| r.start_cards) as f32 / 3.0,
            vp: my_vp as f32 / target,
            min_vp: min_vp as f32 / target,
            at_target: my_vp >= g.rules.vp_to_win,
            laggard: s.n_players > 1 && my_vp == min_vp,
            face_down: s.face_down.len() as f32 / 10.0,
            face_up: up.len() as f32 / 18.0,
            // Capped: a linear score must not run away in the rare very long game.
            turn: s.turn.min(300) as f32 / 100.0,
        }
    }
}

/// The features of every candidate of a `kind` decision (`cands[0]` is the base policy's own
/// choice `a0`), in candidate order, written to `out` (emptied first).
pub fn features_into(
    g: &Game,
    kind: DecisionKind,
    cands: &[Action],
    a0: Action,
    out: &mut ArrayVec<Features, MAX_CANDIDATES>,
) {
    out.clear();
    let pos = Position::new(g);
    match kind {
        DecisionKind::Setup => setup(g, &pos, cands, out),
        DecisionKind::Soldier => soldier(g, &pos, cands, out),
        DecisionKind::Flip => flip(g, &pos, cands, out),
        DecisionKind::Build => build(g, &pos, cands, out),
    }
    for (f, &c) in out.iter_mut().zip(cands) {
        f[0] = (c == a0) as u8 as f32;
    }
    rules_features(g, kind, out);
}

/// Version 5's features: the rules crossed with a candidate's kind, then [`CONTEXT`] (the last
/// 13 names of every type's list) on every candidate.
fn rules_features(g: &Game, kind: DecisionKind, out: &mut ArrayVec<Features, MAX_CANDIDATES>) {
    let c = rules_context(g).map(|x| x as f32);
    let (two, soldier_flips, rest) = (c[0], c[4], c[3]);
    let (from, n) = match kind {
        DecisionKind::Setup => (SETUP_V4, SETUP.len()),
        DecisionKind::Soldier => (SOLDIER_V4, SOLDIER.len()),
        DecisionKind::Flip => (FLIP_V4, FLIP.len()),
        DecisionKind::Build => (BUILD_V4, BUILD.len()),
    };
    for f in out.iter_mut() {
        match kind {
            DecisionKind::Setup => f[from] = two * f[2],
            DecisionKind::Soldier => {
                f[from] = f[1] * two;
                f[from + 1] = f[1] * soldier_flips;
            }
            DecisionKind::Flip => f[from] = two * f[1],
            DecisionKind::Build => {
                f[from] = f[1] * two;
                f[from + 1] = f[2] * two;
                f[from + 2] = f[3] * two;
                f[from + 3] = f[3] * soldier_flips;
                f[from + 4] = f[3] * rest;
            }
        }
        f[n - CONTEXT.len()..n].copy_from_slice(&c);
    }
}

/// The place of each value among `v` (0 for the largest; ties share the better place).
fn ranks(v: &[f32]) -> [f32; MAX_CANDIDATES] {
    let mut r = [0f32; MAX_CANDIDATES];
    for (i, x) in v.iter().enumerate() {
        r[i] = v.iter().filter(|y| *y > x).count() as f32;
    }
    r
}

fn setup(g: &Game, pos: &Position, cands: &[Action], out: &mut ArrayVec<Features, MAX_CANDIDATES>) {
    let prod = production(g, pos.me, false);
    let (touched, numbers) = settled_hexes(g, pos.me);
    let reach = g.topo.hex_neighbor_set[g.s.robber.idx()];
    let second = (g.s.setup_step >= g.s.n_players) as u8 as f32;
    let walk = robert_walk(g);
    let walked = g.rules.variant.robert().is_some();
    let up = g.layout.tokened.minus(g.s.face_down).len().max(1) as f32;
    let mut scores = [0f32; MAX_CANDIDATES];
    for (k, &a) in cands.iter().enumerate() {
        let Action::BuildSettlement(c) = a else {
            out.push([0.0; MAX_FEATURES]);
            continue;
        };
        let c = c.idx();
        let score = corner_score(g, c, &prod, true);
        scores[k] = score;
        let mut f = [0f32; MAX_FEATURES];
        let (mut pips_sum, mut max_pips, mut red, mut kinds, mut new_kinds) =
            (0u32, 0u32, 0, 0u8, 0u8);
        let (mut untouched, mut same, mut neighbours, mut desert) = (0, 0, 0u32, false);
        let mut by_res = [0u32; 5];
        let mut near_robber = 0u32;
        let (mut walk_pips, mut first_pips, mut walk_first) = (0u32, 0u32, u8::MAX);
        for &h in &g.topo.corner_hexes[c] {
            if h == NONE {
                continue;
            }
            let h = h as usize;
            let pp = raw_pips(g, h);
            let Some(r) = g.layout.terrain[h].resource().filter(|_| pp > 0) else {
                desert |= g.topo.land_hexes.contains(h);
                continue;
            };
            pips_sum += pp;
            max_pips = max_pips.max(pp);
            red += (pp == 5) as u32;
            if kinds & (1 << r.idx()) == 0 {
                kinds |= 1 << r.idx();
                new_kinds += (prod[r.idx()] == 0) as u8;
            }
            by_res[r.idx()] += pp;
            untouched += !touched.contains(h) as u32;
            same += (numbers & (1 << g.layout.token[h]) != 0) as u32;
            for cc in g.topo.hex_corners[h] {
                neighbours += (g.s.corner_owner[cc.idx()] != 0) as u32;
            }
            if reach.contains(h) {
                near_robber += pp;
            }
            let step = walk[h];
            if step > 0 {
                walk_pips += pp * step as u32;
                first_pips += pp * (step <= g.s.n_players) as u32;
                walk_first = walk_first.min(step);
            }
        }
        let hb = g.layout.harbor[c];
        let pips = pips_sum as f32 / 10.0;
        f[1] = score / 10.0;
        f[2] = pips;
        f[3] = max_pips as f32 / 5.0;
        f[4] = red as f32 / 3.0;
        f[5] = kinds.count_ones() as f32 / 3.0;
        f[6] = new_kinds as f32 / 3.0;
        f[7] = untouched as f32 / 3.0;
        f[8] = same as f32 / 3.0;
        f[9] = (hb == HarborKind::Generic.bit()) as u8 as f32;
        f[10] = (hb != 0 && hb != HarborKind::Generic.bit()) as u8 as f32;
        f[11] = (by_res[Resource::Ore.idx()] + by_res[Resource::Grain.idx()]) as f32 / 10.0;
        f[12] = (by_res[Resource::Brick.idx()] + by_res[Resource::Lumber.idx()]) as f32 / 10.0;
        f[13] = by_res[Resource::Wool.idx()] as f32 / 10.0;
        f[14] = neighbours as f32 / 3.0;
        f[15] = second * pips;
        f[16] = pos.four * pips;
        f[17] = pos.cards * pips;
        f[19] = desert as u8 as f32;
        f[20] = near_robber as f32 / 10.0;
        let (room, room_pips) = room_to_grow(g, c);
        f[21] = room as f32 / 6.0;
        f[22] = room_pips as f32 / 13.0;
        if walked {
            f[23] = walk_pips as f32 / up / 10.0;
            f[24] = first_pips as f32 / 10.0;
            f[25] = if walk_first == u8::MAX {
                1.0
            } else {
                walk_first as f32 / up
            };
        }
        out.push(f);
    }
    let r = ranks(&scores[..cands.len()]);
    for (k, f) in out.iter_mut().enumerate() {
        f[18] = r[k] / 8.0;
    }
}

/// Room to grow from a settlement on corner `c`: the land corners two roads away where a
/// settlement could still go once `c` is settled (the distance rule), and the raw pips of the
/// best of them. (The corners between are free: `c` is a legal site.)
fn room_to_grow(g: &Game, c: usize) -> (u32, u32) {
    // The neighbours' blocks hold the corners two away, plus `c`'s own block (taken off below).
    let mut near = CornerSet::EMPTY;
    for &m in &g.topo.corner_neighbors[c] {
        if m != NONE {
            near = near.union(g.topo.corner_block[m as usize]);
        }
    }
    let sites = near
        .intersect(g.topo.land_corners)
        .minus(g.s.blocked)
        .minus(g.topo.corner_block[c]);
    let best = sites
        .iter()
        .map(|s| {
            g.layout.corner_yield[s]
                .iter()
                .map(|y| y.pips as u32)
                .sum::<u32>()
        })
        .max()
        .unwrap_or(0);
    (sites.len(), best)
}

/// Robert's walk: the step (1 his next move, 2 the one after, ...) at which Robert would flip
/// each hex's token if from now on he moved every player-turn and no soldier, seven or
/// monopoly turned a token back; 0 for a hex without a face-up token. His ties (the game draws
/// them) go to the lowest hex index. Every entry is 0 outside Robert the Robber.
pub fn robert_walk(g: &Game) -> [u8; MAX_HEXES] {
    let mut step = [0u8; MAX_HEXES];
    if g.rules.variant.robert().is_none() {
        return step;
    }
    let (mut at, mut down) = (g.s.robber, g.s.face_down);
    let mut k = 0u8;
    loop {
        let t = robert::targets_from(g, at, down);
        if t.is_empty() {
            return step;
        }
        let h = t.nth(0);
        k += 1;
        step[h] = k;
        down.insert(h);
        at = HexId(h as u8);
    }
}

/// Whether `a` acts (spends a knight) rather than letting the turn go on.
fn acts(a: Action) -> bool {
    matches!(a, Action::PlayKnight | Action::CancelSeven)
}

fn soldier(
    g: &Game,
    pos: &Position,
    cands: &[Action],
    out: &mut ArrayVec<Features, MAX_CANDIDATES>,
) {
    let s = &g.s;
    let me = s.player(pos.me);
    let k = DevCard::Knight.idx();
    let robert = g.rules.variant.robert().is_some();
    let (mut a, mut b) = (0u32, 0u32);
    let mut stake = 0u32;
    if robert {
        (a, b) = best_two_flips(g);
        stake = robert::target_candidates(g)
            .iter()
            .map(|h| team_value(g, h))
            .max()
            .unwrap_or(0);
    }
    let team_knights: u32 = s.players[..s.n_players as usize]
        .iter()
        .map(|p| p.dev[k] as u32)
        .sum();
    let beat = match s.largest_army {
        NO_PLAYER => 3,
        q if q == pos.me.0 => u16::MAX,
        q => (s.players[q as usize].knights_played + 1).max(3),
    };
    let wins_army = g.rules.variant.largest_army() && me.knights_played + 1 >= beat;
    let rests = cands.contains(&Action::Roll) && robert;
    let robber_desert = g.layout.terrain[s.robber.idx()].resource().is_none();
    let other = me.dev[DevCard::RoadBuilding.idx()]
        + me.dev[DevCard::YearOfPlenty.idx()]
        + me.dev[DevCard::Monopoly.idx()];
    let flip_value = (a + b) as f32 / 20.0;
    let mut act = [0f32; MAX_FEATURES];
    act[1] = 1.0;
    act[2] = flip_value;
    act[3] = pos.face_down;
    act[4] = pos.face_up;
    act[5] = me.dev[k] as f32 / 3.0;
    act[6] = team_knights as f32 / 6.0;
    act[7] = wins_army as u8 as f32;
    act[8] = pos.vp;
    act[9] = pos.min_vp;
    act[10] = s.deck[k] as f32 / 14.0;
    act[11] = pos.turn;
    act[12] = pos.four;
    act[13] = pos.cards;
    act[14] = stake as f32 / 10.0;
    act[15] = rests as u8 as f32;
    act[16] = me.hand_size() as f32 / 10.0;
    act[17] = (!robert && robber_desert) as u8 as f32;
    act[18] = s.destroyed.len() as f32 / 5.0;
    act[19] = other as f32 / 3.0;
    act[20] = me.vp_cards() as f32 / 3.0;
    act[21] = pos.four * flip_value;
    if let Some(r) = g.rules.variant.robert().filter(|r| r.robert_skip > 0) {
        let rate = 1.0 / r.robert_skip as f32;
        act[22] = rate;
        act[23] = !r.moves_on(s.turn + 1) as u8 as f32;
        act[24] = rate * flip_value;
        act[25] = rate * pos.face_down;
    }
    for &c in cands {
        out.push(if acts(c) { act } else { [0.0; MAX_FEATURES] });
    }
}

fn flip(g: &Game, pos: &Position, cands: &[Action], out: &mut ArrayVec<Features, MAX_CANDIDATES>) {
    let s = &g.s;
    let n = s.n_players as usize;
    let mut team_prod = [0u32; 5];
    for q in 0..n {
        let p = production(g, PlayerId(q as u8), true);
        for r in 0..5 {
            team_prod[r] += p[r];
        }
    }
    let near = g.topo.hex_neighbor_set[s.robber.idx()];
    let up = robert::face_up(g);
    let pool_max = near
        .intersect(up)
        .iter()
        .map(|h| raw_pips(g, h))
        .max()
        .unwrap_or(0);
    let mut values = [0f32; MAX_CANDIDATES];
    for (k, &a) in cands.iter().enumerate() {
        let Action::FlipUp(h) = a else {
            out.push([0.0; MAX_FEATURES]);
            continue;
        };
        let h = h.idx();
        let pp = raw_pips(g, h);
        let tv = team_value(g, h);
        values[k] = tv as f32;
        let (mut w, mut lag, mut own) = (0u32, 0u32, 0u32);
        for c in g.topo.hex_corners[h] {
            let o = s.corner_owner[c.idx()];
            if o == 0 {
                continue;
            }
            let q = ((o & 0x0f) - 1) as usize;
            let wo = weight_of(o);
            w += wo;
            lag += wo * g.rules.vp_to_win.saturating_sub(s.players[q].vp) as u32;
            if q == pos.me.idx() {
                own += wo;
            }
        }
        let res = g.layout.terrain[h].resource();
        let mut f = [0f32; MAX_FEATURES];
        let team_v = tv as f32 / 10.0;
        f[1] = team_v;
        f[2] = pp as f32 / 5.0;
        f[3] = w as f32 / 3.0;
        f[4] = (lag * pp) as f32 / 50.0;
        f[5] = (near.contains(h) && pp >= pool_max) as u8 as f32;
        f[6] = near.contains(h) as u8 as f32;
        f[7] = res.map_or(0, |r| team_prod[r.idx()]) as f32 / 20.0;
        f[8] = matches!(res, Some(Resource::Ore | Resource::Grain)) as u8 as f32;
        f[9] = matches!(res, Some(Resource::Brick | Resource::Lumber)) as u8 as f32;
        f[10] = own as f32 / 3.0;
        f[12] = pos.four * pp as f32 / 5.0;
        f[13] = pos.cards * team_v;
        out.push(f);
    }
    let r = ranks(&values[..cands.len()]);
    for (k, f) in out.iter_mut().enumerate() {
        f[11] = r[k] / 8.0;
    }
}

fn build(g: &Game, pos: &Position, cands: &[Action], out: &mut ArrayVec<Features, MAX_CANDIDATES>) {
    let s = &g.s;
    let me = s.player(pos.me);
    let hand = me.hand_size() as f32;
    let deck: u32 = s.deck.iter().map(|&x| x as u32).sum();
    let share = |c: DevCard| s.deck[c.idx()] as f32 / deck.max(1) as f32;
    let lead = pos.vp - pos.min_vp;
    // The player's raw production, for settlement scores (computed once, only if needed).
    let mut prod = None;
    for &a in cands {
        let mut f = [0f32; MAX_FEATURES];
        let (city, settle, dev) = match a {
            Action::BuildCity(_) => (1.0, 0.0, 0.0),
            Action::BuildSettlement(_) => (0.0, 1.0, 0.0),
            Action::BuyDev => (0.0, 0.0, 1.0),
            _ => (0.0, 0.0, 0.0),
        };
        let cost = match a {
            Action::BuildCity(_) => CITY_COST,
            Action::BuildSettlement(_) => SETTLEMENT_COST,
            Action::BuyDev => DEV_COST,
            Action::BuildRoad(_) => ROAD_COST,
            _ => [0; 5],
        };
        f[1] = city;
        f[2] = settle;
        f[3] = dev;
        f[4] = matches!(a, Action::BuildRoad(_)) as u8 as f32;
        match a {
            Action::BuildCity(c) => {
                let gain: u32 = g.topo.corner_hexes[c.idx()]
                    .iter()
                    .filter(|&&h| h != NONE)
                    .map(|&h| live_pips(g, h as usize))
                    .sum();
                f[5] = gain as f32 / 10.0;
            }
            Action::BuildSettlement(c) => {
                let p = prod.get_or_insert_with(|| production(g, pos.me, false));
                f[6] = corner_score(g, c.idx(), p, false) / 10.0;
            }
            _ => {}
        }
        let vp_build = city + settle;
        f[7] = city * pos.vp;
        f[8] = settle * pos.vp;
        f[9] = dev * pos.vp;
        f[10] = dev * pos.at_target as u8 as f32;
        f[11] = vp_build * pos.at_target as u8 as f32;
        f[12] = dev * pos.face_down;
        f[13] = dev * pos.face_up;
        f[14] = dev * share(DevCard::Knight);
        f[15] = dev * share(DevCard::VictoryPoint);
        f[16] = city * pos.four;
        f[17] = settle * pos.four;
        f[18] = dev * pos.four;
        f[19] = city * pos.cards;
        f[20] = settle * pos.cards;
        f[21] = dev * pos.cards;
        f[22] = city * pos.turn;
        f[23] = settle * pos.turn;
        f[24] = dev * pos.turn;
        f[25] = vp_build * pos.laggard as u8 as f32;
        f[26] = vp_build * lead;
        let after = hand - cost.iter().map(|&x| x as f32).sum::<f32>();
        f[27] = after / 10.0;
        f[28] = (after > g.rules.hand_limit as f32) as u8 as f32;
        f[29] = dev * s.destroyed.len() as f32 / 5.0;
        out.push(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fit_the_vectors_and_are_unique() {
        for k in KINDS {
            let names = k.features();
            assert!(names.len() <= MAX_FEATURES, "{}", k.name());
            assert_eq!(names[0], "is_base");
            for (i, a) in names.iter().enumerate() {
                assert!(!names[i + 1..].contains(a), "{} repeats {a}", k.name());
            }
            // Each version's names are a prefix of the next one's.
            for v in 1..FEATURE_VERSION {
                let (old, new) = (k.features_at(v), k.features_at(v + 1));
                assert!(old.len() <= new.len() && new[..old.len()] == *old);
            }
            assert_eq!(k.features_at(FEATURE_VERSION), names);
            // Version 5's rules close every list, in CONTEXT's order (rules_features writes
            // them there).
            assert_eq!(
                names[names.len() - CONTEXT.len()..],
                CONTEXT,
                "{}",
                k.name()
            );
        }
        assert_eq!(DecisionKind::Setup.features_at(1).len(), 21);
        assert_eq!(DecisionKind::Setup.features_at(1)[20], "robber_reach");
        assert_eq!(DecisionKind::Soldier.features_at(2).len(), 22);
        assert_eq!(
            DecisionKind::Soldier.features_at(2)[21],
            "act_four_flip_value"
        );
        assert_eq!(DecisionKind::Setup.features_at(3).len(), 23);
        assert_eq!(DecisionKind::Setup.features_at(4).len(), 26);
        assert_eq!(DecisionKind::Soldier.features_at(4).len(), 26);
    }

    /// Robert's walk on the base map's fixed board at set-up: every token gets one step, 1 to
    /// the number of tokens; each step is the game's own choice from where the walk stands (its
    /// first candidate); the first goes to the best-pipped neighbour of the desert, and every
    /// step goes to a neighbour of the last while one is face up. Outside Robert it is all 0.
    #[test]
    fn roberts_walk_flips_every_token_in_his_order() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut g = Game::new(
            &topo,
            Layout::fixed(&topo),
            Rules::robert(4, RobertRules::default()),
        );
        let walk = robert_walk(&g);
        let n = g.layout.tokened.len() as usize;
        let mut steps: Vec<u8> = g.layout.tokened.iter().map(|h| walk[h]).collect();
        steps.sort_unstable();
        assert_eq!(steps, (1..=n as u8).collect::<Vec<_>>());
        assert!((0..MAX_HEXES).all(|h| g.layout.tokened.contains(h) || walk[h] == 0));
        let desert = g.s.robber.idx();
        let first = (0..MAX_HEXES).find(|&h| walk[h] == 1).unwrap();
        let best = topo.hex_neighbor_set[desert]
            .intersect(g.layout.tokened)
            .iter()
            .map(|h| g.layout.pips(HexId(h as u8)))
            .max()
            .unwrap();
        assert!(topo.hex_neighbor_set[desert].contains(first));
        assert_eq!(g.layout.pips(HexId(first as u8)), best);
        for k in 1..=n as u8 {
            let h = (0..MAX_HEXES).find(|&h| walk[h] == k).unwrap();
            assert_eq!(robert::target_candidates(&g).nth(0), h, "step {k}");
            let from = g.s.robber.idx();
            if !topo.hex_neighbor_set[from]
                .intersect(robert::face_up(&g))
                .is_empty()
            {
                assert!(topo.hex_neighbor_set[from].contains(h), "step {k}");
            }
            g.s.face_down.insert(h);
            g.s.robber = HexId(h as u8);
        }
        assert_eq!(robert_walk(&g), [0; MAX_HEXES]);
        assert_eq!(
            robert_walk(&super::super::testkit::base_game(&topo)),
            [0; MAX_HEXES]
        );
    }

    /// The walk's set-up features: a corner on Robert's first target sees its pips in
    /// `first_pips` and step 1 in `walk_first`; `walk_pips` weighs each hex's pips by its step;
    /// the base game's set-up sees none of the three.
    #[test]
    fn setup_sees_roberts_walk() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let g = Game::new(
            &topo,
            Layout::fixed(&topo),
            Rules::robert(4, RobertRules::default()),
        );
        let walk = robert_walk(&g);
        let first = (0..MAX_HEXES).find(|&h| walk[h] == 1).unwrap();
        let c = topo.hex_corners[first][0];
        let mut out = ArrayVec::new();
        let cands = [Action::BuildSettlement(c)];
        features_into(&g, DecisionKind::Setup, &cands, cands[0], &mut out);
        let up = g.layout.tokened.len() as f32;
        let (mut wp, mut fp) = (0u32, 0u32);
        for &h in &topo.corner_hexes[c.idx()] {
            if h != NONE && walk[h as usize] > 0 {
                let pp = g.layout.pips(HexId(h)) as u32;
                wp += pp * walk[h as usize] as u32;
                fp += pp * (walk[h as usize] <= 4) as u32;
            }
        }
        assert!(fp >= g.layout.pips(HexId(first as u8)) as u32);
        assert_eq!(out[0][23], wp as f32 / up / 10.0);
        assert_eq!(out[0][24], fp as f32 / 10.0);
        assert_eq!(out[0][25], 1.0 / up);
        let base = super::super::testkit::base_game(&topo);
        let mut other = ArrayVec::new();
        features_into(&base, DecisionKind::Setup, &cands, cands[0], &mut other);
        assert_eq!(other[0][23..26], [0.0; 3]);
    }

    /// Robert's rhythm on a constructed position: with `robert_skip` 3 the acting candidate
    /// sees a rest rate of 1/3, whether the next player-turn is a rest turn, and the rate times
    /// the flip value and the face-down count; the candidate that rolls sees none of it; with
    /// Robert never resting (the seed) all four are 0, and the features before them are the
    /// same.
    #[test]
    fn soldier_sees_roberts_rhythm() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let feats = |skip: u8, turn: u32| {
            let r = RobertRules {
                robert_skip: skip,
                start_cards: 2,
                ..RobertRules::default()
            };
            let mut g = Game::new(&topo, Layout::fixed(&topo), Rules::robert(4, r));
            super::super::testkit::after_setup(&mut g);
            // Two tokens face down, so that a soldier has something to flip back.
            let mut down = g.layout.tokened.iter().take(2);
            let (x, y) = (down.next().unwrap(), down.next().unwrap());
            g.s.face_down.insert(x);
            g.s.face_down.insert(y);
            g.s.turn = turn;
            let mut out = ArrayVec::new();
            let cands = [Action::Roll, Action::PlayKnight];
            features_into(&g, DecisionKind::Soldier, &cands, Action::Roll, &mut out);
            out
        };
        let seed = feats(0, 5);
        let three = feats(3, 5);
        assert_eq!(seed[1][..22], three[1][..22]);
        assert_eq!(seed[1][22..26], [0.0; 4]);
        assert_eq!(three[0][22..26], [0.0; 4]);
        let rate = 1.0 / 3.0;
        assert_eq!(three[1][22], rate);
        assert_eq!(three[1][23], 1.0, "turn 6 is a rest turn");
        assert_eq!(three[1][24], rate * three[1][2]);
        assert!(three[1][2] > 0.0);
        assert_eq!(three[1][25], rate * 0.2);
        assert_eq!(feats(3, 6)[1][23], 0.0, "turn 7 is not");
    }

    /// Room to grow on the base map's fixed board at set-up: an inland corner has six corners
    /// two roads away, all free on an empty board; a settlement on one of them takes that one
    /// (the distance rule; no two of the six are neighbours), and the best pips are those of
    /// the best corner left.
    #[test]
    fn room_counts_the_free_sites_two_roads_away() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut g = super::super::testkit::base_game(&topo);
        let two_away = |c: usize| {
            let mut v = Vec::new();
            for &m in &topo.corner_neighbors[c] {
                for &n in &topo.corner_neighbors[m as usize] {
                    if n as usize != c && !v.contains(&(n as usize)) {
                        v.push(n as usize);
                    }
                }
            }
            v
        };
        let pips =
            |c: usize| -> u32 { g.layout.corner_yield[c].iter().map(|y| y.pips as u32).sum() };
        let c = (0..topo.n_corners)
            .find(|&c| {
                topo.corner_neighbors[c].iter().all(|&m| {
                    m != NONE && topo.corner_neighbors[m as usize].iter().all(|&n| n != NONE)
                }) && two_away(c).len() == 6
                    && two_away(c).iter().all(|&n| topo.land_corners.contains(n))
            })
            .expect("an inland corner");
        let around = two_away(c);
        let best = around.iter().map(|&n| pips(n)).max().unwrap();
        assert_eq!(room_to_grow(&g, c), (6, best));
        // Settle the best of the six: five are left, the best of them counts.
        let x = *around.iter().max_by_key(|&&n| pips(n)).unwrap();
        let rest = around
            .iter()
            .filter(|&&n| n != x)
            .map(|&n| pips(n))
            .max()
            .unwrap();
        g.try_apply(Action::BuildSettlement(CornerId(x as u8)), &mut ())
            .unwrap();
        assert_eq!(room_to_grow(&g, c), (5, rest));
    }
}
