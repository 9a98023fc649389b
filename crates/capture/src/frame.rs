//! One captured image plus where it sits in its stream.

use crate::error::CaptureError;
use opencv::core::{Mat, Scalar, Vector, CV_8UC3};
use opencv::prelude::*;
use opencv::{imgcodecs, imgproc};
use std::time::Duration;

/// A frame in 8-bit BGR order (OpenCV's native layout, so vision code can wrap
/// it without converting), rows top to bottom, no padding.
#[derive(Clone, PartialEq, Eq)]
pub struct Frame {
    /// 0-based count of frames this source has delivered (a looping source keeps counting).
    pub index: u64,
    /// Time of the frame: media time for files and demo footage, time since the
    /// stream opened for cameras. Used for settle timing, not wall-clock dates.
    pub timestamp: Duration,
    pub width: u32,
    pub height: u32,
    /// `width * height * 3` bytes, B, G, R per pixel.
    pub data: Vec<u8>,
}

impl std::fmt::Debug for Frame {
    // The pixel bytes would drown any log line; print the shape only.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frame")
            .field("index", &self.index)
            .field("timestamp", &self.timestamp)
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

impl Frame {
    /// Copies an OpenCV image (gray, BGR or BGRA, 8-bit) into a BGR frame.
    pub fn from_mat(mat: &Mat, index: u64, timestamp: Duration) -> Result<Frame, CaptureError> {
        if mat.empty() {
            return Err(opencv::Error::new(opencv::core::StsBadArg, "empty image").into());
        }
        if mat.depth() != opencv::core::CV_8U {
            return Err(opencv::Error::new(
                opencv::core::StsUnsupportedFormat,
                format!("expected 8-bit pixels, got OpenCV depth {}", mat.depth()),
            )
            .into());
        }
        let bgr = match mat.channels() {
            3 => mat.try_clone()?,
            1 => convert(mat, imgproc::COLOR_GRAY2BGR)?,
            4 => convert(mat, imgproc::COLOR_BGRA2BGR)?,
            n => {
                return Err(opencv::Error::new(
                    opencv::core::StsUnsupportedFormat,
                    format!("expected 1, 3 or 4 channels, got {n}"),
                )
                .into())
            }
        };
        let bgr = if bgr.is_continuous() {
            bgr
        } else {
            bgr.try_clone()?
        };
        Ok(Frame {
            index,
            timestamp,
            width: bgr.cols() as u32,
            height: bgr.rows() as u32,
            data: bgr.data_bytes()?.to_vec(),
        })
    }

    /// Copies the frame into a new OpenCV BGR image.
    pub fn to_mat(&self) -> Result<Mat, CaptureError> {
        let mut mat = Mat::new_rows_cols_with_default(
            self.height as i32,
            self.width as i32,
            CV_8UC3,
            Scalar::all(0.0),
        )?;
        let dst = mat.data_bytes_mut()?;
        if dst.len() != self.data.len() {
            return Err(opencv::Error::new(
                opencv::core::StsBadSize,
                format!(
                    "frame holds {} bytes, {}x{} BGR needs {}",
                    self.data.len(),
                    self.width,
                    self.height,
                    dst.len()
                ),
            )
            .into());
        }
        dst.copy_from_slice(&self.data);
        Ok(mat)
    }

    /// Encodes the frame as JPEG (`quality` 1–100) for the live view.
    pub fn encode_jpeg(&self, quality: i32) -> Result<Vec<u8>, CaptureError> {
        let mat = self.to_mat()?;
        let mut out = Vector::<u8>::new();
        let params = Vector::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, quality.clamp(1, 100)]);
        if !imgcodecs::imencode(".jpg", &mat, &mut out, &params)? {
            return Err(opencv::Error::new(
                opencv::core::StsError,
                "JPEG encoder refused the frame",
            )
            .into());
        }
        Ok(out.to_vec())
    }

    pub fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }
}

fn convert(src: &Mat, code: i32) -> Result<Mat, opencv::Error> {
    let mut dst = Mat::default();
    imgproc::cvt_color_def(src, &mut dst, code)?;
    Ok(dst)
}

/// Decodes an encoded image (JPEG, PNG, …) held in memory.
pub(crate) fn decode_image(bytes: &[u8]) -> Result<Mat, opencv::Error> {
    let buf = Vector::<u8>::from_slice(bytes);
    imgcodecs::imdecode(&buf, imgcodecs::IMREAD_COLOR)
}

/// Remembers a stream's frame size and reports when it changes, so every
/// source flags a mid-stream size change the same way.
#[derive(Debug, Default)]
pub(crate) struct SizeWatch {
    last: Option<(u32, u32)>,
}

impl SizeWatch {
    /// Passes the frame through, or wraps it in [`CaptureError::SizeChanged`]
    /// when its size differs from the previous frame's.
    pub(crate) fn check(&mut self, frame: Frame) -> Result<Frame, CaptureError> {
        let size = frame.size();
        match self.last.replace(size) {
            Some(prev) if prev != size => Err(CaptureError::SizeChanged {
                from: prev,
                to: size,
                frame: Box::new(frame),
            }),
            _ => Ok(frame),
        }
    }
}
