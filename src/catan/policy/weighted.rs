//! The `weighted` policy: Catanatron's WeightedRandomPlayer, a legal action drawn by its weight.
//!
//! Catanatron (github.com/bcollazo/catanatron, `catanatron/players/weighted_random.py`) weighs a
//! city 10,000, a settlement 1,000, a development card 100 and every other action 1, and draws
//! one of the legal actions with probability proportional to its weight. Playing the same player
//! in robsim lets a designer hold robsim's base game against Catanatron's side by side.

use crate::catan::{Action, ActionList, Game};
use crate::engine::play::Policy;
use crate::engine::seeds::Rng;
use rand::Rng as _;

/// Catanatron's weight of building a city.
pub const CITY: u64 = 10_000;
/// Catanatron's weight of building a settlement (set-up placements included).
pub const SETTLEMENT: u64 = 1_000;
/// Catanatron's weight of buying a development card.
pub const DEV_CARD: u64 = 100;

/// The weight of action `a`: [`CITY`], [`SETTLEMENT`], [`DEV_CARD`], else 1.
pub fn weight(a: &Action) -> u64 {
    match a {
        Action::BuildCity(_) => CITY,
        Action::BuildSettlement(_) => SETTLEMENT,
        Action::BuyDev => DEV_CARD,
        _ => 1,
    }
}

/// Draws among `Game::legal_actions` with probability proportional to [`weight`], from the
/// player's own stream. Trades between players are not in that list (Catanatron's player does
/// not offer them either).
#[derive(Clone, Copy, Debug, Default)]
pub struct WeightedPolicy;

impl Policy<Game<'_>> for WeightedPolicy {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        g.legal_actions(legal);
        debug_assert!(!legal.is_empty(), "no legal action in {:?}", g.s.phase);
        let total: u64 = legal.iter().map(weight).sum();
        let mut r = rng.random_range(0..total);
        for a in legal.iter() {
            let w = weight(a);
            if r < w {
                return *a;
            }
            r -= w;
        }
        unreachable!("the draw is below the total weight")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catanatrons_weights() {
        assert_eq!(weight(&Action::BuyDev), 100);
        assert_eq!(weight(&Action::EndTurn), 1);
        assert_eq!(weight(&Action::Roll), 1);
        assert_eq!((CITY, SETTLEMENT, DEV_CARD), (10_000, 1_000, 100));
    }
}
