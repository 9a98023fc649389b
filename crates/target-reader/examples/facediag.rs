//! Development diagnostics for icon/blank misreads: for every true die, the
//! nearest accepted reading's face descriptor and centre error; for each
//! face read wrong, the face patch (`facediag-<scene>-<k>.png` in OUT) and a
//! 4× crop with the true (green) and fitted (red) top face (`crop-…`).
//! `cargo run --release -p tw-target --example facediag -- DIR OUT [SCENES]`
//! (SCENES: comma-separated file names to look at only those). With
//! `FACEDIAG_FAR_MM=M` set, fits whose worst corner is over M mm off are
//! cropped too.
mod common;

use tw_board::Board;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let out = std::path::PathBuf::from(std::env::args().nth(2).expect("OUT"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    // Optional: only these scenes (comma-separated file names).
    let only: Vec<String> = std::env::args()
        .nth(3)
        .map(|s| s.split(',').map(String::from).collect())
        .unwrap_or_default();
    for sc in common::scenes(&dir) {
        if !only.is_empty() && !only.contains(&sc.name) {
            continue;
        }
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let ms = common::accepted(&img, &h, &board, &set);
        for (k, d) in t.dice.iter().enumerate() {
            let Some(m) = common::nearest(&ms, d.center_mm) else {
                continue;
            };
            let dist =
                (m.fit.centre_mm[0] - d.center_mm[0]).hypot(m.fit.centre_mm[1] - d.center_mm[1]);
            let truth_face = format!("{:?}", d.face).to_lowercase();
            let patch = tw_target::face::face_patch(&img, &m.fit.corners_px).unwrap();
            let desc = tw_target::face::describe(&patch).unwrap();
            let wrong = m.face != truth_face;
            // Also crop fits whose worst corner is this far off (mm), if set.
            let far_mm: Option<f64> = std::env::var("FACEDIAG_FAR_MM")
                .ok()
                .and_then(|v| v.parse().ok());
            let corner_err = common::worst_corner_mm(&d.corners_mm, &m.fit.corners_mm);
            let far = far_mm.is_some_and(|f| corner_err > f);
            println!(
                "{} {name} {k} {} truth {} read {} {} conf {:.2} dist_mm {:.2} corner_mm {corner_err:.2} frac {:.3} contrast {:.1} bgr {:?} area_px {:.0}",
                if wrong { "WRONG" } else { "OK" },
                d.color.name(),
                truth_face,
                m.color,
                m.face,
                m.confidence,
                dist,
                desc.glyph_fraction,
                desc.glyph_contrast,
                desc.bgr.map(|v| v.round()),
                area(&m.fit.corners_px),
            );
            if wrong || far {
                let mut big = opencv::core::Mat::default();
                opencv::imgproc::resize(
                    &patch,
                    &mut big,
                    opencv::core::Size::new(160, 160),
                    0.0,
                    0.0,
                    opencv::imgproc::INTER_NEAREST,
                )
                .unwrap();
                let p = out.join(format!(
                    "facediag-{}-{k}.png",
                    name.trim_end_matches(".json")
                ));
                opencv::imgcodecs::imwrite(p.to_str().unwrap(), &big, &opencv::core::Vector::new())
                    .unwrap();
                crop(
                    &img,
                    &d.corners_px,
                    &m.fit.corners_px,
                    &out.join(format!("crop-{}-{k}.png", name.trim_end_matches(".json"))),
                );
            }
        }
    }
}

fn area(p: &[[f64; 2]; 5]) -> f64 {
    let mut s = 0.0;
    for i in 0..5 {
        let (a, b) = (p[i], p[(i + 1) % 5]);
        s += a[0] * b[1] - a[1] * b[0];
    }
    s.abs() / 2.0
}

/// A 4x crop around the die: truth corners green, fitted corners red.
fn crop(img: &opencv::core::Mat, truth: &[[f64; 2]], fit: &[[f64; 2]; 5], path: &std::path::Path) {
    use opencv::core::{Mat, Point, Rect, Scalar, Size, Vector};
    use opencv::prelude::*;
    let c = truth
        .iter()
        .fold([0.0, 0.0], |s, p| [s[0] + p[0] / 5.0, s[1] + p[1] / 5.0]);
    let half = 30;
    let x0 = (c[0] as i32 - half).clamp(0, img.cols() - 2 * half);
    let y0 = (c[1] as i32 - half).clamp(0, img.rows() - 2 * half);
    let roi = Mat::roi(img, Rect::new(x0, y0, 2 * half, 2 * half))
        .unwrap()
        .try_clone()
        .unwrap();
    let mut big = Mat::default();
    opencv::imgproc::resize(
        &roi,
        &mut big,
        Size::new(8 * half, 8 * half),
        0.0,
        0.0,
        opencv::imgproc::INTER_NEAREST,
    )
    .unwrap();
    let poly = |ps: &[[f64; 2]]| -> Vector<Vector<Point>> {
        let mut v = Vector::new();
        v.push(
            ps.iter()
                .map(|p| {
                    Point::new(
                        ((p[0] - x0 as f64) * 4.0) as i32,
                        ((p[1] - y0 as f64) * 4.0) as i32,
                    )
                })
                .collect(),
        );
        v
    };
    for (ps, bgr) in [(truth, (0.0, 255.0, 0.0)), (&fit[..], (0.0, 0.0, 255.0))] {
        opencv::imgproc::polylines(
            &mut big,
            &poly(ps),
            true,
            Scalar::new(bgr.0, bgr.1, bgr.2, 0.0),
            1,
            opencv::imgproc::LINE_8,
            0,
        )
        .unwrap();
    }
    opencv::imgcodecs::imwrite(path.to_str().unwrap(), &big, &Vector::new()).unwrap();
}
