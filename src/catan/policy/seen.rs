//! What a seat at a competitive table knows: the others' hidden development cards resampled.
//!
//! A competitive search player must not read an opponent's unplayed development cards (nor the
//! deck's order, which the kernel never fixes: a draw is chance at the moment of drawing). Before
//! it searches, and for every sampled future, it replaces what it cannot see by a fresh draw
//! consistent with what it has seen: the unseen pool (the deck and every other seat's unplayed
//! cards) is dealt again, each other seat keeping how many playable and how many new cards it
//! holds, the deck its size, and each seat's VP following its VP cards. The sample depends on
//! the pool's counts only, so two states that differ in hidden cards alone give the searcher the
//! same samples, hence the same decisions. Resource hands stay as they are: every gain, trade
//! and discard is public, and only a steal's card is hidden from third seats (a simplification,
//! stated in docs/reference/players.md).

use crate::catan::*;
use crate::engine::seeds::Rng;
use rand::Rng as _;

/// Deals the development cards `seat` cannot see again from their pool (see the module doc).
pub fn resample_hidden(g: &mut Game, seat: PlayerId, rng: &mut Rng) {
    let n = g.s.n_players as usize;
    let mut pool = g.s.deck;
    for q in (0..n).filter(|&q| q != seat.idx()) {
        let p = &g.s.players[q];
        for (k, c) in pool.iter_mut().enumerate() {
            *c += p.dev[k] + p.dev_new[k];
        }
    }
    let mut left: u32 = pool.iter().map(|&x| x as u32).sum();
    let mut draw = |pool: &mut [u8; 5]| -> usize {
        let mut u = rng.random_range(0..left);
        left -= 1;
        for (k, c) in pool.iter_mut().enumerate() {
            if u < *c as u32 {
                *c -= 1;
                return k;
            }
            u -= *c as u32;
        }
        unreachable!("the pool holds `left` cards")
    };
    let vp = DevCard::VictoryPoint.idx();
    for q in (0..n).filter(|&q| q != seat.idx()) {
        let p = &mut g.s.players[q];
        let before = p.vp_cards();
        for held in [&mut p.dev, &mut p.dev_new] {
            let count: u8 = held.iter().sum();
            *held = [0; 5];
            for _ in 0..count {
                held[draw(&mut pool)] += 1;
            }
        }
        p.vp = p.vp - before + p.dev[vp] + p.dev_new[vp];
    }
    g.s.deck = pool;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// A 4-player base game with development cards in three hands and the deck.
    fn dealt(topo: &Topology) -> Game<'_> {
        let layout = crate::catan::sim::layout_for(topo, BoardKind::Fixed, 1, 0);
        let mut g = Game::new(topo, layout, Rules::base(4));
        g.s.players[1].dev = [2, 1, 0, 0, 1];
        g.s.players[1].vp += 1;
        g.s.players[2].dev_new = [0, 2, 1, 0, 0];
        g.s.players[2].vp += 2;
        g.s.players[0].dev = [1, 1, 0, 0, 0];
        g.s.players[0].vp += 1;
        let taken = [3, 4, 1, 0, 1];
        for (d, t) in g.s.deck.iter_mut().zip(taken) {
            *d -= t;
        }
        g
    }

    #[test]
    fn the_unseen_pool_is_dealt_again_with_every_count_kept() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let g0 = dealt(&topo);
        let pool = |g: &Game| -> [u8; 5] {
            let mut p = g.s.deck;
            for q in &g.s.players[1..4] {
                for (k, c) in p.iter_mut().enumerate() {
                    *c += q.dev[k] + q.dev_new[k];
                }
            }
            p
        };
        let mut moved = false;
        for s in 0..50 {
            let mut g = g0.clone();
            resample_hidden(&mut g, PlayerId(0), &mut Rng::seed_from_u64(s));
            // The seat's own cards, the pool, and every count a table sees are kept.
            assert_eq!(g.s.players[0], g0.s.players[0]);
            assert_eq!(pool(&g), pool(&g0));
            assert_eq!(g.s.deck.iter().sum::<u8>(), g0.s.deck.iter().sum::<u8>());
            for q in 1..4 {
                let (a, b) = (&g.s.players[q], &g0.s.players[q]);
                assert_eq!(a.dev.iter().sum::<u8>(), b.dev.iter().sum::<u8>());
                assert_eq!(a.dev_new.iter().sum::<u8>(), b.dev_new.iter().sum::<u8>());
                assert_eq!(a.vp - a.vp_cards(), b.vp - b.vp_cards());
            }
            moved |= g.s.players[1].dev != g0.s.players[1].dev;
        }
        assert!(moved, "50 samples never changed seat 2's cards");
    }

    #[test]
    fn the_sample_ignores_which_hidden_cards_were_real() {
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let a = dealt(&topo);
        // Seat 2 holds a monopoly where the deck held it; the pool is the same.
        let mut b = a.clone();
        b.s.players[1].dev[DevCard::Monopoly.idx()] -= 1;
        b.s.players[1].dev[DevCard::YearOfPlenty.idx()] += 1;
        b.s.deck[DevCard::Monopoly.idx()] += 1;
        b.s.deck[DevCard::YearOfPlenty.idx()] -= 1;
        for s in 0..20 {
            let (mut x, mut y) = (a.clone(), b.clone());
            resample_hidden(&mut x, PlayerId(0), &mut Rng::seed_from_u64(s));
            resample_hidden(&mut y, PlayerId(0), &mut Rng::seed_from_u64(s));
            assert_eq!(x.s, y.s);
        }
    }
}
