//! Names of phases, outcomes, seats and harbors as trace lines write them.

use crate::catan::*;

pub(super) fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Deal => "deal",
        Phase::SetupSettlement => "setup_settlement",
        Phase::SetupRoad => "setup_road",
        Phase::PreRoll => "pre_roll",
        Phase::Dice => "dice",
        Phase::Discard => "discard",
        Phase::MoveRobber => "move_robber",
        Phase::Steal => "steal",
        Phase::Draw => "draw",
        Phase::RobertTie => "robert_tie",
        Phase::FlipUp => "flip_up",
        Phase::Main => "main",
        Phase::RoadBuilding => "road_building",
        Phase::SevenChoice => "seven_choice",
        Phase::LoseDev => "lose_dev",
        Phase::RobberRoll => "robber_roll",
        Phase::RobberTie => "robber_tie",
        Phase::DestroyDie => "destroy_die",
        Phase::MonopolyDie => "monopoly_die",
        Phase::ModifierDie => "modifier_die",
        Phase::Bonus => "bonus",
        Phase::PlaceRaider => "place_raider",
        Phase::RemoveRaider => "remove_raider",
        Phase::ChooseVictim => "choose_victim",
        Phase::SpecialBuild => "special_build",
        Phase::Over(_) => "over",
    }
}

pub(super) fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Winner(_) => "winner",
        Outcome::TeamWin => "team_win",
        Outcome::TeamLoss => "team_loss",
        Outcome::Cap => "cap",
    }
}

/// A `u8` seat slot (`NO_PLAYER` = none) as an optional seat.
pub(super) fn seat_opt(p: u8) -> Option<u8> {
    (p != NO_PLAYER).then_some(p)
}

/// A corner's harbor bit ([`HarborKind::bit`]) as the harbor's name.
pub(super) fn harbor_name(bit: u8) -> Option<&'static str> {
    if bit == 0 {
        None
    } else if bit == HarborKind::Generic.bit() {
        Some(HarborKind::Generic.name())
    } else {
        Resource::ALL
            .into_iter()
            .find(|&r| HarborKind::Special(r).bit() == bit)
            .map(|r| HarborKind::Special(r).name())
    }
}

pub(super) fn present(row: &[u8]) -> Vec<u8> {
    row.iter().copied().filter(|&x| x != NONE).collect()
}

pub(super) fn set_vec<const N: usize>(s: &crate::catan::Bits<N>) -> Vec<usize> {
    s.iter().collect()
}
