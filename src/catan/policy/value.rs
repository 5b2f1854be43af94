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

/// The features of a position, in the order of a model's weights: version 1's 17, then version
/// 2's rules (the knobs a position's chance depends on beside the board, crossed with how far
/// the table is and how many tokens lie face down).
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
    // Version 2: the rules (all 0 but the VP target and the hand limit outside Robert).
    "rules_cards",               // starting development cards / 6
    "rules_rest_rate",           // share of player-turns Robert rests (1 / robert_skip; 0: never)
    "rules_soldier_flips",       // tokens a soldier flips up / 4
    "rules_seven_flips",         // tokens a seven flips up / 4
    "rules_hand_limit",          // a seven's hand limit / 12
    "rules_vp_to_win",           // VP each player needs / 12
    "rules_keep_back",           // knights kept out of a reshuffle / 12
    "rules_global",              // robert_target global
    "rules_city_weight",         // a city counts twice for Robert
    "rules_monopoly_take",       // monopoly takes cards (flips no token)
    "rules_knights_count",       // reshuffled knights still count toward the army
    "progress_x_rest_rate",      // progress x rules_rest_rate
    "progress_x_cards",          // progress x rules_cards
    "face_down_x_soldier_flips", // face_down x rules_soldier_flips
    "face_down_x_rest_rate",     // face_down x rules_rest_rate
    "progress_x_vp_to_win",      // progress x rules_vp_to_win
];

/// Number of features (the newest version's).
pub const NV: usize = 33;

/// Version 1's features: the first this many.
pub const NV1: usize = 17;

/// The newest version of the value model file format and of the features above.
pub const VALUE_VERSION: u32 = 2;

/// The feature names of `version` (1 or 2): a prefix of [`VALUE_FEATURES`].
pub fn features_at(version: u32) -> &'static [&'static str] {
    if version <= 1 {
        &VALUE_FEATURES[..NV1]
    } else {
        &VALUE_FEATURES
    }
}

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
    // The rules as the learned player reads them, but for the player count (one model a
    // count): starting cards, rest rate, soldier and seven flips, hand limit, VP target, ...
    let r: &[f64] = &super::features::rules_context(g)[2..];
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
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        r[5],
        r[6],
        r[7],
        r[8],
        r[9],
        r[10],
        progress * r[1],
        progress * r[0],
        face_down * r[2],
        face_down * r[1],
        progress * r[5],
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
    /// Weights of 2, 3 and 4 players (past its version's features, 0).
    pub weights: [[f64; NV]; 3],
    /// The features it reads ([`features_at`]).
    pub version: u32,
    /// A row's own map from the log-odds to the chance (`[shape] recalibrate`), in place of the
    /// logistic link; `None` in a model file.
    pub calibration: Option<Calibration>,
}

/// A win-probability model's chance read from a table of its log-odds `z`: bin `k` covers `lo +
/// k·step` to `lo + (k + 1)·step`, and `z` beyond the ends takes the end bins' chance.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    pub lo: f64,
    pub step: f64,
    pub chance: Vec<f64>,
}

impl Calibration {
    /// The chance at log-odds `z`.
    pub fn chance(&self, z: f64) -> f64 {
        self.chance[bin_of(z, self.lo, self.step, self.chance.len())]
    }
}

/// The bin of `z` among `bins` bins of width `step` from `lo`; beyond the ends, the end bins.
pub fn bin_of(z: f64, lo: f64, step: f64, bins: usize) -> usize {
    let last = bins.saturating_sub(1);
    ((z - lo) / step).floor().clamp(0.0, last as f64) as usize
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

    /// The first 12 hex digits of the SHA-256 of the model's link, version and weights' bits:
    /// what tells two models apart in a row's settings key.
    pub fn fingerprint(&self) -> String {
        let mut text = format!(
            "{} {} {}",
            self.logistic, self.version, self.progress_weight
        );
        for w in self.weights.iter().flatten() {
            text.push_str(&format!(" {:x}", w.to_bits()));
        }
        crate::report::sha256_hex(text.as_bytes())[..12].to_string()
    }

    /// The value of the rest of the game from `g`, 0..1.
    pub fn value(&self, g: &Game) -> f64 {
        let z = self.log_odds(g);
        match &self.calibration {
            Some(c) => c.chance(z),
            None => self.of_score(z),
        }
    }

    /// The raw score of `g` (a win-probability model's log-odds) before its link.
    pub fn log_odds(&self, g: &Game) -> f64 {
        let w = &self.weights[(g.s.n_players as usize).clamp(2, 4) - 2];
        score(w, &value_features(g))
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
        if !(1..=VALUE_VERSION).contains(&f.version) {
            bail!(
                "{origin}: version = {}: allowed 1 to {VALUE_VERSION} (a value model of this robsim)",
                f.version
            );
        }
        let names = features_at(f.version);
        let nf = names.len();
        if f.variant != "robert" {
            bail!("{origin}: variant = {:?}: allowed \"robert\"", f.variant);
        }
        if f.features != names {
            bail!(
                "{origin}: features = {:?}: allowed exactly {:?} (the features of value model version {})",
                f.features,
                names,
                f.version
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
            if r.weights.len() != nf {
                bail!(
                    "{origin}: rows[{i}].weights has {} numbers: allowed exactly {nf}, one per feature",
                    r.weights.len()
                );
            }
            if r.weights.iter().any(|w| !w.is_finite()) {
                bail!("{origin}: rows[{i}].weights: allowed finite numbers only");
            }
            seen[k] = true;
            weights[k][..nf].copy_from_slice(&r.weights);
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
            version: f.version,
            calibration: None,
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
        // Version 1's features weighed (the pin predates version 2, whose weights stay 0 here:
        // adding its features moved no score by a bit).
        for (k, row) in weights.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate().take(NV1) {
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
            (good.replace("version = 1", "version = 3"), "version"),
            (good.replace("version = 1", "version = 2"), "features"),
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
