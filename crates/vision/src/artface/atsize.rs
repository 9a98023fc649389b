//! A die that settled off the frame's fitted face size, read again at it.
//!
//! The settle lets each likely face climb freely in size, and a glyph can
//! grow onto a neighbour, a side face or a shadow, or shrink onto a part of
//! itself that looks like another face. Such a reading is asked already
//! (`OFF_SIZE`), but the face it names is wrong about as often as the face
//! the die shows at the fitted size, whose plane is itself often off; the
//! die's outline (`artface/top.rs`) did not tell the two apart either
//! (docs/measurements/2026-11-27-art-size-settle.md). How clearly a face
//! stands out from the others does: so a reading kept and still asked is
//! read again at the fitted size (unless its face leads the settle's grid
//! there too, when the sizes agree), and the clearer call names the face.
//! It stays asked either way, so nothing sure changes.

/// The face to name instead of the settled one: the fitted size's reading
/// (`face`, `confidence`) where it is a clearer call than the settled
/// reading's own confidence (`settled`, before it was asked for its size)
/// and names another face.
pub(super) fn clearer(settled: (usize, f32), at_size: Option<(usize, f32)>) -> Option<usize> {
    let (face, confidence) = at_size?;
    (face != settled.0 && confidence > settled.1).then_some(face)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clearer_call_of_the_two_sizes_is_named() {
        // Clearer at the fitted size: that face.
        assert_eq!(clearer((2, 0.4), Some((5, 0.7))), Some(5));
        // Clearer where it settled: no change.
        assert_eq!(clearer((2, 0.7), Some((5, 0.4))), None);
        // A tie keeps the settled face.
        assert_eq!(clearer((2, 0.5), Some((5, 0.5))), None);
        // The same face, or no face at the fitted size: no change.
        assert_eq!(clearer((2, 0.4), Some((2, 0.9))), None);
        assert_eq!(clearer((2, 0.4), None), None);
    }
}
