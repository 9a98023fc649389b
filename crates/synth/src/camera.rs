//! A pinhole camera looking at the board.
//!
//! World frame: board millimetres `x` (right) and `y` (down the printed
//! sheet), `z` pointing *into* the table, so the frame is right-handed and a
//! point `h` mm above the board has `z = -h`.

use crate::math::*;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Camera {
    pub width: u32,
    pub height: u32,
    /// Focal length in pixels; the principal point is the image centre.
    pub focal_px: f64,
    /// World → camera rotation (rows: camera x, y, z axes in world).
    pub rotation: M3,
    /// Camera centre in world millimetres.
    pub eye: V3,
}

impl Camera {
    /// A camera `distance` mm from `target` on the board, at `elevation_deg`
    /// above the board plane, from direction `azimuth_deg`, turned by
    /// `roll_deg` about its optical axis.
    pub fn orbit(
        width: u32,
        height: u32,
        focal_px: f64,
        target: [f64; 2],
        distance: f64,
        elevation_deg: f64,
        azimuth_deg: f64,
        roll_deg: f64,
    ) -> Camera {
        let (el, az) = (elevation_deg.to_radians(), azimuth_deg.to_radians());
        let t = [target[0], target[1], 0.0];
        let eye = add(
            t,
            [
                distance * el.cos() * az.cos(),
                distance * el.cos() * az.sin(),
                -distance * el.sin(),
            ],
        );
        let z = norm(sub(t, eye));
        // Image "right" is horizontal, perpendicular to the azimuth: defined even looking straight down.
        let x0 = [az.sin(), -az.cos(), 0.0];
        let y0 = cross(z, x0);
        let x0 = cross(y0, z);
        let (s, c) = roll_deg.to_radians().sin_cos();
        let x = add(scale(x0, c), scale(y0, s));
        let y = add(scale(y0, c), scale(x0, -s));
        Camera {
            width,
            height,
            focal_px,
            rotation: [x, y, z],
            eye,
        }
    }

    /// Camera-frame coordinates of a world point.
    pub fn to_camera(&self, p: V3) -> V3 {
        mul_v(&self.rotation, sub(p, self.eye))
    }

    /// Image pixel of a world point; `None` behind the camera.
    pub fn project(&self, p: V3) -> Option<[f64; 2]> {
        let c = self.to_camera(p);
        if c[2] <= 1e-6 {
            return None;
        }
        Some([
            self.focal_px * c[0] / c[2] + self.width as f64 / 2.0,
            self.focal_px * c[1] / c[2] + self.height as f64 / 2.0,
        ])
    }

    /// Board plane (z = 0) → image homography, row-major.
    pub fn board_to_image(&self) -> M3 {
        let r = &self.rotation;
        let t = scale(mul_v(r, self.eye), -1.0);
        let (f, cx, cy) = (
            self.focal_px,
            self.width as f64 / 2.0,
            self.height as f64 / 2.0,
        );
        // K · [r1 r2 t], r1 r2 the first two columns of R.
        let m = [
            [r[0][0], r[0][1], t[0]],
            [r[1][0], r[1][1], t[1]],
            [r[2][0], r[2][1], t[2]],
        ];
        let k = [[f, 0.0, cx], [0.0, f, cy], [0.0, 0.0, 1.0]];
        let h = mul(&k, &m);
        let s = h[2][2];
        h.map(|row| row.map(|v| v / s))
    }
}

/// Applies a row-major homography to a point.
pub fn apply(h: &M3, p: [f64; 2]) -> [f64; 2] {
    let w = h[2][0] * p[0] + h[2][1] * p[1] + h[2][2];
    [
        (h[0][0] * p[0] + h[0][1] * p[1] + h[0][2]) / w,
        (h[1][0] * p[0] + h[1][1] * p[1] + h[1][2]) / w,
    ]
}
