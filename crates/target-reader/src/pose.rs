//! Camera pose from the board homography, so points *above* the board (a
//! die's top face) can be projected and parallax removed.
//!
//! The calibration gives only the plane map H (board mm → pixels). With
//! square pixels and the principal point at the image centre, H = K[r1 r2 t]
//! fixes the focal length through r1 ⟂ r2 and |r1| = |r2|; looking straight
//! down those constraints degenerate and a typical webcam focal length is
//! assumed instead (the parallax there is small anyway).

pub type M3 = [[f64; 3]; 3];

#[derive(Debug, Clone, PartialEq)]
pub struct Pose {
    pub focal_px: f64,
    pub cx: f64,
    pub cy: f64,
    /// World (board mm, z into the table) → camera rotation, rows.
    pub r: M3,
    pub t: [f64; 3],
}

impl Pose {
    /// Recovers the pose from `h` (board mm → image px) for a `w`×`h` image.
    pub fn from_homography(h: &M3, width: u32, height: u32) -> Option<Pose> {
        let (cx, cy) = (width as f64 / 2.0, height as f64 / 2.0);
        let col = |j: usize| [h[0][j] - cx * h[2][j], h[1][j] - cy * h[2][j], h[2][j]];
        let (a, b, c) = (col(0), col(1), col(2));
        let mut estimates = Vec::new();
        let d1 = a[2] * b[2];
        if d1.abs() > 1e-12 {
            let f2 = -(a[0] * b[0] + a[1] * b[1]) / d1;
            if f2 > 0.0 {
                estimates.push((f2.sqrt(), d1.abs()));
            }
        }
        let d2 = a[2] * a[2] - b[2] * b[2];
        if d2.abs() > 1e-12 {
            let f2 = -(a[0] * a[0] + a[1] * a[1] - b[0] * b[0] - b[1] * b[1]) / d2;
            if f2 > 0.0 {
                estimates.push((f2.sqrt(), d2.abs()));
            }
        }
        let plausible = |f: f64| f > 0.3 * width as f64 && f < 5.0 * width as f64;
        let est: Vec<(f64, f64)> = estimates
            .into_iter()
            .filter(|(f, _)| plausible(*f))
            .collect();
        // Near top-down the constraints are ill-conditioned: fall back to a webcam-like focal length.
        let f = if est.is_empty() || est.iter().all(|(_, w)| *w < 1e-9) {
            0.85 * width as f64
        } else {
            est.iter().map(|(f, w)| f * w).sum::<f64>() / est.iter().map(|(_, w)| w).sum::<f64>()
        };
        let k_inv = |v: [f64; 3]| [v[0] / f, v[1] / f, v[2]];
        let (a, b, c) = (k_inv(a), k_inv(b), k_inv(c));
        let n = |v: [f64; 3]| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        let mut lambda = 2.0 / (n(a) + n(b));
        if !lambda.is_finite() {
            return None;
        }
        if c[2] * lambda < 0.0 {
            lambda = -lambda; // the board lies in front of the camera
        }
        let r1 = a.map(|x| x * lambda);
        let r2 = b.map(|x| x * lambda);
        let r3 = [
            r1[1] * r2[2] - r1[2] * r2[1],
            r1[2] * r2[0] - r1[0] * r2[2],
            r1[0] * r2[1] - r1[1] * r2[0],
        ];
        let t = c.map(|x| x * lambda);
        // Columns r1 r2 r3 → rows of R.
        let r = [
            [r1[0], r2[0], r3[0]],
            [r1[1], r2[1], r3[1]],
            [r1[2], r2[2], r3[2]],
        ];
        Some(Pose {
            focal_px: f,
            cx,
            cy,
            r,
            t,
        })
    }

    /// The camera's centre in world coordinates (board mm, z into the table).
    pub fn eye(&self) -> [f64; 3] {
        let (r, t) = (&self.r, &self.t);
        std::array::from_fn(|j| -(r[0][j] * t[0] + r[1][j] * t[1] + r[2][j] * t[2]))
    }

    /// Image pixel of a world point (z into the table: height h is z = −h).
    pub fn project(&self, p: [f64; 3]) -> Option<[f64; 2]> {
        let r = &self.r;
        let c = [0, 1, 2].map(|i| r[i][0] * p[0] + r[i][1] * p[1] + r[i][2] * p[2] + self.t[i]);
        if c[2] <= 1e-9 {
            return None;
        }
        Some([
            self.focal_px * c[0] / c[2] + self.cx,
            self.focal_px * c[1] / c[2] + self.cy,
        ])
    }

    /// Board point (x, y) at height `h` mm seen at pixel `px`: the viewing
    /// ray meets the plane z = −h.
    pub fn unproject_at_height(&self, px: [f64; 2], h: f64) -> Option<[f64; 2]> {
        let d_cam = [
            (px[0] - self.cx) / self.focal_px,
            (px[1] - self.cy) / self.focal_px,
            1.0,
        ];
        let r = &self.r;
        // World direction = Rᵀ d; camera centre C = −Rᵀ t.
        let d = [0, 1, 2].map(|j| r[0][j] * d_cam[0] + r[1][j] * d_cam[1] + r[2][j] * d_cam[2]);
        let c =
            [0, 1, 2].map(|j| -(r[0][j] * self.t[0] + r[1][j] * self.t[1] + r[2][j] * self.t[2]));
        if d[2].abs() < 1e-12 {
            return None;
        }
        let s = (-h - c[2]) / d[2];
        if s <= 0.0 {
            return None;
        }
        Some([c[0] + s * d[0], c[1] + s * d[1]])
    }
}
