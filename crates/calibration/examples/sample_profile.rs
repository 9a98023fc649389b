//! Regenerates `calibration/sample-profile.json`: a manual calibration of a
//! 600 × 600 mm board seen by a 1280×720 camera at an angle.
//! `cargo run -p tw-calibration --example sample_profile`

use std::path::Path;
use tw_calibration::{manual_profile, BoardRef};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let clicks = [
        [412.0, 88.0],
        [902.0, 95.0],
        [1010.0, 650.0],
        [300.0, 640.0],
    ];
    let mut p = manual_profile(clicks, [600.0, 600.0], Some([1280, 720]))?;
    p.board = Some(BoardRef {
        geometry: "boards/catacombs-default.json".into(),
        extra: Default::default(),
    });
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../calibration/sample-profile.json");
    p.save(&out)?;
    println!("wrote {}", out.display());
    Ok(())
}
