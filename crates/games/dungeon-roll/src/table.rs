//! The companion table: what each companion defeats and opens.
//!
//! Fighter: any number of Goblins, or one Skeleton or Ooze. Cleric: any
//! number of Skeletons. Mage: any number of Oozes. Thief: one monster.
//! Champion: any number of one type. All open one Chest, but a Thief or a
//! Champion opens any number. The rows live in `data/rules.json`.

use crate::data::companion;
use crate::faces::{DungeonFace, PartyFace};

/// How many monsters of one type a companion defeats when `present` stand:
/// all of them for its favoured types, otherwise one. `None` for a Scroll
/// or a non-monster face.
pub fn defeats(face: PartyFace, monster: DungeonFace, present: u8) -> Option<u8> {
    if !monster.is_monster() || present == 0 {
        return None;
    }
    let row = companion(face)?;
    Some(if row.defeats_any_number_of.contains(&monster) {
        present
    } else {
        1
    })
}

/// How many of `present` chests a companion opens (`None` for a Scroll).
pub fn opens(face: PartyFace, present: u8) -> Option<u8> {
    let row = companion(face)?;
    Some(if row.opens_any_number {
        present
    } else {
        present.min(1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use DungeonFace::*;
    use PartyFace::*;

    #[test]
    fn the_companion_table_matches_the_rulebook() {
        assert_eq!(defeats(Fighter, Goblin, 4), Some(4));
        assert_eq!(defeats(Fighter, Skeleton, 4), Some(1));
        assert_eq!(defeats(Cleric, Skeleton, 3), Some(3));
        assert_eq!(defeats(Cleric, Ooze, 3), Some(1));
        assert_eq!(defeats(Mage, Ooze, 2), Some(2));
        assert_eq!(defeats(Mage, Goblin, 2), Some(1));
        assert_eq!(defeats(Thief, Goblin, 3), Some(1));
        for m in DungeonFace::MONSTERS {
            assert_eq!(defeats(Champion, m, 5), Some(5));
        }
        assert_eq!(defeats(Scroll, Goblin, 1), None);
        assert_eq!(defeats(Fighter, Chest, 1), None);
        assert_eq!(opens(Thief, 3), Some(3));
        assert_eq!(opens(Champion, 3), Some(3));
        assert_eq!(opens(Fighter, 3), Some(1));
        assert_eq!(opens(Scroll, 3), None);
    }
}
