//! Frame sources by name, with the calibration a source brings: the
//! generated Dungeon Fighter clip (`demo:combat`) is drawn into the data
//! folder on first use and read with its own calibration; every other name
//! is `tw_capture::open_spec`'s (`demo`, `camera`, `camera:N`, a path).

use std::path::PathBuf;
use tw_capture::{open_spec, CaptureError, FrameSource};

/// The source `spec`, and the calibration file that belongs to it (used
/// instead of the saved one), if any. The demo clip loops, as the live view
/// wants it.
pub fn open_named(spec: &str) -> Result<(Box<dyn FrameSource>, Option<PathBuf>), CaptureError> {
    open_named_with(spec, true)
}

/// [`open_named`], with the demo clip played once when `looping` is false
/// (a headless run that ends with its source).
pub fn open_named_with(spec: &str, looping: bool) -> Result<(Box<dyn FrameSource>, Option<PathBuf>), CaptureError> {
    if spec != crate::demo_combat::SPEC {
        return Ok((open_spec(spec, None)?, None));
    }
    let clip_error = |e: String| CaptureError::DemoFootage(e);
    let data = crate::paths::data_dir().map_err(clip_error)?;
    let dir = crate::demo_combat::ensure_clip(&data).map_err(clip_error)?;
    Ok((crate::demo_combat::open_with(&dir, looping)?, Some(dir.join(crate::demo_combat::PROFILE))))
}
