//! Small 3-vector helpers; the scene needs only a handful of operations.

pub type V3 = [f64; 3];

pub fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
pub fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
pub fn scale(a: V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
pub fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
pub fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
pub fn norm(a: V3) -> V3 {
    let l = dot(a, a).sqrt();
    scale(a, 1.0 / l)
}

/// Row-major 3×3 matrix.
pub type M3 = [[f64; 3]; 3];

pub fn mul_v(m: &M3, v: V3) -> V3 {
    [dot(m[0], v), dot(m[1], v), dot(m[2], v)]
}
pub fn mul(a: &M3, b: &M3) -> M3 {
    let mut r = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    r
}

/// Rotation by `angle` radians about unit `axis` (Rodrigues).
pub fn axis_angle(axis: V3, angle: f64) -> M3 {
    let [x, y, z] = norm(axis);
    let (s, c) = angle.sin_cos();
    let t = 1.0 - c;
    [
        [t * x * x + c, t * x * y - s * z, t * x * z + s * y],
        [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
        [t * x * z - s * y, t * y * z + s * x, t * z * z + c],
    ]
}

/// The rotation taking unit vector `a` onto unit vector `b`.
pub fn rotate_onto(a: V3, b: V3) -> M3 {
    let (a, b) = (norm(a), norm(b));
    let c = dot(a, b);
    let ax = cross(a, b);
    let s = dot(ax, ax).sqrt();
    if s < 1e-12 {
        if c > 0.0 {
            return [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
        }
        // Opposite: turn half a circle about any perpendicular axis.
        let p = if a[0].abs() < 0.9 {
            cross(a, [1.0, 0.0, 0.0])
        } else {
            cross(a, [0.0, 1.0, 0.0])
        };
        return axis_angle(p, std::f64::consts::PI);
    }
    axis_angle(ax, s.atan2(c))
}
