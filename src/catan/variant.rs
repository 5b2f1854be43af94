//! Rule sets: the variant enum whose hooks the base rules call, and the options each variant takes.

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

/// Which game the engine plays. Each non-base variant owns its hooks in its own module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The standard competitive game.
    Base,
    /// Robert the Robber, co-operative (see `robert.rs`).
    Robert(RobertRules),
}

impl Variant {
    pub const NAMES: &'static [&'static str] = &["base", "robert"];
    pub fn name(&self) -> &'static str {
        match self {
            Variant::Base => "base",
            Variant::Robert(_) => "robert",
        }
    }
    /// All players win or lose together.
    pub fn cooperative(&self) -> bool {
        matches!(self, Variant::Robert(_))
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
}

impl Rules {
    pub fn base(players: u8) -> Rules {
        Rules {
            players,
            variant: Variant::Base,
            vp_to_win: 10,
            turn_cap: 5_000,
            hand_limit: 7,
        }
    }
    pub fn robert(players: u8, r: RobertRules) -> Rules {
        Rules {
            variant: Variant::Robert(r),
            ..Rules::base(players)
        }
    }
}
