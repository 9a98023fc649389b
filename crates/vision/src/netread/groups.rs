//! Blobs inside a pip outline that could be whole dice.
//!
//! Dark dice on a pale tray (or pale dice on a dark cloth) look, in gray,
//! like the pips of one big face: the pip finder outlines three dice in a
//! row as a "3" several dice wide, and that outline hides them. This finds
//! the blobs of the outline's minority tone (the "pips") that are large
//! enough to hold pips of their own; [`super::settle`] then asks whether
//! each is a die.

use crate::error::Result;
use opencv::{
    core::{self, Mat, Rect, CV_32S},
    imgproc,
    prelude::*,
};

/// A blob narrower than this holds no pips a camera could resolve.
pub(crate) const MIN_BLOB: f32 = 16.0;
/// A blob wider than this share of the outline is the face, not a "pip".
const MAX_BLOB_SHARE: f32 = 0.6;
/// A die seen from above fills most of its bounding box (a smear of
/// shadow or a crack between dice does not).
const MIN_FILL: f32 = 0.5;

/// Centres and sides of the blobs of the outline's minority tone that lie
/// wholly inside its bounding box and are [`MIN_BLOB`] to
/// [`MAX_BLOB_SHARE`] of its side across.
pub(crate) fn blobs_in_outline(frame: &Mat, corners: &[[f32; 2]; 4], side: f32) -> Result<Vec<([f32; 2], f32)>> {
    if side < 2.0 * MIN_BLOB || frame.empty() {
        return Ok(Vec::new());
    }
    let xs = corners.iter().map(|c| c[0]);
    let ys = corners.iter().map(|c| c[1]);
    let x0 = xs.clone().fold(f32::INFINITY, f32::min).floor().max(0.0) as i32;
    let y0 = ys.clone().fold(f32::INFINITY, f32::min).floor().max(0.0) as i32;
    let x1 = (xs.fold(f32::NEG_INFINITY, f32::max).ceil() as i32).min(frame.cols());
    let y1 = (ys.fold(f32::NEG_INFINITY, f32::max).ceil() as i32).min(frame.rows());
    if x1 - x0 < 2 * MIN_BLOB as i32 || y1 - y0 < 2 * MIN_BLOB as i32 {
        return Ok(Vec::new());
    }
    let roi = Mat::roi(frame, Rect::new(x0, y0, x1 - x0, y1 - y0))?;
    let mut gray = Mat::default();
    if roi.channels() == 3 {
        imgproc::cvt_color_def(&roi, &mut gray, imgproc::COLOR_BGR2GRAY)?;
    } else {
        roi.copy_to(&mut gray)?;
    }
    let mut bright = Mat::default();
    imgproc::threshold(&gray, &mut bright, 0.0, 255.0, imgproc::THRESH_BINARY | imgproc::THRESH_OTSU)?;
    let lit = core::count_non_zero(&bright)?;
    let total = bright.rows() * bright.cols();
    // The "pips" are the tone that covers less of the outline.
    let mut pips = Mat::default();
    if 2 * lit > total {
        core::bitwise_not_def(&bright, &mut pips)?;
    } else {
        pips = bright;
    }
    let (mut labels, mut stats, mut centres) = (Mat::default(), Mat::default(), Mat::default());
    let n = imgproc::connected_components_with_stats(&pips, &mut labels, &mut stats, &mut centres, 8, CV_32S)?;
    let (w, h) = (x1 - x0, y1 - y0);
    let mut out = Vec::new();
    for i in 1..n {
        let at = |k: i32| stats.at_2d::<i32>(i, k).copied();
        let (left, top, bw, bh, area) = (
            at(imgproc::CC_STAT_LEFT)?,
            at(imgproc::CC_STAT_TOP)?,
            at(imgproc::CC_STAT_WIDTH)?,
            at(imgproc::CC_STAT_HEIGHT)?,
            at(imgproc::CC_STAT_AREA)?,
        );
        let across = bw.max(bh) as f32;
        let on_edge = left == 0 || top == 0 || left + bw == w || top + bh == h;
        if on_edge
            || across < MIN_BLOB
            || across > MAX_BLOB_SHARE * side
            || (area as f32) < MIN_FILL * (bw * bh) as f32
        {
            continue;
        }
        let center = [(x0 + left) as f32 + 0.5 * bw as f32, (y0 + top) as f32 + 0.5 * bh as f32];
        out.push((center, across));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Point, Scalar, CV_8UC3};

    fn square(c: [f32; 2], s: f32) -> [[f32; 2]; 4] {
        let h = 0.5 * s;
        [[c[0] - h, c[1] - h], [c[0] + h, c[1] - h], [c[0] + h, c[1] + h], [c[0] - h, c[1] + h]]
    }

    fn tray() -> Mat {
        Mat::new_rows_cols_with_default(240, 240, CV_8UC3, Scalar::new(220.0, 220.0, 220.0, 0.0)).unwrap()
    }

    fn block(m: &mut Mat, x: i32, y: i32, s: i32, v: f64) {
        imgproc::rectangle_points(m, Point::new(x, y), Point::new(x + s, y + s), Scalar::new(v, v, v, 0.0), -1, imgproc::LINE_8, 0)
            .unwrap();
    }

    #[test]
    fn three_dark_dice_in_a_row_are_three_blobs() {
        let mut m = tray();
        for x in [40, 100, 160] {
            block(&mut m, x, 100, 36, 40.0);
        }
        let blobs = blobs_in_outline(&m, &square([120.0, 118.0], 200.0), 200.0).unwrap();
        assert_eq!(blobs.len(), 3, "{blobs:?}");
        for (c, s) in blobs {
            assert!((c[1] - 118.5).abs() < 1.5 && (s - 37.0).abs() < 1.5, "{c:?} {s}");
        }
    }

    #[test]
    fn small_pips_and_blobs_cut_by_the_outline_are_not_dice() {
        let mut m = tray();
        for x in [90, 120, 150] {
            block(&mut m, x, 110, 8, 40.0);
        }
        // A dark die half outside the outline.
        block(&mut m, 0, 100, 40, 40.0);
        assert!(blobs_in_outline(&m, &square([120.0, 118.0], 200.0), 200.0).unwrap().is_empty());
        // An outline too small to hold two dice, and one off the frame.
        assert!(blobs_in_outline(&m, &square([120.0, 118.0], 20.0), 20.0).unwrap().is_empty());
        assert!(blobs_in_outline(&m, &square([900.0, 900.0], 100.0), 100.0).unwrap().is_empty());
    }
}
