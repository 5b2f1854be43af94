//! The Catan rules kernel: pure, I/O-free game logic over a small `Copy` state and precomputed tables (no I/O, parsing or random generator).

mod apply;
mod awards;
pub mod bits;
mod hooks;
pub mod ids;
mod invariants;
pub mod layout;
pub mod modifiers;
pub mod raiders;
pub mod robert;
pub mod rules;
mod setup;
pub mod solitaire;
pub mod state;
pub mod topology;
pub mod variant;

pub use bits::{CornerSet, EdgeSet, HexSet};
pub use ids::*;
pub use layout::{BoardKind, Layout};
pub use rules::{ActionList, Game, IllegalAction, MAX_ACTIONS};
pub use state::*;
pub use topology::{HarborSpec, HexSpec, MapError, MapSpec, Topology};
pub use variant::{
    Modifiers, RaidersRules, RobertRules, RobertTarget, Rules, SolitaireRules, Variant,
};
