//! The generator draws what its ground truth says, deterministically.

use opencv::core::Mat;
use opencv::prelude::*;
use tw_board::Board;
use tw_calibration::{calibrate_image, Placement, SheetLayout};
use tw_synth::camera::apply;
use tw_synth::scene::{render, sample_scene, Options};
use tw_synth::sequence::sample_throw;
use tw_synth::{DieColor, Face};

const BOARD_FILE: &str = "calibration/boards/catacombs-default.json";

fn clean() -> Options {
    Options {
        effects: false,
        ..Options::default()
    }
}

fn px(img: &Mat, p: [f64; 2]) -> [f64; 3] {
    let v = img
        .at_2d::<opencv::core::Vec3b>(p[1].round() as i32, p[0].round() as i32)
        .unwrap();
    [v[0] as f64, v[1] as f64, v[2] as f64]
}

#[test]
fn same_seed_same_image_and_truth_other_seed_differs() {
    let b = Board::catacombs_default();
    let opts = Options::default();
    let (a, ta) = render(&b, BOARD_FILE, &sample_scene(&b, 42, &opts), "a.jpg").unwrap();
    let (c, tc) = render(&b, BOARD_FILE, &sample_scene(&b, 42, &opts), "a.jpg").unwrap();
    assert_eq!(ta, tc);
    assert_eq!(a.data_bytes().unwrap(), c.data_bytes().unwrap());
    let (_, td) = render(&b, BOARD_FILE, &sample_scene(&b, 43, &opts), "a.jpg").unwrap();
    assert_ne!(ta.dice, td.dice);
}

#[test]
fn truth_is_consistent_with_the_landing_rule_and_camera() {
    let b = Board::catacombs_default();
    for seed in 0..15 {
        let scene = sample_scene(&b, seed, &Options::default());
        let (_, t) = render(&b, BOARD_FILE, &scene, "x.jpg").unwrap();
        let webs = tw_board::Webs::on(&b, &t.webs).unwrap();
        for d in &t.dice {
            assert_eq!(d.corners_mm.len(), 5, "a d12's top face is a pentagon");
            assert_eq!(b.landing(&d.corners_mm, &webs).unwrap().section, d.section);
            assert!(
                d.corner_clearance_mm > Options::default().min_clearance_mm,
                "{d:?}"
            );
            for (p, q) in d.corners_mm.iter().zip(&d.corners_px) {
                let r = t.camera.project([p[0], p[1], -d.top_height_mm]).unwrap();
                assert!((r[0] - q[0]).abs() < 1e-6 && (r[1] - q[1]).abs() < 1e-6);
            }
            assert!(d.at_rest);
        }
        assert!((35.0..=90.0).contains(&t.elevation_deg));
    }
}

/// In a clean render, the top face shows the die colour between the star's
/// points and, at its centre, the icon colour for an icon face.
#[test]
fn dice_are_drawn_where_the_truth_says_with_the_right_colour_and_face() {
    let b = Board::catacombs_default();
    let mut checked = 0;
    for seed in 100..130 {
        let (img, t) = render(&b, BOARD_FILE, &sample_scene(&b, seed, &clean()), "x.png").unwrap();
        for d in &t.dice {
            let c = d.center_px;
            let span = d
                .corners_px
                .iter()
                .map(|p| (p[0] - c[0]).hypot(p[1] - c[1]))
                .fold(f64::INFINITY, f64::min);
            if span < 9.0 {
                continue; // too few pixels for a single-pixel probe to be meaningful
            }
            let (a, e) = (d.corners_px[0], d.corners_px[1]);
            let mid = [(a[0] + e[0]) / 2.0, (a[1] + e[1]) / 2.0];
            let body = px(
                &img,
                [c[0] + 0.55 * (mid[0] - c[0]), c[1] + 0.55 * (mid[1] - c[1])],
            );
            let centre = px(&img, c);
            let [bl, g, r] = body;
            match d.color {
                DieColor::Red => assert!(r > g + 60.0 && r > bl + 60.0, "{body:?}"),
                DieColor::Green => {
                    assert!(g > r + 40.0 && g > bl + 40.0, "seed {seed} {body:?} {d:?}")
                }
                DieColor::Blue => assert!(bl > r + 60.0 && bl > g + 30.0, "{body:?}"),
                DieColor::White => assert!(
                    r.min(g).min(bl) > 110.0 && (r - bl).abs() < 40.0,
                    "{body:?}"
                ),
            }
            let diff: f64 = (0..3).map(|k| (centre[k] - body[k]).abs()).sum();
            match d.face {
                Face::Icon => assert!(diff > 80.0, "icon centre {centre:?} vs body {body:?}"),
                Face::Blank => assert!(diff < 40.0, "blank centre {centre:?} vs body {body:?}"),
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} dice checked");
}

/// The calibration crate finds the drawn markers and recovers the true
/// board ↔ image mapping.
#[test]
fn markers_in_the_render_give_the_true_calibration() {
    let b = Board::catacombs_default();
    let fr = b.spec().frame_mm;
    for seed in [7, 8, 9] {
        let scene = sample_scene(&b, seed, &clean());
        let (img, t) = render(&b, BOARD_FILE, &scene, "x.png").unwrap();
        let prof =
            calibrate_image(&img, "x.png", &SheetLayout::a4(), Placement::Corners(fr)).unwrap();
        for p in [[300.0, 300.0], [100.0, 450.0], [520.0, 80.0]] {
            let want = apply(&t.board_to_image, p);
            let got = prof.table_to_image(p).unwrap();
            let err = (want[0] - got[0]).hypot(want[1] - got[1]);
            assert!(err < 2.0, "seed {seed}: {p:?} off by {err:.2} px");
        }
    }
}

#[test]
fn a_throw_moves_then_rests_in_its_final_pose() {
    let b = Board::catacombs_default();
    let seq = sample_throw(&b, 11, &Options::default(), 12, 5);
    assert_eq!(seq.scenes.len(), 17);
    assert_eq!(seq.rest_frame, 12);
    let mesh = tw_synth::die::Mesh::dodecahedron();
    let webs = tw_synth::scene::webs_of(&b, &seq.scenes[0].webs);
    let truths: Vec<_> = seq
        .scenes
        .iter()
        .map(|s| tw_synth::scene::die_truth(&b, &mesh, &s.camera, &webs, s.dice.last().unwrap()))
        .collect();
    assert!(truths[..12].iter().all(|t| !t.at_rest));
    assert!(truths[12..].iter().all(|t| t.at_rest));
    assert!(truths[12..].windows(2).all(|w| w[0] == w[1]));
    let first = truths[0].center_mm;
    let last = truths[16].center_mm;
    assert!(
        (first[0] - last[0]).hypot(first[1] - last[1]) > 50.0,
        "the die travels"
    );
}

/// The painted drawing shows the same board: the same truth and the same
/// markers (calibration still works), deterministic by seed, but other
/// paint on the sections than the plain drawing.
#[test]
fn painted_art_draws_the_same_board_otherwise() {
    let b = Board::catacombs_default();
    let fr = b.spec().frame_mm;
    let painted = Options {
        art: tw_synth::scene::Art::Painted,
        ..clean()
    };
    let scene = sample_scene(&b, 11, &painted);
    let plain_scene = sample_scene(&b, 11, &clean());
    let (img, t) = render(&b, BOARD_FILE, &scene, "x.png").unwrap();
    let (again, _) = render(&b, BOARD_FILE, &scene, "x.png").unwrap();
    let (plain, tp) = render(&b, BOARD_FILE, &plain_scene, "x.png").unwrap();
    assert_eq!(img.data_bytes().unwrap(), again.data_bytes().unwrap());
    assert_eq!(t.dice, tp.dice);
    // Sections are painted otherwise: sample points away from any die.
    let c = b.centre();
    let differ = (0..24)
        .map(|k| {
            let a = k as f64 * std::f64::consts::TAU / 24.0;
            [c[0] + 90.0 * a.cos(), c[1] + 90.0 * a.sin()]
        })
        .filter(|p| {
            t.dice
                .iter()
                .all(|d| (d.center_mm[0] - p[0]).hypot(d.center_mm[1] - p[1]) > 30.0)
        })
        .filter(|p| {
            let q = apply(&t.board_to_image, *p);
            let (x, y) = (px(&img, q), px(&plain, q));
            (0..3).map(|i| (x[i] - y[i]).abs()).sum::<f64>() > 30.0
        })
        .count();
    assert!(differ >= 12, "only {differ} of the sampled points differ");
    let prof = calibrate_image(&img, "x.png", &SheetLayout::a4(), Placement::Corners(fr)).unwrap();
    let p = [300.0, 300.0];
    let (want, got) = (apply(&t.board_to_image, p), prof.table_to_image(p).unwrap());
    assert!((want[0] - got[0]).hypot(want[1] - got[1]) < 2.0);
}
