//! Dark and light bodies: a set whose faces sit on two kinds of die told
//! apart by brightness (Dungeon Roll's white party dice and black dungeon
//! dice) reads a die only against the faces of its own kind.
//!
//! A face's brightness is the median of samples over the middle of its top
//! (the body fills most of it whatever the glyph). Enrolment splits the
//! faces in two when their brightnesses fall into two groups with a clear
//! gap; a die then competes only with its own group's faces, unless its
//! brightness lies in the band between the groups, where every face
//! competes as before.

use super::{Pose, Prepared};
use crate::error::Result;
use serde::{Deserialize, Serialize};

/// Brightness of the body round a face's glyph: the median of samples on
/// rings 0.3–0.42 face sides out (inside the face's edge, outside most
/// glyphs; a pose a little off puts them on the die's own sides).
pub(super) fn brightness(prep: &Prepared, pose: &Pose) -> f32 {
    let (p, k) = prep.level_for(pose.side);
    let (cx, cy) = (pose.center[0] * k, pose.center[1] * k);
    let mut v: Vec<f32> = Vec::with_capacity(80);
    for (i, n) in [24usize, 28, 32].into_iter().enumerate() {
        let r = (0.3 + 0.06 * i as f32) * pose.side * k;
        for j in 0..n {
            let a = std::f32::consts::TAU * j as f32 / n as f32;
            v.push(p.at(cx + r * a.cos(), cy + pose.squash * r * a.sin()));
        }
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2].max(1.0)
}

/// Two groups of faces by body brightness.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bodies {
    /// Faces on the dark body; every other face is on the light one.
    pub dark: Vec<String>,
    /// Gray level between the groups (geometric mean of the dark faces'
    /// 98th percentile and the light faces' 2nd).
    pub split: f32,
    /// A die within this factor of `split` either way is of either group.
    pub band: f32,
}

/// Smallest ratio of the light faces' 2nd percentile to the dark faces'
/// 98th for the set to be split at all.
const MIN_GAP: f32 = 1.3;
/// Widest undecided band (a factor either side of the split).
const MAX_BAND: f32 = 1.25;

impl Bodies {
    /// The split of enrolled examples (face, brightness), if there is a
    /// clear one with at least two faces on each side.
    pub(super) fn learn(examples: &[(String, Vec<f32>)]) -> Option<Bodies> {
        let mut medians: Vec<(f32, &str)> = examples
            .iter()
            .filter(|(_, b)| !b.is_empty())
            .map(|(f, b)| (percentile(b, 0.5).ln(), f.as_str()))
            .collect();
        medians.sort_by(|a, b| a.0.total_cmp(&b.0));
        if medians.len() < 4 {
            return None;
        }
        // The widest gap between neighbouring faces leaving two each side.
        let cut = (2..=medians.len() - 2).max_by(|&a, &b| {
            (medians[a].0 - medians[a - 1].0).total_cmp(&(medians[b].0 - medians[b - 1].0))
        })?;
        let dark: Vec<String> = medians[..cut].iter().map(|m| m.1.to_string()).collect();
        let gather = |is_dark: bool| -> Vec<f32> {
            examples
                .iter()
                .filter(|(f, _)| dark.contains(f) == is_dark)
                .flat_map(|(_, b)| b.iter().copied())
                .collect()
        };
        let (hi, lo) = (
            percentile(&gather(true), 0.98),
            percentile(&gather(false), 0.02),
        );
        if !(lo / hi >= MIN_GAP) {
            return None;
        }
        let ratio = (lo / hi).sqrt();
        Some(Bodies {
            dark,
            split: (lo * hi).sqrt(),
            band: ratio.clamp(1.0, MAX_BAND),
        })
    }

    /// Which faces may compete for a die of this brightness: `faces[i]`
    /// may when `mask[i]`.
    pub(super) fn mask(&self, faces: &[String], brightness: f32) -> Vec<bool> {
        let dark = brightness <= self.split / self.band;
        let light = brightness >= self.split * self.band;
        faces
            .iter()
            .map(|f| {
                let on_dark = self.dark.contains(f);
                !(dark || light) || on_dark == dark
            })
            .collect()
    }

    pub(super) fn validate(&self, name: &str, faces: &[String]) -> Result<()> {
        let bad = |reason: String| super::bad(name, reason);
        if !(self.split.is_finite() && self.split > 0.0) {
            return Err(bad(format!(
                "art.bodies.split {} must be a positive gray level",
                self.split
            )));
        }
        if !(self.band.is_finite() && (1.0..=MAX_BAND).contains(&self.band)) {
            return Err(bad(format!(
                "art.bodies.band {} must lie within 1..={MAX_BAND}",
                self.band
            )));
        }
        for (i, f) in self.dark.iter().enumerate() {
            if !faces.contains(f) {
                return Err(bad(format!(
                    "art.bodies.dark[{i}] {f:?} is no face of the set"
                )));
            }
        }
        if self.dark.is_empty() || self.dark.len() >= faces.len() {
            return Err(bad("art.bodies.dark must name some faces, not all".into()));
        }
        Ok(())
    }
}

fn percentile(v: &[f32], q: f32) -> f32 {
    if v.is_empty() {
        return 1.0;
    }
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    s[((s.len() - 1) as f32 * q).round() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(face: &str, b: &[f32]) -> (String, Vec<f32>) {
        (face.to_string(), b.to_vec())
    }

    #[test]
    fn faces_split_by_a_clear_brightness_gap() {
        let examples = vec![
            ex("goblin", &[30.0, 40.0, 55.0]),
            ex("ooze", &[35.0, 45.0]),
            ex("fighter", &[170.0, 200.0, 220.0]),
            ex("mage", &[150.0, 210.0]),
        ];
        let b = Bodies::learn(&examples).expect("a split");
        let mut dark = b.dark.clone();
        dark.sort();
        assert_eq!(dark, ["goblin", "ooze"]);
        assert!(b.split > 55.0 && b.split < 150.0, "{b:?}");
        let faces: Vec<String> = ["goblin", "ooze", "fighter", "mage"]
            .map(String::from)
            .to_vec();
        assert_eq!(b.mask(&faces, 40.0), [true, true, false, false]);
        assert_eq!(b.mask(&faces, 190.0), [false, false, true, true]);
        // Between the groups every face competes.
        assert_eq!(b.mask(&faces, b.split), [true, true, true, true]);
        assert!(b.validate("t", &faces).is_ok());
    }

    #[test]
    fn one_body_colour_is_not_split() {
        let examples = vec![
            ex("one_sword", &[180.0, 200.0]),
            ex("skull", &[150.0, 190.0]),
            ex("flash", &[170.0, 210.0]),
            ex("two_swords", &[160.0, 200.0]),
        ];
        assert!(Bodies::learn(&examples).is_none());
        // Overlapping groups are not split either.
        let examples = vec![
            ex("a", &[30.0, 40.0]),
            ex("b", &[35.0, 160.0]),
            ex("c", &[150.0, 200.0]),
            ex("d", &[140.0, 210.0]),
        ];
        assert!(Bodies::learn(&examples).is_none());
    }

    #[test]
    fn a_bad_split_names_the_field() {
        let faces: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let b = Bodies {
            dark: vec!["z".into()],
            split: 90.0,
            band: 1.1,
        };
        let e = b.validate("set.json", &faces).unwrap_err().to_string();
        assert!(e.contains("art.bodies.dark[0]"), "{e}");
        let b = Bodies {
            dark: vec!["a".into()],
            split: f32::NAN,
            band: 1.1,
        };
        assert!(b
            .validate("set.json", &faces)
            .unwrap_err()
            .to_string()
            .contains("art.bodies.split"));
    }
}
