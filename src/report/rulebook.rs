//! A page for the rulebook: each player's win rate by player count and level (`table.md`).
//!
//! A playtester reads one table per player: a row per level of the game (a difficulty level),
//! a column per player count, each cell the win rate with its 95% Wilson interval and the median
//! game length in rounds (of a won and of a lost game apart where the game has both). The game
//! says what a row's cell is ([`Tables::rulebook`]), with every rule the row plays in words; this
//! module pivots the cells, so it knows no game. The page opens with the rules used: every rule
//! off the printed game. A rule that only some levels change is a note in those levels' rows;
//! rows that differ in another setting go to tables of their own, headed by it. `table.csv`
//! holds the same cells in tidy form; report.html prints the page alone on A4.

use crate::engine::stats::wilson;
use crate::report::html::esc;
use crate::report::terminal::pct_ci;
use crate::report::{r5, Tables};
use serde::Serialize;

/// One rule a row plays: its knob, value (as summary.csv writes it), the rule in words, and
/// whether it differs from the printed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub key: &'static str,
    pub value: String,
    pub words: String,
    pub off: bool,
}

/// What a player stands for beside the others of a page: the scripted baseline, a player that
/// claims a practised table (named so only where it wins at least as often as the baseline in
/// the same cell), or another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Script,
    Practised,
    Other,
}

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
    /// The rounds of a won and of a lost game, (median, 90th percentile); `None` where the
    /// game has no win and loss apart (a competitive game's cell has the pooled median only).
    pub rounds_won: Option<(Option<u32>, Option<u32>)>,
    pub rounds_lost: Option<(Option<u32>, Option<u32>)>,
    /// Every rule knob of the row but the level's own, in the game's order.
    pub rules: Vec<Rule>,
    pub role: Role,
    /// What of the row lies outside the rows its model was trained on (summary.csv's
    /// `model_outside`), empty where nothing does.
    pub outside: String,
    /// When the cell's games are decided, in words (`from round 24`, or why no round is:
    /// `never in doubt: ...`); `None` for a game that does not say.
    pub decided: Option<String>,
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
    /// The rounds of a won game and of a lost game: median and 90th percentile (empty where
    /// the game has no win and loss apart, or no such game).
    pub rounds_won_median: Option<u32>,
    pub rounds_won_p90: Option<u32>,
    pub rounds_lost_median: Option<u32>,
    pub rounds_lost_p90: Option<u32>,
    /// Rules only this cell's level changes, in words (`;`-separated), empty if none.
    pub notes: String,
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
    /// (order, words, notes) of each level, in order; the player counts, ascending.
    levels: Vec<(u32, String, String)>,
    counts: Vec<u8>,
    /// (level index, count index, line index into the lines).
    cells: Vec<(usize, usize, usize)>,
    /// Lines (indices) of cells where this practised player wins less often than the script
    /// does in the same cell, with the script's rate; and of cells outside the model's rows,
    /// with what is outside.
    below: Vec<(usize, f64)>,
    outside: Vec<(usize, String)>,
    /// (line, when its games are decided in words), cell by cell.
    decided: Vec<(usize, String)>,
}

/// The rulebook page of a sweep: its tables and `table.csv`'s lines.
pub struct Rulebook {
    tables: Vec<Table>,
    pub lines: Vec<Line>,
    /// The sentence on which player stands for which table (the game's).
    note: &'static str,
    /// Rules off the printed game in every cell (words), and those only some levels change
    /// (`at LEVEL: words`).
    rules_all: Vec<String>,
    rules_levels: Vec<String>,
}

/// `26 rounds`, `1 round`.
fn rounds_words(r: u32) -> String {
    format!("{r} round{}", if r == 1 { "" } else { "s" })
}

/// A win rate with its interval and the rounds of a won and of a lost game (median, 90th
/// percentile): `71.0% (70.1–71.9); won in 45 (p90 70), lost in 20 (p90 31) rounds`; the
/// median rounds of every game where the game has no win and loss apart.
fn cell_text(l: &Line, split: bool) -> String {
    let rate = pct_ci(l.win_rate, l.win_rate_lo95, l.win_rate_hi95);
    if !split {
        return match l.rounds_median {
            Some(r) => format!("{rate}, {}", rounds_words(r)),
            None => rate,
        };
    }
    let part = |what: &str, m: Option<u32>, p90: Option<u32>| match (m, p90) {
        (Some(m), Some(p)) => Some(format!("{what} in {m} (p90 {p})")),
        (Some(m), None) => Some(format!("{what} in {m}")),
        _ => None,
    };
    let parts: Vec<String> = [
        part("won", l.rounds_won_median, l.rounds_won_p90),
        part("lost", l.rounds_lost_median, l.rounds_lost_p90),
    ]
    .into_iter()
    .flatten()
    .collect();
    let last = l
        .rounds_lost_p90
        .or(l.rounds_lost_median)
        .or(l.rounds_won_p90);
    let unit = if last == Some(1) { "round" } else { "rounds" };
    if parts.is_empty() {
        rate
    } else {
        format!("{rate}; {} {unit}", parts.join(", "))
    }
}

/// A row with a cell: its index, the cell and the row's settings.
type RowCell = (usize, Cell, Vec<(&'static str, String)>);

/// The words of a setting in a table's heading: the rule's words where it is a rule knob of
/// the cell off the printed game (nothing where the cell plays it as printed), else the game's
/// label (`random board`), else `key value`.
fn setting_words<T: Tables>(c: &Cell, key: &str, value: &str) -> String {
    match c.rules.iter().find(|r| r.key == key) {
        Some(r) if r.off => r.words.clone(),
        Some(_) => String::new(),
        None => T::label(key, value).unwrap_or_else(|| format!("{key} {value}")),
    }
}

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
    // The settings that vary among the rows with a cell, but the player, the player count and
    // the level. One that the level alone decides (the same value wherever the level is the
    // same) is a note in that level's rows; any other tells tables apart.
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
    let by_level = |k: usize| {
        cells.iter().all(|(_, a, sa)| {
            cells
                .iter()
                .filter(|(_, b, _)| b.level_order == a.level_order)
                .all(|(_, _, sb)| sb[k].1 == sa[k].1)
        })
    };
    let (noted, splits): (Vec<usize>, Vec<usize>) = varies.into_iter().partition(|&k| by_level(k));
    let noted_keys: Vec<&str> = noted.iter().map(|&k| first[k].0).collect();
    // Rules off the printed game in every cell; and, per level, the noted rules off it.
    let rules_all: Vec<String> = cells[0]
        .1
        .rules
        .iter()
        .filter(|r| r.off)
        .filter(|r| cells.iter().all(|(_, c, _)| c.rules.contains(r)))
        .map(|r| r.words.clone())
        .collect();
    let notes_of = |c: &Cell| {
        c.rules
            .iter()
            .filter(|r| r.off && noted_keys.contains(&r.key))
            .map(|r| r.words.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let mut rules_levels: Vec<(u32, String)> = Vec::new();
    for (_, c, _) in &cells {
        let n = notes_of(c);
        if !n.is_empty() && !rules_levels.iter().any(|(o, _)| *o == c.level_order) {
            rules_levels.push((c.level_order, format!("at {}: {n}", c.level_words)));
        }
    }
    rules_levels.sort();
    let mut tables: Vec<Table> = Vec::new();
    let mut lines = Vec::new();
    for (row, c, s) in &cells {
        let settings = splits
            .iter()
            .map(|&k| setting_words::<T>(c, s[k].0, &s[k].1))
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
                    below: Vec::new(),
                    outside: Vec::new(),
                    decided: Vec::new(),
                });
                tables.len() - 1
            }
        };
        let (lo, hi) = wilson(c.wins, c.games);
        let (won, lost) = (
            c.rounds_won.unwrap_or_default(),
            c.rounds_lost.unwrap_or_default(),
        );
        let notes = notes_of(c);
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
            rounds_won_median: won.0,
            rounds_won_p90: won.1,
            rounds_lost_median: lost.0,
            rounds_lost_p90: lost.1,
            notes: notes.clone(),
            row: *row,
        });
        let table = &mut tables[t];
        if !table.levels.iter().any(|(o, _, _)| *o == c.level_order) {
            table
                .levels
                .push((c.level_order, c.level_words.clone(), notes));
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
        t.levels.sort_by_key(|(o, _, _)| *o);
        t.counts.sort_unstable();
        let cells = |m: &String| {
            lines
                .iter()
                .filter(|l| l.table == k + 1 && l.model == *m)
                .count()
        };
        t.models.sort_by_key(|m| std::cmp::Reverse(cells(m)));
    }
    let cell_of = |row: usize| &cells.iter().find(|(r, _, _)| *r == row).expect("a cell").1;
    lines.sort_by_key(|l| (l.table, cell_of(l.row).level_order, l.players, l.row));
    for (k, l) in lines.iter().enumerate() {
        let c = cell_of(l.row);
        // The script's line in the same cell: same settings, level and player count.
        let script = lines.iter().find(|s| {
            cell_of(s.row).role == Role::Script
                && s.settings == l.settings
                && s.level == l.level
                && s.players == l.players
                && s.measure == l.measure
        });
        let t = &mut tables[l.table - 1];
        let li = t.levels.iter().position(|(o, _, _)| *o == c.level_order);
        let ci = t.counts.iter().position(|&n| n == l.players);
        if let (Some(li), Some(ci)) = (li, ci) {
            // Two rows in one cell (a setting that tells no table apart, such as a lead
            // seat): the first row's, as the line order has it.
            if !t.cells.iter().any(|&(a, b, _)| (a, b) == (li, ci)) {
                t.cells.push((li, ci, k));
                if let Some(s) =
                    script.filter(|s| c.role == Role::Practised && s.win_rate > l.win_rate)
                {
                    t.below.push((k, s.win_rate));
                }
                if !c.outside.is_empty() {
                    t.outside.push((k, c.outside.clone()));
                }
                if let Some(d) = &c.decided {
                    t.decided.push((k, d.clone()));
                }
            }
        }
    }
    Some(Rulebook {
        tables,
        lines,
        note: T::rulebook_note(),
        rules_all,
        rules_levels: rules_levels.into_iter().map(|(_, w)| w).collect(),
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

    /// What the player stands for, and what a cell says. A practised player that wins less
    /// often than the script in some cells is not called a practised table there: the caption
    /// names those cells (marked †).
    fn caption(&self, lines: &[Line]) -> String {
        let mut who = self.stands_for.clone();
        if let Some(c) = who.get_mut(..1) {
            c.make_ascii_uppercase();
        }
        if !self.below.is_empty() {
            let cells = self
                .below
                .iter()
                .map(|&(k, script)| {
                    let l = &lines[k];
                    format!(
                        "{} players, {}: {:.1}% against {:.1}%",
                        l.players,
                        l.level,
                        100.0 * l.win_rate,
                        100.0 * script
                    )
                })
                .collect::<Vec<_>>()
                .join("; ");
            who = if self.below.len() == self.cells.len() {
                format!(
                    "The {} player wins less often than the scripted team in every cell here, marked † ({cells}): under these rules it stands for no practised table",
                    self.player
                )
            } else {
                format!(
                    "{who}, except in the {} cell{} marked †, where it wins less often than the scripted team ({cells}): there it is no practised table",
                    self.below.len(),
                    if self.below.len() == 1 { "" } else { "s" }
                )
            };
        }
        let split = self.cells.iter().any(|&(_, _, k)| {
            lines[k].rounds_won_median.is_some() || lines[k].rounds_lost_median.is_some()
        });
        let what = if split {
            "and the rounds of a won and of a lost game (median, and p90: nine games in ten are over by then)"
        } else {
            "and the median game length in rounds"
        };
        format!(
            "{who}. Each cell: the {} rate with its 95% interval, {what}",
            self.measure
        )
    }

    /// The rows as (row label, cells), `–` where no row plays a cell; a level's notes (rules
    /// only it changes) follow its words.
    fn grid(&self, lines: &[Line]) -> Vec<(String, Vec<String>)> {
        self.levels
            .iter()
            .enumerate()
            .map(|(li, (_, words, notes))| {
                let cells = (0..self.counts.len())
                    .map(|ci| {
                        self.cells
                            .iter()
                            .find(|&&(a, b, _)| (a, b) == (li, ci))
                            .map_or("–".to_string(), |&(_, _, k)| {
                                let l = &lines[k];
                                let m = self.models.iter().position(|m| *m == l.model);
                                let split =
                                    l.rounds_won_median.is_some() || l.rounds_lost_median.is_some();
                                let mut t = cell_text(l, split) + &"*".repeat(m.unwrap_or(0));
                                if self.below.iter().any(|&(b, _)| b == k) {
                                    t.push('†');
                                }
                                if self.outside.iter().any(|(o, _)| *o == k) {
                                    t.push('‡');
                                }
                                t
                            })
                    })
                    .collect();
                let label = if notes.is_empty() {
                    words.clone()
                } else {
                    format!("{words}: {notes}")
                };
                (label, cells)
            })
            .collect()
    }

    /// The footnotes of cells that play another model than the heading's (`* plays
    /// other-model.toml`), one per model; and of cells outside the model's training rows (‡).
    fn footnotes(&self, lines: &[Line]) -> Vec<String> {
        let mut out: Vec<String> = self
            .models
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, m)| {
                let m = if m.is_empty() { "no model" } else { m };
                format!("{} plays {m}", "*".repeat(k))
            })
            .collect();
        if !self.decided.is_empty() {
            let mut by: Vec<(&str, Vec<String>)> = Vec::new();
            for (k, d) in &self.decided {
                let l = &lines[*k];
                let at = if self.counts.len() == 1 {
                    l.level.clone()
                } else {
                    format!("{} with {}", l.level, l.players)
                };
                match by.iter_mut().find(|(w, _)| w == d) {
                    Some((_, at_)) => at_.push(at),
                    None => by.push((d, vec![at])),
                }
            }
            let all = self.decided.len();
            let said: Vec<String> = by
                .iter()
                .map(|(d, at)| {
                    if at.len() == all && all > 1 {
                        (*d, vec!["every cell".to_string()])
                    } else {
                        (*d, at.clone())
                    }
                })
                .collect::<Vec<_>>()
                .iter()
                .map(|(d, at)| format!("{d} ({})", at.join(", ")))
                .collect();
            out.push(format!(
                "Decided (the round from which nine in ten games still running end as they will; never in doubt: at every round start nine in ten games still running end the same way): {}",
                said.join("; ")
            ));
        }
        if !self.outside.is_empty() {
            let mut what: Vec<&str> = Vec::new();
            for w in self.outside.iter().flat_map(|(_, w)| w.split("; ")) {
                if !what.contains(&w) {
                    what.push(w);
                }
            }
            out.push(format!(
                "‡ outside the rows its model was trained on ({}): a guess beyond its training",
                what.join("; ")
            ));
        }
        out
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

    /// The rules used, as list items: every rule off the printed game in every cell, then
    /// those only some levels change (`at easy (3 cards): ...`); empty: the printed rules.
    pub fn rules_used(&self) -> Vec<String> {
        self.rules_all
            .iter()
            .chain(&self.rules_levels)
            .cloned()
            .collect()
    }

    /// The sentence ahead of the rules used.
    fn rules_lead(&self) -> String {
        let tables = if self.tables.iter().any(|t| !t.settings.is_empty()) {
            "Each table below is headed by the rules and settings it plays apart from the others; beyond those, "
        } else {
            ""
        };
        let every = if tables.is_empty() { "Every" } else { "every" };
        if self.rules_used().is_empty() {
            format!("{tables}{every} rule as printed (robsim's readings: docs/rules.md).")
        } else {
            format!("{tables}{every} rule as printed (robsim's readings: docs/rules.md), except:")
        }
    }

    /// `table.md`: `title`, the config's `description`, the `line` under it (seed and games),
    /// the rules used, the note, a table per player.
    pub fn markdown(&self, title: &str, description: &str, line: &str) -> String {
        let mut o = format!("# {title}: a page for the rulebook\n\n");
        if !description.is_empty() {
            o.push_str(&format!("{description}\n\n"));
        }
        o.push_str(&format!(
            "{line}\n\n## Rules used\n\n{}\n",
            self.rules_lead()
        ));
        let used = self.rules_used();
        if !used.is_empty() {
            o.push('\n');
            for r in &used {
                o.push_str(&format!("- {r}\n"));
            }
        }
        if !self.note.is_empty() {
            o.push_str(&format!("\n{}\n", self.note));
        }
        for t in &self.tables {
            o.push_str(&format!(
                "\n## {}\n\n{}.\n\n",
                t.heading(),
                t.caption(&self.lines)
            ));
            let (key, counts) = t.head();
            o.push_str(&format!("| {key} | {} |\n", counts.join(" | ")));
            o.push_str(&format!("|---|{}\n", "---|".repeat(counts.len())));
            for (label, cells) in t.grid(&self.lines) {
                o.push_str(&format!("| {label} | {} |\n", cells.join(" | ")));
            }
            for f in t.footnotes(&self.lines) {
                o.push_str(&format!("\n{}\n", f.replace('*', "\\*")));
            }
        }
        o
    }

    /// report.html's printable page: the same under `title`, in a section that prints alone
    /// on one A4 page (and shows alone at `report.html#rulebook`).
    pub fn html(&self, title: &str, description: &str, line: &str) -> String {
        let mut o = format!(
            "<section id=\"rulebook\">\n<h2>{}: a page for the rulebook</h2>\n",
            esc(title)
        );
        if !description.is_empty() {
            o.push_str(&format!(
                "<p class=\"description\">{}</p>\n",
                esc(description)
            ));
        }
        o.push_str(&format!(
            "<p class=\"meta\">{} Printed, this section is the page, on A4 (<a href=\"#rulebook\">the page alone</a>).</p>\n",
            esc(line)
        ));
        o.push_str(&format!(
            "<div class=\"rules-used\"><h3>Rules used</h3>\n<p>{}</p>\n",
            esc(&self.rules_lead())
        ));
        let used = self.rules_used();
        if !used.is_empty() {
            o.push_str("<ul>\n");
            for r in &used {
                o.push_str(&format!("<li>{}</li>\n", esc(r)));
            }
            o.push_str("</ul>\n");
        }
        o.push_str("</div>\n");
        if !self.note.is_empty() {
            o.push_str(&format!("<p class=\"note\">{}</p>\n", esc(self.note)));
        }
        o.push_str("<div class=\"rulebook-tables\">\n");
        for t in &self.tables {
            o.push_str(&format!(
                "<div class=\"rulebook-table\"><h3>{}</h3>\n<p class=\"meta\">{}.</p>\n<table>\n<thead><tr>",
                esc(&t.heading()),
                esc(&t.caption(&self.lines))
            ));
            let (key, counts) = t.head();
            o.push_str(&format!("<th>{}</th>", esc(&key)));
            for c in &counts {
                o.push_str(&format!("<th>{}</th>", esc(c)));
            }
            o.push_str("</tr></thead>\n<tbody>\n");
            for (label, cells) in t.grid(&self.lines) {
                o.push_str(&format!("<tr><th>{}</th>", esc(&label)));
                // The rate on one line, the rounds of won and lost games under it.
                for c in cells {
                    o.push_str(&format!("<td>{}</td>", esc(&c).replacen("; ", "<br>", 1)));
                }
                o.push_str("</tr>\n");
            }
            o.push_str("</tbody></table>\n");
            for f in t.footnotes(&self.lines) {
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
