//! Global gain between two grids, to cancel auto-exposure flicker.
//!
//! Auto-exposure and mains-frequency lighting scale every pixel by roughly
//! the same factor, so a frame difference taken without correction lights up
//! the whole table. The median of per-cell ratios is that factor: dice and
//! even a hand cover far less than half of the view, so they cannot move the
//! median much, whereas a mean would be dragged by them.

use crate::frame::Grid;

/// Cells darker or brighter than this are clipped or noise-dominated and say
/// little about the exposure ratio.
const MIN_LEVEL: f32 = 16.0;
const MAX_LEVEL: f32 = 240.0;
/// Histogram of log2(ratio) over [-RANGE, RANGE] in BINS bins: a resolution of
/// 0.4 % in gain, far below the difference threshold.
const RANGE: f32 = 1.5;
const BINS: usize = 750;
/// Every third cell is plenty for a median and keeps the logarithms cheap.
const SAMPLE_STEP: usize = 3;

/// Estimates `g` such that `current ≈ g · previous` for most cells.
///
/// Returns 1.0 when too few cells are usable (a nearly black or saturated
/// frame), since no correction is safer than a wild one.
pub fn estimate_gain(current: &Grid, previous: &Grid) -> f32 {
    let mut hist = [0u32; BINS];
    let mut n = 0u32;
    for (&c, &p) in current
        .cells
        .iter()
        .zip(&previous.cells)
        .step_by(SAMPLE_STEP)
    {
        if !(MIN_LEVEL..=MAX_LEVEL).contains(&c) || !(MIN_LEVEL..=MAX_LEVEL).contains(&p) {
            continue;
        }
        let l = (c / p).log2();
        if l.abs() >= RANGE {
            continue;
        }
        let bin = ((l + RANGE) / (2.0 * RANGE) * BINS as f32) as usize;
        hist[bin.min(BINS - 1)] += 1;
        n += 1;
    }
    if (n as usize) < current.len() / SAMPLE_STEP / 8 || n == 0 {
        return 1.0;
    }
    let half = n.div_ceil(2);
    let mut seen = 0;
    for (i, &h) in hist.iter().enumerate() {
        seen += h;
        if seen >= half {
            let l = (i as f32 + 0.5) / BINS as f32 * 2.0 * RANGE - RANGE;
            return l.exp2();
        }
    }
    1.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn grid(cells: Vec<f32>) -> Grid {
        Grid {
            width: cells.len(),
            height: 1,
            factor: 1,
            cells,
        }
    }

    proptest! {
        /// A pure exposure change is recovered within the histogram resolution,
        /// even with a fifth of the cells replaced by something else (a die).
        #[test]
        fn recovers_gain_despite_outliers(g in 0.6f32..1.6, seed in 0u32..1000) {
            let prev: Vec<f32> = (0..500).map(|i| 40.0 + ((i * 37 + seed) % 100) as f32).collect();
            let mut cur: Vec<f32> = prev.iter().map(|p| p * g).collect();
            for c in cur.iter_mut().step_by(5) { *c = 230.0; }
            let est = estimate_gain(&grid(cur), &grid(prev));
            prop_assert!((est / g - 1.0).abs() < 0.01, "est {est} true {g}");
        }
    }

    #[test]
    fn dark_frames_give_unit_gain() {
        let prev = grid(vec![3.0; 100]);
        let cur = grid(vec![6.0; 100]);
        assert_eq!(estimate_gain(&cur, &prev), 1.0);
    }
}
