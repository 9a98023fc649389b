//! The faces of the white Party dice and the black Dungeon dice, and the
//! dice in play counted by face (dice of one face are interchangeable, so
//! commands and state name faces, never die positions).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A white Party die face. Everything but the Scroll is a companion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartyFace {
    Fighter,
    Cleric,
    Mage,
    Thief,
    Champion,
    Scroll,
}

impl PartyFace {
    pub const ALL: [PartyFace; 6] = [
        PartyFace::Fighter,
        PartyFace::Cleric,
        PartyFace::Mage,
        PartyFace::Thief,
        PartyFace::Champion,
        PartyFace::Scroll,
    ];
    pub const COMPANIONS: [PartyFace; 5] = [
        PartyFace::Fighter,
        PartyFace::Cleric,
        PartyFace::Mage,
        PartyFace::Thief,
        PartyFace::Champion,
    ];

    pub fn is_companion(self) -> bool {
        self != PartyFace::Scroll
    }

    pub fn name(self) -> &'static str {
        match self {
            PartyFace::Fighter => "Fighter",
            PartyFace::Cleric => "Cleric",
            PartyFace::Mage => "Mage",
            PartyFace::Thief => "Thief",
            PartyFace::Champion => "Champion",
            PartyFace::Scroll => "Scroll",
        }
    }
}

impl fmt::Display for PartyFace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A black Dungeon die face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DungeonFace {
    Goblin,
    Skeleton,
    Ooze,
    Chest,
    Potion,
    Dragon,
}

impl DungeonFace {
    /// A Dungeon die's six faces, one each, in the order the rules list them.
    pub const ALL: [DungeonFace; 6] = [
        DungeonFace::Goblin,
        DungeonFace::Skeleton,
        DungeonFace::Ooze,
        DungeonFace::Chest,
        DungeonFace::Potion,
        DungeonFace::Dragon,
    ];
    pub const MONSTERS: [DungeonFace; 3] = [
        DungeonFace::Goblin,
        DungeonFace::Skeleton,
        DungeonFace::Ooze,
    ];

    pub fn is_monster(self) -> bool {
        Self::MONSTERS.contains(&self)
    }

    pub fn name(self) -> &'static str {
        match self {
            DungeonFace::Goblin => "Goblin",
            DungeonFace::Skeleton => "Skeleton",
            DungeonFace::Ooze => "Ooze",
            DungeonFace::Chest => "Chest",
            DungeonFace::Potion => "Potion",
            DungeonFace::Dragon => "Dragon",
        }
    }
}

impl fmt::Display for DungeonFace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Active Party dice by face.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartyDice {
    pub fighter: u8,
    pub cleric: u8,
    pub mage: u8,
    pub thief: u8,
    pub champion: u8,
    pub scroll: u8,
}

impl PartyDice {
    pub fn from_faces(faces: &[PartyFace]) -> Self {
        let mut d = PartyDice::default();
        for f in faces {
            d.add(*f, 1);
        }
        d
    }
    pub fn get(&self, f: PartyFace) -> u8 {
        match f {
            PartyFace::Fighter => self.fighter,
            PartyFace::Cleric => self.cleric,
            PartyFace::Mage => self.mage,
            PartyFace::Thief => self.thief,
            PartyFace::Champion => self.champion,
            PartyFace::Scroll => self.scroll,
        }
    }
    fn slot(&mut self, f: PartyFace) -> &mut u8 {
        match f {
            PartyFace::Fighter => &mut self.fighter,
            PartyFace::Cleric => &mut self.cleric,
            PartyFace::Mage => &mut self.mage,
            PartyFace::Thief => &mut self.thief,
            PartyFace::Champion => &mut self.champion,
            PartyFace::Scroll => &mut self.scroll,
        }
    }
    pub fn add(&mut self, f: PartyFace, n: u8) {
        let s = self.slot(f);
        *s = s.saturating_add(n);
    }
    pub fn remove(&mut self, f: PartyFace, n: u8) {
        let s = self.slot(f);
        *s = s.saturating_sub(n);
    }
    pub fn total(&self) -> u8 {
        PartyFace::ALL
            .iter()
            .map(|f| self.get(*f))
            .fold(0u8, |a, b| a.saturating_add(b))
    }
    /// True when every face in `faces` (with repeats) is showing.
    pub fn contains_all(&self, faces: &[PartyFace]) -> bool {
        let need = PartyDice::from_faces(faces);
        PartyFace::ALL.iter().all(|f| need.get(*f) <= self.get(*f))
    }
}

/// Non-dragon Dungeon dice in the current level, by face. Dragons live in
/// the Lair, counted apart.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DungeonDice {
    pub goblin: u8,
    pub skeleton: u8,
    pub ooze: u8,
    pub chest: u8,
    pub potion: u8,
}

impl DungeonDice {
    /// The faces with dragons left out, and how many dragons there were.
    pub fn split_dragons(faces: &[DungeonFace]) -> (Self, u8) {
        let mut d = DungeonDice::default();
        let mut dragons = 0u8;
        for f in faces {
            if *f == DungeonFace::Dragon {
                dragons = dragons.saturating_add(1);
            } else {
                d.add(*f, 1);
            }
        }
        (d, dragons)
    }
    pub fn get(&self, f: DungeonFace) -> u8 {
        match f {
            DungeonFace::Goblin => self.goblin,
            DungeonFace::Skeleton => self.skeleton,
            DungeonFace::Ooze => self.ooze,
            DungeonFace::Chest => self.chest,
            DungeonFace::Potion => self.potion,
            DungeonFace::Dragon => 0,
        }
    }
    fn slot(&mut self, f: DungeonFace) -> Option<&mut u8> {
        match f {
            DungeonFace::Goblin => Some(&mut self.goblin),
            DungeonFace::Skeleton => Some(&mut self.skeleton),
            DungeonFace::Ooze => Some(&mut self.ooze),
            DungeonFace::Chest => Some(&mut self.chest),
            DungeonFace::Potion => Some(&mut self.potion),
            DungeonFace::Dragon => None,
        }
    }
    pub fn add(&mut self, f: DungeonFace, n: u8) {
        if let Some(s) = self.slot(f) {
            *s = s.saturating_add(n);
        }
    }
    pub fn remove(&mut self, f: DungeonFace, n: u8) {
        if let Some(s) = self.slot(f) {
            *s = s.saturating_sub(n);
        }
    }
    pub fn monsters(&self) -> u8 {
        self.goblin
            .saturating_add(self.skeleton)
            .saturating_add(self.ooze)
    }
    pub fn total(&self) -> u8 {
        self.monsters()
            .saturating_add(self.chest)
            .saturating_add(self.potion)
    }
    /// True when every face in `faces` (with repeats, no dragons) is showing.
    pub fn contains_all(&self, faces: &[DungeonFace]) -> bool {
        let (need, dragons) = DungeonDice::split_dragons(faces);
        dragons == 0
            && [
                DungeonFace::Goblin,
                DungeonFace::Skeleton,
                DungeonFace::Ooze,
                DungeonFace::Chest,
                DungeonFace::Potion,
            ]
            .iter()
            .all(|f| need.get(*f) <= self.get(*f))
    }
}
