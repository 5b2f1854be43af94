//! The learned value of a Robert position: what a truncated rollout scores where it stops.
//!
//! A search future that stops after `[rollout] horizon` player-turns (`rollout-16:learned@40`)
//! is worth what the model says the rest of the game is worth: a linear score over the
//! position's features below, fitted per player count by `robsim learn-value` to the value a
//! full rollout would have returned (1 for a won game; a lost one its share of the missing VP
//! times `progress_weight`), and clamped to 0..1. The model is the file
//! `configs/models/robert-value.toml`, built in. Every feature and the score are sums in a
//! fixed order in `f64` (no fused multiply-add), so a score is the same on any machine.

use super::spots::{live_pips, production, raw_pips};
use crate::catan::{DevCard, Game, PlayerId};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The features of a position, in the order of a model's weights.
pub const VALUE_FEATURES: [&str; NV] = [
    "bias",
    "progress",
    "min_vp",
    "done",
    "face_down",
    "live_pips",
    "team_production",
    "neediest_production",
    "neediest_potential",
    "soldiers",
    "other_cards",
    "hand",
    "deck",
    "turn",
    "progress_sq",
    "progress_x_face_down",
    "face_down_sq",
];

/// Number of features.
pub const NV: usize = 17;

/// Version of the value model file format and of the features above.
pub const VALUE_VERSION: u32 = 1;

/// The built-in value model's file (see `robsim learn-value`).
pub const BUILTIN_VALUE: &str = include_str!("../../../configs/models/robert-value.toml");

/// The built-in win-probability model's file (`robsim learn-value configs/training/robert-winprob.toml`).
pub const BUILTIN_WINPROB: &str = include_str!("../../../configs/models/robert-winprob.toml");

/// The features of `g` from the team's side (see [`VALUE_FEATURES`]).
pub fn value_features(g: &Game) -> [f64; NV] {
    let n = g.s.n_players as usize;
    let nf = n as f64;
    let target = g.rules.vp_to_win as f64;
    let players = &g.s.players[..n];
    let mut got = 0.0;
    let mut done = 0.0;
    let mut needy = 0usize;
    for (i, p) in players.iter().enumerate() {
        got += (p.vp as f64).min(target);
        if p.vp as f64 >= target {
            done += 1.0;
        }
        if p.vp < players[needy].vp {
            needy = i;
        }
    }
    let progress = got / (target * nf);
    let min_vp = (players[needy].vp as f64).min(target) / target;
    let (mut all_pips, mut up_pips, mut tokens, mut down) = (0.0, 0.0, 0.0, 0.0);
    for h in g.layout.tokened.iter() {
        all_pips += raw_pips(g, h) as f64;
        up_pips += live_pips(g, h) as f64;
        tokens += 1.0;
        if g.s.face_down.contains(h) {
            down += 1.0;
        }
    }
    let face_down = if tokens > 0.0 { down / tokens } else { 0.0 };
    let live = if all_pips > 0.0 {
        up_pips / all_pips
    } else {
        0.0
    };
    let sum = |x: [u32; 5]| x.iter().map(|&v| v as f64).sum::<f64>();
    let mut team = 0.0;
    for p in 0..n {
        team += sum(production(g, PlayerId(p as u8), true));
    }
    let needy_live = sum(production(g, PlayerId(needy as u8), true));
    let needy_raw = sum(production(g, PlayerId(needy as u8), false));
    let (mut soldiers, mut other, mut hand) = (0.0, 0.0, 0.0);
    for p in players {
        for c in DevCard::ALL {
            let k = (p.dev[c.idx()] + p.dev_new[c.idx()]) as f64;
            match c {
                DevCard::Knight => soldiers += k,
                DevCard::VictoryPoint => {}
                _ => other += k,
            }
        }
        hand += p.hand_size() as f64;
    }
    let deck: f64 = g.s.deck.iter().map(|&c| c as f64).sum();
    [
        1.0,
        progress,
        min_vp,
        done / nf,
        face_down,
        live,
        team / (20.0 * nf),
        needy_live / 20.0,
        needy_raw / 20.0,
        soldiers / nf,
        other / nf,
        hand / (7.0 * nf),
        deck / 25.0,
        (g.s.turn as f64 / 500.0).min(4.0),
        progress * progress,
        progress * face_down,
        face_down * face_down,
    ]
}

/// The raw (unclamped) score of features `x` under weights `w`: a sum in feature order.
pub fn score(w: &[f64], x: &[f64]) -> f64 {
    let mut v = 0.0;
    for (wi, xi) in w.iter().zip(x) {
        v += wi * xi;
    }
    v
}

/// A fitted value model: weights per player count (2, 3, 4).
#[derive(Clone, Debug, PartialEq)]
pub struct ValueModel {
    /// `[rollout] progress_weight` of the values it was fitted to.
    pub progress_weight: f64,
    /// The score is a log-odds (a win-probability model, fitted by logistic regression to won 1,
    /// lost 0): the value is its logistic function; else the score clamped to 0..1.
    pub logistic: bool,
    /// Weights of 2, 3 and 4 players.
    pub weights: [[f64; NV]; 3],
}

impl ValueModel {
    /// Why futures valued with `[rollout] progress_weight` = `w` cannot be scored by this model
    /// (it was fitted to values of its own `progress_weight`), or `None` when they can.
    pub fn weight_mismatch(&self, w: f64) -> Option<String> {
        (w != self.progress_weight).then(|| {
            format!(
                "rollout.progress_weight = {w} but the value model scores futures as if it were {}",
                self.progress_weight
            )
        })
    }

    /// The value of the rest of the game from `g`, 0..1.
    pub fn value(&self, g: &Game) -> f64 {
        let w = &self.weights[(g.s.n_players as usize).clamp(2, 4) - 2];
        self.of_score(score(w, &value_features(g)))
    }

    /// The value of a raw score: its logistic function for a win-probability model, else the
    /// score clamped to 0..1.
    pub fn of_score(&self, s: f64) -> f64 {
        if self.logistic {
            1.0 / (1.0 + (-s).exp())
        } else {
            s.clamp(0.0, 1.0)
        }
    }

    /// The built-in win-probability model (`configs/models/robert-winprob.toml`: fitted to
    /// won 1, lost 0), scored at round starts for the shape of a game (`catan::shape`).
    pub fn winprob() -> &'static ValueModel {
        static MODEL: OnceLock<ValueModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            ValueModel::parse(BUILTIN_WINPROB, "configs/models/robert-winprob.toml")
                .expect("the built-in win-probability model parses (tested)")
        })
    }

    /// The built-in model (`configs/models/robert-value.toml`).
    pub fn builtin() -> &'static ValueModel {
        static MODEL: OnceLock<ValueModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            ValueModel::parse(BUILTIN_VALUE, "configs/models/robert-value.toml")
                .expect("the built-in value model parses (tested)")
        })
    }

    /// Reads a value model file written by `robsim learn-value`.
    ///
    /// # Errors
    /// Not TOML, another version or variant, other features, a player count missing or given
    /// twice, or weights of the wrong length: the file and the key named.
    pub fn parse(text: &str, origin: &str) -> Result<ValueModel> {
        let f: ValueFile =
            toml::from_str(text).with_context(|| format!("{origin}: not a value model file"))?;
        if f.version != VALUE_VERSION {
            bail!(
                "{origin}: version = {}: allowed {VALUE_VERSION} (a value model of this robsim)",
                f.version
            );
        }
        if f.variant != "robert" {
            bail!("{origin}: variant = {:?}: allowed \"robert\"", f.variant);
        }
        if f.features != VALUE_FEATURES {
            bail!(
                "{origin}: features = {:?}: allowed exactly {:?} (the features of value model version {VALUE_VERSION})",
                f.features,
                VALUE_FEATURES
            );
        }
        if !(0.0..=1.0).contains(&f.progress_weight) {
            bail!(
                "{origin}: progress_weight = {}: allowed 0 to 1",
                f.progress_weight
            );
        }
        let mut weights = [[0.0; NV]; 3];
        let mut seen = [false; 3];
        for (i, r) in f.rows.iter().enumerate() {
            if !(2..=4).contains(&r.players) {
                bail!(
                    "{origin}: rows[{i}].players = {}: allowed 2, 3 or 4",
                    r.players
                );
            }
            let k = r.players as usize - 2;
            if seen[k] {
                bail!(
                    "{origin}: rows[{i}].players = {}: given twice; allowed one row per player count",
                    r.players
                );
            }
            if r.weights.len() != NV {
                bail!(
                    "{origin}: rows[{i}].weights has {} numbers: allowed exactly {NV}, one per feature",
                    r.weights.len()
                );
            }
            if r.weights.iter().any(|w| !w.is_finite()) {
                bail!("{origin}: rows[{i}].weights: allowed finite numbers only");
            }
            seen[k] = true;
            weights[k].copy_from_slice(&r.weights);
        }
        if let Some(k) = seen.iter().position(|s| !s) {
            bail!(
                "{origin}: rows: no row for {} players; allowed: one row for each of 2, 3 and 4 players",
                k + 2
            );
        }
        let logistic = match f.link.as_str() {
            "linear" => false,
            "logistic" => true,
            other => bail!("{origin}: link = {other:?}: allowed \"linear\" or \"logistic\""),
        };
        Ok(ValueModel {
            progress_weight: f.progress_weight,
            logistic,
            weights,
        })
    }
}

/// A value model file (see [`ValueModel::parse`]); `rows` also say how well each fits.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueFile {
    pub version: u32,
    pub variant: String,
    /// The command that wrote it.
    #[serde(default)]
    pub command: String,
    pub progress_weight: f64,
    /// `linear` (the score clamped to 0..1) or `logistic` (the score is a log-odds; a model
    /// fitted with progress_weight 0, to won 1 and lost 0).
    #[serde(default = "linear", skip_serializing_if = "is_linear")]
    pub link: String,
    pub features: Vec<String>,
    pub rows: Vec<ValueRow>,
}

fn linear() -> String {
    "linear".into()
}

fn is_linear(s: &str) -> bool {
    s == "linear"
}

/// One player count's weights and fit.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueRow {
    pub players: u8,
    /// Positions it was fitted on and held out.
    #[serde(default)]
    pub train_positions: u64,
    #[serde(default)]
    pub test_positions: u64,
    /// Share of the held-out values' variance the model explains.
    #[serde(default)]
    pub r2_held_out: f64,
    pub weights: Vec<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catan::{ActionList, BoardKind, Event, RobertRules, Rules, Topology};

    /// The features and the score are fixed-order `f64` sums: a made-up model's raw scores of
    /// every position of a few seeded team games hash to a pinned value on any machine.
    #[test]
    fn values_are_pinned_to_the_bit() {
        use crate::catan::policy::TeamPolicy;
        use crate::catan::sim::{layout_for, GameRngs};
        use crate::engine::play::{play, Observer, Sink};
        use crate::engine::seeds::mix64;
        struct Hash {
            weights: [[f64; NV]; 3],
            h: u64,
            n: u64,
        }
        impl Sink<Event> for Hash {}
        impl<'t> Observer<Game<'t>> for Hash {
            fn post_step(&mut self, g: &Game<'t>) {
                let v = score(
                    &self.weights[g.s.n_players as usize - 2],
                    &value_features(g),
                );
                self.h = mix64(self.h ^ v.to_bits());
                self.n += 1;
            }
        }
        let mut weights = [[0.0; NV]; 3];
        for (k, row) in weights.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = 0.37 * (i as f64 + 1.0) / (k as f64 + 1.0) - 1.3;
            }
        }
        let mut hash = Hash {
            weights,
            h: 0,
            n: 0,
        };
        let topo = Topology::build(&crate::catan::mapfile::base_map()).unwrap();
        let mut buf = ActionList::new();
        for (i, players) in [2u8, 3, 4, 4].into_iter().enumerate() {
            let rules = Rules::robert(
                players,
                RobertRules {
                    start_cards: 2,
                    ..Default::default()
                },
            );
            let layout = layout_for(&topo, BoardKind::Random { red_apart: true }, 3, i as u64);
            let mut g = Game::new(&topo, layout, rules);
            let mut rngs = GameRngs::new(3, i as u64);
            // The script as it played when the pin was taken (the award chase and endgame
            // plan off): the pin is of the features, not of the script's defaults.
            let mut pol = TeamPolicy::new(crate::catan::policy::TeamKnobs {
                chase_awards: false,
                endgame_plan: false,
                ..Default::default()
            });
            play(&mut g, &mut pol, &mut rngs, &mut buf, &mut hash);
        }
        assert_eq!(
            (hash.n, hash.h),
            (3249, 16969661618325429300),
            "update the pin if the features changed"
        );
    }

    #[test]
    fn the_builtin_model_parses() {
        let m = ValueModel::builtin();
        assert!(m.weights.iter().flatten().any(|&w| w != 0.0));
    }

    #[test]
    fn bad_files_are_refused_naming_the_key() {
        let good = BUILTIN_VALUE;
        let cases = [
            (good.replace("version = 1", "version = 2"), "version"),
            (
                good.replace("variant = \"robert\"", "variant = \"base\""),
                "variant",
            ),
            (good.replace("\"bias\"", "\"biass\""), "features"),
            (
                good.replacen("players = 2", "players = 3", 1),
                "given twice",
            ),
            (
                good.replacen("players = 2", "players = 5", 1),
                "players = 5",
            ),
            ("not toml [".to_string(), "not a value model file"),
        ];
        for (text, key) in cases {
            let e = ValueModel::parse(&text, "m.toml").unwrap_err();
            let msg = format!("{e:#}");
            assert!(msg.contains("m.toml") && msg.contains(key), "{msg}");
        }
        // One weight too few.
        let f: ValueFile = toml::from_str(good).unwrap();
        let mut short = f.clone();
        short.rows[0].weights.pop();
        let e = ValueModel::parse(&toml::to_string(&short).unwrap(), "m.toml").unwrap_err();
        assert!(format!("{e:#}").contains("weights has 16"), "{e:#}");
        let mut missing = f;
        missing.rows.pop();
        let e = ValueModel::parse(&toml::to_string(&missing).unwrap(), "m.toml").unwrap_err();
        assert!(format!("{e:#}").contains("no row for"), "{e:#}");
    }
}
