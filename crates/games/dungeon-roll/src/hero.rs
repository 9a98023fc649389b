//! Hero cards and the small vocabulary their abilities are written in.
//!
//! Each card has a Novice and a Master side; each side a Specialty (always
//! on, a list of effects) and an Ultimate (once per delve, one effect). The
//! engine implements every word below; `data/heroes.json` composes them.

use crate::faces::{DungeonFace, PartyFace};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HeroCard {
    /// The id players name in the setup (`"commander"`).
    pub id: String,
    /// XP at which the card flips to its Master side.
    pub master_at: u16,
    pub novice: Side,
    pub master: Side,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub name: String,
    pub specialty: Specialty,
    pub ultimate: Ultimate,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Specialty {
    pub text: String,
    pub effects: Vec<SpecialtyEffect>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Ultimate {
    pub name: String,
    pub text: String,
    pub effect: UltimateEffect,
}

/// Always-on abilities.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SpecialtyEffect {
    /// Once, right after forming the party, reroll any number of Party dice.
    RerollAtFormation,
    /// A die (or token) showing `from` may be used as any face in `as`.
    UseAs {
        from: PartyFace,
        #[serde(rename = "as")]
        as_faces: Vec<PartyFace>,
    },
    /// When the party is formed, every Scroll becomes a Champion.
    ScrollsToChampions,
    /// The Dragon falls to this many different companion types.
    DragonTypes { count: u8 },
}

/// Once-per-delve abilities, used in the Monster Phase.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum UltimateEffect {
    /// Defeat up to `count` monsters of any types (named in the command).
    DefeatMonsters { count: u8 },
    /// Defeat every monster of these types.
    DefeatAllOf { monsters: Vec<DungeonFace> },
    /// Reroll any Party dice and any Dungeon dice not in the Lair.
    RerollAll,
    /// Return every die in the Dragon's Lair to the pool (no defeat).
    ClearLair,
    /// Discard all monsters, chests, potions and Lair dice; first return
    /// `cost_treasure` tokens to the box.
    DiscardDungeon { cost_treasure: u8 },
    /// Turn up to `count` monsters into Potions.
    MonstersToPotions { count: u8 },
    /// Revive up to `count` Party dice from the Graveyard, faces chosen.
    Revive { count: u8 },
    /// Every monster becomes a Dragon and goes to the Lair.
    MonstersToDragons,
    /// The hero joins the level as these companions, one use each.
    ActAs { faces: Vec<PartyFace> },
}

impl Side {
    /// The faces a unit naturally showing `natural` may be used as.
    pub fn faces_for(&self, natural: PartyFace) -> Vec<PartyFace> {
        let mut out = vec![natural];
        for e in &self.specialty.effects {
            if let SpecialtyEffect::UseAs { from, as_faces } = e {
                if *from == natural {
                    for f in as_faces {
                        if !out.contains(f) {
                            out.push(*f);
                        }
                    }
                }
            }
        }
        out
    }

    pub fn has(&self, effect: &SpecialtyEffect) -> bool {
        self.specialty.effects.contains(effect)
    }

    /// How many different companion types defeat the Dragon for this side.
    pub fn dragon_types(&self, default: u8) -> u8 {
        self.specialty
            .effects
            .iter()
            .find_map(|e| match e {
                SpecialtyEffect::DragonTypes { count } => Some(*count),
                _ => None,
            })
            .unwrap_or(default)
    }
}

impl HeroCard {
    pub fn side(&self, master: bool) -> &Side {
        if master {
            &self.master
        } else {
            &self.novice
        }
    }
}
