//! Optional lens-distortion correction from views of a chessboard.
//!
//! Cheap webcams bend straight lines near the edges of the view by a few
//! pixels, which is a few millimetres on a table: enough to move a die
//! across a section border. The model is OpenCV's (Brown–Conrady: k1, k2,
//! p1, p2, k3); fitting uses OpenCV, but undistorting a point is plain Rust so
//! that consumers of a profile need no vision library.

use crate::error::{CalibrationError, Result};
use opencv::core::{Mat, Point2f, Point3f, Size, TermCriteria, Vector};
use opencv::prelude::*;
use opencv::{calib3d, imgproc};
use serde::{Deserialize, Serialize};

/// Intrinsics and distortion, in the pixel frame of `image_size`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LensModel {
    pub image_size: [u32; 2],
    /// Focal lengths and principal point in pixels.
    pub fx: f64,
    pub fy: f64,
    pub cx: f64,
    pub cy: f64,
    /// OpenCV order: k1, k2, p1, p2, k3.
    pub distortion: [f64; 5],
    /// Root-mean-square reprojection error of the fit, pixels.
    pub rms_px: f64,
    /// How many chessboard views the fit used (0 for a lens estimated from
    /// the calibration still).
    pub views: usize,
    /// What was estimated and from what, when the model was not fitted to
    /// chessboard views (see [`crate::selflens`]); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub estimated: Option<String>,
}

impl LensModel {
    /// A purely radial lens (k1 only) centred at `centre`, with `scale`
    /// pixels as the unit radius: `p_d = c + (p - c)(1 + k1 |p - c|² / scale²)`.
    pub fn radial(image_size: [u32; 2], centre: [f64; 2], scale: f64, k1: f64) -> LensModel {
        LensModel {
            image_size,
            fx: scale,
            fy: scale,
            cx: centre[0],
            cy: centre[1],
            distortion: [k1, 0.0, 0.0, 0.0, 0.0],
            rms_px: 0.0,
            views: 0,
            estimated: None,
        }
    }

    /// Where a distorted pixel would be with a perfect pinhole lens (same
    /// intrinsics). Fixed-point iteration, as OpenCV's `undistortPoints`.
    pub fn undistort(&self, p: [f64; 2]) -> [f64; 2] {
        let [k1, k2, p1, p2, k3] = self.distortion;
        let (xd, yd) = ((p[0] - self.cx) / self.fx, (p[1] - self.cy) / self.fy);
        let (mut x, mut y) = (xd, yd);
        for _ in 0..20 {
            let r2 = x * x + y * y;
            let radial = 1.0 + k1 * r2 + k2 * r2 * r2 + k3 * r2 * r2 * r2;
            let dx = 2.0 * p1 * x * y + p2 * (r2 + 2.0 * x * x);
            let dy = p1 * (r2 + 2.0 * y * y) + 2.0 * p2 * x * y;
            x = (xd - dx) / radial;
            y = (yd - dy) / radial;
        }
        [x * self.fx + self.cx, y * self.fy + self.cy]
    }

    /// The forward model: where a pinhole-ideal pixel lands through the lens.
    pub fn distort(&self, p: [f64; 2]) -> [f64; 2] {
        let [k1, k2, p1, p2, k3] = self.distortion;
        let (x, y) = ((p[0] - self.cx) / self.fx, (p[1] - self.cy) / self.fy);
        let r2 = x * x + y * y;
        let radial = 1.0 + k1 * r2 + k2 * r2 * r2 + k3 * r2 * r2 * r2;
        let xd = x * radial + 2.0 * p1 * x * y + p2 * (r2 + 2.0 * x * x);
        let yd = y * radial + p1 * (r2 + 2.0 * y * y) + 2.0 * p2 * x * y;
        [xd * self.fx + self.cx, yd * self.fy + self.cy]
    }
}

/// Fits a lens model from grey or colour images of a chessboard with
/// `inner_corners` (columns, rows) inner corners and squares of `square_mm`.
/// Images where the board is not found are skipped and listed in the error
/// if fewer than three views remain.
pub fn calibrate_lens(
    images: &[(String, Mat)],
    inner_corners: (i32, i32),
    square_mm: f64,
) -> Result<LensModel> {
    let (cols, rows) = inner_corners;
    if cols < 2 || rows < 2 {
        return Err(CalibrationError::Lens(format!(
            "chessboard needs at least 2×2 inner corners, got {cols}×{rows}"
        )));
    }
    let pattern = Size::new(cols, rows);
    let mut object_points: Vector<Vector<Point3f>> = Vector::new();
    let mut image_points: Vector<Vector<Point2f>> = Vector::new();
    let mut size: Option<Size> = None;
    let mut missed = Vec::new();
    for (name, img) in images {
        let gray = to_gray(img)?;
        let s = gray.size()?;
        if let Some(first) = size {
            if first != s {
                return Err(CalibrationError::Lens(format!(
                    "{name} is {}×{} but earlier views are {}×{}: use one camera resolution",
                    s.width, s.height, first.width, first.height
                )));
            }
        }
        size = Some(s);
        let mut corners: Vector<Point2f> = Vector::new();
        let flags = calib3d::CALIB_CB_ADAPTIVE_THRESH | calib3d::CALIB_CB_NORMALIZE_IMAGE;
        if !calib3d::find_chessboard_corners(&gray, pattern, &mut corners, flags)? {
            missed.push(name.clone());
            continue;
        }
        let crit = TermCriteria::new(
            opencv::core::TermCriteria_COUNT + opencv::core::TermCriteria_EPS,
            30,
            0.01,
        )?;
        imgproc::corner_sub_pix(
            &gray,
            &mut corners,
            Size::new(5, 5),
            Size::new(-1, -1),
            crit,
        )?;
        let obj: Vector<Point3f> = (0..rows)
            .flat_map(|r| {
                (0..cols).map(move |c| {
                    Point3f::new(
                        (c as f64 * square_mm) as f32,
                        (r as f64 * square_mm) as f32,
                        0.0,
                    )
                })
            })
            .collect();
        object_points.push(obj);
        image_points.push(corners);
    }
    if image_points.len() < 3 {
        return Err(CalibrationError::Lens(format!(
            "chessboard ({cols}×{rows} inner corners) found in {} of {} images, need at least 3{}",
            image_points.len(),
            images.len(),
            if missed.is_empty() {
                String::new()
            } else {
                format!("; not found in: {}", missed.join(", "))
            }
        )));
    }
    let size = size.expect("at least one image");
    let mut camera = Mat::default();
    let mut dist = Mat::default();
    let mut rvecs: Vector<Mat> = Vector::new();
    let mut tvecs: Vector<Mat> = Vector::new();
    let crit = TermCriteria::new(
        opencv::core::TermCriteria_COUNT + opencv::core::TermCriteria_EPS,
        60,
        1e-9,
    )?;
    let rms = calib3d::calibrate_camera(
        &object_points,
        &image_points,
        size,
        &mut camera,
        &mut dist,
        &mut rvecs,
        &mut tvecs,
        0,
        crit,
    )?;
    let at = |r: i32, c: i32| -> Result<f64> { Ok(*camera.at_2d::<f64>(r, c)?) };
    let mut d = [0.0; 5];
    for (i, v) in d.iter_mut().enumerate() {
        *v = *dist.at::<f64>(i as i32)?;
    }
    Ok(LensModel {
        image_size: [size.width as u32, size.height as u32],
        fx: at(0, 0)?,
        fy: at(1, 1)?,
        cx: at(0, 2)?,
        cy: at(1, 2)?,
        distortion: d,
        rms_px: rms,
        views: image_points.len(),
        estimated: None,
    })
}

/// Removes the lens distortion from a whole image, keeping the intrinsics, so
/// pixel coordinates in the result are what [`LensModel::undistort`] gives.
/// The same correction as [`Undistorter::apply`] (one image: its maps are
/// built for this call), so every path through a lens sees the same pixels.
pub fn undistort_image(img: &Mat, lens: &LensModel) -> Result<Mat> {
    Undistorter::new(lens)?.apply(img)
}

/// Removes a lens's distortion from frames, with the pixel maps computed
/// once: a camera's frames are all corrected by one bilinear `remap` each
/// through fixed-point maps (about 5 ms of one thread a 1280×720 frame,
/// 10 ms at 1920×1080: `warden bench lens`; bicubic costs 4–5 times that
/// and read no better on render2, nearest blurs nothing but moves edges by
/// up to half a pixel and doubled the die corner error). Pixels
/// whose source falls outside the frame repeat its edge, so the corners of a
/// barrel-distorted view show no black wedge with edges of its own.
pub struct Undistorter {
    lens: LensModel,
    map1: Mat,
    map2: Mat,
}

impl Undistorter {
    pub fn new(lens: &LensModel) -> Result<Undistorter> {
        let [w, h] = lens.image_size;
        if w == 0 || h == 0 || w > 1 << 15 || h > 1 << 15 {
            return Err(CalibrationError::Lens(format!(
                "lens model for a {w}×{h} image cannot be applied"
            )));
        }
        let k = Mat::from_slice_2d(&[
            [lens.fx, 0.0, lens.cx],
            [0.0, lens.fy, lens.cy],
            [0.0, 0.0, 1.0],
        ])?;
        let d = Mat::from_slice(&lens.distortion)?;
        let (mut map1, mut map2) = (Mat::default(), Mat::default());
        calib3d::init_undistort_rectify_map(
            &k,
            &d,
            &Mat::default(),
            &k,
            Size::new(w as i32, h as i32),
            opencv::core::CV_16SC2,
            &mut map1,
            &mut map2,
        )?;
        Ok(Undistorter {
            lens: lens.clone(),
            map1,
            map2,
        })
    }

    pub fn lens(&self) -> &LensModel {
        &self.lens
    }

    /// The frame as a distortion-free lens with the same intrinsics would
    /// have seen it. Refuses a frame of another size than the lens's.
    pub fn apply(&self, img: &Mat) -> Result<Mat> {
        let s = img.size()?;
        if [s.width as u32, s.height as u32] != self.lens.image_size {
            return Err(CalibrationError::Lens(format!(
                "image is {}×{} but the lens model was fitted at {}×{}",
                s.width, s.height, self.lens.image_size[0], self.lens.image_size[1]
            )));
        }
        let mut out = Mat::default();
        imgproc::remap(
            img,
            &mut out,
            &self.map1,
            &self.map2,
            imgproc::INTER_LINEAR,
            opencv::core::BORDER_REPLICATE,
            opencv::core::Scalar::default(),
        )?;
        Ok(out)
    }
}

pub(crate) fn to_gray(img: &Mat) -> Result<Mat> {
    match img.channels() {
        1 => Ok(img.clone()),
        3 | 4 => {
            let mut g = Mat::default();
            let code = if img.channels() == 3 {
                imgproc::COLOR_BGR2GRAY
            } else {
                imgproc::COLOR_BGRA2GRAY
            };
            imgproc::cvt_color_def(img, &mut g, code)?;
            Ok(g)
        }
        n => Err(CalibrationError::OpenCv(format!(
            "unsupported image with {n} channels"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undistort_inverts_distort() {
        let lens = LensModel {
            image_size: [1280, 720],
            fx: 900.0,
            fy: 900.0,
            cx: 640.0,
            cy: 360.0,
            distortion: [-0.25, 0.08, 0.001, -0.0005, 0.0],
            rms_px: 0.0,
            views: 0,
            estimated: None,
        };
        for p in [[0.0, 0.0], [1279.0, 719.0], [640.0, 360.0], [100.0, 600.0]] {
            let q = lens.undistort(lens.distort(p));
            assert!(
                (q[0] - p[0]).abs() < 0.01 && (q[1] - p[1]).abs() < 0.01,
                "{p:?} → {q:?}"
            );
        }
    }

    /// A dot where the lens bends a point to is moved back to where a
    /// pinhole lens would show it, as [`LensModel::undistort`] says.
    #[test]
    fn the_undistorter_moves_pixels_where_undistort_puts_them() {
        use opencv::core::{Point, Scalar, CV_8UC3};
        let lens = LensModel::radial([320, 240], [159.5, 119.5], 200.0, -0.2);
        let seen = [40.0, 50.0];
        let mut img = Mat::new_rows_cols_with_default(240, 320, CV_8UC3, Scalar::all(0.0)).unwrap();
        imgproc::circle(
            &mut img,
            Point::new(40, 50),
            2,
            Scalar::all(255.0),
            -1,
            imgproc::LINE_8,
            0,
        )
        .unwrap();
        let out = Undistorter::new(&lens).unwrap().apply(&img).unwrap();
        let (mut sum, mut sx, mut sy) = (0.0, 0.0, 0.0);
        for y in 0..240 {
            for x in 0..320 {
                let v = out.at_2d::<opencv::core::Vec3b>(y, x).unwrap()[0] as f64;
                sum += v;
                sx += v * x as f64;
                sy += v * y as f64;
            }
        }
        let want = lens.undistort(seen);
        let got = [sx / sum, sy / sum];
        assert!(
            (got[0] - want[0]).hypot(got[1] - want[1]) < 0.5,
            "{got:?} vs {want:?}"
        );
        assert!(
            (want[0] - seen[0]).hypot(want[1] - seen[1]) > 5.0,
            "the lens moves it"
        );
        let small = Mat::new_rows_cols_with_default(10, 10, CV_8UC3, Scalar::all(0.0)).unwrap();
        assert!(Undistorter::new(&lens).unwrap().apply(&small).is_err());
    }
}
