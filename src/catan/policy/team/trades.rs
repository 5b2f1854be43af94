//! The team's card trades.
//!
//! The team's card trades: 1:1 trades from teammates' surplus toward a build, and help for the
//! slowest player (who it is and what it wants).

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use crate::catan::policy::cards::{deficit, simple_need};
use crate::catan::policy::memo::Memo;
use crate::catan::*;

/// A 1:1 trade with a teammate's surplus that lowers the deficit of `cost`, if the whole
/// deficit can be covered by teammates and the bank.
pub(super) fn team_step(g: &Game, p: PlayerId, cost: &Hand) -> Option<Action> {
    let me = g.s.player(p);
    let n = g.s.n_players as usize;
    let mut my_surplus = 0u32;
    for r in 0..5 {
        my_surplus += me.hand[r].saturating_sub(cost[r]) as u32;
    }
    let total_def = deficit(&me.hand, cost);
    if my_surplus == 0 || total_def > my_surplus {
        return None;
    }
    // Cheap test first: does any teammate hold a missing resource at all?
    let held_by_others = (0..5).any(|m| {
        cost[m] > me.hand[m] && (0..n).any(|q| q != p.idx() && g.s.players[q].hand[m] > 0)
    });
    if !held_by_others {
        return None;
    }
    let mut needs = [[0u8; 5]; MAX_PLAYERS];
    for (q, need) in needs.iter_mut().enumerate().take(n) {
        if q != p.idx() {
            *need = wish(g, PlayerId(q as u8));
        }
    }
    let mut cover = 0u32;
    for m in 0..5 {
        let d = cost[m].saturating_sub(me.hand[m]) as u32;
        if d == 0 {
            continue;
        }
        let mut s = 0u32;
        for q in 0..n {
            if q != p.idx() {
                s += g.s.players[q].hand[m].saturating_sub(needs[q][m]) as u32;
            }
        }
        cover += d.min(s);
    }
    cover = cover.min(my_surplus);
    if cover == 0 || cover + (my_surplus - cover) / 4 < total_def {
        return None;
    }
    // The most missing resource some teammate can spare, from the one sparing most.
    let mut best: Option<(usize, usize)> = None;
    let mut best_k = (0u8, 0u8);
    for m in 0..5 {
        let d = cost[m].saturating_sub(me.hand[m]);
        if d == 0 {
            continue;
        }
        for q in 0..n {
            if q == p.idx() {
                continue;
            }
            let s = g.s.players[q].hand[m].saturating_sub(needs[q][m]);
            if s > 0 && (best.is_none() || (d, s) > best_k) {
                best = Some((m, q));
                best_k = (d, s);
            }
        }
    }
    let (m, q) = best?;
    // Give a card of my surplus, preferably one the teammate needs.
    let qs = &g.s.players[q];
    let mut give = None;
    let mut give_k = (false, 0u8);
    for x in 0..5 {
        if x == m || me.hand[x] <= cost[x] {
            continue;
        }
        let k = (qs.hand[x] < needs[q][x], me.hand[x] - cost[x]);
        if give.is_none() || k > give_k {
            give = Some(x);
            give_k = k;
        }
    }
    let x = give?;
    let mut gv = [0u8; 5];
    gv[x] = 1;
    let mut gt = [0u8; 5];
    gt[m] = 1;
    let with = PlayerId(q as u8);
    g.trade_ok(with, &gv, &gt).then_some(Action::Trade {
        with,
        give: gv,
        get: gt,
    })
}

/// Two cards the slowest player needs for one it can spare (never a gift).
pub(super) fn help_step(
    g: &Game,
    p: PlayerId,
    lag: PlayerId,
    keep: &Hand,
    memo: &mut Memo,
) -> Option<Action> {
    let me = g.s.player(p);
    let ls = g.s.player(lag);
    let lag_cost = wish_specific(g, lag, memo);
    let mut give = [0u8; 5];
    let mut n_give = 0u8;
    for r in 0..5 {
        let d = lag_cost[r].saturating_sub(ls.hand[r]);
        let spare = me.hand[r].saturating_sub(keep[r]);
        let k = d.min(spare).min(2 - n_give);
        give[r] = k;
        n_give += k;
    }
    if n_give == 0 {
        return None;
    }
    let mut get = None;
    let mut get_k = (i32::MIN, 0u8);
    for r in 0..5 {
        if give[r] > 0 || ls.hand[r] == 0 {
            continue;
        }
        let k = (
            ls.hand[r] as i32 - lag_cost[r] as i32,
            keep[r].saturating_sub(me.hand[r]),
        );
        if get.is_none() || k > get_k {
            get = Some(r);
            get_k = k;
        }
    }
    let y = get?;
    if get_k.0 <= 0 && n_give < 2 {
        return None;
    }
    let mut gt = [0u8; 5];
    gt[y] = 1;
    g.trade_ok(lag, &give, &gt).then_some(Action::Trade {
        with: lag,
        give,
        get: gt,
    })
}

/// The team's slowest player: fewest VP, then fewest cards in hand, then the earliest seat.
pub(super) fn laggard(g: &Game) -> PlayerId {
    let mut best = PlayerId(0);
    let mut best_k = (u8::MAX, u32::MAX);
    for q in 0..g.s.n_players {
        let ps = &g.s.players[q as usize];
        let k = (ps.vp, ps.hand_size());
        if k < best_k {
            best_k = k;
            best = PlayerId(q);
        }
    }
    best
}

/// What seat `q` keeps when asked to spare cards: a development card at the VP target, else its next
/// city and settlement.
pub(super) fn wish(g: &Game, q: PlayerId) -> Hand {
    if g.s.player(q).vp >= g.rules.vp_to_win {
        DEV_COST
    } else {
        simple_need(g, q)
    }
}

/// The one build seat `q` is closest to: the open target (city, settlement, road toward a spot)
/// with the smallest deficit; a development card if none is open.
fn wish_specific(g: &Game, q: PlayerId, memo: &mut Memo) -> Hand {
    let me = g.s.player(q);
    let mut best = DEV_COST;
    let mut best_d = u32::MAX;
    let mut consider = |c: Hand| {
        let d = deficit(&me.hand, &c);
        if d < best_d {
            best_d = d;
            best = c;
        }
    };
    if me.cities_left > 0 && !me.buildings.minus(me.cities).is_empty() {
        consider(CITY_COST);
    }
    if me.settlements_left > 0 {
        if !g.settlement_spots(q).is_empty() {
            consider(SETTLEMENT_COST);
        } else if memo.spot_road(g, q).1.is_some() {
            consider(ROAD_COST);
        }
    }
    best
}
