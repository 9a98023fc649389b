//! Shrinking a gray image by area means, bit for bit as OpenCV's
//! `resize(.., INTER_AREA)` does for a non-integer factor (its
//! `ResizeArea_Invoker` with `computeResizeAreaTab`), but faster: each
//! output pixel sums its (at most a few) weighted source pixels in a
//! register instead of through memory, each source row is summed across
//! once even where two output rows share it, and the rows are added in
//! plain loops the compiler vectorises. The sums are the same `f32`
//! operations in the same order, so the bytes are equal (tested against
//! OpenCV below; docs/measurements/2026-11-27-art-speed-2.md).

/// One output pixel's sources along an axis: first source index and the
/// weights of consecutive sources from it (zero weights pad to a common
/// count; adding a zero product leaves a non-negative sum as it was).
struct Axis {
    first: Vec<usize>,
    weights: Vec<f32>,
    per: usize,
}

/// OpenCV's area table for one axis (source `ssize` to `dsize`, `scale`
/// = ssize / dsize as OpenCV computes it), grouped per output pixel.
fn axis(ssize: usize, dsize: usize, scale: f64) -> Axis {
    let mut tab: Vec<Vec<(usize, f32)>> = Vec::with_capacity(dsize);
    for dx in 0..dsize {
        let fsx1 = dx as f64 * scale;
        let fsx2 = fsx1 + scale;
        let cell = scale.min(ssize as f64 - fsx1);
        let mut sx2 = fsx2.floor() as i64;
        sx2 = sx2.min(ssize as i64 - 1);
        let sx1 = (fsx1.ceil() as i64).min(sx2);
        let mut e = Vec::with_capacity(4);
        if sx1 as f64 - fsx1 > 1e-3 {
            e.push((
                (sx1 - 1).max(0) as usize,
                ((sx1 as f64 - fsx1) / cell) as f32,
            ));
        }
        for sx in sx1..sx2 {
            e.push((sx.max(0) as usize, (1.0 / cell) as f32));
        }
        if fsx2 - sx2 as f64 > 1e-3 {
            let w = (fsx2 - sx2 as f64).min(1.0).min(cell) / cell;
            e.push((sx2.max(0) as usize, w as f32));
        }
        tab.push(e);
    }
    let per = tab.iter().map(|e| e.len()).max().unwrap_or(0).max(1);
    let mut first = Vec::with_capacity(dsize);
    let mut weights = Vec::with_capacity(dsize * per);
    for e in &tab {
        let f = e.first().map_or(0, |p| p.0);
        // Sources must be consecutive from `first` and in the image.
        let f = f.min(ssize.saturating_sub(per));
        first.push(f);
        let mut w = vec![0f32; per];
        for &(s, a) in e {
            // A source outside f..f+per cannot happen for OpenCV's tables
            // (consecutive sources); kept safe by dropping it.
            if let Some(slot) = s.checked_sub(f).and_then(|i| w.get_mut(i)) {
                *slot = a;
            }
        }
        weights.extend(w);
    }
    Axis {
        first,
        weights,
        per,
    }
}

/// Whether [`shrink`] reproduces OpenCV here: both factors at least 1 and
/// not both integers (OpenCV then takes another path), sizes non-zero.
pub(super) fn applies(sw: usize, sh: usize, dw: usize, dh: usize) -> bool {
    if dw == 0 || dh == 0 || dw > sw || dh > sh || (dw, dh) == (sw, sh) || sw < 8 || sh < 8 {
        return false;
    }
    let (sx, sy) = scales(sw, sh, dw, dh);
    let integer = |s: f64| (s - (s as i32) as f64).abs() < f64::EPSILON;
    // Zero-padded sums need every source count small and the table's
    // sources consecutive: true for factors below 4.
    !(integer(sx) && integer(sy)) && sx < 4.0 && sy < 4.0
}

/// OpenCV's factors: 1 / (dsize / ssize).
fn scales(sw: usize, sh: usize, dw: usize, dh: usize) -> (f64, f64) {
    (1.0 / (dw as f64 / sw as f64), 1.0 / (dh as f64 / sh as f64))
}

/// Both axes' tables of a shrink, by source and target size.
type Tables = std::rc::Rc<(Axis, Axis)>;

thread_local! {
    /// The tables of the last shrinks: a reader shrinks frames of one size
    /// to the same sizes frame after frame, and a table costs more to work
    /// out than a small image's shrink.
    static TABLES: std::cell::RefCell<Vec<([usize; 4], Tables)>> = const {
        std::cell::RefCell::new(Vec::new())
    };
}

/// Tables kept, at most (a frame's scan shrinks to about a dozen sizes).
const KEPT_TABLES: usize = 64;

/// [`axis`] of both axes, worked out once per sizes.
fn tables(sw: usize, sh: usize, dw: usize, dh: usize) -> Tables {
    let key = [sw, sh, dw, dh];
    TABLES.with(|cell| {
        let mut kept = cell.borrow_mut();
        if let Some((_, t)) = kept.iter().find(|(k, _)| *k == key) {
            return t.clone();
        }
        let (sx, sy) = scales(sw, sh, dw, dh);
        let t = std::rc::Rc::new((axis(sw, dw, sx), axis(sh, dh, sy)));
        if kept.len() >= KEPT_TABLES {
            kept.remove(0);
        }
        kept.push((key, t.clone()));
        t
    })
}

/// OpenCV's `saturate_cast<uchar>` of a sum: round half to even, clamp.
/// Clamped to 0..=256 first (nothing outside rounds to another byte),
/// `s + 2²³` lies where `f32`s are the integers, so the addition rounds
/// `s` to the nearest integer, ties to even (2²³ is even), and the
/// subtraction is exact; `as u8` saturates 256 to 255 and NaN to 0, as
/// the clamp after `round_ties_even` did. No call to `rintf`, so the
/// loop vectorises.
#[inline(always)]
fn to_byte(s: f32) -> u8 {
    const BIG: f32 = 8_388_608.0;
    ((s.clamp(0.0, 256.0) + BIG) - BIG) as u8
}

/// `src` (`sw` × `sh`, rows packed) shrunk by area means to `dw` × `dh`
/// into `out`; only where [`applies`] holds.
pub(super) fn shrink(src: &[u8], sw: usize, sh: usize, dw: usize, dh: usize, out: &mut Vec<u8>) {
    let kept = tables(sw, sh, dw, dh);
    let (xs, ys) = (&kept.0, &kept.1);
    out.clear();
    out.resize(dw * dh, 0);
    // Each source row summed across once (rows shared by two output rows
    // are asked for twice, consecutively).
    let mut row = vec![0f32; dw];
    let mut row_of = usize::MAX;
    let mut sum = vec![0f32; dw];
    for dy in 0..dh {
        let (fy, wy) = (ys.first[dy], &ys.weights[dy * ys.per..][..ys.per]);
        let mut started = false;
        for (k, &beta) in wy.iter().enumerate() {
            if beta == 0.0 {
                continue;
            }
            let sy = fy + k;
            if sy != row_of {
                across(&src[sy * sw..][..sw], xs, &mut row);
                row_of = sy;
            }
            if started {
                sum.iter_mut().zip(&row).for_each(|(s, &b)| *s += beta * b);
            } else {
                sum.iter_mut().zip(&row).for_each(|(s, &b)| *s = beta * b);
                started = true;
            }
        }
        for (d, &s) in out[dy * dw..][..dw].iter_mut().zip(&sum) {
            *d = to_byte(s);
        }
    }
}

/// One source row summed across into `row` (one value per output pixel).
fn across(src: &[u8], xs: &Axis, row: &mut [f32]) {
    match xs.per {
        1 => across_n::<1>(src, xs, row),
        2 => across_n::<2>(src, xs, row),
        3 => across_n::<3>(src, xs, row),
        4 => across_n::<4>(src, xs, row),
        5 => across_n::<5>(src, xs, row),
        _ => {
            let per = xs.per;
            for ((r, &f), w) in row
                .iter_mut()
                .zip(&xs.first)
                .zip(xs.weights.chunks_exact(per))
            {
                let mut acc = 0f32;
                for (&p, &a) in src[f..][..per].iter().zip(w) {
                    acc += p as f32 * a;
                }
                *r = acc;
            }
        }
    }
}

/// [`across`] for `N` sources per output pixel: the sum unrolled, so
/// neighbouring pixels' sums overlap instead of waiting on each other.
#[inline(always)]
fn across_n<const N: usize>(src: &[u8], xs: &Axis, row: &mut [f32]) {
    for ((r, &f), w) in row
        .iter_mut()
        .zip(&xs.first)
        .zip(xs.weights.chunks_exact(N))
    {
        let (Some(s), Ok(w)) = (src.get(f..f + N), <&[f32; N]>::try_from(w)) else {
            continue;
        };
        let mut acc = 0f32;
        for k in 0..N {
            acc += s[k] as f32 * w[k];
        }
        *r = acc;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use opencv::{
        core::{Mat, Size},
        imgproc,
        prelude::*,
    };

    fn opencv_area(src: &[u8], sw: usize, sh: usize, dw: usize, dh: usize) -> Vec<u8> {
        let m = Mat::new_rows_cols_with_data(sh as i32, sw as i32, src).unwrap();
        let mut dst = Mat::default();
        let size = Size::new(dw as i32, dh as i32);
        imgproc::resize(&m, &mut dst, size, 0.0, 0.0, imgproc::INTER_AREA).unwrap();
        dst.data_bytes().unwrap().to_vec()
    }

    #[test]
    fn bytes_are_rounded_half_to_even_as_rintf_does() {
        let mut tried = vec![
            -1.5f32,
            -0.5,
            -0.0,
            0.0,
            255.5,
            256.5,
            1e7,
            3e9,
            f32::NAN,
            f32::INFINITY,
            -f32::INFINITY,
        ];
        for k in 0..=600u32 {
            let v = k as f32 * 0.5;
            tried.extend([
                v,
                f32::from_bits(v.to_bits() + 1),
                f32::from_bits(v.to_bits().max(1) - 1),
            ]);
        }
        let mut seed = 12345u64;
        for _ in 0..100_000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            tried.push((seed >> 40) as f32 / (1u64 << 24) as f32 * 300.0 - 10.0);
        }
        for s in tried {
            assert_eq!(
                to_byte(s),
                s.round_ties_even().clamp(0.0, 255.0) as u8,
                "{s}"
            );
        }
    }

    #[test]
    fn area_shrinking_gives_opencvs_bytes() {
        opencv::core::set_num_threads(1).unwrap();
        let mut out = Vec::new();
        let mut tried = 0;
        for (sw, sh) in [(640usize, 360usize), (97, 61), (1280, 720), (33, 200)] {
            let src: Vec<u8> = (0..sw * sh)
                .map(|i| ((i * 7919 + (i / sw) * 31) % 256) as u8)
                .collect();
            for k in 1..=9 {
                let f = 0.5 + 0.055 * k as f64;
                let (dw, dh) = (
                    (sw as f64 * f).round() as usize,
                    (sh as f64 * f).round() as usize,
                );
                for (dw, dh) in [(dw, dh), (dw, sh / 2), (sw, dh), (sw / 2, dh)] {
                    if !applies(sw, sh, dw, dh) {
                        continue;
                    }
                    shrink(&src, sw, sh, dw, dh, &mut out);
                    assert_eq!(
                        out,
                        opencv_area(&src, sw, sh, dw, dh),
                        "{sw}×{sh} → {dw}×{dh}"
                    );
                    tried += 1;
                }
            }
        }
        assert!(tried > 100, "{tried}");
        // Integer factors both ways, equal sizes and enlarging are OpenCV's.
        assert!(!applies(640, 360, 320, 180));
        assert!(!applies(64, 36, 64, 36));
        assert!(!applies(64, 36, 70, 30));
    }
}
