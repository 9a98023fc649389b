//! Throws the camera finished while a game was being played, kept with the
//! game whatever screen was open: each is applied (it became a log entry),
//! waiting (it will be applied once the game is ready for it), put to the
//! player (`ask`), or ignored with the reason. A waiting throw can later be
//! applied or dropped; the reading itself never changes.

use crate::{Result, Store, StoreError};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What became of a throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThrowStatus {
    Applied,
    Waiting,
    Ask,
    Ignored,
}

impl ThrowStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ThrowStatus::Applied => "applied",
            ThrowStatus::Waiting => "waiting",
            ThrowStatus::Ask => "ask",
            ThrowStatus::Ignored => "ignored",
        }
    }

    fn parse(s: &str) -> Option<ThrowStatus> {
        [ThrowStatus::Applied, ThrowStatus::Waiting, ThrowStatus::Ask, ThrowStatus::Ignored]
            .into_iter()
            .find(|t| t.as_str() == s)
    }
}

/// One kept throw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThrowRecord {
    pub session: i64,
    pub id: i64,
    pub at_ms: i64,
    pub reading: Value,
    pub image_path: Option<String>,
    pub status: ThrowStatus,
    /// Why it waits, is asked or was ignored.
    pub reason: Option<String>,
    /// The log entry it became.
    pub applied_seq: Option<i64>,
}

impl Store {
    /// Keeps a finished throw for `session`; returns its number.
    pub fn record_throw(
        &mut self,
        session: i64,
        reading: &Value,
        image_path: Option<&str>,
        status: ThrowStatus,
        reason: Option<&str>,
        applied_seq: Option<i64>,
    ) -> Result<i64> {
        check_status(status, applied_seq)?;
        self.session(session)?;
        let tx = self.write_transaction()?;
        let id: i64 = tx.query_row(
            "SELECT coalesce(max(id), 0) + 1 FROM throws WHERE session_id = ?1",
            [session],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO throws (session_id, id, at_ms, reading, image_path, status, reason, applied_seq)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                session,
                id,
                crate::now_ms(),
                serde_json::to_string(reading).expect("JSON values always serialise"),
                image_path,
                status.as_str(),
                reason,
                applied_seq
            ],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// Says what became of throw `id` of `session` (a waiting throw applied
    /// or dropped).
    pub fn settle_throw(
        &mut self,
        session: i64,
        id: i64,
        status: ThrowStatus,
        reason: Option<&str>,
        applied_seq: Option<i64>,
    ) -> Result<()> {
        check_status(status, applied_seq)?;
        let tx = self.write_transaction()?;
        let n = tx.execute(
            "UPDATE throws SET status = ?3, reason = ?4, applied_seq = ?5 WHERE session_id = ?1 AND id = ?2",
            params![session, id, status.as_str(), reason, applied_seq],
        )?;
        if n == 0 {
            return Err(StoreError::invalid("throw", format!("session {session} has no throw {id}")));
        }
        tx.commit()?;
        Ok(())
    }

    /// The throws of `session`, oldest first; only those with `status` when given.
    pub fn throws(&self, session: i64, status: Option<ThrowStatus>) -> Result<Vec<ThrowRecord>> {
        self.throws_where(session, status, None)
    }

    /// The newest `n` throws of `session`, oldest first (what a view shows,
    /// without reading a long game's every throw).
    pub fn recent_throws(&self, session: i64, n: usize) -> Result<Vec<ThrowRecord>> {
        self.throws_where(session, None, Some(n))
    }

    fn throws_where(&self, session: i64, status: Option<ThrowStatus>, newest: Option<usize>) -> Result<Vec<ThrowRecord>> {
        // LIMIT -1 is no limit in SQLite.
        let limit = newest.map_or(-1, |n| n.min(i64::MAX as usize) as i64);
        let mut stmt = self.conn.prepare_cached(
            "SELECT id, at_ms, reading, image_path, status, reason, applied_seq FROM (
                 SELECT * FROM throws WHERE session_id = ?1 AND (?2 IS NULL OR status = ?2)
                 ORDER BY id DESC LIMIT ?3
             ) ORDER BY id",
        )?;
        let rows = stmt
            .query_map(params![session, status.map(ThrowStatus::as_str), limit], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, Option<i64>>(6)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(id, at_ms, reading, image_path, status, reason, applied_seq)| {
                Ok(ThrowRecord {
                    session,
                    id,
                    at_ms,
                    reading: serde_json::from_str(&reading).map_err(|e| StoreError::BadStoredJson {
                        session,
                        what: format!("throw {id}"),
                        detail: e.to_string(),
                    })?,
                    image_path,
                    status: ThrowStatus::parse(&status).ok_or_else(|| StoreError::BadStoredJson {
                        session,
                        what: format!("throw {id} status"),
                        detail: format!("unknown status {status:?}"),
                    })?,
                    reason,
                    applied_seq,
                })
            })
            .collect()
    }

    /// The newest throw of `session`, if any.
    pub fn last_throw(&self, session: i64) -> Result<Option<i64>> {
        Ok(self
            .conn
            .query_row("SELECT max(id) FROM throws WHERE session_id = ?1", [session], |r| {
                r.get::<_, Option<i64>>(0)
            })
            .optional()?
            .flatten())
    }
}

fn check_status(status: ThrowStatus, applied_seq: Option<i64>) -> Result<()> {
    match (status, applied_seq) {
        (ThrowStatus::Applied, None) => Err(StoreError::invalid("applied_seq", "an applied throw names its log entry")),
        (ThrowStatus::Applied, Some(_)) | (_, None) => Ok(()),
        (_, Some(_)) => Err(StoreError::invalid("applied_seq", "only an applied throw names a log entry")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tally;
    use crate::GameSession;
    use serde_json::json;

    fn store_with_game() -> (tempfile::TempDir, Store, i64) {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(dir.path().join("w.sqlite3")).unwrap();
        let game = tally::game();
        let id = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 8).unwrap().id();
        (dir, store, id)
    }

    #[test]
    fn throws_are_numbered_per_game_and_keep_what_became_of_them() {
        let (_d, mut store, id) = store_with_game();
        let a = store.record_throw(id, &json!({"dice": [1]}), None, ThrowStatus::Waiting, Some("a choice is pending"), None).unwrap();
        let b = store.record_throw(id, &json!({"dice": [2]}), Some("/x.jpg"), ThrowStatus::Ignored, Some("not in combat"), None).unwrap();
        assert_eq!((a, b), (1, 2));
        assert_eq!(store.throws(id, Some(ThrowStatus::Waiting)).unwrap().len(), 1);
        store.settle_throw(id, a, ThrowStatus::Applied, None, Some(1)).unwrap();
        let all = store.throws(id, None).unwrap();
        assert_eq!(all[0].status, ThrowStatus::Applied);
        assert_eq!(all[0].applied_seq, Some(1));
        assert_eq!(all[1].reason.as_deref(), Some("not in combat"));
        assert_eq!(all[1].reading, json!({"dice": [2]}));
        assert_eq!(store.last_throw(id).unwrap(), Some(2));
        let newest: Vec<i64> = store.recent_throws(id, 1).unwrap().iter().map(|t| t.id).collect();
        assert_eq!(newest, [2]);
        assert_eq!(store.recent_throws(id, 9).unwrap().len(), 2);
    }

    #[test]
    fn inconsistent_or_unknown_throws_are_refused_naming_the_field() {
        let (_d, mut store, id) = store_with_game();
        let e = store.record_throw(id, &json!({}), None, ThrowStatus::Applied, None, None).unwrap_err();
        assert!(e.to_string().contains("applied_seq"), "{e}");
        let e = store.record_throw(id, &json!({}), None, ThrowStatus::Ask, None, Some(3)).unwrap_err();
        assert!(e.to_string().contains("applied_seq"), "{e}");
        assert!(store.record_throw(id + 1, &json!({}), None, ThrowStatus::Ask, None, None).is_err());
        let e = store.settle_throw(id, 9, ThrowStatus::Ignored, None, None).unwrap_err();
        assert!(e.to_string().contains("no throw 9"), "{e}");
    }
}
