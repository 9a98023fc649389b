//! `warden calibration drift` end to end on a generated Dungeon Fighter
//! frame: a shifted frame is re-registered (and the profile written
//! follows it), the same frame is aligned, a blank one is lost (exit 2),
//! and unusable input names the file and what is wrong (exit 1).

mod common;

use opencv::core::{Mat, Scalar, Vector, BORDER_REPLICATE, CV_8UC3};
use opencv::prelude::*;
use opencv::{imgcodecs, imgproc};
use std::path::Path;
use tw_board::Board;
use tw_calibration::{CalibrationProfile, Homography, Method};
use tw_synth::scene::{render, sample_scene, Options};

fn warden(args: &[&str]) -> (i32, String, String) {
    common::output(common::warden().args(args))
}

fn write(path: &Path, img: &Mat) {
    assert!(imgcodecs::imwrite(&path.to_string_lossy(), img, &Vector::new()).unwrap());
}

/// Writes reference.png, shifted.png (moved by `SHIFT` px), blank.png,
/// small.png and profile.json (the scene's true board → image map) in
/// `dir`; returns the true map.
const SHIFT: [f64; 2] = [7.0, -4.0];
fn scene(dir: &Path) -> Homography {
    let b = Board::catacombs_default();
    let opts = Options {
        sizes: vec![(1280, 720)],
        elevation_deg: (60.0, 80.0),
        dice: (1, 2),
        ..Options::default()
    };
    let s = sample_scene(&b, 2611, &opts);
    let (img, t) = render(&b, "catacombs-default.json", &s, "x").unwrap();
    write(&dir.join("reference.png"), &img);
    let m = Mat::from_slice_2d(&[[1.0, 0.0, SHIFT[0]], [0.0, 1.0, SHIFT[1]]]).unwrap();
    let mut shifted = Mat::default();
    imgproc::warp_affine(
        &img,
        &mut shifted,
        &m,
        img.size().unwrap(),
        imgproc::INTER_LINEAR,
        BORDER_REPLICATE,
        Scalar::all(0.0),
    )
    .unwrap();
    write(&dir.join("shifted.png"), &shifted);
    let blank = Mat::new_rows_cols_with_default(720, 1280, CV_8UC3, Scalar::all(90.0)).unwrap();
    write(&dir.join("blank.png"), &blank);
    let mut small = Mat::default();
    imgproc::resize(
        &img,
        &mut small,
        opencv::core::Size::new(640, 360),
        0.0,
        0.0,
        imgproc::INTER_AREA,
    )
    .unwrap();
    write(&dir.join("small.png"), &small);
    let h = Homography(t.board_to_image);
    let corners = vec![[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]];
    let px: Vec<[f64; 2]> = corners.iter().map(|c| h.map(*c).unwrap()).collect();
    let p = CalibrationProfile::from_points(
        Method::Manual,
        Some([1280, 720]),
        [600.0, 600.0],
        px,
        corners,
    )
    .unwrap();
    p.save(&dir.join("profile.json")).unwrap();
    h
}

#[test]
fn drift_re_registers_a_moved_board_and_tells_the_rest_apart() {
    let dir = tempfile::tempdir().unwrap();
    let truth = scene(dir.path());
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let (profile, reference) = (path("profile.json"), path("reference.png"));
    let base = [
        "calibration",
        "drift",
        "--profile",
        &profile,
        "--reference",
        &reference,
    ];
    let run = |image: &str, extra: &[&str]| {
        let image = path(image);
        let mut args: Vec<&str> = base.to_vec();
        args.extend(["--image", &image]);
        args.extend(extra);
        warden(&args)
    };

    // Moved: JSON says so, the profile written maps the board where it is now.
    let out_profile = path("moved.json");
    let (rc, out, err) = run("shifted.png", &["--json", "--write-profile", &out_profile]);
    assert_eq!(rc, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["alignment"]["verdict"]["verdict"], "moved", "{out}");
    let max_px = v["alignment"]["max_px"].as_f64().unwrap();
    assert!((max_px - SHIFT[0].hypot(SHIFT[1])).abs() < 0.5, "{max_px}");
    let moved = CalibrationProfile::load(Path::new(&out_profile)).unwrap();
    for c in [[0.0, 0.0], [600.0, 600.0], [300.0, 300.0]] {
        let want = truth.map(c).unwrap();
        let got = moved.table_to_image(c).unwrap();
        let err = (got[0] - want[0] - SHIFT[0]).hypot(got[1] - want[1] - SHIFT[1]);
        assert!(err < 1.0, "{c:?}: {err} px");
    }

    // The reference itself: aligned, text output.
    let (rc, out, err) = run("reference.png", &[]);
    assert_eq!(rc, 0, "{err}");
    assert!(out.contains("verdict: aligned"), "{out}");

    // Blank: lost, exit 2, and no profile written for it.
    let (rc, out, _) = run("blank.png", &[]);
    assert_eq!(rc, 2, "{out}");
    assert!(
        out.contains("verdict: lost") && out.contains("too little texture"),
        "{out}"
    );
    let (rc, _, err) = run("blank.png", &["--write-profile", &path("lost.json")]);
    assert_eq!(rc, 1, "{err}");
    assert!(
        err.contains("not writing") && !dir.path().join("lost.json").exists(),
        "{err}"
    );

    // Unusable input names the file and the problem.
    let (rc, _, err) = run("small.png", &[]);
    assert_eq!(rc, 1, "{err}");
    assert!(
        err.contains("small.png") && err.contains("640×360") && err.contains("1280×720"),
        "{err}"
    );
    let (rc, _, err) = run("no-such.png", &[]);
    assert_eq!(rc, 1, "{err}");
    assert!(err.contains("no-such.png"), "{err}");
    let (rc, _, err) = run("reference.png", &["--area", "round"]);
    assert_eq!(rc, 1, "{err}");
    assert!(err.contains("--area"), "{err}");
    let (rc, _, err) = warden(&[
        "calibration",
        "drift",
        "--profile",
        &path("nope.json"),
        "--reference",
        &reference,
        "--image",
        &reference,
    ]);
    assert_eq!(rc, 1, "{err}");
    assert!(err.contains("nope.json"), "{err}");
}
