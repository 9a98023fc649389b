//! Finding dice by their outline: a second, colour-free way to propose
//! candidates.
//!
//! [`crate::detect`] finds dice that differ in colour from the board; it
//! misses a white die on the ivory bone rim (its faces are the rim's colour,
//! its grey sides look like shadow) and drops a die that touches a spider
//! web or a printed glyph (the two merge into one blob too big for a die).
//! Both still show the die's outline: an edge all the way round at the
//! die's known size. This detector scores every position by how much of a
//! die-sized ring, projected through the calibration, lies on an image edge
//! running along the ring, and proposes the local maxima.
//!
//! Each ring sample's evidence saturates (a few strong edges, such as a
//! straight printed line crossing the ring, count for little), and each
//! sample takes the best of three radii, since a d12 seen from above is a
//! decagon, not a circle, and a tilted view flattens it unevenly.

use crate::area::{in_any, merged, PxRect};
use crate::detect::Candidate;
use crate::pose::Pose;
use crate::shape::DieShape;
use opencv::core::{Mat, Size, Vector, CV_32F};
use opencv::imgproc;
use opencv::prelude::*;
use tw_board::Board;

/// Samples around the ring.
const ANGLES: usize = 24;
/// Radii tried per sample, as fractions of the die's outline radius.
const RADII: [f64; 3] = [0.85, 0.95, 1.05];
/// Gradient (Sobel units) at which a sample counts half.
const HALF: f32 = 30.0;
/// Ring score (see [`aggregate`]) a proposal needs: low enough to keep
/// nearly every die; the proposals off the dice (printed glyphs, web rings,
/// marker corners) are left to the fit and the verifier (figures:
/// docs/measurements/2026-11-26-target-reader-history.md).
pub const MIN_RESPONSE: f32 = 0.5;
/// Image tile (px) sharing one projected ring shape.
const TILE: usize = 32;
/// Positions are scored every STEP pixels.
const STEP: usize = 2;
/// How far beyond the board's outer edge (in outline radii) dice are sought.
const MARGIN_RADII: f64 = 3.0;

/// [`colour_gradient`] of the whole frame, filled in on `crops` only (zero
/// elsewhere); each crop is blurred and differentiated on its own, so
/// within a couple of pixels of a crop's edge the values differ slightly
/// from the whole frame's.
fn colour_gradient_on(img: &Mat, crops: &[PxRect]) -> opencv::Result<(Vec<f32>, Vec<f32>)> {
    let w = img.cols() as usize;
    let n = (img.rows() * img.cols()) as usize;
    let (mut gx, mut gy) = (vec![0f32; n], vec![0f32; n]);
    for c in crops {
        let sub = Mat::roi(img, c.to_cv())?.try_clone()?;
        let (sx, sy) = colour_gradient(&sub)?;
        let cw = c.width() as usize;
        for (row, y) in (c.y0..c.y1).enumerate() {
            let at = y as usize * w + c.x0 as usize;
            gx[at..at + cw].copy_from_slice(&sx[row * cw..(row + 1) * cw]);
            gy[at..at + cw].copy_from_slice(&sy[row * cw..(row + 1) * cw]);
        }
    }
    Ok((gx, gy))
}

/// Per-pixel colour gradient: each pixel takes the channel whose gradient is
/// strongest (a red die on a brown section may differ in one channel only).
fn colour_gradient(img: &Mat) -> opencv::Result<(Vec<f32>, Vec<f32>)> {
    let mut smooth = Mat::default();
    imgproc::gaussian_blur(
        img,
        &mut smooth,
        Size::new(0, 0),
        1.0,
        1.0,
        opencv::core::BORDER_REPLICATE,
    )?;
    let mut chans = Vector::<Mat>::new();
    opencv::core::split(&smooth, &mut chans)?;
    let n = (img.rows() * img.cols()) as usize;
    let (mut gx, mut gy) = (vec![0f32; n], vec![0f32; n]);
    let mut best = vec![0f32; n];
    for c in 0..3 {
        let ch = chans.get(c)?;
        let (mut dx, mut dy) = (Mat::default(), Mat::default());
        imgproc::sobel(
            &ch,
            &mut dx,
            CV_32F,
            1,
            0,
            3,
            1.0,
            0.0,
            opencv::core::BORDER_REPLICATE,
        )?;
        imgproc::sobel(
            &ch,
            &mut dy,
            CV_32F,
            0,
            1,
            3,
            1.0,
            0.0,
            opencv::core::BORDER_REPLICATE,
        )?;
        let (dx, dy) = (dx.data_typed::<f32>()?, dy.data_typed::<f32>()?);
        for i in 0..n {
            let m = dx[i] * dx[i] + dy[i] * dy[i];
            if m > best[i] {
                best[i] = m;
                gx[i] = dx[i];
                gy[i] = dy[i];
            }
        }
    }
    Ok((gx, gy))
}

/// A ring's score: the evidence that four in five of its angles reach
/// (the 20th percentile over angles). A straight line or a band as wide as a
/// die (the bone rim seen from afar) lies on the ring at a few angles only;
/// a die's outline holds nearly all round. The mean over angles keeps the
/// same dice with many times the proposals.
fn aggregate(per: &mut [f32; ANGLES]) -> f32 {
    per.sort_by(|a, b| a.total_cmp(b));
    per[ANGLES / 5]
}

/// One ring sample: pixel offset from the centre and the ring's outward normal there.
#[derive(Clone, Copy)]
struct Sample {
    dx: i32,
    dy: i32,
    nx: f32,
    ny: f32,
}

/// The ring around the die centred under image point `c`, as offsets:
/// `ANGLES` groups of `RADII.len()` samples.
fn ring_at(pose: &Pose, shape: &DieShape, c: [f64; 2]) -> Option<Vec<Sample>> {
    let h = shape.height_mm() / 2.0;
    let p = pose.unproject_at_height(c, h)?;
    let r = shape.outline_radius_mm();
    let mut out = Vec::with_capacity(ANGLES * RADII.len());
    for k in 0..ANGLES {
        let a = k as f64 * std::f64::consts::TAU / ANGLES as f64;
        let (ca, sa) = (a.cos(), a.sin());
        for s in RADII {
            let q = pose.project([p[0] + s * r * ca, p[1] + s * r * sa, -h])?;
            let q2 = pose.project([p[0] + 1.1 * s * r * ca, p[1] + 1.1 * s * r * sa, -h])?;
            let (nx, ny) = (q2[0] - q[0], q2[1] - q[1]);
            let len = nx.hypot(ny).max(1e-9);
            out.push(Sample {
                dx: (q[0] - c[0]).round() as i32,
                dy: (q[1] - c[1]).round() as i32,
                nx: (nx / len) as f32,
                ny: (ny / len) as f32,
            });
        }
    }
    Some(out)
}

/// Ring response over the frame, sampled every `STEP` px (0 where not scored).
pub fn response(
    img: &Mat,
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
) -> opencv::Result<(Vec<f32>, usize, usize)> {
    response_in(img, pose, shape, board, None)
}

/// [`response`] scored only at positions inside `areas` (`None`: everywhere),
/// with the gradient worked out on the areas grown by the ring's reach.
fn response_in(
    img: &Mat,
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
    areas: Option<&[PxRect]>,
) -> opencv::Result<(Vec<f32>, usize, usize)> {
    let (w, h) = (img.cols() as usize, img.rows() as usize);
    let (gx, gy) = match areas {
        None => colour_gradient(img)?,
        Some(areas) => {
            let frame = PxRect::frame(w as i32, h as i32);
            let crops: Vec<PxRect> = areas
                .iter()
                .map(|a| {
                    // Rings reach 1.05 outline radii (more where a tilted
                    // view stretches them), the blur and Sobel a few px.
                    let r = crate::detect::max_radius_px(pose, shape, a);
                    a.grown((1.6 * r).ceil() as i32 + 4).clipped(&frame)
                })
                .collect();
            colour_gradient_on(img, &merged(&crops))?
        }
    };
    let scored = |x: usize, y: usize| areas.is_none_or(|a| in_any(a, [x as f64, y as f64]));
    let tile_meets = |tx: usize, ty: usize| {
        areas.is_none_or(|a| {
            let t = PxRect {
                x0: tx as i32,
                y0: ty as i32,
                x1: (tx + TILE) as i32,
                y1: (ty + TILE) as i32,
            };
            a.iter().any(|r| !r.clipped(&t).is_empty())
        })
    };
    let (sw, sh) = (w.div_ceil(STEP), h.div_ceil(STEP));
    let mut out = vec![0f32; sw * sh];
    let reach = board.outer_radius() + MARGIN_RADII * shape.outline_radius_mm();
    let centre = board.centre();
    for ty in (0..h).step_by(TILE) {
        for tx in (0..w).step_by(TILE) {
            if !tile_meets(tx, ty) {
                continue;
            }
            let c = [(tx + TILE / 2) as f64, (ty + TILE / 2) as f64];
            let Some(p) = pose.unproject_at_height(c, shape.height_mm() / 2.0) else {
                continue;
            };
            if (p[0] - centre[0]).hypot(p[1] - centre[1]) > reach {
                continue;
            }
            let Some(ring) = ring_at(pose, shape, c) else {
                continue;
            };
            for y in (ty..(ty + TILE).min(h)).step_by(STEP) {
                for x in (tx..(tx + TILE).min(w)).step_by(STEP) {
                    if !scored(x, y) {
                        continue;
                    }
                    let mut per = [0f32; ANGLES];
                    for (gi, group) in ring.chunks(RADII.len()).enumerate() {
                        let mut best = 0f32;
                        for s in group {
                            let (qx, qy) = (x as i32 + s.dx, y as i32 + s.dy);
                            if qx < 0 || qy < 0 || qx >= w as i32 || qy >= h as i32 {
                                continue;
                            }
                            let i = qy as usize * w + qx as usize;
                            let g = (gx[i] * s.nx + gy[i] * s.ny).abs();
                            best = best.max(g / (g + HALF));
                        }
                        per[gi] = best;
                    }
                    out[(y / STEP) * sw + x / STEP] = aggregate(&mut per);
                }
            }
        }
    }
    Ok((out, sw, sh))
}

/// Suppression radius of a proposal, in die outline radii: a proposal is
/// the highest response within it.
const SUPPRESS_RADII: f64 = 0.5;

/// The narrower suppression of a second-rank proposal ([`proposals`]).
const NEAR_SUPPRESS_RADII: f64 = 0.3;

/// Local maxima of the ring response above [`MIN_RESPONSE`], as candidates.
pub fn ring_candidates(
    img: &Mat,
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
) -> opencv::Result<Vec<Candidate>> {
    Ok(proposals(img, pose, shape, board)?.0)
}

/// [`ring_candidates`], and beside them the second rank: maxima within
/// 0.3 of a die's outline radius that a higher response within 0.5 hides.
/// A white die beside a spider web sits on the slope of the web's much
/// stronger ring, so the die's own peak is suppressed; the reader places
/// these by their regions rather than fitting them all (see
/// `crate::read`), since most lie on web threads.
pub fn proposals(
    img: &Mat,
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
) -> opencv::Result<(Vec<Candidate>, Vec<Candidate>)> {
    proposals_in(img, pose, shape, board, None)
}

/// [`proposals`] centred inside `areas` only (`None`: the whole frame).
pub fn proposals_in(
    img: &Mat,
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
    areas: Option<&[PxRect]>,
) -> opencv::Result<(Vec<Candidate>, Vec<Candidate>)> {
    let (r, sw, sh) = response_in(img, pose, shape, board, areas)?;
    // Whether (x, y) is the highest response within `k` samples; ties go
    // to the first in scan order.
    let is_max = |x: usize, y: usize, k: i64| -> bool {
        let v = r[y * sw + x];
        for dy in -k..=k {
            for dx in -k..=k {
                let (xx, yy) = (x as i64 + dx, y as i64 + dy);
                if (dx, dy) == (0, 0) || xx < 0 || yy < 0 || xx >= sw as i64 || yy >= sh as i64 {
                    continue;
                }
                let u = r[yy as usize * sw + xx as usize];
                if u > v || (u == v && (dy < 0 || (dy == 0 && dx < 0))) {
                    return false;
                }
            }
        }
        true
    };
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for y in 0..sh {
        for x in 0..sw {
            let v = r[y * sw + x];
            if v < MIN_RESPONSE {
                continue;
            }
            let c = [(x * STEP) as f64, (y * STEP) as f64];
            let Some(at) = pose.unproject_at_height(c, shape.height_mm() / 2.0) else {
                continue;
            };
            let rad = crate::detect::die_radius_px(pose, shape, at);
            let k = |radii: f64| ((radii * rad) / STEP as f64).ceil().max(1.0) as i64;
            let near_max = is_max(x, y, k(NEAR_SUPPRESS_RADII));
            if !near_max {
                continue;
            }
            let cand = Candidate {
                centroid_px: c,
                area_px: 0.0,
                ring_score: v as f64,
                expected_px: std::f64::consts::PI * rad * rad,
            };
            if is_max(x, y, k(SUPPRESS_RADII)) {
                first.push(cand);
            } else {
                second.push(cand);
            }
        }
    }
    Ok((first, second))
}
