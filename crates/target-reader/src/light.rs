//! Reading under the light the board was calibrated in.
//!
//! The die set's colours were enrolled under neutral light; a lamp or a
//! camera's white balance shifts them (a white die turns yellow or blue).
//! When the calibration kept the board's look ([`BoardLook`]), the frame's
//! channel gains against it are measured on the uncovered print and the
//! frame is scaled by them before it is read, so every step (candidates,
//! fits, verifier, colour) sees the colours of calibration. Without a look,
//! or when the gains are negligible, the frame is read as it is.

use crate::read::ReadError;
use opencv::core::Mat;
use std::borrow::Cow;
use tw_calibration::{apply_gains, as_if_lit, BoardLook, Homography};

/// `img` brought back to the light of calibration by `look`, or `img`
/// itself (no look, no measurable gains, or gains too small to matter).
pub fn neutral_frame<'a>(
    img: &'a Mat,
    board_to_image: &[[f64; 3]; 3],
    look: Option<&BoardLook>,
) -> Result<Cow<'a, Mat>, ReadError> {
    let Some(gains) = look.and_then(|l| l.gains(img, &Homography(*board_to_image))) else {
        return Ok(Cow::Borrowed(img));
    };
    match apply_gains(img, gains) {
        Ok(Some(m)) => Ok(Cow::Owned(m)),
        Ok(None) => Ok(Cow::Borrowed(img)),
        Err(e) => Err(ReadError::Light(e.to_string())),
    }
}

/// The calibration still brought to neutral light by `look`, as frames
/// are ([`neutral_frame`]): when the look was neutralised on the markers
/// (a lamp already on at calibration), the still still shows the lamp, and
/// a frame is only comparable with it once both are neutral. Done once,
/// when the still is loaded.
pub fn neutral_still(
    still: Option<Mat>,
    board_to_image: &[[f64; 3]; 3],
    look: Option<&BoardLook>,
) -> Result<Option<Mat>, ReadError> {
    let Some(still) = still else {
        return Ok(None);
    };
    Ok(Some(match neutral_frame(&still, board_to_image, look)? {
        Cow::Owned(m) => m,
        Cow::Borrowed(_) => still,
    }))
}

/// `img` brought back to the light of calibration, with `still` (the
/// calibration still, already neutral: [`neutral_still`]) as the camera
/// would have shown it in `img`'s light and brought back the same way.
/// A cast clips bright print in the frame (white paper, parchment) and
/// no gain brings the lost level back; the still clipped alike differs
/// from the frame only where the scene does, so the print stays print.
pub fn neutral_with_still<'a>(
    img: &'a Mat,
    still: Option<&'a Mat>,
    board_to_image: &[[f64; 3]; 3],
    look: Option<&BoardLook>,
) -> Result<(Cow<'a, Mat>, Option<Cow<'a, Mat>>), ReadError> {
    let Some(gains) = look.and_then(|l| l.gains(img, &Homography(*board_to_image))) else {
        return Ok((Cow::Borrowed(img), still.map(Cow::Borrowed)));
    };
    let light = |e: tw_calibration::CalibrationError| ReadError::Light(e.to_string());
    let frame = match apply_gains(img, gains).map_err(light)? {
        Some(m) => Cow::Owned(m),
        None => return Ok((Cow::Borrowed(img), still.map(Cow::Borrowed))),
    };
    let still = match still {
        Some(s) => Some(match as_if_lit(s, gains).map_err(light)? {
            Some(m) => Cow::Owned(m),
            None => Cow::Borrowed(s),
        }),
        None => None,
    };
    Ok((frame, still))
}
