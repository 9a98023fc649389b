//! Commands that read one photo with a calibration go through the
//! calibration's lens model, as `warden read` does: `warden board overlay`
//! and `warden dice read` read and draw over the corrected frame (a dot
//! moves where the lens model puts it).

mod common;

use opencv::core::{Mat, Point, Scalar, Vector, CV_8UC3};
use opencv::prelude::*;
use opencv::{imgcodecs, imgproc};
use std::path::Path;
use tw_calibration::{CalibrationProfile, LensModel, Method};

fn warden(args: &[&str]) -> (i32, String, String) {
    common::output(common::warden().args(args))
}

const DOT: [f64; 2] = [40.0, 50.0];

/// A dark 320×240 photo with one pure green dot at [`DOT`], and a profile
/// putting the board in the far corner (its lines stay clear of the dot),
/// with `lens`.
fn setup(dir: &Path, lens: Option<LensModel>) {
    let mut img = Mat::new_rows_cols_with_default(240, 320, CV_8UC3, Scalar::all(0.0)).unwrap();
    let at = Point::new(DOT[0] as i32, DOT[1] as i32);
    imgproc::circle(
        &mut img,
        at,
        2,
        Scalar::new(0.0, 255.0, 0.0, 0.0),
        -1,
        imgproc::LINE_8,
        0,
    )
    .unwrap();
    let path = dir.join("photo.png").to_string_lossy().into_owned();
    assert!(imgcodecs::imwrite(&path, &img, &Vector::new()).unwrap());
    let mm = vec![[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]];
    let px = vec![
        [270.0, 190.0],
        [310.0, 190.0],
        [310.0, 230.0],
        [270.0, 230.0],
    ];
    let mut p =
        CalibrationProfile::from_points(Method::Manual, Some([320, 240]), [600.0, 600.0], px, mm)
            .unwrap();
    p.lens = lens;
    p.save(&dir.join("profile.json")).unwrap();
}

/// Centroid of the pure green pixels (the dot) in a written image.
fn green_centroid(path: &Path) -> [f64; 2] {
    let img = imgcodecs::imread(&path.to_string_lossy(), imgcodecs::IMREAD_COLOR).unwrap();
    let (mut n, mut sx, mut sy) = (0.0, 0.0, 0.0);
    for y in 0..img.rows() {
        for x in 0..img.cols() {
            let v = img.at_2d::<opencv::core::Vec3b>(y, x).unwrap();
            let w = (v[1] as f64 - v[0].max(v[2]) as f64).max(0.0);
            if y < 150 && x < 200 {
                n += w;
                sx += w * x as f64;
                sy += w * y as f64;
            }
        }
    }
    assert!(n > 0.0, "no dot in {}", path.display());
    [sx / n, sy / n]
}

fn lens() -> LensModel {
    LensModel::radial([320, 240], [159.5, 119.5], 200.0, -0.2)
}

#[test]
fn board_overlay_draws_over_the_frame_corrected_for_the_lens() {
    for with_lens in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        setup(dir.path(), with_lens.then(lens));
        let p = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
        let (code, out, err) = warden(&[
            "board",
            "overlay",
            "--image",
            &p("photo.png"),
            "--calibration",
            &p("profile.json"),
            "--out",
            &p("overlay.png"),
        ]);
        assert_eq!(code, 0, "{out}{err}");
        assert_eq!(out.contains("lens"), with_lens, "{out}");
        let got = green_centroid(&dir.path().join("overlay.png"));
        let want = if with_lens {
            lens().undistort(DOT)
        } else {
            DOT
        };
        assert!(
            (got[0] - want[0]).hypot(got[1] - want[1]) < 0.5,
            "{got:?} vs {want:?}"
        );
    }
}

#[test]
fn dice_read_reads_the_frame_corrected_for_the_lens() {
    for with_lens in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        setup(dir.path(), with_lens.then(lens));
        let p = |n: &str| dir.path().join(n).to_string_lossy().into_owned();
        let (code, out, err) = warden(&[
            "dice",
            "read",
            "--image",
            &p("photo.png"),
            "--calibration",
            &p("profile.json"),
            "--overlay",
            &p("overlay.png"),
        ]);
        assert_eq!(code, 0, "{out}{err}");
        let got = green_centroid(&dir.path().join("overlay.png"));
        let want = if with_lens {
            lens().undistort(DOT)
        } else {
            DOT
        };
        assert!(
            (got[0] - want[0]).hypot(got[1] - want[1]) < 0.5,
            "{got:?} vs {want:?}"
        );
    }
}
