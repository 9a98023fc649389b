//! Finding die-sized objects on the board without a reference frame.
//!
//! A die is small against the board's printed regions, so it stands out from
//! a *local median* of the image taken over a window a few dice wide: region
//! borders and printed numbers are thin and vanish under a small opening,
//! holes and markers are far larger than a die and fail the size test. A
//! blob that may hold a die and more (a die against a spider web's
//! threads) is also opened about a third of a die wide, and its die-sized
//! parts proposed. The expected size comes from the calibration, so no
//! pixel sizes are tuned.

use crate::area::{in_any, merged, PxRect};
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

/// Frame pixels per tile of the colour detector's expected board (its
/// tiles are 40 px at half resolution).
const TILE_PX: i32 = 80;

/// [`find_candidates`] limited to `areas` (pixel rectangles): the expected
/// board is painted on crops round them only, each with the context the
/// whole frame would give it there (crops start on the whole frame's tile
/// grid and reach a tile beyond the blobs an area's dice can make, so the
/// tiles under an area pool the same neighbours), and only blobs centred
/// in an area are proposed. The mask is frame-sized, empty off the crops.
/// `None` reads the whole frame.
pub fn find_candidates_in(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
    areas: Option<&[PxRect]>,
) -> opencv::Result<(Vec<Candidate>, Mat)> {
    let Some(areas) = areas else {
        return find_candidates(img, board_to_image, pose, shape, board);
    };
    let frame = PxRect::frame(img.cols(), img.rows());
    let crops: Vec<PxRect> = areas
        .iter()
        .map(|a| {
            // A blob centred in the area reaches at most a merged die and
            // a half beyond it.
            let r = max_radius_px(pose, shape, a);
            a.grown((3.0 * r).ceil() as i32)
                .aligned(TILE_PX)
                .grown(TILE_PX)
                .clipped(&frame)
        })
        .collect();
    let mut mask =
        Mat::new_rows_cols_with_default(img.rows(), img.cols(), CV_8U, Scalar::all(0.0))?;
    for c in merged(&crops) {
        let sub = Mat::roi(img, c.to_cv())?.try_clone()?;
        let m = foreground(&sub, &shifted(board_to_image, c.x0, c.y0), board)?;
        let mut dst = Mat::roi_mut(&mut mask, c.to_cv())?;
        m.copy_to(&mut dst)?;
    }
    let c = components(&mask, pose, shape)?
        .into_iter()
        .filter(|c| in_any(areas, c.centroid_px))
        .collect();
    Ok((c, mask))
}

/// The largest die outline radius (px) at the corners and centre of `r`.
pub fn max_radius_px(pose: &Pose, shape: &DieShape, r: &PxRect) -> f64 {
    let (x0, y0, x1, y1) = (r.x0 as f64, r.y0 as f64, r.x1 as f64, r.y1 as f64);
    [
        [x0, y0],
        [x1, y0],
        [x0, y1],
        [x1, y1],
        [(x0 + x1) / 2.0, (y0 + y1) / 2.0],
    ]
    .into_iter()
    .filter_map(|p| pose.unproject_at_height(p, shape.height_mm() / 2.0))
    .map(|at| die_radius_px(pose, shape, at))
    .fold(8.0, f64::max)
}

/// `h` (board mm → frame px) for a crop whose corner is frame pixel (x0, y0).
pub fn shifted(h: &[[f64; 3]; 3], x0: i32, y0: i32) -> [[f64; 3]; 3] {
    let (x0, y0) = (x0 as f64, y0 as f64);
    [
        std::array::from_fn(|j| h[0][j] - x0 * h[2][j]),
        std::array::from_fn(|j| h[1][j] - y0 * h[2][j]),
        h[2],
    ]
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
        Region::Hole(i) => HOLE_KEYS + i as u32,
        Region::Bone => 14,
        Region::Outside => 15,
    }
}

/// Region keys from here on are holes (above any section's key).
const HOLE_KEYS: u32 = 1 << 20;

/// Whether a region key (see [`region_key`]) is a hole.
fn is_hole_key(key: u32) -> bool {
    key >= HOLE_KEYS
}

fn median_u8(v: &mut [u8]) -> u8 {
    let n = v.len() / 2;
    *v.select_nth_unstable(n).1
}

/// The colour a region's pixels typically show: the per-channel median,
/// which holds while a die is a minority of them. A hole is small, and a
/// spider web on it splits it between black and thread, so a die lying
/// on it can outweigh either and pull the median to its own colour; there
/// the most common colour (in coarse bins) stands in, refined by the
/// median of the pixels in that bin.
fn typical(key: u32, v: &mut [Vec<u8>; 3]) -> [u8; 3] {
    if !is_hole_key(key) || v[0].is_empty() {
        return [
            median_u8(&mut v[0]),
            median_u8(&mut v[1]),
            median_u8(&mut v[2]),
        ];
    }
    // 8 levels a channel: 512 bins.
    let bins: Vec<usize> = (0..v[0].len())
        .map(|i| {
            ((v[0][i] >> 5) as usize) << 6
                | ((v[1][i] >> 5) as usize) << 3
                | (v[2][i] >> 5) as usize
        })
        .collect();
    let mut counts = [0u32; 512];
    for &b in &bins {
        counts[b] += 1;
    }
    let mode = (0..512).max_by_key(|&b| counts[b]).unwrap_or(0);
    let mut sel: [Vec<u8>; 3] = Default::default();
    for (i, _) in bins.iter().enumerate().filter(|(_, &b)| b == mode) {
        for (c, s) in sel.iter_mut().enumerate() {
            s.push(v[c][i]);
        }
    }
    [
        median_u8(&mut sel[0]),
        median_u8(&mut sel[1]),
        median_u8(&mut sel[2]),
    ]
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
    let region_med: HashMap<u32, [u8; 3]> = per_region
        .iter_mut()
        .map(|(k, v)| (*k, typical(*k, v)))
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
        .map(|(k, mut v)| (k, typical(k.0, &mut v)))
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
    // Specks go, then small gaps inside a die close.
    let opened = morph(&mask, imgproc::MORPH_OPEN, 3, 1)?;
    let closed = morph(&opened, imgproc::MORPH_CLOSE, 3, 2)?;
    Ok(closed)
}

fn components(closed: &Mat, pose: &Pose, shape: &DieShape) -> opencv::Result<Vec<Candidate>> {
    let mut out = Vec::new();
    for blob in blobs(closed, [0, 0])? {
        let Some(at) = pose.unproject_at_height(blob.centroid, shape.height_mm() / 2.0) else {
            continue;
        };
        let r = die_radius_px(pose, shape, at);
        let expected = std::f64::consts::PI * r * r;
        let whole = blob.area > 0.15 * expected && blob.area < 2.6 * expected;
        if whole {
            out.push(Candidate {
                centroid_px: blob.centroid,
                area_px: blob.area,
                ring_score: 0.0,
                expected_px: expected,
            });
        }
        if blob.area >= MERGED_ABOVE * expected {
            // A part centred where the whole blob is adds nothing.
            out.extend(
                split_merged(&blob, r, pose, shape)?
                    .into_iter()
                    .filter(|c| {
                        !whole
                            || (c.centroid_px[0] - blob.centroid[0])
                                .hypot(c.centroid_px[1] - blob.centroid[1])
                                > 0.3 * r
                    }),
            );
        }
    }
    Ok(out)
}

/// A blob this many times a die's expected area may be a die merged with
/// something (a web's threads, another die): its die-sized parts are
/// proposed too. Below 2.6 times the blob itself is also proposed. A white
/// die on a pale section shows only part of itself, so with a few threads
/// its blob can be no larger than a die yet centred 15 mm off, so even a
/// blob of one die's area is split.
const MERGED_ABOVE: f64 = 1.0;

/// One connected component of a mask.
struct Blob {
    centroid: [f64; 2],
    area: f64,
    /// Bounding box: x, y, width, height (px).
    bbox: [i32; 4],
    label: i32,
    labels: std::rc::Rc<Mat>,
}

/// The connected components of `mask` (0/255), positions offset by `origin`.
fn blobs(mask: &Mat, origin: [i32; 2]) -> opencv::Result<Vec<Blob>> {
    let (mut labels, mut stats, mut cents) = (Mat::default(), Mat::default(), Mat::default());
    let n = imgproc::connected_components_with_stats(
        mask,
        &mut labels,
        &mut stats,
        &mut cents,
        8,
        opencv::core::CV_32S,
    )?;
    let labels = std::rc::Rc::new(labels);
    let mut out = Vec::new();
    for i in 1..n {
        let st = |k| stats.at_2d::<i32>(i, k).copied();
        out.push(Blob {
            centroid: [
                *cents.at_2d::<f64>(i, 0)? + origin[0] as f64,
                *cents.at_2d::<f64>(i, 1)? + origin[1] as f64,
            ],
            area: st(imgproc::CC_STAT_AREA)? as f64,
            bbox: [
                st(imgproc::CC_STAT_LEFT)?,
                st(imgproc::CC_STAT_TOP)?,
                st(imgproc::CC_STAT_WIDTH)?,
                st(imgproc::CC_STAT_HEIGHT)?,
            ],
            label: i,
            labels: labels.clone(),
        });
    }
    Ok(out)
}

/// `mask` opened by a disc about 0.6 of a die's radius `r` (px) across:
/// lines and joins narrower than that go, a die's compact body stays.
fn without_threads(mask: &Mat, r: f64) -> opencv::Result<Mat> {
    morph(
        mask,
        imgproc::MORPH_OPEN,
        ((0.6 * r).round() as i32).max(3) | 1,
        1,
    )
}

/// `mask` under morphology `op` with a `size`-pixel ellipse, `times` over
/// (nothing beyond the frame counts as foreground).
fn morph(mask: &Mat, op: i32, size: i32, times: i32) -> opencv::Result<Mat> {
    let kern = imgproc::get_structuring_element(
        imgproc::MORPH_ELLIPSE,
        Size::new(size, size),
        Point::new(-1, -1),
    )?;
    let mut out = Mat::default();
    imgproc::morphology_ex(
        mask,
        &mut out,
        op,
        &kern,
        Point::new(-1, -1),
        times,
        opencv::core::BORDER_CONSTANT,
        Scalar::all(0.0),
    )?;
    Ok(out)
}

/// Die-sized parts of a component that may hold more than a die: a die
/// lying against a spider web (whose white threads differ from the black
/// hole they cover) or touching another die merges with it into one blob,
/// centred off the die or too large to propose. An opening about a third
/// of a die across removes threads and narrow joins and keeps a die's
/// compact body.
fn split_merged(
    blob: &Blob,
    r: f64,
    pose: &Pose,
    shape: &DieShape,
) -> opencv::Result<Vec<Candidate>> {
    let [x, y, w, h] = blob.bbox;
    let roi = opencv::core::Rect::new(x, y, w, h);
    let labels = Mat::roi(&*blob.labels, roi)?;
    let mut only = Mat::default();
    opencv::core::compare(
        &labels,
        &Scalar::all(blob.label as f64),
        &mut only,
        opencv::core::CMP_EQ,
    )?;
    let opened = without_threads(&only, r)?;
    let mut out = Vec::new();
    for part in blobs(&opened, [x, y])? {
        let Some(at) = pose.unproject_at_height(part.centroid, shape.height_mm() / 2.0) else {
            continue;
        };
        let r = die_radius_px(pose, shape, at);
        let expected = std::f64::consts::PI * r * r;
        // The opening keeps a die's body nearly whole; smaller parts are
        // knots of thread.
        if part.area > 0.5 * expected && part.area < 2.6 * expected {
            out.push(Candidate {
                centroid_px: part.centroid,
                area_px: part.area,
                ring_score: 0.0,
                expected_px: expected,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::Vector;

    /// A web's look: `black_share` of the pixels black, the rest white thread.
    fn web_pixels(n: usize, black_share: f64) -> Vec<[u8; 3]> {
        (0..n)
            .map(|i| {
                if (i as f64) < black_share * n as f64 {
                    [12, 12, 14]
                } else {
                    [235, 235, 230]
                }
            })
            .collect()
    }

    fn channels(px: &[[u8; 3]]) -> [Vec<u8>; 3] {
        std::array::from_fn(|c| px.iter().map(|p| p[c]).collect())
    }

    #[test]
    fn a_hole_keeps_its_own_colour_under_a_large_die() {
        // 30 % blue die, 45 % black hole, 25 % white thread: the channel
        // median is the die's own colour.
        let mut px = web_pixels(700, 0.45 / 0.7);
        px.extend(std::iter::repeat_n([150, 70, 25], 300));
        let hole = typical(HOLE_KEYS + 2, &mut channels(&px));
        assert!(hole.iter().all(|&v| v < 30), "{hole:?}");
        // Sections keep the median (there a die is a small minority).
        let section = typical(16, &mut channels(&px));
        assert_eq!(section, [150, 70, 25]);
    }

    #[test]
    fn threads_are_opened_away_from_a_die() {
        let mut m = Mat::new_rows_cols_with_default(120, 120, CV_8U, Scalar::all(0.0)).unwrap();
        let (c, r) = (Point::new(70, 60), 16);
        imgproc::circle(&mut m, c, r, Scalar::all(255.0), -1, imgproc::LINE_8, 0).unwrap();
        // Spokes and rings of thread, 2 px wide, round a hub at (30, 60),
        // touching the die.
        let at =
            |rad: f64, a: f64| Point::new(30 + (rad * a.cos()) as i32, 60 + (rad * a.sin()) as i32);
        let turn = |k: i32, n: i32| k as f64 * std::f64::consts::TAU / n as f64;
        let spokes: Vector<Vector<Point>> = (0..8)
            .map(|k| Vector::from_iter([at(0.0, 0.0), at(40.0, turn(k, 8))]))
            .collect();
        let rings: Vector<Vector<Point>> = [15.0, 28.0, 40.0]
            .into_iter()
            .map(|rad| (0..48).map(|k| at(rad, turn(k, 48))).collect())
            .collect();
        for (lines, closed) in [(spokes, false), (rings, true)] {
            let white = Scalar::all(255.0);
            imgproc::polylines(&mut m, &lines, closed, white, 2, imgproc::LINE_8, 0).unwrap();
        }
        let before = blobs(&m, [0, 0]).unwrap();
        assert_eq!(before.len(), 1, "threads and die are one blob");
        let disc = std::f64::consts::PI * (r * r) as f64;
        assert!(before[0].area > 2.0 * disc);
        let parts = blobs(&without_threads(&m, r as f64).unwrap(), [0, 0]).unwrap();
        let die = parts
            .iter()
            .max_by(|a, b| a.area.total_cmp(&b.area))
            .expect("the die survives");
        assert!((die.area - disc).abs() < 0.15 * disc, "{}", die.area);
        assert!(
            (die.centroid[0] - 70.0).hypot(die.centroid[1] - 60.0) < 2.0,
            "{:?}",
            die.centroid
        );
    }
}
