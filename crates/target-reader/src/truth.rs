//! The ground truth `warden eval throws` scores against: only the fields
//! scoring needs, so scenes from another generator can be judged without
//! writing everything `warden synth` records (its truth files have these
//! fields and more); fields it does not read are ignored, so another
//! renderer's extras do not stop its scenes being judged. The folder format is documented in
//! `models/dice-sets/README.md` ("Scenes for `warden eval throws`").

use serde::Deserialize;
use std::path::{Path, PathBuf};
use tw_board::Board;

/// One scene's truth.
#[derive(Debug, Clone, Deserialize)]
pub struct Truth {
    /// The image, relative to the truth file's folder.
    pub image: String,
    /// Names of the holes covered by spider webs (none if absent).
    #[serde(default)]
    pub webs: Vec<String>,
    /// Board mm → image pixels, used when no `.calibration.json` lies
    /// beside the truth file.
    #[serde(default)]
    pub board_to_image: Option<[[f64; 3]; 3]>,
    /// Edge length of the scene's d12s (mm), when the scenes say.
    #[serde(default)]
    pub die_edge_mm: Option<f64>,
    /// The camera's elevation above the board plane (90° = straight down),
    /// when the scenes say; the report then gives figures by tilt band.
    #[serde(default)]
    pub elevation_deg: Option<f64>,
    pub dice: Vec<TrueDie>,
}

/// One die as it truly lies.
#[derive(Debug, Clone, Deserialize)]
pub struct TrueDie {
    /// Colour name, as the die set names colours (`red`, `white`, …; any case).
    #[serde(deserialize_with = "lowercase")]
    pub color: String,
    /// `icon` or `blank` (any case).
    pub face: TrueFace,
    /// Where it landed by the rulebook.
    pub section: TrueSection,
    /// Top-face centre on the board (mm); the mean of `corners_mm` if absent.
    #[serde(default)]
    pub center_mm: Option<[f64; 2]>,
    /// Top-face corners projected onto the board (mm): corner error, and
    /// whether the die lies across a border when `border` is absent.
    #[serde(default)]
    pub corners_mm: Option<Vec<[f64; 2]>>,
    /// Top-face centre in the image (px), for messages.
    #[serde(default)]
    pub center_px: Option<[f64; 2]>,
    /// Top-face corners in the image (px): where labelled face examples
    /// are cut from.
    #[serde(default)]
    pub corners_px: Option<Vec<[f64; 2]>>,
    /// Corners in more than one section.
    #[serde(default)]
    pub border: Option<bool>,
    /// Smallest distance from a corner to a section border (mm), for messages.
    #[serde(default)]
    pub corner_clearance_mm: Option<f64>,
}

/// The landing as scored: only the value counts (`kind` is not needed).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TrueSection {
    /// Damage of the hit (0 on a web); null for a miss.
    pub value: Option<u32>,
    /// The section's name, for messages.
    #[serde(default)]
    pub name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrueFace {
    Icon,
    Blank,
}

impl<'de> Deserialize<'de> for TrueFace {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match lowercase(d)?.as_str() {
            "icon" => Ok(TrueFace::Icon),
            "blank" => Ok(TrueFace::Blank),
            other => Err(serde::de::Error::custom(format!(
                "unknown face {other:?}; expected \"icon\" or \"blank\""
            ))),
        }
    }
}

fn lowercase<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(String::deserialize(d)?.trim().to_lowercase())
}

impl TrueFace {
    pub fn name(self) -> &'static str {
        match self {
            TrueFace::Icon => "icon",
            TrueFace::Blank => "blank",
        }
    }
}

impl TrueDie {
    /// The top face's centre on the board (mm).
    pub fn centre_mm(&self) -> Option<[f64; 2]> {
        self.center_mm.or_else(|| {
            let c = self.corners_mm.as_ref().filter(|c| !c.is_empty())?;
            let n = c.len() as f64;
            Some([
                c.iter().map(|p| p[0]).sum::<f64>() / n,
                c.iter().map(|p| p[1]).sum::<f64>() / n,
            ])
        })
    }

    /// Whether the die lies across a section border: as the truth says,
    /// else whether its corners fall in more than one region of `board`.
    pub fn is_border(&self, board: &Board) -> bool {
        self.border.unwrap_or_else(|| match &self.corners_mm {
            Some(c) if !c.is_empty() => {
                let first = board.region_at(c[0]);
                c.iter().any(|p| board.region_at(*p) != first)
            }
            _ => false,
        })
    }
}

/// The truth files of a scene folder, sorted: `scene-*.json` where there
/// are any (as `warden synth` names them), else every `*.json`; calibration
/// files (`*.calibration.json`) are never scenes.
pub fn list(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut all: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.ends_with(".json") && !n.ends_with(".calibration.json")
        })
        .collect();
    all.sort();
    let named: Vec<PathBuf> = all
        .iter()
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("scene-"))
        })
        .cloned()
        .collect();
    Ok(if named.is_empty() { all } else { named })
}

/// Reads one truth file; the error says what is wrong with it.
pub fn load(p: &Path) -> Result<Truth, String> {
    let text = std::fs::read_to_string(p).map_err(|e| e.to_string())?;
    let t: Truth =
        serde_json::from_str(&text).map_err(|e| format!("not scene ground truth: {e}"))?;
    // The same plausible range a die set's `die.edge_mm` must lie in: -11
    // was blamed on the die set, and 1e308 read every die wrong.
    if let Some(e) = t.die_edge_mm {
        if !(e.is_finite() && e > 2.0 && e < 60.0) {
            return Err(format!("die_edge_mm: {e} mm is not a plausible d12 edge"));
        }
    }
    // Millimetres on a board and pixels of a photo both lie far inside
    // ±1e6; a point beyond that (1e308) is a typing slip whose averages
    // overflow to infinity.
    let plausible = |p: &[f64; 2]| p.iter().all(|v| v.abs() <= 1e6);
    for (i, d) in t.dice.iter().enumerate() {
        if d.centre_mm().is_none() {
            return Err(format!("dice[{i}]: needs center_mm or corners_mm"));
        }
        let points = [
            ("center_mm", d.center_mm.map(|c| vec![c])),
            ("corners_mm", d.corners_mm.clone()),
            ("center_px", d.center_px.map(|c| vec![c])),
            ("corners_px", d.corners_px.clone()),
        ];
        for (field, list) in points {
            if list.is_some_and(|l| !l.iter().all(plausible)) {
                return Err(format!("dice[{i}].{field}: a point lies beyond ±1e6"));
            }
        }
        // A top face has corners or is not given: an empty list passed and
        // was read as a face with no position.
        for (field, list) in [("corners_mm", &d.corners_mm), ("corners_px", &d.corners_px)] {
            if let Some(l) = list.as_ref().filter(|l| l.len() < 3) {
                return Err(format!(
                    "dice[{i}].{field}: holds {} points; a top face has at least 3 corners",
                    l.len()
                ));
            }
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_minimal_truth_is_enough() {
        let t: Truth = serde_json::from_str(
            r#"{"image": "a.png", "dice": [{"color": "Red", "face": "ICON",
                "section": {"value": 3},
                "corners_mm": [[0, 0], [2, 0], [2, 2], [0, 2]]}]}"#,
        )
        .unwrap();
        assert!(t.webs.is_empty() && t.board_to_image.is_none() && t.die_edge_mm.is_none());
        assert_eq!(t.dice[0].centre_mm(), Some([1.0, 1.0]));
        assert_eq!(
            (t.dice[0].color.as_str(), t.dice[0].face),
            ("red", TrueFace::Icon)
        );
        assert_eq!(t.dice[0].section.value, Some(3));
        let bad = serde_json::from_str::<Truth>(
            r#"{"image": "a.png", "dice": [{"color": "red", "face": "skull",
                "section": {"value": null}, "center_mm": [0, 0]}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(bad.contains("skull"), "{bad}");
    }

    #[test]
    fn a_die_with_no_position_is_refused_by_index() {
        let dir = std::env::temp_dir().join(format!("tw-truth-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("s.json");
        std::fs::write(
            &p,
            r#"{"image": "a.png", "dice": [{"color": "red", "face": "icon",
                "section": {"value": null, "name": "outside"}}]}"#,
        )
        .unwrap();
        let e = load(&p).unwrap_err();
        assert!(e.contains("dice[0]") && e.contains("center_mm"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Bad-input sweep, 2026-11-27: an edge of -11 mm was blamed on the die
    /// set, one of 1e308 passed; both now name the truth's field.
    #[test]
    fn an_implausible_die_edge_or_point_is_refused_naming_the_field() {
        let dir = std::env::temp_dir().join(format!("tw-truth-edge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("s.json");
        let die = r#"{"color": "red", "face": "icon", "section": {"value": null, "name": "outside"}, "center_mm": [1, 2]}"#;
        for (edge, want) in [("-11", "die_edge_mm"), ("1e308", "die_edge_mm")] {
            let text = format!(r#"{{"image": "a.png", "die_edge_mm": {edge}, "dice": [{die}]}}"#);
            std::fs::write(&p, text).unwrap();
            let e = load(&p).unwrap_err();
            assert!(e.starts_with(want), "{edge}: {e}");
        }
        let text = format!(r#"{{"image": "a.png", "die_edge_mm": 11, "dice": [{die}]}}"#);
        std::fs::write(
            &p,
            text.replace("[1, 2]", "[1e308, 2], \"corners_mm\": [[0, 0], [1e308, 0]]"),
        )
        .unwrap();
        assert_eq!(
            load(&p).unwrap_err(),
            "dice[0].center_mm: a point lies beyond ±1e6"
        );
        std::fs::write(&p, text).unwrap();
        assert!(load(&p).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Bad-input sweep, 2026-11-27: an empty corner list loaded as a face
    /// with no position. Another renderer's extra fields and its own
    /// `format` tag must still load: its scenes are judged on what it shares.
    #[test]
    fn empty_corners_are_refused_and_another_renderers_extras_are_read() {
        let dir = std::env::temp_dir().join(format!("tw-truth-fields-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("s.json");
        let load_text = |text: &str| {
            std::fs::write(&p, text).unwrap();
            load(&p)
        };
        let scene = |top: &str, die: &str| {
            format!(
                r#"{{"image": "a.png", {top} "dice": [{{"color": "red", "face": "icon",
                    {die} "section": {{"value": 5, "name": "ring", "kind": "score"}},
                    "center_mm": [1, 2]}}]}}"#
            )
        };
        for (top, die) in [
            ("", ""),
            (r#""format": "tw-synth/1","#, r#""tie": false,"#),
            (
                r#""format": "other-renderer/3", "light_dir": [0, 1, 2],"#,
                r#""spin": 0.5,"#,
            ),
        ] {
            let t = load_text(&scene(top, die)).unwrap_or_else(|e| panic!("{top} {die}: {e}"));
            assert_eq!(t.dice.len(), 1);
        }
        for field in ["corners_px", "corners_mm"] {
            let e = load_text(&scene("", &format!(r#""{field}": [[1, 2], [3, 4]],"#))).unwrap_err();
            assert!(
                e.starts_with(&format!("dice[0].{field}: holds 2 points")),
                "{e}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn border_is_worked_out_from_the_corners_when_not_given() {
        let board = Board::catacombs_default();
        let c = board.centre();
        let die = |corners: Vec<[f64; 2]>| TrueDie {
            color: "red".into(),
            face: TrueFace::Blank,
            section: TrueSection {
                value: None,
                name: String::new(),
            },
            center_mm: None,
            corners_mm: Some(corners),
            center_px: None,
            corners_px: None,
            border: None,
            corner_clearance_mm: None,
        };
        // All corners in the bullseye; then one far outside the target.
        let inside = die(vec![c, [c[0] + 1.0, c[1]], [c[0], c[1] + 1.0]]);
        assert!(!inside.is_border(&board));
        let across = die(vec![c, [c[0] + 1.0, c[1]], [c[0] + 5000.0, c[1]]]);
        assert!(across.is_border(&board));
        // What the truth says wins.
        let told = TrueDie {
            border: Some(false),
            ..across
        };
        assert!(!told.is_border(&board));
    }
}
