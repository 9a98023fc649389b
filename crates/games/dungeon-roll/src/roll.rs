//! Rolls the app makes for the players: a command may carry a `seed` in
//! place of the faces, and the engine draws the faces from it. The seed is
//! part of the command, so the log keeps it and a replay draws the same
//! faces; the events name the faces either way.

use crate::faces::{DungeonFace, PartyFace};
use tw_rules::{Refusal, SplitMix64};

/// The faces a roll uses: the ones given, or `n` faces drawn from `seed`
/// when none are given. Faces and a seed together are refused under `rule`.
pub(crate) fn faces_or_seed<F: Copy>(
    given: &[F],
    seed: Option<u64>,
    n: usize,
    faces: &[F],
    rng: &mut Option<SplitMix64>,
    rule: &str,
) -> Result<Vec<F>, Refusal> {
    match seed {
        None => Ok(given.to_vec()),
        Some(_) if !given.is_empty() => Err(Refusal::new(
            rule,
            "give either the dice rolled or a seed for the app to roll them, not both",
        )),
        Some(s) => {
            let r = rng.get_or_insert_with(|| SplitMix64::new(s));
            Ok((0..n)
                .map(|_| faces[r.below(faces.len() as u64) as usize])
                .collect())
        }
    }
}

pub(crate) fn party_faces() -> &'static [PartyFace] {
    &PartyFace::ALL
}

pub(crate) fn dungeon_faces() -> &'static [DungeonFace] {
    &DungeonFace::ALL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_draws_the_same_faces_every_time_and_every_face_can_come_up() {
        let draw = |seed| {
            let mut rng = None;
            faces_or_seed(&[], Some(seed), 60, dungeon_faces(), &mut rng, "x").unwrap()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
        for f in dungeon_faces() {
            assert!(draw(7).contains(f), "{f} never came up in 60 rolls");
        }
    }

    #[test]
    fn faces_given_are_used_and_faces_with_a_seed_are_refused() {
        let mut rng = None;
        let given = [PartyFace::Mage];
        assert_eq!(
            faces_or_seed(&given, None, 7, party_faces(), &mut rng, "x").unwrap(),
            given
        );
        let e = faces_or_seed(&given, Some(1), 7, party_faces(), &mut rng, "Setup").unwrap_err();
        assert!(e.to_string().contains("not both"), "{e}");
    }
}
