//! Table vision: finding dice in a frame and reading their faces.
//!
//! Modules, in pipeline order:
//! - [`image_io`]: load still images with errors that name the file.
//! - [`gray`]: frames as plain gray bytes for fast pixel loops.
//! - [`pips`]: pip candidates of either polarity.
//! - [`faces`]: pips grouped into faces; top face per die.
//! - [`geometry`]: face outline and standard-layout fit from pips.
//! - [`color`]: colour classes from configurable HSV ranges.
//! - [`reader`]: the [`DiceReader`] and the [`FaceReader`] plug-in trait.
//! - [`eval`]: scoring against YOLO-labelled photos.
//! - [`synth`]: rendered dice with known faces, for tests and benchmarks.
//! - [`bench`]: the read-speed benchmark behind `warden bench read`.

pub mod bench;
pub mod color;
pub mod error;
pub mod eval;
pub mod faces;
pub mod geometry;
pub mod gray;
pub mod image_io;
pub mod pips;
pub mod reader;
pub mod synth;

pub use error::{Result, VisionError};
pub use reader::{DiceReader, Die, FaceLabel, FaceReader, FaceView, PipCountReader, Reading};
