//! Sweep configs: the TOML file, its validation, and the grid expanded into typed rows.

pub mod ablate;
mod builtin;
pub mod calibrate;
mod carcassonne;
mod catan;
pub mod ceiling;
pub mod design;
pub mod fragment;
pub mod knobs;
pub mod learn;
pub mod luck;
pub mod modelfile;
mod player_axes;
mod rowsets;
pub mod rule_sets;
pub mod select;
pub mod value;

use crate::carcassonne::experiment::CarcSpec;
use crate::catan::experiment::RowSpec;
use crate::catan::policy::{GreedyKnobs, Knobs, RolloutKnobs, SolitaireKnobs, TeamKnobs};
use crate::report::ablation::AblationStep;
use crate::report::shard::Folder;
use crate::report::sweep::SweepInfo;
use crate::tomltext;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A scalar or a list in a config grid (`players = 4` or `players = [3, 4]`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T: Clone> OneOrMany<T> {
    pub fn to_vec(&self) -> Vec<T> {
        match self {
            OneOrMany::One(x) => vec![x.clone()],
            OneOrMany::Many(v) => v.clone(),
        }
    }
}

/// The `[grid]` table: every key is one axis of the sweep (a value or a list of values).
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GridFile {
    pub variant: Option<OneOrMany<String>>,
    pub players: Option<OneOrMany<i64>>,
    pub policy: Option<OneOrMany<String>>,
    /// Competitive rows: a lineup per row, one policy per seat, comma-separated
    /// (`"rollout-8,greedy,greedy,greedy"`), instead of `policy`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats: Option<OneOrMany<String>>,
    /// With `seats`: play each lineup from every seat, a row per lead seat (default true).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotate: Option<bool>,
    pub board: Option<OneOrMany<String>>,
    pub difficulty: Option<OneOrMany<String>>,
    pub start_cards: Option<OneOrMany<i64>>,
    pub robert_target: Option<OneOrMany<String>>,
    pub city_weight: Option<OneOrMany<i64>>,
    /// Solitaire: longest road and largest army awarded (default true).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub awards: Option<OneOrMany<bool>>,
    /// Rule modifiers: `none` or names joined by `+` (`volcano+gold`), one entry per row.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub modifiers: Option<OneOrMany<String>>,
    /// Raiders: set-up settlements place raiders too (default false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup_raiders: Option<OneOrMany<bool>>,
    /// Raiders: a starting settlement may touch a volcano (default false, the Seafarers rule).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub volcano_start: Option<OneOrMany<bool>>,
    /// Carcassonne: The Robbers expansion on or off (default true).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robbers: Option<OneOrMany<bool>>,
    /// Carcassonne: who else may place a robber (`next-in-stock` or `each-other`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robber_placement: Option<OneOrMany<String>>,
    /// Carcassonne: points per robber left on the board at the end (3: 2013 rule, 0: 2012).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robber_final_points: Option<OneOrMany<i64>>,
    /// Catan: VP a player needs (default 10; Raiders 13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vp_to_win: Option<OneOrMany<i64>>,
    /// Catan: a seven halves hands of more than this many cards (default 7; Solitaire 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_limit: Option<OneOrMany<i64>>,
    /// Robert: face-down tokens a soldier flips up (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soldier_flips: Option<OneOrMany<i64>>,
    /// Robert: face-down tokens a seven flips up (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seven_flips: Option<OneOrMany<i64>>,
    /// Robert: he rests on every k-th player-turn (default 0: he moves every turn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robert_skip: Option<OneOrMany<i64>>,
    /// Robert: what a monopoly does (`flip-up`, the default, or `take`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monopoly: Option<OneOrMany<String>>,
    /// Robert: knights of the largest army kept out of a reshuffle (default 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_back: Option<OneOrMany<i64>>,
    /// Robert: whether knights shuffled back leave their armies (`leave`, the default) or
    /// still count (`count`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reshuffled_knights: Option<OneOrMany<String>>,
    /// Solitaire: destruction-die faces that destroy (1 to this; default 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destroy_faces: Option<OneOrMany<i64>>,
    /// Solitaire: destroyed tiles that lose the game (default 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles_to_lose: Option<OneOrMany<i64>>,
    /// Solitaire: the card a seven takes may be a VP card (`any`, the default) or not (`not-vp`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lost_card: Option<OneOrMany<String>>,
    /// Solitaire: knights only cancel sevens (`cancel-only`, the default) or also move the
    /// robber (`move-robber`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knight_play: Option<OneOrMany<String>>,
    /// Solitaire: what doubles on the seven's second roll give (`nothing`, the default; `tech`;
    /// `both`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_roll_doubles: Option<OneOrMany<String>>,
    /// Raiders: raiders in the pool at the start (default 18, or 24 for 5-6 players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raider_pool: Option<OneOrMany<i64>>,
    /// Raiders: raiders each built settlement or city places (default 2 or 3 by players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raiders_per_build: Option<OneOrMany<i64>>,
    /// Raiders: a jungle counts as a producing neighbour in the takeover check (default false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jungle_shelters: Option<OneOrMany<bool>>,
    /// Raiders: whether a taken building collects discoveries from an unraided jungle
    /// (`collect`, the default) or not (`lost`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taken_discoveries: Option<OneOrMany<String>>,
    /// Carcassonne: robbers each player has (default 1, the seed; or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robbers_per_player: Option<OneOrMany<i64>>,
    pub robber_tiles: Option<OneOrMany<i64>>,
    /// Carcassonne: the share of a score a robber takes (`half`, the default, `third`, `quarter`, `all`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub robber_share: Option<OneOrMany<String>>,
    /// Carcassonne: where a robber must stand to move with a figure scoring rogue points
    /// (`after-moves`, the default, or `round-start`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rogue_beside: Option<OneOrMany<String>>,
    /// Carcassonne: a robber tile that fits nowhere loses its robber step (`lost`, the default)
    /// or keeps it (`robber-step`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unplaceable_robber_tile: Option<OneOrMany<String>>,
    /// Grid keys meant to span variants that do not all have them (`["soldier_flips"]` beside
    /// `variant = ["robert", "solitaire"]`): each multiplies the rows of the variants it applies
    /// to, and the terminal says which rows ignore it. Without this, a key set for a variant it
    /// does not apply to is an error.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spans_variants: Vec<String>,
    /// Axes of the players' knobs (`team.setup_temperature = [0, 3]`, or a `[grid.team]`
    /// table): each key a knob of the table of that name, each value a value or a list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub greedy: Option<toml::Table>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<toml::Table>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_tuned: Option<toml::Table>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solitaire: Option<toml::Table>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rollout: Option<toml::Table>,
}

/// The `[rules]` table: settings shared by every row.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RulesFile {
    /// Player-turns after which a game stops as a cap-out.
    pub turn_cap: i64,
}

impl Default for RulesFile {
    fn default() -> Self {
        RulesFile {
            turn_cap: DEFAULT_TURN_CAP as i64,
        }
    }
}

/// Default turn cap (player-turns): far above the longest games the shipped policies play
/// (the `capouts` column of the sample reports), so cap-outs stay well under 0.1%.
pub const DEFAULT_TURN_CAP: u32 = 5_000;

/// A sweep config file as written.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SweepFile {
    /// Report folder name: `reports/<name>/` unless `--out` says otherwise.
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Master seed; every game's streams derive from it and the game index.
    pub seed: u64,
    /// Games per configuration row.
    pub games: i64,
    /// Games per row of a search player (`rollout`), at most `games`: a search game costs
    /// about a thousand scripted ones, so a skill ladder gives its search rows fewer games
    /// (they are compared with the other rows over the games both played). Default: `games`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_games: Option<i64>,
    /// `base` (the shipped map) or a path to a map file.
    #[serde(default = "default_map")]
    pub map: String,
    /// Carcassonne: `base` (the built-in `configs/tiles/carcassonne-tiles.toml`) or a tile file path.
    #[serde(default = "default_map", skip_serializing_if = "is_base")]
    pub tiles: String,
    #[serde(default)]
    pub grid: GridFile,
    /// Chosen rule sets instead of one product (`[[rows]]`): each entry is a table of `[grid]`
    /// keys played over the grid's own values (a key it names replaces the grid's axis, the
    /// others still multiply); the sweep's rows are each entry's, in order (docs/guide.md,
    /// "Chosen rule sets").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<toml::Table>,
    /// Pairs of rows to compare in `compare.csv` besides those that differ in one setting
    /// (`[[compare]]`): each entry's `a` and `b` select rows by their settings, and each row `a`
    /// selects is paired with its partner among those `b` selects (the row equal to it in every
    /// setting neither side names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compare: Vec<rowsets::CompareFile>,
    /// Rule sets drawn at random from a knob space, each played as a `[[rows]]` entry after
    /// the config's own (`[rule_sets]`, [`rule_sets::RuleSetsFile`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_sets: Option<rule_sets::RuleSetsFile>,
    /// How the shape of a game is measured (`[shape]`): the win-probability model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<value::ShapeFile>,
    /// A design search: the rule knobs `robsim design` may change and the targets it aims at.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<design::DesignFile>,
    #[serde(default)]
    pub rules: RulesFile,
    /// Knobs of the `greedy` policy.
    #[serde(default, skip_serializing_if = "is_default_greedy")]
    pub greedy: GreedyKnobs,
    /// Knobs of the `team` policy.
    #[serde(default)]
    pub team: TeamKnobs,
    /// Knobs of the `team-tuned` policy (a second `[team]` table, e.g. `robsim tune`'s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_tuned: Option<TeamKnobs>,
    /// Knobs of the `solitaire` policy.
    #[serde(default, skip_serializing_if = "is_default_solitaire")]
    pub solitaire: SolitaireKnobs,
    /// Knobs of the `rollout` search player (`rollout-N` in `grid.policy` sets its budget to N).
    #[serde(default, skip_serializing_if = "is_default_rollout")]
    pub rollout: RolloutKnobs,
    /// An ablation: the grid's one row, then each listed rule knob moved (`robsim ablate`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ablate: Option<ablate::AblateFile>,
    /// A calibration: the knob values that give target win rates (`robsim calibrate`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calibrate: Option<calibrate::CalibrateFile>,
    /// The model file the `learned` player plays (`robsim learn` writes one); without it,
    /// the variant's built-in model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learned: Option<learn::LearnedFile>,
    /// Named model files (`mine = "out/mine/model.toml"`), played as `learned:mine`.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub models: std::collections::BTreeMap<String, String>,
    /// Expert iteration: what `robsim learn` plays and fits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learn: Option<learn::LearnFile>,
    /// A luck-and-skill run: boards × games per board for each rung (`robsim luck`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<luck::LuckFile>,
    /// A ceiling run: how far `robsim ceiling` doubles the search budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceiling: Option<ceiling::CeilingFile>,
    /// A value model fit: what `robsim learn-value` plays and fits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<value::ValueTable>,
}

fn is_default_rollout(k: &RolloutKnobs) -> bool {
    *k == RolloutKnobs::default()
}

fn is_default_greedy(k: &GreedyKnobs) -> bool {
    *k == GreedyKnobs::default()
}

fn is_default_solitaire(k: &SolitaireKnobs) -> bool {
    *k == SolitaireKnobs::default()
}

impl SweepFile {
    /// The knob tables, for [`PolicySpec::parse`](crate::catan::policy::PolicySpec::parse).
    pub fn knobs(&self) -> Knobs<'static> {
        Knobs {
            greedy: self.greedy,
            team: self.team,
            solitaire: self.solitaire,
            rollout: self.rollout,
            team_tuned: self.team_tuned,
            // Loaded from their files when the rows are expanded (`learn::load_models`).
            learned: None,
            named: &[],
        }
    }
}

fn default_map() -> String {
    "base".into()
}

fn is_base(s: &str) -> bool {
    s == "base"
}

/// A validated sweep: shared settings and the expanded rows.
#[derive(Clone, Debug)]
pub struct Sweep {
    pub file: SweepFile,
    pub games: u64,
    /// Catan rows.
    pub rows: Vec<RowSpec>,
    /// Carcassonne rows (numbered after the Catan rows in the report).
    pub carcassonne: Vec<CarcSpec>,
    /// With an `[ablate]` table: the moved rows (the base row is row 0).
    pub ablation: Vec<AblationStep>,
    /// The rows `[[compare]]` pairs (row a, row b), besides those that differ in one setting.
    pub chosen: Vec<(usize, usize)>,
    /// What a person should know before the rows run (grid keys that some rows ignore, from
    /// `grid.spans_variants`; a model or knob table no row plays), one line each.
    pub notes: Vec<String>,
    /// The models (and built-in knobs) the rows play: the manifest's `models`.
    pub models: Vec<crate::report::ModelRecord>,
}

/// Notes for a `[learned]`, `[models]` or `[team_tuned]` table that no row plays (the rows
/// play what their names say, so such a table changes nothing).
fn unplayed_tables(file: &SweepFile, rows: &[RowSpec], flags: bool) -> Vec<String> {
    use crate::catan::policy::PolicySpec;
    let mut notes = Vec::new();
    let learned_key = if flags { "--model" } else { "[learned]" };
    if file.learned.is_some()
        && !rows
            .iter()
            .any(|r| matches!(r.policy.model(), Some((_, None))))
    {
        notes.push(format!(
            "note: {learned_key} is given but no row plays learned (or a search over it), so it changes nothing"
        ));
    }
    for name in file.models.keys() {
        if !rows
            .iter()
            .any(|r| matches!(r.policy.model(), Some((_, Some(n))) if n.as_str() == name))
        {
            notes.push(format!(
                "note: [models] {name} is given but no row plays learned:{name}, so it changes nothing"
            ));
        }
    }
    if file.team_tuned.is_some()
        && !rows
            .iter()
            .any(|r| matches!(r.policy, PolicySpec::TeamTuned(_)))
    {
        notes.push(
            "note: [team_tuned] is given but no row plays team-tuned, so it changes nothing".into(),
        );
    }
    notes
}

/// Notes for a `[[learned.rules]]` model that no row plays while some row plays `learned`
/// (no row's rules match its `when`), so it changes nothing.
fn unmatched_rule_models(
    file: &SweepFile,
    rows: &[RowSpec],
    played: &[crate::report::ModelRecord],
) -> Vec<String> {
    let Some(l) = &file.learned else {
        return Vec::new();
    };
    if !rows
        .iter()
        .any(|r| matches!(r.policy.model(), Some((_, None))))
    {
        return Vec::new();
    }
    l.rules
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            !played.iter().any(|m| {
                m.when.is_some()
                    && (m.source == r.model || m.source == format!("built-in {}", r.model))
            })
        })
        .map(|(i, _)| {
            format!(
                "note: [[learned.rules]] entry {} ({}) matches no row's rules, so it changes nothing",
                i + 1,
                l.rules[i].model
            )
        })
        .collect()
}

/// What the note on rows outside a model's training rows says (one note per sweep).
const OUTSIDE_NOTE: &str = "outside the rows it was trained on";

/// A note for the rows whose model plays outside the rows it was trained on (summary.csv marks
/// each in `model_outside`): how many, per model, and what is outside.
fn outside_training(rows: &[RowSpec]) -> Vec<String> {
    let mut per: Vec<(String, usize, Vec<String>)> = Vec::new();
    for r in rows {
        let Some(m) = r.model.filter(|m| m.outside != 0) else {
            continue;
        };
        let what = m.outside_text(&r.rules);
        match per.iter_mut().find(|(f, _, _)| *f == m.file.as_str()) {
            Some((_, n, whats)) => {
                *n += 1;
                if !whats.contains(&what) {
                    whats.push(what);
                }
            }
            None => per.push((m.file.to_string(), 1, vec![what])),
        }
    }
    per.into_iter()
        .map(|(file, n, whats)| {
            let shown: Vec<&str> = whats.iter().take(4).map(String::as_str).collect();
            let more = whats.len().saturating_sub(shown.len());
            format!(
                "note: {n} row{} play{} the learned model {file} {OUTSIDE_NOTE} ({}{}); summary.csv's model_outside marks them",
                if n == 1 { "" } else { "s" },
                if n == 1 { "s" } else { "" },
                shown.join("; "),
                if more > 0 { format!("; {more} more") } else { String::new() }
            )
        })
        .collect()
}

fn names<'a>(v: &'a [&'a str]) -> String {
    v.join(", ")
}

impl Sweep {
    /// Configuration rows of either game.
    pub fn n_rows(&self) -> usize {
        self.rows.len() + self.carcassonne.len()
    }

    /// Validates a config and expands its grid (variant × policy × players × difficulty ×
    /// Robert target × city weight × awards × modifiers × board, in that nesting order).
    ///
    /// # Errors
    /// The first key whose value is missing, of the wrong type or out of range, naming the
    /// key and the allowed values.
    pub fn from_file(file: SweepFile, origin: &str) -> Result<Sweep> {
        Self::from_file_in(file, origin, None)
    }

    /// As [`Sweep::from_file`]; with the file's `text`, errors name the line of the key
    /// (`configs/x.toml:12: grid.players: ...`). From the command line (`origin` is
    /// `command line`), they name the flag (`--players`).
    ///
    /// # Errors
    /// As [`Sweep::from_file`].
    pub fn from_file_in(file: SweepFile, origin: &str, text: Option<&str>) -> Result<Sweep> {
        let at = Locate { origin, text };
        let ctx = |key: &str| at.key(key);
        // `[rule_sets]` becomes `[[rows]]` entries; `sweep.file` keeps the table as written.
        let written = file.clone();
        let file = rule_sets::expand(&file, &at)?.unwrap_or(file);
        rowsets::check_alone(&file, &ctx)?;
        if let Some(a) = &file.ablate {
            let (mut sweep, steps) = ablate::expand(&file, a, &ctx, origin, text)?;
            sweep.file = file.clone();
            sweep.ablation = steps;
            sweep.notes.retain(|n| !n.contains(OUTSIDE_NOTE));
            sweep.notes.extend(outside_training(&sweep.rows));
            return Ok(sweep);
        }
        if file.name.trim().is_empty()
            || file
                .name
                .chars()
                .any(|c| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
        {
            bail!(
                "{}: {:?} must be a non-empty folder name of letters, digits, '-', '_' and '.'",
                ctx("name"),
                file.name
            );
        }
        if file.games < 1 {
            bail!(
                "{}: {} must be a whole number of at least 1",
                ctx("games"),
                file.games
            );
        }
        if let Some(n) = file.search_games {
            if n < 1 {
                bail!(
                    "{}: {n} must be a whole number of at least 1",
                    ctx("search_games")
                );
            }
        }
        if file.rules.turn_cap < 1 || file.rules.turn_cap > 1_000_000 {
            bail!(
                "{}: {} must be 1..=1000000",
                ctx("rules.turn_cap"),
                file.rules.turn_cap
            );
        }
        let mut models = Vec::new();
        let (rows, carcassonne, mut notes) = if file.rows.is_empty() {
            expand_grid(&file, &ctx, origin == COMMAND_LINE, &mut models)?
        } else {
            rowsets::expand(&file, &at, &mut models)?
        };
        // Over every row (a `[[rows]]` entry's own may leave a table another entry plays).
        notes.extend(unplayed_tables(&file, &rows, origin == COMMAND_LINE));
        notes.extend(unmatched_rule_models(&file, &rows, &models));
        notes.extend(outside_training(&rows));
        let mut sweep = Sweep {
            games: file.games as u64,
            file: written,
            rows,
            carcassonne,
            ablation: Vec::new(),
            chosen: Vec::new(),
            notes,
            models,
        };
        sweep.chosen = rowsets::compare(&file, &at, &sweep)?;
        Ok(sweep)
    }

    /// What a report records of this sweep.
    pub fn info(&self) -> SweepInfo<'_> {
        SweepInfo {
            name: &self.file.name,
            description: &self.file.description,
            seed: self.file.seed,
            ablation: &self.ablation,
            chosen: &self.chosen,
            models: &self.models,
        }
    }

    /// The validated sweep a report folder ran (its `config.toml`), with the folder's games per
    /// row.
    ///
    /// # Errors
    /// The recorded config no longer validates.
    pub fn recorded(folder: &Folder) -> Result<Sweep> {
        let origin = folder.dir.join("config.toml").display().to_string();
        let text = &folder.config_text;
        let mut file: SweepFile =
            toml::from_str(text).map_err(|e| anyhow::anyhow!(describe(&origin, text, &e)))?;
        // `robsim run` before 2026-11-24 wrote these keys at their defaults for every variant;
        // they changed nothing where they do not apply, so a rerun of such a folder drops them.
        if file.description == "written by robsim run" {
            let g = &mut file.grid;
            let variant = g.variant.as_ref().map(|v| v.to_vec()).unwrap_or_default();
            let applies = |key: &str| {
                knobs::grid_key_variants(key)
                    .is_none_or(|a| variant.iter().all(|v| a.contains(&v.as_str())))
            };
            if !applies("robert_target") {
                g.robert_target = None;
            }
            if !applies("city_weight") {
                g.city_weight = None;
            }
            if !applies("awards") {
                g.awards = None;
            }
            if !applies("modifiers") {
                g.modifiers = None;
            }
        }
        let mut sweep = Self::from_file_in(file, &origin, Some(text))?;
        sweep.games = folder.manifest.games_per_row;
        Ok(sweep)
    }

    /// Reads, parses and validates a config file.
    ///
    /// # Errors
    /// Unreadable file, TOML syntax, unknown keys, wrong types (with line and column), or any
    /// error of [`Sweep::from_file`].
    pub fn load(path: &Path) -> Result<Sweep> {
        let origin = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read config file {origin}"))?;
        crate::paths::set_config_file(path);
        Self::parse(&text, &origin)
    }

    /// Parses config text; `origin` names it in errors.
    ///
    /// # Errors
    /// As [`Sweep::load`].
    pub fn parse(text: &str, origin: &str) -> Result<Sweep> {
        let file: SweepFile =
            toml::from_str(text).map_err(|e| anyhow::anyhow!(describe(origin, text, &e)))?;
        Self::from_file_in(file, origin, Some(text))
    }
}

/// The tables of a config file and the keys each accepts (`[models]` takes any name and is not
/// listed), for the hints of an unknown key: `it belongs in [grid]`, `did you mean ... in [grid]?`.
pub fn schema() -> Vec<(&'static str, Vec<String>)> {
    use tomltext::keys_of;
    vec![
        ("", keys_of::<SweepFile>()),
        ("grid", keys_of::<GridFile>()),
        ("rules", keys_of::<RulesFile>()),
        ("greedy", keys_of::<GreedyKnobs>()),
        ("team", keys_of::<TeamKnobs>()),
        ("team_tuned", keys_of::<TeamKnobs>()),
        ("solitaire", keys_of::<SolitaireKnobs>()),
        ("rollout", keys_of::<RolloutKnobs>()),
        ("ablate", keys_of::<ablate::AblateFile>()),
        ("calibrate", keys_of::<calibrate::CalibrateFile>()),
        ("learned", keys_of::<learn::LearnedFile>()),
        ("learn", keys_of::<learn::LearnFile>()),
        ("luck", keys_of::<luck::LuckFile>()),
        ("ceiling", keys_of::<ceiling::CeilingFile>()),
        ("value", keys_of::<value::ValueTable>()),
        ("compare", keys_of::<rowsets::CompareFile>()),
        ("rule_sets", keys_of::<rule_sets::RuleSetsFile>()),
        ("shape", keys_of::<value::ShapeFile>()),
        ("design", keys_of::<design::DesignFile>()),
        ("design.knob", keys_of::<design::KnobFile>()),
        ("design.target", keys_of::<design::TargetFile>()),
    ]
}

/// A config's TOML error as one line, with the hints of [`schema`] for an unknown key.
fn describe(origin: &str, text: &str, e: &toml::de::Error) -> String {
    tomltext::describe_in(origin, text, e, &schema())
}

/// The variant name of Carcassonne with The Robbers.
pub const CARCASSONNE: &str = "carcassonne";

/// The origin of a sweep built from `robsim run` / `trace` flags: its errors name flags.
pub const COMMAND_LINE: &str = "command line";

/// The policy a variant's rows play without a `policy` key (and `robsim run` without
/// `--policy`): the variant's own player.
pub fn default_policy(variant: &str) -> &'static str {
    match variant {
        "robert" => "team",
        "solitaire" => "solitaire",
        _ => "greedy",
    }
}

/// Rows as a short list (`0-3, 6`).
fn row_list(rows: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        while j + 1 < rows.len() && rows[j + 1] == rows[j] + 1 {
            j += 1;
        }
        parts.push(if i == j {
            rows[i].to_string()
        } else {
            format!("{}-{}", rows[i], rows[j])
        });
        i = j + 1;
    }
    parts.join(", ")
}

/// Checks that every key the grid (or the top level's `map` / `tiles`) sets applies to every
/// variant listed; keys in `grid.spans_variants` may skip variants, and each gives a note naming
/// the rows that ignore it.
///
/// # Errors
/// A key set for a variant it does not apply to, naming the key (or flag), the variant and the
/// variants it applies to; an unknown key in `grid.spans_variants`.
fn applicability(
    file: &SweepFile,
    variants: &[String],
    rows: &[RowSpec],
    ctx: &dyn Fn(&str) -> String,
    flags: bool,
) -> Result<Vec<String>> {
    let grid = toml::Table::try_from(&file.grid).context("serialising the grid")?;
    let spans = &file.grid.spans_variants;
    for key in spans {
        if !grid.contains_key(key) || knobs::grid_key_variants(key).is_none() {
            bail!(
                "{}: {key:?} is not a variant-specific key the grid sets; allowed: keys of [grid] that apply to some variants only ({})",
                ctx("grid.spans_variants"),
                grid.keys()
                    .filter(|k| knobs::grid_key_variants(k).is_some())
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    let mut keys: Vec<(String, String)> = grid
        .keys()
        .map(|k| (k.clone(), format!("grid.{k}")))
        .collect();
    if file.map != "base" {
        keys.push(("map".into(), "map".into()));
    }
    if file.tiles != "base" {
        keys.push(("tiles".into(), "tiles".into()));
    }
    let mut notes = Vec::new();
    for (key, at) in &keys {
        let Some(applies) = knobs::grid_key_variants(key) else {
            continue;
        };
        let Some(other) = variants.iter().find(|v| !applies.contains(&v.as_str())) else {
            continue;
        };
        if spans.contains(key) {
            let ignored: Vec<usize> = rows
                .iter()
                .enumerate()
                .filter(|(_, r)| !applies.contains(&r.rules.variant.name()))
                .map(|(i, _)| i)
                .collect();
            let which: Vec<&str> = variants
                .iter()
                .filter(|v| !applies.contains(&v.as_str()))
                .map(String::as_str)
                .collect();
            notes.push(format!(
                "note: {at} applies to {} only; rows {} ({}) ignore it",
                applies.join(", "),
                row_list(&ignored),
                which.join(", ")
            ));
            continue;
        }
        let hint = if flags {
            String::new()
        } else if variants.len() > 1 {
            format!("; remove it, or add spans_variants = [\"{key}\"] to [grid] if the list is meant to span variants")
        } else {
            "; remove it".to_string()
        };
        bail!(
            "{}: does not apply to variant {other:?}; it applies to {}{hint}",
            ctx(at),
            applies.join(", "),
        );
    }
    Ok(notes)
}

/// Where a config came from, so that errors name the file and line of a key
/// (`configs/x.toml:12: grid.players`) or, from the command line, the flag (`--players`).
struct Locate<'a> {
    origin: &'a str,
    text: Option<&'a str>,
}

impl Locate<'_> {
    fn key(&self, key: &str) -> String {
        if self.origin == COMMAND_LINE {
            let leaf = key.rsplit('.').next().unwrap_or(key);
            let flag = leaf.replace('_', "-");
            return format!("command line: --{flag} ({key})");
        }
        let first = key.split(" / ").next().unwrap_or(key);
        match self.text.and_then(|t| tomltext::key_line(t, first)) {
            Some(line) => format!("{}:{line}: {key}", self.origin),
            None => format!("{}: {key}", self.origin),
        }
    }
}

/// The rows of `file`'s grid (one product) and the notes a person should read before they run;
/// the models they play are added to `models`.
fn expand_grid(
    file: &SweepFile,
    ctx: &dyn Fn(&str) -> String,
    flags: bool,
    models: &mut Vec<crate::report::ModelRecord>,
) -> Result<(Vec<RowSpec>, Vec<CarcSpec>, Vec<String>)> {
    let g = &file.grid;
    let variants = g
        .variant
        .as_ref()
        .map_or(vec!["robert".to_string()], |v| v.to_vec());
    if variants.is_empty() {
        bail!(
            "{}: the list is empty; give at least one value",
            ctx("grid.variant")
        );
    }
    let carc = variants.iter().any(|v| v == CARCASSONNE);
    let rows = catan::rows(file, &variants, ctx, models)?;
    if carc && variants.iter().any(|v| v != CARCASSONNE) {
        bail!(
            "{}: \"carcassonne\" cannot share a sweep with Catan variants (each report folder holds one game); use two configs",
            ctx("grid.variant")
        );
    }
    let carcassonne = if carc {
        carcassonne::rows(g, ctx)?
    } else {
        Vec::new()
    };
    let notes = applicability(file, &variants, &rows, ctx, flags)?;
    Ok((rows, carcassonne, notes))
}

/// A grid axis: its values, or the default when the key is absent; an empty list is an error.
fn axis<T: Clone>(
    v: &Option<OneOrMany<T>>,
    default: Vec<T>,
    key: &str,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<T>> {
    let values = v.as_ref().map_or(default, |v| v.to_vec());
    if values.is_empty() {
        bail!("{}: the list is empty; give at least one value", ctx(key));
    }
    Ok(values)
}
