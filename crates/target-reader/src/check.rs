//! What a frame and a calibration must be for the reader to read them.
//! A frame that fails is refused with its reason ([`ReadError`]), before
//! any work: never a panic, never an empty reading that looks like "no dice".

use crate::dieset::DieSet;
use crate::read::ReadError;
use opencv::core::{Mat, CV_8UC3};
use opencv::prelude::*;
use tw_board::Board;

/// The smallest side (px) the reader takes: below it a die is a few pixels.
pub const MIN_SIDE_PX: i32 = 64;
/// The most pixels the reader takes (50 megapixels): the search would not
/// stay bounded in time or memory beyond.
pub const MAX_PIXELS: i64 = 50_000_000;

/// Checks `img` and `board_to_image` (board mm → pixels) before a read.
pub fn frame(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    set: &DieSet,
) -> Result<(), ReadError> {
    let (w, h) = (img.cols(), img.rows());
    if w < MIN_SIDE_PX || h < MIN_SIDE_PX {
        return Err(ReadError::TooSmall {
            width: w,
            height: h,
        });
    }
    if w as i64 * h as i64 > MAX_PIXELS {
        return Err(ReadError::TooLarge {
            width: w,
            height: h,
        });
    }
    if img.typ() != CV_8UC3 {
        return Err(ReadError::NotBgr {
            channels: img.channels(),
        });
    }
    homography(board_to_image)?;
    if !(set.die.edge_mm.is_finite() && set.die.edge_mm > 0.0) {
        return Err(ReadError::BadDieSize(set.die.edge_mm));
    }
    // Some of the board (its centre or a point of its outer edge) must fall
    // inside the frame, in front of the camera.
    let c = board.centre();
    let r = board.outer_radius();
    let seen = (0..=36).any(|k| {
        let (s, a) = if k == 36 {
            (0.0, 0.0)
        } else {
            (r, k as f64 * std::f64::consts::TAU / 36.0)
        };
        project(board_to_image, [c[0] + s * a.cos(), c[1] + s * a.sin()])
            .is_some_and(|p| p[0] >= 0.0 && p[1] >= 0.0 && p[0] < w as f64 && p[1] < h as f64)
    });
    if !seen {
        return Err(ReadError::BoardNotInView {
            width: w,
            height: h,
        });
    }
    Ok(())
}

/// Whether a board → image homography can describe a camera: finite, and
/// not singular (relative to its scale).
pub fn homography(m: &[[f64; 3]; 3]) -> Result<(), ReadError> {
    if m.iter().flatten().any(|v| !v.is_finite()) {
        return Err(ReadError::DegenerateHomography(
            "it holds a value that is not a finite number",
        ));
    }
    let scale = m.iter().flatten().map(|v| v.abs()).fold(0.0, f64::max);
    if scale == 0.0 {
        return Err(ReadError::DegenerateHomography("it is all zeros"));
    }
    let n: Vec<Vec<f64>> = m
        .iter()
        .map(|r| r.iter().map(|v| v / scale).collect())
        .collect();
    let det = n[0][0] * (n[1][1] * n[2][2] - n[1][2] * n[2][1])
        - n[0][1] * (n[1][0] * n[2][2] - n[1][2] * n[2][0])
        + n[0][2] * (n[1][0] * n[2][1] - n[1][1] * n[2][0]);
    if det.abs() < 1e-12 {
        return Err(ReadError::DegenerateHomography(
            "it is singular (it maps the board onto a line or a point)",
        ));
    }
    Ok(())
}

/// `m` applied to board point `p`; `None` behind the camera.
fn project(m: &[[f64; 3]; 3], p: [f64; 2]) -> Option<[f64; 2]> {
    let z = m[2][0] * p[0] + m[2][1] * p[1] + m[2][2];
    (z > 1e-12).then(|| {
        [
            (m[0][0] * p[0] + m[0][1] * p[1] + m[0][2]) / z,
            (m[1][0] * p[0] + m[1][1] * p[1] + m[1][2]) / z,
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Scalar, CV_8UC1};

    fn set() -> DieSet {
        crate::dieset::DieSet::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../models/dice-sets/dungeon-fighter.json"),
        )
        .expect("the shipped die set")
    }

    fn img(w: i32, h: i32, typ: i32) -> Mat {
        Mat::new_rows_cols_with_default(h, w, typ, Scalar::all(0.0)).unwrap()
    }

    /// Board mm → px: 1 px a mm, the board's centre at (cx, cy).
    fn looking_at(board: &Board, cx: f64, cy: f64) -> [[f64; 3]; 3] {
        let c = board.centre();
        [
            [1.0, 0.0, cx - c[0]],
            [0.0, 1.0, cy - c[1]],
            [0.0, 0.0, 1.0],
        ]
    }

    #[test]
    fn frames_the_reader_cannot_take_are_refused_with_their_reason() {
        let board = Board::catacombs_default();
        let set = set();
        let h = looking_at(&board, 320.0, 240.0);
        assert!(frame(&img(640, 480, CV_8UC3), &h, &board, &set).is_ok());
        assert!(matches!(
            frame(&img(63, 480, CV_8UC3), &h, &board, &set),
            Err(ReadError::TooSmall { width: 63, .. })
        ));
        assert!(matches!(
            frame(&img(640, 480, CV_8UC1), &h, &board, &set),
            Err(ReadError::NotBgr { channels: 1 })
        ));
        let far = looking_at(&board, 5000.0, 240.0);
        assert!(matches!(
            frame(&img(640, 480, CV_8UC3), &far, &board, &set),
            Err(ReadError::BoardNotInView { .. })
        ));
        let flat = [[1.0, 2.0, 0.0], [2.0, 4.0, 0.0], [0.0, 0.0, 1.0]];
        assert!(matches!(
            frame(&img(640, 480, CV_8UC3), &flat, &board, &set),
            Err(ReadError::DegenerateHomography(_))
        ));
        let mut nan = h;
        nan[1][2] = f64::NAN;
        assert!(matches!(
            frame(&img(640, 480, CV_8UC3), &nan, &board, &set),
            Err(ReadError::DegenerateHomography(_))
        ));
        // The size limit is checked before anything is allocated or read:
        // a header-only matrix of 8000 × 7000 is refused as too large.
        let big = unsafe { Mat::new_rows_cols(7000, 8000, CV_8UC3) }.unwrap();
        assert!(matches!(
            frame(&big, &h, &board, &set),
            Err(ReadError::TooLarge {
                width: 8000,
                height: 7000
            })
        ));
    }
}
