//! The calibration profile file: what the camera's pixels mean in table
//! millimetres. Format documented in `calibration/README.md`; a sample is
//! `calibration/sample-profile.json`.

use crate::error::{CalibrationError, Result};
use crate::homography::{dist, Homography};
use crate::lens::LensModel;
use crate::look::BoardLook;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The only format tag this version reads; bumped on incompatible changes.
pub const FORMAT: &str = "tw-calibration/1";

/// Largest frame side (pixels) a profile may be made for: the bound
/// `calibration manual --image-size` takes too. A 2³²−1 size passed
/// validation and failed only when the profile was used.
pub const MAX_IMAGE_SIDE: u32 = 100_000;

/// Marker ids lie below the size of the largest ArUco dictionary
/// (`DICT_*_1000`); a dictionary named with its size (`DICT_4X4_50`) bounds
/// them by that size.
const MAX_MARKERS: i32 = 1000;

/// How the homography was obtained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Method {
    /// ArUco markers from the printed sheet.
    Aruco {
        /// `sheet`: the uncut sheet lies on the table (origin: the page's
        /// top-left corner); `corners`: markers cut out and placed with their
        /// centres on the corners of the area (origin: marker 0's centre).
        layout: Layout,
        dictionary: String,
        marker_ids: Vec<i32>,
    },
    /// Four points clicked in the Calibration screen or given on the CLI.
    Manual,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    Sheet,
    Corners,
}

/// Reference to the target board the calibrated area holds. Only `geometry`
/// is defined here; the board work adds its own fields, which are kept as
/// they are on load and save.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardRef {
    /// Board geometry file (relative to the profile's directory) or name.
    pub geometry: String,
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

impl BoardRef {
    /// The geometry file this names, for a profile saved at `profile_path`:
    /// beside the profile when such a file is there (profiles and boards
    /// travel together), else the name as written.
    pub fn geometry_path(&self, profile_path: &Path) -> std::path::PathBuf {
        let beside = profile_path
            .parent()
            .unwrap_or(Path::new("."))
            .join(&self.geometry);
        if beside.is_file() {
            beside
        } else {
            std::path::PathBuf::from(&self.geometry)
        }
    }
}

/// A saved calibration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalibrationProfile {
    /// Always [`FORMAT`].
    pub format: String,
    pub method: Method,
    /// Pixel size of the camera frames this holds for; `None` if unknown
    /// (manual points given without an image).
    #[serde(default)]
    pub image_size: Option<[u32; 2]>,
    /// Width and height of the calibrated area in millimetres.
    pub area_mm: [f64; 2],
    /// Undistorted image pixels → table millimetres.
    pub image_to_table: Homography,
    /// Table millimetres → undistorted image pixels.
    pub table_to_image: Homography,
    /// The correspondences the fit used, for display and re-checking.
    pub image_points: Vec<[f64; 2]>,
    pub table_points_mm: Vec<[f64; 2]>,
    /// Root-mean-square distance, in mm, between `table_points_mm` and the
    /// mapped `image_points` (0 for exactly four points).
    pub rms_error_mm: f64,
    /// Lens correction applied to pixels before `image_to_table`.
    #[serde(default)]
    pub lens: Option<LensModel>,
    /// The target board in this area, if any.
    #[serde(default)]
    pub board: Option<BoardRef>,
    /// The board's colours as the camera saw them at calibration, for
    /// measuring a later frame's white balance ([`BoardLook`]). Absent in
    /// older profiles (and left out when saved without one): frames are
    /// then read as they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_look: Option<BoardLook>,
}

impl CalibrationProfile {
    /// Builds a profile from correspondences (image pixels ↔ table mm).
    pub fn from_points(
        method: Method,
        image_size: Option<[u32; 2]>,
        area_mm: [f64; 2],
        image_points: Vec<[f64; 2]>,
        table_points_mm: Vec<[f64; 2]>,
    ) -> Result<Self> {
        let h = Homography::fit(&image_points, &table_points_mm).ok_or_else(|| {
            CalibrationError::BadPoints(
                "the points do not define a plane view (fewer than four, repeated, or three on one line)".into(),
            )
        })?;
        let inv = h.inverse().ok_or_else(|| {
            CalibrationError::BadPoints("the fitted map cannot be inverted".into())
        })?;
        let n = image_points.len() as f64;
        let sq: f64 = image_points
            .iter()
            .zip(&table_points_mm)
            .map(|(p, q)| h.map(*p).map_or(f64::INFINITY, |m| dist(m, *q).powi(2)))
            .sum();
        Ok(CalibrationProfile {
            format: FORMAT.into(),
            method,
            image_size,
            area_mm,
            image_to_table: h,
            table_to_image: inv,
            image_points,
            table_points_mm,
            rms_error_mm: (sq / n).sqrt(),
            lens: None,
            board: None,
            board_look: None,
        })
    }

    /// A camera pixel (as captured, distorted) → table millimetres.
    pub fn image_to_table(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        let p = self.lens.as_ref().map_or(p, |l| l.undistort(p));
        self.image_to_table.map(p)
    }

    /// Table millimetres → camera pixel (as captured, distorted).
    pub fn table_to_image(&self, p: [f64; 2]) -> Option<[f64; 2]> {
        let q = self.table_to_image.map(p)?;
        Some(self.lens.as_ref().map_or(q, |l| l.distort(q)))
    }

    /// Reads and validates a profile. Every failure names `path`.
    pub fn load(path: &Path) -> Result<Self> {
        let text =
            std::fs::read_to_string(path).map_err(|source| CalibrationError::ProfileRead {
                path: path.to_path_buf(),
                source,
            })?;
        Self::from_json(&text, path)
    }

    /// Parses and validates profile JSON; `path` is only used in messages.
    pub fn from_json(text: &str, path: &Path) -> Result<Self> {
        let p: CalibrationProfile =
            serde_json::from_str(text).map_err(|e| CalibrationError::ProfileParse {
                path: path.to_path_buf(),
                line: e.line(),
                column: e.column(),
                message: e.to_string(),
            })?;
        p.validate(path)?;
        Ok(p)
    }

    /// Writes the profile as pretty JSON, through a temporary file so that a
    /// crash never leaves half a profile behind.
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = serde_json::to_string_pretty(self).expect("profile serialises");
        let tmp = path.with_extension("json.tmp");
        let werr = |e: std::io::Error| CalibrationError::Write {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        std::fs::write(&tmp, text + "\n").map_err(werr)?;
        std::fs::rename(&tmp, path).map_err(werr)
    }

    /// Checks what serde cannot: the format tag, finite and invertible maps
    /// that are each other's inverse, sizes, and the lens.
    pub fn validate(&self, path: &Path) -> Result<()> {
        let bad = |field: &str, problem: String| CalibrationError::ProfileInvalid {
            path: path.to_path_buf(),
            field: field.into(),
            problem,
        };
        if self.format != FORMAT {
            return Err(bad(
                "format",
                format!("is {:?}, this version reads {FORMAT:?}", self.format),
            ));
        }
        if !(self.area_mm.iter().all(|v| v.is_finite() && *v > 0.0)) {
            return Err(bad(
                "area_mm",
                format!("must be two positive sizes, got {:?}", self.area_mm),
            ));
        }
        if let Some(s) = self.image_size {
            if s.iter().any(|&v| v == 0 || v > MAX_IMAGE_SIDE) {
                return Err(bad(
                    "image_size",
                    format!("{s:?}: each side must be 1 to {MAX_IMAGE_SIDE} pixels"),
                ));
            }
        }
        // The fit needs four points; profiles keep the ones it used.
        for (name, points) in [
            ("image_points", &self.image_points),
            ("table_points_mm", &self.table_points_mm),
        ] {
            if points.len() < 4 {
                return Err(bad(
                    name,
                    format!(
                        "holds {} points; a calibration is fitted to at least 4",
                        points.len()
                    ),
                ));
            }
            if let Some(i) = points.iter().position(|p| !p.iter().all(|v| v.is_finite())) {
                return Err(bad(
                    &format!("{name}[{i}]"),
                    "is not two finite numbers".into(),
                ));
            }
        }
        if let Method::Aruco {
            dictionary,
            marker_ids,
            ..
        } = &self.method
        {
            let size = dictionary
                .rsplit('_')
                .next()
                .and_then(|n| n.parse::<i32>().ok())
                .filter(|n| (1..=MAX_MARKERS).contains(n))
                .unwrap_or(MAX_MARKERS);
            if let Some(i) = marker_ids.iter().position(|id| !(0..size).contains(id)) {
                return Err(bad(
                    &format!("method.marker_ids[{i}]"),
                    format!(
                        "{} is not a marker of {dictionary} (ids 0 to {})",
                        marker_ids[i],
                        size - 1
                    ),
                ));
            }
        }
        for (name, h) in [
            ("image_to_table", &self.image_to_table),
            ("table_to_image", &self.table_to_image),
        ] {
            if !h.is_finite() {
                return Err(bad(name, "holds a non-finite number".into()));
            }
            if h.determinant().abs() < 1e-15 {
                return Err(bad(name, "is singular (maps the plane onto a line)".into()));
            }
        }
        let (w, h) = (self.area_mm[0], self.area_mm[1]);
        for corner in [[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]] {
            let back = self
                .table_to_image
                .map(corner)
                .and_then(|px| self.image_to_table.map(px));
            if back.is_none_or(|b| dist(b, corner) > 1e-3 * w.max(h).max(1.0)) {
                return Err(bad(
                    "table_to_image",
                    "is not the inverse of image_to_table".into(),
                ));
            }
        }
        if self.image_points.len() != self.table_points_mm.len() {
            return Err(bad(
                "table_points_mm",
                format!(
                    "has {} points but image_points has {}",
                    self.table_points_mm.len(),
                    self.image_points.len()
                ),
            ));
        }
        if !self.rms_error_mm.is_finite() || self.rms_error_mm < 0.0 {
            return Err(bad("rms_error_mm", "must be a non-negative number".into()));
        }
        if let Some(l) = &self.lens {
            let ok =
                [l.fx, l.fy, l.cx, l.cy].iter().all(|v| v.is_finite()) && l.fx > 0.0 && l.fy > 0.0;
            if !ok || !l.distortion.iter().all(|v| v.is_finite()) {
                return Err(bad(
                    "lens",
                    "needs positive focal lengths and finite coefficients".into(),
                ));
            }
            if self.image_size.is_some_and(|s| s != l.image_size) {
                return Err(bad(
                    "lens.image_size",
                    format!(
                        "{:?} differs from image_size {:?}",
                        l.image_size, self.image_size
                    ),
                ));
            }
        }
        if let Some((field, problem)) = self.board_look.as_ref().and_then(BoardLook::problem) {
            return Err(bad(field, problem));
        }
        if let Some(b) = &self.board {
            if b.geometry.trim().is_empty() {
                return Err(bad(
                    "board.geometry",
                    "must name a board geometry file".into(),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_beside_the_profile_wins_over_the_name_as_written() {
        let dir = std::env::temp_dir().join(format!("tw-boardref-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let b = BoardRef {
            geometry: "board.json".into(),
            extra: Default::default(),
        };
        let profile = dir.join("calibration.json");
        assert_eq!(
            b.geometry_path(&profile),
            std::path::PathBuf::from("board.json")
        );
        std::fs::write(dir.join("board.json"), "{}").unwrap();
        assert_eq!(b.geometry_path(&profile), dir.join("board.json"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn profile() -> CalibrationProfile {
        CalibrationProfile::from_points(
            Method::Manual,
            Some([640, 480]),
            [100.0, 50.0],
            vec![[10.0, 10.0], [630.0, 10.0], [630.0, 470.0], [10.0, 470.0]],
            vec![[0.0, 0.0], [100.0, 0.0], [100.0, 50.0], [0.0, 50.0]],
        )
        .unwrap()
    }

    #[test]
    fn a_profile_without_a_board_look_loads_and_one_with_a_bad_look_names_the_field() {
        let path = Path::new("cal.json");
        let mut p = profile();
        let old = serde_json::to_string(&p).unwrap();
        assert!(!old.contains("board_look"), "saved without the field");
        assert_eq!(
            CalibrationProfile::from_json(&old, path)
                .unwrap()
                .board_look,
            None
        );
        p.board_look = Some(BoardLook {
            version: crate::look::LOOK_VERSION,
            cell_mm: 50.0,
            cols: 2,
            rows: 1,
            bgr: "102030a0b0c0".into(),
        });
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(CalibrationProfile::from_json(&text, path).unwrap(), p);
        let broken = text.replace("102030a0b0c0", "102030a0b0");
        let e = CalibrationProfile::from_json(&broken, path)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("cal.json") && e.contains("board_look.bgr"),
            "{e}"
        );
    }

    /// Bad-input sweep, 2026-11-27: these profiles were called valid and
    /// failed only when used.
    #[test]
    fn absurd_sizes_missing_points_and_bad_marker_ids_are_refused_naming_the_field() {
        let path = Path::new("cal.json");
        let check = |p: &CalibrationProfile| {
            let text = serde_json::to_string(p).unwrap();
            CalibrationProfile::from_json(&text, path).map_err(|e| e.to_string())
        };
        let mut aruco = profile();
        aruco.method = Method::Aruco {
            layout: Layout::Corners,
            dictionary: "DICT_4X4_50".into(),
            marker_ids: vec![0, 1, 2, 49],
        };
        assert!(check(&aruco).is_ok());
        let mut cases: Vec<(CalibrationProfile, &str)> = Vec::new();
        for size in [[u32::MAX, 480], [640, 0], [MAX_IMAGE_SIDE + 1, 480]] {
            let mut p = profile();
            p.image_size = Some(size);
            cases.push((p, "`image_size`"));
        }
        let mut p = profile();
        p.image_points.clear();
        p.table_points_mm.clear();
        cases.push((p, "`image_points`"));
        for (id, at) in [(-1, 1), (50, 3)] {
            let mut p = aruco.clone();
            if let Method::Aruco { marker_ids, .. } = &mut p.method {
                marker_ids[at] = id;
            }
            cases.push((p, "`method.marker_ids["));
        }
        for (p, field) in cases {
            let e = check(&p).unwrap_err();
            assert!(e.contains("cal.json") && e.contains(field), "{field}: {e}");
        }
    }
}
