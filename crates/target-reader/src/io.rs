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

/// [`load_frame`] through the calibration's lens ([`through_lens`]): what
/// every command that reads one photo with a profile works on. Errors name
/// the file (a frame of another size than the lens was fitted at included).
pub fn load_frame_through_lens(
    path: &Path,
    lens: Option<&tw_calibration::LensModel>,
) -> Result<Mat, String> {
    let img = load_frame(path)?;
    match lens {
        None => Ok(img),
        Some(_) => through_lens(&img, lens)
            .map(std::borrow::Cow::into_owned)
            .map_err(|e| format!("{}: lens correction: {e}", path.display())),
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

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::core::{Point, Scalar, CV_8UC3};

    /// Where the bright pixels of a frame are, on average.
    fn centroid(img: &Mat) -> [f64; 2] {
        let (mut sum, mut sx, mut sy) = (0.0, 0.0, 0.0);
        for y in 0..img.rows() {
            for x in 0..img.cols() {
                let v = img.at_2d::<opencv::core::Vec3b>(y, x).unwrap()[1] as f64;
                sum += v;
                sx += v * x as f64;
                sy += v * y as f64;
            }
        }
        [sx / sum, sy / sum]
    }

    /// A photo read with a lens comes back corrected (a dot moved where the
    /// lens model puts it); without one, as it is; a photo of another size
    /// than the lens's is refused, naming the file.
    #[test]
    fn a_frame_file_is_read_through_the_lens() {
        let dir = std::env::temp_dir().join(format!("tw-io-lens-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("frame.png");
        let mut img = Mat::new_rows_cols_with_default(240, 320, CV_8UC3, Scalar::all(0.0)).unwrap();
        let dot = Point::new(40, 50);
        opencv::imgproc::circle(
            &mut img,
            dot,
            2,
            Scalar::all(255.0),
            -1,
            opencv::imgproc::LINE_8,
            0,
        )
        .unwrap();
        save_png(&path, &img).unwrap();
        let lens = tw_calibration::LensModel::radial([320, 240], [159.5, 119.5], 200.0, -0.2);

        let plain = load_frame_through_lens(&path, None).unwrap();
        let got = centroid(&plain);
        assert!((got[0] - 40.0).hypot(got[1] - 50.0) < 0.5, "{got:?}");

        let corrected = load_frame_through_lens(&path, Some(&lens)).unwrap();
        let (got, want) = (centroid(&corrected), lens.undistort([40.0, 50.0]));
        assert!(
            (got[0] - want[0]).hypot(got[1] - want[1]) < 0.5,
            "{got:?} vs {want:?}"
        );

        let other = tw_calibration::LensModel::radial([640, 480], [319.5, 239.5], 400.0, -0.2);
        let e = load_frame_through_lens(&path, Some(&other)).unwrap_err();
        assert!(e.contains("frame.png") && e.contains("640"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
