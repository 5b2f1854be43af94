//! Whether the team provably cannot win any more (when it concedes).
//!
//! Whether the team provably cannot win any more (when it concedes): VP still buildable, VP cards,
//! longest road and largest army within reach.

use crate::catan::policy::memo::{Memo, RoadSearch};
use crate::catan::*;

/// Roads the `endgame_plan` looks ahead: for the road that lengthens a boxed-in player's trail,
/// and for whether its longest road can still beat the holder's.
pub(super) const ROAD_LOOKAHEAD: u8 = 4;

/// Whether the team provably cannot win: no VP card is left to draw, gold is not in play, and
/// the players who can build no more VP (no city to upgrade, no reachable corner to settle)
/// cannot all reach the target however longest road and largest army (+2 each) are placed.
/// Each award goes to one player: its holder keeps it, or a player it is within reach of
/// takes it. So two players one award short each, or one player needing both awards while
/// another needs its holder's, are a deadlock even though each alone could still make it.
/// Largest army is within reach on the knights a player holds, has bought and could still
/// draw; longest road when the player has a road piece and a place for it (`ahead` 0), or
/// (`ahead` > 0) when `ahead` more roads at most make it longer than the holder's.
pub(super) fn team_stuck(g: &Game, memo: &mut Memo, ahead: u8) -> bool {
    if g.s.deck[DevCard::VictoryPoint.idx()] > 0 || g.rules.modifiers.has(Modifiers::GOLD) {
        return false;
    }
    let target = g.rules.vp_to_win;
    let n = g.s.n_players as usize;
    // Per player that can build no more VP: its VP without the awards, and the seats (bit q)
    // each award may end with. A player that can still build is never the constraint.
    let mut base = [u8::MAX; MAX_PLAYERS];
    let (mut road_to, mut army_to) = (0u8, 0u8);
    for q in 0..n {
        let p = PlayerId(q as u8);
        let ps = g.s.player(p);
        let holds_road = g.s.longest_road == q as u8;
        let holds_army = g.s.largest_army == q as u8;
        let held = 2 * holds_road as u8 + 2 * holds_army as u8;
        if ps.vp >= target + held {
            continue;
        }
        let can_city = ps.cities_left > 0 && !ps.buildings.minus(ps.cities).is_empty();
        let can_settle = ps.settlements_left > 0 && memo.spot_road(g, p) != (None, None);
        if can_city || can_settle {
            continue;
        }
        base[q] = ps.vp - held;
        let road = holds_road
            || longest_road_open(g, p)
                && (ahead == 0 || {
                    let more = ahead.min(ps.roads_left);
                    let need = road_to_beat(g);
                    memo.road_search(g, p, RoadSearch::Reach, more, || {
                        road_reach_to(g, p, more, need) as u16
                    }) >= need as u16
                });
        road_to |= (road as u8) << q;
        army_to |= ((holds_army || largest_army_open(g, p)) as u8) << q;
    }
    // Every placement of the two awards (bit n: a player who needs neither, or no one).
    let lifted = |q: usize, r: usize, a: usize| {
        base[q] == u8::MAX || base[q] + 2 * (r == q) as u8 + 2 * (a == q) as u8 >= target
    };
    let ways = |mask: u8| (0..=n).filter(move |&q| q == n || mask >> q & 1 == 1);
    !ways(road_to).any(|r| ways(army_to).any(|a| (0..n).all(|q| lifted(q, r, a))))
}

/// Whether the team provably cannot win from `g` any more (the endgame plan's stuck test, with its
/// roads looked ahead; see [`team_stuck`]), asked afresh: how a lost game's end is recorded.
pub fn provably_lost(g: &Game) -> bool {
    team_stuck(g, &mut Memo::default(), ROAD_LOOKAHEAD)
}

/// Whether `p` could still take longest road: it does not hold it, has a road piece left and a
/// place for it, and its road pieces (laid and left) could make a road of 5. (The bound ignores
/// the holder's length, which other players can still break.)
pub(super) fn longest_road_open(g: &Game, p: PlayerId) -> bool {
    let ps = g.s.player(p);
    g.s.longest_road != p.0
        && ps.roads_left > 0
        && ps.roads.len() + ps.roads_left as u32 >= 5
        && !g.road_spots(p).is_empty()
}

/// Whether `p` could still take largest army: it does not hold it, and the knights it holds,
/// has just bought or could still draw (the deck, and in Robert the played pile, which is
/// reshuffled into the deck when it runs out) cover what it lacks.
pub(super) fn largest_army_open(g: &Game, p: PlayerId) -> bool {
    let ps = g.s.player(p);
    if g.s.largest_army == p.0 {
        return false;
    }
    let k = DevCard::Knight.idx();
    let need = army_to_beat(g).saturating_sub(ps.knights_played as u32);
    let mut can = ps.dev[k] as u32 + ps.dev_new[k] as u32 + g.s.deck[k] as u32;
    if matches!(g.rules.variant, Variant::Robert(_)) {
        can += g.s.played[k] as u32;
    }
    can >= need
}

/// The army that takes largest army: one more than the holder's, and at least 3.
pub(super) fn army_to_beat(g: &Game) -> u32 {
    let beat = match g.s.largest_army {
        NO_PLAYER => 3,
        h => g.s.players[h as usize].knights_played as u32 + 1,
    };
    beat.max(3)
}

/// The road length that takes longest road: one more than the holder's, and at least 5.
fn road_to_beat(g: &Game) -> u8 {
    match g.s.longest_road {
        NO_PLAYER => 5,
        h => (g.s.players[h as usize].road_length + 1).max(5),
    }
}

/// The longest road `p` can have after at most `more` roads, each laid where it may build one
/// (a search over copies of the state: only for a boxed-in player's endgame).
pub(super) fn road_reach(g: &Game, p: PlayerId, more: u8) -> u8 {
    road_reach_to(g, p, more, u8::MAX)
}

/// [`road_reach`], stopping at the first road of `need` it finds (then the answer is at least
/// `need`, not the most). A player's own roads never shorten its longest road, so only the
/// searches' ends (no road left to lay, or nowhere to lay it) are measured.
pub(super) fn road_reach_to(g: &Game, p: PlayerId, more: u8, need: u8) -> u8 {
    if more == 0 || g.s.player(p).roads_left == 0 {
        return g.road_length(p);
    }
    let spots = g.road_spots(p);
    if spots.is_empty() {
        return g.road_length(p);
    }
    let mut best = 0;
    for e in spots.iter() {
        let mut after = g.clone();
        after.put_road_unmeasured(p, EdgeId(e as u8));
        best = best.max(road_reach_to(&after, p, more - 1, need));
        if best >= need {
            break;
        }
    }
    best
}
