//! Where the database lives: `--db`, then `TABLE_WARDEN_DB`, then the OS data
//! directory. Backups sit in a `backups/` folder beside the database so a
//! player restoring by hand finds them next to the file they replace.

use crate::error::{Result, StoreError};
use std::path::{Path, PathBuf};

/// Environment variable overriding the database location.
pub const DB_ENV: &str = "TABLE_WARDEN_DB";

/// The database file name inside the data directory.
pub const DB_FILE: &str = "table-warden.sqlite3";

/// Resolve the database path: an explicit path wins, then [`DB_ENV`], then
/// the per-user data directory (for example `~/.local/share/table-warden`).
pub fn resolve_db_path(explicit: Option<&Path>) -> Result<PathBuf> {
    if let Some(p) = explicit {
        return Ok(p.to_path_buf());
    }
    if let Some(v) = std::env::var_os(DB_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(v));
    }
    let dirs =
        directories::ProjectDirs::from("", "", "table-warden").ok_or(StoreError::NoDataDir)?;
    Ok(dirs.data_dir().join(DB_FILE))
}

/// The data folder of `db`: the folder holding it, as an absolute path
/// (symlinks resolved when it exists), the working directory for a bare
/// file name. Relative snapshot paths in the log are read from here.
pub fn data_dir_of(db: &Path) -> PathBuf {
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    dir.canonicalize()
        .or_else(|_| std::path::absolute(dir))
        .unwrap_or_else(|_| dir.to_path_buf())
}

/// The folder holding backups of `db`.
pub fn backups_dir(db: &Path) -> PathBuf {
    db.parent()
        .unwrap_or_else(|| Path::new("."))
        .join("backups")
}

/// File-name prefix of `db`'s backups, so several databases can share a folder.
pub(crate) fn backup_prefix(db: &Path) -> String {
    let stem = db
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "db".into());
    format!("{stem}.backup-")
}

/// The most recent backup of `db`, if any (by the timestamp in its name).
pub fn latest_backup(db: &Path) -> Option<PathBuf> {
    let prefix = backup_prefix(db);
    let entries = std::fs::read_dir(backups_dir(db)).ok()?;
    entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            name.starts_with(&prefix) && name.ends_with(".sqlite3")
        })
        .max_by_key(|p| p.file_name().map(|n| n.to_os_string()))
}
