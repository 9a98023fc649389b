//! The reader on dice the project renders itself (see `tw_vision::synth`):
//! every supported colour scheme, every face, rotations, oblique views with a
//! side face showing, glare, several dice at once.

use proptest::prelude::*;
use tw_vision::synth::{self, DieSpec, DieStyle, Scene, ALL_STYLES, WHITE_BLACK};
use tw_vision::{DiceReader, Die};

fn scene(dice: Vec<DieSpec>) -> Scene {
    Scene {
        width: 640,
        height: 480,
        table: [120, 150, 175],
        dice,
        seed: 7,
    }
}

fn die(value: u8, center: (f32, f32), style: DieStyle) -> DieSpec {
    DieSpec {
        value,
        center,
        size: 60.0,
        rotation: 0.3,
        tilt: 0.0,
        style,
        glare: false,
    }
}

fn read(scene: &Scene) -> Vec<Die> {
    let frame = synth::render(scene).expect("render");
    DiceReader::default().read(&frame).expect("read").dice
}

fn nearest(dice: &[Die], at: (f32, f32)) -> &Die {
    dice.iter()
        .min_by(|a, b| {
            let da = (a.center[0] - at.0).hypot(a.center[1] - at.1);
            let db = (b.center[0] - at.0).hypot(b.center[1] - at.1);
            da.total_cmp(&db)
        })
        .expect("at least one die")
}

#[test]
fn every_style_and_face_reads_correctly_top_down() {
    for style in ALL_STYLES {
        for value in 1..=6u8 {
            let dice = read(&scene(vec![die(value, (320.0, 240.0), style)]));
            assert_eq!(
                dice.len(),
                1,
                "{} showing {value}: found {:?}",
                style.name,
                dice
            );
            let d = &dice[0];
            assert_eq!(
                d.face.as_deref(),
                Some(value.to_string().as_str()),
                "{} showing {value}",
                style.name
            );
            assert_eq!(
                d.color, style.expected_color,
                "{} showing {value}",
                style.name
            );
            assert!(!d.cocked, "{} showing {value} flagged cocked", style.name);
            assert!(
                d.confidence > 0.5,
                "{} showing {value}: confidence {}",
                style.name,
                d.confidence
            );
        }
    }
}

#[test]
fn oblique_view_reads_the_top_face_not_the_side() {
    for value in 1..=6u8 {
        let mut spec = die(value, (320.0, 220.0), WHITE_BLACK);
        spec.tilt = 0.75; // about 43 degrees from straight down
        let dice = read(&scene(vec![spec.clone()]));
        assert_eq!(dice.len(), 1, "tilted {value}: {:?}", dice);
        assert_eq!(
            dice[0].face.as_deref(),
            Some(value.to_string().as_str()),
            "tilted {value}"
        );
        let c = dice[0].center;
        assert!(
            (c[0] - 320.0).abs() < 6.0 && (c[1] - 220.0).abs() < 6.0,
            "centre {:?}",
            c
        );
    }
}

#[test]
fn glare_on_the_face_does_not_change_the_reading() {
    for style in ALL_STYLES {
        let mut spec = die(5, (300.0, 260.0), style);
        spec.glare = true;
        let dice = read(&scene(vec![spec]));
        assert_eq!(dice.len(), 1, "{}: {:?}", style.name, dice);
        assert_eq!(dice[0].face.as_deref(), Some("5"), "{}", style.name);
    }
}

#[test]
fn fourteen_dice_are_all_found_and_read() {
    let mut specs = Vec::new();
    for i in 0..14u8 {
        let col = (i % 7) as f32;
        let row = (i / 7) as f32;
        let mut s = die(
            i % 6 + 1,
            (90.0 + col * 160.0, 200.0 + row * 300.0),
            ALL_STYLES[i as usize % ALL_STYLES.len()],
        );
        s.rotation = i as f32 * 0.37;
        s.tilt = 0.4;
        specs.push(s);
    }
    let sc = Scene {
        width: 1280,
        height: 720,
        table: [110, 140, 160],
        dice: specs.clone(),
        seed: 3,
    };
    let dice = read(&sc);
    assert_eq!(dice.len(), 14, "found {:?}", dice);
    for s in &specs {
        let d = nearest(&dice, s.center);
        assert_eq!(
            d.face.as_deref(),
            Some(s.value.to_string().as_str()),
            "die at {:?}",
            s.center
        );
    }
}

#[test]
fn outline_surrounds_the_centre_and_has_the_face_area() {
    let spec = DieSpec {
        value: 4,
        center: (320.0, 240.0),
        size: 80.0,
        rotation: 0.5,
        tilt: 0.5,
        style: WHITE_BLACK,
        glare: false,
    };
    let dice = read(&scene(vec![spec.clone()]));
    assert_eq!(dice.len(), 1);
    let c = &dice[0].corners;
    // Shoelace area of the quadrilateral versus the rendered face's.
    let area = 0.5
        * (0..4)
            .map(|i| c[i][0] * c[(i + 1) % 4][1] - c[(i + 1) % 4][0] * c[i][1])
            .sum::<f32>()
            .abs();
    let expected = spec.size * spec.size * spec.tilt.cos();
    assert!(
        area > 0.6 * expected && area < 1.5 * expected,
        "area {area} vs {expected}"
    );
    let cx = c.iter().map(|p| p[0]).sum::<f32>() / 4.0;
    let cy = c.iter().map(|p| p[1]).sum::<f32>() / 4.0;
    assert!((cx - 320.0).abs() < 5.0 && (cy - 240.0).abs() < 5.0);
}

#[test]
fn an_empty_table_has_no_dice() {
    assert!(read(&scene(vec![])).is_empty());
}

proptest! {
    // A fixed seed keeps CI repeatable. Wider random searches
    // (`cargo run --release -p tw-vision --example pose_sweep 1500 SEED`)
    // measured, over 4,500 renders of 30–110 px at 0–46° with glare on 30%:
    // no failure at 36 px and up within 34°; one 33 px "2" with glare missed;
    // two 30 px "6"s misread (pips blurred together); two "2"s with glare
    // seen at 43° and more read as "1".
    #![proptest_config(ProptestConfig { cases: 48, rng_seed: proptest::test_runner::RngSeed::Fixed(20261122), ..ProptestConfig::default() })]
    /// Rotating, tilting or resizing a die never changes the face read.
    /// Sizes start at 36 px: below that a tilted "6" has pips ~3 px apart,
    /// which the renderer's blur merges (a known limit, in the crate docs).
    /// Tilt stops at ~34°: beyond it, near 45°, glare can still hide a
    /// pip (a 43° view is covered in
    /// `oblique_view_reads_the_top_face_not_the_side`).
    #[test]
    fn pose_does_not_change_the_face(
        value in 1u8..=6,
        rotation in 0.0f32..std::f32::consts::TAU,
        tilt in 0.0f32..0.6,
        size in 36.0f32..110.0,
        style_ix in 0usize..ALL_STYLES.len(),
        x in 150.0f32..490.0,
        y in 130.0f32..330.0,
    ) {
        let spec = DieSpec { value, center: (x, y), size, rotation, tilt, style: ALL_STYLES[style_ix], glare: false };
        let dice = read(&scene(vec![spec]));
        prop_assert_eq!(dice.len(), 1, "found {:?}", dice);
        prop_assert_eq!(dice[0].face.clone(), Some(value.to_string()));
        let c = dice[0].center;
        prop_assert!((c[0] - x).abs() < size * 0.15 && (c[1] - y).abs() < size * 0.15, "centre {:?}", c);
    }
}
