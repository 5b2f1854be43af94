//! Scripted players: the policy trait and the policies a run can name.

pub mod anchor;
mod candidates;
mod cards;
pub mod feature_names;
pub mod features;
pub mod greedy;
pub mod leaf;
pub mod learned;
mod memo;
pub mod moved;
pub mod null;
pub mod opening;
pub mod random;
pub mod rollout;
pub mod seen;
pub mod solitaire;
mod spots;
pub mod team;
#[cfg(test)]
mod testkit;
pub mod value;
pub mod weighted;

use crate::catan::{Action, ActionList, Game, MAX_PLAYERS};
use crate::engine::seeds::Rng;
use candidates::BaseName;

/// A scripted player: the engine's policy over a Catan [`Game`]. Its action must be legal (or a
/// `Trade` that `Game::trade_ok` accepts); `legal` is scratch space for `Game::legal_actions`.
pub use crate::engine::play::Policy;

pub use candidates::MAX_HORIZON;
pub use greedy::{GreedyKnobs, GreedyPolicy};
pub use leaf::{Leaf, Learner, NoModel};
pub use learned::{LearnedBase, LearnedModel, LearnedPolicy};
pub use null::NullPolicy;
pub use random::RandomPolicy;
pub use rollout::{RolloutKnobs, RolloutPolicy, SearchMode};

pub use solitaire::{SolitaireKnobs, SolitairePolicy};
pub use team::{provably_lost, TeamKnobs, TeamPolicy};
pub use weighted::WeightedPolicy;

/// The knob tables of a config (`[greedy]`, `[team]`, `[solitaire]`, `[rollout]`) and the
/// models its rows may play.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Knobs<'a> {
    pub greedy: GreedyKnobs,
    pub team: TeamKnobs,
    pub solitaire: SolitaireKnobs,
    pub rollout: RolloutKnobs,
    /// `[team_tuned]` (or the built-in published knobs): a second set of team knobs, played
    /// as `team-tuned`.
    pub team_tuned: Option<TeamKnobs>,
    /// The model `learned` plays (and a rollout player over `learned`): the `[learned]` file's,
    /// or the variant's built-in one.
    pub learned: Option<LearnedModel>,
    /// The config's named models (`[models] mine = "..."`), played as `learned:mine`.
    pub named: &'a [(ModelName, LearnedModel)],
}

/// The name of a model in a config's `[models]` table (`learned:NAME`).
pub type ModelName = arrayvec::ArrayString<24>;

/// Why a policy name is not one [`PolicySpec::parse`] accepts; the message names what is.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PolicyError {
    #[error("unknown policy {0:?}{hint}; allowed: {ALLOWED}", hint = did_you_mean(.0))]
    Unknown(String),
    #[error("policy {name:?}: {budget:?} is not a number of rollouts; allowed: rollout-N with N a whole number from 1 to 65535, halving-N with N a whole number of at least 1")]
    Budget { name: String, budget: String },
    #[error("policy {name:?}: unknown base {base:?}; allowed: rollout-N:BASE with BASE one of {bases}, learned:NAME", bases = BaseName::NAMES.join(", "))]
    Base { name: String, base: String },
    #[error("policy {name:?}: {horizon:?} is not a horizon; allowed: a search name ending in @H with H a whole number of player-turns from 1 to {MAX_HORIZON} (rollout-16:learned@40)")]
    Horizon { name: String, horizon: String },
    #[error("policy {0:?} plays a learned model and there is none for this variant; allowed: learned in variants robert and solitaire (the only ones with learned players), or a model file")]
    NoModel(String),
    #[error("policy {0:?} needs team-tuned knobs; allowed: a [team_tuned] table, or the built-in published knobs (variant robert)")]
    NoTeamTuned(String),
    #[error("policy {name:?}: unknown model {model:?}; allowed: {known}", known = if known.is_empty() { "a name from a [models] table (there is none)".to_string() } else { known.join(", ") })]
    UnknownModel {
        name: String,
        model: String,
        known: Vec<String>,
    },
}

/// The names a policy name starts with, for "did you mean" hints.
const FAMILIES: [&str; 9] = [
    "random",
    "greedy",
    "team",
    "team-tuned",
    "solitaire",
    "weighted",
    "learned",
    "rollout",
    "halving",
];

/// `; did you mean "learned"?` for a name close to a policy's (`learnd`), its suffix kept
/// (`rolout-8` -> `rollout-8`); empty when none is close.
fn did_you_mean(name: &str) -> String {
    let (head, tail) = match name.find(['-', ':', '@', '+', '/']) {
        // `team-tuned` is one name, not `team` and a budget.
        Some(i) if !name.starts_with("team-") => name.split_at(i),
        _ => (name, ""),
    };
    match crate::tomltext::nearest(head, FAMILIES) {
        Some(k) if k != head => format!("; did you mean {:?}?", format!("{k}{tail}")),
        _ => String::new(),
    }
}

/// Every accepted policy name, for error messages.
pub const ALLOWED: &str = "random, greedy, team, team-tuned, solitaire, weighted (Catanatron's weighted random player), learned, learned:NAME (a model of [models]), rollout, rollout-N (N rollouts), rollout-N:BASE (over base team, greedy, solitaire, learned or learned:NAME), halving-N and halving-N:BASE (N rollouts per decision, sequential halving); a search name ending in +open searches a competitive game with every hand open; one ending in @H (Robert) stops its futures after H player-turns and scores them with the value model; one ending in /setup searches the set-up settlements only, over up to 8 candidates (rollout-32:learned/setup)";

/// A policy named in a config or on the command line, with its knobs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PolicySpec {
    Random,
    /// Catanatron's `WeightedRandomPlayer` (`weighted`).
    Weighted,
    Greedy(GreedyKnobs),
    Team(TeamKnobs),
    /// The team policy with the `[team_tuned]` knobs, beside `team` in one sweep.
    TeamTuned(TeamKnobs),
    Solitaire(SolitaireKnobs),
    /// The search player; `team` are the knobs of a `team` base policy, `learned` the model
    /// of a `learned` one (`model` its name in `[models]`, if it is a named one).
    Rollout {
        knobs: RolloutKnobs,
        team: TeamKnobs,
        learned: Option<LearnedModel>,
        model: Option<ModelName>,
    },
    /// The learned player of a `robsim learn` model (`name`: its name in `[models]`).
    Learned {
        model: LearnedModel,
        name: Option<ModelName>,
    },
}

/// A policy name read without its knobs: what [`PolicySpec::parse`] binds to a config's tables.
/// A new family of names is one more arm in [`PolicyName::parse`] and in the binding.
#[derive(Clone, Debug, PartialEq)]
enum PolicyName<'s> {
    Random,
    Weighted,
    Greedy,
    Team,
    TeamTuned,
    Solitaire,
    /// `learned` or `learned:NAME`.
    Learned(Option<&'s str>),
    /// `rollout`, `rollout-N`, `rollout[-N]:BASE`, `rollout[-N]:learned:NAME`, and the same
    /// with `halving` (N futures per decision, sequential halving).
    Rollout {
        search: SearchMode,
        /// N: futures per candidate (racing, at most 65535) or per decision (halving).
        budget: Option<u32>,
        base: Option<BaseName>,
        model: Option<&'s str>,
        /// `+open`: every hand open in a competitive game.
        open: bool,
        /// `@H`: futures stop after H player-turns and the value model scores them.
        horizon: Option<u32>,
        /// `/setup`: only the set-up settlements are searched, over every candidate.
        setup: bool,
    },
}

impl<'s> PolicyName<'s> {
    fn parse(s: &'s str) -> Result<PolicyName<'s>, PolicyError> {
        let unknown = || PolicyError::Unknown(s.to_string());
        // `/setup`: a search of the set-up settlements only (see `RolloutKnobs::setup_only`).
        let (s, setup) = match s.strip_suffix("/setup") {
            Some(core) => (core, true),
            None => (s, false),
        };
        // `+open`: a competitive search with every hand open (a separate, labelled policy).
        let (s, open) = match s.strip_suffix("+open") {
            Some(core) => (core, true),
            None => (s, false),
        };
        // `@H`: a truncated search (futures of H player-turns, scored by the value model).
        let (s, horizon) = match s.split_once('@') {
            Some((core, h)) => {
                let h = h
                    .parse::<u32>()
                    .ok()
                    .filter(|h| (1..=MAX_HORIZON).contains(h))
                    .ok_or_else(|| PolicyError::Horizon {
                        name: s.to_string(),
                        horizon: h.to_string(),
                    })?;
                (core, Some(h))
            }
            None => (s, None),
        };
        let search = [
            ("rollout", SearchMode::Race),
            ("halving", SearchMode::Halving),
        ]
        .into_iter()
        .find_map(|(prefix, mode)| s.strip_prefix(prefix).map(|rest| (mode, rest)));
        if let Some((search, rest)) = search {
            let (budget, base) = match rest.split_once(':') {
                Some((n, b)) => (n, Some(b)),
                None => (rest, None),
            };
            let budget = match budget {
                "" => None,
                n => {
                    let n = n.strip_prefix('-').ok_or_else(unknown)?;
                    let max = match search {
                        SearchMode::Race => u16::MAX as u32,
                        SearchMode::Halving => u32::MAX,
                    };
                    Some(
                        n.parse::<u32>()
                            .ok()
                            .filter(|&n| n > 0 && n <= max)
                            .ok_or_else(|| PolicyError::Budget {
                                name: s.to_string(),
                                budget: n.to_string(),
                            })?,
                    )
                }
            };
            let (base, model) = match base {
                None => (None, None),
                Some(b) => {
                    let (b, model) = match b.split_once(':') {
                        Some(("learned", m)) => ("learned", Some(m)),
                        _ => (b, None),
                    };
                    let base = BaseName::parse(b).ok_or_else(|| PolicyError::Base {
                        name: s.to_string(),
                        base: b.to_string(),
                    })?;
                    (Some(base), model)
                }
            };
            return Ok(PolicyName::Rollout {
                search,
                budget,
                base,
                model,
                open,
                horizon,
                setup,
            });
        }
        if open || horizon.is_some() || setup {
            return Err(unknown());
        }
        if let Some(m) = s.strip_prefix("learned:") {
            return Ok(PolicyName::Learned(Some(m)));
        }
        Ok(match s {
            "random" => PolicyName::Random,
            "weighted" => PolicyName::Weighted,
            "greedy" => PolicyName::Greedy,
            "team" => PolicyName::Team,
            "team-tuned" => PolicyName::TeamTuned,
            "solitaire" => PolicyName::Solitaire,
            "learned" => PolicyName::Learned(None),
            _ => return Err(unknown()),
        })
    }
}

/// Whether `name` is a policy name (bound to no knobs: `learned` and `team-tuned` need their
/// models and knobs only when a row plays them).
///
/// # Errors
/// As [`PolicySpec::parse`], for the name alone.
pub fn check_name(name: &str) -> Result<(), PolicyError> {
    PolicyName::parse(name).map(|_| ())
}

/// Whether `name` plays a learned model (`learned`, `learned:NAME` or a search over one), and
/// the model's name in `[models]` if it is a named one.
pub fn plays_model(name: &str) -> Option<Option<&str>> {
    match PolicyName::parse(name).ok()? {
        PolicyName::Learned(m) => Some(m),
        PolicyName::Rollout {
            base: Some(BaseName::Learned),
            model,
            ..
        } => Some(model),
        _ => None,
    }
}

impl PolicySpec {
    /// Parses a policy name with the knobs of the config's tables; `rollout-N` is `rollout`
    /// with a budget of N rollouts, and `rollout-N:BASE` (or `rollout:BASE`) the search player
    /// over base policy BASE (`team`, `greedy`, `solitaire`, `learned`, `learned:NAME`),
    /// whatever `[rollout] base` says, so that one sweep can pair rows that differ only in the
    /// base; `learned:NAME` plays the model `NAME` of `k.named`.
    ///
    /// # Errors
    /// An unknown name, budget, base or model, or a name whose model or knobs `k` lacks.
    pub fn parse(s: &str, k: &Knobs) -> Result<PolicySpec, PolicyError> {
        let model = |name: Option<&str>| -> Result<(LearnedModel, Option<ModelName>), PolicyError> {
            match name {
                None => k
                    .learned
                    .map(|m| (m, None))
                    .ok_or_else(|| PolicyError::NoModel(s.to_string())),
                Some(n) => k
                    .named
                    .iter()
                    .find(|(m, _)| m.as_str() == n)
                    .map(|&(m, model)| (model, Some(m)))
                    .ok_or_else(|| PolicyError::UnknownModel {
                        name: s.to_string(),
                        model: n.to_string(),
                        known: k.named.iter().map(|(m, _)| m.to_string()).collect(),
                    }),
            }
        };
        Ok(match PolicyName::parse(s)? {
            PolicyName::Random => PolicySpec::Random,
            PolicyName::Weighted => PolicySpec::Weighted,
            PolicyName::Greedy => PolicySpec::Greedy(k.greedy),
            PolicyName::Team => PolicySpec::Team(k.team),
            PolicyName::TeamTuned => PolicySpec::TeamTuned(
                k.team_tuned
                    .ok_or_else(|| PolicyError::NoTeamTuned(s.to_string()))?,
            ),
            PolicyName::Solitaire => PolicySpec::Solitaire(k.solitaire),
            PolicyName::Learned(name) => {
                let (model, name) = model(name)?;
                PolicySpec::Learned { model, name }
            }
            PolicyName::Rollout {
                search,
                budget,
                base,
                model: name,
                open,
                horizon,
                setup,
            } => {
                let base = base.unwrap_or(k.rollout.base);
                // The model is bound only where the search plays it (a missing one is the
                // config's error, which knows the variant).
                let (learned, model) = match (base, name) {
                    (BaseName::Learned, Some(_)) => {
                        let (m, n) = model(name)?;
                        (Some(m), n)
                    }
                    _ => (k.learned, None),
                };
                let mut knobs = RolloutKnobs {
                    search,
                    base,
                    open_hands: open || k.rollout.open_hands,
                    horizon: horizon.unwrap_or(k.rollout.horizon),
                    ..k.rollout
                };
                match (search, budget) {
                    // At most u16::MAX (checked when parsed).
                    (SearchMode::Race, Some(n)) => knobs.rollouts = n as u16,
                    (SearchMode::Halving, Some(n)) => knobs.simulations = n,
                    (_, None) => {}
                }
                if setup {
                    knobs = knobs.setup_only();
                }
                PolicySpec::Rollout {
                    knobs,
                    team: k.team,
                    learned,
                    model,
                }
            }
        })
    }

    pub fn name(&self) -> &'static str {
        match self {
            PolicySpec::Random => "random",
            PolicySpec::Weighted => "weighted",
            PolicySpec::Greedy(_) => "greedy",
            PolicySpec::Team(_) => "team",
            PolicySpec::TeamTuned(_) => "team-tuned",
            PolicySpec::Solitaire(_) => "solitaire",
            PolicySpec::Rollout { .. } => "rollout",
            PolicySpec::Learned { .. } => "learned",
        }
    }

    /// Whether this is a search player (slow; `search_games` caps its rows).
    pub fn searches(&self) -> bool {
        matches!(self, PolicySpec::Rollout { .. })
    }

    /// This policy with `m` in place of the model it plays (a `learned` player's, or a search
    /// base's); a policy that plays no model is returned as it is.
    pub fn with_learned(self, m: LearnedModel) -> PolicySpec {
        match self {
            PolicySpec::Learned { name, .. } => PolicySpec::Learned { model: m, name },
            PolicySpec::Rollout {
                knobs,
                team,
                learned: Some(_),
                model,
            } if knobs.base == BaseName::Learned => PolicySpec::Rollout {
                knobs,
                team,
                learned: Some(m),
                model,
            },
            p => p,
        }
    }

    /// The learned model this policy plays, if any (itself or as a search's base).
    pub fn model(&self) -> Option<(&LearnedModel, Option<ModelName>)> {
        match self {
            PolicySpec::Learned { model, name } => Some((model, *name)),
            PolicySpec::Rollout {
                knobs,
                learned: Some(m),
                model,
                ..
            } if knobs.base == BaseName::Learned => Some((m, *model)),
            _ => None,
        }
    }

    /// The estimated cost of one game in games of the team script, for the progress bar only:
    /// the learned player about 2 (docs/speed.md: 1.6-1.9x per player-turn); a search player
    /// about 250 per rollout per candidate (rollout-8 over team: 2,000, as `robsim bench` plays
    /// 2 of its games a second against 4,000 of the script's), twice that over learned.
    pub fn cost(&self) -> u64 {
        match self {
            PolicySpec::Rollout { knobs, .. } => {
                // Halving's budget is per decision: per candidate it is a share of it.
                let per_candidate = match knobs.search {
                    SearchMode::Race => knobs.rollouts as u64,
                    SearchMode::Halving => {
                        knobs.simulations as u64 / knobs.max_candidates.max(1) as u64
                    }
                };
                let base = if knobs.base == BaseName::Learned {
                    2
                } else {
                    1
                };
                // A set-up search (`/setup`): 8 candidates at a handful of decisions, about an
                // eighth of a full search per future (rollout-32:learned/setup costs about a
                // quarter of rollout-16:learned).
                let share = if knobs.is_setup_only() { 8 } else { 1 };
                (250 * per_candidate.max(1) * base / share).max(2)
            }
            PolicySpec::Learned { .. } => 2,
            _ => 1,
        }
    }

    /// The name a report shows: the name, a named model's name (`learned:mine`), and a search
    /// player's budget (`rollout-16`), so that rows of two budgets or models differ in one
    /// setting.
    pub fn label(&self) -> String {
        match self {
            PolicySpec::Rollout { knobs, model, .. } => {
                let budget = knobs.budget_label();
                let mut name = match (knobs.base, model) {
                    (BaseName::Auto, _) => budget,
                    (BaseName::Learned, Some(m)) => format!("{budget}:learned:{m}"),
                    (base, _) => format!("{budget}:{}", base.name()),
                };
                if knobs.horizon > 0 {
                    name.push_str(&format!("@{}", knobs.horizon));
                }
                if knobs.open_hands {
                    name.push_str("+open");
                }
                if knobs.is_setup_only() {
                    name.push_str("/setup");
                }
                name
            }
            PolicySpec::Learned { name: Some(m), .. } => format!("learned:{m}"),
            _ => self.name().to_string(),
        }
    }
}

impl PolicySpec {
    /// A fresh player for one game: the one place a policy name becomes a policy.
    pub fn player(self) -> Player {
        match self {
            PolicySpec::Random => Player::Leaf(Leaf::Random(RandomPolicy)),
            PolicySpec::Weighted => Player::Leaf(Leaf::Weighted(WeightedPolicy)),
            PolicySpec::Greedy(k) => Player::Leaf(Leaf::Greedy(GreedyPolicy::new(k))),
            PolicySpec::Team(k) | PolicySpec::TeamTuned(k) => {
                Player::Leaf(Leaf::Team(TeamPolicy::new(k)))
            }
            PolicySpec::Solitaire(k) => Player::Leaf(Leaf::Solitaire(SolitairePolicy { knobs: k })),
            PolicySpec::Rollout {
                knobs,
                team,
                learned,
                ..
            } => Player::Rollout(Box::new(
                RolloutPolicy::new(knobs, team).with_learned(learned),
            )),
            PolicySpec::Learned { model, .. } => {
                Player::Leaf(Leaf::Learned(LearnedPolicy::new(model)))
            }
        }
    }
}

/// Search effort of a player, for `robsim bench`: decisions searched and rollouts played so
/// far (0 for scripted players).
pub trait Effort {
    /// A search player (slow: runners give it small work items).
    const SEARCH: bool = false;
    fn effort(&self) -> (u64, u64) {
        (0, 0)
    }
}

impl Effort for NullPolicy {}
impl Effort for RandomPolicy {}
impl Effort for WeightedPolicy {}
impl Effort for GreedyPolicy {}
impl Effort for TeamPolicy {}
impl Effort for SolitairePolicy {}
impl Effort for LearnedPolicy {}
impl Effort for RolloutPolicy {
    const SEARCH: bool = true;
    fn effort(&self) -> (u64, u64) {
        (self.searched, self.rollouts)
    }
}

/// Any named policy: a leaf player, or the search player. The search player is boxed: its
/// scratch action list is large, and it is allocated once per game. A leaf (greedy with the
/// Raiders spot values it keeps across plans, a few KB; the learned player with its weights)
/// stays inline so that a scripted-speed game allocates nothing.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Player {
    Leaf(Leaf<LearnedPolicy>),
    Rollout(Box<RolloutPolicy>),
    /// A player per seat (a competitive row's lineup): each decision goes to the deciding
    /// seat's player.
    Seats(Box<[Option<Player>; MAX_PLAYERS]>),
}

impl Player {
    /// Whether the player conceded a stalled game (only `team` does, also as a learned
    /// player's base; see `TeamKnobs::concede_after_idle_turns`).
    pub fn stalled(&self) -> bool {
        match self {
            Player::Leaf(p) => p.stalled(),
            Player::Rollout(_) => false,
            Player::Seats(s) => s.iter().flatten().any(Player::stalled),
        }
    }
}

impl Policy<Game<'_>> for Player {
    #[inline]
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        match self {
            Player::Leaf(p) => p.choose(g, legal, rng),
            Player::Rollout(p) => p.choose(g, legal, rng),
            Player::Seats(s) => s[g.actor().idx()]
                .as_mut()
                .expect("a lineup has a player for every seat of the game")
                .choose(g, legal, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_names_each_family_and_the_accepted_names_on_error() {
        let k = Knobs::default();
        assert_eq!(PolicySpec::parse("team", &k), Ok(PolicySpec::Team(k.team)));
        let PolicySpec::Rollout { knobs, .. } = PolicySpec::parse("rollout-8:greedy", &k).unwrap()
        else {
            panic!("a search player");
        };
        assert_eq!((knobs.rollouts, knobs.base), (8, BaseName::Greedy));
        assert_eq!(
            PolicySpec::parse("nobody", &k),
            Err(PolicyError::Unknown("nobody".into()))
        );
        let e = PolicySpec::parse("learnd", &k).unwrap_err().to_string();
        assert!(e.contains("did you mean \"learned\"?"), "{e}");
        let e = PolicySpec::parse("rolout-8", &k).unwrap_err().to_string();
        assert!(e.contains("did you mean \"rollout-8\"?"), "{e}");
        let e = PolicySpec::parse("nobody", &k).unwrap_err().to_string();
        assert!(!e.contains("did you mean"), "{e}");
        assert!(
            e.contains("allowed: random, greedy, team, team-tuned"),
            "{e}"
        );
        assert!(matches!(
            PolicySpec::parse("rollout-0", &k),
            Err(PolicyError::Budget { .. })
        ));
        assert!(matches!(
            PolicySpec::parse("rollout-2:nobody", &k),
            Err(PolicyError::Base { .. })
        ));
        // `learned` and `team-tuned` need what the knobs lack.
        assert_eq!(
            PolicySpec::parse("learned", &k),
            Err(PolicyError::NoModel("learned".into()))
        );
        assert_eq!(
            PolicySpec::parse("team-tuned", &k),
            Err(PolicyError::NoTeamTuned("team-tuned".into()))
        );
        let e = PolicySpec::parse("learned:mine", &k).unwrap_err();
        assert!(matches!(e, PolicyError::UnknownModel { ref model, .. } if model == "mine"));
    }

    /// `/setup` searches the set-up settlements only, over every candidate, with the budget,
    /// base and horizon of the name; the label says so and parses back to the same player.
    #[test]
    fn a_setup_search_is_its_own_labelled_player() {
        let k = Knobs::default();
        let PolicySpec::Rollout { knobs, .. } =
            PolicySpec::parse("rollout-32:greedy/setup", &k).unwrap()
        else {
            panic!("a search player");
        };
        assert_eq!((knobs.rollouts, knobs.base), (32, BaseName::Greedy));
        assert!(knobs.search_setup);
        assert!(!knobs.search_soldier && !knobs.search_flip && !knobs.search_build);
        assert_eq!(knobs.max_candidates as usize, rollout::MAX_CANDIDATES);
        for name in ["rollout-32:greedy/setup", "halving-64:team@40/setup"] {
            let spec = PolicySpec::parse(name, &k).unwrap();
            assert_eq!(spec.label(), name);
            assert_eq!(PolicySpec::parse(&spec.label(), &k), Ok(spec));
        }
        // The full search is labelled without it, and costs more per game than its set-up part.
        let full = PolicySpec::parse("rollout-32:greedy", &k).unwrap();
        assert_eq!(full.label(), "rollout-32:greedy");
        let setup = PolicySpec::parse("rollout-32:greedy/setup", &k).unwrap();
        assert!(setup.cost() < full.cost());
        // Only a search has set-up decisions to focus on.
        for name in ["team/setup", "learned/setup"] {
            assert!(
                matches!(PolicySpec::parse(name, &k), Err(PolicyError::Unknown(_))),
                "{name}"
            );
        }
        assert!(PolicySpec::parse("rollout-8/setup/setup", &k).is_err());
        let e = PolicySpec::parse("rolout-8/setup", &k)
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean \"rollout-8/setup\"?"), "{e}");
    }

    #[test]
    fn named_models_bind_and_label_learned_and_the_search_over_them() {
        let base = LearnedBase::Team(TeamKnobs::default());
        let (a, mut b) = (
            LearnedModel::base_only(base, 4),
            LearnedModel::base_only(base, 4),
        );
        b.weights[0][0] = 1.0;
        let named = [
            (ModelName::from("a").unwrap(), a),
            (ModelName::from("b").unwrap(), b),
        ];
        let k = Knobs {
            named: &named,
            ..Knobs::default()
        };
        let p = PolicySpec::parse("learned:b", &k).unwrap();
        assert_eq!(p.label(), "learned:b");
        assert_eq!(p.model().map(|(m, _)| *m), Some(b));
        let r = PolicySpec::parse("rollout-4:learned:a", &k).unwrap();
        assert_eq!(r.label(), "rollout-4:learned:a");
        assert_eq!(r.model().map(|(m, n)| (*m, n)), Some((a, Some(named[0].0))));
        let e = PolicySpec::parse("learned:c", &k).unwrap_err().to_string();
        assert!(e.contains("allowed: a, b"), "{e}");
        assert_eq!(plays_model("rollout-2:learned"), Some(None));
        assert_eq!(plays_model("learned:a"), Some(Some("a")));
        assert_eq!(plays_model("rollout-2:team"), None);
    }
}
