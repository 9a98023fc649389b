//! Calibration from synthetic camera views of the printed sheet: the sheet
//! PNG is warped with a known homography, the markers detected, and the
//! recovered map compared with the truth in millimetres.

use opencv::core::{Mat, Point, Rect, Scalar, Size, BORDER_CONSTANT};
use opencv::imgproc;
use opencv::prelude::*;
use tw_calibration::{
    calibrate_image, render_sheet, CalibrationError, Homography, Layout, Method, Placement,
    SheetLayout,
};

const DPI: f64 = 100.0;

/// Page millimetres → camera pixels for a 1280×720 view, looking at the
/// sheet at an angle (a trapezoid, slightly rotated).
fn mm_to_camera(layout: &SheetLayout) -> Homography {
    let [w, h] = layout.page_mm;
    let page = [[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]];
    let cam = [[455.0, 52.0], [838.0, 70.0], [955.0, 684.0], [318.0, 662.0]];
    Homography::fit(&page, &cam).unwrap()
}

/// Renders the camera view: the sheet PNG warped onto a grey table, blurred
/// like a webcam image.
fn camera_view(layout: &SheetLayout, cover: &[i32]) -> (Mat, Homography) {
    let mut sheet = render_sheet(layout, DPI).unwrap();
    // Hide chosen markers under a grey card.
    for id in cover {
        let m = layout.marker(*id).unwrap();
        let px = |mm: f64| (mm * DPI / 25.4) as i32;
        let s = px(layout.marker_mm * 0.7);
        let r = Rect::new(px(m.center_mm[0]) - s / 2, px(m.center_mm[1]) - s / 2, s, s);
        imgproc::rectangle(&mut sheet, r, Scalar::all(128.0), -1, imgproc::LINE_8, 0).unwrap();
    }
    let mm_cam = mm_to_camera(layout);
    let sheet_px_to_mm = Homography([
        [25.4 / DPI, 0.0, 0.0],
        [0.0, 25.4 / DPI, 0.0],
        [0.0, 0.0, 1.0],
    ]);
    let px_cam = mm_cam.then_after(&sheet_px_to_mm);
    let m = Mat::from_slice_2d(&px_cam.0).unwrap();
    let mut view = Mat::default();
    imgproc::warp_perspective(
        &sheet,
        &mut view,
        &m,
        Size::new(1280, 720),
        imgproc::INTER_AREA,
        BORDER_CONSTANT,
        Scalar::all(90.0),
    )
    .unwrap();
    let mut blurred = Mat::default();
    imgproc::gaussian_blur_def(&view, &mut blurred, Size::new(3, 3), 0.8).unwrap();
    (blurred, mm_cam)
}

/// Largest error, in mm, over a grid of points of the area, between the
/// profile's mapping and the truth.
fn worst_error_mm(
    profile: &tw_calibration::CalibrationProfile,
    truth_mm_cam: &Homography,
    offset: [f64; 2],
    area: [f64; 2],
) -> f64 {
    let mut worst: f64 = 0.0;
    for i in 0..=10 {
        for j in 0..=10 {
            let mm = [area[0] * i as f64 / 10.0, area[1] * j as f64 / 10.0];
            let page_mm = [mm[0] + offset[0], mm[1] + offset[1]];
            let px = truth_mm_cam.map(page_mm).unwrap();
            let got = profile.image_to_table(px).unwrap();
            worst = worst.max((got[0] - mm[0]).hypot(got[1] - mm[1]));
        }
    }
    worst
}

#[test]
fn whole_sheet_view_maps_within_a_millimetre() {
    let layout = SheetLayout::a4();
    let (view, truth) = camera_view(&layout, &[]);
    let p = calibrate_image(&view, "synthetic view", &layout, Placement::Sheet).unwrap();
    assert!(
        matches!(&p.method, Method::Aruco { layout: Layout::Sheet, marker_ids, .. } if marker_ids == &vec![0, 1, 2, 3])
    );
    assert_eq!(p.image_points.len(), 16);
    assert_eq!(p.image_size, Some([1280, 720]));
    let worst = worst_error_mm(&p, &truth, [0.0, 0.0], layout.page_mm);
    assert!(worst < 1.0, "worst error {worst:.3} mm");
    assert!(p.rms_error_mm < 0.5, "rms {}", p.rms_error_mm);
    // And back: table → image lands on the true pixel.
    let px = p.table_to_image([105.0, 148.5]).unwrap();
    let t = truth.map([105.0, 148.5]).unwrap();
    assert!((px[0] - t[0]).hypot(px[1] - t[1]) < 1.5);
}

#[test]
fn two_visible_markers_still_calibrate_the_sheet() {
    let layout = SheetLayout::a4();
    let (view, truth) = camera_view(&layout, &[1, 3]);
    let p = calibrate_image(&view, "two markers", &layout, Placement::Sheet).unwrap();
    assert_eq!(p.image_points.len(), 8);
    let worst = worst_error_mm(&p, &truth, [0.0, 0.0], layout.page_mm);
    assert!(worst < 2.0, "worst error {worst:.3} mm");
}

#[test]
fn cut_out_markers_map_the_area_between_their_centres() {
    let layout = SheetLayout::a4();
    let (view, truth) = camera_view(&layout, &[]);
    // The markers' centres are 126 × 213 mm apart on the page: pretend they
    // were cut out and put on the corners of such an area.
    let area = [126.0, 213.0];
    let p = calibrate_image(&view, "corners", &layout, Placement::Corners(area)).unwrap();
    assert_eq!(p.area_mm, area);
    let worst = worst_error_mm(&p, &truth, [42.0, 42.0], area);
    assert!(worst < 1.5, "worst error {worst:.3} mm");
}

#[test]
fn missing_markers_are_a_clear_error() {
    let layout = SheetLayout::a4();
    let blank =
        Mat::new_rows_cols_with_default(480, 640, opencv::core::CV_8UC3, Scalar::all(100.0))
            .unwrap();
    let e = calibrate_image(&blank, "empty-table.png", &layout, Placement::Sheet).unwrap_err();
    assert!(matches!(e, CalibrationError::MarkersNotFound { .. }));
    let msg = e.to_string();
    assert!(
        msg.contains("empty-table.png") && msg.contains("at least 2"),
        "{msg}"
    );

    let (one_hidden, _) = camera_view(&layout, &[2]);
    assert!(calibrate_image(&one_hidden, "v", &layout, Placement::Sheet).is_ok());
    let e = calibrate_image(
        &one_hidden,
        "hidden.png",
        &layout,
        Placement::Corners([100.0, 100.0]),
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("need all 4") && e.to_string().contains("[0, 1, 3]"),
        "{e}"
    );
}

#[test]
fn the_sheet_png_holds_the_four_markers_at_their_printed_size() {
    let layout = SheetLayout::a4();
    let sheet = render_sheet(&layout, DPI).unwrap();
    assert_eq!(sheet.cols(), (210.0 * DPI / 25.4_f64).round() as i32);
    let found = tw_calibration::find_markers(&sheet, &layout).unwrap();
    let mut ids: Vec<i32> = found.iter().map(|m| m.id).collect();
    ids.sort();
    assert_eq!(ids, vec![0, 1, 2, 3]);
    for m in &found {
        let edge_px = (m.corners[1][0] - m.corners[0][0]).hypot(m.corners[1][1] - m.corners[0][1]);
        let edge_mm = edge_px * 25.4 / DPI;
        assert!(
            (edge_mm - layout.marker_mm).abs() < 1.0,
            "marker {} is {edge_mm} mm",
            m.id
        );
    }
    // The caption states the scale.
    assert!(layout
        .caption()
        .iter()
        .any(|l| l.contains("50 mm") && l.contains("square")));
    let _ = Point::new(0, 0);
}

/// `view` as seen through `lens`: each output pixel takes the pinhole
/// view's pixel the lens bends onto it.
fn through(view: &Mat, lens: &tw_calibration::LensModel) -> Mat {
    let (w, h) = (view.cols(), view.rows());
    let mut mx =
        Mat::new_rows_cols_with_default(h, w, opencv::core::CV_32F, Scalar::all(0.0)).unwrap();
    let mut my = mx.clone();
    for y in 0..h {
        for x in 0..w {
            let p = lens.undistort([x as f64, y as f64]);
            *mx.at_2d_mut::<f32>(y, x).unwrap() = p[0] as f32;
            *my.at_2d_mut::<f32>(y, x).unwrap() = p[1] as f32;
        }
    }
    let mut out = Mat::default();
    imgproc::remap(
        view,
        &mut out,
        &mx,
        &my,
        imgproc::INTER_LINEAR,
        BORDER_CONSTANT,
        Scalar::all(90.0),
    )
    .unwrap();
    out
}

#[test]
fn a_distortion_free_view_estimates_no_lens_and_keeps_the_plain_profile() {
    let layout = SheetLayout::a4();
    let (view, _) = camera_view(&layout, &[]);
    for placement in [Placement::Sheet, Placement::Corners([126.0, 213.0])] {
        let plain = calibrate_image(&view, "v", &layout, placement).unwrap();
        let (p, est) =
            tw_calibration::calibrate_image_with_lens(&view, "v", &layout, placement).unwrap();
        let est = est.expect("four markers: an estimate is made");
        assert!(!est.kept, "{est:?}");
        assert_eq!(p, plain);
    }
}

#[test]
fn a_barrel_lens_is_estimated_from_the_markers_and_corrects_the_map() {
    let layout = SheetLayout::a4();
    let (view, truth) = camera_view(&layout, &[]);
    let lens = tw_calibration::LensModel::radial([1280, 720], [639.5, 359.5], 734.3, -0.35);
    let bent = through(&view, &lens);
    // The truth through the lens: page mm → pinhole pixel → lens.
    let worst = |p: &tw_calibration::CalibrationProfile| {
        let mut worst: f64 = 0.0;
        for i in 0..=10 {
            for j in 0..=10 {
                let mm = [
                    layout.page_mm[0] * i as f64 / 10.0,
                    layout.page_mm[1] * j as f64 / 10.0,
                ];
                let px = lens.distort(truth.map(mm).unwrap());
                let got = p.image_to_table(px).unwrap();
                worst = worst.max((got[0] - mm[0]).hypot(got[1] - mm[1]));
            }
        }
        worst
    };
    let plain = calibrate_image(&bent, "bent", &layout, Placement::Sheet).unwrap();
    let (p, est) =
        tw_calibration::calibrate_image_with_lens(&bent, "bent", &layout, Placement::Sheet)
            .unwrap();
    let est = est.unwrap();
    assert!(est.kept, "{est:?}");
    let k1 = p.lens.as_ref().unwrap().distortion[0];
    assert!((k1 + 0.35).abs() < 0.1, "k1 {k1}");
    assert!(p.lens.as_ref().unwrap().estimated.is_some());
    let (before, after) = (worst(&plain), worst(&p));
    assert!(
        after < 0.6 * before && after < 1.0,
        "worst {before:.2} mm without the lens, {after:.2} mm with it"
    );
}
