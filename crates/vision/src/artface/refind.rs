//! Dice found again once the frame's face size is known.
//!
//! The finder's peaks are thinned to one per place before the frame's die
//! size is known, each peak reaching as far as its own size. Two touching
//! dice can score as one die of nearly twice their size, a peak between
//! them; within the frame's size band it is kept, and the peaks of the two
//! dice themselves, nearer to it than its reach, are dropped. Its reading
//! then settles on one of the two. Once the frame's face size and
//! foreshortening are fitted and every find is read, peaks of about the
//! fitted size that lie where no reading (and no dropped find) is are read
//! too.

use super::Find;

/// Peaks whose side lies within `band` (a factor either way) of the fitted
/// face side at their place and whose probability reaches `least`, one per
/// place (surest first), leaving out those near a centre in `have` (the
/// readings made). Near: within `reach` fitted sides on the table (the
/// image's vertical divided by the fitted foreshortening). `fitted` gives
/// the fitted side and foreshortening at an image point (`None`: no fit,
/// and no peak is taken).
pub(super) fn missed(
    peaks: &[Find],
    have: &[[f32; 2]],
    fitted: impl Fn([f32; 2]) -> Option<(f32, f32)>,
    band: f32,
    least: f32,
    reach: f32,
) -> Vec<Find> {
    let mut fit: Vec<(Find, f32, f32)> = peaks
        .iter()
        .filter(|p| p.probability >= least)
        .filter_map(|p| fitted(p.center).map(|(side, squash)| (*p, side, squash)))
        .filter(|(p, side, _)| super::size::within(p.side, *side, band))
        .collect();
    fit.sort_by(|a, b| b.0.probability.total_cmp(&a.0.probability));
    let near = |a: [f32; 2], b: [f32; 2], side: f32, squash: f32| {
        (a[0] - b[0]).hypot((a[1] - b[1]) / squash.max(0.3)) < reach * side
    };
    let mut kept: Vec<Find> = Vec::new();
    for (p, side, squash) in fit {
        if have.iter().any(|&c| near(c, p.center, side, squash))
            || kept.iter().any(|k| near(k.center, p.center, side, squash))
        {
            continue;
        }
        kept.push(p);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f32, y: f32, side: f32, probability: f32) -> Find {
        Find {
            center: [x, y],
            side,
            probability,
            similarity: 0.0,
        }
    }

    #[test]
    fn a_die_beside_a_read_die_is_found_again() {
        // Two touching 60 px dice at x = 100 and 160, seen at squash 0.8;
        // only the left one was read.
        let have = [[100.0, 100.0]];
        let peaks = [
            at(130.0, 100.0, 110.0, 0.99), // the pair as one die: too large
            at(104.0, 120.0, 58.0, 0.99),  // the read die, a little off
            at(161.0, 101.0, 58.0, 0.98),
            at(158.0, 99.0, 69.0, 0.97), // the same die at the next size
        ];
        let found = missed(&peaks, &have, |_| Some((60.0, 0.8)), 1.3, 0.8, 0.8);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].center, [161.0, 101.0]);
    }

    #[test]
    fn peaks_off_the_fitted_size_or_unsure_are_not_found_again() {
        let peaks = [
            at(300.0, 100.0, 110.0, 0.99), // far larger than the fitted side
            at(400.0, 100.0, 30.0, 0.99),  // a glyph's size
            at(500.0, 100.0, 60.0, 0.6),   // unsure
        ];
        assert!(missed(&peaks, &[], |_| Some((60.0, 1.0)), 1.3, 0.8, 0.8).is_empty());
        // The fitted side varies across the frame (perspective).
        let fitted = |c: [f32; 2]| Some((if c[0] > 350.0 { 30.0 } else { 110.0 }, 1.0));
        assert_eq!(missed(&peaks, &[], fitted, 1.3, 0.8, 0.8).len(), 2);
        // Without a fitted size nothing is found again.
        assert!(missed(&peaks, &[], |_| None, 1.3, 0.8, 0.8).is_empty());
    }
}
