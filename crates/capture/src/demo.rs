//! The bundled demo footage: a looping clip of dice thrown onto a table,
//! drawn by `examples/make_demo.rs` and embedded at build time. It stands in
//! for a camera wherever there is none (CI, these machines, a first run).

use crate::error::CaptureError;
use crate::frame::{decode_image, Frame};
use crate::{FrameSource, SourceKind};
use serde::Deserialize;
use std::time::Duration;

include!(concat!(env!("OUT_DIR"), "/demo_frames.rs"));

/// What `assets/demo/footage.json` says about the clip.
#[derive(Debug, Clone, Deserialize, PartialEq)]
pub struct FootageInfo {
    /// Playback rate the clip was drawn for.
    pub fps: f64,
    pub width: u32,
    pub height: u32,
    /// One line on how the footage was made.
    #[serde(default)]
    pub description: String,
}

/// Name shown for the demo source in the UI and `warden sources`.
pub const DEMO_NAME: &str = "Demo footage (bundled)";

/// Reads the embedded footage manifest.
pub fn footage_info() -> Result<FootageInfo, CaptureError> {
    let json = FOOTAGE_JSON.ok_or_else(|| {
        CaptureError::DemoFootage("assets/demo/footage.json was missing at build time".into())
    })?;
    serde_json::from_str(json).map_err(|e| CaptureError::DemoFootage(format!("footage.json: {e}")))
}

/// Number of embedded demo frames.
pub fn frame_count() -> usize {
    FRAMES.len()
}

/// Plays the embedded clip in a loop, as fast as it is asked; wrap it in
/// [`crate::Paced`] to play it at its natural rate.
pub struct DemoFootage {
    info: FootageInfo,
    position: usize,
    index: u64,
}

impl DemoFootage {
    pub fn new() -> Result<Self, CaptureError> {
        let info = footage_info()?;
        if FRAMES.is_empty() {
            return Err(CaptureError::DemoFootage(
                "no frames in assets/demo at build time".into(),
            ));
        }
        if !(info.fps.is_finite() && info.fps > 0.0) {
            return Err(CaptureError::DemoFootage(format!(
                "footage.json gives fps {}",
                info.fps
            )));
        }
        Ok(DemoFootage {
            info,
            position: 0,
            index: 0,
        })
    }

    pub fn info(&self) -> &FootageInfo {
        &self.info
    }
}

impl FrameSource for DemoFootage {
    fn name(&self) -> &str {
        DEMO_NAME
    }

    fn kind(&self) -> SourceKind {
        SourceKind::Demo
    }

    fn nominal_fps(&self) -> Option<f64> {
        Some(self.info.fps)
    }

    fn next_frame(&mut self) -> Result<Frame, CaptureError> {
        let (file, bytes) = FRAMES[self.position];
        self.position = (self.position + 1) % FRAMES.len();
        let index = self.index;
        self.index += 1;
        let mat = decode_image(bytes)
            .map_err(|e| CaptureError::DemoFootage(format!("{file}: {}", e.message)))?;
        if opencv::prelude::MatTraitConst::empty(&mat) {
            return Err(CaptureError::DemoFootage(format!(
                "{file} does not decode as an image"
            )));
        }
        let timestamp = Duration::from_secs_f64(index as f64 / self.info.fps);
        Frame::from_mat(&mat, index, timestamp)
    }
}
