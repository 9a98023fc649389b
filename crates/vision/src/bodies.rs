//! Die-body candidates found without looking at pips: whatever stands out
//! in colour from the surface around it and is die-shaped.
//!
//! The surface is estimated as a wide median of the frame (dice are small
//! against it, so the median is the table, the tray or the cloth). Pixels
//! whose colour departs from it by more than the frame's own spread of such
//! departures are foreground; each compact foreground region is split at
//! the peaks of its distance from the region's edge (touching dice make one
//! region with one peak per die), and each peak is a candidate: its centre,
//! and a side of twice its distance to the edge. Nothing here is set for one
//! colour of dice or table; a candidate is only a place worth a look.
//! A die against a long structure (a tray's rim) has no peak of its own in
//! the joined region; it is peaked again with the structure taken away
//! ([`crate::rims`]).

use crate::error::Result;
use opencv::{
    core::{self, Mat, Point, Size},
    imgproc,
    prelude::*,
};
use std::cell::RefCell;

/// One place that may hold a die.
#[derive(Clone, Debug, PartialEq)]
pub struct BodyCandidate {
    /// Centre, frame pixels.
    pub center: [f32; 2],
    /// Side of the square it seems to fill, frame pixels.
    pub side: f32,
}

/// The frame is worked on at about this many pixels across.
const WORK_WIDTH: i32 = 320;
/// The surface median's window, as a fraction of the working width: wider
/// than a large die (150 px of 640 is under a quarter).
const SURFACE_WINDOW_FRAC: f32 = 0.3;
/// Foreground: colour departure above the frame's median departure plus
/// this many times its median absolute deviation...
const SPREAD_FACTOR: f32 = 6.0;
/// ...and at least this many levels (the sum of the three channels' departures).
const MIN_DEPARTURE: f32 = 36.0;
/// Smallest die side kept, frame pixels.
const MIN_SIDE_PX: f32 = 12.0;
/// Largest die side kept, fraction of the frame's width.
const MAX_SIDE_FRAC: f32 = 0.3;

/// Levels of a pixel's colour departure: the sum of three channels' 0–255.
const LEVELS: usize = 766;

/// The value of rank `rank` (0-based, as sorting would put it) among
/// counted levels; counting is several times quicker than selecting among
/// a frame's pixels, and gives the same value.
fn level_of_rank(counts: &[usize; LEVELS], rank: usize) -> usize {
    let mut seen = 0;
    for (level, &n) in counts.iter().enumerate() {
        seen += n;
        if seen > rank {
            return level;
        }
    }
    0
}

/// Whether no pixel in the 5×5 window around (x, y) (within the image)
/// exceeds `v`.
fn is_max_5x5(d: &[f32], w: usize, h: usize, x: usize, y: usize, v: f32) -> bool {
    let (x0, x1) = (x.saturating_sub(2), (x + 2).min(w - 1));
    let (y0, y1) = (y.saturating_sub(2), (y + 2).min(h - 1));
    (y0..=y1).all(|yy| d[yy * w + x0..=yy * w + x1].iter().all(|&o| o <= v))
}

/// Whether a peak of radius `a` and one of radius `b`, `apart` pixels
/// apart, stand for the same place: the nearer within half the larger
/// radius and alike in size.
fn same_place(a: f32, b: f32, apart: f32) -> bool {
    apart < 0.5 * a.max(b) && (0.7..1.4).contains(&(b / a))
}

/// The distance peaks of `d` (`uw` × `uh`) of radius `min_r` to `max_r`,
/// as (radius, x, y): pixels that are the maximum of the distance within
/// 0.7 of their own value (their 5×5 window rules most pixels out first);
/// the strongest first, each suppressing the others it covers.
fn peaks(d: &[f32], uw: usize, uh: usize, min_r: f32, max_r: f32) -> Vec<(f32, f32, f32)> {
    let mut peaks: Vec<(f32, usize, usize)> = Vec::new();
    for y in 0..uh {
        for x in 0..uw {
            let v = d[y * uw + x];
            if v < min_r || v > max_r || !is_max_5x5(d, uw, uh, x, y, v) {
                continue;
            }
            // The 5×5 test passed; the die's own reach (0.7 of its radius)
            // must hold nothing higher either.
            let r = (v * 0.7).ceil() as isize;
            let mut is_max = true;
            'scan: for dy in -r..=r {
                for dx in -r..=r {
                    let (yy, xx) = (y as isize + dy, x as isize + dx);
                    if yy < 0 || xx < 0 || yy >= uh as isize || xx >= uw as isize {
                        continue;
                    }
                    let o = d[yy as usize * uw + xx as usize];
                    if o > v || (o == v && (yy as usize, xx as usize) < (y, x)) {
                        is_max = false;
                        break 'scan;
                    }
                }
            }
            if is_max {
                peaks.push((v, x, y));
            }
        }
    }
    peaks.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut kept: Vec<(f32, f32, f32)> = Vec::new();
    for (v, x, y) in peaks {
        let (fx, fy) = (x as f32, y as f32);
        if kept.iter().any(|&(kv, kx, ky)| (kx - fx).hypot(ky - fy) < 0.9 * kv.max(v)) {
            continue;
        }
        kept.push((v, fx, fy));
    }
    kept
}

/// Opens `mask` once with `kernel` (specks and threads off) into `opened`,
/// and writes each pixel's distance to the background into `dist`: the map
/// the finder's peaks come from, for the whole foreground and again for
/// what is left of it without long structures.
fn open_and_measure(mask: &impl core::ToInputArray, opened: &mut Mat, dist: &mut Mat, kernel: &Mat) -> Result<()> {
    imgproc::morphology_ex(mask, opened, imgproc::MORPH_OPEN, kernel, Point::new(-1, -1), 1, core::BORDER_CONSTANT, imgproc::morphology_default_border_value()?)?;
    imgproc::distance_transform(&*opened, dist, imgproc::DIST_L2, 3, core::CV_32F)?;
    Ok(())
}

/// What the body finder saw: its candidates and the foreground they came
/// from, at the finder's working scale.
#[derive(Clone, Debug, Default)]
pub struct BodyMap {
    pub candidates: Vec<BodyCandidate>,
    /// Foreground (0 or 255), `width` × `height`, row-major.
    pub mask: Vec<u8>,
    pub width: usize,
    pub height: usize,
    /// Frame pixels per mask pixel.
    pub scale: f32,
    /// The candidates from this index on were found only once long
    /// structures were taken away from their regions ([`crate::rims`]).
    pub first_freed: usize,
}

/// Die-body candidates in a BGR frame.
pub fn body_candidates(frame: &Mat) -> Result<Vec<BodyCandidate>> {
    Ok(body_map(frame)?.candidates)
}

/// Die-body candidates in a BGR frame, with the foreground they came from.
pub fn body_map(frame: &Mat) -> Result<BodyMap> {
    let (w, h) = (frame.cols(), frame.rows());
    if w < 16 || h < 16 || frame.channels() != 3 {
        return Ok(BodyMap::default());
    }
    SCRATCH.with(|scratch| body_map_in(frame, &mut scratch.borrow_mut()))
}

thread_local! {
    /// The body finder's working images, kept between frames of one thread:
    /// made afresh for every frame, their pages cost more than the work on
    /// them (docs/measurements/2026-11-26-d6-speed.md).
    static SCRATCH: RefCell<[Mat; 10]> = RefCell::new(Default::default());
}

fn body_map_in(frame: &Mat, scratch: &mut [Mat; 10]) -> Result<BodyMap> {
    let (w, h) = (frame.cols(), frame.rows());
    let [small, tiny, tiny_med, surface, diff, mask, closed, opened, dist, free_dist] = scratch;
    let scale = (w as f32 / WORK_WIDTH as f32).max(1.0);
    let (sw, sh) = (((w as f32 / scale).round() as i32).max(8), ((h as f32 / scale).round() as i32).max(8));
    imgproc::resize(frame, small, Size::new(sw, sh), 0.0, 0.0, imgproc::INTER_AREA)?;
    // The surface: a median over a wide window, taken on a further-reduced
    // copy (the median of a wide window is smooth anyway).
    let (tw, th) = ((sw / 4).max(4), (sh / 4).max(4));
    imgproc::resize(&*small, tiny, Size::new(tw, th), 0.0, 0.0, imgproc::INTER_AREA)?;
    let k = (((tw as f32 * SURFACE_WINDOW_FRAC) as i32) | 1).max(3);
    imgproc::median_blur(&*tiny, tiny_med, k)?;
    imgproc::resize(&*tiny_med, surface, Size::new(sw, sh), 0.0, 0.0, imgproc::INTER_LINEAR)?;
    core::absdiff(&*small, &*surface, diff)?;
    let px = diff.data_bytes()?;
    let departure = |c: &[u8]| c[0] as usize + c[1] as usize + c[2] as usize;
    // The median departure and its median absolute deviation, by counts.
    let mut counts = [0usize; LEVELS];
    for c in px.chunks_exact(3) {
        counts[departure(c)] += 1;
    }
    let mid = px.len() / 3 / 2;
    let median = level_of_rank(&counts, mid);
    let mut deviations = [0usize; LEVELS];
    for (level, &n) in counts.iter().enumerate() {
        deviations[level.abs_diff(median)] += n;
    }
    let (median, mad) = (median as f32, level_of_rank(&deviations, mid) as f32);
    let threshold = (median + SPREAD_FACTOR * mad.max(2.0)).max(MIN_DEPARTURE);
    if mask.rows() != sh || mask.cols() != sw || mask.typ() != core::CV_8UC1 {
        *mask = Mat::new_rows_cols_with_default(sh, sw, core::CV_8UC1, core::Scalar::all(0.0))?;
    }
    for (m, c) in mask.data_bytes_mut()?.iter_mut().zip(px.chunks_exact(3)) {
        *m = if departure(c) as f32 > threshold { 255 } else { 0 };
    }
    // Pips and glints leave holes in a die's body; closing fills them.
    let kernel = imgproc::get_structuring_element(imgproc::MORPH_ELLIPSE, Size::new(3, 3), Point::new(-1, -1))?;
    imgproc::morphology_ex(&*mask, closed, imgproc::MORPH_CLOSE, &kernel, Point::new(-1, -1), 2, core::BORDER_CONSTANT, imgproc::morphology_default_border_value()?)?;
    open_and_measure(&*closed, opened, dist, &kernel)?;
    let d = dist.data_typed::<f32>()?;
    let (uw, uh) = (sw as usize, sh as usize);
    let min_r = MIN_SIDE_PX / scale / 2.0;
    let max_r = MAX_SIDE_FRAC * w as f32 / scale / 2.0;
    let mut kept = peaks(d, uw, uh, min_r, max_r);
    let first_freed = kept.len();
    // Dice against a long structure (a tray's rim) are peaked again on
    // what is left of their region without its long runs; a peak there
    // that no peak of the whole region already stands for is added.
    let mask_bytes = opened.data_bytes()?;
    if let Some(free) = crate::rims::free_of_long_runs(mask_bytes, d, uw, uh)? {
        let free = Mat::new_rows_cols_with_data(sh, sw, &free)?;
        open_and_measure(&free, closed, free_dist, &kernel)?;
        for (v, x, y) in peaks(free_dist.data_typed::<f32>()?, uw, uh, min_r, max_r) {
            let known = kept[..first_freed]
                .iter()
                .any(|&(kv, kx, ky)| same_place(kv, v, (kx - x).hypot(ky - y)));
            if !known {
                kept.push((v, x, y));
            }
        }
    }
    let candidates = kept
        .into_iter()
        .map(|(v, x, y)| BodyCandidate {
            center: [(x + 0.5) * scale, (y + 0.5) * scale],
            side: 2.0 * v * scale,
        })
        .collect();
    Ok(BodyMap {
        candidates,
        mask: mask_bytes.to_vec(),
        width: uw,
        height: uh,
        scale,
        first_freed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counted_median_is_the_middle_of_the_sorted_levels() {
        let mut seed = 12345u32;
        for n in [1usize, 2, 7, 100, 1001] {
            let levels: Vec<usize> = (0..n)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 8) as usize % 40 * 19 % LEVELS
                })
                .collect();
            let mut counts = [0usize; LEVELS];
            levels.iter().for_each(|&l| counts[l] += 1);
            let mut sorted = levels.clone();
            sorted.sort_unstable();
            assert_eq!(level_of_rank(&counts, n / 2), sorted[n / 2], "{n} levels");
        }
    }

    #[test]
    fn a_die_against_a_thick_rim_gets_a_candidate_of_its_own() {
        use opencv::core::{Rect, Scalar, CV_8UC3};
        // A gray table, a dark rim 40 px thick across the top, and a red
        // 30 px die touching it: the joined region's distance peaks lie
        // on the rim (docs/measurements/2026-11-27-d6-rim-bodies.md).
        let mut m = Mat::new_rows_cols_with_default(480, 640, CV_8UC3, Scalar::new(170.0, 180.0, 190.0, 0.0)).unwrap();
        let mut fill = |r: Rect, c: (f64, f64, f64)| {
            imgproc::rectangle(&mut m, r, Scalar::new(c.0, c.1, c.2, 0.0), -1, imgproc::LINE_8, 0).unwrap();
        };
        fill(Rect::new(0, 40, 640, 40), (40.0, 45.0, 50.0));
        fill(Rect::new(305, 80, 30, 30), (40.0, 40.0, 200.0));
        let found = body_candidates(&m).unwrap();
        assert!(
            found.iter().any(|c| (c.center[0] - 320.0).hypot(c.center[1] - 95.0) < 6.0 && (22.0..40.0).contains(&c.side)),
            "{found:?}"
        );
    }

    #[test]
    fn a_peak_is_the_maximum_of_its_5x5_window_within_the_image() {
        let (w, h) = (8usize, 6usize);
        let mut d = vec![0f32; w * h];
        d[2 * w + 2] = 3.0;
        assert!(is_max_5x5(&d, w, h, 2, 2, 3.0));
        // Higher two pixels away (inside the window), then three (outside).
        d[4 * w + 4] = 4.0;
        assert!(!is_max_5x5(&d, w, h, 2, 2, 3.0));
        d[4 * w + 4] = 0.0;
        d[2 * w + 5] = 4.0;
        assert!(is_max_5x5(&d, w, h, 2, 2, 3.0));
        // The last pixel: its window is cut by the image's edges; an equal
        // neighbour does not count against it, a higher one does.
        d[5 * w + 7] = 2.0;
        d[4 * w + 6] = 2.0;
        assert!(is_max_5x5(&d, w, h, 7, 5, 2.0));
        d[3 * w + 5] = 2.5;
        assert!(!is_max_5x5(&d, w, h, 7, 5, 2.0));
    }
}
