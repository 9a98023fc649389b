//! The polar description of a face ([`super::polar`]) made fast, with the
//! same bits: the 36 grid directions are kept from one call to the next
//! while a pose's turn and foreshortening stay the same (a die's grid of
//! places and sizes shares them), and the 288 bilinear samples are taken
//! eight at a time with AVX2 gathers when the processor has them (each
//! lane does the scalar sample's operations in its order; no fused
//! multiply-add).

use super::{normalise, Plane, Pose, Prepared, ANGLES, DIM, REACH, RINGS};

/// The last grid directions: (turn, foreshortening) bits, and each
/// sample's direction (cos, foreshortening · sin) ring by ring (the 36
/// directions repeated for each ring, so eight samples are eight
/// consecutive numbers).
struct Directions {
    key: (u32, u32),
    cos: [f32; DIM],
    sin: [f32; DIM],
}

thread_local! {
    static DIRS: std::cell::RefCell<Directions> = const {
        std::cell::RefCell::new(Directions {
            key: (u32::MAX, u32::MAX),
            cos: [0.0; DIM],
            sin: [0.0; DIM],
        })
    };
}

/// Run `f` with the grid directions of a pose's turn and foreshortening.
fn with_directions<R>(angle: f32, squash: f32, f: impl FnOnce(&[f32; DIM], &[f32; DIM]) -> R) -> R {
    DIRS.with(|cell| {
        let mut cache = cell.borrow_mut();
        let key = (angle.to_bits(), squash.to_bits());
        if cache.key != key {
            let dirs: [(f32, f32); ANGLES] = std::array::from_fn(|j| {
                let a = angle + std::f32::consts::TAU * j as f32 / ANGLES as f32;
                let (s, c) = a.sin_cos();
                (c, squash * s)
            });
            for n in 0..DIM {
                cache.cos[n] = dirs[n % ANGLES].0;
                cache.sin[n] = dirs[n % ANGLES].1;
            }
            cache.key = key;
        }
        f(&cache.cos, &cache.sin)
    })
}

/// Zero-mean, unit-length polar description of a face, its grid's angle
/// 0 along the pose's turn (bit for bit [`super::polar_reference`]).
pub(super) fn polar(prep: &Prepared, pose: &Pose) -> Vec<f32> {
    let mut d = samples(prep, pose);
    normalise(&mut d);
    d
}

/// [`polar`] of several poses. Making a description zero-mean and unit
/// length adds its 288 numbers one after another, twice (a chain of
/// dependent additions); four descriptions' chains run side by side, each
/// in its own order, so the bits are [`polar`]'s.
pub(super) fn polars(prep: &Prepared, poses: &[Pose]) -> Vec<Vec<f32>> {
    let mut out: Vec<Vec<f32>> = poses.iter().map(|p| samples(prep, p)).collect();
    let mut groups = out.chunks_exact_mut(4);
    for group in &mut groups {
        let [a, b, c, d] = group else { unreachable!() };
        normalise4([a, b, c, d]);
    }
    for d in groups.into_remainder() {
        normalise(d);
    }
    out
}

/// [`normalise`] of four descriptions of `DIM` numbers, side by side.
fn normalise4(ds: [&mut Vec<f32>; 4]) {
    let ds: [&mut [f32; DIM]; 4] = ds.map(|d| d.as_mut_slice().try_into().expect("DIM numbers"));
    let mut sum = [-0.0f32; 4];
    for i in 0..DIM {
        for b in 0..4 {
            sum[b] += ds[b][i];
        }
    }
    let mean = sum.map(|s| s / DIM as f32);
    let mut squares = [-0.0f32; 4];
    for i in 0..DIM {
        for b in 0..4 {
            ds[b][i] -= mean[b];
            squares[b] += ds[b][i] * ds[b][i];
        }
    }
    for b in 0..4 {
        let n = squares[b].sqrt();
        if n > 1e-6 {
            ds[b].iter_mut().for_each(|v| *v /= n);
        }
    }
}

/// The 288 samples of a pose's grid, before [`normalise`]: sample n is
/// at the centre plus (r · cos, r · sin) of its ring's radius r and its
/// direction.
fn samples(prep: &Prepared, pose: &Pose) -> Vec<f32> {
    let (p, k) = prep.level_for(pose.side);
    let reach = REACH * pose.side * k;
    let (cx, cy) = (pose.center[0] * k, pose.center[1] * k);
    let radii: [f32; RINGS] = std::array::from_fn(|i| (i as f32 + 0.5) / RINGS as f32 * reach);
    let mut d = vec![0f32; DIM];
    with_directions(pose.angle, pose.squash, |cos, sin| {
        #[cfg(target_arch = "x86_64")]
        if p.w < (1 << 15) && p.h < (1 << 15) && std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (checked), and every index the
            // gathers read is clamped into the plane (sides < 2^15, so no
            // 32-bit product overflows).
            unsafe { samples_avx2(p, cx, cy, &radii, cos, sin, &mut d) };
            return;
        }
        for n in 0..DIM {
            let r = radii[n / ANGLES];
            d[n] = p.at(cx + r * cos[n], cy + r * sin[n]);
        }
    });
    d
}

/// Which ring each sample is on.
const RING_OF: [i32; DIM] = {
    let mut out = [0i32; DIM];
    let mut n = 0;
    while n < DIM {
        out[n] = (n / ANGLES) as i32;
        n += 1;
    }
    out
};
const _: () = assert!(RINGS == 8);

/// [`Plane::at`] of every sample, eight at a time (the eight ring radii
/// are one vector; each lane picks its ring's).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(clippy::too_many_arguments)]
unsafe fn samples_avx2(
    p: &Plane,
    cx: f32,
    cy: f32,
    radii: &[f32; RINGS],
    cos: &[f32; DIM],
    sin: &[f32; DIM],
    out: &mut [f32],
) {
    use std::arch::x86_64::*;
    assert!(out.len() == DIM && p.v.len() == p.w * p.h);
    let (wm, hm) = ((p.w - 1) as f32, (p.h - 1) as f32);
    let (wmi, hmi) = (
        _mm256_set1_epi32(p.w as i32 - 1),
        _mm256_set1_epi32(p.h as i32 - 1),
    );
    let stride = _mm256_set1_epi32(p.w as i32);
    let one = _mm256_set1_epi32(1);
    let onef = _mm256_set1_ps(1.0);
    let zero = _mm256_setzero_ps();
    let (vcx, vcy) = (_mm256_set1_ps(cx), _mm256_set1_ps(cy));
    let (vwm, vhm) = (_mm256_set1_ps(wm), _mm256_set1_ps(hm));
    let rings = _mm256_loadu_ps(radii.as_ptr());
    let base = p.v.as_ptr();
    for n in (0..DIM).step_by(8) {
        let r = _mm256_permutevar8x32_ps(rings, _mm256_loadu_si256(RING_OF.as_ptr().add(n).cast()));
        let dx = _mm256_mul_ps(r, _mm256_loadu_ps(cos.as_ptr().add(n)));
        let dy = _mm256_mul_ps(r, _mm256_loadu_ps(sin.as_ptr().add(n)));
        // x.clamp(0, w − 1). On equal or unordered operands max and min
        // return the second, x, as `clamp` keeps it (−0.0, NaN).
        let x = _mm256_min_ps(vwm, _mm256_max_ps(zero, _mm256_add_ps(vcx, dx)));
        let y = _mm256_min_ps(vhm, _mm256_max_ps(zero, _mm256_add_ps(vcy, dy)));
        // `as usize` of a non-negative float truncates.
        let x0 = _mm256_cvttps_epi32(x);
        let y0 = _mm256_cvttps_epi32(y);
        let x1 = _mm256_min_epi32(_mm256_add_epi32(x0, one), wmi);
        let y1 = _mm256_min_epi32(_mm256_add_epi32(y0, one), hmi);
        let fx = _mm256_sub_ps(x, _mm256_cvtepi32_ps(x0));
        let fy = _mm256_sub_ps(y, _mm256_cvtepi32_ps(y0));
        let (r0, r1) = (
            _mm256_mullo_epi32(y0, stride),
            _mm256_mullo_epi32(y1, stride),
        );
        let v00 = _mm256_i32gather_ps::<4>(base, _mm256_add_epi32(r0, x0));
        let v01 = _mm256_i32gather_ps::<4>(base, _mm256_add_epi32(r0, x1));
        let v10 = _mm256_i32gather_ps::<4>(base, _mm256_add_epi32(r1, x0));
        let v11 = _mm256_i32gather_ps::<4>(base, _mm256_add_epi32(r1, x1));
        let gx = _mm256_sub_ps(onef, fx);
        let top = _mm256_add_ps(_mm256_mul_ps(v00, gx), _mm256_mul_ps(v01, fx));
        let bottom = _mm256_add_ps(_mm256_mul_ps(v10, gx), _mm256_mul_ps(v11, fx));
        let v = _mm256_add_ps(
            _mm256_mul_ps(top, _mm256_sub_ps(onef, fy)),
            _mm256_mul_ps(bottom, fy),
        );
        _mm256_storeu_ps(out.as_mut_ptr().add(n), v);
    }
}

#[cfg(test)]
mod tests {
    use super::super::polar_reference;
    use super::*;
    use crate::gray::GrayImage;

    #[test]
    fn the_description_is_the_reference_bit_for_bit() {
        let mut seed = 3u64;
        let mut rnd = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        let (w, h) = (211, 97);
        let data: Vec<u8> = (0..w * h)
            .map(|i| ((i * 37 + i / w * 11) % 251) as u8)
            .collect();
        let plane = Plane::from_gray(&GrayImage {
            width: w,
            height: h,
            data: data.clone(),
        });
        let prep = Prepared {
            gray: GrayImage {
                width: w,
                height: h,
                data,
            },
            pyramid: vec![plane],
            bgr: Vec::new(),
        };
        let mut poses = Vec::new();
        for n in 0..200 {
            // Some poses hang over the border, so clamping is exercised.
            let pose = Pose {
                center: [rnd() * 230.0 - 10.0, rnd() * 110.0 - 6.0],
                side: 8.0 + 40.0 * rnd(),
                angle: if n % 3 == 0 { 0.25 } else { rnd() - 0.5 },
                squash: if n % 3 == 0 { 0.8 } else { 0.5 + 0.5 * rnd() },
            };
            let (fast, want) = (polar(&prep, &pose), polar_reference(&prep, &pose));
            let same = fast
                .iter()
                .zip(&want)
                .all(|(a, b)| a.to_bits() == b.to_bits());
            assert!(same, "{pose:?}");
            poses.push(pose);
        }
        // Side by side, in fours and the rest, as one by one.
        for n in [1, 4, 7, 9] {
            let batch = polars(&prep, &poses[..n]);
            for (d, pose) in batch.iter().zip(&poses) {
                let want = polar_reference(&prep, pose);
                assert!(d.iter().zip(&want).all(|(a, b)| a.to_bits() == b.to_bits()));
            }
        }
    }
}
