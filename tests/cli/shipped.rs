//! The shipped models: the rebased ones are their committed commands' output byte for byte, and every one records its config as committed.

use crate::support::cli::{read, robsim, tmp};
use std::path::Path;

/// `configs/models/robert-tuned.toml` and `robert-wide.toml` (the model `learned` plays) are
/// what their committed commands write, byte for byte (a rebase with no round: seconds, unlike
/// the trained models' hours).
#[test]
fn the_rebased_shipped_models_are_their_commands_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (config, model) in [
        ("robert-learn-rebase", "robert-tuned"),
        ("robert-learn-wide", "robert-wide"),
    ] {
        let out = tmp(&format!("learn-{model}"));
        let run = robsim()
            .current_dir(root)
            .args([
                "learn",
                &format!("configs/training/{config}.toml"),
                "-q",
                "-o",
            ])
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        // The shipped model names the config where it lay when it was trained (configs/ before
        // the training recipes moved to configs/training/ on 2026-12-02): that line aside, the
        // bytes are the same.
        let committed = read(root, &format!("configs/models/{model}.toml")).replace(
            &format!("command = \"robsim learn configs/{config}.toml\""),
            &format!("command = \"robsim learn configs/training/{config}.toml\""),
        );
        assert_eq!(
            read(&out, "model.toml"),
            committed,
            "robsim learn configs/{config}.toml no longer writes configs/models/{model}.toml"
        );
    }
}

/// A shipped model records the SHA-256 of the config that made it; an edit to that config (a
/// comment too) after training means its committed command no longer writes the same bytes.
#[test]
fn shipped_models_record_the_config_as_committed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for model in [
        "configs/models/robert.toml",
        "configs/models/robert-tuned.toml",
        "configs/models/robert-wide.toml",
        "configs/models/robert-resting.toml",
        "configs/models/robert-weighted.toml",
        "configs/models/solitaire.toml",
    ] {
        let text = read(root, model);
        let field = |key: &str| -> String {
            let line = text
                .lines()
                .find(|l| l.starts_with(&format!("{key} = ")))
                .unwrap_or_else(|| panic!("{model}: no {key}"));
            line.split('"').nth(1).unwrap().to_string()
        };
        let command = field("command");
        let config = command
            .strip_prefix("robsim learn ")
            .unwrap_or_else(|| panic!("{model}: command {command:?}"));
        // A recipe trained before the move to configs/training/ (2026-12-02) is there now,
        // byte for byte.
        let moved = Path::new("configs/training").join(Path::new(config).file_name().unwrap());
        let at = if root.join(config).is_file() {
            root.join(config)
        } else {
            root.join(moved)
        };
        let bytes = std::fs::read(&at).unwrap_or_else(|e| panic!("{model}: {config}: {e}"));
        assert_eq!(
            field("config_sha256"),
            robsim::report::sha256_hex(&bytes),
            "{model}: {config} was edited after the model was trained"
        );
    }
}
