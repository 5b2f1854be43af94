//! Game traces as JSON Lines: one game played by the engine's loop with a writer as its observer
//! (same random streams as a run, so the same seed gives the same game): a header, the board,
//! every decision, chance outcome and kernel event, and state snapshots.
//!
//! The format is documented in `docs/trace-format.md`; every field name below is part of it.

use crate::catan::policy::Policy;
use crate::catan::sim::GameRngs;
use crate::catan::*;
use crate::engine::play::{play, Observer};
use anyhow::Context;
use serde::Serialize;
use std::io::Write;

/// Version of the trace format, written into the header. Bump it when a line changes shape.
pub const TRACE_FORMAT: u32 = 2;

/// What the caller knows about the game beyond its rules: names and seeds for the header line.
/// Variant, players and rule options are taken from the [`Rules`] passed to [`write_trace`], so
/// that the header cannot disagree with the game that was played.
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

/// Writes serialisable lines through one reused buffer (one `write_all` per line).
struct Lines<'w, W: Write> {
    out: &'w mut W,
    buf: Vec<u8>,
    n: u64,
}

impl<W: Write> Lines<'_, W> {
    fn put<T: Serialize>(&mut self, v: &T) -> anyhow::Result<()> {
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, v)?;
        self.buf.push(b'\n');
        self.n += 1;
        self.out
            .write_all(&self.buf)
            .with_context(|| format!("writing trace line {}", self.n))
    }
}

/// The trace as an observer of the engine's loop: decision and chance lines before each step,
/// the step's events (buffered, written against the state after it) and snapshots after it.
struct Writer<'w, W: Write> {
    lines: Lines<'w, W>,
    events: Vec<Event>,
    /// The first error (writing, or an illegal policy action); it halts the loop.
    error: Option<anyhow::Error>,
}

impl<W: Write> Writer<'_, W> {
    fn put<T: Serialize>(&mut self, v: &T) {
        if self.error.is_none() {
            if let Err(e) = self.lines.put(v) {
                self.error = Some(e);
            }
        }
    }
}

impl<W: Write> Sink<Event> for Writer<'_, W> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.events.push(*e);
    }
}

impl<W: Write> Observer<Game<'_>> for Writer<'_, W> {
    const CHECKED: bool = true;

    fn on_chance(&mut self, g: &Game, o: ChanceOutcome) {
        let dist = g.chance().expect("a chance outcome only in a chance phase");
        self.put(&chance_line(g, dist, o));
    }

    fn on_action(&mut self, g: &Game, a: Action) {
        self.put(&action_line(g.actor(), g.s.phase, &a));
    }

    fn post_step(&mut self, g: &Game) {
        let mut turn_started = false;
        let events = std::mem::take(&mut self.events);
        for e in &events {
            turn_started |= matches!(e, Event::TurnStart { .. });
            self.put(&event_line(g, e));
        }
        self.events = events;
        self.events.clear();
        if g.is_over() {
            self.put(&snapshot(g, "game_over"));
        } else if turn_started {
            self.put(&snapshot(g, "turn_start"));
        }
    }

    fn illegal(&mut self, g: &Game, _a: Action, e: IllegalAction) {
        self.error = Some(anyhow::Error::new(e).context(format!(
            "policy chose an illegal action on turn {}",
            g.s.turn
        )));
    }

    fn halted(&self) -> bool {
        self.error.is_some()
    }
}

/// Plays one game with `policy` in every seat and writes its trace to `out` as JSON Lines.
///
/// The game is played by the engine's loop ([`crate::engine::play::play`]) with the trace as
/// its observer, so a trace shows the game a normal run with the same seed plays. Actions go
/// through [`Game::try_apply`]: a policy that returns an illegal action is an error here, not a
/// corrupted state.
///
/// # Errors
/// Writer errors (with the line number), serialisation errors, and illegal policy actions.
pub fn write_trace<'t, W: Write, P: Policy<Game<'t>>>(
    out: &mut W,
    topo: &'t Topology,
    layout: Layout,
    rules: Rules,
    policy: &mut P,
    header: &TraceHeader,
    rngs: &mut GameRngs,
) -> anyhow::Result<Outcome> {
    let mut w = Writer {
        lines: Lines {
            out,
            buf: Vec::with_capacity(4096),
            n: 0,
        },
        events: Vec::new(),
        error: None,
    };
    let mut g = Game::new(topo, layout, rules);
    w.lines.put(&header_line(header, &rules))?;
    w.lines.put(&board_line(topo, &layout))?;
    w.lines.put(&snapshot(&g, "start"))?;
    let mut list = ActionList::new();
    play(&mut g, policy, rngs, &mut list, &mut w);
    if let Some(e) = w.error {
        return Err(e);
    }
    w.lines.out.flush().context("flushing the trace")?;
    Ok(g.s
        .outcome()
        .expect("the loop ends only when the game is over or halted"))
}

// ---------------------------------------------------------------------------------------------
// Names

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Deal => "deal",
        Phase::SetupSettlement => "setup_settlement",
        Phase::SetupRoad => "setup_road",
        Phase::PreRoll => "pre_roll",
        Phase::Dice => "dice",
        Phase::Discard => "discard",
        Phase::MoveRobber => "move_robber",
        Phase::Steal => "steal",
        Phase::Draw => "draw",
        Phase::RobertTie => "robert_tie",
        Phase::FlipUp => "flip_up",
        Phase::Main => "main",
        Phase::RoadBuilding => "road_building",
        Phase::SevenChoice => "seven_choice",
        Phase::LoseDev => "lose_dev",
        Phase::RobberRoll => "robber_roll",
        Phase::RobberTie => "robber_tie",
        Phase::DestroyDie => "destroy_die",
        Phase::MonopolyDie => "monopoly_die",
        Phase::ModifierDie => "modifier_die",
        Phase::Bonus => "bonus",
        Phase::PlaceRaider => "place_raider",
        Phase::RemoveRaider => "remove_raider",
        Phase::ChooseVictim => "choose_victim",
        Phase::SpecialBuild => "special_build",
        Phase::Over(_) => "over",
    }
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Winner(_) => "winner",
        Outcome::TeamWin => "team_win",
        Outcome::TeamLoss => "team_loss",
        Outcome::Cap => "cap",
    }
}

/// A `u8` seat slot (`NO_PLAYER` = none) as an optional seat.
fn seat_opt(p: u8) -> Option<u8> {
    (p != NO_PLAYER).then_some(p)
}

/// A corner's harbor bit ([`HarborKind::bit`]) as the harbor's name.
fn harbor_name(bit: u8) -> Option<&'static str> {
    if bit == 0 {
        None
    } else if bit == HarborKind::Generic.bit() {
        Some(HarborKind::Generic.name())
    } else {
        Resource::ALL
            .into_iter()
            .find(|&r| HarborKind::Special(r).bit() == bit)
            .map(|r| HarborKind::Special(r).name())
    }
}

fn present(row: &[u8]) -> Vec<u8> {
    row.iter()
        .copied()
        .filter(|&x| x != topology::NONE)
        .collect()
}

fn set_vec<const N: usize>(s: &crate::catan::kernel::bits::Bits<N>) -> Vec<usize> {
    s.iter().collect()
}

// ---------------------------------------------------------------------------------------------
// Header and board

#[derive(Serialize)]
struct RobertOptions {
    target: &'static str,
    city_weight: u8,
    start_cards: u8,
}

#[derive(Serialize)]
struct SolitaireOptions {
    awards: bool,
}

#[derive(Serialize)]
struct HeaderLine<'a> {
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
struct RaidersOptions {
    setup_raiders: bool,
    volcano_start: bool,
    pool: u8,
    per_build: u8,
}

fn header_line<'a>(h: &'a TraceHeader, rules: &Rules) -> HeaderLine<'a> {
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
            }),
            _ => None,
        },
        solitaire: match rules.variant {
            Variant::Solitaire(r) => Some(SolitaireOptions { awards: r.awards }),
            _ => None,
        },
        modifiers: rules.modifiers.name(),
        raiders: rules.variant.raiders().map(|r| RaidersOptions {
            setup_raiders: r.setup_raiders,
            volcano_start: r.volcano_start,
            pool: crate::catan::RaidersRules::pool(rules.players),
            per_build: crate::catan::RaidersRules::per_build(rules.players),
        }),
    }
}

#[derive(Serialize)]
struct HexLine {
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
struct CornerLine {
    id: usize,
    land: bool,
    hexes: Vec<u8>,
    neighbours: Vec<u8>,
    edges: Vec<u8>,
    harbor: Option<&'static str>,
}

#[derive(Serialize)]
struct EdgeLine {
    id: usize,
    land: bool,
    corners: [u8; 2],
}

#[derive(Serialize)]
struct BoardLine {
    #[serde(rename = "type")]
    kind: &'static str,
    name: String,
    robber_start: u8,
    hexes: Vec<HexLine>,
    corners: Vec<CornerLine>,
    edges: Vec<EdgeLine>,
}

fn board_line(t: &Topology, l: &Layout) -> BoardLine {
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
                neighbours: t.hex_neighbors[h].map(|n| (n != topology::NONE).then_some(n)),
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
struct ActionLine {
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

fn action_line(actor: PlayerId, phase: Phase, a: &Action) -> ActionLine {
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
struct ChanceLine {
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

fn chance_line(g: &Game, dist: ChanceDist, o: ChanceOutcome) -> ChanceLine {
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

// ---------------------------------------------------------------------------------------------
// Events

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum EventLine {
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
        knights: u8,
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

fn event_line(g: &Game, e: &Event) -> EventLine {
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
struct SeatLine {
    seat: usize,
    hand: Hand,
    dev: [u8; 5],
    dev_new: [u8; 5],
    knights_played: u8,
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
struct RaidersLine {
    pool: u8,
    on_desert: Vec<(u8, u8)>,
    raided: Vec<usize>,
    taken: Vec<usize>,
    cancelled: Vec<usize>,
    storm_turn: Option<u32>,
}

#[derive(Serialize)]
struct SnapshotLine {
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

fn snapshot(g: &Game, reason: &'static str) -> SnapshotLine {
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
