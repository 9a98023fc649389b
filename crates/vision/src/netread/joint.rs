//! The face an asked die shows: both classifiers' opinion together.
//!
//! A die the shipped classifier reads below the asking threshold is put to
//! the player, but the face shown is still what the player confirms or
//! corrects, and it is what "read right" counts. On such dice (mostly
//! found by their bodies: dark, translucent and marbled dice, side faces in
//! the square) the shipped model's first choice is often wrong where the
//! second model ([`super::check`]) is right, and the two models together
//! (the geometric mean of their face probabilities, equal weights) are right
//! more often than either alone; the census is in
//! docs/measurements/2026-11-27-d6-asked-faces.md. Only the face changes:
//! the die stays asked at its own confidence, so no die becomes sure and
//! none is found or dropped.

use crate::error::Result;
use crate::facenet::{FaceGuess, FaceNet};
use opencv::core::Mat;

/// The face `face` of the shipped model's `guess` (`net`'s classes) at the
/// square of `side` at `center`, or the face the two models together
/// favour where that differs. Without the second model, `face` stands.
pub(crate) fn asked_face(
    net: &FaceNet,
    guess: &FaceGuess,
    frame: &Mat,
    center: [f32; 2],
    side: f32,
    face: String,
) -> Result<String> {
    let Some(second) = super::check::model() else {
        return Ok(face);
    };
    let other = second.classify_turned_bare(frame, center, side)?;
    let first = |k: u8| net.class_name(k);
    let other_name = |k: u8| second.class_name(k);
    Ok(joint_face(&guess.probs, first, &other.probs, other_name).unwrap_or(face))
}

/// The face ("1"–"6") with the largest geometric mean of the two models'
/// probabilities, classes matched by name (the "no die" class left out);
/// `None` where a face is missing from either model.
fn joint_face<'a, 'b>(
    first: &[f32; 7],
    first_name: impl Fn(u8) -> &'a str,
    second: &[f32; 7],
    second_name: impl Fn(u8) -> &'b str,
) -> Option<String> {
    let mut best: Option<(f32, &str)> = None;
    for k in 1..7u8 {
        let name = first_name(k);
        let j = (1..7u8).find(|&j| second_name(j) == name)?;
        // Products of probabilities rank as their geometric means do.
        let score = first[k as usize].max(1e-6) * second[j as usize].max(1e-6);
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, name));
        }
    }
    best.map(|(_, name)| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 7] = ["none", "1", "2", "3", "4", "5", "6"];

    fn name(k: u8) -> &'static str {
        NAMES[k as usize]
    }

    #[test]
    fn the_models_together_outvote_the_first_ones_narrow_choice() {
        // First: "6" 0.36 over "5" 0.34; second: "5" 0.74.
        let first = [0.0, 0.01, 0.03, 0.10, 0.16, 0.34, 0.36];
        let second = [0.0, 0.0, 0.0, 0.02, 0.12, 0.74, 0.12];
        assert_eq!(
            joint_face(&first, name, &second, name).as_deref(),
            Some("5")
        );
    }

    #[test]
    fn a_clear_first_choice_stands_against_a_weak_disagreement() {
        let first = [0.0, 0.02, 0.03, 0.05, 0.7, 0.1, 0.1];
        let second = [0.0, 0.1, 0.1, 0.1, 0.3, 0.35, 0.05];
        assert_eq!(
            joint_face(&first, name, &second, name).as_deref(),
            Some("4")
        );
    }

    #[test]
    fn classes_are_matched_by_name_not_by_index() {
        let reversed = ["none", "6", "5", "4", "3", "2", "1"];
        // The first's "6" leads.
        let first = [0.0, 0.1, 0.1, 0.1, 0.1, 0.2, 0.4];
        // The second's "6" (its index 1) is sure; its index 6 is "1".
        let second = [0.0, 0.7, 0.1, 0.05, 0.05, 0.05, 0.05];
        assert_eq!(
            joint_face(&first, name, &second, |k| reversed[k as usize]).as_deref(),
            Some("6")
        );
        let missing = ["none", "1", "2", "3", "4", "5", "emblem"];
        assert_eq!(
            joint_face(&first, name, &second, |k| missing[k as usize]),
            None
        );
    }
}
