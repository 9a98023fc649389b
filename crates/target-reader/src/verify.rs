//! Telling a fitted die from a fitted phantom (a printed glyph, a web ring,
//! glare): a logistic model over the fit's measurements and their pairwise
//! products, trained on generated scenes whose truth says which candidates
//! are dice.
//!
//! The candidates come from two detectors tuned for recall (see
//! [`crate::detect`] and [`crate::ring`]), so most of them are not dice; one
//! fixed rule per measurement either let phantoms through or dropped real
//! dice (a white die on the ivory rim differs from the board by almost
//! nothing but its outline). The model weighs all measurements together.
//! It is stored inside the die set (`verifier`), since colour distance and
//! face confidence are measured against that set's prototypes, and is
//! trained by `warden dice train-verifier`.

use crate::face::chroma;
use crate::read::Measured;
use opencv::core::Mat;
use opencv::prelude::*;
use serde::{Deserialize, Serialize};

/// Names of the measurements, in the order of [`features`].
pub const FEATURES: [&str; 10] = [
    "top_edge",
    "outline_edge",
    "top_min",
    "outline_min",
    "coverage",
    "color_dist",
    "confidence",
    "band_uniform",
    "side_match",
    "side_spread",
];

/// The measurements a candidate is judged by.
pub fn features(m: &Measured) -> [f64; 10] {
    [
        m.fit.top_edge / 100.0,
        m.fit.outline_edge / 100.0,
        m.fit.top_min / 100.0,
        m.fit.outline_min / 100.0,
        m.coverage,
        // Colour distances are small numbers with a long tail: compress it.
        (m.color_dist * 100.0).ln_1p(),
        m.confidence,
        m.band_uniform,
        (m.side_match * 100.0).ln_1p(),
        m.side_spread.ln_1p(),
    ]
}

/// How far the side faces are from one paint each: the median over the
/// five faces bordering the top of the mean relative colour difference
/// (percent) among three points along each, just outside the top edge.
/// A die's side face is one shade (a small icon sits at its centre, away
/// from the edge); a web's "side faces" are black hole and grey thread.
/// Where a side face is hidden (a low camera) the points fall on the board
/// behind, which is as often plain for a die as for a phantom. It mostly
/// keeps web rings out (figures:
/// docs/measurements/2026-11-26-target-reader-history.md).
pub fn side_spread(g: &crate::fit::Gradients, top_px: &[[f64; 2]; 5]) -> f64 {
    let c = [
        top_px.iter().map(|p| p[0]).sum::<f64>() / 5.0,
        top_px.iter().map(|p| p[1]).sum::<f64>() / 5.0,
    ];
    let mut per_face: Vec<f64> = Vec::with_capacity(5);
    for k in 0..5 {
        let (a, b) = (top_px[k], top_px[(k + 1) % 5]);
        let m = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        // Outward by a quarter of the centre-to-edge distance.
        let out = [0.25 * (m[0] - c[0]), 0.25 * (m[1] - c[1])];
        let pts: Vec<[f64; 3]> = [0.3, 0.5, 0.7]
            .iter()
            .filter_map(|t| {
                g.colour([
                    a[0] + t * (b[0] - a[0]) + out[0],
                    a[1] + t * (b[1] - a[1]) + out[1],
                ])
            })
            .collect();
        if pts.len() < 3 {
            per_face.push(100.0);
            continue;
        }
        let med: [f64; 3] = std::array::from_fn(|ch| {
            let mut v = [pts[0][ch], pts[1][ch], pts[2][ch]];
            v.sort_by(f64::total_cmp);
            v[1]
        });
        per_face.push(
            pts.iter()
                .map(|p| crate::face::relative(*p, med))
                .sum::<f64>()
                / 3.0,
        );
    }
    per_face.sort_by(f64::total_cmp);
    per_face[2]
}

/// Chroma distance between the die's side faces (inside the silhouette,
/// outside the top face) and its top face colour `face_bgr`. A die's sides
/// are the same paint in other light; a phantom's "sides" are board.
pub fn side_match(
    img: &Mat,
    top_px: &[[f64; 2]],
    silhouette_px: &[[f64; 2]],
    face_bgr: [f64; 3],
) -> opencv::Result<f64> {
    let (w, h) = (img.cols(), img.rows());
    let data = img.data_bytes()?;
    let mut chans: [Vec<f64>; 3] = Default::default();
    for (x, y) in crate::detect::pixels_in(silhouette_px, w, h) {
        if !crate::detect::inside_convex(top_px, [x as f64, y as f64]) {
            let i = ((y * w + x) * 3) as usize;
            for c in 0..3 {
                chans[c].push(data[i + c] as f64);
            }
        }
    }
    if chans[0].is_empty() {
        return Ok(1.0);
    }
    let side: [f64; 3] = std::array::from_fn(|c| {
        let v = &mut chans[c];
        let n = v.len() / 2;
        *v.select_nth_unstable_by(n, |a, b| a.total_cmp(b)).1
    });
    let (a, b) = (chroma(side), chroma(face_bgr));
    Ok((0..3).map(|k| (a[k] - b[k]).abs()).sum())
}

/// The model's inputs: the standardised measurements `z` and every product
/// `z_i·z_j` (i ≤ j). Products let the boundary bend: a die may have a weak
/// colour difference *or* a weak outline, rarely both. A linear model
/// let far more held-out phantoms through at the same share of dice kept
/// (figures: docs/measurements/2026-11-26-target-reader-history.md).
pub fn expand(z: &[f64]) -> Vec<f64> {
    let n = z.len();
    let mut out = Vec::with_capacity(n + n * (n + 1) / 2);
    out.extend_from_slice(z);
    for i in 0..n {
        for j in i..n {
            out.push(z[i] * z[j]);
        }
    }
    out
}

fn expanded_len() -> usize {
    let n = FEATURES.len();
    n + n * (n + 1) / 2
}

/// A trained logistic model (format inside `tw-dice-set/1`, field `verifier`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verifier {
    /// The measurement names, as [`FEATURES`]; a file listing others is refused.
    pub features: Vec<String>,
    /// Standardisation: each feature's training mean and spread.
    pub mean: Vec<f64>,
    pub scale: Vec<f64>,
    /// One weight per input of [`expand`].
    pub weights: Vec<f64>,
    pub bias: f64,
    /// Probability at or above which a candidate is a die.
    pub threshold: f64,
    /// Where the training data came from (for the record).
    pub trained_on: String,
}

impl Verifier {
    /// Probability that measurements `x` are a die.
    pub fn probability(&self, x: &[f64]) -> f64 {
        let z: Vec<f64> = x
            .iter()
            .enumerate()
            .map(|(i, v)| (v - self.mean[i]) / self.scale[i])
            .collect();
        let s: f64 = self.bias
            + expand(&z)
                .iter()
                .zip(&self.weights)
                .map(|(a, w)| a * w)
                .sum::<f64>();
        1.0 / (1.0 + (-s).exp())
    }

    pub fn accepts(&self, x: &[f64]) -> bool {
        self.probability(x) >= self.threshold
    }

    /// On labelled measurements (`true`: a die): how many dice it accepts
    /// and how many phantoms it lets through.
    pub fn tally(&self, xs: &[Vec<f64>], ys: &[bool]) -> (usize, usize) {
        xs.iter()
            .zip(ys)
            .filter(|(x, _)| self.accepts(x))
            .fold(
                (0, 0),
                |(d, p), (_, y)| if *y { (d + 1, p) } else { (d, p + 1) },
            )
    }

    /// Checks the model fits [`FEATURES`]; the message names the field.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let n = FEATURES.len();
        if self.features != FEATURES {
            return Err((
                "verifier.features".into(),
                format!("must be {FEATURES:?} (this reader's measurements)"),
            ));
        }
        for (name, v, want) in [
            ("mean", &self.mean, n),
            ("scale", &self.scale, n),
            ("weights", &self.weights, expanded_len()),
        ] {
            if v.len() != want {
                return Err((
                    format!("verifier.{name}"),
                    format!("needs {want} numbers, has {}", v.len()),
                ));
            }
            if v.iter().any(|x| !x.is_finite()) {
                return Err((
                    format!("verifier.{name}"),
                    "holds a number that is not finite".into(),
                ));
            }
        }
        if self.scale.iter().any(|s| *s <= 0.0) {
            return Err(("verifier.scale".into(), "spreads must be positive".into()));
        }
        if !(0.0..1.0).contains(&self.threshold) {
            return Err((
                "verifier.threshold".into(),
                "must be a probability in [0, 1)".into(),
            ));
        }
        Ok(())
    }

    /// Fits the model to labelled measurements (`true`: a die), by
    /// gradient descent on the L2-regularised log loss. Dice are weighted
    /// up to the phantoms' count so the rarer class is not ignored. The
    /// threshold is then set so that `keep` of the training dice pass.
    pub fn train(xs: &[Vec<f64>], ys: &[bool], keep: f64, trained_on: &str) -> Option<Verifier> {
        let n = FEATURES.len();
        let pos = ys.iter().filter(|y| **y).count();
        let neg = ys.len() - pos;
        if pos == 0 || neg == 0 || xs.iter().any(|x| x.len() != n) {
            return None;
        }
        let mean: Vec<f64> = (0..n)
            .map(|j| xs.iter().map(|x| x[j]).sum::<f64>() / xs.len() as f64)
            .collect();
        let scale: Vec<f64> = (0..n)
            .map(|j| {
                let v = xs.iter().map(|x| (x[j] - mean[j]).powi(2)).sum::<f64>() / xs.len() as f64;
                v.sqrt().max(1e-6)
            })
            .collect();
        let z: Vec<Vec<f64>> = xs
            .iter()
            .map(|x| {
                expand(
                    &(0..n)
                        .map(|j| (x[j] - mean[j]) / scale[j])
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        let n = expanded_len();
        let wpos = neg as f64 / pos as f64;
        let (mut w, mut b) = (vec![0.0; n], 0.0);
        let lambda = 1e-3;
        let total: f64 = ys.iter().map(|y| if *y { wpos } else { 1.0 }).sum();
        for _ in 0..4000 {
            let (mut gw, mut gb) = (vec![0.0; n], 0.0);
            for (x, y) in z.iter().zip(ys) {
                let s = b + (0..n).map(|j| w[j] * x[j]).sum::<f64>();
                let p = 1.0 / (1.0 + (-s).exp());
                let (t, k) = if *y { (1.0, wpos) } else { (0.0, 1.0) };
                let e = k * (p - t);
                for j in 0..n {
                    gw[j] += e * x[j];
                }
                gb += e;
            }
            for j in 0..n {
                w[j] -= RATE * (gw[j] / total + lambda * w[j]);
            }
            b -= RATE * gb / total;
        }
        let mut v = Verifier {
            features: FEATURES.iter().map(|s| s.to_string()).collect(),
            mean,
            scale,
            weights: w,
            bias: b,
            threshold: 0.5,
            trained_on: trained_on.into(),
        };
        let mut ps: Vec<f64> = xs
            .iter()
            .zip(ys)
            .filter(|(_, y)| **y)
            .map(|(x, _)| v.probability(x))
            .collect();
        ps.sort_by(|a, b| a.total_cmp(b));
        let drop = ((1.0 - keep) * ps.len() as f64).floor() as usize;
        v.threshold = ps[drop.min(ps.len() - 1)].min(0.999);
        Some(v)
    }
}

/// Gradient step of the training (on standardised inputs).
const RATE: f64 = 0.3;

#[cfg(test)]
mod tests {
    use super::*;

    fn lcg(seed: &mut u64) -> f64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Dice sit in a band of one measurement, phantoms on both sides of
    /// it: no straight boundary separates them, the products' curved one
    /// must, keeping the asked share of dice.
    #[test]
    fn training_learns_a_band_and_keeps_the_asked_share() {
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        let mut seed = 7u64;
        for i in 0..600 {
            let die = i % 3 == 0;
            let mut x: Vec<f64> = (0..FEATURES.len()).map(|_| lcg(&mut seed)).collect();
            x[4] = if die {
                0.4 + 0.2 * lcg(&mut seed)
            } else if i % 2 == 0 {
                0.3 * lcg(&mut seed)
            } else {
                0.7 + 0.3 * lcg(&mut seed)
            };
            xs.push(x);
            ys.push(die);
        }
        let v = Verifier::train(&xs, &ys, 0.99, "test").unwrap();
        assert!(v.validate().is_ok());
        let (kept, phantoms) = v.tally(&xs, &ys);
        assert!(kept >= 198, "kept {kept} of 200 dice");
        assert!(phantoms <= 4, "{phantoms} of 400 phantoms accepted");
    }

    #[test]
    fn a_model_for_other_measurements_is_refused() {
        let mut v =
            Verifier::train(&[vec![0.0; 10], vec![1.0; 10]], &[false, true], 1.0, "test").unwrap();
        v.features.pop();
        let (field, _) = v.validate().unwrap_err();
        assert_eq!(field, "verifier.features");
    }
}
