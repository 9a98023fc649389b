//! Six-sided dice whose faces are art, not pips (Dungeon Roll's party and
//! dungeon dice, Pocket Dungeon Quest's attack die): found and read by what
//! an enrolment learned from labelled photos of the set itself.
//!
//! Nothing here rests on pips. Two parts, both learned by
//! [`ArtEnrolment`] and kept in the set file (`art` in
//! `models/dice-sets/README.md`):
//!
//! - **Finding.** The frame is scanned at the sizes the enrolled faces had.
//!   At each size the gray image is shrunk so a top face spans [`CELL`]
//!   pixels, and every position is described by how its centre, the face
//!   and the ring around it differ from the surroundings (mean, spread and
//!   edge strength in nested squares, each relative to the outermost
//!   square): a die's top holds a glyph, is bounded by its rounded edges,
//!   and is ringed by its sides and shadow, whatever colour the table has.
//!   A small network trained at enrolment (the labelled tops against the
//!   rest of the photos) scores each position; local peaks are dice, one
//!   per place across sizes.
//! - **Reading.** Each die's face is turned upright by the die's own edges
//!   (the dominant edge direction around the face, modulo a quarter turn)
//!   and sampled on a polar grid reaching just inside the face, so a turn
//!   of the die is a cyclic shift of the grid. It is matched by normalised
//!   correlation to the face prototypes (several per face: the enrolled
//!   examples clustered after turning them onto each other), over the four
//!   quarter turns, a few small turns, shifts and sizes. A die whose best
//!   face is not clearly better than the next, or that matches its face
//!   less well than that face's own examples did, is read with low
//!   confidence, so the player is asked.
//! - **Bodies.** A set whose faces sit on a dark and a light die (Dungeon
//!   Roll) reads each die only against its own body's faces ([`body`]).

use crate::color::{ColorTable, Hsv};
use crate::error::{Result, VisionError};
use crate::eval::LabelBox;
use crate::gray::GrayImage;
use crate::reader::Die;
use opencv::{
    boxed_ref::BoxedRef,
    core::{Mat, Size},
    imgproc,
    prelude::*,
};
use serde::{Deserialize, Serialize};
use std::time::Instant;

mod area;
mod atsize;
mod board;
mod body;
mod busy;
mod clash;
mod matching;
mod offsize;
mod refind;
mod sample;
mod scan;
mod size;
use sample::{polar, polars};
pub mod top;
pub use body::Bodies;
pub use top::{fit_top, TopFace};

/// The descriptor an `art` section's prototypes are in.
pub const ART_DESCRIPTOR: &str =
    "tw-art-polar/1 rings 8 angles 36 reach 0.42 finder 10/23/24 gated";
/// Polar grid: rings, angles, and how far out it reaches (fraction of the
/// face side; 0.5 would touch the middle of each edge).
const RINGS: usize = 8;
const ANGLES: usize = 36;
const REACH: f32 = 0.42;
const DIM: usize = RINGS * ANGLES;
/// Top-face box side, in pixels of the shrunk image the finder scans.
pub const CELL: f32 = 10.0;
/// Half-sides of the nested squares (shrunk pixels); the face is ±5, the
/// last square takes in its sides and shadow.
const SQUARES: [i32; 6] = [1, 2, 3, 4, 5, 7];
/// The wider context square: the neighbourhood a die lies in.
const CONTEXT: i32 = 10;
/// Finder features: per inner square (5) mean, spread and edge, the same
/// for the face's rim band (4..5), the ring outside it (5..7) and the
/// context ring (7..10), and the outer square's spread and edge.
pub const FEATURES: usize = 5 * 3 + 3 + 3 + 3 + 2;
/// Hidden units of the finder's network.
const HIDDEN: usize = 24;
/// Scan step in shrunk pixels (a quarter of a face).
const STRIDE: usize = 2;
/// Ratio between scanned sizes.
const SIZE_STEP: f32 = 1.19;
/// The finder's score a peak must reach to be a die.
const FIND_PROBABILITY: f32 = 0.5;
/// Two finds nearer than this many face sides are the same die.
const SAME_DIE: f32 = 0.6;
/// When a frame is read, vertical distances between finds count this many
/// times over in telling finds of one die apart: a tilted camera shows a
/// die's side face hanging about 0.7 face sides below its top, and a surer
/// find on that side face must not swallow the top's find (which is read
/// too, and the side face then dropped; see `artface/clash.rs`).
const FIND_VERTICAL: f32 = 1.6;
/// A find at least this many times larger than another at its place holds it.
const HOLDS: f32 = 2.0;
/// Finds at least this sure fix the frame's die size...
const SURE_FIND: f32 = 0.8;
/// ...and finds more than this factor off it are dropped (perspective
/// makes near dice larger than far ones).
const SIZE_BAND: f32 = 1.6;
/// How sharply similarity gaps become probabilities.
const SHARPNESS: f32 = 40.0;
/// A die matching its face this much below the face's own least example is
/// not trusted...
const SLACK: f32 = 0.05;
/// ...and one matching every face worse than this below every face's least
/// example is no die of the set at all.
const REJECT: f32 = 0.2;
/// Readings at least this sure (and as like their face as its enrolled
/// examples) fix the frame's face size and foreshortening...
const SURE_READING: f32 = 0.8;
/// ...and a die read at a size off theirs by more than this factor is read
/// again from theirs.
const OFF_SIZE: f32 = 1.15;
/// The fitted face size is held within the sure readings' span of sides
/// widened by this factor either way (perspective across the frame).
const SPAN_WIDEN: f32 = 1.25;
/// Finds (the surest) read freely to fix the frame's face size...
const FIT_FROM: usize = 8;
/// ...in at most this many rounds while fewer than [`FIT_SURE`] of them are
/// read surely (board squares or shadows can be the surest finds)...
const FIT_ROUNDS: usize = 3;
/// ...after which the next likeliest die size is tried, the frame read at
/// the size whose finds gave the most sure readings.
const FIT_SURE: usize = 2;
/// Die sizes tried at most (see `artface/size.rs`).
const SIZE_TRIES: usize = 3;
/// Two dice read nearer than this many face sides on the table (the
/// image's vertical unsquashed) are one die and a side face of it.
const SAME_TABLE_PLACE: f32 = 0.7;
/// Faces (the likeliest) that each climb to their own pose in the second reading.
const CONTENDERS: usize = 3;
/// Any further face whose best grid similarity is within this of the
/// likeliest's also climbs: the grid's poses are coarse, and the true face
/// can rank fourth there and first after its climb
/// (`docs/measurements/2026-11-27-art-rivals.md`).
const RIVAL_MARGIN: f32 = 0.1;
/// A board's lines are looked for along the strongest edges within this
/// many face sides' box around a reading (0.5–1.6 sides out).
const BOARD_REACH: f32 = 2.5;
/// Readings put to the player get at most this confidence.
const ASKED: f32 = 0.3;
/// Once the face size is fitted, peaks within this factor of it (a scan
/// step and a half either way) are looked at again where no reading lies
/// (`artface/refind.rs`)...
const REFIND_BAND: f32 = 1.3;
/// ...no reading lying within this many fitted sides of them on the table
/// (half a face: a peak nearer lies on that reading's own face).
const REFIND_REACH: f32 = 0.5;

fn bad(name: &str, reason: String) -> VisionError {
    VisionError::Config {
        name: name.to_string(),
        reason,
    }
}

/// The finder: a one-hidden-layer network over standardised features.
/// (`Default` is the empty finder that tests of the matching stage use.)
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finder {
    /// Feature means and spreads (z = (x − mean) / scale).
    pub mean: Vec<f32>,
    pub scale: Vec<f32>,
    /// HIDDEN × FEATURES weights, row by row, then HIDDEN biases.
    pub w1: Vec<f32>,
    pub b1: Vec<f32>,
    /// HIDDEN output weights and the output bias.
    pub w2: Vec<f32>,
    pub b2: f32,
    /// A linear first look (one weight per standardised feature, then a
    /// bias): positions scoring below `gate_min` are no die without running
    /// the network. `gate_min` keeps 99.5 % of the enrolment's tops.
    pub gate: Vec<f32>,
    pub gate_min: f32,
}

impl Finder {
    /// The probability of a die at one position: the reference that the
    /// finder's scan ([`scan`]) reproduces bit for bit, eight at a time.
    #[cfg_attr(not(test), allow(dead_code))]
    fn probability(&self, x: &[f32; FEATURES]) -> f32 {
        let mut z = [0f32; FEATURES];
        for k in 0..FEATURES {
            z[k] = (x[k] - self.mean[k]) / self.scale[k];
        }
        let g = self.gate[FEATURES]
            + self.gate[..FEATURES]
                .iter()
                .zip(&z)
                .map(|(w, v)| w * v)
                .sum::<f32>();
        if g < self.gate_min {
            return 0.0;
        }
        let mut out = self.b2;
        for j in 0..HIDDEN {
            let row = &self.w1[j * FEATURES..(j + 1) * FEATURES];
            let a = self.b1[j] + row.iter().zip(&z).map(|(w, v)| w * v).sum::<f32>();
            if a > 0.0 {
                out += self.w2[j] * a;
            }
        }
        sigmoid(out)
    }

    fn validate(&self, name: &str) -> Result<()> {
        let check = |field: &str, v: &[f32], n: usize| {
            if v.len() != n || v.iter().any(|x| !x.is_finite()) {
                Err(bad(
                    name,
                    format!("art.finder.{field} must hold {n} finite numbers"),
                ))
            } else {
                Ok(())
            }
        };
        check("mean", &self.mean, FEATURES)?;
        check("scale", &self.scale, FEATURES)?;
        check("w1", &self.w1, HIDDEN * FEATURES)?;
        check("b1", &self.b1, HIDDEN)?;
        check("w2", &self.w2, HIDDEN)?;
        check("gate", &self.gate, FEATURES + 1)?;
        if !self.gate_min.is_finite() {
            return Err(bad(name, "art.finder.gate_min must be finite".into()));
        }
        if self.scale.iter().any(|s| *s <= 0.0) {
            return Err(bad(name, "art.finder.scale must be positive".into()));
        }
        if !self.b2.is_finite() {
            return Err(bad(name, "art.finder.b2 must be finite".into()));
        }
        Ok(())
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// One prototype of one face.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtPrototype {
    pub face: String,
    /// Examples averaged.
    pub samples: usize,
    /// Unit-length, zero-mean polar description (rings × angles, ring by ring).
    pub polar: Vec<f32>,
}

/// What a set of art dice is found and read by.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArtModel {
    /// Always [`ART_DESCRIPTOR`].
    pub descriptor: String,
    /// Top-face box sides the finder scans, pixels (smallest, largest).
    pub sizes_px: [f32; 2],
    pub finder: Finder,
    /// Several per face.
    pub prototypes: Vec<ArtPrototype>,
    /// Per face (in the order of first appearance in `prototypes`): the
    /// lowest similarity one of its own examples had to its prototypes.
    pub min_similarity: Vec<(String, f32)>,
    /// Faces split by body brightness (dark and light dice), when the
    /// enrolled faces fall into two such groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bodies: Option<Bodies>,
}

impl ArtModel {
    /// Field-by-field checks, each error naming the field.
    pub fn validate(&self, name: &str) -> Result<()> {
        if self.descriptor != ART_DESCRIPTOR {
            return Err(bad(
                name,
                format!("art.descriptor is {:?}, this reader makes {ART_DESCRIPTOR:?}: enrol the set again", self.descriptor),
            ));
        }
        let [lo, hi] = self.sizes_px;
        if !(lo.is_finite() && hi.is_finite() && 4.0 <= lo && lo <= hi && hi <= 4096.0) {
            return Err(bad(
                name,
                format!(
                    "art.sizes_px {:?} must be smallest ≤ largest within 4..4096",
                    self.sizes_px
                ),
            ));
        }
        self.finder.validate(name)?;
        if self.prototypes.is_empty() {
            return Err(bad(name, "art.prototypes is empty".into()));
        }
        for (i, p) in self.prototypes.iter().enumerate() {
            if p.polar.len() != DIM || p.polar.iter().any(|v| !v.is_finite()) {
                return Err(bad(
                    name,
                    format!("art.prototypes[{i}].polar must hold {DIM} finite numbers"),
                ));
            }
            if !self.min_similarity.iter().any(|(f, _)| *f == p.face) {
                return Err(bad(
                    name,
                    format!(
                        "art.prototypes[{i}].face {:?} has no art.min_similarity",
                        p.face
                    ),
                ));
            }
        }
        for (i, (f, s)) in self.min_similarity.iter().enumerate() {
            if !(s.is_finite() && (-1.0..=1.0).contains(s)) {
                return Err(bad(
                    name,
                    format!("art.min_similarity[{i}] ({f:?}) {s} is outside -1..=1"),
                ));
            }
        }
        let faces = self.face_names();
        if faces.len() < 2 {
            return Err(bad(
                name,
                format!(
                    "art.prototypes: {} face(s), a die needs at least 2",
                    faces.len()
                ),
            ));
        }
        if let Some(b) = &self.bodies {
            b.validate(name, &faces)?;
        }
        Ok(())
    }

    /// Which faces may compete for a die at `pose` (all, unless the set's
    /// bodies say which group the die is of).
    fn allowed(&self, prep: &Prepared, faces: &[String], pose: &Pose) -> Vec<bool> {
        match &self.bodies {
            Some(b) => b.mask(faces, body::brightness(prep, pose)),
            None => vec![true; faces.len()],
        }
    }

    fn face_names(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for p in &self.prototypes {
            if !out.contains(&p.face) {
                out.push(p.face.clone());
            }
        }
        out
    }

    /// [`ArtModel::least`] of each of `faces`.
    fn leasts(&self, faces: &[String]) -> Vec<f32> {
        faces.iter().map(|f| self.least(f)).collect()
    }

    fn least(&self, face: &str) -> f32 {
        self.min_similarity
            .iter()
            .find(|(f, _)| f == face)
            .map_or(1.0, |(_, s)| *s)
    }
}

// ---------------------------------------------------------------- images

/// A float gray image.
#[derive(Clone)]
struct Plane {
    w: usize,
    h: usize,
    v: Vec<f32>,
}

impl Plane {
    fn from_gray(g: &GrayImage) -> Plane {
        let mut v = spare_buffer();
        v.extend(g.data.iter().map(|&x| x as f32));
        Plane {
            w: g.width,
            h: g.height,
            v,
        }
    }

    /// Bilinear sample; points outside are clamped to the border.
    #[inline]
    fn at(&self, x: f32, y: f32) -> f32 {
        let x = x.clamp(0.0, (self.w - 1) as f32);
        let y = y.clamp(0.0, (self.h - 1) as f32);
        let (x0, y0) = (x as usize, y as usize);
        let (x1, y1) = ((x0 + 1).min(self.w - 1), (y0 + 1).min(self.h - 1));
        let (fx, fy) = (x - x0 as f32, y - y0 as f32);
        let r0 = self.v[y0 * self.w + x0] * (1.0 - fx) + self.v[y0 * self.w + x1] * fx;
        let r1 = self.v[y1 * self.w + x0] * (1.0 - fx) + self.v[y1 * self.w + x1] * fx;
        r0 * (1.0 - fy) + r1 * fy
    }
}

thread_local! {
    /// Pyramid buffers of this thread's dropped [`Prepared`]s: a frame's
    /// pyramid is 5 MB, and fresh pages cost a fault each.
    static SPARE_PLANES: std::cell::RefCell<Vec<Vec<f32>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// An empty buffer, with the capacity of a spare one when there is one.
fn spare_buffer() -> Vec<f32> {
    let mut v = SPARE_PLANES.with(|s| s.borrow_mut().pop()).unwrap_or_default();
    v.clear();
    v
}

impl Drop for Prepared {
    fn drop(&mut self) {
        SPARE_PLANES.with(|s| {
            let mut spare = s.borrow_mut();
            for p in self.pyramid.drain(..) {
                if spare.len() < 8 {
                    spare.push(p.v);
                }
            }
            // Largest last: the next frame's first (largest) plane takes it.
            spare.sort_by_key(|v| v.capacity());
        });
    }
}

/// Halve a plane (2×2 means).
fn half(p: &Plane) -> Plane {
    let (w, h) = ((p.w / 2).max(1), (p.h / 2).max(1));
    if p.w >= 2 && p.h >= 2 {
        // No neighbour is clamped: each output reads two whole rows'
        // consecutive pairs (the same sums in the same order, faster).
        let mut v = spare_buffer();
        for y in 0..h {
            let r0 = &p.v[2 * y * p.w..][..2 * w];
            let r1 = &p.v[(2 * y + 1) * p.w..][..2 * w];
            v.extend(
                r0.chunks_exact(2)
                    .zip(r1.chunks_exact(2))
                    .map(|(a, b)| 0.25 * (a[0] + a[1] + b[0] + b[1])),
            );
        }
        return Plane { w, h, v };
    }
    let mut v = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let (x0, y0) = ((2 * x).min(p.w - 1), (2 * y).min(p.h - 1));
            let (x1, y1) = ((x0 + 1).min(p.w - 1), (y0 + 1).min(p.h - 1));
            v[y * w + x] = 0.25
                * (p.v[y0 * p.w + x0]
                    + p.v[y0 * p.w + x1]
                    + p.v[y1 * p.w + x0]
                    + p.v[y1 * p.w + x1]);
        }
    }
    Plane { w, h, v }
}

/// A frame prepared for art dice: its gray image and a pyramid of halvings.
pub struct Prepared {
    gray: GrayImage,
    pyramid: Vec<Plane>,
    bgr: Vec<u8>,
}

impl Prepared {
    pub fn new(frame: &Mat) -> Result<Prepared> {
        let mut prep = Prepared::gray_only(frame)?;
        prep.bgr = if frame.is_continuous() {
            frame.data_bytes()?.to_vec()
        } else {
            frame.try_clone()?.data_bytes()?.to_vec()
        };
        Ok(prep)
    }

    /// [`Prepared::new`] without its copy of the colour frame (a
    /// frame-sized copy reading does not need: it looks up colours in the
    /// frame itself).
    fn gray_only(frame: &Mat) -> Result<Prepared> {
        if frame.channels() != 3 {
            return Err(VisionError::BadFrame(format!(
                "expected a 3-channel BGR frame, got {} channels",
                frame.channels()
            )));
        }
        let gray = GrayImage::from_mat(frame)?;
        let mut pyramid = vec![Plane::from_gray(&gray)];
        while pyramid.len() < 6 {
            let last = &pyramid[pyramid.len() - 1];
            if last.w < 16 || last.h < 16 {
                break;
            }
            let next = half(last);
            pyramid.push(next);
        }
        Ok(Prepared {
            gray,
            pyramid,
            bgr: Vec::new(),
        })
    }

    /// The pyramid level where a face of `side` pixels spans about 24–48
    /// pixels (or the finest), and its scale.
    fn level_for(&self, side: f32) -> (&Plane, f32) {
        let mut l = 0;
        while l + 1 < self.pyramid.len() && side / (1 << (l + 1)) as f32 >= 24.0 {
            l += 1;
        }
        (&self.pyramid[l], 1.0 / (1 << l) as f32)
    }
}

// ---------------------------------------------------------------- finding

/// Summed-area tables of a shrunk gray image: values, squares, edges.
struct Integrals {
    w: usize,
    h: usize,
    s: Vec<f64>,
    s2: Vec<f64>,
    g: Vec<f64>,
}

impl Integrals {
    fn new(img: &[u8], w: usize, h: usize) -> Integrals {
        let n = (w + 1) * (h + 1);
        let (mut s, mut s2, mut g) = (vec![0f64; n], vec![0f64; n], vec![0f64; n]);
        for y in 0..h {
            let (mut rs, mut rs2, mut rg) = (0f64, 0f64, 0f64);
            for x in 0..w {
                let v = img[y * w + x] as f64;
                let gx = img[y * w + (x + 1).min(w - 1)] as f64
                    - img[y * w + x.saturating_sub(1)] as f64;
                let gy = img[(y + 1).min(h - 1) * w + x] as f64
                    - img[y.saturating_sub(1) * w + x] as f64;
                rs += v;
                rs2 += v * v;
                rg += gx.abs() + gy.abs();
                let i = (y + 1) * (w + 1) + x + 1;
                s[i] = s[i - w - 1] + rs;
                s2[i] = s2[i - w - 1] + rs2;
                g[i] = g[i - w - 1] + rg;
            }
        }
        Integrals { w, h, s, s2, g }
    }

    /// Sums over the square of half-side `r` at (x, y), clipped to the image,
    /// and its pixel count.
    #[inline]
    fn square(&self, x: i32, y: i32, r: i32) -> [f64; 4] {
        let x0 = (x - r).clamp(0, self.w as i32) as usize;
        let x1 = (x + r + 1).clamp(0, self.w as i32) as usize;
        let y0 = (y - r).clamp(0, self.h as i32) as usize;
        let y1 = (y + r + 1).clamp(0, self.h as i32) as usize;
        let st = self.w + 1;
        let sum = |t: &[f64]| t[y1 * st + x1] - t[y0 * st + x1] - t[y1 * st + x0] + t[y0 * st + x0];
        [
            sum(&self.s),
            sum(&self.s2),
            sum(&self.g),
            ((x1 - x0) * (y1 - y0)) as f64,
        ]
    }
}

/// Mean, spread and edge strength of a sum (or a difference of two).
fn stats(q: [f64; 4]) -> (f64, f64, f64) {
    let n = q[3].max(1.0);
    let m = q[0] / n;
    let var = (q[1] / n - m * m).max(0.0);
    (m, var.sqrt(), q[2] / n)
}

fn diff(a: [f64; 4], b: [f64; 4]) -> [f64; 4] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]]
}

/// The finder's features at (x, y) of a shrunk image.
fn features(ii: &Integrals, x: i32, y: i32) -> [f32; FEATURES] {
    let q: [[f64; 4]; 6] = SQUARES.map(|r| ii.square(x, y, r));
    let wide = ii.square(x, y, CONTEXT);
    let (mo, so, go) = stats(q[5]);
    let norm = so + 4.0;
    let mut f = [0f32; FEATURES];
    let mut k = 0;
    let mut put = |(m, s, g): (f64, f64, f64), f: &mut [f32; FEATURES]| {
        f[k] = ((m - mo) / norm) as f32;
        f[k + 1] = (s / norm) as f32;
        f[k + 2] = (g / norm) as f32;
        k += 3;
    };
    for sq in q.iter().take(5) {
        put(stats(*sq), &mut f);
    }
    put(stats(diff(q[4], q[3])), &mut f);
    put(stats(diff(q[5], q[4])), &mut f);
    put(stats(diff(wide, q[5])), &mut f);
    f[FEATURES - 2] = (so + 1.0).ln() as f32;
    f[FEATURES - 1] = (go + 1.0).ln() as f32;
    f
}

/// A gray frame and its halvings (2×2 means), so each scanned size is
/// shrunk from the nearest larger halving rather than the whole frame.
/// Enrolment shrinks from the whole frame only ([`Levels::whole`]): the
/// finder learns from the exact area means, and reading from halvings
/// scores them alike (measured in docs/measurements/2026-11-26-d6-art-faces-2.md;
/// a finder trained on halvings came out worse on some sets).
struct Levels<'a> {
    width: usize,
    height: usize,
    /// The frame itself, its pixels borrowed (no frame-sized copy).
    frame: BoxedRef<'a, Mat>,
    /// Its halvings, largest first.
    halvings: Vec<Mat>,
}

impl<'a> Levels<'a> {
    /// The frame alone: every size shrunk from it.
    fn whole(gray: &'a GrayImage) -> Result<Levels<'a>> {
        Ok(Levels {
            width: gray.width,
            height: gray.height,
            frame: Mat::new_rows_cols_with_data(gray.height as i32, gray.width as i32, &gray.data)?,
            halvings: Vec::new(),
        })
    }

    fn new(gray: &'a GrayImage) -> Result<Levels<'a>> {
        let mut levels = Levels::whole(gray)?;
        loop {
            let (w, h) = match levels.halvings.last() {
                Some(last) => (last.cols() / 2, last.rows() / 2),
                None => (levels.frame.cols() / 2, levels.frame.rows() / 2),
            };
            if w < 32 || h < 32 {
                break;
            }
            let mut half = spare_mat(w, h);
            let size = Size::new(w, h);
            let area = imgproc::INTER_AREA;
            match levels.halvings.last() {
                Some(last) => imgproc::resize(last, &mut half, size, 0.0, 0.0, area)?,
                None => imgproc::resize(&levels.frame, &mut half, size, 0.0, 0.0, area)?,
            }
            levels.halvings.push(half);
        }
        Ok(levels)
    }

    /// Columns and rows of level `l` (0: the frame).
    fn size(&self, l: usize) -> (i32, i32) {
        match l {
            0 => (self.frame.cols(), self.frame.rows()),
            _ => (self.halvings[l - 1].cols(), self.halvings[l - 1].rows()),
        }
    }
}

impl Drop for Levels<'_> {
    fn drop(&mut self) {
        for m in self.halvings.drain(..) {
            give_mat(m);
        }
    }
}

thread_local! {
    /// Images this thread shrank before, kept for the next frame's same
    /// sizes: resizing into a kept image of the right size allocates
    /// nothing (fresh pages cost a fault each).
    static SPARE_MATS: std::cell::RefCell<Vec<Mat>> = const { std::cell::RefCell::new(Vec::new()) };
}

thread_local! {
    /// The last image [`area::shrink`] made, its buffer kept.
    static SHRUNK: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A kept image of `w` × `h`, or an empty one.
fn spare_mat(w: i32, h: i32) -> Mat {
    SPARE_MATS
        .with(|s| {
            let mut s = s.borrow_mut();
            let i = s.iter().position(|m| m.cols() == w && m.rows() == h)?;
            Some(s.swap_remove(i))
        })
        .unwrap_or_default()
}

/// Keep an image for [`spare_mat`] (at most 24: a frame's 12 sizes and
/// its halvings).
fn give_mat(m: Mat) {
    SPARE_MATS.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() >= 24 {
            s.remove(0);
        }
        s.push(m);
    });
}

/// The frame shrunk so a face box of `side` pixels spans [`CELL`]: the
/// image, its width and height, and the scale.
fn shrunk(levels: &Levels, side: f32) -> Result<(Vec<u8>, usize, usize, f32)> {
    with_shrunk(levels, side, |img, w, h, f| (img.to_vec(), w, h, f))
}

/// [`shrunk`]'s image lent to `use_it`, resized into a kept image.
fn with_shrunk<T>(
    levels: &Levels,
    side: f32,
    use_it: impl FnOnce(&[u8], usize, usize, f32) -> T,
) -> Result<T> {
    let f = CELL / side;
    let (w0, h0) = (levels.width as f32, levels.height as f32);
    let (w, h) = (
        ((w0 * f).round() as i32).max(1),
        ((h0 * f).round() as i32).max(1),
    );
    let mut l = 0;
    while l < levels.halvings.len() && {
        let (c, r) = levels.size(l + 1);
        c >= w && r >= h
    } {
        l += 1;
    }
    let interp = if w <= levels.size(l).0 {
        imgproc::INTER_AREA
    } else {
        imgproc::INTER_LINEAR
    };
    // Area means for a non-integer factor in plain Rust (the same bytes,
    // faster than OpenCV's generic loop); OpenCV for everything else.
    let (sw, sh) = levels.size(l);
    let src_bytes = match l {
        0 => levels.frame.data_bytes()?,
        _ => levels.halvings[l - 1].data_bytes()?,
    };
    if interp == imgproc::INTER_AREA
        && src_bytes.len() == (sw * sh) as usize
        && area::applies(sw as usize, sh as usize, w as usize, h as usize)
    {
        let mut out = SHRUNK.with(|s| std::mem::take(&mut *s.borrow_mut()));
        area::shrink(src_bytes, sw as usize, sh as usize, w as usize, h as usize, &mut out);
        let result = use_it(&out, w as usize, h as usize, f);
        SHRUNK.with(|s| *s.borrow_mut() = out);
        return Ok(result);
    }
    let mut dst = spare_mat(w, h);
    let size = Size::new(w, h);
    match l {
        0 => imgproc::resize(&levels.frame, &mut dst, size, 0.0, 0.0, interp)?,
        _ => imgproc::resize(&levels.halvings[l - 1], &mut dst, size, 0.0, 0.0, interp)?,
    }
    let out = if dst.is_continuous() {
        use_it(dst.data_bytes()?, w as usize, h as usize, f)
    } else {
        use_it(dst.try_clone()?.data_bytes()?, w as usize, h as usize, f)
    };
    give_mat(dst);
    Ok(out)
}

/// The sizes scanned for a model.
fn scan_sizes(sizes_px: [f32; 2]) -> Vec<f32> {
    let (lo, hi) = (sizes_px[0] / SIZE_STEP, sizes_px[1] * SIZE_STEP);
    let mut out = vec![lo];
    while *out.last().unwrap_or(&hi) * SIZE_STEP <= hi && out.len() < 40 {
        let next = out[out.len() - 1] * SIZE_STEP;
        out.push(next);
    }
    out
}

/// One found die: centre, face box side, finder probability.
#[derive(Clone, Copy, Debug)]
pub struct Find {
    pub center: [f32; 2],
    pub side: f32,
    pub probability: f32,
    /// Best similarity to any face at the find's own place and size.
    pub similarity: f32,
}

/// Dice in a frame: the finder's peaks at every size, one per place.
///
/// All dice of a set have one size, so the sizes of the surest finds say
/// which size the frame's dice have (give or take perspective); peaks far
/// from it (a glyph scoring as a small die inside its own die, a cluster
/// of dice as one large one) are dropped before peaks are thinned to one
/// per place, surest first.
pub fn find(prep: &Prepared, model: &ArtModel) -> Result<Vec<Find>> {
    find_in(
        &Levels::new(&prep.gray)?,
        model.sizes_px,
        &model.finder,
        FIND_VERTICAL,
    )
}

/// One find per place, surest first; but a find that holds surer, much
/// smaller ones (the glyphs of its own face) replaces them.
/// `vertical` weighs vertical distances (1 counts them as horizontal ones).
fn thin(mut peaks: Vec<Find>, radius: f32, vertical: f32) -> Vec<Find> {
    peaks.sort_by(|a, b| b.probability.total_cmp(&a.probability));
    let mut kept: Vec<Find> = Vec::new();
    for p in peaks {
        let near = |k: &Find| {
            (k.center[0] - p.center[0]).hypot((k.center[1] - p.center[1]) * vertical)
                < radius * k.side.max(p.side)
        };
        let conflicts: Vec<usize> = (0..kept.len()).filter(|&i| near(&kept[i])).collect();
        if conflicts.is_empty() {
            kept.push(p);
        } else if p.probability >= SURE_FIND
            && conflicts.iter().all(|&i| p.side > HOLDS * kept[i].side)
        {
            for &i in conflicts.iter().rev() {
                kept.remove(i);
            }
            kept.push(p);
        }
    }
    kept
}

/// A frame's finder peaks and the die sizes worth trying, likeliest first
/// (see `artface/size.rs`).
struct Sized {
    peaks: Vec<Find>,
    /// The peaks thinned at every size: what is read when no find is sure.
    first: Vec<Find>,
    sizes: Vec<f32>,
    vertical: f32,
}

impl Sized {
    /// How many sizes can be tried (at least one list of finds).
    fn count(&self) -> usize {
        self.sizes.len().max(1)
    }

    /// The finds near the `k`th size, one per place, surest first.
    fn finds(&self, k: usize) -> Vec<Find> {
        let Some(&size) = self.sizes.get(k) else {
            return self.first.clone();
        };
        let banded: Vec<Find> = self
            .peaks
            .iter()
            .filter(|p| size::within(p.side, size, SIZE_BAND))
            .copied()
            .collect();
        thin(banded, SAME_DIE, self.vertical)
    }
}

/// `vertical`: see [`thin`]; enrolment mines the finder's mistakes with 1.
fn sized_in(levels: &Levels, sizes_px: [f32; 2], finder: &Finder, vertical: f32) -> Result<Sized> {
    let peaks = peaks_in(levels, sizes_px, finder)?;
    let first = thin(peaks.clone(), SAME_DIE, vertical);
    let sizes = size::candidates(&first, SURE_FIND, SIZE_BAND, SIZE_TRIES);
    Ok(Sized {
        peaks,
        first,
        sizes,
        vertical,
    })
}

/// The finds at the frame's likeliest die size.
fn find_in(
    levels: &Levels,
    sizes_px: [f32; 2],
    finder: &Finder,
    vertical: f32,
) -> Result<Vec<Find>> {
    Ok(sized_in(levels, sizes_px, finder, vertical)?.finds(0))
}

/// Local peaks of the finder's probability at each scanned size.
fn peaks_in(levels: &Levels, sizes_px: [f32; 2], finder: &Finder) -> Result<Vec<Find>> {
    let mut peaks: Vec<Find> = Vec::new();
    for side in scan_sizes(sizes_px) {
        // Bit for bit `finder.probability(&features(..))` at every position.
        let (map, w, h, f) = with_shrunk(levels, side, |img, w, h, f| {
            let map = if w < 3 || h < 3 {
                Vec::new()
            } else {
                scan::map(img, w, h, finder)
            };
            (map, w, h, f)
        })?;
        if w < 3 || h < 3 {
            continue;
        }
        let (gw, gh) = (w.div_ceil(STRIDE), h.div_ceil(STRIDE));
        for gy in 0..gh {
            for gx in 0..gw {
                let p = map[gy * gw + gx];
                if p < FIND_PROBABILITY {
                    continue;
                }
                let mut peak = true;
                'n: for dy in -1i32..=1 {
                    for dx in -1i32..=1 {
                        let (nx, ny) = (gx as i32 + dx, gy as i32 + dy);
                        if (dx, dy) == (0, 0)
                            || nx < 0
                            || ny < 0
                            || nx >= gw as i32
                            || ny >= gh as i32
                        {
                            continue;
                        }
                        let q = map[ny as usize * gw + nx as usize];
                        // Ties go to the first in scan order.
                        if q > p || (q == p && (dy < 0 || (dy == 0 && dx < 0))) {
                            peak = false;
                            break 'n;
                        }
                    }
                }
                if peak {
                    // Refine within the step by the neighbours' weights.
                    let mut sx = 0.0;
                    let mut sy = 0.0;
                    let mut sw = 0.0;
                    for dy in -1i32..=1 {
                        for dx in -1i32..=1 {
                            let (nx, ny) = (gx as i32 + dx, gy as i32 + dy);
                            if nx < 0 || ny < 0 || nx >= gw as i32 || ny >= gh as i32 {
                                continue;
                            }
                            let q = map[ny as usize * gw + nx as usize];
                            let wgt = (q - 0.5 * p).max(0.0);
                            sx += wgt * (nx as f32);
                            sy += wgt * (ny as f32);
                            sw += wgt;
                        }
                    }
                    let (cx, cy) = if sw > 0.0 {
                        (sx / sw, sy / sw)
                    } else {
                        (gx as f32, gy as f32)
                    };
                    let to_image = |v: f32| (v * STRIDE as f32 + 0.5) / f - 0.5;
                    peaks.push(Find {
                        center: [to_image(cx), to_image(cy)],
                        side,
                        probability: p,
                        similarity: 0.0,
                    });
                }
            }
        }
    }
    Ok(peaks)
}

// ---------------------------------------------------------------- reading

/// The dominant edge direction around a face in the face's own plane,
/// modulo a quarter turn (radians, −π/4..π/4), from gradients between 0.2
/// and 0.65 box sides out. `squash` is the face's foreshortening along the
/// image's vertical (1 seen square-on): gradients are unsquashed first.
fn edge_angle(prep: &Prepared, center: [f32; 2], side: f32, squash: f32) -> f32 {
    let (p, k) = prep.level_for(side);
    let (cx, cy, s) = (center[0] * k, center[1] * k, side * k);
    let (r0, r1) = (0.2 * s, 0.65 * s);
    let (mut c, mut sn) = (0f32, 0f32);
    let x0 = (cx - r1).floor().max(1.0) as usize;
    let x1 = ((cx + r1).ceil().max(0.0) as usize).min(p.w.saturating_sub(2));
    let y0 = (cy - r1).floor().max(1.0) as usize;
    let y1 = ((cy + r1).ceil().max(0.0) as usize).min(p.h.saturating_sub(2));
    // Each gradient adds w·(cos 4θ, sin 4θ), w = |g|², θ its direction;
    // by the double-angle formulas that is ((d² − e²), 2de) / w with
    // (d, e) = (gx² − gy², 2·gx·gy) = w·(cos 2θ, sin 2θ): no atan2, sin or
    // cos per pixel (docs/measurements/2026-11-27-art-speed-2.md).
    let (r0s, r1s) = (r0 * r0, r1 * r1);
    for y in y0..=y1 {
        let dy = (y as f32 - cy) / squash;
        let dy2 = dy * dy;
        for x in x0..=x1 {
            let dx = x as f32 - cx;
            let d2 = dx * dx + dy2;
            if d2 < r0s || d2 > r1s {
                continue;
            }
            let gx = p.v[y * p.w + x + 1] - p.v[y * p.w + x - 1];
            let gy = (p.v[(y + 1) * p.w + x] - p.v[(y - 1) * p.w + x]) * squash;
            let w = gx * gx + gy * gy;
            if w > 0.0 {
                let (d, e) = (gx * gx - gy * gy, 2.0 * gx * gy);
                c += (d * d - e * e) / w;
                sn += 2.0 * d * e / w;
            }
        }
    }
    if c == 0.0 && sn == 0.0 {
        0.0
    } else {
        sn.atan2(c) / 4.0
    }
}

/// How a face lies in the image: centre, side and turn in its own plane,
/// and its foreshortening along the image's vertical.
#[derive(Clone, Copy, Debug)]
struct Pose {
    center: [f32; 2],
    side: f32,
    angle: f32,
    squash: f32,
}

impl Pose {
    /// The pose of a face whose box (as wide as `box_side` / √squash) is
    /// at `center`, turned by the die's own edges.
    fn of_box(prep: &Prepared, center: [f32; 2], box_side: f32, squash: f32) -> Pose {
        let angle = edge_angle(prep, center, box_side, squash);
        let width = box_side / squash.sqrt();
        Pose {
            center,
            side: width / (angle.cos().abs() + angle.sin().abs()),
            angle,
            squash,
        }
    }
}

/// Sizes tried around a find's, before climbing.
const SIZES: [f32; 4] = [0.75, 0.87, 1.0, 1.15];
/// Foreshortenings tried when reading (cos of 0°, 33°, 46°, 55° of tilt).
const SQUASHES: [f32; 4] = [1.0, 0.84, 0.7, 0.58];

/// Zero-mean, unit-length polar description of a face, its grid's angle
/// 0 along the pose's turn. The reference for [`sample::polar`], which
/// reading and enrolment use.
#[cfg(test)]
fn polar_reference(prep: &Prepared, pose: &Pose) -> Vec<f32> {
    let (p, k) = prep.level_for(pose.side);
    let mut d = Vec::with_capacity(DIM);
    let reach = REACH * pose.side * k;
    let (cx, cy) = (pose.center[0] * k, pose.center[1] * k);
    let dirs: [(f32, f32); ANGLES] = std::array::from_fn(|j| {
        let a = pose.angle + std::f32::consts::TAU * j as f32 / ANGLES as f32;
        let (s, c) = a.sin_cos();
        (c, pose.squash * s)
    });
    for i in 0..RINGS {
        let r = (i as f32 + 0.5) / RINGS as f32 * reach;
        for &(c, s) in &dirs {
            d.push(p.at(cx + r * c, cy + r * s));
        }
    }
    normalise(&mut d);
    d
}

fn normalise(d: &mut [f32]) {
    let m = d.iter().sum::<f32>() / d.len().max(1) as f32;
    d.iter_mut().for_each(|v| *v -= m);
    let n = d.iter().map(|v| v * v).sum::<f32>().sqrt();
    if n > 1e-6 {
        d.iter_mut().for_each(|v| *v /= n);
    }
}

/// Turns tried: the four quarter turns, each give or take one step.
fn turns() -> Vec<usize> {
    let q = ANGLES / 4;
    let mut out = Vec::new();
    for k in 0..4 {
        for d in [ANGLES - 1, 0, 1] {
            out.push((k * q + d) % ANGLES);
        }
    }
    out
}

/// Correlation of `d` turned by `shift` steps with `p`.
#[inline]
fn turned_dot(d: &[f32], p: &[f32], shift: usize) -> f32 {
    let mut s = 0.0;
    for i in 0..RINGS {
        let (dr, pr) = (
            &d[i * ANGLES..(i + 1) * ANGLES],
            &p[i * ANGLES..(i + 1) * ANGLES],
        );
        let n = ANGLES - shift;
        s += dr[shift..]
            .iter()
            .zip(&pr[..n])
            .map(|(a, b)| a * b)
            .sum::<f32>();
        s += dr[..shift]
            .iter()
            .zip(&pr[n..])
            .map(|(a, b)| a * b)
            .sum::<f32>();
    }
    s
}

/// Dot product in eight running sums, so that it vectorises. The reference
/// for [`matching::Turned`], which reading uses.
#[cfg(test)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut acc = [0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let tail: f32 = ca
        .remainder()
        .iter()
        .zip(cb.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            acc[k] += x[k] * y[k];
        }
    }
    acc.iter().sum::<f32>() + tail
}

/// A description turned by each tried shift, laid out once so that every
/// prototype is matched by plain dot products. The reference for
/// [`matching::Turned`], which reading uses.
#[cfg(test)]
struct Turned {
    shifts: Vec<usize>,
    rows: Vec<Vec<f32>>,
}

#[cfg(test)]
impl Turned {
    fn new(d: &[f32], shifts: &[usize]) -> Turned {
        Turned {
            shifts: shifts.to_vec(),
            rows: shifts.iter().map(|&s| turned(d, s)).collect(),
        }
    }

    /// Best correlation with `p` over the turns, and the turn.
    fn best(&self, p: &[f32]) -> (f32, usize) {
        self.rows
            .iter()
            .zip(&self.shifts)
            .map(|(r, &s)| (dot(r, p), s))
            .fold((f32::MIN, 0), |a, b| if b.0 > a.0 { b } else { a })
    }
}

/// Best correlation over the tried turns, and the turn.
fn best_turn(d: &[f32], p: &[f32], shifts: &[usize]) -> (f32, usize) {
    shifts
        .iter()
        .map(|&s| (turned_dot(d, p, s), s))
        .fold((f32::MIN, 0), |a, b| if b.0 > a.0 { b } else { a })
}

/// `d` turned by `shift` steps (so that it lines up with what it matched).
fn turned(d: &[f32], shift: usize) -> Vec<f32> {
    let mut out = Vec::with_capacity(DIM);
    for ring in d.chunks_exact(ANGLES) {
        out.extend_from_slice(&ring[shift..]);
        out.extend_from_slice(&ring[..shift]);
    }
    out
}

/// Best similarity to each face `allow` lets compete, of one description
/// (the others keep what `best` held).
fn similarities(
    d: &[f32],
    model: &ArtModel,
    face_of: &[usize],
    shifts: &[usize],
    best: &mut [f32],
    allow: &[bool],
) {
    // The same bits as `Turned::best` of each allowed prototype, faster.
    matching::raise(d, shifts, model, face_of, allow, best);
}

fn face_index(model: &ArtModel, faces: &[String]) -> Vec<usize> {
    model
        .prototypes
        .iter()
        .map(|p| faces.iter().position(|f| *f == p.face).unwrap_or(0))
        .collect()
}

/// The first look at a find: its foreshortening (given, or the best of
/// [`SQUASHES`]) and the best similarity to any face there.
#[allow(clippy::too_many_arguments)]
fn first_match(
    prep: &Prepared,
    model: &ArtModel,
    face_of: &[usize],
    n_faces: usize,
    center: [f32; 2],
    box_side: f32,
    squash: Option<f32>,
    allow: &[bool],
) -> (f32, Pose) {
    let shifts = turns();
    let candidates: Vec<f32> = match squash {
        Some(s) => vec![s],
        None => SQUASHES.to_vec(),
    };
    // The first candidate's upright pose is also the fallback (computed
    // once: the edge direction is the dearest part of it).
    let first = Pose::of_box(prep, center, box_side, candidates[0]);
    let mut base = first;
    let mut top = f32::MIN;
    for (i, &q) in candidates.iter().enumerate() {
        let upright = if i == 0 {
            first
        } else {
            Pose::of_box(prep, center, box_side, q)
        };
        // The finder's size is a step of its scan; a face is read at its own.
        let sized = SIZES.map(|k| Pose {
            side: upright.side * k,
            ..upright
        });
        for (&pose, d) in sized.iter().zip(polars(prep, &sized)) {
            let mut b = vec![f32::MIN; n_faces];
            similarities(&d, model, face_of, &shifts, &mut b, allow);
            let m = b.iter().cloned().fold(f32::MIN, f32::max);
            if m > top {
                top = m;
                base = pose;
            }
        }
    }
    (top, base)
}

/// Best similarity to each face at the pose near a find that matches the
/// set best (found by climbing from [`first_match`]), and that pose.
fn match_faces(
    prep: &Prepared,
    model: &ArtModel,
    faces: &[String],
    center: [f32; 2],
    box_side: f32,
    squash: Option<f32>,
    allow: &[bool],
) -> (Vec<f32>, Pose) {
    let face_of = face_index(model, faces);
    let (_, pose) = first_match(
        prep,
        model,
        &face_of,
        faces.len(),
        center,
        box_side,
        squash,
        allow,
    );
    climb(
        prep,
        model,
        faces.len(),
        &face_of,
        pose,
        squash.is_none(),
        0.12,
        1.12,
        0.1,
        allow,
    )
}

/// Climb from `pose` to the pose that matches the set best: shifts, sizes
/// and (when `tilt_free`) foreshortenings, in halving steps.
#[allow(clippy::too_many_arguments)]
fn climb(
    prep: &Prepared,
    model: &ArtModel,
    n_faces: usize,
    face_of: &[usize],
    mut pose: Pose,
    tilt_free: bool,
    mut off: f32,
    mut grow: f32,
    mut tilt: f32,
    allow: &[bool],
) -> (Vec<f32>, Pose) {
    let shifts = turns();
    // A move can land exactly on a pose already tried (a step back, a size
    // grown then shrunk): those are looked up, not described again.
    // Moves not tried yet are described side by side ([`polars`]).
    let key = |p: &Pose| {
        [
            p.center[0].to_bits(),
            p.center[1].to_bits(),
            p.side.to_bits(),
            p.angle.to_bits(),
            p.squash.to_bits(),
        ]
    };
    let mut seen: Vec<([u32; 5], Vec<f32>)> = Vec::new();
    let mut try_all = |poses: &[Pose]| -> Vec<Vec<f32>> {
        let fresh: Vec<Pose> = poses
            .iter()
            .filter(|p| !seen.iter().any(|(k, _)| *k == key(p)))
            .copied()
            .collect();
        for (p, d) in fresh.iter().zip(polars(prep, &fresh)) {
            let mut b = vec![f32::MIN; n_faces];
            similarities(&d, model, face_of, &shifts, &mut b, allow);
            seen.push((key(p), b));
        }
        poses
            .iter()
            .map(|p| {
                let k = key(p);
                seen.iter().find(|(s, _)| *s == k).expect("tried").1.clone()
            })
            .collect()
    };
    let top = |b: &[f32]| b.iter().cloned().fold(f32::MIN, f32::max);
    let mut best = try_all(&[pose]).remove(0);
    for _ in 0..6 {
        let mut moves = Vec::with_capacity(8);
        for (dx, dy) in [(1.0f32, 0.0f32), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
            moves.push(Pose {
                center: [
                    pose.center[0] + dx * off * pose.side,
                    pose.center[1] + dy * off * pose.side * pose.squash,
                ],
                ..pose
            });
        }
        moves.push(Pose {
            side: pose.side * grow,
            ..pose
        });
        moves.push(Pose {
            side: pose.side / grow,
            ..pose
        });
        if tilt_free {
            for q in [pose.squash + tilt, pose.squash - tilt] {
                if (0.45..=1.0).contains(&q) {
                    moves.push(Pose { squash: q, ..pose });
                }
            }
        }
        let mut improved = false;
        let tried = try_all(&moves);
        for (m, b) in moves.into_iter().zip(tried) {
            if top(&b) > top(&best) {
                best = b;
                pose = m;
                improved = true;
            }
        }
        if !improved {
            off /= 2.0;
            grow = grow.sqrt();
            tilt /= 2.0;
        }
    }
    (best, pose)
}

/// How many faces of `order` (best grid similarity first) climb: the
/// [`CONTENDERS`] likeliest, and after them each face within
/// [`RIVAL_MARGIN`] of the likeliest.
fn climbers(order: &[usize], sims: &[f32]) -> usize {
    let lead = order.first().map_or(f32::MIN, |&f| sims[f]);
    order
        .iter()
        .enumerate()
        .take_while(|&(i, &f)| i < CONTENDERS || sims[f] >= lead - RIVAL_MARGIN)
        .count()
}

/// A die read again from each likely face's best `grid` pose (its
/// similarity and pose, by face; `order`: the faces allowed, best first),
/// each face climbing in place only, not in size: its face and confidence.
fn read_in_place(
    prep: &Prepared,
    model: &ArtModel,
    faces: &[String],
    face_of: &[usize],
    grid: &[(f32, Pose)],
    order: &[usize],
) -> Option<(usize, f32)> {
    let mut sims: Vec<f32> = grid.iter().map(|g| g.0).collect();
    for &f in order.iter().take(climbers(order, &sims)) {
        let only: Vec<bool> = (0..faces.len()).map(|g| g == f).collect();
        let (b, _) = climb(
            prep,
            model,
            faces.len(),
            face_of,
            grid[f].1,
            false,
            0.08,
            1.0,
            0.0,
            &only,
        );
        sims[f] = b[f];
    }
    verdict(model, faces, &sims).map(|(f, c, _)| (f, c))
}

/// A plane `a + b·x + c·y` fitted to values at image points (least squares,
/// once more without the points off by more than `tolerance` relative);
/// a constant (the median) when too few points hold it.
fn fit_plane(points: &[([f32; 2], f32)], tolerance: f32) -> Option<[f32; 3]> {
    if points.is_empty() {
        return None;
    }
    let median = {
        let mut v: Vec<f32> = points.iter().map(|p| p.1).collect();
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    };
    let mut coef = [median, 0.0, 0.0];
    let mut use_: Vec<&([f32; 2], f32)> = points.iter().collect();
    for _ in 0..2 {
        if use_.len() < 5 {
            return Some(coef);
        }
        // Normal equations in f64 around the points' mean.
        let n = use_.len() as f64;
        let (mx, my) = (
            use_.iter().map(|p| p.0[0] as f64).sum::<f64>() / n,
            use_.iter().map(|p| p.0[1] as f64).sum::<f64>() / n,
        );
        let mv = use_.iter().map(|p| p.1 as f64).sum::<f64>() / n;
        let (mut sxx, mut sxy, mut syy, mut sxv, mut syv) = (0f64, 0f64, 0f64, 0f64, 0f64);
        for p in &use_ {
            let (x, y, v) = (p.0[0] as f64 - mx, p.0[1] as f64 - my, p.1 as f64 - mv);
            sxx += x * x;
            sxy += x * y;
            syy += y * y;
            sxv += x * v;
            syv += y * v;
        }
        let det = sxx * syy - sxy * sxy;
        if det.abs() < 1e-6 {
            return Some(coef);
        }
        let b = (sxv * syy - syv * sxy) / det;
        let c = (syv * sxx - sxv * sxy) / det;
        coef = [(mv - b * mx - c * my) as f32, b as f32, c as f32];
        let at = |q: &[f32; 2]| coef[0] + coef[1] * q[0] + coef[2] * q[1];
        use_ = points
            .iter()
            .filter(|p| (p.1 / at(&p.0).max(1e-3) - 1.0).abs() <= tolerance)
            .collect();
    }
    Some(coef)
}

/// Median colour of the middle of a face, classed.
fn face_color(prep: &Prepared, bgr: &[u8], center: [f32; 2], side: f32, colors: &ColorTable) -> String {
    let (w, h) = (prep.gray.width, prep.gray.height);
    let r = (side * 0.3).max(1.0);
    let mut px: Vec<[u8; 3]> = Vec::new();
    let (x0, x1) = (
        (center[0] - r).max(0.0) as usize,
        ((center[0] + r).max(0.0) as usize).min(w.saturating_sub(1)),
    );
    let (y0, y1) = (
        (center[1] - r).max(0.0) as usize,
        ((center[1] + r).max(0.0) as usize).min(h.saturating_sub(1)),
    );
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = (y * w + x) * 3;
            if i + 2 < bgr.len() {
                px.push([bgr[i], bgr[i + 1], bgr[i + 2]]);
            }
        }
    }
    if px.is_empty() {
        return colors.fallback.clone();
    }
    let ch = |k: usize| {
        let mut v: Vec<u8> = px.iter().map(|p| p[k]).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    colors
        .classify(Hsv::from_bgr(ch(0), ch(1), ch(2)))
        .to_string()
}

/// A face read at a given place: its name, confidence and best similarity,
/// or `None` when it matches no face of the set at all.
/// `squash` is the face's foreshortening along the image's vertical, when
/// known (a label's height over its width); otherwise it is searched.
pub fn read_at(
    prep: &Prepared,
    model: &ArtModel,
    center: [f32; 2],
    box_side: f32,
    squash: Option<f32>,
) -> Option<(String, f32, f32)> {
    read_pose(prep, model, center, box_side, squash).map(|(f, c, s, _)| (f, c, s))
}

/// A find read: face, confidence, similarity, and the matched pose's
/// centre, side and foreshortening (for development tools).
pub fn read_find(
    prep: &Prepared,
    model: &ArtModel,
    f: &Find,
) -> Option<(String, f32, f32, [f32; 2], f32, f32)> {
    read_pose(prep, model, f.center, f.side, None)
        .map(|(a, b, c, p)| (a, b, c, p.center, p.side, p.squash))
}

fn read_pose(
    prep: &Prepared,
    model: &ArtModel,
    center: [f32; 2],
    box_side: f32,
    squash: Option<f32>,
) -> Option<(String, f32, f32, Pose)> {
    let faces = model.face_names();
    let at = Pose {
        center,
        side: box_side,
        angle: 0.0,
        squash: squash.unwrap_or(1.0),
    };
    let allow = model.allowed(prep, &faces, &at);
    let (sims, pose) = match_faces(prep, model, &faces, center, box_side, squash, &allow);
    verdict(model, &faces, &sims).map(|(f, c, s)| (faces[f].clone(), c, s, pose))
}

/// The face a die's similarities say, how sure that is, and its similarity;
/// `None` when it is like no face of the set at all.
///
/// A close call (the best two faces too near for a sure reading) goes to
/// the face that wins once each busy face's similarity is lowered
/// (`artface/busy.rs`), and stays asked; a clear call is the raw
/// similarities' alone. The similarity returned is the best raw one either
/// way, so the place rules, which sort by it, treat the die as before.
fn verdict(model: &ArtModel, faces: &[String], sims: &[f32]) -> Option<(usize, f32, f32)> {
    let floor = faces.iter().map(|f| model.least(f)).fold(1.0f32, f32::min) - REJECT;
    let mut order: Vec<usize> = (0..sims.len()).collect();
    order.sort_by(|&a, &b| sims[b].total_cmp(&sims[a]));
    let (mut b, s2) = (*order.first()?, order.get(1).map_or(f32::MIN, |&i| sims[i]));
    if sims[b] < floor {
        return None;
    }
    let sure_of = |b: usize| {
        let total: f32 = sims.iter().map(|s| ((s - sims[b]) * SHARPNESS).exp()).sum();
        1.0 / total.max(1.0)
    };
    let margin = sure_of(b);
    let mut confidence = margin;
    let similarity = sims[b];
    if sims[b] < model.least(&faces[b]) - SLACK || !(sims[b] > s2) {
        confidence = confidence.min(ASKED);
    }
    if margin < SURE_READING {
        let leasts = model.leasts(faces);
        if let Some(f) = busy::close_call(&leasts, sims, b, SLACK) {
            b = f;
            confidence = sure_of(b).min(ASKED);
        }
    }
    Some((b, confidence, similarity))
}

/// A die read off one find.
struct Reading1 {
    face: usize,
    confidence: f32,
    similarity: f32,
    pose: Pose,
    find: Find,
    /// The confidence it had before it was asked for settling off the
    /// fitted face size (`artface/offsize.rs`).
    off_size: Option<f32>,
    /// Where it settled off the fitted size: each face's best pose on the
    /// settle's grid (at the fitted size) and the likely faces, likeliest
    /// first, to read it again there if it stays asked (`artface/atsize.rs`).
    grid: Option<Grid>,
}

/// Each face's best similarity and pose on a settle's grid, and the faces
/// allowed, best first.
type Grid = Box<(Vec<(f32, Pose)>, Vec<usize>)>;

/// One die size tried: its free readings, the finds left to read, the
/// finds whose free reading matched no face, and how many read surely.
type SizeTry = (Vec<Reading1>, Vec<Find>, Vec<Find>, usize);

impl Reading1 {
    /// A find not read yet (to be read from the fitted pose).
    fn unread(find: Find) -> Reading1 {
        Reading1 {
            face: 0,
            confidence: 0.0,
            similarity: f32::MIN,
            pose: Pose {
                center: find.center,
                side: find.side,
                angle: 0.0,
                squash: 1.0,
            },
            find,
            off_size: None,
            grid: None,
        }
    }
}

/// Where a frame's read spent its time, milliseconds.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stages {
    /// Gray image, pyramid and colour copy.
    pub prepare: f64,
    /// The finder's scan.
    pub find: f64,
    /// The surest finds read freely (fixing the frame's size and tilt).
    pub free: f64,
    /// Every die read again from its place's pose.
    pub settle: f64,
    /// Dice found and dice reported.
    pub finds: usize,
    pub dice: usize,
}

/// Read every art die in a frame.
///
/// The dice of a frame are one size and lie on one table, so the faces read
/// surely say how large and how foreshortened a face is anywhere in the
/// frame (a plane fitted over the image, perspective included). Every die
/// is then read again at the size and foreshortening its place should
/// have: left free, a glyph can match another face at the wrong size or
/// slant.
pub fn read(frame: &Mat, model: &ArtModel, colors: &ColorTable) -> Result<Vec<Die>> {
    read_timed(frame, model, colors).map(|(d, _)| d)
}

/// [`read`], with the time each stage took.
pub fn read_timed(
    frame: &Mat,
    model: &ArtModel,
    colors: &ColorTable,
) -> Result<(Vec<Die>, Stages)> {
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
    let mut stages = Stages::default();
    let t = Instant::now();
    let prep = Prepared::gray_only(frame)?;
    stages.prepare = ms(t);
    let t = Instant::now();
    let faces = model.face_names();
    let face_of = face_index(model, &faces);
    let levels = Levels::new(&prep.gray)?;
    let sized = sized_in(&levels, model.sizes_px, &model.finder, FIND_VERTICAL)?;
    drop(levels);
    stages.find = ms(t);
    let t = Instant::now();
    let at_find = |find: &Find, side: f32, squash: f32| Pose {
        center: find.center,
        side,
        angle: 0.0,
        squash,
    };
    let read_free = |find: Find| {
        let allow = model.allowed(&prep, &faces, &at_find(&find, find.side, 1.0));
        let (sims, pose) = match_faces(&prep, model, &faces, find.center, find.side, None, &allow);
        verdict(model, &faces, &sims).map(|(face, confidence, similarity)| Reading1 {
            face,
            confidence,
            similarity,
            pose,
            find,
            off_size: None,
            grid: None,
        })
    };
    let is_sure =
        |r: &Reading1| r.confidence >= SURE_READING && r.similarity >= model.least(&faces[r.face]);
    // The surest finds are read freely first; they fix the frame's size
    // and foreshortening for the rest. Where too few are read surely (the
    // surest finds being clutter), more are read, and then the finds at
    // the next likeliest die size: the size whose finds the matcher
    // confirms most is kept (on a tie, the likelier).
    // A find whose free reading matches no face is kept apart: read again
    // from the fitted pose, it is often a clear die (a free reading tries
    // sizes and foreshortenings round the finder's coarse size and can
    // miss them all; docs/measurements/2026-11-27-art-missed-dice.md).
    let mut best: Option<SizeTry> = None;
    for k in 0..sized.count() {
        let mut rest = sized.finds(k);
        rest.sort_by(|a, b| b.probability.total_cmp(&a.probability));
        let mut read = Vec::new();
        let mut unread = Vec::new();
        let mut n_sure = 0;
        for _ in 0..FIT_ROUNDS {
            if n_sure >= FIT_SURE || rest.is_empty() {
                break;
            }
            let later = rest.split_off(rest.len().min(FIT_FROM));
            for find in rest {
                match read_free(find) {
                    Some(r) => {
                        n_sure += usize::from(is_sure(&r));
                        read.push(r);
                    }
                    None => unread.push(find),
                }
            }
            rest = later;
        }
        if best.as_ref().is_none_or(|b| n_sure > b.3) {
            best = Some((read, rest, unread, n_sure));
        }
        if n_sure >= FIT_SURE {
            break;
        }
    }
    let (mut first, mut rest, unread, _) = best.unwrap_or_default();
    stages.finds = first.len() + rest.len() + unread.len();
    let sure: Vec<&Reading1> = first.iter().filter(|r| is_sure(r)).collect();
    let sides = fit_plane(
        &sure
            .iter()
            .map(|r| (r.pose.center, r.pose.side))
            .collect::<Vec<_>>(),
        0.2,
    );
    let squashes = fit_plane(
        &sure
            .iter()
            .map(|r| (r.pose.center, r.pose.squash))
            .collect::<Vec<_>>(),
        0.2,
    );
    let side_span = size::span(
        &sure.iter().map(|r| r.pose.side).collect::<Vec<_>>(),
        SPAN_WIDEN,
    );
    if sides.is_some() && squashes.is_some() {
        // Read again below from the fitted pose.
        rest.extend(unread);
        first.extend(rest.into_iter().map(Reading1::unread));
    } else {
        first.extend(rest.into_iter().filter_map(read_free));
    }
    stages.free = ms(t);
    let t = Instant::now();
    // The fitted face side and foreshortening at an image point, if any.
    let fitted = |p: [f32; 2]| {
        let (sc, qc) = (sides?, squashes?);
        let at = |c: &[f32; 3], p: [f32; 2]| c[0] + c[1] * p[0] + c[2] * p[1];
        let (lo, hi) = side_span.unwrap_or((4.0, f32::MAX));
        Some((
            at(&sc, p).clamp(lo.max(4.0), hi.max(4.0)),
            at(&qc, p).clamp(0.45, 1.0),
        ))
    };
    // A find read from the fitted pose (unchanged without one); `None`
    // where it matches no face or is a board's grid crossing.
    let settle = |mut r: Reading1| -> Option<Reading1> {
        if let Some((want, q)) = fitted(r.pose.center) {
            let angle = edge_angle(&prep, r.find.center, want * 1.2, q);
            let shifts = turns();
            let mut start = Pose {
                center: r.find.center,
                side: want,
                angle,
                squash: q,
            };
            let allow = model.allowed(&prep, &faces, &start);
            let mut top = f32::MIN;
            // The finder's centre can be a fifth of a face off: a grid of
            // places and sizes first.
            // Every face's best place and size on the grid: each likely
            // face then climbs from its own, so a face is not judged at a
            // pose another face chose.
            let mut face_best = vec![(f32::MIN, start); faces.len()];
            let (step, n) = (0.1f32, 2);
            let base = start;
            let mut grid = Vec::with_capacity(75);
            for k in [0.9f32, 1.0, 1.1] {
                for i in -n..=n {
                    for j in -n..=n {
                        grid.push(Pose {
                            center: [
                                base.center[0] + i as f32 * step * want,
                                base.center[1] + j as f32 * step * want * q,
                            ],
                            side: base.side * k,
                            ..base
                        });
                    }
                }
            }
            // Described side by side, then matched in the grid's order.
            for (pose, d) in grid.iter().zip(polars(&prep, &grid)) {
                let pose = *pose;
                let mut b = vec![f32::MIN; faces.len()];
                similarities(&d, model, &face_of, &shifts, &mut b, &allow);
                for (f, &v) in b.iter().enumerate() {
                    if v > face_best[f].0 {
                        face_best[f] = (v, pose);
                    }
                    if v > top {
                        top = v;
                        start = pose;
                    }
                }
            }
            let mut sims: Vec<f32> = face_best.iter().map(|b| b.0).collect();
            let mut order: Vec<usize> = (0..faces.len()).filter(|&f| allow[f]).collect();
            order.sort_by(|&a, &b| sims[b].total_cmp(&sims[a]));
            let mut pose = start;
            let mut best = f32::MIN;
            for &f in order.iter().take(climbers(&order, &sims)) {
                let only: Vec<bool> = (0..faces.len()).map(|g| g == f).collect();
                let from = face_best[f].1;
                let (b, p) = climb(
                    &prep,
                    model,
                    faces.len(),
                    &face_of,
                    from,
                    false,
                    0.08,
                    1.05,
                    0.0,
                    &only,
                );
                sims[f] = b[f];
                if b[f] > best {
                    best = b[f];
                    pose = p;
                }
            }
            match verdict(model, &faces, &sims) {
                Some((face, confidence, similarity)) => {
                    r = Reading1 {
                        face,
                        confidence,
                        similarity,
                        pose,
                        find: r.find,
                        off_size: None,
                        grid: None,
                    }
                }
                None => return None,
            }
            if (r.pose.side / want).ln().abs() > OFF_SIZE.ln() {
                r.grid = Some(Box::new((face_best, order)));
                r.off_size = Some(r.confidence);
                r.confidence = r.confidence.min(ASKED);
            }
        }
        // A board's grid crossing can match a glyph; its lines run on
        // through the face's border band and past it, which a die's don't.
        // The lines are looked for along the face's sides and along the
        // strongest edges around it (a "+" read as an upright "X" has its
        // lines on the face's diagonals).
        let (plane, scale) = prep.level_for(r.pose.side);
        let around = Pose {
            angle: edge_angle(
                &prep,
                r.pose.center,
                r.pose.side * BOARD_REACH,
                r.pose.squash,
            ),
            ..r.pose
        };
        if board::is_grid_crossing(plane, scale, &r.pose)
            || board::is_grid_crossing(plane, scale, &around)
        {
            return None;
        }
        Some(r)
    };
    let mut settled: Vec<Reading1> = Vec::new();
    // Where each find was read (a dropped one: where it was found).
    let mut tried: Vec<[f32; 2]> = Vec::new();
    for r in first {
        let at = r.find.center;
        match settle(r) {
            Some(r) => {
                tried.push(r.pose.center);
                settled.push(r);
            }
            None => tried.push(at),
        }
    }
    // Touching dice the first thinning merged (`artface/refind.rs`): peaks
    // of the fitted size where no reading lies, each read only if its first
    // look at the fitted pose passes the verdict's floor (most do not, and
    // a full reading is dear), and kept only if read surely.
    let shifts = turns();
    let again = refind::missed(
        &sized.peaks,
        &tried,
        fitted,
        REFIND_BAND,
        SURE_FIND,
        REFIND_REACH,
    );
    for find in again {
        let Some((side, squash)) = fitted(find.center) else {
            continue;
        };
        let look = Pose {
            center: find.center,
            side,
            angle: edge_angle(&prep, find.center, side * 1.2, squash),
            squash,
        };
        let allow = model.allowed(&prep, &faces, &look);
        let mut sims = vec![f32::MIN; faces.len()];
        let d = polar(&prep, &look);
        similarities(&d, model, &face_of, &shifts, &mut sims, &allow);
        if verdict(model, &faces, &sims).is_some() {
            settled.extend(settle(Reading1::unread(find)).filter(is_sure));
        }
    }
    // A die's side face, seen obliquely, can pass for another die beside
    // it; on the table (the image's vertical unsquashed) it lies closer to
    // its die than any other die can, and matches less well than the top.
    settled.sort_by(|a, b| b.similarity.total_cmp(&a.similarity));
    // A side face may also lie further off than that, straight towards the
    // camera: then the top face, the reading further from the camera's
    // nadir, is kept, if it is sure (else the likelier reading stays).
    let (w, h) = (prep.gray.width as f32, prep.gray.height as f32);
    let mid_squash = squashes.map_or(1.0, |c| c[0] + c[1] * w / 2.0 + c[2] * h / 2.0);
    let below = clash::nadir(w, h, mid_squash);
    let side_of = |t: &Reading1, o: &Reading1| {
        clash::is_side_of(
            t.pose.center,
            o.pose.center,
            below,
            t.pose.side.max(o.pose.side),
            t.pose.squash,
        )
    };
    let mut kept: Vec<Reading1> = Vec::new();
    for r in settled {
        let clashes: Vec<usize> = (0..kept.len())
            .filter(|&i| {
                let k = &kept[i];
                let q = k.pose.squash.max(0.3);
                let d = (k.pose.center[0] - r.pose.center[0])
                    .hypot((k.pose.center[1] - r.pose.center[1]) / q);
                d < SAME_TABLE_PLACE * k.pose.side.max(r.pose.side)
            })
            .collect();
        if kept.iter().any(|k| side_of(k, &r)) {
            continue;
        }
        let sure = r.confidence >= SURE_READING && r.similarity >= model.least(&faces[r.face]);
        let under = kept
            .iter()
            .position(|k| side_of(&r, k))
            .filter(|i| sure && clashes.iter().all(|c| c == i));
        if let Some(i) = under {
            kept[i] = r;
        } else if clashes.is_empty() {
            kept.push(r);
        }
    }
    // A reading asked only for settling off the fitted size is sure again
    // where it is like its face, whole in the frame, and nothing says it
    // is a side face (`artface/offsize.rs`).
    let places: Vec<([f32; 2], f32, f32)> = kept
        .iter()
        .map(|k| (k.pose.center, k.pose.side, k.pose.squash))
        .collect();
    for (i, r) in kept.iter_mut().enumerate() {
        let Some(c) = r.off_size else {
            continue;
        };
        if c < SURE_READING
            || r.similarity < model.least(&faces[r.face])
            || !offsize::inside(r.pose.center, w, h)
        {
            continue;
        }
        let Some((want, q)) = fitted(r.pose.center) else {
            continue;
        };
        if (r.pose.side / want).ln().abs() > offsize::WITHIN.ln() {
            continue;
        }
        // Tops it could be a side face of: readings and finder peaks.
        let tops: Vec<[f32; 2]> = sized
            .peaks
            .iter()
            .filter(|p| p.probability >= FIND_PROBABILITY)
            .filter(|p| size::within(p.side, want, SIZE_BAND))
            .map(|p| p.center)
            .chain(places.iter().map(|p| p.0))
            .collect();
        let lone = offsize::alone(i, &places, offsize::LONE)
            && !offsize::top_beyond(r.pose.center, want, q, below, &tops);
        if lone {
            r.confidence = c;
        }
    }
    // Still asked for its size: read again at the fitted size, and the
    // clearer call of the two sizes names the face (only here, for the
    // readings kept, as most off-size settles are dropped above).
    for r in kept.iter_mut() {
        let (Some(grid), Some(c)) = (&r.grid, r.off_size) else {
            continue;
        };
        // Where its face leads the grid at the fitted size too, the two
        // sizes agree: nothing to read again.
        if r.confidence < SURE_READING && grid.1.first() != Some(&r.face) {
            let at_size = read_in_place(&prep, model, &faces, &face_of, &grid.0, &grid.1);
            if let Some(f) = atsize::clearer((r.face, c), at_size) {
                r.face = f;
            }
        }
    }
    drop(sized);
    // Colours straight from the frame (continuous, or copied once here).
    let copy;
    let bgr = if frame.is_continuous() {
        frame.data_bytes()?
    } else {
        copy = frame.try_clone()?;
        copy.data_bytes()?
    };
    let mut dice = Vec::new();
    for r in kept {
        let pose = r.pose;
        let side = pose.side;
        let h = side / 2.0;
        let (sn, cs) = pose.angle.sin_cos();
        let corners = [(-1.0f32, -1.0f32), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(a, b)| {
            [
                pose.center[0] + h * (a * cs - b * sn),
                pose.center[1] + pose.squash * h * (a * sn + b * cs),
            ]
        });
        dice.push(Die {
            center: pose.center,
            corners,
            face: Some(faces[r.face].clone()),
            color: face_color(&prep, bgr, pose.center, side, colors),
            confidence: r.confidence,
            cocked: false,
        });
    }
    stages.settle = ms(t);
    stages.dice = dice.len();
    Ok((dice, stages))
}

// ---------------------------------------------------------------- enrolment

/// The project's seeded generator (`tw_rules::SplitMix64`) with the float
/// draws sampling and training need.
struct Mix(tw_rules::SplitMix64);

impl Mix {
    fn new(seed: u64) -> Self {
        Mix(tw_rules::SplitMix64::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    /// A point in a random direction from `c`, `lo..hi` times `scale` away.
    fn around(&mut self, c: [f32; 2], lo: f32, hi: f32, scale: f32) -> [f32; 2] {
        let a = self.range(0.0, std::f32::consts::TAU);
        let r = self.range(lo, hi) * scale;
        [c[0] + r * a.cos(), c[1] + r * a.sin()]
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Collects labelled photos of an art set.
pub struct ArtEnrolment {
    /// Per face: its examples' polar descriptions.
    examples: Vec<(String, Vec<Vec<f32>>)>,
    /// Per face: its examples' body brightness.
    brightness: Vec<(String, Vec<f32>)>,
    /// Finder training samples and their classes.
    samples: Vec<([f32; FEATURES], bool)>,
    sides: Vec<f32>,
    /// Photos kept to draw finder samples once all sizes are known.
    photos: Vec<(GrayImage, Vec<LabelBox>)>,
}

impl Default for ArtEnrolment {
    fn default() -> Self {
        Self::new()
    }
}

impl ArtEnrolment {
    pub fn new() -> Self {
        ArtEnrolment {
            examples: Vec::new(),
            brightness: Vec::new(),
            samples: Vec::new(),
            sides: Vec::new(),
            photos: Vec::new(),
        }
    }

    /// Add one photo's labelled top faces (too small ones are skipped);
    /// returns how many were added.
    pub fn add(&mut self, frame: &Mat, labels: &[LabelBox]) -> Result<usize> {
        let mut prep = Prepared::new(frame)?;
        let mut kept = Vec::new();
        for b in labels {
            let side = ((b.x1 - b.x0) * (b.y1 - b.y0)).max(0.0).sqrt();
            if !(side >= 8.0) {
                continue;
            }
            let center = [(b.x0 + b.x1) / 2.0, (b.y0 + b.y1) / 2.0];
            let squash = ((b.y1 - b.y0) / (b.x1 - b.x0).max(1.0)).clamp(0.4, 1.0);
            let pose = Pose::of_box(&prep, center, side, squash);
            let d = polar(&prep, &pose);
            match self.examples.iter_mut().find(|(f, _)| *f == b.name) {
                Some((_, v)) => v.push(d),
                None => self.examples.push((b.name.clone(), vec![d])),
            }
            let light = body::brightness(&prep, &pose);
            match self.brightness.iter_mut().find(|(f, _)| *f == b.name) {
                Some((_, v)) => v.push(light),
                None => self.brightness.push((b.name.clone(), vec![light])),
            }
            self.sides.push(side);
            kept.push(b.clone());
        }
        let n = kept.len();
        let gray = std::mem::replace(
            &mut prep.gray,
            GrayImage {
                width: 0,
                height: 0,
                data: Vec::new(),
            },
        );
        self.photos.push((gray, labels.to_vec()));
        Ok(n)
    }

    /// The finder's training samples from every photo: labelled tops
    /// (slightly shifted and resized) against positions and sizes that are
    /// no top: elsewhere, beside a die, on a die at the wrong size.
    fn draw_samples(&mut self, sizes_px: [f32; 2]) -> Result<()> {
        let mut rng = Mix::new(0x5eed_a27f);
        let scan = scan_sizes(sizes_px);
        for (gray, labels) in &self.photos {
            let boxes: Vec<([f32; 2], f32)> = labels
                .iter()
                .map(|b| {
                    (
                        [(b.x0 + b.x1) / 2.0, (b.y0 + b.y1) / 2.0],
                        ((b.x1 - b.x0) * (b.y1 - b.y0)).max(0.0).sqrt(),
                    )
                })
                .collect();
            let levels = Levels::whole(gray)?;
            for &side in &scan {
                let (img, w, h, f) = shrunk(&levels, side)?;
                if w < 3 || h < 3 {
                    continue;
                }
                let ii = Integrals::new(&img, w, h);
                let at = |c: [f32; 2]| {
                    (
                        ((c[0] + 0.5) * f - 0.5).round() as i32,
                        ((c[1] + 0.5) * f - 0.5).round() as i32,
                    )
                };
                let is_top = |c: [f32; 2]| {
                    boxes.iter().any(|(bc, bs)| {
                        (bc[0] - c[0]).hypot(bc[1] - c[1]) < 0.2 * bs
                            && side > bs / 1.3
                            && side < bs * 1.3
                    })
                };
                // Positives: tops whose size this scale fits.
                for (bc, bs) in &boxes {
                    if *bs < 8.0 || side < bs / SIZE_STEP.sqrt() || side > bs * SIZE_STEP.sqrt() {
                        continue;
                    }
                    for _ in 0..4 {
                        let c = [
                            bc[0] + rng.range(-0.08, 0.08) * bs,
                            bc[1] + rng.range(-0.08, 0.08) * bs,
                        ];
                        let (x, y) = at(c);
                        self.samples.push((features(&ii, x, y), true));
                    }
                    // Beside the top, at its size.
                    for _ in 0..4 {
                        let c = rng.around(*bc, 0.25, 1.0, *bs);
                        if !is_top(c) {
                            let (x, y) = at(c);
                            self.samples.push((features(&ii, x, y), false));
                        }
                    }
                }
                // On or near a top at the wrong size: larger (the die with
                // its neighbours or the table) or smaller (its glyph, a
                // corner).
                for (bc, bs) in &boxes {
                    if *bs >= 8.0 && (side < bs / 1.3 || side > bs * 1.3) {
                        let (x, y) = at(*bc);
                        self.samples.push((features(&ii, x, y), false));
                        let reach = if side > *bs { 0.8 * side } else { 0.5 * bs };
                        for _ in 0..2 {
                            let c = rng.around(*bc, 0.1, 1.0, reach);
                            if !is_top(c) {
                                let (x, y) = at(c);
                                self.samples.push((features(&ii, x, y), false));
                            }
                        }
                    }
                }
                // Anywhere else.
                for _ in 0..60 {
                    let c = [
                        rng.range(0.0, gray.width as f32),
                        rng.range(0.0, gray.height as f32),
                    ];
                    if !is_top(c) {
                        let (x, y) = at(c);
                        self.samples.push((features(&ii, x, y), false));
                    }
                }
            }
        }
        Ok(())
    }

    /// The model, or an error naming what is missing.
    pub fn finish(mut self, name: &str, min_samples: usize) -> Result<ArtModel> {
        let mut sides = self.sides.clone();
        sides.sort_by(|a, b| a.total_cmp(b));
        let sizes_px = match (sides.first(), sides.last()) {
            (Some(&lo), Some(&hi)) => [lo, hi],
            _ => return Err(bad(name, "no labelled face large enough to enrol".into())),
        };
        for (face, ex) in &self.examples {
            if ex.len() < min_samples {
                return Err(bad(
                    name,
                    format!("face {face:?} has {} example(s); enrol at least {min_samples} of every face", ex.len()),
                ));
            }
        }
        self.draw_samples(sizes_px)?;
        let mut finder = train_finder(&self.samples);
        // Twice: what the finder wrongly finds in the enrolment photos
        // becomes more of what is no top, and it is trained again.
        for _round in 0..2 {
            let mut added = 0;
            for (gray, labels) in &self.photos {
                let levels = Levels::whole(gray)?;
                for f in find_in(&levels, sizes_px, &finder, 1.0)? {
                    let on_top = labels.iter().any(|b| {
                        let bs = ((b.x1 - b.x0) * (b.y1 - b.y0)).max(0.0).sqrt();
                        let c = [(b.x0 + b.x1) / 2.0, (b.y0 + b.y1) / 2.0];
                        (c[0] - f.center[0]).hypot(c[1] - f.center[1]) < 0.3 * bs
                            && f.side > bs / 1.45
                            && f.side < bs * 1.45
                    });
                    if on_top {
                        continue;
                    }
                    let (img, w, h, k) = shrunk(&levels, f.side)?;
                    let ii = Integrals::new(&img, w, h);
                    let (x, y) = (
                        ((f.center[0] + 0.5) * k - 0.5).round() as i32,
                        ((f.center[1] + 0.5) * k - 0.5).round() as i32,
                    );
                    for _ in 0..3 {
                        self.samples.push((features(&ii, x, y), false));
                    }
                    added += 1;
                }
            }
            if added == 0 {
                break;
            }
            finder = train_finder(&self.samples);
        }
        let mut prototypes = Vec::new();
        let mut min_similarity = Vec::new();
        let mut examples = std::mem::take(&mut self.examples);
        examples.sort_by(|a, b| a.0.cmp(&b.0));
        for (face, ex) in &examples {
            let (protos, least) = cluster(ex);
            for (polar, samples) in protos {
                prototypes.push(ArtPrototype {
                    face: face.clone(),
                    samples,
                    polar,
                });
            }
            min_similarity.push((face.clone(), least));
        }
        let model = ArtModel {
            descriptor: ART_DESCRIPTOR.into(),
            sizes_px,
            finder,
            prototypes,
            min_similarity,
            bodies: Bodies::learn(&self.brightness),
        };
        model.validate(name)?;
        Ok(model)
    }
}

/// Several prototypes of one face's examples (turned onto each other and
/// averaged per cluster), and the least similarity of an example to its
/// nearest prototype.
fn cluster(ex: &[Vec<f32>]) -> (Vec<(Vec<f32>, usize)>, f32) {
    let shifts = turns();
    let k = (ex.len() / 8).clamp(1, 4);
    // Seeds: the example most like the others, then each next the one
    // least like the seeds so far.
    let sim = |a: &[f32], b: &[f32]| best_turn(a, b, &shifts).0;
    let medoid = (0..ex.len())
        .max_by(|&a, &b| {
            let sa: f32 = ex.iter().map(|e| sim(&ex[a], e)).sum();
            let sb: f32 = ex.iter().map(|e| sim(&ex[b], e)).sum();
            sa.total_cmp(&sb)
        })
        .unwrap_or(0);
    let mut centres: Vec<Vec<f32>> = vec![ex[medoid].clone()];
    while centres.len() < k {
        let far = (0..ex.len())
            .min_by(|&a, &b| {
                let fa = centres
                    .iter()
                    .map(|c| sim(&ex[a], c))
                    .fold(f32::MIN, f32::max);
                let fb = centres
                    .iter()
                    .map(|c| sim(&ex[b], c))
                    .fold(f32::MIN, f32::max);
                fa.total_cmp(&fb)
            })
            .unwrap_or(0);
        centres.push(ex[far].clone());
    }
    let mut counts = vec![0usize; centres.len()];
    for _round in 0..6 {
        let mut sums = vec![vec![0f32; DIM]; centres.len()];
        counts = vec![0; centres.len()];
        for e in ex {
            let (_, ci, shift) = centres
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let (s, sh) = best_turn(e, c, &shifts);
                    (s, i, sh)
                })
                .fold((f32::MIN, 0, 0), |a, b| if b.0 > a.0 { b } else { a });
            let t = turned(e, shift);
            sums[ci].iter_mut().zip(&t).for_each(|(s, v)| *s += v);
            counts[ci] += 1;
        }
        for (c, s) in centres.iter_mut().zip(sums) {
            if s.iter().any(|v| *v != 0.0) {
                let mut s = s;
                normalise(&mut s);
                *c = s;
            }
        }
    }
    let least = ex
        .iter()
        .map(|e| {
            centres
                .iter()
                .map(|c| best_turn(e, c, &shifts).0)
                .fold(f32::MIN, f32::max)
        })
        .fold(1.0f32, f32::min)
        .clamp(-1.0, 1.0);
    let protos = centres
        .into_iter()
        .zip(counts)
        .filter(|(_, n)| *n > 0)
        .collect();
    (protos, least)
}

/// The finder's linear first look: class-balanced logistic regression on the
/// standardised features, and the score that keeps 99.5 % of the tops.
fn train_gate(z: &[([f32; FEATURES], bool)], wp: f32, wn: f32) -> (Vec<f32>, f32) {
    let nw = FEATURES + 1;
    let mut w = vec![0f32; nw];
    let (mut m1, mut m2) = (vec![0f32; nw], vec![0f32; nw]);
    let (lr, b1, b2) = (0.01f32, 0.9f32, 0.999f32);
    let mut rng = Mix::new(0x6a7e);
    let mut order: Vec<usize> = (0..z.len()).collect();
    let mut t = 0i32;
    for _epoch in 0..15 {
        for i in (1..order.len()).rev() {
            let j = rng.below(i + 1);
            order.swap(i, j);
        }
        for chunk in order.chunks(64) {
            let mut g = vec![0f32; nw];
            for &idx in chunk {
                let (x, y) = &z[idx];
                let s = w[FEATURES] + w[..FEATURES].iter().zip(x).map(|(a, b)| a * b).sum::<f32>();
                let e = (sigmoid(s) - if *y { 1.0 } else { 0.0 }) * if *y { wp } else { wn };
                for k in 0..FEATURES {
                    g[k] += e * x[k];
                }
                g[FEATURES] += e;
            }
            t += 1;
            let bn = chunk.len() as f32;
            for i in 0..nw {
                let gi = g[i] / bn;
                m1[i] = b1 * m1[i] + (1.0 - b1) * gi;
                m2[i] = b2 * m2[i] + (1.0 - b2) * gi * gi;
                w[i] -= lr * (m1[i] / (1.0 - b1.powi(t)))
                    / ((m2[i] / (1.0 - b2.powi(t))).sqrt() + 1e-8);
            }
        }
    }
    let mut pos: Vec<f32> = z
        .iter()
        .filter(|s| s.1)
        .map(|(x, _)| w[FEATURES] + w[..FEATURES].iter().zip(x).map(|(a, b)| a * b).sum::<f32>())
        .collect();
    pos.sort_by(|a, b| a.total_cmp(b));
    let min = pos.get(pos.len() / 200).copied().unwrap_or(f32::MIN / 2.0);
    (w, min)
}

/// Train the finder's network (Adam, class-balanced logistic loss).
fn train_finder(samples: &[([f32; FEATURES], bool)]) -> Finder {
    let n = samples.len().max(1) as f32;
    let mut mean = vec![0f32; FEATURES];
    let mut scale = vec![0f32; FEATURES];
    for (x, _) in samples {
        for k in 0..FEATURES {
            mean[k] += x[k] / n;
        }
    }
    for (x, _) in samples {
        for k in 0..FEATURES {
            scale[k] += (x[k] - mean[k]).powi(2) / n;
        }
    }
    scale.iter_mut().for_each(|s| *s = s.sqrt().max(1e-3));
    let z: Vec<([f32; FEATURES], bool)> = samples
        .iter()
        .map(|(x, y)| {
            let mut v = [0f32; FEATURES];
            for k in 0..FEATURES {
                v[k] = (x[k] - mean[k]) / scale[k];
            }
            (v, *y)
        })
        .collect();
    let pos = z.iter().filter(|s| s.1).count().max(1) as f32;
    let neg = (z.len() as f32 - pos).max(1.0);
    let (wp, wn) = (0.5 * n / pos, 0.5 * n / neg);
    let mut rng = Mix::new(0xf1d3);
    let nw = HIDDEN * FEATURES + HIDDEN + HIDDEN + 1;
    let mut w: Vec<f32> = (0..nw)
        .map(|_| rng.range(-1.0, 1.0) * (1.0 / FEATURES as f32).sqrt())
        .collect();
    w[nw - 1] = 0.0;
    let (mut m1, mut m2) = (vec![0f32; nw], vec![0f32; nw]);
    let (lr, b1, b2) = (0.005f32, 0.9f32, 0.999f32);
    let mut t = 0i32;
    let mut order: Vec<usize> = (0..z.len()).collect();
    let batch = 64;
    let mut hbuf = [0f32; HIDDEN];
    for _epoch in 0..40 {
        for i in (1..order.len()).rev() {
            let j = rng.below(i + 1);
            order.swap(i, j);
        }
        for chunk in order.chunks(batch) {
            let mut g = vec![0f32; nw];
            for &idx in chunk {
                let (x, y) = &z[idx];
                let mut out = w[nw - 1];
                for j in 0..HIDDEN {
                    let row = &w[j * FEATURES..(j + 1) * FEATURES];
                    let a = w[HIDDEN * FEATURES + j]
                        + row.iter().zip(x).map(|(a, b)| a * b).sum::<f32>();
                    hbuf[j] = a.max(0.0);
                    out += w[HIDDEN * FEATURES + HIDDEN + j] * hbuf[j];
                }
                let p = sigmoid(out);
                let e = (p - if *y { 1.0 } else { 0.0 }) * if *y { wp } else { wn };
                g[nw - 1] += e;
                for j in 0..HIDDEN {
                    let w2 = w[HIDDEN * FEATURES + HIDDEN + j];
                    g[HIDDEN * FEATURES + HIDDEN + j] += e * hbuf[j];
                    if hbuf[j] > 0.0 {
                        let eh = e * w2;
                        g[HIDDEN * FEATURES + j] += eh;
                        for k in 0..FEATURES {
                            g[j * FEATURES + k] += eh * x[k];
                        }
                    }
                }
            }
            t += 1;
            let bn = chunk.len() as f32;
            for i in 0..nw {
                let gi = g[i] / bn;
                m1[i] = b1 * m1[i] + (1.0 - b1) * gi;
                m2[i] = b2 * m2[i] + (1.0 - b2) * gi * gi;
                let mh = m1[i] / (1.0 - b1.powi(t));
                let vh = m2[i] / (1.0 - b2.powi(t));
                w[i] -= lr * mh / (vh.sqrt() + 1e-8);
            }
        }
    }
    let (gate, gate_min) = train_gate(&z, wp, wn);
    Finder {
        gate,
        gate_min,
        mean,
        scale,
        w1: w[..HIDDEN * FEATURES].to_vec(),
        b1: w[HIDDEN * FEATURES..HIDDEN * FEATURES + HIDDEN].to_vec(),
        w2: w[HIDDEN * FEATURES + HIDDEN..nw - 1].to_vec(),
        b2: w[nw - 1],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plane_is_fitted_through_outliers() {
        let mut pts: Vec<([f32; 2], f32)> = (0..12)
            .map(|i| {
                let p = [(i * 97 % 640) as f32, (i * 53 % 480) as f32];
                (p, 30.0 + 0.01 * p[0] + 0.03 * p[1])
            })
            .collect();
        pts.push(([100.0, 100.0], 90.0));
        pts.push(([300.0, 50.0], 8.0));
        let c = fit_plane(&pts, 0.2).unwrap();
        let at = |x: f32, y: f32| c[0] + c[1] * x + c[2] * y;
        assert!((at(320.0, 240.0) - (30.0 + 3.2 + 7.2)).abs() < 0.5, "{c:?}");
        assert!(fit_plane(&[], 0.2).is_none());
        assert_eq!(fit_plane(&[([1.0, 1.0], 5.0)], 0.2), Some([5.0, 0.0, 0.0]));
    }

    #[test]
    fn a_close_call_goes_against_the_busy_face_and_stays_asked() {
        // Face 0 busy (least 0.93), faces 1 and 2 plain.
        let faces: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let model = ArtModel {
            descriptor: ART_DESCRIPTOR.into(),
            sizes_px: [20.0, 90.0],
            finder: Finder::default(),
            prototypes: vec![],
            min_similarity: faces.iter().cloned().zip([0.93, 0.87, 0.88]).collect(),
            bodies: None,
        };
        let verdict = |sims: &[f32]| verdict(&model, &faces, sims);
        // Ahead by 0.015: the plain face, asked, the raw best similarity.
        let (f, c, s) = verdict(&[0.89, 0.875, 0.6]).unwrap();
        assert_eq!((f, s), (1, 0.89));
        assert!(c <= ASKED, "{c}");
        // Ahead by 0.08: a clear call, read as the raw similarities say.
        let (f, c, _) = verdict(&[0.95, 0.87, 0.6]).unwrap();
        assert_eq!(f, 0);
        assert!(c >= SURE_READING, "{c}");
        // Like no face at all.
        assert!(verdict(&[0.5, 0.4, 0.3]).is_none());
    }

    #[test]
    fn the_likeliest_faces_and_close_rivals_climb() {
        // Faces 0..6, best grid similarity first: 2, 4, 0, 5, 1, 3.
        let sims = [0.80, 0.55, 0.95, 0.30, 0.90, 0.87];
        let order = [2, 4, 0, 5, 1, 3];
        // Three always; face 5 (0.87) is within 0.1 of 0.95, face 1 is not.
        assert_eq!(climbers(&order, &sims), 4);
        // Rivals are taken in order only: one far below ends the list.
        let sims = [0.60, 0.55, 0.95, 0.30, 0.90, 0.93];
        let order = [2, 5, 4, 0, 1, 3];
        assert_eq!(climbers(&order, &sims), 3);
        // Fewer faces than three (one body colour's faces), all climb.
        assert_eq!(climbers(&[1, 0], &[0.2, 0.9]), 2);
        assert_eq!(climbers(&[], &[]), 0);
    }

    #[test]
    fn a_turned_description_matches_by_a_shift() {
        let d: Vec<f32> = (0..DIM).map(|i| ((i * 37 % 101) as f32).sin()).collect();
        for shift in [0, 1, 9, 35] {
            let t = turned(&d, shift);
            let direct: f32 = t.iter().zip(&d).map(|(a, b)| a * b).sum();
            assert!((turned_dot(&d, &d, shift) - direct).abs() < 1e-3);
        }
        let t = Turned::new(&d, &turns());
        for (row, &shift) in t.rows.iter().zip(&t.shifts) {
            assert!((dot(row, &d) - turned_dot(&d, &d, shift)).abs() < 1e-3);
        }
        assert_eq!(t.best(&d).1, 0);
        assert_eq!(turns().len(), 12);
        assert!(turns().iter().all(|&s| s < ANGLES));
    }

    #[test]
    fn halving_gives_the_clamped_two_by_two_means_bit_for_bit() {
        for (w, h) in [(1, 1), (1, 5), (2, 2), (7, 5), (64, 33)] {
            let v: Vec<f32> = (0..w * h).map(|i| ((i * 7919) % 256) as f32 * 0.37).collect();
            let p = Plane { w, h, v };
            let got = half(&p);
            let (hw, hh) = ((w / 2).max(1), (h / 2).max(1));
            assert_eq!((got.w, got.h), (hw, hh));
            for y in 0..hh {
                for x in 0..hw {
                    let (x0, y0) = ((2 * x).min(w - 1), (2 * y).min(h - 1));
                    let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
                    let want = 0.25
                        * (p.v[y0 * w + x0] + p.v[y0 * w + x1] + p.v[y1 * w + x0] + p.v[y1 * w + x1]);
                    assert_eq!(got.v[y * hw + x].to_bits(), want.to_bits(), "{w}×{h} ({x}, {y})");
                }
            }
        }
    }

    /// The direction sum per pixel as it was: atan2, then cos and sin of
    /// four times the angle (and the ring by `hypot`).
    fn edge_angle_reference(p: &Plane, c: [f32; 2], s: f32, squash: f32) -> f32 {
        let (r0, r1) = (0.2 * s, 0.65 * s);
        let (mut cs, mut sn) = (0f32, 0f32);
        for y in 1..p.h - 1 {
            for x in 1..p.w - 1 {
                let d = (x as f32 - c[0]).hypot((y as f32 - c[1]) / squash);
                if d < r0 || d > r1 {
                    continue;
                }
                let gx = p.v[y * p.w + x + 1] - p.v[y * p.w + x - 1];
                let gy = (p.v[(y + 1) * p.w + x] - p.v[(y - 1) * p.w + x]) * squash;
                let t = 4.0 * gy.atan2(gx);
                cs += (gx * gx + gy * gy) * t.cos();
                sn += (gx * gx + gy * gy) * t.sin();
            }
        }
        sn.atan2(cs) / 4.0
    }

    #[test]
    fn the_edge_angle_finds_a_turned_square_as_atan2_did() {
        let (w, h, side) = (120usize, 120usize, 40.0f32);
        for (turn, squash) in [(0.0f32, 1.0f32), (0.3, 1.0), (-0.6, 1.0), (0.5, 0.7)] {
            // A bright square turned by `turn`, foreshortened vertically,
            // its edges ramped over 4 px (hard edges are axis-aligned steps).
            let (sn, cs) = turn.sin_cos();
            let data: Vec<u8> = (0..w * h)
                .map(|i| {
                    let (x, y) = ((i % w) as f32 - 60.0, ((i / w) as f32 - 60.0) / squash);
                    let (u, v) = (x * cs + y * sn, -x * sn + y * cs);
                    let inside = ((15.0 - u.abs().max(v.abs())) / 4.0 + 0.5).clamp(0.0, 1.0);
                    (30.0 + 190.0 * inside) as u8
                })
                .collect();
            let gray = GrayImage {
                width: w,
                height: h,
                data,
            };
            let plane = Plane::from_gray(&gray);
            let want = edge_angle_reference(&plane, [60.0, 60.0], side, squash);
            let prep = Prepared {
                gray,
                pyramid: vec![plane],
                bgr: Vec::new(),
            };
            let got = edge_angle(&prep, [60.0, 60.0], side, squash);
            assert!((got - want).abs() < 1e-4, "turn {turn}: {got} vs {want}");
            let quarter = std::f32::consts::FRAC_PI_2;
            let off = (got - turn).rem_euclid(quarter);
            assert!(off.min(quarter - off) < 0.05, "turn {turn}: {got}");
        }
    }

    #[test]
    fn the_scan_covers_the_enrolled_sizes() {
        let s = scan_sizes([20.0, 80.0]);
        assert!(s[0] <= 20.0 && *s.last().unwrap() >= 80.0, "{s:?}");
        assert!(s.windows(2).all(|w| w[1] > w[0]));
    }
}
