//! `[ablate]`: a base row and each listed rule knob moved.
//!
//! `[ablate]`: a config's one base row, then each listed rule knob moved one step either way (or to
//! listed values), as the sweep's rows.
//!
//! Every row plays the same games (game `i` of every row has the same seed), so each moved row is
//! paired with the base row on common random numbers; `compare.csv` has each pair and
//! `ablation.csv` the ones against the base row.

use super::knobs::{self, Allowed};
use super::{GridFile, Sweep, SweepFile};
use crate::carcassonne::experiment::resolve_tiles;
use crate::report::ablation::AblationStep;
use crate::tomltext::show;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use toml::Value;

/// The `[ablate]` table.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AblateFile {
    /// Rule knobs to move, in the order `ablation.csv` lists them.
    pub knobs: Vec<String>,
    /// Values to play for a knob instead of one step either way (`[ablate.values]`,
    /// `robert_skip = [2, 4]`); the base row's own value is skipped.
    #[serde(default, skip_serializing_if = "toml::Table::is_empty")]
    pub values: toml::Table,
    /// The players the ablation is played under (`players = ["team", "learned"]`): each plays
    /// its own base row and every moved row, in this order. Without it, the grid's one policy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
}

/// Policies a co-operative ablation row may play (the `ablate.players` error's list).
const COOP_PLAYERS: &str = "team, team-tuned, learned, learned:NAME, random, greedy, solitaire (variant solitaire), rollout-N[:BASE][@H], halving-N[:BASE]";

/// Refuses a player that is not a policy name, or one that only plays a competitive game (a
/// lineup of seats, a search with every hand open).
fn check_player(file: &SweepFile, player: &str, ctx: &dyn Fn(&str) -> String) -> Result<()> {
    use crate::catan::policy::{PolicyError, PolicySpec};
    if player.contains(',') || player.ends_with("+open") {
        bail!(
            "{}: {player:?} plays a competitive game only ({}); allowed: {COOP_PLAYERS}",
            ctx("ablate.players"),
            if player.contains(',') {
                "a lineup of seats"
            } else {
                "a search with every hand open"
            }
        );
    }
    match PolicySpec::parse(player, &file.knobs()) {
        // Models and the tuned knobs are bound with the rows (their errors name the grid).
        Ok(_)
        | Err(PolicyError::NoModel(_))
        | Err(PolicyError::NoTeamTuned(_))
        | Err(PolicyError::UnknownModel { .. }) => Ok(()),
        Err(e) => bail!("{}: {e}", ctx("ablate.players")),
    }
}

/// The values a knob moves to from `base`: the listed ones, else one step either way within its
/// range (the other names of a named knob, the other truth value of a switch).
fn moved_values(
    a: &AblateFile,
    k: &knobs::RuleKnob,
    base: &Value,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<Value>> {
    let key = format!("ablate.values.{}", k.key);
    let values = match a.values.get(k.key) {
        Some(Value::Array(v)) => v.clone(),
        Some(v) => vec![v.clone()],
        None => match (k.allowed, base) {
            (Allowed::Int(lo, hi), Value::Integer(x)) => [x - 1, x + 1]
                .into_iter()
                .filter(|v| (lo..=hi).contains(v))
                .map(Value::Integer)
                .collect(),
            (Allowed::Names(n), Value::String(s)) => n
                .iter()
                .filter(|&&m| m != s)
                .map(|&m| Value::String(m.into()))
                .collect(),
            (Allowed::Bool, Value::Boolean(b)) => vec![Value::Boolean(!b)],
            _ => unreachable!("a knob's value has the knob's type"),
        },
    };
    for v in &values {
        if !k.allowed.admits(v) {
            bail!(
                "{}: {v} is not a value of {}; allowed: {}",
                ctx(&key),
                k.key,
                k.allowed.describe()
            );
        }
    }
    let mut out: Vec<Value> = Vec::new();
    for v in values {
        if &v != base && !out.contains(&v) {
            out.push(v);
        }
    }
    if out.is_empty() {
        bail!(
            "{}: {} has no value to move to from the base row's {}; list some in [ablate.values]",
            ctx("ablate.knobs"),
            k.key,
            show(base)
        );
    }
    Ok(out)
}

/// The grid with `key` set to `value` (a list of one); `start_cards` replaces `difficulty`.
fn with_key(grid: &GridFile, key: &str, value: &Value) -> Result<GridFile> {
    let mut t = toml::Table::try_from(grid).context("serialising the grid")?;
    if key == "start_cards" {
        t.remove("difficulty");
    }
    t.insert(key.into(), value.clone());
    t.try_into().context("rebuilding the grid")
}

/// Expands `file` (whose `[ablate]` table is `a`) into the base row and the moved rows.
///
/// # Errors
/// The grid does not describe exactly one row; a knob is unknown or does not apply to the base
/// row's game; a listed value is not one of the knob's.
pub(super) fn expand(
    file: &SweepFile,
    a: &AblateFile,
    ctx: &dyn Fn(&str) -> String,
    origin: &str,
    text: Option<&str>,
) -> Result<(Sweep, Vec<AblationStep>)> {
    let plain = SweepFile {
        ablate: None,
        ..file.clone()
    };
    if a.knobs.is_empty() {
        bail!(
            "{}: the list is empty; give at least one of: {}",
            ctx("ablate.knobs"),
            knobs::keys()
        );
    }
    for key in a.values.keys() {
        if !a.knobs.contains(key) {
            bail!(
                "{}: {key} is not in ablate.knobs; allowed: {}",
                ctx(&format!("ablate.values.{key}")),
                a.knobs.join(", ")
            );
        }
    }
    for (i, p) in a.players.iter().enumerate() {
        check_player(file, p, ctx)?;
        if a.players[..i].contains(p) {
            bail!(
                "{}: {p:?} is listed twice; give each player once",
                ctx("ablate.players")
            );
        }
    }
    // One base grid per player: the grid's own, or the grid with `policy` set to the player.
    let grids: Vec<GridFile> = if a.players.is_empty() {
        vec![plain.grid.clone()]
    } else {
        a.players
            .iter()
            .map(|p| with_key(&plain.grid, "policy", &Value::String(p.clone())))
            .collect::<Result<_>>()?
    };
    let mut sweep: Option<Sweep> = None;
    let mut steps = Vec::new();
    for grid in grids {
        let plain = SweepFile {
            grid,
            ..plain.clone()
        };
        let base = Sweep::from_file_in(plain.clone(), origin, text)?;
        if base.n_rows() != 1 {
            bail!(
                "{}: an ablation needs a grid of one base row; this grid has {} (give one value per key; a Robert grid without difficulty plays every level; several players go in ablate.players)",
                ctx("grid"),
                base.n_rows()
            );
        }
        let player = match (base.rows.first(), base.carcassonne.first()) {
            (Some(r), _) => r.policy_label(),
            (None, Some(c)) => c.policy_label(),
            (None, None) => unreachable!("one base row"),
        };
        let all = sweep.get_or_insert_with(|| Sweep {
            rows: Vec::new(),
            carcassonne: Vec::new(),
            ..base.clone()
        });
        let base_row = all.n_rows();
        all.rows.extend(base.rows.iter().cloned());
        all.carcassonne.extend(base.carcassonne.iter().cloned());
        if base_row > 0 {
            all.models.extend(
                base.models
                    .iter()
                    .filter(|m| !all.models.contains(m))
                    .cloned()
                    .collect::<Vec<_>>(),
            );
            // A note holds for the ablation only when it holds under every player (a table
            // one player does not play, such as `[learned]` under team, another may).
            all.notes.retain(|n| base.notes.contains(n));
        }
        moved_rows(
            &plain, &base, a, ctx, origin, &player, base_row, all, &mut steps,
        )?;
    }
    Ok((sweep.expect("at least one player"), steps))
}

/// Each listed knob moved from `base` (one player's base row, row `base_row` of `sweep`): the
/// moved rows are appended to `sweep` and their steps to `steps`.
#[allow(clippy::too_many_arguments)]
fn moved_rows(
    plain: &SweepFile,
    base: &Sweep,
    a: &AblateFile,
    ctx: &dyn Fn(&str) -> String,
    origin: &str,
    player: &str,
    base_row: usize,
    sweep: &mut Sweep,
    steps: &mut Vec<AblationStep>,
) -> Result<()> {
    let value_of = |s: &Sweep, key: &str| match s.rows.first() {
        Some(r) => crate::catan::knobs::value(key, &r.rules),
        None => {
            let r = &s.carcassonne[0].rules;
            // A row that leaves the robber tiles to its tile file plays the file's count (a
            // file that cannot be read is reported when the rows are checked).
            let from_file = (key == "robber_tiles" && r.robbers && r.robber_tiles.is_none())
                .then(|| resolve_tiles(&s.file.tiles).ok())
                .flatten()
                .map(|t| Value::Integer((t.total(true) - t.total(false)) as i64));
            from_file.or_else(|| knobs::carcassonne_value(key, r))
        }
    };
    let first = steps.len();
    for name in &a.knobs {
        let k = knobs::knob(name).with_context(|| {
            format!(
                "{}: unknown knob {name:?}; allowed: {}",
                ctx("ablate.knobs"),
                knobs::keys()
            )
        })?;
        let game = match base.rows.first() {
            Some(r) => r.rules.variant.name(),
            None => "carcassonne",
        };
        let Some(b) = value_of(base, k.key) else {
            bail!(
                "{}: {name} does not apply to a {game} row (it is a {} knob)",
                ctx("ablate.knobs"),
                k.applies
            );
        };
        for v in moved_values(a, k, &b, ctx)? {
            let moved = SweepFile {
                grid: with_key(&plain.grid, k.key, &v)?,
                ..plain.clone()
            };
            let s = Sweep::from_file(moved, origin)
                .with_context(|| format!("{}: {} = {}", ctx("ablate"), k.key, show(&v)))?;
            if steps[first..]
                .iter()
                .any(|st: &AblationStep| st.knob == k.key && st.value == show(&v))
            {
                continue;
            }
            steps.push(AblationStep {
                player: player.to_string(),
                base_row,
                row: sweep.n_rows(),
                knob: k.key,
                base: show(&b),
                value: show(&v),
            });
            sweep.rows.extend(s.rows);
            sweep.carcassonne.extend(s.carcassonne);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::config::Sweep;

    const BASE: &str = "name = \"a\"\nseed = 1\ngames = 10\n[grid]\nvariant = \"robert\"\nplayers = 4\ndifficulty = \"moderate\"\n";

    fn parse(extra: &str) -> anyhow::Result<Sweep> {
        Sweep::parse(&format!("{BASE}{extra}"), "a.toml")
    }

    #[test]
    fn base_row_then_each_knob_a_step_either_way_or_to_listed_values() {
        let s = parse(
            "[ablate]\nknobs = [\"soldier_flips\", \"start_cards\", \"monopoly\", \"robert_skip\"]\n[ablate.values]\nrobert_skip = [0, 4]\n",
        )
        .unwrap();
        let steps: Vec<(usize, &str, &str, &str)> = s
            .ablation
            .iter()
            .map(|a| (a.row, a.knob, a.base.as_str(), a.value.as_str()))
            .collect();
        assert_eq!(
            steps,
            vec![
                (1, "soldier_flips", "2", "1"),
                (2, "soldier_flips", "2", "3"),
                (3, "start_cards", "2", "1"),
                (4, "start_cards", "2", "3"),
                (5, "monopoly", "flip-up", "take"),
                (6, "robert_skip", "0", "4"),
            ]
        );
        assert_eq!(s.rows.len(), 7);
        let r = |i: usize| s.rows[i].rules.variant.robert().unwrap();
        assert_eq!(
            r(0),
            crate::catan::RobertRules {
                start_cards: 2,
                ..Default::default()
            }
        );
        assert_eq!((r(1).soldier_flips, r(2).soldier_flips), (1, 3));
        assert_eq!((r(3).start_cards, r(4).start_cards), (1, 3));
        assert_eq!(r(6).robert_skip, 4);
        // Everything else as in the base row.
        assert_eq!(
            crate::catan::RobertRules {
                soldier_flips: 2,
                ..r(1)
            },
            r(0)
        );
    }

    /// `[learned]` is played when any listed player plays it: no note says it changes nothing
    /// (the team's pass alone would), but it does when no player does.
    #[test]
    fn a_model_table_one_player_plays_is_not_noted_as_unplayed() {
        let table = "[learned]\nmodel = \"configs/models/robert.toml\"\n";
        let unplayed = |players: &str| {
            let s = parse(&format!(
                "[ablate]\nplayers = [{players}]\nknobs = [\"soldier_flips\"]\n{table}"
            ))
            .unwrap();
            s.notes.iter().any(|n| n.contains("[learned] is given"))
        };
        assert!(!unplayed("\"team\", \"learned\""));
        assert!(!unplayed("\"learned\", \"team\""));
        assert!(unplayed("\"team\", \"greedy\""));
    }

    #[test]
    fn bad_ablations_name_the_key_and_what_is_allowed() {
        for (extra, want) in [
            ("players = [3, 4]\n[ablate]\nknobs = [\"soldier_flips\"]\n", "a.toml:4: grid: an ablation needs a grid of one base row; this grid has 2"),
            ("[ablate]\nknobs = []\n", "ablate.knobs: the list is empty"),
            ("[ablate]\nknobs = [\"soldiers\"]\n", "unknown knob \"soldiers\"; allowed: start_cards"),
            ("[ablate]\nknobs = [\"destroy_faces\"]\n", "destroy_faces does not apply to a robert row"),
            ("[ablate]\nknobs = [\"seven_flips\"]\n[ablate.values]\nseven_flips = [9]\n", "ablate.values.seven_flips: 9 is not a value of seven_flips; allowed: whole numbers 0..=6"),
            ("[ablate]\nknobs = [\"city_weight\"]\n[ablate.values]\nkeep_back = [1]\n", "ablate.values.keep_back: keep_back is not in ablate.knobs"),
            ("[ablate]\nknobs = [\"monopoly\"]\n[ablate.values]\nmonopoly = [\"flip-up\"]\n", "monopoly has no value to move to"),
        ] {
            let extra = if extra.starts_with("players") {
                // Replaces the base's players key.
                extra.to_string()
            } else {
                format!("players = 4\n{extra}")
            };
            let text = BASE.replace("players = 4\n", "") + &extra;
            let e = format!("{:#}", Sweep::parse(&text, "a.toml").unwrap_err());
            assert!(e.contains(want), "{extra}: {e}");
        }
    }

    #[test]
    fn carcassonne_knobs_move_too() {
        let s = Sweep::parse(
            "name = \"a\"\nseed = 1\ngames = 10\n[grid]\nvariant = \"carcassonne\"\nplayers = 3\n[ablate]\nknobs = [\"robber_share\", \"robbers\"]\n",
            "a.toml",
        )
        .unwrap();
        assert_eq!(s.carcassonne.len(), 1 + 3 + 1);
        assert_eq!(s.ablation.last().map(|a| a.value.as_str()), Some("false"));
    }

    /// `robber_tiles` steps from the count the row plays: its tile file's own when the grid
    /// leaves it to the file (5 robber tiles here, not the box's 8).
    #[test]
    fn robber_tiles_step_from_the_tile_files_count() {
        let dir = std::env::temp_dir().join(format!("robsim-ablate-tiles-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("five.toml");
        let text = crate::carcassonne::BASE_TILES
            .replace("shape = \"U\"\ncount = 2", "shape = \"U\"\ncount = 1")
            .replace("shape = \"V\"\ncount = 2", "shape = \"V\"\ncount = 0");
        std::fs::write(&file, text).unwrap();
        let cfg = |tiles: &str| {
            format!("name = \"a\"\nseed = 1\ngames = 10\ntiles = {tiles:?}\n[grid]\nvariant = \"carcassonne\"\nplayers = 3\n[ablate]\nknobs = [\"robber_tiles\"]\n")
        };
        let steps = |tiles: &str| -> Vec<(String, String)> {
            Sweep::parse(&cfg(tiles), "a.toml")
                .unwrap()
                .ablation
                .iter()
                .map(|a| (a.base.clone(), a.value.clone()))
                .collect()
        };
        let five = steps(file.to_str().unwrap());
        assert_eq!(five, [("5".into(), "4".into()), ("5".into(), "6".into())]);
        let box_count = steps("base");
        assert_eq!(
            box_count,
            [("8".into(), "7".into()), ("8".into(), "9".into())]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
