//! Die-at-rest detection: a cheap per-frame motion stage and the state
//! machine idle → moving → settling → at rest that announces "throw finished".
//!
//! - [`frame`]: borrowed frame views and the coarse luma [`Grid`] every later
//!   step works on.
//! - [`gain`]: exposure ratio between frames, to cancel auto-exposure flicker.
//! - [`blobs`]: connected changed regions and their shape statistics.
//! - [`detector`]: thresholds, restless-cell adaptation, and the die / hand /
//!   shadow classification of regions.
//! - [`settle`]: the pure state machine, driven by frame timestamps.
//! - [`stage`]: [`MotionStage`], all of the above behind one `process` call.
//! - [`synth`]: a small generator of throw sequences with ground truth, for
//!   tests and the `warden bench motion` benchmark.
//! - [`bench`]: the measurements that benchmark prints.

pub mod bench;
pub mod blobs;
pub mod detector;
pub mod frame;
pub mod gain;
pub mod settle;
pub mod stage;
pub mod synth;

pub use detector::{FrameMotion, MotionConfig, Region, RegionKind};
pub use frame::{FrameView, Grid, PixelFormat};
pub use settle::{SettleConfig, SettleMachine, State, Transition};
pub use stage::{Event, MotionStage, StageConfig, StageOutput};

/// Why a frame could not be processed. The stage is left as it was.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MotionError {
    #[error("empty frame (zero width or height)")]
    EmptyFrame,
    #[error("frame row stride {stride} is shorter than a row ({row_bytes} bytes)")]
    BadStride { stride: usize, row_bytes: usize },
    #[error("frame buffer holds {got} bytes, the frame needs {needed}")]
    ShortBuffer { needed: usize, got: usize },
    #[error("frame {width}×{height} is smaller than one {factor}-pixel motion cell")]
    FrameTooSmall {
        width: usize,
        height: usize,
        factor: usize,
    },
    #[error("frame size changed from {}×{} to {}×{} mid-stream; reset the motion stage", was.0, was.1, now.0, now.1)]
    SizeChanged {
        was: (usize, usize),
        now: (usize, usize),
    },
    #[error("frame timestamp {t_ms} ms is earlier than the previous frame's {previous_ms} ms")]
    TimestampWentBack { previous_ms: f64, t_ms: f64 },
    #[error("frame timestamp {t_ms} is not a finite number")]
    BadTimestamp { t_ms: f64 },
}
