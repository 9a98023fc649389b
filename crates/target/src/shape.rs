//! The die's shape: a d12 resting on a face, so its top face is a regular
//! pentagon parallel to the board at a known height.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DieShape {
    /// Edge length of the dodecahedron, mm.
    pub edge_mm: f64,
}

impl DieShape {
    /// Distance between opposite faces: the height of the top face.
    pub fn height_mm(&self) -> f64 {
        2.0 * 1.113_516_364 * self.edge_mm
    }
    /// Circumradius of the pentagonal top face.
    pub fn face_radius_mm(&self) -> f64 {
        self.edge_mm / (2.0 * 36f64.to_radians().sin())
    }
    /// Radius of the die's outline seen from above (its widest ring of vertices).
    pub fn outline_radius_mm(&self) -> f64 {
        1.376 * self.edge_mm
    }
    /// Top-face corners (board mm, x/y) for a die centred at `c`, turned by `yaw`.
    pub fn top_corners(&self, c: [f64; 2], yaw: f64) -> [[f64; 2]; 5] {
        let r = self.face_radius_mm();
        std::array::from_fn(|k| {
            let a = yaw + k as f64 * std::f64::consts::TAU / 5.0;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
    }
}
