//! Rule sets: the variant enum, each variant's options and the modifier flags.
//!
//! Rule sets: the variant enum whose hooks the base rules call, the options each variant takes and
//! the modifier flags (types only: what they do is in `hooks` and each variant's module).

/// A rule option read by name in configs and reports: the enum, its `NAMES` in variant order,
/// `name` and `parse`.
macro_rules! named_option {
    ($(#[$m:meta])* $t:ident { $($(#[$vm:meta])* $v:ident = $n:literal,)+ }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $t {
            $($(#[$vm])* $v,)+
        }

        impl $t {
            pub const NAMES: &'static [&'static str] = &[$($n),+];
            pub fn name(self) -> &'static str {
                match self {
                    $($t::$v => $n,)+
                }
            }
            pub fn parse(s: &str) -> Option<Self> {
                match s {
                    $($n => Some($t::$v),)+
                    _ => None,
                }
            }
        }
    };
}

named_option! {
    /// Robert's targeting reading (RULINGS §1).
    RobertTarget {
        /// Among the hexes adjacent to Robert with a face-up token; the nearest ones if none.
        Adjacent = "adjacent",
        /// The best face-up token anywhere on the board.
        Global = "global",
    }
}

named_option! {
    /// What Robert's changed monopoly does (RULINGS §1).
    RobertMonopoly {
        /// The seed: every face-down token on the named resource's terrain flips face up.
        FlipUp = "flip-up",
        /// The base game's monopoly: take every card of the named resource from the other players.
        Take = "take",
    }
}

named_option! {
    /// Robert: what a reshuffle does to the armies on the table (the seed: "shuffle back all
    /// cards without ... 3 soldier cards for the player holding the largest army").
    ReshuffledKnights {
        /// The seed: a knight shuffled back leaves its player's army; the largest-army holder
        /// keeps the `keep_back` knights left on the table, every other army is empty.
        Leave = "leave",
        /// robsim before 2026-11-23: armies keep counting the knights shuffled back.
        Count = "count",
    }
}

named_option! {
    /// Solitaire: which development cards the seven's second step may take (the seed: "Lose
    /// 1 development card of your choice that has been collected but not used").
    LostCard {
        /// The seed: any card collected and not used, a victory point card included (its VP go
        /// with it).
        Any = "any",
        /// robsim before 2026-11-23: never a victory point card (read as used once drawn).
        NotVp = "not-vp",
    }
}

named_option! {
    /// Solitaire: what doubles on the seven's second roll give (the seed ties the doubles pick
    /// to the turn's roll, "Roll the dice for your 'turn' ... If you roll doubles, collect 1
    /// resource card of your choice"; `tech_advancement` says "Whenever a player rolls doubles").
    SecondRollDoubles {
        /// Neither pick: the second roll only moves the robber (robsim's reading so far).
        Nothing = "nothing",
        /// The `tech_advancement` pick ("whenever"), when that modifier is on; not the doubles pick.
        Tech = "tech",
        /// Both picks, as after the turn's roll: the doubles pick, and the tech pick when that
        /// modifier is on.
        Both = "both",
    }
}

named_option! {
    /// Raiders: whether a building the raiders took still collects discoveries from an unraided
    /// jungle (the seed lists what a taken building loses: "This piece no longer counts toward
    /// victory point totals", and its harbor; it says nothing of collecting).
    TakenDiscoveries {
        /// It collects, as every building on a jungle's corner does (robsim's reading so far).
        Collect = "collect",
        /// It collects nothing while taken: the piece is the raiders'.
        Lost = "lost",
    }
}

// `named_option!` derives no `Default` (most options have none); `RaidersRules` derives one.
#[allow(clippy::derivable_impls)]
impl Default for TakenDiscoveries {
    fn default() -> Self {
        TakenDiscoveries::Collect
    }
}

named_option! {
    /// Solitaire: what a knight may do (the seed describes only cancelling a seven).
    KnightPlay {
        /// Knights only cancel sevens (the default reading).
        CancelOnly = "cancel-only",
        /// Knights also play as in the base game before or after the roll: the robber moves to
        /// any undestroyed land tile (nobody to rob), and leaving a producing tile rolls the
        /// destruction die as after a seven.
        MoveRobber = "move-robber",
    }
}

/// Options of the Robert the Robber co-operative variant. Every number of the seed is a knob;
/// `Default` is the seed's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RobertRules {
    pub target: RobertTarget,
    /// Weight of a city when Robert counts buildings on a hex (1 or 2; a settlement is 1).
    pub city_weight: u8,
    /// Development cards dealt to each player at the start (the difficulty).
    pub start_cards: u8,
    /// Face-down tokens a soldier flips up, at most (the seed: 2).
    pub soldier_flips: u8,
    /// Face-down tokens a seven flips up, at most (the seed: 1).
    pub seven_flips: u8,
    /// Robert rests on every player-turn whose number is a multiple of this (the player rolls
    /// without him moving); 0: he moves every turn (the seed).
    pub robert_skip: u8,
    pub monopoly: RobertMonopoly,
    /// Knights of the largest army holder kept out of a reshuffle (the seed: 3).
    pub keep_back: u8,
    pub reshuffled_knights: ReshuffledKnights,
}

impl Default for RobertRules {
    fn default() -> Self {
        RobertRules {
            target: RobertTarget::Adjacent,
            city_weight: 1,
            start_cards: 0,
            soldier_flips: 2,
            seven_flips: 1,
            robert_skip: 0,
            monopoly: RobertMonopoly::FlipUp,
            keep_back: 3,
            reshuffled_knights: ReshuffledKnights::Leave,
        }
    }
}

impl RobertRules {
    /// Whether Robert moves before the roll on player-turn `turn` (1-based).
    #[inline]
    pub fn moves_on(&self, turn: u32) -> bool {
        self.robert_skip == 0 || !turn.is_multiple_of(self.robert_skip as u32)
    }
}

/// Options of Solitaire Catan (RULINGS §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolitaireRules {
    /// Longest road and largest army are awarded (2 VP each) at the usual thresholds.
    pub awards: bool,
    /// Faces of the destruction die that destroy the tile the robber left: 1 to this (the
    /// seed: 1-4, so 4; 0 never destroys, 6 always does).
    pub destroy_faces: u8,
    /// Destroyed tiles that lose the game (the seed: 5).
    pub tiles_to_lose: u8,
    pub lost_card: LostCard,
    pub knight_play: KnightPlay,
    pub second_roll_doubles: SecondRollDoubles,
}

impl Default for SolitaireRules {
    fn default() -> Self {
        SolitaireRules {
            awards: true,
            destroy_faces: 4,
            tiles_to_lose: 5,
            lost_card: LostCard::Any,
            knight_play: KnightPlay::CancelOnly,
            second_roll_doubles: SecondRollDoubles::Nothing,
        }
    }
}

/// Options of The Raiders of Catan (RULINGS §4): the seed's open points, each a switch, both
/// false by default; and the seed's numbers, `None` for the seed's count at the row's players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RaidersRules {
    /// Set-up settlements place raiders too (default: no; the seed says "each time a player
    /// builds", and set-up pieces are placed, not built).
    pub setup_raiders: bool,
    /// A starting settlement may touch a volcano (default: no, the official Seafarers rule).
    pub volcano_start: bool,
    /// Raiders in the pool at the start; `None`: the seed's [`RaidersRules::seed_pool`].
    pub raider_pool: Option<u8>,
    /// Raiders each built settlement or city places; `None`: the seed's
    /// [`RaidersRules::seed_per_build`].
    pub raiders_per_build: Option<u8>,
    /// A jungle counts as a producing neighbour in the takeover check (default: no; the seed
    /// takes a building when "resources can not be drawn from any of its neighboring land
    /// hexes", and a jungle yields discoveries, not resources).
    pub jungle_shelters: bool,
    /// Whether a taken building collects discoveries from an unraided jungle (default: yes).
    pub taken_discoveries: TakenDiscoveries,
}

impl RaidersRules {
    /// The seed's raiders in the pool at the start: 18 for 3-4 players, 24 for 5-6.
    pub fn seed_pool(players: u8) -> u8 {
        if players >= 5 {
            24
        } else {
            18
        }
    }
    /// The seed's raiders each built settlement or city places: 2 with 4 or 6 players, 3 with
    /// 3 or 5.
    pub fn seed_per_build(players: u8) -> u8 {
        if players.is_multiple_of(2) {
            2
        } else {
            3
        }
    }
    /// Raiders in the pool at the start of a game of `players`.
    pub fn pool(&self, players: u8) -> u8 {
        self.raider_pool.unwrap_or(Self::seed_pool(players))
    }
    /// Raiders each built settlement or city places in a game of `players`.
    pub fn per_build(&self, players: u8) -> u8 {
        self.raiders_per_build
            .unwrap_or(Self::seed_per_build(players))
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
    /// The Raiders of Catan: competitive, ships, desert raiders, to 13 VP (see `raiders.rs`).
    Raiders(RaidersRules),
}

impl Variant {
    pub const NAMES: &'static [&'static str] = &["base", "robert", "solitaire", "raiders"];
    pub fn name(&self) -> &'static str {
        match self {
            Variant::Base => "base",
            Variant::Robert(_) => "robert",
            Variant::Solitaire(_) => "solitaire",
            Variant::Raiders(_) => "raiders",
        }
    }
    /// The Raiders options, if this is The Raiders of Catan.
    pub fn raiders(&self) -> Option<RaidersRules> {
        match self {
            Variant::Raiders(r) => Some(*r),
            _ => None,
        }
    }
    /// Largest army is awarded (not in Raiders; Solitaire by its `awards` option).
    pub fn largest_army(&self) -> bool {
        !matches!(self, Variant::Raiders(_)) && self.awards()
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
    /// VP a player needs (10; 13 in Raiders).
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
    /// The Raiders of Catan: 13 VP to win.
    pub fn raiders(players: u8, r: RaidersRules) -> Rules {
        Rules {
            variant: Variant::Raiders(r),
            vp_to_win: 13,
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

/// A set of rule modifiers (a `u8` of flags). `Copy`, compared and hashed by value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Modifiers(pub u8);

impl Modifiers {
    pub const NONE: Modifiers = Modifiers(0);
    /// A mountain hex that produces rolls a die; on 1 it erupts.
    pub const VOLCANO: Modifiers = Modifiers(1);
    /// A hills hex that produces rolls a die; on 6 the current player gains 1 VP.
    pub const GOLD: Modifiers = Modifiers(2);
    /// Doubles give the roller 1 resource of their choice.
    pub const TECH_ADVANCEMENT: Modifiers = Modifiers(4);
    /// Every combination.
    pub const ALL_COMBINATIONS: [Modifiers; 8] = [
        Modifiers(0),
        Modifiers(1),
        Modifiers(2),
        Modifiers(3),
        Modifiers(4),
        Modifiers(5),
        Modifiers(6),
        Modifiers(7),
    ];
    /// The single modifiers' names, in canonical order.
    pub const NAMES: &'static [&'static str] = &["volcano", "gold", "tech_advancement"];
    const COMBO_NAMES: [&'static str; 8] = [
        "none",
        "volcano",
        "gold",
        "volcano+gold",
        "tech_advancement",
        "volcano+tech_advancement",
        "gold+tech_advancement",
        "volcano+gold+tech_advancement",
    ];

    #[inline(always)]
    pub fn has(self, m: Modifiers) -> bool {
        self.0 & m.0 == m.0 && m.0 != 0
    }
    #[inline(always)]
    pub fn union(self, m: Modifiers) -> Modifiers {
        Modifiers(self.0 | m.0)
    }
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// `none`, or the names joined by `+` in canonical order (`volcano+gold`).
    pub fn name(self) -> &'static str {
        Self::COMBO_NAMES[(self.0 & 7) as usize]
    }
    /// Parses `none` or names joined by `+` (any order, no repeats); `None` names the problem.
    pub fn parse(s: &str) -> Result<Modifiers, String> {
        let s = s.trim();
        if s == "none" {
            return Ok(Modifiers::NONE);
        }
        let mut m = Modifiers::NONE;
        for part in s.split('+') {
            let bit = match part.trim() {
                "volcano" => Modifiers::VOLCANO,
                "gold" => Modifiers::GOLD,
                "tech_advancement" => Modifiers::TECH_ADVANCEMENT,
                other => return Err(format!("unknown modifier {other:?}")),
            };
            if m.has(bit) {
                return Err(format!("modifier {:?} named twice", part.trim()));
            }
            m = m.union(bit);
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn names_round_trip() {
        for m in Modifiers::ALL_COMBINATIONS {
            assert_eq!(Modifiers::parse(m.name()), Ok(m));
        }
        assert_eq!(
            Modifiers::parse("gold+volcano"),
            Ok(Modifiers::VOLCANO.union(Modifiers::GOLD))
        );
        assert!(Modifiers::parse("lava").is_err());
        assert!(Modifiers::parse("gold+gold").is_err());
        assert!(Modifiers::parse("").is_err());
    }
}
