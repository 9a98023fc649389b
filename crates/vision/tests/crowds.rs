//! Dice in crowds: a row of touching dice makes one foreground region, and
//! the crowd search finds the dice of it that the finders' proposals left
//! out, while a lone die's region (its sides, its shadow) gets no extra die.

use tw_vision::bodies::body_map;
use tw_vision::crowds::fill_crowds;
use tw_vision::facenet::FaceNet;
use tw_vision::synth::{self, DieSpec, Scene, RED_WHITE, WHITE_BLACK};
use tw_vision::color::ColorTable;
use tw_vision::Die;

fn die(value: u8, x: f32, y: f32, style: synth::DieStyle) -> DieSpec {
    DieSpec { value, center: (x, y), size: 48.0, rotation: 0.0, tilt: 0.0, style, glare: false }
}

fn kept(spec: &DieSpec) -> Die {
    let (x, y) = spec.center;
    let h = spec.size / 2.0;
    Die {
        center: [x, y],
        corners: [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]],
        face: Some(spec.value.to_string()),
        color: "red".into(),
        confidence: 1.0,
        cocked: false,
    }
}

#[test]
fn a_row_of_touching_dice_is_searched_die_by_die() {
    // Four red dice touching in a row, two lone dice apart from it.
    let row: Vec<DieSpec> = [3u8, 5, 2, 6].iter().enumerate().map(|(i, &v)| die(v, 180.0 + 49.0 * i as f32, 200.0, RED_WHITE)).collect();
    let lone = vec![die(4, 500.0, 380.0, RED_WHITE), die(1, 120.0, 400.0, WHITE_BLACK)];
    let scene = Scene { width: 640, height: 480, table: [150, 170, 185], dice: row.iter().chain(&lone).cloned().collect(), seed: 5 };
    let frame = synth::render(&scene).unwrap();
    let map = body_map(&frame).unwrap();
    let net = FaceNet::shipped().unwrap();
    let colors = ColorTable::builtin();
    // As if the finders had kept only the lone dice and the row's first die.
    let mut dice: Vec<Die> = lone.iter().chain(&row[..1]).map(kept).collect();
    fill_crowds(&net, &frame, &map, &mut dice, &colors).unwrap();
    assert_eq!(dice.len(), 6, "{dice:?}");
    for spec in &row[1..] {
        let d = dice
            .iter()
            .find(|d| (d.center[0] - spec.center.0).hypot(d.center[1] - spec.center.1) < 0.4 * spec.size)
            .unwrap_or_else(|| panic!("no die found at {:?}: {dice:?}", spec.center));
        assert_eq!(d.face.as_deref(), Some(spec.value.to_string().as_str()), "{d:?}");
    }
    // Every die already kept: nothing to add.
    let before = dice.len();
    fill_crowds(&net, &frame, &map, &mut dice, &colors).unwrap();
    assert_eq!(dice.len(), before);
}

#[test]
fn a_lone_die_is_not_searched_again() {
    let dice_specs = vec![die(2, 200.0, 200.0, RED_WHITE), die(5, 420.0, 300.0, WHITE_BLACK)];
    let scene = Scene { width: 640, height: 480, table: [150, 170, 185], dice: dice_specs.clone(), seed: 9 };
    let frame = synth::render(&scene).unwrap();
    let map = body_map(&frame).unwrap();
    let net = FaceNet::shipped().unwrap();
    let mut dice: Vec<Die> = dice_specs.iter().map(kept).collect();
    fill_crowds(&net, &frame, &map, &mut dice, &ColorTable::builtin()).unwrap();
    assert_eq!(dice.len(), 2, "{dice:?}");
    // With fewer than two dice there is no die size to trust: nothing added.
    let mut one = vec![kept(&dice_specs[0])];
    fill_crowds(&net, &frame, &map, &mut one, &ColorTable::builtin()).unwrap();
    assert_eq!(one.len(), 1);
}
