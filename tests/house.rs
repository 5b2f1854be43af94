//! The house rules of the source tree: no file over 900 lines, no import circle between files, no arrow from a game or the report layer up into `config/`, no game named in `engine/` or `report/`, a short README, guide and results page, research logs that open with what they tried, a configs/ whose top holds indexed examples, a reports/ of one run per folder.
//!
//! The import graph is read from the source text: every `use` (groups expanded, re-exports
//! followed to the file that defines the name, glob imports resolved against the names the file
//! uses) and every `crate::`/`super::`/`self::` path in the code, with each file's `mod tests`
//! left out. A parent `mod.rs` and its children count as files like any other.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Longest file allowed (issue 25: a newcomer reads a file in one sitting; we aim for 700).
const MAX_LINES: usize = 900;
/// Largest README: a front page, not a manual (ripgrep's is about this size).
const MAX_README_BYTES: usize = 12 * 1024;

type Module = Vec<String>;
/// A file's `use` paths (each with: is it a `pub use`) and its code without them.
type Split = (Vec<(Vec<String>, bool)>, String);

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_file_over_the_limit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for d in ["src", "tests", "benches"] {
        rs_files(&root.join(d), &mut files);
    }
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|p| {
            let n = fs::read_to_string(p).unwrap().lines().count();
            (n > MAX_LINES).then(|| format!("{} ({n} lines)", p.display()))
        })
        .collect();
    long.sort();
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// Longest first `//!` line of a module in src/: one clause saying what the module owns.
const MAX_SUMMARY_CHARS: usize = 100;

#[test]
fn every_module_starts_with_a_one_clause_summary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rs_files(&root.join("src"), &mut files);
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut bad: Vec<String> = files
        .iter()
        .filter_map(|p| {
            let text = fs::read_to_string(p).unwrap();
            let first = text.lines().next().unwrap_or("");
            let n = first.chars().count();
            let ok = first.starts_with("//! ") && n <= MAX_SUMMARY_CHARS;
            (!ok).then(|| format!("{} ({n} characters: {first:?})", p.display()))
        })
        .collect();
    bad.sort();
    assert!(
        bad.is_empty(),
        "modules whose first line is not a `//!` summary of at most {MAX_SUMMARY_CHARS} characters: {bad:?}"
    );
}

#[test]
fn readme_is_a_front_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let n = fs::metadata(root.join("README.md")).unwrap().len() as usize;
    assert!(
        n <= MAX_README_BYTES,
        "README.md is {n} bytes (at most {MAX_README_BYTES}): details belong in docs/, history in CHANGELOG.md"
    );
}

/// Largest guide and results page (issue 72): the guide is an index of tasks that links to the
/// reference pages, the results page a designer's findings; the details live in
/// docs/reference/, the experiment logs in docs/research/.
const MAX_DOC_BYTES: [(&str, usize); 2] =
    [("docs/guide.md", 12 * 1024), ("docs/results.md", 30 * 1024)];

#[test]
fn guide_and_results_stay_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (page, max) in MAX_DOC_BYTES {
        let n = fs::metadata(root.join(page)).unwrap().len() as usize;
        assert!(
            n <= max,
            "{page} is {n} bytes (at most {max}): details belong in docs/reference/, experiment logs in docs/research/"
        );
    }
}

/// Catan's top floor is the game (issue 72): at most six loose files there, the designer's tools
/// in `src/catan/lab/`, and no file of the game imports the lab.
#[test]
fn catans_top_floor_is_the_game_and_the_lab_stands_apart() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/catan");
    let loose: Vec<String> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "rs"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(
        loose.len() <= 6,
        "src/catan/ holds {} loose files: {loose:?}",
        loose.len()
    );
    let mut game = Vec::new();
    for dir in ["kernel", "policy", "learning", "trace"] {
        rs_files(&root.join(dir), &mut game);
    }
    game.extend(loose.iter().map(|f| root.join(f)));
    let up: Vec<String> = game
        .iter()
        .filter(|f| clean(&fs::read_to_string(f).unwrap()).contains("catan::lab"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(up.is_empty(), "the game imports the lab: {up:?}");
}

/// Each research log opens with a table of what was tried and what it gave, before its first
/// section.
#[test]
fn every_research_log_opens_with_its_table() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut logs: Vec<PathBuf> = fs::read_dir(root.join("docs/research"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    logs.sort();
    assert!(logs.len() >= 3, "docs/research/ holds {logs:?}");
    for p in logs {
        let text = fs::read_to_string(&p).unwrap();
        let head = text.split("\n## ").next().unwrap();
        assert!(
            head.lines().any(|l| l.starts_with("|---")),
            "{} has no table before its first section",
            p.display()
        );
    }
}

/// The games' names: no file of a game-independent layer (`src/engine/`, `src/report/`) says
/// one (issue 38).
const GAME_WORDS: [&str; 6] = [
    "catan",
    "carcassonne",
    "robert",
    "solitaire",
    "raiders",
    "robbers",
];

/// The words of a text: runs of letters and digits, split at `_` and where a lower-case letter
/// meets an upper-case one (`robert_target`, `RobberTiles` and `catanGeometry` each hold a
/// game's word), lower-cased.
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in s.chars().chain(std::iter::once(' ')) {
        let split = !c.is_ascii_alphanumeric() || (prev_lower && c.is_ascii_uppercase());
        if split && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if c.is_ascii_alphanumeric() {
            cur.push(c.to_ascii_lowercase());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    out
}

/// The game-independent layers name no game: no file under `src/engine/` or `src/report/`
/// (Rust or not) holds a game's name as a word ([`GAME_WORDS`], [`words`]) anywhere: code,
/// strings, comments and `mod tests` alike. Comments count because a layer whose docs explain a
/// game's rule holds that game's knowledge all the same (an example in a doc uses a setting that
/// names no game); tests count because these layers' tests need no game (their fixtures use
/// made-up variants). A game's words, labels and streams live with the game and reach these
/// layers through `report::Tables` (`label`, `can_stall`), the replay page's `Viewer`,
/// `Stream::game` and `SoakReport`'s families.
#[test]
fn the_game_independent_layers_name_no_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for d in ["src/engine", "src/report"] {
        all_files(&root.join(d), &mut files);
    }
    files.sort();
    assert!(files.len() > 15, "found only {} files", files.len());
    let mut named = Vec::new();
    for p in &files {
        let text = fs::read_to_string(p).unwrap();
        for (n, line) in text.lines().enumerate() {
            let ws: Vec<String> = words(line)
                .into_iter()
                .filter(|w| GAME_WORDS.contains(&w.as_str()))
                .collect();
            if !ws.is_empty() {
                let rel = p.strip_prefix(root).unwrap().display();
                named.push(format!("{rel}:{}: {}", n + 1, ws.join(", ")));
            }
        }
    }
    assert!(
        named.is_empty(),
        "src/engine/ and src/report/ name a game ({} lines; a game's words belong to the game):\n{}",
        named.len(),
        named.join("\n")
    );
}

/// The word reader sees a game's name inside identifiers and strings, and not inside longer
/// words.
#[test]
fn the_word_reader_splits_identifiers() {
    assert_eq!(words("robert_target"), ["robert", "target"]);
    assert_eq!(words("Stream::RobberTiles"), ["stream", "robber", "tiles"]);
    assert_eq!(
        words("catanGeometry(\"Carcassonne\")"),
        ["catan", "geometry", "carcassonne"]
    );
    assert_eq!(words("robberts x2y"), ["robberts", "x2y"]);
}

/// Every file under `dir`, any kind.
fn all_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            all_files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The crate's files by module path (`catan/kernel/rules` -> ["catan", "kernel", "rules"]),
/// their source with tests and comments left out.
fn crate_sources() -> BTreeMap<Module, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rs_files(&src, &mut files);
    let mut out = BTreeMap::new();
    for p in files {
        let rel = p
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("bin/") || rel == "build.rs" {
            continue;
        }
        let mut m: Module = rel
            .trim_end_matches(".rs")
            .split('/')
            .map(String::from)
            .collect();
        if m.last().is_some_and(|x| x == "mod" || x == "lib") {
            m.pop();
        }
        out.insert(m, clean(&fs::read_to_string(&p).unwrap()));
    }
    out
}

/// The source without its `mod tests`, comments and string contents.
fn clean(src: &str) -> String {
    let mut s = src;
    // An inline `mod tests { .. }` (the last item of a file by convention); `mod tests;` in a
    // file of its own is read as that file.
    for vis in ["", "pub ", "pub(crate) ", "pub(super) "] {
        if let Some(i) = s.find(&format!("#[cfg(test)]\n{vis}mod tests {{")) {
            s = &s[..i];
        }
    }
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'"' && (i == 0 || b[i - 1] != b'\'') {
            out.push_str("\"\"");
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn idents(s: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut cur = String::new();
    for c in s.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            cur.push(c);
        } else if !cur.is_empty() {
            if cur.starts_with(is_ident_start) {
                out.insert(std::mem::take(&mut cur));
            }
            cur.clear();
        }
    }
    out
}

/// The names a file defines (items and macros).
fn definitions(s: &str) -> BTreeSet<String> {
    let words: Vec<&str> = s
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '!'))
        .filter(|w| !w.is_empty())
        .collect();
    let kw = [
        "fn",
        "struct",
        "enum",
        "trait",
        "type",
        "const",
        "static",
        "union",
        "macro_rules!",
    ];
    words
        .windows(2)
        .filter(|w| kw.contains(&w[0]) && w[1].starts_with(is_ident_start))
        .map(|w| w[1].to_string())
        .collect()
}

/// A `use` tree expanded into paths (`a::{b, c::*}` -> a::b, a::c::*).
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let (Some(i), true) = (tree.find('{'), tree.ends_with('}')) {
        let mut pre = prefix.to_vec();
        pre.extend(
            tree[..i]
                .split("::")
                .map(str::trim)
                .filter(|x| !x.is_empty())
                .map(String::from),
        );
        let inner = &tree[i + 1..tree.len() - 1];
        let (mut depth, mut start) = (0, 0);
        for (j, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..j], &pre, out);
                    start = j + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &pre, out);
        return;
    }
    let tree = tree.split(" as ").next().unwrap().trim();
    if tree.is_empty() {
        return;
    }
    let mut p = prefix.to_vec();
    p.extend(tree.split("::").map(|x| x.trim().to_string()));
    out.push(p);
}

/// Every `use` of a file (path, is it a `pub use`), and the code without them.
fn split_uses(s: &str) -> Split {
    let mut out = Vec::new();
    let mut body = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find("use ") {
        let before = &rest[..i];
        let boundary = before
            .chars()
            .last()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
        let after = &rest[i + 4..];
        let end = after.find(';');
        let (true, Some(end)) = (boundary, end) else {
            body.push_str(&rest[..i + 4]);
            rest = after;
            continue;
        };
        body.push_str(before);
        body.push(' ');
        let line_start = before.rfind(['\n', ';', '{', '}']).map_or(0, |k| k + 1);
        let public = before[line_start..].trim_start().starts_with("pub");
        let mut paths = Vec::new();
        expand(&after[..end], &[], &mut paths);
        out.extend(paths.into_iter().map(|p| (p, public)));
        rest = &after[end + 1..];
    }
    body.push_str(rest);
    (out, body)
}

struct Graph {
    files: BTreeSet<Module>,
    defs: BTreeMap<Module, BTreeSet<String>>,
    uses: BTreeMap<Module, Vec<(Option<Module>, bool)>>,
}

impl Graph {
    /// A `use` path made absolute from module `m`; None for another crate.
    fn absolute(&self, m: &Module, p: &[String]) -> Option<Module> {
        let head = p.first()?.as_str();
        match head {
            "crate" => Some(p[1..].to_vec()),
            "self" => Some(m.iter().chain(&p[1..]).cloned().collect()),
            "super" => {
                let mut b = m.clone();
                let mut rest = p;
                while rest.first().is_some_and(|x| x == "super") {
                    b.pop();
                    rest = &rest[1..];
                }
                b.extend(rest.iter().cloned());
                Some(b)
            }
            _ => {
                let mut child = m.clone();
                child.push(head.to_string());
                self.files
                    .contains(&child)
                    .then(|| m.iter().chain(p).cloned().collect())
            }
        }
    }

    /// The file that defines `name` as seen from module `m` (following `pub use`).
    fn name_in(
        &self,
        m: &Module,
        name: &str,
        seen: &mut BTreeSet<(Module, String)>,
    ) -> Option<Module> {
        if !seen.insert((m.clone(), name.to_string())) {
            return None;
        }
        let mut child = m.clone();
        child.push(name.to_string());
        if self.files.contains(&child) {
            return Some(child);
        }
        if self.defs.get(m).is_some_and(|d| d.contains(name)) {
            return Some(m.clone());
        }
        for (p, public) in self.uses.get(m).into_iter().flatten() {
            let (Some(p), true) = (p, public) else {
                continue;
            };
            let r = match p.last().map(String::as_str) {
                Some(last) if last == name => self.path(p, seen),
                Some("*") => self
                    .files
                    .get(&p[..p.len() - 1])
                    .and_then(|t| self.name_in(t, name, seen)),
                _ => None,
            };
            if r.is_some() {
                return r;
            }
        }
        None
    }

    /// The file an absolute path leads to.
    fn path(&self, p: &[String], seen: &mut BTreeSet<(Module, String)>) -> Option<Module> {
        (0..=p.len()).rev().find_map(|k| {
            let m = self.files.get(&p[..k])?;
            Some(match p.get(k) {
                None => m.clone(),
                Some(name) => self.name_in(m, name, seen).unwrap_or_else(|| m.clone()),
            })
        })
    }
}

fn import_graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let sources = crate_sources();
    let files: BTreeSet<Module> = sources.keys().cloned().collect();
    let defs = sources
        .iter()
        .map(|(m, s)| (m.clone(), definitions(s)))
        .collect();
    let mut g = Graph {
        files,
        defs,
        uses: BTreeMap::new(),
    };
    let split: BTreeMap<Module, Split> = sources
        .iter()
        .map(|(m, s)| (m.clone(), split_uses(s)))
        .collect();
    g.uses = split
        .iter()
        .map(|(m, (us, _))| {
            let abs = us
                .iter()
                .map(|(p, public)| (g.absolute(m, p), *public))
                .collect();
            (m.clone(), abs)
        })
        .collect();
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, (_, body)) in &split {
        let names = idents(body);
        let e = edges.entry(m.clone()).or_default();
        for (p, _) in g.uses[m].iter() {
            let Some(p) = p else { continue };
            if p.last().is_some_and(|x| x == "*") {
                let Some(t) = g.files.get(&p[..p.len() - 1]) else {
                    continue;
                };
                for n in &names {
                    if let Some(r) = g.name_in(t, n, &mut BTreeSet::new()) {
                        e.insert(r);
                    }
                }
            } else if let Some(r) = g.path(p, &mut BTreeSet::new()) {
                e.insert(r);
            }
        }
        // Inline paths: crate::a::b, super::x, self::y.
        for head in ["crate", "super", "self"] {
            let mut rest = body.as_str();
            while let Some(i) = rest.find(&format!("{head}::")) {
                let boundary = rest[..i]
                    .chars()
                    .last()
                    .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'));
                let tail = &rest[i..];
                let end = tail
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                    .unwrap_or(tail.len());
                if boundary {
                    let p: Vec<String> = tail[..end]
                        .split("::")
                        .filter(|x| !x.is_empty())
                        .map(String::from)
                        .collect();
                    if let Some(a) = g.absolute(m, &p) {
                        if let Some(r) = g.path(&a, &mut BTreeSet::new()) {
                            e.insert(r);
                        }
                    }
                }
                rest = &tail[end.max(1)..];
            }
        }
        e.remove(m);
        e.remove(&Vec::new());
    }
    edges
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("/")
    }
}

#[test]
fn no_import_circles_between_files() {
    let edges = import_graph();
    assert!(edges.len() > 50, "read only {} files", edges.len());
    // Tarjan's strongly connected components, iteratively small enough to recurse.
    struct T<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        on: BTreeSet<Module>,
        sccs: Vec<Vec<Module>>,
    }
    impl T<'_> {
        fn visit(&mut self, v: &Module) {
            let n = self.index.len();
            self.index.insert(v.clone(), n);
            self.low.insert(v.clone(), n);
            self.stack.push(v.clone());
            self.on.insert(v.clone());
            for w in self.edges.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[v].min(self.low[w]);
                    self.low.insert(v.clone(), l);
                } else if self.on.contains(w) {
                    let l = self.low[v].min(self.index[w]);
                    self.low.insert(v.clone(), l);
                }
            }
            if self.low[v] == self.index[v] {
                let mut comp = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on.remove(&w);
                    let done = &w == v;
                    comp.push(w);
                    if done {
                        break;
                    }
                }
                self.sccs.push(comp);
            }
        }
    }
    let mut t = T {
        edges: &edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        sccs: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v) {
            t.visit(v);
        }
    }
    let circles: Vec<Vec<String>> = t
        .sccs
        .iter()
        .filter(|c| c.len() > 1)
        .map(|c| c.iter().map(name).collect())
        .collect();
    assert!(
        circles.is_empty(),
        "import circles between files: {circles:?}"
    );
}

#[test]
fn no_arrow_up_into_config() {
    let edges = import_graph();
    let below = ["catan", "carcassonne", "report", "engine"];
    let up: Vec<String> = edges
        .iter()
        .filter(|(m, _)| m.first().is_some_and(|x| below.contains(&x.as_str())))
        .flat_map(|(m, ts)| {
            ts.iter()
                .filter(|t| t.first().is_some_and(|x| x == "config"))
                .map(move |t| format!("{} -> {}", name(m), name(t)))
        })
        .collect();
    assert!(
        up.is_empty(),
        "imports from below config/ up into it: {up:?}"
    );
}

/// The reader finds a known circle and a known upward arrow in a small made-up crate, so the
/// two tests above cannot pass by reading nothing.
#[test]
fn the_reader_sees_uses_paths_and_globs() {
    let s = clean("use super::{a::B, c::*};\n// use crate::x;\npub use crate::d::E as F;\nfn f() { crate::g::h(); }\n#[cfg(test)]\npub(crate) mod tests { use crate::z; }");
    let (u, body) = split_uses(&s);
    let paths: Vec<String> = u.iter().map(|(p, _)| p.join("::")).collect();
    assert_eq!(paths, ["super::a::B", "super::c::*", "crate::d::E"]);
    assert_eq!(
        u.iter().map(|x| x.1).collect::<Vec<_>>(),
        [false, false, true]
    );
    assert!(
        body.contains("crate::g::h") && !body.contains("crate::z") && !body.contains("crate::x")
    );
    assert!(!body.contains("super::a"));
    assert!(definitions("pub struct A; fn b() {} macro_rules! c {}").contains("c"));
    // The real crate: config imports the games (downward), and the reader sees it.
    let edges = import_graph();
    let config = edges
        .get(&vec!["config".to_string()])
        .expect("config/mod.rs");
    assert!(
        config
            .iter()
            .any(|t| t.first().is_some_and(|x| x == "catan")),
        "config -> catan not seen: {config:?}"
    );
}

/// Most files at configs/'s top (issue 90): the examples a designer copies and the index.
const MAX_CONFIG_TOP_FILES: usize = 15;

/// configs/'s top holds only examples, each opening with the question it answers, its command
/// and its time on 2 cores; research runs and training recipes live in folders of their own.
#[test]
fn configs_top_holds_examples_that_say_their_question() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let files: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    assert!(
        files.len() <= MAX_CONFIG_TOP_FILES,
        "configs/ holds {} files at its top (at most {MAX_CONFIG_TOP_FILES}): research runs go to configs/research/, training recipes to configs/training/",
        files.len()
    );
    let mut bad = Vec::new();
    for p in files
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
    {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(p).unwrap();
        let head: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        let question = head.first().is_some_and(|l| l.starts_with("# Question: "));
        let run = head.iter().find(|l| l.starts_with("# Run: robsim "));
        let names_itself = run.is_some_and(|l| l.contains(&format!(" configs/{name}")));
        let timed = run.is_some_and(|l| l.contains("2 cores") || l.contains("2-core"));
        if !(question && names_itself && timed) {
            bad.push(format!(
                "{name}: opens with `# Question: ...` {question}, `# Run: robsim ... configs/{name}` {names_itself}, its time on 2 cores {timed}"
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every config under configs/ (the data folders models/ and maps/ aside) has its line in
/// configs/README.md, and every config the index links to exists.
#[test]
fn every_config_is_in_the_index() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let index = fs::read_to_string(root.join("README.md")).expect("configs/README.md");
    let mut tomls = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let rel = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if p.is_dir() {
                if rel != "models" && rel != "maps" {
                    stack.push(p);
                }
            } else if rel.ends_with(".toml") {
                tomls.push(rel);
            }
        }
    }
    tomls.sort();
    assert!(tomls.len() > 40, "found only {} configs", tomls.len());
    let linked: BTreeSet<String> = index
        .split("](")
        .skip(1)
        .filter_map(|s| s.split(')').next())
        .filter(|l| l.ends_with(".toml"))
        .map(String::from)
        .collect();
    let missing: Vec<&String> = tomls.iter().filter(|t| !linked.contains(*t)).collect();
    assert!(
        missing.is_empty(),
        "configs/README.md lacks a line for {missing:?}"
    );
    let dead: Vec<&String> = linked.iter().filter(|l| !root.join(l).is_file()).collect();
    assert!(
        dead.is_empty(),
        "configs/README.md links to missing {dead:?}"
    );
}

/// Every folder under reports/ is one run: one manifest, no shard, replay or partial run inside
/// it and none committed as a report (shards are played into a git-ignored work folder and
/// merged); a folder without a manifest only groups report folders (reports/research/).
#[test]
fn reports_hold_one_run_per_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let mut bad = Vec::new();
    let mut runs = 0;
    let mut stack = vec![(root.clone(), false)];
    while let Some((d, inside_run)) = stack.pop() {
        let is_run = d.join("manifest.json").is_file();
        let rel = d.strip_prefix(&root).unwrap().display().to_string();
        if is_run {
            runs += 1;
            if inside_run {
                bad.push(format!("{rel}: a report folder inside another"));
            }
            let m: serde_json::Value =
                serde_json::from_str(&fs::read_to_string(d.join("manifest.json")).unwrap())
                    .unwrap();
            if !m["shard"].is_null() || m["partial"] == true {
                bad.push(format!("{rel}: a shard or a partial run, not a whole one"));
            }
        }
        let mut files = 0;
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push((p, inside_run || is_run));
            } else {
                files += 1;
            }
        }
        if !is_run && files > 0 && d != root {
            bad.push(format!("{rel}: files but no manifest.json"));
        }
    }
    assert!(runs > 40, "found only {runs} report folders");
    // reports/README.md names every run with its line.
    let index = fs::read_to_string(root.join("README.md")).expect("reports/README.md");
    let mut stack = vec![root.clone()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                if p.join("manifest.json").is_file() {
                    let rel = p.strip_prefix(&root).unwrap().display().to_string();
                    if !index.contains(&format!("]({rel}/)")) {
                        bad.push(format!("{rel}: no line in reports/README.md"));
                    }
                } else {
                    stack.push(p);
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
