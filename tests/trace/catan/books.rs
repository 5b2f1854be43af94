//! The checker's picture of the board (from the board line) and its own books of hands, bank,
//! buildings and robbers, kept from the events alone.

use super::json::{field, int, ints, opt_int, text, R, RES};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

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
pub(super) fn pips(n: i64) -> i64 {
    if n == 0 {
        0
    } else {
        6 - (7 - n).abs()
    }
}

/// The board as the trace's board line describes it.
pub(super) struct Board {
    pub(super) hex_q: Vec<(i64, i64)>,
    pub(super) terrain: Vec<String>,
    pub(super) token: Vec<i64>,
    pub(super) hex_corners: Vec<Vec<usize>>,
    pub(super) hex_neighbours: Vec<Vec<usize>>,
    pub(super) corner_neighbours: Vec<Vec<usize>>,
    pub(super) corner_edges: Vec<Vec<usize>>,
    pub(super) edge_corners: Vec<[usize; 2]>,
    pub(super) robber_start: usize,
}

pub(super) fn parse_board(b: &Value) -> R<Board> {
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
pub(super) struct Books {
    pub(super) players: usize,
    pub(super) hands: Vec<[i64; 5]>,
    pub(super) bank: [i64; 5],
    pub(super) face_down: BTreeSet<usize>,
    /// corner -> (seat, city)
    pub(super) buildings: HashMap<usize, (usize, bool)>,
    /// edge -> seat
    pub(super) roads: HashMap<usize, usize>,
    pub(super) robber: usize,
    pub(super) owed_discards: Vec<i64>,
    /// Solitaire: destroyed tiles; the tile the robber just left.
    pub(super) destroyed: BTreeSet<usize>,
    pub(super) left: Option<usize>,
    /// Volcano: the erupting hex whose pieces are being removed.
    pub(super) erupting: Option<usize>,
}

impl Books {
    pub(super) fn pay(&mut self, seat: usize, cost: &[i64; 5]) -> R<()> {
        for (i, c) in cost.iter().enumerate() {
            self.hands[seat][i] -= c;
            self.bank[i] += c;
            if self.hands[seat][i] < 0 {
                return Err(format!("seat {seat} paid {} it did not have", RES[i]));
            }
        }
        Ok(())
    }
    pub(super) fn check_non_negative(&self) -> R<()> {
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
    pub(super) fn building_weight(&self, b: &Board, h: usize, city_weight: i64) -> i64 {
        b.hex_corners[h]
            .iter()
            .map(|c| match self.buildings.get(c) {
                None => 0,
                Some((_, true)) => city_weight,
                Some((_, false)) => 1,
            })
            .sum()
    }
    pub(super) fn has_building(&self, b: &Board, h: usize) -> bool {
        b.hex_corners[h]
            .iter()
            .any(|c| self.buildings.contains_key(c))
    }
    /// Robert's equally best targets under the header's reading.
    pub(super) fn robert_targets(
        &self,
        b: &Board,
        global: bool,
        city_weight: i64,
    ) -> BTreeSet<usize> {
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
    pub(super) fn expected_production(&self, b: &Board, n: i64, robert: bool) -> Vec<Value> {
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
