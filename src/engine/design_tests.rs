//! Tests of the design search: the score, the tuple model, the search against the exhaustive one.

use super::*;

#[test]
fn the_score_is_unbiased_for_a_binary_mean() {
    // y ~ Bernoulli(0.3), n = 10, target 0.3: E[(ȳ − t)²] = Var(ȳ) = 0.021, so E[L] = 0.
    // Exactly, over the binomial distribution of the wins.
    let n = 10u64;
    let p: f64 = 0.3;
    let mut expect = 0.0;
    let mut choose = 1.0f64;
    for k in 0..=n {
        if k > 0 {
            choose *= (n - k + 1) as f64 / k as f64;
        }
        let prob = choose * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32);
        let m = Moments::new(n as f64, k as f64, k as f64);
        let s = score(&[Term {
            m,
            target: 0.3,
            weight: 1.0,
            side: Side::Both,
        }]);
        expect += prob * s.value;
    }
    assert!(expect.abs() < 1e-12, "{expect}");
    let m = Moments::new(4.0, 2.0, 2.0);
    assert_eq!(m.mean(), 0.5);
    // s² = (2 − 1) / 3, over n = 4.
    assert!((m.var_mean() - 1.0 / 12.0).abs() < 1e-12);
}

#[test]
fn the_space_counts_enumerates_and_mutates_within_its_cap() {
    let sp = Space {
        sizes: vec![3, 4, 2],
        max_changed: 2,
    };
    let all = sp.all();
    // 1 + (2 + 3 + 1) + (2·3 + 2·1 + 3·1) = 1 + 6 + 11.
    assert_eq!(all.len(), 18);
    assert_eq!(sp.count(), 18);
    assert!(all.iter().all(|x| Space::changed(x) <= 2));
    let full = Space {
        sizes: vec![3, 4, 2],
        max_changed: 3,
    };
    assert_eq!(full.count(), 24);
    let mut rng = run_rng(1, 0);
    for _ in 0..500 {
        let y = sp.mutate(&[2, 3, 0], &mut rng);
        assert!(Space::changed(&y) <= 2, "{y:?}");
        assert_ne!(y, vec![2, 3, 0]);
        assert!(y.iter().zip(&sp.sizes).all(|(&o, &s)| (o as usize) < s));
    }
}

/// A made-up problem: each of `d` dimensions moves two rates; the evaluations draw binomial
/// wins from the true rates on a seeded stream per (setting, batch), as games would.
struct Made {
    true_rate: fn(&[u8]) -> [f64; 2],
    targets: [f64; 2],
    games: u64,
    played: u64,
}

impl Evaluator for Made {
    fn units(&mut self, x: &Setting, k: u32) -> Vec<u64> {
        let id = x.iter().fold(0u64, |a, &o| a * 16 + o as u64);
        vec![id * 1000 + k as u64]
    }
    fn eval(&mut self, jobs: &[(Setting, u32)]) -> Option<Vec<Vec<Term>>> {
        Some(
            jobs.iter()
                .map(|(x, k)| {
                    let rates = (self.true_rate)(x);
                    let id = x.iter().fold(0u64, |a, &o| a * 16 + o as u64);
                    let mut rng = Rng::seed_from_u64(mix64(id) ^ *k as u64);
                    self.played += self.games;
                    rates
                        .iter()
                        .zip(self.targets)
                        .map(|(&r, t)| {
                            let w =
                                (0..self.games).filter(|_| rng.random::<f64>() < r).count() as f64;
                            Term {
                                m: Moments::new(self.games as f64, w, w),
                                target: t,
                                weight: 1.0,
                                side: Side::Both,
                            }
                        })
                        .collect()
                })
                .collect(),
        )
    }
}

/// Five dimensions of four options: the rates rise with options 1..3 of dimensions 0 and 1
/// and the others do nothing; the targets are met at (2, 1, 0, 0, 0).
fn five(x: &[u8]) -> [f64; 2] {
    [
        0.2 + 0.1 * x[0] as f64 + 0.02 * x[2] as f64,
        0.3 + 0.15 * x[1] as f64 - 0.01 * x[3] as f64,
    ]
}

fn params(exhaustive: bool, budget: u64) -> Params {
    Params {
        exhaustive,
        runs: 1,
        only_run: None,
        explore_share: 0.5,
        neighbours: 50,
        k: 1.0,
        race: 8,
        max_batches: 16,
        budget,
        batch: 200,
        seed: 7,
    }
}

#[test]
fn ntbea_finds_the_made_up_optimum_on_a_fraction_of_the_exhaustive_games() {
    let sp = Space {
        sizes: vec![4; 5],
        max_changed: 2,
    };
    // Exhaustive: every setting within the cap (1 + 5·3 + 10·9 = 106), 4 batches each.
    assert_eq!(sp.count(), 106);
    let mut ex = Made {
        true_rate: five,
        targets: [0.4, 0.45],
        games: 200,
        played: 0,
    };
    let o = search(&sp, &params(true, 106 * 4 * 200), &mut ex);
    assert_eq!(o.exhaustive_batches, 4);
    assert_eq!(o.records[o.ranking[0]].x, vec![2, 1, 0, 0, 0]);
    let mut nt = Made { played: 0, ..ex };
    let o = search(&sp, &params(false, ex.played / 4), &mut nt);
    assert!(nt.played <= ex.played / 4, "{} of {}", nt.played, ex.played);
    assert_eq!(o.records[o.ranking[0]].x, vec![2, 1, 0, 0, 0]);
    assert!(!o.stopped);
    // The same search again gives the same outcome (no hidden state, no thread dependence).
    let mut again = Made { played: 0, ..nt };
    assert_eq!(search(&sp, &params(false, ex.played / 4), &mut again), o);
}

#[test]
fn a_run_alone_explores_as_it_does_among_others() {
    let sp = Space {
        sizes: vec![4; 5],
        max_changed: 2,
    };
    let mut p = params(false, 200_000);
    p.runs = 2;
    let mk = || Made {
        true_rate: five,
        targets: [0.4, 0.45],
        games: 200,
        played: 0,
    };
    let both = search(&sp, &p, &mut mk());
    p.only_run = Some(1);
    let one = search(&sp, &p, &mut mk());
    for r in &one.records {
        let b = both.records.iter().find(|b| b.x == r.x).unwrap();
        assert!(b.batches >= r.batches);
    }
    assert!(one.records.iter().all(|r| r.run == Some(1)));
    assert!(both.records.iter().any(|r| r.run == Some(0)));
}

#[test]
fn near_ties_go_to_the_setting_that_changes_less() {
    let rec = |x: Vec<u8>, value: f64, se: f64| Record {
        x,
        batches: 1,
        terms: Vec::new(),
        score: Score { value, se },
        run: None,
        raced: true,
        dropped: false,
    };
    let r = vec![
        rec(vec![1, 1], 0.010, 0.004),
        rec(vec![1, 0], 0.013, 0.004),
        rec(vec![0, 0], 0.100, 0.004),
    ];
    // 0.013 − 0.010 is within 1.96·√(2)·0.004: one change beats two.
    assert_eq!(rank(&r, &[0, 1, 2]), vec![1, 0, 2]);
    let mut far = r.clone();
    far[1].score.value = 0.030;
    assert_eq!(rank(&far, &[0, 1, 2]), vec![0, 1, 2]);
}

/// A bound counts only beyond it: a mean within `at_most` (or `at_least`) scores 0 whatever its
/// spread, one beyond scores the squared distance by its weight.
#[test]
fn a_bound_scores_only_beyond_it() {
    let m = Moments::new(100.0, 8.0, 8.0); // a share of 0.08
    let term = |target: f64, side: Side| Term {
        m,
        target,
        weight: 2.0,
        side,
    };
    assert_eq!(score(&[term(0.1, Side::AtMost)]).value, 0.0);
    assert_eq!(score(&[term(0.05, Side::AtLeast)]).value, 0.0);
    let over = score(&[term(0.05, Side::AtMost)]);
    assert!(
        (over.value - 2.0 * 0.03f64.powi(2)).abs() < 1e-12,
        "{over:?}"
    );
    assert!(over.se > 0.0);
    let under = score(&[term(0.1, Side::AtLeast)]);
    assert!(
        (under.value - 2.0 * 0.02f64.powi(2)).abs() < 1e-12,
        "{under:?}"
    );
    // An aim at the same target counts both sides, less the sampling variance.
    assert!(score(&[term(0.1, Side::Both)]).value < 0.02f64.powi(2));
}
