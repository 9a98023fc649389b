//! Errors of the store. Each says what happened, to which file or field, and
//! what the player can do; none of them is raised after a partial write.

use std::path::PathBuf;
use tw_rules::Refusal;

/// Something the store refused or could not do.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "{path} is not a Table Warden database (it is not an SQLite file); it was left untouched. {}",
        backup_hint(latest_backup)
    )]
    NotADatabase {
        path: PathBuf,
        latest_backup: Option<PathBuf>,
    },

    #[error(
        "{path} is damaged ({detail}); it was left untouched. {}",
        backup_hint(latest_backup)
    )]
    Corrupt {
        path: PathBuf,
        detail: String,
        latest_backup: Option<PathBuf>,
    },

    #[error(
        "{path} was written by a newer Table Warden (schema version {found}; this build understands up to \
         version {supported}); it was not opened and not changed. Update Table Warden to use it."
    )]
    TooNew {
        path: PathBuf,
        found: i64,
        supported: i64,
    },

    #[error(
        "could not back up {path} before upgrading it: {detail}; the database was not changed"
    )]
    Backup { path: PathBuf, detail: String },

    #[error("could not upgrade the database schema: {0}")]
    Migration(String),

    #[error("no data directory is known for this user; pass --db FILE or set TABLE_WARDEN_DB")]
    NoDataDir,

    #[error("{action} {path}: {source}")]
    Io {
        action: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },

    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),

    /// An SQLite failure while opening or writing, with the file it concerns.
    #[error("database {path}: {source}")]
    Database {
        path: PathBuf,
        source: rusqlite::Error,
    },

    #[error("cannot write to database {path}: {what}")]
    ReadOnly { path: PathBuf, what: String },

    #[error("no game session with id {0}")]
    UnknownSession(i64),

    #[error("no campaign named {0:?}")]
    UnknownCampaign(String),

    #[error("a campaign named {0:?} already exists")]
    CampaignExists(String),

    #[error("{field}: {problem}")]
    Invalid { field: String, problem: String },

    #[error(
        "session {session} was changed elsewhere (expected to write entry {expected}, but it already exists); \
         resume the session to see the latest state"
    )]
    Conflict { session: i64, expected: i64 },

    #[error("nothing to undo")]
    NothingToUndo,

    #[error("{0}")]
    Refused(#[from] Refusal),

    #[error("session {session}: the game could not fold entry {seq}: {refusal}")]
    Replay {
        session: i64,
        seq: i64,
        refusal: Refusal,
    },

    /// A session whose snapshot rows do not cover the log: its setup row
    /// (seq 0) was deleted or its seq changed outside the app.
    #[error(
        "session {session}: the snapshots table has no row with session_id {session} and seq at most {seq} \
         (the state at setup is the row with seq 0); {}. The database was changed outside Table Warden; \
         nothing was written",
        held_rows(held)
    )]
    MissingSnapshot {
        session: i64,
        seq: i64,
        held: Vec<i64>,
    },

    #[error("session {session}: stored JSON in {what} is unreadable: {detail}")]
    BadStoredJson {
        session: i64,
        what: String,
        detail: String,
    },
}

/// The seqs a session's snapshot rows have, the first few of them.
fn held_rows(held: &[i64]) -> String {
    const SHOWN: usize = 8;
    let mut seqs = held
        .iter()
        .take(SHOWN)
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if held.len() > SHOWN {
        seqs += &format!(" and {} more", held.len() - SHOWN);
    }
    match held {
        [] => "it has no snapshot rows at all".to_string(),
        _ => format!("its rows have seq {seqs}"),
    }
}

fn backup_hint(b: &Option<PathBuf>) -> String {
    match b {
        Some(p) => format!(
            "The latest backup is {}; copy it over the damaged file to restore it.",
            p.display()
        ),
        None => "No backup of it exists.".to_string(),
    }
}

impl StoreError {
    /// True for failures that mean "may not write here" (read-only file or
    /// folder, permission denied), after which reading read-only may work.
    pub fn is_access_problem(&self) -> bool {
        use rusqlite::ffi::ErrorCode;
        match self {
            StoreError::Io { source, .. } => source.kind() == std::io::ErrorKind::PermissionDenied,
            StoreError::Database { source, .. } | StoreError::Sqlite(source) => matches!(
                source.sqlite_error_code(),
                Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied)
            ),
            StoreError::Backup { .. } | StoreError::ReadOnly { .. } => true,
            _ => false,
        }
    }

    /// A validation or import error about one named field.
    pub fn invalid(field: impl Into<String>, problem: impl Into<String>) -> Self {
        StoreError::Invalid {
            field: field.into(),
            problem: problem.into(),
        }
    }
}

/// A serde error at `path` (relative to `prefix`) as a field error. A missing
/// field is reported at the field itself, not at the object lacking it.
pub(crate) fn field_error(
    prefix: &str,
    e: serde_path_to_error::Error<serde_json::Error>,
) -> StoreError {
    let path = e.path().to_string();
    let mut field = match (prefix.is_empty(), path == ".") {
        (_, true) if prefix.is_empty() => "(file)".to_string(),
        (_, true) => prefix.to_string(),
        (true, false) => path,
        (false, false) => format!("{prefix}.{path}"),
    };
    let msg = e.into_inner().to_string();
    if let Some(name) = msg
        .strip_prefix("missing field `")
        .and_then(|r| r.split('`').next())
    {
        field = if field == "(file)" {
            name.to_string()
        } else {
            format!("{field}.{name}")
        };
        return StoreError::invalid(field, "missing");
    }
    StoreError::invalid(field, msg)
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;
