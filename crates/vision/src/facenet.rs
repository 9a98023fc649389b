//! A small learned classifier of d6 top faces: one square crop around a
//! candidate in, "no face" or the face 1–6 out, with its probability.
//!
//! The model file (`models/d6-faces/d6-faces.json`) is written by
//! `models/d6-faces/train.py`; this module crops and normalises exactly as
//! that script does and runs the same layers (three 3×3 convolutions with
//! ReLU and 2×2 max pooling, then two dense layers) in plain Rust, so no
//! learned-model runtime is needed. The crop side and the layer widths come
//! from the file: format `tw-d6-facenet/2` states them (`input.size`,
//! `widths`, `hidden`) and they are checked against the layers' shapes;
//! `tw-d6-facenet/1` files (no such fields) are still read.

use crate::error::{Result, VisionError};
use opencv::{
    core::{self, Mat, Rect, Size},
    imgproc,
    prelude::*,
};
use serde::Deserialize;
use std::path::Path;

mod kernels;

/// The model as shipped, embedded at build time.
const SHIPPED: &str = include_str!("../../../models/d6-faces/d6-faces.json");

/// The format written now: states its layer widths.
const FORMAT: &str = "tw-d6-facenet/2";
/// The first format (widths only in the layer shapes), still read.
const FORMAT_1: &str = "tw-d6-facenet/1";

/// An environment variable that may name a model file to read with instead
/// of the built-in one: for measuring a newly trained model without a
/// rebuild (models/d6-faces/README.md).
pub const MODEL_ENV: &str = "TW_D6_FACENET";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InputDoc {
    size: usize,
    context: f32,
    #[allow(dead_code)]
    channels: String,
    #[allow(dead_code)]
    normalise: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayerDoc {
    kind: String,
    shape: Vec<usize>,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelDoc {
    format: String,
    input: InputDoc,
    classes: Vec<String>,
    /// Channels of the three convolutions (format 2).
    #[serde(default)]
    widths: Option<Vec<usize>>,
    /// Width of the hidden dense layer (format 2).
    #[serde(default)]
    hidden: Option<usize>,
    layers: Vec<LayerDoc>,
    #[allow(dead_code)]
    trained_on: serde_json::Value,
    #[allow(dead_code)]
    figures: serde_json::Value,
}

/// 3×3 convolution (same padding), weights [ky][kx][in][out].
struct Conv {
    cin: usize,
    cout: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

/// Dense layer, weights [in][out].
struct Dense {
    nin: usize,
    nout: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

/// The loaded classifier.
pub struct FaceNet {
    size: usize,
    context: f32,
    classes: Vec<String>,
    convs: Vec<Conv>,
    dense: Vec<Dense>,
}

/// What the classifier says of one crop.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceGuess {
    /// 0 = no die's top face, 1–6 = the face.
    pub face: u8,
    /// Probability of that answer.
    pub probability: f32,
    /// Probability that the crop holds a top face at all.
    pub die: f32,
    /// Probability of each class: none, 1, …, 6.
    pub probs: [f32; 7],
    /// The last hidden layer (after ReLU): what the crop looks like to the
    /// model.
    pub features: Vec<f32>,
    /// The crop's appearance, the same whichever way the die is turned
    /// ([`appearance`]); enrolled faces are matched on it (see
    /// [`crate::faceset`]).
    pub appearance: Vec<f32>,
}

/// [`FaceNet::classify_turned`] turns a crop only where its first view
/// gives a die at least this probability (most proposals are plainly none).
const TURN_MIN_DIE: f32 = 0.2;

/// Rings and harmonics of [`appearance`].
const RINGS: usize = 6;
const HARMONICS: usize = 7;
const RING_SAMPLES: usize = 32;
/// Name of the appearance description, stored in enrolled sets.
pub const APPEARANCE: &str = "tw-d6-appearance/1";

/// A description of a normalised crop that no in-plane turn of the die
/// changes: the gray level sampled on rings round the crop's centre, each
/// ring by the magnitudes of its first angular harmonics (a turn only
/// shifts a ring's phase), then the mean colour of the face's middle and of
/// its outer ring (a white party die and a black dungeon die differ there).
pub fn appearance(input: &[f32], size: usize, context: f32) -> Vec<f32> {
    let at = |x: f32, y: f32, c: usize| -> f32 {
        let x = x.clamp(0.0, size as f32 - 1.0);
        let y = y.clamp(0.0, size as f32 - 1.0);
        let (x0, y0) = (x.floor() as usize, y.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(size - 1), (y0 + 1).min(size - 1));
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let v = |xx: usize, yy: usize| input[(yy * size + xx) * 3 + c];
        (v(x0, y0) * (1.0 - fx) + v(x1, y0) * fx) * (1.0 - fy)
            + (v(x0, y1) * (1.0 - fx) + v(x1, y1) * fx) * fy
    };
    let gray = |x: f32, y: f32| (at(x, y, 0) + at(x, y, 1) + at(x, y, 2)) / 3.0;
    let centre = (size as f32 - 1.0) / 2.0;
    let face_radius = size as f32 / (2.0 * context);
    let mut out = Vec::with_capacity(RINGS * HARMONICS + 6);
    for ring in 0..RINGS {
        let r = (ring as f32 + 0.5) / RINGS as f32 * face_radius;
        let samples: Vec<f32> = (0..RING_SAMPLES)
            .map(|j| {
                let t = j as f32 / RING_SAMPLES as f32 * std::f32::consts::TAU;
                gray(centre + r * t.cos(), centre + r * t.sin())
            })
            .collect();
        for k in 0..HARMONICS {
            let (mut re, mut im) = (0.0f32, 0.0f32);
            for (j, v) in samples.iter().enumerate() {
                let t = (k * j) as f32 / RING_SAMPLES as f32 * std::f32::consts::TAU;
                re += v * t.cos();
                im -= v * t.sin();
            }
            out.push((re * re + im * im).sqrt() / RING_SAMPLES as f32);
        }
    }
    for (lo, hi) in [(0.0, 0.4), (0.65, 1.0)] {
        let mut sum = [0f32; 3];
        let mut n = 0;
        for y in 0..size {
            for x in 0..size {
                let d = ((x as f32 - centre).powi(2) + (y as f32 - centre).powi(2)).sqrt()
                    / face_radius;
                if d >= lo && d < hi {
                    for (c, s) in sum.iter_mut().enumerate() {
                        *s += input[(y * size + x) * 3 + c];
                    }
                    n += 1;
                }
            }
        }
        out.extend(sum.iter().map(|s| s / n.max(1) as f32));
    }
    out
}

fn bad(name: &str, reason: String) -> VisionError {
    VisionError::Config {
        name: name.to_string(),
        reason,
    }
}

impl FaceNet {
    /// The shipped model.
    pub fn shipped() -> Result<FaceNet> {
        FaceNet::parse("models/d6-faces/d6-faces.json (built in)", SHIPPED)
    }

    /// The model the reader uses: the file named by [`MODEL_ENV`] where that
    /// is set, else the shipped one.
    pub fn in_use() -> Result<FaceNet> {
        match std::env::var_os(MODEL_ENV) {
            Some(path) if !path.is_empty() => FaceNet::load(Path::new(&path)),
            _ => FaceNet::shipped(),
        }
    }

    /// A model file written by the training script.
    pub fn load(path: &Path) -> Result<FaceNet> {
        let text = std::fs::read_to_string(path).map_err(|error| VisionError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        FaceNet::parse(&path.display().to_string(), &text)
    }

    /// Parse and check a model document; `name` names it in errors.
    pub fn parse(name: &str, text: &str) -> Result<FaceNet> {
        let doc: ModelDoc = serde_json::from_str(text).map_err(|e| bad(name, e.to_string()))?;
        if doc.format != FORMAT && doc.format != FORMAT_1 {
            return Err(bad(
                name,
                format!(
                    "format is {:?}, expected {FORMAT:?} (or {FORMAT_1:?})",
                    doc.format
                ),
            ));
        }
        let stated = if doc.format == FORMAT {
            let widths = doc
                .widths
                .clone()
                .ok_or_else(|| bad(name, "widths is missing".into()))?;
            let hidden = doc
                .hidden
                .ok_or_else(|| bad(name, "hidden is missing".into()))?;
            if widths.len() != 3 || widths.iter().any(|w| !(1..=256).contains(w)) {
                return Err(bad(
                    name,
                    format!("widths {widths:?} is not three channel counts in 1..=256"),
                ));
            }
            if !(1..=1024).contains(&hidden) {
                return Err(bad(name, format!("hidden {hidden} is outside 1..=1024")));
            }
            Some((widths, hidden))
        } else {
            if doc.widths.is_some() || doc.hidden.is_some() {
                return Err(bad(
                    name,
                    format!("widths and hidden belong to {FORMAT:?}, not {FORMAT_1:?}"),
                ));
            }
            None
        };
        let size = doc.input.size;
        if !(8..=128).contains(&size) || !size.is_multiple_of(8) {
            return Err(bad(
                name,
                format!("input.size {size} is not a multiple of 8 in 8..=128"),
            ));
        }
        if !(doc.input.context.is_finite() && (1.0..=3.0).contains(&doc.input.context)) {
            return Err(bad(
                name,
                format!("input.context {} is outside 1..=3", doc.input.context),
            ));
        }
        if doc.classes.len() != 7 || doc.classes[0] != "none" {
            return Err(bad(name, "classes must be none, 1, 2, 3, 4, 5, 6".into()));
        }
        if doc.layers.len() != 5 {
            return Err(bad(
                name,
                format!(
                    "layers: {} found, expected 3 conv3x3 then 2 dense",
                    doc.layers.len()
                ),
            ));
        }
        let mut convs = Vec::new();
        let mut dense = Vec::new();
        let mut channels = 3;
        let mut features = 0;
        for (i, l) in doc.layers.into_iter().enumerate() {
            let field = format!("layers[{i}]");
            let expected_kind = if i < 3 { "conv3x3" } else { "dense" };
            if l.kind != expected_kind {
                return Err(bad(
                    name,
                    format!("{field}.kind is {:?}, expected {expected_kind:?}", l.kind),
                ));
            }
            let n: usize = l.shape.iter().product();
            if l.weights.len() != n || l.weights.iter().chain(&l.bias).any(|v| !v.is_finite()) {
                return Err(bad(
                    name,
                    format!(
                        "{field}.weights: {} values for shape {:?}, or not all finite",
                        l.weights.len(),
                        l.shape
                    ),
                ));
            }
            if i < 3 {
                if l.shape.len() != 4
                    || l.shape[0] != 3
                    || l.shape[1] != 3
                    || l.shape[2] != channels
                {
                    return Err(bad(
                        name,
                        format!("{field}.shape {:?} is not [3, 3, {channels}, out]", l.shape),
                    ));
                }
                let cout = l.shape[3];
                if let Some((widths, _)) = &stated {
                    if widths[i] != cout {
                        return Err(bad(
                            name,
                            format!(
                                "widths[{i}] is {} but {field} has {cout} channels",
                                widths[i]
                            ),
                        ));
                    }
                }
                if l.bias.len() != cout {
                    return Err(bad(
                        name,
                        format!("{field}.bias has {} values, expected {cout}", l.bias.len()),
                    ));
                }
                convs.push(Conv {
                    cin: channels,
                    cout,
                    w: l.weights,
                    b: l.bias,
                });
                channels = cout;
                features = (size / 8) * (size / 8) * channels;
            } else {
                let want_out = if i == 4 {
                    7
                } else {
                    l.shape.get(1).copied().unwrap_or(0)
                };
                if l.shape.len() != 2
                    || l.shape[0] != features
                    || l.shape[1] != want_out
                    || want_out == 0
                {
                    return Err(bad(
                        name,
                        format!(
                            "{field}.shape {:?} does not follow [{features}, out]",
                            l.shape
                        ),
                    ));
                }
                if l.bias.len() != l.shape[1] {
                    return Err(bad(
                        name,
                        format!(
                            "{field}.bias has {} values, expected {}",
                            l.bias.len(),
                            l.shape[1]
                        ),
                    ));
                }
                if let Some((_, hidden)) = &stated {
                    if i == 3 && l.shape[1] != *hidden {
                        return Err(bad(
                            name,
                            format!("hidden is {hidden} but {field} has {} outputs", l.shape[1]),
                        ));
                    }
                }
                dense.push(Dense {
                    nin: l.shape[0],
                    nout: l.shape[1],
                    w: l.weights,
                    b: l.bias,
                });
                features = l.shape[1];
            }
        }
        Ok(FaceNet {
            size,
            context: doc.input.context,
            classes: doc.classes,
            convs,
            dense,
        })
    }

    /// Side of the square crop the model reads, pixels.
    pub fn input_size(&self) -> usize {
        self.size
    }

    /// Length of the last hidden layer (the descriptor enrolled sets use).
    pub fn hidden_len(&self) -> usize {
        self.dense.last().map_or(0, |d| d.nin)
    }

    /// The face label of a class index (0 = none).
    pub fn class_name(&self, class: u8) -> &str {
        &self.classes[class as usize]
    }

    /// Classify the square of side `side` px centred at `center` in a BGR
    /// frame (widened by the model's context, edges replicated).
    pub fn classify(&self, frame: &Mat, center: [f32; 2], side: f32) -> Result<FaceGuess> {
        let input = self.crop(frame, center, side)?;
        let look = appearance(&input, self.size, self.context);
        let mut guess = self.run(input);
        guess.appearance = look;
        Ok(guess)
    }

    /// [`FaceNet::classify`], the class probabilities averaged (as a
    /// geometric mean) over the crop and its quarter turns. A turn of the
    /// 24-pixel input is exact (no resampling), and a die's face is the same
    /// face whichever way it lies, so where one view is misread the others
    /// mostly outvote it; the measured gain is in
    /// `docs/measurements/2026-11-26-d6-reader-2.md`. `features` and
    /// `appearance` are those of the crop as it lies.
    pub fn classify_turned(&self, frame: &Mat, center: [f32; 2], side: f32) -> Result<FaceGuess> {
        self.turned(frame, center, side, true)
    }

    /// [`FaceNet::classify_turned`] without the crop's `appearance` (left
    /// empty): only an enrolled set reads it, and it costs a few percent of
    /// a read.
    pub fn classify_turned_bare(
        &self,
        frame: &Mat,
        center: [f32; 2],
        side: f32,
    ) -> Result<FaceGuess> {
        self.turned(frame, center, side, false)
    }

    fn turned(
        &self,
        frame: &Mat,
        center: [f32; 2],
        side: f32,
        describe: bool,
    ) -> Result<FaceGuess> {
        let input = self.crop(frame, center, side)?;
        let look = if describe {
            appearance(&input, self.size, self.context)
        } else {
            Vec::new()
        };
        let n = self.size;
        let mut log_sum = [0f32; 7];
        let mut first = None;
        let mut view = input;
        for turn in 0..4 {
            if turn == 1
                && first
                    .as_ref()
                    .is_some_and(|g: &FaceGuess| g.die < TURN_MIN_DIE)
            {
                // Plainly no die as it lies: the turns would not change that.
                let mut guess = first.expect("checked above");
                guess.appearance = look;
                return Ok(guess);
            }
            if turn > 0 {
                view = quarter_turn(&view, n);
            }
            let guess = self.run(view.clone());
            for (acc, p) in log_sum.iter_mut().zip(guess.probs) {
                *acc += p.max(1e-6).ln();
            }
            if first.is_none() {
                first = Some(guess);
            }
        }
        let mut guess = first.expect("four turns were run");
        let max = log_sum.iter().cloned().fold(f32::MIN, f32::max);
        let exp: Vec<f32> = log_sum.iter().map(|v| ((v - max) / 4.0).exp()).collect();
        let total: f32 = exp.iter().sum();
        for (p, e) in guess.probs.iter_mut().zip(&exp) {
            *p = e / total;
        }
        let (best, &prob) = guess
            .probs
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap_or((0, &0.0));
        guess.face = best as u8;
        guess.probability = prob;
        guess.die = 1.0 - guess.probs[0];
        guess.appearance = look;
        Ok(guess)
    }

    /// The normalised input the model sees: size × size × 3 (BGR), row-major.
    pub fn crop(&self, frame: &Mat, center: [f32; 2], side: f32) -> Result<Vec<f32>> {
        crop_normalised(frame, center, side, self.size, self.context)
    }

    /// Run the layers on a normalised input.
    pub fn run(&self, mut x: Vec<f32>) -> FaceGuess {
        let mut side = self.size;
        for conv in &self.convs {
            x = kernels::conv3x3_relu(&x, side, conv);
            x = maxpool2(&x, side, conv.cout);
            side /= 2;
        }
        let mut features = Vec::new();
        for (i, d) in self.dense.iter().enumerate() {
            if i + 1 == self.dense.len() {
                features = x.clone();
            }
            let mut y = d.b.clone();
            for (k, &v) in x.iter().enumerate().take(d.nin) {
                if v != 0.0 {
                    let row = &d.w[k * d.nout..(k + 1) * d.nout];
                    for (o, wv) in y.iter_mut().zip(row) {
                        *o += v * wv;
                    }
                }
            }
            if i + 1 < self.dense.len() {
                y.iter_mut().for_each(|v| *v = v.max(0.0));
            }
            x = y;
        }
        let max = x.iter().cloned().fold(f32::MIN, f32::max);
        let exp: Vec<f32> = x.iter().map(|v| (v - max).exp()).collect();
        let total: f32 = exp.iter().sum();
        let mut probs = [0f32; 7];
        for (p, e) in probs.iter_mut().zip(&exp) {
            *p = e / total;
        }
        let (best, &prob) = probs
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .unwrap_or((0, &0.0));
        FaceGuess {
            face: best as u8,
            probability: prob,
            die: 1.0 - probs[0],
            probs,
            features,
            appearance: Vec::new(),
        }
    }
}

/// The square of `side` px centred at `center` in a BGR frame, widened by
/// `context` (edges replicated), resized to `size` × `size` with area
/// interpolation and normalised by its own mean and spread (spread floored
/// at 8 levels): `crop` then `normalise` of models/d6-faces/train.py.
pub fn crop_normalised(
    frame: &Mat,
    center: [f32; 2],
    side: f32,
    size: usize,
    context: f32,
) -> Result<Vec<f32>> {
    if frame.channels() != 3 || frame.depth() != core::CV_8U || frame.empty() {
        return Err(VisionError::BadFrame(
            "the face classifier needs an 8-bit BGR frame".into(),
        ));
    }
    if !(side.is_finite() && center.iter().all(|v| v.is_finite())) {
        return Err(VisionError::BadFrame(
            "crop centre or side is not finite".into(),
        ));
    }
    let (w, h) = (frame.cols(), frame.rows());
    // Rounded half to even, as Python's round() in train.py.
    let s = ((side * context).round_ties_even() as i32).clamp(2, 4 * w.max(h));
    let x0 = (center[0] - s as f32 / 2.0).round_ties_even() as i32;
    let y0 = (center[1] - s as f32 / 2.0).round_ties_even() as i32;
    let pad = 0.max(-x0).max(-y0).max(x0 + s - w).max(y0 + s - h);
    let mut small = Mat::default();
    let to_input = Size::new(size as i32, size as i32);
    if pad > 0 {
        // Only the part of the frame the crop reaches is padded.
        let cx0 = x0.max(0).min(w - 1);
        let cy0 = y0.max(0).min(h - 1);
        let cx1 = (x0 + s).min(w).max(cx0 + 1);
        let cy1 = (y0 + s).min(h).max(cy0 + 1);
        let part = Mat::roi(frame, Rect::new(cx0, cy0, cx1 - cx0, cy1 - cy0))?;
        let mut padded = Mat::default();
        core::copy_make_border(
            &part,
            &mut padded,
            cy0 - y0,
            (y0 + s) - cy1,
            cx0 - x0,
            (x0 + s) - cx1,
            core::BORDER_REPLICATE,
            core::Scalar::default(),
        )?;
        imgproc::resize(&padded, &mut small, to_input, 0.0, 0.0, imgproc::INTER_AREA)?;
    } else {
        // Resized straight from the frame: no copy of the crop first.
        let part = Mat::roi(frame, Rect::new(x0, y0, s, s))?;
        imgproc::resize(&part, &mut small, to_input, 0.0, 0.0, imgproc::INTER_AREA)?;
    }
    let bytes = small.data_bytes()?;
    let n = bytes.len() as f32;
    let mean = bytes.iter().map(|&b| b as f32).sum::<f32>() / n;
    let var = bytes
        .iter()
        .map(|&b| (b as f32 - mean).powi(2))
        .sum::<f32>()
        / n;
    let sd = var.sqrt().max(8.0);
    Ok(bytes.iter().map(|&b| (b as f32 - mean) / sd).collect())
}

/// A normalised n × n × 3 input turned a quarter turn clockwise.
fn quarter_turn(x: &[f32], n: usize) -> Vec<f32> {
    let mut out = vec![0f32; x.len()];
    for y in 0..n {
        for xx in 0..n {
            // Output (xx, y) takes input (y, n-1-xx).
            let src = ((n - 1 - xx) * n + y) * 3;
            let dst = (y * n + xx) * 3;
            out[dst..dst + 3].copy_from_slice(&x[src..src + 3]);
        }
    }
    out
}

fn maxpool2(x: &[f32], side: usize, ch: usize) -> Vec<f32> {
    let half = side / 2;
    let mut out = vec![f32::MIN; half * half * ch];
    for y in 0..half * 2 {
        for xx in 0..half * 2 {
            let src = &x[(y * side + xx) * ch..][..ch];
            let dst = &mut out[((y / 2) * half + xx / 2) * ch..][..ch];
            for (d, s) in dst.iter_mut().zip(src) {
                *d = d.max(*s);
            }
        }
    }
    out
}
