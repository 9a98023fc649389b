//! Opening the database safely.
//!
//! The order matters: the file is inspected (magic header, schema version,
//! `quick_check`) before anything is written, so a damaged file or one from a
//! newer version is refused untouched. Only then are WAL mode and the
//! migrations applied, with an online backup taken before any migration of an
//! existing database.
//!
//! Reading needs no write access: [`Store::open_read_only`] opens the file
//! with `SQLITE_OPEN_READ_ONLY` (and, when the folder cannot hold WAL's side
//! files, as immutable), and [`Store::open_for_reading`] falls back to it when
//! the folder or file is not writable. A read-only store refuses every write
//! with [`StoreError::ReadOnly`], naming the file.

use crate::error::{Result, StoreError};
use crate::paths;
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use rusqlite_migration::{Migrations, M};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The schema migrations, in order; version N is the N-th script.
const MIGRATIONS: &[&str] = &[
    include_str!("../migrations/0001_initial.sql"),
    include_str!("../migrations/0002_throws.sql"),
    include_str!("../migrations/0003_cards.sql"),
];

/// The newest schema version this build reads and writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// How long a writer waits for another connection's lock before giving up.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

fn migrations() -> Migrations<'static> {
    Migrations::new(
        MIGRATIONS
            .iter()
            .map(|sql| M::up(sql).foreign_key_check())
            .collect(),
    )
}

/// An open Table Warden database.
pub struct Store {
    pub(crate) conn: Connection,
    path: PathBuf,
    backup_taken: Option<PathBuf>,
    /// Opened with `SQLITE_OPEN_READ_ONLY`: writes are refused up front.
    read_only: bool,
}

impl Store {
    /// Open (creating if absent) the database at `path`, upgrading its schema.
    pub fn open(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref().to_path_buf();
        check_header(&path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Io {
                action: "cannot create the folder for",
                path: path.clone(),
                source,
            })?;
        }
        let mut conn = Connection::open_with_flags(
            &path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|e| classify(&path, e))?;
        conn.busy_timeout(BUSY_TIMEOUT)
            .map_err(|e| classify(&path, e))?;

        // Read-only inspection first.
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| classify(&path, e))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path,
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        let objects: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(|e| classify(&path, e))?;
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(|e| classify(&path, e))?;
        if check != "ok" {
            return Err(StoreError::Corrupt {
                latest_backup: paths::latest_backup(&path),
                path,
                detail: check,
            });
        }

        // Durable settings. WAL + synchronous=FULL: a commit is on disk when it returns.
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(|e| classify(&path, e))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Migration(format!(
                "could not switch {} to WAL mode (got {mode})",
                path.display()
            )));
        }
        conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            .map_err(|e| classify(&path, e))?;

        let mut backup_taken = None;
        if version < SCHEMA_VERSION {
            // A brand-new file has nothing worth backing up.
            if objects > 0 || version > 0 {
                backup_taken = Some(backup(&conn, &path, version)?);
            }
            migrations()
                .to_latest(&mut conn)
                .map_err(|e| StoreError::Migration(e.to_string()))?;
        }
        Ok(Store {
            conn,
            path,
            backup_taken,
            read_only: false,
        })
    }

    /// Open an existing database for reading only (`SQLITE_OPEN_READ_ONLY`):
    /// nothing is created, migrated or written. When SQLite cannot open it
    /// that way because the folder cannot hold the WAL's `-shm` file, it is
    /// opened as immutable (nobody can be writing a folder no one may write).
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref().to_path_buf();
        if !path.is_file() {
            return Err(StoreError::Io {
                action: "cannot open for reading",
                path: path.clone(),
                source: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "no database file is there",
                ),
            });
        }
        check_header(&path)?;
        let conn = match open_ro(&path, false) {
            Ok(c) => c,
            Err(StoreError::Database { .. }) => open_ro(&path, true)?,
            Err(e) => return Err(e),
        };
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| classify(&path, e))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path,
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if version < SCHEMA_VERSION {
            return Err(StoreError::ReadOnly {
                path,
                what: format!(
                    "its schema (version {version}) needs an upgrade to version {SCHEMA_VERSION} first"
                ),
            });
        }
        let check: String = conn
            .query_row("PRAGMA quick_check", [], |r| r.get(0))
            .map_err(|e| classify(&path, e))?;
        if check != "ok" {
            return Err(StoreError::Corrupt {
                latest_backup: paths::latest_backup(&path),
                path,
                detail: check,
            });
        }
        Ok(Store {
            conn,
            path,
            backup_taken: None,
            read_only: true,
        })
    }

    /// Open for a command that only reads: read-write when possible (so a
    /// new database is created and an old one upgraded as usual), read-only
    /// when the file or its folder may not be written.
    pub fn open_for_reading(path: impl AsRef<Path>) -> Result<Store> {
        let path = path.as_ref();
        match Store::open(path) {
            Ok(s) => Ok(s),
            Err(e) if e.is_access_problem() && path.is_file() => Store::open_read_only(path),
            Err(e) => Err(e),
        }
    }

    /// True when this store was opened read-only.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }

    /// Begin the immediate transaction every write goes through; refused on
    /// a read-only store, and any SQLite failure names the file.
    pub(crate) fn write_transaction(&mut self) -> Result<Transaction<'_>> {
        if self.read_only {
            return Err(StoreError::ReadOnly {
                path: self.path.clone(),
                what: "it was opened read-only (the file or its folder may not be written)".into(),
            });
        }
        let path = self.path.clone();
        self.conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| classify(&path, e))
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The backup written before this open migrated the schema, if it did.
    pub fn backup_taken(&self) -> Option<&Path> {
        self.backup_taken.as_deref()
    }

    /// The schema version stored in the file.
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// This connection's (synchronous, foreign_keys, busy_timeout ms) settings.
    pub fn pragmas(&self) -> Result<(i64, i64, i64)> {
        let get = |p: &str| {
            self.conn
                .query_row(&format!("PRAGMA {p}"), [], |r| r.get::<_, i64>(0))
        };
        Ok((
            get("synchronous")?,
            get("foreign_keys")?,
            get("busy_timeout")?,
        ))
    }

    /// Run `PRAGMA integrity_check`; `Ok(())` when the file is sound.
    pub fn integrity_check(&self) -> Result<()> {
        let rows: Vec<String> = self
            .conn
            .prepare("PRAGMA integrity_check")?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        if rows.len() == 1 && rows[0] == "ok" {
            Ok(())
        } else {
            Err(StoreError::Corrupt {
                path: self.path.clone(),
                detail: rows.join("; "),
                latest_backup: paths::latest_backup(&self.path),
            })
        }
    }

    /// Write a consistent copy of the live database to `dest` with SQLite's
    /// online backup API (safe while other connections write).
    pub fn backup_to(&self, dest: &Path) -> Result<()> {
        online_backup(&self.conn, &self.path, dest)
    }
}

/// A read-only connection to `path`; `immutable` skips WAL's shared-memory
/// file, for folders where it cannot be created.
fn open_ro(path: &Path, immutable: bool) -> Result<Connection> {
    // SQLite URI: only these three characters need escaping in the path.
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '?' | '#' | '%' => uri.push_str(&format!("%{:02X}", c as u32)),
            _ => uri.push(c),
        }
    }
    let uri = format!(
        "{uri}?mode=ro{}",
        if immutable { "&immutable=1" } else { "" }
    );
    let conn = Connection::open_with_flags(
        &uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| classify(path, e))?;
    conn.busy_timeout(BUSY_TIMEOUT)
        .map_err(|e| classify(path, e))?;
    // Touch the schema now, so a missing -shm shows up here and not later.
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })
    .map_err(|e| classify(path, e))?;
    Ok(conn)
}

/// Refuse a file that exists but is not SQLite, before SQLite touches it.
fn check_header(path: &Path) -> Result<()> {
    let mut f = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(StoreError::Io {
                action: "cannot read",
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let mut head = Vec::with_capacity(16);
    f.by_ref()
        .take(16)
        .read_to_end(&mut head)
        .map_err(|source| StoreError::Io {
            action: "cannot read",
            path: path.to_path_buf(),
            source,
        })?;
    // An empty file is what SQLite itself treats as a new database.
    if !head.is_empty() && head.as_slice() != SQLITE_MAGIC {
        return Err(StoreError::NotADatabase {
            path: path.to_path_buf(),
            latest_backup: paths::latest_backup(path),
        });
    }
    Ok(())
}

/// Turn SQLite's "not a database"/"corrupt" codes into the player-facing errors.
fn classify(path: &Path, e: rusqlite::Error) -> StoreError {
    use rusqlite::ffi::ErrorCode;
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => StoreError::NotADatabase {
            path: path.to_path_buf(),
            latest_backup: paths::latest_backup(path),
        },
        Some(ErrorCode::DatabaseCorrupt) => StoreError::Corrupt {
            path: path.to_path_buf(),
            detail: e.to_string(),
            latest_backup: paths::latest_backup(path),
        },
        _ => StoreError::Database {
            path: path.to_path_buf(),
            source: e,
        },
    }
}

fn backup(conn: &Connection, db: &Path, from_version: i64) -> Result<PathBuf> {
    let dir = paths::backups_dir(db);
    std::fs::create_dir_all(&dir).map_err(|e| StoreError::Backup {
        path: db.to_path_buf(),
        detail: format!("{}: {e}", dir.display()),
    })?;
    let name = format!(
        "{}{:013}-v{from_version}.sqlite3",
        paths::backup_prefix(db),
        crate::now_ms()
    );
    let dest = dir.join(name);
    online_backup(conn, db, &dest)?;
    Ok(dest)
}

/// Copy to a temporary name, fsync, then rename: a backup file that exists is complete.
fn online_backup(conn: &Connection, db: &Path, dest: &Path) -> Result<()> {
    let err = |detail: String| StoreError::Backup {
        path: db.to_path_buf(),
        detail,
    };
    let tmp = dest.with_extension("partial");
    let _ = std::fs::remove_file(&tmp);
    conn.backup(rusqlite::DatabaseName::Main, &tmp, None)
        .map_err(|e| err(format!("{}: {e}", tmp.display())))?;
    std::fs::File::open(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(|e| err(format!("{}: {e}", tmp.display())))?;
    std::fs::rename(&tmp, dest).map_err(|e| err(format!("{}: {e}", dest.display())))?;
    Ok(())
}
