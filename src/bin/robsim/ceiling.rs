//! `robsim ceiling`: each row's search budget doubled until doubling stops paying, and its folder.
//!
//! `robsim ceiling`: plays each row's curve (`robsim::catan::lab::ceiling`) and writes ceiling.csv,
//! state.json (every budget's games, exactly), the config, the command and a manifest; resumes a
//! stopped or capped climb (`--resume`), plays one shard of it (`--shard`), and merges the shards
//! (`robsim merge`) into the one-shot climb's folder.

use crate::cli::Output;
use crate::learn::{rayon_threads, row_labels};
use crate::{install_interrupt_handler, Failure};
use anyhow::{anyhow, Context};
use robsim::catan::experiment::CatanRow;
use robsim::catan::lab::ceiling::{
    budgets, curves, finished, merge_states, planned_work, play, settle, CeilingParams,
    CeilingState, Curve, Plan, Step,
};
use robsim::config::ceiling::ceiling as checked;
use robsim::config::Sweep;
use robsim::report::shard::{Folder, Shard};
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{r5, BudgetClock, CeilingInfo, Manifest, ReportDir, ShardInfo};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// One line of ceiling.csv: a row at one budget.
#[derive(serde::Serialize)]
struct Line<'a> {
    row: &'a str,
    /// The settings key of the row played at this budget, as a sweep of the same rules and
    /// player writes it.
    settings_key: &'a str,
    /// The player at this budget (the grid's `policy`), as summary.csv's `player`.
    player: &'a str,
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

/// `robsim ceiling`'s flags beyond the output ones.
pub(crate) struct Flags {
    pub(crate) resume: bool,
    pub(crate) shard: Option<Shard>,
    pub(crate) max_budget: Option<i64>,
}

/// A config read and checked for a climb.
struct Climb {
    text: String,
    sweep: Sweep,
    params: CeilingParams,
}

impl Climb {
    fn read(text: String, origin: &str) -> anyhow::Result<Climb> {
        let sweep = Sweep::parse(&text, origin)?;
        let params = checked(&sweep, origin, Some(&text))?;
        robsim::games::check(&sweep)?;
        Ok(Climb {
            text,
            sweep,
            params,
        })
    }
}

fn input(e: impl std::fmt::Display) -> Failure {
    Failure::Input(anyhow!("{e}"))
}

/// Runs `robsim ceiling`.
pub(crate) fn ceiling(
    config: &Path,
    output: Output,
    flags: Flags,
    args: Vec<String>,
) -> Result<(), Failure> {
    let (threads, quiet) = (output.threads, output.quiet);
    let origin = config.display().to_string();
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {origin}"))
        .map_err(Failure::Input)?;
    let c = Climb::read(text, &origin).map_err(Failure::Input)?;
    let (sweep, params) = (&c.sweep, &c.params);
    let maps = robsim::games::catan_maps(sweep).map_err(Failure::Input)?;
    let rows = robsim::games::catan_rows(sweep, &maps, None);
    if let Some(s) = flags.shard {
        if s.count > params.games {
            return Err(input(format_args!(
                "--shard {s}: {} slices of {} games per budget leave some empty; allowed: N at most `games` in {origin}",
                s.count, params.games
            )));
        }
    }
    let lowest = rows
        .iter()
        .filter_map(|r| robsim::catan::lab::ceiling::budget(&r.spec.policy))
        .min()
        .unwrap_or(1);
    let cap = match flags.max_budget {
        None => params.max_budget,
        Some(b) if (lowest as i64..=params.max_budget as i64).contains(&b) => b as u32,
        Some(b) => {
            return Err(input(format_args!(
                "--max-budget: {b} is out of range; allowed: {lowest} (the rows' first budget) to {} (ceiling.max_budget in {origin})",
                params.max_budget
            )))
        }
    };
    let range = flags
        .shard
        .map_or(0..params.games, |s| s.range(params.games));
    let out = output.out.clone().unwrap_or_else(|| match flags.shard {
        Some(s) => default_out(&format!(
            "{}-shard-{}-of-{}",
            sweep.file.name, s.index, s.count
        )),
        None => default_out(&sweep.file.name),
    });
    let plan = Plan {
        games: range.clone(),
        max_budget: cap,
        stop_rule: flags.shard.is_none(),
    };
    let (mut state, mut clock) = if flags.resume {
        resumable(&out, &c, &origin, &rows, &flags, &plan).map_err(Failure::Input)?
    } else {
        robsim::report::claim_for(&out, output.force, &c.text).map_err(Failure::Input)?;
        (CeilingState::default(), Vec::new())
    };
    let mut dir = ReportDir::create(&out).map_err(Failure::Input)?;
    // Ctrl-C or SIGTERM: the budgets played so far are written, the last one partial.
    install_interrupt_handler();
    let pb = progress_bar(planned_work(&rows, cap, range.end - range.start), quiet);
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let labels = row_labels(&rows);
    // Each budget's line as it ends, above the bar (on stderr: stdout keeps the final table).
    let done = |row: usize, b: u32, st: &CeilingState| {
        if quiet {
            return;
        }
        let cs = curves(st, &rows, params, &range, false, &|_, _| (0.0, 0.0, 0));
        if let Some(s) = cs
            .iter()
            .find(|c| c.row == row)
            .and_then(|c| c.steps.iter().find(|s| s.budget == b))
        {
            pb.suspend(|| eprintln!("{}: {}", labels[row], step_line(s).trim_start()));
        }
    };
    let spent = robsim::engine::runner::with_threads(threads, || {
        play(&rows, params, &plan, &mut state, &pb, &done)
    })
    .map_err(Failure::Run)?;
    pb.finish_and_clear();
    for s in spent {
        add_clock(
            &mut clock,
            BudgetClock {
                row: s.row,
                budget: s.budget,
                seconds: s.seconds,
                core_seconds: s.seconds * s.threads as f64,
                threads: s.threads,
            },
        );
    }
    let stopped = robsim::engine::runner::stop_requested();
    let state = if plan.stop_rule {
        settle(&state, params, &range)
    } else {
        state
    };
    let partial = if plan.stop_rule {
        !all_finished(&state, &rows, params, &range)
    } else {
        !shard_whole(&state, &rows, cap, &range)
    };
    let written = Written {
        rows: &rows,
        labels: &labels,
        params,
        state: &state,
        clock,
        games: range.clone(),
        stop_rule: plan.stop_rule,
    };
    let curves = written.write(&mut dir)?;
    dir.text("config.toml", c.text.clone());
    dir.text("command.txt", format!("{}\n", shell_words(&args)));
    let manifest = Manifest {
        shard: flags.shard.map(|s| ShardInfo {
            index: s.index,
            count: s.count,
            first_game: range.start,
            end_game: range.end,
        }),
        ..written.manifest(
            &c,
            cap,
            partial,
            Manifest::of_command(
                args,
                &c.text,
                sweep.file.seed,
                rayon_threads(threads),
                started,
                t0.elapsed().as_secs_f64(),
            ),
        )
    };
    dir.manifest(&manifest).map_err(Failure::Run)?;
    dir.finish().map_err(Failure::Run)?;
    print(&curves, &labels, flags.shard.is_none());
    if stopped {
        return Err(Failure::Interrupted);
    }
    if let Some(s) = flags.shard {
        println!(
            "shard {s}: budgets up to {cap} on games {}..{}; `robsim merge` of the {} shard folders applies the stop rule",
            range.start, range.end, s.count
        );
    } else if partial {
        println!(
            "climb not finished: budgets up to {cap} played; go on with --resume (and a larger --max-budget)"
        );
    }
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    Ok(())
}

/// Adds one sitting's (or shard's) clock of a budget to the clocks so far.
fn add_clock(clock: &mut Vec<BudgetClock>, c: BudgetClock) {
    match clock
        .iter_mut()
        .find(|x| x.row == c.row && x.budget == c.budget)
    {
        Some(x) => {
            x.seconds += c.seconds;
            x.core_seconds += c.core_seconds;
            x.threads = x.threads.max(c.threads);
        }
        None => clock.push(c),
    }
    clock.sort_by_key(|x| (x.row, x.budget));
}

/// Whether every row's climb is over (converged, or every budget played).
fn all_finished(
    state: &CeilingState,
    rows: &[CatanRow],
    p: &CeilingParams,
    games: &Range<u64>,
) -> bool {
    rows.iter()
        .enumerate()
        .all(|(i, r)| finished(state, r, i, p, games))
}

/// Whether a shard holds every budget up to `cap` on its games.
fn shard_whole(state: &CeilingState, rows: &[CatanRow], cap: u32, games: &Range<u64>) -> bool {
    rows.iter()
        .enumerate()
        .all(|(i, r)| row_whole(state, i, r, cap, games))
}

/// Whether row `i` holds every budget up to `cap` on `games`.
fn row_whole(state: &CeilingState, i: usize, r: &CatanRow, cap: u32, games: &Range<u64>) -> bool {
    robsim::catan::lab::ceiling::budget(&r.spec.policy).is_none_or(|start| {
        budgets(start, cap).iter().all(|&b| {
            state
                .budget(i, b)
                .is_some_and(|x| x.played == [(games.start, games.end)])
        })
    })
}

/// What a ceiling folder is written from.
struct Written<'a, 'm> {
    rows: &'a [CatanRow<'m>],
    labels: &'a [String],
    params: &'a CeilingParams,
    state: &'a CeilingState,
    clock: Vec<BudgetClock>,
    games: Range<u64>,
    stop_rule: bool,
}

impl Written<'_, '_> {
    /// Writes ceiling.csv and state.json; returns the curves.
    fn write(&self, dir: &mut ReportDir) -> Result<Vec<Curve>, Failure> {
        let clock = |row: usize, b: u32| {
            self.clock
                .iter()
                .find(|x| x.row == row && x.budget == b)
                .map_or((0.0, 0.0, 0), |x| (x.seconds, x.core_seconds, x.threads))
        };
        let curves = curves(
            self.state,
            self.rows,
            self.params,
            &self.games,
            self.stop_rule,
            &clock,
        );
        // A curve of one budget has no step to gain over.
        dir.optional_columns(
            "ceiling.csv",
            &["gain", "gain_lo95", "gain_hi95", "mcnemar_p"],
        );
        for c in &curves {
            for s in &c.steps {
                let st = s.step.as_ref();
                dir.row(
                    "ceiling.csv",
                    &Line {
                        row: &self.labels[c.row],
                        settings_key: &s.settings_key,
                        player: &s.policy,
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
                        core_seconds_per_game: r5(s.core_seconds / s.games.max(1) as f64),
                        converged: s.converged,
                    },
                )
                .map_err(Failure::Run)?;
            }
        }
        let json = serde_json::to_string(self.state)
            .context("writing state.json")
            .map_err(Failure::Run)?;
        dir.text("state.json", json + "\n");
        Ok(curves)
    }

    /// The manifest of the folder, over `base` (the command's).
    fn manifest(&self, c: &Climb, cap: u32, partial: bool, base: Manifest) -> Manifest {
        let mut played = vec![0u64; self.rows.len()];
        for r in &self.state.rows {
            if let Some(x) = played.get_mut(r.row) {
                *x = r.budgets.iter().map(|b| b.games).sum();
            }
        }
        let mut clock = self.clock.clone();
        clock.retain(|x| self.state.budget(x.row, x.budget).is_some());
        Manifest {
            games_per_row: c.params.games,
            rows: self.rows.len(),
            partial,
            games_played: played,
            // The models the rows' search plays over (and built-in knobs), with their hashes.
            models: c.sweep.models.clone(),
            inputs: Vec::new(),
            ceiling: Some(CeilingInfo {
                max_budget: cap,
                clock,
            }),
            ..base
        }
    }
}

/// The climb in `out` that `--resume` continues, checked to be of this config, robsim, models
/// and shard, with something left to play: its state and clock.
fn resumable(
    out: &Path,
    c: &Climb,
    origin: &str,
    rows: &[CatanRow],
    flags: &Flags,
    plan: &Plan,
) -> anyhow::Result<(CeilingState, Vec<BudgetClock>)> {
    let mpath = out.join("manifest.json");
    let folder = Folder::load(out, false).map_err(|e| {
        anyhow!("--resume: {e:#}; allowed: --out naming the folder of a climb to continue")
    })?;
    let m = &folder.manifest;
    let Some(info) = &m.ceiling else {
        anyhow::bail!(
            "--resume: {}: no `ceiling` key: not a ceiling's folder; allowed: --out naming the folder of a climb to continue",
            mpath.display()
        );
    };
    same_binary(&mpath, m)?;
    if folder.config_text != c.text {
        let cpath = out.join("config.toml");
        let keys = differing(&folder.config_text, &c.sweep.file);
        anyhow::bail!(
            "--resume: {}: {} from {origin}; allowed: the config the climb started with",
            cpath.display(),
            if keys.is_empty() {
                "its text differs (comments or layout)".to_string()
            } else {
                format!("{} differ", keys.join(", "))
            }
        );
    }
    same_models(&mpath, m, &c.sweep)?;
    if m.shard.map(|s| (s.index, s.count)) != flags.shard.map(|s| (s.index, s.count)) {
        let name =
            |s: Option<(u64, u64)>| s.map_or("none".to_string(), |(i, n)| format!("{i}/{n}"));
        anyhow::bail!(
            "--resume: {}: shard is {}, this run's --shard {}; allowed: the shard the folder played",
            mpath.display(),
            name(m.shard.map(|s| (s.index, s.count))),
            name(flags.shard.map(|s| (s.index, s.count)))
        );
    }
    let spath = out.join("state.json");
    let text = std::fs::read_to_string(&spath)
        .with_context(|| format!("--resume: {}: cannot read it", spath.display()))?;
    let state: CeilingState = serde_json::from_str(&text)
        .with_context(|| format!("--resume: {}: not a ceiling's state", spath.display()))?;
    state
        .check(rows, c.params.max_budget, &plan.games)
        .map_err(|e| anyhow!("--resume: {}: {e}", spath.display()))?;
    // Something to play: a row neither finished (under the stop rule) nor whole up to the cap.
    let left = rows.iter().enumerate().any(|(i, r)| {
        let done = (plan.stop_rule && finished(&state, r, i, &c.params, &plan.games))
            || row_whole(&state, i, r, plan.max_budget, &plan.games);
        !done
    });
    if !left {
        anyhow::bail!(
            "--resume: {} holds every budget up to {} (max_budget {} in manifest.json): nothing to resume; allowed: a larger --max-budget (up to ceiling.max_budget)",
            out.display(),
            plan.max_budget,
            info.max_budget
        );
    }
    Ok((state, info.clock.clone()))
}

/// Refuses a folder another robsim wrote (version or commit).
fn same_binary(mpath: &Path, m: &Manifest) -> anyhow::Result<()> {
    let here = env!("CARGO_PKG_VERSION");
    if m.robsim_version != here {
        anyhow::bail!(
            "{}: robsim_version is {:?}, this robsim is {here:?}; allowed: the robsim that played it",
            mpath.display(),
            m.robsim_version
        );
    }
    let commit = robsim::report::git_commit();
    if let (Some(a), Some(b)) = (m.git_commit.as_deref(), commit) {
        if a != b {
            anyhow::bail!(
                "{}: git_commit is {a:?}, this robsim was built from {b:?}; allowed: the robsim that played it",
                mpath.display()
            );
        }
    }
    Ok(())
}

/// Refuses a folder whose rows played other model files than `sweep`'s now are.
fn same_models(mpath: &Path, m: &Manifest, sweep: &Sweep) -> anyhow::Result<()> {
    let sha = |v: &[robsim::report::ModelRecord]| -> Vec<(String, String)> {
        v.iter()
            .map(|r| (r.source.clone(), r.sha256.clone()))
            .collect()
    };
    let (was, now) = (sha(&m.models), sha(&sweep.models));
    if was != now {
        let which = was
            .iter()
            .zip(&now)
            .find(|(a, b)| a != b)
            .map_or("the list".to_string(), |(a, _)| a.0.clone());
        anyhow::bail!(
            "{}: models: {which} has another sha256 (or the models differ) than the config plays now; allowed: the model files the climb started with",
            mpath.display()
        );
    }
    Ok(())
}

/// The config keys that differ between a recorded config's text and `now`, and `games`.
fn differing(recorded: &str, now: &robsim::config::SweepFile) -> Vec<String> {
    let Ok(was) = toml::from_str::<robsim::config::SweepFile>(recorded) else {
        return Vec::new();
    };
    let mut keys = crate::sweep::differing_keys(&was, now);
    for (k, same) in [
        ("games", was.games == now.games),
        ("name", was.name == now.name),
        ("description", was.description == now.description),
    ] {
        if !same {
            keys.insert(0, k.to_string());
        }
    }
    keys
}

/// Whether `robsim merge` was given ceiling folders (their manifests say `ceiling`).
pub(crate) fn is_ceiling(dirs: &[PathBuf]) -> bool {
    dirs.first()
        .and_then(|d| std::fs::read_to_string(d.join("manifest.json")).ok())
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|v| v.get("ceiling").is_some_and(|c| !c.is_null()))
}

/// `robsim merge` of ceiling shards: checked to be the N shards of one climb, their budgets
/// merged game by game and cut where the one-shot climb stops; the one-shot climb's folder.
pub(crate) fn merge(
    dirs: &[PathBuf],
    out: &Path,
    force: bool,
    args: Vec<String>,
) -> Result<(), Failure> {
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let folders: Vec<Folder> = dirs
        .iter()
        .map(|d| Folder::load(d, false))
        .collect::<anyhow::Result<_>>()
        .map_err(|e| Failure::Input(anyhow!("merge: {e:#}")))?;
    let first = &folders[0];
    let fpath = first.dir.join("manifest.json");
    let origin = first.dir.join("config.toml").display().to_string();
    let c = Climb::read(first.config_text.clone(), &origin).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&c.sweep).map_err(Failure::Input)?;
    let rows = robsim::games::catan_rows(&c.sweep, &maps, None);
    let mut seen: Vec<Option<&Path>> = Vec::new();
    let mut states = Vec::new();
    let mut clock: Vec<BudgetClock> = Vec::new();
    let mut cap = u32::MAX;
    for f in &folders {
        let mpath = f.dir.join("manifest.json");
        let m = &f.manifest;
        let (Some(info), Some(sh)) = (&m.ceiling, m.shard) else {
            return Err(input(format_args!(
                "merge: {}: {}; allowed: the folders of `robsim ceiling --shard I/N`",
                mpath.display(),
                if m.ceiling.is_none() {
                    "no `ceiling` key: not a ceiling's folder"
                } else {
                    "shard is null: a whole climb, not a shard"
                }
            )));
        };
        same_binary(&mpath, m).map_err(|e| Failure::Input(anyhow!("merge: {e:#}")))?;
        for (key, same) in [
            (
                "config_sha256",
                m.config_sha256 == first.manifest.config_sha256,
            ),
            ("seed", m.seed == first.manifest.seed),
            (
                "games_per_row",
                m.games_per_row == first.manifest.games_per_row,
            ),
        ] {
            if !same {
                return Err(input(format_args!(
                    "merge: {}: {key} differs from {}'s: a shard of another climb; allowed: the shards of one climb",
                    mpath.display(),
                    fpath.display()
                )));
            }
        }
        same_models(&mpath, m, &c.sweep).map_err(|e| Failure::Input(anyhow!("merge: {e:#}")))?;
        if seen.is_empty() {
            seen = vec![None; sh.count as usize];
        }
        if sh.count as usize != seen.len() {
            return Err(input(format_args!(
                "merge: {}: shard is {}/{}, {}'s is of {}: a shard of another split; allowed: the N shards of one --shard I/N split",
                mpath.display(),
                sh.index,
                sh.count,
                fpath.display(),
                seen.len()
            )));
        }
        if let Some(other) = seen[sh.index as usize] {
            return Err(input(format_args!(
                "merge: {}: shard {}/{} is also {}; allowed: each shard once",
                mpath.display(),
                sh.index,
                sh.count,
                other.display()
            )));
        }
        seen[sh.index as usize] = Some(f.dir.as_path());
        let range = Shard {
            index: sh.index,
            count: sh.count,
        }
        .range(c.params.games);
        let spath = f.dir.join("state.json");
        let text = std::fs::read_to_string(&spath)
            .with_context(|| format!("merge: {}: cannot read it", spath.display()))
            .map_err(Failure::Input)?;
        let st: CeilingState = serde_json::from_str(&text)
            .with_context(|| format!("merge: {}: not a ceiling's state", spath.display()))
            .map_err(Failure::Input)?;
        st.check(&rows, c.params.max_budget, &range)
            .map_err(|e| input(format_args!("merge: {}: {e}", spath.display())))?;
        states.push(st);
        for x in &info.clock {
            add_clock(&mut clock, *x);
        }
        cap = cap.min(info.max_budget);
    }
    if let Some(i) = seen.iter().position(Option::is_none) {
        return Err(input(format_args!(
            "merge: shard {i}/{} is in no folder given; allowed: all {} shards of the split",
            seen.len(),
            seen.len()
        )));
    }
    robsim::report::claim(out, force).map_err(Failure::Input)?;
    let mut dir = ReportDir::create(out).map_err(Failure::Input)?;
    let games = 0..c.params.games;
    let state = settle(&merge_states(states), &c.params, &games);
    let partial = !all_finished(&state, &rows, &c.params, &games);
    let labels = row_labels(&rows);
    let written = Written {
        rows: &rows,
        labels: &labels,
        params: &c.params,
        state: &state,
        clock,
        games,
        stop_rule: true,
    };
    let curves = written.write(&mut dir)?;
    dir.text("config.toml", c.text.clone());
    dir.text("command.txt", format!("{}\n", shell_words(&args)));
    let manifest = Manifest {
        merged_from: dirs.iter().map(|d| d.display().to_string()).collect(),
        ..written.manifest(
            &c,
            cap,
            partial,
            Manifest::of_command(
                args,
                &c.text,
                c.sweep.file.seed,
                1,
                started,
                t0.elapsed().as_secs_f64(),
            ),
        )
    };
    dir.manifest(&manifest).map_err(Failure::Run)?;
    dir.finish().map_err(Failure::Run)?;
    print(&curves, &labels, true);
    if partial {
        println!(
            "climb not finished: the shards played budgets up to {cap}; go on with `robsim ceiling --resume -o {}` (or the shards with --resume --max-budget {})",
            out.display(),
            cap.saturating_mul(2)
        );
    }
    println!("{}", robsim::report::terminal::files_line("wrote:", out));
    println!("report: {}", out.display());
    Ok(())
}

fn print(curves: &[Curve], labels: &[String], stop_rule: bool) {
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
            _ if !stop_rule => println!("  (a shard: the stop rule is the merge's)"),
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
        s.core_seconds / s.games.max(1) as f64
    )
}
