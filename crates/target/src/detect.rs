//! Finding die-sized objects on the board without a reference frame.
//!
//! A die is small against the board's printed regions, so it stands out from
//! a *local median* of the image taken over a window a few dice wide: region
//! borders and printed numbers are thin and vanish under a small opening,
//! holes and markers are far larger than a die and fail the size test. The
//! expected size comes from the calibration, so no pixel sizes are tuned.

use crate::pose::Pose;
use crate::shape::DieShape;
use opencv::core::{Mat, Point, Scalar, Size, CV_8U};
use opencv::imgproc;
use opencv::prelude::*;
use std::collections::HashMap;
use tw_board::{Board, Region};

#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub centroid_px: [f64; 2],
    /// Foreground area of the blob (colour proposals; 0 for outline ones).
    pub area_px: f64,
    /// Outline score (outline proposals, see `ring`; 0 for colour ones).
    pub ring_score: f64,
    /// Expected silhouette area of a die here.
    pub expected_px: f64,
}

/// Pixel radius of a die outline near board point `p`.
pub fn die_radius_px(pose: &Pose, shape: &DieShape, p: [f64; 2]) -> f64 {
    let h = shape.height_mm() / 2.0;
    let r = shape.outline_radius_mm();
    let (Some(a), Some(b), Some(c)) = (
        pose.project([p[0], p[1], -h]),
        pose.project([p[0] + r, p[1], -h]),
        pose.project([p[0], p[1] + r, -h]),
    ) else {
        return 0.0;
    };
    0.5 * ((b[0] - a[0]).hypot(b[1] - a[1]) + (c[0] - a[0]).hypot(c[1] - a[1]))
}

/// Candidate dice in `img` (BGR), and the foreground mask they came from.
pub fn find_candidates(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
) -> opencv::Result<(Vec<Candidate>, Mat)> {
    let closed = foreground(img, board_to_image, board)?;
    let c = components(&closed, pose, shape)?;
    Ok((c, closed))
}

/// Whether `q` lies inside convex polygon `poly` (either winding).
pub fn inside_convex(poly: &[[f64; 2]], q: [f64; 2]) -> bool {
    let n = poly.len();
    let area2: f64 = (0..n)
        .map(|k| {
            let (a, b) = (poly[k], poly[(k + 1) % n]);
            a[0] * b[1] - a[1] * b[0]
        })
        .sum();
    let sign = area2.signum();
    (0..n).all(|k| {
        let (a, b) = (poly[k], poly[(k + 1) % n]);
        sign * ((b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])) >= 0.0
    })
}

/// The pixels (x, y) of a `w`×`h` image whose centres lie inside convex polygon `poly`.
pub fn pixels_in(poly: &[[f64; 2]], w: i32, h: i32) -> Vec<(i32, i32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in poly {
        x0 = x0.min(p[0]);
        y0 = y0.min(p[1]);
        x1 = x1.max(p[0]);
        y1 = y1.max(p[1]);
    }
    let mut out = Vec::new();
    for y in (y0.floor().max(0.0) as i32)..=(y1.ceil().min(h as f64 - 1.0) as i32) {
        for x in (x0.floor().max(0.0) as i32)..=(x1.ceil().min(w as f64 - 1.0) as i32) {
            if inside_convex(poly, [x as f64, y as f64]) {
                out.push((x, y));
            }
        }
    }
    out
}

/// Fraction of the pixels inside convex polygon `poly` that are set in `mask`.
pub fn coverage(mask: &Mat, poly: &[[f64; 2]]) -> opencv::Result<f64> {
    let (w, h) = (mask.cols(), mask.rows());
    let data = mask.data_bytes()?;
    let px = pixels_in(poly, w, h);
    let all = px.len();
    let set = px
        .iter()
        .filter(|(x, y)| data[(y * w + x) as usize] > 0)
        .count();
    Ok(if all == 0 {
        0.0
    } else {
        set as f64 / all as f64
    })
}

fn inverse(m: &[[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    let c =
        |r0: usize, c0: usize, r1: usize, c1: usize| m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0];
    [
        [
            c(1, 1, 2, 2) / det,
            -c(0, 1, 2, 2) / det,
            c(0, 1, 1, 2) / det,
        ],
        [
            -c(1, 0, 2, 2) / det,
            c(0, 0, 2, 2) / det,
            -c(0, 0, 1, 2) / det,
        ],
        [
            c(1, 0, 2, 1) / det,
            -c(0, 0, 2, 1) / det,
            c(0, 0, 1, 1) / det,
        ],
    ]
}

/// Region key of a board point: sections, holes, rim and outside each
/// get their own number.
fn region_key(board: &Board, p: [f64; 2]) -> u32 {
    match board.region_at(p) {
        Region::Section { ring, sector } => 16 + (ring as u32) * 64 + sector as u32,
        Region::Hole(i) => 1 + i as u32,
        Region::Bone => 14,
        Region::Outside => 15,
    }
}

/// The board as it should look without dice (BGR, same size as `img`).
fn expected_board(img: &Mat, board_to_image: &[[f64; 3]; 3], board: &Board) -> opencv::Result<Mat> {
    const TILE: usize = 40; // at half resolution: 80 px of the frame
    let mut small = Mat::default();
    imgproc::resize(
        img,
        &mut small,
        Size::new(0, 0),
        0.5,
        0.5,
        imgproc::INTER_AREA,
    )?;
    let (w, h) = (small.cols() as usize, small.rows() as usize);
    let inv = inverse(board_to_image);
    let keys: Vec<u32> = (0..w * h)
        .map(|i| {
            let (x, y) = (2.0 * (i % w) as f64 + 1.0, 2.0 * (i / w) as f64 + 1.0);
            let z = inv[2][0] * x + inv[2][1] * y + inv[2][2];
            let p = [
                (inv[0][0] * x + inv[0][1] * y + inv[0][2]) / z,
                (inv[1][0] * x + inv[1][1] * y + inv[1][2]) / z,
            ];
            region_key(board, p)
        })
        .collect();
    let data = small.data_bytes()?.to_vec();
    // Samples per (region, tile) and per region.
    let (tw, th) = (w.div_ceil(TILE), h.div_ceil(TILE));
    let mut per_tile: HashMap<(u32, usize), [Vec<u8>; 3]> = HashMap::new();
    let mut per_region: HashMap<u32, [Vec<u8>; 3]> = HashMap::new();
    for i in 0..w * h {
        let t = (i / w / TILE) * tw + (i % w) / TILE;
        let e = per_tile.entry((keys[i], t)).or_default();
        let r = per_region.entry(keys[i]).or_default();
        for c in 0..3 {
            e[c].push(data[3 * i + c]);
            r[c].push(data[3 * i + c]);
        }
    }
    let med = |v: &mut Vec<u8>| {
        let n = v.len() / 2;
        *v.select_nth_unstable(n).1
    };
    let region_med: HashMap<u32, [u8; 3]> = per_region
        .iter_mut()
        .map(|(k, v)| (*k, [med(&mut v[0]), med(&mut v[1]), med(&mut v[2])]))
        .collect();
    // A tile's median is trusted only where its pooled neighbourhood holds
    // enough of the region (a full tile's worth) that a die stays a small
    // minority of it; it then follows lighting gradients and glare too.
    // Elsewhere the region's median over the whole frame stands in.
    // Each tile's median pools its 3×3 neighbourhood of tiles: a narrow
    // region (the bone rim, a hole) holds few pixels per tile, and a die
    // lying on it must stay a minority of the pixels its median is taken
    // over, or the expected board takes the die's colour and the die
    // vanishes.
    let pooled: Vec<((u32, usize), [Vec<u8>; 3])> = per_tile
        .keys()
        .map(|&(key, t)| {
            let (tx, ty) = ((t % tw) as i64, (t / tw) as i64);
            let mut v: [Vec<u8>; 3] = Default::default();
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (x, y) = (tx + dx, ty + dy);
                    if x < 0 || y < 0 || x >= tw as i64 || y >= th as i64 {
                        continue;
                    }
                    if let Some(s) = per_tile.get(&(key, (y as usize) * tw + x as usize)) {
                        for c in 0..3 {
                            v[c].extend_from_slice(&s[c]);
                        }
                    }
                }
            }
            ((key, t), v)
        })
        .collect();
    let tile_med: HashMap<(u32, usize), [u8; 3]> = pooled
        .into_iter()
        .filter(|(_, v)| v[0].len() >= TILE * TILE)
        .map(|(k, mut v)| (k, [med(&mut v[0]), med(&mut v[1]), med(&mut v[2])]))
        .collect();
    let mut bg_small = Mat::new_rows_cols_with_default(
        h as i32,
        w as i32,
        opencv::core::CV_8UC3,
        Scalar::all(0.0),
    )?;
    {
        let out = bg_small.data_bytes_mut()?;
        for i in 0..w * h {
            let t = (i / w / TILE) * tw + (i % w) / TILE;
            let c = tile_med
                .get(&(keys[i], t))
                .or_else(|| region_med.get(&keys[i]))
                .copied()
                .unwrap_or([0, 0, 0]);
            out[3 * i..3 * i + 3].copy_from_slice(&c);
        }
    }
    let mut bg = Mat::default();
    imgproc::resize(
        &bg_small,
        &mut bg,
        img.size()?,
        0.0,
        0.0,
        imgproc::INTER_NEAREST,
    )?;
    Ok(bg)
}

/// Pixels that differ from the expected board as a die would (mask, 0/255).
///
/// The expected board is painted from the image itself: every pixel is
/// assigned its board region (through the calibration), and each region, per
/// 80-pixel tile pooled with its eight neighbours (so lighting gradients and
/// glare are followed), gets its median colour. A die covers a small part of
/// such a neighbourhood, so the medians are the print.
pub fn foreground(img: &Mat, board_to_image: &[[f64; 3]; 3], board: &Board) -> opencv::Result<Mat> {
    let bg = expected_board(img, board_to_image, board)?;
    // Difference that ignores plain darkening (shadows): chroma change or brightening.
    let (w, h) = (img.cols() as usize, img.rows() as usize);
    let mut mask = Mat::new_rows_cols_with_default(h as i32, w as i32, CV_8U, Scalar::all(0.0))?;
    {
        let a = img.data_bytes()?;
        let b = bg.data_bytes()?;
        let m = mask.data_bytes_mut()?;
        for i in 0..w * h {
            let p = [a[3 * i] as f64, a[3 * i + 1] as f64, a[3 * i + 2] as f64];
            let q = [b[3 * i] as f64, b[3 * i + 1] as f64, b[3 * i + 2] as f64];
            let (sp, sq) = (p[0] + p[1] + p[2] + 1.0, q[0] + q[1] + q[2] + 1.0);
            // Chroma distance scaled back to intensity units.
            let chroma =
                (0..3).map(|c| (p[c] / sp - q[c] / sq).abs()).sum::<f64>() * sp.max(sq) / 3.0;
            let bright = (sp - sq) / 3.0;
            if chroma > 28.0 || bright > 30.0 {
                m[i] = 255;
            }
        }
    }
    let kern = imgproc::get_structuring_element(
        imgproc::MORPH_ELLIPSE,
        Size::new(3, 3),
        Point::new(-1, -1),
    )?;
    let mut opened = Mat::default();
    imgproc::morphology_ex(
        &mask,
        &mut opened,
        imgproc::MORPH_OPEN,
        &kern,
        Point::new(-1, -1),
        1,
        opencv::core::BORDER_CONSTANT,
        Scalar::all(0.0),
    )?;
    let mut closed = Mat::default();
    imgproc::morphology_ex(
        &opened,
        &mut closed,
        imgproc::MORPH_CLOSE,
        &kern,
        Point::new(-1, -1),
        2,
        opencv::core::BORDER_CONSTANT,
        Scalar::all(0.0),
    )?;
    Ok(closed)
}

fn components(closed: &Mat, pose: &Pose, shape: &DieShape) -> opencv::Result<Vec<Candidate>> {
    let (mut labels, mut stats, mut cents) = (Mat::default(), Mat::default(), Mat::default());
    let n = imgproc::connected_components_with_stats(
        closed,
        &mut labels,
        &mut stats,
        &mut cents,
        8,
        opencv::core::CV_32S,
    )?;
    let mut out = Vec::new();
    for i in 1..n {
        let area = *stats.at_2d::<i32>(i, imgproc::CC_STAT_AREA)? as f64;
        let c = [*cents.at_2d::<f64>(i, 0)?, *cents.at_2d::<f64>(i, 1)?];
        let Some(at) = pose.unproject_at_height(c, shape.height_mm() / 2.0) else {
            continue;
        };
        let r = die_radius_px(pose, shape, at);
        let expected = std::f64::consts::PI * r * r;
        if area > 0.15 * expected && area < 2.6 * expected {
            out.push(Candidate {
                centroid_px: c,
                area_px: area,
                ring_score: 0.0,
                expected_px: expected,
            });
        }
    }
    Ok(out)
}
