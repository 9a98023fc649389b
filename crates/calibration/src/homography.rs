//! Plane-to-plane projective maps (homographies), in plain Rust.
//!
//! Kept free of OpenCV so that everything downstream of a calibration
//! profile — die corners to millimetres, board sections, the UI's overlay —
//! can map points without linking a vision library.

use serde::{Deserialize, Serialize};

/// A 3×3 projective map, row-major, applied to `[x, y, 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Homography(pub [[f64; 3]; 3]);

impl Homography {
    pub const IDENTITY: Homography =
        Homography([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);

    /// Maps a point. Returns `None` for points on or behind the horizon line
    /// (w ≤ 0), which have no image on the other plane.
    pub fn map(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        let m = &self.0;
        let w = m[2][0] * p[0] + m[2][1] * p[1] + m[2][2];
        // The sign of w flips across the horizon; h33 gives the sign on the
        // visible side (the origin of the source plane).
        let side = if m[2][2] < 0.0 { -1.0 } else { 1.0 };
        if !(w * side > 1e-12) {
            return None;
        }
        Some([
            (m[0][0] * p[0] + m[0][1] * p[1] + m[0][2]) / w,
            (m[1][0] * p[0] + m[1][1] * p[1] + m[1][2]) / w,
        ])
    }

    pub fn determinant(&self) -> f64 {
        let m = &self.0;
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// The inverse map, scaled so its bottom-right entry is 1 where possible.
    pub fn inverse(&self) -> Option<Homography> {
        let m = &self.0;
        let det = self.determinant();
        if !det.is_finite() || det.abs() < 1e-12 {
            return None;
        }
        let c = |r0: usize, c0: usize, r1: usize, c1: usize| {
            m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
        };
        let inv = [
            [c(1, 1, 2, 2), -c(0, 1, 2, 2), c(0, 1, 1, 2)],
            [-c(1, 0, 2, 2), c(0, 0, 2, 2), -c(0, 0, 1, 2)],
            [c(1, 0, 2, 1), -c(0, 0, 2, 1), c(0, 0, 1, 1)],
        ];
        Some(Homography(inv).normalized())
    }

    /// `self ∘ other`: first `other`, then `self`.
    pub fn then_after(&self, other: &Homography) -> Homography {
        let (a, b) = (&self.0, &other.0);
        let mut out = [[0.0; 3]; 3];
        for (r, row) in out.iter_mut().enumerate() {
            for (c, v) in row.iter_mut().enumerate() {
                *v = (0..3).map(|k| a[r][k] * b[k][c]).sum();
            }
        }
        Homography(out).normalized()
    }

    /// Same map with h33 = 1 (when h33 is not ~0), for readable files.
    pub fn normalized(self) -> Homography {
        let s = self.0[2][2];
        if s.abs() < 1e-12 {
            return self;
        }
        let mut m = self.0;
        m.iter_mut().flatten().for_each(|v| *v /= s);
        Homography(m)
    }

    pub fn is_finite(&self) -> bool {
        self.0.iter().flatten().all(|v| v.is_finite())
    }

    /// Least-squares fit mapping `from[i]` to `to[i]` (direct linear
    /// transform with Hartley normalisation; exact for four points).
    /// `None` when there are fewer than four pairs or they are degenerate
    /// (three collinear among four, all on a line, repeated points).
    pub fn fit(from: &[[f64; 2]], to: &[[f64; 2]]) -> Option<Homography> {
        if from.len() < 4 || from.len() != to.len() {
            return None;
        }
        let (tf, nf) = normalizer(from)?;
        let (tt, nt) = normalizer(to)?;
        // Unknowns h0..h7 with h8 = 1; two equations per pair; normal equations.
        let mut ata = [[0.0f64; 8]; 8];
        let mut atb = [0.0f64; 8];
        for (p, q) in nf.iter().zip(&nt) {
            let rows = [
                (
                    [p[0], p[1], 1.0, 0.0, 0.0, 0.0, -p[0] * q[0], -p[1] * q[0]],
                    q[0],
                ),
                (
                    [0.0, 0.0, 0.0, p[0], p[1], 1.0, -p[0] * q[1], -p[1] * q[1]],
                    q[1],
                ),
            ];
            for (a, b) in rows {
                for i in 0..8 {
                    atb[i] += a[i] * b;
                    for j in 0..8 {
                        ata[i][j] += a[i] * a[j];
                    }
                }
            }
        }
        let h = solve8(ata, atb)?;
        let hn = Homography([[h[0], h[1], h[2]], [h[3], h[4], h[5]], [h[6], h[7], 1.0]]);
        // Undo the normalisations: H = Tt⁻¹ · Hn · Tf.
        let h = tt.inverse()?.then_after(&hn.then_after(&tf));
        if !h.is_finite() || h.determinant().abs() < 1e-15 {
            return None;
        }
        // Reject fits that do not actually pass near the points (degenerate
        // input makes the normal equations solvable but meaningless).
        let scale = spread(to);
        let worst = from
            .iter()
            .zip(to)
            .map(|(p, q)| h.map(*p).map_or(f64::INFINITY, |m| dist(m, *q)))
            .fold(0.0, f64::max);
        if from.len() == 4 && worst > 1e-6 * scale.max(1.0) {
            return None;
        }
        Some(h)
    }
}

pub(crate) fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn spread(pts: &[[f64; 2]]) -> f64 {
    let n = pts.len() as f64;
    let cx = pts.iter().map(|p| p[0]).sum::<f64>() / n;
    let cy = pts.iter().map(|p| p[1]).sum::<f64>() / n;
    pts.iter().map(|p| dist(*p, [cx, cy])).sum::<f64>() / n
}

/// Moves the centroid to the origin and scales the mean distance to √2.
fn normalizer(pts: &[[f64; 2]]) -> Option<(Homography, Vec<[f64; 2]>)> {
    let n = pts.len() as f64;
    let cx = pts.iter().map(|p| p[0]).sum::<f64>() / n;
    let cy = pts.iter().map(|p| p[1]).sum::<f64>() / n;
    let d = spread(pts);
    if !(d > 1e-9) || !d.is_finite() {
        return None;
    }
    let s = std::f64::consts::SQRT_2 / d;
    let t = Homography([[s, 0.0, -s * cx], [0.0, s, -s * cy], [0.0, 0.0, 1.0]]);
    let moved = pts
        .iter()
        .map(|p| [(p[0] - cx) * s, (p[1] - cy) * s])
        .collect();
    Some((t, moved))
}

/// Gaussian elimination with partial pivoting.
fn solve8(mut a: [[f64; 8]; 8], mut b: [f64; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let piv = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[piv][col].abs() < 1e-10 {
            return None;
        }
        a.swap(col, piv);
        b.swap(col, piv);
        for r in col + 1..8 {
            let f = a[r][col] / a[col][col];
            for c in col..8 {
                a[r][c] -= f * a[col][c];
            }
            b[r] -= f * b[col];
        }
    }
    let mut x = [0.0; 8];
    for r in (0..8).rev() {
        let s: f64 = (r + 1..8).map(|c| a[r][c] * x[c]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn perspective() -> Homography {
        Homography([[1.2, 0.1, 30.0], [-0.05, 0.9, 12.0], [0.0004, -0.0002, 1.0]])
    }

    #[test]
    fn inverse_undoes_map() {
        let h = perspective();
        let inv = h.inverse().unwrap();
        for p in [[0.0, 0.0], [640.0, 10.0], [300.0, 470.0]] {
            let q = inv.map(h.map(p).unwrap()).unwrap();
            assert!(dist(p, q) < 1e-9);
        }
    }

    #[test]
    fn collinear_points_do_not_fit() {
        let from = [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]];
        let to = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        assert!(Homography::fit(&from, &to).is_none());
        let repeated = [[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
        assert!(Homography::fit(&repeated, &to).is_none());
    }

    proptest! {
        /// Four points and their images under a random perspective map give
        /// back that map (checked on other points).
        #[test]
        fn four_point_fit_recovers_the_map(
            a in 0.5f64..1.5, b in -0.3f64..0.3, c in -100.0f64..100.0,
            d in -0.3f64..0.3, e in 0.5f64..1.5, f in -100.0f64..100.0,
            g in -0.0008f64..0.0008, h in -0.0008f64..0.0008,
        ) {
            let truth = Homography([[a, b, c], [d, e, f], [g, h, 1.0]]);
            prop_assume!(truth.determinant().abs() > 0.1);
            let from = [[0.0, 0.0], [600.0, 0.0], [600.0, 400.0], [0.0, 400.0]];
            let to: Vec<[f64; 2]> = from.iter().map(|p| truth.map(*p).unwrap()).collect();
            let fit = Homography::fit(&from, &to).unwrap();
            for p in [[123.0, 45.0], [300.0, 200.0], [590.0, 390.0]] {
                prop_assert!(dist(fit.map(p).unwrap(), truth.map(p).unwrap()) < 1e-6);
            }
        }
    }
}
