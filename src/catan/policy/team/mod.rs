//! The `team` policy for Robert the Robber co-op.
//!
//! The `team` policy for Robert the Robber co-op: every seat plays for all players reaching 10 VP
//! before Robert flips every token.

// Hands are `[u8; 5]` indexed by resource; index loops over 0..5 read clearest here.
#![allow(clippy::needless_range_loop)]

mod stuck;
mod trades;

pub use stuck::provably_lost;

use super::cards::{affords, bank_step, discard_choice, nothing_to_do};
use super::memo::{free_road, kinds, year_of_plenty_toward, BuildKind, Memo, RoadSearch};
use super::spots::{
    best_flip, best_two_flips, is_robert, raw_pips, robber_on_own, settled_hexes, setup_road,
    setup_settlement, team_value, weight_of,
};
use crate::catan::NONE;
use crate::catan::*;
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use serde::{Deserialize, Serialize};
use stuck::{
    army_to_beat, largest_army_open, longest_road_open, road_reach, team_stuck, ROAD_LOOKAHEAD,
};
use trades::{help_step, laggard, team_step, wish};

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
    /// A player below the VP target that can build no more VP (no settlement to upgrade, no
    /// corner it can reach) chases the awards still open to it: it plays a soldier every turn
    /// while largest army is within its soldiers' reach, and builds (or trades for, or plays
    /// road building for) the road that lengthens its longest trail while longest road is
    /// within reach; never when taking the award would leave its holder below the target with
    /// no way to build the VP back.
    /// Without it such a game stalls: the script plays soldiers only to flip tokens back and
    /// builds roads only toward a corner. Default true (false before 2026-11-27).
    pub chase_awards: bool,
    /// With `chase_awards`: the team's plan for the endgame of a boxed-in player.
    /// **It holds the deck** for a player chasing largest army: under the seed's reading
    /// (`reshuffled_knights = "leave"`) a buy from the empty deck reshuffles the played knights
    /// back and every army but the holder's 3 kept knights falls to 0, and the players at the
    /// target buy every turn, so the chaser's army never reaches 4. While a boxed-in player
    /// chases the army, the players at the target buy no development card and the others none
    /// from an empty deck; the chaser keeps its soldiers in hand until they (with its army)
    /// beat the holder's, then plays one a turn, and reshuffles its own army away only when it
    /// cannot win the army without the played pile. **It looks 4 roads ahead** for the road
    /// that lengthens the chaser's trail (2 without the plan). **An award's holder makes a
    /// margin**: a holder at the target that would fall below it without the award a boxed-in
    /// player needs keeps settling until it can give the award up. **It concedes a game the
    /// awards cannot save**: the players who can build no more VP cannot all reach the target
    /// however the two awards are placed, largest army going only to a player whose knights
    /// can take it and longest road only to one that 4 more roads at most make longer than the
    /// holder's (without the plan any road piece and place to lay it count as a chance, and
    /// such games run on until the idle-turn rule ends them). The learned player keeps these
    /// choices, and every choice of the script once the team has conceded or its VP have not
    /// moved for 200 player-turns. Default true (false before 2026-11-27).
    pub endgame_plan: bool,
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
            chase_awards: true,
            endgame_plan: true,
        }
    }
}

/// The army a player would have with every soldier it holds played (new ones too).
fn army_in_hand(me: &PlayerState) -> u32 {
    let k = DevCard::Knight.idx();
    me.knights_played as u32 + me.dev[k] as u32 + me.dev_new[k] as u32
}

/// The road that lengthens `p`'s longest trail most within `ahead` more roads (the first such
/// edge on a tie; the fewest roads that lengthen it win), if any.
fn road_chase_search(g: &Game, p: PlayerId, ahead: u8) -> Option<EdgeId> {
    let me = g.s.player(p);
    let mut best = None;
    let mut best_len = me.road_length;
    for depth in 1..=ahead.min(me.roads_left) {
        for e in g.road_spots(p).iter() {
            let mut after = g.clone();
            after.put_road_unmeasured(p, EdgeId(e as u8));
            let len = road_reach(&after, p, depth - 1);
            if len > best_len {
                best_len = len;
                best = Some(EdgeId(e as u8));
            }
        }
        if best.is_some() {
            break;
        }
    }
    best
}

/// Player-turns without a team VP gain after which, under `endgame_plan`, the learned player
/// keeps every choice of the script.
const ENDGAME_IDLE_TURNS: u32 = 200;

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
    /// The last choice chased an award (see `chase_awards`).
    chased: bool,
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
            chased: false,
        }
    }

    /// Whether the last choice chased an award (`chase_awards`): the learned player keeps it.
    pub fn chased(&self) -> bool {
        self.chased
    }

    /// Whether seat `p` can build no more VP but could still reach the target with the awards
    /// (the `chase_awards` test; never once the team has conceded).
    fn boxed_in(&mut self, g: &Game, p: PlayerId) -> bool {
        let me = g.s.player(p);
        let target = g.rules.vp_to_win;
        if !self.knobs.chase_awards || !is_robert(g) || me.vp >= target {
            return false;
        }
        // The idle-turn concession first (it is kept as it falls due), the whole-team stuck
        // test last (the dearest).
        if self.knobs.concede_when_stuck && self.idle(g) {
            return false;
        }
        let [city, ..] = kinds(g, p);
        city.is_none()
            && (me.settlements_left == 0 || self.memo.spot_road(g, p) == (None, None))
            && (g.s.deck[DevCard::VictoryPoint.idx()] == 0 || !g.deck_available())
            && !self.stuck(g)
    }

    /// Whether the award its holder `h` has (`NO_PLAYER`: none) can be taken from it: `h`
    /// stays at or above the VP target without its 2 VP, or can build them back (settlements
    /// to upgrade, and a corner it can reach).
    fn takes_freely(&mut self, g: &Game, h: u8) -> bool {
        if h == NO_PLAYER {
            return true;
        }
        let hs = g.s.players[h as usize];
        let after = hs.vp.saturating_sub(2);
        let upgrades = hs
            .buildings
            .minus(hs.cities)
            .len()
            .min(hs.cities_left as u32);
        let spot = hs.settlements_left > 0 && self.memo.spot_road(g, PlayerId(h)) != (None, None);
        after as u32 + upgrades + spot as u32 >= g.rules.vp_to_win as u32
    }

    /// Under `endgame_plan`: seat `p` is at the target and holds an award that a boxed-in player
    /// needs, but would fall below the target without it and could not build the VP back
    /// (see [`TeamPolicy::takes_freely`]), so it settles on (and builds roads toward) the
    /// corners it can still reach, as a player below the target would, until the award can be
    /// taken from it.
    fn builds_margin(&mut self, g: &Game, p: PlayerId) -> bool {
        let me = g.s.player(p);
        let (road, army) = (g.s.longest_road == p.0, g.s.largest_army == p.0);
        if !self.plan() || me.vp < g.rules.vp_to_win || !(road || army) {
            return false;
        }
        if self.takes_freely(g, p.0) {
            return false;
        }
        (0..g.s.n_players).any(|q| {
            let c = PlayerId(q);
            q != p.0
                && (road && longest_road_open(g, c) || army && largest_army_open(g, c))
                && self.boxed_in(g, c)
        })
    }

    /// Whether the team plays `endgame_plan` (it builds on `chase_awards`).
    fn plan(&self) -> bool {
        self.knobs.endgame_plan && self.knobs.chase_awards
    }

    /// The player chasing largest army the team holds the deck for (`endgame_plan`): the
    /// first boxed-in seat the army is open to, when its holder can give it up.
    fn army_chaser(&mut self, g: &Game) -> Option<PlayerId> {
        if !self.plan() {
            return None;
        }
        for q in 0..g.s.n_players {
            let p = PlayerId(q);
            if largest_army_open(g, p) && self.boxed_in(g, p) {
                return self.takes_freely(g, g.s.largest_army).then_some(p);
            }
        }
        None
    }

    /// Under `endgame_plan`: the chaser `p` still gathers soldiers (its army and the soldiers
    /// in its hand do not beat the holder's yet), so it plays none.
    fn gathers_soldiers(&mut self, g: &Game, p: PlayerId) -> bool {
        self.army_chaser(g) == Some(p) && army_in_hand(g.s.player(p)) < army_to_beat(g)
    }

    /// Under `endgame_plan`: seat `p` buys no development card now (a player at the target
    /// while the army is chased; another from an empty deck, whose reshuffle would empty the
    /// chaser's army; the chaser from an empty deck while its army and hand can still win).
    fn holds_the_deck(&mut self, g: &Game, p: PlayerId) -> bool {
        let Some(c) = self.army_chaser(g) else {
            return false;
        };
        let me = g.s.player(p);
        let empty = !g.deck_has_cards();
        if p != c {
            return empty || me.vp >= g.rules.vp_to_win;
        }
        empty && me.knights_played > 0 && army_in_hand(me) >= army_to_beat(g)
    }

    /// A soldier toward largest army, when seat `p` is boxed in and the army is open to it.
    fn army_chase(&mut self, g: &Game, p: PlayerId) -> bool {
        let me = g.s.player(p);
        !g.s.dev_played
            && me.dev[DevCard::Knight.idx()] > 0
            && largest_army_open(g, p)
            && self.boxed_in(g, p)
            && self.takes_freely(g, g.s.largest_army)
    }

    /// The road that lengthens seat `p`'s longest trail most (the first such edge on a tie),
    /// when `p` is boxed in and longest road is open to it.
    fn road_chase(&mut self, g: &Game, p: PlayerId) -> Option<EdgeId> {
        if !longest_road_open(g, p)
            || !self.boxed_in(g, p)
            || !self.takes_freely(g, g.s.longest_road)
        {
            return None;
        }
        // Rare (a boxed-in player's endgame), so a copy of the state measures each road: the
        // first road of the best few (the fewest that lengthen the trail) still to lay. The
        // answer is memoised on the seat's roads and the buildings around them.
        let ahead = self.road_lookahead();
        let e = self.memo.road_search(g, p, RoadSearch::Chase, ahead, || {
            match road_chase_search(g, p, ahead) {
                Some(e) => e.0 as u16,
                None => u16::MAX,
            }
        });
        (e != u16::MAX).then_some(EdgeId(e as u8))
    }

    /// How many roads ahead the road chase looks (4 under `endgame_plan`, else 2).
    fn road_lookahead(&self) -> u8 {
        if self.plan() {
            ROAD_LOOKAHEAD
        } else {
            2
        }
    }

    /// The main phase's step toward longest road (see `chase_awards`): road building, the
    /// road, or a trade toward it.
    fn chase_road(&mut self, g: &Game, p: PlayerId) -> Option<Action> {
        let e = self.road_chase(g, p)?;
        let me = g.s.player(p);
        if !g.s.dev_played && me.dev[DevCard::RoadBuilding.idx()] > 0 {
            return Some(Action::PlayRoadBuilding);
        }
        if affords(&me.hand, &ROAD_COST) {
            return Some(Action::BuildRoad(e));
        }
        if self.trades >= self.knobs.max_trades_per_turn {
            return None;
        }
        let step = if self.knobs.team_trades {
            team_step(g, p, &ROAD_COST)
        } else {
            None
        };
        let step = step.or_else(|| bank_step(g, p, &ROAD_COST));
        if step.is_some() {
            self.trades += 1;
        }
        step
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
        let (a, b) = best_two_flips(g);
        a + b
    }

    fn stuck(&mut self, g: &Game) -> bool {
        if !self.knobs.concede_when_stuck {
            return false;
        }
        let ahead = if self.plan() { ROAD_LOOKAHEAD } else { 0 };
        self.idle(g) || self.memo.stuck(g, |m| team_stuck(g, m, ahead))
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
    /// A player making a margin (`margin`, see [`TeamPolicy::builds_margin`]) orders them as one
    /// below the target.
    fn ordered_kinds(
        &self,
        g: &Game,
        p: PlayerId,
        lag: PlayerId,
        margin: bool,
    ) -> [Option<BuildKind>; 4] {
        let [city, mut settle, mut road, dev] = kinds(g, p);
        let me = g.s.player(p);
        let at_target = me.vp >= g.rules.vp_to_win && !margin;
        if at_target && self.knobs.leave_spots_at_ten {
            settle = None;
            road = None;
        }
        let dev_pos = if at_target && self.knobs.dev_cards_at_ten {
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

    fn main(&mut self, g: &Game) -> Action {
        let p = PlayerId(g.s.current);
        let me = g.s.player(p);
        if nothing_to_do(g, me) {
            return Action::EndTurn;
        }
        let lag = self.laggard(g);
        let margin = self.builds_margin(g, p);
        let mut ks = self.ordered_kinds(g, p, lag, margin);
        if ks.contains(&Some(BuildKind::Dev)) && self.holds_the_deck(g, p) {
            ks = ks.map(|x| x.filter(|&b| b != BuildKind::Dev));
            self.chased = true;
        }
        let k = self.knobs;
        let can = |c: DevCard| !g.s.dev_played && me.dev[c.idx()] > 0;
        if is_robert(g) && can(DevCard::Monopoly) {
            if let Some(a) = self.monopoly(g) {
                return a;
            }
        }
        if can(DevCard::RoadBuilding)
            && ks.contains(&Some(BuildKind::Road))
            && self.memo.resolve(g, p, BuildKind::Road).is_some()
        {
            return Action::PlayRoadBuilding;
        }
        if can(DevCard::YearOfPlenty) {
            if let Some(a) = year_of_plenty_toward(g, p, &ks) {
                return a;
            }
        }
        if !is_robert(g) && can(DevCard::Knight) {
            // Base game: just chase the robber off own production.
            if robber_on_own(g, me) {
                return Action::PlayKnight;
            }
        }
        if let Some(a) = self.chase_road(g, p) {
            self.chased = true;
            return a;
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
                Some(t) if me.vp < g.rules.vp_to_win || margin => t.cost(),
                _ => [0; 5],
            };
            if let Some(a) = help_step(g, p, lag, &keep, &mut self.memo) {
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
                    step = team_step(g, p, &c);
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
        let (touched, numbers) = settled_hexes(g, p);
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
impl Policy<Game<'_>> for TeamPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, _rng: &mut Rng) -> Action {
        self.reset_turn(g);
        self.chased = false;
        let p = PlayerId(g.s.current);
        let a = match g.s.phase {
            Phase::SetupSettlement => self.setup(g, _rng),
            Phase::SetupRoad => setup_road(g),
            Phase::PreRoll => {
                if is_robert(g) {
                    if self.gathers_soldiers(g, p) {
                        self.chased = true;
                        g.roll_action()
                    } else if self.soldier_now(g) {
                        Action::PlayKnight
                    } else if self.army_chase(g, p) {
                        self.chased = true;
                        Action::PlayKnight
                    } else {
                        g.roll_action()
                    }
                } else {
                    let me = g.s.cur();
                    if robber_on_own(g, me) && !g.s.dev_played && me.dev[DevCard::Knight.idx()] > 0
                    {
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
            Phase::RoadBuilding => match self.road_chase(g, p) {
                Some(e) => {
                    self.chased = true;
                    Action::BuildRoad(e)
                }
                None => free_road(g, p, &mut self.memo),
            },
            Phase::Main => self.main(g),
            Phase::MoveRobber => {
                // Base game only: fall back to the greedy robber.
                super::greedy::GreedyPolicy::default().choose(g, legal, _rng)
            }
            _ => {
                g.legal_actions(legal);
                legal[0]
            }
        };
        // The plan binds the learned player too once the team has conceded, or once its VP have
        // not moved for a while (a boxed-in endgame the model was not trained on).
        if self.plan()
            && is_robert(g)
            && (g.s.turn >= self.vp_turn + ENDGAME_IDLE_TURNS || self.stuck(g))
        {
            self.chased = true;
        }
        a
    }
}

#[cfg(test)]
mod tests;
