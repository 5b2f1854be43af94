//! What a board offers before anyone plays.
//!
//! What a board offers before anyone plays: the features the luck report regresses the per-board
//! win rate on.

use crate::catan::*;
use serde::Serialize;

/// What a board offers before anyone plays: the candidate causes of a hard or easy board that
/// the luck report regresses the per-board win rate on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoardFeatures {
    /// Mean pips of the 8 best set-up corners (4 players × 2), each taken greedily under the
    /// distance rule: how rich the opening spots are.
    pub open_corner_pips: f64,
    /// Pips of the single best corner.
    pub best_corner_pips: f64,
    /// Pairs of neighbouring hexes both holding a 6 or an 8 (always 0 on `random` boards).
    pub reds_adjacent: f64,
    /// 6s and 8s next to a desert, where the robber (Robert) starts.
    pub reds_by_desert: f64,
    /// Pips of each resource but wool (the total is the same on every board, so wool is the
    /// reference: a coefficient is the effect of a pip moved from wool to that resource).
    pub brick_pips: f64,
    pub lumber_pips: f64,
    pub grain_pips: f64,
    pub ore_pips: f64,
    /// Pips of the best corner with a harbor.
    pub harbor_pips: f64,
    /// 2:1 harbors touching a hex of their own resource.
    pub matched_harbors: f64,
    /// Land hexes around the robber's start (3 on the coast, 6 in the middle).
    pub desert_neighbours: f64,
    /// Pips of the first 4 tokens Robert would flip, moving from his start to the face-up
    /// neighbour with the most pips (then the higher number), buildings aside.
    pub robert_first_pips: f64,
}

impl BoardFeatures {
    /// The feature names, in field order.
    pub const NAMES: [&'static str; 12] = [
        "open_corner_pips",
        "best_corner_pips",
        "reds_adjacent",
        "reds_by_desert",
        "brick_pips",
        "lumber_pips",
        "grain_pips",
        "ore_pips",
        "harbor_pips",
        "matched_harbors",
        "desert_neighbours",
        "robert_first_pips",
    ];

    /// The features in [`BoardFeatures::NAMES`] order.
    pub fn values(&self) -> [f64; 12] {
        [
            self.open_corner_pips,
            self.best_corner_pips,
            self.reds_adjacent,
            self.reds_by_desert,
            self.brick_pips,
            self.lumber_pips,
            self.grain_pips,
            self.ore_pips,
            self.harbor_pips,
            self.matched_harbors,
            self.desert_neighbours,
            self.robert_first_pips,
        ]
    }

    /// The features of layout `l` on map `t`.
    pub fn of(t: &Topology, l: &Layout) -> BoardFeatures {
        let hex_pips = |h: usize| l.pips(HexId(h as u8)) as f64;
        let corner_pips = |c: usize| -> f64 {
            t.corner_hexes[c]
                .iter()
                .filter(|&&h| h != NONE)
                .map(|&h| hex_pips(h as usize))
                .sum()
        };
        let spots = t.land_corners.intersect(t.home_corners);
        let best = |set: CornerSet| {
            set.iter()
                .map(|c| (corner_pips(c), c))
                .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        };
        // The 8 best spots under the distance rule, best first.
        let mut free = spots;
        let mut taken = Vec::new();
        while taken.len() < 8 {
            let Some((p, c)) = best(free) else { break };
            taken.push(p);
            free = free.minus(t.corner_block[c]);
        }
        let red = |h: usize| matches!(l.token[h], 6 | 8);
        let reds_adjacent = (0..t.n_hexes)
            .filter(|&h| red(h))
            .map(|h| {
                t.hex_neighbor_set[h]
                    .iter()
                    .filter(|&j| j > h && red(j))
                    .count()
            })
            .sum::<usize>();
        let deserts: HexSet = (0..t.n_hexes)
            .filter(|&h| l.terrain[h] == Terrain::Desert)
            .collect();
        let reds_by_desert = (0..t.n_hexes)
            .filter(|&h| red(h) && !t.hex_neighbor_set[h].intersect(deserts).is_empty())
            .count();
        let resource_pips = |r: Resource| -> f64 {
            (0..t.n_hexes)
                .filter(|&h| l.terrain[h].resource() == Some(r))
                .map(hex_pips)
                .sum()
        };
        let harbor_corners: CornerSet = t
            .harbors
            .iter()
            .flat_map(|(cs, _)| cs.map(|c| c.idx()))
            .collect();
        let matched_harbors = t
            .harbors
            .iter()
            .filter(|(cs, _)| {
                Resource::ALL.iter().any(|&r| {
                    l.harbor[cs[0].idx()] == HarborKind::Special(r).bit()
                        && cs.iter().any(|c| {
                            t.corner_hexes[c.idx()]
                                .iter()
                                .any(|&h| h != NONE && l.terrain[h as usize].resource() == Some(r))
                        })
                })
            })
            .count();
        let start = l.robber_start.idx();
        BoardFeatures {
            open_corner_pips: taken.iter().sum::<f64>() / taken.len().max(1) as f64,
            best_corner_pips: taken.first().copied().unwrap_or(0.0),
            reds_adjacent: reds_adjacent as f64,
            reds_by_desert: reds_by_desert as f64,
            brick_pips: resource_pips(Resource::Brick),
            lumber_pips: resource_pips(Resource::Lumber),
            grain_pips: resource_pips(Resource::Grain),
            ore_pips: resource_pips(Resource::Ore),
            harbor_pips: best(harbor_corners.intersect(spots)).map_or(0.0, |b| b.0),
            matched_harbors: matched_harbors as f64,
            desert_neighbours: t.hex_neighbor_set[start].intersect(t.land_hexes).len() as f64,
            robert_first_pips: robert_path(t, l, 4).iter().map(|&h| hex_pips(h)).sum(),
        }
    }
}

/// The first `n` hexes Robert would flip from his start under the adjacent reading with no
/// buildings on the board: each time the face-up neighbour with the most pips, then the higher
/// number (the nearest face-up tokens when no neighbour has one).
pub fn robert_path(t: &Topology, l: &Layout, n: usize) -> Vec<usize> {
    let mut up = l.tokened;
    let mut at = l.robber_start;
    let mut path = Vec::new();
    while path.len() < n && !up.is_empty() {
        let near = t.hex_neighbor_set[at.idx()].intersect(up);
        let pool: HexSet = if near.is_empty() {
            let d = up
                .iter()
                .map(|h| t.dist(at, HexId(h as u8)))
                .min()
                .unwrap_or(0);
            up.iter()
                .filter(|&h| t.dist(at, HexId(h as u8)) == d)
                .collect()
        } else {
            near
        };
        let Some(next) = pool
            .iter()
            .max_by_key(|&h| (l.pips(HexId(h as u8)), l.token[h]))
        else {
            break;
        };
        up.remove(next);
        path.push(next);
        at = HexId(next as u8);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catan::mapfile::base_map;

    #[test]
    fn the_beginner_board_has_the_features_read_off_its_map() {
        let t = Topology::build(&base_map()).unwrap();
        let l = Layout::fixed(&t);
        let f = BoardFeatures::of(&t, &l);
        // configs/maps/base.toml: hills 6, 10, 5; mountains 10, 8, 3; fields 12, 9, 4, 6;
        // forest 9, 11, 3, 8 (pips: 5+3+4, 3+5+2, 1+4+3+5, 4+2+2+5).
        assert_eq!(f.brick_pips, 12.0);
        assert_eq!(f.ore_pips, 10.0);
        assert_eq!(f.grain_pips, 13.0);
        assert_eq!(f.lumber_pips, 13.0);
        // The desert is in the middle, next to the 6 of the hills at (0, -1); the beginner
        // board keeps its 6s and 8s apart.
        assert_eq!(f.desert_neighbours, 6.0);
        assert_eq!(f.reds_by_desert, 1.0);
        assert_eq!(f.reds_adjacent, 0.0);
        assert!(f.open_corner_pips > 8.0 && f.open_corner_pips <= f.best_corner_pips);
        // Robert starts in the desert and first takes the richest neighbour.
        let path = robert_path(&t, &l, 4);
        assert_eq!(path.len(), 4);
        assert_eq!(l.token[path[0]], 6, "the 6 of the hills at (0, -1)");
    }
}
