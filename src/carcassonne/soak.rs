//! Carcassonne's part of `robsim soak`.
//!
//! Carcassonne's part of `robsim soak`: games with and without The Robbers under every robber
//! option, checked after every step and thrown arbitrary actions that must be refused without a
//! change.

use crate::carcassonne::players::CarcPolicySpec;
use crate::carcassonne::policy::CarcActions;
use crate::carcassonne::sim::CarcRngs;
use crate::carcassonne::*;
use crate::engine::seeds::Rng;
use crate::engine::soak::{soak_play, SoakReport, Soaked};
use rand::{Rng as _, SeedableRng};

/// Carcassonne's games in a [`SoakReport`].
pub const FAMILY: &str = "Carcassonne";

/// The rules and policy of Carcassonne soak game `j` (its index among the Carcassonne games):
/// 2 to 5 players; three games in four with The Robbers, cycling through both placement rules,
/// every share, one or two robbers each, 3 or 0 final points, both `rogue_beside` and both
/// `unplaceable_robber_tile` readings; `greedy` in every eighth game
/// (its robber and order choices), `random` otherwise.
pub fn soak_rules(j: u64) -> (Rules, CarcPolicySpec) {
    let players = 2 + (j % 4) as u8;
    let robbers = !(j / 4).is_multiple_of(4);
    let placement =
        [RobberPlacement::NextInStock, RobberPlacement::EachOther][((j / 16) % 2) as usize];
    let share = [
        RobberShare::Half,
        RobberShare::Third,
        RobberShare::Quarter,
        RobberShare::All,
    ][((j / 32) % 4) as usize];
    let rules = Rules {
        players,
        robbers,
        placement,
        share,
        robbers_per_player: 1 + ((j / 128) % 2) as u8,
        final_points: [3, 0][((j / 256) % 2) as usize],
        rogue_beside: [RogueBeside::AfterMoves, RogueBeside::RoundStart][((j / 3) % 2) as usize],
        unplaceable_robber_tile: [
            UnplaceableRobberTile::Lost,
            UnplaceableRobberTile::RobberStep,
        ][((j / 5) % 2) as usize],
        robber_tiles: None,
    };
    let policy = if j % 8 == 7 {
        CarcPolicySpec::Greedy
    } else {
        CarcPolicySpec::Random
    };
    (rules, policy)
}

/// Any decision at all, legal or not, with values inside the game's ranges (and a few beyond).
pub fn arbitrary_action(g: &Game, r: &mut Rng) -> Action {
    match r.random_range(0..5u32) {
        0 => {
            // Near the tiles placed, most of the time.
            let cell = match g
                .frontier()
                .get(r.random_range(0..g.frontier().len().max(1)))
            {
                Some(&c) if r.random_bool(0.8) => c,
                _ => r.random_range(0..(GRID * GRID) as u16),
            };
            Action::Place {
                cell,
                rot: r.random_range(0..5),
            }
        }
        1 => Action::Robber(
            r.random_bool(0.9)
                .then(|| r.random_range(0..2 * ROBBER_CODE)),
        ),
        2 => Action::Follower(r.random_bool(0.9).then(|| r.random_range(0..12))),
        3 => Action::First(r.random_range(0..8)),
        _ => Action::Rob(r.random_range(0..8)),
    }
}

impl Soaked for Game<'_> {
    type Snapshot = Snapshot;
    type Memo = ();
    fn snapshot(&self) -> Snapshot {
        Game::snapshot(self)
    }
    fn check(&self, _memo: &mut ()) -> Result<(), String> {
        Game::check(self)
    }
    /// Only when someone decides (the draw is the engine's own chance step).
    fn arbitrary_action(&self, rng: &mut Rng) -> Option<Action> {
        self.actor().map(|_| arbitrary_action(self, rng))
    }
}

/// Plays Carcassonne soak game `j` (seeded by `(seed, i)`, `i` the soak's game index) in the
/// reused game `g`, and checks it step by step; at the end, every tile is accounted for and no
/// robber is left on the board.
pub fn soak_game(
    g: &mut Game<'static>,
    seed: u64,
    i: u64,
    j: u64,
    buf: &mut CarcActions,
    rep: &mut SoakReport,
) {
    let (rules, policy) = soak_rules(j);
    g.reset(rules);
    rep.game_of(FAMILY);
    let mut rngs = CarcRngs::new(seed, i);
    let wild = Rng::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xCA4C);
    let mut player = policy.player();
    let (steps, halted) = soak_play(
        g,
        &mut player,
        &mut rngs,
        buf,
        (wild, ("carcassonne ", i)),
        rep,
    );
    rep.steps += steps;
    if !halted && !g.is_over() {
        rep.violation(format!("carcassonne game {i}: stopped before the end"));
    }
    if g.is_over() && g.sb.robber.iter().any(|&s| s != IN_STOCK) {
        rep.violation(format!(
            "carcassonne game {i}: a robber left on the board at the end"
        ));
    }
}
