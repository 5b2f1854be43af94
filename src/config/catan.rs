//! The grid's Catan rows: each axis parsed and checked, then one flat product per variant.

use super::learn::{Loaded, Models};
use super::{axis, default_policy, names, player_axes, SweepFile, CARCASSONNE};
use crate::catan::experiment::{Lineup, RowSpec};
use crate::catan::knobs::DIFFICULTIES;
use crate::catan::policy::rollout::BaseName;
use crate::catan::policy::{moved, Knobs, PolicyError, PolicySpec};
use crate::catan::{
    BoardKind, Modifiers, RaidersRules, RobertRules, RobertTarget, Rules, SolitaireRules, Variant,
};
use crate::report::ModelRecord;
use anyhow::{bail, Context, Result};
use itertools::iproduct;

/// Expands the Catan rows of a grid (carcassonne entries of `variants` are skipped), in the
/// nesting order variant × policy × players × starting cards × Robert target × city weight ×
/// awards × modifiers × Raiders options × the numeric rule knobs (in `knobs::RULE_KNOBS` order)
/// × board. Axes that do not apply to a variant are still
/// checked, but do not multiply its rows (duplicates are dropped).
///
/// # Errors
/// The first key whose value is unknown or out of range, located by `ctx`.
pub(super) fn rows(
    file: &SweepFile,
    variants: &[String],
    ctx: &dyn Fn(&str) -> String,
    played: &mut Vec<ModelRecord>,
) -> Result<Vec<RowSpec>> {
    let g = &file.grid;
    player_axes::check_tables(file, &|table, key| match key {
        "" => ctx(table),
        key => ctx(&format!("{table}.{key}")),
    })?;
    // The players' knob axes: the knob tables of each combination of their values.
    let player_axes = player_axes::axes(g, ctx)?;
    let files = player_axes::files(file, &player_axes, ctx)?;
    // `[shape] winprob`: the model every Robert row's shape is measured with.
    let winprob = match super::value::shape_winprob(file, ctx)? {
        Some((m, rec)) => {
            add_record(played, rec);
            Some(m)
        }
        None => None,
    };
    let recalibrate = super::value::shape_recalibrate(file, ctx)?;
    // Without a players key: 4 for base and Robert, 1 for Solitaire.
    if let Some(p) = &g.players {
        axis(&Some(p.clone()), vec![], "grid.players", ctx)?;
    }
    // Without a policy key each variant plays its own (`variant_policies`).
    let policies = match &g.policy {
        Some(_) => axis(&g.policy, vec![], "grid.policy", ctx)?,
        None => Vec::new(),
    };
    if let Some(b) = &g.board {
        axis(&Some(b.clone()), vec![], "grid.board", ctx)?;
    }
    let setup_raiders = axis(&g.setup_raiders, vec![false], "grid.setup_raiders", ctx)?;
    let volcano_start = axis(&g.volcano_start, vec![false], "grid.volcano_start", ctx)?;
    let raider_opts: Vec<RaidersRules> = iproduct!(&setup_raiders, &volcano_start)
        .map(|(&setup_raiders, &volcano_start)| RaidersRules {
            setup_raiders,
            volcano_start,
            ..RaidersRules::default()
        })
        .collect();
    let awards = axis(&g.awards, vec![true], "grid.awards", ctx)?;
    let modifiers = modifiers(g, ctx)?;
    let cards = start_cards(file, ctx)?;
    let targets = axis(
        &g.robert_target,
        vec!["adjacent".to_string()],
        "grid.robert_target",
        ctx,
    )?
    .iter()
    .map(|t| {
        RobertTarget::parse(t).with_context(|| {
            format!(
                "{}: unknown reading {t:?}; allowed: {}",
                ctx("grid.robert_target"),
                names(RobertTarget::NAMES)
            )
        })
    })
    .collect::<Result<Vec<_>>>()?;
    let weights = axis(&g.city_weight, vec![1], "grid.city_weight", ctx)?;
    if let Some(w) = weights.iter().find(|w| !(1..=2).contains(*w)) {
        bail!(
            "{}: {w} is out of range; allowed: 1 or 2",
            ctx("grid.city_weight")
        );
    }
    let knobs = knob_axes(g, ctx)?;
    let models = super::learn::load_models(file, ctx)?;
    let lineups = match &g.seats {
        Some(_) if g.policy.is_some() => bail!(
            "{}: a row's seats play either one policy (grid.policy) or a lineup (grid.seats); allowed: one of the two keys",
            ctx("grid.seats")
        ),
        Some(_) => Some(axis(&g.seats, vec![], "grid.seats", ctx)?),
        None => None,
    };
    if g.rotate.is_some() && lineups.is_none() {
        bail!(
            "{}: rotates a lineup, and the grid has none; allowed: with grid.seats only",
            ctx("grid.rotate")
        );
    }
    let mut rows = Vec::new();
    for v in variants.iter().filter(|v| *v != CARCASSONNE) {
        if !Variant::NAMES.contains(&v.as_str()) {
            bail!(
                "{}: unknown variant {v:?}; allowed: {}, {CARCASSONNE}",
                ctx("grid.variant"),
                names(Variant::NAMES)
            );
        }
        let competitive = matches!(v.as_str(), "base" | "raiders");
        // A co-operative table whose seats play different players (`grid.seats` in Robert).
        let coop = v == "robert";
        let seated = lineups.is_some() && (competitive || coop);
        // Each entry: the policy (a lineup's lead, a co-operative table's seat 1) and the
        // lineup's other seats, once per combination of the player knob axes.
        let mut entries: Vec<(PolicySpec, Vec<PolicySpec>)> = Vec::new();
        match &lineups {
            Some(ls) if seated => {
                for l in ls {
                    for f in &files {
                        let e = lineup(f, &models, v, l, ctx, played)?;
                        if !entries.contains(&e) {
                            entries.push(e);
                        }
                    }
                }
            }
            _ => {
                for p in variant_policies(&files, &models, v, &policies, ctx, played)? {
                    if !entries.iter().any(|(q, _)| *q == p) {
                        entries.push((p, Vec::new()));
                    }
                }
            }
        }
        let boards = variant_boards(file, v, ctx)?;
        let players = variant_players(file, v, ctx)?;
        if seated && players.len() > 1 {
            lineup_counts(&entries, &players, ctx)?;
        }
        for ((policy, rest), &np, &c, &target, &w, &aw, &m, &ro) in iproduct!(
            &entries,
            &players,
            &cards,
            &targets,
            &weights,
            &awards,
            &modifiers,
            &raider_opts
        ) {
            if c * np > 25 {
                bail!(
                    "{}: {c} cards for each of {np} players is more than the 25-card deck",
                    ctx("grid.start_cards")
                );
            }
            let mut rules = match v.as_str() {
                "base" => Rules::base(np as u8),
                "solitaire" => Rules::solitaire(SolitaireRules {
                    awards: aw,
                    ..SolitaireRules::default()
                }),
                "raiders" => Rules::raiders(np as u8, ro),
                _ => Rules::robert(
                    np as u8,
                    RobertRules {
                        target,
                        city_weight: w as u8,
                        start_cards: c as u8,
                        ..RobertRules::default()
                    },
                ),
            }
            .with_modifiers(m);
            rules.turn_cap = file.rules.turn_cap as u32;
            // The rule knobs, each axis nested in the previous one.
            let mut set = vec![rules];
            for axis in &knobs {
                set = set
                    .iter()
                    .flat_map(|r| axis.iter().map(move |k| apply(k, *r)))
                    .collect();
            }
            let rest = seated.then_some(rest);
            // With several player counts, each lineup plays the count of its length.
            if rest.is_some_and(|r| players.len() > 1 && r.len() + 1 != np as usize) {
                continue;
            }
            let leads = lineup_leads(*policy, rest, np, g.rotate, coop, ctx)?;
            for (rules, &board, &(policy, lineup)) in iproduct!(set, &boards, &leads) {
                // `learned` plays the rule model its rules match (`[[learned.rules]]`), in
                // every seat.
                let (policy, ruled) = models.for_rules(policy, &rules);
                if let Some(r) = ruled {
                    record_rule(played, r, &policy, v);
                }
                let mut tag = models.tag_for(&policy, ruled, &rules);
                let lineup = lineup.map(|mut l| {
                    for p in l.rest.iter_mut().take(np as usize - 1) {
                        let (q, r) = models.for_rules(*p, &rules);
                        if let Some(r) = r {
                            record_rule(played, r, &q, v);
                        }
                        // The `model` column: the first seat's that plays a model.
                        tag = tag.or_else(|| models.tag_for(&q, r, &rules));
                        *p = q;
                    }
                    l
                });
                let row = RowSpec {
                    rules,
                    policy,
                    board,
                    lineup,
                    model: tag,
                    winprob,
                    recalibrate,
                    rule_set: None,
                };
                // Axes of other variants do not multiply a row: keep one of each.
                if !rows.contains(&row) {
                    rows.push(row);
                }
            }
        }
    }
    player_axes::check_read(
        &player_axes,
        &|table| {
            rows.iter().any(|r| {
                r.seat_policies()
                    .any(|p| moved::reads(&p, table, &r.rules.variant))
            })
        },
        ctx,
    )?;
    Ok(rows)
}

/// One value of a rule knob axis: `None` when the key is absent (the variant's seed value), else
/// the key and value, set (by `knobs::set_catan`) on the rows whose variant has the knob.
type KnobSet = Option<(&'static str, toml::Value)>;

/// `rules` with the knob value set, where its variant has the knob.
fn apply(set: &KnobSet, mut rules: Rules) -> Rules {
    if let Some((key, v)) = set {
        if crate::catan::knobs::value(key, &rules).is_some() {
            super::knobs::set_catan(key, &mut rules, v).expect("checked by knob_axes");
        }
    }
    rules
}

/// The numeric and named rule knobs of the grid, each an axis (`[None]` when its key is absent),
/// checked against `knobs::RULE_KNOBS`.
fn knob_axes(g: &super::GridFile, ctx: &dyn Fn(&str) -> String) -> Result<Vec<Vec<KnobSet>>> {
    let int = |v: &Option<super::OneOrMany<i64>>, key: &'static str| -> Result<Vec<KnobSet>> {
        let Some(v) = v else {
            return Ok(vec![None]);
        };
        let values = axis(&Some(v.clone()), vec![], &format!("grid.{key}"), ctx)?;
        let k = super::knobs::knob(key).expect("every grid knob is in RULE_KNOBS");
        let super::knobs::Allowed::Int(lo, hi) = k.allowed else {
            unreachable!("{key} is a whole-number knob")
        };
        values
            .iter()
            .map(|&x| {
                if (lo..=hi).contains(&x) {
                    Ok(Some((key, toml::Value::Integer(x))))
                } else {
                    bail!(
                        "{}: {x} is out of range; allowed: {lo}..={hi}",
                        ctx(&format!("grid.{key}"))
                    )
                }
            })
            .collect()
    };
    let named = |v: &Option<super::OneOrMany<String>>, key: &'static str| -> Result<Vec<KnobSet>> {
        let Some(v) = v else {
            return Ok(vec![None]);
        };
        let k = super::knobs::knob(key).expect("every grid knob is in RULE_KNOBS");
        let super::knobs::Allowed::Names(allowed) = k.allowed else {
            unreachable!("{key} is a named knob")
        };
        axis(&Some(v.clone()), vec![], &format!("grid.{key}"), ctx)?
            .iter()
            .map(|m| {
                if allowed.contains(&m.as_str()) {
                    Ok(Some((key, toml::Value::String(m.clone()))))
                } else {
                    bail!(
                        "{}: unknown reading {m:?}; allowed: {}",
                        ctx(&format!("grid.{key}")),
                        names(allowed)
                    )
                }
            })
            .collect()
    };
    let switch = |v: &Option<super::OneOrMany<bool>>, key: &'static str| -> Result<Vec<KnobSet>> {
        let Some(v) = v else {
            return Ok(vec![None]);
        };
        Ok(axis(&Some(v.clone()), vec![], &format!("grid.{key}"), ctx)?
            .iter()
            .map(|&b| Some((key, toml::Value::Boolean(b))))
            .collect())
    };
    Ok(vec![
        int(&g.vp_to_win, "vp_to_win")?,
        int(&g.hand_limit, "hand_limit")?,
        int(&g.soldier_flips, "soldier_flips")?,
        int(&g.seven_flips, "seven_flips")?,
        int(&g.robert_skip, "robert_skip")?,
        named(&g.monopoly, "monopoly")?,
        int(&g.keep_back, "keep_back")?,
        named(&g.reshuffled_knights, "reshuffled_knights")?,
        int(&g.destroy_faces, "destroy_faces")?,
        int(&g.tiles_to_lose, "tiles_to_lose")?,
        named(&g.lost_card, "lost_card")?,
        named(&g.knight_play, "knight_play")?,
        named(&g.second_roll_doubles, "second_roll_doubles")?,
        int(&g.raider_pool, "raider_pool")?,
        int(&g.raiders_per_build, "raiders_per_build")?,
        switch(&g.jungle_shelters, "jungle_shelters")?,
        named(&g.taken_discoveries, "taken_discoveries")?,
    ])
}

/// `grid.modifiers`: `none` or names joined by `+`, one entry per row.
fn modifiers(g: &super::GridFile, ctx: &dyn Fn(&str) -> String) -> Result<Vec<Modifiers>> {
    axis(
        &g.modifiers,
        vec!["none".to_string()],
        "grid.modifiers",
        ctx,
    )?
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
    .collect()
}

/// `grid.difficulty` (names) or `grid.start_cards` (counts 0..=8), not both. Without either,
/// every difficulty level (a Robert row has no neutral level to pick silently), except in a
/// config whose `[calibrate]` table chooses `start_cards`: its grid rows keep the seed's first
/// level (0 cards), the value `calibrate` starts from.
fn start_cards(file: &SweepFile, ctx: &dyn Fn(&str) -> String) -> Result<Vec<i64>> {
    let g = &file.grid;
    let calibrated = file
        .calibrate
        .as_ref()
        .is_some_and(|c| c.knob == "start_cards");
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
        (None, None) if calibrated => vec![0],
        (None, None) => DIFFICULTIES.iter().map(|d| d.1 as i64).collect(),
    };
    if cards.is_empty() {
        bail!(
            "{}: the list is empty; give at least one value",
            ctx("grid.difficulty / grid.start_cards")
        );
    }
    if let Some(c) = cards.iter().find(|c| !(0..=8).contains(*c)) {
        bail!(
            "{}: {c} is out of range; allowed: 0..=8 starting cards per player",
            ctx("grid.start_cards")
        );
    }
    Ok(cards)
}

/// The policies of one variant; without a policy key, [`default_policy`]. `learned` plays the
/// `[learned]` model or the variant's built-in one, `team-tuned` the `[team_tuned]` knobs or
/// the built-in published ones; what they play is added to `played`. The config's knob tables
/// come in `files`, one per combination of the player knob axes: each name is bound with each,
/// in that order.
fn variant_policies(
    files: &[SweepFile],
    models: &Models,
    v: &str,
    policies: &[String],
    ctx: &dyn Fn(&str) -> String,
    played: &mut Vec<ModelRecord>,
) -> Result<Vec<PolicySpec>> {
    let names_given = match &files[0].grid.policy {
        None => vec![default_policy(v).to_string()],
        Some(_) => policies.to_vec(),
    };
    let mut out = Vec::new();
    for pol in &names_given {
        for file in files {
            out.push(bind(file, models, v, pol, "grid.policy", ctx, played)?);
        }
    }
    Ok(out)
}

/// Policy name `pol` of variant `v` bound to the config's knobs and models (errors name `key`);
/// what it plays is added to `played`.
fn bind(
    file: &SweepFile,
    models: &Models,
    v: &str,
    pol: &str,
    key: &str,
    ctx: &dyn Fn(&str) -> String,
    played: &mut Vec<ModelRecord>,
) -> Result<PolicySpec> {
    let learned = models.for_variant(v);
    let knobs = Knobs {
        learned: learned.as_ref().map(|l| l.model),
        team_tuned: file
            .team_tuned
            .or_else(|| Some(super::learn::builtin_team_tuned())),
        named: &models.table,
        ..file.knobs()
    };
    let policy = PolicySpec::parse(pol, &knobs).map_err(|e| match e {
        PolicyError::NoModel(_) => anyhow::anyhow!(
            "{}: policy {pol:?}: variant {v:?} has no learned player (only robert and solitaire have learned players); allowed: another policy ({}), or variant robert or solitaire",
            ctx(key),
            names(&["random", "greedy", "team", "team-tuned", "rollout-N"])
        ),
        e => anyhow::anyhow!("{}: {e}", ctx(key)),
    })?;
    if let PolicySpec::Rollout { knobs, .. } = policy {
        knobs
            .check()
            .map_err(|e| anyhow::anyhow!("{}: policy {pol:?}: {e}", ctx(key)))?;
        if knobs.open_hands && !matches!(v, "base" | "raiders") {
            bail!(
                "{}: policy {pol:?}: open hands change nothing in variant {v:?} (a co-operative search sees every hand already); allowed: +open or [rollout] open_hands in variants base and raiders only",
                ctx(key)
            );
        }
        if knobs.horizon > 0 {
            if v != "robert" {
                bail!(
                    "{}: policy {pol:?}: a horizon ends futures early for the value model to score, and it scores Robert positions only; allowed: @H or [rollout] horizon in variant robert",
                    ctx(key)
                );
            }
            let m = crate::catan::policy::value::ValueModel::builtin();
            if let Some(why) = m.weight_mismatch(knobs.progress_weight) {
                bail!(
                    "{}: policy {pol:?}: {why}; allowed: a horizon with rollout.progress_weight = {}",
                    ctx(key),
                    m.progress_weight
                );
            }
        }
    }
    super::learn::check_policy(file, &policy, v, ctx)?;
    record(played, file, models, &learned, &policy, v);
    if v == "raiders" && !plays_for_its_seat(&policy) {
        bail!(
            "{}: policy {pol:?} does not play variant \"raiders\"; allowed: greedy, random, weighted, rollout (with base auto or greedy)",
            ctx(key)
        );
    }
    Ok(policy)
}

/// Whether `p` plays for its own seat in a competitive game (random, greedy, a search over
/// greedy): what Raiders and a lineup take.
fn plays_for_its_seat(p: &PolicySpec) -> bool {
    match p {
        PolicySpec::Random | PolicySpec::Weighted | PolicySpec::Greedy(_) => true,
        PolicySpec::Rollout { knobs, .. } => {
            matches!(knobs.base, BaseName::Auto | BaseName::Greedy)
        }
        _ => false,
    }
}

/// Players a competitive lineup may seat: those that play for their own seat.
const SEAT_POLICIES: &str =
    "random, weighted, greedy, rollout-N or halving-N (base auto or greedy)";

/// Players a co-operative table may seat: those that decide alone. A search seat is not one:
/// its futures would play every seat by its own base, not by the table's players.
const COOP_SEAT_POLICIES: &str =
    "random, weighted, greedy, team, team-tuned, learned, learned:NAME";

/// Whether `p` decides alone at a co-operative table (not a search player).
fn sits_at_a_coop_table(p: &PolicySpec) -> bool {
    !p.searches()
}

/// A lineup of `grid.seats` ("rollout-8,greedy,greedy,greedy"; Robert: "learned,team,team,team"):
/// its lead's policy and the others', each bound as [`bind`] does and checked to play for its
/// own seat (competitive) or to decide alone (co-operative).
fn lineup(
    file: &SweepFile,
    models: &Models,
    v: &str,
    text: &str,
    ctx: &dyn Fn(&str) -> String,
    played: &mut Vec<ModelRecord>,
) -> Result<(PolicySpec, Vec<PolicySpec>)> {
    let mut specs = Vec::new();
    for pol in text.split(',').map(str::trim) {
        if pol.is_empty() {
            bail!(
                "{}: lineup {text:?} has an empty seat; allowed: one policy name per seat, comma-separated (\"rollout-8,greedy,greedy,greedy\")",
                ctx("grid.seats")
            );
        }
        let p = bind(file, models, v, pol, "grid.seats", ctx, played)?;
        if v == "robert" {
            if !sits_at_a_coop_table(&p) {
                bail!(
                    "{}: policy {pol:?} in lineup {text:?} is a search player, which plays its futures with every seat playing its base, not the table's players; allowed in a seat of a co-operative table: {COOP_SEAT_POLICIES}",
                    ctx("grid.seats")
                );
            }
        } else if !plays_for_its_seat(&p) {
            bail!(
                "{}: policy {pol:?} in lineup {text:?} is a co-operative player, not one that plays for its own seat in variant {v:?}; allowed: {SEAT_POLICIES}",
                ctx("grid.seats")
            );
        }
        specs.push(p);
    }
    let lead = specs.remove(0);
    Ok((lead, specs))
}

/// With several player counts, each lineup plays the count of its length: every lineup's
/// length must be one of `players`, and every count the length of some lineup.
///
/// # Errors
/// A lineup of a length no count has, or a count no lineup fills.
fn lineup_counts(
    entries: &[(PolicySpec, Vec<PolicySpec>)],
    players: &[i64],
    ctx: &dyn Fn(&str) -> String,
) -> Result<()> {
    for (_, rest) in entries {
        let n = rest.len() as i64 + 1;
        if !players.contains(&n) {
            bail!(
                "{}: a lineup names {n} policies and grid.players has no {n}; allowed: one policy per seat for one of the player counts {players:?}",
                ctx("grid.seats")
            );
        }
    }
    for &np in players {
        if !entries.iter().any(|(_, r)| r.len() as i64 + 1 == np) {
            bail!(
                "{}: no lineup names {np} policies for grid.players {np}; allowed: at least one lineup for each player count",
                ctx("grid.seats")
            );
        }
    }
    Ok(())
}

/// The lineups of one row with its (lead's) `policy`: `[(policy, None)]` without
/// `grid.seats`; else one per lead seat (every seat with `rotate`, the default; seat 1
/// without), after checking that `rest` and the lead fill the `np` seats. A co-operative
/// (`coop`) table's lineup is written from seat 1 (its policy is seat 1's), each seating once;
/// one where every seat plays the same player is that player's plain row.
fn lineup_leads(
    policy: PolicySpec,
    rest: Option<&Vec<PolicySpec>>,
    np: i64,
    rotate: Option<bool>,
    coop: bool,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<(PolicySpec, Option<Lineup>)>> {
    let Some(rest) = rest else {
        return Ok(vec![(policy, None)]);
    };
    if rest.len() + 1 != np as usize {
        bail!(
            "{}: a lineup names {} policies for {np} players; allowed: one policy per seat ({np} names, comma-separated)",
            ctx("grid.seats"),
            rest.len() + 1
        );
    }
    let np = np as usize;
    let leads = Lineup::leads(rest, PolicySpec::Random, np, rotate.unwrap_or(true));
    if !coop {
        return Ok(leads.into_iter().map(|l| (policy, Some(l))).collect());
    }
    let mut out: Vec<(PolicySpec, Option<Lineup>)> = Vec::new();
    for l in leads {
        let seats: Vec<PolicySpec> = (0..np).map(|s| l.seat(policy, np, s)).collect();
        let seated = if seats.iter().all(|p| *p == seats[0]) {
            (seats[0], None)
        } else {
            let first = Lineup::leads(&seats[1..], PolicySpec::Random, np, false);
            (seats[0], Some(first[0]))
        };
        if !out.contains(&seated) {
            out.push(seated);
        }
    }
    Ok(out)
}

/// Adds what `policy` plays of a model file or built-in table to `played` (one record per
/// variant and source, with every policy name that played it).
fn record(
    played: &mut Vec<ModelRecord>,
    file: &SweepFile,
    models: &Models,
    learned: &Option<Loaded>,
    policy: &PolicySpec,
    v: &str,
) {
    let loaded = match (policy, policy.model()) {
        (_, Some((_, Some(name)))) => models
            .named
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, l)| (l.source.clone(), l.sha256.clone())),
        (_, Some((_, None))) => learned
            .as_ref()
            .map(|l| (l.source.clone(), l.sha256.clone())),
        (PolicySpec::TeamTuned(_), None) if file.team_tuned.is_none() => Some((
            "built-in configs/models/team-tuned.toml".to_string(),
            crate::report::sha256_hex(super::learn::BUILTIN_TEAM_TUNED.as_bytes()),
        )),
        _ => None,
    };
    let Some((source, sha256)) = loaded else {
        return;
    };
    add_record(
        played,
        ModelRecord {
            policies: vec![policy.label()],
            variant: v.to_string(),
            source,
            sha256,
            when: None,
        },
    );
}

/// Adds `rec` to `played`, or its policy (and for a rule model played under other rules too,
/// its `when`, joined by " or " in the order the rows first play them) to the record of the same
/// variant and source.
fn add_record(played: &mut Vec<ModelRecord>, rec: ModelRecord) {
    match played
        .iter_mut()
        .find(|r| r.variant == rec.variant && r.source == rec.source)
    {
        Some(r) => {
            for label in rec.policies {
                if !r.policies.contains(&label) {
                    r.policies.push(label);
                }
            }
            if let (Some(have), Some(when)) = (r.when.as_mut(), rec.when) {
                if !have.split(" or ").any(|w| w == when) {
                    have.push_str(" or ");
                    have.push_str(&when);
                }
            }
        }
        None => played.push(rec),
    }
}

/// Adds a rule model that `policy` plays on some row to `played`, with the rules it plays
/// under (one record per variant and source).
pub(super) fn record_rule(
    played: &mut Vec<ModelRecord>,
    r: &super::learn::RuleModel,
    policy: &PolicySpec,
    v: &str,
) {
    add_record(
        played,
        ModelRecord {
            policies: vec![policy.label()],
            variant: v.to_string(),
            source: r.loaded.source.clone(),
            sha256: r.loaded.sha256.clone(),
            when: Some(r.describe()),
        },
    );
}

/// The boards of one variant; without a board key: shuffled boards, except Raiders, whose
/// maps are played as laid out.
fn variant_boards(
    file: &SweepFile,
    v: &str,
    ctx: &dyn Fn(&str) -> String,
) -> Result<Vec<BoardKind>> {
    let raiders = v == "raiders";
    let boards = file.grid.board.as_ref().map_or_else(
        || vec![if raiders { "fixed" } else { "random" }.to_string()],
        |b| b.to_vec(),
    );
    if raiders {
        if let Some(b) = boards.iter().find(|b| b.as_str() != "fixed") {
            bail!(
                "{}: board {b:?} with variant \"raiders\"; allowed: fixed (the Raiders maps are played as laid out: the home island, its raider deserts and the islands are part of the scenario)",
                ctx("grid.board")
            );
        }
    }
    boards
        .iter()
        .map(|b| {
            BoardKind::parse(b).with_context(|| {
                format!(
                    "{}: unknown board {b:?}; allowed: {}",
                    ctx("grid.board"),
                    names(BoardKind::NAMES)
                )
            })
        })
        .collect()
}

/// The player counts of one variant: 1 for Solitaire, 3..=6 for Raiders, 2..=4 otherwise (the
/// base and Robert games use the 4-seat base map); without a players key: 4, or 1 for Solitaire.
fn variant_players(file: &SweepFile, v: &str, ctx: &dyn Fn(&str) -> String) -> Result<Vec<i64>> {
    let solo = v == "solitaire";
    let raiders = v == "raiders";
    let players = file
        .grid
        .players
        .as_ref()
        .map_or_else(|| vec![if solo { 1 } else { 4 }], |p| p.to_vec());
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
        if !solo && !raiders && !(2..=4).contains(&np) {
            bail!(
                "{}: {np} is out of range for variant {v:?}; allowed: 2, 3 or 4 (1 only with variant \"solitaire\")",
                ctx("grid.players")
            );
        }
    }
    Ok(players)
}
