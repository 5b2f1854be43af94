//! placeholder
use super::*;
#[derive(Clone, Default, Debug)]
pub struct GreedyPolicy;
impl Policy for GreedyPolicy {
    fn choose(&mut self, g: &Game, legal: &mut ActionList, rng: &mut Rng) -> Action {
        RandomPolicy.choose(g, legal, rng)
    }
}
