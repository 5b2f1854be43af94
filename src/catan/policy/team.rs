//! The `team` policy for Robert the Robber co-op: every seat plays for all players reaching 10 VP before Robert flips every token.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

use super::cards::{affords, bank_step, deficit, discard_choice, simple_need, year_of_plenty_for};
use super::memo::{free_road, kinds, Kind, Memo};
use super::spots::{
    best_flip, is_robert, production, raw_pips, setup_road, setup_settlement, team_value, weight_of,
};
use crate::catan::NONE;
use crate::catan::*;
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use serde::{Deserialize, Serialize};

/// The team policy's tuning knobs (a `[policy.team]`-style TOML table; every field optional).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TeamKnobs {
    /// Least team value (pips times the buildings on the hex, a city counting 2, summed over the
    /// up to 2 tokens it would flip back) before a soldier is played. Default 12.
    pub soldier_min_pips: u16,
    /// Soldiers a player keeps back for emergencies (see `soldier_panic_face_up`); only soldiers
    /// beyond this many are played at the `soldier_min_pips` threshold. Default 0.
    pub soldier_reserve: u8,
    /// When at most this many tokens are face up, a soldier is played whenever one is in hand.
    /// Default 12.
    pub soldier_panic_face_up: u8,
    /// Least face-down pips on one terrain before monopoly flips that terrain back (it is also
    /// played in a panic, see `soldier_panic_face_up`). Default 5.
    pub monopoly_min_pips: u16,
    /// Where buying a development card ranks among the builds of a player below the VP target:
    /// 0 before cities, 1 after cities, 2 after settlements, 3 only when no build is open.
    /// Default 0 (soldiers are the team's main weapon against Robert).
    pub dev_card_priority: u8,
    /// Players at the VP target (10 unless `vp_to_win` says otherwise) buy development cards
    /// (soldiers) before building. Default true.
    pub dev_cards_at_ten: bool,
    /// Players at the VP target build no more settlements or roads, leaving the corners to the
    /// players who still need VP (they still build cities). Default true.
    pub leave_spots_at_ten: bool,
    /// The team's slowest player builds VP before buying development cards (overrides
    /// `dev_card_priority` for it). Default false.
    pub laggard_builds_vp: bool,
    /// Players at the VP target, or `help_margin` VP ahead, give the slowest player 2 cards it
    /// needs for 1 card. Default true.
    pub help_laggard: bool,
    /// VP lead over the slowest player from which a player below the VP target helps it. Default 2.
    pub help_margin: u8,
    /// Complete a build with 1:1 trades from teammates' surplus. Default true.
    pub team_trades: bool,
    /// Most trades (bank, harbor and between players) one player makes in a turn. Default 6.
    pub max_trades_per_turn: u8,
    /// Extra flip-up value, in percent per VP a building's owner lacks to reach the VP target,
    /// so that flips favour the slowest players. Default 15.
    pub laggard_flip_bonus_pct: u16,
    /// Halve the flip-up value of a token Robert would flip straight back on his next move.
    /// Default true.
    pub avoid_robert_next: bool,
    /// Stop playing soldiers and monopolies once the team provably cannot win: some player below
    /// the VP target can build no more VP (no city to upgrade, no reachable corner to settle),
    /// no VP card is left in the deck, gold is not in play, and longest road and largest army
    /// are out of its reach or cannot close the gap. Conceding ends a lost game instead of
    /// running it to the turn cap. Default true.
    pub concede_when_stuck: bool,
    /// With `concede_when_stuck`, the team also concedes after this many player-turns in which
    /// its VP total has not moved (0: never). Such a game has stalled: every player who still
    /// needs VP waits on a card or a road race that does not come. These concessions are
    /// counted in the `stalled` column, apart from the games Robert wins outright. Default
    /// 2000: on 4-player Easy (seed 4242, 6,000 games) 400 cost 3.3 points of win rate, 1000
    /// cost 1.5, and 2000 is within 0.3 of never conceding, with no game capped.
    pub concede_after_idle_turns: u32,
    /// Set-up bonus per producing hex no building touches yet (spreads the team so that Robert's
    /// flips hurt less and more tokens can be flipped back). Default 1.5.
    pub spread_bonus: f32,
    /// Set-up penalty per hex whose number the player already produces from (diverse numbers).
    /// Default 1.0.
    pub same_number_penalty: f32,
    /// Varied openings: 0 takes the best set-up corner; above 0 a corner is drawn by softmax
    /// over the set-up scores with this temperature, in score points. Default 0.
    pub setup_temperature: f32,
}

impl Default for TeamKnobs {
    fn default() -> Self {
        TeamKnobs {
            soldier_min_pips: 12,
            soldier_reserve: 0,
            soldier_panic_face_up: 12,
            monopoly_min_pips: 5,
            dev_card_priority: 0,
            dev_cards_at_ten: true,
            leave_spots_at_ten: true,
            laggard_builds_vp: false,
            help_laggard: true,
            help_margin: 2,
            team_trades: true,
            max_trades_per_turn: 6,
            laggard_flip_bonus_pct: 15,
            avoid_robert_next: true,
            concede_when_stuck: true,
            concede_after_idle_turns: 2000,
            spread_bonus: 1.5,
            same_number_penalty: 1.0,
            setup_temperature: 0.0,
        }
    }
}

/// Co-operative scripted player for Robert the Robber; every seat is meant to run it. In the
/// base game it falls back to sensible (non-co-operative) play with the same building logic.
#[derive(Clone, Copy, Debug, Default)]
pub struct TeamPolicy {
    /// The knobs this policy plays by.
    pub knobs: TeamKnobs,
    turn: u32,
    trades: u8,
    memo: Memo,
    lag_key: u64,
    lag: PlayerId,
    /// The team's VP total when last seen, and the turn it last changed.
    vp_sum: u32,
    vp_turn: u32,
    /// The team conceded a stalled game (see `concede_after_idle_turns`).
    stalled: bool,
}

impl TeamPolicy {
    /// A team policy with the given knobs.
    pub fn new(knobs: TeamKnobs) -> TeamPolicy {
        TeamPolicy {
            knobs,
            turn: 0,
            trades: 0,
            memo: Memo::default(),
            lag_key: u64::MAX,
            lag: PlayerId(0),
            vp_sum: 0,
            vp_turn: 0,
            stalled: false,
        }
    }

    /// Whether this player conceded a game that had stalled (see `concede_after_idle_turns`).
    pub fn stalled(&self) -> bool {
        self.stalled
    }

    /// [`laggard`], fixed for the turn once chosen (hands change as it is helped), and chosen
    /// again when someone's VP change.
    fn laggard(&mut self, g: &Game) -> PlayerId {
        let mut key = g.s.turn as u64;
        for ps in &g.s.players[..g.s.n_players as usize] {
            key = key * 32 + ps.vp as u64;
        }
        if key != self.lag_key {
            self.lag_key = key;
            self.lag = laggard(g);
        }
        self.lag
    }

    fn reset_turn(&mut self, g: &Game) {
        if g.s.turn != self.turn {
            self.turn = g.s.turn;
            self.trades = 0;
            let sum = g.s.players[..g.s.n_players as usize]
                .iter()
                .map(|p| p.vp as u32)
                .sum();
            if sum != self.vp_sum {
                self.vp_sum = sum;
                self.vp_turn = g.s.turn;
            }
        }
    }

    /// Flip-up value of hex `h` for the team: 1 for the token itself plus pips times buildings,
    /// each owner weighted up the further it is from the VP target; halved if Robert takes it next.
    fn flip_value(&self, g: &Game, h: usize, next_max: u32) -> i64 {
        let pp = raw_pips(g, h) as i64;
        let mut v = 0i64;
        for c in g.topo.hex_corners[h] {
            let o = g.s.corner_owner[c.idx()];
            if o == 0 {
                continue;
            }
            let q = ((o & 0x0f) - 1) as usize;
            let behind = g.rules.vp_to_win.saturating_sub(g.s.players[q].vp) as i64;
            v += weight_of(o) as i64
                * pp
                * (100 + self.knobs.laggard_flip_bonus_pct as i64 * behind);
        }
        v += 100;
        if self.knobs.avoid_robert_next && robert_takes_next(g, h, next_max) {
            v /= 2;
        }
        v
    }

    /// Team value of the (up to) two best flips a soldier would make now.
    fn soldier_value(g: &Game) -> u32 {
        let (mut a, mut b) = (0u32, 0u32);
        for h in robert::flip_up_candidates(g).iter() {
            let v = team_value(g, h);
            if v > a {
                b = a;
                a = v;
            } else if v > b {
                b = v;
            }
        }
        a + b
    }

    fn stuck(&mut self, g: &Game) -> bool {
        if !self.knobs.concede_when_stuck {
            return false;
        }
        self.idle(g) || self.memo.stuck(g, |m| team_stuck(g, m))
    }

    /// Whether the team's VP total has not moved for `concede_after_idle_turns` player-turns
    /// (once true, true for the rest of the game).
    fn idle(&mut self, g: &Game) -> bool {
        let limit = self.knobs.concede_after_idle_turns;
        if limit > 0 && g.s.turn >= self.vp_turn + limit {
            self.stalled = true;
        }
        self.stalled
    }

    fn soldier_now(&mut self, g: &Game) -> bool {
        let me = g.s.cur();
        let held = me.dev[DevCard::Knight.idx()];
        if g.s.dev_played || held == 0 {
            return false;
        }
        let up = robert::face_up(g).len();
        let want = up <= self.knobs.soldier_panic_face_up as u32
            || (held > self.knobs.soldier_reserve
                && Self::soldier_value(g) >= self.knobs.soldier_min_pips as u32);
        want && !self.stuck(g)
    }

    /// The terrain a monopoly should flip back, if worth it now.
    fn monopoly(&mut self, g: &Game) -> Option<Action> {
        if self.stuck(g) {
            return None;
        }
        let mut per = [0u32; 5];
        let mut count = [0u32; 5];
        for h in g.s.face_down.iter() {
            if let Some(r) = g.layout.terrain[h].resource() {
                per[r.idx()] += raw_pips(g, h) + team_value(g, h);
                count[r.idx()] += 1;
            }
        }
        let r = (0..5).max_by_key(|&r| (per[r], count[r]))?;
        let panic = robert::face_up(g).len() <= self.knobs.soldier_panic_face_up as u32;
        let ok = count[r] > 0 && (per[r] >= self.knobs.monopoly_min_pips as u32 || panic);
        ok.then(|| Action::PlayMonopoly(Resource::from_idx(r)))
    }

    /// Targets of the current seat in the order the knobs give.
    fn ordered_kinds(&self, g: &Game, p: PlayerId, lag: PlayerId) -> [Option<Kind>; 4] {
        let [city, mut settle, mut road, dev] = kinds(g, p);
        let me = g.s.player(p);
        if me.vp >= g.rules.vp_to_win && self.knobs.leave_spots_at_ten {
            settle = None;
            road = None;
        }
        let dev_pos = if me.vp >= g.rules.vp_to_win && self.knobs.dev_cards_at_ten {
            0
        } else if p == lag && self.knobs.laggard_builds_vp {
            3
        } else {
            self.knobs.dev_card_priority.min(3)
        };
        let builds = [city, settle, road];
        let mut out = [None; 4];
        let mut k = 0;
        for (i, b) in builds.iter().enumerate() {
            if i == dev_pos as usize {
                out[k] = dev;
                k += 1;
            }
            out[k] = *b;
            k += 1;
        }
        if dev_pos >= 3 {
            out[3] = dev;
        }
        out
    }

    /// A 1:1 trade with a teammate's surplus that lowers the deficit of `cost`, if the whole
    /// deficit can be covered by teammates and the bank.
    fn team_step(&self, g: &Game, p: PlayerId, cost: &Hand) -> Option<Action> {
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
    fn help_step(&mut self, g: &Game, p: PlayerId, lag: PlayerId, keep: &Hand) -> Option<Action> {
        let me = g.s.player(p);
        let ls = g.s.player(lag);
        let lag_cost = wish_specific(g, lag, &mut self.memo);
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

    fn main(&mut self, g: &Game) -> Action {
        let p = PlayerId(g.s.current);
        let me = g.s.player(p);
        // Fast path: with fewer than 2 cards nothing can be built or traded, and without a
        // playable road building, year of plenty or monopoly there is nothing else to do.
        let cards_to_play = !g.s.dev_played && me.dev[2..].iter().any(|&x| x > 0);
        if me.hand_size() < 2 && !cards_to_play && (is_robert(g) || me.dev[0] == 0) {
            return Action::EndTurn;
        }
        let lag = self.laggard(g);
        let ks = self.ordered_kinds(g, p, lag);
        let k = self.knobs;
        let can = |c: DevCard| !g.s.dev_played && me.dev[c.idx()] > 0;
        if is_robert(g) && can(DevCard::Monopoly) {
            if let Some(a) = self.monopoly(g) {
                return a;
            }
        }
        if can(DevCard::RoadBuilding)
            && ks.contains(&Some(Kind::Road))
            && self.memo.resolve(g, p, Kind::Road).is_some()
        {
            return Action::PlayRoadBuilding;
        }
        if can(DevCard::YearOfPlenty) {
            if let Some(t) = ks.iter().flatten().next() {
                let c = t.cost();
                if !affords(&me.hand, &c) {
                    let prod = production(g, p, true);
                    if let Some(a) = year_of_plenty_for(g, &me.hand, &c, &prod) {
                        return a;
                    }
                }
            }
        }
        if !is_robert(g) && can(DevCard::Knight) {
            // Base game: just chase the robber off own production.
            let h = g.s.robber.idx();
            if raw_pips(g, h) > 0 && !g.topo.hex_corner_set[h].intersect(me.buildings).is_empty() {
                return Action::PlayKnight;
            }
        }
        let first = ks.iter().flatten().next().copied();
        if k.help_laggard
            && is_robert(g)
            && lag != p
            && self.trades < k.max_trades_per_turn
            && (me.vp >= g.rules.vp_to_win || me.vp >= g.s.player(lag).vp + k.help_margin)
        {
            // Keep what my own next build needs unless I am already at 10 VP.
            let keep = match first {
                Some(t) if me.vp < g.rules.vp_to_win => t.cost(),
                _ => [0; 5],
            };
            if let Some(a) = self.help_step(g, p, lag, &keep) {
                self.trades += 1;
                return a;
            }
        }
        for &t in ks.iter().flatten() {
            let c = t.cost();
            if affords(&me.hand, &c) {
                match self.memo.resolve(g, p, t) {
                    Some(t) => return t.action(),
                    None => continue,
                }
            }
            if self.trades < k.max_trades_per_turn {
                let mut step = None;
                if k.team_trades && is_robert(g) {
                    step = self.team_step(g, p, &c);
                }
                if step.is_none() {
                    step = bank_step(g, p, &c);
                }
                if let Some(a) = step {
                    if self.memo.resolve(g, p, t).is_some() {
                        self.trades += 1;
                        return a;
                    }
                }
            }
        }
        Action::EndTurn
    }

    fn setup(&self, g: &Game, rng: &mut Rng) -> Action {
        let p = PlayerId(g.s.current);
        let me = g.s.player(p);
        let mut touched = HexSet::EMPTY;
        let mut numbers = 0u16;
        for c in g.s.occupied.iter() {
            for &h in &g.topo.corner_hexes[c] {
                if h != NONE {
                    touched.insert(h as usize);
                    if me.buildings.contains(c) {
                        numbers |= 1 << g.layout.token[h as usize];
                    }
                }
            }
        }
        let k = self.knobs;
        setup_settlement(
            g,
            |c| {
                let mut x = 0.0;
                for &h in &g.topo.corner_hexes[c] {
                    if h == NONE || raw_pips(g, h as usize) == 0 {
                        continue;
                    }
                    let h = h as usize;
                    if !touched.contains(h) {
                        x += k.spread_bonus;
                    }
                    if numbers & (1 << g.layout.token[h]) != 0 {
                        x -= k.same_number_penalty;
                    }
                }
                x
            },
            k.setup_temperature,
            rng,
        )
    }
}

/// Highest pips among the face-up tokens Robert could target on his next move from his hex.
fn robert_pool_max(g: &Game) -> u32 {
    let up = robert::face_up(g);
    let pool = match g.rules.variant {
        Variant::Robert(r) if r.target == RobertTarget::Adjacent => {
            g.topo.hex_neighbor_set[g.s.robber.idx()].intersect(up)
        }
        _ => up,
    };
    pool.iter().map(|h| raw_pips(g, h)).max().unwrap_or(0)
}

/// Whether flipping `h` up would (likely) make it Robert's next target.
fn robert_takes_next(g: &Game, h: usize, pool_max: u32) -> bool {
    let adjacent_only = matches!(g.rules.variant,
        Variant::Robert(r) if r.target == RobertTarget::Adjacent);
    let reachable = !adjacent_only || g.topo.hex_neighbor_set[g.s.robber.idx()].contains(h);
    reachable && raw_pips(g, h) >= pool_max
}

/// Whether the team provably cannot win: some player below the VP target can build no more VP
/// (no city to upgrade, no reachable corner to settle), no VP card is left to draw, gold is not
/// in play, and longest road and largest army (+2 each, when still within its reach) cannot make
/// up the rest.
pub(crate) fn team_stuck(g: &Game, memo: &mut Memo) -> bool {
    if g.s.deck[DevCard::VictoryPoint.idx()] > 0 || g.rules.modifiers.has(Modifiers::GOLD) {
        return false;
    }
    let target = g.rules.vp_to_win;
    (0..g.s.n_players).any(|q| {
        let p = PlayerId(q);
        let ps = g.s.player(p);
        if ps.vp >= target {
            return false;
        }
        let can_city = ps.cities_left > 0 && !ps.buildings.minus(ps.cities).is_empty();
        let can_settle = ps.settlements_left > 0 && memo.spot_road(g, p) != (None, None);
        if can_city || can_settle {
            return false;
        }
        let reach = ps.vp + 2 * longest_road_open(g, p) as u8 + 2 * largest_army_open(g, p) as u8;
        reach < target
    })
}

/// Whether `p` could still take longest road: it does not hold it, has a road piece left and a
/// place for it, and its road pieces (laid and left) could make a road of 5. (The bound ignores
/// the holder's length, which other players can still break.)
fn longest_road_open(g: &Game, p: PlayerId) -> bool {
    let ps = g.s.player(p);
    g.s.longest_road != p.0
        && ps.roads_left > 0
        && ps.roads.len() + ps.roads_left as u32 >= 5
        && !g.road_spots(p).is_empty()
}

/// Whether `p` could still take largest army: it does not hold it, and the knights it holds,
/// has just bought or could still draw (the deck, and in Robert the played pile, which is
/// reshuffled into the deck when it runs out) cover what it lacks.
fn largest_army_open(g: &Game, p: PlayerId) -> bool {
    let ps = g.s.player(p);
    if g.s.largest_army == p.0 {
        return false;
    }
    let k = DevCard::Knight.idx();
    let beat = match g.s.largest_army {
        NO_PLAYER => 3,
        h => g.s.players[h as usize].knights_played as u32 + 1,
    };
    let need = beat.max(3).saturating_sub(ps.knights_played as u32);
    let mut can = ps.dev[k] as u32 + ps.dev_new[k] as u32 + g.s.deck[k] as u32;
    if matches!(g.rules.variant, Variant::Robert(_)) {
        can += g.s.played[k] as u32;
    }
    can >= need
}

/// The team's slowest player: fewest VP, then fewest cards in hand, then the earliest seat.
pub(crate) fn laggard(g: &Game) -> PlayerId {
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
fn wish(g: &Game, q: PlayerId) -> Hand {
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

impl Policy<Game<'_>> for TeamPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, _rng: &mut Rng) -> Action {
        self.reset_turn(g);
        let p = PlayerId(g.s.current);
        match g.s.phase {
            Phase::SetupSettlement => self.setup(g, _rng),
            Phase::SetupRoad => setup_road(g),
            Phase::PreRoll => {
                if is_robert(g) {
                    if self.soldier_now(g) {
                        Action::PlayKnight
                    } else {
                        g.roll_action()
                    }
                } else {
                    let h = g.s.robber.idx();
                    let me = g.s.cur();
                    let hit = raw_pips(g, h) > 0
                        && !g.topo.hex_corner_set[h].intersect(me.buildings).is_empty();
                    if hit && !g.s.dev_played && me.dev[DevCard::Knight.idx()] > 0 {
                        Action::PlayKnight
                    } else {
                        Action::Roll
                    }
                }
            }
            Phase::Discard => {
                let q = g.actor();
                let mut held = [0u32; 5];
                for ps in &g.s.players[..g.s.n_players as usize] {
                    for r in 0..5 {
                        held[r] += ps.hand[r] as u32;
                    }
                }
                let ps = g.s.player(q);
                Action::Discard(discard_choice(&ps.hand, &wish(g, q), &held))
            }
            Phase::FlipUp => {
                let next_max = robert_pool_max(g);
                best_flip(g, legal, |h| self.flip_value(g, h, next_max))
            }
            Phase::RoadBuilding => free_road(g, p, &mut self.memo),
            Phase::Main => self.main(g),
            Phase::MoveRobber => {
                // Base game only: fall back to the greedy robber.
                super::greedy::GreedyPolicy::default().choose(g, legal, _rng)
            }
            _ => {
                g.legal_actions(legal);
                legal[0]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::{after_setup, run_checked};
    use super::*;

    fn robert_rules(cards: u8) -> Rules {
        Rules::robert(
            4,
            RobertRules {
                start_cards: cards,
                ..Default::default()
            },
        )
    }

    /// A Robert game after set-up, with seat 0 to move before the roll and one soldier in hand.
    fn preroll_with_soldier(topo: &Topology) -> Game<'_> {
        let mut g = Game::new(topo, Layout::fixed(topo), robert_rules(0));
        after_setup(&mut g);
        assert_eq!(g.s.phase, Phase::PreRoll);
        g.s.deck[DevCard::Knight.idx()] -= 1;
        g.s.players[0].dev[DevCard::Knight.idx()] = 1;
        g
    }

    /// Seat 0 can build no more VP (no city or settlement piece left) and no VP card is left to
    /// draw: whether the team is stuck then turns on longest road and largest army alone.
    #[test]
    fn stuck_counts_largest_army_and_longest_road() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let base = {
            let mut g = Game::new(&topo, Layout::fixed(&topo), robert_rules(0));
            after_setup(&mut g);
            g.s.deck[DevCard::VictoryPoint.idx()] = 0;
            let p = &mut g.s.players[0];
            p.cities_left = 0;
            p.settlements_left = 0;
            p.vp = 7;
            g
        };
        let stuck = |g: &Game| team_stuck(g, &mut Memo::default());
        assert!(
            !stuck(&base),
            "7 + longest road 2 + largest army 2 can reach 10"
        );
        assert!(longest_road_open(&base, PlayerId(0)));
        assert!(largest_army_open(&base, PlayerId(0)));
        // No road piece left: largest army alone (9) falls short.
        let mut g = base.clone();
        g.s.players[0].roads_left = 0;
        assert!(!longest_road_open(&g, PlayerId(0)));
        assert!(stuck(&g));
        // One VP more and largest army closes the gap.
        g.s.players[0].vp = 8;
        assert!(!stuck(&g));
        // ...unless no knight is left to draw or reshuffle and none is in hand.
        let k = DevCard::Knight.idx();
        g.s.deck[k] = 0;
        g.s.played[k] = 0;
        assert!(stuck(&g));
        // Two knights in hand and one played: the third makes largest army.
        g.s.players[0].dev[k] = 2;
        g.s.players[0].knights_played = 1;
        assert!(!stuck(&g));
        // Another seat holds it with 4 knights: 3 do not beat it.
        g.s.players[1].knights_played = 4;
        g.s.largest_army = 1;
        assert!(stuck(&g));
        // A VP card still in the deck, or gold in play, is always a way to win.
        let mut h = g.clone();
        h.s.deck[DevCard::VictoryPoint.idx()] = 1;
        assert!(!stuck(&h));
        let mut h = g.clone();
        h.rules = h.rules.with_modifiers(Modifiers::GOLD);
        assert!(!stuck(&h));
    }

    /// After `concede_after_idle_turns` player-turns without a team VP gain the team concedes
    /// (soldiers are no longer played) and says the game stalled; 0 never concedes.
    #[test]
    fn concedes_a_stalled_game() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut buf = ActionList::new();
        let mut rng = crate::engine::seeds::rng(1, 3, crate::engine::seeds::Stream::Policy);
        for (limit, concedes) in [(50u32, true), (0, false)] {
            let mut pol = TeamPolicy::new(TeamKnobs {
                concede_after_idle_turns: limit,
                soldier_panic_face_up: 99,
                ..Default::default()
            });
            let mut g = preroll_with_soldier(&topo);
            let start = g.s.turn;
            assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
            g.s.turn = start + 49;
            assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
            assert!(!pol.stalled());
            g.s.turn = start + 50;
            let want = if concedes {
                Action::RobertMoves
            } else {
                Action::PlayKnight
            };
            assert_eq!(pol.choose(&g, &mut buf, &mut rng), want);
            assert_eq!(pol.stalled(), concedes);
        }
    }

    #[test]
    fn soldier_only_for_a_valuable_token() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut pol = TeamPolicy::default();
        let mut buf = ActionList::new();
        let mut rng = crate::engine::seeds::rng(1, 3, crate::engine::seeds::Stream::Policy);
        // Nothing face down: Robert moves.
        let g = preroll_with_soldier(&topo);
        assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
        // The two most valuable built-on tokens face down: soldier, flipping the best back first.
        let mut g = preroll_with_soldier(&topo);
        let mut hexes: Vec<usize> = topo.land_hexes.iter().collect();
        hexes.sort_by_key(|&h| std::cmp::Reverse(team_value(&g, h)));
        let (h, h2) = (hexes[0], hexes[1]);
        let value = team_value(&g, h) + team_value(&g, h2);
        assert!(value >= pol.knobs.soldier_min_pips as u32, "value {value}");
        g.s.face_down.insert(h);
        g.s.face_down.insert(h2);
        assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::PlayKnight);
        g.try_apply(Action::PlayKnight, &mut ()).unwrap();
        assert_eq!(g.s.phase, Phase::FlipUp);
        let a = pol.choose(&g, &mut buf, &mut rng);
        assert!(
            a == Action::FlipUp(HexId(h as u8)) || a == Action::FlipUp(HexId(h2 as u8)),
            "{a:?}"
        );
        // A single low-value token face down (below the threshold): Robert moves.
        let mut g = preroll_with_soldier(&topo);
        let low = *hexes
            .iter()
            .rev()
            .find(|&&x| {
                let v = team_value(&g, x);
                v > 0 && v < pol.knobs.soldier_min_pips as u32
            })
            .unwrap();
        g.s.face_down.insert(low);
        assert_eq!(pol.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
        // The valuable pair again, but a threshold above its value: Robert moves.
        let mut strict = TeamPolicy::new(TeamKnobs {
            soldier_min_pips: 1000,
            ..TeamKnobs::default()
        });
        let mut g = preroll_with_soldier(&topo);
        g.s.face_down.insert(h);
        g.s.face_down.insert(h2);
        assert_eq!(strict.choose(&g, &mut buf, &mut rng), Action::RobertMoves);
    }

    #[test]
    fn help_trade_is_legal() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut g = Game::new(&topo, Layout::fixed(&topo), robert_rules(0));
        after_setup(&mut g);
        g.apply(Action::RobertMoves, &mut ());
        while g.s.phase != Phase::Main {
            let o = match g.chance().unwrap() {
                ChanceDist::Dice => ChanceOutcome::Dice(1, 2),
                ChanceDist::Uniform(s) => ChanceOutcome::Hex(HexId(s.nth(0) as u8)),
                ChanceDist::Weighted(_) | ChanceDist::Die => unreachable!(),
            };
            g.apply_chance(o, &mut ());
        }
        // Seat 0 is far ahead and rich; seat 1 is the laggard with one spare card.
        let set = |g: &mut Game, q: usize, hand: Hand| {
            for r in 0..5 {
                g.s.bank[r] += g.s.players[q].hand[r];
                g.s.bank[r] -= hand[r];
            }
            g.s.players[q].hand = hand;
        };
        for q in 0..4 {
            set(&mut g, q, [0; 5]);
        }
        set(&mut g, 0, [3, 3, 3, 3, 0]);
        set(&mut g, 1, [0, 0, 2, 0, 1]);
        g.s.players[0].vp = 10;
        g.s.players[2].vp = 5;
        g.s.players[3].vp = 5;
        let mut pol = TeamPolicy::default();
        let mut buf = ActionList::new();
        let mut rng = crate::engine::seeds::rng(1, 4, crate::engine::seeds::Stream::Policy);
        let a = pol.choose(&g, &mut buf, &mut rng);
        match a {
            Action::Trade { with, give, get } => {
                assert_eq!(with, PlayerId(1));
                assert_eq!(laggard(&g), PlayerId(1));
                assert_eq!(give.iter().sum::<u8>(), 2);
                assert_eq!(get.iter().sum::<u8>(), 1);
                assert!(g.trade_ok(with, &give, &get));
            }
            other => panic!("expected a help trade, got {other:?}"),
        }
        g.try_apply(a, &mut ()).unwrap();
    }

    #[test]
    fn robert_games_end_without_panic() {
        for cards in [0, 3] {
            let (outs, _) = run_checked(robert_rules(cards), 200, TeamPolicy::default);
            assert!(outs.iter().all(|o| *o != Outcome::Cap));
        }
    }

    #[test]
    fn base_games_end_without_panic() {
        let (outs, _) = run_checked(Rules::base(4), 200, TeamPolicy::default);
        assert!(outs.iter().filter(|o| **o == Outcome::Cap).count() <= 2);
    }

    #[test]
    fn knobs_from_toml() {
        let k: TeamKnobs = toml::from_str("soldier_min_pips = 9\nhelp_laggard = false").unwrap();
        assert_eq!(k.soldier_min_pips, 9);
        assert!(!k.help_laggard);
        assert_eq!(k.monopoly_min_pips, TeamKnobs::default().monopoly_min_pips);
        assert!(toml::from_str::<TeamKnobs>("nope = 1").is_err());
    }
}
