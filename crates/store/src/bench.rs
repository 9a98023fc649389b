//! Timings for the two figures the store promises: appending one entry
//! (fsync included) and resuming a long session. Printed by
//! `warden store bench`; see `SCHEMA.md` ("Measuring").

use crate::db::Store;
use crate::error::{Result, StoreError};
use crate::game_session::GameSession;
use crate::log::{Provenance, Source};
use crate::tally;
use std::path::Path;
use std::time::{Duration, Instant};

/// What one benchmark run measured.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BenchReport {
    pub appends: usize,
    pub append_median_ms: f64,
    pub append_p95_ms: f64,
    pub append_max_ms: f64,
    /// The same number of bare SQLite commits (one small row, same pragmas,
    /// same disk): the floor set by the disk's fsync latency.
    pub baseline_commit_median_ms: f64,
    pub session_entries: i64,
    pub snapshot_every: u32,
    pub resume_median_ms: f64,
    pub resume_max_ms: f64,
    pub fold_from_scratch_ms: f64,
    pub resume_runs: usize,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    ms(sorted[i])
}

/// Time `appends` durable appends, then build a session of `entries` entries
/// (about one undo in ten) and time resuming it `resume_runs` times from a
/// freshly opened database. `db` must not exist yet.
pub fn run(
    db: &Path,
    appends: usize,
    entries: i64,
    snapshot_every: u32,
    resume_runs: usize,
) -> Result<BenchReport> {
    let game = tally::game();
    let mut store = Store::open(db)?;

    // 1. Append latency, each a committed, fsynced transaction.
    let mut s = GameSession::start(
        &mut store,
        &game,
        &serde_json::json!({"start": 0}),
        None,
        snapshot_every,
    )?;
    let mut times = Vec::with_capacity(appends);
    for i in 0..appends {
        let cmd = tally::add((i % 6 + 1) as i64, 200);
        let t = Instant::now();
        s.execute(&mut store, &cmd, Source::Camera, Provenance::default())?;
        times.push(t.elapsed());
    }
    times.sort();
    // Then as many bare commits right after (not interleaved: two files
    // fsynced in turn share the filesystem journal and slow each other).
    let floor = Baseline::new(&db.with_extension("baseline.sqlite3"))?;
    let mut baseline = (0..appends)
        .map(|_| floor.commit())
        .collect::<Result<Vec<_>>>()?;
    baseline.sort();
    drop(floor);

    // 2. A long session, written without fsync to save time (setup, not measured).
    let mut long = GameSession::start(
        &mut store,
        &game,
        &serde_json::json!({"start": 0}),
        None,
        snapshot_every,
    )?;
    let id = long.id();
    store.conn.execute_batch("PRAGMA synchronous = OFF")?;
    let mut i = 0;
    while long.last_seq() < entries {
        if i % 10 == 9 && long.undo_target().is_some() {
            long.undo(&mut store)?;
        } else {
            long.execute(
                &mut store,
                &tally::add((i % 6 + 1) as i64, 200),
                Source::Manual,
                Provenance::default(),
            )?;
        }
        i += 1;
    }
    store.conn.execute_batch("PRAGMA synchronous = FULL")?;
    let expected = long.state().clone();
    drop(store);

    // 3. Resume: open the file afresh each run, as the app does on start.
    let mut resume = Vec::with_capacity(resume_runs);
    let mut scratch = Duration::ZERO;
    for _ in 0..resume_runs {
        let store = Store::open(db)?;
        let t = Instant::now();
        let r = GameSession::resume(&store, &game, id)?;
        resume.push(t.elapsed());
        if r.state() != &expected {
            return Err(StoreError::invalid(
                "resume",
                "resumed state differs from the session's state",
            ));
        }
        let t = Instant::now();
        let from_scratch = store.state_from_scratch(&game, id, r.last_seq())?;
        scratch = t.elapsed();
        if from_scratch != expected {
            return Err(StoreError::invalid(
                "resume",
                "fold from scratch differs from the session's state",
            ));
        }
    }
    resume.sort();

    Ok(BenchReport {
        appends,
        append_median_ms: percentile(&times, 0.5),
        append_p95_ms: percentile(&times, 0.95),
        append_max_ms: percentile(&times, 1.0),
        baseline_commit_median_ms: percentile(&baseline, 0.5),
        session_entries: entries,
        snapshot_every,
        resume_median_ms: percentile(&resume, 0.5),
        resume_max_ms: percentile(&resume, 1.0),
        fold_from_scratch_ms: ms(scratch),
        resume_runs,
    })
}

/// A bare WAL + synchronous=FULL database taking one-row commits: the floor
/// the disk's fsync latency sets for any durable append.
struct Baseline {
    conn: rusqlite::Connection,
    path: std::path::PathBuf,
    body: String,
}

impl Baseline {
    fn new(path: &Path) -> Result<Self> {
        let conn = rusqlite::Connection::open(path)?;
        conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))?;
        conn.execute_batch(
            "PRAGMA synchronous = FULL; CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT);",
        )?;
        Ok(Baseline {
            conn,
            path: path.to_path_buf(),
            body: "x".repeat(300),
        })
    }

    fn commit(&self) -> Result<Duration> {
        let t = Instant::now();
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        self.conn
            .execute("INSERT INTO t (body) VALUES (?1)", [&self.body])?;
        self.conn.execute_batch("COMMIT")?;
        Ok(t.elapsed())
    }
}

impl Drop for Baseline {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.path.display()));
        }
    }
}
