//! placeholder
use super::*;
#[derive(Clone, Copy, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TeamKnobs {
    pub soldier_min_pips: u8,
}
#[derive(Clone, Debug)]
pub struct TeamPolicy {
    pub knobs: TeamKnobs,
}
impl TeamPolicy {
    pub fn new(knobs: TeamKnobs) -> Self {
        TeamPolicy { knobs }
    }
}
impl Policy for TeamPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        RandomPolicy.choose(g, legal, rng)
    }
}
