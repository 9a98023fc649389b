//! Calibration profiles and the manual-points syntax under fuzzing (issue
//! 23): any text, any JSON and spoiled copies of the sample profile never
//! panic and every refusal names the file; a profile that loads maps points
//! without a panic and saves back bit for bit.

#[path = "../../../tests/support/json_fuzz.rs"]
mod json_fuzz;

use json_fuzz::*;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use tw_calibration::{manual_profile, parse_pair, parse_points, CalibrationProfile};

const FILE: &str = "profiles/fuzzed-calibration.json";
const SAMPLE: &str = include_str!("../../../calibration/sample-profile.json");

/// The sample, plus copies of it with a lens model and a board reference,
/// so that those optional parts are spoiled too.
fn valid_docs() -> Vec<Value> {
    let sample: Value = serde_json::from_str(SAMPLE).unwrap();
    let mut with_lens = sample.clone();
    with_lens["lens"] = json!({
        "image_size": [1280, 720], "fx": 1000.0, "fy": 990.0, "cx": 640.0, "cy": 360.0,
        "distortion": [0.1, -0.05, 0.001, -0.002, 0.01], "rms_px": 0.3, "views": 12
    });
    with_lens["board"] = json!({"geometry": "boards/catacombs-default.json", "webs": ["north"]});
    vec![sample, with_lens]
}

/// Loads `text`, checking that a refusal names the file.
fn load(text: &str) -> Option<CalibrationProfile> {
    match CalibrationProfile::from_json(text, Path::new(FILE)) {
        Ok(p) => Some(p),
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains(FILE), "error does not name the file: {msg}");
            None
        }
    }
}

/// What the reader does with a profile: map pixels to the table and back.
fn use_profile(p: &CalibrationProfile) {
    for q in [[0.0, 0.0], [640.0, 360.0], [-1e9, 1e9], [f64::NAN, 1.0], [1e308, 1e308]] {
        let _ = p.image_to_table(q);
        let _ = p.table_to_image(q);
    }
}

fn temp_path() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("tw-calibration-props-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("profile-{}.json", N.fetch_add(1, Ordering::Relaxed)))
}

/// Saved and loaded again, the profile is the same, bit for bit.
fn round_trip(p: &CalibrationProfile) {
    let path = temp_path();
    p.save(&path).unwrap();
    let again = CalibrationProfile::load(&path).expect("a saved profile loads back");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(&again, p);
}

#[test]
fn the_valid_documents_load_and_round_trip() {
    for doc in valid_docs() {
        let p = load(&doc.to_string()).expect("valid document");
        use_profile(&p);
        round_trip(&p);
    }
}

#[test]
fn spoiled_profiles_never_panic() {
    let docs = valid_docs();
    let loaded = std::cell::Cell::new(0);
    let mut runner = TestRunner::new(config(256));
    runner
        .run(&(any::<prop::sample::Index>(), arb_any_spoils(3)), |(at, spoils)| {
            if let Some(p) = load(&spoil(at.get(&docs), &spoils).to_string()) {
                loaded.set(loaded.get() + 1);
                use_profile(&p);
                round_trip(&p);
            }
            Ok(())
        })
        .unwrap();
    eprintln!("spoiled profiles: {} of 256 loaded", loaded.get());
    assert!(loaded.get() > 0, "no spoiled profile loaded: the use and save path went untested");
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn arbitrary_bytes_are_refused_naming_the_file(bytes in arb_bytes()) {
        prop_assert!(load(&String::from_utf8_lossy(&bytes)).is_none());
    }

    #[test]
    fn arbitrary_json_is_refused_naming_the_file(v in arb_json()) {
        prop_assert!(load(&v.to_string()).is_none());
    }

    /// The `--points` and `--size` syntax of `calibration manual`.
    #[test]
    fn manual_point_text_never_panics(text in "[-0-9.,; eEinfaNx]{0,60}", any_text in any::<String>()) {
        let _ = parse_points(&text);
        let _ = parse_points(&any_text);
        let _ = parse_pair(&text);
        let _ = parse_pair(&any_text);
    }

}

/// A profile made from four clicked points (a convex quadrilateral, as a
/// table seen by a camera) saves and loads back equal.
#[test]
fn manual_profiles_round_trip() {
    let quad = (
        prop::array::uniform2(0.0f64..2000.0),
        prop::array::uniform2(100.0f64..3000.0),
        prop::array::uniform4(prop::array::uniform2(-0.2f64..0.2)),
    )
        .prop_map(|(o, s, jitter)| {
            let unit = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
            unit.iter().zip(jitter).map(|(u, j)| [o[0] + (u[0] + j[0]) * s[0], o[1] + (u[1] + j[1]) * s[1]]).collect::<Vec<_>>()
        });
    let made = std::cell::Cell::new(0);
    let mut runner = TestRunner::new(config(128));
    runner
        .run(
            &(quad, prop::array::uniform2(1.0f64..3000.0), prop::option::of(prop::array::uniform2(1u32..10_000))),
            |(q, size, image)| {
                if let Ok(p) = manual_profile([q[0], q[1], q[2], q[3]], size, image) {
                    made.set(made.get() + 1);
                    use_profile(&p);
                    round_trip(&p);
                }
                Ok(())
            },
        )
        .unwrap();
    eprintln!("manual profiles: {} of 128 made", made.get());
    assert!(made.get() > 64, "most convex quadrilaterals make a profile");
}
