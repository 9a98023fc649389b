//! "Throw finished" in the live view, and what the dice showed.
//!
//! The motion stage (`tw-motion`) sees every frame; when the dice come to
//! rest the capture thread reads that frame with a [`TableReader`] — the
//! target-board reader when the active calibration holds a Dungeon Fighter
//! board, the pip reader otherwise — and publishes one [`ThrowReading`]. The
//! screens turn it into game commands (Dungeon Fighter throws, the two dice
//! of a Silver Mine or Green Dungeon roll); the player can correct each one.
//!
//! Everything here is plain functions over frames, tested without a window.

use crate::active_calibration::active_profile_path;
use base64::Engine as _;
use opencv::core::{Mat, Point, Rect, Scalar, Size, Vector};
use opencv::{imgcodecs, imgproc};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};
use tw_board::{Board, Webs};
use tw_calibration::CalibrationProfile;
use tw_capture::Frame;
use tw_motion::{Event, FrameView, MotionError, MotionStage, RegionKind, StageConfig, State};
use tw_target::DieSet;

/// The Dungeon Fighter die set shipped with the app (models/dice-sets/),
/// used unless the calibration names an enrolled one.
const DEFAULT_DIE_SET: &str = include_str!("../../models/dice-sets/dungeon-fighter.json");

/// Longest side of the snapshot kept with a throw (for the log's thumbnails).
const SNAPSHOT_MAX_PX: i32 = 320;

/// One die as the screens see it: the `warden read` die shape, plus where it
/// landed and its corners in board millimetres when a board is calibrated.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeenDie {
    pub center: [f64; 2],
    pub corners: Vec<[f64; 2]>,
    pub face: Option<String>,
    pub color: String,
    pub confidence: f64,
    pub cocked: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<tw_board::Section>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub corners_mm: Option<Vec<[f64; 2]>>,
}

impl From<tw_vision::Die> for SeenDie {
    fn from(d: tw_vision::Die) -> Self {
        SeenDie {
            center: [d.center[0] as f64, d.center[1] as f64],
            corners: d.corners.iter().map(|c| [c[0] as f64, c[1] as f64]).collect(),
            face: d.face,
            color: d.color,
            confidence: d.confidence as f64,
            cocked: d.cocked,
            section: None,
            corners_mm: None,
        }
    }
}

impl From<tw_target::TargetDie> for SeenDie {
    fn from(d: tw_target::TargetDie) -> Self {
        SeenDie {
            center: d.center,
            corners: d.corners,
            // An uncertain face is still reported; its confidence makes the
            // session ask the player instead of guessing.
            face: Some(d.face),
            color: d.color,
            confidence: d.confidence,
            cocked: false,
            section: Some(d.section),
            corners_mm: Some(d.corners_mm),
        }
    }
}

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
    pub dice: Vec<SeenDie>,
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
        dice: Vec<SeenDie>,
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
            let near_old = |d: &SeenDie| {
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
fn die_radius(d: &SeenDie) -> f64 {
    d.corners
        .iter()
        .map(|c| (c[0] - d.center[0]).hypot(c[1] - d.center[1]))
        .fold(4.0, f64::max)
}

/// Reads the dice of one frame.
pub enum TableReader {
    /// Six-sided pip dice anywhere in view.
    Pips(tw_vision::DiceReader),
    /// Dungeon Fighter d12s on a calibrated target board.
    Target(Box<TargetSetup>),
}

/// A calibrated board and the die set to read it with.
pub struct TargetSetup {
    pub board_to_image: [[f64; 3]; 3],
    pub board: Board,
    pub webs: Webs,
    pub set: DieSet,
}

impl TableReader {
    /// The reader a calibration calls for: the target reader when it holds
    /// a board, else the pip reader. `dir` is the profile's folder, which
    /// relative file names in it are taken from.
    pub fn for_profile(profile: Option<&CalibrationProfile>, dir: &Path) -> Result<TableReader, String> {
        let Some(p) = profile else {
            return Ok(TableReader::Pips(tw_vision::DiceReader::default()));
        };
        let Some(b) = &p.board else {
            return Ok(TableReader::Pips(tw_vision::DiceReader::default()));
        };
        let board = load_board(b, dir)?;
        let set = match b.extra.get("dice_set").and_then(|v| v.as_str()) {
            Some(name) => DieSet::load(&dir.join(name)).map_err(|e| e.to_string())?,
            None => default_die_set()?,
        };
        Ok(TableReader::Target(Box::new(TargetSetup {
            board_to_image: p.table_to_image.0,
            board,
            webs: Webs::none(),
            set,
        })))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            TableReader::Pips(_) => "pips",
            TableReader::Target(_) => "target",
        }
    }

    /// Reads a finished throw: the target reader reads only the regions
    /// the throw changed and keeps the dice of `before` elsewhere (the
    /// whole frame when there is no `before` or the change is not local),
    /// and returns its reading for the next throw; the pip reader reads
    /// the whole frame.
    pub fn read_throw(
        &self,
        frame: &Frame,
        settled: &Settled,
        before: Option<&tw_target::TargetReading>,
    ) -> Result<(Vec<SeenDie>, Option<tw_target::TargetReading>), String> {
        let TableReader::Target(t) = self else {
            return Ok((self.read(frame)?, None));
        };
        let mat = frame.to_mat().map_err(|e| e.to_string())?;
        let was = match &settled.before_frame {
            Some(f) => Some(f.to_mat().map_err(|e| e.to_string())?),
            None => None,
        };
        let got = tw_target::read_throw_since(
            &mat,
            was.as_ref(),
            &t.board_to_image,
            &t.board,
            &t.webs,
            &t.set,
            &settled.changed,
            before,
        )
        .map_err(|e| e.to_string())?;
        let dice = got.reading.dice.iter().cloned().map(SeenDie::from).collect();
        Ok((dice, Some(got.reading)))
    }

    pub fn read(&self, frame: &Frame) -> Result<Vec<SeenDie>, String> {
        let mat = frame.to_mat().map_err(|e| e.to_string())?;
        match self {
            TableReader::Pips(r) => Ok(r
                .read(&mat)
                .map_err(|e| e.to_string())?
                .dice
                .into_iter()
                .map(SeenDie::from)
                .collect()),
            TableReader::Target(t) => Ok(tw_target::read_target(&mat, &t.board_to_image, &t.board, &t.webs, &t.set)
                .map_err(|e| e.to_string())?
                .dice
                .into_iter()
                .map(SeenDie::from)
                .collect()),
        }
    }
}

/// The board a profile names; `catacombs-default` is the shipped geometry
/// (the generated demo clip's profile names it so).
fn load_board(b: &tw_calibration::BoardRef, dir: &Path) -> Result<Board, String> {
    if b.geometry == "catacombs-default" {
        return Ok(Board::catacombs_default());
    }
    let path = b.geometry_path(&dir.join("calibration.json"));
    Board::load(&path).map_err(|e| format!("board.geometry: {e}"))
}

fn default_die_set() -> Result<DieSet, String> {
    let set: DieSet = serde_json::from_str(DEFAULT_DIE_SET).map_err(|e| format!("the shipped die set: {e}"))?;
    set.validate("models/dice-sets/dungeon-fighter.json").map_err(|e| e.to_string())?;
    Ok(set)
}

/// The active calibration file, re-read when it changes on disk.
pub struct ActiveCalibration {
    path: Result<PathBuf, String>,
    stamp: Option<Option<SystemTime>>,
    checked: Option<Instant>,
}

/// How often the file's time stamp is looked at.
const RECHECK: Duration = Duration::from_secs(2);

impl ActiveCalibration {
    pub fn new() -> Self {
        Self::at(active_profile_path())
    }

    pub fn at(path: Result<PathBuf, String>) -> Self {
        ActiveCalibration {
            path,
            stamp: None,
            checked: None,
        }
    }

    /// The profile's path, when there is one.
    pub fn profile_path(&self) -> Option<&Path> {
        self.path.as_ref().ok().map(PathBuf::as_path)
    }

    /// `Some(new reader)` the first time and whenever the file changed
    /// (appeared, was saved, was removed); an unreadable profile gives the
    /// pip reader and the reason, so the live view goes on.
    pub fn poll(&mut self, now: Instant) -> Option<(TableReader, Option<String>)> {
        if self.checked.is_some_and(|t| now.duration_since(t) < RECHECK) {
            return None;
        }
        self.checked = Some(now);
        let path = match &self.path {
            Ok(p) => p.clone(),
            Err(e) => {
                if self.stamp.is_some() {
                    return None;
                }
                self.stamp = Some(None);
                return Some((TableReader::Pips(tw_vision::DiceReader::default()), Some(e.clone())));
            }
        };
        let stamp = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        if self.stamp == Some(stamp) {
            return None;
        }
        self.stamp = Some(stamp);
        if stamp.is_none() {
            return Some((TableReader::Pips(tw_vision::DiceReader::default()), None));
        }
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let loaded = CalibrationProfile::load(&path)
            .map_err(|e| e.to_string())
            .and_then(|p| TableReader::for_profile(Some(&p), &dir));
        Some(match loaded {
            Ok(r) => (r, None),
            Err(e) => (
                TableReader::Pips(tw_vision::DiceReader::default()),
                Some(format!("calibration {} not used: {e}", path.display())),
            ),
        })
    }
}

impl Default for ActiveCalibration {
    fn default() -> Self {
        Self::new()
    }
}

/// The frame around the landed dice (all dice when none landed) with each
/// die outlined and labelled, scaled down for a thumbnail.
fn snapshot(frame: &Frame, dice: &[SeenDie], landed: &[usize]) -> Result<String, String> {
    let mut img = frame.to_mat().map_err(|e| e.to_string())?;
    let (w, h) = (frame.width as i32, frame.height as i32);
    let focus: Vec<&SeenDie> = if landed.is_empty() {
        dice.iter().collect()
    } else {
        landed.iter().map(|&i| &dice[i]).collect()
    };
    let cv = |e: opencv::Error| e.to_string();
    for (i, d) in dice.iter().enumerate() {
        let pts: Vector<Point> = d.corners.iter().map(|c| Point::new(c[0].round() as i32, c[1].round() as i32)).collect();
        let colour = if landed.contains(&i) {
            Scalar::new(0.0, 220.0, 255.0, 0.0)
        } else {
            Scalar::new(160.0, 160.0, 160.0, 0.0)
        };
        let mut polys = Vector::<Vector<Point>>::new();
        polys.push(pts);
        imgproc::polylines(&mut img, &polys, true, colour, 2, imgproc::LINE_AA, 0).map_err(cv)?;
        let label = label_of(d);
        let at = Point::new(d.center[0] as i32 - 20, (d.center[1] - die_radius(d)) as i32 - 6);
        imgproc::put_text(&mut img, &label, at, imgproc::FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, imgproc::LINE_AA, false)
            .map_err(cv)?;
    }
    // The crop: the focus dice with room around them, at least 160 px.
    let crop = if focus.is_empty() {
        Rect::new(0, 0, w, h)
    } else {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for d in &focus {
            let r = die_radius(d) * 3.0;
            x0 = x0.min(d.center[0] - r);
            y0 = y0.min(d.center[1] - r);
            x1 = x1.max(d.center[0] + r);
            y1 = y1.max(d.center[1] + r);
        }
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let side_w = (x1 - x0).max(160.0).min(w as f64);
        let side_h = (y1 - y0).max(160.0).min(h as f64);
        let x = (cx - side_w / 2.0).clamp(0.0, w as f64 - side_w) as i32;
        let y = (cy - side_h / 2.0).clamp(0.0, h as f64 - side_h) as i32;
        Rect::new(x, y, side_w as i32, side_h as i32)
    };
    let roi = Mat::roi(&img, crop).map_err(cv)?;
    let scale = (SNAPSHOT_MAX_PX as f64 / crop.width.max(crop.height) as f64).min(1.0);
    let mut small = Mat::default();
    let size = Size::new(((crop.width as f64 * scale) as i32).max(1), ((crop.height as f64 * scale) as i32).max(1));
    imgproc::resize(&roi, &mut small, size, 0.0, 0.0, imgproc::INTER_AREA).map_err(cv)?;
    let mut out = Vector::<u8>::new();
    let params = Vector::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, 80]);
    imgcodecs::imencode(".jpg", &small, &mut out, &params).map_err(cv)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(out.as_slice()))
}

/// "icon 4", "5", "? red" — what the snapshot prints beside a die.
fn label_of(d: &SeenDie) -> String {
    let face = d.face.clone().unwrap_or_else(|| "?".into());
    match &d.section {
        Some(s) => match s.value {
            Some(v) => format!("{face} {v}"),
            None => format!("{face} {:?}", s.kind).to_lowercase(),
        },
        None => face,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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

    fn die_at(x: f64, y: f64) -> SeenDie {
        SeenDie {
            center: [x, y],
            corners: vec![[x - 10.0, y - 10.0], [x + 10.0, y - 10.0], [x + 10.0, y + 10.0], [x - 10.0, y + 10.0]],
            face: Some("4".into()),
            color: "white".into(),
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

    #[test]
    fn a_profile_without_a_board_reads_pips_and_one_with_a_board_reads_the_target() {
        let dir = std::env::temp_dir();
        assert_eq!(TableReader::for_profile(None, &dir).unwrap().kind(), "pips");
        let mut p = CalibrationProfile::from_points(
            tw_calibration::Method::Manual,
            Some([640, 480]),
            [600.0, 600.0],
            vec![[10.0, 10.0], [630.0, 10.0], [630.0, 470.0], [10.0, 470.0]],
            vec![[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]],
        )
        .unwrap();
        assert_eq!(TableReader::for_profile(Some(&p), &dir).unwrap().kind(), "pips");
        p.board = Some(tw_calibration::BoardRef {
            geometry: "catacombs-default".into(),
            extra: Default::default(),
        });
        assert_eq!(TableReader::for_profile(Some(&p), &dir).unwrap().kind(), "target");
        p.board = Some(tw_calibration::BoardRef {
            geometry: "no-such-board.json".into(),
            extra: Default::default(),
        });
        let e = TableReader::for_profile(Some(&p), &dir).err().unwrap();
        assert!(e.contains("board.geometry"), "{e}");
    }

    #[test]
    fn the_active_calibration_is_reread_when_the_file_changes() {
        let dir = std::env::temp_dir().join(format!("tw-active-cal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("calibration.json");
        let _ = std::fs::remove_file(&path);
        let mut a = ActiveCalibration::at(Ok(path.clone()));
        let t0 = Instant::now();
        let (r, why) = a.poll(t0).expect("first poll answers");
        assert_eq!((r.kind(), why), ("pips", None));
        assert!(a.poll(t0 + RECHECK * 2).is_none(), "nothing changed");
        std::fs::write(&path, "{not json").unwrap();
        let (r, why) = a.poll(t0 + RECHECK * 4).expect("the file appeared");
        assert_eq!(r.kind(), "pips");
        assert!(why.unwrap().contains("not used"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
