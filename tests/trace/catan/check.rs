//! The checker: re-checks the rules of one trace from its lines alone (board, events,
//! snapshots), never robsim's state.

use super::books::{parse_board, pips, Books};
use super::json::{field, five, int, ints, opt_int, res, text, R, RES};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

pub(super) const ROAD: [i64; 5] = [1, 1, 0, 0, 0];
pub(super) const SETTLEMENT: [i64; 5] = [1, 1, 1, 1, 0];
pub(super) const CITY: [i64; 5] = [0, 0, 0, 2, 3];
pub(super) const DEV: [i64; 5] = [0, 0, 1, 1, 1];

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
pub(super) struct Summary {
    #[allow(dead_code)] // shown by the Debug print
    pub(super) lines: usize,
    pub(super) snapshots: usize,
    pub(super) turns: i64,
    pub(super) outcome: String,
    pub(super) winner: Option<i64>,
    pub(super) flips: usize,
    pub(super) ties: usize,
    pub(super) produce: usize,
    pub(super) destructions: usize,
    pub(super) eruptions: usize,
    pub(super) gold: usize,
    pub(super) bonus: usize,
    pub(super) cancels: usize,
    /// Solitaire knights that moved the robber (`knight_play = "move-robber"`).
    pub(super) knight_moves: usize,
}

/// Re-checks a trace from its lines alone; returns what it saw or the first violation.
pub(super) fn check(trace: &[u8]) -> R<Summary> {
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
