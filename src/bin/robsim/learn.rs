//! `robsim learn`: expert iteration on a config's rows, and its output folder.
//!
//! `robsim learn`: expert iteration on a config's rows; writes model.toml, rounds.csv, fit.csv,
//! held_out.csv, the config, the command and a manifest.

use crate::cli::Output;
use crate::Failure;
use anyhow::Context;
use robsim::catan::learning::learn::{
    learn as iterate, planned_games, test_seed, train_seed, LabelCache, Learned,
};
use robsim::config::learn::learning;
use robsim::config::modelfile::{to_text, Provenance, RoundRecord, Trained};
use robsim::config::Sweep;
use robsim::report::compare::CompareRow;
use robsim::report::shard::Shard;
use robsim::report::sweep::{default_out, progress_bar, shell_words};
use robsim::report::{sha256_hex, Manifest, ReportDir};
use std::path::Path;

/// The labels a run has paid for, in its folder (`--resume` reads them): comma-separated text,
/// but not named `.csv`, which a report folder's tables are (and its Data Package lists).
const LABELS: &str = "resume-labels.txt";

/// The config whose run wrote [`LABELS`], as given (a resumed run must be of the same config).
const CONFIG_OF_LABELS: &str = "resume-config.toml";

/// `--rounds`, `--train-games` and `--test-games`: the config's `[learn]` keys overridden.
pub(crate) struct Overrides {
    pub(crate) rounds: Option<u32>,
    pub(crate) train_games: Option<u64>,
    pub(crate) test_games: Option<u64>,
    /// `--resume`: go on from the folder's saved labels.
    pub(crate) resume: bool,
    /// `--shard I/N`: label only slice I of each round's training games.
    pub(crate) shard: Option<Shard>,
}

/// How many rounds' labels of the run recorded as `was` (a [`CONFIG_OF_LABELS`] text) are this
/// run's (`now`): every round's where the two are the same config, read as TOML (comments and
/// spacing do not count), and the same flags, but for the number of rounds (`[learn] rounds`,
/// `--rounds`: a round's labels depend only on the rounds before it, so a run may go on to more
/// rounds than it planned); round 1's alone where they also differ in how the labels are fitted
/// and kept ([`FIT_ONLY`], `--test-games`): round 1's apprentice is the start, whatever the fits,
/// but every later round's is a fit; none otherwise.
fn labels_agree(was: &str, now: &str) -> Option<u32> {
    let meaning = |t: &str, fit_too: bool| -> Option<(toml::Table, String)> {
        let (config, flags) = t.rsplit_once("\n# robsim learn flags:")?;
        let mut table: toml::Table = toml::from_str(config).ok()?;
        if let Some(toml::Value::Table(l)) = table.get_mut("learn") {
            l.remove("rounds");
            if fit_too {
                for k in FIT_ONLY {
                    l.remove(k);
                }
            }
        }
        let mut words: Vec<&str> = flags.split_whitespace().collect();
        let mut drop = vec!["--rounds"];
        if fit_too {
            drop.push("--test-games");
        }
        for f in drop {
            if let Some(i) = words.iter().position(|w| *w == f) {
                words.drain(i..(i + 2).min(words.len()));
            }
        }
        Some((table, words.join(" ")))
    };
    let same = |fit_too: bool| match (meaning(was, fit_too), meaning(now, fit_too)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    };
    if same(false) {
        Some(u32::MAX)
    } else if same(true) {
        Some(1)
    } else {
        None
    }
}

/// The `[learn]` keys that decide only how labels are fitted and which fits are kept, not what
/// round 1 labels.
const FIT_ONLY: [&str; 6] = ["test_games", "update", "fit", "ridge", "hidden", "epochs"];

/// The file a run keeps its own labels in: [`LABELS`], or a shard's beside it.
fn labels_file(shard: Option<Shard>) -> String {
    match shard {
        None => LABELS.to_string(),
        Some(s) => format!("resume-labels-shard-{}-of-{}.txt", s.index, s.count),
    }
}

/// Every label file in `out` ([`LABELS`] and the shards'), in name order.
fn label_files(out: &Path) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(out)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("resume-labels") && n.ends_with(".txt"))
        })
        .collect();
    v.sort();
    v
}

impl Overrides {
    /// The flags as the model's command records them (so the command reproduces the model).
    fn flags(&self) -> String {
        let mut f = String::new();
        if let Some(n) = self.rounds {
            f.push_str(&format!(" --rounds {n}"));
        }
        if let Some(n) = self.train_games {
            f.push_str(&format!(" --train-games {n}"));
        }
        if let Some(n) = self.test_games {
            f.push_str(&format!(" --test-games {n}"));
        }
        f
    }
}

/// Runs `robsim learn`.
pub(crate) fn learn(
    config: &Path,
    overrides: Overrides,
    output: Output,
    args: Vec<String>,
) -> Result<(), Failure> {
    let (threads, quiet) = (output.threads, output.quiet);
    let origin = config.display().to_string();
    let text = std::fs::read_to_string(config)
        .with_context(|| format!("cannot read config file {origin}"))
        .map_err(Failure::Input)?;
    robsim::paths::set_config_file(config);
    let sweep = Sweep::parse(&text, &origin).map_err(Failure::Input)?;
    let mut l = learning(&sweep, &origin, Some(&text)).map_err(Failure::Input)?;
    if let Some(n) = overrides.rounds {
        l.params.rounds = n;
    }
    if let Some(n) = overrides.train_games {
        l.params.train_games = n;
    }
    if let Some(n) = overrides.test_games {
        l.params.test_games = n;
    }
    robsim::games::check(&sweep).map_err(Failure::Input)?;
    let maps = robsim::games::catan_maps(&sweep).map_err(Failure::Input)?;
    let rows = robsim::games::catan_rows(&sweep, &maps, None);
    let out = output.out.unwrap_or_else(|| default_out(&sweep.file.name));
    let saved = out.join(labels_file(overrides.shard));
    // What the labels depend on: the config and the flags that change its rounds' apprentices.
    let run_text = format!("{text}\n# robsim learn flags:{}\n", overrides.flags());
    let mut cache = LabelCache::default();
    // The labels of the other files (other shards'): read, never written again here.
    let mut others = LabelCache::default();
    let was = std::fs::read_to_string(out.join(CONFIG_OF_LABELS)).ok();
    let flag = if overrides.shard.is_some() {
        "--shard"
    } else {
        "--resume"
    };
    // A shard goes on from whatever its run's folder holds; a whole run only with --resume.
    if overrides.resume || (overrides.shard.is_some() && was.is_some()) {
        let files = label_files(&out);
        if files.is_empty() && overrides.shard.is_none() {
            return Err(Failure::Input(anyhow::anyhow!(
                "--resume: {}: no {LABELS} or shard labels: nothing to resume (a run of this config writes them as it labels); allowed: a folder an interrupted or sharded robsim learn wrote, or no --resume",
                out.display()
            )));
        }
        // The labels belong to this config's run with these flags: as recorded beside them
        // (round 1's alone where only the fits differ).
        let Some(last) = labels_agree(was.as_deref().unwrap_or(""), &run_text) else {
            return Err(Failure::Input(anyhow::anyhow!(
                "{flag}: {} holds the labels of another run than {origin}{} (its {CONFIG_OF_LABELS}, the config and its --rounds, --train-games and --test-games, differs in more than how labels are fitted: {}); allowed: the config and flags that wrote them, or another --out",
                out.display(),
                overrides.flags(),
                FIT_ONLY.join(", ")
            )));
        };
        if last == 1 {
            eprintln!(
                "robsim: {flag}: the config differs from the one that labelled {} only in how labels are fitted ({}): round 1's labels are kept, later rounds are labelled again",
                out.display(),
                FIT_ONLY.join(", ")
            );
        }
        for f in files {
            let t = std::fs::read_to_string(&f)
                .with_context(|| format!("{flag}: {}: cannot read it", f.display()))
                .map_err(Failure::Input)?;
            let all = LabelCache::parse(&t, &f.display().to_string()).map_err(Failure::Input)?;
            let c = all.up_to_round(last);
            // Another file's later rounds belong to the other fits: gone from it too, so that
            // no later resume reads them as this run's.
            if f != saved && c.len() != all.len() {
                robsim::report::write_atomic(&f, c.to_text().as_bytes()).map_err(Failure::Run)?;
            }
            if f != saved {
                others.extend(&c);
            }
            cache.extend(&c);
        }
    } else if overrides.shard.is_none() {
        robsim::report::claim_games(&out, output.force, &text, l.params.train_games)
            .map_err(Failure::Input)?;
    }
    let mut dir = ReportDir::create(&out).map_err(Failure::Input)?;
    robsim::report::write_atomic(&out.join(CONFIG_OF_LABELS), run_text.as_bytes())
        .map_err(Failure::Run)?;
    // This run's file keeps what no other file holds.
    let save = |c: &LabelCache| {
        robsim::report::write_atomic(&saved, c.without(&others).to_text().as_bytes())
    };
    let only = overrides.shard.map(|s| s.range(l.params.train_games));
    crate::install_interrupt_handler();
    let pb = progress_bar(planned_games(rows.len(), &l.params), quiet);
    let started = std::time::SystemTime::now();
    let t0 = std::time::Instant::now();
    let result = robsim::engine::runner::with_threads(threads, || {
        iterate(&rows, l.base, &l.params, &pb, &mut cache, &save, only)
    })
    .map_err(Failure::Run)?;
    pb.finish_and_clear();
    if robsim::engine::runner::stop_requested() {
        eprintln!(
            "robsim: {} labelled decisions kept in {}: robsim learn ... --resume -o {} goes on from them",
            cache.len(),
            saved.display(),
            out.display()
        );
        return Err(Failure::Interrupted);
    }
    let result = result.map_err(Failure::Run)?;
    if let (Some(w), Some(sh)) = (result.waiting, overrides.shard) {
        println!(
            "shard {sh}: round {}'s games {:?} of every row labelled ({} decisions in {})",
            w.round,
            sh.range(l.params.train_games),
            cache.without(&others).len(),
            saved.display()
        );
        let whole = format!(
            "robsim learn {origin}{} --resume -o {}",
            overrides.flags(),
            out.display()
        );
        if w.missing > 0 {
            println!(
                "next: the other slices ({} games of round {} not labelled yet: `robsim learn {origin}{} --shard I/{} -o {}`), then `{whole}`",
                w.missing,
                w.round,
                overrides.flags(),
                sh.count,
                out.display()
            );
        } else {
            println!(
                "next: every slice of round {} is labelled: `{whole}`",
                w.round
            );
        }
        return Ok(());
    }
    let seed = sweep.file.seed;
    // The model names the config as given, not the flags (threads, folder), so that every
    // thread count writes the same bytes.
    let how = Provenance {
        command: format!("robsim learn {origin}{}", overrides.flags()),
        config_sha256: sha256_hex(text.as_bytes()),
        seed,
        train_seed: train_seed(seed, 1),
        test_seed: test_seed(seed),
        rounds: l.params.rounds,
        records: result.rounds.iter().map(record).collect(),
        trained: Some(trained(&rows, &sweep)),
        start: sweep.file.learn.as_ref().and_then(|f| f.start.clone()),
        start_sha256: l.start.as_ref().map(|s| s.sha256.clone()),
    };
    let labels = row_labels(&rows);
    write(&mut dir, &result, &labels).map_err(Failure::Run)?;
    // A run that keeps no round has learned nothing: its model would be the script alone
    // (every weight 0), which plays exactly as the base policy under the name `learned`, or
    // the start model's own file. No model.toml then; the rounds' own fits stay as
    // round-N.toml to inspect. A rebased start is a model of its own and is written.
    let written = result.rounds.iter().any(|r| r.kept) || l.rebase;
    if written {
        let model = to_text(&result.model, &how).map_err(Failure::Run)?;
        dir.text("model.toml", model);
    }
    // Every round's fitted model, kept or not, to inspect what a rejected round learned.
    for r in &result.rounds {
        let one = Provenance {
            records: vec![record(r)],
            ..how.clone()
        };
        let text = to_text(&r.model, &one).map_err(Failure::Run)?;
        dir.text(&format!("round-{}.toml", r.round), text);
    }
    dir.text("config.toml", text.clone());
    dir.text("command.txt", format!("{}\n", shell_words(&args)));
    let manifest = Manifest {
        games_per_row: l.params.train_games,
        rows: rows.len(),
        games_played: rows
            .iter()
            .map(|_| l.params.train_games * result.rounds.len() as u64)
            .collect(),
        phases: result.phases.clone(),
        ..Manifest::of_command(
            args,
            &text,
            seed,
            rayon_threads(threads),
            started,
            t0.elapsed().as_secs_f64(),
        )
    };
    dir.manifest(&manifest).map_err(Failure::Run)?;
    dir.finish().map_err(Failure::Run)?;
    print(&result, &labels, l.start.is_some());
    if written {
        println!("model: {}", out.join("model.toml").display());
    } else {
        println!(
            "model: none written: no round was kept (no round's model beat the one before on the held-out games), so nothing was learned; more train_games or rounds may help (--train-games, --rounds)"
        );
        eprintln!(
            "robsim: learn kept no round: no model.toml written (the round-N.toml files are the rejected rounds' fits, not a model to play)"
        );
    }
    println!("{}", robsim::report::terminal::files_line("wrote:", &out));
    println!("report: {}", out.display());
    Ok(())
}

/// Threads a pool of `threads` runs (0: one per core).
pub(crate) fn rayon_threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// The rows a model is trained on, as its file records them (`[trained]`): `calibrate` notes a
/// bracket outside them.
fn trained(rows: &[robsim::catan::experiment::CatanRow], sweep: &Sweep) -> Trained {
    let mut t = Trained::default();
    // The space `[rule_sets]` drew from is trained on, every value of it, not only the values
    // its draws happened to take.
    if let Some(r) = &sweep.file.rule_sets {
        for &p in &r.players {
            if let Ok(p) = u8::try_from(p) {
                if !t.players.contains(&p) {
                    t.players.push(p);
                }
            }
        }
        for (key, vals) in robsim::config::rule_sets::space(r) {
            let mine = t.knobs.entry(key).or_default();
            for v in vals {
                if !mine.contains(&v) {
                    mine.push(v);
                }
            }
        }
    }
    for r in rows {
        let rules = &r.spec.rules;
        if !t.players.contains(&rules.players) {
            t.players.push(rules.players);
        }
        if let Some(x) = rules.variant.robert() {
            if !t.start_cards.contains(&x.start_cards) {
                t.start_cards.push(x.start_cards);
            }
        }
        for k in robsim::config::knobs::RULE_KNOBS {
            if k.key == "start_cards" {
                continue;
            }
            if let Some(v) = robsim::catan::knobs::value(k.key, rules) {
                let vals = t.knobs.entry(k.key.to_string()).or_default();
                if !vals.contains(&v) {
                    vals.push(v);
                }
            }
        }
    }
    t.players.sort_unstable();
    t.start_cards.sort_unstable();
    for vals in t.knobs.values_mut() {
        vals.sort_by(|a, b| match (a.as_integer(), b.as_integer()) {
            (Some(x), Some(y)) => x.cmp(&y),
            _ => a.to_string().cmp(&b.to_string()),
        });
    }
    t
}

/// Each row's label ([`row_label`]) with the other settings that vary between the rows
/// (`robert_skip 2`, a `vp_to_win`, the board), so that rows differing only in a rule knob
/// read apart in the terminal and the CSV files.
pub(crate) fn row_labels(rows: &[robsim::catan::experiment::CatanRow]) -> Vec<String> {
    let refs: Vec<&robsim::catan::experiment::CatanRow> = rows.iter().collect();
    let shown = ["variant", "player", "players", "difficulty", "modifiers"];
    rows.iter()
        .zip(robsim::report::row_labels(&refs, &shown))
        .map(|(r, more)| match more.as_str() {
            "all rows" => row_label(r),
            _ => format!("{}, {more}", row_label(r)),
        })
        .collect()
}

pub(crate) fn row_label(r: &robsim::catan::experiment::CatanRow) -> String {
    let rules = &r.spec.rules;
    let level = rules.variant.robert().map_or(String::new(), |x| {
        format!(" {}", robsim::catan::knobs::difficulty_label(x.start_cards))
    });
    let modifiers = if rules.modifiers == robsim::catan::Modifiers::NONE {
        String::new()
    } else {
        format!(" {}", rules.modifiers.name())
    };
    format!(
        "{} {}p{level}{modifiers}",
        rules.variant.name(),
        rules.players
    )
}

fn record(r: &robsim::catan::learning::learn::Round) -> RoundRecord {
    let p = &r.pooled;
    RoundRecord {
        round: r.round,
        kept: r.kept,
        decisions: r.decisions,
        labels: r.labels,
        test_games: p.games,
        win_rate_old: p.win_rate_a.unwrap_or(0.0),
        win_rate_new: p.win_rate_b.unwrap_or(0.0),
        diff: p.win_rate_diff.unwrap_or(0.0),
        diff_lo95: p.win_rate_diff_lo95.unwrap_or(0.0),
        diff_hi95: p.win_rate_diff_hi95.unwrap_or(0.0),
    }
}

/// `held_out.csv`: one line per round and row, the pooled line of each round, then the final
/// model against the scripted base.
#[derive(serde::Serialize)]
struct HeldOut<'a> {
    round: String,
    row: &'a str,
    model_a: &'a str,
    model_b: &'a str,
    games: u64,
    win_rate_a: Option<f64>,
    win_rate_b: Option<f64>,
    win_rate_diff: Option<f64>,
    win_rate_diff_lo95: Option<f64>,
    win_rate_diff_hi95: Option<f64>,
    wins_only_a: Option<u64>,
    wins_only_b: Option<u64>,
    mcnemar_p: Option<f64>,
    turns_mean_a: f64,
    turns_mean_b: f64,
}

impl<'a> HeldOut<'a> {
    fn new(round: String, row: &'a str, c: &'a CompareRow) -> HeldOut<'a> {
        HeldOut {
            round,
            row,
            model_a: c.setting_a.strip_prefix("model=").unwrap_or(&c.setting_a),
            model_b: c.setting_b.strip_prefix("model=").unwrap_or(&c.setting_b),
            games: c.games,
            win_rate_a: c.win_rate_a,
            win_rate_b: c.win_rate_b,
            win_rate_diff: c.win_rate_diff,
            win_rate_diff_lo95: c.win_rate_diff_lo95,
            win_rate_diff_hi95: c.win_rate_diff_hi95,
            wins_only_a: c.wins_only_a,
            wins_only_b: c.wins_only_b,
            mcnemar_p: c.mcnemar_p,
            turns_mean_a: c.turns_mean_a,
            turns_mean_b: c.turns_mean_b,
        }
    }
}

#[derive(serde::Serialize)]
struct RoundLine {
    round: u32,
    kept: bool,
    train_games: u64,
    train_win_rate: f64,
    decisions: u64,
    labels: u64,
    test_games: u64,
    win_rate_old: Option<f64>,
    win_rate_new: Option<f64>,
    diff: Option<f64>,
    diff_lo95: Option<f64>,
    diff_hi95: Option<f64>,
    mcnemar_p: Option<f64>,
}

fn write(dir: &mut ReportDir, r: &Learned, labels: &[String]) -> anyhow::Result<()> {
    let label = |i: usize| labels.get(i).map_or("all rows", String::as_str);
    for round in &r.rounds {
        let p = &round.pooled;
        dir.row(
            "rounds.csv",
            &RoundLine {
                round: round.round,
                kept: round.kept,
                train_games: round.train_games,
                train_win_rate: robsim::report::r5(
                    round.train_wins as f64 / round.train_games.max(1) as f64,
                ),
                decisions: round.decisions,
                labels: round.labels,
                test_games: p.games,
                win_rate_old: p.win_rate_a,
                win_rate_new: p.win_rate_b,
                diff: p.win_rate_diff,
                diff_lo95: p.win_rate_diff_lo95,
                diff_hi95: p.win_rate_diff_hi95,
                mcnemar_p: p.mcnemar_p,
            },
        )?;
        for f in &round.fits {
            dir.row("fit.csv", f)?;
        }
        for c in round.held_out.iter().chain([&round.pooled]) {
            dir.row(
                "held_out.csv",
                &HeldOut::new(round.round.to_string(), label(c.row_a), c),
            )?;
        }
    }
    for c in &r.versus_base {
        dir.row(
            "held_out.csv",
            &HeldOut::new("final".into(), label(c.row_a), c),
        )?;
    }
    Ok(())
}

fn print(r: &Learned, labels: &[String], started: bool) {
    println!("round  kept  decisions  labels  held-out new minus old (95% interval)");
    for round in &r.rounds {
        let p = &round.pooled;
        println!(
            "{:>5}  {:>4}  {:>9}  {:>6}  {:+.2} points ({:+.2} to {:+.2}) over {} games",
            round.round,
            if round.kept { "yes" } else { "no" },
            round.decisions,
            round.labels,
            p.win_rate_diff.unwrap_or(0.0) * 100.0,
            p.win_rate_diff_lo95.unwrap_or(0.0) * 100.0,
            p.win_rate_diff_hi95.unwrap_or(0.0) * 100.0,
            p.games,
        );
    }
    println!(
        "final model minus {} on the held-out games:",
        if started { "start model" } else { "base" }
    );
    for c in &r.versus_base {
        println!(
            "  {:<24} {:.2}% -> {:.2}%  {:+.2} points ({:+.2} to {:+.2})",
            labels.get(c.row_a).map_or("all rows", String::as_str),
            c.win_rate_a.unwrap_or(0.0) * 100.0,
            c.win_rate_b.unwrap_or(0.0) * 100.0,
            c.win_rate_diff.unwrap_or(0.0) * 100.0,
            c.win_rate_diff_lo95.unwrap_or(0.0) * 100.0,
            c.win_rate_diff_hi95.unwrap_or(0.0) * 100.0,
        );
    }
}
