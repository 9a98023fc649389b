//! The game's tables, loaded from `data/*.json` (embedded at build time).

use crate::model::{Ability, Colour};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize)]
pub struct HeroData {
    pub key: String,
    pub name: String,
    pub life: u32,
    pub abilities: BTreeMap<Colour, Ability>,
    #[serde(default)]
    pub sworn_enemy_type: Option<String>,
    pub limits: Limits,
}

/// How many items of each type a hero can carry (hero sheet, D).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Limits {
    pub weapon: u32,
    pub armour: u32,
    pub spendable: u32,
}

#[derive(Debug, Deserialize)]
struct HeroFile {
    heroes: Vec<HeroData>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DifficultyRow {
    pub life_bonus: i32,
    pub points: i32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Scoring {
    pub per_gold: i32,
    pub per_white_die: i32,
    pub no_scar_bonus: i32,
    pub per_scar: i32,
    pub per_eliminated: i32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct TitleRow {
    pub min: Option<i32>,
    pub max: Option<i32>,
    pub title: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RulesData {
    pub max_life: u32,
    pub life_lost_per_scar: u32,
    pub starting_white_dice: u32,
    pub max_white_dice: u32,
    pub white_die_price: u32,
    pub shop_icons_to_shop: u32,
    pub shop_icons_to_shop_level_up: u32,
    pub shops_before_boss: u32,
    pub shop_base_offer: u32,
    pub boss_level: u8,
    pub monster_deck: Vec<u8>,
    pub later_monster_level: u8,
    pub difficulty: BTreeMap<String, DifficultyRow>,
    pub death_list_types: Vec<String>,
    pub scoring: Scoring,
    pub titles: Vec<TitleRow>,
}

pub fn heroes() -> &'static [HeroData] {
    static H: std::sync::OnceLock<Vec<HeroData>> = std::sync::OnceLock::new();
    H.get_or_init(|| {
        serde_json::from_str::<HeroFile>(include_str!("../data/heroes.json"))
            .expect("data/heroes.json is valid")
            .heroes
    })
}

pub fn rules() -> &'static RulesData {
    static R: std::sync::OnceLock<RulesData> = std::sync::OnceLock::new();
    R.get_or_init(|| {
        serde_json::from_str(include_str!("../data/rules.json")).expect("data/rules.json is valid")
    })
}

pub fn hero(key: &str) -> Option<&'static HeroData> {
    let k = key.trim().to_lowercase().replace(' ', "-");
    heroes().iter().find(|h| h.key == k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_files_load_and_hold_the_rulebook_facts() {
        assert_eq!(heroes().len(), 4);
        let lianna = hero("Lianna Lightbringer").unwrap();
        assert_eq!(lianna.abilities[&Colour::Red], Ability::PiercingDamage);
        assert_eq!(
            hero("lady-mary").unwrap().abilities[&Colour::Red],
            Ability::ReThrow
        );
        assert_eq!(
            hero("saul-baysar").unwrap().abilities[&Colour::Green],
            Ability::Pickpocket
        );
        for h in heroes() {
            assert_eq!(
                h.abilities.len(),
                3,
                "{} has one ability per colour",
                h.name
            );
        }
        let r = rules();
        assert_eq!(r.titles.len(), 10);
        assert_eq!(r.difficulty["normal"].points, 5);
        assert_eq!(r.difficulty["inferno"].points, 25);
        assert_eq!(r.monster_deck, vec![1, 1, 1, 2, 2, 2, 3, 3, 3]);
    }
}
