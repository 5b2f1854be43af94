//! `robsim tune`: tunes a team or learned player's team knobs; writes tuned.toml and its tables.

use crate::cli::Output;
use crate::Failure;
use anyhow::Context;
use robsim::catan::lab::tune::{planned_games, tune as search, tuned_rows, Tunable, Tuned};
use robsim::config::Sweep;
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{Manifest, ReportDir};
use std::path::Path;

/// How much the search plays.
pub(crate) struct Budget {
    pub train_games: u64,
    pub test_games: u64,
    pub rounds: u32,
}

/// Runs `robsim tune`.
pub(crate) fn tune(
    config: &Path,
    budget: Budget,
    output: Output,
    args: Vec<String>,
) -> Result<(), Failure> {
    let (threads, quiet) = (output.threads, output.quiet);
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {}", config.display()))
        .map_err(Failure::Input)?;
    robsim::paths::set_config_file(config);
    let sweep = Sweep::parse(&text, &config.display().to_string()).map_err(Failure::Input)?;
    if !sweep.carcassonne.is_empty() {
        return Err(Failure::Input(anyhow::anyhow!(
            "{}: grid.variant: tune searches the team policy's knobs; allowed: robert rows played by team or learned",
            config.display()
        )));
    }
    robsim::games::check(&sweep).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&sweep).map_err(Failure::Input)?;
    let rows = robsim::games::catan_rows(&sweep, &maps, None);
    let n_tuned = tuned_rows(&rows)
        .map_err(|e| Failure::Input(anyhow::anyhow!("{}: {e}", config.display())))?
        .1
        .len();
    let out = output
        .out
        .unwrap_or_else(|| default_out(&format!("{}-tune", sweep.file.name)));
    robsim::report::claim(&out, output.force).map_err(Failure::Input)?;
    // A folder with a config.toml is a report; another command's (its manifest says) is not
    // replaced without --force.
    let tuned_before = std::fs::read_to_string(out.join("manifest.json"))
        .ok()
        .and_then(|m| serde_json::from_str::<robsim::report::Manifest>(&m).ok())
        .is_some_and(|m| m.command.get(1).map(String::as_str) == Some("tune"));
    if !output.force && out.join("config.toml").is_file() && !tuned_before {
        return Err(Failure::Input(anyhow::anyhow!(
            "--out {}: holds a report robsim wrote for another command, which this run would replace; allowed: another --out, or --force to replace it",
            out.display()
        )));
    }
    robsim::report::ReportDir::create(&out).map_err(Failure::Input)?;
    let pb = progress_bar(
        planned_games(
            n_tuned,
            budget.train_games,
            budget.test_games,
            budget.rounds,
        ),
        quiet,
    );
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let result = robsim::engine::runner::with_threads(threads, || {
        search(
            &rows,
            sweep.file.team,
            budget.train_games,
            budget.test_games,
            budget.rounds,
            &pb,
        )
    })
    .map_err(Failure::Run)?
    .map_err(Failure::Input)?;
    pb.finish_and_clear();
    let run = Run {
        text: &text,
        args: &args,
        threads,
        started,
        secs: t0.elapsed().as_secs_f64(),
    };
    write(&out, &sweep, &result, &budget, &run).map_err(Failure::Run)?;
    print(&result, &rows);
    println!("report: {}", out.display());
    Ok(())
}

/// What ran: the config as given, the command line, threads and clock.
struct Run<'a> {
    text: &'a str,
    args: &'a [String],
    threads: usize,
    started: std::time::SystemTime,
    secs: f64,
}

fn write(out: &Path, sweep: &Sweep, r: &Tuned, b: &Budget, run: &Run) -> anyhow::Result<()> {
    let (args, secs) = (run.args, run.secs);
    #[derive(serde::Serialize)]
    struct Table<'a> {
        team: &'a robsim::catan::policy::TeamKnobs,
    }
    let (whose, paste) = match r.player {
        Tunable::Team => (
            "Team knobs".to_string(),
            "Paste the [team] table into a sweep config",
        ),
        Tunable::Learned { name, .. } => (
            format!(
                "Base team knobs of the learned model ({}) with its weights kept,",
                name.map_or("each row's built-in one".to_string(), |n| format!("learned:{n}")),
            ),
            "Paste the [team] table into a learn config with\n# `rebase = true` and `start` = that model to write the model over them",
        ),
    };
    let mut toml_text = format!(
        "# {whose} tuned by `{}`\n# on {} training games per row (seed {} -> training seed {}), {} round(s) at most,\n# {:.0} s on {}.\n# {paste}; held_out.csv tests it against the starting knobs.\n",
        shell_words(args),
        b.train_games,
        sweep.file.seed,
        robsim::catan::lab::tune::train_seed(sweep.file.seed),
        b.rounds,
        secs,
        robsim::report::machine(),
    );
    toml_text.push_str(&toml::to_string(&Table { team: &r.tuned })?);
    let mut dir = ReportDir::create(out)?;
    dir.text("tuned.toml", toml_text);
    for t in &r.trials {
        dir.row("tune.csv", t)?;
    }
    for c in &r.held_out {
        dir.row("held_out.csv", c)?;
    }
    dir.text("config.toml", run.text.to_string());
    dir.text("command.txt", format!("{}\n", shell_words(args)));
    let threads = crate::learn::rayon_threads(run.threads);
    dir.manifest(&Manifest::of_command(
        args.to_vec(),
        run.text,
        sweep.file.seed,
        threads,
        run.started,
        secs,
    ))?;
    dir.finish()?;
    Ok(())
}

fn print(r: &Tuned, rows: &[robsim::catan::experiment::CatanRow]) {
    let changed: Vec<String> = {
        let a = toml::Value::try_from(r.start).expect("knobs as TOML");
        let b = toml::Value::try_from(r.tuned).expect("knobs as TOML");
        let (a, b) = (a.as_table().expect("table"), b.as_table().expect("table"));
        b.iter()
            .filter(|(k, v)| a.get(*k) != Some(v))
            .map(|(k, v)| format!("{k} = {v} (was {})", a[k]))
            .collect()
    };
    if changed.is_empty() {
        println!("tuned: no knob changed");
    } else {
        println!("tuned: {}", changed.join(", "));
    }
    println!("held-out games, tuned minus start (paired on the same games, 95% interval):");
    use robsim::report::terminal::{aligned, p_value, points_ci};
    let mut lines = Vec::new();
    for c in &r.held_out {
        let row = &rows[c.row_a];
        lines.push(vec![
            format!("row {}", c.row_a),
            format!(
                "{}, {} players{}",
                row.spec.rules.variant.name(),
                row.spec.rules.players,
                row.spec
                    .rules
                    .variant
                    .robert()
                    .map_or(String::new(), |r| format!(
                        ", {}",
                        robsim::catan::knobs::difficulty_label(r.start_cards)
                    ))
            ),
            points_ci(
                c.win_rate_diff.unwrap_or(0.0),
                c.win_rate_diff_lo95.unwrap_or(0.0),
                c.win_rate_diff_hi95.unwrap_or(0.0),
            ),
            c.mcnemar_p.map_or("-".to_string(), p_value),
        ]);
    }
    print!("{}", aligned(&lines, 2));
}
