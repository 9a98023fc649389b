//! What the players (or the camera) tell the engine.

use crate::cards::{CardInput, SpecialDie, Template};
use crate::model::{Ability, Colour, Die, Difficulty, Face, Landing};
use serde::{Deserialize, Serialize};

/// How a game begins. Heroes are listed in seating order (clockwise).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub heroes: Vec<HeroSetup>,
    /// Players at the table; defaults to one per hero. One player controls 2 heroes.
    #[serde(default)]
    pub players: Option<u32>,
    #[serde(default = "normal")]
    pub difficulty: Difficulty,
    /// Overrides the difficulty's life bonus (the rulebook prints it only as a picture).
    #[serde(default)]
    pub monster_life_bonus: Option<i32>,
    /// Index (in `heroes`) of the first leader.
    #[serde(default)]
    pub leader: usize,
    #[serde(default)]
    pub level_up_variant: bool,
    /// Start from a chest already at the table (resuming a game begun without the app).
    #[serde(default)]
    pub chest: Option<crate::model::Chest>,
    /// Levels of the monster cards left above the level 4 pile, when resuming
    /// (a fresh game has 3 each of levels 1, 2 and 3).
    #[serde(default)]
    pub monster_deck: Option<Vec<u8>>,
}

fn normal() -> Difficulty {
    Difficulty::Normal
}

/// A hero: a key of `data/heroes.json` or a name, with optional overrides.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum HeroSetup {
    Key(String),
    Detailed(HeroDetail),
}

/// By hand rather than `untagged`, so a typo in a hero object is reported by
/// its field name instead of "did not match any variant".
impl<'de> Deserialize<'de> for HeroSetup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match serde_json::Value::deserialize(d)? {
            serde_json::Value::String(k) => Ok(HeroSetup::Key(k)),
            v @ serde_json::Value::Object(_) => serde_json::from_value(v)
                .map(HeroSetup::Detailed)
                .map_err(|e| D::Error::custom(format!("hero: {e}"))),
            other => Err(D::Error::custom(format!(
                "a hero is a name or an object, not {other}"
            ))),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroDetail {
    pub hero: String,
    /// Current life, when resuming a game.
    #[serde(default)]
    pub life: Option<u32>,
    /// Abilities per colour; required for a hero not in the data file.
    #[serde(default)]
    pub abilities: Option<std::collections::BTreeMap<Colour, Ability>>,
    #[serde(default)]
    pub sworn_enemy_type: Option<String>,
    #[serde(default)]
    pub scars: Vec<Colour>,
    #[serde(default)]
    pub equipment: Vec<CardInput>,
    #[serde(default)]
    pub charmed: Vec<crate::model::CharmedMonster>,
}

/// One landed die and how it was thrown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Throw {
    /// The thrower; defaults to the active hero (given, it must be them).
    #[serde(default)]
    pub hero: Option<usize>,
    pub die: Die,
    pub face: Face,
    pub landing: Landing,
    /// The die did not bounce on the table first (a Miss).
    #[serde(default)]
    pub no_bounce: bool,
    /// A Specific Throw Requirement was not respected (a Miss).
    #[serde(default)]
    pub requirement_failed: bool,
    /// Weapons of the thrower used for this throw (their bonuses apply on a Hit).
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Armour to use if this throw is a Miss.
    #[serde(default)]
    pub armour: Option<String>,
    /// The die lies in the section the Backstab blade points to (value doubled).
    #[serde(default)]
    pub backstab_doubled: bool,
    /// Spend a Level Up token of this die's colour (only on a blank face).
    #[serde(default)]
    pub use_level_up: bool,
}

/// Life handed out by Saul Baysar's Spirit Energy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Heal {
    pub hero: usize,
    /// Absent is 0: a hero the players chose not to heal.
    #[serde(default)]
    pub amount: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// The leader reveals the chosen dungeon card (the other goes under the deck).
    EnterDungeon {
        card: CardInput,
        #[serde(default)]
        declined: Option<String>,
        /// Who receives the Free Equipment, and the card drawn for it.
        #[serde(default)]
        free_equipment: Option<Assign>,
    },
    RevealMonster {
        card: CardInput,
    },
    /// Flip a template onto the board (a card or an equipment asks for it).
    PlaceTemplate {
        template: Template,
    },
    /// The flipped template touched the table: the active hero suffers 1 damage.
    TemplateFlipFailed,
    AddSpecialDie {
        die: SpecialDie,
    },
    Throw(Throw),
    /// Use the icon's ability on the pending throw.
    UseAbility {
        ability: Ability,
        /// Sir Moo's Divine Intervention: who is healed.
        #[serde(default)]
        target: Option<usize>,
        /// Saul Baysar's Spirit Energy: how the healing is shared.
        #[serde(default)]
        heals: Vec<Heal>,
    },
    /// Let the icon go unused.
    SkipAbility,
    /// Out of dice: all heroes suffer the monster's level to take the colour dice back.
    RetrieveDice,
    /// Lady Mary discards a charmed monster to deal its level in damage.
    DiscardCharmed {
        hero: usize,
        monster: String,
    },
    /// Use a spendable (discarded) or a relic (once per combat).
    UseItem {
        #[serde(default)]
        hero: Option<usize>,
        item: String,
        #[serde(default)]
        target: Option<usize>,
    },
    /// Let the heroes about to faint faint, with no (more) spendables used.
    AcceptFaint,
    /// Impossible situation: the party backs down from this monster.
    BackDown,
    TakeScar {
        hero: usize,
        colour: Colour,
    },
    MoveEquipment {
        from: usize,
        to: usize,
        item: String,
    },
    /// Leave the resting phase (scars taken) for the dungeon or the shop.
    EndRest,
    BuyEquipment {
        card: CardInput,
        #[serde(default)]
        hero: Option<usize>,
    },
    BuyHealing {
        gold: u32,
    },
    BuyWhiteDice {
        count: u32,
    },
    LevelUp {
        hero: usize,
        colour: Colour,
    },
    LeaveShop,
    RevealBoss {
        card: CardInput,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assign {
    pub hero: usize,
    pub card: CardInput,
}
