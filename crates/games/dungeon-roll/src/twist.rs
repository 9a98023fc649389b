//! Twist cards (the optional module): what each card does. The cards live
//! in `data/twists.json`; the deck is physical, so every card drawn and
//! played is entered (`draw_twist`, `play_twist`).
//!
//! Readings where the rules text is short:
//! - A card may be played by any player, on anyone's delve, while the
//!   level's Monster Phase is on and no monster of the level has been
//!   defeated yet ("before fighting monsters").
//! - Each player may hold the two cards of the start plus one for every
//!   delve round finished (a round ends when every player has made as many
//!   delves); a draw beyond that is refused.
//! - "Next Dragon" cards last for the rest of the delve they are played
//!   in; a later card of that kind replaces an earlier one.
//! - Distractions lasts for the level: a die showing a Champion acts as a
//!   Thief (one monster, any number of chests).

use crate::faces::{DungeonFace, PartyFace};
use serde::{Deserialize, Serialize};

/// What a card does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TwistEffect {
    /// Reroll one Dungeon die (not in the Lair).
    RerollDungeon,
    /// Reroll one Party die.
    RerollParty,
    /// Reroll one die, Dungeon or Party.
    RerollAny,
    /// Change one non-Dragon Dungeon die to `face` (a Dragon goes to the Lair).
    DungeonTo { face: DungeonFace },
    /// Change one Party die to `face`.
    PartyTo { face: PartyFace },
    /// Reroll every non-Dragon Dungeon die showing the chosen face.
    RerollDungeonFace,
    /// Reroll every Party die showing the chosen face.
    RerollPartyFace,
    /// Champions act as Thieves for the level.
    ChampionsAsThieves,
    /// The next Dragon appears with `lair` dice in the Lair.
    DragonNeeds { lair: u8 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwistCard {
    pub id: String,
    pub name: String,
    pub text: String,
    pub effect: TwistEffect,
}

impl TwistEffect {
    /// What the card needs from the player besides its name: the dice it
    /// picks up and what they show after (`"party"`, `"dungeon"`, either,
    /// or nothing).
    pub fn needs(&self) -> &'static str {
        match self {
            TwistEffect::RerollDungeon | TwistEffect::RerollDungeonFace => "dungeon_reroll",
            TwistEffect::RerollParty | TwistEffect::RerollPartyFace => "party_reroll",
            TwistEffect::RerollAny => "any_reroll",
            TwistEffect::DungeonTo { .. } => "dungeon_die",
            TwistEffect::PartyTo { .. } => "party_die",
            TwistEffect::ChampionsAsThieves | TwistEffect::DragonNeeds { .. } => "nothing",
        }
    }
}
