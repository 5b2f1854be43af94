//! What a manifest records of the files a report's rows read: maps, tiles and models.

use serde::{Deserialize, Serialize};

/// A map or tile file a report's rows read, as its manifest records it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct InputFile {
    /// `map` or `tiles`.
    pub kind: String,
    /// The file as the config names it.
    pub file: String,
    /// SHA-256 of its content (hex).
    pub sha256: String,
}

/// A model (or built-in knob table) a report's rows played, as its manifest records it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ModelRecord {
    /// The policy names that played it (`learned`, `rollout-8:learned`, `learned:mine`).
    pub policies: Vec<String>,
    /// The variant whose rows played it.
    pub variant: String,
    /// Its file as the config names it, or `built-in PATH` for the one built into robsim.
    pub source: String,
    /// SHA-256 of the file (hex).
    pub sha256: String,
    /// The rules under which the rows play it, for a rule model (`[[learned.rules]]`: the
    /// game's `when`, e.g. `players in [3, 4]`); absent for a model every row of its policies
    /// plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
}
