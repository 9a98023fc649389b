//! The player's word over the camera's: one action corrects a reading, and
//! the original stays beside the correction in the record that is logged.

use crate::observation::{DieReading, Section};
use serde::{Deserialize, Serialize};
use tw_rules::DieColor;

/// Where a reading came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    Camera,
    Manual,
    Correction,
}

/// One change the player makes to a reading. Each is a single action in the
/// UI (tap the right face, the right colour or the right section).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "set", rename_all = "snake_case")]
pub enum Fix {
    Face { face: String },
    Color { color: DieColor },
    Section { section: Section },
    /// The "die" was not a die at all (a shadow, a token).
    NotADie,
}

/// A reading as it goes to the log: what the camera said, what the player
/// made of it, and which one the game used.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadingRecord {
    pub source: Source,
    /// What the camera reported; `None` for a reading typed by hand.
    pub original: Option<DieReading>,
    /// What the game uses; `None` when the player struck the reading out.
    pub used: Option<DieReading>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<Fix>,
}

impl ReadingRecord {
    pub fn camera(reading: DieReading) -> Self {
        ReadingRecord { source: Source::Camera, original: Some(reading.clone()), used: Some(reading), fixes: vec![] }
    }

    pub fn manual(reading: DieReading) -> Self {
        ReadingRecord { source: Source::Manual, original: None, used: Some(reading), fixes: vec![] }
    }

    /// Apply a fix; the original reading is never touched. A fixed reading
    /// counts as certain (confidence 1): the player said so.
    pub fn correct(&self, fix: Fix) -> ReadingRecord {
        let mut used = self.used.clone();
        if let Some(d) = used.as_mut() {
            match &fix {
                Fix::Face { face } => d.face = Some(face.clone()),
                Fix::Color { color } => d.color = *color,
                Fix::Section { section } => d.section = Some(section.clone()),
                Fix::NotADie => {}
            }
            d.confidence = 1.0;
        }
        if fix == Fix::NotADie {
            used = None;
        }
        let mut fixes = self.fixes.clone();
        fixes.push(fix);
        let source = if self.original.is_some() { Source::Correction } else { self.source };
        ReadingRecord { source, original: self.original.clone(), used, fixes }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading() -> DieReading {
        DieReading {
            center: [1.0, 2.0],
            corners: vec![],
            face: Some("3".into()),
            color: DieColor::White,
            confidence: 0.55,
            cocked: false,
            section: None,
            corners_mm: None,
        }
    }

    #[test]
    fn correction_keeps_the_original_beside_it() {
        let rec = ReadingRecord::camera(reading()).correct(Fix::Face { face: "5".into() });
        assert_eq!(rec.source, Source::Correction);
        assert_eq!(rec.original.as_ref().unwrap().face.as_deref(), Some("3"));
        assert_eq!(rec.used.as_ref().unwrap().face.as_deref(), Some("5"));
        assert_eq!(rec.used.as_ref().unwrap().confidence, 1.0);
        let json = serde_json::to_value(&rec).unwrap();
        assert_eq!(json["original"]["face"], "3");
        assert_eq!(json["used"]["face"], "5");
    }

    #[test]
    fn striking_out_a_reading_leaves_nothing_used() {
        let rec = ReadingRecord::camera(reading()).correct(Fix::NotADie);
        assert!(rec.used.is_none());
        assert!(rec.original.is_some());
    }

    #[test]
    fn manual_entries_have_no_original() {
        let rec = ReadingRecord::manual(reading()).correct(Fix::Color { color: DieColor::Red });
        assert_eq!(rec.source, Source::Manual);
        assert!(rec.original.is_none());
        assert_eq!(rec.used.unwrap().color, DieColor::Red);
    }
}
