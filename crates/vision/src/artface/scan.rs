//! The finder's scan of one shrunk image, made fast: the probability of a
//! die at every scanned position, exactly as [`super::Finder::probability`]
//! of [`super::features`] gives it (same operations in the same order, so
//! the same bits), eight positions at a time.
//!
//! Why it is faster:
//! - The summed-area tables are padded with their edge values and split
//!   into even and odd columns, so for eight neighbouring positions (two
//!   pixels apart) each corner of a square is eight consecutive numbers:
//!   no clamping, no gathering, and the loops vectorise.
//! - Features, their standardising and the linear gate are computed for
//!   eight positions side by side (fixed-size arrays the compiler turns
//!   into vector instructions, compiled for AVX-512 or AVX2 when the
//!   processor has them); only positions the gate lets through run the
//!   network, its hidden units side by side.
//! - Every buffer is kept between sizes ([`Scan`]).
//!
//! Sums of pixel values, their squares and gradients are whole numbers, so
//! each square's sum is exact whatever the order of its terms; the tables
//! are kept modulo 2^32 (half the memory of `f64`), which gives a square's
//! sum exactly because no square's sum reaches 2^31 (21 × 21 pixels of at
//! most 255² = 28.7 million). Every later step keeps the original order.

use super::{sigmoid, Finder, CONTEXT, FEATURES, HIDDEN, SQUARES, STRIDE};

/// Positions computed side by side.
const LANES: usize = 8;
/// Padding of the tables on every side (even, so a column's parity is its
/// padded column's; wider than the largest square's reach).
const PAD: usize = 12;
/// The half-sides whose sums a position needs: [`SQUARES`], then [`CONTEXT`].
const RADII: [i32; 7] = [
    SQUARES[0], SQUARES[1], SQUARES[2], SQUARES[3], SQUARES[4], SQUARES[5], CONTEXT,
];
const _: () = assert!(STRIDE == 2 && PAD % 2 == 0 && PAD as i32 > CONTEXT + 1 && FEATURES == 26);
// The largest square's sum of squared values fits in an i32.
const _: () = assert!(((2 * CONTEXT + 1) * (2 * CONTEXT + 1)) as i64 * 255 * 255 < i32::MAX as i64);

type V = [f64; LANES];

/// Buffers of a scan, kept from one size to the next.
#[derive(Default)]
pub(super) struct Scan {
    /// Per table (values, squares, edges) and column parity: padded
    /// summed-area table, `rows` × `kw`, modulo 2^32 (see [`Scan::build`]).
    tables: [[Vec<u32>; 2]; 3],
    /// Per radius: each position's clamped square width (pixels).
    widths: Vec<[f64; 7]>,
    kw: usize,
    /// This row's per-pixel values, squares and edges.
    line: [Vec<u32>; 3],
}

thread_local! {
    /// This thread's scan buffers, kept between frames too: a frame's
    /// largest tables are megabytes, and fresh pages cost a fault each.
    static SCAN: std::cell::RefCell<Scan> = std::cell::RefCell::new(Scan::default());
}

/// [`Scan::map`] with this thread's buffers.
pub(super) fn map(img: &[u8], w: usize, h: usize, finder: &Finder) -> Vec<f32> {
    SCAN.with(|s| s.borrow_mut().map(img, w, h, finder))
}

impl Scan {
    /// The finder's probability at every position (`STRIDE` apart) of a
    /// `w` × `h` image, row by row, `w.div_ceil(STRIDE)` per row.
    pub(super) fn map(&mut self, img: &[u8], w: usize, h: usize, finder: &Finder) -> Vec<f32> {
        let (gw, gh) = (w.div_ceil(STRIDE), h.div_ceil(STRIDE));
        let blocks = gw.div_ceil(LANES);
        self.build(img, w, h, blocks * LANES);
        self.widths.clear();
        for gx in 0..blocks * LANES {
            let x = (gx * STRIDE) as i32;
            self.widths.push(RADII.map(|r| span(x, r, w) as f64));
        }
        let mut map = vec![0f32; gw * gh];
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the processor has AVX-512F, checked just above.
            unsafe { self.rows_avx512(finder, h, gw, &mut map) };
            return map;
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, checked just above.
            unsafe { self.rows_avx2(finder, h, gw, &mut map) };
            return map;
        }
        self.rows(finder, h, gw, &mut map);
        map
    }

    /// [`Scan::rows`] compiled for AVX-512 (eight `f64` a vector) or AVX2
    /// (four) instead of two. Same operations, so the same bits (Rust never
    /// fuses a multiply and an add on its own, whatever the processor has).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f")]
    unsafe fn rows_avx512(&self, finder: &Finder, h: usize, gw: usize, map: &mut [f32]) {
        self.rows(finder, h, gw, map)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn rows_avx2(&self, finder: &Finder, h: usize, gw: usize, map: &mut [f32]) {
        self.rows(finder, h, gw, map)
    }

    /// Every row of the probability map (`gw` positions a row).
    #[inline(always)]
    fn rows(&self, finder: &Finder, h: usize, gw: usize, map: &mut [f32]) {
        let mut work = Box::new(Work {
            q: [[[0.0; LANES]; 4]; 7],
            f: [[0.0; LANES]; FEATURES],
            z: [[0.0; LANES]; FEATURES],
            wt: std::array::from_fn(|k| std::array::from_fn(|j| finder.w1[j * FEATURES + k])),
        });
        for (gy, row) in map.chunks_exact_mut(gw).enumerate() {
            let y = (gy * STRIDE) as i32;
            let heights = RADII.map(|r| span(y, r, h) as f64);
            for (b, out) in row.chunks_mut(LANES).enumerate() {
                let p = self.block(&mut work, finder, gy, b * LANES, &heights);
                out.copy_from_slice(&p[..out.len()]);
            }
        }
    }

    /// The padded, parity-split summed-area tables of `img`, `cols`
    /// positions wide: padded row Y + PAD, column X + PAD holds the table's
    /// entry at (clamp(X, 0, w), clamp(Y, 0, h)).
    fn build(&mut self, img: &[u8], w: usize, h: usize, cols: usize) {
        // Padded column index 2k + parity; the widest read is at k = cols + 11.
        self.kw = cols + PAD;
        let kw = self.kw;
        let rows = h + 1 + 2 * PAD;
        let half = PAD / 2;
        for table in self.tables.iter_mut().flatten() {
            table.resize(rows * kw, 0);
            // Rows above the image and row Y = 0 are zero.
            table[..(PAD + 1) * kw].fill(0);
        }
        for line in &mut self.line {
            line.resize(w, 0);
        }
        for yy in 1..=h {
            // This image row's values, squares and edges (|∂x| + |∂y| with
            // neighbours clamped, as `Integrals::new`).
            let y = yy - 1;
            let cur = &img[y * w..(y + 1) * w];
            let up = &img[y.saturating_sub(1) * w..][..w];
            let down = &img[(y + 1).min(h - 1) * w..][..w];
            let [values, squares, edges] = &mut self.line;
            let (values, squares, edges) = (&mut values[..w], &mut squares[..w], &mut edges[..w]);
            // Zipped slices of one length: no bounds checks, so it vectorises.
            for (((v, q), e), ((&c, &u), &d)) in values
                .iter_mut()
                .zip(squares.iter_mut())
                .zip(edges.iter_mut())
                .zip(cur.iter().zip(up).zip(down))
            {
                *v = c as u32;
                *q = c as u32 * c as u32;
                *e = (d as i32 - u as i32).unsigned_abs();
            }
            // ∂x: the first and last pixel clamp their missing neighbour;
            // the rest (a plain loop that vectorises) read both.
            let dx = |a: usize, b: usize| (cur[a] as i32 - cur[b] as i32).unsigned_abs();
            edges[0] += dx(1.min(w - 1), 0);
            if w > 1 {
                edges[w - 1] += dx(w - 1, w - 2);
            }
            if w > 2 {
                for ((e, &r), &l) in edges[1..w - 1].iter_mut().zip(&cur[2..]).zip(&cur[..w - 2]) {
                    *e += (r as i32 - l as i32).unsigned_abs();
                }
            }
            let yp = yy + PAD;
            for (t, line) in self.line.iter().enumerate() {
                let [even, odd] = &mut self.tables[t];
                let (even_prev, even_cur) = even[(yp - 1) * kw..(yp + 1) * kw].split_at_mut(kw);
                let (odd_prev, odd_cur) = odd[(yp - 1) * kw..(yp + 1) * kw].split_at_mut(kw);
                // Entry X of this row: the row above's plus the sum of the
                // first X pixels of this one (whole numbers: exact).
                even_cur[..half].fill(0);
                odd_cur[..half].fill(0);
                let mut run = 0u32;
                let pairs = w / 2;
                let (ep, ec) = (
                    &even_prev[half..half + pairs],
                    &mut even_cur[half..half + pairs],
                );
                let (op, oc) = (
                    &odd_prev[half..half + pairs],
                    &mut odd_cur[half..half + pairs],
                );
                for (j, pixel) in line.chunks_exact(2).enumerate() {
                    ec[j] = ep[j].wrapping_add(run);
                    run = run.wrapping_add(pixel[0]);
                    oc[j] = op[j].wrapping_add(run);
                    run = run.wrapping_add(pixel[1]);
                }
                for x in 2 * pairs..=w {
                    let k = half + x / 2;
                    if x % 2 == 0 {
                        even_cur[k] = even_prev[k].wrapping_add(run);
                    } else {
                        odd_cur[k] = odd_prev[k].wrapping_add(run);
                    }
                    if x < w {
                        run = run.wrapping_add(line[x]);
                    }
                }
                // Columns past the image hold entry w.
                let last = if w % 2 == 0 {
                    even_cur[half + w / 2]
                } else {
                    odd_cur[half + w / 2]
                };
                even_cur[half + w / 2 + 1..].fill(last);
                odd_cur[half + (w + 1) / 2..].fill(last);
            }
        }
        // Rows below the image repeat its last.
        for table in self.tables.iter_mut().flatten() {
            for below in h + PAD + 1..rows {
                table.copy_within((h + PAD) * kw..(h + PAD + 1) * kw, below * kw);
            }
        }
    }

    /// Probabilities of the `LANES` positions from `gx0` on row `gy`.
    /// Plain loops over fixed-size arrays only, all inlined, so that the
    /// whole block is compiled for the caller's vector width.
    #[inline(always)]
    fn block(
        &self,
        work: &mut Work,
        finder: &Finder,
        gy: usize,
        gx0: usize,
        heights: &[f64; 7],
    ) -> [f32; LANES] {
        let kw = self.kw;
        let y = gy * STRIDE;
        let q = &mut work.q;
        for ri in 0..7 {
            let r = RADII[ri] as usize;
            // Padded columns of x + r + 1 and x − r, for x = 2·gx.
            let (hi_par, hi_k) = ((r + 1) % 2, (r + 1 + PAD) / 2);
            let (lo_par, lo_k) = (r % 2, (PAD - r) / 2);
            let (y1, y0) = (y + r + 1 + PAD, y + PAD - r);
            for t in 0..3 {
                let hi = &self.tables[t][hi_par];
                let lo = &self.tables[t][lo_par];
                let h1 = &hi[y1 * kw + gx0 + hi_k..][..LANES];
                let h0 = &hi[y0 * kw + gx0 + hi_k..][..LANES];
                let l1 = &lo[y1 * kw + gx0 + lo_k..][..LANES];
                let l0 = &lo[y0 * kw + gx0 + lo_k..][..LANES];
                for i in 0..LANES {
                    // Modulo 2^32, and a square's true sum is below 2^31.
                    let sum = h1[i]
                        .wrapping_sub(h0[i])
                        .wrapping_sub(l1[i].wrapping_sub(l0[i]));
                    q[ri][t][i] = sum as i32 as f64;
                }
            }
            let widths = &self.widths[gx0..gx0 + LANES];
            for i in 0..LANES {
                q[ri][3][i] = widths[i][ri] * heights[ri];
            }
        }
        features(&work.q, &mut work.f);
        let (f, z) = (&work.f, &mut work.z);
        for k in 0..FEATURES {
            let (mean, scale) = (finder.mean[k], finder.scale[k]);
            for i in 0..LANES {
                z[k][i] = (f[k][i] - mean) / scale;
            }
        }
        let mut g = [-0.0f32; LANES];
        for k in 0..FEATURES {
            let w = finder.gate[k];
            for i in 0..LANES {
                g[i] += w * z[k][i];
            }
        }
        let mut out = [0f32; LANES];
        for i in 0..LANES {
            if finder.gate[FEATURES] + g[i] < finder.gate_min {
                continue;
            }
            let mut lane = [0f32; FEATURES];
            for k in 0..FEATURES {
                lane[k] = z[k][i];
            }
            out[i] = network(finder, &work.wt, &lane);
        }
        out
    }
}

/// One block's intermediate numbers, kept in one buffer for a whole scan.
struct Work {
    /// Per radius: sums of values, squares, edges, and pixel counts.
    q: [[V; 4]; 7],
    /// Features and their standardised values.
    f: [[f32; LANES]; FEATURES],
    z: [[f32; LANES]; FEATURES],
    /// The network's first-layer weights, feature by feature.
    wt: [[f32; HIDDEN]; FEATURES],
}

/// How many pixels of 0..n the span x − r ..= x + r covers.
fn span(x: i32, r: i32, n: usize) -> i32 {
    (x + r + 1).clamp(0, n as i32) - (x - r).clamp(0, n as i32)
}

/// Mean, spread and edge strength of eight sums, as [`super::stats`].
#[inline(always)]
fn stats(q: &[V; 4]) -> (V, V, V) {
    let (mut m, mut s, mut g) = ([0f64; LANES], [0f64; LANES], [0f64; LANES]);
    for i in 0..LANES {
        let n = q[3][i].max(1.0);
        m[i] = q[0][i] / n;
        let var = (q[1][i] / n - m[i] * m[i]).max(0.0);
        s[i] = var.sqrt();
        g[i] = q[2][i] / n;
    }
    (m, s, g)
}

#[inline(always)]
fn diff(a: &[V; 4], b: &[V; 4]) -> [V; 4] {
    let mut d = [[0f64; LANES]; 4];
    for t in 0..4 {
        for i in 0..LANES {
            d[t][i] = a[t][i] - b[t][i];
        }
    }
    d
}

/// [`super::features`] of eight positions from their squares' sums.
#[inline(always)]
fn features(q: &[[V; 4]; 7], f: &mut [[f32; LANES]; FEATURES]) {
    let (mo, so, go) = stats(&q[5]);
    let mut norm = [0f64; LANES];
    for i in 0..LANES {
        norm[i] = so[i] + 4.0;
    }
    // Features 3j..3j + 3: the five inner squares, then the rim, the ring
    // outside the face and the context ring.
    for j in 0..8 {
        let (m, s, g) = match j {
            5 => stats(&diff(&q[4], &q[3])),
            6 => stats(&diff(&q[5], &q[4])),
            7 => stats(&diff(&q[6], &q[5])),
            _ => stats(&q[j]),
        };
        for i in 0..LANES {
            f[3 * j][i] = ((m[i] - mo[i]) / norm[i]) as f32;
            f[3 * j + 1][i] = (s[i] / norm[i]) as f32;
            f[3 * j + 2][i] = (g[i] / norm[i]) as f32;
        }
    }
    // Both logarithms side by side: sixteen lanes fill whole vectors.
    let mut x = [0f64; 2 * LANES];
    for i in 0..LANES {
        x[i] = so[i] + 1.0;
        x[LANES + i] = go[i] + 1.0;
    }
    let l = ln_f32(&x);
    f[FEATURES - 2].copy_from_slice(&l[..LANES]);
    f[FEATURES - 1].copy_from_slice(&l[LANES..]);
}

/// Where [`ln_f32`] trusts its own logarithm: 1 ≤ x < 2^20.
const LN_RANGE: (f64, f64) = (1.0, 1_048_576.0);
/// `2 / (2k + 1)`, k = 8 down to 0: ln m = s · Σ 2 s^2k / (2k + 1) for
/// s = (m − 1) / (m + 1).
const LN_TERMS: [f64; 9] = [
    2.0 / 17.0,
    2.0 / 15.0,
    2.0 / 13.0,
    2.0 / 11.0,
    2.0 / 9.0,
    2.0 / 7.0,
    2.0 / 5.0,
    2.0 / 3.0,
    2.0,
];
/// How far (relative) the true logarithm, and the library's, may be from
/// [`ln_f32`]'s own before it defers to the library.
const LN_SLACK: f64 = 1.0 / (1u64 << 40) as f64;

/// `(x.ln() as f32)` of each number, the same `f32` bits as that
/// expression gives, without a library call for almost all of them.
///
/// For 1 ≤ x < 2^20, x = 2^e · m with m in [0.7071066, 1.4142132) (e ≥ 0;
/// m and e taken from x's bits, exactly), s = (m − 1) / (m + 1) (m − 1 is
/// exact; |s| ≤ 0.1716, z = s² ≤ 0.0295) and ln x = e ln 2 + 2 atanh s,
/// the series cut after s¹⁷. Error, relative to ln x: the cut-off terms
/// < s¹⁸/19/(1 − z) < 1e-15; s has two roundings, the all-positive sum in
/// z (even terms, odd terms, then both) 20, e ln 2 one and the last
/// addition one, each ≤ 2^-53 of a number at most about twice the result
/// (e ≥ 1 makes ln x ≥ ½ e ln 2; for e = 0 every error is relative to s):
/// < 5e-15 in all. The library's `ln` is within an ulp of the truth
/// (2.3e-16 relative; glibc's bound is 0.52 ulp). So the library's value
/// lies within 6e-15 relative of ours, inside [l (1 − 2^-40),
/// l (1 + 2^-40)] (each bound computed with one more rounding, 1.1e-16, far
/// inside the 9.1e-13 slack). Rounding to `f32` is monotone, so when both
/// ends of that interval round to the same `f32`, the library's value
/// rounds to it as well; otherwise (an interval 2^-39 wide against an
/// `f32` step of 2^-23 or more, relative: about 1 in 30,000), or outside
/// the range, the library is called.
#[inline(always)]
fn ln_f32<const N: usize>(x: &[f64; N]) -> [f32; N] {
    let l = ln_near(x);
    let mut out = [0f32; N];
    let mut trust = [false; N];
    for i in 0..N {
        out[i] = l[i] as f32;
        let lo = (l[i] * (1.0 - LN_SLACK)) as f32;
        let hi = (l[i] * (1.0 + LN_SLACK)) as f32;
        trust[i] = lo == hi && x[i] >= LN_RANGE.0 && x[i] < LN_RANGE.1;
    }
    if trust != [true; N] {
        for i in 0..N {
            if !trust[i] {
                out[i] = x[i].ln() as f32;
            }
        }
    }
    out
}

/// [`ln_f32`]'s own logarithm, within 5e-15 of ln x (relative) for
/// 1 ≤ x < 2^20; meaningless elsewhere.
#[inline(always)]
fn ln_near<const N: usize>(x: &[f64; N]) -> [f64; N] {
    // Bits of √½ rounded down (0.70710659): x's bits less these have e in
    // their exponent field, and x with that exponent taken off is m.
    const LOW: u64 = 0x3fe6_a09e_0000_0000;
    // 2^52 with e as its low bits: minus 2^52 is e.
    const MAGIC: u64 = 0x4330_0000_0000_0000;
    let mut l = [0f64; N];
    for i in 0..N {
        let bits = x[i].to_bits();
        let t = bits.wrapping_sub(LOW);
        let m = f64::from_bits(bits.wrapping_sub(t & (0xfff << 52)));
        let e = f64::from_bits(MAGIC | (t >> 52)) - 4_503_599_627_370_496.0;
        let s = (m - 1.0) / (m + 1.0);
        let z = s * s;
        // Σ c_k z^k as its even and odd terms, two shorter chains.
        let w = z * z;
        let c = LN_TERMS;
        let even = (((c[0] * w + c[2]) * w + c[4]) * w + c[6]) * w + c[8];
        let odd = ((c[1] * w + c[3]) * w + c[5]) * w + c[7];
        l[i] = e * std::f64::consts::LN_2 + s * (even + z * odd);
    }
    l
}

/// The network's probability for standardised features that passed the
/// gate, as [`super::Finder::probability`]: the hidden units' sums side by
/// side (each unit's products still added in feature order), from the
/// first layer's weights laid out feature by feature (`wt[k][j]`).
#[inline(always)]
fn network(finder: &Finder, wt: &[[f32; HIDDEN]; FEATURES], z: &[f32; FEATURES]) -> f32 {
    let mut s = [-0.0f32; HIDDEN];
    for k in 0..FEATURES {
        let zk = z[k];
        for j in 0..HIDDEN {
            s[j] += wt[k][j] * zk;
        }
    }
    let mut out = finder.b2;
    for j in 0..HIDDEN {
        let a = finder.b1[j] + s[j];
        if a > 0.0 {
            out += finder.w2[j] * a;
        }
    }
    sigmoid(out)
}

#[cfg(test)]
mod tests {
    use super::super::{features as reference_features, Integrals};
    use super::*;

    /// A small seeded generator for test data.
    fn lcg(seed: &mut u64) -> f32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 40) as f32 / (1u64 << 24) as f32
    }

    fn random_finder(seed: &mut u64) -> Finder {
        let mut v = |n: usize, lo: f32, hi: f32| -> Vec<f32> {
            (0..n).map(|_| lo + (hi - lo) * lcg(seed)).collect()
        };
        Finder {
            mean: v(FEATURES, -0.5, 0.5),
            scale: v(FEATURES, 0.2, 2.0),
            w1: v(HIDDEN * FEATURES, -1.0, 1.0),
            b1: v(HIDDEN, -0.5, 0.5),
            w2: v(HIDDEN, -2.0, 2.0),
            b2: 0.1,
            gate: v(FEATURES + 1, -1.0, 1.0),
            gate_min: 0.0,
        }
    }

    /// `ln_f32` against `(x.ln() as f32)`, and `ln_near` within the error
    /// its proof allows: the inputs the proof leans on most (around 1, √2
    /// and powers of two, where m, s or e change), a dense sweep of 1..301,
    /// 1 + q/n and 1 + √(q/n) for every n ≤ 441 pixels and q ≤ 255 n,
    /// random numbers over the whole range, and numbers outside it.
    #[test]
    fn ln_f32_gives_the_library_logarithm_rounded_to_f32() {
        let mut xs: Vec<f64> = vec![
            1.0,
            0.0,
            -0.0,
            -1.0,
            0.5,
            f64::NAN,
            f64::INFINITY,
            f64::MIN_POSITIVE,
            LN_RANGE.1,
            LN_RANGE.1 * 4.0,
        ];
        for k in 0..22 {
            let p = (1u64 << k) as f64;
            for c in [p, p * std::f64::consts::SQRT_2] {
                let (mut v, mut w) = (c, c);
                for _ in 0..64 {
                    xs.extend([v, w]);
                    v = f64::from_bits(v.to_bits() + 1);
                    w = f64::from_bits(w.to_bits() - 1);
                }
            }
        }
        for i in 0..3_000_000u32 {
            xs.push(1.0 + i as f64 / 10_000.0);
        }
        let mut seed = 11u64;
        for _ in 0..3_000_000 {
            let (a, b) = (lcg(&mut seed) as f64, lcg(&mut seed) as f64);
            xs.push((a * 20.0 + b * 1e-3).exp2());
        }
        let mut checked = 0usize;
        let mut worst = 0f64;
        let mut check = |block: &[f64]| {
            let mut x = [1.0; LANES];
            x[..block.len()].copy_from_slice(block);
            let (got, near) = (ln_f32(&x), ln_near(&x));
            for i in 0..LANES {
                let want = x[i].ln();
                assert_eq!(got[i].to_bits(), (want as f32).to_bits(), "ln {:e}", x[i]);
                if x[i] > 1.0 && x[i] < LN_RANGE.1 {
                    worst = worst.max(((near[i] - want) / want).abs());
                }
            }
            checked += LANES;
        };
        xs.chunks(LANES).for_each(&mut check);
        let mut block = Vec::with_capacity(LANES);
        for n in 1..=441u32 {
            for q in 0..=255 * n {
                let v = q as f64 / n as f64;
                block.extend([v + 1.0, v.sqrt() + 1.0]);
                if block.len() == LANES {
                    check(&block);
                    block.clear();
                }
            }
        }
        check(&block);
        assert!(checked > 50_000_000);
        assert!(worst < 5e-15, "ln_near off by {worst:e}");
    }

    #[test]
    fn the_scan_gives_the_reference_probabilities_bit_for_bit() {
        let mut seed = 7u64;
        // One scan for all, as a thread reuses it: larger then smaller
        // images must not see each other's numbers.
        let mut scan = Scan::default();
        // 700 × 400 of bright pixels: its table of squares passes 2^32.
        for (w, h) in [
            (3, 3),
            (5, 17),
            (31, 9),
            (64, 40),
            (97, 53),
            (20, 11),
            (4, 60),
            (700, 400),
        ] {
            // Blobs on a noisy ramp, so features vary and the gate splits.
            let img: Vec<u8> = (0..w * h)
                .map(|i| {
                    let (x, y) = (i % w, i / w);
                    let blob = if (x / 7 + y / 5) % 3 == 0 { 120.0 } else { 0.0 };
                    let base = if w > 500 { 200.0 } else { 40.0 + x as f32 };
                    (base + blob + 60.0 * lcg(&mut seed)).min(255.0) as u8
                })
                .collect();
            let mut finder = random_finder(&mut seed);
            let ii = Integrals::new(&img, w, h);
            // Gate at the median position, so half run the network.
            let mut gates: Vec<f32> = (0..h)
                .step_by(STRIDE)
                .flat_map(|y| (0..w).step_by(STRIDE).map(move |x| (x, y)))
                .map(|(x, y)| {
                    let f = reference_features(&ii, x as i32, y as i32);
                    (0..FEATURES)
                        .map(|k| finder.gate[k] * (f[k] - finder.mean[k]) / finder.scale[k])
                        .sum::<f32>()
                        + finder.gate[FEATURES]
                })
                .collect();
            gates.sort_by(|a, b| a.total_cmp(b));
            finder.gate_min = gates[gates.len() / 2];
            let map = scan.map(&img, w, h, &finder);
            let gw = w.div_ceil(STRIDE);
            // The portable build of the kernel gives the same bits as the
            // vector one `map` chose.
            let mut plain = vec![0f32; map.len()];
            scan.rows(&finder, h, gw, &mut plain);
            assert!(plain
                .iter()
                .zip(&map)
                .all(|(a, b)| a.to_bits() == b.to_bits()));
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                let mut avx2 = vec![0f32; map.len()];
                // SAFETY: AVX2 checked just above.
                unsafe { scan.rows_avx2(&finder, h, gw, &mut avx2) };
                assert!(avx2
                    .iter()
                    .zip(&map)
                    .all(|(a, b)| a.to_bits() == b.to_bits()));
            }
            assert_eq!(map.len(), gw * h.div_ceil(STRIDE));
            let mut passed = 0;
            for (i, &p) in map.iter().enumerate() {
                let (gx, gy) = ((i % gw) * STRIDE, (i / gw) * STRIDE);
                let want = finder.probability(&reference_features(&ii, gx as i32, gy as i32));
                assert_eq!(p.to_bits(), want.to_bits(), "{w}×{h} at ({gx}, {gy})");
                passed += (p > 0.0) as usize;
            }
            if w * h > 1000 {
                assert!(passed > 0 && passed < map.len(), "the gate should split");
            }
        }
    }
}
