//! The drift check (`tw_calibration::drift`) on a drawn, textured "board":
//! random rectangles, circles, lines and text warped into a perspective
//! view. A known move is recovered, a still frame is aligned, a blank or
//! foreign frame is lost, and bad input is refused without a panic.

use opencv::core::{Mat, Point, Rect, Scalar, Size, BORDER_CONSTANT, CV_16UC1, CV_8UC2, CV_8UC3};
use opencv::imgproc;
use opencv::prelude::*;
use tw_calibration::drift::{disc_polygon, reregistered};
use tw_calibration::{
    BoardReference, CalibrationError, CalibrationProfile, Homography, LostReason, Method, Verdict,
};

/// Board size in mm and its texture's px per mm.
const BOARD_MM: [f64; 2] = [400.0, 300.0];
const TEX_PX_PER_MM: f64 = 2.0;
const W: i32 = 1280;
const H: i32 = 720;

/// A tiny deterministic generator (no dependency for the tests).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// A top-down texture of the board: shapes and text in many colours.
fn texture(seed: u64) -> Mat {
    let (w, h) = (
        (BOARD_MM[0] * TEX_PX_PER_MM) as i32,
        (BOARD_MM[1] * TEX_PX_PER_MM) as i32,
    );
    let mut img =
        Mat::new_rows_cols_with_default(h, w, CV_8UC3, Scalar::new(170.0, 180.0, 190.0, 0.0))
            .unwrap();
    let mut r = Lcg(seed);
    let colour = |r: &mut Lcg| {
        Scalar::new(
            r.range(0.0, 255.0),
            r.range(0.0, 255.0),
            r.range(0.0, 255.0),
            0.0,
        )
    };
    for _ in 0..70 {
        let c = colour(&mut r);
        let (x, y) = (r.range(0.0, w as f64) as i32, r.range(0.0, h as f64) as i32);
        let rect = Rect::new(x, y, r.range(10.0, 90.0) as i32, r.range(10.0, 90.0) as i32);
        imgproc::rectangle(&mut img, rect, c, -1, imgproc::LINE_8, 0).unwrap();
    }
    for _ in 0..60 {
        let c = colour(&mut r);
        let centre = Point::new(r.range(0.0, w as f64) as i32, r.range(0.0, h as f64) as i32);
        imgproc::circle(
            &mut img,
            centre,
            r.range(5.0, 40.0) as i32,
            c,
            -1,
            imgproc::LINE_AA,
            0,
        )
        .unwrap();
    }
    for _ in 0..40 {
        let c = colour(&mut r);
        let a = Point::new(r.range(0.0, w as f64) as i32, r.range(0.0, h as f64) as i32);
        let b = Point::new(r.range(0.0, w as f64) as i32, r.range(0.0, h as f64) as i32);
        imgproc::line(&mut img, a, b, c, 3, imgproc::LINE_AA, 0).unwrap();
    }
    for k in 0..25 {
        let c = colour(&mut r);
        let at = Point::new(
            r.range(0.0, w as f64 - 80.0) as i32,
            r.range(20.0, h as f64) as i32,
        );
        imgproc::put_text(
            &mut img,
            &format!("{}", 10 + k * 7),
            at,
            imgproc::FONT_HERSHEY_SIMPLEX,
            1.2,
            c,
            3,
            imgproc::LINE_AA,
            false,
        )
        .unwrap();
    }
    img
}

/// Board mm → camera px: a perspective view of the board in a 1280×720 frame.
fn board_to_image() -> Homography {
    let board = [
        [0.0, 0.0],
        [BOARD_MM[0], 0.0],
        [BOARD_MM[0], BOARD_MM[1]],
        [0.0, BOARD_MM[1]],
    ];
    let cam = [
        [330.0, 110.0],
        [960.0, 95.0],
        [1060.0, 640.0],
        [230.0, 650.0],
    ];
    Homography::fit(&board, &cam).unwrap()
}

/// The camera view of the board through `b2i`, on a grey table.
fn view(tex: &Mat, b2i: &Homography) -> Mat {
    let tex_to_board = Homography([
        [1.0 / TEX_PX_PER_MM, 0.0, 0.0],
        [0.0, 1.0 / TEX_PX_PER_MM, 0.0],
        [0.0, 0.0, 1.0],
    ]);
    let m = Mat::from_slice_2d(&b2i.then_after(&tex_to_board).0).unwrap();
    let mut out = Mat::default();
    imgproc::warp_perspective(
        tex,
        &mut out,
        &m,
        Size::new(W, H),
        imgproc::INTER_LINEAR,
        BORDER_CONSTANT,
        Scalar::new(60.0, 70.0, 80.0, 0.0),
    )
    .unwrap();
    let mut soft = Mat::default();
    imgproc::gaussian_blur_def(&out, &mut soft, Size::new(3, 3), 0.7).unwrap();
    soft
}

fn area() -> Vec<[f64; 2]> {
    vec![
        [0.0, 0.0],
        [BOARD_MM[0], 0.0],
        [BOARD_MM[0], BOARD_MM[1]],
        [0.0, BOARD_MM[1]],
    ]
}

fn corners_error_px(got: &Homography, want: &Homography) -> f64 {
    area()
        .iter()
        .map(|c| {
            let (a, b) = (got.map(*c).unwrap(), want.map(*c).unwrap());
            (a[0] - b[0]).hypot(a[1] - b[1])
        })
        .fold(0.0, f64::max)
}

fn translation(dx: f64, dy: f64) -> Homography {
    Homography([[1.0, 0.0, dx], [0.0, 1.0, dy], [0.0, 0.0, 1.0]])
}

/// Scales every pixel by `gain` and adds `offset` (a global exposure change).
fn exposure(img: &Mat, gain: f64, offset: f64) -> Mat {
    let mut out = Mat::default();
    img.convert_to(&mut out, -1, gain, offset).unwrap();
    out
}

fn setup() -> (Mat, Homography, BoardReference) {
    let tex = texture(7);
    let h = board_to_image();
    let reference = view(&tex, &h);
    let r = BoardReference::new(&reference, &h, &area()).unwrap();
    (tex, h, r)
}

#[test]
fn an_identical_frame_is_aligned() {
    let (tex, h, r) = setup();
    let a = r.check(&view(&tex, &h)).unwrap();
    assert_eq!(a.verdict, Verdict::Aligned, "{a:?}");
    assert!(a.max_px.unwrap() < 0.1, "{a:?}");
    assert!(a.inliers >= 50, "{a:?}");
}

#[test]
fn a_known_shift_is_recovered_within_a_pixel() {
    let (tex, h, r) = setup();
    for (dx, dy) in [(5.3, -3.7), (-17.6, 9.2), (1.2, 1.4)] {
        let moved_h = translation(dx, dy).then_after(&h);
        // Darker and with another white balance, too.
        let frame = exposure(&view(&tex, &moved_h), 0.8, 12.0);
        let a = r.check(&frame).unwrap();
        let Verdict::Moved { new_board_to_image } = &a.verdict else {
            panic!("({dx}, {dy}): {a:?}")
        };
        let err = corners_error_px(new_board_to_image, &moved_h);
        assert!(err < 1.0, "({dx}, {dy}): corners off by {err} px");
        let d = a.delta.unwrap().map([640.0, 360.0]).unwrap();
        assert!(
            (d[0] - 640.0 - dx).abs() < 0.5 && (d[1] - 360.0 - dy).abs() < 0.5,
            "{d:?}"
        );
        assert!((a.max_px.unwrap() - dx.hypot(dy)).abs() < 0.5, "{a:?}");
    }
}

#[test]
fn a_board_slid_and_turned_in_its_plane_is_found_again() {
    let (tex, h, r) = setup();
    // 12 mm along x, −6 mm along y, 3° about the board's centre, in board mm.
    let (s, c) = 3f64.to_radians().sin_cos();
    let (cx, cy) = (BOARD_MM[0] / 2.0, BOARD_MM[1] / 2.0);
    let motion = Homography([
        [c, -s, cx - c * cx + s * cy + 12.0],
        [s, c, cy - s * cx - c * cy - 6.0],
        [0.0, 0.0, 1.0],
    ]);
    let moved_h = h.then_after(&motion);
    let a = r.check(&view(&tex, &moved_h)).unwrap();
    let Verdict::Moved { new_board_to_image } = &a.verdict else {
        panic!("{a:?}")
    };
    assert!(
        corners_error_px(new_board_to_image, &moved_h) < 1.0,
        "{a:?}"
    );
}

#[test]
fn a_few_covering_objects_do_not_stop_re_registration() {
    let (tex, h, r) = setup();
    let moved_h = translation(-8.0, 5.0).then_after(&h);
    let mut frame = view(&tex, &moved_h);
    // Three "dice" and a "hand" over the board.
    for (x, y, s) in [(500, 300, 30), (700, 420, 30), (820, 250, 30)] {
        imgproc::rectangle(
            &mut frame,
            Rect::new(x, y, s, s),
            Scalar::new(40.0, 35.0, 205.0, 0.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
    }
    imgproc::ellipse(
        &mut frame,
        Point::new(400, 600),
        Size::new(160, 90),
        30.0,
        0.0,
        360.0,
        Scalar::new(110.0, 140.0, 190.0, 0.0),
        -1,
        imgproc::LINE_AA,
        0,
    )
    .unwrap();
    let a = r.check(&frame).unwrap();
    let Verdict::Moved { new_board_to_image } = &a.verdict else {
        panic!("{a:?}")
    };
    assert!(
        corners_error_px(new_board_to_image, &moved_h) < 1.0,
        "{a:?}"
    );
}

#[test]
fn a_blank_or_foreign_frame_is_lost_with_a_reason() {
    let (_, h, r) = setup();
    let grey = Mat::new_rows_cols_with_default(H, W, CV_8UC3, Scalar::all(128.0)).unwrap();
    let a = r.check(&grey).unwrap();
    assert!(
        matches!(
            a.verdict,
            Verdict::Lost {
                why: LostReason::TooFewFeatures { .. }
            }
        ),
        "{a:?}"
    );
    let Verdict::Lost { why } = &a.verdict else {
        unreachable!()
    };
    assert!(why.to_string().contains("too little texture"), "{why}");
    // Another board altogether.
    let other = view(&texture(99), &h);
    let a = r.check(&other).unwrap();
    assert!(matches!(a.verdict, Verdict::Lost { .. }), "{a:?}");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let (tex, h, r) = setup();
    let frame = view(&tex, &h);
    let is_drift = |e: CalibrationError| matches!(e, CalibrationError::Drift(_));
    // Frames: empty, tiny, too wide, two channels, 16 bits, another size.
    assert!(is_drift(r.check(&Mat::default()).unwrap_err()));
    let tiny = Mat::new_rows_cols_with_default(10, 10, CV_8UC3, Scalar::all(0.0)).unwrap();
    assert!(is_drift(r.check(&tiny).unwrap_err()));
    let wide = Mat::new_rows_cols_with_default(64, 16_385, CV_8UC3, Scalar::all(0.0)).unwrap();
    assert!(is_drift(r.check(&wide).unwrap_err()));
    let two = Mat::new_rows_cols_with_default(H, W, CV_8UC2, Scalar::all(0.0)).unwrap();
    assert!(is_drift(r.check(&two).unwrap_err()));
    let deep = Mat::new_rows_cols_with_default(H, W, CV_16UC1, Scalar::all(0.0)).unwrap();
    assert!(is_drift(r.check(&deep).unwrap_err()));
    let mut small = Mat::default();
    imgproc::resize(
        &frame,
        &mut small,
        Size::new(640, 360),
        0.0,
        0.0,
        imgproc::INTER_AREA,
    )
    .unwrap();
    let e = r.check(&small).unwrap_err();
    assert!(
        e.to_string().contains("640×360") && e.to_string().contains("1280×720"),
        "{e}"
    );
    // References: bad maps, bad areas, no texture.
    let nan = Homography([[f64::NAN, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
    assert!(is_drift(
        BoardReference::new(&frame, &nan, &area()).unwrap_err()
    ));
    let flat = Homography([[1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]);
    assert!(is_drift(
        BoardReference::new(&frame, &flat, &area()).unwrap_err()
    ));
    assert!(is_drift(
        BoardReference::new(&frame, &h, &[[0.0, 0.0], [1.0, 1.0]]).unwrap_err()
    ));
    assert!(is_drift(
        BoardReference::new(&frame, &h, &[[0.0, 0.0], [f64::INFINITY, 0.0], [0.0, 1.0]])
            .unwrap_err()
    ));
    // Far outside the frame, and behind the camera.
    let away = translation(1e5, 0.0).then_after(&h);
    assert!(is_drift(
        BoardReference::new(&frame, &away, &area()).unwrap_err()
    ));
    let behind = Homography([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, -0.01, 1.0]]);
    assert!(is_drift(
        BoardReference::new(&frame, &behind, &area()).unwrap_err()
    ));
    let grey = Mat::new_rows_cols_with_default(H, W, CV_8UC3, Scalar::all(128.0)).unwrap();
    let e = BoardReference::new(&grey, &h, &area()).unwrap_err();
    assert!(e.to_string().contains("too little texture"), "{e}");
    // Noise and a pure-grey frame of the right size never panic.
    let mut noise = Mat::new_rows_cols_with_default(H, W, CV_8UC3, Scalar::all(0.0)).unwrap();
    opencv::core::randu(&mut noise, &Scalar::all(0.0), &Scalar::all(255.0)).unwrap();
    assert!(matches!(
        r.check(&noise).unwrap().verdict,
        Verdict::Lost { .. }
    ));
}

#[test]
fn a_grey_reference_of_the_board_works_like_a_colour_one() {
    let tex = texture(7);
    let h = board_to_image();
    let mut grey = Mat::default();
    imgproc::cvt_color_def(&view(&tex, &h), &mut grey, imgproc::COLOR_BGR2GRAY).unwrap();
    let r = BoardReference::new(&grey, &h, &disc_polygon([200.0, 150.0], 140.0, 32)).unwrap();
    let moved_h = translation(3.0, 2.0).then_after(&h);
    let a = r.check(&view(&tex, &moved_h)).unwrap();
    let Verdict::Moved { new_board_to_image } = &a.verdict else {
        panic!("{a:?}")
    };
    assert!(
        corners_error_px(new_board_to_image, &moved_h) < 1.0,
        "{a:?}"
    );
}

#[test]
fn a_re_registered_profile_follows_the_board_and_stays_valid() {
    let h = board_to_image();
    let corners = area();
    let px: Vec<[f64; 2]> = corners.iter().map(|c| h.map(*c).unwrap()).collect();
    let p = CalibrationProfile::from_points(
        Method::Manual,
        Some([W as u32, H as u32]),
        BOARD_MM,
        px,
        corners.clone(),
    )
    .unwrap();
    let delta = translation(6.0, -2.5);
    let q = reregistered(&p, &delta).unwrap();
    let want = delta.then_after(&h);
    assert!(corners_error_px(&q.table_to_image, &want) < 1e-6);
    for c in &corners {
        let back = q.image_to_table(want.map(*c).unwrap()).unwrap();
        assert!((back[0] - c[0]).hypot(back[1] - c[1]) < 1e-6);
    }
    assert!((q.rms_error_mm - p.rms_error_mm).abs() < 1e-9);
    q.validate(std::path::Path::new("q")).unwrap();
}

#[test]
fn a_quarter_turn_is_not_taken_for_a_bump() {
    // A board with a symmetric print can match itself a quarter turn away;
    // no bump turns a board that far, so such a fit is lost, not moved.
    let (tex, h, r) = setup();
    let (cx, cy) = (BOARD_MM[0] / 2.0, BOARD_MM[1] / 2.0);
    let quarter = Homography([[0.0, -1.0, cx + cy], [1.0, 0.0, cy - cx], [0.0, 0.0, 1.0]]);
    let a = r.check(&view(&tex, &h.then_after(&quarter))).unwrap();
    assert!(
        matches!(
            &a.verdict,
            Verdict::Lost {
                why: LostReason::Implausible { .. }
            }
        ),
        "{a:?}"
    );
}
