//! The event log: persistence, refusals, undo as an entry, corrections, resume.

mod common;

use serde_json::{json, Value};
use tw_store::tally;
use tw_store::{GameSession, Provenance, Source, StoreError};

fn total(state: &Value) -> i64 {
    state["total"].as_i64().expect("tally state has a total")
}

#[test]
fn commands_persist_and_resume_after_reopening() {
    let db = common::temp_db();
    let game = tally::game();
    let id = {
        let mut store = common::open(&db);
        let mut s = GameSession::start(&mut store, &game, &json!({"start": 10}), None, 4).unwrap();
        for n in [3, 4, -2, 6, 1] {
            s.execute(
                &mut store,
                &tally::add(n, 5),
                Source::Manual,
                Provenance::default(),
            )
            .unwrap();
        }
        assert_eq!(total(s.state()), 22);
        s.id()
    };
    let store = common::open(&db);
    let s = GameSession::resume(&store, &game, id).unwrap();
    assert_eq!(total(s.state()), 22);
    assert_eq!(s.last_seq(), 5);
    let entries = store.entries(id, 0, 99).unwrap();
    assert_eq!(
        entries.iter().map(|e| e.seq).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    assert_eq!(entries[2].command.as_ref().unwrap()["amount"], json!(-2));
    assert_eq!(
        entries[2].events,
        vec![json!({"type": "added", "amount": -2})]
    );
    // Snapshot every 4: setup (0) and after entry 4.
    let snaps: Vec<i64> = store
        .snapshots(id)
        .unwrap()
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert_eq!(snaps, vec![0, 4]);
}

#[test]
fn a_refused_command_writes_nothing() {
    let db = common::temp_db();
    let game = tally::game();
    let mut store = common::open(&db);
    let mut s = GameSession::start(&mut store, &game, &json!({"start": 1}), None, 4).unwrap();
    let err = s
        .execute(
            &mut store,
            &tally::add(-5, 0),
            Source::Camera,
            Provenance::default(),
        )
        .unwrap_err();
    match err {
        StoreError::Refused(r) => assert_eq!(r.rule, "Tally"),
        other => panic!("expected a refusal, got {other}"),
    }
    assert_eq!(s.last_seq(), 0);
    assert_eq!(store.session(s.id()).unwrap().last_seq, 0);
    assert_eq!(total(s.state()), 1);
}

#[test]
fn undo_is_an_entry_and_resume_honours_it() {
    let db = common::temp_db();
    let game = tally::game();
    let id = {
        let mut store = common::open(&db);
        let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 3).unwrap();
        for n in [1, 10, 100] {
            s.execute(
                &mut store,
                &tally::add(n, 0),
                Source::Manual,
                Provenance::default(),
            )
            .unwrap();
        }
        assert_eq!(s.undo(&mut store).unwrap(), 3);
        assert_eq!(total(s.state()), 11);
        s.id()
    };
    // Across a restart: the undo stays applied and the next undo reverts entry 2.
    let mut store = common::open(&db);
    let mut s = GameSession::resume(&store, &game, id).unwrap();
    assert_eq!(total(s.state()), 11);
    assert_eq!(s.undo_target(), Some(2));
    assert_eq!(s.undo(&mut store).unwrap(), 2);
    assert_eq!(total(s.state()), 1);
    s.execute(
        &mut store,
        &tally::add(1000, 0),
        Source::Manual,
        Provenance::default(),
    )
    .unwrap();
    assert_eq!(total(s.state()), 1001);
    drop(s);

    let s = GameSession::resume(&store, &game, id).unwrap();
    assert_eq!(total(s.state()), 1001);
    assert_eq!(store.undo_stack(id).unwrap(), vec![1, 6]);
    // History is kept: both undone commands are still in the log.
    let entries = store.entries(id, 0, 99).unwrap();
    let sources: Vec<Source> = entries.iter().map(|e| e.source).collect();
    assert_eq!(
        sources,
        vec![
            Source::Manual,
            Source::Manual,
            Source::Manual,
            Source::Undo,
            Source::Undo,
            Source::Manual
        ]
    );
    assert_eq!(entries[3].reverts_seq, Some(3));
    assert_eq!(entries[4].reverts_seq, Some(2));
    assert_eq!(total(entries[4].restore_state.as_ref().unwrap()), 1);
}

#[test]
fn undo_with_nothing_to_undo_is_refused() {
    let db = common::temp_db();
    let game = tally::game();
    let mut store = common::open(&db);
    let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 3).unwrap();
    assert!(matches!(s.undo(&mut store), Err(StoreError::NothingToUndo)));
    s.execute(
        &mut store,
        &tally::add(2, 0),
        Source::Manual,
        Provenance::default(),
    )
    .unwrap();
    s.undo(&mut store).unwrap();
    assert!(matches!(s.undo(&mut store), Err(StoreError::NothingToUndo)));
    assert_eq!(total(s.state()), 0);
}

#[test]
fn a_correction_keeps_the_camera_reading_beside_it() {
    let db = common::temp_db();
    let game = tally::game();
    let mut store = common::open(&db);
    let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 50).unwrap();
    let camera = Provenance {
        original_reading: None,
        image_path: Some("throws/0001.png".into()),
    };
    s.execute(&mut store, &tally::add(5, 0), Source::Camera, camera)
        .unwrap();
    let reading = json!({"faces": [5], "confidence": 0.61});
    s.correct(
        &mut store,
        &tally::add(3, 0),
        reading.clone(),
        Some("throws/0001.png".into()),
    )
    .unwrap();
    assert_eq!(total(s.state()), 3);

    let entries = store.entries(s.id(), 0, 99).unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].source, Source::Camera);
    assert_eq!(entries[0].image_path.as_deref(), Some("throws/0001.png"));
    assert_eq!(
        (entries[1].source, entries[1].reverts_seq),
        (Source::Undo, Some(1))
    );
    assert_eq!(entries[2].source, Source::Correction);
    assert_eq!(entries[2].original_reading, Some(reading));
    let resumed = GameSession::resume(&store, &game, s.id()).unwrap();
    assert_eq!(total(resumed.state()), 3);
    assert_eq!(resumed.undo_target(), Some(3));

    // A correction the engine refuses writes neither the undo nor the correction.
    let err = s
        .correct(&mut store, &tally::add(-50, 0), json!({"faces": [1]}), None)
        .unwrap_err();
    assert!(matches!(err, StoreError::Refused(_)), "{err}");
    assert_eq!(store.session(s.id()).unwrap().last_seq, 3);
}

#[test]
fn a_correction_without_the_original_reading_is_refused() {
    let db = common::temp_db();
    let game = tally::game();
    let mut store = common::open(&db);
    let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 5).unwrap();
    let err = s
        .execute(
            &mut store,
            &tally::add(1, 0),
            Source::Correction,
            Provenance::default(),
        )
        .unwrap_err();
    assert!(err.to_string().starts_with("original_reading:"), "{err}");
}

#[test]
fn the_log_cannot_be_rewritten_even_with_raw_sql() {
    let db = common::temp_db();
    let game = tally::game();
    let id = {
        let mut store = common::open(&db);
        let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 5).unwrap();
        s.execute(
            &mut store,
            &tally::add(1, 0),
            Source::Manual,
            Provenance::default(),
        )
        .unwrap();
        s.id()
    };
    let conn = rusqlite::Connection::open(&db.path).unwrap();
    let upd = conn
        .execute(
            "UPDATE log_entries SET events = '[]' WHERE session_id = ?1",
            [id],
        )
        .unwrap_err();
    assert!(upd.to_string().contains("append-only"), "{upd}");
    let del = conn
        .execute("DELETE FROM log_entries WHERE session_id = ?1", [id])
        .unwrap_err();
    assert!(del.to_string().contains("append-only"), "{del}");
}

#[test]
fn two_writers_on_one_session_conflict_instead_of_overwriting() {
    let db = common::temp_db();
    let game = tally::game();
    let mut a_store = common::open(&db);
    let mut a = GameSession::start(&mut a_store, &game, &json!({"start": 0}), None, 5).unwrap();
    let mut b_store = common::open(&db);
    let mut b = GameSession::resume(&b_store, &game, a.id()).unwrap();
    a.execute(
        &mut a_store,
        &tally::add(1, 0),
        Source::Manual,
        Provenance::default(),
    )
    .unwrap();
    let err = b
        .execute(
            &mut b_store,
            &tally::add(2, 0),
            Source::Manual,
            Provenance::default(),
        )
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Conflict { expected: 1, .. }),
        "{err}"
    );
    let entries = b_store.entries(a.id(), 0, 9).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].command.as_ref().unwrap()["amount"], json!(1));
}

#[test]
fn resuming_with_the_wrong_engine_names_the_game() {
    let db = common::temp_db();
    let game = tally::game();
    let mut store = common::open(&db);
    let id = store
        .create_session("dungeon-fighter", None, &json!({}), &json!({}), 5)
        .unwrap();
    let err = GameSession::resume(&store, &game, id)
        .err()
        .expect("refused");
    assert!(err.to_string().contains("dungeon-fighter"), "{err}");
    assert!(matches!(
        GameSession::resume(&store, &game, 999),
        Err(StoreError::UnknownSession(999))
    ));
}

/// Bad-input sweep, 2026-11-27: a session whose setup snapshot row was
/// moved (its seq changed outside the app) read "no game session with id
/// 1". The error names the table, the row wanted and the rows there are.
#[test]
fn a_snapshot_row_moved_behind_the_apps_back_is_named_not_called_a_missing_session() {
    let db = common::temp_db();
    let game = tally::game();
    let id = {
        let mut store = common::open(&db);
        let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 5).unwrap();
        for n in [1, 2] {
            s.execute(
                &mut store,
                &tally::add(n, 0),
                Source::Manual,
                Provenance::default(),
            )
            .unwrap();
        }
        s.id()
    };
    let conn = rusqlite::Connection::open(&db.path).unwrap();
    conn.execute(
        "UPDATE snapshots SET seq = 99 WHERE session_id = ?1 AND seq = 0",
        [id],
    )
    .unwrap();
    let store = common::open(&db);
    let err = GameSession::resume(&store, &game, id)
        .err()
        .expect("refused");
    assert!(
        matches!(&err, StoreError::MissingSnapshot { session, seq: 2, held } if *session == id && held == &[99]),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("snapshots table")
            && msg.contains(&format!("session_id {id}"))
            && msg.contains("seq 0")
            && msg.contains("seq 99")
            && !msg.contains("no game session"),
        "{msg}"
    );
    // Nothing was repaired or lost: the moved row and the log are as they were.
    assert_eq!(
        store
            .snapshots(id)
            .unwrap()
            .iter()
            .map(|(s, _)| *s)
            .collect::<Vec<_>>(),
        [99]
    );
    assert_eq!(store.entries(id, 0, 9).unwrap().len(), 2);
    // With every row gone the message says so.
    conn.execute("DELETE FROM snapshots WHERE session_id = ?1", [id])
        .unwrap();
    let err = store.state_at(&game, id, 2).unwrap_err();
    assert!(err.to_string().contains("no snapshot rows at all"), "{err}");
}
