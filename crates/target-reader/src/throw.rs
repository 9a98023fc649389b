//! Reading a finished throw: only what the throw changed.
//!
//! The motion stage says which boxes of the frame differ from the scene
//! before the throw (the die that landed, a die it knocked away). Dice
//! lying elsewhere are as the last reading left them, so they are kept
//! without reading them again, and only the changed boxes, each grown by
//! a die's outline radius, are read ([`crate::read::read_target_in`]).
//! A die read in those areas counts only where the frame changed (its
//! centre in a changed box, see [`where_it_changed`]): printed art next to
//! the landed die lies in the grown areas too.
//! With no earlier reading (the first throw watched) the changed boxes are
//! read all the same: the die that landed lies in them, and printed art
//! elsewhere is never taken for a die (a whole-frame read of a busy print
//! is slow and finds phantoms there); dice lying elsewhere are then not
//! known. The whole frame is read when the change is not local:
//! the changed boxes cover more than [`MAX_CHANGED_SHARE`] of the frame
//! (the board or the camera was bumped, the light changed).

use crate::area::{covered, in_any, merged, PxRect};
use crate::dieset::DieSet;
use crate::pose::Pose;
use crate::read::{read_target_in, read_target_refusing, ReadError, TargetDie, TargetReading};
use crate::shape::DieShape;
use opencv::core::Mat;
use opencv::prelude::*;
use serde::{Deserialize, Serialize};
use tw_board::{Board, Webs};

/// Above this share of the frame the changed boxes (grown by a die's
/// radius) are not a throw's local change: the whole frame is read. A
/// landed die's grown box is 1–3 % of a 1280×720 frame.
pub const MAX_CHANGED_SHARE: f64 = 0.2;

/// Which part of the frame a throw's reading read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "read", rename_all = "snake_case")]
pub enum Scope {
    /// Only these rectangles (x, y, width, height; frame pixels).
    Changed { areas: Vec<[i32; 4]>, share: f64 },
    /// The whole frame, for `why`.
    Whole { why: String },
}

/// The table after a throw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThrowReading {
    /// Every die on the table: kept ones first, then those read now.
    pub reading: TargetReading,
    /// Indices into `reading.dice` of the dice read now.
    pub read_now: Vec<usize>,
    pub scope: Scope,
}

/// Reads the table after a throw. `changed`: boxes (x, y, width, height,
/// frame pixels) that differ from the scene before the throw; `before`:
/// the reading of that scene, if there is one (without it only the dice in
/// the changed boxes are in the reading).
pub fn read_throw(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    changed: &[[f64; 4]],
    before: Option<&TargetReading>,
) -> Result<ThrowReading, ReadError> {
    read_throw_since(img, None, board_to_image, board, webs, set, changed, before)
}

/// [`read_throw`], given also a frame of the scene before the throw (same
/// camera, same size): a die read now whose top face looks as it did
/// there, and fewer than half of its side faces changed, is printed art,
/// not a die that landed ([`looks_like_print`]); a white fit the verifier
/// refused is a die where every side it shows changed, the board round it
/// did not all change and its top is no darker than the board was
/// ([`crate::standing`]; a coloured fit the same, less the top's level);
/// a white die read on its own foot is sought again beyond it
/// ([`crate::raise`]); where the throw changed the frame and no die
/// or fit lies, dice are sought again from the change ([`crate::propose`]).
#[allow(clippy::too_many_arguments)]
pub fn read_throw_since(
    img: &Mat,
    before_frame: Option<&Mat>,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    changed: &[[f64; 4]],
    before: Option<&TargetReading>,
) -> Result<ThrowReading, ReadError> {
    crate::check::frame(img, board_to_image, board, set)?;
    let (w, h) = (img.cols(), img.rows());
    let whole = |why: String| -> Result<ThrowReading, ReadError> {
        let reading = read_target_in(img, board_to_image, board, webs, set, None)?;
        Ok(ThrowReading {
            read_now: (0..reading.dice.len()).collect(),
            reading,
            scope: Scope::Whole { why },
        })
    };
    let nothing = TargetReading {
        width: w as u32,
        height: h as u32,
        dice: Vec::new(),
    };
    let before = before.unwrap_or(&nothing);
    if (before.width, before.height) != (w as u32, h as u32) {
        return whole(format!(
            "the frame size changed from {}×{} to {w}×{h}",
            before.width, before.height
        ));
    }
    let pose = Pose::from_homography(board_to_image, w as u32, h as u32)
        .ok_or(ReadError::BadCalibration)?;
    let areas = match changed_areas(&pose, set, changed, w, h) {
        Ok(a) => a,
        Err(why) => return whole(why),
    };
    let share = covered(&areas) as f64 / (w as f64 * h as f64);
    let (mut fresh, refused, built) = read_target_refusing(
        img,
        board_to_image,
        board,
        webs,
        set,
        Some(&areas),
        before_frame.is_some(),
    )?;
    fresh.dice.retain(|d| where_it_changed(changed, d.center));
    if let Some(was) = before_frame {
        let mut kept = Vec::with_capacity(fresh.dice.len());
        for d in &fresh.dice {
            if !looks_like_print(img, was, d, &fresh.dice, &pose, &set.die)? {
                kept.push(d.clone());
            }
        }
        fresh.dice = crate::raise::raised(img, was, &built, board, webs, set, kept)?;
        let fits: Vec<TargetDie> = refused
            .iter()
            .filter(|(_, d)| d.color == "white")
            .map(|(_, d)| d.clone())
            .collect();
        let found =
            crate::standing::taken(img, was, refused.clone(), &fresh.dice, &pose, board, set);
        fresh.dice.extend(
            found?
                .into_iter()
                .filter(|d| where_it_changed(changed, d.center)),
        );
        let farther =
            crate::standing::farther_starts(img, was, &refused, &fresh.dice, &pose, board, set)?;
        let proposed = proposed_dice(
            img,
            was,
            &built,
            board,
            webs,
            set,
            &areas,
            &fresh.dice,
            &fits,
            &farther,
        )?;
        fresh.dice.extend(
            proposed
                .into_iter()
                .filter(|d| where_it_changed(changed, d.center)),
        );
    }
    Ok(merge(before, fresh, &areas, share, set))
}

/// Dice where the throw changed the frame but no die or fit of the read
/// lies ([`crate::propose`]): fitted at the proposed starts and taken as
/// the read takes them (the verifier, then [`looks_like_print`]), or,
/// fits the verifier refused, by [`crate::standing`]. `dice`: those
/// read; `fits`: the refused white fits, taken or not (the proposals are
/// made round them); `farther`: starts
/// beyond refused fits that lie on a die's foot
/// ([`crate::standing::farther_starts`]), those in `areas` fitted too.
#[allow(clippy::too_many_arguments)]
fn proposed_dice(
    img: &Mat,
    was: &Mat,
    built: &crate::read::Built,
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    areas: &[crate::area::PxRect],
    dice: &[TargetDie],
    fits: &[TargetDie],
    farther: &[[f64; 2]],
) -> Result<Vec<TargetDie>, ReadError> {
    let pose = &built.pose;
    let known: Vec<TargetDie> = dice.iter().chain(fits).cloned().collect();
    let mut starts = crate::propose::starts(img, was, areas, &known, pose, &set.die)?;
    starts.extend(farther.iter().copied().filter(|s| {
        pose.project([s[0], s[1], 0.0])
            .is_some_and(|px| crate::area::in_any(areas, px))
    }));
    if starts.is_empty() {
        return Ok(Vec::new());
    }
    let (taken, refused) = crate::read::fit_proposed(img, built, board, webs, set, &starts)?;
    let spacing = set.die.min_spacing_mm();
    let apart = |d: &TargetDie, all: &[TargetDie]| {
        let c = crate::region::centroid(&d.corners_mm);
        !all.iter().any(|o| {
            let q = crate::region::centroid(&o.corners_mm);
            (q[0] - c[0]).hypot(q[1] - c[1]) < spacing
        })
    };
    let mut all: Vec<TargetDie> = dice.to_vec();
    let mut out = Vec::new();
    for d in taken {
        if apart(&d, &all) && !looks_like_print(img, was, &d, &all, pose, &set.die)? {
            all.push(d.clone());
            out.push(d);
        }
    }
    let standing = crate::standing::taken(img, was, refused, &all, pose, board, set)?;
    out.extend(standing);
    Ok(out)
}

/// A pixel counts as changed when a channel differs by more than this
/// (well above sensor noise and JPEG ringing).
pub(crate) const CHANGED_LEVELS: i32 = 20;

/// Below this share of changed pixels a top face is taken as unchanged:
/// a landed die changes most of its top face, printed art read as a die
/// beside it only a small part. Set on generated plain and painted scenes
/// (figures: docs/measurements/2026-11-26-target-phantoms.md).
pub(crate) const UNCHANGED_BELOW: f64 = 0.35;

/// Whether the top face (`corners`, frame px) looks as it did in `was`:
/// under [`UNCHANGED_BELOW`] of its pixels differ by more than
/// [`CHANGED_LEVELS`]. A frame of another size says nothing (false).
pub fn looks_unchanged(now: &Mat, was: &Mat, corners: &[[f64; 2]]) -> Result<bool, ReadError> {
    Ok(top_changed_share(now, was, corners)?.is_some_and(|s| s < UNCHANGED_BELOW))
}

/// The share of the top face's pixels (`corners`, frame px) that differ
/// from `was` by more than [`CHANGED_LEVELS`]; `None` where the frames
/// cannot be compared or the face has no pixel in the frame.
pub fn top_changed_share(now: &Mat, was: &Mat, corners: &[[f64; 2]]) -> Result<Option<f64>, ReadError> {
    if !comparable(now, was) || corners.len() < 3 {
        return Ok(None);
    }
    let (inside, moved, _) = changed_pixels::<&[[f64; 2]]>(now, was, corners, &[])?;
    Ok((inside > 0).then(|| moved as f64 / inside as f64))
}

fn comparable(now: &Mat, was: &Mat) -> bool {
    (now.cols(), now.rows(), now.typ()) == (was.cols(), was.rows(), was.typ())
        && now.typ() == opencv::core::CV_8UC3
}

/// Pixels inside `poly` (frame px, clipped to the frame) and not inside
/// `besides`, how many of them differ between `now` and `was` by more
/// than [`CHANGED_LEVELS`] in a channel, and their mean level now (mean of
/// the channels; 0 when no pixel is inside).
pub(crate) fn changed_pixels<B: AsRef<[[f64; 2]]>>(
    now: &Mat,
    was: &Mat,
    poly: &[[f64; 2]],
    besides: &[B],
) -> Result<(usize, usize, f64), ReadError> {
    use opencv::core::Vec3b;
    let (w, h) = (now.cols(), now.rows());
    let (mut inside, mut moved, mut sum) = (0usize, 0usize, 0.0);
    for (x, y, p) in pixels_in(poly, w, h) {
        if besides.iter().any(|b| in_polygon(b.as_ref(), p)) {
            continue;
        }
        let (a, b) = (now.at_2d::<Vec3b>(y, x)?, was.at_2d::<Vec3b>(y, x)?);
        inside += 1;
        if (0..3).any(|c| (a[c] as i32 - b[c] as i32).abs() > CHANGED_LEVELS) {
            moved += 1;
        }
        sum += (a[0] as f64 + a[1] as f64 + a[2] as f64) / 3.0;
    }
    let level = if inside > 0 { sum / inside as f64 } else { 0.0 };
    Ok((inside, moved, level))
}

/// A side face seen by fewer pixels than this (a sliver at a grazing
/// angle, or off the frame) says nothing about the die.
pub(crate) const MIN_SIDE_PX: usize = 12;

/// Side faces are judged on their middle: each is shrunk to this share of
/// its size round its centre, so that a pose a few pixels off does not
/// count the top face or the print beside the die as the side.
const SIDE_CORE: f64 = 0.75;

/// The die's visible side faces (frame px): the faces other than the top
/// that turn towards the camera, projected from the die resting flat
/// where its top face's corners (`corners_mm`, straight down) put it.
pub fn visible_sides(die: &TargetDie, pose: &Pose, shape: &DieShape) -> Vec<Vec<[f64; 2]>> {
    let Some((c, yaw)) = resting(die) else {
        return Vec::new();
    };
    let v = shape.vertices(c, yaw);
    let mid = [c[0], c[1], -shape.height_mm() / 2.0];
    let eye = pose.eye();
    let mut out = Vec::new();
    for f in &crate::shape::FACES[1..11] {
        let fc: [f64; 3] = std::array::from_fn(|j| f.iter().map(|&i| v[i][j]).sum::<f64>() / 5.0);
        let n: [f64; 3] = std::array::from_fn(|j| fc[j] - mid[j]);
        let to_eye: [f64; 3] = std::array::from_fn(|j| eye[j] - fc[j]);
        if n.iter().zip(&to_eye).map(|(a, b)| a * b).sum::<f64>() <= 0.0 {
            continue;
        }
        let core: Option<Vec<[f64; 2]>> = f
            .iter()
            .map(|&i| pose.project(std::array::from_fn(|j| fc[j] + SIDE_CORE * (v[i][j] - fc[j]))))
            .collect();
        if let Some(p) = core {
            out.push(p);
        }
    }
    out
}

/// Of the die's visible side faces ([`visible_sides`], each seen by
/// [`MIN_SIDE_PX`] or more), how many changed since `was` (as for the top
/// face: [`UNCHANGED_BELOW`] or more of their pixels differ), and how many
/// were judged. Pixels on its own top face or on another die of `others`
/// (its outline as it rests, [`outline_px`]) are not counted: printed art
/// read as a die beside a die that landed would else take that die for
/// its sides.
pub fn sides_changed(
    now: &Mat,
    was: &Mat,
    die: &TargetDie,
    others: &[TargetDie],
    pose: &Pose,
    shape: &DieShape,
) -> Result<(usize, usize), ReadError> {
    Ok(sides_against(now, was, die, others, pose, shape, None)?.0)
}

/// The sides changed and judged, as [`sides_changed`] counts them, and
/// how many of the judged sides that did not change are darker than `top`
/// (the top face's level now, when given) by more than [`CHANGED_LEVELS`].
pub(crate) fn sides_against(
    now: &Mat,
    was: &Mat,
    die: &TargetDie,
    others: &[TargetDie],
    pose: &Pose,
    shape: &DieShape,
    top: Option<f64>,
) -> Result<((usize, usize), usize), ReadError> {
    let outlines: Vec<Vec<[f64; 2]>> = others
        .iter()
        .filter(|o| o.corners_mm != die.corners_mm)
        .map(|o| outline_px(o, pose, shape))
        .filter(|o| o.len() >= 3)
        .collect();
    let mut besides: Vec<&[[f64; 2]]> = vec![&die.corners];
    besides.extend(outlines.iter().map(|o| o.as_slice()));
    let (mut changed, mut seen, mut dark) = (0, 0, 0);
    for side in visible_sides(die, pose, shape) {
        let (inside, moved, level) = changed_pixels(now, was, &side, &besides)?;
        if inside < MIN_SIDE_PX {
            continue;
        }
        seen += 1;
        if moved as f64 >= UNCHANGED_BELOW * inside as f64 {
            changed += 1;
        } else if top.is_some_and(|top| level < top - CHANGED_LEVELS as f64) {
            dark += 1;
        }
    }
    Ok(((changed, seen), dark))
}

/// The die's outline in the frame (px): the convex hull of its 20
/// vertices projected, resting where its top face's corners put it; the
/// die's top face corners alone where that cannot be projected.
pub fn outline_px(die: &TargetDie, pose: &Pose, shape: &DieShape) -> Vec<[f64; 2]> {
    let Some((c, yaw)) = resting(die) else {
        return die.corners.clone();
    };
    let pts: Option<Vec<[f64; 2]>> = shape.vertices(c, yaw).iter().map(|v| pose.project(*v)).collect();
    match pts.map(convex_hull) {
        Some(Ok(hull)) => hull,
        _ => die.corners.clone(),
    }
}

/// Where a die rests on the board: the centre of its top face's corners
/// (board mm, straight down) and the turn of its first corner.
pub(crate) fn resting(die: &TargetDie) -> Option<([f64; 2], f64)> {
    if die.corners_mm.len() < 3 {
        return None;
    }
    let c = crate::region::centroid(&die.corners_mm);
    Some((c, (die.corners_mm[0][1] - c[1]).atan2(die.corners_mm[0][0] - c[0])))
}

/// The convex hull of `p` (OpenCV's), as the points themselves.
fn convex_hull(p: Vec<[f64; 2]>) -> Result<Vec<[f64; 2]>, ReadError> {
    use opencv::core::{Point2f, Vector};
    let v: Vector<Point2f> = p.iter().map(|q| Point2f::new(q[0] as f32, q[1] as f32)).collect();
    let mut idx = Vector::<i32>::new();
    opencv::imgproc::convex_hull(&v, &mut idx, false, false)?;
    Ok(idx.iter().filter_map(|i| p.get(i as usize).copied()).collect())
}

/// Whether a die read in `now` is the board's print as it was in `was`
/// (the frame before the throw, or the calibration still): its top face
/// looks unchanged ([`looks_unchanged`]) and fewer than half of its
/// visible side faces changed ([`sides_changed`]; `others`: the other
/// dice read in the frame). A white die on white print can show a top
/// face much like the print under it, but a die standing on the board
/// changes what is seen round its top (its sides, lit otherwise than the
/// paper); printed art read as a die changes neither.
pub fn looks_like_print(
    now: &Mat,
    was: &Mat,
    die: &TargetDie,
    others: &[TargetDie],
    pose: &Pose,
    shape: &DieShape,
) -> Result<bool, ReadError> {
    if !looks_unchanged(now, was, &die.corners)? {
        return Ok(false);
    }
    let (changed, seen) = sides_changed(now, was, die, others, pose, shape)?;
    Ok(2 * changed < seen || seen == 0)
}

/// The pixels of a `w`×`h` frame whose centres lie inside `poly` (even-odd
/// rule), as (x, y, centre), row by row over the polygon's clipped box.
pub(crate) fn pixels_in(
    poly: &[[f64; 2]],
    w: i32,
    h: i32,
) -> impl Iterator<Item = (i32, i32, [f64; 2])> + '_ {
    let xs = poly.iter().map(|p| p[0]);
    let ys = poly.iter().map(|p| p[1]);
    let x0 = (xs.clone().fold(f64::INFINITY, f64::min).floor() as i32).clamp(0, w);
    let x1 = (xs.fold(f64::NEG_INFINITY, f64::max).ceil() as i32).clamp(0, w);
    let y0 = (ys.clone().fold(f64::INFINITY, f64::min).floor() as i32).clamp(0, h);
    let y1 = (ys.fold(f64::NEG_INFINITY, f64::max).ceil() as i32).clamp(0, h);
    (y0..y1)
        .flat_map(move |y| (x0..x1).map(move |x| (x, y, [x as f64 + 0.5, y as f64 + 0.5])))
        .filter(move |(_, _, p)| in_polygon(poly, *p))
}

/// Even-odd rule.
pub(crate) fn in_polygon(poly: &[[f64; 2]], p: [f64; 2]) -> bool {
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0] {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// Whether a die read now lies where the frame changed: its top face's
/// centre inside a changed box grown by a quarter of the box's larger side
/// (the reader's areas are grown by a whole die so a fit has room, and
/// printed art beside a landed die falls in them but did not change).
/// The app calls the same dice the ones that landed.
fn where_it_changed(changed: &[[f64; 4]], c: [f64; 2]) -> bool {
    changed.iter().any(|b| {
        let m = 0.25 * b[2].max(b[3]);
        c[0] >= b[0] - m && c[0] <= b[0] + b[2] + m && c[1] >= b[1] - m && c[1] <= b[1] + b[3] + m
    })
}

/// The changed boxes grown by a die's outline radius, clipped to the frame
/// and merged; `Err` (why) where they are no local change.
fn changed_areas(
    pose: &Pose,
    set: &DieSet,
    changed: &[[f64; 4]],
    w: i32,
    h: i32,
) -> Result<Vec<PxRect>, String> {
    if changed.is_empty() {
        return Err("the motion stage gave no changed region".into());
    }
    if changed.iter().flatten().any(|v| !v.is_finite()) {
        return Err("a changed region is not a finite box".into());
    }
    let frame = PxRect::frame(w, h);
    let grown: Vec<PxRect> = changed
        .iter()
        .map(|b| {
            let r = PxRect::from_box(*b);
            let m = crate::detect::max_radius_px(pose, &set.die, &r.clipped(&frame));
            r.grown(m.ceil() as i32).clipped(&frame)
        })
        .collect();
    let areas = merged(&grown);
    let share = covered(&areas) as f64 / (w as f64 * h as f64);
    if areas.is_empty() {
        return Err("the changed regions lie outside the frame".into());
    }
    if share > MAX_CHANGED_SHARE {
        return Err(format!(
            "the change covers {:.0} % of the frame (board or camera moved, or the light changed)",
            100.0 * share
        ));
    }
    Ok(areas)
}

/// The dice of `before` outside `areas`, then those of `fresh` (read in
/// `areas`) that are not one of them: a die lying across an area's edge
/// can be found again from inside it, and is kept as it was read before.
fn merge(
    before: &TargetReading,
    fresh: TargetReading,
    areas: &[PxRect],
    share: f64,
    set: &DieSet,
) -> ThrowReading {
    let mut dice: Vec<TargetDie> = before
        .dice
        .iter()
        .filter(|d| !in_any(areas, d.center))
        .cloned()
        .collect();
    let kept = dice.len();
    let same = set.die.min_spacing_mm();
    for d in fresh.dice {
        let c = mean(&d.corners_mm);
        if dice[..kept].iter().any(|k| {
            let o = mean(&k.corners_mm);
            (o[0] - c[0]).hypot(o[1] - c[1]) < same
        }) {
            continue;
        }
        dice.push(d);
    }
    ThrowReading {
        read_now: (kept..dice.len()).collect(),
        reading: TargetReading {
            width: fresh.width,
            height: fresh.height,
            dice,
        },
        scope: Scope::Changed {
            areas: areas
                .iter()
                .map(|a| [a.x0, a.y0, a.width(), a.height()])
                .collect(),
            share,
        },
    }
}

fn mean(ps: &[[f64; 2]]) -> [f64; 2] {
    crate::region::centroid(ps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Scalar, CV_8UC3};
    use tw_board::{Section, SectionKind};

    fn die(center: [f64; 2], mm: [f64; 2], color: &str) -> TargetDie {
        let ring = |c: [f64; 2], r: f64| -> Vec<[f64; 2]> {
            (0..5)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::TAU / 5.0;
                    [c[0] + r * a.cos(), c[1] + r * a.sin()]
                })
                .collect()
        };
        TargetDie {
            center,
            corners: ring(center, 10.0),
            corners_mm: ring(mm, 7.0),
            color: color.into(),
            face: "blank".into(),
            confidence: 0.9,
            uncertain: false,
            section: Section {
                name: "s".into(),
                value: Some(3),
                kind: SectionKind::Score,
            },
            tie: false,
        }
    }

    fn set() -> DieSet {
        DieSet::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../models/dice-sets/dungeon-fighter.json"),
        )
        .expect("the shipped die set")
    }

    #[test]
    fn dice_outside_the_change_are_kept_and_a_die_found_again_is_not_doubled() {
        let before = TargetReading {
            width: 640,
            height: 480,
            dice: vec![
                die([100.0, 100.0], [10.0, 10.0], "red"),
                die([300.0, 300.0], [200.0, 200.0], "green"),
            ],
        };
        // The green die was knocked away; a blue one landed, and the read
        // of that area also found the red die reaching into it.
        let areas = [PxRect {
            x0: 250,
            y0: 250,
            x1: 400,
            y1: 400,
        }];
        let fresh = TargetReading {
            width: 640,
            height: 480,
            dice: vec![
                die([102.0, 101.0], [11.0, 10.5], "red"),
                die([350.0, 330.0], [250.0, 230.0], "blue"),
            ],
        };
        let t = merge(&before, fresh, &areas, 0.07, &set());
        let colours: Vec<&str> = t.reading.dice.iter().map(|d| d.color.as_str()).collect();
        assert_eq!(colours, ["red", "blue"]);
        assert_eq!(t.read_now, vec![1]);
        assert_eq!(
            t.reading.dice[0].center,
            [100.0, 100.0],
            "the kept die is not re-read"
        );
    }

    #[test]
    fn a_change_over_much_of_the_frame_is_not_local() {
        let pose = Pose::from_homography(
            &[[2.0, 0.0, 100.0], [0.0, 2.0, 50.0], [0.0, 0.0, 1.0]],
            1280,
            720,
        )
        .unwrap();
        let set = set();
        let small = changed_areas(&pose, &set, &[[600.0, 300.0, 60.0, 50.0]], 1280, 720).unwrap();
        assert_eq!(small.len(), 1);
        assert!(small[0].contains([590.0, 290.0]) && small[0].contains([670.0, 360.0]));
        let bumped = changed_areas(&pose, &set, &[[0.0, 0.0, 1280.0, 500.0]], 1280, 720);
        assert!(bumped.unwrap_err().contains("% of the frame"));
        assert!(changed_areas(&pose, &set, &[], 1280, 720).is_err());
        assert!(changed_areas(&pose, &set, &[[f64::NAN, 0.0, 1.0, 1.0]], 1280, 720).is_err());
    }

    fn grey(v: f64) -> Mat {
        Mat::new_rows_cols_with_default(40, 40, CV_8UC3, Scalar::all(v)).unwrap()
    }

    const FACE: [[f64; 2]; 5] = [[20.0, 8.0], [31.0, 16.0], [27.0, 30.0], [13.0, 30.0], [9.0, 16.0]];

    /// The same picture is unchanged; noise below the level too; a die's
    /// colour over the print is a change; a frame of another size proves
    /// nothing, so the die is kept.
    #[test]
    fn a_top_face_is_unchanged_only_where_the_picture_is_the_same() {
        let was = grey(120.0);
        assert!(looks_unchanged(&was, &was, &FACE).unwrap());
        assert!(looks_unchanged(&grey(135.0), &was, &FACE).unwrap());
        assert!(!looks_unchanged(&grey(200.0), &was, &FACE).unwrap());
        let other = Mat::new_rows_cols_with_default(30, 40, CV_8UC3, Scalar::all(120.0)).unwrap();
        assert!(!looks_unchanged(&other, &was, &FACE).unwrap());
        assert!(!looks_unchanged(&was, &was, &FACE[..2]).unwrap());
        // Corners off the frame are clipped, not read out of bounds.
        assert!(!looks_unchanged(&was, &was, &[[-50.0, -50.0], [-10.0, -50.0], [-10.0, -10.0]]).unwrap());
    }

    /// A white die on white paper: its top face is as white as the paper
    /// under it, but its side faces, lit otherwise, changed: it is a die.
    /// A white patch of print read as a die changed nowhere: it is print.
    #[test]
    fn a_white_die_on_white_paper_is_kept_by_its_sides_and_print_is_dropped() {
        use opencv::core::{Point, Vector};
        // Looking down, 2 px a millimetre, the board's origin at (40, 40).
        let h = [[2.0, 0.0, 40.0], [0.0, 2.0, 40.0], [0.0, 0.0, 1.0]];
        let (w, ht) = (240, 200);
        let pose = Pose::from_homography(&h, w, ht).unwrap();
        let shape = DieShape { edge_mm: 9.0 };
        let (c, yaw) = ([40.0, 40.0], 0.3);
        let v = shape.vertices(c, yaw);
        let px = |i: usize| pose.project(v[i]).unwrap();
        let mut d = die([0.0, 0.0], c, "white");
        d.corners = (0..5).map(px).collect();
        d.corners_mm = shape.top_corners(c, yaw).to_vec();
        let paper = Mat::new_rows_cols_with_default(ht as i32, w as i32, CV_8UC3, Scalar::all(235.0)).unwrap();
        let mut now = paper.clone();
        let poly = |f: &[usize]| -> Vector<Point> {
            f.iter().map(|&i| { let p = px(i); Point::new(p[0].round() as i32, p[1].round() as i32) }).collect()
        };
        // The five upper side faces, shaded darker than the paper and the top.
        for (k, f) in crate::shape::FACES[1..6].iter().enumerate() {
            let g = 150.0 + 12.0 * k as f64;
            opencv::imgproc::fill_convex_poly(&mut now, &poly(f), Scalar::all(g), opencv::imgproc::LINE_8, 0).unwrap();
        }
        opencv::imgproc::fill_convex_poly(&mut now, &poly(&crate::shape::FACES[0]), Scalar::all(238.0), opencv::imgproc::LINE_8, 0).unwrap();
        assert!(looks_unchanged(&now, &paper, &d.corners).unwrap(), "the top is as white as the paper");
        assert_eq!(visible_sides(&d, &pose, &shape).len(), 5, "looking down, the five upper faces are seen");
        assert!(!looks_like_print(&now, &paper, &d, &[], &pose, &shape).unwrap(), "a white die is kept");
        // The same place read as a die where nothing changed: print.
        assert!(looks_like_print(&paper, &paper, &d, &[], &pose, &shape).unwrap(), "print is dropped");
        // A coloured top face is a die whatever its sides.
        let mut red = paper.clone();
        opencv::imgproc::fill_convex_poly(&mut red, &poly(&crate::shape::FACES[0]), Scalar::new(40.0, 40.0, 200.0, 0.0), opencv::imgproc::LINE_8, 0).unwrap();
        assert!(!looks_like_print(&red, &paper, &d, &[], &pose, &shape).unwrap());
    }

    /// Printed art read as a die beside a die that landed: the landed die
    /// covers some of the art's side faces, but it is another die (its
    /// outline is left out), so the art is still print.
    #[test]
    fn a_die_beside_printed_art_is_not_taken_for_its_sides() {
        use opencv::core::{Point, Vector};
        let h = [[2.0, 0.0, 40.0], [0.0, 2.0, 40.0], [0.0, 0.0, 1.0]];
        let pose = Pose::from_homography(&h, 240, 200).unwrap();
        let shape = DieShape { edge_mm: 9.0 };
        let at = |c: [f64; 2]| {
            let mut d = die([0.0, 0.0], c, "white");
            d.corners = shape.vertices(c, 0.0)[..5].iter().map(|v| pose.project(*v).unwrap()).collect();
            d.corners_mm = shape.top_corners(c, 0.0).to_vec();
            d
        };
        let (art, landed) = (at([40.0, 40.0]), at([58.0, 40.0]));
        let paper = Mat::new_rows_cols_with_default(200, 240, CV_8UC3, Scalar::all(235.0)).unwrap();
        let mut now = paper.clone();
        let hull: Vector<Point> = outline_px(&landed, &pose, &shape)
            .iter()
            .map(|p| Point::new(p[0].round() as i32, p[1].round() as i32))
            .collect();
        opencv::imgproc::fill_convex_poly(&mut now, &hull, Scalar::new(40.0, 40.0, 200.0, 0.0), opencv::imgproc::LINE_8, 0).unwrap();
        let alone = sides_changed(&now, &paper, &art, &[], &pose, &shape).unwrap();
        assert!(alone.0 >= 1, "the landed die covers a side of the art: {alone:?}");
        let both = [art.clone(), landed.clone()];
        assert_eq!(sides_changed(&now, &paper, &art, &both, &pose, &shape).unwrap().0, 0);
        assert!(looks_like_print(&now, &paper, &art, &both, &pose, &shape).unwrap());
        assert!(!looks_like_print(&now, &paper, &landed, &both, &pose, &shape).unwrap());
    }

    #[test]
    fn the_even_odd_rule_finds_the_inside_of_a_pentagon() {
        assert!(in_polygon(&FACE, [20.0, 20.0]));
        assert!(!in_polygon(&FACE, [2.0, 2.0]));
        assert!(!in_polygon(&FACE, [35.0, 20.0]));
    }
}
