//! Trace lines of the game's set-up and steps: header, board, decisions and chance outcomes.

use super::names::{harbor_name, phase_name, present, seat_opt, set_vec};
use crate::catan::*;
use serde::Serialize;

/// Version of the trace format, written into the header. Bump it when a line changes shape.
pub const TRACE_FORMAT: u32 = 2;

/// What the caller knows about the game beyond its rules: names and seeds for the header line.
/// Variant, players and rule options are taken from the [`Rules`] passed to
/// [`write_trace`](super::write_trace), so that the header cannot disagree with the game that was
/// played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceHeader {
    /// robsim version that wrote the trace (`env!("CARGO_PKG_VERSION")`).
    pub version: String,
    /// Policy name as the CLI knows it (`random`, ...).
    pub policy: String,
    /// Board kind name ([`BoardKind::name`]).
    pub board: String,
    /// Map name or path.
    pub map: String,
    pub seed: u64,
    /// Game index under the master seed.
    pub game: u64,
}

impl TraceHeader {
    /// A header with this crate's version.
    pub fn new(policy: &str, board: BoardKind, map: &str, seed: u64, game: u64) -> TraceHeader {
        TraceHeader {
            version: env!("CARGO_PKG_VERSION").to_string(),
            policy: policy.to_string(),
            board: board.name().to_string(),
            map: map.to_string(),
            seed,
            game,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Header and board

#[derive(Serialize)]
pub(super) struct RobertOptions {
    target: &'static str,
    city_weight: u8,
    start_cards: u8,
    soldier_flips: u8,
    seven_flips: u8,
    robert_skip: u8,
    monopoly: &'static str,
    keep_back: u8,
    reshuffled_knights: &'static str,
}

#[derive(Serialize)]
pub(super) struct SolitaireOptions {
    awards: bool,
    destroy_faces: u8,
    tiles_to_lose: u8,
    lost_card: &'static str,
    knight_play: &'static str,
    second_roll_doubles: &'static str,
}

#[derive(Serialize)]
pub(super) struct HeaderLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    format: u32,
    robsim: &'a str,
    variant: &'static str,
    players: u8,
    policy: &'a str,
    board: &'a str,
    map: &'a str,
    seed: u64,
    game: u64,
    vp_to_win: u8,
    turn_cap: u32,
    hand_limit: u8,
    robert: Option<RobertOptions>,
    solitaire: Option<SolitaireOptions>,
    modifiers: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    raiders: Option<RaidersOptions>,
}

#[derive(Serialize)]
pub(super) struct RaidersOptions {
    setup_raiders: bool,
    volcano_start: bool,
    pool: u8,
    per_build: u8,
    jungle_shelters: bool,
    taken_discoveries: &'static str,
}

pub(super) fn header_line<'a>(h: &'a TraceHeader, rules: &Rules) -> HeaderLine<'a> {
    HeaderLine {
        kind: "header",
        format: TRACE_FORMAT,
        robsim: &h.version,
        variant: rules.variant.name(),
        players: rules.players,
        policy: &h.policy,
        board: &h.board,
        map: &h.map,
        seed: h.seed,
        game: h.game,
        vp_to_win: rules.vp_to_win,
        turn_cap: rules.turn_cap,
        hand_limit: rules.hand_limit,
        robert: match rules.variant {
            Variant::Robert(r) => Some(RobertOptions {
                target: r.target.name(),
                city_weight: r.city_weight,
                start_cards: r.start_cards,
                soldier_flips: r.soldier_flips,
                seven_flips: r.seven_flips,
                robert_skip: r.robert_skip,
                monopoly: r.monopoly.name(),
                keep_back: r.keep_back,
                reshuffled_knights: r.reshuffled_knights.name(),
            }),
            _ => None,
        },
        solitaire: match rules.variant {
            Variant::Solitaire(r) => Some(SolitaireOptions {
                awards: r.awards,
                destroy_faces: r.destroy_faces,
                tiles_to_lose: r.tiles_to_lose,
                lost_card: r.lost_card.name(),
                knight_play: r.knight_play.name(),
                second_roll_doubles: r.second_roll_doubles.name(),
            }),
            _ => None,
        },
        modifiers: rules.modifiers.name(),
        raiders: rules.variant.raiders().map(|r| RaidersOptions {
            setup_raiders: r.setup_raiders,
            volcano_start: r.volcano_start,
            pool: r.pool(rules.players),
            per_build: r.per_build(rules.players),
            jungle_shelters: r.jungle_shelters,
            taken_discoveries: r.taken_discoveries.name(),
        }),
    }
}

#[derive(Serialize)]
pub(super) struct HexLine {
    id: usize,
    q: i8,
    r: i8,
    terrain: &'static str,
    token: Option<u8>,
    corners: [u8; 6],
    edges: [u8; 6],
    /// By axial direction, `null` where the map lists no hex.
    neighbours: [Option<u8>; 6],
}

#[derive(Serialize)]
pub(super) struct CornerLine {
    id: usize,
    land: bool,
    hexes: Vec<u8>,
    neighbours: Vec<u8>,
    edges: Vec<u8>,
    harbor: Option<&'static str>,
}

#[derive(Serialize)]
pub(super) struct EdgeLine {
    id: usize,
    land: bool,
    corners: [u8; 2],
}

#[derive(Serialize)]
pub(super) struct BoardLine {
    #[serde(rename = "type")]
    kind: &'static str,
    name: String,
    robber_start: u8,
    hexes: Vec<HexLine>,
    corners: Vec<CornerLine>,
    edges: Vec<EdgeLine>,
}

pub(super) fn board_line(t: &Topology, l: &Layout) -> BoardLine {
    BoardLine {
        kind: "board",
        name: t.name.clone(),
        robber_start: l.robber_start.0,
        hexes: (0..t.n_hexes)
            .map(|h| HexLine {
                id: h,
                q: t.hex_coord[h].0,
                r: t.hex_coord[h].1,
                terrain: l.terrain[h].name(),
                token: (l.token[h] != 0).then_some(l.token[h]),
                corners: t.hex_corners[h].map(|c| c.0),
                edges: t.hex_edges[h].map(|e| e.0),
                neighbours: t.hex_neighbors[h].map(|n| (n != NONE).then_some(n)),
            })
            .collect(),
        corners: (0..t.n_corners)
            .map(|c| CornerLine {
                id: c,
                land: t.land_corners.contains(c),
                hexes: present(&t.corner_hexes[c]),
                neighbours: present(&t.corner_neighbors[c]),
                edges: present(&t.corner_edges[c]),
                harbor: harbor_name(l.harbor[c]),
            })
            .collect(),
        edges: (0..t.n_edges)
            .map(|e| EdgeLine {
                id: e,
                land: t.land_edges.contains(e),
                corners: t.edge_corners[e].map(|c| c.0),
            })
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// Decisions and chance

#[derive(Serialize, Default)]
pub(super) struct ActionLine {
    #[serde(rename = "type")]
    kind: &'static str,
    seat: u8,
    phase: &'static str,
    action: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    edge: Option<u8>,
    /// A moved ship's new edge (`edge` is where it came from).
    #[serde(skip_serializing_if = "Option::is_none")]
    to_edge: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    corner: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hex: Option<u8>,
    /// `Some(None)` writes `"victim": null` (a robber move that robs nobody).
    #[serde(skip_serializing_if = "Option::is_none")]
    victim: Option<Option<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resource: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resources: Option<[&'static str; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    with: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    give: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    get: Option<serde_json::Value>,
}

pub(super) fn action_line(actor: PlayerId, phase: Phase, a: &Action) -> ActionLine {
    let mut l = ActionLine {
        kind: "action",
        seat: actor.0,
        phase: phase_name(phase),
        ..ActionLine::default()
    };
    l.action = match *a {
        Action::BuildRoad(e) => {
            l.edge = Some(e.0);
            "build_road"
        }
        Action::BuildSettlement(c) => {
            l.corner = Some(c.0);
            "build_settlement"
        }
        Action::BuildCity(c) => {
            l.corner = Some(c.0);
            "build_city"
        }
        Action::BuyDev => "buy_dev",
        Action::Roll => "roll",
        Action::RobertMoves => "robert_moves",
        Action::PlayKnight => "play_knight",
        Action::PlayRoadBuilding => "play_road_building",
        Action::PlayYearOfPlenty(x, y) => {
            l.resources = Some([x.name(), y.name()]);
            "play_year_of_plenty"
        }
        Action::PlayMonopoly(r) => {
            l.resource = Some(r.name());
            "play_monopoly"
        }
        Action::MoveRobber { hex, victim } => {
            l.hex = Some(hex.0);
            l.victim = Some(seat_opt(victim));
            "move_robber"
        }
        Action::Discard(r) => {
            l.resource = Some(r.name());
            "discard"
        }
        Action::FlipUp(h) => {
            l.hex = Some(h.0);
            "flip_up"
        }
        Action::BankTrade { give, get } => {
            l.give = Some(give.name().into());
            l.get = Some(get.name().into());
            "bank_trade"
        }
        Action::Trade { with, give, get } => {
            l.with = Some(with.0);
            l.give = Some(give.to_vec().into());
            l.get = Some(get.to_vec().into());
            "trade"
        }
        Action::EndTurn => "end_turn",
        Action::CancelSeven => "cancel_seven",
        Action::AcceptSeven => "accept_seven",
        Action::LoseDev(c) => {
            l.card = Some(c.name());
            "lose_dev"
        }
        Action::TakeBonus(r) => {
            l.resource = Some(r.name());
            "take_bonus"
        }
        Action::BuildShip(e) => {
            l.edge = Some(e.0);
            "build_ship"
        }
        Action::MoveShip { from, to } => {
            l.edge = Some(from.0);
            l.to_edge = Some(to.0);
            "move_ship"
        }
        Action::PlaceRaider(h) => {
            l.hex = Some(h.0);
            "place_raider"
        }
        Action::RemoveRaider(h) => {
            l.hex = Some(h.0);
            "remove_raider"
        }
        Action::StealFrom(p) => {
            l.with = Some(p.0);
            "steal_from"
        }
    };
    l
}

#[derive(Serialize, Default)]
pub(super) struct ChanceLine {
    #[serde(rename = "type")]
    kind: &'static str,
    phase: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<[u8; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    die: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    resource: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hex: Option<u8>,
    /// The pile drawn from (counts in resource or card order), for steals, draws and deals.
    #[serde(skip_serializing_if = "Option::is_none")]
    weights: Option<[u8; 5]>,
    /// Robert's equally ranked targets, for a tie.
    #[serde(skip_serializing_if = "Option::is_none")]
    candidates: Option<Vec<usize>>,
}

pub(super) fn chance_line(g: &Game, dist: ChanceDist, o: ChanceOutcome) -> ChanceLine {
    let mut l = ChanceLine {
        kind: "chance",
        phase: phase_name(g.s.phase),
        ..ChanceLine::default()
    };
    match dist {
        ChanceDist::Dice | ChanceDist::Die => {}
        ChanceDist::Weighted(w) => l.weights = Some(w),
        ChanceDist::Uniform(set) => l.candidates = Some(set_vec(&set)),
    }
    match o {
        ChanceOutcome::Dice(a, b) => l.dice = Some([a, b]),
        ChanceOutcome::Resource(r) => l.resource = Some(r.name()),
        ChanceOutcome::Card(c) => l.card = Some(c.name()),
        ChanceOutcome::Hex(h) => l.hex = Some(h.0),
        ChanceOutcome::Die(d) => l.die = Some(d),
    }
    if g.s.phase == Phase::ModifierDie {
        l.hex = Some(crate::catan::kernel::modifiers::next_die_hex(&g.s).0);
    } else if g.s.phase == Phase::DestroyDie {
        l.hex = Some(g.s.leaving.0);
    }
    l
}
