//! Fitting the top face: the die's centre and turn that make the projected
//! top pentagon lie on the strongest image edges. The die's size is known
//! (die set) and the camera pose comes from the calibration, so only three
//! numbers are searched: x, y on the board and the yaw (mod 72°).

use crate::pose::Pose;
use crate::shape::DieShape;
use opencv::core::{Mat, CV_32F};
use opencv::imgproc;
use opencv::prelude::*;

/// Image gradients, computed once per image.
pub struct Gradients {
    w: usize,
    h: usize,
    gx: Vec<f32>,
    gy: Vec<f32>,
}

impl Gradients {
    pub fn new(img: &Mat) -> opencv::Result<Gradients> {
        let mut gray = Mat::default();
        imgproc::cvt_color(img, &mut gray, imgproc::COLOR_BGR2GRAY, 0)?;
        let (mut gx, mut gy) = (Mat::default(), Mat::default());
        imgproc::sobel(
            &gray,
            &mut gx,
            CV_32F,
            1,
            0,
            3,
            1.0,
            0.0,
            opencv::core::BORDER_REPLICATE,
        )?;
        imgproc::sobel(
            &gray,
            &mut gy,
            CV_32F,
            0,
            1,
            3,
            1.0,
            0.0,
            opencv::core::BORDER_REPLICATE,
        )?;
        Ok(Gradients {
            w: img.cols() as usize,
            h: img.rows() as usize,
            gx: gx.data_typed::<f32>()?.to_vec(),
            gy: gy.data_typed::<f32>()?.to_vec(),
        })
    }

    /// Bilinear gradient at a sub-pixel point; zero outside the image.
    fn at(&self, p: [f64; 2]) -> [f64; 2] {
        let (x, y) = (p[0] - 0.5, p[1] - 0.5);
        if !(x >= 0.0 && y >= 0.0 && x < (self.w - 1) as f64 && y < (self.h - 1) as f64) {
            return [0.0, 0.0];
        }
        let (x0, y0) = (x as usize, y as usize);
        let (fx, fy) = (x - x0 as f64, y - y0 as f64);
        let s = |v: &Vec<f32>| {
            let i = y0 * self.w + x0;
            let a = v[i] as f64 * (1.0 - fx) + v[i + 1] as f64 * fx;
            let b = v[i + self.w] as f64 * (1.0 - fx) + v[i + self.w + 1] as f64 * fx;
            a * (1.0 - fy) + b * fy
        };
        [s(&self.gx), s(&self.gy)]
    }
}

/// Spread (mm) of the prior on the die centre from its outline.
const PRIOR_MM: f64 = 2.5;

/// A fitted top face.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub centre_mm: [f64; 2],
    pub yaw: f64,
    pub corners_mm: [[f64; 2]; 5],
    pub corners_px: [[f64; 2]; 5],
    /// Mean edge strength along the fitted outline.
    pub score: f64,
}

fn outline_score(g: &Gradients, px: &[[f64; 2]; 5]) -> f64 {
    let mut s = 0.0;
    let mut n = 0.0;
    for k in 0..5 {
        let (a, b) = (px[k], px[(k + 1) % 5]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = dx.hypot(dy).max(1e-9);
        let nrm = [-dy / len, dx / len];
        for i in 1..8 {
            let t = i as f64 / 8.0;
            let gr = g.at([a[0] + t * dx, a[1] + t * dy]);
            s += (gr[0] * nrm[0] + gr[1] * nrm[1]).abs();
            n += 1.0;
        }
    }
    s / n
}

fn project5(
    pose: &Pose,
    shape: &DieShape,
    c: [f64; 2],
    yaw: f64,
) -> Option<([[f64; 2]; 5], [[f64; 2]; 5])> {
    let mm = shape.top_corners(c, yaw);
    let h = shape.height_mm();
    let mut px = [[0.0; 2]; 5];
    for k in 0..5 {
        px[k] = pose.project([mm[k][0], mm[k][1], -h])?;
    }
    Some((mm, px))
}

/// Searches around `start` (board mm of the die centre) within `radius_mm`.
pub fn fit_top(
    g: &Gradients,
    pose: &Pose,
    shape: &DieShape,
    start: [f64; 2],
    radius_mm: f64,
) -> Option<Fit> {
    let mut best: Option<(f64, [f64; 2], f64)> = None;
    let consider = |c: [f64; 2], yaw: f64, best: &mut Option<(f64, [f64; 2], f64)>| {
        if let Some((_, px)) = project5(pose, shape, c, yaw) {
            // The outline's position is known to a few mm: prefer fits near it.
            let d2 = (c[0] - start[0]).powi(2) + (c[1] - start[1]).powi(2);
            let s = outline_score(g, &px) * (-d2 / (2.0 * PRIOR_MM * PRIOR_MM)).exp();
            if best.map_or(true, |b| s > b.0) {
                *best = Some((s, c, yaw));
            }
        }
    };
    let step = 1.5;
    let n = (radius_mm / step).floor() as i32;
    for i in -n..=n {
        for j in -n..=n {
            let c = [start[0] + i as f64 * step, start[1] + j as f64 * step];
            for k in 0..24 {
                consider(c, (k as f64 * 3.0).to_radians(), &mut best);
            }
        }
    }
    // Two refinements, each a finer grid around the best so far.
    for (dstep, ystep) in [(0.5, 1.0f64), (0.15, 0.3)] {
        let (_, c0, y0) = best?;
        let m = if radius_mm > 0.0 { 3 } else { 0 };
        for i in -m..=m {
            for j in -m..=m {
                for k in -3..=3 {
                    consider(
                        [c0[0] + i as f64 * dstep, c0[1] + j as f64 * dstep],
                        y0 + (k as f64 * ystep).to_radians(),
                        &mut best,
                    );
                }
            }
        }
    }
    let (score, c, yaw) = best?;
    let (mm, px) = project5(pose, shape, c, yaw)?;
    Some(Fit {
        centre_mm: c,
        yaw,
        corners_mm: mm,
        corners_px: px,
        score,
    })
}
