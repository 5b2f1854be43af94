//! `robsim learn --resume`: a run stopped part-way goes on from its saved labels to the same model bytes.

use super::learn::CFG;
use crate::support::cli::{read, robsim, tmp};
use std::path::Path;

/// A run stopped part-way goes on from the labels it saved (`--resume`): the same model bytes as
/// a run never stopped, without playing their rollouts again; a folder without them, or with
/// another run's, is refused naming the flag.
#[test]
fn a_resumed_run_writes_the_same_model_bytes() {
    let d = tmp("learn-resume");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("tiny.toml");
    std::fs::write(&cfg, CFG).unwrap();
    let (a, b) = (d.join("a"), d.join("b"));
    let learn = |out: &Path, extra: &[&str]| {
        robsim()
            .args(["learn", cfg.to_str().unwrap(), "-q", "-j", "2", "-o"])
            .arg(out)
            .args(extra)
            .output()
            .unwrap()
    };
    let o = learn(&a, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let labels = read(&a, "resume-labels.txt");
    let lines: Vec<&str> = labels.lines().collect();
    assert!(lines.len() > 20, "{} labelled decisions", lines.len() - 1);
    // B holds the first half of A's labels, as an interrupted run leaves them.
    std::fs::create_dir_all(&b).unwrap();
    let half = lines[..lines.len() / 2].join("\n") + "\n";
    std::fs::write(b.join("resume-labels.txt"), &half).unwrap();
    std::fs::write(b.join("resume-config.toml"), read(&a, "resume-config.toml")).unwrap();
    let o = learn(&b, &["--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(read(&b, "model.toml"), read(&a, "model.toml"));
    assert_eq!(read(&b, "resume-labels.txt"), labels);
    assert_eq!(read(&b, "rounds.csv"), read(&a, "rounds.csv"));
    // Other flags are another run; no labels, nothing to resume.
    let o = learn(&b, &["--resume", "--train-games", "5"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("--resume") && e.contains("another run"), "{e}");
    let o = learn(&d.join("none"), &["--resume"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("nothing to resume"), "{e}");
    let _ = std::fs::remove_dir_all(&d);
}
