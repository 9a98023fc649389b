//! Which of two readings of one die is its top face.
//!
//! A tilted camera sees, beside a die's top face, the side faces that look
//! towards it. Those lie between the top face and the point of the table
//! straight below the camera (its nadir, in image coordinates): below the
//! top face when the camera leans, towards the image's middle where
//! perspective shows a die's inner side. Small or steeply seen dice show a
//! side face as large as the foreshortened top, and it can match its own
//! glyph better; the place, not the similarity, then tells which is top.

/// Where the camera's nadir falls in an image `width` × `height`, given the
/// foreshortening `squash` read at the image's middle (the cosine of the
/// camera's tilt from straight down). The focal length is taken as the
/// image's width (a common phone or webcam field of view, ~53°); only the
/// side of the nadir a die lies on is used, so a rough value serves.
pub(super) fn nadir(width: f32, height: f32, squash: f32) -> [f32; 2] {
    let q = squash.clamp(0.3, 1.0);
    let tan = (1.0 - q * q).sqrt() / q;
    [width / 2.0, height / 2.0 + width * tan]
}

/// Whether a reading at `other` sits where a side face of the die read at
/// `top` shows: towards the nadir from it, within a face's width of the
/// line to the nadir, and nearer than a die standing in front could be.
/// Nearer than a third of a side it is the same face read twice (off by
/// a little), not a side face, whose centre lies at least half a side off.
/// `side` is the face's side and `squash` its foreshortening (the cosine of
/// the angle the camera sees the table at there), both in pixels / ratio.
///
/// Seen at angle θ a face's centre lies `side·cos θ / 2` from its near edge
/// and a side face's centre `side·sin θ / 2` below it; the top face of a
/// die in front lies at least `side·cos θ` away. The bound is the middle of
/// the two, so at very steep views (θ ≳ 45°) the two can be mistaken.
pub(super) fn is_side_of(
    top: [f32; 2],
    other: [f32; 2],
    nadir: [f32; 2],
    side: f32,
    squash: f32,
) -> bool {
    let q = squash.clamp(0.3, 1.0);
    let n = [nadir[0] - top[0], nadir[1] - top[1]];
    let len = n[0].hypot(n[1]);
    if len < 1e-3 {
        return false;
    }
    let u = [n[0] / len, n[1] / len];
    let o = [other[0] - top[0], other[1] - top[1]];
    let along = o[0] * u[0] + o[1] * u[1];
    let across = (o[0] * u[1] - o[1] * u[0]).abs();
    let side_face = 0.5 * (q + (1.0 - q * q).sqrt());
    let bound = 0.5 * (side_face + q);
    along > 0.35 * side && along < bound * side && across < 0.35 * side
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nadir_is_the_middle_seen_straight_down_and_below_when_tilted() {
        assert_eq!(nadir(1280.0, 720.0, 1.0), [640.0, 360.0]);
        let n = nadir(1280.0, 720.0, 30f32.to_radians().cos());
        assert!((n[1] - (360.0 + 1280.0 * 30f32.to_radians().tan())).abs() < 0.5);
    }

    #[test]
    fn side_face_below_but_not_a_die_in_front() {
        let q = 30f32.to_radians().cos();
        let n = nadir(1280.0, 720.0, q);
        // Face side 40: the side face's centre hangs ~0.68 sides below.
        assert!(is_side_of([500.0, 200.0], [500.0, 227.0], n, 40.0, q));
        // A die in front, touching: a full foreshortened side (34.6) below.
        assert!(!is_side_of([500.0, 200.0], [500.0, 236.0], n, 40.0, q));
        // Above, or well beside, is no side face.
        assert!(!is_side_of([500.0, 200.0], [500.0, 173.0], n, 40.0, q));
        assert!(!is_side_of([500.0, 200.0], [530.0, 215.0], n, 40.0, q));
        // A few pixels off is the same face read twice.
        assert!(!is_side_of([500.0, 200.0], [500.0, 206.0], n, 40.0, q));
        // Seen straight down, a die at the right edge shows its inner side.
        let c = nadir(1280.0, 720.0, 1.0);
        assert!(is_side_of([1239.0, 360.0], [1212.0, 360.0], c, 40.0, 0.95));
        assert!(!is_side_of([1212.0, 360.0], [1239.0, 360.0], c, 40.0, 0.95));
    }
}
