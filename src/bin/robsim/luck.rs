//! `robsim luck`: a config's rows played by each rung on many boards.
//!
//! `robsim luck`: every row of a config's grid played by each `[luck]` rung on N boards × M games
//! per board; writes the luck report folder and prints its table.

use crate::cli::Output;
use crate::{install_interrupt_handler, Failure};
use anyhow::{Context, Result};
use robsim::carcassonne::experiment::resolve_tiles;
use robsim::carcassonne::luck::{
    analyse as carc_analyse, write_tables as write_carc_tables, CarcLuckRung, CarcPlayed,
    CarcRowStats,
};
use robsim::catan::lab::luck::analysis::{analyse, PlayedRung, RowStats};
use robsim::catan::lab::luck::figures::{boards_section, figures};
use robsim::catan::lab::luck::tables::write_tables;
use robsim::catan::lab::luck::LuckRung;
use robsim::catan::mapfile::map_for;
use robsim::config::luck::{luck as parse_luck, Luck, Rung};
use robsim::config::Sweep;
use robsim::engine::runner::{run_counted, stop_requested, with_threads, Experiment};
use robsim::engine::stats::{wilson, PairedBinary};
use robsim::report::html::Section;
use robsim::report::luck::{LuckAcc, SkillSpread, Spread};
use robsim::report::sweep::{default_out, progress_bar, shell_words, work_bar};
use robsim::report::terminal::{aligned, pct, pct_ci};
use robsim::report::Figure;
use robsim::report::{html, Manifest, ReportDir};
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
    robsim::paths::set_config_file(config);
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
    let seed = sweep.file.seed;
    let out = out.unwrap_or_else(|| default_out(&sweep.file.name));
    let how = How {
        threads,
        quiet,
        args: &args,
        text: &text,
    };
    if !lk.carcassonne.is_empty() {
        let tiles = resolve_tiles(&sweep.file.tiles)
            .with_context(|| format!("tiles = {:?}", sweep.file.tiles))
            .map_err(Failure::Input)?;
        let bound = bind(&lk.carcassonne, &lk.rungs, |spec, rung| CarcLuckRung {
            tiles,
            tiles_name: sweep.file.tiles.clone(),
            spec: *spec,
            seed,
            boards: rung.boards,
            games_per_board: rung.games_per_board,
        });
        let dir = claim(&out, force, &text, &lk)?;
        let played = |name, rung, acc| CarcPlayed { name, rung, acc };
        let (played, meta) = play_rungs(bound, CarcLuckRung::games, played, &how)?;
        let stats = carc_analyse(&played);
        write_carcassonne(dir, &sweep, &lk, &played, &stats, &meta).map_err(Failure::Run)?;
        print(&carc_views(&played, &stats));
        return done(&out);
    }
    let maps = robsim::games::catan_maps(&lk.sweep).map_err(Failure::Input)?;
    let bound = bind(&lk.rows, &lk.rungs, |spec, rung| {
        let map = map_for(&sweep.file.map, &spec.rules);
        LuckRung {
            topo: maps.get(&map),
            map,
            spec: *spec,
            seed,
            boards: rung.boards,
            games_per_board: rung.games_per_board,
        }
    });
    let dir = claim(&out, force, &text, &lk)?;
    let played = |name, rung, acc| PlayedRung { name, rung, acc };
    let (played, meta) = play_rungs(bound, LuckRung::games, played, &how)?;
    let stats = analyse(&played);
    write(dir, &sweep, &lk, &played, &stats, &meta).map_err(Failure::Run)?;
    print(&catan_views(&played, &stats));
    done(&out)
}

/// The last lines: the files written and where.
fn done(out: &Path) -> Result<(), Failure> {
    println!("{}", robsim::report::terminal::files_line("wrote:", out));
    println!("report: {}", out.display());
    Ok(())
}

/// Each row's specs (one per rung) bound to what plays them (`make`), named by their rung.
fn bind<S, E>(
    rows: &[Vec<S>],
    rungs: &[Rung],
    make: impl Fn(&S, &Rung) -> E,
) -> Vec<Vec<(String, E)>> {
    rows.iter()
        .map(|specs| {
            specs
                .iter()
                .zip(rungs)
                .map(|(spec, rung)| (rung.name.clone(), make(spec, rung)))
                .collect()
        })
        .collect()
}

/// How the rungs are played and recorded: threads, the bar, the command line and the config.
struct How<'a> {
    threads: usize,
    quiet: bool,
    args: &'a [String],
    text: &'a str,
}

/// Claims the report folder (a folder of another config needs `--force`) and prints the rows'
/// notes.
fn claim(out: &Path, force: bool, text: &str, lk: &Luck) -> Result<ReportDir, Failure> {
    robsim::report::claim_for(out, force, text).map_err(Failure::Input)?;
    let dir = ReportDir::create(out).map_err(Failure::Input)?;
    // The notes of the rows the rungs play (the grid alone plays no rung).
    for note in &lk.sweep.notes {
        eprintln!("robsim: {note}");
    }
    Ok(dir)
}

/// Plays every rung of every row (`games`: how many a rung plays) with a progress bar weighing
/// each game by its cost, each played rung made by `played` from its name, rung and
/// accumulator; nothing is returned for a run cut short (a statistic over boards played in part
/// would be biased).
fn play_rungs<E: Experiment + Send, P: Send>(
    bound: Vec<Vec<(String, E)>>,
    games: fn(&E) -> u64,
    played: impl Fn(String, E, E::Acc) -> P + Sync,
    how: &How,
) -> Result<(Vec<Vec<P>>, Meta), Failure>
where
    E::Acc: Send,
{
    let total = bound.iter().flatten().map(|(_, r)| games(r)).sum();
    // The bar weighs each rung's games by their cost (a search rung's game by its rollouts).
    let work: u64 = bound
        .iter()
        .flatten()
        .map(|(_, r)| games(r) * r.cost())
        .sum();
    let pb = if bound.iter().flatten().any(|(_, r)| r.cost() > 1) {
        work_bar(work, how.quiet)
    } else {
        progress_bar(work, how.quiet)
    };
    install_interrupt_handler();
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let played = with_threads(how.threads, || {
        bound
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|(name, rung)| {
                        let acc = run_counted(&rung, 0..games(&rung), &pb).0;
                        played(name, rung, acc)
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
    let threads = if how.threads == 0 {
        rayon::current_num_threads()
    } else {
        how.threads
    };
    let meta = Meta {
        args: how.args.to_vec(),
        command: shell_words(how.args),
        text: how.text.to_string(),
        threads,
        started,
        secs: t0.elapsed().as_secs_f64(),
        total,
    };
    Ok((played, meta))
}

struct Meta {
    args: Vec<String>,
    command: String,
    text: String,
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
    let boards = boards_section(played, stats, name)?;
    let features = out.table_bytes("features.csv").unwrap_or_default();
    let extra = [(
        "features.csv (what makes a board hard: every row and rung)",
        features.as_slice(),
    )];
    finish(
        out,
        sweep,
        lk,
        meta,
        &figs,
        &extra,
        std::slice::from_ref(&boards),
    )
}

/// A Carcassonne luck report: its tables and page (no figures: the per-deal rates are in
/// luck.csv's spread columns, and a tile order has no board to draw).
fn write_carcassonne(
    mut out: ReportDir,
    sweep: &Sweep,
    lk: &Luck,
    played: &[Vec<CarcPlayed>],
    stats: &[CarcRowStats],
    meta: &Meta,
) -> Result<()> {
    write_carc_tables(played, stats, &mut out)?;
    finish(out, sweep, lk, meta, &[], &[], &[])
}

/// Writes the page, config, command and provenance, and closes the folder.
fn finish(
    mut out: ReportDir,
    sweep: &Sweep,
    lk: &Luck,
    meta: &Meta,
    figs: &[Figure],
    extra: &[(&str, &[u8])],
    sections: &[Section],
) -> Result<()> {
    let name = &sweep.file.name;
    for f in figs {
        out.text(&format!("{}.svg", f.name), f.svg.clone());
    }
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
    let seats = out.table_bytes("seats.csv").unwrap_or_default();
    let mut extra_tables = extra.to_vec();
    extra_tables.push((
        "seats.csv (competitive rows: each seat's win rate)",
        seats.as_slice(),
    ));
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
            extra_tables,
            figures: figs,
            print: "",
            config: &meta.text,
            command: &meta.command,
            provenance: &provenance,
        },
        sections,
    );
    out.text("report.html", page);
    out.text("config.toml", meta.text.clone());
    out.text("command.txt", format!("{}\n", meta.command));
    out.text("provenance.txt", format!("{provenance}\n"));
    let manifest = Manifest {
        rows: sweep.rows.len() + sweep.carcassonne.len(),
        games_played: vec![meta.total],
        ..Manifest::of_command(
            meta.args.clone(),
            &meta.text,
            sweep.file.seed,
            meta.threads,
            meta.started,
            meta.secs,
        )
    };
    out.manifest(&manifest)?;
    out.finish()?;
    Ok(())
}

/// The luck table's paragraph on the luck page.
const LUCK_INTRO: &str = "<p>One row per grid row and rung (the rungs are the policies, weakest first), each rung playing its boards × games per board: the board fixed, the dice and deck varied. Win rates are the team's (competitive rows: the first seat's) with 95% Wilson intervals over the effective sample size (games over the design effect of playing them board by board); <code>board_share</code> is the share of one game's outcome variance that the board accounts for, with its jackknife interval over boards; the spans and outlier shares are of the observed per-board rates. The method: docs/guide.md, section Luck and skill.</p>";

/// The rung pairs' paragraph on the luck page (`pairs.csv`), and the sentence when there are none.
const PAIRS_INTRO: (&str, &str) = (
    "<p>Every two rungs of one row, A (listed first, the weaker) and B, over the games both played: game <i>j</i> of board <i>b</i> has the same board, dice and deck in every rung. Differences are rung B minus rung A with 95% intervals (win rate: Newcombe's hybrid score interval for paired proportions); <code>skill_decided_share</code> is the share of games B won and A lost, <code>skill_reversed_share</code> the reverse; p-values: McNemar's test on those games (exact binomial below 25 such games, else chi-square with continuity correction), p &lt; 0.05 shaded; <code>skill_spread_logit</code> is B's log-odds of a win minus A's, with boards as clusters.</p>",
    "<p>No rung pairs: pairs.csv is written for co-op rows (Robert, Solitaire) and for a lineup's lead seat, where every rung plays the same seat among the same opponents; competitive rows without a lineup compare their seats in seats.csv.</p>",
);

/// The columns of `luck.csv` shown first in report.html.
const HEADLINE: &[&str] = &[
    "row",
    "row_label",
    "player",
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

/// One row of the terminal table, from either game's statistics.
struct RowView<'a> {
    label: &'a str,
    /// Whose win the rates are.
    whose: String,
    rungs: Vec<RungView<'a>>,
    /// Competitive rows: per rung, its seats' win rates.
    seats: Vec<String>,
    /// The clearest board features (Catan), one line.
    features: Option<String>,
}

struct RungView<'a> {
    name: &'a str,
    boards: u64,
    games_per_board: u64,
    spread: &'a Spread,
    vs_prev: Option<&'a PairedBinary>,
    vs_first: Option<SkillSpread>,
}

/// The seats of a competitive rung, one line: each seat's win rate with its interval.
fn seats_line(name: &str, players: usize, acc: &LuckAcc) -> String {
    let games = acc.games.iter().sum::<u64>();
    let seats: Vec<String> = (0..players)
        .map(|k| {
            let w = acc.seat_wins[k];
            let (lo, hi) = wilson(w, games);
            format!(
                "{} {}",
                k + 1,
                pct_ci(w as f64 / games.max(1) as f64, lo, hi)
            )
        })
        .collect();
    format!("  seats ({name}): {}", seats.join(", "))
}

fn catan_views<'a>(played: &'a [Vec<PlayedRung>], stats: &'a [RowStats]) -> Vec<RowView<'a>> {
    played
        .iter()
        .zip(stats)
        .map(|(row, st)| {
            let whose = match (st.team, row.first().and_then(|r| r.rung.spec.lead())) {
                (true, _) => "team win".to_string(),
                (false, None) => "first seat's win".to_string(),
                (false, Some(lead)) => format!("the lineup's lead, seat {}: its win", lead + 1),
            };
            let seats = if st.team {
                Vec::new()
            } else {
                row.iter()
                    .map(|pr| seats_line(&pr.name, pr.rung.spec.rules.players as usize, &pr.acc))
                    .collect()
            };
            RowView {
                label: &st.label,
                whose,
                rungs: row
                    .iter()
                    .zip(&st.rungs)
                    .map(|(pr, rs)| RungView {
                        name: &pr.name,
                        boards: pr.rung.boards,
                        games_per_board: pr.rung.games_per_board,
                        spread: &rs.spread,
                        vs_prev: rs.vs_prev.as_ref(),
                        vs_first: rs.vs_first,
                    })
                    .collect(),
                seats,
                features: features_line(row, st),
            }
        })
        .collect()
}

fn carc_views<'a>(played: &'a [Vec<CarcPlayed>], stats: &'a [CarcRowStats]) -> Vec<RowView<'a>> {
    played
        .iter()
        .zip(stats)
        .map(|(row, st)| {
            let whose = match row.first().and_then(|r| r.rung.spec.lead()) {
                None => "first seat's win; tied leaders all win".to_string(),
                Some(lead) => format!(
                    "the lineup's lead, seat {}: its win, a tie for first included",
                    lead + 1
                ),
            };
            RowView {
                label: &st.label,
                whose,
                rungs: row
                    .iter()
                    .zip(&st.rungs)
                    .map(|(pr, rs)| RungView {
                        name: &pr.name,
                        boards: pr.rung.boards,
                        games_per_board: pr.rung.games_per_board,
                        spread: &rs.spread,
                        vs_prev: rs.vs_prev.as_ref(),
                        vs_first: rs.vs_first,
                    })
                    .collect(),
                seats: row
                    .iter()
                    .map(|pr| seats_line(&pr.name, pr.rung.spec.rules.players as usize, &pr.acc))
                    .collect(),
                features: None,
            }
        })
        .collect()
}

/// The reference rung's clearest board features (at most 4, each clear of zero), one line.
fn features_line(row: &[PlayedRung], st: &RowStats) -> Option<String> {
    let fit = st.rungs[st.reference].fit.as_ref()?;
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
    Some(format!(
        "  boards ({}, R² {:.2}), points per SD: {}",
        row[st.reference].name,
        fit.r2,
        if shown.is_empty() {
            "no feature clear of zero".to_string()
        } else {
            shown.join(", ")
        }
    ))
}

/// The terminal table: per row, each rung's win rate, board share, spread of per-board rates,
/// skill-decided shares against the rung before (games only this rung won / only the one
/// before won) and skill spread over the first rung; then each seat (competitive rows) and the
/// clearest board features. Percentages with 95% intervals, aligned as in the sweep's summary.
fn print(views: &[RowView]) {
    for v in views {
        println!("\n{} ({})", v.label, v.whose);
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
        for r in &v.rungs {
            let s = r.spread;
            let share = match (s.share, s.share_lo95, s.share_hi95) {
                (Some(v), Some(lo), Some(hi)) => pct_ci(v, lo, hi),
                (Some(v), ..) => pct(v),
                _ => "-".into(),
            };
            let skill = r.vs_prev.map_or("-".into(), |t| {
                let n = t.n().max(1) as f64;
                format!(
                    "{} / {}",
                    pct(t.only_b as f64 / n),
                    pct(t.only_a as f64 / n)
                )
            });
            let spread = r.vs_first.map_or("-".into(), |x| {
                format!(
                    "{}{:+.2} ({:+.2} to {:+.2})",
                    if x.censored { ">=" } else { "" },
                    x.logit_diff,
                    x.lo95,
                    x.hi95
                )
            });
            lines.push(vec![
                r.name.to_string(),
                format!("{}×{}", r.boards, r.games_per_board),
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
        for line in &v.seats {
            println!("{line}");
        }
        if let Some(f) = &v.features {
            println!("{f}");
        }
    }
}
