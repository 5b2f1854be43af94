//! The shape columns recomputed from games.csv, the traces and the model itself, independently of the accumulators.

use crate::support::cli::{read, robsim, run_ok, tmp};
use robsim::catan::policy::value::ValueModel;
use std::collections::BTreeMap;

type Row = BTreeMap<String, String>;

fn rows(csv: &str) -> Vec<Row> {
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            head.iter()
                .map(|h| h.to_string())
                .zip(l.split(',').map(str::to_string))
                .collect()
        })
        .collect()
}

/// Nearest-rank quantile of `v` (sorted here), as the reports define it.
fn quantile(v: &[u32], p: f64) -> String {
    if v.is_empty() {
        return String::new();
    }
    let mut s = v.to_vec();
    s.sort_unstable();
    let rank = ((p * s.len() as f64).ceil() as usize).clamp(1, s.len());
    s[rank - 1].to_string()
}

/// Per row of a small sweep: the length columns of wins and losses apart, in player-turns and
/// rounds, the pooled rounds, decided.csv and the round from which a running game is 90% certain,
/// each from games.csv's `won` and `turns` alone.
#[test]
fn wins_and_losses_apart_and_the_decided_curve_agree_with_games_csv() {
    let d = tmp("shape-games");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("s.toml");
    std::fs::write(
        &cfg,
        "name = \"s\"\nseed = 41\ngames = 400\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\ndifficulty = [\"moderate\", \"easy\"]\npolicy = \"team\"\n",
    )
    .unwrap();
    let out = d.join("o");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "--games-csv",
        "-o",
        out.to_str().unwrap(),
    ]);
    let summary = rows(&read(&out, "summary.csv"));
    let games = rows(&read(&out, "games.csv"));
    let decided = rows(&read(&out, "decided.csv"));
    for s in &summary {
        let row = &s["row"];
        let n: u32 = s["players"].parse().unwrap();
        let mine: Vec<&Row> = games.iter().filter(|g| &g["row"] == row).collect();
        let turns = |won: Option<&str>| -> Vec<u32> {
            mine.iter()
                .filter(|g| won.is_none_or(|w| g["won"] == w))
                .map(|g| g["turns"].parse().unwrap())
                .collect()
        };
        let rounds = |t: Vec<u32>| -> Vec<u32> { t.iter().map(|x| x.div_ceil(n)).collect() };
        // Cap-outs are neither wins nor losses: this sweep has none.
        assert_eq!(s["capouts"], "0");
        for (col, v) in [
            ("rounds", rounds(turns(None))),
            ("turns_win", turns(Some("true"))),
            ("turns_loss", turns(Some("false"))),
            ("rounds_win", rounds(turns(Some("true")))),
            ("rounds_loss", rounds(turns(Some("false")))),
        ] {
            for (suffix, p) in [("median", 0.5), ("p10", 0.1), ("p90", 0.9)] {
                let c = format!("{col}_{suffix}");
                assert_eq!(s[&c], quantile(&v, p), "row {row} {c}");
            }
        }
        // decided.csv: round by round, the games running at its start, the share won, the
        // hazards.
        let (w, l) = (rounds(turns(Some("true"))), rounds(turns(Some("false"))));
        let last = w.iter().chain(&l).copied().max().unwrap();
        let lines: Vec<&Row> = decided.iter().filter(|x| &x["row"] == row).collect();
        assert_eq!(lines.len() as u32, last, "row {row}: one line per round");
        let mut certain = None;
        let floor = ((w.len() + l.len()) as u64 / 100).max(10);
        for (r, line) in (1..=last).zip(&lines) {
            let won = w.iter().filter(|&&x| x >= r).count() as f64;
            let lost = l.iter().filter(|&&x| x >= r).count() as f64;
            let running = won + lost;
            assert_eq!(line["round"], r.to_string());
            assert_eq!(line["games_running"], (running as u64).to_string());
            let close = |c: &str, x: f64| {
                let got: f64 = line[c].parse().unwrap();
                assert!(
                    (got - x).abs() < 1e-4,
                    "row {row} round {r} {c}: {got} vs {x}"
                );
            };
            close("won_share", won / running);
            close(
                "loss_hazard",
                l.iter().filter(|&&x| x == r).count() as f64 / running,
            );
            close(
                "win_hazard",
                w.iter().filter(|&&x| x == r).count() as f64 / running,
            );
            if (running as u64) >= floor {
                let p = won / running;
                let sure = p >= 0.9 || p <= 1.0 - 0.9;
                certain = match (sure, certain) {
                    (true, None) => Some(r),
                    (false, _) => None,
                    (true, c) => c,
                };
            }
        }
        assert_eq!(
            s["certain_round"],
            certain.map_or(String::new(), |c| c.to_string()),
            "row {row}: certain_round"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Robert's face-down tokens in wins and in losses apart and the close wins, recomputed from the
/// trace of every game of a small row; the win-probability model's calibration and the
/// per-game measures recomputed by scoring the traced games' round starts with the model
/// itself, through the library.
#[test]
fn face_down_split_and_the_models_calibration_agree_with_the_traces() {
    let d = tmp("shape-trace");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("t.toml");
    let games = 24;
    std::fs::write(
        &cfg,
        format!("name = \"t\"\nseed = 5\ngames = {games}\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = \"easy\"\npolicy = \"team\"\n"),
    )
    .unwrap();
    let out = d.join("o");
    run_ok(&[
        "sweep",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let s = &rows(&read(&out, "summary.csv"))[0];
    let (mut end, mut max) = ([vec![], vec![]], [vec![], vec![]]);
    let mut close = 0;
    for k in 0..games {
        let o = robsim()
            .args(["trace", "-c", cfg.to_str().unwrap(), "-i", &k.to_string()])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        let (mut down, mut most, mut won) = (0i32, 0i32, None);
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            match v["type"].as_str() {
                Some("flip") => {
                    down += if v["face"] == "down" { 1 } else { -1 };
                    most = most.max(down);
                }
                Some("game_over") => won = Some(v["outcome"] == "team_win"),
                _ => {}
            }
        }
        let i = usize::from(!won.expect("a game_over line"));
        end[i].push(down as f64);
        max[i].push(most as f64);
        if i == 0 && most + 3 >= 18 {
            close += 1;
        }
    }
    let mean = |v: &Vec<f64>| {
        (!v.is_empty())
            .then(|| ((v.iter().sum::<f64>() / v.len() as f64) * 1000.0).round() / 1000.0)
    };
    for (c, v) in [
        ("face_down_end_win_mean", mean(&end[0])),
        ("face_down_end_loss_mean", mean(&end[1])),
        ("face_down_max_win_mean", mean(&max[0])),
        ("face_down_max_loss_mean", mean(&max[1])),
    ] {
        let got = s[c].parse::<f64>().ok();
        assert_eq!(got, v, "{c}");
    }
    let wins = end[0].len();
    if wins > 0 {
        let share: f64 = s["close_win_share"].parse().unwrap();
        assert!((share - close as f64 / wins as f64).abs() < 1e-4);
    }
    // The model's own score of each traced game's round starts: positions and ECE.
    let (positions, ece) = score_round_starts(&cfg, games);
    assert_eq!(s["value_positions"], positions.to_string());
    let got: f64 = s["value_ece"].parse().unwrap();
    assert!((got - ece).abs() < 1e-4, "value_ece {got} vs {ece}");
    // The per-game measures are filled only where the calibration error is small enough.
    let usable = got <= robsim::catan::shape::MAX_ECE;
    assert_eq!(!s["decided_round_median"].is_empty(), usable);
    let _ = std::fs::remove_dir_all(&d);
}

/// Plays the config's row 0 games through the library, scoring every round start with the
/// built-in win-probability model: positions scored and the expected calibration error.
fn score_round_starts(cfg: &std::path::Path, games: u64) -> (u64, f64) {
    use robsim::catan::sim::{layout_for, GameRngs};
    use robsim::catan::*;
    let text = std::fs::read_to_string(cfg).unwrap();
    let sweep = robsim::config::Sweep::parse(&text, "t.toml").unwrap();
    let maps = robsim::games::catan_maps(&sweep).unwrap();
    let rows = robsim::games::catan_rows(&sweep, &maps, None);
    let row = &rows[0];
    let model = ValueModel::winprob();
    let (mut n, mut chance, mut won) = ([0u64; 10], [0f64; 10], [0u64; 10]);
    for i in 0..games {
        let layout = layout_for(row.topo, row.spec.board, row.seed, i);
        let mut g = Game::new(row.topo, layout, row.spec.rules);
        let mut rngs = GameRngs::new(row.seed, i);
        let mut player = row.spec.player();
        let mut w = Starts {
            model,
            seen: 0,
            scores: Vec::new(),
        };
        let mut buf = ActionList::new();
        robsim::engine::play::play(&mut g, &mut player, &mut rngs, &mut buf, &mut w);
        let win = g.s.outcome() == Some(Outcome::TeamWin);
        for p in w.scores {
            let b = ((p * 10.0) as usize).min(9);
            n[b] += 1;
            chance[b] += (p * 10_000.0).round() / 10_000.0;
            won[b] += win as u64;
        }
    }
    let total: u64 = n.iter().sum();
    let ece = (0..10)
        .filter(|&b| n[b] > 0)
        .map(|b| {
            n[b] as f64 / total as f64
                * (chance[b] / n[b] as f64 - won[b] as f64 / n[b] as f64).abs()
        })
        .sum();
    (total, ece)
}

/// Scores the position at the start of every round (player-turns 1, n + 1, ...).
struct Starts {
    model: &'static ValueModel,
    seen: u32,
    scores: Vec<f64>,
}

impl robsim::engine::play::Sink<robsim::catan::Event> for Starts {}

impl<'t> robsim::engine::play::Observer<robsim::catan::Game<'t>> for Starts {
    fn post_step(&mut self, g: &robsim::catan::Game<'t>) {
        let t = g.s.turn;
        if t == self.seen || t == 0 || g.is_over() {
            return;
        }
        self.seen = t;
        if (t - 1).is_multiple_of(g.s.n_players as u32) {
            self.scores.push(self.model.value(g));
        }
    }
}
