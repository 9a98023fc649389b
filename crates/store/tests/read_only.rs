//! Reading a database that may not be written: opened with
//! `SQLITE_OPEN_READ_ONLY`, campaigns list and export, and every write is
//! refused with an error naming the file.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use tw_store::campaign::NewCampaign;
use tw_store::{Store, StoreError};

/// A closed database (no `-wal`/`-shm` left) holding one campaign.
fn db_with_campaign(db: &common::TempDb) {
    let mut store = common::open(db);
    store
        .create_campaign(
            &NewCampaign::fresh("Ghost nights", "dungeon-fighter", &["Ann".into()]).unwrap(),
        )
        .unwrap();
}

fn set_mode(p: &Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// True when the permission bits really stop this process (not so for root).
fn permissions_bind(dir: &Path) -> bool {
    let probe = dir.join("probe");
    let denied = std::fs::write(&probe, b"x").is_err();
    let _ = std::fs::remove_file(&probe);
    denied
}

#[test]
fn a_read_only_store_lists_and_exports_and_refuses_writes_naming_the_file() {
    let db = common::temp_db();
    db_with_campaign(&db);
    let before = std::fs::read(&db.path).unwrap();

    let mut store = Store::open_read_only(&db.path).unwrap();
    assert!(store.is_read_only());
    let list = store.campaigns().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].name, "Ghost nights");
    let export = store.export_campaign("Ghost nights").unwrap();
    assert!(serde_json::to_string(&export)
        .unwrap()
        .contains("Ghost nights"));

    let err = store
        .create_campaign(&NewCampaign::fresh("Another", "dungeon-fighter", &["Bo".into()]).unwrap())
        .unwrap_err();
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
    assert!(
        err.to_string().contains(&db.path.display().to_string()),
        "error names the database: {err}"
    );
    drop(store);
    assert_eq!(
        std::fs::read(&db.path).unwrap(),
        before,
        "nothing was written"
    );
}

#[test]
fn opening_a_missing_file_read_only_names_it_and_creates_nothing() {
    let db = common::temp_db();
    let err = Store::open_read_only(&db.path).err().expect("refused");
    assert!(
        err.to_string().contains(&db.path.display().to_string()),
        "{err}"
    );
    assert!(!db.path.exists());
}

#[test]
fn a_database_in_a_read_only_folder_is_still_readable() {
    let db = common::temp_db();
    db_with_campaign(&db);
    set_mode(&db.path, 0o444);
    set_mode(db.dir.path(), 0o555);
    let bound = permissions_bind(db.dir.path());

    // Without write access the folder cannot hold WAL's side files; the
    // read-only open must manage anyway.
    let ro = Store::open_read_only(&db.path).map(|s| s.campaigns().unwrap().len());
    let for_reading =
        Store::open_for_reading(&db.path).map(|s| (s.is_read_only(), s.campaigns().unwrap().len()));
    let write = Store::open(&db.path).and_then(|mut s| {
        s.create_campaign(
            &NewCampaign::fresh("Another", "dungeon-fighter", &["Bo".into()]).unwrap(),
        )
    });
    set_mode(db.dir.path(), 0o755);
    set_mode(&db.path, 0o644);

    assert_eq!(ro.unwrap(), 1);
    let (read_only, n) = for_reading.unwrap();
    assert_eq!(n, 1);
    if bound {
        assert!(read_only, "fell back to the read-only open");
        let err = write.err().expect("a write into a read-only folder fails");
        assert!(
            err.to_string().contains(&db.path.display().to_string()),
            "the write error names the database: {err}"
        );
    } else {
        eprintln!(
            "running with privileges that ignore permission bits (root): the \
             read-only fallback and write refusal were not exercised through chmod"
        );
    }
}
