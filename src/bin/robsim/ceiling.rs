//! `robsim ceiling`: each row's search budget doubled until doubling stops paying, and its folder.
//!
//! `robsim ceiling`: plays each row's curve (`robsim::catan::ceiling`) and writes ceiling.csv,
//! the config, the command and a manifest.

use crate::cli::Output;
use crate::learn::{rayon_threads, row_label};
use crate::{install_interrupt_handler, Failure};
use anyhow::Context;
use robsim::catan::ceiling::{ceiling as climb, planned_work, Curve, Step};
use robsim::config::ceiling::ceiling as checked;
use robsim::config::Sweep;
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{r5, Manifest, ReportDir};
use std::path::Path;

/// One line of ceiling.csv: a row at one budget.
#[derive(serde::Serialize)]
struct Line<'a> {
    row: &'a str,
    policy: &'a str,
    budget: u32,
    games: u64,
    wins: u64,
    win_rate: f64,
    win_rate_lo95: f64,
    win_rate_hi95: f64,
    /// Against the budget before: this one minus it, paired, with its 95% interval.
    gain: Option<f64>,
    gain_lo95: Option<f64>,
    gain_hi95: Option<f64>,
    mcnemar_p: Option<f64>,
    seconds: f64,
    threads: usize,
    /// Wall-clock seconds x threads per game (an upper bound on the CPU time).
    core_seconds_per_game: f64,
    converged: bool,
}

/// Runs `robsim ceiling`.
pub(crate) fn ceiling(config: &Path, output: Output, args: Vec<String>) -> Result<(), Failure> {
    let (threads, quiet) = (output.threads, output.quiet);
    let origin = config.display().to_string();
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {origin}"))
        .map_err(Failure::Input)?;
    let sweep = Sweep::parse(&text, &origin).map_err(Failure::Input)?;
    let params = checked(&sweep, &origin, Some(&text)).map_err(Failure::Input)?;
    robsim::games::check(&sweep).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&sweep).map_err(Failure::Input)?;
    let rows = robsim::games::catan_rows(&sweep, &maps, None);
    let out = output.out.unwrap_or_else(|| default_out(&sweep.file.name));
    robsim::report::claim_for(&out, output.force, &text).map_err(Failure::Input)?;
    let mut dir = ReportDir::create(&out).map_err(Failure::Input)?;
    // Ctrl-C or SIGTERM: the budgets played so far are written, the last one partial.
    install_interrupt_handler();
    let pb = progress_bar(planned_work(&rows, &params), quiet);
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let labels: Vec<String> = rows.iter().map(row_label).collect();
    // Each budget's line as it ends, above the bar (on stderr: stdout keeps the final table).
    let done = |row: usize, s: &Step| {
        if !quiet {
            pb.suspend(|| eprintln!("{}: {}", labels[row], step_line(s).trim_start()));
        }
    };
    let curves =
        robsim::engine::runner::with_threads(threads, || climb(&rows, &params, &pb, &done))
            .map_err(Failure::Run)?;
    pb.finish_and_clear();
    let partial = robsim::engine::runner::stop_requested();
    for c in &curves {
        for s in &c.steps {
            let st = s.step.as_ref();
            dir.row(
                "ceiling.csv",
                &Line {
                    row: &labels[c.row],
                    policy: &s.policy,
                    budget: s.budget,
                    games: s.games,
                    wins: s.wins,
                    win_rate: r5(s.win_rate),
                    win_rate_lo95: r5(s.lo95),
                    win_rate_hi95: r5(s.hi95),
                    gain: st.and_then(|x| x.win_rate_diff),
                    gain_lo95: st.and_then(|x| x.win_rate_diff_lo95),
                    gain_hi95: st.and_then(|x| x.win_rate_diff_hi95),
                    mcnemar_p: st.and_then(|x| x.mcnemar_p),
                    seconds: (s.seconds * 1000.0).round() / 1000.0,
                    threads: s.threads,
                    core_seconds_per_game: r5(s.seconds * s.threads as f64 / s.games.max(1) as f64),
                    converged: s.converged,
                },
            )
            .map_err(Failure::Run)?;
        }
    }
    dir.text("config.toml", text.clone());
    dir.text("command.txt", format!("{}\n", shell_words(&args)));
    let manifest = Manifest {
        games_per_row: params.games,
        rows: rows.len(),
        partial,
        games_played: curves
            .iter()
            .map(|c| c.steps.iter().map(|s| s.games).sum())
            .collect(),
        // The models the rows' search plays over (and built-in knobs), with their hashes.
        models: sweep.models.clone(),
        ..Manifest::of_command(
            args,
            &text,
            sweep.file.seed,
            rayon_threads(threads),
            started,
            t0.elapsed().as_secs_f64(),
        )
    };
    dir.manifest(&manifest).map_err(Failure::Run)?;
    dir.finish().map_err(Failure::Run)?;
    print(&curves, &labels);
    if partial {
        return Err(Failure::Interrupted);
    }
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    Ok(())
}

fn print(curves: &[Curve], labels: &[String]) {
    for c in curves {
        println!("{}:", labels[c.row]);
        for s in &c.steps {
            println!("{}", step_line(s));
        }
        match (c.converged, c.steps.last()) {
            (true, Some(s)) => println!(
                "  converged at {}: best play found {:.2}% ({:.2}-{:.2})",
                s.policy,
                s.win_rate * 100.0,
                s.lo95 * 100.0,
                s.hi95 * 100.0
            ),
            _ => println!("  not converged: a larger max_budget or more games"),
        }
    }
}

/// A budget's line: policy, win rate with its interval, cost, and the doubling's gain.
fn step_line(s: &Step) -> String {
    let gain = match &s.step {
        Some(x) => format!(
            "  doubling {:+.2} points ({:+.2} to {:+.2})",
            x.win_rate_diff.unwrap_or(0.0) * 100.0,
            x.win_rate_diff_lo95.unwrap_or(0.0) * 100.0,
            x.win_rate_diff_hi95.unwrap_or(0.0) * 100.0
        ),
        None => String::new(),
    };
    format!(
        "  {:<24} {:>6.2}% ({:.2}-{:.2}) {:>7.3} core-s/game{gain}",
        s.policy,
        s.win_rate * 100.0,
        s.lo95 * 100.0,
        s.hi95 * 100.0,
        s.seconds * s.threads as f64 / s.games.max(1) as f64
    )
}
