//! Pip-found and body-found candidates, each looked at by the learned face
//! classifier ([`crate::facenet`]), settled into one die per place.
//!
//! Two finders propose: the pip reader (its dice in every view, outlines
//! from their pips) and the body finder ([`crate::bodies`], which needs no
//! pips at all). The classifier reads each proposal's face or calls it no
//! die (each crop read in its four quarter turns, a body-found crop also
//! at a tighter and a wider side); proposals that are dice are kept
//! strongest first, and a weaker one whose centre falls within a kept die
//! is the same die. Where the pip reader read the same die surely and
//! differently, its reading is shown (a layout of pips that fits is the
//! stronger evidence on dice unlike the classifier's training) but the die
//! is put to the player: its confidence is capped below the asking
//! threshold. So is a body whose sides disagree on its face, unless a
//! second model confirms the face it would surely be read as
//! ([`check`]). A body found against a surely read die and a third to a
//! half of its size is that die's side face, seen by an oblique camera.

use crate::bodies::BodyCandidate;
use crate::color::{ColorTable, Hsv};
use crate::error::Result;
use crate::facenet::{FaceGuess, FaceNet};
use crate::faceset::FaceSet;
use crate::reader::Die;
use opencv::{core::Mat, prelude::*};

pub(crate) mod check;
mod groups;
pub(crate) mod joint;

/// A proposal the classifier must call a die with at least this probability...
const MIN_DIE_PROBABILITY: f32 = 0.5;
/// ...and a body proposal, which has no pip layout behind it, with this.
const BODY_MIN_DIE_PROBABILITY: f32 = 0.9;
/// A blob narrower than this is not looked at as a die: too few pixels to
/// hold pips of its own that a camera could resolve (four pip widths of at
/// least four pixels).
const MIN_BLOB_HOLDING_PIPS: f32 = 16.0;
/// A lone pip's face outline, in pip widths.
const ONE_FACE_IN_PIP_WIDTHS: f32 = crate::geometry::SINGLE_PIP_SIDE_RADII / 2.0;
/// Other sides, relative to the body finder's, a body proposal is read at.
const BODY_RESCALES: [f32; 2] = [0.87, 1.15];
/// ...unless the finder's side gives a die and a face at least this sure.
const SETTLED_READING: f32 = 0.97;
/// A pip reading at least this sure that disagrees with the classifier...
const SURE_PIP_READING: f32 = 0.8;
/// ...caps the die's confidence here, well below the asking threshold.
pub(crate) const DISPUTED_CONFIDENCE: f32 = 0.5;
/// How much wider a sure "2" or "3" outline is read again.
const WIDE_LOOK: f32 = 1.6;

/// Whether face `a` ("1"–"6") shows more pips than face `b`.
fn more_pips(a: &str, b: &str) -> bool {
    matches!((a.parse::<u8>(), b.parse::<u8>()), (Ok(a), Ok(b)) if a > b)
}

struct Proposal {
    center: [f32; 2],
    side: f32,
    corners: Option<[[f32; 2]; 4]>,
    pip_reading: Option<Die>,
}

/// Mean side of a face outline.
pub(crate) fn outline_side(c: &[[f32; 2]; 4]) -> f32 {
    (0..4)
        .map(|i| {
            let (a, b) = (c[i], c[(i + 1) % 4]);
            (a[0] - b[0]).hypot(a[1] - b[1])
        })
        .sum::<f32>()
        / 4.0
}

pub(crate) fn square(center: [f32; 2], side: f32) -> [[f32; 2]; 4] {
    let h = side / 2.0;
    let [x, y] = center;
    [[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]]
}

/// Median colour of the middle of a square (the face, mostly), classed.
pub(crate) fn body_color(frame: &Mat, center: [f32; 2], side: f32, colors: &ColorTable) -> String {
    let Ok(bytes) = frame.data_bytes() else {
        return colors.fallback.clone();
    };
    let (w, h) = (frame.cols().max(0) as usize, frame.rows().max(0) as usize);
    let r = (side * 0.35).max(1.0);
    let mut px: Vec<[u8; 3]> = Vec::new();
    let (x0, x1) = ((center[0] - r).max(0.0) as usize, ((center[0] + r).max(0.0) as usize).min(w.saturating_sub(1)));
    let (y0, y1) = ((center[1] - r).max(0.0) as usize, ((center[1] + r).max(0.0) as usize).min(h.saturating_sub(1)));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let i = (y * w + x) * 3;
            if i + 2 < bytes.len() {
                px.push([bytes[i], bytes[i + 1], bytes[i + 2]]);
            }
        }
    }
    if px.is_empty() {
        return colors.fallback.clone();
    }
    let ch = |k: usize| {
        let mut v: Vec<u8> = px.iter().map(|p| p[k]).collect();
        v.sort_unstable();
        v[v.len() / 2]
    };
    colors.classify(Hsv::from_bgr(ch(0), ch(1), ch(2))).to_string()
}

/// Whether the middle of a blob of radius `r` holds spots of paint unlike
/// its own: at least [`OTHER_PAINT_SHARE`] of the pixels within
/// [`BLOB_CORE`] of its radius differ from their median by more than
/// [`OTHER_PAINT_LEVELS`] in some channel. A painted pip is one colour; a die
/// body holds its pips.
fn holds_other_paint(frame: &Mat, center: [f32; 2], r: f32) -> bool {
    let px = crate::disc::pixels(frame, center, r * BLOB_CORE);
    if px.len() < 16 {
        return false;
    }
    let m = crate::disc::median(&px);
    let other = px
        .iter()
        .filter(|p| (0..3).any(|k| p[k].abs_diff(m[k]) > OTHER_PAINT_LEVELS))
        .count();
    other as f32 >= OTHER_PAINT_SHARE * px.len() as f32
}

/// Whether the blob of a lone-pip "1" (its width `blob`, read at that side
/// as `inner`) is a die's body rather than a pip: wide enough to hold pips
/// of its own, and either holding spots of another paint (a pip is one
/// paint) or surely a die of more than one pip to the classifier (dark pips
/// on a dark body may differ too little to count as another paint).
fn lone_pip_is_a_body(frame: &Mat, center: [f32; 2], blob: f32, inner: &FaceGuess) -> bool {
    blob >= MIN_BLOB_HOLDING_PIPS
        && ((inner.die >= BODY_MIN_DIE_PROBABILITY && inner.face >= 2)
            || holds_other_paint(frame, center, 0.5 * blob))
}

/// Share of a blob's radius looked at (its rim blends into the face)...
const BLOB_CORE: f32 = 0.7;
/// ...pixels differing from the middle's median by more than this...
const OTHER_PAINT_LEVELS: u8 = 40;
/// ...make up at least this share where a pip of another paint is inside.
const OTHER_PAINT_SHARE: f32 = 0.06;

/// A body found beside a die, of this share of its side (a side face seen
/// obliquely is foreshortened, yet not to a speck)...
const SIDE_FACE_SHARE: std::ops::Range<f32> = 0.3..0.6;
/// ...with its centre within this many of the die's sides, is a side face
/// of that die an oblique camera sees, not a die of its own.
const SIDE_FACE_REACH: f32 = 1.3;

/// Whether a body at `center` of `side` is a side face of one of `dice`
/// (centres and sides of dice whose size is trusted).
fn is_side_face_of_any(center: [f32; 2], side: f32, dice: &[([f32; 2], f32)]) -> bool {
    dice.iter().any(|(c, s)| {
        SIDE_FACE_SHARE.contains(&(side / s)) && (c[0] - center[0]).hypot(c[1] - center[1]) < SIDE_FACE_REACH * s
    })
}

/// This many blobs of a pip outline that are dice...
const DICE_FOR_PIPS: usize = 2;

/// ...make the outline a group of dice read as one face: the body proposals
/// of those dice, each a blob holding spots of another paint (a pip is one
/// paint) that the classifier surely sees as a die. A "1" has its own test.
fn dice_for_pips(net: &FaceNet, frame: &Mat, p: &Proposal) -> Result<Option<Vec<Proposal>>> {
    let (Some(corners), Some(reading)) = (p.corners.as_ref(), p.pip_reading.as_ref()) else {
        return Ok(None);
    };
    if reading.face.as_deref().is_none_or(|f| f == "1") {
        return Ok(None);
    }
    let mut dice = Vec::new();
    for (center, side) in groups::blobs_in_outline(frame, corners, p.side)? {
        if !holds_other_paint(frame, center, 0.5 * side) {
            continue;
        }
        let guess = net.classify_turned_bare(frame, center, side)?;
        if guess.die >= BODY_MIN_DIE_PROBABILITY && guess.face != 0 {
            dice.push(Proposal { center, side, corners: None, pip_reading: None });
        }
    }
    Ok((dice.len() >= DICE_FOR_PIPS).then_some(dice))
}

/// Settle the two finders' proposals into dice.
pub fn settle(
    net: &FaceNet,
    set: Option<&FaceSet>,
    frame: &Mat,
    pip_dice: Vec<Die>,
    bodies: Vec<BodyCandidate>,
    colors: &ColorTable,
) -> Result<Vec<Die>> {
    let mut proposals: Vec<Proposal> = pip_dice
        .into_iter()
        .map(|d| Proposal {
            center: d.center,
            side: outline_side(&d.corners),
            corners: Some(d.corners),
            pip_reading: Some(d),
        })
        .collect();
    proposals.extend(bodies.into_iter().map(|b| Proposal {
        center: b.center,
        side: b.side,
        corners: None,
        pip_reading: None,
    }));
    if set.is_none() {
        // An outline whose "pips" are dice gives way to those dice.
        let mut kept = Vec::with_capacity(proposals.len());
        let mut freed = Vec::new();
        for p in proposals {
            match dice_for_pips(net, frame, &p)? {
                Some(dice) => freed.extend(dice),
                None => kept.push(p),
            }
        }
        kept.extend(freed);
        proposals = kept;
    }
    let mut judged = Vec::new();
    // Pip proposals come first; a body proposal whose centre lies well
    // inside a pip proposal already judged a die is that die, and is not
    // classified again.
    let mut pip_dice: Vec<([f32; 2], f32)> = Vec::new();
    for p in proposals {
        if !(p.side.is_finite() && p.side >= 4.0) {
            continue;
        }
        if p.pip_reading.is_none()
            && pip_dice
                .iter()
                .any(|(c, s)| (c[0] - p.center[0]).hypot(c[1] - p.center[1]) < 0.35 * s)
        {
            continue;
        }
        // Only an enrolled set matches crops by their appearance.
        let center = p.center;
        let classify = |side: f32| match set {
            Some(_) => net.classify_turned(frame, center, side),
            None => net.classify_turned_bare(frame, center, side),
        };
        let mut guess = classify(p.side)?;
        let mut p = p;
        if set.is_none() && p.pip_reading.as_ref().is_some_and(|r| r.face.as_deref() == Some("1")) {
            // A "1" is outlined four pip widths wide. Where its "pip" is a
            // whole die (a dark die whose pips are of another paint vanishes
            // into one blob in gray), that outline is four times the die and
            // swallows its neighbours; alone on a pale table, the classifier
            // even reads that wide square "1" surely. The blob is read at its
            // own size: if it holds spots of another paint (a pip is one
            // paint), or the classifier surely sees a die of more pips there,
            // it is that die, judged from then on as a body proposal (its
            // bar, its sides; 2026-11-28-d6-real-misses.md).
            let blob = p.side / ONE_FACE_IN_PIP_WIDTHS;
            if blob >= MIN_BLOB_HOLDING_PIPS {
                let inner = classify(blob)?;
                if lone_pip_is_a_body(frame, p.center, blob, &inner) {
                    p = Proposal {
                        center: p.center,
                        side: blob,
                        corners: None,
                        pip_reading: None,
                    };
                    guess = inner;
                }
            }
        }
        let mut scales_disagree = false;
        let settled = guess.die >= SETTLED_READING && guess.probability >= SETTLED_READING;
        if p.pip_reading.is_none() && guess.die >= MIN_DIE_PROBABILITY && !settled {
            // A body's side is its distance peak's, which takes in shadow or
            // misses a rounded corner: the face is also read a little
            // tighter and a little wider, and the surest reading kept. Where
            // the sides that see a die disagree on its face, it is asked.
            let found_side = p.side;
            let mut faces = vec![guess.face];
            for scale in BODY_RESCALES {
                let other = classify(found_side * scale)?;
                if other.die >= MIN_DIE_PROBABILITY {
                    faces.push(other.face);
                }
                if other.die * other.probability > guess.die * guess.probability {
                    guess = other;
                    p.side = found_side * scale;
                }
            }
            scales_disagree = faces.iter().any(|&f| f != guess.face);
        }
        if p.pip_reading.is_some() && guess.die >= MIN_DIE_PROBABILITY {
            pip_dice.push((p.center, p.side));
        }
        let min_die = if p.pip_reading.is_some() {
            MIN_DIE_PROBABILITY
        } else {
            BODY_MIN_DIE_PROBABILITY
        };
        if guess.die < min_die || (set.is_none() && guess.face == 0) {
            // A pip layout the pip reader is sure of stays a die when the
            // classifier does not see one (small dice, faint crops), but it
            // is put to the player.
            if let Some(pr) = p.pip_reading.as_ref().filter(|r| set.is_none() && r.confidence >= SURE_PIP_READING) {
                if let Some(face) = pr.face.clone() {
                    judged.push((guess.die, face, DISPUTED_CONFIDENCE, true, p));
                }
            }
            continue;
        }
        let (face, probability) = match set {
            Some(s) => s.read(&guess),
            None => (net.class_name(guess.face).to_string(), guess.probability),
        };
        // Sides that disagree put the die to the player, unless it would be
        // sure but for them and a second model confirms the face (check.rs).
        let settled_by_check = scales_disagree
            && set.is_none()
            && probability >= crate::eval::ASK_BELOW
            && check::confirms(frame, p.center, p.side, &face)?;
        let probability = if scales_disagree && !settled_by_check {
            probability.min(DISPUTED_CONFIDENCE)
        } else {
            probability
        };
        // A pip outline read "2" or "3" surely may be a few pips of a large
        // die's face (its other pips missed): read wider, a die there with
        // more pips puts it to the player.
        let probability = if p.pip_reading.is_some()
            && set.is_none()
            && (face == "2" || face == "3")
            && probability >= crate::eval::ASK_BELOW
        {
            let wide = classify(p.side * WIDE_LOOK)?;
            let wide_face = net.class_name(wide.face);
            if wide.face != 0 && wide.die >= MIN_DIE_PROBABILITY && more_pips(wide_face, &face) {
                probability.min(DISPUTED_CONFIDENCE)
            } else {
                probability
            }
        } else {
            probability
        };
        // A body read "6" surely is asked where the second model gives it
        // little chance (check.rs). A dispute the model just settled named
        // this face surely, so it cannot doubt it: no second look.
        let probability = if p.pip_reading.is_none() && set.is_none() && !settled_by_check {
            check::six_doubted_capped(frame, p.center, p.side, &face, probability)?
        } else {
            probability
        };
        // An asked die shows the face both models together favour (joint.rs).
        let face = if set.is_none() && probability < crate::eval::ASK_BELOW {
            joint::asked_face(net, &guess, frame, p.center, p.side, face)?
        } else {
            face
        };
        judged.push((guess.die, face, probability, false, p));
    }
    judged.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.2.total_cmp(&a.2)));
    let mut dice: Vec<(Die, f32, bool)> = Vec::new();
    for (_, face, probability, fallback, p) in judged {
        // A die kept only for its pips gives way to any die the classifier
        // accepted within a die's width of it (the same die, centred on its body).
        if fallback && dice.iter().any(|(d, s, _)| (d.center[0] - p.center[0]).hypot(d.center[1] - p.center[1]) < s.max(p.side)) {
            continue;
        }
        if let Some((kept, kept_side, _)) = dice
            .iter_mut()
            .find(|(d, s, _)| (d.center[0] - p.center[0]).hypot(d.center[1] - p.center[1]) < 0.5 * s.max(p.side))
        {
            // The same die again. Its pips outline the top face itself, where
            // a body's centre also takes in the sides an oblique camera sees:
            // the pip finder's outline is kept.
            if kept.corners == square(kept.center, *kept_side) {
                if let Some(c) = p.corners {
                    kept.corners = c;
                    kept.center = p.center;
                }
            }
            if let Some(pr) = &p.pip_reading {
                if set.is_none() && pr.confidence >= SURE_PIP_READING && pr.face.as_deref() != kept.face.as_deref() {
                    kept.face = pr.face.clone();
                    kept.confidence = kept.confidence.min(DISPUTED_CONFIDENCE);
                }
            }
            continue;
        }
        let mut confidence = probability;
        let mut face = face;
        if let Some(pr) = &p.pip_reading {
            if set.is_none()
                && pr.confidence >= SURE_PIP_READING && pr.face.as_deref() != Some(face.as_str()) {
                face = pr.face.clone().unwrap_or(face);
                confidence = confidence.min(DISPUTED_CONFIDENCE);
            }
        }
        let color = match &p.pip_reading {
            Some(pr) => pr.color.clone(),
            None => body_color(frame, p.center, p.side, colors),
        };
        dice.push((
            Die {
                center: p.center,
                corners: p.corners.unwrap_or_else(|| square(p.center, p.side)),
                face: Some(face),
                color,
                confidence,
                cocked: p.pip_reading.as_ref().is_some_and(|r| r.cocked),
            },
            p.side,
            p.pip_reading.is_none(),
        ));
    }
    // Only a die whose size is trusted makes a body beside it a side face: a
    // sure reading of more than one pip (a "1" is outlined from its one pip).
    let sides: Vec<([f32; 2], f32)> = dice
        .iter()
        .filter(|(d, _, _)| d.confidence >= SURE_PIP_READING && d.face.as_deref() != Some("1"))
        .map(|(d, s, _)| (d.center, *s))
        .collect();
    Ok(dice
        .into_iter()
        .filter(|(d, s, body_only)| !(*body_only && is_side_face_of_any(d.center, *s, &sides)))
        .map(|(d, _, _)| d)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Point, Scalar, CV_8UC3};
    use opencv::imgproc;

    #[test]
    fn a_wider_look_asks_only_for_more_pips() {
        assert!(more_pips("4", "2"));
        assert!(more_pips("6", "3"));
        assert!(!more_pips("2", "2"));
        assert!(!more_pips("1", "3"));
        assert!(!more_pips("none", "2"));
    }

    /// A pale table with one dark disc of radius 20 at (50, 50).
    fn disc_on_table() -> Mat {
        let mut m = Mat::new_rows_cols_with_default(100, 100, CV_8UC3, Scalar::new(200.0, 200.0, 200.0, 0.0)).unwrap();
        imgproc::circle(&mut m, Point::new(50, 50), 20, Scalar::new(60.0, 40.0, 30.0, 0.0), -1, imgproc::LINE_8, 0).unwrap();
        m
    }

    #[test]
    fn a_small_body_against_a_die_is_its_side_face_and_a_die_beside_it_is_not() {
        // As on webcam valid_23: a 45 px top face read from its pips, and the
        // body finder's 19 px square on the side face below it.
        let top = [([245.0, 231.0], 45.0)];
        assert!(is_side_face_of_any([215.0, 269.0], 19.0, &top));
        // A die of about the same size touching it is a die.
        assert!(!is_side_face_of_any([290.0, 231.0], 40.0, &top));
        // A speck far smaller than any side face, and a body farther away.
        assert!(!is_side_face_of_any([215.0, 269.0], 8.0, &top));
        assert!(!is_side_face_of_any([245.0, 320.0], 19.0, &top));
        assert!(!is_side_face_of_any([215.0, 269.0], 19.0, &[]));
    }

    fn guess(face: u8, die: f32) -> FaceGuess {
        let mut probs = [0.0; 7];
        probs[0] = 1.0 - die;
        probs[face as usize] += die;
        FaceGuess {
            face,
            probability: probs[face as usize],
            die,
            probs,
            features: Vec::new(),
            appearance: Vec::new(),
        }
    }

    #[test]
    fn a_lone_pips_blob_is_a_body_where_it_holds_pips_or_reads_as_a_die_of_more() {
        let at = [50.0, 50.0];
        // A plain dark blob 40 px wide: a pip, unless the classifier surely
        // sees a die of more than one pip at its size.
        let plain = disc_on_table();
        let body = |g: FaceGuess| lone_pip_is_a_body(&plain, at, 40.0, &g);
        assert!(!body(guess(0, 0.05)));
        assert!(!body(guess(1, 0.99)), "a \"1\" is a pip");
        assert!(!body(guess(3, 0.7)), "not sure it is a die");
        assert!(body(guess(3, 0.95)));
        // The same blob holding red pips is a die's body whatever the
        // classifier says of it...
        let mut pips = disc_on_table();
        for (x, y) in [(42, 42), (58, 58), (50, 50)] {
            let red = Scalar::new(40.0, 40.0, 190.0, 0.0);
            imgproc::circle(&mut pips, Point::new(x, y), 3, red, -1, imgproc::LINE_8, 0).unwrap();
        }
        assert!(lone_pip_is_a_body(&pips, at, 40.0, &guess(0, 0.05)));
        assert!(lone_pip_is_a_body(&pips, at, 40.0, &guess(1, 0.99)));
        // ...unless too narrow to hold pips of its own.
        assert!(!lone_pip_is_a_body(&pips, at, 12.0, &guess(3, 0.99)));
    }

    #[test]
    fn a_pip_of_one_paint_holds_no_other_paint() {
        assert!(!holds_other_paint(&disc_on_table(), [50.0, 50.0], 20.0));
    }

    #[test]
    fn a_dark_die_body_with_red_pips_holds_other_paint() {
        let mut m = disc_on_table();
        for (x, y) in [(42, 42), (58, 58), (50, 50)] {
            imgproc::circle(&mut m, Point::new(x, y), 3, Scalar::new(40.0, 40.0, 190.0, 0.0), -1, imgproc::LINE_8, 0).unwrap();
        }
        assert!(holds_other_paint(&m, [50.0, 50.0], 20.0));
    }

    #[test]
    fn a_blob_too_small_to_measure_or_off_the_frame_is_not_judged() {
        let mut m = disc_on_table();
        imgproc::circle(&mut m, Point::new(50, 50), 1, Scalar::new(40.0, 40.0, 190.0, 0.0), -1, imgproc::LINE_8, 0).unwrap();
        assert!(!holds_other_paint(&m, [50.0, 50.0], 2.0));
        assert!(!holds_other_paint(&m, [-500.0, 900.0], 20.0));
    }
}
