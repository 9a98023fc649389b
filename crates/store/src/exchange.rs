//! Export and import of one campaign as versioned JSON (see `SCHEMA.md`).
//!
//! The document carries the campaign, its record and every session with its
//! full log and snapshots, so an import reproduces the campaign exactly.
//! Import checks everything first and writes in a single transaction: a bad
//! file changes nothing, and the error names the field at fault.

use crate::campaign::{self, canonical_game, CampaignRecord, NewCampaign};
use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::log::{LogEntry, Source};
use rusqlite::params;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;
use tw_rules::DynGame;

/// The `format` marker of an export file.
pub const FORMAT: &str = "table-warden-campaign";
/// The export format version this build writes and reads.
pub const EXPORT_VERSION: i64 = 1;

/// An exported campaign.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Export {
    pub format: String,
    pub version: i64,
    pub exported_at_ms: i64,
    pub campaign: ExportedCampaign,
    pub sessions: Vec<ExportedSession>,
    /// The card library of the campaign's game (absent in files written
    /// before the library existed, and when it is empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<ExportedCard>,
}

/// One card of the library, in an export.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedCard {
    pub kind: String,
    pub card: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedCampaign {
    pub name: String,
    pub game: String,
    pub notes: String,
    pub players: Vec<String>,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
    pub record: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedSession {
    pub game: String,
    pub setup: Value,
    pub snapshot_every: i64,
    pub created_at_ms: i64,
    pub entries: Vec<LogEntry>,
    pub snapshots: Vec<ExportedSnapshot>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportedSnapshot {
    pub seq: i64,
    pub state: Value,
}

impl Store {
    /// Export the campaign called `name` with all its sessions.
    pub fn export_campaign(&self, name: &str) -> Result<Export> {
        let c = self.campaign(name)?;
        let cards = self
            .cards(&c.game, None)?
            .into_iter()
            .map(|r| ExportedCard { kind: r.kind, card: r.card })
            .collect();
        let mut sessions = Vec::new();
        let mut infos = self.sessions(Some(c.id))?;
        infos.reverse(); // oldest first
        for s in infos {
            sessions.push(ExportedSession {
                entries: self.entries(s.id, 0, s.last_seq)?,
                snapshots: self
                    .snapshots(s.id)?
                    .into_iter()
                    .map(|(seq, state)| ExportedSnapshot { seq, state })
                    .collect(),
                game: s.game,
                setup: s.setup,
                snapshot_every: s.snapshot_every,
                created_at_ms: s.created_at_ms,
            });
        }
        Ok(Export {
            format: FORMAT.to_string(),
            version: EXPORT_VERSION,
            exported_at_ms: crate::now_ms(),
            campaign: ExportedCampaign {
                name: c.name,
                game: c.game,
                notes: c.notes,
                players: c.players,
                created_at_ms: c.created_at_ms,
                updated_at_ms: c.updated_at_ms,
                record: c.record.to_json(),
            },
            sessions,
            cards,
        })
    }

    /// Import an exported campaign from JSON text, optionally under another
    /// name; returns the new campaign's id. Nothing is written unless all of
    /// it is valid.
    ///
    /// Every session is first replayed through its engine
    /// (`engines` finds one by game name): each command must be decided
    /// again with the events the file holds, each undo must restore the
    /// state before the action it reverts, each snapshot must be the state
    /// at its entry. A file failing anywhere is refused whole, naming the
    /// entry; nothing is written.
    ///
    /// The file's library cards join this store's library; a card this
    /// store already keeps under the same game, kind and name stays as it is
    /// (the player's own copy wins).
    ///
    /// An entry's `image_path` is kept only when it lies inside this
    /// database's data folder ([`image_path_inside`]); any other is dropped.
    /// The pictures do not travel in the file, so such a path can only name
    /// a file on the exporting machine, or one the window must not read.
    pub fn import_campaign(
        &mut self,
        text: &str,
        rename: Option<&str>,
        engines: &dyn Fn(&str) -> Option<Box<dyn DynGame>>,
    ) -> Result<i64> {
        let doc = parse_export(text)?;
        let cards = doc.cards.clone();
        let (new, mut sessions) = check_export(doc, rename)?;
        for (i, c) in cards.iter().enumerate() {
            crate::cards::check_card(&new.game, &c.kind, &c.card)
                .map_err(|e| match e {
                    StoreError::Invalid { field, problem } => StoreError::invalid(format!("cards[{i}].{field}"), problem),
                    other => other,
                })?;
        }
        for (i, s) in sessions.iter().enumerate() {
            replay_session(&format!("sessions[{i}]"), s, engines)?;
        }
        let data_dir = crate::paths::data_dir_of(self.path());
        for e in sessions.iter_mut().flat_map(|s| s.entries.iter_mut()) {
            e.image_path = e
                .image_path
                .take()
                .filter(|p| image_path_inside(&data_dir, p));
        }
        let tx = self.write_transaction()?;
        let id = campaign::insert_campaign(&tx, &new)?;
        for s in &sessions {
            tx.execute(
                "INSERT INTO sessions (campaign_id, game, setup, snapshot_every, created_at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, s.game, s.setup.to_string(), s.snapshot_every, s.created_at_ms],
            )?;
            let sid = tx.last_insert_rowid();
            for e in &s.entries {
                crate::log::insert_entry(&tx, sid, e)?;
            }
            for snap in &s.snapshots {
                tx.execute(
                    "INSERT INTO snapshots (session_id, seq, state) VALUES (?1, ?2, ?3)",
                    params![sid, snap.seq, snap.state.to_string()],
                )?;
            }
        }
        for c in &cards {
            let name = crate::cards::check_card(&new.game, &c.kind, &c.card)?;
            tx.execute(
                "INSERT OR IGNORE INTO cards (game, kind, name, card, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![new.game, c.kind, name, c.card.to_string(), crate::now_ms()],
            )?;
        }
        tx.commit()?;
        Ok(id)
    }
}

/// Whether an imported `image_path` names a place inside `data_dir` (the
/// folder holding the database), judged on the text alone: a relative path
/// (read from the data folder) or an absolute one under `data_dir`, in
/// either case without `..`. Symlinks are the reader's to check: the window
/// resolves them before it reads a snapshot.
pub fn image_path_inside(data_dir: &Path, image_path: &str) -> bool {
    use std::path::Component;
    let p = Path::new(image_path);
    let plain = |p: &Path| {
        p.components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
    };
    if image_path.trim().is_empty() {
        return false;
    }
    if p.is_absolute() {
        p.strip_prefix(data_dir).is_ok_and(plain)
    } else {
        plain(p)
    }
}

/// Parse the envelope first so a wrong format or version is reported as such
/// rather than as whatever field the newer layout happens to lack.
pub fn parse_export(text: &str) -> Result<Export> {
    let v: Value = serde_json::from_str(text)
        .map_err(|e| StoreError::invalid("(file)", format!("not JSON: {e}")))?;
    let obj = v
        .as_object()
        .ok_or_else(|| StoreError::invalid("(file)", "expected a JSON object"))?;
    match obj.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        Some(other) => {
            return Err(StoreError::invalid(
                "format",
                format!("expected {FORMAT:?}, found {other}"),
            ))
        }
        None => {
            return Err(StoreError::invalid(
                "format",
                format!("missing; expected {FORMAT:?}"),
            ))
        }
    }
    match obj.get("version") {
        Some(Value::Number(n)) if n.as_i64() == Some(EXPORT_VERSION) => {}
        Some(Value::Number(n)) if n.as_i64().is_some_and(|n| n > EXPORT_VERSION) => {
            return Err(StoreError::invalid(
                "version",
                format!("the file is version {n}, written by a newer Table Warden; this build reads version {EXPORT_VERSION}"),
            ))
        }
        Some(other) => {
            return Err(StoreError::invalid("version", format!("unsupported version {other}; this build reads {EXPORT_VERSION}")))
        }
        None => return Err(StoreError::invalid("version", "missing")),
    }
    serde_path_to_error::deserialize(v).map_err(|e| crate::error::field_error("", e))
}

/// Validate an export completely, before any write.
fn check_export(doc: Export, rename: Option<&str>) -> Result<(NewCampaign, Vec<ExportedSession>)> {
    let c = doc.campaign;
    let game = canonical_game(&c.game)
        .ok_or_else(|| campaign::records::unknown_game("campaign.game", &c.game))?;
    let record = CampaignRecord::from_json(game, &c.record, "campaign.record")?;
    let new = NewCampaign {
        name: rename.unwrap_or(&c.name).to_string(),
        game: game.to_string(),
        notes: c.notes,
        players: c.players,
        record,
        created_at_ms: c.created_at_ms,
        updated_at_ms: c.updated_at_ms,
    };
    new.validate("campaign")?;
    for (i, s) in doc.sessions.iter().enumerate() {
        check_session(&format!("sessions[{i}]"), s)?;
    }
    Ok((new, doc.sessions))
}

/// Replays one exported session through its engine; see
/// [`Store::import_campaign`].
fn replay_session(
    at: &str,
    s: &ExportedSession,
    engines: &dyn Fn(&str) -> Option<Box<dyn DynGame>>,
) -> Result<()> {
    let Some(game) = engines(&s.game) else {
        return Err(StoreError::invalid(
            format!("{at}.game"),
            format!("no game engine is called {:?}", s.game),
        ));
    };
    let refused = |field: String, r: tw_rules::Refusal| StoreError::invalid(field, r.to_string());
    let mut state = game
        .setup(&s.setup)
        .map_err(|r| refused(format!("{at}.setup"), r))?;
    let snapshot_at = |seq: i64| s.snapshots.iter().position(|sn| sn.seq == seq);
    let check_snapshot = |seq: i64, state: &Value| -> Result<()> {
        match snapshot_at(seq) {
            Some(k) if s.snapshots[k].state != *state => Err(StoreError::invalid(
                format!("{at}.snapshots[{k}].state"),
                format!("is not the state the engine reaches at entry {seq}"),
            )),
            _ => Ok(()),
        }
    };
    check_snapshot(0, &state)?;
    // The state before each action still active, for its undo.
    let mut before: Vec<Value> = Vec::new();
    for (j, e) in s.entries.iter().enumerate() {
        let here = format!("{at}.entries[{j}]");
        match (&e.command, &e.restore_state) {
            (Some(cmd), _) => {
                let out = game
                    .execute(&state, cmd)
                    .map_err(|r| refused(format!("{here}.command"), r))?;
                if out.events != e.events {
                    return Err(StoreError::invalid(
                        format!("{here}.events"),
                        "are not the events the engine decides for this command",
                    ));
                }
                before.push(std::mem::replace(&mut state, out.state));
            }
            (None, Some(restore)) => {
                let prior = before.pop().unwrap_or(Value::Null);
                if *restore != prior {
                    return Err(StoreError::invalid(
                        format!("{here}.restore_state"),
                        "is not the state before the action it reverts",
                    ));
                }
                state = prior;
            }
            (None, None) => {} // refused by check_session already
        }
        check_snapshot(e.seq, &state)?;
    }
    Ok(())
}

fn check_session(at: &str, s: &ExportedSession) -> Result<()> {
    if s.game.trim().is_empty() {
        return Err(StoreError::invalid(
            format!("{at}.game"),
            "must not be empty",
        ));
    }
    if s.snapshot_every < 1 {
        return Err(StoreError::invalid(
            format!("{at}.snapshot_every"),
            "must be at least 1",
        ));
    }
    let mut stack: Vec<i64> = Vec::new();
    for (j, e) in s.entries.iter().enumerate() {
        let here = format!("{at}.entries[{j}]");
        if e.seq != j as i64 + 1 {
            return Err(StoreError::invalid(
                format!("{here}.seq"),
                format!("expected {}, found {}", j + 1, e.seq),
            ));
        }
        let undo = e.source == Source::Undo;
        if undo != e.reverts_seq.is_some()
            || undo != e.restore_state.is_some()
            || undo == e.command.is_some()
        {
            return Err(StoreError::invalid(
                here,
                "an undo entry has reverts_seq and restore_state and no command; any other entry has a command and neither",
            ));
        }
        match e.reverts_seq {
            None => stack.push(e.seq),
            Some(t) if stack.last() == Some(&t) => {
                stack.pop();
            }
            Some(t) => {
                return Err(StoreError::invalid(
                    format!("{here}.reverts_seq"),
                    format!("{t} is not the latest active action ({:?})", stack.last()),
                ))
            }
        }
    }
    let last = s.entries.len() as i64;
    if !s.snapshots.iter().any(|sn| sn.seq == 0) {
        return Err(StoreError::invalid(
            format!("{at}.snapshots"),
            "the setup snapshot (seq 0) is missing",
        ));
    }
    let mut prev = -1;
    for (k, sn) in s.snapshots.iter().enumerate() {
        if sn.seq <= prev || sn.seq > last {
            return Err(StoreError::invalid(
                format!("{at}.snapshots[{k}].seq"),
                format!(
                    "{} is out of order or beyond the last entry ({last})",
                    sn.seq
                ),
            ));
        }
        prev = sn.seq;
    }
    Ok(())
}
