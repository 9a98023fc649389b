//! Connected regions of changed cells, with the statistics that tell a die
//! from a hand, a shadow or noise.

/// One 8-connected group of changed cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Blob {
    /// Indices into the grid, row-major.
    pub cells: Vec<usize>,
    /// Bounding box in cells: x0, y0, x1, y1 (inclusive).
    pub bbox: (usize, usize, usize, usize),
    /// Cells that got brighter / darker (after gain correction).
    pub brighter: usize,
    pub darker: usize,
    /// Smallest and largest per-cell ratio current / (gain · previous).
    pub min_ratio: f32,
    pub max_ratio: f32,
    /// Largest step of the difference between a blob cell and any of its four
    /// neighbours, relative to the blob's largest difference. Objects with
    /// edges (dice, fingers) score ≥ 0.5; soft shadows score low because their
    /// penumbra spreads the change over several cells.
    pub sharpness: f32,
}

/// Labels the 8-connected components of `mask` (a `width × height` grid) and
/// measures each one against the signed difference `diff` between the
/// current cells and `gain · previous`.
pub fn find_blobs(
    mask: &[bool],
    diff: &[f32],
    previous: &[f32],
    gain: f32,
    width: usize,
    height: usize,
) -> Vec<Blob> {
    let mut seen = vec![false; mask.len()];
    let mut blobs = Vec::new();
    let mut stack = Vec::new();
    for start in 0..mask.len() {
        if !mask[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut cells = Vec::new();
        while let Some(i) = stack.pop() {
            cells.push(i);
            let (x, y) = (i % width, i / width);
            for ny in y.saturating_sub(1)..=(y + 1).min(height - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(width - 1) {
                    let j = ny * width + nx;
                    if mask[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        blobs.push(measure(cells, diff, previous, gain, width, height));
    }
    blobs
}

fn measure(
    cells: Vec<usize>,
    diff: &[f32],
    previous: &[f32],
    gain: f32,
    width: usize,
    height: usize,
) -> Blob {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    let (mut brighter, mut darker) = (0, 0);
    let (mut min_ratio, mut max_ratio) = (f32::INFINITY, 0f32);
    let mut peak = 0f32;
    let mut step = 0f32;
    for &i in &cells {
        let (x, y) = (i % width, i / width);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
        if diff[i] > 0.0 {
            brighter += 1;
        } else {
            darker += 1;
        }
        // Computed here, for blob cells only: most of the grid never needs it.
        let base = previous[i] * gain + 1.0;
        let ratio = (base + diff[i]) / base;
        min_ratio = min_ratio.min(ratio);
        max_ratio = max_ratio.max(ratio);
        peak = peak.max(diff[i].abs());
        let mut neighbours = [None; 4];
        if x > 0 {
            neighbours[0] = Some(i - 1);
        }
        if x + 1 < width {
            neighbours[1] = Some(i + 1);
        }
        if y > 0 {
            neighbours[2] = Some(i - width);
        }
        if y + 1 < height {
            neighbours[3] = Some(i + width);
        }
        for j in neighbours.into_iter().flatten() {
            step = step.max((diff[i] - diff[j]).abs());
        }
    }
    let sharpness = if peak > 0.0 {
        (step / peak).min(1.0)
    } else {
        0.0
    };
    Blob {
        cells,
        bbox: (x0, y0, x1, y1),
        brighter,
        darker,
        min_ratio,
        max_ratio,
        sharpness,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_cells_join_and_separate_groups_stay_apart() {
        #[rustfmt::skip]
        let mask = [
            true,  false, false, false, false,
            false, true,  false, false, true,
            false, false, false, false, true,
        ];
        let diff = [50.0; 15];
        let previous = [99.0; 15];
        let blobs = find_blobs(&mask, &diff, &previous, 1.0, 5, 3);
        assert_eq!(blobs[0].min_ratio, 1.5);
        assert_eq!(blobs.len(), 2);
        assert_eq!(blobs[0].bbox, (0, 0, 1, 1));
        assert_eq!(blobs[1].bbox, (4, 1, 4, 2));
    }

    #[test]
    fn hard_edge_is_sharp_and_ramp_is_soft() {
        // A 1-D profile: hard step 0→60, and a ramp 0,10,…,60.
        let hard = [0.0, 0.0, 60.0, 60.0, 60.0, 0.0, 0.0];
        let ramp = [0.0, -10.0, -20.0, -30.0, -40.0, -50.0, -60.0];
        let m_hard: Vec<bool> = hard.iter().map(|d: &f32| d.abs() > 5.0).collect();
        let m_ramp: Vec<bool> = ramp.iter().map(|d: &f32| d.abs() > 5.0).collect();
        let r = [100.0; 7];
        let b = &find_blobs(&m_hard, &hard, &r, 1.0, 7, 1)[0];
        assert!(b.sharpness > 0.9);
        let b = &find_blobs(&m_ramp, &ramp, &r, 1.0, 7, 1)[0];
        assert!(b.sharpness < 0.2, "{}", b.sharpness);
        assert_eq!((b.brighter, b.darker), (0, 6));
    }
}
