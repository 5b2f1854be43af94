//! `robsim replay` and `trace --html`: the replay page of every variant, rendered in headless Chromium at a step given in the address, draws what the trace's snapshot holds.

use crate::support::cli::{chromium, dump_dom, read, robsim, run_ok, tmp};
use serde_json::Value;

/// The value of attribute `name` of the `<svg id="board" ...>` element in `dom`.
fn board_attr(dom: &str, name: &str) -> Option<u64> {
    let start = dom.find("<svg id=\"board\"")?;
    let tag = &dom[start..start + dom[start..].find('>')?];
    let key = format!("{name}=\"");
    let at = tag.find(&key)? + key.len();
    tag[at..at + tag[at..].find('"')?].parse().ok()
}

/// Snapshot `k` of a trace and the tiles placed before it (Carcassonne).
fn snapshot(lines: &[Value], k: usize) -> (Value, u64) {
    let mut n = 0;
    let mut tiles = 0;
    for l in lines {
        match l["type"].as_str() {
            Some("snapshot") => {
                if n == k {
                    return (l.clone(), tiles);
                }
                n += 1;
            }
            Some("start" | "placed") => tiles += 1,
            _ => {}
        }
    }
    panic!("no snapshot {k}");
}

fn len(v: &Value) -> u64 {
    v.as_array().map_or(0, |a| a.len() as u64)
}

/// What the board must show at a snapshot, as (attribute, count).
fn expected(s: &Value, tiles: u64, variant: &str) -> Vec<(&'static str, u64)> {
    if variant == "carcassonne" {
        let robbers = s["robbers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r.is_null())
            .count();
        return vec![
            ("data-tiles", tiles),
            ("data-followers", len(&s["followers"])),
            ("data-sb-robbers", robbers as u64),
        ];
    }
    let seats = s["seats"].as_array().unwrap();
    let sum = |k: &str| seats.iter().map(|x| len(&x[k])).sum::<u64>();
    let mut v = vec![
        ("data-face-down", len(&s["face_down"])),
        ("data-settlements", sum("settlements")),
        ("data-cities", sum("cities")),
        ("data-roads", sum("roads")),
        ("data-destroyed", len(&s["destroyed"])),
        ("data-robber", u64::from(variant != "raiders")),
    ];
    if variant == "raiders" {
        v.push(("data-ships", sum("ships")));
        v.push(("data-raided", len(&s["raiders"]["raided"])));
    }
    v
}

#[test]
fn replay_pages_draw_each_variants_snapshot() {
    let d = tmp("replay");
    std::fs::create_dir_all(&d).unwrap();
    let chrome = chromium();
    if chrome.is_none() && std::env::var("CI").as_deref() == Ok("true") {
        panic!("Chromium is required in CI (apt-get install chromium; .ci/run does it)");
    }
    let variants: [(&str, &[&str]); 7] = [
        (
            "robert",
            &["--variant", "robert", "--difficulty", "moderate"],
        ),
        ("base", &["--variant", "base", "--policy", "greedy"]),
        (
            "solitaire",
            &["--variant", "solitaire", "--modifiers", "volcano+gold"],
        ),
        ("raiders", &["--variant", "raiders", "--players", "4"]),
        (
            "carcassonne",
            &["--variant", "carcassonne", "--players", "3"],
        ),
        (
            "robbers-off",
            &["--variant", "carcassonne", "--robbers", "false"],
        ),
        (
            "two-robbers",
            &[
                "--variant",
                "carcassonne",
                "--players",
                "4",
                "--robbers-per-player",
                "2",
            ],
        ),
    ];
    for (name, flags) in variants {
        let trace = d.join(format!("{name}.jsonl"));
        let mut args = vec!["trace", "--seed", "5", "--out", trace.to_str().unwrap()];
        args.extend_from_slice(flags);
        run_ok(&args);
        let html = d.join(format!("{name}.html"));
        run_ok(&[
            "replay",
            trace.to_str().unwrap(),
            "--out",
            html.to_str().unwrap(),
        ]);
        // `trace --html` writes the same page from the same game.
        let direct = d.join(format!("{name}-direct.html"));
        let mut args = vec![
            "trace",
            "--seed",
            "5",
            "--html",
            "--out",
            direct.to_str().unwrap(),
        ];
        args.extend_from_slice(flags);
        run_ok(&args);
        let page = read(&d, &format!("{name}.html"));
        assert!(page.contains("<svg id=\"board\""));
        assert!(
            !page.contains("src=\"http") && !page.contains("href=\"http"),
            "no network"
        );
        assert!(read(&d, &format!("{name}-direct.html")).contains("id=\"trace\""));
        let Some(chrome) = &chrome else {
            eprintln!("NOTICE: chromium not found; the replay pages were not rendered");
            continue;
        };
        let lines: Vec<Value> = read(&d, &format!("{name}.jsonl"))
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let variant = lines[0]["variant"].as_str().unwrap().to_string();
        let n_snaps = lines.iter().filter(|l| l["type"] == "snapshot").count();
        // A step in the middle and the last one.
        let mut shown = Vec::new();
        for k in [n_snaps / 2, n_snaps - 1] {
            let url = format!("file://{}#step={k}", html.display());
            let dom = dump_dom(chrome, &url, &d);
            assert_eq!(
                board_attr(&dom, "data-step"),
                Some(k as u64),
                "{name}: step {k} shown"
            );
            let (s, tiles) = snapshot(&lines, k);
            for (attr, want) in expected(&s, tiles, &variant) {
                assert_eq!(
                    board_attr(&dom, attr),
                    Some(want),
                    "{name} step {k}: {attr}"
                );
            }
            shown.push(s);
        }
        // The checks saw what they check: pieces on the board, face-down tokens in Robert.
        let pieces = |k: &str| {
            shown
                .iter()
                .any(|s| expected(s, 1, &variant).iter().any(|e| e.0 == k && e.1 > 0))
        };
        if variant == "robert" {
            assert!(
                pieces("data-face-down"),
                "{name}: a face-down token was checked"
            );
        }
        if variant == "carcassonne" {
            assert!(pieces("data-followers"), "{name}: followers were checked");
        } else {
            assert!(
                pieces("data-settlements") && pieces("data-roads"),
                "{name}: pieces were checked"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn replay_refuses_what_is_not_a_trace() {
    let d = tmp("replay-bad");
    std::fs::create_dir_all(&d).unwrap();
    let f = d.join("x.jsonl");
    std::fs::write(
        &f,
        "{\"type\":\"header\",\"variant\":\"robert\"}\nnot json\n",
    )
    .unwrap();
    let out = robsim()
        .args(["replay", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("x.jsonl:2: not a JSON line"));
    assert!(!d.join("x.html").exists(), "nothing written");
}
