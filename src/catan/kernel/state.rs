//! The game state (a small `Copy` value), its phases, actions, chance outcomes and events.

use super::bits::{CornerSet, EdgeSet, HexSet};
use super::ids::*;

/// "No player" in `u8` player slots.
pub const NO_PLAYER: u8 = u8::MAX;

/// How a game ended (or `Over` was reached).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Competitive game: this seat reached the VP target on its turn.
    Winner(PlayerId),
    /// Co-operative game: every player reached the VP target.
    TeamWin,
    /// Co-operative game: the opponent (Robert) won.
    TeamLoss,
    /// The turn cap stopped the game before either.
    Cap,
}

/// Where the turn is. Chance phases are resolved by the runner through [`ChanceOutcome`]s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance: deal the next starting development card (Robert difficulty).
    Deal,
    SetupSettlement,
    SetupRoad,
    /// Before the roll: roll, or play a knight (base); let Robert move or play a soldier (Robert).
    PreRoll,
    /// Chance: the dice.
    Dice,
    /// Players over the hand limit discard one card at a time; the actor is the first such seat.
    Discard,
    /// Base: the current player moves the robber and names a victim.
    MoveRobber,
    /// Chance: which card is stolen from `State::victim`.
    Steal,
    /// Chance: which development card is drawn.
    Draw,
    /// Chance: Robert's target among equally ranked hexes.
    RobertTie,
    /// Robert: the current player flips face-down tokens up (`State::flips_left` more).
    FlipUp,
    /// Build, trade and play cards; ends with `EndTurn`.
    Main,
    /// Road building card: `State::free_roads` more free roads.
    RoadBuilding,
    /// Solitaire seven: cancel it with a knight in hand, or accept it.
    SevenChoice,
    /// Solitaire seven, step 2: the player names an unplayed development card to lose.
    LoseDev,
    /// Chance (Solitaire seven, step 3): the second roll that sends the robber.
    RobberRoll,
    /// Chance (Solitaire): the robber's tile among equally hurting ones.
    RobberTie,
    /// Chance (Solitaire): the die for the tile the robber left (`State::leaving`); 1-4 destroys it.
    DestroyDie,
    /// Chance (Solitaire monopoly): one die; half of it (rounded down) of `State::mono_res`.
    MonopolyDie,
    /// Chance (volcano, gold): one die for the lowest hex in `State::pending_dice`.
    ModifierDie,
    /// The current player picks a bonus resource (Solitaire doubles, tech advancement).
    Bonus,
    /// Raiders: the builder puts the next of `RaidersState::to_place` raiders on a raider desert.
    PlaceRaider,
    /// Raiders: a soldier was played; the player takes a raider off a land hex.
    RemoveRaider,
    /// Raiders seven: the roller names the player to take a random card from.
    ChooseVictim,
    /// Raiders with 5-6 players: the special building phase; `current` is the seat building,
    /// `RaidersState::turn_owner` the seat whose turn it is.
    SpecialBuild,
    Over(Outcome),
}

impl Phase {
    /// True where the runner, not a player, decides what happens next.
    #[inline(always)]
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Phase::Deal
                | Phase::Dice
                | Phase::Steal
                | Phase::Draw
                | Phase::RobertTie
                | Phase::RobberRoll
                | Phase::RobberTie
                | Phase::DestroyDie
                | Phase::MonopolyDie
                | Phase::ModifierDie
        )
    }
}

/// A player's decision. Which ones are legal depends on the phase (see `Game::legal_actions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set-up placement or a paid (or free, during road building) build.
    BuildRoad(EdgeId),
    BuildSettlement(CornerId),
    BuildCity(CornerId),
    BuyDev,
    Roll,
    /// Robert variant: let Robert move and flip a token (the alternative to a soldier).
    RobertMoves,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty(Resource, Resource),
    PlayMonopoly(Resource),
    /// Move the robber to a hex and steal from `victim` (`NO_PLAYER` when nobody can be robbed).
    MoveRobber {
        hex: HexId,
        victim: u8,
    },
    Discard(Resource),
    FlipUp(HexId),
    /// Solitaire: discard a knight to cancel the seven.
    CancelSeven,
    /// Solitaire: let the seven happen although a knight could cancel it.
    AcceptSeven,
    /// Solitaire seven: lose this unplayed development card.
    LoseDev(DevCard),
    /// Take a bonus resource from the bank (Solitaire doubles, tech advancement).
    TakeBonus(Resource),
    /// Raiders: build a ship (set-up: the first settlement's ship; road building: free).
    BuildShip(EdgeId),
    /// Raiders: move the open end ship of a route (once per turn, not one built this turn).
    MoveShip {
        from: EdgeId,
        to: EdgeId,
    },
    /// Raiders: put a raider from the pool on this raider desert.
    PlaceRaider(HexId),
    /// Raiders soldier: take the raider off this land hex (a raided hex or a raider desert).
    RemoveRaider(HexId),
    /// Raiders seven: take a random card from this player.
    StealFrom(PlayerId),
    /// Trade with the bank or a harbor at the player's best rate for `give`.
    BankTrade {
        give: Resource,
        get: Resource,
    },
    /// Trade between the current player and `with`, both agreeing (policies decide that).
    Trade {
        with: PlayerId,
        give: Hand,
        get: Hand,
    },
    EndTurn,
}

/// What a chance phase's runner supplies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceOutcome {
    Dice(u8, u8),
    Resource(Resource),
    Card(DevCard),
    Hex(HexId),
    /// One die, 1..=6.
    Die(u8),
}

/// The distribution a chance phase draws from, for the runner to sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChanceDist {
    /// Two fair dice.
    Dice,
    /// One fair die.
    Die,
    /// A card from a pile: weights are the counts, outcome the index (resource or card kind).
    Weighted([u8; 5]),
    /// One hex, uniformly.
    Uniform(HexSet),
}

/// Why a token was flipped (Robert variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlipCause {
    Robert,
    Soldier,
    Seven,
    Monopoly,
}

impl FlipCause {
    pub const ALL: [FlipCause; 4] = [
        FlipCause::Robert,
        FlipCause::Soldier,
        FlipCause::Seven,
        FlipCause::Monopoly,
    ];
    pub fn name(self) -> &'static str {
        match self {
            FlipCause::Robert => "robert",
            FlipCause::Soldier => "soldier",
            FlipCause::Seven => "seven",
            FlipCause::Monopoly => "monopoly",
        }
    }
}

/// Why a player took a bonus resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BonusCause {
    /// Solitaire: doubles give 1 resource of choice.
    Doubles,
    /// The `tech_advancement` modifier: doubles give 1 resource of choice.
    TechAdvancement,
}

impl BonusCause {
    pub fn name(self) -> &'static str {
        match self {
            BonusCause::Doubles => "doubles",
            BonusCause::TechAdvancement => "tech_advancement",
        }
    }
}

/// Pending bonus picks (`State::bonus` bits).
pub const BONUS_DOUBLES: u8 = 1;
pub const BONUS_TECH: u8 = 2;

/// What happened, reported to a [`Sink`] as it happens (statistics and traces are sinks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    TurnStart {
        turn: u32,
        player: PlayerId,
    },
    Roll {
        player: PlayerId,
        d1: u8,
        d2: u8,
    },
    Produce {
        player: PlayerId,
        resource: Resource,
        amount: u8,
    },
    /// The bank could not pay every player this resource, so nobody got it.
    Shortage {
        resource: Resource,
        wanted: u8,
    },
    Build {
        player: PlayerId,
        piece: Piece,
        at: u8,
        free: bool,
    },
    DevBought {
        player: PlayerId,
        card: DevCard,
    },
    DevDealt {
        player: PlayerId,
        card: DevCard,
    },
    DevPlayed {
        player: PlayerId,
        card: DevCard,
    },
    YearOfPlenty {
        player: PlayerId,
        a: Resource,
        b: Resource,
    },
    Monopoly {
        player: PlayerId,
        resource: Resource,
        taken: u8,
    },
    Robber {
        player: PlayerId,
        hex: HexId,
        victim: u8,
    },
    Steal {
        thief: PlayerId,
        victim: PlayerId,
        resource: Resource,
    },
    Discard {
        player: PlayerId,
        resource: Resource,
    },
    BankTrade {
        player: PlayerId,
        give: Resource,
        rate: u8,
        get: Resource,
    },
    Trade {
        player: PlayerId,
        with: PlayerId,
        give: Hand,
        get: Hand,
    },
    /// A token turned face down (`down`) or face up, and why.
    Flip {
        hex: HexId,
        down: bool,
        cause: FlipCause,
    },
    RobertMove {
        from: HexId,
        to: HexId,
    },
    LongestRoad {
        holder: u8,
        length: u8,
    },
    LargestArmy {
        holder: u8,
        knights: u16,
    },
    /// Robert variant: the played pile went back into the deck.
    Reshuffle {
        cards: u8,
    },
    GameOver {
        outcome: Outcome,
        turn: u32,
    },
    /// Solitaire: a knight discarded to cancel a seven.
    SevenCancelled {
        player: PlayerId,
    },
    /// Solitaire seven: an unplayed development card lost.
    DevLost {
        player: PlayerId,
        card: DevCard,
    },
    /// Solitaire seven: the second roll (`roll`, 2..=12) sent the robber from `from` to `to`
    /// (`to == from` when he stays).
    SoloRobber {
        from: HexId,
        to: HexId,
        roll: u8,
    },
    /// Solitaire: the die for the tile the robber left; `destroyed` on 1-4.
    Destruction {
        hex: HexId,
        die: u8,
        destroyed: bool,
    },
    /// Volcano: the mountain hex erupted; `Removed` events follow.
    Eruption {
        hex: HexId,
    },
    /// A piece taken off the board by an eruption (`City`: the city became a settlement).
    Removed {
        player: PlayerId,
        piece: Piece,
        at: u8,
    },
    /// Gold: the current player gains 1 VP from a producing hills hex.
    Gold {
        player: PlayerId,
        hex: HexId,
    },
    /// A bonus resource taken from the bank.
    Bonus {
        player: PlayerId,
        resource: Resource,
        cause: BonusCause,
    },
    /// Raiders: a raider from the pool put on a raider desert by the builder.
    RaiderPlaced {
        player: PlayerId,
        desert: HexId,
    },
    /// Raiders: the pool is empty; the storm of the desert raiders begins.
    StormBegins {
        turn: u32,
    },
    /// Raiders storm: a raider taken from `desert` raids `hex`.
    Raid {
        hex: HexId,
        desert: HexId,
    },
    /// Raiders: a soldier took the raider off `hex` (a raided hex or a raider desert).
    RaiderRemoved {
        player: PlayerId,
        hex: HexId,
    },
    /// Raiders: the building on `at` was taken by the raiders (`taken`) or freed.
    Taken {
        player: PlayerId,
        at: u8,
        taken: bool,
    },
    /// Raiders: the road on `at` lies between two raider-covered hexes (`cancelled`) or is back.
    RoadCancelled {
        player: PlayerId,
        at: u8,
        cancelled: bool,
    },
    /// Raiders jungle: discoveries collected.
    Discoveries {
        player: PlayerId,
        amount: u8,
    },
    /// Raiders: discoveries spent instead of resources on a development card.
    DiscoveriesSpent {
        player: PlayerId,
        amount: u8,
    },
    ShipMoved {
        player: PlayerId,
        from: EdgeId,
        to: EdgeId,
    },
    /// Raiders volcano: the die picked corner `die` (1 = the top corner, clockwise) of `hex`.
    VolcanoDie {
        hex: HexId,
        die: u8,
    },
}

/// Pieces on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Road,
    Settlement,
    City,
    /// Seafarers ship (Raiders).
    Ship,
}

impl Piece {
    /// Roads and ships stand on edges; settlements and cities on corners.
    pub fn on_edge(self) -> bool {
        matches!(self, Piece::Road | Piece::Ship)
    }
    pub fn name(self) -> &'static str {
        match self {
            Piece::Road => "road",
            Piece::Settlement => "settlement",
            Piece::City => "city",
            Piece::Ship => "ship",
        }
    }
}

/// Receives events: the engine's sink over Catan's [`Event`]s (`()` ignores them at no cost).
pub use crate::engine::play::Sink;

/// One seat's holdings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    pub hand: Hand,
    /// Development cards that may be played (bought before this turn, or dealt).
    pub dev: [u8; 5],
    /// Development cards bought this turn: not playable until the next turn.
    pub dev_new: [u8; 5],
    pub knights_played: u16,
    pub roads_left: u8,
    pub settlements_left: u8,
    pub cities_left: u8,
    /// Settlements and cities.
    pub buildings: CornerSet,
    pub cities: CornerSet,
    pub roads: EdgeSet,
    /// Corners touched by this player's roads or buildings.
    pub net: CornerSet,
    /// Harbor bits ([`HarborKind::bit`]) of the player's buildings.
    pub harbors: u8,
    /// Longest trail of this player's roads (cut by other players' buildings).
    pub road_length: u8,
    /// VP from gold found in the hills (the `gold` modifier).
    pub gold_vp: u8,
    /// Total VP, including VP cards, gold, longest road and largest army.
    pub vp: u8,
    /// Raiders: ships on the board, ships in stock, discoveries, raiders taken by soldiers.
    pub ships: EdgeSet,
    pub ships_left: u8,
    pub discoveries: u16,
    pub raiders_kept: u8,
}

impl PlayerState {
    #[inline(always)]
    pub fn hand_size(&self) -> u32 {
        self.hand.iter().map(|&x| x as u32).sum()
    }
    /// VP cards held (hidden from the other players).
    #[inline(always)]
    pub fn vp_cards(&self) -> u8 {
        self.dev[DevCard::VictoryPoint.idx()] + self.dev_new[DevCard::VictoryPoint.idx()]
    }
    /// Best bank rate for giving `r`: 2 at its 2:1 harbor, 3 at a generic harbor, else 4.
    #[inline(always)]
    pub fn rate(&self, r: Resource) -> u8 {
        if self.harbors & HarborKind::Special(r).bit() != 0 {
            2
        } else if self.harbors & HarborKind::Generic.bit() != 0 {
            3
        } else {
            4
        }
    }
}

/// The Raiders of Catan's part of the state (all zero / empty in other variants).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaidersState {
    /// Raiders not yet placed on a desert; the storm begins when it reaches 0.
    pub pool: u8,
    /// Raiders on each raider desert, by its place in `Topology::raider_desert_list`.
    pub on_desert: [u8; MAX_RAIDER_DESERTS],
    /// Non-desert land hexes holding a raider.
    pub raided: HexSet,
    /// Hexes raided by this turn's roll: they still produce this turn.
    pub arrived: HexSet,
    /// Buildings taken by the raiders (no VP, harbor unusable).
    pub taken: CornerSet,
    /// Roads between two raider-covered hexes: out of play.
    pub cancelled: EdgeSet,
    /// Ships built this turn (they may not be moved).
    pub new_ships: EdgeSet,
    /// Raiders the builder still has to place after the last build.
    pub to_place: u8,
    /// Where the game goes once the raiders are placed.
    pub resume: Option<Phase>,
    /// The player-turn the storm began (0 also when it began during set-up; `pool == 0` says
    /// whether it has begun).
    pub storm_turn: u32,
    /// A ship was moved this turn.
    pub ship_moved: bool,
    /// Special building phase: whose turn it is (`NO_PLAYER` outside the phase).
    pub turn_owner: u8,
}

/// Everything that changes during a game. `Copy`; no heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    pub n_players: u8,
    pub current: u8,
    /// Player-turns started so far (set-up not counted); the cap is on this.
    pub turn: u32,
    pub phase: Phase,
    pub players: [PlayerState; MAX_PLAYERS],
    pub bank: Hand,
    pub deck: [u8; 5],
    /// Played development cards not in the deck (Robert reshuffles these).
    pub played: [u8; 5],
    /// 0 empty, else `1 + seat`, plus `CITY_FLAG` for a city.
    pub corner_owner: [u8; MAX_CORNERS],
    /// 0 empty, else `1 + seat`.
    pub edge_owner: [u8; MAX_EDGES],
    pub occupied: CornerSet,
    /// Occupied corners and their neighbours: closed by the distance rule.
    pub blocked: CornerSet,
    pub roads: EdgeSet,
    /// The robber's hex (Robert's hex in the Robert variant).
    pub robber: HexId,
    /// Tokens face down (Robert variant).
    pub face_down: HexSet,
    pub longest_road: u8,
    pub largest_army: u8,
    pub dev_played: bool,
    pub rolled: bool,
    pub last_roll: u8,
    pub discards: [u8; MAX_PLAYERS],
    pub victim: u8,
    pub free_roads: u8,
    pub flips_left: u8,
    pub flip_cause: FlipCause,
    /// Set-up placements done (0 .. 2 * players).
    pub setup_step: u8,
    pub last_settlement: CornerId,
    /// Starting development cards still to deal, per seat.
    pub deal_left: [u8; MAX_PLAYERS],
    /// Solitaire: destroyed tiles (their tokens removed for good).
    pub destroyed: HexSet,
    /// Volcano / gold: hexes whose modifier die is still to roll.
    pub pending_dice: HexSet,
    /// Bonus picks still owed this roll ([`BONUS_DOUBLES`], [`BONUS_TECH`] bits).
    pub bonus: u8,
    /// Solitaire: the tile the robber just left (for `Phase::DestroyDie`).
    pub leaving: HexId,
    /// Solitaire: the seven's second roll (2..=12), for the robber's move.
    pub robber_roll: u8,
    /// Solitaire monopoly: the named resource (for `Phase::MonopolyDie`).
    pub mono_res: Resource,
    /// The Raiders of Catan.
    pub raiders: RaidersState,
}

/// Flag added to `corner_owner` for a city.
pub const CITY_FLAG: u8 = 0x10;
/// Flag added to `edge_owner` for a ship.
pub const SHIP_FLAG: u8 = 0x10;

impl State {
    #[inline(always)]
    pub fn player(&self, p: PlayerId) -> &PlayerState {
        &self.players[p.idx()]
    }
    #[inline(always)]
    pub fn cur(&self) -> &PlayerState {
        &self.players[self.current as usize]
    }
    /// Owner of the building on a corner, if any.
    #[inline(always)]
    pub fn owner_at(&self, c: CornerId) -> Option<PlayerId> {
        let o = self.corner_owner[c.idx()];
        (o != 0).then(|| PlayerId((o & 0x0f) - 1))
    }
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(o) => Some(o),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state is copied into every game and read on every step: keep it small. The bulk is
    /// the per-corner and per-edge owner bytes (192 + 256) and six seats' bitsets.
    #[test]
    fn state_stays_small() {
        let size = std::mem::size_of::<State>();
        assert!(size <= 1792, "State grew to {size} bytes");
        assert!(std::mem::size_of::<Action>() <= 12);
        assert!(std::mem::size_of::<Event>() <= 16);
    }
}
