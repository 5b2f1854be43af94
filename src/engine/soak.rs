//! What a soak found, for any game: games, steps, refused actions and the first violations, as a mergeable report.

/// What a soak found.
#[derive(Clone, Debug, Default)]
pub struct SoakReport {
    pub games: u64,
    /// Games by family: Catan (every variant) and Carcassonne.
    pub catan_games: u64,
    pub carcassonne_games: u64,
    /// Steps (decisions and chance outcomes) played, each followed by the invariant checks.
    pub steps: u64,
    /// Arbitrary actions that `try_apply` refused (the state was checked unchanged each time).
    pub refused: u64,
    pub violations: u64,
    /// The first few violations, with the game index.
    pub first_violations: Vec<String>,
}

impl SoakReport {
    /// Both reports' counts; the first ten violations in order.
    pub fn merge(mut self, o: SoakReport) -> SoakReport {
        self.games += o.games;
        self.catan_games += o.catan_games;
        self.carcassonne_games += o.carcassonne_games;
        self.steps += o.steps;
        self.refused += o.refused;
        self.violations += o.violations;
        self.first_violations.extend(o.first_violations);
        self.first_violations.sort();
        self.first_violations.truncate(10);
        self
    }

    /// Counts a violation and keeps its message among the first ten.
    pub fn violation(&mut self, msg: String) {
        self.violations += 1;
        if self.first_violations.len() < 10 {
            self.first_violations.push(msg);
        }
    }
}

/// Far beyond any real game; a bound so a livelock shows as a violation, not a hang.
pub const MAX_STEPS: u64 = 400_000;
