//! The conservation invariants, checked after every step by soak and tests (and in debug builds).

use super::bits::{CornerSet, EdgeSet};
use super::game::Game;
use super::ids::*;
use super::solitaire;
use super::state::*;

/// What the full road-length search depends on for one seat: its roads as they count (Raiders:
/// the ones not cancelled), its ships, its buildings and every building on the board.
type NetworkKey = (EdgeSet, EdgeSet, CornerSet, CornerSet);

/// The full road-length search's last answers, by seat and keyed on what the search reads, so a
/// step that leaves a seat's network alone is checked against the answer already found (the same
/// check, without the exponential search again). `RoadMemo::default()` remembers nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoadMemo {
    seats: [Option<(NetworkKey, u8)>; MAX_PLAYERS],
}

impl Game<'_> {
    /// Checks the conservation invariants; returns the first violation.
    ///
    /// # Errors
    /// A description of what does not add up.
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_invariants_memo(&mut RoadMemo::default())
    }

    fn network_key(&self, p: PlayerId) -> NetworkKey {
        let me = self.s.player(p);
        let roads = if self.is_raiders() {
            super::raiders::active_roads(self, p)
        } else {
            me.roads
        };
        (roads, me.ships, me.buildings, self.s.occupied)
    }

    /// [`Game::check_invariants`] with the full road-length search remembered between calls on
    /// the same game (the soak checks after every step; the search was 87% of its time).
    ///
    /// # Errors
    /// A description of what does not add up.
    pub fn check_invariants_memo(&self, memo: &mut RoadMemo) -> Result<(), String> {
        let s = &self.s;
        let n = s.n_players as usize;
        for r in 0..5 {
            let total: u32 =
                s.bank[r] as u32 + s.players[..n].iter().map(|p| p.hand[r] as u32).sum::<u32>();
            if total != BANK_PER_RESOURCE as u32 {
                return Err(format!("resource {r}: bank + hands = {total}, not 19"));
            }
        }
        let cards: u32 = s.deck.iter().map(|&x| x as u32).sum::<u32>()
            + s.played.iter().map(|&x| x as u32).sum::<u32>()
            + s.players[..n]
                .iter()
                .map(|p| {
                    p.dev.iter().map(|&x| x as u32).sum::<u32>()
                        + p.dev_new.iter().map(|&x| x as u32).sum::<u32>()
                })
                .sum::<u32>();
        if cards != 25 {
            return Err(format!("development cards accounted for: {cards}, not 25"));
        }
        // Every knight in an army is on the table (Robert's `reshuffled_knights = "count"` keeps
        // armies of knights already shuffled back).
        let armies: u32 = s.players[..n].iter().map(|p| p.knights_played as u32).sum();
        let counted = self.rules.variant.robert().map(|r| r.reshuffled_knights)
            == Some(super::variant::ReshuffledKnights::Count);
        if !counted && armies > s.played[DevCard::Knight.idx()] as u32 {
            return Err(format!(
                "armies hold {armies} knights but {} are on the table",
                s.played[DevCard::Knight.idx()]
            ));
        }
        for (q, p) in s.players[..n].iter().enumerate() {
            let cities = p.cities.len() as u8;
            let settlements = p.buildings.len() as u8 - cities;
            if settlements + p.settlements_left != SETTLEMENTS_PER_PLAYER
                || cities + p.cities_left != CITIES_PER_PLAYER
                || p.roads.len() as u8 + p.roads_left != ROADS_PER_PLAYER
            {
                return Err(format!("seat {q}: piece counts do not add up"));
            }
            let vp = self.vp_from_scratch(PlayerId(q as u8));
            if vp != p.vp {
                return Err(format!("seat {q}: running VP {} but recomputed {vp}", p.vp));
            }
            let key = self.network_key(PlayerId(q as u8));
            let full = match memo.seats[q] {
                Some((k, len)) if k == key => len,
                _ => {
                    let len = self.road_length_brute(PlayerId(q as u8));
                    memo.seats[q] = Some((key, len));
                    len
                }
            };
            if p.road_length != full {
                return Err(format!(
                    "seat {q}: road length {} but a full search finds {full}",
                    p.road_length
                ));
            }
            if self.is_raiders() && p.net != super::raiders::net_of(self, PlayerId(q as u8)) {
                return Err(format!("seat {q}: network stale"));
            }
        }
        if !s.face_down.minus(self.layout.tokened).is_empty() {
            return Err("a hex without a token is face down".into());
        }
        if !s.destroyed.minus(self.layout.tokened).is_empty() {
            return Err("a hex without a token (desert or sea) is destroyed".into());
        }
        if s.destroyed.len() > solitaire::tiles_to_lose(self) {
            return Err(format!("{} tiles destroyed", s.destroyed.len()));
        }
        if s.destroyed.contains(s.robber.idx()) {
            return Err("the robber stands on a destroyed tile".into());
        }
        if !self.rules.variant.awards()
            && (s.longest_road != NO_PLAYER || s.largest_army != NO_PLAYER)
        {
            return Err("longest road or largest army awarded with awards off".into());
        }
        let mut blocked = CornerSet::EMPTY;
        for c in s.occupied.iter() {
            blocked = blocked.union(self.topo.corner_block[c]);
        }
        if blocked != s.blocked {
            return Err("the distance-rule blocked set is stale".into());
        }
        self.network_invariants()
    }

    /// The base game's networks: each player's road network is its buildings and road ends.
    pub(super) fn base_network_invariants(&self) -> Result<(), String> {
        let s = &self.s;
        let n = s.n_players as usize;
        for (q, p) in s.players[..n].iter().enumerate() {
            let mut net = p.buildings;
            for e in p.roads.iter() {
                for c in self.topo.edge_corners[e] {
                    net.insert(c.idx());
                }
            }
            if net != p.net {
                return Err(format!("seat {q}: stale road network"));
            }
        }
        Ok(())
    }

    #[cfg(debug_assertions)]
    pub(super) fn debug_check(&self) {
        let s = &self.s;
        for r in 0..5 {
            let total: u32 = s.bank[r] as u32
                + s.players[..s.n_players as usize]
                    .iter()
                    .map(|p| p.hand[r] as u32)
                    .sum::<u32>();
            debug_assert_eq!(
                total, BANK_PER_RESOURCE as u32,
                "resource {r} not conserved"
            );
        }
    }
}
