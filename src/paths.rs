//! Where a file a config names (a model, a map, a tile file) is read from.
//!
//! A path in a config is read, in this order: as it is when absolute; else relative to the
//! config file's folder; else (as before 2026-11-28, when paths were read from the working
//! directory, and as the shipped configs write them: `configs/models/robert.toml`) relative to
//! the working directory; else, when it names a file shipped with robsim and built into the
//! binary (`configs/models/robert.toml`, `models/robert.toml`, `configs/maps/base.toml`, ...), that
//! built-in file, which has the shipped file's bytes and so its SHA-256. The last step lets a
//! shipped config run from any folder, and from a binary installed without the checkout; it
//! leaves a note. The config's folder is set once per process by the command that reads the
//! config (`set_config_file`); without one, paths are read from the working directory.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

/// The folder of the config file this process read, if any.
static CONFIG_DIR: RwLock<Option<PathBuf>> = RwLock::new(None);

/// Notes on paths read from the built-in copy, not yet said.
static NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Reads the paths a config names relative to `config`'s folder (see the module doc).
pub fn set_config_file(config: &Path) {
    let dir = match config.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    *CONFIG_DIR.write().unwrap_or_else(|e| e.into_inner()) = Some(dir);
}

/// The notes on built-in copies played for paths not found, each once; clears them.
pub fn take_notes() -> Vec<String> {
    std::mem::take(&mut *NOTES.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Where a path was found.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// A file to read.
    File(PathBuf),
    /// The built-in copy of the shipped file at this repository path, with its text.
    BuiltIn(&'static str, &'static str),
}

/// Where `name` (as a config writes it) is read from, among `shipped` files (repository path,
/// text) built into the binary. `None`: found nowhere; the error names
/// [`looked_in`].
pub fn find(name: &str, shipped: &[(&'static str, &'static str)]) -> Option<Found> {
    let p = Path::new(name);
    if p.is_absolute() {
        return p.is_file().then(|| Found::File(p.to_path_buf()));
    }
    let dir = CONFIG_DIR.read().unwrap_or_else(|e| e.into_inner()).clone();
    if let Some(d) = dir {
        let q = d.join(p);
        if q.is_file() {
            return Some(Found::File(q));
        }
    }
    if p.is_file() {
        return Some(Found::File(p.to_path_buf()));
    }
    let (path, text) = shipped_match(p, shipped)?;
    let note = format!(
        "{name} is not beside the config nor in the current folder: read the built-in {path} (the shipped file's bytes; manifest.json records its sha256)"
    );
    let mut notes = NOTES.lock().unwrap_or_else(|e| e.into_inner());
    if !notes.contains(&note) {
        notes.push(note);
    }
    Some(Found::BuiltIn(path, text))
}

/// The shipped file `p` names: the built-in one whose repository path ends with `p`'s last two
/// or more components (`models/robert.toml`), or that `p` ends with (`../configs/models/robert.toml`).
fn shipped_match(
    p: &Path,
    shipped: &[(&'static str, &'static str)],
) -> Option<(&'static str, &'static str)> {
    let plain: PathBuf = p
        .components()
        .filter(|c| matches!(c, std::path::Component::Normal(_)))
        .collect();
    if plain.components().count() < 2 {
        return None;
    }
    shipped
        .iter()
        .find(|(path, _)| Path::new(path).ends_with(&plain) || plain.ends_with(path))
        .copied()
}

/// Where a relative path was looked for, for an error: the config's folder and the working
/// directory.
pub fn looked_in(name: &str) -> String {
    if Path::new(name).is_absolute() {
        return String::new();
    }
    match CONFIG_DIR
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
    {
        Some(d) => format!(
            " (looked beside the config, as {}, and in the current folder)",
            d.join(name).display()
        ),
        None => " (looked in the current folder)".to_string(),
    }
}

/// Reads the text of `name` as [`find`] finds it, with its origin (the path read, or
/// `built-in PATH`).
///
/// # Errors
/// Found nowhere, or unreadable, naming `what` (`model file`) and where it looked.
pub fn read(
    name: &str,
    what: &str,
    shipped: &[(&'static str, &'static str)],
) -> anyhow::Result<(String, String)> {
    match find(name, shipped) {
        Some(Found::File(p)) => {
            let text = std::fs::read_to_string(&p)
                .map_err(|e| anyhow::anyhow!("cannot read {what} {}: {e}", p.display()))?;
            Ok((text, p.display().to_string()))
        }
        Some(Found::BuiltIn(path, text)) => Ok((text.to_string(), format!("built-in {path}"))),
        None => anyhow::bail!("cannot read {what} {name}: no such file{}", looked_in(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_path_matches_its_built_in_copy() {
        let shipped = [("configs/models/robert.toml", "x")];
        for (name, hit) in [
            ("configs/models/robert.toml", true),
            ("models/robert.toml", true),
            ("../../configs/models/robert.toml", true),
            ("/elsewhere/configs/models/robert.toml", true),
            ("robert.toml", false),
            ("models/other.toml", false),
        ] {
            assert_eq!(
                shipped_match(Path::new(name), &shipped).is_some(),
                hit,
                "{name}"
            );
        }
    }
}
