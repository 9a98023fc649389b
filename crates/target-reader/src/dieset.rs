//! Die sets: what a player's dice look like, learned from labelled examples
//! and stored as JSON under `models/dice-sets/` (format in models/README.md).

use crate::face::{chroma, Descriptor};
use crate::shape::DieShape;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

pub const FORMAT: &str = "tw-dice-set/1";

/// Colour names a die set may use (the camera's colour classes).
pub const KNOWN_COLORS: &[&str] = &[
    "red", "green", "blue", "white", "black", "yellow", "purple", "orange",
];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieSet {
    pub format: String,
    pub name: String,
    pub die: DieShape,
    /// One prototype per (colour, face label).
    pub prototypes: Vec<Prototype>,
    /// The trained die-or-phantom model ([`crate::verify`]); without one
    /// the reader falls back to fixed limits (`read::is_die`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verifier: Option<crate::verify::Verifier>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prototype {
    pub color: String,
    /// `"icon"` or `"blank"`.
    pub face: String,
    pub samples: usize,
    /// Mean chroma features (see `face::chroma`).
    pub chroma: [f64; 3],
    pub glyph_fraction: f64,
    pub glyph_contrast: f64,
    /// Mean [`Descriptor::centre_lift`]; absent in older sets, whose faces
    /// are then read by the band terms alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub centre_lift: Option<f64>,
    /// Mean [`Descriptor::centre_desat`]; absent as `centre_lift` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub centre_desat: Option<f64>,
}

#[derive(Debug, thiserror::Error)]
pub enum DieSetError {
    #[error("{file}: cannot read: {reason}")]
    Read { file: String, reason: String },
    #[error("{file}: not a die set: {reason}")]
    Parse { file: String, reason: String },
    #[error("{file}: {field}: {problem}")]
    Invalid {
        file: String,
        field: String,
        problem: String,
    },
}

/// One labelled example for enrolment.
#[derive(Debug, Clone)]
pub struct Example {
    pub color: String,
    pub face: String,
    pub descriptor: Descriptor,
    /// Where it came from, for error messages.
    pub source: String,
}

/// Whether `text` is JSON saying `"kind": "d6"`: a d6 set.
fn d6_set(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .is_ok_and(|v| v.get("kind").and_then(|k| k.as_str()) == Some(tw_vision::faceset::KIND))
}

impl DieSet {
    /// Builds a set from examples; every colour needs both an icon and a blank example.
    pub fn enroll(name: &str, die: DieShape, examples: &[Example]) -> Result<DieSet, DieSetError> {
        let mut groups: BTreeMap<(String, String), Vec<&Example>> = BTreeMap::new();
        for e in examples {
            if !KNOWN_COLORS.contains(&e.color.as_str()) {
                return Err(DieSetError::Invalid {
                    file: e.source.clone(),
                    field: "color".into(),
                    problem: format!(
                        "unknown colour {:?}; known: {}",
                        e.color,
                        KNOWN_COLORS.join(", ")
                    ),
                });
            }
            if e.face != "icon" && e.face != "blank" {
                return Err(DieSetError::Invalid {
                    file: e.source.clone(),
                    field: "face".into(),
                    problem: format!("unknown face {:?}; expected \"icon\" or \"blank\"", e.face),
                });
            }
            groups
                .entry((e.color.clone(), e.face.clone()))
                .or_default()
                .push(e);
        }
        let prototypes = groups
            .into_iter()
            .map(|((color, face), xs)| {
                let n = xs.len() as f64;
                let mut ch = [0.0; 3];
                for x in &xs {
                    let c = chroma(x.descriptor.bgr);
                    for k in 0..3 {
                        ch[k] += c[k] / n;
                    }
                }
                Prototype {
                    color,
                    face,
                    samples: xs.len(),
                    chroma: ch,
                    glyph_fraction: xs.iter().map(|x| x.descriptor.glyph_fraction).sum::<f64>() / n,
                    glyph_contrast: xs.iter().map(|x| x.descriptor.glyph_contrast).sum::<f64>() / n,
                    centre_lift: Some(xs.iter().map(|x| x.descriptor.centre_lift).sum::<f64>() / n),
                    centre_desat: Some(
                        xs.iter().map(|x| x.descriptor.centre_desat).sum::<f64>() / n,
                    ),
                }
            })
            .collect::<Vec<Prototype>>();
        refuse_twin_faces(name, &prototypes)?;
        let set = DieSet {
            format: FORMAT.into(),
            name: name.into(),
            die,
            prototypes,
            verifier: None,
        };
        set.validate(&format!("die set {name:?}"))?;
        Ok(set)
    }

    /// Every colour must have both faces; sizes must be sane.
    pub fn validate(&self, file: &str) -> Result<(), DieSetError> {
        let bad = |field: &str, problem: String| {
            Err(DieSetError::Invalid {
                file: file.into(),
                field: field.into(),
                problem,
            })
        };
        if self.format != FORMAT {
            return bad(
                "format",
                format!("unknown format {:?}; expected {FORMAT:?}", self.format),
            );
        }
        if !(self.die.edge_mm.is_finite() && self.die.edge_mm > 2.0 && self.die.edge_mm < 60.0) {
            return bad(
                "die.edge_mm",
                format!("{} mm is not a plausible d12 edge", self.die.edge_mm),
            );
        }
        if self.prototypes.is_empty() {
            return bad("prototypes", "no faces enrolled".into());
        }
        for (i, p) in self.prototypes.iter().enumerate() {
            if !KNOWN_COLORS.contains(&p.color.as_str()) {
                return bad(
                    &format!("prototypes[{i}].color"),
                    format!("unknown colour {:?}", p.color),
                );
            }
            if p.face != "icon" && p.face != "blank" {
                return bad(
                    &format!("prototypes[{i}].face"),
                    format!("unknown face {:?}", p.face),
                );
            }
            for want in ["icon", "blank"] {
                if !self
                    .prototypes
                    .iter()
                    .any(|q| q.color == p.color && q.face == want)
                {
                    return bad("prototypes", format!("colour {:?} has no {want} face enrolled (a die set needs every face of every die)", p.color));
                }
            }
        }
        if let Some(v) = &self.verifier {
            if let Err((field, problem)) = v.validate() {
                return bad(&field, problem);
            }
        }
        Ok(())
    }

    pub fn load(path: &Path) -> Result<DieSet, DieSetError> {
        Self::load_keeping(path, true)
    }

    /// Loads a set to train its verifier anew: the stored verifier is
    /// dropped unread, so a set whose model was trained on another
    /// reader's measurements (refused by [`DieSet::load`]) can be retrained.
    pub fn load_for_retraining(path: &Path) -> Result<DieSet, DieSetError> {
        Self::load_keeping(path, false)
    }

    fn load_keeping(path: &Path, verifier: bool) -> Result<DieSet, DieSetError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| DieSetError::Read {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        // A d6 set is named for what it is (the d6 loader names a d12 set
        // the same way) rather than "unknown field `kind`".
        let parse = |e: serde_json::Error| {
            if d6_set(&text) {
                DieSetError::Invalid {
                    file: file.clone(),
                    field: "kind".into(),
                    problem: "this is a d6 set for six-sided dice (the pip reader's), not a d12 set for the target board".into(),
                }
            } else {
                DieSetError::Parse {
                    file: file.clone(),
                    reason: e.to_string(),
                }
            }
        };
        // Parsed straight from the text where possible: its errors give line and column.
        let set: DieSet = if verifier {
            serde_json::from_str(&text).map_err(parse)?
        } else {
            let mut value: serde_json::Value = serde_json::from_str(&text).map_err(parse)?;
            if let Some(o) = value.as_object_mut() {
                o.remove("verifier");
            }
            serde_json::from_value(value).map_err(parse)?
        };
        set.validate(&file)?;
        Ok(set)
    }

    pub fn save(&self, path: &Path) -> Result<(), DieSetError> {
        let file = path.display().to_string();
        let text = serde_json::to_string_pretty(self).map_err(|e| DieSetError::Parse {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| DieSetError::Read {
                file: file.clone(),
                reason: e.to_string(),
            })?;
        }
        std::fs::write(path, text + "\n").map_err(|e| DieSetError::Read {
            file,
            reason: e.to_string(),
        })
    }

    /// Distance of the face colour to the nearest enrolled colour (chroma
    /// features, see [`color_dist`]): large for things that are no die.
    pub fn color_distance(&self, d: &Descriptor) -> f64 {
        let ch = chroma(d.bgr);
        self.prototypes
            .iter()
            .map(|p| color_dist(&ch, p))
            .fold(f64::INFINITY, f64::min)
    }

    /// The colour other than white whose prototypes' chroma lies nearest
    /// `bgr` ([`color_dist`]); `None` in a set of white dice only.
    pub fn nearest_coloured(&self, bgr: [f64; 3]) -> Option<String> {
        let ch = chroma(bgr);
        self.prototypes
            .iter()
            .filter(|p| p.color != "white")
            .min_by(|a, b| color_dist(&ch, a).total_cmp(&color_dist(&ch, b)))
            .map(|p| p.color.clone())
    }

    /// Colour, face and a confidence in 0..1 (margin between the best face
    /// and the other face of the same colour), by every face measure the
    /// set has prototypes for. This is the reading a player sees.
    pub fn classify(&self, d: &Descriptor) -> (String, String, f64) {
        self.classify_by(d, true)
    }

    /// [`DieSet::classify`] by the band terms only (`glyph_fraction`,
    /// `glyph_contrast`): the face confidence the shipped verifier was
    /// trained on as one of its measurements, kept so its inputs stay as
    /// they were when it was fitted.
    pub fn classify_by_band(&self, d: &Descriptor) -> (String, String, f64) {
        self.classify_by(d, false)
    }

    fn classify_by(&self, d: &Descriptor, centre: bool) -> (String, String, f64) {
        let ch = chroma(d.bgr);
        // The centre terms count only where every prototype has them (an
        // older set has none).
        let centre = centre
            && self
                .prototypes
                .iter()
                .all(|p| p.centre_lift.is_some() && p.centre_desat.is_some());
        let face_dist = |p: &Prototype| {
            let band = ((d.glyph_fraction - p.glyph_fraction) / FRACTION_SCALE).powi(2)
                + ((d.glyph_contrast - p.glyph_contrast) / CONTRAST_SCALE).powi(2);
            match (centre, p.centre_lift, p.centre_desat) {
                (true, Some(lift), Some(desat)) => {
                    band + ((d.centre_lift - lift) / LIFT_SCALE).powi(2)
                        + ((d.centre_desat - desat) / DESAT_SCALE).powi(2)
                }
                _ => band,
            }
        };
        // Colour: the nearest chroma over all prototypes; with the centre
        // terms, the prototype nearest in chroma and face together. On a
        // small coloured die the white star bleeds into the band and
        // washes it out to near a white die's chroma, but no white face
        // has a centre a white star lifts.
        let color_cost = |p: &Prototype| {
            let c = color_dist(&ch, p);
            if centre {
                c / COLOR_SCALE_SQ + face_dist(p)
            } else {
                c
            }
        };
        let best_color = self
            .prototypes
            .iter()
            .min_by(|a, b| color_cost(a).total_cmp(&color_cost(b)))
            .map(|p| p.color.clone())
            .unwrap_or_default();
        let of_color: Vec<&Prototype> = self
            .prototypes
            .iter()
            .filter(|p| p.color == best_color)
            .collect();
        let icon = of_color
            .iter()
            .find(|p| p.face == "icon")
            .map(|p| face_dist(p))
            .unwrap_or(f64::INFINITY);
        let blank = of_color
            .iter()
            .find(|p| p.face == "blank")
            .map(|p| face_dist(p))
            .unwrap_or(f64::INFINITY);
        let (face, a, b) = if icon < blank {
            ("icon", icon, blank)
        } else {
            ("blank", blank, icon)
        };
        let conf = if b.is_finite() {
            1.0 - (a.sqrt() / (a.sqrt() + b.sqrt()).max(1e-9))
        } else {
            0.5
        };
        (best_color, face.into(), conf.clamp(0.0, 1.0))
    }
}

/// Spreads by which each face measure's difference from a prototype is
/// divided: about a third of the gap between the icon and blank means on
/// the shipped set; the centre scales were set on development scenes
/// (figures: docs/measurements/2026-11-26-target-reader-history.md).
const FRACTION_SCALE: f64 = 0.1;
/// The squared spread the chroma distance ([`color_dist`]) is divided by
/// when colour is chosen with the face: 0.02 (a spread of about 0.14).
/// Choosing colour with the face keeps a small coloured icon, washed out by
/// its star, from being read as a white die.
const COLOR_SCALE_SQ: f64 = 0.02;
const CONTRAST_SCALE: f64 = 15.0;
const LIFT_SCALE: f64 = 0.2;
const DESAT_SCALE: f64 = 0.15;

/// Weighted squared distance in chroma features: hue counts more than
/// saturation, which lighting and blur change most.
fn color_dist(ch: &[f64; 3], p: &Prototype) -> f64 {
    (0..3)
        .map(|k| (ch[k] - p.chroma[k]).powi(2) * if k == 2 { 0.5 } else { 4.0 })
        .sum::<f64>()
}

/// Refuses a set in which a colour's icon and blank prototypes measure the
/// same: the reader could not tell the faces apart (e.g. crops too small or
/// all of one picture).
fn refuse_twin_faces(name: &str, prototypes: &[Prototype]) -> Result<(), DieSetError> {
    let key = |p: &Prototype| {
        [
            p.glyph_fraction,
            p.glyph_contrast,
            p.centre_lift.unwrap_or(0.0),
            p.centre_desat.unwrap_or(0.0),
        ]
    };
    for icon in prototypes.iter().filter(|p| p.face == "icon") {
        for blank in prototypes
            .iter()
            .filter(|p| p.face == "blank" && p.color == icon.color)
        {
            let same = key(icon)
                .iter()
                .zip(key(blank))
                .all(|(a, b)| (a - b).abs() < 1e-6);
            if same {
                return Err(DieSetError::Invalid {
                    file: format!("die set {name:?}"),
                    field: format!("prototypes ({})", icon.color),
                    problem: "the icon and blank examples measure the same, so the faces could \
                              not be told apart; enrol from clearer, larger face crops"
                        .into(),
                });
            }
        }
    }
    Ok(())
}
