//! The face an asked die shows: both classifiers' opinion together, each
//! over the die's square and four slightly shifted squares.
//!
//! A die the shipped classifier reads below the asking threshold is put to
//! the player, but the face shown is still what the player confirms or
//! corrects, and it is what "read right" counts. On such dice (mostly
//! found by their bodies: dark, translucent and marbled dice, side faces in
//! the square) the shipped model's first choice is often wrong where the
//! second model ([`super::check`]) is right, and the two models together
//! (the product of their face probabilities) are right more often than
//! either alone (docs/measurements/2026-11-27-d6-asked-faces.md).
//!
//! A body's square is placed from its distance peak and is often a few
//! pixels off the face, and both models are unsure on exactly these dice:
//! each model also reads the square moved by [`SHIFT`] of its side left,
//! right, up and down, and the face with the largest sum of the ten views'
//! mean log-probabilities (each view over its four quarter turns, every
//! view and both models weighted alike) is shown
//! (docs/measurements/2026-11-27-d6-shifted-views.md). Only the face
//! changes: the die stays asked at its own confidence, so no die becomes
//! sure and none is found or dropped.

use crate::error::Result;
use crate::facenet::{FaceGuess, FaceNet};
use opencv::core::Mat;

/// How far, as a share of the square's side, the shifted views move.
const SHIFT: f32 = 0.08;

/// The centres an asked die is read at: its own, then moved by [`SHIFT`] of
/// `side` right, left, down and up.
fn view_centres(center: [f32; 2], side: f32) -> [[f32; 2]; 5] {
    let d = SHIFT * side;
    let [x, y] = center;
    [[x, y], [x + d, y], [x - d, y], [x, y + d], [x, y - d]]
}

/// The face `face` of the shipped model's `guess` (`net`'s classes, read at
/// the square of `side` at `center`), or the face the two models together
/// favour over the shifted views where that differs. Without the second
/// model, `face` stands.
pub(crate) fn asked_face(
    net: &FaceNet,
    guess: &FaceGuess,
    frame: &Mat,
    center: [f32; 2],
    side: f32,
    face: String,
) -> Result<String> {
    let Some(second) = super::check::model() else {
        return Ok(face);
    };
    // The shipped model's view of the square itself is `guess`, already read.
    let mut first = guess.probs.map(|p| p.max(1e-6).ln());
    let mut other = [0f32; 7];
    for (i, c) in view_centres(center, side).into_iter().enumerate() {
        if i > 0 {
            add(&mut first, &net.turned_log_probs(frame, c, side)?);
        }
        add(&mut other, &second.turned_log_probs(frame, c, side)?);
    }
    let first_name = |k: u8| net.class_name(k);
    let other_name = |k: u8| second.class_name(k);
    Ok(joint_face(&first, first_name, &other, other_name).unwrap_or(face))
}

fn add(sum: &mut [f32; 7], view: &[f32; 7]) {
    sum.iter_mut().zip(view).for_each(|(s, v)| *s += v);
}

/// The face ("1"–"6") with the largest sum of the two models' log-scores
/// (each a sum of log-probabilities over views), classes matched by name
/// (the "no die" class left out); `None` where a face is missing from
/// either model.
fn joint_face<'a, 'b>(
    first: &[f32; 7],
    first_name: impl Fn(u8) -> &'a str,
    second: &[f32; 7],
    second_name: impl Fn(u8) -> &'b str,
) -> Option<String> {
    let mut best: Option<(f32, &str)> = None;
    for k in 1..7u8 {
        let name = first_name(k);
        let j = (1..7u8).find(|&j| second_name(j) == name)?;
        let score = first[k as usize] + second[j as usize];
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, name));
        }
    }
    best.map(|(_, name)| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 7] = ["none", "1", "2", "3", "4", "5", "6"];

    fn name(k: u8) -> &'static str {
        NAMES[k as usize]
    }

    /// One view's probabilities as log-scores.
    fn logs(p: &[f32; 7]) -> [f32; 7] {
        p.map(|v| v.max(1e-6).ln())
    }

    #[test]
    fn the_models_together_outvote_the_first_ones_narrow_choice() {
        // First: "6" 0.36 over "5" 0.34; second: "5" 0.74.
        let first = [0.0, 0.01, 0.03, 0.10, 0.16, 0.34, 0.36];
        let second = [0.0, 0.0, 0.0, 0.02, 0.12, 0.74, 0.12];
        assert_eq!(
            joint_face(&logs(&first), name, &logs(&second), name).as_deref(),
            Some("5")
        );
    }

    #[test]
    fn a_clear_first_choice_stands_against_a_weak_disagreement() {
        let first = [0.0, 0.02, 0.03, 0.05, 0.7, 0.1, 0.1];
        let second = [0.0, 0.1, 0.1, 0.1, 0.3, 0.35, 0.05];
        assert_eq!(
            joint_face(&logs(&first), name, &logs(&second), name).as_deref(),
            Some("4")
        );
    }

    #[test]
    fn classes_are_matched_by_name_not_by_index() {
        let reversed = ["none", "6", "5", "4", "3", "2", "1"];
        // The first's "6" leads.
        let first = [0.0, 0.1, 0.1, 0.1, 0.1, 0.2, 0.4];
        // The second's "6" (its index 1) is sure; its index 6 is "1".
        let second = [0.0, 0.7, 0.1, 0.05, 0.05, 0.05, 0.05];
        assert_eq!(
            joint_face(&logs(&first), name, &logs(&second), |k| reversed
                [k as usize])
            .as_deref(),
            Some("6")
        );
        let missing = ["none", "1", "2", "3", "4", "5", "emblem"];
        assert_eq!(
            joint_face(&logs(&first), name, &logs(&second), |k| missing[k as usize]),
            None
        );
    }

    #[test]
    fn the_views_are_the_square_and_four_small_shifts_of_it() {
        let v = view_centres([100.0, 50.0], 40.0);
        assert_eq!(v[0], [100.0, 50.0]);
        for c in &v[1..] {
            let d = (c[0] - 100.0).hypot(c[1] - 50.0);
            assert!((d - SHIFT * 40.0).abs() < 1e-4, "shift {d}");
        }
        // Balanced: the views do not move the die as a whole.
        let mean = v
            .iter()
            .fold([0.0, 0.0], |a, c| [a[0] + c[0] / 5.0, a[1] + c[1] / 5.0]);
        assert!((mean[0] - 100.0).abs() < 1e-4 && (mean[1] - 50.0).abs() < 1e-4);
    }

    /// A white die showing "3" (diagonal black pips), 40 px, on a gray table.
    fn three_on_table() -> Mat {
        use opencv::core::{Point, Rect, Scalar, CV_8UC3};
        use opencv::imgproc;
        let mut m = Mat::new_rows_cols_with_default(
            120,
            120,
            CV_8UC3,
            Scalar::new(90.0, 100.0, 110.0, 0.0),
        )
        .unwrap();
        imgproc::rectangle(
            &mut m,
            Rect::new(40, 40, 40, 40),
            Scalar::new(235.0, 235.0, 235.0, 0.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        for (x, y) in [(49, 49), (60, 60), (71, 71)] {
            imgproc::circle(
                &mut m,
                Point::new(x, y),
                4,
                Scalar::new(20.0, 20.0, 20.0, 0.0),
                -1,
                imgproc::LINE_8,
                0,
            )
            .unwrap();
        }
        m
    }

    #[test]
    fn the_turned_log_probabilities_rank_as_the_turned_reading() {
        let net = FaceNet::shipped().unwrap();
        let frame = three_on_table();
        let guess = net
            .classify_turned_bare(&frame, [60.0, 60.0], 40.0)
            .unwrap();
        assert!(guess.die >= 0.2, "the model sees no die: {guess:?}");
        let logs = net.turned_log_probs(&frame, [60.0, 60.0], 40.0).unwrap();
        // The same geometric mean, up to its normalisation: measured from
        // the likeliest class, compared on every class not at the floor.
        let top = guess.face as usize;
        let offset = guess.probs[top].ln() - logs[top];
        for (k, (p, l)) in guess.probs.iter().zip(logs).enumerate() {
            let here = p.max(1e-6).ln() - l;
            assert!(
                *p < 1e-5 || (here - offset).abs() < 1e-3,
                "class {k}: {here} against {offset}"
            );
        }
    }

    #[test]
    fn a_plain_three_asked_shows_three() {
        let net = FaceNet::shipped().unwrap();
        let frame = three_on_table();
        let guess = net
            .classify_turned_bare(&frame, [60.0, 60.0], 40.0)
            .unwrap();
        let shown = asked_face(&net, &guess, &frame, [60.0, 60.0], 40.0, "5".to_string()).unwrap();
        assert_eq!(shown, "3");
    }
}
