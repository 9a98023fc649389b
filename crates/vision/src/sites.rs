//! Checking a face against its own pip grid.
//!
//! Every standard layout puts its pips on the same 3×3 grid of sites, and
//! every site a layout leaves empty is plain face. So once a face's grid is
//! fitted from its pips (see [`crate::geometry`]), each empty site can be
//! looked at: plain face there confirms the reading; a dark (or light) spot
//! ringed by face is a pip the detector missed (blur, glare on the pip, a
//! pip at the frame edge); anything else says the "face" is not a die's
//! face at all (two specks in lettering, glints on a cable). The test is
//! relative to the face's own level and its pips' own contrast, so it holds
//! for any colours, light or camera.

use crate::faces::FaceCluster;
use crate::geometry::{standard_layout, FaceGeometry};
use crate::gray::GrayImage;
use crate::pips::{Pip, Polarity};

/// What an empty site shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// One of the face's pips is there.
    Taken,
    /// Plain face, as the layout expects.
    Plain,
    /// A pip-like spot ringed by face: a pip the detector missed.
    MissedPip,
    /// Neither face nor pip: the grid runs over something else.
    Foreign,
    /// Out of the frame, not judged.
    Unseen,
}

/// A site whose core is within this share of the pips' contrast of the face
/// level is plain face.
const PLAIN_WITHIN: f32 = 0.35;
/// A site whose core is at least this share of the contrast below the face
/// level (on the pips' side) is pip-like.
const PIP_BEYOND: f32 = 0.5;
/// Core disc radius and ring radii sampled at a site, in pip radii.
const CORE_RADIUS: f32 = 0.6;
const RING_RADII: [f32; 2] = [1.5, 1.9];

/// The face's level and its pips' contrast, in polarity-normalised gray
/// (face high, pips low), as the median over its pips.
fn face_levels(face: &FaceCluster) -> (f32, f32) {
    let mut levels: Vec<f32> = face
        .pips
        .iter()
        .map(|p| match p.polarity {
            Polarity::Dark => p.ring_level,
            Polarity::Bright => 255.0 - p.ring_level,
        })
        .collect();
    let mut contrasts: Vec<f32> = face.pips.iter().map(|p| p.contrast).collect();
    levels.sort_by(|a, b| a.total_cmp(b));
    contrasts.sort_by(|a, b| a.total_cmp(b));
    (levels[levels.len() / 2], contrasts[contrasts.len() / 2])
}

/// Polarity-normalised gray at an image point, `None` outside the frame.
fn sample(gray: &GrayImage, polarity: Polarity, x: f32, y: f32) -> Option<f32> {
    let (xi, yi) = (x.round(), y.round());
    if xi < 0.0 || yi < 0.0 || xi >= gray.width as f32 || yi >= gray.height as f32 {
        return None;
    }
    let raw = gray.get(xi as usize, yi as usize) as f32;
    Some(match polarity {
        Polarity::Dark => raw,
        Polarity::Bright => 255.0 - raw,
    })
}

/// Judge each of a face's nine grid sites.
pub fn check_sites(gray: &GrayImage, face: &FaceCluster, geometry: &FaceGeometry) -> [Site; 9] {
    let (level, contrast) = face_levels(face);
    let m = geometry.frontal_to_image;
    let to_image = |c: [f32; 2], u: f32, v: f32| {
        (
            c[0] + m[0][0] * u + m[0][1] * v,
            c[1] + m[1][0] * u + m[1][1] * v,
        )
    };
    let mut out = [Site::Unseen; 9];
    for (k, site) in out.iter_mut().enumerate() {
        if geometry.occupied[k] {
            *site = Site::Taken;
            continue;
        }
        let c = geometry.sites[k];
        let mut core = Vec::with_capacity(21);
        let mut seen = true;
        for i in -2..=2 {
            for j in -2..=2 {
                let (u, v) = (i as f32 * CORE_RADIUS / 2.0, j as f32 * CORE_RADIUS / 2.0);
                if u.hypot(v) > CORE_RADIUS + 1e-3 {
                    continue;
                }
                let (x, y) = to_image(c, u, v);
                match sample(gray, face.polarity, x, y) {
                    Some(val) => core.push(val),
                    None => seen = false,
                }
            }
        }
        let mut ring = Vec::with_capacity(32);
        for r in RING_RADII {
            for a in 0..16 {
                let t = a as f32 * std::f32::consts::TAU / 16.0;
                let (x, y) = to_image(c, r * t.cos(), r * t.sin());
                match sample(gray, face.polarity, x, y) {
                    Some(val) => ring.push(val),
                    None => seen = false,
                }
            }
        }
        if !seen || core.is_empty() || ring.is_empty() {
            continue;
        }
        core.sort_by(|a, b| a.total_cmp(b));
        ring.sort_by(|a, b| a.total_cmp(b));
        let core_level = core[core.len() / 2];
        let ring_level = ring[ring.len() / 2];
        *site = if core_level >= level - PLAIN_WITHIN * contrast {
            Site::Plain
        } else if core_level <= level - PIP_BEYOND * contrast
            && ring_level >= level - PLAIN_WITHIN * contrast
        {
            Site::MissedPip
        } else {
            Site::Foreign
        };
    }
    out
}

/// What the site check makes of a face.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The empty sites are plain (or out of view): the reading stands.
    Confirmed,
    /// Missed pips complete a standard layout: these are the pips to add.
    Completed(Vec<Pip>),
    /// The sites disagree with the layout in a way no layout explains.
    Doubtful,
}

/// Weigh the sites of a face read with its found pips.
pub fn verdict(face: &FaceCluster, geometry: &FaceGeometry, sites: &[Site; 9]) -> Verdict {
    if sites
        .iter()
        .all(|s| matches!(s, Site::Taken | Site::Plain | Site::Unseen))
    {
        return Verdict::Confirmed;
    }
    if sites.contains(&Site::Foreign) {
        return Verdict::Doubtful;
    }
    let mut with_missed = [false; 9];
    for (k, s) in sites.iter().enumerate() {
        with_missed[k] = matches!(s, Site::Taken | Site::MissedPip);
    }
    if standard_layout(&with_missed).is_none() {
        return Verdict::Doubtful;
    }
    // A missed pip is taken to look like the face's typical pip.
    let Some(typical) = face.pips.get(face.pips.len() / 2) else {
        return Verdict::Doubtful;
    };
    let added = (0..9)
        .filter(|&k| sites[k] == Site::MissedPip)
        .map(|k| Pip {
            center: (geometry.sites[k][0], geometry.sites[k][1]),
            ..typical.clone()
        })
        .collect();
    Verdict::Completed(added)
}
