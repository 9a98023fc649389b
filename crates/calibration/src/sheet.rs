//! The printable marker sheet: its layout (a data file) and its drawing.
//!
//! Four ArUco markers, one per corner. Use the sheet whole (lay it on the
//! table: the page is the calibrated area) or cut the markers out along the
//! dashed lines and put their centres on the corners of the play area or
//! board (then give the area's size).

use crate::error::{CalibrationError, Result};
use opencv::core::{Mat, Point, Rect, Scalar, CV_8UC1};
use opencv::prelude::*;
use opencv::{aruco, imgproc};
use serde::{Deserialize, Serialize};

/// The shipped A4 layout.
pub const A4_LAYOUT_JSON: &str = include_str!("../data/sheet-a4.json");

/// Which corner of the area a marker marks when cut out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomRight,
    BottomLeft,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetMarker {
    pub id: i32,
    pub corner: Corner,
    /// Centre of the marker on the page, millimetres from the top-left.
    pub center_mm: [f64; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetLayout {
    pub name: String,
    pub page_mm: [f64; 2],
    /// OpenCV predefined dictionary name; only `DICT_4X4_50` is supported.
    pub dictionary: String,
    /// Edge of each marker's black square, millimetres.
    pub marker_mm: f64,
    pub markers: Vec<SheetMarker>,
    /// White border kept around each marker when cutting it out.
    pub cut_margin_mm: f64,
    /// Length of the printed scale bar, to check the print was not scaled.
    pub scale_bar_mm: f64,
}

impl SheetLayout {
    pub fn a4() -> SheetLayout {
        serde_json::from_str(A4_LAYOUT_JSON).expect("shipped sheet layout is valid")
    }

    pub fn marker(&self, id: i32) -> Option<&SheetMarker> {
        self.markers.iter().find(|m| m.id == id)
    }

    /// Page millimetres of a marker's corners in ArUco's order (top-left,
    /// top-right, bottom-right, bottom-left of the upright marker).
    pub fn marker_corners_mm(&self, m: &SheetMarker) -> [[f64; 2]; 4] {
        let (c, h) = (m.center_mm, self.marker_mm / 2.0);
        [
            [c[0] - h, c[1] - h],
            [c[0] + h, c[1] - h],
            [c[0] + h, c[1] + h],
            [c[0] - h, c[1] + h],
        ]
    }

    pub(crate) fn dictionary(&self) -> Result<opencv::core::Ptr<aruco::Dictionary>> {
        match self.dictionary.as_str() {
            "DICT_4X4_50" => Ok(aruco::get_predefined_dictionary(
                aruco::PREDEFINED_DICTIONARY_NAME::DICT_4X4_50,
            )?),
            other => Err(CalibrationError::OpenCv(format!(
                "unsupported marker dictionary {other:?}"
            ))),
        }
    }

    /// The caption printed on the sheet.
    pub fn caption(&self) -> Vec<String> {
        vec![
            "Table Warden calibration sheet".into(),
            format!(
                "{} ArUco markers, ids {}, each {} mm square.",
                self.dictionary,
                self.markers
                    .iter()
                    .map(|m| m.id.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                self.marker_mm
            ),
            format!(
                "Print at 100 % ({} x {} mm page); the bar below must measure {} mm.",
                self.page_mm[0], self.page_mm[1], self.scale_bar_mm
            ),
            "Whole sheet: lay it flat, run `warden calibration detect`.".into(),
            "Cut out: put marker centres on the area corners (id 0 top-left, clockwise),".into(),
            "then `warden calibration detect --size-mm W,H`.".into(),
        ]
    }
}

/// Draws the sheet at `dpi` as an 8-bit grey image.
pub fn render_sheet(layout: &SheetLayout, dpi: f64) -> Result<Mat> {
    if !(dpi.is_finite() && (50.0..=1200.0).contains(&dpi)) {
        return Err(CalibrationError::OpenCv(format!(
            "sheet resolution must be 50–1200 dpi, got {dpi}"
        )));
    }
    let px = |mm: f64| (mm * dpi / 25.4).round() as i32;
    let (w, h) = (px(layout.page_mm[0]), px(layout.page_mm[1]));
    let mut page = Mat::new_rows_cols_with_default(h, w, CV_8UC1, Scalar::all(255.0))?;
    let dict = layout.dictionary()?;
    let side = px(layout.marker_mm);
    let grey = Scalar::all(150.0);
    let black = Scalar::all(0.0);
    let line = px(0.3).max(1);
    for m in &layout.markers {
        let mut marker = Mat::default();
        aruco::draw_marker(&dict, m.id, side, &mut marker, 1)?;
        let (x0, y0) = (px(m.center_mm[0]) - side / 2, px(m.center_mm[1]) - side / 2);
        let mut roi = Mat::roi_mut(&mut page, Rect::new(x0, y0, side, side))?;
        marker.copy_to(&mut roi)?;
        // Dashed cut line around the marker.
        let r = px(layout.marker_mm / 2.0 + layout.cut_margin_mm);
        let (cx, cy) = (px(m.center_mm[0]), px(m.center_mm[1]));
        let dash = px(3.0).max(2);
        let mut t = -r;
        while t < r {
            let e = (t + dash).min(r);
            for (a, b) in [
                (Point::new(cx + t, cy - r), Point::new(cx + e, cy - r)),
                (Point::new(cx + t, cy + r), Point::new(cx + e, cy + r)),
                (Point::new(cx - r, cy + t), Point::new(cx - r, cy + e)),
                (Point::new(cx + r, cy + t), Point::new(cx + r, cy + e)),
            ] {
                imgproc::line(&mut page, a, b, grey, line, imgproc::LINE_8, 0)?;
            }
            t += 2 * dash;
        }
        let label = format!("id {} {}", m.id, format!("{:?}", m.corner).to_lowercase());
        let ty = if m.center_mm[1] < layout.page_mm[1] / 2.0 {
            cy + r + px(6.0)
        } else {
            cy - r - px(3.0)
        };
        put(
            &mut page,
            &label,
            Point::new(cx - r, ty),
            dpi * 0.004,
            black,
        )?;
    }
    let mut y = px(layout.page_mm[1] * 0.36);
    for (i, text) in layout.caption().iter().enumerate() {
        put(
            &mut page,
            text,
            Point::new(px(20.0), y),
            dpi * if i == 0 { 0.006 } else { 0.0042 },
            black,
        )?;
        y += px(if i == 0 { 10.0 } else { 7.0 });
    }
    // Scale bar with a tick every 10 mm.
    let (bx, by) = (
        px((layout.page_mm[0] - layout.scale_bar_mm) / 2.0),
        y + px(8.0),
    );
    let bar = px(layout.scale_bar_mm);
    imgproc::line(
        &mut page,
        Point::new(bx, by),
        Point::new(bx + bar, by),
        black,
        px(0.5).max(1),
        imgproc::LINE_8,
        0,
    )?;
    let ticks = (layout.scale_bar_mm / 10.0).round() as i32;
    for k in 0..=ticks {
        let x = bx + px(10.0 * k as f64);
        let len = if k % 5 == 0 { px(4.0) } else { px(2.0) };
        imgproc::line(
            &mut page,
            Point::new(x, by),
            Point::new(x, by - len),
            black,
            px(0.3).max(1),
            imgproc::LINE_8,
            0,
        )?;
    }
    put(
        &mut page,
        &format!("{} mm", layout.scale_bar_mm),
        Point::new(bx + bar + px(3.0), by),
        dpi * 0.0042,
        black,
    )?;
    Ok(page)
}

/// Draws the sheet and writes it as an image file (PNG recommended; the
/// format follows the extension).
pub fn write_sheet(layout: &SheetLayout, dpi: f64, path: &std::path::Path) -> Result<()> {
    let img = render_sheet(layout, dpi)?;
    let werr = |reason: String| CalibrationError::Write {
        path: path.to_path_buf(),
        reason,
    };
    let ok =
        opencv::imgcodecs::imwrite(&path.to_string_lossy(), &img, &opencv::core::Vector::new())
            .map_err(|e| werr(e.message))?;
    if !ok {
        return Err(werr(
            "unsupported extension or unwritable path (use .png)".into(),
        ));
    }
    Ok(())
}

fn put(img: &mut Mat, text: &str, at: Point, scale: f64, color: Scalar) -> Result<()> {
    let thickness = ((scale * 2.0).round() as i32).max(1);
    imgproc::put_text(
        img,
        text,
        at,
        imgproc::FONT_HERSHEY_SIMPLEX,
        scale,
        color,
        thickness,
        imgproc::LINE_AA,
        false,
    )?;
    Ok(())
}
