//! Seed derivation: one master seed, per-game and per-stream generators from the game index.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The generator every stream uses: a named algorithm, so results stay stable across releases.
pub type Rng = Pcg64Mcg;

/// One independent random stream of a game. Keeping them apart means that changing a policy does
/// not change the dice, so rows that differ in one setting share as much luck as the rules allow.
///
/// The engine names the streams most games have; a game declares its own with [`Stream::game`]
/// (an id the engine's streams do not use). The ids are part of every seeded result: they never
/// change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stream(u64);

impl Stream {
    /// The board's layout.
    pub const BOARD: Stream = Stream(1);
    pub const DICE: Stream = Stream(2);
    /// A shuffled deck of cards.
    pub const DECK: Stream = Stream(3);
    /// What a theft takes.
    pub const STEAL: Stream = Stream(4);
    pub const POLICY: Stream = Stream(6);
    /// Modifier dice (an optional rule's own dice), so switching a modifier on does not shift the
    /// main dice.
    pub const MODIFIER: Stream = Stream(8);
    /// The master seed of a nested run (see [`nested_master`]).
    pub const NESTED: Stream = Stream(11);

    /// Ids the engine's own streams hold.
    const ENGINE_IDS: [u64; 7] = [1, 2, 3, 4, 6, 8, 11];

    /// A stream of a game's own, numbered `id`; declared as a `const`, an id that one of the
    /// engine's streams holds fails to compile.
    ///
    /// # Panics
    /// `id` is one of the engine's streams'.
    pub const fn game(id: u64) -> Stream {
        let mut k = 0;
        while k < Stream::ENGINE_IDS.len() {
            assert!(
                Stream::ENGINE_IDS[k] != id,
                "the engine's streams hold this id"
            );
            k += 1;
        }
        Stream(id)
    }
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
    mix64(mix64(mix64(master) ^ game) ^ stream.0.wrapping_mul(0xD6E8_FEB8_6659_FD93))
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
    stream_seed(master, outer, Stream::NESTED)
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn streams_differ_and_repeat() {
        let a = stream_seed(7, 3, Stream::DICE);
        assert_eq!(a, stream_seed(7, 3, Stream::DICE));
        assert_ne!(a, stream_seed(7, 3, Stream::DECK));
        assert_ne!(a, stream_seed(7, 4, Stream::DICE));
        assert_ne!(a, stream_seed(8, 3, Stream::DICE));
        // A nested run's games differ from the outer games and from each other board's.
        let (m3, m4) = (nested_master(7, 3), nested_master(7, 4));
        assert_ne!(m3, m4);
        assert_ne!(
            stream_seed(m3, 0, Stream::DICE),
            stream_seed(7, 0, Stream::DICE)
        );
        assert_ne!(
            stream_seed(m3, 0, Stream::DICE),
            stream_seed(m4, 0, Stream::DICE)
        );
    }

    /// Every seeded result depends on the streams' ids: the seeds they give are pinned.
    #[test]
    fn the_ids_never_change() {
        let pinned = [
            (Stream::BOARD, 0x3f92_75cb_2706_1f33),
            (Stream::DICE, 0x9f0f_9c14_cf7d_10ef),
            (Stream::DECK, 0x7d43_1069_a4b1_6a01),
            (Stream::STEAL, 0x0a81_8269_1a8a_71ab),
            (Stream::game(5), 0x14c8_5de8_e652_2af3),
            (Stream::POLICY, 0x5537_e543_7d54_9139),
            (Stream::game(7), 0x69c6_a881_f823_f53c),
            (Stream::MODIFIER, 0xd303_f5e0_9be3_e4c6),
            (Stream::game(9), 0x00f1_1f06_3bf1_c168),
            (Stream::game(10), 0xb28e_fbda_fd04_feaf),
            (Stream::NESTED, 0x57a9_42d5_1331_f193),
        ];
        for (s, want) in pinned {
            assert_eq!(stream_seed(7, 3, s), want, "{s:?}");
        }
    }

    #[test]
    #[should_panic(expected = "the engine's streams hold this id")]
    fn a_game_stream_cannot_take_an_engine_id() {
        let _ = Stream::game(std::hint::black_box(2));
    }
}
