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
            3 => return Self::from_bgr(frame),
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

    /// A BGR frame converted straight into the image's own bytes (no
    /// second copy of a frame-sized image).
    fn from_bgr(frame: &Mat) -> Result<GrayImage> {
        let (width, height) = (frame.cols() as usize, frame.rows() as usize);
        let mut data = vec![0u8; width * height];
        let start = data.as_ptr();
        {
            let mut dst = Mat::new_rows_cols_with_data_mut(height as i32, width as i32, &mut data)?;
            imgproc::cvt_color(frame, &mut dst, imgproc::COLOR_BGR2GRAY, 0)?;
            // OpenCV writes into a destination of the right size and type;
            // had it made a new one, the bytes here would be blank.
            if dst.data() != start {
                return Err(VisionError::BadFrame(
                    "gray conversion did not write in place".into(),
                ));
            }
        }
        Ok(GrayImage {
            width,
            height,
            data,
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
