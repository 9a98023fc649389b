//! `warden bench drift`: does the drift check (`tw_calibration::drift`)
//! notice a bumped board and find it again, and does it stay quiet when
//! nothing moved? On generated Dungeon Fighter scenes (`tw_synth`, 1280×720
//! unless `--size 1920,1080`,
//! photographic effects on, every frame through JPEG at the scene's
//! quality). The reference follows the round board itself (its bone rim,
//! radius 280 mm), not the table and corner markers around it. Per scene:
//!
//! - reference: the scene rendered with its own 1–3 dice lying on the board
//!   (as if left there at calibration), and its true board → image map;
//! - still: the same camera and board, other dice (another seed's, 1–3),
//!   fresh sensor noise; a third of them under another light (another
//!   sampled look: light direction, gradient, glare, blur, noise). Nothing
//!   moved, so the verdict should be `Aligned`;
//! - slide: the board slid 2–25 mm and turned 0–5° (either way, about a
//!   point within 100 mm of its centre; `--max-slide-mm`, `--max-turn-deg`
//!   widen the ranges) on a still table, dice riding on
//!   it: the board re-rendered through a camera moved by the inverse
//!   motion (exact truth), pasted inside its new outline over a render of
//!   the table without the board (the board's disc filled with the table's
//!   wood from the texture's margin), so table and corner markers stay put;
//! - shift: the still frame shifted 1.5–20 px in the image (a small camera
//!   bump), edges replicated;
//! - covered: the slide frame with a hand-coloured ellipse over 10–45% of
//!   the board (`Moved` with a right map or `Lost` are both fine; a wrong
//!   map is not);
//! - blank: a grey frame with noise (camera covered): should be `Lost`.
//!
//! Half the checked frames (chosen at random) also get a global change of
//! brightness and white balance (gain 0.75–1.25, offset ±15, channel
//! factors 0.92–1.08).
//!
//! Board-corner error: the four corners of the 600 mm board frame (the
//! square the round board is drawn in) mapped with the recovered
//! board → image map (the old one for an `Aligned` verdict), mapped back
//! to board mm with the true map, distance to the corner; the largest of
//! the four per frame.

use anyhow::{bail, Result};
use opencv::core::{Mat, Point, Scalar, Size, Vector};
use opencv::prelude::*;
use opencv::{imgcodecs, imgproc};
use serde::Serialize;
use std::process::ExitCode;
use std::time::Instant;
use tw_board::Board;
use tw_calibration::drift::disc_polygon;
use tw_calibration::{BoardReference, Homography, Verdict};
use tw_motion::bench::Stats;
use tw_synth::art::{Texture, MARGIN_MM, PX_PER_MM};
use tw_synth::camera::Camera;
use super::bench_throw::process_cpu_ms;
use tw_synth::rng::Rng;
use tw_synth::scene::{render_with, sample_look, sample_scene, Art, Options, Scene};

/// Target from the drift brief: one check of a 1280×720 frame (also
/// shown against 1920×1080 frames, for which it was not set).
const CHECK_BUDGET_MS: f64 = 60.0;
/// A `Moved` map whose board-corner error exceeds this is a wrong one.
const WRONG_MM: f64 = 2.0;

#[derive(clap::Args)]
pub struct DriftArgs {
    /// Generated scenes per board art (each: a reference and five checked
    /// frames: still, slid, shifted, covered, blank).
    #[arg(long, default_value_t = 40)]
    pub scenes: usize,
    /// Seed of the first scene; scene k uses seed + k.
    #[arg(long, default_value_t = 26_112_601)]
    pub seed: u64,
    /// Board drawing: plain, painted or both (reported separately).
    #[arg(long, default_value = "both")]
    pub art: String,
    /// Camera elevation range, degrees above the board (LO,HI); figures are
    /// also given for its thirds.
    #[arg(long, default_value = "55,90", value_name = "LO,HI")]
    pub elevation: String,
    /// Largest slide of the board (mm; slides are drawn from 2 mm up).
    #[arg(long, default_value_t = 25.0)]
    pub max_slide_mm: f64,
    /// Largest turn of the board (degrees, either way).
    #[arg(long, default_value_t = 5.0)]
    pub max_turn_deg: f64,
    /// Frame size, W,H (the generator's cameras: 1280,720 or 1920,1080).
    #[arg(long, default_value = "1280,720", value_name = "W,H")]
    pub size: String,
    /// Run OpenCV on one thread.
    #[arg(long)]
    pub one_thread: bool,
    /// Print every frame's figures.
    #[arg(long)]
    pub verbose: bool,
    /// Print the report (summaries and every frame) as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write every reference and checked frame here as PNG (the folder must exist).
    #[arg(long)]
    pub dump: Option<std::path::PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Still,
    Slide,
    Shift,
    Covered,
    Blank,
}

/// One checked frame.
#[derive(Debug, Clone, Serialize)]
struct Frame {
    art: &'static str,
    seed: u64,
    elevation_deg: f64,
    kind: Kind,
    /// Global gain / white-balance change applied.
    relit: bool,
    /// Another sampled look (light, gradient, glare, blur, noise).
    new_look: bool,
    /// Share of the board's image hidden (covered frames).
    hidden: f64,
    /// True displacement of the board frame's corners (px, largest).
    true_px: f64,
    verdict: &'static str,
    why: Option<String>,
    /// Largest board-corner error (mm) of the map the verdict leaves in
    /// use; `None` for `Lost`.
    corner_mm: Option<f64>,
    measured_px: Option<f64>,
    uncertainty_px: Option<f64>,
    inliers: usize,
    matches: usize,
    patches: usize,
    patch_inliers: usize,
    /// Sharpness (x, y) of reference and frame, and the blur (σ x, y)
    /// applied to the reference and the frame to even them out.
    blur: Option<tw_calibration::BlurMatch>,
    /// Wall time of the check, and CPU time of the process during it (all
    /// threads: tells a busy machine from a slow check).
    ms: f64,
    cpu_ms: f64,
}

#[derive(Debug, Serialize)]
struct Summary {
    art: &'static str,
    scenes: usize,
    reference_failures: usize,
    reference_ms: Stats,
    /// Bumped frames (slide + shift): how many, and verdict shares.
    bumped: usize,
    bumped_moved: f64,
    bumped_aligned: f64,
    bumped_lost: f64,
    /// Bumped frames called `Aligned` although the board moved ≥ 1.5 px.
    missed_bumps: usize,
    /// Largest board-corner error (mm) per `Moved` bumped frame.
    corner_mm: Stats,
    /// `Moved` bumped frames whose corner error exceeds [`WRONG_MM`].
    wrong_moved: usize,
    /// Un-bumped frames: verdict shares.
    still: usize,
    still_aligned: f64,
    still_false_moved: f64,
    still_lost: f64,
    /// Covered frames: verdict shares, wrong maps, corner error of `Moved`.
    covered: usize,
    covered_moved: f64,
    covered_lost: f64,
    covered_aligned: f64,
    covered_wrong: usize,
    covered_corner_mm: Stats,
    /// Blank frames called `Lost`.
    blank: usize,
    blank_lost: f64,
    check_ms: Stats,
    check_cpu_ms: Stats,
    /// The same by elevation band.
    bands: Vec<Band>,
}

#[derive(Debug, Serialize)]
struct Band {
    elevation_deg: [f64; 2],
    bumped: usize,
    moved: f64,
    corner_mm: Stats,
    still: usize,
    false_moved: f64,
}

fn parse_range(s: &str) -> Result<(f64, f64)> {
    let v: Vec<f64> = s
        .split(',')
        .map(|t| t.trim().parse::<f64>())
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| anyhow::anyhow!("--elevation: expected LO,HI in degrees, got {s:?}"))?;
    match v[..] {
        [lo, hi] if (35.0..=90.0).contains(&lo) && (lo..=90.0).contains(&hi) => Ok((lo, hi)),
        _ => bail!("--elevation: expected LO,HI with 35 ≤ LO ≤ HI ≤ 90 (the generator's cameras), got {s:?}"),
    }
}

fn m3(h: &[[f64; 3]; 3]) -> Homography {
    Homography(*h).normalized()
}

/// Rotation about the board's z axis (into the table) by `a` radians.
fn rot_z(a: f64) -> [[f64; 3]; 3] {
    let (s, c) = a.sin_cos();
    [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]
}

fn mul_v(m: &[[f64; 3]; 3], v: [f64; 3]) -> [f64; 3] {
    [0, 1, 2].map(|r| m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2])
}

fn mul(a: &[[f64; 3]; 3], b: &[[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let mut o = [[0.0; 3]; 3];
    for r in 0..3 {
        for c in 0..3 {
            o[r][c] = (0..3).map(|k| a[r][k] * b[k][c]).sum();
        }
    }
    o
}

fn transpose(m: &[[f64; 3]; 3]) -> [[f64; 3]; 3] {
    [0, 1, 2].map(|r| [0, 1, 2].map(|c| m[c][r]))
}

/// The camera that sees the board as `cam` sees it moved by `p ↦ R p + t`
/// (R about z): rotation·R, eye Rᵀ(eye − t).
fn camera_for_moved_board(cam: &Camera, r: &[[f64; 3]; 3], t: [f64; 3]) -> Camera {
    let mut c = cam.clone();
    c.rotation = mul(&cam.rotation, r);
    let e = [cam.eye[0] - t[0], cam.eye[1] - t[1], cam.eye[2] - t[2]];
    c.eye = mul_v(&transpose(r), e);
    c
}

/// Global brightness and white-balance change, in place.
fn relight(img: &mut Mat, rng: &mut Rng) -> Result<()> {
    let gain = rng.range(0.75, 1.25);
    let off = rng.range(-15.0, 15.0);
    let wb = [
        rng.range(0.92, 1.08),
        rng.range(0.92, 1.08),
        rng.range(0.92, 1.08),
    ];
    let lut: Vec<[u8; 256]> = wb
        .iter()
        .map(|w| {
            std::array::from_fn(|v| (v as f64 * gain * w + off).round().clamp(0.0, 255.0) as u8)
        })
        .collect();
    for (i, b) in img.data_bytes_mut()?.iter_mut().enumerate() {
        *b = lut[i % 3][*b as usize];
    }
    Ok(())
}

fn write_png(path: &std::path::Path, img: &Mat) -> Result<()> {
    let ok = imgcodecs::imwrite(&path.to_string_lossy(), img, &Vector::new())?;
    if !ok {
        bail!("cannot write {}", path.display());
    }
    Ok(())
}

/// Through JPEG and back at `quality`, as a webcam frame would be.
fn jpeg(img: &Mat, quality: i32) -> Result<Mat> {
    let mut buf = Vector::<u8>::new();
    let params =
        Vector::<i32>::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, quality.clamp(1, 100)]);
    imgcodecs::imencode(".jpg", img, &mut buf, &params)?;
    Ok(imgcodecs::imdecode(&buf, imgcodecs::IMREAD_COLOR)?)
}

fn shift_image(img: &Mat, d: [f64; 2]) -> Result<Mat> {
    let m = Mat::from_slice_2d(&[[1.0, 0.0, d[0]], [0.0, 1.0, d[1]]])?;
    let mut out = Mat::default();
    imgproc::warp_affine(
        img,
        &mut out,
        &m,
        img.size()?,
        imgproc::INTER_LINEAR,
        opencv::core::BORDER_REPLICATE,
        Scalar::all(0.0),
    )?;
    Ok(out)
}

/// A mask (255 inside) of a board-mm polygon seen through `h`.
fn mask_of(size: Size, h: &Homography, poly_mm: &[[f64; 2]]) -> Result<Mat> {
    let mut mask = Mat::new_rows_cols_with_default(
        size.height,
        size.width,
        opencv::core::CV_8UC1,
        Scalar::all(0.0),
    )?;
    let pts: Vector<Point> = poly_mm
        .iter()
        .filter_map(|p| h.map(*p))
        .map(|q| Point::new((q[0] * 16.0).round() as i32, (q[1] * 16.0).round() as i32))
        .collect();
    let mut v = Vector::<Vector<Point>>::new();
    v.push(pts);
    imgproc::fill_poly(
        &mut mask,
        &v,
        Scalar::all(255.0),
        imgproc::LINE_8,
        4,
        Point::default(),
    )?;
    Ok(mask)
}

/// The texture with the board's disc painted over with the table: rows of
/// the texture's top margin (wood, no markers) repeated down the image.
fn table_only(tex: &Texture, board: &Board) -> Result<Texture> {
    let src = &tex.image;
    let strip = ((MARGIN_MM - 60.0) * PX_PER_MM) as i32; // above the markers
    let mut tiled = Mat::default();
    let mut rows = Vector::<Mat>::new();
    for v in 0..src.rows() {
        rows.push(src.row(v % strip)?.try_clone()?);
    }
    opencv::core::vconcat(&rows, &mut tiled)?;
    let to_px = Homography(Texture::pixel_to_board())
        .inverse()
        .expect("texture map inverts");
    let disc = disc_polygon(board.centre(), board.outer_radius() + 3.0, 96);
    let mask = mask_of(src.size()?, &to_px, &disc)?;
    let mut out = src.try_clone()?;
    tiled.copy_to_masked(&mut out, &mask)?;
    Ok(Texture { image: out })
}

/// A hand-coloured ellipse reaching in over the board's edge; returns the
/// share of the board's image it hides.
fn cover(
    img: &mut Mat,
    board_mask: &Mat,
    centre: [f64; 2],
    radius_px: f64,
    rng: &mut Rng,
) -> Result<f64> {
    let phi = rng.range(0.0, std::f64::consts::TAU);
    let d = radius_px * rng.range(0.6, 1.1);
    let c = Point::new(
        (centre[0] + d * phi.cos()) as i32,
        (centre[1] + d * phi.sin()) as i32,
    );
    let axes = Size::new(
        (radius_px * rng.range(0.5, 0.8)) as i32,
        (radius_px * rng.range(0.3, 0.5)) as i32,
    );
    let colour = Scalar::new(
        rng.range(90.0, 130.0),
        rng.range(120.0, 160.0),
        rng.range(170.0, 215.0),
        0.0,
    );
    let mut hand = Mat::new_rows_cols_with_default(
        img.rows(),
        img.cols(),
        opencv::core::CV_8UC1,
        Scalar::all(0.0),
    )?;
    imgproc::ellipse(
        &mut hand,
        c,
        axes,
        phi.to_degrees(),
        0.0,
        360.0,
        Scalar::all(255.0),
        -1,
        imgproc::LINE_AA,
        0,
    )?;
    imgproc::ellipse(
        img,
        c,
        axes,
        phi.to_degrees(),
        0.0,
        360.0,
        colour,
        -1,
        imgproc::LINE_AA,
        0,
    )?;
    let mut both = Mat::default();
    opencv::core::bitwise_and(&hand, board_mask, &mut both, &opencv::core::no_array())?;
    let inside = opencv::core::count_non_zero(board_mask)? as f64;
    Ok(opencv::core::count_non_zero(&both)? as f64 / inside.max(1.0))
}

/// A grey frame with sensor noise (the lens covered).
fn blank(size: Size, rng: &mut Rng) -> Result<Mat> {
    let grey = rng.range(20.0, 140.0);
    let mut img = Mat::new_rows_cols_with_default(
        size.height,
        size.width,
        opencv::core::CV_8UC3,
        Scalar::all(grey),
    )?;
    for b in img.data_bytes_mut()?.iter_mut() {
        *b = (*b as f64 + 3.0 * rng.normal()).round().clamp(0.0, 255.0) as u8;
    }
    Ok(img)
}

/// Largest distance (mm, measured with `truth⁻¹`) between a board corner
/// and where `used` puts it.
fn corner_error_mm(truth: &Homography, used: &Homography, corners: &[[f64; 2]]) -> Option<f64> {
    let inv = truth.inverse()?;
    corners
        .iter()
        .map(|c| {
            let p = used.map(*c)?;
            let b = inv.map(p)?;
            Some((b[0] - c[0]).hypot(b[1] - c[1]))
        })
        .try_fold(0.0f64, |m, e| e.map(|e| m.max(e)))
}

fn true_px(truth: &Homography, old: &Homography, corners: &[[f64; 2]]) -> f64 {
    corners
        .iter()
        .filter_map(|c| Some((truth.map(*c)?, old.map(*c)?)))
        .map(|(a, b)| (a[0] - b[0]).hypot(a[1] - b[1]))
        .fold(0.0, f64::max)
}

fn texture(board: &Board, scene: &Scene) -> Result<(Texture, Rng)> {
    Ok(tw_synth::scene::render_texture(board, scene)?)
}

fn share(n: usize, of: usize) -> f64 {
    if of == 0 {
        f64::NAN
    } else {
        n as f64 / of as f64
    }
}

/// A checked frame before the check.
struct Case {
    kind: Kind,
    img: Mat,
    truth: Homography,
    new_look: bool,
    hidden: f64,
}

pub fn run(a: DriftArgs) -> Result<ExitCode> {
    let (lo, hi) = parse_range(&a.elevation)?;
    let (fw, fh) = match a.size.as_str() {
        "1280,720" => (1280, 720),
        "1920,1080" => (1920, 1080),
        other => bail!("--size: expected 1280,720 or 1920,1080, got {other:?}"),
    };
    if a.scenes == 0 {
        bail!("--scenes must be at least 1");
    }
    if !(a.max_slide_mm.is_finite() && (2.0..=300.0).contains(&a.max_slide_mm)) {
        bail!("--max-slide-mm must be 2 to 300");
    }
    if !(a.max_turn_deg.is_finite() && (0.0..=180.0).contains(&a.max_turn_deg)) {
        bail!("--max-turn-deg must be 0 to 180");
    }
    let arts: Vec<Art> = match a.art.as_str() {
        "plain" => vec![Art::Plain],
        "painted" => vec![Art::Painted],
        "both" => vec![Art::Plain, Art::Painted],
        other => bail!("--art: expected plain, painted or both, got {other:?}"),
    };
    if let Some(dir) = &a.dump {
        if !dir.is_dir() {
            bail!("--dump {}: not a folder", dir.display());
        }
    }
    if a.one_thread {
        opencv::core::set_num_threads(1)?;
    }
    let board = Board::catacombs_default();
    let fr = board.spec().frame_mm;
    let corners = [[0.0, 0.0], [fr[0], 0.0], [fr[0], fr[1]], [0.0, fr[1]]];
    // The board's own print: its disc, out to the bone rim.
    let area = disc_polygon(board.centre(), board.outer_radius(), 48);
    let mut summaries = Vec::new();
    let mut all_frames = Vec::new();
    for art in arts {
        let art_name = match art {
            Art::Plain => "plain",
            Art::Painted => "painted",
            Art::Ornate => "ornate",
        };
        let opts = Options {
            elevation_deg: (lo, hi),
            sizes: vec![(fw, fh)],
            dice: (1, 3),
            effects: true,
            art,
            ..Options::default()
        };
        let mut frames = Vec::new();
        let mut ref_ms = Vec::new();
        let mut ref_fail = 0;
        for k in 0..a.scenes {
            let seed = a.seed + k as u64;
            let scene = sample_scene(&board, seed, &opts);
            let q = scene.look.jpeg_quality;
            let (tex, rng0) = texture(&board, &scene)?;
            let (reference, truth) = render_with(
                &board,
                "catacombs-default.json",
                &scene,
                "reference",
                &tex,
                &mut rng0.clone(),
            )?;
            let reference = jpeg(&reference, q)?;
            let h0 = m3(&truth.board_to_image);
            let t = Instant::now();
            let r = BoardReference::new(&reference, &h0, &area);
            ref_ms.push(t.elapsed().as_secs_f64() * 1e3);
            if let Some(dir) = &a.dump {
                write_png(
                    &dir.join(format!("{art_name}-{seed}-reference.png")),
                    &reference,
                )?;
            }
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    ref_fail += 1;
                    eprintln!("{art_name} seed {seed}: no reference: {e}");
                    continue;
                }
            };
            let mut rng = Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15);
            let fresh = |rng: &mut Rng| Rng::new(rng.below(1 << 30) as u64);
            // Other dice, same camera and board; fresh sensor noise; now and
            // then another light.
            let mut still = scene.clone();
            still.dice = sample_scene(&board, seed.wrapping_add(7_000_000), &opts).dice;
            let new_look = rng.chance(1.0 / 3.0);
            if new_look {
                still.look = sample_look(&opts, &mut fresh(&mut rng));
            }
            let (still_img, _) =
                render_with(&board, "", &still, "still", &tex, &mut fresh(&mut rng))?;
            // The board slid and turned on the table, dice riding on it.
            let dist = rng.range(2.0, a.max_slide_mm);
            let dir = rng.range(0.0, std::f64::consts::TAU);
            let turn = rng.range(0.0, a.max_turn_deg).to_radians()
                * if rng.chance(0.5) { 1.0 } else { -1.0 };
            let c = board.centre();
            let pivot = [
                c[0] + rng.range(-100.0, 100.0),
                c[1] + rng.range(-100.0, 100.0),
                0.0,
            ];
            let rz = rot_z(turn);
            let rp = mul_v(&rz, pivot);
            let tr = [
                pivot[0] - rp[0] + dist * dir.cos(),
                pivot[1] - rp[1] + dist * dir.sin(),
                0.0,
            ];
            let mut slid = still.clone();
            slid.camera = camera_for_moved_board(&still.camera, &rz, tr);
            let (board_img, slid_truth) =
                render_with(&board, "", &slid, "slid", &tex, &mut fresh(&mut rng))?;
            let slid_h = m3(&slid_truth.board_to_image);
            let mut table_scene = still.clone();
            table_scene.dice.clear();
            let (mut slid_img, _) = render_with(
                &board,
                "",
                &table_scene,
                "table",
                &table_only(&tex, &board)?,
                &mut fresh(&mut rng),
            )?;
            let disc_mask = mask_of(
                board_img.size()?,
                &slid_h,
                &disc_polygon(c, board.outer_radius(), 96),
            )?;
            board_img.copy_to_masked(&mut slid_img, &disc_mask)?;
            // A camera bump: the still frame shifted in the image.
            let px = rng.range(1.5, 20.0);
            let dir = rng.range(0.0, std::f64::consts::TAU);
            let d = [px * dir.cos(), px * dir.sin()];
            let shifted = shift_image(&still_img, d)?;
            let shift_h =
                Homography([[1.0, 0.0, d[0]], [0.0, 1.0, d[1]], [0.0, 0.0, 1.0]]).then_after(&h0);
            // A hand over part of the slid board.
            let mut covered = slid_img.try_clone()?;
            let centre_px = slid_h.map(c).unwrap_or([fw as f64 / 2.0, fh as f64 / 2.0]);
            let radius_px =
                (opencv::core::count_non_zero(&disc_mask)? as f64 / std::f64::consts::PI).sqrt();
            let hidden = cover(&mut covered, &disc_mask, centre_px, radius_px, &mut rng)?;
            let cases = [
                Case {
                    kind: Kind::Still,
                    img: still_img,
                    truth: h0,
                    new_look,
                    hidden: 0.0,
                },
                Case {
                    kind: Kind::Slide,
                    img: slid_img,
                    truth: slid_h,
                    new_look,
                    hidden: 0.0,
                },
                Case {
                    kind: Kind::Shift,
                    img: shifted,
                    truth: shift_h,
                    new_look,
                    hidden: 0.0,
                },
                Case {
                    kind: Kind::Covered,
                    img: covered,
                    truth: slid_h,
                    new_look,
                    hidden,
                },
                Case {
                    kind: Kind::Blank,
                    img: blank(Size::new(fw as i32, fh as i32), &mut rng)?,
                    truth: h0,
                    new_look: false,
                    hidden: 1.0,
                },
            ];
            for case in cases {
                let mut img = case.img;
                let relit = case.kind != Kind::Blank && rng.chance(0.5);
                if relit {
                    relight(&mut img, &mut rng)?;
                }
                let img = jpeg(
                    &img,
                    if case.new_look {
                        still.look.jpeg_quality
                    } else {
                        q
                    },
                )?;
                if let Some(dir) = &a.dump {
                    write_png(
                        &dir.join(format!("{art_name}-{seed}-{:?}.png", case.kind).to_lowercase()),
                        &img,
                    )?;
                }
                let (t, c0) = (Instant::now(), process_cpu_ms());
                let al = r.check(&img)?;
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let cpu_ms = process_cpu_ms() - c0;
                let (used, why) = match &al.verdict {
                    Verdict::Aligned => (Some(h0), None),
                    Verdict::Moved { new_board_to_image } => (Some(*new_board_to_image), None),
                    Verdict::Lost { why } => (None, Some(why.to_string())),
                };
                let f = Frame {
                    art: art_name,
                    seed,
                    elevation_deg: scene.elevation_deg,
                    kind: case.kind,
                    relit,
                    new_look: case.new_look,
                    hidden: case.hidden,
                    true_px: true_px(&case.truth, &h0, &corners),
                    verdict: al.verdict.name(),
                    why,
                    corner_mm: if case.kind == Kind::Blank {
                        None
                    } else {
                        used.and_then(|u| corner_error_mm(&case.truth, &u, &corners))
                    },
                    measured_px: al.max_px,
                    uncertainty_px: al.uncertainty_px,
                    inliers: al.inliers,
                    matches: al.matches,
                    patches: al.patches,
                    patch_inliers: al.patch_inliers,
                    blur: al.blur,
                    ms,
                    cpu_ms,
                };
                if a.verbose && !a.json {
                    println!(
                        "{art_name} seed {seed} el {:.0}° {:?}{}{}{}: true {:.1} px, {} (measured {} px ±{}), corner err {} mm, inliers {}/{} matches, patches {}/{}{}, {:.1} ms ({:.1} CPU){}",
                        f.elevation_deg,
                        f.kind,
                        if f.relit { " relit" } else { "" },
                        if f.new_look { " new-look" } else { "" },
                        if f.kind == Kind::Covered { format!(" {:.0}% hidden", 100.0 * f.hidden) } else { String::new() },
                        f.true_px,
                        f.verdict,
                        f.measured_px.map_or("-".into(), |v| format!("{v:.2}")),
                        f.uncertainty_px.map_or("-".into(), |v| format!("{v:.2}")),
                        f.corner_mm.map_or("-".into(), |v| format!("{v:.2}")),
                        f.inliers,
                        f.matches,
                        f.patch_inliers,
                        f.patches,
                        f.blur.map_or(String::new(), |b| format!(
                            ", sharpness ref {:.2}/{:.2} frame {:.2}/{:.2} blur ref {:.1}/{:.1} frame {:.1}/{:.1}",
                            b.reference_sharpness[0], b.reference_sharpness[1], b.frame_sharpness[0], b.frame_sharpness[1],
                            b.reference[0], b.reference[1], b.frame[0], b.frame[1]
                        )),
                        f.ms,
                        f.cpu_ms,
                        f.why.as_ref().map_or(String::new(), |w| format!(" — {w}"))
                    );
                }
                frames.push(f);
            }
        }
        summaries.push(summarize(
            art_name,
            a.scenes,
            ref_fail,
            ref_ms,
            &frames,
            (lo, hi),
        ));
        all_frames.extend(frames);
    }
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(
                &serde_json::json!({ "summaries": summaries, "frames": all_frames })
            )?
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "drift check, generated {fw}×{fh} scenes, elevation {lo}–{hi}°, seeds {}…{}, OpenCV threads: {}",
        a.seed,
        a.seed + a.scenes as u64 - 1,
        if a.one_thread { "1".to_string() } else { opencv::core::get_num_threads()?.to_string() }
    );
    for s in &summaries {
        print_summary(s, a.max_slide_mm, a.max_turn_deg);
    }
    Ok(ExitCode::SUCCESS)
}

fn summarize(
    art: &'static str,
    scenes: usize,
    reference_failures: usize,
    ref_ms: Vec<f64>,
    frames: &[Frame],
    el: (f64, f64),
) -> Summary {
    let of =
        |k: &[Kind]| -> Vec<&Frame> { frames.iter().filter(|f| k.contains(&f.kind)).collect() };
    let bumped = of(&[Kind::Slide, Kind::Shift]);
    let still = of(&[Kind::Still]);
    let covered = of(&[Kind::Covered]);
    let blank = of(&[Kind::Blank]);
    let count = |v: &[&Frame], name: &str| v.iter().filter(|f| f.verdict == name).count();
    let corner = |v: &[&Frame]| {
        Stats::of(
            v.iter()
                .filter(|f| f.verdict == "moved")
                .filter_map(|f| f.corner_mm)
                .collect(),
        )
    };
    let wrong = |v: &[&Frame]| {
        v.iter()
            .filter(|f| f.verdict == "moved" && f.corner_mm.is_none_or(|e| e > WRONG_MM))
            .count()
    };
    let step = (el.1 - el.0) / 3.0;
    let bands = (0..3)
        .filter(|_| step > 0.0)
        .map(|i| {
            let (b0, b1) = (el.0 + step * i as f64, el.0 + step * (i + 1) as f64);
            let inb = |f: &&&Frame| {
                f.elevation_deg >= b0 && (f.elevation_deg < b1 || (i == 2 && f.elevation_deg <= b1))
            };
            let bb: Vec<&Frame> = bumped.iter().filter(inb).cloned().collect();
            let ss: Vec<&Frame> = still.iter().filter(inb).cloned().collect();
            Band {
                elevation_deg: [b0, b1],
                bumped: bb.len(),
                moved: share(count(&bb, "moved"), bb.len()),
                corner_mm: corner(&bb),
                still: ss.len(),
                false_moved: share(count(&ss, "moved"), ss.len()),
            }
        })
        .collect();
    Summary {
        art,
        scenes,
        reference_failures,
        reference_ms: Stats::of(ref_ms),
        bumped: bumped.len(),
        bumped_moved: share(count(&bumped, "moved"), bumped.len()),
        bumped_aligned: share(count(&bumped, "aligned"), bumped.len()),
        bumped_lost: share(count(&bumped, "lost"), bumped.len()),
        missed_bumps: bumped
            .iter()
            .filter(|f| f.verdict == "aligned" && f.true_px >= 1.5)
            .count(),
        corner_mm: corner(&bumped),
        wrong_moved: wrong(&bumped),
        still: still.len(),
        still_aligned: share(count(&still, "aligned"), still.len()),
        still_false_moved: share(count(&still, "moved"), still.len()),
        still_lost: share(count(&still, "lost"), still.len()),
        covered: covered.len(),
        covered_moved: share(count(&covered, "moved"), covered.len()),
        covered_lost: share(count(&covered, "lost"), covered.len()),
        covered_aligned: share(count(&covered, "aligned"), covered.len()),
        covered_wrong: wrong(&covered),
        covered_corner_mm: corner(&covered),
        blank: blank.len(),
        blank_lost: share(count(&blank, "lost"), blank.len()),
        check_ms: Stats::of(frames.iter().map(|f| f.ms).collect()),
        check_cpu_ms: Stats::of(frames.iter().map(|f| f.cpu_ms).collect()),
        bands,
    }
}

fn pct(v: f64) -> String {
    if v.is_nan() {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * v)
    }
}

fn print_summary(s: &Summary, max_slide_mm: f64, max_turn_deg: f64) {
    println!(
        "{} art: {} scenes ({} without a usable reference), reference ms mean {:.1}",
        s.art, s.scenes, s.reference_failures, s.reference_ms.mean
    );
    println!(
        "  bumped (slid 2–{max_slide_mm} mm / turned 0–{max_turn_deg}° on a still table, or image shifted 1.5–20 px): {} frames: re-registered (moved) {}, aligned {} ({} of them moved ≥ 1.5 px), lost {}",
        s.bumped,
        pct(s.bumped_moved),
        pct(s.bumped_aligned),
        s.missed_bumps,
        pct(s.bumped_lost)
    );
    println!(
        "  board-corner error after re-registration, mm: median {:.2}, p95 {:.2}, max {:.2}; wrong maps (> {WRONG_MM} mm): {}",
        s.corner_mm.median, s.corner_mm.p95, s.corner_mm.max, s.wrong_moved
    );
    println!(
        "  still (other dice, fresh noise, a third relit): {} frames: aligned {}, false moved {}, lost {}",
        s.still,
        pct(s.still_aligned),
        pct(s.still_false_moved),
        pct(s.still_lost)
    );
    println!(
        "  covered (slid, a hand over 10–45% of the board): {} frames: moved {} (corner mm median {:.2}, max {:.2}), lost {}, aligned {}, wrong maps {}",
        s.covered,
        pct(s.covered_moved),
        s.covered_corner_mm.median,
        s.covered_corner_mm.max,
        pct(s.covered_lost),
        pct(s.covered_aligned),
        s.covered_wrong
    );
    println!(
        "  blank (lens covered): {} frames: lost {}",
        s.blank,
        pct(s.blank_lost)
    );
    println!(
        "  ms per check: mean {:.1}, median {:.1}, p95 {:.1}, max {:.1}  [target ≤ {CHECK_BUDGET_MS} ms: {}]",
        s.check_ms.mean,
        s.check_ms.median,
        s.check_ms.p95,
        s.check_ms.max,
        if s.check_ms.p95 <= CHECK_BUDGET_MS { "met" } else { "MISSED" }
    );
    println!(
        "  CPU ms per check (process, all threads): mean {:.1}, median {:.1}, p95 {:.1}, max {:.1}",
        s.check_cpu_ms.mean, s.check_cpu_ms.median, s.check_cpu_ms.p95, s.check_cpu_ms.max
    );
    for b in &s.bands {
        println!(
            "  elevation {:.0}–{:.0}°: bumped {} re-registered {}, corner mm median {:.2} p95 {:.2} max {:.2}; still {} false moved {}",
            b.elevation_deg[0],
            b.elevation_deg[1],
            b.bumped,
            pct(b.moved),
            b.corner_mm.median,
            b.corner_mm.p95,
            b.corner_mm.max,
            b.still,
            pct(b.false_moved)
        );
    }
}
