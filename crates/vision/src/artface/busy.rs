//! Close calls between a busy face and a plain one.
//!
//! A glyph with more ink (three swords over two, the potion) matches any
//! die a little better than a plain face matches its own, most of all a
//! blurred or dim die: its enrolled examples match it closely (a high
//! least similarity) and a plain die's stroke pattern sits inside it. So
//! when the best two faces are too near for a sure reading, each face's
//! similarity is first lowered by how far its least enrolled example lies
//! above the set's median least (at most `cap`). Faces at or below the
//! median are never raised: a low least is often one poor enrolment photo
//! (a blurred example), not a plain face
//! (docs/measurements/2026-11-27-art-busy-faces.md).

/// Each face's similarity less its busyness: how far its least enrolled
/// example lies above the median of `leasts`, held within `0..=cap`.
pub(super) fn standing(leasts: &[f32], sims: &[f32], cap: f32) -> Vec<f32> {
    let mut sorted = leasts.to_vec();
    sorted.sort_by(f32::total_cmp);
    let mid = match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    };
    sims.iter()
        .zip(leasts)
        .map(|(&s, &l)| s - (l - mid).clamp(0.0, cap))
        .collect()
}

/// The face a close call goes to instead of `best` (the highest raw
/// similarity), if another face stands higher once busyness is taken off.
pub(super) fn close_call(leasts: &[f32], sims: &[f32], best: usize, cap: f32) -> Option<usize> {
    let stand = standing(leasts, sims, cap);
    let at_best = *stand.get(best)?;
    (0..stand.len())
        .max_by(|&a, &b| stand[a].total_cmp(&stand[b]))
        .filter(|&f| f != best && stand[f] > at_best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_faces_above_the_median_least_are_lowered_and_by_at_most_the_cap() {
        let leasts = [0.95, 0.88, 0.70, 0.90, 0.87];
        let s = standing(&leasts, &[0.9; 5], 0.05);
        // Median least 0.88: 0.95 is lowered by the cap, 0.90 by 0.02.
        let want = [0.85, 0.9, 0.9, 0.88, 0.9];
        for (a, b) in s.iter().zip(want) {
            assert!((a - b).abs() < 1e-6, "{s:?}");
        }
    }

    #[test]
    fn a_busy_face_ahead_by_less_than_its_busyness_loses_the_close_call() {
        // Face 0 busy (least 0.93), face 1 plain (0.87), face 2 (0.88).
        let leasts = [0.93, 0.87, 0.88];
        // Ahead by 0.02 < its busyness 0.05: the plain face takes it.
        assert_eq!(close_call(&leasts, &[0.89, 0.87, 0.6], 0, 0.05), Some(1));
        // Ahead by 0.08: it stays.
        assert_eq!(close_call(&leasts, &[0.95, 0.87, 0.6], 0, 0.05), None);
        // A plain face ahead is never overturned.
        assert_eq!(close_call(&leasts, &[0.86, 0.88, 0.6], 1, 0.05), None);
        // Fewer leasts than similarities (or a best past them): no call,
        // no panic.
        assert_eq!(close_call(&leasts[..2], &[0.89, 0.87, 0.6], 2, 0.05), None);
    }
}
