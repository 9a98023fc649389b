//! Shared by the target reader's test files.
#![allow(dead_code)] // not every test file uses every helper

use tw_target::dieset::DieSet;

/// The shipped die set, with its trained die-or-phantom model.
pub fn shipped() -> DieSet {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../models/dice-sets/dungeon-fighter.json");
    let set = DieSet::load(&p).unwrap();
    assert!(
        set.verifier.is_some(),
        "the shipped set carries its verifier"
    );
    set
}

/// A die of `color` lying flat at `at` (board mm), turned by `yaw`, with
/// a blank face on top.
pub fn die_at(color: tw_synth::DieColor, at: [f64; 2], yaw: f64) -> tw_synth::scene::DieSpec {
    let blank = (0..12)
        .find(|f| !tw_synth::scene::icon_faces(color).contains(f))
        .unwrap();
    tw_synth::scene::DieSpec {
        color,
        face: tw_synth::Face::Blank,
        pose: tw_synth::die::DiePose {
            at,
            lift_mm: 0.0,
            top_face: blank,
            yaw,
            tilt: 0.0,
        },
        moving_px: 0.0,
    }
}
