//! `warden eval throws`: figures by camera tilt band, and `--empty-board`,
//! which reads each scene as the live view reads a throw onto the empty
//! board (the motion stage's changed regions only).

use std::path::{Path, PathBuf};

mod common;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn warden(args: &[&str]) -> (i32, String, String) {
    common::output(common::warden().current_dir(root()).args(args))
}

#[test]
fn scenes_read_onto_the_empty_board_are_read_from_their_changed_regions() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (rc, _, err) = warden(&[
        "synth", "--out", d, "--count", "2", "--seed", "26400001", "--dice", "1,2",
        "--elevation", "60,90", "--empty-board",
    ]);
    assert_eq!(rc, 0, "{err}");
    for i in 0..2 {
        assert!(dir.path().join(format!("scene-{i:05}.empty.jpg")).is_file());
        // The calibration still and the board look sampled from it.
        let still = dir.path().join(format!("scene-{i:05}.calibration.reference.jpg"));
        assert!(still.is_file());
        let profile = dir.path().join(format!("scene-{i:05}.calibration.json"));
        let text = std::fs::read_to_string(profile).unwrap();
        assert!(text.contains("\"board_look\"") && text.contains("\"cell_mm\""), "{text}");
    }
    let (rc, out, err) = warden(&["eval", "throws", "--scenes", d, "--empty-board"]);
    assert_eq!(rc, 0, "{err}");
    assert!(
        out.contains("2 of 2 scenes read from their changed regions, 0 whole"),
        "{out}"
    );
    assert!(out.contains("dice found:") && out.contains("(100.00%)"), "{out}");
    // Elevation 60–90° is tilt 0–30°: the table has bands, none beyond 35°.
    assert!(out.contains("by camera tilt (from vertical):"), "{out}");
    assert!(!out.contains("tilt over 35°") && !out.contains("tilt unknown"), "{out}");

    // Without its empty board a scene cannot be read that way: the
    // error names the missing file.
    std::fs::remove_file(dir.path().join("scene-00001.empty.jpg")).unwrap();
    let (rc, _, err) = warden(&["eval", "throws", "--scenes", d, "--empty-board"]);
    assert_ne!(rc, 0);
    assert!(err.contains("scene-00001.empty.jpg"), "{err}");
}
