//! What the player (or the camera) tells the engine. Every die value and
//! card arrives here; the engine never rolls.

use crate::grid::{Dir, Exits, Pos, TileKind};
use crate::monster::Card;
use serde::{Deserialize, Serialize};
use tw_rules::{DieColor, D6};

/// A die read from the table: its face and its colour, which tells the
/// player's die from the monster's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColoredDie {
    pub value: D6,
    pub color: DieColor,
}

/// The player's choice for a combat round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Melee,
    /// One blue cube: 1 + level damage.
    Spell,
    /// Three blue cubes: d6 + level damage, 1 damage to the caster.
    PowerSpell,
}

/// Unknown fields are refused rather than ignored, so a misspelt
/// `door_roll` is reported instead of silently lost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Turn a face-down tile up: next to the player before moving in, or any
    /// tile during a clairvoyant vision.
    Flip {
        at: Pos,
        kind: TileKind,
        exits: Exits,
    },
    /// Step to the neighbouring room; `door_roll` is needed through a door
    /// from its closed side.
    Move {
        dir: Dir,
        #[serde(default)]
        door_roll: Option<D6>,
    },
    /// One queued event check: two upkeep dice, then the wandering die on
    /// the last check an event cube queued (and only there).
    EventCheck {
        upkeep: [D6; 2],
        #[serde(default)]
        wandering: Option<D6>,
    },
    /// The card(s) drawn for the encounter in this room.
    Cards {
        cards: Vec<Card>,
    },
    /// The die rolled against a trap.
    TrapRoll {
        die: D6,
    },
    /// At the second Straw room: go in and fight.
    FaceBoss,
    /// At the second Straw room: go back to the previous room.
    Retreat,
    /// One combat round. `dice` holds the player's and the monster's melee
    /// dice, told apart by colour; the spell rolls are needed for powerful
    /// magic only.
    Fight {
        action: Action,
        #[serde(default)]
        dice: Vec<ColoredDie>,
        #[serde(default)]
        spell_roll: Option<D6>,
        #[serde(default)]
        monster_spell_roll: Option<D6>,
    },
    /// Try to run to the previous room (end of a round; never the final boss).
    Flee {
        dice: Vec<ColoredDie>,
    },
    /// Pay the monster to let you pass.
    Bribe,
    /// A treasure card kept. With a second weapon, `keep_new_weapon` says
    /// which one stays; the other is traded for its number in treasure.
    Treasure {
        card: Card,
        #[serde(default)]
        keep_new_weapon: bool,
    },
    /// Stop a clairvoyant vision before using every flip.
    EndVision,
    Rest,
    /// The dice of an uninterrupted rest, and whether to level up.
    Recover {
        health: D6,
        magic: D6,
        #[serde(default)]
        level_up: bool,
    },
    UsePotion {
        index: usize,
    },
    /// Spend a luck cube at 1 health or less: heal the roll. "You can use
    /// multiple luck cubes at a time if you choose": `more` holds the rolls
    /// of the further cubes spent at once.
    UseLuck {
        roll: D6,
        #[serde(default)]
        more: Vec<D6>,
    },
    /// At 0 health, decline to spend luck: the adventure ends.
    Perish,
}
