//! What the top face shows, by an enrolled die set.
//!
//! The top face is warped to a canonical patch (the fitted pentagon mapped to
//! a fixed pentagon), then described by two rotation-free numbers: how much
//! of the face's centre differs strongly from the face's own colour (an icon
//! is a large contrasting glyph; a blank face is uniform) and how strongly.
//! The face colour is its median. Enrolment averages these over labelled
//! examples; reading takes the nearest enrolled prototype. Simple, fast, and
//! measured by `warden eval throws`.

use opencv::core::{Mat, Point2f, Scalar, Size, Vector};
use opencv::prelude::*;
use opencv::{calib3d, imgproc};
use serde::{Deserialize, Serialize};

/// Side of the canonical face patch in pixels.
pub const PATCH: i32 = 40;

/// Canonical pentagon corners in the patch (circumradius 0.45·PATCH).
fn canonical() -> [[f64; 2]; 5] {
    let c = PATCH as f64 / 2.0;
    let r = 0.45 * PATCH as f64;
    std::array::from_fn(|k| {
        let a = -std::f64::consts::FRAC_PI_2 + k as f64 * std::f64::consts::TAU / 5.0;
        [c + r * a.cos(), c + r * a.sin()]
    })
}

/// Warps the face with image corners `px` (in order around the face) to the canonical patch.
pub fn face_patch(img: &Mat, px: &[[f64; 2]; 5]) -> opencv::Result<Mat> {
    let src: Vector<Point2f> = px
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let dst: Vector<Point2f> = canonical()
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let h = calib3d::find_homography(&src, &dst, &mut Mat::default(), 0, 3.0)?;
    let mut out = Mat::default();
    imgproc::warp_perspective(
        img,
        &mut out,
        &h,
        Size::new(PATCH, PATCH),
        imgproc::INTER_LINEAR,
        opencv::core::BORDER_REPLICATE,
        Scalar::all(0.0),
    )?;
    Ok(out)
}

/// The numbers a face is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Descriptor {
    /// Median face colour, BGR.
    pub bgr: [f64; 3],
    /// Fraction of the face centre that contrasts with the face colour.
    pub glyph_fraction: f64,
    /// Mean colour distance from the face colour over the face centre.
    pub glyph_contrast: f64,
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Describes a face patch: `patch` is BGR, the face's circumradius is
/// `radius` pixels around its centre.
pub fn describe(patch: &Mat) -> opencv::Result<Descriptor> {
    let (w, h) = (patch.cols() as usize, patch.rows() as usize);
    let d = patch.data_bytes()?;
    let c = [w as f64 / 2.0, h as f64 / 2.0];
    let radius = 0.45 * w.min(h) as f64;
    let mut body = [Vec::new(), Vec::new(), Vec::new()];
    let mut inner = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let r = ((x as f64 + 0.5 - c[0]).hypot(y as f64 + 0.5 - c[1])) / radius;
            let i = (y * w + x) * 3;
            let p = [d[i] as f64, d[i + 1] as f64, d[i + 2] as f64];
            if r < 0.7 {
                for k in 0..3 {
                    body[k].push(p[k]);
                }
            }
            if r < 0.55 {
                inner.push(p);
            }
        }
    }
    // The glyph is a minority of the face, so the median is the body colour.
    let bgr = [
        median(body[0].clone()),
        median(body[1].clone()),
        median(body[2].clone()),
    ];
    let dist: Vec<f64> = inner
        .iter()
        .map(|p| (0..3).map(|k| (p[k] - bgr[k]).abs()).sum::<f64>() / 3.0)
        .collect();
    let n = dist.len().max(1) as f64;
    Ok(Descriptor {
        bgr,
        glyph_fraction: dist.iter().filter(|&&x| x > 35.0).count() as f64 / n,
        glyph_contrast: dist.iter().sum::<f64>() / n,
    })
}

/// Colour features that survive lighting changes: chromaticity and saturation.
pub fn chroma(bgr: [f64; 3]) -> [f64; 3] {
    let s = bgr[0] + bgr[1] + bgr[2] + 1.0;
    let max = bgr.iter().cloned().fold(0.0, f64::max);
    let min = bgr.iter().cloned().fold(255.0, f64::min);
    [bgr[0] / s, bgr[1] / s, (max - min) / (max + 1.0)]
}
