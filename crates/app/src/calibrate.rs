//! The Calibration screen's work: table calibration on a still of the live
//! view, fitting the target-board geometry to the player's board, and
//! enrolling the player's dice. Each step is what `warden calibration
//! detect|manual`, `warden board check|overlay` and `warden dice enroll` do,
//! as plain functions on a still image and paths, tested without a window.
//!
//! Everything is saved in the folder of the active profile
//! ([`crate::paths::active_profile_path`]), so one data folder
//! holds what a player would back up: `calibration.json`, the fitted
//! `board.json` it names, and `dice-sets/NAME.json`.
//!
//! Errors reach the window as plain strings that say what to do; nothing
//! here panics on bad input.

use opencv::core::{Mat, Rect, Size, Vector};
use opencv::prelude::*;
use opencv::{imgcodecs, imgproc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tw_board::{Board, BoardSpec, Webs};
use tw_calibration::{
    calibrate_image_with_lens, manual_profile, BoardRef, CalibrationProfile, Placement, SheetLayout,
};
use tw_target::face::{describe, face_patch, Descriptor, PATCH};
use tw_target::{DieSet, DieShape, Example};

/// The file name the fitted board geometry is saved under, beside the profile.
pub const BOARD_FILE: &str = "board.json";
/// The folder (beside the profile) die sets are saved in.
pub const DICE_SETS_DIR: &str = "dice-sets";
/// The shipped die set: its die shape and prototypes let the reader's own
/// die finder locate a clicked die before the player's set exists.
const SHIPPED_SET: &str = include_str!("../../../models/dice-sets/dungeon-fighter.json");
/// How far (pixels) from a click the centre of a found die may be.
const CLICK_REACH_PX: f64 = 40.0;
/// The smallest box side (pixels) that holds a readable face.
const MIN_BOX_PX: f64 = 8.0;

/// The still the screen works on: the newest frame when the player pressed
/// "Take a still". Kept so every step measures the same picture.
#[derive(Debug)]
pub struct Still {
    pub image: Mat,
}

/// The screen's state in the app: only the current still.
#[derive(Default)]
pub struct CalibrationState {
    still: Mutex<Option<Arc<Still>>>,
}

impl CalibrationState {
    pub fn new() -> Self {
        Self::default()
    }

    /// Keeps `still` as the one the next steps measure.
    pub fn set(&self, still: Still) {
        *self.still.lock().unwrap_or_else(|p| p.into_inner()) = Some(Arc::new(still));
    }

    /// The still, or what the player must do first.
    pub fn get(&self) -> Result<Arc<Still>, String> {
        self.still
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .ok_or_else(|| "No still yet: press \"Take a still\" first.".to_string())
    }
}

/// Decodes a published frame's JPEG, said to be `width`×`height`, into the still.
pub fn decode_still(jpeg: &[u8], width: u32, height: u32) -> Result<Still, String> {
    if jpeg.is_empty() {
        return Err("the newest frame holds no picture".into());
    }
    let buf = Vector::<u8>::from_slice(jpeg);
    let image = imgcodecs::imdecode(&buf, imgcodecs::IMREAD_COLOR)
        .map_err(|e| format!("the newest frame could not be decoded: {e}"))?;
    if image.empty() {
        return Err("the newest frame is not a readable JPEG".into());
    }
    if (image.cols() as u32, image.rows() as u32) != (width, height) {
        return Err(format!(
            "the newest frame says {}×{} but its picture is {}×{}",
            width,
            height,
            image.cols(),
            image.rows()
        ));
    }
    Ok(Still { image })
}

/// A still's width and height.
pub fn image_size(img: &Mat) -> [u32; 2] {
    [img.cols() as u32, img.rows() as u32]
}

// ---------------------------------------------------------------- table

/// How the printed markers lie on the table (the CLI's `--size-mm` choice).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum MarkerLayout {
    /// The whole sheet lies on the table; table mm are page mm.
    Sheet,
    /// The four markers are cut out and centred on the corners of an area.
    Corners { size_mm: [f64; 2] },
}

/// "Find markers": the profile from the sheet's ArUco markers in `img`. The
/// error names the marker ids that were seen, so the player knows which
/// corner to fix.
pub fn find_markers(img: &Mat, layout: MarkerLayout) -> Result<CalibrationProfile, String> {
    let placement = match layout {
        MarkerLayout::Sheet => Placement::Sheet,
        MarkerLayout::Corners { size_mm } => Placement::Corners(size_mm),
    };
    // A radial lens is estimated from the same markers and kept only when
    // it clearly explains them better (`tw_calibration::selflens`).
    calibrate_image_with_lens(img, "the still", &SheetLayout::a4(), placement)
        .map(|(profile, _)| profile)
        .map_err(|e| e.to_string())
}

/// Four clicked corners (top-left, top-right, bottom-right, bottom-left) of
/// an area `size_mm` wide and high, on a still of `image_size`.
pub fn manual(
    points: [[f64; 2]; 4],
    size_mm: [f64; 2],
    image_size: [u32; 2],
) -> Result<CalibrationProfile, String> {
    manual_profile(points, size_mm, Some(image_size)).map_err(|e| e.to_string())
}

/// What saving a profile did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SavedProfile {
    pub path: String,
    /// The board geometry carried over from the profile this one replaced.
    pub kept_board: Option<String>,
}

/// Saves `profile` as the active profile at `path`.
///
/// A new calibration has no board yet; if the profile it replaces named a
/// fitted board, that reference is kept, because re-calibrating the same
/// markers gives the same table frame and the player would not expect to
/// lose their board fit. The screen says so, so they can refit if the board
/// moved.
pub fn save_profile(path: &Path, mut profile: CalibrationProfile) -> Result<SavedProfile, String> {
    profile.validate(path).map_err(|e| e.to_string())?;
    let mut kept_board = None;
    if profile.board.is_none() {
        if let Ok(old) = CalibrationProfile::load(path) {
            kept_board = old.board.as_ref().map(|b| b.geometry.clone());
            profile.board = old.board;
        }
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    }
    profile.save(path).map_err(|e| e.to_string())?;
    Ok(SavedProfile {
        path: path.display().to_string(),
        kept_board,
    })
}

// ---------------------------------------------------------------- active

/// What the screen opens with: the saved profile (if any), the board it
/// names (or the shipped default), and where things are saved.
#[derive(Debug, Clone, Serialize)]
pub struct ActiveView {
    pub profile_path: String,
    pub profile: Option<CalibrationProfile>,
    /// Why the saved profile could not be used (it is then ignored, not lost).
    pub profile_error: Option<String>,
    pub board: BoardSpec,
    /// Where `board` came from: a file path, or "default".
    pub board_source: String,
    pub board_error: Option<String>,
    /// The shipped default geometry, to start a fit over.
    pub default_board: BoardSpec,
    pub dice_sets_dir: String,
    /// Die sets already saved there (file stems).
    pub dice_sets: Vec<String>,
    /// Colours a die set may use.
    pub colors: Vec<String>,
}

/// The board a profile names: the file relative to the profile's folder (as
/// `warden board overlay` resolves it), else the shipped default.
fn board_of(
    profile: Option<&CalibrationProfile>,
    profile_path: &Path,
) -> (BoardSpec, String, Option<String>) {
    let default = || Board::catacombs_default().spec().clone();
    let Some(b) = profile.and_then(|p| p.board.as_ref()) else {
        return (default(), "default".into(), None);
    };
    let path = b.geometry_path(profile_path);
    match Board::load(&path) {
        Ok(board) => (board.spec().clone(), path.display().to_string(), None),
        Err(e) => (
            default(),
            "default".into(),
            Some(format!("{}: board.geometry: {e}", profile_path.display())),
        ),
    }
}

/// Reads what is saved at `profile_path` without failing: problems are
/// reported in the view so the player can recalibrate.
pub fn active_view(profile_path: &Path) -> ActiveView {
    let (profile, profile_error) = if profile_path.exists() {
        match CalibrationProfile::load(profile_path) {
            Ok(p) => (Some(p), None),
            Err(e) => (None, Some(e.to_string())),
        }
    } else {
        (None, None)
    };
    let (board, board_source, board_error) = board_of(profile.as_ref(), profile_path);
    let dir = dice_dir(profile_path);
    let mut dice_sets: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    dice_sets.sort();
    ActiveView {
        profile_path: profile_path.display().to_string(),
        profile,
        profile_error,
        board,
        board_source,
        board_error,
        default_board: Board::catacombs_default().spec().clone(),
        dice_sets_dir: dir.display().to_string(),
        dice_sets,
        colors: tw_target::dieset::KNOWN_COLORS
            .iter()
            .map(|c| c.to_string())
            .collect(),
    }
}

// ---------------------------------------------------------------- board

/// One problem in a board geometry, as `warden board check` lists it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardIssue {
    /// JSON path of the field, e.g. `rings[2].outer_mm`.
    pub field: String,
    pub problem: String,
}

/// Every problem in an edited geometry (empty: valid). A shape that is not
/// a geometry at all gives one issue naming what serde could not read.
pub fn check_board(spec: &Value) -> Vec<BoardIssue> {
    match serde_json::from_value::<BoardSpec>(spec.clone()) {
        Err(e) => vec![BoardIssue {
            field: "(geometry)".into(),
            problem: e.to_string(),
        }],
        Ok(spec) => tw_board::validate(&spec)
            .into_iter()
            .map(|i| BoardIssue {
                field: i.field,
                problem: i.problem,
            })
            .collect(),
    }
}

/// What saving a fitted board did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SavedBoard {
    pub board_path: String,
    pub profile_path: String,
}

/// Validates the fitted geometry, writes it as `board.json` beside the
/// active profile and makes the profile name it. Refused (nothing written)
/// when the geometry is invalid or no calibration is saved yet, since a
/// board is only usable through one.
pub fn save_board(profile_path: &Path, spec: &Value) -> Result<SavedBoard, String> {
    let spec: BoardSpec = serde_json::from_value(spec.clone())
        .map_err(|e| format!("{BOARD_FILE}: not a board geometry: {e}"))?;
    let board = Board::from_spec(spec, BOARD_FILE).map_err(|e| e.to_string())?;
    let mut profile = CalibrationProfile::load(profile_path).map_err(|e| {
        format!("Save the table calibration first (the board is placed through it): {e}")
    })?;
    let dir = profile_path.parent().unwrap_or(Path::new("."));
    let board_path = dir.join(BOARD_FILE);
    let text =
        serde_json::to_string_pretty(board.spec()).map_err(|e| format!("{BOARD_FILE}: {e}"))?;
    write_atomic(&board_path, &(text + "\n"))?;
    let extra = profile.board.take().map(|b| b.extra).unwrap_or_default();
    profile.board = Some(BoardRef {
        geometry: BOARD_FILE.into(),
        extra,
    });
    profile.save(profile_path).map_err(|e| e.to_string())?;
    Ok(SavedBoard {
        board_path: board_path.display().to_string(),
        profile_path: profile_path.display().to_string(),
    })
}

/// Writes through a temporary file so a crash never leaves half a file.
fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("json.tmp");
    let err = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    std::fs::write(&tmp, text).map_err(err)?;
    std::fs::rename(&tmp, path).map_err(err)
}

// ---------------------------------------------------------------- dice

/// Where the player points at a die: a click on its top face (the die is
/// then found and its top face fitted as the reader does), or a box around
/// the top face (used as a face crop, as `warden dice enroll --crops` does).
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pick {
    Click { at: [f64; 2] },
    Box { rect: [f64; 4] },
}

/// One measured die face, before the player's label is attached.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DieSample {
    pub descriptor: Descriptor,
    /// Outline of what was measured, image pixels (fitted pentagon or box).
    pub corners: Vec<[f64; 2]>,
    /// `"fit"` (found from a click) or `"box"`.
    pub method: String,
}

fn shipped_set(edge_mm: f64) -> Result<DieSet, String> {
    let mut set: DieSet = serde_json::from_str(SHIPPED_SET)
        .map_err(|e| format!("the shipped die set is unreadable: {e}"))?;
    set.die = DieShape { edge_mm };
    Ok(set)
}

fn check_edge(edge_mm: f64) -> Result<(), String> {
    if edge_mm.is_finite() && edge_mm > 2.0 && edge_mm < 60.0 {
        Ok(())
    } else {
        Err(format!("{edge_mm} mm is not a plausible die edge length"))
    }
}

/// Measures the die face the player picked on `img`.
///
/// A click needs a calibration (`board_to_image`, board/table mm → pixels)
/// and a board, because the die is found and fitted exactly as the reader
/// will later see it; the descriptor is then comparable to a reading.
pub fn sample_die(
    img: &Mat,
    pick: Pick,
    board_to_image: Option<&[[f64; 3]; 3]>,
    board: &Board,
    edge_mm: f64,
) -> Result<DieSample, String> {
    check_edge(edge_mm)?;
    match pick {
        Pick::Box { rect } => sample_box(img, rect),
        Pick::Click { at } => {
            let h = board_to_image.ok_or(
                "Clicking a die needs a table calibration; calibrate first, or drag a box around the die's top face.",
            )?;
            // The shipped set only lends the reader its die shape here; its
            // colour and face verdicts are ignored, the player's label counts.
            let set = shipped_set(edge_mm)?;
            let found = tw_target::read_target(img, h, board, &Webs::none(), &set)
                .map_err(|e| e.to_string())?
                .dice;
            let nearest = found
                .iter()
                .filter(|d| d.corners.len() == 5)
                .map(|d| ((d.center[0] - at[0]).hypot(d.center[1] - at[1]), d))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            match nearest {
                Some((dist, d)) if dist <= CLICK_REACH_PX => {
                    let corners: [[f64; 2]; 5] = std::array::from_fn(|k| d.corners[k]);
                    let patch = face_patch(img, &corners).map_err(|e| e.to_string())?;
                    Ok(DieSample {
                        descriptor: describe(&patch).map_err(|e| e.to_string())?,
                        corners: d.corners.clone(),
                        method: "fit".into(),
                    })
                }
                _ => Err(format!(
                    "No die found at ({:.0}, {:.0}) ({} found elsewhere in the still). Click the middle of the die's top face, or drag a box around it.",
                    at[0],
                    at[1],
                    found.len()
                )),
            }
        }
    }
}

/// [`sample_die`] on a still seen through `lens` (the profile's, whose
/// homography holds on corrected pixels): a click is found on the
/// corrected still and the fitted corners are given back in the still's
/// own pixels. A dragged box is measured on the still as given.
pub fn sample_die_through_lens(
    img: &Mat,
    pick: Pick,
    board_to_image: Option<&[[f64; 3]; 3]>,
    lens: Option<&tw_calibration::LensModel>,
    board: &Board,
    edge_mm: f64,
) -> Result<DieSample, String> {
    let (Some(lens), Pick::Click { at }) = (lens, &pick) else {
        return sample_die(img, pick, board_to_image, board, edge_mm);
    };
    let corrected = tw_calibration::Undistorter::new(lens)
        .and_then(|u| u.apply(img))
        .map_err(|e| format!("the calibration's lens model: {e}"))?;
    let at = lens.undistort(*at);
    let mut s = sample_die(
        &corrected,
        Pick::Click { at },
        board_to_image,
        board,
        edge_mm,
    )?;
    s.corners.iter_mut().for_each(|c| *c = lens.distort(*c));
    Ok(s)
}

/// A box around the top face, shrunk to the canonical patch and described.
fn sample_box(img: &Mat, rect: [f64; 4]) -> Result<DieSample, String> {
    let [x, y, w, h] = rect;
    if !rect.iter().all(|v| v.is_finite()) {
        return Err("the box is not a number".into());
    }
    let (iw, ih) = (img.cols() as f64, img.rows() as f64);
    let (x0, y0) = (x.min(x + w).max(0.0), y.min(y + h).max(0.0));
    let (x1, y1) = (x.max(x + w).min(iw), y.max(y + h).min(ih));
    if x1 - x0 < MIN_BOX_PX || y1 - y0 < MIN_BOX_PX {
        return Err(format!(
            "the box is too small ({:.0}×{:.0} px inside the still); drag it around the whole top face",
            (x1 - x0).max(0.0),
            (y1 - y0).max(0.0)
        ));
    }
    let r = Rect::new(
        x0.round() as i32,
        y0.round() as i32,
        (x1 - x0).round() as i32,
        (y1 - y0).round() as i32,
    );
    let crop = Mat::roi(img, r).map_err(|e| e.to_string())?;
    let mut patch = Mat::default();
    imgproc::resize(
        &crop,
        &mut patch,
        Size::new(PATCH, PATCH),
        0.0,
        0.0,
        imgproc::INTER_AREA,
    )
    .map_err(|e| e.to_string())?;
    Ok(DieSample {
        descriptor: describe(&patch).map_err(|e| e.to_string())?,
        corners: vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
        method: "box".into(),
    })
}

/// One labelled example from the screen.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct LabelledSample {
    pub color: String,
    /// `"icon"` or `"blank"`.
    pub face: String,
    pub descriptor: Descriptor,
}

/// The faces every colour of a set needs.
pub const FACES: [&str; 2] = ["icon", "blank"];

/// The (colour, face) pairs of `colors` that no example shows yet.
pub fn missing_faces(examples: &[LabelledSample], colors: &[String]) -> Vec<String> {
    let mut missing = Vec::new();
    for c in colors {
        for f in FACES {
            if !examples.iter().any(|e| &e.color == c && e.face == f) {
                missing.push(format!("{c} {f}"));
            }
        }
    }
    missing
}

/// What saving a die set did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SavedDieSet {
    pub path: String,
    /// `(colour, face, samples)` per prototype.
    pub prototypes: Vec<(String, String, usize)>,
    /// Whether the active profile now names this set for the live view.
    pub linked: bool,
}

/// Enrols the labelled examples as die set `name` and saves it in
/// `dice_dir/NAME.json`. `colors` are the colours the player said they own:
/// each needs an icon and a blank example, else nothing is written and the
/// error lists what is missing.
pub fn save_dieset(
    dice_dir: &Path,
    name: &str,
    edge_mm: f64,
    examples: &[LabelledSample],
    colors: &[String],
) -> Result<SavedDieSet, String> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "die set name {name:?}: use letters, digits, '-' or '_'"
        ));
    }
    check_edge(edge_mm)?;
    if examples.is_empty() {
        return Err(format!("die set {name:?}: no faces shown yet"));
    }
    let missing = missing_faces(examples, colors);
    if !missing.is_empty() {
        return Err(format!(
            "die set {name:?} is missing faces: {}. Show the camera one of each before saving.",
            missing.join(", ")
        ));
    }
    let examples: Vec<Example> = examples
        .iter()
        .enumerate()
        .map(|(i, e)| Example {
            color: e.color.clone(),
            face: e.face.clone(),
            descriptor: e.descriptor,
            source: format!("example {} ({} {})", i + 1, e.color, e.face),
        })
        .collect();
    let set = DieSet::enroll(name, DieShape { edge_mm }, &examples).map_err(|e| e.to_string())?;
    let path = dice_dir.join(format!("{name}.json"));
    set.save(&path).map_err(|e| e.to_string())?;
    Ok(SavedDieSet {
        path: path.display().to_string(),
        prototypes: set
            .prototypes
            .iter()
            .map(|p| (p.color.clone(), p.face.clone(), p.samples))
            .collect(),
        linked: false,
    })
}

/// Makes the active profile's board name the die set at `set_path`, so the
/// live view reads dice with it (the capture thread takes `board.dice_set`,
/// relative to the profile's folder). Only a profile with a board reads dice
/// on a target, so without one nothing is changed and `false` is returned.
pub fn link_dieset(profile_path: &Path, set_path: &Path) -> Result<bool, String> {
    let Ok(mut profile) = CalibrationProfile::load(profile_path) else {
        return Ok(false);
    };
    let Some(board) = profile.board.as_mut() else {
        return Ok(false);
    };
    let dir = profile_path.parent().unwrap_or(Path::new("."));
    let rel = set_path.strip_prefix(dir).unwrap_or(set_path);
    let rel = rel.to_string_lossy().replace('\\', "/");
    board.extra.insert("dice_set".into(), Value::String(rel));
    profile.save(profile_path).map_err(|e| e.to_string())?;
    Ok(true)
}

/// The die-set folder beside a profile.
pub fn dice_dir(profile_path: &Path) -> PathBuf {
    profile_path
        .parent()
        .unwrap_or(Path::new("."))
        .join(DICE_SETS_DIR)
}

// ---------------------------------------------------------------- commands
//
// The commands that read images or files are `async` so Tauri runs them off
// the window's main thread: finding markers or dice takes a moment, and the
// window must not freeze meanwhile.

/// Writes the current still (if there is one) as the reference beside the
/// profile at `profile_path`, replacing the old one whole.
pub fn keep_reference(state: &CalibrationState, profile_path: &Path) -> Result<(), String> {
    let Ok(still) = state.get() else {
        return Ok(());
    };
    let to = crate::board_watch::reference_path(profile_path);
    if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    }
    let tmp = to.with_extension("jpg.partial.jpg");
    let params = Vector::<i32>::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, 95]);
    let ok = imgcodecs::imwrite(&tmp.to_string_lossy(), &still.image, &params).map_err(|e| format!("{}: {e}", tmp.display()))?;
    if !ok {
        return Err(format!("{}: the still could not be written", tmp.display()));
    }
    std::fs::rename(&tmp, &to).map_err(|e| format!("{}: {e}", to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::Scalar;

    /// A temporary folder, removed afterwards.
    struct TempDir(PathBuf);
    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos();
            let d = std::env::temp_dir()
                .join(format!("tw-app-cal-{tag}-{}-{nanos}", std::process::id()));
            std::fs::create_dir_all(&d).unwrap();
            TempDir(d)
        }
    }
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// A clean generated view of the default board (markers on the frame
    /// corners, dice with known faces) and its ground truth.
    fn scene(seed: u64) -> (Mat, tw_synth::SceneTruth) {
        let board = Board::catacombs_default();
        let opts = tw_synth::Options {
            effects: false,
            sizes: vec![(1280, 720)],
            elevation_deg: (60.0, 90.0),
            dice: (3, 4),
            border_fraction: 0.0,
            ..Default::default()
        };
        let s = tw_synth::sample_scene(&board, seed, &opts);
        tw_synth::render(&board, "catacombs-default.json", &s, "scene.png").unwrap()
    }

    fn map(h: &[[f64; 3]; 3], p: [f64; 2]) -> [f64; 2] {
        let w = h[2][0] * p[0] + h[2][1] * p[1] + h[2][2];
        [
            (h[0][0] * p[0] + h[0][1] * p[1] + h[0][2]) / w,
            (h[1][0] * p[0] + h[1][1] * p[1] + h[1][2]) / w,
        ]
    }

    fn jpeg_of(img: &Mat) -> Vec<u8> {
        let mut buf = Vector::<u8>::new();
        imgcodecs::imencode(".jpg", img, &mut buf, &Vector::new()).unwrap();
        buf.to_vec()
    }

    #[test]
    fn a_still_is_decoded_from_the_published_frame_and_bad_frames_are_refused() {
        let (img, _) = scene(11);
        let still = decode_still(&jpeg_of(&img), 1280, 720).unwrap();
        assert_eq!(image_size(&still.image), [1280, 720]);
        // The same picture, up to JPEG loss.
        let l1 = opencv::core::norm2(
            &img,
            &still.image,
            opencv::core::NORM_L1,
            &opencv::core::no_array(),
        )
        .unwrap();
        assert!(
            l1 / (1280.0 * 720.0 * 3.0) < 4.0,
            "mean error {}",
            l1 / (1280.0 * 720.0 * 3.0)
        );

        assert!(decode_still(&[], 1280, 720).unwrap_err().contains("no picture"));
        assert!(decode_still(&[1, 2, 3, 4, 5], 1280, 720).is_err());
        assert!(decode_still(&jpeg_of(&img), 640, 720).unwrap_err().contains("640×720"));
    }

    #[test]
    fn the_screen_has_no_still_until_one_is_taken() {
        let s = CalibrationState::new();
        assert!(s.get().err().unwrap().contains("Take a still"));
        let (img, _) = scene(11);
        s.set(decode_still(&jpeg_of(&img), 1280, 720).unwrap());
        assert_eq!(image_size(&s.get().unwrap().image), [1280, 720]);
    }

    #[test]
    fn markers_on_the_board_corners_give_the_true_board_to_image_map() {
        let (img, truth) = scene(21);
        let p = find_markers(
            &img,
            MarkerLayout::Corners {
                size_mm: [600.0, 600.0],
            },
        )
        .unwrap();
        assert!(p.rms_error_mm < 1e-6, "four centres fit exactly");
        // Every point of the board frame lands within a pixel of the truth.
        for i in 0..=6 {
            for j in 0..=6 {
                let mm = [i as f64 * 100.0, j as f64 * 100.0];
                let want = map(&truth.board_to_image, mm);
                let got = p.table_to_image(mm).unwrap();
                let err = (want[0] - got[0]).hypot(want[1] - got[1]);
                assert!(err < 1.5, "{mm:?}: {err:.2} px off");
            }
        }
        // No markers at all: refused, saying none were seen.
        let blank =
            Mat::new_rows_cols_with_default(720, 1280, opencv::core::CV_8UC3, Scalar::all(128.0))
                .unwrap();
        let e = find_markers(&blank, MarkerLayout::Sheet).unwrap_err();
        assert!(e.contains("ids []"), "{e}");
    }

    #[test]
    fn markers_not_all_in_view_name_the_ids_that_were_seen() {
        let (mut img, truth) = scene(21);
        // Paint over the marker at the bottom-right corner (id 2).
        let c = map(&truth.board_to_image, [600.0, 600.0]);
        imgproc::circle(
            &mut img,
            opencv::core::Point::new(c[0] as i32, c[1] as i32),
            70,
            Scalar::all(60.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        let e = find_markers(
            &img,
            MarkerLayout::Corners {
                size_mm: [600.0, 600.0],
            },
        )
        .unwrap_err();
        assert!(e.contains("[0, 1, 3]"), "{e}");
        assert!(e.contains("all 4"), "{e}");
    }

    #[test]
    fn clicked_corners_make_a_profile_and_bad_clicks_are_refused() {
        let (_, truth) = scene(21);
        let corners = [[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]]
            .map(|p| map(&truth.board_to_image, p));
        let p = manual(corners, [600.0, 600.0], [1280, 720]).unwrap();
        let mid = p
            .image_to_table(map(&truth.board_to_image, [300.0, 250.0]))
            .unwrap();
        assert!((mid[0] - 300.0).abs() < 1e-6 && (mid[1] - 250.0).abs() < 1e-6);
        let twisted = [corners[0], corners[2], corners[1], corners[3]];
        assert!(manual(twisted, [600.0, 600.0], [1280, 720])
            .unwrap_err()
            .contains("convex"));
        assert!(manual(corners, [0.0, 600.0], [1280, 720]).is_err());
        let outside = [[-5.0, 0.0], corners[1], corners[2], corners[3]];
        assert!(manual(outside, [600.0, 600.0], [1280, 720])
            .unwrap_err()
            .contains("outside"));
    }

    #[test]
    fn a_saved_profile_loads_back_and_keeps_the_board_it_replaces() {
        let dir = TempDir::new("save");
        let path = dir.0.join("data").join("calibration.json");
        let (_, truth) = scene(21);
        let corners = [[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]]
            .map(|p| map(&truth.board_to_image, p));
        let p = manual(corners, [600.0, 600.0], [1280, 720]).unwrap();
        let saved = save_profile(&path, p.clone()).unwrap();
        assert_eq!(saved.kept_board, None);
        assert_eq!(CalibrationProfile::load(&path).unwrap(), p);
        let view = active_view(&path);
        assert_eq!(view.profile.as_ref(), Some(&p));
        assert_eq!(view.board_source, "default");

        // Fit a board, then recalibrate: the board link survives.
        save_board(
            &path,
            &serde_json::to_value(Board::catacombs_default().spec()).unwrap(),
        )
        .unwrap();
        let again = save_profile(&path, p.clone()).unwrap();
        assert_eq!(again.kept_board.as_deref(), Some(BOARD_FILE));
        assert_eq!(
            CalibrationProfile::load(&path)
                .unwrap()
                .board
                .unwrap()
                .geometry,
            BOARD_FILE
        );

        // An invalid profile is refused and the saved one is untouched.
        let mut bad = p.clone();
        bad.area_mm = [0.0, 600.0];
        assert!(save_profile(&path, bad).unwrap_err().contains("area_mm"));
        assert!(CalibrationProfile::load(&path).is_ok());
    }

    #[test]
    fn a_damaged_saved_profile_is_reported_not_fatal() {
        let dir = TempDir::new("damaged");
        let path = dir.0.join("calibration.json");
        std::fs::write(&path, "{ not json").unwrap();
        let v = active_view(&path);
        assert!(v.profile.is_none());
        assert!(v.profile_error.unwrap().contains("calibration.json"));
        assert_eq!(v.board, *Board::catacombs_default().spec());
        assert!(v.colors.contains(&"red".to_string()));
    }

    fn default_spec() -> Value {
        serde_json::to_value(Board::catacombs_default().spec()).unwrap()
    }

    #[test]
    fn an_adjusted_board_is_validated_field_by_field() {
        assert_eq!(check_board(&default_spec()), vec![]);
        // Widening the middle ring without moving the outer ring's inner edge
        // overlaps them; the issue names the field.
        let mut s = default_spec();
        s["rings"][2]["outer_mm"] = serde_json::json!(170.0);
        let issues = check_board(&s);
        assert!(!issues.is_empty());
        assert!(
            issues.iter().any(|i| i.field.starts_with("rings[")),
            "{issues:?}"
        );
        // Moving both edges together is fine.
        s["rings"][3]["inner_mm"] = serde_json::json!(170.0);
        assert_eq!(check_board(&s), vec![]);
        // A hole dragged off the target is refused.
        s["holes"][0]["centre_mm"] = serde_json::json!([590.0, 590.0]);
        assert!(check_board(&s)
            .iter()
            .any(|i| i.field.starts_with("holes[0]")));
        // Not a geometry at all.
        let i = check_board(&serde_json::json!({"rings": 3}));
        assert_eq!(i.len(), 1);
        assert_eq!(i[0].field, "(geometry)");
    }

    #[test]
    fn a_fitted_board_is_saved_beside_the_profile_and_linked() {
        let dir = TempDir::new("board");
        let path = dir.0.join("calibration.json");
        let mut s = default_spec();
        s["rings"][2]["outer_mm"] = serde_json::json!(170.0);
        s["rings"][3]["inner_mm"] = serde_json::json!(170.0);
        // No calibration saved yet: refused, nothing written.
        let e = save_board(&path, &s).unwrap_err();
        assert!(e.contains("table calibration first"), "{e}");
        assert!(!dir.0.join(BOARD_FILE).exists());

        let p = manual(
            [
                [100.0, 100.0],
                [700.0, 100.0],
                [700.0, 700.0],
                [100.0, 700.0],
            ],
            [600.0, 600.0],
            [800, 800],
        )
        .unwrap();
        save_profile(&path, p).unwrap();
        let saved = save_board(&path, &s).unwrap();
        let board = Board::load(Path::new(&saved.board_path)).unwrap();
        assert_eq!(board.spec().rings[2].outer_mm, 170.0);
        let view = active_view(&path);
        assert_eq!(view.board.rings[3].inner_mm, 170.0);
        assert!(view.board_source.ends_with(BOARD_FILE));

        // An invalid fit is refused with the field named; the saved one stays.
        let mut bad = s.clone();
        bad["rings"][3]["sectors"][0]["to_deg"] = serde_json::json!(40.0);
        let e = save_board(&path, &bad).unwrap_err();
        assert!(e.contains("rings[3].sectors"), "{e}");
        assert_eq!(Board::load(Path::new(&saved.board_path)).unwrap(), board);
    }

    #[test]
    fn clicking_a_die_seen_through_a_lens_finds_it_where_the_still_shows_it() {
        let (ideal, truth) = scene(31);
        let board = Board::catacombs_default();
        let lens = tw_calibration::LensModel::radial([1280, 720], [640.0, 360.0], 734.0, -0.25);
        // The still as a barrel lens shows it: each pixel samples the ideal
        // image where the lens would have taken it from.
        let (mut mx, mut my) = (Vec::new(), Vec::new());
        for y in 0..720 {
            for x in 0..1280 {
                let q = lens.undistort([x as f64, y as f64]);
                mx.push(q[0] as f32);
                my.push(q[1] as f32);
            }
        }
        let mx = Mat::new_rows_cols_with_data(720, 1280, &mx)
            .unwrap()
            .try_clone()
            .unwrap();
        let my = Mat::new_rows_cols_with_data(720, 1280, &my)
            .unwrap()
            .try_clone()
            .unwrap();
        let mut seen = Mat::default();
        opencv::imgproc::remap(
            &ideal,
            &mut seen,
            &mx,
            &my,
            opencv::imgproc::INTER_LINEAR,
            opencv::core::BORDER_REPLICATE,
            opencv::core::Scalar::default(),
        )
        .unwrap();
        // The die farthest from the middle, where the lens moves it most.
        let d = truth
            .dice
            .iter()
            .max_by(|a, b| {
                let r = |p: [f64; 2]| (p[0] - 640.0).hypot(p[1] - 360.0);
                r(a.center_px).total_cmp(&r(b.center_px))
            })
            .unwrap();
        let at = lens.distort(d.center_px);
        // Each fitted corner against the nearest true corner as the still
        // shows it.
        let shown: Vec<[f64; 2]> = d.corners_px.iter().map(|&c| lens.distort(c)).collect();
        let corner_error = |lens_used: Option<&tw_calibration::LensModel>| {
            let s = sample_die_through_lens(
                &seen,
                Pick::Click { at },
                Some(&truth.board_to_image),
                lens_used,
                &board,
                truth.die_edge_mm,
            )
            .unwrap();
            assert_eq!(s.method, "fit");
            s.corners
                .iter()
                .map(|c| {
                    shown
                        .iter()
                        .map(|t| (c[0] - t[0]).hypot(c[1] - t[1]))
                        .fold(f64::INFINITY, f64::min)
                })
                .fold(0.0, f64::max)
        };
        let (with, without) = (corner_error(Some(&lens)), corner_error(None));
        eprintln!("worst corner: {with:.2} px through the lens, {without:.2} px without");
        assert!(
            with < 1.5,
            "worst corner {with:.1} px from where the still shows it"
        );
    }

    #[test]
    fn clicking_a_die_fits_its_top_face_like_the_reader() {
        let (img, truth) = scene(31);
        let board = Board::catacombs_default();
        assert!(!truth.dice.is_empty());
        for d in &truth.dice {
            let s = sample_die(
                &img,
                Pick::Click { at: d.center_px },
                Some(&truth.board_to_image),
                &board,
                truth.die_edge_mm,
            )
            .unwrap();
            assert_eq!(s.method, "fit");
            assert_eq!(s.corners.len(), 5);
            let c = s
                .corners
                .iter()
                .fold([0.0, 0.0], |a, p| [a[0] + p[0] / 5.0, a[1] + p[1] / 5.0]);
            let off = (c[0] - d.center_px[0]).hypot(c[1] - d.center_px[1]);
            assert!(off < 4.0, "fitted face {off:.1} px from the truth");
        }
        // Far from every die: a clear refusal.
        let empty = map(&truth.board_to_image, [20.0, 300.0]);
        let e = sample_die(
            &img,
            Pick::Click { at: empty },
            Some(&truth.board_to_image),
            &board,
            truth.die_edge_mm,
        )
        .unwrap_err();
        assert!(e.contains("No die found"), "{e}");
        // Without a calibration, a click cannot be placed.
        let e = sample_die(
            &img,
            Pick::Click {
                at: truth.dice[0].center_px,
            },
            None,
            &board,
            11.0,
        )
        .unwrap_err();
        assert!(e.contains("drag a box"), "{e}");
    }

    #[test]
    fn a_box_is_measured_as_a_face_crop_and_silly_boxes_are_refused() {
        let (img, truth) = scene(31);
        let board = Board::catacombs_default();
        let d = &truth.dice[0];
        let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
        for p in &d.corners_px {
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        // Dragged from bottom-right to top-left: still the same box.
        let rect = [hi[0], hi[1], lo[0] - hi[0], lo[1] - hi[1]];
        let s = sample_die(&img, Pick::Box { rect }, None, &board, 11.0).unwrap();
        assert_eq!(s.method, "box");
        assert!((s.corners[0][0] - lo[0]).abs() < 1e-9 && (s.corners[2][1] - hi[1]).abs() < 1e-9);
        // The face's body colour is the die's colour class.
        let [b, g, r] = s.descriptor.bgr;
        let brightest = if r >= g && r >= b {
            "red"
        } else if g >= b {
            "green"
        } else {
            "blue"
        };
        if d.color.name() != "white" {
            assert_eq!(brightest, d.color.name(), "{:?}", s.descriptor.bgr);
        }
        let e = sample_die(
            &img,
            Pick::Box {
                rect: [10.0, 10.0, 3.0, 30.0],
            },
            None,
            &board,
            11.0,
        )
        .unwrap_err();
        assert!(e.contains("too small"), "{e}");
        let e = sample_die(
            &img,
            Pick::Box {
                rect: [2000.0, 10.0, 30.0, 30.0],
            },
            None,
            &board,
            11.0,
        )
        .unwrap_err();
        assert!(e.contains("too small"), "{e}");
        assert!(sample_die(
            &img,
            Pick::Box {
                rect: [f64::NAN, 0.0, 30.0, 30.0]
            },
            None,
            &board,
            11.0
        )
        .is_err());
        assert!(sample_die(&img, Pick::Box { rect }, None, &board, 0.0).is_err());
    }

    /// Click-enrols every die of a few generated scenes with its true label.
    fn enrolled_examples() -> Vec<LabelledSample> {
        let board = Board::catacombs_default();
        let mut out = Vec::new();
        for seed in 40..52 {
            let (img, truth) = scene(seed);
            for d in &truth.dice {
                let Ok(s) = sample_die(
                    &img,
                    Pick::Click { at: d.center_px },
                    Some(&truth.board_to_image),
                    &board,
                    truth.die_edge_mm,
                ) else {
                    continue;
                };
                out.push(LabelledSample {
                    color: d.color.name().into(),
                    face: match d.face {
                        tw_synth::Face::Icon => "icon",
                        tw_synth::Face::Blank => "blank",
                    }
                    .into(),
                    descriptor: s.descriptor,
                });
            }
        }
        out
    }

    #[test]
    fn enrolment_refuses_a_missing_face_and_saves_a_complete_set_that_reads_new_dice() {
        let dir = TempDir::new("dice");
        let examples = enrolled_examples();
        let colors: Vec<String> = {
            let mut c: Vec<String> = examples.iter().map(|e| e.color.clone()).collect();
            c.sort();
            c.dedup();
            c
        };
        assert!(
            missing_faces(&examples, &colors).is_empty(),
            "the scenes show every face"
        );

        // Drop every red blank: refused, naming it, and nothing written.
        let no_red_blank: Vec<LabelledSample> = examples
            .iter()
            .filter(|e| !(e.color == "red" && e.face == "blank"))
            .cloned()
            .collect();
        let e = save_dieset(&dir.0, "mine", 11.0, &no_red_blank, &colors).unwrap_err();
        assert!(e.contains("red blank"), "{e}");
        assert!(!dir.0.join("mine.json").exists());
        // A colour the player owns but never showed is missing both faces.
        let mut more = colors.clone();
        more.push("black".into());
        let e = save_dieset(&dir.0, "mine", 11.0, &examples, &more).unwrap_err();
        assert!(e.contains("black icon, black blank"), "{e}");
        assert!(save_dieset(&dir.0, "../evil", 11.0, &examples, &colors)
            .unwrap_err()
            .contains("letters"));

        let saved =
            save_dieset(&dir.0.join(DICE_SETS_DIR), "mine", 11.0, &examples, &colors).unwrap();
        let set = DieSet::load(Path::new(&saved.path)).unwrap();
        assert_eq!(set.prototypes.len(), 2 * colors.len());

        // Linked for the live view only when the profile holds a board; the
        // link survives a later board fit.
        let profile_path = dir.0.join("calibration.json");
        assert!(
            !link_dieset(&profile_path, Path::new(&saved.path)).unwrap(),
            "no profile yet"
        );
        let (_, truth) = scene(21);
        let corners = [[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]]
            .map(|p| map(&truth.board_to_image, p));
        save_profile(
            &profile_path,
            manual(corners, [600.0, 600.0], [1280, 720]).unwrap(),
        )
        .unwrap();
        assert!(
            !link_dieset(&profile_path, Path::new(&saved.path)).unwrap(),
            "no board yet"
        );
        save_board(&profile_path, &default_spec()).unwrap();
        assert!(link_dieset(&profile_path, Path::new(&saved.path)).unwrap());
        save_board(&profile_path, &default_spec()).unwrap();
        let b = CalibrationProfile::load(&profile_path)
            .unwrap()
            .board
            .unwrap();
        assert_eq!(b.extra["dice_set"], "dice-sets/mine.json");
        // The capture thread's reader resolves it against the profile's folder.
        assert_eq!(
            DieSet::load(&dir.0.join("dice-sets/mine.json")).unwrap(),
            set
        );

        // The saved set reads dice of a scene it never saw.
        let board = Board::catacombs_default();
        let (mut right, mut total) = (0, 0);
        for seed in 90..94 {
            let (img, truth) = scene(seed);
            for d in &truth.dice {
                let Ok(s) = sample_die(
                    &img,
                    Pick::Click { at: d.center_px },
                    Some(&truth.board_to_image),
                    &board,
                    truth.die_edge_mm,
                ) else {
                    continue;
                };
                let (color, face, _) = set.classify(&s.descriptor);
                let want_face = if d.face == tw_synth::Face::Icon {
                    "icon"
                } else {
                    "blank"
                };
                total += 1;
                if color == d.color.name() && face == want_face {
                    right += 1;
                }
            }
        }
        eprintln!("enrolled set read {right}/{total} unseen dice right");
        assert!(total >= 8, "only {total} dice");
        assert!(right * 10 >= total * 8, "{right}/{total} read right");
    }
}
