//! A gray image as plain bytes, for the pixel loops that would be slow
//! through OpenCV's per-element accessors.

use crate::error::{Result, VisionError};
use opencv::{core::Mat, imgproc, prelude::*};

/// Row-major 8-bit gray pixels.
#[derive(Clone, Debug)]
pub struct GrayImage {
    pub width: usize,
    pub height: usize,
    pub data: Vec<u8>,
}

impl GrayImage {
    /// Convert a BGR (3-channel) or gray (1-channel) 8-bit frame.
    pub fn from_mat(frame: &Mat) -> Result<GrayImage> {
        if frame.empty() || frame.cols() <= 0 || frame.rows() <= 0 {
            return Err(VisionError::BadFrame("frame has no pixels".into()));
        }
        if frame.depth() != opencv::core::CV_8U {
            return Err(VisionError::BadFrame("frame is not 8-bit".into()));
        }
        let gray = match frame.channels() {
            1 => frame.try_clone()?,
            3 => {
                let mut g = Mat::default();
                imgproc::cvt_color(frame, &mut g, imgproc::COLOR_BGR2GRAY, 0)?;
                g
            }
            4 => {
                let mut g = Mat::default();
                imgproc::cvt_color(frame, &mut g, imgproc::COLOR_BGRA2GRAY, 0)?;
                g
            }
            n => return Err(VisionError::BadFrame(format!("frame has {n} channels"))),
        };
        let gray = if gray.is_continuous() {
            gray
        } else {
            gray.try_clone()?
        };
        Ok(GrayImage {
            width: gray.cols() as usize,
            height: gray.rows() as usize,
            data: gray.data_bytes()?.to_vec(),
        })
    }

    /// Pixel at (x, y); callers keep coordinates in range.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.data[y * self.width + x]
    }

    /// A Mat header over a copy of the pixels, for OpenCV calls.
    pub fn as_mat(&self) -> Result<Mat> {
        let m = Mat::new_rows_cols_with_data(self.height as i32, self.width as i32, &self.data)?;
        Ok(m.try_clone()?)
    }
}
