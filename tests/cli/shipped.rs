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
            .args(["learn", &format!("configs/{config}.toml"), "-q", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(
            read(&out, "model.toml"),
            read(root, &format!("configs/models/{model}.toml")),
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
        let bytes = std::fs::read(root.join(config)).unwrap();
        assert_eq!(
            field("config_sha256"),
            robsim::report::sha256_hex(&bytes),
            "{model}: {config} was edited after the model was trained"
        );
    }
}
