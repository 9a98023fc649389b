//! What can go wrong while getting frames, phrased for the player.
//!
//! Every failure is a value, never a panic: the app shows the message and
//! falls back to demo footage, the CLI prints it and exits non-zero.

use crate::frame::Frame;
use std::path::PathBuf;

/// A frame source could not deliver a frame.
///
/// [`CaptureError::is_terminal`] separates "this source is finished" (ended,
/// device lost) from "this one frame failed, ask again".
#[derive(Debug, thiserror::Error)]
pub enum CaptureError {
    /// No camera is connected (or none the OS lets us see).
    #[error("no camera found")]
    NoCamera,
    /// The camera exists but another program holds it.
    #[error("camera {camera} is busy (is another program using it?): {detail}")]
    Busy { camera: String, detail: String },
    /// The camera offered no format we can decode.
    #[error("camera {camera} refused the requested formats: {detail}")]
    FormatRefused { camera: String, detail: String },
    /// The camera stopped delivering frames, typically because it was unplugged.
    #[error("camera {camera} stopped delivering frames (unplugged?): {detail}")]
    DeviceLost { camera: String, detail: String },
    /// Any other camera failure reported by the driver.
    #[error("camera {camera}: {detail}")]
    Camera { camera: String, detail: String },
    /// A finite source (video, image sequence, still image) has no more frames.
    #[error("{source_name} has no more frames")]
    Ended { source_name: String },
    /// A file or folder could not be opened or decoded. The source skips it;
    /// asking again continues with the next frame.
    #[error("cannot read {}: {reason}", path.display())]
    Unreadable { path: PathBuf, reason: String },
    /// The frame size differs from the previous frame's. The frame itself is
    /// carried along so nothing is lost; the new size becomes the expected one.
    #[error("frame size changed from {}x{} to {}x{} at frame {}", from.0, from.1, to.0, to.1, frame.index)]
    SizeChanged {
        from: (u32, u32),
        to: (u32, u32),
        frame: Box<Frame>,
    },
    /// The footage bundled into the binary is missing or damaged (a build problem).
    #[error("bundled demo footage is unusable: {0}")]
    DemoFootage(String),
    /// An OpenCV call failed in a way not covered above.
    #[error("OpenCV: {0}")]
    OpenCv(#[from] opencv::Error),
}

impl CaptureError {
    /// True when the source will not produce further frames and must be
    /// replaced (the app then switches to demo footage).
    pub fn is_terminal(&self) -> bool {
        matches!(
            self,
            CaptureError::Ended { .. }
                | CaptureError::DeviceLost { .. }
                | CaptureError::NoCamera
                | CaptureError::Busy { .. }
                | CaptureError::FormatRefused { .. }
                | CaptureError::DemoFootage(_)
        )
    }
}
