//! Matching one face description against the prototypes over the tried
//! turns, made fast: the same dot products as [`super::dot`] of each
//! turned row with each prototype (same products, same eight running sums,
//! same order, so the same bits), but each chunk of a prototype is loaded
//! once for all twelve turns, the turned rows live on the stack, and the
//! loop is compiled for AVX2 when the processor has it (one running-sum
//! set a vector; no fused multiply-add).

use super::{ArtModel, ANGLES, DIM};

/// Turns tried per description (see [`super::turns`]).
pub(super) const TURNS: usize = 12;
/// Running sums of a dot product (as [`super::dot`]).
const LANES: usize = 8;
const CHUNKS: usize = DIM / LANES;
const _: () = assert!(DIM % LANES == 0);

/// A description turned by each tried shift (rows as [`super::turned`]).
pub(super) struct Turned {
    rows: [[f32; DIM]; TURNS],
}

thread_local! {
    /// This thread's turned rows (14 kB), filled afresh for each description.
    static TURNED: std::cell::RefCell<Box<Turned>> = std::cell::RefCell::new(Box::new(Turned {
        rows: [[0f32; DIM]; TURNS],
    }));
}

/// For each prototype whose face `allow`s, raise its face's entry of
/// `best` to the prototype's best correlation with `d` over the turns.
pub(super) fn raise(
    d: &[f32],
    shifts: &[usize],
    model: &ArtModel,
    face_of: &[usize],
    allow: &[bool],
    best: &mut [f32],
) {
    TURNED.with(|t| {
        let mut t = t.borrow_mut();
        t.fill(d, shifts);
        t.raise(model, face_of, allow, best);
    })
}

impl Turned {
    #[cfg(test)]
    pub(super) fn new(d: &[f32], shifts: &[usize]) -> Box<Turned> {
        let mut t = Box::new(Turned {
            rows: [[0f32; DIM]; TURNS],
        });
        t.fill(d, shifts);
        t
    }

    /// Lay out `d` turned by each shift.
    pub(super) fn fill(&mut self, d: &[f32], shifts: &[usize]) {
        assert!(d.len() == DIM && shifts.len() == TURNS);
        for (i, ring) in d.chunks_exact(ANGLES).enumerate() {
            // The ring twice over: a turned ring is one fixed-length slice
            // of it (copied inline, not by a memcpy call per piece).
            let mut twice = [0f32; 2 * ANGLES];
            twice[..ANGLES].copy_from_slice(ring);
            twice[ANGLES..].copy_from_slice(ring);
            for (row, &shift) in self.rows.iter_mut().zip(shifts) {
                let out = &mut row[i * ANGLES..(i + 1) * ANGLES];
                let from = &twice[shift..shift + ANGLES];
                // In pieces of eight and four, which compile to vector
                // moves (one 36-number copy compiles to a memcpy call).
                for c in 0..ANGLES / 8 {
                    let piece: [f32; 8] = from[8 * c..8 * c + 8].try_into().expect("eight");
                    out[8 * c..8 * c + 8].copy_from_slice(&piece);
                }
                let piece: [f32; ANGLES % 8] = from[ANGLES / 8 * 8..].try_into().expect("the rest");
                out[ANGLES / 8 * 8..].copy_from_slice(&piece);
            }
        }
    }

    /// For each prototype whose face `allow`s, raise its face's entry of
    /// `best` to the prototype's best correlation over the turns.
    pub(super) fn raise(
        &self,
        model: &ArtModel,
        face_of: &[usize],
        allow: &[bool],
        best: &mut [f32],
    ) {
        #[cfg(target_arch = "x86_64")]
        let avx = std::arch::is_x86_feature_detected!("avx");
        for (p, &f) in model.prototypes.iter().zip(face_of) {
            if !allow[f] {
                continue;
            }
            let p: &[f32; DIM] = p.polar.as_slice().try_into().expect("DIM numbers");
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the processor has AVX, checked above.
            let sim = if avx {
                unsafe { self.best_avx(p) }
            } else {
                self.best(p)
            };
            #[cfg(not(target_arch = "x86_64"))]
            let sim = self.best(p);
            if sim > best[f] {
                best[f] = sim;
            }
        }
    }

    /// Best correlation with `p` over the turns (as [`super::Turned::best`]),
    /// portable: [`super::dot`] of each row.
    pub(super) fn best(&self, p: &[f32; DIM]) -> f32 {
        let mut top = f32::MIN;
        for row in &self.rows {
            let mut acc = [0f32; LANES];
            for (x, y) in row.chunks_exact(LANES).zip(p.chunks_exact(LANES)) {
                for k in 0..LANES {
                    acc[k] += x[k] * y[k];
                }
            }
            // `dot` adds its (empty) tail's sum, −0.0, which changes nothing.
            let v = acc.iter().sum::<f32>();
            if v > top {
                top = v;
            }
        }
        top
    }

    /// [`Turned::best`] with AVX: running sum k of a dot product is lane k
    /// of one vector (the same products added in the same order), each
    /// chunk of `p` is loaded once for all twelve turns, and the twelve
    /// dot products' lanes are added up side by side after a transpose
    /// (lane 0 + lane 1 + … + lane 7, in that order, as `sum` does).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx")]
    unsafe fn best_avx(&self, p: &[f32; DIM]) -> f32 {
        use std::arch::x86_64::*;
        let mut acc = [_mm256_setzero_ps(); TURNS];
        for c in 0..CHUNKS {
            // SAFETY (all loads): c·8 + 8 ≤ DIM, the length of p and of each row.
            let pc = _mm256_loadu_ps(p.as_ptr().add(c * LANES));
            for (a, row) in acc.iter_mut().zip(&self.rows) {
                let rc = _mm256_loadu_ps(row.as_ptr().add(c * LANES));
                *a = _mm256_add_ps(*a, _mm256_mul_ps(rc, pc));
            }
        }
        let zero = _mm256_setzero_ps();
        let first = lane_sums([
            acc[0], acc[1], acc[2], acc[3], acc[4], acc[5], acc[6], acc[7],
        ]);
        let rest = lane_sums([acc[8], acc[9], acc[10], acc[11], zero, zero, zero, zero]);
        let mut sums = [0f32; 2 * LANES];
        _mm256_storeu_ps(sums.as_mut_ptr(), first);
        _mm256_storeu_ps(sums.as_mut_ptr().add(LANES), rest);
        let mut top = f32::MIN;
        for &v in &sums[..TURNS] {
            if v > top {
                top = v;
            }
        }
        top
    }
}

/// Lane j of the result: the lanes of `v[j]` added in order,
/// ((v[j][0] + v[j][1]) + v[j][2]) + … + v[j][7], for eight vectors at once
/// (an 8 × 8 transpose, then seven vector additions).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn lane_sums(v: [std::arch::x86_64::__m256; 8]) -> std::arch::x86_64::__m256 {
    use std::arch::x86_64::*;
    let t0 = _mm256_unpacklo_ps(v[0], v[1]);
    let t1 = _mm256_unpackhi_ps(v[0], v[1]);
    let t2 = _mm256_unpacklo_ps(v[2], v[3]);
    let t3 = _mm256_unpackhi_ps(v[2], v[3]);
    let t4 = _mm256_unpacklo_ps(v[4], v[5]);
    let t5 = _mm256_unpackhi_ps(v[4], v[5]);
    let t6 = _mm256_unpacklo_ps(v[6], v[7]);
    let t7 = _mm256_unpackhi_ps(v[6], v[7]);
    let s0 = _mm256_shuffle_ps::<0x44>(t0, t2);
    let s1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
    let s2 = _mm256_shuffle_ps::<0x44>(t1, t3);
    let s3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
    let s4 = _mm256_shuffle_ps::<0x44>(t4, t6);
    let s5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
    let s6 = _mm256_shuffle_ps::<0x44>(t5, t7);
    let s7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
    // Row k of the transpose: lane k of every input.
    let r = [
        _mm256_permute2f128_ps::<0x20>(s0, s4),
        _mm256_permute2f128_ps::<0x20>(s1, s5),
        _mm256_permute2f128_ps::<0x20>(s2, s6),
        _mm256_permute2f128_ps::<0x20>(s3, s7),
        _mm256_permute2f128_ps::<0x31>(s0, s4),
        _mm256_permute2f128_ps::<0x31>(s1, s5),
        _mm256_permute2f128_ps::<0x31>(s2, s6),
        _mm256_permute2f128_ps::<0x31>(s3, s7),
    ];
    // `sum` starts from −0.0, and −0.0 + x is x.
    let mut t = r[0];
    for row in &r[1..] {
        t = _mm256_add_ps(t, *row);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::super::{dot, turned, turns, Turned as Reference};
    use super::*;

    #[test]
    fn turned_matching_gives_the_reference_bits() {
        let mut seed = 11u64;
        let mut rnd = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        };
        let shifts = turns();
        for _ in 0..20 {
            let d: Vec<f32> = (0..DIM).map(|_| rnd()).collect();
            let p: Vec<f32> = (0..DIM).map(|_| rnd()).collect();
            let fast = Turned::new(&d, &shifts);
            for (row, &s) in fast.rows.iter().zip(&shifts) {
                assert_eq!(row.as_slice(), turned(&d, s).as_slice());
            }
            let want = Reference::new(&d, &shifts).best(&p).0;
            let p: &[f32; DIM] = p.as_slice().try_into().unwrap();
            assert_eq!(fast.best(p).to_bits(), want.to_bits());
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx") {
                // SAFETY: checked just above.
                assert_eq!(unsafe { fast.best_avx(p) }.to_bits(), want.to_bits());
            }
            let top = shifts
                .iter()
                .map(|&s| dot(&turned(&d, s), p))
                .fold(f32::MIN, f32::max);
            assert_eq!(top.to_bits(), want.to_bits());
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn lane_sums_add_each_vectors_lanes_in_order() {
        use std::arch::x86_64::*;
        if !std::arch::is_x86_feature_detected!("avx") {
            return;
        }
        let vals: Vec<f32> = (0..64)
            .map(|i| ((i * 7919 % 1000) as f32 - 500.0) * 1.37e-3)
            .collect();
        // SAFETY: AVX checked above; every load and store is of 8 in-bounds floats.
        let got = unsafe {
            let v: [__m256; 8] = std::array::from_fn(|j| _mm256_loadu_ps(vals.as_ptr().add(8 * j)));
            let mut out = [0f32; 8];
            _mm256_storeu_ps(out.as_mut_ptr(), lane_sums(v));
            out
        };
        for j in 0..8 {
            let want: f32 = vals[8 * j..8 * j + 8].iter().sum();
            assert_eq!(got[j].to_bits(), want.to_bits(), "vector {j}");
        }
    }

    #[test]
    fn raising_by_face_keeps_each_allowed_faces_best() {
        let mut seed = 5u64;
        let mut rnd = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        };
        let shifts = turns();
        let faces = ["a", "b", "c"];
        let prototypes: Vec<super::super::ArtPrototype> = (0..7)
            .map(|i| super::super::ArtPrototype {
                face: faces[i % 3].to_string(),
                samples: 1,
                polar: (0..DIM).map(|_| rnd()).collect(),
            })
            .collect();
        let face_of: Vec<usize> = (0..7).map(|i| i % 3).collect();
        let model = ArtModel {
            descriptor: String::new(),
            sizes_px: [10.0, 20.0],
            finder: super::super::Finder::default(),
            prototypes,
            min_similarity: vec![],
            bodies: None,
        };
        let d: Vec<f32> = (0..DIM).map(|_| rnd()).collect();
        let allow = [true, false, true];
        let mut best = [f32::MIN, -7.0, f32::MIN];
        Turned::new(&d, &shifts).raise(&model, &face_of, &allow, &mut best);
        let reference = Reference::new(&d, &shifts);
        for f in 0..3 {
            let want = if allow[f] {
                (f..7)
                    .step_by(3)
                    .map(|i| reference.best(&model.prototypes[i].polar).0)
                    .fold(f32::MIN, f32::max)
            } else {
                -7.0
            };
            assert_eq!(best[f].to_bits(), want.to_bits(), "face {f}");
        }
    }
}
