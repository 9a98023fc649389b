//! The classifier's 3×3 convolutions as tight loops.
//!
//! Most of a frame's reading time is these convolutions (about half of
//! `warden bench read`, see docs/measurements/2026-11-26-d6-speed.md). The
//! plain loop kept each output pixel's channels in memory and went through
//! them once per input channel and tap; here the output width is a constant
//! for the widths models use (multiples of 8 up to 64), so a pixel's sums
//! stay in registers and the compiler vectorises across them, with AVX2
//! where the processor has it (checked at run time). Every sum is taken in
//! the same order as the plain loop, and no multiply is fused with its add,
//! so the results are the same to the bit (tested below).

use super::Conv;

/// One 3×3 convolution with same padding, then ReLU: input and output are
/// side × side pixels of `c.cin` and `c.cout` channels, row-major.
pub(super) fn conv3x3_relu(x: &[f32], side: usize, c: &Conv) -> Vec<f32> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor was just found to support AVX2, the only
        // feature `conv_avx2` is compiled for.
        if let Some(out) = unsafe { conv_avx2(x, side, c) } {
            return out;
        }
    }
    conv_fixed_width(x, side, c).unwrap_or_else(|| conv3x3_relu_plain(x, side, c))
}

/// [`conv_fixed_width`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn conv_avx2(x: &[f32], side: usize, c: &Conv) -> Option<Vec<f32>> {
    conv_fixed_width(x, side, c)
}

/// The convolution at a constant output width, or `None` for a width
/// without one.
#[inline(always)]
fn conv_fixed_width(x: &[f32], side: usize, c: &Conv) -> Option<Vec<f32>> {
    Some(match c.cout {
        8 => conv_fixed::<8>(x, side, c),
        16 => conv_fixed::<16>(x, side, c),
        24 => conv_fixed::<24>(x, side, c),
        32 => conv_fixed::<32>(x, side, c),
        40 => conv_fixed::<40>(x, side, c),
        48 => conv_fixed::<48>(x, side, c),
        56 => conv_fixed::<56>(x, side, c),
        64 => conv_fixed::<64>(x, side, c),
        _ => return None,
    })
}

/// The convolution for `CO` output channels: bias, then the taps in the
/// order ky, kx, input channel (the taps outside the image skipped), then
/// ReLU, as [`conv3x3_relu_plain`] does.
#[inline(always)]
fn conv_fixed<const CO: usize>(x: &[f32], side: usize, c: &Conv) -> Vec<f32> {
    let cin = c.cin;
    let mut bias = [0f32; CO];
    bias.copy_from_slice(&c.b[..CO]);
    let mut out = vec![0f32; side * side * CO];
    for oy in 0..side {
        let ky = usize::from(oy == 0)..if oy + 1 == side { 2 } else { 3 };
        for ox in 0..side {
            let kx = usize::from(ox == 0)..if ox + 1 == side { 2 } else { 3 };
            let mut acc = bias;
            for ky in ky.clone() {
                let iy = oy + ky - 1;
                for kx in kx.clone() {
                    let ix = ox + kx - 1;
                    let px = &x[(iy * side + ix) * cin..][..cin];
                    let taps = &c.w[(ky * 3 + kx) * cin * CO..][..cin * CO];
                    for (&v, row) in px.iter().zip(taps.chunks_exact(CO)) {
                        let row: &[f32; CO] = row.try_into().expect("chunks of CO values");
                        for (a, &w) in acc.iter_mut().zip(row) {
                            *a += v * w;
                        }
                    }
                }
            }
            let o = &mut out[(oy * side + ox) * CO..][..CO];
            for (o, a) in o.iter_mut().zip(acc) {
                *o = a.max(0.0);
            }
        }
    }
    out
}

/// The convolution at any width, one output channel slice at a time.
pub(super) fn conv3x3_relu_plain(x: &[f32], side: usize, c: &Conv) -> Vec<f32> {
    let mut out = vec![0f32; side * side * c.cout];
    for oy in 0..side {
        for ox in 0..side {
            let o = &mut out[(oy * side + ox) * c.cout..(oy * side + ox + 1) * c.cout];
            o.copy_from_slice(&c.b);
            for ky in 0..3 {
                let iy = oy as isize + ky as isize - 1;
                if iy < 0 || iy >= side as isize {
                    continue;
                }
                for kx in 0..3 {
                    let ix = ox as isize + kx as isize - 1;
                    if ix < 0 || ix >= side as isize {
                        continue;
                    }
                    let px = &x[(iy as usize * side + ix as usize) * c.cin..][..c.cin];
                    let wbase = (ky * 3 + kx) * c.cin * c.cout;
                    for (ci, &v) in px.iter().enumerate() {
                        let wrow = &c.w[wbase + ci * c.cout..wbase + (ci + 1) * c.cout];
                        for (ov, wv) in o.iter_mut().zip(wrow) {
                            *ov += v * wv;
                        }
                    }
                }
            }
            o.iter_mut().for_each(|v| *v = v.max(0.0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values in -1..1 from a small xorshift generator.
    fn values(n: usize, seed: &mut u64) -> Vec<f32> {
        (0..n)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                (*seed >> 40) as f32 / (1u64 << 23) as f32 - 1.0
            })
            .collect()
    }

    fn conv(cin: usize, cout: usize, seed: &mut u64) -> Conv {
        Conv {
            cin,
            cout,
            w: values(9 * cin * cout, seed),
            b: values(cout, seed),
        }
    }

    fn same_bits(a: &[f32], b: &[f32]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(p, q)| p.to_bits() == q.to_bits())
    }

    #[test]
    fn fixed_width_convolutions_match_the_plain_loop_to_the_bit() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        // The shipped model's layers, other widths, and a side of 1 (every
        // tap but the centre outside the image).
        for (side, cin, cout) in [
            (24, 3, 16),
            (12, 16, 32),
            (6, 32, 48),
            (5, 7, 8),
            (4, 24, 64),
            (1, 3, 40),
        ] {
            let c = conv(cin, cout, &mut seed);
            let x = values(side * side * cin, &mut seed);
            let plain = conv3x3_relu_plain(&x, side, &c);
            let fixed = conv_fixed_width(&x, side, &c).expect("a width with a fixed kernel");
            assert!(same_bits(&plain, &fixed), "{side}×{side}×{cin} → {cout}");
            assert!(same_bits(&plain, &conv3x3_relu(&x, side, &c)));
            assert!(plain.iter().any(|&v| v > 0.0) && plain.iter().any(|&v| v == 0.0));
        }
    }

    #[test]
    fn a_width_without_a_fixed_kernel_takes_the_plain_loop() {
        let mut seed = 7;
        let c = conv(3, 12, &mut seed);
        let x = values(8 * 8 * 3, &mut seed);
        assert!(conv_fixed_width(&x, 8, &c).is_none());
        assert!(same_bits(
            &conv3x3_relu_plain(&x, 8, &c),
            &conv3x3_relu(&x, 8, &c)
        ));
    }
}
