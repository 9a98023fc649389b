//! `warden watch`: the live pipeline with no window. Frames from a source
//! go through the same core the window uses (`tw_app::Pipeline`: calibration,
//! throw finished, the reader); each finished throw is printed as one JSON
//! line, and with `--game` it is kept with that saved game and applied,
//! held or put to the player exactly as in the window.

use anyhow::{Context, Result};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tw_app::reader::ActiveCalibration;
use tw_app::{GameState, Pipeline, PipelineEvent};
use tw_capture::CaptureError;

#[derive(clap::Args)]
pub struct Args {
    /// The frame source: `demo:combat` (the generated Dungeon Fighter clip,
    /// with its own calibration), `demo`, `camera`, `camera:N`, a video file
    /// or a folder of frames.
    #[arg(long)]
    pub source: String,
    /// Saved game the throws go to (see `warden game list`).
    #[arg(long)]
    pub game: Option<i64>,
    /// Database file (default: TABLE_WARDEN_DB, else the OS data folder).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Calibration profile to read with (default: the source's own, else
    /// the window's active calibration).
    #[arg(long)]
    pub calibration: Option<PathBuf>,
    /// Stop after this many throws.
    #[arg(long)]
    pub throws: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long)]
    pub seconds: Option<f64>,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let (mut source, own_calibration) = tw_app::sources::open_named_with(&a.source, false)
        .with_context(|| format!("cannot open source {:?}", a.source))?;
    let calibration = match a.calibration.or(own_calibration) {
        Some(p) => ActiveCalibration::at(Ok(p)),
        None => ActiveCalibration::new(),
    };
    let games = match a.game {
        Some(id) => {
            let path = tw_store::paths::resolve_db_path(a.db.as_deref())?;
            let store = tw_store::Store::open(&path)
                .with_context(|| format!("opening the database {}", path.display()))?;
            let games = GameState::with_store(store);
            games.open(id).map_err(anyhow::Error::msg)?;
            Some(games)
        }
        None => None,
    };
    // The game's own die set (if it names one) reads the table, as in the window.
    let calibration = match &games {
        Some(g) => calibration.following(g.playing_game()),
        None => calibration,
    };
    let mut pipeline = Pipeline::new(calibration);
    let started = Instant::now();
    let limit = a.seconds.map(Duration::from_secs_f64);
    let mut seen = 0u64;
    let mut out = std::io::stdout().lock();
    loop {
        if limit.is_some_and(|l| started.elapsed() >= l) || a.throws.is_some_and(|n| seen >= n) {
            break;
        }
        let frame = match source.next_frame() {
            Ok(f) => f,
            Err(CaptureError::Ended { .. }) => break,
            Err(e) if e.is_terminal() => return Err(e).context(format!("source {:?}", a.source)),
            Err(e) => {
                eprintln!("warden watch: {e}");
                continue;
            }
        };
        for event in pipeline.step(&frame, Instant::now()) {
            let line = match event {
                PipelineEvent::Throw(t) => {
                    seen += 1;
                    let outcome = match &games {
                        Some(g) => match g.throw_finished(&t) {
                            Ok(Some(r)) => json!({
                                "session": r.session, "throw": r.throw, "status": r.status,
                                "reason": r.reason, "command": r.command, "last_seq": r.view.last_seq,
                            }),
                            Ok(None) => json!(null),
                            Err(e) => json!({"error": e}),
                        },
                        None => json!(null),
                    };
                    let landed: Vec<_> = t.landed.iter().filter_map(|&i| t.dice.get(i)).collect();
                    // What a player reads off the line: colour, face, where it landed.
                    let scores: Vec<_> = landed
                        .iter()
                        .map(|d| json!({
                            "color": d.color, "face": d.face, "confidence": d.confidence,
                            "value": d.section.as_ref().and_then(|s| s.value),
                            "kind": d.section.as_ref().map(|s| s.kind.clone()),
                        }))
                        .collect();
                    json!({
                        "throw": t.seq, "frame": t.frame, "settle_ms": t.settle_ms, "reader": t.reader,
                        "scores": scores, "landed": landed, "dice_on_table": t.dice.len(), "outcome": outcome,
                    })
                }
                PipelineEvent::Unread { frame, why } => json!({"unread": frame, "why": why}),
                PipelineEvent::Reader { kind, problem, alignment } => {
                    eprintln!(
                        "warden watch: reading with the {kind} reader{}{}",
                        problem.map(|p| format!(" ({p})")).unwrap_or_default(),
                        alignment.map(|p| format!("; {p}")).unwrap_or_default()
                    );
                    continue;
                }
                PipelineEvent::Alignment(note) => {
                    eprintln!("warden watch: board alignment: {}", note.as_deref().unwrap_or("in place"));
                    continue;
                }
                PipelineEvent::Motion(e) => {
                    eprintln!("warden watch: {e}");
                    continue;
                }
            };
            // A closed pipe (`| head`) ends the run quietly.
            if writeln!(out, "{line}").is_err() {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
