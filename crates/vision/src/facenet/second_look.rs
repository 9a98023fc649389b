//! A second look at an unsure reading: the crop with its brightness turned
//! over.
//!
//! The classifier learned mostly light dice with dark pips, and misreads
//! many dark, marbled and red dice whose pips are light or coloured. Where
//! the first reading is a die but its face is below the asking threshold,
//! the inverted crop's four turns are read too, and the face shown is the
//! best of both readings' geometric mean. The die probability stays the
//! first reading's and the face probability never rises: the second look
//! may change which face a player is asked about, but never makes an asked
//! reading sure or finds a new die
//! (docs/measurements/2026-11-27-d6-second-opinion.md).

use super::{quarter_turn, FaceGuess, FaceNet};

/// A first reading is looked at again when it calls the crop a die at
/// least this surely (the reader's least die probability for a pip
/// proposal)...
const MIN_DIE: f32 = 0.5;
/// ...and its face is less sure than the reader's asking threshold.
const SURE_FACE: f32 = crate::eval::ASK_BELOW;

/// Whether a turned reading is a die whose face would be asked.
pub(super) fn is_unsure(guess: &FaceGuess) -> bool {
    guess.face != 0 && guess.die >= MIN_DIE && guess.probability < SURE_FACE
}

/// Read the inverted `view` (a normalised crop, so inverting is negating)
/// in its four turns, and take as `guess`'s face the face class (1–6)
/// likeliest over both readings; `log_sum` is the first reading's summed
/// log probabilities over its four turns.
pub(super) fn look_again(net: &FaceNet, view: &[f32], log_sum: &[f32; 7], guess: &mut FaceGuess) {
    let n = net.size;
    let mut inverted: Vec<f32> = view.iter().map(|v| -v).collect();
    let mut both = *log_sum;
    for turn in 0..4 {
        if turn > 0 {
            inverted = quarter_turn(&inverted, n);
        }
        for (acc, p) in both.iter_mut().zip(net.run(inverted.clone()).probs) {
            *acc += p.max(1e-6).ln();
        }
    }
    // Geometric mean over the eight views, normalised over all classes.
    let max = both.iter().cloned().fold(f32::MIN, f32::max);
    let exp: Vec<f32> = both.iter().map(|v| ((v - max) / 8.0).exp()).collect();
    let total: f32 = exp.iter().sum();
    let Some((face, p)) = (1..7)
        .map(|k| (k, exp[k] / total))
        .max_by(|a, b| a.1.total_cmp(&b.1))
    else {
        return;
    };
    guess.face = face as u8;
    guess.probability = guess.probability.min(p);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guess(face: u8, probability: f32, die: f32) -> FaceGuess {
        FaceGuess {
            face,
            probability,
            die,
            probs: [0.0; 7],
            features: Vec::new(),
            appearance: Vec::new(),
        }
    }

    #[test]
    fn only_a_die_whose_face_would_be_asked_is_looked_at_again() {
        assert!(is_unsure(&guess(3, 0.6, 0.9)));
        assert!(!is_unsure(&guess(3, 0.9, 0.95)));
        assert!(!is_unsure(&guess(3, 0.4, 0.45)));
        assert!(!is_unsure(&guess(0, 0.6, 0.4)));
    }

    #[test]
    fn a_second_look_changes_the_face_at_most_never_its_sureness() {
        let net = FaceNet::shipped().expect("the shipped model loads");
        let n = net.size;
        // A light square with three dark pips on a diagonal, normalised as
        // the crop is (mean 0), first read as it is.
        let mut img = vec![0f32; n * n * 3];
        for y in 0..n {
            for x in 0..n {
                let c = n as f32 / 2.0;
                let pip = [(-5.0, -5.0), (0.0, 0.0), (5.0, 5.0)]
                    .iter()
                    .any(|(dx, dy)| (x as f32 - c - dx).hypot(y as f32 - c - dy) < 2.0);
                for k in 0..3 {
                    img[(y * n + x) * 3 + k] = if pip { -2.0 } else { 0.5 };
                }
            }
        }
        let mut log_sum = [0f32; 7];
        let first = net.run(img.clone());
        for (acc, p) in log_sum.iter_mut().zip(first.probs) {
            *acc += 4.0 * p.max(1e-6).ln();
        }
        let mut g = guess(2, 0.5, 0.9);
        look_again(&net, &img, &log_sum, &mut g);
        assert!((1..=6).contains(&g.face));
        assert!(g.probability <= 0.5);
        assert_eq!(g.die, 0.9);
    }
}
