//! Board geometry files under fuzzing (issue 23): any text, any JSON and
//! spoiled copies of the shipped default never panic, every error names the
//! file, and a geometry that loads survives lookups and saves back equal.

#[path = "../../../tests/support/json_fuzz.rs"]
mod json_fuzz;

use json_fuzz::*;
use proptest::prelude::*;
use serde_json::Value;
use tw_board::{Board, BoardError, Webs, CATACOMBS_DEFAULT};

const FILE: &str = "boards/fuzzed-board.json";

fn default_doc() -> Value {
    serde_json::from_str(CATACOMBS_DEFAULT).unwrap()
}

/// Loads `text`, checking that a refusal names the file.
fn load(text: &str) -> Option<Board> {
    match Board::from_json(text, FILE) {
        Ok(b) => Some(b),
        Err(e) => {
            let msg = e.to_string();
            assert!(msg.contains(FILE), "error does not name the file: {msg}");
            if let BoardError::Invalid { issues, .. } = &e {
                assert!(!issues.is_empty(), "an invalid geometry lists its problems");
                for i in issues {
                    assert!(!i.field.is_empty() && !i.problem.is_empty(), "unnamed issue in {msg}");
                }
            }
            None
        }
    }
}

/// What the reader and the overlay do with a loaded board.
fn use_board(b: &Board) {
    let c = b.centre();
    let r = b.outer_radius();
    for p in [c, [c[0] + r * 0.5, c[1]], [c[0], c[1] - r * 0.99], [c[0] + r * 2.0, c[1]], [f64::NAN, 0.0]] {
        let _ = b.region_at(p);
        let _ = b.section_at(p, &Webs::none());
    }
    let s = r.abs().min(1e6) * 0.05;
    let _ = b.landing(&[[c[0] - s, c[1] - s], [c[0] + s, c[1] - s], [c[0] + s, c[1] + s], [c[0] - s, c[1] + s]], &Webs::none());
    let _ = b.strokes(0.5);
    let _ = b.labels();
}

/// A loaded board written out again loads back equal.
fn round_trip(b: &Board) {
    let text = serde_json::to_string_pretty(b.spec()).unwrap();
    let again = Board::from_json(&text, FILE).expect("a saved board loads back");
    assert_eq!(&again, b);
}

#[test]
fn the_shipped_default_round_trips_and_is_usable() {
    let b = load(CATACOMBS_DEFAULT).expect("the default loads");
    use_board(&b);
    round_trip(&b);
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn arbitrary_bytes_are_refused_naming_the_file(bytes in arb_bytes()) {
        let text = String::from_utf8_lossy(&bytes);
        prop_assert!(load(&text).is_none());
    }

    #[test]
    fn arbitrary_json_is_refused_naming_the_file(v in arb_json()) {
        // Random values never carry the format tag and every required field.
        prop_assert!(load(&v.to_string()).is_none());
    }
}

/// Spoiled copies of the default; some still load (a name changed, an
/// optional list emptied), and those are used and saved back.
#[test]
fn a_spoiled_default_never_panics() {
    let doc = default_doc();
    let loaded = std::cell::Cell::new(0);
    let mut runner = proptest::test_runner::TestRunner::new(config(256));
    runner
        .run(&arb_any_spoils(3), |spoils| {
            if let Some(b) = load(&spoil(&doc, &spoils).to_string()) {
                loaded.set(loaded.get() + 1);
                use_board(&b);
                round_trip(&b);
            }
            Ok(())
        })
        .unwrap();
    eprintln!("spoiled boards: {} of 256 loaded", loaded.get());
    assert!(loaded.get() > 0, "no spoiled board loaded: the use and save path went untested");
}
