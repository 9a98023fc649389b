//! The whole reading of one frame: find dice, fit their top faces, rule the
//! landing section, read colour and icon/blank.

use crate::detect::find_candidates;
use crate::dieset::DieSet;
use crate::face::{describe, face_patch};
use crate::fit::{fit_top, Gradients};
use crate::pose::Pose;
use opencv::core::Mat;
use opencv::prelude::*;
use serde::{Deserialize, Serialize};
use tw_board::{Board, Landing, Webs};

/// How far (mm) the top-face fit may move the centre found from the outline.
const FIT_RADIUS_MM: f64 = 1.5;

/// Below this face confidence the reading is flagged for the player.
pub const UNCERTAIN_BELOW: f64 = 0.6;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetDie {
    pub center: [f64; 2],
    /// Top-face corners, image pixels (5: the d12's pentagon).
    pub corners: Vec<[f64; 2]>,
    /// The same corners on the board, millimetres.
    pub corners_mm: Vec<[f64; 2]>,
    pub color: String,
    pub face: String,
    pub confidence: f64,
    /// The face reading is not sure enough to be used without asking.
    pub uncertain: bool,
    pub section: tw_board::Section,
    /// The landing was a tie resolved to the lower value.
    pub tie: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetReading {
    pub width: u32,
    pub height: u32,
    pub dice: Vec<TargetDie>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("the calibration's homography does not describe a camera looking at the board")]
    BadCalibration,
    #[error("image processing failed: {0}")]
    OpenCv(#[from] opencv::Error),
}

/// Reads `img` (BGR) given `board_to_image` (board mm → pixels).
pub fn read_target(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
) -> Result<TargetReading, ReadError> {
    let (w, h) = (img.cols() as u32, img.rows() as u32);
    let pose = Pose::from_homography(board_to_image, w, h).ok_or(ReadError::BadCalibration)?;
    let shape = set.die;
    let cands = find_candidates(img, board_to_image, &pose, &shape, board)?;
    let grads = Gradients::new(img)?;
    let mut dice: Vec<TargetDie> = Vec::new();
    for c in cands {
        let Some(start) = pose.unproject_at_height(c.centroid_px, shape.height_mm() / 2.0) else {
            continue;
        };
        // The outline gives the centre to a few mm; the top face's edges fix
        // the turn and refine the centre.
        let Some(fit) = fit_top(&grads, &pose, &shape, start, FIT_RADIUS_MM) else {
            continue;
        };
        // Two blobs of one die (a glyph can split it) fit to the same place: keep one.
        if dice.iter().any(|d| {
            let m = centre_of(&d.corners_mm);
            (m[0] - fit.centre_mm[0]).hypot(m[1] - fit.centre_mm[1]) < shape.face_radius_mm()
        }) {
            continue;
        }
        let patch = face_patch(img, &fit.corners_px)?;
        let desc = describe(&patch)?;
        let (color, face, confidence) = set.classify(&desc);
        let Landing { section, tie, .. } = match board.landing(&fit.corners_mm, webs) {
            Ok(l) => l,
            Err(_) => continue,
        };
        dice.push(TargetDie {
            center: centre_of(&fit.corners_px),
            corners: fit.corners_px.to_vec(),
            corners_mm: fit.corners_mm.to_vec(),
            color,
            face,
            confidence,
            uncertain: confidence < UNCERTAIN_BELOW,
            section,
            tie,
        });
    }
    Ok(TargetReading {
        width: w,
        height: h,
        dice,
    })
}

fn centre_of(ps: &[[f64; 2]]) -> [f64; 2] {
    let n = ps.len().max(1) as f64;
    [
        ps.iter().map(|p| p[0]).sum::<f64>() / n,
        ps.iter().map(|p| p[1]).sum::<f64>() / n,
    ]
}
