//! The colour of the light at calibration, measured on the marker sheet.
//!
//! The markers are printed black on white paper: both are neutral, so every
//! pixel of a marker and its white quiet zone is the light's colour times a
//! brightness, and the ratios of its channels are the light's. Blurred
//! black-to-white edges carry the same ratios at mid levels, so a cast that
//! clips the white paper in one channel is still measured on the edges
//! (in part only in a JPEG still, whose subsampled chroma carries the
//! clipped white's colour into the edges).
//! A board look sampled under a lamp that was already on at calibration is
//! neutralised with it ([`crate::BoardLook::of_calibration`]).

use crate::homography::Homography;
use crate::profile::{CalibrationProfile, Layout, Method};
use crate::sheet::SheetLayout;
use opencv::core::{Mat, CV_8UC3};
use opencv::prelude::*;

/// Channel levels a pixel must lie between to be measured: darker is
/// noise and JPEG (the markers' black), brighter may be clipped.
const MIN_LEVEL: f64 = 24.0;
const MAX_LEVEL: f64 = 249.0;
/// A pixel's brightest channel must reach this for its ratios to be
/// steadier than the sensor noise.
const MIN_BRIGHT: f64 = 64.0;
/// Fewest pixels measured, over all markers.
const MIN_PIXELS: usize = 100;
/// Half of the measured pixels must agree with the median this closely
/// (natural log of each ratio); otherwise what was sampled is not the
/// neutral sheet (a marker covered, a profile that lies about them).
const AGREE_LN: f64 = 0.08;
const MIN_AGREEING: f64 = 0.5;
/// A marker's disc must hold its black: the darkest tenth of its pixels
/// under this share of the brightest tenth's level.
const MAX_DARK_SHARE: f64 = 0.35;

/// Where neutral print lies in a profile's table mm: discs round the
/// marker centres, of a radius that stays inside the marker and its white
/// margin however the marker is turned. Empty for a manual profile (no
/// markers) or another sheet's dictionary.
pub fn marker_discs(profile: &CalibrationProfile) -> (Vec<[f64; 2]>, f64) {
    let layout = SheetLayout::a4();
    let Method::Aruco {
        layout: kind,
        dictionary,
        marker_ids,
    } = &profile.method
    else {
        return (Vec::new(), 0.0);
    };
    if *dictionary != layout.dictionary {
        return (Vec::new(), 0.0);
    }
    // The square's half side, and half the cut margin beyond it.
    let radius = layout.marker_mm / 2.0 + layout.cut_margin_mm / 2.0;
    let [w, h] = profile.area_mm;
    let centres = match kind {
        Layout::Corners => vec![[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]],
        Layout::Sheet => marker_ids
            .iter()
            .filter_map(|id| layout.marker(*id).map(|m| m.center_mm))
            .collect(),
    };
    (centres, radius)
}

/// The light's colour (blue, green, red; geometric mean 1) measured on the
/// pixels of `img` (8-bit BGR) within `radius_mm` of the `centres_mm`
/// seen through `table_to_image`, or `None` when too few pixels are
/// measurable or they do not agree on one colour.
pub fn light_colour(
    img: &Mat,
    table_to_image: &Homography,
    centres_mm: &[[f64; 2]],
    radius_mm: f64,
) -> Option<[f64; 3]> {
    if img.typ() != CV_8UC3 || img.empty() || !img.is_continuous() {
        return None;
    }
    if !(radius_mm.is_finite() && radius_mm > 0.0) {
        return None;
    }
    let to_table = table_to_image.inverse()?;
    let (w, h) = (img.cols() as i64, img.rows() as i64);
    let data = img.data_bytes().ok()?;
    let (mut blue, mut red) = (Vec::new(), Vec::new());
    for c in centres_mm {
        // The disc's bounding box in the image, from its square's corners.
        let corners = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]
            .map(|[sx, sy]| table_to_image.map([c[0] + sx * radius_mm, c[1] + sy * radius_mm]));
        let Some(px) = corners.into_iter().collect::<Option<Vec<_>>>() else {
            continue;
        };
        let lo = |k: usize| px.iter().map(|p| p[k]).fold(f64::INFINITY, f64::min);
        let hi = |k: usize| px.iter().map(|p| p[k]).fold(f64::NEG_INFINITY, f64::max);
        let (x0, x1) = (
            lo(0).floor().max(0.0) as i64,
            hi(0).ceil().min(w as f64 - 1.0) as i64,
        );
        let (y0, y1) = (
            lo(1).floor().max(0.0) as i64,
            hi(1).ceil().min(h as f64 - 1.0) as i64,
        );
        // A disc that would cover a large part of the frame is not a marker.
        if (x1 - x0).max(0) * (y1 - y0).max(0) > w * h / 4 {
            continue;
        }
        let (mut bright, mut ratios) = (Vec::new(), Vec::new());
        for y in y0..=y1 {
            for x in x0..=x1 {
                let Some(t) = to_table.map([x as f64, y as f64]) else {
                    continue;
                };
                if (t[0] - c[0]).hypot(t[1] - c[1]) > radius_mm {
                    continue;
                }
                let i = ((y * w + x) * 3) as usize;
                let v = [data[i] as f64, data[i + 1] as f64, data[i + 2] as f64];
                bright.push(v[0].max(v[1]).max(v[2]));
                if v.iter().any(|l| !(MIN_LEVEL..=MAX_LEVEL).contains(l))
                    || v.iter().all(|l| *l < MIN_BRIGHT)
                {
                    continue;
                }
                ratios.push(((v[0] / v[1]).ln(), (v[2] / v[1]).ln()));
            }
        }
        // A marker is black and white: a disc without both is print or a
        // hand, whatever its colour.
        if bright.len() < MIN_PIXELS
            || quantile(&bright, 0.1) > MAX_DARK_SHARE * quantile(&bright, 0.9)
        {
            continue;
        }
        for (b, r) in ratios {
            blue.push(b);
            red.push(r);
        }
    }
    if blue.len() < MIN_PIXELS {
        return None;
    }
    let (mb, mr) = (median(&blue), median(&red));
    let agreeing = blue
        .iter()
        .zip(&red)
        .filter(|(b, r)| (*b - mb).abs() < AGREE_LN && (*r - mr).abs() < AGREE_LN)
        .count();
    if (agreeing as f64) < MIN_AGREEING * blue.len() as f64 {
        return None;
    }
    // Green is 1 before normalising; the mean log is taken out.
    let mean = (mb + mr) / 3.0;
    Some([(mb - mean).exp(), (-mean).exp(), (mr - mean).exp()])
}

fn median(v: &[f64]) -> f64 {
    quantile(v, 0.5)
}

fn quantile(v: &[f64], q: f64) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    s[((s.len() - 1) as f64 * q).round() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Point, Scalar};
    use opencv::imgproc;

    fn identity() -> Homography {
        Homography([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    }

    /// A 160×100 px grey-green "board" (1 px a mm) with a black-on-white
    /// marker-like patch round (30, 30), lit by `light` and clipped.
    fn sheet(light: [f64; 3]) -> Mat {
        let mut img = Mat::new_rows_cols_with_default(
            100,
            160,
            CV_8UC3,
            Scalar::new(90.0, 140.0, 110.0, 0.0),
        )
        .unwrap();
        imgproc::rectangle_points(
            &mut img,
            Point::new(5, 5),
            Point::new(55, 55),
            Scalar::all(245.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        imgproc::rectangle_points(
            &mut img,
            Point::new(15, 15),
            Point::new(45, 45),
            Scalar::all(10.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        imgproc::rectangle_points(
            &mut img,
            Point::new(22, 22),
            Point::new(30, 38),
            Scalar::all(245.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        let mut soft = Mat::default();
        imgproc::gaussian_blur(
            &img,
            &mut soft,
            opencv::core::Size::new(5, 5),
            1.2,
            0.0,
            opencv::core::BORDER_DEFAULT,
        )
        .unwrap();
        let m = Mat::from_slice_2d(&[
            [light[0], 0.0, 0.0],
            [0.0, light[1], 0.0],
            [0.0, 0.0, light[2]],
        ])
        .unwrap();
        let mut lit = Mat::default();
        opencv::core::transform(&soft, &mut lit, &m).unwrap();
        lit
    }

    #[test]
    fn the_light_is_measured_on_the_marker_even_where_its_white_clips() {
        // Neutral light: neutral.
        let c = light_colour(&sheet([1.0; 3]), &identity(), &[[30.0, 30.0]], 24.0).unwrap();
        assert!(c.iter().all(|v| (v - 1.0).abs() < 0.01), "{c:?}");
        // A blue lamp that clips the white paper's blue: the blurred edges
        // still tell blue from red.
        let c = light_colour(&sheet([1.3, 1.05, 0.7]), &identity(), &[[30.0, 30.0]], 24.0).unwrap();
        let (b, r) = (c[0] / c[1], c[2] / c[1]);
        assert!(
            (b - 1.3 / 1.05).abs() < 0.04 && (r - 0.7 / 1.05).abs() < 0.04,
            "{c:?}"
        );
    }

    #[test]
    fn coloured_print_where_a_marker_should_be_is_not_taken_for_white() {
        let img = sheet([1.0; 3]);
        // The disc on the plain green board only: no marker there.
        assert_eq!(
            light_colour(&img, &identity(), &[[120.0, 50.0]], 24.0),
            None
        );
        // One disc on the board, one on the marker: the marker's light.
        let c = light_colour(&img, &identity(), &[[120.0, 50.0], [30.0, 30.0]], 24.0).unwrap();
        assert!(c.iter().all(|v| (v - 1.0).abs() < 0.01), "{c:?}");
    }
}
