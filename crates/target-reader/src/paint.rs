//! A coloured die told from a white one by its paint, whatever its icon's size.
//!
//! The face reader ([`crate::face::describe`]) takes the die's colour from a
//! band just inside the face's edges. A coloured die's white star, drawn
//! larger than on the enrolled dice or blurred on a small face, reaches
//! into that band and washes it out: the band then looks like a white
//! die's, its centre as light as the band, and the face is read "white
//! blank". Yet a white die's top face holds no saturated paint at all
//! (its icon is near-black), while a coloured icon face keeps its paint
//! between the star's points. So: where the face reads white but a fair
//! share of it is saturated paint of an enrolled colour, the die is that
//! colour, and since its band was washed out by something light on it,
//! the face is its icon unless the paint covers nearly all of the face.
//!
//! The other way round, a coloured icon read blank ([`overrule_blank`]):
//! the prototypes were enrolled on dark, deep paint, against which a white
//! star differs a lot in brightness. On lighter paint (another print of the
//! dice, a brighter lamp) the star differs far less in brightness and the
//! face lands nearer the blank prototype, yet the star still takes the
//! paint's saturation away where it lies, which a blank face never loses.

use crate::dieset::DieSet;
use crate::face::Descriptor;
use opencv::core::Mat;
use opencv::prelude::*;

/// A pixel is paint when its saturation ([`crate::face::chroma`]'s third
/// feature) is above this: enrolled coloured faces measure 0.6–0.8, white
/// ones about 0.01, and a light star or glare on a coloured die well
/// under half its paint's.
const PAINT_SATURATION: f64 = 0.4;

/// ... and its strongest channel this many levels above its weakest: by
/// the ratio alone a near-black pixel (a white die's star, a shadow) can
/// pass, whose channels differ by a few levels.
const PAINT_LEVELS: f64 = 40.0;

/// The least share of the face that must be paint to overrule a "white"
/// reading: on faces cut at their true corners (dev scenes of both
/// renderers) coloured icon faces kept 0.28–0.73, white faces none
/// (figures: docs/measurements/2026-11-27-target-paint.md).
const PAINT_MIN: f64 = 0.2;

/// From this share of paint on, a coloured face is blank: a blank face is
/// paint all over but for a glare spot, an icon face keeps well under
/// this round its star.
const BLANK_PAINT: f64 = 0.9;

/// Share of the face (within 0.8 of its circumradius, off its edges) that
/// is saturated paint, and the paint's median BGR (`None` without any).
/// `patch` is a canonical face patch ([`crate::face::face_patch`]).
pub fn paint(patch: &Mat) -> opencv::Result<(f64, Option<[f64; 3]>)> {
    let (w, h) = (patch.cols() as usize, patch.rows() as usize);
    let d = patch.data_bytes()?;
    let c = [w as f64 / 2.0, h as f64 / 2.0];
    let radius = 0.45 * w.min(h) as f64;
    let (mut n, mut painted) = (0usize, Vec::new());
    for y in 0..h {
        for x in 0..w {
            let r = ((x as f64 + 0.5 - c[0]).hypot(y as f64 + 0.5 - c[1])) / radius;
            if r >= 0.8 {
                continue;
            }
            let i = (y * w + x) * 3;
            let p = [d[i] as f64, d[i + 1] as f64, d[i + 2] as f64];
            n += 1;
            let spread =
                p.iter().cloned().fold(0.0, f64::max) - p.iter().cloned().fold(255.0, f64::min);
            if crate::face::chroma(p)[2] > PAINT_SATURATION && spread > PAINT_LEVELS {
                painted.push(p);
            }
        }
    }
    if n == 0 || painted.is_empty() {
        return Ok((0.0, None));
    }
    let share = painted.len() as f64 / n as f64;
    let median = std::array::from_fn(|k| {
        let mut v: Vec<f64> = painted.iter().map(|p| p[k]).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    });
    Ok((share, Some(median)))
}

/// The reading `(colour, face, confidence)` of a face, corrected by its
/// paint: a "white" reading of a face with at least [`PAINT_MIN`] of
/// saturated paint becomes the enrolled colour nearest that paint, its
/// icon face unless the paint covers [`BLANK_PAINT`] of it. The confidence
/// then rises from 0.5 (paint just at [`PAINT_MIN`], so the reading is
/// flagged for the player) to 1 (a face all paint). Other readings are
/// returned as they are.
pub fn overrule_white(
    set: &DieSet,
    reading: (String, String, f64),
    (share, bgr): (f64, Option<[f64; 3]>),
) -> (String, String, f64) {
    let (Some(bgr), true) = (bgr, reading.0 == "white" && share >= PAINT_MIN) else {
        return reading;
    };
    let Some(colour) = set.nearest_coloured(bgr) else {
        return reading;
    };
    let face = if share >= BLANK_PAINT {
        "blank"
    } else {
        "icon"
    };
    let confidence = (0.5 + 0.5 * (share - PAINT_MIN) / (1.0 - PAINT_MIN)).clamp(0.5, 1.0);
    (colour, face.into(), confidence)
}

/// A coloured face's centre is a light glyph when it is lighter than the
/// face's band and keeps under this share of the band's saturation: a
/// white star, however blurred, takes most of it (95 % of the coloured
/// icon faces of the development scenes kept under 0.30 at the reader's
/// own corners), a blank face keeps all of it (0.91 and over; figures:
/// docs/measurements/2026-11-27-target-icons.md).
const GLYPH_SATURATION: f64 = 0.5;

/// Paint share of a typical coloured icon face (medians 0.54–0.59 at the
/// reader's corners on the development scenes): an icon read from the
/// paint is sure from here down.
const ICON_PAINT: f64 = 0.6;

/// The reading `(colour, face, confidence)` of a coloured face read blank,
/// corrected by its paint: an icon where the paint covers less than
/// [`BLANK_PAINT`] of the face and its centre is a light glyph (lighter
/// than the band, under [`GLYPH_SATURATION`] of its saturation). The
/// confidence rises from 0.5 (paint just under [`BLANK_PAINT`], flagged)
/// to 1 at [`ICON_PAINT`] and under. White readings and
/// icon readings are returned as they are.
pub fn overrule_blank(
    reading: (String, String, f64),
    share: f64,
    desc: &Descriptor,
) -> (String, String, f64) {
    if reading.0 == "white" || reading.1 != "blank" || share >= BLANK_PAINT {
        return reading;
    }
    let band = crate::face::chroma(desc.bgr)[2];
    let centre = band - desc.centre_desat;
    if desc.centre_lift <= 0.0 || band <= 0.0 || centre >= GLYPH_SATURATION * band {
        return reading;
    }
    let confidence =
        (0.5 + 0.5 * (BLANK_PAINT - share) / (BLANK_PAINT - ICON_PAINT)).clamp(0.5, 1.0);
    (reading.0, "icon".into(), confidence)
}

/// Colour, face and confidence of a canonical face patch
/// ([`crate::face::face_patch`]): the set's prototypes
/// ([`DieSet::classify`]), then [`overrule_white`] and [`overrule_blank`].
pub fn read_patch(set: &DieSet, patch: &Mat) -> opencv::Result<(String, String, f64)> {
    let desc = crate::face::describe(patch)?;
    let paint = paint(patch)?;
    let reading = overrule_white(set, set.classify(&desc), paint);
    Ok(overrule_blank(reading, paint.0, &desc))
}

#[cfg(test)]
mod tests {
    use super::{overrule_blank, overrule_white, paint, read_patch};
    use opencv::core::{Mat, Point, Scalar, CV_8UC3};
    use opencv::imgproc;

    /// A 40 px canonical patch of `bg` with a centred disc of `fg`, radius `r` px.
    fn patch(bg: [f64; 3], fg: [f64; 3], r: i32) -> Mat {
        let mut m =
            Mat::new_rows_cols_with_default(40, 40, CV_8UC3, Scalar::new(bg[0], bg[1], bg[2], 0.0))
                .unwrap();
        if r > 0 {
            imgproc::circle(
                &mut m,
                Point::new(20, 20),
                r,
                Scalar::new(fg[0], fg[1], fg[2], 0.0),
                -1,
                imgproc::LINE_8,
                0,
            )
            .unwrap();
        }
        m
    }

    fn set() -> crate::dieset::DieSet {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../models/dice-sets/dungeon-fighter.json");
        crate::dieset::DieSet::load(&p).unwrap()
    }

    const GREEN: [f64; 3] = [40.0, 160.0, 30.0];
    const WHITE: [f64; 3] = [235.0, 238.0, 240.0];

    #[test]
    fn a_green_face_washed_white_by_a_large_star_is_a_green_icon() {
        let s = set();
        // Star (here a disc) over most of the face: a third of it stays green.
        let p = patch(GREEN, WHITE, 12);
        let got = overrule_white(
            &s,
            ("white".into(), "blank".into(), 0.7),
            paint(&p).unwrap(),
        );
        assert_eq!((got.0.as_str(), got.1.as_str()), ("green", "icon"));
        // All paint: a blank green face.
        let p = patch(GREEN, WHITE, 0);
        let got = overrule_white(
            &s,
            ("white".into(), "blank".into(), 0.7),
            paint(&p).unwrap(),
        );
        assert_eq!((got.0.as_str(), got.1.as_str()), ("green", "blank"));
    }

    /// A 40 px canonical patch of `bg` with a centred five-pointed star of
    /// `fg` (points at `outer` px, notches at `inner` px), blurred as a
    /// small face is.
    fn star(bg: [f64; 3], fg: [f64; 3], outer: f64, inner: f64) -> Mat {
        let mut m = patch(bg, fg, 0);
        let pts: opencv::core::Vector<Point> = (0..10)
            .map(|k| {
                let a = -std::f64::consts::FRAC_PI_2 + k as f64 * std::f64::consts::PI / 5.0;
                let r = if k % 2 == 0 { outer } else { inner };
                Point::new(
                    (20.0 + r * a.cos()).round() as i32,
                    (20.0 + r * a.sin()).round() as i32,
                )
            })
            .collect();
        imgproc::fill_poly_def(&mut m, &pts, Scalar::new(fg[0], fg[1], fg[2], 0.0)).unwrap();
        let mut out = Mat::default();
        imgproc::gaussian_blur_def(&m, &mut out, opencv::core::Size::new(5, 5), 1.2).unwrap();
        out
    }

    /// Light blue paint, as another print of the dice shows it.
    const LIGHT_BLUE: [f64; 3] = [241.0, 175.0, 113.0];

    #[test]
    fn a_light_blue_face_with_a_white_star_is_an_icon() {
        let s = set();
        let p = star(LIGHT_BLUE, WHITE, 11.0, 4.5);
        // On light paint the prototypes alone take the star for a blank face...
        let desc = crate::face::describe(&p).unwrap();
        assert_eq!(s.classify(&desc).1, "blank", "{desc:?}");
        // ... its paint does not.
        let got = read_patch(&s, &p).unwrap();
        assert_eq!((got.0.as_str(), got.1.as_str()), ("blue", "icon"));
        // The same paint without a star stays blank.
        let got = read_patch(&s, &patch(LIGHT_BLUE, WHITE, 0)).unwrap();
        assert_eq!((got.0.as_str(), got.1.as_str()), ("blue", "blank"));
    }

    #[test]
    fn a_dark_centre_on_a_coloured_blank_face_is_no_icon() {
        // A shadow or a dark speck at the centre takes the saturation too,
        // but it is no light glyph.
        let p = star(LIGHT_BLUE, [40.0, 38.0, 36.0], 11.0, 4.5);
        let desc = crate::face::describe(&p).unwrap();
        let (share, _) = paint(&p).unwrap();
        assert!(share < 0.9, "{share}");
        let blank = ("blue".to_string(), "blank".to_string(), 0.6);
        assert_eq!(overrule_blank(blank.clone(), share, &desc), blank);
        // A white reading is never made an icon by this rule.
        let p = star(LIGHT_BLUE, WHITE, 11.0, 4.5);
        let desc = crate::face::describe(&p).unwrap();
        let white = ("white".to_string(), "blank".to_string(), 0.6);
        assert_eq!(overrule_blank(white.clone(), 0.5, &desc), white);
    }

    #[test]
    fn a_white_face_stays_white_and_other_readings_stand() {
        let s = set();
        // A white die with its dark star, a little tinted: no paint.
        let p = patch(WHITE, [18.0, 34.0, 22.0], 8);
        assert_eq!(paint(&p).unwrap().0, 0.0);
        let white = ("white".to_string(), "icon".to_string(), 0.8);
        assert_eq!(overrule_white(&s, white.clone(), paint(&p).unwrap()), white);
        // A sliver of green (a fit a little off onto green print) is not enough.
        let mut p = patch(WHITE, WHITE, 0);
        imgproc::rectangle(
            &mut p,
            opencv::core::Rect::new(0, 0, 40, 8),
            Scalar::new(GREEN[0], GREEN[1], GREEN[2], 0.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        let (share, _) = paint(&p).unwrap();
        assert!(share > 0.0 && share < 0.2, "{share}");
        assert_eq!(overrule_white(&s, white.clone(), paint(&p).unwrap()), white);
        // A coloured reading is not touched.
        let red = ("red".to_string(), "blank".to_string(), 0.9);
        let p = patch(GREEN, WHITE, 12);
        assert_eq!(overrule_white(&s, red.clone(), paint(&p).unwrap()), red);
    }
}
