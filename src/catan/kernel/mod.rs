//! The Catan rules kernel: pure game logic over a small `Copy` state and precomputed tables.
//!
//! No I/O, parsing or random generator. A game on the base map's fixed layout, its legal
//! actions, one applied and one refused (a refused action leaves the state as it was):
//!
//! ```
//! use robsim::catan::*;
//!
//! let topo = Topology::build(&mapfile::base_map()).unwrap();
//! let mut g = Game::new(&topo, Layout::fixed(&topo), Rules::base(4));
//! let mut legal = ActionList::new();
//! g.legal_actions(&mut legal);
//! // Set-up: the first seat may settle on any land corner.
//! assert_eq!(g.s.phase, Phase::SetupSettlement);
//! assert_eq!(legal.len(), topo.land_corners.iter().count());
//! let a = legal[0];
//! assert!(matches!(a, Action::BuildSettlement(_)));
//! g.try_apply(a, &mut ()).unwrap();
//! assert_eq!(g.s.phase, Phase::SetupRoad);
//! // The same corner again is refused now, and nothing changes.
//! let before = g.s;
//! assert!(g.try_apply(a, &mut ()).is_err());
//! assert_eq!(g.s, before);
//! g.check_invariants().unwrap();
//! ```

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
