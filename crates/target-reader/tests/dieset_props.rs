//! Die-set files under fuzzing (issue 23): any bytes, any JSON and spoiled
//! copies of the shipped set never panic on load and every refusal names
//! the file; a set that loads classifies faces without a panic and saves
//! back equal.

#[path = "../../../tests/support/json_fuzz.rs"]
mod json_fuzz;

use json_fuzz::*;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use tw_target::face::Descriptor;
use tw_target::verify::FEATURES;
use tw_target::{DieSet, DieSetError};

const SHIPPED: &str = include_str!("../../../models/dice-sets/dungeon-fighter.json");

fn temp_path() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("tw-dieset-props-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("set-{}.json", N.fetch_add(1, Ordering::Relaxed)))
}

/// Writes `bytes` to a file and loads it both ways (with its verifier and
/// for retraining), checking that every refusal names the file.
fn load(bytes: &[u8]) -> Option<DieSet> {
    let path = temp_path();
    std::fs::write(&path, bytes).unwrap();
    let file = path.display().to_string();
    let check = |r: Result<DieSet, DieSetError>| match r {
        Ok(s) => Some(s),
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains(&file), "error does not name the file: {msg}");
            if let DieSetError::Invalid { field, .. } = &e {
                assert!(!field.is_empty(), "unnamed field: {msg}");
            }
            None
        }
    };
    let full = check(DieSet::load(&path));
    let _ = check(DieSet::load_for_retraining(&path));
    std::fs::remove_file(&path).unwrap();
    full
}

/// What the reader does with a set: classify face descriptors, weigh a
/// candidate with the verifier.
fn use_set(s: &DieSet) {
    let d = |v: f64| Descriptor {
        bgr: [v, 255.0 - v, v * 0.5],
        glyph_fraction: v / 255.0,
        glyph_contrast: v,
        centre_lift: (v - 128.0) / 100.0,
        centre_desat: 0.1,
    };
    for v in [0.0, 100.0, 255.0, -1e308, f64::NAN] {
        let _ = s.classify(&d(v));
        let _ = s.classify_by_band(&d(v));
        let _ = s.color_distance(&d(v));
    }
    if let Some(ver) = &s.verifier {
        let _ = ver.probability(&[0.5; FEATURES.len()]);
        let _ = ver.accepts(&[1e308; FEATURES.len()]);
    }
}

/// Saved and loaded again, the set is the same.
fn round_trip(s: &DieSet) {
    let path = temp_path();
    s.save(&path).unwrap();
    let again = DieSet::load(&path).expect("a saved die set loads back");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(&again, s);
}

#[test]
fn the_shipped_set_loads_and_round_trips() {
    let s = load(SHIPPED.as_bytes()).expect("shipped set loads");
    use_set(&s);
    round_trip(&s);
}

#[test]
fn spoiled_sets_never_panic() {
    let shipped: Value = serde_json::from_str(SHIPPED).unwrap();
    let loaded = std::cell::Cell::new(0);
    let mut runner = TestRunner::new(config(256));
    runner
        .run(&arb_any_spoils(3), |spoils| {
            if let Some(s) = load(spoil(&shipped, &spoils).to_string().as_bytes()) {
                loaded.set(loaded.get() + 1);
                use_set(&s);
                round_trip(&s);
            }
            Ok(())
        })
        .unwrap();
    eprintln!("spoiled die sets: {} of 256 loaded", loaded.get());
    assert!(loaded.get() > 0, "no spoiled set loaded: the use and save path went untested");
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn arbitrary_bytes_are_refused_naming_the_file(bytes in arb_bytes()) {
        prop_assert!(load(&bytes).is_none());
    }

    #[test]
    fn arbitrary_json_is_refused_naming_the_file(v in arb_json()) {
        prop_assert!(load(v.to_string().as_bytes()).is_none());
    }
}
