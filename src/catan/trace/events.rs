//! Trace lines of kernel events and state snapshots.

use super::names::{outcome_name, phase_name, seat_opt, set_vec};
use crate::catan::*;
use serde::Serialize;

// ---------------------------------------------------------------------------------------------
// Events

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(super) enum EventLine {
    TurnStart {
        turn: u32,
        seat: u8,
    },
    Roll {
        seat: u8,
        dice: [u8; 2],
        total: u8,
    },
    Produce {
        seat: u8,
        resource: &'static str,
        amount: u8,
    },
    Shortage {
        resource: &'static str,
        wanted: u8,
    },
    Build {
        seat: u8,
        piece: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        edge: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        corner: Option<u8>,
        free: bool,
    },
    DevBought {
        seat: u8,
        card: &'static str,
    },
    DevDealt {
        seat: u8,
        card: &'static str,
    },
    DevPlayed {
        seat: u8,
        card: &'static str,
    },
    YearOfPlenty {
        seat: u8,
        resources: [&'static str; 2],
    },
    /// Base: `taken` cards of `resource` from the other seats. Robert: `flipped` tokens.
    Monopoly {
        seat: u8,
        resource: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        taken: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        flipped: Option<u8>,
    },
    Robber {
        seat: u8,
        hex: u8,
        victim: Option<u8>,
    },
    Steal {
        thief: u8,
        victim: u8,
        resource: &'static str,
    },
    Discard {
        seat: u8,
        resource: &'static str,
    },
    BankTrade {
        seat: u8,
        give: &'static str,
        rate: u8,
        get: &'static str,
    },
    Trade {
        seat: u8,
        with: u8,
        give: Hand,
        get: Hand,
    },
    Flip {
        hex: u8,
        token: u8,
        face: &'static str,
        cause: &'static str,
    },
    RobertMove {
        from: u8,
        to: u8,
    },
    LongestRoad {
        holder: Option<u8>,
        length: u8,
    },
    LargestArmy {
        holder: Option<u8>,
        knights: u16,
    },
    Reshuffle {
        cards: u8,
    },
    GameOver {
        outcome: &'static str,
        winner: Option<u8>,
        turn: u32,
    },
    SevenCancelled {
        seat: u8,
    },
    DevLost {
        seat: u8,
        card: &'static str,
    },
    SoloRobber {
        from: u8,
        to: u8,
        roll: u8,
    },
    Destruction {
        hex: u8,
        token: u8,
        die: u8,
        destroyed: bool,
    },
    Eruption {
        hex: u8,
    },
    /// A piece an eruption took off the board (`city`: reduced to a settlement).
    Removed {
        seat: u8,
        piece: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        edge: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        corner: Option<u8>,
    },
    Gold {
        seat: u8,
        hex: u8,
    },
    Bonus {
        seat: u8,
        resource: &'static str,
        cause: &'static str,
    },
    RaiderPlaced {
        seat: u8,
        desert: u8,
    },
    StormBegins {
        turn: u32,
    },
    Raid {
        hex: u8,
        desert: u8,
    },
    RaiderRemoved {
        seat: u8,
        hex: u8,
    },
    Taken {
        seat: u8,
        corner: u8,
        taken: bool,
    },
    RoadCancelled {
        seat: u8,
        edge: u8,
        cancelled: bool,
    },
    Discoveries {
        seat: u8,
        amount: u8,
    },
    DiscoveriesSpent {
        seat: u8,
        amount: u8,
    },
    ShipMoved {
        seat: u8,
        from: u8,
        to: u8,
    },
    VolcanoDie {
        hex: u8,
        die: u8,
    },
}

pub(super) fn event_line(g: &Game, e: &Event) -> EventLine {
    match *e {
        Event::TurnStart { turn, player } => EventLine::TurnStart {
            turn,
            seat: player.0,
        },
        Event::Roll { player, d1, d2 } => EventLine::Roll {
            seat: player.0,
            dice: [d1, d2],
            total: d1 + d2,
        },
        Event::Produce {
            player,
            resource,
            amount,
        } => EventLine::Produce {
            seat: player.0,
            resource: resource.name(),
            amount,
        },
        Event::Shortage { resource, wanted } => EventLine::Shortage {
            resource: resource.name(),
            wanted,
        },
        Event::Build {
            player,
            piece,
            at,
            free,
        } => EventLine::Build {
            seat: player.0,
            piece: piece.name(),
            edge: piece.on_edge().then_some(at),
            corner: (!piece.on_edge()).then_some(at),
            free,
        },
        Event::DevBought { player, card } => EventLine::DevBought {
            seat: player.0,
            card: card.name(),
        },
        Event::DevDealt { player, card } => EventLine::DevDealt {
            seat: player.0,
            card: card.name(),
        },
        Event::DevPlayed { player, card } => EventLine::DevPlayed {
            seat: player.0,
            card: card.name(),
        },
        Event::YearOfPlenty { player, a, b } => EventLine::YearOfPlenty {
            seat: player.0,
            resources: [a.name(), b.name()],
        },
        Event::Monopoly {
            player,
            resource,
            taken,
        } => {
            let robert = g.rules.variant.cooperative();
            EventLine::Monopoly {
                seat: player.0,
                resource: resource.name(),
                taken: (!robert).then_some(taken),
                flipped: robert.then_some(taken),
            }
        }
        Event::Robber {
            player,
            hex,
            victim,
        } => EventLine::Robber {
            seat: player.0,
            hex: hex.0,
            victim: seat_opt(victim),
        },
        Event::Steal {
            thief,
            victim,
            resource,
        } => EventLine::Steal {
            thief: thief.0,
            victim: victim.0,
            resource: resource.name(),
        },
        Event::Discard { player, resource } => EventLine::Discard {
            seat: player.0,
            resource: resource.name(),
        },
        Event::BankTrade {
            player,
            give,
            rate,
            get,
        } => EventLine::BankTrade {
            seat: player.0,
            give: give.name(),
            rate,
            get: get.name(),
        },
        Event::Trade {
            player,
            with,
            give,
            get,
        } => EventLine::Trade {
            seat: player.0,
            with: with.0,
            give,
            get,
        },
        Event::Flip { hex, down, cause } => EventLine::Flip {
            hex: hex.0,
            token: g.layout.token[hex.idx()],
            face: if down { "down" } else { "up" },
            cause: cause.name(),
        },
        Event::RobertMove { from, to } => EventLine::RobertMove {
            from: from.0,
            to: to.0,
        },
        Event::LongestRoad { holder, length } => EventLine::LongestRoad {
            holder: seat_opt(holder),
            length,
        },
        Event::LargestArmy { holder, knights } => EventLine::LargestArmy {
            holder: seat_opt(holder),
            knights,
        },
        Event::Reshuffle { cards } => EventLine::Reshuffle { cards },
        Event::GameOver { outcome, turn } => EventLine::GameOver {
            outcome: outcome_name(outcome),
            winner: match outcome {
                Outcome::Winner(p) => Some(p.0),
                _ => None,
            },
            turn,
        },
        Event::SevenCancelled { player } => EventLine::SevenCancelled { seat: player.0 },
        Event::DevLost { player, card } => EventLine::DevLost {
            seat: player.0,
            card: card.name(),
        },
        Event::SoloRobber { from, to, roll } => EventLine::SoloRobber {
            from: from.0,
            to: to.0,
            roll,
        },
        Event::Destruction {
            hex,
            die,
            destroyed,
        } => EventLine::Destruction {
            hex: hex.0,
            token: g.layout.token[hex.idx()],
            die,
            destroyed,
        },
        Event::Eruption { hex } => EventLine::Eruption { hex: hex.0 },
        Event::Removed { player, piece, at } => EventLine::Removed {
            seat: player.0,
            piece: piece.name(),
            edge: piece.on_edge().then_some(at),
            corner: (!piece.on_edge()).then_some(at),
        },
        Event::Gold { player, hex } => EventLine::Gold {
            seat: player.0,
            hex: hex.0,
        },
        Event::Bonus {
            player,
            resource,
            cause,
        } => EventLine::Bonus {
            seat: player.0,
            resource: resource.name(),
            cause: cause.name(),
        },
        Event::RaiderPlaced { player, desert } => EventLine::RaiderPlaced {
            seat: player.0,
            desert: desert.0,
        },
        Event::StormBegins { turn } => EventLine::StormBegins { turn },
        Event::Raid { hex, desert } => EventLine::Raid {
            hex: hex.0,
            desert: desert.0,
        },
        Event::RaiderRemoved { player, hex } => EventLine::RaiderRemoved {
            seat: player.0,
            hex: hex.0,
        },
        Event::Taken { player, at, taken } => EventLine::Taken {
            seat: player.0,
            corner: at,
            taken,
        },
        Event::RoadCancelled {
            player,
            at,
            cancelled,
        } => EventLine::RoadCancelled {
            seat: player.0,
            edge: at,
            cancelled,
        },
        Event::Discoveries { player, amount } => EventLine::Discoveries {
            seat: player.0,
            amount,
        },
        Event::DiscoveriesSpent { player, amount } => EventLine::DiscoveriesSpent {
            seat: player.0,
            amount,
        },
        Event::ShipMoved { player, from, to } => EventLine::ShipMoved {
            seat: player.0,
            from: from.0,
            to: to.0,
        },
        Event::VolcanoDie { hex, die } => EventLine::VolcanoDie { hex: hex.0, die },
    }
}

// ---------------------------------------------------------------------------------------------
// Snapshots

#[derive(Serialize)]
pub(super) struct SeatLine {
    seat: usize,
    hand: Hand,
    dev: [u8; 5],
    dev_new: [u8; 5],
    knights_played: u16,
    roads_left: u8,
    settlements_left: u8,
    cities_left: u8,
    settlements: Vec<usize>,
    cities: Vec<usize>,
    roads: Vec<usize>,
    road_length: u8,
    gold_vp: u8,
    vp: u8,
    public_vp: u8,
    /// Raiders only.
    #[serde(skip_serializing_if = "Option::is_none")]
    ships: Option<Vec<usize>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    discoveries: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    raiders_kept: Option<u8>,
}

/// The Raiders part of a snapshot.
#[derive(Serialize)]
pub(super) struct RaidersLine {
    pool: u8,
    on_desert: Vec<(u8, u8)>,
    raided: Vec<usize>,
    taken: Vec<usize>,
    cancelled: Vec<usize>,
    storm_turn: Option<u32>,
}

#[derive(Serialize)]
pub(super) struct SnapshotLine {
    #[serde(rename = "type")]
    kind: &'static str,
    reason: &'static str,
    turn: u32,
    current: u8,
    phase: &'static str,
    bank: Hand,
    deck: [u8; 5],
    played: [u8; 5],
    robber: u8,
    face_down: Vec<usize>,
    destroyed: Vec<usize>,
    longest_road: Option<u8>,
    largest_army: Option<u8>,
    seats: Vec<SeatLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    raiders: Option<RaidersLine>,
}

pub(super) fn snapshot(g: &Game, reason: &'static str) -> SnapshotLine {
    let s = &g.s;
    let raiders = g.is_raiders();
    SnapshotLine {
        kind: "snapshot",
        reason,
        turn: s.turn,
        current: s.current,
        phase: phase_name(s.phase),
        bank: s.bank,
        deck: s.deck,
        played: s.played,
        robber: s.robber.0,
        face_down: set_vec(&s.face_down),
        destroyed: set_vec(&s.destroyed),
        longest_road: seat_opt(s.longest_road),
        largest_army: seat_opt(s.largest_army),
        seats: s.players[..s.n_players as usize]
            .iter()
            .enumerate()
            .map(|(i, p)| SeatLine {
                seat: i,
                hand: p.hand,
                dev: p.dev,
                dev_new: p.dev_new,
                knights_played: p.knights_played,
                roads_left: p.roads_left,
                settlements_left: p.settlements_left,
                cities_left: p.cities_left,
                settlements: set_vec(&p.buildings.minus(p.cities)),
                cities: set_vec(&p.cities),
                roads: set_vec(&p.roads),
                road_length: p.road_length,
                gold_vp: p.gold_vp,
                vp: p.vp,
                public_vp: p.vp - p.vp_cards(),
                ships: raiders.then(|| set_vec(&p.ships)),
                discoveries: raiders.then_some(p.discoveries),
                raiders_kept: raiders.then_some(p.raiders_kept),
            })
            .collect(),
        raiders: raiders.then(|| RaidersLine {
            pool: s.raiders.pool,
            on_desert: g
                .topo
                .raider_desert_list
                .iter()
                .zip(s.raiders.on_desert)
                .map(|(h, k)| (h.0, k))
                .collect(),
            raided: set_vec(&s.raiders.raided),
            taken: set_vec(&s.raiders.taken),
            cancelled: set_vec(&s.raiders.cancelled),
            storm_turn: (s.raiders.pool == 0).then_some(s.raiders.storm_turn),
        }),
    }
}
