//! `robsim ablate`: the moved rows are the rows a plain sweep plays, on the same games as the base row.

use crate::support::cli::{read, robsim, run_ok, tmp};

const BASE: &str = "seed = 7\ngames = 40\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"hard\"\npolicy = \"team\"\n";

/// summary.csv rows without the `row` column, by row.
fn summary_rows(dir: &std::path::Path) -> Vec<Vec<String>> {
    let text = read(dir, "summary.csv");
    let mut r = csv::Reader::from_reader(text.as_bytes());
    r.records()
        .map(|x| x.unwrap().iter().skip(1).map(str::to_string).collect())
        .collect()
}

#[test]
fn ablation_rows_pair_with_the_base_on_the_same_games() {
    let d = tmp("ablate");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("a.toml");
    std::fs::write(
        &cfg,
        format!("name = \"a\"\n{BASE}[ablate]\nknobs = [\"soldier_flips\"]\n[ablate.values]\nsoldier_flips = [3]\n"),
    )
    .unwrap();
    let out = d.join("out");
    run_ok(&[
        "ablate",
        cfg.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    let abl = summary_rows(&out);
    assert_eq!(abl.len(), 2);
    // Each row is what a plain sweep of that row plays: the same seed and game indices.
    for (k, extra) in [(0, ""), (1, "soldier_flips = 3\n")] {
        let cfg = d.join(format!("p{k}.toml"));
        std::fs::write(&cfg, format!("name = \"a\"\n{BASE}{extra}")).unwrap();
        let o = d.join(format!("p{k}"));
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "--out",
            o.to_str().unwrap(),
            "-q",
        ]);
        assert_eq!(summary_rows(&o)[0], abl[k], "row {k}");
    }
    // ablation.csv pairs row 1 with row 0 over all 40 games; its chart is in the page.
    let text = read(&out, "ablation.csv");
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    let rec = r.records().next().unwrap().unwrap();
    let get = |name: &str| rec[h.iter().position(|x| x == name).unwrap()].to_string();
    assert_eq!(
        (
            get("knob"),
            get("value_base"),
            get("value"),
            get("row"),
            get("games")
        ),
        (
            "soldier_flips".into(),
            "2".into(),
            "3".into(),
            "1".into(),
            "40".into()
        )
    );
    let compare = read(&out, "compare.csv");
    assert!(compare
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("0,1,soldier_flips,2,3,40,"));
    assert!(read(&out, "ablation.svg").contains("soldier_flips 2 → 3"));
    assert!(read(&out, "report.html").contains("id=\"fig-ablation\""));
}

#[test]
fn ablate_without_an_ablate_table_exits_2() {
    let d = tmp("ablate-none");
    std::fs::create_dir_all(&d).unwrap();
    let cfg = d.join("a.toml");
    std::fs::write(&cfg, format!("name = \"a\"\n{BASE}")).unwrap();
    let out = robsim()
        .args(["ablate", cfg.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("no [ablate] table; allowed:"), "{e}");
}
