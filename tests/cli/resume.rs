//! `robsim learn --resume` and `--shard`: a run stopped part-way, or labelled in slices, goes on from its saved labels to the same model bytes.

use super::learn::CFG;
use crate::support::cli::{read, robsim, tmp};
use std::path::Path;

/// `robsim learn CONFIG -q -j 2 -o OUT EXTRA...`, run.
fn run_learn(config: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    robsim()
        .arg("learn")
        .arg(config)
        .args(["-q", "-j", "2", "-o"])
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

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
    let learn = |out: &Path, extra: &[&str]| run_learn(&cfg, out, extra);
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
    // More rounds, or a comment, are the same labels: a run may go on past the rounds it
    // planned (round 1's labels are kept, not played again).
    let more = d.join("more.toml");
    std::fs::write(
        &more,
        format!(
            "# one more round\n{}",
            CFG.replace("rounds = 2", "rounds = 3")
        ),
    )
    .unwrap();
    let c = b.join("c");
    std::fs::create_dir_all(&c).unwrap();
    std::fs::write(c.join("resume-labels.txt"), &half).unwrap();
    std::fs::write(c.join("resume-config.toml"), read(&a, "resume-config.toml")).unwrap();
    let o = run_learn(&more, &c, &["--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let kept: Vec<&str> = half.lines().collect();
    let now = read(&c, "resume-labels.txt");
    assert!(kept.iter().all(|l| now.lines().any(|m| m == *l)));
    // Another way to fit (a ridge, an update rule): round 1's labels are kept, the later
    // rounds' labelled again; the run is the one-shot run of that config.
    let refit = d.join("refit.toml");
    std::fs::write(
        &refit,
        CFG.replace("[learn]\n", "[learn]\nridge = 0.5\nupdate = \"sure\"\n"),
    )
    .unwrap();
    let (e1, e2) = (b.join("e1"), b.join("e2"));
    std::fs::create_dir_all(&e1).unwrap();
    for f in ["resume-labels.txt", "resume-config.toml"] {
        std::fs::write(e1.join(f), read(&a, f)).unwrap();
    }
    let o = run_learn(&refit, &e1, &["--resume"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{e}");
    assert!(e.contains("round 1's labels are kept"), "{e}");
    let o = run_learn(&refit, &e2, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["rounds.csv", "fit.csv", "resume-labels.txt"] {
        assert_eq!(read(&e1, f), read(&e2, f), "{f}");
    }
    let round1 = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("1,"))
            .map(String::from)
            .collect()
    };
    assert_eq!(round1(&read(&e2, "resume-labels.txt")), round1(&labels));
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

/// Shards label disjoint slices of a round's games into one folder, each its own file; the run
/// with --resume fits on all of them and writes the model of a run never sharded. A shard of
/// another config in that folder is refused naming the flag.
#[test]
fn shards_then_resume_write_the_one_shot_model() {
    let d = tmp("learn-shard");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("tiny.toml");
    let one_round = CFG.replace("rounds = 2", "rounds = 1");
    std::fs::write(&cfg, &one_round).unwrap();
    let (a, s) = (d.join("a"), d.join("s"));
    let learn = |out: &Path, extra: &[&str]| run_learn(&cfg, out, extra);
    let o = learn(&a, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for i in ["1/2", "0/2"] {
        let o = learn(&s, &["--shard", i]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(
            out.contains(&format!("shard {i}: round 1's games")),
            "{out}"
        );
    }
    // Neither shard wrote a model: the first waited for the second's labels, and the second,
    // finding them, went on to fit (a shard holding every label is the whole run).
    let (s0, s1) = (
        read(&s, "resume-labels-shard-0-of-2.txt"),
        read(&s, "resume-labels-shard-1-of-2.txt"),
    );
    let body = |t: &str| t.lines().skip(1).map(str::to_string).collect::<Vec<_>>();
    let mut both = [body(&s0), body(&s1)].concat();
    both.sort();
    let mut all = body(&read(&a, "resume-labels.txt"));
    all.sort();
    assert_eq!(
        both, all,
        "the shards' labels are the one-shot run's, once each"
    );
    assert!(!body(&s0).is_empty() && !body(&s1).is_empty());
    let o = learn(&s, &["--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in ["round-1.toml", "fit.csv", "rounds.csv"] {
        assert_eq!(read(&s, f), read(&a, f), "{f}");
    }
    // Another config's shard in that folder: refused, nothing written.
    std::fs::write(&cfg, one_round.replace("seed = 7", "seed = 8")).unwrap();
    let o = learn(&s, &["--shard", "0/2"]);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("--shard") && e.contains("another run"), "{e}");
    assert_eq!(read(&s, "resume-labels-shard-0-of-2.txt"), s0);
    let _ = std::fs::remove_dir_all(&d);
}
