//! Image files, with errors that name the file.

use opencv::core::{Mat, Vector};
use opencv::imgcodecs;
use opencv::prelude::*;
use std::path::Path;

pub fn load_image(path: &Path) -> Result<Mat, String> {
    if !path.is_file() {
        return Err(format!("{}: no such image file", path.display()));
    }
    let img = imgcodecs::imread(&path.to_string_lossy(), imgcodecs::IMREAD_COLOR)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if img.empty() {
        return Err(format!(
            "{}: not a readable image (corrupt or unsupported format)",
            path.display()
        ));
    }
    Ok(img)
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
