//! Placing a fitted die by the colours *inside* its faces.
//!
//! The edge fit ([`crate::fit`]) looks along the die's projected lines. On a
//! small or blurred die (a top face 6–8 px across its circumradius) the
//! lines between the top face and the upper side faces are a pixel or two
//! from the silhouette and from each other, and the turn of the top face
//! is poorly held. Here every pixel of the die and a margin round it
//! counts: each visible face is one flat paint (the side faces shaded
//! differently from the top by the light), its centre is a zone of its own
//! (an icon, or the same paint), and outside the silhouette the board looks
//! as it does just round the die. The pose whose partition of the pixels
//! leaves the least colour unexplained wins.
//!
//! The partition is evaluated on a fixed grid of sample points (finer than
//! a pixel on a small die), so scores of different poses compare the same
//! data. [`place`] also tries centres over a reach (a fit the verifier
//! doubted can sit a face off its die); on a die it was sure of, reaching
//! only lets it jump to a neighbour or a die-like patch of print, so
//! [`refine`] stays in place. Figures (and `examples/regiondiag`, which
//! draws each step): `docs/measurements/2026-11-26-target-reader-history.md`.

use crate::fit::{faces_seen, fit_at_pose, Fit, Gradients};
use crate::pose::Pose;
use crate::shape::{DieShape, FACES};

/// Sample points round one die on a square grid, kept as running sums
/// along each grid row: a face's share of a row is one interval (faces are
/// convex), so a pose's residual costs a few operations per face and row
/// rather than a point test per sample and face.
struct Samples {
    /// The grid point of index (0, 0), and the spacing (px).
    origin: [f64; 2],
    step: f64,
    /// Points per row (and rows).
    side: usize,
    /// Row by row, `side + 1` running sums each of [`Tally`]: entry k sums
    /// the row's first k points.
    sums: Vec<Tally>,
    /// Points sampled, and their capped differences from the board summed.
    count: f64,
    board_total: f64,
}

/// Running sums over sample points: how many, their colour, their colour
/// squared (all channels), and their capped squared difference from the
/// board near them (what they leave unexplained when no face covers them).
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    n: f64,
    sum: [f64; 3],
    sq: f64,
    board: f64,
}

impl Tally {
    fn minus(self, o: Tally) -> Tally {
        Tally {
            n: self.n - o.n,
            sum: std::array::from_fn(|ch| self.sum[ch] - o.sum[ch]),
            sq: self.sq - o.sq,
            board: self.board - o.board,
        }
    }

    fn plus(self, o: Tally) -> Tally {
        Tally {
            n: self.n + o.n,
            sum: std::array::from_fn(|ch| self.sum[ch] + o.sum[ch]),
            sq: self.sq + o.sq,
            board: self.board + o.board,
        }
    }

    /// The spread of these points' colours about their mean (summed squares).
    fn spread(&self) -> f64 {
        if self.n > 0.0 {
            self.sq - (0..3).map(|ch| self.sum[ch] * self.sum[ch]).sum::<f64>() / self.n
        } else {
            0.0
        }
    }
}

/// A face's centre zone, as a share of its size: the icon (a star reaching
/// 0.62 of the face's circumradius on the rulebook dice) falls inside it.
const CENTRE_ZONE: f64 = 0.55;

/// Colour difference (summed over channels, squared) beyond which a
/// board sample counts no more: print, a shadow or another die next to
/// this one must not pull the silhouette.
const BOARD_CAP: f64 = 60.0 * 60.0;

/// Margin (px) sampled outside the die's silhouette.
const MARGIN_PX: f64 = 2.5;

/// Mean of the points.
pub(crate) fn centroid(ps: &[[f64; 2]]) -> [f64; 2] {
    let n = ps.len().max(1) as f64;
    [
        ps.iter().map(|p| p[0]).sum::<f64>() / n,
        ps.iter().map(|p| p[1]).sum::<f64>() / n,
    ]
}

/// A convex polygon as half-planes, for quick point tests (set up once
/// and tested at hundreds of points; [`crate::detect::inside_convex`]
/// tests one point).
struct Convex {
    /// (a, b, c): a point p is inside when a·x + b·y + c ≥ 0 for all.
    planes: Vec<[f64; 3]>,
    lo: [f64; 2],
    hi: [f64; 2],
}

impl Convex {
    fn new(ps: &[[f64; 2]]) -> Convex {
        let n = ps.len();
        let area2: f64 = (0..n)
            .map(|k| {
                let (a, b) = (ps[k], ps[(k + 1) % n]);
                a[0] * b[1] - b[0] * a[1]
            })
            .sum();
        let s = if area2 >= 0.0 { 1.0 } else { -1.0 };
        let planes = (0..n)
            .map(|k| {
                let (a, b) = (ps[k], ps[(k + 1) % n]);
                // Left of a→b for a counter-clockwise polygon.
                let (nx, ny) = (-(b[1] - a[1]) * s, (b[0] - a[0]) * s);
                [nx, ny, -(nx * a[0] + ny * a[1])]
            })
            .collect();
        let lo = [
            ps.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min),
            ps.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min),
        ];
        let hi = [
            ps.iter().map(|p| p[0]).fold(f64::NEG_INFINITY, f64::max),
            ps.iter().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max),
        ];
        Convex { planes, lo, hi }
    }

    /// The x range of the polygon along the row at height `y` (empty when
    /// the first exceeds the second).
    fn row(&self, y: f64) -> (f64, f64) {
        let (mut lo, mut hi) = (self.lo[0], self.hi[0]);
        if y < self.lo[1] || y > self.hi[1] {
            return (1.0, 0.0);
        }
        for h in &self.planes {
            let rest = h[1] * y + h[2];
            if h[0] > 0.0 {
                lo = lo.max(-rest / h[0]);
            } else if h[0] < 0.0 {
                hi = hi.min(-rest / h[0]);
            } else if rest < 0.0 {
                return (1.0, 0.0);
            }
        }
        (lo, hi)
    }

    fn contains(&self, p: [f64; 2]) -> bool {
        p[0] >= self.lo[0]
            && p[0] <= self.hi[0]
            && p[1] >= self.lo[1]
            && p[1] <= self.hi[1]
            && self
                .planes
                .iter()
                .all(|h| h[0] * p[0] + h[1] * p[1] + h[2] >= 0.0)
    }
}

fn scaled(ps: &[[f64; 2]], f: f64) -> Vec<[f64; 2]> {
    let c = centroid(ps);
    ps.iter()
        .map(|p| [c[0] + f * (p[0] - c[0]), c[1] + f * (p[1] - c[1])])
        .collect()
}

/// The die's visible faces at a pose, image pixels: (face, centre zone).
fn visible_faces(
    pose: &Pose,
    shape: &DieShape,
    c: [f64; 2],
    yaw: f64,
    drop_mm: f64,
) -> Option<Vec<(Convex, Convex)>> {
    let mut v = shape.vertices(c, yaw);
    for p in v.iter_mut() {
        p[2] += drop_mm;
    }
    let seen = faces_seen(&v, pose.eye());
    let mut px = [[0.0; 2]; 20];
    for k in 0..20 {
        px[k] = pose.project(v[k])?;
    }
    Some(
        (0..12)
            .filter(|&f| seen[f])
            .map(|f| {
                let poly: Vec<[f64; 2]> = FACES[f].iter().map(|&i| px[i]).collect();
                let zone = scaled(&poly, CENTRE_ZONE);
                (Convex::new(&poly), Convex::new(&zone))
            })
            .collect(),
    )
}

impl Samples {
    /// Points on a grid over the fit's silhouette and a margin round it;
    /// the board's colour near each is the median of the image in a ring
    /// just outside the silhouette, in the point's direction from the die.
    fn around(g: &Gradients, fit: &Fit, reach_px: f64) -> Option<Samples> {
        let sil = &fit.silhouette_px;
        let c = centroid(sil);
        let r = sil
            .iter()
            .map(|p| (p[0] - c[0]).hypot(p[1] - c[1]))
            .fold(0.0, f64::max);
        if r < 2.0 {
            return None;
        }
        let margin = MARGIN_PX + reach_px;
        let grown = Convex::new(&scaled(sil, (r + margin) / r));
        // About 24 points across the top face's circumradius-sized span,
        // never coarser than a pixel.
        let step = (r / 18.0).clamp(0.25, 1.0);
        // The board round the die, by direction: 16 sectors.
        const SECTORS: usize = 16;
        let mut ring: Vec<Vec<[f64; 3]>> = vec![Vec::new(); SECTORS];
        let sector = |p: [f64; 2]| {
            let a = (p[1] - c[1])
                .atan2(p[0] - c[0])
                .rem_euclid(std::f64::consts::TAU);
            ((a / std::f64::consts::TAU * SECTORS as f64) as usize).min(SECTORS - 1)
        };
        let outline = Convex::new(sil);
        for k in 0..96 {
            let a = k as f64 / 96.0 * std::f64::consts::TAU;
            // Outward along the ray to the silhouette, then past it.
            let dir = [a.cos(), a.sin()];
            let mut t = 0.0;
            while t < 2.0 * r && outline.contains([c[0] + t * dir[0], c[1] + t * dir[1]]) {
                t += 0.25;
            }
            for d in [margin + 0.5, margin + 1.5, margin + 2.5] {
                let p = [c[0] + (t + d) * dir[0], c[1] + (t + d) * dir[1]];
                if let Some(v) = g.colour(p) {
                    ring[sector(p)].push(v);
                }
            }
        }
        let median = |vs: &mut Vec<[f64; 3]>| -> Option<[f64; 3]> {
            if vs.is_empty() {
                return None;
            }
            Some(std::array::from_fn(|ch| {
                let mut x: Vec<f64> = vs.iter().map(|v| v[ch]).collect();
                x.sort_by(f64::total_cmp);
                x[x.len() / 2]
            }))
        };
        let sector_board: Vec<Option<[f64; 3]>> = ring.iter_mut().map(median).collect();
        let n = ((r + margin) / step).ceil() as i32;
        let side = (2 * n + 1) as usize;
        let mut s = Samples {
            origin: [c[0] - n as f64 * step, c[1] - n as f64 * step],
            step,
            side,
            sums: Vec::with_capacity(side * (side + 1)),
            count: 0.0,
            board_total: 0.0,
        };
        for j in -n..=n {
            let mut run = Tally::default();
            s.sums.push(run);
            for i in -n..=n {
                let p = [c[0] + i as f64 * step, c[1] + j as f64 * step];
                if grown.contains(p) {
                    if let (Some(v), Some(b)) = (g.colour(p), sector_board[sector(p)]) {
                        let d: f64 = (0..3).map(|ch| (v[ch] - b[ch]).powi(2)).sum();
                        run = run.plus(Tally {
                            n: 1.0,
                            sum: v,
                            sq: v[0] * v[0] + v[1] * v[1] + v[2] * v[2],
                            board: d.min(BOARD_CAP),
                        });
                    }
                }
                s.sums.push(run);
            }
            s.count += run.n;
            s.board_total += run.board;
        }
        // Too little of the die in the frame to tell one pose from another.
        (s.count >= 20.0).then_some(s)
    }

    /// The index range [a, b) along a row of the grid points whose x lies
    /// in `range`.
    fn span(&self, range: (f64, f64)) -> (usize, usize) {
        let a = ((range.0 - self.origin[0]) / self.step).ceil().max(0.0);
        let b = ((range.1 - self.origin[0]) / self.step).floor() + 1.0;
        let b = b.min(self.side as f64);
        if b <= a {
            (0, 0)
        } else {
            (a as usize, b as usize)
        }
    }

    /// The tally of row `j`'s points in the index range [a, b).
    fn tally(&self, j: usize, (a, b): (usize, usize)) -> Tally {
        let row = j * (self.side + 1);
        self.sums[row + b].minus(self.sums[row + a])
    }

    /// Colour left unexplained with the die at a pose (lower is better):
    /// the spread of each face zone's samples about their mean, and each
    /// uncovered sample's (capped) difference from the board near it.
    fn residual(&self, faces: &[(Convex, Convex)]) -> f64 {
        let mut inside = 0.0;
        let mut covered = 0.0;
        for (face, zone) in faces {
            let (mut ring, mut centre) = (Tally::default(), Tally::default());
            let rows = self.span_rows(face.lo[1], face.hi[1]);
            for j in rows.0..rows.1 {
                let y = self.origin[1] + j as f64 * self.step;
                let whole = self.span(face.row(y));
                if whole.1 == whole.0 {
                    continue;
                }
                let all = self.tally(j, whole);
                let z = self.span(zone.row(y));
                let z = (z.0.max(whole.0), z.1.min(whole.1));
                let mid = if z.1 > z.0 {
                    self.tally(j, z)
                } else {
                    Tally::default()
                };
                centre = centre.plus(mid);
                ring = ring.plus(all.minus(mid));
            }
            inside += ring.spread() + centre.spread();
            covered += ring.board + centre.board;
        }
        (inside + self.board_total - covered) / self.count
    }

    /// The rows [a, b) whose y lies in [lo, hi].
    fn span_rows(&self, lo: f64, hi: f64) -> (usize, usize) {
        let a = ((lo - self.origin[1]) / self.step).ceil().max(0.0);
        let b = (((hi - self.origin[1]) / self.step).floor() + 1.0).min(self.side as f64);
        if b <= a {
            (0, 0)
        } else {
            (a as usize, b as usize)
        }
    }
}

/// Share of the colour round a fitted die that its faces explain: 1 −
/// (residual with the die there) / (residual with only the board there).
/// A die differs from the board and is flat paint face by face; print and
/// web threads seen through a fit are neither. `None` where the die is too
/// small to sample or leaves the image.
pub fn explained(g: &Gradients, pose: &Pose, shape: &DieShape, fit: &Fit) -> Option<f64> {
    let s = Samples::around(g, fit, 0.0)?;
    let with_die = s.residual(&visible_faces(
        pose,
        shape,
        fit.centre_mm,
        fit.yaw,
        fit.drop_mm,
    )?);
    let board_only = s.residual(&[]);
    Some(if board_only > 0.0 {
        1.0 - with_die / board_only
    } else {
        0.0
    })
}

/// Turns (degrees from the edge fit's) tried before polishing: the whole
/// pentagon's 72° in 6° steps, since a small die's edge fit can be turned
/// as much as 36° off.
const TURNS_DEG: std::ops::RangeInclusive<i32> = -5..=6;

/// Grid spacing (mm) of the centres tried when placing a die over a reach.
const REACH_STEP_MM: f64 = 3.0;

/// The die re-placed by its regions, starting from an edge `fit`, with its
/// edge evidence measured at the new pose; `None` where the die is too
/// small to sample or leaves the image.
pub fn refine(g: &Gradients, pose: &Pose, shape: &DieShape, fit: &Fit) -> Option<Fit> {
    place(g, pose, shape, fit, 0.0)
}

/// [`refine`], with centres tried up to `reach_mm` from the fit's: a fit
/// the verifier doubted may sit most of a face away from the die.
pub fn place(
    g: &Gradients,
    pose: &Pose,
    shape: &DieShape,
    fit: &Fit,
    reach_mm: f64,
) -> Option<Fit> {
    // The reach in pixels, by the silhouette's size against the die's.
    let sil_r_px = {
        let c = centroid(&fit.silhouette_px);
        fit.silhouette_px
            .iter()
            .map(|p| (p[0] - c[0]).hypot(p[1] - c[1]))
            .fold(0.0, f64::max)
    };
    let reach_px = reach_mm * sil_r_px / shape.outline_radius_mm();
    let s = Samples::around(g, fit, reach_px)?;
    let drop = fit.drop_mm;
    let cost = |c: [f64; 2], yaw: f64| -> Option<f64> {
        Some(-s.residual(&visible_faces(pose, shape, c, yaw, drop)?))
    };
    let n = (reach_mm / REACH_STEP_MM).floor() as i32;
    // Rows to the cores when this placement runs alone (see `crate::par`).
    let rows: Vec<i32> = (-n..=n).collect();
    let mut starts: Vec<(f64, [f64; 2], f64)> = crate::par::par_map(&rows, |&i| {
        let mut row = Vec::new();
        for j in -n..=n {
            let c = [
                fit.centre_mm[0] + i as f64 * REACH_STEP_MM,
                fit.centre_mm[1] + j as f64 * REACH_STEP_MM,
            ];
            if (i * i + j * j) as f64 * REACH_STEP_MM * REACH_STEP_MM > reach_mm * reach_mm + 1e-9 {
                continue;
            }
            for k in TURNS_DEG {
                let yaw = fit.yaw + (k as f64 * 6.0).to_radians();
                if let Some(v) = cost(c, yaw) {
                    row.push((v, c, yaw));
                }
            }
        }
        row
    })
    .into_iter()
    .flatten()
    .collect();
    starts.sort_by(|a, b| b.0.total_cmp(&a.0));
    starts.truncate(3);
    let mut best: Option<(f64, [f64; 2], f64)> = None;
    for r in crate::par::par_map(&starts, |st| crate::fit::pattern_search(&cost, *st)) {
        if best.is_none_or(|b| r.0 > b.0) {
            best = Some(r);
        }
    }
    let (_, c, yaw) = best?;
    // Measured on its edges where it now lies, so a caller can weigh the
    // placement against the edge fit.
    fit_at_pose(g, pose, shape, c, yaw, drop)
}

#[cfg(test)]
mod tests {
    use super::{visible_faces, Samples, Tally};
    use crate::fit::{fit_at_pose, Gradients};
    use crate::pose::Pose;
    use crate::shape::DieShape;
    use opencv::core::{Mat, Scalar, CV_8UC3};
    use opencv::prelude::*;

    /// A camera 400 mm from the board centre, `elevation` degrees up.
    fn camera(elevation: f64) -> Pose {
        let e = elevation.to_radians();
        let fwd = [0.0, e.cos(), e.sin()];
        let x = [1.0, 0.0, 0.0];
        let y = [
            fwd[1] * x[2] - fwd[2] * x[1],
            fwd[2] * x[0] - fwd[0] * x[2],
            fwd[0] * x[1] - fwd[1] * x[0],
        ];
        let eye = [0.0, -400.0 * e.cos(), -400.0 * e.sin()];
        let r = [x, y, fwd];
        let t = std::array::from_fn(|i| -(r[i][0] * eye[0] + r[i][1] * eye[1] + r[i][2] * eye[2]));
        Pose {
            focal_px: 900.0,
            cx: 320.0,
            cy: 240.0,
            r,
            t,
        }
    }

    /// A 640×480 frame of coloured speckle, so every sample differs.
    fn speckle() -> Gradients {
        let mut img = Mat::new_rows_cols_with_default(480, 640, CV_8UC3, Scalar::all(0.0)).unwrap();
        let data = img.data_bytes_mut().unwrap();
        let mut x: u32 = 12345;
        for b in data.iter_mut() {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            *b = (x >> 24) as u8;
        }
        Gradients::new(&img).unwrap()
    }

    /// The residual by row sums equals the residual worked out point by
    /// point (each grid point given to the first face that contains it),
    /// for several poses seen from above and from a slant.
    #[test]
    fn row_sums_give_the_point_by_point_residual() {
        let g = speckle();
        let shape = DieShape { edge_mm: 11.0 };
        for elevation in [90.0, 50.0] {
            let pose = camera(elevation);
            let fit = fit_at_pose(&g, &pose, &shape, [0.0, 0.0], 0.2, 0.0).unwrap();
            let s = Samples::around(&g, &fit, 12.0).unwrap();
            for (c, yaw) in [([0.0, 0.0], 0.2), ([2.5, -1.5], 0.9), ([-4.0, 3.0], 1.1)] {
                let faces = visible_faces(&pose, &shape, c, yaw, 0.0).unwrap();
                let mut zones = vec![Tally::default(); 2 * faces.len()];
                let mut outside = 0.0;
                for j in 0..s.side {
                    for i in 0..s.side {
                        let t = s.tally(j, (i, i + 1));
                        if t.n == 0.0 {
                            continue;
                        }
                        let p = [
                            s.origin[0] + i as f64 * s.step,
                            s.origin[1] + j as f64 * s.step,
                        ];
                        match faces.iter().position(|(f, _)| f.contains(p)) {
                            Some(f) => {
                                let k = 2 * f + usize::from(faces[f].1.contains(p));
                                zones[k] = zones[k].plus(t);
                            }
                            None => outside += t.board,
                        }
                    }
                }
                let by_point = (zones.iter().map(Tally::spread).sum::<f64>() + outside) / s.count;
                let by_rows = s.residual(&faces);
                assert!(
                    (by_point - by_rows).abs() < 1e-6 * by_point.max(1.0),
                    "elevation {elevation}, centre {c:?}: {by_point} by point, {by_rows} by rows"
                );
            }
            // With no die, all is board.
            assert!((s.residual(&[]) - s.board_total / s.count).abs() < 1e-9);
            assert!(s.board_total > 0.0);
        }
    }
}
