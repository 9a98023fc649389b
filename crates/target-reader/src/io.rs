//! Image files, with errors that name the file.

use opencv::core::{Mat, Vector};
use opencv::imgcodecs;
use opencv::prelude::*;
use std::path::Path;

/// Loads a colour image through [`tw_vision::image_io::load_bgr`]: errors
/// name the file; images above 50 megapixels, truncated JPEGs and things that
/// are not regular files (a FIFO, a folder, a device) are refused before
/// anything is decoded.
pub fn load_image(path: &Path) -> Result<Mat, String> {
    tw_vision::image_io::load_bgr(path).map_err(|e| e.to_string())
}

/// Smallest frame (pixels a side) the target reader works on: below it the
/// board cannot be seen, and the reader's half-size pass would be empty.
pub const MIN_FRAME: i32 = 64;

/// [`load_image`] for a photo of the board: also refuses one smaller than
/// [`MIN_FRAME`] on a side, naming the file and its size.
pub fn load_frame(path: &Path) -> Result<Mat, String> {
    let img = load_image(path)?;
    if img.cols() < MIN_FRAME || img.rows() < MIN_FRAME {
        return Err(format!(
            "{}: the image is {}×{} pixels; a photo of the board must be at least {MIN_FRAME}×{MIN_FRAME}",
            path.display(),
            img.cols(),
            img.rows()
        ));
    }
    Ok(img)
}

/// A frame as the reader takes it when the calibration holds a lens model:
/// corrected for the lens, so that the profile's homography (fitted on
/// undistorted pixels) holds on it; unchanged (borrowed) without one. For
/// many frames of one camera build a [`tw_calibration::Undistorter`] once.
pub fn through_lens<'a>(
    img: &'a Mat,
    lens: Option<&tw_calibration::LensModel>,
) -> Result<std::borrow::Cow<'a, Mat>, String> {
    match lens {
        None => Ok(std::borrow::Cow::Borrowed(img)),
        Some(l) => tw_calibration::Undistorter::new(l)
            .and_then(|u| u.apply(img))
            .map(std::borrow::Cow::Owned)
            .map_err(|e| e.to_string()),
    }
}

pub fn save_png(path: &Path, img: &Mat) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let ok = imgcodecs::imwrite(&path.to_string_lossy(), img, &Vector::new())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if !ok {
        return Err(format!(
            "{}: OpenCV could not write the image",
            path.display()
        ));
    }
    Ok(())
}
