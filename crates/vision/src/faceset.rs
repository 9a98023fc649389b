//! Enrolled sets of six-sided dice (`kind: "d6"` in the die-set format of
//! `models/dice-sets/README.md`): what one player's dice look like, learned
//! from labelled photos, and the face reading that uses it.
//!
//! Each labelled top face is cropped as the face classifier crops it
//! ([`crate::facenet`]) and described by its appearance, in a form no turn
//! of the die changes ([`crate::facenet::appearance`]). A face's *prototype* is the mean of its examples' unit-length
//! descriptions. Reading matches a die's description to the prototypes by
//! cosine similarity. A set of plain pip faces only ("1"–"6") is read as
//! the classifier reads, all six faces; in a mixed set a pip face's match
//! is combined with the classifier's own answer; faces with other names (an emblem, a
//! goblin, a skull) are read by the match alone. A die that matches no
//! prototype as closely as the enrolment's own examples did is reported
//! with a low confidence, so the player is asked.
//!
//! A set whose faces are not all pips also learns, at enrolment, to find
//! and read its dice without pips ([`crate::artface`], the optional `art`
//! section); such a set is read by that alone.

use crate::error::{Result, VisionError};
use crate::eval::LabelBox;
use crate::artface::{ArtEnrolment, ArtModel};
use crate::facenet::{FaceGuess, FaceNet, APPEARANCE};
use opencv::{core::Mat, prelude::*};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The die-set format this extends (an optional `kind` was added; sets
/// without it are the target board's d12 sets).
pub const FORMAT: &str = "tw-dice-set/1";
/// The `kind` of a d6 set.
pub const KIND: &str = "d6";

/// How sharply similarities become probabilities.
const SIMILARITY_SHARPNESS: f32 = 25.0;
/// A die whose best similarity falls this far below the lowest its face's
/// own enrolment examples reached is not trusted.
const SIMILARITY_SLACK: f32 = 0.05;
/// Fewest examples per face an enrolment accepts.
pub const MIN_SAMPLES_PER_FACE: usize = 2;

/// Fewest examples per face an enrolment of these faces needs. A set of
/// plain pip faces is read by the classifier, not by its prototypes
/// ([`FaceSet::is_plain_pips`]); its examples only give the dice's colours
/// and sizes, so one of a face is enough. Faces matched to prototypes need
/// [`MIN_SAMPLES_PER_FACE`].
pub fn min_samples_for<S: AsRef<str>>(faces: &[S]) -> usize {
    if !faces.is_empty() && faces.iter().all(|f| is_pip_face(f.as_ref())) {
        1
    } else {
        MIN_SAMPLES_PER_FACE
    }
}
/// Smallest labelled face enrolled, pixels.
const MIN_ENROL_SIDE_PX: f32 = 8.0;

/// One enrolled face.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacePrototype {
    /// The face's name: "1"–"6" for pips, anything else for art.
    pub face: String,
    /// Examples averaged.
    pub samples: usize,
    /// Unit-length mean description.
    pub prototype: Vec<f32>,
    /// Lowest similarity of one of its own examples to the prototype.
    pub min_similarity: f32,
}

/// What the dice look like besides their faces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Look {
    /// Median body colours seen (B, G, R), one per enrolled die, at most 64.
    pub body_bgr: Vec<[u8; 3]>,
    /// Top-face side in pixels: smallest, median and largest enrolled.
    pub side_px: [f32; 3],
    /// Median colours (B, G, R) of the enrolled pip faces other than "1"
    /// (whose label may box its pip alone), pips and all, at most 64: a
    /// die matching none is not one of these dice ([`crate::bodygate`]).
    /// Optional: a set enrolled before it keeps none, and is not gated.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_bgr: Vec<[u8; 3]>,
}

/// An enrolled d6 set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceSet {
    pub format: String,
    pub kind: String,
    pub name: String,
    /// The descriptor the prototypes are in (the classifier's format and size).
    pub descriptor: String,
    pub faces: Vec<FacePrototype>,
    pub look: Look,
    /// Where the examples came from.
    pub enrolled_from: Vec<String>,
    /// For faces that are art, not pips: how the dice are found and their
    /// faces read without the pip classifier ([`crate::artface`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub art: Option<ArtModel>,
}

fn bad(name: &str, reason: String) -> VisionError {
    VisionError::Config {
        name: name.to_string(),
        reason,
    }
}

fn unit(v: &[f32]) -> Vec<f32> {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        v.iter().map(|x| x / n).collect()
    } else {
        v.to_vec()
    }
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The name of the description prototypes are in (the crop's appearance,
/// taken as the classifier crops).
pub fn descriptor_name(net: &FaceNet) -> String {
    format!("{APPEARANCE} crop {}", net.input_size())
}

impl FaceSet {
    /// Load and check a set file.
    pub fn load(path: &Path) -> Result<FaceSet> {
        let text = std::fs::read_to_string(path).map_err(|error| VisionError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        FaceSet::parse(&path.display().to_string(), &text)
    }

    /// Parse and check a set; `name` names it in errors.
    pub fn parse(name: &str, text: &str) -> Result<FaceSet> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(name, e.to_string()))?;
        // The version first: a set of another version may lay out `kind`
        // differently, and saying so is the useful answer.
        match value.get("format") {
            Some(serde_json::Value::String(f)) if f == FORMAT => {}
            Some(serde_json::Value::String(f)) => {
                return Err(bad(name, format!("format is {f:?}, a version this build does not read (it reads {FORMAT:?})")))
            }
            Some(other) => return Err(bad(name, format!("format is {other}, expected the text {FORMAT:?}"))),
            None => return Err(bad(name, format!("format is missing (expected {FORMAT:?})"))),
        }
        match value.get("kind").and_then(|k| k.as_str()) {
            Some(KIND) => {}
            Some(other) => return Err(bad(name, format!("kind is {other:?}; this reader reads \"d6\" sets"))),
            None => {
                return Err(bad(
                    name,
                    "kind is missing: this is a d12 set for the target board, not a d6 set".into(),
                ))
            }
        }
        let set: FaceSet = serde_json::from_value(value).map_err(|e| bad(name, e.to_string()))?;
        set.validate(name)?;
        Ok(set)
    }

    /// Field-by-field checks, each error naming the field.
    pub fn validate(&self, name: &str) -> Result<()> {
        if self.format != FORMAT {
            return Err(bad(name, format!("format is {:?}, expected {FORMAT:?}", self.format)));
        }
        if self.faces.len() < 2 {
            return Err(bad(name, format!("faces: {} enrolled, a die needs at least 2", self.faces.len())));
        }
        let len = self.faces[0].prototype.len();
        for (i, f) in self.faces.iter().enumerate() {
            if f.face.trim().is_empty() {
                return Err(bad(name, format!("faces[{i}].face is empty")));
            }
            if self.faces[..i].iter().any(|o| o.face == f.face) {
                return Err(bad(name, format!("faces[{i}].face {:?} is enrolled twice", f.face)));
            }
            // Lengths first, naming both faces: the length check used to
            // blame faces[1] with faces[0]'s count when faces[0] was short.
            if f.prototype.len() != len {
                return Err(bad(
                    name,
                    format!(
                        "faces[{i}].prototype holds {} numbers but faces[0].prototype {len}; all must hold as many",
                        f.prototype.len()
                    ),
                ));
            }
            if len == 0 || f.prototype.iter().any(|v| !v.is_finite()) {
                return Err(bad(name, format!("faces[{i}].prototype must hold {len} finite numbers")));
            }
            if f.samples < 1 {
                return Err(bad(name, format!("faces[{i}].samples is 0")));
            }
            if !(f.min_similarity.is_finite() && (-1.0..=1.0).contains(&f.min_similarity)) {
                return Err(bad(name, format!("faces[{i}].min_similarity {} is outside -1..=1", f.min_similarity)));
            }
        }
        if let Some(art) = &self.art {
            art.validate(name)?;
            for f in &self.faces {
                if !art.prototypes.iter().any(|p| p.face == f.face) {
                    return Err(bad(name, format!("art.prototypes: face {:?} has none", f.face)));
                }
            }
        }
        let [lo, mid, hi] = self.look.side_px;
        if !(lo.is_finite() && hi.is_finite() && 0.0 < lo && lo <= mid && mid <= hi) {
            return Err(bad(name, format!("look.side_px {:?} is not smallest ≤ median ≤ largest", self.look.side_px)));
        }
        Ok(())
    }

    /// Whether the set's prototypes are in this classifier's descriptor.
    pub fn check_descriptor(&self, net: &FaceNet, name: &str) -> Result<()> {
        let want = descriptor_name(net);
        if self.descriptor != want {
            return Err(bad(
                name,
                format!("descriptor is {:?} but the classifier gives {want:?}: enrol the set again", self.descriptor),
            ));
        }
        Ok(())
    }

    /// Whether every enrolled face is a plain pip face. Such a set reads as
    /// the classifier does, so the reader treats it as no set: every
    /// pip-reader check applies, and all six faces are read even where the
    /// photos it was enrolled from never showed some of them. Afterwards a
    /// found die of none of the set's face colours is dropped
    /// ([`crate::bodygate`]).
    pub fn is_plain_pips(&self) -> bool {
        self.art.is_none() && self.faces.iter().all(|f| is_pip_face(&f.face))
    }

    /// The face a classified crop shows by this set, and how sure that is.
    ///
    /// A set of plain pip faces is read by the classifier, which knows pips
    /// in general: on the held-out multicolour photos, matching prototypes
    /// enrolled from five photos read fewer faces right than the classifier
    /// alone (docs/measurements/2026-11-25-d6-reader.md). Faces with other
    /// names are matched to their prototypes; pip faces among them also
    /// hear the classifier.
    pub fn read(&self, guess: &FaceGuess) -> (String, f32) {
        let pip_index = |f: &FacePrototype| f.face.parse::<usize>().ok().filter(|k| (1..=6).contains(k));
        let all_pips = self.faces.iter().all(|f| pip_index(f).is_some());
        let d = unit(&guess.appearance);
        let sims: Vec<f32> = self.faces.iter().map(|f| dot(&d, &f.prototype)).collect();
        let max = sims.iter().cloned().fold(f32::MIN, f32::max);
        let mut p: Vec<f32> = self
            .faces
            .iter()
            .zip(&sims)
            .map(|(f, s)| {
                let matched = if all_pips { 1.0 } else { ((s - max) * SIMILARITY_SHARPNESS).exp() };
                matched * pip_index(f).map_or(1.0, |k| guess.probs[k].max(1e-4))
            })
            .collect();
        let total: f32 = p.iter().sum();
        p.iter_mut().for_each(|v| *v /= total.max(f32::MIN_POSITIVE));
        let (best, &pb) = p
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap_or((0, &0.0));
        let face = &self.faces[best];
        let mut confidence = pb;
        if !all_pips && sims[best] < face.min_similarity - SIMILARITY_SLACK {
            // Looks like none of the enrolled examples: ask.
            confidence = confidence.min(0.3);
        }
        (face.face.clone(), confidence)
    }
}

/// Face names for YOLO classes: a `classes.txt` beside the labels names
/// them; "One".."Six" (or "1".."6") and no file at all mean pip faces 1–6.
pub fn class_names(dir: &Path) -> Result<Vec<String>> {
    let path = dir.join("classes.txt");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((1..=6).map(|k| k.to_string()).collect()),
        Err(error) => {
            return Err(VisionError::File {
                what: "class list",
                path,
                error,
            })
        }
    };
    let names: Vec<String> = text.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect();
    if names.is_empty() {
        return Err(bad(&path.display().to_string(), "names no class".into()));
    }
    const WORDS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];
    Ok(names
        .into_iter()
        .enumerate()
        .map(|(i, n)| {
            if i < 6 && (n.eq_ignore_ascii_case(WORDS[i]) || n == (i + 1).to_string()) {
                (i + 1).to_string()
            } else {
                n
            }
        })
        .collect())
}

/// Median colour (B, G, R) of the middle of a face box.
fn middle_colour(frame: &Mat, b: &LabelBox) -> Option<[u8; 3]> {
    let bytes = frame.data_bytes().ok()?;
    let (w, h) = (frame.cols() as usize, frame.rows() as usize);
    let (cx, cy) = ((b.x0 + b.x1) / 2.0, (b.y0 + b.y1) / 2.0);
    let r = ((b.x1 - b.x0).min(b.y1 - b.y0) * 0.3).max(1.0);
    let mut px = Vec::new();
    for y in (cy - r).max(0.0) as usize..((cy + r).max(0.0) as usize).min(h) {
        for x in (cx - r).max(0.0) as usize..((cx + r).max(0.0) as usize).min(w) {
            let i = (y * w + x) * 3;
            px.push([bytes[i], bytes[i + 1], bytes[i + 2]]);
        }
    }
    if px.is_empty() {
        return None;
    }
    let med = |k: usize| {
        let mut v: Vec<u8> = px.iter().map(|p| p[k]).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    Some([med(0), med(1), med(2)])
}

/// Collects labelled faces into a set.
pub struct Enrolment<'a> {
    net: &'a FaceNet,
    by_face: Vec<(String, Vec<Vec<f32>>)>,
    bodies: Vec<[u8; 3]>,
    face_bgr: Vec<[u8; 3]>,
    sides: Vec<f32>,
    sources: Vec<String>,
    art: Option<ArtEnrolment>,
}

/// Whether a face name is a pip count ("1"–"6").
pub fn is_pip_face(name: &str) -> bool {
    name.parse::<usize>().is_ok_and(|k| (1..=6).contains(&k))
}

impl<'a> Enrolment<'a> {
    /// An enrolment of pip faces (read by the classifier).
    pub fn new(net: &'a FaceNet) -> Self {
        Enrolment {
            net,
            by_face: Vec::new(),
            bodies: Vec::new(),
            face_bgr: Vec::new(),
            sides: Vec::new(),
            sources: Vec::new(),
            art: None,
        }
    }

    /// An enrolment of dice with these face names: when any is not a pip
    /// count, the set also learns to find and read art faces
    /// ([`crate::artface`]).
    pub fn for_faces(net: &'a FaceNet, names: &[String]) -> Self {
        let mut e = Enrolment::new(net);
        if names.iter().any(|n| !is_pip_face(n)) {
            e.art = Some(ArtEnrolment::new());
        }
        e
    }

    /// Add one photo's labelled faces; `names[k]` names class k. Faces too
    /// small to crop are skipped; returns how many were added.
    pub fn add(&mut self, frame: &Mat, labels: &[LabelBox], source: &str) -> Result<usize> {
        let mut added = 0;
        for b in labels {
            let side = (b.x1 - b.x0).max(b.y1 - b.y0);
            if !(side >= MIN_ENROL_SIDE_PX) {
                continue;
            }
            let center = [(b.x0 + b.x1) / 2.0, (b.y0 + b.y1) / 2.0];
            let guess = self.net.classify(frame, center, side)?;
            let d = unit(&guess.appearance);
            match self.by_face.iter_mut().find(|(f, _)| *f == b.name) {
                Some((_, v)) => v.push(d),
                None => self.by_face.push((b.name.clone(), vec![d])),
            }
            if let Some(c) = middle_colour(frame, b) {
                if self.bodies.len() < 64 {
                    self.bodies.push(c);
                }
            }
            if self.face_bgr.len() < 64 && is_pip_face(&b.name) && b.name != "1" {
                // The box's shorter side: a turned face's box is wider than the face.
                let face_side = (b.x1 - b.x0).min(b.y1 - b.y0);
                if let Some(c) = crate::bodygate::face_colour(frame, center, face_side) {
                    self.face_bgr.push(c);
                }
            }
            self.sides.push(side);
            added += 1;
        }
        if let Some(art) = self.art.as_mut() {
            art.add(frame, labels)?;
        }
        if added > 0 {
            self.sources.push(source.to_string());
        }
        Ok(added)
    }

    /// The set, or an error naming what is missing.
    pub fn finish(self, name: &str) -> Result<FaceSet> {
        let mut faces = Vec::new();
        let names: Vec<&str> = self.by_face.iter().map(|(f, _)| f.as_str()).collect();
        let need = if self.art.is_some() { MIN_SAMPLES_PER_FACE } else { min_samples_for(&names) };
        for (face, descs) in &self.by_face {
            if descs.len() < need {
                return Err(bad(
                    name,
                    format!("face {face:?} has {} example(s); enrol at least {need} of every face", descs.len()),
                ));
            }
            let n = descs[0].len();
            let mut mean = vec![0f32; n];
            for d in descs {
                for (m, v) in mean.iter_mut().zip(d) {
                    *m += v;
                }
            }
            let prototype = unit(&mean);
            let min_similarity = descs.iter().map(|d| dot(d, &prototype)).fold(1.0f32, f32::min);
            faces.push(FacePrototype {
                face: face.clone(),
                samples: descs.len(),
                prototype,
                min_similarity,
            });
        }
        faces.sort_by(|a, b| a.face.cmp(&b.face));
        let mut sides = self.sides.clone();
        sides.sort_by(|a, b| a.total_cmp(b));
        let side_px = match (sides.first(), sides.last()) {
            (Some(&lo), Some(&hi)) => [lo, sides[sides.len() / 2], hi],
            _ => return Err(bad(name, "no labelled face large enough to enrol".into())),
        };
        let art = match self.art {
            Some(a) => Some(a.finish(name, MIN_SAMPLES_PER_FACE)?),
            None => None,
        };
        let set = FaceSet {
            art,
            format: FORMAT.into(),
            kind: KIND.into(),
            name: name.to_string(),
            descriptor: descriptor_name(self.net),
            faces,
            look: Look {
                body_bgr: self.bodies,
                side_px,
                face_bgr: self.face_bgr,
            },
            enrolled_from: self.sources,
        };
        set.validate(name)?;
        Ok(set)
    }
}
