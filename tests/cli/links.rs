//! Every relative link of README.md, CHANGELOG.md and docs/ leads to a file that exists and, with an `#anchor`, to a heading of that name as GitHub makes anchors.

use crate::support::cli::files_under;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    files_under(dir, &|p| p.extension().is_some_and(|x| x == "md"))
}

/// A markdown text without its fenced code blocks and code spans (each replaced by a space, so
/// line numbers stay): what a reader sees as prose, links and headings.
fn prose(md: &str) -> String {
    let mut kept = String::new();
    let mut fence = false;
    for l in md.lines() {
        if l.trim_start().starts_with("```") {
            fence = !fence;
        } else if !fence {
            kept.push_str(l);
        }
        kept.push('\n');
    }
    // A run of n backquotes opens a code span that the next run of exactly n closes.
    let b = kept.as_bytes();
    let run = |i: usize| b[i..].iter().take_while(|&&c| c == b'`').count();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'`' {
            let next = kept[i..].find('`').map_or(b.len(), |k| i + k);
            out.push_str(&kept[i..next]);
            i = next;
            continue;
        }
        let n = run(i);
        let mut j = i + n;
        let close = loop {
            match kept[j..].find('`') {
                None => break None,
                Some(k) if run(j + k) == n => break Some(j + k),
                Some(k) => j += k + run(j + k),
            }
        };
        match close {
            Some(c) => {
                out.extend(
                    kept[i..c + n]
                        .chars()
                        .map(|c| if c == '\n' { '\n' } else { ' ' }),
                );
                i = c + n;
            }
            None => {
                out.push_str(&kept[i..i + n]);
                i += n;
            }
        }
    }
    out
}

/// GitHub's anchor for a heading: its text without markdown marks, lower-cased, every character
/// but letters, digits, `_`, `-` and spaces dropped, spaces as `-`.
fn slug(heading: &str) -> String {
    // A link's text stays, its target goes: `[text](url)` -> `text`.
    let mut text = String::new();
    let mut rest = heading;
    while let Some(i) = rest.find("](") {
        let close = rest[i..].find(')').map_or(rest.len(), |k| i + k + 1);
        text.push_str(&rest[..i]);
        rest = &rest[close..];
    }
    text.push_str(rest);
    text.trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings (not in fenced code), a repeated one numbered as
/// GitHub does (`-1`, ...).
fn anchors(md: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let mut fence = false;
    for l in md.lines() {
        if l.trim_start().starts_with("```") {
            fence = !fence;
        }
        if fence {
            continue;
        }
        let hashes = l.len() - l.trim_start_matches('#').len();
        if (1..=6).contains(&hashes) && l[hashes..].starts_with(' ') {
            let s = slug(&l[hashes..]);
            let n = seen.entry(s.clone()).or_insert(0);
            out.insert(if *n == 0 {
                s.clone()
            } else {
                format!("{s}-{n}")
            });
            *n += 1;
        }
    }
    out
}

/// The relative link targets of a markdown text (`[text](target)`, images too; not in code),
/// each with its line; web and mail addresses left out.
fn links(md: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, l) in prose(md).lines().enumerate() {
        let mut rest = l;
        while let Some(i) = rest.find("](") {
            let tail = &rest[i + 2..];
            let end = tail.find(')').unwrap_or(tail.len());
            let target = tail[..end].split_whitespace().next().unwrap_or("");
            let web = target.contains("://") || target.starts_with("mailto:");
            if !web && !target.is_empty() {
                out.push((n + 1, target.to_string()));
            }
            rest = &tail[end..];
        }
    }
    out
}

/// The links of `file` (a markdown file under `root`) that lead nowhere: no such file or folder,
/// or no heading of that anchor in the markdown file it names.
fn broken_links(
    root: &Path,
    file: &Path,
    cache: &mut BTreeMap<PathBuf, BTreeSet<String>>,
) -> Vec<String> {
    let text = fs::read_to_string(file).unwrap();
    let mut bad = Vec::new();
    for (line, target) in links(&text) {
        let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
        let dest = if path.is_empty() {
            file.to_path_buf()
        } else {
            file.parent().unwrap().join(path)
        };
        let name = format!(
            "{}:{line}: {target}",
            file.strip_prefix(root).unwrap().display()
        );
        if !dest.exists() {
            bad.push(format!("{name}: no such file"));
        } else if !anchor.is_empty() && dest.extension().is_some_and(|x| x == "md") {
            let heads = cache
                .entry(dest.clone())
                .or_insert_with(|| anchors(&fs::read_to_string(&dest).unwrap()));
            if !heads.contains(anchor) {
                bad.push(format!("{name}: no heading with that anchor"));
            }
        }
    }
    bad
}

/// Every relative link of README.md, CHANGELOG.md and docs/ leads to a file that exists and, with
/// an `#anchor`, to a heading of that name (GitHub's anchors), so moving a section cannot
/// silently break a link to it.
#[test]
fn every_relative_link_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md"), root.join("CHANGELOG.md")];
    files.extend(markdown_files(&root.join("docs")));
    let mut cache = BTreeMap::new();
    let mut bad = Vec::new();
    let mut n = 0;
    for f in &files {
        n += links(&fs::read_to_string(f).unwrap()).len();
        bad.extend(broken_links(root, f, &mut cache));
    }
    assert!(n > 300, "read only {n} links in {} files", files.len());
    assert!(bad.is_empty(), "links that lead nowhere: {bad:#?}");
}

/// The link reader finds links outside code only, and anchors as GitHub makes them, so the test
/// above cannot pass by reading nothing.
#[test]
fn the_link_reader_sees_links_and_github_anchors() {
    let md = "# Carcassonne: The Robbers (`variant = \"carcassonne\"`)\n## `compare.csv`: paired\n## Paired\n## Paired\nSee [a](b.md#c) and `[x](no.md)`,\n```\n[y](fenced.md)\n# not a heading\n```\n![img](p.png) [web](https://x.org) ``a ` [z](z.md) ``\n";
    assert_eq!(
        links(md),
        [(5, "b.md#c".to_string()), (10, "p.png".to_string())]
    );
    let a: Vec<String> = anchors(md).into_iter().collect();
    assert_eq!(
        a,
        [
            "carcassonne-the-robbers-variant--carcassonne",
            "comparecsv-paired",
            "paired",
            "paired-1"
        ]
    );
    assert_eq!(
        slug("What bends at `robert_skip` 2 – the soldier's [flip](x.md)"),
        "what-bends-at-robert_skip-2--the-soldiers-flip"
    );
}
