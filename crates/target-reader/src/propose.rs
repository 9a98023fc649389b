//! Starts for a die no fit reached, proposed from what the throw changed.
//!
//! A white die on ivory print changes little of its top face (white on
//! near white); what changed is its shaded sides and its shadow, lower in
//! the frame than its top by the camera's tilt. The read's own proposals
//! (colour blobs, rings) then miss it. Here the change since the frame
//! before the throw, less the outlines of every die and fit already
//! there, is cut into blobs; a blob as large as a good part of a die
//! gives two starts for the fit: the die's centre where the blob's centre
//! meets the board (the sides and shadow lie round the die's foot, not
//! round its top, which the camera's tilt moves away from it), and that
//! point moved away from the camera by a face's radius (the unchanged top
//! lies beyond the changed sides).
//! Figures: docs/measurements/2026-11-27-white-dice-proposals.md.

use crate::area::PxRect;
use crate::pose::Pose;
use crate::read::{ReadError, TargetDie};
use crate::shape::DieShape;
use crate::throw::{in_polygon, outline_px};
use opencv::core::{Mat, Point, Size, BORDER_CONSTANT, BORDER_REPLICATE, CV_32S};
use opencv::imgproc;
use opencv::prelude::*;

/// At most this many blobs (largest first) are proposed a throw: each
/// costs a few fits.
pub const MAX_BLOBS: usize = 2;

/// A blob is proposed when it covers at least this share of a die's
/// outline seen from above (its sides and shadow are most of it).
const MIN_BLOB_SHARE: f64 = 0.3;

/// Both frames are smoothed over this many pixels (odd) before they are
/// compared.
const SMOOTH_PX: i32 = 5;

/// A smoothed pixel counts as changed when a channel differs by more than
/// this: half the raw test's level ([`crate::throw::CHANGED_LEVELS`]), as
/// smoothing over 5×5 takes most of the noise away.
const SMOOTH_LEVELS: i32 = 10;

/// Dice and fits already there are masked out grown by this share of
/// their outline's size (their shadows lie round them).
const KNOWN_GROWN: f64 = 1.6;

/// Starts (board mm, a die's centre) for dice in `areas` that no die or
/// fit of `known` covers: from the blobs of pixels that differ between
/// `now` and `was` (same size, BGR) by more than [`CHANGED_LEVELS`].
/// Frames that cannot be compared give none.
pub fn starts(
    now: &Mat,
    was: &Mat,
    areas: &[PxRect],
    known: &[TargetDie],
    pose: &Pose,
    shape: &DieShape,
) -> Result<Vec<[f64; 2]>, ReadError> {
    let same =
        |m: &Mat| (m.cols(), m.rows(), m.typ()) == (now.cols(), now.rows(), opencv::core::CV_8UC3);
    if !same(now) || !same(was) {
        return Ok(Vec::new());
    }
    let masks: Vec<Vec<[f64; 2]>> = known
        .iter()
        .map(|d| grown(&outline_px(d, pose, shape), KNOWN_GROWN))
        .filter(|m| m.len() >= 3)
        .collect();
    let frame = PxRect::frame(now.cols(), now.rows());
    // (blob pixels, centre px) of every blob large enough.
    let mut blobs: Vec<(f64, [f64; 2])> = Vec::new();
    for a in areas {
        let r = a.clipped(&frame);
        if r.is_empty() {
            continue;
        }
        // Both frames smoothed first: a white die on ivory differs from
        // the board by little more than the sensor noise, pixel by pixel,
        // but over its whole silhouette.
        let mut m = Mat::default();
        let (mut a, mut b) = (Mat::default(), Mat::default());
        let roi = r.to_cv();
        let (na, nb) = (Mat::roi(now, roi)?, Mat::roi(was, roi)?);
        let k = Size::new(SMOOTH_PX, SMOOTH_PX);
        imgproc::gaussian_blur(&na, &mut a, k, 0.0, 0.0, BORDER_REPLICATE)?;
        imgproc::gaussian_blur(&nb, &mut b, k, 0.0, 0.0, BORDER_REPLICATE)?;
        let mut diff = Mat::default();
        opencv::core::absdiff(&a, &b, &mut diff)?;
        let mut ch = opencv::core::Vector::<Mat>::new();
        opencv::core::split(&diff, &mut ch)?;
        let mut ab = Mat::default();
        opencv::core::max(&ch.get(0)?, &ch.get(1)?, &mut ab)?;
        opencv::core::max(&ab, &ch.get(2)?, &mut m)?;
        for y in 0..r.height() {
            for x in 0..r.width() {
                let p = [(r.x0 + x) as f64 + 0.5, (r.y0 + y) as f64 + 0.5];
                let v = m.at_2d_mut::<u8>(y, x)?;
                *v = if (*v as i32) > SMOOTH_LEVELS && !masks.iter().any(|k| in_polygon(k, p)) {
                    255
                } else {
                    0
                };
            }
        }
        // Opened, so that JPEG ringing and thin print edges fall apart.
        let kernel = imgproc::get_structuring_element(
            imgproc::MORPH_ELLIPSE,
            Size::new(3, 3),
            Point::new(-1, -1),
        )?;
        let mut opened = Mat::default();
        imgproc::morphology_ex(
            &m,
            &mut opened,
            imgproc::MORPH_OPEN,
            &kernel,
            Point::new(-1, -1),
            1,
            BORDER_CONSTANT,
            imgproc::morphology_default_border_value()?,
        )?;
        let (mut labels, mut stats, mut centres) = (Mat::default(), Mat::default(), Mat::default());
        let n = imgproc::connected_components_with_stats(
            &opened,
            &mut labels,
            &mut stats,
            &mut centres,
            8,
            CV_32S,
        )?;
        for k in 1..n {
            let px = *stats.at_2d::<i32>(k, imgproc::CC_STAT_AREA)? as f64;
            let c = [
                *centres.at_2d::<f64>(k, 0)? + r.x0 as f64,
                *centres.at_2d::<f64>(k, 1)? + r.y0 as f64,
            ];
            if let Some(die_px) = die_area_px(pose, shape, c) {
                if px >= MIN_BLOB_SHARE * die_px {
                    blobs.push((px, c));
                }
            }
        }
    }
    blobs.sort_by(|a, b| b.0.total_cmp(&a.0));
    let eye = pose.eye();
    let mut out = Vec::new();
    for (_, c) in blobs.into_iter().take(MAX_BLOBS) {
        let Some(s) = pose.unproject_at_height(c, 0.0) else {
            continue;
        };
        out.push(s);
        // Away from the camera's foot on the board.
        let (dx, dy) = (s[0] - eye[0], s[1] - eye[1]);
        let d = dx.hypot(dy);
        if d > 1e-6 {
            let k = shape.face_radius_mm() / d;
            out.push([s[0] + k * dx, s[1] + k * dy]);
        }
    }
    Ok(out)
}

/// Pixels a die's outline seen from above covers at `px` (its centre seen
/// at half its height), by the outline's radius there.
fn die_area_px(pose: &Pose, shape: &DieShape, px: [f64; 2]) -> Option<f64> {
    let z = -shape.height_mm() / 2.0;
    let c = pose.unproject_at_height(px, -z)?;
    let r = shape.outline_radius_mm();
    let a = pose.project([c[0] - r, c[1], z])?;
    let b = pose.project([c[0] + r, c[1], z])?;
    let d = pose.project([c[0], c[1] - r, z])?;
    let e = pose.project([c[0], c[1] + r, z])?;
    let rx = 0.5 * (a[0] - b[0]).hypot(a[1] - b[1]);
    let ry = 0.5 * (d[0] - e[0]).hypot(d[1] - e[1]);
    Some(std::f64::consts::PI * rx * ry)
}

/// `poly` scaled by `k` round its mean.
fn grown(poly: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
    let n = poly.len().max(1) as f64;
    let c = [
        poly.iter().map(|p| p[0]).sum::<f64>() / n,
        poly.iter().map(|p| p[1]).sum::<f64>() / n,
    ];
    poly.iter()
        .map(|p| [c[0] + k * (p[0] - c[0]), c[1] + k * (p[1] - c[1])])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Scalar, CV_8UC3};

    /// Looking down at 2 px a millimetre over white paper, and the same
    /// paper with a grey disc (`r` px) at (120, 100) px: a die's sides and
    /// shadow.
    fn frames(r: i32) -> (Pose, DieShape, Mat, Mat) {
        let h = [[2.0, 0.0, 40.0], [0.0, 2.0, 40.0], [0.0, 0.0, 1.0]];
        let pose = Pose::from_homography(&h, 240, 200).unwrap();
        let was = Mat::new_rows_cols_with_default(200, 240, CV_8UC3, Scalar::all(245.0)).unwrap();
        let mut now = was.clone();
        imgproc::circle(
            &mut now,
            Point::new(120, 100),
            r,
            Scalar::all(150.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        (pose, DieShape { edge_mm: 9.0 }, was, now)
    }

    fn area() -> Vec<PxRect> {
        vec![PxRect::from_box([60.0, 40.0, 120.0, 120.0])]
    }

    #[test]
    fn a_die_sized_change_gives_starts_on_it() {
        let (pose, shape, was, now) = frames(20);
        let s = starts(&now, &was, &area(), &[], &pose, &shape).unwrap();
        assert!(!s.is_empty() && s.len() <= 2 * MAX_BLOBS);
        // (120, 100) px is (40, 30) mm on the board.
        let first = s[0];
        assert!((first[0] - 40.0).hypot(first[1] - 30.0) < 3.0, "{first:?}");
    }

    #[test]
    fn no_start_for_small_changes_known_dice_or_frames_of_another_size() {
        let (pose, shape, was, now) = frames(3);
        assert!(starts(&now, &was, &area(), &[], &pose, &shape)
            .unwrap()
            .is_empty());
        let (pose, shape, was, now) = frames(20);
        let other = Mat::new_rows_cols_with_default(100, 100, CV_8UC3, Scalar::all(0.0)).unwrap();
        assert!(starts(&now, &other, &area(), &[], &pose, &shape)
            .unwrap()
            .is_empty());
        // A die read there already covers the change.
        let corners_mm: Vec<[f64; 2]> = shape.top_corners([40.0, 30.0], 0.0).to_vec();
        let die = TargetDie {
            center: [120.0, 100.0],
            corners: corners_mm
                .iter()
                .map(|c| [2.0 * c[0] + 40.0, 2.0 * c[1] + 40.0])
                .collect(),
            corners_mm,
            color: "white".into(),
            face: "blank".into(),
            confidence: 1.0,
            uncertain: false,
            section: tw_board::Section {
                value: None,
                kind: tw_board::SectionKind::Outside,
                name: "outside".into(),
            },
            tie: false,
        };
        assert!(starts(&now, &was, &area(), &[die], &pose, &shape)
            .unwrap()
            .is_empty());
    }
}
