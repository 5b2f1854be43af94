//! The figures the README quotes equal the committed sample reports: its main table against `reports/robert-difficulty/summary.csv` (team and learned rows) and `reports/robert-skill/summary.csv`.

use crate::support::cli::csv_rows as rows;
use std::collections::HashMap;

fn repo(path: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A win rate and its 95% interval as the README writes them: `71.0% (70.1–71.9)`.
fn rate(r: &HashMap<String, String>) -> String {
    let f = |c: &str| r[c].parse::<f64>().unwrap() * 100.0;
    format!(
        "{:.1}% ({:.1}–{:.1})",
        f("win_rate"),
        f("win_rate_lo95"),
        f("win_rate_hi95")
    )
}

#[test]
fn the_readme_main_table_equals_the_committed_reports() {
    let readme = repo("README.md");
    let difficulty = rows(&repo("reports/robert-difficulty/summary.csv"));
    let skill = rows(&repo("reports/robert-skill/summary.csv"));
    let table: Vec<Vec<String>> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| players | difficulty |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert_eq!(
        table.len(),
        difficulty.iter().filter(|r| r["policy"] == "team").count(),
        "one README line per team row of the report"
    );
    for line in &table {
        let (players, level) = (&line[0], line[1].split(' ').next().unwrap());
        let find = |rows: &[HashMap<String, String>], policy: &str| {
            rows.iter()
                .find(|r| {
                    &r["players"] == players && r["difficulty"] == level && r["policy"] == policy
                })
                .cloned()
                .unwrap_or_else(|| panic!("no {players} players {level} {policy} row"))
        };
        let r = find(&difficulty, "team");
        assert_eq!(line[2], rate(&r), "README {line:?}: team win rate");
        let turns = format!(
            "{} ({}–{})",
            r["turns_median"], r["turns_p10"], r["turns_p90"]
        );
        assert_eq!(line[3], turns, "README {line:?}: turns");
        assert_eq!(
            line[4],
            rate(&find(&difficulty, "learned")),
            "README {line:?}: learned"
        );
        assert_eq!(
            line[5],
            rate(&find(&skill, "rollout-16")),
            "README {line:?}: rollout-16"
        );
    }
}
