//! Where the window keeps the calibration it uses: the file the Calibration
//! screen saves and the capture thread reads (dice positions in millimetres,
//! and landing sections when the profile holds a target board).
//!
//! `TABLE_WARDEN_CALIBRATION` names the file explicitly (tests, a second
//! table); otherwise it is `calibration.json` beside the database, so one
//! data folder holds everything a player would back up.

use std::path::PathBuf;

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
