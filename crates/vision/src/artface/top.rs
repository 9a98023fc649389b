//! A die's top face fitted from a rough place and size, without any
//! enrolled set: the square (turned and foreshortened like a [`Pose`])
//! whose four edges separate most clearly what lies just inside from what
//! lies just outside.
//!
//! A top face is bounded on every side by a change of shade: its sides
//! (turned away from the light or the camera), the table or a shadow. The
//! inscribed square of a die's body, or a finder's box, sits loosely on it
//! (smaller, shifted towards the body's middle on a tilted die); this
//! moves the square onto the face's own edges. Only contrasts are used,
//! each side's taken in absolute value, so a white die on a dark cloth and
//! a black die on a light tray are fitted alike. The glyph in the middle is
//! left out: edges are sampled on their middle stretch, between 0.4 and
//! 0.6 face sides from the centre.

use super::{edge_angle, Plane, Pose, Prepared};

/// Offsets of the inner and outer samples from an edge, in face sides:
/// far (an edge this far off is still seen) and near (to settle on it).
const COARSE_GAP: f32 = 0.16;
const FINE_GAP: f32 = 0.08;
/// Spacing of the grid of start places, in guessed sides.
const START_STEP: f32 = 0.15;
/// Starts that climb (the best by their far-sample contrast).
const CLIMBED: usize = 3;
/// Places along each edge, as fractions of the side from its middle.
const ALONG: [f32; 7] = [-0.3, -0.2, -0.1, 0.0, 0.1, 0.2, 0.3];
/// Foreshortenings a fit starts from when none is given.
const START_SQUASHES: [f32; 3] = [1.0, 0.8, 0.62];
/// Sizes a fit starts from, relative to the guess.
const START_SIZES: [f32; 3] = [0.85, 1.0, 1.2];
/// The fitted side stays within this factor of the guess.
const SIZE_RANGE: (f32, f32) = (0.6, 1.6);
/// The fitted centre stays within this many guessed sides of the guess.
const REACH: f32 = 0.45;

/// A fitted top face and how clearly its edges stand out (mean absolute
/// contrast across them, gray levels).
#[derive(Clone, Copy, Debug)]
pub struct TopFace {
    pub center: [f32; 2],
    pub side: f32,
    /// Turn in the face's own plane, radians (modulo a quarter turn).
    pub angle: f32,
    /// Foreshortening along the image's vertical (1 seen square-on).
    pub squash: f32,
    pub contrast: f32,
}

impl TopFace {
    /// The face's corners in the image, in order round the face.
    pub fn corners(&self) -> [[f32; 2]; 4] {
        let h = self.side / 2.0;
        let (sn, cs) = self.angle.sin_cos();
        [(-1.0f32, -1.0f32), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(a, b)| {
            [
                self.center[0] + h * (a * cs - b * sn),
                self.center[1] + self.squash * h * (a * sn + b * cs),
            ]
        })
    }

    /// Axis-aligned box `[x0, y0, x1, y1]` round the face's corners.
    pub fn bbox(&self) -> [f32; 4] {
        let c = self.corners();
        let mut b = [f32::MAX, f32::MAX, f32::MIN, f32::MIN];
        for p in c {
            b = [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ];
        }
        b
    }
}

/// Image point of face coordinates `(a, b)` (each −0.5..0.5 on the face)
/// at a pyramid level of scale `k`.
#[inline]
fn at_face(pose: &Pose, k: f32, cs: (f32, f32), a: f32, b: f32) -> (f32, f32) {
    let (sn, c) = cs;
    let s = pose.side * k;
    (
        pose.center[0] * k + s * (a * c - b * sn),
        pose.center[1] * k + pose.squash * s * (a * sn + b * c),
    )
}

/// Mean absolute contrast across the four edges of `pose` on `p`, the
/// samples `gap` face sides inside and outside each edge.
fn contrast(p: &Plane, k: f32, pose: &Pose, gap: f32) -> f32 {
    let cs = pose.angle.sin_cos();
    let mut total = 0.0;
    for (na, nb) in [(1.0f32, 0.0f32), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        let mut d = 0.0;
        for &t in &ALONG {
            // Along the edge is the normal turned a quarter.
            let (ta, tb) = (-nb * t, na * t);
            let (xi, yi) = at_face(pose, k, cs, na * (0.5 - gap) + ta, nb * (0.5 - gap) + tb);
            let (xo, yo) = at_face(pose, k, cs, na * (0.5 + gap) + ta, nb * (0.5 + gap) + tb);
            d += p.at(xi, yi) - p.at(xo, yo);
        }
        total += (d / ALONG.len() as f32).abs();
    }
    total / 4.0
}

/// The top face near `center`, about `side` wide (the box's width), fitted
/// coarse to fine: a grid of starts (places, sizes, foreshortenings unless
/// `squash` is given) scored with samples far from the edges, so that an
/// edge a fifth of a face away is still seen; the best few climb, first
/// with those samples, then with samples close to the edges.
pub fn fit_top(prep: &Prepared, center: [f32; 2], side: f32, squash: Option<f32>) -> TopFace {
    let side = side.max(4.0);
    let (p, k) = prep.level_for(side);
    let (coarse, fine) = (COARSE_GAP, FINE_GAP);
    let squashes: Vec<f32> = match squash {
        Some(q) => vec![q.clamp(0.3, 1.0)],
        None => START_SQUASHES.to_vec(),
    };
    let inside = |pose: &Pose| {
        let (lo, hi) = SIZE_RANGE;
        (lo * side..=hi * side).contains(&pose.side)
            && (pose.center[0] - center[0]).hypot(pose.center[1] - center[1]) <= REACH * side
            && (0.3..=1.0).contains(&pose.squash)
    };
    let mut starts: Vec<(f32, Pose)> = Vec::new();
    for &q in &squashes {
        let angle = edge_angle(prep, center, side, q);
        for &g in &START_SIZES {
            for i in -1..=1 {
                for j in -1..=1 {
                    let pose = Pose {
                        center: [
                            center[0] + i as f32 * START_STEP * side,
                            center[1] + j as f32 * START_STEP * side * q,
                        ],
                        side: side * g,
                        angle,
                        squash: q,
                    };
                    starts.push((contrast(p, k, &pose, coarse), pose));
                }
            }
        }
    }
    starts.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut best = TopFace {
        center,
        side,
        angle: 0.0,
        squash: squashes[0],
        contrast: f32::MIN,
    };
    for &(_, start) in starts.iter().take(CLIMBED) {
        let (pose, _) = climb(p, k, start, squash.is_none(), coarse, 0.1, &inside);
        let (pose, c) = climb(p, k, pose, squash.is_none(), fine, 0.05, &inside);
        if c > best.contrast {
            best = TopFace {
                center: pose.center,
                side: pose.side,
                angle: pose.angle,
                squash: pose.squash,
                contrast: c,
            };
        }
    }
    best
}

/// Top faces for die-body candidates (`crate::bodies`): each candidate's
/// inscribed square refitted onto its top face, largest first; a fit whose
/// centre lies in an earlier one's box is the same die and is dropped.
/// (Fitting from more starts round each candidate, clearest first, covers
/// more dice but takes printed panels for faces: see
/// `docs/measurements/2026-11-26-art-poses.md`.)
pub fn top_faces(prep: &Prepared, candidates: &[crate::bodies::BodyCandidate]) -> Vec<TopFace> {
    let mut c: Vec<&crate::bodies::BodyCandidate> = candidates.iter().collect();
    c.sort_by(|a, b| b.side.total_cmp(&a.side));
    let mut out: Vec<TopFace> = Vec::new();
    for b in c {
        let f = fit_top(prep, b.center, b.side, None);
        let same = out.iter().any(|o| {
            let r = o.bbox();
            (r[0]..=r[2]).contains(&f.center[0]) && (r[1]..=r[3]).contains(&f.center[1])
        });
        if !same {
            out.push(f);
        }
    }
    out
}

/// Climb from `pose` over shifts, size, turn and (when `tilt_free`)
/// foreshortening, in halving steps, staying where `inside` allows.
fn climb(
    p: &Plane,
    k: f32,
    mut pose: Pose,
    tilt_free: bool,
    gap: f32,
    first: f32,
    inside: &dyn Fn(&Pose) -> bool,
) -> (Pose, f32) {
    let mut best = contrast(p, k, &pose, gap);
    let (mut off, mut grow, mut turn, mut tilt) = (first, 1.0 + first, 0.8 * first, 0.8 * first);
    for _ in 0..12 {
        let mut moves: Vec<Pose> = Vec::with_capacity(10);
        for (dx, dy) in [(1.0f32, 0.0f32), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
            let mut m = pose;
            m.center[0] += dx * off * pose.side;
            m.center[1] += dy * off * pose.side * pose.squash;
            moves.push(m);
        }
        for f in [grow, 1.0 / grow] {
            moves.push(Pose {
                side: pose.side * f,
                ..pose
            });
        }
        for a in [turn, -turn] {
            moves.push(Pose {
                angle: pose.angle + a,
                ..pose
            });
        }
        if tilt_free {
            for q in [pose.squash + tilt, pose.squash - tilt] {
                moves.push(Pose { squash: q, ..pose });
            }
        }
        let mut improved = false;
        for m in moves {
            if !inside(&m) {
                continue;
            }
            let c = contrast(p, k, &m, gap);
            if c > best {
                best = c;
                pose = m;
                improved = true;
            }
        }
        if !improved {
            off /= 2.0;
            grow = grow.sqrt();
            turn /= 2.0;
            tilt /= 2.0;
            if off < 0.01 {
                break;
            }
        }
    }
    (pose, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Mat, Point, Scalar, Vector, CV_8UC3};
    use opencv::imgproc;

    /// A light square, turned and squashed, with a dark glyph in its
    /// middle, on a mid-gray table.
    fn scene(face: &TopFace) -> Mat {
        let mut m = Mat::new_rows_cols_with_default(240, 320, CV_8UC3, Scalar::all(90.0)).unwrap();
        let pts: Vector<Point> = face
            .corners()
            .iter()
            .map(|c| Point::new(c[0].round() as i32, c[1].round() as i32))
            .collect();
        let mut polys: Vector<Vector<Point>> = Vector::new();
        polys.push(pts);
        imgproc::fill_poly(
            &mut m,
            &polys,
            Scalar::all(220.0),
            imgproc::LINE_AA,
            0,
            Point::new(0, 0),
        )
        .unwrap();
        let c = Point::new(face.center[0] as i32, face.center[1] as i32);
        imgproc::circle(
            &mut m,
            c,
            (face.side * 0.15) as i32,
            Scalar::all(30.0),
            -1,
            imgproc::LINE_AA,
            0,
        )
        .unwrap();
        m
    }

    fn iou(a: [f32; 4], b: [f32; 4]) -> f32 {
        let i =
            (a[2].min(b[2]) - a[0].max(b[0])).max(0.0) * (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
        let area = |r: [f32; 4]| (r[2] - r[0]) * (r[3] - r[1]);
        i / (area(a) + area(b) - i)
    }

    #[test]
    fn a_loose_box_is_moved_onto_the_face() {
        let truth = TopFace {
            center: [160.0, 118.0],
            side: 60.0,
            angle: 0.35,
            squash: 0.75,
            contrast: 0.0,
        };
        let prep = Prepared::new(&scene(&truth)).unwrap();
        // A guess shifted by a sixth of the face and a fifth too small.
        let fit = fit_top(&prep, [150.0, 126.0], 48.0, None);
        let (got, want) = (fit.bbox(), truth.bbox());
        assert!(iou(got, want) > 0.85, "fitted {got:?}, face {want:?}");
        assert!((fit.squash - 0.75).abs() < 0.1, "squash {}", fit.squash);
        let loose = [126.0, 102.0, 174.0, 150.0];
        assert!(iou(loose, want) < 0.6);
    }

    #[test]
    fn a_dark_face_on_a_light_table_is_fitted_alike() {
        let truth = TopFace {
            center: [150.0, 120.0],
            side: 50.0,
            angle: -0.2,
            squash: 1.0,
            contrast: 0.0,
        };
        let mut m = scene(&truth);
        // Invert: a dark die with a light glyph on a light table.
        let mut inv = Mat::default();
        opencv::core::bitwise_not(&m, &mut inv, &opencv::core::no_array()).unwrap();
        m = inv;
        let prep = Prepared::new(&m).unwrap();
        let fit = fit_top(&prep, [158.0, 112.0], 62.0, Some(1.0));
        assert!(
            iou(fit.bbox(), truth.bbox()) > 0.85,
            "fitted {:?}",
            fit.bbox()
        );
    }

    #[test]
    fn candidates_on_one_die_give_one_face() {
        use crate::bodies::BodyCandidate;
        let truth = TopFace {
            center: [100.0, 110.0],
            side: 50.0,
            angle: 0.1,
            squash: 0.9,
            contrast: 0.0,
        };
        let prep = Prepared::new(&scene(&truth)).unwrap();
        let near = |c: [f32; 2], side: f32| BodyCandidate { center: c, side };
        let faces = top_faces(
            &prep,
            &[near([96.0, 116.0], 44.0), near([106.0, 104.0], 40.0)],
        );
        assert_eq!(faces.len(), 1, "{faces:?}");
        assert!(
            iou(faces[0].bbox(), truth.bbox()) > 0.8,
            "{:?}",
            faces[0].bbox()
        );
    }
}
