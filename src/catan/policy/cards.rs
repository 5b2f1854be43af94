//! Hand arithmetic the scripted players share.
//!
//! Hand arithmetic the scripted players share: deficits, bank and harbor steps, discards, year of
//! plenty and what a seat saves for.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use super::spots::{is_robert, production};
use crate::catan::*;

/// Cards missing from `hand` to pay `cost`.
#[inline(always)]
pub(crate) fn deficit(hand: &Hand, cost: &Hand) -> u32 {
    (0..5).map(|i| cost[i].saturating_sub(hand[i]) as u32).sum()
}

#[inline(always)]
pub(crate) fn affords(hand: &Hand, cost: &Hand) -> bool {
    (0..5).all(|i| hand[i] >= cost[i])
}

/// One bank or harbor trade towards `cost`, only if the whole deficit can be covered by trading
/// the surplus (cards beyond `cost`) at the player's best rates.
pub(crate) fn bank_step(g: &Game, p: PlayerId, cost: &Hand) -> Option<Action> {
    let me = g.s.player(p);
    let h = me.hand;
    let (mut need, mut avail) = (0u32, 0u32);
    let (mut get, mut get_d) = (0usize, 0u8);
    for r in 0..5 {
        if h[r] < cost[r] {
            let d = cost[r] - h[r];
            need += d as u32;
            if g.s.bank[r] < d {
                return None;
            }
            if d > get_d {
                get_d = d;
                get = r;
            }
        } else {
            avail += ((h[r] - cost[r]) / me.rate(Resource::from_idx(r))) as u32;
        }
    }
    if need == 0 || avail < need {
        return None;
    }
    // Give the resource whose surplus is largest after paying its rate.
    let mut give = None;
    let mut give_v = i32::MIN;
    for r in 0..5 {
        let rate = me.rate(Resource::from_idx(r));
        if h[r] >= cost[r] + rate {
            let v = (h[r] - cost[r]) as i32 - rate as i32;
            if v > give_v {
                give_v = v;
                give = Some(r);
            }
        }
    }
    give.map(|r| Action::BankTrade {
        give: Resource::from_idx(r),
        get: Resource::from_idx(get),
    })
}

/// The resource to discard: the one held furthest beyond what `need` asks, ties broken towards
/// the larger holding (then `tie` order, larger first).
pub(crate) fn discard_choice(hand: &Hand, need: &Hand, tie: &[u32; 5]) -> Resource {
    let mut best = 0;
    let mut best_k = (i32::MIN, 0u8, 0u32);
    for r in 0..5 {
        if hand[r] == 0 {
            continue;
        }
        let k = (hand[r] as i32 - need[r] as i32, hand[r], tie[r]);
        if k > best_k {
            best_k = k;
            best = r;
        }
    }
    Resource::from_idx(best)
}

/// Year of plenty towards `cost`: the two most missing resources the bank can give (topped up
/// with the player's scarcest production). `None` if nothing is missing.
pub(crate) fn year_of_plenty_for(
    g: &Game,
    hand: &Hand,
    cost: &Hand,
    prod: &[u32; 5],
) -> Option<Action> {
    let mut h = *hand;
    let mut bank = g.s.bank;
    let mut picks = [0usize; 2];
    let mut missing_any = false;
    for pick in picks.iter_mut() {
        let mut best = None;
        let mut best_k = (0u8, 0i64);
        for r in 0..5 {
            if bank[r] == 0 {
                continue;
            }
            let miss = cost[r].saturating_sub(h[r]);
            let k = (miss, -(prod[r] as i64) * 8 - h[r] as i64);
            if best.is_none() || k > best_k {
                best = Some(r);
                best_k = k;
            }
        }
        let r = best?;
        if best_k.0 > 0 {
            missing_any = true;
        }
        *pick = r;
        h[r] += 1;
        bank[r] -= 1;
    }
    if !missing_any {
        return None;
    }
    let (a, b) = (picks[0].min(picks[1]), picks[0].max(picks[1]));
    Some(Action::PlayYearOfPlenty(
        Resource::from_idx(a),
        Resource::from_idx(b),
    ))
}

/// What a seat saves for when it has to discard: a city if it can upgrade, else a settlement.
pub(crate) fn simple_need(g: &Game, q: PlayerId) -> Hand {
    let me = g.s.player(q);
    if me.cities_left > 0 && !me.buildings.minus(me.cities).is_empty() {
        let mut n = CITY_COST;
        if me.settlements_left > 0 {
            for i in 0..5 {
                n[i] = n[i].max(SETTLEMENT_COST[i]);
            }
        }
        n
    } else {
        SETTLEMENT_COST
    }
}

/// Main phase with nothing to do: with fewer than 2 cards nothing can be built or traded, and
/// without a playable road building, year of plenty or monopoly (nor, outside Robert, a knight)
/// there is nothing else to do.
#[inline]
pub(crate) fn nothing_to_do(g: &Game, me: &PlayerState) -> bool {
    let cards_to_play = !g.s.dev_played && me.dev[2..].iter().any(|&x| x > 0);
    me.hand_size() < 2 && !cards_to_play && (is_robert(g) || me.dev[0] == 0)
}

/// Monopoly on the resource the other seats hold most of, if they hold at least 3 of it.
pub(crate) fn monopoly_by_hands(g: &Game, p: PlayerId) -> Option<Action> {
    let mut held = [0u32; 5];
    for q in 0..g.s.n_players as usize {
        if q != p.idx() {
            for r in 0..5 {
                held[r] += g.s.players[q].hand[r] as u32;
            }
        }
    }
    let r = (0..5).max_by_key(|&r| held[r])?;
    (held[r] >= 3).then(|| Action::PlayMonopoly(Resource::from_idx(r)))
}

/// Seat `q`'s discard when it saves for `need`: see [`discard_choice`]; ties go toward the
/// resource it produces least.
pub(crate) fn discard_for(g: &Game, q: PlayerId, need: &Hand) -> Action {
    let prod = production(g, q, false);
    let tie = prod.map(|x| u32::MAX - x);
    Action::Discard(discard_choice(&g.s.player(q).hand, need, &tie))
}

/// The bonus card to take: the resource the next build ([`simple_need`]) lacks most, else the
/// one it needs most, among those the bank still has.
pub(crate) fn bonus_pick(g: &Game, p: PlayerId) -> Action {
    let me = g.s.player(p);
    let need = simple_need(g, p);
    let r = (0..5)
        .filter(|&r| g.s.bank[r] > 0)
        .max_by_key(|&r| (need[r] as i32 - me.hand[r] as i32, need[r]))
        .unwrap_or(0);
    Action::TakeBonus(Resource::from_idx(r))
}
