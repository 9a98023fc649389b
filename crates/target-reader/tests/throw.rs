//! Reading a throw from the regions it changed (`read_throw`).

mod common;

use common::shipped;
use tw_board::{Board, Webs};
use tw_synth::scene::{render, sample_scene, Options};
use tw_target::area::PxRect;
use tw_target::{read_target, read_target_in, read_throw, Scope, TargetDie, TargetReading};

fn near(a: [f64; 2], b: [f64; 2], d: f64) -> bool {
    (a[0] - b[0]).hypot(a[1] - b[1]) < d
}

#[test]
fn a_throw_reads_its_changed_region_and_keeps_the_other_dice() {
    let b = Board::catacombs_default();
    let set = shipped();
    let opts = Options {
        effects: false,
        sizes: vec![(1280, 720)],
        dice: (3, 3),
        ..Options::default()
    };
    let s = sample_scene(&b, 2601, &opts);
    let (img, t) = render(&b, "catacombs-default.json", &s, "x").unwrap();
    let webs = Webs::on(&b, &t.webs).unwrap();
    let h = t.board_to_image;
    let whole = read_target(&img, &h, &b, &webs, &set).unwrap();
    assert_eq!(
        whole.dice.len(),
        t.dice.len(),
        "the whole frame reads every die"
    );
    // The "thrown" die: the first true die, boxed as the motion stage
    // would box it (its top face's pixels).
    let thrown = &t.dice[0];
    let xs = thrown.corners_px.iter().map(|p| p[0]);
    let ys = thrown.corners_px.iter().map(|p| p[1]);
    let (x0, x1) = (
        xs.clone().fold(f64::MAX, f64::min),
        xs.fold(f64::MIN, f64::max),
    );
    let (y0, y1) = (
        ys.clone().fold(f64::MAX, f64::min),
        ys.fold(f64::MIN, f64::max),
    );
    let changed = [x0, y0, x1 - x0, y1 - y0];
    let is_thrown = |d: &TargetDie| near(d.center, thrown.center_px, 8.0);
    let before = TargetReading {
        dice: whole
            .dice
            .iter()
            .filter(|d| !is_thrown(d))
            .cloned()
            .collect(),
        ..whole.clone()
    };
    assert_eq!(before.dice.len(), whole.dice.len() - 1);
    let got = read_throw(&img, &h, &b, &webs, &set, &[changed], Some(&before)).unwrap();
    let Scope::Changed { share, .. } = got.scope else {
        panic!("a die-sized change is read locally: {:?}", got.scope)
    };
    assert!(share < 0.05, "{share}");
    // The dice already there are kept as they were read; the thrown one
    // is read now, as the whole frame read it.
    assert_eq!(got.reading.dice[..before.dice.len()], before.dice[..]);
    assert_eq!(got.read_now, vec![before.dice.len()]);
    let new = &got.reading.dice[got.read_now[0]];
    let old = whole.dice.iter().find(|d| is_thrown(d)).unwrap();
    assert_eq!(
        (&new.section, &new.face, &new.color),
        (&old.section, &old.face, &old.color)
    );
    assert!(
        near(new.center, old.center, 1.0),
        "{:?} vs {:?}",
        new.center,
        old.center
    );
    // The first throw watched (no earlier reading): only the changed area
    // is read, so the reading holds the thrown die alone.
    let first = read_throw(&img, &h, &b, &webs, &set, &[changed], None).unwrap();
    assert!(matches!(first.scope, Scope::Changed { .. }), "{:?}", first.scope);
    assert_eq!(first.read_now, vec![0]);
    assert_eq!(first.reading.dice.len(), 1);
    assert_eq!(
        (&first.reading.dice[0].section, &first.reading.dice[0].face, &first.reading.dice[0].color),
        (&new.section, &new.face, &new.color)
    );
    // An area where no die lies reads none.
    let empty = PxRect {
        x0: 0,
        y0: 0,
        x1: 60,
        y1: 60,
    };
    let none = read_target_in(&img, &h, &b, &webs, &set, Some(&[empty])).unwrap();
    assert!(none.dice.is_empty(), "{:?}", none.dice);
    // A change over most of the frame is not a throw's: the whole frame is read.
    let bumped = read_throw(
        &img,
        &h,
        &b,
        &webs,
        &set,
        &[[0.0, 0.0, 1280.0, 600.0]],
        Some(&before),
    )
    .unwrap();
    assert!(matches!(bumped.scope, Scope::Whole { .. }));
    assert_eq!(bumped.reading.dice.len(), whole.dice.len());
}
