//! `robsim design`: the rule settings nearest a config's targets, confirmed on held-out games.
//!
//! `robsim design`: reads the `[design]` table, runs the search and its held-out confirmation
//! (`robsim::games::design`), and writes design.csv, best.csv, effects.csv, targets.svg,
//! fragment.toml, report.html, design-state.json (every batch played, for `--resume` and
//! `merge`), the config, the command and a manifest; plays one run of several as a shard
//! (`--shard I/N`) and merges the shards' folders (`robsim merge`), racing and confirming what
//! they found together.

use crate::cli::Output;
use crate::{install_interrupt_handler, Failure};
use anyhow::{anyhow, Context};
use robsim::config::design::{design as checked, Design};
use robsim::config::Sweep;
use robsim::report::design::write::Report;
use robsim::report::design::{confirmed, Store, StoreFile};
use robsim::report::shard::{Folder, Shard};
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{DesignInfo, Manifest, ReportDir};
use std::path::{Path, PathBuf};

/// `robsim design`'s flags beyond the output ones.
pub(crate) struct Flags {
    pub(crate) resume: bool,
    pub(crate) shard: Option<Shard>,
}

/// The state file of a design's folder.
const STATE: &str = "design-state.json";

fn input(e: impl std::fmt::Display) -> Failure {
    Failure::Input(anyhow!("{e}"))
}

/// Runs `robsim design` on a config file.
pub(crate) fn design(
    config: &Path,
    output: Output,
    flags: Flags,
    args: Vec<String>,
) -> Result<(), Failure> {
    let origin = config.display().to_string();
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {origin}"))
        .map_err(Failure::Input)?;
    robsim::paths::set_config_file(config);
    run(&text, &origin, output, flags, args, Vec::new())
}

/// `robsim rerun` of a design's folder: its config again (the same shard).
pub(crate) fn rerun(folder: &Folder, output: Output, args: Vec<String>) -> Result<(), Failure> {
    let info = folder.manifest.design.expect("a design's folder");
    let origin = folder.dir.join("config.toml").display().to_string();
    let shard = info.run.map(|r| Shard {
        index: r as u64,
        count: info.runs as u64,
    });
    let flags = Flags {
        resume: false,
        shard,
    };
    run(
        &folder.config_text,
        &origin,
        output,
        flags,
        args,
        Vec::new(),
    )
}

/// Whether `dirs` are a design's folders (`robsim merge` of design shards).
pub(crate) fn is_design(dirs: &[PathBuf]) -> bool {
    dirs.first()
        .and_then(|d| std::fs::read_to_string(d.join("manifest.json")).ok())
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .is_some_and(|v| v.get("design").is_some_and(|c| !c.is_null()))
}

/// The state of a design's folder, read and checked to be this design's.
fn state_of(dir: &Path, d: &Design) -> anyhow::Result<StoreFile> {
    let path = dir.join(STATE);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("{}: cannot read it", path.display()))?;
    let f: StoreFile =
        serde_json::from_str(&text).with_context(|| format!("{}: malformed", path.display()))?;
    if f.batch != d.params.batch || f.games != d.games {
        anyhow::bail!(
            "{}: batch {} and games {}, the config's {} and {}",
            path.display(),
            f.batch,
            f.games,
            d.params.batch,
            d.games
        );
    }
    Ok(f)
}

/// `robsim merge` of design shards: the N runs of one design, each once; their stores pooled,
/// then the race and the held-out confirmation played here, as the one-shot run plays them.
pub(crate) fn merge(
    dirs: &[PathBuf],
    out: &Path,
    force: bool,
    args: Vec<String>,
) -> Result<(), Failure> {
    let folders: Vec<Folder> = dirs
        .iter()
        .map(|d| Folder::load(d, false))
        .collect::<anyhow::Result<_>>()
        .map_err(Failure::Input)?;
    let first = &folders[0];
    let runs = first.manifest.design.map_or(0, |i| i.runs);
    let mut seen = vec![false; runs];
    for f in &folders {
        if f.config_text != first.config_text {
            return Err(input(format_args!(
                "merge: {} ran another config than {}; allowed: the shard folders of one design",
                f.dir.display(),
                first.dir.display()
            )));
        }
        match f.manifest.design.and_then(|i| i.run) {
            Some(r) if r < runs && !seen[r] => seen[r] = true,
            Some(r) => {
                return Err(input(format_args!(
                    "merge: {}: run {r} of {runs} is given twice or out of range; allowed: each run of design.runs once",
                    f.dir.display()
                )))
            }
            None => {
                return Err(input(format_args!(
                    "merge: {}: not a shard (no --shard); allowed: folders written with robsim design --shard I/N",
                    f.dir.display()
                )))
            }
        }
    }
    if let Some(r) = seen.iter().position(|s| !s) {
        return Err(input(format_args!(
            "merge: run {r} of {runs} is missing; allowed: the folders of every run 0..{runs}"
        )));
    }
    robsim::report::claim(out, force).map_err(Failure::Input)?;
    let origin = first.dir.join("config.toml").display().to_string();
    let output = Output {
        threads: 0,
        out: Some(out.to_path_buf()),
        force: true,
        quiet: false,
    };
    let flags = Flags {
        resume: false,
        shard: None,
    };
    run(
        &first.config_text,
        &origin,
        output,
        flags,
        args,
        folders.iter().map(|f| f.dir.clone()).collect(),
    )
}

fn run(
    text: &str,
    origin: &str,
    output: Output,
    flags: Flags,
    args: Vec<String>,
    merged_from: Vec<PathBuf>,
) -> Result<(), Failure> {
    let sweep = Sweep::parse(text, origin).map_err(Failure::Input)?;
    let d = checked(&sweep.file, origin, Some(text)).map_err(Failure::Input)?;
    robsim::games::check(&d.base).map_err(Failure::Input)?;
    let only_run = match flags.shard {
        Some(s) if s.count as usize != d.params.runs => {
            return Err(input(format_args!(
                "--shard {}/{}: N is the design's runs; allowed: N = {} (design.runs in {origin})",
                s.index, s.count, d.params.runs
            )))
        }
        Some(_) if d.params.exhaustive => {
            return Err(input(format_args!(
                "--shard: an exhaustive search is not split into runs; allowed: --shard with search = \"ntbea\" and design.runs = N"
            )));
        }
        Some(s) => Some(s.index as usize),
        None => None,
    };
    let name = &sweep.file.name;
    let out = output.out.clone().unwrap_or_else(|| match flags.shard {
        Some(s) => default_out(&format!("{name}-shard-{}-of-{}", s.index, s.count)),
        None => default_out(name),
    });
    let mut store = Store::default();
    if flags.resume {
        let folder = Folder::load(&out, false).map_err(|e| {
            input(format_args!(
                "--resume: {e:#}; allowed: --out naming the folder of a design to continue"
            ))
        })?;
        if folder.manifest.design.is_none() {
            return Err(input(format_args!(
                "--resume: {}: not a design's folder; allowed: --out naming the folder of a design to continue",
                out.display()
            )));
        }
        if folder.config_text != text {
            return Err(input(format_args!(
                "--resume: {}: another config than {origin}; allowed: the config the design started with",
                out.join("config.toml").display()
            )));
        }
        let run = folder.manifest.design.and_then(|i| i.run);
        if run != only_run {
            return Err(input(format_args!(
                "--resume: {}: played run {run:?}, this --shard {only_run:?}; allowed: the shard the folder played",
                out.display()
            )));
        }
        let f = state_of(&out, &d).map_err(|e| input(format_args!("--resume: {e:#}")))?;
        store
            .absorb(f, d.params.batch, d.games)
            .map_err(|e| input(format_args!("--resume: {e:#}")))?;
    } else if merged_from.is_empty() {
        robsim::report::claim_for(&out, output.force, text).map_err(Failure::Input)?;
    }
    for dir in &merged_from {
        let f = state_of(dir, &d).map_err(Failure::Input)?;
        store
            .absorb(f, d.params.batch, d.games)
            .map_err(Failure::Input)?;
    }
    let mut dir = ReportDir::create(&out).map_err(Failure::Input)?;
    for note in &sweep.notes {
        eprintln!("robsim: {note}");
    }
    install_interrupt_handler();
    // The bar counts the budget and the held-out games (a setting's untouched cells share games,
    // so the search may finish under its budget).
    let cells = d.targets.len() as u64;
    let confirm = if only_run.is_some() {
        0
    } else {
        (d.top as u64 + 1) * cells * d.games
    };
    let pb = progress_bar(d.params.budget + confirm, output.quiet);
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let (found, labels) = robsim::engine::runner::with_threads(output.threads, || {
        robsim::games::design(&d, &mut store, &pb, only_run)
    })
    .map_err(Failure::Run)?
    .map_err(Failure::Run)?;
    pb.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    let stopped = found.outcome.stopped || (only_run.is_none() && !found.held_out_done);
    if !stopped {
        let dropped = store.drop_unbound();
        if dropped > 0 {
            eprintln!(
                "robsim: the state held {dropped} games of rows this search never reads (rows an older build keyed otherwise, or settings the config no longer has): left out of design-state.json, the rows it reads played again"
            );
        }
    }
    let base = d.space.base();
    let conf = confirmed(&found, &store, &d.targets, &base);
    let best = conf
        .iter()
        .find(|c| !(found.base_appended && c.x == base))
        .map_or(base.clone(), |c| c.x.clone());
    let dims = d.dim_infos();
    let header = format!(
        "robsim design, config {name}: the confirmed best setting, {}",
        robsim::report::design::write::knobs_text(&dims, &best)
    );
    let fragment = d.fragment(&best, &header);
    let threads = if output.threads == 0 {
        rayon::current_num_threads()
    } else {
        output.threads
    };
    let command = shell_words(&args);
    let provenance = format!(
        "robsim {} (commit {}), seed {}, {} games played here ({} held in the state), {} threads, {:.1} s, started {}, {}{}",
        env!("CARGO_PKG_VERSION"),
        robsim::report::git_commit().unwrap_or("unknown"),
        sweep.file.seed,
        found.search_played + found.held_out_played,
        store.games(),
        threads,
        secs,
        humantime::format_rfc3339_seconds(started),
        robsim::report::machine(),
        if stopped { " (PARTIAL: interrupted)" } else { "" }
    );
    let shapes = d.shapes();
    let report = Report {
        shape: &shapes,
        guard: d.guard,
        name,
        description: &sweep.file.description,
        dims: &dims,
        targets: &d.targets,
        labels: &labels,
        params: &d.params,
        max_changed: d.space.max_changed,
        found: &found,
        store: &store,
        confirmed: &conf,
        fragment: &fragment,
        config: text,
        command: &command,
        provenance: &provenance,
    };
    let terminal = report.write(&mut dir).map_err(Failure::Run)?;
    dir.text(
        STATE,
        serde_json::to_vec(&store.file(d.params.batch, d.games))
            .context("writing design-state.json")
            .map_err(Failure::Run)?,
    );
    dir.text("config.toml", text.to_string());
    dir.text("command.txt", format!("{command}\n"));
    dir.text("provenance.txt", format!("{provenance}\n"));
    let manifest = Manifest {
        games_per_row: d.games,
        rows: labels.len(),
        partial: stopped,
        merged_from: merged_from
            .iter()
            .map(|p| p.display().to_string())
            .collect(),
        design: Some(DesignInfo {
            runs: d.params.runs,
            run: only_run,
            search_games: found.search_played,
            held_out_games: found.held_out_played,
            games_in_state: store.games(),
        }),
        models: d.models.clone(),
        inputs: Vec::new(),
        ..Manifest::of_command(args.clone(), text, sweep.file.seed, threads, started, secs)
    };
    dir.manifest(&manifest).map_err(Failure::Run)?;
    dir.finish().map_err(Failure::Run)?;
    print!("{terminal}");
    if only_run.is_some() {
        println!(
            "shard: run {} of {} explored; `robsim merge` of every run's folder races and confirms them",
            only_run.unwrap_or(0),
            d.params.runs
        );
    }
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    if stopped {
        eprintln!(
            "robsim: interrupted: the folder holds every whole batch played; `robsim design {origin} --resume -o {}` goes on",
            out.display()
        );
        return Err(Failure::Interrupted);
    }
    Ok(())
}
