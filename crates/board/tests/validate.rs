//! Geometry files: the shipped default is valid and shaped as the issue
//! describes; broken files are rejected with errors naming file and field.

use tw_board::{Board, BoardError, BoardSpec, SectorKind, CATACOMBS_DEFAULT};

fn default_spec() -> BoardSpec {
    serde_json::from_str(CATACOMBS_DEFAULT).unwrap()
}

/// Validates `spec` and returns the (file-named) error text.
fn invalid(spec: BoardSpec) -> (Vec<tw_board::Issue>, String) {
    match Board::from_spec(spec, "my-board.json") {
        Err(e @ BoardError::Invalid { .. }) => {
            let text = e.to_string();
            let BoardError::Invalid { issues, .. } = e else {
                unreachable!()
            };
            (issues, text)
        }
        other => panic!("expected an invalid-geometry error, got {other:?}"),
    }
}

#[test]
fn shipped_default_is_valid_and_has_the_rulebook_values() {
    let b = Board::catacombs_default();
    let s = b.spec();
    let values = |ring: &str| -> Vec<i64> {
        let mut v: Vec<i64> = s
            .rings
            .iter()
            .find(|r| r.name == ring)
            .unwrap()
            .sectors
            .iter()
            .map(|x| x.value)
            .collect();
        v.sort();
        v.dedup();
        v
    };
    assert_eq!(values("outer"), vec![1, 2]);
    assert_eq!(values("middle"), vec![3, 4]);
    assert_eq!(values("inner"), vec![5]);
    assert_eq!(values("bullseye"), vec![10]);
    let bull = &s.rings[0].sectors[0];
    assert_eq!(bull.kind, SectorKind::Bullseye);
    assert_eq!(s.holes.len(), 4, "one hole per spider web template");
}

#[test]
fn file_round_trips_through_the_spec_types() {
    let spec = default_spec();
    let again: BoardSpec = serde_json::from_str(&serde_json::to_string(&spec).unwrap()).unwrap();
    assert_eq!(spec, again);
}

#[test]
fn gap_between_rings_is_a_missing_section() {
    let mut s = default_spec();
    s.rings[2].inner_mm += 5.0; // middle ring now starts 5 mm after inner ends
    let (issues, text) = invalid(s);
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert_eq!(issues[0].field, "rings[2].inner_mm");
    assert!(
        issues[0].problem.contains("missing section"),
        "{}",
        issues[0].problem
    );
    assert!(text.contains("my-board.json: rings[2].inner_mm"), "{text}");
}

#[test]
fn overlapping_rings_are_rejected() {
    let mut s = default_spec();
    s.rings[1].outer_mm += 10.0; // inner ring now reaches into the middle ring
    let (issues, _) = invalid(s);
    assert!(
        issues
            .iter()
            .any(|i| i.field == "rings[2].inner_mm" && i.problem.contains("overlap")),
        "{issues:?}"
    );
}

#[test]
fn overlapping_sectors_are_rejected() {
    let mut s = default_spec();
    s.rings[3].sectors[1].to_deg += 10.0; // outer-2 reaches into outer-3
    let (issues, _) = invalid(s);
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert_eq!(issues[0].field, "rings[3].sectors[1].to_deg");
    assert!(
        issues[0].problem.contains("overlap") && issues[0].problem.contains("outer-3"),
        "{}",
        issues[0].problem
    );
}

#[test]
fn missing_sector_is_reported_with_its_angles() {
    let mut s = default_spec();
    s.rings[2].sectors.remove(3); // middle-4 covers 180..240
    let (issues, _) = invalid(s);
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert!(
        issues[0]
            .problem
            .contains("missing section: angles 180..240"),
        "{}",
        issues[0].problem
    );
}

#[test]
fn sector_wrapping_through_zero_is_accepted() {
    // The default's outer-1 runs -22.5..22.5; the same written 337.5..382.5 is equivalent.
    let mut s = default_spec();
    s.rings[3].sectors[0].from_deg = 337.5;
    s.rings[3].sectors[0].to_deg = 382.5;
    assert!(Board::from_spec(s, "x.json").is_ok());
}

#[test]
fn bad_values_are_rejected() {
    for bad in [0, -3, 11] {
        let mut s = default_spec();
        s.rings[1].sectors[0].value = bad;
        let (issues, _) = invalid(s);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].field, "rings[1].sectors[0].value");
        assert!(issues[0].problem.contains(&format!("bad value {bad}")));
    }
}

#[test]
fn a_board_without_a_bullseye_is_rejected() {
    let mut s = default_spec();
    s.rings[0].sectors[0].kind = SectorKind::Score;
    let (issues, _) = invalid(s);
    assert!(
        issues.iter().any(|i| i.problem.contains("bullseye")),
        "{issues:?}"
    );
}

#[test]
fn holes_must_not_overlap_or_leave_the_rings() {
    let mut s = default_spec();
    s.holes[1].centre_mm = [s.holes[0].centre_mm[0] - 10.0, s.holes[0].centre_mm[1]];
    let (issues, _) = invalid(s);
    assert!(
        issues
            .iter()
            .any(|i| i.field == "holes[1].centre_mm"
                && i.problem.contains("overlaps hole \"hole-se\"")),
        "{issues:?}"
    );

    let mut s = default_spec();
    s.holes[2].radius_mm = 60.0;
    let (issues, _) = invalid(s);
    assert!(
        issues
            .iter()
            .any(|i| i.field == "holes[2].centre_mm"
                && i.problem.contains("beyond the scoring rings")),
        "{issues:?}"
    );
}

#[test]
fn gap_before_the_bone_rim_and_duplicate_names() {
    let mut s = default_spec();
    s.bone_rim.inner_mm += 3.0;
    s.rings[2].sectors[1].name = "middle-1".into();
    let (issues, text) = invalid(s);
    assert!(
        issues
            .iter()
            .any(|i| i.field == "bone_rim.inner_mm" && i.problem.contains("missing section")),
        "{issues:?}"
    );
    assert!(
        issues
            .iter()
            .any(|i| i.field == "rings[2].sectors[1].name" && i.problem.contains("duplicate")),
        "{issues:?}"
    );
    assert!(text.contains("2 problems"), "{text}");
}

#[test]
fn unknown_field_and_syntax_errors_name_the_file_and_place() {
    let text = CATACOMBS_DEFAULT.replacen("\"radius_mm\"", "\"radius\"", 1);
    let e = Board::from_json(&text, "boards/typo.json").unwrap_err();
    let msg = e.to_string();
    assert!(
        matches!(e, BoardError::Parse { line, .. } if line > 1),
        "{msg}"
    );
    assert!(
        msg.starts_with("boards/typo.json:") && msg.contains("unknown field `radius`"),
        "{msg}"
    );

    let e = Board::from_json("{ \"format\": ", "half.json").unwrap_err();
    assert!(e.to_string().starts_with("half.json:"), "{e}");
}

#[test]
fn unreadable_file_names_the_path() {
    let e = Board::load(std::path::Path::new("/nonexistent/board.json")).unwrap_err();
    assert!(matches!(e, BoardError::Read { .. }));
    assert!(e.to_string().contains("/nonexistent/board.json"), "{e}");
}

#[test]
fn wrong_format_tag_is_rejected() {
    let mut s = default_spec();
    s.format = "tw-board/9".into();
    let (issues, _) = invalid(s);
    assert_eq!(issues[0].field, "format");
}

/// A frame of 1e308 mm was accepted, and `warden synth --board` then asked
/// OpenCV for exabytes to draw it (bad-input sweep, 2026-11-27).
#[test]
fn a_huge_frame_is_rejected_naming_the_field() {
    let mut s = default_spec();
    s.frame_mm = [1e308, 600.0];
    let (issues, text) = invalid(s);
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert_eq!(issues[0].field, "frame_mm[0]");
    assert!(text.contains("my-board.json: frame_mm[0]"), "{text}");
    // The bound itself still loads: only sizes beyond it are refused.
    let mut s = default_spec();
    s.frame_mm = [tw_board::MAX_FRAME_MM, tw_board::MAX_FRAME_MM];
    assert!(Board::from_spec(s, "my-board.json").is_ok());
}
