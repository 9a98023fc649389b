//! The append-only event log of one game session, its snapshots, and resume.
//!
//! Every accepted command is one [`LogEntry`] with the events the engine
//! decided; nothing is ever updated or deleted (SQL triggers enforce it).
//!
//! **Undo** is an entry too. The log holds a stack of *active* actions
//! (entries whose source is camera, manual or correction): an action pushes
//! its seq; an undo entry pops the top action, records its seq in
//! `reverts_seq`, and stores in `restore_state` the state just before that
//! action — the state after entry `reverts_seq − 1`. Folding the log is
//! therefore linear: apply an action's events, or replace the state with an
//! undo's `restore_state`. Resume is the latest snapshot plus a fold of the
//! entries after it, and gives exactly the state a fold from setup gives.
//!
//! **Snapshots** (state after entry `seq`) are written in the same
//! transaction as the entry that reaches a multiple of the session's
//! `snapshot_every`, so a crash can never leave a snapshot without its entry.

use crate::db::Store;
use crate::error::{Result, StoreError};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tw_rules::DynGame;

/// Where a log entry came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// A reading of the table by the camera, accepted as it was.
    Camera,
    /// Entered by the player.
    Manual,
    /// The player's correction of a camera reading (which is kept in `original_reading`).
    Correction,
    /// An undo of the latest active action.
    Undo,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Camera => "camera",
            Source::Manual => "manual",
            Source::Correction => "correction",
            Source::Undo => "undo",
        }
    }

    pub fn parse(s: &str) -> Option<Source> {
        Some(match s {
            "camera" => Source::Camera,
            "manual" => Source::Manual,
            "correction" => Source::Correction,
            "undo" => Source::Undo,
            _ => return None,
        })
    }
}

/// Extra facts recorded with an action.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Provenance {
    /// The camera's reading, when the player corrected it.
    pub original_reading: Option<Value>,
    /// A snapshot image of the table for this entry.
    pub image_path: Option<String>,
}

/// One row of the log, as stored and as exported.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    pub seq: i64,
    pub at_ms: i64,
    pub source: Source,
    /// The command as given to the engine; `None` for undo.
    #[serde(default)]
    pub command: Option<Value>,
    /// The events the engine decided (empty for undo).
    pub events: Vec<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_reading: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reverts_seq: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restore_state: Option<Value>,
}

/// A session's header.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionInfo {
    pub id: i64,
    pub campaign_id: Option<i64>,
    pub game: String,
    pub setup: Value,
    pub snapshot_every: i64,
    pub created_at_ms: i64,
    /// Seq of the newest entry (0 when none).
    pub last_seq: i64,
}

/// Default snapshot interval: resume folds at most this many entries.
pub const DEFAULT_SNAPSHOT_EVERY: u32 = 64;

fn json_text(v: &impl Serialize) -> String {
    serde_json::to_string(v).expect("JSON values always serialise")
}

fn parse_json(session: i64, what: impl FnOnce() -> String, text: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| StoreError::BadStoredJson {
        session,
        what: what(),
        detail: e.to_string(),
    })
}

impl Store {
    /// Create a session whose state after setup is `initial_state` (stored as snapshot 0).
    pub fn create_session(
        &mut self,
        game: &str,
        campaign_id: Option<i64>,
        setup: &Value,
        initial_state: &Value,
        snapshot_every: u32,
    ) -> Result<i64> {
        if snapshot_every == 0 {
            return Err(StoreError::invalid("snapshot_every", "must be at least 1"));
        }
        let tx = self.write_transaction()?;
        tx.execute(
            "INSERT INTO sessions (campaign_id, game, setup, snapshot_every, created_at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![campaign_id, game, json_text(setup), snapshot_every, crate::now_ms()],
        )?;
        let id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO snapshots (session_id, seq, state) VALUES (?1, 0, ?2)",
            params![id, json_text(initial_state)],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// A session's header, or [`StoreError::UnknownSession`].
    pub fn session(&self, id: i64) -> Result<SessionInfo> {
        let row = self
            .conn
            .query_row(
                "SELECT campaign_id, game, setup, snapshot_every, created_at_ms,
                        (SELECT coalesce(max(seq), 0) FROM log_entries WHERE session_id = s.id)
                 FROM sessions s WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get::<_, String>(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                },
            )
            .optional()?
            .ok_or(StoreError::UnknownSession(id))?;
        Ok(SessionInfo {
            id,
            campaign_id: row.0,
            game: row.1,
            setup: parse_json(id, || "setup".into(), &row.2)?,
            snapshot_every: row.3,
            created_at_ms: row.4,
            last_seq: row.5,
        })
    }

    /// Sessions, newest first; only those of `campaign_id` when given.
    pub fn sessions(&self, campaign_id: Option<i64>) -> Result<Vec<SessionInfo>> {
        let ids: Vec<i64> = self
            .conn
            .prepare(
                "SELECT id FROM sessions WHERE ?1 IS NULL OR campaign_id = ?1 ORDER BY id DESC",
            )?
            .query_map([campaign_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        ids.into_iter().map(|id| self.session(id)).collect()
    }

    /// Entries with `after < seq <= up_to`, in order.
    pub fn entries(&self, session: i64, after: i64, up_to: i64) -> Result<Vec<LogEntry>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, at_ms, source, command, events, original_reading, image_path, reverts_seq, restore_state
             FROM log_entries WHERE session_id = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq",
        )?;
        type Row = (
            i64,
            i64,
            String,
            Option<String>,
            String,
            Option<String>,
            Option<String>,
            Option<i64>,
            Option<String>,
        );
        let rows: Vec<Row> = stmt
            .query_map(params![session, after, up_to], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(
                |(
                    seq,
                    at_ms,
                    source,
                    command,
                    events,
                    original,
                    image_path,
                    reverts_seq,
                    restore,
                )| {
                    let opt = |what: &str, t: Option<String>| -> Result<Option<Value>> {
                        t.map(|t| parse_json(session, || format!("entry {seq} {what}"), &t))
                            .transpose()
                    };
                    let events =
                        match parse_json(session, || format!("entry {seq} events"), &events)? {
                            Value::Array(v) => v,
                            _ => {
                                return Err(StoreError::BadStoredJson {
                                    session,
                                    what: format!("entry {seq} events"),
                                    detail: "not a JSON array".into(),
                                })
                            }
                        };
                    Ok(LogEntry {
                        seq,
                        at_ms,
                        source: Source::parse(&source).ok_or_else(|| {
                            StoreError::BadStoredJson {
                                session,
                                what: format!("entry {seq} source"),
                                detail: format!("unknown source {source:?}"),
                            }
                        })?,
                        command: opt("command", command)?,
                        events,
                        original_reading: opt("original_reading", original)?,
                        image_path,
                        reverts_seq,
                        restore_state: opt("restore_state", restore)?,
                    })
                },
            )
            .collect()
    }

    /// All snapshots of a session as (seq, state), in order (for export and tests).
    pub fn snapshots(&self, session: i64) -> Result<Vec<(i64, Value)>> {
        let rows: Vec<(i64, String)> = self
            .conn
            .prepare("SELECT seq, state FROM snapshots WHERE session_id = ?1 ORDER BY seq")?
            .query_map([session], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(|(seq, s)| Ok((seq, parse_json(session, || format!("snapshot {seq}"), &s)?)))
            .collect()
    }

    /// The newest snapshot taken at or before `seq`. None there while the
    /// session exists (its setup row, seq 0, deleted or moved behind the
    /// app's back) is said as such, with the seqs its rows do have.
    fn snapshot_at_or_before(&self, session: i64, seq: i64) -> Result<(i64, Value)> {
        let found: Option<(i64, String)> = self
            .conn
            .prepare_cached(
                "SELECT seq, state FROM snapshots WHERE session_id = ?1 AND seq <= ?2 ORDER BY seq DESC LIMIT 1",
            )?
            .query_row(params![session, seq], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        let Some((at, text)) = found else {
            return Err(self.missing_snapshot(session, seq));
        };
        Ok((at, parse_json(session, || format!("snapshot {at}"), &text)?))
    }

    /// Why no snapshot lies at or before `seq`: no such session, or its
    /// snapshot rows are not where the log needs them.
    fn missing_snapshot(&self, session: i64, seq: i64) -> StoreError {
        let exists =
            self.conn.query_row(
                "SELECT 1 FROM sessions WHERE id = ?1",
                [session],
                |_| Ok(()),
            );
        match exists.optional() {
            Ok(Some(())) => {}
            Ok(None) => return StoreError::UnknownSession(session),
            Err(e) => return e.into(),
        }
        let held = self
            .conn
            .prepare("SELECT seq FROM snapshots WHERE session_id = ?1 ORDER BY seq")
            .and_then(|mut st| {
                st.query_map([session], |r| r.get(0))?
                    .collect::<rusqlite::Result<Vec<i64>>>()
            });
        match held {
            Ok(held) => StoreError::MissingSnapshot { session, seq, held },
            Err(e) => e.into(),
        }
    }

    /// The state after entry `seq`: nearest snapshot, then a fold of the entries after it.
    pub fn state_at(&self, game: &dyn DynGame, session: i64, seq: i64) -> Result<Value> {
        let (from, state) = self.snapshot_at_or_before(session, seq)?;
        let entries = self.entries(session, from, seq)?;
        fold(game, session, state, &entries)
    }

    /// The state after entry `seq` computed from setup, ignoring every snapshot
    /// after 0: the reference that snapshot-based resume must equal.
    pub fn state_from_scratch(&self, game: &dyn DynGame, session: i64, seq: i64) -> Result<Value> {
        let (_, state) = self.snapshot_at_or_before(session, 0)?;
        let entries = self.entries(session, 0, seq)?;
        fold(game, session, state, &entries)
    }

    /// The seqs of the active actions, oldest first (what undo can still revert).
    pub fn undo_stack(&self, session: i64) -> Result<Vec<i64>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, reverts_seq FROM log_entries WHERE session_id = ?1 ORDER BY seq",
        )?;
        let mut rows = stmt.query([session])?;
        let mut stack = Vec::new();
        while let Some(r) = rows.next()? {
            let seq: i64 = r.get(0)?;
            match r.get::<_, Option<i64>>(1)? {
                None => stack.push(seq),
                Some(target) => {
                    if stack.pop() != Some(target) {
                        return Err(StoreError::BadStoredJson {
                            session,
                            what: format!("entry {seq}"),
                            detail: format!(
                                "undo reverts {target}, which is not the latest active action"
                            ),
                        });
                    }
                }
            }
        }
        Ok(stack)
    }

    /// Append `entries` (consecutive seqs after the session's last) in one
    /// transaction, with a snapshot of `state_after` when a snapshot point is
    /// reached. A clash with another writer is [`StoreError::Conflict`].
    pub fn append(
        &mut self,
        session: i64,
        snapshot_every: i64,
        entries: &[LogEntry],
        state_after: &Value,
    ) -> Result<()> {
        let Some(last) = entries.last() else {
            return Ok(());
        };
        let tx = self.write_transaction()?;
        {
            let max: i64 = tx
                .prepare_cached(
                    "SELECT coalesce(max(seq), 0) FROM log_entries WHERE session_id = ?1",
                )?
                .query_row([session], |r| r.get(0))?;
            for (i, e) in entries.iter().enumerate() {
                let want = max + 1 + i as i64;
                if e.seq < want {
                    return Err(StoreError::Conflict {
                        session,
                        expected: e.seq,
                    });
                }
                if e.seq > want {
                    return Err(StoreError::invalid(
                        "seq",
                        format!("entry {} would leave a gap after {}", e.seq, want - 1),
                    ));
                }
                insert_entry(&tx, session, e)?;
            }
            let first = entries[0].seq;
            // A multiple of `snapshot_every` lies in [first, last.seq].
            if snapshot_every > 0 && last.seq / snapshot_every > (first - 1) / snapshot_every {
                tx.prepare_cached(
                    "INSERT INTO snapshots (session_id, seq, state) VALUES (?1, ?2, ?3)",
                )?
                .execute(params![session, last.seq, json_text(state_after)])?;
            }
        }
        tx.commit()?;
        Ok(())
    }
}

/// Insert one entry inside the caller's transaction.
pub(crate) fn insert_entry(tx: &rusqlite::Connection, session: i64, e: &LogEntry) -> Result<()> {
    tx.prepare_cached(
        "INSERT INTO log_entries (session_id, seq, at_ms, source, command, events, original_reading,
                                  image_path, reverts_seq, restore_state)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        session,
        e.seq,
        e.at_ms,
        e.source.as_str(),
        e.command.as_ref().map(json_text),
        json_text(&e.events),
        e.original_reading.as_ref().map(json_text),
        e.image_path,
        e.reverts_seq,
        e.restore_state.as_ref().map(json_text),
    ])?;
    Ok(())
}

/// Fold entries into a state: actions apply their events, undos restore.
/// Runs of actions are folded in one engine call to keep resume fast.
pub fn fold(
    game: &dyn DynGame,
    session: i64,
    mut state: Value,
    entries: &[LogEntry],
) -> Result<Value> {
    let mut pending: Vec<Value> = Vec::new();
    let mut pending_first = 0;
    let flush = |state: Value, pending: &mut Vec<Value>, first: i64| -> Result<Value> {
        if pending.is_empty() {
            return Ok(state);
        }
        let s = game
            .replay_events(&state, pending)
            .map_err(|refusal| StoreError::Replay {
                session,
                seq: first,
                refusal,
            })?;
        pending.clear();
        Ok(s)
    };
    for e in entries {
        match &e.restore_state {
            Some(restore) => {
                pending.clear();
                state = restore.clone();
            }
            None => {
                if pending.is_empty() {
                    pending_first = e.seq;
                }
                pending.extend(e.events.iter().cloned());
            }
        }
    }
    state = flush(state, &mut pending, pending_first)?;
    Ok(state)
}
