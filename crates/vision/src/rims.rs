//! Dice lying against long structures: a tray's rim, a board's edge, a
//! cable. The body finder's foreground joins such a die to the structure,
//! and the region's distance peak then lies on the structure or between
//! the two, so no candidate is centred on the die
//! (docs/measurements/2026-11-27-d6-finder-misses.md, cause A).
//!
//! A region's long parts are its straight runs, across or down, longer
//! than [`LONG_RUN`] times the widest the region gets (twice its largest
//! distance to the edge): no die is that long, a rim is. What is left once
//! those runs are taken away is where dice against the structure stand
//! free, and its distance peaks are candidates the finder's own missed.
//! The length is the region's own, so nothing here is set for one frame
//! size or die size.

use crate::bodies::BodyCandidate;
use crate::error::Result;
use crate::reader::Die;
use opencv::core::{Mat, CV_32S};
use opencv::imgproc;
use opencv::prelude::*;

/// A straight run this many times the region's widest part is a long
/// structure, not a die (a die's run is at most its diagonal, 1.4 of it;
/// two or three touching dice stay under it too). 1.5, 2, 3, 4 and 6 were
/// measured: below 4, fragments of large webcam dice crossed by a cable's
/// runs were proposed and some read as dice
/// (docs/measurements/2026-11-27-d6-rim-bodies.md).
pub const LONG_RUN: f32 = 4.0;

/// A die found only once a long structure was taken away from its body
/// lies against it, often leaning on it (a tray's sloped wall), with a
/// side face in view: its reading is put to the player, at this
/// confidence, below the asking threshold (as a disputed reading is).
pub const AGAINST_CONFIDENCE: f32 = 0.5;

/// Put to the player the dice that stand where `freed` candidates (found
/// against a long structure) were, at [`AGAINST_CONFIDENCE`]. A body die
/// keeps its candidate's centre, so that centre names it; a die moved onto
/// a pip outline, or found by its pips, is no longer such a die.
pub fn ask_freed(dice: &mut [Die], freed: &[BodyCandidate]) {
    for d in dice {
        let at = |c: &BodyCandidate| {
            (c.center[0] - d.center[0]).abs() < 1e-3 && (c.center[1] - d.center[1]).abs() < 1e-3
        };
        if freed.iter().any(at) {
            d.confidence = d.confidence.min(AGAINST_CONFIDENCE);
        }
    }
}

/// Calls `found(line, start, end)` for every run of foreground pixels
/// along each of `lines` lines of `len` pixels, pixel `i` of line `l`
/// lying at `mask[at(l, i)]`: rows and columns share one scan.
fn runs(
    mask: &[u8],
    lines: usize,
    len: usize,
    at: impl Fn(usize, usize) -> usize,
    mut found: impl FnMut(usize, usize, usize),
) {
    for l in 0..lines {
        let mut i = 0;
        while i < len {
            if mask[at(l, i)] == 0 {
                i += 1;
                continue;
            }
            let start = i;
            while i < len && mask[at(l, i)] != 0 {
                i += 1;
            }
            found(l, start, i);
        }
    }
}

/// The foreground of `mask` (`w` × `h`, non-zero is foreground) less the
/// long runs of each region that has any, and nothing of the regions that
/// have none (those are already peaked whole). `dist` is each pixel's
/// distance to the background. Returns None where no region holds a long
/// run.
pub fn free_of_long_runs(mask: &[u8], dist: &[f32], w: usize, h: usize) -> Result<Option<Vec<u8>>> {
    if mask.len() != w * h || dist.len() != w * h || w == 0 || h == 0 {
        return Ok(None);
    }
    let (label, widest) = regions(mask, dist, w, h)?;
    // A run of foreground lies in one region (its pixels touch), so its
    // length is judged against that region's widest part.
    let long = |run: usize, at: usize| run as f32 > LONG_RUN * 2.0 * widest[label[at] as usize];
    let mut kept = vec![false; w * h];
    // Rows, then columns: line `l`'s pixel `i` lies at `at(l, i)`.
    for rows in [true, false] {
        let (lines, len) = if rows { (h, w) } else { (w, h) };
        let at = |l: usize, i: usize| if rows { l * w + i } else { i * w + l };
        runs(mask, lines, len, at, |l, start, end| {
            if long(end - start, at(l, start)) {
                (start..end).for_each(|i| kept[at(l, i)] = true);
            }
        });
    }
    let mut has_long = vec![false; widest.len()];
    for (i, &k) in kept.iter().enumerate() {
        if k {
            has_long[label[i] as usize] = true;
        }
    }
    if !has_long.iter().any(|&l| l) {
        return Ok(None);
    }
    Ok(Some(
        (0..w * h)
            .map(|i| {
                let free = mask[i] != 0 && !kept[i] && has_long[label[i] as usize];
                if free {
                    255
                } else {
                    0
                }
            })
            .collect(),
    ))
}

/// Each pixel's region (8-connected foreground, OpenCV's labelling;
/// background is region 0) and each region's largest distance to the edge.
fn regions(mask: &[u8], dist: &[f32], w: usize, h: usize) -> Result<(Vec<u32>, Vec<f32>)> {
    let m = Mat::new_rows_cols_with_data(h as i32, w as i32, mask)?;
    let mut labels = Mat::default();
    let n = imgproc::connected_components(&m, &mut labels, 8, CV_32S)?;
    let label: Vec<u32> = labels
        .data_typed::<i32>()?
        .iter()
        .map(|&l| l as u32)
        .collect();
    let mut widest = vec![0f32; n.max(1) as usize];
    for (&l, &d) in label.iter().zip(dist) {
        widest[l as usize] = widest[l as usize].max(d);
    }
    Ok((label, widest))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mask with the given filled rectangles (x0, y0, x1, y1, exclusive),
    /// and a rough distance to the edge: the half-width of each rectangle.
    fn scene(w: usize, h: usize, rects: &[(usize, usize, usize, usize)]) -> (Vec<u8>, Vec<f32>) {
        let mut mask = vec![0u8; w * h];
        let mut dist = vec![0f32; w * h];
        for &(x0, y0, x1, y1) in rects {
            let r = ((x1 - x0).min(y1 - y0) / 2) as f32;
            for y in y0..y1 {
                for x in x0..x1 {
                    mask[y * w + x] = 255;
                    dist[y * w + x] = dist[y * w + x].max(r);
                }
            }
        }
        (mask, dist)
    }

    #[test]
    fn a_die_against_a_long_rim_stands_free_of_it() {
        // A rim 100 × 6 along the top; a 10 px die touching its lower edge.
        let (w, h) = (120, 40);
        let (mask, dist) = scene(w, h, &[(10, 5, 110, 11), (50, 11, 60, 21)]);
        let free = free_of_long_runs(&mask, &dist, w, h)
            .unwrap()
            .expect("the rim is long");
        // The rim's rows are taken away; the die's own rows are left.
        assert_eq!(free[8 * w + 30], 0);
        assert_eq!(free[15 * w + 55], 255);
        assert_eq!(free[20 * w + 50], 255);
    }

    #[test]
    fn only_a_die_standing_where_a_freed_candidate_was_is_asked() {
        let die = |center: [f32; 2]| Die {
            center,
            corners: crate::netread::square(center, 20.0),
            face: Some("4".into()),
            color: "red".into(),
            confidence: 0.95,
            cocked: false,
        };
        let mut dice = vec![die([30.0, 40.0]), die([80.0, 40.0])];
        let freed = [BodyCandidate {
            center: [30.0, 40.0],
            side: 20.0,
        }];
        ask_freed(&mut dice, &freed);
        assert_eq!(dice[0].confidence, AGAINST_CONFIDENCE);
        assert_eq!(dice[1].confidence, 0.95);
    }

    #[test]
    fn dice_alone_or_touching_hold_no_long_run() {
        // One die, and two dice side by side: no run is three times as
        // long as the region is wide.
        let (w, h) = (80, 40);
        let (mask, dist) = scene(w, h, &[(5, 5, 15, 15), (30, 10, 42, 22), (42, 10, 54, 22)]);
        assert!(free_of_long_runs(&mask, &dist, w, h).unwrap().is_none());
        assert!(free_of_long_runs(&[], &[], 0, 0).unwrap().is_none());
    }
}
