//! What the top face shows, by an enrolled die set.
//!
//! The top face is warped to a canonical patch (the fitted pentagon mapped to
//! a fixed pentagon) and described by rotation-free numbers ([`describe`]):
//! the die's own colour from a band just inside the face's edges, and how
//! the face's centre differs from it (an icon is a centred contrasting
//! glyph; a blank face is one paint). Enrolment averages these over
//! labelled examples; reading takes the nearest enrolled prototype.
//!
//! How *much* the centre differs is not enough on a small or blurred face:
//! its band takes in the dark edges round it, so a blank centre differs
//! about as much as a faint icon. Which *way* it differs still tells them
//! apart: a light star lifts and washes out a coloured die's centre, a dark
//! one darkens a white die's, and a blank centre keeps the band's hue and
//! is only a little lighter ([`Descriptor::centre_lift`],
//! [`Descriptor::centre_desat`]).

use opencv::core::{Mat, Point2f, Scalar, Size, Vector};
use opencv::prelude::*;
use opencv::{calib3d, imgproc};
use serde::{Deserialize, Serialize};

/// Side of the canonical face patch in pixels.
pub const PATCH: i32 = 40;

/// Canonical pentagon corners in the patch (circumradius 0.45·PATCH).
fn canonical() -> [[f64; 2]; 5] {
    let c = PATCH as f64 / 2.0;
    let r = 0.45 * PATCH as f64;
    std::array::from_fn(|k| {
        let a = -std::f64::consts::FRAC_PI_2 + k as f64 * std::f64::consts::TAU / 5.0;
        [c + r * a.cos(), c + r * a.sin()]
    })
}

/// Warps the face with image corners `px` (in order around the face) to the canonical patch.
pub fn face_patch(img: &Mat, px: &[[f64; 2]; 5]) -> opencv::Result<Mat> {
    let src: Vector<Point2f> = px
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let dst: Vector<Point2f> = canonical()
        .iter()
        .map(|p| Point2f::new(p[0] as f32, p[1] as f32))
        .collect();
    let h = calib3d::find_homography(&src, &dst, &mut Mat::default(), 0, 3.0)?;
    let mut out = Mat::default();
    imgproc::warp_perspective(
        img,
        &mut out,
        &h,
        Size::new(PATCH, PATCH),
        imgproc::INTER_LINEAR,
        opencv::core::BORDER_REPLICATE,
        Scalar::all(0.0),
    )?;
    Ok(out)
}

/// The numbers a face is judged by.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Descriptor {
    /// Face colour, BGR: median of a band inside the face's edges, outside
    /// any centred glyph.
    pub bgr: [f64; 3],
    /// Fraction of the face centre whose colour differs from the face
    /// colour by more than 15 % (relative): a glyph's share of the centre.
    pub glyph_fraction: f64,
    /// Relative colour difference (percent) between the face's very centre
    /// and its band: where an icon sits versus the die's own colour.
    pub glyph_contrast: f64,
    /// ln of the centre's brightness over the band's (channel sums, 30
    /// added to each so near-black does not blow up): above 0 where the
    /// centre is lighter, below where it is darker.
    pub centre_lift: f64,
    /// The band's saturation minus the centre's ([`chroma`]'s third
    /// feature): a light glyph on a coloured die washes the centre out.
    pub centre_desat: f64,
}

fn median(mut v: Vec<f64>) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn median3(v: &[[f64; 3]]) -> [f64; 3] {
    std::array::from_fn(|k| median(v.iter().map(|p| p[k]).collect()))
}

/// Relative colour difference of two BGR colours, percent (0 = same).
pub(crate) fn relative(a: [f64; 3], b: [f64; 3]) -> f64 {
    let d: f64 = (0..3).map(|k| (a[k] - b[k]).abs()).sum();
    let s: f64 = (0..3).map(|k| a[k] + b[k]).sum::<f64>() + 30.0;
    100.0 * d / s
}

/// Describes a canonical face patch (BGR, from [`face_patch`]).
///
/// Radii are in units of the pentagon's circumradius R. The band
/// 0.66–0.78 R lies inside the pentagon (its edges are ≥ 0.81 R from the
/// centre) and outside a centred glyph of up to 0.62 R, so it shows the
/// die's own colour; the disc within 0.2 R shows what sits at the very
/// centre. Comparing the two is invariant to the turn of the face, to the
/// light's strength (relative differences) and to smooth glare, and it
/// tolerates a fit that is off by a tenth of R. Icons are assumed centred
/// on the face, as printed dice have them.
pub fn describe(patch: &Mat) -> opencv::Result<Descriptor> {
    let (w, h) = (patch.cols() as usize, patch.rows() as usize);
    let d = patch.data_bytes()?;
    let c = [w as f64 / 2.0, h as f64 / 2.0];
    let radius = 0.45 * w.min(h) as f64;
    let (mut band, mut centre, mut inner) = (Vec::new(), Vec::new(), Vec::new());
    for y in 0..h {
        for x in 0..w {
            let r = ((x as f64 + 0.5 - c[0]).hypot(y as f64 + 0.5 - c[1])) / radius;
            let i = (y * w + x) * 3;
            let p = [d[i] as f64, d[i + 1] as f64, d[i + 2] as f64];
            if (0.66..0.78).contains(&r) {
                band.push(p);
            }
            if r < 0.2 {
                centre.push(p);
            }
            if r < 0.55 {
                inner.push(p);
            }
        }
    }
    let bgr = median3(&band);
    let mid = median3(&centre);
    let n = inner.len().max(1) as f64;
    let brightness = |c: [f64; 3]| c.iter().sum::<f64>() + 30.0;
    Ok(Descriptor {
        bgr,
        glyph_fraction: inner.iter().filter(|p| relative(**p, bgr) > 15.0).count() as f64 / n,
        glyph_contrast: relative(mid, bgr),
        centre_lift: (brightness(mid) / brightness(bgr)).ln(),
        centre_desat: chroma(bgr)[2] - chroma(mid)[2],
    })
}

/// Colour features that survive lighting changes: chromaticity and saturation.
pub fn chroma(bgr: [f64; 3]) -> [f64; 3] {
    let s = bgr[0] + bgr[1] + bgr[2] + 1.0;
    let max = bgr.iter().cloned().fold(0.0, f64::max);
    let min = bgr.iter().cloned().fold(255.0, f64::min);
    [bgr[0] / s, bgr[1] / s, (max - min) / (max + 1.0)]
}

/// Share of the face's band (0.66–0.78 R, as in [`describe`]) whose colour
/// is within 12 % (relative) of the band's median: a die's face is one
/// paint all round; a print seen through a wrong fit rarely is.
pub fn band_uniformity(patch: &Mat, bgr: [f64; 3]) -> opencv::Result<f64> {
    let (w, h) = (patch.cols() as usize, patch.rows() as usize);
    let d = patch.data_bytes()?;
    let c = [w as f64 / 2.0, h as f64 / 2.0];
    let radius = 0.45 * w.min(h) as f64;
    let (mut n, mut same) = (0usize, 0usize);
    for y in 0..h {
        for x in 0..w {
            let r = ((x as f64 + 0.5 - c[0]).hypot(y as f64 + 0.5 - c[1])) / radius;
            if (0.66..0.78).contains(&r) {
                let i = (y * w + x) * 3;
                let p = [d[i] as f64, d[i + 1] as f64, d[i + 2] as f64];
                n += 1;
                same += (relative(p, bgr) < 12.0) as usize;
            }
        }
    }
    Ok(if n == 0 { 0.0 } else { same as f64 / n as f64 })
}
