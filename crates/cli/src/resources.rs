//! Where the bundled `models/` folder (enrolled die sets) is, whatever the
//! working directory. The first of these that holds `models/dice-sets/` wins:
//!
//! 1. `$TABLE_WARDEN_MODELS` (the `models` folder itself), when set; it is
//!    used as given, so a wrong value shows up in the error naming the file;
//! 2. beside the executable, or beside any folder above it (an unpacked
//!    release keeps `models/` next to `warden`; a build in `target/` finds the
//!    checkout above it);
//! 3. the repository this binary was built from (compile-time path), for
//!    builds whose target folder lives elsewhere.
//!
//! When none holds it, the compile-time path is returned, so errors name
//! where it was expected.

use std::path::{Path, PathBuf};

/// Environment variable naming the `models` folder.
pub const MODELS_ENV: &str = "TABLE_WARDEN_MODELS";

/// The repository root this binary was built from.
fn built_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn holds_sets(models: &Path) -> bool {
    models.join("dice-sets").is_dir()
}

/// The `models` folder (see the module docs for the search order).
pub fn models_dir() -> PathBuf {
    if let Some(v) = std::env::var_os(MODELS_ENV).filter(|v| !v.is_empty()) {
        return PathBuf::from(v);
    }
    if let Ok(exe) = std::env::current_exe() {
        let exe = exe.canonicalize().unwrap_or(exe);
        for dir in exe.ancestors().skip(1) {
            let m = dir.join("models");
            if holds_sets(&m) {
                return m;
            }
        }
    }
    let built = built_root().join("models");
    built.canonicalize().unwrap_or(built)
}

/// The folder of enrolled die sets.
pub fn dice_sets_dir() -> PathBuf {
    models_dir().join("dice-sets")
}

/// A board geometry file named in a profile, as an absolute path when the
/// file exists (so the profile works from any folder); the name unchanged otherwise.
pub fn absolute(path: &Path) -> String {
    path.canonicalize()
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}
