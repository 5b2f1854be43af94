//! Seed derivation: one master seed, per-game and per-stream generators from the game index.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The generator every stream uses: a named algorithm, so results stay stable across releases.
pub type Rng = Pcg64Mcg;

/// Independent random streams of one game. Keeping them apart means that changing a policy does
/// not change the dice, so rows that differ in one setting share as much luck as the rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Stream {
    Board = 1,
    Dice = 2,
    Deck = 3,
    Steal = 4,
    Robert = 5,
    Policy = 6,
    /// Solitaire's own dice: the seven's second roll, the destruction die, the monopoly die.
    Solitaire = 7,
    /// Modifier dice (volcano, gold), so switching a modifier on does not shift the main dice.
    Modifier = 8,
    /// Carcassonne: the order of the base tiles (the same with and without The Robbers).
    Tiles = 9,
    /// Carcassonne: where the robber tiles fall among the base tiles.
    RobberTiles = 10,
    /// The master seed of a nested run (see [`nested_master`]).
    Nested = 11,
}

/// SplitMix64's finaliser: a bijective mix with good avalanche, used to derive seeds.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of one stream of game `game` under `master`.
#[inline]
pub fn stream_seed(master: u64, game: u64, stream: Stream) -> u64 {
    mix64(mix64(mix64(master) ^ game) ^ (stream as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// A generator for one stream of one game.
#[inline]
pub fn rng(master: u64, game: u64, stream: Stream) -> Rng {
    Rng::seed_from_u64(stream_seed(master, game, stream))
}

/// The master seed of the games played under outer index `outer` (the luck report plays games
/// `j = 0, 1, ...` on board `b`, each from `(nested_master(master, b), j)`): a stream of its own,
/// so a nested game never shares its streams with game `outer` of a sweep or another board's games.
#[inline]
pub fn nested_master(master: u64, outer: u64) -> u64 {
    stream_seed(master, outer, Stream::Nested)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn streams_differ_and_repeat() {
        let a = stream_seed(7, 3, Stream::Dice);
        assert_eq!(a, stream_seed(7, 3, Stream::Dice));
        assert_ne!(a, stream_seed(7, 3, Stream::Deck));
        assert_ne!(a, stream_seed(7, 4, Stream::Dice));
        assert_ne!(a, stream_seed(8, 3, Stream::Dice));
        // A nested run's games differ from the outer games and from each other board's.
        let (m3, m4) = (nested_master(7, 3), nested_master(7, 4));
        assert_ne!(m3, m4);
        assert_ne!(
            stream_seed(m3, 0, Stream::Dice),
            stream_seed(7, 0, Stream::Dice)
        );
        assert_ne!(
            stream_seed(m3, 0, Stream::Dice),
            stream_seed(m4, 0, Stream::Dice)
        );
    }
}
