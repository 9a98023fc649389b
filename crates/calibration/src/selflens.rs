//! A lens estimated from the calibration still itself, for a camera that
//! was never shown a chessboard (`calibration lens`).
//!
//! The four markers give 20 plane points (each marker's corners and
//! centre) whose table positions are known: the sheet's layout, or for
//! cut-out markers the area corner plus the marker's own square turned as
//! the four-centre map shows it. A homography through them cannot bend, so
//! a webcam's barrel distortion shows as residuals that grow towards the
//! edge of the view. We fit the homography alone, then the homography with
//! one radial coefficient k1 (principal point at the image centre, unit
//! radius half the image diagonal), and keep the lens only when it lowers
//! the RMS reprojection error to [`KEEP_RATIO`] of it or less: a camera
//! without distortion keeps no lens, and its profile is exactly as before.
//!
//! Both fits also take one inset (px) by which every detected marker corner
//! lies towards its marker's centre: on blurred stills the detector finds
//! the corners a fraction of a pixel inside the black square, which makes
//! every marker look a little small, and without this term that reads as
//! barrel distortion (k1 about 0.03 too strong on average on render2
//! scenes, up to −0.16 on a lens-free camera;
//! `docs/measurements/2026-11-27-self-lens.md`).

use crate::homography::{dist, Homography};
use crate::lens::LensModel;

/// The lens is kept when its RMS error is at most this share of the
/// homography's alone.
pub const KEEP_RATIO: f64 = 0.8;
/// Fewer point pairs than this (four markers' corners) and no lens is tried.
pub const MIN_POINTS: usize = 16;

/// What the estimate found, kept or not.
#[derive(Debug, Clone, PartialEq)]
pub struct LensEstimate {
    /// RMS reprojection error (px) of the homography alone, and with k1.
    pub rms_plain_px: f64,
    pub rms_lens_px: f64,
    /// The fitted radial lens (`distortion[0]` is k1 in units of
    /// `fx` = half the image diagonal).
    pub lens: LensModel,
    /// The corners' inset towards their marker's centre (px), as fitted
    /// with the lens.
    pub inset_px: f64,
    /// Whether the lens lowered the error clearly enough to be kept.
    pub kept: bool,
    /// How many point pairs the fit used.
    pub points: usize,
}

impl LensEstimate {
    /// One line for the CLI and the profile.
    pub fn describe(&self) -> String {
        format!(
            "k1 {:+.4} (principal point at the image centre, unit radius {:.0} px) from {} marker points of the calibration still: rms {:.3} px without a lens, {:.3} px with it; {}",
            self.lens.distortion[0],
            self.lens.fx,
            self.points,
            self.rms_plain_px,
            self.rms_lens_px,
            if self.kept {
                "kept"
            } else {
                "not kept (it does not lower the error by a fifth)"
            }
        )
    }
}

/// Fits homography + k1 to `table_mm[i]` ↔ `image_px[i]` in an image of
/// `image_size`; `inward[i]` is the unit direction from a marker corner to
/// its marker's centre in the image (zero for a centre), along which the
/// shared corner inset is fitted. `None` when there are too few points or
/// no fit converges.
pub fn estimate(
    table_mm: &[[f64; 2]],
    image_px: &[[f64; 2]],
    inward: &[[f64; 2]],
    image_size: [u32; 2],
) -> Option<LensEstimate> {
    if table_mm.len() < MIN_POINTS
        || table_mm.len() != image_px.len()
        || inward.len() != image_px.len()
    {
        return None;
    }
    let (w, h) = (image_size[0] as f64, image_size[1] as f64);
    let centre = [(w - 1.0) / 2.0, (h - 1.0) / 2.0];
    let scale = w.hypot(h) / 2.0;
    let h0 = Homography::fit(table_mm, image_px)?;
    let mut p = [0.0; NP];
    for (i, v) in p.iter_mut().take(8).enumerate() {
        *v = h0.0[i / 3][i % 3];
    }
    let model = Model {
        table: table_mm,
        image: image_px,
        inward,
        centre,
        scale,
    };
    let plain = model.refine(p, &[0, 1, 2, 3, 4, 5, 6, 7, INSET])?;
    let with = model.refine(plain, &[0, 1, 2, 3, 4, 5, 6, 7, K1, INSET])?;
    let (rms_plain_px, rms_lens_px) = (model.rms(&plain), model.rms(&with));
    let mut lens = LensModel::radial(image_size, centre, scale, with[K1]);
    lens.rms_px = rms_lens_px;
    let kept = rms_lens_px.is_finite() && rms_lens_px <= KEEP_RATIO * rms_plain_px;
    Some(LensEstimate {
        rms_plain_px,
        rms_lens_px,
        lens,
        inset_px: with[INSET],
        kept,
        points: table_mm.len(),
    })
}

/// Parameters: the homography's 8 entries (h33 = 1), k1, the inset.
const NP: usize = 10;
const K1: usize = 8;
const INSET: usize = 9;

/// Table points projected by a homography and then through a radial lens;
/// marker corners moved inwards by the inset.
struct Model<'a> {
    table: &'a [[f64; 2]],
    image: &'a [[f64; 2]],
    inward: &'a [[f64; 2]],
    centre: [f64; 2],
    scale: f64,
}

impl Model<'_> {
    fn residuals(&self, p: &[f64; NP]) -> Option<Vec<f64>> {
        let h = Homography([[p[0], p[1], p[2]], [p[3], p[4], p[5]], [p[6], p[7], 1.0]]);
        let mut out = Vec::with_capacity(2 * self.table.len());
        for ((t, q), n) in self.table.iter().zip(self.image).zip(self.inward) {
            let u = h.map(*t)?;
            let (dx, dy) = (u[0] - self.centre[0], u[1] - self.centre[1]);
            let f = 1.0 + p[K1] * (dx * dx + dy * dy) / (self.scale * self.scale);
            out.push(self.centre[0] + dx * f + p[INSET] * n[0] - q[0]);
            out.push(self.centre[1] + dy * f + p[INSET] * n[1] - q[1]);
        }
        Some(out)
    }

    fn rms(&self, p: &[f64; NP]) -> f64 {
        self.residuals(p).map_or(f64::INFINITY, |r| {
            (r.iter().map(|v| v * v).sum::<f64>() / (r.len() / 2) as f64).sqrt()
        })
    }

    /// Levenberg–Marquardt over the parameters `free` (numeric Jacobian;
    /// ten unknowns and a few dozen residuals, so microseconds).
    fn refine(&self, mut p: [f64; NP], free: &[usize]) -> Option<[f64; NP]> {
        let n = free.len();
        let mut r = self.residuals(&p)?;
        let mut cost: f64 = r.iter().map(|v| v * v).sum();
        let mut lambda = 1e-3;
        for _ in 0..100 {
            let mut jac = vec![[0.0; NP]; r.len()];
            for (k, &at) in free.iter().enumerate() {
                let step = 1e-7 * p[at].abs().max(1e-3);
                let mut q = p;
                q[at] += step;
                let rq = self.residuals(&q)?;
                for (row, (a, b)) in jac.iter_mut().zip(rq.iter().zip(&r)) {
                    row[k] = (a - b) / step;
                }
            }
            let mut a = [[0.0; NP]; NP];
            let mut g = [0.0; NP];
            for (row, res) in jac.iter().zip(&r) {
                for i in 0..n {
                    g[i] += row[i] * res;
                    for j in 0..n {
                        a[i][j] += row[i] * row[j];
                    }
                }
            }
            let mut improved = None;
            while lambda < 1e9 {
                let mut m = a;
                for (i, row) in m.iter_mut().enumerate().take(n) {
                    row[i] += lambda * (a[i][i] + 1e-12);
                }
                let neg: Vec<f64> = g[..n].iter().map(|v| -v).collect();
                if let Some(dp) = solve(&m, &neg, n) {
                    let mut q = p;
                    for (i, &at) in free.iter().enumerate() {
                        q[at] += dp[i];
                    }
                    if let Some(rq) = self.residuals(&q) {
                        let c: f64 = rq.iter().map(|v| v * v).sum();
                        if c < cost {
                            improved = Some((q, rq, c));
                            break;
                        }
                    }
                }
                lambda *= 4.0;
            }
            let Some((q, rq, c)) = improved else { break };
            let done = cost - c < 1e-12 * cost.max(1e-30);
            (p, r, cost) = (q, rq, c);
            lambda = (lambda / 3.0).max(1e-9);
            if done {
                break;
            }
        }
        p.iter().all(|v| v.is_finite()).then_some(p)
    }
}

/// Gaussian elimination with partial pivoting on the leading n×n block.
fn solve(a: &[[f64; NP]; NP], b: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut m: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            let mut row = a[i][..n].to_vec();
            row.push(b[i]);
            row
        })
        .collect();
    for col in 0..n {
        let piv = (col..n).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[piv][col].is_nan() || m[piv][col].abs() <= 1e-300 {
            return None;
        }
        m.swap(col, piv);
        for r in col + 1..n {
            let (top, rest) = m.split_at_mut(r);
            let (pivot, row) = (&top[col], &mut rest[0]);
            let f = row[col] / pivot[col];
            for (v, p) in row[col..].iter_mut().zip(&pivot[col..]) {
                *v -= f * p;
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|c| m[r][c] * x[c]).sum();
        x[r] = (m[r][n] - s) / m[r][r];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// The pixel distance the lens moves `p` by (for reports).
pub fn shift_px(lens: &LensModel, p: [f64; 2]) -> f64 {
    dist(lens.distort(p), p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four 50 mm markers at the corners of a 600 mm square, seen by a
    /// tilted view (a homography) through a radial lens.
    fn view(k1: f64) -> (Vec<[f64; 2]>, Vec<[f64; 2]>, Vec<[f64; 2]>) {
        let h = Homography([
            [1.1, 0.12, 140.0],
            [-0.05, 0.95, 60.0],
            [0.0002, 0.0001, 1.0],
        ]);
        let lens = LensModel::radial([1280, 960], [639.5, 479.5], 800.0, k1);
        let (mut t, mut i, mut n) = (Vec::new(), Vec::new(), Vec::new());
        let square = [
            [0.0, 0.0],
            [-25.0, -25.0],
            [25.0, -25.0],
            [25.0, 25.0],
            [-25.0, 25.0],
        ];
        for c in [[0.0, 0.0], [600.0, 0.0], [600.0, 600.0], [0.0, 600.0]] {
            let centre = lens.distort(h.map(c).unwrap());
            for d in square {
                let p = [c[0] + d[0], c[1] + d[1]];
                let q = lens.distort(h.map(p).unwrap());
                let len = (centre[0] - q[0]).hypot(centre[1] - q[1]);
                let dir = if len > 0.0 {
                    [(centre[0] - q[0]) / len, (centre[1] - q[1]) / len]
                } else {
                    [0.0, 0.0]
                };
                // Corners found 0.4 px inside their square, as on a blurred still.
                t.push(p);
                i.push([q[0] + 0.4 * dir[0], q[1] + 0.4 * dir[1]]);
                n.push(dir);
            }
        }
        (t, i, n)
    }

    #[test]
    fn a_barrel_lens_is_found_and_kept() {
        let (t, mut i, n) = view(-0.12);
        // A little corner noise, as a detector gives.
        for (k, p) in i.iter_mut().enumerate() {
            p[0] += 0.1 * ((k * 7 % 5) as f64 - 2.0) / 2.0;
            p[1] -= 0.1 * ((k * 3 % 5) as f64 - 2.0) / 2.0;
        }
        let e = estimate(&t, &i, &n, [1280, 960]).unwrap();
        assert!(e.kept, "{e:?}");
        assert!((e.inset_px - 0.4).abs() < 0.1, "{e:?}");
        assert!((e.lens.distortion[0] + 0.12).abs() < 0.02, "{e:?}");
        assert!(e.rms_lens_px < 0.2 && e.rms_plain_px > 1.0, "{e:?}");
    }

    #[test]
    fn a_distortion_free_camera_keeps_no_lens() {
        let (t, mut i, n) = view(0.0);
        for (k, p) in i.iter_mut().enumerate() {
            p[0] += 0.15 * ((k * 7 % 5) as f64 - 2.0) / 2.0;
            p[1] -= 0.15 * ((k * 3 % 5) as f64 - 2.0) / 2.0;
        }
        let e = estimate(&t, &i, &n, [1280, 960]).unwrap();
        assert!(!e.kept, "{e:?}");
        assert!(
            e.lens.distortion[0].abs() < 0.02,
            "the inset is not read as a lens: {e:?}"
        );
    }

    #[test]
    fn too_few_points_give_no_estimate() {
        let (t, i, n) = view(-0.1);
        assert!(estimate(&t[..10], &i[..10], &n[..10], [1280, 960]).is_none());
    }
}
