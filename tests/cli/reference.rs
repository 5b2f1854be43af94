//! The reference pages (docs/reference/) name what the code knows: every command and long flag of `robsim --help`, every config table and key the reader accepts, every rule knob, and every column a report writes (read from a run of each variant, not from a copy).
//!
//! Each check compares against this build's own lists at test time, so a new flag, key or
//! column fails here until a line on its page names it.

use crate::support::cli::{read, run_ok, tmp};
use std::path::{Path, PathBuf};

fn docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs")
}

fn page(name: &str) -> String {
    read(&docs(), name)
}

/// Whether `text` names `flag` (`--threads`): followed by anything but more of a flag's name.
fn names_flag(text: &str, flag: &str) -> bool {
    text.match_indices(flag).any(|(i, _)| {
        !text[i + flag.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-')
    })
}

/// The subcommands a `robsim --help` lists (`help` left out).
fn commands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

/// The long flags of a `--help` text: the `--name` that opens each option line (`-j, --threads
/// <T>` or `--force`), never one a description mentions.
fn long_flags(help: &str) -> Vec<String> {
    let mut out: Vec<String> = help
        .lines()
        .filter_map(|l| {
            let t = l.trim_start();
            let t = match t.as_bytes() {
                [b'-', c, b',', b' ', ..] if c.is_ascii_alphabetic() => &t[4..],
                _ => t,
            };
            let name: String = t
                .strip_prefix("--")?
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            (!name.is_empty() && name != "help" && name != "version").then(|| format!("--{name}"))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_command_and_long_flag_is_in_the_commands_reference() {
    let doc = page("reference/commands.md");
    let cmds = commands(&run_ok(&["--help"]));
    assert!(cmds.len() >= 10, "read only {cmds:?} from robsim --help");
    let mut missing = Vec::new();
    let mut flags = 0;
    for c in &cmds {
        if !doc.contains(&format!("robsim {c}")) {
            missing.push(format!("robsim {c}"));
        }
        for f in long_flags(&run_ok(&[c, "--help"])) {
            flags += 1;
            if !names_flag(&doc, &f) {
                missing.push(format!("robsim {c} {f}"));
            }
        }
    }
    assert!(flags > 50, "read only {flags} flags");
    assert!(
        missing.is_empty(),
        "commands and flags robsim knows that docs/reference/commands.md does not name (add a line there): {missing:?}"
    );
}

/// The knob tables of the players: named in docs/reference/players.md, every other table in
/// docs/reference/config.md.
const PLAYER_TABLES: [&str; 5] = ["team", "team_tuned", "rollout", "greedy", "solitaire"];

/// Whether a reference page names a config key: `` `key` ``, a `key = ...` line of a TOML
/// example (commented out or not), or a `[key]` table.
fn names_key(text: &str, key: &str) -> bool {
    text.contains(&format!("`{key}`"))
        || text.contains(&format!("[{key}]"))
        || text.lines().any(|l| {
            let l = l.trim_start().trim_start_matches('#').trim_start();
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
}

#[test]
fn every_config_table_and_key_is_in_the_config_reference() {
    let config = page("reference/config.md");
    let players = page("reference/players.md");
    let schema = robsim::config::schema();
    assert!(schema.len() > 10, "read only {} tables", schema.len());
    let mut missing = Vec::new();
    let mut keys = 0;
    for (table, ks) in &schema {
        let (doc, name) = if PLAYER_TABLES.contains(table) {
            (&players, "players.md")
        } else {
            (&config, "config.md")
        };
        if !table.is_empty() && !config.contains(&format!("[{table}]")) {
            missing.push(format!("[{table}] in config.md"));
        }
        for k in ks {
            keys += 1;
            if !names_key(doc, k) {
                let t = if table.is_empty() { "top level" } else { table };
                missing.push(format!("{t}: {k} in {name}"));
            }
        }
    }
    assert!(keys > 100, "read only {keys} keys");
    assert!(
        missing.is_empty(),
        "config tables and keys robsim accepts that docs/reference/ does not name (add a line there): {missing:?}"
    );
}

#[test]
fn every_rule_knob_is_in_the_rule_books_table() {
    let rules = page("rules.md");
    let table: Vec<&str> = rules.lines().filter(|l| l.starts_with("| `")).collect();
    let missing: Vec<&str> = robsim::config::knobs::RULE_KNOBS
        .iter()
        .map(|k| k.key)
        .filter(|k| !table.iter().any(|l| l.contains(&format!("`{k}`"))))
        .collect();
    assert!(
        missing.is_empty(),
        "rule knobs missing from docs/rules.md's table of rule knobs: {missing:?}"
    );
}

/// Small configs of every kind of row, each a few games: Robert (scripted and learned rows, a
/// player knob axis, a comparison), Solitaire with the modifiers, Raiders, base Catan and Carcassonne with lineups.
const SWEEPS: [(&str, &str); 5] = [
    (
        "robert",
        "[grid]\nvariant = \"robert\"\nplayers = [3, 4]\ndifficulty = \"easy\"\npolicy = [\"team\", \"learned\"]\nteam.setup_temperature = [0, 1]",
    ),
    (
        "solitaire",
        "[grid]\nvariant = \"solitaire\"\nmodifiers = [\"none\", \"volcano+gold+tech_advancement\"]",
    ),
    ("raiders", "[grid]\nvariant = \"raiders\"\nplayers = 3"),
    (
        "base",
        "[grid]\nvariant = \"base\"\nplayers = 3\nseats = [\"greedy,greedy,greedy\", \"random,greedy,greedy\"]",
    ),
    (
        "carcassonne",
        "[grid]\nvariant = \"carcassonne\"\nplayers = 3\nrobbers = [false, true]\nseats = [\"greedy,greedy,greedy\", \"random,greedy,greedy\"]",
    ),
];

/// The columns of every CSV file robsim wrote in `dir` that the column registry
/// (docs/reference/columns.toml) does not list for that table, as `file: column`; `seen`
/// counts the columns read.
fn unnamed(dir: &Path, files: &[&str], seen: &mut usize) -> Vec<String> {
    let reg = robsim::report::registry::registry();
    let mut out = Vec::new();
    for f in files {
        // Every table has its fixed primary key (or is listed as having none).
        if !robsim::report::package::TABLE_KEYS
            .iter()
            .any(|(t, _)| robsim::report::package::table_is(t, f))
        {
            out.push(format!("{f}: no entry in package::TABLE_KEYS"));
        }
        let text = read(dir, f);
        let head: Vec<String> = text
            .lines()
            .next()
            .unwrap_or_default()
            .split(',')
            .map(String::from)
            .collect();
        *seen += head.len();
        for c in reg.unlisted(f, &head) {
            out.push(format!("{f}: {c}"));
        }
    }
    out
}

#[test]
fn every_column_robsim_writes_is_in_the_columns_reference() {
    let d = tmp("reference-columns");
    std::fs::create_dir_all(&d).unwrap();
    let mut missing = Vec::new();
    let mut seen = 0;
    let csvs = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".csv"))
            .collect();
        v.sort();
        v
    };
    for (name, grid) in SWEEPS {
        let cfg = d.join(format!("{name}.toml"));
        std::fs::write(
            &cfg,
            format!("name = \"{name}\"\nseed = 1\ngames = 4\n{grid}\n"),
        )
        .unwrap();
        let out = d.join(name);
        run_ok(&[
            "sweep",
            cfg.to_str().unwrap(),
            "--games-csv",
            "-q",
            "-o",
            out.to_str().unwrap(),
        ]);
        let files = csvs(&out);
        let files: Vec<&str> = files.iter().map(String::as_str).collect();
        assert!(files.contains(&"summary.csv"), "{name}: {files:?}");
        missing.extend(unnamed(&out, &files, &mut seen));
    }
    // A --precision run's columns, an ablation's table.
    let cfg = d.join("solitaire.toml");
    let out = d.join("precision");
    let (c, o) = (cfg.to_str().unwrap(), out.to_str().unwrap());
    run_ok(&[
        "sweep",
        c,
        "--precision",
        "0.3",
        "--max-games",
        "4000",
        "-q",
        "-o",
        o,
    ]);
    missing.extend(unnamed(&out, &["summary.csv"], &mut seen));
    let cfg = d.join("ablate.toml");
    std::fs::write(
        &cfg,
        "name = \"ablate\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = \"easy\"\n[ablate]\nknobs = [\"soldier_flips\"]\n",
    )
    .unwrap();
    let out = d.join("ablate");
    run_ok(&[
        "ablate",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    missing.extend(unnamed(&out, &["ablation.csv"], &mut seen));
    // The luck report's tables (enough boards for its board-feature fit) in luck.md; the
    // ceiling's in commands.md, with its command.
    let cfg = d.join("luck.toml");
    std::fs::write(
        &cfg,
        "name = \"luck\"\nseed = 1\ngames = 1\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = \"easy\"\n[luck]\nrungs = [\"random\", \"team\"]\nboards = 80\ngames_per_board = 4\n",
    )
    .unwrap();
    let out = d.join("luck");
    run_ok(&[
        "luck",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let luck = ["luck.csv", "pairs.csv", "features.csv"];
    missing.extend(unnamed(&out, &luck, &mut seen));
    let cfg = d.join("ceiling.toml");
    std::fs::write(
        &cfg,
        "name = \"ceiling\"\nseed = 1\ngames = 4\n[grid]\nvariant = \"robert\"\nplayers = 3\ndifficulty = \"easy\"\npolicy = \"rollout-1:team\"\n[ceiling]\nmax_budget = 2\n",
    )
    .unwrap();
    let out = d.join("ceiling");
    run_ok(&[
        "ceiling",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    missing.extend(unnamed(&out, &["ceiling.csv"], &mut seen));
    // A design's tables (an exhaustive search of two values: every file has rows).
    let cfg = d.join("design.toml");
    std::fs::write(
        &cfg,
        "name = \"design\"\nseed = 1\ngames = 20\n[grid]\nvariant = \"robert\"\nplayers = [3, 4]\ndifficulty = \"easy\"\n[design]\nsearch = \"exhaustive\"\nbudget = 400\nbatch = 20\n[design.space]\nsoldier_flips = [1, 3]\n[[design.target]]\ncell = { players = 3 }\nlike = { players = 4 }\n",
    )
    .unwrap();
    let out = d.join("design");
    run_ok(&[
        "design",
        cfg.to_str().unwrap(),
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    let design = ["design.csv", "best.csv", "effects.csv"];
    missing.extend(unnamed(&out, &design, &mut seen));
    assert!(seen > 300, "read only {seen} columns");
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "columns robsim writes that the column registry does not list for their table (add an entry to docs/reference/columns.toml, then ROBSIM_BLESS=1 cargo test --test cli -- columns_page): {missing:?}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// The readers see what they should in made-up help and page text, so the checks above cannot
/// pass by reading nothing.
#[test]
fn the_reference_readers_see_flags_keys_and_seat_columns() {
    let help = "Usage: robsim x\n\nOptions:\n  -j, --threads <T>\n          Worker threads; see --force\n      --force\n  -h, --help\n";
    assert_eq!(long_flags(help), ["--force", "--threads"]);
    assert_eq!(
        commands("Commands:\n  run  Play\n  help  Print\n\nOptions:\n"),
        ["run"]
    );
    assert!(names_flag("`--max-games N`", "--max-games"));
    assert!(!names_flag("`--max-games N`", "--max"));
    assert!(names_key("# batch = 2000  # games", "batch"));
    assert!(names_key("| `min_z` [2.0] |", "min_z"));
    assert!(!names_key("batches = 2", "batch"));
}

/// docs/reference/columns.md's column tables are the registry's, as `registry::render` writes
/// them, one block per table between its markers (`ROBSIM_BLESS=1` writes them again).
#[test]
fn the_columns_page_is_generated_from_the_registry() {
    use robsim::report::{package, registry};
    let path = docs().join("reference/columns.md");
    let page = std::fs::read_to_string(&path).unwrap();
    let reg = registry::registry();
    let key = |t: &registry::Table| -> Option<Vec<&'static str>> {
        let (_, cands) = package::TABLE_KEYS
            .iter()
            .find(|(f, _)| *f == t.file || package::table_is(f, &t.file))?;
        let has = |c: &&str| t.columns.iter().any(|x| x.name == *c);
        Some(
            cands
                .iter()
                .find(|c| c.iter().all(has))
                .map(|c| c.to_vec())
                .unwrap_or_default(),
        )
    };
    let (want, missing) = registry::regenerate(&page, reg, key);
    assert!(
        missing.is_empty(),
        "docs/reference/columns.md has no block for {missing:?}: add `<!-- columns: NAME -->` and `<!-- /columns -->` lines where each belongs"
    );
    if std::env::var_os("ROBSIM_BLESS").is_some() {
        std::fs::write(&path, &want).unwrap();
    } else {
        assert!(
            page == want,
            "docs/reference/columns.md's column tables differ from docs/reference/columns.toml: ROBSIM_BLESS=1 cargo test --test cli -- columns_page"
        );
    }
}
