//! How expert iteration fits and keeps: what a fit starts from, futures cut at a horizon, updates.

use crate::report::compare::CompareRow;

/// What a round's fit starts from (`[learn] fit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FitFrom {
    /// No weights: the run's labels alone make each type's scorer (`"anew"`).
    #[default]
    Anew,
    /// The start model: the labels fit what its scores leave, added to its weights and beside
    /// its network's units (`"on-start"`), so what it learned on other rows is kept.
    OnStart,
}

impl FitFrom {
    /// The names a config may give, in order.
    pub const NAMES: [&'static str; 2] = ["anew", "on-start"];

    /// The value of `name`, if it is one of [`FitFrom::NAMES`].
    pub fn parse(name: &str) -> Option<FitFrom> {
        match name {
            "anew" => Some(FitFrom::Anew),
            "on-start" => Some(FitFrom::OnStart),
            _ => None,
        }
    }
}

/// What a labelling future cut at the horizon is worth (`[learn] horizon_value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HorizonValue {
    /// The VP gained, as a lost game is (`"progress"`).
    #[default]
    Progress,
    /// The built-in value model's score of where it stopped, as a search's `@H` futures are
    /// (`"model"`; Robert only): the teacher is the truncated search.
    Model,
}

impl HorizonValue {
    /// The names a config may give, in order.
    pub const NAMES: [&'static str; 2] = ["progress", "model"];

    /// The value of `name`, if it is one of [`HorizonValue::NAMES`].
    pub fn parse(name: &str) -> Option<HorizonValue> {
        match name {
            "progress" => Some(HorizonValue::Progress),
            "model" => Some(HorizonValue::Model),
            _ => None,
        }
    }
}

/// When a decision type's fit replaces its scorer, and a round is kept (`[learn] update`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum UpdateRule {
    /// Pooled over the rows, the new scorer wins more of the games the two split than it
    /// loses (`"gain"`).
    #[default]
    Gain,
    /// The pooled gain's 95% interval lies above zero and no row collapses: none loses
    /// [`COLLAPSE_POINTS`] or more with its own interval wholly below zero (`"sure"`). A gain
    /// within noise, or one paid for by a few rows (a type that plays well where most rows are
    /// and breaks on a rare rule set), is refused.
    Sure,
}

/// A row's loss (win-rate points, paired) that `"sure"` calls a collapse when its 95%
/// interval is wholly below zero: far beyond chance over a hundred rows of a few hundred games.
pub const COLLAPSE_POINTS: f64 = 10.0;

impl UpdateRule {
    /// The names a config may give, in order.
    pub const NAMES: [&'static str; 2] = ["gain", "sure"];

    /// The value of `name`, if it is one of [`UpdateRule::NAMES`].
    pub fn parse(name: &str) -> Option<UpdateRule> {
        match name {
            "gain" => Some(UpdateRule::Gain),
            "sure" => Some(UpdateRule::Sure),
            _ => None,
        }
    }

    /// Whether `b` is taken over `a`, given their paired comparison per row and pooled; with
    /// the row that collapsed worst, if one did.
    pub fn takes(self, per_row: &[CompareRow], pooled: &CompareRow) -> (bool, Option<usize>) {
        let rows: Vec<(Option<f64>, Option<f64>)> = per_row
            .iter()
            .map(|r| (r.win_rate_diff, r.win_rate_diff_hi95))
            .collect();
        let gains = pooled.wins_only_b.unwrap_or(0) > pooled.wins_only_a.unwrap_or(0);
        self.decide(&rows, gains, pooled.win_rate_diff_lo95)
    }

    /// [`UpdateRule::takes`] on each row's (difference, upper 95% bound), whether the pooled
    /// games gain (more won only by `b` than only by `a`) and the pooled lower bound.
    pub fn decide(
        self,
        rows: &[(Option<f64>, Option<f64>)],
        gains: bool,
        pooled_lo95: Option<f64>,
    ) -> (bool, Option<usize>) {
        match self {
            UpdateRule::Gain => (gains, None),
            UpdateRule::Sure => {
                let collapsed = rows
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &(d, hi))| match (d, hi) {
                        (Some(d), Some(hi)) if hi < 0.0 && d * 100.0 <= -COLLAPSE_POINTS => {
                            Some((i, d))
                        }
                        _ => None,
                    })
                    .min_by(|x, y| x.1.total_cmp(&y.1))
                    .map(|(i, _)| i);
                let sure = pooled_lo95.is_some_and(|l| l > 0.0);
                (gains && sure && collapsed.is_none(), collapsed)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sure_update_refuses_noise_and_a_collapsed_row() {
        let fine = [(Some(0.02), Some(0.05)), (Some(-0.04), Some(0.01))];
        // "gain" takes any pooled gain; "sure" only one whose interval clears zero.
        assert_eq!(
            UpdateRule::Gain.decide(&fine, true, Some(-0.01)),
            (true, None)
        );
        assert_eq!(
            UpdateRule::Sure.decide(&fine, true, Some(-0.01)),
            (false, None)
        );
        assert_eq!(
            UpdateRule::Sure.decide(&fine, true, Some(0.001)),
            (true, None)
        );
        assert_eq!(
            UpdateRule::Sure.decide(&fine, false, Some(0.001)),
            (false, None)
        );
        // A row losing 10 points or more, surely, stops it; the worst such row is named. A big
        // loss within noise (its interval reaching zero) does not.
        let broke = [
            (Some(-0.12), Some(-0.05)),
            (Some(-0.30), Some(0.02)),
            (Some(-0.40), Some(-0.30)),
            (Some(0.01), Some(0.04)),
        ];
        assert_eq!(
            UpdateRule::Sure.decide(&broke, true, Some(0.01)),
            (false, Some(2))
        );
        assert_eq!(
            UpdateRule::Gain.decide(&broke, true, Some(0.01)),
            (true, None)
        );
        assert_eq!(UpdateRule::parse("sure"), Some(UpdateRule::Sure));
        assert_eq!(UpdateRule::parse("strict"), None);
    }
}
