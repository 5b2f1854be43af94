//! The terminal's side-by-side shape of a design's co-operative cells, with the guard rail.

use super::shape::CellShape;
use super::write::{term_list, Report};
use super::Confirmed;
use crate::engine::design::Setting;

impl Report<'_> {
    /// The terminal's side-by-side shape of the co-operative cells: for the grid's rules and
    /// each confirmed setting, each cell's win rate, the rounds of its won and lost games and
    /// its stuck share on held-out games, and the guard rail's flags.
    pub(super) fn shape_table(&self) -> String {
        use crate::report::terminal::aligned;
        let terms = term_list(self.targets);
        let base: Setting = vec![0; self.dims.len()];
        let mut lines = vec![vec![
            "setting".to_string(),
            "cell".into(),
            "win rate".into(),
            "rounds won / lost: median (p90), stuck".into(),
        ]];
        let mut flags: Vec<String> = Vec::new();
        let mut order: Vec<&Confirmed> = self.confirmed.iter().filter(|c| c.x == base).collect();
        order.extend(self.confirmed.iter().filter(|c| c.x != base));
        for c in order {
            let name = if c.x == base {
                "the grid's rules".to_string()
            } else {
                format!(
                    "#{}",
                    self.confirmed
                        .iter()
                        .filter(|o| !(self.found.base_appended && o.x == base))
                        .position(|o| o.x == c.x)
                        .map_or(0, |p| p + 1)
                )
            };
            let mut seen: Vec<usize> = Vec::new();
            for (j, &(i, _)) in terms.iter().enumerate() {
                let row = self.targets[i].row;
                let Some(p) = self.shape.get(row).copied().flatten() else {
                    continue;
                };
                if seen.contains(&row) {
                    continue;
                }
                seen.push(row);
                let s = CellShape::of(&c.cells[j], p);
                lines.push(vec![
                    name.clone(),
                    self.labels[row].clone(),
                    format!("{:.1}%", 100.0 * c.cells[j].rate()),
                    s.text(),
                ]);
                if c.x != base {
                    let g = self.guard.check(&s, &CellShape::of(&c.base[j], p));
                    if !g.is_empty() {
                        flags.push(format!("  ! {name}, {}: {g}", self.labels[row]));
                    }
                }
            }
        }
        if lines.len() == 1 {
            return String::new();
        }
        let mut o = format!(
            "\nthe shape of a game (held-out games; #N: the Nth confirmed setting):\n{}",
            aligned(&lines, 1)
        );
        if !flags.is_empty() {
            o.push_str(&format!(
                "guard rail (won games' p90 rounds over {}x the grid's rules', or the stuck share up more than {:.1} points):\n{}\n  to make it a constraint: [[design.target]] with measure = \"rounds_win_p90\" (or \"stuck_share\") and at_most = the bound\n",
                self.guard.rounds,
                100.0 * self.guard.stuck,
                flags.join("\n")
            ));
        }
        o
    }
}
