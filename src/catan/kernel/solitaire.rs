//! Solitaire Catan (RULINGS §2): the seven procedure (knight cancel, halving, a lost card, the
//! second roll, the robber's move and the destruction die), the changed monopoly, defeat at
//! 5 destroyed tiles (the numbers are `SolitaireRules` knobs). The rules call these hooks; every die is a chance phase.

use super::bits::HexSet;
use super::game::Game;
use super::ids::*;
use super::state::*;
use super::variant::{KnightPlay, LostCard, Modifiers, SecondRollDoubles};

/// Tiles destroyed when the game is lost (the seed: 5; the `tiles_to_lose` knob).
pub fn tiles_to_lose(g: &Game) -> u32 {
    g.rules
        .variant
        .solitaire()
        .unwrap_or_default()
        .tiles_to_lose as u32
}

/// Development cards the current player can lose on a seven: every unplayed card, victory point
/// cards included (the seed); under `lost_card = "not-vp"`, not those.
pub fn losable(g: &Game) -> [u8; 5] {
    let p = g.s.cur();
    let lost = g.rules.variant.solitaire().unwrap_or_default().lost_card;
    let mut v = [0u8; 5];
    for c in DevCard::ALL {
        if c != DevCard::VictoryPoint || lost == LostCard::Any {
            v[c.idx()] = p.dev[c.idx()] + p.dev_new[c.idx()];
        }
    }
    v
}

/// A seven was rolled: a knight in hand may cancel it, otherwise the procedure starts.
pub fn seven<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    if g.s.cur().dev[DevCard::Knight.idx()] > 0 {
        g.s.phase = Phase::SevenChoice;
    } else {
        penalties(g, sink);
    }
}

/// The knight is discarded: nothing else of the seven happens. The knight goes to the played
/// pile and counts toward largest army; it is not the turn's one development card.
pub fn cancel<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    let p = g.s.current as usize;
    g.s.players[p].dev[DevCard::Knight.idx()] -= 1;
    g.s.played[DevCard::Knight.idx()] += 1;
    g.s.players[p].knights_played += 1;
    sink.event(&Event::SevenCancelled {
        player: PlayerId(p as u8),
    });
    g.update_largest_army(PlayerId(p as u8), sink);
    g.resume_turn();
}

/// Step 1: with more than `hand_limit` (5) cards, lose half rounded down, one card at a time.
pub fn penalties<S: Sink<Event>>(g: &mut Game, sink: &mut S) {
    let p = g.s.current as usize;
    let size = g.s.players[p].hand_size();
    if size > g.rules.hand_limit as u32 {
        g.s.discards[p] = (size / 2) as u8;
        g.s.phase = Phase::Discard;
    } else {
        after_discards(g, sink);
    }
}

/// Step 2: lose one unplayed development card of the player's choice, if there is one.
pub fn after_discards<S: Sink<Event>>(g: &mut Game, _sink: &mut S) {
    g.s.phase = if losable(g).iter().any(|&n| n > 0) {
        Phase::LoseDev
    } else {
        Phase::RobberRoll
    };
}

/// The named card leaves the game (to the played pile, so the 25 cards stay accounted for); a
/// victory point card takes its point with it.
pub fn lose_dev<S: Sink<Event>>(g: &mut Game, card: DevCard, sink: &mut S) {
    let p = g.s.current as usize;
    let me = &mut g.s.players[p];
    if me.dev_new[card.idx()] > 0 {
        me.dev_new[card.idx()] -= 1;
    } else {
        me.dev[card.idx()] -= 1;
    }
    if card == DevCard::VictoryPoint {
        me.vp -= 1;
    }
    g.s.played[card.idx()] += 1;
    sink.event(&Event::DevLost {
        player: PlayerId(p as u8),
        card,
    });
    g.s.phase = Phase::RobberRoll;
}

/// How much the robber on hex `h` hurts the current player: the pips of its token times the
/// player's buildings on it (settlement 1, city 2).
pub fn hurt(g: &Game, h: usize) -> u32 {
    let me = g.s.cur();
    let w: u32 = g.topo.hex_corners[h]
        .iter()
        .filter(|c| me.buildings.contains(c.idx()))
        .map(|c| if me.cities.contains(c.idx()) { 2 } else { 1 })
        .sum();
    pips(g.layout.token[h]) as u32 * w
}

/// Step 3: the tiles the second roll `n` may send the robber to, before the random tie-break:
/// the undestroyed tiles with number `n` (his own included: then he stays) that hurt the
/// player most, then the most pips. Empty on a 7 or when no undestroyed tile has `n`: the
/// robber then goes to (or stays in) the desert.
pub fn robber_candidates(g: &Game, n: u8) -> HexSet {
    if n == 7 || n > 12 {
        return HexSet::EMPTY;
    }
    let pool = g.layout.by_number[n as usize].minus(g.s.destroyed);
    let key = |h: usize| (hurt(g, h), pips(g.layout.token[h]));
    let Some(best) = pool.iter().map(key).max() else {
        return pool;
    };
    pool.iter().filter(|&h| key(h) == best).collect()
}

/// The second roll of the seven: the robber goes to the most hurtful tile with that number, to
/// the desert, or a chance phase breaks a tie.
pub fn robber_roll<S: Sink<Event>>(g: &mut Game, d1: u8, d2: u8, sink: &mut S) {
    let n = d1 + d2;
    g.s.robber_roll = n;
    g.s.bonus = second_roll_bonus(g, d1, d2);
    let c = robber_candidates(g, n);
    match c.len() {
        0 => move_robber(g, g.layout.robber_start, sink),
        1 => move_robber(g, HexId(c.nth(0) as u8), sink),
        _ => g.s.phase = Phase::RobberTie,
    }
}

/// The resource picks doubles on the seven's second roll owe (`second_roll_doubles`): none by
/// default; the `tech_advancement` pick under `tech`; the doubles pick and that one under
/// `both`. They are taken once the robber has moved (and the destruction die is rolled).
pub fn second_roll_bonus(g: &Game, d1: u8, d2: u8) -> u8 {
    if d1 != d2 {
        return 0;
    }
    let tech = if g.rules.modifiers.has(Modifiers::TECH_ADVANCEMENT) {
        BONUS_TECH
    } else {
        0
    };
    match g
        .rules
        .variant
        .solitaire()
        .unwrap_or_default()
        .second_roll_doubles
    {
        SecondRollDoubles::Nothing => 0,
        SecondRollDoubles::Tech => tech,
        SecondRollDoubles::Both => BONUS_DOUBLES | tech,
    }
}

/// The robber has moved (and its die is rolled): the second roll's picks, if
/// any are owed and the bank has something, then the turn goes on.
fn robber_done(g: &mut Game) {
    g.resume_turn();
    if g.s.bonus != 0 {
        if g.s.phase == Phase::Main && g.s.bank.iter().any(|&b| b > 0) {
            g.s.phase = Phase::Bonus;
        } else {
            g.s.bonus = 0;
        }
    }
}

/// The robber moves to `to` after a seven's second roll. Leaving a tile other than a desert
/// rolls the destruction die.
pub fn move_robber<S: Sink<Event>>(g: &mut Game, to: HexId, sink: &mut S) {
    sink.event(&Event::SoloRobber {
        from: g.s.robber,
        to,
        roll: g.s.robber_roll,
    });
    relocate(g, to);
}

/// A knight sends the robber to `to` (`knight_play = "move-robber"`): the base game's robber
/// event (nobody robbed), then the same destruction die for the tile he left.
pub fn knight_moves_robber<S: Sink<Event>>(g: &mut Game, to: HexId, sink: &mut S) {
    sink.event(&Event::Robber {
        player: PlayerId(g.s.current),
        hex: to,
        victim: NO_PLAYER,
    });
    relocate(g, to);
}

fn relocate(g: &mut Game, to: HexId) {
    let from = g.s.robber;
    debug_assert!(
        !g.s.destroyed.contains(to.idx()),
        "robber into a destroyed tile"
    );
    g.s.robber = to;
    if to != from && destructible(g, from) {
        g.s.leaving = from;
        g.s.phase = Phase::DestroyDie;
    } else {
        robber_done(g);
    }
}

/// Whether a knight may be played as in the base game (`knight_play = "move-robber"`).
pub fn knights_move_robber(g: &Game) -> bool {
    g.rules.variant.solitaire().unwrap_or_default().knight_play == KnightPlay::MoveRobber
}

/// A knight played (`knight_play = "move-robber"`): the robber may go to any undestroyed land
/// tile but his own.
pub fn knight_targets(g: &Game) -> HexSet {
    let mut out = HexSet::EMPTY;
    for h in g.topo.land_hexes.iter() {
        if h != g.s.robber.idx() && !g.s.destroyed.contains(h) {
            out.insert(h);
        }
    }
    out
}

/// A tile that can be destroyed: a producing land tile (never a desert or the sea).
#[inline]
pub fn destructible(g: &Game, h: HexId) -> bool {
    g.layout.terrain[h.idx()].resource().is_some()
}

/// The destruction die for the tile the robber left: 1 to `destroy_faces` (the seed: 1-4)
/// destroys it (its token is gone for good), the other faces spare it. The `tiles_to_lose`-th
/// (the seed: fifth) destroyed tile loses the game.
pub fn destroy_die<S: Sink<Event>>(g: &mut Game, die: u8, sink: &mut S) {
    let h = g.s.leaving;
    let faces = g
        .rules
        .variant
        .solitaire()
        .unwrap_or_default()
        .destroy_faces;
    let destroyed = die <= faces && destructible(g, h);
    if destroyed {
        g.s.destroyed.insert(h.idx());
    }
    sink.event(&Event::Destruction {
        hex: h,
        die,
        destroyed,
    });
    if g.s.destroyed.len() >= tiles_to_lose(g) {
        g.finish(Outcome::TeamLoss, sink);
    } else {
        robber_done(g);
    }
}

/// The changed monopoly: name a resource, then a die (a chance phase) says how many.
pub fn monopoly(g: &mut Game, r: Resource) {
    g.s.mono_res = r;
    g.s.phase = Phase::MonopolyDie;
}

/// Half the monopoly die (rounded down) of the named resource, or what the bank has.
pub fn monopoly_die<S: Sink<Event>>(g: &mut Game, die: u8, sink: &mut S) {
    let r = g.s.mono_res;
    let p = g.s.current as usize;
    let n = (die / 2).min(g.s.bank[r.idx()]);
    g.s.bank[r.idx()] -= n;
    g.s.players[p].hand[r.idx()] += n;
    sink.event(&Event::Monopoly {
        player: PlayerId(p as u8),
        resource: r,
        taken: n,
    });
    g.s.phase = Phase::Main;
}
