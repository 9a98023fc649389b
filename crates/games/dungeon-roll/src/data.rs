//! The game's numbers, treasure tokens and hero cards, read from the JSON
//! files in `data/` (embedded at build time). A misprint fix or a house rule
//! is an edit there, not in the engine.

use crate::faces::{DungeonFace, PartyFace};
use crate::hero::HeroCard;
use crate::treasure::TreasureKind;
use crate::twist::TwistCard;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

const RULES_JSON: &str = include_str!("../data/rules.json");
const TREASURES_JSON: &str = include_str!("../data/treasures.json");
const HEROES_JSON: &str = include_str!("../data/heroes.json");
const TWISTS_JSON: &str = include_str!("../data/twists.json");

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub party_dice: u8,
    pub dungeon_dice: u8,
    pub max_level: u8,
    pub delves_per_player: u8,
    pub players: PlayerRange,
    pub dragon: DragonRules,
    pub empty_box_xp: u16,
    /// Twist cards each player starts with, and draws after each delve round.
    pub twists_at_start: u8,
    pub twists_per_round: u8,
    pub score: ScoreRules,
    pub companions: BTreeMap<PartyFace, Companion>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRange {
    pub min: usize,
    pub max: usize,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DragonRules {
    pub lair_to_appear: u8,
    pub companion_types: u8,
    pub xp: u16,
    pub treasure: u8,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreRules {
    pub per_token: u16,
    pub per_scale_pair: u16,
}

/// One row of the companion table: which monsters it defeats any number of
/// (otherwise one), and whether it opens any number of chests (otherwise one).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Companion {
    pub defeats_any_number_of: Vec<DungeonFace>,
    pub opens_any_number: bool,
}

/// A kind of treasure token: how many are in the box and what it does.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureDef {
    pub kind: TreasureKind,
    pub name: String,
    pub count: u8,
    /// A token that stands in for one Party die showing this face.
    #[serde(default)]
    pub acts_as: Option<PartyFace>,
    /// End-of-game XP when unused (1 unless stated).
    #[serde(default = "one")]
    pub score: u16,
    pub text: String,
}

fn one() -> u16 {
    1
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct HeroFile {
    #[allow(dead_code)]
    note: String,
    heroes: Vec<HeroCard>,
}

/// The embedded tables. The files are compiled in and checked by the unit
/// tests below, so a parse failure is a build defect, not bad player input.
pub fn rules() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| {
        serde_json::from_str(RULES_JSON).expect("data/rules.json is valid (see data tests)")
    })
}

pub fn treasures() -> &'static [TreasureDef] {
    static T: OnceLock<Vec<TreasureDef>> = OnceLock::new();
    T.get_or_init(|| {
        serde_json::from_str(TREASURES_JSON).expect("data/treasures.json is valid (see data tests)")
    })
}

pub fn heroes() -> &'static [HeroCard] {
    static H: OnceLock<Vec<HeroCard>> = OnceLock::new();
    H.get_or_init(|| {
        let f: HeroFile =
            serde_json::from_str(HEROES_JSON).expect("data/heroes.json is valid (see data tests)");
        f.heroes
    })
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TwistFile {
    #[allow(dead_code)]
    note: String,
    cards: Vec<TwistCard>,
}

pub fn twists() -> &'static [TwistCard] {
    static T: OnceLock<Vec<TwistCard>> = OnceLock::new();
    T.get_or_init(|| {
        let f: TwistFile =
            serde_json::from_str(TWISTS_JSON).expect("data/twists.json is valid (see data tests)");
        f.cards
    })
}

/// A Twist card by id, or by its name in any case.
pub fn twist(id: &str) -> Option<&'static TwistCard> {
    let id = id.trim();
    twists()
        .iter()
        .find(|t| t.id == id || t.name.eq_ignore_ascii_case(id))
}

pub fn hero(id: &str) -> Option<&'static HeroCard> {
    heroes().iter().find(|h| h.id == id)
}

pub fn treasure(kind: TreasureKind) -> Option<&'static TreasureDef> {
    treasures().iter().find(|t| t.kind == kind)
}

pub fn companion(face: PartyFace) -> Option<&'static Companion> {
    rules().companions.get(&face)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_file_parses_and_has_every_companion() {
        let r: Rules = serde_json::from_str(RULES_JSON).unwrap();
        for f in PartyFace::COMPANIONS {
            assert!(
                r.companions.contains_key(&f),
                "data/rules.json: companions.{f:?} missing"
            );
        }
        assert!(
            !r.companions.contains_key(&PartyFace::Scroll),
            "a Scroll is no companion"
        );
        assert!(r.dragon.lair_to_appear as usize <= r.dungeon_dice as usize);
    }

    #[test]
    fn treasure_file_holds_thirty_six_tokens_of_ten_kinds() {
        let t: Vec<TreasureDef> = serde_json::from_str(TREASURES_JSON).unwrap();
        assert_eq!(t.iter().map(|d| d.count as u32).sum::<u32>(), 36);
        for k in TreasureKind::ALL {
            assert_eq!(
                t.iter().filter(|d| d.kind == k).count(),
                1,
                "data/treasures.json: kind {k:?}"
            );
        }
    }

    #[test]
    fn twist_file_holds_the_twenty_cards_the_rules_name() {
        let f: TwistFile = serde_json::from_str(TWISTS_JSON).unwrap();
        assert_eq!(f.cards.len(), 20);
        let mut ids: Vec<&str> = f.cards.iter().map(|c| c.id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 20, "data/twists.json: duplicate id");
        for c in &f.cards {
            if let crate::twist::TwistEffect::DragonNeeds { lair } = c.effect {
                assert!(
                    lair >= 1 && lair <= rules().dungeon_dice,
                    "{}: lair {lair}",
                    c.id
                );
            }
        }
        assert_eq!(
            twist("Lucky charm").map(|c| c.id.as_str()),
            Some("lucky-charm")
        );
    }

    #[test]
    fn hero_file_parses_with_unique_ids() {
        let f: HeroFile = serde_json::from_str(HEROES_JSON).unwrap();
        let mut ids: Vec<&str> = f.heroes.iter().map(|h| h.id.as_str()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), f.heroes.len(), "data/heroes.json: duplicate id");
    }
}
