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
    if face.pips.is_empty() {
        return [Site::Unseen; 9];
    }
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
        // Nearly all the ring must be face too: a missed pip is ringed by
        // face all round, a stroke or an edge only on some sides.
        let ring_level = ring[ring.len() / 10];
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::face_geometry;
    use crate::pips::{find_pips, PipParams};

    /// A light 200×200 face with dark round pips of radius 5 at `pips`, and
    /// dark rectangles (x0, y0, x1, y1) at `marks`.
    fn face_image(pips: &[(f32, f32)], marks: &[(usize, usize, usize, usize)]) -> GrayImage {
        let (w, h) = (200usize, 200usize);
        let mut data = vec![200u8; w * h];
        for y in 0..h {
            for x in 0..w {
                let in_pip = pips
                    .iter()
                    .any(|&(cx, cy)| (x as f32 - cx).hypot(y as f32 - cy) <= 5.0);
                let in_mark = marks
                    .iter()
                    .any(|&(x0, y0, x1, y1)| (x0..x1).contains(&x) && (y0..y1).contains(&y));
                if in_pip || in_mark {
                    data[y * w + x] = 40;
                }
            }
        }
        GrayImage {
            width: w,
            height: h,
            data,
        }
    }

    fn face_of(gray: &GrayImage, keep: impl Fn(&Pip) -> bool) -> FaceCluster {
        let pips: Vec<Pip> = find_pips(gray, &PipParams::default())
            .expect("pips")
            .into_iter()
            .filter(|p| keep(p))
            .collect();
        FaceCluster::new(pips)
    }

    const CORNERS: [(f32, f32); 4] = [(80.0, 80.0), (120.0, 80.0), (80.0, 120.0), (120.0, 120.0)];

    #[test]
    fn a_plain_face_confirms_its_layout() {
        let gray = face_image(&CORNERS, &[]);
        let face = face_of(&gray, |_| true);
        assert_eq!(face.pips.len(), 4);
        let g = face_geometry(&face);
        let sites = check_sites(&gray, &face, &g);
        assert_eq!(sites.iter().filter(|s| **s == Site::Plain).count(), 5);
        assert_eq!(verdict(&face, &g, &sites), Verdict::Confirmed);
    }

    #[test]
    fn a_missed_centre_pip_completes_a_five() {
        let mut five = CORNERS.to_vec();
        five.push((100.0, 100.0));
        let gray = face_image(&five, &[]);
        // The detector "missed" the centre pip.
        let face = face_of(&gray, |p| {
            (p.center.0 - 100.0).hypot(p.center.1 - 100.0) > 5.0
        });
        assert_eq!(face.pips.len(), 4);
        let g = face_geometry(&face);
        let sites = check_sites(&gray, &face, &g);
        assert_eq!(sites[4], Site::MissedPip);
        match verdict(&face, &g, &sites) {
            Verdict::Completed(added) => {
                assert_eq!(added.len(), 1);
                let c = added[0].center;
                assert!(
                    (c.0 - 100.0).abs() < 2.0 && (c.1 - 100.0).abs() < 2.0,
                    "{c:?}"
                );
            }
            other => panic!("expected a completed five, got {other:?}"),
        }
    }

    #[test]
    fn two_dots_astride_a_stroke_are_doubtful() {
        // Two dots on a diagonal with a bar of lettering across the middle:
        // the grid's centre site is neither face nor a pip ringed by face.
        let gray = face_image(&[(80.0, 80.0), (120.0, 120.0)], &[(70, 97, 130, 104)]);
        let face = face_of(&gray, |p| p.major < 14.0);
        assert_eq!(face.pips.len(), 2);
        let g = face_geometry(&face);
        let sites = check_sites(&gray, &face, &g);
        assert_eq!(sites[4], Site::Foreign);
        assert_eq!(verdict(&face, &g, &sites), Verdict::Doubtful);
    }

    #[test]
    fn sites_out_of_the_frame_are_not_judged() {
        let gray = face_image(&[], &[]);
        // A "2" in the frame's corner: its empty corner site's ring runs off.
        let face = FaceCluster::new(vec![
            Pip {
                center: (6.0, 30.0),
                area: 78.0,
                major: 10.0,
                minor: 10.0,
                angle: 0.0,
                contrast: 160.0,
                ring_level: 200.0,
                polarity: Polarity::Dark,
                color: [40.0; 3],
            },
            Pip {
                center: (30.0, 6.0),
                area: 78.0,
                major: 10.0,
                minor: 10.0,
                angle: 0.0,
                contrast: 160.0,
                ring_level: 200.0,
                polarity: Polarity::Dark,
                color: [40.0; 3],
            },
        ]);
        let g = face_geometry(&face);
        let sites = check_sites(&gray, &face, &g);
        assert!(sites.contains(&Site::Unseen), "{sites:?}");
    }
}
