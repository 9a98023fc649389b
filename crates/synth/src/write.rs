//! Writing generated scenes to a directory:
//!
//! - `scene-NNNNN.jpg`: the image;
//! - `scene-NNNNN.json`: its [`SceneTruth`];
//! - `scene-NNNNN.calibration.json`: a calibration profile holding the exact
//!   image ↔ board-mm homography and a `board` reference, as the
//!   calibration step would produce from the markers in the image, and the
//!   board's look as a calibration still showed it;
//! - `scene-NNNNN.calibration.reference.jpg`: that still (the board empty,
//!   same camera; the app keeps its calibration still under this name);
//! - `throw-NNNNN/frame-NNN.jpg` + `throw-NNNNN/truth.json` for sequences.

use crate::camera::apply;
use crate::scene::{render, render_texture, render_with, sample_scene, Options, Scene};
use crate::sequence::{sample_throw, FPS};
use crate::truth::SceneTruth;
use opencv::core::Vector;
use opencv::imgcodecs;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use tw_board::Board;
use tw_calibration::{BoardLook, BoardRef, CalibrationProfile, Layout, Method};

#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    #[error("{path}: {reason}")]
    Io { path: String, reason: String },
    #[error("rendering failed: {0}")]
    OpenCv(#[from] opencv::Error),
}

pub(crate) fn io(path: &Path, e: impl std::fmt::Display) -> WriteError {
    WriteError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// Seed of the `i`-th scene of a run: distinct, and independent of how many
/// scenes the run asks for.
pub fn scene_seed(seed: u64, i: usize) -> u64 {
    let mut x = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 31)
}

/// The calibration a perfect marker detection would give for `scene`.
pub fn true_calibration(
    board: &Board,
    board_file: &str,
    scene: &Scene,
) -> Result<CalibrationProfile, WriteError> {
    let fr = board.spec().frame_mm;
    let table = vec![[0.0, 0.0], [fr[0], 0.0], [fr[0], fr[1]], [0.0, fr[1]]];
    let h = scene.camera.board_to_image();
    let image: Vec<[f64; 2]> = table.iter().map(|p| apply(&h, *p)).collect();
    let method = Method::Aruco {
        layout: Layout::Corners,
        dictionary: "DICT_4X4_50".into(),
        marker_ids: vec![0, 1, 2, 3],
    };
    let mut p = CalibrationProfile::from_points(
        method,
        Some([scene.camera.width, scene.camera.height]),
        fr,
        image,
        table,
    )
    .map_err(|e| WriteError::Io {
        path: board_file.into(),
        reason: e.to_string(),
    })?;
    p.board = Some(BoardRef {
        geometry: board_file.to_string(),
        extra: Default::default(),
    });
    Ok(p)
}

pub(crate) fn write_json(path: &Path, v: &impl Serialize) -> Result<(), WriteError> {
    let text = serde_json::to_string_pretty(v).map_err(|e| io(path, e))?;
    std::fs::write(path, text + "\n").map_err(|e| io(path, e))
}

pub fn write_image(
    path: &Path,
    img: &opencv::core::Mat,
    quality: i32,
) -> Result<(), WriteError> {
    let params =
        Vector::<i32>::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, quality.clamp(1, 100)]);
    if !imgcodecs::imwrite(&path.to_string_lossy(), img, &params)? {
        return Err(io(path, "OpenCV could not write the image"));
    }
    Ok(())
}

/// Writes `count` still scenes; returns their truth.
pub fn write_scenes(
    board: &Board,
    board_file: &str,
    dir: &Path,
    seed: u64,
    count: usize,
    opts: &Options,
) -> Result<Vec<SceneTruth>, WriteError> {
    write_scenes_with(board, board_file, dir, seed, count, opts, Beside::default())
}

/// What [`write_scenes_with`] writes besides each scene and how.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Beside {
    /// The board seen empty a moment before the dice came
    /// (`scene-NNNNN.empty.jpg`).
    pub empty_board: bool,
    /// The calibration still is taken under the scene's colour cast (the
    /// lamp was already on at calibration); otherwise under neutral light
    /// (the cast came after calibration).
    pub cast_at_calibration: bool,
}

/// The board as the camera saw it when calibrated: `scene` without dice
/// or shadows, under neutral light unless `cast` (then under the scene's
/// own white balance), with a draw of sensor noise of its own.
pub fn calibration_still(
    board: &Board,
    board_file: &str,
    scene: &Scene,
    tex: &crate::art::Texture,
    cast: bool,
) -> Result<opencv::core::Mat, WriteError> {
    let mut bare = Scene {
        dice: Vec::new(),
        ..scene.clone()
    };
    if !cast {
        bare.look.white_balance = [1.0; 3];
    }
    let mut noise = crate::rng::Rng::new(scene.texture_seed ^ CALIBRATION_NOISE);
    let (img, _) = render_with(board, board_file, &bare, "calibration", tex, &mut noise)?;
    Ok(img)
}

/// Mixed into the texture seed for the calibration still's sensor noise.
const CALIBRATION_NOISE: u64 = 0x00ca_1b00_5eed_0001;

/// [`write_scenes`], and with `beside.empty_board` beside each scene the
/// board as the same camera saw it empty before the dice came
/// (`scene-NNNNN.empty.jpg`): the same print, light and lens, no dice or
/// shadows, and another draw of sensor noise, as a frame a moment earlier.
/// The board is drawn once for all the images of a scene.
pub fn write_scenes_with(
    board: &Board,
    board_file: &str,
    dir: &Path,
    seed: u64,
    count: usize,
    opts: &Options,
    beside: Beside,
) -> Result<Vec<SceneTruth>, WriteError> {
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let mut out = Vec::new();
    for i in 0..count {
        let scene = sample_scene(board, scene_seed(seed, i), opts);
        let name = format!("scene-{i:05}.jpg");
        // As `render` draws it: the texture, then the scene with the
        // generator as drawing the texture left it.
        let (tex, rng) = render_texture(board, &scene)?;
        let (img, truth) = render_with(board, board_file, &scene, &name, &tex, &mut rng.clone())?;
        write_image(&dir.join(&name), &img, scene.look.jpeg_quality)?;
        if beside.empty_board {
            let bare = Scene {
                dice: Vec::new(),
                ..scene.clone()
            };
            let empty = format!("scene-{i:05}.empty.jpg");
            let mut noise = crate::rng::Rng::new(scene.texture_seed ^ EMPTY_NOISE);
            let (img, _) = render_with(board, board_file, &bare, &empty, &tex, &mut noise)?;
            write_image(&dir.join(&empty), &img, scene.look.jpeg_quality)?;
        }
        write_json(&dir.join(format!("scene-{i:05}.json")), &truth)?;
        let mut cal = true_calibration(board, board_file, &scene)?;
        let still = calibration_still(board, board_file, &scene, &tex, beside.cast_at_calibration)?;
        let still_path = dir.join(format!("scene-{i:05}.calibration.reference.jpg"));
        write_image(&still_path, &still, 95)?;
        // As the calibration step makes it: neutralised on the markers.
        let look = BoardLook::of_calibration(&still, &cal);
        cal.board_look = Some(look.map_err(|e| io(&still_path, e))?.0);
        write_json(&dir.join(format!("scene-{i:05}.calibration.json")), &cal)?;
        out.push(truth);
    }
    Ok(out)
}

/// Mixed into the texture seed for an empty board's sensor noise.
const EMPTY_NOISE: u64 = 0x00e3_b7a1_5eed_0001;

/// Ground truth of one throw sequence.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ThrowTruth {
    pub fps: f64,
    pub rest_frame: usize,
    pub frames: Vec<SceneTruth>,
}

/// Writes `count` throw sequences, each in its own folder; returns the folders.
pub fn write_throws(
    board: &Board,
    board_file: &str,
    dir: &Path,
    seed: u64,
    count: usize,
    opts: &Options,
) -> Result<Vec<PathBuf>, WriteError> {
    let mut dirs = Vec::new();
    for i in 0..count {
        let seq = sample_throw(board, scene_seed(seed ^ 0x7468_726F_77, i), opts, 24, 12);
        let sub = dir.join(format!("throw-{i:05}"));
        std::fs::create_dir_all(&sub).map_err(|e| io(&sub, e))?;
        let mut frames = Vec::new();
        for (k, scene) in seq.scenes.iter().enumerate() {
            let name = format!("frame-{k:03}.jpg");
            let (img, truth) = render(board, board_file, scene, &name)?;
            write_image(&sub.join(&name), &img, scene.look.jpeg_quality)?;
            frames.push(truth);
        }
        write_json(
            &sub.join("calibration.json"),
            &true_calibration(board, board_file, &seq.scenes[0])?,
        )?;
        write_json(
            &sub.join("truth.json"),
            &ThrowTruth {
                fps: FPS,
                rest_frame: seq.rest_frame,
                frames,
            },
        )?;
        dirs.push(sub);
    }
    Ok(dirs)
}
