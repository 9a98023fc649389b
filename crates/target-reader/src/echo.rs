//! Print on the bone rim that recurs round the rim is not a die.
//!
//! A target board's rim is drawn as a ring of like tiles or bones. A
//! pale, die-sized tile between two dark ticks can pass every measure of a
//! single fit (edges all round, one paint inside, a white die's colour),
//! but it has twins: the same patch of print turned about the board's
//! centre by a whole number of tiles. A die lying on the rim has none.
//! So the image under a fit, taken on the board plane, is compared with
//! the image under the same board points turned round the centre; if some
//! turn matches it closely (normalised correlation, so the light's fall
//! across the board does not matter), the fit is an echo of the print.
//!
//! Only the rim is looked at: the sections' print (numbers, ghosts) is not
//! laid out in a ring, and a section's whole width turned round would
//! compare unlike things.

use crate::fit::{Fit, Gradients};
use crate::pose::Pose;
use tw_board::Board;

/// Turns tried, degrees: every half degree, clear of the fit's own
/// neighbourhood (a die-sized patch turned by less would overlap itself).
const MIN_TURN_DEG: f64 = 12.0;
const TURN_STEP_DEG: f64 = 0.5;

/// Fewest sample points on the rim for a comparison to mean anything.
const MIN_POINTS: usize = 24;

/// How much a fit's image under the rim matches the rim turned round the
/// board's centre: the highest normalised correlation over turns, in
/// −1..1. `None` where the fit does not cover enough of the rim, or the
/// patch is too plain to correlate (no structure to echo).
pub fn rim_echo(g: &Gradients, pose: &Pose, board: &Board, fit: &Fit) -> Option<f64> {
    let rim = &board.spec().bone_rim;
    let c = board.centre();
    // Image points under the silhouette, each with its board point.
    let sil = &fit.silhouette_px;
    let lo = [
        sil.iter().map(|p| p[0]).fold(f64::INFINITY, f64::min),
        sil.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min),
    ];
    let hi = [
        sil.iter().map(|p| p[0]).fold(f64::NEG_INFINITY, f64::max),
        sil.iter().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max),
    ];
    let step = ((hi[0] - lo[0]).max(hi[1] - lo[1]) / 16.0).clamp(0.5, 2.0);
    let mut board_pts: Vec<[f64; 2]> = Vec::new();
    let mut here: Vec<[f64; 3]> = Vec::new();
    let mut y = lo[1];
    while y <= hi[1] {
        let mut x = lo[0];
        while x <= hi[0] {
            let p = [x, y];
            x += step;
            if !crate::detect::inside_convex(sil, p) {
                continue;
            }
            let Some(b) = pose.unproject_at_height(p, 0.0) else {
                continue;
            };
            let r = (b[0] - c[0]).hypot(b[1] - c[1]);
            if r < rim.inner_mm || r > rim.outer_mm {
                continue;
            }
            let Some(v) = g.colour(p) else { continue };
            board_pts.push([b[0] - c[0], b[1] - c[1]]);
            here.push(v);
        }
        y += step;
    }
    if here.len() < MIN_POINTS {
        return None;
    }
    let here = centred(&here)?;
    let mut best = f64::NEG_INFINITY;
    let mut turn = MIN_TURN_DEG;
    let mut there: Vec<[f64; 3]> = Vec::with_capacity(board_pts.len());
    while turn <= 360.0 - MIN_TURN_DEG {
        let (s, co) = turn.to_radians().sin_cos();
        there.clear();
        for b in &board_pts {
            let q = [c[0] + co * b[0] - s * b[1], c[1] + s * b[0] + co * b[1]];
            match pose.project([q[0], q[1], 0.0]).and_then(|px| g.colour(px)) {
                Some(v) => there.push(v),
                None => break,
            }
        }
        if there.len() == board_pts.len() {
            if let Some(t) = centred(&there) {
                let dot: f64 = here
                    .iter()
                    .zip(&t)
                    .map(|(a, b)| a[0] * b[0] + a[1] * b[1] + a[2] * b[2])
                    .sum();
                best = best.max(dot);
            }
        }
        turn += TURN_STEP_DEG;
    }
    best.is_finite().then_some(best)
}

/// The colours less their mean (per channel), scaled to unit length over
/// all channels together; `None` for a plain patch (spread under two
/// grey levels), whose correlation would be noise.
fn centred(v: &[[f64; 3]]) -> Option<Vec<[f64; 3]>> {
    let n = v.len() as f64;
    let mean: [f64; 3] = std::array::from_fn(|k| v.iter().map(|p| p[k]).sum::<f64>() / n);
    let d: Vec<[f64; 3]> = v
        .iter()
        .map(|p| std::array::from_fn(|k| p[k] - mean[k]))
        .collect();
    let ss: f64 = d
        .iter()
        .map(|p| p[0] * p[0] + p[1] * p[1] + p[2] * p[2])
        .sum();
    if ss / (3.0 * n) < 4.0 {
        return None;
    }
    let s = ss.sqrt();
    Some(d.into_iter().map(|p| p.map(|x| x / s)).collect())
}
