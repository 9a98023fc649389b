//! What the players (or the camera) tell the engine. Every die face and every
//! tile turned up arrives here; the engine never rolls or draws by itself,
//! except the Goblin's random Gem when the command does not name it.

use crate::tile::{Gear, HeroKind, Pos, TileKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One tile turned face up, in the order it was turned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reveal {
    pub at: Pos,
    pub tile: TileKind,
    /// A Trap disarmed with the Multi-Tool (counts as using it).
    #[serde(default)]
    pub disarm: bool,
    /// A Red Beholder's saving rolls: the face each hero in its line rolled.
    #[serde(default)]
    pub saves: BTreeMap<HeroKind, String>,
}

/// Unknown fields are refused rather than ignored, so a misspelt field is
/// reported instead of silently lost. Items and spells are used by the
/// hero whose turn it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Enter (from one space outside an edge), step one space, or stay
    /// (`to` = where the hero stands); `reveal` lists every face-down tile of
    /// the new Circle Of Sight in the order turned.
    Move {
        to: Pos,
        #[serde(default)]
        reveal: Vec<Reveal>,
    },
    /// A poisoned hero's roll at the start of the turn.
    PoisonRoll {
        roll: String,
    },
    /// One attack roll. `reroll` is the Archer's second roll (it counts);
    /// `second` the Massive Sword's second target; `steal` the Item a Slime
    /// takes on a Critical Miss; `gem` the Gem tile a Goblin takes.
    Attack {
        target: Pos,
        roll: String,
        #[serde(default)]
        reroll: Option<String>,
        #[serde(default)]
        second: Option<Pos>,
        #[serde(default)]
        steal: Option<TileKind>,
        #[serde(default)]
        gem: Option<TileKind>,
    },
    /// Take the turn's one Item or Spell from the Circle Of Sight; with a
    /// full Inventory, `put_back` goes to the Merchant Pile.
    Take {
        at: Pos,
        #[serde(default)]
        put_back: Option<TileKind>,
    },
    EndTurn,
    Potion {
        hero: HeroKind,
    },
    /// A Monster being fought (or the top of the Boss's stack), or a Wall.
    Bomb {
        at: Pos,
    },
    /// Move a hero to an open space, or send a Monster to the Monster Pile.
    Teleport {
        #[serde(default)]
        hero: Option<HeroKind>,
        #[serde(default)]
        to: Option<Pos>,
        #[serde(default)]
        monster: Option<Pos>,
    },
    SwapTiles {
        a: Pos,
        b: Pos,
        #[serde(default)]
        reveal: Vec<Reveal>,
    },
    ExtraMove,
    Foresight {
        reveal: Vec<Reveal>,
    },
    PhoenixFeather {
        hero: HeroKind,
    },
    Confusion {
        a: Pos,
        b: Pos,
        roll: String,
    },
    Give {
        item: TileKind,
        to: HeroKind,
    },
    GiveKey {
        to: HeroKind,
    },
    /// Pay 30 Gems, turn up two Merchant tiles, keep one.
    Buy {
        drawn: Vec<TileKind>,
        keep: TileKind,
        #[serde(default)]
        put_back: Option<TileKind>,
    },
    Sell {
        item: TileKind,
    },
    /// The Henchmen roll and the Monsters chosen from the Monster Pile.
    Henchmen {
        roll: String,
        #[serde(default)]
        chosen: Vec<TileKind>,
    },
    /// A tile turned anywhere while the Boss lacks Henchmen.
    BossSearch {
        at: Pos,
        tile: TileKind,
    },
    LevelUp {
        #[serde(default)]
        gear: Option<Gear>,
    },
    /// Use a piece of Gear. `by` is the hero using it when that is not the
    /// hero taking the turn (Holy Water, the Harp, Bow & Arrow are used on
    /// another Hero's turn). `at` a space (Torch, Boomerang, Harp, Bow &
    /// Arrow, Grapple Shot, Bed Roll's one-space move), `hero` Holy Water's
    /// drinker, `take` the Magic Ring's Item; `roll`, `steal`, `gem` are a
    /// Bow & Arrow shot's roll and its Critical Miss's choices, as in `attack`.
    UseGear {
        gear: Gear,
        #[serde(default)]
        at: Option<Pos>,
        #[serde(default)]
        hero: Option<HeroKind>,
        #[serde(default)]
        take: Option<TileKind>,
        #[serde(default)]
        by: Option<HeroKind>,
        #[serde(default)]
        roll: Option<String>,
        #[serde(default)]
        steal: Option<TileKind>,
        #[serde(default)]
        gem: Option<TileKind>,
    },
    /// Put the tile the Grapple Shot holds into the Inventory (room needed).
    Stow,
    /// The turn after resting on the Bed Roll: turn up 1 face-down tile of
    /// the Circle Of Sight (`at`, `tile`; none when none is left), with a
    /// Trap's `disarm` and a Red Beholder's `saves` as in `move`'s reveal.
    WakeUp {
        #[serde(default)]
        at: Option<Pos>,
        #[serde(default)]
        tile: Option<TileKind>,
        #[serde(default)]
        disarm: bool,
        #[serde(default)]
        saves: BTreeMap<HeroKind, String>,
    },
    /// Move a Spell from the Inventory into the Spell Tome (two at most).
    Memorize {
        spell: TileKind,
    },
    /// Cast a Spell memorized in the Spell Tome: `cast` is the Spell's own
    /// command (`teleport`, `swap_tiles`, `extra_move`, `foresight`,
    /// `phoenix_feather`, `confusion`); `by` the Tome's holder when it is
    /// another Hero's turn.
    Tome {
        #[serde(default)]
        by: Option<HeroKind>,
        cast: Box<Command>,
    },
    /// After a won session of a campaign: lay a fresh mat, heroes keep XP,
    /// Keys, Levels and Gear.
    NextSession,
}
