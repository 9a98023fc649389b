//! Telling the board's own print from dice by the board seen empty.
//!
//! The calibration still shows the board without dice, from the camera
//! that reads it. A die lying on the board covers its print, so it shows
//! where the frame differs from the still; a printed shape that looks like
//! a die (a painted ghost, an ornate gem) does not. A whole-frame read
//! with a still ([`read_over_still`]) therefore reads only the regions
//! that differ from it, as a throw's read reads what the throw changed
//! ([`crate::throw::read_throw_since`], the still standing for the frame
//! before the throw). Where the difference is not local (the light or the
//! board changed since calibration) the whole frame is read, and the dice
//! whose top face looks as in the still, with fewer than half of their
//! visible side faces changed, are dropped ([`without_print`]; a white die
//! on white paper shows a top face like the paper's, but its sides
//! changed).

use crate::dieset::DieSet;
use crate::read::{read_target, ReadError, TargetReading};
use crate::pose::Pose;
use crate::throw::{looks_like_print, read_throw_since, Scope, CHANGED_LEVELS};
use opencv::core::{self, Mat, Point, Size, Vector, CV_32S, CV_8UC3};
use opencv::imgproc;
use opencv::prelude::*;
use tw_board::{Board, Webs};

/// Connected changes smaller than this (pixels, after a 3×3 opening) are
/// sensor noise or JPEG ringing, not a die.
const MIN_CHANGE_PX: i32 = 20;

/// Reads the dice of `img` (already in the light of calibration, see
/// [`crate::light`]) given `still`, the board without dice as calibrated:
/// only where the frame differs from the still when that is local, else
/// the whole frame without the print ([`without_print`]). Without a still
/// of the frame's size and kind, the whole frame ([`read_target`]).
pub fn read_over_still(
    img: &Mat,
    still: Option<&Mat>,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
) -> Result<TargetReading, ReadError> {
    let same = |s: &&Mat| {
        (s.cols(), s.rows(), s.typ()) == (img.cols(), img.rows(), img.typ()) && s.typ() == CV_8UC3
    };
    let Some(still) = still.filter(same) else {
        return read_target(img, board_to_image, board, webs, set);
    };
    crate::check::frame(img, board_to_image, board, set)?;
    let changed = changed_boxes(img, still)?;
    if changed.is_empty() {
        return Ok(TargetReading {
            width: img.cols() as u32,
            height: img.rows() as u32,
            dice: Vec::new(),
        });
    }
    let got = read_throw_since(
        img,
        Some(still),
        board_to_image,
        board,
        webs,
        set,
        &changed,
        None,
    )?;
    match got.scope {
        Scope::Changed { .. } => Ok(got.reading),
        Scope::Whole { .. } => without_print(got.reading, img, Some(still), board_to_image, set),
    }
}

/// Boxes (x, y, width, height; pixels) of the connected places where
/// `img` differs from `still` by more than [`CHANGED_LEVELS`] in a channel.
pub fn changed_boxes(img: &Mat, still: &Mat) -> Result<Vec<[f64; 4]>, ReadError> {
    let mut diff = Mat::default();
    core::absdiff(img, still, &mut diff)?;
    let mut ch = Vector::<Mat>::new();
    core::split(&diff, &mut ch)?;
    let (mut m, mut most) = (Mat::default(), Mat::default());
    core::max(&ch.get(0)?, &ch.get(1)?, &mut m)?;
    core::max(&m, &ch.get(2)?, &mut most)?;
    let mut bin = Mat::default();
    imgproc::threshold(
        &most,
        &mut bin,
        CHANGED_LEVELS as f64,
        255.0,
        imgproc::THRESH_BINARY,
    )?;
    let k =
        imgproc::get_structuring_element(imgproc::MORPH_RECT, Size::new(3, 3), Point::new(-1, -1))?;
    let mut opened = Mat::default();
    imgproc::morphology_ex(
        &bin,
        &mut opened,
        imgproc::MORPH_OPEN,
        &k,
        Point::new(-1, -1),
        1,
        core::BORDER_CONSTANT,
        imgproc::morphology_default_border_value()?,
    )?;
    let (mut labels, mut stats, mut centres) = (Mat::default(), Mat::default(), Mat::default());
    let n = imgproc::connected_components_with_stats(
        &opened,
        &mut labels,
        &mut stats,
        &mut centres,
        8,
        CV_32S,
    )?;
    let mut boxes = Vec::new();
    for i in 1..n {
        let at = |k: i32| stats.at_2d::<i32>(i, k).copied();
        if at(imgproc::CC_STAT_AREA)? < MIN_CHANGE_PX {
            continue;
        }
        boxes.push([
            at(imgproc::CC_STAT_LEFT)? as f64,
            at(imgproc::CC_STAT_TOP)? as f64,
            at(imgproc::CC_STAT_WIDTH)? as f64,
            at(imgproc::CC_STAT_HEIGHT)? as f64,
        ]);
    }
    Ok(boxes)
}

/// `reading` of `img` without the dice that look as in `still` (same
/// camera and size, the board without dice, in the same light as `img`;
/// with no still, or one of another size, nothing is dropped): top face
/// unchanged and fewer than half of the visible side faces changed
/// ([`looks_like_print`]; where the side faces are comes from the board's
/// homography `board_to_image` and the die set's shape).
pub fn without_print(
    mut reading: TargetReading,
    img: &Mat,
    still: Option<&Mat>,
    board_to_image: &[[f64; 3]; 3],
    set: &DieSet,
) -> Result<TargetReading, ReadError> {
    let Some(still) = still else {
        return Ok(reading);
    };
    let pose = Pose::from_homography(board_to_image, img.cols() as u32, img.rows() as u32)
        .ok_or(ReadError::BadCalibration)?;
    let mut kept = Vec::with_capacity(reading.dice.len());
    for d in &reading.dice {
        if !looks_like_print(img, still, d, &reading.dice, &pose, &set.die)? {
            kept.push(d.clone());
        }
    }
    reading.dice = kept;
    Ok(reading)
}

#[cfg(test)]
mod tests {
    use super::changed_boxes;
    use opencv::core::{Mat, Rect, Scalar, CV_8UC3};
    use opencv::prelude::*;

    #[test]
    fn only_a_real_change_gives_a_box() {
        let still = Mat::new_rows_cols_with_default(120, 160, CV_8UC3, Scalar::all(120.0)).unwrap();
        let mut img = still.clone();
        // A die-sized change and a single changed pixel (noise).
        Mat::roi_mut(&mut img, Rect::new(40, 30, 12, 10))
            .unwrap()
            .set_to(
                &Scalar::new(30.0, 30.0, 200.0, 0.0),
                &opencv::core::no_array(),
            )
            .unwrap();
        *img.at_2d_mut::<opencv::core::Vec3b>(100, 140).unwrap() = [255, 255, 255].into();
        assert_eq!(
            changed_boxes(&img, &still).unwrap(),
            vec![[40.0, 30.0, 12.0, 10.0]]
        );
        assert!(changed_boxes(&still, &still).unwrap().is_empty());
    }
}
