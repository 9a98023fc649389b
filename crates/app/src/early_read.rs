//! Reading a throw from its first still frame.
//!
//! The motion stage needs the dice to stay still for its rest window (about
//! 250 ms) before it calls a throw finished; reading only then puts the read
//! after the wait. Instead the read starts, on a worker thread, on the frame
//! where the dice went still, and its reading is published when the throw
//! finishes (or when the read ends, if that is later). If the dice move
//! again first, that read is dropped and the next still frame starts another.

use crate::reader::TableReader;
use crate::watcher::{Settled, Step, ThrowReading, ThrowWatcher};
use tw_session::observation::DieReading;
use std::sync::Arc;
use std::thread::JoinHandle;
use tw_capture::Frame;
use tw_motion::MotionError;
use tw_target::TargetReading;

type ReadResult = Result<(Vec<DieReading>, Option<TargetReading>), String>;

/// A read started on a still frame.
struct Early {
    frame: Frame,
    /// The boxes the throw changed, where creeping is looked for.
    changed: Vec<[f64; 4]>,
    reader: Arc<TableReader>,
    handle: JoinHandle<ReadResult>,
}

/// The throw watcher plus the read that runs while the rest window passes.
#[derive(Default)]
pub struct LiveThrows {
    watcher: ThrowWatcher,
    early: Option<Early>,
}

/// One finished throw: the reading, or why its frame could not be read.
pub struct Finished {
    /// The frame that was read (the first still one when read early).
    pub frame: u64,
    pub reading: Result<ThrowReading, String>,
}

impl LiveThrows {
    /// The stage's state name for the status line.
    pub fn state(&self) -> String {
        self.watcher.state()
    }

    /// Whether a throw is in progress (dice moving or settling, or a read
    /// started): the live overlay then leaves the cores to the throw.
    pub fn busy(&self) -> bool {
        self.early.is_some() || matches!(self.watcher.state().as_str(), "moving" | "settling")
    }

    /// Forget the scene and any read in progress.
    pub fn reset(&mut self) {
        self.watcher.reset();
        self.early = None;
    }

    /// Feeds one frame; `Some` when a throw finished on it.
    ///
    /// `reader` is the reader to use now. An early read made with another
    /// reader (the calibration changed during the throw) is not used.
    pub fn step(&mut self, frame: &Frame, reader: &Arc<TableReader>) -> Result<Option<Finished>, MotionError> {
        match self.watcher.advance(frame)? {
            Step::Nothing => {
                // A die still creeping below the motion threshold: read
                // again from the newer frame, so the read is of where it
                // ends up.
                if let Some(e) = &self.early {
                    if crept(&e.frame, frame, &e.changed) {
                        let changed = e.changed.clone();
                        self.start(frame, reader, changed);
                    }
                }
                Ok(None)
            }
            Step::Settling(changed) => {
                self.start(frame, reader, changed);
                Ok(None)
            }
            Step::Resumed => {
                // The worker ends on its own; its reading is never used.
                self.early = None;
                Ok(None)
            }
            Step::Finished(settled) => Ok(Some(self.finish(frame, reader, &settled))),
        }
    }

    fn start(&mut self, frame: &Frame, reader: &Arc<TableReader>, changed: Vec<[f64; 4]>) {
        let before = self.watcher.table().cloned();
        let before_frame = self.watcher.scene_before();
        let (f, r) = (frame.clone(), Arc::clone(reader));
        let kept = changed.clone();
        let spawned = std::thread::Builder::new().name("early-read".into()).spawn(move || {
            let settled = Settled {
                settle_ms: 0.0,
                changed,
                before_frame,
            };
            r.read_throw(&f, &settled, before.as_ref())
        });
        // A thread that cannot start leaves the read to the finish.
        self.early = spawned.ok().map(|handle| Early {
            frame: frame.clone(),
            changed: kept,
            reader: Arc::clone(reader),
            handle,
        });
    }

    fn finish(&mut self, frame: &Frame, reader: &Arc<TableReader>, settled: &Settled) -> Finished {
        let early = self
            .early
            .take()
            .filter(|e| Arc::ptr_eq(&e.reader, reader) && !crept(&e.frame, frame, &e.changed));
        let (read_frame, result) = match early {
            Some(e) => {
                let got = e
                    .handle
                    .join()
                    .unwrap_or_else(|_| Err("the dice reader stopped unexpectedly".to_string()));
                (e.frame, got)
            }
            None => (frame.clone(), reader.read_throw(frame, settled, self.watcher.table())),
        };
        let reading = result.map(|(dice, table)| {
            self.watcher.keep_table(table);
            self.watcher.finish(&read_frame, settled, reader.kind(), dice)
        });
        Finished {
            frame: read_frame.index,
            reading,
        }
    }
}

/// Whether the picture inside any changed box (with a margin) differs
/// between two frames of the same size: more than 1% of its pixels moved
/// by over 40 grey levels in some channel, well above sensor noise and
/// well below what a die shifted by one pixel leaves along its edges.
fn crept(a: &Frame, b: &Frame, boxes: &[[f64; 4]]) -> bool {
    if a.width != b.width || a.height != b.height || a.data.len() != b.data.len() {
        return true;
    }
    let (w, h) = (a.width as i64, a.height as i64);
    boxes.iter().any(|bx| {
        let m = 0.25 * bx[2].max(bx[3]);
        let x0 = ((bx[0] - m).floor() as i64).clamp(0, w);
        let y0 = ((bx[1] - m).floor() as i64).clamp(0, h);
        let x1 = ((bx[0] + bx[2] + m).ceil() as i64).clamp(0, w);
        let y1 = ((bx[1] + bx[3] + m).ceil() as i64).clamp(0, h);
        let area = (x1 - x0) * (y1 - y0);
        if area <= 0 {
            return false;
        }
        let mut moved = 0i64;
        for y in y0..y1 {
            let row = ((y * w) * 3) as usize;
            for x in x0..x1 {
                let i = row + (x * 3) as usize;
                let d = (0..3).map(|c| a.data[i + c].abs_diff(b.data[i + c])).max().unwrap_or(0);
                if d > 40 {
                    moved += 1;
                }
            }
        }
        moved * 100 > area
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The watcher tests' grey table with a white square, 30 frames a second.
    fn frame(index: u64, at: Option<(u32, u32)>) -> Frame {
        crate::watcher::tests::frame(index, index * 33, at)
    }

    /// A die stops, moves again within the rest window, and stops for
    /// good: one throw, read from a frame of the final rest (the read
    /// started at the first stop is dropped), before the finishing frame.
    #[test]
    fn a_read_started_before_the_dice_moved_again_is_dropped() {
        let reader = Arc::new(TableReader::Pips(tw_vision::DiceReader::default()));
        let mut live = LiveThrows::default();
        let mut done = Vec::new();
        let mut settling_at = Vec::new();
        for k in 0..60u64 {
            let at = match k {
                0..5 => None,
                5..12 => Some((20 + 20 * (k as u32 - 5), 100)),
                12..16 => Some((160, 100)),
                16..20 => Some((160 + 10 * (k as u32 - 15), 100)),
                _ => Some((200, 100)),
            };
            let f = frame(k, at);
            let was_early = live.early.is_some();
            if let Some(d) = live.step(&f, &reader).unwrap() {
                done.push((k, d.frame, d.reading.map(|t| t.seq)));
            }
            if !was_early && live.early.is_some() {
                settling_at.push(k);
            }
        }
        assert_eq!(done.len(), 1, "{:?}", done.iter().map(|d| (d.0, d.1)).collect::<Vec<_>>());
        let (finished, read, seq) = done.pop().unwrap();
        assert_eq!(seq, Ok(1));
        assert!(read >= 20 && read < finished, "read frame {read}, finished {finished}");
        assert_eq!(Some(&read), settling_at.last(), "the read began on the last still frame");
        assert!(!live.busy(), "nothing left running");
    }
}
