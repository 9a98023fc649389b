//! Webcams through `nokhwa` (v4l2 on Linux, AVFoundation, Media Foundation).
//!
//! Raw camera buffers are decoded with OpenCV (MJPEG, YUYV, NV12, gray, RGB),
//! so nokhwa's own JPEG decoder is not compiled in. Driver failures become
//! [`CaptureError`] values: busy, format refused, and unplugged mid-stream are
//! told apart so the app can say which one happened. nokhwa calls are also
//! guarded against panics (its `Drop` unwraps `stop_stream`, which fails on an
//! unplugged camera), because a camera problem must never take the app down.

use crate::error::CaptureError;
use crate::frame::{decode_image, Frame, SizeWatch};
use crate::{FrameSource, SourceKind};
use nokhwa::pixel_format::RgbFormat;
use nokhwa::utils::{
    ApiBackend, CameraFormat, CameraIndex, FrameFormat, RequestedFormat, RequestedFormatType,
    Resolution,
};
use nokhwa::{Camera, NokhwaError};
use opencv::core::{Mat, Scalar, CV_8UC1, CV_8UC2, CV_8UC3};
use opencv::imgproc;
use opencv::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// A camera the OS reports.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CameraEntry {
    /// Position in the OS's list; `camera:N` on the command line.
    pub index: u32,
    pub name: String,
    pub description: String,
}

/// Read failures in a row after which a camera counts as lost. One failed read
/// is often a hiccup (a dropped USB packet); several mean it is gone.
const LOST_AFTER_FAILURES: u32 = 5;

/// Preferred capture mode: 1280×720 MJPEG at 30 fps is what most webcams do
/// best over USB 2. The driver picks the closest it has.
fn preferred_format() -> RequestedFormat<'static> {
    RequestedFormat::new::<RgbFormat>(RequestedFormatType::Closest(CameraFormat::new(
        Resolution::new(1280, 720),
        FrameFormat::MJPEG,
        30,
    )))
}

fn guarded<T>(what: &str, f: impl FnOnce() -> Result<T, NokhwaError>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("the camera driver crashed while {what}")),
    }
}

/// Lists the cameras the OS reports (an empty list when there are none).
pub fn list_cameras() -> Result<Vec<CameraEntry>, CaptureError> {
    let infos =
        guarded("listing cameras", || nokhwa::query(ApiBackend::Auto)).map_err(|detail| {
            CaptureError::Camera {
                camera: "(listing)".into(),
                detail,
            }
        })?;
    Ok(infos
        .into_iter()
        .enumerate()
        .map(|(i, info)| CameraEntry {
            index: match info.index() {
                CameraIndex::Index(n) => *n,
                CameraIndex::String(_) => i as u32,
            },
            name: info.human_name(),
            description: info.description().to_string(),
        })
        .collect())
}

fn looks_busy(detail: &str) -> bool {
    let d = detail.to_ascii_lowercase();
    d.contains("busy") || d.contains("ebusy") || d.contains("os error 16")
}

fn looks_gone(detail: &str) -> bool {
    let d = detail.to_ascii_lowercase();
    d.contains("no such device") || d.contains("enodev") || d.contains("os error 19")
}

/// Sorts an open/stream-start failure into busy, format refused, or other.
fn classify_open_error(camera: &str, detail: String) -> CaptureError {
    let camera = camera.to_string();
    if looks_busy(&detail) {
        CaptureError::Busy { camera, detail }
    } else if detail.to_ascii_lowercase().contains("format") {
        CaptureError::FormatRefused { camera, detail }
    } else if looks_gone(&detail) {
        CaptureError::DeviceLost { camera, detail }
    } else {
        CaptureError::Camera { camera, detail }
    }
}

/// An open, streaming webcam.
pub struct Webcam {
    name: String,
    camera: Option<Camera>,
    started: Instant,
    index: u64,
    failures: u32,
    lost: bool,
    /// The frame read while opening to prove the stream works; handed out first.
    primed: Option<Frame>,
    sizes: SizeWatch,
}

impl Webcam {
    /// Opens the first camera the OS lists.
    pub fn open_first() -> Result<Webcam, CaptureError> {
        let first = list_cameras()?
            .into_iter()
            .next()
            .ok_or(CaptureError::NoCamera)?;
        Webcam::open(first.index)
    }

    /// Opens camera `index`, starts its stream and reads one frame, so a camera
    /// that opens but cannot stream (busy, format refused) fails here, before
    /// the app commits to it.
    pub fn open(index: u32) -> Result<Webcam, CaptureError> {
        let label = format!("#{index}");
        let camera = guarded("opening the camera", || {
            Camera::new(CameraIndex::Index(index), preferred_format())
        })
        .or_else(|first| {
            // Some drivers reject every "closest" match; accept the camera's current mode.
            guarded("opening the camera", || {
                Camera::new(
                    CameraIndex::Index(index),
                    RequestedFormat::new::<RgbFormat>(RequestedFormatType::None),
                )
            })
            .map_err(|second| format!("{first}; with its current format: {second}"))
        })
        .map_err(|detail| classify_open_error(&label, detail))?;
        let name = format!("Camera {} ({})", index, camera.info().human_name());
        let mut cam = Webcam {
            name,
            camera: Some(camera),
            started: Instant::now(),
            index: 0,
            failures: 0,
            lost: false,
            primed: None,
            sizes: SizeWatch::default(),
        };
        let opened = {
            let camera = cam.camera.as_mut().expect("camera set above");
            guarded("starting the stream", || camera.open_stream())
        };
        opened.map_err(|detail| classify_open_error(&cam.name, detail))?;
        let first = cam.read().map_err(|e| match e {
            CaptureError::Camera { camera, detail } => classify_open_error(&camera, detail),
            other => other,
        })?;
        cam.primed = Some(first);
        Ok(cam)
    }

    fn read(&mut self) -> Result<Frame, CaptureError> {
        let camera = self
            .camera
            .as_mut()
            .ok_or_else(|| CaptureError::DeviceLost {
                camera: self.name.clone(),
                detail: "the stream was closed".into(),
            })?;
        let buffer = guarded("reading a frame", || camera.frame()).map_err(|detail| {
            CaptureError::Camera {
                camera: self.name.clone(),
                detail,
            }
        })?;
        let mat = decode_buffer(
            buffer.source_frame_format(),
            buffer.resolution(),
            buffer.buffer(),
        )
        .map_err(|detail| CaptureError::Camera {
            camera: self.name.clone(),
            detail,
        })?;
        let index = self.index;
        self.index += 1;
        Frame::from_mat(&mat, index, self.started.elapsed())
    }
}

impl FrameSource for Webcam {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Camera
    }

    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        if self.lost {
            return Err(CaptureError::DeviceLost {
                camera: self.name.clone(),
                detail: "lost earlier".into(),
            });
        }
        if let Some(frame) = self.primed.take() {
            return self.sizes.check(frame);
        }
        match self.read() {
            Ok(frame) => {
                self.failures = 0;
                self.sizes.check(frame)
            }
            Err(CaptureError::Camera { camera, detail }) => {
                self.failures += 1;
                if looks_gone(&detail) || self.failures >= LOST_AFTER_FAILURES {
                    self.lost = true;
                    self.close();
                    Err(CaptureError::DeviceLost { camera, detail })
                } else {
                    Err(CaptureError::Camera { camera, detail })
                }
            }
            Err(other) => Err(other),
        }
    }
}

impl Webcam {
    fn close(&mut self) {
        if let Some(camera) = self.camera.take() {
            // nokhwa's Drop unwraps stop_stream(); on an unplugged camera that panics.
            let _ = catch_unwind(AssertUnwindSafe(move || drop(camera)));
        }
    }
}

impl Drop for Webcam {
    fn drop(&mut self) {
        self.close();
    }
}

/// Decodes one raw camera buffer into a BGR image.
fn decode_buffer(format: FrameFormat, res: Resolution, data: &[u8]) -> Result<Mat, String> {
    let (w, h) = (res.width() as i32, res.height() as i32);
    let raw = |typ: i32, rows: i32, bytes_per_row: usize| -> Result<Mat, String> {
        let need = bytes_per_row * rows as usize;
        if data.len() < need {
            return Err(format!(
                "{format} frame of {w}x{h} has {} bytes, expected {need}",
                data.len()
            ));
        }
        let cols = w;
        let mut mat = Mat::new_rows_cols_with_default(rows, cols, typ, Scalar::all(0.0))
            .map_err(|e| e.message)?;
        mat.data_bytes_mut()
            .map_err(|e| e.message)?
            .copy_from_slice(&data[..need]);
        Ok(mat)
    };
    let convert = |src: Mat, code: i32| -> Result<Mat, String> {
        let mut dst = Mat::default();
        imgproc::cvt_color_def(&src, &mut dst, code).map_err(|e| e.message)?;
        Ok(dst)
    };
    let wu = w as usize;
    match format {
        FrameFormat::MJPEG => {
            let mat = decode_image(data).map_err(|e| e.message)?;
            if mat.empty() {
                Err("the camera sent an MJPEG frame that does not decode".into())
            } else {
                Ok(mat)
            }
        }
        FrameFormat::YUYV => convert(raw(CV_8UC2, h, wu * 2)?, imgproc::COLOR_YUV2BGR_YUYV),
        FrameFormat::NV12 => convert(raw(CV_8UC1, h + h / 2, wu)?, imgproc::COLOR_YUV2BGR_NV12),
        FrameFormat::GRAY => raw(CV_8UC1, h, wu),
        FrameFormat::RAWRGB => convert(raw(CV_8UC3, h, wu * 3)?, imgproc::COLOR_RGB2BGR),
        FrameFormat::RAWBGR => raw(CV_8UC3, h, wu * 3),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_errors_are_sorted_by_cause() {
        assert!(matches!(
            classify_open_error(
                "#0",
                "Could not open device stream: Device or resource busy (os error 16)".into()
            ),
            CaptureError::Busy { .. }
        ));
        assert!(matches!(
            classify_open_error("#0", "Cannot find compatible format".into()),
            CaptureError::FormatRefused { .. }
        ));
        assert!(matches!(
            classify_open_error("#0", "No such device (os error 19)".into()),
            CaptureError::DeviceLost { .. }
        ));
        assert!(matches!(
            classify_open_error("#0", "permission denied".into()),
            CaptureError::Camera { .. }
        ));
    }

    #[test]
    fn raw_buffers_decode_to_bgr() {
        // A 4x2 YUYV frame of mid gray (Y=128, U=V=128) decodes to gray BGR pixels.
        let yuyv = vec![128u8; 4 * 2 * 2];
        let mat = decode_buffer(FrameFormat::YUYV, Resolution::new(4, 2), &yuyv).unwrap();
        assert_eq!((mat.cols(), mat.rows(), mat.channels()), (4, 2, 3));
        let px = mat.data_bytes().unwrap();
        assert!(px.iter().all(|&v| (120..=136).contains(&v)), "{px:?}");

        // RGB input comes out with red and blue swapped.
        let rgb = [255u8, 0, 0, 255, 0, 0];
        let mat = decode_buffer(FrameFormat::RAWRGB, Resolution::new(2, 1), &rgb).unwrap();
        assert_eq!(mat.data_bytes().unwrap(), &[0, 0, 255, 0, 0, 255]);
    }

    #[test]
    fn short_buffers_are_errors_not_panics() {
        let err =
            decode_buffer(FrameFormat::YUYV, Resolution::new(640, 480), &[0u8; 10]).unwrap_err();
        assert!(err.contains("expected"), "{err}");
        let err = decode_buffer(FrameFormat::MJPEG, Resolution::new(640, 480), b"not a jpeg")
            .unwrap_err();
        assert!(!err.is_empty());
    }
}
