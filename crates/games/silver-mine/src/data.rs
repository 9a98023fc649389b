//! The game's tables, embedded from `data/*.json` so the engine never does I/O.
//!
//! Numbers a player could look up on a card live in those files, not in code;
//! each file's `_doc` field says where it comes from and which reading we took
//! where the rulebook and the guide cards disagree.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::model::{Affliction, BookId, ContainerKind, Difficulty, EnemyKind, Title};

/// How an enemy kind hunts (see `data/enemies.json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reach {
    /// Only characters on its own card (or already adjacent).
    Card,
    /// Its own card until it has seen a character, then anywhere.
    Chase,
    /// The whole dungeon.
    Dungeon,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EnemyRules {
    pub reach: Reach,
    pub crosses_traps: bool,
    pub opens_locked_doors: bool,
    pub pack_bonus: bool,
    pub inflicts: Option<Affliction>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ContainerRules {
    pub threshold: Option<i32>,
    pub needs_key: bool,
    pub items: usize,
    pub coins: u32,
    pub torch: i32,
    pub coin_roll: Option<[u32; 6]>,
    #[serde(default)]
    pub draw: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrapEffect {
    LoseLife,
    Poison,
    Disease,
    LoseTorch,
    Snared,
    Evade,
}

#[derive(Debug, Clone, Deserialize)]
pub struct TrapRow {
    pub effect: TrapEffect,
    pub text: String,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Price {
    pub buy: u32,
    pub sell: u32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BookRow {
    pub tier: u8,
    pub name: String,
    /// Character types the Mystic sells this book to.
    pub types: Vec<crate::model::CharacterType>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BookTable {
    pub max_books: usize,
    pub prices: BTreeMap<String, u32>,
    pub books: BTreeMap<BookId, BookRow>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Reward {
    pub coins: u32,
    pub items: usize,
    pub book: bool,
    pub title: bool,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct TitleStep {
    pub title: Title,
    pub needs: Difficulty,
}

#[derive(Debug, Clone, Deserialize)]
pub struct QuestTable {
    pub rewards: BTreeMap<Difficulty, Reward>,
    pub titles: Vec<TitleStep>,
    pub first_hero_bonus: u32,
    pub arena_bonus: u32,
    pub arena_per_defeat: u32,
    pub inn_recover: u32,
    pub inn_rumor: u32,
    pub quests: BTreeMap<String, Difficulty>,
    /// What each quest asks, as the app counts it (see `quests`).
    pub goals: BTreeMap<String, QuestGoal>,
}

/// A quest's requirement: how many of what (p.18).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct QuestGoal {
    pub target: u32,
    pub tally: Tally,
}

/// What a quest counts; see `data/quests.json` (`goals_doc`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Tally {
    ExploreHalls,
    ExploreCampfireHalls,
    DefeatGoblins,
    DefeatGoblinNames,
    Loot { container: ContainerKind },
    UnlockDoors,
    DisarmTraps,
    CoinsGained,
    GatesInDungeon,
    CarryPotionKinds,
    CarryRuneKinds,
    CarryWeapons,
    CarryKeys,
}

pub struct Tables {
    pub enemies: BTreeMap<EnemyKind, EnemyRules>,
    pub loot: BTreeMap<ContainerKind, ContainerRules>,
    pub traps: BTreeMap<u8, TrapRow>,
    pub merchant: BTreeMap<String, Price>,
    pub trader_adjustment: u32,
    pub books: BookTable,
    pub quests: QuestTable,
}

/// Drop the `_doc` strings (and other non-row keys) before typed parsing.
fn rows<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
    skip: &[&str],
) -> BTreeMap<String, T> {
    let mut v: BTreeMap<String, serde_json::Value> = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("embedded data/{file} is not valid JSON: {e}"));
    v.remove("_doc");
    for s in skip {
        v.remove(*s);
    }
    v.into_iter()
        .map(|(k, val)| {
            let row = serde_json::from_value(val)
                .unwrap_or_else(|e| panic!("data/{file}: row {k:?}: {e}"));
            (k, row)
        })
        .collect()
}

fn key<T: serde::de::DeserializeOwned>(file: &str, k: &str) -> T {
    serde_json::from_value(serde_json::Value::String(k.to_string()))
        .unwrap_or_else(|e| panic!("data/{file}: unknown key {k:?}: {e}"))
}

/// The embedded tables. They are fixed at compile time and checked by the
/// crate's tests, so a parse failure here is a build defect, not bad input.
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let enemies = rows::<EnemyRules>("enemies.json", include_str!("../data/enemies.json"), &[])
            .into_iter()
            .map(|(k, v)| (key("enemies.json", &k), v))
            .collect();
        let loot = rows::<ContainerRules>("loot.json", include_str!("../data/loot.json"), &[])
            .into_iter()
            .map(|(k, v)| (key("loot.json", &k), v))
            .collect();
        let traps = rows::<TrapRow>("traps.json", include_str!("../data/traps.json"), &[])
            .into_iter()
            .map(|(k, v)| (k.parse::<u8>().expect("data/traps.json keys are 1..6"), v))
            .collect();
        let merchant_text = include_str!("../data/merchant.json");
        let raw: serde_json::Value =
            serde_json::from_str(merchant_text).expect("data/merchant.json is JSON");
        let trader_adjustment = raw["trader_adjustment"]
            .as_u64()
            .expect("merchant trader_adjustment") as u32;
        let merchant = rows::<Price>("merchant.json", merchant_text, &["trader_adjustment"]);
        let books: BookTable =
            serde_json::from_str(include_str!("../data/books.json")).expect("data/books.json");
        let quests: QuestTable =
            serde_json::from_str(include_str!("../data/quests.json")).expect("data/quests.json");
        Tables {
            enemies,
            loot,
            traps,
            merchant,
            trader_adjustment,
            books,
            quests,
        }
    })
}

impl Tables {
    pub fn enemy(&self, k: EnemyKind) -> &EnemyRules {
        &self.enemies[&k]
    }
    pub fn container(&self, k: ContainerKind) -> &ContainerRules {
        &self.loot[&k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_is_complete() {
        let t = tables();
        for k in [
            EnemyKind::Goblin,
            EnemyKind::Rat,
            EnemyKind::Spider,
            EnemyKind::Boss,
        ] {
            assert!(t.enemies.contains_key(&k), "{k:?} missing");
        }
        assert_eq!(t.loot.len(), 6);
        assert_eq!(
            t.traps.keys().copied().collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5, 6]
        );
        assert_eq!(t.books.books.len(), 8);
        assert_eq!(t.quests.quests.len(), 16);
        assert_eq!(t.quests.titles.len(), 6);
        for q in t.quests.quests.keys() {
            assert!(t.quests.goals.contains_key(q), "quest {q} has no goal");
        }
        assert_eq!(
            t.quests.goals.len(),
            t.quests.quests.len(),
            "a goal for an unknown quest"
        );
        for item in [
            "torch",
            "master_key",
            "tools",
            "lost_map",
            "potion",
            "rune",
            "weapon",
            "backpack",
        ] {
            assert!(t.merchant.contains_key(item), "{item} has no price");
        }
    }

    #[test]
    fn rulebook_text_wins_over_the_guide_card() {
        let t = tables();
        assert_eq!(t.container(ContainerKind::Crate).threshold, Some(5));
        assert_eq!(t.container(ContainerKind::Tomb).threshold, Some(8));
        assert_eq!(t.traps[&1].effect, TrapEffect::LoseLife);
        assert_eq!(t.traps[&5].effect, TrapEffect::Snared);
        assert_eq!(t.quests.titles[1].title, Title::Seeker);
    }
}
