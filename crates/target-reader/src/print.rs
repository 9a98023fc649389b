//! Telling the board's own print from dice by the board seen empty.
//!
//! The calibration still shows the board without dice, from the camera
//! that reads it. A die lying on the board covers its print, so its top
//! face looks unlike the still there; a printed shape taken for a die
//! (a painted ghost, an ornate gem) looks as it did. A whole-frame read
//! (no throw's change to go by) drops the dice whose top face is
//! unchanged from the still ([`crate::throw::looks_unchanged`], the test a
//! throw's read puts its dice to against the frame before the throw).

use crate::read::{ReadError, TargetReading};
use crate::throw::looks_unchanged;
use opencv::core::Mat;

/// `reading` of `img` without the dice whose top face looks as in `still`
/// (same camera and size, the board without dice, in the same light as
/// `img`; with no still, or one of another size, nothing is dropped).
pub fn without_print(
    mut reading: TargetReading,
    img: &Mat,
    still: Option<&Mat>,
) -> Result<TargetReading, ReadError> {
    let Some(still) = still else {
        return Ok(reading);
    };
    let mut kept = Vec::with_capacity(reading.dice.len());
    for d in reading.dice {
        if !looks_unchanged(img, still, &d.corners)? {
            kept.push(d);
        }
    }
    reading.dice = kept;
    Ok(reading)
}
