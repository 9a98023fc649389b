//! The one die reading every layer above vision uses
//! ([`tw_session::observation::DieReading`], the `warden read` contract),
//! made from what either reader reports.

use tw_rules::DieColor;
use tw_session::dungeon_fighter::CONFIDENCE_THRESHOLD;
use tw_session::observation::{DieReading, Section};

/// A six-sided die from the pip reader. A colour the rules do not name
/// (an enrolled set's own) reads as `other`.
pub fn from_vision(d: tw_vision::Die) -> DieReading {
    DieReading {
        center: [d.center[0] as f64, d.center[1] as f64],
        corners: d.corners.iter().map(|c| [c[0] as f64, c[1] as f64]).collect(),
        face: d.face,
        color: d.color.parse().unwrap_or(DieColor::Other),
        confidence: d.confidence as f64,
        cocked: d.cocked,
        section: None,
        corners_mm: None,
    }
}

/// A d12 on the target board, with where it landed. An uncertain face is
/// still reported, with a confidence below the one threshold that decides
/// whether a reading is used ([`CONFIDENCE_THRESHOLD`]), so the game asks
/// instead of guessing.
pub fn from_target(d: tw_target::TargetDie) -> DieReading {
    let confidence = if d.uncertain {
        d.confidence.min(CONFIDENCE_THRESHOLD - 0.01)
    } else {
        d.confidence
    };
    DieReading {
        center: d.center,
        corners: d.corners,
        face: Some(d.face),
        color: d.color.parse().unwrap_or(DieColor::Other),
        confidence,
        cocked: false,
        section: Some(section(&d.section)),
        corners_mm: Some(d.corners_mm),
    }
}

/// The board's landing in the session's words (`kind` as its JSON name).
pub fn section(s: &tw_board::Section) -> Section {
    let kind = serde_json::to_value(s.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    Section { value: s.value, kind, name: Some(s.name.clone()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_die_keeps_its_landing_and_board_corners() {
        let d = tw_target::TargetDie {
            center: [10.0, 20.0],
            corners: vec![[1.0, 2.0]; 5],
            corners_mm: vec![[3.0, 4.0]; 5],
            face: "icon".into(),
            color: "blue".into(),
            confidence: 0.9,
            uncertain: false,
            section: tw_board::Section { value: Some(3), kind: tw_board::SectionKind::Score, name: "middle-3a".into() },
            tie: false,
        };
        let r = from_target(d.clone());
        assert_eq!(r.color, DieColor::Blue);
        assert_eq!(r.corners_mm.as_ref().unwrap().len(), 5);
        let s = r.section.unwrap();
        assert_eq!(s.value, d.section.value);
        assert_eq!(s.kind, "score");
        assert_eq!(s.name.as_deref(), Some("middle-3a"));
        // The reader's doubt always reaches the player.
        let unsure = from_target(tw_target::TargetDie { uncertain: true, confidence: 0.95, ..d });
        assert!(unsure.confidence < CONFIDENCE_THRESHOLD);
    }
}
