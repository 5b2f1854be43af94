//! The Catan rules kernel: pure, I/O-free game logic over a small `Copy` state and precomputed tables (no I/O, parsing or random generator).

mod apply;
mod awards;
mod bits;
mod game;
mod hooks;
mod ids;
mod invariants;
pub use invariants::RoadMemo;
mod layout;
pub mod modifiers;
pub mod raiders;
pub mod robert;
mod rules;
mod setup;
pub mod solitaire;
mod state;
mod topology;
mod variant;

pub use bits::{Bits, CornerSet, EdgeSet, HexSet};
pub use game::{ActionList, Game, MAX_ACTIONS};
pub use ids::*;
pub use layout::{BoardKind, Layout, Yield};
pub use rules::{IllegalAction, MainMenu};
pub use state::*;
pub use topology::{HarborSpec, HexSpec, MapError, MapSpec, Topology, NONE};
pub use variant::{
    KnightPlay, LostCard, Modifiers, RaidersRules, ReshuffledKnights, RobertMonopoly, RobertRules,
    RobertTarget, Rules, SecondRollDoubles, SolitaireRules, TakenDiscoveries, Variant,
};
