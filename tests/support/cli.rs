//! Shared helpers for the tests that run the `robsim` binary: the command, scratch folders, reads.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `robsim` binary built for this test run.
pub fn robsim() -> Command {
    Command::new(env!("CARGO_BIN_EXE_robsim"))
}

/// A fresh scratch folder (removed if it exists) unique to this test process and `name`.
pub fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("robsim-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs robsim with `args`, asserts success and returns its standard output.
pub fn run_ok(args: &[&str]) -> String {
    let out = robsim().args(args).output().expect("robsim runs");
    assert!(
        out.status.success(),
        "robsim {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The text of `dir/f`, or a panic naming the file.
pub fn read(dir: &Path, f: &str) -> String {
    std::fs::read_to_string(dir.join(f))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.join(f).display()))
}

/// `csv` without its first column where that is `run` (the run id, which tells apart runs of
/// configs that mean different things and builds): for comparing the tables of two runs.
pub fn without_run(csv: &str) -> String {
    if !csv.starts_with("run,") {
        return csv.to_string();
    }
    csv.lines()
        .map(|l| l.split_once(',').map_or(l, |(_, rest)| rest))
        .fold(String::new(), |mut s, l| {
            s.push_str(l);
            s.push('\n');
            s
        })
}

/// Chromium, if present (required when CI=true): `$ROBSIM_CHROMIUM`, else `chromium` or
/// `chromium-browser` on the PATH.
pub fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ROBSIM_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The DOM of `url` after its scripts ran, from headless Chromium `chrome` with a throwaway
/// profile under `scratch`.
pub fn dump_dom(chrome: &Path, url: &str, scratch: &Path) -> String {
    let out = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.join("chromium-profile").display()
        ))
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Headless Chromium `chrome` run on `url` with `what` (`--print-to-pdf=FILE`,
/// `--screenshot=FILE`, ...) and a throwaway profile under `scratch`; panics if it fails.
pub fn chromium_to(chrome: &Path, url: &str, what: &[String], scratch: &Path) {
    let out = Command::new(chrome)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
        ])
        .arg(format!(
            "--user-data-dir={}",
            scratch.join("chromium-profile").display()
        ))
        .args(what)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Each row of a CSV table (a summary.csv) as column -> cell.
pub fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|rec| {
            h.iter()
                .cloned()
                .zip(rec.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// Every file under `dir`, at any depth, whose path `keep` accepts, sorted.
pub fn files_under(
    dir: &std::path::Path,
    keep: &dyn Fn(&std::path::Path) -> bool,
) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(files_under(&p, keep));
        } else if keep(&p) {
            out.push(p);
        }
    }
    out.sort();
    out
}
