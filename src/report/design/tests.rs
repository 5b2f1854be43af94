//! Tests of a design's batches, terms, bounds and confirmation.

use super::*;

fn batch(bits: &[bool], lens: &[u64]) -> RowBatch {
    let mut b = RowBatch {
        games: bits.len() as u64,
        bits: vec![0; bits.len().div_ceil(64)],
        ..Default::default()
    };
    for (j, &w) in bits.iter().enumerate() {
        if w {
            b.bits[j / 64] |= 1 << (j % 64);
            b.wins += 1;
        }
    }
    b.len_sum = lens.iter().sum();
    b.len_sq = lens.iter().map(|l| l * l).sum();
    b
}

#[test]
fn like_terms_pair_the_same_games() {
    let c = batch(&[true, true, false, false], &[10, 20, 30, 40]);
    let r = batch(&[true, false, true, true], &[10, 10, 10, 10]);
    let p = paired(&c, &r);
    assert_eq!((p.both, p.only_a, p.only_b, p.neither), (1, 1, 2, 0));
    let t = Target {
        row: 0,
        aim: Aim::Like {
            reference: 1,
            offset: 0.0,
        },
        tolerance: 0.03,
        weight: 1.0,
        entry: 0,
    };
    let got = terms_with_refs(&[t], &|_| c.clone(), &|_| r.clone());
    // Per game: 0, +1, −1, −1: mean −0.25.
    assert_eq!(got[0].m, Moments::new(4.0, -1.0, 3.0));
    let turns = Target {
        aim: Aim::Turns(25.0),
        ..t
    };
    let got = terms(&[turns], &|_| c.clone());
    assert!((got[0].m.mean() - 1.0).abs() < 1e-12);
    assert_eq!(got[0].target, 1.0);
}

/// A bound on the 90th percentile of a won game's rounds is the share of won games past it
/// against 10%: met (0) within it, the excess beyond; a quantile read off the same games
/// agrees with it; pooled batches keep every length.
#[test]
fn bounds_on_a_games_shape() {
    // 2 players: won games of 20..=58 player-turns (10..=29 rounds), 20 of them; 5 losses.
    let mut b = RowBatch {
        games: 26,
        stuck: 2,
        capped: 1,
        ..Default::default()
    };
    for k in 0..20u32 {
        add_lens(&mut b.won_lens, &[(20 + 2 * k, 1)]);
    }
    add_lens(&mut b.lost_lens, &[(9, 3), (15, 2)]);
    let p90 = Measure::parse("rounds_win_p90").unwrap();
    assert_eq!(b.measure(p90, 2), Some(27.0));
    assert_eq!(
        b.measure(Measure::parse("rounds_loss_median").unwrap(), 2),
        Some(5.0)
    );
    assert_eq!(b.measure(Measure::StuckShare, 2), Some(2.0 / 26.0));
    // 20 of 25 decided games won: 80% at rounds 1-5, over 90% once the five losses (rounds 5
    // and 8) begin to end at round 6.
    assert_eq!(b.certain_round(2), Some(6));
    let mut close = b.clone();
    close.wins = 20;
    close.close_wins = 5;
    assert_eq!(close.measure(Measure::CloseWinShare, 2), Some(0.25));
    let t = |at_most: Option<f64>, at_least: Option<f64>| Target {
        row: 0,
        aim: Aim::Bound {
            measure: p90,
            at_most,
            at_least,
            players: 2,
        },
        tolerance: 0.0,
        weight: 1.0,
        entry: 0,
    };
    // At most 28 rounds: 1 of 20 won games is longer (29), within the 10% allowed.
    let within = terms(&[t(Some(28.0), None)], &|_| b.clone());
    assert_eq!(within.len(), 1);
    assert_eq!(score(&within).value, 0.0);
    // At most 25: 4 of 20 are longer, 10 points past what the bound allows.
    let past = terms(&[t(Some(25.0), None)], &|_| b.clone());
    assert!((score(&past).value - 0.1f64.powi(2)).abs() < 1e-12);
    // Both sides: two terms, named apart.
    let both = t(Some(40.0), Some(20.0));
    assert_eq!(
        both.measures(),
        ["rounds_win_p90_at_most", "rounds_win_p90_at_least"]
    );
    assert_eq!(score(&terms(&[both], &|_| b.clone())).value, 0.0);
    assert!(score(&terms(&[t(None, Some(29.0))], &|_| b.clone())).value > 0.0);
    // A certain round within 8 rounds: met; within 5: 6 / 5 − 1 = 20% past it.
    let cr = |at_most: f64| Target {
        aim: Aim::Bound {
            measure: Measure::CertainRound,
            at_most: Some(at_most),
            at_least: None,
            players: 2,
        },
        ..t(None, None)
    };
    assert_eq!(score(&terms(&[cr(8.0)], &|_| b.clone())).value, 0.0);
    assert!((score(&terms(&[cr(5.0)], &|_| b.clone())).value - 0.04).abs() < 1e-12);
    // Pooling two batches adds their lengths.
    let mut two = b.clone();
    two.add(&b);
    assert_eq!(two.won_lens.iter().map(|e| e.1).sum::<u32>(), 40);
    assert_eq!(two.measure(p90, 2), Some(27.0));
}

/// Alternatives that differ only in a level's detail wait behind those that differ in more.
#[test]
fn confirmed_alternatives_differ_in_the_rules() {
    // Dimensions: two knobs everywhere, one at a single level (scoped).
    let scoped = [false, false, true];
    let ranking = vec![
        vec![2, 1, 1],
        vec![2, 1, 2], // the best but for easy's hand limit
        vec![2, 1, 0], // the same again
        vec![1, 1, 1],
        vec![2, 0, 1],
    ];
    assert_eq!(
        pick_confirmed(&ranking, &scoped, 3),
        [vec![2, 1, 1], vec![1, 1, 1], vec![2, 0, 1]]
    );
    // Where no other setting exists, the level's details fill the places.
    assert_eq!(
        pick_confirmed(&ranking[..3], &scoped, 3),
        [vec![2, 1, 1], vec![2, 1, 2], vec![2, 1, 0]]
    );
}
