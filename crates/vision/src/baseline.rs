//! The widely copied pip-counting recipe, kept as a yardstick: OpenCV's
//! `SimpleBlobDetector` finds dark, round blobs (pips), blobs closer than a
//! fixed distance are linked into one die (DBSCAN with one sample a
//! cluster), and a die's face is its blob count. `warden eval dice
//! --reader blob` scores it on the same photos as the reader, so the
//! reader's figures and time can be read beside it.

use crate::error::Result;
use crate::reader::{Die, Reading};
use opencv::{
    core::{KeyPoint, Mat, Vector},
    features2d::{SimpleBlobDetector, SimpleBlobDetector_Params},
    imgproc,
    prelude::*,
};

/// Read a BGR frame the recipe's way. The linking distance is the recipe's
/// 40 px at 640 px across, scaled with the frame.
pub fn blob_recipe(frame: &Mat) -> Result<Reading> {
    let mut gray = Mat::default();
    imgproc::cvt_color(frame, &mut gray, imgproc::COLOR_BGR2GRAY, 0)?;
    let mut params = SimpleBlobDetector_Params::default()?;
    params.filter_by_inertia = true;
    params.min_inertia_ratio = 0.6;
    params.filter_by_area = true;
    params.min_area = 4.0;
    let mut detector = SimpleBlobDetector::create(params)?;
    let mut keypoints = Vector::<KeyPoint>::new();
    detector.detect(&gray, &mut keypoints, &Mat::default())?;
    let pts: Vec<(f32, f32, f32)> = keypoints.iter().map(|k| (k.pt().x, k.pt().y, k.size())).collect();
    let eps = 40.0 * frame.cols() as f32 / 640.0;
    // Single-linkage clusters under `eps` (DBSCAN with min_samples = 1).
    let mut label = vec![usize::MAX; pts.len()];
    let mut clusters = 0;
    for i in 0..pts.len() {
        if label[i] != usize::MAX {
            continue;
        }
        label[i] = clusters;
        let mut stack = vec![i];
        while let Some(j) = stack.pop() {
            for k in 0..pts.len() {
                if label[k] == usize::MAX && (pts[j].0 - pts[k].0).hypot(pts[j].1 - pts[k].1) <= eps {
                    label[k] = clusters;
                    stack.push(k);
                }
            }
        }
        clusters += 1;
    }
    let mut dice = Vec::new();
    for c in 0..clusters {
        let members: Vec<&(f32, f32, f32)> = pts.iter().zip(&label).filter(|(_, l)| **l == c).map(|(p, _)| p).collect();
        let n = members.len();
        if !(1..=6).contains(&n) {
            continue;
        }
        let cx = members.iter().map(|p| p.0).sum::<f32>() / n as f32;
        let cy = members.iter().map(|p| p.1).sum::<f32>() / n as f32;
        let h = members.iter().map(|p| p.2).fold(0.0f32, f32::max) * 2.0;
        dice.push(Die {
            center: [cx, cy],
            corners: [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]],
            face: Some(n.to_string()),
            color: "unknown".into(),
            confidence: 1.0,
            cocked: false,
        });
    }
    Ok(Reading {
        width: frame.cols() as u32,
        height: frame.rows() as u32,
        dice,
    })
}
