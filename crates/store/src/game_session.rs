//! A game session driven through an engine and persisted as it goes.
//!
//! [`GameSession`] keeps the current state in memory and writes every
//! accepted command to the log before returning, so what the player saw
//! acknowledged survives a crash. It is game-agnostic: the engine arrives as a
//! [`DynGame`].

use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::log::{LogEntry, Provenance, Source};
use serde_json::Value;
use tw_rules::{DynGame, Outcome};

/// A live, persisted game session.
pub struct GameSession<'g> {
    game: &'g dyn DynGame,
    id: i64,
    snapshot_every: i64,
    last_seq: i64,
    state: Value,
    /// Seqs of the actions undo can revert, oldest first.
    active: Vec<i64>,
}

impl<'g> GameSession<'g> {
    /// Set up a new game and record it (optionally as part of a campaign).
    pub fn start(
        store: &mut Store,
        game: &'g dyn DynGame,
        setup: &Value,
        campaign_id: Option<i64>,
        snapshot_every: u32,
    ) -> Result<Self> {
        let state = game.setup(setup)?;
        let id = store.create_session(game.name(), campaign_id, setup, &state, snapshot_every)?;
        Ok(GameSession {
            game,
            id,
            snapshot_every: snapshot_every.into(),
            last_seq: 0,
            state,
            active: Vec::new(),
        })
    }

    /// Reopen a stored session: latest snapshot, then the entries after it.
    pub fn resume(store: &Store, game: &'g dyn DynGame, id: i64) -> Result<Self> {
        let info = store.session(id)?;
        if info.game != game.name() {
            return Err(StoreError::invalid(
                "game",
                format!("session {id} is a {} game, not {}", info.game, game.name()),
            ));
        }
        let state = store.state_at(game, id, info.last_seq)?;
        let active = store.undo_stack(id)?;
        Ok(GameSession {
            game,
            id,
            snapshot_every: info.snapshot_every,
            last_seq: info.last_seq,
            state,
            active,
        })
    }

    pub fn id(&self) -> i64 {
        self.id
    }

    pub fn state(&self) -> &Value {
        &self.state
    }

    pub fn last_seq(&self) -> i64 {
        self.last_seq
    }

    /// The seq undo would revert next.
    pub fn undo_target(&self) -> Option<i64> {
        self.active.last().copied()
    }

    fn action(
        &self,
        seq: i64,
        source: Source,
        command: &Value,
        out: &Outcome,
        prov: Provenance,
    ) -> LogEntry {
        LogEntry {
            seq,
            at_ms: crate::now_ms(),
            source,
            command: Some(command.clone()),
            events: out.events.clone(),
            original_reading: prov.original_reading,
            image_path: prov.image_path,
            reverts_seq: None,
            restore_state: None,
        }
    }

    /// Run `command`; when the engine accepts it, log it durably and return
    /// what happened. A refusal writes nothing and leaves the state as it was.
    pub fn execute(
        &mut self,
        store: &mut Store,
        command: &Value,
        source: Source,
        prov: Provenance,
    ) -> Result<Outcome> {
        if source == Source::Undo {
            return Err(StoreError::invalid(
                "source",
                "undo entries are written by undo(), not execute()",
            ));
        }
        if source == Source::Correction && prov.original_reading.is_none() {
            return Err(StoreError::invalid(
                "original_reading",
                "a correction must keep the reading it corrects",
            ));
        }
        let out = self.game.execute(&self.state, command)?;
        let seq = self.last_seq + 1;
        let entry = self.action(seq, source, command, &out, prov);
        store.append(self.id, self.snapshot_every, &[entry], &out.state)?;
        self.last_seq = seq;
        self.state = out.state.clone();
        self.active.push(seq);
        Ok(out)
    }

    /// The undo entry reverting the latest active action, and the state it restores.
    fn undo_entry(&self, store: &Store) -> Result<(LogEntry, Value)> {
        let target = self.undo_target().ok_or(StoreError::NothingToUndo)?;
        let restore = store.state_at(self.game, self.id, target - 1)?;
        let entry = LogEntry {
            seq: self.last_seq + 1,
            at_ms: crate::now_ms(),
            source: Source::Undo,
            command: None,
            events: Vec::new(),
            original_reading: None,
            image_path: None,
            reverts_seq: Some(target),
            restore_state: Some(restore.clone()),
        };
        Ok((entry, restore))
    }

    /// Revert the latest active action by logging an undo; returns its seq.
    pub fn undo(&mut self, store: &mut Store) -> Result<i64> {
        let (entry, restore) = self.undo_entry(store)?;
        let target = entry.reverts_seq.expect("undo entries name their target");
        store.append(
            self.id,
            self.snapshot_every,
            std::slice::from_ref(&entry),
            &restore,
        )?;
        self.last_seq = entry.seq;
        self.state = restore;
        self.active.pop();
        Ok(target)
    }

    /// Replace the latest action (typically a camera reading) with the
    /// player's `command`, keeping the camera's `original_reading` beside it.
    /// The undo and the correction are written in one transaction; if the
    /// engine refuses the correction nothing is written.
    pub fn correct(
        &mut self,
        store: &mut Store,
        command: &Value,
        original_reading: Value,
        image_path: Option<String>,
    ) -> Result<Outcome> {
        let (undo, restore) = self.undo_entry(store)?;
        let out = self.game.execute(&restore, command)?;
        let seq = undo.seq + 1;
        let prov = Provenance {
            original_reading: Some(original_reading),
            image_path,
        };
        let fix = self.action(seq, Source::Correction, command, &out, prov);
        store.append(self.id, self.snapshot_every, &[undo, fix], &out.state)?;
        self.active.pop();
        self.active.push(seq);
        self.last_seq = seq;
        self.state = out.state.clone();
        Ok(out)
    }
}
