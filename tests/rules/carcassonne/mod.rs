//! Carcassonne rules: tile data, edge matching, feature scoring, followers, discards, and The
//! Robbers (the seed's Examples 1–4 on the scoreboard and through the game's own decisions, rogue
//! points, several robbers, placement options, final points, a placed robber moved) and farms.
//!
//! One submodule per topic; this module holds the positions and helpers they share.

mod decisions;
mod robbers;
mod scoreboard;
mod scoring;
mod tiles;

use robsim::carcassonne::*;

// ---------------------------------------------------------------------------------------------
// Helpers

/// A tile set made of the shipped tiles' shapes with other counts (tiny piles end games fast).
fn custom(start: &str, counts: &[(&str, u32)], robber: &[(&str, u32)]) -> &'static TileSet {
    let mut text = format!("start = \"{start}\"\n");
    for block in BASE_TILES.split("\n[[tile]]\n").skip(1) {
        let block = block.split("\n[[robber_tile]]").next().unwrap();
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .map(|l| l.trim_end_matches('"').to_string())
            .unwrap();
        if let Some(&(_, n)) = counts.iter().find(|c| c.0 == name) {
            text.push_str("[[tile]]\n");
            for l in block.lines() {
                if l.starts_with("count") {
                    text.push_str(&format!("count = {n}\n"));
                } else if !l.starts_with('#') {
                    text.push_str(l);
                    text.push('\n');
                }
            }
        }
    }
    for (shape, n) in robber {
        text.push_str(&format!(
            "[[robber_tile]]\nshape = \"{shape}\"\ncount = {n}\n"
        ));
    }
    Box::leak(Box::new(TileSet::parse(&text).unwrap()))
}

fn base() -> &'static TileSet {
    Box::leak(Box::new(TileSet::base()))
}

fn at(x: i16, y: i16) -> u16 {
    cell((64 + x) as u16, (64 + y) as u16)
}

fn kind(t: &TileSet, name: &str, robber: bool) -> u8 {
    t.kinds
        .iter()
        .position(|k| t.shapes[k.shape as usize].name == name && k.robber == robber)
        .unwrap() as u8
}

#[derive(Default)]
struct Log(Vec<Event>);
impl Sink<Event> for Log {
    fn event(&mut self, e: &Event) {
        self.0.push(*e);
    }
}

impl Log {
    fn robberies(&self) -> Vec<(u8, u8, u16)> {
        self.0
            .iter()
            .filter_map(|e| match *e {
                Event::Robbery {
                    robber,
                    victim,
                    points,
                    ..
                } => Some((robber, victim, points)),
                _ => None,
            })
            .collect()
    }
}

/// One whole turn: draw `name`, place it, answer the robber phase with `robbers` (in order; a
/// missing answer declines), then the follower.
#[allow(clippy::too_many_arguments)]
fn turn(
    g: &mut Game,
    name: &str,
    robber_tile: bool,
    (x, y, rot): (i16, i16, u8),
    robbers: &[Option<u8>],
    follower: Option<u8>,
    log: &mut Log,
) {
    let k = kind(g.t, name, robber_tile);
    assert_eq!(g.phase, Phase::Draw);
    g.apply_draw(k, log);
    assert_eq!(g.phase, Phase::Place, "{name} should be placeable");
    let a = Action::Place {
        cell: at(x, y),
        rot,
    };
    assert!(g.is_legal(a), "{name} at ({x},{y}) rot {rot} should fit");
    g.apply(a, log);
    let mut i = 0;
    while g.phase == Phase::Robber {
        let a = Action::Robber(robbers.get(i).copied().flatten());
        assert!(g.is_legal(a), "{a:?}");
        g.apply(a, log);
        i += 1;
    }
    let a = Action::Follower(follower);
    assert!(g.is_legal(a), "follower {follower:?} on {name}");
    g.apply(a, log);
}

// The seed's colours on the scoreboard, and scoring-round helpers.
const BLUE: u8 = 0;
const RED: u8 = 1;
const GREEN: u8 = 2;
const YELLOW: u8 = 3;

fn mv(figure: u8, points: u16) -> Move {
    Move { figure, points }
}

/// Robberies of a round as (robber, figure, points).
fn robbed(ev: &[RoundEvent]) -> Vec<(u8, u8, u16)> {
    ev.iter()
        .filter_map(|e| match *e {
            RoundEvent::Robbery {
                robber,
                figure,
                points,
                ..
            } => Some((robber, figure, points)),
            _ => None,
        })
        .collect()
}

/// The robber's owner takes the largest share (what `greedy` chooses in `Phase::Rob`).
fn largest(moves: &[Move]) -> impl FnMut(u8, &[u8]) -> usize + '_ {
    move |_, c: &[u8]| {
        (0..c.len())
            .max_by_key(|&i| (moves[c[i] as usize].points, std::cmp::Reverse(i)))
            .unwrap()
    }
}
