//! The frame's die size, and the other sizes worth trying when the reader
//! cannot confirm it.
//!
//! All dice of a set have one size, so the sizes of the finder's surest
//! finds say which size a frame's dice have. But clutter can outvote the
//! dice: a board's squares found as large dice, a cluster of small dice
//! with long shadows found as one. So the vote yields a ranked list of
//! sizes: the probability-weighted median of the sure finds first (the
//! frame's size when nothing is wrong), then the median of the sure finds
//! that size leaves out, and so on. The reader keeps the first size whose
//! finds it reads surely (see `read_timed`).

use super::Find;

/// Sizes to try, likeliest first: each the probability-weighted median
/// side of the finds at least `sure` that lie outside the `band` (a factor
/// either way) of every size before it; at most `most` sizes.
pub(super) fn candidates(finds: &[Find], sure: f32, band: f32, most: usize) -> Vec<f32> {
    let mut left: Vec<&Find> = finds
        .iter()
        .filter(|f| f.probability >= sure && f.side.is_finite() && f.side > 0.0)
        .collect();
    left.sort_by(|a, b| a.side.total_cmp(&b.side));
    let mut out = Vec::new();
    while out.len() < most {
        let Some(size) = weighted_median(&left) else {
            break;
        };
        out.push(size);
        left.retain(|f| !within(f.side, size, band));
    }
    out
}

/// Whether `side` lies within a factor `band` of `size` (either way).
pub(super) fn within(side: f32, size: f32, band: f32) -> bool {
    side >= size / band && side <= size * band
}

/// The span of face sides the sure readings gave, widened by `widen` either
/// way: the size fitted across the frame is held to it, since a plane fitted
/// from a few readings on one side of the frame can reach absurd sizes at
/// the other edge (5.8 px for dice of ~98 px seen). `None` without readings.
pub(super) fn span(sides: &[f32], widen: f32) -> Option<(f32, f32)> {
    let mut good = sides.iter().copied().filter(|s| s.is_finite() && *s > 0.0);
    let first = good.next()?;
    let (lo, hi) = good.fold((first, first), |(lo, hi), s| (lo.min(s), hi.max(s)));
    Some((lo / widen, hi * widen))
}

/// The probability-weighted median side of finds sorted by side.
fn weighted_median(sorted: &[&Find]) -> Option<f32> {
    let total: f32 = sorted.iter().map(|f| f.probability).sum();
    let mut acc = 0.0;
    for f in sorted {
        acc += f.probability;
        if acc >= total / 2.0 {
            return Some(f.side);
        }
    }
    sorted.last().map(|f| f.side)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(side: f32, probability: f32) -> Find {
        Find {
            center: [0.0, 0.0],
            side,
            probability,
            similarity: 0.0,
        }
    }

    #[test]
    fn board_squares_outvote_the_dice_but_the_dice_come_next() {
        // Many sure "dice" the size of board squares, fewer real dice.
        let mut finds: Vec<Find> = (0..30).map(|_| at(138.0, 0.95)).collect();
        finds.extend([34.0, 41.0, 41.0, 48.0, 34.0].map(|s| at(s, 0.99)));
        finds.push(at(60.0, 0.5)); // not sure: no vote
        let sizes = candidates(&finds, 0.8, 1.6, 3);
        assert_eq!(sizes, vec![138.0, 41.0]);
    }

    #[test]
    fn one_size_gives_one_candidate_and_none_gives_none() {
        let finds = [at(40.0, 0.9), at(48.0, 0.9), at(34.0, 0.9)];
        assert_eq!(candidates(&finds, 0.8, 1.6, 3), vec![40.0]);
        assert!(candidates(&[at(40.0, 0.5)], 0.8, 1.6, 3).is_empty());
        assert!(candidates(&[at(f32::NAN, 0.9)], 0.8, 1.6, 3).is_empty());
    }

    #[test]
    fn the_span_of_sure_sides_is_widened_and_skips_bad_values() {
        assert_eq!(
            span(&[50.0, 40.0, f32::NAN, 60.0], 1.25),
            Some((32.0, 75.0))
        );
        assert_eq!(span(&[], 1.25), None);
        assert_eq!(span(&[-1.0, f32::INFINITY], 1.25), None);
    }
}
