//! Finding the sheet's markers in a camera image and turning them into a
//! calibration profile.

use crate::error::{CalibrationError, Result};
use crate::lens::to_gray;
use crate::profile::{CalibrationProfile, Layout, Method};
use crate::sheet::{Corner, SheetLayout};
use opencv::aruco;
use opencv::core::{Mat, Point2f, Vector};
use opencv::prelude::*;
use std::path::Path;

/// One marker found in the image: its id and corners in ArUco's order.
#[derive(Debug, Clone, PartialEq)]
pub struct FoundMarker {
    pub id: i32,
    pub corners: [[f64; 2]; 4],
}

impl FoundMarker {
    /// The marker's centre: where its diagonals cross, which (unlike the
    /// mean of the corners) is the true centre under perspective.
    pub fn center(&self) -> [f64; 2] {
        let [a, b, c, d] = self.corners;
        // Solve a + s(c − a) = b + t(d − b).
        let (r, q) = ([c[0] - a[0], c[1] - a[1]], [d[0] - b[0], d[1] - b[1]]);
        let den = r[0] * q[1] - r[1] * q[0];
        if den.abs() < 1e-9 {
            return [
                (a[0] + b[0] + c[0] + d[0]) / 4.0,
                (a[1] + b[1] + c[1] + d[1]) / 4.0,
            ];
        }
        let s = ((b[0] - a[0]) * q[1] - (b[1] - a[1]) * q[0]) / den;
        [a[0] + s * r[0], a[1] + s * r[1]]
    }
}

/// How the markers lie on the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Placement {
    /// The whole printed sheet; table millimetres are page millimetres.
    Sheet,
    /// Cut-out markers centred on the corners of a `[w, h]` mm area.
    Corners([f64; 2]),
}

/// Reads an image file, with errors that name it, through the shared loader
/// ([`tw_vision::image_io::load_bgr`]: size cap, truncated JPEGs, non-files).
pub fn read_image(path: &Path) -> Result<Mat> {
    use tw_vision::VisionError as V;
    tw_vision::image_io::load_bgr(path).map_err(|e| CalibrationError::ImageRead {
        path: path.to_path_buf(),
        reason: match e {
            V::EmptyFile { .. } => "the file is empty".into(),
            V::Undecodable { .. } => "not a readable image (corrupt or unsupported format)".into(),
            V::Io { error, .. } => error.to_string(),
            other => other.to_string(),
        },
    })
}

/// All markers of the layout's dictionary visible in `image`.
pub fn find_markers(image: &Mat, layout: &SheetLayout) -> Result<Vec<FoundMarker>> {
    let gray = to_gray(image)?;
    let dict = layout.dictionary()?;
    let mut params = aruco::DetectorParameters::create()?;
    params.set_corner_refinement_method(aruco::CORNER_REFINE_SUBPIX);
    let mut corners: Vector<Vector<Point2f>> = Vector::new();
    let mut ids: Vector<i32> = Vector::new();
    let mut rejected: Vector<Vector<Point2f>> = Vector::new();
    aruco::detect_markers(&gray, &dict, &mut corners, &mut ids, &params, &mut rejected)?;
    let mut out = Vec::new();
    for (id, c) in ids.iter().zip(corners.iter()) {
        if c.len() != 4 {
            continue;
        }
        let p = |i: usize| -> Result<[f64; 2]> {
            let v = c.get(i)?;
            Ok([v.x as f64, v.y as f64])
        };
        out.push(FoundMarker {
            id,
            corners: [p(0)?, p(1)?, p(2)?, p(3)?],
        });
    }
    Ok(out)
}

/// Detects the markers and computes the profile. `image_name` is used in
/// error messages.
pub fn calibrate_image(
    image: &Mat,
    image_name: &str,
    layout: &SheetLayout,
    placement: Placement,
) -> Result<CalibrationProfile> {
    let found = find_markers(image, layout)?;
    let mut ours: Vec<&FoundMarker> = found
        .iter()
        .filter(|m| layout.marker(m.id).is_some())
        .collect();
    ours.sort_by_key(|m| m.id);
    if let Some(w) = ours.windows(2).find(|w| w[0].id == w[1].id) {
        return Err(CalibrationError::MarkersNotFound {
            image: image_name.into(),
            detail: format!(
                "marker id {} appears twice; show only one calibration sheet",
                w[0].id
            ),
        });
    }
    let ids: Vec<i32> = ours.iter().map(|m| m.id).collect();
    let size = image.size()?;
    let image_size = Some([size.width as u32, size.height as u32]);
    let missing = |need: &str| {
        CalibrationError::MarkersNotFound {
        image: image_name.into(),
        detail: format!(
            "{need}; found {} (ids {:?}, {} other marker(s)). Check the sheet is in view, flat, lit without glare, and printed from `warden calibration sheet`",
            ours.len(),
            ids,
            found.len() - ours.len()
        ),
    }
    };
    let (mut img_pts, mut table_pts) = (Vec::new(), Vec::new());
    let (layout_kind, area) = match placement {
        Placement::Sheet => {
            if ours.len() < 2 {
                return Err(missing("need at least 2 of the sheet's 4 markers"));
            }
            for m in &ours {
                let spec = layout.marker(m.id).expect("filtered above");
                img_pts.extend(m.corners);
                table_pts.extend(layout.marker_corners_mm(spec));
            }
            (Layout::Sheet, layout.page_mm)
        }
        Placement::Corners([w, h]) => {
            if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0) {
                return Err(CalibrationError::BadPoints(format!(
                    "area size must be positive millimetres, got {w}×{h}"
                )));
            }
            if ours.len() < 4 {
                return Err(missing("cut-out markers need all 4 in view"));
            }
            for m in &ours {
                let spec = layout.marker(m.id).expect("filtered above");
                img_pts.push(m.center());
                table_pts.push(match spec.corner {
                    Corner::TopLeft => [0.0, 0.0],
                    Corner::TopRight => [w, 0.0],
                    Corner::BottomRight => [w, h],
                    Corner::BottomLeft => [0.0, h],
                });
            }
            (Layout::Corners, [w, h])
        }
    };
    let method = Method::Aruco {
        layout: layout_kind,
        dictionary: layout.dictionary.clone(),
        marker_ids: ids,
    };
    CalibrationProfile::from_points(method, image_size, area, img_pts, table_pts).map_err(|e| {
        match e {
            CalibrationError::BadPoints(why) => CalibrationError::MarkersNotFound {
                image: image_name.into(),
                detail: format!("markers found but unusable: {why}"),
            },
            other => other,
        }
    })
}
