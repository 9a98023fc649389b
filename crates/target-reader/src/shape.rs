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
    /// Closest two dice lying on the board can be, centre to centre (mm):
    /// each holds its inscribed sphere (radius half the height), and two
    /// solids that do not overlap keep those spheres apart, so their
    /// centres lie a height apart or more; 85 % of that, for fits a few mm
    /// off. Two fits closer than this are one die.
    pub fn min_spacing_mm(&self) -> f64 {
        0.85 * self.height_mm()
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

    /// All 20 vertices of a die resting flat, centred at `c`, top face
    /// turned by `yaw`: world mm with z into the table (height h is z = −h).
    ///
    /// A d12 on a face is four stacked rings of five: the top face, an upper
    /// ring under the top corners (radius φ·R), a lower ring turned 36°, and
    /// the bottom face turned 36°. Used to predict the die's whole
    /// silhouette, which pins its centre even where the top edges are faint.
    pub fn vertices(&self, c: [f64; 2], yaw: f64) -> [[f64; 3]; 20] {
        let r = self.face_radius_mm();
        let phi = 1.618_033_988_749_895;
        let h = self.height_mm();
        // Height of the middle rings: the upper ring lies 0.8507·edge below the top face.
        let mid = 0.850_650_808 * self.edge_mm;
        let rings = [
            (r, h, 0.0),
            (r * phi, h - mid, 0.0),
            (r * phi, mid, 36f64.to_radians()),
            (r, 0.0, 36f64.to_radians()),
        ];
        let mut out = [[0.0; 3]; 20];
        for (i, (rad, z, turn)) in rings.iter().enumerate() {
            for k in 0..5 {
                let a = yaw + turn + k as f64 * std::f64::consts::TAU / 5.0;
                out[i * 5 + k] = [c[0] + rad * a.cos(), c[1] + rad * a.sin(), -z];
            }
        }
        out
    }
}

/// The twelve faces as indices into [`DieShape::vertices`], each in order
/// around the face: top, the five upper faces (upper face k holds top
/// edge k), the five lower faces (lower face k holds bottom edge k), bottom.
/// Top corners are 0–4, the upper ring 5–9, the lower ring 10–14 (turned
/// 36°, so lower vertex k sits between upper k and k+1), the bottom 15–19.
pub const FACES: [[usize; 5]; 12] = {
    let mut f = [[0; 5]; 12];
    f[0] = [0, 1, 2, 3, 4];
    let mut k = 0;
    while k < 5 {
        let n = (k + 1) % 5;
        f[1 + k] = [k, n, 5 + n, 10 + k, 5 + k];
        f[6 + k] = [15 + k, 15 + n, 10 + n, 5 + n, 10 + k];
        k += 1;
    }
    f[11] = [15, 16, 17, 18, 19];
    f
};

/// The 30 edges, each with the two faces it joins (indices into [`FACES`]).
pub fn edges() -> Vec<([usize; 2], [usize; 2])> {
    let mut out: Vec<([usize; 2], [usize; 2])> = Vec::new();
    for (fi, f) in FACES.iter().enumerate() {
        for k in 0..5 {
            let (a, b) = (f[k], f[(k + 1) % 5]);
            let key = [a.min(b), a.max(b)];
            match out.iter_mut().find(|e| e.0 == key) {
                Some(e) => e.1[1] = fi,
                None => out.push((key, [fi, usize::MAX])),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertices_form_a_dodecahedron_with_unit_edges() {
        let s = DieShape { edge_mm: 11.0 };
        let v = s.vertices([3.0, -2.0], 0.4);
        let d = |a: [f64; 3], b: [f64; 3]| {
            ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
        };
        // Every vertex of a dodecahedron has exactly three neighbours at one edge length.
        for i in 0..20 {
            let n = (0..20)
                .filter(|&j| j != i && (d(v[i], v[j]) - 11.0).abs() < 1e-3)
                .count();
            assert_eq!(n, 3, "vertex {i}");
        }
        // All vertices lie on one sphere around the die's centre.
        let c = [3.0, -2.0, -s.height_mm() / 2.0];
        for p in v {
            assert!((d(p, c) - 1.401_258_5 * 11.0).abs() < 1e-3);
        }
    }

    #[test]
    fn faces_are_flat_regular_pentagons_joined_in_pairs() {
        let s = DieShape { edge_mm: 11.0 };
        let v = s.vertices([1.0, 2.0], 1.1);
        let d = |a: [f64; 3], b: [f64; 3]| {
            ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
        };
        for f in FACES {
            for k in 0..5 {
                assert!((d(v[f[k]], v[f[(k + 1) % 5]]) - 11.0).abs() < 1e-3, "{f:?}");
                // Skipping one corner spans a diagonal: φ times the edge.
                assert!((d(v[f[k]], v[f[(k + 2) % 5]]) - 11.0 * 1.618_034).abs() < 1e-3);
            }
        }
        let e = edges();
        assert_eq!(e.len(), 30);
        assert!(e
            .iter()
            .all(|(_, faces)| faces[1] != usize::MAX && faces[0] != faces[1]));
    }
}
