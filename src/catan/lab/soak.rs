//! Catan's part of `robsim soak` (see `games::soak`): random games of every variant, rule option
//! and modifier combination, with [`Game::check_invariants`] after every step and arbitrary (mostly illegal)
//! actions thrown at [`Game::try_apply`], which must refuse them without changing the state.

use crate::catan::policy::RandomPolicy;
use crate::catan::sim::{layout_for, GameRngs};
use crate::catan::SecondRollDoubles as Doubles;
use crate::catan::*;
use crate::engine::seeds::Rng;
use rand::{Rng as _, SeedableRng};

/// The rules of soak game `i`: cycles through base (2..4 players), Robert (2..4 players, every
/// difficulty, both readings, both city weights, and the seed's numbers or one of two sets of
/// other rule-knob values), Solitaire (awards on and off, seed or other knob values) and Raiders
/// (3..6 players, both options on and off, seed or other raider counts; fixed boards, a 600
/// player-turn cap since random players rarely reach 13 VP), each with every modifier
/// combination, on fixed and shuffled boards.
pub fn soak_rules(i: u64) -> (Rules, BoardKind) {
    let mut configs: Vec<Rules> = Vec::new();
    for p in 2..=4 {
        configs.push(Rules::base(p));
    }
    for p in 2..=4 {
        for start_cards in 0..=3 {
            for target in [RobertTarget::Adjacent, RobertTarget::Global] {
                for city_weight in 1..=2 {
                    let seed = RobertRules {
                        target,
                        city_weight,
                        start_cards,
                        ..RobertRules::default()
                    };
                    let more = RobertRules {
                        reshuffled_knights: ReshuffledKnights::Count,
                        soldier_flips: 3,
                        seven_flips: 0,
                        robert_skip: 4,
                        monopoly: RobertMonopoly::Take,
                        keep_back: 0,
                        ..seed
                    };
                    let fewer = RobertRules {
                        soldier_flips: 0,
                        seven_flips: 2,
                        robert_skip: 1,
                        keep_back: 14,
                        ..seed
                    };
                    configs.push(Rules::robert(p, seed));
                    configs.push(Rules {
                        hand_limit: 9,
                        vp_to_win: 8,
                        ..Rules::robert(p, more)
                    });
                    configs.push(Rules {
                        hand_limit: 3,
                        vp_to_win: 12,
                        ..Rules::robert(p, fewer)
                    });
                }
            }
        }
    }
    for awards in [true, false] {
        for (destroy_faces, tiles_to_lose, hand_limit, lost_card, knight_play, doubles) in [
            (
                4,
                5,
                5,
                LostCard::Any,
                KnightPlay::CancelOnly,
                Doubles::Nothing,
            ),
            (
                4,
                5,
                5,
                LostCard::NotVp,
                KnightPlay::MoveRobber,
                Doubles::Both,
            ),
            (
                6,
                3,
                3,
                LostCard::Any,
                KnightPlay::MoveRobber,
                Doubles::Tech,
            ),
            (
                0,
                18,
                9,
                LostCard::NotVp,
                KnightPlay::CancelOnly,
                Doubles::Both,
            ),
        ] {
            configs.push(Rules {
                hand_limit,
                ..Rules::solitaire(SolitaireRules {
                    awards,
                    destroy_faces,
                    tiles_to_lose,
                    lost_card,
                    knight_play,
                    second_roll_doubles: doubles,
                })
            });
        }
    }
    for p in 3..=6 {
        for setup_raiders in [false, true] {
            for volcano_start in [false, true] {
                for (pool, per_build, jungle_shelters, taken) in [
                    (None, None, false, TakenDiscoveries::Collect),
                    (Some(6), Some(1), true, TakenDiscoveries::Collect),
                    (Some(40), Some(4), false, TakenDiscoveries::Lost),
                ] {
                    configs.push(Rules {
                        turn_cap: 600,
                        ..Rules::raiders(
                            p,
                            RaidersRules {
                                setup_raiders,
                                volcano_start,
                                raider_pool: pool,
                                raiders_per_build: per_build,
                                jungle_shelters,
                                taken_discoveries: taken,
                            },
                        )
                    });
                }
            }
        }
    }
    let n = configs.len() as u64;
    let rules = configs[(i % n) as usize]
        .with_modifiers(Modifiers::ALL_COMBINATIONS[((i / n) % 8) as usize]);
    let board = match (i / (n * 8)) % 3 {
        _ if rules.variant.raiders().is_some() => BoardKind::Fixed,
        0 => BoardKind::Random { red_apart: true },
        1 => BoardKind::Random { red_apart: false },
        _ => BoardKind::Fixed,
    };
    (rules, board)
}

/// The shipped maps a soak plays on: the base map, and the Raiders maps by player count.
pub struct SoakMaps {
    pub base: Topology,
    pub raiders_3_4: Topology,
    pub raiders_5_6: Topology,
}

impl SoakMaps {
    pub fn shipped() -> SoakMaps {
        let build = |name: &str| {
            Topology::build(&crate::catan::mapfile::resolve_map(name).expect("a shipped map"))
                .expect("a shipped map builds")
        };
        SoakMaps {
            base: build("base"),
            raiders_3_4: build("raiders-3-4"),
            raiders_5_6: build("raiders-5-6"),
        }
    }
    /// The map the rules are played on.
    pub fn topo_for(&self, rules: &Rules) -> &Topology {
        match rules.variant {
            Variant::Raiders(_) if rules.players >= 5 => &self.raiders_5_6,
            Variant::Raiders(_) => &self.raiders_3_4,
            _ => &self.base,
        }
    }
}

/// Any action at all, legal or not, with ids inside the topology's ranges (and a few beyond).
pub fn arbitrary_action(t: &Topology, r: &mut Rng) -> Action {
    let res = |r: &mut Rng| Resource::from_idx(r.random_range(0..5));
    let hand = |r: &mut Rng| -> Hand { std::array::from_fn(|_| r.random_range(0..3u8)) };
    let edge = |r: &mut Rng| EdgeId(r.random_range(0..=t.n_edges.min(255)) as u8);
    let hex = |r: &mut Rng| HexId(r.random_range(0..=t.n_hexes.min(127)) as u8);
    match r.random_range(0..26u32) {
        0 => Action::BuildRoad(EdgeId(r.random_range(0..=t.n_edges.min(255)) as u8)),
        1 => Action::BuildSettlement(CornerId(r.random_range(0..=t.n_corners.min(255)) as u8)),
        2 => Action::BuildCity(CornerId(r.random_range(0..=t.n_corners.min(255)) as u8)),
        3 => Action::BuyDev,
        4 => Action::Roll,
        5 => Action::RobertMoves,
        6 => Action::PlayKnight,
        7 => Action::PlayRoadBuilding,
        8 => Action::PlayYearOfPlenty(res(r), res(r)),
        9 => Action::PlayMonopoly(res(r)),
        10 => Action::MoveRobber {
            hex: HexId(r.random_range(0..=t.n_hexes.min(127)) as u8),
            victim: r.random_range(0..=MAX_PLAYERS as u8),
        },
        11 => Action::Discard(res(r)),
        12 => Action::FlipUp(HexId(r.random_range(0..=t.n_hexes.min(127)) as u8)),
        13 => Action::CancelSeven,
        14 => Action::AcceptSeven,
        15 => Action::LoseDev(DevCard::ALL[r.random_range(0..5)]),
        16 => Action::TakeBonus(res(r)),
        17 => Action::BankTrade {
            give: res(r),
            get: res(r),
        },
        18 => Action::Trade {
            with: PlayerId(r.random_range(0..MAX_PLAYERS as u8)),
            give: hand(r),
            get: hand(r),
        },
        19 => Action::BuildShip(edge(r)),
        20 => Action::MoveShip {
            from: edge(r),
            to: edge(r),
        },
        21 => Action::PlaceRaider(hex(r)),
        22 => Action::RemoveRaider(hex(r)),
        23 => Action::StealFrom(PlayerId(r.random_range(0..=MAX_PLAYERS as u8))),
        _ => Action::EndTurn,
    }
}

pub use crate::engine::soak::SoakReport;

/// Catan's games in a [`SoakReport`] (every variant).
pub const FAMILY: &str = "Catan";
use crate::engine::soak::{soak_play, Soaked};

impl<'t> Soaked for Game<'t> {
    type Snapshot = State;
    type Memo = RoadMemo;
    fn snapshot(&self) -> State {
        self.s
    }
    fn check(&self, memo: &mut RoadMemo) -> Result<(), String> {
        self.check_invariants_memo(memo)
    }
    /// Any phase, chance phases included (every action must be refused there).
    fn arbitrary_action(&self, rng: &mut Rng) -> Option<Action> {
        Some(arbitrary_action(self.topo, rng))
    }
}

/// Plays soak game `i` (seeded by `(seed, i)`) and checks it step by step.
pub fn soak_game(maps: &SoakMaps, seed: u64, i: u64, buf: &mut ActionList, rep: &mut SoakReport) {
    let (rules, board) = soak_rules(i);
    let t = maps.topo_for(&rules);
    let layout = layout_for(t, board, seed, i);
    let mut g = Game::new(t, layout, rules);
    let mut rngs = GameRngs::new(seed, i);
    rep.game_of(FAMILY);
    if let Err(e) = g.check_invariants() {
        rep.violation(format!("game {i} ({rules:?}): at the start: {e}"));
        return;
    }
    let wild = Rng::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x50A4);
    let (steps, _) = soak_play(
        &mut g,
        &mut RandomPolicy,
        &mut rngs,
        buf,
        (wild, ("", i)),
        rep,
    );
    rep.steps += steps;
}
