//! Records the git commit robsim is built from, for report manifests.
fn main() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let mut commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_default();
    // Built from edits not yet committed (tracked files only): the commit alone would not
    // rebuild what played a report, so the manifest says so.
    let edited =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    if !commit.is_empty() && edited {
        commit.push_str("-dirty");
    }
    println!("cargo:rustc-env=ROBSIM_GIT_COMMIT={commit}");
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/refs");
    println!("cargo:rerun-if-changed=.git/index");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=configs/models");
}
