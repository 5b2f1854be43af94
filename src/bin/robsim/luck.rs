//! `robsim luck`: a config's rows played by each rung on many boards.
//!
//! `robsim luck`: every row of a config's grid played by each `[luck]` rung on N boards × M games
//! per board; writes the luck report folder and prints its table.

use crate::cli::Output;
use crate::{install_interrupt_handler, Failure};
use anyhow::{Context, Result};
use robsim::catan::luck::analysis::{analyse, PlayedRung, RowStats};
use robsim::catan::luck::figures::{boards_section, figures};
use robsim::catan::luck::tables::write_tables;
use robsim::catan::luck::LuckRung;
use robsim::catan::mapfile::map_for;
use robsim::config::luck::{luck as parse_luck, Luck};
use robsim::config::Sweep;
use robsim::engine::runner::{run_counted, stop_requested, with_threads};
use robsim::engine::stats::wilson;
use robsim::report::sweep::{default_out, progress_bar, shell_words, work_bar};
use robsim::report::terminal::{aligned, pct, pct_ci};
use robsim::report::{html, ReportDir};
use std::path::Path;

/// Runs `robsim luck`; `overrides` are `--boards` and `--games-per-board` (every rung).
pub(crate) fn luck(
    config: &Path,
    overrides: (Option<u64>, Option<u64>),
    output: Output,
    args: Vec<String>,
) -> Result<(), Failure> {
    let Output {
        threads,
        out,
        force,
        quiet,
    } = output;
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {}", config.display()))
        .map_err(Failure::Input)?;
    let origin = config.display().to_string();
    let sweep = Sweep::parse(&text, &origin).map_err(Failure::Input)?;
    let mut lk = parse_luck(&sweep.file, &origin, Some(&text)).map_err(Failure::Input)?;
    for rung in &mut lk.rungs {
        if let Some(b) = overrides.0 {
            rung.boards = b;
        }
        if let Some(m) = overrides.1 {
            rung.games_per_board = m;
        }
    }
    robsim::games::check(&lk.sweep).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&lk.sweep).map_err(Failure::Input)?;
    let seed = sweep.file.seed;
    let bound: Vec<Vec<(String, LuckRung)>> = lk
        .rows
        .iter()
        .map(|specs| {
            specs
                .iter()
                .zip(&lk.rungs)
                .map(|(spec, rung)| {
                    let map = map_for(&sweep.file.map, &spec.rules);
                    let r = LuckRung {
                        topo: maps.get(&map),
                        map,
                        spec: *spec,
                        seed,
                        boards: rung.boards,
                        games_per_board: rung.games_per_board,
                    };
                    (rung.name.clone(), r)
                })
                .collect()
        })
        .collect();
    let out = out.unwrap_or_else(|| default_out(&sweep.file.name));
    robsim::report::claim_for(&out, force, &text).map_err(Failure::Input)?;
    let dir = ReportDir::create(&out).map_err(Failure::Input)?;
    // The notes of the rows the rungs play (the grid alone plays no rung).
    for note in &lk.sweep.notes {
        eprintln!("robsim: {note}");
    }
    let total = bound.iter().flatten().map(|(_, r)| r.games()).sum();
    // The bar weighs each rung's games by their cost (a search rung's game by its rollouts).
    let work: u64 = bound
        .iter()
        .flatten()
        .map(|(_, r)| r.games() * r.spec.cost())
        .sum();
    let pb = if bound.iter().flatten().any(|(_, r)| r.spec.cost() > 1) {
        work_bar(work, quiet)
    } else {
        progress_bar(work, quiet)
    };
    install_interrupt_handler();
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let played: Vec<Vec<PlayedRung>> = with_threads(threads, || {
        bound
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|(name, rung)| {
                        let acc = run_counted(&rung, 0..rung.games(), &pb).0;
                        PlayedRung { name, rung, acc }
                    })
                    .collect()
            })
            .collect()
    })
    .map_err(Failure::Run)?;
    pb.finish_and_clear();
    if stop_requested() {
        // Boards cut short would bias every statistic; nothing is written.
        return Err(Failure::Interrupted);
    }
    let threads = if threads == 0 {
        rayon::current_num_threads()
    } else {
        threads
    };
    let stats = analyse(&played);
    let meta = Meta {
        args: &args,
        text: &text,
        threads,
        started,
        secs: t0.elapsed().as_secs_f64(),
        total,
    };
    write(dir, &sweep, &lk, &played, &stats, &meta).map_err(Failure::Run)?;
    print(&played, &stats);
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    Ok(())
}

struct Meta<'a> {
    args: &'a [String],
    text: &'a str,
    threads: usize,
    started: std::time::SystemTime,
    secs: f64,
    total: u64,
}

fn write(
    mut out: ReportDir,
    sweep: &Sweep,
    lk: &Luck,
    played: &[Vec<PlayedRung>],
    stats: &[RowStats],
    meta: &Meta,
) -> Result<()> {
    let name = &sweep.file.name;
    write_tables(played, stats, name, &mut out)?;
    let figs = figures(played, stats)?;
    for f in &figs {
        out.text(&format!("{}.svg", f.name), f.svg.clone());
    }
    let boards = boards_section(played, stats, name)?;
    let command = shell_words(meta.args);
    let rungs: Vec<String> = lk
        .rungs
        .iter()
        .map(|r| format!("{} {}×{}", r.name, r.boards, r.games_per_board))
        .collect();
    let provenance = format!(
        "robsim {} (commit {}), seed {}, rungs (boards × games per board) {}, {} games in all, {} threads, {:.1} s, started {}, {}",
        env!("CARGO_PKG_VERSION"),
        robsim::report::git_commit().unwrap_or("unknown"),
        sweep.file.seed,
        rungs.join(", "),
        meta.total,
        meta.threads,
        meta.secs,
        humantime::format_rfc3339_seconds(meta.started),
        robsim::report::machine(),
    );
    let luck_csv = out.table_bytes("luck.csv").unwrap_or_default();
    let pairs = out.table_bytes("pairs.csv").unwrap_or_default();
    let features = out.table_bytes("features.csv").unwrap_or_default();
    let seats = out.table_bytes("seats.csv").unwrap_or_default();
    let page = html::render_with(
        &html::Page {
            title: &format!("{name} (luck and skill)"),
            description: &sweep.file.description,
            summary_csv: &luck_csv,
            headline: HEADLINE,
            summary_file: "luck.csv",
            summary_intro: LUCK_INTRO,
            compare_csv: &pairs,
            pairs: Some(PAIRS_INTRO),
            extra_tables: vec![
                (
                    "features.csv (what makes a board hard: every row and rung)",
                    &features,
                ),
                ("seats.csv (competitive rows: each seat's win rate)", &seats),
            ],
            figures: &figs,
            config: meta.text,
            command: &command,
            provenance: &provenance,
        },
        std::slice::from_ref(&boards),
    );
    out.text("report.html", page);
    out.text("config.toml", meta.text.to_string());
    out.text("command.txt", format!("{command}\n"));
    out.text("provenance.txt", format!("{provenance}\n"));
    out.finish()?;
    Ok(())
}

/// The luck table's paragraph on the luck page.
const LUCK_INTRO: &str = "<p>One row per grid row and rung (the rungs are the policies, weakest first), each rung playing its boards × games per board: the board fixed, the dice and deck varied. Win rates are the team's (competitive rows: the first seat's) with 95% Wilson intervals over the effective sample size (games over the design effect of playing them board by board); <code>board_share</code> is the share of one game's outcome variance that the board accounts for, with its jackknife interval over boards; the spans and outlier shares are of the observed per-board rates. The method: docs/guide.md, section Luck and skill.</p>";

/// The rung pairs' paragraph on the luck page (`pairs.csv`), and the sentence when there are none.
const PAIRS_INTRO: (&str, &str) = (
    "<p>Every two rungs of one row, A (listed first, the weaker) and B, over the games both played: game <i>j</i> of board <i>b</i> has the same board, dice and deck in every rung. Differences are rung B minus rung A with 95% intervals (win rate: Newcombe's hybrid score interval for paired proportions); <code>skill_decided_share</code> is the share of games B won and A lost, <code>skill_reversed_share</code> the reverse; p-values: McNemar's test on those games (exact binomial below 25 such games, else chi-square with continuity correction), p &lt; 0.05 shaded; <code>skill_spread_logit</code> is B's log-odds of a win minus A's, with boards as clusters.</p>",
    "<p>No rung pairs: pairs.csv is written for co-op rows (Robert, Solitaire) only; competitive rows compare their seats in seats.csv.</p>",
);

/// The columns of `luck.csv` shown first in report.html.
const HEADLINE: &[&str] = &[
    "row",
    "row_label",
    "rung",
    "boards",
    "games_per_board",
    "win_rate",
    "win_rate_lo95",
    "win_rate_hi95",
    "board_share",
    "board_share_lo95",
    "board_share_hi95",
    "board_share_split",
    "span",
    "trimmed_span",
    "boards_under_5pct",
    "boards_over_95pct",
    "skill_vs",
    "skill_decided_share",
    "skill_reversed_share",
    "skill_spread_logit",
];

/// The terminal table: per row, each rung's win rate, board share, spread of per-board rates,
/// skill-decided shares against the rung before (games only this rung won / only the one
/// before won) and skill spread over the first rung; then the clearest board features.
/// Percentages with 95% intervals, aligned as in the sweep's summary.
fn print(played: &[Vec<PlayedRung>], stats: &[RowStats]) {
    for (row, st) in played.iter().zip(stats) {
        let whose = match (st.team, row.first().and_then(|r| r.rung.spec.lead())) {
            (true, _) => "team win".to_string(),
            (false, None) => "first seat's win".to_string(),
            (false, Some(lead)) => format!("the lineup's lead, seat {}: its win", lead + 1),
        };
        println!("\n{} ({whose})", st.label);
        let mut lines: Vec<Vec<String>> = vec![[
            "rung",
            "boards×games",
            "win rate",
            "board share",
            "split-half",
            "span",
            "5–95% span",
            "<5%",
            ">95%",
            "skill-decided / reversed",
            "spread vs first (logit)",
        ]
        .map(String::from)
        .to_vec()];
        for (pr, rs) in row.iter().zip(&st.rungs) {
            let s = &rs.spread;
            let share = match (s.share, s.share_lo95, s.share_hi95) {
                (Some(v), Some(lo), Some(hi)) => pct_ci(v, lo, hi),
                (Some(v), ..) => pct(v),
                _ => "-".into(),
            };
            let skill = rs.vs_prev.map_or("-".into(), |t| {
                let n = t.n().max(1) as f64;
                format!(
                    "{} / {}",
                    pct(t.only_b as f64 / n),
                    pct(t.only_a as f64 / n)
                )
            });
            let spread = rs.vs_first.map_or("-".into(), |x| {
                format!(
                    "{}{:+.2} ({:+.2} to {:+.2})",
                    if x.censored { ">=" } else { "" },
                    x.logit_diff,
                    x.lo95,
                    x.hi95
                )
            });
            lines.push(vec![
                pr.name.clone(),
                format!("{}×{}", pr.rung.boards, pr.rung.games_per_board),
                pct_ci(s.win_rate, s.lo95, s.hi95),
                share,
                s.share_split.map_or("-".into(), pct),
                format!("{:.2}", s.span),
                format!("{:.2}", s.trimmed_span),
                pct(s.under5),
                pct(s.over95),
                skill,
                spread,
            ]);
        }
        print!("{}", aligned(&lines, 1));
        if !st.team {
            for pr in row {
                let games = pr.acc.games.iter().sum::<u64>();
                let n = pr.rung.spec.rules.players as usize;
                let seats: Vec<String> = (0..n)
                    .map(|k| {
                        let w = pr.acc.seat_wins[k];
                        let (lo, hi) = wilson(w, games);
                        format!(
                            "{} {}",
                            k + 1,
                            pct_ci(w as f64 / games.max(1) as f64, lo, hi)
                        )
                    })
                    .collect();
                println!("  seats ({}): {}", pr.name, seats.join(", "));
            }
        }
        let rs = &st.rungs[st.reference];
        if let Some(fit) = &rs.fit {
            let mut effects: Vec<(&str, f64, f64, f64)> = fit
                .coefs
                .iter()
                .filter_map(|c| {
                    let (v, lo, hi) = c.per_sd()?;
                    (lo > 0.0 || hi < 0.0).then_some((c.name.as_str(), v, lo, hi))
                })
                .collect();
            effects.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()));
            let shown: Vec<String> = effects
                .iter()
                .take(4)
                .map(|(n, v, lo, hi)| {
                    format!(
                        "{n} {:+.1} ({:+.1} to {:+.1})",
                        v * 100.0,
                        lo * 100.0,
                        hi * 100.0
                    )
                })
                .collect();
            println!(
                "  boards ({}, R² {:.2}), points per SD: {}",
                row[st.reference].name,
                fit.r2,
                if shown.is_empty() {
                    "no feature clear of zero".to_string()
                } else {
                    shown.join(", ")
                }
            );
        }
    }
}
