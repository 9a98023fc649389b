//! The d6 photo generator: deterministic output, sound labels, every face
//! drawn, and the labelled boxes really hold the dice's top-face art.

use std::path::PathBuf;
use tw_synth::d6::render::{render_d6, render_parts, Parts};
use tw_synth::d6::yolo::{labels, write_d6, Label};
use tw_synth::d6::{footprints_overlap, top_box};
use tw_synth::write::scene_seed;
use tw_synth::{sample_d6_scene, D6Options, DieSet};

fn small() -> D6Options {
    D6Options { sizes: vec![(320, 240)], ..D6Options::default() }
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tw-d6-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn files(dir: &PathBuf) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn same_seed_gives_same_bytes() {
    let (a, b, c) = (temp("a"), temp("b"), temp("c"));
    write_d6(&a, DieSet::Pips, 5, 2, &small()).unwrap();
    write_d6(&b, DieSet::Pips, 5, 2, &small()).unwrap();
    write_d6(&c, DieSet::Pips, 6, 2, &small()).unwrap();
    let (fa, fb, fc) = (files(&a), files(&b), files(&c));
    assert_eq!(fa.len(), 5, "2 images, 2 label files, classes.txt");
    assert_eq!(fa, fb);
    let jpg = |f: &[(String, Vec<u8>)]| f.iter().find(|(n, _)| n == "0000.jpg").unwrap().1.clone();
    assert_ne!(jpg(&fa), jpg(&fc), "another seed draws another photo");
    for d in [a, b, c] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn labels_lie_inside_and_round_trip() {
    let dir = temp("labels");
    let opts = small();
    write_d6(&dir, DieSet::DungeonRoll, 11, 3, &opts).unwrap();
    let classes = std::fs::read_to_string(dir.join("classes.txt")).unwrap();
    assert_eq!(classes.lines().collect::<Vec<_>>(), DieSet::DungeonRoll.classes());
    for i in 0..3 {
        let scene = sample_d6_scene(DieSet::DungeonRoll, scene_seed(11, i), &opts);
        let want = labels(&scene);
        assert_eq!(want.len(), scene.dice.len(), "every die's top face is in the frame");
        let text = std::fs::read_to_string(dir.join(format!("{i:04}.txt"))).unwrap();
        let got: Vec<Label> = text.lines().map(|l| Label::parse(l).unwrap()).collect();
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            assert_eq!(g.class, w.class);
            for (x, y) in [(g.cx, w.cx), (g.cy, w.cy), (g.w, w.w), (g.h, w.h)] {
                assert!((x - y).abs() < 1e-6, "{g:?} vs {w:?}");
            }
            assert!(g.class < 12);
            assert!(g.w > 0.0 && g.h > 0.0);
            assert!(g.cx - g.w / 2.0 >= 0.0 && g.cx + g.w / 2.0 <= 1.0, "{g:?}");
            assert!(g.cy - g.h / 2.0 >= 0.0 && g.cy + g.h / 2.0 <= 1.0, "{g:?}");
        }
    }
    assert!(Label::parse("3 0.5 0.5 0.1").unwrap_err().contains("5 fields"));
    assert!(Label::parse("3 0.5 x 0.1 0.1").unwrap_err().contains("cy"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn every_face_shows_and_dice_never_overlap() {
    let opts = D6Options::default();
    for set in DieSet::ALL {
        let mut seen = vec![0usize; set.classes().len()];
        let mut dice = 0;
        for i in 0..300 {
            let scene = sample_d6_scene(set, scene_seed(3, i), &opts);
            assert!(!scene.dice.is_empty() && scene.dice.len() <= 14);
            for (k, a) in scene.dice.iter().enumerate() {
                seen[a.top_class()] += 1;
                dice += 1;
                for b in &scene.dice[k + 1..] {
                    assert!(!footprints_overlap((a.at, a.edge / 2.0, a.yaw), (b.at, b.edge / 2.0, b.yaw)));
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "{}: {seen:?} over {dice} dice", set.name());
    }
}

#[test]
fn touching_squares_do_not_overlap_but_crossing_ones_do() {
    let a = ([0.0, 0.0], 8.0, 0.3);
    let (s, c) = 0.3f64.sin_cos();
    assert!(!footprints_overlap(a, ([16.0 * c, 16.0 * s], 8.0, 0.3)), "side by side, touching");
    assert!(footprints_overlap(a, ([15.0 * c, 15.0 * s], 8.0, 0.3)));
    assert!(footprints_overlap(a, ([10.0, 0.0], 8.0, 1.0)));
}

/// Changed pixels between two renders inside a box, as a fraction.
fn changed(a: &tw_synth::d6::render::Rgb8, b: &tw_synth::d6::render::Rgb8, bx: [f64; 4], shrink: f64, min: i32) -> f64 {
    let (cx, cy) = ((bx[0] + bx[2]) / 2.0, (bx[1] + bx[3]) / 2.0);
    let (hw, hh) = ((bx[2] - bx[0]) / 2.0 * shrink, (bx[3] - bx[1]) / 2.0 * shrink);
    let (mut n, mut k) = (0, 0);
    for y in (cy - hh).ceil() as u32..(cy + hh).floor() as u32 {
        for x in (cx - hw).ceil() as u32..(cx + hw).floor() as u32 {
            let (p, q) = (a.pixel(x, y), b.pixel(x, y));
            let d = (0..3).map(|c| (p[c] as i32 - q[c] as i32).abs()).max().unwrap();
            n += 1;
            k += usize::from(d >= min);
        }
    }
    k as f64 / n.max(1) as f64
}

#[test]
fn top_face_boxes_hold_the_dice_and_their_art() {
    let opts = D6Options {
        sizes: vec![(320, 240)],
        dice: (1, 3),
        face_px: (40.0, 60.0),
        tilt_deg: (0.0, 30.0),
        effects: false,
    };
    for set in DieSet::ALL {
        for i in 0..4 {
            let scene = sample_d6_scene(set, scene_seed(21, i), &opts);
            let full = render_d6(&scene);
            let bare = render_parts(&scene, Parts { dice: true, art: false });
            let table = render_parts(&scene, Parts { dice: false, art: false });
            for d in &scene.dice {
                let b = top_box(&scene.camera, d).unwrap();
                // The middle of the box is die, not table.
                let die = changed(&full, &table, b, 0.5, 3);
                assert!(die > 0.8, "{} scene {i}: only {die:.2} of the box differs from the table", set.name());
                // The face art lies in the box: painting it changes many pixels there.
                let art = changed(&full, &bare, b, 1.0, 40);
                assert!(art > 0.01, "{} scene {i}: face art covers only {art:.3} of the box", set.name());
            }
        }
    }
}

#[test]
fn glare_and_blur_leave_most_face_art_visible() {
    // With every photographic effect on and strong glare, the lamp's highlight
    // may flare a face that mirrors it, but must not wash out most faces.
    let opts = D6Options { sizes: vec![(320, 240)], dice: (2, 4), face_px: (40.0, 60.0), ..D6Options::default() };
    let (mut dice, mut visible) = (0, 0);
    for set in DieSet::ALL {
        for i in 0..4 {
            let mut scene = sample_d6_scene(set, scene_seed(33, i), &opts);
            scene.photo.glare = 1.5;
            let full = render_d6(&scene);
            let bare = render_parts(&scene, Parts { dice: true, art: false });
            for d in &scene.dice {
                let b = top_box(&scene.camera, d).unwrap();
                dice += 1;
                visible += usize::from(changed(&full, &bare, b, 1.0, 40) > 0.01);
            }
        }
    }
    assert!(visible * 10 >= dice * 9, "face art visible on only {visible} of {dice} dice");
}

#[test]
fn a_bag_holds_the_same_dice_whatever_the_scene() {
    use tw_synth::d6::bag_look;
    // The same die of the same bag looks the same each time it is drawn...
    assert_eq!(bag_look(DieSet::Pips, 7, 3), bag_look(DieSet::Pips, 7, 3));
    // ...and the bag's dice differ from each other and from another bag's.
    let dice: Vec<_> = (0..6).map(|i| bag_look(DieSet::Pips, 7, i)).collect();
    for (i, a) in dice.iter().enumerate() {
        assert!(dice[i + 1..].iter().all(|b| b != a), "die {i} repeats");
        assert_ne!(*a, bag_look(DieSet::Pips, 8, i));
    }
}
