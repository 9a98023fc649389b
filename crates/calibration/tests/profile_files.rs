//! Profile files: round trip, the shipped sample, and every kind of bad file.

use std::path::{Path, PathBuf};
use tw_calibration::{manual_profile, BoardRef, CalibrationError, CalibrationProfile};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tw-calibration-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn sample() -> CalibrationProfile {
    manual_profile(
        [
            [412.0, 88.0],
            [902.0, 95.0],
            [1010.0, 650.0],
            [300.0, 640.0],
        ],
        [600.0, 600.0],
        Some([1280, 720]),
    )
    .unwrap()
}

#[test]
fn save_then_load_gives_the_same_profile_with_board_fields_kept() {
    let mut p = sample();
    let mut extra = serde_json::Map::new();
    extra.insert("rotation_deg".into(), serde_json::json!(12.5));
    p.board = Some(BoardRef {
        geometry: "boards/catacombs-default.json".into(),
        extra,
    });
    let path = temp("round-trip.json");
    p.save(&path).unwrap();
    let back = CalibrationProfile::load(&path).unwrap();
    assert_eq!(back, p);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"rotation_deg\": 12.5"), "{text}");
}

#[test]
fn the_shipped_sample_profile_is_valid() {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../calibration/sample-profile.json"
    ));
    let p = CalibrationProfile::load(path).unwrap();
    let c = p.image_to_table(p.image_points[2]).unwrap();
    assert!(
        (c[0] - p.table_points_mm[2][0]).abs() < 0.01
            && (c[1] - p.table_points_mm[2][1]).abs() < 0.01
    );
}

fn expect_invalid(text: &str, field: &str) {
    let path = temp(&format!("bad-{field}.json"));
    std::fs::write(&path, text).unwrap();
    match CalibrationProfile::load(&path) {
        Err(CalibrationError::ProfileInvalid {
            path: p, field: f, ..
        }) => {
            assert_eq!(p, path);
            assert_eq!(f, field);
        }
        other => panic!("expected invalid {field}, got {other:?}"),
    }
    let msg = CalibrationProfile::load(&path).unwrap_err().to_string();
    assert!(
        msg.contains(&path.display().to_string()) && msg.contains(field),
        "{msg}"
    );
}

#[test]
fn bad_profiles_name_the_file_and_the_problem() {
    let good = serde_json::to_value(sample()).unwrap();
    let with = |k: &str, v: serde_json::Value| {
        let mut x = good.clone();
        x[k] = v;
        x.to_string()
    };
    expect_invalid(&with("format", "tw-calibration/9".into()), "format");
    expect_invalid(
        &with(
            "image_to_table",
            serde_json::json!([[1, 2, 3], [2, 4, 6], [0, 0, 1]]),
        ),
        "image_to_table",
    );
    expect_invalid(
        &with(
            "table_to_image",
            serde_json::json!([[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        ),
        "table_to_image",
    );
    expect_invalid(&with("area_mm", serde_json::json!([0, 600])), "area_mm");
    expect_invalid(
        &with("board", serde_json::json!({"geometry": " "})),
        "board.geometry",
    );
}

#[test]
fn corrupt_missing_and_misshapen_files() {
    let good = serde_json::to_string_pretty(&sample()).unwrap();
    let truncated = temp("truncated.json");
    std::fs::write(&truncated, &good[..good.len() / 2]).unwrap();
    let e = CalibrationProfile::load(&truncated).unwrap_err();
    assert!(
        matches!(e, CalibrationError::ProfileParse { line, .. } if line > 1),
        "{e:?}"
    );
    assert!(e.to_string().contains("truncated.json"));

    let unknown = temp("unknown-field.json");
    std::fs::write(&unknown, good.replacen("{", "{\"colour\": 3,", 1)).unwrap();
    assert!(CalibrationProfile::load(&unknown)
        .unwrap_err()
        .to_string()
        .contains("colour"));

    let missing = temp("does-not-exist.json");
    let e = CalibrationProfile::load(&missing).unwrap_err();
    assert!(matches!(e, CalibrationError::ProfileRead { .. }));
    assert!(e.to_string().contains("does-not-exist.json"));

    let binary = temp("binary.json");
    std::fs::write(&binary, [0u8, 159, 146, 150]).unwrap();
    assert!(CalibrationProfile::load(&binary)
        .unwrap_err()
        .to_string()
        .contains("binary.json"));
}

#[test]
fn unreadable_images_name_the_file() {
    let empty = temp("empty.png");
    std::fs::write(&empty, b"").unwrap();
    let e = tw_calibration::read_image(&empty).unwrap_err().to_string();
    assert!(e.contains("empty.png") && e.contains("empty"), "{e}");
    let junk = temp("junk.png");
    std::fs::write(&junk, b"\x89PNG\r\n\x1a\nthis is not really a png").unwrap();
    let e = tw_calibration::read_image(&junk).unwrap_err().to_string();
    assert!(
        e.contains("junk.png") && e.contains("not a readable image"),
        "{e}"
    );
}
