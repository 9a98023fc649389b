//! Whether a reading is a board's grid crossing rather than a die.
//!
//! On a board table the grid's lines cross at a face's size apart, and a
//! crossing (a "+", or an "X" once turned) can match a glyph. A die's top
//! face has a plain border band: its glyph stays inside, and what lies
//! beyond its edge (table, side face, a neighbour) does not line up with
//! anything in the band. A grid line runs straight through the band and on
//! out past the die. So along each side of the face two rows are sampled,
//! one in the border band and one beyond the die, and a side whose two rows
//! show the same marked pattern (a dip or bump at the same places) is
//! crossed by straight lines.

use super::{Plane, Pose};

/// Samples along each row.
const SAMPLES: usize = 16;
/// The rows span this fraction of the side either way of the side's middle
/// (short of the corners, where a glyph's tips and rounded corners lie).
const SPAN: f32 = 0.3;
/// The inner row's distance from the centre, in sides (in the border band).
const INNER: f32 = 0.42;
/// The outer row's distance from the centre, in sides (past the die's top
/// face and most of a side face: a side face shows at most half a side).
const OUTER: f32 = 0.85;
/// Correlation between the two rows above which a side counts as crossed.
const LINED: f32 = 0.8;
/// Samples the outer row may be shifted against the inner one (±0.08 side
/// over the rows' 0.43 side apart: lines up to ~10° off the sides' normal).
const SHIFT: i32 = 2;
/// The inner row must vary by at least this fraction of the face's
/// brightness range: a plain band's noise correlates by chance.
const MARKED: f32 = 0.15;
/// Sides that must be crossed for a reading to be a grid crossing (three
/// of four: one side's match can be a neighbour's edge).
const CROSSED_SIDES: usize = 3;

/// Whether the face read at `pose` (in the full image's pixels) is crossed by
/// straight lines running on out past it, sampled on `plane` at `scale`.
pub(super) fn is_grid_crossing(plane: &Plane, scale: f32, pose: &Pose) -> bool {
    let (sn, cs) = pose.angle.sin_cos();
    // Face coordinates (u, v) in sides from the centre → plane pixels.
    let to = |u: f32, v: f32| {
        let x = pose.center[0] + pose.side * (u * cs - v * sn);
        let y = pose.center[1] + pose.squash * pose.side * (u * sn + v * cs);
        plane.at(x * scale, y * scale)
    };
    let mut range = (f32::MAX, f32::MIN);
    let mut rows = Vec::with_capacity(4);
    // Each side: (along-side axis, outward axis) as unit face vectors.
    for (a, o) in [
        ([1.0f32, 0.0f32], [0.0f32, 1.0f32]),
        ([0.0, 1.0], [1.0, 0.0]),
    ] {
        for sign in [-1.0f32, 1.0] {
            let row = |d: f32| -> [f32; SAMPLES] {
                std::array::from_fn(|k| {
                    let t = -SPAN + 2.0 * SPAN * k as f32 / (SAMPLES - 1) as f32;
                    to(a[0] * t + sign * o[0] * d, a[1] * t + sign * o[1] * d)
                })
            };
            let (inner, outer) = (row(INNER), row(OUTER));
            for &v in &inner {
                range = (range.0.min(v), range.1.max(v));
            }
            rows.push((inner, outer));
        }
    }
    // The face's own brightness range, from a coarse look at its inside.
    for i in 0..5 {
        for j in 0..5 {
            let v = to(-0.4 + 0.2 * i as f32, -0.4 + 0.2 * j as f32);
            range = (range.0.min(v), range.1.max(v));
        }
    }
    let contrast = (range.1 - range.0).max(1.0);
    let crossed = rows
        .iter()
        .filter(|(inner, outer)| lined(inner, outer, contrast))
        .count();
    crossed >= CROSSED_SIDES
}

/// Whether two rows show one marked pattern: with each row's straight
/// trend taken out (a row running along a slanted edge or a shadow is a
/// ramp, and any two ramps correlate), the inner row still varies by at
/// least [`MARKED`] of `contrast` and the two correlate by at least
/// [`LINED`].
fn lined(inner: &[f32; SAMPLES], outer: &[f32; SAMPLES], contrast: f32) -> bool {
    let (inner, outer) = (detrended(inner), detrended(outer));
    let (lo, hi) = inner
        .iter()
        .fold((f32::MAX, f32::MIN), |(l, h), &v| (l.min(v), h.max(v)));
    if hi - lo < MARKED * contrast {
        return false;
    }
    // A line a few degrees off the side's normal (the pose's turn or
    // foreshortening a little off) crosses the outer row a sample or two
    // along from where it crosses the inner one.
    (-SHIFT..=SHIFT).any(|shift| {
        let (mut sio, mut sii, mut soo) = (0.0f32, 0.0f32, 0.0f32);
        for k in 0..SAMPLES as i32 {
            let Some(b) = outer.get((k + shift) as usize) else {
                continue;
            };
            let a = inner[k as usize];
            sio += a * b;
            sii += a * a;
            soo += b * b;
        }
        sii > 0.0 && soo > 0.0 && sio / (sii * soo).sqrt() >= LINED
    })
}

/// A row less its least-squares line (zero mean, no slope).
fn detrended(row: &[f32; SAMPLES]) -> [f32; SAMPLES] {
    let n = SAMPLES as f32;
    let mid = (n - 1.0) / 2.0;
    let mean = row.iter().sum::<f32>() / n;
    let (mut stv, mut stt) = (0.0f32, 0.0f32);
    for (k, v) in row.iter().enumerate() {
        let t = k as f32 - mid;
        stv += t * (v - mean);
        stt += t * t;
    }
    let slope = stv / stt;
    std::array::from_fn(|k| row[k] - mean - slope * (k as f32 - mid))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Plane {
        Plane {
            w,
            h,
            v: (0..w * h).map(|i| f(i % w, i / w)).collect(),
        }
    }

    fn pose() -> Pose {
        Pose {
            center: [100.0, 100.0],
            side: 40.0,
            angle: 0.0,
            squash: 1.0,
        }
    }

    #[test]
    fn a_grid_crossing_is_told_from_a_die() {
        // Dark lines 3 px wide through (100, 100), on a light board.
        let grid = plane(200, 200, |x, y| {
            let line = |c: usize| (c as i32 - 100).abs() <= 1;
            if line(x) || line(y) {
                40.0
            } else {
                180.0
            }
        });
        assert!(is_grid_crossing(&grid, 1.0, &pose()));
        // A white face with an X inside, on a plain dark table.
        let die = plane(200, 200, |x, y| {
            let (u, v) = (x as f32 - 100.0, y as f32 - 100.0);
            if u.abs() > 20.0 || v.abs() > 20.0 {
                60.0
            } else if (u.abs() - v.abs()).abs() < 2.0 && u.abs() < 14.0 {
                30.0
            } else {
                230.0
            }
        });
        assert!(!is_grid_crossing(&die, 1.0, &pose()));
        // A face turned against its pose: every row is a ramp.
        let ramp = plane(200, 200, |x, y| (x + 2 * y) as f32);
        assert!(!is_grid_crossing(&ramp, 1.0, &pose()));
    }
}
