//! A d12 (regular dodecahedron) resting on one face, as a mesh in world mm.
//!
//! The Dungeon Fighter dice are d12s: coloured ones with the special icon on
//! 6 faces and blank on 6, white ones with the icon on 2. The die lies on a
//! face, so its top face is a regular pentagon parallel to the board.

use crate::math::*;
use serde::{Deserialize, Serialize};

const PHI: f64 = 1.618_033_988_749_895;

/// What a face shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    Icon,
    Blank,
}

/// Die colours of the Dungeon Fighter sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieColor {
    Red,
    Green,
    Blue,
    White,
}

impl DieColor {
    pub const ALL: [DieColor; 4] = [
        DieColor::Red,
        DieColor::Green,
        DieColor::Blue,
        DieColor::White,
    ];
    pub fn name(self) -> &'static str {
        match self {
            DieColor::Red => "red",
            DieColor::Green => "green",
            DieColor::Blue => "blue",
            DieColor::White => "white",
        }
    }
    /// Number of icon faces out of 12 (rulebook: coloured 6, white 2).
    pub fn icon_faces(self) -> usize {
        if self == DieColor::White {
            2
        } else {
            6
        }
    }
}

/// The unit dodecahedron: 20 vertices and 12 faces (vertex indices in
/// order around each face), with each face's outward normal.
pub struct Mesh {
    pub vertices: Vec<V3>,
    pub faces: Vec<[usize; 5]>,
    pub normals: Vec<V3>,
}

impl Mesh {
    /// Vertices (±1, ±1, ±1) and cyclic (0, ±1/φ, ±φ): edge length `2/φ`.
    pub fn dodecahedron() -> Mesh {
        let ip = 1.0 / PHI;
        let mut v: Vec<V3> = Vec::new();
        for &x in &[-1.0, 1.0] {
            for &y in &[-1.0, 1.0] {
                for &z in &[-1.0, 1.0] {
                    v.push([x, y, z]);
                }
            }
        }
        for &a in &[-1.0, 1.0] {
            for &b in &[-1.0, 1.0] {
                v.push([0.0, a * ip, b * PHI]);
                v.push([a * ip, b * PHI, 0.0]);
                v.push([a * PHI, 0.0, b * ip]);
            }
        }
        let mut normals = Vec::new();
        for &a in &[-1.0, 1.0] {
            for &b in &[-1.0, 1.0] {
                normals.push(norm([0.0, a * PHI, b]));
                normals.push(norm([a * PHI, b, 0.0]));
                normals.push(norm([a, 0.0, b * PHI]));
            }
        }
        let faces = normals
            .iter()
            .map(|n| {
                let best = v.iter().map(|p| dot(*p, *n)).fold(f64::MIN, f64::max);
                let mut idx: Vec<usize> = (0..v.len())
                    .filter(|&i| (dot(v[i], *n) - best).abs() < 1e-9)
                    .collect();
                // Order around the normal.
                let c = scale(
                    idx.iter().fold([0.0; 3], |s, &i| add(s, v[i])),
                    1.0 / idx.len() as f64,
                );
                let u = norm(sub(v[idx[0]], c));
                let w = cross(*n, u);
                idx.sort_by(|&a, &b| {
                    let ang = |i: usize| dot(sub(v[i], c), w).atan2(dot(sub(v[i], c), u));
                    ang(a).total_cmp(&ang(b))
                });
                [idx[0], idx[1], idx[2], idx[3], idx[4]]
            })
            .collect();
        Mesh {
            vertices: v,
            faces,
            normals,
        }
    }

    pub fn edge(&self) -> f64 {
        2.0 / PHI
    }

    /// Distance from the centre to a face.
    pub fn inradius(&self) -> f64 {
        let f = self.faces[0];
        dot(self.vertices[f[0]], self.normals[0])
    }
}

/// A die placed in the world.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiePose {
    /// Board mm of the point under the die's centre.
    pub at: [f64; 2],
    /// Height of the bottom face above the board (negative: sunk in a hole).
    pub lift_mm: f64,
    /// Which mesh face is on top.
    pub top_face: usize,
    /// Turn about the vertical axis, radians.
    pub yaw: f64,
    /// Extra tilt (radians) about a horizontal axis, for tumbling frames;
    /// 0 at rest.
    pub tilt: f64,
}

/// World-space geometry of a placed die.
pub struct PlacedDie {
    pub vertices: Vec<V3>,
    pub normals: Vec<V3>,
    pub centre: V3,
}

/// Places the mesh scaled to `edge_mm` at `pose`: `top_face` turned up
/// (world up is −z), turned by `yaw`, resting on the board.
pub fn place(mesh: &Mesh, edge_mm: f64, pose: &DiePose) -> PlacedDie {
    let k = edge_mm / mesh.edge();
    let up = [0.0, 0.0, -1.0];
    let r0 = rotate_onto(mesh.normals[pose.top_face], up);
    let r = mul(&axis_angle(up, pose.yaw), &r0);
    let r = mul(
        &axis_angle([pose.yaw.cos(), pose.yaw.sin(), 0.0], pose.tilt),
        &r,
    );
    let inr = mesh.inradius() * k;
    let centre = [pose.at[0], pose.at[1], -(inr + pose.lift_mm)];
    let vertices = mesh
        .vertices
        .iter()
        .map(|v| add(centre, mul_v(&r, scale(*v, k))))
        .collect();
    let normals = mesh.normals.iter().map(|n| mul_v(&r, *n)).collect();
    PlacedDie {
        vertices,
        normals,
        centre,
    }
}

impl PlacedDie {
    /// The face pointing most nearly up.
    pub fn up_face(&self) -> usize {
        (0..self.normals.len())
            .max_by(|&a, &b| (-self.normals[a][2]).total_cmp(&-self.normals[b][2]))
            .unwrap_or(0)
    }
}
