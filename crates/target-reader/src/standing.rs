//! A die the verifier refused, taken by what changed round it.
//!
//! On ivory or pale print a white die looks like paper to the verifier
//! (coverage against the board's look near 0), so its fits are refused.
//! Given the frame before the throw (or the calibration still), a die
//! standing there shows as a change of its whole silhouette: every side
//! face it turns to the camera changed, while the board just outside it
//! did not all round (its shadow and its neighbours' change part of it).
//! A fit lying across two landed dice sees the change all round it, and is
//! left. A fit lower in the frame than its die (its top on the die's shaded
//! sides, its sides on the shadow) passes both, but its top is darker than
//! the board was there, which a white die's top never is.
//! On print as pale as the die, its lit sides and its top do not change
//! at all: an unchanged side as bright as the top is let pass when enough
//! others changed and no other die lies near, and an unchanged top may be
//! a little darker than the board (only a top that changed must not be).
//! A refused fit lying on a die's foot (its top on the die's shaded sides)
//! gives a start beyond it, away from the camera ([`farther_starts`]).
//! A coloured die on a band printed in its own paint is refused for the
//! same reason (it looks like the print round it) and taken by the same
//! change, less the white die's top level ([`Standing::is_coloured_die`]).
//! Figures: docs/measurements/2026-11-27-white-dice-2.md, 2026-11-27-white-dice-3.md,
//! 2026-11-27-white-lit-sides.md, 2026-11-27-white-foot-refit.md,
//! 2026-11-27-target-camouflage.md.

use crate::pose::Pose;
use crate::read::{ReadError, TargetDie};
use crate::shape::DieShape;
use crate::throw::{
    in_polygon, looks_unchanged, outline_px, pixels_in, sides_against, CHANGED_LEVELS,
    UNCHANGED_BELOW,
};
use opencv::core::{Mat, CV_8UC3};
use opencv::prelude::*;

/// The least visible side faces judged: with fewer, a die tells too
/// little by its sides.
const MIN_SIDES: usize = 3;

/// The ring round the die's outline reaches this share of the outline's
/// radius beyond it.
const RING_REACH: f64 = 0.35;

/// Other dice's outlines are masked out of the ring grown by this share
/// of their radius (their shadows lie round them).
const OTHERS_GROWN: f64 = 0.6;

/// The ring is judged in this many sectors round the die.
const SECTORS: usize = 8;

/// A sector is seen by at least this many pixels.
const MIN_SECTOR_PX: usize = 12;

/// At least this many judged sectors of the ring must be unchanged: the
/// die's own shadow and a neighbour's may change much of the ring round a
/// real die, but a fit lying within a larger change (across two landed
/// dice and their shadows) sees it changed all round.
const MIN_UNCHANGED_SECTORS: usize = 2;

/// At least this many sectors must be judged (not masked by other dice).
const MIN_JUDGED_SECTORS: usize = 5;

/// What the change round a candidate says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    /// Visible side faces changed, and judged.
    pub sides: (usize, usize),
    /// Judged side faces that did not change and are darker than the top
    /// now by more than [`CHANGED_LEVELS`]: not a white die's lit side
    /// lying on print as pale as it.
    pub dark_unchanged: usize,
    /// Another die read lies so near that its grown outline reaches the
    /// ring: its change may be what the fit's sides show.
    pub crowded: bool,
    /// Sectors of the ring outside the outline changed, and judged.
    pub ring: (usize, usize),
    /// The top face's mean level (mean of its channels, 0–255) now, and
    /// the board's there before (`None`: not judged).
    pub top: Option<(f64, f64)>,
    /// The top face changed ([`UNCHANGED_BELOW`] of its pixels or more
    /// differ by more than [`CHANGED_LEVELS`]).
    pub top_changed: bool,
}

impl Standing {
    /// Whether this is a die standing on the board that was not there:
    /// every judged side changed (at least [`MIN_SIDES`]), part of the
    /// board round it unchanged, and its top face (mean level) no darker
    /// than the board was there: a white die lit from above is as bright as
    /// the palest print. A fit lower in the frame than its die (its top on
    /// the die's shaded sides, its sides on the shadow) has all its sides
    /// changed, but its top is darker than the board was.
    ///
    /// A white die on print as pale as itself changes neither its top nor
    /// its lit sides: a side that did not change is let pass when it is as
    /// bright as the top (within [`CHANGED_LEVELS`]) and at least
    /// [`MIN_SIDES`] others changed, unless another die lies near
    /// (`crowded`); a top that did not change may be a little darker than
    /// the board was (a white top on white print). A top that changed must
    /// still be no darker: that is the fit lying on the die's shaded sides.
    pub fn is_die(&self) -> bool {
        let all_changed = self.sides.0 == self.sides.1;
        let lit_rest = !self.crowded && self.dark_unchanged == 0;
        self.sides.0 >= MIN_SIDES
            && (all_changed || lit_rest)
            && self.ring.1 >= MIN_JUDGED_SECTORS
            && self.ring.0 + MIN_UNCHANGED_SECTORS <= self.ring.1
            && self
                .top
                .is_some_and(|(now, was)| now >= was || !self.top_changed)
    }

    /// Whether this is a coloured die standing on the board that was not
    /// there. On a band printed in its own paint a coloured die looks like
    /// the print round it, so the verifier (its coverage against the
    /// board's look near 0) refuses it, as it refuses a white die on
    /// ivory; the change says what the verifier cannot. Its paint and glyph
    /// replace the print under its top (the top changed), its shaded sides
    /// all changed, and part of the board round it did not (as for a white
    /// die). The white tests' top level is not asked: a coloured paint may
    /// be darker or lighter than the print it lies on.
    pub fn is_coloured_die(&self) -> bool {
        self.sides.0 >= MIN_SIDES
            && self.sides.0 == self.sides.1
            && self.ring.1 >= MIN_JUDGED_SECTORS
            && self.ring.0 + MIN_UNCHANGED_SECTORS <= self.ring.1
            && self.top.is_some()
            && self.top_changed
    }

    /// Whether the fit looks to lie on a die's foot rather than on its
    /// top (the die's shaded sides and shadow): its top changed and is
    /// darker than the board was there, and either its sides changed as
    /// a landed die's do (at least [`MIN_SIDES`]) or the top is darker by
    /// more than [`CHANGED_LEVELS`] (clearly shaded, not noise; a fit
    /// 18 px below its die lies half on the board, so few sides changed).
    /// The die itself then lies farther from the camera ([`farther_starts`]).
    pub fn below_its_die(&self) -> bool {
        let darker = |by: f64| self.top.is_some_and(|(now, was)| now < was - by);
        self.top_changed
            && darker(0.0)
            && (self.sides.0 >= MIN_SIDES || darker(CHANGED_LEVELS as f64))
    }
}

/// At most this many fits a throw are searched again farther from the
/// camera ([`farther_starts`]): each is a wide fit (20–30 ms).
const MOST_FARTHER: usize = 3;

/// Starts (board mm) for the dice whose foot a refused white fit lies on
/// ([`Standing::below_its_die`]): the fit's centre moved a face's radius
/// away from the camera's foot on the board, where a die's top is seen
/// beyond its footprint. Fits near a die of `dice`, of another colour, or
/// over a hole give none; most die-like first, at most [`MOST_FARTHER`].
pub fn farther_starts(
    now: &Mat,
    was: &Mat,
    refused: &[(f64, TargetDie)],
    dice: &[TargetDie],
    pose: &Pose,
    board: &tw_board::Board,
    set: &crate::dieset::DieSet,
) -> Result<Vec<[f64; 2]>, ReadError> {
    let mut order: Vec<&(f64, TargetDie)> = refused.iter().collect();
    order.sort_by(|a, b| b.0.total_cmp(&a.0));
    let spacing = set.die.min_spacing_mm();
    let eye = pose.eye();
    let mut out = Vec::new();
    for (_, d) in order {
        if out.len() >= MOST_FARTHER {
            break;
        }
        let c = crate::region::centroid(&d.corners_mm);
        let near = dice.iter().any(|o| {
            let q = crate::region::centroid(&o.corners_mm);
            (q[0] - c[0]).hypot(q[1] - c[1]) < spacing
        });
        if near || d.color != "white" || over_hole(board, &set.die, d) {
            continue;
        }
        if !standing(now, was, d, dice, pose, &set.die)?.below_its_die() {
            continue;
        }
        out.extend(beyond(c, [eye[0], eye[1]], set.die.face_radius_mm()));
    }
    Ok(out)
}

/// `c` moved `by` mm away from `foot` (the camera's foot on the board);
/// `None` right under the camera, where no side is farther.
pub(crate) fn beyond(c: [f64; 2], foot: [f64; 2], by: f64) -> Option<[f64; 2]> {
    let (dx, dy) = (c[0] - foot[0], c[1] - foot[1]);
    let n = dx.hypot(dy);
    (n > 1e-6 && n.is_finite()).then(|| [c[0] + by * dx / n, c[1] + by * dy / n])
}

/// Measures `die` in `now` against `was` (same size, BGR; the board
/// before the throw), `others` (dice read in the frame) masked out.
pub fn standing(
    now: &Mat,
    was: &Mat,
    die: &TargetDie,
    others: &[TargetDie],
    pose: &Pose,
    shape: &DieShape,
) -> Result<Standing, ReadError> {
    let nothing = Standing {
        sides: (0, 0),
        dark_unchanged: 0,
        crowded: false,
        ring: (0, 0),
        top: None,
        top_changed: false,
    };
    let same = |m: &Mat| (m.cols(), m.rows(), m.typ()) == (now.cols(), now.rows(), CV_8UC3);
    if !same(now) || !same(was) {
        return Ok(nothing);
    }
    let outline = outline_px(die, pose, shape);
    let outer = scaled(&outline, 1.0 + RING_REACH);
    let masks: Vec<Vec<[f64; 2]>> = others
        .iter()
        .filter(|o| o.corners_mm != die.corners_mm)
        .map(|o| scaled(&outline_px(o, pose, shape), 1.0 + OTHERS_GROWN))
        .filter(|m| m.len() >= 3)
        .collect();
    let ring = ring_changed(now, was, &outline, &outer, &masks)?;
    let top = top_levels(now, was, die, &masks)?;
    let (sides, dark_unchanged) = sides_against(
        now,
        was,
        die,
        others,
        pose,
        shape,
        top.map(|(level, _)| level),
    )?;
    let top_changed = die.corners.len() >= 3 && !looks_unchanged(now, was, &die.corners)?;
    let crowded = masks.iter().any(|m| overlap(m, &outer));
    Ok(Standing {
        sides,
        dark_unchanged,
        crowded,
        ring,
        top,
        top_changed,
    })
}

/// Whether two polygons overlap, judged by their corners: one's corner
/// inside the other, or their means inside each other (enough for the
/// die-sized convex outlines compared here).
fn overlap(a: &[[f64; 2]], b: &[[f64; 2]]) -> bool {
    a.iter().any(|p| in_polygon(b, *p))
        || b.iter().any(|p| in_polygon(a, *p))
        || in_polygon(a, mean(b))
        || in_polygon(b, mean(a))
}

/// Whether any corner of the die's footprint (its widest ring, resting on
/// the surface where its top face's corners put it) lies over a hole: a
/// die there sits lower than the fit, whose sides and outline the test
/// then projects at the wrong depth (a white die in a hole was taken 12 px
/// off its place, set B).
pub(crate) fn over_hole(board: &tw_board::Board, shape: &DieShape, die: &TargetDie) -> bool {
    let Some((c, yaw)) = crate::throw::resting(die) else {
        return true;
    };
    shape.vertices(c, yaw)[5..10]
        .iter()
        .any(|v| matches!(board.region_at([v[0], v[1]]), tw_board::Region::Hole(_)))
}

fn mean(ps: &[[f64; 2]]) -> [f64; 2] {
    let n = ps.len().max(1) as f64;
    [
        ps.iter().map(|p| p[0]).sum::<f64>() / n,
        ps.iter().map(|p| p[1]).sum::<f64>() / n,
    ]
}

/// `poly` scaled by `k` round its mean.
fn scaled(poly: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
    let c = mean(poly);
    poly.iter()
        .map(|p| [c[0] + k * (p[0] - c[0]), c[1] + k * (p[1] - c[1])])
        .collect()
}

/// The mean level (of the three channels) of `now` inside `poly` and
/// outside `besides`, and how many pixels it holds.
fn mean_level(
    now: &Mat,
    poly: &[[f64; 2]],
    besides: &[Vec<[f64; 2]>],
) -> Result<(f64, usize), ReadError> {
    use opencv::core::Vec3b;
    let (w, h) = (now.cols(), now.rows());
    let (mut sum, mut n) = (0.0, 0usize);
    for (x, y, p) in pixels_in(poly, w, h) {
        if besides.iter().any(|b| in_polygon(b, p)) {
            continue;
        }
        let a = now.at_2d::<Vec3b>(y, x)?;
        sum += (a[0] as f64 + a[1] as f64 + a[2] as f64) / 3.0;
        n += 1;
    }
    Ok((if n > 0 { sum / n as f64 } else { 0.0 }, n))
}

/// The top face's mean level in `now` and in `was` (other dice's grown
/// outlines `masks` left out); `None` where it is seen by fewer than
/// [`MIN_SECTOR_PX`] pixels.
fn top_levels(
    now: &Mat,
    was: &Mat,
    die: &TargetDie,
    masks: &[Vec<[f64; 2]>],
) -> Result<Option<(f64, f64)>, ReadError> {
    if die.corners.len() < 3 {
        return Ok(None);
    }
    let (a, n) = mean_level(now, &die.corners, masks)?;
    let (b, _) = mean_level(was, &die.corners, masks)?;
    Ok((n >= MIN_SECTOR_PX).then_some((a, b)))
}

/// Of [`SECTORS`] wedges of the ring between `outline` and `outer` (round
/// the outline's mean, `masks` left out), how many changed since `was`
/// (as a side face: [`UNCHANGED_BELOW`] of its pixels differ by more than
/// [`CHANGED_LEVELS`]), and how many were judged.
fn ring_changed(
    now: &Mat,
    was: &Mat,
    outline: &[[f64; 2]],
    outer: &[[f64; 2]],
    masks: &[Vec<[f64; 2]>],
) -> Result<(usize, usize), ReadError> {
    use opencv::core::Vec3b;
    let (w, h) = (now.cols(), now.rows());
    if (was.cols(), was.rows()) != (w, h) || outer.len() < 3 {
        return Ok((0, 0));
    }
    let c = mean(outline);
    let mut seen = [0usize; SECTORS];
    let mut moved = [0usize; SECTORS];
    for (x, y, p) in pixels_in(outer, w, h) {
        if in_polygon(outline, p) || masks.iter().any(|m| in_polygon(m, p)) {
            continue;
        }
        let a = (p[1] - c[1])
            .atan2(p[0] - c[0])
            .rem_euclid(std::f64::consts::TAU);
        let k = ((a / std::f64::consts::TAU * SECTORS as f64) as usize).min(SECTORS - 1);
        let (u, v) = (now.at_2d::<Vec3b>(y, x)?, was.at_2d::<Vec3b>(y, x)?);
        seen[k] += 1;
        if (0..3).any(|i| (u[i] as i32 - v[i] as i32).abs() > CHANGED_LEVELS) {
            moved[k] += 1;
        }
    }
    let judged: Vec<usize> = (0..SECTORS).filter(|&k| seen[k] >= MIN_SECTOR_PX).collect();
    let changed = judged
        .iter()
        .filter(|&&k| moved[k] as f64 >= UNCHANGED_BELOW * seen[k] as f64)
        .count();
    Ok((changed, judged.len()))
}

/// Of the refused fits `refused` (probability, die; most die-like
/// first), those standing where nothing stood in `was` ([`Standing::is_die`]
/// for white fits, [`Standing::is_coloured_die`] for the others),
/// none closer than two dice can lie to a die of `dice` or to one taken
/// before it, and none reaching over a hole ([`over_hole`]). `dice`: the
/// dice read in the frame.
pub fn taken(
    now: &Mat,
    was: &Mat,
    mut refused: Vec<(f64, TargetDie)>,
    dice: &[TargetDie],
    pose: &Pose,
    board: &tw_board::Board,
    set: &crate::dieset::DieSet,
) -> Result<Vec<TargetDie>, ReadError> {
    refused.sort_by(|a, b| b.0.total_cmp(&a.0));
    let spacing = set.die.min_spacing_mm();
    let mut all: Vec<TargetDie> = dice.to_vec();
    let mut out = Vec::new();
    for (_, d) in refused {
        let c = crate::region::centroid(&d.corners_mm);
        let near = all.iter().any(|o| {
            let q = crate::region::centroid(&o.corners_mm);
            (q[0] - c[0]).hypot(q[1] - c[1]) < spacing
        });
        if near || over_hole(board, &set.die, &d) {
            continue;
        }
        let others: Vec<TargetDie> = all.clone();
        let s = standing(now, was, &d, &others, pose, &set.die)?;
        let die = if d.color == "white" {
            s.is_die()
        } else {
            s.is_coloured_die()
        };
        if die {
            all.push(d.clone());
            out.push(d);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::throw::visible_sides;
    use opencv::core::{Point, Scalar, Vector};
    use opencv::imgproc::{fill_convex_poly, LINE_8};

    /// Looking down at 2 px a millimetre: a white die resting at (40, 40)
    /// mm, its pose, and a paper-white frame of the board.
    fn scene() -> (TargetDie, Pose, DieShape, Mat) {
        let h = [[2.0, 0.0, 40.0], [0.0, 2.0, 40.0], [0.0, 0.0, 1.0]];
        let pose = Pose::from_homography(&h, 240, 200).unwrap();
        let shape = DieShape { edge_mm: 9.0 };
        let (c, yaw) = ([40.0, 40.0], 0.3);
        let v = shape.vertices(c, yaw);
        let d = TargetDie {
            center: pose.project(v[0]).unwrap(),
            corners: (0..5).map(|i| pose.project(v[i]).unwrap()).collect(),
            corners_mm: shape.top_corners(c, yaw).to_vec(),
            color: "white".into(),
            face: "blank".into(),
            confidence: 0.9,
            uncertain: false,
            section: tw_board::Section {
                name: "s".into(),
                value: Some(3),
                kind: tw_board::SectionKind::Score,
            },
            tie: false,
        };
        let paper = Mat::new_rows_cols_with_default(200, 240, CV_8UC3, Scalar::all(235.0)).unwrap();
        (d, pose, shape, paper)
    }

    fn fill(img: &mut Mat, poly: &[[f64; 2]], grey: f64) {
        let p: Vector<Point> = poly
            .iter()
            .map(|q| Point::new(q[0].round() as i32, q[1].round() as i32))
            .collect();
        fill_convex_poly(img, &p, Scalar::all(grey), LINE_8, 0).unwrap();
    }

    /// The die drawn: its upper side faces shaded, its top as white as
    /// the paper, its shadow falling to the right.
    fn drawn(d: &TargetDie, pose: &Pose, shape: &DieShape, paper: &Mat) -> Mat {
        let mut now = paper.clone();
        let outline = outline_px(d, pose, shape);
        let shadow: Vec<[f64; 2]> = outline.iter().map(|p| [p[0] + 10.0, p[1] + 3.0]).collect();
        fill(&mut now, &shadow, 170.0);
        let (c, yaw) = ([40.0, 40.0], 0.3);
        let v = shape.vertices(c, yaw);
        for (k, f) in crate::shape::FACES[1..6].iter().enumerate() {
            let face: Vec<[f64; 2]> = f.iter().map(|&i| pose.project(v[i]).unwrap()).collect();
            fill(&mut now, &face, 150.0 + 12.0 * k as f64);
        }
        fill(&mut now, &d.corners, 238.0);
        now
    }

    #[test]
    fn a_white_die_with_its_shadow_on_white_paper_stands_there() {
        let (d, pose, shape, paper) = scene();
        let now = drawn(&d, &pose, &shape, &paper);
        let s = standing(&now, &paper, &d, &[], &pose, &shape).unwrap();
        assert!(s.is_die(), "{s:?}");
        assert!(s.ring.0 >= 1, "the shadow changed part of the ring: {s:?}");
    }

    #[test]
    fn nothing_changed_is_no_die() {
        let (d, pose, shape, paper) = scene();
        let s = standing(&paper, &paper, &d, &[], &pose, &shape).unwrap();
        assert_eq!(s.sides.0, 0);
        assert!(!s.is_die());
    }

    /// A fit inside a larger change (lying across landed dice and their
    /// shadows): its sides changed, but so did the board all round it.
    #[test]
    fn a_fit_within_a_larger_change_is_no_die() {
        let (d, pose, shape, paper) = scene();
        let mut now = paper.clone();
        fill(
            &mut now,
            &[[0.0, 0.0], [240.0, 0.0], [240.0, 200.0], [0.0, 200.0]],
            120.0,
        );
        let s = standing(&now, &paper, &d, &[], &pose, &shape).unwrap();
        assert_eq!(s.sides.0, s.sides.1, "{s:?}");
        assert!(!s.is_die(), "{s:?}");
    }

    /// A green die on a band printed green: its top (darker paint, a pale
    /// glyph) and its shaded sides changed, the band round it did not. It
    /// is a coloured die though its top is darker than the band was (the
    /// white rule refuses it there); with nothing changed, or the whole
    /// band changed, it is none.
    #[test]
    fn a_green_die_on_a_green_band_stands_there() {
        let (d, pose, shape, _) = scene();
        let band =
            Mat::new_rows_cols_with_default(200, 240, CV_8UC3, Scalar::new(80.0, 150.0, 70.0, 0.0))
                .unwrap();
        let mut now = band.clone();
        let (c, yaw) = ([40.0, 40.0], 0.3);
        let v = shape.vertices(c, yaw);
        for (k, f) in crate::shape::FACES[1..6].iter().enumerate() {
            let face: Vec<[f64; 2]> = f.iter().map(|&i| pose.project(v[i]).unwrap()).collect();
            fill(&mut now, &face, 40.0 + 8.0 * k as f64);
        }
        let p: Vector<Point> = d
            .corners
            .iter()
            .map(|q| Point::new(q[0].round() as i32, q[1].round() as i32))
            .collect();
        fill_convex_poly(&mut now, &p, Scalar::new(40.0, 110.0, 30.0, 0.0), LINE_8, 0).unwrap();
        opencv::imgproc::circle(
            &mut now,
            Point::new(d.center[0].round() as i32, d.center[1].round() as i32),
            3,
            Scalar::all(230.0),
            -1,
            LINE_8,
            0,
        )
        .unwrap();
        let s = standing(&now, &band, &d, &[], &pose, &shape).unwrap();
        assert!(s.is_coloured_die(), "{s:?}");
        assert!(
            s.top.is_some_and(|(now, was)| now < was) && !s.is_die(),
            "{s:?}"
        );
        assert!(!standing(&band, &band, &d, &[], &pose, &shape)
            .unwrap()
            .is_coloured_die());
        let mut all = band.clone();
        fill(
            &mut all,
            &[[0.0, 0.0], [240.0, 0.0], [240.0, 200.0], [0.0, 200.0]],
            20.0,
        );
        assert!(!standing(&all, &band, &d, &[], &pose, &shape)
            .unwrap()
            .is_coloured_die());
    }

    /// A fit lower in the frame than the drawn die (its top on the die's
    /// shaded sides, its sides on the shadow): its top is darker than the
    /// paper was there.
    #[test]
    fn a_fit_below_its_die_is_no_die() {
        let (d, pose, shape, paper) = scene();
        let now = drawn(&d, &pose, &shape, &paper);
        let s = standing(&now, &paper, &d, &[], &pose, &shape).unwrap();
        assert!(s.is_die(), "{s:?}");
        let mut off = d.clone();
        off.corners_mm.iter_mut().for_each(|p| p[1] += 6.0);
        off.corners.iter_mut().for_each(|p| p[1] += 12.0);
        off.center[1] += 12.0;
        let s = standing(&now, &paper, &off, &[], &pose, &shape).unwrap();
        assert!(s.top.is_some_and(|(now, was)| now < was), "{s:?}");
        assert!(!s.is_die(), "{s:?}");
    }

    /// A fit nearer the camera than the drawn die (its top on the die's
    /// shaded sides) lies on the die's foot; the die's own fit does not.
    /// Moved a face's radius away from the camera's foot, it starts on the
    /// die.
    #[test]
    fn a_fit_on_its_dies_foot_is_sought_again_beyond_it() {
        let (d, pose, shape, paper) = scene();
        let now = drawn(&d, &pose, &shape, &paper);
        let s = standing(&now, &paper, &d, &[], &pose, &shape).unwrap();
        assert!(!s.below_its_die(), "{s:?}");
        let mut near = d.clone();
        near.corners_mm.iter_mut().for_each(|p| p[1] -= 6.0);
        near.corners.iter_mut().for_each(|p| p[1] -= 12.0);
        near.center[1] -= 12.0;
        let s = standing(&now, &paper, &near, &[], &pose, &shape).unwrap();
        assert!(s.below_its_die() && !s.is_die(), "{s:?}");
        let e = pose.eye();
        let c = crate::region::centroid(&near.corners_mm);
        let to = beyond(c, [e[0], e[1]], shape.face_radius_mm()).unwrap();
        let die = crate::region::centroid(&d.corners_mm);
        assert!(
            (to[0] - die[0]).hypot(to[1] - die[1]) < 3.0,
            "{to:?} {die:?}"
        );
        assert_eq!(beyond([5.0, 5.0], [5.0, 5.0], 7.0), None);
    }

    /// The drawn die with its first visible side as white as the paper
    /// (lit, unchanged) and its top 2 levels darker than the paper was
    /// (unchanged): a white die on white print.
    fn lit_side(d: &TargetDie, pose: &Pose, shape: &DieShape, paper: &Mat) -> Mat {
        let mut now = drawn(d, pose, shape, paper);
        let side = visible_sides(d, pose, shape).remove(0);
        fill(&mut now, &side, 235.0);
        fill(&mut now, &d.corners, 233.0);
        now
    }

    #[test]
    fn a_white_die_whose_lit_side_did_not_change_stands_there() {
        let (d, pose, shape, paper) = scene();
        let now = lit_side(&d, &pose, &shape, &paper);
        let s = standing(&now, &paper, &d, &[], &pose, &shape).unwrap();
        assert!(s.sides.0 >= MIN_SIDES && s.sides.0 < s.sides.1, "{s:?}");
        assert!(
            !s.top_changed && s.dark_unchanged == 0 && !s.crowded,
            "{s:?}"
        );
        assert!(s.is_die(), "{s:?}");
    }

    /// An unchanged side darker than the top is print, not a lit side;
    /// beside another die the changed sides may be that die's change.
    #[test]
    fn an_unchanged_side_is_let_pass_only_lit_and_alone() {
        let (d, pose, shape, paper) = scene();
        let side = visible_sides(&d, &pose, &shape).remove(0);
        let (mut now, mut was) = (lit_side(&d, &pose, &shape, &paper), paper.clone());
        fill(&mut now, &side, 120.0);
        fill(&mut was, &side, 120.0);
        let s = standing(&now, &was, &d, &[], &pose, &shape).unwrap();
        assert_eq!(s.dark_unchanged, 1, "{s:?}");
        assert!(!s.is_die(), "{s:?}");
        let now = lit_side(&d, &pose, &shape, &paper);
        let mut other = d.clone();
        other.corners_mm.iter_mut().for_each(|p| p[0] += 30.0);
        other.corners.iter_mut().for_each(|p| p[0] += 60.0);
        let s = standing(&now, &paper, &d, &[other], &pose, &shape).unwrap();
        assert!(s.crowded, "{s:?}");
        assert!(!s.is_die(), "{s:?}");
    }

    /// A frame of another size, or a die that cannot be projected, says
    /// nothing and does not panic.
    #[test]
    fn odd_input_is_no_die() {
        let (mut d, pose, shape, paper) = scene();
        let small = Mat::new_rows_cols_with_default(20, 20, CV_8UC3, Scalar::all(235.0)).unwrap();
        assert!(!standing(&small, &paper, &d, &[], &pose, &shape)
            .map(|s| s.is_die())
            .unwrap_or(false));
        d.corners_mm.clear();
        assert!(!standing(&paper, &paper, &d, &[], &pose, &shape)
            .unwrap()
            .is_die());
    }
}
