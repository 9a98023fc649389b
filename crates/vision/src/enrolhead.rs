//! The face classifier's output layer refitted on a player's own dice.
//!
//! At enrolment the labelled pip faces are known. Each is cropped as the
//! reader crops (at its label's side and a little tighter and wider) and
//! passed through the classifier in its four quarter turns; the last hidden
//! layer of each view, with its face, is one example. The output layer's
//! six face rows are then refitted on these examples by gradient descent on
//! the cross-entropy, pulled towards the shipped weights by a ridge term
//! ([`SHRINK`]), so faces the photos never showed, and looks unlike the
//! enrolled dice, stay read as the shipped classifier reads them. The
//! "no die" row is not refitted: which crops are dice does not change.
//!
//! Reading ([`reread`]) runs after the reader has settled its dice: each
//! pip die's crop is read again in its four quarter turns, and the refitted
//! rows' face probabilities are multiplied with the shipped rows' (each
//! combined over the turns as the classifier combines them). Where the
//! product's face differs from the reader's, the die takes it but its
//! confidence is capped below the asking threshold: nothing flips silently.
//! Where the refitted rows alone would read yet another face, the die is
//! asked too.
//! Figures: docs/measurements/2026-11-27-d6-enrolled-head.md.

use crate::error::{Result, VisionError};
use crate::facenet::FaceNet;
use crate::reader::Die;
use opencv::core::Mat;
use serde::{Deserialize, Serialize};

/// Pull of the refit towards the shipped weights (the ridge term is
/// SHRINK / 2 · ‖W − W₀‖², against the mean cross-entropy).
pub const SHRINK: f32 = 30.0;
/// Gradient steps of the refit (full batch; deterministic).
const STEPS: usize = 3000;
/// Sides, relative to a label's, an enrolled face is cropped at: the
/// reader's proposals are not exactly the label's box.
pub const ENROL_SCALES: [f32; 3] = [0.87, 1.0, 1.15];
/// A die whose face the refit reads differently keeps at most this
/// confidence (below the asking threshold, 0.8).
const DISPUTED_CONFIDENCE: f32 = 0.5;
/// Pip faces, the classes 1–6 of the classifier.
const FACES: usize = 6;

/// The refitted face rows of the output layer, stored in an enrolled set
/// (`head` in models/dice-sets/README.md).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnrolledHead {
    /// The classifier whose hidden layer this reads ([`FaceNet::fingerprint`]).
    pub model: String,
    /// Examples fitted on (face crops × sides × quarter turns).
    pub samples: usize,
    /// Pull towards the shipped weights used.
    pub shrink: f32,
    /// Weights [hidden][6] row by row, for faces 1–6.
    pub weights: Vec<f32>,
    /// Biases of faces 1–6.
    pub bias: Vec<f32>,
}

fn bad(name: &str, reason: String) -> VisionError {
    VisionError::Config {
        name: name.to_string(),
        reason,
    }
}

/// Log-probabilities of faces 1–6 (softmax over the six face logits).
fn log_probs(w: &[f32], b: &[f32], f: &[f32]) -> [f32; FACES] {
    let mut z = [0f32; FACES];
    z.copy_from_slice(&b[..FACES]);
    for (j, &v) in f.iter().enumerate() {
        if v != 0.0 {
            for (zk, wk) in z.iter_mut().zip(&w[j * FACES..(j + 1) * FACES]) {
                *zk += v * wk;
            }
        }
    }
    let max = z.iter().cloned().fold(f32::MIN, f32::max);
    let lse = max + z.iter().map(|v| (v - max).exp()).sum::<f32>().ln();
    z.map(|v| v - lse)
}

/// The shipped output layer's face rows: weights [hidden][6] and biases.
fn shipped_rows(net: &FaceNet) -> (Vec<f32>, Vec<f32>) {
    let (w, b) = net.output_layer();
    let hidden = net.hidden_len();
    let mut w6 = Vec::with_capacity(hidden * FACES);
    for j in 0..hidden {
        w6.extend_from_slice(&w[j * 7 + 1..j * 7 + 7]);
    }
    (w6, b[1..7].to_vec())
}

fn argmax(p: &[f32; FACES]) -> (usize, f32) {
    p.iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or((0, 0.0), |(i, &v)| (i, v))
}

/// Face probabilities of the shipped layer over the turns.
fn shipped_probs(net: &FaceNet, turns: &[Vec<f32>]) -> [f32; FACES] {
    let (w, b) = shipped_rows(net);
    EnrolledHead {
        model: String::new(),
        samples: 0,
        shrink: 0.0,
        weights: w,
        bias: b,
    }
    .probs(turns)
}

impl EnrolledHead {
    /// Refit on `examples`: (hidden features, face 1–6). None when there are
    /// none.
    pub fn fit(net: &FaceNet, examples: &[(Vec<f32>, u8)], shrink: f32) -> Option<EnrolledHead> {
        let hidden = net.hidden_len();
        let examples: Vec<&(Vec<f32>, u8)> = examples
            .iter()
            .filter(|(f, k)| f.len() == hidden && (1..=6).contains(k))
            .collect();
        if examples.is_empty() {
            return None;
        }
        // Each face weighs the same whatever its count: a die shows every
        // face equally often, the enrolment photos do not.
        let mut per_face = [0usize; FACES];
        for (_, k) in &examples {
            per_face[*k as usize - 1] += 1;
        }
        let faces_seen = per_face.iter().filter(|&&c| c > 0).count() as f32;
        let weight = |k: u8| 1.0 / (faces_seen * per_face[k as usize - 1] as f32);
        let (w0, b0) = shipped_rows(net);
        let (mut w, mut b) = (w0.clone(), b0.clone());
        // Step size from the curvature bound of the softmax loss (½‖f‖²,
        // plus 1 for the bias) and the ridge term.
        let curvature = examples
            .iter()
            .map(|(f, _)| f.iter().map(|v| v * v).sum::<f32>() + 1.0)
            .sum::<f32>()
            / examples.len() as f32
            * 0.5
            + shrink;
        let step = 1.0 / curvature;
        let mut gw = vec![0f32; w.len()];
        for _ in 0..STEPS {
            gw.iter_mut().for_each(|g| *g = 0.0);
            let mut gb = [0f32; FACES];
            for (f, k) in &examples {
                let lp = log_probs(&w, &b, f);
                let mut d = lp.map(f32::exp);
                d[*k as usize - 1] -= 1.0;
                let d = d.map(|v| v * weight(*k));
                for (g, dv) in gb.iter_mut().zip(d) {
                    *g += dv;
                }
                for (j, &v) in f.iter().enumerate() {
                    if v != 0.0 {
                        for (g, dv) in gw[j * FACES..(j + 1) * FACES].iter_mut().zip(d) {
                            *g += v * dv;
                        }
                    }
                }
            }
            for ((wv, g), w0v) in w.iter_mut().zip(&gw).zip(&w0) {
                *wv -= step * (g + shrink * (*wv - w0v));
            }
            for ((bv, g), b0v) in b.iter_mut().zip(gb).zip(&b0) {
                *bv -= step * (g + shrink * (*bv - b0v));
            }
        }
        Some(EnrolledHead {
            model: net.fingerprint(),
            samples: examples.len(),
            shrink,
            weights: w,
            bias: b,
        })
    }

    /// Field-by-field checks against the classifier in use; `name` names the
    /// set in errors.
    pub fn validate(&self, net: &FaceNet, name: &str) -> Result<()> {
        let want = net.fingerprint();
        if self.model != want {
            return Err(bad(
                name,
                format!(
                    "head.model is {:?} but the classifier in use is {want:?}: enrol the set again",
                    self.model
                ),
            ));
        }
        let hidden = net.hidden_len();
        if self.weights.len() != hidden * FACES || self.weights.iter().any(|v| !v.is_finite()) {
            return Err(bad(
                name,
                format!("head.weights must hold {} finite numbers", hidden * FACES),
            ));
        }
        if self.bias.len() != FACES || self.bias.iter().any(|v| !v.is_finite()) {
            return Err(bad(
                name,
                format!("head.bias must hold {FACES} finite numbers"),
            ));
        }
        Ok(())
    }

    /// Probabilities of faces 1–6 of a crop from its quarter turns' hidden
    /// layers (geometric mean over the turns, as the classifier combines).
    pub fn probs(&self, turns: &[Vec<f32>]) -> [f32; FACES] {
        let mut sum = [0f32; FACES];
        for f in turns {
            for (s, l) in sum.iter_mut().zip(log_probs(&self.weights, &self.bias, f)) {
                *s += l;
            }
        }
        let k = turns.len().max(1) as f32;
        let max = sum.iter().cloned().fold(f32::MIN, f32::max);
        let e = sum.map(|v| ((v - max) / k).exp());
        let total: f32 = e.iter().sum();
        e.map(|v| v / total)
    }
}

/// Read each pip die's face again with the refitted rows (see the module
/// notes). A die read otherwise, or one the refitted rows alone read
/// otherwise, keeps at most [`DISPUTED_CONFIDENCE`] so the player is asked.
pub fn reread(net: &FaceNet, head: &EnrolledHead, frame: &Mat, dice: &mut [Die]) -> Result<()> {
    for die in dice.iter_mut() {
        let Some(face) = die.face.as_deref().and_then(|f| f.parse::<usize>().ok()) else {
            continue;
        };
        if !(1..=6).contains(&face) {
            continue;
        }
        let side = crate::netread::outline_side(&die.corners);
        let turns = net.turn_features(frame, die.center, side)?;
        let own = head.probs(&turns);
        let general = shipped_probs(net, &turns);
        let (own_best, _) = argmax(&own);
        let mut p = own;
        for (a, b) in p.iter_mut().zip(general) {
            *a *= b;
        }
        let total: f32 = p.iter().sum();
        p.iter_mut()
            .for_each(|v| *v /= total.max(f32::MIN_POSITIVE));
        let (best, pb) = argmax(&p);
        if best != own_best {
            // The enrolled dice and the classifier's training disagree.
            die.confidence = die.confidence.min(DISPUTED_CONFIDENCE);
        }
        if best + 1 != face {
            die.face = Some((best + 1).to_string());
            die.confidence = die.confidence.min(pb).min(DISPUTED_CONFIDENCE);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two made-up hidden layers, each labelled a face, about as long as
    /// real dice's (squared length 400–3000 on the photo sets).
    fn examples(net: &FaceNet) -> Vec<(Vec<f32>, u8)> {
        let h = net.hidden_len();
        let a: Vec<f32> = (0..h).map(|j| if j % 3 == 0 { 8.0 } else { 0.0 }).collect();
        let b: Vec<f32> = (0..h).map(|j| if j % 3 == 1 { 8.0 } else { 0.0 }).collect();
        let mut out = Vec::new();
        for _ in 0..10 {
            out.push((a.clone(), 2));
            out.push((b.clone(), 5));
        }
        out
    }

    #[test]
    fn the_refit_reads_the_enrolled_faces_as_labelled() {
        let net = FaceNet::shipped().unwrap();
        let ex = examples(&net);
        let head = EnrolledHead::fit(&net, &ex, SHRINK).unwrap();
        assert_eq!(head.samples, 20);
        head.validate(&net, "set.json").unwrap();
        for (f, k) in [&ex[0], &ex[1]] {
            let p = head.probs(std::slice::from_ref(f));
            let best = (0..6).max_by(|&i, &j| p[i].total_cmp(&p[j])).unwrap();
            assert_eq!(best + 1, *k as usize, "{p:?}");
        }
    }

    #[test]
    fn with_nothing_to_learn_the_head_is_the_shipped_layer() {
        let net = FaceNet::shipped().unwrap();
        assert!(EnrolledHead::fit(&net, &[], SHRINK).is_none());
        // A wrong length or a face outside 1–6 is no example.
        let h = net.hidden_len();
        assert!(
            EnrolledHead::fit(&net, &[(vec![1.0; h + 1], 3), (vec![1.0; h], 0)], SHRINK).is_none()
        );
    }

    #[test]
    fn a_head_for_another_model_or_of_the_wrong_size_is_refused() {
        let net = FaceNet::shipped().unwrap();
        let mut head = EnrolledHead::fit(&net, &examples(&net), SHRINK).unwrap();
        let mut other = head.clone();
        other.model = "tw-d6-facenet crop 24 hidden 64 fnv1a 0".into();
        let err = other.validate(&net, "set.json").unwrap_err().to_string();
        assert!(
            err.contains("set.json") && err.contains("head.model"),
            "{err}"
        );
        head.bias.pop();
        let err = head.validate(&net, "set.json").unwrap_err().to_string();
        assert!(err.contains("head.bias"), "{err}");
    }
}
