//! Dense ids, resources, terrains, cards and the capacity limits every table is sized by.

/// Most hexes (land and sea) a map may list: fits a [`HexSet`](super::bits::HexSet).
pub const MAX_HEXES: usize = 128;
/// Most corners a map may derive: fits a [`CornerSet`](super::bits::CornerSet).
pub const MAX_CORNERS: usize = 192;
/// Most edges a map may derive: fits an [`EdgeSet`](super::bits::EdgeSet).
pub const MAX_EDGES: usize = 256;
/// Most players any Catan variant seats (Raiders: 6).
pub const MAX_PLAYERS: usize = 6;

macro_rules! id_type {
    ($(#[$m:meta])* $name:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(pub u8);
        impl $name {
            /// The id as a table index.
            #[inline(always)]
            pub const fn idx(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(
    /// Index of a hex in the map's hex table (land or sea).
    HexId
);
id_type!(
    /// Index of an intersection (where buildings stand).
    CornerId
);
id_type!(
    /// Index of a path between two corners (where roads stand).
    EdgeId
);
id_type!(
    /// Seat index, 0-based, in turn order.
    PlayerId
);

/// The five resources, in a fixed order used by every `[u8; 5]` hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Resource {
    Brick = 0,
    Lumber = 1,
    Wool = 2,
    Grain = 3,
    Ore = 4,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];
    #[inline(always)]
    pub const fn idx(self) -> usize {
        self as usize
    }
    pub const fn from_idx(i: usize) -> Resource {
        Resource::ALL[i]
    }
    pub const fn name(self) -> &'static str {
        match self {
            Resource::Brick => "brick",
            Resource::Lumber => "lumber",
            Resource::Wool => "wool",
            Resource::Grain => "grain",
            Resource::Ore => "ore",
        }
    }
}

/// A count of each resource, indexed by [`Resource::idx`].
pub type Hand = [u8; 5];

/// Terrain of a hex. Sea carries no corners of its own in the base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Hills,
    Forest,
    Pasture,
    Fields,
    Mountains,
    Desert,
    Sea,
    /// Seafarers volcano (Raiders): produces grain in this variant, then erupts on one corner.
    Volcano,
    /// Seafarers jungle (Raiders): adjacent buildings collect discoveries, not resources.
    Jungle,
}

impl Terrain {
    pub const LAND: [Terrain; 6] = [
        Terrain::Hills,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
        Terrain::Desert,
    ];
    /// What the terrain produces, if anything.
    #[inline(always)]
    pub const fn resource(self) -> Option<Resource> {
        match self {
            Terrain::Hills => Some(Resource::Brick),
            Terrain::Forest => Some(Resource::Lumber),
            Terrain::Pasture => Some(Resource::Wool),
            Terrain::Fields => Some(Resource::Grain),
            Terrain::Mountains => Some(Resource::Ore),
            // The Raiders seed: "when a volcano erupts, a player collects grain instead of gold".
            Terrain::Volcano => Some(Resource::Grain),
            Terrain::Desert | Terrain::Sea | Terrain::Jungle => None,
        }
    }
    /// The terrain that produces `r`.
    pub const fn of_resource(r: Resource) -> Terrain {
        match r {
            Resource::Brick => Terrain::Hills,
            Resource::Lumber => Terrain::Forest,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Ore => Terrain::Mountains,
        }
    }
    pub const fn is_land(self) -> bool {
        !matches!(self, Terrain::Sea)
    }
    /// Whether a hex of this terrain carries a number token (producing terrain and the jungle).
    pub const fn takes_token(self) -> bool {
        self.resource().is_some() || matches!(self, Terrain::Jungle)
    }
    /// Name used in map files, reports and traces.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Hills => "hills",
            Terrain::Forest => "forest",
            Terrain::Pasture => "pasture",
            Terrain::Fields => "fields",
            Terrain::Mountains => "mountains",
            Terrain::Desert => "desert",
            Terrain::Sea => "sea",
            Terrain::Volcano => "volcano",
            Terrain::Jungle => "jungle",
        }
    }
    pub fn parse(s: &str) -> Option<Terrain> {
        [
            Terrain::Hills,
            Terrain::Forest,
            Terrain::Pasture,
            Terrain::Fields,
            Terrain::Mountains,
            Terrain::Desert,
            Terrain::Sea,
            Terrain::Volcano,
            Terrain::Jungle,
        ]
        .into_iter()
        .find(|t| t.name() == s)
    }
}

/// Harbor kinds: a generic 3:1 harbor or a 2:1 harbor for one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HarborKind {
    Generic,
    Special(Resource),
}

impl HarborKind {
    /// Bit used in a player's harbor mask: bit 5 generic, bits 0..5 the 2:1 resource.
    pub const fn bit(self) -> u8 {
        match self {
            HarborKind::Generic => 1 << 5,
            HarborKind::Special(r) => 1 << (r as u8),
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            HarborKind::Generic => "3:1",
            HarborKind::Special(r) => r.name(),
        }
    }
    pub fn parse(s: &str) -> Option<HarborKind> {
        if s == "3:1" || s == "generic" {
            return Some(HarborKind::Generic);
        }
        Resource::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .map(HarborKind::Special)
    }
}

/// Development card kinds, indexed by [`DevCard::idx`] in `[u8; 5]` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum DevCard {
    Knight = 0,
    VictoryPoint = 1,
    RoadBuilding = 2,
    YearOfPlenty = 3,
    Monopoly = 4,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];
    /// The standard 25-card deck: 14 knights, 5 VP, 2 road building, 2 year of plenty, 2 monopoly.
    pub const DECK: [u8; 5] = [14, 5, 2, 2, 2];
    #[inline(always)]
    pub const fn idx(self) -> usize {
        self as usize
    }
    pub const fn name(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "victory_point",
            DevCard::RoadBuilding => "road_building",
            DevCard::YearOfPlenty => "year_of_plenty",
            DevCard::Monopoly => "monopoly",
        }
    }
}

/// Pips (dots) under a number token: how many of the 36 dice outcomes roll it.
#[inline(always)]
pub const fn pips(number: u8) -> u8 {
    if number < 2 || number > 12 || number == 7 {
        0
    } else {
        6 - (7i8 - number as i8).unsigned_abs()
    }
}

/// Building costs as hands.
pub const ROAD_COST: Hand = [1, 1, 0, 0, 0];
pub const SETTLEMENT_COST: Hand = [1, 1, 1, 1, 0];
pub const CITY_COST: Hand = [0, 0, 0, 2, 3];
pub const DEV_COST: Hand = [0, 0, 1, 1, 1];
/// Seafarers ship: lumber + wool.
pub const SHIP_COST: Hand = [0, 1, 1, 0, 0];
/// Pieces per player.
pub const ROADS_PER_PLAYER: u8 = 15;
pub const SETTLEMENTS_PER_PLAYER: u8 = 5;
pub const CITIES_PER_PLAYER: u8 = 4;
/// Seafarers ships per player.
pub const SHIPS_PER_PLAYER: u8 = 15;
/// Most raider (starting) deserts a map may mark.
pub const MAX_RAIDER_DESERTS: usize = 8;
/// Bank stock per resource.
pub const BANK_PER_RESOURCE: u8 = 19;

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn pips_match_the_dots() {
        let want = [0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1];
        for (n, w) in want.iter().enumerate() {
            assert_eq!(pips(n as u8), *w, "number {n}");
        }
    }
}
