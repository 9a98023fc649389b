//! Dice with art on their faces (`crate::artface`): a set enrolled from a
//! few drawn photos finds and reads dice it was not enrolled from, turned
//! any way; its file round-trips and a broken one is refused naming the
//! field.

use opencv::{
    core::{Mat, Point, Scalar, Vector, CV_8UC3},
    imgproc,
};
use tw_vision::eval::{parse_yolo_named, score_image, LabelBox};
use tw_vision::facenet::FaceNet;
use tw_vision::faceset::{Enrolment, FaceSet};
use tw_vision::DiceReader;

const FACES: [&str; 4] = ["sword", "ring", "peak", "flag"];
const SIDE: f32 = 46.0;

/// A point of the die's own frame (−0.5..0.5 per side) in the image.
fn at(c: (f32, f32), turn: f32, u: f32, v: f32) -> Point {
    let (s, k) = turn.sin_cos();
    Point::new(
        (c.0 + SIDE * (u * k - v * s)).round() as i32,
        (c.1 + SIDE * (u * s + v * k)).round() as i32,
    )
}

fn poly(img: &mut Mat, pts: &[Point], colour: f64) {
    let v: Vector<Vector<Point>> = Vector::from_iter([Vector::from_slice(pts)]);
    imgproc::fill_poly(
        img,
        &v,
        Scalar::all(colour),
        imgproc::LINE_AA,
        0,
        Point::new(0, 0),
    )
    .unwrap();
}

/// Draws a white die with a black glyph (or, `dark`, a black die with a
/// white glyph), its shadow, and returns its label.
fn die(img: &mut Mat, c: (f32, f32), turn: f32, face: usize, dark: bool) -> LabelBox {
    let (body, ink) = if dark { (35.0, 225.0) } else { (235.0, 20.0) };
    let corners = |grow: f32, shift: (f32, f32)| -> Vec<Point> {
        [(-0.5f32, -0.5f32), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
            .iter()
            .map(|&(u, v)| at((c.0 + shift.0, c.1 + shift.1), turn, u * grow, v * grow))
            .collect()
    };
    poly(img, &corners(1.05, (5.0, 6.0)), 55.0);
    poly(img, &corners(1.0, (0.0, 0.0)), body);
    let g = |u: f32, v: f32| at(c, turn, u, v);
    match face {
        // A blade from corner to corner with a cross guard.
        0 => {
            poly(
                img,
                &[g(-0.28, -0.3), g(-0.2, -0.3), g(0.3, 0.22), g(0.22, 0.3)],
                ink,
            );
            poly(
                img,
                &[g(-0.05, 0.12), g(0.12, -0.05), g(0.18, 0.01), g(0.01, 0.18)],
                ink,
            );
        }
        // A thick ring.
        1 => {
            imgproc::circle(
                img,
                g(0.0, 0.0),
                (SIDE * 0.24) as i32,
                Scalar::all(ink),
                (SIDE * 0.09) as i32,
                imgproc::LINE_AA,
                0,
            )
            .unwrap();
        }
        // A filled triangle.
        2 => poly(img, &[g(-0.3, 0.25), g(0.3, 0.25), g(0.0, -0.3)], ink),
        // A pole with a flag to one side.
        _ => {
            poly(
                img,
                &[
                    g(-0.2, -0.32),
                    g(-0.12, -0.32),
                    g(-0.12, 0.32),
                    g(-0.2, 0.32),
                ],
                ink,
            );
            poly(img, &[g(-0.12, -0.32), g(0.3, -0.18), g(-0.12, -0.04)], ink);
        }
    }
    let xs: Vec<f32> = [(-0.5f32, -0.5f32), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
        .iter()
        .map(|&(u, v)| {
            let p = at(c, turn, u, v);
            p.x as f32
        })
        .collect();
    let ys: Vec<f32> = [(-0.5f32, -0.5f32), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
        .iter()
        .map(|&(u, v)| at(c, turn, u, v).y as f32)
        .collect();
    let min = |v: &[f32]| v.iter().cloned().fold(f32::MAX, f32::min);
    let max = |v: &[f32]| v.iter().cloned().fold(f32::MIN, f32::max);
    LabelBox {
        face: face as u8 + 1,
        name: FACES[face].to_string(),
        x0: min(&xs),
        y0: min(&ys),
        x1: max(&xs),
        y1: max(&ys),
    }
}

/// A photo: a gray table with dark streaks, eight dice (two of each face)
/// turned by the seed; with `two_bodies` the first two faces are on black
/// dice.
fn photo(seed: u64, two_bodies: bool) -> (Mat, Vec<LabelBox>) {
    let mut img = Mat::new_rows_cols_with_default(300, 460, CV_8UC3, Scalar::all(128.0)).unwrap();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut rnd = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 11) as f32 / (1u64 << 53) as f32
    };
    for _ in 0..12 {
        let (a, b) = ((rnd() * 460.0) as i32, (rnd() * 300.0) as i32);
        imgproc::line(
            &mut img,
            Point::new(a, b),
            Point::new(a + 60, b + 8),
            Scalar::all(95.0),
            2,
            imgproc::LINE_AA,
            0,
        )
        .unwrap();
    }
    let mut labels = Vec::new();
    for i in 0..8 {
        let c = (
            60.0 + 110.0 * (i % 4) as f32 + 8.0 * rnd(),
            80.0 + 140.0 * (i / 4) as f32 + 8.0 * rnd(),
        );
        let face = (i + seed as usize) % 4;
        labels.push(die(
            &mut img,
            c,
            rnd() * std::f32::consts::TAU,
            face,
            two_bodies && face < 2,
        ));
    }
    (img, labels)
}

fn enrolled() -> FaceSet {
    enrolled_with(false)
}

fn enrolled_with(two_bodies: bool) -> FaceSet {
    let net = FaceNet::shipped().unwrap();
    let names: Vec<String> = FACES.iter().map(|s| s.to_string()).collect();
    let mut e = Enrolment::for_faces(&net, &names);
    for seed in 1..=4 {
        let (img, labels) = photo(seed, two_bodies);
        assert_eq!(e.add(&img, &labels, "drawn").unwrap(), 8);
    }
    e.finish("drawn").unwrap()
}

#[test]
fn an_art_set_finds_and_reads_dice_it_was_not_enrolled_from() {
    let set = enrolled();
    assert!(
        set.art.is_some(),
        "faces that are not pips get an art model"
    );
    let text = serde_json::to_string(&set).unwrap();
    assert_eq!(FaceSet::parse("set.json", &text).unwrap(), set);
    let reader = DiceReader::with_face_set(set, "set.json").unwrap();
    let (mut right, mut labels_n, mut wrong_sure) = (0, 0, 0);
    for seed in [11, 12] {
        let (img, labels) = photo(seed, false);
        let reading = reader.read(&img).unwrap();
        let (s, _) = score_image(&labels, &reading.dice);
        right += s.correct;
        labels_n += s.labels;
        wrong_sure += s.wrong_sure;
    }
    assert!(right >= labels_n - 1, "{right} of {labels_n} read right");
    assert_eq!(wrong_sure, 0);
}

#[test]
fn dark_and_light_dice_are_read_each_against_its_own_faces() {
    let set = enrolled_with(true);
    let art = set.art.as_ref().unwrap();
    assert!(
        enrolled().art.unwrap().bodies.is_none(),
        "one body colour: no split"
    );
    let bodies = art.bodies.as_ref().expect("two body colours are split");
    let mut dark = bodies.dark.clone();
    dark.sort();
    assert_eq!(dark, ["ring", "sword"]);
    let text = serde_json::to_string(&set).unwrap();
    assert_eq!(FaceSet::parse("set.json", &text).unwrap(), set);
    let reader = DiceReader::with_face_set(set.clone(), "set.json").unwrap();
    let (mut right, mut labels_n, mut wrong_sure) = (0, 0, 0);
    for seed in [11, 12] {
        let (img, labels) = photo(seed, true);
        let reading = reader.read(&img).unwrap();
        let (s, _) = score_image(&labels, &reading.dice);
        right += s.correct;
        labels_n += s.labels;
        wrong_sure += s.wrong_sure;
    }
    assert!(right >= labels_n - 1, "{right} of {labels_n} read right");
    assert_eq!(wrong_sure, 0);
    let mut v = serde_json::to_value(&set).unwrap();
    v["art"]["bodies"]["dark"][0] = "crown".into();
    let e = FaceSet::parse("set.json", &v.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("set.json") && e.contains("art.bodies.dark[0]"),
        "{e}"
    );
}

#[test]
fn a_broken_art_section_is_refused_naming_the_field() {
    let good = serde_json::to_value(enrolled()).unwrap();
    let broken = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        FaceSet::parse("set.json", &v.to_string())
            .unwrap_err()
            .to_string()
    };
    let e = broken(&|v| v["art"]["descriptor"] = "other".into());
    assert!(
        e.contains("set.json") && e.contains("art.descriptor"),
        "{e}"
    );
    let e = broken(&|v| {
        v["art"]["prototypes"][0]["polar"]
            .as_array_mut()
            .unwrap()
            .pop();
    });
    assert!(e.contains("art.prototypes[0].polar"), "{e}");
    let e = broken(&|v| {
        v["art"]["finder"]["w1"].as_array_mut().unwrap().pop();
    });
    assert!(e.contains("art.finder.w1"), "{e}");
    let e = broken(&|v| v["art"]["sizes_px"] = serde_json::json!([50.0, 20.0]));
    assert!(e.contains("art.sizes_px"), "{e}");
    let e = broken(&|v| {
        v["art"]["finder"]
            .as_object_mut()
            .unwrap()
            .remove("gate_min");
    });
    assert!(e.contains("gate_min"), "{e}");
    let e = broken(&|v| v["art"]["min_similarity"][0][1] = 3.0.into());
    assert!(e.contains("art.min_similarity[0]"), "{e}");
}

#[test]
fn labels_in_yolo_form_name_art_faces() {
    let names: Vec<String> = FACES.iter().map(|s| s.to_string()).collect();
    let l = parse_yolo_named("3 0.5 0.5 0.1 0.1\n", 100, 100, &names).unwrap();
    assert_eq!(l[0].name, "flag");
}
