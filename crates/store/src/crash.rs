//! The durability harness: a writer process appends to a session and reports
//! each commit on stdout; the harness SIGKILLs it at a random moment, then
//! checks that every reported entry is in the database, intact, and that
//! `PRAGMA integrity_check` passes and resume equals a fold from scratch.
//!
//! Used by the test suite and `warden store soak` (1,000 effective trials:
//! kills after at least one acknowledged write).

use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::game_session::GameSession;
use crate::log::{Provenance, Source};
use crate::tally;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tw_rules::SplitMix64;

/// Small, so kills often land on the transaction that also writes a snapshot.
const SNAPSHOT_EVERY: u32 = 8;

/// Deterministic amount for entry `seq`, so the checker knows what each
/// reported entry must contain.
pub fn amount_for(seq: i64) -> i64 {
    (seq % 7) + 1
}

/// The writer's main loop: open `db`, create or resume its session, and
/// append forever (an undo every fifth entry), printing `committed SEQ` after
/// each commit returns. Runs until killed or `limit` entries are written.
pub fn writer_main(db: &Path, limit: i64) -> Result<()> {
    let game = tally::game();
    let mut store = Store::open(db)?;
    let id = match store.sessions(None)?.last() {
        Some(s) => s.id,
        None => GameSession::start(
            &mut store,
            &game,
            &serde_json::json!({"start": 0}),
            None,
            SNAPSHOT_EVERY,
        )?
        .id(),
    };
    let mut s = GameSession::resume(&store, &game, id)?;
    let out = std::io::stdout();
    let mut out = out.lock();
    writeln!(out, "ready {}", s.last_seq()).ok();
    out.flush().ok();
    for _ in 0..limit {
        let seq = s.last_seq() + 1;
        if seq % 5 == 0 && s.undo_target().is_some() {
            s.undo(&mut store)?;
        } else {
            s.execute(
                &mut store,
                &tally::add(amount_for(seq), 120),
                Source::Camera,
                Provenance::default(),
            )?;
        }
        // Only now is the entry acknowledged.
        if writeln!(out, "committed {seq}")
            .and_then(|_| out.flush())
            .is_err()
        {
            break;
        }
    }
    Ok(())
}

/// Figures from a series of trials.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct SoakReport {
    /// Writers started and killed.
    pub trials: usize,
    /// Trials killed after at least one write was acknowledged: only these
    /// test the promise. A kill before any acknowledgment proves nothing
    /// about acknowledged entries (it still checks the file's integrity).
    pub effective: usize,
    pub failures: Vec<String>,
    /// Entries the writers reported committed, over all trials.
    pub acknowledged: i64,
    /// Entries found on disk that were not yet acknowledged when the kill came
    /// (committed but killed before printing): allowed.
    pub unacknowledged_but_present: i64,
    pub killed_before_ready: usize,
    pub final_entries: i64,
    pub elapsed_s: f64,
}

/// Largest number of writers started per effective trial asked for, so a
/// writer that never acknowledges cannot keep the soak running forever.
const ATTEMPTS_PER_TRIAL: usize = 4;

/// Run kill-at-random trials of `writer` (a command that runs
/// [`writer_main`] on the path given as its last argument) against `db`
/// until `trials` of them were effective (killed after an acknowledged
/// write), or `ATTEMPTS_PER_TRIAL` times as many were tried. Three kills in
/// four come a random delay after the writer said it is ready; the fourth
/// within a twentieth of that after it was started, so kills land during
/// creation too.
pub fn run_trials(
    writer: &[String],
    db: &Path,
    trials: usize,
    seed: u64,
    max_delay: Duration,
) -> Result<SoakReport> {
    let start = Instant::now();
    let mut rng = SplitMix64::new(seed);
    let mut report = SoakReport::default();
    let mut t = 0;
    while report.effective < trials && t < trials.saturating_mul(ATTEMPTS_PER_TRIAL) {
        let before = last_seq_on_disk(db)?;
        let delay = Duration::from_micros(rng.next_u64() % (max_delay.as_micros() as u64 + 1));
        let after_ready = t % 4 != 3;
        // Creation kills come within the first few milliseconds, while the
        // file is still being created and migrated.
        let delay = if after_ready { delay } else { delay / 20 };
        report.trials += 1;
        t += 1;
        match trial(writer, db, delay, after_ready, before)? {
            Ok(counts) => {
                report.acknowledged += counts.0;
                report.unacknowledged_but_present += counts.1;
                if counts.2 {
                    report.killed_before_ready += 1;
                }
                if counts.3 {
                    report.effective += 1;
                }
            }
            Err(msg) => report
                .failures
                .push(format!("trial {t} (kill after {delay:?}): {msg}")),
        }
    }
    report.final_entries = last_seq_on_disk(db)?;
    report.elapsed_s = start.elapsed().as_secs_f64();
    Ok(report)
}

fn last_seq_on_disk(db: &Path) -> Result<i64> {
    if !db.exists() {
        return Ok(0);
    }
    let store = Store::open(db)?;
    Ok(store
        .sessions(None)?
        .last()
        .map(|s| s.last_seq)
        .unwrap_or(0))
}

/// Longest wait for a writer to say it is ready before it is killed anyway.
const READY_TIMEOUT: Duration = Duration::from_secs(30);

/// One trial: the kill comes `delay` after the writer's start, or after its
/// "ready" line with `after_ready`. Returns (acknowledged this trial, extra
/// present, killed before ready, effective). Outer `Err` is an environment
/// failure; inner `Err` a broken promise.
#[allow(clippy::type_complexity)]
fn trial(
    writer: &[String],
    db: &Path,
    delay: Duration,
    after_ready: bool,
    before: i64,
) -> Result<Result<(i64, i64, bool, bool), String>> {
    let io = |e: std::io::Error| StoreError::Io {
        action: "cannot run the crash writer for",
        path: db.to_path_buf(),
        source: e,
    };
    let mut child = Command::new(&writer[0])
        .args(&writer[1..])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(io)?;
    let stdout = child.stdout.take().expect("piped");
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut acked = None;
        let mut ready = false;
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(n) = line.strip_prefix("committed ") {
                acked = n.trim().parse::<i64>().ok().or(acked);
            } else if line.starts_with("ready") {
                ready = true;
                let _ = ready_tx.send(());
            }
        }
        (acked, ready)
    });
    if after_ready {
        // A writer that ends before it is ready drops the sender: no wait.
        let _ = ready_rx.recv_timeout(READY_TIMEOUT);
    }
    std::thread::sleep(delay);
    let _ = child.kill(); // SIGKILL on Unix
    let status = child.wait().map_err(io)?;
    let (acked, ready) = reader.join().unwrap_or((None, false));
    if status.success() {
        return Ok(Err("the writer exited by itself before the kill".into()));
    }
    if !ready && acked.is_none() {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            use std::io::Read;
            let _ = e.read_to_string(&mut err);
        }
        if !err.trim().is_empty() {
            return Ok(Err(format!("the writer failed: {}", err.trim())));
        }
    }
    let effective = acked.is_some();
    Ok(verify(db, before, acked).map(|(a, extra)| (a, extra, !ready, effective)))
}

/// Check the promises after a kill; returns (acknowledged this trial, extra present).
fn verify(db: &Path, before: i64, acked: Option<i64>) -> std::result::Result<(i64, i64), String> {
    let store = Store::open(db).map_err(|e| format!("reopening failed: {e}"))?;
    store.integrity_check().map_err(|e| e.to_string())?;
    let Some(session) = store
        .sessions(None)
        .map_err(|e| e.to_string())?
        .last()
        .cloned()
    else {
        return if acked.is_some() {
            Err("acknowledged entries but no session".into())
        } else {
            Ok((0, 0))
        };
    };
    let last = session.last_seq;
    let acked_to = acked.unwrap_or(before);
    if last < acked_to {
        return Err(format!(
            "entry {acked_to} was acknowledged but the log ends at {last}"
        ));
    }
    let entries = store
        .entries(session.id, 0, last)
        .map_err(|e| e.to_string())?;
    for (i, e) in entries.iter().enumerate() {
        if e.seq != i as i64 + 1 {
            return Err(format!("gap in the log at {}", i + 1));
        }
        if let Some(cmd) = &e.command {
            if cmd.get("amount").and_then(|a| a.as_i64()) != Some(amount_for(e.seq)) {
                return Err(format!("entry {} holds the wrong command {cmd}", e.seq));
            }
        }
    }
    let game = tally::game();
    let resumed = store
        .state_at(&game, session.id, last)
        .map_err(|e| e.to_string())?;
    let scratch = store
        .state_from_scratch(&game, session.id, last)
        .map_err(|e| e.to_string())?;
    if resumed != scratch {
        return Err(format!(
            "resume gives {resumed} but a fold from setup gives {scratch}"
        ));
    }
    Ok((acked_to - before, last - acked_to))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checker itself must catch a lost or altered entry, or the harness proves nothing.
    #[test]
    fn the_checker_catches_lost_and_altered_entries() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("w.sqlite3");
        writer_main(&db, 6).unwrap();
        assert_eq!(verify(&db, 0, Some(6)), Ok((6, 0)));
        assert_eq!(
            verify(&db, 0, Some(4)),
            Ok((4, 2)),
            "committed but not yet acknowledged is fine"
        );
        let lost = verify(&db, 0, Some(7)).unwrap_err();
        assert!(
            lost.contains("acknowledged but the log ends at 6"),
            "{lost}"
        );

        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute_batch(
            "DROP TRIGGER log_entries_no_update;
             UPDATE log_entries SET command = json_set(command, '$.amount', 99) WHERE seq = 2;",
        )
        .unwrap();
        drop(conn);
        let altered = verify(&db, 0, Some(6)).unwrap_err();
        assert!(
            altered.contains("entry 2 holds the wrong command"),
            "{altered}"
        );
    }
}
