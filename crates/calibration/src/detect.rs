//! Finding the sheet's markers in a camera image and turning them into a
//! calibration profile.

use crate::error::{CalibrationError, Result};
use crate::lens::to_gray;
use crate::profile::{CalibrationProfile, Layout, Method};
use crate::selflens::{self, LensEstimate};
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
    let size = image.size()?;
    profile_of(
        &found,
        [size.width as u32, size.height as u32],
        image_name,
        layout,
        placement,
    )
}

/// [`calibrate_image`], and a lens estimated from the same markers
/// ([`crate::selflens`]). When the estimate is kept, the profile holds it
/// and its homography maps undistorted pixels (as after `calibration
/// lens`); otherwise the profile is exactly [`calibrate_image`]'s. The
/// estimate is returned either way, for the caller to report.
pub fn calibrate_image_with_lens(
    image: &Mat,
    image_name: &str,
    layout: &SheetLayout,
    placement: Placement,
) -> Result<(CalibrationProfile, Option<LensEstimate>)> {
    let found = find_markers(image, layout)?;
    let size = image.size()?;
    let image_size = [size.width as u32, size.height as u32];
    let plain = profile_of(&found, image_size, image_name, layout, placement)?;
    let Some((table, px, inward)) = lens_points(&found, layout, placement, &plain) else {
        return Ok((plain, None));
    };
    let Some(mut est) = selflens::estimate(&table, &px, &inward, image_size) else {
        return Ok((plain, None));
    };
    if !est.kept {
        return Ok((plain, Some(est)));
    }
    est.lens.estimated = Some(est.describe());
    let lens = est.lens.clone();
    let undistorted: Vec<FoundMarker> = found
        .iter()
        .map(|m| FoundMarker {
            id: m.id,
            corners: m.corners.map(|c| lens.undistort(c)),
        })
        .collect();
    let mut profile = profile_of(&undistorted, image_size, image_name, layout, placement)?;
    profile.lens = Some(lens);
    Ok((profile, Some(est)))
}

/// Plane points for the lens estimate: each of the layout's markers'
/// four corners and centre, in table mm and image pixels, and the unit
/// direction from each corner to its marker's centre in the image. Cut-out markers
/// lie with their centres on the area corners but may be turned: each
/// one's turn is read from its corners mapped through the plain profile.
/// `None` unless all four markers were found.
/// Table mm, image px and inward directions of [`lens_points`].
type LensPoints = (Vec<[f64; 2]>, Vec<[f64; 2]>, Vec<[f64; 2]>);

fn lens_points(
    found: &[FoundMarker],
    layout: &SheetLayout,
    placement: Placement,
    plain: &CalibrationProfile,
) -> Option<LensPoints> {
    let ours: Vec<&FoundMarker> = found
        .iter()
        .filter(|m| layout.marker(m.id).is_some())
        .collect();
    if ours.len() < 4 {
        return None;
    }
    let (mut table, mut px, mut inward) = (Vec::new(), Vec::new(), Vec::new());
    let half = layout.marker_mm / 2.0;
    let offsets = [[-half, -half], [half, -half], [half, half], [-half, half]];
    for m in ours {
        let spec = layout.marker(m.id)?;
        let centre_mm = match placement {
            Placement::Sheet => spec.center_mm,
            Placement::Corners([w, h]) => match spec.corner {
                Corner::TopLeft => [0.0, 0.0],
                Corner::TopRight => [w, 0.0],
                Corner::BottomRight => [w, h],
                Corner::BottomLeft => [0.0, h],
            },
        };
        let turn = match placement {
            Placement::Sheet => 0.0,
            Placement::Corners(_) => {
                // Circular mean of each corner's angle less its upright one.
                let (mut s, mut c) = (0.0, 0.0);
                for (corner, off) in m.corners.iter().zip(&offsets) {
                    let t = plain.image_to_table.map(*corner)?;
                    let a = (t[1] - centre_mm[1]).atan2(t[0] - centre_mm[0]) - off[1].atan2(off[0]);
                    s += a.sin();
                    c += a.cos();
                }
                s.atan2(c)
            }
        };
        let (sn, cs) = turn.sin_cos();
        for (corner, off) in m.corners.iter().zip(&offsets) {
            table.push([
                centre_mm[0] + cs * off[0] - sn * off[1],
                centre_mm[1] + sn * off[0] + cs * off[1],
            ]);
            px.push(*corner);
            let c = m.center();
            let len = (c[0] - corner[0]).hypot(c[1] - corner[1]).max(1e-9);
            inward.push([(c[0] - corner[0]) / len, (c[1] - corner[1]) / len]);
        }
        table.push(centre_mm);
        px.push(m.center());
        inward.push([0.0, 0.0]);
    }
    Some((table, px, inward))
}

fn profile_of(
    found: &[FoundMarker],
    image_size: [u32; 2],
    image_name: &str,
    layout: &SheetLayout,
    placement: Placement,
) -> Result<CalibrationProfile> {
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
    let image_size = Some(image_size);
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
