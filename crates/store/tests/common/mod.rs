//! Helpers shared by the store's integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use tw_store::Store;

pub struct TempDb {
    pub dir: tempfile::TempDir,
    pub path: PathBuf,
}

pub fn temp_db() -> TempDb {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("warden.sqlite3");
    TempDb { dir, path }
}

pub fn open(db: &TempDb) -> Store {
    Store::open(&db.path).expect("open store")
}
