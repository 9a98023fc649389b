//! "Throw finished" on live frames: the motion stage (`tw-motion`) sees
//! every frame; when the dice come to rest the frame is read with a
//! [`TableReader`](crate::reader::TableReader) and one [`ThrowReading`] is
//! made of it, with the dice this throw moved told from those already lying
//! there. Plain functions over frames, tested without a window.

use crate::snapshot::snapshot;
use serde::Serialize;
use std::sync::Arc;
use tw_capture::Frame;
use tw_motion::{Event, FrameView, MotionError, MotionStage, RegionKind, StageConfig, State};
use tw_session::observation::DieReading;

/// The dice read when a throw came to rest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThrowReading {
    /// Rises by one per finished throw.
    pub seq: u64,
    /// Index of the frame that was read.
    pub frame: u64,
    /// Time from the last die motion to "throw finished", milliseconds.
    pub settle_ms: f64,
    /// `pips` or `target`: which reader read it.
    pub reader: &'static str,
    pub dice: Vec<DieReading>,
    /// Indices into `dice` of the dice this throw moved (the rest were
    /// already lying there).
    pub landed: Vec<usize>,
    /// The read frame around the landed dice with the reading drawn on it,
    /// JPEG in base64; `None` if it could not be made.
    pub snapshot_jpeg_b64: Option<String>,
}

/// What a finished throw's frame needs to be read.
#[derive(Debug)]
pub struct Settled {
    pub settle_ms: f64,
    /// Boxes (x, y, w, h) that differ from the scene before the throw.
    pub changed: Vec<[f64; 4]>,
    /// The last still frame before the throw, if one was seen: a die read
    /// now that looks as it did there is printed art.
    pub before_frame: Option<Arc<Frame>>,
}

/// What one frame did to the throw in progress.
#[derive(Debug)]
pub enum Step {
    Nothing,
    /// The dice went still on this frame; the boxes that differ from the
    /// scene before the throw. The throw finishes on a later frame unless
    /// the dice move again.
    Settling(Vec<[f64; 4]>),
    /// Motion again before the rest window ran out.
    Resumed,
    Finished(Settled),
}

/// The motion stage over the capture thread's frames.
pub struct ThrowWatcher {
    stage: MotionStage,
    seq: u64,
    /// Centres of the dice after the previous throw, to tell new dice from old.
    previous: Vec<[f64; 2]>,
    /// The target reader's reading after the previous throw: the next
    /// throw reads only what it changed and keeps the other dice.
    table: Option<tw_target::TargetReading>,
    /// The latest frame while nothing moved (the scene before a throw).
    still: Option<Arc<Frame>>,
}

impl Default for ThrowWatcher {
    fn default() -> Self {
        ThrowWatcher::new(StageConfig::default())
    }
}

impl ThrowWatcher {
    pub fn new(cfg: StageConfig) -> Self {
        ThrowWatcher {
            stage: MotionStage::new(cfg),
            seq: 0,
            previous: Vec::new(),
            table: None,
            still: None,
        }
    }

    /// The latest frame seen while nothing moved: during a throw, the
    /// scene before it.
    pub fn scene_before(&self) -> Option<Arc<Frame>> {
        self.still.clone()
    }

    /// The stage's state name for the status line (`idle`, `moving`, …).
    pub fn state(&self) -> String {
        serde_json::to_value(self.stage.state())
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| format!("{:?}", self.stage.state()).to_lowercase())
    }

    /// Forget the scene (a new source, or a file that started again).
    pub fn reset(&mut self) {
        self.stage.reset();
        self.previous.clear();
        self.table = None;
        self.still = None;
    }

    /// The target reading after the previous throw, if there is one.
    pub fn table(&self) -> Option<&tw_target::TargetReading> {
        self.table.as_ref()
    }

    /// Keeps (or, with `None`, forgets) the reading the next throw starts from.
    pub fn keep_table(&mut self, table: Option<tw_target::TargetReading>) {
        self.table = table;
    }

    #[cfg(test)]
    /// Feeds one frame; `Some` when a throw has just come to rest on it.
    pub fn step(&mut self, frame: &Frame) -> Result<Option<Settled>, MotionError> {
        Ok(match self.advance(frame)? {
            Step::Finished(s) => Some(s),
            _ => None,
        })
    }

    /// Feeds one frame and says what it did to the throw in progress:
    /// the dice just went still (a read may start on this frame), moved
    /// again, or finished the throw.
    ///
    /// A frame the stage cannot take (size or clock jumped, as when a file
    /// loops or the camera changes mode) restarts the stage on that frame
    /// instead of failing: the throw in progress is then read on the next
    /// rest, never lost silently.
    pub fn advance(&mut self, frame: &Frame) -> Result<Step, MotionError> {
        let view = FrameView::bgr(frame.width as usize, frame.height as usize, &frame.data);
        let t_ms = frame.timestamp.as_secs_f64() * 1000.0;
        let out = match self.stage.process(&view, t_ms) {
            Ok(out) => out,
            Err(MotionError::SizeChanged { .. } | MotionError::TimestampWentBack { .. }) => {
                self.reset();
                self.stage.process(&view, t_ms)?
            }
            Err(e) => return Err(e),
        };
        let die_boxes = |regions: &[tw_motion::Region]| -> Vec<[f64; 4]> {
            regions
                .iter()
                .filter(|r| r.kind == RegionKind::Die)
                .map(|r| [r.x as f64, r.y as f64, r.width as f64, r.height as f64])
                .collect()
        };
        let mut step = Step::Nothing;
        for ev in out.events {
            let (still_since, regions) = match ev {
                Event::ThrowFinished {
                    t_ms: _,
                    still_since_ms,
                    regions,
                    ..
                } => (Some(still_since_ms), regions),
                Event::MotionTimeout { regions, .. } => (None, regions),
                Event::Settling { regions, .. } => {
                    step = Step::Settling(die_boxes(&regions));
                    continue;
                }
                Event::MotionResumed { .. } => {
                    step = Step::Resumed;
                    continue;
                }
                _ => continue,
            };
            return Ok(Step::Finished(Settled {
                settle_ms: still_since.map_or(0.0, |s| (t_ms - s).max(0.0)),
                changed: die_boxes(&regions),
                before_frame: self.still.clone(),
            }));
        }
        if matches!(step, Step::Nothing) && matches!(self.stage.state(), State::Idle | State::AtRest) {
            self.keep_still(frame);
        }
        Ok(step)
    }

    /// Keeps `frame` as the scene before the next throw, reusing the
    /// buffer (a frame is copied for every still frame).
    fn keep_still(&mut self, frame: &Frame) {
        match self.still.as_mut().and_then(Arc::get_mut) {
            Some(s) if s.data.len() == frame.data.len() => {
                s.data.copy_from_slice(&frame.data);
                s.index = frame.index;
                s.timestamp = frame.timestamp;
                s.width = frame.width;
                s.height = frame.height;
            }
            _ => self.still = Some(Arc::new(frame.clone())),
        }
    }

    /// Numbers the throw and works out which dice it moved: those inside a
    /// region that changed since before the throw, else (when the regions
    /// miss them) those not lying where a die lay after the last throw.
    pub fn finish(
        &mut self,
        frame: &Frame,
        settled: &Settled,
        reader: &'static str,
        dice: Vec<DieReading>,
    ) -> ThrowReading {
        self.seq += 1;
        let in_changed = |c: [f64; 2]| {
            settled.changed.iter().any(|b| {
                let m = 0.25 * b[2].max(b[3]);
                c[0] >= b[0] - m && c[0] <= b[0] + b[2] + m && c[1] >= b[1] - m && c[1] <= b[1] + b[3] + m
            })
        };
        let mut landed: Vec<usize> = (0..dice.len()).filter(|&i| in_changed(dice[i].center)).collect();
        if landed.is_empty() {
            let near_old = |d: &DieReading| {
                let r = die_radius(d);
                self.previous
                    .iter()
                    .any(|p| (p[0] - d.center[0]).hypot(p[1] - d.center[1]) < r)
            };
            landed = (0..dice.len()).filter(|&i| !near_old(&dice[i])).collect();
        }
        self.previous = dice.iter().map(|d| d.center).collect();
        let snapshot = snapshot(frame, &dice, &landed).ok();
        ThrowReading {
            seq: self.seq,
            frame: frame.index,
            settle_ms: settled.settle_ms,
            reader,
            dice,
            landed,
            snapshot_jpeg_b64: snapshot,
        }
    }
}

/// Half the die's top-face diagonal in pixels (at least a few pixels).
pub(crate) fn die_radius(d: &DieReading) -> f64 {
    d.corners
        .iter()
        .map(|c| (c[0] - d.center[0]).hypot(c[1] - d.center[1]))
        .fold(4.0, f64::max)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::time::Duration;

    /// A grey table with one white square "die" at `at` (None: no die).
    pub(crate) fn frame(index: u64, t_ms: u64, at: Option<(u32, u32)>) -> Frame {
        let (w, h) = (320u32, 240u32);
        let mut data = vec![70u8; (w * h * 3) as usize];
        if let Some((x0, y0)) = at {
            for y in y0..y0 + 24 {
                for x in x0..x0 + 24 {
                    let i = ((y * w + x) * 3) as usize;
                    data[i..i + 3].copy_from_slice(&[235, 235, 235]);
                }
            }
        }
        Frame {
            index,
            timestamp: Duration::from_millis(t_ms),
            width: w,
            height: h,
            data,
        }
    }

    fn die_at(x: f64, y: f64) -> DieReading {
        DieReading {
            center: [x, y],
            corners: vec![[x - 10.0, y - 10.0], [x + 10.0, y - 10.0], [x + 10.0, y + 10.0], [x - 10.0, y + 10.0]],
            face: Some("4".into()),
            color: tw_rules::DieColor::White,
            confidence: 0.9,
            cocked: false,
            section: None,
            corners_mm: None,
        }
    }

    /// A die slides in over 10 frames, then lies still: exactly one throw
    /// is reported, within the settle window of the last motion.
    #[test]
    fn a_die_that_slides_in_and_stops_finishes_one_throw() {
        let mut w = ThrowWatcher::default();
        let mut finished = Vec::new();
        let mut index = 0;
        for k in 0..40u64 {
            let at = if k < 5 {
                None
            } else if k < 15 {
                Some((20 + 20 * (k as u32 - 5), 100))
            } else {
                Some((200, 100))
            };
            let f = frame(index, k * 33, at);
            if let Some(s) = w.step(&f).unwrap() {
                finished.push((k, s.settle_ms));
            }
            index += 1;
        }
        assert_eq!(finished.len(), 1, "{finished:?}");
        let (k, settle_ms) = finished[0];
        assert!(k > 14, "not before the die stopped: frame {k}");
        assert!(settle_ms <= 400.0, "{settle_ms}");
    }

    #[test]
    fn a_still_scene_never_finishes_a_throw() {
        let mut w = ThrowWatcher::default();
        for k in 0..60u64 {
            assert!(w.step(&frame(k, k * 33, Some((100, 100)))).unwrap().is_none());
        }
    }

    #[test]
    fn a_looping_clip_restarts_the_stage_instead_of_failing() {
        let mut w = ThrowWatcher::default();
        w.step(&frame(0, 5000, None)).unwrap();
        // The clock goes back as the file starts again.
        assert!(w.step(&frame(1, 0, None)).is_ok());
        let mut small = frame(2, 33, None);
        small.width = 160;
        small.height = 120;
        small.data.truncate(160 * 120 * 3);
        assert!(w.step(&small).is_ok(), "a size change restarts too");
    }

    #[test]
    fn landed_dice_are_those_in_changed_regions_else_those_that_moved() {
        let mut w = ThrowWatcher::default();
        let f = frame(1, 0, None);
        let s = Settled {
            settle_ms: 200.0,
            changed: vec![[190.0, 90.0, 30.0, 30.0]],
            before_frame: None,
        };
        let t = w.finish(&f, &s, "pips", vec![die_at(50.0, 50.0), die_at(205.0, 105.0)]);
        assert_eq!(t.seq, 1);
        assert_eq!(t.landed, vec![1]);
        assert!(t.snapshot_jpeg_b64.as_deref().is_some_and(|b| b.len() > 100));
        // No region matched: the die not lying where one lay before is new.
        let none = Settled {
            settle_ms: 200.0,
            changed: vec![],
            before_frame: None,
        };
        let t2 = w.finish(&f, &none, "pips", vec![die_at(50.0, 50.0), die_at(205.0, 105.0), die_at(120.0, 180.0)]);
        assert_eq!(t2.seq, 2);
        assert_eq!(t2.landed, vec![2]);
    }

}
