//! The Dungeon Fighter demo source (`TABLE_WARDEN_SOURCE=demo:combat`): a
//! generated clip of the red, green and blue dice thrown at the target
//! board, seen by one fixed camera, with the calibration that goes with it.
//! It lets the whole camera path — motion stage, "throw finished", target
//! reader, game — run on a machine with no camera and no board.
//!
//! The clip is rendered once by `tw-synth` into the data folder (a few
//! seconds) and played from there afterwards; it is a pure function of its
//! seed, so every machine sees the same throws.

use std::path::{Path, PathBuf};
use tw_board::Board;
use tw_capture::{CaptureError, FrameSource, ImageSequence, Paced};
use tw_synth::combat_clip::{combat_clip, write_combat_clip, FPS};
use tw_synth::{DieColor, Face, Options};

/// The source name that selects this clip.
pub const SPEC: &str = "demo:combat";

/// Changing any of these changes the clip; the folder name carries them so
/// an old render is never played for a new clip.
/// Chosen so the three throws land in scoring sections (5, 4 and 3): a
/// demo of misses would look like a reader that fails.
const SEED: u64 = 20261146;
const VERSION: u32 = 2;
const THROWS: [(DieColor, Face); 3] = [
    (DieColor::Red, Face::Blank),
    (DieColor::Green, Face::Icon),
    (DieColor::Blue, Face::Blank),
];

/// The live view's calibration of the clip, under its folder.
pub const PROFILE: &str = "table/calibration.json";

/// The clips being drawn now: each unfinished folder and how many frames it
/// will have, so the window can count the frames written ([`progress`]).
static DRAWING: std::sync::Mutex<Vec<(PathBuf, usize)>> = std::sync::Mutex::new(Vec::new());

/// While the clip is being drawn: (frames written, frames in all); `None`
/// otherwise. Counted from the frames on disk, so it costs the drawing nothing.
pub fn progress() -> Option<(usize, usize)> {
    progress_where(|_| true)
}

fn progress_where(which: impl Fn(&Path) -> bool) -> Option<(usize, usize)> {
    let (dir, total) = DRAWING.lock().unwrap_or_else(|p| p.into_inner()).iter().find(|(d, _)| which(d)).cloned()?;
    let written = std::fs::read_dir(&dir)
        .map(|r| r.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().ends_with(".jpg")).count())
        .unwrap_or(0);
    Some((written.min(total), total))
}

/// Marks a clip as being drawn until dropped (also on an error).
struct Drawing(PathBuf);

impl Drawing {
    fn start(dir: &Path, total: usize) -> Drawing {
        DRAWING.lock().unwrap_or_else(|p| p.into_inner()).push((dir.to_path_buf(), total));
        Drawing(dir.to_path_buf())
    }
}

impl Drop for Drawing {
    fn drop(&mut self) {
        DRAWING.lock().unwrap_or_else(|p| p.into_inner()).retain(|(d, _)| d != &self.0);
    }
}

/// The clip's folder under `data_dir`, rendered if it is not there yet.
pub fn ensure_clip(data_dir: &Path) -> Result<PathBuf, String> {
    let dir = data_dir.join(format!("demo-combat-v{VERSION}-{SEED}"));
    if dir.join("truth.json").is_file() && dir.join(PROFILE).is_file() && crate::board_watch::reference_path(&dir.join(PROFILE)).is_file() {
        return Ok(dir);
    }
    // Render into a temporary folder and rename it into place, so a render
    // cut short (the window closed) is never taken for a finished one.
    let tmp = data_dir.join(format!("demo-combat-v{VERSION}-{SEED}.partial"));
    let _ = std::fs::remove_dir_all(&tmp);
    let board = Board::catacombs_default();
    let opts = Options {
        elevation_deg: (62.0, 78.0),
        sizes: vec![(960, 540)],
        border_fraction: 0.0,
        min_clearance_mm: 4.0,
        web_chance: 0.0,
        ..Options::default()
    };
    let clip = combat_clip(&board, SEED, &opts, &THROWS, 15, 24, 30);
    let _drawing = Drawing::start(&tmp, clip.scenes.len());
    write_combat_clip(&board, "catacombs-default", &tmp, &clip).map_err(|e| format!("rendering the demo clip: {e}"))?;
    // The live view's profile, with the still it was "made on" (the clip's
    // first frame, the empty board) as the drift check's reference, in a
    // folder of its own so the still is not played as a frame.
    let table = tmp.join(PROFILE);
    let copy = |from: &Path, to: &Path| {
        std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("{} → {}: {e}", from.display(), to.display()))
    };
    if let Some(d) = table.parent() {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    copy(&tmp.join("calibration.json"), &table)?;
    copy(&tmp.join("frame-0000.jpg"), &crate::board_watch::reference_path(&table))?;
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::rename(&tmp, &dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// The clip as a looping frame source at its own rate.
pub fn open(dir: &Path) -> Result<Box<dyn FrameSource>, CaptureError> {
    open_with(dir, true)
}

/// The clip at its own rate, played once or looping.
pub fn open_with(dir: &Path, looping: bool) -> Result<Box<dyn FrameSource>, CaptureError> {
    let seq = ImageSequence::open(dir, FPS)?
        .looping(looping)
        .named("Demo combat footage (generated)");
    Ok(Box::new(Paced::new(Box::new(seq) as Box<dyn FrameSource>, FPS)))
}

#[cfg(test)]
/// What the clip's throws are, by its ground truth.
pub fn truth(dir: &Path) -> Result<tw_synth::combat_clip::ClipTruth, String> {
    let path = dir.join("truth.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::early_read::LiveThrows;
    use tw_synth::combat_clip::ClipTruth;
    use crate::reader::TableReader;
    use crate::watcher::ThrowWatcher;
    use tw_calibration::CalibrationProfile;

    /// The demo clip, played frame by frame through the same watcher and
    /// reader as the live view, gives exactly its three throws, each read
    /// as the truth says: colour, icon or blank, and the section.
    #[test]
    fn the_demo_clip_plays_as_three_correct_throws() {
        let data = std::env::temp_dir().join(format!("tw-demo-combat-{}", std::process::id()));
        // While it is drawn, the frames written are counted up to the clip's length.
        let seen = std::sync::Mutex::new(Vec::new());
        let dir = std::thread::scope(|sc| {
            let drawing = sc.spawn(|| ensure_clip(&data).unwrap());
            while !drawing.is_finished() {
                if let Some(p) = progress_where(|d| d.starts_with(&data)) {
                    seen.lock().unwrap().push(p);
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            drawing.join().unwrap()
        });
        let seen = seen.into_inner().unwrap();
        let total = ImageSequence::open(&dir, FPS).unwrap().len();
        assert!(seen.iter().all(|&(n, t)| t == total && n <= t), "{seen:?} (clip of {total})");
        assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0), "the count only rises: {seen:?}");
        assert!(seen.iter().any(|&(n, _)| n > 0), "some frames were seen written: {seen:?}");
        assert_eq!(progress_where(|d| d.starts_with(&data)), None, "nothing is being drawn once it is done");
        assert_eq!(ensure_clip(&data).unwrap(), dir, "a second call reuses the render");
        let truth = truth(&dir).unwrap();
        let profile = CalibrationProfile::load(&dir.join("calibration.json")).unwrap();
        let reader = TableReader::for_profile(Some(&profile), &dir).unwrap();
        assert_eq!(reader.kind(), "target");
        let mut source = ImageSequence::open(&dir, FPS).unwrap();
        let mut watcher = ThrowWatcher::default();
        let mut throws = Vec::new();
        for _ in 0..source.len() {
            let frame = source.next_frame().unwrap();
            if let Some(settled) = watcher.step(&frame).unwrap() {
                // As the live view reads: after the first throw, only what
                // each throw changed, keeping the dice already there.
                let (dice, table) = reader.read_throw(&frame, &settled, watcher.table()).unwrap();
                watcher.keep_table(table);
                throws.push(watcher.finish(&frame, &settled, reader.kind(), dice));
            }
        }
        check_three_throws(&throws, &truth, 0);
        std::fs::remove_dir_all(&data).unwrap();
    }

    /// Exactly the clip's three throws, none read before its die stopped,
    /// each die read as the truth says: colour, icon or blank, section.
    /// `slack`: how many frames before the truth's rest frame a read may be.
    fn check_three_throws(throws: &[crate::watcher::ThrowReading], truth: &ClipTruth, slack: usize) {
        assert_eq!(throws.len(), 3, "{:?}", throws.iter().map(|t| t.frame).collect::<Vec<_>>());
        for (i, t) in throws.iter().enumerate() {
            assert!(t.frame as usize + slack >= truth.rest_frames[i], "throw {i} read at frame {} before it stopped", t.frame);
            assert_eq!(t.landed.len(), 1, "throw {i}: {:?}", t.landed);
            let got = &t.dice[t.landed[0]];
            let want = &truth.end.dice[i];
            let want_colour = serde_json::to_value(want.color).unwrap();
            let want_face = serde_json::to_value(want.face).unwrap();
            assert_eq!(serde_json::json!(got.color), want_colour, "throw {i}");
            assert_eq!(serde_json::json!(got.face), want_face, "throw {i}");
            assert_eq!(got.section.as_ref().map(|s| (s.kind.clone(), s.value)), Some((crate::reading::section(&want.section).kind, want.section.value)), "throw {i}");
        }
    }

    /// The live view's path: each throw read on a worker from its first
    /// still frame, published when the throw finishes. Same three throws,
    /// read right, and each read from a frame before the one that
    /// finished it (so the read overlapped the rest window).
    #[test]
    fn the_demo_clip_read_from_the_first_still_frame_gives_the_same_throws() {
        let data = std::env::temp_dir().join(format!("tw-demo-combat-early-{}", std::process::id()));
        let dir = ensure_clip(&data).unwrap();
        let truth = truth(&dir).unwrap();
        let profile = CalibrationProfile::load(&dir.join("calibration.json")).unwrap();
        let reader = std::sync::Arc::new(TableReader::for_profile(Some(&profile), &dir).unwrap());
        let mut source = ImageSequence::open(&dir, FPS).unwrap();
        let mut live = LiveThrows::default();
        let mut throws = Vec::new();
        for _ in 0..source.len() {
            let frame = source.next_frame().unwrap();
            if let Some(done) = live.step(&frame, &reader).unwrap() {
                assert!(done.frame < frame.index, "read early: frame {} < finish {}", done.frame, frame.index);
                throws.push(done.reading.unwrap());
            }
        }
        // The clip's flight eases out (cubic over 15 frames): two frames
        // before rest the die has under 0.3% of its flight left, less than
        // a millimetre, which the motion stage rightly calls still.
        check_three_throws(&throws, &truth, 2);
        std::fs::remove_dir_all(&data).unwrap();
    }
}
