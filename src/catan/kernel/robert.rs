//! The Robert the Robber co-operative variant's rules.
//!
//! Robert the Robber co-operative variant: Robert's targeting and flips, soldiers, the seven,
//! monopoly, reshuffle.

use super::bits::HexSet;
use super::game::Game;
use super::ids::*;
use super::state::*;
use super::variant::{ReshuffledKnights, RobertMonopoly, RobertRules, RobertTarget};

fn opts(g: &Game) -> RobertRules {
    g.rules.variant.robert().unwrap_or_default()
}

/// Hexes with a face-up number token.
#[inline]
pub fn face_up(g: &Game) -> HexSet {
    g.layout.tokened.minus(g.s.face_down)
}

/// Robert's weight of the buildings on a hex: 1 per settlement, `city_weight` per city.
pub fn buildings_on(g: &Game, h: usize, city_weight: u8) -> u32 {
    g.topo.hex_corners[h]
        .iter()
        .map(|c| match g.s.corner_owner[c.idx()] {
            0 => 0,
            o if o & CITY_FLAG != 0 => city_weight as u32,
            _ => 1,
        })
        .sum()
}

/// Where Robert may go next, before the random tie-break: the adjacent (or, if none, the
/// nearest) face-up tokens under the `adjacent` reading, every face-up token under `global`;
/// then only the most pips, then the most buildings, then the highest number.
pub fn target_candidates(g: &Game) -> HexSet {
    targets_from(g, g.s.robber, g.s.face_down)
}

/// Where Robert may go next were he on `robber` with the tokens `face_down` turned over (the
/// rest of the position as in `g`): [`target_candidates`] for a position a player looks ahead
/// to.
pub fn targets_from(g: &Game, robber: HexId, face_down: HexSet) -> HexSet {
    let o = opts(g);
    // Robert moves: his own hex (face up again after a monopoly) is a target only when it holds
    // the last face-up token.
    let mut up = g.layout.tokened.minus(face_down);
    let mut away = up;
    away.remove(robber.idx());
    if !away.is_empty() {
        up = away;
    }
    let pool = match o.target {
        RobertTarget::Global => up,
        RobertTarget::Adjacent => {
            let adj = g.topo.hex_neighbor_set[robber.idx()].intersect(up);
            if !adj.is_empty() {
                adj
            } else {
                let from = robber;
                let d = up
                    .iter()
                    .map(|h| g.topo.dist(from, HexId(h as u8)))
                    .min()
                    .unwrap_or(0);
                up.iter()
                    .filter(|&h| g.topo.dist(from, HexId(h as u8)) == d)
                    .collect()
            }
        }
    };
    rank(g, pool, o.city_weight)
}

/// Keeps the members of `pool` that tie on every ranking level (pips, buildings, number).
pub fn rank(g: &Game, pool: HexSet, city_weight: u8) -> HexSet {
    // One level at a time, so that the buildings are counted only on the hexes tied on pips.
    let top = keep_max(pool, |h| g.layout.pips(HexId(h as u8)) as u32);
    if top.len() <= 1 {
        return top;
    }
    let top = keep_max(top, |h| buildings_on(g, h, city_weight));
    if top.len() <= 1 {
        return top;
    }
    keep_max(top, |h| g.layout.token[h] as u32)
}

/// The members of `pool` with the largest `key`.
#[inline]
fn keep_max(pool: HexSet, key: impl Fn(usize) -> u32) -> HexSet {
    let mut best = 0;
    let mut out = HexSet::EMPTY;
    for h in pool.iter() {
        let k = key(h);
        if out.is_empty() || k > best {
            best = k;
            out = HexSet::EMPTY;
            out.insert(h);
        } else if k == best {
            out.insert(h);
        }
    }
    out
}

/// The current player lets Robert move: he flips his target, or a chance phase breaks a tie.
pub fn move_robert<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    let c = target_candidates(g);
    match c.len() {
        0 => g.s.phase = Phase::Dice, // unreachable while a token is face up
        1 => flip_down(g, HexId(c.nth(0) as u8), sink),
        _ => g.s.phase = Phase::RobertTie,
    }
}

/// Robert goes to `h` and flips its token face down; the last face-up token lost ends the game.
pub fn flip_down<S: Sink<Event>>(g: &mut Game, h: HexId, sink: &mut S) {
    sink.event(&Event::RobertMove {
        from: g.s.robber,
        to: h,
    });
    g.s.robber = h;
    g.s.face_down.insert(h.idx());
    sink.event(&Event::Flip {
        hex: h,
        down: true,
        cause: FlipCause::Robert,
    });
    if face_up(g).is_empty() {
        g.finish(Outcome::TeamLoss, sink);
    } else {
        g.s.phase = Phase::Dice;
    }
}

fn to_desert<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    let to = g.layout.robber_start;
    if g.s.robber != to {
        sink.event(&Event::RobertMove {
            from: g.s.robber,
            to,
        });
        g.s.robber = to;
    }
}

/// Face-down tokens the current player may flip up: on a hex with a settlement or city of any
/// player on one of its corners.
pub fn flip_up_candidates(g: &Game) -> HexSet {
    g.s.face_down
        .iter()
        .filter(|&h| !g.topo.hex_corner_set[h].intersect(g.s.occupied).is_empty())
        .collect()
}

fn start_flips<S: Sink<Event>>(g: &mut Game, n: u8, cause: FlipCause, _sink: &mut S) {
    g.s.flips_left = n;
    g.s.flip_cause = cause;
    if n == 0 || flip_up_candidates(g).is_empty() {
        g.s.flips_left = 0;
        g.resume_turn();
    } else {
        g.s.phase = Phase::FlipUp;
    }
}

/// A soldier (before the roll): Robert to the desert, then up to `soldier_flips` (the seed: 2)
/// tokens flipped up.
pub fn soldier<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    to_desert(g, sink);
    start_flips(g, opts(g).soldier_flips, FlipCause::Soldier, sink);
}

/// After a seven's discards: Robert to the desert, then up to `seven_flips` (the seed: 1)
/// tokens flipped up.
pub fn seven<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    to_desert(g, sink);
    start_flips(g, opts(g).seven_flips, FlipCause::Seven, sink);
}

/// One flip-up chosen by the current player.
pub fn flip_up<S: Sink<Event>>(g: &mut Game, h: HexId, sink: &mut S) {
    g.s.face_down.remove(h.idx());
    sink.event(&Event::Flip {
        hex: h,
        down: false,
        cause: g.s.flip_cause,
    });
    g.s.flips_left -= 1;
    if g.s.flips_left == 0 || flip_up_candidates(g).is_empty() {
        g.s.flips_left = 0;
        g.resume_turn();
    }
}

/// The changed monopoly: every face-down token on a hex of the named resource's terrain flips up.
pub fn monopoly<S: Sink<Event>>(g: &mut Game, p: PlayerId, r: Resource, sink: &mut S) {
    let terrain = Terrain::of_resource(r);
    let mut n = 0;
    for h in g.s.face_down.iter() {
        if g.layout.terrain[h] == terrain {
            g.s.face_down.remove(h);
            n += 1;
            sink.event(&Event::Flip {
                hex: HexId(h as u8),
                down: false,
                cause: FlipCause::Monopoly,
            });
        }
    }
    sink.event(&Event::Monopoly {
        player: p,
        resource: r,
        taken: n,
    });
}

/// Knights kept out of a reshuffle: `keep_back` (the seed: 3) of the largest army holder's, if
/// there is a holder (at most the knights the holder's army has).
fn kept_knights(g: &Game) -> u8 {
    if g.s.largest_army == NO_PLAYER {
        0
    } else {
        let army = g.s.players[g.s.largest_army as usize].knights_played;
        opts(g)
            .keep_back
            .min(army.min(u8::MAX as u16) as u8)
            .min(g.s.played[DevCard::Knight.idx()])
    }
}

/// How many cards a reshuffle would put back into the deck.
pub fn reshuffle_size(g: &Game) -> u32 {
    g.s.played.iter().map(|&x| x as u32).sum::<u32>() - kept_knights(g) as u32
}

/// Whether Robert's monopoly takes cards like the base game's (the `take` option).
pub fn monopoly_takes(g: &Game) -> bool {
    opts(g).monopoly == RobertMonopoly::Take
}

/// Whether Robert moves before this turn's roll (he rests on every `robert_skip`-th turn).
#[inline]
pub fn moves_this_turn(g: &Game) -> bool {
    opts(g).moves_on(g.s.turn)
}

/// The deck is empty: every played card goes back except `keep_back` knights of the largest
/// army holder (VP cards are never played, so they stay with their owners). A knight shuffled
/// back leaves its army (`reshuffled_knights = "leave"`, the seed): the holder's army is the
/// knights kept, every other army is empty; the holder keeps the card until an army of more.
pub fn reshuffle<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    let keep = kept_knights(g);
    if opts(g).reshuffled_knights == ReshuffledKnights::Leave {
        let holder = g.s.largest_army;
        for (q, p) in g.s.players[..g.s.n_players as usize].iter_mut().enumerate() {
            p.knights_played = if q as u8 == holder { keep as u16 } else { 0 };
        }
    }
    let mut back = g.s.played;
    back[DevCard::Knight.idx()] -= keep;
    for (d, b) in g.s.deck.iter_mut().zip(back) {
        *d += b;
    }
    g.s.played = [0; 5];
    g.s.played[DevCard::Knight.idx()] = keep;
    sink.event(&Event::Reshuffle {
        cards: back.iter().sum(),
    });
}
