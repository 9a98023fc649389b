//! Loading still images with errors that name the file and the problem.
//!
//! We read the bytes ourselves and decode from memory rather than calling
//! `imread`, because `imread` answers every failure (missing file, empty file,
//! corrupt data) with the same empty matrix.

use crate::error::{Result, VisionError};
use opencv::{core::Mat, core::Vector, imgcodecs, prelude::*};
use std::path::Path;

/// Load a colour (BGR, 8-bit) image from `path`.
pub fn load_bgr(path: &Path) -> Result<Mat> {
    let bytes = std::fs::read(path).map_err(|error| VisionError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    decode_bgr(&bytes).map_err(|e| match e {
        VisionError::EmptyFile { .. } => VisionError::EmptyFile {
            path: path.to_path_buf(),
        },
        VisionError::Undecodable { .. } => VisionError::Undecodable {
            path: path.to_path_buf(),
        },
        other => other,
    })
}

/// Decode an in-memory encoded image (JPEG, PNG, ...) into a BGR matrix.
/// Error variants carry an empty path; [`load_bgr`] fills it in.
pub fn decode_bgr(bytes: &[u8]) -> Result<Mat> {
    if bytes.is_empty() {
        return Err(VisionError::EmptyFile {
            path: Default::default(),
        });
    }
    let buf = Vector::<u8>::from_slice(bytes);
    // OpenCV may print a warning and return an empty Mat, or return an error,
    // for corrupt data; both mean "not an image".
    let mat = imgcodecs::imdecode(&buf, imgcodecs::IMREAD_COLOR).map_err(|_| {
        VisionError::Undecodable {
            path: Default::default(),
        }
    })?;
    if mat.empty() || mat.cols() == 0 || mat.rows() == 0 {
        return Err(VisionError::Undecodable {
            path: Default::default(),
        });
    }
    Ok(mat)
}

/// Width and height of a frame in pixels (zero for an empty matrix).
pub fn frame_size(frame: &Mat) -> (u32, u32) {
    (frame.cols().max(0) as u32, frame.rows().max(0) as u32)
}
