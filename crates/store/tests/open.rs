//! Opening: durable settings, migrations with a backup, and refusing files
//! that are damaged, not SQLite, or from a newer version, without touching them.

mod common;

use std::path::Path;
use tw_store::{paths, Store, StoreError, SCHEMA_VERSION};

fn bytes(p: &Path) -> Vec<u8> {
    std::fs::read(p).expect("read file")
}

#[test]
fn a_new_database_is_durable_and_migrated_without_a_backup() {
    let db = common::temp_db();
    let store = Store::open(&db.path).unwrap();
    let conn = rusqlite::Connection::open(&db.path).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(
        store.backup_taken().is_none(),
        "nothing to back up in a new file"
    );
    // Per-connection settings are checked on the store's own connection.
    let (sync, fk, busy) = store.pragmas().unwrap();
    assert_eq!(sync, 2, "synchronous=FULL");
    assert_eq!(fk, 1, "foreign keys on");
    assert!(busy >= 1000, "busy timeout {busy} ms");
    store.integrity_check().unwrap();
}

#[test]
fn an_existing_database_is_backed_up_before_it_is_migrated() {
    let db = common::temp_db();
    {
        // A file from before the first schema: it has data but user_version 0.
        let conn = rusqlite::Connection::open(&db.path).unwrap();
        conn.execute_batch(
            "CREATE TABLE legacy (note TEXT); INSERT INTO legacy VALUES ('keep me');",
        )
        .unwrap();
    }
    let store = Store::open(&db.path).unwrap();
    let backup = store
        .backup_taken()
        .expect("a backup before migrating")
        .to_path_buf();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert!(backup.starts_with(paths::backups_dir(&db.path)));
    assert_eq!(
        paths::latest_backup(&db.path).as_deref(),
        Some(backup.as_path())
    );
    let old = rusqlite::Connection::open(&backup).unwrap();
    let v: i64 = old
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    let note: String = old
        .query_row("SELECT note FROM legacy", [], |r| r.get(0))
        .unwrap();
    assert_eq!((v, note.as_str()), (0, "keep me"));
    drop(store);
    // Opening again migrates nothing and takes no new backup.
    assert!(Store::open(&db.path).unwrap().backup_taken().is_none());
}

#[test]
fn a_database_from_a_newer_version_is_refused_untouched() {
    let db = common::temp_db();
    drop(Store::open(&db.path).unwrap());
    {
        let conn = rusqlite::Connection::open(&db.path).unwrap();
        conn.execute_batch("PRAGMA user_version = 42;").unwrap();
    }
    let before = bytes(&db.path);
    let err = Store::open(&db.path).err().expect("refused");
    assert!(matches!(err, StoreError::TooNew { found: 42, .. }), "{err}");
    let msg = err.to_string();
    assert!(
        msg.contains("newer") && msg.contains("42") && msg.contains("not changed"),
        "{msg}"
    );
    assert_eq!(bytes(&db.path), before);
    assert!(
        paths::latest_backup(&db.path).is_none(),
        "no backup, no migration"
    );
}

#[test]
fn a_file_that_is_not_sqlite_is_refused_untouched_and_the_backup_offered() {
    let db = common::temp_db();
    // Make a real backup first, through a migration of an older file.
    {
        let conn = rusqlite::Connection::open(&db.path).unwrap();
        conn.execute_batch("CREATE TABLE legacy (x);").unwrap();
    }
    let backup = Store::open(&db.path)
        .unwrap()
        .backup_taken()
        .unwrap()
        .to_path_buf();
    for f in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{f}", db.path.display()));
    }
    std::fs::write(
        &db.path,
        b"these are my dungeon notes, not a database\n".repeat(50),
    )
    .unwrap();
    let before = bytes(&db.path);
    let err = Store::open(&db.path).err().expect("refused");
    assert!(matches!(err, StoreError::NotADatabase { .. }), "{err}");
    let msg = err.to_string();
    assert!(msg.contains("untouched"), "{msg}");
    assert!(
        msg.contains(&backup.display().to_string()),
        "the backup is named: {msg}"
    );
    assert_eq!(bytes(&db.path), before);
}

#[test]
fn a_damaged_sqlite_file_is_refused_untouched() {
    let db = common::temp_db();
    {
        let mut store = Store::open(&db.path).unwrap();
        for i in 0..200 {
            store
                .ensure_profile(&format!("player {i} {}", "x".repeat(200)))
                .unwrap();
        }
    }
    // Keep the header valid but scribble over the pages after it.
    let mut data = bytes(&db.path);
    assert!(data.len() > 8192, "database should span several pages");
    for b in &mut data[4096..] {
        *b = 0xA5;
    }
    std::fs::write(&db.path, &data).unwrap();
    let err = Store::open(&db.path).err().expect("refused");
    assert!(matches!(err, StoreError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("No backup"), "{err}");
    assert_eq!(bytes(&db.path), data);
}

#[test]
fn an_empty_file_is_treated_as_a_new_database() {
    let db = common::temp_db();
    std::fs::write(&db.path, b"").unwrap();
    let store = Store::open(&db.path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn the_database_path_comes_from_the_flag_then_the_environment_then_the_data_dir() {
    let flag = Path::new("/tmp/explicit.sqlite3");
    assert_eq!(paths::resolve_db_path(Some(flag)).unwrap(), flag);
    std::env::set_var(paths::DB_ENV, "/tmp/from-env.sqlite3");
    assert_eq!(
        paths::resolve_db_path(None).unwrap(),
        Path::new("/tmp/from-env.sqlite3")
    );
    assert_eq!(paths::resolve_db_path(Some(flag)).unwrap(), flag);
    std::env::remove_var(paths::DB_ENV);
    let default = paths::resolve_db_path(None).unwrap();
    assert!(
        default.ends_with(Path::new("table-warden").join(paths::DB_FILE)),
        "{}",
        default.display()
    );
}
