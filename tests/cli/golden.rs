//! Catan's golden reports: small seeded runs and sweeps compared byte for byte with
//! `tests/golden/`, and identical for any thread count.

use crate::support::cli::{read, run_ok, tmp, without_run};
use std::path::Path;

/// Compares with `tests/golden/<name>`; `ROBSIM_BLESS=1` rewrites the golden file instead.
/// The `run` column (the run id, which names the build) is checked to be one id on every line
/// and left out of the comparison: the golden files hold the tables as any commit writes them.
fn golden(name: &str, got: &str) {
    one_run(got);
    let got = without_run(got);
    let got = got.as_str();
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("ROBSIM_BLESS").is_some() {
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with ROBSIM_BLESS=1 to create it)",
            path.display()
        )
    });
    assert_eq!(got, want, "{name} differs from its golden file");
}

/// Checks that `csv`'s `run` column, where it has one, holds one 12-digit hex id on every line.
fn one_run(csv: &str) {
    if !csv.starts_with("run,") {
        return;
    }
    let ids: std::collections::BTreeSet<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.split_once(',').expect("a column after run").0)
        .collect();
    assert_eq!(ids.len(), 1, "one run id on every line: {ids:?}");
    let id = ids.into_iter().next().unwrap();
    assert!(
        id.len() == 12 && id.chars().all(|c| c.is_ascii_hexdigit()),
        "{id}"
    );
}

const ROBERT_TABLES: [&str; 5] = [
    "summary.csv",
    "seats.csv",
    "flips_by_hex.csv",
    "flip_curve.csv",
    "compare.csv",
];

#[test]
fn golden_base_run() {
    let d = tmp("golden-base");
    for policy in ["random", "greedy"] {
        run_ok(&[
            "run",
            "--variant",
            "base",
            "--players",
            "4",
            "--policy",
            policy,
            "--games",
            "300",
            "--seed",
            "42",
            "--quiet",
            "--out",
            d.join(policy).to_str().unwrap(),
        ]);
        let d = d.join(policy);
        golden(
            &format!("base-{policy}-summary.csv"),
            &read(&d, "summary.csv"),
        );
        golden(&format!("base-{policy}-seats.csv"), &read(&d, "seats.csv"));
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn golden_robert_sweep_and_thread_determinism() {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/robert-small.toml");
    let one = tmp("robert-1");
    let two = tmp("robert-2");
    let eight = tmp("robert-8");
    for (d, t) in [(&one, "1"), (&two, "2"), (&eight, "8")] {
        run_ok(&[
            "sweep",
            config.to_str().unwrap(),
            "--threads",
            t,
            "--quiet",
            "--out",
            d.to_str().unwrap(),
        ]);
    }
    for f in ROBERT_TABLES {
        let a = read(&one, f);
        assert_eq!(a, read(&two, f), "{f}: 1 vs 2 threads");
        assert_eq!(a, read(&eight, f), "{f}: 1 vs 8 threads");
        golden(&format!("robert-small-{f}"), &a);
    }
    let manifest: serde_json::Value = serde_json::from_str(&read(&one, "manifest.json")).unwrap();
    assert_eq!(manifest["seed"], 7);
    assert_eq!(manifest["robsim_version"], env!("CARGO_PKG_VERSION"));
    assert!(read(&one, "command.txt").contains("sweep"));
    assert_eq!(
        read(&one, "config.toml"),
        std::fs::read_to_string(&config).unwrap()
    );
    for d in [one, two, eight] {
        let _ = std::fs::remove_dir_all(d);
    }
}

const RAIDERS_TABLES: [&str; 5] = [
    "summary.csv",
    "seats.csv",
    "raiders_curve.csv",
    "raids_by_hex.csv",
    "compare.csv",
];

#[test]
fn golden_raiders_sweep_and_thread_determinism() {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/raiders-small.toml");
    let one = tmp("raiders-1");
    let two = tmp("raiders-2");
    for (d, t) in [(&one, "1"), (&two, "2")] {
        run_ok(&[
            "sweep",
            config.to_str().unwrap(),
            "--threads",
            t,
            "--quiet",
            "--out",
            d.to_str().unwrap(),
        ]);
    }
    for f in RAIDERS_TABLES {
        let a = read(&one, f);
        assert_eq!(a, read(&two, f), "{f} differs between 1 and 2 threads");
        golden(&format!("raiders-small-{f}"), &a);
    }
    // The report names each row's map: the scenario's board for its player count.
    let summary = read(&one, "summary.csv");
    assert!(summary.contains(",raiders-3-4,") && summary.contains(",raiders-5-6,"),);
    for d in [&one, &two] {
        let _ = std::fs::remove_dir_all(d);
    }
}
