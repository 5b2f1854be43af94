//! `robsim bench --jobs`: how whole commands (sweep, luck, learn) scale from 1 thread to all.
//!
//! Each job is this binary run as a child process on a small version of a shipped config, so
//! the figure includes everything a user waits for (binding the rows, the merge, the report
//! files), not only the games. The report folders of 1 thread and all threads must be
//! byte-identical except for the files that name the run itself (the command, the manifest and
//! the page, with its thread count and seconds); otherwise the bench fails.

use crate::Failure;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// A job: its name, the subcommand and the arguments before `-j`/`-o` (the config first).
struct Job {
    name: &'static str,
    args: &'static [&'static str],
}

/// Small versions of the three jobs that issue 36 asks to scale: the main sweep (2,000 games
/// per row, 32,000 games), the luck report (4 rungs on 40 boards x 25 games per row) and the
/// expert iteration (one round of 16 labelled games and 200 held-out games per row).
const JOBS: [Job; 3] = [
    Job {
        name: "sweep robert-difficulty",
        args: &["sweep", "configs/robert-difficulty.toml", "-g", "2000"],
    },
    Job {
        name: "luck robert-luck",
        args: &[
            "luck",
            "configs/robert-luck.toml",
            "--boards",
            "40",
            "-g",
            "25",
        ],
    },
    Job {
        name: "learn robert-learn",
        args: &[
            "learn",
            "configs/training/robert-learn.toml",
            "--rounds",
            "1",
            "--train-games",
            "16",
            "--test-games",
            "200",
        ],
    },
];

/// Files of a report folder that name the run (threads, times, the command) and may differ; the
/// page shows the same tables as the CSV files, which must not.
const RUN_FILES: [&str; 4] = [
    "command.txt",
    "manifest.json",
    "provenance.txt",
    "report.html",
];

/// One line of the jobs table.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct JobLine {
    pub job: &'static str,
    pub threads: usize,
    pub seconds_median: f64,
    /// 1-thread seconds over all-threads seconds, measured in the same run.
    pub scaling: Option<f64>,
}

/// Runs `job` once with `threads` threads into `out`; its wall time.
fn once(exe: &Path, job: &Job, threads: usize, out: &Path) -> Result<f64, Failure> {
    let t0 = Instant::now();
    let status = Command::new(exe)
        .args(job.args)
        .args(["-j", &threads.to_string(), "-q", "--force", "-o"])
        .arg(out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .map_err(|e| Failure::Run(anyhow::anyhow!("starting {}: {e}", job.name)))?;
    let secs = t0.elapsed().as_secs_f64();
    if !status.status.success() {
        return Err(Failure::Run(anyhow::anyhow!(
            "{} failed ({}); the jobs read configs/ from the current folder (run from the \
             robsim checkout):\n{}",
            job.name,
            status.status,
            String::from_utf8_lossy(&status.stderr)
        )));
    }
    Ok(secs)
}

/// A report folder's files (name, bytes), sorted by name.
type Files = Vec<(String, Vec<u8>)>;

/// The report files of `dir` that do not name the run, by name.
fn outputs(dir: &Path) -> Result<Files, Failure> {
    let mut files = Vec::new();
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Failure::Run(anyhow::anyhow!("reading {}: {e}", dir.display())))?;
    for e in entries {
        let e = e.map_err(|e| Failure::Run(e.into()))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if e.path().is_file() && !RUN_FILES.contains(&name.as_str()) {
            let bytes = std::fs::read(e.path()).map_err(|e| Failure::Run(e.into()))?;
            files.push((name, bytes));
        }
    }
    files.sort();
    Ok(files)
}

/// The median of `repeats` runs of `job` at `threads` threads, and its outputs.
fn measure(
    exe: &Path,
    job: &Job,
    threads: usize,
    repeats: usize,
    out: &Path,
) -> Result<(f64, Files), Failure> {
    let mut secs = Vec::with_capacity(repeats);
    for _ in 0..repeats {
        secs.push(once(exe, job, threads, out)?);
    }
    secs.sort_by(f64::total_cmp);
    Ok((secs[secs.len() / 2], outputs(out)?))
}

/// Measures every job (whose name contains `only`) at 1 thread and at `all` threads.
pub(crate) fn run_jobs(
    repeats: usize,
    all: usize,
    only: Option<&str>,
) -> Result<Vec<JobLine>, Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure::Run(e.into()))?;
    let scratch: PathBuf =
        std::env::temp_dir().join(format!("robsim-bench-jobs-{}", std::process::id()));
    let mut lines = Vec::new();
    let result = (|| {
        for job in JOBS
            .iter()
            .filter(|j| only.is_none_or(|o| j.name.contains(o)))
        {
            let (one, all_dir) = (scratch.join("one"), scratch.join("all"));
            let (s1, o1) = measure(&exe, job, 1, repeats, &one)?;
            let (sn, on) = measure(&exe, job, all, repeats, &all_dir)?;
            if o1 != on {
                let differ: Vec<&str> = o1
                    .iter()
                    .zip(&on)
                    .filter(|(a, b)| a != b)
                    .map(|(a, _)| a.0.as_str())
                    .collect();
                return Err(Failure::Run(anyhow::anyhow!(
                    "{}: the report differs between 1 and {all} threads ({differ:?})",
                    job.name
                )));
            }
            lines.push(JobLine {
                job: job.name,
                threads: 1,
                seconds_median: (s1 * 1e3).round() / 1e3,
                scaling: None,
            });
            lines.push(JobLine {
                job: job.name,
                threads: all,
                seconds_median: (sn * 1e3).round() / 1e3,
                scaling: Some((s1 / sn * 100.0).round() / 100.0),
            });
        }
        Ok(())
    })();
    // The scratch folders are the bench's own; nothing of the user's is in them.
    let _ = std::fs::remove_dir_all(&scratch);
    result.map(|()| lines)
}
