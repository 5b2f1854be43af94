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
