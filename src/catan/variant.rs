//! Rule sets: the variant enum whose hooks the base rules call, and the options each variant takes.

pub use super::modifiers::Modifiers;

/// Robert's targeting reading (RULINGS §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RobertTarget {
    /// Among the hexes adjacent to Robert with a face-up token; the nearest ones if none.
    Adjacent,
    /// The best face-up token anywhere on the board.
    Global,
}

impl RobertTarget {
    pub const NAMES: &'static [&'static str] = &["adjacent", "global"];
    pub fn name(self) -> &'static str {
        match self {
            RobertTarget::Adjacent => "adjacent",
            RobertTarget::Global => "global",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "adjacent" => Some(RobertTarget::Adjacent),
            "global" => Some(RobertTarget::Global),
            _ => None,
        }
    }
}

/// Options of the Robert the Robber co-operative variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RobertRules {
    pub target: RobertTarget,
    /// Weight of a city when Robert counts buildings on a hex (1 or 2; a settlement is 1).
    pub city_weight: u8,
    /// Development cards dealt to each player at the start (the difficulty).
    pub start_cards: u8,
}

impl Default for RobertRules {
    fn default() -> Self {
        RobertRules {
            target: RobertTarget::Adjacent,
            city_weight: 1,
            start_cards: 0,
        }
    }
}

/// Options of Solitaire Catan (RULINGS §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolitaireRules {
    /// Longest road and largest army are awarded (2 VP each) at the usual thresholds.
    pub awards: bool,
}

impl Default for SolitaireRules {
    fn default() -> Self {
        SolitaireRules { awards: true }
    }
}

/// Which game the engine plays. Each non-base variant owns its hooks in its own module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The standard competitive game.
    Base,
    /// Robert the Robber, co-operative (see `robert.rs`).
    Robert(RobertRules),
    /// Solitaire Catan: one player against the robber's destruction (see `solitaire.rs`).
    Solitaire(SolitaireRules),
}

impl Variant {
    pub const NAMES: &'static [&'static str] = &["base", "robert", "solitaire"];
    pub fn name(&self) -> &'static str {
        match self {
            Variant::Base => "base",
            Variant::Robert(_) => "robert",
            Variant::Solitaire(_) => "solitaire",
        }
    }
    /// The Robert options, if this is the Robert variant.
    pub fn robert(&self) -> Option<RobertRules> {
        match self {
            Variant::Robert(r) => Some(*r),
            _ => None,
        }
    }
    /// The Solitaire options, if this is Solitaire.
    pub fn solitaire(&self) -> Option<SolitaireRules> {
        match self {
            Variant::Solitaire(r) => Some(*r),
            _ => None,
        }
    }
    /// All players win or lose together.
    pub fn cooperative(&self) -> bool {
        matches!(self, Variant::Robert(_))
    }
    /// The game ends in a victory or defeat of all its players together (Robert co-op and
    /// Solitaire): `Outcome::TeamWin` / `TeamLoss`, reported as a win rate with an interval.
    pub fn team_outcome(&self) -> bool {
        matches!(self, Variant::Robert(_) | Variant::Solitaire(_))
    }
    /// The robber's hex does not produce (base game and Solitaire; Robert only flips tokens).
    pub fn robber_blocks(&self) -> bool {
        matches!(self, Variant::Base | Variant::Solitaire(_))
    }
    /// Longest road and largest army are awarded.
    pub fn awards(&self) -> bool {
        match self {
            Variant::Solitaire(s) => s.awards,
            _ => true,
        }
    }
}

/// The rules of one game: seats, variant, thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub players: u8,
    pub variant: Variant,
    /// VP a player needs (10 in every variant here).
    pub vp_to_win: u8,
    /// Player-turns after which the game stops as a cap-out.
    pub turn_cap: u32,
    /// A seven makes players holding more than this many cards discard half (7 in the base game).
    pub hand_limit: u8,
    /// Optional rules of the Solitaire seed, usable with every variant (RULINGS §3).
    pub modifiers: Modifiers,
}

impl Rules {
    pub fn base(players: u8) -> Rules {
        Rules {
            players,
            variant: Variant::Base,
            vp_to_win: 10,
            turn_cap: 5_000,
            hand_limit: 7,
            modifiers: Modifiers::NONE,
        }
    }
    pub fn robert(players: u8, r: RobertRules) -> Rules {
        Rules {
            variant: Variant::Robert(r),
            ..Rules::base(players)
        }
    }
    /// Solitaire Catan: one player, a seven halves hands of more than 5 cards.
    pub fn solitaire(r: SolitaireRules) -> Rules {
        Rules {
            variant: Variant::Solitaire(r),
            hand_limit: 5,
            ..Rules::base(1)
        }
    }
    /// The same rules with `m` as the modifier set.
    pub fn with_modifiers(self, m: Modifiers) -> Rules {
        Rules {
            modifiers: m,
            ..self
        }
    }
}
