//! Seeded randomness kept inside game state (SplitMix64, Steele et al. 2014).
//!
//! Engines that must break ties "at random" draw from this so the same seed
//! replays the same game; the state serialises the generator with it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by rejection so every value is equally likely.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no values");
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let v = self.next_u64();
            if v < zone {
                return v % n;
            }
        }
    }

    /// A virtual six-sided die roll.
    pub fn d6(&mut self) -> crate::D6 {
        crate::D6::new(self.below(6) as u8 + 1).expect("1..=6")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn below_stays_in_range(seed: u64, n in 1u64..1000) {
            let mut r = SplitMix64::new(seed);
            for _ in 0..20 { prop_assert!(r.below(n) < n); }
        }

        #[test]
        fn same_seed_same_sequence(seed: u64) {
            let (mut a, mut b) = (SplitMix64::new(seed), SplitMix64::new(seed));
            for _ in 0..10 { prop_assert_eq!(a.next_u64(), b.next_u64()); }
        }
    }

    #[test]
    fn d6_covers_all_faces() {
        let mut r = SplitMix64::new(7);
        let mut seen = [false; 6];
        for _ in 0..200 {
            seen[(r.d6().value() - 1) as usize] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }
}
