//! `robsim upgrade`: report folders brought to today's schema without playing their games again.

use crate::Failure;
use anyhow::anyhow;
use robsim::report::upgrade::{self, SCHEMA};
use robsim::report::{Manifest, FILES};
use std::path::{Path, PathBuf};

/// How a folder is brought to today's schema.
enum Way {
    /// Its tables written again from `state.json` by today's code.
    Rewrite,
    /// Its tables migrated by the schema's steps.
    Migrate,
}

/// A sweep's or ablation's whole folder keeps each row's exact statistics: written again from
/// them. A ceiling, design, calibration, shard or partial run (or one without its state) is
/// migrated.
fn way(dir: &Path, m: &Manifest) -> Way {
    let whole_sweep = m.ceiling.is_none()
        && m.design.is_none()
        && m.calibration.is_none()
        && m.shard.is_none()
        && !m.partial
        && matches!(
            m.command.get(1).map(String::as_str),
            Some("sweep" | "ablate" | "run" | "merge")
        );
    if whole_sweep && dir.join("state.json").is_file() {
        Way::Rewrite
    } else {
        Way::Migrate
    }
}

fn manifest(dir: &Path) -> Result<Manifest, Failure> {
    let path = dir.join("manifest.json");
    let text = std::fs::read_to_string(&path).map_err(|e| {
        Failure::Input(anyhow!(
            "{}: {e}: not a report folder robsim wrote (allowed: folders holding manifest.json)",
            path.display()
        ))
    })?;
    serde_json::from_str(&text)
        .map_err(|e| Failure::Input(anyhow!("{}: not a robsim manifest: {e}", path.display())))
}

/// `robsim upgrade DIR...`: each folder behind today's schema (or every sweep folder with
/// `force`) upgraded in place; with `check`, only said.
pub(crate) fn upgrade(
    dirs: &[PathBuf],
    check: bool,
    force: bool,
    args: &[String],
) -> Result<(), Failure> {
    // Every folder read before any is written: a bad one among many leaves all untouched.
    let mut plan = Vec::new();
    for d in dirs {
        let m = manifest(d)?;
        upgrade::steps_from(m.schema)
            .map_err(|e| Failure::Input(anyhow!("{}: {e}", d.display())))?;
        let w = way(d, &m);
        plan.push((d, m, w));
    }
    let mut behind = 0;
    let mut failed = 0;
    for (d, m, w) in &plan {
        let due = m.schema < SCHEMA || force;
        let how = match w {
            Way::Rewrite => "write again from state.json",
            Way::Migrate => "migrate its tables",
        };
        if !due {
            println!("{}: at schema {SCHEMA}, nothing to do", d.display());
            continue;
        }
        behind += 1;
        if check {
            println!(
                "{}: schema {} of {SCHEMA}: would {how}",
                d.display(),
                m.schema
            );
            continue;
        }
        let t0 = std::time::Instant::now();
        let what = match w {
            Way::Rewrite => rewrite(d, m, args),
            Way::Migrate => upgrade::migrate_folder(d, m)
                .map(|o| format!("{} tables migrated, {} keys renamed", o.tables, o.keys))
                .map_err(|e| Failure::Run(anyhow!("{}: {e:#}", d.display()))),
        };
        // One folder that cannot be upgraded does not stop the others; each is named.
        let what = match what {
            Ok(w) => w,
            Err(Failure::Input(e) | Failure::Run(e)) => {
                eprintln!("robsim: error: {e:#}");
                failed += 1;
                continue;
            }
            Err(Failure::Interrupted) => return Err(Failure::Interrupted),
        };
        println!(
            "{}: schema {} -> {SCHEMA}: {what} ({:.1} s)",
            d.display(),
            m.schema,
            t0.elapsed().as_secs_f64()
        );
    }
    if failed > 0 {
        return Err(Failure::Run(anyhow!(
            "{failed} of {} folders could not be upgraded (above): play them again by their command.txt",
            plan.len()
        )));
    }
    if check && behind > 0 {
        return Err(Failure::Run(anyhow!(
            "{behind} of {} folders behind schema {SCHEMA}: run robsim upgrade on them",
            plan.len()
        )));
    }
    Ok(())
}

/// Writes `dir`'s tables again from its saved statistics, in place, under its own provenance;
/// a `games.csv` it holds (which the statistics do not) is migrated and kept.
fn rewrite(dir: &Path, old: &Manifest, args: &[String]) -> Result<String, Failure> {
    robsim::report::package::check_folder(dir).map_err(Failure::Input)?;
    let (shards, sweep) = robsim::games::load_shards(&[dir.to_path_buf()]).map_err(|e| {
        Failure::Run(anyhow!(
            "{}: cannot be upgraded: {e:#}; play it again by its command.txt",
            dir.display()
        ))
    })?;
    robsim::games::check(&sweep).map_err(Failure::Input)?;
    let games = dir.join("games.csv");
    let kept_games = match std::fs::read(&games) {
        Ok(bytes) => {
            let steps = upgrade::steps_from(old.schema).map_err(Failure::Input)?;
            let mut renamed = Default::default();
            Some(
                upgrade::migrate_csv(
                    "games.csv",
                    &bytes,
                    &steps,
                    &mut renamed,
                    &upgrade::folder_run(dir, old),
                )
                .map_err(Failure::Run)?,
            )
        }
        Err(_) => None,
    };
    robsim::report::ReportDir::create(dir).map_err(Failure::Input)?;
    robsim::games::write_merged(&shards, &sweep, dir, args, Some(old)).map_err(|e| {
        Failure::Run(anyhow!(
            "{}: its saved statistics do not fit today's tables ({e:#}): not an upgrade; play it again by its command.txt",
            dir.display()
        ))
    })?;
    if let Some(bytes) = kept_games {
        robsim::report::write_atomic(&games, &bytes).map_err(Failure::Run)?;
        let list = dir.join(FILES);
        let mut text = std::fs::read_to_string(&list).unwrap_or_default();
        if !text.lines().any(|l| l == "games.csv") {
            text.push_str("games.csv\n");
            robsim::report::write_atomic(&list, text.as_bytes()).map_err(Failure::Run)?;
        }
    }
    Ok(format!(
        "{} rows written again from state.json",
        shards.folders[0].state.as_ref().map_or(0, |s| s.rows.len())
    ))
}
