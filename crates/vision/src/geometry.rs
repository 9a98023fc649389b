//! Face outline and layout check from pips alone.
//!
//! A round pip on a flat face images as an ellipse; undoing that ellipse's
//! stretch ("frontal frame") shows the face as if seen straight on, up to a
//! rotation. In that frame the pips of a standard die sit on a 3×3 grid whose
//! corner pips fix the face's rotation and size, which gives the face's four
//! corners without needing to see the die's edges (white dice on a light
//! table barely have visible edges).

use crate::faces::FaceCluster;

/// Corner pip offset from the face centre as a fraction of the face side.
const GRID: f32 = 0.27;
/// Face side in pip radii when only one pip is seen (the "1" pip is large).
pub(crate) const SINGLE_PIP_SIDE_RADII: f32 = 8.0;

/// Where the face lies and how well its pips fit a standard layout.
#[derive(Clone, Debug)]
pub struct FaceGeometry {
    /// Corners in image pixels, clockwise from the top-left-most.
    pub corners: [[f32; 2]; 4],
    /// Mean distance of pips from the ideal layout, in grid steps (0 = perfect).
    pub layout_residual: f32,
    /// The nine pip sites of the face's 3×3 grid in image pixels, row by row
    /// in the face's own axes; every standard layout is a subset of them.
    pub sites: [[f32; 2]; 9],
    /// Which sites hold one of the face's pips (the nearest site to each).
    pub occupied: [bool; 9],
    /// Linear map from the frontal frame (pip radius 1) to image offsets,
    /// for sampling around a site as a pip there would appear.
    pub frontal_to_image: [[f32; 2]; 2],
}

/// Grid coordinates of site `k` (0..9, row by row): -1, 0 or 1 on each axis.
pub fn site_grid(k: usize) -> (f32, f32) {
    ((k % 3) as f32 - 1.0, (k / 3) as f32 - 1.0)
}

/// Whether a set of occupied sites is one of the six standard pip layouts,
/// and if so its pip count.
pub fn standard_layout(occupied: &[bool; 9]) -> Option<u8> {
    // Sites: 0 1 2 / 3 4 5 / 6 7 8.
    const LAYOUTS: [(u8, [usize; 6], usize); 9] = [
        (1, [4, 0, 0, 0, 0, 0], 1),
        (2, [0, 8, 0, 0, 0, 0], 2),
        (2, [2, 6, 0, 0, 0, 0], 2),
        (3, [0, 4, 8, 0, 0, 0], 3),
        (3, [2, 4, 6, 0, 0, 0], 3),
        (4, [0, 2, 6, 8, 0, 0], 4),
        (5, [0, 2, 4, 6, 8, 0], 5),
        (6, [0, 2, 3, 5, 6, 8], 6),
        (6, [0, 1, 2, 6, 7, 8], 6),
    ];
    LAYOUTS.iter().find_map(|(value, sites, n)| {
        let mut want = [false; 9];
        for &k in &sites[..*n] {
            want[k] = true;
        }
        (want == *occupied).then_some(*value)
    })
}

/// Linear map from frontal frame (pip radius = 1) to image offsets.
#[derive(Clone, Copy, Debug)]
struct Affine {
    m: [[f32; 2]; 2],
}

impl Affine {
    fn from_pip(major: f32, minor: f32, angle: f32) -> Affine {
        let (a, b) = ((major / 2.0).max(0.5), (minor / 2.0).max(0.5));
        let (c, s) = (angle.cos(), angle.sin());
        Affine {
            m: [[c * a, -s * b], [s * a, c * b]],
        }
    }
    fn apply(&self, p: (f32, f32)) -> (f32, f32) {
        (
            self.m[0][0] * p.0 + self.m[0][1] * p.1,
            self.m[1][0] * p.0 + self.m[1][1] * p.1,
        )
    }
    fn inverse(&self) -> Option<Affine> {
        let det = self.m[0][0] * self.m[1][1] - self.m[0][1] * self.m[1][0];
        if det.abs() < 1e-9 {
            return None;
        }
        Some(Affine {
            m: [
                [self.m[1][1] / det, -self.m[0][1] / det],
                [-self.m[1][0] / det, self.m[0][0] / det],
            ],
        })
    }
}

/// Ideal pip positions (in grid steps, face axes) for a face with `n` pips.
/// Faces 2, 3 and 6 come in two orientations that differ by 90 degrees.
fn layouts(n: usize) -> Vec<Vec<(f32, f32)>> {
    let c = (0.0, 0.0);
    let (tl, tr, bl, br) = ((-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0));
    match n {
        1 => vec![vec![c]],
        2 => vec![vec![tl, br], vec![tr, bl]],
        3 => vec![vec![tl, c, br], vec![tr, c, bl]],
        4 => vec![vec![tl, tr, bl, br]],
        5 => vec![vec![tl, tr, c, bl, br]],
        6 => vec![
            vec![tl, tr, (-1.0, 0.0), (1.0, 0.0), bl, br],
            vec![tl, tr, (0.0, -1.0), (0.0, 1.0), bl, br],
        ],
        _ => vec![],
    }
}

/// Outline the face and score its layout.
pub fn face_geometry(face: &FaceCluster) -> FaceGeometry {
    // Use the pip whose shape is most typical: the median-area one.
    let mut by_area: Vec<_> = face.pips.iter().collect();
    by_area.sort_by(|a, b| a.area.total_cmp(&b.area));
    let typical = by_area[by_area.len() / 2];
    let to_image = Affine::from_pip(typical.major, typical.minor, typical.angle);
    let to_frontal = to_image.inverse().unwrap_or(Affine {
        m: [[1.0, 0.0], [0.0, 1.0]],
    });
    let pts: Vec<(f32, f32)> = face
        .pips
        .iter()
        .map(|p| to_frontal.apply((p.center.0 - face.center.0, p.center.1 - face.center.1)))
        .collect();
    let max_r = pts.iter().map(|p| p.0.hypot(p.1)).fold(0.0f32, f32::max);

    // Rotation: corner pips sit on the face diagonals, so their directions
    // agree modulo 90 degrees; average them on the 4-fold circle.
    let (mut s4, mut c4) = (0.0f32, 0.0f32);
    for p in &pts {
        let r = p.0.hypot(p.1);
        if r > 0.85 * max_r && r > 1e-3 {
            let phi = p.1.atan2(p.0);
            s4 += (4.0 * phi).sin();
            c4 += (4.0 * phi).cos();
        }
    }
    let theta = if s4 == 0.0 && c4 == 0.0 {
        0.0
    } else {
        s4.atan2(c4) / 4.0 - std::f32::consts::FRAC_PI_4
    };
    let side = if pts.len() >= 2 && max_r > 0.0 {
        max_r / (std::f32::consts::SQRT_2 * GRID)
    } else {
        SINGLE_PIP_SIDE_RADII
    };
    let step = side * GRID;

    // Layout residual in the face's own axes.
    let (ct, st) = (theta.cos(), theta.sin());
    let local: Vec<(f32, f32)> = pts
        .iter()
        .map(|p| ((p.0 * ct + p.1 * st) / step, (-p.0 * st + p.1 * ct) / step))
        .collect();
    let layout_residual = layouts(pts.len())
        .iter()
        .map(|ideal| {
            local
                .iter()
                .map(|q| {
                    ideal
                        .iter()
                        .map(|i| (q.0 - i.0).hypot(q.1 - i.1))
                        .fold(f32::INFINITY, f32::min)
                })
                .sum::<f32>()
                / local.len() as f32
        })
        .fold(f32::INFINITY, f32::min);

    // Pip sites and which of them the pips take.
    let site_offset = |(gx, gy): (f32, f32)| {
        let (x, y) = (gx * step, gy * step);
        to_image.apply((x * ct - y * st, x * st + y * ct))
    };
    let mut sites = [[0f32; 2]; 9];
    for (k, site) in sites.iter_mut().enumerate() {
        let o = site_offset(site_grid(k));
        *site = [face.center.0 + o.0, face.center.1 + o.1];
    }
    let mut occupied = [false; 9];
    for q in &local {
        let nearest = (0..9).min_by(|&a, &b| {
            let (ga, gb) = (site_grid(a), site_grid(b));
            (q.0 - ga.0)
                .hypot(q.1 - ga.1)
                .total_cmp(&(q.0 - gb.0).hypot(q.1 - gb.1))
        });
        if let Some(k) = nearest {
            occupied[k] = true;
        }
    }

    let h = side / 2.0;
    let mut corners: Vec<[f32; 2]> = [(-h, -h), (h, -h), (h, h), (-h, h)]
        .iter()
        .map(|&(x, y)| {
            let r = (x * ct - y * st, x * st + y * ct);
            let im = to_image.apply(r);
            [im.0 + face.center.0, im.1 + face.center.1]
        })
        .collect();
    order_clockwise(&mut corners);
    FaceGeometry {
        corners: [corners[0], corners[1], corners[2], corners[3]],
        layout_residual: if layout_residual.is_finite() {
            layout_residual
        } else {
            f32::INFINITY
        },
        sites,
        occupied,
        frontal_to_image: to_image.m,
    }
}

/// Order corners clockwise (in image coordinates, y down), starting from the
/// one nearest the top-left, so consumers can rely on a fixed winding.
fn order_clockwise(c: &mut [[f32; 2]]) {
    let cx = c.iter().map(|p| p[0]).sum::<f32>() / c.len() as f32;
    let cy = c.iter().map(|p| p[1]).sum::<f32>() / c.len() as f32;
    c.sort_by(|a, b| {
        let aa = (a[1] - cy).atan2(a[0] - cx);
        let bb = (b[1] - cy).atan2(b[0] - cx);
        aa.total_cmp(&bb)
    });
    let start = (0..c.len())
        .min_by(|&i, &j| (c[i][0] + c[i][1]).total_cmp(&(c[j][0] + c[j][1])))
        .unwrap_or(0);
    c.rotate_left(start);
}
