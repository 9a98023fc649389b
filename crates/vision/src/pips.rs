//! Pip candidates: small, compact blobs that contrast strongly with a uniform
//! ring of face around them.
//!
//! Pips are the most distinctive thing on a die whatever its colours, so the
//! reader starts from them. A blob is kept when it differs from the local mean
//! brightness by a clear margin (either polarity: dark pips on a light face or
//! light pips on a dark face), is roughly elliptical, and is ringed by pixels
//! that are all on the far side of the contrast — which rejects wood grain,
//! cable edges and keyboard lettering.

use crate::error::Result;
use crate::gray::GrayImage;
use opencv::{
    core::{self, Mat, Point, Size, Vector},
    imgproc,
    prelude::*,
};
use serde::Serialize;
use std::cell::RefCell;

/// Whether pips are darker or lighter than the face they sit on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Polarity {
    /// Dark pips on a light face (white dice, cream Catan dice).
    Dark,
    /// Light pips on a dark face (coloured dice with white or yellow pips).
    Bright,
}

/// One pip seen in the image, described by its best-fit ellipse.
#[derive(Clone, Debug, PartialEq)]
pub struct Pip {
    /// Centre in image pixels.
    pub center: (f32, f32),
    /// Area in pixels.
    pub area: f32,
    /// Full length of the major axis, pixels.
    pub major: f32,
    /// Full length of the minor axis, pixels.
    pub minor: f32,
    /// Direction of the major axis, radians.
    pub angle: f32,
    /// Face level around the pip minus the pip's core level (always positive).
    pub contrast: f32,
    /// Gray level of the ring of face around the pip.
    pub ring_level: f32,
    /// Dark or light pip.
    pub polarity: Polarity,
    /// Mean colour (blue, green, red) of the pip's core, set by
    /// [`measure_colors`]; equal channels (its gray level) until then.
    pub color: [f32; 3],
}

impl Pip {
    /// Minor over major axis: 1 for a pip seen face-on, small for one seen edge-on.
    pub fn roundness(&self) -> f32 {
        if self.major <= 0.0 {
            0.0
        } else {
            self.minor / self.major
        }
    }
}

/// Tuning of the pip detector. Sizes are fractions of the image width so one
/// setting serves 640×480 up to 1920×1080.
#[derive(Clone, Debug)]
pub struct PipParams {
    /// Local-mean window as a fraction of image width.
    pub window_frac: f32,
    /// Minimum difference from the local mean to be a pip pixel (gray levels).
    pub min_local_contrast: u8,
    /// Smallest major axis accepted, pixels (distant dice have tiny pips).
    pub min_major_px: f32,
    /// Largest major axis accepted, fraction of image width.
    pub max_major_frac: f32,
    /// Minimum minor/major ratio; thinner blobs are edges or side-face pips seen edge-on.
    pub min_roundness: f32,
    /// Minimum area / convex hull area for blobs big enough to measure it.
    pub min_solidity: f32,
    /// Minimum ring median minus core level.
    pub min_ring_contrast: f32,
    /// Minimum contrast of the ring's darkest quarter (for dark pips) — the
    /// whole ring must be face, not half face and half table.
    pub min_ring_low_contrast: f32,
}

impl Default for PipParams {
    fn default() -> Self {
        PipParams {
            window_frac: 1.0 / 14.0,
            min_local_contrast: 35,
            min_major_px: 2.5,
            max_major_frac: 1.0 / 12.0,
            min_roundness: 0.25,
            min_solidity: 0.8,
            min_ring_contrast: 45.0,
            min_ring_low_contrast: 30.0,
        }
    }
}

thread_local! {
    /// The pip finder's two frame-sized images (the local mean and a
    /// polarity's mask), kept between frames of one thread: made afresh for
    /// every frame, their pages cost more than the arithmetic on them (see
    /// docs/measurements/2026-11-26-d6-speed.md).
    static SCRATCH: RefCell<[Mat; 2]> = RefCell::new([Mat::default(), Mat::default()]);
}

/// Find pips of both polarities in a gray image.
pub fn find_pips(gray: &GrayImage, params: &PipParams) -> Result<Vec<Pip>> {
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let [mean, mask] = &mut *scratch;
        find_pips_in(gray, params, mean, mask)
    })
}

fn find_pips_in(
    gray: &GrayImage,
    params: &PipParams,
    mean: &mut Mat,
    mask: &mut Mat,
) -> Result<Vec<Pip>> {
    // A header over the gray bytes: OpenCV reads them in place.
    let mat = Mat::new_rows_cols_with_data(gray.height as i32, gray.width as i32, &gray.data)?;
    let w = gray.width as f32;
    let win = (((w * params.window_frac) as i32) | 1).max(15);
    imgproc::blur(
        &mat,
        mean,
        Size::new(win, win),
        Point::new(-1, -1),
        core::BORDER_REPLICATE,
    )?;
    let mut out = Vec::new();
    for polarity in [Polarity::Dark, Polarity::Bright] {
        // Pip pixels: at least `min_local_contrast` darker (or lighter) than
        // the local mean.
        let (rows, cols) = (gray.height as i32, gray.width as i32);
        if mask.rows() != rows || mask.cols() != cols || mask.typ() != core::CV_8UC1 {
            *mask =
                Mat::new_rows_cols_with_default(rows, cols, core::CV_8UC1, core::Scalar::all(0.0))?;
        }
        let min = i16::from(params.min_local_contrast);
        let levels = mean.data_bytes()?;
        for ((m, &g), &avg) in mask
            .data_bytes_mut()?
            .iter_mut()
            .zip(&gray.data)
            .zip(levels)
        {
            let d = match polarity {
                Polarity::Dark => i16::from(avg) - i16::from(g),
                Polarity::Bright => i16::from(g) - i16::from(avg),
            };
            *m = if d > min { 255 } else { 0 };
        }
        let mut contours = Vector::<Vector<Point>>::new();
        let mut hierarchy = Vector::<core::Vec4i>::new();
        // Two-level hierarchy: outer blobs and their holes. A blob with holes
        // is not a pip — typically it is a whole die whose pips are the holes.
        imgproc::find_contours_with_hierarchy(
            &*mask,
            &mut contours,
            &mut hierarchy,
            imgproc::RETR_CCOMP,
            imgproc::CHAIN_APPROX_NONE,
            Point::new(0, 0),
        )?;
        let mask_bytes = mask.data_bytes()?;
        for (i, contour) in contours.iter().enumerate() {
            let h = hierarchy.get(i)?;
            if h[3] >= 0 {
                continue; // a hole, not a blob
            }
            if h[2] >= 0 && has_big_hole(&contours, &hierarchy, h[2], &contour)? {
                continue;
            }
            if let Some(pip) = measure(gray, mask_bytes, &contour, polarity, params)? {
                out.push(pip);
            }
        }
    }
    Ok(out)
}

/// Whether any hole of a blob (children listed from `first` via the
/// hierarchy's next links) covers more than a few percent of it. Tiny holes
/// are sensor noise or glare specks inside a real pip.
fn has_big_hole(
    contours: &Vector<Vector<Point>>,
    hierarchy: &Vector<core::Vec4i>,
    first: i32,
    outer: &Vector<Point>,
) -> Result<bool> {
    let outer_area = imgproc::contour_area(outer, false)?.max(1.0);
    let mut child = first;
    while child >= 0 {
        let hole = contours.get(child as usize)?;
        let hole_area = imgproc::contour_area(&hole, false)?;
        if hole.len() >= 3 && hole_area > 6.0 && hole_area > 0.015 * outer_area {
            return Ok(true);
        }
        child = hierarchy.get(child as usize)?[0];
    }
    Ok(false)
}

/// Shape of a blob from its pixel moments.
struct Blob {
    area: f32,
    cx: f32,
    cy: f32,
    major: f32,
    minor: f32,
    angle: f32,
}

fn blob_moments(gray: &GrayImage, mask: &[u8], rect: core::Rect) -> Option<Blob> {
    let (mut n, mut sx, mut sy, mut sxx, mut syy, mut sxy) = (0f64, 0f64, 0f64, 0f64, 0f64, 0f64);
    for y in rect.y..rect.y + rect.height {
        let row = y as usize * gray.width;
        for x in rect.x..rect.x + rect.width {
            if mask[row + x as usize] != 0 {
                let (fx, fy) = (x as f64, y as f64);
                n += 1.0;
                sx += fx;
                sy += fy;
                sxx += fx * fx;
                syy += fy * fy;
                sxy += fx * fy;
            }
        }
    }
    if n < 3.0 {
        return None;
    }
    let (cx, cy) = (sx / n, sy / n);
    // Pixel variances plus 1/12 for the pixel's own extent.
    let vxx = sxx / n - cx * cx + 1.0 / 12.0;
    let vyy = syy / n - cy * cy + 1.0 / 12.0;
    let vxy = sxy / n - cx * cy;
    let tr = vxx + vyy;
    let det = vxx * vyy - vxy * vxy;
    let disc = (tr * tr / 4.0 - det).max(0.0).sqrt();
    let l1 = tr / 2.0 + disc;
    let l2 = (tr / 2.0 - disc).max(1e-6);
    Some(Blob {
        area: n as f32,
        cx: cx as f32,
        cy: cy as f32,
        major: (4.0 * l1.sqrt()) as f32,
        minor: (4.0 * l2.sqrt()) as f32,
        angle: (0.5 * (2.0 * vxy).atan2(vxx - vyy)) as f32,
    })
}

fn measure(
    gray: &GrayImage,
    mask: &[u8],
    contour: &Vector<Point>,
    polarity: Polarity,
    params: &PipParams,
) -> Result<Option<Pip>> {
    let rect = imgproc::bounding_rect(contour)?;
    let max_major = gray.width as f32 * params.max_major_frac;
    if rect.width as f32 > max_major * 1.5 || rect.height as f32 > max_major * 1.5 {
        return Ok(None);
    }
    let Some(b) = blob_moments(gray, mask, rect) else {
        return Ok(None);
    };
    if b.major < params.min_major_px || b.major > max_major {
        return Ok(None);
    }
    if b.minor / b.major < params.min_roundness {
        return Ok(None);
    }
    if b.area >= 20.0 {
        let mut hull = Vector::<Point>::new();
        imgproc::convex_hull(contour, &mut hull, false, true)?;
        let hull_area = imgproc::contour_area(&hull, false)? as f32;
        let area = imgproc::contour_area(contour, false)? as f32;
        if hull_area > 0.0 && area / hull_area < params.min_solidity {
            return Ok(None);
        }
    }
    let Some((core_level, ring_med, ring_low)) = ring_levels(gray, &b, polarity) else {
        return Ok(None);
    };
    let contrast = ring_med - core_level;
    if contrast < params.min_ring_contrast || ring_low - core_level < params.min_ring_low_contrast {
        return Ok(None);
    }
    let ring_level = match polarity {
        Polarity::Dark => ring_med,
        Polarity::Bright => 255.0 - ring_med,
    };
    Ok(Some(Pip {
        center: (b.cx, b.cy),
        area: b.area,
        major: b.major,
        minor: b.minor,
        angle: b.angle,
        contrast,
        ring_level,
        polarity,
        color: [match polarity {
            Polarity::Dark => core_level,
            Polarity::Bright => 255.0 - core_level,
        }; 3],
    }))
}

/// Set each pip's [`Pip::color`] from a BGR frame (3 bytes a pixel, the
/// same size as the gray image the pips were found in): the mean over the
/// inner half of the pip's ellipse.
pub fn measure_colors(bgr: &[u8], width: usize, height: usize, pips: &mut [Pip]) {
    if bgr.len() < width * height * 3 {
        return;
    }
    for p in pips.iter_mut() {
        let a = (p.major / 2.0).max(0.75);
        let c = (p.minor / 2.0).max(0.75);
        let (cos, sin) = (p.angle.cos(), p.angle.sin());
        let (hx, hy) = ellipse_half_extents(a, c, cos, sin);
        let (mut sum, mut n) = ([0f32; 3], 0u32);
        let x0 = (p.center.0 - hx).floor().max(0.0) as usize;
        let y0 = (p.center.1 - hy).floor().max(0.0) as usize;
        let x1 = ((p.center.0 + hx).ceil().max(0.0) as usize).min(width - 1);
        let y1 = ((p.center.1 + hy).ceil().max(0.0) as usize).min(height - 1);
        for y in y0..=y1 {
            for x in x0..=x1 {
                let (dx, dy) = (x as f32 - p.center.0, y as f32 - p.center.1);
                let u = (dx * cos + dy * sin) / a;
                let v = (-dx * sin + dy * cos) / c;
                if u * u + v * v < 0.5 {
                    let i = (y * width + x) * 3;
                    for k in 0..3 {
                        sum[k] += bgr[i + k] as f32;
                    }
                    n += 1;
                }
            }
        }
        if n > 0 {
            p.color = sum.map(|v| v / n as f32);
        }
    }
}

/// A colour's departure from gray: each channel minus the channels' mean.
pub fn chroma(c: [f32; 3]) -> [f32; 3] {
    let m = (c[0] + c[1] + c[2]) / 3.0;
    [c[0] - m, c[1] - m, c[2] - m]
}

/// Core level, ring median and ring lower quartile, all expressed so that the
/// face is "high" (values are inverted for light pips).
fn ring_levels(gray: &GrayImage, b: &Blob, polarity: Polarity) -> Option<(f32, f32, f32)> {
    let a = (b.major / 2.0).max(0.75);
    let c = (b.minor / 2.0).max(0.75);
    let (cos, sin) = (b.angle.cos(), b.angle.sin());
    // The core must be wholly in view: blobs cut by the frame edge are mostly
    // objects leaving the view.
    let (hx, hy) = ellipse_half_extents(a, c, cos, sin);
    if b.cx - hx < 0.0
        || b.cy - hy < 0.0
        || b.cx + hx > (gray.width - 1) as f32
        || b.cy + hy > (gray.height - 1) as f32
    {
        return None;
    }
    // The ring may run off the frame (a die near the edge of the view): what
    // is in view of it is judged, if that is most of it.
    let (rx, ry) = ellipse_half_extents(a * RING_OUTER, c * RING_OUTER, cos, sin);
    let x0 = (b.cx - rx).floor() as i32;
    let x1 = (b.cx + rx).ceil() as i32;
    let y0 = (b.cy - ry).floor() as i32;
    let y1 = (b.cy + ry).ceil() as i32;
    let mut core_min = 255u8;
    let mut core_n = 0;
    let mut ring: Vec<u8> = Vec::with_capacity(64);
    let mut ring_total = 0usize;
    for y in y0..=y1 {
        for x in x0..=x1 {
            let dx = x as f32 - b.cx;
            let dy = y as f32 - b.cy;
            let u = (dx * cos + dy * sin) / a;
            let v = (-dx * sin + dy * cos) / c;
            let r2 = u * u + v * v;
            let in_ring = (RING_INNER * RING_INNER..RING_OUTER * RING_OUTER).contains(&r2);
            if in_ring {
                ring_total += 1;
            }
            if x < 0 || y < 0 || x >= gray.width as i32 || y >= gray.height as i32 {
                continue;
            }
            let raw = gray.get(x as usize, y as usize);
            let val = match polarity {
                Polarity::Dark => raw,
                Polarity::Bright => 255 - raw,
            };
            if r2 < 0.5 {
                core_min = core_min.min(val);
                core_n += 1;
            } else if in_ring {
                ring.push(val);
            }
        }
    }
    if core_n == 0 || ring.len() < 6 || (ring.len() as f32) < MIN_RING_IN_VIEW * ring_total as f32 {
        return None;
    }
    ring.sort_unstable();
    let med = ring[ring.len() / 2] as f32;
    let low = ring[ring.len() / 4] as f32;
    Some((core_min as f32, med, low))
}

/// The ring of face judged around a pip, in pip radii (measured in the pip's
/// own ellipse).
const RING_INNER: f32 = 1.38;
const RING_OUTER: f32 = 2.14;
/// Share of that ring that must be in view for the pip to be judged.
const MIN_RING_IN_VIEW: f32 = 0.7;

/// Half width and half height of the bounding box of an ellipse with semi-axes
/// `a` (along direction (`cos`, `sin`)) and `c`.
fn ellipse_half_extents(a: f32, c: f32, cos: f32, sin: f32) -> (f32, f32) {
    (
        ((a * cos).powi(2) + (c * sin).powi(2)).sqrt(),
        ((a * sin).powi(2) + (c * cos).powi(2)).sqrt(),
    )
}

/// Share of the annulus 2–3 pip radii out that looks like the pip's own ring
/// of face (within a third of the pip's contrast of it). A die's "1" pip sits
/// alone in the middle of a plain face, so this is near 1 for it and low for
/// a dark dot among lettering, texture or clutter. `None` when the annulus
/// leaves the frame.
pub fn surround_uniformity(gray: &GrayImage, pip: &Pip) -> Option<f32> {
    annulus_uniformity(gray, pip, 2.0, 3.0)
}

/// Share of the annulus from `inner` to `outer` pip radii (measured in the
/// pip's own ellipse, so foreshortening is undone) that matches the pip's
/// ring of face, as in [`surround_uniformity`]. `None` when the annulus
/// leaves the frame.
pub fn annulus_uniformity(gray: &GrayImage, pip: &Pip, inner: f32, outer: f32) -> Option<f32> {
    let a = (pip.major / 2.0).max(0.75);
    let c = (pip.minor / 2.0).max(0.75);
    let (cos, sin) = (pip.angle.cos(), pip.angle.sin());
    let (cx, cy) = (pip.center.0, pip.center.1);
    // The annulus's own bounding box: a foreshortened face reaches less far
    // along its short axis, so a die near the frame edge is judged by what
    // of it actually lies there.
    let (hx, hy) = ellipse_half_extents(a * outer, c * outer, cos, sin);
    let (x0, x1, y0, y1) = (
        (cx - hx).floor() as i32,
        (cx + hx).ceil() as i32,
        (cy - hy).floor() as i32,
        (cy + hy).ceil() as i32,
    );
    if x0 < 0 || y0 < 0 || x1 >= gray.width as i32 || y1 >= gray.height as i32 {
        return None;
    }
    let face = match pip.polarity {
        Polarity::Dark => pip.ring_level,
        Polarity::Bright => 255.0 - pip.ring_level,
    };
    let tolerance = pip.contrast * 0.35;
    let (mut n, mut ok) = (0u32, 0u32);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let dx = x as f32 - cx;
            let dy = y as f32 - cy;
            let u = (dx * cos + dy * sin) / a;
            let v = (-dx * sin + dy * cos) / c;
            let r2 = u * u + v * v;
            if (inner * inner..outer * outer).contains(&r2) {
                let raw = gray.get(x as usize, y as usize) as f32;
                let val = match pip.polarity {
                    Polarity::Dark => raw,
                    Polarity::Bright => 255.0 - raw,
                };
                n += 1;
                if (val - face).abs() < tolerance {
                    ok += 1;
                }
            }
        }
    }
    if n < 8 {
        None
    } else {
        Some(ok as f32 / n as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A light field with dark discs of radius `r` at the given centres.
    fn field(w: usize, h: usize, discs: &[(f32, f32)], r: f32) -> GrayImage {
        let mut data = vec![190u8; w * h];
        for y in 0..h {
            for x in 0..w {
                if discs
                    .iter()
                    .any(|&(cx, cy)| (x as f32 - cx).hypot(y as f32 - cy) <= r)
                {
                    data[y * w + x] = 30;
                }
            }
        }
        GrayImage {
            width: w,
            height: h,
            data,
        }
    }

    #[test]
    fn a_pip_whose_ring_just_runs_off_the_frame_is_still_found() {
        // Radius 6: the judged ring reaches ~13 px, the pip's centre is 10 px
        // from the top edge, so a little of the ring is out of view.
        let g = field(200, 120, &[(100.0, 10.0), (100.0, 60.0)], 6.0);
        let pips = find_pips(&g, &PipParams::default()).expect("pips");
        assert_eq!(pips.len(), 2, "{pips:?}");
    }

    #[test]
    fn a_pip_cut_by_the_frame_edge_is_not_found() {
        let g = field(200, 120, &[(100.0, 3.0), (100.0, 60.0)], 6.0);
        let pips = find_pips(&g, &PipParams::default()).expect("pips");
        assert_eq!(pips.len(), 1, "{pips:?}");
        assert!((pips[0].center.1 - 60.0).abs() < 1.0);
    }
}
