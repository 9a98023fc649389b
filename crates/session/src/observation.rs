//! What the camera reports, in the shape of the `warden read` JSON contract.
//!
//! The session layer depends on this plain data, not on the vision crate, so
//! rules and store never pull in OpenCV and a reading typed by hand is the
//! same thing as one from the camera.

use serde::{Deserialize, Serialize};
use tw_rules::DieColor;

/// Below this confidence a reading is shown as uncertain and the player is
/// asked to confirm it: the one threshold every screen and game uses.
pub const CONFIDENCE_THRESHOLD: f64 = 0.8;

/// Where a die landed on the Dungeon Fighter target, as the board reader
/// reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub value: Option<u32>,
    /// `score`, `bullseye`, `hole`, `web`, `bone` or `outside`.
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// One die on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DieReading {
    pub center: [f64; 2],
    #[serde(default)]
    pub corners: Vec<[f64; 2]>,
    /// "1".."6" for pip dice, a die-set label ("icon", "blank") otherwise;
    /// `None` when the reader could not tell.
    pub face: Option<String>,
    pub color: DieColor,
    pub confidence: f64,
    #[serde(default)]
    pub cocked: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<Section>,
    /// The top face's corners projected onto the board (mm), when a board
    /// is calibrated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corners_mm: Option<Vec<[f64; 2]>>,
}

impl DieReading {
    /// The face as a pip count, when it is one.
    pub fn pips(&self) -> Option<u8> {
        self.face.as_deref()?.parse::<u8>().ok().filter(|v| (1..=6).contains(v))
    }

    /// Whether the numbers are ones a reader gives: `confidence` a
    /// probability, every point finite. A reading typed or edited by hand
    /// with `confidence: 1e308` was otherwise played as a sure throw. The
    /// error names the field.
    pub fn check(&self) -> Result<(), String> {
        if !(0.0..=1.0).contains(&self.confidence) {
            return Err(format!(
                "confidence: {} is not a probability (0 to 1)",
                self.confidence
            ));
        }
        let finite = |p: &[f64; 2]| p.iter().all(|v| v.is_finite());
        if !finite(&self.center) {
            return Err(format!("center: {:?} is not a finite point", self.center));
        }
        let lists = [
            ("corners", Some(&self.corners)),
            ("corners_mm", self.corners_mm.as_ref()),
        ];
        for (field, list) in lists {
            if let Some(i) = list.and_then(|l| l.iter().position(|p| !finite(p))) {
                return Err(format!("{field}[{i}]: is not a finite point"));
            }
        }
        Ok(())
    }
}

/// All dice seen when the scene came to rest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Observation {
    #[serde(default)]
    pub frame_index: u64,
    #[serde(default)]
    pub timestamp_ms: u64,
    pub dice: Vec<DieReading>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_read_contract() {
        let json = r#"{"center":[10.5,20],"corners":[[1,2],[3,4],[5,6],[7,8]],"face":"5","color":"red",
                       "confidence":0.93,"cocked":false,"section":{"value":3,"kind":"score","name":"middle-3a"}}"#;
        let d: DieReading = serde_json::from_str(json).unwrap();
        assert_eq!(d.pips(), Some(5));
        assert_eq!(d.color, DieColor::Red);
        assert_eq!(d.section.unwrap().value, Some(3));
    }

    #[test]
    fn non_pip_faces_are_not_pips() {
        let mut d: DieReading =
            serde_json::from_str(r#"{"center":[0,0],"face":"icon","color":"blue","confidence":1}"#).unwrap();
        assert_eq!(d.pips(), None);
        d.face = Some("9".into());
        assert_eq!(d.pips(), None);
        d.face = None;
        assert_eq!(d.pips(), None);
    }

    #[test]
    fn check_refuses_a_confidence_outside_0_to_1_naming_the_field() {
        let mut d: DieReading = serde_json::from_str(
            r#"{"center":[0,0],"face":"icon","color":"blue","confidence":1e308}"#,
        )
        .unwrap();
        assert!(
            d.check().unwrap_err().starts_with("confidence:"),
            "{:?}",
            d.check()
        );
        d.confidence = -0.5;
        assert!(d.check().unwrap_err().starts_with("confidence:"));
        d.confidence = 1.0;
        assert_eq!(d.check(), Ok(()));
        d.corners = vec![[0.0, 0.0], [f64::NAN, 1.0]];
        assert_eq!(d.check().unwrap_err(), "corners[1]: is not a finite point");
    }
}
