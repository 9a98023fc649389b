//! Frames in, finished throws out: the part of the live view the window's
//! capture thread and `warden watch` share. Per frame: re-read the active
//! calibration when its file changed (choosing the reader), step the throw
//! watcher (a throw is read from its first still frame), and, while nothing
//! moves, check the board has not drifted from where it was calibrated.

use crate::board_watch::{BoardWatch, Found};
use crate::early_read::{Finished, LiveThrows};
use crate::reader::{ActiveCalibration, TableReader};
use crate::watcher::ThrowReading;
use std::sync::Arc;
use std::time::Instant;
use tw_capture::Frame;

/// What one frame changed, for the front end to show.
#[derive(Debug)]
pub enum PipelineEvent {
    /// The calibration was (re)read: which reader reads the table now, why
    /// the saved calibration is not used (if so), and the drift check's note.
    Reader { kind: &'static str, problem: Option<String>, alignment: Option<String> },
    /// A throw came to rest and was read.
    Throw(ThrowReading),
    /// A throw came to rest but could not be used; the text says why and
    /// what the player should do.
    Unread { frame: u64, why: String },
    /// The drift check's note changed (re-registered, or board lost).
    Alignment(Option<String>),
    /// The motion stage could not take a frame.
    Motion(String),
}

pub struct Pipeline {
    calibration: ActiveCalibration,
    reader: Arc<TableReader>,
    throws: LiveThrows,
    watch: BoardWatch,
}

impl Pipeline {
    /// A pipeline reading with the calibration at `calibration` (re-read
    /// whenever that file changes).
    pub fn new(calibration: ActiveCalibration) -> Self {
        Pipeline {
            calibration,
            reader: Arc::new(TableReader::Pips(tw_vision::DiceReader::default())),
            throws: LiveThrows::default(),
            watch: BoardWatch::none(),
        }
    }

    /// Another calibration (a source that brings its own); the scene is
    /// forgotten.
    pub fn set_calibration(&mut self, calibration: ActiveCalibration) {
        self.calibration = calibration;
        self.reset();
    }

    /// Forget the scene (a new source, or a file that started again).
    pub fn reset(&mut self) {
        self.throws.reset();
    }

    /// The reader in use.
    pub fn reader(&self) -> &Arc<TableReader> {
        &self.reader
    }

    /// The motion stage's state name (`idle`, `moving`, `settling`, `at_rest`).
    pub fn state(&self) -> String {
        self.throws.state()
    }

    /// Whether a throw is in progress (the overlay then leaves the cores to it).
    pub fn busy(&self) -> bool {
        self.throws.busy()
    }

    /// Feeds one frame taken at `now`.
    pub fn step(&mut self, frame: &Frame, now: Instant) -> Vec<PipelineEvent> {
        let mut out = Vec::new();
        if let Some((fresh, problem)) = self.calibration.poll(now) {
            self.reader = Arc::new(fresh);
            let (watch, alignment) = match BoardWatch::for_reader(&self.reader, self.calibration.profile_path()) {
                Ok(w) => (w, None),
                Err(e) => (BoardWatch::none(), Some(format!("no drift check: {e}"))),
            };
            self.watch = watch;
            out.push(PipelineEvent::Reader { kind: self.reader.kind(), problem, alignment });
        }
        match self.throws.step(frame, &self.reader) {
            Ok(Some(Finished { frame: read, reading })) => out.push(match reading {
                Ok(_) if self.watch.lost() => PipelineEvent::Unread {
                    frame: read,
                    why: format!("a throw came to rest (frame {read}) but the board is not where it was calibrated: enter it by hand, or calibrate again"),
                },
                Ok(throw) => PipelineEvent::Throw(throw),
                Err(e) => PipelineEvent::Unread {
                    frame: read,
                    why: format!("the throw came to rest but frame {read} could not be read: {e}; enter it by hand"),
                },
            }),
            Ok(None) => {}
            Err(e) => out.push(PipelineEvent::Motion(format!("motion stage: {e}"))),
        }
        let state = self.throws.state();
        if !self.throws.busy() && (state == "idle" || state == "at_rest") {
            if let Some(found) = self.watch.poll(now, frame, &mut self.reader) {
                if matches!(found, Found::Moved { .. }) {
                    // Dice positions read with the old homography are stale.
                    self.throws.reset();
                }
                out.push(PipelineEvent::Alignment(self.watch.note()));
            }
        }
        out
    }
}
