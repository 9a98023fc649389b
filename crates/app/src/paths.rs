//! Where things live, the same from any working directory, for the window
//! and the CLI alike.
//!
//! - The active calibration: the file the Calibration screen saves and the
//!   live view reads. `TABLE_WARDEN_CALIBRATION` names it explicitly (tests,
//!   a second table); otherwise it is `calibration.json` beside the
//!   database, so one data folder holds everything a player would back up.
//! - The shipped `models/` folder (enrolled die sets); the first of these
//!   that holds `models/dice-sets/` wins: `$TABLE_WARDEN_MODELS` (used as
//!   given, so a wrong value shows up in the error naming the file); beside
//!   the executable or any folder above it (an unpacked release keeps
//!   `models/` next to the binary; a build in `target/` finds the checkout
//!   above it); the repository this binary was built from. When none holds
//!   it, the compile-time path is returned, so errors name where it was
//!   expected.
//! - The shipped board geometry: named `catacombs-default` (or by its file
//!   in the repository, `calibration/boards/catacombs-default.json`) it is
//!   the built-in one, wherever the program runs.

use std::path::{Path, PathBuf};

/// The environment variable that overrides the active profile's path.
pub const ENV: &str = "TABLE_WARDEN_CALIBRATION";

/// The active calibration profile's path (the file may not exist yet).
pub fn active_profile_path() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os(ENV).filter(|p| !p.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    Ok(data_dir()?.join("calibration.json"))
}

/// The folder that holds the database, and beside it what the window keeps.
pub fn data_dir() -> Result<PathBuf, String> {
    let db = tw_store::paths::resolve_db_path(None).map_err(|e| e.to_string())?;
    Ok(db
        .parent()
        .map(|d| d.to_path_buf())
        .unwrap_or_else(|| PathBuf::from(".")))
}


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

/// How a profile may name the shipped board geometry.
pub const SHIPPED_BOARD_NAMES: [&str; 2] = ["catacombs-default", "calibration/boards/catacombs-default.json"];

/// The board a profile at `profile_path` names: the built-in geometry for
/// the shipped names (unless a file of that name lies beside the profile),
/// else the geometry file, relative to the profile's folder.
pub fn load_board(b: &tw_calibration::BoardRef, profile_path: &Path) -> Result<tw_board::Board, String> {
    let path = b.geometry_path(profile_path);
    if SHIPPED_BOARD_NAMES.contains(&b.geometry.as_str()) && !path.is_file() {
        return Ok(tw_board::Board::catacombs_default());
    }
    tw_board::Board::load(&path).map_err(|e| format!("{}: board.geometry: {e}", profile_path.display()))
}

/// The file of die set `name` named in a profile in folder `dir`: beside
/// the profile when it is there, else the enrolled set of that name in the
/// shipped `models/dice-sets/` (`NAME` or `NAME.json`).
pub fn die_set_file(name: &str, dir: &Path) -> PathBuf {
    let beside = dir.join(name);
    if beside.is_file() {
        return beside;
    }
    let file = if name.ends_with(".json") { name.to_string() } else { format!("{name}.json") };
    let shipped = dice_sets_dir().join(&file);
    if shipped.is_file() {
        shipped
    } else {
        beside
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_sets_and_boards_are_found_from_any_folder() {
        let elsewhere = std::env::temp_dir();
        let set = die_set_file("dungeon-fighter", &elsewhere);
        assert!(set.is_file(), "{}", set.display());
        assert_eq!(die_set_file("no-such-set.json", &elsewhere), elsewhere.join("no-such-set.json"));
        for name in SHIPPED_BOARD_NAMES {
            let b = tw_calibration::BoardRef { geometry: name.into(), extra: Default::default() };
            assert!(load_board(&b, &elsewhere.join("calibration.json")).is_ok(), "{name}");
        }
        let b = tw_calibration::BoardRef { geometry: "nowhere.json".into(), extra: Default::default() };
        let e = load_board(&b, &elsewhere.join("calibration.json")).unwrap_err();
        assert!(e.contains("board.geometry"), "{e}");
    }

    /// Bad-input sweep, 2026-11-27: a d6 set where a d12 set is wanted
    /// was "not a die set: unknown field `kind`".
    #[test]
    fn a_d6_set_given_for_the_target_board_is_named_as_one() {
        let load_die_set = |p: &Path| tw_target::DieSet::load(p).map_err(|e| e.to_string());
        let dir = std::env::temp_dir().join(format!("tw-paths-d6-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("d6.json");
        std::fs::write(
            &p,
            r#"{"format": "tw-dice-set/1", "kind": "d6", "name": "mine", "faces": []}"#,
        )
        .unwrap();
        let e = load_die_set(&p).unwrap_err();
        assert!(
            e.starts_with(&p.display().to_string()) && e.contains("not a d12 set"),
            "{e}"
        );
        std::fs::write(&p, r#"{"kind": 3}"#).unwrap();
        let e = load_die_set(&p).unwrap_err();
        assert!(!e.contains("d6 set"), "{e}");
        let shipped = die_set_file("dungeon-fighter", &dir);
        assert!(load_die_set(&shipped).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
