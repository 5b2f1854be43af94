//! `robsim learn-value`: the value model that truncated search futures are scored by.
//!
//! `robsim learn-value`: plays a config's Robert rows, fits the value of a position per player
//! count (`robsim::catan::learning::valuefit`) and writes value.toml, fit.csv, the config, the command
//! and a manifest.

use crate::cli::Output;
use crate::learn::rayon_threads;
use crate::Failure;
use anyhow::Context;
use robsim::catan::learning::valuefit::{fit, positions, ValueFit};
use robsim::catan::policy::value::{features_at, ValueFile, ValueRow};
use robsim::config::value::valuing;
use robsim::config::Sweep;
use robsim::engine::seeds::mix64;
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{r5, Manifest, ReportDir};
use serde::Serialize;
use std::path::Path;

/// Seeds of the training and the held-out games (neither is a sweep's game seed).
fn seeds(seed: u64) -> (u64, u64) {
    (
        mix64(seed ^ 0x7661_6c75_6574_726e),
        mix64(seed ^ 0x7661_6c75_6574_7374),
    )
}

/// One line of fit.csv.
#[derive(Serialize)]
struct FitLine {
    players: u8,
    train_positions: u64,
    test_positions: u64,
    r2_held_out: f64,
    mse_held_out: f64,
    mse_of_the_mean: f64,
}

/// Runs `robsim learn-value`.
pub(crate) fn learn_value(config: &Path, output: Output, args: Vec<String>) -> Result<(), Failure> {
    let (threads, quiet) = (output.threads, output.quiet);
    let origin = config.display().to_string();
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {origin}"))
        .map_err(Failure::Input)?;
    robsim::paths::set_config_file(config);
    let sweep = Sweep::parse(&text, &origin).map_err(Failure::Input)?;
    let p = valuing(&sweep, &origin, Some(&text)).map_err(Failure::Input)?;
    robsim::games::check(&sweep).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&sweep).map_err(Failure::Input)?;
    let rows = robsim::games::catan_rows(&sweep, &maps, None);
    let out = output.out.unwrap_or_else(|| default_out(&sweep.file.name));
    robsim::report::claim_for(&out, output.force, &text).map_err(Failure::Input)?;
    let mut dir = ReportDir::create(&out).map_err(Failure::Input)?;
    let pb = progress_bar(rows.len() as u64 * (p.train_games + p.test_games), quiet);
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let (train_seed, test_seed) = seeds(sweep.file.seed);
    let (train, test) = robsim::engine::runner::with_threads(threads, || {
        (
            positions(&rows, &p, train_seed, p.train_games, &pb),
            positions(&rows, &p, test_seed, p.test_games, &pb),
        )
    })
    .map_err(Failure::Run)?;
    pb.finish_and_clear();
    if robsim::engine::runner::stop_requested() {
        return Err(Failure::Interrupted);
    }
    let (model, fits) = fit(&rows, &train, &test, &p).map_err(Failure::Run)?;
    let names = features_at(p.version);
    let file = ValueFile {
        version: p.version,
        variant: "robert".to_string(),
        command: format!("robsim learn-value {origin}"),
        progress_weight: p.progress_weight,
        link: if model.logistic { "logistic" } else { "linear" }.to_string(),
        features: names.iter().map(|s| s.to_string()).collect(),
        rows: fits.iter().map(|f| row(f, names.len())).collect(),
    };
    let model = toml::to_string(&file)
        .context("writing value.toml")
        .map_err(Failure::Run)?;
    dir.text(
        "value.toml",
        format!(
            "# A robsim value model: `robsim learn-value` wrote it (see docs/guide.md).\n{model}"
        ),
    );
    for f in &fits {
        dir.row(
            "fit.csv",
            &FitLine {
                players: f.players,
                train_positions: f.train_positions,
                test_positions: f.test_positions,
                r2_held_out: r5(f.r2),
                mse_held_out: r5(f.mse),
                mse_of_the_mean: r5(f.mse_mean),
            },
        )
        .map_err(Failure::Run)?;
    }
    dir.text("config.toml", text.clone());
    dir.text("command.txt", format!("{}\n", shell_words(&args)));
    let manifest = Manifest {
        games_per_row: p.train_games + p.test_games,
        rows: rows.len(),
        games_played: rows.iter().map(|_| p.train_games + p.test_games).collect(),
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
    println!("players  positions (train / held out)  held-out R²  MSE (model / mean)");
    for f in &fits {
        println!(
            "{:>7}  {:>10} / {:<10}          {:>11.3}  {:.4} / {:.4}",
            f.players, f.train_positions, f.test_positions, f.r2, f.mse, f.mse_mean
        );
    }
    println!("model: {}", out.join("value.toml").display());
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    Ok(())
}

/// A player count's row of the model file: its weights on the version's `nf` features.
fn row(f: &ValueFit, nf: usize) -> ValueRow {
    ValueRow {
        players: f.players,
        train_positions: f.train_positions,
        test_positions: f.test_positions,
        r2_held_out: r5(f.r2),
        weights: f.weights[..nf].to_vec(),
    }
}
