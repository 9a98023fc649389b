//! Drift: noticing that the board or the camera moved since calibration,
//! and re-registering the board from its own print.
//!
//! A [`BoardReference`] is taken from one frame at calibration time (the
//! board as the calibration saw it, ideally without dice) and the
//! calibration's board → image homography. [`BoardReference::check`] then
//! compares a later frame with it and returns an [`Alignment`]: the
//! image → image homography `delta` (reference pixels → current pixels),
//! how far the board area moved in pixels, and a [`Verdict`]:
//!
//! - [`Verdict::Aligned`]: the board is where the calibration put it
//!   (every sampled board point moved less than [`DriftConfig::aligned_px`]);
//! - [`Verdict::Moved`]: it moved, and was found again confidently; the
//!   verdict carries the re-registered board → image homography
//!   (`delta ∘ board_to_image`);
//! - [`Verdict::Lost`]: the frame cannot be matched with the reference (too
//!   few features or matches, board covered, implausible or unsure fit),
//!   with the reason. The calibration should not be trusted either way.
//!
//! Method:
//!
//! 1. ORB features of the board area on a shrunk grey image (≈ 640 px
//!    wide), brute-force Hamming matching with a ratio test, a robust
//!    homography (OpenCV's RHO). Up to three more motions are sought among
//!    the matches the first leaves out: a board with a symmetric print can
//!    match itself turned by its symmetry, and features on the rim can
//!    follow the still table.
//! 2. Each plausible motion is refined at ≈ 1280 px: small textured patches
//!    of the reference (corners picked by `good_features_to_track`) are
//!    found again by normalised cross-correlation in the frame warped back
//!    through it, to a fraction of a pixel (peaks that are flat in some
//!    direction are dropped), and the homography is refitted on them
//!    (robustly again, so dice or a hand over a patch are outliers). Before
//!    that, the sharper of reference and frame is blurred along x and y to
//!    match the other's sharpness, else a blurred frame puts patches off by
//!    a pixel or two.
//! 3. The motion that keeps the most patches wins; if another one, clearly
//!    elsewhere, keeps nearly as many, the verdict is `Lost` (ambiguous).
//!    A motion is plausible when the board's image keeps its size (×0.6 to
//!    ×1.6), shape and orientation, moves less than 30% of the image
//!    diagonal and turns less than 30°.
//!
//! Normalised cross-correlation and ORB's binary tests ignore a global
//! gain, offset or white-balance change. The fit's own uncertainty is
//! estimated by fitting each half of the correspondences separately and
//! comparing where they put the board.
//!
//! Everything here works on the pixels it is given: with a lens model, pass
//! undistorted frames and the profile's (undistorted) `table_to_image`.

use crate::error::{CalibrationError, Result};
use crate::homography::{dist, Homography};
use crate::lens::to_gray;
use crate::profile::CalibrationProfile;
use opencv::core::{self, KeyPoint, Mat, Point, Point2f, Scalar, Size, Vector, CV_8U};
use opencv::prelude::*;
use opencv::{calib3d, features2d, imgproc};
use serde::Serialize;

/// Largest frame side accepted, and largest pixel count.
pub const MAX_SIDE: i32 = 16_384;
pub const MAX_PIXELS: i64 = 64 * 1024 * 1024;
/// Smallest frame side accepted.
pub const MIN_SIDE: i32 = 64;

/// Knobs of the drift check. [`Default`] holds the settings the drift figures
/// were measured with (`docs/measurements/2026-11-26-drift.md`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DriftConfig {
    /// Frames are shrunk to this width (at most) to find features.
    pub feature_width: u32,
    /// ... and to this width for the fine patch alignment.
    pub fine_width: u32,
    /// Features kept from the reference's board area.
    pub reference_features: usize,
    /// Features looked for in a checked frame (whole frame).
    pub frame_features: usize,
    /// Lowe's ratio test: best match distance / second best below this.
    pub ratio: f32,
    /// RANSAC inlier distance for the feature fit, full-resolution px.
    pub ransac_px: f64,
    /// Fewer ratio-test matches or RANSAC inliers than this: `Lost`.
    pub min_matches: usize,
    pub min_inliers: usize,
    /// Every sampled board point moved less than this (px): `Aligned`.
    pub aligned_px: f64,
    /// Estimated uncertainty (px at the board's outline) above this: `Lost`.
    pub max_uncertainty_px: f64,
    /// The matched points must span at least this share of the board
    /// area's image (convex hull), else the fit extrapolates: `Lost`.
    pub min_coverage: f64,
    /// Largest believable displacement, as a share of the image diagonal.
    pub max_shift_fraction: f64,
    /// Largest believable turn of the board's image, degrees. Also what
    /// keeps a board with a symmetric print from matching itself turned by
    /// a quarter or half turn.
    pub max_turn_deg: f64,
}

impl DriftConfig {
    /// Refuses knobs that make no sense (a ratio outside (0, 1], widths
    /// under 64 px, negative or non-finite distances).
    pub fn validate(&self) -> Result<()> {
        let ok = self.feature_width >= 64
            && self.fine_width >= 64
            && self.reference_features >= 8
            && self.frame_features >= 8
            && self.ratio > 0.0
            && self.ratio <= 1.0
            && [self.ransac_px, self.aligned_px, self.max_uncertainty_px]
                .iter()
                .all(|v| v.is_finite() && *v > 0.0)
            && (0.0..=1.0).contains(&self.min_coverage)
            && self.max_shift_fraction.is_finite()
            && self.max_shift_fraction > 0.0
            && (0.0..=180.0).contains(&self.max_turn_deg);
        if ok {
            Ok(())
        } else {
            Err(drift_err(format!("unusable drift settings: {self:?}")))
        }
    }
}

impl Default for DriftConfig {
    fn default() -> Self {
        DriftConfig {
            feature_width: 640,
            fine_width: 1280,
            reference_features: 1000,
            frame_features: 2000,
            ratio: 0.8,
            ransac_px: 4.0,
            min_matches: 15,
            min_inliers: 15,
            aligned_px: 1.5,
            max_uncertainty_px: 1.0,
            min_coverage: 0.2,
            max_shift_fraction: 0.3,
            max_turn_deg: 30.0,
        }
    }
}

/// Why a frame could not be matched with the reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LostReason {
    /// The frame shows almost no texture (blank, dark, covered, out of focus).
    TooFewFeatures { found: usize, needed: usize },
    /// Features, but too few that look like the reference board's.
    TooFewMatches { matches: usize, needed: usize },
    /// Matches, but too few agree on one motion of the board plane.
    TooFewInliers { inliers: usize, needed: usize },
    /// The agreeing matches sit in a small part of the board area.
    Clustered { coverage: f64, needed: f64 },
    /// The fitted motion is not one a bumped board or camera makes.
    Implausible { what: String },
    /// The frame matches the reference in two different positions about as
    /// well (a board with a symmetric print turned by its period?).
    Ambiguous,
    /// The fit is too unsure to say where the board is.
    Unsure { uncertainty_px: f64, limit_px: f64 },
}

impl std::fmt::Display for LostReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LostReason::TooFewFeatures { found, needed } => write!(
                f,
                "the frame shows too little texture ({found} features, {needed} needed): blank, dark, covered or blurred"
            ),
            LostReason::TooFewMatches { matches, needed } => write!(
                f,
                "the board is not recognised ({matches} features match the reference, {needed} needed): covered, or not this board"
            ),
            LostReason::TooFewInliers { inliers, needed } => write!(
                f,
                "too few matches agree on one movement of the board ({inliers}, {needed} needed)"
            ),
            LostReason::Clustered { coverage, needed } => write!(
                f,
                "the matches cover only {:.0}% of the board area ({:.0}% needed): most of the board is hidden",
                coverage * 100.0,
                needed * 100.0
            ),
            LostReason::Implausible { what } => write!(f, "implausible movement: {what}"),
            LostReason::Ambiguous => write!(
                f,
                "the board matches the reference in two positions about equally well (turned by its print's symmetry?)"
            ),
            LostReason::Unsure { uncertainty_px, limit_px } => write!(
                f,
                "the board's position is unsure (±{uncertainty_px:.1} px, limit {limit_px:.1} px)"
            ),
        }
    }
}

/// What the check concluded.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// The calibration still holds.
    Aligned,
    /// The board moved and was found again: score with this map instead.
    Moved { new_board_to_image: Homography },
    /// Cannot tell where the board is; do not score with the calibration.
    Lost { why: LostReason },
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Aligned => "aligned",
            Verdict::Moved { .. } => "moved",
            Verdict::Lost { .. } => "lost",
        }
    }
}

/// The outcome of one [`BoardReference::check`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alignment {
    pub verdict: Verdict,
    /// Reference pixels → current pixels (full resolution), when a fit was
    /// made (also on some `Lost` verdicts, for display).
    pub delta: Option<Homography>,
    /// Largest and mean displacement (px) of the board area's outline and
    /// of a grid of points inside it, under `delta`.
    pub max_px: Option<f64>,
    pub mean_px: Option<f64>,
    /// Displacement (px) of each vertex of the board area polygon.
    pub vertex_px: Vec<f64>,
    /// Estimated uncertainty of the board's position under `delta` (px):
    /// half the largest disagreement between fits on two halves of the
    /// correspondences.
    pub uncertainty_px: Option<f64>,
    /// Features found in the frame, ratio-test matches with the reference,
    /// and RANSAC inliers of the feature fit.
    pub features: usize,
    pub matches: usize,
    pub inliers: usize,
    /// Patches of the reference the fine step looks for, how many it found
    /// again, and how many of them the final fit kept (0 when the fine
    /// step did not run).
    pub patches: usize,
    pub patches_found: usize,
    pub patch_inliers: usize,
    /// Share of the board area's image spanned by the fit's points.
    pub coverage: Option<f64>,
    /// Sharpness of the frame against the reference, and the blur the fine
    /// step applied to even them out (when it ran).
    pub blur: Option<BlurMatch>,
}

/// How the fine step evened out a difference in sharpness: Gaussian blur
/// (σ along x and y, feature-scale px) applied to the reference or to the
/// frame before matching patches, from each one's sharpness ([`sharpness`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BlurMatch {
    pub reference_sharpness: [f64; 2],
    pub frame_sharpness: [f64; 2],
    pub reference: [f64; 2],
    pub frame: [f64; 2],
}

impl Alignment {
    fn lost(why: LostReason) -> Alignment {
        Alignment {
            verdict: Verdict::Lost { why },
            delta: None,
            max_px: None,
            mean_px: None,
            vertex_px: Vec::new(),
            uncertainty_px: None,
            features: 0,
            matches: 0,
            inliers: 0,
            patches: 0,
            patches_found: 0,
            patch_inliers: 0,
            coverage: None,
            blur: None,
        }
    }
}

/// One hypothesis of the board's motion and the correspondences behind it.
struct Fit {
    delta: Homography,
    /// RANSAC inliers of the feature fit.
    inliers: usize,
    /// The correspondences of the final fit (full-resolution px).
    from: Vec<[f64; 2]>,
    to: Vec<[f64; 2]>,
    patches_found: usize,
    patch_inliers: usize,
}

/// What the drift check keeps of the calibration frame.
#[derive(Debug, Clone)]
pub struct BoardReference {
    config: DriftConfig,
    size: [i32; 2],
    board_to_image: Homography,
    /// The board area in reference image pixels (full resolution).
    polygon_px: Vec<[f64; 2]>,
    /// Board points (image px) whose displacement is measured.
    samples_px: Vec<[f64; 2]>,
    /// Area (px², full resolution) of the board area inside the frame.
    area_px: f64,
    feature_scale: f64,
    fine_scale: f64,
    /// Reference keypoints, full-resolution px, and their ORB descriptors.
    points: Vec<[f64; 2]>,
    descriptors: Vec<Descriptor>,
    /// Patch centres (fine px) and the reference at the fine scale they
    /// are cut from (re-blurred when a frame is blurrier).
    patches: Vec<[f64; 2]>,
    fine: Mat,
    /// The reference at the feature scale, its board mask, and its
    /// sharpness along x and y ([`sharpness`]).
    small: Mat,
    small_mask: Mat,
    sharp: [f64; 2],
}

/// Half size of a fine patch (fine px) and the search radius around the
/// predicted position.
const PATCH_HALF: i32 = 8;
const SEARCH: i32 = 4;
/// Normalised cross-correlation a patch must reach to count as found.
const MIN_NCC: f64 = 0.75;
/// Curvature (per px²) the correlation peak must have in its flattest
/// direction.
const MIN_CURVATURE: f64 = 0.02;

fn drift_err(msg: impl Into<String>) -> CalibrationError {
    CalibrationError::Drift(msg.into())
}

/// Checks a frame's type and size; returns (width, height).
fn frame_size(frame: &Mat, what: &str) -> Result<[i32; 2]> {
    if frame.empty() {
        return Err(drift_err(format!("the {what} is empty (no pixels)")));
    }
    if frame.dims() != 2 {
        return Err(drift_err(format!("the {what} is not a 2-D image")));
    }
    if frame.depth() != CV_8U {
        return Err(drift_err(format!(
            "the {what} must have 8-bit channels (got OpenCV depth {})",
            frame.depth()
        )));
    }
    if !matches!(frame.channels(), 1 | 3 | 4) {
        return Err(drift_err(format!(
            "the {what} must be grey, BGR or BGRA (got {} channels)",
            frame.channels()
        )));
    }
    let (w, h) = (frame.cols(), frame.rows());
    if w < MIN_SIDE || h < MIN_SIDE {
        return Err(drift_err(format!(
            "the {what} is {w}×{h} px; at least {MIN_SIDE}×{MIN_SIDE} is needed"
        )));
    }
    if w > MAX_SIDE || h > MAX_SIDE || (w as i64) * (h as i64) > MAX_PIXELS {
        return Err(drift_err(format!(
            "the {what} is {w}×{h} px; at most {MAX_SIDE} px a side and {} megapixels are accepted",
            MAX_PIXELS / (1024 * 1024)
        )));
    }
    Ok([w, h])
}

fn shrink(gray: &Mat, scale: f64) -> Result<Mat> {
    if scale >= 1.0 {
        return Ok(gray.clone());
    }
    let size = Size::new(
        ((gray.cols() as f64 * scale).round() as i32).max(1),
        ((gray.rows() as f64 * scale).round() as i32).max(1),
    );
    let mut out = Mat::default();
    imgproc::resize(gray, &mut out, size, 0.0, 0.0, imgproc::INTER_AREA)?;
    Ok(out)
}

fn scale_of(width: i32, target: u32) -> f64 {
    (target.max(16) as f64 / width as f64).min(1.0)
}

/// Scales coordinates: `S · H · S⁻¹` for `S = diag(s, s, 1)`.
fn rescaled(h: &Homography, s: f64) -> Homography {
    let sm = Homography([[s, 0.0, 0.0], [0.0, s, 0.0], [0.0, 0.0, 1.0]]);
    let si = Homography([[1.0 / s, 0.0, 0.0], [0.0, 1.0 / s, 0.0], [0.0, 0.0, 1.0]]);
    sm.then_after(&h.then_after(&si))
}

fn to_mat(h: &Homography) -> Result<Mat> {
    Ok(Mat::from_slice_2d(&h.0)?)
}

fn from_mat(m: &Mat) -> Option<Homography> {
    if m.rows() != 3 || m.cols() != 3 || m.typ() != core::CV_64F {
        return None;
    }
    let mut h = [[0.0; 3]; 3];
    for (r, row) in h.iter_mut().enumerate() {
        for (c, v) in row.iter_mut().enumerate() {
            *v = *m.at_2d::<f64>(r as i32, c as i32).ok()?;
        }
    }
    let h = Homography(h).normalized();
    (h.is_finite() && h.determinant().abs() > 1e-12).then_some(h)
}

/// Signed area of a polygon (shoelace).
fn signed_area(p: &[[f64; 2]]) -> f64 {
    let n = p.len();
    (0..n)
        .map(|i| {
            let (a, b) = (p[i], p[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum::<f64>()
        / 2.0
}

fn point_in_polygon(p: [f64; 2], poly: &[[f64; 2]]) -> bool {
    let mut inside = false;
    let n = poly.len();
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// Fills `poly` (px at `scale`) into a mask of `size`.
fn polygon_mask(size: Size, poly: &[[f64; 2]], scale: f64) -> Result<Mat> {
    let mut mask =
        Mat::new_rows_cols_with_default(size.height, size.width, core::CV_8UC1, Scalar::all(0.0))?;
    // Clamp far-away vertices so fill_poly's fixed-point maths cannot overflow.
    let lim = 4.0 * (size.width.max(size.height) as f64);
    let pts: Vector<Point> = poly
        .iter()
        .map(|p| {
            Point::new(
                (p[0] * scale).clamp(-lim, lim).round() as i32,
                (p[1] * scale).clamp(-lim, lim).round() as i32,
            )
        })
        .collect();
    let mut v = Vector::<Vector<Point>>::new();
    v.push(pts);
    imgproc::fill_poly(
        &mut mask,
        &v,
        Scalar::all(255.0),
        imgproc::LINE_8,
        0,
        Point::default(),
    )?;
    Ok(mask)
}

fn erode(mask: &Mat, r: i32) -> Result<Mat> {
    if r <= 0 {
        return Ok(mask.clone());
    }
    let k = imgproc::get_structuring_element(
        imgproc::MORPH_RECT,
        Size::new(2 * r + 1, 2 * r + 1),
        Point::new(-1, -1),
    )?;
    let mut out = Mat::default();
    imgproc::erode(
        mask,
        &mut out,
        &k,
        Point::new(-1, -1),
        1,
        core::BORDER_CONSTANT,
        Scalar::all(0.0),
    )?;
    Ok(out)
}

fn orb(n: usize) -> Result<core::Ptr<features2d::ORB>> {
    Ok(features2d::ORB::create(
        n.clamp(1, 100_000) as i32,
        1.2,
        6,
        19,
        0,
        2,
        features2d::ORB_ScoreType::HARRIS_SCORE,
        19,
        12,
    )?)
}

fn detect(img: &Mat, mask: &impl core::ToInputArray, n: usize) -> Result<(Vector<KeyPoint>, Mat)> {
    let mut det = orb(n)?;
    let mut kps = Vector::<KeyPoint>::new();
    let mut desc = Mat::default();
    det.detect_and_compute(img, mask, &mut kps, &mut desc, false)?;
    Ok((kps, desc))
}

/// Keeps at most `n` keypoints, spread over an 8×8 grid of the image (a
/// share per cell, strongest first) so that a few busy spots — the
/// markers, a painted face — do not take them all.
fn spread_out(kps: &Vector<KeyPoint>, size: Size, n: usize) -> Vec<usize> {
    const G: usize = 8;
    let mut order: Vec<usize> = (0..kps.len()).collect();
    let resp = |i: usize| kps.get(i).map(|k| k.response()).unwrap_or(0.0);
    order.sort_by(|&a, &b| resp(b).total_cmp(&resp(a)));
    let cell = |i: usize| -> usize {
        let p = kps.get(i).map(|k| k.pt()).unwrap_or_default();
        let cx = ((p.x as f64 / size.width.max(1) as f64) * G as f64).clamp(0.0, G as f64 - 1.0)
            as usize;
        let cy = ((p.y as f64 / size.height.max(1) as f64) * G as f64).clamp(0.0, G as f64 - 1.0)
            as usize;
        cy * G + cx
    };
    let mut quota = (n / (G * G)).max(4);
    let mut keep = Vec::new();
    let mut taken = vec![false; order.len()];
    // Raise the per-cell quota until n are kept or none are left.
    while keep.len() < n && keep.len() < order.len() {
        let mut count = [0usize; G * G];
        for &i in &keep {
            count[cell(i)] += 1;
        }
        let before = keep.len();
        for (k, &i) in order.iter().enumerate() {
            if keep.len() >= n {
                break;
            }
            if !taken[k] && count[cell(i)] < quota {
                taken[k] = true;
                count[cell(i)] += 1;
                keep.push(i);
            }
        }
        if keep.len() == before {
            quota *= 2;
        }
    }
    keep
}

/// The template rectangle of a patch centred at `c` (fine px), if it lies
/// inside a `w` × `h` image.
fn patch_rect(c: [f64; 2], w: i32, h: i32) -> Option<core::Rect> {
    let (x, y) = (c[0].round() as i32, c[1].round() as i32);
    let r = core::Rect::new(
        x - PATCH_HALF,
        y - PATCH_HALF,
        2 * PATCH_HALF + 1,
        2 * PATCH_HALF + 1,
    );
    (r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h).then_some(r)
}

/// Gaussian blur with separate σ along x and y (px); σ ≤ 0: none.
fn blur_axes(img: &Mat, sx: f64, sy: f64) -> Result<Mat> {
    if sx <= 0.0 && sy <= 0.0 {
        return Ok(img.clone());
    }
    let mut out = Mat::default();
    // A σ of 0 would make OpenCV use the other axis's σ: a hair instead.
    imgproc::gaussian_blur(
        img,
        &mut out,
        Size::new(0, 0),
        sx.max(0.01),
        sy.max(0.01),
        core::BORDER_REPLICATE,
    )?;
    Ok(out)
}

/// Mean squared Sobel derivative along `axis` (0: x, 1: y) inside `mask`.
fn grad_energy(img: &Mat, mask: &Mat, axis: usize) -> Result<f64> {
    let mut d = Mat::default();
    let (dx, dy) = if axis == 0 { (1, 0) } else { (0, 1) };
    imgproc::sobel(
        img,
        &mut d,
        core::CV_32F,
        dx,
        dy,
        3,
        1.0,
        0.0,
        core::BORDER_REPLICATE,
    )?;
    let mut sq = Mat::default();
    core::multiply(&d, &d, &mut sq, 1.0, -1)?;
    Ok(core::mean(&sq, mask)?[0])
}

/// Sharpness along `axis`: the gradient energy of the image over that of
/// the image blurred (σ 1.5 px). About 1 for a blurred image, larger for a
/// sharp one; unchanged by contrast, and little by how much of the area
/// carries texture (dice, a hand), unlike the energy itself.
pub fn sharpness(img: &Mat, mask: &Mat, axis: usize) -> Result<f64> {
    let e = grad_energy(img, mask, axis)?;
    let b = grad_energy(&blur_axes(img, 1.5, 1.5)?, mask, axis)?;
    Ok(if b > 1e-9 { e / b } else { 1.0 })
}

/// σ (px) of a blur along `axis` that brings `img`'s sharpness down to
/// `target`: tried on a ladder of σ, interpolated between the two rungs
/// around the target.
fn sigma_for(img: &Mat, mask: &Mat, axis: usize, from: f64, target: f64) -> Result<f64> {
    let (mut s0, mut v0) = (0.0, from);
    for s1 in [0.5, 0.8, 1.2, 1.7, 2.4, 3.4] {
        let b = if axis == 0 {
            blur_axes(img, s1, 0.0)?
        } else {
            blur_axes(img, 0.0, s1)?
        };
        let v1 = sharpness(&b, mask, axis)?;
        if v1 <= target {
            let t = if v0 > v1 {
                ((v0 - target) / (v0 - v1)).clamp(0.0, 1.0)
            } else {
                1.0
            };
            return Ok(s0 + t * (s1 - s0));
        }
        (s0, v0) = (s1, v1);
    }
    Ok(s0)
}

/// Sharpness ratios below this (blurrier / sharper) are evened out.
const SHARPNESS_TOLERANCE: f64 = 0.9;

/// A 256-bit ORB descriptor.
type Descriptor = [u64; 4];

/// The rows of an ORB descriptor matrix (n × 32 bytes).
fn descriptor_rows(desc: &Mat) -> Result<Vec<Descriptor>> {
    if desc.empty() {
        return Ok(Vec::new());
    }
    if desc.cols() != 32 || desc.typ() != core::CV_8UC1 || !desc.is_continuous() {
        return Err(drift_err("unexpected ORB descriptor layout"));
    }
    Ok(desc
        .data_bytes()?
        .chunks_exact(32)
        .map(|c| {
            std::array::from_fn(|i| {
                u64::from_le_bytes(c[i * 8..i * 8 + 8].try_into().unwrap_or([0; 8]))
            })
        })
        .collect())
}

fn hamming(a: &Descriptor, b: &Descriptor) -> u32 {
    (a[0] ^ b[0]).count_ones()
        + (a[1] ^ b[1]).count_ones()
        + (a[2] ^ b[2]).count_ones()
        + (a[3] ^ b[3]).count_ones()
}

/// For each query descriptor, its nearest train descriptor if that is
/// clearly nearer than the second nearest (distance < `ratio` × second).
/// Brute force: a few hundred thousand pairs, with the CPU's popcount
/// instruction where it has one.
fn knn2_ratio(query: &[Descriptor], train: &[Descriptor], ratio: f32) -> Vec<(usize, usize)> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has the instruction the function is built with.
            return unsafe { knn2_ratio_popcnt(query, train, ratio) };
        }
    }
    knn2_ratio_plain(query, train, ratio)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn knn2_ratio_popcnt(
    query: &[Descriptor],
    train: &[Descriptor],
    ratio: f32,
) -> Vec<(usize, usize)> {
    knn2_ratio_plain(query, train, ratio)
}

#[inline(always)]
fn knn2_ratio_plain(query: &[Descriptor], train: &[Descriptor], ratio: f32) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if train.len() < 2 {
        return out;
    }
    for (qi, q) in query.iter().enumerate() {
        let (mut best, mut second, mut at) = (u32::MAX, u32::MAX, 0);
        for (ti, t) in train.iter().enumerate() {
            let d = hamming(q, t);
            if d < best {
                second = best;
                best = d;
                at = ti;
            } else if d < second {
                second = d;
            }
        }
        if (best as f32) < ratio * second as f32 {
            out.push((qi, at));
        }
    }
    out
}

/// Least-squares homography fits on the even and the odd correspondences;
/// half their largest disagreement over `samples` (px), or infinity.
fn split_half_uncertainty(from: &[[f64; 2]], to: &[[f64; 2]], samples: &[[f64; 2]]) -> f64 {
    let pick = |parity: usize| -> (Vec<[f64; 2]>, Vec<[f64; 2]>) {
        from.iter()
            .zip(to)
            .enumerate()
            .filter(|(i, _)| i % 2 == parity)
            .map(|(_, (a, b))| (*a, *b))
            .unzip()
    };
    let (fa, ta) = pick(0);
    let (fb, tb) = pick(1);
    if fa.len() < 6 || fb.len() < 6 {
        return f64::INFINITY;
    }
    let (Some(ha), Some(hb)) = (Homography::fit(&fa, &ta), Homography::fit(&fb, &tb)) else {
        return f64::INFINITY;
    };
    samples
        .iter()
        .map(|p| match (ha.map(*p), hb.map(*p)) {
            (Some(a), Some(b)) => dist(a, b) / 2.0,
            _ => f64::INFINITY,
        })
        .fold(0.0, f64::max)
}

/// Convex hull area of `pts` (px²).
fn hull_area(pts: &[[f64; 2]]) -> Result<f64> {
    if pts.len() < 3 {
        return Ok(0.0);
    }
    let v: Vector<Point2f> = pts
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let mut hull = Vector::<Point2f>::new();
    imgproc::convex_hull(&v, &mut hull, false, true)?;
    Ok(imgproc::contour_area(&hull, false)?)
}

/// Robust homography `from → to`; the map and the inlier mask.
fn ransac(from: &[[f64; 2]], to: &[[f64; 2]], thr: f64) -> Result<Option<(Homography, Vec<bool>)>> {
    if from.len() < 4 {
        return Ok(None);
    }
    let f: Vector<Point2f> = from
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let t: Vector<Point2f> = to
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let mut mask = Mat::default();
    // RHO (PROSAC-like) rather than plain RANSAC: as robust here and many
    // times faster on matches with few inliers (the second-motion search).
    let m = calib3d::find_homography_ext(&f, &t, calib3d::RHO, thr, &mut mask, 2000, 0.995)?;
    let Some(h) = from_mat(&m) else {
        return Ok(None);
    };
    if mask.empty() || mask.total() != from.len() {
        return Ok(None);
    }
    let inl: Vec<bool> = mask.data_bytes()?.iter().map(|&b| b != 0).collect();
    Ok(Some((h, inl)))
}

impl BoardReference {
    /// Takes a reference from `frame` (8-bit grey, BGR or BGRA; the board as
    /// the calibration saw it, ideally without dice), the calibration's
    /// `board_to_image` (board mm → frame px) and the board area to follow
    /// as a polygon in board mm: for the round Dungeon Fighter board its
    /// disc ([`disc_polygon`] of the bone rim), so that a board slid on a
    /// still table counts as moved; [`area_polygon`] for the whole
    /// calibrated area (table, markers and board moving together). Fails, with the reason, when the inputs are unusable: an
    /// empty or odd frame, a non-finite or singular map, a board area that
    /// is not in front of the camera or hardly in the frame, or a board
    /// area with too little texture to be recognised again.
    pub fn new(
        frame: &Mat,
        board_to_image: &Homography,
        board_area_mm: &[[f64; 2]],
    ) -> Result<Self> {
        Self::with_config(frame, board_to_image, board_area_mm, DriftConfig::default())
    }

    /// [`BoardReference::new`] with other knobs.
    pub fn with_config(
        frame: &Mat,
        board_to_image: &Homography,
        board_area_mm: &[[f64; 2]],
        config: DriftConfig,
    ) -> Result<Self> {
        config.validate()?;
        let size = frame_size(frame, "reference frame")?;
        if !board_to_image.is_finite() || board_to_image.inverse().is_none() {
            return Err(drift_err(
                "the board → image homography is not finite or not invertible",
            ));
        }
        if board_area_mm.len() < 3 || !board_area_mm.iter().flatten().all(|v| v.is_finite()) {
            return Err(drift_err(
                "the board area needs at least three finite corners (mm)",
            ));
        }
        let mut polygon_px = Vec::new();
        for p in board_area_mm {
            match board_to_image.map(*p) {
                Some(q) if q.iter().all(|v| v.is_finite() && v.abs() < 1e7) => polygon_px.push(q),
                _ => {
                    return Err(drift_err(format!(
                        "board point {p:?} mm does not map in front of the camera (check the homography and the area)"
                    )))
                }
            }
        }
        if signed_area(&polygon_px).abs() < 1.0 {
            return Err(drift_err(
                "the board area maps onto a line or a point in the image",
            ));
        }
        let fs = scale_of(size[0], config.feature_width);
        let xs = scale_of(size[0], config.fine_width);
        let gray = to_gray(frame)?;
        let small = shrink(&gray, fs)?;
        let mask = polygon_mask(small.size()?, &polygon_px, fs)?;
        let inside = core::count_non_zero(&mask)? as f64;
        let area_px = inside / (fs * fs);
        let small_area = (small.cols() * small.rows()) as f64;
        if inside < 0.02 * small_area || inside < 1500.0 {
            return Err(drift_err(format!(
                "the board area covers only {:.1}% of the frame: too little to recognise it",
                100.0 * inside / small_area
            )));
        }
        let (kps, desc) = detect(&small, &mask, config.reference_features * 3)?;
        let keep = spread_out(&kps, small.size()?, config.reference_features);
        if keep.len() < 2 * config.min_inliers.max(4) {
            return Err(drift_err(format!(
                "the board area shows too little texture to recognise it again ({} features, {} needed)",
                keep.len(),
                2 * config.min_inliers.max(4)
            )));
        }
        let all = descriptor_rows(&desc)?;
        let mut points = Vec::with_capacity(keep.len());
        let mut descriptors = Vec::with_capacity(keep.len());
        for &i in &keep {
            let p = kps.get(i)?.pt();
            points.push([p.x as f64 / fs, p.y as f64 / fs]);
            descriptors.push(all[i]);
        }
        let fine = shrink(&gray, xs)?;
        let patches = Self::pick_patches(&fine, &polygon_px, xs)?;
        let sharp = [sharpness(&small, &mask, 0)?, sharpness(&small, &mask, 1)?];
        let samples_px = Self::samples(&polygon_px, board_to_image, board_area_mm, size);
        Ok(BoardReference {
            config,
            size,
            board_to_image: *board_to_image,
            polygon_px,
            samples_px,
            area_px,
            feature_scale: fs,
            fine_scale: xs,
            points,
            descriptors,
            patches,
            fine,
            small,
            small_mask: mask,
            sharp,
        })
    }

    /// The board area's polygon vertices plus a grid of board points inside
    /// it (mapped to image px), where the displacement is measured.
    fn samples(
        polygon_px: &[[f64; 2]],
        h: &Homography,
        area_mm: &[[f64; 2]],
        size: [i32; 2],
    ) -> Vec<[f64; 2]> {
        let mut out = polygon_px.to_vec();
        let (x0, x1) = area_mm
            .iter()
            .fold((f64::MAX, f64::MIN), |a, p| (a.0.min(p[0]), a.1.max(p[0])));
        let (y0, y1) = area_mm
            .iter()
            .fold((f64::MAX, f64::MIN), |a, p| (a.0.min(p[1]), a.1.max(p[1])));
        const N: usize = 8;
        for i in 0..=N {
            for j in 0..=N {
                let p = [
                    x0 + (x1 - x0) * i as f64 / N as f64,
                    y0 + (y1 - y0) * j as f64 / N as f64,
                ];
                if !point_in_polygon(p, area_mm) {
                    continue;
                }
                if let Some(q) = h.map(p) {
                    // Only where the camera sees it.
                    if q[0] >= 0.0 && q[1] >= 0.0 && q[0] < size[0] as f64 && q[1] < size[1] as f64
                    {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    /// Centres of corner-like, contrasted patches of the board area in
    /// `fine` (the reference at the fine scale).
    fn pick_patches(fine: &Mat, polygon_px: &[[f64; 2]], xs: f64) -> Result<Vec<[f64; 2]>> {
        let mask = erode(
            &polygon_mask(fine.size()?, polygon_px, xs)?,
            PATCH_HALF + SEARCH + 2,
        )?;
        let (w, h) = (fine.cols(), fine.rows());
        let min_dist = (w.min(h) as f64 / 24.0).max(8.0);
        let mut corners = Vector::<Point2f>::new();
        imgproc::good_features_to_track(
            fine,
            &mut corners,
            160,
            0.01,
            min_dist,
            &mask,
            5,
            false,
            0.04,
        )?;
        let mut out = Vec::new();
        for c in corners.iter() {
            let (x, y) = (c.x.round() as i32, c.y.round() as i32);
            let Some(r) = patch_rect([x as f64, y as f64], w, h) else {
                continue;
            };
            let t = Mat::roi(fine, r)?;
            let mut mean = Mat::default();
            let mut sd = Mat::default();
            core::mean_std_dev(&t, &mut mean, &mut sd, &core::no_array())?;
            if *sd.at::<f64>(0)? < 4.0 {
                continue;
            }
            out.push([x as f64, y as f64]);
        }
        Ok(out)
    }

    pub fn config(&self) -> &DriftConfig {
        &self.config
    }
    /// Frame size (width, height) the reference was taken at.
    pub fn size(&self) -> [i32; 2] {
        self.size
    }
    pub fn board_to_image(&self) -> &Homography {
        &self.board_to_image
    }
    /// The board area in reference pixels.
    pub fn polygon_px(&self) -> &[[f64; 2]] {
        &self.polygon_px
    }
    /// Features and fine patches kept from the reference.
    pub fn feature_count(&self) -> usize {
        self.points.len()
    }
    pub fn patch_count(&self) -> usize {
        self.patches.len()
    }

    /// Compares `frame` (same size and kind as the reference) with the
    /// reference. Errors only for unusable input (empty, odd type, other
    /// size); a frame that simply does not show the board gives
    /// `Ok` with [`Verdict::Lost`].
    pub fn check(&self, frame: &Mat) -> Result<Alignment> {
        let size = frame_size(frame, "frame")?;
        if size != self.size {
            return Err(drift_err(format!(
                "the frame is {}×{} px but the reference was {}×{}: the camera's resolution changed, calibrate again",
                size[0], size[1], self.size[0], self.size[1]
            )));
        }
        let cfg = &self.config;
        let gray = to_gray(frame)?;
        let fs = self.feature_scale;
        let small = shrink(&gray, fs)?;
        let (kps, desc) = detect(&small, &core::no_array(), cfg.frame_features)?;
        let features = kps.len();
        let need = cfg.min_matches.max(4);
        if features < need {
            let mut a = Alignment::lost(LostReason::TooFewFeatures {
                found: features,
                needed: need,
            });
            a.features = features;
            return Ok(a);
        }
        // Reference (query) → frame (train), two nearest, ratio test.
        let frame_desc = descriptor_rows(&desc)?;
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for (q, t) in knn2_ratio(&self.descriptors, &frame_desc, cfg.ratio) {
            let k = kps.get(t)?.pt();
            from.push(self.points[q]);
            to.push([k.x as f64 / fs, k.y as f64 / fs]);
        }
        let matches = from.len();
        let base = |why| {
            let mut a = Alignment::lost(why);
            a.features = features;
            a.matches = matches;
            a
        };
        if matches < need {
            return Ok(base(LostReason::TooFewMatches {
                matches,
                needed: need,
            }));
        }
        let Some((coarse, inl)) = ransac(&from, &to, cfg.ransac_px)? else {
            return Ok(base(LostReason::TooFewInliers {
                inliers: 0,
                needed: cfg.min_inliers,
            }));
        };
        let inliers = inl.iter().filter(|b| **b).count();
        if inliers < cfg.min_inliers {
            return Ok(base(LostReason::TooFewInliers {
                inliers,
                needed: cfg.min_inliers,
            }));
        }
        // Other motions among the matches the first leaves out (up to three
        // more, each from what all earlier ones leave): a board with a
        // symmetric print can match itself turned by its symmetry, and
        // features straddling the rim can follow the still table.
        let mut hyps = vec![(coarse, inl)];
        let mut used = hyps[0].1.clone();
        for _ in 0..3 {
            let rest: Vec<usize> = (0..matches).filter(|&i| !used[i]).collect();
            if rest.len() < cfg.min_inliers {
                break;
            }
            let rf: Vec<[f64; 2]> = rest.iter().map(|&i| from[i]).collect();
            let rt: Vec<[f64; 2]> = rest.iter().map(|&i| to[i]).collect();
            let Some((h, ok)) = ransac(&rf, &rt, cfg.ransac_px)? else {
                break;
            };
            let n = ok.iter().filter(|b| **b).count();
            if n < cfg.min_inliers || 4 * n < inliers {
                break;
            }
            let mut mask = vec![false; matches];
            for (k, &i) in rest.iter().enumerate() {
                mask[i] = ok[k];
                used[i] |= ok[k];
            }
            if self.implausible(&h, false).is_none()
                && hyps.iter().all(|(g, _)| self.apart(g, &h) > 3.0)
            {
                hyps.push((h, mask));
            }
        }
        // Same sharpness on both sides before the fine step: a blurred
        // frame (or reference) matched with a sharp one puts patches off by
        // a pixel or two along the blur.
        let mut blur = None;
        let mut fine_pair = None;
        if self.patches.len() >= 8 {
            // The board area where the first plausible motion puts it.
            let at = hyps
                .iter()
                .map(|(h, _)| *h)
                .find(|h| self.plausible(h).is_none())
                .unwrap_or(Homography::IDENTITY);
            let cur_poly: Vec<[f64; 2]> =
                self.polygon_px.iter().filter_map(|p| at.map(*p)).collect();
            let cur_mask = polygon_mask(small.size()?, &cur_poly, fs)?;
            let b = self.match_blur(&small, &cur_mask)?;
            let k = self.fine_scale / fs;
            let mut fine = shrink(&gray, self.fine_scale)?;
            if b.frame != [0.0, 0.0] {
                fine = blur_axes(&fine, b.frame[0] * k, b.frame[1] * k)?;
            }
            let ref_fine = if b.reference != [0.0, 0.0] {
                blur_axes(&self.fine, b.reference[0] * k, b.reference[1] * k)?
            } else {
                self.fine.clone()
            };
            blur = Some(b);
            fine_pair = Some((ref_fine, fine));
        }
        let mut fits = Vec::new();
        for (h, mask) in &hyps {
            let (f, t): (Vec<[f64; 2]>, Vec<[f64; 2]>) = from
                .iter()
                .zip(&to)
                .zip(mask)
                .filter(|(_, k)| **k)
                .map(|((a, b), _)| (*a, *b))
                .unzip();
            let mut fit = Fit {
                delta: *h,
                inliers: f.len(),
                from: f,
                to: t,
                patches_found: 0,
                patch_inliers: 0,
            };
            if let Some((ref_fine, fine)) = &fine_pair {
                if self.implausible(h, false).is_none() {
                    self.refine(ref_fine, fine, &mut fit)?;
                }
            }
            fits.push(fit);
        }
        // The best explained hypothesis: most patches kept by the fine fit
        // (most features when the fine step could not run).
        let score = |f: &Fit| {
            if fine_pair.is_some() {
                f.patch_inliers
            } else {
                f.inliers
            }
        };
        fits.sort_by_key(|f| std::cmp::Reverse(score(f)));
        // The winner may have turned too far (then the verdict is `Lost`:
        // a symmetric print also matches at the turn minus its period, and
        // that alias must not win just for being within the limit).
        // Ambiguous when a runner-up within the limit, refined, is
        // somewhere else and nearly as well explained (refined from a
        // nearby start, it lands where the winner did: the same motion).
        let ambiguous = fits.iter().skip(1).any(|f| {
            let (s0, s1) = (score(&fits[0]), score(f));
            s1 >= 8
                && 10 * s1 >= 7 * s0
                && self.plausible(&f.delta).is_none()
                && self.apart(&fits[0].delta, &f.delta) > 3.0
        });
        let Fit {
            delta,
            inliers,
            from: fit_from,
            to: fit_to,
            patches_found,
            patch_inliers,
        } = fits.swap_remove(0);
        let mut a = base(LostReason::TooFewInliers {
            inliers,
            needed: cfg.min_inliers,
        });
        a.inliers = inliers;
        a.patches = self.patches.len();
        a.patches_found = patches_found;
        a.patch_inliers = patch_inliers;
        a.blur = blur;
        a.delta = Some(delta);
        let moved: Vec<Option<f64>> = self
            .samples_px
            .iter()
            .map(|p| delta.map(*p).map(|q| dist(*p, q)))
            .collect();
        if moved.iter().any(|m| m.is_none_or(|v| !v.is_finite())) {
            a.verdict = Verdict::Lost {
                why: LostReason::Implausible {
                    what: "the board area would cross the horizon".into(),
                },
            };
            return Ok(a);
        }
        let moved: Vec<f64> = moved.into_iter().flatten().collect();
        let max_px = moved.iter().cloned().fold(0.0, f64::max);
        a.max_px = Some(max_px);
        a.mean_px = Some(moved.iter().sum::<f64>() / moved.len() as f64);
        a.vertex_px = moved[..self.polygon_px.len()].to_vec();
        let coverage = (hull_area(&fit_from)? / self.area_px).min(1.0);
        a.coverage = Some(coverage);
        let unc = split_half_uncertainty(&fit_from, &fit_to, &self.samples_px);
        a.uncertainty_px = unc.is_finite().then_some(unc);
        a.verdict = if ambiguous {
            Verdict::Lost {
                why: LostReason::Ambiguous,
            }
        } else if let Some(what) = self.plausible(&delta) {
            Verdict::Lost {
                why: LostReason::Implausible { what },
            }
        } else if coverage < cfg.min_coverage {
            Verdict::Lost {
                why: LostReason::Clustered {
                    coverage,
                    needed: cfg.min_coverage,
                },
            }
        } else if !(unc <= cfg.max_uncertainty_px) {
            Verdict::Lost {
                why: LostReason::Unsure {
                    uncertainty_px: unc,
                    limit_px: cfg.max_uncertainty_px,
                },
            }
        } else if max_px < cfg.aligned_px {
            Verdict::Aligned
        } else {
            Verdict::Moved {
                new_board_to_image: delta.then_after(&self.board_to_image),
            }
        };
        Ok(a)
    }

    /// Fine step, twice (the second from the first's result): the patches
    /// found in `fine` (the frame at the fine scale) near where `fit.delta`
    /// predicts them, a RANSAC homography on them, refitted by least
    /// squares on its inliers. Leaves `fit` as it was when too few patches
    /// are found or agree.
    fn refine(&self, ref_fine: &Mat, fine: &Mat, fit: &mut Fit) -> Result<()> {
        for _ in 0..2 {
            let (pf, pt) = self.find_patches(ref_fine, fine, &fit.delta)?;
            fit.patches_found = pf.len();
            if pf.len() < 8 {
                return Ok(());
            }
            let thr = 1.0 / self.fine_scale;
            match ransac(&pf, &pt, thr)? {
                Some((h, ok)) if ok.iter().filter(|b| **b).count() >= 8.max(pf.len() / 3) => {
                    // Least squares on the inliers (RANSAC's own refit is
                    // on float32 points; this keeps f64 throughout).
                    let (a, b): (Vec<[f64; 2]>, Vec<[f64; 2]>) = pf
                        .iter()
                        .zip(&pt)
                        .zip(&ok)
                        .filter(|(_, k)| **k)
                        .map(|((a, b), _)| (*a, *b))
                        .unzip();
                    fit.delta = Homography::fit(&a, &b).unwrap_or(h);
                    fit.patch_inliers = a.len();
                    fit.from = a;
                    fit.to = b;
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// Largest distance (px) between where `a` and `b` put the sampled
    /// board points (infinite where one cannot map them).
    fn apart(&self, a: &Homography, b: &Homography) -> f64 {
        self.samples_px
            .iter()
            .map(|p| match (a.map(*p), b.map(*p)) {
                (Some(x), Some(y)) => dist(x, y),
                _ => f64::INFINITY,
            })
            .fold(0.0, f64::max)
    }

    /// The blur that evens out the sharpness of `small` (the frame at the
    /// feature scale, board area `mask`) and the reference's, per axis.
    fn match_blur(&self, small: &Mat, mask: &Mat) -> Result<BlurMatch> {
        let cur = [sharpness(small, mask, 0)?, sharpness(small, mask, 1)?];
        let mut m = BlurMatch {
            reference_sharpness: self.sharp,
            frame_sharpness: cur,
            reference: [0.0; 2],
            frame: [0.0; 2],
        };
        for axis in 0..2 {
            let (r, c) = (self.sharp[axis], cur[axis]);
            if c < SHARPNESS_TOLERANCE * r {
                m.reference[axis] = sigma_for(&self.small, &self.small_mask, axis, r, c)?;
            } else if r < SHARPNESS_TOLERANCE * c {
                m.frame[axis] = sigma_for(small, mask, axis, c, r)?;
            }
        }
        Ok(m)
    }

    /// `None` if `delta` is a motion a bumped board or camera could make,
    /// else what is wrong with it.
    fn plausible(&self, delta: &Homography) -> Option<String> {
        self.implausible(delta, true)
    }

    /// What is wrong with `delta` as a bump, if anything; the turn is only
    /// checked with `check_turn`.
    fn implausible(&self, delta: &Homography, check_turn: bool) -> Option<String> {
        let moved: Option<Vec<[f64; 2]>> = self.polygon_px.iter().map(|p| delta.map(*p)).collect();
        let Some(moved) = moved else {
            return Some("the board area would cross the horizon".into());
        };
        let (a0, a1) = (signed_area(&self.polygon_px), signed_area(&moved));
        let ratio = a1 / a0;
        if !(0.6..=1.6).contains(&ratio) {
            return Some(format!(
                "the board's image would change size by ×{ratio:.2}"
            ));
        }
        let diag = (self.size[0] as f64).hypot(self.size[1] as f64);
        let far = self
            .polygon_px
            .iter()
            .zip(&moved)
            .map(|(p, q)| dist(*p, *q))
            .fold(0.0, f64::max);
        if far > self.config.max_shift_fraction * diag {
            return Some(format!(
                "the board would have moved {far:.0} px, over {:.0}% of the image diagonal",
                100.0 * self.config.max_shift_fraction
            ));
        }
        // The turn: mean change of direction from the centroid to each vertex.
        let centroid = |p: &[[f64; 2]]| {
            let n = p.len() as f64;
            [
                p.iter().map(|v| v[0]).sum::<f64>() / n,
                p.iter().map(|v| v[1]).sum::<f64>() / n,
            ]
        };
        let (c0, c1) = (centroid(&self.polygon_px), centroid(&moved));
        let (mut cross, mut dot) = (0.0, 0.0);
        for (p, q) in self.polygon_px.iter().zip(&moved) {
            let (u, v) = ([p[0] - c0[0], p[1] - c0[1]], [q[0] - c1[0], q[1] - c1[1]]);
            cross += u[0] * v[1] - u[1] * v[0];
            dot += u[0] * v[0] + u[1] * v[1];
        }
        let turn = cross.atan2(dot).to_degrees();
        if check_turn && turn.abs() > self.config.max_turn_deg {
            return Some(format!(
                "the board's image would have turned {turn:.0}°, over {:.0}°",
                self.config.max_turn_deg
            ));
        }
        // Convex board areas stay convex with the same turning direction.
        let n = moved.len();
        let turn = |p: &[[f64; 2]], i: usize| {
            let (a, b, c) = (p[i], p[(i + 1) % n], p[(i + 2) % n]);
            (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
        };
        for i in 0..n {
            let (t0, t1) = (turn(&self.polygon_px, i), turn(&moved, i));
            if t0.abs() > 1e-6 * a0.abs() && t0.signum() != t1.signum() {
                return Some("the board's outline would fold over".into());
            }
        }
        None
    }

    /// Finds the reference patches in `fine` (the frame at the fine scale)
    /// near where `delta` predicts them. Returns matched pairs in full
    /// resolution px: reference centre → current position.
    fn find_patches(
        &self,
        ref_fine: &Mat,
        fine: &Mat,
        delta: &Homography,
    ) -> Result<(Vec<[f64; 2]>, Vec<[f64; 2]>)> {
        let xs = self.fine_scale;
        let d_fine = rescaled(delta, xs);
        let half = PATCH_HALF + SEARCH;
        let win = 2 * half + 1;
        let (mut from, mut to) = (Vec::new(), Vec::new());
        let mut window = Mat::default();
        let mut score = Mat::default();
        for centre in &self.patches {
            let Some(r) = patch_rect(*centre, ref_fine.cols(), ref_fine.rows()) else {
                continue;
            };
            let template = Mat::roi(ref_fine, r)?;
            // Window pixel (u, v) shows the frame at delta(centre + (u, v) − half).
            let shift = Homography([
                [1.0, 0.0, centre[0] - half as f64],
                [0.0, 1.0, centre[1] - half as f64],
                [0.0, 0.0, 1.0],
            ]);
            let m = d_fine.then_after(&shift);
            imgproc::warp_perspective(
                fine,
                &mut window,
                &to_mat(&m)?,
                Size::new(win, win),
                imgproc::INTER_LINEAR | imgproc::WARP_INVERSE_MAP,
                core::BORDER_CONSTANT,
                Scalar::all(0.0),
            )?;
            imgproc::match_template(
                &window,
                &template,
                &mut score,
                imgproc::TM_CCOEFF_NORMED,
                &core::no_array(),
            )?;
            let mut best = 0.0;
            let mut at = Point::default();
            core::min_max_loc(
                &score,
                None,
                Some(&mut best),
                None,
                Some(&mut at),
                &core::no_array(),
            )?;
            if !(best >= MIN_NCC) {
                continue;
            }
            let n = 2 * SEARCH;
            if at.x <= 0 || at.y <= 0 || at.x >= n || at.y >= n {
                continue; // at the edge of the search: not a true peak
            }
            let s = |x: i32, y: i32| -> Result<f64> {
                Ok(*score.at_2d::<f32>(at.y + y, at.x + x)? as f64)
            };
            // Quadratic through the 3×3 neighbourhood of the peak: its
            // Hessian says how sharply the peak is defined in its worst
            // direction (a patch on a straight edge, or blurred along one
            // direction, has a ridge there and no reliable position).
            let gx = (s(1, 0)? - s(-1, 0)?) / 2.0;
            let gy = (s(0, 1)? - s(0, -1)?) / 2.0;
            let hxx = s(1, 0)? + s(-1, 0)? - 2.0 * best;
            let hyy = s(0, 1)? + s(0, -1)? - 2.0 * best;
            let hxy = (s(1, 1)? - s(1, -1)? - s(-1, 1)? + s(-1, -1)?) / 4.0;
            // Eigenvalues of [[hxx, hxy], [hxy, hyy]]; both must be clearly negative.
            let (tr, det) = (hxx + hyy, hxx * hyy - hxy * hxy);
            let disc = (tr * tr / 4.0 - det).max(0.0).sqrt();
            let weakest = tr / 2.0 + disc;
            if !(weakest < -MIN_CURVATURE) {
                continue;
            }
            let dx = (-(hyy * gx - hxy * gy) / det).clamp(-0.75, 0.75);
            let dy = (-(hxx * gy - hxy * gx) / det).clamp(-0.75, 0.75);
            let r = [
                at.x as f64 + dx - SEARCH as f64,
                at.y as f64 + dy - SEARCH as f64,
            ];
            let Some(q) = d_fine.map([centre[0] + r[0], centre[1] + r[1]]) else {
                continue;
            };
            from.push([centre[0] / xs, centre[1] / xs]);
            to.push([q[0] / xs, q[1] / xs]);
        }
        Ok((from, to))
    }
}

/// `profile` re-registered after the board moved by `delta` (reference
/// pixels → current pixels, as in [`Alignment::delta`]): its maps become
/// `delta ∘ table_to_image` and its inverse, its image points move with
/// the board; everything else (method, area, lens, board) is kept.
pub fn reregistered(
    profile: &CalibrationProfile,
    delta: &Homography,
) -> Result<CalibrationProfile> {
    let t2i = delta.then_after(&profile.table_to_image);
    let i2t = t2i
        .inverse()
        .ok_or_else(|| drift_err("the re-registered map cannot be inverted"))?;
    let mut out = profile.clone();
    out.table_to_image = t2i;
    out.image_to_table = i2t;
    out.image_points = profile
        .image_points
        .iter()
        .map(|p| {
            delta
                .map(*p)
                .ok_or_else(|| drift_err(format!("image point {p:?} leaves the view")))
        })
        .collect::<Result<_>>()?;
    out.validate(std::path::Path::new("the re-registered profile"))?;
    Ok(out)
}

/// A profile's calibrated area grown by `margin_mm` on every side, as a
/// board area polygon (mm): for boards that fill the area, or to follow
/// the marker sheet itself.
pub fn area_polygon(profile: &CalibrationProfile, margin_mm: f64) -> Vec<[f64; 2]> {
    let [w, h] = profile.area_mm;
    let m = margin_mm;
    vec![[-m, -m], [w + m, -m], [w + m, h + m], [-m, h + m]]
}

/// A round board's area: the polygon of `n` points (at least 8) on the
/// circle of `radius_mm` about `centre_mm` (e.g. the Dungeon Fighter
/// board's bone rim). Following the board's own print rather than the
/// table around it is what makes a board slid on a still table count as
/// moved.
pub fn disc_polygon(centre_mm: [f64; 2], radius_mm: f64, n: usize) -> Vec<[f64; 2]> {
    let n = n.max(8);
    (0..n)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / n as f64;
            [
                centre_mm[0] + radius_mm * a.cos(),
                centre_mm[1] + radius_mm * a.sin(),
            ]
        })
        .collect()
}
