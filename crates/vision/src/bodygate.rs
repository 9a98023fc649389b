//! Dice whose face is none of the enrolled dice's colours: not the
//! player's dice.
//!
//! An enrolled pip set keeps the colour of the faces it was shown
//! (`look.face_bgr`: the median of each face's inscribed disc, pips and
//! all). A die the reader found whose face lies farther than
//! [`MAX_FACE_DISTANCE`] from all of them is dropped. On the webcam photos
//! those are a laptop's black keys with white glyphs, which the classifier
//! takes for dark dice with white pips
//! (docs/measurements/2026-11-27-d6-enrolled-pips.md).

use crate::reader::Die;
use opencv::core::Mat;

/// A face farther than this (BGR distance; black to white is 441) from
/// every enrolled face colour is not one of the enrolled dice. Wide on
/// purpose: the multicolour dice photographed a day before their
/// enrolment lie up to 90–120 from it, the keys' dark gray about 250 from
/// the enrolled cream dice.
pub const MAX_FACE_DISTANCE: f32 = 120.0;
/// Radius, in face sides, of the disc whose median is the face's colour:
/// inside the face whichever way the die is turned.
const FACE_RADIUS: f32 = 0.47;
/// Fewest pixels of that disc on the frame for a colour to be measured.
const MIN_PIXELS: usize = 16;

fn distance(a: [u8; 3], b: [u8; 3]) -> f32 {
    (0..3)
        .map(|k| (a[k] as f32 - b[k] as f32).powi(2))
        .sum::<f32>()
        .sqrt()
}

/// The colour (B, G, R) of a face of `side` pixels centred at `center`:
/// the median of its inscribed disc, or None where too little of it is on
/// the frame.
pub fn face_colour(frame: &Mat, center: [f32; 2], side: f32) -> Option<[u8; 3]> {
    let px = crate::disc::pixels(frame, center, FACE_RADIUS * side);
    (px.len() >= MIN_PIXELS).then(|| crate::disc::median(&px))
}

/// Whether a die's face matches one of the enrolled face colours (a die
/// whose face cannot be measured is kept).
pub fn is_enrolled_body(frame: &Mat, face_bgr: &[[u8; 3]], die: &Die) -> bool {
    let side = crate::netread::outline_side(&die.corners);
    let Some(c) = face_colour(frame, die.center, side) else {
        return true;
    };
    face_bgr
        .iter()
        .any(|&e| distance(e, c) <= MAX_FACE_DISTANCE)
}

/// The enrolled face colours gathered into groups (each colour joins the
/// first group whose first colour lies within half of
/// [`MAX_FACE_DISTANCE`]), as the first colour of each group: what a
/// player is told the set will read.
pub fn colour_groups(face_bgr: &[[u8; 3]]) -> Vec<[u8; 3]> {
    let mut groups: Vec<[u8; 3]> = Vec::new();
    for &c in face_bgr {
        if !groups.iter().any(|&g| distance(g, c) <= MAX_FACE_DISTANCE / 2.0) {
            groups.push(c);
        }
    }
    groups
}

/// Drop the dice that are none of the enrolled dice (nothing, for a set
/// that keeps no face colours).
pub fn keep_enrolled(frame: &Mat, face_bgr: &[[u8; 3]], dice: &mut Vec<Die>) {
    if face_bgr.is_empty() {
        return;
    }
    dice.retain(|d| is_enrolled_body(frame, face_bgr, d));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::netread::square;
    use opencv::core::{Point, Rect, Scalar, CV_8UC3};
    use opencv::imgproc;

    /// A gray table with a cream die (dark pips) at (30, 30) and a black
    /// key with a white glyph at (90, 30), both 30 px.
    fn table() -> Mat {
        let mut m = Mat::new_rows_cols_with_default(
            60,
            120,
            CV_8UC3,
            Scalar::new(120.0, 120.0, 120.0, 0.0),
        )
        .unwrap();
        let fill = |m: &mut Mat, r: Rect, c: (f64, f64, f64)| {
            imgproc::rectangle(
                m,
                r,
                Scalar::new(c.0, c.1, c.2, 0.0),
                -1,
                imgproc::LINE_8,
                0,
            )
            .unwrap();
        };
        fill(&mut m, Rect::new(15, 15, 30, 30), (200.0, 195.0, 175.0));
        for (x, y) in [(23, 23), (37, 37), (30, 30)] {
            imgproc::circle(
                &mut m,
                Point::new(x, y),
                3,
                Scalar::new(40.0, 35.0, 35.0, 0.0),
                -1,
                imgproc::LINE_8,
                0,
            )
            .unwrap();
        }
        fill(&mut m, Rect::new(75, 15, 30, 30), (45.0, 45.0, 50.0));
        fill(&mut m, Rect::new(86, 26, 8, 8), (230.0, 230.0, 230.0));
        m
    }

    fn die(center: [f32; 2], side: f32) -> Die {
        Die {
            center,
            corners: square(center, side),
            face: Some("3".into()),
            color: "white".into(),
            confidence: 1.0,
            cocked: false,
        }
    }

    #[test]
    fn a_face_colour_is_its_body_despite_its_pips() {
        let c = face_colour(&table(), [30.0, 30.0], 30.0).unwrap();
        assert!(distance(c, [200, 195, 175]) < 10.0, "{c:?}");
    }

    #[test]
    fn a_die_of_no_enrolled_colour_is_dropped_and_one_of_them_kept() {
        let enrolled = [[205, 198, 180], [40, 200, 220]];
        let mut dice = vec![die([30.0, 30.0], 30.0), die([90.0, 30.0], 30.0)];
        keep_enrolled(&table(), &enrolled, &mut dice);
        assert_eq!(dice.len(), 1);
        assert_eq!(dice[0].center, [30.0, 30.0]);
    }

    #[test]
    fn a_set_without_face_colours_and_a_face_off_the_frame_keep_every_die() {
        let mut dice = vec![die([30.0, 30.0], 30.0), die([90.0, 30.0], 30.0)];
        keep_enrolled(&table(), &[], &mut dice);
        assert_eq!(dice.len(), 2);
        assert!(is_enrolled_body(
            &table(),
            &[[0, 0, 255]],
            &die([-500.0, 30.0], 30.0)
        ));
        assert!(face_colour(&table(), [f32::NAN, 0.0], 30.0).is_none());
    }

    #[test]
    fn face_colours_group_by_half_the_gate() {
        // Two creams 20 apart are one group; a red 200 away is another.
        let c = [[200, 195, 175], [190, 185, 170], [40, 40, 200], [205, 198, 180]];
        assert_eq!(colour_groups(&c), vec![[200, 195, 175], [40, 40, 200]]);
        assert!(colour_groups(&[]).is_empty());
    }
}
