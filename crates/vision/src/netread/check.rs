//! A second classifier's opinion on a die found by its body whose sides
//! disagree on the face.
//!
//! A body is read at its found side and a little tighter and wider; where
//! those readings name different faces the die is asked, because a box of
//! the wrong size often takes in a neighbour or a side face. Most such dice
//! are read right (docs/measurements/2026-11-27-d6-asks.md). A second model,
//! trained apart from the shipped one (more epochs, harder generated dice,
//! turned crops: models/d6-faces/README.md), looks at the chosen crop; when
//! it names the same face surely, the disagreement is settled and the die's
//! own confidence stands.
//!
//! It also doubts one reading: a body read "6" surely. Marbled and
//! streaked bodies, and a square that takes in the side faces, add dark
//! spots the classifier counts as pips, and the face with the most pips is
//! where those misreads land (docs/measurements/2026-11-27-d6-wrong-sure.md).
//! Where the second model gives that crop hardly any chance of a "6", the
//! die is asked. It never changes a face or finds a die.

use crate::error::Result;
use crate::facenet::{FaceGuess, FaceNet};
use opencv::core::Mat;
use std::path::Path;
use std::sync::OnceLock;

/// The second model as shipped, embedded at build time.
const BUILT_IN: &str = include_str!("../../../../models/d6-faces/d6-faces-check.json");

/// An environment variable that may name another model file to check with
/// (for measuring a retrained model without a rebuild).
pub const CHECK_ENV: &str = "TW_D6_FACENET_CHECK";

/// The second model must name the face at least this surely: surer than
/// the asking threshold (0.8), since it settles a reading the first model
/// alone would put to the player. At 0.8 it also confirmed misreads.
const CHECK_SURE: f32 = 0.9;

/// A sure body reading of "6" is asked when the second model gives "6"
/// less than this probability on the same crop: not merely unsure, it sees
/// another face or no die. At 0.5 right "6"s were asked too.
const SIX_DOUBTED_BELOW: f32 = 0.3;

/// The second model, parsed on first use (webcam frames rarely need it).
pub(super) fn model() -> Option<&'static FaceNet> {
    static NET: OnceLock<Option<FaceNet>> = OnceLock::new();
    NET.get_or_init(|| {
        let loaded = match std::env::var_os(CHECK_ENV) {
            Some(path) if !path.is_empty() => FaceNet::load(Path::new(&path)),
            _ => FaceNet::parse("models/d6-faces/d6-faces-check.json (built in)", BUILT_IN),
        };
        match loaded {
            Ok(net) => Some(net),
            Err(e) => {
                // Without it disputed dice stay asked, as before.
                eprintln!("warning: the d6 check classifier does not load: {e}");
                None
            }
        }
    })
    .as_ref()
}

/// Whether the second model reads the square of `side` at `center` as
/// the face named `face` ("1"–"6") surely. Faces are compared by name, so
/// the two models need not list their classes in the same order.
pub(super) fn confirms(frame: &Mat, center: [f32; 2], side: f32, face: &str) -> Result<bool> {
    let Some(net) = model() else {
        return Ok(false);
    };
    let check = net.classify_turned_bare(frame, center, side)?;
    Ok(agrees(&check, net.class_name(check.face), face))
}

/// Whether the second model doubts a "6" read at the square of `side` at
/// `center`: it gives the face named "6" less than [`SIX_DOUBTED_BELOW`].
/// Without the model nothing is doubted.
fn doubts_six(frame: &Mat, center: [f32; 2], side: f32) -> Result<bool> {
    let Some(net) = model() else {
        return Ok(false);
    };
    let check = net.classify_turned_bare(frame, center, side)?;
    Ok(doubts(&check, |k| net.class_name(k)))
}

/// `probability` for a reading of `face` at the square of `side` at
/// `center`, capped below the asking threshold where it is a sure "6" the
/// second model doubts ([`doubts_six`]); any other reading's unchanged.
/// Body and crowd dice share this rule.
pub(crate) fn six_doubted_capped(
    frame: &Mat,
    center: [f32; 2],
    side: f32,
    face: &str,
    probability: f32,
) -> Result<f32> {
    if face == "6" && probability >= crate::eval::ASK_BELOW && doubts_six(frame, center, side)? {
        Ok(probability.min(super::DISPUTED_CONFIDENCE))
    } else {
        Ok(probability)
    }
}

/// The check's probability of the class named "6" is below [`SIX_DOUBTED_BELOW`].
fn doubts<'a>(check: &FaceGuess, name: impl Fn(u8) -> &'a str) -> bool {
    let six = (1..check.probs.len() as u8).find(|&k| name(k) == "6");
    six.is_some_and(|k| check.probs[k as usize] < SIX_DOUBTED_BELOW)
}

/// The check names the same face, not "no die", at least [`CHECK_SURE`].
fn agrees(check: &FaceGuess, check_face: &str, face: &str) -> bool {
    check.face != 0 && check_face == face && check.probability >= CHECK_SURE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guess(face: u8, probability: f32) -> FaceGuess {
        let mut probs = [0.0; 7];
        probs[face as usize] = probability;
        FaceGuess {
            face,
            probability,
            die: if face == 0 {
                1.0 - probability
            } else {
                probability
            },
            probs,
            features: Vec::new(),
            appearance: Vec::new(),
        }
    }

    #[test]
    fn only_a_sure_reading_of_the_same_face_confirms() {
        assert!(agrees(&guess(4, 0.95), "4", "4"));
        assert!(
            !agrees(&guess(4, 0.85), "4", "4"),
            "sure enough to read, not to settle a dispute"
        );
        assert!(
            !agrees(&guess(5, 0.99), "5", "4"),
            "another face never confirms"
        );
        assert!(
            !agrees(&guess(0, 0.99), "none", "none"),
            "no die is not a face"
        );
    }

    #[test]
    fn a_six_is_doubted_only_when_the_check_gives_it_little_chance() {
        let name = |k: u8| ["none", "1", "2", "3", "4", "5", "6"][k as usize];
        let mut g = guess(6, 0.6);
        assert!(!doubts(&g, name), "unsure of a 6 is not doubting it");
        g.probs[6] = 0.2;
        g.probs[3] = 0.7;
        assert!(doubts(&g, name));
        assert!(doubts(&guess(0, 0.99), name), "no die at all doubts it");
        assert!(!doubts(&guess(6, 0.95), name));
    }

    #[test]
    fn the_built_in_check_model_loads_with_the_shipped_faces() {
        let check = FaceNet::parse("d6-faces-check.json", BUILT_IN)
            .expect("the built-in check model parses");
        let shipped = FaceNet::shipped().expect("the shipped model parses");
        for class in 1..=6u8 {
            assert_eq!(check.class_name(class), shipped.class_name(class));
        }
    }
}
