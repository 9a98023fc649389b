//! Readings the settle found larger than the frame's fitted face size.
//!
//! A reading whose face settles more than `OFF_SIZE` off the fitted size is
//! asked. The fitted size comes from the free readings of the surest finds
//! only, and it undershoots in many frames: most dice read larger than it
//! are right (dev sets: 223 right, 3 wrong, 16 spurious of 242 such asked
//! readings; `docs/measurements/2026-11-27-art-asked-right.md`). What the
//! cap guards against lies elsewhere: a side face is seen foreshortened and
//! settles smaller, and the dice cut by the frame's edge or read twice lie
//! outside the frame or beside another reading. So a reading asked only
//! for being larger keeps its confidence when it matches its face as well
//! as the face's least enrolled example did, its centre lies in the frame,
//! and no other reading lies nearer than a face side on the table.

/// Two whole dice's tops lie a face side apart on the table or more; a
/// reading nearer another than this many sides (a side less the settle
/// grid's step, which a reading's place can be off by) may be its side
/// face or the same die read twice.
pub(super) const LONE: f32 = 0.9;

/// Whether the reading at `i` of `places` (centre, face side, squash) has
/// no other reading within `reach` face sides of it on the table (the
/// image's vertical unsquashed by its squash).
pub(super) fn alone(i: usize, places: &[([f32; 2], f32, f32)], reach: f32) -> bool {
    let (c, side, squash) = places[i];
    let q = squash.max(0.3);
    places.iter().enumerate().all(|(j, &(o, other, _))| {
        j == i || (c[0] - o[0]).hypot((c[1] - o[1]) / q) >= reach * side.max(other)
    })
}

/// Whether `center` lies inside an image `width` × `height`.
pub(super) fn inside(center: [f32; 2], width: f32, height: f32) -> bool {
    (0.0..=width).contains(&center[0]) && (0.0..=height).contains(&center[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_beside_another_is_not_alone() {
        // Faces of 40 px, squash 0.8: 28 px below on the image is 35 px
        // on the table, under 0.9 × 40.
        let places = [([100.0, 100.0], 40.0, 0.8), ([100.0, 128.0], 40.0, 0.8)];
        assert!(!alone(0, &places, LONE));
        assert!(!alone(1, &places, LONE));
        // 32 px below is 40 px on the table: a touching die.
        let places = [([100.0, 100.0], 40.0, 0.8), ([100.0, 132.0], 40.0, 0.8)];
        assert!(alone(0, &places, LONE));
        // The larger of the two faces sets the reach.
        let places = [([100.0, 100.0], 40.0, 1.0), ([140.0, 100.0], 50.0, 1.0)];
        assert!(!alone(0, &places, LONE));
        assert!(alone(0, &places[..1], LONE));
    }

    #[test]
    fn centres_off_the_frame_are_not_inside() {
        assert!(inside([0.0, 719.0], 1280.0, 720.0));
        assert!(!inside([-12.0, 131.0], 1280.0, 720.0));
        assert!(!inside([1275.0, -19.0], 1280.0, 720.0));
        assert!(!inside([f32::NAN, 10.0], 1280.0, 720.0));
    }
}
