//! What the players (or the camera) ask the engine to do.
//!
//! Dice are values inside commands: read by the camera or rolled virtually,
//! the engine treats them the same and records which it was.

use crate::model::{
    Attributes, BookId, CardKind, CharacterType, ContainerKind, EnemyKind, Item, Mode, Pos,
};
use serde::{Deserialize, Serialize};
use tw_rules::D6;

/// Where a die value came from; kept in the log beside the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceSource {
    /// Read from the table by the camera.
    Camera,
    /// Rolled by the app.
    Virtual,
    /// Typed or corrected by a player.
    #[default]
    Manual,
}

/// The two dice of an opposed roll: one for the character, one for the enemy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DicePair {
    pub character: D6,
    pub enemy: D6,
    #[serde(default)]
    pub source: DiceSource,
}

/// A cube or token put on a square with the grid editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cube {
    Container(ContainerKind),
    Trap,
    Campfire,
    LockedDoor,
    UnlockedDoor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnlockWith {
    MasterKey,
    Tools,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SetupObject")]
pub struct Setup {
    #[serde(default)]
    pub mode: Mode,
    /// Seeds the state's generator (random tie-breaks, virtual dice).
    #[serde(default)]
    pub seed: u64,
}

/// A setup as written: an object only. serde would otherwise take `[]` as a
/// setup of defaults, and a misspelt `mdoe` would be dropped silently.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupFields {
    #[serde(default)]
    mode: Mode,
    #[serde(default)]
    seed: u64,
}

#[derive(Deserialize)]
struct SetupObject(serde_json::Map<String, serde_json::Value>);

impl TryFrom<SetupObject> for Setup {
    type Error = String;
    fn try_from(SetupObject(m): SetupObject) -> Result<Setup, String> {
        let f: SetupFields =
            serde_json::from_value(serde_json::Value::Object(m)).map_err(|e| e.to_string())?;
        Ok(Setup {
            mode: f.mode,
            seed: f.seed,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    // ---- building the dungeon ----
    /// Lay a dungeon card. The first card must be a Gate; every later card
    /// must meet another edge to edge without overlapping. With `explorer`,
    /// that character reveals it from the card they stand on and spends a
    /// Torch if they have one; with `lost_map` they use a Lost Map instead
    /// (no Torch, and its enemies wait until someone enters).
    PlaceCard {
        id: String,
        kind: CardKind,
        origin: Pos,
        rows: Vec<String>,
        #[serde(default)]
        explorer: Option<String>,
        #[serde(default)]
        lost_map: bool,
    },
    /// Put a cube or door token on an empty floor square.
    PlaceCube {
        at: Pos,
        cube: Cube,
    },
    /// Put an enemy (from the drawn enemy card) on a free floor square.
    PlaceEnemy {
        id: String,
        kind: EnemyKind,
        #[serde(default)]
        name: String,
        at: Pos,
        attrs: Attributes,
        #[serde(default)]
        carries: Vec<Item>,
    },
    // ---- characters ----
    /// A new character for a player (in town). A player whose character died
    /// makes a new one and keeps the stash.
    NewCharacter {
        id: String,
        player: String,
        #[serde(default)]
        name: String,
        character_type: CharacterType,
        attrs: Attributes,
        #[serde(default)]
        items: Vec<Item>,
    },
    /// Put a character's symbol cube on a Gate square.
    EnterDungeon {
        character: String,
        at: Pos,
    },
    StartTurn {
        character: String,
    },
    Move {
        character: String,
        path: Vec<Pos>,
        #[serde(default)]
        run: bool,
    },
    /// Attack an adjacent enemy. `giant_strength` spends one of the Giant
    /// Strength book's 3 charges (+2); `reroll` is the Second Wind book's
    /// reroll of a 1 on the character's die.
    Attack {
        character: String,
        enemy: String,
        dice: DicePair,
        #[serde(default)]
        giant_strength: bool,
        #[serde(default)]
        reroll: Option<D6>,
    },
    Flee {
        character: String,
        enemy: String,
        dice: DicePair,
    },
    /// Loot an adjacent container. `roll` is the loot die (for a sack, the
    /// coin roll); `reroll` is used only if a book grants one; `items` are
    /// the item cards drawn, given only when the loot succeeds.
    Loot {
        character: String,
        at: Pos,
        #[serde(default)]
        roll: Option<D6>,
        #[serde(default)]
        reroll: Option<D6>,
        #[serde(default)]
        with: Option<UnlockWith>,
        #[serde(default)]
        items: Vec<Item>,
        /// Where the loot die came from (logged with the roll).
        #[serde(default)]
        source: DiceSource,
    },
    Unlock {
        character: String,
        at: Pos,
        with: UnlockWith,
    },
    DisarmTrap {
        character: String,
    },
    TriggerTrap {
        character: String,
        roll: D6,
        #[serde(default)]
        source: DiceSource,
    },
    ShortRest {
        character: String,
        campfire: Pos,
    },
    UseItem {
        character: String,
        index: usize,
    },
    Equip {
        character: String,
        index: usize,
    },
    Unequip {
        character: String,
    },
    PickUp {
        character: String,
        index: usize,
    },
    Drop {
        character: String,
        index: usize,
    },
    /// Hand an item to another character: on adjacent squares in the
    /// giver's turn, or both in town.
    Give {
        from: String,
        to: String,
        index: usize,
    },
    /// Hand coins to another character, where `give` allows it: carried
    /// coins in the dungeon, stash to stash in town.
    GiveCoins {
        from: String,
        to: String,
        amount: u32,
    },
    ExitDungeon {
        character: String,
    },
    /// Collect the cubes and cards for the next exploration: only once every
    /// character has left the dungeon (or died). Characters, stashes and the
    /// campaign stay.
    NewDungeon,
    /// The dungeon's turn: every enemy moves and attacks. `dice` are used in
    /// attack order; with `roll_missing` the app rolls any still needed.
    /// `seed` (else the state's generator) breaks random ties.
    DungeonTurn {
        #[serde(default)]
        seed: Option<u64>,
        #[serde(default)]
        dice: Vec<DicePair>,
        #[serde(default)]
        roll_missing: bool,
    },
    // ---- Crossroads Town ----
    AcceptQuest {
        character: String,
        quest: String,
    },
    /// Deliver the quest. Medium: give the drawn `item`; Hard: the `book` chosen.
    CompleteQuest {
        character: String,
        #[serde(default)]
        item: Option<Item>,
        #[serde(default)]
        book: Option<BookId>,
    },
    Buy {
        character: String,
        item: Item,
    },
    Sell {
        character: String,
        index: usize,
    },
    BuyBook {
        character: String,
        book: BookId,
    },
    InnRecover {
        character: String,
    },
    InnRumor {
        character: String,
    },
    /// Take a path at the Tree: its name, the prerequisite icon and the
    /// number of squares before the star (3 on the printed cards).
    ChoosePath {
        character: String,
        path: String,
        prerequisite: crate::model::Prerequisite,
        #[serde(default = "three")]
        charges: u8,
    },
    SwitchPath {
        character: String,
        path: String,
    },
    /// Use the active path's special power once it is fully charged.
    UsePower {
        character: String,
    },
    /// End of an arena: everyone alive gets 20 coins, plus 10 per character they defeated.
    ArenaEnded {
        #[serde(default)]
        defeats: std::collections::BTreeMap<String, u32>,
    },
}

/// Squares before the star on the printed path cards (p.36).
pub const PRINTED_PATH_CHARGES: u8 = 3;

fn three() -> u8 {
    PRINTED_PATH_CHARGES
}
