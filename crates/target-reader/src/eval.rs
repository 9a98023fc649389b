//! Measuring the target reader on generated scenes (`warden synth` output):
//! throw score (section value or miss), icon/blank, both, border cases,
//! a confusion table and time per scene. A scene whose calibration kept the
//! board's look is read in the light of calibration
//! ([`crate::light::neutral_frame`]); one whose calibration still is kept
//! beside it is read over the still ([`crate::print::read_over_still`]).

use crate::dieset::{DieSet, Example};
use crate::face::{describe, face_patch};
use opencv::prelude::MatTraitConst;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tw_board::{Board, Webs};

/// A read die counts as a true die when its top face's centre on the board
/// lies within this many mm of the truth.
pub const MATCH_MM: f64 = 12.0;

/// The read die, not yet matched, nearest a true die's centre on the board
/// (mm) and within [`MATCH_MM`] of it.
pub fn nearest_unused(
    reading: &crate::TargetReading,
    used: &[bool],
    centre_mm: [f64; 2],
) -> Option<usize> {
    reading
        .dice
        .iter()
        .enumerate()
        .filter(|(i, _)| !used[*i])
        .map(|(i, x)| {
            let n = x.corners_mm.len().max(1) as f64;
            let c = x
                .corners_mm
                .iter()
                .fold([0.0, 0.0], |s, p| [s[0] + p[0] / n, s[1] + p[1] / n]);
            (i, (c[0] - centre_mm[0]).hypot(c[1] - centre_mm[1]))
        })
        .filter(|(_, dist)| *dist < MATCH_MM)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("{file}: {reason}")]
    File { file: String, reason: String },
    /// An image file problem; the message already names the file.
    #[error("{0}")]
    Image(String),
    #[error("{0}")]
    Read(#[from] crate::read::ReadError),
    #[error("image processing failed: {0}")]
    OpenCv(#[from] opencv::Error),
}

fn ferr(p: &Path, e: impl std::fmt::Display) -> EvalError {
    EvalError::File {
        file: p.display().to_string(),
        reason: e.to_string(),
    }
}

/// The scenes in a folder: `scene-*.json` truth files, sorted.
pub fn list_scenes(dir: &Path) -> Result<Vec<PathBuf>, EvalError> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| ferr(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with("scene-") && n.ends_with(".json") && !n.ends_with(".calibration.json")
        })
        .collect();
    v.sort();
    if v.is_empty() {
        return Err(ferr(
            dir,
            "no scene-*.json ground-truth files (generate some with `warden synth`)",
        ));
    }
    Ok(v)
}

pub fn load_truth(p: &Path) -> Result<crate::truth::Truth, EvalError> {
    crate::truth::load(p).map_err(|e| ferr(p, e))
}

fn load_image(p: &Path) -> Result<opencv::core::Mat, EvalError> {
    crate::io::load_image(p).map_err(EvalError::Image)
}

/// A scene's image, refused naming its file when it is too small for the
/// reader: a 1×1 scene was refused later without a file named, and
/// enrolment from it failed with an unrelated complaint.
fn load_scene_image(p: &Path) -> Result<opencv::core::Mat, EvalError> {
    let img = load_image(p)?;
    let (w, h) = (img.cols(), img.rows());
    let min = crate::check::MIN_SIDE_PX;
    if w < min || h < min {
        return Err(ferr(
            p,
            format!("the scene image is {w}×{h} pixels; the target reader needs at least {min} on each side"),
        ));
    }
    Ok(img)
}

/// The calibration of a scene, from the `.calibration.json` beside it: the
/// homography and the board's look at calibration, if it kept one.
fn scene_calibration(truth_path: &Path) -> Result<Calibrated, EvalError> {
    let s = truth_path.to_string_lossy();
    let cal = PathBuf::from(s.trim_end_matches(".json").to_string() + ".calibration.json");
    let prof = tw_calibration::CalibrationProfile::load(&cal).map_err(|e| ferr(&cal, e))?;
    Ok((prof.table_to_image.0, prof.board_look, prof.lens))
}

/// A scene's board → image homography, the board's look at calibration and
/// the lens model the homography's pixels are corrected for, if any.
type Calibrated = (
    [[f64; 3]; 3],
    Option<tw_calibration::BoardLook>,
    Option<tw_calibration::LensModel>,
);

/// Labelled face examples cut from generated scenes with their truth.
pub fn examples_from_scenes(dir: &Path) -> Result<Vec<Example>, EvalError> {
    let mut out = Vec::new();
    for tp in list_scenes(dir)? {
        let t = load_truth(&tp)?;
        let image_path = tp.with_file_name(&t.image);
        let img = load_scene_image(&image_path)?;
        for (i, d) in t.dice.iter().enumerate() {
            let corners = d.corners_px.as_deref().unwrap_or_default();
            if corners.len() != 5 {
                return Err(ferr(
                    &tp,
                    format!("dice[{i}].corners_px: needs the top face's 5 corners"),
                ));
            }
            let px: [[f64; 2]; 5] = std::array::from_fn(|k| corners[k]);
            let patch = face_patch(&img, &px)?;
            out.push(Example {
                color: d.color.clone(),
                face: d.face.name().into(),
                descriptor: describe(&patch)?,
                source: tp.display().to_string(),
            });
        }
    }
    Ok(out)
}

#[derive(Debug, Default, Clone)]
pub struct Report {
    pub scenes: usize,
    pub dice: usize,
    pub found: usize,
    pub extra: usize,
    pub score_ok: usize,
    pub face_ok: usize,
    pub both_ok: usize,
    pub color_ok: usize,
    pub border: usize,
    pub border_ok: usize,
    pub uncertain: usize,
    /// (truth, read) → count, labels "10", "5", …, "0 web", "miss", "not found".
    pub confusion: BTreeMap<(String, String), usize>,
    pub ms: Vec<f64>,
    /// CPU ms of each scene's read, every thread of the process
    /// ([`Clock`]), with the scene's file and its true dice: unlike wall
    /// time, it does not grow with the machine's load.
    pub cpu_ms: Vec<SceneCpu>,
    /// Scene files and dice that were read wrong, for inspection.
    pub failures: Vec<String>,
    /// Detections matching no die, for inspection.
    pub extras: Vec<String>,
    /// Per found die: mean distance (mm) from each fitted top corner to the
    /// nearest true corner — what the most-corners rule depends on.
    pub corner_err_mm: Vec<f64>,
    /// Die edge lengths (mm) the scenes gave that differ from the die set's.
    pub die_sizes_from_scenes: std::collections::BTreeSet<String>,
    /// The same counts by camera tilt band (see [`tilt_band`]).
    pub bands: BTreeMap<&'static str, Band>,
    /// Scenes whose calibration holds a lens model, and the time (ms) to
    /// correct each one's frame for it (the remap; its maps built before).
    pub lens_scenes: usize,
    pub lens_ms: Vec<f64>,
}

/// One scene's read: its image file, how many dice it holds (truth) and
/// the CPU ms its read took.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneCpu {
    pub scene: String,
    pub dice: usize,
    pub cpu_ms: f64,
}

/// One tilt band's counts.
#[derive(Debug, Default, Clone)]
pub struct Band {
    pub scenes: usize,
    pub dice: usize,
    pub found: usize,
    pub extra: usize,
    pub score_ok: usize,
    pub face_ok: usize,
    pub color_ok: usize,
    pub border: usize,
    pub border_ok: usize,
    pub ms: Vec<f64>,
    pub cpu_ms: Vec<f64>,
}

/// The band of a camera tilt from vertical (90° − elevation): the issue's
/// range 0–35° in three bands, and what lies beyond it.
pub fn tilt_band(elevation_deg: Option<f64>) -> &'static str {
    match elevation_deg.map(|e| 90.0 - e) {
        None => "tilt unknown",
        Some(t) if t < 15.0 => "tilt 0-15°",
        Some(t) if t < 25.0 => "tilt 15-25°",
        Some(t) if t <= 35.0 => "tilt 25-35°",
        Some(_) => "tilt over 35°",
    }
}

/// Mean distance from each fitted corner to its nearest true corner.
fn corner_error(fit: &[[f64; 2]], truth: &[[f64; 2]]) -> f64 {
    let n = fit.len().max(1) as f64;
    fit.iter()
        .map(|p| {
            truth
                .iter()
                .map(|q| (p[0] - q[0]).hypot(p[1] - q[1]))
                .fold(f64::INFINITY, f64::min)
        })
        .sum::<f64>()
        / n
}

/// How far the true corner farthest from every fitted corner lies (mm):
/// the worst corner, which decides a border ruling.
pub fn worst_corner_mm(truth: &[[f64; 2]], fit: &[[f64; 2]]) -> f64 {
    truth
        .iter()
        .map(|t| {
            fit.iter()
                .map(|f| (f[0] - t[0]).hypot(f[1] - t[1]))
                .fold(f64::INFINITY, f64::min)
        })
        .fold(0.0f64, f64::max)
}

fn label(v: Option<u32>) -> String {
    match v {
        None => "miss".into(),
        Some(0) => "0 web".into(),
        Some(v) => v.to_string(),
    }
}

/// Board mm → image pixels for a scene and the board's look at
/// calibration: its `.calibration.json` where there is one, else the
/// truth's `board_to_image` (and no look).
fn calibration_for(truth_path: &Path, t: &crate::truth::Truth) -> Result<Calibrated, EvalError> {
    let s = truth_path.to_string_lossy();
    let cal = PathBuf::from(s.trim_end_matches(".json").to_string() + ".calibration.json");
    if cal.exists() {
        return scene_calibration(truth_path);
    }
    t.board_to_image.map(|h| (h, None, None)).ok_or_else(|| {
        ferr(
            truth_path,
            format!(
                "no board → image homography: neither {} nor a `board_to_image` field",
                cal.display()
            ),
        )
    })
}

/// Reads every scene in `dir` and compares with its truth
/// ([`crate::truth`]: a `warden synth` folder, or another generator's
/// scenes with the fields scoring needs).
///
/// Scenes that give their dice's edge length (`die_edge_mm`) are read
/// with dice of that size, as a player sets their own dice's size; the
/// report says so when it differs from the die set's.
pub fn evaluate(dir: &Path, board: &Board, set: &DieSet) -> Result<Report, EvalError> {
    evaluate_kept(dir, board, set, true)
}

/// [`evaluate`], with `still` false: the calibration stills beside the
/// scenes are not used, every scene is read whole
/// ([`crate::read::read_target`]).
pub fn evaluate_kept(
    dir: &Path,
    board: &Board,
    set: &DieSet,
    still: bool,
) -> Result<Report, EvalError> {
    let use_still = still;
    evaluate_with(dir, board, set, &|image, img, h, look, webs, set| {
        let still = if use_still {
            crate::light::neutral_still(calibration_still_of(image)?, h, look)?
        } else {
            None
        };
        let clock = Clock::start();
        let (img, still) = crate::light::neutral_with_still(img, still.as_ref(), h, look)?;
        let reading = crate::print::read_over_still(&img, still.as_deref(), h, board, webs, set)?;
        Ok((reading, clock.spent()))
    })
}

/// The still a scene's calibration was taken on, if kept beside it:
/// `scene-00001.jpg` → `scene-00001.calibration.reference.jpg` (as the app
/// keeps `calibration.reference.jpg` beside `calibration.json`).
///
/// When the scene's calibration (`scene-00001.calibration.json`) holds a
/// lens model, the still is returned corrected for it, as its frame is.
pub fn calibration_still_of(image: &Path) -> Result<Option<opencv::core::Mat>, EvalError> {
    let stem = image.file_stem().unwrap_or_default().to_string_lossy();
    let still = image.with_file_name(format!("{stem}.calibration.reference.jpg"));
    if !still.is_file() {
        return Ok(None);
    }
    frame_beside(image, &still).map(Some)
}

/// Another frame of a scene's camera (its calibration still, the empty
/// board before the throw), read as the scene's own frame is: corrected for
/// the lens of the scene's calibration (`scene-00001.calibration.json`
/// beside `image`), if it holds one; as it is otherwise.
pub fn frame_beside(image: &Path, frame: &Path) -> Result<opencv::core::Mat, EvalError> {
    let stem = image.file_stem().unwrap_or_default().to_string_lossy();
    let cal = image.with_file_name(format!("{stem}.calibration.json"));
    let lens = if cal.is_file() {
        tw_calibration::CalibrationProfile::load(&cal)
            .map_err(|e| ferr(&cal, e))?
            .lens
    } else {
        None
    };
    crate::io::load_frame_through_lens(frame, lens.as_ref()).map_err(EvalError::Image)
}

/// Wall and CPU time since a [`Clock`] started, ms.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spent {
    pub wall_ms: f64,
    /// CPU of every thread of the process (the reader maps fits over
    /// worker threads), so only meaningful while nothing else in the
    /// process works.
    pub cpu_ms: f64,
}

/// Times a span of work by the wall and by the process's CPU.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    wall: std::time::Instant,
    cpu_ms: f64,
}

impl Clock {
    pub fn start() -> Self {
        Clock {
            wall: std::time::Instant::now(),
            cpu_ms: process_cpu_ms(),
        }
    }

    pub fn spent(&self) -> Spent {
        Spent {
            wall_ms: self.wall.elapsed().as_secs_f64() * 1000.0,
            cpu_ms: process_cpu_ms() - self.cpu_ms,
        }
    }
}

/// CPU time of the whole process (all threads), ms; NaN where the clock
/// cannot be read.
#[cfg(unix)]
pub fn process_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec we own.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return f64::NAN;
    }
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
}

#[cfg(not(unix))]
pub fn process_cpu_ms() -> f64 {
    f64::NAN
}

/// How [`evaluate_with`] reads one scene: given the image's path, the
/// image, its board → image homography, the board's look at calibration
/// (if kept), the webs and the die set, the reading and the time the read
/// itself took.
pub type SceneReader<'a> = dyn Fn(
        &Path,
        &opencv::core::Mat,
        &[[f64; 3]; 3],
        Option<&tw_calibration::BoardLook>,
        &Webs,
        &DieSet,
    ) -> Result<(crate::read::TargetReading, Spent), EvalError>
    + 'a;

/// [`evaluate`] with another way of reading each scene (for example as the
/// live view reads a throw: only what differs from the empty board seen
/// before).
pub fn evaluate_with(
    dir: &Path,
    board: &Board,
    set: &DieSet,
    read: &SceneReader<'_>,
) -> Result<Report, EvalError> {
    let mut r = Report::default();
    let files = crate::truth::list(dir).map_err(|e| ferr(dir, e))?;
    if files.is_empty() {
        return Err(ferr(
            dir,
            "no scene ground-truth files (*.json; generate some with `warden synth`)",
        ));
    }
    for tp in files {
        let t = crate::truth::load(&tp).map_err(|e| ferr(&tp, e))?;
        let image_path = tp.with_file_name(&t.image);
        let img = load_scene_image(&image_path)?;
        let (h, look, lens) = calibration_for(&tp, &t)?;
        // A lens model: the frame is corrected once, and the reader works
        // in undistorted pixels, where the homography holds. The remap's
        // time is counted in the scene's read time; building its maps is
        // not (a camera's maps are built once, not per frame).
        let undistorter = match &lens {
            Some(l) => Some(tw_calibration::Undistorter::new(l).map_err(|e| ferr(&tp, e))?),
            None => None,
        };
        let lens_clock = Clock::start();
        let corrected = match &undistorter {
            Some(u) => std::borrow::Cow::Owned(u.apply(&img).map_err(|e| ferr(&image_path, e))?),
            None => std::borrow::Cow::Borrowed(&img),
        };
        let lens_spent = lens_clock.spent();
        let lens_ms = lens_spent.wall_ms;
        if lens.is_some() {
            r.lens_scenes += 1;
            r.lens_ms.push(lens_ms);
        }
        let img = corrected;
        let webs = Webs::on(board, &t.webs).map_err(|e| ferr(&tp, e))?;
        let sized;
        let set = match t.die_edge_mm {
            Some(e) if (e - set.die.edge_mm).abs() > 0.01 * set.die.edge_mm => {
                r.die_sizes_from_scenes.insert(format!("{e:.1}"));
                let mut s = set.clone();
                s.die.edge_mm = e;
                sized = s;
                &sized
            }
            _ => set,
        };
        let (reading, spent) = read(&image_path, &img, &h, look.as_ref(), &webs, set)?;
        let ms = spent.wall_ms + if lens.is_some() { lens_ms } else { 0.0 };
        let lens_cpu = if lens.is_some() {
            lens_spent.cpu_ms
        } else {
            0.0
        };
        let cpu = spent.cpu_ms + lens_cpu;
        r.ms.push(ms);
        r.cpu_ms.push(SceneCpu {
            scene: image_path.display().to_string(),
            dice: t.dice.len(),
            cpu_ms: cpu,
        });
        r.scenes += 1;
        let band = r.bands.entry(tilt_band(t.elevation_deg)).or_default();
        band.scenes += 1;
        band.ms.push(ms);
        band.cpu_ms.push(cpu);
        let mut b = Band::default();
        let mut used = vec![false; reading.dice.len()];
        for d in &t.dice {
            let centre = d.centre_mm().expect("checked on load");
            let border = d.is_border(board);
            let at_px = d.center_px.map_or_else(
                || format!("{centre:?} mm"),
                |p| format!("{:?}", p.map(|v| v.round())),
            );
            r.dice += 1;
            b.dice += 1;
            if border {
                r.border += 1;
                b.border += 1;
            }
            let near = nearest_unused(&reading, &used, centre);
            let truth_face = d.face.name();
            let Some(i) = near else {
                *r.confusion
                    .entry((label(d.section.value), "not found".into()))
                    .or_default() += 1;
                r.failures.push(format!(
                    "{}: {} die at {at_px} not found",
                    tp.display(),
                    d.color,
                ));
                continue;
            };
            used[i] = true;
            r.found += 1;
            b.found += 1;
            let x = &reading.dice[i];
            if let Some(c) = &d.corners_mm {
                r.corner_err_mm.push(corner_error(&x.corners_mm, c));
            }
            *r.confusion
                .entry((label(d.section.value), label(x.section.value)))
                .or_default() += 1;
            let score_ok = x.section.value == d.section.value;
            let face_ok = x.face == truth_face;
            r.score_ok += score_ok as usize;
            r.face_ok += face_ok as usize;
            r.both_ok += (score_ok && face_ok) as usize;
            r.color_ok += (x.color == d.color) as usize;
            r.uncertain += x.uncertain as usize;
            b.score_ok += score_ok as usize;
            b.face_ok += face_ok as usize;
            b.color_ok += (x.color == d.color) as usize;
            if border && score_ok {
                r.border_ok += 1;
                b.border_ok += 1;
            }
            if x.color != d.color {
                r.failures.push(format!(
                    "{}: {} {} at {at_px}: colour read {} (confidence {:.2})",
                    tp.display(),
                    d.color,
                    truth_face,
                    x.color,
                    x.confidence,
                ));
            }
            if !(score_ok && face_ok) {
                let clearance = d
                    .corner_clearance_mm
                    .map_or_else(String::new, |c| format!(" (clearance {c:.1} mm)"));
                r.failures.push(format!(
                    "{}: {} {} at {at_px}: truth {} {}, read {} {}{clearance}",
                    tp.display(),
                    d.color,
                    truth_face,
                    label(d.section.value),
                    d.section.name,
                    label(x.section.value),
                    x.face,
                ));
            }
        }
        for (_, x) in reading.dice.iter().enumerate().filter(|(i, _)| !used[*i]) {
            r.extra += 1;
            b.extra += 1;
            r.extras.push(format!(
                "{}: extra {} {} at {:?} ({}, confidence {:.2})",
                tp.display(),
                x.color,
                x.face,
                x.center.map(|v| v.round()),
                x.section.name,
                x.confidence
            ));
        }
        let band = r.bands.entry(tilt_band(t.elevation_deg)).or_default();
        band.dice += b.dice;
        band.found += b.found;
        band.extra += b.extra;
        band.score_ok += b.score_ok;
        band.face_ok += b.face_ok;
        band.color_ok += b.color_ok;
        band.border += b.border;
        band.border_ok += b.border_ok;
    }
    Ok(r)
}

/// Labelled face examples from crop files named `<colour>-<icon|blank>[-anything].<ext>`:
/// each crop shows one top face, roughly centred and filling the crop.
/// Smallest face crop (pixels a side) enrolment learns from: below it the
/// glyph is a handful of pixels and icon and blank look alike.
pub const MIN_CROP: i32 = 16;

pub fn examples_from_crops(dir: &Path) -> Result<Vec<Example>, EvalError> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| ferr(dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            matches!(
                p.extension()
                    .and_then(|x| x.to_str())
                    .map(|x| x.to_ascii_lowercase())
                    .as_deref(),
                Some("png" | "jpg" | "jpeg")
            )
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(ferr(dir, "no .png/.jpg face crops"));
    }
    let mut out = Vec::new();
    for f in files {
        let stem = f
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        let mut parts = stem.split('-');
        let (Some(color), Some(face)) = (parts.next(), parts.next()) else {
            return Err(ferr(
                &f,
                "name must be <colour>-<icon|blank>[-…], e.g. red-icon-1.png",
            ));
        };
        let img = load_image(&f)?;
        if img.cols() < MIN_CROP || img.rows() < MIN_CROP {
            return Err(ferr(
                &f,
                format!(
                    "the crop is {}×{} pixels; a face crop must be at least {MIN_CROP}×{MIN_CROP} to learn from",
                    img.cols(),
                    img.rows()
                ),
            ));
        }
        let mut patch = opencv::core::Mat::default();
        opencv::imgproc::resize(
            &img,
            &mut patch,
            opencv::core::Size::new(crate::face::PATCH, crate::face::PATCH),
            0.0,
            0.0,
            opencv::imgproc::INTER_AREA,
        )?;
        out.push(Example {
            color: color.to_string(),
            face: face.to_string(),
            descriptor: describe(&patch)?,
            source: f.display().to_string(),
        });
    }
    Ok(out)
}

/// Mean, median, 95th percentile and maximum of some times (0 for none).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spread {
    pub mean: f64,
    pub median: f64,
    pub p95: f64,
    pub max: f64,
}

impl Spread {
    pub fn of(v: &[f64]) -> Spread {
        if v.is_empty() {
            return Spread::default();
        }
        let mut s = v.to_vec();
        s.sort_by(|a, b| a.total_cmp(b));
        let q = |f: f64| s[((s.len() - 1) as f64 * f).round() as usize];
        Spread {
            mean: s.iter().sum::<f64>() / s.len() as f64,
            median: q(0.5),
            p95: q(0.95),
            max: q(1.0),
        }
    }

    /// The slowest over the mean: "no scene over 2× the mean" (issue 26).
    pub fn max_over_mean(&self) -> f64 {
        if self.mean > 0.0 {
            self.max / self.mean
        } else {
            0.0
        }
    }
}

/// The `n` scenes that took the most CPU, slowest first.
pub fn slowest(r: &Report, n: usize) -> Vec<SceneCpu> {
    let mut v = r.cpu_ms.clone();
    v.sort_by(|a, b| b.cpu_ms.total_cmp(&a.cpu_ms));
    v.truncate(n);
    v
}

/// Mean CPU ms of the scenes holding each number of dice, with their
/// count: a read's work grows with the dice it fits, so a scene of four
/// dice costs more than the mean of scenes holding two or three.
pub fn cpu_by_dice(r: &Report) -> BTreeMap<usize, (f64, usize)> {
    let mut by: BTreeMap<usize, (f64, usize)> = BTreeMap::new();
    for s in &r.cpu_ms {
        let e = by.entry(s.dice).or_default();
        e.0 += s.cpu_ms;
        e.1 += 1;
    }
    by.into_iter()
        .map(|(k, (sum, n))| (k, (sum / n as f64, n)))
        .collect()
}

/// Prints the report as the `warden eval throws` figures.
pub fn print_report(r: &Report, dir: &Path) {
    let pct = |a: usize, b: usize| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    let mut ms = r.ms.clone();
    ms.sort_by(|a, b| a.total_cmp(b));
    let mean = if ms.is_empty() {
        0.0
    } else {
        ms.iter().sum::<f64>() / ms.len() as f64
    };
    let q = |f: f64| {
        if ms.is_empty() {
            0.0
        } else {
            ms[((ms.len() - 1) as f64 * f).round() as usize]
        }
    };
    println!("directory:            {}", dir.display());
    println!("scenes:               {}", r.scenes);
    println!("dice (truth):         {}", r.dice);
    println!(
        "dice found:           {} ({:.2}%), extra detections {} ({:.3} a scene)",
        r.found,
        pct(r.found, r.dice),
        r.extra,
        r.extra as f64 / r.scenes.max(1) as f64
    );
    println!(
        "throw score correct:  {:.2}%  (section value or miss; missed dice count as wrong)",
        pct(r.score_ok, r.dice)
    );
    println!("icon/blank correct:   {:.2}%", pct(r.face_ok, r.dice));
    println!("score + icon correct: {:.2}%", pct(r.both_ok, r.dice));
    println!("colour correct:       {:.2}%", pct(r.color_ok, r.dice));
    println!(
        "border cases:         {:.2}%  ({} of {} dice across a section border)",
        pct(r.border_ok, r.border),
        r.border_ok,
        r.border
    );
    println!("flagged uncertain:    {}", r.uncertain);
    if !r.die_sizes_from_scenes.is_empty() {
        let sizes: Vec<&str> = r.die_sizes_from_scenes.iter().map(String::as_str).collect();
        println!(
            "die size:             {} mm, as the scenes give it",
            sizes.join(", ")
        );
    }
    let mut ce = r.corner_err_mm.clone();
    ce.sort_by(|a, b| a.total_cmp(b));
    if !ce.is_empty() {
        let at = |f: f64| ce[((ce.len() - 1) as f64 * f).round() as usize];
        println!(
            "corner error (mm):    median {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    }
    if r.lens_scenes > 0 {
        println!(
            "lens model:           {} of {} scenes read through their calibration's lens (frame corrected in {:.1} ms mean)",
            r.lens_scenes,
            r.scenes,
            r.lens_ms.iter().sum::<f64>() / r.lens_ms.len().max(1) as f64
        );
    }
    println!(
        "ms per scene:         mean {mean:.1}  median {:.1}  p95 {:.1}  max {:.1} ({:.2}× the mean)",
        q(0.5),
        q(0.95),
        q(1.0),
        if mean > 0.0 { q(1.0) / mean } else { 0.0 }
    );
    let cpu: Vec<f64> = r.cpu_ms.iter().map(|s| s.cpu_ms).collect();
    let c = Spread::of(&cpu);
    println!(
        "CPU ms per scene:     mean {:.1}  median {:.1}  p95 {:.1}  max {:.1} ({:.2}× the mean; all threads of the read)",
        c.mean,
        c.median,
        c.p95,
        c.max,
        c.max_over_mean()
    );
    let by: Vec<String> = cpu_by_dice(r)
        .into_iter()
        .map(|(k, (mean, n))| format!("{k}: {mean:.1} ({n})"))
        .collect();
    println!(
        "CPU ms by dice:       {}  (dice in the scene: mean ms (scenes))",
        by.join("  ")
    );
    if !r.bands.is_empty() {
        println!("by camera tilt (from vertical):");
        println!(
            "  {:<14}{:>7}{:>6}{:>9}{:>9}{:>9}{:>9}{:>10}{:>10}{:>9}{:>10}",
            "band",
            "scenes",
            "dice",
            "found",
            "score",
            "icon",
            "colour",
            "border",
            "phantoms",
            "ms mean",
            "CPU mean"
        );
        for (name, b) in &r.bands {
            let mean = b.ms.iter().sum::<f64>() / b.ms.len().max(1) as f64;
            println!(
                "  {:<14}{:>7}{:>6}{:>8.2}%{:>8.2}%{:>8.2}%{:>8.2}%{:>9}{:>10.3}{:>9.1}{:>10.1}",
                name,
                b.scenes,
                b.dice,
                pct(b.found, b.dice),
                pct(b.score_ok, b.dice),
                pct(b.face_ok, b.dice),
                pct(b.color_ok, b.dice),
                if b.border == 0 {
                    "-".to_string()
                } else {
                    format!("{:.2}%", pct(b.border_ok, b.border))
                },
                b.extra as f64 / b.scenes.max(1) as f64,
                mean,
                Spread::of(&b.cpu_ms).mean
            );
        }
        println!("  (phantoms: detections matching no die, per scene)");
    }
    let labels = ["10", "5", "4", "3", "2", "1", "0 web", "miss"];
    let mut reads: Vec<&str> = labels.to_vec();
    reads.push("not found");
    println!("confusion (rows truth, columns read):");
    print!("{:>8}", "");
    for c in &reads {
        print!("{:>10}", c);
    }
    println!();
    for t in labels {
        print!("{:>8}", t);
        for c in &reads {
            print!(
                "{:>10}",
                r.confusion
                    .get(&(t.to_string(), c.to_string()))
                    .copied()
                    .unwrap_or(0)
            );
        }
        println!();
    }
}

/// Candidates measured on generated scenes, labelled by their truth, for
/// training the die verifier: a fit within `near_mm` of a true die's centre
/// is a die; one farther than 12 mm from every die is a phantom; fits in
/// between (a die found but fitted badly) are left out, being neither.
pub fn labelled_candidates(
    dir: &Path,
    board: &Board,
    set: &DieSet,
    near_mm: f64,
) -> Result<(Vec<Vec<f64>>, Vec<bool>), EvalError> {
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for tp in list_scenes(dir)? {
        let t = load_truth(&tp)?;
        let image_path = tp.with_file_name(&t.image);
        let img = load_image(&image_path)?;
        let (h, _, lens) = scene_calibration(&tp)?;
        let img = crate::io::through_lens(&img, lens.as_ref()).map_err(|e| ferr(&image_path, e))?;
        for m in crate::read::measure_candidates(&img, &h, board, set)? {
            let d = t
                .dice
                .iter()
                .filter_map(|d| d.centre_mm())
                .map(|c| (m.fit.centre_mm[0] - c[0]).hypot(m.fit.centre_mm[1] - c[1]))
                .fold(f64::INFINITY, f64::min);
            let label = if d < near_mm {
                true
            } else if d > 12.0 {
                false
            } else {
                continue;
            };
            xs.push(crate::verify::features(&m).to_vec());
            ys.push(label);
        }
    }
    Ok((xs, ys))
}

#[cfg(test)]
mod tests {
    use super::{frame_beside, tilt_band};

    #[test]
    fn spread_and_cpu_by_dice_summarise_the_scene_times() {
        let s = super::Spread::of(&[100.0, 300.0, 200.0, 400.0]);
        assert_eq!((s.mean, s.median, s.max), (250.0, 300.0, 400.0));
        assert!((s.max_over_mean() - 1.6).abs() < 1e-12);
        assert_eq!(super::Spread::of(&[]).max_over_mean(), 0.0);
        let scene = |dice, cpu_ms| super::SceneCpu {
            scene: "s".into(),
            dice,
            cpu_ms,
        };
        let r = super::Report {
            cpu_ms: vec![scene(1, 100.0), scene(4, 500.0), scene(1, 120.0)],
            ..Default::default()
        };
        let by = super::cpu_by_dice(&r);
        assert_eq!(by.get(&1), Some(&(110.0, 2)));
        assert_eq!(by.get(&4), Some(&(500.0, 1)));
        assert_eq!(super::slowest(&r, 1)[0].cpu_ms, 500.0);
    }

    /// Bad-input sweep, 2026-11-27: a 1×1 scene image is refused at the
    /// scene, naming the image, by enrolment as by the eval.
    #[test]
    fn a_scene_image_too_small_to_read_is_refused_naming_it() {
        use opencv::core::{Mat, Scalar, CV_8UC3};
        let dir = std::env::temp_dir().join(format!("tw-eval-tiny-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let img = Mat::new_rows_cols_with_default(1, 1, CV_8UC3, Scalar::all(200.0)).unwrap();
        let png = dir.join("scene-00000.png");
        crate::io::save_png(&png, &img).unwrap();
        std::fs::write(
            dir.join("scene-00000.json"),
            r#"{"image": "scene-00000.png", "dice": [{"color": "red", "face": "icon",
                "section": {"value": null}, "center_mm": [0, 0],
                "corners_px": [[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5]]}]}"#,
        )
        .unwrap();
        let e = super::examples_from_scenes(&dir).unwrap_err().to_string();
        assert!(
            e.starts_with(&png.display().to_string()) && e.contains("1×1"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The empty board before a throw (or the still) is corrected with the
    /// lens of the scene's calibration, so it lines up with the scene's
    /// corrected frame; a scene without a calibration file leaves it as is.
    #[test]
    fn a_frame_beside_a_scene_goes_through_the_scene_lens() {
        use opencv::core::{Mat, Point, Scalar, CV_8UC3};
        use opencv::prelude::*;
        let dir = std::env::temp_dir().join(format!("tw-eval-beside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut img = Mat::new_rows_cols_with_default(240, 320, CV_8UC3, Scalar::all(0.0)).unwrap();
        opencv::imgproc::circle(
            &mut img,
            Point::new(40, 50),
            2,
            Scalar::all(255.0),
            -1,
            8,
            0,
        )
        .unwrap();
        let empty = dir.join("scene-00000.empty.png");
        crate::io::save_png(&empty, &img).unwrap();
        let lens = tw_calibration::LensModel::radial([320, 240], [159.5, 119.5], 200.0, -0.2);
        let mm = vec![[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]];
        let px = vec![[20.0, 20.0], [300.0, 20.0], [300.0, 220.0], [20.0, 220.0]];
        let method = tw_calibration::Method::Manual;
        let mut p =
            tw_calibration::CalibrationProfile::from_points(method, None, [600.0; 2], px, mm)
                .unwrap();
        p.lens = Some(lens.clone());
        let centroid = |m: &Mat| {
            let (mut n, mut sx, mut sy) = (0.0, 0.0, 0.0);
            for y in 0..m.rows() {
                for x in 0..m.cols() {
                    let v = m.at_2d::<opencv::core::Vec3b>(y, x).unwrap()[0] as f64;
                    (n, sx, sy) = (n + v, sx + v * x as f64, sy + v * y as f64);
                }
            }
            [sx / n, sy / n]
        };
        let scene = dir.join("scene-00000.jpg");
        let got = centroid(&frame_beside(&scene, &empty).unwrap());
        assert!((got[0] - 40.0).hypot(got[1] - 50.0) < 0.5, "{got:?}");
        p.save(&dir.join("scene-00000.calibration.json")).unwrap();
        let (got, want) = (
            centroid(&frame_beside(&scene, &empty).unwrap()),
            lens.undistort([40.0, 50.0]),
        );
        assert!(
            (got[0] - want[0]).hypot(got[1] - want[1]) < 0.5,
            "{got:?} vs {want:?}"
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Tilt is measured from vertical: a camera straight down (elevation
    /// 90°) is tilt 0; the bands split the issue's 0–35° range.
    #[test]
    fn tilt_bands_split_the_range_from_vertical() {
        assert_eq!(tilt_band(Some(90.0)), "tilt 0-15°");
        assert_eq!(tilt_band(Some(75.5)), "tilt 0-15°");
        assert_eq!(tilt_band(Some(75.0)), "tilt 15-25°");
        assert_eq!(tilt_band(Some(65.0)), "tilt 25-35°");
        assert_eq!(tilt_band(Some(55.0)), "tilt 25-35°");
        assert_eq!(tilt_band(Some(54.9)), "tilt over 35°");
        assert_eq!(tilt_band(None), "tilt unknown");
    }
}
