//! Frame sources for Table Warden: webcams, video files, image sequences,
//! still images and the bundled demo footage, all behind [`FrameSource`].
//!
//! The app and the CLI never care where frames come from. [`open_default`]
//! picks the first webcam and, when there is none or it fails, falls back to
//! the demo footage with a reason the UI shows, so the app always has a
//! picture to show.

mod demo;
mod error;
mod files;
mod frame;
mod pacing;
mod webcam;

pub use demo::{footage_info, DemoFootage, FootageInfo, DEMO_NAME};
pub use error::CaptureError;
pub use files::{is_image_path, ImageSequence, StillImage, VideoFile, IMAGE_EXTENSIONS};
pub use frame::Frame;
pub use pacing::{FpsMeter, Paced};
pub use webcam::{list_cameras, CameraEntry, Webcam};

use serde::Serialize;
use std::path::Path;

/// Where a source's frames come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    Camera,
    VideoFile,
    ImageSequence,
    StillImage,
    Demo,
}

/// Anything that delivers frames, one at a time, in order.
///
/// `next_frame` blocks until a frame is available (cameras, paced footage).
/// After an error for which [`CaptureError::is_terminal`] is true the source
/// is finished; other errors concern one frame and the caller may ask again.
pub trait FrameSource {
    /// Human-readable name for status lines ("Camera 0 (HD Webcam)").
    fn name(&self) -> &str;
    fn kind(&self) -> SourceKind;
    fn next_frame(&mut self) -> Result<Frame, CaptureError>;
    /// The rate the source is meant to play at, when it has one.
    fn nominal_fps(&self) -> Option<f64> {
        None
    }
}

impl<S: FrameSource + ?Sized> FrameSource for Box<S> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn kind(&self) -> SourceKind {
        (**self).kind()
    }
    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        (**self).next_frame()
    }
    fn nominal_fps(&self) -> Option<f64> {
        (**self).nominal_fps()
    }
}

/// The demo footage, paced at its natural rate like a camera would be.
pub fn open_demo() -> Result<Paced<DemoFootage>, CaptureError> {
    Ok(Paced::natural(DemoFootage::new()?))
}

/// The source the app starts with, and why it is not a camera if it is not.
pub struct DefaultSource {
    pub source: Box<dyn FrameSource>,
    /// Set when the demo footage stands in for a camera: the camera's error,
    /// worded for the player ("no camera found", "camera #0 is busy …").
    pub fallback_reason: Option<String>,
}

impl DefaultSource {
    pub fn is_demo(&self) -> bool {
        self.source.kind() == SourceKind::Demo
    }
}

/// Opens the first webcam, or the demo footage when that fails.
pub fn open_default() -> Result<DefaultSource, CaptureError> {
    open_default_with(|| Webcam::open_first().map(|c| Box::new(c) as Box<dyn FrameSource>))
}

/// [`open_default`] with the camera opener supplied, so the fallback can be
/// exercised without hardware.
pub fn open_default_with(
    open_camera: impl FnOnce() -> Result<Box<dyn FrameSource>, CaptureError>,
) -> Result<DefaultSource, CaptureError> {
    match open_camera() {
        Ok(source) => Ok(DefaultSource {
            source,
            fallback_reason: None,
        }),
        Err(camera_error) => {
            let demo = open_demo().map_err(|demo_error| {
                CaptureError::DemoFootage(format!(
                    "{demo_error} (and the camera failed too: {camera_error})"
                ))
            })?;
            Ok(DefaultSource {
                source: Box::new(demo),
                fallback_reason: Some(camera_error.to_string()),
            })
        }
    }
}

/// Opens a source named on the command line or in `TABLE_WARDEN_SOURCE`:
/// `demo`, `camera` (first camera), `camera:N`, a folder of images, an image
/// file, or a video file. Recorded sources are paced at `fps` (or their own rate).
pub fn open_spec(spec: &str, fps: Option<f64>) -> Result<Box<dyn FrameSource>, CaptureError> {
    let paced = |s: Box<dyn FrameSource>| -> Box<dyn FrameSource> {
        let rate = fps.or(s.nominal_fps()).unwrap_or(30.0);
        Box::new(Paced::new(s, rate))
    };
    match spec {
        "demo" => Ok(Box::new(open_demo()?)),
        "camera" => Ok(Box::new(Webcam::open_first()?)),
        _ if spec.starts_with("camera:") => {
            let n = spec["camera:".len()..]
                .parse::<u32>()
                .map_err(|_| CaptureError::Camera {
                    camera: spec.to_string(),
                    detail: "expected camera:N with N a number, as listed by `warden sources`"
                        .into(),
                })?;
            Ok(Box::new(Webcam::open(n)?))
        }
        _ => {
            let path = Path::new(spec);
            files::check_openable(path)?;
            if path.is_dir() {
                Ok(paced(Box::new(ImageSequence::open(
                    path,
                    fps.unwrap_or(15.0),
                )?)))
            } else if is_image_path(path) {
                Ok(paced(Box::new(StillImage::open(path)?.repeat(true))))
            } else {
                Ok(paced(Box::new(VideoFile::open(path)?)))
            }
        }
    }
}

/// One entry of `warden sources`.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SourceInfo {
    /// What to pass to `open_spec` (`camera:0`, `demo`).
    pub id: String,
    pub kind: SourceKind,
    pub name: String,
    pub detail: String,
}

/// Everything that can be opened without naming a file, plus why the camera
/// list is missing when the OS could not be asked.
#[derive(Debug, Clone, Serialize)]
pub struct SourceList {
    pub sources: Vec<SourceInfo>,
    pub camera_error: Option<String>,
}

/// Cameras the OS reports, then the demo footage.
pub fn list_sources() -> SourceList {
    list_sources_with(list_cameras())
}

fn list_sources_with(cameras: Result<Vec<CameraEntry>, CaptureError>) -> SourceList {
    let (cameras, camera_error) = match cameras {
        Ok(c) => (c, None),
        Err(e) => (Vec::new(), Some(e.to_string())),
    };
    let mut sources: Vec<SourceInfo> = cameras
        .into_iter()
        .map(|c| SourceInfo {
            id: format!("camera:{}", c.index),
            kind: SourceKind::Camera,
            name: c.name,
            detail: c.description,
        })
        .collect();
    let detail = match footage_info() {
        Ok(info) => format!(
            "{} frames, {}x{} at {} fps, looping; {}",
            demo::frame_count(),
            info.width,
            info.height,
            info.fps,
            info.description
        ),
        Err(e) => format!("unavailable: {e}"),
    };
    sources.push(SourceInfo {
        id: "demo".into(),
        kind: SourceKind::Demo,
        name: DEMO_NAME.into(),
        detail,
    });
    SourceList {
        sources,
        camera_error,
    }
}

#[cfg(test)]
mod tests;
