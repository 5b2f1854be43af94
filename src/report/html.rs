//! `report.html`: one self-contained page per report.
//!
//! `report.html`: one self-contained page (inline CSS and SVG, no network; a script only where a
//! section draws boards) per report.

use crate::report::Figure;

/// Escapes text for HTML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}

/// Everything the page shows.
pub struct Page<'a> {
    pub title: &'a str,
    pub description: &'a str,
    /// `summary.csv` text, and the columns shown in the main table (all columns go in a
    /// collapsed full table below it).
    pub summary_csv: &'a [u8],
    pub headline: &'a [&'a str],
    /// The main table's file name (`summary.csv`, `luck.csv`, `ladder.csv`) and the paragraph
    /// (HTML) above it, written for the command that made the page.
    pub summary_file: &'a str,
    pub summary_intro: &'a str,
    /// `compare.csv` text (may be empty), or the command's own pairs table.
    pub compare_csv: &'a [u8],
    /// The paired section's paragraph (HTML) when there are pairs, and the sentence when there
    /// are none; `None`: the command has no paired section.
    pub pairs: Option<(&'a str, &'a str)>,
    /// Further CSV tables shown collapsed: (file name, text).
    pub extra_tables: Vec<(&'a str, &'a [u8])>,
    pub figures: &'a [Figure],
    /// The printable page (HTML, a `<section id="rulebook">`), shown after the summary and
    /// printed alone on one A4 page; empty for none.
    pub print: &'a str,
    pub config: &'a str,
    pub command: &'a str,
    /// One line: version, commit, games, threads, elapsed time.
    pub provenance: &'a str,
}

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0 auto;max-width:1280px;padding:16px 24px;color:#222;line-height:1.4}
h1{font-size:1.6em;margin-bottom:0.2em}h2{margin-top:1.6em;border-bottom:1px solid #ccc;padding-bottom:4px}
.meta{color:#555;font-size:0.9em}
table{border-collapse:collapse;font-size:0.85em;margin:8px 0}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:right;white-space:nowrap}
th{background:#f2f2f2;position:sticky;top:0}
tr:nth-child(even) td{background:#fafafa}
td.sig{background:#e6f4ea!important;font-weight:600}
.scroll{overflow-x:auto;max-height:600px;overflow-y:auto}
figure{margin:16px 0}figcaption{color:#444;font-size:0.9em;max-width:900px}
svg{max-width:100%;height:auto}
pre{background:#f6f6f6;padding:10px;overflow-x:auto;font-size:0.85em}
details{margin:8px 0}summary{cursor:pointer;color:#0b5394}
";

/// The printable page's style: on paper (A4) and at `report.html#rulebook`, the page's
/// `#rulebook` section alone, small enough for one sheet.
const PRINT_STYLE: &str = "
#rulebook .note{font-size:0.9em;max-width:900px}
#rulebook .rulebook-table{display:inline-block;vertical-align:top;margin:0 18px 6px 0}
#rulebook h3{margin:10px 0 2px;font-size:1.05em}#rulebook .rulebook-table p{margin:0 0 2px}
#rulebook tbody th,#rulebook thead th:first-child{text-align:left}#rulebook tbody th{background:#f8f8f8}
@page{size:A4;margin:12mm}
@media print{body{max-width:none;padding:0;font-size:9pt}body>*{display:none!important}body>#rulebook{display:block!important}
#rulebook h2{margin-top:0;font-size:1.3em}#rulebook table{font-size:8.5pt}#rulebook th{position:static}
#rulebook .rulebook-table{break-inside:avoid}#rulebook a{display:none}}
body:has(#rulebook:target){max-width:186mm}
body:has(#rulebook:target)>*:not(#rulebook){display:none}
";

/// A sweep's summary paragraph (`sweep`, `run`, `ablate`, `rerun`, `merge`).
pub const SWEEP_SUMMARY: &str = "<p>One row per configuration. Intervals are 95% Wilson score intervals; <code>games</code> is the number of games each row played (with <code>--precision</code>, the games it needed).</p>";

/// A sweep's paired section: its paragraph, and the sentence when no pair exists.
pub const SWEEP_PAIRS: (&str, &str) = (
    "<p>Every pair of rows equal in all settings but one, played on the same games (game <i>i</i> of both rows shares its board and dice streams). Differences are row B minus row A with 95% intervals (win rate: Newcombe's hybrid score interval for paired proportions; game length: paired t). p-values: McNemar's test on the games only one row won (exact binomial below 25 such games, else chi-square with continuity correction) and the paired t test; p &lt; 0.05 is shaded.</p>",
    "<p>No two rows differ in exactly one setting.</p>",
);

/// Renders CSV text as an HTML table; `keep` limits the columns (all when empty); cells of
/// columns named in `highlight` below 0.05 are marked as significant.
pub fn csv_table(csv_bytes: &[u8], keep: &[&str], highlight: &[&str]) -> String {
    let mut r = csv::ReaderBuilder::new().from_reader(csv_bytes);
    let headers = match r.headers() {
        Ok(h) => h.clone(),
        Err(_) => return String::new(),
    };
    let cols: Vec<usize> = if keep.is_empty() {
        (0..headers.len()).collect()
    } else {
        keep.iter()
            .filter_map(|k| headers.iter().position(|h| h == *k))
            .collect()
    };
    let records: Vec<csv::StringRecord> = r.records().filter_map(|x| x.ok()).collect();
    // Drop columns empty in every row.
    let cols: Vec<usize> = cols
        .into_iter()
        .filter(|&c| {
            records
                .iter()
                .any(|rec| !rec.get(c).unwrap_or("").is_empty())
        })
        .collect();
    let mut o = String::from("<div class=\"scroll\"><table>\n<thead><tr>");
    for &c in &cols {
        o.push_str(&format!("<th>{}</th>", esc(&headers[c])));
    }
    o.push_str("</tr></thead>\n<tbody>\n");
    for rec in &records {
        o.push_str("<tr>");
        for &c in &cols {
            let v = rec.get(c).unwrap_or("");
            let sig = highlight.contains(&&headers[c]) && v.parse::<f64>().is_ok_and(|p| p < 0.05);
            o.push_str(&format!(
                "<td{}>{}</td>",
                if sig { " class=\"sig\"" } else { "" },
                esc(v)
            ));
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</tbody></table></div>\n");
    o
}

/// Strips an XML prolog, if any, so the SVG can be inlined.
fn inline_svg(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

/// A section of a page beyond the standard ones, shown after the figures: its anchor, heading
/// and HTML body (which may carry its own inline script, e.g. boards drawn by `board.js`).
pub struct Section {
    pub id: String,
    pub title: String,
    pub html: String,
}

/// The whole page.
pub fn render(p: &Page) -> String {
    render_with(p, &[])
}

/// The whole page with `sections` after the figures.
pub fn render_with(p: &Page, sections: &[Section]) -> String {
    let mut o = String::new();
    o.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    o.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    o.push_str(&format!(
        "<title>{}</title>\n<style>{STYLE}{}</style>\n</head>\n<body>\n",
        esc(p.title),
        if p.print.is_empty() { "" } else { PRINT_STYLE }
    ));
    o.push_str(&format!("<h1>{}</h1>\n", esc(p.title)));
    if !p.description.is_empty() {
        o.push_str(&format!("<p>{}</p>\n", esc(p.description)));
    }
    o.push_str(&format!("<p class=\"meta\">{}</p>\n", esc(p.provenance)));

    o.push_str("<h2 id=\"summary\">Summary</h2>\n");
    o.push_str(p.summary_intro);
    o.push('\n');
    o.push_str(&csv_table(p.summary_csv, p.headline, &[]));
    o.push_str(&format!(
        "<details><summary>All columns of {}</summary>\n",
        esc(p.summary_file)
    ));
    o.push_str(&csv_table(p.summary_csv, &[], &[]));
    o.push_str("</details>\n");
    o.push_str(p.print);

    if !p.figures.is_empty() {
        o.push_str("<h2 id=\"figures\">Figures</h2>\n");
        for f in p.figures {
            o.push_str(&format!(
                "<figure id=\"fig-{}\">\n<h3>{}</h3>\n{}\n<figcaption>{} <span class=\"meta\">({}.svg)</span></figcaption>\n</figure>\n",
                esc(&f.name),
                esc(&f.title),
                inline_svg(&f.svg),
                esc(&f.caption),
                esc(&f.name)
            ));
        }
    }

    for sec in sections {
        o.push_str(&format!(
            "<h2 id=\"{}\">{}</h2>\n{}\n",
            esc(&sec.id),
            esc(&sec.title),
            sec.html
        ));
    }

    if let Some((intro, none)) = p.pairs {
        o.push_str("<h2 id=\"compare\">Paired comparisons</h2>\n");
        if p.compare_csv.iter().filter(|&&b| b == b'\n').count() > 1 {
            o.push_str(intro);
            o.push('\n');
            o.push_str(&csv_table(p.compare_csv, &[], &["mcnemar_p", "turns_t_p"]));
        } else {
            o.push_str(none);
            o.push('\n');
        }
    }

    for (name, bytes) in &p.extra_tables {
        if bytes.is_empty() {
            continue;
        }
        o.push_str(&format!("<details><summary>{}</summary>\n", esc(name)));
        o.push_str(&csv_table(bytes, &[], &[]));
        o.push_str("</details>\n");
    }

    o.push_str("<h2 id=\"config\">Config and command</h2>\n");
    o.push_str(&format!("<p>Command:</p>\n<pre>{}</pre>\n", esc(p.command)));
    o.push_str(&format!(
        "<p>config.toml:</p>\n<pre>{}</pre>\n",
        esc(p.config)
    ));
    o.push_str("</body>\n</html>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_escapes_and_inlines() {
        let fig = Figure {
            name: "f".into(),
            title: "T<1>".into(),
            caption: "c & d".into(),
            svg: "<?xml version=\"1.0\"?>\n<svg></svg>".into(),
        };
        let html = render(&Page {
            title: "x",
            description: "",
            summary_csv: b"row,a,b\n0,1,\n",
            headline: &["row", "b"],
            summary_file: "summary.csv",
            summary_intro: SWEEP_SUMMARY,
            compare_csv: b"",
            pairs: Some(SWEEP_PAIRS),
            extra_tables: vec![],
            figures: &[fig],
            print: "",
            config: "name = \"<x>\"",
            command: "robsim sweep c.toml",
            provenance: "",
        });
        assert!(html.contains("<h3>T&lt;1&gt;</h3>\n<svg></svg>"));
        assert!(html.contains("c &amp; d"));
        assert!(html.contains("name = &quot;&lt;x&gt;&quot;"));
        assert!(!html.contains("<?xml"));
        // The empty column b is dropped from the headline table.
        assert!(html.contains("<th>row</th></tr>"));
        assert!(!html.contains("http"), "no network references");
    }

    #[test]
    fn small_p_values_are_marked() {
        let t = csv_table(b"p,q\n0.01,0.01\n0.5,0.5\n", &[], &["p"]);
        assert_eq!(t.matches("class=\"sig\"").count(), 1);
    }
}
