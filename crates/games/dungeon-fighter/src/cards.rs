//! Cards: what the engine needs to know of a dungeon, monster, boss or piece
//! of equipment, and the small catalogue of the cards the rulebook names.
//!
//! The rulebook prints only a handful of card values, so a card in a command
//! is a name plus any fields the player types in. The named catalogue entry
//! (if any) is taken as the base and the typed fields override it; a value
//! that neither provides is refused with the field's name, so the app knows
//! exactly what to ask.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tw_rules::Refusal;

/// The physical throws of the "Specific Throws List".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecificThrow {
    Blow,
    Bone,
    Card,
    Chopstick,
    Ear,
    HotPotato,
    Nose,
    SmallFingers,
    SpiritGoggle,
}

/// Monster special abilities (page 18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MonsterAbility {
    DeathTouch,
    Toxic,
    SuperToxic,
}

/// Templates that add sections to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Template {
    Backstab,
    Compass,
    Treasure,
}

/// Special dice that join the pool for one combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecialDie {
    Pendulum,
    DestinyCoin,
}

/// Board gadgets and extra dice a monster or dungeon card calls for.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Gadgets {
    #[serde(default)]
    pub flying_stand: bool,
    #[serde(default)]
    pub spider_webs: bool,
    /// Templates flipped onto the board at the start of the combat.
    #[serde(default)]
    pub templates: Vec<Template>,
    #[serde(default)]
    pub special_dice: Vec<SpecialDie>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DungeonCard {
    pub name: String,
    pub shop_icons: u32,
    /// Gold Bonus: coins added to the chest when revealed.
    #[serde(default)]
    pub gold_bonus: u32,
    /// Heal Party x2: life healed to every hero when revealed.
    #[serde(default)]
    pub heal_party: u32,
    /// Gain 1 Die: white dice added to the chest.
    #[serde(default)]
    pub gain_dice: u32,
    /// Free Equipment: the top Shop card goes to a hero.
    #[serde(default)]
    pub free_equipment: bool,
    /// Monster Advantage: added to the monster's life.
    #[serde(default)]
    pub monster_advantage: i32,
    #[serde(default)]
    pub requirement: Option<SpecificThrow>,
    #[serde(default, flatten)]
    pub gadgets: Gadgets,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonsterCard {
    pub name: String,
    pub level: u8,
    pub life: i32,
    pub damage: u32,
    pub gold: u32,
    /// Monster type (sworn enemy, death list); `None` when not entered.
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub requirement: Option<SpecificThrow>,
    #[serde(default)]
    pub ability: Option<MonsterAbility>,
    #[serde(default, flatten)]
    pub gadgets: Gadgets,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BossCard {
    pub name: String,
    pub life: i32,
    pub damage: u32,
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    #[serde(default)]
    pub requirement: Option<SpecificThrow>,
    #[serde(default)]
    pub ability: Option<MonsterAbility>,
    #[serde(default, flatten)]
    pub gadgets: Gadgets,
}

/// What an item does when used: the common effects found on spendables and
/// relics, entered by the player from the card's text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum ItemEffect {
    /// Heal one hero (chosen when used).
    HealHero {
        amount: u32,
    },
    HealParty {
        amount: u32,
    },
    DamageMonster {
        amount: u32,
    },
    Gold {
        amount: u32,
    },
    WhiteDice {
        count: u32,
    },
    SpecialDie {
        die: SpecialDie,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EquipmentKind {
    /// Bonus added to hits; its requirement joins the throw's.
    Weapon {
        bonus: i32,
        #[serde(default)]
        requirement: Option<SpecificThrow>,
    },
    /// Once per combat, prevents up to `prevent` damage of a miss.
    Armour { prevent: u32 },
    /// Discarded after use.
    Spendable {
        #[serde(flatten)]
        effect: ItemEffect,
    },
    /// Belongs to the party; usable once per combat (our reading of "each
    /// card's use is described on the card" for the common effects).
    Relic {
        #[serde(flatten)]
        effect: ItemEffect,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EquipmentCard {
    pub name: String,
    /// Gold it costs in the shop; only needed when it is bought.
    #[serde(default)]
    pub price: Option<u32>,
    #[serde(flatten)]
    pub kind: EquipmentKind,
}

impl EquipmentCard {
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            EquipmentKind::Weapon { .. } => "weapon",
            EquipmentKind::Armour { .. } => "armour",
            EquipmentKind::Spendable { .. } => "spendable",
            EquipmentKind::Relic { .. } => "relic",
        }
    }
}

/// A card as typed in a command: a name (a catalogue key or free text) and
/// any fields that complete or override the catalogue.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardInput {
    pub name: String,
    #[serde(flatten)]
    pub fields: Map<String, Value>,
}

impl CardInput {
    pub fn named(name: &str) -> Self {
        CardInput {
            name: name.to_string(),
            fields: Map::new(),
        }
    }
}

#[derive(Debug, Deserialize)]
struct Catalogue {
    dungeons: Map<String, Value>,
    monsters: Map<String, Value>,
    equipment: Map<String, Value>,
    bosses: Map<String, Value>,
}

fn catalogue() -> &'static Catalogue {
    static CAT: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CAT.get_or_init(|| {
        serde_json::from_str(include_str!("../data/cards.json")).expect("data/cards.json is valid")
    })
}

/// Which catalogue section a card comes from.
#[derive(Debug, Clone, Copy)]
pub enum Deck {
    Dungeon,
    Monster,
    Boss,
    Equipment,
}

impl Deck {
    fn label(self) -> &'static str {
        match self {
            Deck::Dungeon => "Dungeon card",
            Deck::Monster => "Monster card",
            Deck::Boss => "Boss card",
            Deck::Equipment => "Equipment card",
        }
    }
    fn section(self) -> &'static Map<String, Value> {
        let c = catalogue();
        match self {
            Deck::Dungeon => &c.dungeons,
            Deck::Monster => &c.monsters,
            Deck::Boss => &c.bosses,
            Deck::Equipment => &c.equipment,
        }
    }
}

/// Catalogue keys are lower-case with dashes; "Rotten Food" finds "rotten-food".
pub fn key_of(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-")
}

/// Complete a typed card from the catalogue and check it is whole.
pub fn resolve<T: serde::de::DeserializeOwned + Serialize>(
    deck: Deck,
    input: &CardInput,
) -> Result<T, Refusal> {
    let mut fields = Map::new();
    let key = key_of(&input.name);
    let from_catalogue = deck.section().get(&key);
    if let Some(Value::Object(base)) = from_catalogue {
        for (k, v) in base {
            if !k.starts_with('_') {
                fields.insert(k.clone(), v.clone());
            }
        }
    } else {
        fields.insert("name".into(), Value::String(input.name.clone()));
    }
    for (k, v) in &input.fields {
        fields.insert(k.clone(), v.clone());
    }
    let known = if from_catalogue.is_some() {
        "the catalogue entry"
    } else {
        "a card not in the catalogue"
    };
    let refuse = |why: String| {
        Refusal::new(
            "Cards: enter the values the app does not know",
            format!(
                "{} {:?} ({known}) is incomplete or wrong: {why}",
                deck.label(),
                input.name
            ),
        )
    };
    let card: T =
        serde_json::from_value(Value::Object(fields)).map_err(|e| refuse(e.to_string()))?;
    // A typed field the card type does not have is a typo, not something to ignore.
    let Ok(Value::Object(back)) = serde_json::to_value(&card) else {
        return Err(refuse("card did not serialise".into()));
    };
    if let Some(bad) = input
        .fields
        .keys()
        .find(|k| !back.contains_key(*k) && !is_tag_field(k))
    {
        return Err(refuse(format!("unknown field `{bad}`")));
    }
    Ok(card)
}

/// Fields consumed by internally tagged enums (they never come back as keys of their own).
fn is_tag_field(k: &str) -> bool {
    k == "kind" || k == "effect"
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input(v: Value) -> CardInput {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn catalogue_card_is_completed_by_typed_fields() {
        let m: MonsterCard = resolve(
            Deck::Monster,
            &input(json!({"name": "Skeleton Goblin", "level": 1})),
        )
        .unwrap();
        assert_eq!((m.life, m.damage, m.gold, m.level), (2, 1, 1, 1));
        assert_eq!(m.requirement, Some(SpecificThrow::Chopstick));
        assert_eq!(m.name, "Skeleton Goblin");
    }

    #[test]
    fn missing_value_is_refused_with_its_field_name() {
        let r = resolve::<MonsterCard>(Deck::Monster, &CardInput::named("skeleton-goblin"))
            .unwrap_err();
        assert!(r.reason.contains("level"), "{}", r.reason);
        let r =
            resolve::<DungeonCard>(Deck::Dungeon, &CardInput::named("Rotten Food")).unwrap_err();
        assert!(r.reason.contains("shop_icons"), "{}", r.reason);
    }

    #[test]
    fn unknown_card_needs_every_value_and_typos_are_refused() {
        let ok: EquipmentCard = resolve(
            Deck::Equipment,
            &input(json!({"name": "Tin Helmet", "kind": "armour", "prevent": 2, "price": 3})),
        )
        .unwrap();
        assert_eq!(ok.kind, EquipmentKind::Armour { prevent: 2 });
        let r = resolve::<MonsterCard>(
            Deck::Monster,
            &input(json!({"name": "Bat", "level": 1, "life": 3, "damage": 1, "gold": 1, "lfe": 2})),
        );
        assert!(r.is_err());
    }

    #[test]
    fn typed_fields_override_the_catalogue() {
        let m: MonsterCard = resolve(
            Deck::Monster,
            &input(json!({"name": "lizard-king", "level": 3, "damage": 4})),
        )
        .unwrap();
        assert_eq!(
            (m.life, m.damage, m.ability),
            (13, 4, Some(MonsterAbility::Toxic))
        );
    }
}
