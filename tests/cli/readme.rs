//! The figures the README quotes equal the committed sample reports: its main table against `reports/robert-difficulty/summary.csv` (team and learned rows), `reports/robert-best-play/summary.csv` with its cost (`reports/robert-best-play-cost/ceiling.csv`) and the ceiling climb's converged or capped rows (the best play found).

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

/// The player of the README's "best play found" column (reports/robert-best-play).
const BEST: &str = "rollout-32:learned/setup";

/// The ceiling climb's cap and games per budget, from its config: `(max_budget, games)`.
fn ceiling_cap() -> (String, String) {
    let config: toml::Value =
        toml::from_str(&repo("configs/research/robert-ceiling-search.toml")).unwrap();
    let int = |v: &toml::Value| v.as_integer().unwrap().to_string();
    (int(&config["ceiling"]["max_budget"]), int(&config["games"]))
}

/// Whether a line of the climb's ceiling.csv is the cap with every game played: the climb of its
/// row ended there, converged or not.
fn at_cap(r: &HashMap<String, String>, (budget, games): &(String, String)) -> bool {
    &r["budget"] == budget && &r["games"] == games
}

/// A best-play cell as the README writes it from a line of a ceiling.csv: the value, its mark
/// (`†` converged, `‡` capped; none where no climb ran), and the budget and cost that found it:
/// `82.8% (81.0–84.3) † (512 futures, 15.2 core-s a game)`.
fn found(r: &HashMap<String, String>, mark: Option<char>) -> String {
    let budget: u32 = r["budget"].parse().unwrap();
    let futures = if budget >= 1000 {
        format!("{},{:03}", budget / 1000, budget % 1000)
    } else {
        budget.to_string()
    };
    let cost: f64 = r["core_seconds_per_game"].parse().unwrap();
    let mark = mark.map_or(String::new(), |m| format!(" {m}"));
    format!(
        "{}{mark} ({futures} futures, {cost:.1} core-s a game)",
        rate(r)
    )
}

#[test]
fn the_readme_main_table_equals_the_committed_reports() {
    let readme = repo("README.md");
    let difficulty = rows(&repo("reports/robert-difficulty/summary.csv"));
    let best = rows(&repo("reports/robert-best-play/summary.csv"));
    let ceiling = rows(&repo("reports/robert-ceiling-search/ceiling.csv"));
    let cost = rows(&repo("reports/robert-best-play-cost/ceiling.csv"));
    let cap = ceiling_cap();
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
        difficulty.iter().filter(|r| r["player"] == "team").count(),
        "one README line per team row of the report"
    );
    for line in &table {
        let (players, level) = (&line[0], line[1].split(' ').next().unwrap());
        let find = |rows: &[HashMap<String, String>], policy: &str| {
            rows.iter()
                .find(|r| {
                    &r["players"] == players && r["difficulty"] == level && r["player"] == policy
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
        // A row where the ceiling climb converged shows the climb's value, marked `†`, with its
        // budget and cost; a row whose climb played all its games at the cap without
        // converging, the same there, marked `‡`; every other row the best-play report's.
        let row = format!("robert {players}p {level}");
        let converged = ceiling
            .iter()
            .find(|r| r["row"] == row && r["converged"] == "true");
        let capped = ceiling.iter().find(|r| r["row"] == row && at_cap(r, &cap));
        match (converged, capped) {
            (Some(c), _) => assert_eq!(
                line[5],
                found(c, Some('†')),
                "README {line:?}: best play found, the ceiling converged"
            ),
            (None, Some(c)) => assert_eq!(
                line[5],
                found(c, Some('‡')),
                "README {line:?}: best play found, the ceiling at its cap"
            ),
            (None, None) => {
                // The best-play report's value, with the cost its one-budget ceiling run
                // measured on the same games (so the two runs' win rates agree).
                let c = cost
                    .iter()
                    .find(|r| r["row"] == row && r["player"] == BEST)
                    .unwrap_or_else(|| panic!("robert-best-play-cost has no {row} line"));
                assert_eq!(
                    rate(c),
                    rate(&find(&best, BEST)),
                    "{row}: the two runs' games"
                );
                assert_eq!(line[5], found(c, None), "README {line:?}: best play found");
            }
        }
    }
    // Every converged or capped row of the climb is one of the table's.
    for c in ceiling
        .iter()
        .filter(|r| r["converged"] == "true" || at_cap(r, &cap))
    {
        assert!(
            table.iter().any(
                |l| c["row"] == format!("robert {}p {}", l[0], l[1].split(' ').next().unwrap())
            ),
            "ceiling row {} ended but has no README line",
            c["row"]
        );
    }
}

/// The prose of the README's main-result section (its table and figure left out) as one line,
/// with code spans and link targets blanked: the figures a person reads.
fn main_result_prose(readme: &str) -> String {
    let section: String = readme
        .split("\n## ")
        .find(|s| s.starts_with("The main result"))
        .expect("README has a \"## The main result\" section")
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with('|') && !l.starts_with("!["))
        .collect::<Vec<_>>()
        .join(" ");
    let mut out = String::new();
    let mut chars = section.chars().peekable();
    let mut code = false;
    while let Some(c) = chars.next() {
        if c == '`' {
            code = !code;
            out.push(' ');
        } else if code {
            out.push(' ');
        } else if c == ']' && chars.peek() == Some(&'(') {
            // A link target: `](docs/results.md#...)`.
            out.push(']');
            for d in chars.by_ref() {
                if d == ')' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The figures of a text: digit runs not inside a word (`x86_64` is a word), with thousands
/// commas (`10,000`), decimals (`8.5`) and dates (`2026-11-26`, kept as text); signs and
/// units dropped. Each with its byte offset.
fn figures(text: &str) -> Vec<(usize, String)> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        let mut j = i;
        while j < b.len()
            && (b[j].is_ascii_digit()
                || (b"-,.".contains(&b[j]) && j + 1 < b.len() && b[j + 1].is_ascii_digit()))
        {
            j += 1;
        }
        let inside_word = (start > 0 && word(b[start - 1])) || (j < b.len() && word(b[j]));
        if !inside_word {
            out.push((start, text[start..j].to_string()));
        }
        // Skip the rest of a word (`x86_64`).
        while j < b.len() && word(b[j]) {
            j += 1;
        }
        i = j;
    }
    out
}

/// The README's figures, each ticked off when a check reads it; every one must be.
struct Ledger {
    text: String,
    figures: Vec<(usize, String)>,
    read: Vec<bool>,
}

impl Ledger {
    fn new(text: String) -> Ledger {
        let figures = figures(&text);
        let read = vec![false; figures.len()];
        Ledger {
            text,
            figures,
            read,
        }
    }

    /// The `n` figures from where `anchor` starts (figures inside it included), ticked off.
    fn take(&mut self, anchor: &str, n: usize) -> Vec<String> {
        let at = self.text.find(anchor).unwrap_or_else(|| {
            panic!("README's main result no longer says {anchor:?}; check its figures in tests/cli/readme.rs")
        });
        let idx: Vec<usize> = (0..self.figures.len())
            .filter(|&k| self.figures[k].0 >= at)
            .take(n)
            .collect();
        assert_eq!(idx.len(), n, "{n} figures after {anchor:?}");
        idx.iter()
            .map(|&k| {
                self.read[k] = true;
                self.figures[k].1.clone()
            })
            .collect()
    }

    fn unread(&self) -> Vec<String> {
        self.figures
            .iter()
            .zip(&self.read)
            .filter(|(_, r)| !**r)
            .map(|((_, f), _)| f.clone())
            .collect()
    }
}

/// A figure as a number (`10,000` -> 10000).
fn number(s: &str) -> f64 {
    s.replace(',', "")
        .parse()
        .unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Whether a README figure with one decimal (`8.6`) is `x` (a share, ×100) rounded: within half
/// a unit of its last digit, so that 0.0855 may read 8.5 or 8.6.
fn is_points(figure: &str, x: f64) -> bool {
    (number(figure) - x * 100.0).abs() <= 0.05 + 1e-9
}

/// A CSV row read back (column -> cell).
type Row = HashMap<String, String>;

fn f(r: &Row, c: &str) -> f64 {
    r[c].parse()
        .unwrap_or_else(|e| panic!("column {c} = {:?}: {e}", r[c]))
}

fn json(path: &str) -> serde_json::Value {
    serde_json::from_str(&repo(path)).unwrap()
}

#[test]
fn every_figure_of_the_readme_main_result_prose_is_the_report_it_quotes() {
    let mut l = Ledger::new(main_result_prose(&repo("README.md")));
    let diff_summary = rows(&repo("reports/robert-difficulty/summary.csv"));
    let diff_compare = rows(&repo("reports/robert-difficulty/compare.csv"));
    let manifest = json("reports/robert-difficulty/manifest.json");
    let row = |rows: &[HashMap<String, String>], i: &str| -> HashMap<String, String> {
        rows.iter().find(|r| r["row"] == i).cloned().unwrap()
    };

    // The run: seed, games, date, cores, seconds.
    let run = l.take("(seed ", 2);
    assert_eq!(number(&run[0]), manifest["seed"].as_f64().unwrap(), "seed");
    assert_eq!(
        number(&run[1]),
        manifest["games_per_row"].as_f64().unwrap(),
        "games per row"
    );
    let when = l.take("a freshly shuffled board per game; ", 3);
    assert_eq!(
        when[0],
        manifest["started_utc"].as_str().unwrap()[..10],
        "date"
    );
    assert_eq!(
        number(&when[1]),
        manifest["host_cpus"].as_f64().unwrap(),
        "cores"
    );
    assert_eq!(
        number(&when[2]),
        manifest["elapsed_seconds"].as_f64().unwrap().round(),
        "seconds"
    );
    // The interval's level: the reports' `_lo95`/`_hi95` columns.
    assert_eq!(l.take("Win rate with its 95% Wilson interval", 1), ["95"]);
    assert!(diff_summary[0].contains_key("win_rate_lo95"));
    // The best-play column's run: its budget, seed and games.
    let best = rows(&repo("reports/robert-best-play/summary.csv"));
    let best_compare = rows(&repo("reports/robert-best-play/compare.csv"));
    let search = l.take("at its set-up settlements with ", 3);
    assert_eq!(BEST, format!("rollout-{}:learned/setup", search[0]));
    for r in best.iter().filter(|r| r["player"] == BEST) {
        assert_eq!(number(&search[1]), f(r, "seed"), "best play seed");
        assert_eq!(number(&search[2]), f(r, "games"), "best play games");
    }
    // The ceiling climb's cap (`‡`): its config's `max_budget`.
    assert_eq!(
        number(&l.take("where it reached its ", 1)[0]),
        number(&ceiling_cap().0),
        "the ceiling's cap"
    );

    // Each difficulty step of the script with 4 players, paired.
    let steps = l.take("With 4 players the script gains ", 4);
    assert_eq!(steps[0], "4");
    for (k, (a, b)) in [
        ("impossible", "hard"),
        ("hard", "moderate"),
        ("moderate", "easy"),
    ]
    .into_iter()
    .enumerate()
    {
        let c = diff_compare
            .iter()
            .find(|c| {
                let ra = row(&diff_summary, &c["row_a"]);
                c["knob"] == "difficulty"
                    && c["setting_a"] == format!("difficulty={a}")
                    && c["setting_b"] == format!("difficulty={b}")
                    && ra["players"] == "4"
                    && ra["player"] == "team"
            })
            .unwrap_or_else(|| panic!("no 4-player team step {a} -> {b} in compare.csv"));
        assert!(
            is_points(&steps[k + 1], f(c, "win_rate_diff")),
            "README: {a} -> {b} +{} points; compare.csv {}",
            steps[k + 1],
            c["win_rate_diff"]
        );
    }
    // 3 players harder than 4 at every level; Impossible nearly impossible for every player.
    assert_eq!(
        l.take("3 players is much harder than 4 at every level", 2),
        ["3", "4"]
    );
    for r in diff_summary.iter().filter(|r| r["players"] == "3") {
        let four = diff_summary
            .iter()
            .find(|x| {
                x["players"] == "4"
                    && x["difficulty"] == r["difficulty"]
                    && x["player"] == r["player"]
            })
            .unwrap();
        assert!(
            f(r, "win_rate") < f(four, "win_rate"),
            "3 players {} {} wins no less than 4",
            r["player"],
            r["difficulty"]
        );
    }
    // Impossible for every player, the best play found included: its highest win rate, in
    // whole points.
    let at_best = l.take("Impossible really is nearly impossible for every player", 1);
    let highest = diff_summary
        .iter()
        .chain(best.iter().filter(|r| r["players"] != "2"))
        .filter(|r| r["difficulty"] == "impossible")
        .map(|r| f(r, "win_rate"))
        .fold(0.0, f64::max);
    assert_eq!(
        number(&at_best[0]),
        (highest * 100.0).round(),
        "README: {at_best:?}% at best; the reports {highest}"
    );
    // "Nearly impossible": under a tenth of games for every player.
    assert!(highest < 0.1, "Impossible wins {highest} somewhere");

    // The learned player against the script, paired, at Moderate and Easy.
    let gain = l.take("learned player wins ", 2);
    let paired: Vec<&HashMap<String, String>> = diff_compare
        .iter()
        .filter(|c| {
            c["knob"] == "player"
                && c["setting_a"] == "player=team"
                && c["setting_b"] == "player=learned"
                && ["moderate", "easy"]
                    .contains(&row(&diff_summary, &c["row_a"])["difficulty"].as_str())
        })
        .collect();
    assert!(!paired.is_empty());
    let d: Vec<f64> = paired.iter().map(|c| f(c, "win_rate_diff")).collect();
    let (lo, hi) = (
        d.iter().copied().fold(1.0, f64::min),
        d.iter().copied().fold(-1.0, f64::max),
    );
    assert!(
        is_points(&gain[0], lo) && is_points(&gain[1], hi),
        "README {gain:?}; compare.csv {lo}..{hi}"
    );
    assert_eq!(l.take("(paired, every interval above 0)", 1), ["0"]);
    assert!(paired.iter().all(|c| f(c, "win_rate_diff_lo95") > 0.0));

    // Where a designer moves the rules (reports/robert-knob-space): the paired rows of one knob
    // moved, how many of them learned is within a point of the script or above it, and the
    // closest with its difference.
    let ks = rows(&repo("reports/robert-knob-space/summary.csv"));
    let kc = rows(&repo("reports/robert-knob-space/compare.csv"));
    let one = l.take("each knob alone (", 7);
    assert_eq!((one[0].as_str(), one[1].as_str()), ("3", "4"));
    // learned − team on each paired line, whichever row is A, with the script's row.
    let paired = |summary: &[Row], compare: &[Row]| -> Vec<(Row, f64)> {
        compare
            .iter()
            .filter(|c| c["knob"] == "player")
            .filter_map(|c| {
                let (a, b) = (row(summary, &c["row_a"]), row(summary, &c["row_b"]));
                match (a["player"].as_str(), b["player"].as_str()) {
                    ("team", "learned") => Some((a, f(c, "win_rate_diff"))),
                    ("learned", "team") => Some((b, -f(c, "win_rate_diff"))),
                    _ => None,
                }
            })
            .collect()
    };
    let pairs = paired(&ks, &kc);
    assert!(kc
        .iter()
        .filter(|c| c["knob"] == "player")
        .all(|c| number(&one[2]) == f(c, "games")));
    let holds = |d: f64| d >= -0.01;
    assert_eq!(
        number(&one[3]),
        pairs.iter().filter(|p| holds(p.1)).count() as f64,
        "rows within a point"
    );
    assert_eq!(number(&one[4]), pairs.len() as f64, "paired rows");
    let (r, d) = pairs.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!(one[5], r["players"]);
    assert_eq!(
        r["robert_skip"], "1",
        "the closest row: Robert never moving"
    );
    let level = &r["difficulty"];
    let named = format!(
        "(closest: {} players {}{} with Robert never",
        r["players"],
        level[..1].to_uppercase(),
        &level[1..]
    );
    assert!(
        main_result_prose(&repo("README.md"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(&named),
        "README names the closest row: {named}"
    );
    assert!(
        is_points(&one[6], d.abs()) && *d < 0.0,
        "README {one:?}; {d}"
    );
    // On random rule sets (reports/research/robert-rule-space): the sets, the knobs moved, how
    // many hold, and the mean at 2 players where the script wins 10-90%.
    let rs = rows(&repo("reports/research/robert-rule-space/summary.csv"));
    let rc = rows(&repo("reports/research/robert-rule-space/compare.csv"));
    let sets = paired(&rs, &rc);
    let random = l.take("on 200 rule sets drawn at random", 8);
    assert_eq!(number(&random[0]), sets.len() as f64, "rule sets");
    let config: toml::Table =
        toml::from_str(&repo("configs/research/robert-rule-space.toml")).unwrap();
    let moved = config["rule_sets"]["moved"].as_array().unwrap();
    assert_eq!(number(&random[1]), moved[0].as_integer().unwrap() as f64);
    assert_eq!(number(&random[2]), moved[1].as_integer().unwrap() as f64);
    assert_eq!(
        number(&random[3]),
        sets.iter().filter(|p| holds(p.1)).count() as f64,
        "sets within a point"
    );
    assert_eq!(random[4], "2");
    let mid: Vec<f64> = sets
        .iter()
        .filter(|(r, _)| r["players"] == "2" && (0.1..=0.9).contains(&f(r, "win_rate")))
        .map(|p| p.1)
        .collect();
    let mean = mid.iter().sum::<f64>() / mid.len() as f64;
    assert!(is_points(&random[5], mean), "README {random:?}; {mean}");
    assert_eq!((random[6].as_str(), random[7].as_str()), ("10", "90"));

    // What the set-up search adds over the learned player, Moderate and Easy with 3 and 4
    // players, paired on the best-play report's games.
    let adds = l.take("Search at the set-up settlements adds ", 5);
    let gains: Vec<&Row> = best_compare
        .iter()
        .filter(|c| {
            let r = row(&best, &c["row_a"]);
            c["knob"] == "player"
                && c["setting_a"] == "player=learned"
                && c["setting_b"] == format!("player={BEST}")
                && ["moderate", "easy"].contains(&r["difficulty"].as_str())
                && ["3", "4"].contains(&r["players"].as_str())
        })
        .collect();
    assert_eq!(gains.len(), 4, "3 and 4 players, Moderate and Easy");
    let d: Vec<f64> = gains.iter().map(|c| f(c, "win_rate_diff")).collect();
    let (lo, hi) = (
        d.iter().copied().fold(1.0, f64::min),
        d.iter().copied().fold(-1.0, f64::max),
    );
    assert!(
        is_points(&adds[0], lo) && is_points(&adds[1], hi),
        "README {adds:?}; robert-best-play {lo}..{hi}"
    );
    assert_eq!((adds[2].as_str(), adds[3].as_str()), ("3", "4"));
    assert!(gains.iter().all(|c| number(&adds[4]) == f(c, "games")));

    // Stalled games at 4 players, Moderate and Easy: the learned player's, then the script's.
    let st = l.take("At 4 players Moderate and Easy ", 5);
    assert_eq!(st[0], "4");
    let share = |policy: &str, level: &str| {
        let r = diff_summary
            .iter()
            .find(|r| r["players"] == "4" && r["player"] == policy && r["difficulty"] == level)
            .unwrap();
        f(r, "stalled") / f(r, "games")
    };
    for (k, (policy, level)) in [
        ("learned", "moderate"),
        ("learned", "easy"),
        ("team", "moderate"),
        ("team", "easy"),
    ]
    .into_iter()
    .enumerate()
    {
        assert!(
            is_points(&st[k + 1], share(policy, level)),
            "README {policy} {level} stalls {}%; robert-difficulty {:.2}%",
            st[k + 1],
            share(policy, level) * 100.0
        );
    }

    assert!(
        l.unread().is_empty(),
        "figures in README's main result that no check reads (add a check in tests/cli/readme.rs): {:?}",
        l.unread()
    );
}

/// The README's "What to change" tables equal the design reports' `best.csv`: each line's target,
/// the seed's rules (rank 0) and the confirmed best (rank 1) with its held-out interval.
#[test]
fn the_readme_what_to_change_tables_are_the_design_reports() {
    let readme = repo("README.md");
    let section = readme
        .split("## What to change\n")
        .nth(1)
        .expect("a What to change section")
        .split("\n## ")
        .next()
        .unwrap();
    let pct = |r: &HashMap<String, String>, c: &str| {
        format!("{:.1}%", r[c].parse::<f64>().unwrap() * 100.0)
    };
    let mut checked = 0;
    for (report, config) in [
        ("robert-design-3p", "configs/robert-design-3p.toml"),
        (
            "robert-design-curve",
            "configs/research/robert-design-curve.toml",
        ),
    ] {
        let path = format!("reports/{report}/best.csv");
        if !std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(&path)
            .exists()
        {
            assert!(
                !section.contains(report),
                "{report} quoted but not committed"
            );
            continue;
        }
        // The first table after the design's command.
        let after = section
            .split(config)
            .nth(1)
            .unwrap_or_else(|| panic!("{report}'s command in the section"));
        let table: Vec<&str> = after
            .lines()
            .skip_while(|l| !l.starts_with('|'))
            .take_while(|l| l.starts_with('|'))
            .collect();
        let best = rows(&repo(&path));
        // The count of cells met, as the prose says it ("7 of 8 cells" or "Seven of eight").
        let firsts: Vec<_> = best.iter().filter(|r| r["rank"] == "1").collect();
        let met = firsts.iter().filter(|r| r["met"] == "true").count();
        let words = [
            "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
        ];
        let prose = after
            .split("\n\n")
            .find(|p| !p.trim().is_empty() && !p.trim_start().starts_with('|'));
        let said = [
            format!("{met} of {} cells", firsts.len()),
            format!("{} of {} cells", words[met], words[firsts.len()]),
        ];
        assert!(
            said.iter().any(|w| after.to_lowercase().contains(w)),
            "{report}: the README should say {:?} ({prose:?})",
            said[0]
        );
        if table.is_empty() {
            continue;
        }
        for r in firsts {
            let line = format!("| {} |", r["cell_label"]);
            let quoted = table
                .iter()
                .find(|l| l.starts_with(&line))
                .unwrap_or_else(|| panic!("{report}: {line} in the README's table"));
            let base = best
                .iter()
                .find(|b| b["rank"] == "0" && b["cell"] == r["cell"])
                .expect("the seed's rules");
            let achieved = format!(
                "{} ({:.1}–{:.1})",
                pct(r, "achieved"),
                r["achieved_lo95"].parse::<f64>().unwrap() * 100.0,
                r["achieved_hi95"].parse::<f64>().unwrap() * 100.0
            );
            let want = format!(
                "{line} {} | {} | {achieved} |",
                pct(r, "target"),
                pct(base, "achieved")
            );
            assert_eq!(*quoted, want, "{report}");
            checked += 1;
        }
    }
    assert!(checked >= 8, "only {checked} cells of the README checked");
}
