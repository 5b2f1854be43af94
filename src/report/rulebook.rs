//! A page for the rulebook: each player's win rate by player count and level (`table.md`).
//!
//! A playtester reads one table per player: a row per level of the game (a difficulty level),
//! a column per player count, each cell the win rate with its 95% Wilson interval and the median
//! game length in rounds. The game says what a row's cell is ([`Tables::rulebook`]); this module
//! pivots the cells, so it knows no game. Rows that differ in a setting other than the player,
//! the player count and the level go to tables of their own, headed by that setting.
//! `table.csv` holds the same cells in tidy form; report.html prints the tables alone on A4.

use crate::engine::stats::wilson;
use crate::report::html::esc;
use crate::report::terminal::pct_ci;
use crate::report::{r5, Tables};
use serde::Serialize;

/// One row's cell of the rulebook table, as its game says.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The player (summary.csv's `player`), the model file it plays (empty for none), and the
    /// kind of table it stands for, as a range (never a measured human figure).
    pub player: String,
    pub model: String,
    pub stands_for: String,
    /// The setting the table's rows are (`difficulty`; empty where the game has none), its value
    /// as summary.csv writes it, its words in a table, and the rows' order (ascending).
    pub level_key: &'static str,
    pub level: String,
    pub level_words: String,
    pub level_order: u32,
    pub players: u8,
    /// What `wins` counts (`team win`, `seat 1 win`, `lead seat win`).
    pub measure: &'static str,
    pub wins: u64,
    pub games: u64,
    /// The median game length in rounds (every player takes one turn a round).
    pub rounds_median: Option<u32>,
}

/// One line of `table.csv`: a cell, tidy (one line per player, other settings, level and
/// player count), fractions as in summary.csv.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// The table's number in `table.md` (1-based).
    pub table: usize,
    pub player: String,
    pub model: String,
    /// The other settings the tables differ in (`random board, modifiers gold`), empty if none.
    pub settings: String,
    pub level_key: &'static str,
    pub level: String,
    pub players: u8,
    pub measure: &'static str,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub win_rate_lo95: f64,
    pub win_rate_hi95: f64,
    pub rounds_median: Option<u32>,
    /// The summary.csv row of the cell.
    pub row: usize,
}

/// One table of the page: a player under one setting of the rest.
struct Table {
    player: String,
    /// The model files its cells play, most cells' first (the heading's); a cell that plays
    /// another is marked with a footnote.
    models: Vec<String>,
    settings: String,
    stands_for: String,
    measure: &'static str,
    level_key: &'static str,
    /// (order, words) of each level, in order; the player counts, ascending.
    levels: Vec<(u32, String)>,
    counts: Vec<u8>,
    /// (level index, count index, line index into the lines).
    cells: Vec<(usize, usize, usize)>,
}

/// The rulebook page of a sweep: its tables and `table.csv`'s lines.
pub struct Rulebook {
    tables: Vec<Table>,
    pub lines: Vec<Line>,
    /// The sentence on which player stands for which table (the game's).
    note: &'static str,
}

/// A win rate with its interval and the median rounds: `71.0% (70.1–71.9), 26 rounds`.
fn cell_text(l: &Line) -> String {
    let rounds = match l.rounds_median {
        Some(1) => ", 1 round".to_string(),
        Some(r) => format!(", {r} rounds"),
        None => String::new(),
    };
    format!(
        "{}{rounds}",
        pct_ci(l.win_rate, l.win_rate_lo95, l.win_rate_hi95)
    )
}

/// A row with a cell: its index, the cell and the row's settings.
type RowCell = (usize, Cell, Vec<(&'static str, String)>);

/// The rulebook of `rows` (their accumulators `accs`), or `None` when no row has a cell.
pub fn build<T: Tables>(rows: &[T], accs: &[T::Acc]) -> Option<Rulebook> {
    let cells: Vec<RowCell> = rows
        .iter()
        .zip(accs)
        .enumerate()
        .filter_map(|(i, (r, a))| r.rulebook(a).map(|c| (i, c, r.settings())))
        .collect();
    if cells.is_empty() {
        return None;
    }
    // The settings that tell tables apart: those that vary among the rows with a cell, but the
    // player, the player count and the level.
    let first = &cells[0].2;
    let varies: Vec<usize> = (0..first.len())
        .filter(|&k| {
            let key = first[k].0;
            key != "player"
                && key != "players"
                && !cells.iter().any(|(_, c, _)| c.level_key == key)
                && cells.iter().any(|(_, _, s)| s[k].1 != first[k].1)
        })
        .collect();
    let mut tables: Vec<Table> = Vec::new();
    let mut lines = Vec::new();
    for (row, c, s) in &cells {
        let settings = varies
            .iter()
            .map(|&k| {
                let (key, value) = (s[k].0, &s[k].1);
                T::label(key, value).unwrap_or_else(|| format!("{key} {value}"))
            })
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let t = match tables.iter().position(|t| {
            t.player == c.player
                && t.settings == settings
                && t.measure == c.measure
                && t.level_key == c.level_key
        }) {
            Some(t) => t,
            None => {
                tables.push(Table {
                    player: c.player.clone(),
                    models: Vec::new(),
                    settings: settings.clone(),
                    stands_for: c.stands_for.clone(),
                    measure: c.measure,
                    level_key: c.level_key,
                    levels: Vec::new(),
                    counts: Vec::new(),
                    cells: Vec::new(),
                });
                tables.len() - 1
            }
        };
        let (lo, hi) = wilson(c.wins, c.games);
        lines.push(Line {
            table: t + 1,
            player: c.player.clone(),
            model: c.model.clone(),
            settings,
            level_key: c.level_key,
            level: c.level.clone(),
            players: c.players,
            measure: c.measure,
            games: c.games,
            wins: c.wins,
            win_rate: r5(c.wins as f64 / c.games.max(1) as f64),
            win_rate_lo95: r5(lo),
            win_rate_hi95: r5(hi),
            rounds_median: c.rounds_median,
            row: *row,
        });
        let table = &mut tables[t];
        if !table.levels.iter().any(|(o, _)| *o == c.level_order) {
            table.levels.push((c.level_order, c.level_words.clone()));
        }
        if !table.counts.contains(&c.players) {
            table.counts.push(c.players);
        }
        if !table.models.contains(&c.model) {
            table.models.push(c.model.clone());
        }
    }
    // Levels and player counts in order, the model most cells play first, and the lines
    // table by table, level by level.
    for (k, t) in tables.iter_mut().enumerate() {
        t.levels.sort_by_key(|(o, _)| *o);
        t.counts.sort_unstable();
        let cells = |m: &String| {
            lines
                .iter()
                .filter(|l| l.table == k + 1 && l.model == *m)
                .count()
        };
        t.models.sort_by_key(|m| std::cmp::Reverse(cells(m)));
    }
    let order = |l: &Line| {
        let c = &cells
            .iter()
            .find(|(r, _, _)| *r == l.row)
            .expect("a cell")
            .1;
        (l.table, c.level_order, l.players, l.row)
    };
    lines.sort_by_key(order);
    for (k, l) in lines.iter().enumerate() {
        let t = &mut tables[l.table - 1];
        let c = &cells
            .iter()
            .find(|(r, _, _)| *r == l.row)
            .expect("a cell")
            .1;
        let li = t.levels.iter().position(|(o, _)| *o == c.level_order);
        let ci = t.counts.iter().position(|&n| n == l.players);
        if let (Some(li), Some(ci)) = (li, ci) {
            // Two rows in one cell (a setting that tells no table apart, such as a lead
            // seat): the first row's, as the line order has it.
            if !t.cells.iter().any(|&(a, b, _)| (a, b) == (li, ci)) {
                t.cells.push((li, ci, k));
            }
        }
    }
    Some(Rulebook {
        tables,
        lines,
        note: T::rulebook_note(),
    })
}

impl Table {
    /// The table's heading: the player, its model and the other settings.
    fn heading(&self) -> String {
        let mut h = self.player.clone();
        if !self.models[0].is_empty() {
            h.push_str(&format!(" ({})", self.models[0]));
        }
        if !self.settings.is_empty() {
            h.push_str(&format!(", {}", self.settings));
        }
        h
    }

    /// What the player stands for, and what a cell says.
    fn caption(&self) -> String {
        let mut who = self.stands_for.clone();
        if let Some(c) = who.get_mut(..1) {
            c.make_ascii_uppercase();
        }
        format!(
            "{who}. Each cell: the {} rate with its 95% interval, and the median game length in rounds",
            self.measure
        )
    }

    /// The rows as (row label, cells), `–` where no row plays a cell.
    fn grid(&self, lines: &[Line]) -> Vec<(String, Vec<String>)> {
        self.levels
            .iter()
            .enumerate()
            .map(|(li, (_, words))| {
                let cells = (0..self.counts.len())
                    .map(|ci| {
                        self.cells
                            .iter()
                            .find(|&&(a, b, _)| (a, b) == (li, ci))
                            .map_or("–".to_string(), |&(_, _, k)| {
                                let m = self.models.iter().position(|m| *m == lines[k].model);
                                cell_text(&lines[k]) + &"*".repeat(m.unwrap_or(0))
                            })
                    })
                    .collect();
                (words.clone(), cells)
            })
            .collect()
    }

    /// The footnotes of cells that play another model than the heading's (`* plays
    /// other-model.toml`), one per model.
    fn footnotes(&self) -> Vec<String> {
        self.models
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, m)| {
                let m = if m.is_empty() { "no model" } else { m };
                format!("{} plays {m}", "*".repeat(k))
            })
            .collect()
    }

    fn head(&self) -> (String, Vec<String>) {
        let key = if self.level_key.is_empty() {
            String::new()
        } else {
            self.level_key.replace('_', " ")
        };
        let counts = self
            .counts
            .iter()
            .map(|&n| format!("{n} player{}", if n == 1 { "" } else { "s" }))
            .collect();
        (key, counts)
    }
}

impl Rulebook {
    /// The sentence on which player stands for which table.
    pub fn note(&self) -> &'static str {
        self.note
    }

    /// `table.md`: `title`, the `line` under it (seed and games), the note, a table per player.
    pub fn markdown(&self, title: &str, line: &str) -> String {
        let mut o = format!("# {title}: a page for the rulebook\n\n{line}\n\n");
        if !self.note.is_empty() {
            o.push_str(&format!("{}\n", self.note));
        }
        for t in &self.tables {
            o.push_str(&format!("\n## {}\n\n{}.\n\n", t.heading(), t.caption()));
            let (key, counts) = t.head();
            o.push_str(&format!("| {key} | {} |\n", counts.join(" | ")));
            o.push_str(&format!("|---|{}\n", "---|".repeat(counts.len())));
            for (label, cells) in t.grid(&self.lines) {
                o.push_str(&format!("| {label} | {} |\n", cells.join(" | ")));
            }
            for f in t.footnotes() {
                o.push_str(&format!("\n{}\n", f.replacen('*', "\\*", f.len())));
            }
        }
        o
    }

    /// report.html's printable page: the same tables under `title` and `line`, in a section
    /// that prints alone on one A4 page (and shows alone at `report.html#rulebook`).
    pub fn html(&self, title: &str, line: &str) -> String {
        let mut o = format!(
            "<section id=\"rulebook\">\n<h2>{}: a page for the rulebook</h2>\n<p class=\"meta\">{} Printed, this section is the page, on A4 (<a href=\"#rulebook\">the page alone</a>).</p>\n",
            esc(title),
            esc(line)
        );
        if !self.note.is_empty() {
            o.push_str(&format!("<p class=\"note\">{}</p>\n", esc(self.note)));
        }
        o.push_str("<div class=\"rulebook-tables\">\n");
        for t in &self.tables {
            o.push_str(&format!(
                "<div class=\"rulebook-table\"><h3>{}</h3>\n<p class=\"meta\">{}.</p>\n<table>\n<thead><tr>",
                esc(&t.heading()),
                esc(&t.caption())
            ));
            let (key, counts) = t.head();
            o.push_str(&format!("<th>{}</th>", esc(&key)));
            for c in &counts {
                o.push_str(&format!("<th>{}</th>", esc(c)));
            }
            o.push_str("</tr></thead>\n<tbody>\n");
            for (label, cells) in t.grid(&self.lines) {
                o.push_str(&format!("<tr><th>{}</th>", esc(&label)));
                for c in cells {
                    o.push_str(&format!("<td>{}</td>", esc(&c)));
                }
                o.push_str("</tr>\n");
            }
            o.push_str("</tbody></table>\n");
            for f in t.footnotes() {
                o.push_str(&format!("<p class=\"meta\">{}</p>\n", esc(&f)));
            }
            o.push_str("</div>\n");
        }
        o.push_str("</div>\n</section>\n");
        o
    }

    /// The games per cell in words: `10000 games per cell`, or the range where cells differ.
    pub fn games_words(&self) -> String {
        let lo = self.lines.iter().map(|l| l.games).min().unwrap_or(0);
        let hi = self.lines.iter().map(|l| l.games).max().unwrap_or(0);
        if lo == hi {
            format!("{lo} games per cell")
        } else {
            format!("{lo} to {hi} games per cell (table.csv has each)")
        }
    }
}
