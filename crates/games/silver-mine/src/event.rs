//! What happened. Events carry resulting values (not deltas) where that keeps
//! `evolve` trivially exact.

use crate::command::DiceSource;
use crate::model::{
    Affliction, AfflictionClock, Attribute, Card, Character, Enemy, Item, Pos, Title,
};
use serde::{Deserialize, Serialize};
use tw_rules::SplitMix64;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    Character(String),
    Enemy(String),
}

/// How a target was picked among characters at the same distance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// One of them had the least Life.
    LeastLife { tied: Vec<String> },
    /// Same distance and same Life: drawn at random.
    Random {
        tied: Vec<String>,
        draw: u64,
        seeded_by_command: bool,
    },
}

// Events are short-lived values on their way to the log; boxing the large
// ones would only complicate their JSON-facing construction.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    CardPlaced {
        card: Card,
        /// Who explored it (spending a Torch if they had one); none for a Lost Map or set-up.
        #[serde(default)]
        explorer: Option<String>,
    },
    CardEntered {
        card: String,
    },
    CellChanged {
        at: Pos,
        cell: char,
    },
    TorchSpent {
        character: String,
        torch_left: i32,
    },
    EnemyPlaced {
        enemy: Enemy,
    },
    BossDue {
        gate: String,
        reason: String,
    },
    CharacterCreated {
        character: Character,
    },
    EnteredDungeon {
        character: String,
        at: Pos,
        gate: String,
    },
    TurnStarted {
        character: String,
    },
    AfflictionBites {
        character: String,
        affliction: Affliction,
        life_left: i32,
        turns_left: u8,
    },
    AfflictionEnded {
        character: String,
        affliction: Affliction,
    },
    TurnLost {
        character: String,
    },
    Moved {
        character: String,
        path: Vec<Pos>,
        ran: bool,
    },
    SteppedOnTrap {
        character: String,
        at: Pos,
    },
    DungeonTurnStarted {
        turn: u32,
        order: Vec<String>,
    },
    CompanionsDue {
        enemy: String,
        count: i32,
    },
    EnemyWaits {
        enemy: String,
        reason: String,
    },
    TargetChosen {
        enemy: String,
        target: String,
        distance: u32,
        tie_break: Option<TieBreak>,
    },
    EnemyMoved {
        enemy: String,
        path: Vec<Pos>,
    },
    Combat {
        attacker: Who,
        defender: Who,
        character_roll: u8,
        enemy_roll: u8,
        character_hit: i32,
        enemy_hit: i32,
        source: DiceSource,
        loser: Option<Who>,
    },
    LifeLost {
        who: Who,
        life_left: i32,
    },
    AfflictionTaken {
        character: String,
        clock: AfflictionClock,
    },
    CharacterDefeated {
        character: String,
        items_lost: Vec<Item>,
        coins_lost: u32,
    },
    EnemyDefeated {
        enemy: String,
        by: Option<String>,
    },
    Fled {
        character: String,
        enemy: String,
        character_roll: u8,
        enemy_roll: u8,
        source: DiceSource,
        damaged: bool,
    },
    DungeonTurnEnded {
        rng: Option<SplitMix64>,
    },
    AttributeSet {
        character: String,
        attribute: Attribute,
        value: i32,
    },
    ItemGained {
        character: String,
        item: Item,
    },
    ItemLost {
        character: String,
        index: usize,
    },
    ItemDropped {
        at: Pos,
        item: Item,
    },
    ItemPickedUp {
        character: String,
        index: usize,
    },
    ItemChanged {
        character: String,
        index: usize,
        item: Item,
    },
    Equipped {
        character: String,
        index: usize,
    },
    RuneAttached {
        character: String,
        index: usize,
    },
    Unequipped {
        character: String,
    },
    /// A trade of coins (the coin counts follow as `coins_changed` in the
    /// dungeon, `stash_changed` in town).
    CoinsGiven {
        from: String,
        to: String,
        amount: u32,
    },
    CoinsChanged {
        character: String,
        coins: u32,
    },
    LootRolled {
        character: String,
        container: String,
        roll: u8,
        score: i32,
        needed: Option<i32>,
        success: bool,
        #[serde(default)]
        source: DiceSource,
    },
    TrapResolved {
        character: String,
        at: Pos,
        roll: Option<u8>,
        effect: String,
        #[serde(default)]
        source: DiceSource,
    },
    Rested {
        character: String,
        at: Pos,
    },
    TurnFlagsChanged {
        character: String,
        flags: crate::model::TurnFlags,
    },
    ExitedDungeon {
        character: String,
    },
    DungeonCleared,
    /// A book's effect was used on a roll (Giant Strength, Second Wind).
    BookUsed {
        character: String,
        book: String,
        detail: String,
    },
    StashChanged {
        player: String,
        coins: u32,
        books: Vec<String>,
    },
    QuestAccepted {
        character: String,
        quest: String,
    },
    QuestCompleted {
        character: String,
        quest: String,
    },
    /// The quest's count changed (`progress` of `goal`).
    QuestProgress {
        character: String,
        quest: String,
        progress: u32,
        goal: u32,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tally: Vec<String>,
    },
    TitleEarned {
        character: String,
        title: Title,
    },
    HeroDeclared {
        character: String,
    },
    BoughtFromMerchant {
        character: String,
        item: Item,
    },
    PathChosen {
        character: String,
        path: crate::model::PathCard,
    },
    PathSwitched {
        character: String,
        path: String,
    },
    PathCharged {
        character: String,
        charge: u8,
    },
    PowerUsed {
        character: String,
        path: String,
    },
    RumorHeard {
        character: String,
    },
}
