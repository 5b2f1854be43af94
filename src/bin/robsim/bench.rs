//! `robsim bench`: the speed table of the standard workloads, one thread and all threads.

use crate::Failure;
use std::path::PathBuf;

/// Runs `robsim bench` and prints its table.
pub(crate) fn bench(
    games: u64,
    repeats: usize,
    threads: usize,
    only: Option<String>,
    csv: Option<PathBuf>,
) -> Result<(), Failure> {
    use std::io::Write;
    let all = all_threads(threads);
    // The shipped Robert model, built in so that the workload is the same wherever it runs.
    let learned = robsim::config::learn::builtin_model("robert").map(|l| l.model);
    let lines = robsim::catan::lab::bench::run_bench(games, repeats, all, only.as_deref(), learned)
        .map_err(Failure::Run)?;
    let mut out = std::io::stdout().lock();
    let w = |o: &mut std::io::StdoutLock, s: String| {
        o.write_all(s.as_bytes())
            .map_err(|e| Failure::Run(e.into()))
    };
    w(
        &mut out,
        format!(
            "{:<28} {:>7} {:>8} {:>13} {:>10} {:>13} {:>11} {:>15} {:>8} {:>12} {:>12}\n",
            "workload",
            "threads",
            "games",
            "turns/game",
            "seconds",
            "core-us/game",
            "games/s",
            "player-turns/s",
            "scaling",
            "decisions/s",
            "rollouts/s"
        ),
    )?;
    for l in &lines {
        w(
            &mut out,
            format!(
                "{:<28} {:>7} {:>8} {:>13.1} {:>10.3} {:>13.1} {:>11.0} {:>15.0} {:>8} {:>12} {:>12}\n",
                l.workload,
                l.threads,
                l.games,
                l.player_turns_per_game,
                l.seconds_median,
                l.core_us_per_game,
                l.games_per_s,
                l.player_turns_per_s,
                l.scaling.map_or(String::new(), |s| format!("{s:.2}x")),
                l.decisions_per_s
                    .map_or(String::new(), |s| format!("{s:.0}")),
                l.rollouts_per_s
                    .map_or(String::new(), |s| format!("{s:.0}"))
            ),
        )?;
    }
    // The players' cost against each other on the same games: per game (the measure), and per
    // player-turn beside it (the games' lengths differ).
    for r in robsim::catan::lab::bench::ratios(&lines) {
        w(
            &mut out,
            format!(
                "cost on the same games, 1 thread: {} = {:.2}x {} a game ({:.2}x a player-turn; {:.1} against {:.1} player-turns a game)\n",
                r.workload,
                r.per_game,
                r.against,
                r.per_player_turn,
                r.player_turns_per_game,
                r.against_player_turns_per_game
            ),
        )?;
    }
    w(
        &mut out,
        format!("machine: {}\n", robsim::report::machine()),
    )?;
    match csv {
        Some(path) => write_csv(&lines, &path),
        None => Ok(()),
    }
}

/// Runs `robsim bench --jobs` and prints its table.
pub(crate) fn bench_jobs(
    repeats: usize,
    threads: usize,
    only: Option<String>,
    csv: Option<PathBuf>,
) -> Result<(), Failure> {
    let all = all_threads(threads);
    let lines = crate::jobs::run_jobs(repeats, all, only.as_deref())?;
    let mut text = format!(
        "{:<26} {:>7} {:>10} {:>8}\n",
        "job", "threads", "seconds", "scaling"
    );
    for l in &lines {
        text.push_str(&format!(
            "{:<26} {:>7} {:>10.3} {:>8}\n",
            l.job,
            l.threads,
            l.seconds_median,
            l.scaling.map_or(String::new(), |s| format!("{s:.2}x"))
        ));
    }
    text.push_str(&format!("machine: {}\n", robsim::report::machine()));
    print!("{text}");
    match csv {
        Some(path) => write_csv(&lines, &path),
        None => Ok(()),
    }
}

/// The table's lines as a CSV file, written atomically.
fn write_csv<T: serde::Serialize>(lines: &[T], path: &std::path::Path) -> Result<(), Failure> {
    let mut wtr = csv::Writer::from_writer(Vec::new());
    for l in lines {
        wtr.serialize(l).map_err(|e| Failure::Run(e.into()))?;
    }
    let bytes = wtr
        .into_inner()
        .map_err(|e| Failure::Run(anyhow::anyhow!("{e}")))?;
    robsim::report::write_atomic(path, &bytes).map_err(Failure::Run)
}

/// The parallel measurement's thread count: `threads`, or one per core for 0.
fn all_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}
