//! A white die read on its own foot, sought again beyond it.
//!
//! On pale print a white die's top hardly differs from the board, while
//! its shaded sides do; the edge fit can settle on those sides, a face
//! lower in the frame (nearer the camera) than the top, and the verifier
//! may still take it. Against the frame before the throw such a fit shows
//! itself: its top changed and is darker than the board was there
//! ([`Standing::below_its_die`]), which a white die's own top, lit from
//! above, never is. The die is then sought again a face's radius farther
//! from the camera (where the tilt puts its top), and a white fit found
//! there, on the same die (within two dice's spacing of the first), that
//! no longer lies below its die takes the first one's place, taken by the
//! verifier or not: that a die stands there the first fit and the change
//! already say, only where is asked. Without one the first reading is
//! kept: nothing is lost.
//! Figures: docs/measurements/2026-11-27-target-camouflage.md.

use crate::dieset::DieSet;
use crate::pose::Pose;
use crate::read::{Built, ReadError, TargetDie};
use crate::standing::{beyond, over_hole, standing};
use opencv::core::Mat;
use tw_board::{Board, Webs};

/// At most this many dice a throw are sought again (each a wide fit).
const MOST_RAISED: usize = 3;

/// `dice` (read in `now`, `was` the frame before the throw) with every
/// white die that lies on its own foot replaced by a white fit found
/// beyond it, within two dice's spacing of it, that does not lie on a
/// foot itself.
#[allow(clippy::too_many_arguments)]
pub(crate) fn raised(
    now: &Mat,
    was: &Mat,
    built: &Built,
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    dice: Vec<TargetDie>,
) -> Result<Vec<TargetDie>, ReadError> {
    let pose: &Pose = &built.pose;
    let low = low_dice(now, was, pose, board, set, &dice)?;
    if low.is_empty() {
        return Ok(dice);
    }
    let starts: Vec<[f64; 2]> = low.iter().map(|(_, s)| *s).collect();
    let (found, refused) = crate::read::fit_proposed(now, built, board, webs, set, &starts)?;
    replaced(now, was, pose, set, dice, &low, &found, refused)
}

/// The white dice of `dice` that lie on their own foot, each with the
/// start (board mm) one face radius beyond it from the camera; in read
/// order, at most [`MOST_RAISED`].
fn low_dice(
    now: &Mat,
    was: &Mat,
    pose: &Pose,
    board: &Board,
    set: &DieSet,
    dice: &[TargetDie],
) -> Result<Vec<(usize, [f64; 2])>, ReadError> {
    let eye = pose.eye();
    let mut low: Vec<(usize, [f64; 2])> = Vec::new();
    for (i, d) in dice.iter().enumerate() {
        if low.len() >= MOST_RAISED {
            break;
        }
        if d.color != "white" || over_hole(board, &set.die, d) {
            continue;
        }
        if !standing(now, was, d, dice, pose, &set.die)?.below_its_die() {
            continue;
        }
        let c = crate::region::centroid(&d.corners_mm);
        if let Some(s) = beyond(c, [eye[0], eye[1]], set.die.face_radius_mm()) {
            low.push((i, s));
        }
    }
    Ok(low)
}

/// `dice` with each of `low` replaced by the first white fit near it
/// (the verifier's `found` first, then `refused`, most die-like first)
/// that lies near no other die and not below its own die; kept as read
/// where none is.
#[allow(clippy::too_many_arguments)]
fn replaced(
    now: &Mat,
    was: &Mat,
    pose: &Pose,
    set: &DieSet,
    dice: Vec<TargetDie>,
    low: &[(usize, [f64; 2])],
    found: &[TargetDie],
    mut refused: Vec<(f64, TargetDie)>,
) -> Result<Vec<TargetDie>, ReadError> {
    let spacing = set.die.min_spacing_mm();
    refused.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out = dice.clone();
    for &(i, _) in low {
        let others: Vec<TargetDie> = dice
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, d)| d.clone())
            .collect();
        let was_at = crate::region::centroid(&dice[i].corners_mm);
        let near = |d: &TargetDie| {
            let c = crate::region::centroid(&d.corners_mm);
            (c[0] - was_at[0]).hypot(c[1] - was_at[1]) < spacing
        };
        // The verifier's dice first, then the fits it refused, most
        // die-like first: that a die stands here the first fit and the
        // change already say, only where is asked.
        let mut cands: Vec<&TargetDie> = found.iter().filter(|d| near(d)).collect();
        cands.extend(refused.iter().filter(|(_, d)| near(d)).map(|(_, d)| d));
        for d in cands {
            if d.color != "white" || others.iter().any(|o| near_die(o, d, spacing)) {
                continue;
            }
            let st = standing(now, was, d, &others, pose, &set.die)?;
            if st.top.is_some() && !st.below_its_die() {
                out[i] = d.clone();
                break;
            }
        }
    }
    Ok(out)
}

/// Whether two dice lie closer than two dice can (`spacing`, mm).
fn near_die(a: &TargetDie, b: &TargetDie, spacing: f64) -> bool {
    let (p, q) = (
        crate::region::centroid(&a.corners_mm),
        crate::region::centroid(&b.corners_mm),
    );
    (p[0] - q[0]).hypot(p[1] - q[1]) < spacing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::DieShape;
    use opencv::core::{Point, Scalar, Vector, CV_8UC3};
    use opencv::imgproc::{fill_convex_poly, LINE_8};

    /// The shipped die set (its die's size and spacing).
    fn set() -> DieSet {
        DieSet::load(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../models/dice-sets/dungeon-fighter.json"),
        )
        .expect("the shipped die set")
    }

    /// Looking down at 2 px a millimetre, the board's origin at (40, 40)
    /// px, and a paper-white frame of the board before the throw.
    fn view() -> (Pose, Mat) {
        let h = [[2.0, 0.0, 40.0], [0.0, 2.0, 40.0], [0.0, 0.0, 1.0]];
        let pose = Pose::from_homography(&h, 480, 240).unwrap();
        let paper = Mat::new_rows_cols_with_default(240, 480, CV_8UC3, Scalar::all(235.0)).unwrap();
        (pose, paper)
    }

    /// A white die read with its top face at `c` (board mm).
    fn read_at(pose: &Pose, shape: &DieShape, c: [f64; 2], color: &str) -> TargetDie {
        let v = shape.vertices(c, 0.3);
        let corners: Vec<[f64; 2]> = (0..5).filter_map(|i| pose.project(v[i])).collect();
        TargetDie {
            center: crate::region::centroid(&corners),
            corners,
            corners_mm: shape.top_corners(c, 0.3).to_vec(),
            color: color.into(),
            face: "blank".into(),
            confidence: 0.9,
            uncertain: false,
            section: tw_board::Section {
                name: "s".into(),
                value: Some(3),
                kind: tw_board::SectionKind::Score,
            },
            tie: false,
        }
    }

    fn fill(img: &mut Mat, poly: &[[f64; 2]], grey: f64) {
        let p: Vector<Point> = poly
            .iter()
            .map(|q| Point::new(q[0].round() as i32, q[1].round() as i32))
            .collect();
        fill_convex_poly(img, &p, Scalar::all(grey), LINE_8, 0).unwrap();
    }

    /// White dice standing at `at` (board mm) drawn on the paper: each
    /// die's shadow to the right, its upper side faces shaded, its top as
    /// white as the paper (as `standing`'s tests draw one).
    fn drawn(pose: &Pose, shape: &DieShape, paper: &Mat, at: &[[f64; 2]]) -> Mat {
        let mut now = paper.clone();
        for &c in at {
            let d = read_at(pose, shape, c, "white");
            let outline = crate::throw::outline_px(&d, pose, shape);
            let shadow: Vec<[f64; 2]> = outline.iter().map(|p| [p[0] + 10.0, p[1] + 3.0]).collect();
            fill(&mut now, &shadow, 170.0);
            let v = shape.vertices(c, 0.3);
            for (k, f) in crate::shape::FACES[1..6].iter().enumerate() {
                let face: Vec<[f64; 2]> = f.iter().filter_map(|&i| pose.project(v[i])).collect();
                fill(&mut now, &face, 150.0 + 12.0 * k as f64);
            }
            fill(&mut now, &d.corners, 238.0);
        }
        now
    }

    /// `c` moved a face's radius towards the camera's foot: where an edge
    /// fit lying on the die's shaded sides is read.
    fn nearer(pose: &Pose, shape: &DieShape, c: [f64; 2]) -> [f64; 2] {
        nearer_by(pose, c, shape.face_radius_mm())
    }

    /// `c` moved `r` mm towards the camera's foot.
    fn nearer_by(pose: &Pose, c: [f64; 2], r: f64) -> [f64; 2] {
        let e = pose.eye();
        let (dx, dy) = (c[0] - e[0], c[1] - e[1]);
        let n = dx.hypot(dy);
        [c[0] - r * dx / n, c[1] - r * dy / n]
    }

    /// [`low_dice`] of `d` read alone.
    fn alone(
        now: &Mat,
        was: &Mat,
        pose: &Pose,
        board: &Board,
        set: &DieSet,
        d: &TargetDie,
    ) -> Vec<(usize, [f64; 2])> {
        low_dice(now, was, pose, board, set, std::slice::from_ref(d)).unwrap()
    }

    fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
        (a[0] - b[0]).hypot(a[1] - b[1])
    }

    /// A die read on its foot is sought again on its top, and the white
    /// fit found there (by the verifier or refused by it) takes its place;
    /// the die read on its top is left alone.
    #[test]
    fn a_die_read_on_its_foot_is_moved_onto_its_top() {
        let (set, board) = (set(), Board::catacombs_default());
        let (pose, paper) = view();
        let c = [40.0, 40.0];
        let now = drawn(&pose, &set.die, &paper, &[c]);
        let top = read_at(&pose, &set.die, c, "white");
        assert!(!over_hole(&board, &set.die, &top));
        let low = read_at(&pose, &set.die, nearer(&pose, &set.die, c), "white");
        let got = alone(&now, &paper, &pose, &board, &set, &top);
        assert!(got.is_empty(), "{got:?}");
        let got = alone(&now, &paper, &pose, &board, &set, &low);
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            dist(got[0].1, c) < 3.0,
            "the start lies on the top: {got:?}"
        );
        let taken = std::slice::from_ref(&top);
        let out = replaced(
            &now,
            &paper,
            &pose,
            &set,
            vec![low.clone()],
            &got,
            taken,
            vec![],
        );
        assert_eq!(out.unwrap(), taken);
        let refused = vec![(0.2, low.clone()), (0.3, top.clone())];
        let out = replaced(&now, &paper, &pose, &set, vec![low], &got, &[], refused);
        assert_eq!(out.unwrap(), [top]);
    }

    /// Where no white fit lies beyond the die, one of another colour, one
    /// on the foot itself, or one on another die, the die is kept as read.
    #[test]
    fn with_no_white_fit_beyond_it_the_die_is_kept_as_read() {
        let (set, board) = (set(), Board::catacombs_default());
        let (pose, paper) = view();
        let c = [40.0, 40.0];
        let now = drawn(&pose, &set.die, &paper, &[c]);
        let low = read_at(&pose, &set.die, nearer(&pose, &set.die, c), "white");
        let got = alone(&now, &paper, &pose, &board, &set, &low);
        assert_eq!(got.len(), 1, "{got:?}");
        let keep = |found: &[TargetDie], refused: Vec<(f64, TargetDie)>| {
            let out = replaced(
                &now,
                &paper,
                &pose,
                &set,
                vec![low.clone()],
                &got,
                found,
                refused,
            );
            assert_eq!(out.unwrap(), std::slice::from_ref(&low));
        };
        keep(&[], vec![]);
        keep(&[read_at(&pose, &set.die, c, "red")], vec![]);
        // A second fit on the die's foot, a little off the first.
        let foot = nearer_by(&pose, c, 0.8 * set.die.face_radius_mm());
        let foot = read_at(&pose, &set.die, foot, "white");
        let st = standing(&now, &paper, &foot, &[], &pose, &set.die).unwrap();
        assert!(st.below_its_die(), "{st:?}");
        keep(&[], vec![(0.4, foot)]);
        // A fit on the top, but within two dice's spacing of another die
        // read: it may be that die's.
        let other = read_at(&pose, &set.die, [c[0] + 12.0, c[1]], "white");
        let out = replaced(
            &now,
            &paper,
            &pose,
            &set,
            vec![low.clone(), other.clone()],
            &got,
            &[read_at(&pose, &set.die, c, "white")],
            vec![],
        );
        assert_eq!(out.unwrap(), [low, other]);
    }

    /// Four dice read on their feet: only the first three are sought again.
    #[test]
    fn at_most_three_dice_a_throw_are_sought_again() {
        let (set, board) = (set(), Board::catacombs_default());
        let (pose, paper) = view();
        let at: Vec<[f64; 2]> = (0..4).map(|k| [40.0 + 50.0 * k as f64, 40.0]).collect();
        let now = drawn(&pose, &set.die, &paper, &at);
        let low: Vec<TargetDie> = at
            .iter()
            .map(|&c| read_at(&pose, &set.die, nearer(&pose, &set.die, c), "white"))
            .collect();
        for d in &low {
            let one = alone(&now, &paper, &pose, &board, &set, d);
            assert_eq!(one.len(), 1, "each alone is low: {d:?}");
        }
        let got = low_dice(&now, &paper, &pose, &board, &set, &low).unwrap();
        let which: Vec<usize> = got.iter().map(|(i, _)| *i).collect();
        assert_eq!(which, [0, 1, 2]);
    }

    /// No frame before the throw (empty or of another size), a die at the
    /// image's edge or with no corners: nothing is sought, no panic.
    #[test]
    fn odd_input_seeks_nothing() {
        let (set, board) = (set(), Board::catacombs_default());
        let (pose, paper) = view();
        let c = [40.0, 40.0];
        let now = drawn(&pose, &set.die, &paper, &[c]);
        let low = read_at(&pose, &set.die, nearer(&pose, &set.die, c), "white");
        let small = Mat::new_rows_cols_with_default(20, 20, CV_8UC3, Scalar::all(235.0)).unwrap();
        for was in [Mat::default(), small] {
            let got = alone(&now, &was, &pose, &board, &set, &low);
            assert!(got.is_empty(), "{got:?}");
        }
        let edge = read_at(&pose, &set.die, [-18.0, -18.0], "white");
        let mut bare = low.clone();
        bare.corners.clear();
        bare.corners_mm.clear();
        for d in [edge, bare] {
            let got = low_dice(&now, &paper, &pose, &board, &set, &[d]);
            assert!(got.is_ok_and(|g| g.is_empty()));
        }
        let out = replaced(&now, &paper, &pose, &set, vec![], &[], &[], vec![]);
        assert!(out.unwrap().is_empty());
    }
}
