//! Sweep configs: the TOML file, its validation, and the grid expanded into typed rows.

pub mod tomlerr;

use crate::carcassonne::experiment::{CarcPolicySpec, CarcSpec};
use crate::carcassonne::{RobberPlacement, Rules as CarcRules};
use crate::catan::policy::{PolicySpec, TeamKnobs};
use crate::catan::{
    BoardKind, Modifiers, RaidersRules, RobertRules, RobertTarget, Rules, SolitaireRules, Variant,
};
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
    /// Carcassonne: points per robber left on the board at the end (3 or 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub robber_final_points: Option<OneOrMany<i64>>,
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
/// (see README, "Turn cap"), so cap-outs stay well under 0.1%.
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
    /// `base` (the shipped map) or a path to a map file.
    #[serde(default = "default_map")]
    pub map: String,
    /// Carcassonne: `base` (the built-in `configs/carcassonne-tiles.toml`) or a tile file path.
    #[serde(default = "default_map", skip_serializing_if = "is_base")]
    pub tiles: String,
    #[serde(default)]
    pub grid: GridFile,
    #[serde(default)]
    pub rules: RulesFile,
    /// Knobs of the `team` policy.
    #[serde(default)]
    pub team: TeamKnobs,
}

fn default_map() -> String {
    "base".into()
}

fn is_base(s: &str) -> bool {
    s == "base"
}

/// Difficulty names of the Robert variant and their starting development cards.
pub const DIFFICULTIES: [(&str, u8); 4] =
    [("impossible", 0), ("hard", 1), ("moderate", 2), ("easy", 3)];

/// The difficulty name for a number of starting cards (`custom` beyond the four levels).
pub fn difficulty_name(cards: u8) -> &'static str {
    DIFFICULTIES
        .iter()
        .find(|d| d.1 == cards)
        .map_or("custom", |d| d.0)
}

/// One configuration row of a sweep, validated and typed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowSpec {
    pub rules: Rules,
    pub policy: PolicySpec,
    pub board: BoardKind,
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
        let ctx = |key: &str| {
            if origin == "command line" {
                let leaf = key.rsplit('.').next().unwrap_or(key);
                let flag = leaf.replace('_', "-");
                return format!("command line: --{flag} ({key})");
            }
            let first = key.split(" / ").next().unwrap_or(key);
            match text.and_then(|t| crate::config::tomlerr::key_line(t, first)) {
                Some(line) => format!("{origin}:{line}: {key}"),
                None => format!("{origin}: {key}"),
            }
        };
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
        if file.rules.turn_cap < 1 || file.rules.turn_cap > 1_000_000 {
            bail!(
                "{}: {} must be 1..=1000000",
                ctx("rules.turn_cap"),
                file.rules.turn_cap
            );
        }
        let g = &file.grid;
        let variants = g
            .variant
            .as_ref()
            .map_or(vec!["robert".to_string()], |v| v.to_vec());
        // Without a players key: 4 for base and Robert, 1 for Solitaire.
        let players_given = g.players.as_ref().map(|v| v.to_vec());
        let policies = g
            .policy
            .as_ref()
            .map_or(vec!["team".to_string()], |v| v.to_vec());
        // Without a board key: shuffled boards, except Raiders, whose maps are played as laid out.
        let boards_given = g.board.as_ref().map(|v| v.to_vec());
        let mut raider_opts = Vec::new();
        for &setup_raiders in &g.setup_raiders.as_ref().map_or(vec![false], |v| v.to_vec()) {
            for &volcano_start in &g.volcano_start.as_ref().map_or(vec![false], |v| v.to_vec()) {
                raider_opts.push(RaidersRules {
                    setup_raiders,
                    volcano_start,
                });
            }
        }
        let targets = g
            .robert_target
            .as_ref()
            .map_or(vec!["adjacent".to_string()], |v| v.to_vec());
        let weights = g.city_weight.as_ref().map_or(vec![1], |v| v.to_vec());
        let awards = g.awards.as_ref().map_or(vec![true], |v| v.to_vec());
        let modifiers: Vec<Modifiers> = g
            .modifiers
            .as_ref()
            .map_or(vec!["none".to_string()], |v| v.to_vec())
            .iter()
            .map(|m| {
                Modifiers::parse(m).map_err(|e| {
                    anyhow::anyhow!(
                        "{}: {e} in {m:?}; allowed: none, or {} joined by '+' (e.g. \"volcano+gold\")",
                        ctx("grid.modifiers"),
                        names(Modifiers::NAMES)
                    )
                })
            })
            .collect::<Result<_>>()?;
        let cards: Vec<i64> = match (&g.difficulty, &g.start_cards) {
            (Some(_), Some(_)) => bail!(
                "{}: give either grid.difficulty or grid.start_cards, not both",
                ctx("grid")
            ),
            (Some(d), None) => d
                .to_vec()
                .iter()
                .map(|name| {
                    DIFFICULTIES
                        .iter()
                        .find(|x| x.0 == name)
                        .map(|x| x.1 as i64)
                        .with_context(|| {
                            format!(
                                "{}: unknown difficulty {name:?}; allowed: impossible, hard, moderate, easy (or use grid.start_cards for any count)",
                                ctx("grid.difficulty")
                            )
                        })
                })
                .collect::<Result<_>>()?,
            (None, Some(c)) => c.to_vec(),
            (None, None) => vec![0],
        };
        for (key, len) in [
            ("grid.variant", variants.len()),
            (
                "grid.players",
                players_given.as_ref().map_or(1, |p| p.len()),
            ),
            ("grid.awards", awards.len()),
            ("grid.modifiers", modifiers.len()),
            ("grid.policy", policies.len()),
            ("grid.board", boards_given.as_ref().map_or(1, |b| b.len())),
            ("grid.setup_raiders / grid.volcano_start", raider_opts.len()),
            ("grid.difficulty / grid.start_cards", cards.len()),
            ("grid.robert_target", targets.len()),
            ("grid.city_weight", weights.len()),
        ] {
            if len == 0 {
                bail!("{}: the list is empty; give at least one value", ctx(key));
            }
        }
        let mut rows = Vec::new();
        for v in &variants {
            if v == CARCASSONNE {
                continue;
            }
            if !Variant::NAMES.contains(&v.as_str()) {
                bail!(
                    "{}: unknown variant {v:?}; allowed: {}, {CARCASSONNE}",
                    ctx("grid.variant"),
                    names(Variant::NAMES)
                );
            }
            // Without a policy key: team, except greedy for Raiders (team is co-operative).
            let variant_policies = match (&g.policy, v.as_str()) {
                (None, "raiders") => vec!["greedy".to_string()],
                _ => policies.clone(),
            };
            for pol in &variant_policies {
                let policy = PolicySpec::parse(pol, file.team).with_context(|| {
                    format!(
                        "{}: unknown policy {pol:?}; allowed: {}",
                        ctx("grid.policy"),
                        names(PolicySpec::NAMES)
                    )
                })?;
                let solo = v == "solitaire";
                let raiders = v == "raiders";
                if raiders && !matches!(policy, PolicySpec::Random | PolicySpec::Greedy) {
                    bail!(
                        "{}: policy {pol:?} does not play variant \"raiders\"; allowed: greedy, random",
                        ctx("grid.policy")
                    );
                }
                let boards = boards_given
                    .clone()
                    .unwrap_or_else(|| vec![if raiders { "fixed" } else { "random" }.to_string()]);
                if raiders {
                    if let Some(b) = boards.iter().find(|b| b.as_str() != "fixed") {
                        bail!(
                            "{}: board {b:?} with variant \"raiders\"; allowed: fixed (the Raiders maps are played as laid out: the home island, its raider deserts and the islands are part of the scenario)",
                            ctx("grid.board")
                        );
                    }
                }
                let players = players_given
                    .clone()
                    .unwrap_or_else(|| vec![if solo { 1 } else { 4 }]);
                for &np in &players {
                    if solo && np != 1 {
                        bail!(
                            "{}: {np} players with variant \"solitaire\"; allowed: 1",
                            ctx("grid.players")
                        );
                    }
                    if raiders && !(3..=6).contains(&np) {
                        bail!(
                            "{}: {np} is out of range for variant \"raiders\"; allowed: 3, 4, 5 or 6",
                            ctx("grid.players")
                        );
                    }
                    // The base and Robert games here use the 4-seat base map.
                    if !solo && !raiders && !(2..=4).contains(&np) {
                        bail!(
                            "{}: {np} is out of range for variant {v:?}; allowed: 2, 3 or 4 (1 only with variant \"solitaire\")",
                            ctx("grid.players")
                        );
                    }
                    for &c in &cards {
                        if !(0..=8).contains(&c) {
                            bail!(
                                "{}: {c} is out of range; allowed: 0..=8 starting cards per player",
                                ctx("grid.start_cards")
                            );
                        }
                        if c * np > 25 {
                            bail!("{}: {c} cards for each of {np} players is more than the 25-card deck", ctx("grid.start_cards"));
                        }
                        for t in &targets {
                            let target = RobertTarget::parse(t).with_context(|| {
                                format!(
                                    "{}: unknown reading {t:?}; allowed: {}",
                                    ctx("grid.robert_target"),
                                    names(RobertTarget::NAMES)
                                )
                            })?;
                            for &w in &weights {
                                if !(1..=2).contains(&w) {
                                    bail!(
                                        "{}: {w} is out of range; allowed: 1 or 2",
                                        ctx("grid.city_weight")
                                    );
                                }
                                for &aw in &awards {
                                    for &m in &modifiers {
                                        for &ro in &raider_opts {
                                            for b in &boards {
                                                let board =
                                                    BoardKind::parse(b).with_context(|| {
                                                        format!(
                                                            "{}: unknown board {b:?}; allowed: {}",
                                                            ctx("grid.board"),
                                                            names(BoardKind::NAMES)
                                                        )
                                                    })?;
                                                let mut rules = match v.as_str() {
                                                    "base" => Rules::base(np as u8),
                                                    "solitaire" => {
                                                        Rules::solitaire(SolitaireRules {
                                                            awards: aw,
                                                        })
                                                    }
                                                    "raiders" => Rules::raiders(np as u8, ro),
                                                    _ => Rules::robert(
                                                        np as u8,
                                                        RobertRules {
                                                            target,
                                                            city_weight: w as u8,
                                                            start_cards: c as u8,
                                                        },
                                                    ),
                                                }
                                                .with_modifiers(m);
                                                rules.turn_cap = file.rules.turn_cap as u32;
                                                let row = RowSpec {
                                                    rules,
                                                    policy,
                                                    board,
                                                };
                                                // Axes of other variants do not multiply a row:
                                                // keep one of each.
                                                if !rows.contains(&row) {
                                                    rows.push(row);
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if variants.iter().any(|v| v == CARCASSONNE) && variants.iter().any(|v| v != CARCASSONNE) {
            bail!(
                "{}: \"carcassonne\" cannot share a sweep with Catan variants (each report folder holds one game); use two configs",
                ctx("grid.variant")
            );
        }
        let carcassonne = if variants.iter().any(|v| v == CARCASSONNE) {
            carcassonne_rows(g, &players_given, &ctx)?
        } else {
            Vec::new()
        };
        Ok(Sweep {
            games: file.games as u64,
            file,
            rows,
            carcassonne,
        })
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
        Self::parse(&text, &origin)
    }

    /// Parses config text; `origin` names it in errors.
    ///
    /// # Errors
    /// As [`Sweep::load`].
    pub fn parse(text: &str, origin: &str) -> Result<Sweep> {
        let file: SweepFile = toml::from_str(text)
            .map_err(|e| anyhow::anyhow!(crate::config::tomlerr::describe(origin, text, &e)))?;
        Self::from_file_in(file, origin, Some(text))
    }
}

/// The variant name of Carcassonne with The Robbers.
pub const CARCASSONNE: &str = "carcassonne";

/// Expands the grid's Carcassonne rows: policy × players × robbers × robber_placement ×
/// robber_final_points (the robber options do not multiply rows without the expansion).
fn carcassonne_rows(
    g: &GridFile,
    players_given: &Option<Vec<i64>>,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<CarcSpec>> {
    let policies = g
        .policy
        .as_ref()
        .map_or(vec!["greedy".to_string()], |v| v.to_vec());
    let players = players_given.clone().unwrap_or_else(|| vec![4]);
    let robbers = g.robbers.as_ref().map_or(vec![true], |v| v.to_vec());
    let placements = g
        .robber_placement
        .as_ref()
        .map_or(vec!["next-in-stock".to_string()], |v| v.to_vec());
    let finals = g
        .robber_final_points
        .as_ref()
        .map_or(vec![3], |v| v.to_vec());
    for (key, len) in [
        ("grid.robbers", robbers.len()),
        ("grid.robber_placement", placements.len()),
        ("grid.robber_final_points", finals.len()),
    ] {
        if len == 0 {
            bail!("{}: the list is empty; give at least one value", ctx(key));
        }
    }
    let mut rows = Vec::new();
    for pol in &policies {
        let policy = CarcPolicySpec::parse(pol).with_context(|| {
            format!(
                "{}: policy {pol:?} does not play variant \"carcassonne\"; allowed: {}",
                ctx("grid.policy"),
                names(CarcPolicySpec::NAMES)
            )
        })?;
        for &np in &players {
            if !(2..=5).contains(&np) {
                bail!(
                    "{}: {np} is out of range for variant \"carcassonne\"; allowed: 2..=5",
                    ctx("grid.players")
                );
            }
            for &rob in &robbers {
                for pl in &placements {
                    let placement = RobberPlacement::parse(pl).with_context(|| {
                        format!(
                            "{}: unknown option {pl:?}; allowed: {}",
                            ctx("grid.robber_placement"),
                            names(RobberPlacement::NAMES)
                        )
                    })?;
                    for &fp in &finals {
                        if fp != 0 && fp != 3 {
                            bail!(
                                "{}: {fp} is not allowed; allowed: 3 (2013 rule) or 0 (2012 rule)",
                                ctx("grid.robber_final_points")
                            );
                        }
                        let rules = if rob {
                            CarcRules {
                                players: np as u8,
                                robbers: true,
                                placement,
                                final_points: fp as u8,
                            }
                        } else {
                            CarcRules::base(np as u8)
                        };
                        let row = CarcSpec { rules, policy };
                        if !rows.contains(&row) {
                            rows.push(row);
                        }
                    }
                }
            }
        }
    }
    Ok(rows)
}
