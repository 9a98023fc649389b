//! Every finished throw goes to the game being played, whatever screen is
//! open, and is kept with it (`tw_store::throws`): applied at once when the
//! game takes it, held while a choice is pending (then applied in order once
//! the player has chosen), put to the player, or ignored with the reason.
//! What counts is decided by `tw_session::throws::verdict`, never by a screen.

use crate::game::{resume, save_snapshot, view, GameView};
use crate::watcher::ThrowReading;
use serde::Serialize;
use serde_json::{json, Value};
use tw_session::correction::ReadingRecord;
use tw_session::throws::{verdict, FinishedThrow, Verdict};
use tw_store::{GameSession, Provenance, Source, Store, ThrowStatus};

/// What became of one throw, with the game as it now stands.
#[derive(Debug, Clone, Serialize)]
pub struct ThrowReport {
    pub session: i64,
    /// The throw's number in that game.
    pub throw: i64,
    pub status: ThrowStatus,
    pub reason: Option<String>,
    /// The command it became, when applied.
    pub command: Option<Value>,
    pub view: GameView,
}

/// The reading as it is kept (the snapshot goes to a file of its own).
fn kept(t: &ThrowReading) -> Value {
    json!({
        "seq": t.seq,
        "frame": t.frame,
        "settle_ms": t.settle_ms,
        "reader": t.reader,
        "dice": t.dice,
        "landed": t.landed,
    })
}

fn finished(reading: &Value) -> Result<FinishedThrow, String> {
    serde_json::from_value(reading.clone()).map_err(|e| format!("a kept throw is not a throw reading: {e}"))
}

/// Applies `command` from the camera; `Err` carries the engine's refusal.
fn apply(
    store: &mut Store,
    s: &mut GameSession<'_>,
    command: &Value,
    die: tw_session::observation::DieReading,
    image_path: Option<String>,
) -> Result<(i64, Vec<Value>), String> {
    let record = serde_json::to_value(ReadingRecord::camera(die)).map_err(|e| e.to_string())?;
    let prov = Provenance { original_reading: Some(record), image_path };
    let out = s.execute(store, command, Source::Camera, prov).map_err(|e| e.to_string())?;
    crate::campaign_feed::after_command(store, s.id(), s.state());
    Ok((s.last_seq(), out.events))
}

/// Keeps throw `t` with game `id` and does with it what the game says.
pub fn throw_finished(store: &mut Store, id: i64, t: &ThrowReading) -> Result<ThrowReport, String> {
    let image_path = match &t.snapshot_jpeg_b64 {
        Some(b64) => Some(save_snapshot(store, id, b64)?),
        None => None,
    };
    let reading = kept(t);
    let mut holder = None;
    let mut s = resume(store, id, &mut holder)?;
    let game = store.session(id).map_err(|e| e.to_string())?.game;
    // A throw never overtakes one that waits: it waits behind it.
    let queued = store.throws(id, Some(ThrowStatus::Waiting)).map_err(|e| e.to_string())?;
    let v = match queued.first() {
        Some(_) => Verdict::Wait("waiting behind an earlier throw that is held".into()),
        None => verdict(&game, s.state(), &finished(&reading)?),
    };
    let (status, reason, seq, command, events) = match v {
        Verdict::Apply { command, die } => match apply(store, &mut s, &command, die, image_path.clone()) {
            Ok((seq, events)) => (ThrowStatus::Applied, None, Some(seq), Some(command), events),
            Err(refused) => (ThrowStatus::Ask, Some(format!("{refused}; enter the throw")), None, None, vec![]),
        },
        Verdict::Wait(r) => (ThrowStatus::Waiting, Some(r), None, None, vec![]),
        Verdict::Ask(r) => (ThrowStatus::Ask, Some(r), None, None, vec![]),
        Verdict::Ignore(r) => (ThrowStatus::Ignored, Some(r), None, None, vec![]),
    };
    let throw = store
        .record_throw(id, &reading, image_path.as_deref(), status, reason.as_deref(), seq)
        .map_err(|e| e.to_string())?;
    let view = view(store, &s, events, command.clone())?;
    Ok(ThrowReport { session: id, throw, status, reason, command, view })
}

/// Tries the waiting throws of game `id` again, oldest first, after the
/// player's action; stops at the first that must still wait. Returns how
/// many were settled.
pub fn retry_waiting(store: &mut Store, s: &mut GameSession<'_>, game: &str) -> Result<usize, String> {
    let id = s.id();
    let waiting = store.throws(id, Some(ThrowStatus::Waiting)).map_err(|e| e.to_string())?;
    let mut settled = 0;
    for t in waiting {
        match verdict(game, s.state(), &finished(&t.reading)?) {
            Verdict::Wait(r) => {
                if t.reason.as_deref() != Some(r.as_str()) {
                    store.settle_throw(id, t.id, ThrowStatus::Waiting, Some(&r), None).map_err(|e| e.to_string())?;
                }
                break;
            }
            Verdict::Apply { command, die } => match apply(store, s, &command, die, t.image_path.clone()) {
                Ok((seq, _)) => store.settle_throw(id, t.id, ThrowStatus::Applied, None, Some(seq)),
                Err(refused) => {
                    store.settle_throw(id, t.id, ThrowStatus::Ask, Some(&format!("{refused}; enter the throw")), None)
                }
            }
            .map_err(|e| e.to_string())?,
            Verdict::Ask(r) => store.settle_throw(id, t.id, ThrowStatus::Ask, Some(&r), None).map_err(|e| e.to_string())?,
            Verdict::Ignore(r) => {
                store.settle_throw(id, t.id, ThrowStatus::Ignored, Some(&r), None).map_err(|e| e.to_string())?
            }
        }
        settled += 1;
    }
    Ok(settled)
}
