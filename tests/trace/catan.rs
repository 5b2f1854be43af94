//! Re-checks the rules from JSON Lines traces alone: the checker below reads only the parsed
//! lines (board, events, snapshots), never robsim's state, and keeps its own books.

use robsim::catan::mapfile::base_map;
use robsim::catan::policy::{Policy, RandomPolicy, SolitairePolicy};
use robsim::catan::sim::{self, GameRngs};
use robsim::catan::trace::{write_trace, TraceHeader};
use robsim::catan::*;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

const RES: [&str; 5] = ["brick", "lumber", "wool", "grain", "ore"];
const ROAD: [i64; 5] = [1, 1, 0, 0, 0];
const SETTLEMENT: [i64; 5] = [1, 1, 1, 1, 0];
const CITY: [i64; 5] = [0, 0, 0, 2, 3];
const DEV: [i64; 5] = [0, 0, 1, 1, 1];

/// `variant` is a name, optionally followed by `/` and a modifier combination
/// (`solitaire/volcano+gold`).
fn rules_for(variant: &str, players: u8) -> Rules {
    let (name, mods) = variant.split_once('/').unwrap_or((variant, "none"));
    let m = Modifiers::parse(mods).unwrap();
    match name {
        "base" => Rules::base(players),
        "solitaire" => Rules::solitaire(SolitaireRules::default()),
        // Knights also move the robber; random play uses them.
        "solitaire-knights" => Rules::solitaire(SolitaireRules {
            knight_play: KnightPlay::MoveRobber,
            ..SolitaireRules::default()
        }),
        "robert" => Rules::robert(
            players,
            RobertRules {
                start_cards: 2,
                ..RobertRules::default()
            },
        ),
        _ => panic!("unknown variant {variant}"),
    }
    .with_modifiers(m)
}

/// Random play, except that Solitaire games use the solitaire policy (random play rarely wins
/// or builds enough for the volcano and gold to show); in `solitaire-knights` it buys a card
/// whenever it can and plays every knight, so that knights move the robber (to a random tile).
struct TestPolicy(bool, bool);

impl TestPolicy {
    fn for_variant(variant: &str) -> TestPolicy {
        TestPolicy(
            variant.starts_with("solitaire"),
            variant.starts_with("solitaire-knights"),
        )
    }
}

impl Policy<Game<'_>> for TestPolicy {
    fn choose(
        &mut self,
        g: &Game,
        legal: &mut ActionList,
        rng: &mut robsim::engine::seeds::Rng,
    ) -> Action {
        if self.1 {
            g.legal_actions(legal);
            for a in [Action::PlayKnight, Action::BuyDev] {
                if legal.contains(&a) {
                    return a;
                }
            }
            if g.s.phase == Phase::MoveRobber {
                return RandomPolicy.choose(g, legal, rng);
            }
        }
        if self.0 {
            SolitairePolicy::default().choose(g, legal, rng)
        } else {
            RandomPolicy.choose(g, legal, rng)
        }
    }
}

fn gen(variant: &str, players: u8, seed: u64, game: u64) -> (Vec<u8>, Outcome) {
    let topo = Topology::build(&base_map()).unwrap();
    let board = BoardKind::Random { red_apart: true };
    let layout = sim::layout_for(&topo, board, seed, game);
    let header = TraceHeader::new("random", board, "base", seed, game);
    let mut rngs = GameRngs::new(seed, game);
    let mut out = Vec::new();
    let o = write_trace(
        &mut out,
        &topo,
        layout,
        rules_for(variant, players),
        &mut TestPolicy::for_variant(variant),
        &header,
        &mut rngs,
    )
    .unwrap();
    (out, o)
}

/// The same game through `sim::play`: outcome and final turn.
fn play(variant: &str, players: u8, seed: u64, game: u64) -> (Outcome, u32) {
    let topo = Topology::build(&base_map()).unwrap();
    let layout = sim::layout_for(&topo, BoardKind::Random { red_apart: true }, seed, game);
    let mut g = Game::new(&topo, layout, rules_for(variant, players));
    let mut rngs = GameRngs::new(seed, game);
    let o = sim::play(
        &mut g,
        &mut TestPolicy::for_variant(variant),
        &mut rngs,
        &mut ActionList::new(),
        &mut (),
    );
    (o, g.s.turn)
}

// ---------------------------------------------------------------------------------------------
// JSON access that fails with a message instead of panicking (tampered traces must give errors).

type R<T> = Result<T, String>;

fn field<'a>(v: &'a Value, k: &str) -> R<&'a Value> {
    v.get(k)
        .ok_or_else(|| format!("missing field {k:?} in {v}"))
}
fn int(v: &Value, k: &str) -> R<i64> {
    field(v, k)?
        .as_i64()
        .ok_or_else(|| format!("field {k:?} is not an integer in {v}"))
}
fn text<'a>(v: &'a Value, k: &str) -> R<&'a str> {
    field(v, k)?
        .as_str()
        .ok_or_else(|| format!("field {k:?} is not a string in {v}"))
}
fn opt_int(v: &Value, k: &str) -> R<Option<i64>> {
    let f = field(v, k)?;
    if f.is_null() {
        Ok(None)
    } else {
        f.as_i64()
            .map(Some)
            .ok_or_else(|| format!("field {k:?} is neither null nor an integer in {v}"))
    }
}
fn ints(v: &Value, k: &str) -> R<Vec<i64>> {
    field(v, k)?
        .as_array()
        .ok_or_else(|| format!("field {k:?} is not an array in {v}"))?
        .iter()
        .map(|x| x.as_i64().ok_or_else(|| format!("{k:?}: not an integer")))
        .collect()
}
fn five(v: &Value, k: &str) -> R<[i64; 5]> {
    let xs = ints(v, k)?;
    xs.try_into()
        .map_err(|_| format!("field {k:?} does not hold 5 counts in {v}"))
}
fn res(v: &Value, k: &str) -> R<usize> {
    let s = text(v, k)?;
    RES.iter()
        .position(|&r| r == s)
        .ok_or_else(|| format!("unknown resource {s:?}"))
}
fn produces(terrain: &str) -> Option<usize> {
    match terrain {
        "hills" => Some(0),
        "forest" => Some(1),
        "pasture" => Some(2),
        "fields" => Some(3),
        "mountains" => Some(4),
        _ => None,
    }
}
fn pips(n: i64) -> i64 {
    if n == 0 {
        0
    } else {
        6 - (7 - n).abs()
    }
}

const LINE_TYPES: &[&str] = &[
    "header",
    "board",
    "snapshot",
    "action",
    "chance",
    "turn_start",
    "roll",
    "produce",
    "shortage",
    "build",
    "dev_bought",
    "dev_dealt",
    "dev_played",
    "year_of_plenty",
    "monopoly",
    "robber",
    "steal",
    "discard",
    "bank_trade",
    "trade",
    "flip",
    "robert_move",
    "longest_road",
    "largest_army",
    "reshuffle",
    "game_over",
    "seven_cancelled",
    "dev_lost",
    "solo_robber",
    "destruction",
    "eruption",
    "removed",
    "gold",
    "bonus",
];

/// What one checked trace contained.
#[derive(Debug, Default)]
struct Summary {
    #[allow(dead_code)] // shown by the Debug print
    lines: usize,
    snapshots: usize,
    turns: i64,
    outcome: String,
    winner: Option<i64>,
    flips: usize,
    ties: usize,
    produce: usize,
    destructions: usize,
    eruptions: usize,
    gold: usize,
    bonus: usize,
    cancels: usize,
    /// Solitaire knights that moved the robber (`knight_play = "move-robber"`).
    knight_moves: usize,
}

struct Board {
    hex_q: Vec<(i64, i64)>,
    terrain: Vec<String>,
    token: Vec<i64>,
    hex_corners: Vec<Vec<usize>>,
    hex_neighbours: Vec<Vec<usize>>,
    corner_neighbours: Vec<Vec<usize>>,
    corner_edges: Vec<Vec<usize>>,
    edge_corners: Vec<[usize; 2]>,
    robber_start: usize,
}

fn parse_board(b: &Value) -> R<Board> {
    let arr = |k: &str| -> R<&Vec<Value>> {
        field(b, k)?
            .as_array()
            .ok_or_else(|| format!("board {k} is not an array"))
    };
    let us = |v: &Value, k: &str| -> R<Vec<usize>> {
        Ok(ints(v, k)?.into_iter().map(|x| x as usize).collect())
    };
    let mut board = Board {
        hex_q: vec![],
        terrain: vec![],
        token: vec![],
        hex_corners: vec![],
        hex_neighbours: vec![],
        corner_neighbours: vec![],
        corner_edges: vec![],
        edge_corners: vec![],
        robber_start: int(b, "robber_start")? as usize,
    };
    for (i, h) in arr("hexes")?.iter().enumerate() {
        if int(h, "id")? as usize != i {
            return Err(format!("hex {i} listed out of order"));
        }
        board.hex_q.push((int(h, "q")?, int(h, "r")?));
        board.terrain.push(text(h, "terrain")?.to_string());
        board.token.push(opt_int(h, "token")?.unwrap_or(0));
        board.hex_corners.push(us(h, "corners")?);
        let n = field(h, "neighbours")?
            .as_array()
            .ok_or("hex neighbours not an array")?;
        board.hex_neighbours.push(
            n.iter()
                .filter_map(|x| x.as_u64().map(|x| x as usize))
                .collect(),
        );
    }
    for (i, c) in arr("corners")?.iter().enumerate() {
        if int(c, "id")? as usize != i {
            return Err(format!("corner {i} listed out of order"));
        }
        board.corner_neighbours.push(us(c, "neighbours")?);
        board.corner_edges.push(us(c, "edges")?);
    }
    for (i, e) in arr("edges")?.iter().enumerate() {
        if int(e, "id")? as usize != i {
            return Err(format!("edge {i} listed out of order"));
        }
        let cs = us(e, "corners")?;
        board.edge_corners.push([cs[0], cs[1]]);
    }
    Ok(board)
}

fn hex_dist(a: (i64, i64), b: (i64, i64)) -> i64 {
    let (dq, dr) = (a.0 - b.0, a.1 - b.1);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The checker's own books, kept from the events alone.
struct Books {
    players: usize,
    hands: Vec<[i64; 5]>,
    bank: [i64; 5],
    face_down: BTreeSet<usize>,
    /// corner -> (seat, city)
    buildings: HashMap<usize, (usize, bool)>,
    /// edge -> seat
    roads: HashMap<usize, usize>,
    robber: usize,
    owed_discards: Vec<i64>,
    /// Solitaire: destroyed tiles; the tile the robber just left.
    destroyed: BTreeSet<usize>,
    left: Option<usize>,
    /// Volcano: the erupting hex whose pieces are being removed.
    erupting: Option<usize>,
}

impl Books {
    fn pay(&mut self, seat: usize, cost: &[i64; 5]) -> R<()> {
        for (i, c) in cost.iter().enumerate() {
            self.hands[seat][i] -= c;
            self.bank[i] += c;
            if self.hands[seat][i] < 0 {
                return Err(format!("seat {seat} paid {} it did not have", RES[i]));
            }
        }
        Ok(())
    }
    fn check_non_negative(&self) -> R<()> {
        for (s, h) in self.hands.iter().enumerate() {
            if h.iter().any(|&x| x < 0) {
                return Err(format!("seat {s} hand went negative: {h:?}"));
            }
        }
        if self.bank.iter().any(|&x| x < 0) {
            return Err(format!("bank went negative: {:?}", self.bank));
        }
        Ok(())
    }
    fn building_weight(&self, b: &Board, h: usize, city_weight: i64) -> i64 {
        b.hex_corners[h]
            .iter()
            .map(|c| match self.buildings.get(c) {
                None => 0,
                Some((_, true)) => city_weight,
                Some((_, false)) => 1,
            })
            .sum()
    }
    fn has_building(&self, b: &Board, h: usize) -> bool {
        b.hex_corners[h]
            .iter()
            .any(|c| self.buildings.contains_key(c))
    }
    /// Robert's equally best targets under the header's reading.
    fn robert_targets(&self, b: &Board, global: bool, city_weight: i64) -> BTreeSet<usize> {
        let up: Vec<usize> = (0..b.token.len())
            .filter(|&h| b.token[h] != 0 && !self.face_down.contains(&h))
            .collect();
        let pool: Vec<usize> = if global {
            up
        } else {
            let adj: Vec<usize> = up
                .iter()
                .copied()
                .filter(|h| b.hex_neighbours[self.robber].contains(h))
                .collect();
            if !adj.is_empty() {
                adj
            } else {
                let from = b.hex_q[self.robber];
                let d = up.iter().map(|&h| hex_dist(from, b.hex_q[h])).min();
                up.into_iter()
                    .filter(|&h| Some(hex_dist(from, b.hex_q[h])) == d)
                    .collect()
            }
        };
        let key = |h: usize| {
            (
                pips(b.token[h]),
                self.building_weight(b, h, city_weight),
                b.token[h],
            )
        };
        let best = pool.iter().map(|&h| key(h)).max();
        pool.into_iter().filter(|&h| Some(key(h)) == best).collect()
    }
    /// The produce and shortage lines a roll of `n` must be followed by, in the kernel's order
    /// (resource by resource, seat by seat).
    fn expected_production(&self, b: &Board, n: i64, robert: bool) -> Vec<Value> {
        let mut want = vec![[0i64; 5]; self.players];
        for h in 0..b.token.len() {
            if b.token[h] != n
                || self.face_down.contains(&h)
                || self.destroyed.contains(&h)
                || (!robert && h == self.robber)
            {
                continue;
            }
            let Some(r) = produces(&b.terrain[h]) else {
                continue;
            };
            for c in &b.hex_corners[h] {
                if let Some(&(seat, city)) = self.buildings.get(c) {
                    want[seat][r] += if city { 2 } else { 1 };
                }
            }
        }
        let mut out = vec![];
        for r in 0..5 {
            let total: i64 = want.iter().map(|w| w[r]).sum();
            let owed = want.iter().filter(|w| w[r] > 0).count();
            if total == 0 {
                continue;
            }
            if total > self.bank[r] && owed > 1 {
                out.push(
                    serde_json::json!({"type": "shortage", "resource": RES[r], "wanted": total}),
                );
                continue;
            }
            for (seat, w) in want.iter().enumerate() {
                let amount = w[r].min(self.bank[r]);
                if amount > 0 {
                    out.push(serde_json::json!({"type": "produce", "seat": seat, "resource": RES[r], "amount": amount}));
                }
            }
        }
        out
    }
}

/// Re-checks a trace from its lines alone; returns what it saw or the first violation.
fn check(trace: &[u8]) -> R<Summary> {
    let text_all = std::str::from_utf8(trace).map_err(|e| e.to_string())?;
    if !text_all.ends_with('\n') {
        return Err("the trace does not end with a newline".into());
    }
    let lines: Vec<Value> = text_all
        .lines()
        .enumerate()
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect::<R<_>>()?;
    let mut sum = Summary {
        lines: lines.len(),
        ..Summary::default()
    };
    for (i, l) in lines.iter().enumerate() {
        let t = text(l, "type")?;
        if !LINE_TYPES.contains(&t) {
            return Err(format!("line {}: unknown type {t:?}", i + 1));
        }
        let first = match i {
            0 => Some("header"),
            1 => Some("board"),
            2 => Some("snapshot"),
            _ => None,
        };
        if let Some(f) = first {
            if t != f {
                return Err(format!("line {} is {t:?}, expected {f:?}", i + 1));
            }
        } else if t == "header" || t == "board" {
            return Err(format!("line {}: a second {t}", i + 1));
        }
    }
    let header = &lines[0];
    let players = int(header, "players")? as usize;
    let robert = text(header, "variant")? == "robert";
    let solitaire = text(header, "variant")? == "solitaire";
    // A VP card may be lost on a seven unless the header says `lost_card = "not-vp"`.
    let vp_card_losable = header["solitaire"]["lost_card"].as_str() == Some("any");
    // Knights move the robber only under `knight_play = "move-robber"` (1 when they may).
    let knight_moves = (header["solitaire"]["knight_play"].as_str() == Some("move-robber")) as u8;
    let modifiers = text(header, "modifiers")?.to_string();
    let vp_to_win = int(header, "vp_to_win")?;
    let turn_cap = int(header, "turn_cap")?;
    let hand_limit = int(header, "hand_limit")?;
    let (global, city_weight) = if robert {
        let o = field(header, "robert")?;
        (text(o, "target")? == "global", int(o, "city_weight")?)
    } else {
        (false, 1)
    };
    let board = parse_board(&lines[1])?;
    let mut bk = Books {
        players,
        hands: vec![[0; 5]; players],
        bank: [19; 5],
        face_down: BTreeSet::new(),
        buildings: HashMap::new(),
        roads: HashMap::new(),
        robber: board.robber_start,
        owed_discards: vec![0; players],
        destroyed: BTreeSet::new(),
        left: None,
        erupting: None,
    };
    let mut game_over: Option<Value> = None;
    let mut roller = -1;
    let mut expected_turn = 1;
    let mut i = 2;
    while i < lines.len() {
        let l = &lines[i];
        let at = |e: String| format!("line {}: {e} ({l})", i + 1);
        let t = text(l, "type")?;
        if game_over.is_some() && t != "snapshot" {
            return Err(at(
                "a line after game_over other than the final snapshot".into()
            ));
        }
        match t {
            "action" => {
                let a = text(l, "action")?;
                // Solitaire: the knight choice comes before the halving.
                let choice = matches!(a, "cancel_seven" | "accept_seven");
                if a == "cancel_seven"
                    && lines.get(i + 1).map(|n| text(n, "type")) != Some(Ok("seven_cancelled"))
                {
                    return Err(at("a knight cancel without its event".into()));
                }
                if a != "discard" && !choice && bk.owed_discards.iter().any(|&d| d != 0) {
                    return Err(at(format!("discards still owed: {:?}", bk.owed_discards)));
                }
            }
            "chance" => {
                if text(l, "phase")? == "robert_tie" {
                    let c: BTreeSet<usize> = ints(l, "candidates")?
                        .into_iter()
                        .map(|x| x as usize)
                        .collect();
                    let best = bk.robert_targets(&board, global, city_weight);
                    if c != best || c.len() < 2 || !c.contains(&(int(l, "hex")? as usize)) {
                        return Err(at(format!("Robert tie {c:?}, books say {best:?}")));
                    }
                    sum.ties += 1;
                }
                if text(l, "phase")? == "modifier_die" {
                    let h = int(l, "hex")? as usize;
                    let d = int(l, "die")?;
                    let kind = board.terrain[h].as_str();
                    let on = (kind == "mountains" && modifiers.contains("volcano"))
                        || (kind == "hills" && modifiers.contains("gold"));
                    if !on || !(1..=6).contains(&d) || !bk.has_building(&board, h) {
                        return Err(at(format!("a modifier die for hex {h} ({kind})")));
                    }
                    let erupts = kind == "mountains" && d == 1;
                    let gold = kind == "hills" && d == 6;
                    let next = lines.get(i + 1).map(|n| text(n, "type")).transpose()?;
                    if erupts != (next == Some("eruption")) || gold != (next == Some("gold")) {
                        return Err(at(format!("die {d} on {kind} followed by {next:?}")));
                    }
                }
            }
            "turn_start" => {
                let (turn, seat) = (int(l, "turn")?, int(l, "seat")?);
                if turn != expected_turn || seat != (turn - 1) % players as i64 {
                    return Err(at(format!("expected turn {expected_turn}")));
                }
                expected_turn += 1;
            }
            "roll" => {
                roller = int(l, "seat")?;
                let d = ints(l, "dice")?;
                let n = int(l, "total")?;
                if d.len() != 2 || d.iter().any(|x| !(1..=6).contains(x)) || d[0] + d[1] != n {
                    return Err(at("bad dice".into()));
                }
                if n == 7 {
                    for s in 0..players {
                        let size: i64 = bk.hands[s].iter().sum();
                        bk.owed_discards[s] = if size > hand_limit { size / 2 } else { 0 };
                    }
                } else {
                    let want = bk.expected_production(&board, n, robert);
                    let doubles = d[0] == d[1];
                    let bonus_lines = lines[i + 1..]
                        .iter()
                        .take_while(|x| text(x, "type") != Ok("turn_start"))
                        .filter(|x| text(x, "type") == Ok("bonus"))
                        .count();
                    let owed_bonus = if doubles {
                        solitaire as usize + modifiers.contains("tech_advancement") as usize
                    } else {
                        0
                    };
                    // Every pick is taken unless the bank is empty.
                    if bonus_lines != owed_bonus && bk.bank.iter().sum::<i64>() > 2 {
                        return Err(at(format!("{bonus_lines} bonus picks, owed {owed_bonus}")));
                    }
                    let got = &lines[i + 1..(i + 1 + want.len()).min(lines.len())];
                    if got != want.as_slice() {
                        return Err(at(format!("production: expected {want:?}, got {got:?}")));
                    }
                    if let Some(next) = lines.get(i + 1 + want.len()) {
                        if matches!(text(next, "type")?, "produce" | "shortage") {
                            return Err(at(format!("unexpected production line {next}")));
                        }
                    }
                }
            }
            "produce" => {
                let (s, r, a) = (
                    int(l, "seat")? as usize,
                    res(l, "resource")?,
                    int(l, "amount")?,
                );
                bk.hands[s][r] += a;
                bk.bank[r] -= a;
                sum.produce += 1;
            }
            "shortage" => {}
            "build" => {
                let s = int(l, "seat")? as usize;
                let free = field(l, "free")?.as_bool().ok_or("free not a bool")?;
                match text(l, "piece")? {
                    "road" => {
                        let e = int(l, "edge")? as usize;
                        if !free {
                            bk.pay(s, &ROAD).map_err(at)?;
                        }
                        if bk.roads.contains_key(&e) {
                            return Err(at("road on a taken edge".into()));
                        }
                        let touches =
                            board.edge_corners[e]
                                .iter()
                                .any(|c| match bk.buildings.get(c) {
                                    Some(&(o, _)) => o == s,
                                    None => board.corner_edges[*c]
                                        .iter()
                                        .any(|x| bk.roads.get(x) == Some(&s)),
                                });
                        if !touches {
                            return Err(at("road not connected to the seat's network".into()));
                        }
                        bk.roads.insert(e, s);
                    }
                    "settlement" => {
                        let c = int(l, "corner")? as usize;
                        if !free {
                            bk.pay(s, &SETTLEMENT).map_err(at)?;
                            if !board.corner_edges[c]
                                .iter()
                                .any(|x| bk.roads.get(x) == Some(&s))
                            {
                                return Err(at("settlement not on the seat's road".into()));
                            }
                        }
                        if std::iter::once(&c)
                            .chain(&board.corner_neighbours[c])
                            .any(|x| bk.buildings.contains_key(x))
                        {
                            return Err(at("distance rule broken".into()));
                        }
                        bk.buildings.insert(c, (s, false));
                    }
                    "city" => {
                        let c = int(l, "corner")? as usize;
                        bk.pay(s, &CITY).map_err(at)?;
                        if bk.buildings.get(&c) != Some(&(s, false)) {
                            return Err(at("city not on the seat's own settlement".into()));
                        }
                        bk.buildings.insert(c, (s, true));
                    }
                    p => return Err(at(format!("unknown piece {p}"))),
                }
            }
            "dev_bought" => bk.pay(int(l, "seat")? as usize, &DEV).map_err(at)?,
            "dev_dealt" | "dev_played" | "longest_road" | "largest_army" | "reshuffle" => {}
            "year_of_plenty" => {
                let s = int(l, "seat")? as usize;
                for r in field(l, "resources")?.as_array().ok_or("resources")? {
                    let r = RES
                        .iter()
                        .position(|x| Some(*x) == r.as_str())
                        .ok_or("bad resource")?;
                    bk.hands[s][r] += 1;
                    bk.bank[r] -= 1;
                }
            }
            "monopoly" => {
                let (s, r) = (int(l, "seat")? as usize, res(l, "resource")?);
                if solitaire {
                    // Half a die from the bank: 0..=3, and the die is the chance line before.
                    let taken = int(l, "taken")?;
                    let die = int(&lines[i - 1], "die")?;
                    if text(&lines[i - 1], "phase")? != "monopoly_die"
                        || taken != (die / 2).min(bk.bank[r])
                    {
                        return Err(at(format!("monopoly took {taken} on a die of {die}")));
                    }
                    bk.hands[s][r] += taken;
                    bk.bank[r] -= taken;
                } else if robert {
                    let _ = int(l, "flipped")?;
                } else {
                    let mut taken = 0;
                    for q in 0..players {
                        if q != s {
                            taken += std::mem::take(&mut bk.hands[q][r]);
                        }
                    }
                    bk.hands[s][r] += taken;
                    if taken != int(l, "taken")? {
                        return Err(at(format!("monopoly took {taken} by the books")));
                    }
                }
            }
            "robber" => {
                let h = int(l, "hex")? as usize;
                if h == bk.robber {
                    return Err(at("the robber must move".into()));
                }
                if solitaire {
                    // A knight's move (`knight_play = "move-robber"`): never into a destroyed
                    // tile; leaving a tile with a token rolls the destruction die.
                    if knight_moves == 0 {
                        return Err(at(
                            "a Solitaire knight moved the robber under cancel-only".into()
                        ));
                    }
                    if bk.destroyed.contains(&h) {
                        return Err(at("the robber into a destroyed tile".into()));
                    }
                    let from = bk.robber;
                    bk.left = (board.token[from] != 0).then_some(from);
                    let next_die = lines
                        .get(i + 1)
                        .is_some_and(|n| text(n, "phase") == Ok("destroy_die"));
                    if next_die != bk.left.is_some() {
                        return Err(at("a destruction die iff a tile was left".into()));
                    }
                    sum.knight_moves += 1;
                }
                bk.robber = h;
            }
            "steal" => {
                let (th, v, r) = (
                    int(l, "thief")? as usize,
                    int(l, "victim")? as usize,
                    res(l, "resource")?,
                );
                bk.hands[v][r] -= 1;
                bk.hands[th][r] += 1;
            }
            "discard" => {
                let (s, r) = (int(l, "seat")? as usize, res(l, "resource")?);
                bk.hands[s][r] -= 1;
                bk.bank[r] += 1;
                bk.owed_discards[s] -= 1;
                if bk.owed_discards[s] < 0 {
                    return Err(at("discarded more than half".into()));
                }
            }
            "bank_trade" => {
                let (s, g, rate, r) = (
                    int(l, "seat")? as usize,
                    res(l, "give")?,
                    int(l, "rate")?,
                    res(l, "get")?,
                );
                if !(2..=4).contains(&rate) || g == r {
                    return Err(at("bad bank trade".into()));
                }
                bk.hands[s][g] -= rate;
                bk.bank[g] += rate;
                bk.hands[s][r] += 1;
                bk.bank[r] -= 1;
            }
            "trade" => {
                let (s, w) = (int(l, "seat")? as usize, int(l, "with")? as usize);
                let (give, get) = (five(l, "give")?, five(l, "get")?);
                for k in 0..5 {
                    bk.hands[s][k] += get[k] - give[k];
                    bk.hands[w][k] += give[k] - get[k];
                }
            }
            "robert_move" => {
                let (from, to) = (int(l, "from")? as usize, int(l, "to")? as usize);
                if from != bk.robber {
                    return Err(at(format!("Robert is on {}, not {from}", bk.robber)));
                }
                // A move onto a token is Robert's own move: it must be one of his best targets.
                let next = lines.get(i + 1);
                let flips_here = next.is_some_and(|n| {
                    text(n, "type") == Ok("flip") && text(n, "cause") == Ok("robert")
                });
                if flips_here {
                    let best = bk.robert_targets(&board, global, city_weight);
                    if !best.contains(&to) {
                        return Err(at(format!("Robert's best targets are {best:?}")));
                    }
                } else if to != board.robber_start {
                    return Err(at("Robert moved without flipping, not to the desert".into()));
                }
                bk.robber = to;
            }
            "flip" => {
                let h = int(l, "hex")? as usize;
                if board.token[h] == 0 || int(l, "token")? != board.token[h] {
                    return Err(at("flip of a hex without that token".into()));
                }
                let cause = text(l, "cause")?;
                match (text(l, "face")?, cause) {
                    ("down", "robert") => {
                        if !bk.face_down.insert(h) || bk.robber != h {
                            return Err(at("bad flip down".into()));
                        }
                    }
                    ("up", "soldier" | "seven" | "monopoly") => {
                        if !bk.face_down.remove(&h) {
                            return Err(at("flip up of a face-up token".into()));
                        }
                        if cause != "monopoly" && !bk.has_building(&board, h) {
                            return Err(at("flip up on a hex without a building".into()));
                        }
                    }
                    (f, c) => return Err(at(format!("impossible flip {f}/{c}"))),
                }
                sum.flips += 1;
            }
            "game_over" => {
                game_over = Some(l.clone());
            }
            "seven_cancelled" => {
                sum.cancels += 1;
                bk.owed_discards.iter_mut().for_each(|d| *d = 0);
            }
            "dev_lost" => {
                if text(l, "card")? == "victory_point" && !vp_card_losable {
                    return Err(at(
                        "a victory point card lost under lost_card = not-vp".into()
                    ));
                }
            }
            "solo_robber" => {
                let (from, to, roll) = (
                    int(l, "from")? as usize,
                    int(l, "to")? as usize,
                    int(l, "roll")?,
                );
                if from != bk.robber || bk.destroyed.contains(&to) {
                    return Err(at(format!("robber from {} into {to}", bk.robber)));
                }
                let cands: Vec<usize> = (0..board.token.len())
                    .filter(|&h| roll != 7 && board.token[h] == roll && !bk.destroyed.contains(&h))
                    .collect();
                let hurt = |h: usize| pips(board.token[h]) * bk.building_weight(&board, h, 2);
                let best = cands.iter().map(|&h| hurt(h)).max();
                let ok = if cands.is_empty() {
                    to == board.robber_start
                } else {
                    cands.contains(&to) && Some(hurt(to)) == best
                };
                if !ok {
                    return Err(at(format!("robber to {to} on {roll}; tiles {cands:?}")));
                }
                bk.left = (from != to && board.token[from] != 0).then_some(from);
                let next_die = lines
                    .get(i + 1)
                    .is_some_and(|n| text(n, "phase") == Ok("destroy_die"));
                if next_die != bk.left.is_some() {
                    return Err(at("a destruction die iff a tile was left".into()));
                }
                bk.robber = to;
            }
            "destruction" => {
                let (h, die) = (int(l, "hex")? as usize, int(l, "die")?);
                let destroyed = field(l, "destroyed")?.as_bool().ok_or("destroyed")?;
                if bk.left.take() != Some(h) || destroyed != (1..=4).contains(&die) {
                    return Err(at(
                        "a destruction die for a tile the robber did not leave".into()
                    ));
                }
                if destroyed {
                    bk.destroyed.insert(h);
                    sum.destructions += 1;
                }
                if bk.destroyed.len() > 5 {
                    return Err(at("more than 5 tiles destroyed".into()));
                }
            }
            "eruption" => {
                let h = int(l, "hex")? as usize;
                if board.terrain[h] != "mountains" {
                    return Err(at("an eruption off the mountains".into()));
                }
                bk.erupting = Some(h);
                sum.eruptions += 1;
            }
            "removed" => {
                let h = bk
                    .erupting
                    .ok_or_else(|| at("a removal without an eruption".into()))?;
                let s = int(l, "seat")? as usize;
                match text(l, "piece")? {
                    "road" => {
                        let e = int(l, "edge")? as usize;
                        let on_hex = board.edge_corners[e]
                            .iter()
                            .all(|c| board.hex_corners[h].contains(c));
                        if bk.roads.remove(&e) != Some(s) || !on_hex {
                            return Err(at("removed a road not on the hex".into()));
                        }
                    }
                    piece => {
                        let c = int(l, "corner")? as usize;
                        let city = piece == "city";
                        if !board.hex_corners[h].contains(&c)
                            || bk.buildings.get(&c) != Some(&(s, city))
                        {
                            return Err(at(format!("removed a {piece} that is not there")));
                        }
                        if city {
                            bk.buildings.insert(c, (s, false));
                        } else {
                            bk.buildings.remove(&c);
                        }
                    }
                }
            }
            "gold" => {
                let h = int(l, "hex")? as usize;
                if board.terrain[h] != "hills" || int(l, "seat")? != roller {
                    return Err(at("gold off the hills, or not for the roller".into()));
                }
                sum.gold += 1;
            }
            "bonus" => {
                let (s, r) = (int(l, "seat")? as usize, res(l, "resource")?);
                bk.hands[s][r] += 1;
                bk.bank[r] -= 1;
                sum.bonus += 1;
            }
            "snapshot" => {
                bk.check_non_negative().map_err(at)?;
                sum.snapshots += 1;
                let seats = field(l, "seats")?.as_array().ok_or("seats")?;
                if seats.len() != players {
                    return Err(at("wrong number of seats".into()));
                }
                let bank = five(l, "bank")?;
                if bank != bk.bank {
                    return Err(at(format!("bank {bank:?}, books say {:?}", bk.bank)));
                }
                let mut total = bank;
                for (s, seat) in seats.iter().enumerate() {
                    let hand = five(seat, "hand")?;
                    if hand != bk.hands[s] {
                        return Err(at(format!(
                            "seat {s} hand {hand:?}, books say {:?}",
                            bk.hands[s]
                        )));
                    }
                    for k in 0..5 {
                        total[k] += hand[k];
                    }
                    let mine = |city: bool| -> BTreeSet<usize> {
                        bk.buildings
                            .iter()
                            .filter(|(_, &(o, c))| o == s && c == city)
                            .map(|(&c, _)| c)
                            .collect()
                    };
                    let as_set = |k: &str| -> R<BTreeSet<usize>> {
                        Ok(ints(seat, k)?.into_iter().map(|x| x as usize).collect())
                    };
                    let roads: BTreeSet<usize> = bk
                        .roads
                        .iter()
                        .filter(|(_, &o)| o == s)
                        .map(|(&e, _)| e)
                        .collect();
                    if as_set("settlements")? != mine(false)
                        || as_set("cities")? != mine(true)
                        || as_set("roads")? != roads
                    {
                        return Err(at(format!("seat {s}: pieces differ from the build events")));
                    }
                    if int(seat, "settlements_left")? + mine(false).len() as i64 != 5
                        || int(seat, "cities_left")? + mine(true).len() as i64 != 4
                        || int(seat, "roads_left")? + roads.len() as i64 != 15
                    {
                        return Err(at(format!("seat {s}: pieces left do not add up")));
                    }
                }
                if total != [19; 5] {
                    return Err(at(format!("bank + hands = {total:?}, not 19 each")));
                }
                let fd: BTreeSet<usize> = ints(l, "face_down")?
                    .into_iter()
                    .map(|x| x as usize)
                    .collect();
                if fd != bk.face_down {
                    return Err(at(format!(
                        "face down {fd:?}, flips say {:?}",
                        bk.face_down
                    )));
                }
                let ds: BTreeSet<usize> = ints(l, "destroyed")?
                    .into_iter()
                    .map(|x| x as usize)
                    .collect();
                if ds != bk.destroyed {
                    return Err(at(format!(
                        "destroyed {ds:?}, events say {:?}",
                        bk.destroyed
                    )));
                }
                if int(l, "robber")? as usize != bk.robber {
                    return Err(at(format!(
                        "robber on {}, events say {}",
                        int(l, "robber")?,
                        bk.robber
                    )));
                }
                match text(l, "reason")? {
                    "start" if i == 2 => {}
                    "turn_start" => {
                        let prev = text(&lines[i - 1], "type")?;
                        if prev != "turn_start" || int(&lines[i - 1], "turn")? != int(l, "turn")? {
                            return Err(at(
                                "a turn_start snapshot not right after its turn_start".into()
                            ));
                        }
                    }
                    "game_over" => {
                        let go = game_over
                            .as_ref()
                            .ok_or_else(|| at("final snapshot before game_over".into()))?;
                        if i + 1 != lines.len() {
                            return Err(at("the final snapshot is not the last line".into()));
                        }
                        let vps: Vec<i64> = seats.iter().map(|s| int(s, "vp")).collect::<R<_>>()?;
                        let up = (0..board.token.len())
                            .filter(|h| board.token[*h] != 0 && !fd.contains(h))
                            .count();
                        let outcome = text(go, "outcome")?;
                        let ok = match outcome {
                            "winner" => {
                                let w = opt_int(go, "winner")?.ok_or("no winner")?;
                                !robert && int(l, "current")? == w && vps[w as usize] >= vp_to_win
                            }
                            "team_win" => {
                                (robert && up > 0 || solitaire && ds.len() < 5)
                                    && vps.iter().all(|&v| v >= vp_to_win)
                            }
                            "team_loss" => robert && up == 0 || solitaire && ds.len() == 5,
                            "cap" => int(go, "turn")? == turn_cap,
                            _ => false,
                        };
                        if !ok || int(go, "turn")? != int(l, "turn")? || text(l, "phase")? != "over"
                        {
                            return Err(at(format!(
                                "game_over {go} does not match the final snapshot"
                            )));
                        }
                        sum.outcome = outcome.to_string();
                        sum.winner = opt_int(go, "winner")?;
                        sum.turns = int(go, "turn")?;
                    }
                    r => return Err(at(format!("unexpected snapshot reason {r}"))),
                }
            }
            _ => return Err(at("line type out of place".into())),
        }
        i += 1;
    }
    if game_over.is_none() || sum.outcome.is_empty() {
        return Err("the trace ends without game_over and a final snapshot".into());
    }
    Ok(sum)
}

// ---------------------------------------------------------------------------------------------

const CASES: &[(&str, u8, u64)] = &[
    ("base", 4, 1),
    ("base", 4, 2),
    ("base", 4, 3),
    ("robert", 3, 1),
    ("robert", 3, 2),
    ("robert", 3, 3),
    ("robert", 3, 4),
    ("solitaire", 1, 1),
    ("solitaire", 1, 2),
    ("solitaire/volcano+gold+tech_advancement", 1, 3),
    ("solitaire/volcano+gold+tech_advancement", 1, 4),
    ("solitaire-knights", 1, 5),
    ("solitaire-knights", 1, 6),
    ("base/volcano+gold+tech_advancement", 4, 5),
    ("robert/volcano+gold+tech_advancement", 3, 6),
];

#[test]
fn traces_recheck_from_the_lines_alone() {
    let mut ties = 0;
    let mut solo = (0, 0, 0);
    let mut knights = 0;
    let mut mods = (0, 0);
    for &(variant, players, seed) in CASES {
        let (t, outcome) = gen(variant, players, seed, 0);
        let sum = check(&t).unwrap_or_else(|e| panic!("{variant} seed {seed}: {e}"));
        eprintln!(
            "{variant} {players}p seed {seed}: {} bytes, {sum:?}",
            t.len()
        );
        assert!(
            sum.snapshots >= 2 && sum.produce > 0,
            "{variant} seed {seed}: {sum:?}"
        );
        let (o, turn) = play(variant, players, seed, 0);
        assert_eq!(
            o, outcome,
            "{variant} seed {seed}: trace and sim::play disagree"
        );
        assert_eq!(turn as i64, sum.turns, "{variant} seed {seed}");
        match o {
            Outcome::Winner(p) => assert_eq!(sum.winner, Some(p.0 as i64)),
            Outcome::TeamLoss => assert_eq!(sum.outcome, "team_loss"),
            Outcome::TeamWin => assert_eq!(sum.outcome, "team_win"),
            Outcome::Cap => assert_eq!(sum.outcome, "cap"),
        }
        if variant == "robert" {
            assert!(sum.flips > 0, "robert seed {seed}: no flips");
        }
        if variant.starts_with("solitaire") {
            knights += sum.knight_moves;
            solo.0 += sum.destructions;
            solo.1 += sum.cancels;
            solo.2 += sum.bonus;
        }
        if variant.contains("volcano") {
            mods.0 += sum.eruptions;
            mods.1 += sum.gold;
        }
        ties += sum.ties;
    }
    // The new checks ran.
    assert!(
        solo.0 > 0 && solo.1 > 0 && solo.2 > 0,
        "solitaire: {solo:?}"
    );
    assert!(mods.0 > 0 && mods.1 > 0, "modifiers: {mods:?}");
    assert!(
        knights > 0,
        "no Solitaire knight moved the robber: that check never ran"
    );
    assert!(
        ties > 0,
        "no Robert tie in the cases: the tie check never ran"
    );
}

#[test]
fn same_seed_same_bytes() {
    for &(variant, players, seed) in &CASES[..4] {
        let (a, _) = gen(variant, players, seed, 5);
        let (b, _) = gen(variant, players, seed, 5);
        assert!(a == b, "{variant} seed {seed}: traces differ");
        let (c, _) = gen(variant, players, seed + 100, 5);
        assert!(a != c, "{variant}: different seeds gave the same trace");
    }
}

/// Removes the first line for which `pick` holds.
fn without(t: &[u8], pick: impl Fn(&Value) -> bool) -> Vec<u8> {
    let s = std::str::from_utf8(t).unwrap();
    let mut out = String::new();
    let mut done = false;
    for l in s.lines() {
        if !done && pick(&serde_json::from_str(l).unwrap()) {
            done = true;
            continue;
        }
        out.push_str(l);
        out.push('\n');
    }
    assert!(done, "nothing to remove");
    out.into_bytes()
}

fn is(t: &str) -> impl Fn(&Value) -> bool + '_ {
    move |v| v["type"] == t
}

#[test]
fn the_checker_catches_tampering() {
    let (base, _) = gen("base", 4, 1, 0);
    check(&base).unwrap();
    for (what, bad) in [
        ("a produce line", without(&base, is("produce"))),
        (
            "a build line",
            without(&base, |v| v["type"] == "build" && v["free"] == false),
        ),
        ("the board", without(&base, is("board"))),
        ("a steal", without(&base, is("steal"))),
        ("a discard", without(&base, is("discard"))),
        ("the game over", without(&base, is("game_over"))),
    ] {
        assert!(check(&bad).is_err(), "removing {what} went unnoticed");
    }
    let s = String::from_utf8(base.clone()).unwrap();
    let bank_bumped = s.replacen("\"bank\":[", "\"bank\":[1", 2);
    assert!(
        check(bank_bumped.as_bytes()).is_err(),
        "a changed bank went unnoticed"
    );
    let odd_dice = s.replacen("\"total\":", "\"total\":1", 1);
    assert!(
        check(odd_dice.as_bytes()).is_err(),
        "bad dice went unnoticed"
    );
    assert!(check(b"{\"type\":\"nonsense\"}\n").is_err());

    let (rob, _) = gen("robert", 3, 1, 0);
    check(&rob).unwrap();
    let bad = without(&rob, |v| v["type"] == "flip" && v["face"] == "down");
    assert!(check(&bad).is_err(), "a lost flip went unnoticed");

    // Solitaire and the modifiers: every new event is load-bearing.
    let (solo, _) = gen("solitaire/volcano+gold+tech_advancement", 1, 3, 0);
    check(&solo).unwrap();
    for (what, bad) in [
        (
            "a destruction",
            without(&solo, |v| {
                v["type"] == "destruction" && v["destroyed"] == true
            }),
        ),
        ("a bonus", without(&solo, is("bonus"))),
        ("a robber move", without(&solo, is("solo_robber"))),
        ("a knight cancel", without(&solo, is("seven_cancelled"))),
    ] {
        assert!(check(&bad).is_err(), "removing {what} went unnoticed");
    }
    let (modded, _) = gen("base/volcano+gold+tech_advancement", 4, 5, 0);
    check(&modded).unwrap();
    for (what, bad) in [
        ("an eruption's removal", without(&modded, is("removed"))),
        ("an eruption", without(&modded, is("eruption"))),
        ("a gold find", without(&modded, is("gold"))),
        ("a tech advancement", without(&modded, is("bonus"))),
    ] {
        assert!(check(&bad).is_err(), "removing {what} went unnoticed");
    }
}

#[test]
fn a_capped_game_ends_with_its_own_outcome() {
    let topo = Topology::build(&base_map()).unwrap();
    let layout = Layout::fixed(&topo);
    let rules = Rules {
        turn_cap: 30,
        ..Rules::base(4)
    };
    let header = TraceHeader::new("random", BoardKind::Fixed, "base", 9, 0);
    let mut out = Vec::new();
    let o = write_trace(
        &mut out,
        &topo,
        layout,
        rules,
        &mut RandomPolicy,
        &header,
        &mut GameRngs::new(9, 0),
    )
    .unwrap();
    assert_eq!(o, Outcome::Cap);
    let sum = check(&out).unwrap();
    assert_eq!((sum.outcome.as_str(), sum.turns), ("cap", 30));
}
