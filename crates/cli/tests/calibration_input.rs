//! `warden calibration` on bad input (issue 23, item 6): an image size that
//! does not fit is refused, not wrapped; `check` follows the board a profile
//! names and says when its geometry file is not there.

use std::process::Command;

fn warden(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_warden")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

const POINTS: &str = "100,100;1180,100;1180,620;100,620";

#[test]
fn a_manual_image_size_beyond_any_camera_is_refused() {
    for bad in ["1e20,1e20", "1280.5,720", "200000,720"] {
        let (rc, err) = warden(&["calibration", "manual", "--points", POINTS, "--size-mm", "600,600", "--image-size", bad]);
        assert_eq!(rc, 1, "{bad}: {err}");
        assert!(err.contains("--image-size") && err.contains("whole number of pixels"), "{bad}: {err}");
    }
    let (rc, err) = warden(&["calibration", "manual", "--points", POINTS, "--size-mm", "600,600", "--image-size", "1280,720"]);
    assert_eq!(rc, 0, "{err}");
}

#[test]
fn check_names_a_board_geometry_that_is_not_there() {
    let dir = tempfile::tempdir().unwrap();
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../calibration/sample-profile.json");
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(sample).unwrap()).unwrap();
    v["board"] = serde_json::json!({"geometry": "no-such-board.json"});
    let p = dir.path().join("p.json");
    std::fs::write(&p, v.to_string()).unwrap();
    let (rc, err) = warden(&["calibration", "check", p.to_str().unwrap()]);
    assert_eq!(rc, 1, "{err}");
    assert!(err.contains("p.json: board.geometry names") && err.contains("no-such-board.json"), "{err}");
    // The shipped board, copied beside the profile, checks.
    let board = concat!(env!("CARGO_MANIFEST_DIR"), "/../../calibration/boards/catacombs-default.json");
    std::fs::copy(board, dir.path().join("b.json")).unwrap();
    v["board"] = serde_json::json!({"geometry": "b.json"});
    std::fs::write(&p, v.to_string()).unwrap();
    let (rc, err) = warden(&["calibration", "check", p.to_str().unwrap()]);
    assert_eq!(rc, 0, "{err}");
}
