//! The keys that join runs: a row's settings key and a run's id.

use super::{sha256_hex, upgrade, Manifest, Tables};

/// A row's settings key: the letter `k` (so that no reader takes a key for a number) and the
/// first 12 hex digits of the SHA-256 of its settings and identity (`name=value` lines), the
/// same for the same game, rules and player in any run, sweep or ablation, whatever the row's
/// position or the config's text (the seed is not part of it: a game is
/// `(settings_key, seed, game)`).
pub fn settings_key<E: Tables>(row: &E) -> String {
    let mut text = String::new();
    for (name, value) in row.settings().into_iter().chain(row.identity()) {
        // A row of no named rule set keeps the key it had before sets could be named.
        if name == "rule_set" && value == "-" {
            continue;
        }
        text.push_str(name);
        text.push('=');
        text.push_str(&value);
        text.push('\n');
    }
    format!(
        "{}{}",
        upgrade::KEY_PREFIX,
        &sha256_hex(text.as_bytes())[..12]
    )
}

/// A report's run id: the first 12 hex digits of the SHA-256 of the config's meaning (its TOML
/// parsed and written back, so comments, spacing and key order do not count), the seed, the
/// games per row and the build (commit, else version). Stamped on `manifest.json` when a folder
/// is written; the same config meaning, games and build give the same id in any folder.
pub fn run_id(config_text: &str, m: &Manifest) -> String {
    let meaning = toml::from_str::<toml::Table>(config_text)
        .ok()
        .and_then(|t| toml::to_string(&t).ok())
        .unwrap_or_else(|| config_text.to_string());
    let build = m
        .git_commit
        .clone()
        .unwrap_or_else(|| format!("v{}", m.robsim_version));
    let mut text = format!(
        "{meaning}\nseed={}\ngames_per_row={}\nbuild={build}\n",
        m.seed, m.games_per_row
    );
    // The content of every map and tile file read (none: the run id as before 2026-12-02).
    for f in &m.inputs {
        text.push_str(&format!("{}={}\n", f.file, f.sha256));
    }
    sha256_hex(text.as_bytes())[..12].to_string()
}
