//! Readings the settle found off the frame's fitted face size.
//!
//! A reading whose face settles more than `OFF_SIZE` off the fitted size is
//! asked. The fitted size comes from the free readings of the surest finds
//! only, and in many frames it is off by more than that for most dice: of
//! the readings asked for their size alone on the dev sets, 617 were right,
//! 10 wrong and 79 spurious (`docs/measurements/2026-11-27-art-asked-right.md`).
//! What the cap guards against are readings that are not a die's top: a
//! die's side face, the same die read twice, a die cut by the frame's edge.
//! So a reading asked for its size alone keeps its confidence when it
//! matches its face as well as the face's least enrolled example did, it
//! lies within [`WITHIN`] of the fitted size, its centre lies in the
//! frame, no other reading lies nearer than [`LONE`] face sides on the
//! table, and no top it could be a side face of (a reading or a finder
//! peak, read or not) lies just beyond it from the camera.

/// Two whole dice's tops lie a face side apart on the table or more; a
/// reading nearer another than this many sides (a side less the settle
/// grid's step, which a reading's place can be off by) may be the same die
/// read twice.
pub(super) const LONE: f32 = 0.9;
/// Only readings within this factor of the fitted size either way: one
/// further off lies at the settle's extremes (its grid tries 0.9–1.1 of
/// the fitted size), where a glyph matched at the wrong scale reads as
/// another face (seen on the reserved seeds 2717301–3).
pub(super) const WITHIN: f32 = 1.3;
/// A side face's centre lies `(1 + tan θ) / 2` sides from its top's on the
/// table, seen at θ from straight down: a top is looked for this far
/// beyond a reading (from a third of a side, nearer being the reading's
/// own face, up to θ ≈ 63°, or less where the places are a little off),
/// in face sides along the line from the nadir...
const BEYOND: (f32, f32) = (0.3, 1.5);
/// ...and within this many sides across that line.
const ACROSS: f32 = 0.6;

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

/// Whether one of `tops` (centres of readings and finder peaks) lies just
/// beyond the reading at `center` from the camera's `nadir`: a die's top
/// the reading could be a side face of. `side` and `squash` are the fitted
/// face side and squash at the reading.
pub(super) fn top_beyond(
    center: [f32; 2],
    side: f32,
    squash: f32,
    nadir: [f32; 2],
    tops: &[[f32; 2]],
) -> bool {
    let q = squash.max(0.3);
    let (ux, uy) = (center[0] - nadir[0], center[1] - nadir[1]);
    let norm = ux.hypot(uy);
    if !(norm > 0.0 && side > 0.0) {
        return false;
    }
    let (ux, uy) = (ux / norm, uy / norm);
    tops.iter().any(|p| {
        let (vx, vy) = (p[0] - center[0], p[1] - center[1]);
        // Along the line from the nadir (foreshortened: unsquashed) and across it.
        let along = (vx * ux + vy * uy) / q / side;
        let across = (vx * uy - vy * ux).abs() / side;
        (BEYOND.0..=BEYOND.1).contains(&along) && across <= ACROSS
    })
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

    #[test]
    fn only_a_top_beyond_from_the_camera_counts() {
        let nadir = [640.0, 2000.0];
        let at = [640.0, 400.0];
        // 32 px up the image at squash 0.8 is 40 px (one side) on the table.
        assert!(top_beyond(at, 40.0, 0.8, nadir, &[[640.0, 368.0]]));
        // The reading's own place, towards the camera, too far beyond, or
        // off to the side: no top it could be a side face of.
        for p in [
            [640.0, 400.0],
            [640.0, 432.0],
            [640.0, 310.0],
            [680.0, 368.0],
        ] {
            assert!(!top_beyond(at, 40.0, 0.8, nadir, &[p]));
        }
    }
}
