//! The one support module of the test binaries: the base map, coordinates to ids, constructed positions (here) and the `robsim` binary's helpers (`cli`).
#![allow(dead_code)]

pub mod cli;

use robsim::catan::*;
use std::sync::OnceLock;

/// The shipped base map's topology, built once per test binary.
pub fn topo() -> &'static Topology {
    static T: OnceLock<Topology> = OnceLock::new();
    T.get_or_init(|| Topology::build(&robsim::catan::mapfile::base_map()).expect("base map"))
}

/// The hex at axial coordinates `(q, r)` of the base map.
pub fn hex(q: i8, r: i8) -> HexId {
    let t = topo();
    let i = t
        .hex_coord
        .iter()
        .position(|&c| c == (q, r))
        .unwrap_or_else(|| panic!("no hex ({q}, {r})"));
    HexId(i as u8)
}

/// Corner `k` (0 top, clockwise) of hex `(q, r)`.
pub fn corner(q: i8, r: i8, k: usize) -> CornerId {
    topo().hex_corners[hex(q, r).idx()][k]
}

/// Edge `k` of hex `(q, r)`: joins corners `k` and `k + 1`.
pub fn edge(q: i8, r: i8, k: usize) -> EdgeId {
    topo().hex_edges[hex(q, r).idx()][k]
}

/// The edge joining two neighbouring corners.
pub fn edge_between(a: CornerId, b: CornerId) -> EdgeId {
    let t = topo();
    (0..t.n_edges)
        .find(|&e| {
            let [x, y] = t.edge_corners[e];
            (x, y) == (a, b) || (x, y) == (b, a)
        })
        .map(|e| EdgeId(e as u8))
        .unwrap_or_else(|| panic!("corners {a:?} and {b:?} are not neighbours"))
}

/// The edges along a path of corners.
pub fn path(corners: &[CornerId]) -> Vec<EdgeId> {
    corners
        .windows(2)
        .map(|w| edge_between(w[0], w[1]))
        .collect()
}

/// The top zigzag of row `r` from hex `(q0, r)` over `n` hexes: corners 5, 0 of each hex then
/// corner 1 of the last (`2n + 1` corners, `2n` edges).
pub fn zigzag_top(q0: i8, r: i8, n: i8) -> Vec<CornerId> {
    let mut v = Vec::new();
    for i in 0..n {
        v.push(corner(q0 + i, r, 5));
        v.push(corner(q0 + i, r, 0));
    }
    v.push(corner(q0 + n - 1, r, 1));
    v
}

/// A new game on the base map's fixed layout.
pub fn game(rules: Rules) -> Game<'static> {
    let t = topo();
    Game::new(t, Layout::fixed(t), rules)
}

pub fn base_game(players: u8) -> Game<'static> {
    game(Rules::base(players))
}

pub fn robert_game(players: u8, r: RobertRules) -> Game<'static> {
    game(Rules::robert(players, r))
}

/// Puts a settlement of seat `p` on `c` (the kernel's set-up API: no cost, no distance check).
pub fn put_settlement(g: &mut Game, p: u8, c: CornerId) {
    g.put_settlement(PlayerId(p), c);
}

/// Puts a city of seat `p` on `c` (placing the settlement first if the corner is empty).
pub fn put_city(g: &mut Game, p: u8, c: CornerId) {
    g.put_city(PlayerId(p), c);
}

/// Puts a road of seat `p` on `e` (no cost, no connectivity check); refreshes road lengths.
pub fn put_road(g: &mut Game, p: u8, e: EdgeId) {
    g.put_road(PlayerId(p), e);
}

pub fn put_roads(g: &mut Game, p: u8, es: &[EdgeId]) {
    for &e in es {
        g.put_road(PlayerId(p), e);
    }
}

/// Moves `hand` from the bank to seat `p`.
pub fn give(g: &mut Game, p: u8, hand: Hand) {
    g.give(PlayerId(p), hand);
}

/// Takes seat `p`'s development cards out of the deck into its playable hand.
pub fn give_dev(g: &mut Game, p: u8, card: DevCard, n: u8) {
    g.give_dev(PlayerId(p), card, n);
}

/// Skips set-up: turn 1 of seat `p`, in `phase`.
pub fn at_turn(g: &mut Game, p: u8, phase: Phase) {
    g.start_at(PlayerId(p), phase);
}

/// The legal actions, as a vector.
pub fn legal(g: &Game) -> Vec<Action> {
    let mut buf = ActionList::new();
    g.legal_actions(&mut buf);
    buf.to_vec()
}

/// Applies an action that must be legal; checks the invariants afterwards.
pub fn act(g: &mut Game, a: Action) {
    g.try_apply(a, &mut ())
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", legal(g)));
    g.check_invariants().expect("invariants");
}

/// Asserts that `a` is refused and the state is left exactly as it was.
pub fn refused(g: &mut Game, a: Action) {
    let before = g.s;
    assert!(g.try_apply(a, &mut ()).is_err(), "{a:?} was accepted");
    assert_eq!(g.s, before, "{a:?} changed the state while refused");
}

/// Road edges offered in the current phase.
pub fn road_actions(g: &Game) -> Vec<EdgeId> {
    let mut v: Vec<EdgeId> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::BuildRoad(e) => Some(e),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// A sink that records every event.
#[derive(Default)]
pub struct Log(pub Vec<Event>);

impl Sink<Event> for Log {
    fn event(&mut self, e: &Event) {
        self.0.push(*e);
    }
}

/// A hex set from hex ids.
pub fn hexes(hs: &[HexId]) -> HexSet {
    hs.iter().map(|h| h.idx()).collect()
}

/// What a [`Stepwise`] check sees of one step of the engine's loop.
pub struct Step {
    /// The state when the step began.
    pub before: State,
    /// The chance outcome sampled, or the action played.
    pub chance: Option<ChanceOutcome>,
    pub action: Option<Action>,
    /// Steps played before this one.
    pub n: u64,
}

/// An observer of `robsim::engine::play::play` for tests: events go to `sink`; after each step
/// `check(g, step, sink)` runs; every action is checked (`try_apply`) and an illegal one panics.
/// With `limit`, the game stops after that many steps.
pub struct Stepwise<S, F> {
    pub sink: S,
    check: F,
    /// The step under way (from the first `pre_step` on) and the steps played.
    step: Option<Step>,
    n: u64,
    limit: Option<u64>,
}

impl<S, F: FnMut(&Game, &Step, &mut S)> Stepwise<S, F> {
    pub fn new(sink: S, check: F) -> Self {
        Stepwise {
            sink,
            check,
            step: None,
            n: 0,
            limit: None,
        }
    }
    /// Stops the game after `n` steps.
    pub fn limit(mut self, n: u64) -> Self {
        self.limit = Some(n);
        self
    }
    pub fn steps(&self) -> u64 {
        self.n
    }
}

impl<S: Sink<Event>, F> Sink<Event> for Stepwise<S, F> {
    fn event(&mut self, e: &Event) {
        self.sink.event(e)
    }
}

impl<'t, S: Sink<Event>, F: FnMut(&Game, &Step, &mut S)> robsim::engine::play::Observer<Game<'t>>
    for Stepwise<S, F>
{
    const CHECKED: bool = true;
    fn pre_step(&mut self, g: &mut Game<'t>) -> bool {
        self.step = Some(Step {
            before: g.s,
            chance: None,
            action: None,
            n: self.n,
        });
        false
    }
    fn on_chance(&mut self, _g: &Game<'t>, c: ChanceOutcome) {
        if let Some(s) = &mut self.step {
            s.chance = Some(c);
        }
    }
    fn on_action(&mut self, _g: &Game<'t>, a: Action) {
        if let Some(s) = &mut self.step {
            s.action = Some(a);
        }
    }
    fn post_step(&mut self, g: &Game<'t>) {
        let step = self.step.as_ref().expect("post_step after pre_step");
        (self.check)(g, step, &mut self.sink);
        self.n += 1;
    }
    fn illegal(&mut self, g: &Game<'t>, a: Action, e: IllegalAction) {
        panic!("turn {}: illegal {a:?}: {e}", g.s.turn);
    }
    fn halted(&self) -> bool {
        self.limit.is_some_and(|l| self.n >= l)
    }
}

/// Robert's endgame: seats 0 and 1 at 10 VP (four cities, a settlement and a victory point card
/// each, on the fixed board), seat 2 with three cities (16, 9, 45) and what the caller adds.
pub fn two_seats_at_ten(g: &mut Game) {
    for k in [0, 7, 13, 23] {
        put_city(g, 0, CornerId(k));
    }
    put_settlement(g, 0, CornerId(29));
    give_dev(g, 0, DevCard::VictoryPoint, 1);
    for k in [47, 50, 38, 34] {
        put_city(g, 1, CornerId(k));
    }
    put_settlement(g, 1, CornerId(26));
    give_dev(g, 1, DevCard::VictoryPoint, 1);
    for k in [16, 9, 45] {
        put_city(g, 2, CornerId(k));
    }
}
