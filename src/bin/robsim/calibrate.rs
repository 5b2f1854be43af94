//! `robsim calibrate`: the knob values whose win rates bracket each target.
//!
//! `robsim calibrate`: the knob values whose win rates bracket each target, per group of rows;
//! writes ladder.csv, evaluations.csv, ladder.svg and report.html.

use crate::cli::Output;
use crate::{install_interrupt_handler, Failure};
use anyhow::{Context, Result};
use robsim::catan::experiment::CatanRow;
use robsim::catan::lab::calibrate::{Ladder, Search};
use robsim::config::calibrate::{calibration, Calibration};
use robsim::config::Sweep;
use robsim::engine::stats::wilson;
use robsim::report::luck_tables::labels_of;
use robsim::report::shard::Folder;
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{html, plot, r5, CalibrationInfo, Figure, Manifest, ReportDir, Tables};
use serde::Serialize;
use std::path::Path;

/// One line of `ladder.csv`.
#[derive(Serialize)]
struct LadderLine<'a> {
    group: usize,
    /// The settings key of the chosen value's row: a sweep's row of the same rules and player
    /// has the same one.
    settings_key: String,
    /// The settings that tell the groups apart (`3 players`, `3 players, easy`).
    group_label: &'a str,
    players: u8,
    /// The player (the grid's `policy`), as summary.csv's `player`.
    player: String,
    knob: &'static str,
    target: f64,
    /// `rising` or `falling`: how the win rate moves as the knob grows (a bisection); `turns`:
    /// it is not monotone (known to turn, or the evaluations contradicted a direction), so every
    /// value was scanned and the nearest chosen.
    direction: &'static str,
    value_below: Option<i64>,
    win_rate_below: Option<f64>,
    value_above: Option<i64>,
    win_rate_above: Option<f64>,
    chosen: i64,
    /// A value below the target and one at or above it were both found (false: every value
    /// the group can play is on one side; `chosen` is the nearest).
    bracketed: bool,
    win_rate: f64,
    win_rate_lo95: f64,
    win_rate_hi95: f64,
    games: u64,
    /// Both bracket values' intervals exclude the target (else `max_games` decided).
    decided: bool,
}

/// One line of `evaluations.csv`: every (group, value) played.
#[derive(Serialize)]
struct Evaluation<'a> {
    group: usize,
    /// The settings key of the value's row.
    settings_key: String,
    group_label: &'a str,
    value: i64,
    games: u64,
    wins: u64,
    win_rate: f64,
    win_rate_lo95: f64,
    win_rate_hi95: f64,
}

/// Labels telling the groups apart: the settings that differ between their base rows (each
/// group's rows bound to its map, with the base row's rules).
fn labels(cal: &Calibration, rows: &[Vec<CatanRow>]) -> Vec<String> {
    let settings: Vec<_> = rows
        .iter()
        .zip(&cal.groups)
        .map(|(r, g)| {
            CatanRow {
                topo: r[0].topo,
                map: r[0].map.clone(),
                spec: g.base,
                seed: r[0].seed,
                precision: None,
                games_cap: None,
                anchored: Default::default(),
            }
            .settings()
        })
        .collect();
    let n = settings.first().map_or(0, Vec::len);
    // The players and (Robert, unless the knob is the starting cards) the difficulty always,
    // then whatever else differs between the groups, as luck's rows say it: "3 players, easy".
    let knob_moves_difficulty = ["start_cards", "difficulty"].contains(&cal.knob);
    let shown: Vec<usize> = (0..n)
        .filter(|&k| {
            let key = settings[0][k].0;
            key != cal.knob
                && settings.iter().all(|s| s[k].1 != "-" && !s[k].1.is_empty())
                && ((key == "players")
                    || (key == "difficulty" && !knob_moves_difficulty)
                    || (key != "start_cards"
                        && settings.iter().any(|s| s[k].1 != settings[0][k].1)))
        })
        .collect();
    labels_of(&settings, &shown)
}

/// Notes where a learned player (alone or as a search player's base) is asked about rows it
/// was not trained on: a group's player count, or a bracketing value of `start_cards`, outside
/// the rows its model records (`[trained]`), whether a model file or the built-in model plays;
/// one note when the model does not say.
fn outside_training(
    sweep: &Sweep,
    cal: &Calibration,
    rows: &[Vec<CatanRow>],
    ladder: &Ladder,
) -> Vec<String> {
    let learned = |g: usize| {
        rows[g]
            .first()
            .is_some_and(|r| r.spec.policy.label().contains("learned"))
    };
    // The model's own `[trained]` rows, whether a model file or the built-in model plays.
    let Some(g0) = (0..rows.len()).find(|&g| learned(g)) else {
        return Vec::new();
    };
    let variant = rows[g0][0].spec.rules.variant.name();
    let Some(model) = robsim::config::learn::learned_for(&sweep.file, variant) else {
        return Vec::new();
    };
    let Some(trained) = model.trained else {
        return vec![format!(
            "the model {} does not record the rows it was trained on (written before 2026-11-25), so no bracket is checked against them",
            model.source
        )];
    };
    let list = |v: &[u8]| match (v.first(), v.last()) {
        (Some(a), Some(b)) if a != b && v.len() == (b - a + 1) as usize => format!("{a}–{b}"),
        _ => v.iter().map(u8::to_string).collect::<Vec<_>>().join(", "),
    };
    let labels = labels(cal, rows);
    let mut trained_on = if trained.start_cards.is_empty() {
        format!("{} players", list(&trained.players))
    } else {
        format!(
            "{} players, start_cards {}",
            list(&trained.players),
            list(&trained.start_cards)
        )
    };
    if let Some(vals) = trained.knobs.get(cal.knob) {
        let shown: Vec<String> = vals.iter().map(robsim::tomltext::show).collect();
        trained_on.push_str(&format!(", {} {}", cal.knob, shown.join(", ")));
    }
    let mut notes = Vec::new();
    for (g, group) in cal.groups.iter().enumerate() {
        if !learned(g) {
            continue;
        }
        let mut outside = Vec::new();
        let players = group.base.rules.players;
        if !trained.players.contains(&players) {
            outside.push(format!("its {players} players"));
        }
        {
            // A bracketing value's row outside the training rows in the knob calibrated.
            let knob_outside = |v: usize| {
                let rules = &group.rows[v].rules;
                trained.outside(rules).contains(&cal.knob)
            };
            let side =
                |v: Option<usize>| v.map_or("-".to_string(), |v| group.values[v].to_string());
            let brackets: Vec<String> = ladder
                .rungs
                .iter()
                .filter(|r| r.group == g)
                .filter(|r| {
                    [r.below, r.above, Some(r.chosen)]
                        .into_iter()
                        .flatten()
                        .any(knob_outside)
                })
                .map(|r| {
                    format!(
                        "{:.0}% ({} .. {})",
                        r.target * 100.0,
                        side(r.below),
                        side(r.above)
                    )
                })
                .collect();
            if !brackets.is_empty() {
                outside.push(format!("the brackets for {}", brackets.join(", ")));
            }
        }
        if !outside.is_empty() {
            notes.push(format!(
                "{}: outside the learned model's training rows ({trained_on}; {}): {}",
                labels[g],
                model.source,
                outside.join("; ")
            ));
        }
    }
    notes
}

/// Runs `robsim calibrate` on a config file.
pub(crate) fn calibrate(
    config: &Path,
    games: Option<u64>,
    output: Output,
    args: Vec<String>,
) -> Result<(), Failure> {
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {}", config.display()))
        .map_err(Failure::Input)?;
    robsim::paths::set_config_file(config);
    run(&text, &config.display().to_string(), games, output, args)
}

/// `robsim rerun` of a calibration's folder: its config and `--games` again.
pub(crate) fn rerun(
    folder: &Folder,
    games: Option<u64>,
    output: Output,
    args: Vec<String>,
) -> Result<(), Failure> {
    let origin = folder.dir.join("config.toml").display().to_string();
    run(&folder.config_text, &origin, games, output, args)
}

fn run(
    text: &str,
    origin: &str,
    games: Option<u64>,
    output: Output,
    args: Vec<String>,
) -> Result<(), Failure> {
    let sweep = Sweep::parse(text, origin).map_err(Failure::Input)?;
    let mut cal = calibration(&sweep.file, origin, Some(text)).map_err(Failure::Input)?;
    if let Some(n) = games {
        cal.max_games = n;
        cal.batch = cal.batch.min(n);
        cal.final_games = cal.final_games.min(n);
    }
    let all = Sweep {
        rows: cal.groups.iter().flat_map(|g| g.rows.clone()).collect(),
        ..sweep.clone()
    };
    robsim::games::check(&all).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&all).map_err(Failure::Input)?;
    let rows: Vec<Vec<CatanRow>> = cal
        .groups
        .iter()
        .map(|g| {
            let s = Sweep {
                rows: g.rows.clone(),
                ..sweep.clone()
            };
            robsim::games::catan_rows(&s, &maps, None)
        })
        .collect();
    let out = output
        .out
        .clone()
        .unwrap_or_else(|| default_out(&sweep.file.name));
    robsim::report::claim_games(&out, output.force, text, cal.max_games).map_err(Failure::Input)?;
    let dir = ReportDir::create(&out).map_err(Failure::Input)?;
    for note in &sweep.notes {
        eprintln!("robsim: {note}");
    }
    // The bar counts decided targets (a total known in advance, so its ETA means something);
    // its message counts the games, whose number the search finds as it goes.
    let targets = (cal.groups.len() * cal.targets.len()) as u64;
    let pb = progress_bar(targets, output.quiet);
    pb.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} targets decided, {msg} (eta {eta})",
        )
        .expect("valid progress template"),
    );
    let played = indicatif::ProgressBar::hidden();
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let search = Search {
        rows: &rows,
        targets: &cal.targets,
        batch: cal.batch,
        max_games: cal.max_games,
        final_games: cal.final_games,
        turns: cal.turns.is_some(),
    };
    install_interrupt_handler();
    let decided = |_: &robsim::catan::lab::calibrate::Rung| {
        pb.inc(1);
        pb.set_message(format!("{} games", played.position()));
    };
    let ladder =
        robsim::engine::runner::with_threads(output.threads, || search.run(&played, &decided))
            .map_err(Failure::Run)?;
    pb.finish_and_clear();
    let threads = if output.threads == 0 {
        rayon::current_num_threads()
    } else {
        output.threads
    };
    let meta = Meta {
        args: &args,
        text,
        threads,
        started,
        secs: t0.elapsed().as_secs_f64(),
        games,
    };
    let notes = outside_training(&sweep, &cal, &rows, &ladder);
    write(dir, &sweep, &cal, &rows, &ladder, &meta, &notes).map_err(Failure::Run)?;
    print(&cal, &rows, &ladder);
    for n in &notes {
        println!("note: {n}");
    }
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    if ladder.partial {
        eprintln!(
            "robsim: interrupted: the ladder holds the {} of {} targets decided before Ctrl-C",
            ladder.rungs.len(),
            targets
        );
        return Err(Failure::Interrupted);
    }
    Ok(())
}

struct Meta<'a> {
    args: &'a [String],
    text: &'a str,
    threads: usize,
    started: std::time::SystemTime,
    secs: f64,
    /// `--games`, if given.
    games: Option<u64>,
}

fn write(
    mut out: ReportDir,
    sweep: &Sweep,
    cal: &Calibration,
    rows: &[Vec<CatanRow>],
    ladder: &Ladder,
    meta: &Meta,
    notes: &[String],
) -> Result<()> {
    let groups = labels(cal, rows);
    let rate = |g: usize, v: usize| r5(ladder.tally[g][v].rate());
    for r in &ladder.rungs {
        let t = ladder.tally[r.group][r.chosen];
        let (lo, hi) = t.interval();
        let values = &cal.groups[r.group].values;
        let row0 = &rows[r.group][0].spec;
        out.row(
            "ladder.csv",
            &LadderLine {
                group: r.group,
                settings_key: robsim::report::settings_key(&rows[r.group][r.chosen]),
                group_label: &groups[r.group],
                players: row0.rules.players,
                player: row0.policy.label(),
                knob: cal.knob,
                target: r.target,
                direction: ladder.direction[r.group].name(),
                value_below: r.below.map(|v| values[v]),
                win_rate_below: r.below.map(|v| rate(r.group, v)),
                value_above: r.above.map(|v| values[v]),
                win_rate_above: r.above.map(|v| rate(r.group, v)),
                chosen: values[r.chosen],
                bracketed: r.below.is_some() && r.above.is_some(),
                win_rate: r5(t.rate()),
                win_rate_lo95: r5(lo),
                win_rate_hi95: r5(hi),
                games: t.games,
                decided: r.decided,
            },
        )?;
    }
    let mut series = Vec::new();
    for (g, label) in groups.iter().enumerate() {
        let mut points = Vec::new();
        for (v, &value) in cal.groups[g].values.iter().enumerate() {
            let t = ladder.tally[g][v];
            if t.games == 0 {
                continue;
            }
            let (lo, hi) = wilson(t.wins, t.games);
            out.row(
                "evaluations.csv",
                &Evaluation {
                    group: g,
                    settings_key: robsim::report::settings_key(&rows[g][v]),
                    group_label: label,
                    value,
                    games: t.games,
                    wins: t.wins,
                    win_rate: r5(t.rate()),
                    win_rate_lo95: r5(lo),
                    win_rate_hi95: r5(hi),
                },
            )?;
            points.push((value as f64, t.rate(), lo, hi));
        }
        let chosen = ladder
            .rungs
            .iter()
            .filter(|r| r.group == g)
            .map(|r| cal.groups[g].values[r.chosen] as f64)
            .collect();
        series.push(plot::LadderSeries {
            name: label.clone(),
            points,
            chosen,
        });
    }
    let svg = plot::ladder_chart(&series, &cal.targets, cal.knob)?;
    let figure = Figure {
        name: "ladder".into(),
        title: format!("Win rate by {} (dashed: the targets)", cal.knob),
        caption: format!(
            "Every value the search played, with its 95% Wilson interval; large dots are the values chosen for a target. Values were played only as far as a decision needed (batches of {} games, at most {}).",
            cal.batch, cal.max_games
        ),
        svg: svg.clone(),
    };
    out.text("ladder.svg", svg);
    let ladder_csv = out.table_bytes("ladder.csv").unwrap_or_default();
    let evaluations = out.table_bytes("evaluations.csv").unwrap_or_default();
    let games: u64 = ladder.tally.iter().flatten().map(|t| t.games).sum();
    let command = shell_words(meta.args);
    let provenance = format!(
        "robsim {} (commit {}), seed {}, {} games in all, {} threads, {:.1} s, started {}, {}",
        env!("CARGO_PKG_VERSION"),
        robsim::report::git_commit().unwrap_or("unknown"),
        sweep.file.seed,
        games,
        meta.threads,
        meta.secs,
        humantime::format_rfc3339_seconds(meta.started),
        robsim::report::machine(),
    );
    // The description, then the notes on brackets outside a learned model's training rows.
    let mut description = sweep.file.description.clone();
    for n in notes {
        description.push_str(&format!(" Note: {n}."));
    }
    let page = html::render(&html::Page {
        title: &format!("{} (calibration of {})", sweep.file.name, cal.knob),
        description: &description,
        summary_csv: &ladder_csv,
        headline: &[],
        summary_file: "ladder.csv",
        summary_intro: LADDER_INTRO,
        compare_csv: &[],
        pairs: None,
        extra_tables: vec![("evaluations.csv (every value played)", &evaluations)],
        figures: std::slice::from_ref(&figure),
        print: "",
        config: meta.text,
        command: &command,
        provenance: &provenance,
    });
    out.text("report.html", page);
    out.text("config.toml", meta.text.to_string());
    out.text("command.txt", format!("{command}\n"));
    out.text("provenance.txt", format!("{provenance}\n"));
    let manifest = Manifest {
        games_per_row: cal.max_games,
        rows: cal.groups.len(),
        partial: ladder.partial,
        games_played: ladder
            .tally
            .iter()
            .map(|g| g.iter().map(|t| t.games).sum())
            .collect(),
        calibration: Some(CalibrationInfo { games: meta.games }),
        models: cal.models.clone(),
        inputs: Vec::new(),
        ..Manifest::of_command(
            meta.args.to_vec(),
            meta.text,
            sweep.file.seed,
            meta.threads,
            meta.started,
            meta.secs,
        )
    };
    out.text("manifest.json", serde_json::to_vec_pretty(&manifest)?);
    out.finish()?;
    Ok(())
}

/// The ladder table's paragraph on the calibration page.
const LADDER_INTRO: &str = "<p>One row per group and target: the knob values whose win rates bracket the target (<code>value_below</code>, <code>value_above</code>, each with its win rate), the value chosen and its win rate with the 95% Wilson interval over the games it played. Each value was played in batches until a sequential Wilson decision placed it on one side of every target it bears on (<code>decided</code> false: it reached <code>max_games</code> first). Where the win rate turns (<code>direction</code> <code>turns</code>: the knob is known to, or two values' intervals contradicted the direction) every value was played and the nearest chosen (<code>decided</code>: no other value's interval comes as near). <code>evaluations.csv</code> below has every value played.</p>";

fn print(cal: &Calibration, rows: &[Vec<CatanRow>], ladder: &Ladder) {
    use robsim::catan::lab::calibrate::Direction;
    use robsim::report::terminal::{pct, pct_ci};
    let groups = labels(cal, rows);
    let mut lines = vec![vec![
        "group".to_string(),
        "target".to_string(),
        cal.knob.to_string(),
        "win rate (95%)".to_string(),
        "bracket".to_string(),
    ]];
    for r in &ladder.rungs {
        let t = ladder.tally[r.group][r.chosen];
        let (lo, hi) = t.interval();
        let values = &cal.groups[r.group].values;
        let side = |v: Option<usize>| {
            v.map_or("-".to_string(), |v| {
                format!("{} ({})", values[v], pct(ladder.tally[r.group][v].rate()))
            })
        };
        lines.push(vec![
            groups[r.group].clone(),
            format!("{:.0}%", r.target * 100.0),
            values[r.chosen].to_string(),
            pct_ci(t.rate(), lo, hi),
            format!(
                "{} .. {}{}",
                side(r.below),
                side(r.above),
                match (ladder.direction[r.group], r.below, r.above, r.decided) {
                    (Direction::Turns, _, _, true) => "  (scanned: the nearest)",
                    (Direction::Turns, _, _, false) => {
                        "  (scanned: the nearest, another value may be as near)"
                    }
                    (_, _, None, _) => "  (no value reaches it)",
                    (_, None, _, _) => "  (every value is above it)",
                    (_, _, _, false) => "  (decided at max_games)",
                    _ => "",
                }
            ),
        ]);
    }
    print!("{}", robsim::report::terminal::aligned(&lines, 1));
    // A scanned group's every value, so that a turning curve reads at a glance.
    for (g, label) in groups.iter().enumerate() {
        if ladder.direction.get(g) != Some(&Direction::Turns) {
            continue;
        }
        let why = match cal.turns {
            Some(why) => format!("{} turns ({why})", cal.knob),
            None => format!(
                "the evaluations contradicted a monotone {} (two values' intervals ordered against it)",
                cal.knob
            ),
        };
        let each: Vec<String> = cal.groups[g]
            .values
            .iter()
            .zip(&ladder.tally[g])
            .filter(|(_, t)| t.games > 0)
            .map(|(v, t)| format!("{v}: {}", pct(t.rate())))
            .collect();
        println!("{label}: scanned every value, since {why}:");
        println!("  {}", each.join(", "));
    }
}
