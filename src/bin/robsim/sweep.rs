//! `sweep`, `run`, `rerun` and `merge`: a sweep into a report folder.
//!
//! `sweep`, `run`, `rerun` and `merge`: run or merge a sweep into a report folder, then print its
//! summary.

use crate::cli::Common;
use crate::{install_interrupt_handler, Failure};
use anyhow::Result;
use robsim::config::Sweep;
use robsim::games::run_sweep_with;
use robsim::report::shard::{Folder, StateFile};
use robsim::report::sweep::{default_out, Extras, RunOptions, DEFAULT_MAX_GAMES};

pub(crate) fn execute(
    sweep: &Sweep,
    common: Common,
    args: Vec<String>,
    config_text: String,
) -> Result<(), Failure> {
    if let (Some(s), Some(_)) = (common.shard, common.precision) {
        return Err(Failure::Input(anyhow::anyhow!(
            "--shard {s} with --precision: a precision run's game count depends on its results, so it cannot be split; allowed: --shard with a fixed --games only"
        )));
    }
    if let Some(s) = common.shard {
        if s.count > sweep.games {
            return Err(Failure::Input(anyhow::anyhow!(
                "--shard {s}: {} slices of {} games per row leave some empty; allowed: N at most the games per row",
                s.count,
                sweep.games
            )));
        }
    }
    let o = &common.output;
    let out = o.out.clone().unwrap_or_else(|| match common.shard {
        Some(s) => default_out(&format!(
            "{}-shard-{}-of-{}",
            sweep.file.name, s.index, s.count
        )),
        None => default_out(&sweep.file.name),
    });
    robsim::games::check(sweep).map_err(Failure::Input)?;
    let resume = if common.resume {
        Some(resumable(&out, sweep, &common, &config_text).map_err(Failure::Input)?)
    } else {
        robsim::report::claim(&out, o.force).map_err(Failure::Input)?;
        if !o.force {
            same_settings(&out, sweep, &common).map_err(Failure::Input)?;
        }
        None
    };
    robsim::report::ReportDir::create(&out).map_err(Failure::Input)?;
    for note in &sweep.notes {
        eprintln!("robsim: {note}");
    }
    let opts = RunOptions {
        threads: o.threads,
        out,
        quiet: o.quiet,
        command: args,
        config_text,
        shard: common.shard,
        budget: common.budget(sweep.games),
        format: common.format,
    };
    install_interrupt_handler();
    let extras = Extras {
        games_csv: common.games_csv,
        resume,
    };
    let (dir, summary) = run_sweep_with(sweep, &opts, extras).map_err(Failure::Run)?;
    print_summary(&summary, &dir).map_err(Failure::Run)?;
    println!("report: {}", dir.display());
    if robsim::engine::runner::stop_requested() {
        return Err(Failure::Interrupted);
    }
    Ok(())
}

/// Refuses to replace a report in `out` that robsim wrote for other settings (another config
/// or model, another command, fewer games per row, another `--precision` or `--shard`): its
/// files would be lost without a word, and a quick try of a config must not replace its last
/// long run. The same settings at as many games or more replace it (the earlier files it does
/// not write again go, as listed in `.robsim-files`).
///
/// # Errors
/// `out` holds a report of other settings, naming them and `--force`.
fn same_settings(out: &std::path::Path, sweep: &Sweep, common: &Common) -> anyhow::Result<()> {
    if !out.is_dir() || !robsim::report::written_by_robsim(out) {
        return Ok(());
    }
    let other = |why: &str| {
        anyhow::anyhow!(
            "--out {}: holds a report robsim wrote with other settings ({why}), which this run would replace; allowed: another --out (the default folder names hold every setting), or --force to replace it",
            out.display()
        )
    };
    let folder = Folder::load(out, false)
        .map_err(|_| other("not a sweep or run report, or its config.toml was edited"))?;
    if folder.manifest.calibration.is_some() {
        return Err(other("a calibration"));
    }
    let recorded: robsim::config::SweepFile = toml::from_str(&folder.config_text)
        .map_err(|_| other("its config.toml is not a sweep config"))?;
    let mut keys = differing_keys(&recorded, &sweep.file);
    let m = &folder.manifest;
    let precision = |target: Option<f64>, max: Option<u64>| match target {
        Some(t) => format!("--precision {t} --max-games {}", max.unwrap_or(0)),
        None => "no --precision".to_string(),
    };
    let was = precision(
        m.precision.map(|p| p.target_halfwidth95),
        m.precision.map(|p| p.max_games),
    );
    let now = precision(
        common.precision,
        common
            .precision
            .map(|_| common.max_games.unwrap_or(DEFAULT_MAX_GAMES)),
    );
    if was != now {
        keys.push(format!("precision: {was} there, {now} here"));
    } else if common.precision.is_none() && m.games_per_row > sweep.games {
        keys.push(format!(
            "games: {} per row there, {} here",
            m.games_per_row, sweep.games
        ));
    }
    let fewer = |a: Option<i64>, b: Option<i64>| match (a, b) {
        (Some(x), Some(y)) => x > y,
        _ => a != b,
    };
    if fewer(recorded.search_games, sweep.file.search_games) {
        keys.push(format!(
            "search_games: {} there, {} here",
            recorded
                .search_games
                .map_or("none".into(), |n| n.to_string()),
            sweep
                .file
                .search_games
                .map_or("none".into(), |n| n.to_string())
        ));
    }
    if folder.shard() != common.shard {
        let s = |x: Option<robsim::report::shard::Shard>| {
            x.map_or("the whole run".to_string(), |s| format!("slice {s}"))
        };
        keys.push(format!(
            "shard: {} there, {} here",
            s(folder.shard()),
            s(common.shard)
        ));
    }
    if !keys.is_empty() {
        let verb = if keys.len() == 1 { "differs" } else { "differ" };
        return Err(other(&format!("{} {verb}", keys.join(", "))));
    }
    let sha = |m: &[robsim::report::ModelRecord]| -> Vec<String> {
        m.iter().map(|r| r.sha256.clone()).collect()
    };
    let played = sha(&folder.manifest.models);
    if !played.is_empty() && played != sha(&sweep.models) {
        return Err(other(
            "the model files played differ (sha256 in manifest.json)",
        ));
    }
    Ok(())
}

/// The config keys (`grid.difficulty`, `learned`) whose values differ between two sweep files,
/// leaving out the game counts and the name.
pub(crate) fn differing_keys(
    a: &robsim::config::SweepFile,
    b: &robsim::config::SweepFile,
) -> Vec<String> {
    let table = |f: &robsim::config::SweepFile| {
        let mut f = f.clone();
        f.games = 1;
        f.search_games = None;
        f.name.clear();
        f.description.clear();
        toml::Table::try_from(&f).unwrap_or_default()
    };
    let (a, b) = (table(a), table(b));
    let mut keys: Vec<String> = Vec::new();
    for k in a.keys().chain(b.keys()) {
        let (x, y) = (a.get(k), b.get(k));
        if x == y
            || keys
                .iter()
                .any(|s| s == k || s.starts_with(&format!("{k}.")))
        {
            continue;
        }
        match (x.and_then(|v| v.as_table()), y.and_then(|v| v.as_table())) {
            (Some(x), Some(y)) => {
                for j in x.keys().chain(y.keys()) {
                    let key = format!("{k}.{j}");
                    if x.get(j) != y.get(j) && !keys.contains(&key) {
                        keys.push(key);
                    }
                }
            }
            _ => keys.push(k.clone()),
        }
    }
    keys
}

/// The state of the interrupted run in `out` that `--resume` continues: the folder must be a
/// partial report of this very config, seed, games per row and shard.
fn resumable(
    out: &std::path::Path,
    sweep: &Sweep,
    common: &Common,
    config_text: &str,
) -> anyhow::Result<StateFile> {
    let folder = Folder::load(out, true).map_err(|e| {
        anyhow::anyhow!("--resume: {e:#}; allowed: --out naming the folder of an interrupted run")
    })?;
    let m = &folder.manifest;
    if !m.partial {
        anyhow::bail!(
            "--resume: {} holds a whole run (partial = false in manifest.json): nothing to resume",
            out.display()
        );
    }
    let same = m.config_sha256 == robsim::report::sha256_hex(config_text.as_bytes())
        && m.seed == sweep.file.seed
        && m.games_per_row == sweep.games
        && folder.shard() == common.shard
        && m.precision.is_none();
    if !same {
        anyhow::bail!(
            "--resume: {} was written by another run (config, seed, games per row, shard or --precision differ); allowed: the same config and flags as the interrupted run",
            out.display()
        );
    }
    let state = folder.state.expect("loaded with state");
    if state.played.is_empty() {
        anyhow::bail!(
            "--resume: {}: state.json does not say which games were played (written by an older robsim); run it again instead",
            out.display()
        );
    }
    Ok(state)
}

/// Prints a report's summary for people (`report::terminal`): the rows with their varying
/// settings first, win rates as percentages with intervals, each step of each axis paired, an
/// ablation's ranked knobs. `dir` holds the written `compare.csv` and `ablation.csv`.
/// The pairs a config's `[[compare]]` chose (compare.csv's `chosen` lines), one line each: the
/// two rows' differing settings, then the win-rate difference (B − A) with its 95% interval,
/// else the game length's.
fn chosen_pairs(compare_csv: &[u8]) -> Result<String> {
    use robsim::report::terminal::{p_value, points_ci};
    let mut r = csv::Reader::from_reader(compare_csv);
    let head = r.headers()?.clone();
    let mut out = String::new();
    for line in r.records() {
        let line = line?;
        let get = |c: &str| head.iter().position(|h| h == c).and_then(|i| line.get(i));
        if get("knob") != Some(robsim::report::compare::CHOSEN) {
            continue;
        }
        let num = |c: &str| get(c).and_then(|v| v.parse::<f64>().ok());
        if out.is_empty() {
            out.push_str("\n[[compare]] pairs (row B − row A on the same games):\n");
        }
        let what = match (
            num("win_rate_diff"),
            num("win_rate_diff_lo95"),
            num("win_rate_diff_hi95"),
        ) {
            (Some(d), Some(lo), Some(hi)) => format!(
                "{}, {}",
                points_ci(d, lo, hi),
                num("mcnemar_p").map_or_else(String::new, p_value)
            ),
            _ => format!(
                "turns {:+.1} ({:+.1} to {:+.1})",
                num("turns_diff_mean").unwrap_or(f64::NAN),
                num("turns_diff_lo95").unwrap_or(f64::NAN),
                num("turns_diff_hi95").unwrap_or(f64::NAN)
            ),
        };
        out.push_str(&format!(
            "  row {} ({}) vs row {} ({}): {what}\n",
            get("row_b").unwrap_or("?"),
            get("setting_b").unwrap_or(""),
            get("row_a").unwrap_or("?"),
            get("setting_a").unwrap_or(""),
        ));
    }
    Ok(out)
}

pub(crate) fn print_summary(csv_bytes: &[u8], dir: &std::path::Path) -> Result<()> {
    use robsim::report::Tables;
    use std::io::Write;
    let headers: Vec<String> = csv::Reader::from_reader(csv_bytes)
        .headers()?
        .iter()
        .map(String::from)
        .collect();
    // A report holds one game: Catan's setting columns (and rows that can stall), else Carcassonne's.
    type Lead = fn(&mut dyn FnMut(&str) -> Vec<u8>) -> String;
    let (headline, knobs, can_stall, lead, qualifiers) = if headers.iter().any(|h| h == "robbers") {
        use robsim::carcassonne::experiment::CarcassonneRow as R;
        (
            R::headline_columns(),
            R::varying_columns(),
            R::can_stall as fn(&_) -> bool,
            R::terminal_lead as Lead,
            R::qualifiers(),
        )
    } else {
        use robsim::catan::experiment::CatanRow as R;
        (
            R::headline_columns(),
            R::varying_columns(),
            R::can_stall as fn(&_) -> bool,
            R::terminal_lead as Lead,
            R::qualifiers(),
        )
    };
    // The settings: the headline columns before `games`, then the rule knobs.
    let mut settings: Vec<&str> = headline
        .iter()
        .copied()
        .skip(1)
        .take_while(|c| *c != "games")
        .collect();
    for k in knobs {
        if !settings.contains(k) {
            settings.push(k);
        }
    }
    // Further headline metrics (the Raiders storm, Carcassonne's robbery): what the table's
    // own columns (win rates, seats, game length) do not already say.
    let extra: Vec<&str> = headline
        .iter()
        .copied()
        .skip_while(|c| *c != "games")
        .filter(|c| {
            !(c.starts_with("win_rate")
                || c.starts_with("wins_seat")
                || c.starts_with("score_mean")
                || c.starts_with("turns_")
                || knobs.contains(c)
                || ["games", "capouts", "loss_slowest_vp_short_mean"].contains(c))
        })
        .collect();
    let read = |f: &str| std::fs::read(dir.join(f)).unwrap_or_default();
    // A game's own effects (Carcassonne: The Robbers' score and wins) lead the steps.
    let lead = lead(&mut |f: &str| {
        if f == "summary.csv" {
            csv_bytes.to_vec()
        } else {
            read(f)
        }
    });
    let text = robsim::report::terminal::summary(
        csv_bytes,
        &read("compare.csv"),
        &read("ablation.csv"),
        &settings,
        qualifiers,
        &extra,
        can_stall,
        &lead,
    );
    let mut out = std::io::stdout().lock();
    write!(out, "{text}")?;
    write!(out, "{}", chosen_pairs(&read("compare.csv"))?)?;
    // Exactly the files this report wrote (`.robsim-files`): a one-row run has no compare.csv.
    writeln!(
        out,
        "\n{}",
        robsim::report::terminal::files_line("full tables:", dir)
    )?;
    Ok(())
}
