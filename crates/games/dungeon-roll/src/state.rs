//! The table: players, the treasure box, and the delve under way.

use crate::data::hero;
use crate::faces::{DungeonDice, PartyDice, PartyFace};
use crate::hero::Side;
use crate::score::Standings;
use crate::treasure::Tokens;
use serde::{Deserialize, Serialize};

/// Who plays which hero, in seating (clockwise) order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub players: Vec<PlayerSetup>,
    /// Seat of the starting Adventurer (the one most recently underground).
    #[serde(default)]
    pub first: usize,
    /// Play with the Twist cards (optional module).
    #[serde(default)]
    pub twists: bool,
    /// The advanced rule: players may trade treasure tokens (and Twist
    /// cards, when played with them) with each other.
    #[serde(default)]
    pub trading: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    pub name: String,
    /// A hero card id from `data/heroes.json` (`"commander"`, `"bard"`, …).
    pub hero: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    pub hero: String,
    /// The card shows its Master side.
    pub master: bool,
    /// Experience tokens earned so far.
    pub xp: u16,
    pub tokens: Tokens,
    /// Delves completed.
    pub delves: u8,
    /// Twist cards in hand, by id (Twist module only).
    #[serde(default)]
    pub twists: Vec<String>,
    /// Twist cards this player may still draw (two at the start, one more
    /// after each delve round).
    #[serde(default)]
    pub twist_draws: u8,
}

/// Where the level stands. Stages only move forward within a level: once
/// a chest is opened the Monster Phase (and its scrolls) is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Monster,
    Loot,
    Dragon,
    Regroup,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Delve {
    pub level: u8,
    pub stage: Stage,
    /// Active Party dice.
    pub party: PartyDice,
    /// Party dice in the Graveyard.
    pub graveyard: u8,
    /// Dungeon dice of this level, dragons excepted.
    pub dungeon: DungeonDice,
    /// Dice in the Dragon's Lair.
    pub lair: u8,
    /// Companions the hero joins as this level (an Ultimate), one use each.
    pub hero_units: Vec<PartyFace>,
    pub ultimate_used: bool,
    /// The party was just formed and nothing else has happened yet.
    pub formation_open: bool,
    /// A monster of this level has been defeated (Twist cards come before).
    #[serde(default)]
    pub fought: bool,
    /// Distractions: Champions act as Thieves for this level.
    #[serde(default)]
    pub champions_as_thieves: bool,
    /// A "next Dragon" Twist card: dice the Lair needs for the Dragon to
    /// appear in the rest of this delve.
    #[serde(default)]
    pub dragon_lair: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<Player>,
    /// Tokens still in the box.
    pub treasure_box: Tokens,
    /// Seat of the player delving now (or next).
    pub adventurer: usize,
    pub delve: Option<Delve>,
    /// Set when every player has made their delves.
    pub finished: Option<Standings>,
    /// The Twist cards are in play.
    #[serde(default)]
    pub twists: bool,
    /// Trading between players is allowed (the advanced rule).
    #[serde(default)]
    pub trading: bool,
}

impl State {
    /// The player to the Adventurer's left rolls the Dungeon dice.
    pub fn dungeon_lord(&self) -> usize {
        (self.adventurer + 1) % self.players.len().max(1)
    }

    pub fn current(&self) -> Option<&Player> {
        self.players.get(self.adventurer)
    }

    /// Dice the Dragon's Lair needs for the Dragon to appear now.
    pub fn dragon_lair_needed(&self) -> u8 {
        self.delve
            .as_ref()
            .and_then(|d| d.dragon_lair)
            .unwrap_or(crate::data::rules().dragon.lair_to_appear)
    }

    /// The side of the current Adventurer's card now showing.
    pub fn side(&self) -> Option<&'static Side> {
        let p = self.current()?;
        hero(&p.hero).map(|h| h.side(p.master))
    }
}
