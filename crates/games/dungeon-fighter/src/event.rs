//! What happened: each event is one change to the state, applied by `evolve`.

use crate::cards::{BossCard, DungeonCard, EquipmentCard, MonsterCard, SpecialDie, Template};
use crate::model::{Ability, AfterFaint, CharmedMonster, Colour, Die, Ending, PendingThrow};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    DungeonEntered {
        card: DungeonCard,
        declined: Option<String>,
    },
    GoldGained {
        amount: u32,
        why: String,
    },
    GoldSpent {
        amount: u32,
        why: String,
    },
    WhiteDiceGained {
        count: u32,
        why: String,
    },
    WhiteDieLost {
        why: String,
    },
    HeroHealed {
        hero: usize,
        amount: u32,
    },
    HeroDamaged {
        hero: usize,
        amount: u32,
        why: String,
    },
    HeroFainted {
        hero: usize,
    },
    /// These heroes fell below 1 life point with a spendable still in the
    /// party: they faint on `accept_faint` unless one saves them first.
    FaintPending {
        heroes: Vec<usize>,
        then: AfterFaint,
    },
    /// Healed back above 0 before fainting: the hero stays in the fight.
    FaintAverted {
        hero: usize,
    },
    EquipmentGiven {
        hero: usize,
        card: EquipmentCard,
    },
    EquipmentMoved {
        from: usize,
        to: usize,
        item: String,
    },
    RelicGained {
        card: EquipmentCard,
    },
    MonsterRevealed {
        card: MonsterCard,
        life: i32,
        deck_level: Option<u8>,
    },
    BossRevealed {
        card: BossCard,
        life: i32,
    },
    MonsterSentAway {
        name: String,
    },
    TemplatePlaced {
        template: Template,
    },
    TemplateRemoved {
        template: Template,
    },
    SpiderWebTorn,
    SpecialDieAdded {
        die: SpecialDie,
    },
    WhiteDieTaken {
        hero: usize,
    },
    DieThrown {
        hero: usize,
        die: Die,
    },
    /// The icon shows: the thrower chooses among `pending.options`.
    AbilityOffered {
        pending: PendingThrow,
    },
    AbilityUsed {
        hero: usize,
        ability: Ability,
    },
    AbilitySkipped {
        hero: usize,
    },
    ThrowCancelled {
        hero: usize,
        die: Die,
    },
    Hit {
        hero: usize,
        section: i32,
        bonus: i32,
        damage: i32,
    },
    Missed {
        hero: usize,
        why: String,
    },
    MonsterDamaged {
        amount: i32,
        why: String,
        /// Dealt by a spendable or relic, not as part of a throw's attack.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_item: bool,
    },
    InstaKill {
        hero: usize,
    },
    ArmourUsed {
        hero: usize,
        item: String,
        prevented: u32,
    },
    ToxicSpent,
    DeathListSpent {
        hero: usize,
        monster_type: String,
    },
    CharmPlaced {
        hero: usize,
    },
    CharmedDiscarded {
        hero: usize,
        monster: String,
    },
    CharmedGained {
        hero: usize,
        monster: CharmedMonster,
    },
    ItemSpent {
        hero: Option<usize>,
        item: String,
    },
    RelicUsed {
        item: String,
    },
    XpGained {
        hero: usize,
    },
    TurnPassed {
        to: usize,
    },
    DiceRetrieved,
    MonsterDefeated {
        epic_shot: bool,
    },
    LeaderChanged {
        hero: usize,
    },
    ScarTaken {
        hero: usize,
        colour: Colour,
    },
    HeroEliminated {
        hero: usize,
    },
    RestEnded,
    ShopOpened {
        cards: u32,
    },
    EquipmentBought {
        price: u32,
    },
    LevelUpTaken {
        hero: usize,
        colour: Colour,
    },
    LevelUpUsed {
        hero: usize,
        colour: Colour,
    },
    ShopClosed {
        to_boss: bool,
    },
    GameOver {
        ending: Ending,
    },
}
