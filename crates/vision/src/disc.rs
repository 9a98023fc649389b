//! The pixels of a disc on a BGR frame and their median colour: how a die's
//! face colour (`bodygate.rs`) and a blob's paint (`netread.rs`) are sampled.

use opencv::core::Mat;
use opencv::prelude::*;

/// The pixels of a disc that lie on a BGR frame.
pub(crate) fn pixels(frame: &Mat, center: [f32; 2], r: f32) -> Vec<[u8; 3]> {
    let Ok(bytes) = frame.data_bytes() else {
        return Vec::new();
    };
    let (w, h) = (frame.cols().max(0) as usize, frame.rows().max(0) as usize);
    if frame.channels() != 3 || !(r.is_finite() && center[0].is_finite() && center[1].is_finite()) {
        return Vec::new();
    }
    let span = |c: f32, n: usize| {
        (
            (c - r).floor().max(0.0) as usize,
            ((c + r).ceil().max(0.0) as usize).min(n),
        )
    };
    let ((x0, x1), (y0, y1)) = (span(center[0], w), span(center[1], h));
    let mut px = Vec::new();
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f32 + 0.5 - center[0], y as f32 + 0.5 - center[1]);
            let k = (y * w + x) * 3;
            if dx.hypot(dy) <= r && k + 2 < bytes.len() {
                px.push([bytes[k], bytes[k + 1], bytes[k + 2]]);
            }
        }
    }
    px
}

/// Median of each channel (the upper middle of an even count); `px` not empty.
pub(crate) fn median(px: &[[u8; 3]]) -> [u8; 3] {
    let ch = |k: usize| {
        let mut v: Vec<u8> = px.iter().map(|p| p[k]).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    [ch(0), ch(1), ch(2)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Scalar, CV_8UC3};

    #[test]
    fn a_disc_keeps_only_its_pixels_on_the_frame_and_their_median() {
        let frame =
            Mat::new_rows_cols_with_default(20, 20, CV_8UC3, Scalar::new(10.0, 20.0, 30.0, 0.0))
                .unwrap();
        // Centred on the corner: a quarter of a disc of radius 4 lies on the frame.
        let px = pixels(&frame, [0.0, 0.0], 4.0);
        let whole = pixels(&frame, [10.0, 10.0], 4.0);
        assert_eq!(whole.len(), 4 * px.len());
        assert_eq!(median(&whole), [10, 20, 30]);
        assert!(pixels(&frame, [f32::NAN, 3.0], 4.0).is_empty());
        assert!(pixels(&frame, [-50.0, -50.0], 4.0).is_empty());
    }
}
