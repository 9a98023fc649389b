//! Manual four-point calibration: the player clicks the four corners of the
//! play area (or board) in the camera image and gives its size.

use crate::error::{CalibrationError, Result};
use crate::profile::{CalibrationProfile, Method};

/// Builds a profile from four image points, in order top-left, top-right,
/// bottom-right, bottom-left of an area `size_mm` (width, height) wide.
///
/// Table millimetres have their origin at the first point, x towards the
/// second and y towards the fourth.
pub fn manual_profile(
    points: [[f64; 2]; 4],
    size_mm: [f64; 2],
    image_size: Option<[u32; 2]>,
) -> Result<CalibrationProfile> {
    if !size_mm.iter().all(|v| v.is_finite() && *v > 0.0) {
        return Err(CalibrationError::BadPoints(format!(
            "area size must be positive millimetres, got {size_mm:?}"
        )));
    }
    if let Some([w, h]) = image_size {
        for (i, p) in points.iter().enumerate() {
            if !(0.0..=w as f64).contains(&p[0]) || !(0.0..=h as f64).contains(&p[1]) {
                return Err(CalibrationError::BadPoints(format!(
                    "point {} {p:?} lies outside the {w}×{h} image",
                    i + 1
                )));
            }
        }
    }
    if let Some(problem) = quad_problem(&points) {
        return Err(CalibrationError::BadPoints(problem));
    }
    let [w, h] = size_mm;
    let table = vec![[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]];
    CalibrationProfile::from_points(Method::Manual, image_size, size_mm, points.to_vec(), table)
}

/// Why four clicked points cannot be the corners of a flat rectangle seen by
/// a camera: they must form a convex quadrilateral, all turning the same way.
fn quad_problem(p: &[[f64; 2]; 4]) -> Option<String> {
    if p.iter().flatten().any(|v| !v.is_finite()) {
        return Some("points must be finite numbers".into());
    }
    let cross = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| {
        (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])
    };
    let turns: Vec<f64> = (0..4)
        .map(|i| cross(p[i], p[(i + 1) % 4], p[(i + 2) % 4]))
        .collect();
    let scale = (0..4)
        .map(|i| (p[i][0] - p[(i + 1) % 4][0]).hypot(p[i][1] - p[(i + 1) % 4][1]))
        .fold(0.0, f64::max);
    if scale < 1.0 || turns.iter().any(|t| t.abs() < 1e-3 * scale * scale) {
        return Some("points are repeated or three lie on one line".into());
    }
    if !(turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)) {
        return Some("points do not form a convex quadrilateral; give them in order around the area: top-left, top-right, bottom-right, bottom-left".into());
    }
    None
}

/// Parses `"x,y;x,y;x,y;x,y"` (the CLI form).
pub fn parse_points(text: &str) -> Result<[[f64; 2]; 4]> {
    let parts: Vec<&str> = text
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if parts.len() != 4 {
        return Err(CalibrationError::BadPoints(format!(
            "expected four points \"x,y;x,y;x,y;x,y\", got {}",
            parts.len()
        )));
    }
    let mut out = [[0.0; 2]; 4];
    for (i, part) in parts.iter().enumerate() {
        out[i] = parse_pair(part)
            .map_err(|e| CalibrationError::BadPoints(format!("point {}: {e}", i + 1)))?;
    }
    Ok(out)
}

/// Parses `"a,b"` into two finite numbers.
pub fn parse_pair(text: &str) -> std::result::Result<[f64; 2], String> {
    let v: Vec<&str> = text.split(',').map(str::trim).collect();
    if v.len() != 2 {
        return Err(format!("{text:?} is not \"a,b\""));
    }
    let num = |s: &str| {
        s.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| format!("{s:?} is not a number"))
    };
    Ok([num(v[0])?, num(v[1])?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicked_corners_map_to_the_area_corners_and_inside_points_follow() {
        // A trapezoid, as a camera looking down at an angle sees a rectangle.
        let pts = [
            [400.0, 200.0],
            [880.0, 200.0],
            [1100.0, 650.0],
            [180.0, 650.0],
        ];
        let p = manual_profile(pts, [600.0, 400.0], Some([1280, 720])).unwrap();
        let corners = [[0.0, 0.0], [600.0, 0.0], [600.0, 400.0], [0.0, 400.0]];
        for (px, mm) in pts.iter().zip(corners) {
            let m = p.image_to_table(*px).unwrap();
            assert!((m[0] - mm[0]).abs() < 1e-6 && (m[1] - mm[1]).abs() < 1e-6);
        }
        // The diagonals' crossing is the area's centre under any perspective.
        let c = p.image_to_table([640.0, 200.0 + 450.0 * 0.5]).unwrap();
        assert!(c[0] > 299.0 && c[0] < 301.0, "{c:?}");
        // Rows far from the camera are squeezed: the image midline lies
        // beyond the table's midline.
        assert!(c[1] > 200.0);
        assert!(p.rms_error_mm < 1e-9);
    }

    #[test]
    fn bad_clicks_are_refused_with_a_reason() {
        let twisted = [[0.0, 0.0], [100.0, 100.0], [100.0, 0.0], [0.0, 100.0]];
        let e = manual_profile(twisted, [10.0, 10.0], None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("convex"), "{e}");
        let line = [[0.0, 0.0], [50.0, 0.0], [100.0, 0.0], [0.0, 100.0]];
        assert!(manual_profile(line, [10.0, 10.0], None)
            .unwrap_err()
            .to_string()
            .contains("one line"));
        let ok = [[0.0, 0.0], [100.0, 0.0], [100.0, 100.0], [0.0, 100.0]];
        assert!(manual_profile(ok, [0.0, 10.0], None).is_err());
        assert!(manual_profile(ok, [10.0, 10.0], Some([50, 50]))
            .unwrap_err()
            .to_string()
            .contains("outside"));
    }

    #[test]
    fn point_lists_parse_or_say_which_point_is_wrong() {
        assert_eq!(
            parse_points("1,2; 3,4;5,6;7,8").unwrap(),
            [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]
        );
        assert!(parse_points("1,2;3,4;5,6")
            .unwrap_err()
            .to_string()
            .contains("got 3"));
        assert!(parse_points("1,2;3,x;5,6;7,8")
            .unwrap_err()
            .to_string()
            .contains("point 2"));
        assert!(parse_points("1,2;3,4;5,6;7,inf").is_err());
    }
}
