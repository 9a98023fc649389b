//! The game state: the dungeon, the hero, the time track and what the game
//! is waiting for next.

use crate::grid::{Dir, Exits, Grid, Pos, TileKind};
use crate::monster::{Card, Monster};
use crate::score::Score;
use crate::time::TimeTrack;
use serde::{Deserialize, Serialize};
use tw_rules::DieColor;

/// A potion card held in reserve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Potion {
    Healing { amount: u8 },
    Magic { amount: u8 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub health: u8,
    pub max_health: u8,
    pub magic: u8,
    pub max_magic: u8,
    pub treasure: u8,
    pub luck: u8,
    pub xp: u8,
    pub level: u8,
    /// The one magical weapon (Hammer treasure) card's number: its bonus.
    pub weapon: Option<u8>,
    pub potions: Vec<Potion>,
}

/// Where the game rests between actions; time owed is added and event
/// checks are made only in one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "idle", rename_all = "snake_case")]
pub enum Idle {
    Exploring,
    /// After beating the mini boss: the next action must be a rest.
    /// Reading chosen: a wandering monster spoiling that rest does not
    /// oblige another; the rest was taken, and resting again ("they can
    /// rest again") is the hero's choice.
    MustRest,
    /// A rest's time has been added; its checks are being made.
    Resting {
        interrupted: bool,
    },
}

/// What happens once an encounter is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "then", rename_all = "snake_case")]
pub enum Then {
    /// The room is cleared: one cube owed, back to exploring.
    ClearRoom,
    /// Cleared, then the mandatory rest.
    MiniBoss,
    /// The adventure is won.
    FinalBoss,
    /// A wandering monster's fight: one cube, then back to where the checks were.
    Resume { idle: Idle },
}

/// Which cards the game waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum CardsFor {
    /// Monster deck: 1 card (Drop room) or 2 (Hammer room).
    DropMonster,
    HammerMonster,
    /// Monster deck, 1 card, fought as in a Drop room.
    WanderingMonster {
        resume: Idle,
    },
    /// Boss deck.
    MiniBoss,
    FinalBoss,
    WoodMagic,
    BrickTrap,
}

impl CardsFor {
    pub fn count(self) -> usize {
        match self {
            CardsFor::HammerMonster | CardsFor::FinalBoss => 2,
            _ => 1,
        }
    }
}

/// A trap waiting for the player's roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trap {
    /// Brick room: beat the card (die + level ≥ number) or take its damage.
    Brick,
    /// Wood room, Hammer or Cog card: take the number minus (die + level).
    Wood,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fight {
    pub monster: Monster,
    pub health: u8,
    pub magic: u8,
    pub rounds: u32,
    /// The last flight attempt failed: this round no magic and no bonuses.
    pub flee_failed: bool,
    pub then: Then,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Idle(Idle),
    /// Rest finished without interruption: roll for health and magic.
    Recover,
    /// Waiting for the card(s) of the encounter in the current room.
    Cards {
        purpose: CardsFor,
    },
    TrapRoll {
        trap: Trap,
        card: Card,
    },
    /// The second Straw room is in sight: face the boss or go back.
    FinalBossChoice,
    Combat(Box<Fight>),
    /// Waiting for the treasure cards the player keeps.
    Loot {
        remaining: u8,
        then: Then,
    },
    /// Waiting for tiles turned up by a clairvoyant vision.
    Clairvoyance {
        remaining: u8,
    },
    Over {
        outcome: Outcome,
        score: Score,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Won,
    Died,
}

/// Which colours tell the player's die from the monster's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceColours {
    pub player: DieColor,
    pub monster: DieColor,
}

impl Default for DiceColours {
    fn default() -> Self {
        DiceColours {
            player: DieColor::White,
            monster: DieColor::Red,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedTile {
    pub at: Pos,
    pub kind: TileKind,
    pub exits: Exits,
}

/// How the table was laid out: the entrance corner and its tile, and any
/// Straw tile turned up while choosing the entrance.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub entrance: PlacedTile,
    #[serde(default)]
    pub straw_seen: Vec<PlacedTile>,
    #[serde(default)]
    pub dice: DiceColours,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub grid: Grid,
    pub at: Pos,
    /// The room the player came from; fleeing and retreating go there.
    pub previous: Option<Pos>,
    pub player: Player,
    pub time: TimeTrack,
    pub phase: Phase,
    pub dice: DiceColours,
    /// The first Straw room entered holds the mini boss.
    pub mini_boss_room: Option<Pos>,
    pub mini_boss_defeated: bool,
    /// The closed-side doors that held while the hero stands in this room.
    /// Movement: "If you fail such a roll, you can try again, but only by
    /// adding another cube". A player keeps a held door held until they
    /// leave the room, so trying another door in between does not make the
    /// first one free again; every door that held is kept, not only the
    /// last. Snapshots before 2026-11-28 kept one (`failed_door`): read it.
    #[serde(default, alias = "failed_door", deserialize_with = "held_doors")]
    pub failed_doors: Vec<Dir>,
}

/// `failed_doors` from a list, or from the older single door or null.
fn held_doors<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Dir>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Held {
        Many(Vec<Dir>),
        One(Option<Dir>),
    }
    Ok(match Held::deserialize(d)? {
        Held::Many(dirs) => dirs,
        Held::One(dir) => dir.into_iter().collect(),
    })
}

impl State {
    pub fn idle(&self) -> Option<Idle> {
        match self.phase {
            Phase::Idle(i) => Some(i),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    pub fn fight(&self) -> Option<&Fight> {
        match &self.phase {
            Phase::Combat(f) => Some(f),
            _ => None,
        }
    }
}
